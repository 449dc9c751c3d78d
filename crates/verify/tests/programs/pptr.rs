// Tracked permissions: PPtr with PointsTo/Dealloc tokens, tracked maps, Ghost/Tracked
// fields, Seq::new / Map::new closures, assert_by_contradiction!, references with lifetimes.
use vstd::prelude::*;

verus! {
use vstd::ptr::{PPtr, PointsTo, Dealloc};

fn cell_roundtrip(x: u64) -> (r: u64)
    ensures r == x, // E
{
    let (p, Tracked(perm), Tracked(dealloc)) = PPtr::new(x);
    assert(perm@.pptr == p.id()); // A
    assert(perm@.value == Some(x)); // A
    assert(dealloc@.pptr == p.id()); // A
    let r = p.into_inner(Tracked(perm), Tracked(dealloc));
    r
}

fn cell_update(x: u64, y: u64) -> (r: u64)
    ensures r == y, // E
{
    let (p, Tracked(mut perm), Tracked(dealloc)) = PPtr::new(x);
    let old_v = p.take(Tracked(&mut perm)); // M(0): ; ==> ; let w = p.take(Tracked(&mut perm));
    assert(old_v == x); // A
    assert(perm@.value.is_None()); // A
    assert(perm@.pptr == p.id()); // A
    p.put(Tracked(&mut perm), y); // M(0): y); ==> y); p.put(Tracked(&mut perm), y);
    assert(perm@.value == Some(y)); // A
    let r = p.into_inner(Tracked(perm), Tracked(dealloc));
    r
}

fn read_twice(x: u32) -> (r: u32)
    requires x < 100,
    ensures r == 2 * x, // E
{
    let (p, Tracked(perm), Tracked(dealloc)) = PPtr::new(x);
    let a = *p.borrow(Tracked(&perm));
    let b = *p.borrow(Tracked(&perm));
    let r = a + b; // M(0): a + b ==> a + b + 4294967200
    let _ = p.into_inner(Tracked(perm), Tracked(dealloc));
    r
}

struct Node {
    next: Option<PPtr<Node>>,
    val: u64,
}

fn pair(a: u64, b: u64) -> (r: (u64, u64))
    ensures r.0 == a && r.1 == b, // E
{
    let (p2, Tracked(perm2), Tracked(d2)) = PPtr::new(Node { next: None, val: b });
    let (p1, Tracked(perm1), Tracked(d1)) = PPtr::new(Node { next: Some(p2), val: a });
    let n1 = p1.into_inner(Tracked(perm1), Tracked(d1));
    let q = n1.next.unwrap(); // M(0): n1.next ==> None::<PPtr<Node>>
    let n2 = q.into_inner(Tracked(perm2), Tracked(d2));
    (n1.val, n2.val)
}

fn other_pointer(a: u64, b: u64) -> (r: u64)
    ensures r == b, // E
{
    let (p1, Tracked(perm1), Tracked(d1)) = PPtr::new(a);
    let (p2, Tracked(perm2), Tracked(d2)) = PPtr::new(b);
    let r = p2.into_inner(Tracked(perm2), Tracked(d2)); // M(0): p2.into_inner ==> p1.into_inner
    r
}

pub struct Pool {
    ptrs: Ghost<Seq<PPtr<u64>>>,
    perms: Tracked<Map<nat, PointsTo<u64>>>,
}

impl Pool {
    spec fn wf(&self) -> bool {
        forall|i: nat| i < self.ptrs@.len() ==> self.perms@.dom().contains(i)
            && self.perms@[i]@.pptr == self.ptrs@[i as int].id()
            && self.perms@[i]@.value.is_Some()
    }

    spec fn view(&self) -> Seq<u64> {
        Seq::new(self.ptrs@.len(), |i: int| self.perms@[i as nat]@.value.get_Some_0())
    }

    fn new() -> (s: Self)
        ensures s.wf(), s@.len() == 0, // E
    {
        Pool { ptrs: Ghost(Seq::empty()), perms: Tracked(Map::tracked_empty()) }
    }

    fn add(&mut self, v: u64) -> (p: PPtr<u64>)
        requires old(self).wf(),
        ensures
            self.wf(), // E
            self@ == old(self)@.push(v), // E
            p == self.ptrs@[self.ptrs@.len() - 1], // E
            self.ptrs@ == old(self).ptrs@.push(p), // E
    {
        let (p, Tracked(perm), Tracked(d)) = PPtr::new(v);
        proof {
            self.perms.borrow_mut().tracked_insert(self.ptrs@.len(), perm); // M(3): self.ptrs@.len(), ==> self.ptrs@.len() + 1,
            self.ptrs@ = self.ptrs@.push(p);
        }
        assert(self@ =~= old(self)@.push(v));
        p
    }

    fn get(&self, p: PPtr<u64>, i: Ghost<nat>) -> (r: u64)
        requires self.wf(), i@ < self.ptrs@.len(), p == self.ptrs@[i@ as int],
        ensures r == self@[i@ as int], // E
    {
        let tracked perm = self.perms.borrow().tracked_borrow(i@);
        let r = *p.borrow(Tracked(perm));
        r
    }

    fn set(&mut self, p: PPtr<u64>, i: Ghost<nat>, v: u64)
        requires old(self).wf(), i@ < old(self).ptrs@.len(), p == old(self).ptrs@[i@ as int],
        ensures self.wf(), self@ == old(self)@.update(i@ as int, v), self.ptrs@ == old(self).ptrs@, // E
    {
        let tracked mut perm = self.perms.borrow_mut().tracked_remove(i@);
        let _ = p.take(Tracked(&mut perm));
        p.put(Tracked(&mut perm), v); // M(0): v); ==> v); p.put(Tracked(&mut perm), v);
        proof {
            self.perms.borrow_mut().tracked_insert(i@, perm);
        }
        assert(self@ =~= old(self)@.update(i@ as int, v));
    }
}

pub struct Cursor<'a> {
    pool: &'a Pool,
    at: Ghost<nat>,
}

impl<'a> Cursor<'a> {
    spec fn pool(&self) -> &'a Pool {
        self.pool
    }

    fn start(p: &'a Pool) -> (c: Self)
        ensures c.pool() == p, c.at@ == 0, // E
    {
        Cursor { pool: p, at: Ghost(0) }
    }

    fn step(&mut self)
        ensures self.at@ == old(self).at@ + 1, self.pool() == old(self).pool(), // E
    {
        proof {
            self.at@ = self.at@ + 1;
        }
    }
}

fn rekey(x: u64) -> (r: u64)
    ensures r == x, // E
{
    let (p, Tracked(perm), Tracked(d)) = PPtr::new(x);
    let tracked mut m = Map::<nat, PointsTo<u64>>::tracked_empty();
    proof {
        m.tracked_insert(5, perm);
        m.tracked_map_keys_in_place(Map::<nat, nat>::new(|j: nat| j == 2, |j: nat| (j + 3) as nat)); // M(0): (j + 3) ==> (j + 4)
    }
    assert(m.dom().contains(2)); // A
    let tracked perm2 = m.tracked_remove(2); // M(0): tracked_remove(2) ==> tracked_remove(5)
    let r = p.into_inner(Tracked(perm2), Tracked(d));
    r
}

fn injective_only(x: u64) -> (r: u64)
    ensures r == x, // E
{
    let (p, Tracked(perm), Tracked(d)) = PPtr::new(x);
    let tracked mut m = Map::<nat, PointsTo<u64>>::tracked_empty();
    proof {
        m.tracked_insert(5, perm);
        m.tracked_map_keys_in_place(Map::<nat, nat>::new(|j: nat| j == 2, |j: nat| 5)); // M(0): j == 2, ==> j == 2 || j == 3,
    }
    let tracked perm2 = m.tracked_remove(2);
    let r = p.into_inner(Tracked(perm2), Tracked(d));
    r
}

spec fn squares(n: nat) -> Seq<int> {
    Seq::new(n, |i: int| i * i)
}

proof fn squares_facts()
    ensures squares(4).len() == 4, squares(4)[3] == 9, // E
{
}

fn contra(x: u8) -> (r: bool)
    requires x > 10,
    ensures r, // E
{
    proof {
        assert_by_contradiction!(x != 3, { // M(1): x != 3 ==> x != 30
            assert(x == 3);
        });
    }
    x != 3
}

spec fn holds(m: Map<nat, PointsTo<u64>>, k: nat, v: u64) -> bool {
    m.dom().contains(k) && m[k]@.value == Some(v)
}

fn keyed(x: u64) -> (r: u64)
    ensures r == x, // E
{
    let (p, Tracked(perm), Tracked(d)) = PPtr::new(x);
    let tracked mut m = Map::<nat, PointsTo<u64>>::tracked_empty();
    proof {
        m.tracked_insert(1, perm);
    }
    assert(holds(m, 1, x)); // A
    let tracked q = m.tracked_remove(1); // M(0): tracked_remove(1) ==> tracked_remove(0)
    assert(!m.dom().contains(1)); // A
    let r = p.into_inner(Tracked(q), Tracked(d));
    r
}

fn uses(x: u64) {
    let mut pool = Pool::new();
    let p0 = pool.add(7);
    let p1 = pool.add(9);
    assert(pool@[1] == 9); // A
    assert(pool@.len() == 2); // A
    let g = pool.get(p1, Ghost(1)); // M(0): Ghost(1) ==> Ghost(0)
    assert(g == 9); // A
    pool.set(p0, Ghost(0), 3);
    assert(pool@[0] == 3); // A
    assert(pool@[1] == 9); // A
    let mut c = Cursor::start(&pool);
    c.step();
    assert(c.at@ == 1); // A
    let y = rekey(x);
    assert(y == x); // A
    let z = cell_update(1, x);
    assert(z == x); // A
}

} // verus!
