use rand::SeedableRng;
fn main() {
    let shared = std::env::var("VERIFORGE_SHARED").unwrap_or("/work/shared".into());
    let filter = std::env::args().nth(1).unwrap_or_default();
    let adx = std::env::args().nth(2).map(|s| s != "noadx").unwrap_or(true);
    let mut files: Vec<_> = std::fs::read_dir(format!("{shared}/corpora/fiat/fn")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().map(|e| e == "json").unwrap_or(false)).collect();
    files.sort();
    for p in files {
        if !p.to_string_lossy().contains(&filter) { continue; }
        let f = vf_x86::ir::parse(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let lir = match vf_x86::lir::lower(&f) { Ok(l) => l, Err(e) => { println!("{}: lower: {e}", f.name); continue; } };
        let cand = match std::env::var("ORDER").as_deref() { Ok("ir") => vf_x86::gen::Candidate::ir_order(&lir), Ok("dfs") => vf_x86::gen::Candidate::initial(&lir), _ => vf_x86::gen::Candidate::carry_scheduled(&lir) };
        // CHOICES=seed: random instruction-selection alternatives and flips on every node
        let mut cand = cand;
        if let Ok(seed) = std::env::var("CHOICES") {
            let mut rng = vf_search::Rng::new(seed.parse().unwrap_or(1));
            for n in 0..lir.nodes.len() {
                cand.choice[n] = rng.index(8) as u8;
                cand.flip[n] = rng.chance(0.5);
            }
        }
        let prog = match vf_x86::gen::generate(&lir, &cand, vf_x86::gen::Options { adx, frame_pointer: false, ..Default::default() }, &f.name) { Ok(p) => p, Err(e) => { println!("{}: gen: {e}", f.name); continue; } };
        let code = match vf_x86::jit::load(&prog) { Ok(c) => c, Err(e) => { println!("{}: jit: {e}", f.name); continue; } };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut bad = 0; let mut bad_alias = 0;
        for _ in 0..10000 {
            let i = f.random_inputs(&mut rng);
            let want = f.eval(&i);
            if vf_x86::jit::call(code.func(), &i, f.limbs()) != want { bad += 1; }
            if vf_x86::jit::call_aliased(code.func(), &i, f.limbs(), 0) != want { bad_alias += 1; }
            if lir.eval(&i) != want { bad += 1000000; }
        }
        let t = std::time::Instant::now();
        let v = vf_x86::check::verify(&f, &prog, vf_x86::check::Scenario::Distinct);
        let va = vf_x86::check::verify(&f, &prog, vf_x86::check::Scenario::OutIsArg(0));
        // callee-saved registers used (each saved once in the prologue)
        let saves = vf_x86::asm::CALLEE_SAVED.iter().filter(|&&c| prog.insns.iter().any(|i| i.ops.iter().any(|o| matches!(o, vf_x86::asm::Operand::Reg(r) if r.num == c)))).count();
        let rsp_stores = prog.insns.iter().filter(|i| matches!(i.ops.first(), Some(vf_x86::asm::Operand::Mem(m)) if m.base == Some(vf_x86::asm::RSP))).count();
        let cost = vf_x86::cost::static_cost(&prog);
        println!("{}: {} insns, {} spills, {} callee-saved, static cost {:.1}, wrong {bad}/10000, aliased wrong {bad_alias}; verify {:?} alias {:?} ({:.2}s)", f.name, prog.insns.len(), rsp_stores - saves, saves, cost, v.err(), va.err(), t.elapsed().as_secs_f64());
        if std::env::var_os("DUMP").is_some() { println!("{}", vf_x86::asm::to_nasm(&prog)); for l in vf_x86::check::debug_unmatched(&f, &prog) { println!("UNMATCHED {l}"); } }
    }
}
#[allow(dead_code)]
fn _unused() {}
