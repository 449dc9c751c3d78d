use vstd::prelude::*;
verus! {
struct Counter { n: u64, hits: u64 }

fn incr(c: &mut Counter)
    requires old(c).n < 1000, old(c).hits < 1000, // R
    ensures c.n == old(c).n + 1, c.hits == old(c).hits + 1, // E
{
    c.n = c.n + 1;
    c.hits = c.hits + 1;
}

fn reset(c: &mut Counter)
    ensures c.n == 0, c.hits == old(c).hits, // E
{
    c.n = 0;
}

fn add_to(x: &mut u32, d: u32)
    requires old(x) + d <= 100, // R
    ensures *x == old(x) + d, // E
{
    *x = *x + d;
}

fn driver() {
    let mut c = Counter { n: 5, hits: 0 };
    incr(&mut c);
    assert(c.n == 6); // A
    incr(&mut c); // M(1): incr(&mut c); ==> reset(&mut c); reset(&mut c);
    assert(c.hits == 2); // A
    reset(&mut c);
    assert(c.n == 0 && c.hits == 2); // A
    let mut v: u32 = 10;
    add_to(&mut v, 5); // M(0): 5 ==> 95
    assert(v == 15); // A
}

fn swap_vals(a: &mut u64, b: &mut u64)
    ensures *a == old(b), *b == old(a), // E
{
    let t = *a;
    *a = *b;
    *b = t;
}

fn clamp(x: &mut i64, lo: i64, hi: i64)
    requires lo <= hi, // R
    ensures lo <= *x <= hi, // E
        old(x) < lo ==> *x == lo, // E
        old(x) > hi ==> *x == hi, // E
{
    if *x < lo {
        *x = lo;
    } else if *x > hi {
        *x = hi;
    }
}
}
