//! The memory-access coalescing pass on programs built here: what it merges, and that every
//! firing is proven (a merge that changes behaviour is refuted and not applied).

use std::time::Duration;
use vf_bpf::equiv::window::SmtSolver;
use vf_bpf::isa::{self, Insn, BPF_ADD, BPF_B, BPF_DW, BPF_H, BPF_W};
use vf_bpf::opt::coalesce::{candidates, coalesce};
use vf_bpf::opt::compact;
use vf_bpf::opt::cost::Objective;
use vf_bpf::opt::interp::CallModel;
use vf_bpf::program::{ProgType, Program};

fn z3() -> SmtSolver {
    SmtSolver { backend: vf_smt::Backend::Z3 }
}

/// XDP: bounds check, then a 2 x u32 copy packet -> stack, a byte-wise u16 load, a u16 stored
/// as two bytes, and a result that depends on all of them.
fn fixture() -> Vec<Insn> {
    vec![
        Insn::ldx(BPF_W, 2, 1, 0),
        Insn::ldx(BPF_W, 3, 1, 4),
        Insn::mov64_reg(4, 2),
        Insn::alu64_imm(BPF_ADD, 4, 16),
        Insn::jmp_reg(isa::BPF_JGT, 4, 3, 15),
        Insn::ldx(BPF_W, 5, 2, 0),
        Insn::stx(BPF_W, 10, 5, -16),
        Insn::ldx(BPF_W, 5, 2, 4),
        Insn::stx(BPF_W, 10, 5, -12),
        Insn::ldx(BPF_B, 6, 2, 8),
        Insn::ldx(BPF_B, 7, 2, 9),
        Insn::alu64_imm(isa::BPF_LSH, 7, 8),
        Insn::alu64_reg(isa::BPF_OR, 7, 6),
        Insn::stx(BPF_B, 10, 7, -24),
        Insn::alu64_imm(isa::BPF_RSH, 7, 8),
        Insn::stx(BPF_B, 10, 7, -23),
        Insn::ldx(BPF_DW, 0, 10, -16),
        Insn::ldx(BPF_H, 8, 10, -24),
        Insn::alu64_reg(BPF_ADD, 0, 8),
        Insn::exit(),
        Insn::mov64_imm(0, 0),
        Insn::exit(),
    ]
}

fn run(p: &Program) -> (Vec<Insn>, vf_bpf::opt::coalesce::CoalesceStats) {
    let safety = |insns: &[Insn]| {
        let mut q = p.clone();
        q.insns = insns.to_vec();
        vf_bpf::safety::check(&q).map(|_| ()).map_err(|e| (None, format!("{e:?}")))
    };
    coalesce(&p.insns, &Objective::Size, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safety)
}

#[test]
fn merges_copies_split_stores_and_bytewise_loads_and_stays_equivalent() {
    let p = Program::new("coalesce", fixture(), ProgType::Xdp);
    vf_bpf::safety::check(&p).expect("the fixture is safe");
    let (out, st) = run(&p);
    assert_eq!(st.fired, 3, "{st:?}");
    assert_eq!(isa::count_real(&p.insns), 22);
    assert_eq!(isa::count_real(&out), 22 - 2 - 3 - 2, "{:?}", compact(&out));
    assert!(out.contains(&Insn::ldx(BPF_DW, 5, 2, 0)) && out.contains(&Insn::stx(BPF_DW, 10, 5, -16)));
    assert!(out.contains(&Insn::ldx(BPF_H, 7, 2, 8)));
    assert!(out.contains(&Insn::stx(BPF_H, 10, 7, -24)));
    // independent of the proofs: the reference interpreter agrees on random inputs
    let m = vf_bpf::equiv::diff::differential(&p, &compact(&out), 3000, 7).unwrap();
    assert!(m.is_none(), "{m:?}");
}

#[test]
fn keeps_the_shift_when_the_register_is_still_needed() {
    // *(u8 *)(r10-2) = r1; r1 >>= 8; *(u8 *)(r10-1) = r1; r0 = r1 (r1 live after the stores)
    let mut insns = vec![
        Insn::ldx(BPF_W, 1, 1, 12),
        Insn::stx(BPF_B, 10, 1, -2),
        Insn::alu64_imm(isa::BPF_RSH, 1, 8),
        Insn::stx(BPF_B, 10, 1, -1),
        Insn::ldx(BPF_H, 0, 10, -2),
        Insn::alu64_reg(BPF_ADD, 0, 1),
        Insn::exit(),
    ];
    let p = Program::new("split", insns.clone(), ProgType::Xdp);
    let (out, st) = run(&p);
    assert_eq!(st.fired, 1, "{st:?}");
    insns[1] = Insn::stx(BPF_H, 10, 1, -2);
    insns[3] = Insn::nop();
    assert_eq!(out, insns);
}

#[test]
fn an_overlapping_copy_is_refuted_not_merged() {
    // copies -16 -> -12 then -12 -> -8: the second reads what the first wrote, so one u64 copy
    // from -16 to -12 would copy different bytes (and is misaligned)
    let insns = vec![
        Insn::st(BPF_DW, 10, -16, 1),
        Insn::st(BPF_DW, 10, -8, 2),
        Insn::ldx(BPF_W, 2, 10, -16),
        Insn::stx(BPF_W, 10, 2, -12),
        Insn::ldx(BPF_W, 2, 10, -12),
        Insn::stx(BPF_W, 10, 2, -8),
        Insn::ldx(BPF_DW, 0, 10, -16),
        Insn::ldx(BPF_DW, 3, 10, -8),
        Insn::alu64_reg(BPF_ADD, 0, 3),
        Insn::exit(),
    ];
    assert!(!candidates(&insns, 2, 9).is_empty(), "the shape matches");
    let p = Program::new("overlap", insns.clone(), ProgType::Xdp);
    let (out, st) = run(&p);
    assert_eq!(out, insns);
    assert_eq!(st.fired, 0);
    assert!(st.refuted >= 1, "{st:?}");
}

#[test]
fn shapes_that_do_not_fit_give_no_candidates() {
    // offsets 0 and 8 are not adjacent for 4-byte copies; different bases; different sizes
    let gap = [Insn::ldx(BPF_W, 5, 2, 0), Insn::stx(BPF_W, 10, 5, -16), Insn::ldx(BPF_W, 5, 2, 8), Insn::stx(BPF_W, 10, 5, -8)];
    assert!(candidates(&gap, 0, 4).is_empty());
    let bases = [Insn::ldx(BPF_W, 5, 2, 0), Insn::stx(BPF_W, 10, 5, -16), Insn::ldx(BPF_W, 5, 3, 4), Insn::stx(BPF_W, 10, 5, -12)];
    assert!(candidates(&bases, 0, 4).is_empty());
    let sizes = [Insn::ldx(BPF_W, 5, 2, 0), Insn::stx(BPF_W, 10, 5, -16), Insn::ldx(BPF_H, 5, 2, 4), Insn::stx(BPF_H, 10, 5, -12)];
    assert!(candidates(&sizes, 0, 4).is_empty());
}
