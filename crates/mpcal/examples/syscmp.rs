//! Dev tool: regenerate each file and compare its PlusCal block (lines) and TLA+ block (AST)
//! with the blocks already in the file.
fn block(s: &str, a: &str, b: &str) -> Vec<String> {
    let mut on = false;
    let mut out = vec![];
    for l in s.lines() {
        if l.contains(a) { on = true; }
        if on { out.push(l.to_string()); }
        if on && l.contains(b) { break; }
    }
    out
}
fn main() {
    for p in std::env::args().skip(1) {
        let src = std::fs::read_to_string(&p).unwrap();
        let out = match vf_mpcal::pcalgen(&src, Default::default()) { Ok(o) => o, Err(d) => { println!("{p}: ERR {:?}", d[0]); continue; } };
        let (a, b) = (block(&src, "BEGIN PLUSCAL TRANSLATION", "END PLUSCAL TRANSLATION"), block(&out, "BEGIN PLUSCAL TRANSLATION", "END PLUSCAL TRANSLATION"));
        let first = a.iter().zip(&b).position(|(x, y)| x != y);
        let tla = vf_mpcal::translation_blocks_equal(&out, &src);
        println!("{p}: pcal {} tla {}", match first { None if a.len() == b.len() => "EQUAL".to_string(), None => format!("len {} vs {}", a.len(), b.len()), Some(i) => format!("line {i}: {:?} vs {:?}", a[i], b[i]) }, match tla { Ok(()) => "EQUAL".into(), Err(e) => e });
    }
}
