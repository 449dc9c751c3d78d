//! Incremental safety checking (`safety::check_incremental`): re-checking a program that differs
//! from an accepted one in a few slots reuses the exploration of the unchanged parts and must give
//! exactly the verdict of a full check.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vf_bpf::isa::{self, Insn, BPF_B, BPF_DW, BPF_W};
use vf_bpf::safety::{self, CheckLimits};
use vf_bpf::{testgen, ProgType, Program};

/// Random programs and same-length mutations of them (the optimizer's candidates keep their
/// slot count): the incremental verdict, with the cache of the accepted base, equals the full one.
#[test]
fn incremental_verdicts_equal_full_checks_on_random_mutations() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1ac7);
    let (mut compared, mut rejected, mut reused_checks, mut accepted_with_reuse) = (0, 0, 0, 0);
    let mut bases = 0;
    while bases < 300 {
        let base = if bases % 4 == 3 { testgen::random_socket(&mut rng) } else { testgen::random_xdp(&mut rng) };
        if base.validate().is_err() {
            continue;
        }
        let Ok((_, mut cache, r0)) = safety::check_incremental(&base, CheckLimits::default(), None) else {
            assert!(safety::check(&base).is_err(), "incremental without a cache rejects what the full check accepts");
            continue;
        };
        assert!(safety::check(&base).is_ok(), "incremental without a cache accepts what the full check rejects");
        bases += 1;
        assert_eq!(r0.nodes_reused, 0);
        // a chain of candidates, each checked against the cache of the last accepted one
        let mut cur = base.clone();
        for _ in 0..6 {
            let q = testgen::mutate(&cur, &mut rng);
            if q.insns.len() != cur.insns.len() || q.validate().is_err() {
                continue;
            }
            let full = safety::check(&q);
            let inc = safety::check_incremental(&q, CheckLimits::default(), Some(&cache));
            compared += 1;
            assert_eq!(full.is_ok(), inc.is_ok(), "verdicts differ on\n{}\nfull: {full:?}\nincremental: {:?}", isa::listing(&q.insns), inc.as_ref().err());
            match inc {
                Ok((_, c, r)) => {
                    if r.nodes_reused > 0 {
                        reused_checks += 1;
                        accepted_with_reuse += 1;
                    }
                    cache = c;
                    cur = q;
                }
                Err(_) => rejected += 1,
            }
        }
    }
    eprintln!("compared {compared}, rejected {rejected}, accepted with reuse {accepted_with_reuse}");
    assert!(compared > 500, "{compared}");
    assert!(rejected > 50, "mutations must exercise rejections: {rejected}");
    assert!(reused_checks > 20, "the cache must be used: {reused_checks}");
}

/// A program with a chain of independent branches; a change at the end reuses the subtrees of
/// the branches before it, and an unsafe change there is still rejected.
#[test]
fn late_change_reuses_early_subtrees_and_an_unsafe_one_is_rejected() {
    let mut insns = vec![Insn::ldx(BPF_W, 6, 1, 16)]; // ingress_ifindex: unknown scalar
    for k in 0..8i16 {
        // if r6 & (1 << k) { *(u64 *)(r10 - 8k - 8) = k } else { same with k + 100 }
        insns.push(Insn::mov64_reg(2, 6));
        insns.push(Insn::alu64_imm(isa::BPF_AND, 2, 1 << k));
        insns.push(Insn::jmp_imm(isa::BPF_JEQ, 2, 0, 2));
        insns.push(Insn::st(BPF_DW, 10, -8 * k - 8, k as i32));
        insns.push(Insn::ja(1));
        insns.push(Insn::st(BPF_DW, 10, -8 * k - 8, k as i32 + 100));
    }
    insns.push(Insn::ldx(BPF_B, 0, 10, -64));
    insns.push(Insn::alu64_imm(isa::BPF_AND, 0, 3));
    insns.push(Insn::exit());
    let p = Program::new("chain", insns.clone(), ProgType::Xdp);
    let (st, cache, _) = safety::check_incremental(&p, CheckLimits::default(), None).expect("safe");
    assert!(st.paths > 100, "{st:?}");
    let _ = insns;
    // change the final mask: every path reaches it, so no subtree is untouched and nothing is
    // reused (same paths as the full check)
    let mut q = p.clone();
    let last = q.insns.len() - 2;
    q.insns[last] = Insn::alu64_imm(isa::BPF_AND, 0, 1);
    let (st2, _, r) = safety::check_incremental(&q, CheckLimits::default(), Some(&cache)).expect("still safe");
    assert_eq!(r.nodes_reused, 0, "{r:?}");
    assert!(st2.paths > 100);
    // change the first branch's then-arm store (slot 4): the else arm (slot 6 on) never executes
    // slot 4, so its whole subtree (half of the work) comes from the cache
    let mut q = p.clone();
    q.insns[4] = Insn::st(BPF_DW, 10, -8, 7);
    let (st3, _, r) = safety::check_incremental(&q, CheckLimits::default(), Some(&cache)).expect("still safe");
    assert!(r.nodes_reused >= 1, "{r:?}");
    assert!(r.insns_reused * 3 > st3.insns_processed, "about half reused: {r:?} of {st3:?}");
    // the same slot made unsafe (a store below the frame) is rejected with the cache as without it
    let mut q = p.clone();
    q.insns[4] = Insn::st(BPF_DW, 10, -520, 7);
    assert!(safety::check(&q).is_err());
    assert!(safety::check_incremental(&q, CheckLimits::default(), Some(&cache)).is_err());
    // and an unsafe change at the end too
    let mut q = p.clone();
    q.insns[last - 1] = Insn::ldx(BPF_B, 0, 10, -513);
    assert!(safety::check(&q).is_err());
    assert!(safety::check_incremental(&q, CheckLimits::default(), Some(&cache)).is_err());
    // a cache for a different environment is ignored (same verdict, nothing reused)
    let mut q2 = p.clone();
    q2.prog_type = ProgType::SchedCls;
    let r = safety::check_incremental(&q2, CheckLimits::default(), Some(&cache));
    assert_eq!(r.as_ref().map(|x| x.2.nodes_reused).ok(), safety::check(&q2).ok().map(|_| 0));
}
