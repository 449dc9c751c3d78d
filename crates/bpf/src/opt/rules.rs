//! The rewrite-rule database (EPSO's idea): proven window rewrites generalized into rules,
//! persisted, and applied as a fast pre-pass before the search.
//!
//! A rule is a proven window rewrite `orig → cand` with
//! * **register variables**: registers (except r10) renamed in order of first appearance over
//!   `orig` then `cand` (windows with helper calls keep their registers: calls use r0..r5
//!   implicitly);
//! * **immediate variables**: a non-zero ALU/ST immediate of `orig` that `cand` copies
//!   unchanged becomes a variable, with the side condition "same sign" (other immediates and
//!   all offsets must match exactly);
//! * **side conditions** from the proof's preconditions: the known constants of the mentioned
//!   registers must hold at the site, their entry regions must be the same, and every register
//!   live after the site that the rule mentions must have been live-out when it was proven.
//!
//! Rules are NEVER trusted: where one matches, the instantiated rewrite is proven again by the
//! solver in the site's own context (liveness, constants, regions recomputed on the current
//! program, sequentially, as in the search), then the whole program is safety-checked. The side
//! conditions only decide where a proof is worth trying; a wrong, stale or corrupted rule costs a
//! refuted proof, never an unproven output. (Rules need not even be valid: the final checks of
//! `driver` re-prove every rewritten run from SMT-LIB2 against the input anyway.)
//!
//! File: JSON lines (`--rules FILE`, `$VERIFORGE_BPF_RULES`, default
//! `~/.cache/veriforge/bpf-rules.jsonl`); lines that do not parse as a rule are ignored and counted.

use crate::equiv::cache::uses_src_reg;
use crate::equiv::window::Solver;
use crate::isa::{self, Insn, Kind};
use crate::opt::analysis::{self, RegSet, RegionState};
use crate::opt::cost::Objective;
use crate::opt::interp::CallModel;
use crate::opt::problem::SafetyCheck;
use crate::opt::window::{self, ProgramFacts};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

/// A proven window rewrite as the search found it (input of [`generalize`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProvenRewrite {
    pub orig: Vec<Insn>,
    pub cand: Vec<Insn>,
    pub live_out: RegSet,
    pub pre: [Option<u64>; isa::NUM_REGS],
    pub regions: Option<RegionState>,
}

/// An immediate variable: the slots of `orig` and `cand` whose `imm` it is, and its range.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ImmVar {
    pub orig: Vec<usize>,
    pub cand: Vec<usize>,
    pub lo: i64,
    pub hi: i64,
}

/// A rule as stored (one JSON line).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rule {
    /// Slots as 16 hex digits (kernel encoding) with registers replaced by their variables.
    pub orig: Vec<String>,
    pub cand: Vec<String>,
    /// Registers are literal (windows with helper calls).
    pub fixed_regs: bool,
    /// Variables that may be live after the site.
    pub live_out: Vec<u8>,
    /// Variables that must hold these constants at the site.
    pub pre: Vec<(u8, u64)>,
    /// Entry regions the variables must have (`None`: proven without region facts).
    pub regions: Option<Vec<(u8, String)>>,
    pub imms: Vec<ImmVar>,
    /// Human-readable form (ignored when loading).
    #[serde(default)]
    pub text: String,
}

/// A parsed rule, ready for matching.
#[derive(Clone, Debug)]
struct Compiled {
    orig: Vec<Insn>,
    cand: Vec<Insn>,
    fixed_regs: bool,
    live_out: RegSet,
    pre: Vec<(u8, u64)>,
    regions: Option<Vec<(u8, String)>>,
    imms: Vec<ImmVar>,
}

/// Which fields of slot `k` of `body` name registers: (dst, src).
fn reg_fields(body: &[Insn], k: usize) -> (bool, bool) {
    if k > 0 && body[k - 1].is_lddw() && !(k > 1 && body[k - 2].is_lddw()) {
        return (false, false); // second LDDW slot
    }
    let i = &body[k];
    let dst = matches!(
        i.class(),
        isa::BPF_ALU | isa::BPF_ALU64 | isa::BPF_LDX | isa::BPF_ST | isa::BPF_STX
    ) || i.is_lddw();
    (dst, uses_src_reg(i))
}

/// Whether `imm` of slot `k` is a plain immediate operand that may become a variable.
fn imm_operand(body: &[Insn], k: usize) -> bool {
    if reg_fields(body, k) == (false, false) {
        return false;
    }
    let i = &body[k];
    match i.class() {
        isa::BPF_ALU | isa::BPF_ALU64 => {
            !i.src_is_reg() && !matches!(i.op(), isa::BPF_END | isa::BPF_NEG)
        }
        isa::BPF_ST => true,
        _ => false,
    }
}

/// Registers `body` reads before writing them (its inputs; calls read r1..r5).
fn read_first(body: &[Insn]) -> RegSet {
    let (mut read, mut written): (RegSet, RegSet) = (0, 0);
    for k in 0..body.len() {
        let i = &body[k];
        let (d, s) = reg_fields(body, k);
        let mut uses: RegSet = 0;
        let mut defs: RegSet = 0;
        if i.code == isa::CALL {
            uses = 0b11_1110;
            defs = 0b11_1111;
        } else if d || s {
            if s {
                uses |= 1 << (i.src & 15);
            }
            match i.class() {
                isa::BPF_ALU | isa::BPF_ALU64 if i.op() == isa::BPF_MOV => {
                    defs |= 1 << (i.dst & 15)
                }
                isa::BPF_ALU | isa::BPF_ALU64 => {
                    uses |= 1 << (i.dst & 15);
                    defs |= 1 << (i.dst & 15);
                }
                isa::BPF_LDX | isa::BPF_LD => defs |= 1 << (i.dst & 15),
                _ => uses |= 1 << (i.dst & 15), // ST/STX base (atomics also write memory only)
            }
        }
        read |= uses & !written;
        written |= defs;
    }
    read
}

fn hex(i: &Insn) -> String {
    i.encode().iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Insn> {
    if s.len() != 16 {
        return None;
    }
    let mut b = [0u8; 8];
    for (k, slot) in b.iter_mut().enumerate() {
        *slot = u8::from_str_radix(s.get(2 * k..2 * k + 2)?, 16).ok()?;
    }
    Some(Insn::decode(&b))
}

fn is_lddw_high(body: &[Insn], k: usize) -> bool {
    reg_fields(body, k) == (false, false) && k > 0 && body[k - 1].is_lddw()
}

/// Generalizes a proven rewrite into a rule (see the module docs).
pub fn generalize(p: &ProvenRewrite) -> Rule {
    let fixed = p.orig.iter().chain(&p.cand).any(|i| i.code == isa::CALL);
    let mut map = [u8::MAX; 16];
    map[10] = 10;
    if fixed {
        for (r, m) in map.iter_mut().enumerate().take(isa::NUM_REGS) {
            *m = r as u8;
        }
    }
    let mut next = 0u8;
    let mut rename = |r: u8| -> u8 {
        let r = (r & 15) as usize;
        if map[r] == u8::MAX {
            map[r] = next;
            next += 1;
            if next == 10 {
                next = 11;
            }
        }
        map[r]
    };
    let mut bodies = [p.orig.clone(), p.cand.clone()];
    for body in bodies.iter_mut() {
        for k in 0..body.len() {
            let (d, s) = reg_fields(body, k);
            if body[k].is_nop() {
                continue;
            }
            if d {
                body[k].dst = rename(body[k].dst);
            }
            if s {
                body[k].src = rename(body[k].src);
            }
        }
    }
    let [orig, cand] = bodies;
    // constants and regions matter only for the registers the bodies read before writing
    let inputs = read_first(&orig) | read_first(&cand);
    let mut live_out = Vec::new();
    let mut pre = Vec::new();
    let mut regions = p.regions.map(|_| Vec::new());
    for r in 0..isa::NUM_REGS {
        let m = map[r];
        if m == u8::MAX {
            continue;
        }
        if p.live_out & (1 << r) != 0 {
            live_out.push(m);
        }
        if inputs & (1 << (m & 15)) == 0 {
            continue;
        }
        if let Some(v) = p.pre[r] {
            pre.push((m, v));
        }
        if let (Some(rs), Some(out)) = (&p.regions, regions.as_mut()) {
            out.push((m, format!("{:?}", rs[r])));
        }
    }
    live_out.sort_unstable();
    pre.sort_unstable();
    if let Some(r) = regions.as_mut() {
        r.sort();
    }
    // immediates `cand` copies from `orig` (not equal to a known constant, which may be why it is there)
    let mut imms = Vec::new();
    let mut seen = HashSet::new();
    for k in 0..orig.len() {
        let v = orig[k].imm;
        if !imm_operand(&orig, k)
            || v == 0
            || !seen.insert(v)
            || pre
                .iter()
                .any(|&(_, c)| c as i64 == v as i64 || c == v as u32 as u64)
        {
            continue;
        }
        let in_orig: Vec<usize> = (0..orig.len())
            .filter(|&j| imm_operand(&orig, j) && orig[j].imm == v)
            .collect();
        let in_cand: Vec<usize> = (0..cand.len())
            .filter(|&j| imm_operand(&cand, j) && cand[j].imm == v)
            .collect();
        // every use of the value in either body must be such an operand (else it is structural)
        let other = orig
            .iter()
            .enumerate()
            .any(|(j, i)| !in_orig.contains(&j) && (i.imm == v || i.off as i32 == v))
            || cand
                .iter()
                .enumerate()
                .any(|(j, i)| !in_cand.contains(&j) && (i.imm == v || i.off as i32 == v));
        if !in_cand.is_empty() && !other {
            let (lo, hi) = if v > 0 {
                (1, i32::MAX as i64)
            } else {
                (i32::MIN as i64, -1)
            };
            imms.push(ImmVar {
                orig: in_orig,
                cand: in_cand,
                lo,
                hi,
            });
        }
    }
    let text = format!(
        "{} => {}",
        isa::listing(&orig).trim().replace('\n', "; "),
        isa::listing(&cand).trim().replace('\n', "; ")
    );
    Rule {
        orig: orig.iter().map(hex).collect(),
        cand: cand.iter().map(hex).collect(),
        fixed_regs: fixed,
        live_out,
        pre,
        regions,
        imms,
        text,
    }
}

fn compile(r: &Rule) -> Option<Compiled> {
    let orig: Vec<Insn> = r.orig.iter().map(|s| unhex(s)).collect::<Option<_>>()?;
    let cand: Vec<Insn> = r.cand.iter().map(|s| unhex(s)).collect::<Option<_>>()?;
    if orig.is_empty() || orig.len() != cand.len() || orig.len() > 64 {
        return None;
    }
    // only what the window encoder and interpreter model (no jumps, exits, other calls): a rule
    // file is untrusted input
    for body in [&orig, &cand] {
        for k in 0..body.len() {
            if !(is_lddw_high(body, k) || crate::opt::interp::window_insn(&body[k])) {
                return None;
            }
        }
        if body.last().is_some_and(|i| i.is_lddw()) && !(body.len() >= 2 && is_lddw_high(body, body.len() - 1)) {
            return None; // an LDDW cut in half
        }
    }
    let ok_var = |v: u8| (v as usize) < isa::NUM_REGS;
    if !r.live_out.iter().all(|&v| ok_var(v)) || !r.pre.iter().all(|&(v, _)| ok_var(v)) {
        return None;
    }
    for iv in &r.imms {
        if iv.orig.is_empty()
            || iv.orig.iter().any(|&k| k >= orig.len())
            || iv.cand.iter().any(|&k| k >= cand.len())
            || iv.lo > iv.hi
        {
            return None;
        }
    }
    let live_out = r.live_out.iter().fold(0 as RegSet, |s, &v| s | (1 << v));
    Some(Compiled {
        orig,
        cand,
        fixed_regs: r.fixed_regs,
        live_out,
        pre: r.pre.clone(),
        regions: r.regions.clone(),
        imms: r.imms.clone(),
    })
}

/// The index key of a slot: its opcode and offset, the two fields a rule always matches exactly
/// (registers and immediates may be variables).
fn index_key(i: &Insn) -> u32 {
    (u32::from(i.code) << 16) | u32::from(i.off as u16)
}

/// The database: rules in memory (indexed by opcode and offset of their first slot, so matching
/// a large program tries only the rules that can start at each slot), optionally appended to a file.
pub struct RuleDb {
    rules: RwLock<Vec<Compiled>>,
    by_code: RwLock<HashMap<u32, Vec<usize>>>,
    keys: Mutex<HashSet<String>>,
    file: Option<PathBuf>,
    pub loaded: usize,
    pub ignored_lines: usize,
}

impl std::fmt::Debug for RuleDb {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "RuleDb({} rules, file {:?})", self.len(), self.file)
    }
}

impl RuleDb {
    pub fn in_memory() -> RuleDb {
        RuleDb {
            rules: RwLock::new(Vec::new()),
            by_code: RwLock::new(HashMap::new()),
            keys: Mutex::new(HashSet::new()),
            file: None,
            loaded: 0,
            ignored_lines: 0,
        }
    }

    /// Loads `path` if it exists; new rules are appended to it. Unparsable lines are ignored.
    pub fn open(path: &Path) -> RuleDb {
        let mut db = RuleDb::in_memory();
        if let Ok(text) = std::fs::read_to_string(path) {
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                match serde_json::from_str::<Rule>(line) {
                    Ok(r) if db.insert(&r) => db.loaded += 1,
                    Ok(r) if compile(&r).is_none() => db.ignored_lines += 1,
                    Ok(_) => {} // a duplicate
                    Err(_) => db.ignored_lines += 1,
                }
            }
        }
        db.file = Some(path.to_path_buf());
        db
    }

    pub fn len(&self) -> usize {
        self.rules.read().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds a rule in memory; false if it is known or malformed (then it is counted as ignored
    /// by [`RuleDb::open`] only when it did not parse at all).
    fn insert(&self, r: &Rule) -> bool {
        let Some(c) = compile(r) else { return false };
        let mut key_rule = r.clone();
        key_rule.text.clear();
        let key = serde_json::to_string(&key_rule).unwrap();
        if !self.keys.lock().unwrap().insert(key) {
            return false;
        }
        let mut rules = self.rules.write().unwrap();
        self.by_code
            .write()
            .unwrap()
            .entry(index_key(&c.orig[0]))
            .or_default()
            .push(rules.len());
        rules.push(c);
        true
    }

    /// Adds a rule and appends it to the file (I/O errors only lose persistence). True if new.
    pub fn add(&self, r: &Rule) -> bool {
        if !self.insert(r) {
            return false;
        }
        if let Some(path) = &self.file {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            if let Ok(mut f) = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
            {
                let _ = f.write_all(format!("{}\n", serde_json::to_string(r).unwrap()).as_bytes());
            }
        }
        true
    }

    /// Generalizes and adds every rewrite that lowers the instruction count or `objective`.
    /// Returns how many rules were new.
    pub fn learn(&self, rewrites: &[ProvenRewrite], objective: &Objective) -> usize {
        rewrites
            .iter()
            .filter(|p| {
                isa::count_real(&p.cand) < isa::count_real(&p.orig)
                    || objective.cost(&p.cand) < objective.cost(&p.orig)
            })
            .filter(|p| self.add(&generalize(p)))
            .count()
    }
}

/// A match of a rule at a site: the instantiated rewrite.
fn instantiate(rule: &Compiled, cur: &[Insn], facts: &ProgramFacts, s: usize) -> Option<Vec<Insn>> {
    let n = rule.orig.len();
    let site = cur.get(s..s + n)?;
    let mut var_reg = [u8::MAX; 16];
    let mut reg_var = [u8::MAX; 16];
    var_reg[10] = 10;
    reg_var[10] = 10;
    let mut bind = |v: u8, r: u8| -> bool {
        let (v, r) = ((v & 15) as usize, (r & 15) as usize);
        if rule.fixed_regs || v == 10 || r == 10 {
            if v == r {
                var_reg[v] = r as u8;
                reg_var[r] = v as u8;
            }
            return v == r;
        }
        match (var_reg[v], reg_var[r]) {
            (x, y) if x == u8::MAX && y == u8::MAX => {
                var_reg[v] = r as u8;
                reg_var[r] = v as u8;
                true
            }
            (x, _) => x as usize == r,
        }
    };
    let mut imm_val: Vec<Option<i32>> = vec![None; rule.imms.len()];
    for k in 0..n {
        let (p, x) = (&rule.orig[k], &site[k]);
        if p.code != x.code || p.off != x.off {
            return None;
        }
        let (d, sr) = reg_fields(&rule.orig, k);
        if is_lddw_high(&rule.orig, k) || p.is_nop() {
            if p != x {
                return None;
            }
            continue;
        }
        if d {
            if !bind(p.dst, x.dst) {
                return None;
            }
        } else if p.dst != x.dst {
            return None;
        }
        if sr {
            if !bind(p.src, x.src) {
                return None;
            }
        } else if p.src != x.src {
            return None;
        }
        match rule.imms.iter().position(|iv| iv.orig.contains(&k)) {
            Some(j) => {
                let iv = &rule.imms[j];
                if !(iv.lo..=iv.hi).contains(&(x.imm as i64))
                    || imm_val[j].is_some_and(|v| v != x.imm)
                {
                    return None;
                }
                imm_val[j] = Some(x.imm);
            }
            None if p.imm != x.imm => return None,
            None => {}
        }
    }
    // side conditions
    let live_after = analysis::live_after(cur, &facts.kinds, &facts.live, s, s + n);
    for r in 0..10 {
        if live_after & (1 << r) != 0
            && reg_var[r] != u8::MAX
            && rule.live_out & (1 << reg_var[r]) == 0
        {
            return None;
        }
    }
    let consts = facts.consts[s]?;
    for &(v, c) in &rule.pre {
        let r = var_reg[v as usize];
        if r == u8::MAX || consts[r as usize] != Some(c) {
            return None;
        }
    }
    if let Some(want) = &rule.regions {
        let have = facts.regions[s]?;
        for (v, name) in want {
            let r = var_reg[*v as usize & 15];
            if r != u8::MAX && format!("{:?}", have[r as usize]) != *name {
                return None;
            }
        }
    }
    // variables only the candidate uses get registers dead after the site and unused by the match
    let mut out = rule.cand.clone();
    for k in 0..n {
        if is_lddw_high(&rule.cand, k) || out[k].is_nop() {
            continue;
        }
        let (d, sr) = reg_fields(&rule.cand, k);
        for (used, field) in [(d, 0), (sr, 1)] {
            if !used {
                continue;
            }
            let v = if field == 0 { out[k].dst } else { out[k].src } as usize & 15;
            if !rule.fixed_regs && var_reg[v] == u8::MAX {
                let free = (0..10u8)
                    .find(|&r| reg_var[r as usize] == u8::MAX && live_after & (1 << r) == 0)?;
                var_reg[v] = free;
                reg_var[free as usize] = v as u8;
            }
            let r = if rule.fixed_regs { v as u8 } else { var_reg[v] };
            if field == 0 {
                out[k].dst = r;
            } else {
                out[k].src = r;
            }
        }
    }
    for (j, iv) in rule.imms.iter().enumerate() {
        let v = imm_val[j]?;
        for &k in &iv.cand {
            out[k].imm = v;
        }
    }
    Some(out)
}

/// What the pre-pass did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PrepassStats {
    pub rules: usize,
    /// Sites where a rule matched with its side conditions and would lower the cost.
    pub matched: usize,
    /// Of those, proven again by the solver in the site's context and applied.
    pub fired: usize,
    /// Not proven (counterexample, unknown or timeout): not applied.
    pub refuted: usize,
    /// Proven but the program with it was refused by a safety oracle: not applied.
    pub unsafe_: usize,
    pub seconds: f64,
    /// Of `seconds`, the time spent finding matches (index look-ups, instantiation, side
    /// conditions), the rest is proofs and safety checks.
    pub match_seconds: f64,
}

/// Applies the rules of `db` to `insns` (deleted slots become `ja +0`). Every applied rewrite
/// was proven by `solver` inside the program where the earlier ones were already applied (facts
/// recomputed after each), and the result passed `safety`. Stops trying at `deadline`.
#[allow(clippy::too_many_arguments)]
pub fn prepass(
    db: &RuleDb,
    insns: &[Insn],
    objective: &Objective,
    solver: &dyn Solver,
    calls: &CallModel,
    timeout: Duration,
    deadline: Option<Instant>,
    safety: &SafetyCheck,
) -> (Vec<Insn>, PrepassStats) {
    let t0 = Instant::now();
    let mut stats = PrepassStats {
        rules: db.len(),
        ..Default::default()
    };
    if db.is_empty() {
        return (insns.to_vec(), stats);
    }
    let mut out = run_prepass(
        db, insns, objective, solver, calls, timeout, deadline, None, &mut stats,
    );
    if out != insns && safety(&out).is_err() {
        // some combination is unsafe: again, checking after each firing
        let mut again = PrepassStats {
            rules: db.len(),
            ..Default::default()
        };
        out = run_prepass(
            db,
            insns,
            objective,
            solver,
            calls,
            timeout,
            deadline,
            Some(safety),
            &mut again,
        );
        again.matched += stats.matched;
        again.match_seconds += stats.match_seconds;
        stats = again;
    }
    if out != insns && safety(&out).is_err() {
        out = insns.to_vec(); // cannot happen when each step was checked; keep the input
        stats.fired = 0;
    }
    stats.seconds = t0.elapsed().as_secs_f64();
    (out, stats)
}

/// Every match of a rule of `db` in `cur` that lowers the cost and was not tried yet, best
/// first: (cost reduction, site, rule, instantiated rewrite), ordered by reduction (largest
/// first), then by site and rule (deterministic).
fn matches(
    rules: &[Compiled],
    by_code: &HashMap<u32, Vec<usize>>,
    cur: &[Insn],
    facts: &ProgramFacts,
    objective: &Objective,
    tried: &HashSet<(usize, usize)>,
) -> Vec<(f64, usize, usize, Vec<Insn>)> {
    let mut out = Vec::new();
    for (rs, re) in window::runs(cur, facts) {
        for s in rs..re {
            if matches!(facts.kinds[s], Kind::LddwHigh) {
                continue;
            }
            let Some(cands) = by_code.get(&index_key(&cur[s])) else { continue };
            for &ri in cands {
                let rule = &rules[ri];
                let e = s + rule.orig.len();
                if e > re || (e < cur.len() && matches!(facts.kinds[e], Kind::LddwHigh)) || tried.contains(&(ri, s)) {
                    continue;
                }
                let Some(inst) = instantiate(rule, cur, facts, s) else { continue };
                let gain = objective.cost(&cur[s..e]) - objective.cost(&inst);
                if gain > 0.0 {
                    out.push((gain, s, ri, inst));
                }
            }
        }
    }
    out.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap().then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    out
}

/// One pass of the rules over `insns`: all current matches are tried largest cost reduction
/// first (over the whole program, so a small rewrite never takes the slots of a larger one that
/// matches elsewhere in its window); after each firing the matches are recomputed on the
/// rewritten program (its facts changed).
#[allow(clippy::too_many_arguments)]
fn run_prepass(
    db: &RuleDb,
    insns: &[Insn],
    objective: &Objective,
    solver: &dyn Solver,
    calls: &CallModel,
    timeout: Duration,
    deadline: Option<Instant>,
    safety_each: Option<&SafetyCheck>,
    stats: &mut PrepassStats,
) -> Vec<Insn> {
    let rules = db.rules.read().unwrap();
    let by_code = db.by_code.read().unwrap();
    let mut cur = insns.to_vec();
    let mut tried: HashSet<(usize, usize)> = HashSet::new();
    let Ok(mut facts) = ProgramFacts::new(&cur) else {
        return cur;
    };
    // sweeps: all matches collected at once, then tried best first; after a firing the facts
    // change, so each later match is instantiated again on the current program before it is
    // tried (dropped if it no longer matches); matches the firings created wait for the next
    // sweep. A sweep costs one pass over the program and the index (measured on Katran with
    // 2,910 rules: ~0.05 s), instead of one per firing.
    loop {
        let t = Instant::now();
        let found = matches(&rules, &by_code, &cur, &facts, objective, &tried);
        stats.match_seconds += t.elapsed().as_secs_f64();
        let mut fired = false;
        for (_, s, ri, first) in found {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return cur;
            }
            let inst = if fired {
                let t = Instant::now();
                let again = instantiate(&rules[ri], &cur, &facts, s);
                stats.match_seconds += t.elapsed().as_secs_f64();
                match again {
                    Some(i)
                        if !(s + i.len() < cur.len() && matches!(facts.kinds[s + i.len()], Kind::LddwHigh))
                            && !matches!(facts.kinds[s], Kind::LddwHigh)
                            && objective.cost(&cur[s..s + i.len()]) > objective.cost(&i) =>
                    {
                        i
                    }
                    _ => continue,
                }
            } else {
                first
            };
            let e = s + inst.len();
            tried.insert((ri, s));
            stats.matched += 1;
            let (next, f) = match window::try_rewrite(&cur, &facts, s, e, &inst, calls, solver, timeout, deadline, safety_each) {
                window::Rewrite::Applied(next, f) => (next, f),
                window::Rewrite::NotProven => {
                    stats.refuted += 1;
                    continue;
                }
                window::Rewrite::Unsafe => {
                    stats.unsafe_ += 1;
                    continue;
                }
                window::Rewrite::NoFacts => continue,
            };
            cur = next;
            facts = f; // the next proof runs in the rewritten program
            stats.fired += 1;
            fired = true;
        }
        if !fired {
            return cur;
        }
    }
}

/// The proven trajectory from `from` to `to` (same slots, `to` reached from `from` by proven
/// rewrites: the deterministic passes, the rule pre-pass, the search) as window rewrites that
/// can become rules: in every straight-line run of `from`, the slots where the two differ,
/// grouped into clusters (a gap of up to 2 equal slots stays inside; an LDDW is never split),
/// each proven again by `solver` in program order inside the program where the earlier ones are
/// applied, with that program's facts (liveness, constants, regions), like a search window.
/// Clusters not proven that way (a rewrite that is exact only together with one in another run
/// or block) are left out. At most `max` clusters, none after `deadline`.
#[allow(clippy::too_many_arguments)]
pub fn trajectory(
    from: &[Insn],
    to: &[Insn],
    solver: &dyn Solver,
    calls: &CallModel,
    timeout: Duration,
    deadline: Option<Instant>,
    max: usize,
) -> Vec<ProvenRewrite> {
    let mut out = Vec::new();
    if from.len() != to.len() || from == to {
        return out;
    }
    let Ok(mut facts) = ProgramFacts::new(from) else { return out };
    let mut cur = from.to_vec();
    // a few sweeps: a cluster may be exact only once a later one is applied (a definition
    // deleted after its last use was folded into an immediate further down)
    for _sweep in 0..3 {
        let before = out.len();
        for (s, e) in window::runs(&cur, &facts) {
            for (cs, ce) in clusters(&cur, to, s, e) {
                if out.len() >= max || deadline.is_some_and(|d| Instant::now() >= d) {
                    return out;
                }
                if ce - cs > 64 {
                    continue;
                }
                let w = window::make_window(&cur, &facts, cs, ce);
                let rep = &to[cs..ce];
                if let window::Rewrite::Applied(next, f) =
                    window::try_rewrite(&cur, &facts, cs, ce, rep, calls, solver, timeout, deadline, None)
                {
                    out.push(ProvenRewrite {
                        orig: cur[cs..ce].to_vec(),
                        cand: rep.to_vec(),
                        live_out: w.live_out,
                        pre: w.pre,
                        regions: w.regions,
                    });
                    cur = next;
                    facts = f;
                }
            }
        }
        if out.len() == before || cur == to {
            break;
        }
    }
    out
}

/// Slots of `[s, e)` where `a` and `b` differ, as clusters (see [`trajectory`]).
fn clusters(a: &[Insn], b: &[Insn], s: usize, e: usize) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for pc in s..e {
        if a[pc] == b[pc] {
            continue;
        }
        match out.last_mut() {
            Some(last) if pc <= last.1 + 2 => last.1 = pc + 1,
            _ => out.push((pc, pc + 1)),
        }
    }
    let lddw = |k: usize| a[k].is_lddw() || b[k].is_lddw();
    for c in out.iter_mut() {
        if c.0 > s && lddw(c.0 - 1) {
            c.0 -= 1;
        }
        if c.1 < e && lddw(c.1 - 1) {
            c.1 += 1;
        }
    }
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for c in out {
        match merged.last_mut() {
            Some(last) if c.0 <= last.1 => last.1 = last.1.max(c.1),
            _ => merged.push(c),
        }
    }
    merged
}
