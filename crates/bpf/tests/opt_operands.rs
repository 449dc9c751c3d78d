//! Constant register operands of stores and ALU instructions folded into immediates
//! (`opt::operands`): each fold a proven one-slot window, the definitions left dead removed,
//! kernel-refused forms never proposed.

use std::time::Duration;
use vf_bpf::equiv::window::SmtSolver;
use vf_bpf::isa::{self, Insn, BPF_B, BPF_DW, BPF_W};
use vf_bpf::opt::compact;
use vf_bpf::opt::interp::CallModel;
use vf_bpf::opt::operands::{fold_alu, fold_operands, fold_store, proposals};
use vf_bpf::opt::window::ProgramFacts;
use vf_bpf::program::{ProgType, Program};

fn z3() -> SmtSolver {
    SmtSolver { backend: vf_smt::Backend::Z3 }
}

/// An XDP program in clang's style: constants materialized in registers, then stored to the
/// packet and the stack and used as ALU operands.
fn fixture() -> Vec<Insn> {
    vec![
        Insn::ldx(BPF_W, 2, 1, 4),                    // 0: data_end
        Insn::ldx(BPF_W, 1, 1, 0),                    // 1: data
        Insn::mov64_imm(4, 64),                       // 2: dead once 6 and 8 are folded (another run)
        Insn::mov64_reg(3, 1),                        // 3
        Insn::alu64_imm(isa::BPF_ADD, 3, 14),         // 4
        Insn::jmp_reg(isa::BPF_JGT, 3, 2, 10),        // 5: if data + 14 > data_end goto 16
        Insn::stx(BPF_B, 1, 4, 0),                    // 6: *(u8 *)(r1 + 0) = r4 (packet)
        Insn::ldx(BPF_B, 5, 1, 1),                    // 7
        Insn::stx(BPF_DW, 10, 4, -8),                 // 8: *(u64 *)(r10 - 8) = r4 (stack)
        Insn::mov64_imm(6, 3),                        // 9: dead once 10 is folded
        Insn::alu64_reg(isa::BPF_LSH, 5, 6),          // 10: r5 <<= r6
        Insn::ldx(BPF_DW, 0, 10, -8),                 // 11
        Insn::alu64_reg(isa::BPF_ADD, 0, 5),          // 12: r5 is not constant: stays
        Insn::mov64_imm(7, -1),                       // 13: dead once 14 is folded
        Insn::alu32_reg(isa::BPF_AND, 0, 7),          // 14: w0 &= w7 -> w0 &= -1
        Insn::exit(),                                 // 15
        Insn::mov64_imm(0, 1),                        // 16
        Insn::exit(),                                 // 17
    ]
}

#[test]
fn folds_store_and_alu_operands_and_removes_the_dead_constants() {
    let p = Program::new("operands", fixture(), ProgType::Xdp);
    vf_bpf::safety::check(&p).expect("fixture is safe");
    let safety = |insns: &[Insn]| {
        let mut q = p.clone();
        q.insns = compact(insns);
        vf_bpf::safety::check(&q).map(|_| ()).map_err(|e| (None, format!("{e:?}")))
    };
    let (out, st) = fold_operands(&p.insns, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safety);
    assert_eq!((st.stores_folded, st.alu_folded, st.refuted, st.unsafe_), (2, 2, 0, 0), "{st:?}");
    assert_eq!(out[6], Insn::new(isa::BPF_ST | isa::BPF_MEM | BPF_B, 1, 0, 0, 64));
    assert_eq!(out[8], Insn::new(isa::BPF_ST | isa::BPF_MEM | BPF_DW, 10, 0, -8, 64));
    assert_eq!(out[10], Insn::alu64_imm(isa::BPF_LSH, 5, 3));
    assert_eq!(out[14], Insn::new(isa::BPF_ALU | isa::BPF_AND | isa::BPF_K, 0, 0, 0, -1));
    assert_eq!(out[12], fixture()[12], "a non-constant operand stays");
    assert!(out[2].is_nop() && out[9].is_nop() && out[13].is_nop(), "{:?}", &out[..]);
    assert_eq!(st.dead_defs_removed, 3);
    assert_eq!(isa::count_real(&out), 18 - 3);
    let m = vf_bpf::equiv::diff::differential(&p, &compact(&out), 3000, 7).unwrap();
    assert!(m.is_none(), "{m:?}");
    // the final re-proof covers every rewritten slot (they lie in straight-line runs); the
    // deletion of slot 2 is valid only once the stores in the later run are folded, so the folds
    // are proven first (against the input's constants), then the runs in program order
    let q = vf_bpf::opt::driver::final_queries(&p.insns, &out).unwrap();
    let ok = vf_bpf::opt::driver::reprove_exported(&q, vf_smt::Backend::Z3, Duration::from_secs(20), None).unwrap();
    assert_eq!(ok, q.len());
    assert!(!q.is_empty());
}

#[test]
fn kernel_refused_forms_are_not_proposed() {
    let insns = fixture();
    let f = ProgramFacts::new(&insns).unwrap();
    let (c, r) = (f.consts[6].unwrap(), f.regions[6].unwrap());
    // a store into the context: BPF_ST to ctx is refused by the kernel
    let to_ctx = Insn::stx(BPF_W, 1, 4, 0);
    let mut r_ctx = r;
    r_ctx[1] = vf_bpf::opt::analysis::Region::Ctx;
    let k = isa::kind_of(&to_ctx, false).unwrap();
    assert!(fold_store(&to_ctx, &k, &c, Some(&r_ctx)).is_none());
    assert!(fold_store(&to_ctx, &k, &c, Some(&r)).is_some(), "same store into the packet is folded");
    // unknown regions: nothing proposed
    assert!(fold_store(&to_ctx, &k, &c, None).is_none());
    // u64 store of a constant no sign-extended imm gives; u32 store of it keeps the low bytes
    let mut wide = c;
    wide[4] = Some(0x1_0000_0040);
    let st64 = Insn::stx(BPF_DW, 10, 4, -8);
    assert!(fold_store(&st64, &isa::kind_of(&st64, false).unwrap(), &wide, Some(&r)).is_none());
    let st32 = Insn::stx(BPF_W, 10, 4, -8);
    assert_eq!(fold_store(&st32, &isa::kind_of(&st32, false).unwrap(), &wide, Some(&r)).unwrap().imm, 0x40);
    // division by a register holding 0 and shifts out of range keep the register form
    let mut zero = c;
    zero[4] = Some(0);
    let div = Insn::alu64_reg(isa::BPF_DIV, 0, 4);
    assert!(fold_alu(&div, &isa::kind_of(&div, false).unwrap(), &zero).is_none());
    let mut big = c;
    big[4] = Some(40);
    let sh32 = Insn::alu32_reg(isa::BPF_LSH, 0, 4);
    assert!(fold_alu(&sh32, &isa::kind_of(&sh32, false).unwrap(), &big).is_none());
    let sh64 = Insn::alu64_reg(isa::BPF_LSH, 0, 4);
    assert_eq!(fold_alu(&sh64, &isa::kind_of(&sh64, false).unwrap(), &big), Some(Insn::alu64_imm(isa::BPF_LSH, 0, 40)));
    // the fixture's proposals: the two stores and the two constant ALU operands, nothing else
    let props: Vec<usize> = proposals(&insns, &f).into_iter().map(|(pc, _, _)| pc).collect();
    assert_eq!(props, vec![6, 8, 10, 14]);
}
