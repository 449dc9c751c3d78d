//! Conformance suite on the shared Fiat corpus ($VERIFORGE_SHARED): evaluator vs Fiat's C,
//! our code generator on the 12 functions, the checker on CryptOpt's published files, mutants.

use rand::SeedableRng;
use std::path::{Path, PathBuf};
use std::time::Instant;
use vf_x86::check::{self, CheckOptions, Scenario};
use vf_x86::smtcheck::SmtOptions;
use vf_x86::sym::Rule;
use vf_x86::gen::{self, Candidate, Options};
use vf_x86::{asm, cref, ir, jit, lir, mutants};

fn shared() -> Option<PathBuf> {
    let p = PathBuf::from(std::env::var("VERIFORGE_SHARED").ok()?).join("corpora/fiat");
    p.is_dir().then_some(p)
}

fn functions(root: &Path) -> Vec<(String, ir::Function)> {
    let mut v: Vec<_> = std::fs::read_dir(root.join("fn")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
    v.sort();
    v.into_iter().map(|p| (p.file_stem().unwrap().to_string_lossy().to_string(), ir::parse(&std::fs::read_to_string(&p).unwrap()).unwrap())).collect()
}

fn c_file(root: &Path, fname: &str) -> PathBuf {
    // the C file of each function's curve (fn/INDEX.tsv's "source" column)
    const STEMS: [(&str, &str); 11] = [
        ("secp256k1_dettman", "secp256k1_dettman_64"),
        ("secp256k1_montgomery", "secp256k1_montgomery_64"),
        ("solinas", "curve25519_solinas_64"),
        ("25519", "curve25519_64"),
        ("p224", "p224_64"),
        ("p256", "p256_64"),
        ("p384", "p384_64"),
        ("p434", "p434_64"),
        ("p448", "p448_solinas_64"),
        ("p521", "p521_64"),
        ("poly1305", "poly1305_64"),
    ];
    let stem = STEMS.iter().find(|(k, _)| fname.contains(k)).unwrap_or_else(|| panic!("{fname}: no C file known")).1;
    root.join("c").join(format!("{stem}.c"))
}

fn baseline_dir(fname: &str) -> String {
    fname.replace("fiat_25519_carry", "fiat_curve25519_carry").replace("fiat_p448_carry", "fiat_p448_solinas_carry")
}

#[test]
fn conformance() {
    let Some(root) = shared() else {
        panic!("VERIFORGE_SHARED is not set or has no corpora/fiat (run via scripts/conformance.sh)");
    };
    // all 22 of CryptOpt's functions (issue 15; the first 12 were the original task)
    let mut fns = functions(&root);
    assert_eq!(fns.len(), 22);
    // VF_CONF_FNS=p256,secp (comma-separated substrings): a subset while iterating on the checker
    if let Ok(only) = std::env::var("VF_CONF_FNS") {
        fns.retain(|(name, _)| only.split(',').any(|s| !s.is_empty() && name.contains(s)));
        assert!(!fns.is_empty(), "VF_CONF_FNS={only} matches no function");
        println!("subset run: {:?}", fns.iter().map(|(n, _)| n).collect::<Vec<_>>());
    }
    evaluator_matches_fiat_c(&root, &fns);
    generated_code_is_correct_and_proven(&fns);
    checker_on_published_files(&root, &fns);
    flag_idiom_mutants_are_rejected(&root, &fns);
}

/// Mutants aimed at the flag idioms the checker's rules (6)-(8) handle: `seto r8; adc r8, 0`
/// (OF + CF in a byte), `add r8, 0x7F` (OF := byte), `mov r, -0x1; ... adcx byte, r`
/// (CF := byte != 0). Each is changed to compute something else (setc instead of seto,
/// 0x7E instead of 0x7F, -0x2 instead of -0x1). Soundness: a mutant the checker accepts must compute
/// the IR's function natively; and most must be rejected.
fn flag_idiom_mutants_are_rejected(root: &Path, fns: &[(String, ir::Function)]) {
    let (mut made, mut rejected) = (0, 0);
    for (name, f) in fns {
        let dir = root.join("baseline-asm").join(baseline_dir(name));
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let inputs: Vec<_> = (0..300).map(|_| f.random_inputs(&mut rng)).collect();
        for p in files.iter().take(6) {
            let text = std::fs::read_to_string(p).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let mut variants = vec![];
            for (i, l) in lines.iter().enumerate() {
                let t = l.trim();
                let next = lines.get(i + 1).map(|n| n.trim()).unwrap_or("");
                let changed = if t.starts_with("seto ") && next.starts_with("adc ") && next.ends_with(", 0x0") {
                    Some(t.replacen("seto", "setc", 1))
                } else if t.starts_with("add ") && t.ends_with(", 0x7F") {
                    Some(t.replacen("0x7F", "0x7E", 1))
                } else if t.starts_with("mov ") && t.ends_with(", -0x1") {
                    Some(t.replacen("-0x1", "-0x2", 1))
                } else {
                    None
                };
                if let Some(c) = changed {
                    let mut m = lines.clone();
                    m[i] = &c;
                    variants.push(m.join("\n"));
                }
            }
            for v in variants.into_iter().take(3) {
                let prog = asm::parse(&v).unwrap();
                made += 1;
                match check::verify_with(f, &prog, Scenario::Distinct, &short_smt()) {
                    Ok(_) => {
                        let code = jit::load(&prog).unwrap();
                        for i in &inputs {
                            assert_eq!(jit::call(code.func(), i, f.limbs()), f.eval(i), "accepted a wrong flag-idiom mutant of {}", p.display());
                        }
                    }
                    Err(_) => rejected += 1,
                }
            }
        }
    }
    println!("flag-idiom mutants rejected {rejected}/{made}");
    assert!(made == 0 || rejected * 2 > made, "only {rejected}/{made} flag-idiom mutants rejected");
}

fn evaluator_matches_fiat_c(root: &Path, fns: &[(String, ir::Function)]) {
    let dir = std::env::temp_dir().join(format!("vf-conf-{}", std::process::id()));
    for (name, f) in fns {
        let lib = cref::build(&c_file(root, name), "gcc", &dir).unwrap();
        let c = lib.func(&f.name).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20_000 {
            let i = f.random_inputs(&mut rng);
            assert_eq!(jit::call(c, &i, f.limbs()), f.eval(&i), "{name}: evaluator differs from Fiat C on {i:?}");
        }
        assert!(check::ir_symbolic_matches_eval(f, &f.random_inputs(&mut rng)), "{name}: symbolic IR semantics differ from the evaluator");
    }
    println!("evaluator == Fiat C (gcc) on 20000 random inputs for all {} functions", fns.len());
    let _ = std::fs::remove_dir_all(&dir);
}

fn generated_code_is_correct_and_proven(fns: &[(String, ir::Function)]) {
    for (name, f) in fns {
        let l = lir::lower(f).unwrap();
        for adx in [true, false] {
            let prog = gen::generate(&l, &Candidate::initial(&l), Options { adx, frame_pointer: !adx, ..Default::default() }, &f.name).unwrap();
            let code = jit::load(&prog).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
            for _ in 0..20_000 {
                let i = f.random_inputs(&mut rng);
                let want = f.eval(&i);
                assert_eq!(jit::call(code.func(), &i, f.limbs()), want, "{name} adx={adx}");
                assert_eq!(jit::call_aliased(code.func(), &i, f.limbs(), 0), want, "{name} adx={adx} aliased");
            }
            let t = Instant::now();
            for s in check::scenarios(f, true) {
                check::verify(f, &prog, s).unwrap_or_else(|e| panic!("{name} adx={adx} {}: {e}", s.label()));
            }
            println!("ours {name:<36} adx={adx:<5} {:>4} insns, proven (all aliasing cases) in {:.2}s", prog.insns.len(), t.elapsed().as_secs_f64());
        }
        // the search's other heuristic start schedules (p448 carry_mul's list schedule was
        // miscompiled before a bzhi with a dying stack-slot source kept its slot until read)
        for (label, cand) in [
            ("carry-scheduled", Candidate::carry_scheduled(&l)),
            ("IR order", Candidate::ir_order(&l)),
            ("dual-chain", Candidate::dual_carry_scheduled(&l)),
            ("pressure-aware dual-chain", Candidate::pressure_dual_scheduled(&l)),
        ] {
            let prog = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
            let code = jit::load(&prog).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
            for _ in 0..2000 {
                let i = f.random_inputs(&mut rng);
                assert_eq!(jit::call(code.func(), &i, f.limbs()), f.eval(&i), "{name} {label}");
            }
            check::verify(f, &prog, Scenario::Distinct).unwrap_or_else(|e| panic!("{name} {label}: {e}"));
        }
        // the shared-partial-sums form (the search's second base function, where there is one):
        // its three heuristic schedules, with and without ADX, proven against the ORIGINAL
        // function for all aliasing cases and run natively
        if let Some(g) = vf_x86::reassoc::share_sums(f) {
            let lg = lir::lower(&g).unwrap();
            for (label, cand) in [("carry-scheduled", Candidate::carry_scheduled(&lg)), ("depth-first", Candidate::initial(&lg)), ("IR order", Candidate::ir_order(&lg))] {
                for adx in [true, false] {
                    let prog = gen::generate(&lg, &cand, Options { adx, ..Default::default() }, &f.name).unwrap();
                    let code = jit::load(&prog).unwrap();
                    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
                    for _ in 0..2000 {
                        let i = f.random_inputs(&mut rng);
                        let want = f.eval(&i);
                        assert_eq!(jit::call(code.func(), &i, f.limbs()), want, "{name} shared sums {label} adx={adx}");
                        assert_eq!(jit::call_aliased(code.func(), &i, f.limbs(), 0), want, "{name} shared sums {label} adx={adx} aliased");
                    }
                    for s in check::scenarios(f, true) {
                        check::verify(f, &prog, s).unwrap_or_else(|e| panic!("{name} shared sums {label} adx={adx} {}: {e}", s.label()));
                    }
                    println!("ours {name:<36} shared sums, {label} adx={adx}: {} insns, proven (all aliasing cases)", prog.insns.len());
                }
            }
        }
        // random instruction-selection alternatives and flips on every node (the search's moves)
        for seed in 0..2u64 {
            let mut cand = Candidate::carry_scheduled(&l);
            let mut rng = vf_search::Rng::new(seed + 1);
            for n in 0..l.nodes.len() {
                cand.choice[n] = rng.index(8) as u8;
                cand.flip[n] = rng.chance(0.5);
            }
            let prog = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
            let code = jit::load(&prog).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..2_000 {
                let i = f.random_inputs(&mut rng);
                let want = f.eval(&i);
                for k in 0..f.args.len() {
                    assert_eq!(jit::call_aliased(code.func(), &i, f.limbs(), k), want, "{name} random choices {seed}, out == arg{}", k + 1);
                }
                assert_eq!(jit::call(code.func(), &i, f.limbs()), want, "{name} random choices {seed}");
            }
            for s in check::scenarios(f, true) {
                check::verify(f, &prog, s).unwrap_or_else(|e| panic!("{name} random choices {seed} {}: {e}", s.label()));
            }
        }
    }
}

/// Runs every published file natively and through the checker. Soundness is asserted: a file
/// (or mutant) the checker accepts must compute the IR's function on random inputs.
fn checker_on_published_files(root: &Path, fns: &[(String, ir::Function)]) {
    let (mut total, mut accepted, mut mutants_rejected, mut mutants_total) = (0, 0, 0, 0);
    let mut needed_smt = 0;
    for (name, f) in fns {
        let dir = root.join("baseline-asm").join(baseline_dir(name));
        let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        let (mut ok, mut alias_wrong, mut alias_unproven, mut times, mut reasons) = (0, 0, 0, vec![], std::collections::BTreeMap::new());
        let mut mutated = false;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let inputs: Vec<_> = (0..300).map(|_| f.random_inputs(&mut rng)).collect();
        for p in files.iter() {
            let prog = asm::parse(&std::fs::read_to_string(p).unwrap()).unwrap();
            let code = jit::load(&prog).unwrap();
            let natively_right = inputs.iter().all(|i| jit::call(code.func(), i, f.limbs()) == f.eval(i));
            let t = Instant::now();
            let r = check::verify_with(f, &prog, Scenario::Distinct, &CheckOptions::default());
            times.push(t.elapsed().as_secs_f64());
            if let Ok(p) = &r {
                needed_smt += (!p.smt.is_empty()) as usize;
            }
            let r = r.map(|_| ()).map_err(|e| e.reason);
            total += 1;
            match &r {
                Ok(()) => {
                    assert!(natively_right, "{}: checker accepted a file that computes something else", p.display());
                    ok += 1;
                    accepted += 1;
                    // aliasing: report files that are wrong when out == arg
                    for k in 0..f.args.len() {
                        if check::verify(f, &prog, Scenario::OutIsArg(k)).is_err() {
                            alias_unproven += 1;
                            let native = inputs.iter().all(|i| jit::call_aliased(code.func(), i, f.limbs(), k) == f.eval(i));
                            if !native {
                                alias_wrong += 1;
                            }
                            break;
                        }
                    }
                }
                Err(e) => {
                    // every miss listed with its reason (issue 15)
                    println!("  NOT proven {}: {}", p.display(), e.chars().take(300).collect::<String>());
                    let key = e.split(':').next_back().unwrap_or("").split_whitespace().take(4).collect::<Vec<_>>().join(" ");
                    *reasons.entry(key).or_insert(0) += 1;
                }
            }
            // mutants of the first accepted file per function: 40, evenly spread over the file
            if r.is_ok() && !mutated {
                mutated = true;
                let all = mutants::mutants(&prog);
                let step = (all.len() / 40).max(1);
                for m in all.into_iter().step_by(step).take(40) {
                    mutants_total += 1;
                    match check::verify_with(f, &m.program, Scenario::Distinct, &short_smt()) {
                        Ok(_) => {
                            let mcode = jit::load(&m.program).unwrap();
                            // memory-safe by the proof, so it may run
                            for i in inputs.iter().take(50) {
                                assert_eq!(jit::call(mcode.func(), i, f.limbs()), f.eval(i), "accepted a wrong {} mutant of {}", m.kind, p.display());
                            }
                        }
                        Err(_) => mutants_rejected += 1,
                    }
                }
            }
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "published {name:<36} proven {ok:>2}/{}  aliasing not proven {alias_unproven:>2}, of which wrong natively {alias_wrong:>2}  proof time median {:.2}s max {:.2}s  not proven: {reasons:?}",
            files.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    println!("published files proven: {accepted}/{total} ({needed_smt} needed the SMT fallback); mutants rejected {mutants_rejected}/{mutants_total}");
    // issue 15: at least 99 % of the published files of all 22 functions proven (distinct buffers)
    assert!(accepted * 100 >= 99 * total, "only {accepted}/{total} published files proven (need 99 %)");
    // ≥ 200 per 12 functions (the mutants' share); a VF_CONF_FNS subset must reach its share
    let need = (200 * fns.len()).div_ceil(12);
    assert!(mutants_rejected >= need, "only {mutants_rejected} mutants rejected (need {need})");
}

/// Mutants: a few differ from the IR only on rare inputs that random pre-tests miss and the
/// solver cannot decide quickly; a short limit keeps the suite's time bounded (they stay
/// "not proven" either way).
fn short_smt() -> CheckOptions {
    CheckOptions { smt: SmtOptions { timeout: std::time::Duration::from_secs(2), ..SmtOptions::default() }, ..CheckOptions::default() }
}

/// Measurement of the SMT fallback on published files: with rule (1) or (7) switched off, how
/// many files the rules alone still prove, how many the solver recovers, and the time per
/// obligation. `VF_CONF_SMT_FILES` (default 1) files per function, `VF_CONF_SMT_TIMEOUT`
/// seconds per solver call (default 10). Soundness is asserted: every file proven here is run
/// natively on random inputs, and no published (correct) file may get a counterexample.
#[test]
fn smt_fallback_recovers_disabled_rules() {
    let Some(root) = shared() else {
        panic!("VERIFORGE_SHARED is not set or has no corpora/fiat (run via scripts/conformance.sh)");
    };
    let mut fns = functions(&root);
    if let Ok(only) = std::env::var("VF_CONF_FNS") {
        fns.retain(|(name, _)| only.split(',').any(|s| !s.is_empty() && name.contains(s)));
        assert!(!fns.is_empty(), "VF_CONF_FNS={only} matches no function");
    }
    let per_fn: usize = std::env::var("VF_CONF_SMT_FILES").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let secs: f64 = std::env::var("VF_CONF_SMT_TIMEOUT").ok().and_then(|v| v.parse().ok()).unwrap_or(10.0);
    for rule in [Rule::BoundedMod, Rule::AffineBit] {
        let (mut files_total, mut by_rules, mut by_smt, mut unknown) = (0, 0, 0, 0);
        let mut obligation_secs = vec![];
        for (name, f) in &fns {
            let dir = root.join("baseline-asm").join(baseline_dir(name));
            let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
            files.sort();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
            let inputs: Vec<_> = (0..100).map(|_| f.random_inputs(&mut rng)).collect();
            for p in files.iter().take(per_fn) {
                let prog = asm::parse(&std::fs::read_to_string(p).unwrap()).unwrap();
                files_total += 1;
                let rules_only = CheckOptions { smt: SmtOptions { enabled: false, ..SmtOptions::default() }, disabled_rules: vec![rule] };
                if check::verify_with(f, &prog, Scenario::Distinct, &rules_only).is_ok() {
                    by_rules += 1;
                    continue;
                }
                let with_smt = CheckOptions { smt: SmtOptions { timeout: std::time::Duration::from_secs_f64(secs), ..SmtOptions::default() }, disabled_rules: vec![rule] };
                let t = Instant::now();
                match check::verify_with(f, &prog, Scenario::Distinct, &with_smt) {
                    Ok(proof) => {
                        by_smt += 1;
                        obligation_secs.extend(proof.smt.iter().map(|o| o.seconds));
                        let code = jit::load(&prog).unwrap();
                        assert!(inputs.iter().all(|i| jit::call(code.func(), i, f.limbs()) == f.eval(i)), "{}: proven with SMT but wrong natively", p.display());
                        println!("  {rule:?} {}: proven with {} SMT obligation(s) in {:.2}s", p.file_name().unwrap().to_string_lossy(), proof.smt.len(), t.elapsed().as_secs_f64());
                    }
                    Err(e) => {
                        assert!(e.counterexample.is_none(), "{}: a correct published file got a counterexample: {e}", p.display());
                        unknown += 1;
                        let why: String = e.reason.chars().rev().take(90).collect::<Vec<_>>().into_iter().rev().collect();
                        println!("  {rule:?} {}: not proven after {:.2}s (...{why})", p.file_name().unwrap().to_string_lossy(), t.elapsed().as_secs_f64());
                    }
                }
            }
        }
        obligation_secs.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let med = obligation_secs.get(obligation_secs.len() / 2).copied().unwrap_or(0.0);
        let max = obligation_secs.last().copied().unwrap_or(0.0);
        println!(
            "rule {rule:?} off: {files_total} files: {by_rules} still proven by the rules, {by_smt} recovered by SMT ({} obligations, median {med:.2}s max {max:.2}s per obligation), {unknown} not proven (timeout {secs}s)",
            obligation_secs.len()
        );
    }
}

/// Issue 18: every published CryptOpt file parses (no addressing form or instruction of theirs
/// is rejected as malformed); proving them all is a separate matter (`conformance`).
#[test]
fn every_published_file_parses() {
    let Some(root) = shared() else {
        panic!("VERIFORGE_SHARED is not set or has no corpora/fiat (run via scripts/conformance.sh)");
    };
    let mut n = 0;
    let mut bad = vec![];
    for dir in std::fs::read_dir(root.join("baseline-asm")).unwrap() {
        for f in std::fs::read_dir(dir.unwrap().path()).unwrap() {
            let p = f.unwrap().path();
            if p.extension().is_some_and(|e| e == "asm") {
                n += 1;
                let text = std::fs::read_to_string(&p).unwrap();
                match asm::parse(&text) {
                    // and the in-process assembler takes every instruction as well
                    Ok(prog) => {
                        if let Err(e) = jit::assemble(&prog, 0) {
                            bad.push(format!("{}: assemble: {e}", p.display()));
                        }
                    }
                    Err(e) => bad.push(format!("{}:{e}", p.display())),
                }
            }
        }
    }
    println!("{n} published files parsed, {} rejected", bad.len());
    assert!(n >= 600, "only {n} files found");
    assert!(bad.is_empty(), "{} rejected, e.g. {:?}", bad.len(), &bad[..bad.len().min(5)]);
}

/// bitcoin-core's secp256k1 field multiply and square (issue 15): CryptOpt's LLVM-style IR
/// (`bitcoin-core/field.json`, read by `llvmjson` with bitcoin-core's VERIFY_BITS input bounds)
/// evaluates like bitcoin-core's own C compiled by gcc on 100,000 random inputs, and our
/// generated code for both functions (with and without ADX) is proven equal to that IR for
/// distinct and aliased buffers: CryptOpt optimizes these without a proof.
#[test]
fn bitcoin_core_field_functions_are_read_and_proven() {
    let Some(root) = shared() else {
        panic!("VERIFORGE_SHARED is not set or has no corpora/fiat (run via scripts/conformance.sh)");
    };
    let dir = root.join("bitcoin-core");
    let text = std::fs::read_to_string(dir.join("field.json")).unwrap();
    let tmp = std::env::temp_dir().join(format!("vf-conf-btc-{}", std::process::id()));
    let lib = cref::build(&dir.join("field.c"), "gcc", &tmp).unwrap();
    for name in ["secp256k1_fe_mul_inner", "secp256k1_fe_sqr_inner"] {
        let o = ir::ParseOptions { function: Some(name.into()), bounds: Some(vf_x86::llvmjson::Bounds::parse_bits("56,56,56,56,52").unwrap()) };
        let f = ir::parse_with(&text, &o).unwrap();
        let c = lib.func(name).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..100_000 {
            let i = f.random_inputs(&mut rng);
            assert_eq!(jit::call(c, &i, f.limbs()), f.eval(&i), "{name}: evaluator differs from bitcoin-core's C on {i:?}");
        }
        assert!(check::ir_symbolic_matches_eval(&f, &f.random_inputs(&mut rng)), "{name}: symbolic IR semantics differ from the evaluator");
        let l = lir::lower(&f).unwrap();
        for adx in [true, false] {
            let p = gen::generate(&l, &Candidate::initial(&l), Options { adx, frame_pointer: false, ..Default::default() }, &f.name).unwrap();
            for s in check::scenarios(&f, true) {
                let t = Instant::now();
                check::verify(&f, &p, s).unwrap_or_else(|e| panic!("{name} (adx {adx}) {}: {e}", s.label()));
                println!("{name} (adx {adx}) {}: proven in {:.2}s", s.label(), t.elapsed().as_secs_f64());
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
