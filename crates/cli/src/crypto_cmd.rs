//! `veriforge crypto ...`: optimize, verify and measure field arithmetic (Fiat IR -> x86-64).

use crate::failure::Failure;
use crate::output::write_atomically;
use crate::Ctx;
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use vf_x86::check;
use vf_x86::gen::{self, Options};
use vf_x86::measure::{self, Bench, Clock};
use vf_x86::opt::{Objective, OptCandidate, OptProblem};
use vf_x86::{asm, cemit, cref, ir, jit, lir};

#[derive(Args)]
pub struct CryptoArgs {
    #[command(subcommand)]
    cmd: CryptoCmd,
}

#[derive(Subcommand)]
enum CryptoCmd {
    /// Search for fast x86-64 for a Fiat function; writes only proven code.
    Opt(OptArgs),
    /// Prove an assembly file (NASM syntax, e.g. CryptOpt's) equivalent to the IR.
    Verify(VerifyArgs),
    /// Measure gcc, clang and assembly files on this machine (throughput and chained latency).
    Bench(BenchArgs),
}

#[derive(Args)]
struct OptArgs {
    /// Fiat JSON IR of one function.
    #[arg(long)]
    ir: PathBuf,
    /// Which function of a file holding several (e.g. secp256k1_fe_mul_inner in bitcoin-core/field.json).
    #[arg(long)]
    function: Option<String>,
    /// Input limb bounds as bit counts for IR without bounds (CryptOpt's LLVM-style JSON, e.g.
    /// bitcoin-core's: 56,56,56,56,52); one list for every input array, or lists separated by `;`.
    #[arg(long)]
    limb_bits: Option<String>,
    /// Search budget: 30s, 10m, 5000it, ...
    #[arg(long, default_value = "10m")]
    budget: String,
    /// What to minimise.
    #[arg(long, default_value = "mix", value_parser = ["latency", "throughput", "mix"])]
    objective: String,
    /// Output `.s` (GAS Intel syntax); `.asm` (NASM) and `.h` are written next to it.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Fiat C file holding the function (reference for measuring); default: C emitted from the IR.
    #[arg(long)]
    c: Option<PathBuf>,
    /// Use only mul/add/adc (CPUs without BMI2/ADX).
    #[arg(long)]
    no_adx: bool,
    /// Keep rbp as a frame pointer.
    #[arg(long)]
    frame_pointer: bool,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random tests (each also aliased) the result must pass before it is written.
    #[arg(long, default_value_t = 1_000_000)]
    tests: usize,
    /// Write the best-cost-over-evaluations trace (JSON) here.
    #[arg(long)]
    trace: Option<PathBuf>,
    /// Bets-and-runs: this many short independent bets (different starts, re-association
    /// variants), then the best one continued; 0 or 1 = one plain run.
    #[arg(long, default_value_t = 10)]
    bets: usize,
    /// Fraction of the budget all bets share (the rest goes to the final run).
    #[arg(long, default_value_t = 0.2)]
    bet_fraction: f64,
    /// Do not re-associate addition trees or split carry chains.
    #[arg(long)]
    no_reassoc: bool,
    /// Do not offer the search the function with shared partial sums (pairs of terms summed in
    /// several addition trees computed once).
    #[arg(long)]
    no_share_sums: bool,
}

#[derive(Args)]
struct VerifyArgs {
    #[arg(long)]
    ir: PathBuf,
    /// Which function of a file holding several (e.g. secp256k1_fe_mul_inner in bitcoin-core/field.json).
    #[arg(long)]
    function: Option<String>,
    /// Input limb bounds as bit counts for IR without bounds (CryptOpt's LLVM-style JSON, e.g.
    /// bitcoin-core's: 56,56,56,56,52); one list for every input array, or lists separated by `;`.
    #[arg(long)]
    limb_bits: Option<String>,
    /// Assembly file (NASM or GAS Intel syntax).
    file: PathBuf,
    /// Also prove the cases where the output buffer is one of the inputs.
    #[arg(long)]
    aliasing: bool,
    /// Do not send obligations the rewrite rules leave open to the SMT solver.
    #[arg(long)]
    no_smt: bool,
    /// Time limit per SMT solver call (each open obligation makes at most two): 10s, 500ms, 1m.
    #[arg(long, default_value = "10s")]
    smt_timeout: String,
}

/// `10s`, `500ms`, `2m` -> Duration.
fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    let (num, unit) = s.find(|c: char| !c.is_ascii_digit() && c != '.').map(|i| s.split_at(i)).unwrap_or((s, "s"));
    let v: f64 = num.parse().map_err(|_| format!("{s:?} is not a duration like 10s, 500ms or 2m"))?;
    let secs = match unit {
        "ms" => v / 1000.0,
        "s" => v,
        "m" => v * 60.0,
        _ => return Err(format!("{s:?}: unknown unit {unit:?} (use ms, s or m)")),
    };
    Ok(std::time::Duration::from_secs_f64(secs))
}

#[derive(Args)]
struct BenchArgs {
    #[arg(long)]
    ir: PathBuf,
    /// Which function of a file holding several (e.g. secp256k1_fe_mul_inner in bitcoin-core/field.json).
    #[arg(long)]
    function: Option<String>,
    /// Input limb bounds as bit counts for IR without bounds (CryptOpt's LLVM-style JSON, e.g.
    /// bitcoin-core's: 56,56,56,56,52); one list for every input array, or lists separated by `;`.
    #[arg(long)]
    limb_bits: Option<String>,
    /// Fiat C file (default: C emitted from the IR).
    #[arg(long)]
    c: Option<PathBuf>,
    /// Assembly files to measure next to gcc and clang.
    asm: Vec<PathBuf>,
    /// Randomized rounds (each measures every implementation in both modes once).
    #[arg(long, default_value_t = 31)]
    rounds: usize,
}

pub fn run(ctx: Ctx, args: CryptoArgs) -> Result<(), Failure> {
    match args.cmd {
        CryptoCmd::Opt(a) => opt(ctx, a),
        CryptoCmd::Verify(a) => verify(ctx, a),
        CryptoCmd::Bench(a) => bench(ctx, a),
    }
}

/// The file as text; invalid UTF-8 is bad input at the line and column of the first bad byte.
fn read(path: &Path) -> Result<String, Failure> {
    let bytes = std::fs::read(path).map_err(|e| Failure::input(format!("{}: cannot read: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = good.iter().rposition(|&b| b == b'\n').map(|i| i + 1).unwrap_or(0);
        let col = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
        Failure::input(format!("{}:{line}:{col}: invalid UTF-8", path.display()))
    })
}

/// `load_ir` for the commands that run the function (opt, bench): the calling convention of the
/// code we run (`jit::FieldFn`) passes at most two argument arrays.
fn load_runnable_ir(path: &Path, o: &IrSel) -> Result<ir::Function, Failure> {
    let f = load_ir(path, o)?;
    if f.args.len() > 2 {
        let text = read(path)?;
        let pos = ir::locate(&text, "arguments[2]").map(|(l, c)| format!("{l}:{c}")).unwrap_or_else(|| "arguments[2]".into());
        return Err(Failure::input(format!("{}:{pos}: {} argument arrays; opt and bench run functions of at most 2", path.display(), f.args.len())));
    }
    Ok(f)
}

/// `--function` and `--limb-bits` of a command.
struct IrSel<'a> {
    function: &'a Option<String>,
    limb_bits: &'a Option<String>,
}

fn load_ir(path: &Path, o: &IrSel) -> Result<ir::Function, Failure> {
    let text = read(path)?;
    let bounds = match o.limb_bits {
        Some(b) => Some(vf_x86::llvmjson::Bounds::parse_bits(b).map_err(|e| Failure::input(format!("--limb-bits: {e}")))?),
        None => None,
    };
    let opts = ir::ParseOptions { function: o.function.clone(), bounds };
    ir::parse_with(&text, &opts).map_err(|e| {
        if e.pos.starts_with("--") {
            return Failure::input(format!("{}: {}", e.pos, e.msg));
        }
        // JSON paths (`arguments[0].ubound[1]`) are turned into line:col, keeping the path
        match ir::locate(&text, &e.pos) {
            Some((line, col)) => Failure::input(format!("{}:{line}:{col}: {} (at {})", path.display(), e.msg, e.pos)),
            None => Failure::input(format!("{}:{}: {}", path.display(), e.pos, e.msg)),
        }
    })
}

fn load_asm(path: &Path) -> Result<asm::Program, Failure> {
    asm::parse(&read(path)?).map_err(|e| Failure::input(format!("{}:{}:{}: {}", path.display(), e.line, e.col, e.msg)))
}

fn scratch_dir() -> PathBuf {
    std::env::temp_dir().join(format!("veriforge-crypto-{}", std::process::id()))
}

/// gcc and clang builds of the reference C (Fiat's file or C emitted from the IR).
fn references(f: &ir::Function, c: Option<&Path>) -> Result<Vec<(String, cref::CLib)>, Failure> {
    let dir = scratch_dir();
    // both compilers at once (gcc -O3 on a 7-limb Montgomery multiply takes seconds, and this
    // is part of `opt`'s wall-clock budget)
    let text = c.is_none().then(|| cemit::emit(f));
    let built: Vec<Result<cref::CLib, String>> = std::thread::scope(|sc| {
        let jobs: Vec<_> = ["gcc", cref::clang()]
            .into_iter()
            .map(|cc| {
                // one directory per compiler: both write their copy of the source
                let (dir, text) = (dir.join(cc.replace('/', "_")), &text);
                sc.spawn(move || match (c, text) {
                    (Some(p), _) => cref::build(p, cc, &dir),
                    (None, Some(t)) => cref::build_text(t, &f.name, cc, &dir),
                    (None, None) => unreachable!(),
                })
            })
            .collect();
        jobs.into_iter().map(|j| j.join().unwrap_or_else(|_| Err("compiler thread panicked".into()))).collect()
    });
    let mut out = vec![];
    for (cc, lib) in ["gcc", cref::clang()].into_iter().zip(built) {
        let lib = lib.map_err(|e| Failure::internal(format!("building the {cc} reference: {e}")))?;
        out.push((format!("{cc} -O3"), lib));
    }
    Ok(out)
}

struct Row {
    name: String,
    stats: [measure::Stats; 2],
}

fn measure_all(f: &ir::Function, fns: &[(String, jit::FieldFn)], rounds: usize, clock: &mut dyn Clock, seed: u64) -> Vec<Row> {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let inputs = f.random_inputs(&mut rng);
    let mut benches: Vec<Bench> = fns.iter().map(|(_, g)| Bench::new(*g, f.limbs(), &inputs)).collect();
    let target = if clock.unit().starts_with("ns") { 200_000 } else { 400_000 };
    let stats = measure::measure(&mut benches, clock, rounds, target, &mut rng);
    fns.iter().zip(stats).map(|((n, _), s)| Row { name: n.clone(), stats: s }).collect()
}

fn print_table(ctx: &Ctx, unit: &str, rows: &[Row]) {
    if ctx.json {
        return;
    }
    println!("{:<44} {:>26} {:>26}", "implementation", "throughput (p10-p90)", "latency (p10-p90)");
    let base = &rows[0].stats;
    for r in rows {
        let s = &r.stats;
        println!(
            "{:<44} {:>8.1} ({:>6.1}-{:>6.1}) x{:<4.2} {:>8.1} ({:>6.1}-{:>6.1}) x{:<4.2}",
            r.name,
            s[0].median,
            s[0].p10,
            s[0].p90,
            base[0].median / s[0].median,
            s[1].median,
            s[1].p10,
            s[1].p90,
            base[1].median / s[1].median
        );
    }
    println!("unit: {unit} per call; xN = speed-up vs the first row");
}

fn rows_json(rows: &[Row]) -> serde_json::Value {
    serde_json::Value::Array(
        rows.iter()
            .map(|r| {
                let j = |s: &measure::Stats| serde_json::json!({"median": s.median, "p10": s.p10, "p90": s.p90, "samples": s.samples});
                serde_json::json!({"name": r.name, "throughput": j(&r.stats[0]), "latency": j(&r.stats[1])})
            })
            .collect(),
    )
}

/// Seconds reserved at the end of a time budget of `total` seconds for the final selection and
/// measurement: 5 s, but at most 15 % of the budget (a 3 s budget keeps most of it for the search).
fn final_measure_secs(total: f64) -> f64 {
    (0.15 * total).min(5.0)
}

/// Seconds before the deadline at which the start candidate's proof is cut (then nothing can be
/// written, and the command says so before the budget ends): 2 s, at most 5 % of the budget.
/// Random tests of the start candidate right after its proof.
const START_TESTS: usize = 2000;

fn start_proof_margin_secs(total: f64) -> f64 {
    (0.05 * total).min(2.0)
}

/// Seconds reserved after the search for one more proof (a finalist: twice the start's checker
/// time `proof`; proofs of other schedules of the same function take about as long on a quiet
/// machine, but a p434 proof measured at 1.6 s took more than 4.9 s minutes later under a
/// changing load), the final random tests `tests` and the final selection and measurement.
fn final_reserve_secs(proof: f64, tests: f64, total: f64) -> f64 {
    2.0 * proof + tests + final_measure_secs(total)
}

fn problem_deadline(problem: &OptProblem) -> Option<Instant> {
    *problem.deadline.lock().unwrap()
}

/// `OptProblem::prove`, cut at `deadline`: the checker runs on its own thread and is abandoned
/// (left to finish unobserved; the process exits soon after) when the deadline passes first,
/// which counts as "not proven within the budget".
fn prove_by(problem: &OptProblem, prog: &asm::Program, tests: usize, seed: u64, deadline: Option<Instant>) -> Result<usize, String> {
    let Some(d) = deadline else { return problem.prove(prog, tests, seed).map(|_| tests) };
    let t = Instant::now();
    let (f, p) = (problem.f.clone(), prog.clone());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let r: Result<(), String> = check::verify_all(&f, &p, true, &check::CheckOptions::default()).map(|_| ());
        let _ = tx.send(r);
    });
    match rx.recv_timeout(d.saturating_duration_since(Instant::now())) {
        Ok(r) => {
            r?;
            problem.note_proof_secs(t.elapsed().as_secs_f64());
            let ran = problem.random_tests_until(prog, tests, seed, Some(d))?;
            Ok(ran)
        }
        Err(_) => Err(format!("proof cut at the end of the budget after {:.1}s", t.elapsed().as_secs_f64())),
    }
}

fn opt(ctx: Ctx, a: OptArgs) -> Result<(), Failure> {
    let f = load_runnable_ir(&a.ir, &IrSel { function: &a.function, limb_bits: &a.limb_bits })?;
    let objective = Objective::parse(&a.objective).ok_or_else(|| Failure::input(format!("--objective: unknown value {}", a.objective)))?;
    let budget = vf_search::Budget::parse(&a.budget).map_err(|e| Failure::input(format!("--budget: {e}")))?;
    if !(a.bet_fraction > 0.0 && a.bet_fraction < 1.0) {
        return Err(Failure::input(format!("--bet-fraction: {} is not in (0, 1)", a.bet_fraction)));
    }
    // `--budget` with a time is a wall-clock budget for the whole command (issue 15): setup,
    // search, proofs, tests and the final measurement.
    let started = Instant::now();
    let deadline = budget.time.map(|d| started + d);
    let l = lir::lower(&f).map_err(|e| Failure::input(format!("{}: {e}", a.ir.display())))?;
    let opts = Options { adx: !a.no_adx, frame_pointer: a.frame_pointer, ..Default::default() };
    let refs = references(&f, a.c.as_deref())?;
    let t_refs = started.elapsed().as_secs_f64();
    let ref_fns: Vec<(String, jit::FieldFn)> = refs.iter().map(|(n, lib)| lib.func(&f.name).map(|g| (n.clone(), g))).collect::<Result<_, _>>().map_err(Failure::internal)?;
    let clock = measure::best_clock();
    ctx.info(format!("crypto opt {}: {} LIR nodes, objective {}, timing unit: {}", f.name, l.nodes.len(), a.objective, clock.unit()));
    if clock.unit().contains("no PMC") {
        ctx.info("note: hardware cycle counters are unavailable here (perf_event_open failed); timings use clock_gettime around adaptive batches");
    }
    let mut problem = OptProblem::new(&f, &l, opts, objective, &ref_fns, clock, a.seed);
    let t_new = started.elapsed().as_secs_f64();
    if a.no_reassoc {
        problem.reassoc_rate = 0.0;
    }
    if a.no_share_sums {
        problem.disable_shared_sums();
    }
    let compilers: Vec<String> =
        problem.compilers.iter().map(|c| format!("{} {:.3}x/{:.3}x", c.name, c.vs_anchor[0], c.vs_anchor[1])).collect();
    let start_ratio = {
        use vf_search::Problem;
        problem.cost(&problem.initial())
    };
    ctx.info(format!(
        "{} re-associable sum trees{}; compilers (throughput/latency time vs the fastest): {}; start: {:.3}x the best compiler ({})",
        if a.no_reassoc { 0 } else { problem.sum_trees() },
        if problem.has_shared_sums() { " (and a shared-partial-sums form)" } else { "" },
        compilers.join(", "),
        start_ratio,
        a.objective
    ));
    // The start candidate is proven first (the fallback written when nothing better is proven
    // in time); its proof time is the estimate for every later proof. The search then gets what
    // is left after reserving one more proof (a finalist) and the final measurement.
    let t = Instant::now();
    let start_prog = {
        use vf_search::Problem;
        problem.generate(&problem.initial()).map_err(Failure::internal)?
    };
    // Without a proven start nothing can be written, so its proof is cut a little before the
    // deadline and the command then stops at once (exit 1) instead of searching to no purpose.
    let start_deadline = deadline.map(|d| d.checked_sub(Duration::from_secs_f64(start_proof_margin_secs(budget.time.unwrap_or_default().as_secs_f64()))).unwrap_or(d));
    // 2000 random tests here: they cost ~0.4 ms each on 7-limb functions under load, and the
    // start is tested again with `--tests` when it is the one written
    let start_tests = a.tests.min(START_TESTS);
    ctx.info(format!("setup took {:.1}s (references compiled after {t_refs:.1}s, compilers timed after {t_new:.1}s, then the start chosen among the heuristic schedules)", started.elapsed().as_secs_f64()));
    let start_proof = prove_by(&problem, &start_prog, start_tests, a.seed ^ 0x5ea7, start_deadline);
    let start_proven = start_proof.is_ok();
    let start_secs = t.elapsed().as_secs_f64();
    match &start_proof {
        Ok(n) => ctx.info(format!("start candidate proven in {start_secs:.1}s (checker {:.1}s, {n} random tests)", problem.proof_estimate())),
        Err(e) => {
            if deadline.is_some() {
                return Err(Failure::Negative(format!(
                    "the start candidate could not be proven within the budget ({e}; {:.1}s of {:.1}s used): nothing written",
                    started.elapsed().as_secs_f64(),
                    budget.time.unwrap_or_default().as_secs_f64()
                )));
            }
            ctx.info(format!("start candidate not proven ({e})"))
        }
    }
    let budget = match deadline {
        Some(d) => {
            // one more checker proof (a finalist) with margin, the final random tests (2000 at
            // least, then stopped at the deadline), the final selection and measurement; if the
            // finalist's proof does not fit after all, the proven start is written
            let total = budget.time.unwrap_or_default().as_secs_f64();
            let tests_secs = (start_secs - problem.proof_estimate()).max(0.0) * 2000.0 / start_tests.max(1) as f64;
            let reserve = Duration::from_secs_f64(final_reserve_secs(problem.proof_estimate(), tests_secs, total));
            let left = d.saturating_duration_since(Instant::now()).saturating_sub(reserve);
            *problem.deadline.lock().unwrap() = Some(Instant::now() + left);
            // a proof longer than 2 % of the search is not made inline for every global best
            // (it would stall the search); the final selection proves the finalists
            problem.defer_proofs_above.store((0.02 * left.as_secs_f64()).to_bits(), std::sync::atomic::Ordering::Relaxed);
            ctx.info(format!("search budget {:.1}s of {:.1}s (reserved {:.1}s for the final proof and measurement)", left.as_secs_f64(), budget.time.unwrap_or_default().as_secs_f64(), reserve.as_secs_f64()));
            vf_search::Budget { time: Some(left.max(Duration::from_millis(1))), iterations: budget.iterations }
        }
        None => budget,
    };
    let config = vf_search::Config {
        seed: a.seed,
        chains: 1,
        budget,
        schedule: vf_search::Schedule::Geometric { start: 0.02, end: 0.001 },
        restart_after: Some(400),
        restart_from: vf_search::RestartFrom::ChainBest,
        target_cost: None,
        progress_every: std::time::Duration::from_secs(5),
        cancel: None,
        ..vf_search::Config::default()
    };
    let observer = Progress { ctx, problem: &problem };
    let bets = vf_search::Bets { count: a.bets, fraction: a.bet_fraction };
    let outcome = vf_search::bets_and_runs(&problem, &config, bets, &observer);
    let result = outcome.result;
    // Only proven code is written: the fastest finalist that proves, else the (proven) start.
    let t = Instant::now();
    let candidates = final_selection(&ctx, &f, &problem, &result.best, &ref_fns, objective, a.seed)?;
    let mut chosen = None;
    let mut selection: Vec<(usize, f64)> = candidates.iter().map(|(i, c, _)| (*i, *c)).collect();
    selection.sort_by_key(|(i, _)| *i);
    let mut chosen_finalist = None;
    // finalists tried before the chosen one and not taken (proof would overrun the budget, or failed)
    let mut passed_over: Vec<usize> = Vec::new();
    let mut tests_run = a.tests;
    *problem.deadline.lock().unwrap() = deadline.map(|d| d.checked_sub(Duration::from_secs_f64(final_measure_secs(d.duration_since(started).as_secs_f64()) * 0.4)).unwrap_or(d));
    for (i, _, prog) in candidates {
        let is_start = start_proven && prog.insns == start_prog.insns;
        if !is_start && !problem.proof_fits() {
            ctx.info(format!("finalist {i}: its proof (~{:.1}s) would run past the budget; skipped", problem.proof_estimate()));
            passed_over.push(i);
            continue;
        }
        // the start was proven by the checker at the beginning: only its random tests remain
        let r = if is_start { problem.random_tests_until(&prog, a.tests, a.seed ^ 0x5eed, problem_deadline(&problem)) } else { prove_by(&problem, &prog, a.tests, a.seed ^ 0x5eed, problem_deadline(&problem)) };
        match r {
            Ok(n) => {
                tests_run = n;
                chosen = Some(prog);
                chosen_finalist = Some(i);
                break;
            }
            Err(e) => {
                ctx.info(format!("candidate not proven ({e}); falling back"));
                passed_over.push(i);
            }
        }
    }
    // within the budget, the start candidate proven at the beginning is the fallback
    if chosen.is_none() && start_proven {
        ctx.info("no finalist proven within the budget; writing the start candidate (proven)");
        if let Ok(n) = problem.random_tests_until(&start_prog, a.tests, a.seed ^ 0x5eed, problem_deadline(&problem)) {
            tests_run = n;
            chosen = Some(start_prog.clone());
        }
    }
    let prog = chosen.ok_or_else(|| Failure::Negative("no candidate could be proven within the budget: nothing written".into()))?;
    let of_requested = if tests_run < a.tests { format!(" (of {} requested: the budget ended)", a.tests) } else { String::new() };
    ctx.info(format!("proven (distinct and aliased buffers) and passed {tests_run} random tests{of_requested} (each also aliased) in {:.1}s", t.elapsed().as_secs_f64()));
    let code = jit::load(&prog).map_err(Failure::internal)?;
    let mut fns = ref_fns.clone();
    fns.push(("veriforge".into(), code.func()));
    let mut clock = measure::best_clock();
    // fewer rounds when the budget is nearly spent
    let rounds = match deadline {
        Some(d) if d.saturating_duration_since(Instant::now()) < Duration::from_secs_f64(final_measure_secs(d.duration_since(started).as_secs_f64())) => 5,
        _ => 21,
    };
    let rows = measure_all(&f, &fns, rounds, clock.as_mut(), a.seed);
    print_table(&ctx, clock.unit(), &rows);
    if let Some(d) = deadline {
        let over = Instant::now().saturating_duration_since(d).as_secs_f64();
        ctx.info(format!("wall clock {:.1}s (budget {:.1}s{})", started.elapsed().as_secs_f64(), d.duration_since(started).as_secs_f64(), if over > 0.0 { format!(", {over:.1}s over") } else { String::new() }));
    }
    if let Some(out) = &a.output {
        write_atomically(out, asm::to_gas(&prog).as_bytes()).map_err(|e| Failure::internal(format!("{}: {e}", out.display())))?;
        let nasm = out.with_extension("asm");
        write_atomically(&nasm, asm::to_nasm(&prog).as_bytes()).map_err(|e| Failure::internal(format!("{}: {e}", nasm.display())))?;
        let h = out.with_extension("h");
        write_atomically(&h, gen::c_header(&f.name, f.args.len()).as_bytes()).map_err(|e| Failure::internal(format!("{}: {e}", h.display())))?;
        ctx.info(format!("wrote {}, {}, {}", out.display(), nasm.display(), h.display()));
    }
    if let Some(tp) = &a.trace {
        write_atomically(tp, result.trace.to_json().as_bytes()).map_err(|e| Failure::internal(format!("{}: {e}", tp.display())))?;
    }
    if ctx.json {
        println!(
            "{}",
            serde_json::json!({"function": f.name, "unit": clock.unit(), "evaluations": result.iterations, "best_cost": result.best_cost,
                "evaluations_per_s": result.iterations_per_s(), "counters": result.counters, "bet_costs": outcome.bet_costs,
                "chosen_bet": outcome.chosen, "instructions": prog.insns.len(), "search_best_shared_sums": result.best.variant.shared,
                "final_selection": {"costs": selection.iter().map(|(_, c)| if c.is_finite() { serde_json::json!(c) } else { serde_json::Value::Null }).collect::<Vec<_>>(), "chosen": chosen_finalist, "passed_over": passed_over}, "results": rows_json(&rows)})
        );
    }
    let _ = std::fs::remove_dir_all(scratch_dir());
    Ok(())
}

/// The search's best, the last proven global bests and the heuristic start, re-measured side by
/// side with the compilers in long batches (21 randomized rounds) and ordered by the objective on
/// those fresh medians (each mode relative to the faster compiler). The search's own costs come
/// from short interleaved batches and the best of many of them is biased low, so the final choice
/// is made on this independent measurement.
/// Returns (finalist index, cost, code), cheapest first; the cost is NaN when there was only one.
fn final_selection(ctx: &Ctx, f: &ir::Function, problem: &OptProblem, best: &OptCandidate, compilers: &[(String, jit::FieldFn)], objective: Objective, seed: u64) -> Result<Vec<(usize, f64, asm::Program)>, Failure> {
    let mut progs: Vec<asm::Program> = Vec::new();
    for c in std::iter::once(best.clone()).chain(problem.finalists()) {
        let p = problem.generate(&c).map_err(Failure::internal)?;
        if !progs.iter().any(|q| q.insns == p.insns) {
            progs.push(p);
        }
    }
    if progs.len() == 1 {
        return Ok(progs.into_iter().map(|p| (0, f64::NAN, p)).collect());
    }
    let loaded: Vec<jit::ExecCode> = progs.iter().map(jit::load).collect::<Result<_, _>>().map_err(Failure::internal)?;
    let mut fns = compilers.to_vec();
    fns.extend(loaded.iter().enumerate().map(|(i, l)| (format!("finalist {i}"), l.func())));
    let mut clock = measure::best_clock();
    let rows = measure_all(f, &fns, 21, clock.as_mut(), seed ^ 0xf1a1);
    let (comp, fin) = rows.split_at(compilers.len());
    let fastest = |m: usize| comp.iter().map(|r| r.stats[m].median).fold(f64::INFINITY, f64::min);
    let ratios = |r: &Row| [r.stats[0].median / fastest(0), r.stats[1].median / fastest(1)];
    let cost = |r: &Row| objective.combine(ratios(r));
    let mut order: Vec<usize> = (0..fin.len()).collect();
    order.sort_by(|&a, &b| selection_key(ratios(&fin[a]), cost(&fin[a]), objective).partial_cmp(&selection_key(ratios(&fin[b]), cost(&fin[b]), objective)).unwrap_or(std::cmp::Ordering::Equal));
    let costs: Vec<String> = (0..fin.len()).map(|i| { let r = ratios(&fin[i]); format!("{:.3} ({:.3}/{:.3})", cost(&fin[i]), r[0], r[1]) }).collect();
    ctx.info(format!("final selection (0 = search best, last = heuristic start), cost (throughput/latency) vs the faster compiler: [{}] -> finalist {}", costs.join(", "), order[0]));
    Ok(order.into_iter().map(|i| (i, cost(&fin[i]), progs[i].clone())).collect())
}

/// Order of the final selection: finalists faster than the faster compiler in BOTH modes
/// (`ratios` = time / the faster compiler's, throughput and latency, < 1) come first, then the
/// rest; within each group, the objective's cost. The issue asks to beat both compilers in both
/// modes, so a finalist that does is preferred to one with a lower `mix` cost that loses one mode.
/// Only for `--objective mix`: with one mode asked for, only its cost counts.
fn selection_key(ratios: [f64; 2], cost: f64, objective: Objective) -> (u8, f64) {
    let beats_both = objective != Objective::Mix || ratios.iter().all(|r| *r < 1.0);
    (u8::from(!beats_both), if cost.is_nan() { f64::INFINITY } else { cost })
}

struct Progress<'a, 'p> {
    ctx: Ctx,
    problem: &'p OptProblem<'a>,
}

/// "thr 0.62x gcc 0.95x clang, lat ..." for the best candidate so far (time ratios; < 1 = faster).
fn versus(problem: &OptProblem) -> String {
    let best = problem.best_ratios();
    let mode = |m: usize, label: &str| -> Option<String> {
        let parts: Vec<String> = problem.compilers.iter().zip(&best.vs).map(|(c, r)| format!("{:.3}x {}", r[m], c.name.split(' ').next().unwrap_or(""))).collect();
        (!best.vs.is_empty() && best.vs.iter().all(|r| r[m].is_finite())).then(|| format!("{label} {}", parts.join(" ")))
    };
    [mode(0, "thr"), mode(1, "lat")].into_iter().flatten().collect::<Vec<_>>().join(" | ")
}

impl vf_search::Observer for Progress<'_, '_> {
    fn progress(&self, p: &vf_search::Progress) {
        let get = |k: &str| p.counters.iter().find(|(n, _)| n == k).map(|(_, v)| *v).unwrap_or(0);
        self.ctx.info(format!(
            "[{:>6.1}s] {} evals {} ({:.0}/s: measured {} raced-out {} filtered {} failed {})  best {:.3}x best compiler [{}]  proven {} deferred {} refuted {} unproven-chain-bests {} remeasured-worse {} variants {}",
            p.elapsed_s,
            if p.phase.is_empty() { "run" } else { &p.phase },
            p.iterations,
            p.iterations_per_s,
            get("measured"),
            get("raced_out"),
            get("filtered"),
            get("failed"),
            p.best_cost,
            versus(self.problem),
            get("proven"),
            get("proofs_deferred"),
            get("refuted"),
            get("unproven"),
            get("noise"),
            get("variants"),
        ));
    }
}

fn verify(ctx: Ctx, a: VerifyArgs) -> Result<(), Failure> {
    let f = load_ir(&a.ir, &IrSel { function: &a.function, limb_bits: &a.limb_bits })?;
    let prog = load_asm(&a.file)?;
    let timeout = parse_duration(&a.smt_timeout).map_err(|e| Failure::input(format!("--smt-timeout: {e}")))?;
    let mut opts = check::CheckOptions::default();
    opts.smt.enabled = !a.no_smt;
    opts.smt.timeout = timeout;
    let mut failures = vec![];
    let mut report = vec![];
    for s in check::scenarios(&f, a.aliasing) {
        let t = Instant::now();
        let r = check::verify_with(&f, &prog, s, &opts);
        let secs = t.elapsed().as_secs_f64();
        let smt: Vec<_> = r.as_ref().map(|p| p.smt.iter().map(|o| serde_json::json!({"obligation": o.what, "seconds": o.seconds})).collect()).unwrap_or_default();
        report.push(serde_json::json!({"scenario": s.label(), "proven": r.is_ok(), "seconds": secs, "proven_by_smt": smt,
            "reason": r.as_ref().err().map(|e| e.reason.clone()), "wrong": r.as_ref().err().is_some_and(|e| e.counterexample.is_some())}));
        match r {
            Ok(p) if p.smt.is_empty() => ctx.info(format!("{}: {}: proven in {secs:.3}s", a.file.display(), s.label())),
            Ok(p) => {
                let what: Vec<&str> = p.smt.iter().map(|o| o.what.as_str()).collect();
                ctx.info(format!("{}: {}: proven in {secs:.3}s; proven (SMT): {} obligation(s): {}", a.file.display(), s.label(), p.smt.len(), what.join(", ")))
            }
            Err(e) => failures.push(format!("{}: {}: NOT proven ({e})", a.file.display(), s.label())),
        }
    }
    if ctx.json {
        println!("{}", serde_json::json!({"file": a.file.display().to_string(), "function": f.name, "results": report}));
    }
    if failures.is_empty() {
        if !ctx.json {
            println!("proven: {} implements {}", a.file.display(), f.name);
        }
        Ok(())
    } else {
        Err(Failure::Negative(failures.join("\n")))
    }
}

fn bench(ctx: Ctx, a: BenchArgs) -> Result<(), Failure> {
    let f = load_runnable_ir(&a.ir, &IrSel { function: &a.function, limb_bits: &a.limb_bits })?;
    let progs: Vec<(String, asm::Program)> = a.asm.iter().map(|p| load_asm(p).map(|q| (p.display().to_string(), q))).collect::<Result<_, _>>()?;
    let refs = references(&f, a.c.as_deref())?;
    let mut fns: Vec<(String, jit::FieldFn)> = refs.iter().map(|(n, lib)| lib.func(&f.name).map(|g| (n.clone(), g))).collect::<Result<_, _>>().map_err(Failure::internal)?;
    let mut codes = vec![];
    for (name, p) in &progs {
        let code = jit::load(p).map_err(|e| Failure::input(format!("{name}: {e}")))?;
        // never time code that computes something else
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..1000 {
            let i = f.random_inputs(&mut rng);
            if jit::call(code.func(), &i, f.limbs()) != f.eval(&i) {
                return Err(Failure::Negative(format!("{name}: wrong result on {i:?}")));
            }
        }
        fns.push((name.clone(), code.func()));
        codes.push(code);
    }
    let mut clock = measure::best_clock();
    ctx.info(format!("measuring {} implementations, {} rounds, unit {}", fns.len(), a.rounds, clock.unit()));
    let rows = measure_all(&f, &fns, a.rounds, clock.as_mut(), 7);
    print_table(&ctx, clock.unit(), &rows);
    if ctx.json {
        println!("{}", serde_json::json!({"function": f.name, "unit": clock.unit(), "results": rows_json(&rows)}));
    }
    drop(codes);
    let _ = std::fs::remove_dir_all(scratch_dir());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_selection_prefers_finalists_beating_both_compilers_in_both_modes_under_mix() {
        let mix = Objective::Mix;
        // lower mix cost but slower than a compiler in latency, vs slightly higher cost and faster in both
        let loses_latency = selection_key([0.70, 1.02], mix.combine([0.70, 1.02]), mix);
        let beats_both = selection_key([0.95, 0.97], mix.combine([0.95, 0.97]), mix);
        assert!(mix.combine([0.70, 1.02]) < mix.combine([0.95, 0.97]));
        assert!(beats_both < loses_latency);
        // within a group the cost decides
        assert!(selection_key([0.90, 0.90], 0.90, mix) < selection_key([0.95, 0.97], 0.96, mix));
        assert!(selection_key([0.90, 1.10], 1.05, mix) < selection_key([1.20, 1.10], 1.17, mix));
        // one mode asked for: only the cost counts
        let thr = Objective::Throughput;
        assert!(selection_key([0.80, 1.50], 0.80, thr) < selection_key([0.95, 0.90], 0.95, thr));
        // a NaN cost (a single finalist is not measured) sorts last
        assert!(selection_key([0.9, 0.9], 0.9, mix) < selection_key([f64::NAN, f64::NAN], f64::NAN, mix));
    }

    #[test]
    fn reserves_scale_with_the_measured_proof_time_and_stay_inside_the_budget() {
        // the final reserve grows with the proof time; the measurement share is capped
        assert!(final_reserve_secs(20.0, 0.5, 60.0) > final_reserve_secs(5.0, 0.5, 60.0));
        assert!((final_reserve_secs(8.0, 1.0, 600.0) - (16.0 + 1.0 + 5.0)).abs() < 1e-9);
        assert!((final_reserve_secs(0.0, 0.0, 10.0) - 1.5).abs() < 1e-9);
        // the start proof is cut before the deadline, by at most 2 s and at most 5 % of the budget
        assert!((start_proof_margin_secs(45.0) - 2.0).abs() < 1e-9);
        assert!((start_proof_margin_secs(10.0) - 0.5).abs() < 1e-9);
        assert!(start_proof_margin_secs(600.0) <= 2.0);
    }
}
