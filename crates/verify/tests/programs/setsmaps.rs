use vstd::prelude::*;
verus! {
proof fn set_facts(s: Set<int>, x: int, y: int)
    requires x != y, // R
    ensures
        s.insert(x).contains(x), // E
        s.insert(x).remove(x).contains(y) == s.contains(y), // E
        !s.remove(x).contains(x), // E
        s.union(Set::empty()).contains(y) == s.contains(y), // E
        !s.difference(s).contains(x), // E
        s.intersect(s.insert(x)).contains(y) == s.contains(y), // E
{
}

proof fn set_ext(s: Set<int>, x: int)
    requires s.contains(x), // R
    ensures s.insert(x) == s, // E
{
    assert(s.insert(x) =~= s); // A!
}

proof fn map_facts(m: Map<int, int>, k: int, j: int, v: int)
    requires k != j, // R
    ensures
        m.insert(k, v)[k] == v, // E
        m.insert(k, v).dom().contains(k), // E
        m.insert(k, v).contains_key(j) == m.contains_key(j), // E
        m.contains_key(j) ==> m.insert(k, v)[j] == m[j], // E
        !m.remove(k).contains_key(k), // E
{
}

proof fn map_ext(m: Map<int, int>, k: int, v: int, w: int)
    ensures m.insert(k, v).insert(k, w) == m.insert(k, w), // E
{
    assert(m.insert(k, v).insert(k, w) =~= m.insert(k, w)); // A!
}

proof fn map_reinsert(m: Map<int, int>, k: int)
    requires m.contains_key(k), // R
    ensures m.insert(k, m[k]) == m, // E
{
    assert(m.insert(k, m[k]) =~= m); // A!
}

proof fn seq_reupdate(s: Seq<u8>, i: int)
    requires 0 <= i < s.len(), // R
    ensures s.update(i, s[i]) == s, // E
{
    assert(s.update(i, s[i]) =~= s); // A!
}
}
