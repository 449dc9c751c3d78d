//! Bitwuzla through a persistent worker process: the PyPI wheel has no C
//! symbols, so `worker/bitwuzla_worker.py` (embedded here, run with `python -c`)
//! feeds SMT-LIB2 text to Bitwuzla's own parser and returns what it printed.
//! The worker lives as long as the engine, so its start-up (~70 ms) is paid once.

use super::{locate, Engine, Interrupter, RunOutput};
use crate::error::SmtError;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

const WORKER_SCRIPT: &str = include_str!("../../worker/bitwuzla_worker.py");

fn python() -> Result<PathBuf, SmtError> {
    static PY: OnceLock<Result<PathBuf, SmtError>> = OnceLock::new();
    PY.get_or_init(locate::bitwuzla_python).clone()
}

/// Bitwuzla's version as reported by the module.
pub fn version() -> Result<String, SmtError> {
    let py = python()?;
    let out = Command::new(&py).args(["-c", "import bitwuzla; print(bitwuzla.version())"]).output()?;
    Ok(format!("Bitwuzla {}", String::from_utf8_lossy(&out.stdout).trim()))
}

struct Proc {
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

pub(crate) struct BitwuzlaEngine {
    python: PathBuf,
    time_limit_ms: u128,
    /// Incremental-session mode of the worker (push/pop through the API, global declarations).
    session: bool,
    proc: Option<Proc>,
    /// Shared with interrupters: killing the child is how a running query is stopped.
    child: Arc<Mutex<Option<Child>>>,
    /// Set by interrupters: the worker was killed (possibly while idle).
    killed: Arc<AtomicBool>,
    /// The worker died or was killed since the last reset: solver state is gone.
    lost: bool,
}

impl BitwuzlaEngine {
    pub(crate) fn new(timeout: Option<Duration>, session: bool) -> Result<BitwuzlaEngine, SmtError> {
        let mut e = BitwuzlaEngine {
            python: python()?,
            time_limit_ms: timeout.map(|t| t.as_millis().max(1)).unwrap_or(0),
            session,
            proc: None,
            child: Arc::new(Mutex::new(None)),
            killed: Arc::new(AtomicBool::new(false)),
            lost: false,
        };
        e.spawn()?;
        Ok(e)
    }

    fn spawn(&mut self) -> Result<(), SmtError> {
        self.kill();
        let mut child = Command::new(&self.python)
            .args(["-c", WORKER_SCRIPT, &self.time_limit_ms.to_string(), if self.session { "1" } else { "0" }])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| SmtError::SolverNotFound(format!("cannot start {}: {e}", self.python.display())))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        *self.child.lock().unwrap_or_else(|e| e.into_inner()) = Some(child);
        self.proc = Some(Proc { stdin, stdout });
        self.lost = false;
        self.killed.store(false, Ordering::SeqCst);
        Ok(())
    }

    fn kill(&mut self) {
        self.proc = None;
        if let Some(mut c) = self.child.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// One request/reply exchange; `None` when the worker is gone (killed).
    fn exchange(&mut self, request: &[u8]) -> Option<(String, Vec<u8>)> {
        let p = self.proc.as_mut()?;
        p.stdin.write_all(request).ok()?;
        p.stdin.flush().ok()?;
        let mut header = String::new();
        if p.stdout.read_line(&mut header).ok()? == 0 {
            return None;
        }
        let mut parts = header.split_whitespace();
        let status = parts.next()?.to_string();
        let len: usize = parts.next()?.parse().ok()?;
        let mut payload = vec![0u8; len];
        p.stdout.read_exact(&mut payload).ok()?;
        Some((status, payload))
    }
}

impl Drop for BitwuzlaEngine {
    fn drop(&mut self) {
        self.kill();
    }
}

impl Engine for BitwuzlaEngine {
    fn name(&self) -> &'static str {
        "bitwuzla"
    }

    fn run(&mut self, commands: &str) -> Result<RunOutput, SmtError> {
        if self.proc.is_none() || self.lost_state() {
            return Ok(RunOutput::Killed);
        }
        let mut req = format!("RUN {}\n", commands.len()).into_bytes();
        req.extend_from_slice(commands.as_bytes());
        match self.exchange(&req) {
            None => {
                self.lost = true;
                self.kill();
                Ok(RunOutput::Killed)
            }
            Some((status, payload)) => {
                let text = String::from_utf8_lossy(&payload).into_owned();
                match status.as_str() {
                    "OK" => Ok(RunOutput::Text(text)),
                    "ERR" => {
                        // Bitwuzla's parser is unusable after an error: start afresh next time.
                        self.lost = true;
                        Err(SmtError::Solver(text.lines().next().unwrap_or("error").to_string()))
                    }
                    other => Err(SmtError::Backend(format!("bitwuzla worker: bad reply status {other:?}"))),
                }
            }
        }
    }

    /// Soft stop: SIGUSR1 makes the running check-sat answer `unknown`; the worker
    /// and its assertions survive (no respawn cost for the next query).
    fn interrupter(&self) -> Interrupter {
        let child = self.child.clone();
        Interrupter(Arc::new(move || {
            if let Some(c) = child.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
                if let Ok(pid) = libc::pid_t::try_from(c.id()) {
                    // SAFETY: plain kill(2) on our own child; it is not reaped while we hold the lock.
                    unsafe { libc::kill(pid, libc::SIGUSR1) };
                }
            }
        }))
    }

    /// Hard stop (watchdog backstop): kill the worker; the next use respawns it and replays.
    fn killer(&self) -> Interrupter {
        let child = self.child.clone();
        let killed = self.killed.clone();
        Interrupter(Arc::new(move || {
            killed.store(true, Ordering::SeqCst);
            if let Some(c) = child.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                let _ = c.kill();
            }
        }))
    }

    fn reset(&mut self) -> Result<(), SmtError> {
        if self.proc.is_some() && !self.lost_state() {
            if let Some((status, _)) = self.exchange(b"RESET\n") {
                if status == "OK" {
                    return Ok(());
                }
            }
        }
        self.spawn()
    }

    fn lost_state(&self) -> bool {
        self.lost || self.killed.load(Ordering::SeqCst)
    }

    fn global_declarations(&self) -> bool {
        self.session
    }
}
