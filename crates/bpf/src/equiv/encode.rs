//! Symbolic execution of straight-line windows into SMT bit-vector terms.
//!
//! State: registers r0..r10 as 64-bit terms and byte-addressed memory arrays
//! `(Array (_ BitVec 64) (_ BitVec 8))`, chosen per window by [`MemModel`]:
//!
//! * `Flat`: one array `mem0` for all memory. Any two pointers may alias unless
//!   the formula rules it out, so a proof holds for every aliasing pattern.
//! * `StackSplit`: stack bytes in `stk0`, everything else in `mem0`.
//! * `PerRegion` (K2's per-region memory): `stk0`, `ctx0` (the context struct),
//!   `pkt0` (memory reached through pointers loaded from the context: packet
//!   data/meta) and one array `mapv<fd>` per map's values.
//!
//! The finest model every access of both windows allows is used: an access through
//! a register whose region (see [`Region`]) is `Unknown` (or a scalar/map object)
//! forces `Flat`; one through an unspecified non-stack pointer (`Other`) forces
//! `StackSplit`. The separation is sound for programs the kernel verifier accepts,
//! where a register can be dereferenced only through its pointer provenance.
//!
//! Helper calls (only [`interp::window_helper`]s): call `j` sets r0 to a fresh
//! variable `call<j>_r0` shared by both windows and r1..r5 to fresh per-side
//! variables; the call's arguments (the registers the helper reads; for
//! `map_lookup_elem` of a map with known key size, the map pointer and the key
//! *bytes*, else the key pointer and all memory) are recorded. The obligation
//! demands equal call sequences with equal arguments, which makes the shared r0 an
//! uninterpreted function of (call index, helper, arguments). Map objects loaded by
//! `LDDW src=BPF_PSEUDO_MAP_FD` are variables `map<fd>`, pairwise distinct.
//! The semantics mirror `opt::interp` exactly (which is differentially tested
//! against the reference interpreter).

use crate::isa::{self, Insn};
use crate::opt::analysis::{helper_arg_regs, region_transfer, Region, RegionState};
use crate::opt::interp::{self, CallModel};
use vf_smt::{Sort, Term};

pub const MEM0: &str = "mem0";
/// The stack array in split-memory modes.
pub const STK0: &str = "stk0";
pub const CTX0: &str = "ctx0";
pub const PKT0: &str = "pkt0";

pub fn reg_name(r: usize) -> String {
    format!("r{r}")
}

/// Name of the variable standing for the address of map `fd`.
pub fn map_var(fd: i32) -> String {
    format!("map{}", fd as u32)
}

/// Name of the variable holding r0 after the `j`-th call of a window.
pub fn call_ret_var(j: usize) -> String {
    format!("call{j}_r0")
}

/// Name of the variable holding clobbered register `r` after call `j` on `side`.
pub fn clobber_var(side: &str, j: usize, r: usize) -> String {
    format!("{side}_call{j}_r{r}")
}

/// How memory is split into arrays (coarse to fine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MemModel {
    Flat,
    StackSplit,
    /// Stack, context and packet split; the values of all maps share one array (a pointer into
    /// an unknown one of several maps' values was used).
    MapsMerged,
    PerRegion,
}

/// The finest model an access through a register of region `r` allows.
fn model_for_base(r: Region) -> MemModel {
    match r {
        Region::Stack | Region::Ctx | Region::Packet | Region::MapValue(_) => MemModel::PerRegion,
        Region::AnyMapValue => MemModel::MapsMerged,
        Region::Other => MemModel::StackSplit,
        Region::MapPtr(_) | Region::Scalar | Region::Unknown => MemModel::Flat,
    }
}

/// The array holding the bytes a pointer of region `r` addresses under `model`.
pub fn array_name(model: MemModel, r: Region) -> String {
    match (model, r) {
        (MemModel::Flat, _) => MEM0.into(),
        (_, Region::Stack) => STK0.into(),
        (MemModel::PerRegion, Region::Ctx) => CTX0.into(),
        (MemModel::PerRegion, Region::Packet) => PKT0.into(),
        (MemModel::PerRegion, Region::MapValue(fd)) => format!("mapv{}", fd as u32),
        (MemModel::MapsMerged, Region::Ctx) => CTX0.into(),
        (MemModel::MapsMerged, Region::Packet) => PKT0.into(),
        (MemModel::MapsMerged, Region::MapValue(_) | Region::AnyMapValue) => "mapv_any".into(),
        _ => MEM0.into(),
    }
}

fn base_reg(i: &Insn) -> Option<u8> {
    match i.class() {
        isa::BPF_LDX => Some(i.src),
        isa::BPF_ST | isa::BPF_STX => Some(i.dst),
        isa::BPF_JMP if i.code == isa::CALL && i.imm == interp::MAP_LOOKUP => Some(2), // the key
        _ => None,
    }
}

/// The finest memory model every memory access of `insns` allows when starting from `entry`.
pub fn memory_model(insns: &[Insn], entry: &RegionState) -> MemModel {
    let mut st = *entry;
    let mut model = MemModel::PerRegion;
    let mut pc = 0;
    while pc < insns.len() {
        let i = &insns[pc];
        let Ok(kind) = isa::kind_of(i, false) else { return MemModel::Flat };
        if let Some(b) = base_reg(i) {
            model = model.min(model_for_base(st[(b & 15).min(10) as usize]));
        }
        st = region_transfer(i, &kind, st);
        pc += if i.is_lddw() { 2 } else { 1 };
    }
    model
}

/// Whether every memory access of `insns` has a base of known region when starting from `entry`.
pub fn splittable(insns: &[Insn], entry: &RegionState) -> bool {
    memory_model(insns, entry) > MemModel::Flat
}

/// One helper call as the encoder saw it.
#[derive(Clone, Debug)]
pub struct SymCall {
    pub id: i32,
    /// Argument terms to compare (registers the helper reads, key bytes).
    pub args: Vec<Term>,
    /// For a lookup of unknown key size: the memory arrays at the call (compared too).
    pub memory: Option<Vec<(String, Term)>>,
}

/// One memory access: address, width, array name (for counterexamples).
pub type Access = (Term, usize, String);

/// Symbolic machine state.
#[derive(Clone, Debug)]
pub struct SymState {
    pub regs: Vec<Term>,
    pub model: MemModel,
    /// Current contents of every array touched so far (others still hold their initial variable).
    pub arrays: Vec<(String, Term)>,
    /// Region of each register (`None` if unknown at entry: flat model, unknown key sizes).
    pub region: Option<RegionState>,
    /// Every memory access the execution made, in order (for counterexamples).
    pub accesses: Vec<Access>,
    pub calls: Vec<SymCall>,
    /// Map fds loaded by the window (their address variables must be distinct).
    pub map_fds: Vec<i32>,
    /// Names clobbered registers on this side ("a" original, "b" candidate).
    pub side: &'static str,
    pub call_model: CallModel,
}

impl SymState {
    /// The shared initial state: free registers and one free memory array (flat mode).
    pub fn initial() -> Self {
        SymState {
            regs: (0..isa::NUM_REGS).map(|r| Term::bv_var(&reg_name(r), 64)).collect(),
            model: MemModel::Flat,
            arrays: Vec::new(),
            region: None,
            accesses: Vec::new(),
            calls: Vec::new(),
            map_fds: Vec::new(),
            side: "a",
            call_model: CallModel::default(),
        }
    }

    /// The initial state with entry regions (used for key sizes) and a memory model.
    pub fn with_regions(entry: &RegionState, model: MemModel) -> Self {
        let mut s = SymState::initial();
        s.region = Some(*entry);
        s.model = model;
        s
    }

    /// The initial state in the finest split mode with the given entry regions.
    pub fn initial_split(entry: &RegionState) -> Self {
        SymState::with_regions(entry, MemModel::PerRegion)
    }

    /// The initial (free) array `name`.
    pub fn initial_array(name: &str) -> Term {
        Term::var(name, Sort::Array { index: 64, elem: 8 })
    }

    /// Current contents of array `name`.
    pub fn array(&self, name: &str) -> Term {
        self.arrays.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone()).unwrap_or_else(|| Self::initial_array(name))
    }

    /// Current contents of the flat array (or the non-stack array in `StackSplit` mode).
    pub fn mem(&self) -> Term {
        self.array(MEM0)
    }

    fn set_array(&mut self, name: &str, t: Term) {
        match self.arrays.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = t,
            None => self.arrays.push((name.to_string(), t)),
        }
    }

    fn region_of(&self, base: u8) -> Region {
        self.region.map(|r| r[(base & 15).min(10) as usize]).unwrap_or(Region::Unknown)
    }

    fn array_for(&self, base: u8) -> String {
        array_name(self.model, self.region_of(base))
    }

    fn load(&mut self, addr: &Term, bytes: usize, arr_name: &str) -> Term {
        self.accesses.push((addr.clone(), bytes, arr_name.to_string()));
        let arr = self.array(arr_name);
        let mut v: Option<Term> = None;
        for i in 0..bytes {
            let b = read_byte(&arr, &add_const(addr, i as u64));
            v = Some(match v {
                None => b,
                Some(lo) => b.concat(&lo),
            });
        }
        let v = v.expect("at least one byte");
        if bytes < 8 { v.zero_extend(64 - 8 * bytes as u32) } else { v }
    }

    fn store(&mut self, addr: &Term, bytes: usize, value: &Term, arr_name: &str) {
        self.accesses.push((addr.clone(), bytes, arr_name.to_string()));
        let mut arr = self.array(arr_name);
        for i in 0..bytes {
            // a constant's bytes as constants (the same byte of `0` stored as u64 or u32 is one term)
            let byte = match value.op() {
                vf_smt::Op::BvConst(v) if v.width() == 64 && v.to_u64().is_some() => {
                    Term::bv_const(8, (v.to_u64().unwrap_or(0) >> (8 * i)) & 0xff)
                }
                _ => value.extract(8 * i as u32 + 7, 8 * i as u32),
            };
            arr = write_byte(&arr, &add_const(addr, i as u64), &byte);
        }
        self.set_array(arr_name, arr);
    }

    /// A helper call (see the module comment).
    fn call(&mut self, id: i32) {
        let j = self.calls.len();
        let used = helper_arg_regs(id);
        let mut args: Vec<Term> = (1..=5).filter(|k| used & (1 << k) != 0).map(|k| self.regs[k].clone()).collect();
        let mut memory = None;
        if id == interp::MAP_LOOKUP {
            let key_size = match self.region_of(1) {
                Region::MapPtr(fd) => self.call_model.key_size(fd),
                _ => None,
            };
            match key_size {
                Some(n) => {
                    args.truncate(1); // the map; the key by value, not by address
                    let arr = self.array_for(2);
                    let key_ptr = self.regs[2].clone();
                    self.accesses.push((key_ptr.clone(), n as usize, arr.clone()));
                    let a = self.array(&arr);
                    args.extend((0..n as u64).map(|b| read_byte(&a, &add_const(&key_ptr, b))));
                }
                None => memory = Some(self.all_arrays()),
            }
        }
        self.calls.push(SymCall { id, args, memory });
        self.regs[0] = Term::bv_var(&call_ret_var(j), 64);
        for k in 1..=5 {
            self.regs[k] = Term::bv_var(&clobber_var(self.side, j, k), 64);
        }
    }

    /// Every array of the current model with its current contents.
    fn all_arrays(&self) -> Vec<(String, Term)> {
        let mut names: Vec<String> = self.arrays.iter().map(|(n, _)| n.clone()).collect();
        for n in [MEM0, STK0] {
            if !names.iter().any(|x| x == n) {
                names.push(n.to_string());
            }
        }
        names.into_iter().map(|n| (n.clone(), self.array(&n))).collect()
    }
}

/// `t` as `base + c` (nested `bvadd`s with a 64-bit constant right operand folded, mod 2^64).
fn split_offset(t: &Term) -> (Term, u64) {
    let (mut base, mut off) = (t.clone(), 0u64);
    while matches!(base.op(), vf_smt::Op::BvAdd) && base.args().len() == 2 {
        let c = match base.args()[1].op() {
            vf_smt::Op::BvConst(v) if v.width() == 64 => v.to_u64(),
            _ => None,
        };
        let Some(c) = c else { break };
        off = off.wrapping_add(c);
        base = base.args()[0].clone();
    }
    (base, off)
}

/// Byte `addr` of array `arr`, with read-over-write resolved where the array axioms decide it
/// syntactically: a store at `b + c2` is skipped by a read at `b + c1` with `c1 != c2` (mod
/// 2^64 the addresses differ) and answers it when `c1 == c2`. Exact (no approximation): the
/// result is the same value as `select(arr, addr)` in every model. Without it, a candidate that
/// only moves a load across a store to a different stack slot gives a term whose equality with
/// the original's needs array reasoning; z3's simplifier does this resolution itself, Bitwuzla
/// did not (a 20-slot flat-memory run of O1 xdp_fwd timed out in the final re-proof).
fn read_byte(arr: &Term, addr: &Term) -> Term {
    let (base, off) = split_offset(addr);
    let mut a = arr.clone();
    for _ in 0..4096 {
        if !matches!(a.op(), vf_smt::Op::Store) {
            break;
        }
        let (ib, ic) = split_offset(&a.args()[1]);
        if ib != base {
            break;
        }
        if ic == off {
            return a.args()[2].clone();
        }
        a = a.args()[0].clone();
    }
    a.select(&canonical_address(&base, off))
}

/// `base + off` in one shape (`base` itself for 0), whatever nesting of constant additions
/// produced the address: the same byte gets the same index term on both sides of a query.
fn canonical_address(base: &Term, off: u64) -> Term {
    add_const(base, off)
}

/// `store(arr, addr, val)` in a canonical form: the stores on top of `arr` whose address has
/// the same base term as `addr` (pairwise distinct constant offsets, so they commute) are kept
/// sorted by offset, and an earlier store to the same offset is dropped (overwritten). Exact
/// (the array is the same in every model). Two windows that write the same bytes to the same
/// `base + c` addresses in a different order then produce the same term, so the memory
/// postcondition needs no array reasoning from the solver (Bitwuzla took 5-30 s on a
/// reordered 64-byte stack initialisation of O2 xdp_fwd_direct).
fn write_byte(arr: &Term, addr: &Term, val: &Term) -> Term {
    const MAX_SEGMENT: usize = 1024;
    let (base, off) = split_offset(addr);
    let mut seg: Vec<(u64, Term)> = Vec::new();
    let mut a = arr.clone();
    while matches!(a.op(), vf_smt::Op::Store) && seg.len() < MAX_SEGMENT {
        let (ib, ic) = split_offset(&a.args()[1]);
        if ib != base {
            break;
        }
        seg.push((ic, a.args()[2].clone()));
        a = a.args()[0].clone();
    }
    seg.retain(|(o, _)| *o != off);
    seg.push((off, val.clone()));
    seg.sort_by_key(|(o, _)| *o);
    for (o, v) in seg {
        a = a.store(&canonical_address(&base, o), &v);
    }
    a
}

/// `r10 + off`, the address of stack byte `off` in the shape the encoder gives it.
pub fn r10_plus(off: i16) -> Term {
    add_const(&Term::bv_var(&reg_name(10), 64), off as i64 as u64)
}

/// `arr` with the stack bytes at `r10 + off` for each of `offs` set to 0 (the same writes on
/// both sides of a query make those bytes irrelevant to the memory postcondition).
pub fn mask_stack_bytes(arr: &Term, offs: &[i16]) -> Term {
    let zero = Term::bv_const(8, 0);
    offs.iter().fold(arr.clone(), |a, &o| write_byte(&a, &r10_plus(o), &zero))
}

fn add_const(t: &Term, c: u64) -> Term {
    if c == 0 { t.clone() } else { t.bvadd(&Term::bv_const(64, c)) }
}

fn c64(v: u64) -> Term {
    Term::bv_const(64, v)
}

/// Executes `insns` (window instructions only) from `st`.
pub fn exec(insns: &[Insn], st: &mut SymState) {
    let mut pc = 0;
    while pc < insns.len() {
        let i = insns[pc];
        let before = st.region;
        step(&i, insns.get(pc + 1), st);
        if let (Some(r), Ok(kind)) = (before, isa::kind_of(&i, false)) {
            st.region = Some(region_transfer(&i, &kind, r));
        }
        pc += if i.is_lddw() { 2 } else { 1 };
    }
}

fn step(i: &Insn, next: Option<&Insn>, st: &mut SymState) {
    let d = (i.dst & 15) as usize;
    let s = (i.src & 15) as usize;
    match i.class() {
        isa::BPF_ALU | isa::BPF_ALU64 => {
            let is64 = i.class() == isa::BPF_ALU64;
            if i.op() == isa::BPF_END {
                st.regs[d] = endian(&st.regs[d], is64, i.src_is_reg(), i.imm as u32);
            } else {
                let src = if i.src_is_reg() { st.regs[s].clone() } else { c64(i.imm as i64 as u64) };
                st.regs[d] = alu(i.op(), is64, &st.regs[d], &src, i.off);
            }
        }
        isa::BPF_LD if i.is_lddw() && i.src == isa::BPF_PSEUDO_MAP_FD => {
            st.regs[d] = Term::bv_var(&map_var(i.imm), 64);
            if !st.map_fds.contains(&i.imm) {
                st.map_fds.push(i.imm);
            }
        }
        isa::BPF_LD if i.is_lddw() => {
            let hi = next.map(|n| n.imm as u32 as u64).unwrap_or(0);
            st.regs[d] = c64((hi << 32) | i.imm as u32 as u64);
        }
        isa::BPF_JMP if i.code == isa::CALL && i.src == 0 => st.call(i.imm),
        isa::BPF_LDX => {
            let bytes = i.access_bytes();
            let addr = add_const(&st.regs[s], i.off as i64 as u64);
            let arr = st.array_for(i.src);
            let v = st.load(&addr, bytes, &arr);
            st.regs[d] = if i.mode() == isa::BPF_MEMSX && bytes < 8 {
                v.extract(8 * bytes as u32 - 1, 0).sign_extend(64 - 8 * bytes as u32)
            } else {
                v
            };
        }
        isa::BPF_ST => {
            let addr = add_const(&st.regs[d], i.off as i64 as u64);
            let arr = st.array_for(i.dst);
            st.store(&addr, i.access_bytes(), &c64(i.imm as i64 as u64), &arr);
        }
        isa::BPF_STX => {
            let bytes = i.access_bytes();
            let addr = add_const(&st.regs[d], i.off as i64 as u64);
            let arr = st.array_for(i.dst);
            let src = st.regs[s].clone();
            let value = if i.mode() == isa::BPF_ATOMIC {
                let old = st.load(&addr, bytes, &arr);
                match i.imm as u8 {
                    isa::BPF_ADD => old.bvadd(&src),
                    isa::BPF_OR => old.bvor(&src),
                    isa::BPF_AND => old.bvand(&src),
                    _ => old.bvxor(&src),
                }
            } else {
                src
            };
            st.store(&addr, bytes, &value, &arr);
        }
        _ => {} // `ja +0`
    }
}

/// eBPF ALU semantics as terms (same cases as `opt::interp::alu`).
pub fn alu(op: u8, is64: bool, dst: &Term, src: &Term, off: i16) -> Term {
    if is64 {
        alu_w(op, 64, dst, src, off)
    } else {
        alu_w(op, 32, &dst.extract(31, 0), &src.extract(31, 0), off).zero_extend(32)
    }
}

fn alu_w(op: u8, w: u32, d: &Term, s: &Term, off: i16) -> Term {
    let zero = Term::bv_const(w, 0);
    let shamt = || s.bvand(&Term::bv_const(w, (w - 1) as u64));
    let s_is_zero = || s.eq(&zero);
    match op {
        isa::BPF_ADD => d.bvadd(s),
        isa::BPF_SUB => d.bvsub(s),
        isa::BPF_MUL => d.bvmul(s),
        isa::BPF_DIV => s_is_zero().ite(&zero, &if off == 1 { d.bvsdiv(s) } else { d.bvudiv(s) }),
        isa::BPF_MOD => s_is_zero().ite(d, &if off == 1 { d.bvsrem(s) } else { d.bvurem(s) }),
        isa::BPF_OR => d.bvor(s),
        isa::BPF_AND => d.bvand(s),
        isa::BPF_XOR => d.bvxor(s),
        isa::BPF_LSH => d.bvshl(&shamt()),
        isa::BPF_RSH => d.bvlshr(&shamt()),
        isa::BPF_ARSH => d.bvashr(&shamt()),
        isa::BPF_NEG => d.bvneg(),
        isa::BPF_MOV => match off {
            8 | 16 | 32 if (off as u32) < w => s.extract(off as u32 - 1, 0).sign_extend(w - off as u32),
            _ => s.clone(),
        },
        _ => d.clone(),
    }
}

/// `BPF_END` as terms.
pub fn endian(v: &Term, bswap: bool, to_be: bool, bits: u32) -> Term {
    let low = if bits < 64 { v.extract(bits - 1, 0) } else { v.clone() };
    let swapped = if bswap || to_be {
        let mut acc: Option<Term> = None;
        // byte 0 becomes the most significant
        for b in 0..bits / 8 {
            let byte = low.extract(8 * b + 7, 8 * b);
            acc = Some(match acc {
                None => byte,
                Some(hi) => hi.concat(&byte),
            });
        }
        acc.unwrap()
    } else {
        low
    };
    if bits < 64 { swapped.zero_extend(64 - bits) } else { swapped }
}
