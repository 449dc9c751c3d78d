//! Finding the solver wheels installed by `make setup` (see docs/smt.md).
//!
//! Order: an explicit library path (`VERIFORGE_Z3_LIB`, `VERIFORGE_CVC5_LIB`),
//! else ask a Python interpreter where the module lives, trying in turn
//! `$VERIFORGE_PYTHON`, `$VERIFORGE_ROOT/.venv/bin/python`, the repo's `.venv`
//! next to this crate (`CARGO_MANIFEST_DIR/../../.venv`), then `python3`.

use crate::error::SmtError;
use std::path::PathBuf;
use std::process::Command;

/// Python interpreters to try, most specific first, with where each came from.
pub fn python_candidates() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    if let Some(p) = std::env::var_os("VERIFORGE_PYTHON").filter(|p| !p.is_empty()) {
        out.push((PathBuf::from(p), "$VERIFORGE_PYTHON".to_string()));
    }
    if let Some(root) = std::env::var_os("VERIFORGE_ROOT").filter(|p| !p.is_empty()) {
        out.push((PathBuf::from(root).join(".venv/bin/python"), "$VERIFORGE_ROOT/.venv".to_string()));
    }
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python");
    out.push((repo, "repo .venv".to_string()));
    out.push((PathBuf::from("python3"), "python3 on PATH".to_string()));
    out
}

/// Runs `code` with the first interpreter that succeeds; returns its trimmed stdout
/// and the interpreter. `what` names the module for the error message.
pub fn ask_python(code: &str, what: &str) -> Result<(String, PathBuf), SmtError> {
    let mut tried = Vec::new();
    for (py, origin) in python_candidates() {
        match Command::new(&py).args(["-c", code]).output() {
            Ok(o) if o.status.success() => {
                let text = String::from_utf8_lossy(&o.stdout).trim().to_string();
                if !text.is_empty() {
                    return Ok((text, py));
                }
                tried.push(format!("{} ({origin}): no output", py.display()));
            }
            Ok(o) => {
                let err = String::from_utf8_lossy(&o.stderr);
                let last = err.lines().last().unwrap_or("failed").to_string();
                tried.push(format!("{} ({origin}): {last}", py.display()));
            }
            Err(e) => tried.push(format!("{} ({origin}): {e}", py.display())),
        }
    }
    Err(SmtError::SolverNotFound(format!(
        "{what} not importable by any Python (run `make setup`, or set VERIFORGE_PYTHON); tried: {}",
        tried.join("; ")
    )))
}

/// Fast path: `<venv>/lib/python3.*/site-packages/<rel>` next to the first
/// interpreter candidate that exists, without starting Python (which costs
/// ~0.1-0.4 s). Only used when that file exists; otherwise we ask Python.
fn venv_file(rel: &str) -> Option<PathBuf> {
    let (py, _) = python_candidates().into_iter().find(|(p, _)| p.is_absolute() && p.exists())?;
    let lib = py.parent()?.parent()?.join("lib");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&lib)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("python3")))
        .collect();
    dirs.sort();
    dirs.into_iter().map(|d| d.join("site-packages").join(rel)).find(|f| f.exists())
}

/// Path of `libz3.so`.
pub fn z3_library() -> Result<PathBuf, SmtError> {
    if let Some(p) = std::env::var_os("VERIFORGE_Z3_LIB").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    if let Some(f) = venv_file("z3/lib/libz3.so") {
        return Ok(f);
    }
    let code = "import os, z3; print(os.path.join(os.path.dirname(z3.__file__), 'lib', 'libz3.so'))";
    ask_python(code, "the z3-solver module (libz3.so)").map(|(p, _)| PathBuf::from(p))
}

/// Path of the cvc5 C library shipped in the cvc5 wheel (`cvc5.libs/libcvc5-*.so*`).
pub fn cvc5_library() -> Result<PathBuf, SmtError> {
    if let Some(p) = std::env::var_os("VERIFORGE_CVC5_LIB").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    let code = "import os, glob, cvc5; d = os.path.dirname(os.path.dirname(cvc5.__file__)); \
                print(sorted(glob.glob(os.path.join(d, 'cvc5.libs', 'libcvc5-*.so*')))[0])";
    ask_python(code, "the cvc5 module (libcvc5)").map(|(p, _)| PathBuf::from(p))
}

/// A Python interpreter that can `import bitwuzla`.
pub fn bitwuzla_python() -> Result<PathBuf, SmtError> {
    ask_python("import bitwuzla; print(bitwuzla.version())", "the bitwuzla module").map(|(_, py)| py)
}
