use vf_bpf::formats::k2;
use vf_bpf::interp::{run_program, Input};
use vf_bpf::{kernel, ProgType, Program};

#[test]
fn xdp_program_runs_same_in_kernel() {
    kernel::available().expect("kernel BPF required");
    let text = "LDXW 2 1 0\nLDXW 3 1 4\nMOV64XY 4 2\nADD64XC 4 14\nJGTXY 4 3 3\nLDXB 0 2 12\nSTXB 2 0 0\nEXIT\nMOV64XC 0 1\nEXIT";
    let p = Program::new("t", k2::parse("t", text).unwrap(), ProgType::Xdp);
    let kp = kernel::load(&p).map_err(|e| e.to_string()).unwrap();
    let mut pkt = vec![0u8; 20];
    pkt[12] = 3;
    let kr = kp.test_run(&Input::with_packet(pkt.clone())).unwrap();
    let out = run_program(&p, &Input::with_packet(pkt)).unwrap();
    eprintln!("{kr:?} {out:?}");
    assert_eq!(kr.retval as u64, out.result.unwrap());
    assert_eq!(kr.data_out, out.packet);
}
