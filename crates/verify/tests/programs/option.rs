use vstd::prelude::*;
verus! {
enum Tree { Leaf, Node(Box<Tree>, u64, Box<Tree>) }

spec fn size(t: Tree) -> nat
    decreases t,
{
    match t {
        Tree::Leaf => 0,
        Tree::Node(l, _, r) => 1 + size(*l) + size(*r),
    }
}

spec fn sum_tree(t: Tree) -> int
    decreases t,
{
    match t {
        Tree::Leaf => 0,
        Tree::Node(l, v, r) => sum_tree(*l) + v + sum_tree(*r),
    }
}

proof fn size_leafs()
    ensures size(Tree::Leaf) == 0, // E
        size(Tree::Node(Box::new(Tree::Leaf), 3, Box::new(Tree::Leaf))) == 1, // E
{
    reveal_with_fuel(size, 2);
}

fn root_or(t: &Tree, d: u64) -> (r: u64)
    ensures
        (t is Leaf) ==> r == d, // E
        (t is Node) ==> r == t->1, // E
{
    match t {
        Tree::Leaf => d,
        Tree::Node(_, v, _) => *v,
    }
}

fn opt_add(a: Option<u32>, b: u32) -> (r: Option<u32>)
    requires a.is_some() ==> a.unwrap() + b <= 4294967295, // R
    ensures
        a.is_none() ==> r.is_none(), // E
        a.is_some() ==> r.is_some() && r.unwrap() == a.unwrap() + b, // E
{
    match a {
        None => None,
        Some(x) => Some(x + b),
    }
}

fn opt_take(o: &mut Option<u8>) -> (r: Option<u8>)
    ensures r == old(o), o.is_none(), // E
{
    o.take()
}

fn opt_client() {
    let mut o = Some(4u8);
    let r = opt_take(&mut o);
    assert(r.is_some()); // A
    assert(r.unwrap() == 4); // A
    assert(o.is_none()); // A
    let s = opt_add(Some(1u32), 2); // M(0): , 2) ==> , 4294967295)
    assert(s.unwrap() == 3); // A
}

spec fn height(t: Tree) -> nat
    decreases t,
{
    match t {
        Tree::Leaf => 0,
        Tree::Node(l, _, r) => {
            let hl = height(*l);
            let hr = height(*r);
            1 + if hl > hr { hl } else { hr }
        }
    }
}

proof fn height_le_size(t: Tree)
    ensures height(t) <= size(t), // E
    decreases t,
{
    match t {
        Tree::Leaf => {}
        Tree::Node(l, _, r) => {
            height_le_size(*l);
            height_le_size(*r);
        }
    }
}
}
