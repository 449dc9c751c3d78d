//! N-piece coalescing (`opt::coalesce_n`) on programs built here: block copies widened over
//! bytes a later copy overwrites, swaps, load combining of 4 and 8 bytes (little and big
//! endian), split stores of 4 pieces, immediate stores; every firing proven by the pass, and
//! independently the reference interpreter agrees on random inputs.

use std::time::Duration;
use vf_bpf::equiv::window::SmtSolver;
use vf_bpf::isa::{self, Insn, BPF_ADD, BPF_B, BPF_DW, BPF_H, BPF_W};
use vf_bpf::opt::coalesce::{coalesce, CoalesceStats};
use vf_bpf::opt::coalesce_n;
use vf_bpf::opt::compact;
use vf_bpf::opt::cost::Objective;
use vf_bpf::opt::interp::CallModel;
use vf_bpf::opt::window::ProgramFacts;
use vf_bpf::program::{ProgType, Program};

fn z3() -> SmtSolver {
    SmtSolver { backend: vf_smt::Backend::Z3 }
}

/// XDP prologue: r7 = data, r2 = data_end, exit with 1 unless `len` bytes are there; the body
/// follows at slot 5, the program ends with `r0 = r6; exit` (r6 = 2) then the early exit.
fn xdp(len: i32, body: &[Insn]) -> Vec<Insn> {
    let mut v = vec![
        Insn::ldx(BPF_W, 2, 1, 4),
        Insn::ldx(BPF_W, 7, 1, 0),
        Insn::mov64_reg(3, 7),
        Insn::alu64_imm(BPF_ADD, 3, len),
        Insn::jmp_reg(isa::BPF_JGT, 3, 2, body.len() as i16 + 3),
    ];
    v.extend_from_slice(body);
    v.extend([Insn::mov64_imm(6, 2), Insn::mov64_reg(0, 6), Insn::exit(), Insn::mov64_imm(0, 1), Insn::exit()]);
    v
}

fn run(p: &Program) -> (Vec<Insn>, CoalesceStats) {
    vf_bpf::safety::check(p).expect("the fixture is safe");
    let safety = |insns: &[Insn]| {
        let mut q = p.clone();
        q.insns = insns.to_vec();
        vf_bpf::safety::check(&q).map(|_| ()).map_err(|e| (None, format!("{e:?}")))
    };
    coalesce(&p.insns, &Objective::Size, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safety)
}

fn agrees(p: &Program, out: &[Insn]) {
    let m = vf_bpf::equiv::diff::differential(p, &compact(out), 3000, 11).unwrap();
    assert!(m.is_none(), "{m:?}");
}

/// Router's MAC rewrite shape: six u16 copies (two groups of three, different source offsets);
/// the first group becomes one u64 copy whose two extra bytes the second group overwrites.
#[test]
fn a_six_piece_copy_widens_over_bytes_a_later_copy_overwrites() {
    let mut body = Vec::new();
    for j in [4, 2, 0] {
        body.push(Insn::ldx(BPF_H, 1, 7, 20 + j));
        body.push(Insn::stx(BPF_H, 7, 1, j));
    }
    for j in [0, 2, 4] {
        body.push(Insn::ldx(BPF_H, 1, 7, 30 + j));
        body.push(Insn::stx(BPF_H, 7, 1, 6 + j));
    }
    let p = Program::new("maccopy", xdp(36, &body), ProgType::Xdp);
    let (out, st) = run(&p);
    assert!(st.fired >= 1, "{st:?}");
    assert_eq!(isa::count_real(&out), isa::count_real(&p.insns) - 6, "{}", isa::listing(&compact(&out)));
    assert!(out.contains(&Insn::ldx(BPF_DW, 1, 7, 20)) && out.contains(&Insn::stx(BPF_DW, 7, 1, 0)), "{}", isa::listing(&compact(&out)));
    agrees(&p, &out);
}

/// xdp2's MAC swap: twelve u16 accesses swapping bytes 0..6 with 6..12 become six: one side is
/// loaded first (u32 + u16), the other copied as one u64 (bytes 6..14 -> 0..8) whose two extra
/// bytes (written to 6, 7) the first side's stores then overwrite.
#[test]
fn a_swap_loads_one_side_before_storing_the_other() {
    let body = [
        Insn::ldx(BPF_H, 1, 7, 0),
        Insn::ldx(BPF_H, 2, 7, 6),
        Insn::stx(BPF_H, 7, 2, 0),
        Insn::ldx(BPF_H, 2, 7, 8),
        Insn::ldx(BPF_H, 3, 7, 2),
        Insn::stx(BPF_H, 7, 3, 8),
        Insn::stx(BPF_H, 7, 2, 2),
        Insn::ldx(BPF_H, 2, 7, 10),
        Insn::ldx(BPF_H, 3, 7, 4),
        Insn::stx(BPF_H, 7, 3, 10),
        Insn::stx(BPF_H, 7, 1, 6),
        Insn::stx(BPF_H, 7, 2, 4),
    ];
    let p = Program::new("swap", xdp(14, &body), ProgType::Xdp);
    let (out, st) = run(&p);
    assert!(st.fired >= 1, "{st:?}");
    assert_eq!(isa::count_real(&out), isa::count_real(&p.insns) - 6, "{}", isa::listing(&compact(&out)));
    assert!(out.contains(&Insn::ldx(BPF_DW, 3, 7, 6)) && out.contains(&Insn::stx(BPF_DW, 7, 3, 0)), "{}", isa::listing(&compact(&out)));
    agrees(&p, &out);
}

/// A copy whose temporary is still read afterwards is not proposed.
#[test]
fn a_copy_with_a_live_temporary_is_not_proposed() {
    let mut body = Vec::new();
    for j in [0, 2, 4] {
        body.push(Insn::ldx(BPF_H, 1, 7, 20 + j));
        body.push(Insn::stx(BPF_H, 7, 1, j));
    }
    body.push(Insn::mov64_reg(6, 1)); // r1 (the last piece) is live after the copy
    let insns = xdp(26, &body);
    let f = ProgramFacts::new(&insns).unwrap();
    // (the first two copies alone are proposed: the third load redefines r1)
    let ends = |insns: &[Insn]| {
        let f = ProgramFacts::new(insns).unwrap();
        coalesce_n::block_copies(insns, &f, 5, 11).into_iter().map(|c| c.1).collect::<Vec<_>>()
    };
    assert!(!ends(&insns).contains(&11), "{:?}", ends(&insns));
    assert!(ends(&insns).contains(&9));
    // without the read the whole copy is proposed
    let mut insns2 = insns.clone();
    insns2[11] = Insn::mov64_imm(6, 3);
    assert!(ends(&insns2).contains(&11));
}

/// Copies between two different base registers: the proposal assumes they do not alias; the
/// proof must decide. Packet -> packet through two pointers that may overlap is refuted.
#[test]
fn copies_through_possibly_aliasing_pointers_are_refuted() {
    // r8 = r7 + (a byte of the packet & 3): the source overlaps the destination for some inputs
    let mut body = vec![
        Insn::ldx(BPF_B, 8, 7, 40),
        Insn::alu64_imm(isa::BPF_AND, 8, 3),
        Insn::alu64_reg(BPF_ADD, 8, 7),
        Insn::mov64_reg(3, 8),
        Insn::alu64_imm(BPF_ADD, 3, 8),
        Insn::jmp_reg(isa::BPF_JGT, 3, 2, 9), // to the early exit
    ];
    for j in [0, 2, 4] {
        body.push(Insn::ldx(BPF_H, 1, 8, j));
        body.push(Insn::stx(BPF_H, 7, 1, 2 + j));
    }
    assert_eq!(body.len(), 12);
    let p = Program::new("alias", xdp(48, &body), ProgType::Xdp);
    let f = ProgramFacts::new(&p.insns).unwrap();
    assert!(!coalesce_n::block_copies(&p.insns, &f, 11, 17).is_empty(), "the shape matches");
    let (out, st) = run(&p);
    assert_eq!(out, p.insns, "{}", isa::listing(&compact(&out)));
    assert!(st.refuted >= 1, "{st:?}");
}

/// Four byte loads combined in scrambled order (little endian -> one u32 load), two u32 halves
/// `hi << 32 | lo` (-> one u64 load) and a big-endian u16 (-> load + be16).
#[test]
fn loads_of_four_and_two_pieces_combine_in_any_order_and_byte_order() {
    let body = [
        // u32 from bytes 0..4, shifts and ors in mixed order
        Insn::ldx(BPF_B, 1, 7, 2),
        Insn::ldx(BPF_B, 3, 7, 0),
        Insn::alu64_imm(isa::BPF_LSH, 1, 16),
        Insn::ldx(BPF_B, 4, 7, 3),
        Insn::alu64_imm(isa::BPF_LSH, 4, 24),
        Insn::alu64_reg(isa::BPF_OR, 1, 4),
        Insn::ldx(BPF_B, 5, 7, 1),
        Insn::alu64_imm(isa::BPF_LSH, 5, 8),
        Insn::alu64_reg(isa::BPF_OR, 5, 3),
        Insn::alu64_reg(isa::BPF_OR, 1, 5),
        // u64 from two u32 halves at 8 and 12
        Insn::ldx(BPF_W, 8, 7, 12),
        Insn::alu64_imm(isa::BPF_LSH, 8, 32),
        Insn::ldx(BPF_W, 9, 7, 8),
        Insn::alu64_reg(isa::BPF_OR, 8, 9),
        // big-endian u16 from bytes 16, 17
        Insn::ldx(BPF_B, 4, 7, 16),
        Insn::alu64_imm(isa::BPF_LSH, 4, 8),
        Insn::ldx(BPF_B, 5, 7, 17),
        Insn::alu64_reg(isa::BPF_OR, 4, 5),
        Insn::alu64_reg(BPF_ADD, 1, 8),
        Insn::alu64_reg(BPF_ADD, 1, 4),
        Insn::stx(BPF_DW, 7, 1, 24),
    ];
    let p = Program::new("combine", xdp(32, &body), ProgType::Xdp);
    let (out, st) = run(&p);
    assert!(st.fired >= 3, "{st:?}");
    let c = compact(&out);
    assert!(out.contains(&Insn::ldx(BPF_W, 1, 7, 0)), "{}", isa::listing(&c));
    assert!(out.contains(&Insn::ldx(BPF_DW, 8, 7, 8)), "{}", isa::listing(&c));
    assert!(out.contains(&Insn::ldx(BPF_H, 4, 7, 16)), "{}", isa::listing(&c));
    assert!(out.contains(&Insn::new(isa::BPF_ALU | isa::BPF_END | isa::BPF_TO_BE, 4, 0, 0, 16)), "{}", isa::listing(&c));
    // 10 -> 1, 4 -> 1, 4 -> 2
    assert_eq!(isa::count_real(&out), isa::count_real(&p.insns) - 9 - 3 - 2, "{}", isa::listing(&c));
    agrees(&p, &out);
}

/// A u32 stored as four bytes with `>>= 8` between them becomes one u32 store; two u32
/// immediate stores become one u64 immediate store when the sign-extended immediate gives it.
#[test]
fn split_stores_of_four_pieces_and_immediate_pairs_merge() {
    let body = [
        Insn::ldx(BPF_W, 1, 7, 0),
        Insn::stx(BPF_B, 7, 1, 8),
        Insn::alu64_imm(isa::BPF_RSH, 1, 8),
        Insn::stx(BPF_B, 7, 1, 9),
        Insn::alu64_imm(isa::BPF_RSH, 1, 8),
        Insn::stx(BPF_B, 7, 1, 10),
        Insn::alu64_imm(isa::BPF_RSH, 1, 8),
        Insn::stx(BPF_B, 7, 1, 11),
        Insn::st(BPF_W, 10, -16, -5),
        Insn::st(BPF_W, 10, -12, -1),
        Insn::st(BPF_H, 10, -8, 7),
        Insn::st(BPF_H, 10, -6, 0x1234),
        Insn::ldx(BPF_DW, 3, 10, -16),
        Insn::ldx(BPF_W, 4, 10, -8),
        Insn::alu64_reg(BPF_ADD, 3, 4),
        Insn::stx(BPF_DW, 7, 3, 16),
    ];
    let p = Program::new("stores", xdp(24, &body), ProgType::Xdp);
    let (out, st) = run(&p);
    let c = compact(&out);
    assert!(out.contains(&Insn::stx(BPF_W, 7, 1, 8)), "{}", isa::listing(&c));
    assert!(out.contains(&Insn::st(BPF_DW, 10, -16, -5)), "{}", isa::listing(&c));
    assert!(out.contains(&Insn::st(BPF_W, 10, -8, 0x1234_0007)), "{}", isa::listing(&c));
    assert!(st.fired >= 3, "{st:?}");
    // 4 stores + 3 shifts -> 1 store; 2 + 2 immediates -> 2
    assert_eq!(isa::count_real(&out), isa::count_real(&p.insns) - 6 - 2, "{}", isa::listing(&c));
    agrees(&p, &out);
}

/// `u64` immediates only where the sign-extended 32-bit immediate is the combined value.
#[test]
fn immediate_pairs_respect_sign_extension() {
    let f = |lo: i32, hi: i32| {
        let insns = xdp(8, &[Insn::st(BPF_W, 10, -16, lo), Insn::st(BPF_W, 10, -12, hi), Insn::ldx(BPF_DW, 6, 10, -16)]);
        let facts = ProgramFacts::new(&insns).unwrap();
        coalesce_n::immediate_stores(&insns, &facts, 5, 8)
            .into_iter()
            .filter_map(|(_, _, rep)| rep.into_iter().find(|i| i.class() == isa::BPF_ST && i.access_bytes() == 8))
            .map(|i| i.imm)
            .collect::<Vec<_>>()
    };
    assert_eq!(f(5, 0), vec![5]);
    assert_eq!(f(-3, -1), vec![-3]);
    assert!(f(5, 1).is_empty());
    assert!(f(-3, 0).is_empty(), "0x00000000_fffffffd is not a sign-extended imm");
    assert!(f(3, -1).is_empty());
}

/// A pointer into one of several maps' values (a join of two lookups' results) cannot alias
/// the packet: the `MapsMerged` memory model proves a copy map value -> packet merged; with
/// an unspecified non-stack region the same merge is refuted (it might overlap the packet);
/// two map-value pointers may alias each other, so a copy between them is not merged.
#[test]
fn copies_from_a_value_of_one_of_several_maps_to_the_packet_are_proven() {
    use vf_bpf::equiv::encode::MemModel;
    use vf_bpf::equiv::window::{prove_window, WindowQuery, WindowVerdict};
    use vf_bpf::opt::analysis::{self, Region};
    let orig = [Insn::ldx(BPF_H, 1, 2, 0), Insn::stx(BPF_H, 7, 1, 6), Insn::ldx(BPF_H, 1, 2, 2), Insn::stx(BPF_H, 7, 1, 8)];
    let cand = [Insn::ldx(BPF_W, 1, 2, 0), Insn::stx(BPF_W, 7, 1, 6), Insn::nop(), Insn::nop()];
    let q = |r2: Region, r7: Region| {
        let mut regions = analysis::entry_regions();
        regions[2] = r2;
        regions[7] = r7;
        WindowQuery {
            orig: &orig,
            cand: &cand,
            live_out: 1 << 10,
            pre: [None; isa::NUM_REGS],
            regions: Some(regions),
            calls: &vf_bpf::opt::interp::NO_MAPS,
            stack: Default::default(),
        }
    };
    let t = Duration::from_secs(20);
    let any = q(Region::AnyMapValue, Region::Packet);
    assert_eq!(any.memory_model(), MemModel::MapsMerged);
    assert!(matches!(prove_window(&any, &z3(), t), WindowVerdict::Equivalent));
    let other = q(Region::Other, Region::Packet);
    assert_eq!(other.memory_model(), MemModel::StackSplit);
    assert!(!matches!(prove_window(&other, &z3(), t), WindowVerdict::Equivalent));
    let maps = q(Region::AnyMapValue, Region::MapValue(3));
    assert_eq!(maps.memory_model(), MemModel::MapsMerged);
    assert!(!matches!(prove_window(&maps, &z3(), t), WindowVerdict::Equivalent));
}
