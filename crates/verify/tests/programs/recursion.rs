use vstd::prelude::*;
verus! {
spec fn fact(n: nat) -> nat
    decreases n,
{
    if n == 0 { 1 } else { n * fact((n - 1) as nat) }
}

spec fn tri(n: int) -> int
    decreases n,
{
    if n <= 0 { 0 } else { n + tri(n - 1) } // M(0): tri(n - 1) ==> tri(n + 1)
}

proof fn tri_3()
    ensures tri(3) == 6, // E
{
    assert(tri(0) == 0); // A!
    assert(tri(1) == 1); // A!
    assert(tri(2) == 3); // A!
}

proof fn tri_mono(n: int)
    requires n >= 0, // R
    ensures tri(n) >= 0, // E
    decreases n,
{
    if n > 0 {
        tri_mono(n - 1); // M(0): n - 1 ==> n
    }
}

proof fn tri_formula(n: int)
    requires n >= 0, // R
    ensures 2 * tri(n) == n * (n + 1), // E
    decreases n,
{
    if n > 0 {
        tri_formula(n - 1);
    }
}

fn tri_exec(n: u32) -> (r: u64)
    requires n <= 1000, // R
    ensures r == tri(n as int), // E
{
    let mut i: u32 = 0;
    let mut acc: u64 = 0;
    while i < n
        invariant
            i <= n <= 1000, // I
            acc == tri(i as int), // I
            acc <= i * 1000, // I
        decreases n - i,
    {
        i = i + 1;
        acc = acc + i as u64;
    }
    acc
}

spec fn fib(n: nat) -> nat
    decreases n,
{
    if n < 2 { n } else { fib((n - 1) as nat) + fib((n - 2) as nat) } // M(0): n < 2 ==> n < 1
}

proof fn fib_5()
    ensures fib(5) == 5, // E
{
    reveal_with_fuel(fib, 6);
    assert(fib(2) == 1); // A!
    assert(fib(3) == 2); // A!
    assert(fib(4) == 3); // A!
}

fn rec_count(n: u64) -> (r: u64)
    ensures r == n, // E
    decreases n,
{
    if n == 0 { 0 } else { 1 + rec_count(n - 1) } // M(0): rec_count(n - 1) ==> rec_count(n)
}
}
