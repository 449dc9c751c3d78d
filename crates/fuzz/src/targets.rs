//! The fuzz targets: one per parser or file reader a user's file reaches. Each takes raw bytes,
//! runs the same code path the CLI runs on a file of that kind (reader, then the cheap steps
//! that follow: validation, round trip through the writer, evaluation), and panics only on a
//! bug: a panic inside our code, an error value that breaks the error contract (empty or
//! multi-line message, position outside the input), or a broken round trip.
//!
//! Text targets see the bytes as (lossy) UTF-8, like the CLI, which rejects non-UTF-8 before
//! parsing. Inputs larger than [`MAX_INPUT`] are cut (the fuzzers' own size limit).

use rand::SeedableRng;
use std::path::{Path, PathBuf};
use vf_bpf::formats::{self, Format, Loaded, Nops, ParseError, Pos};
use vf_bpf::program::{Program, ProgType};

/// Largest input a target looks at (bytes).
pub const MAX_INPUT: usize = 1 << 20;

/// One fuzz target.
#[derive(Clone, Copy)]
pub struct Target {
    pub name: &'static str,
    /// What it reads, for `vf-fuzz list` and docs/robustness.md.
    pub what: &'static str,
    pub run: fn(&[u8]),
    /// Seed corpus: files from `examples/` (and test fixtures) plus inputs built in code.
    pub seeds: fn() -> Vec<Vec<u8>>,
    /// Keywords the mutator inserts.
    pub dict: &'static [&'static str],
}

/// Every target, in a fixed order.
pub fn all() -> Vec<Target> {
    vec![
        Target { name: "bpf_k2", what: "K2 text (.k2)", run: bpf_k2, seeds: seeds_k2, dict: DICT_BPF },
        Target { name: "bpf_cmacro", what: "kernel C-macro text (.bpf)", run: bpf_cmacro, seeds: seeds_cmacro, dict: DICT_BPF },
        Target { name: "bpf_insns", what: "raw struct bpf_insn arrays (.insns)", run: bpf_insns, seeds: seeds_insns, dict: &[] },
        Target { name: "bpf_maps", what: "K2 map definitions (.maps)", run: bpf_maps, seeds: seeds_maps, dict: DICT_MAPS },
        Target { name: "bpf_desc", what: "K2 input descriptions (.desc)", run: bpf_desc, seeds: seeds_desc, dict: DICT_MAPS },
        Target { name: "bpf_elf", what: "eBPF ELF objects (.o), incl. BTF/BTF.ext and the shrinking writer", run: bpf_elf, seeds: seeds_elf, dict: &[".text", "xdp", "maps", ".BTF", ".BTF.ext", "license"] },
        Target { name: "crypto_ir", what: "Fiat-Crypto JSON IR (lowering, bounds, evaluation, code generation)", run: crypto_ir, seeds: seeds_ir, dict: DICT_IR },
        Target { name: "crypto_asm", what: "x86-64 assembly, NASM/GAS Intel (crypto verify's reader)", run: crypto_asm, seeds: seeds_asm, dict: DICT_ASM },
        Target { name: "tla", what: "TLA+ modules (parse, print, re-parse)", run: tla, seeds: seeds_tla, dict: DICT_TLA },
        Target { name: "mpcal", what: "PlusCal / MPCal blocks (check-syntax, pcalgen, fmt paths)", run: mpcal, seeds: seeds_mpcal, dict: DICT_TLA },
        Target { name: "pmlog", what: "pmlog files, single log and multilog (recover, open, read, append+commit)", run: pmlog, seeds: seeds_pmlog, dict: &["VFPMLOG1", "VFPMMLG1"] },
        Target { name: "smtlib2", what: "SMT-LIB2 text (vf-smt's S-expression reader)", run: smtlib2, seeds: seeds_smt, dict: DICT_SMT },
        Target { name: "cfg", what: "TLC model configurations (.cfg, vf_check::cfg)", run: cfg, seeds: seeds_cfg, dict: DICT_CFG },
        Target { name: "verus", what: "Verus source (vf-verify's front end up to the SMT queries, no solver)", run: verus, seeds: seeds_verus, dict: DICT_VERUS },
        Target { name: "go", what: "MPCal specs for the Go generator (mpcal gogen, no Go toolchain)", run: go, seeds: seeds_go, dict: DICT_TLA },
    ]
}

/// Slots for readers that have not landed yet (docs/robustness.md keeps the same list). Empty:
/// the `.cfg`, Verus and Go generator slots are filled (`cfg`, `verus`, `go`).
pub const PENDING: &[&str] = &[];

pub fn find(name: &str) -> Option<Target> {
    all().into_iter().find(|t| t.name == name)
}

const DICT_BPF: &[&str] = &[
    "r0", "r1", "r10", "r11", "BPF_MOV64_IMM(BPF_REG_0, ", "BPF_EXIT_INSN()", "BPF_JMP_IMM(BPF_JEQ, ", "BPF_LD_IMM64(", "BPF_LD_MAP_FD(",
    "BPF_STX_MEM(BPF_DW, ", "BPF_CALL_FUNC(", "EXIT", "MOV64XC", "CALL", "JA", "LDDW", "-32768", "2147483647", ",", ")", "\n",
];
const DICT_MAPS: &[&str] = &["{", "}", "=", ",", "type", "key_size", "value_size", "max_entries", "pgm_input_type", "max_pkt_sz", "4294967295"];
const DICT_IR: &[&str] = &[
    "\"operation\"", "\"arguments\"", "\"datatype\"", "\"u64\"", "\"u128\"", "\"u1\"", "\"mulx\"", "\"addcarryx\"", "\"subborrowx\"", "\"cmovznz\"",
    "\"lbound\"", "\"ubound\"", "\"0xffffffffffffffff\"", "\"static_cast\"", "\">>\"", "\"*\"", "[", "]", "{", "}", ",", "null",
];
const DICT_ASM: &[&str] = &["mov", "add", "adc", "adcx", "adox", "mulx", "imul", "ret", "qword [rsi + 8]", "rdx", "rax", "r15", ",", "\n", "push rbx", "pop rbx", "global", "SECTION .text"];
const DICT_TLA: &[&str] = &[
    "---- MODULE m ----", "====", "EXTENDS", "CONSTANT", "VARIABLE", "LET", "IN", "IF", "THEN", "ELSE", "CASE", "[]", "<<", ">>", "/\\", "\\/", "\\A",
    "\\E", "==", "(* --algorithm a {", "(* --mpcal m {", "archetype", "process", "variables", "while", "either", "or", "with", "goto", "label:",
    "\\* BEGIN PLUSCAL TRANSLATION", "\\* END PLUSCAL TRANSLATION", "\\* BEGIN TRANSLATION", "\\* END TRANSLATION", "*)", "skip;", "ref", "mapping",
];
const DICT_SMT: &[&str] = &["(", ")", "(assert ", "(check-sat)", "(declare-const x (_ BitVec 64))", "(_ bv1 64)", "|a b|", "#x", "#b", "\"", ";", "bvadd", "select", "store"];

// ---------------------------------------------------------------------------------------
// Helpers

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(&data[..data.len().min(MAX_INPUT)]).into_owned()
}

/// An error must be one non-empty line.
fn one_line(what: &str, msg: &str) {
    assert!(!msg.trim().is_empty(), "{what}: empty error message");
    assert!(!msg.contains('\n'), "{what}: error message is not one line: {msg:?}");
}

/// A bpf parse error: one line, and a text position inside the input.
fn bpf_error(e: &ParseError, input: &str) {
    one_line("bpf parse error", &e.to_string());
    if let Pos::Text { line, col } = e.pos {
        let lines = input.split('\n').count().max(1);
        assert!(line >= 1 && line <= lines + 1 && col >= 1, "bpf error position {line}:{col} outside the input ({lines} lines): {e}");
    }
}

/// What the CLI does after loading a program: validate, safety check, a short interpreter run
/// and writing it back in every format that can hold it (round trip: same instructions).
fn exercise(program: Program, format: Format, elf: Option<formats::elf::ElfSource>) {
    if program.validate().is_err() {
        return;
    }
    // Map sizes bound every allocation the interpreter and the input generator make. A map
    // larger than any the kernel creates (hash keys live on the 512-byte stack; values are one
    // kmalloc, at most 4 MiB) must be refused by the loader: here it would allocate gigabytes.
    for m in &program.maps {
        assert!(m.key_size <= 512 && m.value_size <= 1 << 22, "loader accepted map '{}' with key_size {} value_size {} (no kernel creates it; the interpreter would allocate it)", m.name, m.key_size, m.value_size);
    }
    // A tenth of the kernel's 1M-instruction budget: a mutated loop that never repeats a state
    // runs the whole budget (about 3 s and 1 GB in a release build, over 10 s in the AFL build),
    // which is bounded by design but would drown real hangs. The full budget is exercised by
    // crates/bpf's tests (Katran, bounded and unbounded loops).
    let limits = vf_bpf::safety::CheckLimits { max_insns_processed: 100_000, ..Default::default() };
    let _ = vf_bpf::safety::check_with(&program, limits);
    if let Ok(mut vm) = vf_bpf::interp::Vm::new(&program) {
        vm.limits.max_steps = 5_000;
        let input = vf_bpf::interp::Input::random(&program, 1);
        let r = vm.run(&program.insns, &input);
        let _ = vm.output(r);
    }
    let loaded = Loaded { program, format, elf, notes: Vec::new() };
    for out in [Format::K2, Format::CMacro, Format::Insns, Format::Elf] {
        if out == Format::Elf && loaded.format != Format::Elf {
            continue;
        }
        for nops in [Nops::Keep, Nops::Drop] {
            let Ok(bytes) = formats::write_as_nops(&loaded, &loaded.program.insns, out, nops) else { continue };
            if nops == Nops::Drop {
                continue; // dropping changes the instructions on purpose
            }
            let back = match out {
                Format::K2 => formats::k2::parse("rt.k2", std::str::from_utf8(&bytes).expect("k2 writer emits UTF-8")),
                Format::CMacro => formats::cmacro::parse("rt.bpf", std::str::from_utf8(&bytes).expect("bpf writer emits UTF-8")),
                Format::Insns => formats::insns::parse_insns("rt.insns", &bytes),
                Format::Elf => formats::elf::parse("rt.o", bytes.clone(), Some(&loaded.elf.as_ref().unwrap().section)).map(|(p, _)| p.insns),
            };
            match back {
                Ok(insns) => assert_eq!(insns, loaded.program.insns, "round trip through {out:?} changed the program"),
                Err(e) => panic!("our own {out:?} output does not parse back: {e}"),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// bpf

fn bpf_k2(data: &[u8]) {
    let t = text(data);
    match formats::k2::parse("f.k2", &t) {
        Ok(insns) => exercise(Program::new("f", insns, ProgType::RawCtx), Format::K2, None),
        Err(e) => bpf_error(&e, &t),
    }
}

fn bpf_cmacro(data: &[u8]) {
    let t = text(data);
    match formats::cmacro::parse("f.bpf", &t) {
        Ok(insns) => exercise(Program::new("f", insns, ProgType::Xdp), Format::CMacro, None),
        Err(e) => bpf_error(&e, &t),
    }
}

fn bpf_insns(data: &[u8]) {
    let data = &data[..data.len().min(MAX_INPUT)];
    match formats::insns::parse_insns("f.insns", data) {
        Ok(insns) => exercise(Program::new("f", insns, ProgType::SocketFilter), Format::Insns, None),
        Err(e) => {
            one_line("insns error", &e.to_string());
            if let Pos::Byte { offset, .. } = e.pos {
                assert!(offset <= data.len(), "byte offset {offset} past the end ({} bytes)", data.len());
            }
        }
    }
}

fn bpf_maps(data: &[u8]) {
    let t = text(data);
    match formats::insns::parse_maps("f.maps", &t) {
        Ok(maps) => {
            // the writer's output reads back to the same maps
            let again = formats::insns::parse_maps("rt.maps", &formats::write_maps(&maps)).expect("our .maps output parses");
            assert_eq!(again.len(), maps.len());
            for m in &maps {
                assert!(m.key_size <= 512 && m.value_size <= 1 << 22, "loader accepted map '{}' with key_size {} value_size {} (no kernel creates it; the interpreter would allocate it)", m.name, m.key_size, m.value_size);
            }
            let mut p = Program::new("f", vec![], ProgType::RawCtx);
            p.maps = maps;
            if let Ok(mut vm) = vf_bpf::interp::Vm::new(&p) {
                let _ = vm.run(&[], &vf_bpf::interp::Input::default());
            }
        }
        Err(e) => bpf_error(&e, &t),
    }
}

fn bpf_desc(data: &[u8]) {
    let t = text(data);
    match formats::insns::parse_desc("f.desc", &t) {
        Ok(d) => {
            let again = formats::insns::parse_desc("rt.desc", &formats::insns::write_desc(&d)).expect("our .desc output parses");
            assert_eq!((again.pgm_input_type, again.max_pkt_sz), (d.pgm_input_type, d.max_pkt_sz));
            let mut p = Program::new("f", vec![], ProgType::RawCtx);
            p.apply_desc(&d);
            let _ = vf_bpf::interp::Input::random(&p, 2);
        }
        Err(e) => bpf_error(&e, &t),
    }
}

fn bpf_elf(data: &[u8]) {
    let data = data[..data.len().min(MAX_INPUT)].to_vec();
    let _ = formats::elf::program_sections(&data);
    match formats::elf::parse("f.o", data, None) {
        Ok((p, src)) => exercise(p, Format::Elf, Some(src)),
        Err(e) => one_line("elf error", &e.to_string()),
    }
}

// ---------------------------------------------------------------------------------------
// crypto

fn crypto_ir(data: &[u8]) {
    use vf_x86::{asm, gen, ir, lir};
    let t = text(data);
    let f = match ir::parse(&t) {
        Ok(f) => f,
        Err(e) => return one_line("ir error", &e.to_string()),
    };
    // what `crypto opt` does first: random inputs within the bounds, the reference evaluator,
    // lowering and the heuristic start program (checked against the evaluator)
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let inputs = f.random_inputs(&mut rng);
    let expect = f.eval(&inputs);
    assert_eq!(expect.len(), f.limbs(), "evaluator output has the declared number of limbs");
    let Ok(l) = lir::lower(&f) else { return };
    let cand = gen::Candidate::initial(&l);
    if let Ok(prog) = gen::generate(&l, &cand, gen::Options { adx: true, frame_pointer: false, ..Default::default() }, &f.name) {
        let nasm = asm::to_nasm(&prog);
        let back = asm::parse(&nasm).unwrap_or_else(|e| panic!("generated assembly does not parse back: {e}"));
        assert_eq!(asm_text(&back), asm_text(&prog), "generated assembly round trip");
    }
}

/// The instructions without their source lines (which a round trip may move).
fn asm_text(p: &vf_x86::asm::Program) -> Vec<String> {
    p.insns.iter().map(|i| vf_x86::asm::fmt_insn(i, false)).collect()
}

fn crypto_asm(data: &[u8]) {
    use vf_x86::asm;
    let t = text(data);
    match asm::parse(&t) {
        Ok(p) => {
            for text in [asm::to_nasm(&p), asm::to_gas(&p)] {
                let back = asm::parse(&text).unwrap_or_else(|e| panic!("our own assembly output does not parse back: {e}\n{text}"));
                assert_eq!(asm_text(&back), asm_text(&p), "assembly round trip");
            }
        }
        Err(e) => {
            one_line("asm error", &e.to_string());
            let lines = t.split('\n').count();
            assert!(e.line >= 1 && e.line <= lines + 1, "asm error line {} outside the input ({lines} lines)", e.line);
        }
    }
}

// ---------------------------------------------------------------------------------------
// TLA+ / PlusCal / MPCal

fn diagnostic(sf: &vf_tla::SourceFile, d: &vf_tla::Diagnostic, len: usize) {
    assert!(d.offset <= len, "diagnostic offset {} past the end ({len} bytes)", d.offset);
    one_line("diagnostic", &sf.one_line(d));
    let _ = sf.render(d);
}

fn tla(data: &[u8]) {
    let t = text(data);
    let sf = vf_tla::SourceFile::new("f.tla", t.clone());
    match vf_tla::parse_module(&t) {
        Ok(m) => {
            let printed = vf_tla::print_module(&m);
            if let Err(d) = vf_tla::parse_module(&printed) {
                panic!("printed module does not parse back: {}\n{printed}", vf_tla::SourceFile::new("printed.tla", printed.clone()).one_line(&d));
            }
        }
        Err(d) => diagnostic(&sf, &d, t.len()),
    }
}

fn mpcal(data: &[u8]) {
    let t = text(data);
    let sf = vf_tla::SourceFile::new("f.tla", t.clone());
    if vf_mpcal::locate_block(&t).is_none() {
        return tla(data);
    }
    for no_multiple_writes in [false, true] {
        let opts = vf_mpcal::Options { no_multiple_writes };
        match vf_mpcal::analyze(&t, opts) {
            Ok(_) => {}
            Err(ds) => {
                assert!(!ds.is_empty(), "analyze failed with no diagnostic");
                for d in &ds {
                    diagnostic(&sf, d, t.len());
                }
            }
        }
    }
    match vf_mpcal::pcalgen_full(&t, vf_mpcal::Options::default()) {
        Ok(g) => {
            if let Some(w) = &g.tla_warning {
                one_line("pcalgen warning", w);
            }
        }
        Err(ds) => {
            for d in &ds {
                diagnostic(&sf, d, t.len());
            }
        }
    }
    match vf_mpcal::parse_block(&t) {
        Ok((block, _)) => {
            if !block.is_mpcal {
                let _ = vf_mpcal::render::algorithm(&block).render();
            }
        }
        Err(d) => diagnostic(&sf, &d, t.len()),
    }
}

// ---------------------------------------------------------------------------------------
// pmlog

fn pmlog(data: &[u8]) {
    use vf_pmlog::{PmLog, SimRegion};
    let data = &data[..data.len().min(MAX_INPUT)];
    if data.starts_with(&vf_pmlog::multilog::MULTI_MAGIC) {
        return pmlog_multi(data);
    }
    if let Err(e) = vf_pmlog::recover(data, true) {
        one_line("pmlog recover", &e.to_string());
    }
    let mut log = match PmLog::open(SimRegion::from_image(data.to_vec())) {
        Ok(l) => l,
        Err(e) => return one_line("pmlog open", &e.to_string()),
    };
    let (head, tail) = (log.head(), log.tail());
    assert!(head <= tail, "open gave head {head} > tail {tail}");
    let whole = log.read(head, tail - head).expect("the committed range reads");
    assert_eq!(whole.len() as u64, tail - head);
    // user-given lengths (`pmlog read --len`): out-of-range ones are errors, never allocations
    for len in [u64::MAX, u64::MAX - 615, i64::MAX as u64, (tail - head) + 1] {
        assert!(log.read(head, len).is_err(), "read of {len} bytes past the tail succeeded");
    }
    // append + commit, then the reopened image holds the new bytes
    match log.tentatively_append(b"fuzz") {
        Ok(at) => {
            if log.commit().is_ok() {
                let image = log.into_region().into_image();
                let again = PmLog::open(SimRegion::from_image(image)).expect("a log we just committed reopens");
                assert_eq!(again.read(at, 4).expect("committed bytes read back"), b"fuzz");
            }
        }
        Err(e) => one_line("pmlog append", &e.to_string()),
    }
}

fn pmlog_multi(data: &[u8]) {
    use vf_pmlog::{MultiLog, SimRegion};
    if let Err(e) = vf_pmlog::recover_multi(data, true) {
        one_line("pmlog multilog recover", &e.to_string());
    }
    let mut m = match MultiLog::open(SimRegion::from_image(data.to_vec())) {
        Ok(m) => m,
        Err(e) => return one_line("pmlog multilog open", &e.to_string()),
    };
    for i in 0..m.n_logs() {
        let (head, tail) = (m.head(i), m.tail(i));
        assert!(head <= tail && tail - head <= m.capacity(i), "log {i}: head {head} tail {tail}");
        let whole = m.read(i, head, tail - head).expect("the committed range reads");
        assert_eq!(whole.len() as u64, tail - head);
        assert!(m.read(i, head, u64::MAX).is_err());
    }
    assert!(m.read(m.n_logs(), 0, 0).is_err(), "a log past the last one reads");
    // one commit over the first and the last log, then the reopened image holds both
    let last = m.n_logs() - 1;
    let (Ok(a), Ok(b)) = (m.tentatively_append(0, b"fz"), m.tentatively_append(last, b"zz")) else { return };
    if m.commit().is_ok() {
        let again = MultiLog::open(SimRegion::from_image(m.into_region().into_image())).expect("a multilog we just committed reopens");
        assert_eq!(again.read(0, a, 2).expect("committed bytes read back"), b"fz");
        assert_eq!(again.read(last, b, 2).expect("committed bytes read back"), b"zz");
    }
}

// ---------------------------------------------------------------------------------------
// SMT-LIB2

fn smtlib2(data: &[u8]) {
    let t = text(data);
    match vf_smt::parse_sexps(&t) {
        Ok(sexps) => {
            let printed: Vec<String> = sexps.iter().map(sexp_text).collect();
            let again = vf_smt::parse_sexps(&printed.join("\n")).unwrap_or_else(|e| panic!("printed S-expressions do not parse back: {e}"));
            assert_eq!(again.len(), sexps.len(), "S-expression round trip");
        }
        Err(e) => one_line("smt parse error", &e),
    }
}

/// Canonical text of an S-expression (as vf-smt prints them).
fn sexp_text(s: &vf_smt::Sexp) -> String {
    match s {
        vf_smt::Sexp::Atom(a) => vf_smt::quote_symbol(a),
        vf_smt::Sexp::Str(t) => format!("\"{}\"", t.replace('"', "\"\"")),
        vf_smt::Sexp::List(l) => format!("({})", l.iter().map(sexp_text).collect::<Vec<_>>().join(" ")),
    }
}

const DICT_CFG: &[&str] = &["CONSTANT", "CONSTANTS", "INIT", "NEXT", "SPECIFICATION", "INVARIANT", "PROPERTY", "SYMMETRY", "VIEW", "CHECK_DEADLOCK", "CONSTRAINT", "ALIAS", "<-", "=", "{", "}", ",", "[", "]", "\"", "(*", "*)", "\\*", "TRUE", "FALSE", "\n"];
const DICT_VERUS: &[&str] = &["verus!", "fn ", "proof fn ", "spec fn ", "requires", "ensures", "decreases", "invariant", "while ", "assert(", "forall|", "exists|", "u64", "i32", "int", "nat", "Seq<", "Vec<", "&mut ", "->", "==>", "{", "}", "(", ")", ";", "\n"];

/// A one-line error `FILE:LINE:COL: ...` whose line lies inside the input.
fn positioned(what: &str, msg: &str, file: &str, input: &str) {
    one_line(what, msg);
    let rest = msg.strip_prefix(&format!("{file}:")).unwrap_or_else(|| panic!("{what}: no position: {msg}"));
    let mut it = rest.splitn(3, ':');
    let line: usize = it.next().and_then(|l| l.parse().ok()).unwrap_or_else(|| panic!("{what}: no line: {msg}"));
    let col: usize = it.next().and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("{what}: no column: {msg}"));
    let lines = input.split('\n').count();
    assert!(line >= 1 && line <= lines, "{what}: line {line} outside the input ({lines} lines): {msg}");
    assert!(col >= 1, "{what}: column {col}: {msg}");
}

/// The model checker's `.cfg` reader (`check --config`).
fn cfg(data: &[u8]) {
    let t = text(data);
    if let Err(e) = vf_check::cfg::parse(&t, "f.cfg") {
        positioned("cfg error", &e, "f.cfg", &t);
    }
}

/// Verus source through everything `verify` does before z3: parse, types, verification
/// conditions, the SMT-LIB scripts z3 would get. They must be S-expressions vf-smt reads back.
fn verus(data: &[u8]) {
    let t = text(data);
    match vf_verify::generate_scripts(&t, None) {
        Ok(qs) => {
            for q in qs {
                if let Err(e) = vf_smt::parse_sexps(&q) {
                    panic!("generated SMT query does not parse: {e}\n{q}");
                }
            }
        }
        Err(f) => positioned("verus error", &f.render("f.rs"), "f.rs", &t),
    }
}

/// The Go generator on a spec (`mpcal gogen`): errors are diagnostics inside the input, and
/// the output is a Go file of the requested package.
fn go(data: &[u8]) {
    let t = text(data);
    let sf = vf_tla::SourceFile::new("f.tla", t.clone());
    let opts = vf_mpcal::gogen::GoOptions { package: None, source_name: "f.tla".into(), no_multiple_writes: false, unsupported_panics: false };
    match vf_mpcal::gogen::gogen(&t, &opts) {
        Ok(code) => assert!(code.lines().any(|l| l.starts_with("package ")), "generated Go has no package clause"),
        Err(ds) => {
            assert!(!ds.is_empty(), "gogen failed without a diagnostic");
            for d in &ds {
                diagnostic(&sf, d, t.len());
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Seeds

/// The repository root (seeds are read from `examples/` in place).
pub fn repo_root() -> PathBuf {
    match std::env::var_os("VERIFORGE_ROOT") {
        Some(r) if Path::new(&r).join("examples").is_dir() => PathBuf::from(r),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."),
    }
}

/// Files under `dir` (relative to the repo root, recursively) whose name ends with `ext`.
fn files(dir: &str, ext: &str) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut stack = vec![repo_root().join(dir)];
    let mut paths = Vec::new();
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(ext) {
                paths.push(p);
            }
        }
    }
    paths.sort();
    for p in paths {
        if let Ok(b) = std::fs::read(&p) {
            if b.len() <= 64 * 1024 {
                out.push(b);
            }
        }
    }
    out
}

fn with(mut v: Vec<Vec<u8>>, extra: &[&str]) -> Vec<Vec<u8>> {
    v.extend(extra.iter().map(|s| s.as_bytes().to_vec()));
    v
}

fn seeds_k2() -> Vec<Vec<u8>> {
    with(files("examples/bpf", ".k2"), &["MOV64XC 0 1\nEXIT\n", "LDDW 1 4294967296\nJEQXC 1 0 1\nMOV64XC 0 2\nEXIT\n"])
}

fn seeds_cmacro() -> Vec<Vec<u8>> {
    files("examples/bpf", ".bpf")
}

fn seeds_insns() -> Vec<Vec<u8>> {
    // the bundled text programs in raw form
    let mut out = Vec::new();
    for src in seeds_k2().into_iter().chain(seeds_cmacro()) {
        let t = String::from_utf8_lossy(&src).into_owned();
        let insns = formats::k2::parse("s.k2", &t).or_else(|_| formats::cmacro::parse("s.bpf", &t));
        if let Ok(insns) = insns {
            let loaded = Loaded { program: Program::new("s", insns, ProgType::RawCtx), format: Format::Insns, elf: None, notes: Vec::new() };
            if let Ok(b) = formats::write_as(&loaded, &loaded.program.insns, Format::Insns) {
                out.push(b);
            }
        }
    }
    out
}

fn seeds_maps() -> Vec<Vec<u8>> {
    files("examples/bpf", ".maps")
}

fn seeds_desc() -> Vec<Vec<u8>> {
    files("examples/bpf", ".desc")
}

fn seeds_elf() -> Vec<Vec<u8>> {
    files("examples/bpf", ".o")
}

fn seeds_ir() -> Vec<Vec<u8>> {
    files("examples/crypto", ".json")
}

fn seeds_asm() -> Vec<Vec<u8>> {
    // assembly generated from the bundled IR (what `crypto opt` writes), plus measured results
    let mut out = Vec::new();
    for j in seeds_ir() {
        let Ok(f) = vf_x86::ir::parse(&String::from_utf8_lossy(&j)) else { continue };
        let Ok(l) = vf_x86::lir::lower(&f) else { continue };
        let c = vf_x86::gen::Candidate::initial(&l);
        if let Ok(p) = vf_x86::gen::generate(&l, &c, vf_x86::gen::Options { adx: true, frame_pointer: false, ..Default::default() }, &f.name) {
            out.push(vf_x86::asm::to_nasm(&p).into_bytes());
            out.push(vf_x86::asm::to_gas(&p).into_bytes());
        }
    }
    let mut measured = files("bench/results/crypto", ".asm");
    measured.truncate(2);
    out.extend(measured);
    out
}

fn seeds_tla() -> Vec<Vec<u8>> {
    let mut v = files("crates/tla/tests/fixtures", ".tla");
    v.extend(files("examples/mpcal", ".tla"));
    v
}

fn seeds_mpcal() -> Vec<Vec<u8>> {
    let mut v = files("examples/mpcal", ".tla");
    v.extend(files("crates/mpcal/tests/fixtures", ".tla"));
    v
}

fn seeds_cfg() -> Vec<Vec<u8>> {
    let mut v = files("crates/check/tests/fixtures", ".cfg");
    v.extend(files("examples", ".cfg"));
    v
}

fn seeds_verus() -> Vec<Vec<u8>> {
    let v = files("crates/verify/tests/programs", ".rs");
    v
}

fn seeds_go() -> Vec<Vec<u8>> {
    files("go/systems", ".tla")
}

fn seeds_pmlog() -> Vec<Vec<u8>> {
    use vf_pmlog::{PmLog, SimRegion};
    // logs built here: empty, a few committed entries (from examples/pmlog/entries.txt), an
    // advanced head, and a pending (uncommitted) append
    let entries = std::fs::read_to_string(repo_root().join("examples/pmlog/entries.txt")).unwrap_or_else(|_| "a\nbb\nccc\n".into());
    let mut out = Vec::new();
    for variant in 0..4 {
        let size = vf_pmlog::layout::DATA_OFFSET + 512;
        let Ok(mut log) = PmLog::create(SimRegion::new(size)) else { continue };
        if variant >= 1 {
            for line in entries.lines().take(2) {
                let _ = log.tentatively_append(line.as_bytes());
            }
            let _ = log.commit();
        }
        if variant >= 2 {
            let h = log.head() + 10;
            let _ = log.advance_head(h);
        }
        if variant == 3 {
            let _ = log.tentatively_append(b"pending");
        }
        out.push(log.into_region().into_image());
    }
    out.push(b"not a pmlog file\n".to_vec());
    // multilogs: 2 and 3 logs, with a commit across logs and a head advance
    for caps in [vec![64u64, 100], vec![32, 32, 48]] {
        let len = vf_pmlog::MultiLog::<SimRegion>::region_len_for(&caps).unwrap_or(1024);
        let Ok(mut m) = vf_pmlog::MultiLog::create(SimRegion::new(len), &caps) else { continue };
        for (i, line) in entries.lines().take(caps.len()).enumerate() {
            let _ = m.tentatively_append(i, line.as_bytes());
        }
        let _ = m.commit();
        let _ = m.advance_head(0, 1);
        out.push(m.into_region().into_image());
    }
    out
}

fn seeds_smt() -> Vec<Vec<u8>> {
    with(files("examples/smt", ".smt2"), &["(set-logic QF_BV)\n(declare-const |a b| (_ BitVec 8))\n(assert (= |a b| #x0f))\n(check-sat)\n; comment\n(echo \"s\"\"q\")\n"])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every section header of the bundled ELF with its file offset, link and info fields
    /// damaged: the reader answers with an error value or a program, never a panic
    /// (found by `make fuzz`: a section range past the end of the file, a relocation section
    /// whose `sh_info` names no section).
    #[test]
    fn damaged_elf_section_headers_are_errors() {
        crate::quiet_panics();
        let elf = std::fs::read(repo_root().join("examples/bpf/xdp_proto.o")).unwrap();
        let u64_at = |b: &[u8], o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap()) as usize;
        let u16_at = |b: &[u8], o: usize| u16::from_le_bytes(b[o..o + 2].try_into().unwrap()) as usize;
        let (shoff, shentsize, shnum) = (u64_at(&elf, 0x28), u16_at(&elf, 0x3a), u16_at(&elf, 0x3c));
        assert!(shnum > 3 && shentsize == 64);
        let mut failures = Vec::new();
        let mut rejected = 0;
        for s in 0..shnum {
            let h = shoff + s * shentsize;
            for (field, width, value) in [(0x00, 4, 0x7fff_fff0u64), (0x18, 8, 0xffff_ffff_0000), (0x20, 8, 0xffff_ffff_0000), (0x28, 4, 0xffff), (0x2c, 4, 0xffff)] {
                let mut b = elf.clone();
                b[h + field..h + field + width].copy_from_slice(&value.to_le_bytes()[..width]);
                if formats::elf::parse("f.o", b.clone(), None).is_err() {
                    rejected += 1;
                }
                if let Err(m) = crate::run_one(bpf_elf, &b) {
                    failures.push(format!("section {s} field {field:#x}: {m}"));
                }
            }
        }
        let _ = std::panic::take_hook();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
        assert!(rejected > 0, "no damaged header was rejected");
    }

    /// An IR that reads a limb past its argument's declared length is an input error (found by
    /// `make fuzz`: the evaluator indexed past the input array).
    #[test]
    fn ir_limb_past_the_declared_length_is_an_error() {
        let ir = r#"{"operation": "f", "arguments": [{"datatype": "u64[2]", "name": "arg1", "lbound": ["0x0", "0x0"], "ubound": ["0xff", "0xff"]}],
            "returns": [{"datatype": "u64[1]", "name": "out1", "lbound": ["0x0"], "ubound": ["0x1ff"]}],
            "body": [{"datatype": "u64", "name": ["x1"], "operation": "+", "arguments": ["arg1[0]", "arg1[LIMB]"]}, {"datatype": "u64", "name": ["out1[0]"], "operation": "static_cast", "arguments": ["x1"]}]}"#;
        let ok = vf_x86::ir::parse(&ir.replace("LIMB", "1")).expect("the in-range IR parses");
        assert_eq!(ok.eval(&[vec![3, 4]]), vec![7]);
        let e = vf_x86::ir::parse(&ir.replace("LIMB", "5")).expect_err("arg1[5] of a 2-limb array is refused");
        assert!(e.msg.contains("past the end"), "{}", e.msg);
        assert!(crate::run_one(crypto_ir, ir.replace("LIMB", "5").as_bytes()).is_ok());
    }

    /// The function name becomes an assembly symbol: a name that is not a C identifier (found by
    /// `make fuzz`: a DEL byte made the generated assembly unreadable) is an input error.
    #[test]
    fn ir_function_name_must_be_an_identifier() {
        let ir = r#"{"operation": "NAME", "arguments": [{"datatype": "u64[1]", "name": "arg1", "lbound": ["0x0"], "ubound": ["0xff"]}],
            "returns": [{"datatype": "u64[1]", "name": "out1", "lbound": ["0x0"], "ubound": ["0xff"]}],
            "body": [{"datatype": "u64", "name": ["out1[0]"], "operation": "static_cast", "arguments": ["arg1[0]"]}]}"#;
        vf_x86::ir::parse(&ir.replace("NAME", "fiat_p256_mul")).expect("an identifier is fine");
        for bad in ["vf\\u007fdbl2", "1abc", "a b", ""] {
            let text = ir.replace("NAME", bad);
            let e = vf_x86::ir::parse(&text).expect_err(bad);
            assert!(e.msg.contains("not a C identifier"), "{bad}: {}", e.msg);
            assert!(crate::run_one(crypto_ir, text.as_bytes()).is_ok());
        }
    }
}
