//! Is there a behaviour of the spec that explains a recorded run? (trace validation, PGo's
//! TraceLink idea). The run is given as one sequence of observed steps per process, with the
//! causal order between processes (from vector clocks): step i of process p may only be taken
//! after `after[q]` steps of every other process q. The search is breadth-first over nodes
//! (spec state, steps consumed per process): from a node, every step whose causal predecessors
//! are consumed is tried against every successor of the spec's Next, and the caller's matcher says
//! whether that transition is that step (observed values equal, unobserved variables free).
//! Nodes are deduplicated per level (same state fingerprint and same positions), so concurrent
//! steps that commute are explored once, and sleep sets (Godefroid's partial-order reduction)
//! skip the other orders of steps the matcher declares independent: a step explored from a node
//! is put to sleep in its siblings' subtrees until a dependent step is taken. Every path into a
//! node has the same length (the number of steps consumed), so a node reached several times in
//! one level keeps the intersection of the sleep sets, which keeps the reduction complete with
//! deduplication. Init states are unconstrained (the first step of each process constrains them
//! through the matcher).

use crate::model::Model;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use vf_tla::tlc::value::Value;

/// One observed step: `after[q]` = how many steps of process q causally precede it (its own
/// entry is ignored).
#[derive(Clone, Debug)]
pub struct Observed {
    pub after: Vec<u32>,
    /// The real-time window (start, end) in which the step took effect, on a clock shared by all
    /// processes. When given, a step is not taken while another process's pending step ended
    /// before it started (real-time order; sound for runs whose steps take effect atomically
    /// inside their windows, i.e. strict serializability).
    pub window: Option<(i64, i64)>,
}

/// Decides whether the spec transition `s -> t` is step `index` of process `process`.
pub trait StepMatcher {
    fn matches(&self, process: usize, index: usize, s: &[Value], t: &[Value]) -> Result<bool, String>;
    /// True when steps `a` and `b` (process, index) of different processes commute: taking one
    /// never changes whether the other can be taken or what it does (e.g. they touch disjoint
    /// state). Used for partial-order reduction (sleep sets); `false` is always safe.
    fn independent(&self, _a: (usize, usize), _b: (usize, usize)) -> bool {
        false
    }
}

pub struct Limits {
    /// Most nodes kept in one level of the search; beyond it the search gives up (no verdict).
    pub max_level_nodes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_level_nodes: 200_000 }
    }
}

#[derive(Debug)]
pub enum Verdict {
    /// Some behaviour takes every step, in an order consistent with the causal order.
    Explained { steps: usize, nodes: u64, witness: Vec<(usize, usize)> },
    /// No behaviour gets past `depth` steps; `stuck` are the steps (process, index) that were
    /// causally ready at that depth in some node and matched no successor there.
    Unexplained { depth: usize, total: usize, stuck: Vec<(usize, usize)>, nodes: u64 },
    /// The search exceeded its limits: no verdict.
    GaveUp { depth: usize, total: usize, nodes: u64, reason: String },
    /// Evaluating the spec or the matcher failed.
    Error(String),
}

struct Node {
    state: Arc<Vec<Value>>,
    pos: Vec<u32>,
    /// steps not to take from here (their orders with the steps since were explored elsewhere)
    sleep: Vec<(usize, usize)>,
    /// (process, index) of each step on the path, newest last (shared prefix via Arc).
    path: Option<Arc<PathLink>>,
}

struct PathLink {
    step: (usize, usize),
    prev: Option<Arc<PathLink>>,
}

fn ready(obs: &[Vec<Observed>], pos: &[u32], p: usize) -> bool {
    let i = pos[p] as usize;
    if i >= obs[p].len() {
        return false;
    }
    let o = &obs[p][i];
    if !o.after.iter().enumerate().all(|(q, &n)| q == p || n <= pos[q]) {
        return false;
    }
    if let Some((start, _)) = o.window {
        for q in 0..obs.len() {
            if q != p {
                if let Some(f) = obs[q].get(pos[q] as usize) {
                    if f.window.is_some_and(|(_, end)| end < start) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// Searches for a behaviour of `model` (Init, then Next steps) that takes all observed steps.
pub fn explain(model: &Model, obs: &[Vec<Observed>], m: &dyn StepMatcher, limits: &Limits) -> Verdict {
    let total: usize = obs.iter().map(|o| o.len()).sum();
    let nproc = obs.len();
    let mut level: Vec<Node> = Vec::new();
    let mut seen: HashSet<(u64, Vec<u32>)> = HashSet::new();
    let mut nodes: u64 = 0;
    let mut err = None;
    let r = model.init_states(&mut |s| {
        let fp = match model.fp(&s) {
            Ok(f) => f,
            Err(e) => {
                err = Some(e.one_line());
                return Ok(false);
            }
        };
        if seen.insert((fp, vec![0; nproc])) {
            level.push(Node { state: Arc::new(s), pos: vec![0; nproc], sleep: Vec::new(), path: None });
        }
        Ok(level.len() <= limits.max_level_nodes)
    });
    if let Err(e) = r {
        return Verdict::Error(e.one_line());
    }
    if let Some(e) = err {
        return Verdict::Error(e);
    }
    nodes += level.len() as u64;
    if level.len() > limits.max_level_nodes {
        return Verdict::GaveUp { depth: 0, total, nodes, reason: format!("more than {} initial states", limits.max_level_nodes) };
    }
    for depth in 0..total {
        let mut next: Vec<Node> = Vec::new();
        let mut next_index: HashMap<(u64, Vec<u32>), usize> = HashMap::new();
        let mut stuck: Vec<(usize, usize)> = Vec::new();
        for node in &level {
            let cands: Vec<usize> = (0..nproc).filter(|&p| ready(obs, &node.pos, p) && !node.sleep.contains(&(p, node.pos[p] as usize))).collect();
            if cands.is_empty() {
                continue;
            }
            let mut succ: Vec<Vec<Value>> = Vec::new();
            if let Err(e) = model.successors(&node.state, &mut |t, _| {
                succ.push(t);
                Ok(true)
            }) {
                return Verdict::Error(e.one_line());
            }
            let mut done_here: Vec<(usize, usize)> = Vec::new();
            for &p in &cands {
                let i = node.pos[p] as usize;
                let step = (p, i);
                let child_sleep: Vec<(usize, usize)> =
                    node.sleep.iter().chain(done_here.iter()).copied().filter(|&z| m.independent(z, step)).collect();
                let mut any = false;
                for t in &succ {
                    match m.matches(p, i, &node.state, t) {
                        Ok(false) => {}
                        Ok(true) => {
                            any = true;
                            let mut pos = node.pos.clone();
                            pos[p] += 1;
                            let fp = match model.fp(t) {
                                Ok(f) => f,
                                Err(e) => return Verdict::Error(e.one_line()),
                            };
                            match next_index.get(&(fp, pos.clone())) {
                                Some(&k) => next[k].sleep.retain(|z| child_sleep.contains(z)),
                                None => {
                                    next_index.insert((fp, pos.clone()), next.len());
                                    let path = Some(Arc::new(PathLink { step, prev: node.path.clone() }));
                                    next.push(Node { state: Arc::new(t.clone()), pos, sleep: child_sleep.clone(), path });
                                    nodes += 1;
                                    if next.len() > limits.max_level_nodes {
                                        return Verdict::GaveUp {
                                            depth: depth + 1,
                                            total,
                                            nodes,
                                            reason: format!("more than {} search nodes after {} steps", limits.max_level_nodes, depth + 1),
                                        };
                                    }
                                }
                            }
                        }
                        Err(e) => return Verdict::Error(e),
                    }
                }
                if !any && !stuck.contains(&step) {
                    stuck.push(step);
                }
                done_here.push(step);
            }
        }
        if next.is_empty() {
            // a sleeping step cannot match either (taking it would have reached this level's
            // successors through an equivalent order), so report every ready step
            for node in &level {
                for p in (0..nproc).filter(|&p| ready(obs, &node.pos, p)) {
                    let step = (p, node.pos[p] as usize);
                    if !stuck.contains(&step) {
                        stuck.push(step);
                    }
                }
            }
            stuck.sort();
            return Verdict::Unexplained { depth, total, stuck, nodes };
        }
        level = next;
    }
    let mut witness = Vec::new();
    let mut cur = level.first().and_then(|n| n.path.clone());
    while let Some(l) = cur {
        witness.push(l.step);
        cur = l.prev.clone();
    }
    witness.reverse();
    Verdict::Explained { steps: total, nodes, witness }
}
