//! The exit-code contract shared by every subcommand.

use std::fmt;

/// Why a command did not succeed.
#[derive(Debug)]
pub enum Failure {
    /// The user's input is wrong (file, flag, format). Exit 2. The message is one
    /// line, normally `file:line:col: problem`.
    Input(String),
    /// Something went wrong inside veriforge or its environment. Exit 1.
    Internal(String),
    /// The command ran correctly and its answer is "no" (e.g. not equivalent,
    /// not proven, a crash state failed). Exit 1, message printed as-is.
    Negative(String),
}

impl Failure {
    pub fn input(msg: impl fmt::Display) -> Self {
        Failure::Input(one_line(&msg.to_string()))
    }
    pub fn internal(msg: impl fmt::Display) -> Self {
        Failure::Internal(one_line(&msg.to_string()))
    }

    pub fn exit(self) -> ! {
        match self {
            Failure::Input(m) => {
                eprintln!("veriforge: error: {m}");
                std::process::exit(2)
            }
            Failure::Internal(m) => {
                eprintln!("veriforge: internal error: {m}");
                std::process::exit(1)
            }
            Failure::Negative(m) => {
                if !m.is_empty() {
                    eprintln!("{m}");
                }
                std::process::exit(1)
            }
        }
    }
}

/// Collapses a multi-line message so the contract "one line per error" holds.
fn one_line(s: &str) -> String {
    s.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" | ")
}

/// Wrong flags are bad input: clap's message, exit 2. `--help`/`--version` exit 0.
pub fn exit_on_clap_error(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            e.exit()
        }
        _ => {
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("bad arguments").trim_start_matches("error: ");
            eprintln!("veriforge: error: {first} (see --help)");
            std::process::exit(2)
        }
    }
}

/// A panic is always our bug, never the user's: one line, exit 1, no backtrace.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let loc = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into());
        eprintln!("veriforge: internal error: {msg}{loc}");
        std::process::exit(1);
    }));
}
