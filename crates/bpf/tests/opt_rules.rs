//! The rewrite-rule database: rules learned on one program fire (re-proven) on another;
//! a corrupted rule cannot produce an unproven rewrite.

use std::time::Duration;
use vf_bpf::equiv::cache::ProofCache;
use vf_bpf::equiv::window::{prove_window, SmtSolver, WindowQuery, WindowVerdict};
use vf_bpf::isa::{self, Insn, BPF_ADD, BPF_W};
use vf_bpf::opt::cost::Objective;
use vf_bpf::opt::interp::NO_MAPS;
use vf_bpf::opt::rules::{generalize, prepass, ProvenRewrite, RuleDb};
use vf_bpf::opt::window::{self, ProgramFacts};
use vf_bpf::opt::{optimize, OptOptions};
use vf_search::{Budget, Quiet};

fn z3() -> SmtSolver {
    SmtSolver {
        backend: vf_smt::Backend::Z3,
    }
}

fn tmpfile(name: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("vf-rules-{name}-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

fn run_prepass(db: &RuleDb, prog: &[Insn]) -> (Vec<Insn>, vf_bpf::opt::rules::PrepassStats) {
    let safe = |_: &[Insn]| Ok(());
    prepass(
        db,
        prog,
        &Objective::Size,
        &z3(),
        &NO_MAPS,
        Duration::from_secs(10),
        None,
        &safe,
    )
}

/// Every rewrite the pre-pass made must be provable window by window (independently of it).
fn assert_proven(orig: &[Insn], out: &[Insn]) {
    let facts = ProgramFacts::new(orig).unwrap();
    let mut cur = orig.to_vec();
    for (s, e) in window::runs(orig, &facts) {
        if orig[s..e] == out[s..e] {
            continue;
        }
        let f = ProgramFacts::new(&cur).unwrap();
        let w = window::make_window(&cur, &f, s, e);
        let q = WindowQuery::new(&cur[s..e], &out[s..e], &w);
        assert!(
            matches!(
                prove_window(&q, &z3(), Duration::from_secs(20)),
                WindowVerdict::Equivalent
            ),
            "{}",
            isa::listing(out)
        );
        cur[s..e].copy_from_slice(&out[s..e]);
    }
}

#[test]
fn rules_learned_by_the_search_on_one_program_fire_on_a_different_one() {
    // learn: hello world (r0 = 1; r0 += r0; exit) -> r0 = 2
    let hello = vec![
        Insn::mov64_imm(0, 1),
        Insn::alu64_reg(BPF_ADD, 0, 0),
        Insn::exit(),
    ];
    let mut o = OptOptions::default();
    o.search.chains = 1;
    o.search.budget = Budget::iterations(20_000);
    let safe = |_: &[Insn]| Ok(());
    let out = optimize(&hello, &o, &z3(), &ProofCache::in_memory(), &safe, &Quiet).unwrap();
    assert_eq!(out.count, 2);
    let path = tmpfile("learn");
    let db = RuleDb::open(&path);
    assert!(db.learn(&out.learned, &Objective::Size) >= 1);
    // persisted: a fresh database reads the same rules back
    let db = RuleDb::open(&path);
    assert!(db.loaded >= 1 && db.ignored_lines == 0);

    // another program: other registers, other surroundings, the doubled value used later
    let other = vec![
        Insn::ldx(BPF_W, 6, 1, 0),
        Insn::mov64_imm(3, 1),
        Insn::alu64_reg(BPF_ADD, 3, 3),
        Insn::alu64_reg(BPF_ADD, 6, 3),
        Insn::mov64_reg(0, 6),
        Insn::exit(),
    ];
    let (res, st) = run_prepass(&db, &other);
    assert_eq!(st.fired, 1, "{st:?}");
    assert_eq!(isa::count_real(&res), 5);
    assert!(
        res[1..3].contains(&Insn::mov64_imm(3, 2)) && res[1..3].contains(&Insn::nop()),
        "{}",
        isa::listing(&res)
    );
    assert_proven(&other, &res);

    // another constant: the pattern does not match
    let no = vec![
        Insn::mov64_imm(3, 5),
        Insn::alu64_reg(BPF_ADD, 3, 3),
        Insn::mov64_reg(0, 3),
        Insn::exit(),
    ];
    let (res, st) = run_prepass(&db, &no);
    assert_eq!((st.matched, st.fired), (0, 0));
    assert_eq!(res, no);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn immediate_variables_generalize_across_constants_and_registers() {
    // proven: r1 = 7; r0 = r1  ->  r0 = 7 (r1 dead afterwards)
    let orig = [Insn::mov64_imm(1, 7), Insn::mov64_reg(0, 1)];
    let cand = [Insn::nop(), Insn::mov64_imm(0, 7)];
    let prog = [orig[0], orig[1], Insn::exit()];
    let f = ProgramFacts::new(&prog).unwrap();
    let w = window::make_window(&prog, &f, 0, 2);
    let q = WindowQuery::new(&orig, &cand, &w);
    assert!(matches!(
        prove_window(&q, &z3(), Duration::from_secs(20)),
        WindowVerdict::Equivalent
    ));
    let rule = generalize(&ProvenRewrite {
        orig: orig.to_vec(),
        cand: cand.to_vec(),
        live_out: w.live_out,
        pre: w.pre,
        regions: w.regions,
    });
    assert_eq!(rule.imms.len(), 1, "{rule:?}");
    let db = RuleDb::in_memory();
    assert!(db.add(&rule));

    // r4 = 42; r2 = r4; *(u32 *)(r10 - 4) = r2; r0 = 0; exit: other registers, other constant
    let p = vec![
        Insn::mov64_imm(4, 42),
        Insn::mov64_reg(2, 4),
        Insn::stx(BPF_W, 10, 2, -4),
        Insn::mov64_imm(0, 0),
        Insn::exit(),
    ];
    let (res, st) = run_prepass(&db, &p);
    assert_eq!(st.fired, 1, "{st:?}");
    assert_eq!(
        &res[..2],
        &[Insn::nop(), Insn::mov64_imm(2, 42)],
        "{}",
        isa::listing(&res)
    );
    assert_proven(&p, &res);
    // negative immediates are outside the variable's range (same sign as when learned)
    let mut neg = p.clone();
    neg[0] = Insn::mov64_imm(4, -3);
    assert_eq!(run_prepass(&db, &neg).1.matched, 0);
    // r4 still read later: the liveness side condition stops the match
    let mut live = p.clone();
    live[3] = Insn::mov64_reg(0, 4);
    assert_eq!(run_prepass(&db, &live).1.matched, 0);
}

#[test]
fn a_corrupted_rule_file_cannot_produce_an_unproven_rewrite() {
    // a rule that claims r0 = 1; r0 += r0 equals r0 = 3 (false), another that deletes a store
    // that matters, and a line that is not a rule
    let bad1 = generalize(&ProvenRewrite {
        orig: vec![Insn::mov64_imm(0, 1), Insn::alu64_reg(BPF_ADD, 0, 0)],
        cand: vec![Insn::mov64_imm(0, 3), Insn::nop()],
        live_out: 1,
        pre: [None; isa::NUM_REGS],
        regions: None,
    });
    let bad2 = generalize(&ProvenRewrite {
        orig: vec![Insn::mov64_imm(2, 9), Insn::stx(BPF_W, 10, 2, -4)],
        cand: vec![Insn::nop(), Insn::nop()],
        live_out: 0,
        pre: [None; isa::NUM_REGS],
        regions: None,
    });
    // a rule whose rewrite ends the program early (`exit` is nothing a window may contain)
    let mut bad3 = bad1.clone();
    bad3.cand[1] = "9500000000000000".into();
    let path = tmpfile("corrupt");
    let lines = [
        serde_json::to_string(&bad1).unwrap(),
        serde_json::to_string(&bad2).unwrap(),
        "{\"orig\": [\"zz\"]".to_string(),
        serde_json::to_string(&bad3).unwrap(),
    ];
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let db = RuleDb::open(&path);
    assert_eq!((db.loaded, db.ignored_lines), (2, 2), "the exit rule is refused when loading");
    let p = vec![
        Insn::mov64_imm(0, 1),
        Insn::alu64_reg(BPF_ADD, 0, 0),
        Insn::mov64_imm(2, 9),
        Insn::stx(BPF_W, 10, 2, -4),
        Insn::ldx(BPF_W, 3, 10, -4),
        Insn::alu64_reg(BPF_ADD, 0, 3),
        Insn::exit(),
    ];
    let (res, st) = run_prepass(&db, &p);
    assert_eq!(
        st.matched, 2,
        "both wrong rules match syntactically: {st:?}"
    );
    assert_eq!((st.fired, st.refuted), (0, 2), "{st:?}");
    assert_eq!(res, p, "nothing unproven is applied");
    std::fs::remove_file(&path).unwrap();
}
