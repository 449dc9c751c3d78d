//! Development aid: `llvmdiff <ir.json> <function> <limb-bits> <c file>` compares the IR's
//! evaluator (as read by `llvmjson`) with the C function compiled by gcc on random inputs within
//! the bounds, then writes the generator's start candidate to /tmp/<function>.s and prints the
//! checker's verdict.
use rand::SeedableRng;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&a[1]).unwrap();
    let o = vf_x86::ir::ParseOptions { function: Some(a[2].clone()), bounds: Some(vf_x86::llvmjson::Bounds::parse_bits(&a[3]).unwrap()) };
    let f = vf_x86::ir::parse_with(&text, &o).unwrap();
    let lib = vf_x86::cref::build(std::path::Path::new(&a[4]), "gcc", &std::env::temp_dir().join("llvmdiff")).unwrap();
    let g = lib.func(&f.name).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut bad = 0;
    for _ in 0..100_000 {
        let ins = f.random_inputs(&mut rng);
        if vf_x86::jit::call(g, &ins, f.limbs()) != f.eval(&ins) {
            bad += 1;
        }
    }
    println!("eval vs gcc: {bad} of 100000 differ; out ubound {:x?}", f.ret.ubound);
    let l = vf_x86::lir::lower(&f).unwrap();
    let c = vf_x86::gen::Candidate::initial(&l);
    let p = vf_x86::gen::generate(&l, &c, vf_x86::gen::Options { adx: true, frame_pointer: false, ..Default::default() }, &f.name).unwrap();
    std::fs::write(format!("/tmp/{}.s", f.name), vf_x86::asm::to_gas(&p)).unwrap();
    println!("{:?}", vf_x86::check::verify(&f, &p, vf_x86::check::Scenario::Distinct));
    for l in vf_x86::check::debug_unmatched(&f, &p).iter().take(5) {
        println!("UNMATCHED {l}");
    }
}
