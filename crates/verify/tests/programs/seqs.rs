use vstd::prelude::*;
verus! {
spec fn sum(s: Seq<int>) -> int
    decreases s.len(),
{
    if s.len() == 0 { 0 } else { s[0] + sum(s.skip(1)) }
}

proof fn sum_two(a: int, b: int)
    ensures sum(seq![a, b]) == a + b, // E
{
    reveal_with_fuel(sum, 3);
    assert(seq![a, b].skip(1) =~= seq![b]); // A!
    assert(seq![b].skip(1) =~= Seq::<int>::empty()); // A!
}

proof fn seq_facts(s: Seq<int>, x: int)
    requires s.len() == 3, // R
    ensures
        s.push(x).len() == 4, // E
        s.push(x)[3] == x, // E
        s.push(x)[0] == s[0], // E
        (s + seq![x]).len() == 4, // E
        s.update(1, x)[1] == x, // E
        s.update(1, x)[2] == s[2], // E
        s.subrange(1, 3).len() == 2, // E
        s.subrange(1, 3)[0] == s[1], // E
        s.take(2).len() == 2, // E
        s.skip(1)[1] == s[2], // E
        s.last() == s[2], // E
        s.first() == s[0], // E
        s.drop_last().len() == 2, // E
{
}

proof fn ext(s: Seq<int>)
    ensures s.take(1) + s.skip(1) == s || s.len() == 0, // E
{
    if s.len() > 0 {
        assert(s.take(1) + s.skip(1) =~= s); // A!
    }
}

proof fn contains_push(s: Seq<int>, x: int)
    ensures s.push(x).contains(x), // E
{
    assert(s.push(x)[s.len() as int] == x); // A!
}

spec fn all_pos(s: Seq<int>) -> bool {
    forall|i: int| 0 <= i < s.len() ==> s[i] > 0
}

proof fn all_pos_push(s: Seq<int>, x: int)
    requires all_pos(s), x > 0, // R
    ensures all_pos(s.push(x)), // E
{
    assert forall|i: int| 0 <= i < s.push(x).len() implies s.push(x)[i] > 0 by {
        if i < s.len() {
            assert(s.push(x)[i] == s[i]); // A
        }
    }
}
}
