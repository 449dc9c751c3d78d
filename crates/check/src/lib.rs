//! vf-check: a TLC-compatible explicit-state model checker. `cfg` reads TLC configuration files,
//! `model` applies one to a spec (via vf-tla's evaluator), `engine` runs the breadth-first search
//! and returns an `Outcome`; `report` prints it in TLC's words or as JSON; `behaviour` searches
//! for a behaviour that explains a recorded run (trace validation).

pub mod behaviour;
pub mod cfg;
pub mod engine;
pub mod fpset;
pub mod liveness;
pub mod model;
pub mod queue;
pub mod report;

pub use engine::{check, Config, Outcome, Violation};
pub use model::{InputError, Model, Options};
