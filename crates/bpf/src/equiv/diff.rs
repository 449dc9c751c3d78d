//! Differential testing of two programs in the reference interpreter: the
//! independent check that backs every proof (and finds distinguishing inputs).

use crate::interp::{Input, InputGen, Output, Vm};
use crate::isa::Insn;
use crate::program::Program;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Two programs disagree on `input`.
#[derive(Clone, Debug)]
pub struct Mismatch {
    pub index: usize,
    pub input: Input,
    pub a: Output,
    pub b: Output,
}

/// Observable results are equal (instruction counts may differ). Runs that stop at the same
/// unmodelled helper with the same arguments are equal wherever the call sits (see
/// [`Output::same_result`]); every other fault must match exactly.
pub fn same_output(a: &Output, b: &Output) -> bool {
    a.same_result(b) && a.packet == b.packet && a.meta == b.meta && a.ctx == b.ctx && a.maps == b.maps && a.effects == b.effects
}

/// Runs `a` (which also gives the environment: type, maps, packet model) and `b_insns` on
/// `n` seeded random inputs. `Ok(None)`: they agree on all; `Ok(Some(m))`: the first
/// disagreement; `Err`: the interpreter cannot run this program at all.
pub fn differential(a: &Program, b_insns: &[Insn], n: usize, seed: u64) -> Result<Option<Mismatch>, String> {
    let mut va = Vm::new(a)?;
    let mut vb = Vm::new(a)?;
    let gen = InputGen::new(a);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for index in 0..n {
        let input = gen.generate(&mut rng);
        let ra = va.run(&a.insns, &input);
        let oa = va.output(ra);
        let rb = vb.run(b_insns, &input);
        let ob = vb.output(rb);
        if !same_output(&oa, &ob) {
            return Ok(Some(Mismatch { index, input, a: oa, b: ob }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::k2;
    use crate::interp::Fault;
    use crate::program::ProgType;

    /// An XDP program that fills a 16-byte `bpf_fib_lookup` parameter block on the stack and
    /// calls `bpf_fib_lookup` (id 69), which the interpreter does not model. `head` computes r5,
    /// stored as the block's first word.
    fn fib_prog(head: &str, flags: i32) -> String {
        format!("{head}\nSTXDW 10 -16 5\nSTDW 10 -8 7\nMOV64XY 2 10\nADD64XC 2 -16\nMOV64XC 3 16\nMOV64XC 4 {flags}\nCALL 69\nEXIT")
    }

    fn parse(text: &str) -> Vec<Insn> {
        k2::parse("t.k2", text).unwrap()
    }

    #[test]
    fn stops_at_the_same_unmodelled_helper_at_shifted_pcs_agree() {
        let a = Program::new("a", parse(&fib_prog("MOV64XC 5 1\nADD64XC 5 1", 0)), ProgType::Xdp);
        // the window before the call rewritten to one instruction: the call moves from pc 8 to 7
        let b = parse(&fib_prog("MOV64XC 5 2", 0));
        let mut va = Vm::new(&a).unwrap();
        let mut vb = Vm::new(&a).unwrap();
        let input = Input::default();
        let ra = va.run(&a.insns, &input);
        let oa = va.output(ra);
        let rb = vb.run(&b, &input);
        let ob = vb.output(rb);
        assert_eq!(oa.result, Err(Fault::UnsupportedHelper { pc: 8, id: 69 }));
        assert_eq!(ob.result, Err(Fault::UnsupportedHelper { pc: 7, id: 69 }));
        let call = oa.unmodelled_call.clone().expect("call recorded");
        assert_eq!(call.args.len(), 4, "fib_lookup takes (ctx, params, plen, flags)");
        assert_eq!(call.mem, vec![[2u64.to_le_bytes(), 7u64.to_le_bytes()].concat()]);
        assert!(same_output(&oa, &ob));
        assert_eq!(differential(&a, &b, 200, 1).unwrap().map(|m| m.index), None);
    }

    #[test]
    fn unmodelled_calls_with_different_arguments_or_memory_disagree() {
        let a = Program::new("a", parse(&fib_prog("MOV64XC 5 1\nADD64XC 5 1", 0)), ProgType::Xdp);
        // different bytes in the parameter block the helper reads
        let other_mem = parse(&fib_prog("MOV64XC 5 3", 0));
        assert!(differential(&a, &other_mem, 50, 1).unwrap().is_some());
        // different flags argument
        let other_flags = parse(&fib_prog("MOV64XC 5 2", 1));
        assert!(differential(&a, &other_flags, 50, 1).unwrap().is_some());
        // a different fault at the same place is no agreement either
        let other_fault = parse(&fib_prog("MOV64XC 5 2", 0).replace("CALL 69", "LDXDW 0 2 4096"));
        assert!(differential(&a, &other_fault, 50, 1).unwrap().is_some());
    }
}
