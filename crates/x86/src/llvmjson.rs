//! CryptOpt's LLVM-style JSON IR (the format of `bitcoin-core/field.json`): one object per
//! function, whose `body` lists LLVM instructions (`load`, `getelementptr`, `zext`, `trunc`,
//! `mul`, `add`, `sub`, `and`, `or`, `xor`, `shl`, `lshr`, `ashr`, `store`) with their operands
//! as LLVM text (`"i128 x16, x13"`). The reader turns one function into the same flattened
//! [`Function`] the Fiat reader produces, so lowering, code generation, search and the checker
//! are shared.
//!
//! The format carries no bounds: the caller gives an upper bound per input limb
//! ([`Bounds`], the CLI's `--limb-bits`). Semantics: every operation wraps modulo 2^width (the
//! `nuw`/`nsw` flags only make overflow poison in LLVM, so proving equivalence to the wrapping
//! reading refines it). `ashr` is read as `lshr` only when interval analysis from the bounds
//! shows its operand's sign bit is 0 on every input; otherwise the function is refused.
//! Output bounds are the interval analysis's upper bounds of the stored values.

use crate::ir::{Arg, ArrayParam, Function, IrError, Op, Stmt};
use serde_json::Value;
use std::collections::HashMap;

/// Upper bounds of the input limbs: one list for every argument array, or one list per array.
#[derive(Clone, Debug)]
pub enum Bounds {
    Same(Vec<u128>),
    PerArg(Vec<Vec<u128>>),
}

impl Bounds {
    /// `56,56,56,56,52` (limb i < 2^b_i, the same for every argument) or `64,64;56,56` (one
    /// list per argument, separated by `;`).
    pub fn parse_bits(s: &str) -> Result<Bounds, String> {
        let list = |p: &str| -> Result<Vec<u128>, String> {
            p.split(',')
                .map(|b| {
                    let b = b.trim();
                    match b.parse::<u32>() {
                        Ok(n) if (1..=64).contains(&n) => Ok(if n == 64 { u64::MAX as u128 } else { (1u128 << n) - 1 }),
                        _ => Err(format!("{b:?} is not a bit count from 1 to 64")),
                    }
                })
                .collect()
        };
        let parts: Vec<&str> = s.split(';').collect();
        if parts.len() == 1 {
            Ok(Bounds::Same(list(parts[0])?))
        } else {
            Ok(Bounds::PerArg(parts.iter().map(|p| list(p)).collect::<Result<_, _>>()?))
        }
    }

    fn for_arg(&self, k: usize) -> Option<&Vec<u128>> {
        match self {
            Bounds::Same(v) => Some(v),
            Bounds::PerArg(v) => v.get(k),
        }
    }
}

/// True when `v` (a parsed JSON file) is in this format rather than Fiat's: a function object
/// (or array of them) whose `arguments` is a list of strings.
pub fn detect(v: &Value) -> bool {
    let first = match v {
        Value::Array(a) => a.first(),
        o => Some(o),
    };
    first.and_then(|f| f.get("arguments")).and_then(Value::as_array).is_some_and(|a| !a.is_empty() && a.iter().all(Value::is_string))
}

/// Names of the functions in a file of this format.
pub fn function_names(v: &Value) -> Vec<String> {
    let fns: Vec<&Value> = match v {
        Value::Array(a) => a.iter().collect(),
        o => vec![o],
    };
    fns.iter().map(|f| f.get("operation").and_then(Value::as_str).unwrap_or("").to_string()).collect()
}

fn err<T>(pos: impl Into<String>, msg: impl Into<String>) -> Result<T, IrError> {
    Err(IrError { pos: pos.into(), msg: msg.into() })
}

/// A value in the reader: a pointer (argument array or output, plus a limb offset) or a scalar.
#[derive(Clone, Copy, Debug)]
enum Val {
    /// `Some(k)` = input array k, `None` = the output array.
    Ptr(Option<usize>, i64),
    Scalar(Arg, u32),
}

fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn int_width(t: &str) -> Option<u32> {
    let w: u32 = t.strip_prefix('i')?.parse().ok()?;
    (1..=128).contains(&w).then_some(w)
}

/// Parses function `which` (by name; `None` = the only one) of the file text `v`.
pub fn parse_value(v: &Value, which: Option<&str>, bounds: Option<&Bounds>) -> Result<Function, IrError> {
    let (fv, prefix) = match v {
        Value::Array(a) => {
            let names = function_names(v);
            let i = match which {
                Some(n) => names.iter().position(|x| x == n).ok_or(IrError {
                    pos: "top".into(),
                    msg: format!("no function {n:?} in this file (it has {})", names.join(", ")),
                })?,
                None if a.len() == 1 => 0,
                None => return err("top", format!("{} functions in this file ({}); choose one with --function", a.len(), names.join(", "))),
            };
            (&a[i], format!("[{i}]."))
        }
        o => {
            if let Some(n) = which {
                if o.get("operation").and_then(Value::as_str) != Some(n) {
                    return err("top", format!("no function {n:?} in this file"));
                }
            }
            (o, String::new())
        }
    };
    let Some(bounds) = bounds else {
        return err("top", "this LLVM-style IR carries no input bounds; give them with --limb-bits (e.g. 56,56,56,56,52)");
    };
    Reader::new(prefix).function(fv, bounds)
}

struct Reader {
    prefix: String,
    names: HashMap<String, Val>,
    stmts: Vec<Stmt>,
    var_width: Vec<u32>,
    /// upper bound of every variable (interval analysis, for `ashr` and the output bounds)
    ub: Vec<u128>,
    arg_names: Vec<String>,
    out_name: String,
    /// limbs loaded per argument
    loaded: Vec<usize>,
    stores: Vec<Option<Arg>>,
    /// bounds in force while reading (inputs' ub is looked up here)
    in_ub: Vec<Vec<u128>>,
}

impl Reader {
    fn new(prefix: String) -> Reader {
        Reader {
            prefix,
            names: HashMap::new(),
            stmts: vec![],
            var_width: vec![],
            ub: vec![],
            arg_names: vec![],
            out_name: String::new(),
            loaded: vec![],
            stores: vec![],
            in_ub: vec![],
        }
    }

    fn at(&self, p: &str) -> String {
        format!("{}{p}", self.prefix)
    }

    fn function(mut self, v: &Value, bounds: &Bounds) -> Result<Function, IrError> {
        let name = v.get("operation").and_then(Value::as_str).ok_or(IrError { pos: self.at("operation"), msg: "missing function name (\"operation\")".into() })?;
        let is_identifier = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !is_identifier {
            return err(self.at("operation"), format!("function name {name:?} is not a C identifier"));
        }
        // ", ptr nocapture noundef readonly x1, ptr noalias nocapture noundef readonly x2"
        let args = v.get("arguments").and_then(Value::as_array).ok_or(IrError { pos: self.at("arguments"), msg: "missing \"arguments\" list".into() })?;
        for (i, a) in args.iter().enumerate() {
            let s = a.as_str().unwrap_or("");
            for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let toks: Vec<&str> = part.split_whitespace().collect();
                if toks.first() != Some(&"ptr") || toks.len() < 2 {
                    return err(self.at(&format!("arguments[{i}]")), format!("unsupported parameter {part:?} (only `ptr` arrays of i64 are supported)"));
                }
                self.arg_names.push(toks[toks.len() - 1].to_string());
            }
        }
        if self.arg_names.is_empty() {
            return err(self.at("arguments"), "no input arrays");
        }
        let rets = v.get("returns").and_then(Value::as_array).ok_or(IrError { pos: self.at("returns"), msg: "missing \"returns\" list".into() })?;
        if rets.len() != 1 || rets[0].get("datatype").and_then(Value::as_str) != Some("i64*") {
            return err(self.at("returns"), "expected exactly one returned array of datatype \"i64*\"");
        }
        self.out_name = rets[0].get("name").and_then(Value::as_str).unwrap_or("").to_string();
        for (k, n) in self.arg_names.clone().iter().enumerate() {
            if *n == self.out_name || self.names.contains_key(n) {
                return err(self.at("arguments"), format!("parameter name {n:?} is used twice"));
            }
            self.names.insert(n.clone(), Val::Ptr(Some(k), 0));
        }
        self.names.insert(self.out_name.clone(), Val::Ptr(None, 0));
        self.loaded = vec![0; self.arg_names.len()];
        self.in_ub = (0..self.arg_names.len())
            .map(|k| bounds.for_arg(k).cloned().ok_or(IrError { pos: "--limb-bits".into(), msg: format!("no bounds for input array {} (give one list per array)", k + 1) }))
            .collect::<Result<_, _>>()?;
        if let Bounds::PerArg(b) = bounds {
            if b.len() != self.arg_names.len() {
                return err("--limb-bits", format!("{} bound lists for {} input arrays", b.len(), self.arg_names.len()));
            }
        }
        let body = v.get("body").and_then(Value::as_array).ok_or(IrError { pos: self.at("body"), msg: "missing \"body\" list".into() })?;
        for (i, e) in body.iter().enumerate() {
            let pos = self.at(&format!("body[{i}]"));
            self.statement(e, &pos)?;
        }
        let mut args = vec![];
        for (k, n) in self.arg_names.iter().enumerate() {
            let len = self.loaded[k];
            if len == 0 {
                return err(self.at("arguments"), format!("input array {n} is never read"));
            }
            let ub = &self.in_ub[k];
            if ub.len() != len {
                return err("--limb-bits", format!("{} limb bounds given, but input array {n} has {len} limbs", ub.len()));
            }
            args.push(ArrayParam { name: format!("arg{}", k + 1), len, lbound: vec![0; len], ubound: ub.clone() });
        }
        if self.stores.is_empty() {
            return err(self.at("body"), "the function stores no output limb");
        }
        let mut outputs = vec![];
        for (i, s) in self.stores.iter().enumerate() {
            outputs.push(s.ok_or(IrError { pos: self.at("body"), msg: format!("output limb {i} is never stored") })?);
        }
        let ubound: Vec<u128> = outputs.iter().map(|&o| self.arg_ub(o).min(u64::MAX as u128)).collect();
        let ret = ArrayParam { name: "out1".into(), len: outputs.len(), lbound: vec![0; outputs.len()], ubound };
        Ok(Function { name: name.to_string(), args, ret, stmts: self.stmts, var_width: self.var_width, outputs })
    }

    fn arg_ub(&self, a: Arg) -> u128 {
        match a {
            Arg::Var(v) => self.ub[v],
            Arg::Const(c) => c,
            Arg::Input(k, i) => self.in_ub[k].get(i).copied().unwrap_or(u64::MAX as u128),
        }
    }

    fn push(&mut self, op: Op, width: u32, args: Vec<Arg>, ub: u128) -> Arg {
        self.var_width.push(width);
        self.ub.push(ub.min(mask(width)));
        let v = self.var_width.len() - 1;
        self.stmts.push(Stmt { op, width, args, outs: vec![Some(v)] });
        Arg::Var(v)
    }

    /// `x12`, a decimal constant (possibly negative: two's complement in `width`), `true`/`false`.
    fn operand(&self, tok: &str, width: u32, pos: &str) -> Result<Val, IrError> {
        if let Some(v) = self.names.get(tok) {
            return Ok(*v);
        }
        let c = if let Some(n) = tok.strip_prefix('-') {
            n.parse::<u128>().ok().map(|n| n.wrapping_neg() & mask(width))
        } else {
            match tok {
                "true" => Some(1),
                "false" => Some(0),
                t => t.parse::<u128>().ok(),
            }
        };
        match c {
            Some(c) if c <= mask(width) => Ok(Val::Scalar(Arg::Const(c), width)),
            Some(_) => err(pos, format!("constant {tok} does not fit i{width}")),
            None => err(pos, format!("unknown name {tok:?}")),
        }
    }

    fn scalar(&self, v: Val, width: u32, pos: &str) -> Result<Arg, IrError> {
        match v {
            Val::Scalar(a, w) if w == width => Ok(a),
            Val::Scalar(_, w) => err(pos, format!("operand of type i{w} where i{width} is expected")),
            Val::Ptr(..) => err(pos, "a pointer used as a number"),
        }
    }

    fn statement(&mut self, e: &Value, pos: &str) -> Result<(), IrError> {
        let op = e.get("operation").and_then(Value::as_str).ok_or(IrError { pos: pos.into(), msg: "missing \"operation\"".into() })?;
        let text = e.get("arguments").and_then(Value::as_str).ok_or(IrError { pos: pos.into(), msg: "missing \"arguments\" text".into() })?;
        let names: Vec<&str> = e.get("name").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let result = match op {
            "store" => {
                // "i64* x97, i64 x96": pointer, then value (either order is accepted)
                let (mut ptr, mut val) = (None, None);
                for p in &parts {
                    let toks: Vec<&str> = p.split_whitespace().collect();
                    match toks.as_slice() {
                        [t, x] if t.ends_with('*') || *t == "ptr" => ptr = Some(self.operand(x, 64, pos)?),
                        ["i64", x] => val = Some(self.operand(x, 64, pos)?),
                        [t, _] if t.starts_with('i') => return err(pos, format!("store of type {t} (only i64 limbs are supported)")),
                        _ => {}
                    }
                }
                let (Some(ptr), Some(val)) = (ptr, val) else { return err(pos, format!("cannot read store operands {text:?}")) };
                let val = self.scalar(val, 64, pos)?;
                match ptr {
                    Val::Ptr(None, off) if (0..64).contains(&off) => {
                        let i = off as usize;
                        if self.stores.len() <= i {
                            self.stores.resize(i + 1, None);
                        }
                        if self.stores[i].is_some() {
                            return err(pos, format!("output limb {i} is stored twice"));
                        }
                        self.stores[i] = Some(val);
                        return Ok(());
                    }
                    _ => return err(pos, "store to something other than an output limb"),
                }
            }
            "getelementptr" => {
                // "i64, ptr x1, i64 3"
                let toks: Vec<Vec<&str>> = parts.iter().map(|p| p.split_whitespace().collect()).collect();
                match toks.as_slice() {
                    [t, p, i] if t.as_slice() == ["i64"] && p.len() == 2 && p[0] == "ptr" && i.len() == 2 && i[0] == "i64" => {
                        let base = self.names.get(p[1]).copied().ok_or(IrError { pos: pos.into(), msg: format!("unknown pointer {:?}", p[1]) })?;
                        let idx: i64 = i[1].parse().map_err(|_| IrError { pos: pos.into(), msg: format!("index {:?} is not a constant", i[1]) })?;
                        match base {
                            Val::Ptr(k, off) => Val::Ptr(k, off + idx),
                            _ => return err(pos, "getelementptr on a number"),
                        }
                    }
                    _ => return err(pos, format!("unsupported getelementptr {text:?} (only i64 elements at constant indices)")),
                }
            }
            "load" => {
                // "i64, ptr x5, align 8, !tbaa !5"
                let toks: Vec<Vec<&str>> = parts.iter().map(|p| p.split_whitespace().collect()).collect();
                match toks.as_slice() {
                    [t, p, ..] if t.as_slice() == ["i64"] && p.len() == 2 && p[0] == "ptr" => {
                        match self.names.get(p[1]).copied() {
                            Some(Val::Ptr(Some(k), off)) if (0..64).contains(&off) => {
                                let i = off as usize;
                                self.loaded[k] = self.loaded[k].max(i + 1);
                                Val::Scalar(Arg::Input(k, i), 64)
                            }
                            Some(Val::Ptr(None, _)) => return err(pos, "a load from the output array is not supported"),
                            _ => return err(pos, format!("load from {:?}, which is not an input limb", p[1])),
                        }
                    }
                    _ => return err(pos, format!("unsupported load {text:?} (only i64 limbs)")),
                }
            }
            "zext" | "trunc" => {
                // "i64 x4 to i128"
                let toks: Vec<&str> = text.split_whitespace().collect();
                let [from, x, "to", to] = toks.as_slice() else { return err(pos, format!("cannot read {op} operands {text:?}")) };
                let (Some(wf), Some(wt)) = (int_width(from), int_width(to)) else { return err(pos, format!("unsupported types in {text:?}")) };
                if (op == "zext" && wt < wf) || (op == "trunc" && wt > wf) {
                    return err(pos, format!("{op} from i{wf} to i{wt}"));
                }
                let x = self.operand(x, wf, pos)?;
                let x = self.scalar(x, wf, pos)?;
                let ub = self.arg_ub(x);
                Val::Scalar(self.push(Op::Cast, wt, vec![x], ub), wt)
            }
            "add" | "sub" | "mul" | "and" | "or" | "xor" | "shl" | "lshr" | "ashr" => {
                // "i128 x16, x13"
                let (ty, rest) = text.split_once(' ').ok_or(IrError { pos: pos.into(), msg: format!("cannot read operands {text:?}") })?;
                let w = int_width(ty).ok_or(IrError { pos: pos.into(), msg: format!("unsupported type {ty:?}") })?;
                let ops: Vec<&str> = rest.split(',').map(str::trim).collect();
                let [x, y] = ops.as_slice() else { return err(pos, format!("{op} takes 2 operands: {text:?}")) };
                let (x, y) = (self.operand(x, w, pos)?, self.operand(y, w, pos)?);
                let (x, y) = (self.scalar(x, w, pos)?, self.scalar(y, w, pos)?);
                let (ux, uy) = (self.arg_ub(x), self.arg_ub(y));
                let m = mask(w);
                let shift = |pos: &str| match y {
                    Arg::Const(k) if k < w as u128 => Ok(k as u32),
                    _ => err(pos, format!("{op} by a non-constant or out-of-range amount")),
                };
                let (o, ub) = match op {
                    "add" => (Op::Add, ux.checked_add(uy).filter(|&s| s <= m).unwrap_or(m)),
                    "sub" => (Op::Sub, m),
                    "mul" => (Op::Mul, ux.checked_mul(uy).filter(|&s| s <= m).unwrap_or(m)),
                    "and" => (Op::And, ux.min(uy)),
                    "or" | "xor" => {
                        let hi = ux.max(uy);
                        (if op == "or" { Op::Or } else { return err(pos, "xor is not supported") }, if hi == 0 { 0 } else { mask(128 - hi.leading_zeros()) })
                    }
                    "shl" => {
                        let k = shift(pos)?;
                        (Op::Shl, if ux.leading_zeros() >= k + (128 - w) { ux << k } else { m })
                    }
                    _ => {
                        let k = shift(pos)?;
                        if op == "ashr" && ux >> (w - 1) != 0 {
                            return err(pos, format!("ashr of a value that may be negative under the input bounds (up to 0x{ux:x} in i{w}); only non-negative operands are supported"));
                        }
                        (Op::Shr, ux >> k)
                    }
                };
                let y = match (o, y) {
                    (Op::Shl | Op::Shr, Arg::Const(k)) => Arg::Const(k),
                    _ => y,
                };
                Val::Scalar(self.push(o, w, vec![x, y], ub), w)
            }
            other => return err(pos, format!("unsupported operation {other:?}")),
        };
        match names.as_slice() {
            [n] if *n != "_" => {
                if self.names.contains_key(*n) {
                    return err(pos, format!("{n} is defined twice"));
                }
                self.names.insert(n.to_string(), result);
                Ok(())
            }
            _ => err(pos, "expected one result name"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Our own fixture in the bitcoin-core format: a 2x26-bit limb product with a 26-bit carry,
    /// including `ashr`, `trunc`, `shl`, `or`.
    const SMALL: &str = include_str!("../../../examples/crypto/llvm_mul2x26.json");

    fn parse(text: &str, which: Option<&str>, bits: &str) -> Result<Function, IrError> {
        let v: Value = serde_json::from_str(text).unwrap();
        parse_value(&v, which, Some(&Bounds::parse_bits(bits).unwrap()))
    }

    #[test]
    fn reads_the_fixture_and_evaluates_like_integers() {
        let f = parse(SMALL, None, "26,26").unwrap();
        assert_eq!(f.args.len(), 2);
        assert_eq!(f.limbs(), 3);
        let mut rng = rand::thread_rng();
        for _ in 0..2000 {
            let ins = f.random_inputs(&mut rng);
            let a = ins[0][0] as u128 + ((ins[0][1] as u128) << 26);
            let b = ins[1][0] as u128 + ((ins[1][1] as u128) << 26);
            let p = a * b;
            let out = f.eval(&ins);
            let got = out[0] as u128 + ((out[1] as u128) << 26) + ((out[2] as u128) << 52);
            assert_eq!(got, p, "{ins:?} -> {out:?}");
            assert!(out[0] < 1 << 26 && out[1] < 1 << 26);
            for (o, ub) in out.iter().zip(&f.ret.ubound) {
                assert!((*o as u128) <= *ub);
            }
        }
    }

    #[test]
    fn missing_or_wrong_bounds_are_refused() {
        let v: Value = serde_json::from_str(SMALL).unwrap();
        assert!(parse_value(&v, None, None).unwrap_err().msg.contains("--limb-bits"));
        let e = parse(SMALL, None, "26,26,26").unwrap_err();
        assert!(e.msg.contains("3 limb bounds given, but input array x1 has 2 limbs"), "{e}");
        assert!(Bounds::parse_bits("65").is_err());
        assert!(Bounds::parse_bits("a,3").is_err());
    }

    #[test]
    fn ashr_of_a_possibly_negative_value_is_refused() {
        // with 64-bit limbs the 128-bit sums of products can reach the sign bit
        let e = parse(SMALL, None, "64,64").unwrap_err();
        assert!(e.msg.contains("ashr of a value that may be negative"), "{e}");
        assert_eq!(e.pos, "[0].body[12]", "{e}");
    }

    #[test]
    fn function_selection_and_unsupported_operations() {
        let two = format!("[{}, {}]", SMALL.trim().trim_start_matches('[').trim_end_matches(']'), SMALL.trim().trim_start_matches('[').trim_end_matches(']').replace("small_mul2x26", "other"));
        let e = parse(&two, None, "26,26").unwrap_err();
        assert!(e.msg.contains("choose one with --function"), "{e}");
        assert_eq!(parse(&two, Some("other"), "26,26").unwrap().name, "other");
        assert!(parse(&two, Some("nope"), "26,26").unwrap_err().msg.contains("no function \"nope\""));
        let bad = SMALL.replacen("\"operation\": \"mul\"", "\"operation\": \"udiv\"", 1);
        let e = parse(&bad, None, "26,26").unwrap_err();
        assert!(e.msg.contains("unsupported operation \"udiv\""), "{e}");
        let v: Value = serde_json::from_str(SMALL).unwrap();
        assert!(detect(&v));
        let fiat: Value = serde_json::from_str(include_str!("../../../examples/crypto/mul2.json")).unwrap();
        assert!(!detect(&fiat));
    }
}
