use vstd::prelude::*;
verus! {
struct Point { x: u32, y: u32 }

enum Shape { Circle(u32), Rect { w: u32, h: u32 }, Empty }

spec fn area_spec(s: Shape) -> int {
    match s {
        Shape::Circle(r) => 3 * r * r,
        Shape::Rect { w, h } => w * h,
        Shape::Empty => 0,
    }
}

fn is_empty(s: &Shape) -> (b: bool)
    ensures b == (area_spec(*s) == 0 && s is Empty) || (b == false && !(s is Empty)), // E
{
    match s {
        Shape::Empty => true,
        _ => false,
    }
}

fn width(s: Shape) -> (w: u32)
    ensures
        (s is Rect) ==> w == s->w, // E
        !(s is Rect) ==> w == 0, // E
{
    match s {
        Shape::Rect { w, h } => w,
        _ => 0,
    }
}

fn shift(p: Point, d: u32) -> (q: Point)
    requires p.x as int + d as int <= 4294967295, // R // M(3): <= 4294967295 ==> <= 4294967296
    ensures q.x == p.x + d, q.y == p.y, // E
{
    Point { x: p.x + d, y: p.y }
}

fn swap(p: Point) -> (q: Point)
    ensures q.x == p.y, // E
            q.y == p.x, // E
{
    Point { x: p.y, y: p.x }
}

fn set_x(p: &mut Point, v: u32)
    ensures p.x == v, p.y == old(p).y, // E
{
    p.x = v;
}

fn use_set_x() {
    let mut p = Point { x: 1, y: 2 };
    set_x(&mut p, 7); // M(1): 7 ==> 8
    assert(p.x == 7); // A
    assert(p.y == 2); // A
    let q = swap(p);
    assert(q.x == 2 && q.y == 7); // A
}
}
