//! Liveness checking the way TLC does it: the property is negated and conjoined with the spec's
//! fairness; the result is put in disjunctive normal form; in each disjunct the conjuncts
//! `[]<>A` and `<>[]A` (A without temporal operators, a state or action predicate) become
//! conditions on strongly connected components ("AE": some edge of the component satisfies A;
//! "EA": every edge of the cycle satisfies A), and the remaining temporal formula becomes a
//! tableau (a generalised Büchi automaton built by expansion: `[]F = F /\ next([]F)`,
//! `<>F = F \/ next(<>F)`). The product of the explored state graph (every state also has a
//! stuttering self-loop) with the tableau is searched for a strongly connected component that
//! is reachable, fulfils every eventuality of the tableau, every AE condition, and whose edges
//! satisfy the EA conditions: such a component is a behaviour satisfying the spec and violating
//! the property, reported as a lasso (prefix + cycle).
//!
//! `WF_v(A)` is `[]<>(~ENABLED <<A>>_v \/ <<A>>_v)` (one AE condition), `SF_v(A)` is
//! `<>[]~ENABLED <<A>>_v \/ []<><<A>>_v` (a disjunction, so one DNF branch each), `P ~> Q` is
//! `[](P => <>Q)`. Quantifiers over constant sets expand into conjunctions / disjunctions.
//!
//! Every predicate (tableau literal or condition) is evaluated on an edge `(s, t)` of the graph
//! with `s` the current state and `t` the next one; a state predicate only looks at `s`.

use crate::engine::{action_label, TraceStep};
use crate::model::{is_temporal, Model};
use std::collections::{BTreeSet, HashMap, VecDeque};
use vf_tla::ast::*;
use vf_tla::tlc::eval::{EvalError, Ev, St};
use vf_tla::tlc::scope::{Def, Sc, E};
use vf_tla::tlc::value::{FpHasher, Value};
use vf_tla::tlc::Env;

/// A fast deterministic hasher for the product graph's tables (keys are small integers and bit sets).
type FastHash = std::hash::BuildHasherDefault<FpHasher>;

#[derive(Clone)]
pub struct Atom {
    pub expr: E,
    pub sc: Sc,
    pub env: Env,
    /// mentions primes / action operators (else a state predicate, evaluated once per state)
    pub action: bool,
    /// `ENABLED <<A>>_v` of a fairness condition: the `<<A>>_v` expression. When the evaluator
    /// cannot decide ENABLED (an action that uses a primed expression it does not assign), it
    /// is computed from the explored successors instead; that can only under-approximate
    /// ENABLED, which weakens fairness (more behaviours count as fair), so it never hides a
    /// counterexample.
    pub enabled_of: Option<E>,
}

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
enum Node {
    True,
    False,
    /// atom index, negated
    Lit(u32, bool),
    And(Vec<u32>),
    Or(Vec<u32>),
    Always(u32),
    Eventually(u32),
}

/// A temporal formula over atoms (hash-consed nodes).
#[derive(Default, Clone)]
pub struct Formula {
    pub atoms: Vec<Atom>,
    nodes: Vec<Node>,
    index: HashMap<Node, u32>,
}

/// One liveness property to check: `root` is fairness /\ ~property (a behaviour satisfying it is
/// a counterexample).
pub struct LiveProp {
    pub name: String,
    root: u32,
}

fn leak<T>(v: T) -> &'static T {
    Box::leak(Box::new(v))
}

impl Formula {
    fn mk(&mut self, n: Node) -> u32 {
        let n = match n {
            Node::And(xs) => {
                let mut v = Vec::new();
                for x in xs {
                    match &self.nodes[x as usize] {
                        Node::True => {}
                        Node::False => return self.mk(Node::False),
                        Node::And(ys) => v.extend(ys.iter().copied()),
                        _ => v.push(x),
                    }
                }
                v.sort();
                v.dedup();
                match v.len() {
                    0 => Node::True,
                    1 => return v[0],
                    _ => Node::And(v),
                }
            }
            Node::Or(xs) => {
                let mut v = Vec::new();
                for x in xs {
                    match &self.nodes[x as usize] {
                        Node::False => {}
                        Node::True => return self.mk(Node::True),
                        Node::Or(ys) => v.extend(ys.iter().copied()),
                        _ => v.push(x),
                    }
                }
                v.sort();
                v.dedup();
                match v.len() {
                    0 => Node::False,
                    1 => return v[0],
                    _ => Node::Or(v),
                }
            }
            Node::Always(x) if matches!(self.nodes[x as usize], Node::True | Node::False | Node::Always(_)) => return x,
            Node::Eventually(x) if matches!(self.nodes[x as usize], Node::True | Node::False | Node::Eventually(_)) => return x,
            n => n,
        };
        if let Some(&i) = self.index.get(&n) {
            return i;
        }
        let i = self.nodes.len() as u32;
        self.nodes.push(n.clone());
        self.index.insert(n, i);
        i
    }

    fn not(&mut self, x: u32) -> u32 {
        match self.nodes[x as usize].clone() {
            Node::True => self.mk(Node::False),
            Node::False => self.mk(Node::True),
            Node::Lit(a, n) => self.mk(Node::Lit(a, !n)),
            Node::And(xs) => {
                let ys = xs.into_iter().map(|x| self.not(x)).collect();
                self.mk(Node::Or(ys))
            }
            Node::Or(xs) => {
                let ys = xs.into_iter().map(|x| self.not(x)).collect();
                self.mk(Node::And(ys))
            }
            Node::Always(y) => {
                let z = self.not(y);
                self.mk(Node::Eventually(z))
            }
            Node::Eventually(y) => {
                let z = self.not(y);
                self.mk(Node::Always(z))
            }
        }
    }

    fn lit(&mut self, ev: &Ev, expr: E, sc: Sc, env: &Env, enabled_of: Option<E>) -> u32 {
        let a = self.atoms.len() as u32;
        let action = crate::model::is_action(ev, expr, sc, 0);
        self.atoms.push(Atom { expr, sc, env: env.clone(), action, enabled_of });
        self.mk(Node::Lit(a, false))
    }
}

/// Translates TLA+ temporal formulas into `Formula` nodes.
pub struct Builder<'a> {
    pub ev: &'a Ev,
    pub f: Formula,
}

fn where_(sc: Sc, e: E) -> String {
    let (l, c) = sc.file.line_col(e.span.start);
    format!("{}:{l}:{c}", sc.file.name)
}

impl<'a> Builder<'a> {
    pub fn new(ev: &'a Ev) -> Self {
        Builder { ev, f: Formula::default() }
    }

    /// The check of the temporal formula `e` (a part of PROPERTY `name`) under `fairness`.
    pub fn property(&mut self, name: &str, fairness: Vec<u32>, e: E, sc: Sc) -> Result<LiveProp, String> {
        let property = self.tr(e, sc, &Env::default(), 0)?;
        let neg = self.f.not(property);
        let mut all = fairness;
        all.push(neg);
        let root = self.f.mk(Node::And(all));
        Ok(LiveProp { name: name.to_string(), root })
    }

    fn all(&mut self, items: impl IntoIterator<Item = u32>, and: bool) -> u32 {
        let v: Vec<u32> = items.into_iter().collect();
        self.f.mk(if and { Node::And(v) } else { Node::Or(v) })
    }

    /// The formula for `e` (evaluated in scope `sc`, environment `env`).
    pub fn tr(&mut self, e: E, sc: Sc, env: &Env, depth: usize) -> Result<u32, String> {
        if depth > 40 {
            return Err(format!("{}: temporal formula nested too deeply", where_(sc, e)));
        }
        if !is_temporal(self.ev, e, sc, 0) {
            return Ok(self.f.lit(self.ev, e, sc, env, None));
        }
        use ExprKind::*;
        match &e.kind {
            Prefix(op, a) if op == "~" || op == "\\lnot" || op == "\\neg" => {
                let x = self.tr(a, sc, env, depth + 1)?;
                Ok(self.f.not(x))
            }
            Prefix(op, a) if op == "[]" => {
                let x = self.tr(a, sc, env, depth + 1)?;
                Ok(self.f.mk(Node::Always(x)))
            }
            Prefix(op, a) if op == "<>" => {
                let x = self.tr(a, sc, env, depth + 1)?;
                Ok(self.f.mk(Node::Eventually(x)))
            }
            Infix(op, a, b) if op == "/\\" || op == "\\land" || op == "\\/" || op == "\\lor" => {
                let x = self.tr(a, sc, env, depth + 1)?;
                let y = self.tr(b, sc, env, depth + 1)?;
                Ok(self.all([x, y], op == "/\\" || op == "\\land"))
            }
            JunctionList(j, items) => {
                let mut v = Vec::new();
                for i in items {
                    v.push(self.tr(i, sc, env, depth + 1)?);
                }
                Ok(self.all(v, *j == Junction::And))
            }
            Infix(op, a, b) if op == "=>" => {
                let x = self.tr(a, sc, env, depth + 1)?;
                let nx = self.f.not(x);
                let y = self.tr(b, sc, env, depth + 1)?;
                Ok(self.all([nx, y], false))
            }
            Infix(op, a, b) if op == "<=>" || op == "\\equiv" => {
                let x = self.tr(a, sc, env, depth + 1)?;
                let y = self.tr(b, sc, env, depth + 1)?;
                let (nx, ny) = (self.f.not(x), self.f.not(y));
                let both = self.all([x, y], true);
                let neither = self.all([nx, ny], true);
                Ok(self.all([both, neither], false))
            }
            Infix(op, a, b) if op == "~>" => {
                // P ~> Q  ==  [](~P \/ <>Q)
                let x = self.tr(a, sc, env, depth + 1)?;
                let nx = self.f.not(x);
                let y = self.tr(b, sc, env, depth + 1)?;
                let ey = self.f.mk(Node::Eventually(y));
                let or = self.all([nx, ey], false);
                Ok(self.f.mk(Node::Always(or)))
            }
            Fairness { strong, vars, action } => {
                let angle: E = leak(Expr::new(AngleAction(action.clone(), vars.clone()), e.span));
                let enabled: E = leak(Expr::new(Prefix("ENABLED".into(), Box::new(angle.clone())), e.span));
                let en = self.f.lit(self.ev, enabled, sc, env, Some(angle));
                let nen = self.f.not(en);
                let ang = self.f.lit(self.ev, angle, sc, env, None);
                if *strong {
                    // <>[]~ENABLED <<A>>_v  \/  []<><<A>>_v
                    let a1 = self.f.mk(Node::Always(nen));
                    let ea = self.f.mk(Node::Eventually(a1));
                    let e2 = self.f.mk(Node::Eventually(ang));
                    let ae = self.f.mk(Node::Always(e2));
                    Ok(self.all([ea, ae], false))
                } else {
                    // []<>(~ENABLED <<A>>_v \/ <<A>>_v)
                    let or = self.all([nen, ang], false);
                    let ev = self.f.mk(Node::Eventually(or));
                    Ok(self.f.mk(Node::Always(ev)))
                }
            }
            Quant(q, bounds, body) => {
                let mut envs = Vec::new();
                self.ev
                    .for_bindings(bounds, sc, env, &St::NONE, e.span, &mut |env2| {
                        envs.push(env2.clone());
                        Ok(true)
                    })
                    .map_err(|er| er.one_line())?;
                let mut v = Vec::new();
                for env2 in envs {
                    v.push(self.tr(body, sc, &env2, depth + 1)?);
                }
                Ok(self.all(v, *q == vf_tla::ast::Quant::All))
            }
            Let(units, body) => {
                let env2 = self.ev.bind_let(units, sc, env).map_err(|er| er.one_line())?;
                self.tr(body, sc, &env2, depth + 1)
            }
            If(c, a, b) => {
                // (c /\ a) \/ (~c /\ b), c a predicate of the state where the formula starts
                if let Ok(cv) = self.ev.eval_bool(c, sc, env, &St::NONE) {
                    return self.tr(if cv { a } else { b }, sc, env, depth + 1);
                }
                let lc = self.f.lit(self.ev, c, sc, env, None);
                let nc = self.f.not(lc);
                let x = self.tr(a, sc, env, depth + 1)?;
                let y = self.tr(b, sc, env, depth + 1)?;
                let l = self.all([lc, x], true);
                let r = self.all([nc, y], true);
                Ok(self.all([l, r], false))
            }
            Name(n) | Apply(n, _) => {
                let args: &'static [Expr] = match &e.kind {
                    Apply(_, a) => a,
                    _ => &[],
                };
                match self.ev.resolve(n, sc, e.span).map_err(|er| er.one_line())? {
                    Some((Def::Op(od, osc), _)) if od.params.len() == args.len() => {
                        let mut env2 = Env::default();
                        for (p, a) in od.params.iter().zip(args.iter()) {
                            let v = if p.arity > 0 {
                                self.ev.eval_op_ref(a, sc, env)
                            } else {
                                self.ev.eval(a, sc, env, &St::NONE)
                            }
                            .map_err(|er| er.one_line())?;
                            env2 = env2.bind(p.name.name.as_str(), v);
                        }
                        self.tr(&od.body, osc, &env2, depth + 1)
                    }
                    _ => Err(format!("{}: the temporal formula {n} is not supported by the liveness checker", where_(sc, e))),
                }
            }
            _ => Err(format!("{}: this temporal formula is not supported by the liveness checker", where_(sc, e))),
        }
    }
}

// ---------------------------------------------------------------- the explored state graph

/// The state graph the breadth-first search explored (recorded when there are liveness properties).
pub struct Graph {
    pub states: Vec<std::sync::Arc<Vec<Value>>>,
    pub succ: Vec<Vec<u32>>,
    pub init: Vec<u32>,
    /// Under SYMMETRY or VIEW a node stands for many states: `actual[s][k]` is the successor
    /// state the search really generated for the edge `s -> succ[s][k]` (the first one with that
    /// fingerprint). Action atoms are evaluated on it, as TLC does (its `LiveCheck.addNextState`);
    /// state atoms on the node's stored state (the first state found with that fingerprint).
    pub actual: Option<Vec<Vec<std::sync::Arc<Vec<Value>>>>>,
}

impl Graph {
    /// The state the search generated for the step `s -> succ[s][k]` (`k == succ[s].len()`: the
    /// stuttering step).
    pub fn next_state(&self, s: u32, k: usize) -> &[Value] {
        match &self.actual {
            Some(a) if k < a[s as usize].len() => &a[s as usize][k],
            _ if k < self.succ[s as usize].len() => &self.states[self.succ[s as usize][k] as usize],
            _ => &self.states[s as usize],
        }
    }
}

// ---------------------------------------------------------------- tableau

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Tab {
    lits: Vec<(u32, bool)>,
    next: Vec<u32>,
    /// eventualities `<>F` asserted here whose F is not asserted here
    unsat: Vec<u32>,
}

struct Tableau<'f> {
    f: &'f Formula,
    nodes: Vec<Tab>,
    index: HashMap<Tab, u32>,
    succ_memo: HashMap<Vec<u32>, Vec<u32>>,
    eventualities: Vec<u32>,
}

impl<'f> Tableau<'f> {
    fn new(f: &'f Formula, root: u32) -> Self {
        let mut ev = BTreeSet::new();
        let mut stack = vec![root];
        let mut seen = BTreeSet::new();
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            match &f.nodes[x as usize] {
                Node::And(xs) | Node::Or(xs) => stack.extend(xs.iter().copied()),
                Node::Always(y) => stack.push(*y),
                Node::Eventually(y) => {
                    ev.insert(x);
                    stack.push(*y)
                }
                _ => {}
            }
        }
        Tableau { f, nodes: Vec::new(), index: HashMap::new(), succ_memo: HashMap::new(), eventualities: ev.into_iter().collect() }
    }

    /// The tableau nodes whose obligations are `todo` (each node: literals for now, obligations next).
    fn expand(&mut self, todo: Vec<u32>) -> Vec<u32> {
        if let Some(v) = self.succ_memo.get(&todo) {
            return v.clone();
        }
        let mut out: Vec<Tab> = Vec::new();
        self.go(todo.clone(), BTreeSet::new(), BTreeSet::new(), &mut out);
        let mut ids = Vec::new();
        for t in out {
            let id = match self.index.get(&t) {
                Some(&i) => i,
                None => {
                    let i = self.nodes.len() as u32;
                    self.nodes.push(t.clone());
                    self.index.insert(t, i);
                    i
                }
            };
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        self.succ_memo.insert(todo, ids.clone());
        ids
    }

    fn go(&self, mut todo: Vec<u32>, mut old: BTreeSet<u32>, mut next: BTreeSet<u32>, out: &mut Vec<Tab>) {
        while let Some(x) = todo.pop() {
            if old.contains(&x) {
                continue;
            }
            match &self.f.nodes[x as usize] {
                Node::True => {
                    old.insert(x);
                }
                Node::False => return,
                Node::Lit(..) => {
                    old.insert(x);
                }
                Node::And(xs) => {
                    old.insert(x);
                    todo.extend(xs.iter().copied());
                }
                Node::Or(xs) => {
                    old.insert(x);
                    for &y in xs {
                        let mut t2 = todo.clone();
                        t2.push(y);
                        self.go(t2, old.clone(), next.clone(), out);
                    }
                    return;
                }
                Node::Always(y) => {
                    old.insert(x);
                    next.insert(x);
                    todo.push(*y);
                }
                Node::Eventually(y) => {
                    old.insert(x);
                    // either F now, or <>F again at the next position
                    let mut t2 = todo.clone();
                    t2.push(*y);
                    self.go(t2, old.clone(), next.clone(), out);
                    next.insert(x);
                    self.go(todo, old, next, out);
                    return;
                }
            }
        }
        let mut lits = Vec::new();
        for &x in &old {
            if let Node::Lit(a, n) = self.f.nodes[x as usize] {
                lits.push((a, n));
            }
        }
        lits.sort();
        if lits.windows(2).any(|w| w[0].0 == w[1].0) {
            return; // A /\ ~A
        }
        let unsat = old
            .iter()
            .copied()
            .filter(|&x| match self.f.nodes[x as usize] {
                Node::Eventually(y) => !old.contains(&y),
                _ => false,
            })
            .collect();
        let t = Tab { lits, next: next.into_iter().collect(), unsat };
        if !out.contains(&t) {
            out.push(t);
        }
    }
}

// ---------------------------------------------------------------- DNF and conditions

/// Disjunctive normal form of the top level of `x` (conjunction lists); None if too large.
fn dnf(f: &Formula, x: u32) -> Option<Vec<Vec<u32>>> {
    match &f.nodes[x as usize] {
        Node::True => Some(vec![vec![]]),
        Node::False => Some(vec![]),
        Node::Or(_) if streett(f, x).is_some() => Some(vec![vec![x]]),
        Node::Or(xs) => {
            let mut out = Vec::new();
            for &y in xs {
                out.extend(dnf(f, y)?);
                if out.len() > 4096 {
                    return None;
                }
            }
            Some(out)
        }
        Node::And(xs) => {
            let mut acc: Vec<Vec<u32>> = vec![vec![]];
            for &y in xs {
                let d = dnf(f, y)?;
                let mut n = Vec::new();
                for a in &acc {
                    for b in &d {
                        let mut c = a.clone();
                        c.extend(b.iter().copied());
                        n.push(c);
                    }
                }
                if n.len() > 4096 {
                    return None;
                }
                acc = n;
            }
            Some(acc)
        }
        _ => Some(vec![vec![x]]),
    }
}

/// A disjunction of literals (atom, negated).
type Clause = Vec<(u32, bool)>;

/// `<>[]c1 \/ []<>c2` (strong fairness): (c1 on every edge of the cycle) or (c2 on some edge).
fn streett(f: &Formula, x: u32) -> Option<(Clause, Clause)> {
    let Node::Or(xs) = &f.nodes[x as usize] else { return None };
    if xs.len() != 2 {
        return None;
    }
    let ea = |y: u32| match f.nodes[y as usize] {
        Node::Eventually(z) => match f.nodes[z as usize] {
            Node::Always(w) => clause(f, w),
            _ => None,
        },
        _ => None,
    };
    let ae = |y: u32| match f.nodes[y as usize] {
        Node::Always(z) => match f.nodes[z as usize] {
            Node::Eventually(w) => clause(f, w),
            _ => None,
        },
        _ => None,
    };
    match (ea(xs[0]), ae(xs[1]), ea(xs[1]), ae(xs[0])) {
        (Some(c1), Some(c2), _, _) => Some((c1, c2)),
        (_, _, Some(c1), Some(c2)) => Some((c1, c2)),
        _ => None,
    }
}

struct Branch {
    /// strong-fairness pairs (see `streett`)
    sf: Vec<(Clause, Clause)>,
    tableau: u32,
    /// []<> conditions
    ae: Vec<Clause>,
    /// <>[] conditions
    ea: Vec<Clause>,
}

fn clause(f: &Formula, x: u32) -> Option<Clause> {
    match &f.nodes[x as usize] {
        Node::Lit(a, n) => Some(vec![(*a, *n)]),
        Node::Or(xs) => {
            let mut v = Vec::new();
            for &y in xs {
                v.extend(clause(f, y)?);
            }
            Some(v)
        }
        _ => None,
    }
}

fn classify(f: &mut Formula, conj: &[u32]) -> Branch {
    let mut ae = Vec::new();
    let mut ea = Vec::new();
    let mut rest = Vec::new();
    let mut sf = Vec::new();
    for &c in conj {
        if let Some(p) = streett(f, c) {
            sf.push(p);
            continue;
        }
        match f.nodes[c as usize].clone() {
            Node::Always(y) => match f.nodes[y as usize] {
                Node::Eventually(z) => match clause(f, z) {
                    Some(cl) => ae.push(cl),
                    None => rest.push(c),
                },
                _ => rest.push(c),
            },
            Node::Eventually(y) => match f.nodes[y as usize] {
                Node::Always(z) => match clause(f, z) {
                    Some(cl) => ea.push(cl),
                    None => rest.push(c),
                },
                _ => rest.push(c),
            },
            _ => rest.push(c),
        }
    }
    let tableau = f.mk(Node::And(rest));
    Branch { sf, tableau, ae, ea }
}

// ---------------------------------------------------------------- the search

/// A counterexample: the states of the lasso's prefix and cycle (`loop_start` = index of the
/// state the cycle returns to; None = the behaviour stutters forever in the last state).
pub struct Lasso {
    pub states: Vec<u32>,
    pub loop_start: Option<usize>,
}

/// Values of atoms: per atom, one byte per state (state predicates) or per edge of the graph,
/// stuttering edges included (actions); 0 = not computed, 1 = false, 2 = true.
pub struct AtomCache<'m> {
    model: &'m Model,
    graph: &'m Graph,
    memo: Vec<Vec<u8>>,
    /// first edge index of each state (its successors, then its stuttering edge)
    offsets: Vec<u32>,
}

impl<'m> AtomCache<'m> {
    pub fn new(model: &'m Model, graph: &'m Graph) -> Self {
        let mut offsets = Vec::with_capacity(graph.succ.len() + 1);
        let mut o = 0u32;
        for ss in &graph.succ {
            offsets.push(o);
            o += ss.len() as u32 + 1;
        }
        offsets.push(o);
        AtomCache { model, graph, memo: Vec::new(), offsets }
    }

    fn holds(&mut self, f: &Formula, (a, neg): (u32, bool), s: u32, t: u32) -> Result<bool, EvalError> {
        let at = &f.atoms[a as usize];
        if s == t && self.graph.actual.is_none() && matches!(at.expr.kind, ExprKind::AngleAction(..)) {
            return Ok(neg); // <<A>>_v is never a stuttering step
        }
        let k = if at.action {
            let ss = &self.graph.succ[s as usize];
            // a generated edge back to s comes first (as in TLC, where the stuttering step is
            // added after the successors and a second transition to the same node is dropped)
            ss.binary_search(&t).unwrap_or(ss.len())
        } else {
            0
        };
        let slot = if at.action { (self.offsets[s as usize] + k as u32) as usize } else { s as usize };
        if self.memo.len() <= a as usize {
            self.memo.resize(a as usize + 1, Vec::new());
        }
        if self.memo[a as usize].is_empty() {
            let n = if at.action { *self.offsets.last().unwrap() as usize } else { self.graph.states.len() };
            self.memo[a as usize] = vec![0u8; n];
        }
        match self.memo[a as usize][slot] {
            1 => return Ok(neg),
            2 => return Ok(!neg),
            _ => {}
        }
        let b = match self.eval(at, s, k) {
            Ok(b) => b,
            Err(e) if !e.msg.contains("before it is assigned") => return Err(e),
            Err(e) => match at.enabled_of {
                // ENABLED <<A>>_v from the explored successors (see `Atom::enabled_of`)
                Some(angle) => {
                    let mut en = false;
                    for k2 in 0..self.graph.succ[s as usize].len() {
                        let x = Atom { expr: angle, sc: at.sc, env: at.env.clone(), action: true, enabled_of: None };
                        if self.eval(&x, s, k2)? {
                            en = true;
                            break;
                        }
                    }
                    let _ = e;
                    en
                }
                None => return Err(e),
            },
        };
        self.memo[a as usize][slot] = if b { 2 } else { 1 };
        Ok(b != neg)
    }

    /// `k`: the edge's index among `s`'s successors (`succ[s].len()`: stuttering); unused for
    /// state atoms.
    fn eval(&self, at: &Atom, s: u32, k: usize) -> Result<bool, EvalError> {
        let cur = &self.graph.states[s as usize];
        if !at.action {
            return self.model.ev.eval_bool(at.expr, at.sc, &at.env, &St { cur: Some(cur), nxt: None, primed: false });
        }
        let nxt: Vec<Option<Value>> = self.graph.next_state(s, k).iter().cloned().map(Some).collect();
        self.model.ev.eval_bool(at.expr, at.sc, &at.env, &St { cur: Some(cur), nxt: Some(&nxt), primed: false })
    }

    fn clause(&mut self, f: &Formula, c: &Clause, s: u32, t: u32) -> Result<bool, EvalError> {
        for &l in c {
            if self.holds(f, l, s, t)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Searches for a behaviour of the graph satisfying `p.root` (fairness /\ ~property).
pub fn find_counterexample(model: &Model, graph: &Graph, p: &LiveProp, cache: &mut AtomCache) -> Result<Option<Lasso>, EvalError> {
    let mut f = model.live_formula.clone();
    let Some(disjuncts) = dnf(&f, p.root) else {
        return Err(EvalError::new(None, format!("the property {} has too many cases (over 4096 in disjunctive normal form)", p.name)));
    };
    let branches: Vec<Branch> = disjuncts.iter().map(|c| classify(&mut f, c)).collect();
    for br in &branches {
        if let Some(l) = search_branch(&f, br, graph, cache)? {
            return Ok(Some(l));
        }
    }
    Ok(None)
}

/// An edge of the product graph: its target and its label (an index into the branch's table of
/// distinct labels: few distinct ones, many edges, so an edge is 8 bytes).
#[derive(Clone, Copy)]
struct Edge {
    to: u32,
    lab: u32,
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Label {
    ea_ok: bool,
    /// bit set of the AE conditions this edge satisfies
    ae: Vec<u64>,
    /// strong-fairness pairs: bit i = c1 of pair i holds on this edge / c2 holds
    sf1: Vec<u64>,
    sf2: Vec<u64>,
}

fn bit(v: &[u64], i: usize) -> bool {
    v[i / 64] >> (i % 64) & 1 == 1
}

fn search_branch(f: &Formula, br: &Branch, graph: &Graph, cache: &mut AtomCache) -> Result<Option<Lasso>, EvalError> {
    let mut tab = Tableau::new(f, br.tableau);
    let init_tabs = tab.expand(vec![br.tableau]);
    let words = br.ae.len().div_ceil(64).max(1);
    let sfw = br.sf.len().div_ceil(64).max(1);
    // product nodes (state, tableau node), keyed by `state << 32 | tableau node`
    let mut ids: HashMap<u64, u32, FastHash> = HashMap::default();
    let mut nodes: Vec<(u32, u32)> = Vec::new();
    let mut edges: Vec<Vec<Edge>> = Vec::new();
    let mut labels: Vec<Label> = Vec::new();
    let mut label_ids: HashMap<Label, u32, FastHash> = HashMap::default();
    // the label of a graph edge depends on the edge only (not on the tableau node): computed
    // once per edge (slot = AtomCache::offsets[s] + k, k = succ[s].len() for stuttering)
    let mut edge_lab: Vec<u32> = vec![u32::MAX; *cache.offsets.last().unwrap() as usize];
    // per tableau node: its literals and its successor nodes (the expansion of its obligations)
    let mut tab_info: Vec<Option<(std::rc::Rc<[(u32, bool)]>, std::rc::Rc<[u32]>)>> = Vec::new();
    let mut pred: Vec<u32> = Vec::new(); // BFS parent (for the prefix)
    let mut queue = VecDeque::new();
    let mut initial = Vec::new();
    for &s in &graph.init {
        for &t in &init_tabs {
            if let std::collections::hash_map::Entry::Vacant(v) = ids.entry((s as u64) << 32 | t as u64) {
                let id = nodes.len() as u32;
                v.insert(id);
                nodes.push((s, t));
                edges.push(Vec::new());
                pred.push(u32::MAX);
                queue.push_back(id);
                initial.push(id);
            }
        }
    }
    while let Some(id) = queue.pop_front() {
        let (s, t) = nodes[id as usize];
        if tab_info.len() <= t as usize {
            tab_info.resize(t as usize + 1, None);
        }
        if tab_info[t as usize].is_none() {
            let next = tab.nodes[t as usize].next.clone();
            let succ = tab.expand(next);
            tab_info[t as usize] = Some((tab.nodes[t as usize].lits.clone().into(), succ.into()));
        }
        let (lits, tsucc) = tab_info[t as usize].clone().unwrap();
        let ss = &graph.succ[s as usize];
        let stutter_listed = ss.contains(&s);
        let nsucc = ss.len();
        for k in 0..=nsucc {
            let s2 = if k < nsucc {
                ss[k]
            } else if stutter_listed {
                break;
            } else {
                s // stuttering
            };
            let mut ok = true;
            for &l in lits.iter() {
                if !cache.holds(f, l, s, s2)? {
                    ok = false;
                    break;
                }
            }
            if !ok {
                continue;
            }
            let slot = (cache.offsets[s as usize] + k as u32) as usize;
            let lab = if edge_lab[slot] != u32::MAX {
                edge_lab[slot]
            } else {
                let mut ea_ok = true;
                for c in &br.ea {
                    if !cache.clause(f, c, s, s2)? {
                        ea_ok = false;
                        break;
                    }
                }
                let mut ae = vec![0u64; words];
                for (i, c) in br.ae.iter().enumerate() {
                    if cache.clause(f, c, s, s2)? {
                        ae[i / 64] |= 1 << (i % 64);
                    }
                }
                let (mut sf1, mut sf2) = (vec![0u64; sfw], vec![0u64; sfw]);
                for (i, (c1, c2)) in br.sf.iter().enumerate() {
                    if cache.clause(f, c1, s, s2)? {
                        sf1[i / 64] |= 1 << (i % 64);
                    }
                    if cache.clause(f, c2, s, s2)? {
                        sf2[i / 64] |= 1 << (i % 64);
                    }
                }
                let label = Label { ea_ok, ae, sf1, sf2 };
                let l = match label_ids.get(&label) {
                    Some(&l) => l,
                    None => {
                        labels.push(label.clone());
                        label_ids.insert(label, labels.len() as u32 - 1);
                        labels.len() as u32 - 1
                    }
                };
                edge_lab[slot] = l;
                l
            };
            for &t2 in tsucc.iter() {
                let key = (s2 as u64) << 32 | t2 as u64;
                let to = match ids.get(&key) {
                    Some(&x) => x,
                    None => {
                        let x = nodes.len() as u32;
                        ids.insert(key, x);
                        nodes.push((s2, t2));
                        edges.push(Vec::new());
                        pred.push(id);
                        queue.push_back(x);
                        x
                    }
                };
                edges[id as usize].push(Edge { to, lab });
            }
        }
    }
    drop(ids);
    drop(edge_lab);
    let evs = tab.eventualities.clone();
    let n = nodes.len();
    // Streett refinement (strong fairness): in a component where pair i has no c2 edge, every
    // edge must satisfy c1; remove the edges that do not and split the component again
    let lab = |e: &Edge| &labels[e.lab as usize];
    let allowed = |e: &Edge, enforced: &[u64]| lab(e).ea_ok && (0..br.sf.len()).all(|i| !bit(enforced, i) || bit(&lab(e).sf1, i));
    let mut work: Vec<(Vec<u32>, Vec<u64>)> = vec![((0..n as u32).collect(), vec![0u64; sfw])];
    let mut in_set = vec![false; n];
    let mut found: Option<(Vec<u32>, Vec<u64>)> = None;
    'outer: while let Some((members, enforced)) = work.pop() {
        for &v in &members {
            in_set[v as usize] = true;
        }
        let comps = tarjan(n, &members, &|v: u32| {
            edges[v as usize].iter().filter(|e| in_set[e.to as usize] && allowed(e, &enforced)).map(|e| e.to).collect()
        });
        for &v in &members {
            in_set[v as usize] = false;
        }
        for comp in comps {
            for &v in &comp {
                in_set[v as usize] = true;
            }
            let mut has_edge = false;
            let mut ae = vec![0u64; words];
            let mut c2 = vec![0u64; sfw];
            let mut c1_all = vec![u64::MAX; sfw];
            for &v in &comp {
                for e in edges[v as usize].iter().filter(|e| in_set[e.to as usize] && allowed(e, &enforced)) {
                    has_edge = true;
                    let l = lab(e);
                    for (a, b) in ae.iter_mut().zip(l.ae.iter()) {
                        *a |= b;
                    }
                    for (a, b) in c2.iter_mut().zip(l.sf2.iter()) {
                        *a |= b;
                    }
                    for (a, b) in c1_all.iter_mut().zip(l.sf1.iter()) {
                        *a &= b;
                    }
                }
            }
            let mut verdict = None;
            if has_edge && (0..br.ae.len()).all(|i| bit(&ae, i)) {
                let fulfils = |ev: u32| comp.iter().any(|&v| !tab.nodes[nodes[v as usize].1 as usize].unsat.contains(&ev));
                if evs.iter().all(|&e| fulfils(e)) {
                    let mut enf = enforced.clone();
                    for i in 0..br.sf.len() {
                        if !bit(&c2, i) && !bit(&c1_all, i) {
                            enf[i / 64] |= 1 << (i % 64);
                        }
                    }
                    verdict = Some(enf);
                }
            }
            for &v in &comp {
                in_set[v as usize] = false;
            }
            if let Some(enf) = verdict {
                if enf == enforced {
                    found = Some((comp, enforced));
                    break 'outer;
                }
                work.push((comp, enf));
            }
        }
    }
    if let Some((members, enforced)) = found {
        let mut in_comp = vec![false; n];
        for &v in &members {
            in_comp[v as usize] = true;
        }
        let inside = |e: &Edge| in_comp[e.to as usize] && allowed(e, &enforced);
        // found: build the lasso
        let start = members[0];
        let mut prefix = vec![start];
        let mut cur = start;
        while pred[cur as usize] != u32::MAX {
            cur = pred[cur as usize];
            prefix.push(cur);
        }
        prefix.reverse();
        // the cycle: from start, visit a witness of every AE condition and eventuality, back to start
        let mut cycle: Vec<u32> = vec![start];
        let mut at = start;
        for i in 0..br.ae.len() {
            // reach an edge satisfying condition i, then take it
            let target = |v: u32| edges[v as usize].iter().any(|e| inside(e) && bit(&lab(e).ae, i));
            let path = bfs(at, &target, &edges, &inside, false);
            cycle.extend(path.iter().skip(1));
            at = *cycle.last().unwrap();
            let e = edges[at as usize].iter().find(|e| inside(e) && bit(&lab(e).ae, i)).unwrap();
            cycle.push(e.to);
            at = e.to;
        }
        for &ev in &evs {
            let target = |v: u32| !tab.nodes[nodes[v as usize].1 as usize].unsat.contains(&ev);
            let path = bfs(at, &target, &edges, &inside, false);
            cycle.extend(path.iter().skip(1));
            at = *cycle.last().unwrap();
        }
        let back = bfs(at, &|v: u32| v == start, &edges, &inside, true);
        cycle.extend(back.iter().skip(1));
        // project onto states, dropping stuttering steps
        let mut states: Vec<u32> = Vec::new();
        for &v in &prefix {
            let s = nodes[v as usize].0;
            if states.last() != Some(&s) {
                states.push(s);
            }
        }
        let loop_state = nodes[start as usize].0;
        let loop_idx = states.len() - 1;
        let mut cyc_states = Vec::new();
        for &v in cycle.iter().skip(1) {
            let s = nodes[v as usize].0;
            if cyc_states.last().copied().unwrap_or(loop_state) != s {
                cyc_states.push(s);
            }
        }
        if cyc_states.last() == Some(&loop_state) {
            cyc_states.pop();
        }
        // (prefix, c^k)^omega is the behaviour (prefix, c)^omega: keep one period
        let full: Vec<u32> = std::iter::once(loop_state).chain(cyc_states.iter().copied()).collect();
        if let Some(per) = (1..full.len()).find(|&p| full.len().is_multiple_of(p) && (p..full.len()).all(|i| full[i] == full[i - p])) {
            cyc_states.truncate(per - 1);
        }
        let loop_start = if cyc_states.is_empty() { None } else { Some(loop_idx) };
        states.extend(cyc_states);
        return Ok(Some(Lasso { states, loop_start }));
    }
    Ok(None)
}

/// Shortest path (node list, starting with `from`) inside the component to a node satisfying
/// `target`; with `nonempty`, at least one edge is taken.
fn bfs(from: u32, target: &dyn Fn(u32) -> bool, edges: &[Vec<Edge>], inside: &dyn Fn(&Edge) -> bool, nonempty: bool) -> Vec<u32> {
    if !nonempty && target(from) {
        return vec![from];
    }
    let mut prev: HashMap<u32, u32> = HashMap::new();
    let mut q = VecDeque::new();
    q.push_back(from);
    let mut seen = std::collections::HashSet::new();
    seen.insert(from);
    while let Some(v) = q.pop_front() {
        for e in edges[v as usize].iter().filter(|e| inside(e)) {
            if target(e.to) {
                let mut path = vec![e.to];
                let mut cur = v;
                path.push(cur);
                while cur != from {
                    cur = prev[&cur];
                    path.push(cur);
                }
                path.reverse();
                return path;
            }
            if seen.insert(e.to) {
                prev.insert(e.to, v);
                q.push_back(e.to);
            }
        }
    }
    vec![from]
}

/// Strongly connected components (iterative Tarjan) of the nodes `roots` (of `n`) with
/// successors `succ` (which stay within `roots`); components with at least one node each.
fn tarjan(n: usize, roots: &[u32], succ: &dyn Fn(u32) -> Vec<u32>) -> Vec<Vec<u32>> {
    // dense per-node tables when the roots are a large part of the graph, else hash maps
    // (the Streett refinement calls this again on small components)
    if roots.len() >= n / 16 {
        let mut index = vec![u32::MAX; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        tarjan_with(roots, succ, &mut DenseTables { index: &mut index, low: &mut low, on_stack: &mut on_stack })
    } else {
        tarjan_with(roots, succ, &mut HashTables::default())
    }
}

trait TarjanTables {
    fn index(&self, v: u32) -> Option<u32>;
    fn set_index(&mut self, v: u32, i: u32);
    fn low(&self, v: u32) -> u32;
    fn set_low(&mut self, v: u32, l: u32);
    fn on_stack(&self, v: u32) -> bool;
    fn set_on_stack(&mut self, v: u32, b: bool);
}

struct DenseTables<'a> {
    index: &'a mut [u32],
    low: &'a mut [u32],
    on_stack: &'a mut [bool],
}

impl TarjanTables for DenseTables<'_> {
    fn index(&self, v: u32) -> Option<u32> {
        let i = self.index[v as usize];
        (i != u32::MAX).then_some(i)
    }
    fn set_index(&mut self, v: u32, i: u32) {
        self.index[v as usize] = i;
    }
    fn low(&self, v: u32) -> u32 {
        self.low[v as usize]
    }
    fn set_low(&mut self, v: u32, l: u32) {
        self.low[v as usize] = l;
    }
    fn on_stack(&self, v: u32) -> bool {
        self.on_stack[v as usize]
    }
    fn set_on_stack(&mut self, v: u32, b: bool) {
        self.on_stack[v as usize] = b;
    }
}

#[derive(Default)]
struct HashTables {
    index: HashMap<u32, u32, FastHash>,
    low: HashMap<u32, u32, FastHash>,
    on_stack: std::collections::HashSet<u32, FastHash>,
}

impl TarjanTables for HashTables {
    fn index(&self, v: u32) -> Option<u32> {
        self.index.get(&v).copied()
    }
    fn set_index(&mut self, v: u32, i: u32) {
        self.index.insert(v, i);
    }
    fn low(&self, v: u32) -> u32 {
        self.low[&v]
    }
    fn set_low(&mut self, v: u32, l: u32) {
        self.low.insert(v, l);
    }
    fn on_stack(&self, v: u32) -> bool {
        self.on_stack.contains(&v)
    }
    fn set_on_stack(&mut self, v: u32, b: bool) {
        if b {
            self.on_stack.insert(v);
        } else {
            self.on_stack.remove(&v);
        }
    }
}

/// Tarjan's strongly connected components (iterative), components in the order they complete.
fn tarjan_with(roots: &[u32], succ: &dyn Fn(u32) -> Vec<u32>, tb: &mut impl TarjanTables) -> Vec<Vec<u32>> {
    let mut stack = Vec::new();
    let mut next_index = 0u32;
    let mut out = Vec::new();
    for &root in roots {
        if tb.index(root).is_some() {
            continue;
        }
        let mut call: Vec<(u32, Vec<u32>, usize)> = vec![(root, succ(root), 0)];
        tb.set_index(root, next_index);
        tb.set_low(root, next_index);
        next_index += 1;
        stack.push(root);
        tb.set_on_stack(root, true);
        while let Some((v, ss, i)) = call.last_mut() {
            if *i < ss.len() {
                let w = ss[*i];
                *i += 1;
                match tb.index(w) {
                    None => {
                        tb.set_index(w, next_index);
                        tb.set_low(w, next_index);
                        next_index += 1;
                        stack.push(w);
                        tb.set_on_stack(w, true);
                        let sw = succ(w);
                        call.push((w, sw, 0));
                    }
                    Some(iw) if tb.on_stack(w) => {
                        let v = *v;
                        let m = tb.low(v).min(iw);
                        tb.set_low(v, m);
                    }
                    Some(_) => {}
                }
            } else {
                let v = *v;
                call.pop();
                if let Some((u, _, _)) = call.last() {
                    let m = tb.low(*u).min(tb.low(v));
                    tb.set_low(*u, m);
                }
                if Some(tb.low(v)) == tb.index(v) {
                    let mut comp = Vec::new();
                    loop {
                        let w = stack.pop().unwrap();
                        tb.set_on_stack(w, false);
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    comp.sort_unstable();
                    out.push(comp);
                }
            }
        }
    }
    out
}

/// The lasso as TLC prints it: states with the action that led to each.
pub fn lasso_trace(model: &Model, graph: &Graph, l: &Lasso) -> (Vec<TraceStep>, Option<(usize, String)>) {
    // Replays the lasso from its initial state: each step is the first generated successor of
    // the *current* state whose fingerprint is the next node's. Without SYMMETRY/VIEW that is the
    // node's own state; with them the printed states are a real behaviour (as TLC prints it),
    // each a member of the node's class.
    let step_to = |cur: &[Value], t: u32| -> Option<(Vec<Value>, String)> {
        let target = model.fp(&graph.states[t as usize]).unwrap_or(1);
        let mut found = None;
        let _ = model.successors_labelled(cur, &mut |st, label| {
            if model.fp(&st).unwrap_or(0) == target {
                found = Some((st, action_label(label)));
                return Ok(false);
            }
            Ok(true)
        });
        found
    };
    let mut out = Vec::new();
    let mut cur: Vec<Value> = graph.states[l.states[0] as usize].to_vec();
    out.push(model.step("<Initial predicate>".to_string(), &cur));
    for &s in &l.states[1..] {
        let (next, label) = step_to(&cur, s).unwrap_or_else(|| (graph.states[s as usize].to_vec(), "<Action>".into()));
        out.push(model.step(label, &next));
        cur = next;
    }
    let back = l.loop_start.map(|k| {
        let label = step_to(&cur, l.states[k]).map(|(_, lb)| lb).unwrap_or_else(|| "<Action>".into());
        (k + 1, label)
    });
    (out, back)
}
