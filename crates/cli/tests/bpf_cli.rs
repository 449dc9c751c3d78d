//! `veriforge bpf`: exit codes, one-line errors, no partial output files.

use std::path::PathBuf;
use std::process::Command;

fn vf() -> Command {
    Command::new(env!("CARGO_BIN_EXE_veriforge"))
}

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("vf-bpf-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bpf")
}

/// Runs and returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let o = vf().args(args).output().unwrap();
    (o.status.code().unwrap_or(-1), String::from_utf8_lossy(&o.stdout).into(), String::from_utf8_lossy(&o.stderr).into())
}

fn assert_bad_input(args: &[&str], needle: &str) {
    let (code, _, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
    assert!(err.contains(needle), "{args:?}: expected '{needle}' in {err}");
}

#[test]
fn bad_inputs_give_one_line_and_exit_2_without_output() {
    let d = tmpdir("bad");
    let w = |n: &str, b: &[u8]| {
        let p = d.join(n);
        std::fs::write(&p, b).unwrap();
        p.display().to_string()
    };
    let trunc = w("t.insns", &[0x95, 0, 0, 0, 0, 0, 0, 0, 0xb7]);
    let out = d.join("out.k2").display().to_string();
    assert_bad_input(&["bpf", "convert", &trunc, "-o", &out], "byte offset 8 (insn 1): truncated");
    assert!(!d.join("out.k2").exists());
    let badop = w("o.insns", &[0xff, 0, 0, 0, 0, 0, 0, 0, 0x95, 0, 0, 0, 0, 0, 0, 0]);
    assert_bad_input(&["bpf", "check", &badop], "unknown opcode 0xff");
    let jmp = w("j.k2", b"MOV64XC 0 1\nJA 5\nEXIT\n");
    assert_bad_input(&["bpf", "check", &jmp], "j.k2:2:1: jump out of range");
    let helper = w("h.bpf", b"BPF_MOV64_IMM(BPF_REG_0, 1),\nBPF_EMIT_CALL(999),\nBPF_EXIT_INSN(),\n");
    assert_bad_input(&["bpf", "check", &helper], "h.bpf:2:1: unknown helper function 999");
    let obj = examples().join("xdp_proto.o").display().to_string();
    assert_bad_input(&["bpf", "check", &obj, "--section", "nope"], "no program section 'nope'");
    let notelf = w("x.o", b"not an elf");
    assert_bad_input(&["bpf", "check", &notelf], "x.o: byte offset 0: not an ELF object");
    let mut elf_head = std::fs::read(examples().join("xdp_proto.o")).unwrap();
    elf_head.truncate(40);
    let trunc_elf = w("t.o", &elf_head);
    assert_bad_input(&["bpf", "check", &trunc_elf], "t.o: byte offset 40: not an ELF object");
}

#[test]
fn hello_world_runs_and_checks() {
    let hello = examples().join("hello.k2").display().to_string();
    let (code, out, err) = run(&["bpf", "run", &hello, "--seed", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("r0 = 2"), "{out}");
    let (code, out, _) = run(&["--json", "bpf", "check", &hello]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["checker"]["safe"], true);
}

#[test]
fn unsafe_program_is_a_negative_answer() {
    let d = tmpdir("unsafe");
    let p = d.join("u.k2");
    std::fs::write(&p, "LDXDW 0 10 -8\nEXIT\n").unwrap();
    let (code, out, err) = run(&["bpf", "check", &p.display().to_string(), "--prog-type", "xdp"]);
    assert_eq!(code, 1, "{out} {err}");
    assert!(out.contains("REJECTED"), "{out}");
}

#[test]
fn convert_round_trips_through_every_text_format() {
    let d = tmpdir("conv");
    let obj = examples().join("xdp_proto.o").display().to_string();
    let k2 = d.join("a.k2").display().to_string();
    let bpf = d.join("a.bpf").display().to_string();
    let insns = d.join("a.insns").display().to_string();
    assert_eq!(run(&["bpf", "convert", &obj, "-o", &k2]).0, 0);
    let maps = d.join("env.maps"); // not `a.maps`, which would be picked up beside a.k2
    std::fs::write(&maps, "proto_count { type = 6, key_size = 4, value_size = 8, max_entries = 256, fd = 0 }\n").unwrap();
    let maps = maps.display().to_string();
    // Without the maps file the map load names an undeclared map: bad input.
    assert_eq!(run(&["bpf", "convert", &k2, "-o", &bpf]).0, 2);
    assert_eq!(run(&["bpf", "convert", &k2, "--maps", &maps, "-o", &bpf]).0, 0);
    assert_eq!(run(&["bpf", "convert", &bpf, "--maps", &maps, "-o", &insns]).0, 0);
    let back = d.join("b.k2").display().to_string();
    assert_eq!(run(&["bpf", "convert", &insns, "--maps", &maps, "-o", &back]).0, 0);
    assert_eq!(std::fs::read_to_string(&k2).unwrap(), std::fs::read_to_string(&back).unwrap());
}

/// Raw context (`.desc` type 1): aligned reads of any size inside `max_pkt_sz` are safe; writes,
/// misaligned reads and reads past `max_pkt_sz` are rejected (the kernel's kprobe rules, which
/// also forbid context writes).
#[test]
fn raw_context_rules_follow_the_kprobe_verifier() {
    let d = tmpdir("rawctx");
    std::fs::write(d.join("p.desc"), "{ pgm_input_type = 1, }\n{ max_pkt_sz = 6, }\n").unwrap();
    let verdict = |body: &str| {
        let p = d.join("p.k2");
        std::fs::write(&p, body).unwrap();
        let (code, out, err) = run(&["bpf", "check", &p.display().to_string()]);
        assert!(out.contains("raw_ctx program"), "{out} {err}");
        code
    };
    assert_eq!(verdict("LDXH 0 1 0\nLDXB 2 1 5\nLDXW 3 1 0\nEXIT\n"), 0);
    assert_eq!(verdict("LDXH 0 1 1\nEXIT\n"), 1, "misaligned");
    assert_eq!(verdict("LDXW 0 1 4\nEXIT\n"), 1, "past max_pkt_sz");
    assert_eq!(verdict("MOV64XC 0 0\nSTXB 1 0 0\nEXIT\n"), 1, "context write");
}

/// Issue criterion 5 through every command that writes a file: each bad input gives exit 2, one
/// line naming the file, a position and the problem, and leaves no output file behind.
#[test]
fn each_bad_input_names_file_position_and_problem_and_writes_nothing() {
    let d = tmpdir("bad5");
    let w = |n: &str, b: &[u8]| {
        let p = d.join(n);
        std::fs::write(&p, b).unwrap();
        p.display().to_string()
    };
    let exit = [0x95u8, 0, 0, 0, 0, 0, 0, 0];
    let cases: Vec<(String, &str, &str)> = vec![
        (w("trunc.insns", &[0x95, 0, 0, 0, 0, 0, 0, 0, 0xb7, 0, 0]), "byte offset 8 (insn 1)", "truncated"),
        (w("op.insns", &[[0xffu8, 0, 0, 0, 0, 0, 0, 0], exit].concat()), "byte offset 0 (insn 0)", "unknown opcode 0xff"),
        (w("jmp.insns", &[[0x05u8, 0, 5, 0, 0, 0, 0, 0], exit].concat()), "byte offset 0 (insn 0)", "jump out of range"),
        (w("jmp.k2", b"MOV64XC 0 1\nJA 5\nEXIT\n"), "jmp.k2:2:1", "jump out of range"),
        (w("helper.insns", &[[0x85u8, 0, 0, 0, 0xe7, 3, 0, 0], exit].concat()), "byte offset 0 (insn 0)", "unknown helper function 999"),
        (w("helper.bpf", b"BPF_MOV64_IMM(BPF_REG_0, 1),\nBPF_EMIT_CALL(999),\nBPF_EXIT_INSN(),\n"), "helper.bpf:2:1", "unknown helper function 999"),
    ];
    let obj = examples().join("xdp_shrink.o").display().to_string();
    for (file, pos, problem) in &cases {
        for cmd in ["opt", "convert"] {
            let out = d.join(format!("out-{cmd}.k2"));
            let o = out.display().to_string();
            let args = if cmd == "opt" { vec!["bpf", "opt", file, "-o", &o, "--budget", "1000it"] } else { vec!["bpf", "convert", file, "-o", &o] };
            let (code, _, err) = run(&args);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert_eq!(err.trim_end().lines().count(), 1, "not one line: {err}");
            let name = std::path::Path::new(file).file_name().unwrap().to_str().unwrap();
            assert!(err.contains(name) && err.contains(pos) && err.contains(problem), "{args:?}: {err}");
            assert!(!out.exists(), "{args:?} wrote {o}");
        }
    }
    // ELF without the requested section: reported at the section header table.
    let out = d.join("out.o");
    let (code, _, err) = run(&["bpf", "opt", &obj, "--section", "nope", "-o", &out.display().to_string()]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("xdp_shrink.o: byte offset ") && err.contains("no program section 'nope'"), "{err}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// `convert --drop-nops` on an ELF object with nothing to drop changes no byte (the shrinking
/// itself is tested in crates/bpf/tests/elf_shrink.rs and bpf_opt_cli.rs).
#[test]
fn convert_drop_nops_on_an_elf_object_without_nops_is_byte_identical() {
    let d = tmpdir("dropelf");
    let obj = examples().join("xdp_proto.o").display().to_string();
    let same = d.join("same.o").display().to_string();
    assert_eq!(run(&["bpf", "convert", &obj, "-o", &same, "--drop-nops"]).0, 0);
    assert_eq!(std::fs::read(&same).unwrap(), std::fs::read(&obj).unwrap(), "nothing to drop: byte-identical");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Issue 18 sweep: map shapes beyond the kernel's limits made `bpf run --seed` allocate
/// gigabytes and hang; they are bad input at their line in the `.maps` file.
#[test]
fn oversized_maps_are_bad_input_at_their_line() {
    let d = std::env::temp_dir().join(format!("vf-bpf-cli-maps-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let prog = d.join("c.bpf");
    std::fs::copy(examples().join("count.bpf"), &prog).unwrap();
    std::fs::copy(examples().join("count.desc"), d.join("c.desc")).unwrap();
    for (line, want) in [
        ("counter { type = 2, key_size = 4, value_size = 4294967295, max_entries = 1, fd = 0 }", "value_size 4294967295 exceeds"),
        ("counter { type = 1, key_size = 4294967295, value_size = 8, max_entries = 4, fd = 0 }", "key_size 4294967295 exceeds"),
    ] {
        std::fs::write(d.join("c.maps"), format!("# comment\n{line}\n")).unwrap();
        for cmd in ["check", "run"] {
            let (code, _, err) = run(&["bpf", cmd, prog.to_str().unwrap(), "--seed", "1"][..if cmd == "run" { 5 } else { 3 }]);
            assert_eq!(code, 2, "{cmd}: {err}");
            assert!(err.contains("c.maps:2:1: ") && err.contains(want), "{cmd}: {err}");
        }
    }
    std::fs::remove_dir_all(&d).unwrap();
}
