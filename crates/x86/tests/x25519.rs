//! X25519 end to end without ../shared (issue 15, "Done when" 4): the Montgomery ladder of
//! bench/crypto/x25519 (RFC 7748) runs on a field multiply our generator produced and our
//! checker proved, for our own curve25519 IR fixture (`examples/crypto/mul25519.json`, radix
//! 2^51, written by gen_mul25519.py), and must reproduce RFC 7748's test vectors, including the
//! 1000-iteration one; the same ladder on the C emitted from that IR must too, and on a broken
//! multiply (a wrong reduction constant) it must fail them. The run with Fiat's C, CryptOpt's
//! files and `crypto opt` output is bench/crypto/x25519/run.sh (needs ../shared).

use std::path::{Path, PathBuf};
use std::process::Command;
use vf_x86::{asm, cemit, check, gen, ir, lir};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn build_ladder(dir: &Path, name: &str, impls: &str, extra: &[PathBuf]) -> PathBuf {
    let x = root().join("bench/crypto/x25519");
    let table = dir.join(format!("{name}_impls.c"));
    std::fs::write(&table, impls).unwrap();
    let exe = dir.join(name);
    let out = Command::new("gcc")
        .args(["-O2", "-z", "noexecstack", "-I"])
        .arg(&x)
        .arg(x.join("x25519.c"))
        .arg(x.join("main.c"))
        .arg(&table)
        .args(extra)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("gcc runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    exe
}

fn c_object(dir: &Path, f: &ir::Function, rename: &str) -> PathBuf {
    let c = dir.join(format!("{rename}.c"));
    std::fs::write(&c, cemit::emit(f)).unwrap();
    let o = dir.join(format!("{rename}.o"));
    let out = Command::new("gcc").args(["-O2", "-c"]).arg(format!("-D{}={rename}", f.name)).arg(&c).arg("-o").arg(&o).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    o
}

#[test]
fn ladder_on_proven_generated_code_reproduces_rfc7748_vectors() {
    let text = std::fs::read_to_string(root().join("examples/crypto/mul25519.json")).unwrap();
    let f = ir::parse(&text).unwrap();
    let l = lir::lower(&f).unwrap();
    let prog = gen::generate(&l, &gen::Candidate::initial(&l), gen::Options { adx: true, frame_pointer: false, ..Default::default() }, &f.name).unwrap();
    for s in check::scenarios(&f, true) {
        check::verify(&f, &prog, s).unwrap_or_else(|e| panic!("{}: {e}", s.label()));
    }
    let dir = std::env::temp_dir().join(format!("vf-x25519-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let s = dir.join("ours.s");
    std::fs::write(&s, asm::to_gas(&prog)).unwrap();
    let emitted = c_object(&dir, &f, "cemit_mul");
    let impls = "#include \"x25519.h\"\nvoid vf_mul25519(uint64_t *, const uint64_t *, const uint64_t *);\nvoid cemit_mul(uint64_t *, const uint64_t *, const uint64_t *);\n\
        const struct vf_field vf_impls[] = {{\"veriforge-generated\", vf_mul25519, 0}, {\"c-from-ir\", cemit_mul, 0}};\nconst int vf_nimpls = 2;\n";
    let exe = build_ladder(&dir, "good", impls, &[s, emitted]);
    let out = Command::new(&exe).arg("test").output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("veriforge-generated: RFC 7748 vectors (with 1000 iterations): ok"), "{err}");
    assert!(err.contains("c-from-ir: RFC 7748 vectors (with 1000 iterations): ok"), "{err}");

    // a multiply that reduces with 17 instead of 19 gives wrong scalar multiplications
    let broken = ir::parse(&text.replace("\"0x13\"", "\"0x11\"")).unwrap();
    let bo = c_object(&dir, &broken, "broken_mul");
    let impls = "#include \"x25519.h\"\nvoid broken_mul(uint64_t *, const uint64_t *, const uint64_t *);\n\
        const struct vf_field vf_impls[] = {{\"broken\", broken_mul, 0}};\nconst int vf_nimpls = 1;\n";
    let exe = build_ladder(&dir, "bad", impls, &[bo]);
    let out = Command::new(&exe).args(["test", "quick"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("FAIL rfc7748 5.2 vector 1 (broken)"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
