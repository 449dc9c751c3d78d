//! Moving a constant factor to the other operand of a product: `x * (k y) = (k x) * y` whenever
//! neither `k x` nor `k y` wraps mod 2^64 (checked with the input bounds), so both sides are the
//! same integer.
//!
//! Why: in chained use (the output of one call is the first argument of the next, as in a
//! square-and-multiply ladder and in our latency measurement) the limbs of the first argument arrive
//! at different times, in the order the previous call finished its outputs. Fiat's unsaturated code
//! multiplies the limb that arrives last by a constant before the product (poly1305 square:
//! `a1 * (20 a2)`, with `a2` the last output of the carry chain), which puts an extra lea/imul on the
//! critical path. Moving the constant to the operand that arrives earlier takes it off that path and
//! costs nothing in throughput (same instructions).
//!
//! Arrival model: limb i of the first argument arrives when output i of the previous call is ready,
//! i.e. after the longest path to output i (weights: full multiply 4, multiply by constant 3, other
//! operations 1); other arguments are ready at the start. Only products of two input limbs where the
//! scaled operand is used by that product alone are rewritten.

use crate::lir::{Lir, Node, V};

fn latency(n: &Node) -> u32 {
    match n {
        Node::MulFull(..) => 4,
        Node::MulImm(..) => 3,
        Node::Input(..) | Node::Const(_) => 0,
        _ => 1,
    }
}

/// Longest weighted path (from any input) to each node.
fn depths(lir: &Lir) -> Vec<u32> {
    let mut d = vec![0u32; lir.nodes.len()];
    for (i, n) in lir.nodes.iter().enumerate() {
        d[i] = latency(n) + n.operands().iter().map(|&(a, _)| d[a]).max().unwrap_or(0);
    }
    d
}

/// Arrival time of input (argument, limb) in chained use.
fn arrival(lir: &Lir, depth: &[u32], arg: usize, limb: usize) -> u32 {
    let chained = arg == 0 && lir.outputs.len() == lir.num_inputs.first().copied().unwrap_or(0);
    if chained {
        depth[lir.outputs[limb].0]
    } else {
        0
    }
}

fn uses(lir: &Lir) -> Vec<usize> {
    let mut u = vec![0usize; lir.nodes.len()];
    for n in &lir.nodes {
        for (a, _) in n.operands() {
            u[a] += 1;
        }
    }
    for &(a, _) in &lir.outputs {
        u[a] += 1;
    }
    u
}

/// The rewritten product for node `i` if it qualifies: (input node of the new scaled operand, k,
/// the other operand).
fn plan(lir: &Lir, i: usize, ub: &[Vec<u64>], depth: &[u32], uses: &[usize]) -> Option<(usize, u64, V)> {
    let Node::MulFull(a, b) = lir.nodes[i] else { return None };
    for (plain, scaled) in [(a, b), (b, a)] {
        let Node::MulImm(y, k) = lir.nodes[scaled.0] else { continue };
        if scaled.1 != 0 || y.1 != 0 || plain.1 != 0 || uses[scaled.0] != 1 {
            continue;
        }
        let (Node::Input(ax, lx), Node::Input(ay, ly)) = (lir.nodes[plain.0], lir.nodes[y.0]) else { continue };
        let fits = |arg: usize, limb: usize| {
            let b = ub.get(arg).and_then(|v| v.get(limb)).copied().unwrap_or(u64::MAX);
            (b as u128) * (k as u128) < (1u128 << 64)
        };
        if !fits(ax, lx) || !fits(ay, ly) {
            continue;
        }
        if arrival(lir, depth, ay, ly) > arrival(lir, depth, ax, lx) {
            return Some((plain.0, k, y));
        }
    }
    None
}

/// `lir` with constant factors moved off late-arriving operands (see the module comment). The
/// result computes the same outputs for every input within `input_ub`.
pub fn constants_moved_to_early_operands(lir: &Lir, input_ub: &[Vec<u64>]) -> Lir {
    let depth = depths(lir);
    let uses = uses(lir);
    let mut nodes: Vec<Node> = Vec::with_capacity(lir.nodes.len() + 4);
    let mut remap: Vec<usize> = Vec::with_capacity(lir.nodes.len());
    let mut changed = false;
    for (i, n) in lir.nodes.iter().enumerate() {
        let m = |v: V| (remap[v.0], v.1);
        let new = match plan(lir, i, input_ub, &depth, &uses) {
            Some((x, k, y)) => {
                nodes.push(Node::MulImm((remap[x], 0), k));
                changed = true;
                Node::MulFull(((nodes.len() - 1), 0), m(y))
            }
            None => n.map_operands(m),
        };
        nodes.push(new);
        remap.push(nodes.len() - 1);
    }
    if !changed {
        return lir.clone();
    }
    let outputs = lir.outputs.iter().map(|&(a, o)| (remap[a], o)).collect();
    Lir { nodes, outputs, num_inputs: lir.num_inputs.clone() }.dead_code_eliminated()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// out0 = lo(a0 * (20 a2)), out1 = a0 + a1 (short), out2 = hi(a0 a1) + (out0 path) (long):
    /// a2 comes from the long output, so the constant must move to a0.
    fn chained_fixture() -> Lir {
        let nodes = vec![
            Node::Input(0, 0),                // 0
            Node::Input(0, 2),                // 1
            Node::MulImm((1, 0), 20),         // 2: 20 a2
            Node::MulFull((0, 0), (2, 0)),    // 3: a0 * 20 a2
            Node::Input(0, 1),                // 4
            Node::Add((0, 0), (4, 0)),        // 5: a0 + a1
            Node::MulFull((0, 0), (4, 0)),    // 6
            Node::Add((6, 1), (3, 0)),        // 7
            Node::Add((7, 0), (3, 1)),        // 8: long
        ];
        Lir { nodes, outputs: vec![(3, 0), (5, 0), (8, 0)], num_inputs: vec![3] }
    }

    #[test]
    fn the_constant_moves_to_the_operand_that_arrives_first_and_values_are_unchanged() {
        let lir = chained_fixture();
        let ub = vec![vec![(1u64 << 45) - 1; 3]];
        let moved = constants_moved_to_early_operands(&lir, &ub);
        // 20 now multiplies input a0 (node Input(0,0)), not a2
        let scaled: Vec<Node> = moved.nodes.iter().filter_map(|n| match n {
            Node::MulImm(v, 20) => Some(moved.nodes[v.0]),
            _ => None,
        }).collect();
        assert_eq!(scaled, vec![Node::Input(0, 0)], "{:?}", moved.nodes);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..5000 {
            let i = vec![(0..3).map(|_| if rng.gen_bool(0.2) { ub[0][0] } else { rng.gen_range(0..=ub[0][0]) }).collect()];
            assert_eq!(moved.eval(&i), lir.eval(&i));
        }
    }

    #[test]
    fn no_move_when_the_scaled_early_operand_could_wrap() {
        // a0 may be close to 2^64: 20 a0 would wrap, so the product must stay as it is
        let lir = chained_fixture();
        let ub = vec![vec![u64::MAX, (1u64 << 45) - 1, (1u64 << 45) - 1]];
        let moved = constants_moved_to_early_operands(&lir, &ub);
        assert_eq!(moved.nodes, lir.nodes);
    }

    #[test]
    fn in_a_multiplication_the_constant_moves_to_the_second_argument() {
        // out = lo/hi of b0 * (19 a2): a2 arrives with the previous output, b0 is ready at the start
        let nodes = vec![
            Node::Input(1, 0),
            Node::Input(0, 2),
            Node::MulImm((1, 0), 19),
            Node::MulFull((0, 0), (2, 0)),
            Node::Input(0, 0),
            Node::Add((3, 0), (4, 0)),
        ];
        let lir = Lir { nodes, outputs: vec![(5, 0), (3, 1), (3, 0)], num_inputs: vec![3, 3] };
        let ub = vec![vec![(1u64 << 52) - 1; 3]; 2];
        let moved = constants_moved_to_early_operands(&lir, &ub);
        assert!(moved.nodes.iter().any(|n| matches!(n, Node::MulImm(v, 19) if moved.nodes[v.0] == Node::Input(1, 0))), "{:?}", moved.nodes);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        for _ in 0..5000 {
            let i: Vec<Vec<u64>> = (0..2).map(|_| (0..3).map(|_| rng.gen_range(0..=ub[0][0])).collect()).collect();
            assert_eq!(moved.eval(&i), lir.eval(&i));
        }
    }
}
