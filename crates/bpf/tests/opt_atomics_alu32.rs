//! Read-modify-writes to atomic adds (`opt::atomics`) and 64-bit masks/zero-extensions by
//! 32-bit ALU instructions (`opt::alu32`): each rewrite proven in context, the final queries
//! re-proven, the interpreter agreeing on random inputs, the kernel-refused shapes never proposed.

use std::time::Duration;
use vf_bpf::equiv::window::SmtSolver;
use vf_bpf::isa::{self, Insn, BPF_ADD, BPF_DW, BPF_H, BPF_W};
use vf_bpf::opt::compact;
use vf_bpf::opt::interp::CallModel;
use vf_bpf::opt::window::ProgramFacts;
use vf_bpf::program::{MapDef, ProgType, Program};

fn z3() -> SmtSolver {
    SmtSolver { backend: vf_smt::Backend::Z3 }
}

fn checker(p: &Program) -> impl Fn(&[Insn]) -> Result<(), (Option<usize>, String)> + '_ {
    move |insns: &[Insn]| {
        let mut q = p.clone();
        q.insns = compact(insns);
        vf_bpf::safety::check(&q).map(|_| ()).map_err(|e| (None, format!("{e:?}")))
    }
}

fn reproves(orig: &[Insn], out: &[Insn], cm: &CallModel) -> (usize, usize) {
    let q = vf_bpf::opt::driver::final_queries_with(orig, out, cm).unwrap();
    let ok = vf_bpf::opt::driver::reprove_exported(&q, vf_smt::Backend::Z3, Duration::from_secs(30), None).unwrap();
    (ok, q.len())
}

/// XDP: look up an array value of 32 bytes, then counters in clang's style.
fn counters() -> Program {
    let [m0, m1] = Insn::ld_map_fd(1, 1);
    let mut p = Program::new(
        "counters",
        vec![
            Insn::ldx(BPF_W, 8, 1, 12),                  // 0: r8 = ctx->ingress_ifindex
            Insn::st(BPF_W, 10, -4, 0),                  // 1: key = 0
            Insn::mov64_reg(2, 10),                      // 2
            Insn::alu64_imm(BPF_ADD, 2, -4),             // 3
            m0,                                          // 4
            m1,                                          // 5
            Insn::call(1),                               // 6: map_lookup_elem
            Insn::jmp_imm(isa::BPF_JEQ, 0, 0, 19),       // 7: -> 27
            Insn::mov64_imm(7, 1),                       // 8: r7 = 1 (read at 25)
            Insn::ldx(BPF_DW, 1, 0, 0),                  // 9: r1 = value[0]
            Insn::alu64_imm(BPF_ADD, 1, 1),              // 10: r1 += 1
            Insn::stx(BPF_DW, 0, 1, 0),                  // 11: value[0] = r1 -> lock += r7
            Insn::ldx(BPF_DW, 2, 0, 8),                  // 12
            Insn::alu64_imm(BPF_ADD, 2, 5),              // 13: no register holds 5
            Insn::st(BPF_DW, 10, -16, 0),                // 14: a store elsewhere in between
            Insn::stx(BPF_DW, 0, 2, 8),                  // 15 -> r2 = 5; lock += r2
            Insn::ldx(BPF_W, 3, 0, 16),                  // 16
            Insn::alu32_reg(BPF_ADD, 3, 8),              // 17: w3 += w8
            Insn::stx(BPF_W, 0, 3, 16),                  // 18 -> lock += w8; r3 reloaded (read at 24)
            Insn::ldx(BPF_H, 4, 0, 20),                  // 19: u16: no atomic of that size
            Insn::alu64_imm(BPF_ADD, 4, 1),              // 20
            Insn::stx(BPF_H, 0, 4, 20),                  // 21
            Insn::ldx(BPF_DW, 5, 0, 24),                 // 22: stored elsewhere: not a read-modify-write
            Insn::alu64_imm(BPF_ADD, 5, 1),              // 23
            Insn::mov64_reg(0, 3),                       // 24
            Insn::alu64_reg(BPF_ADD, 0, 7),              // 25
            Insn::alu64_imm(isa::BPF_AND, 0, 3),         // 26
            Insn::exit(),                                // 27 (also the null branch, r0 = 0)
        ],
        ProgType::Xdp,
    );
    p.maps.push(MapDef {
        name: "counters".into(),
        map_type: 2, // array
        key_size: 4,
        value_size: 32,
        max_entries: 1,
        flags: 0,
        fd: 1,
        inner: None,
    });
    p
}

#[test]
fn read_modify_writes_become_atomic_adds() {
    let p = counters();
    vf_bpf::safety::check(&p).expect("fixture is safe");
    let f = ProgramFacts::new(&p.insns).unwrap();
    let props = vf_bpf::opt::atomics::proposals(&p.insns, &f);
    let starts: Vec<(usize, usize, usize)> = props.iter().map(|q| (q.start, q.end, q.saves)).collect();
    assert_eq!(starts, vec![(9, 12, 2), (12, 16, 1), (16, 19, 1)], "{props:?}");
    let cm = vf_bpf::opt::driver::call_model(&p);
    let safety = checker(&p);
    let (out, st) = vf_bpf::opt::atomics::fuse_atomics(&p.insns, &z3(), &cm, Duration::from_secs(30), None, &safety);
    assert_eq!((st.fired, st.materialized, st.refuted, st.unsafe_), (3, 1, 0, 0), "{st:?}");
    let lock = |size, base, off, src| Insn::new(isa::BPF_STX | isa::BPF_ATOMIC | size, base, src, off, BPF_ADD as i32);
    assert!(out[9].is_nop() && out[10].is_nop());
    assert_eq!(out[11], lock(BPF_DW, 0, 0, 7), "reuses r7 = 1");
    assert_eq!(out[13], Insn::mov64_imm(2, 5));
    assert_eq!(out[14], p.insns[14], "the unrelated store stays");
    assert_eq!(out[15], lock(BPF_DW, 0, 8, 2));
    assert!(out[16].is_nop());
    assert_eq!(out[17], lock(BPF_W, 0, 16, 8));
    assert_eq!(out[18], Insn::ldx(BPF_W, 3, 0, 16), "the live counter is reloaded");
    assert_eq!(&out[19..], &p.insns[19..], "u16 and a store to another offset stay");
    assert_eq!(isa::count_real(&out), isa::count_real(&p.insns) - 4);
    let m = vf_bpf::equiv::diff::differential(&p, &compact(&out), 3000, 11).unwrap();
    assert!(m.is_none(), "{m:?}");
    let (ok, n) = reproves(&p.insns, &out, &cm);
    assert!(n > 0);
    assert_eq!(ok, n);
}

#[test]
fn a_64_bit_add_on_a_live_u32_counter_is_refuted() {
    // r3 = u32 load; r3 += r8 (64-bit: may carry into bit 32); store u32; r3 read afterwards:
    // reloading the counter gives only the low 32 bits, so the reload variant is not equivalent
    let mut p = counters();
    p.insns[17] = Insn::alu64_reg(BPF_ADD, 3, 8);
    vf_bpf::safety::check(&p).expect("fixture is safe");
    let cm = vf_bpf::opt::driver::call_model(&p);
    let safety = checker(&p);
    let (out, st) = vf_bpf::opt::atomics::fuse_atomics(&p.insns, &z3(), &cm, Duration::from_secs(30), None, &safety);
    assert_eq!((st.fired, st.refuted), (2, 1), "{st:?}");
    assert_eq!(&out[16..19], &p.insns[16..19]);
}

/// XDP: jhash-style rotations and zero-extensions in clang's 64-bit style.
fn masks() -> Vec<Insn> {
    let [a0, a1] = Insn::lddw(5, 0, 0xf000_0000);
    let [b0, b1] = Insn::lddw(9, 0, 0xffff_ffff);
    let [c0, c1] = Insn::lddw(4, 0, 0x1_0000_0000);
    vec![
        Insn::ldx(BPF_W, 2, 1, 12),                  // 0
        Insn::ldx(BPF_W, 3, 1, 16),                  // 1
        Insn::alu64_imm(isa::BPF_LSH, 2, 20),        // 2: r2 wider than 32 bits
        Insn::alu64_reg(isa::BPF_OR, 2, 3),          // 3
        a0,                                          // 4: r5 = 0xf0000000 (dead once 7 is folded)
        a1,                                          // 5
        Insn::mov64_reg(6, 2),                       // 6
        Insn::alu64_reg(isa::BPF_AND, 6, 5),         // 7: -> w6 &= 0xf0000000
        Insn::alu64_imm(isa::BPF_RSH, 6, 28),        // 8
        Insn::mov64_reg(7, 2),                       // 9: merged into w7 = w2
        Insn::alu64_imm(isa::BPF_LSH, 7, 32),        // 10: -> w7 = w7
        Insn::alu64_imm(isa::BPF_RSH, 7, 32),        // 11
        Insn::alu64_reg(BPF_ADD, 6, 7),              // 12
        Insn::alu32_imm(BPF_ADD, 3, 7),              // 13: zero-extends
        Insn::alu64_imm(isa::BPF_LSH, 3, 32),        // 14: -> w3 = w3 -> deleted
        Insn::alu64_imm(isa::BPF_RSH, 3, 32),        // 15
        Insn::alu64_reg(BPF_ADD, 6, 3),              // 16
        b0,                                          // 17: r9 = 0xffffffff (dead once 19 is folded)
        b1,                                          // 18
        Insn::alu64_reg(isa::BPF_AND, 2, 9),         // 19: -> w2 = w2 (r2's def is 64-bit: stays)
        Insn::alu64_reg(BPF_ADD, 6, 2),              // 20
        c0,                                          // 21: r4 = 1 << 32: no 32-bit form
        c1,                                          // 22
        Insn::alu64_reg(isa::BPF_AND, 4, 6),         // 23: the constant is the destination: stays
        Insn::mov64_reg(8, 6),                       // 24
        Insn::alu64_imm(isa::BPF_LSH, 8, 32),        // 25
        Insn::alu64_imm(isa::BPF_ARSH, 8, 32),       // 26: sign extension: not a zero-extension
        Insn::alu64_reg(BPF_ADD, 8, 4),              // 27
        Insn::mov64_reg(0, 8),                       // 28
        Insn::alu64_imm(isa::BPF_AND, 0, 3),         // 29
        Insn::exit(),                                // 30
    ]
}

#[test]
fn masks_and_zero_extensions_become_32_bit_alu() {
    let p = Program::new("masks", masks(), ProgType::Xdp);
    vf_bpf::safety::check(&p).expect("fixture is safe");
    let f = ProgramFacts::new(&p.insns).unwrap();
    use vf_bpf::opt::alu32::{proposals, ProposalKind};
    let props: Vec<(usize, ProposalKind)> = proposals(&p.insns, &f).into_iter().map(|q| (q.start, q.kind)).collect();
    assert_eq!(
        props,
        vec![(7, ProposalKind::Mask), (10, ProposalKind::ShiftPair), (14, ProposalKind::ShiftPair), (19, ProposalKind::Mask)]
    );
    let cm = CallModel::default();
    let safety = checker(&p);
    let (out, st) = vf_bpf::opt::alu32::narrow(&p.insns, &z3(), &cm, Duration::from_secs(30), None, &safety);
    assert_eq!(
        (st.masks_folded, st.shift_pairs, st.movs_merged, st.zext_removed, st.dead_defs_removed, st.unsafe_),
        (2, 2, 1, 1, 2, 0),
        "{st:?}"
    );
    let mov32 = vf_bpf::opt::alu32::mov32;
    assert_eq!(out[7], Insn::alu32_imm(isa::BPF_AND, 6, 0xf000_0000u32 as i32));
    assert!(out[4].is_nop() && out[5].is_nop() && out[17].is_nop() && out[18].is_nop(), "dead LDDWs gone");
    assert!(out[9].is_nop() && out[11].is_nop());
    assert_eq!(out[10], mov32(7, 2));
    assert!(out[14].is_nop() && out[15].is_nop());
    assert_eq!(out[19], mov32(2, 2));
    assert_eq!(&out[21..], &p.insns[21..], "no 32-bit form above 2^32, sign extension stays");
    assert_eq!(isa::count_real(&out), isa::count_real(&p.insns) - 8);
    let m = vf_bpf::equiv::diff::differential(&p, &compact(&out), 3000, 5).unwrap();
    assert!(m.is_none(), "{m:?}");
    // the masks are one-slot folds proven before the run that deletes their constants
    let (ok, n) = reproves(&p.insns, &out, &cm);
    assert!(n >= 3, "{n}");
    assert_eq!(ok, n);
}

#[test]
fn a_mask_fold_alone_is_not_an_or() {
    // `rA |= rC` with c < 2^32 keeps rA's upper half in 64 bits: never proposed; `rA &= rC` is
    // exact only because c's upper half is zero
    let c = {
        let mut c = [None; isa::NUM_REGS];
        c[5] = Some(0xf000_0000u64);
        c[4] = Some(0x7fff_ffffu64);
        c
    };
    let or = Insn::alu64_reg(isa::BPF_OR, 6, 5);
    assert!(vf_bpf::opt::alu32::fold_mask(&or, &isa::kind_of(&or, false).unwrap(), &c).is_none());
    let and = Insn::alu64_reg(isa::BPF_AND, 6, 5);
    assert!(vf_bpf::opt::alu32::fold_mask(&and, &isa::kind_of(&and, false).unwrap(), &c).is_some());
    // a constant a sign-extended imm gives is `opt::operands`' 64-bit fold, not this one
    let and4 = Insn::alu64_reg(isa::BPF_AND, 6, 4);
    assert!(vf_bpf::opt::alu32::fold_mask(&and4, &isa::kind_of(&and4, false).unwrap(), &c).is_none());
}

#[test]
fn a_run_with_a_reloaded_pointer_is_reproven_by_its_clusters() {
    // Katran's shape: the atomic add moves the counter's read past a stack store, exact only
    // because a map value and the stack are disjoint; the same run later dereferences a pointer
    // reloaded from the stack (region unknown), so the whole-run query uses one flat memory and
    // is refuted, while the rewritten cluster alone keeps the per-region model and is proven
    let [m0, m1] = Insn::ld_map_fd(1, 1);
    let mut p = Program::new(
        "reload",
        vec![
            Insn::mov64_reg(6, 1),                 // 0
            Insn::stx(BPF_DW, 10, 6, -24),         // 1: spill ctx
            Insn::st(BPF_W, 10, -4, 0),            // 2
            Insn::mov64_reg(2, 10),                // 3
            Insn::alu64_imm(BPF_ADD, 2, -4),       // 4
            m0,                                    // 5
            m1,                                    // 6
            Insn::call(1),                         // 7
            Insn::jmp_imm(isa::BPF_JEQ, 0, 0, 8),  // 8: -> 17
            Insn::mov64_imm(7, 1),                 // 9
            Insn::ldx(BPF_DW, 1, 0, 0),            // 10
            Insn::alu64_imm(BPF_ADD, 1, 1),        // 11
            Insn::stx(BPF_DW, 10, 0, -16),         // 12
            Insn::stx(BPF_DW, 0, 1, 0),            // 13 -> lock += r7
            Insn::ldx(BPF_DW, 3, 10, -24),         // 14: reloaded ctx
            Insn::ldx(BPF_W, 0, 3, 12),            // 15
            Insn::alu64_reg(BPF_ADD, 0, 7),        // 16
            Insn::exit(),                          // 17
        ],
        ProgType::Xdp,
    );
    p.maps.push(MapDef { name: "c".into(), map_type: 2, key_size: 4, value_size: 8, max_entries: 1, flags: 0, fd: 1, inner: None });
    vf_bpf::safety::check(&p).expect("fixture is safe");
    let cm = vf_bpf::opt::driver::call_model(&p);
    let safety = checker(&p);
    let (out, st) = vf_bpf::opt::atomics::fuse_atomics(&p.insns, &z3(), &cm, Duration::from_secs(30), None, &safety);
    assert_eq!(st.fired, 1, "{st:?}");
    assert!(out[10].is_nop() && out[11].is_nop() && out[12] == p.insns[12]);
    let qs = vf_bpf::opt::driver::final_queries_alt(&p.insns, &out, &cm).unwrap();
    assert_eq!(qs.len(), 1);
    let (s, e, full, alt) = &qs[0];
    assert_eq!((*s, *e), (9, 17));
    let t = Duration::from_secs(30);
    let failed = vf_bpf::opt::driver::reprove_failures(&[(*s, *e, full.clone())], vf_smt::Backend::Z3, t, None).unwrap();
    assert_eq!(failed.len(), 1, "flat memory: the map value may alias the stack");
    assert_eq!(failed[0].2, "sat");
    assert_eq!(alt.iter().map(|(a, b, _)| (*a, *b)).collect::<Vec<_>>(), vec![(10, 14)]);
    assert!(vf_bpf::opt::driver::reprove_failures(alt, vf_smt::Backend::Z3, t, None).unwrap().is_empty());
    let m = vf_bpf::equiv::diff::differential(&p, &compact(&out), 2000, 3).unwrap();
    assert!(m.is_none(), "{m:?}");
}
