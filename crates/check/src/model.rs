//! A checkable model: the spec's scope with the configuration applied (constants, overrides),
//! ASSUMEs checked, constant definitions precomputed, and the behaviour spec split into Init,
//! Next, invariants, action properties and what this checker cannot check (yet).

use crate::cfg::{self, Cfg, CfgValue, ConstantAssign};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use vf_tla::ast::*;
use vf_tla::tlc::eval::{Ev, St};
use vf_tla::tlc::scope::{build_scope, leak_name, Def, Loader, RootInfo, Sc, E};
use vf_tla::tlc::value::{model_value, Value};
use vf_tla::tlc::Env;

/// A problem with the user's input (spec, config, module path): `file:line:col: problem`.
#[derive(Debug)]
pub struct InputError(pub String);

pub struct Options {
    pub config: Option<PathBuf>,
    pub lib_dirs: Vec<PathBuf>,
    pub check_deadlock: Option<bool>,
    /// Print/PrintT output goes to stderr (stdout carries JSON).
    pub prints_to_stderr: bool,
}

pub struct Named {
    pub name: String,
    pub expr: E,
    pub scope: Sc,
}

pub struct Model {
    pub ev: &'static Ev,
    pub root: Sc,
    pub module_name: String,
    pub vars: Vec<&'static str>,
    pub init: Named,
    pub next: Named,
    pub invariants: Vec<Named>,
    /// Per invariant: every conjunct of it is a top-level conjunct of Init (through nullary
    /// definitions) free of TLC's side-effect operators, so it holds in every initial state
    /// (Init's enumeration already evaluated it there) and is not evaluated again on them.
    /// E.g. `Init == Inv` with `INVARIANT Inv` (checking an inductive invariant).
    pub init_implied: Vec<bool>,
    pub constraints: Vec<Named>,
    pub action_constraints: Vec<Named>,
    /// `[][A]_v` parts of PROPERTYs: checked on every transition.
    pub action_props: Vec<Named>,
    /// State-predicate parts of PROPERTYs: checked on initial states.
    pub init_props: Vec<Named>,
    /// Liveness parts of PROPERTYs (with the spec's fairness), checked on the explored graph.
    pub liveness: Vec<crate::liveness::LiveProp>,
    /// The formulas of `liveness` (shared atoms: the fairness conditions are evaluated once).
    pub live_formula: crate::liveness::Formula,
    /// Features of the configuration this checker does not check: it refuses a "no error" verdict.
    pub unchecked: Vec<String>,
    /// What TLC warns about for this configuration (printed before the search).
    pub warnings: Vec<String>,
    pub check_deadlock: bool,
    pub cfg: Cfg,
    /// VIEW: states are identified by the value of this expression.
    pub view: Option<Named>,
    /// SYMMETRY: the permutations of model values (each a function model value -> model value).
    pub symmetry: Vec<Vec<(Value, Value)>>,
}

fn leak<T>(v: T) -> &'static T {
    Box::leak(Box::new(v))
}

fn cfg_value(v: &CfgValue) -> Value {
    match v {
        CfgValue::Int(i) => Value::Int(*i),
        CfgValue::Str(s) => Value::str(s),
        CfgValue::Bool(b) => Value::Bool(*b),
        CfgValue::Ident(s) => model_value(s),
        CfgValue::Set(items) => Value::set(items.iter().map(cfg_value).collect()),
    }
}

impl Model {
    pub fn load(spec: &Path, opts: &Options) -> Result<Model, InputError> {
        let spec_dir = spec.parent().map(|p| if p.as_os_str().is_empty() { Path::new(".") } else { p }).unwrap_or(Path::new(".")).to_path_buf();
        let mut dirs = vec![spec_dir];
        dirs.extend(opts.lib_dirs.iter().cloned());
        let loader: &'static Loader = leak(Loader::new(dirs));
        let m = loader.load_file(spec).map_err(|e| InputError(e.0))?;
        let cfg_path = opts.config.clone().unwrap_or_else(|| spec.with_extension("cfg"));
        let cfg_text = std::fs::read_to_string(&cfg_path)
            .map_err(|e| InputError(format!("{}:1:1: cannot read the configuration: {e}", cfg_path.display())))?;
        let cfg_name = cfg_path.display().to_string();
        let cfg = cfg::parse(&cfg_text, &cfg_name).map_err(InputError)?;
        let mut root_info = RootInfo::default();
        let root = build_scope(loader, m, None, &mut root_info).map_err(InputError)?;
        let mut ev = Ev::new(loader);
        ev.var_names = root_info.variables.clone();
        ev.echo = !opts.prints_to_stderr;
        let ev: &'static Ev = leak(ev);
        let at_cfg = |name: &str| -> String {
            // position of the name in the cfg file
            let mut line = 1;
            for l in cfg_text.lines() {
                if let Some(c) = l.find(name) {
                    return format!("{cfg_name}:{line}:{}", c + 1);
                }
                line += 1;
            }
            format!("{cfg_name}:1:1")
        };

        // constants and overrides: values first, then `<-` substitutions (which may use them)
        let mut assigns: Vec<&ConstantAssign> = cfg.constants.iter().filter(|a| matches!(a, ConstantAssign::Value(..))).collect();
        assigns.extend(cfg.constants.iter().filter(|a| matches!(a, ConstantAssign::Subst(..))));
        for a in assigns {
            let (name, value) = match a {
                ConstantAssign::Value(n, v) => (n, cfg_value(v)),
                ConstantAssign::Subst(n, rhs) => {
                    if root.get(rhs).is_none() {
                        return Err(InputError(format!("{}: `{rhs}` is not defined in the spec", at_cfg(rhs))));
                    }
                    // an operator value, evaluated where it is used (it may mention variables)
                    let v = ev.eval_op_ref(leak_name(rhs, Span::default()), root, &Env::default()).map_err(|e| InputError(e.one_line()))?;
                    (n, v)
                }
            };
            match root.get(name) {
                Some(Def::Const(cell, _)) => *cell.write().unwrap() = Some(value),
                Some(Def::Op(od, osc)) if od.params.is_empty() && !matches!(value, Value::Op(_)) => {
                    osc.cache.write().unwrap().insert(od.name.name.as_str(), value);
                }
                Some(Def::Op(..)) | None => ev.set_override(name, value),
                Some(_) => return Err(InputError(format!("{}: `{name}` cannot be overridden by the configuration", at_cfg(name)))),
            }
        }
        for (n, cell, _) in &root_info.constants {
            if cell.read().unwrap().is_none() {
                let pos = find_decl(m.file, n);
                return Err(InputError(format!("{pos}: the constant {n} is not assigned a value by the configuration {cfg_name}")));
            }
        }
        check_names(ev, root, &m.module.units)?;
        // constant-level definitions, computed once (like TLC)
        precompute(ev, root);
        // constants, overrides and constant-level values are final: names may be resolved once
        ev.freeze();
        for (body, sc) in &root_info.assumes {
            match ev.eval(body, sc, &Env::default(), &St::NONE) {
                Ok(Value::Bool(true)) => {}
                Ok(_) => {
                    let (l, c) = sc.file.line_col(body.span.start);
                    return Err(InputError(format!("{}:{l}:{c}: Assumption is false", sc.file.name)));
                }
                Err(e) => return Err(InputError(e.one_line())),
            }
        }

        let named = |n: &str, what: &str| -> Result<Named, InputError> {
            match root.get(n) {
                Some(Def::Op(od, osc)) if od.params.is_empty() => Ok(Named { name: n.to_string(), expr: &od.body, scope: osc }),
                Some(_) => Ok(Named { name: n.to_string(), expr: leak_name(n, Span::default()), scope: root }),
                None => Err(InputError(format!("{}: the {what} `{n}` is not defined in the spec", at_cfg(n)))),
            }
        };
        let mut unchecked = Vec::new();
        let mut fairness: Vec<(E, Sc)> = Vec::new();
        let (init, next) = match (&cfg.init, &cfg.next, &cfg.specification) {
            (Some(i), Some(n), _) => {
                named(i, "INIT")?;
                named(n, "NEXT")?;
                // enumerate through the names so that traces show the action names
                (Named { name: i.clone(), expr: leak_name(i, Span::default()), scope: root }, Named { name: n.clone(), expr: leak_name(n, Span::default()), scope: root })
            }
            (None, None, Some(s)) => {
                let spec = named(s, "SPECIFICATION")?;
                let parts = split_temporal(ev, spec.expr, spec.scope);
                let mut inits = Vec::new();
                let mut nexts = Vec::new();
                let fair = &mut fairness;
                for p in parts {
                    match p {
                        Part::State(e, sc) => inits.push((e, sc)),
                        Part::Always(a, _v, sc) => nexts.push((a, sc)),
                        Part::Fairness(e, sc) => fair.push((e, sc)),
                        Part::Other(e, sc) => {
                            let (l, c) = sc.file.line_col(e.span.start);
                            return Err(InputError(format!("{}:{l}:{c}: this part of the specification {s} is not supported by the checker", sc.file.name)));
                        }
                    }
                }
                if inits.len() > 1 && inits.iter().all(|(_, sc)| std::ptr::eq(*sc, inits[0].1)) {
                    let items: Vec<Expr> = inits.iter().map(|(e, _)| (*e).clone()).collect();
                    let span = items[0].span;
                    let joined: E = leak(Expr::new(ExprKind::JunctionList(Junction::And, items), span));
                    inits = vec![(joined, inits[0].1)];
                }
                if inits.len() != 1 || nexts.len() != 1 {
                    return Err(InputError(format!("{}: the specification {s} must have the form Init /\\ [][Next]_vars (/\\ fairness)", at_cfg(s))));
                }
                let (ie, isc) = inits[0];
                let (ne, nsc) = nexts[0];
                (Named { name: "Init".into(), expr: ie, scope: isc }, Named { name: "Next".into(), expr: ne, scope: nsc })
            }
            _ => return Err(InputError(format!("{cfg_name}:1:1: the configuration needs INIT and NEXT, or SPECIFICATION"))),
        };
        if init.scope as *const _ != root as *const _ || next.scope as *const _ != root as *const _ {
            // fine: expressions carry their own scope
        }
        let invariants = cfg.invariants.iter().map(|n| named(n, "INVARIANT")).collect::<Result<Vec<_>, _>>()?;
        let constraints = cfg.constraints.iter().map(|n| named(n, "CONSTRAINT")).collect::<Result<Vec<_>, _>>()?;
        let action_constraints = cfg.action_constraints.iter().map(|n| named(n, "ACTION_CONSTRAINT")).collect::<Result<Vec<_>, _>>()?;
        let mut action_props = Vec::new();
        let mut init_props = Vec::new();
        let mut liveness = Vec::new();
        let mut lb = crate::liveness::Builder::new(ev);
        let mut fair_ids: Option<Result<Vec<u32>, String>> = None;
        let mut invariants = invariants;
        for p in &cfg.properties {
            let np = named(p, "PROPERTY")?;
            if let Some((e, sc)) = tlc_cannot_handle(ev, np.expr, np.scope, 0) {
                // TLC refuses these before exploring: `\EE`, `\AA`, `-+->` in a property
                let (l, c) = sc.file.line_col(e.span.start);
                let (l2, c2) = sc.file.line_col(e.span.end.saturating_sub(1).max(e.span.start));
                return Err(InputError(format!(
                    "{}:{l}:{c}: TLC cannot handle the temporal formula line {l}, col {c} to line {l2}, col {c2} of module {} (PROPERTY {p})",
                    sc.file.name, sc.module_name
                )));
            }
            for part in split_temporal(ev, np.expr, np.scope) {
                match part {
                    Part::State(e, sc) => init_props.push(Named { name: p.clone(), expr: e, scope: sc }),
                    Part::Always(a, v, sc) => {
                        let e: E = leak(Expr::new(ExprKind::BoxAction(Box::new(a.clone()), Box::new(v.clone())), a.span));
                        action_props.push(Named { name: p.clone(), expr: e, scope: sc })
                    }
                    Part::Fairness(e, sc) | Part::Other(e, sc) => {
                        // `[]P` for a state predicate P is an invariant
                        if let ExprKind::Prefix(op, inner) = &e.kind {
                            if op == "[]" && !is_temporal(ev, inner, sc, 0) && !is_action(ev, inner, sc, 0) {
                                invariants.push(Named { name: p.clone(), expr: inner, scope: sc });
                                continue;
                            }
                        }
                        if fair_ids.is_none() {
                            fair_ids = Some(fairness.iter().map(|(fe, fsc)| lb.tr(fe, fsc, &Env::default(), 0)).collect());
                        }
                        let fair = fair_ids.clone().unwrap();
                        match fair.and_then(|fair| lb.property(p, fair, e, sc)) {
                            Ok(lp) => liveness.push(lp),
                            Err(why) => {
                                if !unchecked.iter().any(|u: &String| u.contains(&format!("PROPERTY {p} "))) {
                                    unchecked.push(format!("PROPERTY {p} (liveness: {why})"));
                                }
                            }
                        }
                    }
                }
            }
        }
        let view = match &cfg.view {
            Some(v) => Some(named(v, "VIEW")?),
            None => None,
        };
        let mut symmetry = Vec::new();
        if let Some(sname) = &cfg.symmetry {
            let sym = named(sname, "SYMMETRY")?;
            let perms = ev.eval(sym.expr, sym.scope, &Env::default(), &St::NONE).map_err(|e| InputError(e.one_line()))?;
            let els = perms.elements().map_err(|m| InputError(format!("{}: SYMMETRY {sname}: {m}", at_cfg(sname))))?;
            for p in els.iter() {
                let (d, r) = vf_tla::tlc::value::fn_pairs(p);
                if !p.is_fn() {
                    return Err(InputError(format!("{}: SYMMETRY {sname} must be a set of permutations", at_cfg(sname))));
                }
                symmetry.push(d.into_iter().zip(r).collect());
            }
            symmetry = close_group(symmetry);
        }
        let mut warnings = Vec::new();
        if !liveness.is_empty() && !symmetry.is_empty() {
            // TLC checks liveness on the quotient graph and prints this warning (none for VIEW)
            warnings.push("Warning: Declaring symmetry during liveness checking is dangerous. It might cause TLC to miss violations of the stated liveness properties. Please check liveness without symmetry defined.".to_string());
        }
        let check_deadlock = opts.check_deadlock.or(cfg.check_deadlock).unwrap_or(true);
        let init_implied = {
            let mut init_cs = Vec::new();
            conjuncts(ev, init.expr, init.scope, &mut init_cs, 0);
            invariants
                .iter()
                .map(|inv| {
                    let mut cs = Vec::new();
                    conjuncts(ev, inv.expr, inv.scope, &mut cs, 0);
                    cs.iter().all(|&(e, sc)| {
                        init_cs.iter().any(|&(ie, isc)| std::ptr::eq(e, ie) && std::ptr::eq(sc, isc))
                            && !side_effects(ev, e, sc, &mut Vec::new(), 0)
                    })
                })
                .collect()
        };
        Ok(Model {
            ev,
            root,
            module_name: m.module.name.clone(),
            vars: root_info.variables,
            init,
            next,
            invariants,
            init_implied,
            constraints,
            action_constraints,
            action_props,
            init_props,
            liveness,
            live_formula: lb.f,
            unchecked,
            warnings,
            check_deadlock,
            cfg,
            view,
            symmetry,
        })
    }
}


/// Does `e` mention primed variables or action operators (looking through definitions)?
pub fn is_action(ev: &Ev, e: E, sc: Sc, depth: usize) -> bool {
    if depth > 12 {
        return false;
    }
    use ExprKind::*;
    match &e.kind {
        Postfix(op, _) if op == "'" => true,
        Prefix(op, _) if op == "ENABLED" => false,
        Prefix(op, a) => op == "UNCHANGED" || is_action(ev, a, sc, depth),
        BoxAction(..) | AngleAction(..) => true,
        Infix(_, a, b) => is_action(ev, a, sc, depth) || is_action(ev, b, sc, depth),
        JunctionList(_, items) => items.iter().any(|i| is_action(ev, i, sc, depth)),
        Quant(_, _, body) => is_action(ev, body, sc, depth),
        Name(n) | Apply(n, _) => {
            let args_action = match &e.kind {
                Apply(_, args) => args.iter().any(|a| is_action(ev, a, sc, depth)),
                _ => false,
            };
            args_action
                || match ev.resolve(n, sc, e.span) {
                    Ok(Some((Def::Op(od, osc), _))) => is_action(ev, &od.body, osc, depth + 1),
                    _ => false,
                }
        }
        Let(_, body) => is_action(ev, body, sc, depth),
        If(c, a, b) => is_action(ev, c, sc, depth) || is_action(ev, a, sc, depth) || is_action(ev, b, sc, depth),
        _ => false,
    }
}

/// Operators the evaluator implements natively (besides `vf_tla::resolve::BUILTINS`).
const NATIVE_OPERATORS: &[&str] = &[
    "Len", "Append", "Head", "Tail", "SubSeq", "Seq", "SelectSeq", "Cardinality", "IsFiniteSet", "Print", "PrintT",
    "ToString", "TLCEval", "TLCGet", "TLCSet", "Permutations", "SortSeq", "RandomElement", "Any", "SetToBag",
    "BagToSet", "BagIn", "CopiesIn", "BagCardinality", "BagUnion", "SubBag", "BagOfAll", "EmptyBag", "Assert",
    "JavaTime", "Nat", "Int", "Real", "BOOLEAN", "STRING", "TRUE", "FALSE",
    // the names TLC's native modules declare (Json, Randomization, TLCExt, Reals, IOUtils, TLAPS);
    // not all are implemented, but they are defined, so they are no semantic error
    "JsonDeserialize", "JsonSerialize", "ToJson", "ToJsonArray", "ToJsonObject", "ndJsonDeserialize", "ndJsonSerialize",
    "RandomSetOfSubsets", "RandomSubset", "TestRandomSetOfSubsets", "AssertEq", "AssertError", "CounterExample",
    "PickSuccessor", "TLCCache", "TLCDefer", "TLCEvalDefinition", "TLCFP", "TLCGetAndSet", "TLCGetOrDefault",
    "TLCModelValue", "TLCNoOp", "ToTrace", "Trace", "Infinity", "_TLCTrace", "Deserialize", "IODeserialize", "IOEnv",
    "IOEnvExec", "IOEnvExecTemplate", "IOExec", "IOExecTemplate", "IOSerialize", "Serialize", "atoi", "zeroPadN",
    "AllIsa", "AllIsaT", "AllProvers", "AllProversT", "AllSMT", "AllSMTT", "Auto", "AutoBlast", "AutoUSE", "Blast",
    "CVC3", "CVC3T", "CVC4", "CVC4T", "CdotWrapper", "ENABLEDaxioms", "EnabledWrapper", "ExpandCdot", "ExpandENABLED",
    "Force", "Isa", "IsaM", "IsaMT", "IsaT", "IsaWithSetExtensionality", "LS4", "LS4T", "Lambdify", "LevelComparison",
    "PTL", "PropositionalTemporalLogic", "SMT", "SMTT", "SimpleArithmetic", "Simplification", "SimplifyAndSolve",
    "SlowAuto", "SlowBlast", "SlowForce", "SlowSimplification", "SlowSimplifyAndSolve", "SlowZenon", "SlowerAuto",
    "SlowerBlast", "SlowerForce", "SlowerSimplification", "SlowerSimplifyAndSolve", "SlowerZenon", "SlowestAuto",
    "SlowestBlast", "SlowestForce", "SlowestSimplification", "SlowestSimplifyAndSolve", "SlowestZenon", "Spass",
    "SpassT", "Trivial", "VerySlowZenon", "Yices", "YicesT", "Z3", "Z3T", "Zenon", "ZenonT", "Zipper", "ZipperT", "veriT",
    "veriTT",
];

/// Every name used in the spec's own definitions must be defined (TLC's semantic check, before
/// any state is explored): `file:line:col: unknown operator or undefined identifier`.
fn check_names(ev: &Ev, root: Sc, units: &[Unit]) -> Result<(), InputError> {
    for u in units {
        if matches!(u, Unit::Theorem { .. }) {
            continue; // proofs are not evaluated
        }
        let mut s = vf_tla::resolve::Scope::new();
        if let Unit::ModuleDef { params, .. } = u {
            // `M(k) == INSTANCE N WITH C <- k`
            s.push();
            params.iter().for_each(|p| s.define(&p.name.name, vf_tla::resolve::Def::Bound));
        }
        let mut bad: Option<(String, Span)> = None;
        vf_tla::resolve::resolve_unit(&mut s, u, &mut |n, sp| {
            if bad.is_some() || NATIVE_OPERATORS.contains(&n) || root.get(n).is_some() {
                return;
            }
            if let Ok(Some(_)) = ev.resolve(n, root, sp) {
                return;
            }
            bad = Some((n.to_string(), sp));
        });
        if let Some((n, sp)) = bad {
            let (l, c) = root.file.line_col(sp.start);
            return Err(InputError(format!("{}:{l}:{c}: unknown operator or undefined identifier `{n}`", root.file.name)));
        }
    }
    Ok(())
}

fn find_decl(f: &vf_tla::SourceFile, name: &str) -> String {
    for (i, l) in f.text.lines().enumerate() {
        if (l.contains("CONSTANT") || l.trim_start().starts_with(name) || l.contains(&format!(", {name}"))) && l.contains(name) {
            let c = l.find(name).unwrap();
            return format!("{}:{}:{}", f.name, i + 1, c + 1);
        }
    }
    format!("{}:1:1", f.name)
}

/// Evaluates every nullary definition that does not depend on the state and caches its value.
fn precompute(ev: &Ev, root: Sc) {
    let Some(defs) = root.defs.get() else { return };
    // constants substituted by nullary definitions (`C <- Def`): their value, when constant
    for d in defs.values() {
        if let Def::Const(cell, _) = d {
            let cur = cell.read().unwrap().clone();
            if let Some(Value::Op(c)) = cur {
                if c.arity() == 0 {
                    if let Some(cl) = c.as_any().downcast_ref::<vf_tla::tlc::Closure>() {
                        if let vf_tla::tlc::ClosureBody::Expr(body) = cl.body {
                            if let Ok(v) = ev.eval(body, cl.scope, &cl.env, &St::NONE) {
                                if !matches!(v, Value::Op(_)) {
                                    *cell.write().unwrap() = Some(v.normalize().unwrap_or(v));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    let mut names: Vec<(&'static str, &Def)> = defs.iter().map(|(k, v)| (*k, v)).collect();
    names.sort_by_key(|(k, _)| *k);
    for (name, d) in names {
        if let Def::Op(od, osc) = d {
            if !od.params.is_empty() || osc.cache.read().unwrap().contains_key(name) {
                continue;
            }
            if mentions_io(&od.body) {
                continue;
            }
            if let Ok(v) = ev.eval(&od.body, osc, &Env::default(), &St::NONE) {
                if let Ok(v) = v.normalize_if_finite() {
                    osc.cache.write().unwrap().insert(od.name.name.as_str(), v);
                }
            }
        }
    }
    let _ = Arc::new(0);
}

trait NormFinite {
    fn normalize_if_finite(&self) -> Result<Value, String>;
}
impl NormFinite for Value {
    fn normalize_if_finite(&self) -> Result<Value, String> {
        match self {
            Value::Op(_) => Err("operator".into()),
            v => Ok(v.normalize().unwrap_or_else(|_| v.clone())),
        }
    }
}

/// The top-level conjuncts of `e` (looking through nullary definitions), as syntax nodes with
/// their scopes.
fn conjuncts(ev: &Ev, e: E, sc: Sc, out: &mut Vec<(E, Sc)>, depth: usize) {
    match &e.kind {
        ExprKind::JunctionList(Junction::And, items) => {
            for i in items {
                conjuncts(ev, i, sc, out, depth);
            }
        }
        ExprKind::Infix(op, a, b) if op == "/\\" => {
            conjuncts(ev, a, sc, out, depth);
            conjuncts(ev, b, sc, out, depth);
        }
        ExprKind::Name(n) if depth < 32 => match ev.resolve(n, sc, e.span) {
            Ok(Some((Def::Op(od, osc), _))) if od.params.is_empty() => conjuncts(ev, &od.body, osc, out, depth + 1),
            _ => out.push((e, sc)),
        },
        _ => out.push((e, sc)),
    }
}

/// Whether evaluating `e` may print, read or write TLC registers, or draw random values
/// (looking through definitions; conservative: any such name, or a walk too deep, counts).
fn side_effects(ev: &Ev, e: E, sc: Sc, seen: &mut Vec<*const Expr>, depth: usize) -> bool {
    if depth > 64 || seen.len() > 10_000 {
        return true;
    }
    if seen.contains(&(e as *const Expr)) {
        return false;
    }
    seen.push(e);
    let name = match &e.kind {
        ExprKind::Name(n) | ExprKind::Apply(n, _) | ExprKind::OpRef(n) => Some(n.as_str()),
        ExprKind::Qualified(_) => return true,
        _ => None,
    };
    if let Some(n) = name {
        if ["Print", "TLC", "Random", "IO", "JavaTime", "Json", "ndJson", "Serialize", "Deserialize"].iter().any(|p| n.starts_with(p)) {
            return true;
        }
        if let Ok(Some((d, _))) = ev.resolve(n, sc, e.span) {
            match d {
                Def::Op(od, osc) => {
                    if side_effects(ev, &od.body, osc, seen, depth + 1) {
                        return true;
                    }
                }
                Def::Fn(fd, fsc) => {
                    if side_effects(ev, &fd.body, fsc, seen, depth + 1) || fd.bounds.iter().any(|b| side_effects(ev, &b.set, fsc, seen, depth + 1)) {
                        return true;
                    }
                }
                Def::Sub { expr, scope, .. } => {
                    if side_effects(ev, expr, scope, seen, depth + 1) {
                        return true;
                    }
                }
                Def::Inst { .. } | Def::OpValue(_) => return true,
                Def::Const(..) | Def::Var(_) => {}
            }
        }
    }
    let mut kids = Vec::new();
    vf_tla::parser::children(e, &mut kids);
    kids.into_iter().any(|k| side_effects(ev, k, sc, seen, depth + 1))
}

fn mentions_io(e: &Expr) -> bool {
    let s = format!("{:?}", e.kind);
    s.contains("\"Print") || s.contains("\"TLCSet") || s.contains("\"TLCGet") || s.contains("JavaTime") || s.contains("RandomElement")
}

pub enum Part {
    State(E, Sc),
    /// `[][A]_v`
    Always(E, E, Sc),
    Fairness(E, Sc),
    Other(E, Sc),
}

/// Splits a temporal formula into its conjuncts, looking through definitions that are temporal.
pub fn split_temporal(ev: &Ev, e: E, sc: Sc) -> Vec<Part> {
    let mut out = Vec::new();
    split_rec(ev, e, sc, &mut out, 0);
    out
}

fn split_rec(ev: &Ev, e: E, sc: Sc, out: &mut Vec<Part>, depth: usize) {
    match &e.kind {
        ExprKind::JunctionList(Junction::And, items) => items.iter().for_each(|i| split_rec(ev, i, sc, out, depth)),
        ExprKind::Infix(op, a, b) if op == "/\\" => {
            split_rec(ev, a, sc, out, depth);
            split_rec(ev, b, sc, out, depth);
        }
        ExprKind::Prefix(op, inner) if op == "[]" => match &inner.kind {
            ExprKind::BoxAction(a, v) => out.push(Part::Always(a, v, sc)),
            _ => out.push(Part::Other(e, sc)),
        },
        ExprKind::Fairness { .. } => out.push(Part::Fairness(e, sc)),
        ExprKind::Name(n) if depth < 20 && is_temporal(ev, e, sc, 0) => match ev.resolve(n, sc, e.span) {
            Ok(Some((Def::Op(od, osc), _))) if od.params.is_empty() => split_rec(ev, &od.body, osc, out, depth + 1),
            _ => out.push(Part::Other(e, sc)),
        },
        ExprKind::Quant(..) | ExprKind::Apply(..) if is_temporal(ev, e, sc, 0) => {
            // e.g. \A p \in P : WF_vars(A(p))
            if only_fairness(ev, e, sc, 0) {
                out.push(Part::Fairness(e, sc))
            } else {
                out.push(Part::Other(e, sc))
            }
        }
        _ if is_temporal(ev, e, sc, 0) => out.push(Part::Other(e, sc)),
        _ => out.push(Part::State(e, sc)),
    }
}

fn only_fairness(ev: &Ev, e: E, sc: Sc, depth: usize) -> bool {
    match &e.kind {
        ExprKind::Fairness { .. } => true,
        ExprKind::Quant(_, _, body) => only_fairness(ev, body, sc, depth),
        ExprKind::JunctionList(Junction::And, items) => items.iter().all(|i| only_fairness(ev, i, sc, depth)),
        ExprKind::Infix(op, a, b) if op == "/\\" => only_fairness(ev, a, sc, depth) && only_fairness(ev, b, sc, depth),
        ExprKind::Name(n) | ExprKind::Apply(n, _) if depth < 10 => match ev.resolve(n, sc, e.span) {
            Ok(Some((Def::Op(od, osc), _))) => only_fairness(ev, &od.body, osc, depth + 1),
            _ => false,
        },
        _ => false,
    }
}

/// The first temporal existential/universal quantifier (`\EE`, `\AA`) or `-+->` in `e`
/// (looking through definitions): formulas TLC does not check ("TLC cannot handle the temporal
/// formula ...").
pub fn tlc_cannot_handle(ev: &Ev, e: E, sc: Sc, depth: usize) -> Option<(E, Sc)> {
    if depth > 12 {
        return None;
    }
    use ExprKind::*;
    match &e.kind {
        TemporalQuant(..) => Some((e, sc)),
        Infix(op, _, _) if op == "-+->" => Some((e, sc)),
        Prefix(_, a) => tlc_cannot_handle(ev, a, sc, depth),
        Infix(_, a, b) => tlc_cannot_handle(ev, a, sc, depth).or_else(|| tlc_cannot_handle(ev, b, sc, depth)),
        JunctionList(_, items) => items.iter().find_map(|i| tlc_cannot_handle(ev, i, sc, depth)),
        Quant(_, _, body) | Let(_, body) => tlc_cannot_handle(ev, body, sc, depth),
        If(_, a, b) => tlc_cannot_handle(ev, a, sc, depth).or_else(|| tlc_cannot_handle(ev, b, sc, depth)),
        Name(n) | Apply(n, _) => match ev.resolve(n, sc, e.span) {
            Ok(Some((Def::Op(od, osc), _))) => tlc_cannot_handle(ev, &od.body, osc, depth + 1),
            _ => None,
        },
        _ => None,
    }
}

/// Does `e` contain a temporal operator (looking through definitions)?
pub fn is_temporal(ev: &Ev, e: E, sc: Sc, depth: usize) -> bool {
    if depth > 12 {
        return false;
    }
    use ExprKind::*;
    match &e.kind {
        Prefix(op, a) => op == "[]" || op == "<>" || is_temporal(ev, a, sc, depth),
        Infix(op, a, b) => op == "~>" || op == "-+->" || is_temporal(ev, a, sc, depth) || is_temporal(ev, b, sc, depth),
        Fairness { .. } | TemporalQuant(..) => true,
        JunctionList(_, items) => items.iter().any(|i| is_temporal(ev, i, sc, depth)),
        Quant(_, _, body) => is_temporal(ev, body, sc, depth),
        Name(n) | Apply(n, _) => match ev.resolve(n, sc, e.span) {
            Ok(Some((Def::Op(od, osc), _))) => is_temporal(ev, &od.body, osc, depth + 1),
            _ => false,
        },
        Let(_, body) => is_temporal(ev, body, sc, depth),
        If(_, a, b) => is_temporal(ev, a, sc, depth) || is_temporal(ev, b, sc, depth),
        _ => false,
    }
}

/// Applies a permutation of model values to a value (sets are re-normalised).
pub fn permute(v: &Value, p: &[(Value, Value)]) -> Value {
    match v {
        Value::Model(_) => p.iter().find(|(a, _)| a == v).map(|(_, b)| b.clone()).unwrap_or_else(|| v.clone()),
        Value::Set(s) => Value::set(s.iter().map(|x| permute(x, p)).collect()),
        Value::Tuple(t) => Value::tuple(t.iter().map(|x| permute(x, p)).collect()),
        Value::Record(r) => Value::Record(Arc::new(r.iter().map(|(n, x)| (n.clone(), permute(x, p))).collect())),
        Value::Func(f) => Value::func(f.dom.iter().map(|x| permute(x, p)).collect(), f.rng.iter().map(|x| permute(x, p)).collect()),
        _ => v.clone(),
    }
}

/// The group generated by a set of permutations (TLC applies the product of the symmetry sets).
fn close_group(gens: Vec<Vec<(Value, Value)>>) -> Vec<Vec<(Value, Value)>> {
    let apply = |p: &[(Value, Value)], x: &Value| p.iter().find(|(a, _)| a == x).map(|(_, b)| b.clone()).unwrap_or_else(|| x.clone());
    let mut points: Vec<Value> = gens.iter().flat_map(|p| p.iter().map(|(a, _)| a.clone())).collect();
    points.sort();
    points.dedup();
    let norm = |p: &[(Value, Value)]| -> Vec<(Value, Value)> { points.iter().map(|x| (x.clone(), apply(p, x))).collect() };
    let mut group: Vec<Vec<(Value, Value)>> = Vec::new();
    for g in &gens {
        let n = norm(g);
        if !group.contains(&n) {
            group.push(n);
        }
    }
    let mut i = 0;
    while i < group.len() && group.len() < 100_000 {
        for g in gens.iter().map(|g| norm(g)).collect::<Vec<_>>() {
            let comp: Vec<(Value, Value)> = points.iter().map(|x| (x.clone(), apply(&g, &apply(&group[i], x)))).collect();
            if !group.contains(&comp) {
                group.push(comp);
            }
        }
        i += 1;
    }
    group
}
