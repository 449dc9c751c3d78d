//! Conformance over the K2 corpus in `$VERIFORGE_SHARED/corpora/bpf` (feature `conformance`):
//! every program in every format parses, round-trips through its writer, and is judged by both
//! the safety checker and the kernel verifier. Asserts: everything parses and round-trips, and
//! the checker never accepts a program the kernel verifier rejects. Prints agreement counts.

use std::path::{Path, PathBuf};
use vf_bpf::formats::{self, elf, Format, LoadOptions, Loaded};
use vf_bpf::interp::{InputGen, Vm};
use vf_bpf::{kernel, safety, ProgType, Program};
use rand::SeedableRng;

/// Interpreter vs `BPF_PROG_TEST_RUN` on `n` random inputs; returns (runs, unmodelled, mismatches).
/// Runs the interpreter cannot model (a helper or map type it refuses) are counted, not compared.
fn differential(p: &Program, kp: &kernel::KernelProg, n: u64) -> (usize, usize, Vec<String>) {
    let Ok(mut vm) = Vm::new(p) else { return (0, n as usize, Vec::new()) };
    let gen = InputGen::new(p);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let (mut runs, mut unmodelled, mut bad) = (0, 0, Vec::new());
    for _ in 0..n {
        let input = gen.generate(&mut rng);
        let r = vm.run(&p.insns, &input);
        if matches!(r, Err(vf_bpf::interp::Fault::UnsupportedHelper { .. })) {
            unmodelled += 1;
            continue;
        }
        let ours = vm.output(r);
        let Ok(theirs) = kp.test_run(&input) else { continue };
        runs += 1;
        let same = matches!(ours.result, Ok(v) if v as u32 == theirs.retval)
            && kernel::comparable_packet(p.prog_type, &theirs.data_out) == ours.packet.as_slice()
            && theirs.maps == ours.maps;
        if !same && bad.len() < 3 {
            bad.push(format!("ours {:?} maps {:?}, kernel retval {} maps {:?}", ours.result, ours.maps, theirs.retval, theirs.maps));
        }
    }
    (runs, unmodelled, bad)
}

fn corpus() -> PathBuf {
    let shared = std::env::var("VERIFORGE_SHARED").unwrap_or_else(|_| format!("{}/../../../shared", env!("CARGO_MANIFEST_DIR")));
    let p = Path::new(&shared).join("corpora/bpf");
    assert!(p.is_dir(), "conformance needs the corpus at {} (set VERIFORGE_SHARED)", p.display());
    p
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if matches!(p.extension().and_then(|e| e.to_str()), Some("insns" | "k2" | "bpf" | "o")) {
            out.push(p);
        }
    }
}

/// Program type from K2's file naming (the .desc only says XDP or not).
fn guess_type(stem: &str) -> Option<ProgType> {
    let s = stem.to_ascii_lowercase();
    if s.contains("tracepoint") {
        Some(ProgType::Tracepoint)
    } else if s.contains("sock") && !s.contains("xdp") {
        if s.starts_with("bpf_sock_") { None } else { Some(ProgType::SocketFilter) }
    } else if s.contains("xdp") || s.contains("balancer") {
        Some(ProgType::Xdp)
    } else if s.starts_with("bpf_lxc") || s.starts_with("bpf_host") || s.starts_with("bpf_overlay") || s.starts_with("bpf_network") {
        Some(ProgType::SchedCls)
    } else if s.contains("filter") || s.contains("loadbalancer") {
        Some(ProgType::SocketFilter)
    } else if s.starts_with("benchmark") {
        Some(ProgType::RawCtx)
    } else {
        None
    }
}

fn sibling(p: &Path, ext: &str) -> Option<PathBuf> {
    let stem = p.file_stem()?.to_str()?;
    let base = stem.trim_end_matches("_before").trim_end_matches("_after");
    [stem, base, "benchmark"].iter().map(|s| p.with_file_name(format!("{s}.{ext}"))).find(|c| c.exists())
}

fn load_all(path: &Path) -> Vec<Result<Loaded, String>> {
    let fmt = Format::from_path(path).unwrap();
    if fmt == Format::Elf {
        let bytes = std::fs::read(path).unwrap();
        return match elf::program_sections(&bytes) {
            Ok(secs) => secs
                .iter()
                .map(|s| formats::load(path, &LoadOptions { section: Some(s), ..Default::default() }).map_err(|e| e.to_string()))
                .collect(),
            Err(e) => vec![Err(e)],
        };
    }
    let maps = sibling(path, "maps");
    let desc = sibling(path, "desc");
    let stem = path.file_stem().unwrap().to_str().unwrap();
    let mut t = guess_type(stem);
    // K2 marks real XDP programs with pgm_input_type 2; "xdp_*" names with type 1 are the
    // xdp_monitor tracepoints (table1: xdp_exception, xdp_redirect_err, xdp_cpumap_*).
    let desc_type = desc.as_ref().and_then(|d| std::fs::read_to_string(d).ok()).map(|d| d.replace(' ', ""));
    if let Some(d) = &desc_type {
        if d.contains("pgm_input_type=1") && t == Some(ProgType::Xdp) {
            t = Some(ProgType::Tracepoint);
        }
        if t.is_none() && d.contains("pgm_input_type=1") && stem.starts_with("sys_") {
            t = Some(ProgType::Tracepoint);
        }
    }
    let opts = LoadOptions { maps: maps.as_deref(), desc: desc.as_deref(), prog_type: t, ..Default::default() };
    vec![formats::load(path, &opts).map_err(|e| e.to_string())]
}

fn round_trip(l: &Loaded) -> Result<(), String> {
    let bytes = formats::write_program(l, &l.program.insns)?;
    let back = match l.format {
        Format::K2 => formats::k2::parse("rt", std::str::from_utf8(&bytes).unwrap()).map_err(|e| e.to_string())?,
        Format::CMacro => formats::cmacro::parse("rt", std::str::from_utf8(&bytes).unwrap()).map_err(|e| e.to_string())?,
        Format::Insns => vf_bpf::isa::decode_all(&bytes).map_err(|e| e.to_string())?,
        Format::Elf => {
            let src = l.elf.as_ref().unwrap();
            if bytes != src.bytes {
                return Err("ELF writer changed an unmodified object".into());
            }
            l.program.insns.clone()
        }
    };
    if back != l.program.insns {
        return Err("round trip changed the instructions".into());
    }
    // Every valid program also survives K2 text and C macros.
    let k = formats::k2::write(&l.program.insns)?;
    if formats::k2::parse("rt", &k).map_err(|e| e.to_string())? != l.program.insns {
        return Err("k2 text round trip changed the instructions".into());
    }
    Ok(())
}

#[test]
fn corpus_conformance() {
    let root = corpus();
    let mut paths = Vec::new();
    files(&root, &mut paths);
    let kernel_ok = kernel::available().is_ok();
    assert!(kernel_ok, "conformance needs the kernel bpf(2) syscall (root)");
    let (mut progs, mut parse_fail, mut rt_fail) = (0, Vec::new(), Vec::new());
    let (mut both_acc, mut both_rej, mut we_rej_k_acc, mut unsound, mut unmodelled, mut map_fail) = (0, 0, Vec::new(), Vec::new(), 0, 0);
    let (mut diff_progs, mut diff_runs, mut diff_unmodelled, mut diff_bad) = (0, 0, 0, Vec::new());
    for path in &paths {
        let rel = path.strip_prefix(&root).unwrap().display().to_string();
        for loaded in load_all(path) {
            progs += 1;
            let l = match loaded {
                Ok(l) => l,
                Err(e) => {
                    parse_fail.push(format!("{rel}: {e}"));
                    continue;
                }
            };
            let name = format!("{rel}:{}", l.program.name);
            if let Err(e) = round_trip(&l) {
                rt_fail.push(format!("{name}: {e}"));
            }
            if l.program.prog_type == ProgType::RawCtx && !path.to_string_lossy().contains("artifact_examples") {
                unmodelled += 1;
                continue;
            }
            let ours = safety::check(&l.program);
            if l.program.maps.iter().any(|m| kernel::create_map(m).is_err()) {
                map_fail += 1;
                continue;
            }
            let theirs = kernel::load(&l.program);
            match (&ours, &theirs) {
                (Ok(_), Ok(kp)) => {
                    both_acc += 1;
                    if l.program.prog_type.kernel_test_runnable() {
                        // Big arrays mmapped for the read-back (Katran's 33 M entries).
                        let kt = kernel::load_for_test_runs(&l.program);
                        let kp = kt.as_ref().unwrap_or(kp);
                        let (runs, unmodelled, bad) = differential(&l.program, kp, 100);
                        diff_progs += 1;
                        diff_runs += runs;
                        diff_unmodelled += unmodelled;
                        diff_bad.extend(bad.into_iter().map(|b| format!("{name}: {b}")));
                    }
                }
                (Err(_), Err(_)) => both_rej += 1,
                (Err(e), Ok(_)) => we_rej_k_acc.push(format!("{name} ({}): {e}", l.program.prog_type.name())),
                (Ok(_), Err(r)) => unsound.push(format!("{name}: {r}")),
            }
        }
    }
    println!("bpf conformance: {} files, {progs} programs", paths.len());
    println!("  parse failures: {}", parse_fail.len());
    for f in &parse_fail {
        println!("    {f}");
    }
    println!("  round-trip failures: {}", rt_fail.len());
    for f in &rt_fail {
        println!("    {f}");
    }
    let judged = both_acc + both_rej + we_rej_k_acc.len() + unsound.len();
    println!(
        "  checker vs kernel verifier on {judged} programs: both accept {both_acc}, both reject {both_rej}, \
         checker stricter {}, checker accepts/kernel rejects {} (unmodelled program type {unmodelled}, maps not creatable {map_fail})",
        we_rej_k_acc.len(),
        unsound.len()
    );
    println!(
        "  interpreter vs BPF_PROG_TEST_RUN on {diff_progs} test-runnable programs accepted by both: {diff_runs} runs compared, {} mismatches ({diff_unmodelled} runs hit an unmodelled helper, e.g. fib_lookup)",
        diff_bad.len()
    );
    for f in &diff_bad {
        println!("    MISMATCH: {f}");
    }
    for f in &we_rej_k_acc {
        println!("    stricter: {f}");
    }
    for f in &unsound {
        println!("    UNSOUND: {f}");
    }
    // The only accepted parse failures: K2's `O1` .insns variants, whose bpf-to-bpf subprograms
    // were cut off (jumps/calls out of range, missing maps); they are invalid programs.
    let unexpected: Vec<_> = parse_fail
        .iter()
        .filter(|f| !(f.contains("/O1/") && (f.contains("jump") || f.contains("map fd") || f.contains("LDDW"))))
        .collect();
    assert!(unexpected.is_empty(), "{} programs failed to parse: {unexpected:?}", unexpected.len());
    assert!(rt_fail.is_empty(), "{} programs failed to round-trip", rt_fail.len());
    assert!(unsound.is_empty(), "checker accepted {} programs the kernel rejects", unsound.len());
    assert!(diff_bad.is_empty(), "interpreter and kernel disagree: {diff_bad:?}");
}

/// The shrinking ELF writer on every program section of every corpus object (clang-9 objects
/// with legacy maps, BTF.ext line info, `.text` subprograms): every third ALU instruction is
/// replaced by `ja +0` and the object written with `Nops::Drop`. The writer re-reads its output
/// and fails unless it is exactly the compacted program; here we also check the section shrank
/// by the number of deleted slots. (The programs are no longer meaningful, so no kernel load.)
#[test]
fn corpus_elf_objects_shrink() {
    let root = corpus();
    let mut paths = Vec::new();
    files(&root, &mut paths);
    let (mut done, mut failed) = (0, Vec::new());
    for path in paths.iter().filter(|p| Format::from_path(p) == Some(Format::Elf)) {
        for loaded in load_all(path).into_iter().flatten() {
            let mut insns = loaded.program.insns.clone();
            let mut deleted = 0;
            let mut prev_lddw = false;
            for (i, insn) in loaded.program.insns.iter().enumerate() {
                let second = prev_lddw;
                prev_lddw = !prev_lddw && insn.is_lddw();
                if !second && matches!(insn.code & 7, 4 | 7) && i % 3 == 1 {
                    insns[i] = vf_bpf::isa::Insn::nop();
                    deleted += 1;
                }
            }
            let name = format!("{}:{}", path.strip_prefix(&root).unwrap().display(), loaded.program.name);
            match formats::write_program_nops(&loaded, &insns, formats::Nops::Drop) {
                Ok(bytes) => {
                    let src = loaded.elf.as_ref().unwrap();
                    let (back, bsrc) = elf::parse("shrunk", bytes, Some(&src.section)).unwrap();
                    let total_before = loaded.program.insns.len();
                    if back.insns.len() + deleted != total_before || bsrc.len + bsrc.text.map_or(0, |t| t.1) + deleted != total_before {
                        failed.push(format!("{name}: {} slots after deleting {deleted} of {total_before}", back.insns.len()));
                    }
                    done += 1;
                }
                Err(e) => failed.push(format!("{name}: {e}")),
            }
        }
    }
    println!("shrinking ELF writer: {done} program sections shrunk and re-read, {} failures", failed.len());
    for f in &failed {
        println!("  {f}");
    }
    assert!(failed.is_empty());
    assert!(done > 20, "only {done} ELF programs in the corpus?");
}
