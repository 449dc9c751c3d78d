//! Calibration of the static cost model (bench/crypto-costmodel): for each Fiat function, samples
//! candidates the way the search does (bet starts + random walks of search moves), measures
//! throughput and latency relative to the start candidate (interleaved batch pairs, as the
//! search measures), and prints one JSON line per candidate with the static-model breakdown.
//! Usage: costcal <fn-dir> <samples-per-function> [name-filter]
use vf_search::{Problem, Rng};
use vf_x86::{cost, gen, ir, jit, lir, measure, opt};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).expect("usage: costcal <fn-dir> <samples> [filter]");
    let samples: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let filter = args.get(3).cloned().unwrap_or_default();
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
    files.sort();
    for path in files.iter().filter(|p| p.to_string_lossy().contains(&filter)) {
        let f = ir::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
        let l = lir::lower(&f).unwrap();
        calibrate(&f, &l, samples);
    }
}

fn calibrate(f: &ir::Function, l: &lir::Lir, samples: usize) {
    let opts = gen::Options { adx: true, frame_pointer: false, ..Default::default() };
    let start = gen::generate(l, &gen::Candidate::carry_scheduled(l), opts, &f.name).unwrap();
    let anchor = jit::load(&start).unwrap();
    let refs = vec![("start".to_string(), anchor.func())];
    let p = opt::OptProblem::new(f, l, opts, opt::Objective::Mix, &refs, measure::best_clock(), 1);
    let mut rng = Rng::new(7);
    let mut done = 0;
    while done < samples {
        // a third near the start (short walks), the rest from random bet starts with longer walks
        let (mut c, steps) = if done % 3 == 0 { (p.initial(), 1 + rng.index(8)) } else { (p.bet_start(1 + rng.index(9), &mut rng), rng.index(60)) };
        for _ in 0..steps {
            c = p.mutate(&c, &mut rng);
        }
        let Ok(prog) = p.generate(&c) else { continue };
        let Ok(code) = jit::load(&prog) else { continue };
        let r = p.mode_ratios(code.func(), 11);
        let b = cost::breakdown(&prog);
        println!(
            "{{\"fn\":\"{}\",\"thr\":{:.5},\"lat\":{:.5},\"insns\":{},\"critical\":{},\"alu\":{},\"muls\":{},\"loads\":{},\"stores\":{},\"uops\":{},\"v1\":{:.3},\"model\":{:.3}}}",
            f.name, r[0], r[1], b.insns, b.critical, b.alu, b.muls, b.loads, b.stores, b.uops, b.cost_v1(), cost::static_cost(&prog)
        );
        done += 1;
    }
}
