//! VC generation by symbolic execution: every program variable holds an SMT term (SSA:
//! assignments and havocs introduce fresh constants), branches are merged with `ite` and
//! guarded facts, calls are their `requires`/`ensures`, loops their invariants. Every
//! proof obligation becomes a `Check` (facts ⇒ goal) that is then assumed.

use crate::program::{span_of, FnDef, Mode, Program, Ty, IK};
use crate::{Fail, Span};
use std::collections::{HashMap, HashSet};
use verus_syn as syn;
use verus_syn::spanned::Spanned;

mod perm;

#[derive(Clone, Debug)]
pub struct Check {
    pub func: usize,
    /// The check's facts are the first `keep` facts of the previous check of the same
    /// function (in `Gen::checks` order; nothing for its first check) followed by `extra`:
    /// checks along one path share their facts instead of each holding a copy (n checks on a
    /// path of n facts were O(n^2) memory). `CheckFacts` rebuilds them in order.
    pub keep: usize,
    pub extra: Vec<String>,
    pub goal: String,
    pub span: Span,
    pub msg: String,
}

#[derive(Clone, Debug)]
struct Origin {
    root: String,
    guards: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Val {
    pub t: String,
    pub ty: Ty,
    origin: Option<Origin>,
}

fn v(t: impl Into<String>, ty: Ty) -> Val {
    Val {
        t: t.into(),
        ty,
        origin: None,
    }
}

#[derive(Clone, Debug)]
struct Var {
    name: String,
    val: Val,
    mutable: bool,
    /// declared in ghost code (`let ghost`, proof blocks): not usable by exec code, and the
    /// only variables ghost code may assign
    ghost: bool,
    /// linearity of tracked variables (permissions)
    lin: Lin,
}

/// A tracked variable is used at most once by value (moved), unless borrowed.
#[derive(Clone, Debug, PartialEq)]
enum Lin {
    /// not tracked
    Plain,
    /// owns a tracked value; declared at this loop depth (a move inside a deeper loop
    /// would move it again in the next iteration)
    Owned(usize),
    /// a shared borrow (`tracked_borrow`) of the tracked place rooted at this variable:
    /// read-only, ended by any assignment to that variable
    Shared(String),
    /// moved away (or its borrow ended): no further tracked use
    Moved,
}

#[derive(Debug, Default)]
struct State {
    env: Vec<Var>,
    facts: Vec<String>,
}

impl State {
    fn lookup(&self, n: &str) -> Option<&Var> {
        self.env.iter().rev().find(|x| x.name == n)
    }
    fn lookup_mut(&mut self, n: &str) -> Option<&mut Var> {
        self.env.iter_mut().rev().find(|x| x.name == n)
    }
}

struct LoopCtx {
    invs: Vec<syn::Expr>,
    invs_except_break: Vec<syn::Expr>,
    ensures: Vec<syn::Expr>,
    decreases: Vec<syn::Expr>,
    measure: Vec<Val>,
    has_break: bool,
}

/// Per-function state of the generator (saved while a spec function is translated on demand).
#[derive(Default)]
struct Frame {
    func: usize,
    old_env: Vec<Var>,
    nparams: usize,
    loops: Vec<LoopCtx>,
    entry_measure: Option<Vec<Val>>,
    in_old: bool,
    quant_depth: usize,
    /// spec fn being translated with fuel: its index (self calls use `fuel!`)
    spec_self: Option<usize>,
    /// `reveal_with_fuel(f, n)` seen in this function
    fuel: HashMap<usize, u32>,
}

enum SpecState {
    InProgress,
    Done,
}

pub struct Gen<'p> {
    pub p: &'p Program,
    /// (function, declaration); function usize::MAX = global
    pub decls: Vec<(usize, String)>,
    pub checks: Vec<Check>,
    pub spec_decls: Vec<String>,
    pub spec_defs: Vec<String>,
    pub tyvars: Vec<Option<Ty>>,
    spec: HashMap<usize, SpecState>,
    fresh: usize,
    fr: Frame,
    pub clips: HashSet<String>,
    /// result ranges of recursive spec fns with bounded return types, by function: left out
    /// of that function's own queries (where the induction hypothesis is given per call)
    pub range_axioms: Vec<(usize, String)>,
    /// (caller, callee, call site) of every exec/proof call, for the mutual-recursion check
    pub calls: Vec<(usize, usize, Span)>,
    /// integer literals (value, negated, type, position): checked against their final type
    pub lits: Vec<(u128, bool, Ty, Span, bool)>,
    /// terms named by `share` (a work counter for tests)
    pub shared: usize,
    /// assignments (and loop havocs) of variables so far: a quantifier body must make none
    env_writes: usize,
    /// facts copied (into checks and forked states): a work measure for tests; linear in the
    /// program for every shape but "many checks on one long path" (each check is a query
    /// with all facts of its path)
    pub facts_copied: usize,
    /// the facts of the last check of each function (`Check::keep`)
    last_facts: HashMap<usize, Vec<String>>,
    /// generics bound by a `Type::<A>::f` path, for the call being made
    turbofish_gm: HashMap<String, Ty>,
}

type R = Result<Option<Val>, Fail>;

/// Exec arithmetic terms at least this long are named (`Gen::share`); shorter ones stay inline,
/// so small programs' queries are unchanged.
pub const SHARE_MIN_LEN: usize = 120;

fn unsup<T: Spanned + 'static>(t: &T, what: &str) -> Fail {
    Fail::Unsupported(span_of(t), what.to_string())
}
fn tyerr<T: Spanned + 'static>(t: &T, what: &str) -> Fail {
    Fail::Type(span_of(t), what.to_string())
}

pub fn and_all(v: &[String]) -> String {
    match v.len() {
        0 => "true".into(),
        1 => v[0].clone(),
        _ => format!("(and {})", v.join(" ")),
    }
}

/// Rebuilds the facts of checks visited in `Gen::checks` order (every check of a function, in
/// order: each is relative to the previous one of its function).
#[derive(Default)]
pub struct CheckFacts {
    last: HashMap<usize, Vec<String>>,
}

impl CheckFacts {
    pub fn next(&mut self, c: &Check) -> &[String] {
        let v = self.last.entry(c.func).or_default();
        v.truncate(c.keep);
        v.extend(c.extra.iter().cloned());
        v
    }
}

/// `(ite sels[0] vals[0] (ite sels[1] vals[1] .. vals[n]))` (`vals` has one more element than
/// `sels`), written in one pass; a common tail of equal values is written once.
fn ite_chain(sels: &[&str], vals: &[&str]) -> String {
    debug_assert_eq!(vals.len(), sels.len() + 1);
    let last = vals[vals.len() - 1];
    let mut m = sels.len();
    while m > 0 && vals[m - 1] == last {
        m -= 1;
    }
    let len = sels[..m].iter().chain(&vals[..m]).map(|x| x.len() + 7).sum::<usize>() + last.len();
    let mut t = String::with_capacity(len);
    for j in 0..m {
        t.push_str("(ite ");
        t.push_str(sels[j]);
        t.push(' ');
        t.push_str(vals[j]);
        t.push(' ');
    }
    t.push_str(last);
    for _ in 0..m {
        t.push(')');
    }
    t
}

/// One branch of an `if`/`match` for `Gen::merge`: `sel` selects it when no earlier branch's
/// `sel` holds; `facts` are the facts the branch added to the common ones (its path condition
/// `cond` among them: kept if the branch is the only one that continues, else left out of the
/// join); `env` its variables at the end. Branches run in place on the one `State` (the common
/// facts are never copied: a nesting of n `if`s is O(n) facts, not O(n^2)) and hand back
/// what they added (`Gen::run_branch`).
struct Branch {
    sel: String,
    cond: String,
    env: Vec<Var>,
    facts: Vec<String>,
    val: Option<Val>,
}

fn int_lit(n: i128) -> String {
    if n < 0 {
        format!("(- {})", -n)
    } else {
        n.to_string()
    }
}

pub fn bounds(k: IK) -> (Option<String>, Option<String>) {
    match k {
        IK::Int => (None, None),
        IK::Nat => (Some("0".into()), None),
        IK::U(128) => (Some("0".into()), Some(u128::MAX.to_string())),
        IK::I(128) => (
            Some(format!("(- {})", (i128::MAX as u128) + 1)),
            Some(i128::MAX.to_string()),
        ),
        IK::U(n) => (Some("0".into()), Some(((1u128 << n) - 1).to_string())),
        IK::I(n) => (
            Some(int_lit(-(1i128 << (n - 1)))),
            Some(((1i128 << (n - 1)) - 1).to_string()),
        ),
        IK::Usize => (Some("0".into()), Some("usize_max".into())),
        IK::Isize => (Some("isize_min".into()), Some("isize_max".into())),
    }
}

pub fn range_of(k: IK, t: &str) -> Option<String> {
    let (lo, hi) = bounds(k);
    let mut v = Vec::new();
    if let Some(l) = lo {
        v.push(format!("(<= {} {})", l, t));
    }
    if let Some(h) = hi {
        v.push(format!("(<= {} {})", t, h));
    }
    if v.is_empty() {
        None
    } else {
        Some(and_all(&v))
    }
}

fn subst(t: &Ty, m: &HashMap<String, Ty>) -> Ty {
    match t {
        Ty::Param(n) => m.get(n).cloned().unwrap_or(Ty::Param(n.clone())),
        Ty::Adt(n, a) => Ty::Adt(n.clone(), a.iter().map(|x| subst(x, m)).collect()),
        Ty::Option(a) => Ty::Option(Box::new(subst(a, m))),
        Ty::Seq(a) => Ty::Seq(Box::new(subst(a, m))),
        Ty::Set(a) => Ty::Set(Box::new(subst(a, m))),
        Ty::Map(a, b) => Ty::Map(Box::new(subst(a, m)), Box::new(subst(b, m))),
        Ty::Tuple(v) => Ty::Tuple(v.iter().map(|x| subst(x, m)).collect()),
        o => o.clone(),
    }
}

/// Binds generic parameters of `decl` from the actual type `act`.
fn bind_generics(decl: &Ty, act: &Ty, m: &mut HashMap<String, Ty>) {
    match (decl, act) {
        (Ty::Param(n), a) => {
            if !matches!(a, Ty::Unknown) {
                m.entry(n.clone()).or_insert_with(|| a.clone());
            }
        }
        (Ty::Adt(_, d), Ty::Adt(_, a)) => {
            for (x, y) in d.iter().zip(a) {
                bind_generics(x, y, m)
            }
        }
        (Ty::Option(d), Ty::Option(a)) | (Ty::Seq(d), Ty::Seq(a)) | (Ty::Set(d), Ty::Set(a)) => {
            bind_generics(d, a, m)
        }
        (Ty::Map(d1, d2), Ty::Map(a1, a2)) => {
            bind_generics(d1, a1, m);
            bind_generics(d2, a2, m)
        }
        (Ty::Tuple(d), Ty::Tuple(a)) if d.len() == a.len() => {
            for (x, y) in d.iter().zip(a) {
                bind_generics(x, y, m)
            }
        }
        _ => {}
    }
}

fn path_names(p: &syn::Path) -> Vec<String> {
    p.segments.iter().map(|s| s.ident.to_string()).collect()
}

/// Does `e` (syntactically) mention identifier `n` as a path?
fn idents_in_block(b: &syn::Block, out: &mut HashSet<String>) {
    let toks = quote_tokens(b);
    collect_idents(toks, out);
}

fn quote_tokens(b: &syn::Block) -> proc_macro2::TokenStream {
    use quote::ToTokens;
    b.to_token_stream()
}

fn collect_idents(ts: proc_macro2::TokenStream, out: &mut HashSet<String>) {
    for tt in ts {
        match tt {
            proc_macro2::TokenTree::Ident(i) => {
                out.insert(i.to_string());
            }
            proc_macro2::TokenTree::Group(g) => collect_idents(g.stream(), out),
            _ => {}
        }
    }
}

impl<'p> Gen<'p> {
    pub fn new(p: &'p Program) -> Self {
        Gen {
            p,
            decls: vec![],
            checks: vec![],
            spec_decls: vec![],
            spec_defs: vec![],
            tyvars: vec![],
            spec: HashMap::new(),
            fresh: 0,
            fr: Frame::default(),
            clips: HashSet::new(),
            range_axioms: vec![],
            calls: vec![],
            lits: vec![],
            shared: 0,
            env_writes: 0,
            facts_copied: 0,
            last_facts: HashMap::new(),
            turbofish_gm: HashMap::new(),
        }
    }

    // ---------------------------------------------------------------- types
    pub fn resolve(&self, t: &Ty) -> Ty {
        match t {
            Ty::Var(i) => match &self.tyvars[*i] {
                Some(t2) => self.resolve(t2),
                None => t.clone(),
            },
            o => o.clone(),
        }
    }

    fn new_tyvar(&mut self) -> Ty {
        self.tyvars.push(None);
        Ty::Var(self.tyvars.len() - 1)
    }

    /// Unifies two integer types (literal type variables get the other side's type).
    fn unify(&mut self, a: &Ty, b: &Ty) {
        let (a, b) = (self.resolve(a), self.resolve(b));
        match (&a, &b) {
            (Ty::Var(i), Ty::Var(j)) if i != j => self.tyvars[*i] = Some(b.clone()),
            (Ty::Var(i), Ty::Int(_)) => self.tyvars[*i] = Some(b.clone()),
            (Ty::Int(_), Ty::Var(j)) => self.tyvars[*j] = Some(a.clone()),
            _ => {}
        }
    }

    /// Unifies literal type variables inside structured types (tuples, Option, ...).
    fn unify_deep(&mut self, a: &Ty, b: &Ty) {
        let (a, b) = (self.resolve(a), self.resolve(b));
        match (&a, &b) {
            (Ty::Tuple(x), Ty::Tuple(y)) if x.len() == y.len() => {
                for (p, q) in x.iter().zip(y) {
                    self.unify_deep(p, q)
                }
            }
            (Ty::Option(x), Ty::Option(y))
            | (Ty::Seq(x), Ty::Seq(y))
            | (Ty::Set(x), Ty::Set(y)) => self.unify_deep(x, y),
            (Ty::Adt(_, x), Ty::Adt(_, y)) => {
                for (p, q) in x.iter().zip(y) {
                    self.unify_deep(p, q)
                }
            }
            _ => self.unify(&a, &b),
        }
    }

    pub fn sort(&self, t: &Ty) -> String {
        match self.resolve(t) {
            Ty::Bool => "Bool".into(),
            Ty::Int(_) | Ty::Var(_) => "Int".into(),
            Ty::Param(_) | Ty::Unknown => "Poly".into(),
            Ty::Adt(n, _) => n,
            Ty::Option(_) => "Option".into(),
            Ty::Seq(_) => "SeqS".into(),
            Ty::Set(_) => "SetS".into(),
            Ty::Map(..) => "MapS".into(),
            Ty::Tuple(v) => format!("Tup{}", v.len()),
            Ty::Unit => "Unit".into(),
        }
    }

    fn range(&self, ty: &Ty, t: &str) -> Option<String> {
        match self.resolve(ty) {
            Ty::Int(k) => range_of(k, t),
            Ty::Var(i) => Some(format!("(vf.range.tv{} {})", i, t)),
            _ => None,
        }
    }

    fn coerce(&self, x: Val, to: &Ty) -> Val {
        let (fs, ts) = (self.sort(&x.ty), self.sort(to));
        if fs == ts {
            return x;
        }
        let t = if ts == "Poly" {
            // box(unbox(p)) = p for a p that is statically of this type (Verus's has_type)
            match strip_app(&x.t, &format!("unbox_{}", fs)) {
                Some(inner) => inner,
                None => format!("(box_{} {})", fs, x.t),
            }
        } else if fs == "Poly" {
            format!("(unbox_{} {})", ts, x.t)
        } else {
            // different concrete sorts: go through Poly (only reachable with unknown types)
            format!("(unbox_{} (box_{} {}))", ts, fs, x.t)
        };
        Val {
            t,
            ty: to.clone(),
            origin: x.origin,
        }
    }

    /// Two values to one common sort for `==`.
    fn common(&mut self, a: Val, b: Val) -> (Val, Val) {
        self.unify(&a.ty, &b.ty);
        let (sa, sb) = (self.sort(&a.ty), self.sort(&b.ty));
        if sa == sb {
            (a, b)
        } else if sa == "Poly" {
            let bt = a.ty.clone();
            (a, self.coerce(b, &bt))
        } else {
            let at = b.ty.clone();
            (self.coerce(a, &at), b)
        }
    }

    // ---------------------------------------------------------------- fresh names, checks
    fn fresh_const(&mut self, hint: &str, ty: &Ty) -> Val {
        self.fresh += 1;
        let name: String = hint
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let n = format!("{}!{}", name, self.fresh);
        let s = self.sort(ty);
        self.decls
            .push((self.fr.func, format!("(declare-const {} {})", n, s)));
        v(n, ty.clone())
    }

    /// Term sharing for exec arithmetic: a result term longer than `SHARE_MIN_LEN` is named by a
    /// fresh integer constant defined by a fact `(= name term)`, and the name is used from then
    /// on. Without it every operator of a chain `x - x - ... - x` repeated its whole operand
    /// text in its own overflow check and in every later fact (cubic text; signed `/`, `%`
    /// repeat an operand 4-5 times: exponential). A definition that does not reach a query only
    /// leaves the name unconstrained (weaker facts, never a stronger proof).
    fn share(&mut self, st: &mut State, t: String) -> String {
        if self.fr.quant_depth > 0 || t.len() < SHARE_MIN_LEN {
            return t;
        }
        self.fresh += 1;
        self.shared += 1;
        let n = format!("t!{}", self.fresh);
        self.decls
            .push((self.fr.func, format!("(declare-const {} Int)", n)));
        st.facts.push(format!("(= {} {})", n, t));
        n
    }

    /// A copy of the facts (for a check, or a state that continues separately): the only
    /// places facts are copied, counted in `facts_copied`.
    fn copy_facts(&mut self, facts: &[String]) -> Vec<String> {
        self.facts_copied += facts.len();
        facts.to_vec()
    }

    fn fork(&mut self, st: &State) -> State {
        State {
            env: st.env.clone(),
            facts: self.copy_facts(&st.facts),
        }
    }

    fn havoc(&mut self, st: &mut State, hint: &str, ty: &Ty) -> Val {
        let x = self.fresh_const(hint, ty);
        if let Some(r) = self.range(ty, &x.t) {
            st.facts.push(r);
        }
        x
    }

    fn check(&mut self, st: &mut State, goal: String, span: Span, msg: &str) -> Result<(), Fail> {
        if self.fr.quant_depth > 0 {
            return Err(Fail::Unsupported(
                span,
                format!("proof obligation ({}) inside a quantifier", msg),
            ));
        }
        if goal != "true" {
            let last = self.last_facts.entry(self.fr.func).or_default();
            let n = last.len().min(st.facts.len());
            let mut keep = 0;
            while keep < n && last[keep] == st.facts[keep] {
                keep += 1;
            }
            let extra = st.facts[keep..].to_vec();
            last.truncate(keep);
            last.extend(extra.iter().cloned());
            self.facts_copied += extra.len();
            self.checks.push(Check {
                func: self.fr.func,
                keep,
                extra,
                goal: goal.clone(),
                span,
                msg: msg.to_string(),
            });
        }
        st.facts.push(goal);
        Ok(())
    }

    // ---------------------------------------------------------------- functions
    fn fndef(&self, i: usize) -> &'p FnDef {
        &self.p.fns[i]
    }

    /// requires/ensures clauses of `i`, including those of the trait method it implements.
    fn clauses(&self, i: usize, ens: bool) -> Vec<(usize, &'p syn::Expr)> {
        let f = self.fndef(i);
        let mut out: Vec<(usize, &syn::Expr)> = Vec::new();
        if let (Some(tn), Some(_)) = (&f.trait_name, &f.self_ty) {
            if let Some(&j) = self.p.fn_index.get(&format!("{}::{}", tn, f.name)) {
                let g = self.fndef(j);
                for e in if ens { &g.ensures } else { &g.requires } {
                    out.push((j, e));
                }
            }
        }
        for e in if ens { &f.ensures } else { &f.requires } {
            out.push((i, e));
        }
        out
    }

    /// Evaluates a clause of function `owner` with its parameters bound (by position) to `args`.
    fn eval_clause(
        &mut self,
        st: &mut State,
        owner: usize,
        e: &syn::Expr,
        args: &[Val],
        old: &[Val],
        ret: Option<&Val>,
    ) -> Result<String, Fail> {
        let f = self.fndef(owner);
        // the clause is read in place, with the owner's parameters as its variables (the
        // caller's facts are not copied per clause: n `requires` clauses were O(n^2))
        let mut cs = State {
            env: vec![],
            facts: std::mem::take(&mut st.facts),
        };
        let mut oldenv = Vec::new();
        for (k, p) in f.params.iter().enumerate() {
            let a = self.coerce(args[k].clone(), &p.ty);
            cs.env.push(Var {
                name: p.name.clone(),
                val: a,
                mutable: false,
                ghost: false,
                lin: Lin::Plain,
            });
            let o = self.coerce(old[k].clone(), &p.ty);
            oldenv.push(Var {
                name: p.name.clone(),
                val: o,
                mutable: false,
                ghost: false,
                lin: Lin::Plain,
            });
        }
        if let (Some((rn, rt)), Some(r)) = (&f.ret, ret) {
            let r = self.coerce(r.clone(), rt);
            cs.env.push(Var {
                name: rn.clone(),
                val: r,
                mutable: false,
                ghost: false,
                lin: Lin::Plain,
            });
        }
        let saved_old = std::mem::replace(&mut self.fr.old_env, oldenv);
        let saved_in_old = self.fr.in_old;
        self.fr.in_old = false;
        let r = self.ex(&mut cs, e, Mode::Spec);
        self.fr.old_env = saved_old;
        self.fr.in_old = saved_in_old;
        // facts learnt while reading the clause (ranges of fields read) hold in the caller too
        st.facts = cs.facts;
        let r = r?.ok_or_else(|| unsup(e, "diverging specification"))?;
        if self.sort(&r.ty) != "Bool" {
            return Err(tyerr(e, "specification clause is not a bool"));
        }
        Ok(r.t)
    }

    pub fn verify_fn(&mut self, i: usize) -> Result<(), Fail> {
        let f = self.fndef(i);
        if f.mode == Mode::Spec {
            self.spec_fn(i, f.span)?;
            return Ok(());
        }
        let Some(body) = &f.body else { return Ok(()) };
        let saved = std::mem::replace(
            &mut self.fr,
            Frame {
                func: i,
                ..Default::default()
            },
        );
        let r = self.verify_body(i, body);
        self.fr = saved;
        r
    }

    fn verify_body(&mut self, i: usize, body: &'p syn::Block) -> Result<(), Fail> {
        let f = self.fndef(i);
        let mut st = State::default();
        for p in &f.params {
            let x = self.havoc(&mut st, &p.name, &p.ty);
            st.env.push(Var {
                name: p.name.clone(),
                val: x,
                mutable: p.mut_ref,
                ghost: false,
                lin: Lin::Plain,
            });
        }
        self.fr.old_env = st.env.clone();
        self.fr.nparams = f.params.len();
        let args: Vec<Val> = st.env.iter().map(|x| x.val.clone()).collect();
        for (owner, e) in self.clauses(i, false) {
            let t = self.eval_clause(&mut st, owner, e, &args, &args, None)?;
            st.facts.push(t);
        }
        if !f.decreases.is_empty() {
            let mut m = Vec::new();
            for d in &f.decreases {
                let x = self
                    .ex(&mut st, d, Mode::Spec)?
                    .ok_or_else(|| unsup(d, "decreases"))?;
                m.push(x);
            }
            self.fr.entry_measure = Some(m);
        }
        let mode = f.mode;
        let r = self.block(&mut st, body, mode)?;
        if let Some(rv) = r {
            let end = span_of(&body.brace_token.span.close());
            self.check_ensures(&mut st, rv, end)?;
        }
        Ok(())
    }

    fn check_ensures(&mut self, st: &mut State, rv: Val, _at: Span) -> Result<(), Fail> {
        let i = self.fr.func;
        let f = self.fndef(i);
        let args: Vec<Val> = st.env[..self.fr.nparams]
            .iter()
            .map(|x| x.val.clone())
            .collect();
        let old: Vec<Val> = self.fr.old_env.iter().map(|x| x.val.clone()).collect();
        let rv = match &f.ret {
            Some((_, rt)) => self.fits(st, rv, rt, _at)?,
            None => rv,
        };
        for (owner, e) in self.clauses(i, true) {
            let t = self.eval_clause(st, owner, e, &args, &old, Some(&rv))?;
            self.check(st, t, span_of(e), "postcondition not satisfied")?;
        }
        Ok(())
    }

    /// A value of type `from` used where `to` is expected: checks the integer range if needed.
    fn fits(&mut self, st: &mut State, x: Val, to: &Ty, at: Span) -> Result<Val, Fail> {
        self.unify_deep(&x.ty, to);
        let (a, b) = (self.resolve(&x.ty), self.resolve(to));
        if let (Ty::Var(_), Ty::Int(_)) | (Ty::Int(_), Ty::Var(_)) | (Ty::Var(_), Ty::Var(_)) =
            (&a, &b)
        {
            self.unify(&a, &b);
        }
        let (a, b) = (self.resolve(&x.ty), self.resolve(to));
        if let Ty::Int(kb) = b {
            let contained = match a {
                Ty::Int(ka) => kind_within(ka, kb),
                Ty::Var(_) => false,
                _ => true,
            };
            if !contained {
                if let Some(r) = range_of(kb, &x.t) {
                    self.check(st, r, at, "possible arithmetic underflow/overflow")?;
                }
            }
            return Ok(Val {
                t: x.t,
                ty: to.clone(),
                origin: x.origin,
            });
        }
        Ok(self.coerce(x, to))
    }

    // ---------------------------------------------------------------- spec functions
    fn is_self_recursive(&self, i: usize) -> bool {
        let f = self.fndef(i);
        let mut ids = HashSet::new();
        if let Some(b) = &f.body {
            idents_in_block(b, &mut ids);
        }
        ids.contains(&f.name)
    }

    fn spec_name(&self, i: usize) -> String {
        format!("spec.{}", self.fndef(i).key.replace("::", "."))
    }

    /// Makes sure spec fn `i` is declared/defined; returns whether it takes fuel.
    fn spec_fn(&mut self, i: usize, at: Span) -> Result<bool, Fail> {
        let rec = self.is_self_recursive(i);
        match self.spec.get(&i) {
            Some(SpecState::Done) => return Ok(rec),
            Some(SpecState::InProgress) => {
                if self.fr.spec_self == Some(i) {
                    return Ok(rec);
                }
                return Err(Fail::Unsupported(
                    at,
                    "mutually recursive spec functions".into(),
                ));
            }
            None => {}
        }
        self.spec.insert(i, SpecState::InProgress);
        let f = self.fndef(i);
        let name = self.spec_name(i);
        let ret_ty = f
            .ret
            .as_ref()
            .map(|r| r.1.clone())
            .ok_or_else(|| Fail::Type(f.span, "spec fn without return type".into()))?;
        let mut sorts: Vec<String> = f.params.iter().map(|p| self.sort(&p.ty)).collect();
        let rsort = self.sort(&ret_ty);
        if rec {
            sorts.insert(0, "Fuel".into());
            self.spec_decls.push(format!(
                "(declare-fun {} ({}) {})",
                name,
                sorts.join(" "),
                rsort
            ));
        }
        let Some(body) = &f.body else {
            if !rec {
                self.spec_decls.push(format!(
                    "(declare-fun {} ({}) {})",
                    name,
                    sorts.join(" "),
                    rsort
                ));
            }
            self.spec.insert(i, SpecState::Done);
            return Ok(rec);
        };
        // translate the body with the parameters as named constants
        let saved = std::mem::replace(
            &mut self.fr,
            Frame {
                func: i,
                spec_self: if rec { Some(i) } else { None },
                ..Default::default()
            },
        );
        let mut st = State::default();
        let mut binders = Vec::new();
        for (k, p) in f.params.iter().enumerate() {
            let pn = format!("p!{}!{}", i, k);
            self.decls.push((
                usize::MAX,
                format!("(declare-const {} {})", pn, self.sort(&p.ty)),
            ));
            binders.push(format!("({} {})", pn, self.sort(&p.ty)));
            if let Some(r) = self.range(&p.ty, &pn) {
                st.facts.push(r);
            }
            st.env.push(Var {
                name: p.name.clone(),
                val: v(pn, p.ty.clone()),
                mutable: false,
                ghost: false,
                lin: Lin::Plain,
            });
        }
        self.fr.old_env = st.env.clone();
        self.fr.nparams = f.params.len();
        if !f.decreases.is_empty() {
            let mut m = Vec::new();
            for d in &f.decreases {
                let x = self
                    .ex(&mut st, d, Mode::Spec)?
                    .ok_or_else(|| unsup(d, "decreases"))?;
                m.push(x);
            }
            self.fr.entry_measure = Some(m);
        }
        let r = self.block(&mut st, body, Mode::Spec);
        // a bounded return type (nat, u8, ...) is part of the function's type: checked on the
        // body here (recursive calls assume it: induction, sound because termination is checked)
        let range_check = match &r {
            Ok(Some(x)) if ty_is_bounded(&ret_ty) => match self.range(&ret_ty, &x.t) {
                Some(g) => self.check(&mut st, g, f.span, "spec fn result not in its return type"),
                None => Ok(()),
            },
            _ => Ok(()),
        };
        self.fr = saved;
        range_check?;
        let r = r?.ok_or_else(|| unsup(body, "diverging spec fn"))?;
        let r = self.coerce(r, &ret_ty);
        let args: Vec<String> = binders
            .iter()
            .map(|b| b[1..].split(' ').next().unwrap().to_string())
            .collect();
        if rec {
            let fuel_app = format!("({} (FS fuel!) {})", name, args.join(" "));
            let fuel_app0 = format!("({} fuel! {})", name, args.join(" "));
            let bs = format!("(fuel! Fuel) {}", binders.join(" "));
            self.spec_defs.push(format!(
                "(assert (forall ({}) (! (= {} {}) :pattern ({}))))",
                bs, fuel_app, r.t, fuel_app
            ));
            self.spec_defs.push(format!(
                "(assert (forall ({}) (! (= {} {}) :pattern ({}))))",
                bs, fuel_app, fuel_app0, fuel_app
            ));
            if ty_is_bounded(&ret_ty) {
                if let Some(g) = self.range(&ret_ty, &fuel_app0) {
                    self.range_axioms.push((
                        i,
                        format!(
                            "(assert (forall ({}) (! {} :pattern ({}))))",
                            bs, g, fuel_app0
                        ),
                    ));
                }
            }
        } else {
            self.spec_defs.push(format!(
                "(define-fun {} ({}) {} {})",
                name,
                binders.join(" "),
                rsort,
                r.t
            ));
        }
        self.spec.insert(i, SpecState::Done);
        Ok(rec)
    }

    // ---------------------------------------------------------------- statements and blocks
    fn block(&mut self, st: &mut State, b: &syn::Block, mode: Mode) -> R {
        let n = st.env.len();
        let mut last = Some(v("unit", Ty::Unit));
        for (k, s) in b.stmts.iter().enumerate() {
            let is_last = k + 1 == b.stmts.len();
            last = match s {
                syn::Stmt::Local(l) => {
                    self.local(st, l, mode)?;
                    Some(v("unit", Ty::Unit))
                }
                syn::Stmt::Expr(e, semi) => {
                    let r = self.ex(st, e, mode)?;
                    match r {
                        None => None,
                        Some(x) => {
                            if semi.is_some() || !is_last {
                                Some(v("unit", Ty::Unit))
                            } else {
                                Some(x)
                            }
                        }
                    }
                }
                syn::Stmt::Item(it) => return Err(unsup(it, "item inside a block")),
                syn::Stmt::Macro(m) if m.mac.path.is_ident("assert_by_contradiction") => {
                    if self.assert_by_contradiction(st, &m.mac, m)?.is_none() {
                        None
                    } else {
                        Some(v("unit", Ty::Unit))
                    }
                }
                syn::Stmt::Macro(m) => return Err(unsup(m, "macro statement")),
            };
            if last.is_none() {
                break;
            }
        }
        st.env.truncate(n);
        Ok(last)
    }

    fn local(&mut self, st: &mut State, l: &syn::Local, mode: Mode) -> Result<(), Fail> {
        let mode = if l.ghost.is_some() { Mode::Spec } else { mode };
        let (pat, ann) = match &l.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
            p => (p, None),
        };
        let Some(init) = &l.init else {
            return Err(unsup(l, "let without initializer"));
        };
        if init.diverge.is_some() {
            return Err(unsup(l, "let-else"));
        }
        if let syn::Expr::Call(c) = &*init.expr {
            if let syn::Expr::Path(fp) = &*c.func {
                if path_names(&fp.path) == ["PPtr", "new"] && c.args.len() == 1 {
                    self.let_pptr_new(st, l, &c.args[0], mode)?;
                    return Ok(());
                }
            }
        }
        if l.tracked.is_some() {
            return self.let_tracked(st, l, &init.expr);
        }
        let x = self.ex(st, &init.expr, mode)?;
        let Some(mut x) = x else {
            return Err(unsup(l, "let of a diverging expression"));
        };
        if let Some(t) = ann {
            let f = self.fndef(self.fr.func);
            let ty = crate::program::resolve_ty(t, &f.generics, f.self_ty.as_ref(), self.p)?;
            x = if mode == Mode::Exec || ty_is_bounded(&ty) {
                self.fits(st, x, &ty, span_of(l))?
            } else {
                self.coerce(x, &ty)
            };
            x.ty = ty;
        }
        match pat {
            syn::Pat::Ident(pi) if pi.subpat.is_none() && pi.by_ref.is_none() => {
                st.env.push(Var {
                    name: pi.ident.to_string(),
                    val: x,
                    mutable: pi.mutability.is_some(),
                    ghost: mode != Mode::Exec,
                    lin: Lin::Plain,
                });
                Ok(())
            }
            p => {
                let (tests, binds) = self.pattern(st, &x, p)?;
                if !tests.is_empty() {
                    return Err(unsup(p, "refutable pattern in let"));
                }
                for (n, val, m) in binds {
                    st.env.push(Var {
                        name: n,
                        val,
                        mutable: m,
                        ghost: mode != Mode::Exec,
                        lin: Lin::Plain,
                    });
                }
                Ok(())
            }
        }
    }

    // ---------------------------------------------------------------- patterns
    /// Tests (SMT bools) and bindings of matching `x` against `p`.
    #[allow(clippy::type_complexity)]
    fn pattern(
        &mut self,
        st: &mut State,
        x: &Val,
        p: &syn::Pat,
    ) -> Result<(Vec<String>, Vec<(String, Val, bool)>), Fail> {
        let ty = self.resolve(&x.ty);
        match p {
            syn::Pat::Wild(_) | syn::Pat::Rest(_) => Ok((vec![], vec![])),
            syn::Pat::Paren(pp) => self.pattern(st, x, &pp.pat),
            syn::Pat::Reference(r) => self.pattern(st, x, &r.pat),
            syn::Pat::Ident(pi) if pi.subpat.is_none() => {
                let n = pi.ident.to_string();
                if n == "None" && matches!(ty, Ty::Option(_)) {
                    return Ok((vec![format!("((_ is mk.Option.None) {})", x.t)], vec![]));
                }
                if let Ty::Adt(an, _) = &ty {
                    let a = &self.p.adts[self.p.adt_index[an]];
                    if a.is_enum
                        && a.variants
                            .iter()
                            .any(|(c, fs)| c.ends_with(&format!("::{}", n)) && fs.is_empty())
                    {
                        return Ok((
                            vec![format!(
                                "((_ is {}) {})",
                                ctor_name(&format!("{}::{}", an, n)),
                                x.t
                            )],
                            vec![],
                        ));
                    }
                }
                Ok((vec![], vec![(n, x.clone(), pi.mutability.is_some())]))
            }
            syn::Pat::Lit(l) => {
                let lv = self
                    .ex(st, &syn::Expr::Lit(l.clone()), Mode::Spec)?
                    .unwrap();
                let (a, b) = self.common(x.clone(), lv);
                Ok((vec![format!("(= {} {})", a.t, b.t)], vec![]))
            }
            syn::Pat::Path(pp) => {
                let names = path_names(&pp.path);
                self.ctor_pattern(st, x, &names, &[], p)
            }
            syn::Pat::Tuple(pt) => {
                let Ty::Tuple(comps) = &ty else {
                    return Err(tyerr(p, "tuple pattern on a non-tuple"));
                };
                if pt.elems.len() != comps.len() {
                    return Err(tyerr(p, "tuple pattern of the wrong length"));
                }
                let n = comps.len();
                let mut tests = Vec::new();
                let mut binds = Vec::new();
                for (k, (q, ct)) in pt.elems.iter().zip(comps.iter()).enumerate() {
                    let f = self.sub_val(
                        x,
                        format!("(Tup{}.{} {})", n, k, x.t),
                        Ty::Unknown,
                        ct,
                        None,
                    );
                    let (t2, b2) = self.pattern(st, &f, q)?;
                    tests.extend(t2);
                    binds.extend(b2);
                }
                Ok((tests, binds))
            }
            syn::Pat::TupleStruct(ts) if ts.path.is_ident("Tracked") || ts.path.is_ident("Ghost") => {
                Err(unsup(p, "Tracked(..)/Ghost(..) pattern (outside `let (p, Tracked(perm), Tracked(dealloc)) = PPtr::new(..)`)"))
            }
            syn::Pat::TupleStruct(ts) => {
                let names = path_names(&ts.path);
                let subs: Vec<(String, &syn::Pat)> = ts
                    .elems
                    .iter()
                    .enumerate()
                    .map(|(k, q)| (k.to_string(), q))
                    .collect();
                self.ctor_pattern(st, x, &names, &subs, p)
            }
            syn::Pat::Struct(ps) => {
                let names = path_names(&ps.path);
                let mut subs = Vec::new();
                for fp in &ps.fields {
                    let m = match &fp.member {
                        syn::Member::Named(i) => i.to_string(),
                        syn::Member::Unnamed(ix) => ix.index.to_string(),
                    };
                    subs.push((m, &*fp.pat));
                }
                self.ctor_pattern(st, x, &names, &subs, p)
            }
            other => Err(unsup(other, "pattern")),
        }
    }

    #[allow(clippy::type_complexity)]
    fn ctor_pattern(
        &mut self,
        st: &mut State,
        x: &Val,
        names: &[String],
        subs: &[(String, &syn::Pat)],
        p: &syn::Pat,
    ) -> Result<(Vec<String>, Vec<(String, Val, bool)>), Fail> {
        let ty = self.resolve(&x.ty);
        let last = names.last().cloned().unwrap_or_default();
        let mut tests = Vec::new();
        let mut binds = Vec::new();
        match &ty {
            Ty::Option(inner) => {
                if last == "None" && subs.is_empty() {
                    return Ok((vec![format!("((_ is mk.Option.None) {})", x.t)], vec![]));
                }
                if last != "Some" || subs.len() != 1 {
                    return Err(unsup(p, "Option pattern"));
                }
                let test = format!("((_ is mk.Option.Some) {})", x.t);
                tests.push(test.clone());
                let f = self.sub_val(
                    x,
                    format!("(Option.Some.0 {})", x.t),
                    Ty::Param("T".into()),
                    inner,
                    Some(test),
                );
                let (t2, b2) = self.pattern(st, &f, subs[0].1)?;
                tests.extend(t2);
                binds.extend(b2);
            }
            Ty::Adt(an, args) => {
                let a = &self.p.adts[self.p.adt_index[an]];
                let cname = if a.is_enum {
                    format!("{}::{}", an, last)
                } else {
                    an.clone()
                };
                let Some((_, fields)) = a.variants.iter().find(|(c, _)| *c == cname) else {
                    return Err(tyerr(p, &format!("no constructor {} in {}", last, an)));
                };
                let m: HashMap<String, Ty> = a
                    .generics
                    .iter()
                    .cloned()
                    .zip(args.iter().cloned())
                    .collect();
                let guard = if a.is_enum {
                    let t = format!("((_ is {}) {})", ctor_name(&cname), x.t);
                    tests.push(t.clone());
                    Some(t)
                } else {
                    None
                };
                for (fname, sp) in subs {
                    let Some((_, fty)) = fields.iter().find(|(n, _)| n == fname) else {
                        return Err(tyerr(p, &format!("no field {}", fname)));
                    };
                    let inst = subst(fty, &m);
                    let f = self.sub_val(
                        x,
                        format!("({} {})", sel_name(&cname, fname), x.t),
                        fty.clone(),
                        &inst,
                        guard.clone(),
                    );
                    let (t2, b2) = self.pattern(st, &f, sp)?;
                    tests.extend(t2);
                    binds.extend(b2);
                }
            }
            _ => {
                return Err(tyerr(
                    p,
                    "pattern on a value that is not an enum/struct/Option",
                ))
            }
        }
        Ok((tests, binds))
    }

    /// A field of `x` (declared type `decl`, instantiated `inst`), remembering it is a strict subterm.
    fn sub_val(&self, x: &Val, term: String, decl: Ty, inst: &Ty, guard: Option<String>) -> Val {
        let mut o = x.origin.clone().unwrap_or(Origin {
            root: x.t.clone(),
            guards: vec![],
        });
        if let Some(g) = guard {
            o.guards.push(g);
        }
        let raw = Val {
            t: term,
            ty: decl,
            origin: Some(o),
        };
        let mut r = self.coerce(raw, inst);
        r.ty = inst.clone();
        r
    }

    fn field(&self, x: &Val, member: &syn::Member, at: &dyn Spanned) -> Result<Val, Fail> {
        let fname = match member {
            syn::Member::Named(i) => i.to_string(),
            syn::Member::Unnamed(ix) => ix.index.to_string(),
        };
        let ty = self.resolve(&x.ty);
        if let Ty::Tuple(comps) = &ty {
            let k: usize = fname
                .parse()
                .map_err(|_| Fail::Type(span_of_dyn(at), "tuple field".into()))?;
            let Some(ct) = comps.get(k) else {
                return Err(Fail::Type(
                    span_of_dyn(at),
                    "tuple index out of range".into(),
                ));
            };
            let n = comps.len();
            return Ok(self.sub_val(
                x,
                format!("(Tup{}.{} {})", n, k, x.t),
                Ty::Unknown,
                ct,
                None,
            ));
        }
        let Ty::Adt(an, args) = &ty else {
            return Err(Fail::Type(
                span_of_dyn(at),
                format!("field `{}` of a non-struct value", fname),
            ));
        };
        let a = &self.p.adts[self.p.adt_index[an]];
        if a.is_enum {
            return Err(Fail::Unsupported(
                span_of_dyn(at),
                "field access on an enum".into(),
            ));
        }
        let (cname, fields) = &a.variants[0];
        let Some((_, fty)) = fields.iter().find(|(n, _)| *n == fname) else {
            return Err(Fail::Type(
                span_of_dyn(at),
                format!("no field `{}` in {}", fname, an),
            ));
        };
        let m: HashMap<String, Ty> = a
            .generics
            .iter()
            .cloned()
            .zip(args.iter().cloned())
            .collect();
        let inst = subst(fty, &m);
        Ok(self.sub_val(
            x,
            format!("({} {})", sel_name(cname, &fname), x.t),
            fty.clone(),
            &inst,
            None,
        ))
    }

    // ---------------------------------------------------------------- places
    fn place(&self, e: &syn::Expr) -> Option<(String, Vec<syn::Member>)> {
        match e {
            syn::Expr::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
                Some((p.path.segments[0].ident.to_string(), vec![]))
            }
            syn::Expr::Field(f) => {
                let (r, mut fs) = self.place(&f.base)?;
                fs.push(f.member.clone());
                Some((r, fs))
            }
            syn::Expr::Paren(p) => self.place(&p.expr),
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.place(&u.expr),
            syn::Expr::Reference(r) => self.place(&r.expr),
            // `x@` of a `Ghost<T>`/`Tracked<T>` (erased): the place itself (E::Assign checks)
            syn::Expr::View(vw) => self.place(&vw.expr),
            _ => None,
        }
    }

    fn assign_place(
        &mut self,
        st: &mut State,
        root: &str,
        fields: &[syn::Member],
        newv: Val,
        at: &dyn Spanned,
        mode: Mode,
    ) -> Result<(), Fail> {
        let Some(var) = st.lookup(root).cloned() else {
            return Err(Fail::Type(
                span_of_dyn(at),
                format!("unknown variable `{}`", root),
            ));
        };
        if mode != Mode::Exec
            && !var.ghost
            && self.fndef(self.fr.func).mode == Mode::Exec
            && !self.wrapped_along(&var.val.ty, fields).0
        {
            return Err(Fail::Type(
                span_of_dyn(at),
                format!("ghost code assigns exec variable `{}`", root),
            ));
        }
        if !var.mutable {
            return Err(Fail::Type(
                span_of_dyn(at),
                format!("`{}` is not mutable", root),
            ));
        }
        let nv = self.update(st, &var.val, fields, newv, at)?;
        self.env_writes += 1;
        self.end_borrows_of(st, root);
        let slot = st.lookup_mut(root).unwrap();
        slot.val = Val {
            t: nv.t,
            ty: slot.val.ty.clone(),
            origin: None,
        };
        Ok(())
    }

    /// A user assignment `place = e`: not to a tracked variable or through a `Tracked<..>`
    /// field (tracked values change only through their operations), and `x@ = e` only where
    /// `@` is the identity (an erased `Ghost<T>`/`Tracked<T>`).
    fn plain_assign_target(
        &mut self,
        st: &mut State,
        root: &str,
        fs: &[syn::Member],
        left: &syn::Expr,
    ) -> Result<(), Fail> {
        if let Some(var) = st.lookup(root) {
            if var.lin != Lin::Plain {
                return Err(unsup(left, "assignment to a tracked variable"));
            }
            if self.wrapped_along(&var.val.ty, fs).1 {
                return Err(unsup(left, "assignment through a Tracked<..> field"));
            }
        }
        let mut e = left;
        loop {
            e = match e {
                syn::Expr::View(vw) => {
                    let mut s = self.fork(st);
                    if let Some(x) = self.ex(&mut s, &vw.expr, Mode::Spec)? {
                        if matches!(self.resolve(&x.ty), Ty::Adt(..) | Ty::Param(_)) {
                            return Err(unsup(left, "assignment to a view"));
                        }
                    }
                    &vw.expr
                }
                syn::Expr::Field(f) => &f.base,
                syn::Expr::Paren(p) => &p.expr,
                syn::Expr::Unary(u) => &u.expr,
                _ => break,
            };
        }
        Ok(())
    }

    /// The `k`-th type argument of the first segment of a path (`Seq::<V>::new`).
    fn turbofish(&self, p: &syn::ExprPath, k: usize) -> Result<Option<Ty>, Fail> {
        let seg = &p.path.segments[0];
        if let syn::PathArguments::AngleBracketed(a) = &seg.arguments {
            if let Some(syn::GenericArgument::Type(t)) = a.args.iter().nth(k) {
                let f = self.fndef(self.fr.func);
                return Ok(Some(crate::program::resolve_ty(t, &f.generics, f.self_ty.as_ref(), self.p)?));
            }
        }
        Ok(None)
    }

    fn update(
        &mut self,
        st: &mut State,
        cur: &Val,
        fields: &[syn::Member],
        newv: Val,
        at: &dyn Spanned,
    ) -> Result<Val, Fail> {
        if fields.is_empty() {
            let nv = self.fits(st, newv, &cur.ty, span_of_dyn(at))?;
            return Ok(Val {
                t: nv.t,
                ty: cur.ty.clone(),
                origin: None,
            });
        }
        let ty = self.resolve(&cur.ty);
        let Ty::Adt(an, args) = &ty else {
            return Err(Fail::Type(
                span_of_dyn(at),
                "field assignment on a non-struct".into(),
            ));
        };
        let a = &self.p.adts[self.p.adt_index[an]];
        if a.builtin {
            return Err(Fail::Unsupported(
                span_of_dyn(at),
                format!("assignment into a {} (permissions change only through their operations)", an),
            ));
        }
        if a.is_enum {
            return Err(Fail::Unsupported(
                span_of_dyn(at),
                "assignment to an enum field".into(),
            ));
        }
        let (cname, fdefs) = &a.variants[0];
        let m: HashMap<String, Ty> = a
            .generics
            .iter()
            .cloned()
            .zip(args.iter().cloned())
            .collect();
        let fname = match &fields[0] {
            syn::Member::Named(i) => i.to_string(),
            syn::Member::Unnamed(ix) => ix.index.to_string(),
        };
        let mut parts = Vec::new();
        let mut found = false;
        for (n, fty) in fdefs {
            let sel = format!("({} {})", sel_name(cname, n), cur.t);
            if *n == fname {
                found = true;
                let inst = subst(fty, &m);
                let old = self.coerce(v(sel, fty.clone()), &inst);
                let old = Val {
                    ty: inst.clone(),
                    ..old
                };
                let upd = self.update(st, &old, &fields[1..], newv.clone(), at)?;
                let upd = self.coerce(Val { ty: inst, ..upd }, fty);
                parts.push(upd.t);
            } else {
                parts.push(sel);
            }
        }
        if !found {
            return Err(Fail::Type(span_of_dyn(at), format!("no field `{}`", fname)));
        }
        Ok(v(
            format!("({} {})", ctor_name(cname), parts.join(" ")),
            cur.ty.clone(),
        ))
    }

    // ---------------------------------------------------------------- branching
    /// Merges branch results: each (condition, state, value) with the facts it added since `base`.
    /// Joins the branches of an `if`/`match` (each run on a clone of `st`). A branch's `sel` is
    /// its own test (the `if` condition, a match arm's pattern tests and guard): it selects the
    /// branch given that every earlier branch's `sel` is false, so values become
    /// `(ite sel_0 v_0 (ite sel_1 v_1 .. v_last))` and the branches' facts one such chain; a
    /// branch's `cond` (its whole path condition, with "no earlier arm matched") stays in its
    /// own facts only. Every piece is written once: text and work linear in the branches.
    /// A branch that diverged (`val` None) is dropped: on its path the join is not reached, so
    /// whatever the chain says there constrains no reaching execution.
    fn merge(&mut self, st: &mut State, branches: Vec<Branch>) -> R {
        let live: Vec<Branch> = branches.into_iter().filter(|b| b.val.is_some()).collect();
        if live.is_empty() {
            return Ok(None);
        }
        if live.len() == 1 {
            let b = live.into_iter().next().unwrap();
            st.env = b.env;
            st.facts.extend(b.facts);
            return Ok(b.val);
        }
        let sel_owned: Vec<String> = live[..live.len() - 1].iter().map(|b| b.sel.clone()).collect();
        let sels: Vec<&str> = sel_owned.iter().map(|s| s.as_str()).collect();
        // facts
        let own: Vec<String> = live
            .iter()
            .map(|b| {
                let new: Vec<String> = b
                    .facts
                    .iter()
                    .filter(|f| **f != b.cond)
                    .cloned()
                    .collect();
                and_all(&new)
            })
            .collect();
        let mut facts = std::mem::take(&mut st.facts);
        if live.len() == 2 {
            if own[0] != "true" {
                facts.push(format!("(=> {} {})", sels[0], own[0]));
            }
            if own[1] != "true" {
                facts.push(format!("(=> (not {}) {})", sels[0], own[1]));
            }
        } else if own.iter().any(|f| f != "true") {
            let parts: Vec<&str> = own.iter().map(|f| f.as_str()).collect();
            facts.push(ite_chain(&sels, &parts));
        }
        // env: same length (blocks truncate their scopes)
        let n = st.env.len();
        let mut env = std::mem::take(&mut st.env);
        for k in 0..n {
            // a tracked variable moved (or whose borrow ended) on some branch is unusable after
            if let Some(b) = live.iter().find(|b| b.env[k].lin == Lin::Moved) {
                env[k].lin = b.env[k].lin.clone();
            }
            let vals: Vec<&str> = live.iter().map(|b| b.env[k].val.t.as_str()).collect();
            if vals.iter().all(|x| *x == vals[0]) {
                env[k].val = live[0].env[k].val.clone();
                continue;
            }
            env[k].val = Val {
                t: ite_chain(&sels, &vals),
                ty: env[k].val.ty.clone(),
                origin: None,
            };
        }
        // value: one sort for all branches (the usual case) is one chain; mixed sorts
        // (boxed and unboxed) are coerced pairwise from the last branch
        let mut xs: Vec<Val> = live.into_iter().map(|b| b.val.unwrap()).collect();
        for j in (0..xs.len() - 1).rev() {
            let (a, b) = (xs[j].ty.clone(), xs[j + 1].ty.clone());
            self.unify(&a, &b);
        }
        let s0 = self.sort(&xs[0].ty);
        let x = if xs.iter().all(|x| self.sort(&x.ty) == s0) {
            let texts: Vec<&str> = xs.iter().map(|x| x.t.as_str()).collect();
            let t = ite_chain(&sels, &texts);
            let origin = match &xs[0].origin {
                Some(o0) if xs.iter().all(|x| matches!(&x.origin, Some(o) if o.root == o0.root)) => {
                    let gs: Vec<String> = xs.iter().map(|x| and_all(&x.origin.as_ref().unwrap().guards)).collect();
                    let gs: Vec<&str> = gs.iter().map(|g| g.as_str()).collect();
                    Some(Origin { root: o0.root.clone(), guards: vec![ite_chain(&sels, &gs)] })
                }
                _ => None,
            };
            Val { t, ty: xs[0].ty.clone(), origin }
        } else {
            let mut x = xs.pop().unwrap();
            for j in (0..xs.len()).rev() {
                let (a, b) = self.common(xs[j].clone(), x);
                let same_origin = match (&a.origin, &b.origin) {
                    (Some(p), Some(q)) if p.root == q.root => Some(Origin {
                        root: p.root.clone(),
                        guards: vec![format!("(ite {} {} {})", sels[j], and_all(&p.guards), and_all(&q.guards))],
                    }),
                    _ => None,
                };
                x = Val {
                    t: if a.t == b.t { a.t.clone() } else { format!("(ite {} {} {})", sels[j], a.t, b.t) },
                    ty: a.ty.clone(),
                    origin: same_origin,
                };
            }
            x
        };
        st.env = env;
        st.facts = facts;
        Ok(Some(x))
    }

    /// Runs `e` under the extra fact `cond` in place; returns the facts it added (without
    /// `cond`) and its value, and restores `st` (its facts and variables) as it was.
    fn guarded(
        &mut self,
        st: &mut State,
        cond: &str,
        e: &syn::Expr,
        mode: Mode,
    ) -> Result<(Vec<String>, Option<Val>), Fail> {
        let env = st.env.clone();
        let (mut facts, r) = self.run_branch(st, cond.to_string(), env, |g, st| g.ex(st, e, mode))?;
        facts.0.remove(0);
        Ok((facts.0, r))
    }

    /// Runs `f` on `st` after pushing `cond`, then takes back what it did: returns the facts
    /// added (`cond` first) and the variables at the end, and leaves `st` with its facts as
    /// before and the variables `env0`. Statements only ever append to the facts (a loop or a
    /// join keeps the prefix), so the common facts are never copied.
    #[allow(clippy::type_complexity)]
    fn run_branch(
        &mut self,
        st: &mut State,
        cond: String,
        env0: Vec<Var>,
        f: impl FnOnce(&mut Self, &mut State) -> R,
    ) -> Result<((Vec<String>, Vec<Var>), Option<Val>), Fail> {
        let base = st.facts.len();
        st.facts.push(cond);
        let r = f(self, st)?;
        debug_assert!(st.facts.len() > base);
        let facts = st.facts.split_off(base);
        let env = std::mem::replace(&mut st.env, env0);
        Ok(((facts, env), r))
    }

    // ---------------------------------------------------------------- expressions
    fn bool_of(
        &mut self,
        st: &mut State,
        e: &syn::Expr,
        mode: Mode,
    ) -> Result<Option<String>, Fail> {
        match self.ex(st, e, mode)? {
            None => Ok(None),
            Some(x) => {
                if self.sort(&x.ty) != "Bool" {
                    return Err(tyerr(e, "expected a bool"));
                }
                Ok(Some(x.t))
            }
        }
    }

    fn ex(&mut self, st: &mut State, e: &syn::Expr, mode: Mode) -> R {
        use syn::Expr as E;
        match e {
            E::Paren(p) => self.ex(st, &p.expr, mode),
            E::Group(g) => self.ex(st, &g.expr, mode),
            E::Lit(l) => self.lit(l, mode),
            E::Path(p) => self.path_expr(st, p, mode),
            E::Block(b) => {
                if b.label.is_some() {
                    return Err(unsup(b, "labelled block"));
                }
                self.block(st, &b.block, mode)
            }
            E::Unary(u) => self.unary(st, u, mode),
            E::Binary(b) => self.binary(st, b, mode),
            E::Assign(a) => {
                if mode == Mode::Spec {
                    return Err(tyerr(a, "assignment in spec code"));
                }
                let Some((root, fs)) = self.place(&a.left) else {
                    return Err(unsup(&a.left, "assignment target"));
                };
                self.plain_assign_target(st, &root, &fs, &a.left)?;
                let Some(x) = self.ex(st, &a.right, mode)? else {
                    return Ok(None);
                };
                self.assign_place(st, &root, &fs, x, a, mode)?;
                Ok(Some(v("unit", Ty::Unit)))
            }
            E::If(i) => {
                let Some(c) = self.bool_of(st, &i.cond, mode)? else {
                    return Ok(None);
                };
                let env0 = st.env.clone();
                let ((f1, e1), r1) =
                    self.run_branch(st, c.clone(), env0.clone(), |g, st| g.block(st, &i.then_branch, mode))?;
                let nc = format!("(not {})", c);
                let ((f2, e2), r2) = self.run_branch(st, nc.clone(), env0, |g, st| match &i.else_branch {
                    Some((_, eb)) => g.ex(st, eb, mode),
                    None => Ok(Some(v("unit", Ty::Unit))),
                })?;
                self.merge(
                    st,
                    vec![
                        Branch { sel: c.clone(), cond: c, env: e1, facts: f1, val: r1 },
                        Branch { sel: nc.clone(), cond: nc, env: e2, facts: f2, val: r2 },
                    ],
                )
            }
            E::Match(m) => self.ex_match(st, m, mode),
            E::Call(c) => self.call(st, c, mode),
            E::MethodCall(m) => self.method_call(st, m, mode),
            E::Field(f) => {
                let Some(x) = self.ex(st, &f.base, mode)? else {
                    return Ok(None);
                };
                if mode == Mode::Exec && self.wrapped_along(&x.ty, std::slice::from_ref(&f.member)).1 {
                    // an exec read of a Tracked<..> field would move (copy, here) its tokens
                    return Err(unsup(f, "Tracked<..> field read in exec code"));
                }
                let r = self.field(&x, &f.member, f)?;
                Ok(Some(self.typed(st, r)))
            }
            E::Reference(r) => {
                if r.mutability.is_some() {
                    return Err(unsup(r, "&mut outside a call argument"));
                }
                self.ex(st, &r.expr, mode)
            }
            E::Struct(s) => self.struct_lit(st, s, mode),
            E::Macro(m) => self.macro_expr(st, m, mode),
            E::Index(ix) => {
                if mode == Mode::Exec {
                    return Err(unsup(ix, "indexing in exec code"));
                }
                let Some(b) = self.ex(st, &ix.expr, mode)? else {
                    return Ok(None);
                };
                let Some(i) = self.ex(st, &ix.index, mode)? else {
                    return Ok(None);
                };
                self.builtin_index(b, i, ix)
            }
            E::View(vw) => {
                let Some(x) = self.ex(st, &vw.expr, mode)? else {
                    return Ok(None);
                };
                if !matches!(self.resolve(&x.ty), Ty::Adt(..) | Ty::Param(_))
                    || self.is_builtin_adt(&x.ty, "PointsTo")
                    || self.is_builtin_adt(&x.ty, "Dealloc")
                {
                    // `Ghost<T>`/`Tracked<T>` are erased to T: `@` is the value itself
                    return Ok(Some(x));
                }
                self.user_method(st, x, "view", &[], vw, Mode::Spec, None)
            }
            E::Cast(c) => self.cast(st, c, mode),
            E::Assert(a) => self.assert_expr(st, a, mode),
            E::Assume(a) => {
                let Some(t) = self.bool_of(st, &a.expr, Mode::Spec)? else {
                    return Ok(None);
                };
                st.facts.push(t);
                Ok(Some(v("unit", Ty::Unit)))
            }
            E::AssertForall(a) => self.assert_forall(st, a),
            E::RevealHide(r) => {
                if let (Some(_), Some((_, n))) = (&r.reveal_with_fuel_token, &r.fuel) {
                    let names = path_names(&r.path.path);
                    let key = names.join("::");
                    let Some(&fi) = self.p.fn_index.get(&key) else {
                        return Err(tyerr(r, &format!("unknown function {}", key)));
                    };
                    let syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Int(i),
                        ..
                    }) = &**n
                    else {
                        return Err(unsup(r, "fuel amount"));
                    };
                    let k: u32 = i.base10_parse().map_err(|_| unsup(r, "fuel amount"))?;
                    if k > 64 {
                        return Err(unsup(r, "fuel above 64"));
                    }
                    self.fr.fuel.insert(fi, k);
                }
                Ok(Some(v("unit", Ty::Unit)))
            }
            E::Loop(l) => {
                if l.label.is_some() {
                    return Err(unsup(l, "loop label"));
                }
                self.ex_loop(
                    st,
                    None,
                    l.invariant.as_ref().map(|x| &x.exprs),
                    l.invariant_except_break.as_ref().map(|x| &x.exprs),
                    l.invariant_ensures.is_some(),
                    l.ensures.as_ref().map(|x| &x.exprs),
                    l.decreases.as_ref().map(|x| &x.exprs),
                    &l.body,
                    mode,
                    l,
                )
            }
            E::While(w) => {
                if w.label.is_some() {
                    return Err(unsup(w, "loop label"));
                }
                self.ex_loop(
                    st,
                    Some(&w.cond),
                    w.invariant.as_ref().map(|x| &x.exprs),
                    w.invariant_except_break.as_ref().map(|x| &x.exprs),
                    w.invariant_ensures.is_some(),
                    w.ensures.as_ref().map(|x| &x.exprs),
                    w.decreases.as_ref().map(|x| &x.exprs),
                    &w.body,
                    mode,
                    w,
                )
            }
            E::Break(b) => {
                if b.label.is_some() || b.expr.is_some() {
                    return Err(unsup(b, "break with label or value"));
                }
                let Some(lp) = self.fr.loops.last_mut() else {
                    return Err(tyerr(b, "break outside a loop"));
                };
                lp.has_break = true;
                let invs = lp.invs.clone();
                let ens = lp.ensures.clone();
                for i in &invs {
                    let Some(t) = self.bool_of(st, i, Mode::Spec)? else {
                        return Ok(None);
                    };
                    self.check(
                        st,
                        t,
                        span_of(i),
                        "invariant not satisfied at loop exit (break)",
                    )?;
                }
                for i in &ens {
                    let Some(t) = self.bool_of(st, i, Mode::Spec)? else {
                        return Ok(None);
                    };
                    self.check(st, t, span_of(i), "loop ensures not satisfied at break")?;
                }
                Ok(None)
            }
            E::Continue(c) => {
                if c.label.is_some() {
                    return Err(unsup(c, "continue with label"));
                }
                self.loop_end_checks(st)?;
                Ok(None)
            }
            E::Return(r) => {
                if self.fr.loops.iter().any(|_| false) {
                    unreachable!()
                }
                let rv = match &r.expr {
                    Some(x) => match self.ex(st, x, mode)? {
                        None => return Ok(None),
                        Some(v) => v,
                    },
                    None => v("unit", Ty::Unit),
                };
                if self.fndef(self.fr.func).mode == Mode::Spec {
                    return Err(unsup(r, "return in a spec fn"));
                }
                self.check_ensures(st, rv, span_of(r))?;
                Ok(None)
            }
            E::BigAnd(b) => {
                let es: Vec<&syn::Expr> = b.exprs.iter().map(|x| &*x.expr).collect();
                self.big(st, &es, true, mode)
            }
            E::BigOr(b) => {
                let es: Vec<&syn::Expr> = b.exprs.iter().map(|x| &*x.expr).collect();
                self.big(st, &es, false, mode)
            }
            E::Tuple(t) if t.elems.is_empty() => Ok(Some(v("unit", Ty::Unit))),
            E::Tuple(t) if (2..=4).contains(&t.elems.len()) => {
                let mut parts = Vec::new();
                let mut tys = Vec::new();
                for e in &t.elems {
                    let Some(x) = self.ex(st, e, mode)? else {
                        return Ok(None);
                    };
                    tys.push(x.ty.clone());
                    parts.push(self.coerce(x, &Ty::Unknown).t);
                }
                Ok(Some(v(
                    format!("(mk.Tup{} {})", parts.len(), parts.join(" ")),
                    Ty::Tuple(tys),
                )))
            }
            E::Is(i) => {
                let Some(x) = self.ex(st, &i.base, mode)? else {
                    return Ok(None);
                };
                Ok(Some(v(
                    self.variant_test(&x, &i.variant_ident.to_string(), i)?,
                    Ty::Bool,
                )))
            }
            E::IsNot(i) => {
                let Some(x) = self.ex(st, &i.base, mode)? else {
                    return Ok(None);
                };
                Ok(Some(v(
                    format!(
                        "(not {})",
                        self.variant_test(&x, &i.variant_ident.to_string(), i)?
                    ),
                    Ty::Bool,
                )))
            }
            E::GetField(g) => {
                let Some(x) = self.ex(st, &g.base, mode)? else {
                    return Ok(None);
                };
                let fname = match &g.member {
                    syn::Member::Named(i) => i.to_string(),
                    syn::Member::Unnamed(ix) => ix.index.to_string(),
                };
                let Ty::Adt(an, args) = self.resolve(&x.ty) else {
                    return Err(unsup(g, "-> on a non-enum"));
                };
                let a = &self.p.adts[self.p.adt_index[&an]];
                let hits: Vec<&(String, Vec<(String, Ty)>)> = a
                    .variants
                    .iter()
                    .filter(|(_, fs)| fs.iter().any(|(n, _)| *n == fname))
                    .collect();
                if hits.len() != 1 {
                    return Err(unsup(g, "-> field that is not in exactly one variant"));
                }
                let (cname, fs) = hits[0];
                let fty = fs.iter().find(|(n, _)| *n == fname).unwrap().1.clone();
                let m: HashMap<String, Ty> = a
                    .generics
                    .iter()
                    .cloned()
                    .zip(args.iter().cloned())
                    .collect();
                let inst = subst(&fty, &m);
                let guard = format!("((_ is {}) {})", ctor_name(cname), x.t);
                let r = self.sub_val(
                    &x,
                    format!("({} {})", sel_name(cname, &fname), x.t),
                    fty,
                    &inst,
                    Some(guard),
                );
                Ok(Some(self.typed(st, r)))
            }
            other => Err(unsup(other, "expression")),
        }
    }

    /// A value read from a datatype field of a bounded integer type is in range (Rust typing):
    /// assumed at the read (never as a global axiom, which would contradict the datatype theory).
    fn typed(&mut self, st: &mut State, x: Val) -> Val {
        if self.fr.quant_depth == 0 && ty_is_bounded(&self.resolve(&x.ty)) {
            if let Some(r) = self.range(&x.ty, &x.t) {
                st.facts.push(r);
            }
        }
        x
    }

    /// `&&& a &&& b ...` / `||| a ||| b ...`: each operand evaluated under the previous ones
    /// (short-circuit), facts it adds kept as implications.
    fn big(&mut self, st: &mut State, es: &[&syn::Expr], conj: bool, mode: Mode) -> R {
        let mut terms: Vec<String> = Vec::new();
        // the guard of an operand: the earlier operands (`&&&`) or their negations (`|||`),
        // once long a Bool name (`define-fun`, as for match arms), so that n operands are O(n)
        // text and work. Inside a quantifier no name can be declared; its facts (the only use
        // of a guard) are dropped at its end, so there the older parts are simply left out.
        let mut rest: Vec<String> = Vec::new();
        let mut rest_len = 0usize;
        for e in es {
            if rest_len >= SHARE_MIN_LEN {
                if self.fr.quant_depth == 0 {
                    self.fresh += 1;
                    self.shared += 1;
                    let n = format!("ops!{}", self.fresh);
                    self.decls
                        .push((self.fr.func, format!("(define-fun {} () Bool {})", n, and_all(&rest))));
                    rest = vec![n];
                } else {
                    rest.clear();
                }
                rest_len = rest.iter().map(|p| p.len() + 1).sum();
            }
            let guard = and_all(&rest);
            let (new, r) = self.guarded(st, &guard, e, mode)?;
            let Some(r) = r else {
                return Err(unsup(*e, "diverging operand"));
            };
            if self.sort(&r.ty) != "Bool" {
                return Err(tyerr(*e, "expected bool operands"));
            }
            if !new.is_empty() {
                st.facts.push(format!("(=> {} {})", guard, and_all(&new)));
            }
            let part = if conj { r.t.clone() } else { format!("(not {})", r.t) };
            rest_len += part.len() + 1;
            rest.push(part);
            terms.push(r.t);
        }
        let t = if conj {
            and_all(&terms)
        } else {
            format!("(or {})", terms.join(" "))
        };
        Ok(Some(v(t, Ty::Bool)))
    }

    fn variant_test(&self, x: &Val, variant: &str, at: &dyn Spanned) -> Result<String, Fail> {
        match self.resolve(&x.ty) {
            Ty::Option(_) if variant == "Some" || variant == "None" => {
                Ok(format!("((_ is mk.Option.{}) {})", variant, x.t))
            }
            Ty::Adt(an, _) => {
                let a = &self.p.adts[self.p.adt_index[&an]];
                let c = format!("{}::{}", an, variant);
                if !a.is_enum || !a.variants.iter().any(|(n, _)| *n == c) {
                    return Err(Fail::Type(
                        span_of_dyn(at),
                        format!("no variant {} in {}", variant, an),
                    ));
                }
                Ok(format!("((_ is {}) {})", ctor_name(&c), x.t))
            }
            _ => Err(Fail::Type(span_of_dyn(at), "`is` on a non-enum".into())),
        }
    }

    fn lit(&mut self, l: &syn::ExprLit, mode: Mode) -> R {
        match &l.lit {
            syn::Lit::Bool(b) => Ok(Some(v(if b.value { "true" } else { "false" }, Ty::Bool))),
            syn::Lit::Int(i) => {
                let n: u128 = i.base10_parse().map_err(|_| unsup(l, "integer literal"))?;
                let ty = match i.suffix() {
                    "" => self.new_tyvar(),
                    s => Ty::Int(
                        crate::program::int_kind(s).ok_or_else(|| unsup(l, "literal suffix"))?,
                    ),
                };
                self.lits
                    .push((n, false, ty.clone(), span_of(l), mode == Mode::Exec));
                Ok(Some(v(n.to_string(), ty)))
            }
            _ => Err(unsup(l, "literal")),
        }
    }

    fn path_expr(&mut self, st: &mut State, p: &syn::ExprPath, _mode: Mode) -> R {
        let names = path_names(&p.path);
        if names.len() == 1 {
            let n = &names[0];
            let found = if self.fr.in_old {
                self.fr.old_env.iter().rev().find(|x| &x.name == n).cloned()
            } else {
                st.lookup(n).cloned()
            };
            if let Some(x) = found {
                if x.ghost && _mode == Mode::Exec {
                    return Err(tyerr(
                        p,
                        &format!("ghost variable `{}` used in exec code", n),
                    ));
                }
                return Ok(Some(x.val));
            }
            if n == "None" {
                let t = self.turbofish(p, 0)?.unwrap_or(Ty::Unknown);
                return Ok(Some(v("Option.None", Ty::Option(Box::new(t)))));
            }
        }
        if names.len() == 2 {
            if let Some(&ai) = self.p.adt_index.get(&names[0]) {
                let a = &self.p.adts[ai];
                let c = format!("{}::{}", names[0], names[1]);
                if a.is_enum && a.variants.iter().any(|(n, f)| *n == c && f.is_empty()) {
                    return Ok(Some(v(
                        ctor_name(&c),
                        Ty::Adt(names[0].clone(), vec![Ty::Unknown; a.generics.len()]),
                    )));
                }
            }
            if names[0] == "Seq" && names[1] == "empty" {
                // used as a value only via call
            }
        }
        Err(tyerr(p, &format!("unknown name `{}`", names.join("::"))))
    }

    fn unary(&mut self, st: &mut State, u: &syn::ExprUnary, mode: Mode) -> R {
        match &u.op {
            syn::UnOp::Deref(_) => self.ex(st, &u.expr, mode),
            syn::UnOp::Not(_) => {
                let Some(x) = self.ex(st, &u.expr, mode)? else {
                    return Ok(None);
                };
                if self.sort(&x.ty) != "Bool" {
                    return Err(unsup(u, "bitwise not"));
                }
                Ok(Some(v(format!("(not {})", x.t), Ty::Bool)))
            }
            syn::UnOp::Neg(_) => {
                if let syn::Expr::Lit(l) = &*u.expr {
                    // a negative literal: its own range check (so that -128i8 is fine)
                    let Some(x) = self.lit(l, mode)? else {
                        return Ok(None);
                    };
                    if let Some(last) = self.lits.last_mut() {
                        last.1 = true;
                    }
                    return Ok(Some(v(format!("(- {})", x.t), x.ty)));
                }
                let Some(x) = self.ex(st, &u.expr, mode)? else {
                    return Ok(None);
                };
                if !self.resolve(&x.ty).is_int() {
                    return Err(tyerr(u, "negation of a non-integer"));
                }
                let t = format!("(- {})", x.t);
                if mode == Mode::Exec {
                    let t = self.share(st, t);
                    if let Some(r) = self.range(&x.ty, &t) {
                        self.check(st, r, span_of(u), "possible arithmetic underflow/overflow")?;
                    }
                    return Ok(Some(v(t, x.ty)));
                }
                Ok(Some(v(t, Ty::Int(IK::Int))))
            }
            syn::UnOp::Proof(_) => {
                let syn::Expr::Block(b) = &*u.expr else {
                    return Err(unsup(u, "proof expression"));
                };
                let r = self.block(st, &b.block, Mode::Proof)?;
                Ok(r.map(|_| v("unit", Ty::Unit)))
            }
            syn::UnOp::Forall(_) | syn::UnOp::Exists(_) => {
                let syn::Expr::Closure(c) = &*u.expr else {
                    return Err(unsup(u, "quantifier"));
                };
                let is_forall = matches!(u.op, syn::UnOp::Forall(_));
                let mut binders = Vec::new();
                let mut ranges = Vec::new();
                // the body runs in place (no copy of the facts and variables per nesting
                // level); its bound variables and facts are dropped at the end, and it must not
                // assign a variable (it would leak out of the quantifier)
                let (env_mark, facts_mark, writes) = (st.env.len(), st.facts.len(), self.env_writes);
                for a in &c.inputs {
                    let syn::Pat::Type(pt) = &a.pat else {
                        return Err(unsup(&a.pat, "quantifier variable without a type"));
                    };
                    let syn::Pat::Ident(pi) = &*pt.pat else {
                        return Err(unsup(&pt.pat, "quantifier pattern"));
                    };
                    let f = self.fndef(self.fr.func);
                    let ty = crate::program::resolve_ty(
                        &pt.ty,
                        &f.generics,
                        f.self_ty.as_ref(),
                        self.p,
                    )?;
                    self.fresh += 1;
                    let n = format!("q!{}!{}", pi.ident, self.fresh);
                    binders.push(format!("({} {})", n, self.sort(&ty)));
                    if let Some(r) = self.range(&ty, &n) {
                        ranges.push(r);
                    }
                    st.env.push(Var {
                        name: pi.ident.to_string(),
                        val: v(n, ty),
                        mutable: false,
                        ghost: false,
                        lin: Lin::Plain,
                    });
                }
                self.fr.quant_depth += 1;
                let r = self.bool_of(st, &c.body, Mode::Spec);
                self.fr.quant_depth -= 1;
                st.env.truncate(env_mark);
                st.facts.truncate(facts_mark);
                if self.env_writes != writes {
                    return Err(unsup(u, "assignment inside a quantifier"));
                }
                let Some(body) = r? else {
                    return Err(unsup(u, "diverging quantifier body"));
                };
                let t = if is_forall {
                    format!(
                        "(forall ({}) (=> {} {}))",
                        binders.join(" "),
                        and_all(&ranges),
                        body
                    )
                } else {
                    format!(
                        "(exists ({}) (and {} {}))",
                        binders.join(" "),
                        and_all(&ranges),
                        body
                    )
                };
                Ok(Some(v(t, Ty::Bool)))
            }
            _ => Err(unsup(u, "unary operator")),
        }
    }

    fn binary(&mut self, st: &mut State, b: &syn::ExprBinary, mode: Mode) -> R {
        use syn::BinOp as B;
        // short-circuit operators: the right side is evaluated under the left
        match &b.op {
            B::And(_) | B::Or(_) | B::Imply(_) => {
                let Some(l) = self.bool_of(st, &b.left, mode)? else {
                    return Ok(None);
                };
                let guard = if matches!(b.op, B::Or(_)) {
                    format!("(not {})", l)
                } else {
                    l.clone()
                };
                let (new, r) = self.guarded(st, &guard, &b.right, mode)?;
                let Some(r) = r else {
                    return Err(unsup(b, "diverging operand"));
                };
                if self.sort(&r.ty) != "Bool" {
                    return Err(tyerr(b, "expected bool operands"));
                }
                if !new.is_empty() {
                    st.facts.push(format!("(=> {} {})", guard, and_all(&new)));
                }
                let t = match &b.op {
                    B::And(_) => format!("(and {} {})", l, r.t),
                    B::Or(_) => format!("(or {} {})", l, r.t),
                    _ => format!("(=> {} {})", l, r.t),
                };
                return Ok(Some(v(t, Ty::Bool)));
            }
            B::AddAssign(_)
            | B::SubAssign(_)
            | B::MulAssign(_)
            | B::DivAssign(_)
            | B::RemAssign(_) => {
                let Some((root, fs)) = self.place(&b.left) else {
                    return Err(unsup(&b.left, "assignment target"));
                };
                self.plain_assign_target(st, &root, &fs, &b.left)?;
                let Some(l) = self.ex(st, &b.left, mode)? else {
                    return Ok(None);
                };
                let Some(r) = self.ex(st, &b.right, mode)? else {
                    return Ok(None);
                };
                let op = match &b.op {
                    B::AddAssign(_) => "+",
                    B::SubAssign(_) => "-",
                    B::MulAssign(_) => "*",
                    B::DivAssign(_) => "/",
                    _ => "%",
                };
                let x = self.arith(st, op, l, r, mode, b)?;
                self.assign_place(st, &root, &fs, x, b, mode)?;
                return Ok(Some(v("unit", Ty::Unit)));
            }
            _ => {}
        }
        let is_cmp = |op: &syn::BinOp| matches!(op, B::Lt(_) | B::Le(_) | B::Gt(_) | B::Ge(_));
        if is_cmp(&b.op) {
            if let syn::Expr::Binary(lb) = &*b.left {
                if is_cmp(&lb.op) {
                    // Verus chained comparison `a <= b < c`
                    let Some(first) = self.bool_of(st, &b.left, mode)? else {
                        return Ok(None);
                    };
                    let second = syn::ExprBinary {
                        attrs: vec![],
                        left: lb.right.clone(),
                        op: b.op,
                        right: b.right.clone(),
                    };
                    let Some(sec) = self.bool_of(st, &syn::Expr::Binary(second), mode)? else {
                        return Ok(None);
                    };
                    return Ok(Some(v(format!("(and {} {})", first, sec), Ty::Bool)));
                }
            }
        }
        let Some(l) = self.ex(st, &b.left, mode)? else {
            return Ok(None);
        };
        let Some(r) = self.ex(st, &b.right, mode)? else {
            return Ok(None);
        };
        let t = match &b.op {
            B::Add(_) if matches!(self.resolve(&l.ty), Ty::Seq(_)) => {
                let r2 = self.coerce(r, &l.ty);
                return Ok(Some(v(format!("(Seq.add {} {})", l.t, r2.t), l.ty)));
            }
            B::Add(_) | B::Sub(_) | B::Mul(_) | B::Div(_) | B::Rem(_) => {
                let op = match &b.op {
                    B::Add(_) => "+",
                    B::Sub(_) => "-",
                    B::Mul(_) => "*",
                    B::Div(_) => "/",
                    _ => "%",
                };
                return Ok(Some(self.arith(st, op, l, r, mode, b)?));
            }
            B::Eq(_) | B::Ne(_) | B::BigEq(_) | B::BigNe(_) => {
                if mode == Mode::Exec {
                    // exec `==` runs PartialEq::eq (possibly user code): only on primitives
                    let prim =
                        |t: &Ty| matches!(self.resolve(t), Ty::Bool | Ty::Int(_) | Ty::Var(_));
                    if !prim(&l.ty) || !prim(&r.ty) {
                        return Err(unsup(b, "exec == on a non-primitive type"));
                    }
                }
                let (a, c) = self.common(l, r);
                let eq = format!("(= {} {})", a.t, c.t);
                if matches!(b.op, B::Ne(_) | B::BigNe(_)) {
                    format!("(not {})", eq)
                } else {
                    eq
                }
            }
            B::Equiv(_) => format!("(= {} {})", l.t, r.t),
            B::Exply(_) => format!("(=> {} {})", r.t, l.t),
            B::Lt(_) | B::Le(_) | B::Gt(_) | B::Ge(_) => {
                self.unify(&l.ty, &r.ty);
                if !self.resolve(&l.ty).is_int() || !self.resolve(&r.ty).is_int() {
                    return Err(tyerr(b, "comparison of non-integers"));
                }
                let op = match &b.op {
                    B::Lt(_) => "<",
                    B::Le(_) => "<=",
                    B::Gt(_) => ">",
                    _ => ">=",
                };
                format!("({} {} {})", op, l.t, r.t)
            }
            B::ExtEq(_) | B::ExtNe(_) => {
                let s = match self.resolve(&l.ty) {
                    Ty::Seq(_) => "Seq",
                    Ty::Set(_) => "Set",
                    Ty::Map(..) => "Map",
                    Ty::Adt(..) | Ty::Option(_) | Ty::Bool | Ty::Int(_) | Ty::Var(_) | Ty::Tuple(_) => {
                        // ext_equal on a type holding no Seq/Set/Map at the top: `==`
                        // (extensional equality implies `==` in our model of collections too)
                        let (a, c) = self.common(l, r);
                        let eq = format!("(= {} {})", a.t, c.t);
                        return Ok(Some(v(
                            if matches!(b.op, B::ExtNe(_)) { format!("(not {})", eq) } else { eq },
                            Ty::Bool,
                        )));
                    }
                    _ => return Err(unsup(b, "=~= on this type")),
                };
                let r = self.coerce(r, &l.ty);
                let t = format!("({}.ext_eq {} {})", s, l.t, r.t);
                if matches!(b.op, B::ExtNe(_)) {
                    format!("(not {})", t)
                } else {
                    t
                }
            }
            _ => return Err(unsup(b, "binary operator")),
        };
        Ok(Some(v(t, Ty::Bool)))
    }

    fn arith(
        &mut self,
        st: &mut State,
        op: &str,
        l: Val,
        r: Val,
        mode: Mode,
        at: &dyn Spanned,
    ) -> Result<Val, Fail> {
        self.unify(&l.ty, &r.ty);
        let (lt, rt) = (self.resolve(&l.ty), self.resolve(&r.ty));
        if !lt.is_int() || !rt.is_int() {
            return Err(Fail::Type(
                span_of_dyn(at),
                "arithmetic on non-integers".into(),
            ));
        }
        let sp = span_of_dyn(at);
        if mode != Mode::Exec {
            let t = match op {
                "/" => format!("(div {} {})", l.t, r.t),
                "%" => format!("(mod {} {})", l.t, r.t),
                _ => format!("({} {} {})", op, l.t, r.t),
            };
            // Verus: nat + nat and nat * nat are nat; everything else in spec code is int
            let nat = matches!(self.resolve(&l.ty), Ty::Int(IK::Nat))
                && matches!(self.resolve(&r.ty), Ty::Int(IK::Nat))
                && (op == "+" || op == "*");
            return Ok(v(t, Ty::Int(if nat { IK::Nat } else { IK::Int })));
        }
        // exec: the type of the operation is the operands' type
        let ty = if matches!(lt, Ty::Int(_)) {
            lt.clone()
        } else {
            rt.clone()
        };
        if matches!(self.resolve(&ty), Ty::Int(IK::Int) | Ty::Int(IK::Nat)) {
            return Err(Fail::Type(sp, "int/nat arithmetic in exec code".into()));
        }
        let signed = matches!(self.resolve(&ty), Ty::Int(IK::I(_)) | Ty::Int(IK::Isize));
        let t = match op {
            "/" | "%" => {
                self.check(
                    st,
                    format!("(not (= {} 0))", r.t),
                    sp,
                    "possible division by zero",
                )?;
                if signed {
                    let q = format!(
                        "(ite (>= {a} 0) (div {a} (abs {b})) (- (div (- {a}) (abs {b}))))",
                        a = l.t,
                        b = r.t
                    );
                    let q = format!("(ite (>= {} 0) {} (- {}))", r.t, q, q);
                    if op == "/" {
                        q
                    } else {
                        format!("(- {} (* {} {}))", l.t, r.t, q)
                    }
                } else if op == "/" {
                    format!("(div {} {})", l.t, r.t)
                } else {
                    format!("(mod {} {})", l.t, r.t)
                }
            }
            _ => format!("({} {} {})", op, l.t, r.t),
        };
        let t = self.share(st, t);
        if let Some(rg) = self.range(&ty, &t) {
            self.check(st, rg, sp, "possible arithmetic underflow/overflow")?;
        }
        Ok(v(t, ty))
    }

    fn cast(&mut self, st: &mut State, c: &syn::ExprCast, mode: Mode) -> R {
        let Some(x) = self.ex(st, &c.expr, mode)? else {
            return Ok(None);
        };
        let f = self.fndef(self.fr.func);
        let to = crate::program::resolve_ty(&c.ty, &f.generics, f.self_ty.as_ref(), self.p)?;
        let Ty::Int(k) = to else {
            return Err(unsup(c, "cast to a non-integer type"));
        };
        let from = self.resolve(&x.ty);
        if let Ty::Var(_) = from {
            // a literal cast: Rust gives it the target type
            self.unify(&from, &to);
        }
        let from = self.resolve(&x.ty);
        let Ty::Int(fk) = from else {
            return Err(unsup(c, "cast from a non-integer"));
        };
        if kind_within(fk, k) {
            return Ok(Some(v(x.t, to)));
        }
        if mode == Mode::Exec {
            let (lo, hi) = bounds(k);
            let (lo, hi) = (lo.unwrap(), hi.unwrap());
            let m = format!("(+ (- {} {}) 1)", hi, lo);
            return Ok(Some(v(
                format!("(+ (mod (- {} {}) {}) {})", x.t, lo, m, lo),
                to,
            )));
        }
        let name = format!("clip.{:?}", k).replace(['(', ')'], "");
        self.clips
            .insert(format!("{}|{}", name, range_of(k, "x").unwrap()));
        Ok(Some(v(format!("({} {})", name, x.t), to)))
    }

    fn struct_lit(&mut self, st: &mut State, s: &syn::ExprStruct, mode: Mode) -> R {
        if s.rest.is_some() {
            return Err(unsup(s, "struct update syntax"));
        }
        let names = path_names(&s.path);
        let (an, cname) = if names.len() == 2 {
            (names[0].clone(), format!("{}::{}", names[0], names[1]))
        } else {
            (names[0].clone(), names[0].clone())
        };
        let an = if an == "Self" {
            match &self.fndef(self.fr.func).self_ty {
                Some(Ty::Adt(n, _)) => n.clone(),
                _ => return Err(tyerr(s, "Self outside an impl")),
            }
        } else {
            an
        };
        let cname = if cname.starts_with("Self") {
            cname.replacen("Self", &an, 1)
        } else {
            cname
        };
        let Some(&ai) = self.p.adt_index.get(&an) else {
            return Err(tyerr(s, &format!("unknown struct {}", an)));
        };
        let a = &self.p.adts[ai];
        let Some((_, fields)) = a.variants.iter().find(|(c, _)| *c == cname) else {
            return Err(tyerr(s, "unknown constructor"));
        };
        let mut vals: HashMap<String, Val> = HashMap::new();
        for fv in &s.fields {
            let n = match &fv.member {
                syn::Member::Named(i) => i.to_string(),
                syn::Member::Unnamed(ix) => ix.index.to_string(),
            };
            let Some(x) = self.ex(st, &fv.expr, mode)? else {
                return Ok(None);
            };
            vals.insert(n, x);
        }
        self.construct(st, ai, &cname, fields, vals, s)
    }

    fn construct(
        &mut self,
        st: &mut State,
        ai: usize,
        cname: &str,
        fields: &[(String, Ty)],
        mut vals: HashMap<String, Val>,
        at: &dyn Spanned,
    ) -> R {
        let a = &self.p.adts[ai];
        if a.builtin {
            return Err(Fail::Unsupported(
                span_of_dyn(at),
                format!("constructing a {} (only PPtr::new creates pointers and permissions)", a.name),
            ));
        }
        let mut m: HashMap<String, Ty> = HashMap::new();
        for (n, fty) in fields {
            if let Some(x) = vals.get(n) {
                bind_generics(fty, &x.ty, &mut m);
            }
        }
        let mut parts = Vec::new();
        for (n, fty) in fields {
            let Some(x) = vals.remove(n) else {
                return Err(Fail::Type(span_of_dyn(at), format!("missing field {}", n)));
            };
            let inst = subst(fty, &m);
            let x = if ty_is_bounded(&inst) {
                self.fits(st, x, &inst, span_of_dyn(at))?
            } else {
                x
            };
            parts.push(self.coerce(x, fty).t);
        }
        if !vals.is_empty() {
            return Err(Fail::Type(span_of_dyn(at), "unknown field".into()));
        }
        let args: Vec<Ty> = a
            .generics
            .iter()
            .map(|g| m.get(g).cloned().unwrap_or(Ty::Unknown))
            .collect();
        let t = if parts.is_empty() {
            ctor_name(cname)
        } else {
            format!("({} {})", ctor_name(cname), parts.join(" "))
        };
        Ok(Some(v(t, Ty::Adt(a.name.clone(), args))))
    }

    fn macro_expr(&mut self, st: &mut State, m: &syn::ExprMacro, mode: Mode) -> R {
        let name = path_names(&m.mac.path).join("::");
        if name == "assert_by_contradiction" {
            return self.assert_by_contradiction(st, &m.mac, m);
        }
        if name != "seq" && name != "set" {
            return Err(unsup(m, &format!("macro {}!", name)));
        }
        let args: syn::punctuated::Punctuated<syn::Expr, syn::Token![,]> = m
            .mac
            .parse_body_with(syn::punctuated::Punctuated::parse_terminated)
            .map_err(|_| unsup(m, "macro arguments"))?;
        let mut elem = Ty::Unknown;
        let mut vals = Vec::new();
        for a in &args {
            let Some(x) = self.ex(st, a, mode)? else {
                return Ok(None);
            };
            if matches!(elem, Ty::Unknown) {
                elem = x.ty.clone();
            }
            vals.push(x);
        }
        if name == "seq" {
            let mut t = "Seq.empty".to_string();
            for x in vals {
                let b = self.coerce(x, &Ty::Unknown);
                t = format!("(Seq.push {} {})", t, b.t);
            }
            Ok(Some(v(t, Ty::Seq(Box::new(elem)))))
        } else {
            let mut t = "Set.empty".to_string();
            for x in vals {
                let b = self.coerce(x, &Ty::Unknown);
                t = format!("(Set.insert {} {})", t, b.t);
            }
            Ok(Some(v(t, Ty::Set(Box::new(elem)))))
        }
    }

    fn builtin_index(&mut self, b: Val, i: Val, at: &dyn Spanned) -> R {
        match self.resolve(&b.ty) {
            Ty::Seq(el) => {
                if !self.resolve(&i.ty).is_int() {
                    return Err(Fail::Type(
                        span_of_dyn(at),
                        "Seq index is not an integer".into(),
                    ));
                }
                Ok(Some(self.coerce(
                    v(format!("(Seq.index {} {})", b.t, i.t), Ty::Unknown),
                    &el,
                )))
            }
            Ty::Map(k, val) => {
                let kk = self.coerce(i, &Ty::Unknown);
                let _ = k;
                Ok(Some(self.coerce(
                    v(format!("(Map.index {} {})", b.t, kk.t), Ty::Unknown),
                    &val,
                )))
            }
            _ => Err(Fail::Unsupported(
                span_of_dyn(at),
                "indexing this type".into(),
            )),
        }
    }

    fn assert_expr(&mut self, st: &mut State, a: &syn::Assert, _mode: Mode) -> R {
        if a.prover.is_some() || a.requires.is_some() {
            return Err(unsup(a, "assert ... by(prover)"));
        }
        match &a.body {
            None => {
                let Some(t) = self.bool_of(st, &a.expr, Mode::Spec)? else {
                    return Ok(None);
                };
                self.check(st, t, span_of(a), "assertion failed")?;
            }
            Some(b) => {
                let mut s = self.fork(st);
                let r = self.block(&mut s, b, Mode::Proof)?;
                let Some(t) = self.bool_of(&mut s, &a.expr, Mode::Spec)? else {
                    return Ok(None);
                };
                if r.is_some() {
                    self.check(&mut s, t.clone(), span_of(a), "assertion failed")?;
                }
                st.facts.push(t);
            }
        }
        Ok(Some(v("unit", Ty::Unit)))
    }

    fn assert_forall(&mut self, st: &mut State, a: &syn::AssertForall) -> R {
        let mut s = self.fork(st);
        let mut binders = Vec::new();
        let mut consts = Vec::new();
        for p in &a.inputs {
            let syn::Pat::Type(pt) = p else {
                return Err(unsup(p, "assert forall variable without a type"));
            };
            let syn::Pat::Ident(pi) = &*pt.pat else {
                return Err(unsup(p, "pattern"));
            };
            let f = self.fndef(self.fr.func);
            let ty = crate::program::resolve_ty(&pt.ty, &f.generics, f.self_ty.as_ref(), self.p)?;
            let x = self.havoc(&mut s, &pi.ident.to_string(), &ty);
            self.fresh += 1;
            let bn = format!("q!{}!{}", pi.ident, self.fresh);
            binders.push((bn, x.t.clone(), self.sort(&ty), self.range(&ty, "_")));
            consts.push(x.t.clone());
            s.env.push(Var {
                name: pi.ident.to_string(),
                val: x,
                mutable: false,
                ghost: false,
                lin: Lin::Plain,
            });
        }
        let hyp = match &a.implies {
            Some(_) => {
                let Some(h) = self.bool_of(&mut s, &a.expr, Mode::Spec)? else {
                    return Ok(None);
                };
                s.facts.push(h.clone());
                Some(h)
            }
            None => None,
        };
        let concl_e = match &a.implies {
            Some((_, c)) => &**c,
            None => &*a.expr,
        };
        let r = self.block(&mut s, &a.body, Mode::Proof)?;
        let Some(c) = self.bool_of(&mut s, concl_e, Mode::Spec)? else {
            return Ok(None);
        };
        if r.is_some() {
            self.check(&mut s, c.clone(), span_of(a), "assertion failed")?;
        }
        // ∀x. (range ∧ hyp) ⇒ concl, with the havocked constants renamed to bound variables
        let mut body = match hyp {
            Some(h) => format!("(=> {} {})", h, c),
            None => c,
        };
        let mut bs = Vec::new();
        for (bn, cn, sort, rg) in &binders {
            body = replace_symbol(&body, cn, bn);
            if let Some(r) = rg {
                body = format!("(=> {} {})", r.replace('_', bn), body);
            }
            bs.push(format!("({} {})", bn, sort));
        }
        st.facts
            .push(format!("(forall ({}) {})", bs.join(" "), body));
        Ok(Some(v("unit", Ty::Unit)))
    }

    fn ex_match(&mut self, st: &mut State, m: &syn::ExprMatch, mode: Mode) -> R {
        let Some(x) = self.ex(st, &m.expr, mode)? else {
            return Ok(None);
        };
        let mut branches = Vec::new();
        let mut exhaustive = false;
        let mut covered: HashSet<String> = HashSet::new();
        // "no earlier arm matched" (an arm's path condition): the negated tests of the earlier
        // arms, or, once that text is long, a Bool name defined by them (a `define-fun` among
        // the function's declarations: path-independent, and not copied into every later
        // arm's facts), so that n arms are O(n) text and work, not O(n^2). The name occurs
        // only in facts, never in a value (values select arms by their own tests, `merge`),
        // so spec fn definitions stay closed. Inside a quantifier no name can be declared and
        // facts are dropped at its end (no check is allowed there): an arm assumes only its
        // own tests.
        let mut rest: Vec<String> = Vec::new();
        let named = self.fr.quant_depth == 0;
        // every arm runs in place on `st` and hands back its facts and variables
        let env0 = st.env.clone();
        for arm in &m.arms {
            if named && rest.iter().map(|p| p.len() + 1).sum::<usize>() >= SHARE_MIN_LEN {
                self.fresh += 1;
                self.shared += 1;
                let n = format!("arms!{}", self.fresh);
                self.decls
                    .push((self.fr.func, format!("(define-fun {} () Bool {})", n, and_all(&rest))));
                rest = vec![n];
            }
            let start = st.facts.len();
            let (tests, binds) = self.pattern(st, &x, &arm.pat)?;
            let n = st.env.len();
            for (nm, val, mt) in binds {
                let val = self.typed(st, val);
                st.env.push(Var {
                    name: nm,
                    val,
                    mutable: mt,
                    ghost: mode != Mode::Exec,
                    lin: Lin::Plain,
                });
            }
            let mut cond_parts: Vec<String> = rest.clone();
            cond_parts.extend(tests.iter().cloned());
            let mut this = and_all(&tests);
            if let Some((_, g)) = &arm.guard {
                // the guard's own facts are dropped (as before: weaker, never stronger)
                let (mark, genv) = (st.facts.len(), st.env.clone());
                st.facts.push(and_all(&cond_parts));
                let gt = self.bool_of(st, g, mode)?;
                st.facts.truncate(mark);
                st.env = genv;
                let Some(gt) = gt else {
                    return Err(unsup(g, "diverging guard"));
                };
                cond_parts.push(gt.clone());
                this = and_all(&[this, gt]);
            } else if tests.is_empty() {
                exhaustive = true;
            } else if tests.len() == 1 {
                covered.insert(tests[0].split(' ').nth(2).unwrap_or("").to_string());
            }
            let cond = and_all(&cond_parts);
            st.facts.push(cond.clone());
            let r = self.ex(st, &arm.body, mode)?;
            st.env.truncate(n);
            let facts = st.facts.split_off(start);
            let env = std::mem::replace(&mut st.env, env0.clone());
            if named {
                rest.push(format!("(not {})", this));
            }
            branches.push(Branch { sel: this, cond, env, facts, val: r });
            if exhaustive {
                break;
            }
        }
        if !exhaustive {
            // all constructors covered by unguarded one-test arms?
            let total = match self.resolve(&x.ty) {
                Ty::Option(_) => 2,
                Ty::Adt(an, _) => self.p.adts[self.p.adt_index[&an]].variants.len(),
                _ => usize::MAX,
            };
            if covered.len() < total {
                return Err(unsup(
                    m,
                    "match that is not syntactically exhaustive (add a `_` arm)",
                ));
            }
        }
        self.merge(st, branches)
    }

    fn loop_end_checks(&mut self, st: &mut State) -> Result<(), Fail> {
        let Some(lp) = self.fr.loops.last() else {
            return Ok(());
        };
        let all: Vec<syn::Expr> = lp
            .invs
            .iter()
            .chain(lp.invs_except_break.iter())
            .cloned()
            .collect();
        let dec = lp.decreases.clone();
        let old = lp.measure.clone();
        for i in &all {
            let Some(t) = self.bool_of(st, i, Mode::Spec)? else {
                return Ok(());
            };
            self.check(
                st,
                t,
                span_of(i),
                "invariant not satisfied at end of loop body",
            )?;
        }
        if !dec.is_empty() {
            let mut new = Vec::new();
            for d in &dec {
                let Some(x) = self.ex(st, d, Mode::Spec)? else {
                    return Ok(());
                };
                new.push(x);
            }
            let g = self.lex_lt(&new, &old);
            self.check(
                st,
                g,
                span_of(&dec[0]),
                "decreases not satisfied at end of loop body",
            )?;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn ex_loop(
        &mut self,
        st: &mut State,
        cond: Option<&syn::Expr>,
        inv: Option<&syn::Specification>,
        inv_eb: Option<&syn::Specification>,
        inv_ens: bool,
        ens: Option<&syn::Specification>,
        dec: Option<&syn::Specification>,
        body: &syn::Block,
        mode: Mode,
        at: &dyn Spanned,
    ) -> R {
        if inv_ens {
            return Err(Fail::Unsupported(
                span_of_dyn(at),
                "invariant_ensures".into(),
            ));
        }
        let invs: Vec<syn::Expr> = inv
            .map(|s| s.exprs.iter().cloned().collect())
            .unwrap_or_default();
        let invs_eb: Vec<syn::Expr> = inv_eb
            .map(|s| s.exprs.iter().cloned().collect())
            .unwrap_or_default();
        let ensures: Vec<syn::Expr> = ens
            .map(|s| s.exprs.iter().cloned().collect())
            .unwrap_or_default();
        let decs: Vec<syn::Expr> = dec
            .map(|s| s.exprs.iter().cloned().collect())
            .unwrap_or_default();
        if mode != Mode::Exec && decs.is_empty() {
            // a non-terminating ghost loop would prove anything
            return Err(Fail::Type(
                span_of_dyn(at),
                "loop in ghost code without decreases".into(),
            ));
        }
        for i in invs.iter().chain(invs_eb.iter()) {
            let Some(t) = self.bool_of(st, i, Mode::Spec)? else {
                return Ok(None);
            };
            self.check(st, t, span_of(i), "invariant not satisfied before loop")?;
        }
        // variables the loop may modify: every mutable variable it mentions
        let mut ids = HashSet::new();
        idents_in_block(body, &mut ids);
        if let Some(c) = cond {
            use quote::ToTokens;
            collect_idents(c.to_token_stream(), &mut ids);
        }
        let modified: Vec<usize> = (0..st.env.len())
            .filter(|&k| st.env[k].mutable && ids.contains(&st.env[k].name))
            .collect();
        let havoc_state = |g: &mut Self, base: &State| -> State {
            let mut s = g.fork(base);
            for &k in &modified {
                let ty = s.env[k].val.ty.clone();
                let name = s.env[k].name.clone();
                let x = g.havoc(&mut s, &name, &ty);
                g.env_writes += 1;
                s.env[k].val = x;
            }
            s
        };
        let mut hs = havoc_state(self, st);
        for i in invs.iter().chain(invs_eb.iter()) {
            let Some(t) = self.bool_of(&mut hs, i, Mode::Spec)? else {
                return Ok(None);
            };
            hs.facts.push(t);
        }
        let mut measure = Vec::new();
        for d in &decs {
            let Some(x) = self.ex(&mut hs, d, Mode::Spec)? else {
                return Ok(None);
            };
            measure.push(x);
        }
        let mut bs = self.fork(&hs);
        let mut exit_cond = None;
        if let Some(c) = cond {
            let Some(ct) = self.bool_of(&mut bs, c, mode)? else {
                return Ok(None);
            };
            // exit path: the loop ensures must hold
            let mut es = self.fork(&bs);
            es.facts.push(format!("(not {})", ct));
            for i in &ensures {
                let Some(t) = self.bool_of(&mut es, i, Mode::Spec)? else {
                    return Ok(None);
                };
                self.check(
                    &mut es,
                    t,
                    span_of(i),
                    "loop ensures not satisfied at loop exit",
                )?;
            }
            bs.facts.push(ct.clone());
            exit_cond = Some(c);
        }
        self.fr.loops.push(LoopCtx {
            invs: invs.clone(),
            invs_except_break: invs_eb.clone(),
            ensures: ensures.clone(),
            decreases: decs.clone(),
            measure,
            has_break: false,
        });
        let r = self.block(&mut bs, body, mode);
        let r = match r {
            Ok(x) => x,
            Err(e) => {
                self.fr.loops.pop();
                return Err(e);
            }
        };
        if r.is_some() {
            if let Err(e) = self.loop_end_checks(&mut bs) {
                self.fr.loops.pop();
                return Err(e);
            }
        }
        let lp = self.fr.loops.pop().unwrap();
        // after the loop
        if cond.is_none() && !lp.has_break {
            return Ok(None);
        }
        let mut ps = havoc_state(self, st);
        for i in invs.iter().chain(ensures.iter()) {
            let Some(t) = self.bool_of(&mut ps, i, Mode::Spec)? else {
                return Ok(None);
            };
            ps.facts.push(t);
        }
        if let (Some(c), false) = (exit_cond, lp.has_break) {
            let Some(ct) = self.bool_of(&mut ps, c, Mode::Spec)? else {
                return Ok(None);
            };
            ps.facts.push(format!("(not {})", ct));
        }
        *st = ps;
        Ok(Some(v("unit", Ty::Unit)))
    }

    /// `new` < `old` in the decreases order (lexicographic; integers bounded below by 0,
    /// datatypes by strict subterms).
    fn lex_lt(&self, new: &[Val], old: &[Val]) -> String {
        if new.is_empty() || old.is_empty() {
            return "false".into();
        }
        let (n, o) = (&new[0], &old[0]);
        let (lt, eq) = if self.resolve(&n.ty).is_int() && self.resolve(&o.ty).is_int() {
            (
                format!("(and (<= 0 {}) (< {} {}))", o.t, n.t, o.t),
                format!("(= {} {})", n.t, o.t),
            )
        } else {
            let lt = match &n.origin {
                Some(or) if or.root == o.t => and_all(&or.guards),
                _ => "false".into(),
            };
            (
                lt,
                if n.t == o.t {
                    "true".into()
                } else {
                    "false".into()
                },
            )
        };
        if new.len() == 1 || old.len() == 1 {
            return lt;
        }
        format!(
            "(or {} (and {} {}))",
            lt,
            eq,
            self.lex_lt(&new[1..], &old[1..])
        )
    }

    // ---------------------------------------------------------------- calls
    fn call(&mut self, st: &mut State, c: &syn::ExprCall, mode: Mode) -> R {
        let syn::Expr::Path(fp) = &*c.func else {
            return Err(unsup(c, "call of a computed function"));
        };
        let names = path_names(&fp.path);
        let args: Vec<&syn::Expr> = c.args.iter().collect();
        let last = names.last().unwrap().as_str();
        let first = names[0].as_str();
        // builtins
        match (names.len(), first, last) {
            (1, _, "old") => {
                if args.len() != 1 {
                    return Err(tyerr(c, "old takes one argument"));
                }
                let saved = self.fr.in_old;
                self.fr.in_old = true;
                let r = self.ex(st, args[0], Mode::Spec);
                self.fr.in_old = saved;
                return r;
            }
            (1, _, "Some") => {
                let Some(x) = self.ex(st, args[0], mode)? else {
                    return Ok(None);
                };
                let ty = Ty::Option(Box::new(x.ty.clone()));
                let b = self.coerce(x, &Ty::Unknown);
                return Ok(Some(v(format!("(Option.Some {})", b.t), ty)));
            }
            (2, "Box", "new") | (2, "Ghost", "new") | (2, "Tracked", "new") => {
                return self.ex(st, args[0], mode)
            }
            (1, _, "Ghost") if args.len() == 1 => return self.ex(st, args[0], Mode::Spec),
            (1, _, "Tracked") if args.len() == 1 => return Ok(Some(self.consume_tracked(st, args[0])?)),
            (2, "PPtr", "new") => {
                return Err(unsup(c, "PPtr::new outside `let (p, Tracked(perm), Tracked(dealloc)) = PPtr::new(v);`"))
            }
            (2, "PPtr", _) => return Err(unsup(c, &format!("PPtr::{}", last))),
            (2, "Map", "tracked_empty") if args.is_empty() => {
                return Ok(Some(v(
                    "Map.empty",
                    Ty::Map(Box::new(Ty::Unknown), Box::new(Ty::Unknown)),
                )))
            }
            (2, "Seq", "new") | (2, "Map", "new") => {
                let hint = self.turbofish(fp, 0)?;
                return self.closure_coll(st, c, first == "Seq", hint);
            }
            (_, "Seq", "empty") => return Ok(Some(v("Seq.empty", Ty::Seq(Box::new(Ty::Unknown))))),
            (_, "Set", "empty") => return Ok(Some(v("Set.empty", Ty::Set(Box::new(Ty::Unknown))))),
            (_, "Map", "empty") => {
                return Ok(Some(v(
                    "Map.empty",
                    Ty::Map(Box::new(Ty::Unknown), Box::new(Ty::Unknown)),
                )))
            }
            _ => {}
        }
        // enum / tuple-struct constructors
        if let Some(&ai) = self.p.adt_index.get(if names.len() >= 2 {
            &names[names.len() - 2]
        } else {
            &names[0]
        }) {
            let a = &self.p.adts[ai];
            let cname = if a.is_enum {
                format!("{}::{}", a.name, last)
            } else {
                a.name.clone()
            };
            if let Some((_, fields)) = a.variants.iter().find(|(cn, _)| *cn == cname) {
                if names.len() == 1 || a.is_enum {
                    let mut vals = HashMap::new();
                    for (k, e) in args.iter().enumerate() {
                        let Some(x) = self.ex(st, e, mode)? else {
                            return Ok(None);
                        };
                        vals.insert(k.to_string(), x);
                    }
                    let fields = fields.clone();
                    return self.construct(st, ai, &cname, &fields, vals, c);
                }
            }
        }
        // user functions
        let key = if names.len() >= 2 {
            let ty = if names[names.len() - 2] == "Self" {
                match &self.fndef(self.fr.func).self_ty {
                    Some(Ty::Adt(n, _)) => n.clone(),
                    _ => "Self".into(),
                }
            } else {
                names[names.len() - 2].clone()
            };
            format!("{}::{}", ty, last)
        } else {
            last.to_string()
        };
        // `module::f()` (names are global)
        let key = if !self.p.fn_index.contains_key(&key)
            && names.len() >= 2
            && !self.p.adt_index.contains_key(&names[names.len() - 2])
            && names[names.len() - 2] != "Self"
            && self.p.fn_index.contains_key(last)
        {
            last.to_string()
        } else {
            key
        };
        let Some(&fi) = self.p.fn_index.get(&key) else {
            return Err(tyerr(
                c,
                &format!("unknown function `{}`", names.join("::")),
            ));
        };
        // `Type::<A>::f(..)`: the type's arguments bind its generics
        if names.len() >= 2 {
            if let Some(&ai) = self.p.adt_index.get(&names[names.len() - 2]) {
                let seg = &fp.path.segments[names.len() - 2];
                if let syn::PathArguments::AngleBracketed(_) = &seg.arguments {
                    let f = self.fndef(self.fr.func);
                    let ty = crate::program::resolve_ty(
                        &syn::Type::Path(syn::TypePath { qself: None, path: syn::Path { leading_colon: None, segments: std::iter::once(seg.clone()).collect() } }),
                        &f.generics,
                        f.self_ty.as_ref(),
                        self.p,
                    )?;
                    if let Ty::Adt(_, targs) = ty {
                        let gs = self.p.adts[ai].generics.clone();
                        self.turbofish_gm = gs.into_iter().zip(targs).collect();
                    }
                }
            }
        }
        let mut vals = Vec::new();
        let mut places = Vec::new();
        for e in &args {
            let is_mut = matches!(e, syn::Expr::Reference(r) if r.mutability.is_some());
            let inner = match e {
                syn::Expr::Reference(r) if r.mutability.is_some() => &*r.expr,
                x => *x,
            };
            let Some(x) = self.ex(st, inner, mode)? else {
                return Ok(None);
            };
            vals.push(x);
            places.push(if is_mut {
                Some(
                    self.place(inner)
                        .ok_or_else(|| unsup(*e, "&mut of a non-place"))?,
                )
            } else {
                None
            });
        }
        self.invoke(st, fi, vals, places, c, mode)
    }

    fn method_call(&mut self, st: &mut State, m: &syn::ExprMethodCall, mode: Mode) -> R {
        let name = m.method.to_string();
        if let Some(r) = self.map_method_hook(st, m, mode) {
            return r;
        }
        let Some(recv) = self.ex(st, &m.receiver, mode)? else {
            return Ok(None);
        };
        if self.is_builtin_adt(&recv.ty, "PPtr") {
            return self.pptr_method(st, m, recv, mode);
        }
        let rty = self.resolve(&recv.ty);
        let mut args = Vec::new();
        for a in &m.args {
            let Some(x) = self.ex(st, a, mode)? else {
                return Ok(None);
            };
            args.push(x);
        }
        let n = args.len();
        let sp = span_of(m);
        let arg = |k: usize| -> Result<Val, Fail> {
            args.get(k)
                .cloned()
                .ok_or(Fail::Type(sp, format!("{} needs more arguments", name)))
        };
        let sort_int = |g: &Self, x: &Val| g.resolve(&x.ty).is_int();
        match (&rty, name.as_str(), n) {
            (Ty::Option(_), "is_some", 0) | (Ty::Option(_), "is_Some", 0) => {
                return Ok(Some(v(
                    format!("((_ is mk.Option.Some) {})", recv.t),
                    Ty::Bool,
                )))
            }
            (Ty::Option(inner), "is_none", 0) | (Ty::Option(inner), "is_None", 0) => {
                let _ = inner;
                return Ok(Some(v(
                    format!("((_ is mk.Option.None) {})", recv.t),
                    Ty::Bool,
                )));
            }
            (Ty::Option(inner), "unwrap", 0)
            | (Ty::Option(inner), "get_Some_0", 0)
            | (Ty::Option(inner), "arrow_0", 0) => {
                let test = format!("((_ is mk.Option.Some) {})", recv.t);
                if mode == Mode::Exec {
                    self.check(
                        st,
                        test.clone(),
                        sp,
                        "precondition not satisfied (Option::unwrap requires is_some)",
                    )?;
                }
                let inner = (**inner).clone();
                let r = self.sub_val(
                    &recv,
                    format!("(Option.Some.0 {})", recv.t),
                    Ty::Unknown,
                    &inner,
                    Some(test),
                );
                return Ok(Some(self.typed(st, r)));
            }
            (Ty::Option(_), "as_ref", 0) => return Ok(Some(recv)),
            (Ty::Option(_), "take", 0) => {
                if mode != Mode::Exec {
                    return Err(tyerr(m, "take in spec code"));
                }
                let Some((root, fs)) = self.place(&m.receiver) else {
                    return Err(unsup(m, "take on a non-place"));
                };
                let none = v("Option.None", recv.ty.clone());
                self.assign_place(st, &root, &fs, none, m, mode)?;
                return Ok(Some(recv));
            }
            (Ty::Seq(el), _, _) => {
                let el = (**el).clone();
                let t = match (name.as_str(), n) {
                    ("len", 0) => {
                        return Ok(Some(v(format!("(Seq.len {})", recv.t), Ty::Int(IK::Nat))))
                    }
                    ("index", 1) => return self.builtin_index(recv, arg(0)?, m),
                    ("first", 0) => return self.builtin_index(recv, v("0", Ty::Int(IK::Int)), m),
                    ("last", 0) => {
                        let i = v(format!("(- (Seq.len {}) 1)", recv.t), Ty::Int(IK::Int));
                        return self.builtin_index(recv, i, m);
                    }
                    ("skip", 1) if sort_int(self, &args[0]) => format!(
                        "(Seq.subrange {} {} (Seq.len {}))",
                        recv.t, args[0].t, recv.t
                    ),
                    ("take", 1) if sort_int(self, &args[0]) => {
                        format!("(Seq.subrange {} 0 {})", recv.t, args[0].t)
                    }
                    ("subrange", 2) => {
                        format!("(Seq.subrange {} {} {})", recv.t, arg(0)?.t, arg(1)?.t)
                    }
                    ("drop_last", 0) => {
                        format!("(Seq.subrange {} 0 (- (Seq.len {}) 1))", recv.t, recv.t)
                    }
                    ("push", 1) => format!(
                        "(Seq.push {} {})",
                        recv.t,
                        self.coerce(arg(0)?, &Ty::Unknown).t
                    ),
                    ("add", 1) => format!("(Seq.add {} {})", recv.t, arg(0)?.t),
                    ("update", 2) => format!(
                        "(Seq.update {} {} {})",
                        recv.t,
                        arg(0)?.t,
                        self.coerce(arg(1)?, &Ty::Unknown).t
                    ),
                    ("contains", 1) => {
                        let x = self.coerce(arg(0)?, &Ty::Unknown);
                        self.fresh += 1;
                        let i = format!("q!i!{}", self.fresh);
                        return Ok(Some(v(format!("(exists (({i} Int)) (and (<= 0 {i}) (< {i} (Seq.len {s})) (= (Seq.index {s} {i}) {x})))", i = i, s = recv.t, x = x.t), Ty::Bool)));
                    }
                    ("ext_equal", 1) => {
                        return Ok(Some(v(
                            format!("(Seq.ext_eq {} {})", recv.t, arg(0)?.t),
                            Ty::Bool,
                        )))
                    }
                    _ => return Err(unsup(m, &format!("Seq method {}", name))),
                };
                return Ok(Some(v(t, Ty::Seq(Box::new(el)))));
            }
            (Ty::Set(el), _, _) => {
                let el = (**el).clone();
                let t = match (name.as_str(), n) {
                    ("contains", 1) => {
                        return Ok(Some(v(
                            format!(
                                "(Set.mem {} {})",
                                self.coerce(arg(0)?, &Ty::Unknown).t,
                                recv.t
                            ),
                            Ty::Bool,
                        )))
                    }
                    ("insert", 1) => format!(
                        "(Set.insert {} {})",
                        recv.t,
                        self.coerce(arg(0)?, &Ty::Unknown).t
                    ),
                    ("remove", 1) => format!(
                        "(Set.remove {} {})",
                        recv.t,
                        self.coerce(arg(0)?, &Ty::Unknown).t
                    ),
                    ("union", 1) => format!("(Set.union {} {})", recv.t, arg(0)?.t),
                    ("intersect", 1) => format!("(Set.inter {} {})", recv.t, arg(0)?.t),
                    ("difference", 1) => format!("(Set.diff {} {})", recv.t, arg(0)?.t),
                    ("ext_equal", 1) => {
                        return Ok(Some(v(
                            format!("(Set.ext_eq {} {})", recv.t, arg(0)?.t),
                            Ty::Bool,
                        )))
                    }
                    _ => return Err(unsup(m, &format!("Set method {}", name))),
                };
                return Ok(Some(v(t, Ty::Set(Box::new(el)))));
            }
            (Ty::Map(k, val), _, _) => {
                let (k, val) = ((**k).clone(), (**val).clone());
                let t = match (name.as_str(), n) {
                    ("dom", 0) => {
                        return Ok(Some(v(
                            format!("(Map.dom {})", recv.t),
                            Ty::Set(Box::new(k)),
                        )))
                    }
                    ("contains_key", 1) => {
                        return Ok(Some(v(
                            format!(
                                "(Set.mem {} (Map.dom {}))",
                                self.coerce(arg(0)?, &Ty::Unknown).t,
                                recv.t
                            ),
                            Ty::Bool,
                        )))
                    }
                    ("index", 1) => return self.builtin_index(recv, arg(0)?, m),
                    ("insert", 2) => format!(
                        "(Map.insert {} {} {})",
                        recv.t,
                        self.coerce(arg(0)?, &Ty::Unknown).t,
                        self.coerce(arg(1)?, &Ty::Unknown).t
                    ),
                    ("remove", 1) => format!(
                        "(Map.remove {} {})",
                        recv.t,
                        self.coerce(arg(0)?, &Ty::Unknown).t
                    ),
                    ("ext_equal", 1) => {
                        return Ok(Some(v(
                            format!("(Map.ext_eq {} {})", recv.t, arg(0)?.t),
                            Ty::Bool,
                        )))
                    }
                    _ => return Err(unsup(m, &format!("Map method {}", name))),
                };
                return Ok(Some(v(t, Ty::Map(Box::new(k), Box::new(val)))));
            }
            _ => {}
        }
        let recv_place = self.place(&m.receiver);
        self.user_method(st, recv, &name, &args, m, mode, recv_place)
    }

    #[allow(clippy::too_many_arguments)]
    fn user_method(
        &mut self,
        st: &mut State,
        recv: Val,
        name: &str,
        args: &[Val],
        at: &dyn Spanned,
        mode: Mode,
        recv_place: Option<(String, Vec<syn::Member>)>,
    ) -> R {
        let rty = self.resolve(&recv.ty);
        let mut fi = None;
        if let Ty::Adt(an, _) = &rty {
            fi = self.p.fn_index.get(&format!("{}::{}", an, name)).copied();
        }
        if fi.is_none() {
            if let Some(cands) = self.p.trait_methods.get(name) {
                if cands.len() == 1 {
                    fi = Some(cands[0]);
                }
            }
        }
        let Some(fi) = fi else {
            return Err(Fail::Type(
                span_of_dyn(at),
                format!("unknown method `{}` for {:?}", name, rty),
            ));
        };
        let mut vals = vec![recv];
        vals.extend(args.iter().cloned());
        let mut places = vec![None; vals.len()];
        if self
            .fndef(fi)
            .params
            .first()
            .map(|p| p.mut_ref)
            .unwrap_or(false)
        {
            places[0] = Some(recv_place.ok_or_else(|| {
                Fail::Unsupported(span_of_dyn(at), "&mut self method on a non-place".into())
            })?);
        }
        self.invoke(st, fi, vals, places, at, mode)
    }

    /// A call of user function `fi`: spec fns are SMT applications; exec/proof fns are
    /// checked `requires`, havocked results and `&mut` arguments, assumed `ensures`.
    #[allow(clippy::type_complexity)]
    fn invoke(
        &mut self,
        st: &mut State,
        fi: usize,
        vals: Vec<Val>,
        places: Vec<Option<(String, Vec<syn::Member>)>>,
        at: &dyn Spanned,
        mode: Mode,
    ) -> R {
        let f = self.fndef(fi);
        let sp = span_of_dyn(at);
        if f.params.len() != vals.len() {
            return Err(Fail::Type(
                sp,
                format!("`{}` takes {} arguments", f.name, f.params.len()),
            ));
        }
        let mut gm = std::mem::take(&mut self.turbofish_gm);
        for (p, x) in f.params.iter().zip(&vals) {
            bind_generics(&p.ty, &self.resolve(&x.ty), &mut gm);
        }
        // integer arguments must fit the parameter types (Rust's typing)
        let mut cvals = Vec::new();
        for (p, x) in f.params.iter().zip(vals) {
            let inst = subst(&p.ty, &gm);
            let x = if mode == Mode::Exec || ty_is_bounded(&inst) {
                self.fits(st, x, &inst, sp)?
            } else {
                x
            };
            cvals.push(self.coerce(x, &p.ty));
        }
        let ret_inst = f.ret.as_ref().map(|(_, t)| subst(t, &gm));
        match (mode, f.mode) {
            (Mode::Spec, Mode::Spec) | (Mode::Proof, Mode::Spec) | (Mode::Exec, Mode::Spec) => {
                if mode == Mode::Exec {
                    return Err(Fail::Type(
                        sp,
                        format!("cannot call spec fn `{}` from exec code", f.name),
                    ));
                }
                let rec = self.spec_fn(fi, sp)?;
                let name = self.spec_name(fi);
                // recursion: decreases
                if self.fr.spec_self == Some(fi) && self.fr.func == fi {
                    self.decreases_check(st, fi, &cvals, sp)?;
                }
                let mut a: Vec<String> = cvals.iter().map(|x| x.t.clone()).collect();
                if rec {
                    let fuel = if self.fr.spec_self == Some(fi) && self.fr.func == fi {
                        "fuel!".to_string()
                    } else {
                        let k = self.fr.fuel.get(&fi).copied().unwrap_or(1);
                        (0..k).fold("FZ".to_string(), |acc, _| format!("(FS {})", acc))
                    };
                    a.insert(0, fuel);
                }
                let t = if a.is_empty() {
                    name
                } else {
                    format!("({} {})", name, a.join(" "))
                };
                let (_, rt) = f.ret.as_ref().unwrap();
                if self.fr.spec_self == Some(fi)
                    && self.fr.func == fi
                    && ty_is_bounded(rt)
                    && self.fr.quant_depth == 0
                {
                    // induction hypothesis: the (terminating, smaller) recursive call is in range
                    if let Some(g) = self.range(rt, &t) {
                        st.facts.push(g);
                    }
                }
                let r = self.coerce(v(t, rt.clone()), ret_inst.as_ref().unwrap());
                return Ok(Some(Val {
                    ty: ret_inst.unwrap(),
                    ..r
                }));
            }
            (Mode::Spec, _) => {
                return Err(Fail::Type(
                    sp,
                    format!("cannot call {:?} fn `{}` from spec code", f.mode, f.name),
                ))
            }
            (Mode::Exec, Mode::Proof) => {
                return Err(Fail::Type(
                    sp,
                    format!(
                        "cannot call proof fn `{}` from exec code outside proof {{ }}",
                        f.name
                    ),
                ))
            }
            (Mode::Proof, Mode::Exec) => {
                return Err(Fail::Type(
                    sp,
                    format!("cannot call exec fn `{}` from proof code", f.name),
                ))
            }
            _ => {}
        }
        // exec/proof call
        self.calls.push((self.fr.func, fi, sp));
        if fi == self.fr.func {
            self.decreases_check(st, fi, &cvals, sp)?;
        }
        for (owner, e) in self.clauses(fi, false) {
            let t = self.eval_clause(st, owner, e, &cvals, &cvals, None)?;
            self.check(
                st,
                t,
                sp,
                &format!(
                    "precondition not satisfied (requires at {}:{})",
                    span_of(e).line,
                    span_of(e).col
                ),
            )?;
        }
        let mut post = cvals.clone();
        for (k, pl) in places.iter().enumerate() {
            if let Some((root, fs)) = pl {
                let p = &f.params[k];
                let nv = self.havoc(st, &p.name, &p.ty);
                post[k] = nv.clone();
                let inst = subst(&p.ty, &gm);
                let nvi = self.coerce(nv, &inst);
                self.assign_place(st, root, fs, Val { ty: inst, ..nvi }, at, mode)?;
            } else if f.params[k].mut_ref {
                return Err(Fail::Unsupported(
                    sp,
                    "&mut argument that is not a place".into(),
                ));
            }
        }
        let ret = match &f.ret {
            Some((_, rt)) => self.havoc(st, "ret", rt),
            None => v("unit", Ty::Unit),
        };
        for (owner, e) in self.clauses(fi, true) {
            let t = self.eval_clause(st, owner, e, &post, &cvals, Some(&ret))?;
            st.facts.push(t);
        }
        match ret_inst {
            Some(ri) => {
                let r = self.coerce(ret, &ri);
                if let (true, Some(rg)) = (
                    self.sort(&f.ret.as_ref().unwrap().1) == "Poly",
                    self.range(&ri, &r.t),
                ) {
                    st.facts.push(rg);
                }
                Ok(Some(Val { ty: ri, ..r }))
            }
            None => Ok(Some(ret)),
        }
    }

    fn decreases_check(
        &mut self,
        st: &mut State,
        fi: usize,
        args: &[Val],
        sp: Span,
    ) -> Result<(), Fail> {
        let f = self.fndef(fi);
        let Some(old) = self.fr.entry_measure.clone() else {
            return self.check(
                st,
                "false".into(),
                sp,
                "decreases not satisfied (recursive call without a decreases clause)",
            );
        };
        let mut cs = State {
            env: vec![],
            facts: self.copy_facts(&st.facts),
        };
        for (p, a) in f.params.iter().zip(args) {
            cs.env.push(Var {
                name: p.name.clone(),
                val: a.clone(),
                mutable: false,
                ghost: false,
                lin: Lin::Plain,
            });
        }
        let mut new = Vec::new();
        for d in &f.decreases {
            let Some(x) = self.ex(&mut cs, d, Mode::Spec)? else {
                return Ok(());
            };
            new.push(x);
        }
        let g = self.lex_lt(&new, &old);
        self.check(st, g, sp, "decreases not satisfied at this recursive call")
    }
}

/// Integer literals must fit their (inferred) type, as rustc requires. An exec literal whose
/// type stays unconstrained is an `i32` (Rust's default); a ghost one is an `int`.
pub fn check_literals(g: &Gen) -> Result<(), Fail> {
    for (n, neg, ty, sp, exec) in &g.lits {
        let k = match g.resolve(ty) {
            Ty::Int(k) => k,
            Ty::Var(_) if *exec => IK::I(32),
            _ => continue,
        };
        let (lo, hi) = kind_lo_hi_exact(k);
        let ok = if *neg {
            match lo {
                None => true,
                Some(l) => *n <= (-l) as u128,
            }
        } else {
            match hi {
                None => true,
                Some(h) => *n <= h as u128,
            }
        };
        if !ok {
            return Err(Fail::Type(
                *sp,
                format!(
                    "literal {}{} out of range for {:?}",
                    if *neg { "-" } else { "" },
                    n,
                    k
                ),
            ));
        }
    }
    Ok(())
}

/// Exact bounds of a kind; usize/isize at 32 bits (a literal must fit both widths).
fn kind_lo_hi_exact(k: IK) -> (Option<i128>, Option<i128>) {
    match k {
        IK::Int => (None, None),
        IK::Nat => (Some(0), None),
        IK::U(128) => (Some(0), Some(i128::MAX)),
        IK::U(n) => (Some(0), Some((1i128 << n) - 1)),
        IK::I(128) => (Some(i128::MIN), Some(i128::MAX)),
        IK::I(n) => (Some(-(1i128 << (n - 1))), Some((1i128 << (n - 1)) - 1)),
        IK::Usize => (Some(0), Some((1i128 << 32) - 1)),
        IK::Isize => (Some(-(1i128 << 31)), Some((1i128 << 31) - 1)),
    }
}

/// A call cycle through two or more exec/proof functions (only self-recursion is checked
/// with `decreases`): returns a call site on the cycle.
pub fn mutual_recursion(calls: &[(usize, usize, Span)], n: usize) -> Option<Span> {
    let mut adj: Vec<Vec<(usize, Span)>> = vec![vec![]; n];
    for &(a, b, s) in calls {
        if a != b && a < n {
            adj[a].push((b, s));
        }
    }
    // does b reach a?
    for &(a, b, s) in calls {
        if a == b || a >= n {
            continue;
        }
        let mut seen = vec![false; n];
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x == a {
                return Some(s);
            }
            if std::mem::replace(&mut seen[x], true) {
                continue;
            }
            stack.extend(adj[x].iter().map(|e| e.0));
        }
    }
    None
}

/// Is every value of integer type `a` a value of `b` (for both usize widths)?
fn kind_within(a: IK, b: IK) -> bool {
    // (lowest, highest) with usize/isize at their widest for `a` and narrowest for `b`
    fn lo_hi(k: IK, as_source: bool) -> (Option<i128>, Option<i128>) {
        match k {
            IK::Int => (None, None),
            IK::Nat => (Some(0), None),
            IK::U(128) => (Some(0), None),
            IK::U(n) => (Some(0), Some((1i128 << n) - 1)),
            IK::I(128) => (None, None),
            IK::I(n) => (Some(-(1i128 << (n - 1))), Some((1i128 << (n - 1)) - 1)),
            IK::Usize => (
                Some(0),
                Some(if as_source {
                    (1i128 << 64) - 1
                } else {
                    (1i128 << 32) - 1
                }),
            ),
            IK::Isize => {
                if as_source {
                    (Some(-(1i128 << 63)), Some((1i128 << 63) - 1))
                } else {
                    (Some(-(1i128 << 31)), Some((1i128 << 31) - 1))
                }
            }
        }
    }
    if a == b || b == IK::Int {
        return true;
    }
    if matches!(a, IK::U(128) | IK::I(128)) || matches!(b, IK::U(128) | IK::I(128)) {
        return false;
    }
    let (al, ah) = lo_hi(a, true);
    let (bl, bh) = lo_hi(b, false);
    let lo_ok = match (al, bl) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(x), Some(y)) => x >= y,
    };
    let hi_ok = match (ah, bh) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(x), Some(y)) => x <= y,
    };
    lo_ok && hi_ok
}

fn ty_is_bounded(t: &Ty) -> bool {
    matches!(t, Ty::Int(k) if *k != IK::Int)
}

pub fn ctor_name(c: &str) -> String {
    format!("mk.{}", c.replace("::", "."))
}

pub fn sel_name(c: &str, f: &str) -> String {
    format!("{}.{}", c.replace("::", "."), f)
}

fn span_of_dyn(t: &dyn Spanned) -> Span {
    let s = t.span().start();
    Span {
        line: s.line,
        col: s.column + 1,
    }
}

/// `(f X)` → `X` when the term is exactly one application of `f`.
fn strip_app(t: &str, f: &str) -> Option<String> {
    let inner = t
        .strip_prefix('(')?
        .strip_prefix(f)?
        .strip_prefix(' ')?
        .strip_suffix(')')?;
    // the argument must be one balanced term
    let mut depth = 0i32;
    for (k, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            ' ' if depth == 0 && k > 0 => return None,
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    Some(inner.to_string())
}

/// Replaces whole SMT symbol occurrences of `from` by `to`.
fn replace_symbol(s: &str, from: &str, to: &str) -> String {
    let mut out = String::new();
    let b = s.as_bytes();
    let mut i = 0;
    let is_sym = |c: u8| c.is_ascii_alphanumeric() || b"_!.@$%^&*-+=<>?/~".contains(&c);
    while i < s.len() {
        if s[i..].starts_with(from)
            && (i == 0 || !is_sym(b[i - 1]))
            && (i + from.len() == s.len() || !is_sym(b[i + from.len()]))
        {
            out.push_str(to);
            i += from.len();
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_kind_containment() {
        assert!(kind_within(IK::U(8), IK::U(16)));
        assert!(kind_within(IK::U(8), IK::I(16)));
        assert!(!kind_within(IK::U(16), IK::I(16)));
        assert!(kind_within(IK::I(16), IK::I(32)));
        assert!(!kind_within(IK::I(8), IK::U(64)));
        assert!(kind_within(IK::U(32), IK::Usize)); // usize has at least 32 bits
        assert!(!kind_within(IK::U(64), IK::Usize)); // ... but maybe not 64
        assert!(kind_within(IK::Usize, IK::U(64)));
        assert!(!kind_within(IK::Usize, IK::U(32)));
        assert!(kind_within(IK::Usize, IK::Nat));
        assert!(!kind_within(IK::Nat, IK::Usize));
        assert!(kind_within(IK::Nat, IK::Int));
        assert!(!kind_within(IK::Int, IK::Nat));
        assert!(kind_within(IK::I(32), IK::Isize));
        assert!(!kind_within(IK::I(64), IK::Isize));
        assert!(!kind_within(IK::U(128), IK::I(128)));
    }

    #[test]
    fn ranges_render_bounds() {
        assert_eq!(
            range_of(IK::U(8), "x").unwrap(),
            "(and (<= 0 x) (<= x 255))"
        );
        assert_eq!(
            range_of(IK::I(8), "x").unwrap(),
            "(and (<= (- 128) x) (<= x 127))"
        );
        assert_eq!(range_of(IK::Nat, "x").unwrap(), "(<= 0 x)");
        assert!(range_of(IK::Int, "x").is_none());
        assert_eq!(
            range_of(IK::U(128), "x").unwrap(),
            format!("(and (<= 0 x) (<= x {}))", u128::MAX)
        );
        assert_eq!(
            range_of(IK::Usize, "x").unwrap(),
            "(and (<= 0 x) (<= x usize_max))"
        );
    }

    #[test]
    fn box_unbox_cancellation_is_syntactic_and_exact() {
        assert_eq!(
            strip_app("(unbox_Int p)", "unbox_Int").as_deref(),
            Some("p")
        );
        assert_eq!(
            strip_app("(unbox_Int (Seq.index s 1))", "unbox_Int").as_deref(),
            Some("(Seq.index s 1)")
        );
        // two arguments, a different function, or a larger term: no cancellation
        assert_eq!(strip_app("(unbox_Int a b)", "unbox_Int"), None);
        assert_eq!(strip_app("(unbox_Bool p)", "unbox_Int"), None);
        assert_eq!(strip_app("(+ (unbox_Int p) 1)", "unbox_Int"), None);
        assert_eq!(strip_app("(unbox_Int p) (x)", "unbox_Int"), None);
    }

    #[test]
    fn symbol_replacement_respects_boundaries() {
        assert_eq!(
            replace_symbol("(+ x!1 x!12 (f x!1))", "x!1", "q"),
            "(+ q x!12 (f q))"
        );
        assert_eq!(replace_symbol("ax!1", "x!1", "q"), "ax!1");
    }

    #[test]
    fn mutual_recursion_detection() {
        let s = Span { line: 1, col: 1 };
        assert!(mutual_recursion(&[(0, 0, s)], 2).is_none()); // self recursion is fine here
        assert!(mutual_recursion(&[(0, 1, s), (1, 2, s)], 3).is_none());
        assert!(mutual_recursion(&[(0, 1, s), (1, 2, s), (2, 0, s)], 3).is_some());
    }
}
