//! `make conformance`, Go back-end: every PGo corpus input tagged for Go generation (PGo's
//! GoGenFileTests: `tests/general/*.tla`, `tests/gogen/*.tla` and the first `*.tla` of each
//! `systems/*/`) either gives exactly the annotated (class, byte offset) errors, or compiles to Go
//! that is gofmt-clean and passes `go vet` (which type-checks it). Where we keep a behavioural test
//! for an input (`go/conformance/testdata/<stem>_test.go`, `sys_<stem>_test.go` for systems, standing in for PGo's `.gotests`
//! folders, which the corpus only names), it runs under `go test -race` against the generated
//! package. Prints one line per input and a SUMMARY line; exits non-zero on any failure.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use vf_mpcal::gogen::{gogen, GoOptions};

/// `(*:: expectedError: C *)` / `\*:: expectedError+N: C` -> (class, byte offset); the same
/// rule as the pcalgen conformance suite (`(*!::` annotations are PGo's disabled ones).
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
        let class: String = rest.trim_start_matches(':').trim_start().chars().take_while(|c| c.is_alphanumeric()).collect();
        let end = if block { at + src[at..].find("*)").map(|j| j + 2).unwrap_or(src.len() - at) } else { at + src[at..].find('\n').unwrap_or(src.len() - at) };
        let mut k = end;
        while k < bytes.len() && (bytes[k] as char).is_whitespace() {
            k += 1;
        }
        out.insert((class, k + adjust));
    }
    out
}

fn tla_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir).map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    v.retain(|p| p.extension().map(|e| e == "tla").unwrap_or(false));
    v.sort();
    v
}

/// A go tool (`go`, `gofmt`) from PATH, with the usual install directory added.
fn tool(name: &str) -> Command {
    let path = format!("/usr/local/go/bin:{}", std::env::var("PATH").unwrap_or_default());
    let exe = std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file()).unwrap_or_else(|| PathBuf::from(name));
    let mut c = Command::new(exe);
    c.env("PATH", path);
    c
}

fn go() -> Command {
    tool("go")
}

fn main() {
    let shared = std::env::var("VERIFORGE_SHARED").expect("run through scripts/conformance.sh (VERIFORGE_SHARED)");
    let root = Path::new(&shared).join("corpora/mpcal");
    let repo_go = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../go").canonicalize().unwrap();
    let mut inputs = Vec::new();
    inputs.extend(tla_files(&root.join("tests/general")));
    inputs.extend(tla_files(&root.join("tests/gogen")));
    let mut systems: Vec<PathBuf> = std::fs::read_dir(root.join("systems")).unwrap().filter_map(|e| e.ok().map(|e| e.path())).collect();
    systems.sort();
    for s in systems {
        if let Some(first) = tla_files(&s).into_iter().next() {
            inputs.push(first);
        }
    }
    let work = std::env::temp_dir().join(format!("vf-gogen-conformance-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    std::fs::write(
        work.join("go.mod"),
        format!("module gogenconf\n\ngo 1.22\n\nrequire github.com/veriforge/veriforge/go v0.0.0\n\nreplace github.com/veriforge/veriforge/go => {}\n", repo_go.display()),
    )
    .unwrap();
    let (mut err_ok, mut err_n, mut build_ok, mut build_n, mut beh_ok, mut beh_n) = (0, 0, 0, 0, 0, 0);
    let mut failures = 0;
    for path in &inputs {
        let rel = path.strip_prefix(&root).unwrap().display().to_string();
        let src = std::fs::read_to_string(path).unwrap();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let pkg: String = stem.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        let pkg = if rel.starts_with("systems/") { format!("sys_{pkg}") } else { pkg };
        let expected = expected_errors(&src);
        // PGo's mode: the built-in operators it cannot compile become run-time panics (PGo's
        // MPCalGoCodegenPass.unsupportedOperators), which is why the corpus disables
        // (`(*!::`) the UnsupportedOperationError annotations of gogen/UnsupportedOps.tla.
        let result = gogen(
            &src,
            &GoOptions {
                package: Some(pkg.clone()),
                source_name: stem.clone() + ".tla",
                no_multiple_writes: path.with_extension("tla.noMultipleWrites").exists(),
                unsupported_panics: true,
            },
        );
        if !expected.is_empty() {
            err_n += 1;
            let got: BTreeSet<(String, usize)> = match &result {
                Err(ds) => ds.iter().map(|d| (d.class.clone(), d.offset)).collect(),
                Ok(_) => BTreeSet::new(),
            };
            if got == expected {
                err_ok += 1;
                println!("PASS errors   {rel} ({} expected errors)", expected.len());
            } else {
                failures += 1;
                println!("FAIL errors   {rel}: expected {expected:?}, got {got:?}");
            }
            continue;
        }
        build_n += 1;
        let code = match result {
            Ok(c) => c,
            Err(ds) => {
                failures += 1;
                let d = &ds[0];
                println!("FAIL gogen    {rel}: {} at {}: {}", d.class, d.offset, d.message);
                continue;
            }
        };
        let dir = work.join(&pkg);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{pkg}.go")), &code).unwrap();
        let gofmt = tool("gofmt").arg("-l").arg(&dir).output().expect("gofmt");
        let vet = go().args(["vet", &format!("./{pkg}")]).current_dir(&work).output().expect("go vet");
        if !gofmt.stdout.is_empty() || !vet.status.success() {
            failures += 1;
            println!("FAIL build    {rel}: gofmt {:?} vet {}", String::from_utf8_lossy(&gofmt.stdout).trim(), String::from_utf8_lossy(&vet.stderr).lines().take(3).collect::<Vec<_>>().join(" | "));
            continue;
        }
        build_ok += 1;
        let beh_name = if rel.starts_with("systems/") { format!("sys_{stem}_test.go") } else { format!("{stem}_test.go") };
        let beh = repo_go.join("conformance/testdata").join(beh_name);
        if beh.exists() {
            beh_n += 1;
            std::fs::copy(&beh, dir.join("behaviour_test.go")).unwrap();
            let t = go().args(["test", "-race", "-count=1", &format!("./{pkg}")]).current_dir(&work).output().expect("go test");
            if t.status.success() {
                beh_ok += 1;
                println!("PASS go+test  {rel} (gofmt, vet, go test -race)");
            } else {
                failures += 1;
                let out = String::from_utf8_lossy(&t.stdout);
                println!("FAIL go test  {rel}: {}", out.lines().filter(|l| l.contains("FAIL") || l.contains("_test.go")).take(5).collect::<Vec<_>>().join(" | "));
            }
        } else {
            println!("PASS go       {rel} (gofmt, vet)");
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    println!(
        "SUMMARY gogen conformance: inputs {}; expected errors {err_ok}/{err_n}; generated Go gofmt+vet clean {build_ok}/{build_n}; behavioural go test -race {beh_ok}/{beh_n}",
        inputs.len()
    );
    if failures > 0 {
        std::process::exit(1);
    }
}
