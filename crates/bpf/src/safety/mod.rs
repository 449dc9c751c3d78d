//! In-process safety checker mirroring the kernel verifier (as root, kernel 6.x rules).
//!
//! Abstract interpretation over every path (bounded loops unrolled, repeated states rejected) with register
//! types `scalar` (tnum + unsigned/signed ranges), `ctx`, `pkt`/`pkt_end`/`pkt_meta` (packet
//! range learnt from `data_end` comparisons), `stack` (per frame, byte-level init state and
//! register spills), `map_value`, `map_value_or_null` (null checks) and `map_ptr`.
//!
//! Design rule: **conservative**. Where this checker is unsure, it rejects; it must never
//! accept a program the kernel rejects. Known places where it is stricter than the kernel:
//! reads of uninitialized stack (rejected; root may read them),
//! storing pointers outside the stack, variable stack offsets, narrow context loads, 32-bit
//! branch refinement (none), scalar-vs-scalar branch refinement (none), helpers not modelled.

mod scalar;

pub use scalar::{Scalar, Tnum};

use crate::isa::*;
use crate::program::{map_types, MapDef, ProgType, Program};
use std::collections::HashMap;

/// Why the checker rejects, at which instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SafetyError {
    pub pc: usize,
    pub msg: String,
}

impl std::fmt::Display for SafetyError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "insn {}: {}", self.pc, self.msg)
    }
}
impl std::error::Error for SafetyError {}

/// What the checker explored when it accepted.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SafetyStats {
    pub insns_processed: u64,
    pub paths: u64,
    /// Largest stack use (bytes) of any call chain.
    pub stack_depth: u32,
}

/// Options and limits of the exploration; exceeding the limit rejects ("too complex").
#[derive(Clone, Copy, Debug)]
pub struct CheckLimits {
    pub max_insns_processed: u64,
    /// Kernel-faithful mode for root: reads of uninitialized stack give unknown scalars
    /// (the kernel allows them; the value is whatever was there). Off by default: such
    /// programs have no defined semantics, so the optimizer must never rely on them.
    pub allow_uninit_stack_reads: bool,
}

impl Default for CheckLimits {
    fn default() -> Self {
        CheckLimits { max_insns_processed: 1_000_000, allow_uninit_stack_reads: false }
    }
}

/// Checks `prog` with default limits.
pub fn check(prog: &Program) -> Result<SafetyStats, SafetyError> {
    check_with(prog, CheckLimits::default())
}

pub fn check_with(prog: &Program, limits: CheckLimits) -> Result<SafetyStats, SafetyError> {
    check_inner(prog, limits, None, false).map(|(st, _)| st)
}

/// What an accepted check explored, kept so that the check of a program that differs from it
/// in a few slots can skip the unchanged parts ([`check_incremental`]).
///
/// For every exploration node (a branch point with its exact abstract state) whose subtree was
/// explored to the end: the slot interval the subtree touched (including the subtrees of
/// earlier nodes it was pruned against), and the ids, instructions and paths it used.
pub struct SafetyCache {
    insns: Vec<Insn>,
    maps: Vec<MapDef>,
    prog_type: ProgType,
    ctx_size: usize,
    max_pkt_sz: usize,
    limits_max: u64,
    allow_uninit: bool,
    stack_depth: u32,
    nodes: HashMap<(usize, State), NodeSummary>,
}

impl SafetyCache {
    /// Exploration nodes kept.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

#[derive(Clone, Debug, Default)]
struct NodeSummary {
    /// Slots the subtree's steps read (bitset), including those of the subtrees it was pruned against.
    touched: Box<[u64]>,
    ids: u32,
    insns: u64,
    paths: u64,
}

/// How much of an incremental check was reused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReuseStats {
    /// Exploration nodes whose subtree was taken from the cache instead of explored.
    pub nodes_reused: u64,
    /// Instructions those subtrees had processed (not processed again).
    pub insns_reused: u64,
}

/// Checks `prog` like [`check_with`], reusing `prev` (the cache of an accepted check of a program
/// with the same environment and slot count): an exploration node whose exact state the previous
/// check finished, and whose subtree touched no slot that differs between the two programs,
/// is not explored again. Its subtree is a deterministic function of that state and of the
/// instructions it executes (up to the renaming of fresh ids, which the checker's rules do not
/// distinguish), so its verdict carries over. Programs with bpf-to-bpf calls are checked in
/// full. Returns the stats (reused instructions counted as processed, so the complexity limit
/// means the same), the cache of this check, and what was reused.
pub fn check_incremental(
    prog: &Program,
    limits: CheckLimits,
    prev: Option<&SafetyCache>,
) -> Result<(SafetyStats, SafetyCache, ReuseStats), SafetyError> {
    let usable = prev.filter(|c| {
        c.insns.len() == prog.insns.len()
            && c.maps == prog.maps
            && c.prog_type == prog.prog_type
            && c.ctx_size == prog.ctx_size
            && c.max_pkt_sz == prog.max_pkt_sz
            && c.limits_max == limits.max_insns_processed
            && c.allow_uninit == limits.allow_uninit_stack_reads
    });
    let (stats, out) = check_inner(prog, limits, usable, true)?;
    let (cache, reuse) = out.expect("check_inner returns a cache when asked");
    Ok((stats, cache, reuse))
}

fn check_inner(
    prog: &Program,
    limits: CheckLimits,
    prev: Option<&SafetyCache>,
    want_cache: bool,
) -> Result<(SafetyStats, Option<(SafetyCache, ReuseStats)>), SafetyError> {
    let kinds = prog.validate().map_err(|e| SafetyError { pc: e.pc, msg: e.msg })?;
    let subprogs = check_cfg(&prog.insns, &kinds)?;
    let mut maps = prog.maps.clone();
    let mut inner = vec![None; maps.len()];
    for (i, m) in prog.maps.iter().enumerate() {
        if let (true, Some(t)) = (m.is_map_in_map(), &m.inner) {
            inner[i] = Some(maps.len() as u16);
            maps.push((**t).clone());
            inner.push(None);
        }
    }
    let mut c = Checker {
        prog,
        maps,
        inner,
        kinds: &kinds,
        limits,
        stats: SafetyStats::default(),
        next_id: 1,
        subprog_depth: vec![0; subprogs.len()],
        subprogs: subprogs.clone(),
        has_calls: kinds.iter().any(|k| matches!(k, Kind::CallLocal(_))),
        dead_kill: None,
    };
    // the slots that differ from the cached program (bitset)
    let reuse_from = prev.filter(|_| !c.has_calls).map(|p| {
        let mut changed = vec![0u64; prog.insns.len().div_ceil(64)];
        for k in 0..prog.insns.len() {
            if p.insns[k] != prog.insns[k] {
                changed[k / 64] |= 1 << (k % 64);
            }
        }
        (p, changed)
    });
    // incremental mode: registers dead at a node's slot are cleared from its state, so states
    // that differ only in values no path reads (typical after a rewrite) meet the cache
    if want_cache && !c.has_calls {
        c.dead_kill = Some(crate::opt::analysis::live_in(&prog.insns, &kinds));
    }
    if let Some((p, _)) = &reuse_from {
        // subtrees taken from the cache used the stack the previous check saw
        c.subprog_depth[0] = c.subprog_depth[0].max(p.stack_depth);
    }
    let mut reuse = ReuseStats::default();
    let nodes = match c.explore(reuse_from.as_ref().map(|(p, ch)| (*p, ch.as_slice())), &mut reuse, want_cache) {
        Ok(n) => n,
        Err(e) if c.dead_kill.is_some() || reuse_from.is_some() => {
            // the verdict is the full check's (clearing dead registers can only add rejections,
            // e.g. where the liveness analysis and a helper prototype disagree on the arguments)
            let st = check_inner(prog, limits, None, false)?.0;
            let _ = e;
            let empty = SafetyCache {
                insns: prog.insns.clone(),
                maps: prog.maps.clone(),
                prog_type: prog.prog_type,
                ctx_size: prog.ctx_size,
                max_pkt_sz: prog.max_pkt_sz,
                limits_max: limits.max_insns_processed,
                allow_uninit: limits.allow_uninit_stack_reads,
                stack_depth: st.stack_depth,
                nodes: HashMap::new(),
            };
            return Ok((st, Some((empty, ReuseStats::default()))));
        }
        Err(e) => return Err(e),
    };
    c.stats.stack_depth = c.max_chain_depth()?;
    let out = want_cache.then(|| {
        (
            SafetyCache {
                insns: prog.insns.clone(),
                maps: prog.maps.clone(),
                prog_type: prog.prog_type,
                ctx_size: prog.ctx_size,
                max_pkt_sz: prog.max_pkt_sz,
                limits_max: limits.max_insns_processed,
                allow_uninit: limits.allow_uninit_stack_reads,
                stack_depth: c.stats.stack_depth,
                nodes: if c.has_calls { HashMap::new() } else { nodes },
            },
            reuse,
        )
    });
    Ok((c.stats, out))
}


// ---- abstract state -----------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ty {
    NotInit,
    Scalar,
    Ctx,
    Stack(u8),
    Pkt,
    PktEnd,
    PktMeta,
    MapValue(u16),
    MapValueOrNull(u16),
    MapPtr(u16),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Reg {
    ty: Ty,
    /// Fixed offset of a pointer.
    off: i32,
    /// Scalar value, or the variable offset of a pointer.
    var: Scalar,
    /// Scalar copies / null-check group / packet-pointer group.
    id: u32,
    /// Packet bytes known accessible from `off = 0` of this pointer's group.
    range: i32,
}

impl Reg {
    const NOT_INIT: Reg = Reg { ty: Ty::NotInit, off: 0, var: Scalar::UNKNOWN, id: 0, range: 0 };
    fn scalar(var: Scalar) -> Reg {
        Reg { ty: Ty::Scalar, off: 0, var, id: 0, range: 0 }
    }
    fn konst(v: u64) -> Reg {
        Reg::scalar(Scalar::konst(v))
    }
    fn ptr(ty: Ty) -> Reg {
        Reg { ty, off: 0, var: Scalar::konst(0), id: 0, range: 0 }
    }
    fn is_ptr(&self) -> bool {
        !matches!(self.ty, Ty::Scalar | Ty::NotInit)
    }
}

/// Byte states inside an 8-byte stack slot.
const B_UNINIT: u8 = 0;
const B_MISC: u8 = 1;
const B_ZERO: u8 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Slot {
    Spill(Reg),
    Bytes([u8; 8]),
}

const SLOTS: usize = STACK_SIZE / 8;

/// Flag in `MapValueOrNull(m)`: the result of a lookup in a map-in-map, i.e. "a map shaped like
/// template `m` or null" (a map pointer after the null check, not a map value).
const INNER_MAP_OR_NULL: u16 = 0x8000;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Frame {
    regs: [Reg; NUM_REGS],
    stack: Box<[Slot; SLOTS]>,
    /// Index of the subprogram this frame runs.
    subprog: usize,
    /// Return address in the caller.
    ret_pc: usize,
}

impl Frame {
    fn new(frameno: u8, subprog: usize, ret_pc: usize) -> Frame {
        let mut regs = [Reg::NOT_INIT; NUM_REGS];
        regs[10] = Reg { off: 0, ..Reg::ptr(Ty::Stack(frameno)) };
        Frame { regs, stack: Box::new([Slot::Bytes([B_UNINIT; 8]); SLOTS]), subprog, ret_pc }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    frames: Vec<Frame>,
}

impl State {
    fn cur(&mut self) -> &mut Frame {
        self.frames.last_mut().unwrap()
    }
    fn regs(&self) -> &[Reg; NUM_REGS] {
        &self.frames.last().unwrap().regs
    }
    /// Every register and spilled register in every frame.
    fn for_each_reg(&mut self, mut f: impl FnMut(&mut Reg)) {
        for fr in &mut self.frames {
            for r in fr.regs.iter_mut() {
                f(r);
            }
            for s in fr.stack.iter_mut() {
                if let Slot::Spill(r) = s {
                    f(r);
                }
            }
        }
    }
}

struct Checker<'a> {
    prog: &'a Program,
    /// `prog.maps` followed by the inner map templates of map-in-map definitions.
    maps: Vec<MapDef>,
    /// Per map of `maps`: the index of its inner template (map-in-map only).
    inner: Vec<Option<u16>>,
    kinds: &'a [Kind],
    limits: CheckLimits,
    stats: SafetyStats,
    next_id: u32,
    subprogs: Vec<usize>,
    subprog_depth: Vec<u32>,
    has_calls: bool,
    /// Incremental mode: registers live at each slot; the others are cleared at node entry.
    dead_kill: Option<Vec<crate::opt::analysis::RegSet>>,
}

fn err<T>(pc: usize, msg: impl Into<String>) -> Result<T, SafetyError> {
    Err(SafetyError { pc, msg: msg.into() })
}

/// One exploration node: a branch point entered with one exact state.
struct Node {
    parent: Option<usize>,
    /// Children not yet finished (1 while the node's own segment runs).
    pending: usize,
    done: bool,
    /// (next id, insns processed, paths) when the node was entered.
    start: (u32, u64, u64),
    sum: NodeSummary,
}

enum Flow {
    Next(usize),
    Branch(Vec<(usize, State)>),
    Done,
}

/// CFG checks the kernel does before verification: every instruction reachable (back-edges are
/// allowed; loops are checked by the exploration), jumps stay inside their subprogram, each subprogram ends in exit/ja.
/// Returns subprogram start slots (sorted, first = 0).
fn check_cfg(insns: &[Insn], kinds: &[Kind]) -> Result<Vec<usize>, SafetyError> {
    let n = insns.len();
    let mut starts = vec![0usize];
    for (pc, k) in kinds.iter().enumerate() {
        if let Kind::CallLocal(off) = k {
            let t = (pc as i64 + 1 + *off as i64) as usize;
            if t <= pc {
                return err(pc, "back-edge: bpf-to-bpf call to an earlier instruction (recursion/loops not accepted)");
            }
            starts.push(t);
        }
        if let Kind::CallKfunc(_) = k {
            return err(pc, "kfunc calls are not supported");
        }
    }
    starts.sort();
    starts.dedup();
    let sub_of = |pc: usize| starts.partition_point(|&s| s <= pc) - 1;
    for si in 0..starts.len() {
        let end = starts.get(si + 1).copied().unwrap_or(n);
        let last = end - 1;
        if !matches!(kinds[last], Kind::Exit | Kind::Ja) {
            return err(last, "last instruction of a function is not an exit or jump");
        }
    }
    let mut seen = vec![false; n];
    let mut work = vec![0usize];
    for &s in &starts {
        work.push(s);
    }
    while let Some(pc) = work.pop() {
        if pc >= n || seen[pc] {
            continue;
        }
        seen[pc] = true;
        let i = &insns[pc];
        let succ = |t: usize, work: &mut Vec<usize>| -> Result<(), SafetyError> {
            if sub_of(t) != sub_of(pc) {
                return err(pc, format!("jump out of range from insn {pc} to {t}"));
            }
            work.push(t);
            Ok(())
        };
        match kinds[pc] {
            Kind::Exit => {}
            Kind::Ja => succ((pc as i64 + 1 + i.jump_offset() as i64) as usize, &mut work)?,
            Kind::Jcond { .. } => {
                succ(pc + 1, &mut work)?;
                succ((pc as i64 + 1 + i.off as i64) as usize, &mut work)?;
            }
            Kind::Lddw { .. } => {
                seen[pc + 1] = true;
                succ(pc + 2, &mut work)?;
            }
            _ => succ(pc + 1, &mut work)?,
        }
    }
    if let Some(pc) = seen.iter().position(|s| !s) {
        return err(pc, format!("unreachable insn {pc}"));
    }
    Ok(starts)
}

// ---- helper prototypes --------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Arg {
    Ctx,
    /// Map pointer whose type satisfies the predicate group.
    Map(MapUse),
    Key,
    Value,
    Anything,
    /// Readable memory of the size given by the next argument.
    Mem,
    MemOrNull,
    /// Writable (possibly uninitialized) memory of the size given by the next argument.
    UninitMem,
    ConstSize,
    ConstSizeOrZero,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum MapUse {
    /// map_lookup_elem: value maps, plus devmaps from XDP (read-only values).
    Lookup,
    Values,
    ProgArray,
    PerfEvent,
    Redirect,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ret {
    Scalar,
    U32,
    MapValueOrNull,
    Void,
}

struct Proto {
    args: &'static [Arg],
    ret: Ret,
    changes_pkt: bool,
}

/// `sizeof(struct pt_regs)` on x86-64: the kernel's bound for kprobe context reads.
const PT_REGS_SIZE: usize = 168;

fn is_tracing(t: ProgType) -> bool {
    matches!(t, ProgType::Tracepoint | ProgType::Kprobe | ProgType::RawCtx)
}
fn is_skb(t: ProgType) -> bool {
    matches!(t, ProgType::SocketFilter | ProgType::SchedCls)
}

/// Arity of helper `id` for program type `t`, and its readable memory arguments as
/// (pointer argument index, size argument index) pairs, 0-based (r1 = 0). `None`: unknown helper.
pub fn helper_call_shape(id: i32, t: ProgType) -> Option<(usize, Vec<(usize, usize)>)> {
    let p = proto(id, t)?;
    let pairs = p.args.iter().enumerate()
        .filter(|(i, a)| matches!(a, Arg::Mem | Arg::MemOrNull) && matches!(p.args.get(i + 1), Some(Arg::ConstSize | Arg::ConstSizeOrZero)))
        .map(|(i, _)| (i, i + 1))
        .collect();
    Some((p.args.len(), pairs))
}

fn proto(id: i32, t: ProgType) -> Option<Proto> {
    use crate::isa::helpers as h;
    use Arg::*;
    let p = |args: &'static [Arg], ret: Ret| Some(Proto { args, ret, changes_pkt: false });
    match id {
        h::MAP_LOOKUP_ELEM => p(&[Map(MapUse::Lookup), Key], Ret::MapValueOrNull),
        h::MAP_UPDATE_ELEM => p(&[Map(MapUse::Values), Key, Value, Anything], Ret::Scalar),
        h::MAP_DELETE_ELEM => p(&[Map(MapUse::Values), Key], Ret::Scalar),
        h::KTIME_GET_NS => p(&[], Ret::Scalar),
        h::GET_PRANDOM_U32 => p(&[], Ret::U32),
        h::GET_SMP_PROCESSOR_ID => p(&[], Ret::U32),
        h::TRACE_PRINTK => p(&[Mem, ConstSize], Ret::Scalar),
        h::TAIL_CALL => p(&[Ctx, Map(MapUse::ProgArray), Anything], Ret::Void),
        h::PROBE_READ if is_tracing(t) => p(&[UninitMem, ConstSizeOrZero, Anything], Ret::Scalar),
        h::GET_CURRENT_PID_TGID if is_tracing(t) => p(&[], Ret::Scalar),
        h::PERF_EVENT_OUTPUT if is_tracing(t) || t == ProgType::Xdp || is_skb(t) => {
            p(&[Ctx, Map(MapUse::PerfEvent), Anything, Mem, ConstSizeOrZero], Ret::Scalar)
        }
        h::REDIRECT if t == ProgType::Xdp || t == ProgType::SchedCls => p(&[Anything, Anything], Ret::Scalar),
        h::REDIRECT_MAP if t == ProgType::Xdp => p(&[Map(MapUse::Redirect), Anything, Anything], Ret::Scalar),
        h::SKB_LOAD_BYTES if is_skb(t) => p(&[Ctx, Anything, UninitMem, ConstSize], Ret::Scalar),
        h::CSUM_DIFF if t == ProgType::Xdp || t == ProgType::SchedCls => {
            p(&[MemOrNull, ConstSizeOrZero, MemOrNull, ConstSizeOrZero, Anything], Ret::Scalar)
        }
        // bpf_xdp_fib_lookup / bpf_skb_fib_lookup: (ctx, struct bpf_fib_lookup *params, plen, flags)
        h::FIB_LOOKUP if t == ProgType::Xdp || t == ProgType::SchedCls => p(&[Ctx, Mem, ConstSize, Anything], Ret::Scalar),
        // tc only (the kernel's tc_cls_act_func_proto); all three may rewrite the packet, so
        // packet pointers are invalidated after them (bpf_helper_changes_pkt_data)
        h::SKB_STORE_BYTES if t == ProgType::SchedCls => {
            Some(Proto { args: &[Ctx, Anything, Mem, ConstSize, Anything], ret: Ret::Scalar, changes_pkt: true })
        }
        h::L3_CSUM_REPLACE | h::L4_CSUM_REPLACE if t == ProgType::SchedCls => {
            Some(Proto { args: &[Ctx, Anything, Anything, Anything, Anything], ret: Ret::Scalar, changes_pkt: true })
        }
        h::XDP_ADJUST_HEAD | h::XDP_ADJUST_META | h::XDP_ADJUST_TAIL if t == ProgType::Xdp => {
            Some(Proto { args: &[Ctx, Anything], ret: Ret::Scalar, changes_pkt: true })
        }
        _ => None,
    }
}

fn map_use_ok(u: MapUse, map_type: u32, t: ProgType) -> bool {
    use map_types::*;
    match u {
        MapUse::Lookup => map_use_ok(MapUse::Values, map_type, t) || (t == ProgType::Xdp && matches!(map_type, DEVMAP | DEVMAP_HASH)),
        MapUse::Values => matches!(map_type, HASH | ARRAY | PERCPU_HASH | PERCPU_ARRAY | LRU_HASH | LRU_PERCPU_HASH | LPM_TRIE),
        MapUse::ProgArray => map_type == PROG_ARRAY,
        MapUse::PerfEvent => map_type == PERF_EVENT_ARRAY,
        MapUse::Redirect => matches!(map_type, DEVMAP | DEVMAP_HASH | CPUMAP | XSKMAP),
    }
}

// ---- the checker ---------------------------------------------------------------

impl<'a> Checker<'a> {
    fn new_id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    fn ptype(&self) -> ProgType {
        self.prog.prog_type
    }

    /// Depth-first exploration over branch points (a conditional jump's successors, and the
    /// target of every back-edge). A branch point whose exact state was already explored to the
    /// end ("black") is pruned; one whose state is still being explored is an ancestor on the
    /// current path (children are started only when popped, so the unfinished nodes are exactly
    /// the current path), i.e. the same state comes back around a loop: an infinite loop, rejected
    /// as the kernel does. Bounded loops are unrolled path by path (the kernel's approach since
    /// 5.3) until they exit; the instruction budget bounds the work ("too complex").
    ///
    /// With `reuse` (the previous check's cache and the prefix counts of slots that differ from
    /// its program), a node whose state the cache holds and whose subtree touched no changed slot
    /// is finished at once (see [`check_incremental`]). With `keep`, the finished nodes are
    /// returned as the next cache.
    fn explore(
        &mut self,
        reuse: Option<(&SafetyCache, &[u64])>,
        rstats: &mut ReuseStats,
        keep: bool,
    ) -> Result<HashMap<(usize, State), NodeSummary>, SafetyError> {
        let mut init = State { frames: vec![Frame::new(0, 0, 0)] };
        init.cur().regs[1] = Reg::ptr(Ty::Ctx);
        let mut nodes: Vec<Node> = Vec::new();
        let mut seen: HashMap<(usize, State), usize> = HashMap::new();
        let mut work: Vec<(usize, State, Option<usize>)> = vec![(0, init, None)];
        let n_insns = self.prog.insns.len();
        let words = if keep || reuse.is_some() { n_insns.div_ceil(64) } else { 0 };
        fn merge(nodes: &mut [Node], into: usize, from: usize) {
            if into == from {
                return;
            }
            let src = std::mem::take(&mut nodes[from].sum.touched);
            for (d, s) in nodes[into].sum.touched.iter_mut().zip(src.iter()) {
                *d |= *s;
            }
            nodes[from].sum.touched = src;
        }
        // Finishes `parent`'s pending child; a node whose children are all finished is finished
        // (its summary completed from the counters) and merges its slot interval into its parent.
        fn finish(nodes: &mut [Node], mut parent: Option<usize>, now: (u32, u64, u64)) {
            while let Some(p) = parent {
                nodes[p].pending -= 1;
                if nodes[p].pending > 0 {
                    return;
                }
                nodes[p].done = true;
                let n = &mut nodes[p];
                n.sum.ids = now.0 - n.start.0;
                n.sum.insns = now.1 - n.start.1;
                n.sum.paths = now.2 - n.start.2;
                parent = n.parent;
                if let Some(q) = parent {
                    merge(nodes, q, p);
                }
            }
        }
        while let Some((start, mut st, parent)) = work.pop() {
            if let Some(live) = &self.dead_kill {
                for (r, reg) in st.frames[0].regs.iter_mut().enumerate().take(10) {
                    if live[start] & (1 << r) == 0 {
                        *reg = Reg::NOT_INIT;
                    }
                }
            }
            let key = (start, st);
            if let Some(&k) = seen.get(&key) {
                if nodes[k].done {
                    // pruned against an earlier subtree: this one's safety rests on it
                    if let Some(p) = parent {
                        merge(&mut nodes, p, k);
                    }
                    finish(&mut nodes, parent, self.counters());
                    continue;
                }
                return err(start, format!("infinite loop detected at insn {start} (the same state comes back)"));
            }
            if let Some((cache, changed)) = reuse {
                if let Some(sum) = cache.nodes.get(&key) {
                    if sum.touched.iter().zip(changed).all(|(t, c)| t & c == 0) {
                        // untouched subtree: take its verdict and counters from the cache
                        self.next_id += sum.ids;
                        self.stats.insns_processed += sum.insns;
                        self.stats.paths += sum.paths;
                        if self.stats.insns_processed > self.limits.max_insns_processed {
                            return err(start, format!("program too complex for the checker (> {} insns processed)", self.limits.max_insns_processed));
                        }
                        rstats.nodes_reused += 1;
                        rstats.insns_reused += sum.insns;
                        let node = nodes.len();
                        nodes.push(Node { parent, pending: 0, done: true, start: self.counters(), sum: sum.clone() });
                        seen.insert(key, node);
                        if let Some(p) = parent {
                            merge(&mut nodes, p, node);
                        }
                        finish(&mut nodes, parent, self.counters());
                        continue;
                    }
                }
            }
            let node = nodes.len();
            nodes.push(Node {
                parent,
                pending: 1,
                done: false,
                start: self.counters(),
                sum: NodeSummary { touched: vec![0u64; words].into_boxed_slice(), ids: 0, insns: 0, paths: 0 },
            });
            seen.insert(key.clone(), node);
            st = key.1;
            self.stats.paths += 1;
            let mut pc = start;
            loop {
                self.stats.insns_processed += 1;
                if self.stats.insns_processed > self.limits.max_insns_processed {
                    return err(pc, format!("program too complex for the checker (> {} insns processed)", self.limits.max_insns_processed));
                }
                // the slot and (LDDW) the next one are what this step reads of the program
                if keep || reuse.is_some() {
                    let t = &mut nodes[node].sum.touched;
                    t[pc / 64] |= 1 << (pc % 64);
                    if pc + 1 < n_insns {
                        t[(pc + 1) / 64] |= 1 << ((pc + 1) % 64);
                    }
                }
                let flow = match self.step(pc, &mut st)? {
                    Flow::Next(n) if n <= pc => Flow::Branch(vec![(n, st.clone())]),
                    f => f,
                };
                match flow {
                    Flow::Next(n) => pc = n,
                    Flow::Done => {
                        finish(&mut nodes, Some(node), self.counters());
                        break;
                    }
                    Flow::Branch(targets) => {
                        if targets.is_empty() {
                            finish(&mut nodes, Some(node), self.counters());
                        } else {
                            nodes[node].pending = targets.len();
                            for (t, s) in targets {
                                work.push((t, s, Some(node)));
                            }
                        }
                        break;
                    }
                }
            }
        }
        if !keep {
            return Ok(HashMap::new());
        }
        let mut out = HashMap::with_capacity(seen.len());
        for (key, k) in seen {
            if nodes[k].done {
                out.insert(key, std::mem::take(&mut nodes[k].sum));
            }
        }
        Ok(out)
    }

    fn counters(&self) -> (u32, u64, u64) {
        (self.next_id, self.stats.insns_processed, self.stats.paths)
    }

    fn read_reg(&self, pc: usize, st: &State, r: u8) -> Result<Reg, SafetyError> {
        let reg = st.regs()[r as usize];
        if reg.ty == Ty::NotInit {
            return err(pc, format!("R{r} !read_ok"));
        }
        Ok(reg)
    }

    fn step(&mut self, pc: usize, st: &mut State) -> Result<Flow, SafetyError> {
        let i = self.prog.insns[pc];
        match self.kinds[pc] {
            Kind::Alu { is64, op, src_reg } => {
                self.alu(pc, st, &i, is64, op, src_reg)?;
                Ok(Flow::Next(pc + 1))
            }
            Kind::End { bswap, to_be, bits } => {
                let r = self.read_reg(pc, st, i.dst)?;
                if r.ty != Ty::Scalar {
                    return err(pc, format!("R{} byte swap on pointer prohibited", i.dst));
                }
                let v = match r.var.value() {
                    Some(c) => {
                        let x = match bits {
                            16 => c & 0xffff,
                            32 => c & 0xffff_ffff,
                            _ => c,
                        };
                        Scalar::konst(if bswap || to_be { swap_width(x, bits) } else { x })
                    }
                    None => {
                        if bits == 64 {
                            Scalar::UNKNOWN
                        } else {
                            Scalar::urange(0, (1u64 << bits) - 1)
                        }
                    }
                };
                st.cur().regs[i.dst as usize] = Reg::scalar(v);
                Ok(Flow::Next(pc + 1))
            }
            Kind::Lddw { pseudo } => {
                let hi = self.prog.insns[pc + 1].imm as u32 as u64;
                let reg = match pseudo {
                    0 => Reg::konst(hi << 32 | i.imm as u32 as u64),
                    BPF_PSEUDO_MAP_FD => {
                        let m = self.prog.map_index(i.imm).ok_or(SafetyError { pc, msg: "unknown map".into() })?;
                        Reg::ptr(Ty::MapPtr(m as u16))
                    }
                    BPF_PSEUDO_MAP_VALUE => {
                        let m = self.prog.map_index(i.imm).ok_or(SafetyError { pc, msg: "unknown map".into() })?;
                        let def = &self.maps[m];
                        if def.map_type != map_types::ARRAY || hi >= def.value_size as u64 {
                            return err(pc, "direct map value access needs an array map and an offset inside the value");
                        }
                        Reg { off: hi as i32, ..Reg::ptr(Ty::MapValue(m as u16)) }
                    }
                    _ => return err(pc, format!("unsupported LDDW pseudo source {pseudo}")),
                };
                st.cur().regs[i.dst as usize] = reg;
                Ok(Flow::Next(pc + 2))
            }
            Kind::LddwHigh => err(pc, "jump into the middle of LDDW"),
            Kind::LdAbs { size } | Kind::LdInd { size } => {
                if !is_skb(self.ptype()) {
                    return err(pc, "BPF_LD_[ABS|IND] instructions not allowed for this program type");
                }
                if self.has_calls {
                    return err(pc, "BPF_LD_[ABS|IND] cannot be mixed with bpf-to-bpf calls");
                }
                let r6 = self.read_reg(pc, st, 6)?;
                if r6.ty != Ty::Ctx || r6.off != 0 {
                    return err(pc, "at the time of BPF_LD_ABS|IND R6 != pointer to skb");
                }
                if matches!(self.kinds[pc], Kind::LdInd { .. }) {
                    let s = self.read_reg(pc, st, i.src)?;
                    if s.ty != Ty::Scalar {
                        return err(pc, format!("R{} pointer used as LD_IND offset", i.src));
                    }
                }
                let fr = st.cur();
                for r in 1..=5 {
                    fr.regs[r] = Reg::NOT_INIT;
                }
                let bits = size_bytes(size) * 8;
                fr.regs[0] = Reg::scalar(Scalar::urange(0, (1u64 << bits) - 1));
                Ok(Flow::Next(pc + 1))
            }
            Kind::Ldx { size, sign_ext } => {
                let base = self.read_reg(pc, st, i.src)?;
                let n = size_bytes(size);
                let mut v = self.mem_access(pc, st, i.src, base, i.off as i32, n, Access::Read)?;
                if v.ty == Ty::Scalar {
                    v.id = 0;
                    if sign_ext {
                        let half = 1i64 << (n * 8 - 1);
                        let mut s = Scalar::UNKNOWN;
                        s.smin = -half;
                        s.smax = half - 1;
                        v.var = match v.var.value() {
                            Some(c) => Scalar::konst(crate::interp::sign_extend(c, n * 8)),
                            None => s.normalize(),
                        };
                    }
                }
                st.cur().regs[i.dst as usize] = v;
                Ok(Flow::Next(pc + 1))
            }
            Kind::St { size } => {
                let base = self.read_reg(pc, st, i.dst)?;
                let val = Reg::konst(i.imm as i64 as u64);
                self.mem_access(pc, st, i.dst, base, i.off as i32, size_bytes(size), Access::Write(val))?;
                Ok(Flow::Next(pc + 1))
            }
            Kind::Stx { size } => {
                let base = self.read_reg(pc, st, i.dst)?;
                let val = self.read_reg(pc, st, i.src)?;
                self.mem_access(pc, st, i.dst, base, i.off as i32, size_bytes(size), Access::Write(val))?;
                Ok(Flow::Next(pc + 1))
            }
            Kind::Atomic { size, op } => {
                let base = self.read_reg(pc, st, i.dst)?;
                let val = self.read_reg(pc, st, i.src)?;
                if val.ty != Ty::Scalar {
                    return err(pc, format!("R{} leaks addr into mem", i.src));
                }
                if !matches!(base.ty, Ty::Stack(_) | Ty::MapValue(_)) {
                    return err(pc, format!("BPF_ATOMIC stores into R{} are not allowed", i.dst));
                }
                if let Ty::MapValue(m) = base.ty {
                    self.check_value_writable(pc, m)?;
                }
                if op == BPF_CMPXCHG {
                    let r0 = self.read_reg(pc, st, 0)?;
                    if r0.ty != Ty::Scalar {
                        return err(pc, "R0 leaks addr into mem");
                    }
                }
                let n = size_bytes(size);
                self.mem_access(pc, st, i.dst, base, i.off as i32, n, Access::Read)?;
                self.mem_access(pc, st, i.dst, base, i.off as i32, n, Access::Write(Reg::scalar(Scalar::UNKNOWN)))?;
                let loaded = Reg::scalar(if n == 8 { Scalar::UNKNOWN } else { Scalar::urange(0, u32::MAX as u64) });
                if op == BPF_CMPXCHG {
                    st.cur().regs[0] = loaded;
                } else if op & BPF_FETCH != 0 {
                    st.cur().regs[i.src as usize] = loaded;
                }
                Ok(Flow::Next(pc + 1))
            }
            Kind::Ja => Ok(Flow::Next((pc as i64 + 1 + i.jump_offset() as i64) as usize)),
            Kind::Jcond { is64, op, src_reg } => self.jcond(pc, st, &i, is64, op, src_reg),
            Kind::CallHelper(id) => {
                self.call_helper(pc, st, id)?;
                Ok(Flow::Next(pc + 1))
            }
            Kind::CallLocal(off) => {
                if st.frames.len() >= crate::interp::MAX_FRAMES {
                    return err(pc, "the call stack of 8 frames is too deep");
                }
                let target = (pc as i64 + 1 + off as i64) as usize;
                let sub = self.subprogs.iter().position(|&s| s == target).unwrap();
                let frameno = st.frames.len() as u8;
                let mut f = Frame::new(frameno, sub, pc + 1);
                for r in 1..=5 {
                    f.regs[r] = st.regs()[r];
                }
                st.frames.push(f);
                Ok(Flow::Next(target))
            }
            Kind::CallKfunc(_) => err(pc, "kfunc calls are not supported"),
            Kind::Exit => {
                // A subprogram may return with r0 unset (void functions): the caller's r0 is
                // then uninitialized, as in the kernel's prepare_func_exit.
                let r0 = if st.frames.len() == 1 { self.read_reg(pc, st, 0)? } else { st.regs()[0] };
                if st.frames.len() == 1 {
                    if r0.ty != Ty::Scalar {
                        return err(pc, "At program exit the register R0 is not a scalar value");
                    }
                    return Ok(Flow::Done);
                }
                let fno = st.frames.len() as u8 - 1;
                if r0.ty == Ty::Stack(fno) {
                    return err(pc, "cannot return stack pointer to the caller");
                }
                let callee = st.frames.pop().unwrap();
                let fr = st.cur();
                fr.regs[0] = r0;
                for r in 1..=5 {
                    fr.regs[r] = Reg::NOT_INIT;
                }
                Ok(Flow::Next(callee.ret_pc))
            }
        }
    }

    fn alu(&mut self, pc: usize, st: &mut State, i: &Insn, is64: bool, op: u8, src_reg: bool) -> Result<(), SafetyError> {
        let d = i.dst as usize;
        let src = if src_reg { self.read_reg(pc, st, i.src)? } else { Reg::konst(if is64 { i.imm as i64 as u64 } else { i.imm as u32 as u64 }) };
        if op == BPF_MOV {
            let mut r = src;
            if r.ty == Ty::Scalar {
                if i.off != 0 {
                    r = Reg::scalar(sext_scalar(&r.var, i.off as usize, is64));
                } else if is64 && src_reg {
                    // Copies share an id so that branch refinements reach both.
                    if r.id == 0 {
                        let id = self.new_id();
                        st.cur().regs[i.src as usize].id = id;
                        r.id = id;
                    }
                } else {
                    r.id = 0;
                }
                if !is64 {
                    r = Reg::scalar(r.var.zext32());
                }
            } else if !is64 || i.off != 0 {
                // 32-bit copy of a pointer: a meaningless scalar for privileged programs.
                r = Reg::scalar(if is64 { Scalar::UNKNOWN } else { Scalar::urange(0, u32::MAX as u64) });
            }
            st.cur().regs[d] = r;
            return Ok(());
        }
        let dst = self.read_reg(pc, st, i.dst)?;
        if !src_reg && matches!(op, BPF_DIV | BPF_MOD) && i.imm == 0 {
            return err(pc, "division by zero");
        }
        if dst.is_ptr() || src.is_ptr() {
            let r = self.ptr_alu(pc, st, &dst, &src, is64, op, i)?;
            st.cur().regs[d] = r;
            return Ok(());
        }
        let v = scalar_alu(&dst.var, &src.var, is64, op, i.off);
        st.cur().regs[d] = Reg::scalar(v);
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn ptr_alu(&mut self, pc: usize, _st: &mut State, dst: &Reg, src: &Reg, is64: bool, op: u8, i: &Insn) -> Result<Reg, SafetyError> {
        if !is64 {
            return err(pc, format!("R{} 32-bit pointer arithmetic prohibited", i.dst));
        }
        // Difference of two packet pointers (incl. data_end - data) is a scalar.
        if dst.is_ptr() && src.is_ptr() {
            if op == BPF_SUB && matches!(dst.ty, Ty::Pkt | Ty::PktMeta | Ty::PktEnd) && matches!(src.ty, Ty::Pkt | Ty::PktMeta | Ty::PktEnd) {
                return Ok(Reg::scalar(Scalar::UNKNOWN));
            }
            return err(pc, format!("R{} pointer {} pointer prohibited", i.dst, crate::isa::alu_sym(op)));
        }
        let (ptr, off_reg, ptr_is_dst) = if dst.is_ptr() { (*dst, *src, true) } else { (*src, *dst, false) };
        if !ptr_is_dst && op != BPF_ADD {
            return err(pc, format!("R{} scalar {} pointer not accepted", i.dst, crate::isa::alu_sym(op)));
        }
        match ptr.ty {
            Ty::MapValueOrNull(_) => return err(pc, format!("R{} pointer arithmetic on map_value_or_null prohibited, null-check it first", i.dst)),
            Ty::MapPtr(_) => return err(pc, format!("R{} pointer arithmetic on map_ptr prohibited", i.dst)),
            Ty::PktEnd => return err(pc, format!("R{} pointer arithmetic on pkt_end prohibited", i.dst)),
            Ty::Ctx if !off_reg.var.is_const() => return err(pc, format!("R{} variable ctx access prohibited", i.dst)),
            _ => {}
        }
        if op != BPF_ADD && op != BPF_SUB {
            return err(pc, format!("R{} pointer arithmetic with {} operator prohibited", i.dst, crate::isa::alu_sym(op)));
        }
        const MAX_VAR_OFF: i64 = 1 << 29;
        let mut r = ptr;
        match off_reg.var.value() {
            Some(c) => {
                let c = c as i64;
                let delta = if op == BPF_ADD { c } else { c.checked_neg().unwrap_or(i64::MAX) };
                if delta.abs() >= MAX_VAR_OFF {
                    return err(pc, format!("math between pointer and {delta} is not allowed"));
                }
                let new_off = r.off as i64 + delta;
                if new_off.abs() >= MAX_VAR_OFF {
                    return err(pc, "pointer offset out of range");
                }
                r.off = new_off as i32;
            }
            None => {
                if op == BPF_SUB {
                    return err(pc, format!("R{} subtracting a variable from a pointer is not accepted", i.dst));
                }
                // The kernel's check_reg_sane_offset: the minimum must be bounded and small.
                let sane = |s: &Scalar| s.smin != i64::MIN && s.smin > -MAX_VAR_OFF && s.smin < MAX_VAR_OFF;
                let v = off_reg.var;
                if !sane(&v) {
                    return err(pc, format!("R{} math between pointer and register with unbounded min value is not allowed", i.dst));
                }
                r.var = r.var.add(&v);
                if !sane(&r.var) {
                    return err(pc, "pointer variable offset out of bounds");
                }
                if matches!(r.ty, Ty::Pkt | Ty::PktMeta) {
                    r.id = self.new_id();
                    r.range = 0;
                }
            }
        }
        Ok(r)
    }

    fn jcond(&mut self, pc: usize, st: &mut State, i: &Insn, is64: bool, op: u8, src_reg: bool) -> Result<Flow, SafetyError> {
        let a = self.read_reg(pc, st, i.dst)?;
        let b = if src_reg { self.read_reg(pc, st, i.src)? } else { Reg::konst(i.imm as i64 as u64) };
        let taken_pc = (pc as i64 + 1 + i.off as i64) as usize;
        let fall_pc = pc + 1;
        let mut taken = st.clone();
        let mut fall = st.clone();
        let (mut t_ok, mut f_ok) = (true, true);
        if a.is_ptr() || b.is_ptr() {
            if !is64 {
                return err(pc, "32-bit comparison involving a pointer is not accepted");
            }
            self.ptr_branch(&a, &b, i, op, src_reg, &mut taken, &mut fall);
        } else if is64 {
            let (av, bv) = (a.var, b.var);
            match av.branch_taken(op, &bv) {
                Some(true) => f_ok = false,
                Some(false) => t_ok = false,
                None => {
                    if let Some(k) = bv.value() {
                        t_ok = refine(&mut taken, i.dst, &a, op, k);
                        if let Some(nop) = scalar::negate(op) {
                            f_ok = refine(&mut fall, i.dst, &a, nop, k);
                        }
                    } else if let Some(k) = av.value() {
                        if src_reg {
                            t_ok = refine(&mut taken, i.src, &b, scalar::swap(op), k);
                            if let Some(nop) = scalar::negate(op) {
                                f_ok = refine(&mut fall, i.src, &b, scalar::swap(nop), k);
                            }
                        }
                    } else if src_reg && i.src != i.dst {
                        // Both unknown: refine both ranges (the kernel's reg_set_min_max).
                        t_ok = refine_pair(&mut taken, (i.dst, &a), (i.src, &b), op);
                        if let Some(nop) = scalar::negate(op) {
                            f_ok = refine_pair(&mut fall, (i.dst, &a), (i.src, &b), nop);
                        }
                    }
                }
            }
        } else {
            // 32-bit compare: decided when both low halves are constants; refined like a 64-bit
            // compare when the register is known to fit in 32 bits and the operator is unsigned
            // (then the 32-bit and 64-bit comparisons of the zero-extended values coincide).
            if let (Some(x), Some(y)) = (a.var.zext32().value(), b.var.zext32().value()) {
                let t = crate::interp::cond32(op, x as u32, y as u32).unwrap_or(true);
                t_ok = t;
                f_ok = !t;
            } else if let Some(k) = b.var.zext32().value() {
                let unsigned = matches!(op, BPF_JEQ | BPF_JNE | BPF_JGT | BPF_JGE | BPF_JLT | BPF_JLE);
                if unsigned && a.var.umax <= u32::MAX as u64 {
                    t_ok = refine(&mut taken, i.dst, &a, op, k);
                    if let Some(nop) = scalar::negate(op) {
                        f_ok = refine(&mut fall, i.dst, &a, nop, k);
                    }
                }
            }
        }
        let mut out = Vec::new();
        if f_ok {
            out.push((fall_pc, fall));
        }
        if t_ok {
            out.push((taken_pc, taken));
        }
        Ok(Flow::Branch(out))
    }

    /// Null checks of `map_value_or_null` and packet-range learning from `pkt` vs `pkt_end`.
    fn ptr_branch(&mut self, a: &Reg, b: &Reg, i: &Insn, op: u8, src_reg: bool, taken: &mut State, fall: &mut State) {
        // map_value_or_null == 0 / != 0
        let is_zero = |r: &Reg| r.ty == Ty::Scalar && r.var.value() == Some(0);
        if let Ty::MapValueOrNull(m) = a.ty {
            if (op == BPF_JEQ || op == BPF_JNE) && is_zero(b) && a.id != 0 {
                let (null_side, val_side) = if op == BPF_JEQ { (taken, fall) } else { (fall, taken) };
                mark_null(null_side, a.id, None);
                let to = if m & INNER_MAP_OR_NULL != 0 { Ty::MapPtr(m & !INNER_MAP_OR_NULL) } else { Ty::MapValue(m) };
                mark_null(val_side, a.id, Some(to));
                return;
            }
        }
        let _ = src_reg;
        // pkt vs pkt_end (either order)
        let (pkt, pkt_is_dst) = match (a.ty, b.ty) {
            (Ty::Pkt, Ty::PktEnd) => (*a, true),
            (Ty::PktEnd, Ty::Pkt) => (*b, false),
            _ => return,
        };
        let _ = i;
        // Which side learns "pkt + off <= end" (non-strict) or "pkt + off < end" (strict)?
        // Normalize to `pkt OP end`.
        let nop = if pkt_is_dst { op } else { scalar::swap(op) };
        let (side, strict): (Option<bool>, bool) = match nop {
            BPF_JGT => (Some(false), false), // fall-through: pkt <= end
            BPF_JGE => (Some(false), true),  // fall-through: pkt < end
            BPF_JLT => (Some(true), true),   // taken: pkt < end
            BPF_JLE => (Some(true), false),  // taken: pkt <= end
            _ => (None, false),
        };
        let Some(on_taken) = side else { return };
        if pkt.off < 0 || (pkt.off == 0 && strict) || pkt.var.umax > 0xffff || pkt.var.umax as i64 + pkt.off as i64 > 0xffff {
            return;
        }
        let new_range = pkt.off + if strict { 1 } else { 0 };
        let target = if on_taken { taken } else { fall };
        target.for_each_reg(|r| {
            if r.ty == Ty::Pkt && r.id == pkt.id {
                r.range = r.range.max(new_range);
            }
        });
    }

    fn call_helper(&mut self, pc: usize, st: &mut State, id: i32) -> Result<(), SafetyError> {
        let Some(p) = proto(id, self.ptype()) else {
            return err(pc, format!("helper {} (#{id}) is not available to {} programs in the checker's model", helper_name(id), self.ptype().name()));
        };
        let mut map: Option<usize> = None;
        let args = p.args;
        for (k, arg) in args.iter().enumerate() {
            let regno = (k + 1) as u8;
            let r = self.read_reg(pc, st, regno)?;
            match arg {
                Arg::Ctx => {
                    if r.ty != Ty::Ctx || r.off != 0 {
                        return err(pc, format!("R{regno} type must be ctx for {}", helper_name(id)));
                    }
                }
                Arg::Map(u) => {
                    let Ty::MapPtr(m) = r.ty else { return err(pc, format!("R{regno} type must be map_ptr")) };
                    let outer = *u == MapUse::Lookup && self.maps[m as usize].is_map_in_map();
                    if outer && self.inner[m as usize].is_none() {
                        return err(pc, format!("map-in-map '{}' has no inner map template (cannot type the lookup result)", self.maps[m as usize].name));
                    }
                    if !outer && !map_use_ok(*u, self.maps[m as usize].map_type, self.ptype()) {
                        return err(pc, format!("cannot pass map_type {} into func {}", self.maps[m as usize].map_type, helper_name(id)));
                    }
                    map = Some(m as usize);
                }
                Arg::Key | Arg::Value => {
                    let m = map.ok_or(SafetyError { pc, msg: "map argument missing".into() })?;
                    let def = &self.maps[m];
                    let n = if *arg == Arg::Key { def.key_size } else { def.value_size } as usize;
                    self.check_mem_arg(pc, st, regno, &r, n, false)?;
                }
                Arg::Anything => {}
                Arg::Mem | Arg::MemOrNull | Arg::UninitMem => {
                    let sz = self.read_reg(pc, st, regno + 1)?;
                    if sz.ty != Ty::Scalar {
                        return err(pc, format!("R{} size must be a scalar", regno + 1));
                    }
                    let n = sz.var.umax;
                    if *arg == Arg::MemOrNull && r.ty == Ty::Scalar && r.var.value() == Some(0) {
                        if n != 0 {
                            return err(pc, format!("R{regno} NULL pointer with non-zero size"));
                        }
                        continue;
                    }
                    if n >= 1 << 29 {
                        return err(pc, format!("R{} unbounded memory access", regno + 1));
                    }
                    if n > 0 {
                        let write = *arg == Arg::UninitMem;
                        // Variable sizes: check the largest; only a constant size initializes bytes.
                        self.check_mem_arg(pc, st, regno, &r, n as usize, write && sz.var.is_const())?;
                        if write && !sz.var.is_const() {
                            self.check_mem_arg(pc, st, regno, &r, n as usize, false).or_else(|_| err(pc, "variable-size write to uninitialized memory"))?;
                        }
                    } else if !matches!(r.ty, Ty::Stack(_) | Ty::MapValue(_) | Ty::Pkt) {
                        return err(pc, format!("R{regno} invalid memory pointer"));
                    }
                }
                Arg::ConstSize | Arg::ConstSizeOrZero => {
                    if r.ty != Ty::Scalar {
                        return err(pc, format!("R{regno} size must be a scalar"));
                    }
                    if r.var.smin < 0 {
                        return err(pc, format!("R{regno} min value is negative"));
                    }
                    if *arg == Arg::ConstSize && r.var.umin == 0 {
                        return err(pc, format!("R{regno} invalid zero-sized read"));
                    }
                }
            }
        }
        if p.changes_pkt {
            st.for_each_reg(|r| {
                if matches!(r.ty, Ty::Pkt | Ty::PktEnd | Ty::PktMeta) {
                    *r = Reg::scalar(Scalar::UNKNOWN);
                }
            });
        }
        let ret = match p.ret {
            Ret::Scalar => Reg::scalar(Scalar::UNKNOWN),
            Ret::U32 => Reg::scalar(Scalar::urange(0, u32::MAX as u64)),
            // A lookup in a map-in-map gives "inner map or null": typed by the template's index,
            // which the null check turns into a map pointer.
            Ret::MapValueOrNull => {
                let m = map.unwrap();
                let t = self.inner[m].map(|t| t | INNER_MAP_OR_NULL).unwrap_or(m as u16);
                Reg { id: self.new_id(), ..Reg::ptr(Ty::MapValueOrNull(t)) }
            }
            Ret::Void => Reg::NOT_INIT,
        };
        let fr = st.cur();
        for r in 1..=5 {
            fr.regs[r] = Reg::NOT_INIT;
        }
        fr.regs[0] = ret;
        Ok(())
    }

    /// A helper reads (or, with `write`, fills) `n` bytes at register `r`.
    fn check_mem_arg(&mut self, pc: usize, st: &mut State, regno: u8, r: &Reg, n: usize, write: bool) -> Result<(), SafetyError> {
        match r.ty {
            Ty::Stack(_) | Ty::MapValue(_) | Ty::Pkt => {}
            _ => return err(pc, format!("R{regno} type {:?} is not a memory pointer for a helper", r.ty)),
        }
        if let Ty::Stack(f) = r.ty {
            if !r.var.is_const() {
                return err(pc, format!("R{regno} variable stack access not accepted"));
            }
            let off = r.off as i64 + r.var.t.value as i64;
            self.stack_bounds(pc, f, off, n)?;
            let frame = &mut st.frames[f as usize];
            for b in 0..n {
                let byte = (STACK_SIZE as i64 + off) as usize + b;
                let slot = &mut frame.stack[byte / 8];
                if write {
                    if let Slot::Spill(_) = slot {
                        *slot = Slot::Bytes([B_MISC; 8]);
                    }
                    if let Slot::Bytes(bs) = slot {
                        bs[byte % 8] = B_MISC;
                    }
                } else {
                    let init = match slot {
                        Slot::Spill(_) => true,
                        Slot::Bytes(bs) => bs[byte % 8] != B_UNINIT,
                    };
                    if !init && !self.limits.allow_uninit_stack_reads {
                        return err(pc, format!("invalid indirect read from stack R{regno} off {off}+{b} size {n}"));
                    }
                }
            }
            return Ok(());
        }
        if let (Ty::MapValue(m), true) = (r.ty, write) {
            self.check_value_writable(pc, m)?;
        }
        self.region_bounds(pc, regno, r, 0, n, write)
    }

    /// Values of devmaps (looked up from XDP) are read-only for programs.
    fn check_value_writable(&self, pc: usize, m: u16) -> Result<(), SafetyError> {
        if !map_use_ok(MapUse::Values, self.maps[m as usize].map_type, self.ptype()) {
            return err(pc, "write into map value of a read-only map");
        }
        Ok(())
    }

    fn stack_bounds(&mut self, pc: usize, frame: u8, off: i64, n: usize) -> Result<(), SafetyError> {
        if off < -(STACK_SIZE as i64) || off + n as i64 > 0 || n == 0 {
            return err(pc, format!("invalid stack access off={off} size={n}"));
        }
        let _ = frame;
        Ok(())
    }

    /// Bounds of packet and map-value accesses (fixed offset `off` + variable part).
    fn region_bounds(&self, pc: usize, regno: u8, r: &Reg, insn_off: i32, n: usize, _write: bool) -> Result<(), SafetyError> {
        let off = r.off as i64 + insn_off as i64;
        match r.ty {
            Ty::Pkt => {
                if r.var.smin < 0 {
                    return err(pc, format!("R{regno} min value is negative, either use unsigned index or do a if (index >=0) check"));
                }
                if off < 0 || off + n as i64 > r.range as i64 {
                    return err(pc, format!("invalid access to packet, off={off} size={n}, R{regno}(id={},off={},r={})", r.id, r.off, r.range));
                }
                if r.var.umax as i64 + off > 0xffff {
                    return err(pc, "packet offset too large");
                }
                Ok(())
            }
            Ty::MapValue(m) => {
                let vs = self.maps[m as usize].value_size as i64;
                if r.var.smin < 0 {
                    return err(pc, format!("R{regno} min value is negative, either use unsigned index or do a if (index >=0) check"));
                }
                let lo = off + r.var.smin;
                let hi = off.saturating_add(r.var.umax.min(i64::MAX as u64) as i64).saturating_add(n as i64);
                if lo < 0 || hi > vs {
                    return err(pc, format!("invalid access to map value, value_size={vs} off={off} size={n} (var max {})", r.var.umax));
                }
                Ok(())
            }
            _ => err(pc, format!("R{regno} invalid mem access")),
        }
    }

    fn mem_access(&mut self, pc: usize, st: &mut State, regno: u8, base: Reg, insn_off: i32, n: usize, acc: Access) -> Result<Reg, SafetyError> {
        if let Access::Write(v) = acc {
            if v.is_ptr() && !matches!(base.ty, Ty::Stack(_)) {
                return err(pc, format!("R{regno} storing a pointer outside the stack is not accepted"));
            }
        }
        let unknown_n = || Reg::scalar(if n == 8 { Scalar::UNKNOWN } else { Scalar::urange(0, (1u64 << (8 * n)) - 1) });
        match base.ty {
            Ty::NotInit => err(pc, format!("R{regno} !read_ok")),
            Ty::Scalar => err(pc, format!("R{regno} invalid mem access 'scalar'")),
            Ty::MapValueOrNull(_) => err(pc, format!("R{regno} invalid mem access 'map_value_or_null'")),
            Ty::MapPtr(_) => err(pc, format!("R{regno} invalid mem access 'map_ptr'")),
            Ty::PktEnd => err(pc, format!("R{regno} invalid access to packet end")),
            Ty::PktMeta => err(pc, format!("R{regno} packet metadata access is not accepted by the checker")),
            Ty::Ctx => self.ctx_access(pc, base.off as i64 + insn_off as i64, n, acc),
            Ty::Pkt | Ty::MapValue(_) => {
                if let (Ty::MapValue(m), Access::Write(_)) = (base.ty, acc) {
                    self.check_value_writable(pc, m)?;
                }
                self.region_bounds(pc, regno, &base, insn_off, n, matches!(acc, Access::Write(_)))?;
                Ok(unknown_n())
            }
            Ty::Stack(f) => {
                if !base.var.is_const() {
                    return err(pc, format!("R{regno} variable stack access not accepted"));
                }
                let off = base.off as i64 + base.var.t.value as i64 + insn_off as i64;
                self.stack_bounds(pc, f, off, n)?;
                if off % n as i64 != 0 {
                    return err(pc, format!("misaligned stack access off {off} size {n}"));
                }
                let sub = st.frames[f as usize].subprog;
                self.subprog_depth[sub] = self.subprog_depth[sub].max((-off) as u32);
                let frame = &mut st.frames[f as usize];
                let byte = (STACK_SIZE as i64 + off) as usize;
                let slot = &mut frame.stack[byte / 8];
                match acc {
                    Access::Write(v) => {
                        if n == 8 {
                            *slot = Slot::Spill(v);
                        } else {
                            if v.is_ptr() {
                                return err(pc, format!("R{regno} partial spill of a pointer not accepted"));
                            }
                            if let Slot::Spill(_) = slot {
                                *slot = Slot::Bytes([B_MISC; 8]);
                            }
                            let zero = v.var.value().map(|c| c & ((1u128 << (8 * n)) - 1) as u64 == 0).unwrap_or(false);
                            if let Slot::Bytes(bs) = slot {
                                for b in 0..n {
                                    bs[byte % 8 + b] = if zero { B_ZERO } else { B_MISC };
                                }
                            }
                        }
                        Ok(Reg::NOT_INIT)
                    }
                    Access::Read => match slot {
                        Slot::Spill(r) => {
                            if n == 8 {
                                Ok(*r)
                            } else if r.ty == Ty::Scalar {
                                Ok(unknown_n())
                            } else {
                                err(pc, "partial read of a spilled pointer")
                            }
                        }
                        Slot::Bytes(bs) => {
                            let part = &bs[byte % 8..byte % 8 + n];
                            if part.iter().any(|&b| b == B_UNINIT) && !self.limits.allow_uninit_stack_reads {
                                return err(pc, format!("invalid read from stack off {off} size {n} (uninitialized)"));
                            }
                            if part.iter().all(|&b| b == B_ZERO) {
                                Ok(Reg::konst(0))
                            } else {
                                Ok(unknown_n())
                            }
                        }
                    },
                }
            }
        }
    }

    /// Context accesses per program type (read-only except the writable skb fields).
    fn ctx_access(&self, pc: usize, off: i64, n: usize, acc: Access) -> Result<Reg, SafetyError> {
        let bad = || err(pc, format!("invalid bpf_context access off={off} size={n}"));
        let write = matches!(acc, Access::Write(_));
        if off < 0 || off % n as i64 != 0 {
            return bad();
        }
        let off = off as usize;
        match self.ptype() {
            ProgType::Xdp => {
                if write || n != 4 {
                    return bad();
                }
                match off {
                    0 => Ok(Reg::ptr(Ty::Pkt)),
                    4 => Ok(Reg::ptr(Ty::PktEnd)),
                    8 => Ok(Reg::ptr(Ty::PktMeta)),
                    12 | 16 => Ok(Reg::scalar(Scalar::urange(0, u32::MAX as u64))),
                    _ => bad(),
                }
            }
            ProgType::SocketFilter | ProgType::SchedCls => {
                let tc = self.ptype() == ProgType::SchedCls;
                let unknown = Reg::scalar(if n == 8 { Scalar::UNKNOWN } else { Scalar::urange(0, (1u64 << (8 * n)) - 1) });
                if let Access::Write(v) = acc {
                    if v.is_ptr() {
                        return bad();
                    }
                }
                // cb[0..5]: any aligned size, read and write.
                if off >= 48 && off + n <= 68 {
                    return Ok(if write { Reg::NOT_INIT } else { unknown });
                }
                if write {
                    return if tc && n == 4 && (off == 8 || off == 32) { Ok(Reg::NOT_INIT) } else { bad() };
                }
                match off {
                    76 if tc && n == 4 => Ok(Reg::ptr(Ty::Pkt)),
                    80 if tc && n == 4 => Ok(Reg::ptr(Ty::PktEnd)),
                    // Plain u32 fields (len .. hash): narrow loads inside one field are allowed.
                    _ if off + n <= 72 && n <= 4 && (off % 4) + n <= 4 => Ok(unknown),
                    _ => bad(),
                }
            }
            ProgType::Tracepoint => {
                // Kernel: reads only, 8 <= off < PERF_MAX_TRACE_SIZE; we also stay inside the modelled ctx.
                if write || off < 8 || off + n > self.prog.ctx_size.max(8) {
                    return bad();
                }
                Ok(Reg::scalar(if n == 8 { Scalar::UNKNOWN } else { Scalar::urange(0, (1u64 << (8 * n)) - 1) }))
            }
            ProgType::RawCtx => {
                // Loaded into the kernel as a kprobe (reads of any size at aligned offsets inside
                // struct pt_regs); we also stay inside the `max_pkt_sz` bytes the interpreter models.
                if write || off + n > self.prog.ctx_size.min(PT_REGS_SIZE) {
                    return bad();
                }
                Ok(Reg::scalar(if n == 8 { Scalar::UNKNOWN } else { Scalar::urange(0, (1u64 << (8 * n)) - 1) }))
            }
            ProgType::Kprobe => {
                if write || off + n > PT_REGS_SIZE {
                    return bad();
                }
                Ok(Reg::scalar(if n == 8 { Scalar::UNKNOWN } else { Scalar::urange(0, (1u64 << (8 * n)) - 1) }))
            }
        }
    }

    /// Largest stack use along any static call chain (kernel rounds each frame up to 32 bytes).
    fn max_chain_depth(&self) -> Result<u32, SafetyError> {
        let n = self.subprogs.len();
        let mut callees: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (pc, k) in self.kinds.iter().enumerate() {
            if let Kind::CallLocal(off) = k {
                let t = (pc as i64 + 1 + *off as i64) as usize;
                let from = self.subprogs.partition_point(|&s| s <= pc) - 1;
                let to = self.subprogs.iter().position(|&s| s == t).unwrap();
                callees[from].push(to);
            }
        }
        fn depth(s: usize, callees: &[Vec<usize>], own: &[u32], guard: usize) -> u32 {
            if guard > 16 {
                return u32::MAX / 2;
            }
            let here = own[s].div_ceil(32) * 32;
            here + callees[s].iter().map(|&c| depth(c, callees, own, guard + 1)).max().unwrap_or(0)
        }
        let d = depth(0, &callees, &self.subprog_depth, 0);
        if d > STACK_SIZE as u32 {
            return err(0, format!("combined stack size of calls is {d}, too large"));
        }
        Ok(d)
    }
}

#[derive(Clone, Copy, Debug)]
enum Access {
    Read,
    Write(Reg),
}


fn swap_width(x: u64, bits: u32) -> u64 {
    match bits {
        16 => (x as u16).swap_bytes() as u64,
        32 => (x as u32).swap_bytes() as u64,
        _ => x.swap_bytes(),
    }
}

fn sext_scalar(v: &Scalar, bits: usize, is64: bool) -> Scalar {
    if let Some(c) = v.value() {
        let s = crate::interp::sign_extend(c, bits);
        return Scalar::konst(if is64 { s } else { s & 0xffff_ffff });
    }
    if !is64 {
        return Scalar::urange(0, u32::MAX as u64);
    }
    let half = 1i64 << (bits - 1);
    let mut s = Scalar::UNKNOWN;
    s.smin = -half;
    s.smax = half - 1;
    s.normalize()
}

/// Scalar ALU, 64-bit or 32-bit (result zero-extended).
fn scalar_alu(a: &Scalar, b: &Scalar, is64: bool, op: u8, off: i16) -> Scalar {
    if let (Some(x), Some(y)) = (a.value(), b.value()) {
        return if is64 {
            crate::interp::alu64(op, x, y, off, false).map(Scalar::konst).unwrap_or(Scalar::UNKNOWN)
        } else {
            crate::interp::alu32(op, x as u32, y as u32, off, false).map(|r| Scalar::konst(r as u64)).unwrap_or(Scalar::UNKNOWN)
        };
    }
    let (a, b) = if is64 { (*a, *b) } else { (a.zext32(), b.zext32()) };
    let width = if is64 { 64 } else { 32 };
    let r = match op {
        BPF_ADD => a.add(&b),
        BPF_SUB => a.sub(&b),
        BPF_MUL => a.mul(&b),
        BPF_AND => a.and(&b),
        BPF_OR => a.or(&b),
        BPF_XOR => a.xor(&b),
        BPF_LSH | BPF_RSH | BPF_ARSH => match b.value() {
            Some(s) => {
                let s = (s % width) as u32;
                match op {
                    BPF_LSH => a.lsh(s),
                    BPF_RSH => a.rsh(s),
                    _ if is64 => a.arsh(s),
                    _ => Scalar::UNKNOWN,
                }
            }
            None => Scalar::UNKNOWN,
        },
        BPF_DIV if off == 0 => match b.value() {
            Some(c) if c != 0 => Scalar::urange(a.umin / c, a.umax / c),
            _ => Scalar::urange(0, a.umax),
        },
        BPF_MOD if off == 0 => match b.value() {
            Some(c) if c != 0 => Scalar::urange(0, (c - 1).min(a.umax)),
            _ => Scalar::urange(0, a.umax),
        },
        _ => Scalar::UNKNOWN,
    };
    if is64 {
        r
    } else {
        r.zext32()
    }
}

/// Refines scalar register `regno` (and its copies) assuming `reg op k`. False if impossible.
fn refine(st: &mut State, regno: u8, reg: &Reg, op: u8, k: u64) -> bool {
    let Some(v) = reg.var.assume(op, k) else { return false };
    let id = reg.id;
    st.cur().regs[regno as usize].var = v;
    if id != 0 {
        st.for_each_reg(|r| {
            if r.ty == Ty::Scalar && r.id == id {
                r.var = v;
            }
        });
    }
    true
}

/// Refines two scalar registers assuming `a op b`. False if impossible.
fn refine_pair(st: &mut State, (ra, a): (u8, &Reg), (rb, b): (u8, &Reg), op: u8) -> bool {
    let Some((va, vb)) = scalar::assume_rel(&a.var, op, &b.var) else { return false };
    for (regno, reg, v) in [(ra, a, va), (rb, b, vb)] {
        st.cur().regs[regno as usize].var = v;
        if reg.id != 0 {
            let id = reg.id;
            st.for_each_reg(|r| {
                if r.ty == Ty::Scalar && r.id == id {
                    r.var = v;
                }
            });
        }
    }
    true
}

/// Resolves a null check: `Some(map)` makes the group a map value, `None` makes it scalar 0.
fn mark_null(st: &mut State, id: u32, map: Option<Ty>) {
    st.for_each_reg(|r| {
        if matches!(r.ty, Ty::MapValueOrNull(_)) && r.id == id {
            *r = match map {
                Some(ty) => Reg { ty, id: 0, ..*r },
                None => Reg::konst(0),
            };
        }
    });
}

#[cfg(test)]
mod tests;
