//! The incremental solver: assertion frames (push/pop), check-sat with or
//! without assumptions, models, per-query timeouts, query dumps, portfolio.

use crate::backend::{make_engine, Backend, Engine, Interrupter, RunOutput};
use crate::error::SmtError;
use crate::eval::Model;
use crate::smtlib::{parse_sexps, parse_value, sexp_text, Emitter, Query, Sexp};
use crate::term::{Op, Sort, Term};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Environment variable: when set to a directory, every query checked by any
/// `Solver` is written there as a self-contained `.smt2` file.
pub const DUMP_ENV: &str = "VERIFORGE_SMT_DUMP";

/// Solver options.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// Per-check time limit; when it expires the answer is `Unknown`. `None` = no limit.
    pub timeout: Option<Duration>,
    /// Write every checked query here as `q-<pid>-<n>.smt2`. Defaults to `$VERIFORGE_SMT_DUMP`.
    pub dump_dir: Option<PathBuf>,
    /// Ask for a model on `sat` (default true).
    pub produce_models: bool,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            timeout: None,
            dump_dir: std::env::var_os(DUMP_ENV).filter(|d| !d.is_empty()).map(PathBuf::from),
            produce_models: true,
        }
    }
}

impl SolverConfig {
    pub fn with_timeout(timeout: Duration) -> SolverConfig {
        SolverConfig { timeout: Some(timeout), ..SolverConfig::default() }
    }
}

/// The answer to a satisfiability check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckResult {
    /// Satisfiable; the model assigns every declared constant (empty if models are off).
    Sat(Model),
    Unsat,
    /// No answer: time limit, interruption, or solver incompleteness (the reason says which).
    Unknown(String),
}

impl CheckResult {
    pub fn is_sat(&self) -> bool {
        matches!(self, CheckResult::Sat(_))
    }

    pub fn is_unsat(&self) -> bool {
        matches!(self, CheckResult::Unsat)
    }

    pub fn is_unknown(&self) -> bool {
        matches!(self, CheckResult::Unknown(_))
    }

    pub fn model(&self) -> Option<&Model> {
        match self {
            CheckResult::Sat(m) => Some(m),
            _ => None,
        }
    }

    /// "sat", "unsat" or "unknown".
    pub fn status(&self) -> &'static str {
        match self {
            CheckResult::Sat(_) => "sat",
            CheckResult::Unsat => "unsat",
            CheckResult::Unknown(_) => "unknown",
        }
    }
}

/// One engine plus what has been sent to it.
struct Session {
    engine: Box<dyn Engine>,
    emitter: Emitter,
    /// Push levels open in the engine.
    levels: usize,
    /// Per frame: how many of its assertions the engine has.
    sent: Vec<usize>,
    /// Commands (pops) to send before the next batch.
    pending: String,
    /// The emitter may disagree with the engine (an error mid-batch): start afresh.
    dirty: bool,
}

impl Session {
    fn new(engine: Box<dyn Engine>) -> Session {
        let emitter = Emitter::with_mode(engine.global_declarations());
        Session { engine, emitter, levels: 0, sent: vec![0], pending: String::new(), dirty: false }
    }

    fn restart(&mut self) -> Result<(), SmtError> {
        self.engine.reset()?;
        self.emitter = Emitter::with_mode(self.engine.global_declarations());
        self.levels = 0;
        self.sent = vec![0];
        self.pending.clear();
        self.dirty = false;
        Ok(())
    }

    fn pop(&mut self, new_depth: usize) {
        while self.levels > new_depth {
            self.pending.push_str("(pop 1)\n");
            self.emitter.pop();
            self.levels -= 1;
            self.sent.pop();
        }
    }

    /// Commands that bring the engine up to `frames` (replaying everything after a restart).
    fn sync_commands(&mut self, frames: &[Vec<Term>]) -> Result<String, SmtError> {
        if self.dirty || self.engine.lost_state() {
            self.restart()?;
        }
        let mut cmds = std::mem::take(&mut self.pending);
        for (level, frame) in frames.iter().enumerate() {
            if level > self.levels {
                cmds.push_str("(push 1)\n");
                self.emitter.push();
                self.levels += 1;
                self.sent.push(0);
            }
            let new = &frame[self.sent[level]..];
            if !new.is_empty() {
                self.emitter.assert(new, &mut cmds)?;
                self.sent[level] = frame.len();
            }
        }
        Ok(cmds)
    }

    fn check(&mut self, frames: &[Vec<Term>], assumptions: &[Term], want_model: bool, hard_limit: Option<Duration>) -> Result<CheckResult, SmtError> {
        let result = self.check_inner(frames, assumptions, want_model, hard_limit);
        if result.is_err() {
            self.dirty = true;
        }
        result
    }

    fn check_inner(&mut self, frames: &[Vec<Term>], assumptions: &[Term], want_model: bool, hard_limit: Option<Duration>) -> Result<CheckResult, SmtError> {
        let mut cmds = self.sync_commands(frames)?;
        if assumptions.is_empty() {
            cmds.push_str("(check-sat)\n");
        } else {
            self.emitter.prepare(assumptions, &mut cmds)?;
            cmds.push_str("(check-sat-assuming (");
            for a in assumptions {
                self.emitter.print(a, &mut cmds);
                cmds.push(' ');
            }
            cmds.push_str("))\n");
        }
        let out = match run_with_watchdog(self.engine.as_mut(), &cmds, hard_limit)? {
            RunOutput::Killed => return Ok(CheckResult::Unknown(format!("{} interrupted", self.engine.name()))),
            RunOutput::Text(t) => t,
        };
        match last_answer(&out) {
            Some("sat") if want_model => self.read_model(frames, assumptions),
            Some("sat") => Ok(CheckResult::Sat(Model::new())),
            Some("unsat") => Ok(CheckResult::Unsat),
            Some(_) => Ok(CheckResult::Unknown(self.reason_unknown())),
            None => Err(SmtError::Backend(format!("{}: no check-sat answer in output {out:?}", self.engine.name()))),
        }
    }

    fn reason_unknown(&mut self) -> String {
        let name = self.engine.name();
        if name != "z3" {
            return format!("{name}: unknown (time limit or incompleteness)");
        }
        match self.engine.run("(get-info :reason-unknown)\n") {
            Ok(RunOutput::Text(t)) => {
                let reason = parse_sexps(&t)
                    .ok()
                    .and_then(|s| s.first().and_then(|l| l.list().and_then(|l| l.get(1).cloned())))
                    .map(|s| match s {
                        Sexp::Str(x) => x,
                        other => sexp_text(&other),
                    })
                    .unwrap_or_else(|| t.trim().to_string());
                format!("z3: {reason}")
            }
            _ => "z3: unknown".to_string(),
        }
    }

    /// Asks for the value of every declared constant and of every
    /// uninterpreted-function application (and its arguments).
    fn read_model(&mut self, frames: &[Vec<Term>], assumptions: &[Term]) -> Result<CheckResult, SmtError> {
        let roots: Vec<Term> = frames.iter().flatten().chain(assumptions).cloned().collect();
        let vars = Term::free_vars(&roots);
        let apps: Vec<Term> = Term::postorder(&roots).into_iter().filter(|t| matches!(t.op(), Op::Apply(_))).collect();
        let mut model = Model::new();
        if vars.is_empty() && apps.is_empty() {
            return Ok(CheckResult::Sat(model));
        }
        let mut wanted: Vec<(String, Sort)> = Vec::new();
        for (name, sort) in &vars {
            let sym = self.emitter.var_symbol(name, *sort).ok_or_else(|| SmtError::Backend(format!("`{name}` not declared")))?;
            wanted.push((sym.to_string(), *sort));
        }
        for app in &apps {
            for t in app.args().iter().chain(std::iter::once(app)) {
                let mut text = String::new();
                self.emitter.print(t, &mut text);
                wanted.push((text, t.sort()));
            }
        }
        let cmd = format!("(get-value ({}))\n", wanted.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>().join(" "));
        let out = match self.engine.run(&cmd)? {
            RunOutput::Text(t) => t,
            RunOutput::Killed => return Ok(CheckResult::Unknown(format!("{} interrupted", self.engine.name()))),
        };
        let values = parse_get_value(&out, &wanted)?;
        for ((name, _), value) in vars.iter().zip(&values) {
            model.set(name, value.clone());
        }
        let mut rest = values[vars.len()..].iter();
        for app in &apps {
            let Op::Apply(f) = app.op() else { unreachable!() };
            let args: Vec<_> = (0..app.args().len()).map(|_| rest.next().expect("arg value").clone()).collect();
            let result = rest.next().expect("app value").clone();
            model.set_func_point(&f.name, args, result);
        }
        Ok(CheckResult::Sat(model))
    }
}

/// The last `sat`/`unsat`/`unknown` line the solver printed.
fn last_answer(out: &str) -> Option<&str> {
    out.lines().rev().map(str::trim).find(|l| matches!(*l, "sat" | "unsat" | "unknown"))
}

fn parse_get_value(out: &str, wanted: &[(String, Sort)]) -> Result<Vec<crate::eval::Value>, SmtError> {
    let sexps = parse_sexps(out).map_err(SmtError::Model)?;
    let pairs = sexps
        .iter()
        .rev()
        .find_map(|s| s.list())
        .ok_or_else(|| SmtError::Model(format!("no get-value answer in {out:?}")))?;
    if pairs.len() != wanted.len() {
        return Err(SmtError::Model(format!("asked {} values, got {}", wanted.len(), pairs.len())));
    }
    pairs
        .iter()
        .zip(wanted)
        .map(|(p, (name, sort))| {
            let v = p.list().filter(|l| l.len() == 2).ok_or_else(|| SmtError::Model(format!("bad pair for {name}")))?;
            parse_value(&v[1], *sort).map_err(|e| SmtError::Model(format!("{name}: {e}")))
        })
        .collect()
}

/// Runs commands; if `limit` passes first, interrupts the engine (backstop for
/// the solver's own time limit, which should fire earlier), and if that does
/// not end the call within 2 s more, kills it.
pub(crate) fn run_with_watchdog(engine: &mut dyn Engine, cmds: &str, limit: Option<Duration>) -> Result<RunOutput, SmtError> {
    if std::env::var_os("VERIFORGE_SMT_TRACE").is_some() {
        eprintln!("[{}] >>>\n{cmds}", engine.name());
    }
    let Some(limit) = limit else { return engine.run(cmds) };
    let stopper = engine.interrupter();
    let killer = engine.killer();
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = done_rx.recv_timeout(limit) {
            stopper.interrupt();
            if let Err(mpsc::RecvTimeoutError::Timeout) = done_rx.recv_timeout(Duration::from_secs(2)) {
                killer.interrupt();
            }
        }
    });
    let out = engine.run(cmds);
    drop(done_tx);
    let _ = watchdog.join();
    out
}

static DUMP_SEQ: AtomicU64 = AtomicU64::new(0);

/// An incremental solver over one backend (or a portfolio of two).
///
/// Assertions live in frames: `push` opens one, `pop` drops the newest.
/// Every `check` first writes the full query to the dump directory if one is set.
pub struct Solver {
    backend: Backend,
    config: SolverConfig,
    frames: Vec<Vec<Term>>,
    sessions: Vec<Session>,
    last_winner: Option<Backend>,
}

impl Solver {
    /// Starts the backend (loads libz3 / spawns the Bitwuzla worker).
    /// Fails with `SmtError::SolverNotFound` when a solver cannot be located.
    pub fn new(backend: Backend, config: SolverConfig) -> Result<Solver, SmtError> {
        let sessions = backend
            .members()
            .iter()
            .map(|b| make_engine(*b, config.timeout, true).map(Session::new))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Solver { backend, config, frames: vec![Vec::new()], sessions, last_winner: None })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Adds a Bool assertion to the current frame.
    pub fn assert(&mut self, t: &Term) -> Result<(), SmtError> {
        if t.sort() != Sort::Bool {
            return Err(SmtError::Usage(format!("assertion must be Bool, got {}", t.sort())));
        }
        self.frames.last_mut().expect("base frame").push(t.clone());
        Ok(())
    }

    /// Opens a new assertion frame.
    pub fn push(&mut self) {
        self.frames.push(Vec::new());
    }

    /// Drops the newest frame and its assertions.
    pub fn pop(&mut self) -> Result<(), SmtError> {
        if self.frames.len() == 1 {
            return Err(SmtError::Usage("pop without matching push".into()));
        }
        self.frames.pop();
        let depth = self.frames.len() - 1;
        for s in &mut self.sessions {
            s.pop(depth);
        }
        Ok(())
    }

    /// Forgets every assertion and frame; the solver process/context stays
    /// alive (no start-up cost). Cheaper for Bitwuzla than push/pop: its
    /// preprocessing (variable substitution, skeleton simplification) only
    /// applies to assertions at level 0, so unrelated one-shot queries should
    /// use `reset` + assert + check, or [`Solver::solve`].
    pub fn reset(&mut self) {
        self.frames = vec![Vec::new()];
        for s in &mut self.sessions {
            s.dirty = true;
        }
    }

    /// One-shot: `reset`, assert the query, check it (with its assumptions).
    pub fn solve(&mut self, query: &Query) -> Result<CheckResult, SmtError> {
        self.reset();
        for a in &query.assertions {
            self.assert(a)?;
        }
        self.check_assuming(&query.assumptions)
    }

    /// Number of open `push` frames.
    pub fn depth(&self) -> usize {
        self.frames.len() - 1
    }

    /// The current assertions as a self-contained query.
    pub fn query(&self) -> Query {
        Query { assertions: self.frames.iter().flatten().cloned().collect(), assumptions: Vec::new() }
    }

    /// Is the conjunction of all assertions satisfiable?
    pub fn check(&mut self) -> Result<CheckResult, SmtError> {
        self.check_assuming(&[])
    }

    /// `check-sat-assuming`: satisfiability with extra Bool terms assumed for this check only.
    pub fn check_assuming(&mut self, assumptions: &[Term]) -> Result<CheckResult, SmtError> {
        if let Some(a) = assumptions.iter().find(|a| a.sort() != Sort::Bool) {
            return Err(SmtError::Usage(format!("assumption must be Bool, got {}", a.sort())));
        }
        self.dump(assumptions)?;
        let hard_limit = self.config.timeout.map(|t| t + t / 4 + Duration::from_millis(500));
        let want_model = self.config.produce_models;
        if self.sessions.len() == 1 {
            self.last_winner = Some(self.backend);
            return self.sessions[0].check(&self.frames, assumptions, want_model, hard_limit);
        }
        let (winner, result) = race(&mut self.sessions, &self.frames, assumptions, want_model, hard_limit);
        self.last_winner = winner.map(|i| self.backend.members()[i]);
        result
    }

    /// For a portfolio: which solver gave the last answer.
    pub fn last_winner(&self) -> Option<Backend> {
        self.last_winner
    }

    fn dump(&self, assumptions: &[Term]) -> Result<(), SmtError> {
        let Some(dir) = &self.config.dump_dir else { return Ok(()) };
        let mut q = self.query();
        q.assumptions = assumptions.to_vec();
        std::fs::create_dir_all(dir)?;
        let n = DUMP_SEQ.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!("q-{}-{n:06}.smt2", std::process::id()));
        std::fs::write(path, q.to_smtlib2()?)?;
        Ok(())
    }
}

/// Checks on every session in parallel; the first definite answer wins and
/// the others are interrupted (z3: `Z3_interrupt`; Bitwuzla worker: killed and
/// respawned with the assertions replayed on next use).
fn race(
    sessions: &mut [Session],
    frames: &[Vec<Term>],
    assumptions: &[Term],
    want_model: bool,
    hard_limit: Option<Duration>,
) -> (Option<usize>, Result<CheckResult, SmtError>) {
    let stoppers: Vec<Interrupter> = sessions.iter().map(|s| s.engine.interrupter()).collect();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for (i, s) in sessions.iter_mut().enumerate() {
            let tx = tx.clone();
            scope.spawn(move || {
                let r = s.check(frames, assumptions, want_model, hard_limit);
                let _ = tx.send((i, r));
            });
        }
        drop(tx);
        let mut unknowns = Vec::new();
        let mut first_error = None;
        while let Ok((i, r)) = rx.recv() {
            match r {
                Ok(CheckResult::Unknown(why)) => unknowns.push(why),
                Ok(definite) => {
                    for (j, stop) in stoppers.iter().enumerate() {
                        if j != i {
                            stop.interrupt();
                        }
                    }
                    return (Some(i), Ok(definite));
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match first_error {
            Some(e) if unknowns.is_empty() => (None, Err(e)),
            _ => (None, Ok(CheckResult::Unknown(unknowns.join("; ")))),
        }
    })
}
