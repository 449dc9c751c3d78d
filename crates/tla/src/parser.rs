//! Recursive-descent TLA+ parser with precedence climbing for operators and a column limit for
//! bulleted junction lists: inside a `/\`/`\/` list item whose bullet is at column c, any token at
//! a column <= c ends the item (that is how TLA+ layout works).

use crate::ast::*;
use crate::error::Diagnostic;
use crate::lexer::{Kind, Lexer, Token};

pub type PResult<T> = Result<T, Diagnostic>;

/// Precedence range and associativity of an infix operator (TLA+ standard table).
pub fn infix_prec(op: &str) -> Option<(u8, u8)> {
    Some(match op {
        "=>" => (1, 1),
        "<=>" | "~>" | "-+->" => (2, 2),
        "/\\" | "\\/" => (3, 3),
        "=" | "#" | "/=" | "=<" | "<" | ">" | "<=" | ">=" | "\\in" | "\\notin" | "\\subseteq" | "\\subset"
        | "\\supseteq" | "\\supset" | "\\prec" | "\\succ" | "\\preceq" | "\\succeq" | "\\sqsubset"
        | "\\sqsupset" | "\\sqsubseteq" | "\\sqsupseteq" | "\\approx" | "\\asymp" | "\\cong"
        | "\\doteq" | "\\sim" | "\\simeq" | "\\ll" | "\\gg" | "\\propto" | "-|" | "|-" | "|=" | "=|"
        | "::=" | ":=" => (5, 5),
        "\\cdot" => (5, 14),
        "@@" => (6, 6),
        ":>" | "<:" => (7, 7),
        "\\union" | "\\intersect" | "\\" => (8, 8),
        ".." | "..." => (9, 9),
        "!!" | "$" | "$$" | "??" | "\\sqcap" | "\\sqcup" | "\\uplus" => (9, 13),
        "\\wr" => (9, 14),
        "+" | "++" | "(+)" => (10, 10),
        "%" | "%%" | "|" | "||" => (10, 11),
        "\\X" => (10, 13),
        "-" | "--" | "(-)" => (11, 11),
        "*" | "**" | "/" | "//" | "&" | "&&" | "(.)" | "(/)" | "(\\X)" | "\\o" | "\\div" | "\\star"
        | "\\bullet" | "\\bigcirc" => (13, 13),
        "^" | "^^" => (14, 14),
        _ => return None,
    })
}

/// Prefix operators and their precedence (the operand binds tighter than `lo`).
pub fn prefix_prec(op: &str) -> Option<u8> {
    Some(match op {
        "~" | "[]" | "<>" | "ENABLED" | "UNCHANGED" => 4,
        "SUBSET" | "UNION" => 8,
        "DOMAIN" => 9,
        "-" => 12,
        _ => return None,
    })
}

pub fn is_postfix(op: &str) -> bool {
    matches!(op, "'" | "^+" | "^*" | "^#")
}

pub struct Parser {
    pub toks: Vec<Token>,
    pub pos: usize,
    /// Column limit of the innermost junction-list item (tokens at or left of it end the item).
    limit: Option<usize>,
    /// Column of the innermost bullet, for error messages.
    eof: Token,
    /// PlusCal mode: `||` and `:=` end an expression instead of being infix operators.
    pub pcal: bool,
    /// Current nesting (recursive parse calls of expressions, and of statements for front-ends
    /// built on this parser, see `enter`), bounded by `MAX_NESTING`.
    depth: usize,
    /// Expression nesting only: 0 when a call of `parse_expr` is a top-level expression, whose
    /// finished tree is then checked against `MAX_TREE_DEPTH`.
    expr_nesting: usize,
    /// Set once a nesting limit was hit: backtracking parse attempts must not swallow that error.
    too_deep: bool,
    /// Speculative parses (`{x \in S : P}`, `[x \in S |-> e]`) that already failed at a token
    /// position under a column limit: they are not tried again. Without this, nested brackets
    /// re-parse their contents twice per level (exponential time).
    failed_attempts: std::collections::HashSet<(u8, usize, Option<usize>)>,
}

/// Deepest nesting the parser accepts (parentheses, `<<`, `IF`, prefix operators, PlusCal
/// statements, ... counted together). Deeper input is rejected with `nesting too deep` instead
/// of recursing until the stack overflows.
pub const MAX_NESTING: usize = 500;

/// Deepest expression tree accepted. Chains of left-associative infix operators (`a /\ b /\ c`,
/// `1 + 1 + 1`) are parsed iteratively but are trees as deep as they are long, and every walk
/// over the tree (printer, resolver, evaluator, translators, drop) recurses per level: a caller
/// that accepts trees this deep runs those walks on a thread with `STACK_FOR_MAX_TREE_DEPTH`
/// bytes of stack (`vf_tla::run_with_deep_stack`).
pub const MAX_TREE_DEPTH: usize = 100_000;

/// Stack for the walks of this workspace over a tree of `MAX_TREE_DEPTH` levels. Measured: every
/// `mpcal` command (check-syntax, fmt, pcalgen with MPCal expansion) on 99,000-element chains
/// runs within 2 KiB per level; 8 KiB per level leaves room for macro substitution (argument
/// trees inside body trees) and other callers. Only touched pages are backed by memory.
pub const STACK_FOR_MAX_TREE_DEPTH: usize = MAX_TREE_DEPTH * 8 * 1024;

/// Runs `f` on a thread with `STACK_FOR_MAX_TREE_DEPTH` bytes of stack, so that parse trees of
/// every depth the parser accepts can be walked recursively. A panic in `f` is resumed.
pub fn run_with_deep_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let h = std::thread::Builder::new()
        .name("deep-stack".into())
        .stack_size(STACK_FOR_MAX_TREE_DEPTH)
        .spawn(f)
        .expect("cannot start a thread for parsing");
    match h.join() {
        Ok(v) => v,
        Err(p) => std::panic::resume_unwind(p),
    }
}

/// Depth of an expression tree (a leaf has depth 1), computed without recursion, and the start
/// offset of a node at the deepest level.
pub fn tree_depth(e: &Expr) -> (usize, usize) {
    let mut best = (0, e.span.start);
    let mut stack: Vec<(&Expr, usize)> = vec![(e, 1)];
    let mut kids: Vec<&Expr> = Vec::new();
    while let Some((e, d)) = stack.pop() {
        if d > best.0 {
            best = (d, e.span.start);
        }
        kids.clear();
        children(e, &mut kids);
        stack.extend(kids.drain(..).map(|k| (k, d + 1)));
    }
    best
}

fn unit_exprs<'a>(u: &'a Unit, out: &mut Vec<&'a Expr>) {
    match u {
        Unit::Assume { body, .. } | Unit::Theorem { body, .. } => out.push(body),
        Unit::OpDef(d) => out.push(&d.body),
        Unit::FnDef(d) => {
            out.extend(d.bounds.iter().map(|b| &b.set));
            out.push(&d.body);
        }
        Unit::Instance(i) | Unit::ModuleDef { instance: i, .. } => out.extend(i.subs.iter().map(|(_, e)| e)),
        Unit::Constants(_) | Unit::Variables(_) | Unit::Recursive(_) | Unit::Separator => {}
    }
}

/// The direct sub-expressions of `e` (including those inside LET definitions).
pub fn children<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    use ExprKind::*;
    match &e.kind {
        Name(_) | Num { .. } | Decimal(_) | Str(_) | Bool(_) | At | OpRef(_) => {}
        Apply(_, args) | Times(args) | SetEnum(args) | Tuple(args) | JunctionList(_, args) => out.extend(args),
        Qualified(parts) => out.extend(parts.iter().flat_map(|(_, a)| a)),
        Prefix(_, a) | Postfix(_, a) | Dot(a, _) | QuantUnbounded(_, _, a) | TemporalQuant(_, _, a) | Lambda(_, a) => out.push(a),
        Infix(_, a, b) | FnSet(a, b) | BoxAction(a, b) | AngleAction(a, b) => {
            out.push(a);
            out.push(b);
        }
        Fairness { vars, action, .. } => {
            out.push(vars);
            out.push(action);
        }
        FnApp(f, args) => {
            out.push(f);
            out.extend(args);
        }
        SetFilter(b, p) => {
            out.push(&b.set);
            out.push(p);
        }
        SetMap(body, bounds) => {
            out.push(body);
            out.extend(bounds.iter().map(|b| &b.set));
        }
        FnCons(bounds, body) | Quant(_, bounds, body) => {
            out.extend(bounds.iter().map(|b| &b.set));
            out.push(body);
        }
        Record(fs) | RecordSet(fs) => out.extend(fs.iter().map(|(_, e)| e)),
        Except(f, specs) => {
            out.push(f);
            for s in specs {
                for k in &s.path {
                    if let ExceptKey::Index(ix) = k {
                        out.extend(ix);
                    }
                }
                out.push(&s.value);
            }
        }
        If(c, a, b) => {
            out.push(c);
            out.push(a);
            out.push(b);
        }
        Case(arms, other) => {
            for (g, v) in arms {
                out.push(g);
                out.push(v);
            }
            if let Some(o) = other {
                out.push(o);
            }
        }
        Let(defs, body) => {
            for d in defs {
                unit_exprs(d, out);
            }
            out.push(body);
        }
        Choose { set, body, .. } => {
            if let Some(s) = set {
                out.push(s);
            }
            out.push(body);
        }
    }
}

fn describe(t: &Token) -> String {
    match t.kind {
        Kind::Eof => "end of input".into(),
        // Escaped (`\n`, `\"`, control characters) so a diagnostic stays one line.
        Kind::Str => format!("string \"{}\"", t.text.escape_debug()),
        _ => format!("`{}`", t.text.escape_debug()),
    }
}

impl Parser {
    pub fn new(toks: Vec<Token>) -> Self {
        let last = toks.last().cloned().expect("token stream ends with Eof");
        let eof = Token { kind: Kind::Eof, text: String::new(), ..last };
        Parser { toks, pos: 0, limit: None, eof, pcal: false, depth: 0, expr_nesting: 0, too_deep: false, failed_attempts: Default::default() }
    }

    /// The next token, or Eof if it is hidden by the junction column limit.
    pub fn peek(&self) -> &Token {
        self.peek_n(0)
    }

    pub fn peek_n(&self, n: usize) -> &Token {
        let i = (self.pos + n).min(self.toks.len() - 1);
        let t = &self.toks[i];
        match self.limit {
            Some(c) if t.col <= c && t.kind != Kind::Eof => &self.eof,
            _ => t,
        }
    }

    /// The next token ignoring the column limit.
    pub fn raw_peek(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    pub fn advance(&mut self) -> Token {
        let t = self.peek().clone();
        if t.kind != Kind::Eof {
            self.pos += 1;
        }
        t
    }

    /// End offset of the last consumed token.
    pub fn last_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].end
        }
    }

    pub fn error_here(&self, what: &str) -> Diagnostic {
        let t = self.peek();
        if t.kind == Kind::Eof {
            let raw = self.raw_peek();
            if raw.kind != Kind::Eof {
                return Diagnostic::parse(
                    raw.start,
                    format!(
                        "expected {what}, but {} at column {} is not to the right of the bulleted list's `/\\`/`\\/` at column {}",
                        describe(raw),
                        raw.col,
                        self.limit.unwrap_or(0)
                    ),
                );
            }
        }
        Diagnostic::parse(t.start, format!("expected {what}, found {}", describe(t)))
    }

    pub fn eat_sym(&mut self, s: &str) -> bool {
        if self.peek().is_sym(s) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn eat_kw(&mut self, s: &str) -> bool {
        if self.peek().is_kw(s) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn expect_sym(&mut self, s: &str) -> PResult<Token> {
        if self.peek().is_sym(s) {
            Ok(self.advance())
        } else {
            Err(self.error_here(&format!("`{s}`")))
        }
    }

    pub fn expect_kw(&mut self, s: &str) -> PResult<Token> {
        if self.peek().is_kw(s) {
            Ok(self.advance())
        } else {
            Err(self.error_here(&format!("`{s}`")))
        }
    }

    pub fn expect_ident(&mut self) -> PResult<Ident> {
        let t = self.peek();
        if t.kind == Kind::Ident {
            let t = self.advance();
            Ok(Ident { name: t.text, span: Span::new(t.start, t.end) })
        } else {
            Err(self.error_here("an identifier"))
        }
    }

    fn with_limit<T>(&mut self, limit: Option<usize>, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let saved = self.limit;
        self.limit = limit;
        let r = f(self);
        self.limit = saved;
        r
    }

    // ---------------------------------------------------------------- expressions

    /// One level deeper (an expression or, for front-ends built on this parser, a statement):
    /// fails with `nesting too deep` beyond `MAX_NESTING`. Pair every `Ok` with `leave`.
    pub fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_NESTING {
            self.too_deep = true;
            return Err(Diagnostic::parse(self.peek().start, format!("nesting too deep (more than {MAX_NESTING} levels)")));
        }
        self.depth += 1;
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// True once a nesting limit was hit (backtracking must then give up, not try alternatives).
    pub fn hit_limit(&self) -> bool {
        self.too_deep
    }

    pub fn parse_expr(&mut self) -> PResult<Expr> {
        let start = self.peek().start;
        self.enter()?;
        self.expr_nesting += 1;
        let r = self.parse_bin(0);
        self.expr_nesting -= 1;
        self.leave();
        let e = r?;
        if self.expr_nesting == 0 {
            let (d, at) = tree_depth(&e);
            if d > MAX_TREE_DEPTH {
                self.too_deep = true;
                let _ = start;
                return Err(Diagnostic::parse(at, format!("nesting too deep (expression tree deeper than {MAX_TREE_DEPTH} levels)")));
            }
        }
        Ok(e)
    }

    fn infix_op_here(&self) -> Option<String> {
        let t = self.peek();
        if t.kind != Kind::Sym {
            return None;
        }
        if self.pcal && (t.text == "||" || t.text == ":=") {
            return None;
        }
        infix_prec(&t.text).map(|_| t.text.clone())
    }

    fn parse_bin(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.parse_prefix()?;
        while let Some(op) = self.infix_op_here() {
            let (lo, hi) = infix_prec(&op).unwrap();
            if lo < min {
                break;
            }
            let op_tok = self.advance();
            if matches!(lhs.kind, ExprKind::JunctionList(..)) && (op == "/\\" || op == "\\/") {
                let lhs_end_line = self.toks.iter().rev().find(|t| t.end <= lhs.span.end).map(|t| t.line);
                let list_col = self.toks.iter().find(|t| t.start == lhs.span.start).map(|t| t.col);
                let outdented = list_col.is_some_and(|c| op_tok.col < c);
                if lhs_end_line != Some(op_tok.line) && !outdented {
                    return Err(Diagnostic::parse(
                        op_tok.start,
                        format!("bad indentation: `{op}` at column {} is not aligned with the bulleted list above it", op_tok.col),
                    ));
                }
            }
            if op == "\\X" {
                let mut parts = vec![lhs];
                parts.push(self.parse_bin(hi + 1)?);
                while self.peek().is_sym("\\X") {
                    self.advance();
                    parts.push(self.parse_bin(hi + 1)?);
                }
                let span = parts[0].span.to(parts.last().unwrap().span);
                lhs = Expr::new(ExprKind::Times(parts), span);
                continue;
            }
            let rhs = self.parse_bin(hi + 1)?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr::new(ExprKind::Infix(op, Box::new(lhs), Box::new(rhs)), span);
        }
        Ok(lhs)
    }

    fn parse_prefix(&mut self) -> PResult<Expr> {
        let t = self.peek().clone();
        let is_op = matches!(t.kind, Kind::Sym | Kind::Kw);
        if is_op && (t.text == "/\\" || t.text == "\\/") {
            return self.parse_junction_list();
        }
        if is_op {
            if let Some(p) = prefix_prec(&t.text) {
                // `[]` directly followed by `[` is `[][Next]_v`; still the prefix operator.
                self.advance();
                self.enter()?;
                let operand = self.parse_bin(p + 1);
                self.leave();
                let operand = operand?;
                let span = Span::new(t.start, operand.span.end);
                return Ok(Expr::new(ExprKind::Prefix(t.text.clone(), Box::new(operand)), span));
            }
        }
        self.parse_postfix()
    }

    fn parse_junction_list(&mut self) -> PResult<Expr> {
        let first = self.peek().clone();
        let kind = if first.text == "/\\" { Junction::And } else { Junction::Or };
        let col = first.col;
        let mut items = Vec::new();
        loop {
            self.advance();
            let item = self.with_limit(Some(col), |p| p.parse_expr())?;
            items.push(item);
            let next = self.peek();
            if next.is_sym(&first.text) && next.col == col {
                continue;
            }
            break;
        }
        let span = Span::new(first.start, items.last().unwrap().span.end);
        Ok(Expr::new(ExprKind::JunctionList(kind, items), span))
    }

    fn parse_postfix(&mut self) -> PResult<Expr> {
        let mut e = self.parse_primary()?;
        loop {
            let t = self.peek().clone();
            if t.kind != Kind::Sym {
                break;
            }
            if t.text == "[" {
                self.advance();
                let args = self.parse_comma_exprs()?;
                let close = self.expect_sym("]")?;
                let span = Span::new(e.span.start, close.end);
                e = Expr::new(ExprKind::FnApp(Box::new(e), args), span);
            } else if t.text == "." && self.peek_n(1).kind == Kind::Ident {
                self.advance();
                let f = self.advance();
                let span = Span::new(e.span.start, f.end);
                e = Expr::new(ExprKind::Dot(Box::new(e), f.text), span);
            } else if is_postfix(&t.text) {
                self.advance();
                let span = Span::new(e.span.start, t.end);
                e = Expr::new(ExprKind::Postfix(t.text.clone(), Box::new(e)), span);
            } else {
                break;
            }
        }
        Ok(e)
    }

    pub fn parse_comma_exprs(&mut self) -> PResult<Vec<Expr>> {
        let mut v = vec![self.parse_expr()?];
        while self.eat_sym(",") {
            v.push(self.parse_expr()?);
        }
        Ok(v)
    }

    fn parse_primary(&mut self) -> PResult<Expr> {
        let t = self.peek().clone();
        let sp = |end: usize| Span::new(t.start, end);
        match t.kind {
            Kind::Ident => self.parse_name_or_apply(),
            Kind::Num => {
                self.advance();
                Ok(Expr::new(ExprKind::Num { digits: t.text.clone(), base: t.base }, sp(t.end)))
            }
            Kind::Decimal => {
                self.advance();
                Ok(Expr::new(ExprKind::Decimal(t.text.clone()), sp(t.end)))
            }
            Kind::Str => {
                self.advance();
                Ok(Expr::new(ExprKind::Str(t.text.clone()), sp(t.end)))
            }
            Kind::Kw => self.parse_keyword_expr(),
            Kind::Sym => self.parse_symbol_expr(),
            _ => Err(self.error_here("an expression")),
        }
    }

    fn parse_name_or_apply(&mut self) -> PResult<Expr> {
        let first = self.peek().clone();
        if self.peek_n(1).is_sym("(") {
            // `M(args)!Op...` is an instance-qualified name; otherwise a plain application
            self.advance();
            self.advance();
            let args = self.parse_args()?;
            let close = self.expect_sym(")")?;
            if self.peek().is_sym("!") && self.peek_n(1).kind == Kind::Ident {
                return self.parse_qualified_rest(first.text.clone(), args, first.start);
            }
            return Ok(Expr::new(ExprKind::Apply(first.text.clone(), args), Span::new(first.start, close.end)));
        }
        if self.peek_n(1).is_sym("::") {
            // A label `P0:: e` names a subexpression; it has no meaning for evaluation.
            self.advance();
            self.advance();
            return self.parse_expr();
        }
        let first = self.advance();
        let mut name = first.text.clone();
        // Instance-qualified names `M!Op` (possibly chained).
        while self.peek().is_sym("!") && self.peek_n(1).kind == Kind::Ident {
            self.advance();
            name.push('!');
            name.push_str(&self.advance().text);
        }
        // Positional subexpression selectors `Inv!2` (a conjunct) and `Thm!:` (the body).
        while self.peek().is_sym("!") && (self.peek_n(1).kind == Kind::Num || self.peek_n(1).is_sym(":")) && self.peek_n(1).start == self.peek().end {
            self.advance();
            name.push('!');
            name.push_str(&self.advance().text);
        }
        if self.peek().is_sym("(") {
            self.advance();
            let args = self.parse_args()?;
            let close = self.expect_sym(")")?;
            return Ok(Expr::new(ExprKind::Apply(name, args), Span::new(first.start, close.end)));
        }
        Ok(Expr::new(ExprKind::Name(name), Span::new(first.start, self.last_end())))
    }

    /// The rest of `M(args)!N!Op(x)` after `M(args)`.
    fn parse_qualified_rest(&mut self, first: String, first_args: Vec<Expr>, start: usize) -> PResult<Expr> {
        let mut parts = vec![(first, first_args)];
        while self.peek().is_sym("!") && self.peek_n(1).kind == Kind::Ident {
            self.advance();
            let n = self.advance().text.clone();
            let args = if self.peek().is_sym("(") {
                self.advance();
                let a = self.parse_args()?;
                self.expect_sym(")")?;
                a
            } else {
                Vec::new()
            };
            parts.push((n, args));
        }
        Ok(Expr::new(ExprKind::Qualified(parts), Span::new(start, self.last_end())))
    }

    /// Operator arguments: expressions, `LAMBDA`s, or bare operator symbols (`Op(+, x)`).
    fn parse_args(&mut self) -> PResult<Vec<Expr>> {
        let mut args = Vec::new();
        loop {
            let t = self.peek().clone();
            let next = self.peek_n(1);
            if t.kind == Kind::Sym
                && (infix_prec(&t.text).is_some() || prefix_prec(&t.text).is_some() || t.text == "_")
                && (next.is_sym(",") || next.is_sym(")"))
            {
                self.advance();
                args.push(Expr::new(ExprKind::OpRef(t.text.clone()), Span::new(t.start, t.end)));
            } else {
                args.push(self.parse_expr()?);
            }
            if !self.eat_sym(",") {
                return Ok(args);
            }
        }
    }

    fn parse_keyword_expr(&mut self) -> PResult<Expr> {
        let t = self.advance();
        let start = t.start;
        match t.text.as_str() {
            "TRUE" | "FALSE" => Ok(Expr::new(ExprKind::Bool(t.text == "TRUE"), Span::new(start, t.end))),
            "BOOLEAN" | "STRING" => Ok(Expr::new(ExprKind::Name(t.text.clone()), Span::new(start, t.end))),
            "IF" => {
                let c = self.parse_expr()?;
                self.expect_kw("THEN")?;
                let a = self.parse_expr()?;
                self.expect_kw("ELSE")?;
                let b = self.parse_expr()?;
                let span = Span::new(start, b.span.end);
                Ok(Expr::new(ExprKind::If(Box::new(c), Box::new(a), Box::new(b)), span))
            }
            "CASE" => self.parse_case(start),
            "LET" => {
                let mut defs = Vec::new();
                while !self.peek().is_kw("IN") {
                    if self.eat_kw("RECURSIVE") {
                        defs.push(Unit::Recursive(self.parse_opdecl_list()?));
                        continue;
                    }
                    defs.push(self.parse_definition_unit(false)?);
                }
                self.expect_kw("IN")?;
                let body = self.parse_expr()?;
                let span = Span::new(start, body.span.end);
                Ok(Expr::new(ExprKind::Let(defs, Box::new(body)), span))
            }
            "CHOOSE" => {
                let (names, tuple) = self.parse_binder_names()?;
                let set = if self.eat_sym("\\in") { Some(Box::new(self.parse_expr()?)) } else { None };
                self.expect_sym(":")?;
                let body = self.parse_expr()?;
                let span = Span::new(start, body.span.end);
                Ok(Expr::new(ExprKind::Choose { names, tuple, set, body: Box::new(body) }, span))
            }
            "LAMBDA" => {
                let mut names = vec![self.expect_ident()?];
                while self.eat_sym(",") {
                    names.push(self.expect_ident()?);
                }
                self.expect_sym(":")?;
                let body = self.parse_expr()?;
                let span = Span::new(start, body.span.end);
                Ok(Expr::new(ExprKind::Lambda(names, Box::new(body)), span))
            }
            "WF_" | "SF_" => {
                let vars = self.parse_subscript()?;
                self.expect_sym("(")?;
                let action = self.parse_expr()?;
                let close = self.expect_sym(")")?;
                Ok(Expr::new(
                    ExprKind::Fairness { strong: t.text == "SF_", vars: Box::new(vars), action: Box::new(action) },
                    Span::new(start, close.end),
                ))
            }
            _ => {
                self.pos -= 1;
                Err(self.error_here("an expression"))
            }
        }
    }

    fn parse_case(&mut self, start: usize) -> PResult<Expr> {
        let mut arms = Vec::new();
        let mut other = None;
        loop {
            if self.eat_kw("OTHER") {
                self.expect_sym("->")?;
                other = Some(Box::new(self.parse_expr()?));
                break;
            }
            let guard = self.parse_expr()?;
            self.expect_sym("->")?;
            let value = self.parse_expr()?;
            arms.push((guard, value));
            if !self.eat_sym("[]") {
                break;
            }
        }
        Ok(Expr::new(ExprKind::Case(arms, other), Span::new(start, self.last_end())))
    }

    /// `x`, `x, y` or `<<x, y>>` before `\in` or `:`.
    fn parse_binder_names(&mut self) -> PResult<(Vec<Ident>, bool)> {
        if self.eat_sym("<<") {
            let mut names = vec![self.expect_ident()?];
            while self.eat_sym(",") {
                names.push(self.expect_ident()?);
            }
            self.expect_sym(">>")?;
            return Ok((names, true));
        }
        Ok((vec![self.expect_ident()?], false))
    }

    /// `x \in S, <<a, b>> \in T, y, z \in U` (the part before `:` or `|->`).
    pub fn parse_bounds(&mut self) -> PResult<Vec<Bound>> {
        let mut bounds = Vec::new();
        loop {
            let (mut names, tuple) = self.parse_binder_names()?;
            if !tuple {
                while self.eat_sym(",") {
                    names.push(self.expect_ident()?);
                }
            }
            self.expect_sym("\\in")?;
            let set = self.parse_expr()?;
            bounds.push(Bound { names, tuple, set });
            if !self.eat_sym(",") {
                return Ok(bounds);
            }
        }
    }

    fn parse_quantifier(&mut self, t: &Token) -> PResult<Expr> {
        let q = if t.text == "\\A" || t.text == "\\AA" { Quant::All } else { Quant::Exists };
        let temporal = t.text.len() == 3;
        // Unbounded if the names are followed directly by `:`.
        let save = self.pos;
        let mut names = Vec::new();
        if self.peek().kind == Kind::Ident {
            names.push(self.expect_ident()?);
            while self.eat_sym(",") {
                names.push(self.expect_ident()?);
            }
        }
        if !names.is_empty() && self.eat_sym(":") {
            let body = self.parse_expr()?;
            let span = Span::new(t.start, body.span.end);
            let kind = if temporal {
                ExprKind::TemporalQuant(q, names, Box::new(body))
            } else {
                ExprKind::QuantUnbounded(q, names, Box::new(body))
            };
            return Ok(Expr::new(kind, span));
        }
        self.pos = save;
        let bounds = self.parse_bounds()?;
        self.expect_sym(":")?;
        let body = self.parse_expr()?;
        let span = Span::new(t.start, body.span.end);
        Ok(Expr::new(ExprKind::Quant(q, bounds, Box::new(body)), span))
    }

    fn parse_symbol_expr(&mut self) -> PResult<Expr> {
        let t = self.peek().clone();
        match t.text.as_str() {
            "(" => {
                self.advance();
                let e = self.parse_expr()?;
                let close = self.expect_sym(")")?;
                // Parentheses are not kept in the tree; the span covers them.
                Ok(Expr::new(e.kind, Span::new(t.start, close.end)))
            }
            "@" => {
                self.advance();
                Ok(Expr::new(ExprKind::At, Span::new(t.start, t.end)))
            }
            "\\A" | "\\E" | "\\AA" | "\\EE" => {
                self.advance();
                self.parse_quantifier(&t)
            }
            "{" => self.parse_braces(),
            "<<" => self.parse_angle(),
            "[" => self.parse_bracket(),
            _ => Err(self.error_here("an expression")),
        }
    }

    fn parse_braces(&mut self) -> PResult<Expr> {
        let open = self.advance();
        if self.peek().is_sym("}") {
            let close = self.advance();
            return Ok(Expr::new(ExprKind::SetEnum(vec![]), Span::new(open.start, close.end)));
        }
        // `{x \in S : P}`: try a single bound followed by `:`.
        let save = self.pos;
        let key = (0u8, save, self.limit);
        if !self.failed_attempts.contains(&key) {
            if let Ok((names, tuple)) = self.parse_binder_names() {
                if self.eat_sym("\\in") {
                    match self.parse_expr() {
                        Ok(set) => {
                            if self.eat_sym(":") {
                                let pred = self.parse_expr()?;
                                let close = self.expect_sym("}")?;
                                let b = Bound { names, tuple, set };
                                return Ok(Expr::new(ExprKind::SetFilter(Box::new(b), Box::new(pred)), Span::new(open.start, close.end)));
                            }
                        }
                        Err(e) if self.too_deep => return Err(e),
                        Err(_) => {}
                    }
                }
            }
            self.failed_attempts.insert(key);
        }
        self.pos = save;
        let first = self.parse_expr()?;
        if self.eat_sym(":") {
            let bounds = self.parse_bounds()?;
            let close = self.expect_sym("}")?;
            return Ok(Expr::new(ExprKind::SetMap(Box::new(first), bounds), Span::new(open.start, close.end)));
        }
        let mut items = vec![first];
        while self.eat_sym(",") {
            items.push(self.parse_expr()?);
        }
        let close = self.expect_sym("}")?;
        Ok(Expr::new(ExprKind::SetEnum(items), Span::new(open.start, close.end)))
    }

    fn parse_angle(&mut self) -> PResult<Expr> {
        let open = self.advance();
        let mut items = Vec::new();
        if !self.peek().is_sym(">>") && !self.peek().is_sym(">>_") {
            items = self.parse_comma_exprs()?;
        }
        if self.eat_sym(">>_") {
            if items.len() != 1 {
                return Err(Diagnostic::parse(open.start, "`<<A>>_v` needs exactly one action"));
            }
            let sub = self.parse_subscript()?;
            let span = Span::new(open.start, sub.span.end);
            let a = items.pop().unwrap();
            return Ok(Expr::new(ExprKind::AngleAction(Box::new(a), Box::new(sub)), span));
        }
        let close = self.expect_sym(">>")?;
        Ok(Expr::new(ExprKind::Tuple(items), Span::new(open.start, close.end)))
    }

    /// The `v` in `[A]_v`, `WF_v(A)`: a name, tuple or parenthesised expression, with postfix ops.
    fn parse_subscript(&mut self) -> PResult<Expr> {
        let t = self.peek().clone();
        if t.kind == Kind::Ident {
            self.advance();
            let mut name = t.text;
            while self.peek().is_sym("!") && self.peek_n(1).kind == Kind::Ident {
                self.advance();
                name.push('!');
                name.push_str(&self.advance().text);
            }
            return Ok(Expr::new(ExprKind::Name(name), Span::new(t.start, self.last_end())));
        }
        self.parse_primary()
    }

    fn field_name(&mut self) -> PResult<String> {
        let t = self.peek().clone();
        if t.kind == Kind::Ident || t.kind == Kind::Kw || t.kind == Kind::Str {
            self.advance();
            Ok(t.text)
        } else {
            Err(self.error_here("a field name"))
        }
    }

    fn parse_bracket(&mut self) -> PResult<Expr> {
        let open = self.advance();
        let next = self.peek_n(1).clone();
        let head = self.peek().clone();
        // Record `[a |-> e]` or record set `[a : S]`.
        if head.kind == Kind::Ident && (next.is_sym("|->") || next.is_sym(":")) {
            let is_set = next.is_sym(":");
            let sep = if is_set { ":" } else { "|->" };
            let mut fields = Vec::new();
            loop {
                let name = self.field_name()?;
                self.expect_sym(sep)?;
                fields.push((name, self.parse_expr()?));
                if !self.eat_sym(",") {
                    break;
                }
            }
            let close = self.expect_sym("]")?;
            let span = Span::new(open.start, close.end);
            let kind = if is_set { ExprKind::RecordSet(fields) } else { ExprKind::Record(fields) };
            return Ok(Expr::new(kind, span));
        }
        // Function constructor `[x \in S |-> e]`.
        if head.kind == Kind::Ident || head.is_sym("<<") {
            let save = self.pos;
            let key = (1u8, save, self.limit);
            if !self.failed_attempts.contains(&key) {
                match self.parse_bounds() {
                    Ok(bounds) => {
                        if self.eat_sym("|->") {
                            let body = self.parse_expr()?;
                            let close = self.expect_sym("]")?;
                            return Ok(Expr::new(ExprKind::FnCons(bounds, Box::new(body)), Span::new(open.start, close.end)));
                        }
                    }
                    Err(e) if self.too_deep => return Err(e),
                    Err(_) => {}
                }
                self.failed_attempts.insert(key);
            }
            self.pos = save;
        }
        let e = self.parse_expr()?;
        if self.eat_sym("->") {
            let to = self.parse_expr()?;
            let close = self.expect_sym("]")?;
            return Ok(Expr::new(ExprKind::FnSet(Box::new(e), Box::new(to)), Span::new(open.start, close.end)));
        }
        if self.eat_kw("EXCEPT") {
            let mut specs = Vec::new();
            loop {
                self.expect_sym("!")?;
                let mut path = Vec::new();
                loop {
                    if self.eat_sym("[") {
                        let idx = self.parse_comma_exprs()?;
                        self.expect_sym("]")?;
                        path.push(ExceptKey::Index(idx));
                    } else if self.eat_sym(".") {
                        path.push(ExceptKey::Field(self.field_name()?));
                    } else {
                        break;
                    }
                }
                if path.is_empty() {
                    return Err(self.error_here("`[` or `.` after `!` in EXCEPT"));
                }
                self.expect_sym("=")?;
                let value = self.parse_expr()?;
                specs.push(ExceptSpec { path, value });
                if !self.eat_sym(",") {
                    break;
                }
            }
            let close = self.expect_sym("]")?;
            return Ok(Expr::new(ExprKind::Except(Box::new(e), specs), Span::new(open.start, close.end)));
        }
        if self.eat_sym("]_") {
            let sub = self.parse_subscript()?;
            let span = Span::new(open.start, sub.span.end);
            return Ok(Expr::new(ExprKind::BoxAction(Box::new(e), Box::new(sub)), span));
        }
        Err(self.error_here("`->`, `EXCEPT` or `]_` in bracket expression"))
    }

    // ---------------------------------------------------------------- units

    fn parse_opdecl(&mut self) -> PResult<OpDecl> {
        // Infix/prefix declarations `_ + _`, `-_`, `_^+`.
        if self.peek().is_sym("_") {
            self.advance();
            let op = self.advance();
            let mut arity = 1;
            if self.eat_sym("_") {
                arity = 2;
            }
            // Only a real infix (`_ op _`) or postfix (`_op`) operator: anything else
            // (`_ )`, `_ ,`, `_ x`) is not a declaration and would not print back.
            let ok = op.kind != Kind::Str && op.kind != Kind::Eof && if arity == 2 { infix_prec(&op.text).is_some() } else { is_postfix(&op.text) };
            if !ok {
                let what = if arity == 2 { "an infix operator" } else { "a postfix operator" };
                return Err(Diagnostic::parse(op.start, format!("expected {what} after `_`, found {}", describe(&op))));
            }
            return Ok(OpDecl { name: Ident { name: op.text, span: Span::new(op.start, op.end) }, arity });
        }
        if self.peek().kind == Kind::Sym && prefix_prec(&self.peek().text).is_some() && self.peek_n(1).is_sym("_") {
            let op = self.advance();
            self.advance();
            return Ok(OpDecl { name: Ident { name: op.text, span: Span::new(op.start, op.end) }, arity: 1 });
        }
        let name = self.expect_ident()?;
        let mut arity = 0;
        if self.eat_sym("(") {
            loop {
                self.expect_sym("_")?;
                arity += 1;
                if !self.eat_sym(",") {
                    break;
                }
            }
            self.expect_sym(")")?;
        }
        Ok(OpDecl { name, arity })
    }

    fn parse_opdecl_list(&mut self) -> PResult<Vec<OpDecl>> {
        let mut v = vec![self.parse_opdecl()?];
        while self.eat_sym(",") {
            v.push(self.parse_opdecl()?);
        }
        Ok(v)
    }

    /// Operator parameter: `x` or `F(_, _)`.
    fn parse_param(&mut self) -> PResult<OpDecl> {
        self.parse_opdecl()
    }

    fn parse_instance(&mut self, local: bool, start: usize) -> PResult<Instance> {
        let module = self.expect_ident()?;
        let mut subs = Vec::new();
        if self.eat_kw("WITH") {
            loop {
                let t = self.advance();
                if !matches!(t.kind, Kind::Ident | Kind::Sym) {
                    return Err(Diagnostic::parse(t.start, "expected a name in WITH substitution"));
                }
                let name = Ident { name: t.text, span: Span::new(t.start, t.end) };
                self.expect_sym("<-")?;
                let e = self.parse_expr()?;
                subs.push((name, e));
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        Ok(Instance { local, module, subs, span: Span::new(start, self.last_end()) })
    }

    /// One operator/function/module definition (also used for LET).
    pub fn parse_definition_unit(&mut self, local: bool) -> PResult<Unit> {
        let start = self.peek().start;
        let t0 = self.peek().clone();
        let t1 = self.peek_n(1).clone();
        // Unary minus defined under its TLA+ name: `-. a == e`.
        if t0.is_sym("-") && t1.is_sym(".") && t1.start == t0.end && self.peek_n(2).kind == Kind::Ident && self.peek_n(3).is_sym("==") {
            self.advance();
            self.advance();
            let p = self.expect_ident()?;
            self.advance();
            let body = self.parse_expr()?;
            let span = Span::new(start, body.span.end);
            let name = Ident { name: "-.".to_string(), span: Span::new(t0.start, t1.end) };
            return Ok(Unit::OpDef(OpDef { local, shape: DefShape::Prefix, name, params: vec![OpDecl { name: p, arity: 0 }], body, span }));
        }
        // Prefix operator definition `-a == e`.
        if t0.kind == Kind::Sym && prefix_prec(&t0.text).is_some() && t1.kind == Kind::Ident && self.peek_n(2).is_sym("==") {
            self.advance();
            let p = self.expect_ident()?;
            self.advance();
            let body = self.parse_expr()?;
            let span = Span::new(start, body.span.end);
            let name = Ident { name: t0.text.clone(), span: Span::new(t0.start, t0.end) };
            return Ok(Unit::OpDef(OpDef { local, shape: DefShape::Prefix, name, params: vec![OpDecl { name: p, arity: 0 }], body, span }));
        }
        let name = self.expect_ident()?;
        // Infix `a + b == e` and postfix `a^+ == e`.
        if t1.kind == Kind::Sym && !t1.is_sym("==") && !t1.is_sym("(") && !t1.is_sym("[") {
            let op = self.advance();
            let name_op = Ident { name: op.text.clone(), span: Span::new(op.start, op.end) };
            if is_postfix(&op.text) && self.peek().is_sym("==") {
                self.advance();
                let body = self.parse_expr()?;
                let span = Span::new(start, body.span.end);
                return Ok(Unit::OpDef(OpDef { local, shape: DefShape::Postfix, name: name_op, params: vec![OpDecl { name, arity: 0 }], body, span }));
            }
            if infix_prec(&op.text).is_none() {
                return Err(Diagnostic::parse(op.start, format!("expected `==` in definition of `{}`, found `{}`", name.name, op.text)));
            }
            let rhs = self.expect_ident()?;
            self.expect_sym("==")?;
            let body = self.parse_expr()?;
            let span = Span::new(start, body.span.end);
            let params = vec![OpDecl { name, arity: 0 }, OpDecl { name: rhs, arity: 0 }];
            return Ok(Unit::OpDef(OpDef { local, shape: DefShape::Infix, name: name_op, params, body, span }));
        }
        if self.eat_sym("[") {
            let bounds = self.parse_bounds()?;
            self.expect_sym("]")?;
            self.expect_sym("==")?;
            let body = self.parse_expr()?;
            let span = Span::new(start, body.span.end);
            return Ok(Unit::FnDef(FnDef { local, name, bounds, body, span }));
        }
        let mut params = Vec::new();
        if self.eat_sym("(") {
            params.push(self.parse_param()?);
            while self.eat_sym(",") {
                params.push(self.parse_param()?);
            }
            self.expect_sym(")")?;
        }
        self.expect_sym("==")?;
        if self.peek().is_kw("INSTANCE") {
            let t = self.advance();
            let instance = self.parse_instance(false, t.start)?;
            return Ok(Unit::ModuleDef { local, name, params, instance });
        }
        let body = self.parse_expr()?;
        let span = Span::new(start, body.span.end);
        Ok(Unit::OpDef(OpDef { local, shape: DefShape::Normal, name, params, body, span }))
    }

    fn parse_named_body(&mut self) -> PResult<(Option<Ident>, Expr)> {
        if self.peek().kind == Kind::Ident && self.peek_n(1).is_sym("==") {
            let n = self.expect_ident()?;
            self.advance();
            return Ok((Some(n), self.parse_expr()?));
        }
        Ok((None, self.parse_expr()?))
    }

    pub fn parse_unit(&mut self) -> PResult<Unit> {
        let t = self.peek().clone();
        match (t.kind, t.text.as_str()) {
            (Kind::Dashes, _) => {
                self.advance();
                Ok(Unit::Separator)
            }
            (Kind::Kw, "CONSTANT") | (Kind::Kw, "CONSTANTS") => {
                self.advance();
                Ok(Unit::Constants(self.parse_opdecl_list()?))
            }
            (Kind::Kw, "RECURSIVE") => {
                self.advance();
                Ok(Unit::Recursive(self.parse_opdecl_list()?))
            }
            (Kind::Kw, "VARIABLE") | (Kind::Kw, "VARIABLES") => {
                self.advance();
                let mut v = vec![self.expect_ident()?];
                while self.eat_sym(",") {
                    v.push(self.expect_ident()?);
                }
                Ok(Unit::Variables(v))
            }
            (Kind::Kw, "ASSUME") | (Kind::Kw, "ASSUMPTION") | (Kind::Kw, "AXIOM") => {
                self.advance();
                let (name, body) = self.parse_named_body()?;
                Ok(Unit::Assume { name, body, span: Span::new(t.start, self.last_end()) })
            }
            (Kind::Kw, "THEOREM") | (Kind::Kw, "LEMMA") | (Kind::Kw, "PROPOSITION") | (Kind::Kw, "COROLLARY") => {
                self.advance();
                let save = self.pos;
                let stmt = if self.peek_n(1).is_kw("ASSUME") || self.peek().is_kw("ASSUME") { None } else { self.parse_named_body().ok() };
                // Whatever follows the statement up to the next unit is a proof: skipped.
                if stmt.is_none() {
                    self.pos = save;
                }
                self.skip_to_unit_start(t.col);
                match stmt {
                    Some((name, body)) => Ok(Unit::Theorem { keyword: t.text.clone(), name, body, span: Span::new(t.start, self.last_end()) }),
                    None => Ok(Unit::Separator),
                }
            }
            (Kind::Ident, "USE") | (Kind::Ident, "HIDE") | (Kind::Ident, "PROOF") | (Kind::Ident, "BY") | (Kind::Ident, "OBVIOUS") | (Kind::Ident, "OMITTED") => {
                self.advance();
                self.skip_to_unit_start(t.col);
                Ok(Unit::Separator)
            }
            (Kind::Kw, "INSTANCE") => {
                self.advance();
                Ok(Unit::Instance(self.parse_instance(false, t.start)?))
            }
            (Kind::Kw, "LOCAL") => {
                self.advance();
                if self.peek().is_kw("INSTANCE") {
                    let i = self.advance();
                    return Ok(Unit::Instance(self.parse_instance(true, i.start)?));
                }
                self.parse_definition_unit(true)
            }
            _ => self.parse_definition_unit(false),
        }
    }

    /// Skips tokens (a proof, a USE line) up to the next token that starts a unit: the first token
    /// of a line, at or left of column `col`, that is a unit keyword, a separator, the module end,
    /// or an identifier (a definition).
    fn skip_to_unit_start(&mut self, col: usize) {
        loop {
            let t = self.raw_peek().clone();
            if matches!(t.kind, Kind::Eof | Kind::ModuleEnd | Kind::Dashes) {
                return;
            }
            let first_on_line = self.pos == 0 || self.toks[self.pos - 1].line != t.line;
            if first_on_line && t.col <= col {
                let unit_kw = t.kind == Kind::Kw
                    && matches!(
                        t.text.as_str(),
                        "CONSTANT" | "CONSTANTS" | "VARIABLE" | "VARIABLES" | "ASSUME" | "ASSUMPTION" | "AXIOM" | "THEOREM"
                            | "LEMMA" | "PROPOSITION" | "COROLLARY" | "INSTANCE" | "LOCAL" | "RECURSIVE"
                    );
                let proof_word = matches!(t.text.as_str(), "BY" | "PROOF" | "OBVIOUS" | "OMITTED" | "QED" | "DEF" | "DEFS");
                if unit_kw || (t.kind == Kind::Ident && !proof_word) || (t.kind == Kind::Sym && prefix_prec(&t.text).is_some() && self.peek_n(1).kind == Kind::Ident && self.peek_n(2).is_sym("==")) {
                    return;
                }
            }
            self.pos += 1;
        }
    }

    pub fn parse_module(&mut self) -> PResult<Module> {
        let header = self.peek().clone();
        if header.kind != Kind::Dashes {
            return Err(self.error_here("module header `---- MODULE Name ----`"));
        }
        self.advance();
        self.expect_kw("MODULE")?;
        let name = self.expect_ident()?;
        if self.peek().kind != Kind::Dashes {
            return Err(self.error_here("`----` after the module name"));
        }
        self.advance();
        let mut extends = Vec::new();
        if self.eat_kw("EXTENDS") {
            extends.push(self.expect_ident()?);
            while self.eat_sym(",") {
                extends.push(self.expect_ident()?);
            }
        }
        let mut units = Vec::new();
        loop {
            let t = self.peek();
            if t.kind == Kind::ModuleEnd {
                let end = self.advance();
                return Ok(Module { name: name.name.clone(), extends, units, span: Span::new(header.start, end.end) }.with_name_span(name));
            }
            if t.kind == Kind::Eof {
                return Err(Diagnostic::parse(t.start, format!("module `{}` has no closing `====`", name.name)));
            }
            units.push(self.parse_unit()?);
        }
    }
}

impl Module {
    fn with_name_span(self, _name: Ident) -> Self {
        self
    }
}

/// Byte offset of the module header line (`---- MODULE`), skipping any text before it.
pub fn find_module_start(src: &str) -> Option<usize> {
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        if let Some(i) = line.find("----") {
            if line[i..].trim_start_matches('-').trim_start().starts_with("MODULE") {
                return Some(offset + i);
            }
        }
        offset += line.len();
    }
    None
}

/// Parses a whole `.tla` file (text before the header and after `====` is ignored).
pub fn parse_module(src: &str) -> PResult<Module> {
    let start = find_module_start(src).ok_or_else(|| Diagnostic::parse(0, "no `---- MODULE Name ----` header found"))?;
    let toks = tokenize_module(src, start)?;
    let mut p = Parser::new(toks);
    p.parse_module()
}

/// Tokens from `start` up to and including the first `====` line.
fn tokenize_module(src: &str, start: usize) -> PResult<Vec<Token>> {
    let mut lx = Lexer::slice(src, start, src.len());
    let mut toks = Vec::new();
    loop {
        let t = lx.next_token()?;
        let stop = matches!(t.kind, Kind::Eof | Kind::ModuleEnd);
        toks.push(t.clone());
        if stop {
            if t.kind == Kind::ModuleEnd {
                toks.push(Token { kind: Kind::Eof, text: String::new(), start: t.end, ..t });
            }
            return Ok(toks);
        }
    }
}

/// Parses a standalone expression (used by tests and by the PlusCal front-end).
pub fn parse_expr_str(src: &str) -> PResult<Expr> {
    let toks = Lexer::new(src).tokenize()?;
    let mut p = Parser::new(toks);
    let e = p.parse_expr()?;
    if p.peek().kind != Kind::Eof {
        return Err(p.error_here("end of expression"));
    }
    Ok(e)
}
