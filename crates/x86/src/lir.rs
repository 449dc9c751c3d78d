//! Lowering of the Fiat IR to a DAG of 64-bit machine operations (LIR), the code generator's input.
//!
//! 128-bit values become (lo, hi) pairs: products become one full multiply, sums become
//! add/add-with-carry pairs, right shifts become shrd/shr. Carry bits stay carries (they live in
//! CF or OF when the code generator can keep them there).

use crate::ir::{Arg, Function, Op};
use std::collections::HashMap;

/// A value: (node, output index). Output 1 of `AddC`/`SubB` is a carry bit; of `MulFull`, the high half.
pub type V = (usize, u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Input(usize, usize),
    Const(u64),
    /// a * b -> (lo, hi)
    MulFull(V, V),
    /// a * imm mod 2^64
    MulImm(V, u64),
    /// a + b + cin -> (sum, carry)
    AddC(V, V, Option<V>),
    /// a - b - bin -> (diff, borrow)
    SubB(V, V, Option<V>),
    /// a + b mod 2^64
    Add(V, V),
    /// (lo + 2^64 hi) >> k mod 2^64, 0 < k < 64
    Shrd(V, V, u8),
    Shr(V, u8),
    Shl(V, u8),
    /// a mod 2^k, 0 < k < 64
    Mask(V, u8),
    And(V, V),
    Or(V, V),
    Not(V),
    /// c == 0 ? a : b
    Cmov(V, V, V),
    /// A carry bit as a 0/1 number.
    Bool(V),
}

#[derive(Clone, Debug)]
pub struct Lir {
    pub nodes: Vec<Node>,
    pub outputs: Vec<V>,
    pub num_inputs: Vec<usize>,
}

#[derive(Clone, Copy, Debug)]
enum LVal {
    Num(V),
    Carry(V),
    Pair(V, V),
}

struct Lower {
    nodes: Vec<Node>,
    memo: std::collections::HashMap<Node, usize>,
}

impl Lower {
    fn node(&mut self, n: Node) -> usize {
        if let Some(&i) = self.memo.get(&n) {
            return i;
        }
        self.nodes.push(n);
        self.memo.insert(n, self.nodes.len() - 1);
        self.nodes.len() - 1
    }
    fn v(&mut self, n: Node) -> V {
        (self.node(n), 0)
    }
    fn konst(&mut self, c: u64) -> V {
        self.v(Node::Const(c))
    }
    fn is_const(&self, v: V, c: u64) -> bool {
        v.1 == 0 && self.nodes[v.0] == Node::Const(c)
    }
    fn num(&mut self, x: LVal) -> V {
        match x {
            LVal::Num(v) => v,
            LVal::Carry(c) => self.v(Node::Bool(c)),
            LVal::Pair(lo, _) => lo,
        }
    }
    fn pair(&mut self, x: LVal) -> (V, V) {
        match x {
            LVal::Pair(a, b) => (a, b),
            other => {
                let n = self.num(other);
                (n, self.konst(0))
            }
        }
    }
    fn mask(&mut self, v: V, w: u32) -> V {
        if w >= 64 {
            v
        } else if w >= 32 {
            // wide masks do not fit an imm32: share one constant register
            let m = self.konst((1u64 << w) - 1);
            self.v(Node::And(v, m))
        } else {
            self.v(Node::Mask(v, w as u8))
        }
    }
    fn add64(&mut self, a: LVal, b: LVal) -> LVal {
        match (a, b) {
            (LVal::Carry(c), LVal::Carry(d)) => {
                let x = self.v(Node::Bool(d));
                let z = self.konst(0);
                LVal::Num(self.v(Node::AddC(x, z, Some(c))))
            }
            (LVal::Carry(c), other) | (other, LVal::Carry(c)) => {
                let x = self.num(other);
                let z = self.konst(0);
                LVal::Num(self.v(Node::AddC(x, z, Some(c))))
            }
            (a, b) => {
                let (x, y) = (self.num(a), self.num(b));
                LVal::Num(self.v(Node::Add(x, y)))
            }
        }
    }
}

/// Lowers `f`; fails with a message naming the unsupported construct.
pub fn lower(f: &Function) -> Result<Lir, String> {
    let mut l = Lower { nodes: vec![], memo: Default::default() };
    let mut vals: Vec<Option<LVal>> = vec![None; f.var_width.len()];
    let get = |l: &mut Lower, vals: &Vec<Option<LVal>>, a: Arg| -> Result<LVal, String> {
        Ok(match a {
            Arg::Var(v) => vals[v].ok_or("use of an undefined variable")?,
            Arg::Const(c) if c <= u64::MAX as u128 => LVal::Num(l.konst(c as u64)),
            Arg::Const(c) => {
                let (lo, hi) = (l.konst(c as u64), l.konst((c >> 64) as u64));
                LVal::Pair(lo, hi)
            }
            Arg::Input(k, i) => LVal::Num(l.v(Node::Input(k, i))),
        })
    };
    for (si, s) in f.stmts.iter().enumerate() {
        let a: Vec<LVal> = s.args.iter().map(|&x| get(&mut l, &vals, x)).collect::<Result<_, _>>()?;
        let w = s.width;
        let unsupported = || Err(format!("statement {si}: {:?} on width {w} is not supported by the code generator", s.op));
        let res: Vec<LVal> = match s.op {
            Op::Cast => vec![match a[0] {
                LVal::Carry(c) => LVal::Carry(c),
                LVal::Pair(lo, hi) if w > 64 => LVal::Pair(lo, hi),
                x if w > 64 => {
                    let (lo, hi) = l.pair(x);
                    LVal::Pair(lo, hi)
                }
                x => {
                    let n = l.num(x);
                    LVal::Num(l.mask(n, w))
                }
            }],
            Op::Mul if w > 64 => {
                let ((a0, a1), (b0, b1)) = (l.pair(a[0]), l.pair(a[1]));
                if !l.is_const(a1, 0) || !l.is_const(b1, 0) {
                    return unsupported();
                }
                let m = l.node(Node::MulFull(a0, b0));
                vec![LVal::Pair((m, 0), (m, 1))]
            }
            Op::Mul => {
                let (x, y) = (l.num(a[0]), l.num(a[1]));
                let prod = match (l.nodes[x.0], l.nodes[y.0]) {
                    (_, Node::Const(c)) if y.1 == 0 => l.v(Node::MulImm(x, c)),
                    (Node::Const(c), _) if x.1 == 0 => l.v(Node::MulImm(y, c)),
                    _ => l.v(Node::MulFull(x, y)),
                };
                vec![LVal::Num(l.mask(prod, w))]
            }
            Op::Add if w > 64 => {
                let ((a0, a1), (b0, b1)) = (l.pair(a[0]), l.pair(a[1]));
                let lo = l.node(Node::AddC(a0, b0, None));
                let hi = l.v(Node::AddC(a1, b1, Some((lo, 1))));
                vec![LVal::Pair((lo, 0), hi)]
            }
            Op::Add => {
                let s = l.add64(a[0], a[1]);
                let n = l.num(s);
                vec![LVal::Num(l.mask(n, w))]
            }
            Op::Shr => {
                let k = match s.args[1] {
                    Arg::Const(k) => k as u32,
                    _ => return unsupported(),
                };
                match a[0] {
                    LVal::Pair(lo, hi) => {
                        let (nlo, nhi) = if k == 0 {
                            (lo, hi)
                        } else if k < 64 && l.is_const(hi, 0) {
                            (l.v(Node::Shr(lo, k as u8)), hi)
                        } else if k < 64 {
                            (l.v(Node::Shrd(lo, hi, k as u8)), l.v(Node::Shr(hi, k as u8)))
                        } else if k == 64 {
                            (hi, l.konst(0))
                        } else if k < 128 {
                            (l.v(Node::Shr(hi, (k - 64) as u8)), l.konst(0))
                        } else {
                            return unsupported();
                        };
                        if w > 64 {
                            vec![LVal::Pair(nlo, nhi)]
                        } else {
                            vec![LVal::Num(l.mask(nlo, w))]
                        }
                    }
                    x if k < 64 && w <= 64 => {
                        let n = l.num(x);
                        let sh = if k == 0 { n } else { l.v(Node::Shr(n, k as u8)) };
                        vec![LVal::Num(l.mask(sh, w))]
                    }
                    _ => return unsupported(),
                }
            }
            Op::Shl if w <= 64 => {
                let k = match s.args[1] {
                    Arg::Const(k) if k < 64 => k as u8,
                    _ => return unsupported(),
                };
                let n = l.num(a[0]);
                let sh = l.v(Node::Shl(n, k));
                vec![LVal::Num(l.mask(sh, w))]
            }
            Op::And => {
                let (x, y) = (l.num(a[0]), l.num(a[1]));
                let r = match (l.nodes[y.0], y.1) {
                    (Node::Const(c), 0) if c.wrapping_add(1) & c == 0 && c != u64::MAX => l.mask(x, 64 - c.leading_zeros()),
                    (Node::Const(u64::MAX), 0) => x,
                    _ => l.v(Node::And(x, y)),
                };
                let r = l.mask(r, w);
                if w > 64 {
                    let z = l.konst(0);
                    vec![LVal::Pair(r, z)]
                } else {
                    vec![LVal::Num(r)]
                }
            }
            Op::Or if w <= 64 => {
                let (x, y) = (l.num(a[0]), l.num(a[1]));
                let r = l.v(Node::Or(x, y));
                vec![LVal::Num(l.mask(r, w))]
            }
            Op::Not if w <= 64 => {
                let x = l.num(a[0]);
                let r = l.v(Node::Not(x));
                vec![LVal::Num(l.mask(r, w))]
            }
            Op::Mulx(64) => {
                let (x, y) = (l.num(a[0]), l.num(a[1]));
                let m = l.node(Node::MulFull(x, y));
                vec![LVal::Num((m, 0)), LVal::Num((m, 1))]
            }
            Op::AddCarry(64) | Op::SubBorrow(64) => {
                let cin = match a[0] {
                    LVal::Carry(c) => Some(c),
                    LVal::Num(v) if l.is_const(v, 0) => None,
                    x => {
                        // a 0/1 number used as carry: add it as an operand instead
                        let _ = x;
                        return unsupported();
                    }
                };
                let (x, y) = (l.num(a[1]), l.num(a[2]));
                let n = if matches!(s.op, Op::AddCarry(_)) { Node::AddC(x, y, cin) } else { Node::SubB(x, y, cin) };
                let id = l.node(n);
                vec![LVal::Num((id, 0)), LVal::Carry((id, 1))]
            }
            Op::Cmovznz if w == 64 => {
                let c = match a[0] {
                    LVal::Carry(c) => c,
                    x => l.num(x),
                };
                let (x, y) = (l.num(a[1]), l.num(a[2]));
                vec![LVal::Num(l.v(Node::Cmov(c, x, y)))]
            }
            _ => return unsupported(),
        };
        for (o, r) in s.outs.iter().zip(res) {
            if let Some(o) = o {
                vals[*o] = Some(r);
            }
        }
    }
    let mut outputs = Vec::new();
    for &o in &f.outputs {
        let x = get(&mut l, &vals, o)?;
        outputs.push(l.num(x));
    }
    let lir = Lir { nodes: l.nodes, outputs, num_inputs: f.args.iter().map(|a| a.len).collect() };
    let bounds: Vec<Vec<u64>> = f.args.iter().map(|a| a.ubound.iter().map(|&b| b.min(u64::MAX as u128) as u64).collect()).collect();
    let simplified = lir.dead_code_eliminated().simplified(&bounds);
    Ok(crate::constmove::constants_moved_to_early_operands(&simplified, &bounds))
}

/// Inclusive upper bounds of every node's two outputs, by interval analysis from the input
/// bounds (`input_ub[k][i]` bounds limb `i` of argument `k`). Lower bounds are always 0.
pub fn upper_bounds(lir: &Lir, input_ub: &[Vec<u64>]) -> Vec<[u64; 2]> {
    let mut ub: Vec<[u64; 2]> = Vec::with_capacity(lir.nodes.len());
    let sat = |x: u128| x.min(u64::MAX as u128) as u64;
    for n in &lir.nodes {
        let g = |x: V| ub[x.0][x.1 as usize] as u128;
        let r = match *n {
            Node::Input(k, i) => [input_ub.get(k).and_then(|b| b.get(i)).copied().unwrap_or(u64::MAX), 0],
            Node::Const(c) => [c, 0],
            Node::MulFull(a, b) => {
                let p = g(a) * g(b);
                [sat(p), (p >> 64) as u64]
            }
            // a product that wraps mod 2^64 can be anything: sat() then gives u64::MAX
            Node::MulImm(a, k) => [sat(g(a) * k as u128), 0],
            Node::AddC(a, b, c) => {
                let t = g(a) + g(b) + c.map(g).unwrap_or(0);
                [sat(t), (t >> 64).min(1) as u64]
            }
            Node::SubB(_, _, _) => [u64::MAX, 1],
            Node::Add(a, b) => [sat(g(a) + g(b)), 0],
            Node::Shrd(lo, hi, k) => [sat(((g(hi) << 64) + g(lo)) >> k), 0],
            Node::Shr(a, k) => [(g(a) >> k) as u64, 0],
            Node::Shl(a, k) => [sat(g(a) << k), 0],
            Node::Mask(a, k) => [sat(g(a).min((1u128 << k) - 1)), 0],
            Node::And(a, b) => [sat(g(a).min(g(b))), 0],
            Node::Or(a, b) => [all_ones_above(sat(g(a).max(g(b)))), 0],
            Node::Not(_) => [u64::MAX, 0],
            Node::Cmov(_, a, b) => [sat(g(a).max(g(b))), 0],
            Node::Bool(c) => [sat(g(c).min(1)), 0],
        };
        ub.push(r);
    }
    ub
}

/// k when `c` is the constant 2^k - 1 (0 < k < 64).
fn const_mask(l: &Lower, c: V) -> Option<u8> {
    match l.nodes[c.0] {
        Node::Const(m) if c.1 == 0 => mask_width(m),
        _ => None,
    }
}

/// The smallest 2^k - 1 that is >= x.
fn all_ones_above(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        u64::MAX >> x.leading_zeros()
    }
}

/// `c` as the k of a mask 2^k - 1 (0 < k < 64), if it is one.
fn mask_width(c: u64) -> Option<u8> {
    (c != 0 && c != u64::MAX && c & c.wrapping_add(1) == 0).then(|| (64 - c.leading_zeros()) as u8)
}

impl Node {
    /// The values this node reads.
    pub fn operands(&self) -> Vec<V> {
        match *self {
            Node::Input(..) | Node::Const(_) => vec![],
            Node::MulFull(a, b) | Node::Add(a, b) | Node::Shrd(a, b, _) | Node::And(a, b) | Node::Or(a, b) => vec![a, b],
            Node::AddC(a, b, c) | Node::SubB(a, b, c) => {
                let mut v = vec![a, b];
                v.extend(c);
                v
            }
            Node::MulImm(a, _) | Node::Shr(a, _) | Node::Shl(a, _) | Node::Mask(a, _) | Node::Not(a) | Node::Bool(a) => vec![a],
            Node::Cmov(c, a, b) => vec![c, a, b],
        }
    }

    /// The same operation on operands renamed by `f` (hook for `reassoc::transplant`).
    pub fn map_operands(&self, f: impl Fn(V) -> V) -> Node {
        self.map(f)
    }

    fn map(&self, f: impl Fn(V) -> V) -> Node {
        match *self {
            Node::MulFull(a, b) => Node::MulFull(f(a), f(b)),
            Node::MulImm(a, k) => Node::MulImm(f(a), k),
            Node::AddC(a, b, c) => Node::AddC(f(a), f(b), c.map(&f)),
            Node::SubB(a, b, c) => Node::SubB(f(a), f(b), c.map(&f)),
            Node::Add(a, b) => Node::Add(f(a), f(b)),
            Node::Shrd(a, b, k) => Node::Shrd(f(a), f(b), k),
            Node::Shr(a, k) => Node::Shr(f(a), k),
            Node::Shl(a, k) => Node::Shl(f(a), k),
            Node::Mask(a, k) => Node::Mask(f(a), k),
            Node::And(a, b) => Node::And(f(a), f(b)),
            Node::Or(a, b) => Node::Or(f(a), f(b)),
            Node::Not(a) => Node::Not(f(a)),
            Node::Cmov(c, a, b) => Node::Cmov(f(c), f(a), f(b)),
            Node::Bool(a) => Node::Bool(f(a)),
            n => n,
        }
    }

    /// True for values that are carry bits (live in a flag when possible).
    pub fn is_carry_output(&self, out: u8) -> bool {
        out == 1 && matches!(self, Node::AddC(..) | Node::SubB(..))
    }
}

impl Lir {
    pub(crate) fn dead_code_eliminated(&self) -> Lir {
        let mut live = vec![false; self.nodes.len()];
        for o in &self.outputs {
            live[o.0] = true;
        }
        for i in (0..self.nodes.len()).rev() {
            if live[i] {
                for (n, _) in self.nodes[i].operands() {
                    live[n] = true;
                }
            }
        }
        let mut remap = vec![usize::MAX; self.nodes.len()];
        let mut nodes = Vec::new();
        for (i, n) in self.nodes.iter().enumerate() {
            if live[i] {
                remap[i] = nodes.len();
                nodes.push(n.map(|(a, o)| (remap[a], o)));
            }
        }
        Lir { nodes, outputs: self.outputs.iter().map(|&(a, o)| (remap[a], o)).collect(), num_inputs: self.num_inputs.clone() }
    }

    /// Rewrites with exact integer identities (valid for all inputs within `input_ub`), then
    /// removes dead code:
    /// - `(x * j) * k = x * (j k mod 2^64)`, `x * 1 = x`, `x * 0 = 0`;
    /// - `x mod 2^k = x` when the interval of x is below 2^k (also `x & (2^k - 1)`);
    /// - `(x mod 2^j) mod 2^k = x mod 2^min(j,k)`;
    /// - `x >> 0 = x << 0 = x`, `x >> k = 0` when x < 2^k, `x + 0 = x`, `x | 0 = x`.
    /// Every rewrite is covered by a random differential test against `Lir::eval`.
    pub fn simplified(&self, input_ub: &[Vec<u64>]) -> Lir {
        let ub = upper_bounds(self, input_ub);
        let mut l = Lower { nodes: vec![], memo: Default::default() };
        // new value for each old value
        let mut map: Vec<[V; 2]> = Vec::with_capacity(self.nodes.len());
        // bound of each new value: the bound of the old value(s) it equals
        let mut new_ub: HashMap<V, u64> = HashMap::new();
        for (i, n) in self.nodes.iter().enumerate() {
            let m = n.map(|(a, o)| map[a][o as usize]);
            let below = |v: V, k: u8| new_ub.get(&v).map(|&b| b < (1u64 << k)).unwrap_or(false);
            let rewritten: Option<V> = match m {
                Node::MulImm(_, 0) => Some(l.konst(0)),
                Node::MulImm(a, 1) => Some(a),
                Node::MulImm(a, k) => match l.nodes[a.0] {
                    Node::MulImm(x, j) => Some(l.v(Node::MulImm(x, j.wrapping_mul(k)))),
                    _ => None,
                },
                Node::Mask(a, k) if below(a, k) => Some(a),
                Node::Mask(a, k) => match l.nodes[a.0] {
                    Node::Mask(x, j) => Some(l.v(Node::Mask(x, j.min(k)))),
                    _ => None,
                },
                Node::And(a, c) | Node::And(c, a) if const_mask(&l, c).map(|k| below(a, k)).unwrap_or(false) => Some(a),
                Node::And(a, c) | Node::And(c, a) if l.is_const(c, u64::MAX) => Some(a),
                Node::Shr(a, 0) | Node::Shl(a, 0) => Some(a),
                Node::Shr(a, k) if below(a, k) => Some(l.konst(0)),
                Node::Add(a, z) | Node::Add(z, a) if l.is_const(z, 0) => Some(a),
                Node::Or(a, z) | Node::Or(z, a) if l.is_const(z, 0) => Some(a),
                _ => None,
            };
            // rewrites apply to single-output nodes only (output 1 is never read)
            let (new, outs) = match rewritten {
                Some(v) => ([v, v], 1),
                None => {
                    let id = l.node(m);
                    ([(id, 0), (id, 1)], 2)
                }
            };
            for o in 0..outs {
                let b = new_ub.entry(new[o]).or_insert(u64::MAX);
                *b = (*b).min(ub[i][o]);
            }
            map.push(new);
        }
        let outputs = self.outputs.iter().map(|&(a, o)| map[a][o as usize]).collect();
        Lir { nodes: l.nodes, outputs, num_inputs: self.num_inputs.clone() }.dead_code_eliminated()
    }

    /// Evaluates the LIR (used to test the lowering against the IR evaluator).
    pub fn eval(&self, inputs: &[Vec<u64>]) -> Vec<u64> {
        let mut v: Vec<[u64; 2]> = Vec::with_capacity(self.nodes.len());
        for n in &self.nodes {
            let g = |x: V| v[x.0][x.1 as usize];
            let r = match *n {
                Node::Input(k, i) => [inputs[k][i], 0],
                Node::Const(c) => [c, 0],
                Node::MulFull(a, b) => {
                    let p = g(a) as u128 * g(b) as u128;
                    [p as u64, (p >> 64) as u64]
                }
                Node::MulImm(a, k) => [g(a).wrapping_mul(k), 0],
                Node::AddC(a, b, c) => {
                    let t = g(a) as u128 + g(b) as u128 + c.map(g).unwrap_or(0) as u128;
                    [t as u64, (t >> 64) as u64]
                }
                Node::SubB(a, b, c) => {
                    let t = (g(a) as i128) - (g(b) as i128) - c.map(g).unwrap_or(0) as i128;
                    [t as u64, (t < 0) as u64]
                }
                Node::Add(a, b) => [g(a).wrapping_add(g(b)), 0],
                Node::Shrd(a, b, k) => [(((g(b) as u128) << 64 | g(a) as u128) >> k) as u64, 0],
                Node::Shr(a, k) => [g(a) >> k, 0],
                Node::Shl(a, k) => [g(a) << k, 0],
                Node::Mask(a, k) => [g(a) & ((1u64 << k) - 1), 0],
                Node::And(a, b) => [g(a) & g(b), 0],
                Node::Or(a, b) => [g(a) | g(b), 0],
                Node::Not(a) => [!g(a), 0],
                Node::Cmov(c, a, b) => [if g(c) == 0 { g(a) } else { g(b) }, 0],
                Node::Bool(a) => [g(a), 0],
            };
            v.push(r);
        }
        self.outputs.iter().map(|o| v[o.0][o.1 as usize]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn lowering_preserves_the_two_limb_fixture() {
        let f = crate::ir::parse(include_str!("../../../examples/crypto/mul2.json")).unwrap();
        let l = lower(&f).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..2000 {
            let i = f.random_inputs(&mut rng);
            assert_eq!(l.eval(&i), f.eval(&i));
        }
    }

    /// A random LIR built to exercise every rewrite: chains of constant multiplications, masks
    /// of masks, masks of values already in range, shifts by 0 and past the bound, adds of 0.
    fn random_rewrite_lir(rng: &mut impl rand::Rng) -> (Lir, Vec<Vec<u64>>) {
        let bits = [1u32, 2, 8, 26, 44, 51, 63, 64];
        let ub: Vec<u64> = (0..3).map(|_| {
            let b = bits[rng.gen_range(0..bits.len())];
            if b == 64 { u64::MAX } else { (1u64 << b) - 1 }
        }).collect();
        let mut nodes: Vec<Node> = (0..3).map(|i| Node::Input(0, i)).collect();
        let consts = [0u64, 1, 2, 5, 19, 38, (1 << 26) - 1, (1 << 44) - 1, u64::MAX, 0x7fffffff];
        for _ in 0..30 {
            let pick = |rng: &mut dyn rand::RngCore, len: usize| -> V { (rand::Rng::gen_range(rng, 0..len), 0) };
            let a = pick(rng, nodes.len());
            let b = pick(rng, nodes.len());
            let k = rng.gen_range(0..64u8);
            let n = match rng.gen_range(0..9) {
                0 | 1 => Node::MulImm(a, consts[rng.gen_range(0..consts.len())]),
                2 | 3 => Node::Mask(a, rng.gen_range(1..64)),
                4 => {
                    nodes.push(Node::Const(consts[rng.gen_range(0..consts.len())]));
                    Node::And(a, (nodes.len() - 1, 0))
                }
                5 => Node::Shr(a, k),
                6 => Node::Shl(a, k),
                7 => {
                    nodes.push(Node::Const(0));
                    if rng.gen_bool(0.5) { Node::Add(a, (nodes.len() - 1, 0)) } else { Node::Or((nodes.len() - 1, 0), a) }
                }
                _ => Node::Add(a, b),
            };
            nodes.push(n);
        }
        let outputs = (0..4).map(|_| (rng.gen_range(3..nodes.len()), 0)).collect();
        (Lir { nodes, outputs, num_inputs: vec![3] }, vec![ub])
    }

    #[test]
    fn simplification_is_exact_on_random_lirs_within_bounds() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut shrunk, mut total) = (0, 0);
        for _ in 0..400 {
            let (l, ub) = random_rewrite_lir(&mut rng);
            let s = l.dead_code_eliminated().simplified(&ub);
            total += 1;
            if s.nodes.len() < l.dead_code_eliminated().nodes.len() {
                shrunk += 1;
            }
            for _ in 0..200 {
                // the bounds themselves are the likeliest to break an off-by-one rewrite
                let i: Vec<Vec<u64>> = vec![ub[0].iter().map(|&b| if rng.gen_bool(0.3) { b } else { rng.gen_range(0..=b) }).collect()];
                assert_eq!(s.eval(&i), l.eval(&i), "{:?}\n->\n{:?}", l.nodes, s.nodes);
            }
        }
        assert!(shrunk * 2 > total, "rewrites fired on only {shrunk} of {total} random LIRs");
    }

    #[test]
    fn constant_multiplications_fold_and_redundant_masks_go() {
        // x*5*2*2 and ((x mod 2^44) mod 2^44) mod 2^1 on x < 2^44; (x >> 50) with x < 2^44 is 0
        let nodes = vec![
            Node::Input(0, 0),
            Node::MulImm((0, 0), 5),
            Node::MulImm((1, 0), 2),
            Node::MulImm((2, 0), 2),
            Node::Mask((0, 0), 44),
            Node::Mask((4, 0), 44),
            Node::Mask((5, 0), 1),
            Node::Mask((6, 0), 1),
            Node::Shr((0, 0), 50),
            Node::Add((7, 0), (8, 0)),
        ];
        let l = Lir { nodes, outputs: vec![(3, 0), (9, 0)], num_inputs: vec![1] };
        let s = l.simplified(&[vec![(1 << 44) - 1]]);
        assert!(s.nodes.contains(&Node::MulImm((0, 0), 20)), "{:?}", s.nodes);
        assert_eq!(s.nodes.iter().filter(|n| matches!(n, Node::MulImm(..))).count(), 1, "{:?}", s.nodes);
        assert_eq!(s.nodes.iter().filter(|n| matches!(n, Node::Mask(..))).count(), 1, "{:?}", s.nodes);
        assert!(!s.nodes.iter().any(|n| matches!(n, Node::Shr(..) | Node::Add(..))), "{:?}", s.nodes);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..1000 {
            let i = vec![vec![rng.gen_range(0..1u64 << 44)]];
            assert_eq!(s.eval(&i), l.eval(&i));
        }
    }

    #[test]
    fn interval_bounds_contain_every_value() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for _ in 0..200 {
            let (l, ub) = random_rewrite_lir(&mut rng);
            let b = upper_bounds(&l, &ub);
            for _ in 0..50 {
                let i: Vec<Vec<u64>> = vec![ub[0].iter().map(|&x| rng.gen_range(0..=x)).collect()];
                let all = Lir { nodes: l.nodes.clone(), outputs: (0..l.nodes.len()).map(|n| (n, 0)).collect(), num_inputs: l.num_inputs.clone() };
                for (n, v) in all.eval(&i).into_iter().enumerate() {
                    assert!(v <= b[n][0], "node {n} {:?} = {v} > bound {}", l.nodes[n], b[n][0]);
                }
            }
        }
    }
}
