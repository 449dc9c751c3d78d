//! Breadth-first search over 64-bit state fingerprints with TLC's counting: every generated
//! successor counts as generated; a successor outside the CONSTRAINTs / ACTION_CONSTRAINTs is
//! neither stored nor explored; a new state is checked against the invariants and queued.
//! The engine has no I/O: progress is reported through a callback, results are returned.
//! With several workers, threads share the fingerprint set (sharded) and a level-synchronous
//! queue, so counts and depth stay exactly those of one worker.

use crate::model::Model;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use vf_tla::ast::Span;
use vf_tla::tlc::enumerate::Enumerator;
use vf_tla::tlc::eval::{EvalError, St};
use vf_tla::tlc::scope::Sc;
use vf_tla::tlc::value::{fingerprint, Value};
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
}

pub struct Progress {
    pub generated: u64,
    pub distinct: u64,
    pub queue: u64,
    pub depth: u64,
}

pub struct Config {
    pub workers: usize,
    pub max_depth: Option<u64>,
}

/// Fingerprint set with parent pointers (for traces), sharded for concurrent workers.
pub struct FpStore {
    shards: Vec<Mutex<HashMap<u64, u64, NoHash>>>,
}

#[derive(Default, Clone, Copy)]
pub struct NoHash;
impl std::hash::BuildHasher for NoHash {
    type Hasher = NoHasher;
    fn build_hasher(&self) -> NoHasher {
        NoHasher(0)
    }
}
pub struct NoHasher(u64);
impl std::hash::Hasher for NoHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!()
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = i;
    }
}

impl FpStore {
    pub fn new(shards: usize) -> FpStore {
        FpStore { shards: (0..shards.max(1)).map(|_| Mutex::new(HashMap::with_hasher(NoHash))).collect() }
    }
    fn shard(&self, fp: u64) -> &Mutex<HashMap<u64, u64, NoHash>> {
        &self.shards[(fp >> 58) as usize % self.shards.len()]
    }
    /// True if `fp` was not yet present (and records its parent).
    pub fn insert(&self, fp: u64, parent: u64) -> bool {
        let mut s = self.shard(fp).lock().unwrap();
        if s.contains_key(&fp) {
            return false;
        }
        s.insert(fp, parent);
        true
    }
    pub fn parent(&self, fp: u64) -> Option<u64> {
        self.shard(fp).lock().unwrap().get(&fp).copied()
    }
}

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
                owned = vec![val.normalize().map_err(|m| EvalError { pos: None, msg: m })?];
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

fn fp_of(m: &Model, s: &[Value]) -> u64 {
    m.fp(s).unwrap_or(1)
}

pub fn action_label(a: Option<(&'static str, Sc, Span)>) -> String {
    match a {
        None => "<Action>".into(),
        Some((name, sc, sp)) => {
            let (l1, c1) = sc.file.line_col(sp.start);
            let (l2, c2) = sc.file.line_col(sp.end.saturating_sub(1).max(sp.start));
            format!("<{name} line {l1}, col {c1} to line {l2}, col {c2} of module {}>", sc.module_name)
        }
    }
}

enum Stop {
    Violation(Violation),
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
        f: &mut dyn FnMut(Vec<Value>, Option<(&'static str, Sc, Span)>) -> Result<bool, EvalError>,
    ) -> Result<(), EvalError> {
        let mut en = Enumerator::new(self.ev, Some(s), self.vars.len());
        en.run(self.next.expr, self.next.scope, &Env::default(), None, f)
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
            let _ = self.successors(&state, &mut |t, label| {
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

/// Runs the breadth-first search.
pub fn check(model: &Model, cfg: &Config, progress: &(dyn Fn(&Progress) + Sync)) -> Outcome {
    let store = FpStore::new(if cfg.workers > 1 { 64 } else { 1 });
    let generated = AtomicU64::new(0);
    let distinct = AtomicU64::new(0);
    let mut stats = Stats::default();
    let stop_flag = AtomicBool::new(false);
    let record = !model.liveness.is_empty();
    let mut all_states: Vec<(State, u64)> = Vec::new();
    let all_edges: Mutex<Vec<(u64, u64)>> = Mutex::new(Vec::new());

    // ---- initial states
    let mut level: Vec<(State, u64)> = Vec::new();
    let mut violation: Option<Violation> = None;
    let r = model.init_states(&mut |s| {
        generated.fetch_add(1, Ordering::Relaxed);
        if !model.in_model(&s)? {
            if let Some(name) = model.violated_invariant(&s)? {
                violation = Some(Violation::Invariant { name, trace: vec![model.step("<Initial predicate>".into(), &s)] });
                return Ok(false);
            }
            return Ok(true);
        }
        let fp = model.fp(&s)?;
        if store.insert(fp, NO_PARENT) {
            distinct.fetch_add(1, Ordering::Relaxed);
            for p in &model.init_props {
                if !model.eval_pred(p.expr, p.scope, Some(&s), None)? {
                    violation = Some(Violation::InitProperty { name: p.name.clone(), trace: vec![model.step("<Initial predicate>".into(), &s)] });
                    return Ok(false);
                }
            }
            if let Some(name) = model.violated_invariant(&s)? {
                violation = Some(Violation::Invariant { name, trace: vec![model.step("<Initial predicate>".into(), &s)] });
                return Ok(false);
            }
            level.push((std::sync::Arc::new(s), fp));
        }
        Ok(true)
    });
    if let Err(e) = r {
        violation = Some(Violation::EvalError { message: e.one_line(), trace: Vec::new() });
    }
    let finish = |stats: &mut Stats, violation, depth_limited, queue_left: u64| {
        stats.states_generated = generated.load(Ordering::Relaxed);
        stats.distinct_states = distinct.load(Ordering::Relaxed);
        stats.queue_left = queue_left;
        Outcome { stats: stats.clone(), violation, depth_limited }
    };
    if violation.is_some() {
        stats.depth = 1;
        return finish(&mut stats, violation, false, level.len() as u64);
    }
    let mut depth = 1u64;
    stats.depth = if level.is_empty() { 0 } else { 1 };
    let init_fps: Vec<u64> = level.iter().map(|(_, f)| *f).collect();
    if record {
        all_states.extend(level.iter().cloned());
    }
    let last_report = Mutex::new(std::time::Instant::now());
    let mut depth_limited = false;
    while !level.is_empty() {
        if let Some(max) = cfg.max_depth {
            if depth >= max {
                depth_limited = true;
                break;
            }
        }
        let next_level: Mutex<Vec<(State, u64)>> = Mutex::new(Vec::new());
        let found: Mutex<Option<(u64, Stop)>> = Mutex::new(None);
        let idx = AtomicU64::new(0);
        let work = |collect: &mut Vec<(State, u64)>, edges: &mut Vec<(u64, u64)>| {
            loop {
                if stop_flag.load(Ordering::Relaxed) {
                    return;
                }
                let i = idx.fetch_add(1, Ordering::Relaxed) as usize;
                if i >= level.len() {
                    return;
                }
                let (s, sfp) = &level[i];
                let mut any = false;
                let r = model.successors(s, &mut |t, label| {
                    any = true;
                    generated.fetch_add(1, Ordering::Relaxed);
                    if let Some(name) = model.violated_action_prop(s, &t)? {
                        let mut tr = vec![];
                        tr.push((t.clone(), action_label(label)));
                        *found.lock().unwrap() = Some((i as u64, Stop::Violation(Violation::ActionProperty { name, trace: steps(model, tr) })));
                        stop_flag.store(true, Ordering::Relaxed);
                        return Ok(false);
                    }
                    if !model.in_model(&t)? || !model.in_actions(s, &t)? {
                        // TLC checks the invariants of states outside the constraints too
                        if let Some(name) = model.violated_invariant(&t)? {
                            let tr = vec![(t.clone(), action_label(label))];
                            *found.lock().unwrap() = Some((i as u64, Stop::Violation(Violation::Invariant { name, trace: steps(model, tr) })));
                            stop_flag.store(true, Ordering::Relaxed);
                            return Ok(false);
                        }
                        return Ok(true);
                    }
                    let fp = model.fp(&t)?;
                    if record {
                        edges.push((*sfp, fp));
                    }
                    if store.insert(fp, *sfp) {
                        distinct.fetch_add(1, Ordering::Relaxed);
                        if let Some(name) = model.violated_invariant(&t)? {
                            let tr = vec![(t.clone(), action_label(label))];
                            *found.lock().unwrap() = Some((i as u64, Stop::Violation(Violation::Invariant { name, trace: steps(model, tr) })));
                            stop_flag.store(true, Ordering::Relaxed);
                            return Ok(false);
                        }
                        collect.push((std::sync::Arc::new(t), fp));
                    }
                    Ok(true)
                });
                if let Err(e) = r {
                    let mut g = found.lock().unwrap();
                    if g.is_none() {
                        *g = Some((i as u64, Stop::Violation(Violation::EvalError { message: e.one_line(), trace: vec![] })));
                    }
                    stop_flag.store(true, Ordering::Relaxed);
                    return;
                }
                if stop_flag.load(Ordering::Relaxed) {
                    return;
                }
                if !any && model.check_deadlock {
                    let mut g = found.lock().unwrap();
                    if g.is_none() {
                        *g = Some((i as u64, Stop::Violation(Violation::Deadlock { trace: vec![] })));
                    }
                    stop_flag.store(true, Ordering::Relaxed);
                    return;
                }
                if i % 512 != 0 {
                    continue;
                }
                let mut lr = last_report.lock().unwrap();
                if lr.elapsed().as_secs() >= 5 {
                    *lr = std::time::Instant::now();
                    progress(&Progress {
                        generated: generated.load(Ordering::Relaxed),
                        distinct: distinct.load(Ordering::Relaxed),
                        queue: (level.len() - i) as u64,
                        depth,
                    });
                }
            }
        };
        if cfg.workers <= 1 {
            let mut v = Vec::new();
            let mut ed = Vec::new();
            work(&mut v, &mut ed);
            *next_level.lock().unwrap() = v;
            all_edges.lock().unwrap().extend(ed);
        } else {
            std::thread::scope(|scope| {
                for _ in 0..cfg.workers {
                    scope.spawn(|| {
                        let mut v = Vec::new();
                        let mut ed = Vec::new();
                        work(&mut v, &mut ed);
                        next_level.lock().unwrap().extend(v);
                        all_edges.lock().unwrap().extend(ed);
                    });
                }
            });
        }
        if let Some((i, Stop::Violation(v))) = found.into_inner().unwrap() {
            let found_next = next_level.lock().unwrap().len() as u64;
            let (s, sfp) = &level[i as usize];
            let mut trace = model.trace_to(&store, *sfp);
            if trace.is_empty() {
                trace.push(model.step("<Initial predicate>".into(), s));
            }
            let v = match v {
                Violation::Invariant { name, trace: tail } => Violation::Invariant { name, trace: [trace, tail].concat() },
                Violation::ActionProperty { name, trace: tail } => Violation::ActionProperty { name, trace: [trace, tail].concat() },
                Violation::Deadlock { .. } => Violation::Deadlock { trace },
                Violation::EvalError { message, .. } => Violation::EvalError { message, trace },
                other => other,
            };
            // TLC's depth is the deepest level reached (a violating successor is one level down)
            let deeper = found_next > 0 || matches!(v, Violation::Invariant { .. } | Violation::ActionProperty { .. });
            stats.depth = if deeper { depth + 1 } else { depth };
            let left = (level.len() as u64).saturating_sub(i + 1) + found_next;
            return finish(&mut stats, Some(v), false, left);
        }
        level = next_level.into_inner().unwrap();
        if record {
            all_states.extend(level.iter().cloned());
        }
        if !level.is_empty() {
            depth += 1;
            stats.depth = depth;
        }
    }
    let mut violation = None;
    if record && !depth_limited {
        let graph = build_graph(all_states, all_edges.into_inner().unwrap(), &init_fps);
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
    finish(&mut stats, violation, depth_limited, level.len() as u64)
}

fn build_graph(states: Vec<(State, u64)>, edges: Vec<(u64, u64)>, init: &[u64]) -> crate::liveness::Graph {
    let mut index: HashMap<u64, u32> = HashMap::with_capacity(states.len());
    let mut st = Vec::with_capacity(states.len());
    for (s, fp) in states {
        index.entry(fp).or_insert_with(|| {
            st.push(s);
            (st.len() - 1) as u32
        });
    }
    let mut succ: Vec<Vec<u32>> = vec![Vec::new(); st.len()];
    for (a, b) in edges {
        if let (Some(&i), Some(&j)) = (index.get(&a), index.get(&b)) {
            succ[i as usize].push(j);
        }
    }
    for v in succ.iter_mut() {
        v.sort_unstable();
        v.dedup();
    }
    let init = init.iter().filter_map(|f| index.get(f).copied()).collect();
    crate::liveness::Graph { states: st, succ, init }
}

fn steps(model: &Model, v: Vec<(Vec<Value>, String)>) -> Vec<TraceStep> {
    v.into_iter().map(|(s, l)| model.step(l, &s)).collect()
}
