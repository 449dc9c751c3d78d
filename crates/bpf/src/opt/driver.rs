//! Program-level optimization: safety oracle selection, the search, and the
//! final independent checks before anything is emitted.

use crate::equiv::cache::ProofCache;
use crate::equiv::diff;
use crate::equiv::window::Solver;
use crate::isa::{self, Insn};
use crate::opt::{compact, optimize, OptOptions};
use crate::program::Program;
use serde::Serialize;
use vf_search::Observer;

/// Where safety verdicts come from: every oracle that accepts the input must accept
/// each candidate (the in-process checker is conservative; the kernel verifier is the
/// ground truth when it can load the program here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SafetyOracle {
    pub checker: bool,
    pub kernel: bool,
}

fn kernel_reason(rej: &crate::kernel::Rejection) -> String {
    let last = rej.log.lines().rev().find(|l| !l.trim().is_empty() && !l.starts_with("processed")).unwrap_or("");
    format!("{} (errno {})", last.trim(), rej.errno)
}

/// Picks the safety oracles that accept the input itself; fails if none does.
pub fn choose_safety(prog: &Program) -> Result<SafetyOracle, String> {
    let checker = crate::safety::check(prog);
    let kernel = crate::kernel::load(prog);
    let oracle = SafetyOracle { checker: checker.is_ok(), kernel: kernel.is_ok() };
    if oracle.checker || oracle.kernel {
        return Ok(oracle);
    }
    Err(format!(
        "no safety oracle accepts the input as {}: checker: {}; kernel: {}",
        prog.prog_type.name(),
        checker.err().map(|e| e.to_string()).unwrap_or_default(),
        kernel.err().map(|r| kernel_reason(&r)).unwrap_or_default()
    ))
}

/// Asks the oracles whether `insns` (with `ja +0` slots, removed before checking) is safe.
/// A rejection names the offending slot of `insns` when the checker reports one.
pub fn check_safety(oracle: SafetyOracle, prog: &Program, insns: &[Insn]) -> Result<(), (Option<usize>, String)> {
    let mut p = prog.clone();
    p.insns = compact(insns);
    if oracle.checker {
        if let Err(e) = crate::safety::check(&p) {
            let kept: Vec<usize> = (0..insns.len()).filter(|&k| !insns[k].is_nop() || (k > 0 && insns[k - 1].is_lddw())).collect();
            return Err((kept.get(e.pc).copied(), format!("safety checker: {e}")));
        }
    }
    if oracle.kernel {
        crate::kernel::load(&p).map_err(|r| (None, format!("kernel verifier: {}", kernel_reason(&r))))?;
    }
    Ok(())
}

/// The in-process checker's cache of the last program it accepted during a run, so that the
/// next check (a candidate differing in a few slots) re-explores only what the rewrite can
/// change (`safety::check_incremental`). Checks run on the slots as they are (deleted slots as
/// `ja +0`, so slot numbers stay aligned between candidates); a rejection there is confirmed by
/// the full check of the compacted program, which gives the verdict. The kernel verifier (when it
/// is an oracle) and the final check of the emitted program always check in full.
#[derive(Default)]
pub struct SafetyMemo {
    cache: std::sync::Mutex<Option<std::sync::Arc<crate::safety::SafetyCache>>>,
    pub stats: std::sync::Mutex<IncrementalStats>,
}

/// What the incremental checks of one run did.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct IncrementalStats {
    pub checks: u64,
    /// Checks that reused at least one subtree of the previous accepted program's exploration.
    pub with_reuse: u64,
    pub nodes_reused: u64,
    pub insns_reused: u64,
    pub insns_processed: u64,
    pub seconds: f64,
}

/// [`check_safety`] with the checker run incrementally against `memo` (see [`SafetyMemo`]).
pub fn check_safety_memo(
    oracle: SafetyOracle,
    prog: &Program,
    insns: &[Insn],
    memo: &SafetyMemo,
) -> Result<(), (Option<usize>, String)> {
    if !oracle.checker {
        return check_safety(oracle, prog, insns);
    }
    let t0 = std::time::Instant::now();
    let prev = memo.cache.lock().map(|c| c.clone()).unwrap_or(None);
    let mut p = prog.clone();
    p.insns = insns.to_vec();
    let res = crate::safety::check_incremental(&p, crate::safety::CheckLimits::default(), prev.as_deref());
    let accepted = res.is_ok();
    if let Ok((st, cache, reuse)) = res {
        if let Ok(mut m) = memo.stats.lock() {
            m.checks += 1;
            m.with_reuse += u64::from(reuse.nodes_reused > 0);
            m.nodes_reused += reuse.nodes_reused;
            m.insns_reused += reuse.insns_reused;
            m.insns_processed += st.insns_processed - reuse.insns_reused;
            m.seconds += t0.elapsed().as_secs_f64();
        }
        if let Ok(mut c) = memo.cache.lock() {
            *c = Some(std::sync::Arc::new(cache));
        }
    }
    if accepted {
        if oracle.kernel {
            let mut q = prog.clone();
            q.insns = compact(insns);
            crate::kernel::load(&q).map_err(|r| (None, format!("kernel verifier: {}", kernel_reason(&r))))?;
        }
        return Ok(());
    }
    check_safety(oracle, prog, insns)
}

/// What an optimization run did.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub original_count: usize,
    pub count: usize,
    pub time_to_best_s: f64,
    pub total_s: f64,
    pub iterations: u64,
    pub iterations_per_s: f64,
    pub chains: usize,
    pub safety: SafetyOracle,
    /// Random inputs on which the reference interpreter saw identical behaviour.
    pub differential_inputs: usize,
    /// Rewritten windows of the final program, and how many of their exported SMT-LIB2
    /// queries the re-check backend answered `unsat` (see [`reprove_exported`]).
    pub windows_rewritten: usize,
    /// Of those, windows that contain helper calls.
    pub windows_with_calls_rewritten: usize,
    pub windows_reproven: usize,
    /// Of those, runs re-proven as their rewritten clusters after the whole-run query failed.
    pub windows_reproven_by_clusters: usize,
    pub reprove_backend: String,
    /// Random inputs on which `BPF_PROG_TEST_RUN` gave identical results for input and
    /// output (0 when the program type cannot be test-run or the kernel is unavailable).
    pub kernel_test_runs: usize,
    /// Random inputs not compared under `BPF_PROG_TEST_RUN` because the input program itself
    /// gave different results on re-runs (clock, random numbers; see [`kernel_differential`]).
    pub kernel_test_runs_nondeterministic: usize,
    pub counters: Vec<(String, u64)>,
    /// The rule pre-pass (absent without a rule database) and the rules this run added.
    pub rules: Option<crate::opt::rules::PrepassStats>,
    pub rules_learned: usize,
    /// Of `rules_learned`, rules from the proven trajectory (`rules::trajectory`), not the
    /// search's windows; and the seconds learning took (after the run, not in `total_s`).
    pub rules_learned_trajectory: usize,
    pub rules_learn_s: f64,
    /// The memory-access coalescing pass (absent when switched off).
    pub coalesce: Option<crate::opt::coalesce::CoalesceStats>,
    /// Redundant/dead stack-store elimination (before and after the search, summed; absent when off).
    pub stores: Option<crate::opt::stores::StoreStats>,
    /// Constant jump operands folded into immediates, dead definitions removed (absent when off).
    pub branches: Option<crate::opt::branches::BranchStats>,
    /// Constant store/ALU operands folded into immediates, dead definitions removed (absent when off).
    pub operands: Option<crate::opt::operands::OperandStats>,
    /// Read-modify-writes replaced by atomic adds (absent when off).
    pub atomics: Option<crate::opt::atomics::AtomicStats>,
    /// 32-bit ALU masks/zero-extensions and the dead constants they free (absent when off).
    pub alu32: Option<crate::opt::alu32::Alu32Stats>,
    /// Pre-passes whose result was dropped because it raised the objective's cost (they lower
    /// the instruction count; under `--objective latency` e.g. an atomic add costs more than the
    /// load/add/store it replaces). Their stats are then absent.
    pub reverted_for_objective: Vec<String>,
    /// The incremental safety checks of the run (passes and new bests; not the final check).
    pub incremental_safety: IncrementalStats,
    /// `size` or `latency` (what the search minimized; the trace is in its units).
    pub objective: String,
    /// Static cost of input and output under the objective (latency: units of the table's median opcode).
    pub cost_before: f64,
    pub cost_after: f64,
    /// (seconds, best cost under the objective) whenever the best improved.
    pub trace: Vec<(f64, f64)>,
}

/// Optimizes `prog`; the returned instructions keep deleted slots as `ja +0`.
/// Fails (emitting nothing) if the final independent checks disagree with the proofs.
/// The sequential window queries that justify `best` against `orig` (same slots), as
/// SMT-LIB2 scripts, in program order (the windows are the maximal straight-line runs of
/// `orig` that differ).
pub fn final_queries(orig: &[Insn], best: &[Insn]) -> Result<Vec<(usize, usize, String)>, String> {
    final_queries_with(orig, best, &crate::opt::interp::NO_MAPS)
}

/// [`final_queries`] under the call model (map key sizes) the search proved with.
pub fn final_queries_with(
    orig: &[Insn],
    best: &[Insn],
    calls: &crate::opt::interp::CallModel,
) -> Result<Vec<(usize, usize, String)>, String> {
    Ok(final_queries_alt(orig, best, calls)?.into_iter().map(|(s, e, q, _)| (s, e, q)).collect())
}

/// Slots of `[s, e)` where `a` and `b` differ, grouped into clusters (a gap of at most 2 equal
/// slots stays inside a cluster), as `[start, end)` ranges.
fn diff_clusters(a: &[Insn], b: &[Insn], s: usize, e: usize) -> Vec<(usize, usize)> {
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
    // an LDDW is never split
    let lddw = |k: usize| a[k].is_lddw() || b[k].is_lddw();
    for c in out.iter_mut() {
        if c.0 > s && lddw(c.0 - 1) {
            c.0 -= 1;
        }
        if c.1 < e && lddw(c.1 - 1) {
            c.1 += 1;
        }
    }
    // widening may make neighbours overlap: merge them
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for c in out {
        match merged.last_mut() {
            Some(last) if c.0 <= last.1 => last.1 = last.1.max(c.1),
            _ => merged.push(c),
        }
    }
    merged
}

/// [`final_queries_with`], each straight-line run's query with an alternative: the run's
/// rewritten slot clusters as separate windows, proven in program order in the same program.
/// The alternative is tried when the whole-run query is not proven: a run whose one access
/// has a base of unknown region (a pointer reloaded from the stack) is encoded with one flat
/// memory, where a rewrite that is exact only because a map value and the stack are disjoint
/// (an atomic add moved past a stack store) cannot be shown; a smaller window around the
/// rewrite keeps the per-region model. Both are proofs of the same replacement of the run in
/// the same program, so either suffices.
#[allow(clippy::type_complexity)]
pub fn final_queries_alt(
    orig: &[Insn],
    best: &[Insn],
    calls: &crate::opt::interp::CallModel,
) -> Result<Vec<(usize, usize, String, Vec<(usize, usize, String)>)>, String> {
    use crate::opt::window::{self, ProgramFacts};
    let facts = ProgramFacts::new(orig).map_err(|e| e.to_string())?;
    let mut cur = orig.to_vec();
    let mut out = Vec::new();
    let runs = window::runs(orig, &facts);
    // slots outside the straight-line runs: only conditional jumps may differ (folded operands,
    // `opt::branches`), proven first against the input's constants
    let mut inverted_goto = vec![false; orig.len()];
    let landing = crate::opt::branches::landing_slots(orig, &facts.kinds);
    for pc in 0..orig.len().min(best.len()) {
        if orig[pc] == best[pc] || inverted_goto[pc] || runs.iter().any(|&(s, e)| (s..e).contains(&pc)) {
            continue;
        }
        // `if c goto +1; goto L` -> `if !c goto L; (deleted)` (`opt::branches`): one query for both slots
        if pc + 1 < best.len() && best[pc + 1].is_nop() && !landing[pc + 1] {
            if let Some(q) = facts.consts[pc]
                .and_then(|c| crate::opt::branches::inverted_jump_query(&orig[pc], &orig[pc + 1], &best[pc], &c))
            {
                out.push((pc, pc + 2, crate::opt::branches::jump_smtlib(&q), Vec::new()));
                cur[pc] = best[pc];
                cur[pc + 1] = best[pc + 1];
                inverted_goto[pc + 1] = true;
                continue;
            }
        }
        let q = facts.consts[pc]
            .and_then(|c| crate::opt::branches::jump_query(&orig[pc], &best[pc], &c))
            .ok_or_else(|| format!("internal: insn {pc} differs outside a straight-line run and is not a rewritten conditional jump"))?;
        out.push((pc, pc + 1, crate::opt::branches::jump_smtlib(&q), Vec::new()));
        cur[pc] = best[pc];
    }
    // constant operands folded into immediates (`opt::operands`): one-slot queries against the
    // input's constants, before the runs, because a run deleting the constant's definition is
    // only equivalent once every later use is folded (a fold changes no register value, so the
    // constants stay those of the input)
    for &(s, e) in &runs {
        for pc in s..e {
            if orig[pc] == best[pc] {
                continue;
            }
            let Some(c) = facts.consts[pc] else { continue };
            let k = &facts.kinds[pc];
            let folded = crate::opt::operands::fold_store(&orig[pc], k, &c, facts.regions[pc].as_ref())
                .or_else(|| crate::opt::operands::fold_alu(&orig[pc], k, &c))
                .or_else(|| crate::opt::alu32::fold_mask(&orig[pc], k, &c));
            if folded != Some(best[pc]) {
                continue;
            }
            let f = ProgramFacts::new(&cur).map_err(|e| e.to_string())?;
            let w = window::make_window(&cur, &f, pc, pc + 1);
            let q = crate::equiv::window::WindowQuery::new(&cur[pc..pc + 1], &best[pc..pc + 1], &w).with_calls(calls);
            out.push((pc, pc + 1, crate::equiv::window::to_smtlib(&q), Vec::new()));
            cur[pc] = best[pc];
        }
    }
    for (s, e) in runs {
        if cur[s..e] == best[s..e] {
            continue;
        }
        let f = ProgramFacts::new(&cur).map_err(|e| e.to_string())?;
        let w = window::make_window(&cur, &f, s, e);
        let q = crate::equiv::window::WindowQuery::new(&cur[s..e], &best[s..e], &w).with_calls(calls);
        let full = crate::equiv::window::to_smtlib(&q);
        let mut alt = Vec::new();
        let clusters = diff_clusters(&cur, best, s, e);
        if clusters != [(s, e)] {
            let mut c2 = cur.clone();
            for (cs, ce) in clusters {
                let f2 = ProgramFacts::new(&c2).map_err(|e| e.to_string())?;
                let w2 = window::make_window(&c2, &f2, cs, ce);
                let q2 = crate::equiv::window::WindowQuery::new(&c2[cs..ce], &best[cs..ce], &w2).with_calls(calls);
                alt.push((cs, ce, crate::equiv::window::to_smtlib(&q2)));
                c2[cs..ce].copy_from_slice(&best[cs..ce]);
            }
        }
        out.push((s, e, full, alt));
        cur[s..e].copy_from_slice(&best[s..e]);
    }
    Ok(out)
}

/// Re-checks exported queries from their SMT-LIB2 text on `backend` (independent of the
/// in-process term API); optionally writes them to `dir`. Returns how many were `unsat`.
pub fn reprove_exported(
    queries: &[(usize, usize, String)],
    backend: vf_smt::Backend,
    timeout: std::time::Duration,
    dir: Option<&std::path::Path>,
) -> Result<usize, String> {
    Ok(queries.len() - reprove_failures(queries, backend, timeout, dir)?.len())
}

/// Like [`reprove_exported`], but returns the queries that were not `unsat`: their window
/// `(start, end)` and what the backend said (`sat` = the independent solver refutes the rewrite,
/// `unknown` = it gave up or hit `timeout`, or the solver's error).
pub fn reprove_failures(
    queries: &[(usize, usize, String)],
    backend: vf_smt::Backend,
    timeout: std::time::Duration,
    dir: Option<&std::path::Path>,
) -> Result<Vec<(usize, usize, String)>, String> {
    let mut failed = Vec::new();
    for (s, e, text) in queries {
        if let Some(d) = dir {
            std::fs::create_dir_all(d).map_err(|e| e.to_string())?;
            std::fs::write(d.join(format!("window_{s}_{e}.smt2")), text).map_err(|e| e.to_string())?;
        }
        let cfg = vf_smt::SolverConfig::with_timeout(timeout);
        match vf_smt::solve_smtlib2(backend, text, &cfg, false) {
            Ok(o) if o.last() == "unsat" => {}
            Ok(o) => failed.push((*s, *e, o.last().to_string())),
            Err(err) => failed.push((*s, *e, format!("error: {err}"))),
        }
    }
    Ok(failed)
}

/// The call model of `prog`: key sizes of its maps by fd.
pub fn call_model(prog: &Program) -> crate::opt::interp::CallModel {
    crate::opt::interp::CallModel { key_sizes: prog.maps.iter().map(|m| (m.fd, m.key_size)).collect() }
}

/// Settings of the final independent checks.
#[derive(Clone, Debug)]
pub struct FinalChecks {
    pub differential_inputs: usize,
    /// Backend that re-proves the exported SMT-LIB2 of every rewritten window.
    pub reprove_backend: vf_smt::Backend,
    pub reprove_timeout: std::time::Duration,
    /// Where to write the exported queries (optional).
    pub export_dir: Option<std::path::PathBuf>,
    /// Random inputs for `BPF_PROG_TEST_RUN` of input vs output (when the type allows).
    pub kernel_test_runs: usize,
}

/// Pins the calling thread to CPU 0 so per-CPU maps are comparable between runs.
fn pin_to_cpu0() {
    // SAFETY: plain libc calls on a zeroed cpu_set_t owned by this frame.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(0, &mut set);
        let _ = libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
    }
}

/// What [`kernel_differential`] compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KernelDiff {
    /// Inputs on which input and output gave identical results.
    pub agreed: usize,
    /// Inputs not compared because the *input* program itself gave different results when
    /// re-run on them (it reads the clock, random numbers, ...): see [`kernel_differential`].
    pub nondeterministic: usize,
}

/// Re-runs of the input program on an input where input and output disagree, to tell a
/// nondeterministic input program from a real disagreement.
pub const NONDETERMINISM_RERUNS: usize = 4;

/// Which parts of two kernel runs differ (for the error message).
pub fn kernel_run_difference(a: &crate::kernel::KernelRun, b: &crate::kernel::KernelRun) -> String {
    let mut what = Vec::new();
    if a.retval != b.retval {
        what.push(format!("retval {} vs {}", a.retval, b.retval));
    }
    if a.data_out != b.data_out {
        let at = a.data_out.iter().zip(&b.data_out).position(|(x, y)| x != y).unwrap_or(a.data_out.len().min(b.data_out.len()));
        what.push(format!("packet ({} vs {} bytes, first difference at byte {at})", a.data_out.len(), b.data_out.len()));
    }
    for (i, (ma, mb)) in a.maps.iter().zip(&b.maps).enumerate() {
        if ma != mb {
            what.push(format!("map #{i}"));
        }
    }
    if what.is_empty() {
        what.push("map count".into());
    }
    what.join(", ")
}

/// Runs input and output under `BPF_PROG_TEST_RUN` on `n` seeded random inputs; `Err` on the
/// first real disagreement.
///
/// A program that calls `bpf_ktime_get_ns`, `bpf_get_prandom_u32`, ... does not give the same
/// result twice on the same input, so a difference alone does not show the output wrong: when
/// input and output differ, the input program is re-run up to [`NONDETERMINISM_RERUNS`] times on
/// the same input; if any re-run differs from its first run the input is counted as
/// nondeterministic and not compared (the proofs and the interpreter's differential run, which
/// models those helpers as inputs, still cover it). Otherwise the disagreement is reported.
/// (0, 0) when the type cannot be test-run or the kernel is unavailable.
pub fn kernel_differential(prog: &Program, best: &[Insn], n: usize, seed: u64) -> Result<KernelDiff, String> {
    use rand::SeedableRng;
    let mut d = KernelDiff::default();
    if n == 0 || !prog.prog_type.kernel_test_runnable() {
        return Ok(d);
    }
    let mut opt = prog.clone();
    opt.insns = compact(best);
    let (Ok(ka), Ok(kb)) = (crate::kernel::load_for_test_runs(prog), crate::kernel::load_for_test_runs(&opt)) else {
        return Ok(d);
    };
    pin_to_cpu0();
    let gen = crate::interp::InputGen::new(prog);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for k in 0..n {
        let input = gen.generate(&mut rng);
        let (ra, rb) = (ka.test_run(&input)?, kb.test_run(&input)?);
        if ra == rb {
            d.agreed += 1;
            continue;
        }
        let mut nondet = false;
        for _ in 0..NONDETERMINISM_RERUNS {
            if ka.test_run(&input)? != ra {
                nondet = true;
                break;
            }
        }
        if !nondet {
            return Err(format!(
                "internal: BPF_PROG_TEST_RUN disagrees on random input #{k} ({}; the input program gave the same result on {} re-runs); nothing emitted",
                kernel_run_difference(&ra, &rb),
                NONDETERMINISM_RERUNS
            ));
        }
        d.nondeterministic += 1;
    }
    Ok(d)
}

/// Window partitions of the larger rounds of `grow_windows` (max length, cut shift): basic-block
/// sized pieces (10-16 slots) with different cut points per chain.
pub const GROWN_PARTITIONS: [&[(usize, usize)]; 2] = [&[(8, 0), (8, 4), (10, 2), (12, 6)], &[(16, 0), (12, 6), (16, 8), (14, 3)]];

/// (partitions, budget) per search round: the configured windows with the whole budget, or with
/// `grow_windows` half of it, then a quarter each with [`GROWN_PARTITIONS`].
pub fn search_rounds(opts: &OptOptions) -> Vec<(Vec<(usize, usize)>, vf_search::Budget)> {
    let b = opts.search.budget;
    if !opts.grow_windows {
        return vec![(opts.problem.partitions.clone(), b)];
    }
    let part = |num: u32, den: u32| vf_search::Budget {
        time: b.time.map(|t| t * num / den),
        iterations: b.iterations.map(|i| (i * num as u64 / den as u64).max(1)),
    };
    vec![
        (opts.problem.partitions.clone(), part(1, 2)),
        (GROWN_PARTITIONS[0].to_vec(), part(1, 4)),
        (GROWN_PARTITIONS[1].to_vec(), part(1, 4)),
    ]
}

/// Bounds of the trajectory learning at the end of a run (clusters per trajectory, seconds in all).
pub const TRAJECTORY_MAX: usize = 512;
pub const TRAJECTORY_SECONDS: u64 = 20;

pub fn optimize_program(
    prog: &Program,
    opts: &OptOptions,
    solver: &dyn Solver,
    cache: &ProofCache,
    observer: &dyn Observer,
    checks: &FinalChecks,
) -> Result<(Vec<Insn>, Report), String> {
    let differential_inputs = checks.differential_inputs;
    let oracle = choose_safety(prog)?;
    let memo = SafetyMemo::default();
    let safety = |insns: &[Insn]| check_safety_memo(oracle, prog, insns, &memo);
    let mut opts = opts.clone();
    opts.problem.call_model = call_model(prog);
    // rule pre-pass: every firing re-proven in its context, the result safety-checked
    let mut start = prog.insns.clone();
    // The passes below lower the instruction count, not necessarily another objective's cost:
    // a pass whose result costs more than its input under the objective is dropped as a whole.
    let mut reverted_for_objective: Vec<String> = Vec::new();
    let objective = opts.problem.objective.clone();
    let mut keep_if_cheaper = |name: &str, from: &[Insn], to: Vec<Insn>| -> Option<Vec<Insn>> {
        if objective.cost(&to) > objective.cost(from) + 1e-9 {
            reverted_for_objective.push(name.to_string());
            None
        } else {
            Some(to)
        }
    };
    // jump operand folding first: the final re-proof proves jump rewrites against the input
    let mut branch_stats = None;
    if opts.branches {
        let deadline = opts.search.budget.time.map(|t| std::time::Instant::now() + t / 8);
        let (p0, st) = crate::opt::branches::fold_branches(
            &start,
            solver,
            &opts.problem.call_model,
            opts.problem.smt_timeout,
            deadline,
            &safety,
        );
        if let Some(p0) = keep_if_cheaper("branches", &start, p0) {
            start = p0;
            branch_stats = Some(st);
        }
    }
    let after_branches = start.clone();
    // memory-access coalescing: proposals proven like search windows, at most a quarter of the budget
    let mut coalesce_stats = None;
    if opts.coalesce {
        let deadline = opts.search.budget.time.map(|t| std::time::Instant::now() + t / 4);
        let (p2, st) = crate::opt::coalesce::coalesce(
            &start,
            &opts.problem.objective,
            solver,
            &opts.problem.call_model,
            opts.problem.smt_timeout,
            deadline,
            &safety,
        );
        start = p2;
        coalesce_stats = Some(st);
    }
    // read-modify-writes to atomic adds (before the operand folds, which would turn a register
    // addend into an immediate and free the register the atomic needs)
    let mut atomic_stats = None;
    if opts.atomics {
        let deadline = opts.search.budget.time.map(|t| std::time::Instant::now() + t / 8);
        let (p, st) = crate::opt::atomics::fuse_atomics(
            &start,
            solver,
            &opts.problem.call_model,
            opts.problem.smt_timeout,
            deadline,
            &safety,
        );
        if let Some(p) = keep_if_cheaper("atomics", &start, p) {
            start = p;
            atomic_stats = Some(st);
        }
    }
    // constant operands of stores and ALU instructions: each fold a proven one-slot window
    let mut operand_stats = None;
    if opts.operands {
        let deadline = opts.search.budget.time.map(|t| std::time::Instant::now() + t / 8);
        let (p3, st) = crate::opt::operands::fold_operands(
            &start,
            solver,
            &opts.problem.call_model,
            opts.problem.smt_timeout,
            deadline,
            &safety,
        );
        if let Some(p3) = keep_if_cheaper("operands", &start, p3) {
            start = p3;
            operand_stats = Some(st);
        }
    }
    // 64-bit masks / zero-extensions by 32-bit ALU instructions, dead constants removed
    let mut alu32_stats = None;
    if opts.alu32 {
        let deadline = opts.search.budget.time.map(|t| std::time::Instant::now() + t / 8);
        let (p, st) =
            crate::opt::alu32::narrow(&start, solver, &opts.problem.call_model, opts.problem.smt_timeout, deadline, &safety);
        if let Some(p) = keep_if_cheaper("alu32", &start, p) {
            start = p;
            alu32_stats = Some(st);
        }
    }
    // redundant and dead stack stores: proposed by the stack analyses, each deletion proven
    let mut store_stats: Option<crate::opt::stores::StoreStats> = None;
    let stores_pass = |from: &[Insn], stats: &mut Option<crate::opt::stores::StoreStats>| -> Vec<Insn> {
        let deadline = opts.search.budget.time.map(|t| std::time::Instant::now() + t / 8);
        let (p, st) =
            crate::opt::stores::eliminate(from, solver, &opts.problem.call_model, opts.problem.smt_timeout, deadline, &safety);
        let acc = stats.get_or_insert_with(Default::default);
        acc.tried += st.tried;
        acc.redundant_removed += st.redundant_removed;
        acc.dead_removed += st.dead_removed;
        acc.refuted += st.refuted;
        acc.unsafe_ += st.unsafe_;
        acc.seconds += st.seconds;
        p
    };
    if opts.stores {
        start = stores_pass(&start, &mut store_stats);
    }
    // rule pre-pass, after every deterministic pass so that a rule never takes slots a pass's
    // larger rewrite needs (the passes' rewrites are re-found by the passes anyway); its rules
    // replay the search's proven rewrites of earlier runs on the program the search starts from.
    // Every firing re-proven in its context, the result safety-checked.
    let after_passes = start.clone();
    let mut prepass_stats = None;
    if let Some(db) = &opts.rules {
        let deadline = opts.search.budget.time.map(|t| std::time::Instant::now() + t / 2);
        let (p1, st) = crate::opt::rules::prepass(
            db,
            &start,
            &opts.problem.objective,
            solver,
            &opts.problem.call_model,
            opts.problem.smt_timeout,
            deadline,
            &safety,
        );
        start = p1;
        prepass_stats = Some(st);
    }
    let prepass_s = prepass_stats.as_ref().map(|s| s.seconds).unwrap_or(0.0)
        + coalesce_stats.as_ref().map(|s| s.seconds).unwrap_or(0.0)
        + store_stats.as_ref().map(|s| s.seconds).unwrap_or(0.0)
        + branch_stats.as_ref().map(|s| s.seconds).unwrap_or(0.0)
        + operand_stats.as_ref().map(|s| s.seconds).unwrap_or(0.0)
        + atomic_stats.as_ref().map(|s| s.seconds).unwrap_or(0.0)
        + alu32_stats.as_ref().map(|s| s.seconds).unwrap_or(0.0);
    // search rounds: one with the configured windows, or (`grow_windows`) rounds whose windows
    // grow, each starting from the previous round's best, so its windows span proven neighbours
    let rounds = search_rounds(&opts);
    let mut cur = start.clone();
    let mut learned = Vec::new();
    let (mut t_offset, mut iterations, mut elapsed) = (prepass_s, 0u64, 0.0f64);
    let mut counters: Vec<(String, u64)> = Vec::new();
    let mut trace: Vec<(f64, f64)> = Vec::new();
    if start != prog.insns {
        trace.push((0.0, opts.problem.objective.cost(&prog.insns)));
    }
    let mut chains = 0;
    for (k, (parts, budget)) in rounds.into_iter().enumerate() {
        let mut o = opts.clone();
        o.problem.partitions = parts;
        o.search.budget = budget;
        o.search.seed = opts.search.seed.wrapping_add(k as u64);
        let out = optimize(&cur, &o, solver, cache, &safety, observer).map_err(|e| e.to_string())?;
        for p in &out.search.trace.points {
            if trace.last().is_none_or(|&(_, c)| p.cost < c) {
                trace.push((t_offset + p.time_s, p.cost));
            }
        }
        let s = &out.search;
        t_offset += s.elapsed.as_secs_f64();
        elapsed += s.elapsed.as_secs_f64();
        iterations += s.iterations;
        chains = chains.max(s.chains.len());
        for (name, v) in &s.counters {
            match counters.iter_mut().find(|(n, _)| n == name) {
                Some(c) => c.1 += v,
                None => counters.push((name.clone(), *v)),
            }
        }
        learned.extend(out.learned);
        cur = out.insns;
    }
    if opts.stores {
        // the search may leave stores that its rewrites made redundant or dead
        let before = store_stats.as_ref().map(|s| s.seconds).unwrap_or(0.0);
        let post = stores_pass(&cur, &mut store_stats);
        let spent = store_stats.as_ref().map(|s| s.seconds).unwrap_or(0.0) - before;
        t_offset += spent;
        if post != cur && opts.problem.objective.cost(&post) < opts.problem.objective.cost(&cur) {
            trace.push((t_offset, opts.problem.objective.cost(&post)));
            cur = post;
        }
    }
    let best = cur;
    if best != prog.insns {
        check_safety(oracle, prog, &best).map_err(|e| format!("internal: final program refused: {}", e.1))?;
        if let Some(m) = diff::differential(prog, &compact(&best), differential_inputs, opts.search.seed ^ 0xd1ff)? {
            return Err(format!(
                "internal: proven program disagrees with the input on random input #{} (result {:?} vs {:?}); nothing emitted",
                m.index, m.a.result, m.b.result
            ));
        }
    }
    let with_alt = final_queries_alt(&prog.insns, &best, &opts.problem.call_model)?;
    let queries: Vec<(usize, usize, String)> = with_alt.iter().map(|(s, e, q, _)| (*s, *e, q.clone())).collect();
    let mut failed = reprove_failures(&queries, checks.reprove_backend, checks.reprove_timeout, checks.export_dir.as_deref())?;
    // a run not proven as a whole may be proven as its rewritten clusters (`final_queries_alt`)
    let mut alt_used = 0;
    failed.retain(|(s, e, _)| {
        let Some((_, _, _, alt)) = with_alt.iter().find(|(s2, e2, _, _)| s2 == s && e2 == e) else { return true };
        if alt.is_empty() {
            return true;
        }
        let ok = reprove_failures(alt, checks.reprove_backend, checks.reprove_timeout, checks.export_dir.as_deref())
            .is_ok_and(|f| f.is_empty());
        alt_used += ok as usize;
        !ok
    });
    let reproven = queries.len() - failed.len();
    if !failed.is_empty() {
        let which: Vec<String> = failed.iter().map(|(s, e, why)| format!("insns {s}..{e}: {why}")).collect();
        return Err(format!(
            "internal: only {reproven} of {} rewritten windows re-proven from SMT-LIB2 by {} ({}; timeout {:?}); nothing emitted",
            queries.len(),
            checks.reprove_backend.name(),
            which.join(", "),
            checks.reprove_timeout
        ));
    }
    let kernel_runs = if oracle.kernel && best != prog.insns {
        kernel_differential(prog, &best, checks.kernel_test_runs, opts.search.seed ^ 0x7e57)?
    } else {
        KernelDiff::default()
    };
    // learn only from a result that passed every final check: the search's proven windows and
    // the proven trajectory (passes: input -> after the passes; rules and search: -> best)
    let (mut rules_learned, mut rules_learned_trajectory, mut rules_learn_s) = (0, 0, 0.0);
    if let Some(db) = &opts.rules {
        let t0 = std::time::Instant::now();
        rules_learned = db.learn(&learned, &opts.problem.objective);
        let deadline = Some(t0 + std::time::Duration::from_secs(TRAJECTORY_SECONDS));
        let mut traj = Vec::new();
        for (from, to) in [(&after_branches, &after_passes), (&after_passes, &best)] {
            traj.extend(crate::opt::rules::trajectory(
                from,
                to,
                solver,
                &opts.problem.call_model,
                opts.problem.smt_timeout,
                deadline,
                TRAJECTORY_MAX,
            ));
        }
        rules_learned_trajectory = db.learn(&traj, &opts.problem.objective);
        rules_learned += rules_learned_trajectory;
        rules_learn_s = t0.elapsed().as_secs_f64();
    }
    let improved_at = trace.iter().skip(1).last().map(|p| p.0);
    let report = Report {
        kernel_test_runs: kernel_runs.agreed,
        kernel_test_runs_nondeterministic: kernel_runs.nondeterministic,
        windows_rewritten: queries.len(),
        windows_with_calls_rewritten: queries.iter().filter(|(s, e, _)| prog.insns[*s..*e].iter().any(|i| i.is_helper_call())).count(),
        windows_reproven: reproven,
        windows_reproven_by_clusters: alt_used,
        reprove_backend: checks.reprove_backend.name().to_string(),
        original_count: isa::count_real(&prog.insns),
        count: isa::count_real(&best),
        // wall time from the start of the pre-pass to the best program
        time_to_best_s: if best != prog.insns { improved_at.unwrap_or(prepass_s) } else { 0.0 },
        total_s: t_offset,
        rules: prepass_stats,
        rules_learned,
        rules_learned_trajectory,
        rules_learn_s,
        coalesce: coalesce_stats,
        stores: store_stats,
        branches: branch_stats,
        operands: operand_stats,
        atomics: atomic_stats,
        alu32: alu32_stats,
        reverted_for_objective,
        incremental_safety: memo.stats.lock().map(|m| *m).unwrap_or_default(),
        iterations,
        iterations_per_s: if elapsed > 0.0 { iterations as f64 / elapsed } else { 0.0 },
        chains,
        safety: oracle,
        differential_inputs: if best != prog.insns { differential_inputs } else { 0 },
        counters,
        objective: opts.problem.objective.name().to_string(),
        cost_before: opts.problem.objective.cost(&prog.insns),
        cost_after: opts.problem.objective.cost(&best),
        trace,
    };
    Ok((best, report))
}
