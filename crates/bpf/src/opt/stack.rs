//! Whole-program facts about the stack frame (issue 16: cross-block redundant-store and
//! dead-store elimination).
//!
//! Three conservative dataflow analyses over the CFG, for frame 0 of programs without
//! bpf-to-bpf calls:
//!
//! * **stack pointers** (forward): registers that hold `r10 + c` for a known `c` on every path
//!   (`r2 = r10; r2 += -8`);
//! * **known bytes** (forward, meet = "same byte on every path"): stack bytes whose value is the
//!   same constant on every path to a slot, from `ST` and from `STX` of registers the constant
//!   analysis knows. A store through a pointer that may address the stack at an unknown offset,
//!   and a helper call that gets a possible stack pointer (other than the helpers that write no
//!   memory), forget every byte;
//! * **live bytes** (backward): stack bytes some path may read before overwriting them. A load
//!   through a possible stack pointer of unknown offset and a helper call that gets a possible
//!   stack pointer read every byte; nothing is live at `exit` (the frame dies).
//!
//! A window uses these facts only if its slots lie on no CFG cycle: then each run of the program
//! passes the window at most once, the rewritten program behaves exactly like the original up to
//! the window (so the entry facts hold there), and after it the two differ at most in bytes no
//! path reads again. The proof (`equiv::window`) assumes the known bytes and the stack pointers at
//! entry and compares memory after the window except the dead bytes.

use crate::isa::{self, Insn, Kind};
use crate::opt::analysis::{helper_arg_regs, successors, ConstState, RegionState};

/// Bytes of one stack frame.
pub const FRAME: usize = 512;

/// What a window proof may assume about the stack (empty = nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct StackFacts {
    /// Registers holding `r10 + off` at window entry.
    pub ptrs: Vec<(u8, i16)>,
    /// Stack bytes `(off from r10, value)` known at window entry.
    pub known: Vec<(i16, u8)>,
    /// Stack offsets (from r10) that no path reads after the window before overwriting them.
    pub dead_after: Vec<i16>,
}

impl StackFacts {
    pub fn is_empty(&self) -> bool {
        self.ptrs.is_empty() && self.known.is_empty() && self.dead_after.is_empty()
    }
}

type Ptrs = [Option<i16>; isa::NUM_REGS];
type Known = Box<[Option<u8>; FRAME]>;
/// One bit per frame byte; bit `i` = offset `i - 512`.
type Bytes = [u64; FRAME / 64];

/// The stack analyses of one program (`None` where not computed).
pub struct StackAnalysis {
    pub ptrs: Vec<Option<Ptrs>>,
    pub known: Vec<Option<Known>>,
    /// Bytes live on entry to each slot.
    pub live_in: Vec<Bytes>,
    /// Slots on a CFG cycle (no facts are used there).
    pub on_cycle: Vec<bool>,
}

fn idx(off: i64) -> Option<usize> {
    (-(FRAME as i64)..0).contains(&off).then(|| (off + FRAME as i64) as usize)
}

/// The byte range `[off, off + size)` of an access through `base` when it is a known stack slot.
fn slot(p: &Ptrs, base: u8, off: i16, size: usize) -> Option<(usize, usize)> {
    let b = p.get(base as usize & 15).copied().flatten()?;
    let lo = idx(b as i64 + off as i64)?;
    idx(b as i64 + off as i64 + size as i64 - 1)?;
    Some((lo, lo + size))
}

fn may_stack(regions: &Option<RegionState>, r: u8) -> bool {
    regions.map(|rs| !rs[(r & 15).min(10) as usize].non_stack()).unwrap_or(true)
}

/// Helpers that write no memory the program can see (their pointer arguments are only read).
fn helper_writes_no_memory(id: i32) -> bool {
    matches!(id, 1 | 2 | 3 | 5 | 7 | 8 | 14 | 15 | 23 | 51)
}

/// Whether a helper call at `pc` may get a pointer into the stack.
fn call_sees_stack(id: i32, regions: &Option<RegionState>) -> bool {
    let args = helper_arg_regs(id);
    (1..=5u8).any(|r| args & (1 << r) != 0 && may_stack(regions, r))
}

fn ptr_transfer(insn: &Insn, kind: &Kind, mut p: Ptrs) -> Ptrs {
    let d = insn.dst as usize & 15;
    match *kind {
        Kind::Alu { is64: true, op, src_reg } if d < 10 => {
            p[d] = match (op, src_reg) {
                (isa::BPF_MOV, true) if insn.off == 0 => p[(insn.src as usize & 15).min(10)],
                (isa::BPF_ADD, false) => p[d].and_then(|b| i16::try_from(b as i64 + insn.imm as i64).ok()),
                (isa::BPF_SUB, false) => p[d].and_then(|b| i16::try_from(b as i64 - insn.imm as i64).ok()),
                _ => None,
            };
        }
        _ => {
            let e = crate::opt::analysis::effects(insn, kind);
            for (r, slot) in p.iter_mut().enumerate().take(10) {
                if e.defs & (1 << r) != 0 {
                    *slot = None;
                }
            }
        }
    }
    p
}

fn bytes_of(v: u64, n: usize) -> impl Iterator<Item = u8> {
    (0..n).map(move |i| (v >> (8 * i)) as u8)
}

fn known_transfer(insn: &Insn, kind: &Kind, p: &Ptrs, c: &ConstState, rs: &Option<RegionState>, k: &mut Known) {
    match *kind {
        Kind::St { .. } | Kind::Stx { .. } | Kind::Atomic { .. } => {
            let n = insn.access_bytes();
            match slot(p, insn.dst, insn.off, n) {
                Some((lo, hi)) => {
                    let v = match *kind {
                        Kind::St { .. } => Some(insn.imm as i64 as u64),
                        Kind::Stx { .. } => c.get(insn.src as usize & 15).copied().flatten(),
                        _ => None,
                    };
                    match v {
                        Some(v) => k[lo..hi].iter_mut().zip(bytes_of(v, n)).for_each(|(s, b)| *s = Some(b)),
                        None => k[lo..hi].fill(None),
                    }
                }
                None if may_stack(rs, insn.dst) => k.fill(None),
                None => {}
            }
        }
        Kind::CallHelper(id) if !helper_writes_no_memory(id) && call_sees_stack(id, rs) => k.fill(None),
        Kind::CallKfunc(_) | Kind::CallLocal(_) => k.fill(None),
        _ => {}
    }
}

fn set(b: &mut Bytes, lo: usize, hi: usize, on: bool) {
    for i in lo..hi {
        if on {
            b[i / 64] |= 1 << (i % 64);
        } else {
            b[i / 64] &= !(1 << (i % 64));
        }
    }
}

pub fn is_set(b: &Bytes, i: usize) -> bool {
    b[i / 64] & (1 << (i % 64)) != 0
}

/// Slots on a CFG cycle (iterative Tarjan over the slot graph).
fn cycles(insns: &[Insn], kinds: &[Kind]) -> Vec<bool> {
    let n = insns.len();
    let succ: Vec<Vec<usize>> = (0..n).map(|pc| successors(insns, kinds, pc)).collect();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = vec![false; n];
    let mut next = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = call.last_mut() {
            if *i < succ[v].len() {
                let w = succ[v][*i];
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut comp = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    let cyclic = comp.len() > 1 || succ[v].contains(&v);
                    for w in comp {
                        out[w] = cyclic;
                    }
                }
            }
        }
    }
    out
}

impl StackAnalysis {
    /// `None` for programs with bpf-to-bpf calls or kfuncs (callee frames are not modelled).
    pub fn new(insns: &[Insn], kinds: &[Kind], consts: &[Option<ConstState>], regions: &[Option<RegionState>]) -> Option<Self> {
        let n = insns.len();
        if n == 0 || kinds.iter().any(|k| matches!(k, Kind::CallLocal(_) | Kind::CallKfunc(_))) {
            return None;
        }
        // forward: stack pointers and known bytes
        let mut ptrs: Vec<Option<Ptrs>> = vec![None; n];
        let mut known: Vec<Option<Known>> = vec![None; n];
        let mut p0 = [None; isa::NUM_REGS];
        p0[10] = Some(0);
        ptrs[0] = Some(p0);
        known[0] = Some(Box::new([None; FRAME]));
        let mut work = vec![0usize];
        let mut steps = 0usize;
        while let Some(pc) = work.pop() {
            steps += 1;
            if steps > 64 * n + 10_000 {
                return None;
            }
            let (Some(p), Some(k), Some(c)) = (ptrs[pc], known[pc].clone(), consts[pc]) else { continue };
            let mut k = k;
            known_transfer(&insns[pc], &kinds[pc], &p, &c, &regions[pc], &mut k);
            let p = ptr_transfer(&insns[pc], &kinds[pc], p);
            for s in successors(insns, kinds, pc) {
                let mut changed = false;
                match &mut ptrs[s] {
                    None => {
                        ptrs[s] = Some(p);
                        changed = true;
                    }
                    Some(old) => {
                        for r in 0..isa::NUM_REGS {
                            if old[r].is_some() && old[r] != p[r] {
                                old[r] = None;
                                changed = true;
                            }
                        }
                    }
                }
                match &mut known[s] {
                    None => {
                        known[s] = Some(k.clone());
                        changed = true;
                    }
                    Some(old) => {
                        for i in 0..FRAME {
                            if old[i].is_some() && old[i] != k[i] {
                                old[i] = None;
                                changed = true;
                            }
                        }
                    }
                }
                if changed {
                    work.push(s);
                }
            }
        }
        // backward: live bytes
        const ALL: Bytes = [u64::MAX; FRAME / 64];
        let mut live_in: Vec<Bytes> = vec![[0; FRAME / 64]; n];
        let preds = {
            let mut v = vec![Vec::new(); n];
            for pc in 0..n {
                for s in successors(insns, kinds, pc) {
                    v[s].push(pc);
                }
            }
            v
        };
        let mut work: Vec<usize> = (0..n).collect();
        let mut queued = vec![true; n];
        let mut steps = 0usize;
        while let Some(pc) = work.pop() {
            queued[pc] = false;
            steps += 1;
            if steps > 64 * n + 10_000 {
                return None;
            }
            let mut out = [0u64; FRAME / 64];
            for s in successors(insns, kinds, pc) {
                for w in 0..FRAME / 64 {
                    out[w] |= live_in[s][w];
                }
            }
            let p = ptrs[pc].unwrap_or([None; isa::NUM_REGS]);
            let rs = &regions[pc];
            let i = &insns[pc];
            let inn = match kinds[pc] {
                Kind::Ldx { .. } => match slot(&p, i.src, i.off, i.access_bytes()) {
                    Some((lo, hi)) => {
                        set(&mut out, lo, hi, true);
                        out
                    }
                    None if may_stack(rs, i.src) => ALL,
                    None => out,
                },
                Kind::St { .. } | Kind::Stx { .. } => {
                    if let Some((lo, hi)) = slot(&p, i.dst, i.off, i.access_bytes()) {
                        set(&mut out, lo, hi, false);
                    }
                    out
                }
                Kind::Atomic { .. } => match slot(&p, i.dst, i.off, i.access_bytes()) {
                    Some((lo, hi)) => {
                        set(&mut out, lo, hi, true);
                        out
                    }
                    None if may_stack(rs, i.dst) => ALL,
                    None => out,
                },
                Kind::CallHelper(id) if call_sees_stack(id, rs) => ALL,
                Kind::Exit => [0; FRAME / 64],
                _ => out,
            };
            if inn != live_in[pc] {
                live_in[pc] = inn;
                for &q in &preds[pc] {
                    if !queued[q] {
                        queued[q] = true;
                        work.push(q);
                    }
                }
            }
        }
        Some(StackAnalysis { ptrs, known, live_in, on_cycle: cycles(insns, kinds) })
    }

    /// The facts of window `[start, end)`: stack pointers at entry, known bytes at entry among
    /// those the window accesses, and the bytes the window writes that are dead after it.
    pub fn facts(&self, insns: &[Insn], kinds: &[Kind], start: usize, end: usize) -> StackFacts {
        let mut f = StackFacts::default();
        if (start..end).any(|pc| !matches!(kinds[pc], Kind::LddwHigh) && (self.on_cycle[pc] || self.ptrs[pc].is_none())) {
            return f;
        }
        let Some(p0) = self.ptrs[start] else { return f };
        f.ptrs = (0..10u8).filter_map(|r| p0[r as usize].map(|o| (r, o))).collect();
        let (mut touched, mut written) = ([0u64; FRAME / 64], [0u64; FRAME / 64]);
        for pc in start..end {
            let Some(p) = self.ptrs[pc] else { continue };
            let i = &insns[pc];
            match kinds[pc] {
                Kind::Ldx { .. } => {
                    if let Some((lo, hi)) = slot(&p, i.src, i.off, i.access_bytes()) {
                        set(&mut touched, lo, hi, true);
                    }
                }
                Kind::St { .. } | Kind::Stx { .. } | Kind::Atomic { .. } => {
                    if let Some((lo, hi)) = slot(&p, i.dst, i.off, i.access_bytes()) {
                        set(&mut touched, lo, hi, true);
                        set(&mut written, lo, hi, true);
                    }
                }
                Kind::CallHelper(1) => {
                    // the key a lookup reads (at most 8 bytes are assumed here: larger keys read
                    // bytes that are simply not assumed known)
                    if let Some(b) = p[2] {
                        for d in 0..8 {
                            if let Some(x) = idx(b as i64 + d) {
                                set(&mut touched, x, x + 1, true);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if let Some(k) = &self.known[start] {
            for x in 0..FRAME {
                if let (true, Some(v)) = (is_set(&touched, x), k[x]) {
                    f.known.push((x as i16 - FRAME as i16, v));
                }
            }
        }
        // dead after the window = not live on entry to the slot after it (windows end at a
        // slot that falls through, or at the program end)
        let after: Option<Bytes> = if end < insns.len() { Some(self.live_in[end]) } else { None };
        if let Some(live) = after {
            for x in 0..FRAME {
                if is_set(&written, x) && !is_set(&live, x) {
                    f.dead_after.push(x as i16 - FRAME as i16);
                }
            }
        }
        f
    }
}
