fn main() {
    let a: Vec<String> = std::env::args().collect();
    let f = vf_x86::ir::parse(&std::fs::read_to_string(&a[1]).unwrap()).unwrap();
    let p = vf_x86::asm::parse(&std::fs::read_to_string(&a[2]).unwrap()).unwrap();
    println!("{:?}", vf_x86::check::verify(&f, &p, vf_x86::check::Scenario::Distinct));
    for l in vf_x86::check::debug_unmatched(&f, &p).iter().take(5) { println!("UNMATCHED {l}"); }
}
