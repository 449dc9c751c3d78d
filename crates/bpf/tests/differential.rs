//! Differential suites against the running kernel (needs root; FAILS if the bpf syscall is
//! unavailable, it never passes silently):
//! (a) interpreter vs `BPF_PROG_TEST_RUN` on generated XDP and socket-filter programs;
//! (b) safety checker vs the kernel verifier on mutated programs: no program we accept may
//!     be rejected by the kernel, and agreement must be at least 95%.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use vf_bpf::interp::{Input, InputGen, Vm};
use vf_bpf::{kernel, safety, testgen, ProgType, Program};

fn require_kernel() {
    if let Err(e) = kernel::available() {
        panic!("this suite needs the kernel bpf(2) syscall as root (BPF_PROG_LOAD/BPF_PROG_TEST_RUN): {e}");
    }
}

fn compare_runs(p: &Program, inputs: usize, rng: &mut ChaCha8Rng) -> Result<usize, String> {
    // Only programs our checker accepts have defined semantics (e.g. no uninitialized stack reads).
    if safety::check(p).is_err() {
        return Ok(0);
    }
    let kp = match kernel::load(p) {
        Ok(k) => k,
        Err(_) => return Ok(0),
    };
    let mut vm = Vm::new(p).unwrap();
    let gen = InputGen::new(p);
    for _ in 0..inputs {
        let input: Input = gen.generate(rng);
        let r = vm.run(&p.insns, &input);
        let ours = vm.output(r);
        let theirs = kp.test_run(&input).map_err(|e| format!("{e} ({:?}, pkt {} bytes, ctx {:?}, pkt {:?})", p.prog_type, input.packet.len(), &input.ctx.get(..70), input.packet))?;
        let r0 = ours.result.clone().map_err(|f| format!("interpreter fault on a kernel-accepted program: {f}"))?;
        let ctx = format!("\nprogram:\n{}input: {input:?}", vf_bpf::isa::listing(&p.insns));
        if r0 as u32 != theirs.retval {
            return Err(format!("r0 {r0:#x} vs kernel retval {:#x}{ctx}", theirs.retval));
        }
        if kernel::comparable_packet(p.prog_type, &theirs.data_out) != ours.packet.as_slice() {
            return Err(format!("packet differs: ours {:?} kernel {:?}{ctx}", ours.packet, theirs.data_out));
        }
        if theirs.maps != ours.maps {
            return Err(format!("maps differ: ours {:?} kernel {:?}{ctx}", ours.maps, theirs.maps));
        }
    }
    Ok(inputs)
}

#[test]
fn interpreter_agrees_with_kernel_test_run() {
    require_kernel();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let (mut runs, mut loaded) = (0, 0);
    for k in 0..120 {
        let p = if k % 3 == 2 { testgen::random_socket(&mut rng) } else { testgen::random_xdp(&mut rng) };
        match compare_runs(&p, 12, &mut rng) {
            Ok(0) => {}
            Ok(n) => {
                runs += n;
                loaded += 1;
            }
            Err(e) => panic!("interpreter/kernel mismatch: {e}"),
        }
    }
    eprintln!("interpreter vs kernel: {loaded} programs loaded, {runs} runs agree");
    assert!(loaded >= 60, "too few generated programs were accepted by our checker and the kernel ({loaded}/120)");
}

/// Agreement tallies for one checker mode.
#[derive(Default)]
struct Tally {
    agree: usize,
    both_accept: usize,
    stricter: Vec<String>,
    unsound: Vec<String>,
}

impl Tally {
    fn add(&mut self, ours: &Result<safety::SafetyStats, safety::SafetyError>, theirs: &Result<kernel::KernelProg, kernel::Rejection>, p: &Program) {
        match (ours, theirs) {
            (Ok(_), Err(rej)) => self.unsound.push(format!("{}\nkernel: {rej}\n{}", vf_bpf::isa::listing(&p.insns), rej.log)),
            (Err(e), Ok(_)) => self.stricter.push(e.to_string()),
            (Ok(_), Ok(_)) => {
                self.both_accept += 1;
                self.agree += 1
            }
            _ => self.agree += 1,
        }
    }
    fn report(&self, mode: &str, total: usize) -> f64 {
        let pct = 100.0 * self.agree as f64 / total as f64;
        eprintln!("safety checker ({mode}) vs kernel verifier: {}/{total} agree ({pct:.1}%), both accept {}, stricter {}, unsound {}",
            self.agree, self.both_accept, self.stricter.len(), self.unsound.len());
        let mut kinds: std::collections::BTreeMap<String, usize> = Default::default();
        for r in &self.stricter {
            let key = r.split_once(": ").map(|x| x.1).unwrap_or(r).split(" off").next().unwrap_or(r).to_string();
            *kinds.entry(key).or_default() += 1;
        }
        for (k, n) in kinds {
            eprintln!("    stricter x{n}: {k}");
        }
        assert!(self.unsound.is_empty(), "checker ({mode}) accepted {} program(s) the kernel rejects:\n{}", self.unsound.len(), self.unsound.join("\n---\n"));
        pct
    }
}

#[test]
fn safety_checker_agrees_with_kernel_verifier() {
    require_kernel();
    let mut rng = ChaCha8Rng::seed_from_u64(0xc0ffee);
    let faithful = safety::CheckLimits { allow_uninit_stack_reads: true, ..Default::default() };
    let (mut strict, mut root) = (Tally::default(), Tally::default());
    let mut total = 0;
    while total < 600 {
        let base = match total % 4 {
            3 => testgen::random_socket(&mut rng),
            _ => testgen::random_xdp(&mut rng),
        };
        let p = if total % 5 == 0 { base } else { testgen::mutate(&base, &mut rng) };
        if p.validate().is_err() {
            continue; // structural errors are decided by the decoder, not the verifier
        }
        total += 1;
        let theirs = kernel::load(&p);
        strict.add(&safety::check(&p), &theirs, &p);
        root.add(&safety::check_with(&p, faithful), &theirs, &p);
    }
    let strict_pct = strict.report("default: uninitialized stack reads rejected", total);
    let root_pct = root.report("kernel-faithful: uninitialized stack reads allowed as for root", total);
    assert!(root_pct >= 95.0, "kernel-faithful agreement {root_pct:.1}% < 95%");
    assert!(strict_pct >= 90.0, "default-mode agreement {strict_pct:.1}% < 90%");
    assert!(root.both_accept >= 50, "too few accepted programs for a meaningful comparison ({})", root.both_accept);
}

#[test]
fn tracepoint_programs_load_but_are_not_test_runnable() {
    require_kernel();
    let p = Program::new("tp", vec![vf_bpf::Insn::ldx(vf_bpf::isa::BPF_DW, 0, 1, 16), vf_bpf::Insn::exit()], ProgType::Tracepoint);
    safety::check(&p).unwrap();
    let kp = kernel::load(&p).map_err(|e| e.to_string()).unwrap();
    assert!(kp.test_run(&Input::default()).is_err());
}
