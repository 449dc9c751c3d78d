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

/// Issue 18 (memory safety): the kernel reads `key_size` bytes at the key pointer and writes
/// every CPU's copy of a per-CPU value into the lookup buffer; buffers that are too short are
/// refused before the system call, and per-CPU lookups get room for every possible CPU.
#[test]
fn map_buffers_handed_to_the_kernel_are_sized_from_the_map() {
    use vf_bpf::program::{map_types, MapDef};
    let def = |map_type, key_size, value_size| MapDef { name: "t".into(), map_type, key_size, value_size, max_entries: 4, flags: 0, fd: 1, inner: None };
    let m = vf_bpf::kernel::create_map(&def(map_types::HASH, 8, 4)).expect("needs root: BPF_MAP_CREATE");
    assert!(m.update(&[1, 2, 3, 4], &[9, 9, 9, 9]).is_err(), "4-byte key accepted for an 8-byte-key map");
    assert!(m.update(&[1; 8], &[9; 5]).is_err(), "5-byte value accepted for 4-byte values");
    assert!(m.lookup(&[1, 2], None).is_none());
    m.update(&[1; 8], &[9; 4]).unwrap();
    assert_eq!(m.lookup(&[1; 8], None), Some(vec![9; 4]));
    let p = vf_bpf::kernel::create_map(&def(map_types::PERCPU_ARRAY, 4, 12)).expect("per-CPU array");
    p.update(&0u32.to_le_bytes(), &[7; 12]).unwrap();
    assert_eq!(p.lookup(&0u32.to_le_bytes(), None), Some(vec![7; 12]));
}
