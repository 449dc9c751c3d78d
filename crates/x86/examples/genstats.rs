//! Static statistics of the heuristic start schedules (bench/crypto 9-limb analysis):
//! `cargo run --release -p vf-x86 --example genstats -- FILTER` over ../shared's Fiat functions
//! (or an IR file path). Per schedule: instructions, mov, stack operands, setc/seto, bt, xmm moves,
//! static cost. `VF_XMM_ALL=1` sets every node's xmm-spill bit, `VF_FUSE=0` turns carry fusion off. `VF_SHARE=1` shares partial sums first. `OUT=dir` writes each as NASM. `VERIFY=1` also proves each (distinct buffers) and runs 2000 random tests.
fn main() {
    let shared = std::env::var("VERIFORGE_SHARED").unwrap_or("/work/shared".into());
    let filter = std::env::args().nth(1).unwrap_or_default();
    let mut files: Vec<std::path::PathBuf> = if std::path::Path::new(&filter).is_file() {
        vec![filter.clone().into()]
    } else {
        let mut v: Vec<_> = std::fs::read_dir(format!("{shared}/corpora/fiat/fn")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "json") && p.to_string_lossy().contains(&filter)).collect();
        v.sort();
        v
    };
    files.dedup();
    let opts = vf_x86::gen::Options::from_env();
    for p in files {
        let f = vf_x86::ir::parse(&std::fs::read_to_string(&p).unwrap()).unwrap();
        // VF_SHARE=1: lower the function with shared partial sums (reassoc::share_sums); proofs
        // and tests are still against the original `f`
        let shared_f = std::env::var_os("VF_SHARE").and_then(|_| vf_x86::reassoc::share_sums(&f));
        let lir = vf_x86::lir::lower(shared_f.as_ref().unwrap_or(&f)).unwrap();
        if std::env::var_os("PROFILE").is_some() {
            profile(&f, &lir, opts);
            continue;
        }
        for (name, mut cand) in [("carry", vf_x86::gen::Candidate::carry_scheduled(&lir)), ("dfs", vf_x86::gen::Candidate::initial(&lir)), ("ir", vf_x86::gen::Candidate::ir_order(&lir))] {
            if std::env::var("ONLY").is_ok_and(|o| o != name) {
                continue;
            }
            if std::env::var_os("VF_XMM_ALL").is_some() {
                cand.xmm = vec![true; lir.nodes.len()];
            }
            let t = std::time::Instant::now();
            let prog = match vf_x86::gen::generate(&lir, &cand, opts, &f.name) {
                Ok(p) => p,
                Err(e) => {
                    println!("{} {name}: gen: {e}", f.name);
                    continue;
                }
            };
            let gen_us = t.elapsed().as_secs_f64() * 1e6;
            let s = vf_x86::cost::stats(&prog);
            let mut verdict = String::new();
            if std::env::var_os("VERIFY").is_some() {
                let t = std::time::Instant::now();
                let v = vf_x86::check::verify(&f, &prog, vf_x86::check::Scenario::Distinct);
                let code = vf_x86::jit::load(&prog).unwrap();
                let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
                let bad = (0..2000).filter(|_| {
                    let i = f.random_inputs(&mut rng);
                    vf_x86::jit::call(code.func(), &i, f.limbs()) != f.eval(&i)
                }).count();
                verdict = format!(" verify {:?} wrong {bad}/2000 ({:.1}s)", v.err(), t.elapsed().as_secs_f64());
            }
            println!("{} {name}: {} insns, {} mov, {} stack operands, {} setc/seto, {} bt, {} xmm moves, static cost {:.1}, gen {gen_us:.0} us{verdict}", f.name, s.insns, s.movs, s.stack_operands, s.setcc, s.bt, s.xmm_moves, vf_x86::cost::static_cost(&prog));
            if let Ok(dir) = std::env::var("OUT") {
                // NASM text for `veriforge crypto bench` (measured next to gcc and clang)
                std::fs::write(format!("{dir}/{}_{name}.asm", f.name), vf_x86::asm::to_nasm(&prog)).unwrap();
            }
            if std::env::var_os("DUMP").is_some() && name == "carry" {
                println!("{}", vf_x86::asm::to_nasm(&prog));
            }
        }
    }
}

/// Thread CPU time in µs (unaffected by other processes on a loaded machine).
fn cpu_us() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1e6 + t.tv_nsec as f64 / 1e3
}

/// CPU time per step of one search evaluation (without the measurement itself), per call and
/// per generated instruction: `PROFILE=1 genstats FILTER`.
fn profile(f: &vf_x86::ir::Function, lir: &vf_x86::lir::Lir, opts: vf_x86::gen::Options) {
    let cand = vf_x86::gen::Candidate::carry_scheduled(lir);
    let prog = vf_x86::gen::generate(lir, &cand, opts, &f.name).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    let inputs: Vec<_> = (0..4).map(|_| f.random_inputs(&mut rng)).collect();
    let reps = 40;
    let time = |name: &str, g: &mut dyn FnMut()| {
        let t = cpu_us();
        for _ in 0..reps {
            g();
        }
        let us = (cpu_us() - t) / reps as f64;
        print!(" {name} {us:.0}us ({:.2}us/insn)", us / prog.insns.len() as f64);
    };
    print!("{} ({} LIR nodes, {} insns):", f.name, lir.nodes.len(), prog.insns.len());
    time("lower", &mut || drop(vf_x86::lir::lower(f).unwrap()));
    time("carry_scheduled", &mut || drop(vf_x86::gen::Candidate::carry_scheduled(lir)));
    time("generate", &mut || drop(vf_x86::gen::generate(lir, &cand, opts, &f.name).unwrap()));
    time("static_cost", &mut || { std::hint::black_box(vf_x86::cost::static_cost(&prog)); });
    time("jit_load", &mut || drop(vf_x86::jit::load(&prog).unwrap()));
    let code = vf_x86::jit::load(&prog).unwrap();
    time("tests", &mut || {
        for i in &inputs {
            let want = f.eval(i);
            assert_eq!(vf_x86::jit::call(code.func(), i, f.limbs()), want);
            for k in 0..f.args.len() {
                assert_eq!(vf_x86::jit::call_aliased(code.func(), i, f.limbs(), k), want);
            }
        }
    });
    time("ir_eval", &mut || drop(f.eval(&inputs[0])));
    println!();
}
