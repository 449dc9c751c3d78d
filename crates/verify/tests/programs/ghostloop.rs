use vstd::prelude::*;
verus! {
spec fn seq_sum(s: Seq<int>) -> int
    decreases s.len(),
{
    if s.len() == 0 { 0 } else { seq_sum(s.drop_last()) + s.last() }
}

proof fn seq_sum_push(s: Seq<int>, x: int)
    ensures seq_sum(s.push(x)) == seq_sum(s) + x, // E
{
    assert(s.push(x).drop_last() =~= s); // A!
}

fn count_up(n: u32) -> (r: u64)
    requires n <= 1000, // R
    ensures r <= 1000 * 1000, // E
{
    let ghost mut seen: Seq<int> = Seq::empty();
    let mut i: u32 = 0;
    let mut r: u64 = 0;
    while i < n
        invariant
            i <= n <= 1000, // I
            seen.len() == i, // I
            r == seq_sum(seen), // I
            r <= i * 1000, // I
            forall|k: int| 0 <= k < seen.len() ==> 0 <= seen[k] < 1000, // I
        decreases n - i,
    {
        proof {
            seq_sum_push(seen, i as int);
            seen = seen.push(i as int);
        }
        r = r + i as u64;
        i = i + 1;
    }
    r
}

fn last_index(n: usize) -> (r: usize)
    requires n > 0, // R
    ensures r + 1 == n, // E
{
    let mut k: usize = 0;
    while k + 1 < n // M(1): k + 1 < n ==> k < n
        invariant k < n, // I
        decreases n - k,
    {
        k += 1;
    }
    k
}
}
