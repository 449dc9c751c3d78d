//! `veriforge verify FILE.rs`: the Verus verifier of `vf-verify` (thin wrapper).

use crate::failure::Failure;
use crate::Ctx;
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct VerifyArgs {
    /// The Verus source file (`verus! { ... }`).
    file: PathBuf,
    /// Print the time spent (total, SMT) and the number of queries.
    #[arg(long)]
    time: bool,
    /// z3 resource limit per query (deterministic alternative to the time limit).
    #[arg(long)]
    rlimit: Option<u64>,
    /// Per-query time limit, e.g. 500ms, 10s.
    #[arg(long, default_value = "10s", value_parser = crate::smt_cmd::parse_duration)]
    timeout: Duration,
    /// Queries solved in parallel.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Write every query as SMT-LIB2 into this directory.
    #[arg(long)]
    export_smt: Option<PathBuf>,
}

pub fn run(ctx: Ctx, a: VerifyArgs) -> Result<(), Failure> {
    let shown = a.file.display().to_string();
    let src = std::fs::read(&a.file).map_err(|e| Failure::input(format!("{}:1:1: cannot read: {}", shown, e)))?;
    let src = String::from_utf8(src).map_err(|_| Failure::input(format!("{}:1:1: not UTF-8", shown)))?;
    let opts = vf_verify::Options { timeout: a.timeout, rlimit: a.rlimit, threads: a.threads.max(1), export_smt: a.export_smt };
    let rep = vf_verify::verify_source(&src, &opts).map_err(|f| Failure::input(f.render(&shown)))?;
    for e in &rep.errors {
        println!("{}:{}:{}: error: {}", shown, e.span.line, e.span.col, e.msg);
    }
    println!("{}", rep.summary());
    if a.time {
        println!(
            "time: total {:.3} s, smt {:.3} s, {} queries",
            rep.total_time.as_secs_f64(),
            rep.smt_time.as_secs_f64(),
            rep.queries
        );
    }
    let _ = ctx;
    if rep.failed_functions > 0 {
        return Err(Failure::Negative(String::new()));
    }
    Ok(())
}
