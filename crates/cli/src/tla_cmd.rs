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
    },
}

/// Rewrites TLC's single-dash spellings (`-config X`, `-workers N`, `-deadlock`, `-depth N`) after `tla`.
pub fn tlc_spellings(args: impl Iterator<Item = String>) -> Vec<String> {
    let args: Vec<String> = args.collect();
    let is_tla = args.get(1).map(|a| a == "tla").unwrap_or(false);
    args.into_iter()
        .map(|a| {
            if !is_tla {
                return a;
            }
            match a.as_str() {
                "-config" => "--config".into(),
                "-workers" => "--workers".into(),
                "-deadlock" => "--no-deadlock".into(),
                "-depth" => "--depth".into(),
                _ => a,
            }
        })
        .collect()
}

pub fn run(ctx: Ctx, args: TlaArgs) -> Result<(), Failure> {
    match args.cmd {
        TlaCmd::Check { spec, config, workers, deadlock, no_deadlock, depth, lib, trace_json } => {
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
            let progress = move |p: &vf_check::engine::Progress| {
                if !quiet {
                    let secs = t0.elapsed().as_secs_f64().max(1e-9);
                    eprintln!(
                        "Progress({}): {} states generated ({:.0} s/s), {} distinct states found, {} states left on queue.",
                        p.depth,
                        p.generated,
                        p.generated as f64 / secs,
                        p.distinct,
                        p.queue
                    );
                }
            };
            let outcome = vf_check::check(&model, &vf_check::Config { workers: workers.max(1), max_depth: depth }, &progress);
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
            }
            if outcome.violation.is_some() {
                return Err(Failure::Negative(String::new()));
            }
            if !model.unchecked.is_empty() || outcome.depth_limited {
                return Err(Failure::Negative("veriforge: not verified: see the line above".into()));
            }
            Ok(())
        }
    }
}
