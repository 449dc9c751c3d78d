//! AFL++ harness: one binary for every target; `VF_FUZZ_TARGET` picks which (see `vf-fuzz list`).
//! A panic in the target aborts, which AFL++ records as a crash; a run over afl-fuzz's `-t`
//! (10 s in scripts/fuzz.sh) is a hang. Build it with `AFL_NO_CFG_FUZZING=1` (scripts/fuzz.sh):
//! the harness checks at start that it reports source positions like a normal build
//! (`vf_fuzz::build_problem`) and exits 2 otherwise.

fn main() {
    let name = std::env::var("VF_FUZZ_TARGET").unwrap_or_default();
    let Some(target) = vf_fuzz::find(&name) else {
        eprintln!("vf-afl: set VF_FUZZ_TARGET to one of: {}", vf_fuzz::all().iter().map(|t| t.name).collect::<Vec<_>>().join(", "));
        std::process::exit(2);
    };
    // refuse to fuzz in a build whose findings would not replay in a normal one
    if let Some(p) = vf_fuzz::build_problem() {
        eprintln!("vf-afl: {p}");
        std::process::exit(2);
    }
    let run = target.run;
    afl::fuzz!(|data: &[u8]| {
        run(data);
    });
}
