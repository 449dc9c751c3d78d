//! Dev tool: pcalgen on every prefix-truncation (every 97th byte) and single-byte deletion of the
//! given files; reports any panic (bad input must give an error, never a crash).
fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    let mut panics = 0;
    let mut runs = 0;
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let bytes = text.as_bytes();
        let mut cuts: Vec<String> = (1..bytes.len()).step_by(97).filter(|&i| text.is_char_boundary(i)).map(|i| text[..i].to_string()).collect();
        cuts.extend((0..bytes.len()).step_by(131).filter(|&i| text.is_char_boundary(i) && text.is_char_boundary(i + 1)).map(|i| format!("{}{}", &text[..i], &text[i + 1..])));
        for c in cuts {
            runs += 1;
            let r = std::panic::catch_unwind(|| {
                let _ = vf_mpcal::pcalgen(&c, Default::default());
                let _ = vf_tla::parse_module(&c);
            });
            if r.is_err() {
                panics += 1;
                if panics < 5 {
                    std::fs::write(format!("/tmp/panic{panics}.tla"), &c).unwrap();
                    println!("PANIC on variant of {path} (saved /tmp/panic{panics}.tla)");
                }
            }
        }
    }
    println!("runs {runs} panics {panics}");
}
