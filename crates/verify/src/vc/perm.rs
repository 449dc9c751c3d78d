//! Tracked permissions (`vstd::ptr`: `PPtr`, `PointsTo`, `Dealloc`; tracked `Map`s), the
//! `Tracked(..)`/`Ghost(..)` wrappers, linearity of tracked variables, spec closures
//! (`Seq::new`, `Map::new`) and `assert_by_contradiction!`.
//!
//! Model: a `PointsTo<V>` token is its view `{ pptr: int, value: Option<V> }`; memory is not
//! modelled separately — the value behind a pointer is the one in its token, so the exec
//! operations are the specs of Verus's `PPtr` methods on the token. This is sound because
//! tokens are linear: a tracked variable is moved at most once (no copies), a shared borrow
//! is read-only and ends when its source is assigned, tracked map entries are moved in and
//! out, and no user code can construct, assign into or forge a token.

use super::*;

/// A `Tracked(..)` argument of a permission operation.
pub(super) enum TArg {
    /// `Tracked(x)`: `x` moved
    Move,
    /// `Tracked(&mut p)`
    Mut(String, Vec<syn::Member>),
    /// `Tracked(&p)` (or a shared borrow passed on)
    Shared,
}

const MAP_TRACKED: &[&str] = &[
    "tracked_insert",
    "tracked_remove",
    "tracked_borrow",
    "tracked_map_keys_in_place",
];
const PPTR_EXEC: &[&str] = &["take", "put", "borrow", "into_inner"];

impl<'p> Gen<'p> {
    pub(super) fn is_builtin_adt(&self, t: &Ty, name: &str) -> bool {
        match self.resolve(t) {
            Ty::Adt(n, _) => {
                n == name
                    && self
                        .p
                        .adt_index
                        .get(&n)
                        .map(|&i| self.p.adts[i].builtin)
                        .unwrap_or(false)
            }
            _ => false,
        }
    }

    /// Walks the declared fields of a place: (passes a `Ghost<..>`/`Tracked<..>` field, passes
    /// a `Tracked<..>` field).
    pub(super) fn wrapped_along(&self, root: &Ty, fields: &[syn::Member]) -> (bool, bool) {
        let (mut any, mut tracked) = (false, false);
        let mut ty = self.resolve(root);
        for f in fields {
            let fname = match f {
                syn::Member::Named(i) => i.to_string(),
                syn::Member::Unnamed(ix) => ix.index.to_string(),
            };
            let next = match &ty {
                Ty::Adt(an, args) => {
                    if let Some(&w) = self.p.wrapped_fields.get(&(an.clone(), fname.clone())) {
                        any = true;
                        tracked |= w;
                    }
                    let a = &self.p.adts[self.p.adt_index[an]];
                    let m: HashMap<String, Ty> =
                        a.generics.iter().cloned().zip(args.iter().cloned()).collect();
                    a.variants
                        .first()
                        .and_then(|(_, fs)| fs.iter().find(|(n, _)| *n == fname))
                        .map(|(_, t)| subst(t, &m))
                }
                Ty::Tuple(c) => fname.parse::<usize>().ok().and_then(|k| c.get(k).cloned()),
                _ => None,
            };
            match next {
                Some(t) => ty = self.resolve(&t),
                None => break,
            }
        }
        (any, tracked)
    }

    fn lin_err(&self, at: &dyn Spanned, n: &str, what: &str) -> Fail {
        Fail::Type(span_of_dyn(at), format!("tracked variable `{}` {}", n, what))
    }

    /// Moves tracked variable `n` (it must own its value; not from inside a loop it was
    /// declared outside of).
    fn move_var(&mut self, st: &mut State, n: &str, at: &dyn Spanned) -> Result<Val, Fail> {
        let depth = self.fr.loops.len();
        let Some(var) = st.lookup_mut(n) else {
            return Err(Fail::Type(span_of_dyn(at), format!("unknown variable `{}`", n)));
        };
        match var.lin.clone() {
            Lin::Owned(d) if d == depth => {
                var.lin = Lin::Moved;
                Ok(var.val.clone())
            }
            Lin::Owned(_) => Err(self.lin_err(at, n, "moved inside a loop (it would be moved again)")),
            Lin::Moved => Err(self.lin_err(at, n, "used after it was moved (or its borrow ended)")),
            Lin::Shared(_) => Err(self.lin_err(at, n, "is a shared borrow: it cannot be moved")),
            Lin::Plain => Err(Fail::Type(span_of_dyn(at), format!("`{}` is not a tracked variable", n))),
        }
    }

    /// A tracked value given by value: a tracked variable (moved), a tuple of them,
    /// `Tracked(..)` of one, or `Map::tracked_empty()`.
    pub(super) fn consume_tracked(&mut self, st: &mut State, e: &syn::Expr) -> Result<Val, Fail> {
        match e {
            syn::Expr::Paren(p) => self.consume_tracked(st, &p.expr),
            syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                let n = p.path.segments[0].ident.to_string();
                self.move_var(st, &n, e)
            }
            syn::Expr::Tuple(t) if (2..=4).contains(&t.elems.len()) => {
                let mut parts = Vec::new();
                let mut tys = Vec::new();
                for x in &t.elems {
                    let v = self.consume_tracked(st, x)?;
                    tys.push(v.ty.clone());
                    parts.push(self.coerce(v, &Ty::Unknown).t);
                }
                Ok(v(format!("(mk.Tup{} {})", parts.len(), parts.join(" ")), Ty::Tuple(tys)))
            }
            syn::Expr::Call(c) => {
                let names = match &*c.func {
                    syn::Expr::Path(fp) => path_names(&fp.path),
                    _ => vec![],
                };
                let last = names.last().map(|s| s.as_str()).unwrap_or("");
                if names.len() == 1 && last == "Tracked" && c.args.len() == 1 {
                    return self.consume_tracked(st, &c.args[0]);
                }
                if names.len() == 2 && names[0] == "Map" && last == "tracked_empty" && c.args.is_empty() {
                    let syn::Expr::Path(fp) = &*c.func else { unreachable!() };
                    let k = self.turbofish(fp, 0)?.unwrap_or(Ty::Unknown);
                    let val = self.turbofish(fp, 1)?.unwrap_or(Ty::Unknown);
                    return Ok(v("Map.empty", Ty::Map(Box::new(k), Box::new(val))));
                }
                Err(unsup(e, "tracked value that is not a tracked variable (or a tuple of them, or Map::tracked_empty())"))
            }
            _ => Err(unsup(e, "tracked value that is not a tracked variable (or a tuple of them, or Map::tracked_empty())")),
        }
    }

    /// Parses and checks a `Tracked(x)` / `Tracked(&mut p)` / `Tracked(&p)` argument.
    pub(super) fn tracked_arg(&mut self, st: &mut State, e: &syn::Expr) -> Result<(TArg, Val), Fail> {
        let inner = match e {
            syn::Expr::Call(c)
                if c.args.len() == 1
                    && matches!(&*c.func, syn::Expr::Path(fp) if fp.path.is_ident("Tracked")) =>
            {
                &c.args[0]
            }
            _ => return Err(unsup(e, "permission argument that is not Tracked(..)")),
        };
        match inner {
            syn::Expr::Reference(r) => {
                let Some((root, fs)) = self.place(&r.expr) else {
                    return Err(unsup(inner, "borrow of a non-place"));
                };
                let Some(var) = st.lookup(&root).cloned() else {
                    return Err(Fail::Type(span_of(inner), format!("unknown variable `{}`", root)));
                };
                match (&var.lin, r.mutability.is_some()) {
                    (Lin::Moved, _) => return Err(self.lin_err(inner, &root, "used after it was moved (or its borrow ended)")),
                    (Lin::Plain, _) => {
                        return Err(Fail::Type(span_of(inner), format!("`{}` is not a tracked variable", root)))
                    }
                    (Lin::Shared(_), true) => return Err(self.lin_err(inner, &root, "is a shared borrow: no &mut")),
                    (Lin::Owned(_), true) if !var.mutable => {
                        return Err(Fail::Type(span_of(inner), format!("`{}` is not mutable", root)))
                    }
                    _ => {}
                }
                let mut x = var.val.clone();
                for f in &fs {
                    x = self.field(&x, f, inner)?;
                }
                Ok((
                    if r.mutability.is_some() { TArg::Mut(root, fs) } else { TArg::Shared },
                    x,
                ))
            }
            syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                let n = p.path.segments[0].ident.to_string();
                // a shared borrow is itself a reference: passing it on borrows again
                if let Some(var) = st.lookup(&n) {
                    if let Lin::Shared(_) = var.lin {
                        return Ok((TArg::Shared, var.val.clone()));
                    }
                }
                let x = self.move_var(st, &n, inner)?;
                Ok((TArg::Move, x))
            }
            _ => Err(unsup(inner, "Tracked(..) argument that is not a tracked variable or a borrow of one")),
        }
    }

    fn sel(&self, adt: &str, field: &str, t: &str) -> String {
        format!("({} {})", sel_name(adt, field), t)
    }

    /// `perm@.pptr`, `perm@.value` of a PointsTo term.
    fn pt_parts(&self, perm: &str) -> (String, String) {
        (self.sel("PointsTo", "pptr", perm), self.sel("PointsTo", "value", perm))
    }

    fn pptr_id(&self, p: &str) -> String {
        self.sel("PPtr", "%id", p)
    }

    /// `let (p, Tracked(perm), Tracked(dealloc)) = PPtr::new(v);`
    pub(super) fn let_pptr_new(
        &mut self,
        st: &mut State,
        l: &syn::Local,
        arg: &syn::Expr,
        mode: Mode,
    ) -> Result<bool, Fail> {
        if mode != Mode::Exec || l.tracked.is_some() || l.ghost.is_some() {
            return Err(unsup(l, "PPtr::new outside exec code"));
        }
        let bad = || unsup(&l.pat, "PPtr::new result not bound as `(p, Tracked(perm), Tracked(dealloc))`");
        let syn::Pat::Tuple(pt) = &l.pat else { return Err(bad()) };
        if pt.elems.len() != 3 {
            return Err(bad());
        }
        let ident = |p: &syn::Pat| -> Option<(String, bool)> {
            match p {
                syn::Pat::Ident(pi) if pi.subpat.is_none() && pi.by_ref.is_none() => {
                    Some((pi.ident.to_string(), pi.mutability.is_some()))
                }
                _ => None,
            }
        };
        let tracked_ident = |p: &syn::Pat| -> Option<(String, bool)> {
            match p {
                syn::Pat::TupleStruct(ts) if ts.path.is_ident("Tracked") && ts.elems.len() == 1 => ident(&ts.elems[0]),
                _ => None,
            }
        };
        let (Some(pn), Some(tn), Some(dn)) =
            (ident(&pt.elems[0]), tracked_ident(&pt.elems[1]), tracked_ident(&pt.elems[2]))
        else {
            return Err(bad());
        };
        let Some(x) = self.ex(st, arg, Mode::Exec)? else { return Ok(false) };
        let vt = x.ty.clone();
        let ptr = self.fresh_const("pptr", &Ty::Adt("PPtr".into(), vec![vt.clone()]));
        let perm = self.fresh_const("perm", &Ty::Adt("PointsTo".into(), vec![vt.clone()]));
        let dealloc = self.fresh_const("dealloc", &Ty::Adt("Dealloc".into(), vec![vt.clone()]));
        let id = self.pptr_id(&ptr.t);
        let (pp, pv) = self.pt_parts(&perm.t);
        let boxed = self.coerce(x, &Ty::Unknown).t;
        st.facts.push(format!("(= {} {})", pp, id));
        st.facts.push(format!("(= {} (Option.Some {}))", pv, boxed));
        st.facts.push(format!("(= {} {})", self.sel("Dealloc", "pptr", &dealloc.t), id));
        let depth = self.fr.loops.len();
        st.env.push(Var { name: pn.0, val: ptr, mutable: pn.1, ghost: false, lin: Lin::Plain });
        st.env.push(Var { name: tn.0, val: perm, mutable: tn.1, ghost: true, lin: Lin::Owned(depth) });
        st.env.push(Var { name: dn.0, val: dealloc, mutable: dn.1, ghost: true, lin: Lin::Owned(depth) });
        Ok(true)
    }

    /// `let tracked PAT = init;`: `init` is a tracked map operation or a tracked value.
    pub(super) fn let_tracked(&mut self, st: &mut State, l: &syn::Local, init: &syn::Expr) -> Result<(), Fail> {
        let depth = self.fr.loops.len();
        let (x, lin) = match init {
            syn::Expr::MethodCall(m) if MAP_TRACKED.contains(&m.method.to_string().as_str()) => {
                let name = m.method.to_string();
                let Some(x) = self.ex(st, init, Mode::Proof)? else {
                    return Err(unsup(init, "diverging tracked initializer"));
                };
                let lin = if name == "tracked_borrow" {
                    let recv = strip_borrow(&m.receiver);
                    let root = self.place(recv).map(|p| p.0).unwrap_or_default();
                    Lin::Shared(root)
                } else {
                    Lin::Owned(depth)
                };
                (x, lin)
            }
            _ => (self.consume_tracked(st, init)?, Lin::Owned(depth)),
        };
        let (pat, ann) = match &l.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
            p => (p, None),
        };
        if ann.is_some() {
            return Err(unsup(&l.pat, "type annotation on a tracked let"));
        }
        let binds = match pat {
            syn::Pat::Ident(pi) if pi.subpat.is_none() && pi.by_ref.is_none() => {
                vec![(pi.ident.to_string(), x, pi.mutability.is_some())]
            }
            syn::Pat::Tuple(_) => {
                let (tests, binds) = self.pattern(st, &x, pat)?;
                if !tests.is_empty() {
                    return Err(unsup(pat, "refutable pattern in let"));
                }
                binds
            }
            other => return Err(unsup(other, "tracked let pattern")),
        };
        for (n, val, m) in binds {
            if m && matches!(lin, Lin::Shared(_)) {
                return Err(unsup(pat, "mutable binding of a shared tracked borrow"));
            }
            st.env.push(Var { name: n, val, mutable: m, ghost: true, lin: lin.clone() });
        }
        Ok(())
    }

    /// Assigning variable `root` ends the shared borrows taken from it.
    pub(super) fn end_borrows_of(&self, st: &mut State, root: &str) {
        for v in st.env.iter_mut() {
            if v.lin == Lin::Shared(root.to_string()) {
                v.lin = Lin::Moved;
            }
        }
    }

    /// Tracked map operations, handled before their receiver is evaluated. `None` = not one.
    pub(super) fn map_method_hook(
        &mut self,
        st: &mut State,
        m: &syn::ExprMethodCall,
        mode: Mode,
    ) -> Option<R> {
        let name = m.method.to_string();
        if MAP_TRACKED.contains(&name.as_str()) {
            return Some(self.map_tracked(st, m, &name, mode));
        }
        if (name == "borrow" || name == "borrow_mut") && m.args.is_empty() {
            if let Some((root, fs)) = self.place(&m.receiver) {
                if let Some(var) = st.lookup(&root) {
                    let (_, tr) = self.wrapped_along(&var.val.ty, &fs);
                    if tr || var.lin != Lin::Plain {
                        return Some(Err(unsup(m, "borrow of a tracked value outside a tracked map operation")));
                    }
                }
            }
        }
        None
    }

    /// Methods of `PPtr` (receiver already evaluated, arguments not yet).
    pub(super) fn pptr_method(
        &mut self,
        st: &mut State,
        m: &syn::ExprMethodCall,
        recv: Val,
        mode: Mode,
    ) -> R {
        let name = m.method.to_string();
        let Ty::Adt(_, targs) = self.resolve(&recv.ty) else { unreachable!() };
        let vt = targs.first().cloned().unwrap_or(Ty::Unknown);
        let sp = span_of(m);
        let id = self.pptr_id(&recv.t);
        match name.as_str() {
            "id" if m.args.is_empty() => {
                if mode == Mode::Exec {
                    return Err(Fail::Type(sp, "cannot call spec fn `id` from exec code".into()));
                }
                return Ok(Some(v(id, Ty::Int(IK::Int))));
            }
            "clone" if m.args.is_empty() => return Ok(Some(recv)),
            _ if !PPTR_EXEC.contains(&name.as_str()) => {
                return Err(unsup(m, &format!("PPtr method {}", name)))
            }
            _ => {}
        }
        if mode != Mode::Exec {
            return Err(Fail::Type(sp, format!("cannot call exec fn PPtr::{} from ghost code", name)));
        }
        let nargs = match name.as_str() {
            "take" | "borrow" => 1,
            _ => 2,
        };
        if m.args.len() != nargs {
            return Err(Fail::Type(sp, format!("PPtr::{} takes {} arguments", name, nargs)));
        }
        let (ta, perm) = self.tracked_arg(st, &m.args[0])?;
        if !self.is_builtin_adt(&perm.ty, "PointsTo") {
            return Err(Fail::Type(span_of(&m.args[0]), "expected a PointsTo permission".into()));
        }
        // Rust's typing: the token is for the pointer's type
        if let Ty::Adt(_, pargs) = self.resolve(&perm.ty) {
            let pt = pargs.first().cloned().unwrap_or(Ty::Unknown);
            self.unify_deep(&pt, &vt);
            let (a, b) = (self.resolve(&pt), self.resolve(&vt));
            if a != b && !matches!(a, Ty::Unknown) && !matches!(b, Ty::Unknown) {
                return Err(Fail::Type(span_of(&m.args[0]), "permission for a different type than the pointer".into()));
            }
        }
        let (pp, pv) = self.pt_parts(&perm.t);
        let some = format!("((_ is mk.Option.Some) {})", pv);
        let req = |what: &str| format!("precondition not satisfied (PPtr::{} requires {})", name, what);
        let got = || {
            v(format!("(Option.Some.0 {})", pv), Ty::Unknown)
        };
        match (name.as_str(), ta) {
            ("take", TArg::Mut(root, fs)) => {
                self.check(st, format!("(= {} {})", id, pp), sp, &req("self.id() === old(perm)@.pptr"))?;
                self.check(st, some.clone(), sp, &req("old(perm)@.value.is_Some()"))?;
                let out = self.coerce(got(), &vt);
                let out = Val { ty: vt.clone(), ..out };
                let np = self.fresh_const("perm", &perm.ty);
                let (npp, npv) = self.pt_parts(&np.t);
                st.facts.push(format!("(= {} {})", npp, pp));
                st.facts.push(format!("(= {} Option.None)", npv));
                self.assign_place(st, &root, &fs, np, m, Mode::Proof)?;
                Ok(Some(self.typed(st, out)))
            }
            ("put", TArg::Mut(root, fs)) => {
                let Some(x) = self.ex(st, &m.args[1], mode)? else { return Ok(None) };
                let x = self.fits(st, x, &vt, sp)?;
                self.check(st, format!("(= {} {})", id, pp), sp, &req("self.id() === old(perm)@.pptr"))?;
                self.check(st, format!("((_ is mk.Option.None) {})", pv), sp, &req("old(perm)@.value === None"))?;
                let np = self.fresh_const("perm", &perm.ty);
                let (npp, npv) = self.pt_parts(&np.t);
                st.facts.push(format!("(= {} {})", npp, pp));
                let bx = self.coerce(x, &Ty::Unknown).t;
                st.facts.push(format!("(= {} (Option.Some {}))", npv, bx));
                self.assign_place(st, &root, &fs, np, m, Mode::Proof)?;
                Ok(Some(v("unit", Ty::Unit)))
            }
            ("borrow", TArg::Shared) | ("borrow", TArg::Mut(..)) => {
                self.check(st, format!("(= {} {})", id, pp), sp, &req("self.id() === perm@.pptr"))?;
                self.check(st, some, sp, &req("perm@.value.is_Some()"))?;
                let out = self.coerce(got(), &vt);
                let out = Val { ty: vt, ..out };
                Ok(Some(self.typed(st, out)))
            }
            ("into_inner", TArg::Move) => {
                let (tb, dealloc) = self.tracked_arg(st, &m.args[1])?;
                if !matches!(tb, TArg::Move) || !self.is_builtin_adt(&dealloc.ty, "Dealloc") {
                    return Err(unsup(&m.args[1], "into_inner's second argument must be Tracked(dealloc) (moved)"));
                }
                self.check(st, format!("(= {} {})", id, pp), sp, &req("self.id() === perm@.pptr"))?;
                let dp = self.sel("Dealloc", "pptr", &dealloc.t);
                self.check(st, format!("(= {} {})", pp, dp), sp, &req("perm@.pptr == dealloc@.pptr"))?;
                self.check(st, some, sp, &req("perm@.value.is_Some()"))?;
                let out = self.coerce(got(), &vt);
                let out = Val { ty: vt, ..out };
                Ok(Some(self.typed(st, out)))
            }
            _ => Err(unsup(&m.args[0], &format!("PPtr::{} with this kind of Tracked(..) argument", name))),
        }
    }

    /// `m.tracked_insert(k, v)`, `tracked_remove(k)`, `tracked_borrow(k)`,
    /// `tracked_map_keys_in_place(km)` on a tracked map place (optionally `.borrow_mut()` /
    /// `.borrow()` of a `Tracked<Map<..>>`).
    fn map_tracked(&mut self, st: &mut State, m: &syn::ExprMethodCall, name: &str, mode: Mode) -> R {
        let sp = span_of(m);
        if mode != Mode::Proof {
            return Err(Fail::Type(sp, format!("Map::{} outside proof code", name)));
        }
        let recv = strip_borrow(&m.receiver);
        let Some((root, fs)) = self.place(recv) else {
            return Err(unsup(recv, "tracked map operation on a non-place"));
        };
        let Some(var) = st.lookup(&root).cloned() else {
            return Err(Fail::Type(span_of(recv), format!("unknown variable `{}`", root)));
        };
        let (_, through_tracked) = self.wrapped_along(&var.val.ty, &fs);
        match &var.lin {
            Lin::Moved => return Err(self.lin_err(recv, &root, "used after it was moved (or its borrow ended)")),
            Lin::Plain if !through_tracked => {
                return Err(Fail::Type(span_of(recv), "tracked map operation on a map that is not tracked".into()))
            }
            Lin::Shared(_) if name != "tracked_borrow" => {
                return Err(self.lin_err(recv, &root, "is a shared borrow: it cannot be modified"))
            }
            _ => {}
        }
        let mut map = var.val.clone();
        for f in &fs {
            map = self.field(&map, f, recv)?;
        }
        let Ty::Map(kt, vt) = self.resolve(&map.ty) else {
            return Err(Fail::Type(span_of(recv), format!("{} on a non-map", name)));
        };
        let (kt, vt) = (*kt, *vt);
        let nargs = if name == "tracked_insert" { 2 } else { 1 };
        if m.args.len() != nargs {
            return Err(Fail::Type(sp, format!("Map::{} takes {} arguments", name, nargs)));
        }
        let req = format!("precondition not satisfied (Map::{} requires the key in the domain)", name);
        match name {
            "tracked_insert" => {
                let Some(k) = self.ex(st, &m.args[0], Mode::Spec)? else { return Ok(None) };
                let k = self.fits(st, k, &kt, sp)?;
                let val = self.consume_tracked(st, &m.args[1])?;
                let (kb, vb) = (self.coerce(k, &Ty::Unknown).t, self.coerce(val, &Ty::Unknown).t);
                let nm = v(format!("(Map.insert {} {} {})", map.t, kb, vb), map.ty.clone());
                self.assign_place(st, &root, &fs, nm, m, Mode::Proof)?;
                Ok(Some(v("unit", Ty::Unit)))
            }
            "tracked_remove" | "tracked_borrow" => {
                let Some(k) = self.ex(st, &m.args[0], Mode::Spec)? else { return Ok(None) };
                let k = self.fits(st, k, &kt, sp)?;
                let kb = self.coerce(k, &Ty::Unknown).t;
                self.check(st, format!("(Set.mem {} (Map.dom {}))", kb, map.t), sp, &req)?;
                let out = self.coerce(v(format!("(Map.index {} {})", map.t, kb), Ty::Unknown), &vt);
                let out = Val { ty: vt, ..out };
                if name == "tracked_remove" {
                    let nm = v(format!("(Map.remove {} {})", map.t, kb), map.ty.clone());
                    self.assign_place(st, &root, &fs, nm, m, Mode::Proof)?;
                }
                Ok(Some(self.typed(st, out)))
            }
            _ => {
                // tracked_map_keys_in_place(key_map: Map<K, K>)
                let Some(km) = self.ex(st, &m.args[0], Mode::Spec)? else { return Ok(None) };
                if !matches!(self.resolve(&km.ty), Ty::Map(..)) {
                    return Err(Fail::Type(span_of(&m.args[0]), "key map is not a Map".into()));
                }
                self.fresh += 1;
                let (j, j2) = (format!("q!j!{}", self.fresh), format!("q!j2!{}", self.fresh));
                let s = self.sort(&kt);
                let bj = self.coerce(v(j.clone(), kt.clone()), &Ty::Unknown).t;
                let bj2 = self.coerce(v(j2.clone(), kt.clone()), &Ty::Unknown).t;
                let rj = self.range(&kt, &j).unwrap_or_else(|| "true".into());
                let rj2 = self.range(&kt, &j2).unwrap_or_else(|| "true".into());
                let inkm = |b: &str| format!("(Set.mem {} (Map.dom {}))", b, km.t);
                let r1 = format!(
                    "(forall (({j} {s})) (=> (and {rj} {a}) (Set.mem (Map.index {km} {bj}) (Map.dom {old}))))",
                    j = j, s = s, rj = rj, a = inkm(&bj), km = km.t, bj = bj, old = map.t
                );
                self.check(st, r1, sp, "precondition not satisfied (tracked_map_keys_in_place requires every key_map value in the domain)")?;
                let r2 = format!(
                    "(forall (({j} {s}) ({j2} {s})) (=> (and {rj} {rj2} (not (= {j} {j2})) {a} {b}) (not (= (Map.index {km} {bj}) (Map.index {km} {bj2})))))",
                    j = j, j2 = j2, s = s, rj = rj, rj2 = rj2, a = inkm(&bj), b = inkm(&bj2), km = km.t, bj = bj, bj2 = bj2
                );
                self.check(st, r2, sp, "precondition not satisfied (tracked_map_keys_in_place requires an injective key_map)")?;
                let nm = self.fresh_const("map", &map.ty);
                st.facts.push(format!(
                    "(forall (({j} {s})) (! (=> {rj} (= (Set.mem {bj} (Map.dom {nm})) {a})) :pattern ((Set.mem {bj} (Map.dom {nm})))))",
                    j = j, s = s, rj = rj, bj = bj, nm = nm.t, a = inkm(&bj)
                ));
                st.facts.push(format!(
                    "(forall (({j} {s})) (! (=> (and {rj} {a}) (and (Set.mem {bj} (Map.dom {nm})) (= (Map.index {nm} {bj}) (Map.index {old} (Map.index {km} {bj}))))) :pattern ((Map.index {nm} {bj}))))",
                    j = j, s = s, rj = rj, a = inkm(&bj), bj = bj, nm = nm.t, old = map.t, km = km.t
                ));
                self.assign_place(st, &root, &fs, nm, m, Mode::Proof)?;
                Ok(Some(v("unit", Ty::Unit)))
            }
        }
    }

    /// `Seq::new(len, |i: int| f)` / `Map::new(|k: K| dom, |k: K| val)`: a fresh function of
    /// the closure's free constants, defined by a global axiom (Verus's `Seq::new` / `Map::new`
    /// axioms instantiated for this closure).
    pub(super) fn closure_coll(&mut self, st: &mut State, c: &syn::ExprCall, is_seq: bool, elem_hint: Option<Ty>) -> R {
        if self.fr.quant_depth > 0 {
            return Err(unsup(c, "Seq::new/Map::new inside a quantifier"));
        }
        let args: Vec<&syn::Expr> = c.args.iter().collect();
        if args.len() != 2 {
            return Err(Fail::Type(span_of(c), "Seq::new/Map::new take two arguments".into()));
        }
        let (len, f1, f2) = if is_seq {
            let Some(l) = self.ex(st, args[0], Mode::Spec)? else { return Ok(None) };
            self.unify(&l.ty, &Ty::Int(IK::Nat));
            if !matches!(self.resolve(&l.ty), Ty::Int(IK::Nat) | Ty::Int(IK::U(_)) | Ty::Int(IK::Usize)) {
                return Err(Fail::Type(span_of(args[0]), "Seq::new length is not a nat".into()));
            }
            (Some(l), args[1], None)
        } else {
            (None, args[0], Some(args[1]))
        };
        let lam = |g: &mut Self, st: &mut State, e: &syn::Expr| -> Result<(String, String, Ty, Val), Fail> {
            let syn::Expr::Closure(cl) = e else {
                return Err(unsup(e, "argument that is not a closure"));
            };
            if cl.inputs.len() != 1 {
                return Err(unsup(e, "closure with more than one parameter"));
            }
            let syn::Pat::Type(pt) = &cl.inputs[0].pat else {
                return Err(unsup(e, "closure parameter without a type"));
            };
            let syn::Pat::Ident(pi) = &*pt.pat else {
                return Err(unsup(&pt.pat, "closure parameter pattern"));
            };
            let f = g.fndef(g.fr.func);
            let ty = crate::program::resolve_ty(&pt.ty, &f.generics, f.self_ty.as_ref(), g.p)?;
            g.fresh += 1;
            let bn = format!("q!{}!{}", pi.ident, g.fresh);
            let (env_mark, facts_mark, writes) = (st.env.len(), st.facts.len(), g.env_writes);
            st.env.push(Var { name: pi.ident.to_string(), val: v(bn.clone(), ty.clone()), mutable: false, ghost: false, lin: Lin::Plain });
            g.fr.quant_depth += 1;
            let r = g.ex(st, &cl.body, Mode::Spec);
            g.fr.quant_depth -= 1;
            st.env.truncate(env_mark);
            st.facts.truncate(facts_mark);
            if g.env_writes != writes {
                return Err(unsup(e, "assignment inside a closure"));
            }
            let Some(body) = r? else { return Err(unsup(e, "diverging closure")) };
            let sort = g.sort(&ty);
            Ok((bn, sort, ty, body))
        };
        let (b1, s1, t1, body1) = lam(self, st, f1)?;
        let second = match f2 {
            Some(e) => Some(lam(self, st, e)?),
            None => None,
        };
        // the closure's free constants (declared constants of this program) become arguments
        let mut texts = vec![body1.t.clone()];
        if let Some(l) = &len {
            texts.push(l.t.clone());
        }
        if let Some((_, _, _, b)) = &second {
            texts.push(b.t.clone());
        }
        let consts: HashMap<String, String> = self
            .decls
            .iter()
            .filter_map(|(_, d)| {
                let rest = d.strip_prefix("(declare-const ")?;
                let (n, s) = rest.strip_suffix(')')?.split_once(' ')?;
                Some((n.to_string(), s.to_string()))
            })
            .collect();
        let defined: HashSet<String> = self
            .decls
            .iter()
            .filter_map(|(_, d)| d.strip_prefix("(define-fun ").and_then(|r| r.split(' ').next()).map(|s| s.to_string()))
            .collect();
        let mut caps: Vec<(String, String)> = Vec::new();
        for t in &texts {
            for tok in t.split(|ch: char| ch == '(' || ch == ')' || ch.is_whitespace()) {
                if tok.is_empty() || caps.iter().any(|(n, _)| n == tok) {
                    continue;
                }
                if defined.contains(tok) || tok.starts_with("q!") && tok != b1 && second.as_ref().map(|s| s.0 != tok).unwrap_or(true) {
                    return Err(unsup(c, "closure capturing a bound or defined name"));
                }
                if let Some(s) = consts.get(tok) {
                    caps.push((tok.to_string(), s.clone()));
                } else if tok == "fuel!" {
                    caps.push((tok.to_string(), "Fuel".into()));
                }
            }
        }
        self.fresh += 1;
        let fname = format!("clo!{}", self.fresh);
        let rsort = if is_seq { "SeqS" } else { "MapS" };
        let sorts: Vec<&str> = caps.iter().map(|(_, s)| s.as_str()).collect();
        self.spec_decls.push(format!("(declare-fun {} ({}) {})", fname, sorts.join(" "), rsort));
        let bound: Vec<String> = (0..caps.len()).map(|k| format!("c!{}", k)).collect();
        let app_of = |args: &[String]| {
            if args.is_empty() { fname.clone() } else { format!("({} {})", fname, args.join(" ")) }
        };
        let app = app_of(&bound);
        let rename = |t: &str| {
            let mut t = t.to_string();
            for ((n, _), b) in caps.iter().zip(&bound) {
                t = replace_symbol(&t, n, b);
            }
            t
        };
        let (axiom, term_ty) = if is_seq {
            let l = len.unwrap();
            let lt = rename(&l.t);
            let el = elem_hint.unwrap_or_else(|| body1.ty.clone());
            let bx = rename(&self.coerce(body1, &Ty::Unknown).t);
            let rng = self.range(&t1, &b1).unwrap_or_else(|| "true".into());
            let _ = rng;
            (
                format!(
                    "(and (= (Seq.len {app}) {lt}) (forall (({i} {s})) (! (=> (and (<= 0 {i}) (< {i} {lt})) (= (Seq.index {app} {i}) {bx})) :pattern ((Seq.index {app} {i})))))",
                    app = app, lt = lt, i = b1, s = s1, bx = bx
                ),
                Ty::Seq(Box::new(el)),
            )
        } else {
            let (b2, _s2, _t2, body2) = second.unwrap();
            if self.sort(&body1.ty) != "Bool" {
                return Err(Fail::Type(span_of(f1), "Map::new domain closure is not a bool".into()));
            }
            let vt = body2.ty.clone();
            let pred = rename(&body1.t);
            let val = replace_symbol(&rename(&self.coerce(body2, &Ty::Unknown).t), &b2, &b1);
            let bk = self.coerce(v(b1.clone(), t1.clone()), &Ty::Unknown).t;
            let rng = self.range(&t1, &b1).unwrap_or_else(|| "true".into());
            (
                format!(
                    "(and (forall (({k} {s})) (! (=> {rng} (= (Set.mem {bk} (Map.dom {app})) {pred})) :pattern ((Set.mem {bk} (Map.dom {app}))))) (forall (({k} {s})) (! (=> (and {rng} {pred}) (= (Map.index {app} {bk}) {val})) :pattern ((Map.index {app} {bk})))))",
                    k = b1, s = s1, rng = rng, bk = bk, app = app, pred = pred, val = val
                ),
                Ty::Map(Box::new(t1), Box::new(vt)),
            )
        };
        let binders: Vec<String> = caps.iter().zip(&bound).map(|((_, s), b)| format!("({} {})", b, s)).collect();
        self.spec_defs.push(if binders.is_empty() {
            format!("(assert {})", axiom)
        } else {
            format!("(assert (forall ({}) (! {} :pattern ({}))))", binders.join(" "), axiom, app)
        });
        let actual: Vec<String> = caps.iter().map(|(n, _)| n.clone()).collect();
        Ok(Some(v(app_of(&actual), term_ty)))
    }

    /// `assert_by_contradiction!(P, { block })`: assuming `!P`, the block must reach `false`;
    /// `P` holds afterwards.
    pub(super) fn assert_by_contradiction(&mut self, st: &mut State, m: &syn::Macro, at: &dyn Spanned) -> R {
        let (p, b): (syn::Expr, syn::Block) = m
            .parse_body_with(|input: syn::parse::ParseStream| {
                let e: syn::Expr = input.parse()?;
                input.parse::<syn::Token![,]>()?;
                let b: syn::Block = input.parse()?;
                if !input.is_empty() {
                    return Err(input.error("unexpected tokens"));
                }
                Ok((e, b))
            })
            .map_err(|_| Fail::Unsupported(span_of_dyn(at), "assert_by_contradiction! arguments".into()))?;
        let Some(t) = self.bool_of(st, &p, Mode::Spec)? else { return Ok(None) };
        let mut s = self.fork(st);
        s.facts.push(format!("(not {})", t));
        let r = self.block(&mut s, &b, Mode::Proof)?;
        if r.is_some() {
            self.check(&mut s, "false".into(), span_of_dyn(at), "assertion failed")?;
        }
        st.facts.push(t);
        Ok(Some(v("unit", Ty::Unit)))
    }
}

/// `x.borrow_mut()` / `x.borrow()` → `x`.
pub(super) fn strip_borrow(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::MethodCall(m)
            if m.args.is_empty() && (m.method == "borrow_mut" || m.method == "borrow") =>
        {
            &m.receiver
        }
        other => other,
    }
}
