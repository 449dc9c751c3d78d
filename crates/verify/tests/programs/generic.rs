use vstd::prelude::*;
verus! {
pub trait Dup where Self: Sized {
    fn dup(&self) -> (r: Self)
        ensures r == self;
}

impl<T: Copy> Dup for T {
    fn dup(&self) -> (r: Self) {
        *self
    }
}

struct Pair<A, B> { fst: A, snd: B }

fn swap_pair<A, B>(p: Pair<A, B>) -> (q: Pair<B, A>)
    ensures q.fst == p.snd, q.snd == p.fst, // E
{
    Pair { fst: p.snd, snd: p.fst }
}

fn first_or<T>(o: Option<T>, d: T) -> (r: T)
    ensures
        o.is_some() ==> r == o.unwrap(), // E
        o.is_none() ==> r == d, // E
{
    match o {
        Some(x) => x,
        None => d,
    }
}

fn use_generics() {
    let p = Pair { fst: 1u8, snd: true };
    let q = swap_pair(p);
    assert(q.fst == true); // A
    assert(q.snd == 1u8); // A
    let r = first_or(Some(5u32), 7u32);
    assert(r == 5u32); // A
    let s = first_or(None, 7u32);
    assert(s == 7u32); // A
}

fn dup_it<T: Dup>(x: T) -> (r: T)
    ensures r == x, // E
{
    x.dup()
}

spec fn wrap<T>(x: T) -> Seq<T> {
    seq![x, x]
}

proof fn wrap_len<T>(x: T)
    ensures wrap(x).len() == 2, wrap(x)[1] == x, // E
{
}
}
