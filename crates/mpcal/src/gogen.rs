//! MPCal -> Go (PGo's `gogen`): every archetype of the `--mpcal` block becomes a
//! `*distsys.Archetype` (go/distsys) whose labels are Go functions run as critical sections, and
//! every definition or constant they use becomes a Go function of `*distsys.Constants`.
//!
//! Pipeline per archetype: macro expansion and PGo's label normalisation (shared with pcalgen:
//! `while` becomes `if` + `goto`, every path of a label ends in a jump), then statements and
//! expressions are printed as Go. Resource reads (`ref` parameters) are hoisted before the
//! statement that contains them, in left-to-right order, so each one can abort the step.
//! What PGo cannot compile (infinite sets such as `Nat`, primes, temporal operators, ...) is an
//! `UnsupportedOperationError` at its position; what PGo can but we do not yet (MPCal procedure
//! calls) is `Unsupported`.

use crate::ast::*;
use crate::check::expand_macros;
use crate::codegen::normalize_body;
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use vf_tla::ast::{Bound, DefShape, ExceptKey, Expr, ExprKind, Junction, Module, Quant, Unit};
use vf_tla::Diagnostic;

/// Options of `gogen`.
#[derive(Clone, Debug, Default)]
pub struct GoOptions {
    /// Go package name of the generated file (default: the algorithm's name, lower-cased).
    pub package: Option<String>,
    /// Shown in the "Code generated ... DO NOT EDIT." header.
    pub source_name: String,
    /// PGo's `--no-multiple-writes` check.
    pub no_multiple_writes: bool,
    /// PGo's own treatment of the built-in operators it cannot compile (infinite sets such as
    /// `Nat` and `STRING`, the Bags module, `SelectSeq`, `Permutations`, ...): each use becomes Go
    /// that panics when it is evaluated (`func() tla.Value { panic(...) }()`), so a spec that only
    /// mentions one on a path it never takes still runs. Off (the default), each use is an
    /// `UnsupportedOperationError` at its position.
    pub unsupported_panics: bool,
}

/// Import path of the runtime.
pub const DISTSYS: &str = "github.com/veriforge/veriforge/go/distsys";

/// Built-in operators (applied to arguments) that PGo cannot compile.
const UNSUPPORTED_BUILTINS: &[&str] = &[
    "Seq", "SetToBag", "BagToSet", "BagIn", "EmptyBag", "CopiesIn", "BagCardinality", "BagUnion", "SubBag", "BagOfAll", "Permutations",
    "SortSeq", "RandomElement", "TLCGet", "TLCSet", "JavaTime", "TLCEval", "Any", "ENABLED", "SelectSeq",
];

/// Whether some assignment in `body` (at any depth) writes variable `name`.
fn assigns(body: &[Stmt], name: &str) -> bool {
    body.iter().any(|s| match &s.kind {
        StmtKind::Assign(pairs) => pairs.iter().any(|p| {
            let mut l = &p.lhs;
            while let Lhs::Index(inner, _, _) = l {
                l = inner;
            }
            matches!(l, Lhs::Var(i) if i.name == name)
        }),
        _ => crate::check::children(s).into_iter().any(|b| assigns(b, name)),
    })
}

fn unsupported_op(offset: usize, what: impl Into<String>) -> Diagnostic {
    Diagnostic::new("UnsupportedOperationError", offset, what)
}

/// Compiles the `--mpcal` block of `src` to one Go source file.
pub fn gogen(src: &str, opts: &GoOptions) -> Result<String, Vec<Diagnostic>> {
    let (module, block) = crate::analyze(src, crate::Options { no_multiple_writes: opts.no_multiple_writes })?;
    let package = opts.package.clone().unwrap_or_else(|| sanitize(&block.name.name).to_lowercase());
    if !is_go_ident(&package) || GO_KEYWORDS.contains(&package.as_str()) {
        let at = if opts.package.is_some() { 0 } else { block.name.span.start };
        return Err(vec![Diagnostic::new("GoPackageError", at, format!("`{package}` is not a valid Go package name (use --package)"))]);
    }
    let mut g = Gen::new(&module, &block);
    g.panics = opts.unsupported_panics;
    // Every definition of the `define` block (glue uses them, e.g. the set of client ids), and the
    // module's definitions as far as those or the archetypes use them.
    for u in &block.defns {
        if let Unit::OpDef(vf_tla::ast::OpDef { name, .. }) | Unit::FnDef(vf_tla::ast::FnDef { name, .. }) = u {
            g.needed.insert(name.name.clone());
        }
    }
    let mut body = String::new();
    let macros: HashMap<String, &Macro> = block.macros.iter().map(|m| (m.name.name.clone(), m)).collect();
    let mut errs = Vec::new();
    for a in &block.archetypes {
        let expanded = expand_macros(&a.body, &macros, 0);
        let norm = normalize_body(&expanded, "Done");
        match g.archetype(a, &norm) {
            Ok(code) => body.push_str(&code),
            Err(d) => errs.push(d),
        }
    }
    let mut registry = String::new();
    for p in &block.mpcal_procedures {
        let expanded = expand_macros(&p.body, &macros, 0);
        let norm = normalize_body(&expanded, "Error");
        match g.procedure(p, &norm) {
            Ok(code) => body.push_str(&code),
            Err(d) => errs.push(d),
        }
        let _ = writeln!(registry, "gogenProcedures[{}] = {}", go_quote(&p.name.name), def_go_name(&p.name.name));
    }
    if !registry.is_empty() {
        // Calls go through this map, so that (mutually) recursive procedures are no
        // initialisation cycle.
        body.push_str("// gogenProcedures maps MPCal procedure names to their code.\nvar gogenProcedures = map[string]*distsys.Archetype{}\n\n");
        let _ = write!(body, "func init() {{\n{registry}}}\n\n");
    }
    // Definitions reachable from the archetypes (and from each other), in source order.
    let mut done: BTreeSet<String> = BTreeSet::new();
    let mut defs_code: Vec<(usize, String)> = Vec::new();
    while let Some(name) = g.needed.iter().find(|n| !done.contains(*n)).cloned() {
        done.insert(name.clone());
        match g.definition(&name) {
            Ok(Some((order, code))) => defs_code.push((order, code)),
            Ok(None) => {}
            Err(d) => errs.push(d),
        }
    }
    if !errs.is_empty() {
        errs.sort_by_key(|d| d.offset);
        return Err(errs);
    }
    defs_code.sort_by_key(|(o, _)| *o);
    let mut out = String::new();
    let _ = writeln!(out, "// Code generated by veriforge mpcal gogen from {}. DO NOT EDIT.\n", opts.source_name);
    let _ = writeln!(out, "// Package {} holds the archetypes of MPCal algorithm {}.", package, block.name.name);
    let _ = writeln!(out, "package {package}\n");
    let uses_distsys = !block.archetypes.is_empty() || !defs_code.is_empty();
    let uses_tla = uses_distsys;
    if uses_distsys || uses_tla {
        out.push_str("import (\n");
        let _ = writeln!(out, "\t\"{DISTSYS}\"");
        let _ = writeln!(out, "\t\"{DISTSYS}/tla\"");
        out.push_str(")\n\n");
        // Definitions take the constants; a file whose definitions never mention tla or distsys
        // otherwise would not compile.
        out.push_str("var (\n\t_ = distsys.Done\n\t_ = tla.True\n)\n\n");
    }
    for (_, c) in defs_code {
        out.push_str(&c);
    }
    out.push_str(&body);
    Ok(reindent(out.trim_end()))
}

/// Re-indents generated Go as gofmt does: a line is indented one tab deeper than the line that
/// opened the innermost bracket still open at its start, a line starting with a closing bracket
/// takes the indentation of the line that opened that bracket, and `case`/`default` labels sit at
/// their `switch`'s level. Brackets in string literals and `//` comments are ignored.
pub fn reindent(code: &str) -> String {
    let mut stack: Vec<usize> = Vec::new(); // indentation of the line that opened each bracket
    let mut out = String::with_capacity(code.len() + code.len() / 4);
    for raw in code.lines() {
        let line = raw.trim();
        if line.is_empty() {
            out.push('\n');
            continue;
        }
        let starts_closed = line.starts_with(['}', ')', ']']);
        let mut ind = match (starts_closed, stack.last()) {
            (true, Some(&i)) => i,
            (false, Some(&i)) => i + 1,
            (_, None) => 0,
        };
        if (line.starts_with("case ") || line.starts_with("default:")) && ind > 0 {
            ind -= 1;
        }
        let mut in_str = false;
        let mut esc = false;
        let mut prev = ' ';
        for c in line.chars() {
            if in_str {
                if esc {
                    esc = false;
                } else if c == '\\' {
                    esc = true;
                } else if c == '"' {
                    in_str = false;
                }
                continue;
            }
            match c {
                '"' => in_str = true,
                '/' if prev == '/' => break,
                '{' | '(' | '[' => stack.push(ind),
                '}' | ')' | ']' => {
                    stack.pop();
                }
                _ => {}
            }
            prev = c;
        }
        for _ in 0..ind {
            out.push('\t');
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

const GO_KEYWORDS: &[&str] = &[
    "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func", "go", "goto", "if",
    "import", "interface", "map", "package", "range", "return", "select", "struct", "switch", "type", "var",
];

fn is_go_ident(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_') && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Go name of a top-level definition: the TLA+ name when it is exported-looking, else `Def_name`.
fn def_go_name(n: &str) -> String {
    if n.starts_with(|c: char| c.is_ascii_uppercase()) && is_go_ident(n) {
        n.to_string()
    } else {
        format!("Def_{}", sanitize(n))
    }
}

fn sanitize(n: &str) -> String {
    n.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect()
}

fn var_name(n: &str) -> String {
    format!("v_{}", sanitize(n))
}

/// A Go string literal for `s`.
pub fn go_quote(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\t' => o.push_str("\\t"),
            '\r' => o.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(o, "\\x{:02x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

#[derive(Clone, Debug)]
enum Sym {
    /// A Go variable (bound name, with-binding, LET value) bound at closure `level`.
    Var { go: String, level: usize },
    /// A LET operator with parameters (a Go closure).
    LetOp { go: String, arity: usize },
    /// An archetype local (a local-state resource).
    Local,
    /// A `ref` parameter with `indexed` `[_]`s.
    Ref { indexed: usize },
    /// A value parameter.
    Val,
    /// A top-level or define-block definition.
    Def { arity: usize },
    /// A CONSTANT (possibly an operator).
    Const { arity: usize },
}

enum DefSrc<'a> {
    Op(&'a vf_tla::ast::OpDef),
    Fn(&'a vf_tla::ast::FnDef),
}

struct Gen<'a> {
    /// GoOptions::unsupported_panics.
    panics: bool,
    defs: HashMap<String, (usize, DefSrc<'a>)>,
    consts: HashMap<String, usize>,
    needed: BTreeSet<String>,
    /// MPCal procedures and their arities.
    procs: HashMap<String, usize>,
}

/// Per-function compilation state.
struct Cx {
    scopes: Vec<HashMap<String, Sym>>,
    /// Closure nesting depth (0 = statement level, where resource reads can be hoisted).
    level: usize,
    hoist: Vec<String>,
    tmp: usize,
    /// Go expression for the constants.
    k: &'static str,
    in_archetype: bool,
    site: usize,
    /// Name bound to `@` inside EXCEPT.
    at: Vec<String>,
}

impl Cx {
    fn new(k: &'static str, in_archetype: bool) -> Cx {
        Cx { scopes: vec![HashMap::new()], level: 0, hoist: Vec::new(), tmp: 0, k, in_archetype, site: 0, at: Vec::new() }
    }
    fn lookup(&self, n: &str) -> Option<&Sym> {
        self.scopes.iter().rev().find_map(|s| s.get(n))
    }
    fn bind(&mut self, n: &str, s: Sym) {
        self.scopes.last_mut().unwrap().insert(n.to_string(), s);
    }
    fn fresh(&mut self, hint: &str) -> String {
        self.tmp += 1;
        format!("{hint}{}", self.tmp)
    }
}

fn indent(code: &str, tabs: usize) -> String {
    let pad = "\t".repeat(tabs);
    code.lines().map(|l| if l.is_empty() { "\n".to_string() } else { format!("{pad}{l}\n") }).collect()
}

impl<'a> Gen<'a> {
    fn new(m: &'a Module, b: &'a Block) -> Gen<'a> {
        let mut defs = HashMap::new();
        let mut consts = HashMap::new();
        let mut order = 0;
        for u in m.units.iter().chain(&b.defns) {
            order += 1;
            match u {
                Unit::OpDef(d) => {
                    defs.insert(d.name.name.clone(), (order, DefSrc::Op(d)));
                }
                Unit::FnDef(d) => {
                    defs.insert(d.name.name.clone(), (order, DefSrc::Fn(d)));
                }
                Unit::Constants(cs) => {
                    for c in cs {
                        consts.insert(c.name.name.clone(), c.arity);
                    }
                }
                _ => {}
            }
        }
        let procs = b.mpcal_procedures.iter().map(|p| (p.name.name.clone(), p.params.len())).collect();
        Gen { panics: false, defs, consts, needed: BTreeSet::new(), procs }
    }

    fn global(&self, n: &str) -> Option<Sym> {
        if let Some((_, d)) = self.defs.get(n) {
            return Some(Sym::Def { arity: match d { DefSrc::Op(o) => o.params.len(), DefSrc::Fn(_) => 0 } });
        }
        self.consts.get(n).map(|a| Sym::Const { arity: *a })
    }

    // ------------------------------------------------------------ definitions

    fn definition(&mut self, name: &str) -> Result<Option<(usize, String)>, Diagnostic> {
        let Some((order, d)) = self.defs.get(name) else { return Ok(None) };
        let order = *order;
        let mut cx = Cx::new("k", false);
        let go = def_go_name(name);
        match d {
            DefSrc::Op(d) => {
                let d: &vf_tla::ast::OpDef = d;
                if d.shape != DefShape::Normal {
                    return Err(unsupported_op(d.name.span.start, format!("user-defined operator symbol `{name}`")));
                }
                let mut params = String::from("k *distsys.Constants");
                for p in &d.params {
                    if p.arity > 0 {
                        return Err(unsupported_op(p.name.span.start, format!("higher-order operator parameter `{}`", p.name.name)));
                    }
                    let v = var_name(&p.name.name);
                    let _ = write!(params, ", {v} tla.Value");
                    cx.bind(&p.name.name, Sym::Var { go: v, level: 0 });
                }
                // definitions are pure: no resources, so compile at closure level 1
                cx.level = 1;
                let e = self.expr(&d.body, &mut cx)?;
                let mut out = format!("// {go} is TLA+ definition {name}.\nfunc {go}({params}) tla.Value {{\n");
                let _ = writeln!(out, "\treturn {e}\n}}\n");
                Ok(Some((order, out)))
            }
            DefSrc::Fn(d) => {
                let d: &vf_tla::ast::FnDef = d;
                cx.level = 1;
                let e = self.fn_cons(&d.bounds, &d.body, &mut cx)?;
                let mut out = format!("// {go} is TLA+ function definition {name}.\nfunc {go}(k *distsys.Constants) tla.Value {{\n");
                let _ = writeln!(out, "\treturn {e}\n}}\n");
                Ok(Some((order, out)))
            }
        }
    }

    // ------------------------------------------------------------ archetypes

    fn archetype(&mut self, a: &Archetype, body: &[Stmt]) -> Result<String, Diagnostic> {
        self.code_unit(&a.name.name, &a.params, &a.locals, body, false)
    }

    fn procedure(&mut self, p: &Procedure, body: &[Stmt]) -> Result<String, Diagnostic> {
        if let Some(d) = p.param_defaults.iter().flatten().next() {
            return Err(Diagnostic::new("Unsupported", d.span.start, "gogen: procedure parameter defaults are not supported yet"));
        }
        self.code_unit(&p.name.name, &p.params, &p.locals, body, true)
    }

    fn code_unit(&mut self, name: &str, params_in: &[Param], locals_in: &[VarDecl], body: &[Stmt], is_proc: bool) -> Result<String, Diagnostic> {
        let go = def_go_name(name);
        let mut cx = Cx::new("c.Consts()", true);
        let mut params = String::new();
        let mut copies = String::new();
        for p in params_in {
            if p.is_ref {
                cx.bind(&p.name.name, Sym::Ref { indexed: p.mapping_count.max(0) as usize });
                let _ = writeln!(params, "\t\t{{Name: {}, Ref: true, Indexed: {}}},", go_quote(&p.name.name), p.mapping_count.max(0));
            } else if assigns(body, &p.name.name) {
                // PGo: a value parameter is the unit's own copy, which it may assign: a local
                // initialised from the argument.
                cx.bind(&p.name.name, Sym::Local);
                let _ = writeln!(params, "\t\t{{Name: {}}},", go_quote(&p.name.name));
                let _ = writeln!(
                    copies,
                    "\t\t{{Name: {0}, Init: func(c *distsys.Context) tla.Value {{\n\t\t\treturn c.Value({0})\n\t\t}}}},",
                    go_quote(&p.name.name)
                );
            } else {
                cx.bind(&p.name.name, Sym::Val);
                let _ = writeln!(params, "\t\t{{Name: {}}},", go_quote(&p.name.name));
            }
        }
        let mut locals = copies;
        for l in locals_in {
            let init = match &l.init {
                VarInit::None => None,
                VarInit::Eq(e) => Some(self.init_expr(e, &mut cx)?),
                VarInit::In(e) => Some(format!("tla.Choose({}, func(tla.Value) bool {{\nreturn true\n}})", self.init_expr(e, &mut cx)?)),
            };
            cx.bind(&l.name.name, Sym::Local);
            match init {
                None => {
                    let _ = writeln!(locals, "\t\t{{Name: {}}},", go_quote(&l.name.name));
                }
                Some(e) => {
                    let _ = writeln!(locals, "\t\t{{Name: {}, Init: func(c *distsys.Context) tla.Value {{\n\t\t\treturn {e}\n\t\t}}}},", go_quote(&l.name.name));
                }
            }
        }
        let mut labels = String::new();
        let mut entry = None;
        for s in body {
            let StmtKind::Labeled(l, stmts) = &s.kind else {
                return Err(Diagnostic::new("LabelRequiredError", s.span.start, "statement outside a label"));
            };
            entry.get_or_insert(l.name.clone());
            cx.tmp = 0;
            let (code, term) = self.stmts(stmts, &mut cx)?;
            let mut f = code;
            if !term {
                f.push_str("return c.Goto(distsys.Done)\n");
            }
            let _ = write!(labels, "\t\t{}: func(c *distsys.Context) error {{\n{}\t\t}},\n", go_quote(&l.name), indent(&f, 3));
        }
        let entry = entry.unwrap_or_else(|| "Done".into());
        let sig: Vec<String> = params_in.iter().map(|p| format!("{}{}{}", if p.is_ref { "ref " } else { "" }, p.name.name, "[_]".repeat(p.mapping_count.max(0) as usize))).collect();
        // gofmt aligns the values of adjacent one-line fields: `Name:` meets `Entry:` when there
        // are neither parameters nor locals between them.
        let pad = if params.is_empty() && locals.is_empty() { "  " } else { " " };
        let kind = if is_proc { "MPCal procedure" } else { "archetype" };
        let mut out = format!("// {go} is {kind} {name}({}).\nvar {go} = &distsys.Archetype{{\n\tName:{pad}{},\n", sig.join(", "), go_quote(name));
        if !params.is_empty() {
            let _ = write!(out, "\tParams: []distsys.Param{{\n{params}\t}},\n");
        }
        if !locals.is_empty() {
            let _ = write!(out, "\tLocals: []distsys.Local{{\n{locals}\t}},\n");
        }
        let _ = write!(out, "\tEntry: {},\n\tLabels: map[string]func(*distsys.Context) error{{\n{labels}\t}},\n}}\n\n", go_quote(&entry));
        Ok(out)
    }

    /// An initialiser: no resource reads (the initialiser cannot abort).
    fn init_expr(&mut self, e: &Expr, cx: &mut Cx) -> Result<String, Diagnostic> {
        cx.level += 1;
        let r = self.expr(e, cx);
        cx.level -= 1;
        r
    }

    // ------------------------------------------------------------ statements

    /// Go code for a statement list and whether every path ends in a return.
    fn stmts(&mut self, ss: &[Stmt], cx: &mut Cx) -> Result<(String, bool), Diagnostic> {
        let mut out = String::new();
        for (i, s) in ss.iter().enumerate() {
            if let StmtKind::Call(p, args) = &s.kind {
                // after normalisation a call is followed by its return address or by `return`
                let code = match ss.get(i + 1).map(|n| &n.kind) {
                    Some(StmtKind::Goto(l)) => self.call(p, args, Some(l), s.span.start, cx)?,
                    Some(StmtKind::Return) => self.call(p, args, None, s.span.start, cx)?,
                    _ => return Err(Diagnostic::new("LabelRequiredError", s.span.start, "a call must be followed by a goto, a return or a label")),
                };
                out.push_str(&code);
                return Ok((out, true));
            }
            let (code, term) = self.stmt(s, cx)?;
            out.push_str(&code);
            if term {
                return Ok((out, true));
            }
        }
        Ok((out, false))
    }

    fn take_hoist(cx: &mut Cx) -> String {
        cx.hoist.drain(..).collect()
    }

    fn stmt(&mut self, s: &Stmt, cx: &mut Cx) -> Result<(String, bool), Diagnostic> {
        match &s.kind {
            StmtKind::Skip => Ok((String::new(), false)),
            StmtKind::Goto(l) => {
                let target = if l == "Done" { "distsys.Done".to_string() } else { go_quote(l) };
                Ok((format!("return c.Goto({target})\n"), true))
            }
            StmtKind::Await(e) => {
                let v = self.expr(e, cx)?;
                Ok((format!("{}if err := c.Await({v}); err != nil {{\n\treturn err\n}}\n", Self::take_hoist(cx)), false))
            }
            StmtKind::Assert(e) => {
                let v = self.expr(e, cx)?;
                let msg = vf_tla::print_expr(e);
                Ok((format!("{}if err := c.Assert({v}, {}); err != nil {{\n\treturn err\n}}\n", Self::take_hoist(cx), go_quote(&msg)), false))
            }
            StmtKind::Print(e) => {
                let v = self.expr(e, cx)?;
                Ok((format!("{}c.Print({v})\n", Self::take_hoist(cx)), false))
            }
            StmtKind::Assign(pairs) => self.assign(pairs, cx).map(|c| (c, false)),
            StmtKind::If(c, y, n) => {
                let v = self.expr(c, cx)?;
                let pre = Self::take_hoist(cx);
                cx.scopes.push(HashMap::new());
                let (yc, yt) = self.stmts(y, cx)?;
                cx.scopes.pop();
                cx.scopes.push(HashMap::new());
                let (nc, nt) = self.stmts(n, cx)?;
                cx.scopes.pop();
                let mut out = format!("{pre}if {v}.AsBool() {{\n{}}}", indent(&yc, 1));
                if !nc.is_empty() {
                    let _ = write!(out, " else {{\n{}}}", indent(&nc, 1));
                }
                out.push('\n');
                Ok((out, yt && nt))
            }
            StmtKind::Either(cases) => {
                let site = cx.site;
                cx.site += 1;
                let mut out = format!("switch c.Fair({site}, {}) {{\n", cases.len());
                let mut all = true;
                for (i, c) in cases.iter().enumerate() {
                    cx.scopes.push(HashMap::new());
                    let (code, t) = self.stmts(c, cx)?;
                    cx.scopes.pop();
                    all &= t;
                    if i + 1 == cases.len() {
                        out.push_str("default:\n");
                    } else {
                        let _ = writeln!(out, "case {i}:");
                    }
                    out.push_str(&indent(&code, 1));
                }
                out.push_str("}\n");
                Ok((out, all))
            }
            StmtKind::With(decls, body) => {
                cx.scopes.push(HashMap::new());
                let mut out = String::from("{\n");
                for d in decls {
                    let go = cx.fresh(&format!("{}_", var_name(&d.name.name)));
                    match &d.init {
                        VarInit::Eq(e) => {
                            let v = self.expr(e, cx)?;
                            let _ = write!(out, "{}", indent(&format!("{}{go} := {v}\n_ = {go}\n", Self::take_hoist(cx)), 1));
                        }
                        VarInit::In(e) => {
                            let v = self.expr(e, cx)?;
                            let site = cx.site;
                            cx.site += 1;
                            let _ = write!(
                                out,
                                "{}",
                                indent(&format!("{}{go}, err := c.ChooseFair({site}, {v})\nif err != nil {{\n\treturn err\n}}\n_ = {go}\n", Self::take_hoist(cx)), 1)
                            );
                        }
                        VarInit::None => return Err(Diagnostic::new("ParseFailureError", d.span.start, "with binding without a value")),
                    }
                    cx.bind(&d.name.name, Sym::Var { go, level: 0 });
                }
                let (code, t) = self.stmts(body, cx)?;
                cx.scopes.pop();
                out.push_str(&indent(&code, 1));
                out.push_str("}\n");
                Ok((out, t))
            }
            StmtKind::Labeled(l, _) => Err(Diagnostic::new("Unsupported", s.span.start, format!("gogen: nested label `{}`", l.name))),
            StmtKind::While(..) => Err(Diagnostic::new("LabelRequiredError", s.span.start, "a while loop must be labeled")),
            StmtKind::Call(..) => unreachable!("calls are compiled by stmts"),
            StmtKind::Return => Ok(("return c.Return()\n".into(), true)),
            StmtKind::MacroCall(m, _) => Err(Diagnostic::new("MacroLookupError", m.span.start, format!("macro `{}` not found", m.name))),
            StmtKind::Yield(_) => Err(Diagnostic::new("Unsupported", s.span.start, "`yield` outside a mapping macro")),
        }
    }

    /// `call P(ref a, e); goto L` (ret = Some(L)) or the tail call `call P(...); return`.
    fn call(&mut self, p: &vf_tla::Ident, args: &[Arg], ret: Option<&String>, at: usize, cx: &mut Cx) -> Result<String, Diagnostic> {
        let Some(arity) = self.procs.get(&p.name).copied() else {
            return Err(Diagnostic::new("ProcedureLookupError", p.span.start, format!("procedure `{}` not found", p.name)));
        };
        if arity != args.len() {
            return Err(Diagnostic::new("ProcedureLookupError", at, format!("procedure `{}` takes {arity} arguments", p.name)));
        }
        let mut out = String::new();
        let mut go_args = Vec::new();
        for a in args {
            match a {
                Arg::Ref { name, .. } => match cx.lookup(&name.name) {
                    Some(Sym::Local) | Some(Sym::Ref { .. }) => go_args.push(format!("distsys.Arg{{Ref: c.Ref({})}}", go_quote(&name.name))),
                    _ => return Err(Diagnostic::new("MPCalKindMismatchError", name.span.start, format!("`{}` is not a local or a ref parameter", name.name))),
                },
                Arg::Expr(e) => {
                    let v = self.expr(e, cx)?;
                    let t = cx.fresh("a");
                    let _ = writeln!(out, "{}{t} := {v}", Self::take_hoist(cx));
                    go_args.push(format!("distsys.Arg{{Value: {t}}}"));
                }
            }
        }
        let target = format!("gogenProcedures[{}]", go_quote(&p.name));
        let args = go_args.iter().map(|a| format!(", {a}")).collect::<String>();
        match ret {
            Some(l) => {
                let l = if l == "Done" { "distsys.Done".to_string() } else { go_quote(l) };
                let _ = writeln!(out, "return c.Call({target}, {l}{args})");
            }
            None => {
                let _ = writeln!(out, "return c.TailCall({target}{args})");
            }
        }
        Ok(out)
    }

    /// `a := e1 || b[i] := e2`: every right-hand side and index first, then the writes in order.
    fn assign(&mut self, pairs: &[AssignPair], cx: &mut Cx) -> Result<String, Diagnostic> {
        struct W {
            root: String,
            sym: Sym,
            res_idx: Vec<String>,
            path: Vec<String>,
            val: String,
            span: usize,
        }
        let mut out = String::new();
        let mut writes = Vec::new();
        for p in pairs {
            let mut chain = Vec::new();
            let mut l = &p.lhs;
            while let Lhs::Index(inner, idx, _) = l {
                chain.push(idx);
                l = inner;
            }
            chain.reverse();
            let root = match l {
                Lhs::Var(i) => i,
                _ => return Err(Diagnostic::new("PCalInvalidAssignment", p.span.start, "assignment to $variable outside a mapping macro")),
            };
            let sym = cx.lookup(&root.name).cloned().ok_or_else(|| Diagnostic::new("DefinitionLookupError", root.span.start, format!("`{}` is not a variable", root.name)))?;
            let nres = match &sym {
                Sym::Ref { indexed } => *indexed,
                Sym::Local => 0,
                _ => return Err(Diagnostic::new("PCalInvalidAssignment", root.span.start, format!("`{}` cannot be assigned", root.name))),
            };
            let mut keys = Vec::new();
            for idx in &chain {
                let k = self.key(idx, cx)?;
                let t = cx.fresh("k");
                let _ = writeln!(out, "{}{t} := {k}", Self::take_hoist(cx));
                keys.push(t);
            }
            let v = self.expr(&p.rhs, cx)?;
            let t = cx.fresh("v");
            let _ = writeln!(out, "{}{t} := {v}", Self::take_hoist(cx));
            let (res_idx, path) = if keys.len() >= nres { (keys[..nres].to_vec(), keys[nres..].to_vec()) } else { (keys.clone(), vec![]) };
            if keys.len() < nres {
                return Err(Diagnostic::new("MPCalKindMismatchError", p.lhs.span().start, format!("`{}` needs {nres} index(es)", root.name)));
            }
            writes.push(W { root: root.name.clone(), sym, res_idx, path, val: t, span: p.span.start });
        }
        for w in writes {
            let _ = w.span;
            let newv = if w.path.is_empty() {
                w.val.clone()
            } else {
                let old = match &w.sym {
                    Sym::Local => format!("c.Local({})", go_quote(&w.root)),
                    _ => {
                        let t = cx.fresh("old");
                        let _ = writeln!(out, "{t}, err := c.Read({}{})\nif err != nil {{\n\treturn err\n}}", go_quote(&w.root), w.res_idx.iter().map(|k| format!(", {k}")).collect::<String>());
                        t
                    }
                };
                format!("tla.ExceptPath({old}, []tla.Value{{{}}}, func(tla.Value) tla.Value {{\nreturn {}\n}})", w.path.join(", "), w.val)
            };
            match &w.sym {
                Sym::Local => {
                    let _ = writeln!(out, "c.SetLocal({}, {newv})", go_quote(&w.root));
                }
                _ => {
                    let idx = if w.res_idx.is_empty() { "nil".to_string() } else { format!("[]tla.Value{{{}}}", w.res_idx.join(", ")) };
                    let _ = writeln!(out, "if err := c.Write({}, {idx}, {newv}); err != nil {{\n\treturn err\n}}", go_quote(&w.root));
                }
            }
        }
        Ok(out)
    }

    /// The key of `f[a]` / `f[a, b]` (a tuple).
    fn key(&mut self, idx: &[Expr], cx: &mut Cx) -> Result<String, Diagnostic> {
        if idx.len() == 1 {
            return self.expr(&idx[0], cx);
        }
        let parts: Vec<String> = idx.iter().map(|e| self.expr(e, cx)).collect::<Result<_, _>>()?;
        Ok(format!("tla.MakeTuple({})", parts.join(", ")))
    }

    // ------------------------------------------------------------ expressions

    /// A resource read, hoisted before the current statement.
    fn read_resource(&mut self, name: &str, idx: &[&[Expr]], span: usize, cx: &mut Cx) -> Result<String, Diagnostic> {
        if cx.level > 0 {
            // Inside a closure (quantifier, function constructor, LET operator, IF branch, an
            // initialiser or a definition): the read must not depend on closure-bound names.
            let mut names = Vec::new();
            for e in idx.iter().flat_map(|x| x.iter()) {
                names_in(e, &mut names);
            }
            let bad = names.into_iter().find(|n| matches!(cx.lookup(n), Some(Sym::Var { level, .. }) if *level > 0));
            if !cx.in_archetype {
                return Err(Diagnostic::new("Unsupported", span, format!("gogen: resource `{name}` read where it cannot be (initialiser or definition)")));
            }
            if let Some(n) = bad {
                return Err(Diagnostic::new("Unsupported", span, format!("gogen: read of resource `{name}` depends on the bound name `{n}`; bind it with `with` first")));
            }
        }
        let saved = cx.level;
        cx.level = 0;
        let mut keys = Vec::new();
        for i in idx {
            keys.push(self.key(i, cx)?);
        }
        cx.level = saved;
        let t = cx.fresh("r");
        let args: String = keys.iter().map(|k| format!(", {k}")).collect();
        cx.hoist.push(format!("{t}, err := c.Read({}{args})\nif err != nil {{\n\treturn err\n}}\n", go_quote(name)));
        Ok(t)
    }

    fn closure<F>(&mut self, cx: &mut Cx, binds: &[(String, String)], f: F) -> Result<String, Diagnostic>
    where
        F: FnOnce(&mut Self, &mut Cx) -> Result<String, Diagnostic>,
    {
        cx.level += 1;
        cx.scopes.push(HashMap::new());
        for (n, go) in binds {
            let lvl = cx.level;
            cx.bind(n, Sym::Var { go: go.clone(), level: lvl });
        }
        let r = f(self, cx);
        cx.scopes.pop();
        cx.level -= 1;
        r
    }

    /// Flattens bounds to one set per name; tuple patterns are destructured in the closure.
    fn bounds(&mut self, bs: &[Bound], cx: &mut Cx) -> Result<(Vec<String>, Vec<(String, String)>, String), Diagnostic> {
        let mut sets = Vec::new();
        let mut binds = Vec::new();
        let mut prologue = String::new();
        for b in bs {
            let s = self.expr(&b.set, cx)?;
            if b.tuple {
                let i = sets.len();
                sets.push(s);
                for (j, n) in b.names.iter().enumerate() {
                    let go = var_name(&n.name);
                    let _ = write!(prologue, "{go} := tla.Apply(xs[{i}], tla.MakeInt({}))\n_ = {go}\n", j + 1);
                    binds.push((n.name.clone(), go));
                }
            } else {
                for n in &b.names {
                    let i = sets.len();
                    sets.push(s.clone());
                    let go = var_name(&n.name);
                    let _ = write!(prologue, "{go} := xs[{i}]\n_ = {go}\n");
                    binds.push((n.name.clone(), go));
                }
            }
        }
        Ok((sets, binds, prologue))
    }

    fn fn_cons(&mut self, bs: &[Bound], body: &Expr, cx: &mut Cx) -> Result<String, Diagnostic> {
        let (sets, binds, pro) = self.bounds(bs, cx)?;
        let b = self.closure(cx, &binds, |g, cx| g.expr(body, cx))?;
        Ok(format!("tla.FnCons([]tla.Value{{{}}}, func(xs []tla.Value) tla.Value {{\n{pro}return {b}\n}})", sets.join(", ")))
    }

    fn bool_of(&mut self, e: &Expr, cx: &mut Cx) -> Result<String, Diagnostic> {
        Ok(format!("{}.AsBool()", self.expr(e, cx)?))
    }

    fn expr(&mut self, e: &Expr, cx: &mut Cx) -> Result<String, Diagnostic> {
        let at = e.span.start;
        Ok(match &e.kind {
            ExprKind::Bool(b) => if *b { "tla.True".into() } else { "tla.False".into() },
            ExprKind::Num { digits, base } => {
                let n = i64::from_str_radix(digits, *base).map_err(|_| unsupported_op(at, format!("integer literal {digits} does not fit in 64 bits")))?;
                format!("tla.MakeInt({n})")
            }
            ExprKind::Str(s) => format!("tla.MakeString({})", go_quote(s)),
            ExprKind::Decimal(d) => return Err(unsupported_op(at, format!("decimal number {d}"))),
            ExprKind::At => cx.at.last().cloned().ok_or_else(|| Diagnostic::new("ParseFailureError", at, "`@` outside EXCEPT"))?,
            ExprKind::Name(n) => self.name(n, at, cx)?,
            ExprKind::Apply(n, args) => self.apply(n, args, at, cx)?,
            ExprKind::FnApp(f, args) => {
                // f[a][b]... on an indexed resource: the first `[_]`s index the resource.
                let mut chain: Vec<&[Expr]> = vec![args];
                let mut root = &**f;
                while let ExprKind::FnApp(g, a2) = &root.kind {
                    chain.push(a2);
                    root = g;
                }
                chain.reverse();
                if let ExprKind::Name(n) = &root.kind {
                    if let Some(Sym::Ref { indexed }) = cx.lookup(n).cloned() {
                        if indexed > 0 {
                            if chain.len() < indexed {
                                return Err(Diagnostic::new("MPCalKindMismatchError", at, format!("`{n}` needs {indexed} index(es)")));
                            }
                            let mut cur = self.read_resource(n, &chain[..indexed], at, cx)?;
                            for a in &chain[indexed..] {
                                let k = self.key(a, cx)?;
                                cur = format!("tla.Apply({cur}, {k})");
                            }
                            return Ok(cur);
                        }
                    }
                }
                let fv = self.expr(f, cx)?;
                let k = self.key(args, cx)?;
                format!("tla.Apply({fv}, {k})")
            }
            ExprKind::Dot(r, f) => format!("tla.Dot({}, {})", self.expr(r, cx)?, go_quote(f)),
            ExprKind::Prefix(op, a) => {
                let v = self.expr(a, cx)?;
                match op.as_str() {
                    "~" => format!("tla.Not({v})"),
                    "-" => format!("tla.Neg({v})"),
                    "DOMAIN" => format!("tla.Domain({v})"),
                    "SUBSET" => format!("tla.Subset({v})"),
                    "UNION" => format!("tla.UnionAll({v})"),
                    other => return Err(unsupported_op(at, format!("operator `{other}` (temporal or action operators cannot be compiled)"))),
                }
            }
            ExprKind::Postfix(op, _) => return Err(unsupported_op(at, format!("postfix operator `{op}` (primes and closures cannot be compiled)"))),
            ExprKind::Infix(op, a, b) => self.infix(op, a, b, at, cx)?,
            ExprKind::Times(es) => {
                let vs: Vec<String> = es.iter().map(|x| self.expr(x, cx)).collect::<Result<_, _>>()?;
                format!("tla.Product({})", vs.join(", "))
            }
            ExprKind::SetEnum(es) => {
                let vs: Vec<String> = es.iter().map(|x| self.expr(x, cx)).collect::<Result<_, _>>()?;
                format!("tla.MakeSet({})", vs.join(", "))
            }
            ExprKind::Tuple(es) => {
                let vs: Vec<String> = es.iter().map(|x| self.expr(x, cx)).collect::<Result<_, _>>()?;
                format!("tla.MakeTuple({})", vs.join(", "))
            }
            ExprKind::Record(fs) => {
                let vs: Vec<String> = fs.iter().map(|(n, x)| Ok(format!("tla.Field{{Name: {}, Value: {}}}", go_quote(n), self.expr(x, cx)?))).collect::<Result<_, Diagnostic>>()?;
                format!("tla.MakeRecord({})", vs.join(", "))
            }
            ExprKind::RecordSet(fs) => {
                let names: Vec<String> = fs.iter().map(|(n, _)| go_quote(n)).collect();
                let sets: Vec<String> = fs.iter().map(|(_, x)| self.expr(x, cx)).collect::<Result<_, _>>()?;
                format!("tla.RecordSet([]string{{{}}}, []tla.Value{{{}}})", names.join(", "), sets.join(", "))
            }
            ExprKind::SetFilter(b, p) => {
                let (sets, binds, pro) = self.bounds(std::slice::from_ref(&**b), cx)?;
                if sets.len() != 1 {
                    return Err(unsupported_op(at, "set filter over several names"));
                }
                let body = self.closure(cx, &binds, |g, cx| g.bool_of(p, cx))?;
                let pro = pro.replace("xs[0]", "x");
                format!("tla.Filter({}, func(x tla.Value) bool {{\n{pro}return {body}\n}})", sets[0])
            }
            ExprKind::SetMap(body, bs) => {
                let (sets, binds, pro) = self.bounds(bs, cx)?;
                let b = self.closure(cx, &binds, |g, cx| g.expr(body, cx))?;
                format!("tla.SetMap([]tla.Value{{{}}}, func(xs []tla.Value) tla.Value {{\n{pro}return {b}\n}})", sets.join(", "))
            }
            ExprKind::FnCons(bs, body) => self.fn_cons(bs, body, cx)?,
            ExprKind::FnSet(a, b) => format!("tla.FnSet({}, {})", self.expr(a, cx)?, self.expr(b, cx)?),
            ExprKind::Except(f, specs) => {
                let mut cur = self.expr(f, cx)?;
                for sp in specs {
                    let mut keys = Vec::new();
                    for k in &sp.path {
                        keys.push(match k {
                            ExceptKey::Index(es) => self.key(es, cx)?,
                            ExceptKey::Field(n) => format!("tla.MakeString({})", go_quote(n)),
                        });
                    }
                    let old = cx.fresh("at");
                    cx.at.push(old.clone());
                    let v = self.closure(cx, &[], |g, cx| g.expr(&sp.value, cx));
                    cx.at.pop();
                    let v = v?;
                    let param = if v.contains(&old) { old.clone() } else { "_".into() };
                    cur = format!("tla.ExceptPath({cur}, []tla.Value{{{}}}, func({param} tla.Value) tla.Value {{\nreturn {v}\n}})", keys.join(", "));
                }
                cur
            }
            ExprKind::If(c, a, b) => {
                let cv = self.expr(c, cx)?;
                let av = self.closure(cx, &[], |g, cx| g.expr(a, cx))?;
                let bv = self.closure(cx, &[], |g, cx| g.expr(b, cx))?;
                format!("tla.If({cv}, func() tla.Value {{\nreturn {av}\n}}, func() tla.Value {{\nreturn {bv}\n}})")
            }
            ExprKind::Case(arms, other) => {
                let mut s = String::from("func() tla.Value {\n");
                cx.level += 1;
                for (c, v) in arms {
                    let cv = self.bool_of(c, cx)?;
                    let vv = self.expr(v, cx)?;
                    let _ = write!(s, "if {cv} {{\nreturn {vv}\n}}\n");
                }
                match other {
                    Some(o) => {
                        let ov = self.expr(o, cx)?;
                        let _ = write!(s, "return {ov}\n}}()");
                    }
                    None => s.push_str("return tla.NoCaseArm()\n}()"),
                }
                cx.level -= 1;
                s
            }
            ExprKind::Let(units, body) => {
                cx.level += 1;
                cx.scopes.push(HashMap::new());
                let mut s = String::from("func() tla.Value {\n");
                let r = (|| -> Result<(), Diagnostic> {
                    for u in units {
                        match u {
                            Unit::OpDef(d) if d.shape == DefShape::Normal && d.params.is_empty() => {
                                let v = self.expr(&d.body, cx)?;
                                let go = cx.fresh(&format!("{}_", var_name(&d.name.name)));
                                let _ = write!(s, "{go} := {v}\n_ = {go}\n");
                                let lvl = cx.level;
                                cx.bind(&d.name.name, Sym::Var { go, level: lvl });
                            }
                            Unit::OpDef(d) if d.shape == DefShape::Normal => {
                                let go = cx.fresh(&format!("{}_", var_name(&d.name.name)));
                                let mut ps = Vec::new();
                                let mut binds = Vec::new();
                                for p in &d.params {
                                    if p.arity > 0 {
                                        return Err(unsupported_op(p.name.span.start, "higher-order operator parameter"));
                                    }
                                    let pg = var_name(&p.name.name);
                                    ps.push(format!("{pg} tla.Value"));
                                    binds.push((p.name.name.clone(), pg));
                                }
                                let b = self.closure(cx, &binds, |g, cx| g.expr(&d.body, cx))?;
                                let _ = write!(s, "{go} := func({}) tla.Value {{\nreturn {b}\n}}\n", ps.join(", "));
                                cx.bind(&d.name.name, Sym::LetOp { go, arity: d.params.len() });
                            }
                            Unit::FnDef(d) => {
                                let v = self.fn_cons(&d.bounds, &d.body, cx)?;
                                let go = cx.fresh(&format!("{}_", var_name(&d.name.name)));
                                let _ = write!(s, "{go} := {v}\n_ = {go}\n");
                                let lvl = cx.level;
                                cx.bind(&d.name.name, Sym::Var { go, level: lvl });
                            }
                            other => return Err(unsupported_op(at, format!("LET unit {:?}", std::mem::discriminant(other)))),
                        }
                    }
                    let b = self.expr(body, cx)?;
                    let _ = write!(s, "return {b}\n}}()");
                    Ok(())
                })();
                cx.scopes.pop();
                cx.level -= 1;
                r?;
                s
            }
            ExprKind::Quant(q, bs, body) => {
                let (sets, binds, pro) = self.bounds(bs, cx)?;
                let b = self.closure(cx, &binds, |g, cx| g.bool_of(body, cx))?;
                let f = if *q == Quant::All { "ForAll" } else { "Exists" };
                format!("tla.{f}([]tla.Value{{{}}}, func(xs []tla.Value) bool {{\n{pro}return {b}\n}})", sets.join(", "))
            }
            ExprKind::Choose { names, tuple, set, body } => {
                let Some(set) = set else { return Err(unsupported_op(at, "unbounded CHOOSE")) };
                let sv = self.expr(set, cx)?;
                let mut pro = String::new();
                let mut binds = Vec::new();
                if *tuple {
                    for (j, n) in names.iter().enumerate() {
                        let go = var_name(&n.name);
                        let _ = write!(pro, "{go} := tla.Apply(x, tla.MakeInt({}))\n_ = {go}\n", j + 1);
                        binds.push((n.name.clone(), go));
                    }
                } else {
                    let go = var_name(&names[0].name);
                    let _ = write!(pro, "{go} := x\n_ = {go}\n");
                    binds.push((names[0].name.clone(), go));
                }
                let b = self.closure(cx, &binds, |g, cx| g.bool_of(body, cx))?;
                format!("tla.Choose({sv}, func(x tla.Value) bool {{\n{pro}return {b}\n}})")
            }
            ExprKind::JunctionList(j, items) => {
                let mut parts = Vec::new();
                for (i, it) in items.iter().enumerate() {
                    // later conjuncts are evaluated lazily (short-circuit): no hoisting there
                    if i > 0 {
                        cx.level += 1;
                    }
                    let r = self.bool_of(it, cx);
                    if i > 0 {
                        cx.level -= 1;
                    }
                    parts.push(r?);
                }
                let op = if *j == Junction::And { " && " } else { " || " };
                format!("tla.MakeBool({})", parts.join(op))
            }
            ExprKind::QuantUnbounded(..) => return Err(unsupported_op(at, "unbounded quantifier")),
            ExprKind::TemporalQuant(..) | ExprKind::BoxAction(..) | ExprKind::AngleAction(..) | ExprKind::Fairness { .. } => {
                return Err(unsupported_op(at, "temporal operator"))
            }
            ExprKind::Lambda(..) => return Err(unsupported_op(at, "LAMBDA")),
            ExprKind::OpRef(o) => return Err(unsupported_op(at, format!("operator `{o}` as a value"))),
            ExprKind::Qualified(_) => return Err(unsupported_op(at, "instance-qualified name")),
        })
    }

    fn name(&mut self, n: &str, at: usize, cx: &mut Cx) -> Result<String, Diagnostic> {
        if let Some(s) = cx.lookup(n).cloned() {
            return Ok(match s {
                Sym::Var { go, .. } => go,
                Sym::LetOp { .. } => return Err(unsupported_op(at, format!("operator `{n}` used as a value"))),
                Sym::Local => format!("c.Local({})", go_quote(n)),
                Sym::Val => format!("c.Value({})", go_quote(n)),
                Sym::Ref { indexed: 0 } => self.read_resource(n, &[], at, cx)?,
                Sym::Ref { .. } => return Err(Diagnostic::new("MPCalKindMismatchError", at, format!("indexed resource `{n}` read without an index"))),
                Sym::Def { .. } | Sym::Const { .. } => unreachable!(),
            });
        }
        if n == "self" && cx.in_archetype {
            return Ok("c.Self()".into());
        }
        match self.global(n) {
            Some(Sym::Def { arity: 0 }) => {
                self.needed.insert(n.to_string());
                return Ok(format!("{}({})", def_go_name(n), cx.k));
            }
            Some(Sym::Const { arity: 0 }) => return Ok(format!("{}.Get({})", cx.k, go_quote(n))),
            Some(_) => return Err(unsupported_op(at, format!("operator `{n}` used as a value"))),
            None => {}
        }
        Ok(match n {
            "BOOLEAN" => "tla.MakeSet(tla.False, tla.True)".into(),
            "Nat" | "Int" | "Real" | "STRING" | "Seq" => return self.unsupported_builtin(n, at, format!("`{n}` is an infinite set")),
            _ => return Err(Diagnostic::new("DefinitionLookupError", at, format!("`{n}` is not defined"))),
        })
    }

    /// A built-in operator PGo cannot compile: an error, or (unsupported_panics) Go that panics
    /// when evaluated, as PGo generates.
    fn unsupported_builtin(&self, n: &str, at: usize, why: String) -> Result<String, Diagnostic> {
        if self.panics {
            Ok(format!("func() tla.Value {{ panic({}) }}()", go_quote(&format!("unsupported operator {n}"))))
        } else {
            Err(unsupported_op(at, why))
        }
    }

    fn apply(&mut self, n: &str, args: &[Expr], at: usize, cx: &mut Cx) -> Result<String, Diagnostic> {
        if self.panics && UNSUPPORTED_BUILTINS.contains(&n) && cx.lookup(n).is_none() && self.global(n).is_none() {
            // PGo does not translate the arguments of an operator it cannot compile.
            return self.unsupported_builtin(n, at, String::new());
        }
        if let Some(Sym::LetOp { go, arity }) = cx.lookup(n).cloned() {
            if arity != args.len() {
                return Err(Diagnostic::new("DefinitionLookupError", at, format!("`{n}` takes {arity} arguments")));
            }
            let vs: Vec<String> = args.iter().map(|a| self.expr(a, cx)).collect::<Result<_, _>>()?;
            return Ok(format!("{go}({})", vs.join(", ")));
        }
        match self.global(n) {
            Some(Sym::Def { arity }) => {
                if arity != args.len() {
                    return Err(Diagnostic::new("DefinitionLookupError", at, format!("`{n}` takes {arity} arguments")));
                }
                self.needed.insert(n.to_string());
                let mut vs = vec![cx.k.to_string()];
                for a in args {
                    vs.push(self.expr(a, cx)?);
                }
                return Ok(format!("{}({})", def_go_name(n), vs.join(", ")));
            }
            Some(Sym::Const { .. }) => {
                let mut vs = vec![go_quote(n)];
                for a in args {
                    vs.push(self.expr(a, cx)?);
                }
                return Ok(format!("{}.Apply({})", cx.k, vs.join(", ")));
            }
            _ => {}
        }
        let vs: Vec<String> = args.iter().map(|a| self.expr(a, cx)).collect::<Result<_, _>>()?;
        let want = |k: usize| -> Result<(), Diagnostic> {
            if vs.len() == k {
                Ok(())
            } else {
                Err(Diagnostic::new("DefinitionLookupError", at, format!("`{n}` takes {k} arguments")))
            }
        };
        Ok(match n {
            "Len" | "Head" | "Tail" | "Cardinality" | "ToSet" => {
                want(1)?;
                format!("tla.{n}({})", vs[0])
            }
            "Append" => {
                want(2)?;
                format!("tla.Append({}, {})", vs[0], vs[1])
            }
            "SubSeq" => {
                want(3)?;
                format!("tla.SubSeq({}, {}, {})", vs[0], vs[1], vs[2])
            }
            "IsFiniteSet" => {
                want(1)?;
                format!("tla.MakeBool({}.Kind() == tla.KindSet)", vs[0])
            }
            "Assert" => {
                want(2)?;
                format!("tla.TLCAssert({}, {})", vs[0], vs[1])
            }
            "Print" => {
                want(2)?;
                format!("tla.TLCPrint({}, {})", vs[0], vs[1])
            }
            "ToString" => {
                want(1)?;
                format!("tla.MakeString({}.String())", vs[0])
            }
            n if UNSUPPORTED_BUILTINS.contains(&n) => return self.unsupported_builtin(n, at, format!("`{n}` cannot be compiled to Go")),
            _ => return Err(Diagnostic::new("DefinitionLookupError", at, format!("operator `{n}` is not defined"))),
        })
    }

    fn infix(&mut self, op: &str, a: &Expr, b: &Expr, at: usize, cx: &mut Cx) -> Result<String, Diagnostic> {
        if op == "/\\" || op == "\\/" || op == "=>" {
            let av = self.bool_of(a, cx)?;
            cx.level += 1;
            let bv = self.bool_of(b, cx);
            cx.level -= 1;
            let bv = bv?;
            return Ok(match op {
                "/\\" => format!("tla.MakeBool({av} && {bv})"),
                "\\/" => format!("tla.MakeBool({av} || {bv})"),
                _ => format!("tla.MakeBool(!{av} || {bv})"),
            });
        }
        let f = match op {
            "+" => "Plus",
            "-" => "Minus",
            "*" => "Times",
            "\\div" => "Div",
            "%" => "Mod",
            "^" => "Pow",
            "<" => "Lt",
            "<=" => "Leq",
            ">" => "Gt",
            ">=" => "Geq",
            "=" => "Eq",
            "#" => "Neq",
            "<=>" => "Equiv",
            "\\in" => "In",
            "\\notin" => "NotIn",
            "\\union" => "Union",
            "\\intersect" => "Intersect",
            "\\" => "SetMinus",
            "\\subseteq" => "Subseteq",
            "\\o" => "Concat",
            ".." => "Range",
            "@@" => "Merge",
            ":>" => "ColonGreater",
            other => return Err(unsupported_op(at, format!("operator `{other}` cannot be compiled to Go"))),
        };
        let av = self.expr(a, cx)?;
        let bv = self.expr(b, cx)?;
        Ok(format!("tla.{f}({av}, {bv})"))
    }
}

/// Every name mentioned in `e` (as a variable or an operator), recursively.
fn names_in(e: &Expr, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Name(n) | ExprKind::Apply(n, _) => out.push(n.clone()),
        _ => {}
    }
    crate::rewrite::for_each_subexpr(e, &mut |s| names_in(s, out));
}
