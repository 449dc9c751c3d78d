use vstd::prelude::*;
verus! {
spec fn double(x: int) -> int { 2 * x }

spec fn even(x: int) -> bool { x % 2 == 0 }

proof fn double_even(x: int)
    ensures even(double(x)), // E
{
}

proof fn sum_even(a: int, b: int)
    requires even(a), even(b), // R
    ensures even(a + b), // E
{
}

proof fn chain(x: int)
    ensures even(double(x) + double(x + 1)), // E
{
    double_even(x);
    double_even(x + 1);
    sum_even(double(x), double(x + 1)); // M(0): double(x + 1) ==> x + 1
}

fn exec_with_proof(x: u32) -> (r: u64)
    ensures even(r as int), r == 2 * x, // E
{
    let r = x as u64 * 2;
    proof {
        double_even(x as int);
        assert(double(x as int) == r); // A
    }
    r
}

fn ghost_vars(x: u8) -> (r: u8)
    requires x < 100, // R
    ensures r == x + 1, // E
{
    let ghost before = x;
    let r = x + 1;
    assert(r == before + 1); // A
    r
}

proof fn assert_by_example(x: int, y: int)
    requires x > 0, y > 0, // R
    ensures x + y > 1, // E
{
    assert(x + y >= 2) by { // A!
        assert(x >= 1); // A!
        assert(y >= 1); // A!
    }
}

proof fn assume_example(x: int)
    ensures x > 0 ==> x >= 1, // E
{
}

proof fn lemma_sq_nonneg(x: int)
    ensures x * x >= 0, // E
{
    if x < 0 {
        assert((-x) * (-x) == x * x); // A
    }
}

proof fn forall_lemma()
    ensures forall|x: int| even(double(x)), // E
{
    assert forall|x: int| even(double(x)) by {
        double_even(x);
    }
}

proof fn use_forall(y: int)
    ensures even(double(y)), // E
{
    forall_lemma();
}

spec fn wf(x: int, y: int) -> bool {
    &&& x > 0
    &&& y > x
    &&& {
        ||| y > 10
        ||| y < 5
    }
}

proof fn wf_big(x: int, y: int)
    requires wf(x, y), x > 3, // R
    ensures y > 10, // E
{
}
}
