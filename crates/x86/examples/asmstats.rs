//! Static statistics of assembly files (ours, CryptOpt's, or a compiler's `-S -masm=intel` output
//! of one function): `cargo run --release -p vf-x86 --example asmstats -- file.s...`. Prints the
//! counts of `cost::stats` (instructions, mov, stack operands, setc/seto, bt, xmm moves), the
//! mnemonic histogram and the static cost model's terms (critical path = longest dependency chain
//! in cycles, resource bounds).
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let prog = match vf_x86::asm::parse(&text) {
            Ok(p) => p,
            Err(e) => {
                println!("{path}: {e:?}");
                continue;
            }
        };
        let s = vf_x86::cost::stats(&prog);
        let b = vf_x86::cost::breakdown(&prog);
        let mut hist = std::collections::BTreeMap::<String, usize>::new();
        for line in text.lines() {
            let t = line.trim();
            if t.is_empty() || t.ends_with(':') || t.starts_with('.') || t.starts_with(';') || t.starts_with("global") || t.starts_with("section") || t.starts_with("default") || t.starts_with("SECTION") || t.starts_with("GLOBAL") {
                continue;
            }
            *hist.entry(t.split_whitespace().next().unwrap().to_lowercase()).or_default() += 1;
        }
        println!(
            "{path}: {} insns, {} mov, {} stack operands, {} setc/seto, {} bt, {} xmm moves; critical path {:.0}, alu {:.0}, muls {:.0}, loads {:.0}, stores {:.0}, uops {:.0}; static cost {:.1}",
            s.insns, s.movs, s.stack_operands, s.setcc, s.bt, s.xmm_moves, b.critical, b.alu, b.muls, b.loads, b.stores, b.uops, vf_x86::cost::static_cost(&prog)
        );
        println!("  {}", hist.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", "));
    }
}
