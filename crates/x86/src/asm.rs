//! A small x86-64 assembly model: parser for the NASM-style Intel syntax used by CryptOpt's
//! published files (and our own output), and printers for NASM and GAS (Intel syntax).

use std::fmt;

pub const REG64: [&str; 16] = ["rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"];
const REG32: [&str; 16] = ["eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"];
const REG8: [&str; 16] = ["al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil", "r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b"];
const XMM: [&str; 16] = ["xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"];
/// Register number of xmm0 (xmm registers are numbered 16..32 so that no general-purpose
/// register table can mistake one for rax..r15: indexing such a table with it panics).
pub const XMM0: u8 = 16;

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
    /// xmm`i` (only its low 64 bits are used, by `vmovq`/`movq` to and from a 64-bit register).
    pub fn xmm(i: u8) -> Reg {
        Reg { num: XMM0 + i, bits: 128 }
    }
    pub fn is_xmm(&self) -> bool {
        self.bits == 128
    }
    pub fn name(&self) -> &'static str {
        match self.bits {
            128 => XMM[(self.num - XMM0) as usize],
            64 => REG64[self.num as usize],
            32 => REG32[self.num as usize],
            _ => REG8[self.num as usize],
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mem {
    /// `None` for a scaled index without base (`lea r15, [4 * rdx]`).
    pub base: Option<u8>,
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
    XMM.iter().position(|r| *r == s).map(|n| Reg::xmm(n as u8))
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
    if base.is_none() && index.is_none() {
        return Err(format!("address without a register {body:?} (absolute addresses are not supported)"));
    }
    // `[rax + rbx]` is base + index; `[4 * rdx]` is an index without base
    Ok(Mem { base, index, disp, bits })
}

fn parse_operand(s: &str) -> Result<Operand, String> {
    let s = s.trim();
    if let Some(open) = s.find('[') {
        let mut prefix = s[..open].trim().to_ascii_lowercase();
        // GAS also writes the displacement before the bracket: `QWORD PTR 16[rdx]`, `-40[rbp]`
        let mut outer_disp = None;
        let (head, last) = prefix.rsplit_once(' ').map(|(h, l)| (h.to_string(), l.to_string())).unwrap_or((String::new(), prefix.clone()));
        if !last.is_empty() && parse_imm(&last).is_some() {
            outer_disp = Some(last);
            prefix = head;
        }
        let prefix = prefix.trim().trim_end_matches("ptr").trim();
        let bits = match prefix {
            "" | "qword" => 64,
            "byte" => 8,
            "dword" => 32,
            p => return Err(format!("unsupported size prefix {p:?}")),
        };
        let close = s.rfind(']').ok_or("missing ']'")?;
        let body = match outer_disp {
            Some(d) => format!("{} + {d}", &s[open + 1..close]),
            None => s[open + 1..close].to_string(),
        };
        return parse_mem(&body, bits).map(Operand::Mem);
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
        if let Some((col, ch)) = raw.chars().enumerate().find(|(_, c)| c.is_control() && *c != '\t' && *c != '\r') {
            return Err(ParseError { line, col: col + 1, msg: format!("control character U+{:04X} in assembly text", ch as u32) });
        }
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
        // GAS spellings of instructions in the subset: `movabs r, imm64` is `mov`, `sal` is `shl`
        let mnemonic = match mn.to_ascii_lowercase().as_str() {
            "movabs" => "mov".to_string(),
            "sal" => "shl".to_string(),
            m => m.to_string(),
        };
        let insn = Insn { mnemonic, ops, line };
        check_form(&insn).map_err(|msg| ParseError { line, col: raw.find(mn).unwrap_or(0) + 1, msg })?;
        prog.insns.push(insn);
    }
    let Some(last) = prog.insns.last() else {
        return Err(ParseError { line: 1, col: 1, msg: "no instructions found".into() });
    };
    if !prog.insns.iter().any(|i| i.mnemonic == "ret") {
        return Err(ParseError { line: last.line, col: 1, msg: "function ends without ret".into() });
    }
    Ok(prog)
}

/// The supported instruction subset (what the checker and the in-process assembler know) with
/// the operand counts each mnemonic takes.
const FORMS: &[(&str, &[usize])] = &[
    ("mov", &[2]),
    ("movzx", &[2]),
    ("xchg", &[2]),
    ("lea", &[2]),
    ("add", &[2]),
    ("adc", &[2]),
    ("adcx", &[2]),
    ("adox", &[2]),
    ("sub", &[2]),
    ("sbb", &[2]),
    ("and", &[2]),
    ("or", &[2]),
    ("xor", &[2]),
    ("test", &[2]),
    ("bt", &[2]),
    ("inc", &[1]),
    ("dec", &[1]),
    ("not", &[1]),
    ("clc", &[0]),
    ("stc", &[0]),
    ("setc", &[1]),
    ("setb", &[1]),
    ("seto", &[1]),
    ("cmovc", &[2]),
    ("cmovb", &[2]),
    ("cmovnc", &[2]),
    ("cmovae", &[2]),
    ("cmovo", &[2]),
    ("cmovno", &[2]),
    ("cmovz", &[2]),
    ("cmove", &[2]),
    ("cmovnz", &[2]),
    ("cmovne", &[2]),
    ("mulx", &[3]),
    ("mul", &[1]),
    ("imul", &[1, 2, 3]),
    ("shr", &[2]),
    ("shl", &[2]),
    ("sar", &[2]),
    ("shrd", &[3]),
    ("shlx", &[3]),
    ("shrx", &[3]),
    ("bzhi", &[3]),
    ("push", &[1]),
    ("pop", &[1]),
    ("ret", &[0]),
    ("vmovq", &[2]),
    ("movq", &[2]),
];

/// Rejects what is not an instruction of the subset: unknown mnemonics, wrong operand counts,
/// more than one memory operand, an immediate where a result is written, lea without memory.
fn check_form(i: &Insn) -> Result<(), String> {
    let Some((_, counts)) = FORMS.iter().find(|(m, _)| *m == i.mnemonic) else {
        return Err(format!("unknown or unsupported instruction {:?}", i.mnemonic));
    };
    if !counts.contains(&i.ops.len()) {
        let want: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
        return Err(format!("{} takes {} operand(s), found {}", i.mnemonic, want.join(" or "), i.ops.len()));
    }
    if i.ops.iter().filter(|o| matches!(o, Operand::Mem(_))).count() > 1 {
        return Err(format!("{} with more than one memory operand", i.mnemonic));
    }
    let writes_first = !matches!(i.mnemonic.as_str(), "test" | "bt" | "push" | "mul" | "ret" | "clc" | "stc");
    if writes_first && matches!(i.ops.first(), Some(Operand::Imm(_))) {
        return Err(format!("{} cannot write to an immediate", i.mnemonic));
    }
    if i.mnemonic == "lea" && !matches!(i.ops.get(1), Some(Operand::Mem(_))) {
        return Err("lea needs a memory operand".into());
    }
    // xmm registers occur only in moves of 64 bits between an xmm and a 64-bit register
    let xmm = |o: &Operand| matches!(o, Operand::Reg(r) if r.is_xmm());
    let gpr64 = |o: &Operand| matches!(o, Operand::Reg(r) if r.bits == 64);
    if matches!(i.mnemonic.as_str(), "vmovq" | "movq") {
        if !((xmm(&i.ops[0]) && gpr64(&i.ops[1])) || (gpr64(&i.ops[0]) && xmm(&i.ops[1]))) {
            return Err(format!("{} is supported only between an xmm and a 64-bit register", i.mnemonic));
        }
    } else if i.ops.iter().any(xmm) {
        return Err(format!("{} with an xmm operand is not supported", i.mnemonic));
    }
    Ok(())
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
    s.push('[');
    match (m.base, m.index) {
        (Some(b), Some((r, sc))) => s.push_str(&format!("{} + {sc} * {}", REG64[b as usize], REG64[r as usize])),
        (Some(b), None) => s.push_str(REG64[b as usize]),
        (None, Some((r, sc))) => s.push_str(&format!("{sc} * {}", REG64[r as usize])),
        (None, None) => {}
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
        assert_eq!(p.insns[0].ops[1], Operand::Mem(Mem { base: Some(RDX), index: None, disp: 0x10, bits: 64 }));
        assert_eq!(p.insns[1].ops[0], Operand::Mem(Mem { base: Some(RSP), index: None, disp: -0x80, bits: 64 }));
        assert_eq!(p.insns[2].ops[1], Operand::Mem(Mem { base: Some(RDX), index: Some((RDX, 4)), disp: 0, bits: 64 }));
        assert_eq!(p.insns[3].ops[1], Operand::Mem(Mem { base: Some(RSP), index: None, disp: -8, bits: 8 }));
        assert_eq!(p.insns[4].ops[0], Operand::Reg(Reg { num: RDX, bits: 8 }));
        for text in [to_nasm(&p), to_gas(&p)] {
            let q = parse(&text).unwrap();
            assert_eq!(q.insns.iter().map(|i| (&i.mnemonic, &i.ops)).collect::<Vec<_>>(), p.insns.iter().map(|i| (&i.mnemonic, &i.ops)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn addressing_forms_of_published_files_parse_and_round_trip() {
        // CryptOpt writes `lea r15, [ 4 * rdx]` (index without base), `[rax + rbx]`, `[r8 + 8 * r9]`
        let text = "f:\nlea r15, [ 4 * rdx]\nlea r10, [rax + rbx]\nlea r11, [r8 + 8 * r9 - 0x10]\nlea rcx, [2*rax+0x8]\nret\n";
        let p = parse(text).unwrap();
        assert_eq!(p.insns[0].ops[1], Operand::Mem(Mem { base: None, index: Some((RDX, 4)), disp: 0, bits: 64 }));
        assert_eq!(p.insns[1].ops[1], Operand::Mem(Mem { base: Some(RAX), index: Some((RBX, 1)), disp: 0, bits: 64 }));
        assert_eq!(p.insns[2].ops[1], Operand::Mem(Mem { base: Some(8), index: Some((9, 8)), disp: -0x10, bits: 64 }));
        assert_eq!(p.insns[3].ops[1], Operand::Mem(Mem { base: None, index: Some((RAX, 2)), disp: 8, bits: 64 }));
        for t in [to_nasm(&p), to_gas(&p)] {
            assert_eq!(parse(&t).unwrap().insns.iter().map(|i| &i.ops).collect::<Vec<_>>(), p.insns.iter().map(|i| &i.ops).collect::<Vec<_>>(), "{t}");
        }
        assert!(parse("f:\nmov rax, [0x10]\nret\n").unwrap_err().msg.contains("absolute"));
    }

    #[test]
    fn malformed_instructions_are_parse_errors_with_position() {
        let cases: [(&str, usize, usize, &str); 8] = [
            ("f:\nmov rax\nret\n", 2, 1, "mov takes 2 operand(s), found 1"),
            ("f:\n  frobnicate rax, rbx\nret\n", 2, 3, "unknown or unsupported instruction \"frobnicate\""),
            ("f:\nmov rax, rbx\nadd rax, rcx\n", 3, 1, "function ends without ret"),
            ("f:\nmov rax,\0 rbx\nret\n", 2, 9, "control character U+0000"),
            ("f:\nmov [rdi], [rsi]\nret\n", 2, 1, "more than one memory operand"),
            ("f:\nmov 0x5, rax\nret\n", 2, 1, "cannot write to an immediate"),
            ("f:\nlea rax, rbx\nret\n", 2, 1, "lea needs a memory operand"),
            ("f:\nret 8\n", 2, 1, "ret takes 0 operand(s), found 1"),
        ];
        for (text, line, col, msg) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.col), (line, col), "{text:?}: {e}");
            assert!(e.msg.contains(msg), "{text:?}: {e}");
        }
    }

    #[test]
    fn xmm_moves_parse_round_trip_and_are_confined_to_gpr_xmm_moves() {
        let p = parse("f:\nvmovq xmm3, rax\nvmovq r9, xmm15\nmovq xmm0, rbx\nret\n").unwrap();
        assert_eq!(p.insns[0].ops, vec![Operand::Reg(Reg::xmm(3)), Operand::Reg(Reg::q(RAX))]);
        assert_eq!(p.insns[1].ops, vec![Operand::Reg(Reg::q(9)), Operand::Reg(Reg::xmm(15))]);
        for t in [to_nasm(&p), to_gas(&p)] {
            assert_eq!(parse(&t).unwrap().insns.iter().map(|i| &i.ops).collect::<Vec<_>>(), p.insns.iter().map(|i| &i.ops).collect::<Vec<_>>(), "{t}");
        }
        for bad in ["vmovq xmm1, xmm2", "vmovq xmm1, [rsi]", "vmovq xmm1, eax", "add rax, xmm1", "mov xmm1, rax", "vmovq rax, rbx", "lea rax, [xmm1]"] {
            assert!(parse(&format!("f:\n{bad}\nret\n")).is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_operand_reports_line_and_column() {
        let e = parse("f:\nmov rax, [ rdx + foo ]\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.msg.contains("foo"), "{e}");
    }
}
