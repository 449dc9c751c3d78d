//! The window interpreter and the SMT encoding must agree: random windows run
//! concretely and evaluated symbolically (with vf-smt's own evaluator, no solver).

use vf_bpf::equiv::encode::{self, SymState};
use vf_bpf::isa::{self, Insn};
use vf_bpf::opt::analysis::ALL_REGS;
use vf_bpf::opt::interp::{self, Outcome, TestCase};
use vf_bpf::opt::mutate::{self, Pools};
use vf_bpf::opt::window::Window;
use vf_search::Rng;
use vf_smt::{ArrayValue, BitVec, Model, Term, Value};

fn pools() -> Pools {
    let seed_window = vec![
        Insn::ldx(isa::BPF_W, 2, 1, 4),
        Insn::stx(isa::BPF_DW, 10, 3, -16),
        Insn::st(isa::BPF_B, 10, -8, 7),
        Insn::ldx(isa::BPF_H, 4, 10, -7),
        Insn::alu64_imm(isa::BPF_ADD, 5, -3),
    ];
    let w = Window { start: 0, end: 5, live_in: ALL_REGS, live_out: ALL_REGS, pre: [None; 11], regions: None, init: ALL_REGS, stack: Default::default() };
    let mut p = Pools::new(&seed_window, &w);
    p.imms.extend([i32::MIN, i32::MAX, -2, 31, 63, 0x7fff_ffff]);
    p
}

fn random_test(rng: &mut Rng) -> TestCase {
    let mut regs = [0u64; 11];
    for r in regs.iter_mut() {
        *r = match rng.below(4) {
            0 => rng.next_u64(),
            1 => rng.below(70),
            2 => (rng.next_u64() as i64 >> 40) as u64,
            _ => 0x1000 + rng.below(64),
        };
    }
    TestCase { regs, mem_seed: rng.next_u64(), mem: vec![], calls: vec![] }
}

/// A model assigning the test's registers and its initial memory at every address `st` touched.
fn model_for(tc: &TestCase, st: &SymState) -> Model {
    let mut m = Model::new();
    for r in 0..11 {
        m.set_bv(&encode::reg_name(r), BitVec::from_u64(64, tc.regs[r]));
    }
    // registers first, so access addresses can be evaluated
    let mut arr = ArrayValue::constant(64, BitVec::from_u64(8, 0));
    // accesses are in execution order: an address can only depend on bytes filled in before
    for (addr, bytes, _) in &st.accesses {
        m.set(encode::MEM0, Value::Array(arr.clone()));
        let a = m.eval_bv(addr).unwrap().to_u64().unwrap();
        for i in 0..*bytes as u64 {
            let at = a.wrapping_add(i);
            arr.entries.insert(BitVec::from_u64(64, at), BitVec::from_u64(8, tc.initial_byte(at) as u64));
        }
    }
    m.set(encode::MEM0, Value::Array(arr));
    m
}

#[test]
fn interpreter_and_encoding_agree_on_random_windows() {
    let p = pools();
    let mut rng = Rng::new(2024);
    let mut checked = 0;
    for _ in 0..1500 {
        let len = 1 + rng.index(5);
        let body: Vec<Insn> = (0..len).map(|_| mutate::random_insn(&p, &mut rng)).collect();
        let tc = random_test(&mut rng);
        let mut out = Outcome::default();
        interp::run(&body, &tc, &mut out);
        let mut st = SymState::initial();
        encode::exec(&body, &mut st);
        let model = model_for(&tc, &st);
        for r in 0..11 {
            let v = model.eval_bv(&st.regs[r]).unwrap().to_u64().unwrap();
            assert_eq!(v, out.regs[r], "r{r} after\n{}\non {:?}", isa::listing(&body), tc.regs);
        }
        for &(addr, _) in &out.writes {
            let sym = model.eval_bv(&st.mem().select(&Term::bv_const(64, addr))).unwrap().to_u64().unwrap();
            assert_eq!(sym as u8, out.byte(&tc, addr), "mem[{addr:#x}] after\n{}", isa::listing(&body));
        }
        checked += 1;
    }
    assert_eq!(checked, 1500);
}

#[test]
fn alu_edge_cases_follow_the_kernel() {
    use isa::*;
    assert_eq!(interp::alu(BPF_DIV, true, 7, 0, 0), 0);
    assert_eq!(interp::alu(BPF_MOD, true, 7, 0, 0), 7);
    assert_eq!(interp::alu(BPF_MOD, false, 0xffff_ffff_0000_0007, 0, 0), 7, "alu32 mod 0 zero-extends dst");
    assert_eq!(interp::alu(BPF_DIV, true, i64::MIN as u64, -1i64 as u64, 1), i64::MIN as u64);
    assert_eq!(interp::alu(BPF_MOD, true, (-7i64) as u64, 2, 1), (-1i64) as u64);
    assert_eq!(interp::alu(BPF_LSH, true, 1, 65, 0), 2, "shift amount masked");
    assert_eq!(interp::alu(BPF_ARSH, false, 0x8000_0000, 4, 0), 0xf800_0000);
    assert_eq!(interp::alu(BPF_MOV, true, 0, 0x80, 8), (-128i64) as u64);
    assert_eq!(interp::alu(BPF_MOV, false, 0, 0xffff_ffff_ffff_fffe, 0), 0xffff_fffe);
    assert_eq!(interp::endian(0x1122_3344_5566_7788, false, true, 16), 0x8877);
    assert_eq!(interp::endian(0x1122_3344_5566_7788, false, false, 32), 0x5566_7788);
    assert_eq!(interp::endian(0x1122_3344_5566_7788, true, false, 64), 0x8877_6655_4433_2211);
}

/// The window interpreter against the crate's reference interpreter on random ALU windows:
/// registers are set with LDDW, the window runs, one register is returned in r0.
#[test]
fn window_interpreter_matches_reference_interpreter() {
    use vf_bpf::interp::{run_program, Input};
    use vf_bpf::program::{ProgType, Program};
    let p = Pools {
        dst_regs: (0..10).collect(),
        src_regs: (0..10).collect(),
        imms: vec![0, 1, -1, 2, 7, 31, 32, 63, 0xff, 0x7fff_ffff, i32::MIN],
        mem: vec![],
    };
    let mut rng = Rng::new(99);
    for round in 0..400 {
        let len = 1 + rng.index(6);
        let body: Vec<Insn> = (0..len).map(|_| mutate::random_insn(&p, &mut rng)).collect();
        let tc = random_test(&mut rng);
        let mut out = Outcome::default();
        let mut tc = tc;
        tc.regs[10] = 0; // replaced below by the reference interpreter's frame pointer
        let mut prog = Vec::new();
        for r in 0..10u8 {
            prog.extend(Insn::lddw(r, 0, tc.regs[r as usize]));
        }
        prog.extend(body.iter().copied());
        let ret = (round % 10) as u8;
        prog.push(Insn::mov64_reg(0, ret));
        prog.push(Insn::exit());
        let program = Program::new("w", prog, ProgType::SocketFilter);
        let reference = run_program(&program, &Input::with_packet(vec![0; 64])).unwrap();
        let fp = vf_bpf::interp::region_addr(vf_bpf::interp::TAG_STACK, (isa::STACK_SIZE * vf_bpf::interp::MAX_FRAMES) as i64);
        tc.regs[10] = fp;
        interp::run(&body, &tc, &mut out);
        assert_eq!(reference.result, Ok(out.regs[ret as usize]), "r{ret} after\n{}", isa::listing(&body));
    }
}
