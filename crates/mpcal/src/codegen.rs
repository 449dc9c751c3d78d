//! MPCal -> PlusCal code generation (filled in below).
use crate::ast::Block;
use crate::Options;
use vf_tla::{Diagnostic, Module};

pub fn generate(_m: &Module, b: &Block, _opts: Options) -> Result<Block, Diagnostic> {
    Err(Diagnostic::new("Unsupported", b.span.start, "MPCal -> PlusCal generation is not implemented for this input"))
}
