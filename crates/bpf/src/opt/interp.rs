//! A fast interpreter for straight-line windows over a compact state:
//! eleven registers plus a flat byte memory whose initial contents are a
//! pseudo-random function of the address (so any pointer value works), with
//! explicit overrides for bytes a solver counterexample pinned down.
//!
//! Only the instructions a window may contain are executed here (ALU/ALU64,
//! byte swaps, LDDW immediates and map-fd loads, LDX/ST/STX, non-fetching
//! atomics and calls of the helpers in [`window_helper`]); the full-program
//! reference semantics live in the crate's interpreter.
//!
//! Helper calls follow the SMT call model (`equiv::encode`): call `j` returns
//! the test's value for index `j` (pseudo-random unless a counterexample pinned
//! it), r1..r5 are clobbered, and the call with its arguments is logged. Two
//! runs agree only if their call logs agree (same helpers in the same order,
//! same argument registers; for `map_lookup_elem` the same map and the same key
//! bytes, or the same key pointer and memory when the key size is unknown).

use crate::isa::{self, Insn};
use crate::opt::analysis::{helper_arg_regs, RegSet};
use std::collections::BTreeMap;

/// What the call model needs to know about the program's maps: key sizes by map fd.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CallModel {
    pub key_sizes: BTreeMap<i32, u32>,
}

impl CallModel {
    pub const EMPTY: CallModel = CallModel { key_sizes: BTreeMap::new() };

    pub fn key_size(&self, fd: i32) -> Option<u32> {
        self.key_sizes.get(&fd).copied()
    }
}

/// Helpers a window may call: no memory writes, no packet changes, no control transfer.
/// Only `map_lookup_elem` (1) reads memory (its key).
pub fn window_helper(id: i32) -> bool {
    // lookup, ktime_get_ns, get_prandom_u32, get_smp_processor_id, get_current_pid_tgid,
    // get_current_uid_gid, redirect, redirect_map
    matches!(id, 1 | 5 | 7 | 8 | 14 | 15 | 23 | 51)
}

/// The call model of a program without maps.
pub static NO_MAPS: CallModel = CallModel::EMPTY;

pub const MAP_LOOKUP: i32 = 1;
const MAP_PTR_BASE: u64 = 0xffff_8881_0000_0000;

/// The concrete stand-in for the address of map `fd` (the SMT side keeps it symbolic).
pub fn map_ptr(fd: i32) -> u64 {
    MAP_PTR_BASE + ((fd as u32 as u64) << 12)
}

/// Gives registers that hold a map object (region `MapPtr(fd)`) the interpreter's
/// stand-in address of that map, so lookups through them see the map's key size.
pub fn pin_map_pointers(regs: &mut [u64; isa::NUM_REGS], regions: Option<&crate::opt::analysis::RegionState>) {
    if let Some(rs) = regions {
        for (r, region) in rs.iter().enumerate() {
            if let crate::opt::analysis::Region::MapPtr(fd) = region {
                regs[r] = map_ptr(*fd);
            }
        }
    }
}

/// The map fd a [`map_ptr`] value stands for.
pub fn map_fd_of(v: u64) -> Option<i32> {
    let rel = v.wrapping_sub(MAP_PTR_BASE);
    (rel & 0xfff == 0 && rel >> 12 <= u32::MAX as u64).then_some((rel >> 12) as u32 as i32)
}

/// One window input: registers and the initial memory.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TestCase {
    pub regs: [u64; isa::NUM_REGS],
    /// Seed of the pseudo-random initial memory.
    pub mem_seed: u64,
    /// Initial bytes that differ from the pseudo-random default (from counterexamples).
    pub mem: Vec<(u64, u8)>,
    /// Results of helper call `j` that differ from the pseudo-random default.
    pub calls: Vec<(u32, u64)>,
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

    /// r0 after the `j`-th helper call of a window (helper `id`).
    pub fn call_ret(&self, j: u32, id: i32) -> u64 {
        if let Some(&(_, v)) = self.calls.iter().find(|(k, _)| *k == j) {
            return v;
        }
        let z = mix(self.mem_seed ^ 0xca11 ^ ((j as u64) << 32));
        if id == MAP_LOOKUP {
            // null or a pointer (into the map's values)
            if z.is_multiple_of(4) { 0 } else { 0xffff_8882_0000_0000 | (z >> 8 & 0xffff_fff8) }
        } else {
            z
        }
    }
}

/// The garbage a call leaves in caller-saved register `r` (never read by a valid window).
pub fn clobbered(seed: u64, j: u32, r: usize) -> u64 {
    mix(seed ^ 0xdead ^ ((j as u64) << 8) ^ r as u64)
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The pseudo-random default memory contents.
pub fn default_byte(seed: u64, addr: u64) -> u8 {
    let mut z = seed ^ addr.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) as u8
}

/// One helper call of a window run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallRec {
    pub id: i32,
    /// Argument registers r1..r5 the helper reads (0 for unread ones and for a lookup's
    /// key pointer when the key bytes are compared instead).
    pub args: [u64; 5],
    /// Key bytes read (`Outcome::call_bytes[key.0..key.0 + key.1]`).
    pub key: (u32, u32),
    /// For a lookup with unknown key size: the number of writes done before the call
    /// (memory at the call must agree); `u32::MAX` otherwise.
    pub writes_at: u32,
}

/// Final state of a window run: registers, the ordered log of byte writes, the helper calls.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub regs: [u64; isa::NUM_REGS],
    pub writes: Vec<(u64, u8)>,
    pub calls: Vec<CallRec>,
    pub call_bytes: Vec<u8>,
}

impl Outcome {
    /// Value of memory byte `addr` after the first `n` writes.
    pub fn byte_after(&self, tc: &TestCase, addr: u64, n: usize) -> u8 {
        for &(a, b) in self.writes[..n].iter().rev() {
            if a == addr {
                return b;
            }
        }
        tc.initial_byte(addr)
    }

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
        Ok(isa::Kind::Lddw { pseudo: 0 | isa::BPF_PSEUDO_MAP_FD }) => true,
        Ok(isa::Kind::CallHelper(id)) => window_helper(id),
        Ok(isa::Kind::Ja) => insn.is_nop(),
        _ => false,
    }
}

/// Atomic ADD/OR/AND/XOR without BPF_FETCH.
pub fn is_plain_atomic(op: i32) -> bool {
    matches!(op as u8, isa::BPF_ADD | isa::BPF_OR | isa::BPF_AND | isa::BPF_XOR) && op & !0xf0 == 0
}

/// Runs a straight-line window on `tc` (no map key sizes known), reusing `out`'s buffers.
pub fn run(insns: &[Insn], tc: &TestCase, out: &mut Outcome) {
    run_with(insns, tc, &CallModel::EMPTY, out)
}

/// Runs a straight-line window on `tc` under the call model `cm`, reusing `out`'s buffers.
pub fn run_with(insns: &[Insn], tc: &TestCase, cm: &CallModel, out: &mut Outcome) {
    out.regs = tc.regs;
    out.writes.clear();
    out.calls.clear();
    out.call_bytes.clear();
    let mut pc = 0;
    while pc < insns.len() {
        let i = insns[pc];
        pc += 1;
        if i.code == isa::CALL && i.src == 0 {
            call(i.imm, tc, cm, out);
            continue;
        }
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
        isa::BPF_LD if i.code == isa::LDDW && i.src == isa::BPF_PSEUDO_MAP_FD => r[d] = map_ptr(i.imm),
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

/// A helper call: log it with its arguments, set r0, clobber r1..r5.
fn call(id: i32, tc: &TestCase, cm: &CallModel, out: &mut Outcome) {
    let j = out.calls.len() as u32;
    let used = helper_arg_regs(id);
    let mut rec = CallRec { id, args: [0; 5], key: (out.call_bytes.len() as u32, 0), writes_at: u32::MAX };
    for k in 1..=5 {
        if used & (1 << k) != 0 {
            rec.args[k - 1] = out.regs[k];
        }
    }
    if id == MAP_LOOKUP {
        match map_fd_of(out.regs[1]).and_then(|fd| cm.key_size(fd)) {
            Some(n) => {
                rec.args[1] = 0;
                for b in 0..n as u64 {
                    let v = out.byte(tc, out.regs[2].wrapping_add(b));
                    out.call_bytes.push(v);
                }
                rec.key.1 = n;
            }
            None => rec.writes_at = out.writes.len() as u32,
        }
    }
    out.calls.push(rec);
    out.regs[0] = tc.call_ret(j, id);
    for k in 1..=5 {
        out.regs[k] = clobbered(tc.mem_seed, j, k);
    }
}

/// Differing bits between the call logs of two runs (64 per structural mismatch).
fn call_distance(a: &Outcome, b: &Outcome, tc: &TestCase) -> u32 {
    if a.calls.len() != b.calls.len() {
        return 64;
    }
    let mut bits = 0;
    for (ca, cb) in a.calls.iter().zip(&b.calls) {
        if ca.id != cb.id || ca.key.1 != cb.key.1 || (ca.writes_at == u32::MAX) != (cb.writes_at == u32::MAX) {
            return 64;
        }
        bits += ca.args.iter().zip(&cb.args).map(|(x, y)| (x ^ y).count_ones()).sum::<u32>();
        let ka = &a.call_bytes[ca.key.0 as usize..(ca.key.0 + ca.key.1) as usize];
        let kb = &b.call_bytes[cb.key.0 as usize..(cb.key.0 + cb.key.1) as usize];
        bits += ka.iter().zip(kb).map(|(x, y)| (x ^ y).count_ones()).sum::<u32>();
        if ca.writes_at != u32::MAX {
            let (na, nb) = (ca.writes_at as usize, cb.writes_at as usize);
            for &(addr, _) in a.writes[..na].iter().chain(&b.writes[..nb]) {
                bits += (a.byte_after(tc, addr, na) ^ b.byte_after(tc, addr, nb)).count_ones();
            }
        }
    }
    bits
}

fn sign_extend(v: u64, bytes: usize) -> u64 {
    match bytes {
        1 => v as i8 as i64 as u64,
        2 => v as i16 as i64 as u64,
        4 => v as i32 as i64 as u64,
        _ => v,
    }
}

/// How far `cand` is from `orig` on one test: 0 when live-out registers, all
/// memory and the helper call logs agree, otherwise 1 plus the fraction of differing bits.
pub fn distance(orig: &Outcome, cand: &Outcome, live_out: RegSet, tc: &TestCase) -> f64 {
    let mut bits = 0u32;
    if !orig.calls.is_empty() || !cand.calls.is_empty() {
        bits += call_distance(orig, cand, tc);
    }
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
