//! Kernel C-macro text (`.bpf`): `BPF_MOV64_IMM(BPF_REG_0, 1),` one macro per line, in the
//! style of samples/bpf/bpf_insn.h. Arguments are constant expressions over numbers and the
//! kernel's `BPF_*` names joined with `|`, `+`, `-`.

use super::{parse_int, ParseError};
use crate::isa::*;

/// Parses a whole `.bpf` file. Blank lines, `//` and `/* */` single-line comments are skipped.
pub fn parse(file: &str, text: &str) -> Result<Vec<Insn>, ParseError> {
    let mut out = Vec::new();
    for (ln, raw) in text.lines().enumerate() {
        let line = strip_comments(raw);
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let col = raw.len() - raw.trim_start().len() + 1;
        parse_macro(file, ln + 1, col, t.trim_end_matches(',').trim_end(), &mut out)?;
    }
    if out.is_empty() {
        return Err(ParseError::text(file, 1, 1, "empty program"));
    }
    Ok(out)
}

fn strip_comments(s: &str) -> String {
    let mut s = s.split("//").next().unwrap().to_string();
    while let Some(a) = s.find("/*") {
        match s[a..].find("*/") {
            Some(b) => s.replace_range(a..a + b + 2, ""),
            None => s.truncate(a),
        }
    }
    s
}

fn symbol(name: &str) -> Option<i64> {
    if let Some(r) = name.strip_prefix("BPF_REG_") {
        return r.parse::<i64>().ok().filter(|&r| r <= 10);
    }
    if let Some(f) = name.strip_prefix("BPF_FUNC_") {
        return helper_id(f).map(|v| v as i64);
    }
    let v = match name {
        "BPF_LD" => BPF_LD, "BPF_LDX" => BPF_LDX, "BPF_ST" => BPF_ST, "BPF_STX" => BPF_STX, "BPF_ALU" => BPF_ALU,
        "BPF_JMP" => BPF_JMP, "BPF_JMP32" => BPF_JMP32, "BPF_ALU64" => BPF_ALU64,
        "BPF_W" => BPF_W, "BPF_H" => BPF_H, "BPF_B" => BPF_B, "BPF_DW" => BPF_DW,
        "BPF_IMM" => BPF_IMM, "BPF_ABS" => BPF_ABS, "BPF_IND" => BPF_IND, "BPF_MEM" => BPF_MEM,
        "BPF_MEMSX" => BPF_MEMSX, "BPF_ATOMIC" => BPF_ATOMIC, "BPF_XADD" => BPF_ATOMIC,
        "BPF_K" => BPF_K, "BPF_X" => BPF_X,
        "BPF_ADD" => BPF_ADD, "BPF_SUB" => BPF_SUB, "BPF_MUL" => BPF_MUL, "BPF_DIV" => BPF_DIV, "BPF_OR" => BPF_OR,
        "BPF_AND" => BPF_AND, "BPF_LSH" => BPF_LSH, "BPF_RSH" => BPF_RSH, "BPF_NEG" => BPF_NEG, "BPF_MOD" => BPF_MOD,
        "BPF_XOR" => BPF_XOR, "BPF_MOV" => BPF_MOV, "BPF_ARSH" => BPF_ARSH, "BPF_END" => BPF_END,
        "BPF_TO_LE" => BPF_TO_LE, "BPF_TO_BE" => BPF_TO_BE, "BPF_FROM_LE" => BPF_TO_LE, "BPF_FROM_BE" => BPF_TO_BE,
        "BPF_JA" => BPF_JA, "BPF_JEQ" => BPF_JEQ, "BPF_JGT" => BPF_JGT, "BPF_JGE" => BPF_JGE, "BPF_JSET" => BPF_JSET,
        "BPF_JNE" => BPF_JNE, "BPF_JSGT" => BPF_JSGT, "BPF_JSGE" => BPF_JSGE, "BPF_CALL" => BPF_CALL,
        "BPF_EXIT" => BPF_EXIT, "BPF_JLT" => BPF_JLT, "BPF_JLE" => BPF_JLE, "BPF_JSLT" => BPF_JSLT, "BPF_JSLE" => BPF_JSLE,
        "BPF_PSEUDO_MAP_FD" => BPF_PSEUDO_MAP_FD, "BPF_PSEUDO_MAP_VALUE" => BPF_PSEUDO_MAP_VALUE,
        "BPF_PSEUDO_CALL" => BPF_PSEUDO_CALL,
        "BPF_FETCH" => BPF_FETCH as u8, "BPF_XCHG" => BPF_XCHG as u8, "BPF_CMPXCHG" => BPF_CMPXCHG as u8,
        _ => return None,
    };
    Some(v as i64)
}

/// Evaluates `a | b + c - d` left to right (the kernel macros only combine flags and offsets).
fn eval(expr: &str) -> Result<i64, String> {
    let e = expr.trim();
    let e = e.strip_prefix('(').and_then(|x| x.strip_suffix(')')).filter(|x| !x.contains(['(', ')'])).unwrap_or(e);
    let mut total: i64 = 0;
    let mut op = '+';
    let mut term = String::new();
    let flush = |term: &mut String, op: char, total: &mut i64| -> Result<(), String> {
        let t = term.trim();
        if t.is_empty() {
            return if op == '-' { Ok(()) } else { Err(format!("empty term in '{expr}'")) };
        }
        let v = parse_int(t).or_else(|| symbol(t)).ok_or_else(|| format!("unknown name or number '{t}'"))?;
        *total = match op {
            '|' => *total | v,
            '-' => total.wrapping_sub(v),
            _ => total.wrapping_add(v),
        };
        term.clear();
        Ok(())
    };
    let mut first = true;
    for c in e.chars() {
        if matches!(c, '|' | '+' | '-') && !(first && c == '-') && !term.trim().is_empty() {
            flush(&mut term, op, &mut total)?;
            op = c;
        } else if c == '-' && term.trim().is_empty() {
            // unary minus: fold into sign of the next term
            op = if op == '-' { '+' } else { '-' };
            first = false;
            continue;
        } else {
            term.push(c);
        }
        first = false;
    }
    flush(&mut term, op, &mut total)?;
    Ok(total)
}

fn parse_macro(file: &str, line: usize, col: usize, text: &str, out: &mut Vec<Insn>) -> Result<(), ParseError> {
    let err = |m: String| ParseError::text(file, line, col, m);
    let open = text.find('(').ok_or_else(|| err(format!("expected a BPF_* macro call, found '{text}'")))?;
    if !text.ends_with(')') {
        return Err(err("missing ')'".into()));
    }
    let name = text[..open].trim();
    let inner = &text[open + 1..text.len() - 1];
    let args: Vec<&str> = if inner.trim().is_empty() { vec![] } else { inner.split(',').collect() };
    let n_args = |n: usize| -> Result<(), ParseError> {
        if args.len() != n {
            return Err(err(format!("{name} takes {n} arguments, found {}", args.len())));
        }
        Ok(())
    };
    let a = |k: usize| eval(args[k]).map_err(|m| err(format!("{name} argument {}: {m}", k + 1)));
    let reg = |k: usize| -> Result<u8, ParseError> {
        let v = a(k)?;
        if !(0..=10).contains(&v) {
            return Err(err(format!("{name} argument {}: invalid register {v}", k + 1)));
        }
        Ok(v as u8)
    };
    let i32a = |k: usize| -> Result<i32, ParseError> {
        let v = a(k)?;
        if v < i32::MIN as i64 || v > u32::MAX as i64 {
            return Err(err(format!("{name} argument {}: immediate {v} out of 32-bit range", k + 1)));
        }
        Ok(v as i32)
    };
    let i16a = |k: usize| -> Result<i16, ParseError> {
        let v = a(k)?;
        i16::try_from(v).map_err(|_| err(format!("{name} argument {}: offset {v} out of 16-bit range", k + 1)))
    };
    let u8a = |k: usize| -> Result<u8, ParseError> {
        let v = a(k)?;
        u8::try_from(v).map_err(|_| err(format!("{name} argument {}: {v} is not an opcode field", k + 1)))
    };
    let insn = match name {
        "BPF_ALU64_IMM" => { n_args(3)?; Insn::alu64_imm(u8a(0)?, reg(1)?, i32a(2)?) }
        "BPF_ALU64_REG" => { n_args(3)?; Insn::alu64_reg(u8a(0)?, reg(1)?, reg(2)?) }
        "BPF_ALU32_IMM" => { n_args(3)?; Insn::alu32_imm(u8a(0)?, reg(1)?, i32a(2)?) }
        "BPF_ALU32_REG" => { n_args(3)?; Insn::alu32_reg(u8a(0)?, reg(1)?, reg(2)?) }
        "BPF_MOV64_IMM" => { n_args(2)?; Insn::mov64_imm(reg(0)?, i32a(1)?) }
        "BPF_MOV64_REG" => { n_args(2)?; Insn::mov64_reg(reg(0)?, reg(1)?) }
        "BPF_MOV32_IMM" => { n_args(2)?; Insn::alu32_imm(BPF_MOV, reg(0)?, i32a(1)?) }
        "BPF_MOV32_REG" => { n_args(2)?; Insn::alu32_reg(BPF_MOV, reg(0)?, reg(1)?) }
        "BPF_ENDIAN" => { n_args(3)?; Insn::new(BPF_ALU | BPF_END | u8a(0)?, reg(1)?, 0, 0, i32a(2)?) }
        "BPF_BSWAP" => { n_args(2)?; Insn::new(BPF_ALU64 | BPF_END, reg(0)?, 0, 0, i32a(1)?) }
        "BPF_LD_IMM64" => { n_args(2)?; out.extend(Insn::lddw(reg(0)?, 0, a(1)? as u64)); return Ok(()) }
        "BPF_LD_IMM64_RAW" => { n_args(3)?; out.extend(Insn::lddw(reg(0)?, u8a(1)?, a(2)? as u64)); return Ok(()) }
        "BPF_LD_MAP_FD" => { n_args(2)?; out.extend(Insn::ld_map_fd(reg(0)?, i32a(1)?)); return Ok(()) }
        "BPF_LD_MAP_VALUE" => {
            n_args(3)?;
            let v = ((a(2)? as u64) << 32) | i32a(1)? as u32 as u64;
            out.extend(Insn::lddw(reg(0)?, BPF_PSEUDO_MAP_VALUE, v));
            return Ok(());
        }
        "BPF_LDX_MEM" => { n_args(4)?; Insn::ldx(u8a(0)?, reg(1)?, reg(2)?, i16a(3)?) }
        "BPF_LDX_MEMSX" => { n_args(4)?; Insn::new(BPF_LDX | BPF_MEMSX | u8a(0)?, reg(1)?, reg(2)?, i16a(3)?, 0) }
        "BPF_STX_MEM" => { n_args(4)?; Insn::stx(u8a(0)?, reg(1)?, reg(2)?, i16a(3)?) }
        "BPF_ST_MEM" => { n_args(4)?; Insn::st(u8a(0)?, reg(1)?, i16a(2)?, i32a(3)?) }
        "BPF_STX_XADD" => { n_args(4)?; Insn::new(BPF_STX | BPF_ATOMIC | u8a(0)?, reg(1)?, reg(2)?, i16a(3)?, 0) }
        "BPF_ATOMIC_OP" => { n_args(5)?; Insn::new(BPF_STX | BPF_ATOMIC | u8a(0)?, reg(2)?, reg(3)?, i16a(4)?, i32a(1)?) }
        "BPF_LD_ABS" => { n_args(2)?; Insn::new(BPF_LD | BPF_ABS | u8a(0)?, 0, 0, 0, i32a(1)?) }
        "BPF_LD_IND" => { n_args(3)?; Insn::new(BPF_LD | BPF_IND | u8a(0)?, 0, reg(1)?, 0, i32a(2)?) }
        "BPF_JMP_IMM" => { n_args(4)?; Insn::jmp_imm(u8a(0)?, reg(1)?, i32a(2)?, i16a(3)?) }
        "BPF_JMP_REG" => { n_args(4)?; Insn::jmp_reg(u8a(0)?, reg(1)?, reg(2)?, i16a(3)?) }
        "BPF_JMP32_IMM" => { n_args(4)?; Insn::new(BPF_JMP32 | u8a(0)? | BPF_K, reg(1)?, 0, i16a(3)?, i32a(2)?) }
        "BPF_JMP32_REG" => { n_args(4)?; Insn::new(BPF_JMP32 | u8a(0)? | BPF_X, reg(1)?, reg(2)?, i16a(3)?, 0) }
        "BPF_JMP_A" => { n_args(1)?; Insn::ja(i16a(0)?) }
        "BPF_EMIT_CALL" => { n_args(1)?; Insn::call(i32a(0)?) }
        "BPF_CALL_REL" => { n_args(1)?; Insn::new(CALL, 0, BPF_PSEUDO_CALL, 0, i32a(0)?) }
        "BPF_EXIT_INSN" => { n_args(0)?; Insn::exit() }
        "BPF_RAW_INSN" => { n_args(5)?; Insn::new(u8a(0)?, reg(1)?, reg(2)?, i16a(3)?, i32a(4)?) }
        _ => return Err(err(format!("unknown macro '{name}'"))),
    };
    out.push(insn);
    Ok(())
}

fn reg_name(r: u8) -> String {
    format!("BPF_REG_{r}")
}

fn size_name(s: u8) -> &'static str {
    match s {
        BPF_B => "BPF_B",
        BPF_H => "BPF_H",
        BPF_W => "BPF_W",
        _ => "BPF_DW",
    }
}

fn alu_name(op: u8) -> &'static str {
    match op {
        BPF_ADD => "BPF_ADD", BPF_SUB => "BPF_SUB", BPF_MUL => "BPF_MUL", BPF_DIV => "BPF_DIV", BPF_OR => "BPF_OR",
        BPF_AND => "BPF_AND", BPF_LSH => "BPF_LSH", BPF_RSH => "BPF_RSH", BPF_NEG => "BPF_NEG", BPF_MOD => "BPF_MOD",
        BPF_XOR => "BPF_XOR", BPF_MOV => "BPF_MOV", _ => "BPF_ARSH",
    }
}

fn jmp_name(op: u8) -> &'static str {
    match op {
        BPF_JEQ => "BPF_JEQ", BPF_JGT => "BPF_JGT", BPF_JGE => "BPF_JGE", BPF_JSET => "BPF_JSET", BPF_JNE => "BPF_JNE",
        BPF_JSGT => "BPF_JSGT", BPF_JSGE => "BPF_JSGE", BPF_JLT => "BPF_JLT", BPF_JLE => "BPF_JLE", BPF_JSLT => "BPF_JSLT",
        _ => "BPF_JSLE",
    }
}

/// Renders slots as C macros, one per line; anything without a dedicated macro becomes
/// `BPF_RAW_INSN`, so every slot sequence round-trips.
pub fn write(insns: &[Insn]) -> String {
    let mut s = String::new();
    let mut pc = 0;
    while pc < insns.len() {
        let i = insns[pc];
        let text = match kind_of(&i, false) {
            Ok(Kind::Lddw { pseudo }) if pc + 1 < insns.len() => {
                let hi = insns[pc + 1].imm as u32 as u64;
                let v = (hi << 32) | i.imm as u32 as u64;
                pc += 1;
                match pseudo {
                    BPF_PSEUDO_MAP_FD if hi == 0 => format!("BPF_LD_MAP_FD({}, {})", reg_name(i.dst), i.imm),
                    0 => format!("BPF_LD_IMM64({}, {:#x})", reg_name(i.dst), v),
                    p => format!("BPF_LD_IMM64_RAW({}, {p}, {:#x})", reg_name(i.dst), v),
                }
            }
            Ok(k) => macro_of(&i, k),
            Err(_) => raw(&i),
        };
        s.push_str(&text);
        s.push_str(",\n");
        pc += 1;
    }
    s
}

fn raw(i: &Insn) -> String {
    format!("BPF_RAW_INSN({:#04x}, {}, {}, {}, {})", i.code, i.dst, i.src, i.off, i.imm)
}

fn macro_of(i: &Insn, k: Kind) -> String {
    let (d, s) = (reg_name(i.dst), reg_name(i.src));
    match k {
        Kind::Alu { is64, op, src_reg } if i.off == 0 && op != BPF_NEG => {
            let w = if is64 { "64" } else { "32" };
            match (op, src_reg) {
                (BPF_MOV, false) => format!("BPF_MOV{w}_IMM({d}, {})", i.imm),
                (BPF_MOV, true) => format!("BPF_MOV{w}_REG({d}, {s})"),
                (_, false) => format!("BPF_ALU{w}_IMM({}, {d}, {})", alu_name(op), i.imm),
                (_, true) => format!("BPF_ALU{w}_REG({}, {d}, {s})", alu_name(op)),
            }
        }
        Kind::End { bswap: false, to_be, bits } => {
            format!("BPF_ENDIAN({}, {d}, {bits})", if to_be { "BPF_TO_BE" } else { "BPF_TO_LE" })
        }
        Kind::Ldx { size, sign_ext: false } => format!("BPF_LDX_MEM({}, {d}, {s}, {})", size_name(size), i.off),
        Kind::Stx { size } => format!("BPF_STX_MEM({}, {d}, {s}, {})", size_name(size), i.off),
        Kind::St { size } => format!("BPF_ST_MEM({}, {d}, {}, {})", size_name(size), i.off, i.imm),
        Kind::Atomic { size, op: 0 } => format!("BPF_STX_XADD({}, {d}, {s}, {})", size_name(size), i.off),
        Kind::LdAbs { size } => format!("BPF_LD_ABS({}, {})", size_name(size), i.imm),
        Kind::LdInd { size } => format!("BPF_LD_IND({}, {s}, {})", size_name(size), i.imm),
        Kind::Ja if i.class() == BPF_JMP => format!("BPF_JMP_A({})", i.off),
        Kind::Jcond { is64, op, src_reg } => {
            let w = if is64 { "" } else { "32" };
            if src_reg {
                format!("BPF_JMP{w}_REG({}, {d}, {s}, {})", jmp_name(op), i.off)
            } else {
                format!("BPF_JMP{w}_IMM({}, {d}, {}, {})", jmp_name(op), i.imm, i.off)
            }
        }
        Kind::CallHelper(id) if (id as usize) < HELPER_NAMES.len() => {
            format!("BPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_{})", helper_name(id))
        }
        Kind::Exit => "BPF_EXIT_INSN()".into(),
        _ => raw(i),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn artifact_style_lines_parse() {
        let text = "BPF_LDX_MEM(BPF_H, BPF_REG_0, BPF_REG_1, 0),\nBPF_LD_MAP_FD(BPF_REG_1, 4),\n\
                    BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, -4),\nBPF_RAW_INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem),\nBPF_EXIT_INSN(),\n";
        let p = parse("a.bpf", text).unwrap();
        assert_eq!(p[0], Insn::ldx(BPF_H, 0, 1, 0));
        assert_eq!(&p[1..3], &Insn::ld_map_fd(1, 4));
        assert_eq!(p[3], Insn::alu64_imm(BPF_ADD, 2, -4));
        assert_eq!(p[4], Insn::call(1));
        assert_eq!(write(&p), text);
    }

    #[test]
    fn bad_macro_is_one_line_error() {
        let e = parse("a.bpf", "BPF_MOV64_IMM(BPF_REG_0, 1),\n  BPF_FOO(1),\n").unwrap_err();
        assert_eq!(e.to_string(), "a.bpf:2:3: unknown macro 'BPF_FOO'");
        let e = parse("a.bpf", "BPF_MOV64_IMM(BPF_REG_11, 1),\n").unwrap_err();
        assert!(e.to_string().contains("unknown name"), "{e}");
    }
}
