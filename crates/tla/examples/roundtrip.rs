//! Dev tool: parse -> print -> parse each file given and report mismatches.
use vf_tla::{parse_module, print_module, SourceFile};

fn main() {
    let mut ok = 0;
    let mut bad = 0;
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let sf = SourceFile::new(&path, text.clone());
        match parse_module(&text) {
            Err(d) => {
                bad += 1;
                println!("PARSE FAIL {}", sf.render(&d));
            }
            Ok(m) => {
                let printed = print_module(&m);
                match parse_module(&printed) {
                    Err(d) => {
                        bad += 1;
                        let psf = SourceFile::new(format!("{path}(printed)"), printed.clone());
                        println!("REPARSE FAIL {}", psf.render(&d));
                    }
                    Ok(m2) if m2 == m => ok += 1,
                    Ok(_) => {
                        bad += 1;
                        println!("AST MISMATCH {path}");
                    }
                }
            }
        }
    }
    println!("ok {ok} bad {bad}");
}
