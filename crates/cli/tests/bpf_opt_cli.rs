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
        // issue 18: thread creation failed as an internal error
        vec!["bpf", "opt", examples().join("hello.k2").to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "100000"],
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

fn count_of(err: &str) -> (usize, usize) {
    let line = err.lines().find(|l| l.contains(" instructions (best after")).expect(err);
    let counts = line.split(": ").nth(1).unwrap().split(" instructions").next().unwrap();
    let (a, b) = counts.split_once(" -> ").unwrap();
    (a.parse().unwrap(), b.parse().unwrap())
}

/// `.insns` output: deleted instructions are dropped by default (jumps fixed, the file shrinks
/// and is proven equivalent to the input); `--keep-nops` keeps K2's `ja +0` marking instead.
#[test]
fn insns_output_drops_deleted_slots_unless_keep_nops() {
    let d = tmpdir("insns");
    let insns = d.join("rawkey.insns");
    let (maps, desc) = (examples().join("rawkey.maps"), examples().join("rawkey.desc"));
    std::fs::copy(&maps, d.join("rawkey.maps")).unwrap();
    std::fs::copy(&desc, d.join("rawkey.desc")).unwrap();
    let (code, _, err) = run(&["bpf", "convert", examples().join("rawkey.bpf").to_str().unwrap(), "-o", insns.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let opt = |out: &PathBuf, extra: &[&str]| {
        let mut args = vec!["bpf", "opt", insns.to_str().unwrap(), "-o", out.to_str().unwrap(), "--budget", "200000it", "--jobs", "1", "--no-cache", "--diff-inputs", "500"];
        args.extend_from_slice(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        count_of(&err)
    };
    let dropped = d.join("dropped.insns");
    let kept = d.join("kept.insns");
    let (before, after) = opt(&dropped, &[]);
    assert!(after < before, "no improvement");
    assert_eq!(opt(&kept, &["--keep-nops"]), (before, after), "same seed, same search");
    let bytes_in = std::fs::read(&insns).unwrap().len();
    assert_eq!(std::fs::read(&dropped).unwrap().len(), after * 8, "deleted slots still present");
    let kept_bytes = std::fs::read(&kept).unwrap();
    assert_eq!(kept_bytes.len(), bytes_in, "--keep-nops must keep the slot count");
    let nops = kept_bytes.chunks(8).filter(|c| *c == [0x05, 0, 0, 0, 0, 0, 0, 0]).count();
    assert_eq!(nops, before - after);
    for out in [&dropped, &kept] {
        let (code, stdout, err) = run(&[
            "bpf", "equiv", insns.to_str().unwrap(), out.to_str().unwrap(), "--maps", maps.to_str().unwrap(), "--desc", desc.to_str().unwrap(), "--inputs", "500",
        ]);
        assert_eq!(code, 0, "{out:?}: {stdout} {err}");
        assert!(stdout.contains("equivalent: proven"), "{stdout}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// ELF output shrinks by default: the program section loses the deleted slots (the object reads
/// back with the optimized count in its slots); `--keep-nops` keeps the section size.
#[test]
fn elf_output_shrinks_unless_keep_nops() {
    let d = tmpdir("elf");
    let obj = examples().join("xdp_shrink.o");
    let run_opt = |out: &PathBuf, extra: &[&str]| {
        let mut args = vec!["bpf", "opt", obj.to_str().unwrap(), "-o", out.to_str().unwrap(), "--budget", "300000it", "--jobs", "1", "--no-cache", "--diff-inputs", "500", "--kernel-runs", "100"];
        args.extend_from_slice(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        // The written object itself is loaded through libbpf (needs root + bpftool, as the
        // kernel tests of vf-bpf do).
        assert!(err.contains("emitted object loads through libbpf"), "{err}");
        count_of(&err)
    };
    let (shrunk, kept) = (d.join("shrunk.o"), d.join("kept.o"));
    let (before, after) = run_opt(&shrunk, &[]);
    assert!(after < before, "the dead markers were not removed");
    assert_eq!(run_opt(&kept, &["--keep-nops"]), (before, after));
    let section_size = |p: &PathBuf| {
        let (_, out, err) = run(&["--json", "bpf", "check", p.to_str().unwrap()]);
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
        assert_eq!(v["checker"]["safe"], true, "{v}");
        v["insns"].as_u64().unwrap() as usize
    };
    // `check` reports slots of the linked program (section + .text).
    assert_eq!(section_size(&kept), before);
    assert_eq!(section_size(&shrunk), after);
    assert!(std::fs::read(&kept).unwrap().len() == std::fs::read(&obj).unwrap().len());
    std::fs::remove_dir_all(&d).unwrap();
}

/// Issue 16, Done-when 5: a K2-style `.insns` + `.desc` (`pgm_input_type = 1`) socket filter
/// using LD_ABS optimizes without `--prog-type`; the inferred type is printed (not under -q),
/// and `--prog-type` still overrides.
#[test]
fn insns_with_desc_and_ld_abs_is_inferred_as_socket_filter() {
    let d = tmpdir("infer");
    // r6 = ctx; r0 = 0 (dead: LD_ABS overwrites r0); r0 = ethertype; accept IPv4 only
    let prog: [[u8; 8]; 8] = [
        [0xbf, 0x16, 0, 0, 0, 0, 0, 0],
        [0xb7, 0x00, 0, 0, 0, 0, 0, 0],
        [0x28, 0x00, 0, 0, 12, 0, 0, 0],
        [0x15, 0x00, 2, 0, 0x00, 0x08, 0, 0],
        [0xb7, 0x00, 0, 0, 0, 0, 0, 0],
        [0x95, 0, 0, 0, 0, 0, 0, 0],
        [0xb7, 0x00, 0, 0, 0xff, 0xff, 0xff, 0xff],
        [0x95, 0, 0, 0, 0, 0, 0, 0],
    ];
    let input = d.join("filter.insns");
    std::fs::write(&input, prog.concat()).unwrap();
    std::fs::write(d.join("filter.desc"), "{ pgm_input_type = 1, max_pkt_sz = 64, }\n").unwrap();
    let out = d.join("filter.opt.insns");
    let base = |extra: &[&str]| {
        let mut v = vec!["bpf", "opt", input.to_str().unwrap(), "-o", out.to_str().unwrap(), "--budget", "20000it", "--jobs", "1",
            "--no-cache", "--diff-inputs", "500", "--kernel-runs", "0"];
        v.extend_from_slice(extra);
        v.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let args = base(&[]);
    let (code, _, err) = run(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("program type socket_filter inferred: LD_ABS/LD_IND at insn 2"), "{err}");
    let n = std::fs::read(&out).unwrap().len() / 8;
    assert!(n <= 8 && n >= 6, "{n} instructions");
    // -q: no inference line
    std::fs::remove_file(&out).unwrap();
    let mut q = vec!["-q".to_string()];
    q.extend(base(&[]));
    let (code, _, err) = run(&q.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("inferred"), "{err}");
    // --prog-type overrides: as raw_ctx the LD_ABS program is refused, nothing written
    std::fs::remove_file(&out).unwrap();
    let args = base(&["--prog-type", "raw_ctx"]);
    let (code, _, err) = run(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    assert_ne!(code, 0, "{err}");
    assert!(!err.contains("inferred") && err.contains("raw_ctx"), "{err}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// Issue 16: the final differential check compares a stop at an unmodelled helper by the call
/// (helper, arguments, argument memory) and the state so far, not by pc. Here the window before
/// `bpf_fib_lookup` (not modelled by the interpreter) shrinks, so the call moves one slot up;
/// this used to end in "proven program disagrees with the input ... UnsupportedHelper".
#[test]
fn rewrite_before_an_unmodelled_helper_passes_the_final_check() {
    let d = tmpdir("fib");
    let input = d.join("fib.k2");
    std::fs::write(
        &input,
        "MOV64XC 5 1\nADD64XC 5 1\nSTXDW 10 -16 5\nSTDW 10 -8 7\nMOV64XY 2 10\nADD64XC 2 -16\nMOV64XC 3 16\nMOV64XC 4 0\nCALL 69\nEXIT\n",
    )
    .unwrap();
    std::fs::write(d.join("fib.desc"), "{ pgm_input_type = 2, max_pkt_sz = 64, }\n").unwrap();
    let out = d.join("fib.opt.k2");
    let (code, _, err) = run(&[
        "bpf", "opt", input.to_str().unwrap(), "-o", out.to_str().unwrap(), "--budget", "20000it", "--jobs", "1", "--no-cache",
        "--diff-inputs", "500", "--kernel-runs", "0",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("500 random inputs agree"), "{err}");
    // at least the add folds into the move (or r5 into a store immediate): the call moves up
    let text = std::fs::read_to_string(&out).unwrap();
    let n = text.lines().count();
    assert!(text.contains("CALL 69") && n < 10, "{text}");
    assert!(err.contains(&format!("10 -> {n} instructions")), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn loop_program_is_optimized_inside_the_loop_body_and_keeps_its_back_edge() {
    // XDP: r2 = rx_queue_index & 7; r0 = sum of 0..r2 via a bounded loop whose body copies the
    // counter twice (the second copy is redundant). Windows never span the back-edge.
    let d = tmpdir("loop");
    let src = d.join("loop.k2");
    std::fs::write(
        &src,
        "LDXW 2 1 16\nAND64XC 2 7\nMOV64XC 0 0\nMOV64XC 3 0\nMOV64XY 4 3\nMOV64XY 4 3\nADD64XY 0 4\nADD64XC 3 1\nJGTXY 2 3 -5\nAND64XC 0 3\nEXIT\n",
    )
    .unwrap();
    std::fs::write(d.join("loop.desc"), "{ pgm_input_type = 2, }\n{ max_pkt_sz = 64, }\n").unwrap();
    let out = d.join("loop.opt.k2");
    let (code, _, err) = run(&[
        "bpf", "check", src.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "the checker accepts the bounded loop: {err}");
    let (code, _, err) = run(&[
        "bpf", "opt", src.to_str().unwrap(), "-o", out.to_str().unwrap(), "--budget", "20000it", "--jobs", "1", "--no-cache",
        "--diff-inputs", "1000", "--kernel-runs", "0",
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    let n = text.lines().count();
    assert!(n <= 10, "the redundant copy goes: {n} instructions\n{text}");
    // The back-edge survives: a conditional jump with a negative offset.
    assert!(text.lines().any(|l| l.starts_with('J') && l.split_whitespace().last().unwrap().starts_with('-')), "{text}");
    let (code, stdout, err) = run(&["bpf", "check", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{err}");
    std::fs::remove_dir_all(&d).unwrap();
}
