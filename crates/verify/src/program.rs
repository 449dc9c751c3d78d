//! Front-end: the `verus! { }` bodies of a file, parsed with `verus_syn`, collected into
//! datatypes, traits and functions with their types resolved to `Ty`.

use crate::{Fail, Span};
use std::collections::HashMap;
use verus_syn as syn;
use verus_syn::spanned::Spanned;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IK {
    Int,
    Nat,
    U(u32),
    I(u32),
    Usize,
    Isize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Bool,
    Int(IK),
    /// An integer literal's type not known yet (Rust infers it; default i32).
    Var(usize),
    Param(String),
    Adt(String, Vec<Ty>),
    Option(Box<Ty>),
    Seq(Box<Ty>),
    Set(Box<Ty>),
    Map(Box<Ty>, Box<Ty>),
    /// tuples of 2 to 4 components (SMT datatypes TupN with Poly fields)
    Tuple(Vec<Ty>),
    Unit,
    /// A type argument we could not infer: represented as `Poly`.
    Unknown,
}

impl Ty {
    pub fn is_int(&self) -> bool {
        matches!(self, Ty::Int(_) | Ty::Var(_))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Spec,
    Proof,
    Exec,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: Ty,
    pub mut_ref: bool,
    pub span: Span,
}

pub struct FnDef {
    pub key: String,
    pub name: String,
    pub mode: Mode,
    pub generics: Vec<String>,
    pub params: Vec<Param>,
    pub ret: Option<(String, Ty)>,
    pub requires: Vec<syn::Expr>,
    pub ensures: Vec<syn::Expr>,
    pub decreases: Vec<syn::Expr>,
    pub body: Option<syn::Block>,
    pub span: Span,
    /// Self type of the impl (for `Self`), if a method.
    pub self_ty: Option<Ty>,
    /// Trait this function declares or implements.
    pub trait_name: Option<String>,
    pub module: String,
}

pub struct AdtDef {
    pub name: String,
    pub generics: Vec<String>,
    pub is_enum: bool,
    /// vstd's `PPtr`/`PointsTo`/`Dealloc` (ours, not the user's): never constructed, matched
    /// into or assigned by user code (a permission cannot be forged)
    pub builtin: bool,
    /// (constructor name, fields (name, declared type))
    pub variants: Vec<(String, Vec<(String, Ty)>)>,
}

#[derive(Default)]
pub struct Program {
    pub adts: Vec<AdtDef>,
    pub adt_index: HashMap<String, usize>,
    pub fns: Vec<FnDef>,
    /// "Type::method" / "fn" / "Trait::method" -> fn index
    pub fn_index: HashMap<String, usize>,
    /// methods of blanket impls `impl<T> Tr for T`, and trait declarations: method -> fn index
    pub trait_methods: HashMap<String, Vec<usize>>,
    /// `type A<T> = ...;` aliases: name -> (generics, resolved body with the generics as Param)
    pub aliases: HashMap<String, (Vec<String>, Ty)>,
    /// struct fields declared `Ghost<..>` (false) or `Tracked<..>` (true): (struct, field)
    pub wrapped_fields: HashMap<(String, String), bool>,
}

/// The permission types of `vstd::ptr` (Verus's `PPtr` with `PointsTo`/`Dealloc` tokens), as
/// datatypes of ours. `PointsTo<V>`'s view is `PointsToData { pptr: int, value: Option<V> }`:
/// the token is represented by its view (`@` is the identity on it). `PPtr<V>` is an opaque
/// pointer: `id()` is one field; a hidden second field keeps `p.id() == q.id()` from
/// implying `p == q` (Verus's `id` is an uninterpreted closed spec fn).
pub const PERM_TYPES: &[&str] = &["PPtr", "PointsTo", "Dealloc"];

fn builtin_adts(p: &mut Program) {
    let v = || Ty::Param("V".into());
    let defs: Vec<(&str, Vec<(String, Ty)>)> = vec![
        (
            "PPtr",
            vec![("%id".into(), Ty::Int(IK::Int)), ("%prov".into(), Ty::Unknown)],
        ),
        (
            "PointsTo",
            vec![
                ("pptr".into(), Ty::Int(IK::Int)),
                ("value".into(), Ty::Option(Box::new(v()))),
            ],
        ),
        ("Dealloc", vec![("pptr".into(), Ty::Int(IK::Int))]),
    ];
    for (n, fields) in defs {
        if p.adt_index.contains_key(n) {
            continue; // the user's own type of that name
        }
        p.adt_index.insert(n.to_string(), p.adts.len());
        p.adts.push(AdtDef {
            name: n.to_string(),
            generics: vec!["V".into()],
            is_enum: false,
            builtin: true,
            variants: vec![(n.to_string(), fields)],
        });
    }
}

/// Does `t` hold a permission token (`PointsTo`/`Dealloc`) other than inside a user datatype?
pub fn holds_permission(t: &Ty, p: &Program) -> bool {
    match t {
        Ty::Adt(n, args) => {
            let b = p.adt_index.get(n).map(|&i| p.adts[i].builtin).unwrap_or(false);
            (b && n != "PPtr") || (b && args.iter().any(|a| holds_permission(a, p)))
        }
        Ty::Option(a) | Ty::Seq(a) | Ty::Set(a) => holds_permission(a, p),
        Ty::Map(a, b) => holds_permission(a, p) || holds_permission(b, p),
        Ty::Tuple(v) => v.iter().any(|x| holds_permission(x, p)),
        _ => false,
    }
}

/// Where `t` starts. syn's `span()` turns the whole node back into tokens (linear in its size:
/// quadratic over a chain `s.push(1).push(1)...` whose every level asks for its span); for the
/// left-recursive expression forms the start is that of the leftmost operand, found without
/// rebuilding tokens (nodes with attributes keep the full computation: they start there).
pub fn span_of<T: Spanned + 'static>(t: &T) -> Span {
    let any = t as &dyn std::any::Any;
    let left: Option<&syn::Expr> = if let Some(e) = any.downcast_ref::<syn::Expr>() {
        Some(e)
    } else if let Some(m) = any.downcast_ref::<syn::ExprMethodCall>() {
        m.attrs.is_empty().then_some(&*m.receiver)
    } else if let Some(b) = any.downcast_ref::<syn::ExprBinary>() {
        b.attrs.is_empty().then_some(&*b.left)
    } else if let Some(c) = any.downcast_ref::<syn::ExprCall>() {
        c.attrs.is_empty().then_some(&*c.func)
    } else if let Some(f) = any.downcast_ref::<syn::ExprField>() {
        f.attrs.is_empty().then_some(&*f.base)
    } else if let Some(i) = any.downcast_ref::<syn::ExprIndex>() {
        i.attrs.is_empty().then_some(&*i.expr)
    } else if let Some(c) = any.downcast_ref::<syn::ExprCast>() {
        c.attrs.is_empty().then_some(&*c.expr)
    } else {
        None
    };
    match left {
        Some(e) => expr_start(e),
        None => start_span(t.span()),
    }
}

/// The start of an expression, descending through left operands (see `span_of`).
pub fn expr_start(mut e: &syn::Expr) -> Span {
    loop {
        e = match e {
            syn::Expr::MethodCall(m) if m.attrs.is_empty() => &m.receiver,
            syn::Expr::Binary(b) if b.attrs.is_empty() => &b.left,
            syn::Expr::Call(c) if c.attrs.is_empty() => &c.func,
            syn::Expr::Field(f) if f.attrs.is_empty() => &f.base,
            syn::Expr::Index(i) if i.attrs.is_empty() => &i.expr,
            syn::Expr::Cast(c) if c.attrs.is_empty() => &c.expr,
            _ => return start_span(e.span()),
        };
    }
}

fn start_span(sp: proc_macro2::Span) -> Span {
    let s = sp.start();
    Span {
        line: s.line,
        col: s.column + 1,
    }
}


fn unsup<T: Spanned + 'static>(t: &T, what: &str) -> Fail {
    Fail::Unsupported(span_of(t), what.to_string())
}

pub fn parse_program(src: &str) -> Result<Program, Fail> {
    let file = syn::parse_file(src).map_err(|e| {
        let s = e.span().start();
        Fail::Syntax(
            Span {
                line: s.line,
                col: s.column + 1,
            },
            e.to_string(),
        )
    })?;
    let mut items = Vec::new();
    for it in file.items {
        match it {
            syn::Item::Use(_) => {}
            syn::Item::Macro(m) if m.mac.path.is_ident("verus") => {
                let inner: syn::File = syn::parse2(m.mac.tokens.clone()).map_err(|e| {
                    let s = e.span().start();
                    Fail::Syntax(
                        Span {
                            line: s.line,
                            col: s.column + 1,
                        },
                        e.to_string(),
                    )
                })?;
                items.extend(inner.items);
            }
            other => return Err(unsup(&other, "item outside verus! { }")),
        }
    }
    let mut p = Program::default();
    // two passes: datatypes first so that types resolve
    collect_adts(&items, &mut p)?;
    collect_fns(&items, &mut p, "")?;
    Ok(p)
}

fn collect_adts(items: &[syn::Item], p: &mut Program) -> Result<(), Fail> {
    for it in items {
        match it {
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    collect_adts(inner, p)?;
                }
            }
            syn::Item::Struct(s) => {
                let name = s.ident.to_string();
                let generics = generic_names(&s.generics);
                p.adt_index.insert(name.clone(), p.adts.len());
                p.adts.push(AdtDef {
                    name,
                    generics,
                    is_enum: false,
                    builtin: false,
                    variants: vec![],
                });
            }
            syn::Item::Enum(e) => {
                let name = e.ident.to_string();
                let generics = generic_names(&e.generics);
                p.adt_index.insert(name.clone(), p.adts.len());
                p.adts.push(AdtDef {
                    name,
                    generics,
                    is_enum: true,
                    builtin: false,
                    variants: vec![],
                });
            }
            _ => {}
        }
    }
    builtin_adts(p);
    collect_aliases(items, p)?;
    // fields (types may mention any ADT)
    fill_fields(items, p)
}

fn collect_aliases(items: &[syn::Item], p: &mut Program) -> Result<(), Fail> {
    for it in items {
        match it {
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    collect_aliases(inner, p)?;
                }
            }
            syn::Item::Type(t) => {
                let g = generic_names(&t.generics);
                let body = resolve_ty(&t.ty, &g, None, p)?;
                p.aliases.insert(t.ident.to_string(), (g, body));
            }
            _ => {}
        }
    }
    Ok(())
}

fn subst_params(t: &Ty, m: &HashMap<String, Ty>) -> Ty {
    match t {
        Ty::Param(n) => m.get(n).cloned().unwrap_or_else(|| t.clone()),
        Ty::Adt(n, a) => Ty::Adt(n.clone(), a.iter().map(|x| subst_params(x, m)).collect()),
        Ty::Option(a) => Ty::Option(Box::new(subst_params(a, m))),
        Ty::Seq(a) => Ty::Seq(Box::new(subst_params(a, m))),
        Ty::Set(a) => Ty::Set(Box::new(subst_params(a, m))),
        Ty::Map(a, b) => Ty::Map(Box::new(subst_params(a, m)), Box::new(subst_params(b, m))),
        Ty::Tuple(v) => Ty::Tuple(v.iter().map(|x| subst_params(x, m)).collect()),
        o => o.clone(),
    }
}

fn fill_fields(items: &[syn::Item], p: &mut Program) -> Result<(), Fail> {
    for it in items {
        match it {
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    fill_fields(inner, p)?;
                }
            }
            syn::Item::Struct(s) => {
                let name = s.ident.to_string();
                let g = generic_names(&s.generics);
                let fields = fields_of(&s.fields, &g, p)?;
                if let syn::Fields::Named(nf) = &s.fields {
                    for fl in &nf.named {
                        if let syn::Type::Path(tp) = &fl.ty {
                            let w = tp.path.segments.last().unwrap().ident.to_string();
                            if w == "Ghost" || w == "Tracked" {
                                p.wrapped_fields.insert(
                                    (name.clone(), fl.ident.as_ref().unwrap().to_string()),
                                    w == "Tracked",
                                );
                            }
                        }
                    }
                }
                for (fname, fty) in &fields {
                    if holds_permission(fty, p)
                        && p.wrapped_fields.get(&(name.clone(), fname.clone())) != Some(&true)
                    {
                        return Err(unsup(s, &format!("permission in field `{}` not declared Tracked<..>", fname)));
                    }
                }
                let i = p.adt_index[&name];
                p.adts[i].variants = vec![(name.clone(), fields)];
            }
            syn::Item::Enum(e) => {
                let name = e.ident.to_string();
                let g = generic_names(&e.generics);
                let mut vs = Vec::new();
                for v in &e.variants {
                    if v.discriminant.is_some() {
                        return Err(unsup(v, "enum discriminant"));
                    }
                    let fs = fields_of(&v.fields, &g, p)?;
                    if fs.iter().any(|(_, t)| holds_permission(t, p)) {
                        return Err(unsup(v, "permission in an enum variant"));
                    }
                    vs.push((format!("{}::{}", name, v.ident), fs));
                }
                let i = p.adt_index[&name];
                p.adts[i].variants = vs;
            }
            _ => {}
        }
    }
    Ok(())
}

fn fields_of(f: &syn::Fields, g: &[String], p: &Program) -> Result<Vec<(String, Ty)>, Fail> {
    let mut out = Vec::new();
    match f {
        syn::Fields::Named(n) => {
            for fl in &n.named {
                out.push((
                    fl.ident.as_ref().unwrap().to_string(),
                    resolve_ty(&fl.ty, g, None, p)?,
                ));
            }
        }
        syn::Fields::Unnamed(u) => {
            for (i, fl) in u.unnamed.iter().enumerate() {
                out.push((i.to_string(), resolve_ty(&fl.ty, g, None, p)?));
            }
        }
        syn::Fields::Unit => {}
    }
    Ok(out)
}

pub fn generic_names(g: &syn::Generics) -> Vec<String> {
    g.params
        .iter()
        .filter_map(|gp| match gp {
            syn::GenericParam::Type(t) => Some(t.ident.to_string()),
            _ => None,
        })
        .collect()
}

pub fn int_kind(name: &str) -> Option<IK> {
    Some(match name {
        "int" => IK::Int,
        "nat" => IK::Nat,
        "u8" => IK::U(8),
        "u16" => IK::U(16),
        "u32" => IK::U(32),
        "u64" => IK::U(64),
        "u128" => IK::U(128),
        "usize" => IK::Usize,
        "i8" => IK::I(8),
        "i16" => IK::I(16),
        "i32" => IK::I(32),
        "i64" => IK::I(64),
        "i128" => IK::I(128),
        "isize" => IK::Isize,
        _ => return None,
    })
}

pub fn resolve_ty(
    t: &syn::Type,
    g: &[String],
    self_ty: Option<&Ty>,
    p: &Program,
) -> Result<Ty, Fail> {
    match t {
        syn::Type::Reference(r) => resolve_ty(&r.elem, g, self_ty, p),
        syn::Type::Paren(r) => resolve_ty(&r.elem, g, self_ty, p),
        syn::Type::Tuple(tt) if tt.elems.is_empty() => Ok(Ty::Unit),
        syn::Type::Tuple(tt) if tt.elems.len() == 1 => resolve_ty(&tt.elems[0], g, self_ty, p),
        syn::Type::Tuple(tt) if tt.elems.len() <= 4 => Ok(Ty::Tuple(
            tt.elems
                .iter()
                .map(|t| resolve_ty(t, g, self_ty, p))
                .collect::<Result<Vec<_>, _>>()?,
        )),
        syn::Type::Path(tp) if tp.qself.is_none() => {
            let seg = tp.path.segments.last().unwrap();
            let name = seg.ident.to_string();
            let mut args = Vec::new();
            if let syn::PathArguments::AngleBracketed(a) = &seg.arguments {
                for ga in &a.args {
                    match ga {
                        syn::GenericArgument::Type(t) => args.push(resolve_ty(t, g, self_ty, p)?),
                        // lifetimes: references are values here (no aliasing under Rust's rules)
                        syn::GenericArgument::Lifetime(_) => {}
                        other => return Err(unsup(other, "generic argument")),
                    }
                }
            }
            if tp.path.segments.len() == 1 && args.is_empty() {
                if name == "bool" {
                    return Ok(Ty::Bool);
                }
                if let Some(k) = int_kind(&name) {
                    return Ok(Ty::Int(k));
                }
                if g.contains(&name) {
                    return Ok(Ty::Param(name));
                }
                if name == "Self" {
                    if let Some(s) = self_ty {
                        return Ok(s.clone());
                    }
                    return Ok(Ty::Param("Self".into()));
                }
            }
            let one = |args: &mut Vec<Ty>| -> Result<Ty, Fail> {
                if args.len() != 1 {
                    return Err(unsup(t, "type arguments"));
                }
                Ok(args.remove(0))
            };
            match name.as_str() {
                "Box" => one(&mut args),
                "Ghost" | "Tracked" => {
                    // erased to the inner type, so `x@` is the inner value: only sound where
                    // the inner type's own `@` is the identity (not a user type with a view)
                    let inner = one(&mut args)?;
                    let user_adt = match &inner {
                        Ty::Adt(n, _) => !p.adt_index.get(n).map(|&i| p.adts[i].builtin).unwrap_or(false),
                        Ty::Param(_) | Ty::Unknown => true,
                        _ => false,
                    };
                    if user_adt {
                        return Err(unsup(t, &format!("{}<..> of a user type or type parameter", name)));
                    }
                    Ok(inner)
                }
                "Option" => Ok(Ty::Option(Box::new(one(&mut args)?))),
                "Seq" => Ok(Ty::Seq(Box::new(one(&mut args)?))),
                "Set" => Ok(Ty::Set(Box::new(one(&mut args)?))),
                "Map" if args.len() == 2 => Ok(Ty::Map(
                    Box::new(args[0].clone()),
                    Box::new(args[1].clone()),
                )),
                _ => {
                    if let Some((ag, body)) = p.aliases.get(&name) {
                        if ag.len() != args.len() {
                            return Err(unsup(t, "wrong number of type arguments for an alias"));
                        }
                        let m: HashMap<String, Ty> =
                            ag.iter().cloned().zip(args.iter().cloned()).collect();
                        return Ok(subst_params(body, &m));
                    }
                    if let Some(&i) = p.adt_index.get(&name) {
                        let n = p.adts[i].generics.len();
                        if args.is_empty() && n > 0 {
                            args = vec![Ty::Unknown; n];
                        }
                        if args.len() != n {
                            return Err(unsup(t, "wrong number of type arguments"));
                        }
                        Ok(Ty::Adt(name, args))
                    } else {
                        Err(unsup(t, &format!("type `{}`", name)))
                    }
                }
            }
        }
        other => Err(unsup(other, "type")),
    }
}

fn fn_mode(m: &syn::FnMode) -> Result<Mode, &'static str> {
    Ok(match m {
        syn::FnMode::Spec(_) => Mode::Spec,
        syn::FnMode::SpecChecked(_) => Mode::Spec,
        syn::FnMode::Proof(_) => Mode::Proof,
        syn::FnMode::ProofAxiom(_) => return Err("axiom fn"),
        syn::FnMode::Exec(_) | syn::FnMode::Default => Mode::Exec,
    })
}

fn spec_exprs(s: &syn::Specification) -> Vec<syn::Expr> {
    s.exprs.iter().cloned().collect()
}

struct FnCtx<'a> {
    module: &'a str,
    impl_generics: Vec<String>,
    self_ty: Option<Ty>,
    trait_name: Option<String>,
    key_prefix: String,
}

fn add_fn(
    p: &mut Program,
    cx: &FnCtx,
    sig: &syn::Signature,
    body: Option<&syn::Block>,
    attrs: &[syn::Attribute],
) -> Result<usize, Fail> {
    for a in attrs {
        let path = a.path();
        let txt: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let txt = txt.join("::");
        if txt == "verifier::external_body"
            || txt == "verifier::external"
            || txt.starts_with("verifier")
        {
            return Err(unsup(a, &format!("attribute #[{}]", txt)));
        }
    }
    let mode = fn_mode(&sig.mode).map_err(|w| unsup(sig, w))?;
    if sig.spec.prover.is_some()
        || sig.spec.returns.is_some()
        || sig.spec.with.is_some()
        || sig.spec.invariants.is_some()
    {
        return Err(unsup(sig, "function specification clause"));
    }
    if sig.unsafety.is_some() || sig.asyncness.is_some() || sig.variadic.is_some() {
        return Err(unsup(sig, "unsafe/async/variadic fn"));
    }
    let mut generics = cx.impl_generics.clone();
    generics.extend(generic_names(&sig.generics));
    if cx.self_ty.is_none() && cx.trait_name.is_some() {
        generics.push("Self".into());
    }
    let self_ty = cx
        .self_ty
        .clone()
        .or_else(|| cx.trait_name.as_ref().map(|_| Ty::Param("Self".into())));
    let mut params = Vec::new();
    if let syn::ReturnType::Type(_, Some(tk), _, _) = &sig.output {
        return Err(unsup(tk, "tracked return value"));
    }
    for a in &sig.inputs {
        if let Some(tk) = &a.tracked {
            return Err(unsup(tk, "tracked parameter"));
        }
        match &a.kind {
            syn::FnArgKind::Receiver(r) => {
                let mut_ref = r.reference.is_some() && r.mutability.is_some();
                if r.reference.is_none() && r.mutability.is_some() {
                    return Err(unsup(r, "mut self"));
                }
                params.push(Param {
                    name: "self".into(),
                    ty: self_ty.clone().unwrap_or(Ty::Unknown),
                    mut_ref,
                    span: span_of(r),
                });
            }
            syn::FnArgKind::Typed(pt) => {
                let name = match &*pt.pat {
                    syn::Pat::Ident(i) if i.subpat.is_none() => i.ident.to_string(),
                    other => return Err(unsup(other, "parameter pattern")),
                };
                let mut_ref = matches!(&*pt.ty, syn::Type::Reference(r) if r.mutability.is_some());
                let ty = resolve_ty(&pt.ty, &generics, self_ty.as_ref(), p)?;
                if mode != Mode::Spec && holds_permission(&ty, p) {
                    return Err(unsup(&*pt.ty, "permission (PointsTo/Dealloc) parameter"));
                }
                params.push(Param {
                    name,
                    ty,
                    mut_ref,
                    span: span_of(pt),
                });
            }
        }
    }
    let ret = match &sig.output {
        syn::ReturnType::Default => None,
        syn::ReturnType::Type(_, _, named, ty) => {
            let t = resolve_ty(ty, &generics, self_ty.as_ref(), p)?;
            if mode != Mode::Spec && holds_permission(&t, p) {
                return Err(unsup(&**ty, "permission (PointsTo/Dealloc) return value"));
            }
            let name = match named {
                None => "%ret".to_string(),
                Some(b) => match &b.1 {
                    syn::Pat::Ident(i) => i.ident.to_string(),
                    other => return Err(unsup(other, "return pattern")),
                },
            };
            Some((name, t))
        }
    };
    let name = sig.ident.to_string();
    let key = format!("{}{}", cx.key_prefix, name);
    let f = FnDef {
        key: key.clone(),
        name: name.clone(),
        mode,
        generics,
        params,
        ret,
        requires: sig
            .spec
            .requires
            .as_ref()
            .map(|r| spec_exprs(&r.exprs))
            .unwrap_or_default(),
        ensures: sig
            .spec
            .ensures
            .as_ref()
            .map(|r| spec_exprs(&r.exprs))
            .unwrap_or_default(),
        decreases: sig
            .spec
            .decreases
            .as_ref()
            .map(|r| spec_exprs(&r.decreases.exprs))
            .unwrap_or_default(),
        body: body.cloned(),
        span: span_of(&sig.ident),
        self_ty: cx.self_ty.clone(),
        trait_name: cx.trait_name.clone(),
        module: cx.module.to_string(),
    };
    if let Some(d) = &sig.spec.decreases {
        if d.when.is_some() || d.via.is_some() {
            return Err(unsup(sig, "decreases when/via"));
        }
    }
    if cx.trait_name.is_some() && cx.self_ty.is_some() && sig.spec.requires.is_some() {
        // callers through the trait only establish the trait's requires
        return Err(Fail::Type(span_of(sig), "requires on a trait method implementation (only the trait declaration may have requires)".into()));
    }
    if sig.spec.recommends.is_some() && mode != Mode::Spec {
        return Err(unsup(sig, "recommends on a non-spec fn"));
    }
    let idx = p.fns.len();
    if p.fn_index.contains_key(&key) {
        return Err(unsup(sig, &format!("second definition of `{}`", key)));
    }
    p.fn_index.insert(key, idx);
    p.fns.push(f);
    Ok(idx)
}

fn collect_fns(items: &[syn::Item], p: &mut Program, module: &str) -> Result<(), Fail> {
    for it in items {
        match it {
            syn::Item::Use(_) | syn::Item::Struct(_) | syn::Item::Enum(_) | syn::Item::Type(_) => {}
            syn::Item::Mod(m) => {
                let Some((_, inner)) = &m.content else {
                    return Err(unsup(m, "out-of-line module"));
                };
                collect_fns(inner, p, &m.ident.to_string())?;
            }
            syn::Item::Fn(f) => {
                let cx = FnCtx {
                    module,
                    impl_generics: vec![],
                    self_ty: None,
                    trait_name: None,
                    key_prefix: String::new(),
                };
                add_fn(p, &cx, &f.sig, Some(&f.block), &f.attrs)?;
            }
            syn::Item::Trait(t) => {
                let tn = t.ident.to_string();
                let cx = FnCtx {
                    module,
                    impl_generics: generic_names(&t.generics),
                    self_ty: None,
                    trait_name: Some(tn.clone()),
                    key_prefix: format!("{}::", tn),
                };
                for ti in &t.items {
                    match ti {
                        syn::TraitItem::Fn(tf) => {
                            let i = add_fn(p, &cx, &tf.sig, tf.default.as_ref(), &tf.attrs)?;
                            p.trait_methods
                                .entry(tf.sig.ident.to_string())
                                .or_default()
                                .push(i);
                        }
                        other => return Err(unsup(other, "trait item")),
                    }
                }
            }
            syn::Item::Impl(im) => {
                let g = generic_names(&im.generics);
                let trait_name = im
                    .trait_
                    .as_ref()
                    .map(|(_, path, _)| path.segments.last().unwrap().ident.to_string());
                let self_ty = resolve_ty(&im.self_ty, &g, None, p)?;
                let prefix = match &self_ty {
                    Ty::Adt(n, _) => format!("{}::", n),
                    Ty::Param(_) => format!("{}@blanket::", trait_name.clone().unwrap_or_default()),
                    _ => return Err(unsup(&im.self_ty, "impl for this type")),
                };
                let cx = FnCtx {
                    module,
                    impl_generics: g,
                    self_ty: Some(self_ty.clone()),
                    trait_name: trait_name.clone(),
                    key_prefix: prefix,
                };
                for ii in &im.items {
                    match ii {
                        syn::ImplItem::Fn(f) => {
                            let i = add_fn(p, &cx, &f.sig, Some(&f.block), &f.attrs)?;
                            if matches!(self_ty, Ty::Param(_)) {
                                // blanket impl: callers see the trait's declaration
                                let _ = i;
                            }
                        }
                        syn::ImplItem::Type(_) if trait_name.as_deref() == Some("View") => {}
                        other => return Err(unsup(other, "impl item")),
                    }
                }
            }
            syn::Item::Macro(m) => return Err(unsup(m, "macro item")),
            other => return Err(unsup(other, "item")),
        }
    }
    Ok(())
}
