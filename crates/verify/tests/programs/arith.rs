use vstd::prelude::*;
verus! {
fn add_u8(a: u8, b: u8) -> (r: u8)
    requires a as int + b as int <= 255, // R
    ensures r == a + b, // E
{
    a + b // M(0): a + b ==> a + b + 1
}

fn max_u64(a: u64, b: u64) -> (r: u64)
    ensures
        r >= a, // E
        r >= b, // E
        r == a || r == b, // E
{
    if a >= b { a } else { b }
}

fn abs_diff(a: u32, b: u32) -> (r: u32)
    ensures r as int == if a >= b { a - b } else { b - a }, // E
{
    if a >= b { a - b } else { b - a }
}

fn mid(lo: usize, hi: usize) -> (m: usize)
    requires lo <= hi, // R
    ensures lo <= m <= hi, // E
{
    lo + (hi - lo) / 2 // M(0): (hi - lo) ==> (lo - hi)
}

fn signed_neg(x: i32) -> (r: i32)
    requires x > -2147483648, // R
    ensures r == -x, r + x == 0, // E
{
    -x
}

fn div_rem(a: u32, b: u32) -> (r: (u32))
    requires b == 4, // R
    ensures r <= a, // E
{
    let q = a / b;
    let m = a % b; // M(0): a % b ==> a % (b - 4)
    assert(m < b); // A
    q
}

fn caller() {
    let x = add_u8(100, 55); // M(0): 55 ==> 156
    assert(x == 155); // A
    let y = max_u64(3, 9);
    assert(y == 9); // A
    let z = mid(10, 20); // M(0): mid(10, 20) ==> mid(20, 10)
    assert(10 <= z && z <= 20); // A
}
}
