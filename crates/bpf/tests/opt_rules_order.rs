//! The rule pre-pass after the deterministic passes, global best-first matching, and rules
//! learned from the proven trajectory (passes and search) that replay a first run's result on a
//! second run without search.

use std::sync::Arc;
use std::time::Duration;
use vf_bpf::equiv::cache::ProofCache;
use vf_bpf::equiv::window::SmtSolver;
use vf_bpf::isa::{self, Insn, BPF_ADD, BPF_DW, BPF_W};
use vf_bpf::opt::coalesce::coalesce;
use vf_bpf::opt::cost::Objective;
use vf_bpf::opt::driver::{optimize_program, FinalChecks, Report};
use vf_bpf::opt::interp::CallModel;
use vf_bpf::opt::rules::{generalize, prepass, trajectory, ProvenRewrite, RuleDb};
use vf_bpf::opt::window::{self, ProgramFacts};
use vf_bpf::opt::OptOptions;
use vf_bpf::{ProgType, Program};
use vf_search::{Budget, Quiet};

fn z3() -> SmtSolver {
    SmtSolver { backend: vf_smt::Backend::Z3 }
}

fn checker(p: &Program) -> impl Fn(&[Insn]) -> Result<(), (Option<usize>, String)> + '_ {
    move |insns: &[Insn]| {
        let mut q = p.clone();
        q.insns = vf_bpf::opt::compact(insns);
        vf_bpf::safety::check(&q).map(|_| ()).map_err(|e| (None, format!("{e:?}")))
    }
}

/// XDP: bounds check of 8 packet bytes, a 2 x u32 copy packet -> stack, then the second word
/// loaded again; returns the stack u64 plus that word.
fn competing() -> Program {
    let insns = vec![
        Insn::ldx(BPF_W, 2, 1, 4),
        Insn::ldx(BPF_W, 7, 1, 0),
        Insn::mov64_reg(3, 7),
        Insn::alu64_imm(BPF_ADD, 3, 8),
        Insn::jmp_reg(isa::BPF_JGT, 3, 2, 8),
        Insn::ldx(BPF_W, 1, 7, 0),
        Insn::stx(BPF_W, 10, 1, -8),
        Insn::ldx(BPF_W, 1, 7, 4),
        Insn::stx(BPF_W, 10, 1, -4),
        Insn::ldx(BPF_W, 1, 7, 4),
        Insn::ldx(BPF_DW, 0, 10, -8),
        Insn::alu64_reg(BPF_ADD, 0, 1),
        Insn::exit(),
        Insn::mov64_imm(0, 1),
        Insn::exit(),
    ];
    Program::new("competing", insns, ProgType::Xdp)
}

/// The rule "the reload after a copied word is redundant": deletes slot 9, keeping r1 live
/// after the copy, which the coalescing of the two word copies into one u64 copy needs dead.
fn reload_rule(p: &Program) -> RuleDb {
    let f = ProgramFacts::new(&p.insns).unwrap();
    let w = window::make_window(&p.insns, &f, 7, 10);
    let orig = p.insns[7..10].to_vec();
    let cand = vec![orig[0], orig[1], Insn::nop()];
    let db = RuleDb::in_memory();
    assert!(db.add(&generalize(&ProvenRewrite { orig, cand, live_out: w.live_out, pre: w.pre, regions: w.regions })));
    db
}

fn checks() -> FinalChecks {
    FinalChecks {
        differential_inputs: 300,
        reprove_backend: vf_smt::Backend::Bitwuzla,
        reprove_timeout: Duration::from_secs(30),
        export_dir: None,
        kernel_test_runs: 0,
    }
}

fn opt(p: &Program, o: &OptOptions) -> (Vec<Insn>, Report) {
    let (best, report) = optimize_program(p, o, &z3(), &ProofCache::in_memory(), &Quiet, &checks()).unwrap();
    assert_eq!(report.windows_reproven, report.windows_rewritten);
    (best, report)
}

fn one_iteration() -> OptOptions {
    let mut o = OptOptions::default();
    o.search.chains = 1;
    o.search.budget = Budget::iterations(1);
    o
}

#[test]
fn a_rule_never_takes_the_slots_a_larger_coalescing_needs() {
    let p = competing();
    vf_bpf::safety::check(&p).expect("the fixture is safe");
    let db = reload_rule(&p);
    // the competition is real: applied first, the rule (-1) leaves the copy temporary live and
    // the coalescing finds nothing; the coalescing alone saves 2
    let safe = checker(&p);
    let (ruled, st) =
        prepass(&db, &p.insns, &Objective::Size, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safe);
    assert_eq!(st.fired, 1, "{st:?}");
    let (after, cst) =
        coalesce(&ruled, &Objective::Size, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safe);
    assert_eq!((cst.fired, isa::count_real(&after)), (0, 14), "{cst:?}\n{}", isa::listing(&after));
    let (co, cst) = coalesce(&p.insns, &Objective::Size, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safe);
    assert_eq!((cst.fired, isa::count_real(&co)), (1, 13), "{cst:?}");

    // the driver: with the rule the result is no worse than without (the rule runs after the passes)
    let (without, _) = opt(&p, &one_iteration());
    let mut o = one_iteration();
    o.rules = Some(Arc::new(db));
    let (with, report) = opt(&p, &o);
    assert_eq!(isa::count_real(&without), 13, "{}", isa::listing(&without));
    assert!(isa::count_real(&with) <= isa::count_real(&without), "{}", isa::listing(&with));
    assert_eq!(report.rules.as_ref().unwrap().fired, 0, "the coalesced copy leaves the rule nothing to match");
}

#[test]
fn the_larger_of_two_overlapping_matches_fires_first() {
    // r0 = 1; r1 = 2; r0 += r1; r0 += r1; exit. Rule A (slots 0..3, -1): r0 = 3, r1 kept for
    // slot 3. Rule B (slots 1..4, -2): r0 += 4 once, r1 gone. A starts first; a left-to-right
    // scan fires it and B no longer matches (4 instructions); best first gives 3.
    let p = vec![Insn::mov64_imm(0, 1), Insn::mov64_imm(1, 2), Insn::alu64_reg(BPF_ADD, 0, 1), Insn::alu64_reg(BPF_ADD, 0, 1), Insn::exit()];
    let f = ProgramFacts::new(&p).unwrap();
    let mk = |s: usize, e: usize, cand: Vec<Insn>| {
        let w = window::make_window(&p, &f, s, e);
        generalize(&ProvenRewrite { orig: p[s..e].to_vec(), cand, live_out: w.live_out, pre: w.pre, regions: w.regions })
    };
    let a = mk(0, 3, vec![Insn::mov64_imm(0, 3), Insn::mov64_imm(1, 2), Insn::nop()]);
    let b = mk(1, 4, vec![Insn::nop(), Insn::alu64_imm(BPF_ADD, 0, 4), Insn::nop()]);
    let db = RuleDb::in_memory();
    assert!(db.add(&a) && db.add(&b));
    let safe = |_: &[Insn]| Ok(());
    let (out, st) = prepass(&db, &p, &Objective::Size, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safe);
    assert_eq!(st.fired, 1, "{st:?}");
    assert_eq!(out, vec![p[0], Insn::nop(), Insn::alu64_imm(BPF_ADD, 0, 4), Insn::nop(), Insn::exit()], "{}", isa::listing(&out));
    // with only A, A fires (the order, not the rule set, made the difference)
    let only_a = RuleDb::in_memory();
    assert!(only_a.add(&a));
    let (out, st) = prepass(&only_a, &p, &Objective::Size, &z3(), &CallModel::default(), Duration::from_secs(20), None, &safe);
    assert_eq!((st.fired, isa::count_real(&out)), (1, 4));
}

/// Raw context: `r2 = 8; r1 += r2` twice (operand folds + dead definitions for the passes) and
/// `r0 = 1; r0 += r0` (a constant the search computes).
fn learnable(r: u8) -> Program {
    let insns = vec![
        Insn::ldx(BPF_W, r, 1, 0),
        Insn::mov64_imm(2, 8),
        Insn::alu64_reg(BPF_ADD, r, 2),
        Insn::ldx(BPF_W, 4, 1, 4),
        Insn::mov64_imm(0, 1),
        Insn::alu64_reg(BPF_ADD, 0, 0),
        Insn::alu64_reg(BPF_ADD, 0, r),
        Insn::alu64_reg(BPF_ADD, 0, 4),
        Insn::exit(),
    ];
    let mut p = Program::new("learnable", insns, ProgType::RawCtx);
    p.max_pkt_sz = 16;
    p
}

#[test]
fn the_proven_trajectory_becomes_rules_that_replay_it_without_search() {
    let p = learnable(6);
    // first run: passes and search (enough iterations to find r0 = 2)
    let db = Arc::new(RuleDb::in_memory());
    let mut o = OptOptions::default();
    o.search.chains = 1;
    o.search.budget = Budget::iterations(200_000);
    o.rules = Some(db.clone());
    let (first, r1) = opt(&p, &o);
    let n = isa::count_real(&first);
    assert!(n <= 7, "{}", isa::listing(&first));
    assert!(r1.rules_learned_trajectory >= 1, "{r1:?}");

    // second run, same program, no search: the rules alone reach the first run's count
    let mut o2 = one_iteration();
    o2.rules = Some(db.clone());
    let (second, r2) = opt(&p, &o2);
    assert_eq!(isa::count_real(&second), n, "{}", isa::listing(&second));
    assert!(r2.rules.as_ref().unwrap().fired >= 1, "{:?}", r2.rules);
    // without the rules and without search it stays above
    let (plain, _) = opt(&p, &one_iteration());
    assert_eq!(isa::count_real(&plain), 8, "{}", isa::listing(&plain));

    // the pass rewrite generalizes: another register, passes off, the rule folds and deletes
    let q = learnable(5);
    let mut o3 = one_iteration();
    o3.operands = false;
    o3.rules = Some(db);
    let (third, r3) = opt(&q, &o3);
    // (only the pass rule can delete `r2 = 8`: the search's rules were learned on the folded program)
    assert!(!third.contains(&Insn::mov64_imm(2, 8)) && isa::count_real(&third) <= 8, "{}", isa::listing(&third));
    assert!(r3.rules.as_ref().unwrap().fired >= 1, "{:?}", r3.rules);
}

#[test]
fn trajectory_clusters_are_proven_in_order_and_unprovable_ones_left_out() {
    let p = learnable(6);
    let from = p.insns.clone();
    // r2 = 8; r6 += r2 -> nop; r6 += 8 (exact) and r0 += r4 -> r0 -= r4 (false), four equal
    // slots apart (two clusters)
    let mut to = from.clone();
    to[1] = Insn::nop();
    to[2] = Insn::alu64_imm(BPF_ADD, 6, 8);
    to[7] = Insn::alu64_reg(isa::BPF_SUB, 0, 4);
    let t = trajectory(&from, &to, &z3(), &CallModel::default(), Duration::from_secs(20), None, 100);
    assert_eq!(t.len(), 1, "{t:?}");
    assert_eq!(t[0].orig, from[1..3].to_vec());
    assert_eq!(t[0].cand, to[1..3].to_vec());
}
