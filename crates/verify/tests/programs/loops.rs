use vstd::prelude::*;
verus! {
fn sum_to(n: u32) -> (s: u64)
    ensures s == n * (n + 1) / 2, // E
{
    let mut i: u32 = 0;
    let mut s: u64 = 0;
    while i < n
        invariant
            i <= n, // I
            s == i * (i + 1) / 2, // I
            s <= (i as int) * 4294967296, // I
        decreases n - i, // M(0): n - i ==> i
    {
        i = i + 1;
        s = s + i as u64;
    }
    s
}

fn count_down(n: u64) -> (r: u64)
    ensures r == 0, // E
{
    let mut k = n;
    while k > 0
        invariant k <= n, // I
        decreases k,
    {
        k = k - 1; // M(0): k - 1 ==> k + 1
    }
    k
}

fn find_first_ge(limit: u32) -> (r: u32)
    requires limit < 1000, // R
    ensures r >= limit, r < limit + 3, // E
{
    let mut x: u32 = 0;
    loop
        invariant x <= limit, // I
        ensures x >= limit, x <= limit, // I
        decreases limit - x,
    {
        if x >= limit {
            break;
        }
        x = x + 1;
    }
    x
}

fn double_all(n: u32) -> (r: u32)
    requires n <= 1000, // R
    ensures r == 2 * n, // E
{
    let mut i: u32 = 0;
    let mut acc: u32 = 0;
    while i < n
        invariant
            i <= n <= 1000, // I
            acc == 2 * i, // I
    {
        acc += 2; // M(-2): 2; ==> 3;
        i += 1;
    }
    acc
}
}
