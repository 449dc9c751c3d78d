use vstd::prelude::*;
verus! {
spec fn pow2(n: nat) -> nat
    decreases n,
{
    if n == 0 { 1 } else { 2 * pow2((n - 1) as nat) }
}

proof fn pow2_3()
    ensures pow2(3) == 8, // E
{
    reveal_with_fuel(pow2, 4);
}

proof fn pow2_mono(a: nat, b: nat)
    requires a <= b, // R
    ensures pow2(a) <= pow2(b), // E
    decreases b,
{
    if a < b {
        pow2_mono(a, (b - 1) as nat);
    }
}

fn gcd_sub(a: u64, b: u64) -> (g: u64)
    requires a > 0, b > 0, // R
    ensures g > 0, g <= a, g <= b, // E
{
    let mut x = a;
    let mut y = b;
    while x != y
        invariant
            x > 0, y > 0, // I
            x <= a, y <= b, // I
            x <= a && y <= b, // I
        decreases x + y,
    {
        if x > y {
            x = x - y;
        } else {
            y = y - x;
        }
    }
    proof {
        assert(x <= a); // A
    }
    x
}

fn signed_ops(a: i16, b: i16) -> (r: i32)
    requires 0 <= a <= 100, 0 < b <= 100, // R
    ensures r == (a as i32) * (b as i32) + (a as i32) / (b as i32), // E
{
    let p = (a as i32) * (b as i32);
    let q = (a as i32) / (b as i32);
    p + q
}

fn trunc_div()
{
    let a: i32 = -7;
    let b: i32 = 2;
    assert(a / b == -4) by { } // A
    let q = a / b;
    assert(q == -3); // A
    let r = a % b;
    assert(r == -1); // A
}

fn casts(x: u64) -> (r: u8)
    ensures r == x % 256, // E
{
    x as u8
}

fn min3(a: i64, b: i64, c: i64) -> (m: i64)
    ensures
        m <= a, m <= b, m <= c, // E
        m == a || m == b || m == c, // E
{
    let mut m = a;
    if b < m {
        m = b;
    }
    if c < m {
        m = c;
    }
    m
}
}
