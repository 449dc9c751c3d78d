//! `make conformance` for the mpcal track: PGo's own corpus (../shared/corpora/mpcal) with PGo's
//! rules. Prints one line per test and criterion, and a summary line with counts. Exits non-zero
//! if any criterion fails (the counts say by how much). Skips with a message without ../shared.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use vf_mpcal::Options;

#[derive(Default)]
struct Tally {
    pass: usize,
    fail: usize,
}

impl Tally {
    fn record(&mut self, ok: bool) {
        if ok {
            self.pass += 1
        } else {
            self.fail += 1
        }
    }
}

/// `(*:: expectedError: C *)` / `\*:: expectedError+N: C`: (class, expected byte offset).
fn expected_errors(src: &str) -> BTreeSet<(String, usize)> {
    let mut out = BTreeSet::new();
    let bytes = src.as_bytes();
    let mut from = 0;
    while let Some(i) = src[from..].find(":: expectedError") {
        let at = from + i;
        from = at + 1;
        let block = at >= 2 && &src[at - 2..at] == "(*";
        let line = at >= 2 && &src[at - 2..at] == "\\*";
        if !block && !line {
            continue;
        }
        let rest = &src[at + ":: expectedError".len()..];
        let (adjust, rest) = match rest.strip_prefix('+') {
            Some(r) => {
                let n: String = r.chars().take_while(|c| c.is_ascii_digit()).collect();
                (n.parse::<usize>().unwrap_or(0), &r[n.len()..])
            }
            None => (0, rest),
        };
        let rest = rest.trim_start_matches(':').trim_start();
        let class: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
        let comment_end = if block {
            at + src[at..].find("*)").map(|j| j + 2).unwrap_or(src.len() - at)
        } else {
            at + src[at..].find('\n').unwrap_or(src.len() - at)
        };
        let mut k = comment_end;
        while k < bytes.len() && (bytes[k] as char).is_whitespace() {
            k += 1;
        }
        out.insert((class, k + adjust));
    }
    out
}

/// The file's lines without the `\* BEGIN TRANSLATION` ... `\* END TRANSLATION` block.
fn without_tla_block(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for l in text.lines() {
        let t = l.trim_start();
        if t.starts_with("\\* BEGIN TRANSLATION") {
            inside = true;
        }
        if !inside {
            out.push(l.to_string());
        }
        if t.starts_with("\\* END TRANSLATION") {
            inside = false;
        }
    }
    out
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.to_string_lossy().ends_with(ext)).collect())
        .unwrap_or_default();
    v.sort();
    v
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().map(|e| e == "tla").unwrap_or(false) {
            out.push(p);
        }
    }
}

fn rel(p: &Path, root: &Path) -> String {
    p.strip_prefix(root).unwrap_or(p).to_string_lossy().into_owned()
}

fn main() {
    // Never pass without having run: scripts/conformance.sh says "skipped" when ../shared is
    // absent and does not start this suite at all.
    let shared = std::env::var("VERIFORGE_SHARED")
        .expect("VERIFORGE_SHARED is not set (run via make conformance)");
    let root = Path::new(&shared).join("corpora/mpcal");
    assert!(root.is_dir(), "conformance needs the corpus at {}", root.display());
    let tests = root.join("tests");
    let mut errors = Tally::default();
    let mut pcal_exact = Tally::default();
    let mut tla_block = Tally::default();
    let mut roundtrip = Tally::default();
    let mut pcal_rw = Tally::default();
    let mut systems = Tally::default();
    let mut tests_total = Tally::default();

    // 1. PCalGenFileTests: general/ and pcalgen/.
    for sub in ["general", "pcalgen"] {
        for path in files(&tests.join(sub), ".tla") {
            let name = rel(&path, &tests);
            let src = std::fs::read_to_string(&path).unwrap();
            let opts = Options { no_multiple_writes: Path::new(&format!("{}.noMultipleWrites", path.display())).exists() };
            let expected = expected_errors(&src);
            let result = vf_mpcal::pcalgen(&src, opts);
            let mut test_ok = true;
            if !expected.is_empty() {
                let got: BTreeSet<(String, usize)> = match &result {
                    Err(ds) => ds.iter().map(|d| (d.class.clone(), d.offset)).collect(),
                    Ok(_) => BTreeSet::new(),
                };
                let ok = got == expected;
                errors.record(ok);
                test_ok &= ok;
                println!("{} {name}: expected errors ({} expected, {} reported{})", if ok { "PASS" } else { "FAIL" }, expected.len(), got.len(),
                    if ok { String::new() } else { format!("; missing {:?}; extra {:?}", expected.difference(&got).collect::<Vec<_>>(), got.difference(&expected).collect::<Vec<_>>()) });
            } else {
                let expect_path = PathBuf::from(format!("{}.expectpcal", path.display()));
                let expect = std::fs::read_to_string(&expect_path).unwrap_or_default();
                match &result {
                    Err(ds) => {
                        pcal_exact.record(false);
                        test_ok = false;
                        println!("FAIL {name}: pcalgen reported {}: {}", ds[0].class, ds[0].message);
                        if !expect.is_empty() {
                            tla_block.record(false);
                        }
                    }
                    Ok(out) => {
                        // The TLA+ translation block is compared by AST below, not by text.
                        let (out_l, exp_l) = (without_tla_block(out), without_tla_block(&expect));
                        let ok_lines = out_l == exp_l;
                        pcal_exact.record(ok_lines);
                        test_ok &= ok_lines;
                        if ok_lines {
                            println!("PASS {name}: output equals .expectpcal line by line");
                        } else {
                            let i = out_l.iter().zip(&exp_l).position(|(a, b)| a != b).unwrap_or(out_l.len().min(exp_l.len()));
                            println!("FAIL {name}: output differs from .expectpcal at line {} (outside the TLA+ block): got {:?} expected {:?}", i + 1, out_l.get(i), exp_l.get(i));
                        }
                        if !expect.is_empty() {
                            let ok = vf_mpcal::translation_blocks_equal(out, &expect);
                            tla_block.record(ok.is_ok());
                            test_ok &= ok.is_ok();
                            match ok {
                                Ok(()) => println!("PASS {name}: TLA+ translation block AST-equal"),
                                Err(why) => {
                                    println!("FAIL {name}: TLA+ translation block: {why}");
                                    // Not counted: when TLC's own block is not TLA+ because of an
                                    // empty `/\` bullet, say whether ours equals it with the empty
                                    // conjunct read as TRUE (what our translator writes there).
                                    if why.starts_with("expected:") {
                                        let (repaired, lines) = empty_bullets_as_true(&expect);
                                        if !lines.is_empty() {
                                            let same = vf_mpcal::translation_blocks_equal(out, &repaired);
                                            println!("INFO {name}: TLC's block has an empty `/\\` bullet (file lines {lines:?}), which is not TLA+; read as `/\\ TRUE` it is {} ours", match same { Ok(()) => "AST-equal to".to_string(), Err(w) => format!("different from ({w})") });
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            tests_total.record(test_ok);
        }
    }

    // 2. TLAReadWriteTests (+ systems, + .expectpcal files): parse -> print -> parse.
    let mut all_tla = Vec::new();
    walk(&root, &mut all_tla);
    for sub in ["general", "pcalgen"] {
        all_tla.extend(files(&tests.join(sub), ".expectpcal"));
    }
    for path in &all_tla {
        let name = rel(path, &root);
        let src = std::fs::read_to_string(path).unwrap();
        let outcome = vf_tla::parse_module(&src).map_err(|d| d.to_string()).and_then(|m| {
            let printed = vf_tla::print_module(&m);
            let again = vf_tla::parse_module(&printed).map_err(|d| format!("re-parse: {d}"))?;
            if again == m { Ok(()) } else { Err("AST differs after print".to_string()) }
        });
        roundtrip.record(outcome.is_ok());
        match outcome {
            Ok(()) => println!("PASS {name}: TLA+ parse->print->parse"),
            Err(e) => println!("FAIL {name}: TLA+ parse->print->parse: {e}"),
        }
    }

    // 3. PCalReadWriteTests: PlusCal of tla/*.tla algorithms and of every .expectpcal.
    let mut pcal_inputs: Vec<PathBuf> = ["Euclid", "pgo2pc", "2pc", "round_robin", "counter", "DijkstraMutex"]
        .iter().map(|n| tests.join(format!("tla/{n}.tla"))).collect();
    for sub in ["general", "pcalgen"] {
        pcal_inputs.extend(files(&tests.join(sub), ".expectpcal"));
    }
    for path in &pcal_inputs {
        let name = rel(path, &root);
        let src = std::fs::read_to_string(path).unwrap();
        let outcome = vf_mpcal::pcal_roundtrip(&src);
        pcal_rw.record(outcome.is_ok());
        match outcome {
            Ok(()) => println!("PASS {name}: PlusCal parse->render->parse"),
            Err(e) => println!("FAIL {name}: PlusCal parse->render->parse: {e}"),
        }
    }

    // 4. Systems: pcalgen on every systems/*/*.tla, output's TLA+ must parse.
    let mut sys_files = Vec::new();
    for d in std::fs::read_dir(root.join("systems")).map(|r| r.filter_map(|e| e.ok()).map(|e| e.path()).collect::<Vec<_>>()).unwrap_or_default() {
        sys_files.extend(files(&d, ".tla"));
    }
    sys_files.sort();
    for path in &sys_files {
        let name = rel(path, &root);
        let src = std::fs::read_to_string(path).unwrap();
        let outcome = vf_mpcal::pcalgen(&src, Options::default()).map_err(|ds| format!("{}: {}", ds[0].class, ds[0].message)).and_then(|out| {
            vf_tla::parse_module(&out).map(|_| ()).map_err(|d| format!("output does not parse: {d}"))
        });
        systems.record(outcome.is_ok());
        match outcome {
            Ok(()) => println!("PASS {name}: pcalgen output parses"),
            Err(e) => println!("FAIL {name}: pcalgen: {e}"),
        }
    }

    println!(
        "SUMMARY mpcal conformance: tests {}/{} passed; expected-errors {}/{}; expectpcal line-equal (outside TLA+ block) {}/{}; TLA+ block AST-equal {}/{}; TLA+ round-trip {}/{}; PlusCal round-trip {}/{}; systems pcalgen {}/{}",
        tests_total.pass, tests_total.pass + tests_total.fail,
        errors.pass, errors.pass + errors.fail,
        pcal_exact.pass, pcal_exact.pass + pcal_exact.fail,
        tla_block.pass, tla_block.pass + tla_block.fail,
        roundtrip.pass, roundtrip.pass + roundtrip.fail,
        pcal_rw.pass, pcal_rw.pass + pcal_rw.fail,
        systems.pass, systems.pass + systems.fail,
    );
    let failures = tests_total.fail + roundtrip.fail + pcal_rw.fail + systems.fail;
    if failures > 0 {
        std::process::exit(1);
    }
}

/// `expect` with every bullet that has nothing after it (`/\` alone on its line) completed to
/// `/\ TRUE`, and the 1-based lines where that was done.
fn empty_bullets_as_true(expect: &str) -> (String, Vec<usize>) {
    let mut lines = Vec::new();
    let text: Vec<String> = expect
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if l.trim() == "/\\" {
                lines.push(i + 1);
                format!("{} TRUE", l.trim_end())
            } else {
                l.to_string()
            }
        })
        .collect();
    (text.join("\n") + "\n", lines)
}
