//! TLA+ abstract syntax. Every node has a `Span` (byte offsets); `Span` compares equal to every
//! other span so that `==` on trees is "AST equality ignoring positions", which is what the
//! parse -> print -> parse round trip checks. Names are plain strings here; binding them to
//! definitions is done by `resolve`, separately from parsing.

/// Byte range in the source file. Always equal to any other span (see module docs).
#[derive(Clone, Copy, Debug, Default, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start, end: other.end.max(self.end) }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    pub name: String,
    pub extends: Vec<Ident>,
    pub units: Vec<Unit>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A declared operator parameter or constant: `F`, `F(_, _)`, or an infix/prefix/postfix shape.
#[derive(Clone, Debug, PartialEq)]
pub struct OpDecl {
    pub name: Ident,
    pub arity: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Unit {
    Constants(Vec<OpDecl>),
    Variables(Vec<Ident>),
    Recursive(Vec<OpDecl>),
    Assume { name: Option<Ident>, body: Expr, span: Span },
    Theorem { keyword: String, name: Option<Ident>, body: Expr, span: Span },
    OpDef(OpDef),
    FnDef(FnDef),
    Instance(Instance),
    /// `M == INSTANCE ...`
    ModuleDef { local: bool, name: Ident, params: Vec<OpDecl>, instance: Instance },
    Separator,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefShape {
    /// `F == e` or `F(a, b) == e`
    Normal,
    /// `a + b == e`
    Infix,
    /// `-a == e`
    Prefix,
    /// `a^+ == e`
    Postfix,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OpDef {
    pub local: bool,
    pub shape: DefShape,
    pub name: Ident,
    pub params: Vec<OpDecl>,
    pub body: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FnDef {
    pub local: bool,
    pub name: Ident,
    pub bounds: Vec<Bound>,
    pub body: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    pub local: bool,
    pub module: Ident,
    pub subs: Vec<(Ident, Expr)>,
    pub span: Span,
}

/// `x, y \in S` or `<<x, y>> \in S`.
#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    pub names: Vec<Ident>,
    pub tuple: bool,
    pub set: Expr,
}

#[derive(Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
    /// What an evaluator learned about this node (resolved name, literal value): filled once,
    /// read on every later evaluation. Not part of the syntax: clones start empty, `==` and
    /// `Debug` ignore it.
    pub memo: Memo,
}

impl std::fmt::Debug for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Expr").field("kind", &self.kind).field("span", &self.span).finish()
    }
}

/// A write-once per-node cache (see `Expr::memo`), filled by the TLC evaluator (`tlc::eval`):
/// typed, so reading it costs no dynamic type check on the hot path.
#[derive(Default)]
pub struct Memo(pub std::sync::OnceLock<Box<crate::tlc::eval::NodeMemo>>);

impl Clone for Memo {
    fn clone(&self) -> Memo {
        Memo::default()
    }
}
impl PartialEq for Memo {
    fn eq(&self, _: &Memo) -> bool {
        true
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quant {
    All,
    Exists,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Junction {
    And,
    Or,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExceptKey {
    Index(Vec<Expr>),
    Field(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct ExceptSpec {
    pub path: Vec<ExceptKey>,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A name with no arguments (variable, constant, bound name, nullary operator; may be `M!X`).
    Name(String),
    /// `F(a, b)` (name may be instance-qualified `M!F`).
    Apply(String, Vec<Expr>),
    /// An instance-qualified name in which an instance has arguments, `M(1)!Op` or
    /// `M(1)!N!Op(x)`: the `!`-separated parts, each with its (possibly empty) arguments.
    /// Chains without instance arguments stay `Name("M!Op")` / `Apply("M!Op", ..)`.
    Qualified(Vec<(String, Vec<Expr>)>),
    /// Natural number in base 2, 8, 10 or 16, digits as written.
    Num { digits: String, base: u32 },
    Decimal(String),
    Str(String),
    Bool(bool),
    /// `@` inside EXCEPT.
    At,
    /// Operator symbol used as an argument, e.g. `Fold(+, ...)`, or `_` placeholder.
    OpRef(String),
    Prefix(String, Box<Expr>),
    Infix(String, Box<Expr>, Box<Expr>),
    Postfix(String, Box<Expr>),
    /// `A \X B \X C` (n-ary).
    Times(Vec<Expr>),
    /// `r.field`
    Dot(Box<Expr>, String),
    /// `f[a, b]`
    FnApp(Box<Expr>, Vec<Expr>),
    SetEnum(Vec<Expr>),
    /// `{x \in S : P}`
    SetFilter(Box<Bound>, Box<Expr>),
    /// `{e : x \in S, ...}`
    SetMap(Box<Expr>, Vec<Bound>),
    Tuple(Vec<Expr>),
    Record(Vec<(String, Expr)>),
    RecordSet(Vec<(String, Expr)>),
    /// `[x \in S |-> e]`
    FnCons(Vec<Bound>, Box<Expr>),
    /// `[S -> T]`
    FnSet(Box<Expr>, Box<Expr>),
    Except(Box<Expr>, Vec<ExceptSpec>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Case(Vec<(Expr, Expr)>, Option<Box<Expr>>),
    Let(Vec<Unit>, Box<Expr>),
    /// Bounded `\A x \in S : P`.
    Quant(Quant, Vec<Bound>, Box<Expr>),
    /// Unbounded `\A x, y : P`.
    QuantUnbounded(Quant, Vec<Ident>, Box<Expr>),
    /// `\AA x : P` / `\EE x : P`.
    TemporalQuant(Quant, Vec<Ident>, Box<Expr>),
    /// `CHOOSE x \in S : P` (set None when unbounded); `tuple` for `CHOOSE <<x, y>> ...`.
    Choose { names: Vec<Ident>, tuple: bool, set: Option<Box<Expr>>, body: Box<Expr> },
    /// Bulleted list (column-aligned `/\` or `\/`).
    JunctionList(Junction, Vec<Expr>),
    /// `[A]_v`
    BoxAction(Box<Expr>, Box<Expr>),
    /// `<<A>>_v`
    AngleAction(Box<Expr>, Box<Expr>),
    /// `WF_v(A)` (strong = SF).
    Fairness { strong: bool, vars: Box<Expr>, action: Box<Expr> },
    Lambda(Vec<Ident>, Box<Expr>),
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span, memo: Memo::default() }
    }
    pub fn name(n: &str) -> Self {
        Expr::new(ExprKind::Name(n.to_string()), Span::default())
    }
}

impl Module {
    /// Operator definitions in order (top level only).
    pub fn op_defs(&self) -> impl Iterator<Item = &OpDef> {
        self.units.iter().filter_map(|u| if let Unit::OpDef(d) = u { Some(d) } else { None })
    }
    /// Names defined or declared at the top level, in order.
    pub fn defined_names(&self) -> Vec<String> {
        let mut out = Vec::new();
        for u in &self.units {
            match u {
                Unit::Constants(ds) | Unit::Recursive(ds) => out.extend(ds.iter().map(|d| d.name.name.clone())),
                Unit::Variables(vs) => out.extend(vs.iter().map(|v| v.name.clone())),
                Unit::OpDef(d) => out.push(d.name.name.clone()),
                Unit::FnDef(d) => out.push(d.name.name.clone()),
                Unit::ModuleDef { name, .. } => out.push(name.name.clone()),
                _ => {}
            }
        }
        out
    }
}
