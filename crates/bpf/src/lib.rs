//! `vf-bpf`: the eBPF foundation of Veriforge's bpf track.
//!
//! # Public API (stable; used by the optimizer in `opt/` and the equivalence checker in `equiv/`)
//!
//! - [`isa`]: [`Insn`] is one raw 8-byte `struct bpf_insn` slot (LDDW = 2 slots; deleted
//!   instructions are `ja +0` = [`Insn::nop`]). [`isa::validate`] does the kernel's structural
//!   checks and returns the decoded [`isa::Kind`] per slot; [`isa::kind_of`] decodes one slot;
//!   [`isa::disasm`]/[`isa::listing`] print kernel-style text; [`isa::count_real`] is K2's
//!   instruction count; [`isa::remove_nops`] drops no-ops and fixes jumps.
//! - [`program`]: [`Program`] (instructions + [`MapDef`]s + [`ProgType`] + ctx/packet sizes).
//!   A map load is `LDDW src=BPF_PSEUDO_MAP_FD imm=MapDef::fd`.
//! - [`formats`]: [`formats::load`] reads `.k2`, `.bpf`, `.insns` (+ `.maps`/`.desc`) and ELF
//!   `.o`; [`formats::write_program`] writes back in the input's own format (ELF: drop-in patch).
//! - [`interp`]: the reference semantics. [`interp::Vm::new`] once per program, then
//!   [`interp::Vm::run`] per [`interp::Input`] (no allocation in the hot loop);
//!   [`interp::Vm::output`] gives an [`interp::Output`]; compare two programs with
//!   [`interp::Output::same_behaviour`]. [`interp::Input::random`]/[`interp::InputGen`] make
//!   seeded inputs. [`interp::alu64`]/[`interp::alu32`]/[`interp::cond64`]/[`interp::cond32`]
//!   are the ALU and branch semantics as pure functions.
//! - [`safety`]: [`safety::check`] mirrors the kernel verifier and is conservative (never
//!   accepts what the kernel rejects, as far as the differential suites can tell).
//! - [`kernel`]: raw `bpf(2)`: [`kernel::load`] (verifier log on rejection) and
//!   [`kernel::KernelProg::test_run`].
//! - [`testgen`]: random programs and mutations for differential tests.
//!
//! ```
//! use vf_bpf::formats::k2;
//! use vf_bpf::interp::{Input, Vm};
//! use vf_bpf::{safety, ProgType, Program};
//!
//! let insns = k2::parse("hello.k2", "MOV64XC 0 1\nADD64XY 0 0\nEXIT\n").unwrap();
//! let prog = Program::new("hello", insns, ProgType::RawCtx);
//! assert!(safety::check(&prog).is_ok());
//! let mut vm = Vm::new(&prog).unwrap();
//! assert_eq!(vm.run(&prog.insns, &Input::default()), Ok(2));
//! ```

pub mod formats;
pub mod infer;
pub mod interp;
pub mod isa;
pub mod kernel;
pub mod mapinmap;
pub mod program;
pub mod safety;
pub mod testgen;
pub mod opt;
pub mod equiv;

pub use isa::Insn;
pub use program::{Desc, MapDef, ProgType, Program};
