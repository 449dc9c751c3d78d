//! The checker's SMT fallback on our own fixtures (no shared data): what the rules close never
//! reaches the solver; with a rule switched off the solver recovers the proof; wrong programs
//! get counterexamples that really run wrong natively.

use rand::SeedableRng;
use std::time::Duration;
use vf_x86::check::{self, CheckOptions, Scenario};
use vf_x86::gen::{self, Candidate, Options};
use vf_x86::smtcheck::SmtOptions;
use vf_x86::sym::Rule;
use vf_x86::{asm, ir, jit, lir, mutants};

const MUL2: &str = include_str!("../../../examples/crypto/mul2.json");
const MONT2: &str = include_str!("../../../examples/crypto/mont2.json");
/// Unsaturated radix-2^52 product with u128 intermediates (closing it needs rule 1).
const SOL2: &str = include_str!("../../../examples/crypto/sol2.json");

fn generated(text: &str, adx: bool) -> (ir::Function, asm::Program) {
    let f = ir::parse(text).unwrap();
    let l = lir::lower(&f).unwrap();
    let prog = gen::generate(&l, &Candidate::initial(&l), Options { adx, frame_pointer: false, ..Default::default() }, &f.name).unwrap();
    (f, prog)
}

fn without(rule: Rule, smt: bool) -> CheckOptions {
    CheckOptions { smt: SmtOptions { enabled: smt, timeout: Duration::from_secs(20), ..SmtOptions::default() }, disabled_rules: vec![rule] }
}

#[test]
fn obligations_the_rules_close_are_not_sent_to_the_solver() {
    for text in [MUL2, MONT2, SOL2] {
        for adx in [true, false] {
            let (f, prog) = generated(text, adx);
            for s in check::scenarios(&f, true) {
                let p = check::verify_with(&f, &prog, s, &CheckOptions::default()).unwrap_or_else(|e| panic!("{} {}: {e}", f.name, s.label()));
                assert!(p.smt.is_empty() && p.solver_calls == 0, "{} {}: solver used: {p:?}", f.name, s.label());
            }
        }
    }
}

#[test]
fn with_the_bounded_mod_rule_off_the_solver_recovers_the_proof() {
    for adx in [true, false] {
        let (f, prog) = generated(SOL2, adx);
        // the rules alone no longer close it ...
        let e = check::verify_with(&f, &prog, Scenario::Distinct, &without(Rule::BoundedMod, false)).unwrap_err();
        assert!(e.reason.contains("not proven equal"), "{e}");
        // ... the solver does, for every aliasing scenario
        for s in check::scenarios(&f, true) {
            let p = check::verify_with(&f, &prog, s, &without(Rule::BoundedMod, true)).unwrap_or_else(|e| panic!("{}: {e}", s.label()));
            assert!(!p.smt.is_empty() && p.solver_calls >= p.smt.len(), "{p:?}");
            assert!(p.smt.iter().all(|o| o.what.starts_with("output limb")), "{p:?}");
        }
    }
}

#[test]
fn a_solver_counterexample_runs_wrong_natively() {
    // Mutants of correct code: every counterexample the fallback reports must make the native
    // code differ from the IR on exactly those inputs; every accepted mutant must be right.
    let (f, prog) = generated(SOL2, true);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let tests: Vec<_> = (0..300).map(|_| f.random_inputs(&mut rng)).collect();
    // no random pre-testing: every counterexample here comes from the solver's model
    let opts = CheckOptions { smt: SmtOptions { timeout: Duration::from_secs(10), random_tests: 0, ..SmtOptions::default() }, ..CheckOptions::default() };
    let (mut confirmed, mut accepted) = (0, 0);
    for m in mutants::mutants(&prog) {
        match check::verify_with(&f, &m.program, Scenario::Distinct, &opts) {
            Ok(_) => {
                accepted += 1;
                let code = jit::load(&m.program).unwrap();
                for i in &tests {
                    assert_eq!(jit::call(code.func(), i, f.limbs()), f.eval(i), "accepted a wrong {} mutant at line {}", m.kind, m.line);
                }
            }
            Err(e) => {
                let Some(cex) = &e.counterexample else { continue };
                // only output-limb counterexamples over the inputs alone are replayed natively
                // (a clobbered callee-saved register or an uninitialised register read is not)
                if !e.reason.starts_with("output limb") || cex.inputs.keys().any(|k| k.starts_with("init_")) {
                    continue;
                }
                assert_eq!(cex.found_by, "SMT");
                let inputs = check::counterexample_inputs(&f, cex);
                let code = jit::load(&m.program).unwrap();
                assert_ne!(jit::call(code.func(), &inputs, f.limbs()), f.eval(&inputs), "{} mutant at line {}: {e}", m.kind, m.line);
                confirmed += 1;
            }
        }
    }
    println!("mutants: {confirmed} counterexamples confirmed natively, {accepted} accepted");
    assert!(confirmed >= 10, "only {confirmed} counterexamples confirmed natively ({accepted} mutants accepted)");
}

#[test]
fn a_hand_written_wrong_limb_gets_a_counterexample() {
    // mul2 with the second limb's cross product a1*b0 taken from the high half (mulx) instead
    // of the low half: wrong, and the rules cannot decide it; the solver finds inputs.
    let f = ir::parse(MUL2).unwrap();
    let text = "f:\nmov rcx, rdx\nmov rdx, [rsi]\nmulx r8, rax, [rcx]\nmov [rdi], rax\nmulx r9, r10, [rcx + 0x8]\nadd r8, r10\nmov rdx, [rsi + 0x8]\nmulx r11, r10, [rcx]\nadd r8, r11\nmov [rdi + 0x8], r8\nret\n";
    let prog = asm::parse(text).unwrap();
    let solver_only = CheckOptions { smt: SmtOptions { random_tests: 0, ..SmtOptions::default() }, ..CheckOptions::default() };
    let e = check::verify_with(&f, &prog, Scenario::Distinct, &solver_only).unwrap_err();
    let cex = e.counterexample.as_ref().unwrap_or_else(|| panic!("no counterexample: {e}"));
    assert_eq!(cex.found_by, "SMT");
    assert!(e.reason.starts_with("output limb 1 is WRONG"), "{e}");
    let inputs = check::counterexample_inputs(&f, cex);
    let code = jit::load(&prog).unwrap();
    let got = jit::call(code.func(), &inputs, f.limbs());
    let want = f.eval(&inputs);
    assert_eq!(got[0], want[0]);
    assert_ne!(got[1], want[1], "{e}");
    // the fixed program (low half) is proven by the rules alone
    let fixed = asm::parse(&text.replace("mulx r11, r10, [rcx]\nadd r8, r11", "mulx r11, r10, [rcx]\nadd r8, r10")).unwrap();
    let p = check::verify_with(&f, &fixed, Scenario::Distinct, &CheckOptions::default()).unwrap();
    assert_eq!(p.solver_calls, 0);
}
