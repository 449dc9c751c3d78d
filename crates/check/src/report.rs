//! TLC-style text for outcomes (error, trace, final summary) and the JSON form.

use crate::engine::{Outcome, TraceStep, Violation};
use crate::model::Model;

pub fn trace_text(trace: &[TraceStep]) -> String {
    let mut s = String::new();
    for (i, st) in trace.iter().enumerate() {
        s.push_str(&format!("State {}: {}\n", i + 1, st.label));
        if st.values.len() == 1 {
            s.push_str(&format!("{} = {}\n", st.values[0].0, st.values[0].1));
        } else {
            for (n, v) in &st.values {
                s.push_str(&format!("/\\ {n} = {v}\n"));
            }
        }
        s.push('\n');
    }
    s
}

/// The error part of TLC's output (empty when there is no violation).
pub fn violation_text(v: &Violation) -> String {
    let (head, trace) = match v {
        Violation::Invariant { name, trace } => (format!("Error: Invariant {name} is violated."), trace),
        Violation::InitProperty { name, trace } => (format!("Error: Property {name} is violated by the initial state."), trace),
        Violation::ActionProperty { name, trace } => (format!("Error: Action property {name} is violated."), trace),
        Violation::Deadlock { trace } => ("Error: Deadlock reached.".to_string(), trace),
        Violation::EvalError { message, trace } => (format!("Error: {message}"), trace),
        Violation::Temporal { name, trace, back_to } => {
            let mut s = format!("Error: Temporal property {name} was violated.\n\nError: The following behavior constitutes a counter-example:\n\n");
            s.push_str(&trace_text(trace));
            match back_to {
                Some((k, label)) => s.push_str(&format!("Back to state {k}: {label}\n\n")),
                None => s.push_str(&format!("State {}: Stuttering\n", trace.len() + 1)),
            }
            return s;
        }
    };
    let mut s = head;
    s.push('\n');
    if !trace.is_empty() {
        s.push_str("Error: The behavior up to this point is:\n");
        s.push_str(&trace_text(trace));
    }
    s
}

pub fn summary_text(model: &Model, o: &Outcome) -> String {
    let mut s = String::new();
    if o.violation.is_none() {
        if !model.unchecked.is_empty() {
            s.push_str(&format!(
                "Not verified: the state space was explored, but these parts of the configuration were NOT checked: {}\n",
                model.unchecked.join("; ")
            ));
        } else if o.depth_limited {
            s.push_str("Not verified: the search stopped at the depth limit; no error was found up to that depth.\n");
        } else {
            s.push_str("Model checking completed. No error has been found.\n");
        }
    }
    s.push_str(&format!(
        "{} states generated, {} distinct states found, {} states left on queue.\n",
        o.stats.states_generated, o.stats.distinct_states, o.stats.queue_left
    ));
    s.push_str(&format!("The depth of the complete state graph search is {}.\n", o.stats.depth));
    s
}

pub fn json(model: &Model, o: &Outcome, seconds: f64) -> serde_json::Value {
    let verdict = match (&o.violation, model.unchecked.is_empty(), o.depth_limited) {
        (Some(Violation::Invariant { .. }), ..) => "invariant_violated",
        (Some(Violation::InitProperty { .. }), ..) | (Some(Violation::ActionProperty { .. }), ..) => "property_violated",
        (Some(Violation::Deadlock { .. }), ..) => "deadlock",
        (Some(Violation::EvalError { .. }), ..) => "error",
        (Some(Violation::Temporal { .. }), ..) => "liveness_violated",
        (None, true, false) => "ok",
        (None, _, _) => "not_checked",
    };
    serde_json::json!({
        "module": model.module_name,
        "verdict": verdict,
        "states_generated": o.stats.states_generated,
        "distinct_states": o.stats.distinct_states,
        "depth": o.stats.depth,
        "queue_left": o.stats.queue_left,
        "unchecked": model.unchecked,
        "warnings": model.warnings,
        "violation": o.violation,
        "seconds": seconds,
    })
}
