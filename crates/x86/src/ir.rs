//! Fiat-Crypto JSON IR (see `json/FORMAT.md` in the shared corpus): reader, flattened
//! straight-line program with bounds, and a reference evaluator on `u128` values.
//!
//! Nested expressions are flattened into temporaries, so every statement is one operation
//! on variables or constants. All widths are at most 128 bits, which `u128` holds exactly.

use serde_json::Value;
use std::collections::HashMap;
use std::fmt;

/// Where a statement argument comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    Var(usize),
    Const(u128),
    /// `arg<k>[i]`: input array `k` (0-based), limb `i`.
    Input(usize, usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Cast,
    Add,
    Sub,
    Mul,
    Shr,
    Shl,
    And,
    Or,
    Not,
    LNot,
    /// outs = [lo, hi], args = [a, b], parameter size.
    Mulx(u32),
    /// outs = [sum, carry], args = [carry_in, a, b].
    AddCarry(u32),
    /// outs = [diff, borrow], args = [borrow_in, a, b].
    SubBorrow(u32),
    /// out = args[0] == 0 ? args[1] : args[2].
    Cmovznz,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub op: Op,
    /// Width in bits of the (first) result.
    pub width: u32,
    pub args: Vec<Arg>,
    /// Variables defined (unused outputs `_` are `None`).
    pub outs: Vec<Option<usize>>,
}

#[derive(Clone, Debug)]
pub struct ArrayParam {
    pub name: String,
    pub len: usize,
    pub lbound: Vec<u128>,
    pub ubound: Vec<u128>,
}

/// A flattened Fiat function: `args` arrays in, `out` array written by `outputs`.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub args: Vec<ArrayParam>,
    pub ret: ArrayParam,
    pub stmts: Vec<Stmt>,
    pub var_width: Vec<u32>,
    /// For each output limb, the argument that is stored in it.
    pub outputs: Vec<Arg>,
}

/// A one-line problem with a JSON input; `pos` is a byte offset or line:col when known.
#[derive(Debug, Clone)]
pub struct IrError {
    pub pos: String,
    pub msg: String,
}

impl fmt::Display for IrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.msg)
    }
}

fn err<T>(pos: impl Into<String>, msg: impl Into<String>) -> Result<T, IrError> {
    Err(IrError { pos: pos.into(), msg: msg.into() })
}

fn parse_number(s: &str) -> Option<u128> {
    let s = s.trim();
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u128::from_str_radix(h, 16).ok()
    } else {
        s.parse().ok()
    }
}

fn parse_width(dt: &str) -> Option<(u32, Option<usize>)> {
    let rest = dt.strip_prefix('u').or_else(|| dt.strip_prefix('i'))?;
    if let Some((w, n)) = rest.split_once('[') {
        let n = n.strip_suffix(']')?.parse().ok()?;
        Some((w.parse().ok()?, Some(n)))
    } else {
        Some((rest.parse().ok()?, None))
    }
}

/// How to read an IR file: which function of several, and input bounds for formats without them.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// Function name (`--function`); `None` = the file's only function.
    pub function: Option<String>,
    /// Input limb bounds (`--limb-bits`), required by CryptOpt's LLVM-style IR (bitcoin-core),
    /// refused for Fiat's IR, which carries its own.
    pub bounds: Option<crate::llvmjson::Bounds>,
}

/// Reads either format: Fiat's JSON IR or CryptOpt's LLVM-style JSON IR (`llvmjson`).
pub fn parse_with(text: &str, o: &ParseOptions) -> Result<Function, IrError> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| IrError { pos: format!("{}:{}", e.line(), e.column()), msg: format!("malformed JSON: {e}") })?;
    if crate::llvmjson::detect(&v) {
        return crate::llvmjson::parse_value(&v, o.function.as_deref(), o.bounds.as_ref());
    }
    if o.bounds.is_some() {
        return err("--limb-bits", "this is Fiat's IR, which carries its own bounds; --limb-bits is for CryptOpt's LLVM-style IR");
    }
    let v = match (v, &o.function) {
        (Value::Array(a), Some(n)) => {
            let names: Vec<&str> = a.iter().map(|f| f.get("operation").and_then(Value::as_str).unwrap_or("")).collect();
            let i = names.iter().position(|x| x == n).ok_or(IrError { pos: "top".into(), msg: format!("no function {n:?} in this file (it has {})", names.join(", ")) })?;
            a[i].clone()
        }
        (v, Some(n)) if v.get("operation").and_then(Value::as_str) != Some(n.as_str()) => return err("top", format!("no function {n:?} in this file")),
        (v, _) => v,
    };
    parse_value(v)
}

/// Parses the text of a Fiat JSON function (either an object or a one-element array).
pub fn parse(text: &str) -> Result<Function, IrError> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| IrError { pos: format!("{}:{}", e.line(), e.column()), msg: format!("malformed JSON: {e}") })?;
    parse_value(v)
}

fn parse_value(v: Value) -> Result<Function, IrError> {
    let v = match v {
        Value::Array(mut a) if a.len() == 1 => a.remove(0),
        Value::Array(_) => return err("top", "expected one function object, found an array of several"),
        v => v,
    };
    Builder::default().function(&v)
}

#[derive(Default)]
struct Builder {
    names: HashMap<String, Arg>,
    var_width: Vec<u32>,
    stmts: Vec<Stmt>,
    inputs: Vec<String>,
    /// declared limb count of each input array (references past it are input errors)
    input_lens: Vec<usize>,
    out_name: String,
    outputs: Vec<Option<Arg>>,
}

impl Builder {
    fn function(mut self, v: &Value) -> Result<Function, IrError> {
        let name = v.get("operation").and_then(Value::as_str).ok_or(IrError {
            pos: "top".into(),
            msg: "missing function name (\"operation\")".into(),
        })?;
        // The name becomes a symbol in the emitted assembly and in the C harnesses.
        let is_identifier = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !is_identifier {
            return err("top", format!("function name (\"operation\") {name:?} is not a C identifier"));
        }
        let args = v.get("arguments").and_then(Value::as_array).ok_or(IrError {
            pos: "top".into(),
            msg: "missing \"arguments\" array".into(),
        })?;
        let args: Vec<ArrayParam> =
            args.iter().enumerate().map(|(i, a)| array_param(a, &format!("arguments[{i}]"))).collect::<Result<_, _>>()?;
        let rets = v.get("returns").and_then(Value::as_array).ok_or(IrError {
            pos: "top".into(),
            msg: "missing \"returns\" array".into(),
        })?;
        if rets.len() != 1 {
            return err("returns", format!("expected exactly one returned array, found {}", rets.len()));
        }
        let ret = array_param(&rets[0], "returns[0]")?;
        self.inputs = args.iter().map(|a| a.name.clone()).collect();
        self.input_lens = args.iter().map(|a| a.len).collect();
        self.out_name = ret.name.clone();
        self.outputs = vec![None; ret.len];
        let body = v.get("body").and_then(Value::as_array).ok_or(IrError {
            pos: "top".into(),
            msg: "missing \"body\" array".into(),
        })?;
        for (i, e) in body.iter().enumerate() {
            self.statement(e, &format!("body[{i}]"))?;
        }
        let outputs = self
            .outputs
            .iter()
            .enumerate()
            .map(|(i, o)| o.ok_or(IrError { pos: "body".into(), msg: format!("output {}[{i}] is never assigned", ret.name) }))
            .collect::<Result<_, _>>()?;
        Ok(Function { name: name.to_string(), args, ret, stmts: self.stmts, var_width: self.var_width, outputs })
    }

    fn new_var(&mut self, width: u32) -> usize {
        self.var_width.push(width);
        self.var_width.len() - 1
    }

    fn statement(&mut self, e: &Value, pos: &str) -> Result<(), IrError> {
        let names: Vec<String> = e
            .get("name")
            .and_then(Value::as_array)
            .ok_or(IrError { pos: pos.into(), msg: "missing \"name\" list".into() })?
            .iter()
            .map(|n| n.as_str().map(str::to_string).ok_or(IrError { pos: pos.into(), msg: "name is not a string".into() }))
            .collect::<Result<_, _>>()?;
        // A top-level statement writing an output limb: evaluate, then record.
        if names.len() == 1 && names[0].starts_with(&format!("{}[", self.out_name)) {
            let limb = limb_index(&names[0]).ok_or(IrError { pos: pos.into(), msg: format!("bad output name {}", names[0]) })?;
            if limb >= self.outputs.len() {
                return err(pos, format!("output limb {} out of range", names[0]));
            }
            let a = self.expr_value(e, pos)?;
            self.outputs[limb] = Some(a);
            return Ok(());
        }
        let outs = self.expr(e, pos)?;
        if outs.len() != names.len() {
            return err(pos, format!("operation yields {} results but names {} variables", outs.len(), names.len()));
        }
        for (n, a) in names.iter().zip(outs) {
            if n == "_" {
                continue;
            }
            if !n.starts_with('x') {
                return err(pos, format!("unsupported variable name {n:?} (references and dereferences are not supported)"));
            }
            // Bind the name to the argument directly: no copy statements.
            self.names.insert(n.clone(), match a {
                Some(a) => a,
                None => return err(pos, "internal: missing result"),
            });
        }
        Ok(())
    }

    /// Evaluates an expression that must produce one value.
    fn expr_value(&mut self, e: &Value, pos: &str) -> Result<Arg, IrError> {
        let outs = self.expr(e, pos)?;
        match outs.as_slice() {
            [Some(a)] => Ok(*a),
            _ => err(pos, "expected a single-valued expression"),
        }
    }

    fn operand(&mut self, a: &Value, pos: &str) -> Result<Arg, IrError> {
        match a {
            Value::String(s) => self.name_or_number(s, pos),
            Value::Number(n) => n.as_u64().map(|n| Arg::Const(n as u128)).ok_or(IrError { pos: pos.into(), msg: format!("bad number {n}") }),
            Value::Object(_) => self.expr_value(a, pos),
            _ => err(pos, "argument is neither a name, a number nor an expression"),
        }
    }

    fn name_or_number(&self, s: &str, pos: &str) -> Result<Arg, IrError> {
        if let Some(n) = parse_number(s) {
            return Ok(Arg::Const(n));
        }
        if let Some(a) = self.names.get(s) {
            return Ok(*a);
        }
        if let Some((arr, _)) = s.split_once('[') {
            if let Some(k) = self.inputs.iter().position(|n| n == arr) {
                let i = limb_index(s).ok_or(IrError { pos: pos.into(), msg: format!("bad array reference {s}") })?;
                if i >= self.input_lens[k] {
                    return err(pos, format!("{s} is past the end of {arr} ({} limbs)", self.input_lens[k]));
                }
                return Ok(Arg::Input(k, i));
            }
        }
        err(pos, format!("unknown name {s:?}"))
    }

    /// Flattens one expression; returns its results (several for mulx/addcarryx/subborrowx).
    fn expr(&mut self, e: &Value, pos: &str) -> Result<Vec<Option<Arg>>, IrError> {
        let opname = e.get("operation").and_then(Value::as_str).ok_or(IrError { pos: pos.into(), msg: "missing \"operation\"".into() })?;
        let dt = e.get("datatype").and_then(Value::as_str).unwrap_or("(auto)");
        let raw_args = e.get("arguments").and_then(Value::as_array).ok_or(IrError { pos: pos.into(), msg: "missing \"arguments\"".into() })?;
        let mut args = Vec::new();
        for (i, a) in raw_args.iter().enumerate() {
            args.push(self.operand(a, &format!("{pos}.arguments[{i}]"))?);
        }
        let size = e.get("parameters").and_then(|p| p.get("size")).and_then(|s| s.as_u64().or_else(|| s.as_str().and_then(|s| s.parse().ok())));
        let width = match parse_width(dt) {
            Some((w, None)) if (1..=128).contains(&w) => Some(w),
            Some(_) => return err(pos, format!("unsupported datatype {dt:?}")),
            None if dt == "(auto)" => None,
            None => return err(pos, format!("unsupported datatype {dt:?}")),
        };
        let (op, arity, nouts) = match opname {
            "static_cast" | "=" => (Op::Cast, 1, 1),
            "+" => (Op::Add, 2, 1),
            "-" => (Op::Sub, 2, 1),
            "*" => (Op::Mul, 2, 1),
            ">>" => (Op::Shr, 2, 1),
            "<<" => (Op::Shl, 2, 1),
            "&" => (Op::And, 2, 1),
            "|" => (Op::Or, 2, 1),
            "~" => (Op::Not, 1, 1),
            "!" => (Op::LNot, 1, 1),
            "mulx" => (Op::Mulx(size_param(size, pos)?), 2, 2),
            "addcarryx" => (Op::AddCarry(size_param(size, pos)?), 3, 2),
            "subborrowx" => (Op::SubBorrow(size_param(size, pos)?), 3, 2),
            "cmovznz" => (Op::Cmovznz, 3, 1),
            other => return err(pos, format!("unsupported operation {other:?}")),
        };
        if args.len() != arity {
            return err(pos, format!("operation {opname} takes {arity} arguments, found {}", args.len()));
        }
        let width = match (op, width) {
            (Op::Mulx(s) | Op::AddCarry(s) | Op::SubBorrow(s), _) => s,
            (_, Some(w)) => w,
            (Op::Cmovznz, None) => 64,
            (_, None) => return err(pos, format!("operation {opname} needs a concrete datatype, found (auto)")),
        };
        // Casts of inputs and variables are kept as statements only when they narrow.
        let outs: Vec<usize> = (0..nouts).map(|i| self.new_var(if i == 1 && !matches!(op, Op::Mulx(_)) { 1 } else { width })).collect();
        self.stmts.push(Stmt { op, width, args, outs: outs.iter().map(|&o| Some(o)).collect() });
        Ok(outs.into_iter().map(|o| Some(Arg::Var(o))).collect())
    }
}

fn size_param(size: Option<u64>, pos: &str) -> Result<u32, IrError> {
    match size {
        Some(s) if (1..=64).contains(&s) => Ok(s as u32),
        Some(s) => err(pos, format!("unsupported size parameter {s}")),
        None => err(pos, "missing \"size\" parameter"),
    }
}

fn limb_index(s: &str) -> Option<usize> {
    let (_, rest) = s.split_once('[')?;
    rest.strip_suffix(']')?.parse().ok()
}

fn bound_list(v: Option<&Value>, len: usize, what: &str, pos: &str) -> Result<Vec<u128>, IrError> {
    let arr = match v {
        Some(Value::Array(a)) => a,
        Some(Value::Null) | None => return err(pos, format!("missing bounds ({what} is null or absent)")),
        Some(_) => return err(pos, format!("{what} is not a list")),
    };
    if arr.len() != len {
        return err(pos, format!("{what} has {} entries, expected {len}", arr.len()));
    }
    arr.iter()
        .enumerate()
        .map(|(i, b)| match b {
            Value::String(s) => parse_number(s).ok_or(IrError { pos: pos.into(), msg: format!("{what}[{i}] is not a number: {s:?}") }),
            Value::Null => err(pos, format!("missing bounds ({what}[{i}] is null)")),
            _ => err(pos, format!("{what}[{i}] is not a string")),
        })
        .collect()
}

fn array_param(v: &Value, pos: &str) -> Result<ArrayParam, IrError> {
    let name = v.get("name").and_then(Value::as_str).ok_or(IrError { pos: pos.into(), msg: "missing \"name\"".into() })?;
    let dt = v.get("datatype").and_then(Value::as_str).ok_or(IrError { pos: pos.into(), msg: "missing \"datatype\"".into() })?;
    let len = match parse_width(dt) {
        Some((64, Some(n))) if n > 0 => n,
        _ => return err(pos, format!("unsupported parameter datatype {dt:?} (only u64[n] arrays are supported)")),
    };
    let lbound = bound_list(v.get("lbound"), len, "lbound", pos)?;
    let ubound = bound_list(v.get("ubound"), len, "ubound", pos)?;
    for i in 0..len {
        let at = format!("{pos}.ubound[{i}]");
        if ubound[i] > u64::MAX as u128 {
            return err(at, format!("ubound[{i}] = 0x{:x} does not fit the u64 datatype", ubound[i]));
        }
        if lbound[i] > ubound[i] {
            return err(at, format!("empty range: lbound[{i}] = 0x{:x} exceeds ubound[{i}] = 0x{:x}", lbound[i], ubound[i]));
        }
    }
    Ok(ArrayParam { name: name.to_string(), len, lbound, ubound })
}

/// One step of a JSON path: an object member or an array element.
#[derive(Debug, PartialEq, Eq)]
enum Seg {
    Key(String),
    Index(usize),
}

/// `arguments[0].ubound[1]` -> [Key arguments, Index 0, Key ubound, Index 1]; `top` -> [].
fn path_segments(path: &str) -> Option<Vec<Seg>> {
    let mut segs = vec![];
    if path == "top" {
        return Some(segs);
    }
    for part in path.split('.') {
        let (key, mut rest) = part.split_once('[').map(|(k, r)| (k, Some(r))).unwrap_or((part, None));
        if !key.is_empty() {
            segs.push(Seg::Key(key.to_string()));
        }
        while let Some(r) = rest {
            let (n, after) = r.split_once(']')?;
            segs.push(Seg::Index(n.parse().ok()?));
            rest = after.strip_prefix('[');
        }
    }
    Some(segs)
}

/// A scanner over text serde_json already accepted (so it is well-formed JSON).
struct Scan<'t> {
    b: &'t [u8],
    i: usize,
}

impl Scan<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn string(&mut self) -> Option<String> {
        let start = self.i;
        self.i += 1;
        while self.i < self.b.len() {
            match self.b[self.i] {
                b'\\' => self.i += 2,
                b'"' => {
                    self.i += 1;
                    return serde_json::from_slice(&self.b[start..self.i]).ok();
                }
                _ => self.i += 1,
            }
        }
        None
    }
    fn skip_value(&mut self) -> Option<()> {
        self.ws();
        match *self.b.get(self.i)? {
            b'"' => self.string().map(|_| ()),
            b'{' | b'[' => {
                let mut depth = 0usize;
                while self.i < self.b.len() {
                    match self.b[self.i] {
                        b'"' => {
                            self.string()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.i += 1;
                                return Some(());
                            }
                        }
                        _ => {}
                    }
                    self.i += 1;
                }
                None
            }
            _ => {
                while self.i < self.b.len() && !matches!(self.b[self.i], b',' | b'}' | b']') && !self.b[self.i].is_ascii_whitespace() {
                    self.i += 1;
                }
                Some(())
            }
        }
    }
    /// Moves to the start of the value `seg` names inside the value at the cursor.
    fn enter(&mut self, seg: &Seg) -> Option<()> {
        self.ws();
        let (open, close) = match seg {
            Seg::Key(_) => (b'{', b'}'),
            Seg::Index(_) => (b'[', b']'),
        };
        if *self.b.get(self.i)? != open {
            return None;
        }
        self.i += 1;
        let mut n = 0;
        loop {
            self.ws();
            if *self.b.get(self.i)? == close {
                return None;
            }
            let hit = match seg {
                Seg::Key(k) => {
                    let name = self.string()?;
                    self.ws();
                    self.i += 1; // ':'
                    name == *k
                }
                Seg::Index(k) => n == *k,
            };
            self.ws();
            if hit {
                return Some(());
            }
            self.skip_value()?;
            self.ws();
            if self.b.get(self.i) == Some(&b',') {
                self.i += 1;
            }
            n += 1;
        }
    }
}

/// The `line:col` (1-based, columns in characters) where the value at a JSON path of an
/// [`IrError`] (`arguments[0].ubound[1]`, `body[3]`, `top`) starts in `text`; `None` when the
/// path cannot be followed (then the caller keeps the path itself as the position).
pub fn locate(text: &str, path: &str) -> Option<(usize, usize)> {
    // a leading `body[3].arguments[1]`-style path; anything after a space is not a path
    let segs = path_segments(path)?;
    let mut sc = Scan { b: text.as_bytes(), i: 0 };
    sc.ws();
    // a one-element top-level array holds the function, unless the path names the element
    if sc.b.get(sc.i) == Some(&b'[') && !path.starts_with('[') {
        sc.enter(&Seg::Index(0))?;
    }
    for seg in &segs {
        sc.enter(seg)?;
    }
    sc.ws();
    let before = &text[..sc.i.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    Some((line, col))
}

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

impl Function {
    pub fn limbs(&self) -> usize {
        self.ret.len
    }

    /// Reference semantics: evaluates the function on concrete inputs (`inputs[k][i]`).
    pub fn eval(&self, inputs: &[Vec<u64>]) -> Vec<u64> {
        let mut vals = vec![0u128; self.var_width.len()];
        let get = |vals: &Vec<u128>, a: Arg| match a {
            Arg::Var(v) => vals[v],
            Arg::Const(c) => c,
            Arg::Input(k, i) => inputs[k][i] as u128,
        };
        for s in &self.stmts {
            let a: Vec<u128> = s.args.iter().map(|&x| get(&vals, x)).collect();
            let m = mask(s.width);
            let results: [u128; 2] = match s.op {
                Op::Cast => [a[0] & m, 0],
                Op::Add => [a[0].wrapping_add(a[1]) & m, 0],
                Op::Sub => [a[0].wrapping_sub(a[1]) & m, 0],
                Op::Mul => [a[0].wrapping_mul(a[1]) & m, 0],
                Op::Shr => [if a[1] >= 128 { 0 } else { (a[0] >> a[1]) & m }, 0],
                Op::Shl => [if a[1] >= 128 { 0 } else { (a[0] << a[1]) & m }, 0],
                Op::And => [a[0] & a[1] & m, 0],
                Op::Or => [(a[0] | a[1]) & m, 0],
                Op::Not => [!a[0] & m, 0],
                Op::LNot => [(a[0] == 0) as u128, 0],
                Op::Mulx(w) => {
                    let p = (a[0] & mask(w)) * (a[1] & mask(w));
                    [p & mask(w), p >> w]
                }
                Op::AddCarry(w) => {
                    let t = (a[0] & 1) + (a[1] & mask(w)) + (a[2] & mask(w));
                    [t & mask(w), t >> w]
                }
                Op::SubBorrow(w) => {
                    let t = (a[1] & mask(w)) as i128 - (a[2] & mask(w)) as i128 - (a[0] & 1) as i128;
                    [(t as u128) & mask(w), (t < 0) as u128]
                }
                Op::Cmovznz => [if a[0] == 0 { a[1] & m } else { a[2] & m }, 0],
            };
            for (o, r) in s.outs.iter().zip(results) {
                if let Some(o) = o {
                    vals[*o] = r;
                }
            }
        }
        self.outputs.iter().map(|&o| get(&vals, o) as u64).collect()
    }

    /// A uniformly random input within the argument bounds.
    pub fn random_inputs(&self, rng: &mut impl rand::Rng) -> Vec<Vec<u64>> {
        self.args
            .iter()
            .map(|p| (0..p.len).map(|i| rng.gen_range(p.lbound[i] as u64..=p.ubound[i] as u64)).collect())
            .collect()
    }

    /// True when both argument arrays may be the same buffer shape as the output (aliasing is defined).
    pub fn is_square(&self) -> bool {
        self.args.len() == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-written 2-limb schoolbook multiply mod 2^128 (low half), our own fixture.
    pub const TWO_LIMB: &str = include_str!("../../../examples/crypto/mul2.json");

    #[test]
    fn evaluates_hand_written_two_limb_product() {
        let f = parse(TWO_LIMB).unwrap();
        let mut rng = rand::thread_rng();
        for _ in 0..1000 {
            let ins = f.random_inputs(&mut rng);
            let a = ins[0][0] as u128 | (ins[0][1] as u128) << 64;
            let b = ins[1][0] as u128 | (ins[1][1] as u128) << 64;
            let p = a.wrapping_mul(b);
            assert_eq!(f.eval(&ins), vec![p as u64, (p >> 64) as u64]);
        }
    }

    #[test]
    fn malformed_json_is_reported_with_line_and_column() {
        let e = parse("{\n \"operation\": \"f\",\n \"arguments\": [ }").unwrap_err();
        assert!(e.pos.starts_with("3:"), "{e}");
        assert!(e.msg.contains("malformed JSON"));
    }

    #[test]
    fn unsupported_operation_is_rejected() {
        let t = TWO_LIMB.replace("\"mulx\"", "\"divmod\"");
        let e = parse(&t).unwrap_err();
        assert!(e.msg.contains("unsupported operation \"divmod\""), "{e}");
    }

    #[test]
    fn empty_or_oversized_bound_ranges_are_rejected_at_the_bound() {
        let mut v: Value = serde_json::from_str(TWO_LIMB).unwrap();
        v["arguments"][1]["lbound"][1] = serde_json::json!("0x10");
        v["arguments"][1]["ubound"][1] = serde_json::json!("0xf");
        let text = serde_json::to_string_pretty(&v).unwrap();
        let e = parse(&text).unwrap_err();
        assert_eq!(e.pos, "arguments[1].ubound[1]");
        assert!(e.msg.contains("lbound[1] = 0x10 exceeds ubound[1] = 0xf"), "{e}");
        let (line, col) = locate(&text, &e.pos).unwrap();
        let at: String = text.lines().nth(line - 1).unwrap().chars().skip(col - 1).collect();
        assert!(at.starts_with("\"0xf\""), "{line}:{col} points at {at:?}");
        v["arguments"][1]["lbound"][1] = serde_json::json!("0x0");
        v["arguments"][1]["ubound"][1] = serde_json::json!("0x10000000000000000");
        let e = parse(&v.to_string()).unwrap_err();
        assert!(e.msg.contains("does not fit the u64 datatype"), "{e}");
    }

    #[test]
    fn locate_follows_paths_through_nested_values_and_strings() {
        let text = "[{\"a\": \"x]}\\\"\", \"body\": [1, {\"q\": [2]},\n   {\"arguments\": [\"y\",  7]}]}]";
        assert_eq!(locate(text, "body[2].arguments[1]"), Some((2, 25)));
        assert_eq!(locate(text, "body[1]"), Some((1, 29)));
        assert_eq!(locate(text, "top"), Some((1, 2)));
        assert_eq!(locate(text, "body[5]"), None);
        assert_eq!(locate(text, "nope"), None);
    }

    #[test]
    fn missing_bounds_are_rejected() {
        let v: Value = serde_json::from_str(TWO_LIMB).unwrap();
        let mut v = v;
        v["arguments"][0]["ubound"] = Value::Null;
        let e = parse(&v.to_string()).unwrap_err();
        assert!(e.msg.contains("missing bounds"), "{e}");
        v["arguments"][0]["ubound"] = serde_json::json!(["0xffffffffffffffff", null]);
        let e = parse(&v.to_string()).unwrap_err();
        assert!(e.msg.contains("missing bounds"), "{e}");
    }
}
