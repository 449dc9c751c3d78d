//! `veriforge tla check`: the TLC-compatible model checker (crates/check). Thin wiring only.

use crate::failure::Failure;
use crate::output::write_atomically;
use crate::Ctx;
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Args)]
pub struct TlaArgs {
    #[command(subcommand)]
    cmd: TlaCmd,
}

#[derive(Subcommand)]
enum TlaCmd {
    /// Model-check a spec with its TLC configuration (TLC's numbers, TLC's error traces).
    Check {
        spec: PathBuf,
        /// Configuration file (default: the spec's name with `.cfg`). TLC's `-config` works too.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Worker threads (TLC's `-workers`). Counts and depth do not depend on it.
        #[arg(long, default_value_t = 1)]
        workers: usize,
        /// Check for deadlocks (the default unless the cfg says CHECK_DEADLOCK FALSE).
        #[arg(long, conflicts_with = "no_deadlock")]
        deadlock: bool,
        /// Do not check for deadlocks (TLC's `-deadlock`).
        #[arg(long)]
        no_deadlock: bool,
        /// Stop exploring at this breadth-first depth (the verdict is then "not verified").
        #[arg(long)]
        depth: Option<u64>,
        /// Extra directories to search for modules (repeatable).
        #[arg(long)]
        lib: Vec<PathBuf>,
        /// Write the result (counts, verdict, trace) as JSON to this file.
        #[arg(long)]
        trace_json: Option<PathBuf>,
        /// Write the explored state graph to this file in GraphViz dot form (TLC's `-dump dot FILE`).
        #[arg(long)]
        dump_dot: Option<PathBuf>,
        /// Memory budget, e.g. `8G`, `512M`: a quarter for the fingerprint set (allocated up
        /// front), a quarter for queued states; past that the queue spills to disk.
        #[arg(long, value_parser = parse_mem)]
        mem: Option<u64>,
        /// Random behaviours instead of the exhaustive search (TLC's `-simulate`); never a
        /// "no error" verdict. `--depth` bounds each behaviour (default 100).
        #[arg(long)]
        simulate: bool,
        /// Number of behaviours to simulate (TLC's `-simulate num=N`).
        #[arg(long, default_value_t = 1000, requires = "simulate")]
        traces: u64,
        /// Seed of the simulation (the same seed gives the same behaviours; default: from the clock).
        #[arg(long, requires = "simulate")]
        seed: Option<u64>,
    },
}

/// `8G`, `512M`, `64K`, `1000` (bytes); an optional trailing `B`.
fn parse_mem(s: &str) -> Result<u64, String> {
    let t = s.trim().trim_end_matches(['B', 'b']);
    let (num, mul) = match t.chars().last() {
        Some('G' | 'g') => (&t[..t.len() - 1], 1u64 << 30),
        Some('M' | 'm') => (&t[..t.len() - 1], 1 << 20),
        Some('K' | 'k') => (&t[..t.len() - 1], 1 << 10),
        Some('T' | 't') => (&t[..t.len() - 1], 1 << 40),
        _ => (t, 1),
    };
    let n: f64 = num.trim().parse().map_err(|_| format!("`{s}` is not a memory size (like 8G, 512M)"))?;
    if !(n > 0.0) {
        return Err(format!("`{s}` is not a positive memory size"));
    }
    Ok((n * mul as f64) as u64)
}

/// Physical memory (bytes) from /proc/meminfo, if readable.
fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Rewrites TLC's single-dash spellings after `tla` (`-config X`, `-workers N`, `-deadlock`,
/// `-depth N`, `-seed S`, `-simulate [num=N]`, `-dump dot FILE`).
pub fn tlc_spellings(args: impl Iterator<Item = String>) -> Vec<String> {
    let args: Vec<String> = args.collect();
    let is_tla = args.get(1).map(|a| a == "tla").unwrap_or(false);
    if !is_tla {
        return args;
    }
    let mut out = Vec::with_capacity(args.len());
    let mut it = args.into_iter().peekable();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-config" => out.push("--config".into()),
            "-workers" => out.push("--workers".into()),
            "-deadlock" => out.push("--no-deadlock".into()),
            "-depth" => out.push("--depth".into()),
            "-seed" => out.push("--seed".into()),
            "-simulate" => {
                out.push("--simulate".into());
                // TLC's optional `file=F,num=N` argument: the number of behaviours
                if let Some(opt) = it.peek().filter(|n| n.contains('=') && !n.starts_with('-')).cloned() {
                    it.next();
                    if let Some(num) = opt.split(',').find_map(|kv| kv.strip_prefix("num=")) {
                        out.push("--traces".into());
                        out.push(num.to_string());
                    }
                }
            }
            "-dump" => {
                // `-dump dot[,options] FILE` (the dot form is the one supported)
                if it.peek().is_some_and(|f| f.starts_with("dot")) {
                    it.next();
                    out.push("--dump-dot".into());
                } else {
                    out.push("--dump-dot".into());
                }
            }
            _ => out.push(a),
        }
    }
    out
}

pub fn run(ctx: Ctx, args: TlaArgs) -> Result<(), Failure> {
    match args.cmd {
        TlaCmd::Check { spec, config, workers, deadlock, no_deadlock, depth, lib, trace_json, dump_dot, mem, simulate, traces, seed } => {
            let check_deadlock = if no_deadlock { Some(false) } else if deadlock { Some(true) } else { None };
            let opts = vf_check::Options { config, lib_dirs: lib, check_deadlock, prints_to_stderr: ctx.json };
            let t0 = std::time::Instant::now();
            let model = vf_check::Model::load(&spec, &opts).map_err(|e| Failure::input(e.0))?;
            if !ctx.json {
                for w in &model.warnings {
                    println!("{w}");
                }
            }
            if !ctx.quiet && !ctx.json {
                println!("Computing initial states...");
            }
            let quiet = ctx.quiet;
            // the rate is that of the last interval (as TLC's progress lines)
            let last = std::sync::Mutex::new((t0, 0u64));
            let progress = move |p: &vf_check::engine::Progress| {
                if quiet {
                    return;
                }
                let mut l = last.lock().unwrap();
                let secs = l.0.elapsed().as_secs_f64().max(1e-9);
                let p_generated = p.generated.saturating_sub(l.1);
                *l = (std::time::Instant::now(), p.generated);
                let rate = p_generated as f64 / secs;
                if simulate {
                    eprintln!(
                        "Progress: {} states checked, {} behaviours generated (longest {}), {} states generated ({:.0} s/s).",
                        p.distinct,
                        p.queue,
                        p.depth,
                        p.generated,
                        rate
                    );
                } else {
                    eprintln!(
                        "Progress({}): {} states generated ({:.0} s/s), {} distinct states found, {} states left on queue.",
                        p.depth,
                        p.generated,
                        rate,
                        p.distinct,
                        p.queue
                    );
                }
            };
            let outcome = if simulate {
                let seed = seed.unwrap_or_else(|| {
                    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1)
                });
                let sim = vf_check::engine::SimConfig { traces, depth: depth.unwrap_or(100), seed };
                vf_check::engine::simulate(&model, &sim, &progress)
            } else {
                // a quarter of the budget for fingerprints, a quarter for queued states (without
                // --mem: a growing fingerprint set, the queue bounded by a quarter of the RAM)
                // spilled queue chunks: in $TMPDIR when it is set, else next to the spec (where TLC
                // writes its states/ directory)
                let spill_base = std::env::var_os("TMPDIR").filter(|d| !d.is_empty()).map(PathBuf::from).unwrap_or_else(|| {
                    spec.parent().filter(|p| !p.as_os_str().is_empty()).map(|p| p.to_path_buf()).unwrap_or_else(|| PathBuf::from("."))
                });
                let spill: std::sync::Arc<dyn vf_check::queue::ChunkStore> = std::sync::Arc::new(vf_check::queue::FileChunks::new(spill_base));
                let cfg = vf_check::Config {
                    workers: workers.max(1),
                    max_depth: depth,
                    fp_bytes: mem.map(|m| m / 4),
                    queue_bytes: mem.or_else(physical_memory).map(|m| m / 4),
                    spill: Some(spill),
                    record_graph: dump_dot.is_some(),
                };
                vf_check::check(&model, &cfg, &progress)
            };
            if let Some(m) = mem {
                if outcome.memory.fp_set_bytes > m / 4 && !ctx.quiet {
                    eprintln!(
                        "Warning: the fingerprint set outgrew its quarter of --mem ({} MB > {} MB): memory is not bounded by --mem for this many states.",
                        outcome.memory.fp_set_bytes >> 20,
                        (m / 4) >> 20
                    );
                }
            }
            if let (Some(path), Some(g)) = (&dump_dot, &outcome.graph) {
                let text = vf_check::report::dot(&model, g);
                write_atomically(path, text.as_bytes()).map_err(|e| Failure::internal(format!("{}: {e}", path.display())))?;
            }
            let secs = t0.elapsed().as_secs_f64();
            let json = vf_check::report::json(&model, &outcome, secs);
            if let Some(path) = &trace_json {
                let text = serde_json::to_string_pretty(&json).map_err(Failure::internal)?;
                write_atomically(path, text.as_bytes()).map_err(|e| Failure::internal(format!("{}: {e}", path.display())))?;
            }
            if ctx.json {
                println!("{}", serde_json::to_string_pretty(&json).map_err(Failure::internal)?);
            } else {
                if let Some(v) = &outcome.violation {
                    print!("{}", vf_check::report::violation_text(v));
                }
                print!("{}", vf_check::report::summary_text(&model, &outcome));
                if !ctx.quiet {
                    eprintln!("Finished in {secs:.2} s ({:.0} states/s).", outcome.stats.states_generated as f64 / secs.max(1e-9));
                }
                if std::env::var_os("VERIFORGE_EVAL_STATS").is_some() {
                    let (compiled, fallback, roots, kinds) = vf_tla::tlc::eval::compile_stats();
                    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
                    eprintln!(
                        "Compiled evaluator: {compiled} nodes compiled, {fallback} tree-walk leaves inside them, {roots} roots not compiled ({}).",
                        kinds.join(", ")
                    );
                }
            }
            if outcome.violation.is_some() {
                return Err(Failure::Negative(String::new()));
            }
            if !model.unchecked.is_empty() || outcome.depth_limited || outcome.simulation.is_some() {
                return Err(Failure::Negative("veriforge: not verified: see the line above".into()));
            }
            Ok(())
        }
    }
}
