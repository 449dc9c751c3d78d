//! Property tests: encode∘decode = id, text formats round-trip, interpreter invariants,
//! and the ELF writer produces objects the kernel loads.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vf_bpf::formats::{self, cmacro, k2, Format, LoadOptions};
use vf_bpf::interp::{Input, Vm};
use vf_bpf::isa::{self, Insn};
use vf_bpf::{kernel, safety, testgen};

fn arb_insn() -> impl Strategy<Value = Insn> {
    (any::<u8>(), 0u8..16, 0u8..16, any::<i16>(), any::<i32>()).prop_map(|(c, d, s, o, i)| Insn::new(c, d, s, o, i))
}

proptest! {
    #[test]
    fn decode_encode_is_identity(insns in prop::collection::vec(arb_insn(), 1..40)) {
        let bytes = isa::encode_all(&insns);
        prop_assert_eq!(isa::decode_all(&bytes).unwrap(), insns);
    }

    #[test]
    fn valid_programs_round_trip_through_k2_and_c_macros(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let p = if seed % 2 == 0 { testgen::random_xdp(&mut rng) } else { testgen::random_socket(&mut rng) };
        let p = testgen::mutate(&p, &mut rng);
        prop_assume!(p.validate().is_ok());
        let text = k2::write(&p.insns).unwrap();
        prop_assert_eq!(k2::parse("x.k2", &text).unwrap(), p.insns.clone());
        let c = cmacro::write(&p.insns);
        prop_assert_eq!(cmacro::parse("x.bpf", &c).unwrap(), p.insns.clone());
    }

    #[test]
    fn interpreter_is_deterministic_and_resets(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let p = testgen::random_xdp(&mut rng);
        let a = Input::random(&p, seed);
        let b = Input::random(&p, seed.wrapping_add(1));
        let mut vm = Vm::new(&p).unwrap();
        let ra = vm.run(&p.insns, &a);
        let oa = vm.output(ra);
        let rb = vm.run(&p.insns, &b);
        let _ = vm.output(rb);
        let ra2 = vm.run(&p.insns, &a);
        prop_assert_eq!(oa, vm.output(ra2));
    }

    #[test]
    fn removing_nops_preserves_behaviour(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut p = testgen::random_xdp(&mut rng);
        // Sprinkle no-ops by deleting (nop-ing) a few instructions.
        for _ in 0..3 {
            p = testgen::mutate(&p, &mut rng);
        }
        prop_assume!(p.validate().is_ok());
        let mut q = p.clone();
        q.insns = isa::remove_nops(&p.insns);
        prop_assert!(q.validate().is_ok());
        prop_assert_eq!(q.count(), p.count());
        let mut vp = Vm::new(&p).unwrap();
        let mut vq = Vm::new(&q).unwrap();
        for k in 0..10 {
            let input = Input::random(&p, seed ^ k);
            let (rp, rq) = (vp.run(&p.insns, &input), vq.run(&q.insns, &input));
            let (op, oq) = (vp.output(rp), vq.output(rq));
            prop_assert!(op.same_behaviour(&oq), "{:?} vs {:?}", op, oq);
        }
    }

    #[test]
    fn checker_accepted_programs_never_fault(seed in any::<u64>()) {
        // Soundness of the checker against our own semantics: accepted => no memory fault.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let base = testgen::random_xdp(&mut rng);
        let p = testgen::mutate(&base, &mut rng);
        prop_assume!(safety::check(&p).is_ok());
        let mut vm = Vm::new(&p).unwrap();
        for k in 0..20 {
            let input = Input::random(&p, seed ^ k);
            let r = vm.run(&p.insns, &input);
            prop_assert!(r.is_ok(), "fault {:?} in checker-accepted program\n{}", r, isa::listing(&p.insns));
        }
    }
}

#[test]
fn elf_writer_patches_program_and_kernel_loads_it() {
    let obj = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bpf/xdp_proto.o");
    let loaded = formats::load(&obj, &LoadOptions::default()).unwrap();
    assert_eq!(loaded.format, Format::Elf);
    let p = &loaded.program;
    assert_eq!(p.prog_type, vf_bpf::ProgType::Xdp);
    assert_eq!(p.maps.len(), 1);
    assert_eq!((p.maps[0].map_type, p.maps[0].key_size, p.maps[0].value_size, p.maps[0].max_entries), (6, 4, 8, 256));
    // Unchanged program: byte-identical object.
    assert_eq!(formats::write_program(&loaded, &p.insns).unwrap(), std::fs::read(&obj).unwrap());
    // Swap the two independent ctx loads, and move the map load one slot later by swapping it
    // with the preceding `r2 += -4`: the relocation must follow the map load.
    let mut insns = p.insns.clone();
    insns.swap(1, 2);
    let l = (0..insns.len()).find(|&i| insns[i].is_lddw()).unwrap();
    let before = insns[l - 1];
    insns[l - 1] = insns[l];
    insns[l] = insns[l + 1];
    insns[l + 1] = before;
    let bytes = formats::write_program(&loaded, &insns).unwrap();
    let dir = std::env::temp_dir().join(format!("vf-elf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("patched.o");
    std::fs::write(&out, &bytes).unwrap();
    let back = formats::load(&out, &LoadOptions::default()).unwrap();
    assert_eq!(back.program.insns, insns, "relocation re-pointed to the moved map load");
    kernel::available().expect("kernel BPF required");
    safety::check(&back.program).unwrap();
    kernel::load(&back.program).map_err(|e| e.to_string()).unwrap();
    // Changing the slot count is refused for ELF (deleted slots must be ja +0).
    assert!(formats::write_program(&loaded, &insns[1..]).is_err());
}
