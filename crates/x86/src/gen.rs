//! Code generation from (instruction order, per-node decisions) to x86-64 (SysV ABI).
//!
//! A greedy allocator walks the LIR nodes in the candidate's order. Carries stay in CF or OF
//! while nothing clobbers them; an instruction that would clobber a flag holding a live carry
//! first materialises it with setc/seto. Registers are freed at a value's last use and spilled
//! (farthest next use first) to the red zone or a small frame. Output limbs are stored as soon as
//! no input limb of the same index is still to be read, so `out == arg1` is safe by construction.

use crate::asm::{self, Insn, Mem, Operand, Program, Reg};
use crate::lir::{Lir, Node, V};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Use mulx/adcx/adox (BMI2 + ADX). Without it: mul, add/adc only.
    pub adx: bool,
    /// Keep rbp as a frame pointer (push rbp; mov rbp, rsp).
    pub frame_pointer: bool,
    /// Before an instruction that would clobber a flag holding a live carry, emit that carry's
    /// consumer first when its operands are ready (or computable without touching the flags):
    /// an `add`/`adc` pair stays adjacent instead of saving the carry with setc and restoring it
    /// with bt (the order is then a priority, not an exact schedule).
    pub fuse_carries: bool,
    /// Allow spills to xmm registers (`vmovq xmm, r64` / `vmovq r64, xmm`) for the nodes whose
    /// `Candidate::xmm` bit is set (the search flips them); otherwise every spill is to the stack.
    pub xmm_spills: bool,
    /// Clear CF and OF before an `adox` chain with `xor r, r` on a free register (a zero idiom,
    /// no input dependency) instead of `test al, al` (which waits for rax's producer).
    pub zero_idiom: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { adx: true, frame_pointer: false, fuse_carries: true, xmm_spills: true, zero_idiom: true }
    }
}

impl Options {
    /// Defaults with overrides from the environment, for experiments (`examples/genstats.rs`):
    /// `VF_NOADX`, `VF_FUSE=0|1`, `VF_XMM=0|1`, `VF_ZERO=0|1`.
    pub fn from_env() -> Options {
        let flag = |k: &str, d: bool| std::env::var(k).map(|v| v == "1").unwrap_or(d);
        let d = Options::default();
        Options { adx: std::env::var_os("VF_NOADX").is_none(), frame_pointer: false, fuse_carries: flag("VF_FUSE", d.fuse_carries), xmm_spills: flag("VF_XMM", d.xmm_spills), zero_idiom: flag("VF_ZERO", d.zero_idiom) }
    }
}

/// A point of the search space: a topological order of the nodes plus per-node decisions.
///
/// Decisions per node `n`: `flip[n]` (chain-start flag for AddC: false = CF, true = OF; which
/// operand goes to rdx for MulFull; operand order of commutative operations) and `choice[n]`,
/// an instruction-selection alternative taken modulo `Candidate::choices(lir, n)`; choice 0 is
/// the generator's heuristic default. Alternatives: MulImm: `mul_imm_options` (imul, lea, two
/// leas, shl, shlx); Mask and And with a wide mask constant: 1 = `bzhi` (BMI2), 2 = `and`,
/// 0 = bzhi only where it saves an instruction (`Gen::use_bzhi`); AddC with a constant operand
/// and a carry in: 0 = `adc d, imm` when OF holds no live carry, 1 = always `adcx`/`adox` with
/// the constant in a register; Add: 0 = lea when flags are live or no operand dies in a
/// register, else add; 1 = always lea.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    pub order: Vec<usize>,
    pub flip: Vec<bool>,
    pub choice: Vec<u8>,
    /// `xmm[n]`: when node n's results must be spilled, they go to a free xmm register
    /// (`vmovq`, with `Options::xmm_spills`) instead of the stack. A per-value allocator choice
    /// the search flips: an xmm spill is two moves and no memory, a stack spill one store and a
    /// reload that can often be folded into its use as a memory operand.
    pub xmm: Vec<bool>,
}

impl Candidate {
    /// A candidate with the given order and flips and default instruction selection.
    pub fn with_order(order: Vec<usize>, flip: Vec<bool>) -> Candidate {
        let n = order.len();
        Candidate { order, flip, choice: vec![0; n], xmm: vec![false; n] }
    }

    /// Number of instruction-selection alternatives for node `n` (1 = nothing to choose).
    pub fn choices(lir: &Lir, n: usize) -> usize {
        match lir.nodes[n] {
            Node::MulImm(_, k) => mul_imm_options(k).len(),
            Node::Mask(..) => 3,
            Node::And(a, b) if wide_mask(lir, a).or(wide_mask(lir, b)).is_some() => 3,
            Node::AddC(_, b, Some(_)) if const_value(lir, b).is_some() => 2,
            Node::Add(..) => 2,
            // 0: `shrd`; 1: `shr lo; shl hi-copy; lea` (two 1-cycle shifts side by side instead of
            // shrd, which is slower on some cores, e.g. AMD's: clang -mtune=native avoids it)
            Node::Shrd(lo, hi, k) if lo != hi && k > 0 && k < 64 => 2,
            _ => 1,
        }
    }

    /// Sets a random node that has alternatives to a different alternative; false if none has.
    pub fn mutate_choice(&mut self, lir: &Lir, rng: &mut vf_search::Rng) -> bool {
        let open: Vec<usize> = (0..lir.nodes.len()).filter(|&n| Candidate::choices(lir, n) > 1).collect();
        if open.is_empty() {
            return false;
        }
        let n = open[rng.index(open.len())];
        let k = Candidate::choices(lir, n);
        let now = self.choice[n] as usize % k;
        self.choice[n] = ((now + 1 + rng.index(k - 1)) % k) as u8;
        true
    }

    /// The heads of carry chains: additions without a carry in whose carry some node reads.
    /// Their `flip` bit puts the whole chain in CF (adcx) or OF (adox).
    pub fn chain_heads(lir: &Lir) -> Vec<usize> {
        let mut read = vec![false; lir.nodes.len()];
        for node in &lir.nodes {
            for (d, o) in node.operands() {
                if o == 1 && lir.nodes[d].is_carry_output(1) {
                    read[d] = true;
                }
            }
        }
        (0..lir.nodes.len()).filter(|&n| read[n] && matches!(lir.nodes[n], Node::AddC(_, _, None))).collect()
    }

    /// Moves a random carry chain to the other flag (CF <-> OF); false if there is no chain.
    pub fn mutate_chain_flag(&mut self, lir: &Lir, rng: &mut vf_search::Rng) -> bool {
        let heads = Candidate::chain_heads(lir);
        if heads.is_empty() {
            return false;
        }
        let n = heads[rng.index(heads.len())];
        self.flip[n] = !self.flip[n];
        true
    }

    /// Flips the xmm-spill preference of a random node that computes something.
    pub fn mutate_xmm(&mut self, lir: &Lir, rng: &mut vf_search::Rng) {
        for _ in 0..8 {
            let n = rng.index(lir.nodes.len());
            if !matches!(lir.nodes[n], Node::Input(..) | Node::Const(_)) {
                self.xmm[n] = !self.xmm[n];
                return;
            }
        }
    }

    /// Depth-first post-order from the outputs: every value is computed close to its use,
    /// which keeps register pressure low (the IR's own order computes all products first).
    pub fn initial(lir: &Lir) -> Candidate {
        let n = lir.nodes.len();
        let mut seen = vec![false; n];
        let mut order = Vec::with_capacity(n);
        fn visit(lir: &Lir, v: usize, seen: &mut Vec<bool>, order: &mut Vec<usize>) {
            if seen[v] {
                return;
            }
            seen[v] = true;
            for (d, _) in lir.nodes[v].operands() {
                visit(lir, d, seen, order);
            }
            order.push(v);
        }
        for &(o, _) in &lir.outputs {
            visit(lir, o, &mut seen, &mut order);
        }
        for v in 0..n {
            visit(lir, v, &mut seen, &mut order);
        }
        Candidate::with_order(order, vec![false; n])
    }

    /// List scheduling: among ready nodes, the consumer of the carry just produced goes first
    /// (so it can stay in its flag), otherwise the earliest in depth-first order. O(n log n):
    /// ready nodes are kept ordered by depth-first rank (it was a scan of every node per step,
    /// 1.3 ms on p521 carry_mul, run on every re-association move).
    pub fn carry_scheduled(lir: &Lir) -> Candidate {
        let dfs = Candidate::initial(lir).order;
        let n = lir.nodes.len();
        let mut rank = vec![0; n];
        for (i, &v) in dfs.iter().enumerate() {
            rank[v] = i;
        }
        let mut users: Vec<Vec<usize>> = vec![vec![]; n];
        let mut missing = vec![0usize; n];
        for v in 0..n {
            let mut ops: Vec<usize> = lir.nodes[v].operands().iter().map(|(d, _)| *d).collect();
            ops.sort_unstable();
            ops.dedup();
            missing[v] = ops.len();
            for d in ops {
                users[d].push(v);
            }
        }
        let mut ready: std::collections::BTreeSet<(usize, usize)> = (0..n).filter(|&v| missing[v] == 0).map(|v| (rank[v], v)).collect();
        let mut order = Vec::with_capacity(n);
        let mut last_carry: Option<V> = None;
        while let Some(&first) = ready.iter().next() {
            let carry_user = last_carry.and_then(|c| users[c.0].iter().copied().filter(|&u| ready.contains(&(rank[u], u)) && lir.nodes[u].operands().contains(&c)).min_by_key(|&u| rank[u]));
            let pick = carry_user.map(|u| (rank[u], u)).unwrap_or(first);
            ready.remove(&pick);
            let v = pick.1;
            order.push(v);
            for &u in &users[v] {
                missing[u] -= 1;
                if missing[u] == 0 {
                    ready.insert((rank[u], u));
                }
            }
            if lir.nodes[v].is_carry_output(1) {
                last_carry = Some((v, 1));
            }
        }
        assert_eq!(order.len(), n, "acyclic");
        Candidate::with_order(order, vec![false; n])
    }

    /// List scheduling for two carry chains at once, CF (adcx) and OF (adox), as in the classic
    /// dual-chain multiply-accumulate: a chain that starts while another chain's carry is live in
    /// CF is put in OF (its `flip` bit). Among ready nodes: the reader of the carry whose chain
    /// did not advance last, then (CF live, OF free) a node that starts a chain, then the reader
    /// of the other carry, so the row sum of a Montgomery step (one chain) and its
    /// addition to the accumulator (the other) interleave instead of running one after the
    /// other. Otherwise the earliest ready node in depth-first order, as in `carry_scheduled`.
    /// Subtraction chains stay in CF (`sbb`). A heuristic: the search measures it against the others.
    pub fn dual_carry_scheduled(lir: &Lir) -> Candidate {
        Candidate::dual_carry_list(lir, 0)
    }

    /// `dual_carry_scheduled` with register-pressure-aware picks: where the carry rules choose
    /// nothing, the node taken is, among the `PRESSURE_WINDOW` earliest ready nodes in
    /// depth-first order, one that adds the fewest values to the registers (results it keeps
    /// live minus operands it is the last reader of; carries read from a flag and constants do
    /// not count), the earliest on ties. On 6-7-limb Montgomery functions the plain pick starts
    /// the next products while the row sums still hold their operands, which the allocator then
    /// spills; a window keeps the depth-first structure (and the products' latency hidden) while
    /// finishing additions that free registers first.
    pub fn pressure_dual_scheduled(lir: &Lir) -> Candidate {
        Candidate::dual_carry_list(lir, PRESSURE_WINDOW)
    }

    /// `pressure_dual_scheduled` with another window (0 = `dual_carry_scheduled`).
    pub fn dual_carry_list(lir: &Lir, window: usize) -> Candidate {
        let dfs = Candidate::initial(lir).order;
        let n = lir.nodes.len();
        let mut rank = vec![0; n];
        for (i, &v) in dfs.iter().enumerate() {
            rank[v] = i;
        }
        let mut users: Vec<Vec<usize>> = vec![vec![]; n];
        let mut missing = vec![0usize; n];
        let mut carry_read = vec![false; n];
        for v in 0..n {
            let mut ops: Vec<usize> = lir.nodes[v].operands().iter().map(|(d, _)| *d).collect();
            for (d, o) in lir.nodes[v].operands() {
                if o == 1 && lir.nodes[d].is_carry_output(1) {
                    carry_read[d] = true;
                }
            }
            ops.sort_unstable();
            ops.dedup();
            missing[v] = ops.len();
            for d in ops {
                users[d].push(v);
            }
        }
        let mut ready: std::collections::BTreeSet<(usize, usize)> = (0..n).filter(|&v| missing[v] == 0).map(|v| (rank[v], v)).collect();
        let mut order = Vec::with_capacity(n);
        let mut flip = vec![false; n];
        // register pressure: unscheduled readers per value node, and which results are read in
        // a register (not carries, which a chain reads from its flag; not constants)
        let mut readers_left: Vec<usize> = users.iter().map(|u| u.len()).collect();
        let in_register = |d: usize| !matches!(lir.nodes[d], Node::Const(_) | Node::Input(..));
        let mut kept_results = vec![0i64; n];
        {
            let mut seen = std::collections::HashSet::new();
            for v in 0..n {
                for (d, o) in lir.nodes[v].operands() {
                    let flag = lir.nodes[d].is_carry_output(o) && carry_read[d];
                    if !flag && in_register(d) && seen.insert((d, o)) {
                        kept_results[d] += 1;
                    }
                }
            }
        }
        let delta = |v: usize, readers_left: &Vec<usize>| -> i64 {
            let mut ops: Vec<usize> = lir.nodes[v].operands().iter().map(|(d, _)| *d).filter(|&d| in_register(d)).collect();
            ops.sort_unstable();
            ops.dedup();
            kept_results[v] - ops.iter().filter(|&&d| readers_left[d] == 1).count() as i64
        };
        // the live carry held by each flag: [CF, OF]; the flag whose chain advanced last
        let mut flags: [Option<V>; 2] = [None, None];
        let mut last = 1usize;
        while let Some(&first) = ready.iter().next() {
            let reader = |c: V, ready: &std::collections::BTreeSet<(usize, usize)>| {
                users[c.0].iter().copied().filter(|&u| ready.contains(&(rank[u], u)) && lir.nodes[u].operands().contains(&c)).min_by_key(|&u| rank[u])
            };
            let reader_in = |f: usize| flags[f].and_then(|c| reader(c, &ready));
            // a ready node that starts a chain whose carry is read (it would go to OF)
            let head = || ready.iter().map(|&(_, u)| u).find(|&u| matches!(lir.nodes[u], Node::AddC(_, _, None)) && carry_read[u]);
            let pick = reader_in(1 - last)
                .or_else(|| if flags[0].is_some() && flags[1].is_none() { head() } else { None })
                .or_else(|| reader_in(last))
                .map(|u| (rank[u], u))
                .unwrap_or_else(|| {
                    if window == 0 {
                        return first;
                    }
                    *ready.iter().take(window).min_by_key(|&&(r, u)| (delta(u, &readers_left), r)).unwrap()
                });
            ready.remove(&pick);
            let v = pick.1;
            order.push(v);
            for &u in &users[v] {
                missing[u] -= 1;
                if missing[u] == 0 {
                    ready.insert((rank[u], u));
                }
            }
            {
                let mut ops: Vec<usize> = lir.nodes[v].operands().iter().map(|(d, _)| *d).collect();
                ops.sort_unstable();
                ops.dedup();
                for d in ops {
                    readers_left[d] -= 1;
                }
            }
            // the flag whose carry v reads (it continues or ends that chain)
            let read = (0..2).find(|&f| flags[f].is_some_and(|c| lir.nodes[v].operands().contains(&c)));
            if let Some(f) = read {
                flags[f] = None;
                last = f;
            }
            let makes_carry = lir.nodes[v].is_carry_output(1) && carry_read[v];
            match lir.nodes[v] {
                Node::AddC(_, _, cin) if makes_carry => {
                    let f = match (read, cin) {
                        (Some(f), _) => f,
                        // a new chain: CF when it is free, else OF
                        (None, None) => {
                            if flags[0].is_none() {
                                0
                            } else if flags[1].is_none() {
                                1
                            } else {
                                0
                            }
                        }
                        // a carry-in that is no longer in a flag is restored into CF
                        (None, Some(_)) => 0,
                    };
                    flip[v] = f == 1 && cin.is_none();
                    flags[f] = Some((v, 1));
                    last = f;
                }
                Node::SubB(..) if makes_carry => {
                    flags[0] = Some((v, 1));
                    last = 0;
                }
                _ => {}
            }
        }
        assert_eq!(order.len(), n, "acyclic");
        Candidate::with_order(order, flip)
    }

    /// The LIR's own (IR) order.
    pub fn ir_order(lir: &Lir) -> Candidate {
        Candidate::with_order((0..lir.nodes.len()).collect(), vec![false; lir.nodes.len()])
    }
}


/// How many of the earliest ready nodes `Candidate::pressure_dual_scheduled` compares.
pub const PRESSURE_WINDOW: usize = 8;

/// How a multiplication by a constant k is emitted (alternatives for `choice`, after 0 = auto).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MulSel {
    /// `imul d, s, k` (or `mov d, k; imul d, s` for a wide k). Clobbers CF/OF.
    Imul,
    /// `lea d, [s + s*(k-1)]` for k in {2, 3, 5, 9}. Flags untouched.
    Lea(u8),
    /// `lea t, [s + s*(j-1)]` (j in {3, 5, 9}), then `lea d, [t + t*(b-1)]` (k = j b, b in {2, 3, 5, 9})
    /// or `lea d, [s + t*b]` (k = 1 + j b, b in {2, 4, 8}). Flags untouched.
    Lea2 { j: u8, b: u8, plus_one: bool },
    /// `shl d, c` for k = 2^c. Clobbers flags.
    Shl(u8),
    /// `mov t, c; shlx d, s, t` for k = 2^c (BMI2). Flags untouched.
    Shlx(u8),
}

/// The ways to multiply by `k` (choice i >= 1 selects entry (i - 1) mod len; 0 = auto).
pub fn mul_imm_options(k: u64) -> Vec<MulSel> {
    let mut v = vec![];
    if matches!(k, 2 | 3 | 5 | 9) {
        v.push(MulSel::Lea(k as u8));
    }
    if let Some(l2) = lea2(k) {
        v.push(l2);
    }
    if k.is_power_of_two() && k > 1 {
        v.push(MulSel::Shl(k.trailing_zeros() as u8));
        v.push(MulSel::Shlx(k.trailing_zeros() as u8));
    }
    v.push(MulSel::Imul);
    v
}

fn lea2(k: u64) -> Option<MulSel> {
    for j in [3u64, 5, 9] {
        if k % j == 0 && matches!(k / j, 2 | 3 | 5 | 9) {
            return Some(MulSel::Lea2 { j: j as u8, b: (k / j) as u8, plus_one: false });
        }
        if k > 1 && (k - 1) % j == 0 && matches!((k - 1) / j, 2 | 4 | 8) {
            return Some(MulSel::Lea2 { j: j as u8, b: ((k - 1) / j) as u8, plus_one: true });
        }
    }
    None
}

/// The value of `v` if it is a constant node.
fn const_value(lir: &Lir, v: V) -> Option<u64> {
    match lir.nodes[v.0] {
        Node::Const(c) if v.1 == 0 => Some(c),
        _ => None,
    }
}

/// k if `v` is the constant 2^k - 1 with 32 <= k < 64 (a mask that does not fit an imm32).
fn wide_mask(lir: &Lir, v: V) -> Option<u8> {
    let c = const_value(lir, v)?;
    (c != u64::MAX && c & c.wrapping_add(1) == 0 && c > i32::MAX as u64).then(|| (64 - c.leading_zeros()) as u8)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loc {
    Reg(u8),
    Slot(u32),
    /// the low 64 bits of xmm register k (`Options::xmm_spills`)
    Xmm(u8),
    Input(usize, usize),
    Const(u64),
    Cf,
    Of,
}

const ARG2_PTR: u8 = asm::RCX;

struct Gen<'a> {
    lir: &'a Lir,
    opts: Options,
    out: Vec<Insn>,
    locs: HashMap<V, Vec<Loc>>,
    holds: [Option<V>; 16],
    cf: Option<V>,
    of: Option<V>,
    uses_left: HashMap<V, usize>,
    /// positions (in the order) where each value is used, ascending
    use_pos: HashMap<V, Vec<usize>>,
    pos: usize,
    slots_used: u32,
    free_slots: Vec<u32>,
    allocatable: Vec<u8>,
    used_regs: [bool; 16],
    /// which value each xmm register holds (xmm spills)
    xmm_holds: [Option<V>; 16],
    /// per node: spill its results to xmm registers (`Candidate::xmm`)
    xmm_pref: Vec<bool>,
    stored: Vec<bool>,
    /// nodes already emitted (with `fuse_carries` a node may run before its place in the order)
    done: Vec<bool>,
    /// the nodes that read each carry
    carry_users: HashMap<V, Vec<usize>>,
    /// per output index i: the input nodes of limb i (output i is stored once none is live)
    limb_inputs: Vec<Vec<usize>>,
    /// per argument k: its input nodes (its pointer register is freed once none is live)
    arg_inputs: Vec<Vec<usize>>,
}

fn q(r: u8) -> Operand {
    Operand::Reg(Reg::q(r))
}

fn imm(v: u64) -> Operand {
    Operand::Imm(v)
}

fn fits_imm32(v: u64) -> bool {
    (v as i64) >= i32::MIN as i64 && (v as i64) <= i32::MAX as i64
}

fn slot_mem(s: u32) -> Mem {
    Mem { base: Some(asm::RSP), index: None, disp: -8 * (s as i64 + 1), bits: 64 }
}

type Res<T> = Result<T, String>;

/// Generates the function `name` for `lir` following `cand`.
pub fn generate(lir: &Lir, cand: &Candidate, opts: Options, name: &str) -> Res<Program> {
    let mut g = Gen::new(lir, cand, opts)?;
    g.body(cand)?;
    Ok(g.finish(name))
}

impl<'a> Gen<'a> {
    fn new(lir: &'a Lir, cand: &Candidate, opts: Options) -> Res<Self> {
        check_topological(lir, &cand.order)?;
        let mut uses_left: HashMap<V, usize> = HashMap::new();
        let mut use_pos: HashMap<V, Vec<usize>> = HashMap::new();
        for (p, &n) in cand.order.iter().enumerate() {
            for v in lir.nodes[n].operands() {
                *uses_left.entry(v).or_default() += 1;
                use_pos.entry(v).or_default().push(p);
            }
        }
        for &o in &lir.outputs {
            *uses_left.entry(o).or_default() += 1;
            use_pos.entry(o).or_default().push(usize::MAX);
        }
        let mut locs: HashMap<V, Vec<Loc>> = HashMap::new();
        for (i, n) in lir.nodes.iter().enumerate() {
            match *n {
                Node::Input(k, j) => {
                    locs.insert((i, 0), vec![Loc::Input(k, j)]);
                }
                Node::Const(c) => {
                    locs.insert((i, 0), vec![Loc::Const(c)]);
                }
                _ => {}
            }
        }
        let reserved = |r: u8| r == asm::RSP || r == asm::RDI || r == asm::RSI || (r == ARG2_PTR && lir.num_inputs.len() > 1) || (r == asm::RBP && opts.frame_pointer);
        // caller-saved first: they cost no save/restore
        let pref = [asm::RAX, 8, 9, 10, 11, asm::RCX, asm::RDX, asm::RBX, asm::RBP, 12, 13, 14, 15];
        let allocatable = pref.iter().copied().filter(|&r| !reserved(r)).collect();
        let mut carry_users: HashMap<V, Vec<usize>> = HashMap::new();
        let mut limb_inputs = vec![vec![]; lir.outputs.len()];
        let mut arg_inputs = vec![vec![]; lir.num_inputs.len()];
        for (n, node) in lir.nodes.iter().enumerate() {
            for v in node.operands() {
                if lir.nodes[v.0].is_carry_output(v.1) {
                    carry_users.entry(v).or_default().push(n);
                }
            }
            if let Node::Input(k, j) = *node {
                // an output limb that is itself this input needs no protection (stored as is)
                if j < limb_inputs.len() && !lir.outputs.contains(&(n, 0)) {
                    limb_inputs[j].push(n);
                }
                if k < arg_inputs.len() {
                    arg_inputs[k].push(n);
                }
            }
        }
        Ok(Gen {
            done: vec![false; lir.nodes.len()],
            carry_users,
            limb_inputs,
            arg_inputs,
            lir,
            opts,
            out: vec![],
            locs,
            holds: [None; 16],
            cf: None,
            of: None,
            uses_left,
            use_pos,
            pos: 0,
            slots_used: 0,
            free_slots: vec![],
            allocatable,
            used_regs: [false; 16],
            xmm_holds: [None; 16],
            xmm_pref: (0..lir.nodes.len()).map(|n| cand.xmm.get(n).copied().unwrap_or(false)).collect(),
            stored: vec![false; lir.outputs.len()],
        })
    }

    fn emit(&mut self, mn: &str, ops: Vec<Operand>) {
        for o in &ops {
            if let Operand::Reg(r) = o {
                if r.is_xmm() {
                    continue;
                }
                self.used_regs[r.num as usize] = true;
            }
        }
        self.out.push(Insn { mnemonic: mn.to_string(), ops, line: 0 });
    }

    fn live(&self, v: V) -> bool {
        self.uses_left.get(&v).copied().unwrap_or(0) > 0
    }

    fn next_use(&self, v: V) -> usize {
        self.use_pos.get(&v).and_then(|p| p.iter().find(|&&x| x >= self.pos).copied()).unwrap_or(usize::MAX)
    }

    fn bind(&mut self, v: V, l: Loc) {
        if let Loc::Reg(r) = l {
            self.holds[r as usize] = Some(v);
        }
        self.locs.entry(v).or_default().push(l);
    }

    fn unbind_reg(&mut self, r: u8) {
        if let Some(v) = self.holds[r as usize].take() {
            if let Some(ls) = self.locs.get_mut(&v) {
                ls.retain(|l| *l != Loc::Reg(r));
            }
        }
    }

    fn reg_of(&self, v: V) -> Option<u8> {
        self.locs.get(&v)?.iter().find_map(|l| if let Loc::Reg(r) = l { Some(*r) } else { None })
    }

    fn mem_of(&self, v: V) -> Option<Operand> {
        self.locs.get(&v)?.iter().find_map(|l| match l {
            Loc::Input(k, i) => Some(Operand::Mem(Mem { base: Some([asm::RSI, ARG2_PTR][*k]), index: None, disp: 8 * *i as i64, bits: 64 })),
            Loc::Slot(s) => Some(Operand::Mem(slot_mem(*s))),
            _ => None,
        })
    }

    fn const_of(&self, v: V) -> Option<u64> {
        self.locs.get(&v)?.iter().find_map(|l| if let Loc::Const(c) = l { Some(*c) } else { None })
    }

    /// A free register, spilling if none is free: the victim is the value with the farthest next
    /// use, where a value that already has a memory copy (input limb, slot) counts as twice as far
    /// (evicting it needs no store).
    fn alloc(&mut self, avoid: &[u8]) -> Res<u8> {
        self.release_dead_pointers();
        let cands: Vec<u8> = self.allocatable.iter().copied().filter(|r| !avoid.contains(r)).collect();
        let free = |r: u8| self.holds[r as usize].is_none();
        // a free register that costs nothing extra: caller-saved, or callee-saved already saved
        if let Some(&r) = cands.iter().find(|&&r| free(r) && (self.used_regs[r as usize] || !asm::CALLEE_SAVED.contains(&r))) {
            return Ok(r);
        }
        // before opening a new callee-saved register (a save and a restore), evict a value that
        // can be reloaded without a store (constant or input limb) and is not needed soon
        if let Some(r) = self.cheap_eviction(&cands) {
            self.unbind_reg(r);
            return Ok(r);
        }
        if let Some(&r) = cands.iter().find(|&&r| free(r)) {
            return Ok(r);
        }
        let victim = cands
            .iter()
            .copied()
            .max_by_key(|&r| {
                let v = self.holds[r as usize].unwrap();
                let dist = self.next_use(v).saturating_sub(self.pos);
                let in_memory = self.locs[&v].iter().any(|l| matches!(l, Loc::Input(..) | Loc::Slot(_) | Loc::Xmm(_) | Loc::Const(_)));
                if in_memory {
                    dist.saturating_mul(2)
                } else {
                    dist
                }
            })
            .ok_or("no register available")?;
        self.spill(victim);
        Ok(victim)
    }

    /// A register among `cands` holding a constant or input limb (reloadable with one `mov` and
    /// no store) whose next use is at least `REMAT_DISTANCE` nodes away; the farthest one.
    fn cheap_eviction(&self, cands: &[u8]) -> Option<u8> {
        const REMAT_DISTANCE: usize = 4;
        cands
            .iter()
            .copied()
            .filter_map(|r| {
                let v = self.holds[r as usize]?;
                let reloadable = self.locs[&v].iter().any(|l| matches!(l, Loc::Input(..) | Loc::Const(_)));
                let dist = self.next_use(v).saturating_sub(self.pos);
                (reloadable && dist >= REMAT_DISTANCE).then_some((dist, r))
            })
            .max()
            .map(|(_, r)| r)
    }

    /// Once no input limb of argument k is needed any more, its pointer register (rsi, or rcx
    /// for arg2) becomes allocatable, before the callee-saved registers.
    fn release_dead_pointers(&mut self) {
        for k in 0..self.lir.num_inputs.len() {
            let ptr = [asm::RSI, ARG2_PTR][k];
            if self.allocatable.contains(&ptr) {
                continue;
            }
            let needed = self.arg_inputs[k].iter().any(|&n| self.live((n, 0)));
            if !needed {
                let at = self.allocatable.iter().position(|r| asm::CALLEE_SAVED.contains(r)).unwrap_or(self.allocatable.len());
                self.allocatable.insert(at, ptr);
            }
        }
    }

    fn spill(&mut self, r: u8) {
        let v = match self.holds[r as usize] {
            Some(v) => v,
            None => return,
        };
        let elsewhere = self.locs[&v].iter().any(|l| matches!(l, Loc::Input(..) | Loc::Slot(_) | Loc::Xmm(_) | Loc::Const(_)));
        if !elsewhere && self.live(v) && self.opts.xmm_spills && self.xmm_pref[v.0] {
            if let Some(k) = (0..16u8).find(|&k| self.xmm_holds[k as usize].is_none()) {
                self.emit(self.xmm_move(), vec![Operand::Reg(Reg::xmm(k)), q(r)]);
                self.xmm_holds[k as usize] = Some(v);
                self.bind(v, Loc::Xmm(k));
                self.unbind_reg(r);
                return;
            }
        }
        if !elsewhere && self.live(v) {
            let s = self.free_slots.pop().unwrap_or_else(|| {
                self.slots_used += 1;
                self.slots_used - 1
            });
            self.emit("mov", vec![Operand::Mem(slot_mem(s)), q(r)]);
            self.bind(v, Loc::Slot(s));
        }
        self.unbind_reg(r);
    }

    /// `vmovq` (AVX, with ADX code) or `movq` (SSE2).
    fn xmm_move(&self) -> &'static str {
        if self.opts.adx {
            "vmovq"
        } else {
            "movq"
        }
    }

    fn xmm_of(&self, v: V) -> Option<u8> {
        self.locs.get(&v)?.iter().find_map(|l| if let Loc::Xmm(k) = l { Some(*k) } else { None })
    }

    /// Ensures `v` is in a register and returns it.
    fn in_reg(&mut self, v: V, avoid: &[u8]) -> Res<u8> {
        if let Some(r) = self.reg_of(v) {
            return Ok(r);
        }
        if self.cf == Some(v) || self.of == Some(v) {
            self.materialize_flag(self.of == Some(v) && self.cf != Some(v), avoid)?;
            return self.reg_of(v).ok_or_else(|| "carry materialisation failed".to_string());
        }
        let r = self.alloc(avoid)?;
        if let Some(c) = self.const_of(v) {
            self.emit("mov", vec![q(r), imm(c)]);
        } else if let Some(k) = self.xmm_of(v) {
            self.emit(self.xmm_move(), vec![q(r), Operand::Reg(Reg::xmm(k))]);
        } else if let Some(m) = self.mem_of(v) {
            self.emit("mov", vec![q(r), m]);
        } else {
            return Err(format!("value {v:?} has no location"));
        }
        self.bind(v, Loc::Reg(r));
        Ok(r)
    }

    /// Register or memory operand for `v` (constants loaded into a register).
    fn rm(&mut self, v: V, avoid: &[u8]) -> Res<Operand> {
        if let Some(r) = self.reg_of(v) {
            return Ok(q(r));
        }
        if let Some(m) = self.mem_of(v) {
            return Ok(m);
        }
        Ok(q(self.in_reg(v, avoid)?))
    }

    /// Register, memory or sign-extended imm32 operand for `v`.
    fn rmi(&mut self, v: V, avoid: &[u8]) -> Res<Operand> {
        match self.const_of(v) {
            Some(c) if fits_imm32(c) && self.reg_of(v).is_none() => Ok(imm(c)),
            _ => self.rm(v, avoid),
        }
    }

    /// A register holding `v` that the next instruction may overwrite (copying if `v` lives on).
    fn take_dst(&mut self, v: V, avoid: &[u8]) -> Res<u8> {
        if let Some(r) = self.reg_of(v) {
            if self.uses_left[&v] == 1 && !avoid.contains(&r) {
                self.unbind_reg(r);
                return Ok(r);
            }
        }
        let r = self.alloc(avoid)?;
        if let Some(c) = self.const_of(v) {
            self.emit("mov", vec![q(r), imm(c)]);
        } else {
            let src = if let Some(s) = self.reg_of(v) {
                q(s)
            } else if let Some(k) = self.xmm_of(v) {
                self.emit(self.xmm_move(), vec![q(r), Operand::Reg(Reg::xmm(k))]);
                return Ok(r);
            } else if let Some(m) = self.mem_of(v) {
                m
            } else {
                q(self.in_reg(v, &[avoid, &[r]].concat())?)
            };
            self.emit("mov", vec![q(r), src]);
        }
        Ok(r)
    }

    /// Puts the carry held in CF (of = false) or OF into a register as 0/1.
    fn materialize_flag(&mut self, of: bool, avoid: &[u8]) -> Res<()> {
        let v = if of { self.of } else { self.cf };
        let v = match v {
            Some(v) => v,
            None => return Ok(()),
        };
        let r = self.alloc(avoid)?;
        self.emit("mov", vec![q(r), imm(0)]);
        self.emit(if of { "seto" } else { "setc" }, vec![Operand::Reg(Reg::b(r))]);
        self.bind(v, Loc::Reg(r));
        if let Some(ls) = self.locs.get_mut(&v) {
            ls.retain(|l| *l != Loc::Cf && *l != Loc::Of);
        }
        if self.cf == Some(v) {
            self.cf = None;
        }
        if self.of == Some(v) {
            self.of = None;
        }
        Ok(())
    }

    /// Before an instruction that clobbers CF and/or OF: keeps live carries (except `consumed`).
    fn protect(&mut self, cf: bool, of: bool, consumed: Option<V>, avoid: &[u8]) -> Res<()> {
        for (clob, is_of) in [(cf, false), (of, true)] {
            let holder = if is_of { self.of } else { self.cf };
            if let Some(v) = holder {
                if !clob {
                    continue;
                }
                let last_use_here = consumed == Some(v) && self.uses_left[&v] == 1;
                if self.live(v) && !last_use_here && self.reg_of(v).is_none() {
                    self.materialize_flag(is_of, avoid)?;
                }
                if is_of {
                    self.of = None;
                } else {
                    self.cf = None;
                }
                if let Some(ls) = self.locs.get_mut(&v) {
                    ls.retain(|l| *l != Loc::Cf && *l != Loc::Of);
                }
            }
        }
        Ok(())
    }

    fn set_flag(&mut self, of: bool, v: Option<V>) {
        if of {
            self.of = v;
        } else {
            self.cf = v;
        }
        if let Some(v) = v {
            self.bind(v, if of { Loc::Of } else { Loc::Cf });
        }
    }

    /// Clears CF and OF (the caller has protected live carries). With a register that holds no
    /// value and costs nothing to write (caller-saved, or callee-saved and already saved), the
    /// zero idiom `xor r, r`, which the core resolves at rename without waiting for any input;
    /// otherwise `test al, al`, whose flags wait for whatever last wrote rax (often a `mulx`
    /// several cycles away), which delays the `adox` chain it opens.
    fn clear_cf_of(&mut self, avoid: &[u8]) {
        self.release_dead_pointers();
        let free = self.allocatable.iter().copied().find(|&r| {
            !avoid.contains(&r)
                && self.holds[r as usize].is_none()
                && (self.used_regs[r as usize] || !asm::CALLEE_SAVED.contains(&r))
        });
        match free {
            Some(r) if self.opts.zero_idiom => {
                self.emit("xor", vec![q(r), q(r)]);
            }
            _ => self.emit("test", vec![Operand::Reg(Reg::b(asm::RAX)), Operand::Reg(Reg::b(asm::RAX))]),
        }
    }

    /// Makes CF hold carry `c` (restoring a materialised carry with `bt`).
    fn carry_to_cf(&mut self, c: V, avoid: &[u8]) -> Res<()> {
        if self.cf == Some(c) {
            return Ok(());
        }
        let r = self.in_reg(c, avoid)?;
        self.protect(true, true, None, &[avoid, &[r]].concat())?;
        self.emit("bt", vec![q(r), imm(0)]);
        self.set_flag(false, Some(c));
        Ok(())
    }

    fn done_with(&mut self, vs: &[V]) {
        for v in vs {
            if let Some(u) = self.uses_left.get_mut(v) {
                *u = u.saturating_sub(1);
                if *u == 0 {
                    self.release(*v);
                }
            }
        }
    }

    fn release(&mut self, v: V) {
        if let Some(ls) = self.locs.get(&v).cloned() {
            for l in ls {
                match l {
                    Loc::Reg(r) => {
                        self.holds[r as usize] = None;
                    }
                    Loc::Slot(s) => self.free_slots.push(s),
                    Loc::Xmm(k) => self.xmm_holds[k as usize] = None,
                    _ => {}
                }
            }
            self.locs.get_mut(&v).unwrap().retain(|l| matches!(l, Loc::Input(..) | Loc::Const(_)));
        }
        if self.cf == Some(v) {
            self.cf = None;
        }
        if self.of == Some(v) {
            self.of = None;
        }
    }

    fn define(&mut self, v: V, r: u8) {
        self.unbind_reg(r);
        if self.live(v) {
            self.bind(v, Loc::Reg(r));
        }
    }

    fn body(&mut self, cand: &Candidate) -> Res<()> {
        if self.lir.num_inputs.len() > 1 {
            self.emit("mov", vec![q(ARG2_PTR), q(asm::RDX)]);
        }
        for (p, &n) in cand.order.iter().enumerate() {
            self.pos = p;
            if !self.done[n] {
                self.run_node(cand, n)?;
            }
        }
        self.pos = usize::MAX;
        self.store_ready_outputs()?;
        if self.stored.iter().any(|s| !s) {
            return Err("internal: some outputs were not stored".into());
        }
        Ok(())
    }

    /// Emits node `n` (with `fuse_carries`, first the consumer of a live carry that `n` would
    /// clobber, when it can run now) and stores the outputs that became ready.
    fn run_node(&mut self, cand: &Candidate, n: usize) -> Res<()> {
        if self.opts.fuse_carries {
            while let Some(pull) = self.carry_consumer_to_pull(cand, n) {
                for m in pull {
                    self.run_node(cand, m)?;
                }
            }
            // n makes a carry: what its reader still lacks and can compute now goes first, so
            // the reader can follow n directly (e.g. the `shr` of a high word that would
            // otherwise sit between an `add` and its `adc`), unless that clobbers a live carry
            if let Some(&[m]) = self.carry_users.get(&(n, 1)).map(Vec::as_slice) {
                for (d, _) in self.lir.nodes[m].operands() {
                    let ready = !self.done[d] && d != n && self.lir.nodes[d].operands().iter().all(|(e, _)| self.done[*e]);
                    if ready {
                        let (ccf, cof) = self.clobbers(cand, d);
                        let hurts = |clob: bool, h: Option<V>| clob && h.is_some_and(|c| self.live(c) && self.reg_of(c).is_none());
                        if !hurts(ccf, self.cf) && !hurts(cof, self.of) {
                            self.run_node(cand, d)?;
                        }
                    }
                }
            }
        }
        self.node(n, cand.flip[n], cand.choice.get(n).copied().unwrap_or(0))?;
        self.done[n] = true;
        self.store_ready_outputs()
    }

    /// The nodes to emit before `n` so that the carry in a flag `n` would clobber is consumed
    /// first: the carry's only reader plus the operands it still lacks, when each of those can
    /// run now without touching the flags (e.g. the mulx of the high word). None otherwise.
    fn carry_consumer_to_pull(&self, cand: &Candidate, n: usize) -> Option<Vec<usize>> {
        let (clob_cf, clob_of) = self.clobbers(cand, n);
        for (clob, holder) in [(clob_cf, self.cf), (clob_of, self.of)] {
            let Some(c) = holder.filter(|&c| clob && self.live(c) && self.reg_of(c).is_none()) else { continue };
            let users = self.carry_users.get(&c)?;
            let &[m] = users.as_slice() else { continue };
            if m == n || self.done[m] {
                continue;
            }
            let mut pull = vec![];
            let ok = self.lir.nodes[m].operands().iter().all(|&(d, _)| {
                if self.done[d] || pull.contains(&d) {
                    return true;
                }
                let ready = d != n && self.lir.nodes[d].operands().iter().all(|(e, _)| self.done[*e]);
                let flag_free = self.clobbers(cand, d) == (false, false);
                if ready && flag_free {
                    pull.push(d);
                }
                ready && flag_free
            });
            if ok {
                pull.push(m);
                return Some(pull);
            }
        }
        None
    }

    /// Whether emitting node `n` now would write (CF, OF) (conservative: may say true for a
    /// form that turns out flag-free, never false for one that writes a flag holding a carry).
    fn clobbers(&self, cand: &Candidate, n: usize) -> (bool, bool) {
        let choice = cand.choice.get(n).copied().unwrap_or(0);
        match self.lir.nodes[n] {
            Node::Input(..) | Node::Const(_) | Node::Not(_) => (false, false),
            Node::MulFull(..) => (!self.opts.adx, !self.opts.adx),
            // with a live carry in a flag, choice 0 of an addition is a lea
            Node::Add(..) => (false, false),
            Node::MulImm(_, k) => {
                let options = mul_imm_options(k);
                let sel = match choice {
                    0 => options.iter().copied().find(|m| !matches!(m, MulSel::Imul | MulSel::Shl(_) | MulSel::Shlx(_))),
                    c => Some(options[(c as usize - 1) % options.len()]),
                };
                let flags = !matches!(sel, Some(MulSel::Lea(_) | MulSel::Lea2 { .. })) && !(matches!(sel, Some(MulSel::Shlx(_))) && self.opts.adx);
                (flags, flags)
            }
            Node::AddC(_, _, Some(c)) if self.opts.adx && self.of == Some(c) => (false, true),
            Node::AddC(a, b, Some(c)) if self.opts.adx && self.cf == Some(c) => {
                // `adc d, imm` (choice 0, constant operand) writes OF too
                let imm = const_value(self.lir, a).or(const_value(self.lir, b)).is_some_and(fits_imm32);
                (true, imm && choice % 2 == 0)
            }
            Node::AddC(_, _, None) if self.opts.adx && !cand.flip[n] => (true, !self.of.is_some_and(|v| self.live(v))),
            Node::Cmov(c, _, _) if self.cf == Some(c) || self.of == Some(c) => (false, false),
            Node::Bool(_) => (false, false),
            _ => (true, true),
        }
    }

    fn store_ready_outputs(&mut self) -> Res<()> {
        for i in 0..self.lir.outputs.len() {
            if self.stored[i] {
                continue;
            }
            let v = self.lir.outputs[i];
            let computed = self.locs.get(&v).map(|l| !l.is_empty()).unwrap_or(false);
            let inputs_pending = self.limb_inputs[i].iter().any(|&n| self.live((n, 0)));
            if !computed || inputs_pending {
                continue;
            }
            let src = match self.const_of(v) {
                Some(c) if fits_imm32(c) => imm(c),
                _ => q(self.in_reg(v, &[])?),
            };
            self.emit("mov", vec![Operand::Mem(Mem { base: Some(asm::RDI), index: None, disp: 8 * i as i64, bits: 64 }), src]);
            self.stored[i] = true;
            self.done_with(&[v]);
        }
        Ok(())
    }

    fn node(&mut self, n: usize, flip: bool, choice: u8) -> Res<()> {
        let node = self.lir.nodes[n];
        let (r0, r1) = ((n, 0u8), (n, 1u8));
        match node {
            Node::Input(..) | Node::Const(_) => {}
            Node::MulFull(a, b) => self.mulfull(n, a, b, flip)?,
            Node::MulImm(a, k) => self.mul_imm(n, a, k, choice)?,
            Node::AddC(a, b, cin) => self.addc(n, a, b, cin, flip, choice)?,
            Node::SubB(a, b, bin) => {
                let d = self.take_dst(a, &[])?;
                let src = self.rmi(b, &[d])?;
                let avoid = reg_list(&[q(d), src]);
                match bin {
                    None => self.protect(true, true, None, &avoid)?,
                    Some(c) => {
                        self.carry_to_cf(c, &avoid)?;
                        self.protect(false, true, Some(c), &avoid)?;
                    }
                }
                self.emit(if bin.is_some() { "sbb" } else { "sub" }, vec![q(d), src]);
                let mut used = vec![a, b];
                used.extend(bin);
                self.cf = None;
                self.done_with(&used);
                self.define(r0, d);
                if self.live(r1) {
                    self.set_flag(false, Some(r1));
                }
            }
            Node::Add(a, b) => self.add(n, a, b, flip, choice)?,
            Node::Shrd(lo, hi, k) if choice as usize % Candidate::choices(self.lir, n).max(1) == 1 => {
                // (hi:lo) >> k = (lo >> k) + (hi << (64 - k)) mod 2^64; the two parts occupy
                // disjoint bits, so the sum has no carry and a flag-free lea adds them
                let d = self.take_dst(lo, &[])?;
                let t = self.take_dst(hi, &[d])?;
                self.protect(true, true, None, &[d, t])?;
                self.emit("shr", vec![q(d), imm(k as u64)]);
                self.emit("shl", vec![q(t), imm(64 - k as u64)]);
                self.emit("lea", vec![q(d), lea_mem(d, t, 1, 0)]);
                self.done_with(&[lo, hi]);
                self.define(r0, d);
            }
            Node::Shrd(lo, hi, k) => {
                let d = self.take_dst(lo, &[])?;
                let s = self.in_reg(hi, &[d])?;
                self.protect(true, true, None, &[d, s])?;
                self.emit("shrd", vec![q(d), q(s), imm(k as u64)]);
                self.done_with(&[lo, hi]);
                self.define(r0, d);
            }
            Node::Shr(a, k) | Node::Shl(a, k) => {
                let d = self.take_dst(a, &[])?;
                self.protect(true, true, None, &[d])?;
                self.emit(if matches!(node, Node::Shr(..)) { "shr" } else { "shl" }, vec![q(d), imm(k as u64)]);
                self.done_with(&[a]);
                self.define(r0, d);
            }
            Node::Mask(a, k) if self.opts.adx && self.use_bzhi(choice, a, None, k) => self.bzhi(n, a, &[], k)?,
            Node::Mask(a, k) => {
                let m = (1u64 << k) - 1;
                if fits_imm32(m) {
                    let d = self.take_dst(a, &[])?;
                    self.protect(true, true, None, &[d])?;
                    self.emit("and", vec![q(d), imm(m)]);
                    self.done_with(&[a]);
                    self.define(r0, d);
                } else {
                    let d = self.take_dst(a, &[])?;
                    let t = self.alloc(&[d])?;
                    self.emit("mov", vec![q(t), imm(m)]);
                    self.protect(true, true, None, &[d, t])?;
                    self.emit("and", vec![q(d), q(t)]);
                    self.done_with(&[a]);
                    self.define(r0, d);
                }
            }
            Node::And(a, b) if self.opts.adx && wide_mask(self.lir, b).map(|k| self.use_bzhi(choice, a, Some(b), k)).unwrap_or(false) => self.bzhi(n, a, &[b], wide_mask(self.lir, b).unwrap())?,
            Node::And(a, b) if self.opts.adx && wide_mask(self.lir, a).map(|k| self.use_bzhi(choice, b, Some(a), k)).unwrap_or(false) => self.bzhi(n, b, &[a], wide_mask(self.lir, a).unwrap())?,
            Node::And(a, b) | Node::Or(a, b) => {
                let (x, y) = self.commute(a, b, flip);
                let d = self.take_dst(x, &[])?;
                let src = self.rmi(y, &[d])?;
                self.protect(true, true, None, &reg_list(&[q(d), src]))?;
                self.emit(if matches!(node, Node::And(..)) { "and" } else { "or" }, vec![q(d), src]);
                self.done_with(&[a, b]);
                self.define(r0, d);
            }
            Node::Not(a) => {
                let d = self.take_dst(a, &[])?;
                self.emit("not", vec![q(d)]);
                self.done_with(&[a]);
                self.define(r0, d);
            }
            Node::Cmov(c, a, b) => {
                let d = self.take_dst(a, &[])?;
                let src = self.rm(b, &[d])?;
                let avoid = reg_list(&[q(d), src]);
                let mn = if self.cf == Some(c) {
                    "cmovc"
                } else if self.of == Some(c) {
                    "cmovo"
                } else {
                    let rc = self.in_reg(c, &avoid)?;
                    self.protect(true, true, None, &[avoid.as_slice(), &[rc]].concat())?;
                    self.emit("test", vec![q(rc), q(rc)]);
                    "cmovnz"
                };
                self.emit(mn, vec![q(d), src]);
                self.done_with(&[c, a, b]);
                self.define(r0, d);
            }
            Node::Bool(c) => {
                if self.reg_of(c).is_none() && (self.cf == Some(c) || self.of == Some(c)) {
                    self.materialize_flag(self.of == Some(c) && self.cf != Some(c), &[])?;
                }
                let d = self.take_dst(c, &[])?;
                self.done_with(&[c]);
                self.define(r0, d);
            }
        }
        Ok(())
    }

    /// True when CF or OF holds a carry that is still needed.
    fn flags_live(&self) -> bool {
        self.cf.map(|v| self.live(v)).unwrap_or(false) || self.of.map(|v| self.live(v)).unwrap_or(false)
    }

    fn mul_imm(&mut self, n: usize, a: V, k: u64, choice: u8) -> Res<()> {
        let options = mul_imm_options(k);
        let flag_free = |m: &MulSel| !matches!(m, MulSel::Imul | MulSel::Shl(_));
        let bmi2_ok = |m: &MulSel| self.opts.adx || !matches!(m, MulSel::Shlx(_));
        let auto = if self.flags_live() {
            options.iter().copied().find(|m| flag_free(m) && bmi2_ok(m) && !matches!(m, MulSel::Shlx(_)))
        } else {
            options.iter().copied().find(|m| matches!(m, MulSel::Lea(_) | MulSel::Shl(_)))
        };
        let sel = match choice {
            0 => auto.unwrap_or(MulSel::Imul),
            c => options[(c as usize - 1) % options.len()],
        };
        let sel = if bmi2_ok(&sel) { sel } else { MulSel::Imul };
        let r0 = (n, 0);
        match sel {
            MulSel::Imul => {
                let src = self.rm(a, &[])?;
                let avoid: Vec<u8> = reg_list(&[src]);
                self.protect(true, true, None, &avoid)?;
                let d = match src {
                    // imul reads its source before writing: overwrite it when allowed
                    Operand::Reg(r) if self.overwritable(a) && fits_imm32(k) => {
                        self.unbind_reg(r.num);
                        r.num
                    }
                    _ => self.alloc(&avoid)?,
                };
                if fits_imm32(k) {
                    self.emit("imul", vec![q(d), src, imm(k)]);
                } else {
                    self.emit("mov", vec![q(d), imm(k)]);
                    self.emit("imul", vec![q(d), src]);
                }
                self.done_with(&[a]);
                self.define(r0, d);
            }
            MulSel::Lea(m) => {
                let s = self.in_reg(a, &[])?;
                let in_place = self.overwritable(a);
                self.done_with(&[a]);
                let d = if in_place {
                    self.unbind_reg(s);
                    s
                } else {
                    self.alloc(&[])?
                };
                self.emit("lea", vec![q(d), lea_mem(s, s, m - 1, 0)]);
                self.define(r0, d);
            }
            MulSel::Lea2 { j, b, plus_one } => {
                let s = self.in_reg(a, &[])?;
                let t = self.alloc(&[s])?;
                self.emit("lea", vec![q(t), lea_mem(s, s, j - 1, 0)]);
                self.done_with(&[a]);
                // lea reads before it writes: the temporary t takes the product
                let second = if plus_one { lea_mem(s, t, b, 0) } else { lea_mem(t, t, b - 1, 0) };
                self.emit("lea", vec![q(t), second]);
                self.define(r0, t);
            }
            MulSel::Shl(c) => {
                let d = self.take_dst(a, &[])?;
                self.protect(true, true, None, &[d])?;
                self.emit("shl", vec![q(d), imm(c as u64)]);
                self.done_with(&[a]);
                self.define(r0, d);
            }
            MulSel::Shlx(c) => {
                let src = self.rm(a, &[])?;
                let avoid = reg_list(&[src]);
                let cnt = self.alloc(&avoid)?;
                self.emit("mov", vec![q(cnt), imm(c as u64)]);
                // as in `bzhi`: a stack-slot source keeps its slot until shlx has read it
                let d = if matches!(src, Operand::Mem(_)) {
                    let d = self.alloc(&[cnt])?;
                    self.done_with(&[a]);
                    d
                } else {
                    self.done_with(&[a]);
                    self.alloc(&[cnt])?
                };
                self.emit("shlx", vec![q(d), src, q(cnt)]);
                self.define(r0, d);
            }
        }
        Ok(())
    }

    /// Whether `a mod 2^k` (the mask constant being the value `mask`, if any) is emitted as bzhi:
    /// choice 1 forces bzhi, 2 forces `and`, 0 decides: bzhi when `and` would need both a copy of
    /// `a` (it lives on or is not in a register) and a `mov` of a wide mask constant not already
    /// in a register (`mov d, a; mov t, m; and d, t` vs `mov i, k; bzhi d, a, i`).
    fn use_bzhi(&self, choice: u8, a: V, mask: Option<V>, k: u8) -> bool {
        match choice % 3 {
            1 => true,
            2 => false,
            _ => {
                let wide = !fits_imm32((1u64 << k) - 1);
                let mask_in_reg = mask.map(|m| self.reg_of(m).is_some()).unwrap_or(false);
                let a_dies_in_reg = self.reg_of(a).is_some() && self.uses_left.get(&a) == Some(&1);
                wide && !mask_in_reg && !a_dies_in_reg
            }
        }
    }

    /// Whether the register holding `a` (an operand of the current node) may be overwritten by
    /// the node's result: `a` dies here, or it lives on but can be reloaded with one `mov` (input
    /// limb or constant) - often never, since later uses take it as a memory operand.
    fn overwritable(&self, a: V) -> bool {
        let dies = self.uses_left.get(&a) == Some(&1);
        let reloadable = self.locs.get(&a).map(|ls| ls.iter().any(|l| matches!(l, Loc::Input(..) | Loc::Const(_)))).unwrap_or(false);
        dies || reloadable
    }

    /// `bzhi d, a, idx` with idx = k in a scratch register: d = a mod 2^k, non-destructive.
    /// `also_done` are operands of the node that the instruction does not read (the mask constant).
    fn bzhi(&mut self, n: usize, a: V, also_done: &[V], k: u8) -> Res<()> {
        let src = self.rm(a, &[])?;
        let avoid = reg_list(&[src]);
        self.protect(true, true, None, &avoid)?;
        let idx = self.alloc(&avoid)?;
        self.emit("mov", vec![q(idx), imm(k as u64)]);
        // a source in a register may be overwritten by the result when it dies here; a source
        // in a stack slot must keep its slot until bzhi has read it (releasing it first let the
        // destination's allocation spill another value into it: p448 carry_mul was miscompiled)
        let d = if matches!(src, Operand::Mem(_)) {
            let d = self.alloc(&[idx])?;
            self.done_with(&[a]);
            d
        } else {
            self.done_with(&[a]);
            self.alloc(&[idx])?
        };
        self.done_with(also_done);
        self.emit("bzhi", vec![q(d), src, q(idx)]);
        self.define((n, 0), d);
        Ok(())
    }

    fn add(&mut self, n: usize, a: V, b: V, flip: bool, choice: u8) -> Res<()> {
        let (x, y) = self.commute(a, b, flip);
        let dies = |v: V| self.reg_of(v).is_some() && self.uses_left.get(&v) == Some(&1);
        let both_in_regs = self.reg_of(x).is_some() && self.reg_of(y).is_some();
        let use_lea = choice % 2 == 1 || self.flags_live() || (both_in_regs && !dies(x) && !dies(y));
        if use_lea {
            let rx = self.in_reg(x, &[])?;
            let disp = self.const_of(y).filter(|&c| fits_imm32(c) && self.reg_of(y).is_none());
            let mem = match disp {
                Some(c) => Operand::Mem(Mem { base: Some(rx), index: None, disp: c as i64, bits: 64 }),
                None => {
                    let ry = self.in_reg(y, &[rx])?;
                    lea_mem(rx, ry, 1, 0)
                }
            };
            self.done_with(&[a, b]);
            let d = self.alloc(&[])?;
            self.emit("lea", vec![q(d), mem]);
            self.define((n, 0), d);
        } else {
            let d = self.take_dst(x, &[])?;
            let src = self.rmi(y, &[d])?;
            self.protect(true, true, None, &reg_list(&[q(d), src]))?;
            self.emit("add", vec![q(d), src]);
            self.done_with(&[a, b]);
            self.define((n, 0), d);
        }
        Ok(())
    }

    /// Operand order for a commutative operation: the one that dies in a register becomes the destination.
    fn commute(&self, a: V, b: V, flip: bool) -> (V, V) {
        let dies = |v: V| self.reg_of(v).is_some() && self.uses_left.get(&v) == Some(&1);
        match (dies(a), dies(b)) {
            (true, false) => (a, b),
            (false, true) => (b, a),
            _ if flip => (b, a),
            _ => (a, b),
        }
    }

    fn mulfull(&mut self, n: usize, a: V, b: V, flip: bool) -> Res<()> {
        let fixed = if self.opts.adx { asm::RDX } else { asm::RAX };
        // a value may sit in several registers: what matters is whether the fixed one holds it
        let held = |v: V| self.holds[fixed as usize] == Some(v);
        let (x, y) = if held(b) || (flip && !held(a)) { (b, a) } else { (a, b) };
        if !held(x) {
            // move whatever lives in the fixed register out of the way
            if let Some(v) = self.holds[fixed as usize] {
                let elsewhere = self.locs[&v].iter().any(|l| matches!(l, Loc::Input(..) | Loc::Slot(_) | Loc::Xmm(_) | Loc::Const(_)) || matches!(l, Loc::Reg(r) if *r != fixed));
                if elsewhere {
                    self.unbind_reg(fixed);
                } else if self.live(v) && v != y {
                    let t = self.alloc(&[fixed, asm::RDX, asm::RAX])?;
                    self.emit("mov", vec![q(t), q(fixed)]);
                    self.unbind_reg(fixed);
                    self.bind(v, Loc::Reg(t));
                } else if self.live(v) {
                    // y itself is in the fixed register: swap roles instead
                    return self.mulfull(n, a, b, !flip);
                }
                self.unbind_reg(fixed);
            }
            match (self.const_of(x), self.xmm_of(x)) {
                (Some(c), _) => self.emit("mov", vec![q(fixed), imm(c)]),
                (None, Some(k)) if self.reg_of(x).is_none() => self.emit(self.xmm_move(), vec![q(fixed), Operand::Reg(Reg::xmm(k))]),
                _ => {
                    let src = self.rm(x, &[fixed])?;
                    self.emit("mov", vec![q(fixed), src]);
                }
            }
            self.bind(x, Loc::Reg(fixed));
        }
        let ysrc = if self.const_of(y).is_some() { q(self.in_reg(y, &[fixed, asm::RDX])?) } else { self.rm(y, &[fixed, asm::RDX])? };
        let mut avoid = reg_list(&[q(fixed), ysrc]);
        avoid.push(asm::RDX);
        if self.opts.adx {
            // mulx reads its source before writing: a source register that dies here may take
            // the result (fewer registers live, so fewer callee-saved ones to save). Not for a
            // memory source: its stack slot or pointer register must survive until mulx reads it.
            let early = matches!(ysrc, Operand::Reg(_));
            if early {
                self.done_with(&[a, b]);
                avoid.retain(|&r| r == fixed || r == asm::RDX || self.holds[r as usize].is_some());
            }
            let hi = self.alloc(&avoid)?;
            avoid.push(hi);
            let lo = self.alloc(&avoid)?;
            self.emit("mulx", vec![q(hi), q(lo), ysrc]);
            if !early {
                self.done_with(&[a, b]);
            }
            self.define((n, 0), lo);
            self.define((n, 1), hi);
        } else {
            // rdx is overwritten by mul: evict its value
            if let Some(v) = self.holds[asm::RDX as usize] {
                if self.live(v) {
                    let t = self.alloc(&avoid)?;
                    self.emit("mov", vec![q(t), q(asm::RDX)]);
                    self.unbind_reg(asm::RDX);
                    self.bind(v, Loc::Reg(t));
                }
                self.unbind_reg(asm::RDX);
            }
            self.protect(true, true, None, &avoid)?;
            // x dies in rax regardless: keep a copy if it lives on
            if self.uses_left[&x] > 1 && self.locs[&x].iter().all(|l| *l == Loc::Reg(asm::RAX)) {
                let t = self.alloc(&avoid)?;
                self.emit("mov", vec![q(t), q(asm::RAX)]);
                self.bind(x, Loc::Reg(t));
            }
            self.unbind_reg(asm::RAX);
            self.emit("mul", vec![ysrc]);
            self.done_with(&[a, b]);
            self.define((n, 0), asm::RAX);
            self.define((n, 1), asm::RDX);
        }
        Ok(())
    }

    fn addc(&mut self, n: usize, a: V, b: V, cin: Option<V>, flip: bool, choice: u8) -> Res<()> {
        if let Some(c) = cin {
            if self.lea_carry_in(n, a, b, c)? {
                return Ok(());
            }
        }
        let (x, y) = self.commute(a, b, false);
        if let Some(c) = cin {
            // `adc d, imm` instead of materialising the constant for adcx, when OF can be clobbered
            let small = self.const_of(y).map(fits_imm32).unwrap_or(false) && self.reg_of(y).is_none();
            let of_free = self.of.map(|v| !self.live(v) || (v == c && self.uses_left[&v] == 1)).unwrap_or(true);
            if self.opts.adx && choice % 2 == 0 && small && of_free && self.of != Some(c) {
                return self.adc_imm(n, a, b, x, y, c);
            }
        }
        let (d, src) = match self.in_place_double(x, y) {
            Some(d) => (d, q(d)),
            None => {
                let d = self.take_dst(x, &[])?;
                // adcx/adox take no immediate
                let src = if self.opts.adx && cin.is_some() { self.rm(y, &[d])? } else { self.rmi(y, &[d])? };
                (d, src)
            }
        };
        let avoid = reg_list(&[q(d), src]);
        let use_of = match cin {
            Some(c) if self.of == Some(c) && self.opts.adx => true,
            Some(_) => false,
            None => flip && self.opts.adx,
        };
        let mn = match cin {
            Some(c) if use_of => {
                self.protect(false, false, None, &avoid)?;
                let _ = c;
                "adox"
            }
            Some(c) => {
                self.carry_to_cf(c, &avoid)?;
                if self.opts.adx {
                    "adcx"
                } else {
                    self.protect(false, true, Some(c), &avoid)?;
                    "adc"
                }
            }
            None if use_of => {
                // clear OF: test clears both, so CF must not hold a live carry
                self.protect(true, true, None, &avoid)?;
                self.clear_cf_of(&avoid);
                "adox"
            }
            None => {
                let of_live = self.of.map(|v| self.live(v)).unwrap_or(false);
                if of_live && self.opts.adx {
                    self.protect(true, false, None, &avoid)?;
                    self.emit("clc", vec![]);
                    // adcx cannot take an immediate
                    if let Operand::Imm(_) = src {
                        return Err("internal: immediate for adcx".into());
                    }
                    "adcx"
                } else {
                    self.protect(true, true, None, &avoid)?;
                    "add"
                }
            }
        };
        let src = match (mn, src) {
            ("adcx" | "adox", Operand::Imm(_)) => q(self.in_reg(y, &[d])?),
            (_, s) => s,
        };
        self.emit(mn, vec![q(d), src]);
        let mut used = vec![a, b];
        used.extend(cin);
        if use_of {
            self.of = None;
        } else {
            self.cf = None;
        }
        self.done_with(&used);
        self.define((n, 0), d);
        if self.live((n, 1)) {
            self.set_flag(use_of, Some((n, 1)));
        }
        Ok(())
    }

    /// For `x + x` where this node holds the last two uses of x and x is in a register: that
    /// register, taken as the destination (`adcx r, r`, no copy). None otherwise.
    fn in_place_double(&mut self, x: V, y: V) -> Option<u8> {
        let r = self.reg_of(x)?;
        if x != y || self.uses_left.get(&x) != Some(&2) {
            return None;
        }
        self.unbind_reg(r);
        Some(r)
    }

    /// `x + 0 + c` whose carry-out is dead, with the carry c materialised in a register (0/1) and
    /// in no flag: `lea d, [x + c]` (flag-free) instead of `bt c, 0; adc d, 0`. False if not
    /// applicable (nothing emitted).
    fn lea_carry_in(&mut self, n: usize, a: V, b: V, c: V) -> Res<bool> {
        let x = match (self.const_of(a), self.const_of(b)) {
            (_, Some(0)) => a,
            (Some(0), _) => b,
            _ => return Ok(false),
        };
        let rc = match self.reg_of(c) {
            Some(r) if !self.live((n, 1)) && self.cf != Some(c) && self.of != Some(c) => r,
            _ => return Ok(false),
        };
        let rx = self.in_reg(x, &[rc])?;
        self.done_with(&[a, b, c]);
        let d = self.alloc(&[])?;
        self.emit("lea", vec![q(d), lea_mem(rx, rc, 1, 0)]);
        self.define((n, 0), d);
        Ok(true)
    }

    /// `adc d, imm` (carry in `c` in CF; OF is clobbered, so it must hold no live carry).
    fn adc_imm(&mut self, n: usize, a: V, b: V, x: V, y: V, c: V) -> Res<()> {
        let d = self.take_dst(x, &[])?;
        let k = self.const_of(y).ok_or("internal: adc immediate")?;
        self.carry_to_cf(c, &[d])?;
        self.protect(false, true, Some(c), &[d])?;
        self.emit("adc", vec![q(d), imm(k)]);
        self.cf = None;
        self.done_with(&[a, b, c]);
        self.define((n, 0), d);
        if self.live((n, 1)) {
            self.set_flag(false, Some((n, 1)));
        }
        Ok(())
    }

    /// Adds the prologue/epilogue: callee-saved registers, frame, `ret`.
    fn finish(mut self, name: &str) -> Program {
        let saves: Vec<u8> = asm::CALLEE_SAVED.iter().copied().filter(|&r| self.used_regs[r as usize] && !(r == asm::RBP && self.opts.frame_pointer)).collect();
        let total = self.slots_used + saves.len() as u32;
        let save_slot = |i: usize| self.slots_used + i as u32;
        let frame = if total > 16 { ((8 * total as i64) + 15) / 16 * 16 } else { 0 };
        let mut pro = vec![];
        if self.opts.frame_pointer {
            pro.push(Insn { mnemonic: "push".into(), ops: vec![q(asm::RBP)], line: 0 });
            pro.push(Insn { mnemonic: "mov".into(), ops: vec![q(asm::RBP), q(asm::RSP)], line: 0 });
        }
        if frame > 0 {
            pro.push(Insn { mnemonic: "sub".into(), ops: vec![q(asm::RSP), imm(frame as u64)], line: 0 });
        }
        for (i, &r) in saves.iter().enumerate() {
            pro.push(Insn { mnemonic: "mov".into(), ops: vec![Operand::Mem(slot_mem(save_slot(i))), q(r)], line: 0 });
        }
        let mut epi = vec![];
        for (i, &r) in saves.iter().enumerate() {
            epi.push(Insn { mnemonic: "mov".into(), ops: vec![q(r), Operand::Mem(slot_mem(save_slot(i)))], line: 0 });
        }
        if frame > 0 {
            epi.push(Insn { mnemonic: "add".into(), ops: vec![q(asm::RSP), imm(frame as u64)], line: 0 });
        }
        if self.opts.frame_pointer {
            epi.push(Insn { mnemonic: "pop".into(), ops: vec![q(asm::RBP)], line: 0 });
        }
        epi.push(Insn { mnemonic: "ret".into(), ops: vec![], line: 0 });
        let mut insns: Vec<Insn> = pro.into_iter().chain(self.out.drain(..)).chain(epi).collect();
        if frame > 0 {
            // slots were addressed below the entry rsp; rebase them above the lowered rsp
            let start = if self.opts.frame_pointer { 3 } else { 1 };
            let end = insns.len() - if self.opts.frame_pointer { 3 } else { 2 };
            for ins in &mut insns[start..end] {
                for o in &mut ins.ops {
                    if let Operand::Mem(m) = o {
                        if m.base == Some(asm::RSP) {
                            m.disp += frame;
                        }
                    }
                }
            }
        }
        Program { name: name.to_string(), insns }
    }
}

/// `[base + index*scale + disp]` as an address for lea.
fn lea_mem(base: u8, index: u8, scale: u8, disp: i64) -> Operand {
    Operand::Mem(Mem { base: Some(base), index: Some((index, scale)), disp, bits: 64 })
}

fn reg_list(ops: &[Operand]) -> Vec<u8> {
    ops.iter().filter_map(|o| if let Operand::Reg(r) = o { Some(r.num) } else { None }).collect()
}

/// Checks that `order` is a permutation of the nodes respecting dependencies.
pub fn check_topological(lir: &Lir, order: &[usize]) -> Res<()> {
    if order.len() != lir.nodes.len() {
        return Err("order is not a permutation of the nodes".into());
    }
    let mut done = vec![false; lir.nodes.len()];
    for &n in order {
        if n >= done.len() || done[n] {
            return Err("order is not a permutation of the nodes".into());
        }
        if lir.nodes[n].operands().iter().any(|(m, _)| !done[*m]) {
            return Err(format!("node {n} is scheduled before its operands"));
        }
        done[n] = true;
    }
    Ok(())
}

/// C header declaring the generated function.
pub fn c_header(name: &str, nargs: usize) -> String {
    let args: Vec<String> = (1..=nargs).map(|i| format!("const uint64_t *arg{i}")).collect();
    format!("#include <stdint.h>\nvoid {name}(uint64_t *out1, {});\n", args.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// out[0] = a0 + a1; out[1] = (a1 + a1) + carry(a0 + a1): the doubling's `add` clobbers CF
    /// while the first carry is live, so that carry is materialised in a register.
    fn carry_over_add() -> Lir {
        use Node::*;
        let nodes = vec![Input(0, 0), Input(0, 1), Const(0), AddC((0, 0), (1, 0), None), AddC((1, 0), (1, 0), None), AddC((4, 0), (2, 0), Some((3, 1)))];
        Lir { nodes, outputs: vec![(3, 0), (5, 0)], num_inputs: vec![2] }
    }

    /// The O(n log n) list scheduler picks exactly what the straightforward one (scan every node
    /// per step) picks.
    #[test]
    fn carry_scheduling_matches_the_quadratic_reference() {
        fn reference(lir: &Lir) -> Vec<usize> {
            let dfs = Candidate::initial(lir).order;
            let n = lir.nodes.len();
            let mut rank = vec![0; n];
            for (i, &v) in dfs.iter().enumerate() {
                rank[v] = i;
            }
            let (mut done, mut order, mut last_carry) = (vec![false; n], vec![], None::<V>);
            while order.len() < n {
                let ready = (0..n).filter(|&v| !done[v] && lir.nodes[v].operands().iter().all(|(d, _)| done[*d]));
                let pick = ready.min_by_key(|&v| (!last_carry.is_some_and(|c| lir.nodes[v].operands().contains(&c)), rank[v])).unwrap();
                done[pick] = true;
                order.push(pick);
                if lir.nodes[pick].is_carry_output(1) {
                    last_carry = Some((pick, 1));
                }
            }
            order
        }
        for text in [include_str!("../../../examples/crypto/mont2.json"), include_str!("../../../examples/crypto/unsat9.json"), include_str!("../../../examples/crypto/mul25519.json")] {
            let lir = crate::lir::lower(&crate::ir::parse(text).unwrap()).unwrap();
            assert_eq!(Candidate::carry_scheduled(&lir).order, reference(&lir));
        }
    }

    /// A materialised carry added to x with a dead carry-out is `lea d, [x + c]`, not
    /// `bt c, 0; adc d, 0`; the code computes what `Lir::eval` computes, also with out == arg1.
    #[test]
    fn materialised_carry_in_with_dead_carry_out_is_a_lea() {
        let lir = carry_over_add();
        // without carry fusion (which would run the carry's reader before the doubling instead)
        let prog = generate(&lir, &Candidate::ir_order(&lir), Options { fuse_carries: false, ..Options::default() }, "f").unwrap();
        let text = asm::to_nasm(&prog);
        assert!(prog.insns.iter().any(|i| i.mnemonic == "setc"), "the carry is materialised\n{text}");
        assert!(!prog.insns.iter().any(|i| i.mnemonic == "bt"), "{text}");
        assert!(prog.insns.iter().any(|i| i.mnemonic == "lea"), "{text}");
        let fused = generate(&lir, &Candidate::ir_order(&lir), Options::default(), "f").unwrap();
        assert!(!fused.insns.iter().any(|i| i.mnemonic == "setc"), "with fusion the carry stays in CF\n{}", asm::to_nasm(&fused));
        let code = crate::jit::load(&prog).unwrap();
        let fused_code = crate::jit::load(&fused).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for k in 0..2000 {
            // edge values make the carries fire
            let pick = |r: &mut rand_chacha::ChaCha8Rng| if k % 3 == 0 { u64::MAX - r.gen_range(0..4) } else { r.gen() };
            let inputs = vec![vec![pick(&mut rng), pick(&mut rng)]];
            let want = lir.eval(&inputs);
            assert_eq!(crate::jit::call(code.func(), &inputs, 2), want, "{inputs:?}\n{text}");
            assert_eq!(crate::jit::call_aliased(code.func(), &inputs, 2, 0), want, "aliased {inputs:?}\n{text}");
            assert_eq!(crate::jit::call(fused_code.func(), &inputs, 2), want, "fused {inputs:?}");
            assert_eq!(crate::jit::call_aliased(fused_code.func(), &inputs, 2, 0), want, "fused, aliased {inputs:?}");
        }
    }
}
