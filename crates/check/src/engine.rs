//! Breadth-first search over 64-bit state fingerprints with TLC's counting: every generated
//! successor counts as generated; a successor outside the CONSTRAINTs / ACTION_CONSTRAINTs is
//! neither stored nor explored; a new state is checked against the invariants and queued.
//! The engine has no I/O: progress is reported through a callback, results are returned.
//! With several workers, threads share the fingerprint set (sharded) and a level-synchronous
//! queue, so counts and depth stay exactly those of one worker.

use crate::model::Model;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use crate::queue::{Level, LevelBuilder, QueueMem};
use std::sync::Mutex;
use vf_tla::ast::Span;
use vf_tla::tlc::enumerate::{Enumerator, Label};
use vf_tla::tlc::eval::{EvalError, St};
use vf_tla::tlc::scope::Sc;
use vf_tla::tlc::value::{fingerprint, fingerprint_lazy, Value, VarHash};
use vf_tla::tlc::Env;

pub type State = std::sync::Arc<Vec<Value>>;

#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Stats {
    pub states_generated: u64,
    pub distinct_states: u64,
    pub depth: u64,
    pub queue_left: u64,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct TraceStep {
    /// `<Initial predicate>` or `<Action line L, col C to line L2, col C2 of module M>`.
    pub label: String,
    #[serde(skip)]
    pub state: Vec<Value>,
    pub values: Vec<(String, String)>,
}

#[derive(Clone, Debug, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Violation {
    Invariant { name: String, trace: Vec<TraceStep> },
    ActionProperty { name: String, trace: Vec<TraceStep> },
    InitProperty { name: String, trace: Vec<TraceStep> },
    Deadlock { trace: Vec<TraceStep> },
    EvalError { message: String, trace: Vec<TraceStep> },
    /// A liveness property violated by a behaviour: `trace` then, if `back_to` is set, a step
    /// back to state `back_to.0` (1-based) by action `back_to.1`; otherwise stuttering forever.
    Temporal { name: String, trace: Vec<TraceStep>, back_to: Option<(usize, String)> },
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct Outcome {
    pub stats: Stats,
    pub violation: Option<Violation>,
    /// The search stopped at `--depth` before exhausting the state space.
    pub depth_limited: bool,
    #[serde(skip)]
    pub graph: Option<RecordedGraph>,
    pub memory: MemStats,
    /// Set for `simulate` runs (then `stats.states_generated` counts generated successors and
    /// `stats.depth` is the longest behaviour; nothing is exhaustive).
    pub simulation: Option<SimStats>,
}

pub struct Progress {
    pub generated: u64,
    pub distinct: u64,
    pub queue: u64,
    pub depth: u64,
}

#[derive(Clone, Default)]
pub struct Config {
    pub workers: usize,
    pub max_depth: Option<u64>,
    /// Memory for the fingerprint set (bytes): preallocated, so that it does not grow while the
    /// number of states fits. `None`: start small and grow.
    pub fp_bytes: Option<u64>,
    /// Most bytes of queued states kept in memory; over it, chunks of the queue go to `spill`.
    pub queue_bytes: Option<u64>,
    pub spill: Option<std::sync::Arc<dyn crate::queue::ChunkStore>>,
    /// Keep the explored graph (states, edges, levels) in the outcome, for `--dump-dot`.
    pub record_graph: bool,
}

/// The explored state graph (with `Config::record_graph`): states in breadth-first order with
/// the index where each level starts, and every generated edge inside the constraints.
#[derive(Clone, Debug, Default)]
pub struct RecordedGraph {
    pub states: Vec<(State, u64)>,
    pub level_starts: Vec<usize>,
    pub init: Vec<u64>,
    pub edges: Vec<(u64, u64)>,
}

/// Memory figures of a run (estimates for the queue).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct MemStats {
    pub fp_set_bytes: u64,
    pub queue_peak_bytes: u64,
    pub spilled_chunks: u64,
    pub spilled_states: u64,
}

pub use crate::fpset::FpSet as FpStore;

const NO_PARENT: u64 = 0;

fn nonzero(f: u64) -> u64 {
    if f == NO_PARENT {
        1
    } else {
        f
    }
}

impl Model {
    /// The fingerprint that identifies a state: of its VIEW if there is one, and the least over
    /// the SYMMETRY permutations (a canonical representative of the state's orbit).
    pub fn fp(&self, s: &[Value]) -> Result<u64, EvalError> {
        let owned;
        let s: &[Value] = match &self.view {
            Some(v) => {
                let val = self.ev.eval(v.expr, v.scope, &Env::default(), &St { cur: Some(s), nxt: None, primed: false })?;
                owned = vec![val.normalize().map_err(|m| EvalError::new(None, m))?];
                &owned
            }
            None => s,
        };
        if self.symmetry.is_empty() {
            return Ok(nonzero(fingerprint(s)));
        }
        // like TLC: the lexicographically least state over the given permutations
        let mut best: Option<Vec<Value>> = None;
        for p in &self.symmetry {
            let t: Vec<Value> = s.iter().map(|v| crate::model::permute(v, p)).collect();
            let smaller = match &best {
                None => t.iter().zip(s.iter()).map(|(a, b)| vf_tla::tlc::value::cmp(a, b)).find(|o| o.is_ne()) == Some(std::cmp::Ordering::Less),
                Some(b) => t.iter().zip(b.iter()).map(|(a, b)| vf_tla::tlc::value::cmp(a, b)).find(|o| o.is_ne()) == Some(std::cmp::Ordering::Less),
            };
            if smaller {
                best = Some(t);
            }
        }
        Ok(nonzero(fingerprint(best.as_deref().unwrap_or(s))))
    }
}

impl Model {
    /// Whether a state's fingerprint is that of its variables (no VIEW, no SYMMETRY), so that it
    /// can be computed from per-variable hashes (`fp_succ`).
    pub fn plain_fp(&self) -> bool {
        self.view.is_none() && self.symmetry.is_empty()
    }

    /// The fingerprint of a successor `t` of `s`, where `sh` holds `value_hash` of each of `s`'s
    /// variables once computed (all `None` for a new `s`; empty unless `plain_fp`): variables
    /// shared with `s` are hashed once per `s`, not per successor. Always equal to `fp(t)`.
    pub fn fp_succ(&self, t: &[Value], s: &[Value], sh: &mut [Option<VarHash>]) -> Result<u64, EvalError> {
        if sh.len() != t.len() || s.len() != t.len() {
            return self.fp(t);
        }
        Ok(nonzero(fingerprint_lazy(t, s, sh)))
    }
}

fn fp_of(m: &Model, s: &[Value]) -> u64 {
    m.fp(s).unwrap_or(1)
}

/// `<Name(args) line L, col C to line L2, col C2 of module M>` as TLC prints an action in a trace:
/// M is the module that defines the operator (an EXTENDed module's, not the spec's), the
/// arguments are there when the label was made with `Enumerator::want_args`.
pub fn action_label(a: Option<Label>) -> String {
    match a {
        None => "<Action>".into(),
        Some(l) => {
            let sp: Span = l.span;
            let (file, module) = l.sc.origin(l.name);
            let (l1, c1) = file.line_col(sp.start);
            let (l2, c2) = file.line_col(sp.end.saturating_sub(1).max(sp.start));
            let args = match &l.args {
                Some(a) if !a.is_empty() => format!("({})", a.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")),
                _ => String::new(),
            };
            format!("<{}{args} line {l1}, col {c1} to line {l2}, col {c2} of module {module}>", l.name)
        }
    }
}


impl Model {
    fn eval_pred(&self, e: &'static vf_tla::Expr, sc: Sc, cur: Option<&[Value]>, nxt: Option<&[Option<Value>]>) -> Result<bool, EvalError> {
        self.ev.eval_bool_fixed(e, sc, &Env::default(), &St { cur, nxt, primed: false })
    }

    fn in_model(&self, s: &[Value]) -> Result<bool, EvalError> {
        for c in &self.constraints {
            if !self.eval_pred(c.expr, c.scope, Some(s), None)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn in_actions(&self, s: &[Value], t: &[Value]) -> Result<bool, EvalError> {
        if self.action_constraints.is_empty() {
            return Ok(true);
        }
        let nxt: Vec<Option<Value>> = t.iter().cloned().map(Some).collect();
        for c in &self.action_constraints {
            if !self.eval_pred(c.expr, c.scope, Some(s), Some(&nxt))? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The first invariant the initial state `s` violates (those Init implies are not evaluated).
    fn violated_invariant_init(&self, s: &[Value]) -> Result<Option<String>, EvalError> {
        for (i, inv) in self.invariants.iter().enumerate() {
            if self.init_implied.get(i).copied().unwrap_or(false) {
                continue;
            }
            if !self.eval_pred(inv.expr, inv.scope, Some(s), None)? {
                return Ok(Some(inv.name.clone()));
            }
        }
        Ok(None)
    }

    /// The first invariant `s` violates.
    fn violated_invariant(&self, s: &[Value]) -> Result<Option<String>, EvalError> {
        for inv in &self.invariants {
            if !self.eval_pred(inv.expr, inv.scope, Some(s), None)? {
                return Ok(Some(inv.name.clone()));
            }
        }
        Ok(None)
    }

    fn violated_action_prop(&self, s: &[Value], t: &[Value]) -> Result<Option<String>, EvalError> {
        if self.action_props.is_empty() {
            return Ok(None);
        }
        let nxt: Vec<Option<Value>> = t.iter().cloned().map(Some).collect();
        for p in &self.action_props {
            if !self.eval_pred(p.expr, p.scope, Some(s), Some(&nxt))? {
                return Ok(Some(p.name.clone()));
            }
        }
        Ok(None)
    }

    pub fn init_states(&self, f: &mut dyn FnMut(Vec<Value>) -> Result<bool, EvalError>) -> Result<(), EvalError> {
        let mut en = Enumerator::new(self.ev, None, self.vars.len());
        en.run(self.init.expr, self.init.scope, &Env::default(), None, &mut |s, _| f(s))
    }

    #[allow(clippy::type_complexity)]
    pub fn successors(
        &self,
        s: &[Value],
        f: &mut dyn FnMut(Vec<Value>, Option<Label>) -> Result<bool, EvalError>,
    ) -> Result<(), EvalError> {
        let mut en = Enumerator::new(self.ev, Some(s), self.vars.len());
        en.run(self.next.expr, self.next.scope, &Env::default(), None, f)
    }

    /// The successors of `s` with labels that carry the action's parameter values (for printed
    /// traces: slower than `successors`).
    #[allow(clippy::type_complexity)]
    pub fn successors_labelled(
        &self,
        s: &[Value],
        f: &mut dyn FnMut(Vec<Value>, Option<Label>) -> Result<bool, EvalError>,
    ) -> Result<(), EvalError> {
        let mut en = Enumerator::new(self.ev, Some(s), self.vars.len());
        en.want_args = true;
        en.run(self.next.expr, self.next.scope, &Env::default(), None, f)
    }

    /// The printed label of the step `s` -> `t`: the first action generating `t` from `s`, with
    /// its parameter values (`label` when `t` is not found again).
    pub fn step_label(&self, s: &[Value], t: &[Value], label: Option<Label>) -> String {
        let mut found = None;
        let _ = self.successors_labelled(s, &mut |u, l| {
            if u.as_slice() == t {
                found = Some(l);
                return Ok(false);
            }
            Ok(true)
        });
        action_label(found.unwrap_or(label))
    }

    pub fn step(&self, label: String, s: &[Value]) -> TraceStep {
        TraceStep {
            label,
            state: s.to_vec(),
            values: self.vars.iter().zip(s.iter()).map(|(n, v)| (n.to_string(), v.to_string())).collect(),
        }
    }

    /// Rebuilds the shortest trace to `fp` by replaying Init/Next along the parent pointers.
    fn trace_to(&self, store: &FpStore, fp: u64) -> Vec<TraceStep> {
        let mut chain = vec![fp];
        let mut cur = fp;
        while let Some(p) = store.parent(cur) {
            if p == NO_PARENT {
                break;
            }
            chain.push(p);
            cur = p;
            if chain.len() > 1_000_000 {
                break;
            }
        }
        chain.reverse();
        let mut out = Vec::new();
        let mut found = None;
        let _ = self.init_states(&mut |s| {
            if fp_of(self, &s) == chain[0] {
                found = Some(s);
                return Ok(false);
            }
            Ok(true)
        });
        let Some(mut state) = found else { return out };
        out.push(self.step("<Initial predicate>".into(), &state));
        for want in &chain[1..] {
            let mut next = None;
            let _ = self.successors_labelled(&state, &mut |t, label| {
                if fp_of(self, &t) == *want {
                    next = Some((t, label));
                    return Ok(false);
                }
                Ok(true)
            });
            let Some((t, label)) = next else { break };
            out.push(self.step(action_label(label), &t));
            state = t;
        }
        out
    }
}

/// What a worker found that stops the search: the level index of the state being expanded,
/// that state, its fingerprint and the violation (its trace is the tail after that state).
type Found = Option<(u64, State, u64, Violation)>;

/// Per-worker output of one level.
#[derive(Default)]
struct WorkerOut {
    batch: Vec<(State, u64)>,
    edges: Vec<(u64, u64)>,
    /// with `keep_actual`: the generated successor of each edge, parallel to `edges`
    actual: Vec<State>,
    states: Vec<(State, u64)>,
    /// estimated bytes of `batch` (sampled `state_size_delta`: sum and number of samples)
    batch_bytes: (u64, u64),
}

impl WorkerOut {
    /// The batch and its estimated bytes, leaving both empty.
    fn take_batch(&mut self) -> (Vec<(State, u64)>, u64) {
        let b = std::mem::take(&mut self.batch);
        let (sum, n) = std::mem::take(&mut self.batch_bytes);
        let est = if n == 0 { 0 } else { sum * b.len() as u64 / n };
        (b, est)
    }
}

const BATCH: usize = 1024;
/// Every `SIZE_SAMPLE`-th new state is measured for the queue's memory estimate.
const SIZE_SAMPLE: usize = 8;

/// Runs the breadth-first search.
pub fn check(model: &Model, cfg: &Config, progress: &(dyn Fn(&Progress) + Sync)) -> Outcome {
    let workers = cfg.workers.max(1);
    let shards = if workers > 1 { 64 } else { 1 };
    let store = match cfg.fp_bytes {
        Some(b) => FpStore::with_budget(shards, b),
        None => FpStore::new(shards, 1 << 16),
    };
    let qmem = QueueMem::new(cfg.queue_bytes, cfg.spill.clone());
    let generated = AtomicU64::new(0);
    let distinct = AtomicU64::new(0);
    let mut stats = Stats::default();
    let stop_flag = AtomicBool::new(false);
    let live = !model.liveness.is_empty();
    let record = live || cfg.record_graph;
    let mut all_states: Vec<(State, u64)> = Vec::new();
    let mut level_starts: Vec<usize> = Vec::new();
    let all_edges: Mutex<(Vec<(u64, u64)>, Vec<State>)> = Mutex::new((Vec::new(), Vec::new()));
    // under SYMMETRY/VIEW the liveness checker needs the generated successor of each edge
    let keep_actual = live && (model.view.is_some() || !model.symmetry.is_empty());
    let memory = |store: &FpStore, qmem: &QueueMem| MemStats {
        fp_set_bytes: store.bytes(),
        queue_peak_bytes: qmem.peak.load(Ordering::Relaxed),
        spilled_chunks: qmem.spilled_chunks.load(Ordering::Relaxed),
        spilled_states: qmem.spilled_states.load(Ordering::Relaxed),
    };

    // ---- initial states
    let mut first: Vec<(State, u64)> = Vec::new();
    let mut violation: Option<Violation> = None;
    let mut queued_unchecked = false;
    let r = model.init_states(&mut |s| {
        generated.fetch_add(1, Ordering::Relaxed);
        if !model.in_model(&s)? {
            if let Some(name) = model.violated_invariant_init(&s)? {
                violation = Some(Violation::Invariant { name, trace: vec![model.step("<Initial predicate>".into(), &s)] });
                return Ok(false);
            }
            return Ok(true);
        }
        let fp = model.fp(&s)?;
        if store.insert(fp, NO_PARENT) {
            distinct.fetch_add(1, Ordering::Relaxed);
            // TLC has queued a new initial state before it checks it: an evaluation error in
            // the checks below leaves it on the queue (`1 states left on queue`)
            queued_unchecked = true;
            for p in &model.init_props {
                if !model.eval_pred(p.expr, p.scope, Some(&s), None)? {
                    violation = Some(Violation::InitProperty { name: p.name.clone(), trace: vec![model.step("<Initial predicate>".into(), &s)] });
                    return Ok(false);
                }
            }
            if let Some(name) = model.violated_invariant_init(&s)? {
                violation = Some(Violation::Invariant { name, trace: vec![model.step("<Initial predicate>".into(), &s)] });
                return Ok(false);
            }
            queued_unchecked = false;
            first.push((std::sync::Arc::new(s), fp));
        }
        Ok(true)
    });
    let mut init_left = first.len() as u64;
    if let Err(e) = r {
        violation = Some(Violation::EvalError { message: e.one_line(), trace: Vec::new() });
        init_left += queued_unchecked as u64;
    }
    let finish = |stats: &mut Stats, violation, depth_limited, queue_left: u64, graph| {
        stats.states_generated = generated.load(Ordering::Relaxed);
        stats.distinct_states = distinct.load(Ordering::Relaxed);
        stats.queue_left = queue_left;
        Outcome { stats: stats.clone(), violation, depth_limited, graph, memory: memory(&store, &qmem), simulation: None }
    };
    if violation.is_some() {
        stats.depth = 1;
        return finish(&mut stats, violation, false, init_left, None);
    }
    let mut depth = 1u64;
    stats.depth = if first.is_empty() { 0 } else { 1 };
    let init_fps: Vec<u64> = first.iter().map(|(_, f)| *f).collect();
    if record {
        level_starts.push(0);
        all_states.extend(first.iter().cloned());
    }
    let mut level: Level = Level::from_states(&qmem, first);
    let last_report = Mutex::new(std::time::Instant::now());
    let mut depth_limited = false;
    while !level.is_empty() {
        if let Some(max) = cfg.max_depth {
            if depth >= max {
                depth_limited = true;
                break;
            }
        }
        let next = LevelBuilder::new(&qmem);
        let found: Mutex<Found> = Mutex::new(None);
        let level_len = level.len as u64;
        let record_found = |gi: u64, s: &State, sfp: u64, v: Violation| {
            let mut g = found.lock().unwrap();
            // the earliest state of the level wins (with one worker: the first found, as TLC)
            if g.as_ref().is_none_or(|(gj, ..)| gi < *gj) {
                *g = Some((gi, s.clone(), sfp, v));
            }
            stop_flag.store(true, Ordering::Relaxed);
        };
        let work = |out: &mut WorkerOut| {
            let mut done_since_report = 0u32;
            let plain = model.plain_fp();
            let mut sh: Vec<Option<VarHash>> = Vec::new();
            while let Some(chunk) = level.take() {
                if stop_flag.load(Ordering::Relaxed) {
                    return;
                }
                let (start, states) = match chunk {
                    Ok(c) => c,
                    Err(e) => {
                        let mut g = found.lock().unwrap();
                        if g.is_none() {
                            let msg = format!("the state queue could not be read back from disk: {e}");
                            *g = Some((0, std::sync::Arc::new(Vec::new()), NO_PARENT, Violation::EvalError { message: msg, trace: vec![] }));
                        }
                        stop_flag.store(true, Ordering::Relaxed);
                        return;
                    }
                };
                for (j, (s, sfp)) in states.iter().enumerate() {
                    let gi = start + j as u64;
                    let mut any = false;
                    let mut local_gen = 0u64;
                    let mut local_new = 0u64;
                    sh.clear();
                    if plain {
                        sh.resize(s.len(), None);
                    }
                    // substitutions of an action property evaluated in `s` are kept for its successors
                    vf_tla::tlc::eval::fixed_parent(Some(s));
                    let r = model.successors(s, &mut |t, label| {
                        any = true;
                        local_gen += 1;
                        if let Some(name) = model.violated_action_prop(s, &t)? {
                            let tr = vec![(t.clone(), model.step_label(s, &t, label))];
                            record_found(gi, s, *sfp, Violation::ActionProperty { name, trace: steps(model, tr) });
                            return Ok(false);
                        }
                        if !model.in_model(&t)? || !model.in_actions(s, &t)? {
                            // TLC checks the invariants of states outside the constraints too
                            if let Some(v) = invariant_violation(model, s, &t, label)? {
                                record_found(gi, s, *sfp, v);
                                return Ok(false);
                            }
                            return Ok(true);
                        }
                        let fp = model.fp_succ(&t, s, &mut sh)?;
                        if record {
                            out.edges.push((*sfp, fp));
                            if keep_actual {
                                out.actual.push(std::sync::Arc::new(t.clone()));
                            }
                        }
                        if store.insert(fp, *sfp) {
                            local_new += 1;
                            if let Some(v) = invariant_violation(model, s, &t, label)? {
                                record_found(gi, s, *sfp, v);
                                return Ok(false);
                            }
                            let st = std::sync::Arc::new(t);
                            if record {
                                out.states.push((st.clone(), fp));
                            }
                            // the queue's memory: what the successor does not share with
                            // its parent (counting shared parts in full over-estimates the
                            // queue several times over and spills it to disk far too early)
                            if out.batch.len() % SIZE_SAMPLE == 0 {
                                out.batch_bytes.0 += crate::queue::state_size_delta(&st, s);
                                out.batch_bytes.1 += 1;
                            }
                            out.batch.push((st, fp));
                            if out.batch.len() >= BATCH {
                                let (b, est) = out.take_batch();
                                next.push_sized(b, est);
                            }
                        }
                        Ok(true)
                    });
                    vf_tla::tlc::eval::fixed_parent(None);
                    generated.fetch_add(local_gen, Ordering::Relaxed);
                    distinct.fetch_add(local_new, Ordering::Relaxed);
                    if let Err(e) = r {
                        record_found(gi, s, *sfp, Violation::EvalError { message: e.one_line(), trace: vec![] });
                        return;
                    }
                    if stop_flag.load(Ordering::Relaxed) {
                        return;
                    }
                    if !any && model.check_deadlock {
                        record_found(gi, s, *sfp, Violation::Deadlock { trace: vec![] });
                        return;
                    }
                    done_since_report += 1;
                    if done_since_report < 256 {
                        continue;
                    }
                    done_since_report = 0;
                    let mut lr = last_report.lock().unwrap();
                    if lr.elapsed().as_secs() >= 5 {
                        *lr = std::time::Instant::now();
                        progress(&Progress {
                            generated: generated.load(Ordering::Relaxed),
                            distinct: distinct.load(Ordering::Relaxed),
                            queue: level_len.saturating_sub(gi + 1) + next.len() as u64,
                            depth,
                        });
                    }
                }
            }
        };
        let mut outs: Vec<WorkerOut> = Vec::new();
        if workers <= 1 {
            let mut o = WorkerOut::default();
            work(&mut o);
            outs.push(o);
        } else {
            let collected: Mutex<Vec<(usize, WorkerOut)>> = Mutex::new(Vec::new());
            std::thread::scope(|scope| {
                for w in 0..workers {
                    let (work, collected) = (&work, &collected);
                    scope.spawn(move || {
                        let mut o = WorkerOut::default();
                        work(&mut o);
                        collected.lock().unwrap().push((w, o));
                    });
                }
            });
            let mut c = collected.into_inner().unwrap();
            c.sort_by_key(|x| x.0);
            outs = c.into_iter().map(|x| x.1).collect();
        }
        for o in outs.iter_mut() {
            let (b, est) = o.take_batch();
            next.push_sized(b, est);
            if record {
                let mut g = all_edges.lock().unwrap();
                g.0.append(&mut o.edges);
                g.1.append(&mut o.actual);
            }
        }
        if let Some((i, s, sfp, v)) = found.into_inner().unwrap() {
            let found_next = next.len() as u64;
            drop(next);
            let mut trace = if sfp == NO_PARENT { Vec::new() } else { model.trace_to(&store, sfp) };
            let mut failed_in_successor = false;
            if trace.is_empty() && !s.is_empty() {
                trace.push(model.step("<Initial predicate>".into(), &s));
            }
            let v = match v {
                Violation::Invariant { name, trace: tail } => Violation::Invariant { name, trace: [trace, tail].concat() },
                Violation::ActionProperty { name, trace: tail } => Violation::ActionProperty { name, trace: [trace, tail].concat() },
                Violation::Deadlock { .. } => Violation::Deadlock { trace },
                Violation::EvalError { message, trace: tail } => {
                    failed_in_successor = !tail.is_empty();
                    Violation::EvalError { message, trace: [trace, tail].concat() }
                }
                other => other,
            };
            // TLC's depth is the deepest level reached (a violating successor is one level down)
            let deeper = found_next > 0 || failed_in_successor || matches!(v, Violation::Invariant { .. } | Violation::ActionProperty { .. });
            stats.depth = if deeper { depth + 1 } else { depth };
            let left = level_len.saturating_sub(i + 1) + found_next;
            return finish(&mut stats, Some(v), false, left, None);
        }
        drop(level);
        level = next.finish();
        if record {
            level_starts.push(all_states.len());
            for o in outs.iter_mut() {
                all_states.append(&mut o.states);
            }
        }
        if !level.is_empty() {
            depth += 1;
            stats.depth = depth;
        }
    }
    let left = level.len as u64;
    drop(level);
    let (all_edges, all_actual) = all_edges.into_inner().unwrap();
    let graph = if cfg.record_graph {
        Some(RecordedGraph {
            states: all_states.clone(),
            level_starts: level_starts.clone(),
            init: init_fps.clone(),
            edges: all_edges.clone(),
        })
    } else {
        None
    };
    let mut violation = None;
    if live && !depth_limited {
        let graph = build_graph(all_states, all_edges, if keep_actual { Some(all_actual) } else { None }, &init_fps);
        let mut cache = crate::liveness::AtomCache::new(model, &graph);
        for p in &model.liveness {
            match crate::liveness::find_counterexample(model, &graph, p, &mut cache) {
                Ok(Some(l)) => {
                    let (trace, back_to) = crate::liveness::lasso_trace(model, &graph, &l);
                    violation = Some(Violation::Temporal { name: p.name.clone(), trace, back_to });
                    break;
                }
                Ok(None) => {}
                Err(e) => {
                    violation = Some(Violation::EvalError { message: e.one_line(), trace: Vec::new() });
                    break;
                }
            }
        }
    }
    finish(&mut stats, violation, depth_limited, left, graph)
}

fn build_graph(states: Vec<(State, u64)>, edges: Vec<(u64, u64)>, actual: Option<Vec<State>>, init: &[u64]) -> crate::liveness::Graph {
    let mut index: HashMap<u64, u32> = HashMap::with_capacity(states.len());
    let mut st = Vec::with_capacity(states.len());
    for (s, fp) in states {
        index.entry(fp).or_insert_with(|| {
            st.push(s);
            (st.len() - 1) as u32
        });
    }
    let with_actual = actual.is_some();
    let mut actual_it = actual.map(|v| v.into_iter());
    // per state, its edges in generation order (each state is expanded by one worker), with the
    // index of the edge's generated successor under SYMMETRY/VIEW
    let mut out: Vec<Vec<(u32, Option<State>)>> = vec![Vec::new(); st.len()];
    for (a, b) in edges {
        let t = actual_it.as_mut().and_then(|it| it.next());
        if let (Some(&i), Some(&j)) = (index.get(&a), index.get(&b)) {
            out[i as usize].push((j, t));
        }
    }
    let mut succ: Vec<Vec<u32>> = Vec::with_capacity(st.len());
    let mut actual: Vec<Vec<State>> = Vec::new();
    for mut v in out {
        // sorted by target; of several edges to one target the first generated stays (stable sort)
        v.sort_by_key(|e| e.0);
        v.dedup_by_key(|e| e.0);
        if with_actual {
            actual.push(v.iter().map(|e| e.1.clone().expect("edge state")).collect());
        }
        succ.push(v.into_iter().map(|e| e.0).collect());
    }
    let init = init.iter().filter_map(|f| index.get(f).copied()).collect();
    crate::liveness::Graph { states: st, succ, init, actual: if with_actual { Some(actual) } else { None } }
}

/// The invariant violation of successor `t` (reached by `label`), if any. An evaluation error in an
/// invariant is reported with `t` as the last state of the trace, as TLC does ("Evaluating
/// invariant Inv failed" after the behaviour up to that state).
fn invariant_violation(model: &Model, s: &[Value], t: &[Value], label: Option<Label>) -> Result<Option<Violation>, EvalError> {
    let tail = || steps(model, vec![(t.to_vec(), model.step_label(s, t, label.clone()))]);
    match model.violated_invariant(t) {
        Ok(Some(name)) => Ok(Some(Violation::Invariant { name, trace: tail() })),
        Ok(None) => Ok(None),
        Err(e) => Ok(Some(Violation::EvalError { message: e.one_line(), trace: tail() })),
    }
}

fn steps(model: &Model, v: Vec<(Vec<Value>, String)>) -> Vec<TraceStep> {
    v.into_iter().map(|(s, l)| model.step(l, &s)).collect()
}

// ---------------------------------------------------------------- simulation

/// `--simulate`: random behaviours instead of the exhaustive search (TLC's `-simulate`).
#[derive(Clone, Debug)]
pub struct SimConfig {
    pub traces: u64,
    /// Steps per behaviour at most (TLC's `-depth`, 100 by default in simulation).
    pub depth: u64,
    pub seed: u64,
}

#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct SimStats {
    pub seed: u64,
    pub traces: u64,
    /// states of the behaviours (each checked against the invariants)
    pub states_checked: u64,
    pub longest: u64,
}

/// A small deterministic generator (splitmix64): the same seed gives the same behaviours.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// Generates `traces` random behaviours: each starts in a random initial state and takes a
/// random successor (among those inside the CONSTRAINTs / ACTION_CONSTRAINTs) until `depth`
/// states, a deadlock (no successor at all: an error if deadlocks are checked) or no successor
/// inside the constraints. Every state is checked against the invariants, every step against
/// the action properties; the first violation ends the run with its behaviour as the trace.
/// Liveness properties are not checked here.
pub fn simulate(model: &Model, sim: &SimConfig, progress: &(dyn Fn(&Progress) + Sync)) -> Outcome {
    let mut rng = Rng::new(sim.seed);
    let mut generated = 0u64;
    let mut st = SimStats { seed: sim.seed, ..Default::default() };
    let mut inits: Vec<Vec<Value>> = Vec::new();
    let done = |generated: u64, st: SimStats, violation: Option<Violation>| {
        let stats = Stats { states_generated: generated, distinct_states: 0, depth: st.longest, queue_left: 0 };
        Outcome { stats, violation, depth_limited: false, graph: None, memory: MemStats::default(), simulation: Some(st) }
    };
    let mut first_violation = None;
    let r = model.init_states(&mut |s| {
        generated += 1;
        let inside = model.in_model(&s)?;
        for p in &model.init_props {
            if inside && !model.eval_pred(p.expr, p.scope, Some(&s), None)? {
                first_violation = Some(Violation::InitProperty { name: p.name.clone(), trace: vec![model.step("<Initial predicate>".into(), &s)] });
                return Ok(false);
            }
        }
        if let Some(name) = model.violated_invariant(&s)? {
            first_violation = Some(Violation::Invariant { name, trace: vec![model.step("<Initial predicate>".into(), &s)] });
            return Ok(false);
        }
        if inside {
            inits.push(s);
        }
        Ok(true)
    });
    if let Err(e) = r {
        return done(generated, st, Some(Violation::EvalError { message: e.one_line(), trace: vec![] }));
    }
    if first_violation.is_some() {
        return done(generated, st, first_violation);
    }
    if inits.is_empty() {
        return done(generated, st, None);
    }
    let t0 = std::time::Instant::now();
    let mut last = t0;
    for _ in 0..sim.traces {
        let mut cur = inits[rng.below(inits.len())].clone();
        let mut trace = vec![model.step("<Initial predicate>".into(), &cur)];
        st.states_checked += 1;
        while (trace.len() as u64) < sim.depth.max(1) {
            let mut succ: Vec<(Vec<Value>, String)> = Vec::new();
            let mut any = false;
            let r = model.successors_labelled(&cur, &mut |t, label| {
                any = true;
                generated += 1;
                if model.in_model(&t)? && model.in_actions(&cur, &t)? {
                    succ.push((t, action_label(label)));
                }
                Ok(true)
            });
            if let Err(e) = r {
                return done(generated, st, Some(Violation::EvalError { message: e.one_line(), trace }));
            }
            if !any {
                if model.check_deadlock {
                    return done(generated, st, Some(Violation::Deadlock { trace }));
                }
                break;
            }
            if succ.is_empty() {
                break;
            }
            let (t, label) = succ.swap_remove(rng.below(succ.len()));
            let step = model.step(label, &t);
            match model.violated_action_prop(&cur, &t) {
                Ok(Some(name)) => {
                    trace.push(step);
                    return done(generated, st, Some(Violation::ActionProperty { name, trace }));
                }
                Ok(None) => {}
                Err(e) => return done(generated, st, Some(Violation::EvalError { message: e.one_line(), trace })),
            }
            trace.push(step);
            st.states_checked += 1;
            match model.violated_invariant(&t) {
                Ok(Some(name)) => return done(generated, st, Some(Violation::Invariant { name, trace })),
                Ok(None) => {}
                Err(e) => return done(generated, st, Some(Violation::EvalError { message: e.one_line(), trace })),
            }
            cur = t;
        }
        st.traces += 1;
        st.longest = st.longest.max(trace.len() as u64);
        if last.elapsed().as_secs() >= 5 {
            last = std::time::Instant::now();
            progress(&Progress { generated, distinct: st.states_checked, queue: st.traces, depth: st.longest });
        }
    }
    done(generated, st, None)
}
