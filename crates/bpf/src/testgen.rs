//! Random program generation for differential testing: verifier-friendly XDP and socket
//! filter programs built from blocks (so forward jumps land on block boundaries), and
//! mutations (offsets, dropped checks, swapped registers, immediates, sizes) of any program.

use crate::isa::*;
use crate::program::{MapDef, ProgType, Program};
use rand::seq::SliceRandom;
use rand::{Rng, RngCore};

/// The two maps generated programs use: fd 0 hash (u32 -> u64), fd 1 array (u32 -> u64).
pub fn test_maps() -> Vec<MapDef> {
    vec![
        MapDef { name: "hmap".into(), map_type: 1, key_size: 4, value_size: 8, max_entries: 16, flags: 0, fd: 0, inner: None },
        MapDef { name: "amap".into(), map_type: 2, key_size: 4, value_size: 8, max_entries: 8, flags: 0, fd: 1, inner: None },
    ]
}

const ALU_OPS: [u8; 11] = [BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_OR, BPF_AND, BPF_LSH, BPF_RSH, BPF_MOD, BPF_XOR, BPF_ARSH];
const JMP_OPS: [u8; 11] = [BPF_JEQ, BPF_JGT, BPF_JGE, BPF_JSET, BPF_JNE, BPF_JSGT, BPF_JSGE, BPF_JLT, BPF_JLE, BPF_JSLT, BPF_JSLE];
const SIZES: [u8; 4] = [BPF_B, BPF_H, BPF_W, BPF_DW];

fn work_reg(rng: &mut impl RngCore) -> u8 {
    [7u8, 8, 9][rng.gen_range(0..3)]
}

fn random_imm(rng: &mut impl RngCore) -> i32 {
    match rng.gen_range(0..4) {
        0 => rng.gen_range(-4..16),
        1 => rng.gen_range(0..256),
        2 => rng.gen::<i32>(),
        _ => [0xff, 0xffff, 0x7fffffff, -1, 0x800, 0x86dd][rng.gen_range(0..6)],
    }
}

fn alu_block(rng: &mut impl RngCore) -> Vec<Insn> {
    let is64 = rng.gen_bool(0.7);
    let op = ALU_OPS[rng.gen_range(0..ALU_OPS.len())];
    let d = work_reg(rng);
    let class = if is64 { BPF_ALU64 } else { BPF_ALU };
    if rng.gen_bool(0.5) {
        let mut imm = random_imm(rng);
        if matches!(op, BPF_LSH | BPF_RSH | BPF_ARSH) {
            imm = rng.gen_range(0..if is64 { 64 } else { 32 });
        }
        if matches!(op, BPF_DIV | BPF_MOD) && imm == 0 {
            imm = 3;
        }
        vec![Insn::new(class | op | BPF_K, d, 0, 0, imm)]
    } else {
        match rng.gen_range(0..9) {
            0 => vec![Insn::new(class | BPF_NEG, d, 0, 0, 0)],
            6 => {
                // cpu v4 signed division / modulo (off = 1)
                let op = if rng.gen_bool(0.5) { BPF_DIV } else { BPF_MOD };
                if rng.gen_bool(0.5) {
                    vec![Insn::new(class | op | BPF_X, d, work_reg(rng), 1, 0)]
                } else {
                    vec![Insn::new(class | op | BPF_K, d, 0, 1, [-7, -1, 3, 1000][rng.gen_range(0..4)])]
                }
            }
            7 => {
                // cpu v4 movsx
                let bits = if is64 { [8i16, 16, 32][rng.gen_range(0..3)] } else { [8i16, 16][rng.gen_range(0..2)] };
                vec![Insn::new(class | BPF_MOV | BPF_X, d, work_reg(rng), bits, 0)]
            }
            8 => vec![Insn::new(BPF_ALU64 | BPF_END, d, 0, 0, [16, 32, 64][rng.gen_range(0..3)])], // bswap
            1 => vec![Insn::new(BPF_ALU | BPF_END | if rng.gen_bool(0.5) { BPF_TO_BE } else { BPF_TO_LE }, d, 0, 0, [16, 32, 64][rng.gen_range(0..3)])],
            2 => vec![Insn::new(class | BPF_MOV | BPF_X, d, work_reg(rng), 0, 0)],
            _ => vec![Insn::new(class | op | BPF_X, d, work_reg(rng), 0, 0)],
        }
    }
}

/// Lookup of key (stack -4) in map `fd`; on hit adds r7 into the value (or reads it into r8).
fn map_block(rng: &mut impl RngCore) -> Vec<Insn> {
    let fd = rng.gen_range(0..2);
    let mut v = vec![Insn::stx(BPF_W, 10, work_reg(rng), -4), Insn::alu64_imm(BPF_AND, 7, 0xff)];
    if fd == 1 {
        // array index must be small for a hit; make the key r7 & 7
        v = vec![Insn::mov64_reg(1, 7), Insn::alu64_imm(BPF_AND, 1, 7), Insn::stx(BPF_W, 10, 1, -4)];
    }
    v.extend(Insn::ld_map_fd(1, fd));
    v.push(Insn::mov64_reg(2, 10));
    v.push(Insn::alu64_imm(BPF_ADD, 2, -4));
    if rng.gen_bool(0.4) {
        // update with value at -16 = r8
        v.push(Insn::stx(BPF_DW, 10, 8, -16));
        v.push(Insn::mov64_reg(3, 10));
        v.push(Insn::alu64_imm(BPF_ADD, 3, -16));
        v.push(Insn::mov64_imm(4, 0));
        v.push(Insn::call(helpers::MAP_UPDATE_ELEM));
        v.push(Insn::mov64_reg(9, 0));
    } else {
        v.push(Insn::call(helpers::MAP_LOOKUP_ELEM));
        v.push(Insn::jmp_imm(BPF_JEQ, 0, 0, 3));
        v.push(Insn::ldx(BPF_DW, 1, 0, 0));
        v.push(Insn::alu64_reg(BPF_ADD, 1, 7));
        v.push(Insn::stx(BPF_DW, 0, 1, 0));
    }
    v
}

/// Sentinel `imm` of calls to the generated subprogram (linked by [`link_subprogram`]).
const SUBPROG_CALL: i32 = i32::MIN + 77;

/// Atomic read-modify-write on a stack slot (all kernel atomic forms), then read back.
fn atomic_block(rng: &mut impl RngCore) -> Vec<Insn> {
    let (s, d) = (work_reg(rng), work_reg(rng));
    let size = if rng.gen_bool(0.6) { BPF_DW } else { BPF_W };
    let o = -8 * rng.gen_range(1..=8) as i16;
    let op = [0x00, 0x40, 0x50, 0xa0, 0x01, 0x41, 0x51, 0xa1, BPF_XCHG, BPF_CMPXCHG][rng.gen_range(0..10)];
    let mut v = vec![Insn::stx(size, 10, d, o)];
    if op == BPF_CMPXCHG {
        v.push(Insn::mov64_reg(0, if rng.gen_bool(0.5) { d } else { s }));
    }
    v.push(Insn::new(BPF_STX | BPF_ATOMIC | size, 10, s, o, op));
    if op == BPF_CMPXCHG {
        v.push(Insn::mov64_reg(work_reg(rng), 0));
    }
    v.push(Insn::ldx(size, work_reg(rng), 10, o));
    v
}

/// `r9 = f(r7, r8)` through a bpf-to-bpf call.
fn call_block(rng: &mut impl RngCore) -> Vec<Insn> {
    let _ = rng;
    vec![Insn::mov64_reg(1, 7), Insn::mov64_reg(2, 8), Insn::new(CALL, 0, BPF_PSEUDO_CALL, 0, SUBPROG_CALL), Insn::mov64_reg(9, 0)]
}

/// Appends the subprogram `f(a, b)` if any call uses it, and fixes the call offsets.
fn link_subprogram(insns: &mut Vec<Insn>, rng: &mut impl RngCore) {
    if !insns.iter().any(|i| i.is_pseudo_call() && i.imm == SUBPROG_CALL) {
        return;
    }
    let start = insns.len();
    let op = [BPF_ADD, BPF_XOR, BPF_MUL, BPF_SUB][rng.gen_range(0..4)];
    insns.extend([
        Insn::st(BPF_DW, 10, -8, 5),          // the callee has its own stack frame
        Insn::mov64_reg(0, 1),
        Insn::alu64_reg(op, 0, 2),
        Insn::ldx(BPF_DW, 3, 10, -8),
        Insn::alu64_reg(BPF_ADD, 0, 3),
        Insn::exit(),
    ]);
    for pc in 0..start {
        if insns[pc].is_pseudo_call() && insns[pc].imm == SUBPROG_CALL {
            insns[pc].imm = (start as i64 - (pc as i64 + 1)) as i32;
        }
    }
}

fn assemble(blocks: Vec<Vec<Insn>>, rng: &mut impl RngCore) -> Vec<Insn> {
    // Insert forward conditional jumps that skip whole following blocks.
    let mut out: Vec<Insn> = Vec::new();
    let n = blocks.len();
    for (k, b) in blocks.iter().enumerate() {
        if k + 1 < n && rng.gen_bool(0.3) {
            let skip = rng.gen_range(1..=(n - k - 1).min(3));
            let len: usize = blocks[k + 1..k + 1 + skip].iter().map(Vec::len).sum();
            let op = JMP_OPS[rng.gen_range(0..JMP_OPS.len())];
            let class = if rng.gen_bool(0.7) { BPF_JMP } else { BPF_JMP32 };
            out.extend(b);
            let j = if rng.gen_bool(0.5) {
                Insn::new(class | op | BPF_K, work_reg(rng), 0, len as i16, random_imm(rng))
            } else {
                Insn::new(class | op | BPF_X, work_reg(rng), work_reg(rng), len as i16, 0)
            };
            out.push(j);
            continue;
        }
        out.extend(b);
    }
    out
}

/// An XDP program: bounds check of `n` bytes, loads, ALU, stores, map operations.
pub fn random_xdp(rng: &mut impl RngCore) -> Program {
    let n: i32 = rng.gen_range(14..=40);
    let mut head = vec![
        Insn::ldx(BPF_W, 2, 1, 0),
        Insn::ldx(BPF_W, 3, 1, 4),
        Insn::mov64_reg(4, 2),
        Insn::alu64_imm(BPF_ADD, 4, n),
        Insn::jmp_reg(BPF_JGT, 4, 3, 0), // patched below
        Insn::mov64_reg(6, 2),
    ];
    let load = |rng: &mut dyn RngCore, d: u8| {
        let size = SIZES[rng.gen_range(0..4)];
        let o = rng.gen_range(0..=n - size_bytes(size) as i32);
        Insn::ldx(size, d, 6, o as i16)
    };
    head.push(load(rng, 7));
    head.push(load(rng, 8));
    head.push(Insn::mov64_imm(9, random_imm(rng)));
    let mut blocks = Vec::new();
    for _ in 0..rng.gen_range(3..12) {
        let b = match rng.gen_range(0..11) {
            0..=4 => alu_block(rng),
            5 => {
                let d = work_reg(rng);
                vec![load(rng, d)]
            }
            6 => {
                let size = SIZES[rng.gen_range(0..4)];
                let o = rng.gen_range(0..=n - size_bytes(size) as i32);
                vec![Insn::stx(size, 6, work_reg(rng), o as i16)]
            }
            7 => {
                let size = SIZES[rng.gen_range(0..4)];
                let o = rng.gen_range(1..=64) * 8;
                let (s, d) = (work_reg(rng), work_reg(rng));
                vec![Insn::stx(size, 10, s, -(o as i16)), Insn::ldx(size, d, 10, -(o as i16))]
            }
            8 => atomic_block(rng),
            9 if rng.gen_bool(0.5) => {
                let size = [BPF_B, BPF_H, BPF_W][rng.gen_range(0..3)];
                let o = rng.gen_range(0..=n - size_bytes(size) as i32);
                vec![Insn::new(BPF_LDX | BPF_MEMSX | size, work_reg(rng), 6, o as i16, 0)]
            }
            9 => call_block(rng),
            _ => map_block(rng),
        };
        blocks.push(b);
    }
    let body = assemble(blocks, rng);
    let mut insns = head;
    insns.extend(body);
    insns.push(Insn::mov64_reg(0, work_reg(rng)));
    if rng.gen_bool(0.5) {
        insns.push(Insn::alu64_imm(BPF_AND, 0, 3));
    }
    insns.push(Insn::exit());
    let fail_at = insns.len();
    insns.push(Insn::mov64_imm(0, 1));
    insns.push(Insn::exit());
    insns[4].off = (fail_at - 5) as i16;
    link_subprogram(&mut insns, rng);
    let mut p = Program::new("gen_xdp", insns, ProgType::Xdp);
    p.maps = test_maps();
    p.max_pkt_sz = 64;
    p
}

/// A socket filter: LD_ABS/LD_IND loads, skb field reads, ALU, jumps.
pub fn random_socket(rng: &mut impl RngCore) -> Program {
    let mut head = vec![Insn::mov64_reg(6, 1)];
    let abs = |rng: &mut dyn RngCore| {
        let size = [BPF_B, BPF_H, BPF_W][rng.gen_range(0..3)];
        Insn::new(BPF_LD | BPF_ABS | size, 0, 0, 0, rng.gen_range(0..40))
    };
    head.push(abs(rng));
    head.push(Insn::mov64_reg(7, 0));
    head.push(Insn::ldx(BPF_W, 8, 6, [0i16, 4, 16, 40, 48][rng.gen_range(0..5)]));
    head.push(Insn::mov64_imm(9, random_imm(rng)));
    let mut blocks = Vec::new();
    for _ in 0..rng.gen_range(3..10) {
        let b = match rng.gen_range(0..8) {
            0..=4 => alu_block(rng),
            5 => vec![abs(rng), Insn::mov64_reg(work_reg(rng), 0)],
            6 => vec![
                Insn::mov64_imm(5, rng.gen_range(0..20)),
                Insn::new(BPF_LD | BPF_IND | BPF_B, 0, 5, 0, rng.gen_range(0..20)),
                Insn::mov64_reg(work_reg(rng), 0),
            ],
            _ => vec![Insn::stx(BPF_W, 6, work_reg(rng), 48 + 4 * rng.gen_range(0..5))],
        };
        blocks.push(b);
    }
    let mut insns = head;
    insns.extend(assemble(blocks, rng));
    insns.push(Insn::mov64_reg(0, work_reg(rng)));
    insns.push(Insn::exit());
    let mut p = Program::new("gen_socket", insns, ProgType::SocketFilter);
    p.max_pkt_sz = 64;
    p
}

/// One random mutation of the kind that breaks safety: offsets, dropped checks, swapped
/// registers, immediates, access sizes, deleted instructions, jump targets.
pub fn mutate(p: &Program, rng: &mut impl RngCore) -> Program {
    let mut q = p.clone();
    let n = q.insns.len();
    for _ in 0..20 {
        let pc = rng.gen_range(0..n);
        let i = q.insns[pc];
        if pc > 0 && q.insns[pc - 1].is_lddw() {
            continue;
        }
        let class = i.class();
        let changed = match rng.gen_range(0..8) {
            0 if matches!(class, BPF_LDX | BPF_STX | BPF_ST) => {
                q.insns[pc].off = i.off.wrapping_add(*[-8i16, -4, -1, 1, 2, 4, 8, 16].choose(rng).unwrap());
                true
            }
            1 if i.is_cond_jump() => {
                q.insns[pc] = Insn::nop();
                true
            }
            2 if matches!(class, BPF_ALU | BPF_ALU64 | BPF_LDX | BPF_STX | BPF_JMP | BPF_JMP32) && !i.is_exit() && i.code != CALL => {
                let r = rng.gen_range(0..10);
                if rng.gen_bool(0.5) { q.insns[pc].dst = r } else { q.insns[pc].src = r }
                true
            }
            3 if matches!(class, BPF_ALU | BPF_ALU64 | BPF_ST | BPF_JMP | BPF_JMP32) && !i.src_is_reg() && !i.is_exit() && i.code != CALL => {
                q.insns[pc].imm = *[0, 1, -1, 8, 14, 100, 0x7fff_ffff].choose(rng).unwrap();
                true
            }
            4 if matches!(class, BPF_LDX | BPF_STX | BPF_ST) && i.mode() == BPF_MEM => {
                q.insns[pc].code = (i.code & !0x18) | SIZES[rng.gen_range(0..4)];
                true
            }
            5 if !i.is_lddw() && !i.is_exit() => {
                q.insns[pc] = Insn::nop();
                true
            }
            6 if i.is_cond_jump() => {
                q.insns[pc].off = i.off.wrapping_add(*[-1i16, 1, 2].choose(rng).unwrap());
                true
            }
            7 if i.is_cond_jump() => {
                q.insns[pc].code = (i.code & 0x0f) | JMP_OPS[rng.gen_range(0..JMP_OPS.len())];
                true
            }
            _ => false,
        };
        if changed {
            break;
        }
    }
    q
}
