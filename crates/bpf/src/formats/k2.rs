//! K2's instruction language (`.k2`): one instruction per line, opcode name then operands.
//!
//! K2 names (superopt `src/isa/ebpf/inst.h`): `<OP>64XC dst imm`, `<OP>64XY dst src`, the same
//! with `32`; `LE/BE dst width`; `LDX{B,H,W,DW} dst src off`; `STX{B,H,W,DW} dst off src`;
//! `ST{B,H,W,DW} dst off imm`; `XADD64/XADD32 dst off src`; `LDMAPID dst fd`; `MOVDWXC dst imm64`;
//! `LDABS{B,H,W} imm`; `LDIND{B,H,W} src [imm]`; `JA off`; `J<cond>XC dst imm off`;
//! `J<cond>XY dst src off` (and `J<cond>32..`); `CALL helper`; `EXIT`; `NOP` (= `ja +0`).
//!
//! Extensions for instructions K2's language lacks (same naming scheme): SUB/MUL/DIV/MOD/XOR
//! and the remaining jump conditions follow the pattern above; `NEG64 dst`/`NEG32 dst`;
//! `SDIV64XC`/`SMOD64XY`/... (cpu v4 signed); `MOVSX64XY dst src bits`; `BSWAP dst width`;
//! `LDXSB/LDXSH/LDXSW dst src off` (sign-extending loads); `ATOMIC64/ATOMIC32 dst off src op`;
//! `LDDW dst src imm64` (any pseudo source); `CALLL off` (bpf-to-bpf); `JA32 off` (gotol).

use super::{parse_int, tokens, ParseError};
use crate::isa::*;

const ALU_OPS: &[(&str, u8)] = &[
    ("ADD", BPF_ADD), ("SUB", BPF_SUB), ("MUL", BPF_MUL), ("DIV", BPF_DIV), ("OR", BPF_OR), ("AND", BPF_AND),
    ("LSH", BPF_LSH), ("RSH", BPF_RSH), ("MOD", BPF_MOD), ("XOR", BPF_XOR), ("MOV", BPF_MOV), ("ARSH", BPF_ARSH),
];
const JMP_OPS: &[(&str, u8)] = &[
    ("JEQ", BPF_JEQ), ("JGT", BPF_JGT), ("JGE", BPF_JGE), ("JSET", BPF_JSET), ("JNE", BPF_JNE), ("JSGT", BPF_JSGT),
    ("JSGE", BPF_JSGE), ("JLT", BPF_JLT), ("JLE", BPF_JLE), ("JSLT", BPF_JSLT), ("JSLE", BPF_JSLE),
];
const SIZES: &[(&str, u8)] = &[("B", BPF_B), ("H", BPF_H), ("W", BPF_W), ("DW", BPF_DW)];

fn size_suffix(size: u8) -> &'static str {
    SIZES.iter().find(|(_, s)| *s == size).map(|(n, _)| *n).unwrap()
}

/// Parses a whole `.k2` file. Empty lines and `#`/`//` comments are skipped.
pub fn parse(file: &str, text: &str) -> Result<Vec<Insn>, ParseError> {
    let mut out = Vec::new();
    for (ln, raw) in text.lines().enumerate() {
        let line = raw.split("//").next().unwrap().split('#').next().unwrap();
        let toks = tokens(line, &[',']);
        if toks.is_empty() {
            continue;
        }
        parse_line(file, ln + 1, &toks, &mut out)?;
    }
    if out.is_empty() {
        return Err(ParseError::text(file, 1, 1, "empty program"));
    }
    Ok(out)
}

fn parse_line(file: &str, line: usize, toks: &[(usize, String)], out: &mut Vec<Insn>) -> Result<(), ParseError> {
    let (col0, name) = (&toks[0].0, toks[0].1.to_ascii_uppercase());
    let args = &toks[1..];
    let err = |col: usize, m: String| ParseError::text(file, line, col, m);
    let arity = |n: usize| -> Result<(), ParseError> {
        if args.len() != n {
            return Err(err(*col0, format!("{name} takes {n} operand(s), found {}", args.len())));
        }
        Ok(())
    };
    let num = |k: usize, lo: i64, hi: i64| -> Result<i64, ParseError> {
        let (c, t) = &args[k];
        let v = parse_int(t).ok_or_else(|| err(*c, format!("expected a number, found '{t}'")))?;
        if v < lo || v > hi {
            return Err(err(*c, format!("operand {v} out of range [{lo}, {hi}]")));
        }
        Ok(v)
    };
    let reg = |k: usize| -> Result<u8, ParseError> {
        let (c, t) = &args[k];
        let t2 = t.trim_start_matches(['r', 'R']);
        match t2.parse::<u8>() {
            Ok(r) if (r as usize) < NUM_REGS => Ok(r),
            _ => Err(err(*c, format!("invalid register '{t}'"))),
        }
    };
    let imm = |k: usize| num(k, i32::MIN as i64, u32::MAX as i64).map(|v| v as i32);
    let off = |k: usize| num(k, i16::MIN as i64, i16::MAX as i64).map(|v| v as i16);

    // Fixed names first.
    match name.as_str() {
        "EXIT" => { arity(0)?; out.push(Insn::exit()); return Ok(()) }
        "NOP" => { arity(0)?; out.push(Insn::nop()); return Ok(()) }
        "JA" => { arity(1)?; out.push(Insn::ja(off(0)?)); return Ok(()) }
        "JA32" => { arity(1)?; out.push(Insn::new(BPF_JMP32 | BPF_JA, 0, 0, 0, imm(0)?)); return Ok(()) }
        "CALL" => { arity(1)?; out.push(Insn::call(imm(0)?)); return Ok(()) }
        "CALLL" => { arity(1)?; out.push(Insn::new(CALL, 0, BPF_PSEUDO_CALL, 0, imm(0)?)); return Ok(()) }
        "LDMAPID" => { arity(2)?; out.extend(Insn::ld_map_fd(reg(0)?, imm(1)?)); return Ok(()) }
        "MOVDWXC" => { arity(2)?; out.extend(Insn::lddw(reg(0)?, 0, num(1, i64::MIN, i64::MAX)? as u64)); return Ok(()) }
        "LDDW" => {
            arity(3)?;
            out.extend(Insn::lddw(reg(0)?, num(1, 0, 6)? as u8, num(2, i64::MIN, i64::MAX)? as u64));
            return Ok(());
        }
        "LE" | "BE" | "BSWAP" => {
            arity(2)?;
            let w = match num(1, 0, 64)? { 0 | 16 => 16, 1 | 32 => 32, 2 | 64 => 64, v => return Err(err(args[1].0, format!("byte swap width must be 16, 32 or 64, found {v}"))) };
            let code = match name.as_str() { "LE" => BPF_ALU | BPF_END | BPF_TO_LE, "BE" => BPF_ALU | BPF_END | BPF_TO_BE, _ => BPF_ALU64 | BPF_END };
            out.push(Insn::new(code, reg(0)?, 0, 0, w));
            return Ok(());
        }
        "NEG64" | "NEG32" => {
            arity(1)?;
            let class = if name == "NEG64" { BPF_ALU64 } else { BPF_ALU };
            out.push(Insn::new(class | BPF_NEG, reg(0)?, 0, 0, 0));
            return Ok(());
        }
        "MOVSX64XY" | "MOVSX32XY" => {
            arity(3)?;
            let class = if name == "MOVSX64XY" { BPF_ALU64 } else { BPF_ALU };
            out.push(Insn::new(class | BPF_MOV | BPF_X, reg(0)?, reg(1)?, num(2, 8, 32)? as i16, 0));
            return Ok(());
        }
        "XADD64" | "XADD32" => {
            arity(3)?;
            let size = if name == "XADD64" { BPF_DW } else { BPF_W };
            out.push(Insn::new(BPF_STX | BPF_ATOMIC | size, reg(0)?, reg(2)?, off(1)?, 0));
            return Ok(());
        }
        "ATOMIC64" | "ATOMIC32" => {
            arity(4)?;
            let size = if name == "ATOMIC64" { BPF_DW } else { BPF_W };
            out.push(Insn::new(BPF_STX | BPF_ATOMIC | size, reg(0)?, reg(2)?, off(1)?, imm(3)?));
            return Ok(());
        }
        _ => {}
    }
    // Memory families.
    for (prefix, mode_class) in [("LDXS", 0u8), ("LDX", 1), ("STX", 2), ("ST", 3), ("LDABS", 4), ("LDIND", 5)] {
        if let Some(sz) = name.strip_prefix(prefix) {
            if let Some((_, size)) = SIZES.iter().find(|(n, _)| *n == sz) {
                let size = *size;
                let insn = match mode_class {
                    0 => { arity(3)?; Insn::new(BPF_LDX | BPF_MEMSX | size, reg(0)?, reg(1)?, off(2)?, 0) }
                    1 => { arity(3)?; Insn::ldx(size, reg(0)?, reg(1)?, off(2)?) }
                    2 => { arity(3)?; Insn::stx(size, reg(0)?, reg(2)?, off(1)?) }
                    3 => { arity(3)?; Insn::st(size, reg(0)?, off(1)?, imm(2)?) }
                    4 => { arity(1)?; Insn::new(BPF_LD | BPF_ABS | size, 0, 0, 0, imm(0)?) }
                    _ => {
                        if args.len() != 1 && args.len() != 2 {
                            return Err(err(*col0, format!("{name} takes 1 or 2 operands")));
                        }
                        let k = if args.len() == 2 { imm(1)? } else { 0 };
                        Insn::new(BPF_LD | BPF_IND | size, 0, reg(0)?, 0, k)
                    }
                };
                out.push(insn);
                return Ok(());
            }
        }
    }
    // ALU and jump families: NAME{64,32}{XC,XY}.
    let (stem, form) = if let Some(s) = name.strip_suffix("XC") { (s, false) } else if let Some(s) = name.strip_suffix("XY") { (s, true) } else {
        return Err(err(*col0, format!("unknown K2 opcode '{}'", toks[0].1)));
    };
    let (base, is64) = if let Some(b) = stem.strip_suffix("64") { (b, true) } else if let Some(b) = stem.strip_suffix("32") { (b, false) } else { (stem, true) };
    let (signed, base) = match base {
        "SDIV" => (true, "DIV"),
        "SMOD" => (true, "MOD"),
        b => (false, b),
    };
    if let Some((_, op)) = ALU_OPS.iter().find(|(n, _)| *n == base) {
        if !stem.ends_with("64") && !stem.ends_with("32") {
            return Err(err(*col0, format!("unknown K2 opcode '{}'", toks[0].1)));
        }
        arity(2)?;
        let class = if is64 { BPF_ALU64 } else { BPF_ALU };
        let mut insn = if form { Insn::new(class | op | BPF_X, reg(0)?, reg(1)?, 0, 0) } else { Insn::new(class | op | BPF_K, reg(0)?, 0, 0, imm(1)?) };
        if signed {
            insn.off = 1;
        }
        out.push(insn);
        return Ok(());
    }
    if let Some((_, op)) = JMP_OPS.iter().find(|(n, _)| *n == base) {
        arity(3)?;
        let class = if is64 { BPF_JMP } else { BPF_JMP32 };
        let insn = if form { Insn::new(class | op | BPF_X, reg(0)?, reg(1)?, off(2)?, 0) } else { Insn::new(class | op | BPF_K, reg(0)?, 0, off(2)?, imm(1)?) };
        out.push(insn);
        return Ok(());
    }
    Err(err(*col0, format!("unknown K2 opcode '{}'", toks[0].1)))
}

/// Renders slots as K2 text; fails on slots that are not valid instructions.
pub fn write(insns: &[Insn]) -> Result<String, String> {
    let mut s = String::new();
    let mut pc = 0;
    while pc < insns.len() {
        let line = line_of(insns, pc).map_err(|m| format!("insn {pc}: {m}"))?;
        s.push_str(&line);
        s.push('\n');
        pc += if insns[pc].is_lddw() { 2 } else { 1 };
    }
    Ok(s)
}

fn line_of(insns: &[Insn], pc: usize) -> Result<String, String> {
    let i = insns[pc];
    let k = kind_of(&i, false)?;
    let (d, s) = (i.dst, i.src);
    let w = |is64: bool| if is64 { "64" } else { "32" };
    Ok(match k {
        Kind::Alu { is64, op, src_reg } => {
            if op == BPF_NEG {
                return Ok(format!("NEG{} {d}", w(is64)));
            }
            if op == BPF_MOV && src_reg && i.off != 0 {
                return Ok(format!("MOVSX{}XY {d} {s} {}", w(is64), i.off));
            }
            let name = ALU_OPS.iter().find(|(_, o)| *o == op).unwrap().0;
            let sign = if i.off == 1 && matches!(op, BPF_DIV | BPF_MOD) { "S" } else { "" };
            if src_reg { format!("{sign}{name}{}XY {d} {s}", w(is64)) } else { format!("{sign}{name}{}XC {d} {}", w(is64), i.imm) }
        }
        Kind::End { bswap, to_be, bits } => format!("{} {d} {bits}", if bswap { "BSWAP" } else if to_be { "BE" } else { "LE" }),
        Kind::Lddw { pseudo } => {
            let hi = insns.get(pc + 1).ok_or("LDDW without second slot")?.imm as u32 as u64;
            let v = (hi << 32) | i.imm as u32 as u64;
            match pseudo {
                0 => format!("MOVDWXC {d} {}", v as i64),
                BPF_PSEUDO_MAP_FD if hi == 0 => format!("LDMAPID {d} {}", i.imm),
                p => format!("LDDW {d} {p} {}", v as i64),
            }
        }
        Kind::LddwHigh => return Err("stray LDDW second slot".into()),
        Kind::LdAbs { size } => format!("LDABS{} {}", size_suffix(size), i.imm),
        Kind::LdInd { size } => format!("LDIND{} {s} {}", size_suffix(size), i.imm),
        Kind::Ldx { size, sign_ext } => format!("LDX{}{} {d} {s} {}", if sign_ext { "S" } else { "" }, size_suffix(size), i.off),
        Kind::St { size } => format!("ST{} {d} {} {}", size_suffix(size), i.off, i.imm),
        Kind::Stx { size } => format!("STX{} {d} {} {s}", size_suffix(size), i.off),
        Kind::Atomic { size, op } => {
            let w = if size == BPF_DW { "64" } else { "32" };
            if op == 0 { format!("XADD{w} {d} {} {s}", i.off) } else { format!("ATOMIC{w} {d} {} {s} {op}", i.off) }
        }
        Kind::Ja => {
            if i.is_nop() { "NOP".into() } else if i.class() == BPF_JMP32 { format!("JA32 {}", i.imm) } else { format!("JA {}", i.off) }
        }
        Kind::Jcond { is64, op, src_reg } => {
            let name = JMP_OPS.iter().find(|(_, o)| *o == op).unwrap().0;
            let w = if is64 { "" } else { "32" };
            if src_reg { format!("{name}{w}XY {d} {s} {}", i.off) } else { format!("{name}{w}XC {d} {} {}", i.imm, i.off) }
        }
        Kind::CallHelper(id) => format!("CALL {id}"),
        Kind::CallLocal(off) => format!("CALLL {off}"),
        Kind::CallKfunc(_) => return Err("kfunc calls have no K2 form".into()),
        Kind::Exit => "EXIT".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hello_world_parses() {
        let p = parse("h.k2", "MOV64XC 0 1\nADD64XY 0 0\nEXIT\n").unwrap();
        assert_eq!(p, vec![Insn::mov64_imm(0, 1), Insn::alu64_reg(BPF_ADD, 0, 0), Insn::exit()]);
    }

    #[test]
    fn k2_operand_orders() {
        let p = parse("x", "STXH 10 -2 0\nLDXB 0 1 1\nLDMAPID 1 0\nJEQXC 0 0 1\nSTB 10 -3 7\nEXIT").unwrap();
        assert_eq!(p[0], Insn::stx(BPF_H, 10, 0, -2));
        assert_eq!(p[1], Insn::ldx(BPF_B, 0, 1, 1));
        assert_eq!(&p[2..4], &Insn::ld_map_fd(1, 0));
        assert_eq!(p[4], Insn::jmp_imm(BPF_JEQ, 0, 0, 1));
        assert_eq!(p[5], Insn::st(BPF_B, 10, -3, 7));
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse("f.k2", "MOV64XC 0 1\nFOO 1 2\n").unwrap_err();
        assert_eq!(e.to_string(), "f.k2:2:1: unknown K2 opcode 'FOO'");
        let e = parse("f.k2", "MOV64XC 12 1\n").unwrap_err();
        assert_eq!(e.to_string(), "f.k2:1:9: invalid register '12'");
        let e = parse("f.k2", "ADD64XY 0\n").unwrap_err();
        assert!(e.to_string().starts_with("f.k2:1:1: ADD64XY takes 2"));
    }

    #[test]
    fn writer_round_trips() {
        let text = "MOV64XC 0 1\nSDIV64XY 1 2\nLDMAPID 1 3\nJSLE32XY 1 2 -1\nBE 3 16\nXADD64 10 -8 1\nLDXSW 2 1 4\nNOP\nCALL 7\nEXIT\n";
        let p = parse("x", text).unwrap();
        assert_eq!(write(&p).unwrap(), text);
    }
}
