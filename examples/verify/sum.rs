// A small Verus program for `make run`: a loop with an invariant, a spec function and overflow checks.
use vstd::prelude::*;
verus! {

spec fn triangle(n: nat) -> nat
    decreases n,
{
    if n == 0 { 0 } else { n + triangle((n - 1) as nat) }
}

proof fn triangle_bound(n: nat)
    ensures triangle(n) <= n * n,
    decreases n,
{
    if n > 0 {
        triangle_bound((n - 1) as nat);
    }
}

fn sum_to(n: u32) -> (s: u64)
    requires n <= 100000,
    ensures s == triangle(n as nat),
{
    let mut i: u32 = 0;
    let mut s: u64 = 0;
    while i < n
        invariant
            i <= n <= 100000,
            s == triangle(i as nat),
        decreases n - i,
    {
        i = i + 1;
        proof { triangle_bound(i as nat); }
        s = s + i as u64;
    }
    s
}

} // verus!
