//! `veriforge bpf opt` / `bpf equiv`: end to end on the bundled examples, bad input, exit codes.

use std::path::PathBuf;
use std::process::Command;

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("vf-bpf-opt-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bpf")
}

fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_veriforge")).args(args).output().unwrap();
    (o.status.code().unwrap_or(-1), String::from_utf8_lossy(&o.stdout).into(), String::from_utf8_lossy(&o.stderr).into())
}

#[test]
fn hello_world_optimizes_to_two_instructions_in_its_own_format_and_is_proven() {
    let d = tmpdir("hello");
    let out = d.join("hello.opt.k2");
    let hello = examples().join("hello.k2");
    let (code, _, err) = run(&[
        "bpf", "opt", hello.to_str().unwrap(), "-o", out.to_str().unwrap(), "--budget", "20000it", "--jobs", "2", "--no-cache",
        "--diff-inputs", "1000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("3 -> 2 instructions"), "{err}");
    assert!(err.contains("1/1 re-proven"), "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text == "MOV64XC 0 2\nEXIT\n" || text == "MOV32XC 0 2\nEXIT\n", "{text}");
    let (code, stdout, err) = run(&["bpf", "equiv", hello.to_str().unwrap(), out.to_str().unwrap(), "--inputs", "500"]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("equivalent: proven"), "{stdout}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn equiv_prints_a_distinguishing_input() {
    let d = tmpdir("neq");
    let other = d.join("three.k2");
    std::fs::write(&other, "MOV64XC 0 3\nEXIT\n").unwrap();
    let hello = examples().join("hello.k2");
    let (code, _, err) = run(&["bpf", "equiv", hello.to_str().unwrap(), other.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not equivalent") && err.contains("Ok(2)") && err.contains("Ok(3)"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn bad_input_is_one_line_exit_2_and_writes_nothing() {
    let d = tmpdir("bad");
    let out = d.join("out.insns");
    let trunc = d.join("trunc.insns");
    std::fs::write(&trunc, [0xb7u8, 0, 0, 0, 1, 0, 0, 0, 0x95, 0, 0]).unwrap();
    for args in [
        vec!["bpf", "opt", trunc.to_str().unwrap(), "-o", out.to_str().unwrap()],
        vec!["bpf", "opt", examples().join("hello.k2").to_str().unwrap(), "-o", out.to_str().unwrap(), "--budget", "5x"],
        vec!["bpf", "opt", examples().join("hello.k2").to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "0"],
        vec!["bpf", "opt", "/nonexistent/p.k2", "-o", out.to_str().unwrap()],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
        assert!(!out.exists(), "{args:?} left an output file");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// K2's `pgm_input_type = 1` (r1 = raw bytes, read with narrow loads) needs no `--prog-type`:
/// it is checked with kprobe-style context rules and loaded into the kernel as a kprobe.
#[test]
fn raw_context_program_optimizes_with_only_its_desc_and_maps() {
    let d = tmpdir("raw");
    let out = d.join("rawkey.opt.bpf");
    let src = examples().join("rawkey.bpf");
    let (code, _, err) = run(&[
        "bpf", "opt", src.to_str().unwrap(), "-o", out.to_str().unwrap(), "--budget", "200000it", "--jobs", "1", "--no-cache",
        "--diff-inputs", "1000",
    ]);
    assert_eq!(code, 0, "{err}");
    let counts = err.split("rawkey.bpf: ").nth(1).and_then(|s| s.split(" instructions").next()).expect(&err);
    let (before, after) = counts.split_once(" -> ").expect(counts);
    let (before, after): (usize, usize) = (before.parse().unwrap(), after.parse().unwrap());
    assert_eq!(before, 16);
    assert!(after < before, "no improvement: {err}");
    // The output is in the input's own format and passes the checker under the same raw context.
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("BPF_LDX_MEM("), "{text}");
    let (code, stdout, err) = run(&[
        "bpf", "check", out.to_str().unwrap(), "--maps", examples().join("rawkey.maps").to_str().unwrap(),
        "--desc", examples().join("rawkey.desc").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout} {err}");
    assert!(stdout.contains("raw_ctx program") && stdout.contains("checker: safe"), "{stdout}");
    std::fs::remove_dir_all(&d).unwrap();
}
