//! Window proposals (after K2): replace an instruction by a random one, change
//! one operand, turn an instruction into a NOP, swap two slots, or restore the
//! original instruction. Random choices draw registers, immediates and memory
//! operands from pools built from the original window, so proposals stay
//! relevant (e.g. stores keep the original base registers and offsets).

use crate::isa::{self, Insn};
use crate::opt::interp;
use crate::opt::window::Window;
use vf_search::Rng;

/// Operand pools for one window.
#[derive(Clone, Debug)]
pub struct Pools {
    /// Registers a proposal may write (never r10).
    pub dst_regs: Vec<u8>,
    /// Registers a proposal may read (may include r10).
    pub src_regs: Vec<u8>,
    pub imms: Vec<i32>,
    /// (base register, offset) of memory accesses in the original window.
    pub mem: Vec<(u8, i16)>,
}

impl Pools {
    pub fn new(orig: &[Insn], w: &Window) -> Self {
        let mut regs: Vec<u8> = Vec::new();
        let mut imms: Vec<i32> = vec![0, 1, -1, 2, 4, 8, 16, 32, 0xff, 0xffff];
        let mut mem = Vec::new();
        for r in 0..isa::NUM_REGS as u8 {
            if (w.live_in | w.live_out) & (1 << r) != 0 {
                regs.push(r);
            }
        }
        for (k, i) in orig.iter().enumerate() {
            if k > 0 && orig[k - 1].is_lddw() {
                continue;
            }
            regs.push(i.dst);
            if i.src_is_reg() || matches!(i.class(), isa::BPF_LDX | isa::BPF_STX) {
                regs.push(i.src);
            }
            imms.push(i.imm);
            match i.class() {
                isa::BPF_LDX => mem.push((i.src, i.off)),
                isa::BPF_ST | isa::BPF_STX => mem.push((i.dst, i.off)),
                _ => {}
            }
        }
        for v in w.pre.iter().flatten() {
            imms.push(*v as i32);
        }
        regs.sort_unstable();
        regs.dedup();
        imms.sort_unstable();
        imms.dedup();
        mem.sort_unstable();
        mem.dedup();
        let dst_regs: Vec<u8> = regs.iter().copied().filter(|&r| r != 10).collect();
        let dst_regs = if dst_regs.is_empty() { vec![0] } else { dst_regs };
        Pools { dst_regs, src_regs: regs, imms, mem }
    }

    fn dst(&self, rng: &mut Rng) -> u8 {
        if rng.chance(0.9) { *rng.pick(&self.dst_regs).unwrap() } else { rng.below(10) as u8 }
    }
    fn src(&self, rng: &mut Rng) -> u8 {
        if rng.chance(0.9) { *rng.pick(&self.src_regs).unwrap_or(&0) } else { rng.below(11) as u8 }
    }
    fn imm(&self, rng: &mut Rng) -> i32 {
        match rng.below(10) {
            0 => rng.next_u32() as i32,
            1 => rng.below(64) as i32,
            _ => *rng.pick(&self.imms).unwrap(),
        }
    }
    fn mem_operand(&self, rng: &mut Rng) -> Option<(u8, i16)> {
        let &(b, off) = rng.pick(&self.mem)?;
        let off = match rng.below(6) {
            0 => off.wrapping_add([-8, -4, -2, -1, 1, 2, 4, 8][rng.index(8)]),
            _ => off,
        };
        Some((b, off))
    }
}

const ALU_OPS: &[u8] = &[
    isa::BPF_MOV, isa::BPF_MOV, isa::BPF_MOV, isa::BPF_ADD, isa::BPF_ADD, isa::BPF_SUB, isa::BPF_MUL, isa::BPF_DIV,
    isa::BPF_OR, isa::BPF_AND, isa::BPF_LSH, isa::BPF_RSH, isa::BPF_NEG, isa::BPF_MOD, isa::BPF_XOR, isa::BPF_ARSH,
];
const SIZES: &[u8] = &[isa::BPF_B, isa::BPF_H, isa::BPF_W, isa::BPF_DW];

/// A random window instruction (never LDDW: that needs two slots).
pub fn random_insn(p: &Pools, rng: &mut Rng) -> Insn {
    for _ in 0..32 {
        let i = random_insn_once(p, rng);
        if valid(&i) {
            return i;
        }
    }
    Insn::nop()
}

fn random_insn_once(p: &Pools, rng: &mut Rng) -> Insn {
    let mem = !p.mem.is_empty();
    match rng.below(if mem { 10 } else { 6 }) {
        0..=3 => random_alu(p, rng, true),
        4 => random_alu(p, rng, false),
        5 => {
            let bits = [16, 32, 64][rng.index(3)];
            let code = if rng.chance(0.5) { isa::BPF_ALU | isa::BPF_END | isa::BPF_TO_BE } else { isa::BPF_ALU64 | isa::BPF_END };
            Insn::new(code, p.dst(rng), 0, 0, bits)
        }
        6 => {
            let (b, off) = p.mem_operand(rng).unwrap();
            Insn::ldx(SIZES[rng.index(4)], p.dst(rng), b, off)
        }
        7 => {
            let (b, off) = p.mem_operand(rng).unwrap();
            Insn::st(SIZES[rng.index(4)], b, off, p.imm(rng))
        }
        8 => {
            let (b, off) = p.mem_operand(rng).unwrap();
            Insn::stx(SIZES[rng.index(4)], b, p.src(rng), off)
        }
        _ => {
            let (b, off) = p.mem_operand(rng).unwrap();
            let size = if rng.chance(0.5) { isa::BPF_W } else { isa::BPF_DW };
            let op = [isa::BPF_ADD, isa::BPF_OR, isa::BPF_AND, isa::BPF_XOR][rng.index(4)];
            Insn::new(isa::BPF_STX | size | isa::BPF_ATOMIC, b, p.src(rng), off, op as i32)
        }
    }
}

fn random_alu(p: &Pools, rng: &mut Rng, is64: bool) -> Insn {
    let op = ALU_OPS[rng.index(ALU_OPS.len())];
    let dst = p.dst(rng);
    if op == isa::BPF_NEG {
        return if is64 { Insn::alu64_imm(op, dst, 0) } else { Insn::alu32_imm(op, dst, 0) };
    }
    if rng.chance(0.5) {
        let src = p.src(rng);
        if is64 { Insn::alu64_reg(op, dst, src) } else { Insn::alu32_reg(op, dst, src) }
    } else {
        let mut imm = p.imm(rng);
        if matches!(op, isa::BPF_LSH | isa::BPF_RSH | isa::BPF_ARSH) {
            imm = imm.rem_euclid(if is64 { 64 } else { 32 });
        }
        if is64 { Insn::alu64_imm(op, dst, imm) } else { Insn::alu32_imm(op, dst, imm) }
    }
}

/// Whether `i` is a well-formed single-slot window instruction that does not write r10.
pub fn valid(i: &Insn) -> bool {
    !i.is_lddw() && !is_call(i) && i.dst <= 10 && i.src <= 10 && interp::window_insn(i) && !writes_r10(i)
}

/// Helper calls are fixed points of the search: never inserted, deleted, changed or moved.
pub fn is_call(i: &Insn) -> bool {
    i.code == isa::CALL
}

/// Slots the mutator never touches: helper calls and map-fd loads.
fn is_fixed(i: &Insn) -> bool {
    is_call(i) || (i.is_lddw() && i.src != 0)
}

fn writes_r10(i: &Insn) -> bool {
    i.dst == 10 && matches!(i.class(), isa::BPF_ALU | isa::BPF_ALU64 | isa::BPF_LDX)
}

/// Changes one operand of `i` (dst, src, immediate or offset).
pub fn tweak_operand(i: &Insn, p: &Pools, rng: &mut Rng) -> Insn {
    for _ in 0..16 {
        let mut n = *i;
        match rng.below(4) {
            0 => n.dst = if matches!(n.class(), isa::BPF_ST | isa::BPF_STX) { p.src(rng) } else { p.dst(rng) },
            1 if n.src_is_reg() || matches!(n.class(), isa::BPF_LDX | isa::BPF_STX) => n.src = p.src(rng),
            2 if !n.src_is_reg() || n.class() == isa::BPF_ST => {
                n.imm = p.imm(rng);
                if n.class() == isa::BPF_ALU64 || n.class() == isa::BPF_ALU {
                    if matches!(n.op(), isa::BPF_LSH | isa::BPF_RSH | isa::BPF_ARSH) {
                        n.imm = n.imm.rem_euclid(if n.class() == isa::BPF_ALU64 { 64 } else { 32 });
                    }
                }
            }
            3 if matches!(n.class(), isa::BPF_LDX | isa::BPF_ST | isa::BPF_STX) => {
                if let Some((_, off)) = p.mem_operand(rng) {
                    n.off = off;
                }
            }
            _ => {
                // change the opcode's operation or size, keeping the class
                match n.class() {
                    isa::BPF_ALU | isa::BPF_ALU64 if n.op() != isa::BPF_END => {
                        let op = ALU_OPS[rng.index(ALU_OPS.len())];
                        n.code = (n.code & 0x0f) | op;
                        if op == isa::BPF_NEG {
                            n = Insn::new(n.class() | isa::BPF_NEG, n.dst, 0, 0, 0);
                        }
                    }
                    isa::BPF_LDX | isa::BPF_ST | isa::BPF_STX => {
                        n.code = (n.code & !0x18) | SIZES[rng.index(4)];
                    }
                    _ => {}
                }
            }
        }
        if n != *i && valid(&n) {
            return n;
        }
    }
    random_insn(p, rng)
}

/// Proposes a new body for window `w` of the candidate slots `cur` (in place).
/// `orig` is the original program's window body.
pub fn propose(cur: &mut [Insn], orig: &[Insn], p: &Pools, rng: &mut Rng) {
    let n = cur.len();
    // choose a slot that is not the second half of an LDDW
    // calls and the map loads that feed them stay in place (a few tries, then give up)
    let mut k = rng.index(n);
    for _ in 0..8 {
        if k > 0 && cur[k - 1].is_lddw() {
            k -= 1;
        }
        if !is_fixed(&cur[k]) {
            break;
        }
        k = rng.index(n);
    }
    if is_fixed(&cur[k]) || (k > 0 && cur[k - 1].is_lddw()) {
        return;
    }
    let was_lddw = cur[k].is_lddw();
    let roll = rng.unit();
    let replacement = if roll < 0.15 {
        Insn::nop()
    } else if roll < 0.48 {
        if cur[k].is_nop() || was_lddw { random_insn(p, rng) } else { tweak_operand(&cur[k], p, rng) }
    } else if roll < 0.81 {
        random_insn(p, rng)
    } else if roll < 0.93 && n >= 2 {
        swap_slots(cur, rng);
        return;
    } else {
        restore(cur, orig, k);
        return;
    };
    cur[k] = replacement;
    if was_lddw && k + 1 < n {
        cur[k + 1] = Insn::nop();
    }
}

fn swap_slots(cur: &mut [Insn], rng: &mut Rng) {
    let n = cur.len();
    let a = rng.index(n);
    let b = rng.index(n);
    let fixed = |k: usize| cur[k].is_lddw() || (k > 0 && cur[k - 1].is_lddw()) || is_call(&cur[k]);
    if a != b && !fixed(a) && !fixed(b) {
        cur.swap(a, b);
    }
}

/// Puts back the original instruction at `k`; if an LDDW covers `k` in either, the whole original window.
fn restore(cur: &mut [Insn], orig: &[Insn], k: usize) {
    let lddw_at = |v: &[Insn]| v[k].is_lddw() || (k > 0 && v[k - 1].is_lddw());
    if lddw_at(cur) || lddw_at(orig) {
        cur.copy_from_slice(orig);
    } else {
        cur[k] = orig[k];
    }
}
