//! Dev tool: parse the algorithm block of each file and print errors.
fn main() {
    let (mut ok, mut bad) = (0, 0);
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let sf = vf_tla::SourceFile::new(&path, text.clone());
        match vf_mpcal::parse_block(&text) {
            Ok(_) => ok += 1,
            Err(d) => {
                bad += 1;
                println!("{}", sf.render(&d));
            }
        }
    }
    println!("ok {ok} bad {bad}");
}
