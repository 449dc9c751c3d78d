//! Lowering of the Fiat IR to a DAG of 64-bit machine operations (LIR), the code generator's input.
//!
//! 128-bit values become (lo, hi) pairs: products become one full multiply, sums become
//! add/add-with-carry pairs, right shifts become shrd/shr. Carry bits stay carries (they live in
//! CF or OF when the code generator can keep them there).

use crate::ir::{Arg, Function, Op};

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
    Ok(lir.dead_code_eliminated())
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
    fn dead_code_eliminated(&self) -> Lir {
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
    use rand::SeedableRng;

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
}
