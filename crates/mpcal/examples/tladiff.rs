//! Dev tool: pcalgen a file and print the first differing TLA+ translation unit vs .expectpcal.
fn units(src: &str) -> Vec<vf_tla::Unit> {
    let start = vf_mpcal::translation_start(src);
    let end = src[start..].find("\\* END TRANSLATION").map(|i| start + i).unwrap();
    let body = src[start..end].split_once('\n').unwrap().1;
    vf_tla::parse_module(&format!("---- MODULE T ----\n{body}\n====\n")).unwrap().units
}
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let src = std::fs::read_to_string(&path).unwrap();
    let exp = std::fs::read_to_string(format!("{path}.expectpcal")).unwrap();
    let out = vf_mpcal::pcalgen(&src, Default::default()).unwrap();
    let (a, b) = (units(&out), units(&exp));
    for (x, y) in a.iter().zip(&b) {
        if x != y {
            let mut p = vf_tla::printer::Printer::default();
            p.unit(x);
            let mut q = vf_tla::printer::Printer::default();
            q.unit(y);
            println!("OURS:\n{}\nEXPECTED:\n{}", p.out, q.out);
            return;
        }
    }
}
