//! `mpcal validate`: checks that a run recorded by go/distsys's trace recorder (one JSONL file per
//! archetype instance, see go/distsys/trace.go) is a behaviour of the MPCal spec's TLA+
//! translation (PGo's TraceLink idea, built on vf-check's `behaviour::explain`).
//!
//! Each logged step (archetype, self, label, next label, resource reads and writes in program
//! order, vector clock) is matched against a transition `s -> t` of the translation's Next:
//! - `pc[self]` is the label in `s` and the next label in `t`;
//! - every model variable the instance's `ref` arguments name is recomputed from `s` by replaying
//!   the step's accesses through the instance's mapping macros (a read runs the macro's read body
//!   with `$variable` = the variable (or its element, for `x[_]`) and must be able to yield the
//!   logged value; a write runs the write body with `$value` = the logged value; an unmapped
//!   `ref` reads and writes the variable directly), and must equal its value in `t` (a variable
//!   the step did not touch must be unchanged);
//! - archetype locals are not logged: they are free (the spec computes them).
//!
//! The per-process logs are merged in every order consistent with the vector clocks (the
//! search explores the interleavings, deduplicating equal states).

use crate::ast::{Arg, Block, MappingMacro, Stmt, StmtKind, VarInit};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use vf_check::behaviour::{explain, Limits, Observed, StepMatcher, Verdict};
use vf_check::model::{Model, Options};
use vf_tla::tlc::eval::{intern, update_fn, Ev, St};
use vf_tla::tlc::scope::Sc;
use vf_tla::tlc::value::{eq, model_value, Value};
use vf_tla::tlc::Env;
use vf_tla::Expr;

/// Bad input (spec, config, trace file): one line `file:line:col: problem`.
#[derive(Debug)]
pub struct InputError(pub String);

/// A resource access of a step.
#[derive(Clone, Debug)]
pub struct Access {
    pub write: bool,
    pub res: String,
    pub idx: Vec<Value>,
    pub val: Value,
}

/// One logged step.
#[derive(Clone, Debug)]
pub struct Step {
    pub archetype: String,
    pub id: String,
    pub self_: Value,
    pub label: String,
    pub next: String,
    pub ops: Vec<Access>,
    /// the instance's archetype locals after the step
    pub locals: Vec<(String, Value)>,
    pub clock: BTreeMap<String, u64>,
    /// commit window (Unix ns: before pre-commit, after commit), when recorded
    pub commit: Option<(i64, i64)>,
    pub file: PathBuf,
    pub line: usize,
}

impl Step {
    pub fn describe(&self) -> String {
        let ops: Vec<String> = self
            .ops
            .iter()
            .map(|a| {
                let ix: String = a.idx.iter().map(|i| format!("[{i}]")).collect();
                if a.write {
                    format!("{}{ix} := {}", a.res, a.val)
                } else {
                    format!("{}{ix} -> {}", a.res, a.val)
                }
            })
            .collect();
        format!(
            "{} (self = {}) label {} -> {}{}{} ({}:{})",
            self.archetype,
            self.self_,
            self.label,
            self.next,
            if ops.is_empty() { "" } else { ": " },
            ops.join(", "),
            self.file.display(),
            self.line
        )
    }
}

/// The recorded run: one sequence of steps per archetype instance.
pub struct Run {
    pub procs: Vec<Vec<Step>>,
}

fn json_value(j: &serde_json::Value) -> Result<Value, String> {
    use serde_json::Value as J;
    Ok(match j {
        J::Bool(b) => Value::Bool(*b),
        J::Number(n) => Value::Int(n.as_i64().ok_or_else(|| format!("number {n} is not a 64-bit integer"))?),
        J::String(s) => Value::str(s),
        J::Object(o) if o.len() == 1 => {
            let (k, v) = o.iter().next().unwrap();
            match (k.as_str(), v) {
                ("model", J::String(s)) => model_value(s),
                ("set", J::Array(a)) => Value::set(a.iter().map(json_value).collect::<Result<_, _>>()?),
                ("fn", J::Array(a)) => {
                    let mut dom = Vec::new();
                    let mut rng = Vec::new();
                    for p in a {
                        match p {
                            J::Array(kv) if kv.len() == 2 => {
                                dom.push(json_value(&kv[0])?);
                                rng.push(json_value(&kv[1])?);
                            }
                            _ => return Err("a function pair must be [key, value]".into()),
                        }
                    }
                    Value::func(dom, rng)
                }
                _ => return Err(format!("unknown value form {{\"{k}\": ...}}")),
            }
        }
        _ => return Err(format!("not a TLA+ value in the trace's JSON form: {j}")),
    })
}

fn parse_step(line: &str, file: &Path, lno: usize) -> Result<Step, InputError> {
    let bad = |col: usize, m: String| InputError(format!("{}:{lno}:{col}: {m}", file.display()));
    let j: serde_json::Value = serde_json::from_str(line).map_err(|e| bad(e.column().max(1), format!("bad JSON: {e}")))?;
    let field = |name: &str| j.get(name).ok_or_else(|| bad(1, format!("missing field `{name}`")));
    let string = |name: &str| -> Result<String, InputError> {
        field(name)?.as_str().map(str::to_string).ok_or_else(|| bad(1, format!("field `{name}` must be a string")))
    };
    let value = |v: &serde_json::Value, what: &str| json_value(v).map_err(|m| bad(1, format!("{what}: {m}")));
    let mut ops = Vec::new();
    for (k, o) in field("ops")?.as_array().ok_or_else(|| bad(1, "field `ops` must be an array".into()))?.iter().enumerate() {
        let what = format!("ops[{k}]");
        let op = o.get("op").and_then(|v| v.as_str()).ok_or_else(|| bad(1, format!("{what}: missing `op`")))?;
        let write = match op {
            "read" => false,
            "write" => true,
            _ => return Err(bad(1, format!("{what}: `op` must be read or write, not {op:?}"))),
        };
        let res = o.get("res").and_then(|v| v.as_str()).ok_or_else(|| bad(1, format!("{what}: missing `res`")))?.to_string();
        let idx = match o.get("idx") {
            None | Some(serde_json::Value::Null) => Vec::new(),
            Some(serde_json::Value::Array(a)) => a.iter().map(|v| value(v, &what)).collect::<Result<_, _>>()?,
            Some(_) => return Err(bad(1, format!("{what}: `idx` must be an array"))),
        };
        let val = value(o.get("val").ok_or_else(|| bad(1, format!("{what}: missing `val`")))?, &what)?;
        ops.push(Access { write, res, idx, val });
    }
    let mut locals = Vec::new();
    if let Some(l) = j.get("locals") {
        for (k, v) in l.as_object().ok_or_else(|| bad(1, "field `locals` must be an object".into()))? {
            locals.push((k.clone(), value(v, &format!("local {k}"))?));
        }
    }
    let commit = match j.get("commit") {
        None => None,
        Some(serde_json::Value::Array(a)) if a.len() == 2 && a.iter().all(|x| x.as_i64().is_some()) => {
            let (s, e) = (a[0].as_i64().unwrap(), a[1].as_i64().unwrap());
            if s > e {
                return Err(bad(1, "field `commit` must be [start, end] with start <= end".into()));
            }
            Some((s, e))
        }
        Some(_) => return Err(bad(1, "field `commit` must be [start, end] (integers)".into())),
    };
    let mut clock = BTreeMap::new();
    for (k, v) in field("clock")?.as_object().ok_or_else(|| bad(1, "field `clock` must be an object".into()))? {
        clock.insert(k.clone(), v.as_u64().ok_or_else(|| bad(1, format!("clock entry {k:?} must be a count")))?);
    }
    Ok(Step {
        archetype: string("archetype")?,
        id: string("id")?,
        self_: value(field("self")?, "self")?,
        label: string("label")?,
        next: string("next")?,
        ops,
        locals,
        clock,
        commit,
        file: file.to_path_buf(),
        line: lno,
    })
}

/// Reads every `*.jsonl` file of `dir` (one archetype instance each) and checks that each
/// instance's own clock entry counts its steps.
pub fn load_run(dir: &Path) -> Result<Run, InputError> {
    let rd = std::fs::read_dir(dir).map_err(|e| InputError(format!("{}:1:1: cannot read the trace directory: {e}", dir.display())))?;
    let mut files: Vec<PathBuf> = rd.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "jsonl")).collect();
    files.sort();
    if files.is_empty() {
        return Err(InputError(format!("{}:1:1: no *.jsonl trace files", dir.display())));
    }
    let mut procs = Vec::new();
    let mut ids: HashMap<String, PathBuf> = HashMap::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| InputError(format!("{}:1:1: cannot read: {e}", f.display())))?;
        let mut steps = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let s = parse_step(line, &f, i + 1)?;
            if let Some(first) = steps.first() {
                let first: &Step = first;
                if first.id != s.id {
                    return Err(InputError(format!("{}:{}:1: instance {} in the file of instance {}", f.display(), i + 1, s.id, first.id)));
                }
            }
            let own = s.clock.get(&s.id).copied().unwrap_or(0);
            if own != steps.len() as u64 + 1 {
                return Err(InputError(format!(
                    "{}:{}:1: the clock entry of {} is {own}, expected {} (steps missing or reordered)",
                    f.display(),
                    i + 1,
                    s.id,
                    steps.len() + 1
                )));
            }
            steps.push(s);
        }
        if let Some(s) = steps.first() {
            if let Some(other) = ids.insert(s.id.clone(), f.clone()) {
                return Err(InputError(format!("{}:1:1: instance {} is also recorded in {}", f.display(), s.id, other.display())));
            }
            procs.push(steps);
        }
    }
    if procs.is_empty() {
        return Err(InputError(format!("{}:1:1: the trace files hold no steps", dir.display())));
    }
    Ok(Run { procs })
}

/// How a `ref` parameter of an instance reaches the model: the variable, how many indices the
/// mapping covers, and the mapping macro (none: the variable itself).
#[derive(Clone)]
struct Binding {
    var: usize,
    depth: usize,
    mapping: Option<&'static MappingMacro>,
}

struct Inst {
    /// ref parameter name -> binding
    refs: HashMap<String, Binding>,
    /// every model variable bound by a ref parameter
    vars: Vec<usize>,
    /// value parameters with a mapping macro (`instance A(..., FALSE) mapping @6 via M`): a
    /// pseudo-variable (index past the model's variables) and the argument's value. They are
    /// process-local in the translation, so they are free: each step replays its reads from the
    /// argument's value and nothing is compared.
    pseudo: Vec<(usize, Value)>,
    /// archetype local -> (model variable of the process local, indexed by self)
    locals: HashMap<String, (usize, bool)>,
}

struct Matcher<'a> {
    model: &'a Model,
    ev: &'static Ev,
    sc: Sc,
    pc: usize,
    run: &'a Run,
    insts: Vec<Inst>,
    /// per process and step: the (model variable, first index, modifies) it touches (index
    /// None: the whole variable); a read through a mapping macro whose read body never assigns
    /// `$variable`, or an unmapped read, does not modify
    touches: Vec<Vec<Vec<Touch>>>,
}

/// (model variable, first index or the whole variable, modifies)
type Touch = (usize, Option<Value>, bool);

/// Values a mapping-macro body can end in: what it yielded and the new `$variable`.
type Outcomes = Vec<(Option<Value>, Value)>;

impl Matcher<'_> {
    fn eval(&self, e: &'static Expr, env: &Env) -> Result<Value, String> {
        self.ev.eval(e, self.sc, env, &St::NONE).map_err(|e| e.one_line())
    }

    /// Runs mapping-macro statements; every way they can complete (an `await` that is false ends
    /// that way, `either` and `with x \in S` branch).
    fn run_body(&self, ss: &'static [Stmt], env: Env, var: Value, yielded: Option<Value>, out: &mut Outcomes) -> Result<(), String> {
        let Some((first, rest)) = ss.split_first() else {
            out.push((yielded, var));
            return Ok(());
        };
        match &first.kind {
            StmtKind::Skip | StmtKind::Print(_) => self.run_body(rest, env, var, yielded, out),
            StmtKind::Await(c) | StmtKind::Assert(c) => {
                let b = self.eval(c, &env.bind(intern("$variable"), var.clone()))?;
                if b.as_bool()? {
                    self.run_body(rest, env, var, yielded, out)
                } else {
                    Ok(())
                }
            }
            StmtKind::Yield(e) => {
                let v = self.eval(e, &env.bind(intern("$variable"), var.clone()))?;
                self.run_body(rest, env, var, Some(v), out)
            }
            StmtKind::Assign(pairs) => {
                let cur_env = env.bind(intern("$variable"), var.clone());
                let mut nv = var.clone();
                for p in pairs {
                    let rhs = self.eval(&p.rhs, &cur_env)?;
                    nv = self.assign(&p.lhs, nv, rhs, &cur_env)?;
                }
                self.run_body(rest, env, nv, yielded, out)
            }
            StmtKind::If(c, a, b) => {
                let cv = self.eval(c, &env.bind(intern("$variable"), var.clone()))?.as_bool()?;
                let mut branch: Vec<Stmt> = if cv { a.clone() } else { b.clone() };
                branch.extend(rest.iter().cloned());
                let leaked: &'static [Stmt] = Box::leak(branch.into_boxed_slice());
                self.run_body(leaked, env, var, yielded, out)
            }
            StmtKind::Either(cases) => {
                for c in cases {
                    let mut branch = c.clone();
                    branch.extend(rest.iter().cloned());
                    let leaked: &'static [Stmt] = Box::leak(branch.into_boxed_slice());
                    self.run_body(leaked, env.clone(), var.clone(), yielded.clone(), out)?;
                }
                Ok(())
            }
            StmtKind::With(decls, body) => {
                let mut branch = body.clone();
                branch.extend(rest.iter().cloned());
                let leaked: &'static [Stmt] = Box::leak(branch.into_boxed_slice());
                self.with_bind(decls, 0, env, var, yielded, leaked, out)
            }
            StmtKind::Labeled(_, body) => {
                let mut branch = body.clone();
                branch.extend(rest.iter().cloned());
                let leaked: &'static [Stmt] = Box::leak(branch.into_boxed_slice());
                self.run_body(leaked, env, var, yielded, out)
            }
            other => Err(format!("mapping macro statement not supported by validate: {:?}", std::mem::discriminant(other))),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn with_bind(
        &self,
        decls: &'static [crate::ast::VarDecl],
        k: usize,
        env: Env,
        var: Value,
        yielded: Option<Value>,
        body: &'static [Stmt],
        out: &mut Outcomes,
    ) -> Result<(), String> {
        let Some(d) = decls.get(k) else {
            return self.run_body(body, env, var, yielded, out);
        };
        let ev_env = env.bind(intern("$variable"), var.clone());
        match &d.init {
            VarInit::Eq(e) => {
                let v = self.eval(e, &ev_env)?;
                self.with_bind(decls, k + 1, env.bind(intern(&d.name.name), v), var, yielded, body, out)
            }
            VarInit::In(e) => {
                let s = self.eval(e, &ev_env)?;
                for x in s.elements()?.iter() {
                    self.with_bind(decls, k + 1, env.bind(intern(&d.name.name), x.clone()), var.clone(), yielded.clone(), body, out)?;
                }
                Ok(())
            }
            VarInit::None => Err("`with` without a value".into()),
        }
    }

    fn assign(&self, lhs: &'static crate::ast::Lhs, cur: Value, rhs: Value, env: &Env) -> Result<Value, String> {
        use crate::ast::Lhs;
        match lhs {
            Lhs::DollarVariable(_) => Ok(rhs),
            Lhs::Index(inner, idx, _) if matches!(**inner, Lhs::DollarVariable(_)) => {
                // $variable[i] := e  (several indices: one tuple key)
                let keys: Vec<Value> = idx.iter().map(|e| self.eval(e, env)).collect::<Result<_, _>>()?;
                let key = if keys.len() == 1 { keys.into_iter().next().unwrap() } else { Value::tuple(keys) };
                update_fn(&cur, &key, rhs)
            }
            _ => Err("a mapping macro may only assign `$variable` or `$variable[i]` (validate)".into()),
        }
    }

    /// The model variables after replaying the step's accesses from `s` (every possible outcome).
    fn replay(&self, p: usize, step: &Step, s: &[Value]) -> Result<Vec<HashMap<usize, Value>>, String> {
        let inst = &self.insts[p];
        let mut worlds: Vec<HashMap<usize, Value>> =
            vec![inst.vars.iter().map(|&v| (v, s[v].clone())).chain(inst.pseudo.iter().cloned()).collect()];
        let self_env = Env::default().bind(intern("self"), step.self_.clone());
        for a in &step.ops {
            let b = inst.refs.get(&a.res).ok_or_else(|| format!("{}:{}: resource `{}` is not a `ref` parameter of archetype {}", step.file.display(), step.line, a.res, step.archetype))?;
            if a.idx.len() < b.depth {
                return Err(format!("{}:{}: access to `{}` with {} indices, the mapping covers {}", step.file.display(), step.line, a.res, a.idx.len(), b.depth));
            }
            let (mapped, extra) = a.idx.split_at(b.depth);
            if !extra.is_empty() && b.mapping.is_some() {
                return Err(format!("{}:{}: access `{}` indexed below its mapping", step.file.display(), step.line, a.res));
            }
            let mut next_worlds = Vec::new();
            for w in worlds {
                let whole = w[&b.var].clone();
                let target = match get_path(self.ev, &whole, a.idx.as_slice().split_at(if b.mapping.is_some() { mapped.len() } else { a.idx.len() }).0) {
                    Ok(v) => v,
                    Err(_) => continue, // outside the domain: this world cannot take the step
                };
                let news: Vec<Value> = match (b.mapping, a.write) {
                    (None, false) => {
                        if eq(&target, &a.val) {
                            vec![target]
                        } else {
                            vec![]
                        }
                    }
                    (None, true) => vec![a.val.clone()],
                    (Some(m), false) => {
                        let mut out = Vec::new();
                        self.run_body(&m.read, self_env.clone(), target, None, &mut out)?;
                        out.into_iter().filter(|(y, _)| y.as_ref().is_some_and(|y| eq(y, &a.val))).map(|(_, v)| v).collect()
                    }
                    (Some(m), true) => {
                        let mut out = Vec::new();
                        let env = self_env.bind(intern("$value"), a.val.clone());
                        self.run_body(&m.write, env, target, None, &mut out)?;
                        out.into_iter().filter_map(|(y, _)| y).collect()
                    }
                };
                let used = if b.mapping.is_some() { mapped } else { a.idx.as_slice() };
                for nv in news {
                    let nw = match put_path(&whole, used, nv) {
                        Ok(v) => v,
                        Err(_) => continue,
                    };
                    let mut w2 = w.clone();
                    w2.insert(b.var, nw);
                    if !next_worlds.iter().any(|o: &HashMap<usize, Value>| o.iter().all(|(k, v)| eq(v, &w2[k]))) {
                        next_worlds.push(w2);
                    }
                }
            }
            worlds = next_worlds;
            if worlds.is_empty() {
                break;
            }
        }
        Ok(worlds)
    }
}

/// Whether mapping-macro statements may assign `$variable`.
fn assigns_variable(ss: &[Stmt]) -> bool {
    ss.iter().any(|s| match &s.kind {
        StmtKind::Assign(ps) => ps.iter().any(|p| p.lhs.root_name() == "$variable"),
        StmtKind::If(_, a, b) => assigns_variable(a) || assigns_variable(b),
        StmtKind::Either(cs) => cs.iter().any(|c| assigns_variable(c)),
        StmtKind::With(_, b) | StmtKind::Labeled(_, b) | StmtKind::While(_, b) => assigns_variable(b),
        StmtKind::MacroCall(..) | StmtKind::Call(..) => true,
        _ => false,
    })
}

fn get_path(ev: &Ev, v: &Value, idx: &[Value]) -> Result<Value, String> {
    let mut cur = v.clone();
    for i in idx {
        cur = ev.apply_fn(&cur, i)?;
    }
    Ok(cur)
}

fn put_path(v: &Value, idx: &[Value], nv: Value) -> Result<Value, String> {
    match idx.split_first() {
        None => Ok(nv),
        Some((i, rest)) => {
            let inner = {
                let (dom, rng) = vf_tla::tlc::value::fn_pairs(v);
                let pos = dom.iter().position(|d| eq(d, i)).ok_or_else(|| format!("{i} is outside the domain"))?;
                rng[pos].clone()
            };
            update_fn(v, i, put_path(&inner, rest, nv)?)
        }
    }
}

fn label_is(tla: &Value, go: &str) -> bool {
    match tla {
        // TLC renames labels shared by several processes (`lbl_`, `lbl_P`, ...)
        Value::Str(s) => &**s == go || (s.starts_with(go) && s[go.len()..].starts_with('_')),
        _ => false,
    }
}

impl StepMatcher for Matcher<'_> {
    fn matches(&self, p: usize, i: usize, s: &[Value], t: &[Value]) -> Result<bool, String> {
        let step = &self.run.procs[p][i];
        let (Ok(before), Ok(after)) = (self.ev.apply_fn(&s[self.pc], &step.self_), self.ev.apply_fn(&t[self.pc], &step.self_)) else {
            return Ok(false);
        };
        if !label_is(&before, &step.label) || !label_is(&after, &step.next) {
            return Ok(false);
        }
        // the step of another process with the same pc change is excluded by the other pcs
        for (k, (a, b)) in s.iter().zip(t.iter()).enumerate() {
            if k == self.pc {
                let (dom, rs) = vf_tla::tlc::value::fn_pairs(a);
                let (_, rt) = vf_tla::tlc::value::fn_pairs(b);
                for (j, d) in dom.iter().enumerate() {
                    if !eq(d, &step.self_) && rt.get(j).is_some_and(|x| !eq(x, &rs[j])) {
                        return Ok(false);
                    }
                }
            }
        }
        let inst = &self.insts[p];
        for (name, val) in &step.locals {
            if let Some(&(var, indexed)) = inst.locals.get(name) {
                let cur = if indexed {
                    match self.ev.apply_fn(&t[var], &step.self_) {
                        Ok(v) => v,
                        Err(_) => return Ok(false),
                    }
                } else {
                    t[var].clone()
                };
                if !eq(&cur, val) {
                    return Ok(false);
                }
            }
        }
        let worlds = self.replay(p, step, s)?;
        Ok(worlds.iter().any(|w| w.iter().all(|(&v, val)| v >= t.len() || eq(&t[v], val))))
    }

    fn independent(&self, a: (usize, usize), b: (usize, usize)) -> bool {
        if a.0 == b.0 {
            return false;
        }
        let (ta, tb) = (&self.touches[a.0][a.1], &self.touches[b.0][b.1]);
        !ta.iter().any(|(va, ka, ma)| {
            tb.iter().any(|(vb, kb, mb)| {
                va == vb
                    && (*ma || *mb)
                    && match (ka, kb) {
                        (Some(x), Some(y)) => eq(x, y),
                        _ => true,
                    }
            })
        })
    }
}

/// The verdict of `validate`.
pub enum Report {
    Valid { steps: usize, processes: usize, nodes: u64 },
    Invalid { message: String },
    /// The search exceeded its limits or the spec could not be evaluated: not validated.
    NotValidated { message: String },
}

fn leak<T>(v: T) -> &'static T {
    Box::leak(Box::new(v))
}

/// Validates the run recorded in `traces` against `spec` (with `config`, default `spec.cfg`).
/// With `real_time`, steps are also ordered by their recorded commit windows (see
/// `behaviour::Observed::window`).
pub fn validate(spec: &Path, traces: &Path, config: Option<&Path>, limits: &Limits, real_time: bool) -> Result<Report, InputError> {
    let src = std::fs::read_to_string(spec).map_err(|e| InputError(format!("{}:1:1: cannot read: {e}", spec.display())))?;
    let sf = vf_tla::SourceFile::new(spec.display().to_string(), src.clone());
    let (block, _) = crate::parse_block(&src).map_err(|d| {
        let (l, c) = sf.line_col(d.offset);
        InputError(format!("{}:{l}:{c}: {}", spec.display(), d.message))
    })?;
    if !block.is_mpcal {
        let (l, c) = sf.line_col(block.span.start);
        return Err(InputError(format!("{}:{l}:{c}: validate needs an `--mpcal` algorithm (archetypes and instances)", spec.display())));
    }
    let block: &'static Block = leak(block);
    let run = load_run(traces)?;
    let opts = Options { config: config.map(Path::to_path_buf), lib_dirs: vec![], check_deadlock: Some(false), prints_to_stderr: true };
    let model = Model::load(spec, &opts).map_err(|e| InputError(e.0))?;
    let pc = model
        .vars
        .iter()
        .position(|v| *v == "pc")
        .ok_or_else(|| InputError(format!("{}:1:1: the TLA+ translation has no `pc` variable (run `veriforge mpcal pcalgen` first)", spec.display())))?;
    let ev = model.ev;
    let sc = model.root;
    let at = |span: vf_tla::Span| {
        let (l, c) = sf.line_col(span.start);
        format!("{}:{l}:{c}", spec.display())
    };
    // the PlusCal the translation was made from: the process locals archetype locals became
    let pcal_processes: Vec<crate::ast::Process> = (|| {
        let (module, b) = crate::analyze(&src, crate::Options::default()).ok()?;
        let mut idents = crate::codegen::identifiers(&src, 0, crate::translation_start(&src).min(src.len()));
        idents.extend(crate::codegen::identifiers(&src, b.span.start, b.span.end));
        crate::codegen::generate_with_names(&module, &b, &idents).ok().map(|p| p.processes)
    })()
    .unwrap_or_default();
    // each recorded instance -> its `instance` declaration
    let mut insts = Vec::new();
    for steps in &run.procs {
        let s0 = &steps[0];
        let mut found = None;
        for inst in &block.instances {
            if inst.archetype.name != s0.archetype {
                continue;
            }
            let is = match &inst.name.init {
                VarInit::Eq(e) => ev.eval(leak(e.clone()), sc, &Env::default(), &St::NONE).map(|v| eq(&v, &s0.self_)),
                VarInit::In(e) => ev.eval(leak(e.clone()), sc, &Env::default(), &St::NONE).and_then(|v| v.contains(&s0.self_).map_err(|m| vf_tla::tlc::eval::EvalError::new(None, m))),
                VarInit::None => Ok(false),
            }
            .map_err(|e| InputError(format!("{}: {}", at(inst.span), e.one_line())))?;
            if is {
                found = Some(inst);
                break;
            }
        }
        let inst = found.ok_or_else(|| InputError(format!("{}:{}:1: no instance of archetype {} has self = {}", s0.file.display(), s0.line, s0.archetype, s0.self_)))?;
        let arch = block
            .archetypes
            .iter()
            .find(|a| a.name.name == inst.archetype.name)
            .ok_or_else(|| InputError(format!("{}: archetype {} is not defined", at(inst.span), inst.archetype.name)))?;
        let mut refs = HashMap::new();
        let mut vars = Vec::new();
        let mut pseudo = Vec::new();
        for (k, (prm, arg)) in arch.params.iter().zip(inst.args.iter()).enumerate() {
            let (name, mapping_count, span) = match arg {
                Arg::Ref { name, mapping_count, span } => (name, mapping_count, span),
                Arg::Expr(e) => {
                    if let Some(m) = inst.mappings.iter().find(|m| m.position == Some(k)) {
                        let mac = block
                            .mapping_macros
                            .iter()
                            .find(|mm| mm.name.name == m.macro_name.name)
                            .ok_or_else(|| InputError(format!("{}: mapping macro {} is not defined", at(m.span), m.macro_name.name)))?;
                        let env = Env::default().bind(intern("self"), s0.self_.clone());
                        let v = ev.eval(leak(e.clone()), sc, &env, &St::NONE).map_err(|err| InputError(format!("{}: {}", at(e.span), err.one_line())))?;
                        let var = model.vars.len() + k;
                        refs.insert(prm.name.name.clone(), Binding { var, depth: m.mapping_count as usize, mapping: Some(mac) });
                        pseudo.push((var, v));
                    }
                    continue;
                }
            };
            let var = model
                .vars
                .iter()
                .position(|v| *v == name.name)
                .ok_or_else(|| InputError(format!("{}: `ref {}` is not a variable of the TLA+ translation", at(*span), name.name)))?;
            let mapping = inst.mappings.iter().find(|m| m.position == Some(k));
            let (depth, mac) = match mapping {
                None => (*mapping_count as usize, None),
                Some(m) => {
                    let mac = block
                        .mapping_macros
                        .iter()
                        .find(|mm| mm.name.name == m.macro_name.name)
                        .ok_or_else(|| InputError(format!("{}: mapping macro {} is not defined", at(m.span), m.macro_name.name)))?;
                    (m.mapping_count as usize, Some(mac))
                }
            };
            refs.insert(prm.name.name.clone(), Binding { var, depth, mapping: mac });
            if !vars.contains(&var) {
                vars.push(var);
            }
        }
        // archetype locals are the first locals of the generated process, renamed by PGo's
        // NameCleaner (`x`, `x0`, `x1`, ...)
        let mut locals = HashMap::new();
        if let Some(proc_) = pcal_processes.iter().find(|p| p.self_decl.name.name == inst.name.name.name) {
            let indexed = matches!(inst.name.init, VarInit::In(_));
            for (l, pl) in arch.locals.iter().zip(proc_.locals.iter()) {
                let (a, b) = (&l.name.name, &pl.name.name);
                let renamed = b.starts_with(a.as_str()) && b[a.len()..].chars().all(|c| c.is_ascii_digit());
                if !renamed {
                    break;
                }
                if let Some(var) = model.vars.iter().position(|v| *v == b.as_str()) {
                    locals.insert(a.clone(), (var, indexed));
                }
            }
        }
        insts.push(Inst { refs, vars, pseudo, locals });
    }
    // causal order from the clocks
    let ids: Vec<&str> = run.procs.iter().map(|s| s[0].id.as_str()).collect();
    let mut obs = Vec::new();
    for steps in &run.procs {
        let mut o = Vec::new();
        for s in steps {
            let mut after = vec![0u32; ids.len()];
            for (k, n) in &s.clock {
                match ids.iter().position(|i| i == k) {
                    Some(q) => after[q] = *n as u32,
                    None => {
                        if *n > 0 {
                            return Err(InputError(format!("{}:{}:1: the clock mentions {k}, which has no trace file", s.file.display(), s.line)));
                        }
                    }
                }
            }
            o.push(Observed { after, window: if real_time { s.commit } else { None } });
        }
        obs.push(o);
    }
    let nvars = model.vars.len();
    let touches = run
        .procs
        .iter()
        .zip(insts.iter())
        .map(|(steps, inst)| {
            steps
                .iter()
                .map(|st| {
                    let mut ts: Vec<Touch> = Vec::new();
                    for a in &st.ops {
                        if let Some(b) = inst.refs.get(&a.res) {
                            if b.var < nvars {
                                let key = if b.depth >= 1 { a.idx.first().cloned() } else { None };
                                let modifies = a.write || b.mapping.is_some_and(|m| assigns_variable(&m.read));
                                ts.push((b.var, key, modifies));
                            }
                        }
                    }
                    ts
                })
                .collect()
        })
        .collect();
    let m = Matcher { model: &model, ev, sc, pc, run: &run, insts, touches };
    let _ = m.model;
    Ok(match explain(&model, &obs, &m, limits) {
        Verdict::Explained { steps, nodes, .. } => Report::Valid { steps, processes: run.procs.len(), nodes },
        Verdict::Unexplained { depth, total, stuck, .. } => {
            let mut msg = format!(
                "trace invalid: no behaviour of the spec explains more than {depth} of {total} steps{}",
                if real_time && run.procs.iter().flatten().any(|s| s.commit.is_some()) { " in real-time order" } else { "" }
            );
            if stuck.is_empty() {
                msg.push_str("; no step is ready there (the vector clocks or commit windows contradict each other)");
            } else {
                msg.push_str("; no behaviour explains the next step");
                msg.push_str(if stuck.len() > 1 { " (one of): " } else { ": " });
                let mut stuck = stuck;
                // causally earliest first
                stuck.sort_by_key(|&(p, i)| (run.procs[p][i].clock.values().sum::<u64>(), p, i));
                let ds: Vec<String> = stuck.iter().take(4).map(|&(p, i)| run.procs[p][i].describe()).collect();
                msg.push_str(&ds.join(" | "));
            }
            Report::Invalid { message: msg }
        }
        Verdict::GaveUp { depth, total, reason, .. } => Report::NotValidated { message: format!("not validated: the search gave up after {depth} of {total} steps ({reason})") },
        Verdict::Error(e) => Report::NotValidated { message: format!("not validated: {e}") },
    })
}
