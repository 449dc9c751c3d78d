//! Off-the-shelf baselines: Fiat's C compiled by gcc/clang at run time into a shared object.

use crate::jit::FieldFn;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A loaded shared object; functions taken from it live as long as it does.
pub struct CLib {
    lib: libloading::Library,
    pub path: PathBuf,
}

/// Fiat's C with `static` removed from the function definitions so that they are exported.
pub fn exported_source(c_text: &str) -> String {
    c_text
        .lines()
        .map(|l| match (l.strip_prefix("static "), l.find("_FIAT_INLINE ")) {
            (Some(_), Some(i)) => l[i + "_FIAT_INLINE ".len()..].to_string(),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The clang binary on this machine (`clang`, else `clang-14`).
pub fn clang() -> &'static str {
    if Command::new("clang").arg("--version").output().is_ok() {
        "clang"
    } else {
        "clang-14"
    }
}

/// Compiles C text (written to `out_dir/<stem>.c`) like [`build`].
pub fn build_text(text: &str, stem: &str, compiler: &str, out_dir: &Path) -> Result<CLib, String> {
    std::fs::create_dir_all(out_dir).map_err(|e| e.to_string())?;
    let p = out_dir.join(format!("{stem}.c"));
    std::fs::write(&p, text).map_err(|e| e.to_string())?;
    build(&p, compiler, out_dir)
}

/// Compiles `c_path` with `compiler -O3 -march=native -mtune=native` into `out_dir` and loads it.
pub fn build(c_path: &Path, compiler: &str, out_dir: &Path) -> Result<CLib, String> {
    let text = std::fs::read_to_string(c_path).map_err(|e| format!("{}: {e}", c_path.display()))?;
    std::fs::create_dir_all(out_dir).map_err(|e| e.to_string())?;
    let stem = c_path.file_stem().unwrap_or_default().to_string_lossy().to_string();
    let src = out_dir.join(format!("{stem}-exported.c"));
    std::fs::write(&src, exported_source(&text)).map_err(|e| e.to_string())?;
    let so = out_dir.join(format!("{stem}-{}.so", compiler.replace('/', "_")));
    let out = Command::new(compiler)
        .args(["-O3", "-march=native", "-mtune=native", "-shared", "-fPIC", "-o"])
        .arg(&so)
        .arg(&src)
        .output()
        .map_err(|e| format!("cannot run {compiler}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{compiler} failed: {}", String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or("")));
    }
    let lib = unsafe { libloading::Library::new(&so) }.map_err(|e| e.to_string())?;
    Ok(CLib { lib, path: so })
}

impl CLib {
    pub fn func(&self, name: &str) -> Result<FieldFn, String> {
        unsafe {
            let s: libloading::Symbol<FieldFn> = self.lib.get(name.as_bytes()).map_err(|e| format!("{name}: {e}"))?;
            Ok(*s)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_static_only_from_fiat_function_definitions() {
        let c = "static __inline__ uint64_t barrier(uint64_t a) {\nstatic FIAT_P_FIAT_INLINE void fiat_p_mul(uint64_t o[1]) {\n  static int x;";
        let e = exported_source(c);
        assert_eq!(e, "static __inline__ uint64_t barrier(uint64_t a) {\nvoid fiat_p_mul(uint64_t o[1]) {\n  static int x;");
    }
}
