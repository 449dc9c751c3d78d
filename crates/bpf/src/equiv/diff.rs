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

/// Observable results are equal (instruction counts may differ).
pub fn same_output(a: &Output, b: &Output) -> bool {
    a.result == b.result && a.packet == b.packet && a.meta == b.meta && a.ctx == b.ctx && a.maps == b.maps && a.effects == b.effects
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
