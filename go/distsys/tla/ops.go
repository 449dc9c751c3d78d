package tla

import "sort"

// ---------------------------------------------------------------- Booleans and integers

func Not(a Value) Value        { return MakeBool(!a.AsBool()) }
func Implies(a, b Value) Value { return MakeBool(!a.AsBool() || b.AsBool()) }
func Equiv(a, b Value) Value   { return MakeBool(a.AsBool() == b.AsBool()) }
func Eq(a, b Value) Value      { return MakeBool(a.Equal(b)) }
func Neq(a, b Value) Value     { return MakeBool(!a.Equal(b)) }

func Plus(a, b Value) Value  { return MakeInt(a.AsInt() + b.AsInt()) }
func Minus(a, b Value) Value { return MakeInt(a.AsInt() - b.AsInt()) }
func Times(a, b Value) Value { return MakeInt(a.AsInt() * b.AsInt()) }
func Neg(a Value) Value      { return MakeInt(-a.AsInt()) }

// Div is TLA+'s \div: floor division, undefined for a zero divisor.
func Div(a, b Value) Value {
	x, y := a.AsInt(), b.AsInt()
	if y == 0 {
		fail("division by zero")
	}
	q := x / y
	if (x%y != 0) && ((x < 0) != (y < 0)) {
		q--
	}
	return MakeInt(q)
}

// Mod is TLA+'s %: the result is in 0..b-1, undefined for b <= 0.
func Mod(a, b Value) Value {
	x, y := a.AsInt(), b.AsInt()
	if y <= 0 {
		fail("%d %% %d: modulus must be positive", x, y)
	}
	r := x % y
	if r < 0 {
		r += y
	}
	return MakeInt(r)
}

// Pow is a^b for b >= 0.
func Pow(a, b Value) Value {
	x, y := a.AsInt(), b.AsInt()
	if y < 0 {
		fail("negative exponent %d", y)
	}
	r := int64(1)
	for ; y > 0; y-- {
		r *= x
	}
	return MakeInt(r)
}

func Lt(a, b Value) Value  { return MakeBool(a.AsInt() < b.AsInt()) }
func Leq(a, b Value) Value { return MakeBool(a.AsInt() <= b.AsInt()) }
func Gt(a, b Value) Value  { return MakeBool(a.AsInt() > b.AsInt()) }
func Geq(a, b Value) Value { return MakeBool(a.AsInt() >= b.AsInt()) }

// Range is a..b.
func Range(a, b Value) Value {
	x, y := a.AsInt(), b.AsInt()
	var es []Value
	for i := x; i <= y; i++ {
		es = append(es, MakeInt(i))
	}
	return Value{k: KindSet, keys: es}
}

// ---------------------------------------------------------------- sets

func search(es []Value, x Value) (int, bool) {
	i := sort.Search(len(es), func(i int) bool { return Compare(es[i], x) >= 0 })
	return i, i < len(es) && Compare(es[i], x) == 0
}

// In is x \in S.
func In(x, s Value) Value {
	stat(opIn, s.size())
	_, ok := search(s.Elements(), x)
	return MakeBool(ok)
}
func NotIn(x, s Value) Value { return Not(In(x, s)) }

func Union(a, b Value) Value {
	stat(opUnion, a.size()+b.size())
	as, bs := a.Elements(), b.Elements()
	switch {
	case len(bs) == 0:
		return Value{k: KindSet, keys: as}
	case len(as) == 0:
		return Value{k: KindSet, keys: bs}
	case fewInto(len(bs), len(as)):
		return Value{k: KindSet, keys: insertSorted(as, bs)}
	case fewInto(len(as), len(bs)):
		return Value{k: KindSet, keys: insertSorted(bs, as)}
	}
	out := make([]Value, 0, len(as)+len(bs)) // merge of two sorted lists
	i, j := 0, 0
	for i < len(as) && j < len(bs) {
		switch c := Compare(as[i], bs[j]); {
		case c < 0:
			out = append(out, as[i])
			i++
		case c > 0:
			out = append(out, bs[j])
			j++
		default:
			out = append(out, as[i])
			i++
			j++
		}
	}
	out = append(append(out, as[i:]...), bs[j:]...)
	return Value{k: KindSet, keys: out}
}

func Intersect(a, b Value) Value {
	stat(opIntersect, a.size()+b.size())
	var out []Value
	bs := b.Elements()
	for _, e := range a.Elements() {
		if _, ok := search(bs, e); ok {
			out = append(out, e)
		}
	}
	return Value{k: KindSet, keys: out}
}

func SetMinus(a, b Value) Value {
	stat(opSetMinus, a.size()+b.size())
	as, bs := a.Elements(), b.Elements()
	if len(bs) == 0 || len(as) == 0 {
		return Value{k: KindSet, keys: as}
	}
	out := make([]Value, 0, len(as))
	j := 0
	for _, e := range as { // merge walk of two sorted lists
		for j < len(bs) && Compare(bs[j], e) < 0 {
			j++
		}
		if j < len(bs) && Compare(bs[j], e) == 0 {
			j++
			continue
		}
		out = append(out, e)
	}
	return Value{k: KindSet, keys: out}
}

func Subseteq(a, b Value) Value {
	bs := b.Elements()
	for _, e := range a.Elements() {
		if _, ok := search(bs, e); !ok {
			return False
		}
	}
	return True
}

func Cardinality(s Value) Value {
	stat(opCardinality, s.size())
	return MakeInt(int64(len(s.Elements())))
}

// UnionAll is UNION S.
func UnionAll(s Value) Value {
	var all []Value
	for _, e := range s.Elements() {
		all = append(all, e.Elements()...)
	}
	return makeSet(all...)
}

// Subset is SUBSET S.
func Subset(s Value) Value {
	es := s.Elements()
	if len(es) > 20 {
		fail("SUBSET of a set with %d elements", len(es))
	}
	var out []Value
	for m := 0; m < 1<<len(es); m++ {
		var sub []Value
		for i, e := range es {
			if m&(1<<i) != 0 {
				sub = append(sub, e)
			}
		}
		out = append(out, Value{k: KindSet, keys: sub})
	}
	return makeSet(out...)
}

// Filter is {x \in S : p(x)}.
func Filter(s Value, p func(Value) bool) Value {
	stat(opFilter, s.size())
	var out []Value
	for _, e := range s.Elements() {
		if p(e) {
			out = append(out, e)
		}
	}
	return Value{k: KindSet, keys: out}
}

// Bindings enumerates every assignment of elements of sets[i] to the i-th bound name, in order.
func Bindings(sets []Value, f func(xs []Value) bool) {
	xs := make([]Value, len(sets))
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(sets) {
			return f(xs)
		}
		for _, e := range sets[i].Elements() {
			xs[i] = e
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	rec(0)
}

// SetMap is {f(x, ...) : x \in S1, ...}.
func SetMap(sets []Value, f func(xs []Value) Value) Value {
	var out []Value
	Bindings(sets, func(xs []Value) bool { out = append(out, f(xs)); return true })
	return makeSet(out...)
}

// Exists and ForAll are the bounded quantifiers.
func Exists(sets []Value, p func(xs []Value) bool) Value {
	found := false
	Bindings(sets, func(xs []Value) bool { found = p(xs); return !found })
	return MakeBool(found)
}
func ForAll(sets []Value, p func(xs []Value) bool) Value {
	all := true
	Bindings(sets, func(xs []Value) bool { all = p(xs); return all })
	return MakeBool(all)
}

// Choose is CHOOSE x \in S : p(x): the least element satisfying p (deterministic, like TLC).
func Choose(s Value, p func(Value) bool) Value {
	for _, e := range s.Elements() {
		if p(e) {
			return e
		}
	}
	fail("CHOOSE: no element of %v satisfies the predicate", s)
	return Value{}
}

// Product is S1 \X S2 \X ....
func Product(sets ...Value) Value {
	var out []Value
	Bindings(sets, func(xs []Value) bool { out = append(out, makeTuple(xs...)); return true })
	return makeSet(out...)
}

// ---------------------------------------------------------------- functions, records, sequences

// FnCons is [x \in S1, y \in S2 |-> f(x, y)]; with several bounds the keys are tuples.
func FnCons(sets []Value, f func(xs []Value) Value) Value {
	var ks, vs []Value
	Bindings(sets, func(xs []Value) bool {
		if len(xs) == 1 {
			ks = append(ks, xs[0])
		} else {
			ks = append(ks, makeTuple(xs...))
		}
		vs = append(vs, f(xs))
		return true
	})
	stat(opFnCons, len(ks))
	return makeFunction(ks, vs)
}

// Apply is f[x] (x a tuple for f[a, b]).
func Apply(f, x Value) Value {
	stat(opApply, f.size())
	return apply(f, x)
}

func apply(f, x Value) Value {
	if f.k != KindFunction {
		fail("expected a function, got %v", f)
	}
	i, ok := search(f.keys, x)
	if !ok {
		fail("%v is not in the domain of %v", x, f)
	}
	return f.valAt(i)
}

// Dot is r.field.
func Dot(r Value, field string) Value {
	stat(opDot, r.size())
	return apply(r, MakeString(field))
}

// Domain is DOMAIN f.
func Domain(f Value) Value {
	stat(opDomain, f.size())
	return Value{k: KindSet, keys: fnKeys(f)}
}

// Except is [f EXCEPT ![x] = v]; keys outside the domain leave f unchanged (as the evaluator does).
func Except(f, x, v Value) Value {
	stat(opExcept, f.size())
	return except(f, x, v)
}

func except(f, x, v Value) Value {
	i, ok := search(fnKeys(f), x)
	if !ok {
		return f
	}
	return updateAt(f, []int{i}, []Value{v})
}

// ExceptPath is [f EXCEPT ![p1][p2]... = u(old)] for a path of keys.
func ExceptPath(f Value, path []Value, u func(old Value) Value) Value {
	stat(opExceptPath, f.size())
	return exceptPath(f, path, u)
}

func exceptPath(f Value, path []Value, u func(old Value) Value) Value {
	if len(path) == 0 {
		return u(f)
	}
	if _, ok := search(fnKeys(f), path[0]); !ok {
		return f
	}
	return except(f, path[0], exceptPath(apply(f, path[0]), path[1:], u))
}

// FnSet is [S -> T].
func FnSet(s, t Value) Value {
	dom := s.Elements()
	sets := make([]Value, len(dom))
	for i := range sets {
		sets[i] = t
	}
	var out []Value
	Bindings(sets, func(xs []Value) bool { out = append(out, makeFunction(dom, append([]Value(nil), xs...))); return true })
	return makeSet(out...)
}

// RecordSet is [f1 : S1, ...].
func RecordSet(names []string, sets []Value) Value {
	var out []Value
	Bindings(sets, func(xs []Value) bool {
		fs := make([]Field, len(names))
		for i := range names {
			fs[i] = Field{names[i], xs[i]}
		}
		out = append(out, MakeRecord(fs...))
		return true
	})
	return makeSet(out...)
}

// Merge is f @@ g: f's pairs, and g's pairs whose key is not in f's domain (a merge of the two
// sorted key lists, linear).
func Merge(f, g Value) Value {
	stat(opMerge, f.size()+g.size())
	fk, gk := fnKeys(f), fnKeys(g)
	switch {
	case len(gk) == 0:
		return f
	case len(fk) == 0:
		return g
	case fewInto(len(fk), len(gk)): // k :> v @@ f, the usual way to update a function
		if pos, ok := positions(gk, fk); ok { // only values change: g updated at a few keys
			vals := make([]Value, len(fk))
			for n := range fk {
				vals[n] = f.valAt(n)
			}
			return updateAt(g, pos, vals)
		}
		fv, gv := f.fnVals(), g.fnVals()
		ks, vs := insertPairs(gk, gv, fk, fv, true)
		return fnValue(ks, vs)
	case fewInto(len(gk), len(fk)):
		if _, ok := positions(fk, gk); ok {
			return f
		}
		fv, gv := f.fnVals(), g.fnVals()
		ks, vs := insertPairs(fk, fv, gk, gv, false)
		return fnValue(ks, vs)
	}
	fv, gv := f.fnVals(), g.fnVals()
	ks := make([]Value, 0, len(fk)+len(gk))
	vs := make([]Value, 0, len(fk)+len(gk))
	i, j := 0, 0
	for i < len(fk) || j < len(gk) {
		c := -1
		switch {
		case i == len(fk):
			c = 1
		case j < len(gk):
			c = Compare(fk[i], gk[j])
		}
		if c <= 0 {
			ks, vs = append(ks, fk[i]), append(vs, fv[i])
			i++
			if c == 0 {
				j++
			}
		} else {
			ks, vs = append(ks, gk[j]), append(vs, gv[j])
			j++
		}
	}
	return fnValue(ks, vs)
}

// fnKeys is a function's domain (sorted; do not modify).
func fnKeys(f Value) []Value {
	if f.k != KindFunction {
		fail("expected a function, got %v", f)
	}
	return f.keys[:len(f.keys):len(f.keys)]
}

// positions finds the sorted keys ks in the sorted domain dom: their positions, and whether all
// were found.
func positions(dom, ks []Value) ([]int, bool) {
	pos := make([]int, len(ks))
	for n, k := range ks {
		i, ok := search(dom, k)
		if !ok {
			return nil, false
		}
		pos[n] = i
	}
	return pos, true
}

// fewInto reports whether a few (small) sorted elements are better placed into a big sorted list
// by binary search (O(small log big) comparisons and a copy of big) than by a linear merge
// (O(small + big) comparisons).
func fewInto(small, big int) bool { return small*16 <= big }

// insertSorted is big \cup small for sorted distinct lists with small much shorter: big itself (shared,
// no copy) when it already holds every element of small (x \cup {e} with e \in x: a restarted Raft
// follower replaying its log did an O(|x|) merge per entry), else one copy with the new elements
// placed by binary search.
func insertSorted(big, small []Value) []Value {
	var at []int // positions in big of the elements of small it lacks
	var add []Value
	for _, e := range small {
		i, ok := search(big, e)
		if !ok {
			at, add = append(at, i), append(add, e)
		}
	}
	if len(add) == 0 {
		return big
	}
	out := make([]Value, 0, len(big)+len(add))
	prev := 0
	for n, i := range at {
		out = append(append(out, big[prev:i]...), add[n])
		prev = i
	}
	return append(out, big[prev:]...)
}

// insertPairs places the few pairs (sk, sv) into the big function (bk, bv), both sorted by key; on a
// key in both, the small side's value is kept when smallWins. When every small key is already in
// bk, the result shares bk (domains are never written in place) and copies only the values:
// f' = k :> v @@ f costs one copy of f's values and no comparisons beyond the binary searches.
func insertPairs(bk, bv, sk, sv []Value, smallWins bool) (ks, vs []Value) {
	type ins struct {
		at  int
		key Value
		val Value
	}
	var adds []ins
	var repl []int // index into sk of keys already in bk (positions in pos)
	var pos []int
	for n, k := range sk {
		i, ok := search(bk, k)
		if ok {
			if smallWins {
				repl, pos = append(repl, n), append(pos, i)
			}
			continue
		}
		adds = append(adds, ins{i, k, sv[n]})
	}
	if len(adds) == 0 {
		if len(repl) == 0 {
			return bk, bv
		}
		vs = append([]Value(nil), bv...)
		for j, n := range repl {
			vs[pos[j]] = sv[n]
		}
		return bk, vs
	}
	ks = make([]Value, 0, len(bk)+len(adds))
	vs = make([]Value, 0, len(bk)+len(adds))
	prev := 0
	for _, a := range adds {
		ks = append(append(ks, bk[prev:a.at]...), a.key)
		vs = append(append(vs, bv[prev:a.at]...), a.val)
		prev = a.at
	}
	ks, vs = append(ks, bk[prev:]...), append(vs, bv[prev:]...)
	// Values replaced at keys both have: positions shifted by the insertions before them.
	for j, n := range repl {
		shift := sort.Search(len(adds), func(a int) bool { return adds[a].at > pos[j] })
		vs[pos[j]+shift] = sv[n]
	}
	return ks, vs
}

// ColonGreater is x :> y.
func ColonGreater(x, y Value) Value { return makeFunction([]Value{x}, []Value{y}) }

func seq(s Value) []Value {
	if !s.IsSeq() {
		fail("expected a sequence, got %v", s)
	}
	return s.vals // spare capacity is only written through appendSeq
}

func Len(s Value) Value {
	stat(opLen, s.size())
	return MakeInt(int64(len(seq(s))))
}

func Append(s, e Value) Value {
	stat(opAppend, s.size())
	return appendSeq(s, []Value{e})
}

func Concat(a, b Value) Value {
	stat(opConcat, a.size()+b.size())
	bs := seq(b)
	if len(seq(a)) == 0 {
		return mkSeq(bs, nil) // shares b's elements; b's claim stays b's
	}
	return appendSeq(a, bs)
}

func Head(s Value) Value {
	stat(opHead, s.size())
	es := seq(s)
	if len(es) == 0 {
		fail("Head of the empty sequence")
	}
	return es[0]
}

func Tail(s Value) Value {
	stat(opTail, s.size())
	es := seq(s)
	if len(es) == 0 {
		fail("Tail of the empty sequence")
	}
	return mkSeq(es[1:len(es):len(es)], nil) // shares s's elements
}

// SubSeq is SubSeq(s, m, n).
func SubSeq(s, m, n Value) Value {
	stat(opSubSeq, s.size())
	es := seq(s)
	a, b := m.AsInt(), n.AsInt()
	if a > b {
		return makeTuple()
	}
	if a < 1 || b > int64(len(es)) {
		fail("SubSeq(%v, %d, %d) out of range", s, a, b)
	}
	if a == 1 { // a prefix keeps the array's start, so it may keep the append claim
		return mkSeq(es[:b], s.x)
	}
	return mkSeq(es[a-1:b:b], nil) // shares s's elements
}

// SelectSeq is SelectSeq(s, p).
func SelectSeq(s Value, p func(Value) bool) Value {
	var out []Value
	for _, e := range seq(s) {
		if p(e) {
			out = append(out, e)
		}
	}
	return makeTuple(out...)
}

// ToSet is ToSet(s) (the range of a function).
func ToSet(f Value) Value {
	_, vs := f.Pairs()
	return makeSet(vs...)
}

// If is IF c THEN a ELSE b with a and b computed lazily.
func If(c Value, a, b func() Value) Value {
	if c.AsBool() {
		return a()
	}
	return b()
}

// NoCaseArm is the value of a CASE none of whose guards holds (an error in TLA+).
func NoCaseArm() Value {
	fail("CASE: no guard holds")
	return Value{}
}

// TLCAssert is TLC's Assert(c, msg).
func TLCAssert(c, msg Value) Value {
	if !c.AsBool() {
		fail("Assert failed: %v", msg)
	}
	return True
}

// TLCPrint is TLC's Print(out, v): prints out and returns v.
func TLCPrint(out, v Value) Value {
	println(out.String())
	return v
}
