//! The eBPF instruction set as the Linux kernel accepts it.
//!
//! A program is a slice of 8-byte [`Insn`] slots exactly as in `struct bpf_insn`
//! (`code:u8, dst:4, src:4, off:i16, imm:i32`, little endian). `LDDW` (`BPF_LD|BPF_IMM|BPF_DW`)
//! occupies two slots; the second has `code == 0` and carries the upper 32 bits in `imm`.
//! Keeping the raw slot form (instead of a decoded enum) makes encode/decode the identity,
//! keeps jump offsets meaningful and lets the optimizer mutate fields directly.
//! [`Insn::kind`] gives a decoded view when a match on meaning is clearer.

use std::fmt;

// ---- opcode fields ---------------------------------------------------------
pub const BPF_LD: u8 = 0x00;
pub const BPF_LDX: u8 = 0x01;
pub const BPF_ST: u8 = 0x02;
pub const BPF_STX: u8 = 0x03;
pub const BPF_ALU: u8 = 0x04;
pub const BPF_JMP: u8 = 0x05;
pub const BPF_JMP32: u8 = 0x06;
pub const BPF_ALU64: u8 = 0x07;

pub const BPF_W: u8 = 0x00;
pub const BPF_H: u8 = 0x08;
pub const BPF_B: u8 = 0x10;
pub const BPF_DW: u8 = 0x18;

pub const BPF_IMM: u8 = 0x00;
pub const BPF_ABS: u8 = 0x20;
pub const BPF_IND: u8 = 0x40;
pub const BPF_MEM: u8 = 0x60;
pub const BPF_MEMSX: u8 = 0x80;
pub const BPF_ATOMIC: u8 = 0xc0;

pub const BPF_K: u8 = 0x00;
pub const BPF_X: u8 = 0x08;

pub const BPF_ADD: u8 = 0x00;
pub const BPF_SUB: u8 = 0x10;
pub const BPF_MUL: u8 = 0x20;
pub const BPF_DIV: u8 = 0x30;
pub const BPF_OR: u8 = 0x40;
pub const BPF_AND: u8 = 0x50;
pub const BPF_LSH: u8 = 0x60;
pub const BPF_RSH: u8 = 0x70;
pub const BPF_NEG: u8 = 0x80;
pub const BPF_MOD: u8 = 0x90;
pub const BPF_XOR: u8 = 0xa0;
pub const BPF_MOV: u8 = 0xb0;
pub const BPF_ARSH: u8 = 0xc0;
pub const BPF_END: u8 = 0xd0;
/// `BPF_END` source bit: to little endian (K) / to big endian (X). In ALU64 class: unconditional bswap.
pub const BPF_TO_LE: u8 = 0x00;
pub const BPF_TO_BE: u8 = 0x08;

pub const BPF_JA: u8 = 0x00;
pub const BPF_JEQ: u8 = 0x10;
pub const BPF_JGT: u8 = 0x20;
pub const BPF_JGE: u8 = 0x30;
pub const BPF_JSET: u8 = 0x40;
pub const BPF_JNE: u8 = 0x50;
pub const BPF_JSGT: u8 = 0x60;
pub const BPF_JSGE: u8 = 0x70;
pub const BPF_CALL: u8 = 0x80;
pub const BPF_EXIT: u8 = 0x90;
pub const BPF_JLT: u8 = 0xa0;
pub const BPF_JLE: u8 = 0xb0;
pub const BPF_JSLT: u8 = 0xc0;
pub const BPF_JSLE: u8 = 0xd0;

/// Atomic operation codes (in `imm` of `BPF_STX|BPF_ATOMIC`).
pub const BPF_FETCH: i32 = 0x01;
pub const BPF_XCHG: i32 = 0xe0 | BPF_FETCH;
pub const BPF_CMPXCHG: i32 = 0xf0 | BPF_FETCH;

/// `src_reg` values of `LDDW` (pseudo loads).
pub const BPF_PSEUDO_MAP_FD: u8 = 1;
pub const BPF_PSEUDO_MAP_VALUE: u8 = 2;
pub const BPF_PSEUDO_BTF_ID: u8 = 3;
pub const BPF_PSEUDO_FUNC: u8 = 4;
pub const BPF_PSEUDO_MAP_IDX: u8 = 5;
pub const BPF_PSEUDO_MAP_IDX_VALUE: u8 = 6;
/// `src_reg` of `CALL`: bpf-to-bpf call (imm = relative insn offset) and kfunc call.
pub const BPF_PSEUDO_CALL: u8 = 1;
pub const BPF_PSEUDO_KFUNC_CALL: u8 = 2;

pub const LDDW: u8 = BPF_LD | BPF_IMM | BPF_DW;
pub const EXIT: u8 = BPF_JMP | BPF_EXIT;
pub const CALL: u8 = BPF_JMP | BPF_CALL;
pub const JA: u8 = BPF_JMP | BPF_JA;

/// Number of general registers r0..r10 (r10 = read-only frame pointer).
pub const NUM_REGS: usize = 11;
/// Per-frame stack size in bytes.
pub const STACK_SIZE: usize = 512;
/// Largest helper id the kernel this was built against knows (6.x `__BPF_FUNC_MAX_ID - 1`).
pub const MAX_HELPER_ID: i32 = 211;

/// One 8-byte `struct bpf_insn` slot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Insn {
    pub code: u8,
    pub dst: u8,
    pub src: u8,
    pub off: i16,
    pub imm: i32,
}

/// Constructors mirroring the kernel's `BPF_*` macros (samples/bpf/bpf_insn.h).
impl Insn {
    pub const fn new(code: u8, dst: u8, src: u8, off: i16, imm: i32) -> Self {
        Insn { code, dst, src, off, imm }
    }
    pub const fn alu64_imm(op: u8, dst: u8, imm: i32) -> Self {
        Insn::new(BPF_ALU64 | op | BPF_K, dst, 0, 0, imm)
    }
    pub const fn alu64_reg(op: u8, dst: u8, src: u8) -> Self {
        Insn::new(BPF_ALU64 | op | BPF_X, dst, src, 0, 0)
    }
    pub const fn alu32_imm(op: u8, dst: u8, imm: i32) -> Self {
        Insn::new(BPF_ALU | op | BPF_K, dst, 0, 0, imm)
    }
    pub const fn alu32_reg(op: u8, dst: u8, src: u8) -> Self {
        Insn::new(BPF_ALU | op | BPF_X, dst, src, 0, 0)
    }
    pub const fn mov64_imm(dst: u8, imm: i32) -> Self {
        Insn::alu64_imm(BPF_MOV, dst, imm)
    }
    pub const fn mov64_reg(dst: u8, src: u8) -> Self {
        Insn::alu64_reg(BPF_MOV, dst, src)
    }
    pub const fn ldx(size: u8, dst: u8, src: u8, off: i16) -> Self {
        Insn::new(BPF_LDX | size | BPF_MEM, dst, src, off, 0)
    }
    pub const fn stx(size: u8, dst: u8, src: u8, off: i16) -> Self {
        Insn::new(BPF_STX | size | BPF_MEM, dst, src, off, 0)
    }
    pub const fn st(size: u8, dst: u8, off: i16, imm: i32) -> Self {
        Insn::new(BPF_ST | size | BPF_MEM, dst, 0, off, imm)
    }
    pub const fn jmp_imm(op: u8, dst: u8, imm: i32, off: i16) -> Self {
        Insn::new(BPF_JMP | op | BPF_K, dst, 0, off, imm)
    }
    pub const fn jmp_reg(op: u8, dst: u8, src: u8, off: i16) -> Self {
        Insn::new(BPF_JMP | op | BPF_X, dst, src, off, 0)
    }
    pub const fn ja(off: i16) -> Self {
        Insn::new(JA, 0, 0, off, 0)
    }
    pub const fn call(helper: i32) -> Self {
        Insn::new(CALL, 0, 0, 0, helper)
    }
    pub const fn exit() -> Self {
        Insn::new(EXIT, 0, 0, 0, 0)
    }
    /// `LDDW dst, imm64`: two slots.
    pub const fn lddw(dst: u8, src: u8, imm: u64) -> [Insn; 2] {
        [Insn::new(LDDW, dst, src, 0, imm as u32 as i32), Insn::new(0, 0, 0, 0, (imm >> 32) as u32 as i32)]
    }
    /// `BPF_LD_MAP_FD(dst, fd)`: load the map with index/fd `fd`.
    pub const fn ld_map_fd(dst: u8, fd: i32) -> [Insn; 2] {
        Insn::lddw(dst, BPF_PSEUDO_MAP_FD, fd as u32 as u64)
    }
    /// The canonical no-op the optimizer uses for deleted slots: `ja +0`.
    pub const fn nop() -> Self {
        Insn::ja(0)
    }

    pub const fn class(&self) -> u8 {
        self.code & 0x07
    }
    pub const fn size(&self) -> u8 {
        self.code & 0x18
    }
    pub const fn mode(&self) -> u8 {
        self.code & 0xe0
    }
    pub const fn op(&self) -> u8 {
        self.code & 0xf0
    }
    pub const fn src_is_reg(&self) -> bool {
        self.code & BPF_X != 0
    }
    pub const fn is_lddw(&self) -> bool {
        self.code == LDDW
    }
    pub const fn is_exit(&self) -> bool {
        self.code == EXIT
    }
    pub const fn is_nop(&self) -> bool {
        self.code == JA && self.off == 0 && self.imm == 0 && self.dst == 0 && self.src == 0
    }
    pub const fn is_helper_call(&self) -> bool {
        self.code == CALL && self.src == 0
    }
    pub const fn is_pseudo_call(&self) -> bool {
        self.code == CALL && self.src == BPF_PSEUDO_CALL
    }
    /// Conditional or unconditional jump (not CALL/EXIT).
    pub const fn is_jump(&self) -> bool {
        let c = self.class();
        (c == BPF_JMP || c == BPF_JMP32) && self.op() != BPF_CALL && self.op() != BPF_EXIT
    }
    pub const fn is_cond_jump(&self) -> bool {
        self.is_jump() && self.op() != BPF_JA
    }
    /// Jump displacement in slots (relative to the next slot); `gotol` (JMP32|JA) uses imm.
    pub const fn jump_offset(&self) -> i32 {
        if self.code == BPF_JMP32 | BPF_JA {
            self.imm
        } else {
            self.off as i32
        }
    }
    /// Bytes accessed by a LD/LDX/ST/STX: 1, 2, 4 or 8.
    pub const fn access_bytes(&self) -> usize {
        size_bytes(self.size())
    }

    /// Little-endian 8 bytes of `struct bpf_insn`.
    pub fn encode(&self) -> [u8; 8] {
        let mut b = [0u8; 8];
        b[0] = self.code;
        b[1] = (self.dst & 0x0f) | (self.src << 4);
        b[2..4].copy_from_slice(&self.off.to_le_bytes());
        b[4..8].copy_from_slice(&self.imm.to_le_bytes());
        b
    }
    pub fn decode(b: &[u8; 8]) -> Self {
        Insn {
            code: b[0],
            dst: b[1] & 0x0f,
            src: b[1] >> 4,
            off: i16::from_le_bytes([b[2], b[3]]),
            imm: i32::from_le_bytes([b[4], b[5], b[6], b[7]]),
        }
    }
}

pub const fn size_bytes(size: u8) -> usize {
    match size {
        BPF_B => 1,
        BPF_H => 2,
        BPF_W => 4,
        _ => 8,
    }
}

/// Encodes slots into the raw `.insns` byte layout.
pub fn encode_all(insns: &[Insn]) -> Vec<u8> {
    insns.iter().flat_map(|i| i.encode()).collect()
}

/// Decodes raw bytes; the length must be a multiple of 8. Does not validate opcodes
/// (see [`validate`]); the error names the byte offset of the trailing partial slot.
pub fn decode_all(bytes: &[u8]) -> Result<Vec<Insn>, IsaError> {
    if bytes.len() % 8 != 0 {
        return Err(IsaError::at(bytes.len() / 8, format!(
            "truncated instruction at byte offset {}: {} trailing byte(s), instructions are 8 bytes",
            bytes.len() / 8 * 8,
            bytes.len() % 8
        )));
    }
    Ok(bytes.chunks_exact(8).map(|c| Insn::decode(c.try_into().unwrap())).collect())
}

/// A structural problem at one slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IsaError {
    /// Slot index (instruction index, LDDW counts 2).
    pub pc: usize,
    pub msg: String,
}

impl IsaError {
    pub fn at(pc: usize, msg: impl Into<String>) -> Self {
        IsaError { pc, msg: msg.into() }
    }
}

impl fmt::Display for IsaError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "insn {}: {}", self.pc, self.msg)
    }
}
impl std::error::Error for IsaError {}

/// Decoded meaning of one slot (LDDW's second slot is `LddwHigh`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Alu { is64: bool, op: u8, src_reg: bool },
    /// `BPF_END`: `to_be` (ALU class) or unconditional swap (ALU64 class), width in bits.
    End { bswap: bool, to_be: bool, bits: u32 },
    Lddw { pseudo: u8 },
    LddwHigh,
    LdAbs { size: u8 },
    LdInd { size: u8 },
    Ldx { size: u8, sign_ext: bool },
    St { size: u8 },
    Stx { size: u8 },
    Atomic { size: u8, op: i32 },
    Ja,
    Jcond { is64: bool, op: u8, src_reg: bool },
    CallHelper(i32),
    CallLocal(i32),
    CallKfunc(i32),
    Exit,
}

/// Decodes the meaning of `insns[pc]` and checks reserved fields the way the kernel does.
/// `prev_is_lddw` tells whether the previous slot started an LDDW.
pub fn kind_of(insn: &Insn, prev_is_lddw: bool) -> Result<Kind, String> {
    let i = insn;
    if prev_is_lddw {
        if i.code != 0 || i.dst != 0 || i.src != 0 || i.off != 0 {
            return Err("invalid second slot of LDDW (must have code 0 and zero fields)".into());
        }
        return Ok(Kind::LddwHigh);
    }
    let bad_op = || Err(format!("unknown opcode 0x{:02x}", i.code));
    let reserved = |what: &str| Err(format!("opcode 0x{:02x} uses reserved field {what}", i.code));
    match i.class() {
        BPF_ALU | BPF_ALU64 => {
            let is64 = i.class() == BPF_ALU64;
            let op = i.op();
            match op {
                BPF_END => {
                    if is64 && i.src_is_reg() {
                        return bad_op();
                    }
                    if i.src != 0 || i.off != 0 {
                        return reserved("src/off");
                    }
                    if !matches!(i.imm, 16 | 32 | 64) {
                        return Err(format!("invalid byte swap width {}", i.imm));
                    }
                    Ok(Kind::End { bswap: is64, to_be: !is64 && i.src_is_reg(), bits: i.imm as u32 })
                }
                BPF_NEG => {
                    if i.src_is_reg() || i.src != 0 || i.off != 0 || i.imm != 0 {
                        return reserved("src/off/imm");
                    }
                    Ok(Kind::Alu { is64, op, src_reg: false })
                }
                BPF_ADD | BPF_SUB | BPF_MUL | BPF_DIV | BPF_OR | BPF_AND | BPF_LSH | BPF_RSH | BPF_MOD
                | BPF_XOR | BPF_MOV | BPF_ARSH => {
                    let off_ok = match op {
                        BPF_DIV | BPF_MOD => i.off == 0 || i.off == 1,
                        BPF_MOV if i.src_is_reg() => {
                            if is64 {
                                matches!(i.off, 0 | 8 | 16 | 32)
                            } else {
                                matches!(i.off, 0 | 8 | 16)
                            }
                        }
                        _ => i.off == 0,
                    };
                    if !off_ok {
                        return reserved("off");
                    }
                    if i.src_is_reg() {
                        if i.imm != 0 {
                            return reserved("imm");
                        }
                    } else if i.src != 0 {
                        return reserved("src_reg");
                    }
                    if !i.src_is_reg() && matches!(op, BPF_LSH | BPF_RSH | BPF_ARSH) {
                        let bits = if is64 { 64 } else { 32 };
                        if i.imm < 0 || i.imm >= bits {
                            return Err(format!("invalid shift {}", i.imm));
                        }
                    }
                    Ok(Kind::Alu { is64, op, src_reg: i.src_is_reg() })
                }
                _ => bad_op(),
            }
        }
        BPF_LD => match i.mode() {
            BPF_IMM if i.size() == BPF_DW => {
                if i.off != 0 {
                    return reserved("off");
                }
                if i.src > BPF_PSEUDO_MAP_IDX_VALUE {
                    return Err(format!("invalid LDDW pseudo source {}", i.src));
                }
                Ok(Kind::Lddw { pseudo: i.src })
            }
            BPF_ABS if i.size() != BPF_DW => {
                if i.dst != 0 || i.src != 0 || i.off != 0 {
                    return reserved("dst/src/off");
                }
                Ok(Kind::LdAbs { size: i.size() })
            }
            BPF_IND if i.size() != BPF_DW => {
                if i.dst != 0 || i.off != 0 {
                    return reserved("dst/off");
                }
                Ok(Kind::LdInd { size: i.size() })
            }
            _ => bad_op(),
        },
        BPF_LDX => match i.mode() {
            BPF_MEM | BPF_MEMSX => {
                let sx = i.mode() == BPF_MEMSX;
                if sx && i.size() == BPF_DW {
                    return bad_op();
                }
                if i.imm != 0 {
                    return reserved("imm");
                }
                Ok(Kind::Ldx { size: i.size(), sign_ext: sx })
            }
            _ => bad_op(),
        },
        BPF_ST => {
            if i.mode() != BPF_MEM {
                return bad_op();
            }
            if i.src != 0 {
                return reserved("src_reg");
            }
            Ok(Kind::St { size: i.size() })
        }
        BPF_STX => match i.mode() {
            BPF_MEM => {
                if i.imm != 0 {
                    return reserved("imm");
                }
                Ok(Kind::Stx { size: i.size() })
            }
            BPF_ATOMIC => {
                if i.size() != BPF_W && i.size() != BPF_DW {
                    return Err("atomic operation must be 32 or 64 bit".into());
                }
                let ok = matches!(i.imm & !BPF_FETCH, 0x00 | 0x40 | 0x50 | 0xa0) || i.imm == BPF_XCHG || i.imm == BPF_CMPXCHG;
                if !ok {
                    return Err(format!("unknown atomic operation 0x{:x}", i.imm));
                }
                Ok(Kind::Atomic { size: i.size(), op: i.imm })
            }
            _ => bad_op(),
        },
        BPF_JMP | BPF_JMP32 => {
            let is64 = i.class() == BPF_JMP;
            match i.op() {
                BPF_JA => {
                    if i.src_is_reg() || i.dst != 0 || i.src != 0 {
                        return reserved("dst/src");
                    }
                    if is64 && i.imm != 0 {
                        return reserved("imm");
                    }
                    if !is64 && i.off != 0 {
                        return reserved("off");
                    }
                    Ok(Kind::Ja)
                }
                BPF_CALL => {
                    if !is64 || i.src_is_reg() || i.dst != 0 || i.off != 0 {
                        return reserved("dst/off");
                    }
                    match i.src {
                        0 => {
                            if i.imm < 1 || i.imm > MAX_HELPER_ID {
                                return Err(format!("unknown helper function {}", i.imm));
                            }
                            Ok(Kind::CallHelper(i.imm))
                        }
                        BPF_PSEUDO_CALL => Ok(Kind::CallLocal(i.imm)),
                        BPF_PSEUDO_KFUNC_CALL => Ok(Kind::CallKfunc(i.imm)),
                        s => Err(format!("invalid CALL source {s}")),
                    }
                }
                BPF_EXIT => {
                    if !is64 || i.src_is_reg() || i.dst != 0 || i.src != 0 || i.off != 0 || i.imm != 0 {
                        return reserved("dst/src/off/imm");
                    }
                    Ok(Kind::Exit)
                }
                BPF_JEQ | BPF_JGT | BPF_JGE | BPF_JSET | BPF_JNE | BPF_JSGT | BPF_JSGE | BPF_JLT | BPF_JLE
                | BPF_JSLT | BPF_JSLE => {
                    if i.src_is_reg() {
                        if i.imm != 0 {
                            return reserved("imm");
                        }
                    } else if i.src != 0 {
                        return reserved("src_reg");
                    }
                    Ok(Kind::Jcond { is64, op: i.op(), src_reg: i.src_is_reg() })
                }
                _ => bad_op(),
            }
        }
        _ => unreachable!(),
    }
}

/// Structural validation as the kernel does before verification: known opcodes,
/// reserved fields zero, registers in range (r10 never written), complete LDDW pairs,
/// jump and bpf-to-bpf call targets inside the program and not into an LDDW's second
/// slot, helper ids known, and the last instruction an exit or jump.
pub fn validate(insns: &[Insn]) -> Result<Vec<Kind>, IsaError> {
    if insns.is_empty() {
        return Err(IsaError::at(0, "empty program"));
    }
    let mut kinds = Vec::with_capacity(insns.len());
    let mut prev_lddw = false;
    for (pc, i) in insns.iter().enumerate() {
        let k = kind_of(i, prev_lddw).map_err(|m| IsaError::at(pc, m))?;
        check_registers(i, &k).map_err(|m| IsaError::at(pc, m))?;
        prev_lddw = matches!(k, Kind::Lddw { .. });
        kinds.push(k);
    }
    if prev_lddw {
        return Err(IsaError::at(insns.len() - 1, "LDDW missing its second slot at end of program"));
    }
    let n = insns.len() as i64;
    for (pc, (i, k)) in insns.iter().zip(&kinds).enumerate() {
        let target = match k {
            Kind::Ja | Kind::Jcond { .. } => Some(pc as i64 + 1 + i.jump_offset() as i64),
            Kind::CallLocal(imm) => Some(pc as i64 + 1 + *imm as i64),
            _ => None,
        };
        if let Some(t) = target {
            if t < 0 || t >= n {
                return Err(IsaError::at(pc, format!("jump out of range: target {t}, program has {n} instructions")));
            }
            if kinds[t as usize] == Kind::LddwHigh {
                return Err(IsaError::at(pc, format!("jump into the middle of LDDW at {t}")));
            }
        }
    }
    let last = kinds.len() - 1;
    if !matches!(kinds[last], Kind::Exit | Kind::Ja) {
        return Err(IsaError::at(last, "last instruction is not an exit or unconditional jump"));
    }
    Ok(kinds)
}

fn check_registers(i: &Insn, k: &Kind) -> Result<(), String> {
    if i.dst as usize >= NUM_REGS || (i.src as usize >= NUM_REGS && uses_src_reg(k)) {
        return Err(format!("invalid register (dst r{}, src r{})", i.dst, i.src));
    }
    let writes_dst = matches!(k, Kind::Alu { .. } | Kind::End { .. } | Kind::Lddw { .. } | Kind::Ldx { .. });
    if writes_dst && i.dst == 10 {
        return Err("frame pointer r10 is read only".into());
    }
    Ok(())
}

fn uses_src_reg(k: &Kind) -> bool {
    matches!(
        k,
        Kind::Alu { src_reg: true, .. }
            | Kind::Ldx { .. }
            | Kind::Stx { .. }
            | Kind::Atomic { .. }
            | Kind::Jcond { src_reg: true, .. }
            | Kind::LdInd { .. }
    )
}

/// Instruction count as K2 reports it: slots, not counting `ja +0` no-ops.
pub fn count_real(insns: &[Insn]) -> usize {
    insns.iter().filter(|i| !i.is_nop()).count()
}

/// Removes `ja +0` no-ops, fixing every jump and bpf-to-bpf call offset. A jump that targeted
/// a removed no-op now targets the next kept instruction (same behaviour). Used for outputs
/// that drop deleted instructions instead of keeping them as no-ops.
pub fn remove_nops(insns: &[Insn]) -> Vec<Insn> {
    let n = insns.len();
    // new_index[i] = index in the output of the first kept slot at or after i.
    let mut new_index = vec![0usize; n + 1];
    let mut kept = 0;
    let mut keep = vec![true; n];
    let mut prev_lddw = false;
    for (i, insn) in insns.iter().enumerate() {
        keep[i] = prev_lddw || !insn.is_nop();
        prev_lddw = !prev_lddw && insn.is_lddw();
    }
    for (i, k) in keep.iter().enumerate() {
        new_index[i] = kept;
        if *k {
            kept += 1;
        }
    }
    new_index[n] = kept;
    let mut out = Vec::with_capacity(kept);
    let mut prev_lddw = false;
    for (i, insn) in insns.iter().enumerate() {
        if !keep[i] {
            continue;
        }
        let mut x = *insn;
        let is_second = prev_lddw;
        prev_lddw = !prev_lddw && insn.is_lddw();
        if !is_second && (x.is_jump() || x.is_pseudo_call()) {
            let target = i as i64 + 1 + if x.is_pseudo_call() { x.imm as i64 } else { x.jump_offset() as i64 };
            if (0..=n as i64).contains(&target) {
                let rel = new_index[target as usize] as i64 - (new_index[i] as i64 + 1);
                if x.is_pseudo_call() || x.code == BPF_JMP32 | BPF_JA {
                    x.imm = rel as i32;
                } else {
                    x.off = rel as i16;
                }
            }
        }
        out.push(x);
    }
    out
}

// ---- helpers ----------------------------------------------------------------

/// Kernel helper names by id (uapi `__BPF_FUNC_MAPPER` order), without the `bpf_` prefix.
pub const HELPER_NAMES: &[&str] = &[
    "unspec", "map_lookup_elem", "map_update_elem", "map_delete_elem", "probe_read", "ktime_get_ns",
    "trace_printk", "get_prandom_u32", "get_smp_processor_id", "skb_store_bytes", "l3_csum_replace",
    "l4_csum_replace", "tail_call", "clone_redirect", "get_current_pid_tgid", "get_current_uid_gid",
    "get_current_comm", "get_cgroup_classid", "skb_vlan_push", "skb_vlan_pop", "skb_get_tunnel_key",
    "skb_set_tunnel_key", "perf_event_read", "redirect", "get_route_realm", "perf_event_output",
    "skb_load_bytes", "get_stackid", "csum_diff", "skb_get_tunnel_opt", "skb_set_tunnel_opt",
    "skb_change_proto", "skb_change_type", "skb_under_cgroup", "get_hash_recalc", "get_current_task",
    "probe_write_user", "current_task_under_cgroup", "skb_change_tail", "skb_pull_data", "csum_update",
    "set_hash_invalid", "get_numa_node_id", "skb_change_head", "xdp_adjust_head", "probe_read_str",
    "get_socket_cookie", "get_socket_uid", "set_hash", "setsockopt", "skb_adjust_room", "redirect_map",
    "sk_redirect_map", "sock_map_update", "xdp_adjust_meta", "perf_event_read_value",
    "perf_prog_read_value", "getsockopt", "override_return", "sock_ops_cb_flags_set", "msg_redirect_map",
    "msg_apply_bytes", "msg_cork_bytes", "msg_pull_data", "bind", "xdp_adjust_tail", "skb_get_xfrm_state",
    "get_stack", "skb_load_bytes_relative", "fib_lookup", "sock_hash_update", "msg_redirect_hash",
    "sk_redirect_hash", "lwt_push_encap", "lwt_seg6_store_bytes", "lwt_seg6_adjust_srh",
    "lwt_seg6_action", "rc_repeat", "rc_keydown", "skb_cgroup_id", "get_current_cgroup_id",
    "get_local_storage", "sk_select_reuseport", "skb_ancestor_cgroup_id", "sk_lookup_tcp",
    "sk_lookup_udp", "sk_release", "map_push_elem", "map_pop_elem", "map_peek_elem", "msg_push_data",
    "msg_pop_data", "rc_pointer_rel", "spin_lock", "spin_unlock", "sk_fullsock", "tcp_sock",
    "skb_ecn_set_ce", "get_listener_sock", "skc_lookup_tcp", "tcp_check_syncookie",
];

pub fn helper_name(id: i32) -> String {
    HELPER_NAMES.get(id as usize).map(|s| s.to_string()).unwrap_or_else(|| format!("helper_{id}"))
}

pub fn helper_id(name: &str) -> Option<i32> {
    let name = name.strip_prefix("BPF_FUNC_").or_else(|| name.strip_prefix("bpf_")).unwrap_or(name);
    HELPER_NAMES.iter().position(|n| *n == name).filter(|&p| p > 0).map(|p| p as i32)
}

pub mod helpers {
    pub const MAP_LOOKUP_ELEM: i32 = 1;
    pub const MAP_UPDATE_ELEM: i32 = 2;
    pub const MAP_DELETE_ELEM: i32 = 3;
    pub const PROBE_READ: i32 = 4;
    pub const KTIME_GET_NS: i32 = 5;
    pub const TRACE_PRINTK: i32 = 6;
    pub const GET_PRANDOM_U32: i32 = 7;
    pub const GET_SMP_PROCESSOR_ID: i32 = 8;
    pub const SKB_STORE_BYTES: i32 = 9;
    pub const L3_CSUM_REPLACE: i32 = 10;
    pub const L4_CSUM_REPLACE: i32 = 11;
    pub const TAIL_CALL: i32 = 12;
    pub const GET_CURRENT_PID_TGID: i32 = 14;
    pub const REDIRECT: i32 = 23;
    pub const PERF_EVENT_OUTPUT: i32 = 25;
    pub const SKB_LOAD_BYTES: i32 = 26;
    pub const CSUM_DIFF: i32 = 28;
    pub const XDP_ADJUST_HEAD: i32 = 44;
    pub const REDIRECT_MAP: i32 = 51;
    pub const XDP_ADJUST_META: i32 = 54;
    pub const XDP_ADJUST_TAIL: i32 = 65;
    pub const FIB_LOOKUP: i32 = 69;
}

// ---- text rendering -----------------------------------------------------------

/// The C-like operator of an ALU opcode (`+=`, `s>>=`, ...), as the kernel's disassembler prints it.
pub(crate) fn alu_sym(op: u8) -> &'static str {
    match op {
        BPF_NEG => "neg",
        BPF_ADD => "+=",
        BPF_SUB => "-=",
        BPF_MUL => "*=",
        BPF_DIV => "/=",
        BPF_OR => "|=",
        BPF_AND => "&=",
        BPF_LSH => "<<=",
        BPF_RSH => ">>=",
        BPF_MOD => "%=",
        BPF_XOR => "^=",
        BPF_MOV => "=",
        BPF_ARSH => "s>>=",
        _ => "?=",
    }
}

fn jmp_sym(op: u8) -> &'static str {
    match op {
        BPF_JEQ => "==",
        BPF_JGT => ">",
        BPF_JGE => ">=",
        BPF_JSET => "&",
        BPF_JNE => "!=",
        BPF_JSGT => "s>",
        BPF_JSGE => "s>=",
        BPF_JLT => "<",
        BPF_JLE => "<=",
        BPF_JSLT => "s<",
        BPF_JSLE => "s<=",
        _ => "?",
    }
}

fn size_name(size: u8) -> &'static str {
    match size {
        BPF_B => "u8",
        BPF_H => "u16",
        BPF_W => "u32",
        _ => "u64",
    }
}

/// Kernel-verifier-like rendering of one slot (`next` is the following slot, for LDDW).
pub fn disasm(i: &Insn, next: Option<&Insn>) -> String {
    let k = match kind_of(i, false) {
        Ok(k) => k,
        Err(_) => return format!("(bad 0x{:02x} dst=r{} src=r{} off={} imm={})", i.code, i.dst, i.src, i.off, i.imm),
    };
    let (d, s) = (i.dst, i.src);
    match k {
        Kind::Alu { is64, op, src_reg } => {
            let r = if is64 { "r" } else { "w" };
            if op == BPF_NEG {
                return format!("{r}{d} = -{r}{d}");
            }
            let sdiv = matches!(op, BPF_DIV | BPF_MOD) && i.off == 1;
            let sym = if sdiv { if op == BPF_DIV { "s/=" } else { "s%=" } } else { alu_sym(op) };
            if src_reg {
                if op == BPF_MOV && i.off != 0 {
                    return format!("{r}{d} = (s{}){r}{s}", i.off);
                }
                format!("{r}{d} {sym} {r}{s}")
            } else {
                format!("{r}{d} {sym} {}", i.imm)
            }
        }
        Kind::End { bswap, to_be, bits } => {
            if bswap {
                format!("r{d} = bswap{bits} r{d}")
            } else {
                format!("r{d} = {}{bits} r{d}", if to_be { "be" } else { "le" })
            }
        }
        Kind::Lddw { pseudo } => {
            let hi = next.map(|n| n.imm as u32 as u64).unwrap_or(0);
            let v = (hi << 32) | i.imm as u32 as u64;
            match pseudo {
                BPF_PSEUDO_MAP_FD | BPF_PSEUDO_MAP_IDX => format!("r{d} = map[{}] ll", i.imm),
                BPF_PSEUDO_MAP_VALUE | BPF_PSEUDO_MAP_IDX_VALUE => format!("r{d} = &map[{}][{}] ll", i.imm, hi),
                _ => format!("r{d} = {v:#x} ll"),
            }
        }
        Kind::LddwHigh => "(lddw high)".into(),
        Kind::LdAbs { size } => format!("r0 = *({} *)skb[{}]", size_name(size), i.imm),
        Kind::LdInd { size } => format!("r0 = *({} *)skb[r{s} + {}]", size_name(size), i.imm),
        Kind::Ldx { size, sign_ext } => {
            let ty = if sign_ext { size_name(size).replace('u', "s") } else { size_name(size).to_string() };
            format!("r{d} = *({ty} *)(r{s} {:+})", i.off)
        }
        Kind::St { size } => format!("*({} *)(r{d} {:+}) = {}", size_name(size), i.off, i.imm),
        Kind::Stx { size } => format!("*({} *)(r{d} {:+}) = r{s}", size_name(size), i.off),
        Kind::Atomic { size, op } => {
            let name = match op {
                BPF_XCHG => "xchg".to_string(),
                BPF_CMPXCHG => "cmpxchg".to_string(),
                _ => format!("{}{}", alu_sym((op & !BPF_FETCH) as u8).trim_end_matches('='), if op & BPF_FETCH != 0 { " fetch" } else { "" }),
            };
            format!("lock *({} *)(r{d} {:+}) {name} r{s}", size_name(size), i.off)
        }
        Kind::Ja => format!("goto {:+}", i.jump_offset()),
        Kind::Jcond { is64, op, src_reg } => {
            let r = if is64 { "r" } else { "w" };
            let rhs = if src_reg { format!("{r}{s}") } else { i.imm.to_string() };
            format!("if {r}{d} {} {rhs} goto {:+}", jmp_sym(op), i.off)
        }
        Kind::CallHelper(id) => format!("call {}#{id}", helper_name(id)),
        Kind::CallLocal(off) => format!("call pc{off:+}"),
        Kind::CallKfunc(id) => format!("call kfunc#{id}"),
        Kind::Exit => "exit".into(),
    }
}

/// Multi-line listing `pc: text`, LDDW shown once.
pub fn listing(insns: &[Insn]) -> String {
    let mut out = String::new();
    let mut pc = 0;
    while pc < insns.len() {
        let i = &insns[pc];
        out.push_str(&format!("{pc:4}: {}\n", disasm(i, insns.get(pc + 1))));
        pc += if i.is_lddw() { 2 } else { 1 };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_layout_matches_struct_bpf_insn() {
        let i = Insn::new(0xbf, 2, 10, -4, 0x01020304);
        assert_eq!(i.encode(), [0xbf, 0xa2, 0xfc, 0xff, 4, 3, 2, 1]);
        assert_eq!(Insn::decode(&i.encode()), i);
    }

    #[test]
    fn truncated_bytes_are_rejected_with_offset() {
        let e = decode_all(&[0u8; 11]).unwrap_err();
        assert!(e.msg.contains("byte offset 8"), "{e}");
    }

    #[test]
    fn validate_rejects_bad_programs() {
        let exit = Insn::exit();
        assert!(validate(&[Insn::mov64_imm(0, 1), exit]).is_ok());
        let e = validate(&[Insn::new(0xff, 0, 0, 0, 0), exit]).unwrap_err();
        assert!(e.msg.contains("unknown opcode"), "{e}");
        let e = validate(&[Insn::jmp_imm(BPF_JEQ, 0, 0, 5), exit]).unwrap_err();
        assert!(e.msg.contains("out of range"), "{e}");
        let e = validate(&[Insn::mov64_imm(11, 1), exit]).unwrap_err();
        assert!(e.msg.contains("register"), "{e}");
        let e = validate(&[Insn::mov64_imm(10, 1), exit]).unwrap_err();
        assert!(e.msg.contains("read only"), "{e}");
        let e = validate(&[Insn::call(9999), exit]).unwrap_err();
        assert!(e.msg.contains("unknown helper"), "{e}");
        let l = Insn::lddw(1, 0, 5);
        let e = validate(&[Insn::ja(1), l[0], l[1], exit]).unwrap_err();
        assert!(e.msg.contains("middle of LDDW"), "{e}");
        let e = validate(&[Insn::mov64_imm(0, 1)]).unwrap_err();
        assert!(e.msg.contains("last instruction"), "{e}");
    }

    #[test]
    fn remove_nops_fixes_jumps() {
        // 0: if r1 == 0 goto +2 (-> 3); 1: nop; 2: r0 = 1; 3: nop; 4: r0 = 2; 5: exit
        let p = vec![Insn::jmp_imm(BPF_JEQ, 1, 0, 2), Insn::nop(), Insn::mov64_imm(0, 1), Insn::nop(), Insn::mov64_imm(0, 2), Insn::exit()];
        let q = remove_nops(&p);
        assert_eq!(q, vec![Insn::jmp_imm(BPF_JEQ, 1, 0, 1), Insn::mov64_imm(0, 1), Insn::mov64_imm(0, 2), Insn::exit()]);
        // LDDW whose high slot happens to look like nothing special is kept whole.
        let l = Insn::lddw(0, 0, 0);
        let p = vec![Insn::ja(2), l[0], l[1], Insn::nop(), Insn::exit()];
        assert_eq!(remove_nops(&p), vec![Insn::ja(2), l[0], l[1], Insn::exit()]);
    }

    #[test]
    fn disasm_reads_like_the_kernel() {
        assert_eq!(disasm(&Insn::mov64_imm(0, 1), None), "r0 = 1");
        assert_eq!(disasm(&Insn::ldx(BPF_W, 2, 1, 4), None), "r2 = *(u32 *)(r1 +4)");
        assert_eq!(disasm(&Insn::jmp_reg(BPF_JGT, 3, 2, 7), None), "if r3 > r2 goto +7");
        assert_eq!(disasm(&Insn::call(1), None), "call map_lookup_elem#1");
        assert_eq!(helper_id("BPF_FUNC_map_update_elem"), Some(2));
    }
}
