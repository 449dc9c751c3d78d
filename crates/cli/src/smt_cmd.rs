//! `veriforge smt ...`: run SMT-LIB2 files on the solver backends of `vf-smt`.

use crate::failure::Failure;
use crate::Ctx;
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use vf_smt::{Backend, SmtError, SolverConfig};

#[derive(Args)]
pub struct SmtArgs {
    #[command(subcommand)]
    command: SmtCommand,
}

#[derive(Subcommand)]
enum SmtCommand {
    /// Solve an SMT-LIB2 script (QF_ABV/QF_AUFBV, with its own check-sat) and print sat/unsat/unknown.
    ///
    /// Example: veriforge smt solve examples/smt/mul_shift.smt2 --backend portfolio --model
    Solve {
        /// The .smt2 file.
        file: PathBuf,
        /// z3 (in process), bitwuzla (worker process), cvc5 (in process) or portfolio (z3 and bitwuzla raced on two threads).
        #[arg(long, default_value = "bitwuzla", value_parser = parse_backend)]
        backend: Backend,
        /// Per-check time limit, e.g. 500ms, 10s, 2m; when it expires the answer is `unknown`.
        #[arg(long, default_value = "10s", value_parser = parse_duration)]
        timeout: Duration,
        /// After a final `sat`, also print the model (get-model).
        #[arg(long)]
        model: bool,
    },
    /// List the solver backends, whether they load on this machine, and their versions.
    Backends,
}

fn parse_backend(s: &str) -> Result<Backend, String> {
    s.parse()
}

/// `500ms`, `10s`, `2m`, or a bare number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, unit) = match s.find(|c: char| !c.is_ascii_digit() && c != '.') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, "s"),
    };
    let v: f64 = num.parse().map_err(|_| format!("bad duration `{s}` (use e.g. 500ms, 10s, 2m)"))?;
    let secs = match unit {
        "ms" => v / 1000.0,
        "s" => v,
        "m" => v * 60.0,
        _ => return Err(format!("bad duration unit in `{s}` (ms, s, m)")),
    };
    if !(secs > 0.0 && secs < 1e7) {
        return Err(format!("duration `{s}` out of range"));
    }
    Ok(Duration::from_secs_f64(secs))
}

pub fn run(ctx: Ctx, args: SmtArgs) -> Result<(), Failure> {
    match args.command {
        SmtCommand::Solve { file, backend, timeout, model } => solve(ctx, &file, backend, timeout, model),
        SmtCommand::Backends => backends(ctx),
    }
}

fn solve(ctx: Ctx, file: &Path, backend: Backend, timeout: Duration, want_model: bool) -> Result<(), Failure> {
    let shown = file.display();
    let bytes = std::fs::read(file).map_err(|e| Failure::input(format!("{shown}: cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        Failure::input(format!("{shown}: byte {}: not UTF-8 text", e.utf8_error().valid_up_to()))
    })?;
    let config = SolverConfig { timeout: Some(timeout), dump_dir: None, produce_models: want_model };
    let start = Instant::now();
    let outcome = vf_smt::solve_smtlib2(backend, &text, &config, want_model).map_err(|e| match e {
        SmtError::Solver(msg) => Failure::input(format!("{shown}:{}", solver_position(&msg))),
        other => Failure::internal(other),
    })?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    ctx.info(format!("{shown}: {} answered in {ms:.1} ms", outcome.solver));
    if ctx.json {
        let v = serde_json::json!({
            "file": file.display().to_string(),
            "backend": backend.name(),
            "solver": outcome.solver.name(),
            "result": outcome.last(),
            "answers": outcome.answers,
            "model": outcome.model,
            "time_ms": ms,
        });
        println!("{v}");
    } else {
        for a in &outcome.answers {
            println!("{a}");
        }
        if let Some(m) = &outcome.model {
            println!("{m}");
        }
    }
    Ok(())
}

/// Rewrites solver error positions to `line:col: problem`:
/// z3 says `line 3 column 9: msg`, Bitwuzla `<string>:3:9: msg`, cvc5 `input:3.9: msg`.
fn solver_position(msg: &str) -> String {
    if let Some(rest) = msg.strip_prefix("<string>:") {
        return rest.to_string();
    }
    if let Some(rest) = msg.strip_prefix("input:") {
        if let Some((pos, problem)) = rest.split_once(": ") {
            if let Some((l, c)) = pos.split_once('.') {
                return format!("{l}:{c}: {problem}");
            }
        }
    }
    if let Some(rest) = msg.strip_prefix("line ") {
        let mut parts = rest.splitn(2, " column ");
        if let (Some(line), Some(tail)) = (parts.next(), parts.next()) {
            if let Some((col, problem)) = tail.split_once(':') {
                return format!("{line}:{col}:{problem}");
            }
        }
    }
    format!(" {msg}")
}

fn backends(ctx: Ctx) -> Result<(), Failure> {
    let rows: Vec<(Backend, Result<String, SmtError>)> = Backend::ALL.iter().map(|b| (*b, b.probe())).collect();
    if ctx.json {
        let items: Vec<_> = rows
            .iter()
            .map(|(b, r)| match r {
                Ok(v) => serde_json::json!({"backend": b.name(), "ok": true, "version": v}),
                Err(e) => serde_json::json!({"backend": b.name(), "ok": false, "error": e.to_string()}),
            })
            .collect();
        println!("{}", serde_json::json!({ "backends": items }));
    } else {
        for (b, r) in &rows {
            match r {
                Ok(v) => println!("{:<10} ok   {v}", b.name()),
                Err(e) => println!("{:<10} no   {e}", b.name()),
            }
        }
    }
    if rows.iter().any(|(_, r)| r.is_err()) {
        return Err(Failure::internal("some solver backends are unavailable (run `make setup`)"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("3"), Ok(Duration::from_secs(3)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("5h").is_err());
        assert!(parse_duration("x").is_err());
    }

    #[test]
    fn solver_errors_become_line_col() {
        assert_eq!(solver_position("<string>:3:9: undefined symbol 'y'"), "3:9: undefined symbol 'y'");
        assert_eq!(solver_position("line 3 column 9: unknown constant y"), "3:9: unknown constant y");
        assert_eq!(solver_position("input:3.9: Symbol 'y' not declared"), "3:9: Symbol 'y' not declared");
    }
}
