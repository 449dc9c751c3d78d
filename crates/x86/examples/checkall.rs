use std::time::Instant;
fn main() {
    let shared = std::env::var("VERIFORGE_SHARED").unwrap_or("/work/shared".into());
    let filter = std::env::args().nth(1).unwrap_or_default();
    let base = format!("{shared}/corpora/fiat/baseline-asm");
    let mut dirs: Vec<_> = std::fs::read_dir(&base).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    dirs.sort();
    for d in dirs {
        if !d.contains(&filter) { continue; }
        let fname = vf_x86::fn_name_for_baseline_dir(&d);
        let f = vf_x86::ir::parse(&std::fs::read_to_string(format!("{shared}/corpora/fiat/fn/{fname}.json")).unwrap()).unwrap();
        let mut files: Vec<_> = std::fs::read_dir(format!("{base}/{d}")).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        let mut ok = 0; let mut first_err = None;
        let t = Instant::now();
        for p in &files {
            let prog = vf_x86::asm::parse(&std::fs::read_to_string(p).unwrap()).unwrap();
            match vf_x86::check::verify(&f, &prog, vf_x86::check::Scenario::Distinct) {
                Ok(()) => ok += 1,
                Err(e) => if first_err.is_none() { first_err = Some(format!("{}: {e}", p.file_name().unwrap().to_string_lossy())) },
            }
        }
        println!("{d}: {ok}/{} in {:.2}s {}", files.len(), t.elapsed().as_secs_f64(), first_err.unwrap_or_default());
    }
}
