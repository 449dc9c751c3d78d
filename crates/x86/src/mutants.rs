//! Semantic mutants of an assembly program, to show the checker rejects wrong code:
//! changed immediate or scale, swapped operands, dropped carry, wrong register.

use crate::asm::{Insn, Operand, Program, Reg};

#[derive(Clone, Debug)]
pub struct Mutant {
    pub kind: &'static str,
    pub line: usize,
    pub program: Program,
}

fn with(p: &Program, idx: usize, insn: Insn) -> Program {
    let mut q = p.clone();
    q.insns[idx] = insn;
    q
}

/// All single-instruction mutants of `p` of the four kinds (deterministic order).
pub fn mutants(p: &Program) -> Vec<Mutant> {
    let mut out = Vec::new();
    for (i, ins) in p.insns.iter().enumerate() {
        let line = if ins.line > 0 { ins.line } else { i + 1 };
        let mut push = |kind, insn: Insn| out.push(Mutant { kind, line, program: with(p, i, insn) });
        // changed immediate / displacement scale
        for (k, o) in ins.ops.iter().enumerate() {
            match o {
                Operand::Imm(v) => {
                    let mut m = ins.clone();
                    m.ops[k] = Operand::Imm(if *v == 0 { 1 } else { v ^ 1 });
                    push("immediate", m);
                }
                Operand::Mem(mem) if ins.mnemonic == "lea" && mem.index.is_some() => {
                    let mut m = ins.clone();
                    let mut mm = *mem;
                    let (r, s) = mm.index.unwrap();
                    mm.index = Some((r, if s == 8 { 4 } else { s * 2 }));
                    m.ops[k] = Operand::Mem(mm);
                    push("scale", m);
                }
                Operand::Mem(mem) if mem.base != Some(crate::asm::RSP) => {
                    let mut m = ins.clone();
                    let mut mm = *mem;
                    mm.disp += 8;
                    m.ops[k] = Operand::Mem(mm);
                    push("displacement", m);
                }
                _ => {}
            }
        }
        // swapped operands (two registers of the same width)
        if ins.ops.len() >= 2 {
            if let (Operand::Reg(a), Operand::Reg(b)) = (ins.ops[0], ins.ops[1]) {
                if a.bits == b.bits && a != b && ins.mnemonic != "xchg" {
                    let mut m = ins.clone();
                    m.ops.swap(0, 1);
                    push("swapped-operands", m);
                }
            }
        }
        // dropped carry
        let dropped = match ins.mnemonic.as_str() {
            "adc" | "adcx" | "adox" => Some("add"),
            "sbb" => Some("sub"),
            _ => None,
        };
        if let Some(mn) = dropped {
            if !matches!(ins.ops.get(1), Some(Operand::Mem(_))) || mn == "add" {
                let mut m = ins.clone();
                m.mnemonic = mn.into();
                push("dropped-carry", m);
            }
        }
        // wrong register: replace a source register by the next general-purpose register (an
        // xmm source by the next xmm register)
        if let Some(Operand::Reg(r)) = ins.ops.last() {
            if r.is_xmm() {
                let mut m = ins.clone();
                let last = m.ops.len() - 1;
                m.ops[last] = Operand::Reg(Reg::xmm((r.num - crate::asm::XMM0 + 1) % 16));
                push("wrong-register", m);
            } else if ins.ops.len() >= 2 && r.num != crate::asm::RSP {
                let mut n = (r.num + 1) % 16;
                if n == crate::asm::RSP {
                    n += 1;
                }
                let mut m = ins.clone();
                let last = m.ops.len() - 1;
                m.ops[last] = Operand::Reg(Reg { num: n, bits: r.bits });
                push("wrong-register", m);
            }
        }
    }
    out
}
