//! Debugging aid for a miscompiled heuristic schedule: `bisectgen fn.json` finds the shortest
//! prefix of the carry-aware list schedule (completed in depth-first order) whose generated code
//! (no carry fusion) computes a wrong result on random inputs, and prints the node that makes the
//! difference; with `OUT=dir` it writes the code of that prefix and of the one before it.
//! (Used to find the bzhi stack-slot miscompile of p448 carry_mul; docs/crypto.md.)
use rand::SeedableRng;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let f = vf_x86::ir::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let lir = vf_x86::lir::lower(&f).unwrap();
    let carry = vf_x86::gen::Candidate::carry_scheduled(&lir).order;
    let dfs = vf_x86::gen::Candidate::initial(&lir).order;
    let n = carry.len();
    let opts = vf_x86::gen::Options { fuse_carries: false, ..Default::default() };
    let wrong = |k: usize| -> bool {
        let mut order: Vec<usize> = carry[..k].to_vec();
        let inp: std::collections::HashSet<usize> = order.iter().copied().collect();
        order.extend(dfs.iter().copied().filter(|x| !inp.contains(x)));
        let c = vf_x86::gen::Candidate::with_order(order, vec![false; n]);
        let p = vf_x86::gen::generate(&lir, &c, opts, &f.name).unwrap();
        let code = vf_x86::jit::load(&p).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        (0..200).any(|_| { let i = f.random_inputs(&mut rng); vf_x86::jit::call(code.func(), &i, f.limbs()) != f.eval(&i) })
    };
    if !wrong(n) {
        println!("the carry-aware schedule's code is correct on 200 random inputs");
        return;
    }
    assert!(!wrong(0), "the depth-first schedule's code is wrong too");
    let (mut lo, mut hi) = (0, n);
    while hi - lo > 1 { let m = (lo + hi) / 2; if wrong(m) { hi = m } else { lo = m } }
    println!("first wrong prefix {hi}: node {} = {:?}", carry[hi - 1], lir.nodes[carry[hi - 1]]);
    let dump = |k: usize| {
        let mut order: Vec<usize> = carry[..k].to_vec();
        let inp: std::collections::HashSet<usize> = order.iter().copied().collect();
        order.extend(dfs.iter().copied().filter(|x| !inp.contains(x)));
        let c = vf_x86::gen::Candidate::with_order(order, vec![false; n]);
        if let Ok(dir) = std::env::var("OUT") {
            std::fs::write(format!("{dir}/prefix_{k}.asm"), vf_x86::asm::to_nasm(&vf_x86::gen::generate(&lir, &c, opts, &f.name).unwrap())).unwrap();
        }
    };
    dump(hi);
    dump(lo);
    for k in hi.saturating_sub(6)..(hi + 3).min(n) { println!("  order[{k}] = {} {:?}", carry[k], lir.nodes[carry[k]]); }
}
