//! `vf-bpf`: the eBPF foundation of Veriforge's bpf track.
//!
//! Public API used by the optimizer (`opt/`) and equivalence checker (`equiv/`):
//! - [`isa`]: [`Insn`] (raw 8-byte slot, LDDW = 2 slots), opcode constants, [`isa::validate`],
//!   [`isa::kind_of`] (decoded view), [`isa::disasm`]/[`isa::listing`], helper ids.
//! - [`program`]: [`Program`] (insns + maps + program type + packet model), [`MapDef`], [`ProgType`].
//! - [`formats`]: [`formats::load`] any of `.k2`/`.bpf`/`.insns`(+`.maps`/`.desc`)/`.o`, and
//!   [`formats::write_program`] back in the input's own format.

pub mod formats;
pub mod interp;
pub mod isa;
pub mod kernel;
pub mod program;

pub use isa::Insn;
pub use program::{Desc, MapDef, ProgType, Program};
