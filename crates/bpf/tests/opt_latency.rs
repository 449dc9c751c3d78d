//! The latency objective: the same program, optimized for size and for latency.

use std::sync::Arc;
use vf_bpf::equiv::cache::ProofCache;
use vf_bpf::equiv::window::SmtSolver;
use vf_bpf::isa::{self, Insn, BPF_MUL, BPF_W};
use vf_bpf::opt::cost::{CostModel, CostTable, Objective};
use vf_bpf::opt::{optimize, OptOptions};
use vf_search::{Budget, Quiet};

fn run(prog: &[Insn], objective: Objective) -> Vec<Insn> {
    let mut o = OptOptions::default();
    o.search.chains = 2;
    o.search.budget = Budget::iterations(60_000);
    o.problem.objective = objective;
    let cache = ProofCache::in_memory();
    let safety = |_: &[Insn]| Ok(());
    optimize(
        prog,
        &o,
        &SmtSolver {
            backend: vf_smt::Backend::Z3,
        },
        &cache,
        &safety,
        &Quiet,
    )
    .unwrap()
    .insns
}

#[test]
fn latency_objective_trades_a_multiply_for_a_cheaper_instruction_size_does_not() {
    // r0 = *(u32 *)(r1 + 0); r0 *= 2; exit: no shorter program exists, but a faster one does
    let prog = vec![
        Insn::ldx(BPF_W, 0, 1, 0),
        Insn::alu64_imm(BPF_MUL, 0, 2),
        Insn::exit(),
    ];
    let sized = run(&prog, Objective::Size);
    assert_eq!(sized, prog, "size: nothing shorter, so the input stays");

    let table = CostTable::default_table();
    let mul = table
        .ns_of_opcode(isa::BPF_ALU64 | BPF_MUL | isa::BPF_K)
        .unwrap();
    let add = table
        .ns_of_opcode(isa::BPF_ALU64 | isa::BPF_ADD | isa::BPF_X)
        .unwrap();
    assert!(
        mul > 2.0 * add,
        "the checked-in table measures mul slower than add ({mul} vs {add})"
    );
    let model = Arc::new(CostModel::new(&table));
    let fast = run(&prog, Objective::Latency(model.clone()));
    assert!(
        model.program_cost(&fast) < model.program_cost(&prog),
        "{}",
        isa::listing(&fast)
    );
    assert!(
        !fast
            .iter()
            .any(|i| i.class() == isa::BPF_ALU64 && i.op() == BPF_MUL),
        "multiply replaced:\n{}",
        isa::listing(&fast)
    );
    assert_eq!(isa::count_real(&fast), 3);
}
