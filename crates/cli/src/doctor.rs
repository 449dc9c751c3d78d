//! `veriforge doctor`: what this machine offers the tracks, checked live.

use crate::failure::Failure;
use crate::Ctx;
use std::process::Command;

struct Probe {
    name: &'static str,
    ok: bool,
    detail: String,
}

pub fn run(ctx: Ctx) -> Result<(), Failure> {
    let probes = vec![cpu_features(), perf_cycles(), tool_version("python3", &["--version"])];
    if ctx.json {
        let items: Vec<_> = probes
            .iter()
            .map(|p| serde_json::json!({"name": p.name, "ok": p.ok, "detail": p.detail}))
            .collect();
        println!("{}", serde_json::json!({ "probes": items }));
    } else {
        for p in &probes {
            println!("{:<14} {:<4} {}", p.name, if p.ok { "ok" } else { "no" }, p.detail);
        }
    }
    Ok(())
}

fn cpu_features() -> Probe {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let flags: Vec<&str> = cpuinfo
        .lines()
        .find(|l| l.starts_with("flags"))
        .map(|l| l.split_whitespace().collect())
        .unwrap_or_default();
    let wanted = ["adx", "bmi2", "clwb", "clflushopt"];
    let have: Vec<&str> = wanted.iter().copied().filter(|w| flags.contains(w)).collect();
    Probe { name: "cpu-features", ok: have.len() == wanted.len(), detail: have.join(" ") }
}

/// Hardware cycle counters: the crypto track measures in PMC cycles when they exist.
fn perf_cycles() -> Probe {
    let out = Command::new("perf").args(["stat", "-x,", "-e", "cycles", "true"]).output();
    match out {
        Ok(o) => {
            let text = String::from_utf8_lossy(&o.stderr);
            let ok = o.status.success() && !text.contains("not supported") && !text.contains("not counted");
            Probe { name: "perf-cycles", ok, detail: text.lines().last().unwrap_or("").to_string() }
        }
        Err(e) => Probe { name: "perf-cycles", ok: false, detail: format!("perf not runnable: {e}") },
    }
}

fn tool_version(name: &'static str, args: &[&str]) -> Probe {
    match Command::new(name).args(args).output() {
        Ok(o) => {
            let text = String::from_utf8_lossy(if o.stdout.is_empty() { &o.stderr } else { &o.stdout }).trim().to_string();
            Probe { name, ok: o.status.success(), detail: text }
        }
        Err(e) => Probe { name, ok: false, detail: e.to_string() },
    }
}
