//! Veriforge crypto track: Fiat-Crypto IR to verified, measured x86-64.
pub mod ir;
pub mod sym;
