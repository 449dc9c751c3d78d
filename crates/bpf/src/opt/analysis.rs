//! Whole-program facts the optimizer needs around a window: control flow,
//! register liveness and known register constants.
//!
//! All analyses are conservative: a register is "live" if some path may read
//! it before writing it, and a constant is "known" only if every path that
//! reaches the instruction gives the register that same value.

use crate::isa::{self, Insn, Kind};
use crate::opt::interp;

/// Bit `r` set = register `r` is in the set.
pub type RegSet = u16;

pub const ALL_REGS: RegSet = (1 << isa::NUM_REGS) - 1;
/// r1..r5: helper arguments, clobbered by calls.
pub const CALLER_SAVED: RegSet = 0b11_1110;
pub const R0: RegSet = 1;
pub const R10: RegSet = 1 << 10;

/// Registers read and written by one instruction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    pub uses: RegSet,
    pub defs: RegSet,
}

fn bit(r: u8) -> RegSet {
    1 << (r as u16 & 15)
}

/// Register effects of `insn` (decoded as `kind`). Calls use r1..r5 and define r0..r5.
pub fn effects(insn: &Insn, kind: &Kind) -> Effects {
    let (d, s) = (bit(insn.dst), bit(insn.src));
    let (uses, defs) = match *kind {
        Kind::Alu { op, src_reg, .. } => {
            let reads_dst = op != isa::BPF_MOV;
            let u = if reads_dst { d } else { 0 } | if src_reg { s } else { 0 };
            (u, d)
        }
        Kind::End { .. } => (d, d),
        Kind::Lddw { .. } => (0, d),
        Kind::LddwHigh => (0, 0),
        Kind::LdAbs { .. } => (bit(6), R0 | CALLER_SAVED),
        Kind::LdInd { .. } => (bit(6) | s, R0 | CALLER_SAVED),
        Kind::Ldx { .. } => (s, d),
        Kind::St { .. } => (d, 0),
        Kind::Stx { .. } => (d | s, 0),
        Kind::Atomic { op, .. } => {
            if op == isa::BPF_CMPXCHG {
                (d | s | R0, R0)
            } else if op & isa::BPF_FETCH != 0 {
                (d | s, s)
            } else {
                (d | s, 0)
            }
        }
        Kind::Ja => (0, 0),
        Kind::Jcond { src_reg, .. } => (d | if src_reg { s } else { 0 }, 0),
        Kind::CallHelper(id) => (helper_arg_regs(id), R0 | CALLER_SAVED),
        Kind::CallLocal(_) | Kind::CallKfunc(_) => (CALLER_SAVED, R0 | CALLER_SAVED),
        Kind::Exit => (R0, 0),
    };
    Effects { uses: uses | if uses & R10 != 0 { R10 } else { 0 }, defs: defs & !R10 }
}

/// Argument registers a helper reads (its kernel prototype's argument count);
/// unknown helpers are assumed to read all of r1..r5.
pub fn helper_arg_regs(id: i32) -> RegSet {
    let args = match id {
        5 | 7 | 8 | 14 | 15 => 0,                                         // ktime_get_ns, prandom, smp_processor_id, pid_tgid, uid_gid
        1 | 3 | 16 | 23 | 44 | 54 | 65 => 2,                              // lookup, delete, get_current_comm, redirect, xdp_adjust_*
        4 | 12 | 13 | 51 => 3,                                            // probe_read, tail_call, clone_redirect, redirect_map
        2 | 26 | 69 => 4,                                                 // update, skb_load_bytes, fib_lookup
        _ => 5,
    };
    ((1u16 << (args + 1)) - 1) & !1
}

/// Control-flow successors of slot `pc`.
pub fn successors(insns: &[Insn], kinds: &[Kind], pc: usize) -> Vec<usize> {
    let n = insns.len();
    let next = |k: usize| if k < n { vec![k] } else { vec![] };
    match kinds[pc] {
        Kind::Exit => vec![],
        Kind::Ja => next((pc as i64 + 1 + insns[pc].jump_offset() as i64) as usize),
        Kind::Jcond { .. } => {
            let mut v = next(pc + 1);
            let t = (pc as i64 + 1 + insns[pc].jump_offset() as i64) as usize;
            if t < n && !v.contains(&t) {
                v.push(t);
            }
            v
        }
        Kind::Lddw { .. } => next(pc + 2),
        Kind::LddwHigh => vec![],
        _ => next(pc + 1),
    }
}

/// Slots that start a basic block: 0, jump targets, and slots after jumps/exits.
pub fn block_starts(insns: &[Insn], kinds: &[Kind]) -> Vec<bool> {
    let n = insns.len();
    let mut start = vec![false; n];
    if n > 0 {
        start[0] = true;
    }
    for pc in 0..n {
        match kinds[pc] {
            // a deleted slot (`ja +0`) falls through: it does not end a straight-line run
            Kind::Ja if insns[pc].is_nop() => {}
            Kind::Ja | Kind::Jcond { .. } | Kind::Exit => {
                if pc + 1 < n {
                    start[pc + 1] = true;
                }
                if !matches!(kinds[pc], Kind::Exit) {
                    let t = pc as i64 + 1 + insns[pc].jump_offset() as i64;
                    if (0..n as i64).contains(&t) {
                        start[t as usize] = true;
                    }
                }
            }
            Kind::CallLocal(imm) => {
                let t = pc as i64 + 1 + imm as i64;
                if (0..n as i64).contains(&t) {
                    start[t as usize] = true;
                }
            }
            _ => {}
        }
    }
    start
}

/// Registers live on entry to each slot (r10 always counted live).
pub fn live_in(insns: &[Insn], kinds: &[Kind]) -> Vec<RegSet> {
    let n = insns.len();
    let succ: Vec<Vec<usize>> = (0..n).map(|pc| successors(insns, kinds, pc)).collect();
    let eff: Vec<Effects> = (0..n).map(|pc| effects(&insns[pc], &kinds[pc])).collect();
    let mut live = vec![0 as RegSet; n];
    let mut changed = true;
    while changed {
        changed = false;
        for pc in (0..n).rev() {
            let out: RegSet = succ[pc].iter().fold(0, |acc, &s| acc | live[s]);
            let new = eff[pc].uses | (out & !eff[pc].defs) | R10;
            if new != live[pc] {
                live[pc] = new;
                changed = true;
            }
        }
    }
    live
}

/// Registers live right after the straight-line range `[start, end)` (i.e. live on entry of `end`'s
/// successors as reached by falling through the range's last instruction).
pub fn live_after(insns: &[Insn], kinds: &[Kind], live: &[RegSet], start: usize, end: usize) -> RegSet {
    debug_assert!(end > start);
    let mut last = end - 1;
    if matches!(kinds[last], Kind::LddwHigh) {
        last -= 1;
    }
    successors(insns, kinds, last).iter().fold(R10, |acc, &s| acc | live[s])
}

/// Known register values on entry to each slot; `None` for unreachable slots.
pub type ConstState = [Option<u64>; isa::NUM_REGS];

/// Forward constant propagation (meet = "same value on every path").
pub fn constants(insns: &[Insn], kinds: &[Kind]) -> Vec<Option<ConstState>> {
    let n = insns.len();
    let mut state: Vec<Option<ConstState>> = vec![None; n];
    if n == 0 {
        return state;
    }
    state[0] = Some([None; isa::NUM_REGS]);
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        let Some(inp) = state[pc] else { continue };
        let out = transfer(&insns[pc], &kinds[pc], insns.get(pc + 1), inp);
        for s in successors(insns, kinds, pc) {
            let merged = match state[s] {
                None => out,
                Some(old) => meet(&old, &out),
            };
            if state[s] != Some(merged) {
                state[s] = Some(merged);
                work.push(s);
            }
        }
    }
    state
}

fn meet(a: &ConstState, b: &ConstState) -> ConstState {
    let mut m = [None; isa::NUM_REGS];
    for r in 0..isa::NUM_REGS {
        m[r] = if a[r] == b[r] { a[r] } else { None };
    }
    m
}

fn transfer(insn: &Insn, kind: &Kind, next: Option<&Insn>, mut st: ConstState) -> ConstState {
    let d = insn.dst as usize & 15;
    match *kind {
        Kind::Alu { is64, op, src_reg } if d < isa::NUM_REGS => {
            let src = if src_reg { st.get(insn.src as usize).copied().flatten() } else { Some(insn.imm as i64 as u64) };
            let dst = if op == isa::BPF_MOV { Some(0) } else { st[d] };
            st[d] = match (dst, src) {
                (Some(dv), Some(sv)) => Some(interp::alu(op, is64, dv, sv, insn.off)),
                _ if op == isa::BPF_NEG => st[d].map(|dv| interp::alu(op, is64, dv, 0, 0)),
                _ => None,
            };
        }
        Kind::End { bswap, to_be, bits } if d < isa::NUM_REGS => {
            st[d] = st[d].map(|v| interp::endian(v, bswap, to_be, bits));
        }
        Kind::Lddw { pseudo: 0 } if d < isa::NUM_REGS => {
            let hi = next.map(|n| n.imm as u32 as u64).unwrap_or(0);
            st[d] = Some((hi << 32) | insn.imm as u32 as u64);
        }
        _ => {
            let e = effects(insn, kind);
            for (r, slot) in st.iter_mut().enumerate() {
                if e.defs & (1 << r) != 0 {
                    *slot = None;
                }
            }
        }
    }
    st
}

/// Which memory region a register may point into, by provenance (the kernel verifier
/// only lets a register be dereferenced if it carries a pointer type, and pointer types
/// survive only moves and additions of scalars, so provenance decides the region):
///
/// * `Stack`: derived from r10 by additions of scalars.
/// * `Ctx`: derived from the program's context pointer (r1 at entry).
/// * `Packet`: loaded from the context (packet data/meta pointers for XDP/skb and other
///   kernel objects the context points to), plus scalar additions. All such memory is
///   disjoint from the stack, the context struct and map values.
/// * `MapPtr(fd)`: the map object an `LDDW src=BPF_PSEUDO_MAP_FD imm=fd` loads.
/// * `MapValue(fd)`: a value of map `fd` (`map_lookup_elem` result or a direct value load).
/// * `Scalar`: not a pointer (constants, packet bytes, results of scalar helpers).
/// * `Other`: some non-stack value whose finer region is not known (e.g. a join of two
///   different non-stack regions, or loaded from a map value).
/// * `Unknown`: anything, including a stack pointer (e.g. a fill from the stack).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Region {
    Stack,
    Ctx,
    Packet,
    MapPtr(i32),
    MapValue(i32),
    /// A value of some map (a join of values of different maps): disjoint from the stack, the
    /// context and the packet, but possibly any map's value.
    AnyMapValue,
    Scalar,
    Other,
    Unknown,
}

pub type RegionState = [Region; isa::NUM_REGS];

impl Region {
    /// Can never address the stack.
    pub fn non_stack(self) -> bool {
        !matches!(self, Region::Stack | Region::Unknown)
    }

    fn join(self, o: Region) -> Region {
        let map_value = |r: Region| matches!(r, Region::MapValue(_) | Region::AnyMapValue);
        if self == o {
            self
        } else if map_value(self) && map_value(o) {
            Region::AnyMapValue
        } else if self.non_stack() && o.non_stack() {
            Region::Other
        } else {
            Region::Unknown
        }
    }

    /// Keeps its region when a scalar is added (or subtracted).
    fn is_data_pointer(self) -> bool {
        matches!(self, Region::Stack | Region::Ctx | Region::Packet | Region::MapValue(_) | Region::AnyMapValue | Region::Other)
    }
}

/// The program's entry state: r1 is the context, r10 the frame pointer, the rest unset.
pub fn entry_regions() -> RegionState {
    let mut st = [Region::Unknown; isa::NUM_REGS];
    st[1] = Region::Ctx;
    st[10] = Region::Stack;
    st
}

/// Helpers whose result is a plain scalar (never a pointer).
pub fn helper_returns_scalar(id: i32) -> bool {
    matches!(id, 5 | 7 | 8 | 14 | 15 | 23 | 51)
}

/// Region of a value computed by an operation other than a move or pointer arithmetic.
fn computed(operands: &[Region]) -> Region {
    if operands.iter().all(|r| *r == Region::Scalar) {
        Region::Scalar
    } else if operands.iter().all(|r| r.non_stack()) {
        Region::Other
    } else {
        Region::Unknown
    }
}

fn alu64_region(op: u8, off: i16, dst: Region, src: Region) -> Region {
    match op {
        isa::BPF_MOV if off == 0 => src,
        isa::BPF_ADD | isa::BPF_SUB if src == Region::Scalar && dst.is_data_pointer() => dst,
        isa::BPF_ADD if dst == Region::Scalar && src.is_data_pointer() => src,
        // the distance between two pointers into the same region is a scalar
        isa::BPF_SUB if dst == src && dst.is_data_pointer() && dst != Region::Other && dst != Region::AnyMapValue => Region::Scalar,
        isa::BPF_MOV => computed(&[src]),
        _ => computed(&[dst, src]),
    }
}

/// Region of every register after `insn`, given the state before it.
pub fn region_transfer(insn: &Insn, kind: &Kind, mut st: RegionState) -> RegionState {
    let d = insn.dst as usize & 15;
    let s = insn.src as usize & 15;
    match *kind {
        Kind::Alu { is64, op, src_reg } if d < isa::NUM_REGS => {
            let src = if src_reg { st[s.min(10)] } else { Region::Scalar };
            st[d] = if is64 {
                alu64_region(op, insn.off, st[d], src)
            } else if op == isa::BPF_MOV || op == isa::BPF_NEG {
                computed(&[src])
            } else {
                computed(&[st[d], src])
            };
        }
        Kind::End { .. } if d < isa::NUM_REGS => st[d] = computed(&[st[d]]),
        Kind::Lddw { pseudo } if d < isa::NUM_REGS => {
            st[d] = match pseudo {
                0 => Region::Scalar,
                isa::BPF_PSEUDO_MAP_FD => Region::MapPtr(insn.imm),
                isa::BPF_PSEUDO_MAP_VALUE => Region::MapValue(insn.imm),
                _ => Region::Other,
            }
        }
        Kind::Ldx { .. } if d < isa::NUM_REGS => {
            st[d] = match st[s.min(10)] {
                // a fill from the stack may restore a spilled stack pointer
                Region::Stack | Region::Unknown => Region::Unknown,
                Region::Ctx => Region::Packet,
                Region::Packet => Region::Scalar,
                _ => Region::Other,
            };
        }
        Kind::CallHelper(id) => {
            st[0] = match st[1] {
                Region::MapPtr(fd) if id == 1 => Region::MapValue(fd),
                _ if helper_returns_scalar(id) => Region::Scalar,
                _ => Region::Other,
            };
            st[1..=5].fill(Region::Unknown);
        }
        Kind::CallKfunc(_) | Kind::CallLocal(_) => st[0..=5].fill(Region::Unknown),
        _ => {
            let e = effects(insn, kind);
            for (r, slot) in st.iter_mut().enumerate() {
                if e.defs & (1 << r) != 0 {
                    *slot = Region::Unknown;
                }
            }
        }
    }
    st
}

/// Forward region analysis; `None` for unreachable slots.
pub fn regions(insns: &[Insn], kinds: &[Kind]) -> Vec<Option<RegionState>> {
    let n = insns.len();
    let mut state: Vec<Option<RegionState>> = vec![None; n];
    if n == 0 {
        return state;
    }
    state[0] = Some(entry_regions());
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        let Some(inp) = state[pc] else { continue };
        let out = region_transfer(&insns[pc], &kinds[pc], inp);
        for s in successors(insns, kinds, pc) {
            let merged = match state[s] {
                None => out,
                Some(old) => {
                    let mut m = old;
                    for r in 0..isa::NUM_REGS {
                        m[r] = old[r].join(out[r]);
                    }
                    m
                }
            };
            if state[s] != Some(merged) {
                state[s] = Some(merged);
                work.push(s);
            }
        }
    }
    state
}

/// Registers certainly written on every path to each slot (r1 and r10 at entry);
/// `None` for unreachable slots. Reading anything else is rejected by the verifier.
pub fn initialized(insns: &[Insn], kinds: &[Kind]) -> Vec<Option<RegSet>> {
    let n = insns.len();
    let mut state: Vec<Option<RegSet>> = vec![None; n];
    if n == 0 {
        return state;
    }
    state[0] = Some(bit(1) | R10);
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        let Some(inp) = state[pc] else { continue };
        let out = init_transfer(&insns[pc], &kinds[pc], inp);
        for s in successors(insns, kinds, pc) {
            let merged = match state[s] {
                None => out,
                Some(old) => old & out,
            };
            if state[s] != Some(merged) {
                state[s] = Some(merged);
                work.push(s);
            }
        }
    }
    state
}

fn init_transfer(insn: &Insn, kind: &Kind, inp: RegSet) -> RegSet {
    let e = effects(insn, kind);
    if matches!(kind, Kind::CallHelper(_) | Kind::CallLocal(_) | Kind::CallKfunc(_) | Kind::LdAbs { .. } | Kind::LdInd { .. }) {
        (inp & !CALLER_SAVED) | R0
    } else {
        inp | e.defs
    }
}

/// Whether straight-line `body` reads a register outside `init` before writing it.
pub fn reads_uninitialized(body: &[Insn], init: RegSet) -> bool {
    let mut defined = init | R10;
    let mut k = 0;
    while k < body.len() {
        let i = &body[k];
        let Ok(kind) = isa::kind_of(i, false) else { return true };
        let e = effects(i, &kind);
        if e.uses & !defined != 0 {
            return true;
        }
        defined = init_transfer(i, &kind, defined);
        k += if i.is_lddw() { 2 } else { 1 };
    }
    false
}
