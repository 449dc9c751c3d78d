//! Static counts of the code of each heuristic start schedule (debugging aid for the list
//! schedulers): `cargo run --release -p vf-x86 --example schedstats -- ir.json...` prints, per
//! schedule, instructions and stack operands (spill stores, reloads, folded reloads) of the code
//! `gen` makes, and for the pressure-aware dual-chain scheduler every window in WINDOWS
//! (comma-separated, default 2,4,8,16). With PROVE=1 each code is also checked (`check::verify`,
//! every aliasing scenario) and the line ends with "proven" or the checker's message.
use vf_x86::{gen, ir, lir};
fn main() {
    let windows: Vec<usize> = std::env::var("WINDOWS").unwrap_or("2,4,8,16".into()).split(',').map(|w| w.parse().unwrap()).collect();
    for path in std::env::args().skip(1) {
        let f = ir::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let l = lir::lower(&f).unwrap();
        let mut scheds = vec![
            ("carry".to_string(), gen::Candidate::carry_scheduled(&l)),
            ("depth-first".to_string(), gen::Candidate::initial(&l)),
            ("ir".to_string(), gen::Candidate::ir_order(&l)),
            ("dual".to_string(), gen::Candidate::dual_carry_scheduled(&l)),
        ];
        for &w in &windows {
            scheds.push((format!("pressure-dual w={w}"), gen::Candidate::dual_carry_list(&l, w)));
        }
        for (name, c) in scheds {
            let p = gen::generate(&l, &c, gen::Options::default(), &f.name).unwrap();
            let stack = p.insns.iter().filter(|i| i.ops.iter().any(|o| matches!(o, vf_x86::asm::Operand::Mem(m) if m.base == Some(vf_x86::asm::RSP)))).count();
            let s = vf_x86::cost::stats(&p);
            let verdict = if std::env::var_os("PROVE").is_some() {
                match vf_x86::check::scenarios(&f, true).into_iter().map(|sc| vf_x86::check::verify(&f, &p, sc)).find(|r| r.is_err()) {
                    Some(Err(e)) => format!(", NOT proven: {e}"),
                    _ => ", proven (all aliasing cases)".to_string(),
                }
            } else {
                String::new()
            };
            println!("{}: {name:<20} {} insns, {} stack operands, {} setc/seto, {} bt, adox {}{verdict}", f.name, p.insns.len(), stack, s.setcc, s.bt, p.insns.iter().filter(|i| i.mnemonic == "adox").count());
        }
    }
}
