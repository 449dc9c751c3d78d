use super::*;
use crate::formats::{cmacro, k2};
use crate::program::{MapDef, ProgType, Program};

fn prog(text: &str, t: ProgType) -> Program {
    Program::new("t", k2::parse("t.k2", text).unwrap(), t)
}

fn hash_map(fd: i32, ks: u32, vs: u32) -> MapDef {
    MapDef { name: format!("m{fd}"), map_type: 1, key_size: ks, value_size: vs, max_entries: 16, flags: 0, fd, inner: None }
}

#[test]
fn hello_world_returns_two() {
    let p = prog("MOV64XC 0 1\nADD64XY 0 0\nEXIT", ProgType::RawCtx);
    let out = run_program(&p, &Input::default()).unwrap();
    assert_eq!(out.result, Ok(2));
}

#[test]
fn alu_edge_cases_follow_kernel_semantics() {
    // div by zero -> 0, mod by zero keeps dst, 32-bit ops zero-extend, arsh sign-extends
    let p = prog("MOV64XC 0 7\nMOV64XC 1 0\nDIV64XY 0 1\nMOV64XC 2 9\nMOD64XY 2 1\nADD64XY 0 2\n\
                  MOV64XC 3 -1\nADD32XC 3 0\nADD64XY 0 3\nEXIT", ProgType::RawCtx);
    assert_eq!(run_program(&p, &Input::default()).unwrap().result, Ok(9 + 0xffff_ffff));
    let p = prog("MOV64XC 0 -16\nARSH64XC 0 2\nEXIT", ProgType::RawCtx);
    assert_eq!(run_program(&p, &Input::default()).unwrap().result, Ok((-4i64) as u64));
    let p = prog("MOV64XC 0 -7\nMOV64XC 1 2\nSDIV64XY 0 1\nEXIT", ProgType::RawCtx);
    assert_eq!(run_program(&p, &Input::default()).unwrap().result, Ok((-3i64) as u64));
    let p = prog("MOVDWXC 0 0x1122334455667788\nBE 0 16\nEXIT", ProgType::RawCtx);
    assert_eq!(run_program(&p, &Input::default()).unwrap().result, Ok(0x8877));
}

#[test]
fn raw_ctx_reads_and_writes_bytes() {
    let p = prog("LDXH 0 1 0\nSTXB 1 3 0\nEXIT", ProgType::RawCtx);
    let mut p = p;
    p.ctx_size = 4;
    let inp = Input { ctx: vec![0x34, 0x12, 0, 0], ..Default::default() };
    let out = run_program(&p, &inp).unwrap();
    assert_eq!(out.result, Ok(0x1234));
    assert_eq!(out.ctx, vec![0x34, 0x12, 0, 0x34]);
}

#[test]
fn xdp_bounds_checked_access_and_fault_without_check() {
    // r2 = data, r3 = data_end; if data + 14 > data_end return 1; return byte 12
    let text = "LDXW 2 1 0\nLDXW 3 1 4\nMOV64XY 4 2\nADD64XC 4 14\nJGTXY 4 3 2\nLDXB 0 2 12\nEXIT\nMOV64XC 0 1\nEXIT";
    let p = prog(text, ProgType::Xdp);
    let mut pkt = vec![0u8; 20];
    pkt[12] = 0x08;
    assert_eq!(run_program(&p, &Input::with_packet(pkt)).unwrap().result, Ok(8));
    // Short packet takes the bounds branch.
    let mut short = p.clone();
    short.max_pkt_sz = 14;
    assert_eq!(run_program(&short, &Input::with_packet(vec![0; 10])).unwrap().result, Ok(1));
    // Reading past data_end faults.
    let bad = prog("LDXW 2 1 0\nLDXB 0 2 100\nEXIT", ProgType::Xdp);
    let r = run_program(&bad, &Input::with_packet(vec![0; 20])).unwrap().result;
    assert!(matches!(r, Err(Fault::OutOfBounds { pc: 1, .. })), "{r:?}");
}

#[test]
fn map_lookup_update_and_null() {
    let text = "BPF_MOV64_IMM(BPF_REG_0, 5),\nBPF_STX_MEM(BPF_W, BPF_REG_10, BPF_REG_0, -4),\n\
        BPF_ST_MEM(BPF_DW, BPF_REG_10, -16, 77),\nBPF_LD_MAP_FD(BPF_REG_1, 3),\nBPF_MOV64_REG(BPF_REG_2, BPF_REG_10),\n\
        BPF_ALU64_IMM(BPF_ADD, BPF_REG_2, -4),\nBPF_MOV64_REG(BPF_REG_3, BPF_REG_10),\nBPF_ALU64_IMM(BPF_ADD, BPF_REG_3, -16),\n\
        BPF_MOV64_IMM(BPF_REG_4, 0),\nBPF_EMIT_CALL(BPF_FUNC_map_update_elem),\nBPF_LD_MAP_FD(BPF_REG_1, 3),\n\
        BPF_MOV64_REG(BPF_REG_2, BPF_REG_10),\nBPF_ALU64_IMM(BPF_ADD, BPF_REG_2, -4),\nBPF_EMIT_CALL(BPF_FUNC_map_lookup_elem),\n\
        BPF_JMP_IMM(BPF_JEQ, BPF_REG_0, 0, 2),\nBPF_LDX_MEM(BPF_DW, BPF_REG_0, BPF_REG_0, 0),\nBPF_EXIT_INSN(),\n\
        BPF_MOV64_IMM(BPF_REG_0, 99),\nBPF_EXIT_INSN(),\n";
    let mut p = Program::new("m", cmacro::parse("m.bpf", text).unwrap(), ProgType::RawCtx);
    p.maps = vec![hash_map(3, 4, 8)];
    p.validate().unwrap();
    let out = run_program(&p, &Input::default()).unwrap();
    assert_eq!(out.result, Ok(77));
    assert_eq!(out.maps[0], vec![(5u32.to_le_bytes().to_vec(), 77u64.to_le_bytes().to_vec())]);
    // The same VM gives the same answer on a second run (state fully reset).
    let mut vm = Vm::new(&p).unwrap();
    for _ in 0..3 {
        assert_eq!(vm.run(&p.insns, &Input::default()), Ok(77));
    }
}

#[test]
fn bpf_to_bpf_call_saves_callee_saved_registers() {
    // main: r6 = 10; r1 = 5; call f; r0 += r6; exit.  f: r6 = 1; r0 = r1 * 3; exit
    let text = "MOV64XC 6 10\nMOV64XC 1 5\nCALLL 2\nADD64XY 0 6\nEXIT\nMOV64XC 6 1\nMOV64XY 0 1\nMUL64XC 0 3\nEXIT";
    let p = prog(text, ProgType::RawCtx);
    p.validate().unwrap();
    assert_eq!(run_program(&p, &Input::default()).unwrap().result, Ok(25));
}

#[test]
fn step_budget_stops_infinite_loops() {
    let p = prog("JA -1\nEXIT", ProgType::RawCtx);
    let mut vm = Vm::new(&p).unwrap();
    vm.limits.max_steps = 1000;
    assert_eq!(vm.run(&p.insns, &Input::default()), Err(Fault::StepLimit { steps: 1000 }));
}

#[test]
fn socket_filter_ld_abs_skips_ethernet_and_leaves_on_short_packet() {
    let p = Program::new("s", vec![Insn::new(BPF_LD | BPF_ABS | BPF_B, 0, 0, 0, 9), Insn::exit()], ProgType::SocketFilter);
    let mut pkt = vec![0u8; 40];
    pkt[14 + 9] = 17;
    assert_eq!(run_program(&p, &Input::with_packet(pkt)).unwrap().result, Ok(17));
    assert_eq!(run_program(&p, &Input::with_packet(vec![0; 20])).unwrap().result, Ok(0));
}

#[test]
fn random_inputs_are_deterministic_per_seed() {
    let mut p = prog("MOV64XC 0 0\nEXIT", ProgType::Xdp);
    p.maps = vec![hash_map(0, 4, 8)];
    p.max_pkt_sz = 64;
    assert_eq!(Input::random(&p, 7), Input::random(&p, 7));
    assert_ne!(Input::random(&p, 7), Input::random(&p, 8));
    let i = Input::random(&p, 3);
    assert!(i.packet.len() >= 14 && i.packet.len() <= 64);
}

#[test]
fn vm_is_send_and_sync_for_parallel_chains() {
    fn assert_send<T: Send + Sync>() {}
    assert_send::<Vm>();
}
