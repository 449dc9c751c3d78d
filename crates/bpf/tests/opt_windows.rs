//! Growing windows: a rewrite that is correct only in a window spanning 8 slots is out of reach
//! of the fixed 4/4/6/3 windows and found by the basic-block-sized rounds of `grow_windows`.

use vf_bpf::equiv::cache::ProofCache;
use vf_bpf::equiv::window::SmtSolver;
use vf_bpf::isa::{self, Insn, BPF_ADD, BPF_AND, BPF_OR, BPF_W, BPF_XOR};
use vf_bpf::opt::driver::{optimize_program, search_rounds, FinalChecks};
use vf_bpf::opt::OptOptions;
use vf_bpf::{ProgType, Program};
use vf_search::{Budget, Quiet};

fn program() -> Program {
    // r0 = ctx[0]; r0 |= 0x100; r2 = ctx[4]; r3 = ctx[8]; r2 += r3; r4 = ctx[12]; r2 ^= r4;
    // r0 &= 0xff; r0 += r2; exit   -- the `|= 0x100` (slot 1) is masked by the `&= 0xff` at
    // slot 7: deleting it is correct only in a window holding both
    let insns = vec![
        Insn::ldx(BPF_W, 0, 1, 0),
        Insn::alu64_imm(BPF_OR, 0, 0x100),
        Insn::ldx(BPF_W, 2, 1, 4),
        Insn::ldx(BPF_W, 3, 1, 8),
        Insn::alu64_reg(BPF_ADD, 2, 3),
        Insn::ldx(BPF_W, 4, 1, 12),
        Insn::alu64_reg(BPF_XOR, 2, 4),
        Insn::alu64_imm(BPF_AND, 0, 0xff),
        Insn::alu64_reg(BPF_ADD, 0, 2),
        Insn::exit(),
    ];
    let mut p = Program::new("grow", insns, ProgType::RawCtx);
    p.max_pkt_sz = 16;
    p
}

fn run(grow: bool) -> (usize, usize) {
    let mut o = OptOptions::default();
    o.search.chains = 1;
    o.search.budget = Budget::iterations(400_000);
    o.grow_windows = grow;
    let checks = FinalChecks {
        differential_inputs: 300,
        reprove_backend: vf_smt::Backend::Bitwuzla,
        reprove_timeout: std::time::Duration::from_secs(30),
        export_dir: None,
        kernel_test_runs: 0,
    };
    let (best, report) =
        optimize_program(&program(), &o, &SmtSolver { backend: vf_smt::Backend::Z3 }, &ProofCache::in_memory(), &Quiet, &checks)
            .unwrap();
    assert_eq!(report.windows_reproven, report.windows_rewritten);
    (isa::count_real(&best), report.iterations as usize)
}

#[test]
fn rounds_split_the_budget_and_grow_to_basic_block_windows() {
    let mut o = OptOptions::default();
    o.search.budget = Budget::iterations(1000);
    assert_eq!(search_rounds(&o).len(), 1);
    o.grow_windows = true;
    let r = search_rounds(&o);
    assert_eq!(r.iter().map(|x| x.1.iterations.unwrap()).sum::<u64>(), 1000);
    assert!(r[2].0.iter().any(|&(len, _)| len >= 16));
}

#[test]
fn grown_windows_merge_instructions_that_fixed_windows_cannot() {
    let (fixed, it_fixed) = run(false);
    assert_eq!(fixed, 10, "no fixed window holds both the `|=` and the `&=`");
    let (grown, it_grown) = run(true);
    assert_eq!(it_grown, it_fixed, "same total budget");
    assert!(grown <= 9, "{grown}");
}
