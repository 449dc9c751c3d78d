//! A fast interpreter for straight-line windows over a compact state:
//! eleven registers plus a flat byte memory whose initial contents are a
//! pseudo-random function of the address (so any pointer value works), with
//! explicit overrides for bytes a solver counterexample pinned down.
//!
//! Only the instructions a window may contain are executed here (ALU/ALU64,
//! byte swaps, LDDW immediates, LDX/ST/STX and non-fetching atomics); the
//! full-program reference semantics live in the crate's interpreter.

use crate::isa::{self, Insn};
use crate::opt::analysis::RegSet;

/// One window input: registers and the initial memory.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TestCase {
    pub regs: [u64; isa::NUM_REGS],
    /// Seed of the pseudo-random initial memory.
    pub mem_seed: u64,
    /// Initial bytes that differ from the pseudo-random default (from counterexamples).
    pub mem: Vec<(u64, u8)>,
}

impl TestCase {
    /// Initial value of memory byte `addr`.
    pub fn initial_byte(&self, addr: u64) -> u8 {
        for &(a, b) in &self.mem {
            if a == addr {
                return b;
            }
        }
        default_byte(self.mem_seed, addr)
    }
}

/// The pseudo-random default memory contents.
pub fn default_byte(seed: u64, addr: u64) -> u8 {
    let mut z = seed ^ addr.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) as u8
}

/// Final state of a window run: registers and the ordered log of byte writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub regs: [u64; isa::NUM_REGS],
    pub writes: Vec<(u64, u8)>,
}

impl Outcome {
    /// Current value of memory byte `addr` (last write, else the initial byte).
    pub fn byte(&self, tc: &TestCase, addr: u64) -> u8 {
        for &(a, b) in self.writes.iter().rev() {
            if a == addr {
                return b;
            }
        }
        tc.initial_byte(addr)
    }

    fn load(&self, tc: &TestCase, addr: u64, bytes: usize) -> u64 {
        let mut v = 0u64;
        for i in 0..bytes {
            v |= (self.byte(tc, addr.wrapping_add(i as u64)) as u64) << (8 * i);
        }
        v
    }

    fn store(&mut self, addr: u64, bytes: usize, value: u64) {
        for i in 0..bytes {
            self.writes.push((addr.wrapping_add(i as u64), (value >> (8 * i)) as u8));
        }
    }
}

/// eBPF ALU semantics (`off` selects signed div/mod and sign-extending moves).
pub fn alu(op: u8, is64: bool, dst: u64, src: u64, off: i16) -> u64 {
    if is64 {
        alu64(op, dst, src, off)
    } else {
        alu32(op, dst as u32, src as u32, off) as u64
    }
}

fn alu64(op: u8, d: u64, s: u64, off: i16) -> u64 {
    match op {
        isa::BPF_ADD => d.wrapping_add(s),
        isa::BPF_SUB => d.wrapping_sub(s),
        isa::BPF_MUL => d.wrapping_mul(s),
        isa::BPF_DIV if s == 0 => 0,
        isa::BPF_DIV if off == 1 => (d as i64).wrapping_div(s as i64) as u64,
        isa::BPF_DIV => d / s,
        isa::BPF_MOD if s == 0 => d,
        isa::BPF_MOD if off == 1 => (d as i64).wrapping_rem(s as i64) as u64,
        isa::BPF_MOD => d % s,
        isa::BPF_OR => d | s,
        isa::BPF_AND => d & s,
        isa::BPF_XOR => d ^ s,
        isa::BPF_LSH => d << (s & 63),
        isa::BPF_RSH => d >> (s & 63),
        isa::BPF_ARSH => ((d as i64) >> (s & 63)) as u64,
        isa::BPF_NEG => d.wrapping_neg(),
        isa::BPF_MOV => match off {
            8 => s as i8 as i64 as u64,
            16 => s as i16 as i64 as u64,
            32 => s as i32 as i64 as u64,
            _ => s,
        },
        _ => d,
    }
}

fn alu32(op: u8, d: u32, s: u32, off: i16) -> u32 {
    match op {
        isa::BPF_ADD => d.wrapping_add(s),
        isa::BPF_SUB => d.wrapping_sub(s),
        isa::BPF_MUL => d.wrapping_mul(s),
        isa::BPF_DIV if s == 0 => 0,
        isa::BPF_DIV if off == 1 => (d as i32).wrapping_div(s as i32) as u32,
        isa::BPF_DIV => d / s,
        isa::BPF_MOD if s == 0 => d,
        isa::BPF_MOD if off == 1 => (d as i32).wrapping_rem(s as i32) as u32,
        isa::BPF_MOD => d % s,
        isa::BPF_OR => d | s,
        isa::BPF_AND => d & s,
        isa::BPF_XOR => d ^ s,
        isa::BPF_LSH => d << (s & 31),
        isa::BPF_RSH => d >> (s & 31),
        isa::BPF_ARSH => ((d as i32) >> (s & 31)) as u32,
        isa::BPF_NEG => d.wrapping_neg(),
        isa::BPF_MOV => match off {
            8 => s as i8 as i32 as u32,
            16 => s as i16 as i32 as u32,
            _ => s,
        },
        _ => d,
    }
}

/// `BPF_END`: to-little-endian truncates (little-endian host), to-big-endian and
/// ALU64 `bswap` reverse the low `bits` bits' bytes; the result is zero-extended.
pub fn endian(v: u64, bswap: bool, to_be: bool, bits: u32) -> u64 {
    let swap = bswap || to_be;
    match bits {
        16 => if swap { (v as u16).swap_bytes() as u64 } else { v as u16 as u64 },
        32 => if swap { (v as u32).swap_bytes() as u64 } else { v as u32 as u64 },
        _ => if swap { v.swap_bytes() } else { v },
    }
}

/// Whether `insn` (not an LDDW second slot) may appear inside a window.
pub fn window_insn(insn: &Insn) -> bool {
    match isa::kind_of(insn, false) {
        Ok(isa::Kind::Alu { .. } | isa::Kind::End { .. } | isa::Kind::Ldx { .. } | isa::Kind::St { .. } | isa::Kind::Stx { .. }) => true,
        Ok(isa::Kind::Atomic { op, .. }) => is_plain_atomic(op),
        Ok(isa::Kind::Lddw { pseudo: 0 }) => true,
        Ok(isa::Kind::Ja) => insn.is_nop(),
        _ => false,
    }
}

/// Atomic ADD/OR/AND/XOR without BPF_FETCH.
pub fn is_plain_atomic(op: i32) -> bool {
    matches!(op as u8, isa::BPF_ADD | isa::BPF_OR | isa::BPF_AND | isa::BPF_XOR) && op & !0xf0 == 0
}

/// Runs a straight-line window on `tc`, reusing `out`'s buffers.
pub fn run(insns: &[Insn], tc: &TestCase, out: &mut Outcome) {
    out.regs = tc.regs;
    out.writes.clear();
    let mut pc = 0;
    while pc < insns.len() {
        let i = insns[pc];
        pc += 1;
        step(&i, insns.get(pc), tc, out);
        if i.code == isa::LDDW {
            pc += 1;
        }
    }
}

fn step(i: &Insn, next: Option<&Insn>, tc: &TestCase, out: &mut Outcome) {
    let d = (i.dst & 15) as usize;
    let s = (i.src & 15) as usize;
    let cls = i.class();
    let r = &mut out.regs;
    match cls {
        isa::BPF_ALU | isa::BPF_ALU64 => {
            let is64 = cls == isa::BPF_ALU64;
            let op = i.op();
            if op == isa::BPF_END {
                r[d] = endian(r[d], is64, i.src_is_reg(), i.imm as u32);
            } else {
                let src = if i.src_is_reg() { r[s] } else { i.imm as i64 as u64 };
                r[d] = alu(op, is64, r[d], src, i.off);
            }
        }
        isa::BPF_LD if i.code == isa::LDDW => {
            let hi = next.map(|n| n.imm as u32 as u64).unwrap_or(0);
            r[d] = (hi << 32) | i.imm as u32 as u64;
        }
        isa::BPF_LDX => {
            let bytes = i.access_bytes();
            let addr = r[s].wrapping_add(i.off as i64 as u64);
            let v = out.load(tc, addr, bytes);
            out.regs[d] = if i.mode() == isa::BPF_MEMSX { sign_extend(v, bytes) } else { v };
        }
        isa::BPF_ST => {
            let addr = r[d].wrapping_add(i.off as i64 as u64);
            out.store(addr, i.access_bytes(), i.imm as i64 as u64);
        }
        isa::BPF_STX => {
            let bytes = i.access_bytes();
            let addr = r[d].wrapping_add(i.off as i64 as u64);
            let src = r[s];
            if i.mode() == isa::BPF_ATOMIC {
                let old = out.load(tc, addr, bytes);
                let new = match i.imm as u8 {
                    isa::BPF_ADD => old.wrapping_add(src),
                    isa::BPF_OR => old | src,
                    isa::BPF_AND => old & src,
                    _ => old ^ src,
                };
                out.store(addr, bytes, new);
            } else {
                out.store(addr, bytes, src);
            }
        }
        _ => {} // `ja +0` and anything a window never contains
    }
}

fn sign_extend(v: u64, bytes: usize) -> u64 {
    match bytes {
        1 => v as i8 as i64 as u64,
        2 => v as i16 as i64 as u64,
        4 => v as i32 as i64 as u64,
        _ => v,
    }
}

/// How far `cand` is from `orig` on one test: 0 when live-out registers and all
/// memory agree, otherwise 1 plus the fraction of differing bits.
pub fn distance(orig: &Outcome, cand: &Outcome, live_out: RegSet, tc: &TestCase) -> f64 {
    let mut bits = 0u32;
    for r in 0..isa::NUM_REGS {
        if live_out & (1 << r) != 0 {
            bits += (orig.regs[r] ^ cand.regs[r]).count_ones();
        }
    }
    // identical write logs leave identical memories (the common case)
    if orig.writes != cand.writes {
        for &(a, _) in orig.writes.iter().chain(&cand.writes) {
            bits += (orig.byte(tc, a) ^ cand.byte(tc, a)).count_ones();
        }
    }
    if bits == 0 {
        0.0
    } else {
        1.0 + (bits as f64 / 64.0).min(1.0)
    }
}
