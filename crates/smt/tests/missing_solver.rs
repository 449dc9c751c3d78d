//! A solver that cannot be found is an error naming where we looked, never a silent pass.

use vf_smt::{Backend, Solver, SolverConfig, SmtError};

#[test]
fn missing_z3_library_is_a_clear_error() {
    // This test binary is its own process: the variable cannot leak into other tests.
    std::env::set_var("VERIFORGE_Z3_LIB", "/nonexistent/libz3.so");
    match Solver::new(Backend::Z3, SolverConfig::default()) {
        Err(SmtError::SolverNotFound(msg)) => assert!(msg.contains("/nonexistent/libz3.so"), "{msg}"),
        Err(other) => panic!("wrong error: {other}"),
        Ok(_) => panic!("a nonexistent libz3 must not load"),
    }
    assert!(Backend::Portfolio.probe().is_err());
}
