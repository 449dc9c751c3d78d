use vstd::prelude::*;
verus! {
type Pair<A> = (A, A);

fn sort2(p: Pair<u16>) -> (q: Pair<u16>)
    ensures q.0 <= q.1, // E
        (q.0 == p.0 && q.1 == p.1) || (q.0 == p.1 && q.1 == p.0), // E
{
    if p.0 <= p.1 { p } else { (p.1, p.0) }
}

fn divmod(a: u32, b: u32) -> (r: (u32, u32))
    requires b > 0, // R
    ensures r.0 * b + r.1 == a, r.1 < b, // E
{
    (a / b, a % b)
}

fn swap2(p: (u64, bool)) -> (q: (bool, u64))
    ensures q.0 == p.1, q.1 == p.0, // E
{
    let (x, y) = p;
    (y, x)
}

fn sum3(t: (u8, u8, u8)) -> (s: u16)
    ensures s == t.0 + t.1 + t.2, // E
{
    t.0 as u16 + t.1 as u16 + t.2 as u16
}

spec fn fst<A, B>(p: (A, B)) -> A { p.0 }

proof fn fst_pair(x: int, y: int)
    ensures fst((x, y)) == x, (x, y) != (x + 1, y), // E
{
}

fn use_tuples() {
    let r = divmod(17, 5);
    assert(r.0 == 3); // A!
    assert(r.1 == 2); // A
    let q = swap2((7, true));
    assert(q.0 && q.1 == 7); // A
    let s = sum3((255, 255, 255)); // M(1): 255)) ==> 254))
    assert(s == 765); // A
}
}
