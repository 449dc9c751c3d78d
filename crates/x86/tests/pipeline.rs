//! End-to-end tests on our own fixtures (no shared data): IR -> code -> assemble -> run -> prove.

use rand::SeedableRng;
use vf_x86::check::{self, Scenario};
use vf_x86::gen::{self, Candidate, Options};
use vf_x86::{asm, ir, jit, lir, mutants};

const MUL2: &str = include_str!("../../../examples/crypto/mul2.json");
const MONT2: &str = include_str!("../../../examples/crypto/mont2.json");
const DBL2: &str = include_str!("../../../examples/crypto/dbl2.json");

fn random_candidate(l: &lir::Lir, rng: &mut vf_search::Rng) -> Candidate {
    // random topological order (Kahn with random picks) and random flips
    let n = l.nodes.len();
    let mut done = vec![false; n];
    let mut order = Vec::new();
    while order.len() < n {
        let ready: Vec<usize> = (0..n).filter(|&i| !done[i] && l.nodes[i].operands().iter().all(|(d, _)| done[*d])).collect();
        let pick = ready[rng.index(ready.len())];
        done[pick] = true;
        order.push(pick);
    }
    // random flips and random instruction-selection choices
    Candidate { order, flip: (0..n).map(|_| rng.chance(0.5)).collect(), choice: (0..n).map(|_| rng.index(8) as u8).collect(), xmm: (0..n).map(|_| rng.chance(0.3)).collect() }
}

fn run_tests(f: &ir::Function, prog: &asm::Program, n: usize, seed: u64) {
    let code = jit::load(prog).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..n {
        let i = f.random_inputs(&mut rng);
        let want = f.eval(&i);
        assert_eq!(jit::call(code.func(), &i, f.limbs()), want, "distinct buffers, input {i:?}\n{}", asm::to_nasm(prog));
        for k in 0..f.args.len() {
            assert_eq!(jit::call_aliased(code.func(), &i, f.limbs(), k), want, "out == arg{}", k + 1);
        }
    }
}

#[test]
fn random_candidates_run_correctly_and_are_proven() {
    for text in [MUL2, MONT2, DBL2] {
        let f = ir::parse(text).unwrap();
        let l = lir::lower(&f).unwrap();
        let mut rng = vf_search::Rng::new(11);
        for round in 0..24 {
            let opts = Options { adx: round % 3 != 0, frame_pointer: round % 4 == 1, ..Default::default() };
            let cand = if round == 0 { Candidate::initial(&l) } else { random_candidate(&l, &mut rng) };
            let prog = gen::generate(&l, &cand, opts, &f.name).unwrap();
            run_tests(&f, &prog, 300, round);
            for s in check::scenarios(&f, true) {
                check::verify(&f, &prog, s).unwrap_or_else(|e| panic!("{} round {round} {}: {e}\n{}", f.name, s.label(), asm::to_nasm(&prog)));
            }
        }
    }
}

#[test]
fn checker_rejects_every_mutant_that_computes_something_else() {
    let f = ir::parse(MONT2).unwrap();
    let l = lir::lower(&f).unwrap();
    let prog = gen::generate(&l, &Candidate::initial(&l), Options::default(), &f.name).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let inputs: Vec<_> = (0..200).map(|_| f.random_inputs(&mut rng)).collect();
    let (mut rejected, mut wrong) = (0, 0);
    // A short SMT timeout: a few mutants differ only on rare inputs (random pre-tests miss them)
    // and the solver cannot decide them in seconds; they stay "not proven" either way.
    let opts = check::CheckOptions { smt: vf_x86::smtcheck::SmtOptions { timeout: std::time::Duration::from_secs(1), ..Default::default() }, ..Default::default() };
    for m in mutants::mutants(&prog) {
        let proven = check::verify_with(&f, &m.program, Scenario::Distinct, &opts).is_ok();
        // run only mutants the checker accepts or that keep memory accesses inside our buffers
        if proven {
            // an accepted mutant must really be equivalent
            let code = jit::load(&m.program).unwrap();
            for i in &inputs {
                assert_eq!(jit::call(code.func(), i, f.limbs()), f.eval(i), "accepted wrong mutant {} at line {}", m.kind, m.line);
            }
        } else {
            rejected += 1;
        }
        wrong += 1;
    }
    // the count depends on the program's length (shorter code since lea/adc-imm selection): ask for
    // a fixed floor and that at least 90 % of all mutants are rejected
    assert!(rejected >= 90 && rejected * 10 >= wrong * 9, "only {rejected} of {wrong} mutants rejected");
}

#[test]
fn dropping_a_carry_or_changing_a_constant_is_not_proven() {
    let f = ir::parse(MONT2).unwrap();
    let l = lir::lower(&f).unwrap();
    let prog = gen::generate(&l, &Candidate::initial(&l), Options::default(), &f.name).unwrap();
    let idx = prog.insns.iter().position(|i| i.mnemonic == "adcx" || i.mnemonic == "adc").unwrap();
    let mut bad = prog.clone();
    bad.insns[idx].mnemonic = "add".into();
    assert!(check::verify(&f, &bad, Scenario::Distinct).is_err());
    let idx = prog.insns.iter().position(|i| matches!(i.ops.last(), Some(asm::Operand::Imm(v)) if *v > 1)).unwrap();
    let mut bad = prog.clone();
    if let Some(asm::Operand::Imm(v)) = bad.insns[idx].ops.last_mut() {
        *v ^= 2;
    }
    assert!(check::verify(&f, &bad, Scenario::Distinct).is_err());
}

#[test]
fn callee_saved_clobber_and_alias_unsafe_code_are_rejected() {
    let f = ir::parse(MUL2).unwrap();
    // correct for distinct buffers, wrong when out == arg1: stores out[0] before reading arg1[1]
    // (re-reads arg1[0] after out[0] was stored)
    let wait = "f:\nmov rcx, rdx\nmov rdx, [rsi]\nmulx r8, rax, [rcx]\nmov [rdi], rax\nmov rdx, [rsi]\nmulx r9, r10, [rcx + 0x8]\nadd r8, r10\nmov rdx, [rsi + 0x8]\nimul rdx, [rcx]\nadd r8, rdx\nmov [rdi + 0x8], r8\nret\n".to_string();
    let prog = asm::parse(&wait).unwrap();
    check::verify(&f, &prog, Scenario::Distinct).unwrap();
    let e = check::verify(&f, &prog, Scenario::OutIsArg(0)).unwrap_err();
    assert!(e.contains("output limb 1"), "{e}");
    let clobber = asm::parse(&wait.replace("r9, r10", "rbx, r10").replace("rbx, r10, [rcx + 0x8]", "rbx, r10, [rcx + 0x8]")).unwrap();
    let e = check::verify(&f, &clobber, Scenario::Distinct).unwrap_err();
    assert!(e.contains("callee-saved register rbx"), "{e}");
}

#[test]
fn emitted_c_compiled_by_gcc_matches_the_evaluator() {
    let f = ir::parse(MONT2).unwrap();
    let dir = std::env::temp_dir().join(format!("vf-cemit-{}", std::process::id()));
    let lib = vf_x86::cref::build_text(&vf_x86::cemit::emit(&f), "mont2", "gcc", &dir).unwrap();
    let func = lib.func(&f.name).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    for _ in 0..2000 {
        let i = f.random_inputs(&mut rng);
        assert_eq!(jit::call(func, &i, f.limbs()), f.eval(&i));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn outputs_assemble_with_nasm_and_gas() {
    let f = ir::parse(MONT2).unwrap();
    let l = lir::lower(&f).unwrap();
    let prog = gen::generate(&l, &Candidate::initial(&l), Options::default(), &f.name).unwrap();
    let dir = std::env::temp_dir().join(format!("vf-asm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.asm"), asm::to_nasm(&prog)).unwrap();
    std::fs::write(dir.join("a.s"), asm::to_gas(&prog)).unwrap();
    let nasm = std::process::Command::new("nasm").args(["-f", "elf64", "-o"]).arg(dir.join("a1.o")).arg(dir.join("a.asm")).output().expect("nasm is installed by make setup");
    assert!(nasm.status.success(), "{}", String::from_utf8_lossy(&nasm.stderr));
    let gas = std::process::Command::new("as").arg("-o").arg(dir.join("a2.o")).arg(dir.join("a.s")).output().unwrap();
    assert!(gas.status.success(), "{}", String::from_utf8_lossy(&gas.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

const ISEL3: &str = include_str!("../../../examples/crypto/isel3.json");

/// Every instruction-selection alternative of every node (one node at a time, then random
/// combinations), with and without ADX/BMI2: the code runs correctly, aliased too, and is proven.
#[test]
fn every_instruction_selection_choice_is_correct_and_proven() {
    let f = ir::parse(ISEL3).unwrap();
    let l = lir::lower(&f).unwrap();
    let base = Candidate::carry_scheduled(&l);
    let mut cands = vec![];
    for n in 0..l.nodes.len() {
        for c in 1..=Candidate::choices(&l, n) {
            let mut cand = base.clone();
            cand.choice[n] = c as u8;
            cands.push(cand);
        }
    }
    let mut rng = vf_search::Rng::new(5);
    for _ in 0..12 {
        cands.push(random_candidate(&l, &mut rng));
    }
    assert!(cands.len() > 20, "the fixture offers choices");
    let mut seen = std::collections::HashSet::new();
    for (i, cand) in cands.iter().enumerate() {
        for adx in [true, false] {
            let prog = gen::generate(&l, cand, Options { adx, frame_pointer: false, ..Default::default() }, &f.name).unwrap();
            seen.extend(prog.insns.iter().map(|x| x.mnemonic.clone()));
            run_tests(&f, &prog, 200, i as u64);
            for s in check::scenarios(&f, true) {
                check::verify(&f, &prog, s).unwrap_or_else(|e| panic!("candidate {i} adx {adx} {}: {e}\n{}", s.label(), asm::to_nasm(&prog)));
            }
        }
    }
    for m in ["lea", "shl", "shlx", "bzhi", "adc", "imul"] {
        assert!(seen.contains(m), "no candidate selected {m}");
    }
}

/// The default selection folds x*5*2*2 into one multiply, uses lea/shl instead of imul for x*3
/// and x*8, and no extra register for the constant of a carry-in addition (`adc r, 0` or lea).
#[test]
fn default_selection_uses_lea_and_adc_immediate() {
    let f = ir::parse(ISEL3).unwrap();
    let l = lir::lower(&f).unwrap();
    let prog = gen::generate(&l, &Candidate::carry_scheduled(&l), Options::default(), &f.name).unwrap();
    let text = asm::to_nasm(&prog);
    let imuls: Vec<&asm::Insn> = prog.insns.iter().filter(|i| i.mnemonic == "imul").collect();
    assert!(imuls.len() <= 3, "{text}");
    assert!(imuls.iter().all(|i| i.ops.iter().any(|o| matches!(*o, asm::Operand::Imm(20 | 19 | 45)))), "{text}");
    assert!(prog.insns.iter().any(|i| i.mnemonic == "lea"), "{text}");
    // carry-in additions of 0: `adc r, 0`, or `lea d, [x + c]` for a carry materialised in a
    // register (dead carry-out), never the constant in a register for adcx/adox, never `bt`
    assert!(!prog.insns.iter().any(|i| matches!(i.mnemonic.as_str(), "adcx" | "adox" | "bt")), "{text}");
    // 3 masks remain (26, 44 and 52 bits); the redundant one on arg1[2] < 2^42 and the repeated one are gone
    let masks = prog.insns.iter().filter(|i| i.mnemonic == "and").count();
    assert_eq!(masks, 3, "{text}");
}

fn is_reg(o: &asm::Operand) -> bool {
    matches!(o, asm::Operand::Reg(_))
}

/// Generates DBL2 in IR order with ADX, checks it runs correctly (aliased too) and is proven.
fn dbl2_program() -> asm::Program {
    let f = ir::parse(DBL2).unwrap();
    let l = lir::lower(&f).unwrap();
    let prog = gen::generate(&l, &Candidate::ir_order(&l), Options::default(), &f.name).unwrap();
    run_tests(&f, &prog, 300, 7);
    for s in check::scenarios(&f, true) {
        check::verify(&f, &prog, s).unwrap_or_else(|e| panic!("{}: {e}\n{}", s.label(), asm::to_nasm(&prog)));
    }
    prog
}

/// `x + x` whose operand dies there is done in place: `add r, r` / `adcx r, r`, with no
/// `mov d, r` copy in front (which the generator emitted before: `mov d, r; adcx d, r`).
#[test]
fn doubling_of_a_dying_value_is_done_in_place() {
    let prog = dbl2_program();
    let text = asm::to_nasm(&prog);
    let in_place: Vec<usize> = (0..prog.insns.len())
        .filter(|&k| {
            let i = &prog.insns[k];
            matches!(i.mnemonic.as_str(), "add" | "adc" | "adcx" | "adox") && is_reg(&i.ops[0]) && i.ops[0] == i.ops[1]
        })
        .collect();
    assert_eq!(in_place.len(), 2, "both doublings in place\n{text}");
    for &k in &in_place {
        let prev = &prog.insns[k - 1];
        assert!(!(prev.mnemonic == "mov" && prev.ops[0] == prog.insns[k].ops[0] && is_reg(&prev.ops[1])), "copy before an in-place doubling\n{text}");
    }
}

/// A mulx whose register source dies there may write its result into that register.
#[test]
fn mulx_reuses_the_register_of_a_dying_source() {
    let prog = dbl2_program();
    let text = asm::to_nasm(&prog);
    let reused = prog.insns.iter().any(|i| i.mnemonic == "mulx" && is_reg(&i.ops[2]) && (i.ops[0] == i.ops[2] || i.ops[1] == i.ops[2]));
    assert!(reused, "{text}");
}

/// A wide mask (not an imm32) of a value that lives on is `mov i, k; bzhi d, s, i` by default,
/// not `mov d, s; mov t, mask; and d, t`; choice 2 still forces `and`.
#[test]
fn wide_mask_of_a_live_value_defaults_to_bzhi() {
    let prog = dbl2_program();
    let text = asm::to_nasm(&prog);
    assert_eq!(prog.insns.iter().filter(|i| i.mnemonic == "bzhi").count(), 1, "{text}");
    assert!(!prog.insns.iter().any(|i| i.mnemonic == "and"), "{text}");
    let f = ir::parse(DBL2).unwrap();
    let l = lir::lower(&f).unwrap();
    let mut cand = Candidate::ir_order(&l);
    let masks: Vec<usize> = (0..l.nodes.len()).filter(|&n| Candidate::choices(&l, n) == 3).collect();
    assert_eq!(masks.len(), 1, "one mask node");
    cand.choice[masks[0]] = 2;
    let forced = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
    assert!(forced.insns.iter().any(|i| i.mnemonic == "and") && !forced.insns.iter().any(|i| i.mnemonic == "bzhi"), "{}", asm::to_nasm(&forced));
    assert!(forced.insns.len() > prog.insns.len(), "bzhi saves an instruction here");
    run_tests(&f, &forced, 200, 8);
}

/// `a1 * 3` as lea overwrites the register it loaded a1 into although a1 is used again later
/// (an input limb reloads from memory), instead of taking a second register.
#[test]
fn lea_multiply_overwrites_a_reloadable_source() {
    let prog = dbl2_program();
    let text = asm::to_nasm(&prog);
    let leas: Vec<&asm::Insn> = prog.insns.iter().filter(|i| i.mnemonic == "lea").collect();
    assert!(!leas.is_empty(), "{text}");
    for l in leas {
        match (&l.ops[0], &l.ops[1]) {
            (asm::Operand::Reg(d), asm::Operand::Mem(m)) if m.index.map(|(i, _)| Some(i) == m.base).unwrap_or(false) => assert_eq!(Some(d.num), m.base, "{text}"),
            _ => {}
        }
    }
}

const UNSAT9: &str = include_str!("../../../examples/crypto/unsat9.json");

fn count(prog: &asm::Program, mns: &[&str]) -> usize {
    prog.insns.iter().filter(|i| mns.contains(&i.mnemonic.as_str())).count()
}

fn proven_everywhere(f: &ir::Function, prog: &asm::Program) {
    for s in check::scenarios(f, true) {
        check::verify(f, prog, s).unwrap_or_else(|e| panic!("{} {}: {e}\n{}", f.name, s.label(), asm::to_nasm(prog)));
    }
}

/// Depth-first order computes every sum's high word after the low word's `add`, with flag-
/// clobbering work in between: without fusion the carries are saved (setc) and restored (bt);
/// with `fuse_carries` every carry goes straight from its `add` to its `adc`.
#[test]
fn carry_fusion_keeps_add_adc_pairs_adjacent_on_nine_limbs() {
    let f = ir::parse(UNSAT9).unwrap();
    let l = lir::lower(&f).unwrap();
    let cand = Candidate::initial(&l);
    let plain = gen::generate(&l, &cand, Options { fuse_carries: false, ..Default::default() }, &f.name).unwrap();
    let fused = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
    assert!(count(&plain, &["setc", "seto"]) >= 10 && count(&plain, &["bt"]) >= 10, "the fixture must exercise materialised carries");
    assert_eq!(count(&fused, &["setc", "seto", "bt"]), 0, "{}", asm::to_nasm(&fused));
    assert!(fused.insns.len() < plain.insns.len(), "{} vs {}", fused.insns.len(), plain.insns.len());
    run_tests(&f, &fused, 300, 5);
    proven_everywhere(&f, &fused);
}

/// Spills to xmm registers: code with every node's xmm bit set uses `vmovq` both ways, is proven
/// (distinct and aliased buffers) and runs correctly; reading the wrong xmm register, reading
/// one never written, or dropping the move that fills one is rejected by the checker.
#[test]
fn xmm_spills_are_proven_and_broken_xmm_moves_are_rejected() {
    let f = ir::parse(UNSAT9).unwrap();
    let l = lir::lower(&f).unwrap();
    let mut cand = Candidate::carry_scheduled(&l);
    let stack_only = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
    cand.xmm = vec![true; l.nodes.len()];
    let prog = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
    let xmm_of = |i: &asm::Insn, k: usize| match i.ops[k] {
        asm::Operand::Reg(r) if r.is_xmm() => Some(r.num),
        _ => None,
    };
    let stores: Vec<usize> = (0..prog.insns.len()).filter(|&k| prog.insns[k].mnemonic == "vmovq" && xmm_of(&prog.insns[k], 0).is_some()).collect();
    let loads: Vec<usize> = (0..prog.insns.len()).filter(|&k| prog.insns[k].mnemonic == "vmovq" && xmm_of(&prog.insns[k], 1).is_some()).collect();
    assert!(stores.len() >= 4 && loads.len() >= 4, "{}", asm::to_nasm(&prog));
    let stack = |p: &asm::Program| p.insns.iter().flat_map(|i| &i.ops).filter(|o| matches!(o, asm::Operand::Mem(m) if m.base == Some(asm::RSP))).count();
    assert!(stack(&prog) < stack(&stack_only), "xmm spills replace stack slots");
    // GAS and NASM text round-trips and assembles the same way
    let reparsed = asm::parse(&asm::to_gas(&prog)).unwrap();
    assert_eq!(reparsed.insns.iter().map(|i| &i.ops).collect::<Vec<_>>(), prog.insns.iter().map(|i| &i.ops).collect::<Vec<_>>());
    run_tests(&f, &prog, 300, 7);
    proven_everywhere(&f, &prog);
    let written: std::collections::HashSet<u8> = stores.iter().filter_map(|&k| xmm_of(&prog.insns[k], 0)).collect();
    let rejected = |p: &asm::Program| check::verify(&f, p, Scenario::Distinct).is_err();
    // a reload from another xmm register that holds a different value
    let k = loads[loads.len() / 2];
    let own = xmm_of(&prog.insns[k], 1).unwrap();
    let other = *written.iter().find(|&&x| x != own).expect("two xmm registers in use");
    let mut bad = prog.clone();
    bad.insns[k].ops[1] = asm::Operand::Reg(asm::Reg { num: other, bits: 128 });
    assert!(rejected(&bad), "reload from the wrong xmm register accepted");
    // a reload from an xmm register that is never written
    if let Some(unused) = (0..16u8).map(|i| asm::XMM0 + i).find(|x| !written.contains(x)) {
        let mut bad = prog.clone();
        bad.insns[k].ops[1] = asm::Operand::Reg(asm::Reg { num: unused, bits: 128 });
        let e = check::verify(&f, &bad, Scenario::Distinct).unwrap_err().to_string();
        assert!(e.contains("never written"), "{e}");
    }
    // the first xmm spill dropped
    let mut bad = prog.clone();
    bad.insns.remove(stores[0]);
    assert!(rejected(&bad), "dropped xmm spill accepted");
    // the library's own mutants of the xmm moves (wrong source register)
    for m in mutants::mutants(&prog).into_iter().filter(|m| m.program.insns.iter().zip(&prog.insns).any(|(a, b)| a != b && a.mnemonic == "vmovq")).take(6) {
        let proven = check::verify(&f, &m.program, Scenario::Distinct).is_ok();
        if proven {
            run_tests(&f, &m.program, 200, 3);
        }
    }
}

/// Random schedules and decisions (flips, instruction selection, xmm bits, with and without
/// carry fusion) on the 9-limb fixture: high register pressure, spills to the stack and to xmm.
/// (It does not reproduce the bzhi stack-slot miscompile of p448 carry_mul; the conformance
/// suite's heuristic-schedule check does.)
#[test]
fn random_nine_limb_candidates_run_correctly_and_are_proven() {
    let f = ir::parse(UNSAT9).unwrap();
    let l = lir::lower(&f).unwrap();
    let mut rng = vf_search::Rng::new(29);
    for round in 0..20 {
        let cand = random_candidate(&l, &mut rng);
        let prog = gen::generate(&l, &cand, Options { fuse_carries: round % 2 == 0, ..Default::default() }, &f.name).unwrap();
        run_tests(&f, &prog, 200, round);
        check::verify(&f, &prog, Scenario::Distinct).unwrap_or_else(|e| panic!("round {round}: {e}"));
    }
}

/// An `adox` chain opened without a carry-in needs CF and OF cleared. With a free register that
/// is the zero idiom `xor r, r` (no input dependency) instead of `test al, al` (whose flags wait
/// for rax's producer); both forms are proven and run correctly, and dropping the clear or
/// replacing it with `clc` (OF left unknown) is rejected by the checker.
#[test]
fn adox_chains_open_with_a_zero_idiom_when_a_register_is_free() {
    for text in [UNSAT9, include_str!("../../../examples/crypto/mul25519.json")] {
        let f = ir::parse(text).unwrap();
        let l = lir::lower(&f).unwrap();
        let mut cand = Candidate::carry_scheduled(&l);
        cand.flip = vec![true; l.nodes.len()];
        let zero = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
        let test = gen::generate(&l, &cand, Options { zero_idiom: false, ..Default::default() }, &f.name).unwrap();
        let is_zero_idiom = |i: &asm::Insn| i.mnemonic == "xor" && i.ops[0] == i.ops[1];
        let zeros: Vec<usize> = (0..zero.insns.len()).filter(|&k| is_zero_idiom(&zero.insns[k])).collect();
        assert!(!zeros.is_empty(), "{}", asm::to_nasm(&zero));
        assert!(count(&test, &["test"]) >= zeros.len() && !test.insns.iter().any(is_zero_idiom), "{}", asm::to_nasm(&test));
        assert!(count(&zero, &["test"]) < count(&test, &["test"]), "xor replaces test");
        assert_eq!(zero.insns.len(), test.insns.len(), "one instruction for one");
        for p in [&zero, &test] {
            run_tests(&f, p, 300, 13);
            proven_everywhere(&f, p);
        }
        // a clear may be redundant (the instruction before left CF = OF = 0, e.g. an `and`);
        // then the checker may accept the mutant, and it must compute the function. At least
        // one clear must be needed.
        let mut rejected = 0;
        for &k in &zeros {
            let mut dropped = zero.clone();
            dropped.insns.remove(k);
            let mut clc = zero.clone();
            clc.insns[k] = asm::Insn { mnemonic: "clc".into(), ops: vec![], line: 0 };
            for bad in [&dropped, &clc] {
                match check::verify(&f, bad, Scenario::Distinct) {
                    Ok(()) => run_tests(&f, bad, 300, 17),
                    Err(_) => rejected += 1,
                }
            }
        }
        assert!(rejected >= 2, "no clear of the flags was needed: the fixture does not exercise adox chains");
    }
}

/// Dual-chain list scheduling: a valid order; on Montgomery multiplications (our 2-limb fixture
/// and the 4-limb one of a generic prime below) a chain that starts while CF holds a live carry
/// goes to OF, so the code uses adox next to adcx; it is proven for distinct and aliased
/// buffers and computes the function.
#[test]
fn dual_chain_schedule_interleaves_cf_and_of_chains_and_is_proven() {
    for text in [MONT2, MUL2, UNSAT9, include_str!("../../../examples/crypto/sol2.json")] {
        let f = ir::parse(text).unwrap();
        let l = lir::lower(&f).unwrap();
        let cand = Candidate::dual_carry_scheduled(&l);
        let mut pos = vec![usize::MAX; l.nodes.len()];
        for (i, &v) in cand.order.iter().enumerate() {
            pos[v] = i;
        }
        for (v, node) in l.nodes.iter().enumerate() {
            assert!(node.operands().iter().all(|(d, _)| pos[*d] < pos[v]), "{}: node {v} before its operands", f.name);
        }
        let prog = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
        if text == MONT2 {
            assert!(cand.flip.iter().any(|&b| b), "a chain put in OF");
            assert!(count(&prog, &["adox"]) > 0 && count(&prog, &["adcx"]) > 0, "{}", asm::to_nasm(&prog));
        }
        run_tests(&f, &prog, 300, 19);
        proven_everywhere(&f, &prog);
        let noadx = gen::generate(&l, &cand, Options { adx: false, ..Default::default() }, &f.name).unwrap();
        run_tests(&f, &noadx, 100, 23);
        proven_everywhere(&f, &noadx);
    }
}

/// `check::verify_all` re-runs an aliased scenario exactly when the distinct-buffer run loaded
/// bytes of that input after the output buffer was stored there, and otherwise reaches the same
/// verdict as running every scenario: differential test on programs whose output stores are
/// hoisted to every earlier position that keeps them correct for distinct buffers (which makes
/// many of them wrong for aliased buffers), plus the hand-written alias-unsafe program above.
#[test]
fn verify_all_skips_only_aliased_runs_that_cannot_differ_and_agrees_with_full_runs() {
    let no_smt = check::CheckOptions { smt: vf_x86::smtcheck::SmtOptions { enabled: false, ..Default::default() }, ..Default::default() };
    let full = |f: &ir::Function, p: &asm::Program| check::scenarios(f, true).into_iter().map(|s| check::verify_with(f, p, s, &no_smt).is_ok()).collect::<Vec<bool>>();
    // the alias-unsafe program: both aliased scenarios are re-run, the first one fails
    let f = ir::parse(MUL2).unwrap();
    let wait = "f:\nmov rcx, rdx\nmov rdx, [rsi]\nmulx r8, rax, [rcx]\nmov [rdi], rax\nmov rdx, [rsi]\nmulx r9, r10, [rcx + 0x8]\nadd r8, r10\nmov rdx, [rsi + 0x8]\nimul rdx, [rcx]\nadd r8, rdx\nmov [rdi + 0x8], r8\nret\n";
    let e = check::verify_all(&f, &asm::parse(wait).unwrap(), true, &no_smt).unwrap_err();
    assert!(e.starts_with("out==arg1: ") && e.contains("output limb 1"), "{e}");
    let (mut skipped, mut rerun, mut alias_wrong, mut variants) = (0, 0, 0, 0);
    for text in [MUL2, MONT2, DBL2] {
        let f = ir::parse(text).unwrap();
        let l = lir::lower(&f).unwrap();
        for cand in [Candidate::initial(&l), Candidate::ir_order(&l), Candidate::carry_scheduled(&l)] {
            let prog = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
            let stores: Vec<usize> = (0..prog.insns.len())
                .filter(|&k| prog.insns[k].mnemonic == "mov" && matches!(&prog.insns[k].ops[0], asm::Operand::Mem(m) if m.base == Some(asm::RDI)))
                .collect();
            assert!(!stores.is_empty());
            let mut progs = vec![prog.clone()];
            for &s in &stores {
                for to in (0..s).rev().step_by(2) {
                    let mut p = prog.clone();
                    let insn = p.insns.remove(s);
                    p.insns.insert(to, insn);
                    if check::verify_with(&f, &p, Scenario::Distinct, &no_smt).is_ok() {
                        progs.push(p);
                    }
                }
            }
            for p in progs {
                variants += 1;
                let want = full(&f, &p);
                let got = check::verify_all(&f, &p, true, &no_smt);
                assert_eq!(got.is_ok(), want.iter().all(|&b| b), "{} {:?} {got:?}\n{}", f.name, want, asm::to_nasm(&p));
                if !want.iter().all(|&b| b) {
                    alias_wrong += 1;
                }
                if let Ok(how) = got {
                    assert_eq!(how.len(), 1 + f.args.len());
                    skipped += how.iter().filter(|(_, h)| *h == check::ScenarioProof::SameAsDistinct).count();
                    rerun += how.iter().skip(1).filter(|(_, h)| *h == check::ScenarioProof::Run).count();
                }
            }
        }
    }
    // the generator's own code never reads an input after storing over it, so no re-runs there;
    // hoisted stores make both kinds of programs
    assert!(skipped > 0 && alias_wrong > 0 && variants > 20, "skipped {skipped} rerun {rerun} alias-wrong {alias_wrong} of {variants}");
}

/// Instruction-selection choice 1 of a 128-bit right shift: `shr lo; shl hi-copy; lea` instead
/// of `shrd` (what clang -mtune=native emits on this AMD machine). On the unsaturated fixtures
/// with every shift taking it: no `shrd` left, proven for distinct and aliased buffers, runs
/// correctly; dropping the `shl` half is rejected.
#[test]
fn shift_pairs_without_shrd_are_proven_and_a_dropped_half_is_rejected() {
    let mut seen = 0;
    for text in [include_str!("../../../examples/crypto/unsat3.json"), include_str!("../../../examples/crypto/mul25519.json")] {
        let f = ir::parse(text).unwrap();
        let l = lir::lower(&f).unwrap();
        for base in [Candidate::initial(&l), Candidate::carry_scheduled(&l)] {
            let mut cand = base.clone();
            let shrds: Vec<usize> = (0..l.nodes.len()).filter(|&n| matches!(l.nodes[n], lir::Node::Shrd(..)) && Candidate::choices(&l, n) == 2).collect();
            assert!(!shrds.is_empty(), "{} has 128-bit shifts", f.name);
            for &n in &shrds {
                cand.choice[n] = 1;
            }
            let before = gen::generate(&l, &base, Options::default(), &f.name).unwrap();
            assert!(before.insns.iter().any(|i| i.mnemonic == "shrd"));
            let prog = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
            assert!(!prog.insns.iter().any(|i| i.mnemonic == "shrd"), "{}", asm::to_nasm(&prog));
            run_tests(&f, &prog, 300, 3);
            for s in check::scenarios(&f, true) {
                check::verify(&f, &prog, s).unwrap_or_else(|e| panic!("{} {}: {e}\n{}", f.name, s.label(), asm::to_nasm(&prog)));
            }
            // drop the first `shl` that feeds such a pair: not proven
            let k = prog.insns.iter().position(|i| i.mnemonic == "shl" && prog.insns.get(1 + prog.insns.iter().position(|j| std::ptr::eq(j, i)).unwrap()).is_some_and(|j| j.mnemonic == "lea")).unwrap();
            let mut bad = prog.clone();
            bad.insns.remove(k);
            let no_smt = check::CheckOptions { smt: vf_x86::smtcheck::SmtOptions { enabled: false, ..Default::default() }, ..Default::default() };
            assert!(check::verify_with(&f, &bad, Scenario::Distinct, &no_smt).is_err(), "{}", asm::to_nasm(&bad));
            seen += 1;
        }
    }
    assert_eq!(seen, 4);
}

const MONT7: &str = include_str!("../../../examples/crypto/mont7.json");

/// Instructions with a stack operand (spill stores, reloads, folded reloads).
fn stack_operands(prog: &asm::Program) -> usize {
    prog.insns.iter().filter(|i| i.ops.iter().any(|o| matches!(o, asm::Operand::Mem(m) if m.base == Some(asm::RSP)))).count()
}

/// The register-pressure-aware dual-chain list schedule (`Candidate::pressure_dual_scheduled`):
/// a valid order, on the 7-limb Montgomery fixture (the size of p434) fewer stack operands than the plain
/// dual-chain schedule while keeping both carry chains, and proven for distinct and aliased
/// buffers and run, with and without ADX, on every fixture.
#[test]
fn pressure_aware_dual_chain_schedule_spills_less_on_seven_limbs_and_is_proven() {
    for text in [MONT7, MONT2, MUL2, UNSAT9, include_str!("../../../examples/crypto/sol2.json")] {
        let f = ir::parse(text).unwrap();
        let l = lir::lower(&f).unwrap();
        let cand = Candidate::pressure_dual_scheduled(&l);
        let mut pos = vec![usize::MAX; l.nodes.len()];
        for (i, &v) in cand.order.iter().enumerate() {
            pos[v] = i;
        }
        for (v, node) in l.nodes.iter().enumerate() {
            assert!(node.operands().iter().all(|(d, _)| pos[*d] < pos[v]), "{}: node {v} before its operands", f.name);
        }
        let prog = gen::generate(&l, &cand, Options::default(), &f.name).unwrap();
        if text == MONT7 {
            let plain = gen::generate(&l, &Candidate::dual_carry_scheduled(&l), Options::default(), &f.name).unwrap();
            let (p, q) = (stack_operands(&prog), stack_operands(&plain));
            eprintln!("mont7: stack operands pressure-aware {p}, plain dual-chain {q}; instructions {} vs {}", prog.insns.len(), plain.insns.len());
            assert!(p < q, "pressure-aware {p} vs plain {q} stack operands");
            assert!(count(&prog, &["adox"]) > 0 && count(&prog, &["adcx"]) > 0, "{}", asm::to_nasm(&prog));
        }
        run_tests(&f, &prog, 200, 29);
        proven_everywhere(&f, &prog);
        let noadx = gen::generate(&l, &cand, Options { adx: false, ..Default::default() }, &f.name).unwrap();
        run_tests(&f, &noadx, 50, 31);
        proven_everywhere(&f, &noadx);
    }
}

/// `Candidate::chain_heads` are exactly the additions without carry in whose carry is read, and
/// `mutate_chain_flag` flips one of their bits (a whole chain to the other flag); the flipped
/// candidate's code moves that chain to the other flag instruction and is still proven.
#[test]
fn chain_flag_move_flips_exactly_one_chain_head() {
    let f = ir::parse(MONT2).unwrap();
    let l = lir::lower(&f).unwrap();
    let heads = Candidate::chain_heads(&l);
    assert!(!heads.is_empty());
    for (n, node) in l.nodes.iter().enumerate() {
        let read = l.nodes.iter().any(|m| m.operands().contains(&(n, 1)));
        let head = matches!(node, lir::Node::AddC(_, _, None)) && read;
        assert_eq!(heads.contains(&n), head, "node {n}: {node:?}");
    }
    let base = Candidate::carry_scheduled(&l);
    let before = gen::generate(&l, &base, Options::default(), &f.name).unwrap();
    let mut rng = vf_search::Rng::new(5);
    let mut moved = 0;
    for _ in 0..20 {
        let mut c = base.clone();
        assert!(c.mutate_chain_flag(&l, &mut rng));
        let changed: Vec<usize> = (0..l.nodes.len()).filter(|&n| c.flip[n] != base.flip[n]).collect();
        assert_eq!(changed.len(), 1);
        assert!(heads.contains(&changed[0]));
        let prog = gen::generate(&l, &c, Options::default(), &f.name).unwrap();
        if count(&prog, &["adox"]) != count(&before, &["adox"]) {
            moved += 1;
        }
        proven_everywhere(&f, &prog);
    }
    assert!(moved > 0, "no flip changed a chain's flag instruction");
}
