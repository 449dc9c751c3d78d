//! TLC configuration files (`.cfg`): every keyword TLC accepts; anything else is a one-line error
//! with its position.

#[derive(Clone, Debug, PartialEq)]
pub enum CfgValue {
    Int(i64),
    Str(String),
    Bool(bool),
    /// An identifier: a model value (or, on the right of `<-`, an operator name).
    Ident(String),
    Set(Vec<CfgValue>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ConstantAssign {
    /// `C = v`
    Value(String, CfgValue),
    /// `C <- Op` (optionally `C <- [M] Op`)
    Subst(String, String),
}

#[derive(Clone, Debug, Default)]
pub struct Cfg {
    pub constants: Vec<ConstantAssign>,
    pub init: Option<String>,
    pub next: Option<String>,
    pub specification: Option<String>,
    pub invariants: Vec<String>,
    pub properties: Vec<String>,
    pub constraints: Vec<String>,
    pub action_constraints: Vec<String>,
    pub symmetry: Option<String>,
    pub view: Option<String>,
    pub alias: Option<String>,
    pub postcondition: Option<String>,
    pub check_deadlock: Option<bool>,
}

#[derive(Clone, Debug, PartialEq)]
struct Tok {
    text: String,
    kind: u8, // b'w' word, b'n' number, b's' string, b'p' punctuation
    line: usize,
    col: usize,
}

fn lex(src: &str, file: &str) -> Result<Vec<Tok>, String> {
    let b: Vec<char> = src.chars().collect();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let mut out = Vec::new();
    let adv = |i: &mut usize, line: &mut usize, col: &mut usize, c: char| {
        *i += 1;
        if c == '\n' {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
    };
    while i < b.len() {
        let c = b[i];
        if c.is_whitespace() {
            adv(&mut i, &mut line, &mut col, c);
            continue;
        }
        if c == '\\' && b.get(i + 1) == Some(&'*') {
            while i < b.len() && b[i] != '\n' {
                { let ch = b[i]; adv(&mut i, &mut line, &mut col, ch); }
            }
            continue;
        }
        if c == '(' && b.get(i + 1) == Some(&'*') {
            let (l0, c0) = (line, col);
            let mut depth = 0;
            loop {
                if i >= b.len() {
                    return Err(format!("{file}:{l0}:{c0}: unterminated comment"));
                }
                if b[i] == '(' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    adv(&mut i, &mut line, &mut col, '(');
                    adv(&mut i, &mut line, &mut col, '*');
                    continue;
                }
                if b[i] == '*' && b.get(i + 1) == Some(&')') {
                    depth -= 1;
                    adv(&mut i, &mut line, &mut col, '*');
                    adv(&mut i, &mut line, &mut col, ')');
                    if depth == 0 {
                        break;
                    }
                    continue;
                }
                { let ch = b[i]; adv(&mut i, &mut line, &mut col, ch); }
            }
            continue;
        }
        let (l0, c0) = (line, col);
        if c.is_alphanumeric() || c == '_' {
            let mut s = String::new();
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                s.push(b[i]);
                { let ch = b[i]; adv(&mut i, &mut line, &mut col, ch); }
            }
            let kind = if s.chars().all(|c| c.is_ascii_digit()) { b'n' } else { b'w' };
            out.push(Tok { text: s, kind, line: l0, col: c0 });
            continue;
        }
        if c == '"' {
            let mut s = String::new();
            adv(&mut i, &mut line, &mut col, c);
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' && i + 1 < b.len() {
                    adv(&mut i, &mut line, &mut col, '\\');
                }
                s.push(b[i]);
                { let ch = b[i]; adv(&mut i, &mut line, &mut col, ch); }
            }
            if i >= b.len() {
                return Err(format!("{file}:{l0}:{c0}: unterminated string"));
            }
            adv(&mut i, &mut line, &mut col, '"');
            out.push(Tok { text: s, kind: b's', line: l0, col: c0 });
            continue;
        }
        if c == '<' && b.get(i + 1) == Some(&'-') {
            adv(&mut i, &mut line, &mut col, c);
            adv(&mut i, &mut line, &mut col, '-');
            out.push(Tok { text: "<-".into(), kind: b'p', line: l0, col: c0 });
            continue;
        }
        if "={},[]-".contains(c) {
            adv(&mut i, &mut line, &mut col, c);
            out.push(Tok { text: c.to_string(), kind: b'p', line: l0, col: c0 });
            continue;
        }
        return Err(format!("{file}:{l0}:{c0}: unexpected character `{}` in the configuration", c.escape_debug()));
    }
    Ok(out)
}

const KEYWORDS: &[&str] = &[
    "CONSTANT", "CONSTANTS", "INIT", "NEXT", "SPECIFICATION", "INVARIANT", "INVARIANTS", "PROPERTY", "PROPERTIES",
    "CONSTRAINT", "CONSTRAINTS", "ACTION_CONSTRAINT", "ACTION_CONSTRAINTS", "SYMMETRY", "VIEW", "CHECK_DEADLOCK",
    "ALIAS", "POSTCONDITION",
];

pub fn parse(src: &str, file: &str) -> Result<Cfg, String> {
    // Errors found at the end of the input carry no token: give them the end position.
    parse_tokens(src, file).map_err(|e| match e.strip_prefix(&format!("{file}: ")) {
        Some(rest) => {
            let line = src.split('\n').count();
            let col = src.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("{file}:{line}:{col}: {rest}")
        }
        None => e,
    })
}

fn parse_tokens(src: &str, file: &str) -> Result<Cfg, String> {
    let toks = lex(src, file)?;
    let mut cfg = Cfg::default();
    let mut i = 0;
    let at = |t: &Tok| format!("{file}:{}:{}", t.line, t.col);
    let is_kw = |t: &Tok| t.kind == b'w' && KEYWORDS.contains(&t.text.as_str());
    while i < toks.len() {
        let t = &toks[i];
        if t.kind != b'w' || !is_kw(t) {
            return Err(format!("{}: unknown configuration keyword `{}`", at(t), shown(&t.text)));
        }
        let kw = t.text.clone();
        i += 1;
        // the names/entries up to the next keyword (exactly one name for single-name keywords)
        let start = i;
        let single = matches!(kw.as_str(), "INIT" | "NEXT" | "SPECIFICATION" | "SYMMETRY" | "VIEW" | "ALIAS" | "POSTCONDITION" | "CHECK_DEADLOCK");
        while i < toks.len() && !is_kw(&toks[i]) {
            if single && i > start {
                return Err(format!("{}: unknown configuration keyword `{}`", at(&toks[i]), shown(&toks[i].text)));
            }
            i += 1;
        }
        let body = &toks[start..i];
        let names = || -> Result<Vec<String>, String> {
            body.iter()
                .map(|t| if t.kind == b'w' { Ok(t.text.clone()) } else { Err(format!("{}: expected a name after {kw}, found `{}`", at(t), shown(&t.text))) })
                .collect()
        };
        let one = |what: &str| -> Result<String, String> {
            let n = names()?;
            if n.len() != 1 {
                return Err(format!("{}: {what} takes exactly one name", at(t)));
            }
            Ok(n[0].clone())
        };
        match kw.as_str() {
            "CONSTANT" | "CONSTANTS" => parse_constants(body, &mut cfg, file)?,
            "INIT" => cfg.init = Some(one("INIT")?),
            "NEXT" => cfg.next = Some(one("NEXT")?),
            "SPECIFICATION" => cfg.specification = Some(one("SPECIFICATION")?),
            "INVARIANT" | "INVARIANTS" => cfg.invariants.extend(names()?),
            "PROPERTY" | "PROPERTIES" => cfg.properties.extend(names()?),
            "CONSTRAINT" | "CONSTRAINTS" => cfg.constraints.extend(names()?),
            "ACTION_CONSTRAINT" | "ACTION_CONSTRAINTS" => cfg.action_constraints.extend(names()?),
            "SYMMETRY" => cfg.symmetry = Some(one("SYMMETRY")?),
            "VIEW" => cfg.view = Some(one("VIEW")?),
            "ALIAS" => cfg.alias = Some(one("ALIAS")?),
            "POSTCONDITION" => cfg.postcondition = Some(one("POSTCONDITION")?),
            "CHECK_DEADLOCK" => {
                let v = one("CHECK_DEADLOCK")?;
                cfg.check_deadlock = Some(match v.as_str() {
                    "TRUE" => true,
                    "FALSE" => false,
                    _ => return Err(format!("{}: CHECK_DEADLOCK takes TRUE or FALSE", at(t))),
                });
            }
            _ => unreachable!(),
        }
    }
    Ok(cfg)
}

fn parse_constants(body: &[Tok], cfg: &mut Cfg, file: &str) -> Result<(), String> {
    let mut i = 0;
    let at = |t: &Tok| format!("{file}:{}:{}", t.line, t.col);
    while i < body.len() {
        let name = &body[i];
        if name.kind != b'w' {
            return Err(format!("{}: expected a constant name, found `{}`", at(name), shown(&name.text)));
        }
        i += 1;
        // operator constants may be written with their parameters: `F(a, b) <- G`? TLC writes `F <- G`.
        let Some(op) = body.get(i) else { return Err(format!("{}: `=` or `<-` expected after {}", at(name), shown(&name.text))) };
        i += 1;
        match op.text.as_str() {
            "=" => {
                // `C = [M] v`: the constant of module M (TLC's syntax); the module is not needed here
                if body.get(i).map(|t| t.text.as_str()) == Some("[") && body.get(i + 2).map(|t| t.text.as_str()) == Some("]") {
                    i += 3;
                }
                let (v, n) = parse_value(&body[i..], file)?;
                i += n;
                cfg.constants.push(ConstantAssign::Value(name.text.clone(), v));
            }
            "<-" => {
                // optional `[Module]`
                if body.get(i).map(|t| t.text.as_str()) == Some("[") {
                    i += 3;
                }
                let Some(rhs) = body.get(i) else { return Err(format!("{}: operator name expected after `<-`", at(op))) };
                if rhs.kind != b'w' {
                    return Err(format!("{}: operator name expected after `<-`, found `{}`", at(rhs), shown(&rhs.text)));
                }
                i += 1;
                cfg.constants.push(ConstantAssign::Subst(name.text.clone(), rhs.text.clone()));
            }
            _ => return Err(format!("{}: `=` or `<-` expected after {}, found `{}`", at(op), shown(&name.text), shown(&op.text))),
        }
    }
    Ok(())
}

/// Deepest set nesting a value may have (TLC's own reader recurses too; ours refuses instead
/// of overflowing the stack).
pub const MAX_VALUE_NESTING: usize = 1000;

fn parse_value(t: &[Tok], file: &str) -> Result<(CfgValue, usize), String> {
    parse_value_at(t, file, 0)
}

fn parse_value_at(t: &[Tok], file: &str, depth: usize) -> Result<(CfgValue, usize), String> {
    let Some(first) = t.first() else { return Err(format!("{file}: a value is missing at the end of the configuration")) };
    let at = |t: &Tok| format!("{file}:{}:{}", t.line, t.col);
    match (first.kind, first.text.as_str()) {
        (b'n', s) => Ok((CfgValue::Int(s.parse().map_err(|_| format!("{}: number too large", at(first)))?), 1)),
        (b'p', "-") => match t.get(1) {
            Some(n) if n.kind == b'n' => Ok((CfgValue::Int(-n.text.parse::<i64>().map_err(|_| format!("{}: number too large", at(n)))?), 2)),
            _ => Err(format!("{}: a number is expected after `-`", at(first))),
        },
        (b's', s) => Ok((CfgValue::Str(s.to_string()), 1)),
        (b'w', "TRUE") => Ok((CfgValue::Bool(true), 1)),
        (b'w', "FALSE") => Ok((CfgValue::Bool(false), 1)),
        (b'w', s) => Ok((CfgValue::Ident(s.to_string()), 1)),
        (b'p', "{") => {
            if depth >= MAX_VALUE_NESTING {
                return Err(format!("{}: set values nested too deep (more than {MAX_VALUE_NESTING} levels)", at(first)));
            }
            let mut items = Vec::new();
            let mut i = 1;
            if t.get(i).map(|x| x.text.as_str()) == Some("}") {
                return Ok((CfgValue::Set(items), 2));
            }
            loop {
                let (v, n) = parse_value_at(&t[i..], file, depth + 1)?;
                items.push(v);
                i += n;
                match t.get(i).map(|x| x.text.as_str()) {
                    Some(",") => i += 1,
                    Some("}") => return Ok((CfgValue::Set(items), i + 1)),
                    _ => return Err(format!("{}: `,` or `}}` expected in a set value", at(t.get(i).unwrap_or(first)))),
                }
            }
        }
        _ => Err(format!("{}: a value was expected, found `{}`", at(first), shown(&first.text))),
    }
}

/// A token as quoted in a one-line error message: control characters (a newline inside a
/// malformed token, a NUL) are escaped so the message stays one line.
fn shown(text: &str) -> String {
    text.chars().flat_map(|c| if c.is_control() { c.escape_debug().collect::<Vec<_>>() } else { vec![c] }).collect()
}
