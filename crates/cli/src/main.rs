//! `veriforge`: one binary for every track.
//!
//! This file only wires clap to the track modules. Every command returns
//! `Result<(), Failure>`; `main` turns that into the exit-code contract:
//! 0 success, 1 internal failure, 2 bad input (one line: file:line:col: problem).

mod bpf_cmd;
mod bpf_opt_cmd;
mod failure;
mod doctor;
mod output;
mod smt_cmd;
mod crypto_cmd;
mod pmlog_cmd;
mod mpcal_cmd;
mod verify_cmd;
mod tla_cmd;

use clap::{Parser, Subcommand};


/// Fast systems code with machine-checked evidence that it is correct.
#[derive(Parser)]
#[command(name = "veriforge", version, propagate_version = true)]
#[command(after_help = "Each track has its own subcommand; run `veriforge <track> --help` to learn it.\n\
Exit codes: 0 success, 1 internal failure, 2 bad input (the message names file, position and problem).")]
struct Cli {
    /// More detail on stderr (repeat for more).
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    verbose: u8,
    /// Only errors on stderr.
    #[arg(short, long, global = true)]
    quiet: bool,
    /// Machine-readable JSON on stdout where a command reports results.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Report what this machine offers: solvers, kernel BPF, perf counters, CPU features.
    Doctor,
    /// eBPF programs: safety check, interpreter, format conversion.
    Bpf(bpf_cmd::BpfArgs),
    /// Solve SMT-LIB2 files with the solver layer (z3, Bitwuzla, portfolio).
    Smt(smt_cmd::SmtArgs),
    /// Field arithmetic: Fiat IR -> verified, measured x86-64 (opt, verify, bench).
    Crypto(crypto_cmd::CryptoArgs),
    /// Persistent-memory log: create, append, inspect, crash-check, benchmark.
    Pmlog(pmlog_cmd::PmlogArgs),
    /// Modular PlusCal (PGo): MPCal -> PlusCal, syntax/semantic checks, formatting.
    Mpcal(mpcal_cmd::MpcalArgs),
    /// Verus programs: SMT verification of requires/ensures, invariants, overflow, termination.
    Verify(verify_cmd::VerifyArgs),
    /// TLA+: the TLC-compatible model checker (`tla check Spec.tla`).
    Tla(tla_cmd::TlaArgs),
}

/// Global output settings every command receives.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    pub verbose: u8,
    pub quiet: bool,
    pub json: bool,
}

impl Ctx {
    /// Progress and informational lines go to stderr unless `-q`.
    pub fn info(&self, msg: impl AsRef<str>) {
        if !self.quiet {
            eprintln!("{}", msg.as_ref());
        }
    }
}

/// mimalloc: the model checker allocates and frees many small values per state, from several
/// worker threads (glibc's allocator spent ~9% of a run in malloc/free and consolidation).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    failure::install_panic_hook();
    let cli = match Cli::try_parse_from(tla_cmd::tlc_spellings(std::env::args())) {
        Ok(cli) => cli,
        Err(e) => failure::exit_on_clap_error(e),
    };
    let ctx = Ctx { verbose: cli.verbose, quiet: cli.quiet, json: cli.json };
    let result = match cli.command {
        Command::Doctor => doctor::run(ctx),
        Command::Bpf(args) => bpf_cmd::run(ctx, args),
        Command::Smt(args) => smt_cmd::run(ctx, args),
        Command::Crypto(a) => crypto_cmd::run(ctx, a),
        Command::Pmlog(args) => pmlog_cmd::run(ctx, args),
        Command::Mpcal(args) => mpcal_cmd::run(ctx, args),
        Command::Verify(args) => verify_cmd::run(ctx, args),
        Command::Tla(args) => tla_cmd::run(ctx, args),
    };
    if let Err(f) = result {
        f.exit();
    }
}
