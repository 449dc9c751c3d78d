//! Symbolic execution of straight-line windows into SMT bit-vector terms.
//!
//! State: registers r0..r10 as 64-bit terms and one byte-addressed memory
//! array `mem0 : (Array (_ BitVec 64) (_ BitVec 8))`. Using a single array
//! with symbolic addresses is the most conservative memory model: any two
//! pointers may alias unless the formula rules it out, so a proof holds for
//! every aliasing pattern (K2's per-region split is a precision/speed
//! refinement of this, not a different semantics).
//! The semantics mirror `opt::interp` exactly (which is differentially tested
//! against the reference interpreter).

use crate::isa::{self, Insn};
use crate::opt::analysis::{region_transfer, Region, RegionState};
use vf_smt::{Sort, Term};

pub const MEM0: &str = "mem0";
/// The stack array in split-memory mode.
pub const STK0: &str = "stk0";

pub fn reg_name(r: usize) -> String {
    format!("r{r}")
}

/// Symbolic machine state.
///
/// Split mode (K2's per-region memory): when every access of both windows is
/// statically known to go through a stack pointer or through a non-stack pointer
/// (see [`Region`]), stack bytes live in a separate array `stk0` that no other
/// pointer can alias; otherwise one flat array models all memory.
#[derive(Clone, Debug)]
pub struct SymState {
    pub regs: Vec<Term>,
    pub mem: Term,
    /// `Some` in split mode.
    pub stack: Option<Term>,
    /// Region of each register (split mode only).
    pub region: Option<RegionState>,
    /// Every (address, bytes, is_stack) the execution touched (for counterexamples).
    pub accesses: Vec<(Term, usize, bool)>,
}

/// Whether every memory access of `insns` has a base of known region when starting from `entry`.
pub fn splittable(insns: &[Insn], entry: &RegionState) -> bool {
    let mut st = *entry;
    let mut pc = 0;
    while pc < insns.len() {
        let i = &insns[pc];
        let Ok(kind) = isa::kind_of(i, false) else { return false };
        let base = match i.class() {
            isa::BPF_LDX => Some(i.src),
            isa::BPF_ST | isa::BPF_STX => Some(i.dst),
            _ => None,
        };
        if let Some(b) = base {
            if st[(b & 15).min(10) as usize] == Region::Unknown {
                return false;
            }
        }
        st = region_transfer(i, &kind, st);
        pc += if i.is_lddw() { 2 } else { 1 };
    }
    true
}

impl SymState {
    /// The shared initial state: free registers and a free memory array (flat mode).
    pub fn initial() -> Self {
        SymState {
            regs: (0..isa::NUM_REGS).map(|r| Term::bv_var(&reg_name(r), 64)).collect(),
            mem: Term::var(MEM0, Sort::Array { index: 64, elem: 8 }),
            stack: None,
            region: None,
            accesses: Vec::new(),
        }
    }

    /// The initial state in split mode with the given entry regions.
    pub fn initial_split(entry: &RegionState) -> Self {
        let mut s = SymState::initial();
        s.stack = Some(Term::var(STK0, Sort::Array { index: 64, elem: 8 }));
        s.region = Some(*entry);
        s
    }

    fn is_stack_base(&self, base: u8) -> bool {
        self.region.is_some_and(|r| r[(base & 15).min(10) as usize] == Region::Stack)
    }

    fn array(&mut self, stack: bool) -> &mut Term {
        if stack { self.stack.as_mut().expect("split mode") } else { &mut self.mem }
    }

    fn load(&mut self, addr: &Term, bytes: usize, stack: bool) -> Term {
        self.accesses.push((addr.clone(), bytes, stack));
        let arr = self.array(stack).clone();
        let mut v: Option<Term> = None;
        for i in 0..bytes {
            let b = arr.select(&add_const(addr, i as u64));
            v = Some(match v {
                None => b,
                Some(lo) => b.concat(&lo),
            });
        }
        let v = v.expect("at least one byte");
        if bytes < 8 { v.zero_extend(64 - 8 * bytes as u32) } else { v }
    }

    fn store(&mut self, addr: &Term, bytes: usize, value: &Term, stack: bool) {
        self.accesses.push((addr.clone(), bytes, stack));
        for i in 0..bytes {
            let byte = value.extract(8 * i as u32 + 7, 8 * i as u32);
            let arr = self.array(stack);
            *arr = arr.store(&add_const(addr, i as u64), &byte);
        }
    }
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
        isa::BPF_LD if i.is_lddw() => {
            let hi = next.map(|n| n.imm as u32 as u64).unwrap_or(0);
            st.regs[d] = c64((hi << 32) | i.imm as u32 as u64);
        }
        isa::BPF_LDX => {
            let bytes = i.access_bytes();
            let addr = add_const(&st.regs[s], i.off as i64 as u64);
            let stack = st.is_stack_base(i.src);
            let v = st.load(&addr, bytes, stack);
            st.regs[d] = if i.mode() == isa::BPF_MEMSX && bytes < 8 {
                v.extract(8 * bytes as u32 - 1, 0).sign_extend(64 - 8 * bytes as u32)
            } else {
                v
            };
        }
        isa::BPF_ST => {
            let addr = add_const(&st.regs[d], i.off as i64 as u64);
            let stack = st.is_stack_base(i.dst);
            st.store(&addr, i.access_bytes(), &c64(i.imm as i64 as u64), stack);
        }
        isa::BPF_STX => {
            let bytes = i.access_bytes();
            let addr = add_const(&st.regs[d], i.off as i64 as u64);
            let stack = st.is_stack_base(i.dst);
            let src = st.regs[s].clone();
            let value = if i.mode() == isa::BPF_ATOMIC {
                let old = st.load(&addr, bytes, stack);
                match i.imm as u8 {
                    isa::BPF_ADD => old.bvadd(&src),
                    isa::BPF_OR => old.bvor(&src),
                    isa::BPF_AND => old.bvand(&src),
                    _ => old.bvxor(&src),
                }
            } else {
                src
            };
            st.store(&addr, bytes, &value, stack);
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
