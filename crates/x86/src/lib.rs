//! Veriforge crypto track: Fiat-Crypto IR to verified, measured x86-64.
pub mod ir;
pub mod llvmjson;
pub mod sym;
pub mod asm;
pub mod check;
pub mod smtcheck;

/// The Fiat function name used in `fn/` for a `baseline-asm/<dir>` name (they differ for curve25519).
pub fn fn_name_for_baseline_dir(dir: &str) -> String {
    dir.replace("fiat_curve25519_carry", "fiat_25519_carry").replace("fiat_p448_solinas_carry", "fiat_p448_carry")
}
pub mod cost;
pub mod gen;
pub mod jit;
pub mod lir;
pub mod constmove;
pub mod cref;
pub mod measure;
pub mod opt;
pub mod reassoc;
pub mod cemit;
pub mod mutants;
pub mod guard;
