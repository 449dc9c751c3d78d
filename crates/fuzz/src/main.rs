//! `vf-fuzz`: run the fuzz targets without extra tools.
//!
//! vf-fuzz list
//! vf-fuzz smoke TARGET [--iters N] [--seed S] [--save DIR]   bounded deterministic run (make test)
//! vf-fuzz fuzz TARGET --seconds N [--seed S] [--save DIR]   the same mutator for a fixed time
//! vf-fuzz seeds TARGET DIR                                   write the seed corpus (for AFL++)
//! vf-fuzz run TARGET FILE...                                 replay inputs (e.g. AFL++ crashes)
//!
//! Prints one line per run: `TARGET: execs N, crashes C, hangs H (>10 s), slowest T ms`;
//! exits 1 when there was a crash or a hang, 2 on bad arguments.

use std::path::{Path, PathBuf};
use std::time::Duration;
use vf_fuzz::{all, find, run_one, run_target, Report, Stop};

const HANG: Duration = Duration::from_secs(10);

fn usage() -> ! {
    eprintln!("usage: vf-fuzz list | smoke TARGET [--iters N] [--seed S] [--save DIR] | fuzz TARGET --seconds N [--seed S] [--save DIR] | seeds TARGET DIR | run TARGET FILE...");
    std::process::exit(2)
}

fn flag(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).map(|i| args.get(i + 1).cloned().unwrap_or_else(|| usage()))
}

fn num(args: &[String], name: &str, default: u64) -> u64 {
    flag(args, name).map(|v| v.parse().unwrap_or_else(|_| usage())).unwrap_or(default)
}

fn save(dir: &Path, prefix: &str, n: usize, input: &[u8]) -> PathBuf {
    let _ = std::fs::create_dir_all(dir);
    let p = dir.join(format!("{prefix}-{n}"));
    let _ = std::fs::write(&p, input);
    p
}

fn summary(name: &str, r: &Report, save_dir: Option<&Path>) -> i32 {
    println!(
        "{name}: execs {}, crashes {}, hangs {} (>10 s CPU), slowest {} ms CPU, seeds {}",
        r.execs,
        r.crashes.len(),
        r.hangs.len(),
        r.slowest.as_millis(),
        r.seeds
    );
    if let Some(d) = save_dir {
        if !r.slowest_input.is_empty() {
            save(d, &format!("{name}-slowest"), 0, &r.slowest_input);
        }
    }
    for (kind, list) in [("crash", &r.crashes), ("hang", &r.hangs)] {
        for (i, f) in list.iter().enumerate().take(5) {
            let at = save_dir.map(|d| format!(" (input saved to {})", save(d, &format!("{name}-{kind}"), i, &f.input).display())).unwrap_or_default();
            let shown: String = String::from_utf8_lossy(&f.input[..f.input.len().min(160)]).escape_debug().collect();
            let what: String = f.what.chars().take(300).collect::<String>().escape_debug().to_string();
            println!("  {kind} {i}: {what}{at}\n    input ({} bytes): \"{shown}\"", f.input.len());
        }
    }
    if r.crashes.is_empty() && r.hangs.is_empty() {
        0
    } else {
        1
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cmd = args.first().map(String::as_str).unwrap_or_else(|| usage());
    if cmd == "list" {
        for t in all() {
            println!("{:<12} {}", t.name, t.what);
        }
        for p in vf_fuzz::targets::PENDING {
            println!("{:<12} (slot, no reader yet) {p}", "-");
        }
        return;
    }
    let target = args.get(1).and_then(|n| find(n)).unwrap_or_else(|| {
        eprintln!("vf-fuzz: unknown target {:?} (vf-fuzz list)", args.get(1));
        std::process::exit(2)
    });
    let save_dir = flag(&args, "--save").map(PathBuf::from);
    vf_fuzz::quiet_panics();
    let code = match cmd {
        "smoke" | "fuzz" => {
            let stop = if cmd == "smoke" { Stop::Iterations(num(&args, "--iters", 2000)) } else { Stop::Time(Duration::from_secs(num(&args, "--seconds", 60))) };
            let seeds = (target.seeds)();
            // the input under test is written first, so a signal death leaves it behind
            // (one open file rewritten in place: cheap enough to do for every input)
            let current = save_dir.as_ref().map(|d| {
                let _ = std::fs::create_dir_all(d);
                d.join(format!("{}.current", target.name))
            });
            let mut file = current.as_ref().and_then(|c| std::fs::File::create(c).ok());
            let r = run_target(target.run, &seeds, target.dict, num(&args, "--seed", 1), stop, HANG, |inp| {
                use std::io::{Seek, Write};
                if let Some(f) = file.as_mut() {
                    let _ = f.set_len(0);
                    let _ = f.rewind();
                    let _ = f.write_all(inp);
                }
            });
            drop(file);
            if let Some(c) = &current {
                let _ = std::fs::remove_file(c);
            }
            summary(target.name, &r, save_dir.as_deref())
        }
        "seeds" => {
            let dir = PathBuf::from(args.get(2).unwrap_or_else(|| usage()));
            let seeds = (target.seeds)();
            for (i, s) in seeds.iter().enumerate() {
                save(&dir, "seed", i, s);
            }
            println!("{}: {} seeds in {}", target.name, seeds.len(), dir.display());
            0
        }
        "run" => {
            let mut bad = 0;
            for f in &args[2..] {
                let input = std::fs::read(f).unwrap_or_else(|e| {
                    eprintln!("vf-fuzz: {f}: {e}");
                    std::process::exit(2)
                });
                match run_one(target.run, &input) {
                    Ok(()) => println!("{f}: ok"),
                    Err(m) => {
                        println!("{f}: PANIC {m}");
                        bad += 1;
                    }
                }
            }
            (bad > 0) as i32
        }
        _ => usage(),
    };
    std::process::exit(code)
}
