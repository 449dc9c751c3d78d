//! Analyses, windows, proofs and the search end to end on small programs.

use std::time::Duration;
use vf_bpf::equiv::cache::{canonical_key, ProofCache};
use vf_bpf::equiv::window::{prove_window, SmtSolver, WindowQuery, WindowVerdict};
use vf_bpf::isa::{self, Insn, BPF_ADD, BPF_B, BPF_DW, BPF_W};
use vf_bpf::opt::analysis;
use vf_bpf::opt::interp::{self, Outcome};
use vf_bpf::opt::window::{self, ProgramFacts};
use vf_bpf::opt::{compact, optimize, OptOptions};
use vf_search::{Budget, Quiet};

fn z3() -> SmtSolver {
    SmtSolver { backend: vf_smt::Backend::Z3 }
}

fn hello() -> Vec<Insn> {
    vec![Insn::mov64_imm(0, 1), Insn::alu64_reg(BPF_ADD, 0, 0), Insn::exit()]
}

#[test]
fn liveness_and_constants() {
    // 0: r1 = 1; 1: r2 = 5; 2: if r3 == 0 goto +1; 3: r1 = 2; 4: r0 = r1; 5: exit
    let p = vec![
        Insn::mov64_imm(1, 1),
        Insn::mov64_imm(2, 5),
        Insn::jmp_imm(isa::BPF_JEQ, 3, 0, 1),
        Insn::mov64_imm(1, 2),
        Insn::mov64_reg(0, 1),
        Insn::exit(),
    ];
    let f = ProgramFacts::new(&p).unwrap();
    assert_eq!(f.live[4] & 0b11, 0b10, "r1 live, r0 not, before r0 = r1");
    assert_eq!(f.live[1] & (1 << 2), 0, "r2 is never read");
    assert_ne!(f.live[0] & (1 << 3), 0, "r3 read by the branch");
    let c4 = f.consts[4].unwrap();
    assert_eq!(c4[1], None, "r1 is 1 or 2 at the join");
    assert_eq!(c4[2], Some(5));
    assert_eq!(f.consts[3].unwrap()[1], Some(1));
    assert!(f.block_start[3] && f.block_start[4] && !f.block_start[1]);
    let ws = window::windows(&p, &f, 8, 0);
    let spans: Vec<_> = ws.iter().map(|w| (w.start, w.end)).collect();
    assert_eq!(spans, vec![(0, 2), (3, 4), (4, 5)]);
    assert_eq!(ws[0].live_out & 0b1111, 0b1010, "r1 and r3 live after the first window");
}

#[test]
fn compact_retargets_jumps_over_deleted_slots() {
    // 0: if r1 == 0 goto +2 (-> 3); 1: nop; 2: r0 = 1; 3: nop; 4: r0 = 2; 5: exit
    let p = vec![
        Insn::jmp_imm(isa::BPF_JEQ, 1, 0, 2),
        Insn::nop(),
        Insn::mov64_imm(0, 1),
        Insn::nop(),
        Insn::mov64_imm(0, 2),
        Insn::exit(),
    ];
    let c = compact(&p);
    assert_eq!(c.len(), 4);
    assert_eq!(c[0], Insn::jmp_imm(isa::BPF_JEQ, 1, 0, 1), "now jumps to `r0 = 2`");
    assert_eq!(c[2], Insn::mov64_imm(0, 2));
}

#[test]
fn proves_hello_world_window_and_refutes_a_wrong_one() {
    let p = hello();
    let f = ProgramFacts::new(&p).unwrap();
    let w = &window::windows(&p, &f, 8, 0)[0];
    assert_eq!((w.start, w.end, w.live_out & 1), (0, 2, 1));
    let good = [Insn::mov64_imm(0, 2), Insn::nop()];
    let q = WindowQuery::new(&p[0..2], &good, w);
    assert!(matches!(prove_window(&q, &z3(), Duration::from_secs(20)), WindowVerdict::Equivalent));

    // 32-bit move of 2 also equals 2; a store changes memory and is not equivalent.
    let bad = [Insn::mov64_imm(0, 2), Insn::st(BPF_B, 10, -1, 0)];
    let q = WindowQuery::new(&p[0..2], &bad, w);
    match prove_window(&q, &z3(), Duration::from_secs(20)) {
        WindowVerdict::Counterexample(tc) => {
            let (mut a, mut b) = (Outcome::default(), Outcome::default());
            interp::run(&p[0..2], &tc, &mut a);
            interp::run(&bad, &tc, &mut b);
            assert!(interp::distance(&a, &b, w.live_out, &tc) > 0.0);
        }
        v => panic!("expected a counterexample, got {v:?}"),
    }
}

#[test]
fn aliasing_is_modelled() {
    // *(u64*)(r1+0) = r2; r0 = *(u64*)(r3+0)  vs  r0 = *(u64*)(r3+0); *(u64*)(r1+0) = r2
    // differ when r1 == r3: the solver must find that aliasing input.
    let a = [Insn::stx(BPF_DW, 1, 2, 0), Insn::ldx(BPF_DW, 0, 3, 0)];
    let b = [Insn::ldx(BPF_DW, 0, 3, 0), Insn::stx(BPF_DW, 1, 2, 0)];
    let q = WindowQuery { orig: &a, cand: &b, live_out: analysis::R0, pre: [None; 11], regions: None, calls: &interp::NO_MAPS, stack: Default::default() };
    match prove_window(&q, &z3(), Duration::from_secs(20)) {
        WindowVerdict::Counterexample(tc) => {
            let d = tc.regs[1].wrapping_sub(tc.regs[3]) as i64;
            assert!(d.abs() < 8, "stores and loads overlap in the counterexample: {tc:?}");
        }
        v => panic!("expected a counterexample, got {v:?}"),
    }
    // Two 32-bit stores of constants equal one 64-bit store.
    let a = [Insn::st(BPF_W, 10, -8, 1), Insn::st(BPF_W, 10, -4, 2)];
    let b = [Insn::lddw(1, 0, 0x2_0000_0001)[0], Insn::lddw(1, 0, 0x2_0000_0001)[1], Insn::stx(BPF_DW, 10, 1, -8)];
    let b_short = [Insn::st(BPF_DW, 10, -8, 1), Insn::st(BPF_W, 10, -4, 2)];
    let q = WindowQuery { orig: &a, cand: &b_short, live_out: analysis::R0, pre: [None; 11], regions: None, calls: &interp::NO_MAPS, stack: Default::default() };
    assert!(matches!(prove_window(&q, &z3(), Duration::from_secs(20)), WindowVerdict::Equivalent));
    let q = WindowQuery { orig: &a, cand: &b, live_out: analysis::R0, pre: [None; 11], regions: None, calls: &interp::NO_MAPS, stack: Default::default() };
    assert!(matches!(prove_window(&q, &z3(), Duration::from_secs(20)), WindowVerdict::Equivalent), "r1 is dead");
    let q = WindowQuery { orig: &a, cand: &b, live_out: analysis::R0 | 2, pre: [None; 11], regions: None, calls: &interp::NO_MAPS, stack: Default::default() };
    assert!(matches!(prove_window(&q, &z3(), Duration::from_secs(20)), WindowVerdict::Counterexample(_)), "r1 is live");
}

#[test]
fn canonical_keys_ignore_register_names_but_not_meaning() {
    let a = [Insn::mov64_imm(3, 1), Insn::alu64_reg(BPF_ADD, 3, 3)];
    let c = [Insn::mov64_imm(3, 2), Insn::nop()];
    let a2 = [Insn::mov64_imm(5, 1), Insn::alu64_reg(BPF_ADD, 5, 5)];
    let c2 = [Insn::mov64_imm(5, 2), Insn::nop()];
    let k = |o: &[Insn], c: &[Insn], live: u16| canonical_key(&WindowQuery { orig: o, cand: c, live_out: live, pre: [None; 11], regions: None, calls: &interp::NO_MAPS, stack: Default::default() });
    assert_eq!(k(&a, &c, 1 << 3), k(&a2, &c2, 1 << 5));
    assert_ne!(k(&a, &c, 1 << 3), k(&a2, &c2, 1 << 4), "different live-out set");
    let c3 = [Insn::mov64_imm(5, 3), Insn::nop()];
    assert_ne!(k(&a2, &c2, 1 << 5), k(&a2, &c3, 1 << 5));

    let dir = std::env::temp_dir().join(format!("vf-cache-test-{}", std::process::id()));
    let path = dir.join("proofs.jsonl");
    let cache = ProofCache::open(&path).unwrap();
    let q = WindowQuery { orig: &a, cand: &c, live_out: 1 << 3, pre: [None; 11], regions: None, calls: &interp::NO_MAPS, stack: Default::default() };
    cache.insert(&q);
    let again = ProofCache::open(&path).unwrap();
    assert_eq!(again.loaded(), 1);
    assert!(again.contains(&WindowQuery { orig: &a2, cand: &c2, live_out: 1 << 5, pre: [None; 11], regions: None, calls: &interp::NO_MAPS, stack: Default::default() }));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn optimizes_hello_world_to_two_instructions_deterministically() {
    let run = |seed| {
        let mut o = OptOptions::default();
        o.search.seed = seed;
        o.search.chains = 2;
        o.search.budget = Budget::iterations(20_000);
        let cache = ProofCache::in_memory();
        let safety = |_: &[Insn]| Ok(());
        optimize(&hello(), &o, &z3(), &cache, &safety, &Quiet).unwrap()
    };
    let a = run(7);
    assert_eq!(a.original_count, 3);
    assert_eq!(a.count, 2);
    let out = compact(&a.insns);
    assert_eq!(out.len(), 2);
    // `r0 = 2` or `w0 = 2` (zero-extends): both are the optimum
    assert!(out[0] == Insn::mov64_imm(0, 2) || out[0] == Insn::alu32_imm(isa::BPF_MOV, 0, 2), "{out:?}");
    assert_eq!(out[1], Insn::exit());
    let b = run(7);
    assert_eq!(a.insns, b.insns);
    assert_eq!(a.search.iterations, 40_000);
}

#[test]
fn never_emits_what_the_safety_check_refuses() {
    let mut o = OptOptions::default();
    o.search.chains = 1;
    o.search.budget = Budget::iterations(20_000);
    let cache = ProofCache::in_memory();
    // a checker that refuses every change: the output must be the input
    let orig = hello();
    let safety = |p: &[Insn]| if p == orig.as_slice() { Ok(()) } else { Err((Some(0), "refused".to_string())) };
    let r = optimize(&orig, &o, &z3(), &cache, &safety, &Quiet).unwrap();
    assert_eq!(r.insns, orig);
    assert!(r.search.counters.iter().any(|(n, v)| n == "unsafe" && *v > 0));
}

#[test]
fn stack_is_a_separate_region_only_when_bases_are_known() {
    use vf_bpf::isa::BPF_H;
    let a = [Insn::ldx(BPF_H, 0, 1, 0), Insn::stx(BPF_H, 10, 0, -4), Insn::ldx(BPF_H, 0, 1, 2), Insn::stx(BPF_H, 10, 0, -2)];
    let b = [Insn::ldx(BPF_W, 0, 1, 0), Insn::stx(BPF_W, 10, 0, -4), Insn::nop(), Insn::nop()];
    let entry = analysis::entry_regions(); // r1 = ctx (not stack), r10 = stack
    let split = WindowQuery { orig: &a, cand: &b, live_out: analysis::R10, pre: [None; 11], regions: Some(entry), calls: &interp::NO_MAPS, stack: Default::default() };
    assert!(matches!(prove_window(&split, &z3(), Duration::from_secs(20)), WindowVerdict::Equivalent));
    // flat memory: r1+2 may alias r10-4, so the rewrite is not provable
    let flat = WindowQuery { regions: None, ..split.clone() };
    assert!(!matches!(prove_window(&flat, &z3(), Duration::from_secs(20)), WindowVerdict::Equivalent));
    // r1 of unknown region (could be a stack pointer): falls back to the flat model
    let mut unknown = entry;
    unknown[1] = analysis::Region::Unknown;
    let q = WindowQuery { regions: Some(unknown), ..split.clone() };
    assert!(!matches!(prove_window(&q, &z3(), Duration::from_secs(20)), WindowVerdict::Equivalent));
    assert_ne!(canonical_key(&split), canonical_key(&q), "regions are part of the cache key");
}

#[test]
fn region_analysis_tracks_stack_pointers() {
    // r2 = r10; r2 += -8; r3 = *(u64 *)(r2 + 0) (a fill: unknown); r4 = *(u32 *)(r1 + 0) (from ctx: packet)
    let p = vec![
        Insn::mov64_reg(2, 10),
        Insn::alu64_imm(BPF_ADD, 2, -8),
        Insn::st(BPF_DW, 2, 0, 0),
        Insn::ldx(BPF_DW, 3, 2, 0),
        Insn::ldx(BPF_W, 4, 1, 0),
        Insn::mov64_imm(0, 0),
        Insn::exit(),
    ];
    let f = ProgramFacts::new(&p).unwrap();
    let at5 = f.regions[5].unwrap();
    assert_eq!(at5[2], analysis::Region::Stack);
    assert_eq!(at5[3], analysis::Region::Unknown);
    assert_eq!(at5[4], analysis::Region::Packet, "loaded from the context");
    assert_eq!(at5[1], analysis::Region::Ctx);
}

#[test]
fn exported_smtlib_is_reproven_by_the_other_backend() {
    use vf_bpf::opt::driver::{final_queries, reprove_exported};
    let orig = hello();
    let best = vec![Insn::mov64_imm(0, 2), Insn::nop(), Insn::exit()];
    let qs = final_queries(&orig, &best).unwrap();
    assert_eq!(qs.len(), 1);
    assert!(qs[0].2.contains("check-sat"));
    let dir = std::env::temp_dir().join(format!("vf-smt-export-{}", std::process::id()));
    assert_eq!(reprove_exported(&qs, vf_smt::Backend::Bitwuzla, Duration::from_secs(30), Some(&dir)).unwrap(), 1);
    assert!(dir.join("window_0_2.smt2").exists());
    std::fs::remove_dir_all(&dir).unwrap();
    // a wrong rewrite is not re-proven
    let wrong = vec![Insn::mov64_imm(0, 3), Insn::nop(), Insn::exit()];
    let qs = final_queries(&orig, &wrong).unwrap();
    assert_eq!(reprove_exported(&qs, vf_smt::Backend::Bitwuzla, Duration::from_secs(30), None).unwrap(), 0);
}

/// The construct of O1 xdp_fwd's window 76..96 (issue 16 defect: z3 proved it, the Bitwuzla
/// re-proof timed out, nothing was emitted): a pointer spilled to the stack is filled back
/// (region unknown, so memory is one flat array), then many 4-byte copies through it and
/// through an entry pointer. The candidate only moves the fill after a store to another stack
/// slot, so every later term of the candidate differs from the original's unless a read over a
/// store at a different constant offset of the same base is resolved.
fn spilled_pointer_copy(fill_first: bool) -> Vec<Insn> {
    use vf_bpf::isa::BPF_H;
    let fill = Insn::ldx(BPF_DW, 6, 10, -72);
    let store = Insn::stx(BPF_H, 10, 0, -58);
    let mut p = if fill_first { vec![fill, store] } else { vec![store, fill] };
    for k in 0..8i16 {
        p.push(Insn::ldx(BPF_W, 3, 6, 0x16 + 4 * k));
        p.push(Insn::stx(BPF_W, 7, 3, 4 * k));
    }
    p.push(Insn::ldx(BPF_DW, 8, 10, -80));
    for k in 0..4i16 {
        p.push(Insn::ldx(BPF_W, 3, 6, 0x2e + 4 * k));
        p.push(Insn::stx(BPF_W, 8, 3, 8 + 4 * k));
    }
    p.push(Insn::mov64_imm(0, 2));
    p.push(Insn::exit());
    p
}

#[test]
fn moved_fill_over_a_stack_store_encodes_to_the_same_terms() {
    use vf_bpf::equiv::encode::{self, SymState};
    let (a, b) = (spilled_pointer_copy(true), spilled_pointer_copy(false));
    let n = a.len() - 1;
    let (mut sa, mut sb) = (SymState::initial(), SymState::initial());
    encode::exec(&a[..n], &mut sa);
    encode::exec(&b[..n], &mut sb);
    // the filled pointer and everything copied through it are the same terms on both sides
    assert_eq!(sa.regs[6], sb.regs[6], "fill before/after a store 14 bytes away reads the same bytes");
    assert_eq!(sa.regs[3], sb.regs[3]);
    assert_eq!(sa.regs[8], sb.regs[8]);
    // a store to the slot itself is not skipped: the fill then reads the stored bytes
    let clobber = [Insn::stx(BPF_DW, 10, 1, -72), Insn::ldx(BPF_DW, 6, 10, -72)];
    let mut sc = SymState::initial();
    encode::exec(&clobber, &mut sc);
    let filled = format!("{:?}", sc.regs[6]);
    assert!(filled.contains("r1") && !filled.contains("select"), "read-over-write at the same offset answers the stored bytes: {filled}");
    // a partial overlap (store at -68, fill at -72) must keep the store's bytes
    let overlap = [Insn::stx(BPF_W, 10, 1, -68), Insn::ldx(BPF_DW, 6, 10, -72)];
    let mut so = SymState::initial();
    encode::exec(&overlap, &mut so);
    let partial = format!("{:?}", so.regs[6]);
    assert!(partial.contains("r1") && partial.contains("select"), "{partial}");
}

#[test]
fn moved_fill_over_a_stack_store_is_reproven_by_bitwuzla() {
    use vf_bpf::isa::BPF_H;
    use vf_bpf::opt::driver::{final_queries, reprove_failures};
    let (orig, best) = (spilled_pointer_copy(true), spilled_pointer_copy(false));
    let qs = final_queries(&orig, &best).unwrap();
    assert_eq!(qs.len(), 1);
    assert!(qs[0].2.contains("mem0"), "flat memory: the filled base has no known region");
    // before the read-over-write resolution this query ran into Bitwuzla's timeout
    let failed = reprove_failures(&qs, vf_smt::Backend::Bitwuzla, Duration::from_secs(20), None).unwrap();
    assert!(failed.is_empty(), "{failed:?}");
    // moving the fill after a store INTO the spilled slot changes the pointer: refuted (sat)
    // (a short program: refuting the whole copy chain is slow for Bitwuzla on a loaded machine)
    let fill = Insn::ldx(BPF_DW, 6, 10, -72);
    let tail = [Insn::mov64_reg(0, 6), Insn::exit()];
    let orig: Vec<Insn> = [fill, Insn::stx(BPF_H, 10, 0, -58)].into_iter().chain(tail).collect();
    let wrong: Vec<Insn> = [Insn::stx(BPF_H, 10, 0, -72), fill].into_iter().chain(tail).collect();
    let qs = final_queries(&orig, &wrong).unwrap();
    let failed = reprove_failures(&qs, vf_smt::Backend::Bitwuzla, Duration::from_secs(20), None).unwrap();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].2, "sat", "{failed:?}");
}

#[test]
fn stores_to_distinct_slots_encode_order_independently() {
    use vf_bpf::equiv::encode::{self, SymState};
    let mem = |p: &[Insn]| {
        let mut st = SymState::initial();
        encode::exec(p, &mut st);
        st.mem()
    };
    let (z8, z16, z24) = (Insn::st(BPF_DW, 10, -8, 0), Insn::st(BPF_DW, 10, -16, 0), Insn::st(BPF_DW, 10, -24, 0));
    // the same bytes written in another order: the same array term
    assert_eq!(mem(&[z8, z16, z24]), mem(&[z24, z8, z16]));
    // one u64 vs two u32 halves (different address shapes for the same bytes)
    let halves = [Insn::st(BPF_W, 10, -4, 0), Insn::st(BPF_W, 10, -8, 0)];
    assert_eq!(mem(&[z8]), mem(&halves));
    // a later store to the same bytes overwrites
    assert_eq!(mem(&[Insn::st(BPF_DW, 10, -8, 5), Insn::st(BPF_DW, 10, -8, 7)]), mem(&[Insn::st(BPF_DW, 10, -8, 7)]));
    // overlapping stores do not commute: the order stays visible
    let (wide, narrow) = (Insn::st(BPF_DW, 10, -8, 5), Insn::st(BPF_W, 10, -8, 7));
    assert_ne!(mem(&[wide, narrow]), mem(&[narrow, wide]));
    // stores through two different bases are not reordered (they may alias)
    let (s1, s2) = (Insn::st(BPF_W, 1, 0, 1), Insn::st(BPF_W, 2, 0, 2));
    assert_ne!(mem(&[s1, s2]), mem(&[s2, s1]));
}
