//! Redundant-store and dead-store elimination (`opt::stores`) on programs built here: what the
//! stack analyses propose, that each deletion is proven with the stack facts (and refuted
//! without them or with wrong ones), and that loops are left alone.

use std::time::Duration;
use vf_bpf::equiv::window::{prove_window, SmtSolver, WindowQuery, WindowVerdict};
use vf_bpf::isa::{self, Insn, BPF_ADD, BPF_DW, BPF_W};
use vf_bpf::opt::compact;
use vf_bpf::opt::interp::CallModel;
use vf_bpf::opt::stack::StackFacts;
use vf_bpf::opt::stores::{eliminate, proposals, Proposal};
use vf_bpf::opt::window::{make_window, ProgramFacts};
use vf_bpf::program::{ProgType, Program};

fn z3() -> SmtSolver {
    SmtSolver { backend: vf_smt::Backend::Z3 }
}

/// XDP. The entry block zeroes `fp-8`, both branches re-zero (parts of) it, one branch then
/// writes `fp-4`, the join zeroes `fp-4` again and reads the slot. Also a store nobody reads
/// (`fp-16`) and one that is read (`fp-20`).
fn fixture() -> Vec<Insn> {
    vec![
        Insn::ldx(BPF_W, 2, 1, 12),     // 0: r2 = ctx->ingress_ifindex
        Insn::mov64_imm(3, 0),          // 1
        Insn::stx(BPF_DW, 10, 3, -8),   // 2: fp-8 = 0 (needed)
        Insn::stx(BPF_W, 10, 2, -16),   // 3: dead: never read
        Insn::stx(BPF_W, 10, 2, -20),   // 4: read at 13
        Insn::jmp_imm(isa::BPF_JGT, 2, 5, 3), // 5: if r2 > 5 goto 9
        Insn::st(BPF_W, 10, -8, 0),     // 6: redundant (fp-8..-5 already 0)
        Insn::stx(BPF_W, 10, 2, -4),    // 7: dead once 11 overwrites it
        Insn::ja(1),                    // 8: goto 10
        Insn::st(BPF_DW, 10, -8, 0),    // 9: redundant (fp-8 already 0 on this path)
        Insn::st(BPF_W, 10, -8, 0),     // 10: redundant on both paths
        Insn::st(BPF_W, 10, -4, 0),     // 11: needed while 7 exists, redundant after
        Insn::ldx(BPF_DW, 0, 10, -8),   // 12
        Insn::ldx(BPF_W, 4, 10, -20),   // 13
        Insn::alu64_reg(BPF_ADD, 0, 4), // 14
        Insn::exit(),                   // 15
    ]
}

fn eliminate_in(p: &Program) -> (Vec<Insn>, vf_bpf::opt::stores::StoreStats) {
    let safety = |insns: &[Insn]| {
        let mut q = p.clone();
        q.insns = compact(insns);
        vf_bpf::safety::check(&q).map(|_| ()).map_err(|e| (None, format!("{e:?}")))
    };
    eliminate(&p.insns, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safety)
}

#[test]
fn proposals_follow_the_cfg() {
    let insns = fixture();
    let f = ProgramFacts::new(&insns).unwrap();
    let got = proposals(&insns, &f);
    // In the input, store 2 is dead too (6/9 and 10/11 overwrite fp-8 on both paths before 12
    // reads it); the pass removes redundant stores first, after which 2 is needed. Store 4 is
    // read later, 11 is not redundant while 7 writes fp-4 on one path.
    assert_eq!(
        got,
        vec![
            (2, Proposal::Dead),
            (3, Proposal::Dead),
            (6, Proposal::Redundant),
            (7, Proposal::Dead),
            (9, Proposal::Redundant),
            (10, Proposal::Redundant)
        ]
    );
}

#[test]
fn removes_redundant_and_dead_stores_across_blocks_and_stays_equivalent() {
    let p = Program::new("stores", fixture(), ProgType::Xdp);
    vf_bpf::safety::check(&p).expect("the fixture is safe");
    let (out, st) = eliminate_in(&p);
    // 3, 7 dead; 6, 9, 10 redundant; then 11 redundant once 7 is gone
    assert_eq!((st.dead_removed, st.redundant_removed, st.refuted, st.unsafe_), (2, 4, 0, 0), "{st:?}");
    for pc in [3, 6, 7, 9, 10, 11] {
        assert!(out[pc].is_nop(), "slot {pc} should be deleted: {:?}", out[pc]);
    }
    for pc in [2, 4, 12, 13] {
        assert_eq!(out[pc], p.insns[pc], "slot {pc} must stay");
    }
    assert_eq!(isa::count_real(&out), 16 - 6);
    // independent of the proofs: the reference interpreter agrees on random inputs
    let m = vf_bpf::equiv::diff::differential(&p, &compact(&out), 3000, 11).unwrap();
    assert!(m.is_none(), "{m:?}");
}

#[test]
fn the_proof_needs_the_stack_facts_and_refutes_wrong_ones() {
    let insns = fixture();
    let f = ProgramFacts::new(&insns).unwrap();
    let nop = [Insn::nop()];
    let verdict = |pc: usize, stack: StackFacts| {
        let w = make_window(&insns, &f, pc, pc + 1);
        let mut q = WindowQuery::new(&insns[pc..pc + 1], &nop, &w);
        q.stack = stack;
        prove_window(&q, &z3(), Duration::from_secs(20))
    };
    let facts_of = |pc: usize| make_window(&insns, &f, pc, pc + 1).stack;
    // redundant store 9: proven with its facts, not without them or with a wrong byte
    let s9 = facts_of(9);
    assert_eq!(s9.known.len(), 8, "{s9:?}");
    assert!(matches!(verdict(9, s9.clone()), WindowVerdict::Equivalent));
    assert!(!matches!(verdict(9, StackFacts::default()), WindowVerdict::Equivalent));
    // store 9 is also dead in the input (10 and 11 overwrite it): without the dead bytes it is
    // proven from the known bytes alone, and refuted when one known byte is wrong
    assert_eq!(s9.dead_after.len(), 8, "{s9:?}");
    let only_known = StackFacts { dead_after: vec![], ..s9.clone() };
    assert!(matches!(verdict(9, only_known.clone()), WindowVerdict::Equivalent));
    let mut wrong = only_known;
    wrong.known[3].1 = 1;
    assert!(!matches!(verdict(9, wrong), WindowVerdict::Equivalent));
    // dead store 3: proven only because its bytes are dead after it
    let s3 = facts_of(3);
    assert_eq!(s3.dead_after, vec![-16, -15, -14, -13]);
    assert!(matches!(verdict(3, s3.clone()), WindowVerdict::Equivalent));
    assert!(!matches!(verdict(3, StackFacts { dead_after: vec![], ..s3 }), WindowVerdict::Equivalent));
    // store 4 is read later: no dead bytes, and its deletion is refuted
    assert!(facts_of(4).dead_after.is_empty());
    assert!(!matches!(verdict(4, facts_of(4)), WindowVerdict::Equivalent));
}

#[test]
fn stores_on_a_loop_and_stores_a_helper_reads_stay() {
    // fp-8 = 0 (dead: the loop body overwrites it before the read at 14); loop 4 times
    // { fp-8 = 0 (redundant by the dataflow, but on a cycle) }; fp-16 = 7 is read by
    // map_lookup_elem (key) and fp-24 = 1 may be (a helper that gets a stack pointer counts as
    // reading the whole frame); fp-32 = 1 after the call is dead
    let [m0, m1] = Insn::ld_map_fd(1, 1);
    let mut p = Program::new(
        "loop",
        vec![
            Insn::mov64_imm(3, 0),                 // 0
            Insn::stx(BPF_DW, 10, 3, -8),          // 1
            Insn::mov64_imm(2, 4),                 // 2
            Insn::st(BPF_DW, 10, -8, 0),           // 3: on the loop
            Insn::alu64_imm(BPF_ADD, 2, -1),       // 4
            Insn::jmp_imm(isa::BPF_JNE, 2, 0, -3), // 5: back to 3
            Insn::st(BPF_DW, 10, -16, 7),          // 6: the key
            Insn::st(BPF_DW, 10, -24, 1),          // 7: dead
            Insn::mov64_reg(2, 10),                // 8
            Insn::alu64_imm(BPF_ADD, 2, -16),      // 9
            m0,                                    // 10
            m1,                                    // 11
            Insn::call(1),                         // 12
            Insn::st(BPF_DW, 10, -32, 1),          // 13: dead
            Insn::ldx(BPF_DW, 0, 10, -8),          // 14
            Insn::exit(),                          // 15
        ],
        ProgType::Xdp,
    );
    p.maps.push(vf_bpf::program::MapDef {
        name: "m".into(),
        map_type: 1,
        key_size: 8,
        value_size: 8,
        max_entries: 4,
        flags: 0,
        fd: 1,
        inner: None,
    });
    vf_bpf::safety::check(&p).expect("the loop fixture is safe");
    let f = ProgramFacts::new(&p.insns).unwrap();
    assert_eq!(proposals(&p.insns, &f), vec![(1, Proposal::Dead), (13, Proposal::Dead)]);
    let (out, st) = eliminate_in(&p);
    assert_eq!((st.dead_removed, st.redundant_removed), (2, 0), "{st:?}");
    assert!(out[1].is_nop() && out[13].is_nop());
    for pc in [3, 6, 7] {
        assert_eq!(out[pc], p.insns[pc]);
    }
    let m = vf_bpf::equiv::diff::differential(&p, &compact(&out), 1000, 3).unwrap();
    assert!(m.is_none(), "{m:?}");
}
