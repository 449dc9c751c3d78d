//! Dev tool: parse the PlusCal translation block of .expectpcal files, render it PGo-style, diff.
fn main() {
    let (mut ok, mut bad) = (0, 0);
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let b = match vf_mpcal::parser::parse_translation(&text) {
            Ok(b) => b,
            Err(d) => {
                println!("{}", vf_tla::SourceFile::new(&path, text.clone()).render(&d));
                bad += 1;
                continue;
            }
        };
        let rendered = vf_mpcal::render::algorithm(&b).lines();
        let begin = text.find("\\* BEGIN PLUSCAL TRANSLATION").unwrap();
        let expected: Vec<&str> = text[begin..].lines().skip(1).take(rendered.len()).collect();
        match rendered.iter().zip(&expected).position(|(a, b)| a != b) {
            None => ok += 1,
            Some(i) => {
                bad += 1;
                println!("{path}: line {i}:\n  got: {:?}\n  exp: {:?}", rendered[i], expected[i]);
            }
        }
    }
    println!("ok {ok} bad {bad}");
}
