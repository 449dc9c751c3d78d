//! Measures the rule pre-pass's matching cost on a large program (docs/bpf.md, "Rules after the
//! passes"): a database of rules generalized from every 2..=MAXLEN-slot window of the program's
//! own straight-line runs (rewrite: last slot deleted; NOT proven, only for timing), so each rule
//! matches at least at its own site; the pre-pass runs with a stub solver that answers instantly,
//! once "unknown" (every match tried, nothing fires: one sweep) and once "unsat" (everything the
//! interpreter's test cases do not refute fires). The output program is discarded.
//!
//!   cargo run --release -p vf-bpf --example rules_match -- ../shared/corpora/bpf/objects/O2/balancer_kern.o [MAXLEN=6]
use std::time::{Duration, Instant};
use vf_bpf::equiv::window::{Solver, SolverAnswer};
use vf_bpf::isa::Insn;
use vf_bpf::opt::cost::Objective;
use vf_bpf::opt::interp::CallModel;
use vf_bpf::opt::rules::{generalize, prepass, ProvenRewrite, RuleDb};
use vf_bpf::opt::window::{self, ProgramFacts};

struct No(bool);
impl Solver for No {
    fn check(&self, _: &[vf_smt::Term], _: Duration) -> SolverAnswer {
        if self.0 { SolverAnswer::Unsat } else { SolverAnswer::Unknown("no".into()) }
    }
    fn name(&self) -> String {
        "no".into()
    }
}

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let maxlen: usize = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(6);
    let l = vf_bpf::formats::load(std::path::Path::new(&path), &Default::default()).unwrap();
    let insns = l.program.insns.clone();
    let t = Instant::now();
    let f = ProgramFacts::new(&insns).unwrap();
    println!("{} slots, facts {:.3}s", insns.len(), t.elapsed().as_secs_f64());
    let db = RuleDb::in_memory();
    let mut n = 0;
    for (s, e) in window::runs(&insns, &f) {
        for a in s..e {
            for len in 2..=maxlen {
                let b = a + len;
                if b > e || insns[a].is_nop() {
                    continue;
                }
                let mut cand = insns[a..b].to_vec();
                if cand[len - 1].is_lddw() || (len >= 2 && cand[len - 2].is_lddw()) {
                    continue;
                }
                cand[len - 1] = Insn::nop();
                let w = window::make_window(&insns, &f, a, b);
                let r = generalize(&ProvenRewrite { orig: insns[a..b].to_vec(), cand, live_out: w.live_out, pre: w.pre, regions: w.regions });
                n += db.add(&r) as usize;
            }
        }
    }
    println!("{} rules", n);
    let safe = |_: &[Insn]| Ok(());
    for yes in [false, true] {
        let t = Instant::now();
        let (_, st) = prepass(&db, &insns, &Objective::Size, &No(yes), &CallModel::default(), Duration::from_secs(1), None, &safe);
        println!("solver says {}: prepass {:.3}s, matching {:.3}s, matched {}, fired {}, wall {:.3}", if yes { "unsat" } else { "unknown" }, st.seconds, st.match_seconds, st.matched, st.fired, t.elapsed().as_secs_f64());
    }
}
