//! A small x86-64 assembly model: parser for the NASM-style Intel syntax used by CryptOpt's
//! published files (and our own output), and printers for NASM and GAS (Intel syntax).

use std::fmt;

pub const REG64: [&str; 16] = ["rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"];
const REG32: [&str; 16] = ["eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"];
const REG8: [&str; 16] = ["al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil", "r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b"];

pub const RAX: u8 = 0;
pub const RCX: u8 = 1;
pub const RDX: u8 = 2;
pub const RBX: u8 = 3;
pub const RSP: u8 = 4;
pub const RBP: u8 = 5;
pub const RSI: u8 = 6;
pub const RDI: u8 = 7;
/// Callee-saved registers of the SysV ABI (besides rsp).
pub const CALLEE_SAVED: [u8; 6] = [3, 5, 12, 13, 14, 15];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reg {
    pub num: u8,
    pub bits: u8,
}

impl Reg {
    pub fn q(num: u8) -> Reg {
        Reg { num, bits: 64 }
    }
    pub fn b(num: u8) -> Reg {
        Reg { num, bits: 8 }
    }
    pub fn name(&self) -> &'static str {
        match self.bits {
            64 => REG64[self.num as usize],
            32 => REG32[self.num as usize],
            _ => REG8[self.num as usize],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mem {
    pub base: u8,
    pub index: Option<(u8, u8)>,
    pub disp: i64,
    /// Access size in bits (64 unless `byte` is written).
    pub bits: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    Reg(Reg),
    Mem(Mem),
    Imm(u64),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Insn {
    pub mnemonic: String,
    pub ops: Vec<Operand>,
    /// 1-based source line (0 for generated code).
    pub line: usize,
}

#[derive(Clone, Debug, Default)]
pub struct Program {
    pub name: String,
    pub insns: Vec<Insn>,
}

#[derive(Debug, Clone)]
pub struct ParseError {
    pub line: usize,
    pub col: usize,
    pub msg: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.msg)
    }
}

fn reg_by_name(s: &str) -> Option<Reg> {
    let s = s.to_ascii_lowercase();
    for (bits, table) in [(64u8, &REG64), (32, &REG32), (8, &REG8)] {
        if let Some(n) = table.iter().position(|r| *r == s) {
            return Some(Reg { num: n as u8, bits });
        }
    }
    None
}

fn parse_imm(s: &str) -> Option<u64> {
    let s = s.trim();
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r.trim()),
        None => (false, s),
    };
    let v = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()?
    } else {
        s.parse::<u64>().ok()?
    };
    Some(if neg { v.wrapping_neg() } else { v })
}

fn parse_mem(body: &str, bits: u8) -> Result<Mem, String> {
    // body: "rdx + 0x10", "rsp - 0x80", "rdx + 4 * rdx", "rax + rbx*8 + 16"
    let mut base = None;
    let mut index = None;
    let mut disp: i64 = 0;
    let cleaned = body.replace('-', "+-");
    for term in cleaned.split('+').map(str::trim).filter(|t| !t.is_empty()) {
        let (neg, t) = match term.strip_prefix('-') {
            Some(r) => (true, r.trim()),
            None => (false, term),
        };
        if let Some((a, b)) = t.split_once('*') {
            let (a, b) = (a.trim(), b.trim());
            let (r, s) = match (reg_by_name(a), reg_by_name(b)) {
                (Some(r), None) => (r, b),
                (None, Some(r)) => (r, a),
                _ => return Err(format!("bad scaled index {t:?}")),
            };
            let scale = parse_imm(s).filter(|s| [1, 2, 4, 8].contains(s)).ok_or(format!("bad scale {s:?}"))?;
            if neg || index.is_some() {
                return Err(format!("bad address {body:?}"));
            }
            index = Some((r.num, scale as u8));
        } else if let Some(r) = reg_by_name(t) {
            if neg || r.bits != 64 {
                return Err(format!("bad address register {t:?}"));
            }
            if base.is_none() {
                base = Some(r.num);
            } else if index.is_none() {
                index = Some((r.num, 1));
            } else {
                return Err(format!("too many registers in address {body:?}"));
            }
        } else {
            let v = parse_imm(t).ok_or(format!("bad displacement {t:?}"))? as i64;
            disp += if neg { -v } else { v };
        }
    }
    let base = base.ok_or(format!("address without base register {body:?}"))?;
    Ok(Mem { base, index, disp, bits })
}

fn parse_operand(s: &str) -> Result<Operand, String> {
    let s = s.trim();
    if let Some(open) = s.find('[') {
        let prefix = s[..open].trim().to_ascii_lowercase();
        let prefix = prefix.trim_end_matches(" ptr").trim();
        let bits = match prefix {
            "" | "qword" => 64,
            "byte" => 8,
            "dword" => 32,
            p => return Err(format!("unsupported size prefix {p:?}")),
        };
        let close = s.rfind(']').ok_or("missing ']'")?;
        return parse_mem(&s[open + 1..close], bits).map(Operand::Mem);
    }
    if let Some(r) = reg_by_name(s) {
        return Ok(Operand::Reg(r));
    }
    parse_imm(s).map(Operand::Imm).ok_or(format!("unknown operand {s:?}"))
}

/// Parses NASM (`SECTION .text`, `GLOBAL f`, `f:`) or GAS Intel (`.intel_syntax noprefix`) text.
pub fn parse(text: &str) -> Result<Program, ParseError> {
    let mut prog = Program::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let code = raw.split([';', '#']).next().unwrap_or("").trim();
        if code.is_empty() {
            continue;
        }
        let lower = code.to_ascii_lowercase();
        if lower.starts_with("section") || lower.starts_with("global") || lower.starts_with("default") || lower.starts_with('.') || lower.starts_with("bits") {
            if let Some(n) = lower.strip_prefix(".globl").or_else(|| lower.strip_prefix("global")) {
                prog.name = code[code.len() - n.len()..].trim().to_string();
            }
            continue;
        }
        if let Some(label) = code.strip_suffix(':') {
            if prog.name.is_empty() {
                prog.name = label.trim().to_string();
            }
            continue;
        }
        let (mn, rest) = match code.split_once(char::is_whitespace) {
            Some((m, r)) => (m, r.trim()),
            None => (code, ""),
        };
        let ops = if rest.is_empty() {
            vec![]
        } else {
            split_operands(rest)
                .iter()
                .map(|o| parse_operand(o))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|msg| ParseError { line, col: raw.find(rest).unwrap_or(0) + 1, msg })?
        };
        prog.insns.push(Insn { mnemonic: mn.to_ascii_lowercase(), ops, line });
    }
    if prog.insns.is_empty() {
        return Err(ParseError { line: 1, col: 1, msg: "no instructions found".into() });
    }
    Ok(prog)
}

fn split_operands(s: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0;
    for ch in s.chars() {
        match ch {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(String::new());
                continue;
            }
            _ => {}
        }
        out.last_mut().unwrap().push(ch);
    }
    out
}

fn fmt_mem(m: &Mem, gas: bool) -> String {
    let mut s = String::new();
    match (m.bits, gas) {
        (8, false) => s.push_str("byte "),
        (8, true) => s.push_str("byte ptr "),
        (32, false) => s.push_str("dword "),
        (32, true) => s.push_str("dword ptr "),
        (_, true) => s.push_str("qword ptr "),
        _ => {}
    }
    s.push_str(&format!("[{}", REG64[m.base as usize]));
    if let Some((r, sc)) = m.index {
        s.push_str(&format!(" + {sc} * {}", REG64[r as usize]));
    }
    if m.disp > 0 {
        s.push_str(&format!(" + 0x{:x}", m.disp));
    } else if m.disp < 0 {
        s.push_str(&format!(" - 0x{:x}", -m.disp));
    }
    s.push(']');
    s
}

pub fn fmt_insn(i: &Insn, gas: bool) -> String {
    let ops: Vec<String> = i
        .ops
        .iter()
        .map(|o| match o {
            Operand::Reg(r) => r.name().to_string(),
            Operand::Mem(m) => fmt_mem(m, gas),
            Operand::Imm(v) => format!("0x{v:x}"),
        })
        .collect();
    if ops.is_empty() {
        i.mnemonic.clone()
    } else {
        format!("{} {}", i.mnemonic, ops.join(", "))
    }
}

/// NASM source defining the global function `name`.
pub fn to_nasm(p: &Program) -> String {
    let mut s = format!("SECTION .text\n\tGLOBAL {0}\n{0}:\n", p.name);
    for i in &p.insns {
        s.push_str(&fmt_insn(i, false));
        s.push('\n');
    }
    s
}

/// GAS source (Intel syntax, no prefixes) defining the global function `name`.
pub fn to_gas(p: &Program) -> String {
    let mut s = format!(".intel_syntax noprefix\n.text\n.globl {0}\n.type {0}, @function\n{0}:\n", p.name);
    for i in &p.insns {
        s.push('\t');
        s.push_str(&fmt_insn(i, true));
        s.push('\n');
    }
    s.push_str(&format!(".size {0}, .-{0}\n.section .note.GNU-stack,\"\",@progbits\n", p.name));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "SECTION .text\n\tGLOBAL f\nf:\nimul rax, [ rdx + 0x10 ], 0xa\nmov [ rsp - 0x80 ], rbx\nlea r12, [rdx + 4 * rdx]\nmovzx rbx, byte [ rsp - 0x8 ]\nsetc dl\nret\n; cpu something\n";

    #[test]
    fn parses_nasm_and_round_trips_through_both_printers() {
        let p = parse(SAMPLE).unwrap();
        assert_eq!(p.name, "f");
        assert_eq!(p.insns.len(), 6);
        assert_eq!(p.insns[0].ops[1], Operand::Mem(Mem { base: RDX, index: None, disp: 0x10, bits: 64 }));
        assert_eq!(p.insns[1].ops[0], Operand::Mem(Mem { base: RSP, index: None, disp: -0x80, bits: 64 }));
        assert_eq!(p.insns[2].ops[1], Operand::Mem(Mem { base: RDX, index: Some((RDX, 4)), disp: 0, bits: 64 }));
        assert_eq!(p.insns[3].ops[1], Operand::Mem(Mem { base: RSP, index: None, disp: -8, bits: 8 }));
        assert_eq!(p.insns[4].ops[0], Operand::Reg(Reg { num: RDX, bits: 8 }));
        for text in [to_nasm(&p), to_gas(&p)] {
            let q = parse(&text).unwrap();
            assert_eq!(q.insns.iter().map(|i| (&i.mnemonic, &i.ops)).collect::<Vec<_>>(), p.insns.iter().map(|i| (&i.mnemonic, &i.ops)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn bad_operand_reports_line_and_column() {
        let e = parse("f:\nmov rax, [ rdx + foo ]\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.msg.contains("foo"), "{e}");
    }
}
