//! Whole-CLI mutation test (issue 18): mutated bundled examples (truncations, bit flips,
//! deleted / duplicated lines, huge numbers, deep nesting, NUL bytes, ...; the mutator of
//! vf-fuzz with a fixed seed) through every command, checking the exit-code contract:
//!
//! - no death by signal (abort, stack overflow, heap corruption) and no run past its time limit;
//! - no panic (`internal error: ... at FILE.rs:LINE`) and no `internal error` at all: a bad
//!   input is the user's error, exit 2;
//! - exit code in {0, 1, 2};
//! - exit 2 prints exactly one line on stderr and it names a position (`file:line:col:`,
//!   `byte N`/`byte offset N`) or the flag that is wrong;
//! - after a failure, no output file (nor a temporary sibling) exists.
//!
//! Mutants of failed cases are kept under target/cli-mutation/ with the exact command printed.
//! About 350 runs (10-20 s); the slow commands (opt, verify) get few mutants and short budgets.
//! `targeted()` adds the hand-made mutants of issue 18 with the exit code each must give.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use vf_fuzz::mutate::{self, KINDS};

const SEED: u64 = 18;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn example(rel: &str) -> Vec<u8> {
    std::fs::read(root().join("examples").join(rel)).unwrap_or_else(|e| panic!("examples/{rel}: {e}"))
}

struct Run {
    code: Option<i32>,
    signal: Option<i32>,
    stderr: String,
    timed_out: bool,
    secs: f64,
}

fn veriforge(args: &[String], limit: Duration) -> Run {
    let t = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_veriforge"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .env("VERIFORGE_BPF_CACHE", std::env::temp_dir().join(format!("vf-mut-cache-{}", std::process::id())))
        .spawn()
        .expect("run veriforge");
    let mut timed_out = false;
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if t.elapsed() > limit {
            timed_out = true;
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().expect("output");
    Run {
        code: out.status.code(),
        signal: out.status.signal(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        timed_out,
        secs: t.elapsed().as_secs_f64(),
    }
}

/// Does an exit-2 line name where the problem is?
fn has_position(line: &str) -> bool {
    let b = line.as_bytes();
    // `:N:N:` or `:N: ` (line:col or byte position after a file name)
    for i in 0..b.len() {
        if b[i] == b':' {
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 && matches!(b.get(i + 1 + digits), Some(b':')) {
                return true;
            }
        }
    }
    // a JSON path into the file (`f.json:body[5].arguments[0]: ...`, the Fiat IR reader)
    if line.split(": ").any(|part| part.rsplit(':').next().is_some_and(|p| p.contains('[') && p.ends_with(']') && p.chars().any(|c| c.is_ascii_digit()))) {
        return true;
    }
    let words: Vec<&str> = line.split(|c: char| c.is_whitespace() || c == ':').filter(|w| !w.is_empty()).collect();
    words.windows(2).any(|w| (w[0] == "byte" || w[0] == "offset") && w[1].trim_end_matches([':', ',', ')']).parse::<u64>().is_ok())
        // a wrong flag value is named by the flag
        || words.iter().any(|w| w.starts_with("--") && w.len() > 2)
}

/// The contract violations of one run (empty when it kept the contract).
fn violations(r: &Run, outputs: &[PathBuf]) -> Vec<String> {
    violations_with(r, outputs, true)
}

/// `need_position`: false where the bad input is a flag value rather than a file.
fn violations_with(r: &Run, outputs: &[PathBuf], need_position: bool) -> Vec<String> {
    let mut v = Vec::new();
    if r.timed_out {
        v.push(format!("no answer within {:.0} s (killed)", r.secs));
        return v;
    }
    if let Some(s) = r.signal {
        v.push(format!("killed by signal {s}"));
    }
    let lines: Vec<&str> = r.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let text = r.stderr.as_str();
    if text.contains("panicked at") || text.contains("overflowed its stack") || text.contains("memory allocation of") || text.contains("stack backtrace") {
        v.push("panic / abort text on stderr".into());
    }
    if let Some(l) = lines.iter().find(|l| l.contains("internal error")) {
        let panic = l.rsplit(" at ").next().is_some_and(|loc| loc.contains(".rs:"));
        v.push(if panic { "panic (reported as internal error)".into() } else { "internal error on bad input (should be exit 2)".into() });
    }
    match r.code {
        Some(0) | Some(1) | None => {}
        Some(2) => {
            if lines.len() != 1 {
                v.push(format!("exit 2 with {} stderr lines (must be one)", lines.len()));
            }
            if let Some(last) = lines.last() {
                if need_position && !has_position(last) {
                    v.push("exit-2 message names no position".into());
                }
            }
        }
        Some(c) => v.push(format!("exit code {c} outside {{0, 1, 2}}")),
    }
    if r.code != Some(0) {
        for o in outputs {
            if o.exists() {
                v.push(format!("output file {} left after a failure", o.display()));
            }
            if let (Some(dir), Some(name)) = (o.parent(), o.file_name()) {
                let tmp = format!(".{}.veriforge-tmp", name.to_string_lossy());
                if std::fs::read_dir(dir).map(|rd| rd.flatten().any(|e| e.file_name().to_string_lossy().starts_with(&tmp))).unwrap_or(false) {
                    v.push(format!("temporary file of {} left behind", o.display()));
                }
            }
        }
    }
    v
}

/// One command over mutants of one file.
struct Case {
    /// name of the mutated file (its extension picks the format)
    file: &'static str,
    seed: Vec<u8>,
    /// other files the command needs in the same directory (name, bytes)
    siblings: Vec<(&'static str, Vec<u8>)>,
    /// arguments; "{in}" is the mutated file, "{out}" an output path in the scratch directory
    args: Vec<&'static str>,
    /// output files (names in the scratch directory) that must not exist after a failure
    outputs: Vec<&'static str>,
    mutants: usize,
    /// also run the unmutated example
    original: bool,
    limit: Duration,
}

fn case(file: &'static str, seed: Vec<u8>, args: &[&'static str], outputs: &[&'static str], mutants: usize) -> Case {
    Case { file, seed, siblings: vec![], args: args.to_vec(), outputs: outputs.to_vec(), mutants, original: false, limit: Duration::from_secs(20) }
}

/// NASM for an IR, as `crypto opt` would write it (the generator of vf-x86).
fn asm_for(ir: &[u8]) -> Vec<u8> {
    let f = vf_x86::ir::parse(std::str::from_utf8(ir).unwrap()).unwrap();
    let l = vf_x86::lir::lower(&f).unwrap();
    let c = vf_x86::gen::Candidate::initial(&l);
    let p = vf_x86::gen::generate(&l, &c, vf_x86::gen::Options { adx: true, frame_pointer: false, ..Default::default() }, &f.name).unwrap();
    vf_x86::asm::to_nasm(&p).into_bytes()
}

/// A valid pmlog file with two committed entries, made by the CLI itself.
fn pmlog_file(dir: &Path) -> Vec<u8> {
    let p = dir.join("seed.log");
    let _ = std::fs::remove_file(&p);
    let s = p.to_str().unwrap().to_string();
    for args in [vec!["pmlog", "create", &s, "--capacity", "4096"], vec!["pmlog", "append", &s, "deposit 250", "withdraw 40"]] {
        let r = veriforge(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>(), Duration::from_secs(20));
        assert_eq!(r.code, Some(0), "making the seed log: {}", r.stderr);
    }
    std::fs::read(&p).unwrap()
}

/// A valid multilog file (3 logs, one commit across two of them), made by the CLI itself.
fn pmlog_multi_file(dir: &Path) -> Vec<u8> {
    let p = dir.join("seed.mlog");
    let _ = std::fs::remove_file(&p);
    let s = p.to_str().unwrap().to_string();
    for args in [vec!["pmlog", "create", &s, "--logs", "3", "--capacity", "256"], vec!["pmlog", "append", &s, "--log", "0,2", "deposit 250", "withdraw 40"]] {
        let r = veriforge(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>(), Duration::from_secs(20));
        assert_eq!(r.code, Some(0), "making the seed multilog: {}", r.stderr);
    }
    std::fs::read(&p).unwrap()
}

fn cases(scratch: &Path) -> Vec<Case> {
    let k2 = example("bpf/hello.k2");
    let bpf = example("bpf/count.bpf");
    let elf = example("bpf/xdp_proto.o");
    let maps = example("bpf/count.maps");
    let desc = example("bpf/count.desc");
    // count.bpf in raw form, written by `bpf convert`
    let insns_path = scratch.join("seed.insns");
    let src = root().join("examples/bpf/count.bpf");
    let r = veriforge(&["bpf".into(), "convert".into(), src.display().to_string(), "-o".into(), insns_path.display().to_string()], Duration::from_secs(20));
    assert_eq!(r.code, Some(0), "convert to .insns: {}", r.stderr);
    let insns = std::fs::read(&insns_path).unwrap();
    let count_env = || vec![("p.maps", maps.clone()), ("p.desc", desc.clone())];
    let hello_env = || vec![("p.desc", example("bpf/hello.desc"))];
    let mul2 = example("crypto/mul2.json");
    let dbl2 = example("crypto/dbl2.json");
    let tla = example("mpcal/counter.tla");
    let smt = example("smt/mul_shift.smt2");
    let log = pmlog_file(scratch);
    let mlog = pmlog_multi_file(scratch);
    let mut v = Vec::new();
    // bpf: every reader through check, run and convert
    for (file, seed, env) in [("p.k2", k2.clone(), hello_env()), ("p.bpf", bpf.clone(), count_env()), ("p.insns", insns.clone(), count_env()), ("p.o", elf.clone(), vec![])] {
        let conv_out = if file == "p.o" { "out.o" } else { "out.k2" };
        for (args, outs) in [
            (vec!["bpf", "check", "{in}"], vec![]),
            (vec!["bpf", "run", "{in}", "--seed", "1", "--max-steps", "100000"], vec![]),
            (vec!["bpf", "convert", "{in}", "-o", if conv_out == "out.o" { "{out}/out.o" } else { "{out}/out.k2" }], vec![conv_out]),
        ] {
            let mut c = case(file, seed.clone(), &args, &outs, 10);
            c.siblings = env.clone();
            v.push(c);
        }
    }
    // the .maps and .desc readers, with the program intact
    for (file, seed, other) in [("p.maps", maps.clone(), ("p.desc", desc.clone())), ("p.desc", desc.clone(), ("p.maps", maps.clone()))] {
        let mut c = case(file, seed, &["bpf", "run", "{dir}/p.bpf", "--seed", "2"], &[], 10);
        c.siblings = vec![("p.bpf", bpf.clone()), other];
        v.push(c);
    }
    // bpf opt (short budget, one chain) and equiv (the mutant against the example)
    let mut c = case("p.bpf", bpf.clone(), &["bpf", "opt", "{in}", "--budget", "300it", "--jobs", "1", "--no-cache", "--diff-inputs", "200", "--kernel-runs", "0", "--smt-timeout", "2s", "-o", "{out}/opt.bpf"], &["opt.bpf"], 3);
    c.siblings = count_env();
    c.original = true;
    v.push(c);
    let mut c = case("p.o", elf.clone(), &["bpf", "opt", "{in}", "--budget", "300it", "--jobs", "1", "--no-cache", "--diff-inputs", "200", "--kernel-runs", "0", "--smt-timeout", "2s", "-o", "{out}/opt.o"], &["opt.o"], 2);
    c.limit = Duration::from_secs(30);
    v.push(c);
    let mut c = case("p.bpf", bpf.clone(), &["bpf", "equiv", "{dir}/orig.bpf", "{in}", "--inputs", "500", "--smt-timeout", "2s"], &[], 4);
    c.siblings = vec![("orig.bpf", bpf.clone()), ("orig.maps", maps.clone()), ("orig.desc", desc.clone())];
    v.push(c);
    // crypto: verify (mutated assembly, mutated IR) and opt (very short budget)
    let mut c = case("p.asm", asm_for(&mul2), &["crypto", "verify", "--ir", "{dir}/f.json", "{in}", "--smt-timeout", "2s"], &[], 10);
    c.siblings = vec![("f.json", mul2.clone())];
    c.limit = Duration::from_secs(15);
    v.push(c);
    let mut c = case("f.json", mul2.clone(), &["crypto", "verify", "--ir", "{in}", "{dir}/p.asm", "--smt-timeout", "2s"], &[], 8);
    c.siblings = vec![("p.asm", asm_for(&mul2))];
    c.limit = Duration::from_secs(15);
    v.push(c);
    for seed in [mul2.clone(), dbl2.clone()] {
        let mut c = case("f.json", seed, &["crypto", "opt", "--ir", "{in}", "--budget", "30it", "--bets", "0", "--tests", "2000", "-o", "{out}/out.s"], &["out.s", "out.asm", "out.h"], 1);
        c.original = true;
        c.limit = Duration::from_secs(60);
        v.push(c);
    }
    // mpcal / TLA+
    for (args, outs) in [
        (vec!["mpcal", "check-syntax", "{in}"], vec![]),
        (vec!["mpcal", "fmt", "{in}", "-o", "{out}/fmt.tla"], vec!["fmt.tla"]),
        (vec!["mpcal", "pcalgen", "{in}", "-o", "{out}/gen.tla"], vec!["gen.tla"]),
    ] {
        v.push(case("spec.tla", tla.clone(), &args, &outs, 20));
    }
    // pmlog files
    for args in [vec!["pmlog", "inspect", "{in}"], vec!["pmlog", "read", "{in}"], vec!["pmlog", "append", "{in}", "more"]] {
        v.push(case("f.log", log.clone(), &args, &[], 15));
    }
    for args in [vec!["pmlog", "inspect", "{in}"], vec!["pmlog", "read", "{in}", "--log", "2"], vec!["pmlog", "append", "{in}", "--log", "1,2", "a", "b"]] {
        v.push(case("f.mlog", mlog.clone(), &args, &[], 10));
    }
    // SMT-LIB2 (default backend)
    v.push(case("q.smt2", smt.clone(), &["smt", "solve", "{in}", "--timeout", "2s"], &[], 15));
    v
}

/// The hand-made mutants issue 18 lists, each with the exit code the contract asks for
/// (`None`: any of 0/1/2). (file name, bytes, siblings, args, expected exit).
type Targeted = (&'static str, Vec<u8>, Vec<(&'static str, Vec<u8>)>, Vec<&'static str>, Option<i32>);

fn targeted() -> Vec<Targeted> {
    let mul2 = example("crypto/mul2.json");
    let asm = String::from_utf8(asm_for(&mul2)).unwrap();
    let tla = String::from_utf8(example("mpcal/counter.tla")).unwrap();
    let smt = example("smt/mul_shift.smt2");
    let verify = vec!["crypto", "verify", "--ir", "{dir}/f.json", "{in}", "--smt-timeout", "2s"];
    let ir_env = vec![("f.json", mul2.clone())];
    let first_mov = asm.lines().find(|l| l.trim_start().starts_with("mov ")).unwrap().to_string();
    let mut v: Vec<Targeted> = vec![
        // malformed assembly is bad input (exit 2 with the line), not "NOT proven" (item 7)
        ("p.asm", asm.replacen(&first_mov, "mov rax", 1).into_bytes(), ir_env.clone(), verify.clone(), Some(2)),
        ("p.asm", asm.replacen(&first_mov, &format!("{first_mov}\nfrobnicate rax, rbx"), 1).into_bytes(), ir_env.clone(), verify.clone(), Some(2)),
        ("p.asm", asm.replace("ret", "").into_bytes(), ir_env.clone(), verify.clone(), Some(2)),
        ("p.asm", asm.replacen(&first_mov, &format!("{first_mov}\0"), 1).into_bytes(), ir_env.clone(), verify.clone(), Some(2)),
        // an argument whose lbound exceeds its ubound (item 4)
        (
            "f.json",
            String::from_utf8(mul2.clone()).unwrap().replacen("\"lbound\": [\n    \"0x0\"", "\"lbound\": [\n    \"0x10\"", 1).replacen("\"0xffffffffffffffff\"", "\"0x1\"", 1).into_bytes(),
            vec![],
            vec!["crypto", "opt", "--ir", "{in}", "--budget", "30it", "--bets", "0", "--tests", "2000", "-o", "{out}/out.s"],
            Some(2),
        ),
        // deep nesting and a long flat conjunction in the spec (item 2): no stack overflow
        ("spec.tla", tla.replace("Limit == Rounds", &format!("Limit == {}Rounds{}", "(".repeat(4000), ")".repeat(4000))).into_bytes(), vec![], vec!["mpcal", "check-syntax", "{in}"], None),
        ("spec.tla", tla.replace("Limit == Rounds", &format!("Limit == {}Rounds{}", "<<".repeat(5000), ">>".repeat(5000))).into_bytes(), vec![], vec!["mpcal", "fmt", "{in}", "-o", "{out}/fmt.tla"], None),
        ("spec.tla", tla.replace("Limit == Rounds", &format!("Limit == Rounds{}", " /\\ TRUE".repeat(70_000))).into_bytes(), vec![], vec!["mpcal", "pcalgen", "{in}", "-o", "{out}/gen.tla"], None),
        // empty and whitespace-only scripts are bad input (item 8)
        ("q.smt2", b"".to_vec(), vec![], vec!["smt", "solve", "{in}"], Some(2)),
        ("q.smt2", b"  \n\t\n".to_vec(), vec![], vec!["smt", "solve", "{in}"], Some(2)),
    ];
    // a NUL byte in SMT-LIB2 is bad input on every backend (item 7)
    let mut nul = smt.clone();
    let at = nul.iter().position(|&b| b == b'(').unwrap();
    nul.insert(at + 1, 0);
    for backend in ["bitwuzla", "z3", "cvc5", "portfolio"] {
        v.push(("q.smt2", nul.clone(), vec![], vec!["smt", "solve", "{in}", "--backend", backend, "--timeout", "2s"], Some(2)));
    }
    v
}

/// Huge numbers in flags (the arguments, not the file, are mutated).
fn flag_cases() -> Vec<(Vec<String>, Vec<&'static str>, bool)> {
    let mut v = Vec::new();
    for n in ["18446744073709551615", "18446744073709551000", "9223372036854775807", "4294967296"] {
        v.push((vec!["pmlog", "read", "{dir}/f.log", "--len", n], vec![], false));
        v.push((vec!["pmlog", "read", "{dir}/f.log", "--pos", n, "--len", "1"], vec![], false));
        v.push((vec!["pmlog", "create", "{out}/new.log", "--capacity", n], vec!["new.log"], false));
    }
    // an append past the capacity of the 4096-byte seed log: `log full` names the file and offset (item 8)
    v.push((vec!["pmlog", "append", "{dir}/f.log", &*Box::leak("x".repeat(5000).into_boxed_str())], vec![], true));
    v.into_iter().map(|(a, o, p)| (a.into_iter().map(String::from).collect(), o, p)).collect()
}

fn fill(args: &[&str], input: &Path, dir: &Path) -> Vec<String> {
    let mut out = vec!["-q".to_string()];
    out.extend(args.iter().map(|a| a.replace("{in}", &input.display().to_string()).replace("{out}", &dir.display().to_string()).replace("{dir}", &dir.display().to_string())));
    out
}

#[test]
fn mutated_examples_keep_the_exit_code_contract() {
    let base = std::env::temp_dir().join(format!("vf-cli-mutation-{}", std::process::id()));
    let keep = root().join("target/cli-mutation");
    let _ = std::fs::remove_dir_all(&keep);
    std::fs::create_dir_all(&base).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut failures: Vec<String> = Vec::new();
    let mut runs = 0;
    let mut by_code = [0usize; 3];
    let start = Instant::now();
    let all = cases(&base);
    let mut kind_i = 0;
    for (ci, c) in all.iter().enumerate() {
        let n = c.mutants + c.original as usize;
        for m in 0..n {
            let dir = base.join(format!("c{ci}-m{m}"));
            std::fs::create_dir_all(&dir).unwrap();
            for (name, bytes) in &c.siblings {
                std::fs::write(dir.join(name), bytes).unwrap();
            }
            // every mutation class in turn (then up to two more at random)
            let (data, label) = if c.original && m == 0 {
                (c.seed.clone(), "original".to_string())
            } else {
                let mut d = c.seed.clone();
                let k = KINDS[kind_i % KINDS.len()];
                kind_i += 1;
                mutate::apply(&mut rng, k, &mut d, &c.seed, &[]);
                (d, format!("{k:?}"))
            };
            let input = dir.join(c.file);
            std::fs::write(&input, &data).unwrap();
            let args = fill(&c.args, &input, &dir);
            let r = veriforge(&args, c.limit);
            runs += 1;
            if let Some(code @ 0..=2) = r.code {
                by_code[code as usize] += 1;
            }
            let outs: Vec<PathBuf> = c.outputs.iter().map(|o| dir.join(o)).collect();
            let v = violations(&r, &outs);
            if !v.is_empty() {
                let kept = keep.join(format!("c{ci}-m{m}-{}", c.file));
                let _ = std::fs::create_dir_all(&keep);
                let _ = std::fs::write(&kept, &data);
                let first = r.stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("").chars().take(240).collect::<String>().escape_debug().to_string();
                failures.push(format!(
                    "veriforge {} [{label}; mutant kept at {}]\n    exit {:?} signal {:?} in {:.1} s: {}\n    stderr: {first}",
                    args[1..].join(" ").replace(&base.display().to_string(), "$DIR"),
                    kept.display(),
                    r.code,
                    r.signal,
                    r.secs,
                    v.join("; ")
                ));
            }
        }
    }
    // the hand-made mutants of issue 18, with the exit code they must give
    for (ti, (file, bytes, siblings, args, expect)) in targeted().into_iter().enumerate() {
        let dir = base.join(format!("t{ti}"));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, b) in &siblings {
            std::fs::write(dir.join(name), b).unwrap();
        }
        let input = dir.join(file);
        std::fs::write(&input, &bytes).unwrap();
        let full = fill(&args, &input, &dir);
        let r = veriforge(&full, Duration::from_secs(60));
        runs += 1;
        if let Some(code @ 0..=2) = r.code {
            by_code[code as usize] += 1;
        }
        let outs: Vec<PathBuf> = ["out.s", "out.asm", "out.h", "fmt.tla", "gen.tla"].iter().map(|o| dir.join(o)).collect();
        let mut v = violations(&r, &outs);
        if let Some(e) = expect {
            if r.code != Some(e) && !r.timed_out && r.signal.is_none() {
                v.push(format!("exit {:?}, the contract says {e}", r.code));
            }
        }
        if !v.is_empty() {
            let kept = keep.join(format!("t{ti}-{file}"));
            let _ = std::fs::create_dir_all(&keep);
            let _ = std::fs::write(&kept, &bytes);
            let first = r.stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("").chars().take(240).collect::<String>().escape_debug().to_string();
            failures.push(format!(
                "veriforge {} [hand-made mutant {ti}, kept at {}]\n    exit {:?} signal {:?} in {:.1} s: {}\n    stderr: {first}",
                full[1..].join(" ").replace(&base.display().to_string(), "$DIR"),
                kept.display(),
                r.code,
                r.signal,
                r.secs,
                v.join("; ")
            ));
        }
    }
    // flags with huge numbers, on the intact log
    let dir = base.join("flags");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("f.log"), pmlog_file(&base)).unwrap();
    for (args, outs, need_position) in flag_cases() {
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let full = fill(&a, Path::new(""), &dir);
        let r = veriforge(&full, Duration::from_secs(20));
        runs += 1;
        if let Some(code @ 0..=2) = r.code {
            by_code[code as usize] += 1;
        }
        let outs: Vec<PathBuf> = outs.iter().map(|o| dir.join(o)).collect();
        let v = violations_with(&r, &outs, need_position);
        if !v.is_empty() {
            let first = r.stderr.lines().next().unwrap_or("").chars().take(240).collect::<String>().escape_debug().to_string();
            failures.push(format!("veriforge {}\n    exit {:?} signal {:?}: {}\n    stderr: {first}", full[1..].join(" ").replace(&dir.display().to_string(), "$DIR"), r.code, r.signal, v.join("; ")));
        }
        for o in &outs {
            let _ = std::fs::remove_file(o);
        }
    }
    let _ = std::fs::remove_dir_all(&base);
    println!(
        "cli mutation: {runs} runs in {:.1} s (exit 0: {}, 1: {}, 2: {}), {} contract violations",
        start.elapsed().as_secs_f64(),
        by_code[0],
        by_code[1],
        by_code[2],
        failures.len()
    );
    assert!(runs >= 250, "the test ran {runs} commands");
    assert!(failures.is_empty(), "{} of {runs} runs broke the exit-code contract:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_contract_checks_catch_what_they_should() {
    let run = |code, signal, stderr: &str| Run { code, signal, stderr: stderr.into(), timed_out: false, secs: 0.1 };
    assert!(violations(&run(Some(2), None, "veriforge: error: f.k2:3:7: unknown opcode\n"), &[]).is_empty());
    assert!(violations(&run(Some(2), None, "veriforge: error: f.o: byte offset 64 (insn 3): bad\n"), &[]).is_empty());
    assert!(violations(&run(Some(2), None, "veriforge: error: --len: too large\n"), &[]).is_empty());
    assert!(violations(&run(Some(2), None, "veriforge: error: f.log:byte 12: truncated file\n"), &[]).is_empty());
    assert!(violations(&run(Some(2), None, "veriforge: error: f.json:body[5].arguments[0]: unknown name\n"), &[]).is_empty());
    assert!(!violations(&run(Some(2), None, "veriforge: error: f.json: unknown [name]\n"), &[]).is_empty());
    assert!(violations_with(&run(Some(2), None, "veriforge: error: f.log: read outside the log\n"), &[], false).is_empty());
    assert!(violations(&run(Some(1), None, "f.asm: NOT proven\nsecond line\n"), &[]).is_empty());
    assert!(!violations(&run(Some(2), None, "veriforge: error: not an ELF object\n"), &[]).is_empty(), "no position");
    assert!(!violations(&run(Some(2), None, "warning: x\nveriforge: error: f:1:1: y\n"), &[]).is_empty(), "two lines");
    assert!(!violations(&run(Some(1), None, "veriforge: internal error: index out of bounds at crates/x/src/a.rs:3\n"), &[]).is_empty());
    assert!(!violations(&run(Some(1), None, "veriforge: internal error: capacity overflow\n"), &[]).is_empty());
    assert!(!violations(&run(None, Some(6), "free(): invalid pointer\n"), &[]).is_empty(), "signal");
    assert!(!violations(&run(Some(134), None, ""), &[]).is_empty(), "exit code");
    assert!(!violations(&Run { timed_out: true, ..run(None, Some(9), "") }, &[]).is_empty());
    let dir = std::env::temp_dir().join(format!("vf-mut-self-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("o.k2");
    std::fs::write(&out, "x").unwrap();
    assert!(!violations(&run(Some(2), None, "veriforge: error: f.k2:1:1: bad\n"), std::slice::from_ref(&out)).is_empty(), "output left");
    assert!(violations(&run(Some(0), None, ""), std::slice::from_ref(&out)).is_empty(), "output after success is fine");
    std::fs::remove_dir_all(&dir).unwrap();
}
