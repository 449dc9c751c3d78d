//! `veriforge bpf opt` and `veriforge bpf equiv`: the superoptimizer and the
//! equivalence checker of the bpf track (search: vf-search, proofs: vf-smt).

use crate::failure::Failure;
use crate::output::write_atomically;
use crate::Ctx;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;
use vf_bpf::equiv::cache::ProofCache;
use vf_bpf::equiv::diff;
use vf_bpf::equiv::program::{prove_programs, ProgramVerdict};
use vf_bpf::equiv::window::SmtSolver;
use vf_bpf::formats::{self, LoadOptions, Loaded};
use vf_bpf::opt::{driver, OptOptions};
use vf_bpf::ProgType;
use vf_search::{Budget, Progress};

/// Options shared by commands that load a program.
#[derive(clap::Args, Clone, Debug)]
pub struct ProgramOpts {
    /// K2 `.maps` file (default: `<input stem>.maps` next to the input, if present).
    #[arg(long)]
    pub maps: Option<PathBuf>,
    /// K2 `.desc` file (default: `<input stem>.desc` next to the input, if present).
    #[arg(long)]
    pub desc: Option<PathBuf>,
    /// ELF section to take (default: the first program section).
    #[arg(long)]
    pub section: Option<String>,
    /// Program type for text formats: socket_filter, kprobe, sched_cls, tracepoint, xdp, raw_ctx.
    #[arg(long = "prog-type")]
    pub prog_type: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct OptArgs {
    /// Program to optimize (.k2, .bpf, .insns or ELF .o).
    pub input: PathBuf,
    /// Output file, written in the input's format (default: `<stem>.opt.<ext>` in the current directory).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Search budget: 5s, 10m, 2h (wall time) or 100000it (iterations per chain).
    #[arg(long, default_value = "60s")]
    pub budget: String,
    /// Parallel search chains (default: number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Per-query solver timeout.
    #[arg(long, default_value = "10s")]
    pub smt_timeout: String,
    /// Solver backend: z3, bitwuzla or portfolio.
    #[arg(long, default_value = "z3")]
    pub solver: String,
    /// Proof cache file (default: $VERIFORGE_BPF_CACHE or ~/.cache/veriforge/bpf-window-proofs.jsonl).
    #[arg(long)]
    pub cache: Option<PathBuf>,
    /// Do not read or write the proof cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Write the run report (counts, times, best-so-far trace) as JSON here.
    #[arg(long)]
    pub report: Option<PathBuf>,
    /// Random inputs for the final differential check in the reference interpreter.
    #[arg(long, default_value_t = 10_000)]
    pub diff_inputs: usize,
    /// Random inputs for BPF_PROG_TEST_RUN of input vs output (XDP, socket filter, sched_cls).
    #[arg(long, default_value_t = 10_000)]
    pub kernel_runs: usize,
    /// Also write the SMT-LIB2 query of every rewritten window here (they are always re-proven
    /// from that text by the other backend before the output is written).
    #[arg(long)]
    pub export_smt: Option<PathBuf>,
    /// Keep deleted instructions as `ja +0` (K2's marking, not counted) instead of removing them.
    #[arg(long)]
    pub keep_nops: bool,
    /// What to minimize: `size` (instruction count) or `latency` (static sum of the per-opcode
    /// costs of --cost-table, measured with BPF_PROG_TEST_RUN).
    #[arg(long, default_value = "size")]
    pub objective: String,
    /// Latency table written by `veriforge bpf calibrate` (default: the table checked in).
    #[arg(long)]
    pub cost_table: Option<PathBuf>,
    /// Rewrite-rule database (JSON lines; default: $VERIFORGE_BPF_RULES or
    /// ~/.cache/veriforge/bpf-rules.jsonl, not used with --no-cache unless given here). Rules are
    /// applied before the search, each firing proven again; the search's proofs add rules.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Do not read or write the rule database.
    #[arg(long)]
    pub no_rules: bool,
    /// Windows: `fixed` (at most 4/4/6/3 slots) or `grow` (half the budget with those, then
    /// rounds with basic-block-sized windows of 8-16 slots from the best so far).
    #[arg(long, default_value = "fixed")]
    pub windows: String,
    /// Memory-access coalescing pass before the search (`on`/`off`): adjacent copies, split
    /// stores and byte-wise loads merged into wider accesses, each firing proven and safety-checked.
    #[arg(long, default_value = "on")]
    pub coalesce: String,
    /// Redundant/dead stack-store elimination before and after the search (`on`/`off`): stores
    /// whose bytes the slot already holds on every path, or that no path reads, each deletion proven.
    #[arg(long, default_value = "on")]
    pub stores: String,
    /// Fold constant operands of conditional jumps into immediates and delete the definitions this
    /// leaves dead (`on`/`off`), each rewrite proven, before the other passes.
    #[arg(long, default_value = "on")]
    pub branches: String,
    /// Fold known-constant register operands of stores and ALU instructions into immediates and
    /// delete the definitions this leaves dead (`on`/`off`), each rewrite proven.
    #[arg(long, default_value = "on")]
    pub operands: String,
    /// Replace map-value read-modify-writes (`x = *p; x += n; *p = x`) by atomic adds
    /// (`on`/`off`), each rewrite proven.
    #[arg(long, default_value = "on")]
    pub atomics: String,
    /// 64-bit masks and zero-extensions by 32-bit ALU instructions, dead constants removed
    /// (`on`/`off`), each rewrite proven.
    #[arg(long, default_value = "on")]
    pub alu32: String,
    #[command(flatten)]
    pub prog: ProgramOpts,
}

#[derive(clap::Args, Debug)]
pub struct CalibrateArgs {
    /// Where to write the table (JSON).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Runs per BPF_PROG_TEST_RUN call (the kernel reports their mean).
    #[arg(long, default_value_t = 20_000)]
    pub repeat: u32,
    /// Calls per program; the median is used.
    #[arg(long, default_value_t = 5)]
    pub samples: usize,
    /// Instances of the measured instruction per program.
    #[arg(long, default_value_t = 512)]
    pub copies: usize,
    /// Free text stored in the table's `measured` field (machine, conditions).
    #[arg(long, default_value = "")]
    pub note: String,
}

#[derive(clap::Args, Debug)]
pub struct TimeArgs {
    /// Runs per BPF_PROG_TEST_RUN call (the kernel reports their mean).
    #[arg(long, default_value_t = 10_000)]
    pub repeat: u32,
    /// Calls per input; the median over samples is reported.
    #[arg(long, default_value_t = 7)]
    pub samples: usize,
    /// Random inputs (seeded) each sample runs; a sample is their mean.
    #[arg(long, default_value_t = 4)]
    pub inputs: usize,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    #[command(flatten)]
    pub prog: ProgramOpts,
    /// Program to time (.k2, .bpf, .insns or ELF .o).
    pub input: PathBuf,
}

#[derive(clap::Args, Debug)]
pub struct EquivArgs {
    pub a: PathBuf,
    pub b: PathBuf,
    /// Random inputs tried in the reference interpreter before proving.
    #[arg(long, default_value_t = 10_000)]
    pub inputs: usize,
    #[arg(long, default_value = "30s")]
    pub smt_timeout: String,
    #[arg(long, default_value = "z3")]
    pub solver: String,
    #[command(flatten)]
    pub prog: ProgramOpts,
}

fn sibling(path: &Path, ext: &str) -> Option<PathBuf> {
    let p = path.with_extension(ext);
    p.exists().then_some(p)
}

/// Text and `.insns` inputs carry no program type: unless `--prog-type` gave one, infer it
/// from what the safety checker refuses as `raw_ctx` (vf_bpf::infer) and say so on stderr.
pub(crate) fn infer_prog_type(ctx: &Ctx, path: &Path, forced: Option<ProgType>, loaded: &mut Loaded) {
    if forced.is_some() || loaded.format == formats::Format::Elf {
        return;
    }
    match vf_bpf::infer::infer_and_apply(&mut loaded.program) {
        vf_bpf::infer::Inference::RawCtxAccepted => {}
        vf_bpf::infer::Inference::Inferred { ty, why } => {
            ctx.info(format!("{}: program type {} inferred: {why} (--prog-type overrides)", path.display(), ty.name()))
        }
        vf_bpf::infer::Inference::Ambiguous { why } => {
            ctx.info(format!("{}: program type not inferred, kept raw_ctx: {why}; pass --prog-type", path.display()))
        }
    }
}

fn load_program(ctx: &Ctx, path: &Path, o: &ProgramOpts) -> Result<Loaded, Failure> {
    let prog_type = match &o.prog_type {
        Some(t) => Some(ProgType::parse(t).ok_or_else(|| Failure::input(format!("--prog-type: unknown program type `{t}`")))?),
        None => None,
    };
    let maps = o.maps.clone().or_else(|| sibling(path, "maps"));
    let desc = o.desc.clone().or_else(|| sibling(path, "desc"));
    let opts = LoadOptions {
        maps: maps.as_deref(),
        desc: desc.as_deref(),
        section: o.section.as_deref(),
        prog_type,
        format: None,
    };
    let mut loaded = formats::load(path, &opts).map_err(Failure::input)?;
    for n in &loaded.notes {
        ctx.info(format!("{}: {n}", path.display()));
    }
    infer_prog_type(ctx, path, prog_type, &mut loaded);
    loaded.program.validate().map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
    Ok(loaded)
}

fn parse_backend(s: &str) -> Result<vf_smt::Backend, Failure> {
    match s {
        "z3" => Ok(vf_smt::Backend::Z3),
        "bitwuzla" => Ok(vf_smt::Backend::Bitwuzla),
        "portfolio" => Ok(vf_smt::Backend::Portfolio),
        _ => Err(Failure::input(format!("--solver: unknown backend `{s}` (z3, bitwuzla, portfolio)"))),
    }
}

fn parse_timeout(s: &str, flag: &str) -> Result<Duration, Failure> {
    vf_search::parse_duration(s).ok_or_else(|| Failure::input(format!("{flag}: bad duration `{s}` (e.g. 10s)")))
}

fn default_cache() -> PathBuf {
    if let Ok(p) = std::env::var("VERIFORGE_BPF_CACHE") {
        return PathBuf::from(p);
    }
    let home = std::env::var("HOME").unwrap_or_else(|_| ".".into());
    Path::new(&home).join(".cache/veriforge/bpf-window-proofs.jsonl")
}

fn default_rules() -> PathBuf {
    if let Ok(p) = std::env::var("VERIFORGE_BPF_RULES") {
        return PathBuf::from(p);
    }
    let home = std::env::var("HOME").unwrap_or_else(|_| ".".into());
    Path::new(&home).join(".cache/veriforge/bpf-rules.jsonl")
}

fn default_output(input: &Path) -> PathBuf {
    let stem = input.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
    let ext = input.extension().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    PathBuf::from(format!("{stem}.opt.{ext}"))
}

/// `veriforge bpf opt`.
pub fn run_opt(ctx: Ctx, a: OptArgs) -> Result<(), Failure> {
    let budget = Budget::parse(&a.budget).map_err(|e| Failure::input(format!("--budget: {e}")))?;
    let smt_timeout = parse_timeout(&a.smt_timeout, "--smt-timeout")?;
    let backend = parse_backend(&a.solver)?;
    let jobs = a.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    if jobs == 0 {
        return Err(Failure::input("--jobs: must be at least 1"));
    }
    // one thread per chain: far more than cores only fails to start threads
    if jobs > 1024 {
        return Err(Failure::input(format!("--jobs {jobs}: at most 1024 search chains")));
    }
    let loaded = load_program(&ctx, &a.input, &a.prog)?;
    if let (false, Some(problem)) = (a.keep_nops, loaded.elf.as_ref().and_then(formats::btf_ext_problem)) {
        // the program is fine (libbpf ignores a damaged .BTF.ext too): say so now, not after the search
        eprintln!(
            "veriforge: warning: {}: {problem}; if instructions are removed, the output gets an empty .BTF.ext (no line/func info)",
            a.input.display()
        );
    }
    let output = a.output.clone().unwrap_or_else(|| default_output(&a.input));
    let cache = if a.no_cache {
        ProofCache::in_memory()
    } else {
        let path = a.cache.clone().unwrap_or_else(default_cache);
        ProofCache::open(&path).map_err(|e| Failure::internal(format!("{}: {e}", path.display())))?
    };
    let mut opts = OptOptions::default();
    opts.problem.objective = parse_objective(&a.objective, a.cost_table.as_deref())?;
    opts.search.seed = a.seed;
    opts.grow_windows = match a.windows.as_str() {
        "fixed" => false,
        "grow" => true,
        w => return Err(Failure::input(format!("--windows: unknown mode `{w}` (fixed, grow)"))),
    };
    opts.coalesce = match a.coalesce.as_str() {
        "on" => true,
        "off" => false,
        w => return Err(Failure::input(format!("--coalesce: unknown value `{w}` (on, off)"))),
    };
    opts.stores = match a.stores.as_str() {
        "on" => true,
        "off" => false,
        w => return Err(Failure::input(format!("--stores: unknown value `{w}` (on, off)"))),
    };
    opts.branches = match a.branches.as_str() {
        "on" => true,
        "off" => false,
        w => return Err(Failure::input(format!("--branches: unknown value `{w}` (on, off)"))),
    };
    opts.operands = match a.operands.as_str() {
        "on" => true,
        "off" => false,
        w => return Err(Failure::input(format!("--operands: unknown value `{w}` (on, off)"))),
    };
    opts.atomics = match a.atomics.as_str() {
        "on" => true,
        "off" => false,
        w => return Err(Failure::input(format!("--atomics: unknown value `{w}` (on, off)"))),
    };
    opts.alu32 = match a.alu32.as_str() {
        "on" => true,
        "off" => false,
        w => return Err(Failure::input(format!("--alu32: unknown value `{w}` (on, off)"))),
    };
    opts.search.chains = jobs;
    opts.search.budget = budget;
    opts.problem.smt_timeout = smt_timeout;
    let rules_path = match (&a.rules, a.no_rules, a.no_cache) {
        (_, true, _) => None,
        (Some(p), _, _) => Some(p.clone()),
        (None, _, true) => None,
        (None, _, false) => Some(default_rules()),
    };
    if let Some(p) = &rules_path {
        let db = vf_bpf::opt::rules::RuleDb::open(p);
        if db.ignored_lines > 0 {
            eprintln!("veriforge: warning: {}: {} lines are not rules and were ignored", p.display(), db.ignored_lines);
        }
        opts.rules = Some(std::sync::Arc::new(db));
    }
    let solver = SmtSolver { backend };
    let last_best = Mutex::new(f64::INFINITY);
    let unit = if a.objective == "latency" { "latency units" } else { "insns" };
    let observer = |p: &Progress| {
        let mut lb = last_best.lock().unwrap();
        if !ctx.quiet && (ctx.verbose > 0 || p.best_cost < *lb || p.done) {
            let counters: Vec<String> = p.counters.iter().map(|(k, v)| format!("{k} {v}")).collect();
            eprintln!(
                "[{:7.1}s] best {:.2} {unit}, {:.0} it/s, {} it, {}",
                p.elapsed_s, p.best_cost, p.iterations_per_s, p.iterations, counters.join(", ")
            );
        }
        *lb = lb.min(p.best_cost);
    };
    let checks = driver::FinalChecks {
        differential_inputs: a.diff_inputs,
        reprove_backend: if backend == vf_smt::Backend::Z3 { vf_smt::Backend::Bitwuzla } else { vf_smt::Backend::Z3 },
        reprove_timeout: smt_timeout.max(Duration::from_secs(30)),
        export_dir: a.export_smt.clone(),
        kernel_test_runs: a.kernel_runs,
    };
    let (best, report) = driver::optimize_program(&loaded.program, &opts, &solver, &cache, &observer, &checks)
        .map_err(|e| if e.starts_with("internal") { Failure::internal(e) } else { Failure::input(format!("{}: {e}", a.input.display())) })?;
    // Deleted slots are removed (jumps, calls, ELF relocations/symbols/BTF.ext fixed) unless
    // --keep-nops asks for K2's `ja +0` marking.
    let nops = if a.keep_nops { formats::Nops::Keep } else { formats::Nops::Drop };
    let bytes = formats::write_program_nops(&loaded, &best, nops).map_err(Failure::internal)?;
    if loaded.format == formats::Format::Elf && best != loaded.program.insns {
        check_object_loads(&ctx, &a.input, &bytes, loaded.program.prog_type)?;
    }
    write_atomically(&output, &bytes).map_err(|e| Failure::internal(format!("{}: {e}", output.display())))?;
    if let Some(path) = &a.report {
        let json = serde_json::to_vec_pretty(&report).map_err(|e| Failure::internal(e.to_string()))?;
        write_atomically(path, &json).map_err(|e| Failure::internal(format!("{}: {e}", path.display())))?;
    }
    if ctx.json {
        println!("{}", serde_json::to_string(&report).unwrap_or_default());
    } else {
        if let (Some(st), Some(p)) = (&report.rules, &rules_path) {
            ctx.info(format!(
                "{}: rules {}: {} known, {} matched, {} fired (each re-proven), {} not proven, {} unsafe, {:.2}s; {} learned ({} from the proven trajectory)",
                a.input.display(),
                p.display(),
                st.rules,
                st.matched,
                st.fired,
                st.refuted,
                st.unsafe_,
                st.seconds,
                report.rules_learned,
                report.rules_learned_trajectory
            ));
        }
        if report.objective == "latency" {
            ctx.info(format!(
                "{}: static latency {:.2} -> {:.2} (units of the median opcode cost of the latency table)",
                a.input.display(),
                report.cost_before,
                report.cost_after
            ));
        }
        ctx.info(format!(
            "{}: {} -> {} instructions (best after {:.1}s of {:.1}s, {:.0} it/s, {} chains; windows proven by {}, {}/{} re-proven from SMT-LIB2 by {}, safety by {:?}, {} random inputs agree in our interpreter, {} under BPF_PROG_TEST_RUN) -> {}",
            a.input.display(),
            report.original_count,
            report.count,
            report.time_to_best_s,
            report.total_s,
            report.iterations_per_s,
            report.chains,
            backend.name(),
            report.windows_reproven,
            report.windows_rewritten,
            report.reprove_backend,
            report.safety,
            report.differential_inputs,
            report.kernel_test_runs,
            output.display()
        ));
        // after the summary line (scripts read the first `<input>: N -> M instructions` line)
        if !report.reverted_for_objective.is_empty() {
            ctx.info(format!(
                "{}: passes dropped because they raised the {} cost: {}",
                a.input.display(),
                report.objective,
                report.reverted_for_objective.join(", ")
            ));
        }
        if report.kernel_test_runs_nondeterministic > 0 {
            ctx.info(format!(
                "{}: {} BPF_PROG_TEST_RUN inputs not compared: the input program itself gave different results when re-run on them (clock, random numbers)",
                a.input.display(),
                report.kernel_test_runs_nondeterministic
            ));
        }
        if report.windows_reproven_by_clusters > 0 {
            ctx.info(format!(
                "{}: {} of the re-proven runs were re-proven as their rewritten slot clusters (the whole-run query was not proven)",
                a.input.display(),
                report.windows_reproven_by_clusters
            ));
        }
        if let Some(st) = report.coalesce.as_ref().filter(|st| st.tried > 0) {
            ctx.info(format!(
                "{}: coalescing: {} proposals, {} fired (each proven), {} not proven, {} unsafe, {:.2}s",
                a.input.display(),
                st.tried,
                st.fired,
                st.refuted,
                st.unsafe_,
                st.seconds
            ));
        }
        if let Some(st) = report.branches.as_ref().filter(|st| st.folded + st.inverted + st.refuted + st.unsafe_ > 0) {
            ctx.info(format!(
                "{}: jump operands: {} folded into immediates, {} `if c goto +1; goto L` inverted to `if !c goto L`, {} dead definitions removed (each proven), {} not proven, {} unsafe, {:.2}s",
                a.input.display(),
                st.folded,
                st.inverted,
                st.dead_defs_removed,
                st.refuted,
                st.unsafe_,
                st.seconds
            ));
        }
        let inc = &report.incremental_safety;
        if inc.checks > 0 {
            ctx.info(format!(
                "{}: safety checks during the run: {} ({} reused cached subtrees: {} nodes, {} of {} insns), {:.2}s, {:.3}s per check",
                a.input.display(),
                inc.checks,
                inc.with_reuse,
                inc.nodes_reused,
                inc.insns_reused,
                inc.insns_reused + inc.insns_processed,
                inc.seconds,
                inc.seconds / inc.checks as f64
            ));
        }
        if let Some(st) = report.atomics.as_ref().filter(|st| st.tried > 0) {
            ctx.info(format!(
                "{}: atomic adds: {} proposals, {} read-modify-writes replaced ({} with the immediate materialized), each proven, {} not proven, {} unsafe, {:.2}s",
                a.input.display(),
                st.tried,
                st.fired,
                st.materialized,
                st.refuted,
                st.unsafe_,
                st.seconds
            ));
        }
        if let Some(st) = report.alu32.as_ref().filter(|st| st.tried > 0) {
            ctx.info(format!(
                "{}: 32-bit ALU: {} proposals, {} masks, {} shift pairs, {} moves merged, {} zero-extensions removed, {} dead definitions removed (each proven), {} not proven, {} unsafe, {:.2}s",
                a.input.display(),
                st.tried,
                st.masks_folded,
                st.shift_pairs,
                st.movs_merged,
                st.zext_removed,
                st.dead_defs_removed,
                st.refuted,
                st.unsafe_,
                st.seconds
            ));
        }
        if let Some(st) = report.operands.as_ref().filter(|st| st.tried > 0) {
            ctx.info(format!(
                "{}: constant operands: {} proposals, {} stores and {} ALU operands folded into immediates, {} dead definitions removed (each proven), {} not proven, {} unsafe, {:.2}s",
                a.input.display(),
                st.tried,
                st.stores_folded,
                st.alu_folded,
                st.dead_defs_removed,
                st.refuted,
                st.unsafe_,
                st.seconds
            ));
        }
        if let Some(st) = report.stores.as_ref().filter(|st| st.tried > 0) {
            ctx.info(format!(
                "{}: stack stores: {} proposals, {} redundant and {} dead removed (each proven), {} not proven, {} unsafe, {:.2}s",
                a.input.display(),
                st.tried,
                st.redundant_removed,
                st.dead_removed,
                st.refuted,
                st.unsafe_,
                st.seconds
            ));
        }
    }
    Ok(())
}

/// The emitted object itself (not only its instructions) must load through libbpf whenever the
/// original does: libbpf and the kernel also check its relocations and BTF func/line info.
/// Needs root and bpftool; without them (or if the original does not load) this is skipped
/// with a note.
fn check_object_loads(ctx: &Ctx, input: &Path, bytes: &[u8], t: ProgType) -> Result<(), Failure> {
    if let Err(e) = vf_bpf::kernel::bpftool_load_object(input, t) {
        ctx.info(format!("note: emitted object not load-tested through libbpf (the original does not load: {e})"));
        return Ok(());
    }
    let tmp = std::env::temp_dir().join(format!("veriforge-opt-{}.o", std::process::id()));
    std::fs::write(&tmp, bytes).map_err(|e| Failure::internal(format!("{}: {e}", tmp.display())))?;
    let loaded = vf_bpf::kernel::bpftool_load_object(&tmp, t);
    let _ = std::fs::remove_file(&tmp);
    let l = loaded.map_err(|e| Failure::internal(format!("internal: the optimized object does not load through libbpf: {e}")))?;
    ctx.info(format!("emitted object loads through libbpf (bpftool): {} instructions after the kernel's rewrites", l.xlated_insns));
    Ok(())
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn parse_objective(name: &str, table: Option<&Path>) -> Result<vf_bpf::opt::cost::Objective, Failure> {
    use vf_bpf::opt::cost::{CostModel, CostTable, Objective};
    match name {
        "size" => {
            if let Some(t) = table {
                return Err(Failure::input(format!("--cost-table {}: only used with --objective latency", t.display())));
            }
            Ok(Objective::Size)
        }
        "latency" => {
            let t = match table {
                Some(p) => {
                    let text = std::fs::read_to_string(p).map_err(|e| Failure::input(format!("{}: cannot read: {e}", p.display())))?;
                    CostTable::parse(&text).map_err(|e| Failure::input(format!("{}:{e}", p.display())))?
                }
                None => CostTable::default_table(),
            };
            Ok(Objective::Latency(std::sync::Arc::new(CostModel::new(&t))))
        }
        _ => Err(Failure::input(format!("--objective: unknown objective `{name}` (size, latency)"))),
    }
}

/// `veriforge bpf calibrate`.
pub fn run_calibrate(ctx: Ctx, a: CalibrateArgs) -> Result<(), Failure> {
    vf_bpf::kernel::available().map_err(Failure::internal)?;
    if a.copies == 0 || a.samples == 0 || a.repeat == 0 {
        return Err(Failure::input("--copies, --samples and --repeat must be at least 1"));
    }
    let note = format!(
        "veriforge bpf calibrate --repeat {} --samples {} --copies {} on {}{}{}",
        a.repeat,
        a.samples,
        a.copies,
        std::fs::read_to_string("/proc/sys/kernel/osrelease").map(|s| format!("Linux {}", s.trim())).unwrap_or_else(|_| "Linux".into()),
        if a.note.is_empty() { "" } else { "; " },
        a.note
    );
    let progress = |l: &str| ctx.info(l.to_string());
    let table = vf_bpf::opt::cost::calibrate(a.repeat, a.samples, a.copies, &note, &progress).map_err(Failure::internal)?;
    let json = serde_json::to_vec_pretty(&table).map_err(|e| Failure::internal(e.to_string()))?;
    write_atomically(&a.output, &json).map_err(|e| Failure::internal(format!("{}: {e}", a.output.display())))?;
    ctx.info(format!("{}: {} opcodes, {} helpers", a.output.display(), table.opcodes.len(), table.helpers.len()));
    Ok(())
}

/// `veriforge bpf time`.
pub fn run_time(ctx: Ctx, a: TimeArgs) -> Result<(), Failure> {
    use rand::SeedableRng;
    let loaded = load_program(&ctx, &a.input, &a.prog)?;
    let p = &loaded.program;
    if !p.prog_type.kernel_test_runnable() {
        return Err(Failure::Negative(format!("{}: {} programs cannot be test-run by the kernel", a.input.display(), p.prog_type.name())));
    }
    vf_bpf::kernel::available().map_err(Failure::internal)?;
    let gen = vf_bpf::interp::InputGen::new(p);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(a.seed);
    let inputs: Vec<_> = (0..a.inputs.max(1)).map(|_| gen.generate(&mut rng)).collect();
    let (median, samples) = vf_bpf::opt::cost::measure_ns(p, &inputs, a.repeat, a.samples).map_err(Failure::internal)?;
    let count = vf_bpf::isa::count_real(&p.insns);
    if ctx.json {
        println!("{}", serde_json::json!({"program": a.input.display().to_string(), "insns": count, "ns_per_run": median, "samples": samples, "repeat": a.repeat, "inputs": inputs.len()}));
    } else {
        println!("{}: {count} instructions, {median:.1} ns per run (median of {} samples of {} runs x {} inputs)", a.input.display(), samples.len(), a.repeat, inputs.len());
    }
    Ok(())
}

/// `veriforge bpf equiv`.
pub fn run_equiv(ctx: Ctx, a: EquivArgs) -> Result<(), Failure> {
    let timeout = parse_timeout(&a.smt_timeout, "--smt-timeout")?;
    let backend = parse_backend(&a.solver)?;
    let pa = load_program(&ctx, &a.a, &a.prog)?;
    // the second program runs in the first one's environment (its .maps/.desc by default)
    let mut env = a.prog.clone();
    env.maps = env.maps.or_else(|| sibling(&a.a, "maps"));
    env.desc = env.desc.or_else(|| sibling(&a.a, "desc"));
    let pb = load_program(&ctx, &a.b, &env)?;
    let prog = &pa.program;
    match diff::differential(prog, &pb.program.insns, a.inputs, 0x5eed).map_err(Failure::internal)? {
        Some(m) => {
            let mut msg = format!(
                "not equivalent: random input #{} distinguishes them\n  packet {}\n  ctx {}\n  first: {:?}\n  second: {:?}",
                m.index,
                hex(&m.input.packet),
                hex(&m.input.ctx),
                m.a.result,
                m.b.result
            );
            for (i, entries) in m.input.maps.iter().enumerate() {
                for (k, v) in entries {
                    msg.push_str(&format!("\n  map {i}: {} -> {}", hex(k), hex(v)));
                }
            }
            if ctx.json {
                println!("{}", serde_json::json!({"equivalent": false, "input": {"packet": hex(&m.input.packet), "ctx": hex(&m.input.ctx)}}));
            }
            return Err(Failure::Negative(msg));
        }
        None => {}
    }
    let solver = SmtSolver { backend };
    match prove_programs(&prog.insns, &pb.program.insns, &solver, timeout) {
        ProgramVerdict::Proven { windows } => {
            if ctx.json {
                println!("{}", serde_json::json!({"equivalent": true, "windows_proven": windows, "random_inputs": a.inputs}));
            } else {
                println!("equivalent: proven ({windows} differing window(s) proven by {}; {} random inputs agree)", backend.name(), a.inputs);
            }
            Ok(())
        }
        ProgramVerdict::WindowCounterexample { pc, test } => Err(Failure::Negative(format!(
            "not proven: the window at slot {pc} differs for registers {:x?} (that state may be unreachable; {} random inputs agree)",
            test.regs, a.inputs
        ))),
        ProgramVerdict::NotProven(why) => Err(Failure::Negative(format!("not proven: {why} ({} random inputs agree)", a.inputs))),
    }
}
