//! Constant jump operands folded into immediates (`opt::branches`): each fold proven, the
//! definition left dead removed through the window prover, the final re-proof covers jumps.

use std::time::Duration;
use vf_bpf::equiv::window::{SmtSolver, Solver, SolverAnswer};
use vf_bpf::isa::{self, Insn, BPF_W};
use vf_bpf::opt::branches::{fold, fold_branches, jump_query};
use vf_bpf::opt::compact;
use vf_bpf::opt::interp::CallModel;
use vf_bpf::opt::window::ProgramFacts;
use vf_bpf::program::{ProgType, Program};

fn z3() -> SmtSolver {
    SmtSolver { backend: vf_smt::Backend::Z3 }
}

/// min(ifindex, 5) with the constant on the left of the compare (as clang emits it), and a
/// 32-bit compare against a register holding 7 on its right.
fn fixture() -> Vec<Insn> {
    vec![
        Insn::ldx(BPF_W, 1, 1, 12),                   // 0
        Insn::mov64_imm(2, 5),                        // 1: dead once 2 is folded
        Insn::jmp_reg(isa::BPF_JGT, 2, 1, 1),         // 2: if 5 > r1 goto 4
        Insn::mov64_imm(1, 5),                        // 3
        Insn::mov64_imm(3, 7),                        // 4: dead once 5 is folded
        Insn::new(isa::BPF_JMP32 | isa::BPF_JSGE | isa::BPF_X, 1, 3, 1, 0), // 5: if w1 s>= w3 goto 7
        Insn::alu64_imm(isa::BPF_ADD, 1, 100),        // 6
        Insn::mov64_reg(0, 1),                        // 7
        Insn::exit(),                                 // 8
    ]
}

#[test]
fn folds_mirrored_and_plain_operands_and_removes_the_dead_constants() {
    let p = Program::new("branches", fixture(), ProgType::Xdp);
    vf_bpf::safety::check(&p).expect("fixture is safe");
    let safety = |insns: &[Insn]| {
        let mut q = p.clone();
        q.insns = compact(insns);
        vf_bpf::safety::check(&q).map(|_| ()).map_err(|e| (None, format!("{e:?}")))
    };
    let (out, st) = fold_branches(&p.insns, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safety);
    assert_eq!((st.folded, st.dead_defs_removed, st.refuted), (2, 2, 0), "{st:?}");
    assert_eq!(out[2], Insn::jmp_imm(isa::BPF_JLT, 1, 5, 1), "5 > r1 is r1 < 5");
    assert_eq!(out[5], Insn::new(isa::BPF_JMP32 | isa::BPF_JSGE | isa::BPF_K, 1, 0, 1, 7));
    assert!(out[1].is_nop() && out[4].is_nop());
    assert_eq!(isa::count_real(&out), 9 - 2);
    let m = vf_bpf::equiv::diff::differential(&p, &compact(&out), 3000, 5).unwrap();
    assert!(m.is_none(), "{m:?}");
    // the final re-proof sees the jump rewrites (exported, re-proven by the other backend)
    let q = vf_bpf::opt::driver::final_queries(&p.insns, &out).unwrap();
    assert!(q.iter().any(|(s, e, _)| (*s, *e) == (2, 3)) && q.iter().any(|(s, e, _)| (*s, *e) == (5, 6)), "{:?}", q.iter().map(|x| (x.0, x.1)).collect::<Vec<_>>());
    let ok = vf_bpf::opt::driver::reprove_exported(&q, vf_smt::Backend::Z3, Duration::from_secs(20), None).unwrap();
    assert_eq!(ok, q.len());
}

#[test]
fn wrong_folds_are_refuted_and_wide_constants_are_not_folded() {
    let insns = fixture();
    let f = ProgramFacts::new(&insns).unwrap();
    let c = f.consts[2].unwrap();
    // keeping JGT after swapping the operands is wrong: the solver finds a state
    let wrong = Insn::jmp_imm(isa::BPF_JGT, 1, 5, 1);
    let q = jump_query(&insns[2], &wrong, &c).unwrap();
    assert!(matches!(z3().check(&q, Duration::from_secs(20)), SolverAnswer::Sat(_)));
    // without the constant fact the right fold is not provable either
    let right = fold(&insns[2], &f.kinds[2], &c).unwrap();
    let q = jump_query(&insns[2], &right, &[None; 11]).unwrap();
    assert!(matches!(z3().check(&q, Duration::from_secs(20)), SolverAnswer::Sat(_)));
    // a 64-bit constant that no sign-extended imm gives stays in its register
    let mut c2 = c;
    c2[2] = Some(0x1_0000_0000);
    assert!(fold(&insns[2], &f.kinds[2], &c2).is_none());
    // a different target is never the same jump
    assert!(jump_query(&insns[2], &Insn::jmp_imm(isa::BPF_JLT, 1, 5, 2), &c).is_none());
}
