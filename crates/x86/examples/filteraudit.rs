//! Audit of the search's static filter (bench/crypto-costmodel): runs `crypto opt`'s search
//! (bets and runs, same annealing settings) for a fixed time per Fiat function with
//! `audit_filter` on, so every statically filtered candidate is measured anyway, and prints one
//! JSON line per function: evaluations, filtered, and filtered candidates that measured better
//! than the best at the time (all / by more than 2 %). Timed against the start candidate.
//! Usage: [MARGIN=1.1] filteraudit <fn-dir> <seconds-per-function> [name-filter]
use vf_search::Problem;
use vf_x86::{gen, ir, jit, lir, measure, opt};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).expect("usage: filteraudit <fn-dir> <seconds> [filter]");
    let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20.0);
    let filter = args.get(3).cloned().unwrap_or_default();
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
    files.sort();
    for path in files.iter().filter(|p| p.to_string_lossy().contains(&filter)) {
        let f = ir::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let l = lir::lower(&f).unwrap();
        audit(&f, &l, secs);
    }
}

fn audit(f: &ir::Function, l: &lir::Lir, secs: f64) {
    let opts = gen::Options { adx: true, frame_pointer: false, ..Default::default() };
    let start = gen::generate(l, &gen::Candidate::carry_scheduled(l), opts, &f.name).unwrap();
    let anchor = jit::load(&start).unwrap();
    let refs = vec![("start".to_string(), anchor.func())];
    let mut p = opt::OptProblem::new(f, l, opts, opt::Objective::Mix, &refs, measure::best_clock(), 1);
    p.audit_filter = true;
    if let Some(m) = std::env::var("MARGIN").ok().and_then(|m| m.parse().ok()) {
        p.static_margin = m;
    }
    let config = vf_search::Config {
        seed: 1,
        chains: 1,
        budget: vf_search::Budget::time(std::time::Duration::from_secs_f64(secs)),
        schedule: vf_search::Schedule::Geometric { start: 0.02, end: 0.001 },
        restart_after: Some(400),
        restart_from: vf_search::RestartFrom::ChainBest,
        ..vf_search::Config::default()
    };
    let out = vf_search::bets_and_runs(&p, &config, vf_search::Bets { count: 10, fraction: 0.2 }, &vf_search::Quiet);
    let counters: Vec<String> = p.counters().iter().map(|(n, v)| format!("\"{n}\":{v}")).collect();
    println!("{{\"fn\":\"{}\",\"margin\":{},\"seconds\":{secs},\"evaluations\":{},\"best_cost\":{:.4},{}}}", f.name, p.static_margin, out.result.iterations, out.result.best_cost, counters.join(","));
}
