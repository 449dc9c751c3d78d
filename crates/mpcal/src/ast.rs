//! PlusCal and Modular PlusCal syntax trees. Expressions are `vf_tla::Expr`; `$variable` and
//! `$value` appear as `ExprKind::Name("$variable")` / `Name("$value")`.

use vf_tla::{Expr, Ident, Span, Unit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fairness {
    Unfair,
    Weak,
    Strong,
}

#[derive(Clone, Debug, PartialEq)]
pub enum VarInit {
    None,
    Eq(Expr),
    In(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    pub name: Ident,
    pub init: VarInit,
    pub span: Span,
}

/// Archetype/procedure parameter: `x` or `ref x[_][_]` (`mapping_count` = number of `[_]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Ident,
    pub is_ref: bool,
    pub mapping_count: i32,
    pub span: Span,
}

/// Call/instance argument: `ref x[_]` or an expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Ref { name: Ident, mapping_count: i32, span: Span },
    Expr(Expr),
}

impl Arg {
    pub fn span(&self) -> Span {
        match self {
            Arg::Ref { span, .. } => *span,
            Arg::Expr(e) => e.span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelModifier {
    None,
    Plus,
    Minus,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub name: String,
    pub modifier: LabelModifier,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Lhs {
    Var(Ident),
    /// `$variable` in a mapping macro's write block.
    DollarVariable(Span),
    /// `x[i, j]` or `x.f` (a field is an index by string).
    Index(Box<Lhs>, Vec<Expr>, Span),
}

impl Lhs {
    pub fn span(&self) -> Span {
        match self {
            Lhs::Var(i) => i.span,
            Lhs::DollarVariable(s) => *s,
            Lhs::Index(_, _, s) => *s,
        }
    }
    pub fn root_name(&self) -> &str {
        match self {
            Lhs::Var(i) => &i.name,
            Lhs::DollarVariable(_) => "$variable",
            Lhs::Index(l, _, _) => l.root_name(),
        }
    }
    pub fn root_ident(&self) -> Option<&Ident> {
        match self {
            Lhs::Var(i) => Some(i),
            Lhs::DollarVariable(_) => None,
            Lhs::Index(l, _, _) => l.root_ident(),
        }
    }
    pub fn depth(&self) -> i32 {
        match self {
            Lhs::Index(l, _, _) => 1 + l.depth(),
            _ => 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct AssignPair {
    pub lhs: Lhs,
    pub rhs: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Labeled(Label, Vec<Stmt>),
    Assign(Vec<AssignPair>),
    Await(Expr),
    Print(Expr),
    Assert(Expr),
    Skip,
    Return,
    Goto(String),
    Call(Ident, Vec<Arg>),
    MacroCall(Ident, Vec<Expr>),
    If(Expr, Vec<Stmt>, Vec<Stmt>),
    While(Expr, Vec<Stmt>),
    Either(Vec<Vec<Stmt>>),
    With(Vec<VarDecl>, Vec<Stmt>),
    /// `yield e;` in a mapping macro.
    Yield(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Macro {
    pub name: Ident,
    pub params: Vec<Ident>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Procedure {
    pub name: Ident,
    pub params: Vec<Param>,
    /// Parameter default values (`procedure P(x = 1)`), parallel to `params`.
    pub param_defaults: Vec<Option<Expr>>,
    pub locals: Vec<VarDecl>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MappingMacro {
    pub name: Ident,
    pub read: Vec<Stmt>,
    pub write: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Archetype {
    pub name: Ident,
    pub params: Vec<Param>,
    pub locals: Vec<VarDecl>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// `mapping x[_] via M` or `mapping @2 via M`.
#[derive(Clone, Debug, PartialEq)]
pub struct Mapping {
    /// Position in the argument list (0-based) once resolved.
    pub position: Option<usize>,
    pub target_name: Option<Ident>,
    pub mapping_count: i32,
    pub target_span: Span,
    pub macro_name: Ident,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    pub fairness: Fairness,
    pub name: VarDecl,
    pub archetype: Ident,
    pub args: Vec<Arg>,
    pub mappings: Vec<Mapping>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Process {
    pub fairness: Fairness,
    pub self_decl: VarDecl,
    pub locals: Vec<VarDecl>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    C,
    P,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// true for `--mpcal`, false for `--algorithm`.
    pub is_mpcal: bool,
    pub syntax: Syntax,
    pub fairness: Fairness,
    pub name: Ident,
    pub defns: Vec<Unit>,
    pub macros: Vec<Macro>,
    pub mpcal_procedures: Vec<Procedure>,
    pub mapping_macros: Vec<MappingMacro>,
    pub archetypes: Vec<Archetype>,
    pub vars: Vec<VarDecl>,
    pub instances: Vec<Instance>,
    pub procedures: Vec<Procedure>,
    /// Uniprocess body (`Some`) or processes.
    pub body: Option<Vec<Stmt>>,
    pub processes: Vec<Process>,
    pub span: Span,
}
