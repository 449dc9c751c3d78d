//! TLC-style text for outcomes (error, trace, final summary) and the JSON form.

use crate::engine::{Outcome, RecordedGraph, TraceStep, Violation};
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
    if let Some(sim) = &o.simulation {
        if o.violation.is_none() {
            s.push_str(&format!(
                "Not verified: {} random behaviours (seed {}) showed no error; a simulation is not an exhaustive check{}.\n",
                sim.traces,
                sim.seed,
                if model.liveness.is_empty() { "" } else { ", and liveness properties are not checked in simulation" }
            ));
        }
        s.push_str(&format!(
            "Simulation using seed {}: {} behaviours, {} states checked, {} states generated, longest behaviour {} states.\n",
            sim.seed, sim.traces, sim.states_checked, o.stats.states_generated, sim.longest
        ));
        return s;
    }
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
        (None, _, _) if o.simulation.is_some() => "not_checked",
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
        "memory": o.memory,
        "simulation": o.simulation,
    })
}

/// The explored state graph in TLC's `-dump dot` form: a node per distinct state (named by its
/// fingerprint, as a signed number like TLC's; initial states filled), an edge per generated
/// step inside the constraints, and one `rank = same` line per breadth-first level.
pub fn dot(model: &Model, g: &RecordedGraph) -> String {
    let label = |st: &[vf_tla::tlc::value::Value]| -> String {
        let lines: Vec<String> = if st.len() == 1 {
            vec![format!("{} = {}", model.vars[0], st[0])]
        } else {
            model.vars.iter().zip(st.iter()).map(|(n, v)| format!("/\\ {n} = {v}")).collect()
        };
        let text = lines.join("\n");
        let mut out = String::with_capacity(text.len() + 8);
        for c in text.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                '\n' => out.push_str("\\n"),
                c => out.push(c),
            }
        }
        out
    };
    let id = |fp: u64| fp as i64;
    let states: std::collections::HashMap<u64, &crate::engine::State> = g.states.iter().map(|(s, f)| (*f, s)).collect();
    let mut s = String::from("strict digraph DiskGraph {\nnode [shape=box,style=rounded]\nnodesep=0.35;\nsubgraph cluster_graph {\ncolor=\"white\";\n");
    let mut shown: std::collections::HashSet<u64> = std::collections::HashSet::new();
    for f in &g.init {
        if let Some(st) = states.get(f) {
            if shown.insert(*f) {
                s.push_str(&format!("{} [label=\"{}\",style = filled]\n", id(*f), label(st)));
            }
        }
    }
    for (a, b) in &g.edges {
        s.push_str(&format!("{} -> {} [label=\"\",color=\"black\",fontcolor=\"black\"];\n", id(*a), id(*b)));
        if shown.insert(*b) {
            if let Some(st) = states.get(b) {
                let l = label(st);
                s.push_str(&format!("{} [label=\"{l}\",tooltip=\"{l}\"];\n", id(*b)));
            }
        }
    }
    let mut bounds = g.level_starts.clone();
    bounds.push(g.states.len());
    for w in bounds.windows(2) {
        if w[1] > w[0] {
            let ids: Vec<String> = g.states[w[0]..w[1]].iter().map(|(_, f)| id(*f).to_string()).collect();
            s.push_str(&format!("{{rank = same; {};}}\n", ids.join(";")));
        }
    }
    s.push_str("}\n}\n");
    s
}
