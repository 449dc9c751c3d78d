//! Re-association of addition trees and carry-chain splitting, at the IR level.
//!
//! Fiat's unsaturated code sums three to five 128-bit products (and a carry) per output limb as a
//! left-deep chain `((p0 + p1) + p2) + ...`, which the lowering turns into one long add/adc chain.
//! A *sum tree* is a maximal tree of `+` statements of one width `W` whose inner results are used
//! exactly once (looking through widening casts). Addition modulo 2^W is associative and
//! commutative, so any order of the leaves and any tree shape gives bit-identical results; a
//! [`Shape`] picks the order and optionally splits the chain into two independent chains
//! summed at the end (two carry chains the code generator can run in CF and OF side by side).
//!
//! [`apply`] returns a new [`Function`] computing exactly the same outputs (the tests check this
//! against `Function::eval` of the original on random inputs). Code generated from a variant is
//! still proven by the checker against the ORIGINAL function: its normal form of sums does not
//! depend on the association order.

use crate::ir::{Arg, Function, Op, Stmt};
use crate::lir::{Lir, Node, V};
use std::collections::HashMap;
use vf_search::Rng;

/// A maximal addition tree of width `width` ending in statement `root`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumTree {
    pub root: usize,
    pub width: u32,
    /// The summed terms, in the original left-to-right order.
    pub leaves: Vec<Arg>,
}

/// How to re-emit one tree: leaf order (a permutation of `0..leaves.len()`), and `split`:
/// 0 = one chain over `order`; `k` in `2..=n-2` = chain over `order[..k]` plus chain over
/// `order[k..]`, added at the end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub order: Vec<usize>,
    pub split: usize,
}

impl Shape {
    pub fn identity(n: usize) -> Shape {
        Shape { order: (0..n).collect(), split: 0 }
    }

    /// A uniformly random order; a split with probability 1/2 when the tree has at least 4 leaves.
    pub fn random(n: usize, rng: &mut Rng) -> Shape {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.index(i + 1));
        }
        let split = if n >= 4 && rng.chance(0.5) { 2 + rng.index(n - 3) } else { 0 };
        Shape { order, split }
    }

    /// A small change: swap two leaves, or move / add / remove the split point.
    pub fn mutate(&self, rng: &mut Rng) -> Shape {
        let n = self.order.len();
        let mut s = self.clone();
        if n >= 4 && rng.chance(0.4) {
            s.split = if s.split != 0 && rng.chance(0.3) { 0 } else { 2 + rng.index(n - 3) };
        } else {
            let (i, j) = (rng.index(n), rng.index(n));
            s.order.swap(i, j);
        }
        s
    }
}

fn arg_width(f: &Function, a: Arg) -> u32 {
    match a {
        Arg::Var(v) => f.var_width[v],
        Arg::Input(..) => 64,
        Arg::Const(c) => 128 - c.leading_zeros(),
    }
}

/// Where each variable is defined (statement index, output index), and how often it is read.
fn defs_and_uses(f: &Function) -> (HashMap<usize, (usize, usize)>, Vec<usize>) {
    let mut defs = HashMap::new();
    let mut uses = vec![0usize; f.var_width.len()];
    for (si, s) in f.stmts.iter().enumerate() {
        for (k, o) in s.outs.iter().enumerate() {
            if let Some(v) = o {
                defs.insert(*v, (si, k));
            }
        }
        for a in &s.args {
            if let Arg::Var(v) = a {
                uses[*v] += 1;
            }
        }
    }
    for a in &f.outputs {
        if let Arg::Var(v) = a {
            uses[*v] += 1;
        }
    }
    (defs, uses)
}

/// The `+` statement of width `w` that `a` is (possibly through widening single-use casts),
/// when its value is read only here: such an addition is an inner node of the tree.
fn inner_add(f: &Function, defs: &HashMap<usize, (usize, usize)>, uses: &[usize], a: Arg, w: u32) -> Option<usize> {
    let Arg::Var(v) = a else { return None };
    if uses[v] != 1 {
        return None;
    }
    let &(si, k) = defs.get(&v)?;
    let s = &f.stmts[si];
    match s.op {
        Op::Add if k == 0 && s.width == w => Some(si),
        // a cast to at least `w` bits of a value of at most its own width is the identity
        Op::Cast if s.width >= w && s.width >= arg_width(f, s.args[0]) => inner_add(f, defs, uses, s.args[0], w),
        _ => None,
    }
}

fn collect_leaves(f: &Function, defs: &HashMap<usize, (usize, usize)>, uses: &[usize], si: usize, leaves: &mut Vec<Arg>, inner: &mut Vec<usize>) {
    let s = &f.stmts[si];
    for &a in &s.args {
        match inner_add(f, defs, uses, a, s.width) {
            Some(child) => {
                inner.push(child);
                collect_leaves(f, defs, uses, child, leaves, inner);
            }
            None => leaves.push(a),
        }
    }
}

/// Every maximal addition tree with at least three leaves, in statement order.
pub fn sum_trees(f: &Function) -> Vec<SumTree> {
    let (defs, uses) = defs_and_uses(f);
    let mut absorbed = vec![false; f.stmts.len()];
    let mut found = Vec::new();
    for si in (0..f.stmts.len()).rev() {
        if f.stmts[si].op != Op::Add || absorbed[si] {
            continue;
        }
        let (mut leaves, mut inner) = (Vec::new(), Vec::new());
        collect_leaves(f, &defs, &uses, si, &mut leaves, &mut inner);
        for i in inner {
            absorbed[i] = true;
        }
        if leaves.len() >= 3 {
            found.push(SumTree { root: si, width: f.stmts[si].width, leaves });
        }
    }
    found.reverse();
    found
}

/// `f` with tree `i` re-emitted following `shapes[i]` (`None` keeps it). The inner statements of
/// a rewritten tree stay in place, unused (the lowering removes dead code).
pub fn apply(f: &Function, trees: &[SumTree], shapes: &[Option<Shape>]) -> Function {
    let mut g = f.clone();
    let by_root: HashMap<usize, (&SumTree, &Shape)> =
        trees.iter().zip(shapes).filter_map(|(t, s)| s.as_ref().map(|s| (t.root, (t, s)))).collect();
    let mut stmts = Vec::with_capacity(f.stmts.len() + 4 * trees.len());
    for (si, s) in f.stmts.iter().enumerate() {
        match by_root.get(&si) {
            Some((t, shape)) => emit_tree(&mut g, &mut stmts, t, shape, s.outs[0].expect("a sum root defines its result")),
            None => stmts.push(s.clone()),
        }
    }
    g.stmts = stmts;
    g
}

fn emit_add(g: &mut Function, stmts: &mut Vec<Stmt>, w: u32, a: Arg, b: Arg, out: Option<usize>) -> Arg {
    let v = out.unwrap_or_else(|| {
        g.var_width.push(w);
        g.var_width.len() - 1
    });
    stmts.push(Stmt { op: Op::Add, width: w, args: vec![a, b], outs: vec![Some(v)] });
    Arg::Var(v)
}

/// Left-deep chain over `terms`; the last addition writes `out` when given.
fn emit_chain(g: &mut Function, stmts: &mut Vec<Stmt>, w: u32, terms: &[Arg], out: Option<usize>) -> Arg {
    let mut acc = terms[0];
    for (i, &t) in terms.iter().enumerate().skip(1) {
        let last = i + 1 == terms.len();
        acc = emit_add(g, stmts, w, acc, t, if last { out } else { None });
    }
    acc
}

fn emit_tree(g: &mut Function, stmts: &mut Vec<Stmt>, t: &SumTree, shape: &Shape, out: usize) {
    let terms: Vec<Arg> = shape.order.iter().map(|&i| t.leaves[i]).collect();
    let n = terms.len();
    if shape.split >= 2 && shape.split + 2 <= n {
        let a = emit_chain(g, stmts, t.width, &terms[..shape.split], None);
        let b = emit_chain(g, stmts, t.width, &terms[shape.split..], None);
        emit_add(g, stmts, t.width, a, b, Some(out));
    } else {
        emit_chain(g, stmts, t.width, &terms, Some(out));
    }
}

/// Value numbers of the function's variables: two variables get the same number when they are the
/// same operation (same width, same output index) on arguments with the same numbers, commutative
/// operations' arguments sorted. Fiat's code recomputes products (`x1 = x7 = x13 = a7 * b7` in
/// p448's multiply); this sees through that.
fn value_numbers(f: &Function) -> (Vec<usize>, HashMap<Arg, usize>) {
    #[derive(Hash, PartialEq, Eq)]
    enum Key {
        Leaf(Arg),
        Op(Op, u32, Vec<usize>, usize),
    }
    let mut ids: HashMap<Key, usize> = HashMap::new();
    let mut var = vec![usize::MAX; f.var_width.len()];
    let mut leaf_ids = HashMap::new();
    let id_of = |a: Arg, ids: &mut HashMap<Key, usize>, var: &[usize]| -> usize {
        match a {
            Arg::Var(v) => var[v],
            _ => {
                let n = ids.len();
                *ids.entry(Key::Leaf(a)).or_insert(n)
            }
        }
    };
    for s in &f.stmts {
        let mut args: Vec<usize> = s.args.iter().map(|&a| id_of(a, &mut ids, &var)).collect();
        if matches!(s.op, Op::Add | Op::Mul | Op::And | Op::Or) {
            args.sort_unstable();
        }
        for (k, o) in s.outs.iter().enumerate() {
            if let Some(v) = o {
                let n = ids.len();
                var[*v] = *ids.entry(Key::Op(s.op, s.width, args.clone(), k)).or_insert(n);
            }
        }
    }
    for s in &f.stmts {
        for &a in &s.args {
            if !matches!(a, Arg::Var(_)) {
                leaf_ids.insert(a, id_of(a, &mut ids, &var));
            }
        }
    }
    (var, leaf_ids)
}

/// Shared partial sums (greedy common-subexpression extraction over the sum trees, as for XOR
/// networks): while some pair of terms occurs together in at least two places (two trees of the
/// same width, or twice in one tree), their sum becomes one new addition that every such place
/// uses instead of the pair. A pair that occurs `k` times saves `k - 1` additions (on x86, 128-bit
/// add/adc pairs). Terms are compared by value number, so the same product computed twice in the
/// IR counts as one term. p448's multiply adds `a7·b6 + a6·b7` once into limb 3 and twice into
/// limb 7 (2^448 = 2^224 + 1); gcc's code shares such sums and doubles them with `shld`.
/// Returns `None` when no pair occurs twice. The result computes exactly the same outputs
/// (addition mod 2^W is associative and commutative); code generated from it is proven against the
/// original function like every variant.
pub fn share_sums(f: &Function) -> Option<Function> {
    let trees = sum_trees(f);
    if trees.is_empty() {
        return None;
    }
    let (var_vn, leaf_vn) = value_numbers(f);
    let (defs, _) = defs_and_uses(f);
    let vn = |a: Arg| match a {
        Arg::Var(v) => var_vn[v],
        _ => leaf_vn[&a],
    };
    // position of an argument: the statement defining it (-1: input or constant)
    let pos = |a: Arg| -> isize {
        match a {
            Arg::Var(v) => defs.get(&v).map_or(-1, |d| d.0 as isize),
            _ => -1,
        }
    };
    // term id -> (representative argument, position after which it is available)
    let mut term: HashMap<usize, (Arg, isize)> = HashMap::new();
    let mut next_id = var_vn.iter().copied().chain(leaf_vn.values().copied()).filter(|&x| x != usize::MAX).max().unwrap_or(0) + 1;
    // per tree: multiset of term ids (in first-occurrence order)
    let mut bags: Vec<Vec<(usize, usize)>> = Vec::new();
    for t in &trees {
        let mut bag: Vec<(usize, usize)> = Vec::new();
        for &a in &t.leaves {
            let id = vn(a);
            let e = term.entry(id).or_insert((a, pos(a)));
            if pos(a) < e.1 {
                *e = (a, pos(a));
            }
            match bag.iter_mut().find(|(i, _)| *i == id) {
                Some((_, m)) => *m += 1,
                None => bag.push((id, 1)),
            }
        }
        bags.push(bag);
    }
    let mut g = f.clone();
    // new additions: (position, statement)
    let mut extra: Vec<(isize, Stmt)> = Vec::new();
    loop {
        // pair -> occurrences, per width
        let mut count: HashMap<(u32, usize, usize), usize> = HashMap::new();
        for (t, bag) in trees.iter().zip(&bags) {
            for (i, &(a, ma)) in bag.iter().enumerate() {
                if ma >= 2 {
                    *count.entry((t.width, a, a)).or_default() += ma / 2;
                }
                for &(b, mb) in &bag[i + 1..] {
                    let (x, y) = (a.min(b), a.max(b));
                    *count.entry((t.width, x, y)).or_default() += ma.min(mb);
                }
            }
        }
        let best = count.into_iter().filter(|&(_, c)| c >= 2).max_by(|p, q| p.1.cmp(&q.1).then(q.0.cmp(&p.0)));
        let Some(((w, a, b), _)) = best else { break };
        let ((ra, pa), (rb, pb)) = (term[&a], term[&b]);
        g.var_width.push(w);
        let v = g.var_width.len() - 1;
        let p = pa.max(pb);
        extra.push((p, Stmt { op: Op::Add, width: w, args: vec![ra, rb], outs: vec![Some(v)] }));
        let id = next_id;
        next_id += 1;
        term.insert(id, (Arg::Var(v), p));
        for (t, bag) in trees.iter().zip(bags.iter_mut()) {
            if t.width != w {
                continue;
            }
            let m = |bag: &Vec<(usize, usize)>, x: usize| bag.iter().find(|e| e.0 == x).map_or(0, |e| e.1);
            let k = if a == b { m(bag, a) / 2 } else { m(bag, a).min(m(bag, b)) };
            if k == 0 {
                continue;
            }
            for e in bag.iter_mut() {
                if e.0 == a {
                    e.1 -= if a == b { 2 * k } else { k };
                } else if e.0 == b {
                    e.1 -= k;
                }
            }
            bag.retain(|e| e.1 > 0);
            bag.push((id, k));
        }
    }
    if extra.is_empty() {
        return None;
    }
    let root_of: HashMap<usize, usize> = trees.iter().enumerate().map(|(i, t)| (t.root, i)).collect();
    let mut stmts = Vec::with_capacity(f.stmts.len() + extra.len());
    let push_extra = |p: isize, stmts: &mut Vec<Stmt>| {
        for (q, s) in &extra {
            if *q == p {
                stmts.push(s.clone());
            }
        }
    };
    push_extra(-1, &mut stmts);
    for (si, s) in f.stmts.iter().enumerate() {
        match root_of.get(&si) {
            Some(&ti) => {
                let terms: Vec<Arg> = bags[ti].iter().flat_map(|&(id, m)| std::iter::repeat_n(term[&id].0, m)).collect();
                let out = s.outs[0].expect("a sum root defines its result");
                if terms.len() == 1 {
                    // the whole tree is one shared sum: copy it (a cast of the same width)
                    stmts.push(Stmt { op: Op::Cast, width: s.width, args: terms, outs: vec![Some(out)] });
                } else {
                    emit_chain(&mut g, &mut stmts, s.width, &terms, Some(out));
                }
            }
            None => stmts.push(s.clone()),
        }
        push_extra(si as isize, &mut stmts);
    }
    g.stmts = stmts;
    Some(g)
}

/// Carries a schedule over from one lowering to another: nodes that exist in both (same operation
/// on corresponding operands) keep their relative order and decision bit; new nodes go right after
/// their latest operand. Returns a topological order of `to` and its decision bits.
pub fn transplant(from: &Lir, order: &[usize], flip: &[bool], to: &Lir) -> (Vec<usize>, Vec<bool>) {
    let index: HashMap<Node, usize> = from.nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let mut pos_in_from = vec![0usize; from.nodes.len()];
    for (p, &n) in order.iter().enumerate() {
        pos_in_from[n] = p;
    }
    // map[to node] = matching `from` node
    let mut map: Vec<Option<usize>> = vec![None; to.nodes.len()];
    let mut priority = vec![0f64; to.nodes.len()];
    let mut flips = vec![false; to.nodes.len()];
    for (i, n) in to.nodes.iter().enumerate() {
        let ops = n.operands();
        let all_mapped = ops.iter().all(|(d, _)| *d < i && map[*d].is_some());
        if all_mapped {
            let renamed = n.map_operands(|(d, o): V| (map[d].unwrap(), o));
            map[i] = index.get(&renamed).copied();
        }
        priority[i] = match map[i] {
            Some(m) => pos_in_from[m] as f64,
            None => ops.iter().map(|(d, _)| priority[*d]).fold(-1.0, f64::max) + 0.5,
        };
        flips[i] = map[i].map(|m| flip[m]).unwrap_or(false);
    }
    (priority_topological(to, &priority), flips)
}

/// Kahn's algorithm taking the ready node of lowest priority first.
fn priority_topological(lir: &Lir, priority: &[f64]) -> Vec<usize> {
    let n = lir.nodes.len();
    let mut pending: Vec<usize> = lir.nodes.iter().map(|x| x.operands().len()).collect();
    let mut users: Vec<Vec<usize>> = vec![vec![]; n];
    for (i, x) in lir.nodes.iter().enumerate() {
        for (d, _) in x.operands() {
            users[d].push(i);
        }
    }
    let mut ready: Vec<usize> = (0..n).filter(|&i| pending[i] == 0).collect();
    let mut order = Vec::with_capacity(n);
    while !ready.is_empty() {
        let k = (0..ready.len()).min_by(|&a, &b| priority[ready[a]].total_cmp(&priority[ready[b]]).then(ready[a].cmp(&ready[b]))).unwrap();
        let v = ready.swap_remove(k);
        order.push(v);
        for &u in &users[v] {
            pending[u] -= 1;
            if pending[u] == 0 {
                ready.push(u);
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir;
    use rand::SeedableRng;

    fn unsat3() -> Function {
        ir::parse(include_str!("../../../examples/crypto/unsat3.json")).unwrap()
    }

    fn gold4() -> Function {
        ir::parse(include_str!("../../../examples/crypto/gold4.json")).unwrap()
    }

    fn adds_128(l: &Lir) -> usize {
        // low halves of 128-bit additions (each is one add/adc pair in the code)
        l.nodes.iter().filter(|n| matches!(n, Node::AddC(_, _, None))).count()
    }

    #[test]
    fn shared_partial_sums_compute_the_original_and_save_additions() {
        let f = gold4();
        let g = share_sums(&f).expect("gold4 sums the high columns into two limbs each");
        // c4 = a1b3 + a2b2 + a3b1 goes into limbs 0 and 2, then (c4 + a3b3) too, and
        // c5 = a2b3 + a3b2 into limbs 1 and 3: 4 additions of 128 bits fewer
        let (l0, l1) = (crate::lir::lower(&f).unwrap(), crate::lir::lower(&g).unwrap());
        assert_eq!(adds_128(&l0) - adds_128(&l1), 4, "{} vs {}", adds_128(&l0), adds_128(&l1));
        let mut crng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for k in 0..2000 {
            let i = f.random_inputs(&mut crng);
            assert_eq!(g.eval(&i), f.eval(&i), "input {k}");
            assert_eq!(l1.eval(&i), f.eval(&i), "input {k}");
        }
        // every shape of the shared form's trees still computes the original
        let trees = sum_trees(&g);
        assert!(!trees.is_empty());
        let mut rng = Rng::new(4);
        for _ in 0..50 {
            let shapes: Vec<Option<Shape>> = trees.iter().map(|t| Some(Shape::random(t.leaves.len(), &mut rng))).collect();
            let h = apply(&g, &trees, &shapes);
            let i = f.random_inputs(&mut crng);
            assert_eq!(h.eval(&i), f.eval(&i));
        }
        // no pair of terms is summed twice in unsat3 (each product is used once)
        assert!(share_sums(&unsat3()).is_none());
    }

    #[test]
    fn value_numbers_see_through_recomputed_products() {
        let f = gold4();
        let (vn, _) = value_numbers(&f);
        // the 23 product statements (5 + 4 + 8 + 6 per limb) compute 16 distinct products
        let products: std::collections::HashSet<usize> = f.stmts.iter().filter(|s| s.op == Op::Mul).map(|s| vn[s.outs[0].unwrap()]).collect();
        assert_eq!(f.stmts.iter().filter(|s| s.op == Op::Mul).count(), 23);
        assert_eq!(products.len(), 16);
    }

    #[test]
    fn code_from_shared_sums_is_proven_and_a_wrong_share_is_rejected() {
        let f = gold4();
        let g = share_sums(&f).unwrap();
        let opts = crate::gen::Options { adx: true, frame_pointer: false, ..Default::default() };
        let mut crng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let l = crate::lir::lower(&g).unwrap();
        for cand in [crate::gen::Candidate::carry_scheduled(&l), crate::gen::Candidate::initial(&l), crate::gen::Candidate::ir_order(&l)] {
            let prog = crate::gen::generate(&l, &cand, opts, &f.name).unwrap();
            for sc in crate::check::scenarios(&f, true) {
                crate::check::verify(&f, &prog, sc).unwrap_or_else(|e| panic!("{}: {e}", sc.label()));
            }
            let code = crate::jit::load(&prog).unwrap();
            for _ in 0..500 {
                let i = f.random_inputs(&mut crng);
                assert_eq!(crate::jit::call(code.func(), &i, f.limbs()), f.eval(&i));
            }
        }
        // a wrong share: the first shared sum adds its first term twice
        let mut bad = g.clone();
        let k = bad.stmts.iter().position(|s| s.op == Op::Add && s.outs[0].is_some_and(|v| v >= f.var_width.len())).unwrap();
        bad.stmts[k].args[1] = bad.stmts[k].args[0];
        let lb = crate::lir::lower(&bad).unwrap();
        let prog = crate::gen::generate(&lb, &crate::gen::Candidate::carry_scheduled(&lb), opts, &f.name).unwrap();
        assert!(crate::check::verify(&f, &prog, crate::check::Scenario::Distinct).is_err(), "a wrong shared sum must not prove");
        let code = crate::jit::load(&prog).unwrap();
        assert!((0..100).any(|_| {
            let i = f.random_inputs(&mut crng);
            crate::jit::call(code.func(), &i, f.limbs()) != f.eval(&i)
        }));
    }

    #[test]
    fn finds_the_three_limb_sums_through_casts() {
        let f = unsat3();
        let t = sum_trees(&f);
        let sizes: Vec<usize> = t.iter().map(|t| t.leaves.len()).collect();
        // c0 = 3 products; c1 = 3 products + carry; c2 = 3 products + carry
        assert_eq!(sizes, vec![3, 4, 4], "{t:?}");
        assert!(t.iter().all(|t| t.width == 128));
        // the 64-bit sums (x27, x30) have only two terms each and are not trees
        let mul2 = ir::parse(include_str!("../../../examples/crypto/mul2.json")).unwrap();
        assert!(sum_trees(&mul2).is_empty());
    }

    #[test]
    fn every_shape_computes_exactly_the_original() {
        let f = unsat3();
        let trees = sum_trees(&f);
        let mut rng = Rng::new(7);
        let mut crng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut shapes_seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let shapes: Vec<Option<Shape>> = trees.iter().map(|t| Some(Shape::random(t.leaves.len(), &mut rng))).collect();
            shapes_seen.insert(shapes.clone());
            let g = apply(&f, &trees, &shapes);
            let l = crate::lir::lower(&g).unwrap();
            for _ in 0..50 {
                let i = f.random_inputs(&mut crng);
                let want = f.eval(&i);
                assert_eq!(g.eval(&i), want, "{shapes:?}");
                assert_eq!(l.eval(&i), want, "{shapes:?}");
            }
        }
        assert!(shapes_seen.len() > 50);
    }

    #[test]
    fn a_split_makes_two_independent_carry_chains() {
        let f = unsat3();
        let trees = sum_trees(&f);
        let shapes: Vec<Option<Shape>> = trees.iter().map(|t| (t.leaves.len() == 4).then(|| Shape { order: vec![0, 1, 2, 3], split: 2 })).collect();
        let g = apply(&f, &trees, &shapes);
        // per 4-leaf tree: the root is replaced by 3 additions (two chains of one, then their
        // sum); its 2 inner statements stay, unused
        let adds_before = f.stmts.iter().filter(|s| s.op == Op::Add).count();
        let adds_after = g.stmts.iter().filter(|s| s.op == Op::Add).count();
        assert_eq!(adds_after, adds_before + 2 * 2);
        let l0 = crate::lir::lower(&f).unwrap();
        let l1 = crate::lir::lower(&g).unwrap();
        assert_eq!(sums_of_two_chains(&l0), 0, "left-deep chains only add a term to the accumulator");
        assert_eq!(sums_of_two_chains(&l1), 2, "each split tree ends in a sum of two chains");
    }

    /// Low-half additions (no carry in) whose operands both come from additions.
    fn sums_of_two_chains(l: &Lir) -> usize {
        let is_add = |v: V| matches!(l.nodes[v.0], Node::AddC(..));
        l.nodes.iter().filter(|n| matches!(n, Node::AddC(a, b, None) if is_add(*a) && is_add(*b))).count()
    }

    #[test]
    fn transplanted_schedules_are_topological_and_keep_shared_nodes_in_order() {
        let f = unsat3();
        let trees = sum_trees(&f);
        let l0 = crate::lir::lower(&f).unwrap();
        let c = crate::gen::Candidate::carry_scheduled(&l0);
        let mut rng = Rng::new(1);
        for _ in 0..30 {
            let shapes: Vec<Option<Shape>> = trees.iter().map(|t| Some(Shape::random(t.leaves.len(), &mut rng))).collect();
            let l1 = crate::lir::lower(&apply(&f, &trees, &shapes)).unwrap();
            let (order, flips) = transplant(&l0, &c.order, &c.flip, &l1);
            assert_eq!(flips.len(), l1.nodes.len());
            crate::gen::check_topological(&l1, &order).unwrap();
            // products and inputs exist in both: their relative order is kept
            let muls = |l: &Lir, o: &[usize]| o.iter().filter_map(|&i| matches!(l.nodes[i], Node::MulFull(..)).then_some(l.nodes[i])).count();
            assert_eq!(muls(&l0, &c.order), muls(&l1, &order));
        }
        // identity shapes map every node: the transplant is the same schedule
        let same = crate::lir::lower(&apply(&f, &trees, &vec![None; trees.len()])).unwrap();
        let (order, _) = transplant(&l0, &c.order, &c.flip, &same);
        assert_eq!(order, c.order);
    }

    #[test]
    fn code_from_reassociated_variants_is_proven_against_the_original_ir() {
        let f = unsat3();
        let trees = sum_trees(&f);
        let opts = crate::gen::Options { adx: true, frame_pointer: false, ..Default::default() };
        let l0 = crate::lir::lower(&f).unwrap();
        let base = crate::gen::generate(&l0, &crate::gen::Candidate::carry_scheduled(&l0), opts, &f.name).unwrap();
        let mut rng = Rng::new(21);
        let mut crng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for round in 0..4 {
            let shapes: Vec<Option<Shape>> = trees.iter().map(|t| Some(Shape::random(t.leaves.len(), &mut rng))).collect();
            let g = apply(&f, &trees, &shapes);
            let l = crate::lir::lower(&g).unwrap();
            let prog = crate::gen::generate(&l, &crate::gen::Candidate::carry_scheduled(&l), opts, &f.name).unwrap();
            assert_ne!(format!("{:?}", prog.insns), format!("{:?}", base.insns), "round {round}: the variant's code differs");
            for sc in crate::check::scenarios(&f, true) {
                crate::check::verify(&f, &prog, sc).unwrap_or_else(|e| panic!("{shapes:?} {}: {e}", sc.label()));
            }
            let code = crate::jit::load(&prog).unwrap();
            for _ in 0..200 {
                let i = f.random_inputs(&mut crng);
                assert_eq!(crate::jit::call(code.func(), &i, f.limbs()), f.eval(&i));
            }
        }
    }
}
