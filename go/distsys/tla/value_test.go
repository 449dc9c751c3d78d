package tla

import (
	"errors"
	"testing"
)

func i(n int64) Value       { return MakeInt(n) }
func s(x string) Value      { return MakeString(x) }
func set(es ...Value) Value { return MakeSet(es...) }

func mustPanic(t *testing.T, f func()) {
	t.Helper()
	defer func() {
		r := recover()
		var e *Error
		if err, ok := r.(error); !ok || !errors.As(err, &e) {
			t.Fatalf("expected a tla.Error panic, got %v", r)
		}
	}()
	f()
}

func TestOrderingMatchesEvaluator(t *testing.T) {
	// Bool < Int < Str < (model) < Set < Seq < Record < Fn, as crates/tla's derived Ord.
	order := []Value{False, True, i(-3), i(2), s("a"), s("b"), MakeModel("m"), set(), set(i(1)), MakeTuple(), MakeTuple(i(1)),
		MakeTuple(i(1), i(0)), MakeTuple(i(2)), MakeRecord(Field{"a", i(1)}), MakeRecord(Field{"b", i(0)}),
		MakeFunction([]Value{i(0)}, []Value{i(5)})}
	for a := range order {
		for b := range order {
			want := cmpInt(a, b)
			if got := Compare(order[a], order[b]); got != want {
				t.Errorf("Compare(%v, %v) = %d, want %d", order[a], order[b], got, want)
			}
		}
	}
}

func TestExtensionalEquality(t *testing.T) {
	fn := FnCons([]Value{Range(i(1), i(2))}, func(xs []Value) Value { return Times(xs[0], i(10)) })
	if !fn.Equal(MakeTuple(i(10), i(20))) {
		t.Fatalf("[x \\in 1..2 |-> 10*x] should equal <<10, 20>>, got %v", fn)
	}
	rec := FnCons([]Value{set(s("a"))}, func([]Value) Value { return True })
	if !rec.Equal(MakeRecord(Field{"a", True})) || rec.String() != "[a |-> TRUE]" {
		t.Fatalf("record from function: %v", rec)
	}
	if !set(i(2), i(1), i(2)).Equal(set(i(1), i(2))) || len(set(i(2), i(1), i(2)).Elements()) != 2 {
		t.Fatal("sets must be canonical")
	}
}

func TestArithmetic(t *testing.T) {
	cases := []struct{ a, b, div, mod int64 }{{7, 2, 3, 1}, {-7, 2, -4, 1}, {7, -2, -4, 0}, {-8, 2, -4, 0}}
	for _, c := range cases {
		if got := Div(i(c.a), i(c.b)).AsInt(); got != c.div {
			t.Errorf("%d \\div %d = %d, want %d", c.a, c.b, got, c.div)
		}
		if c.b > 0 {
			if got := Mod(i(c.a), i(c.b)).AsInt(); got != c.mod {
				t.Errorf("%d %% %d = %d, want %d", c.a, c.b, got, c.mod)
			}
		}
	}
	mustPanic(t, func() { Div(i(1), i(0)) })
	mustPanic(t, func() { Mod(i(1), i(-2)) })
	mustPanic(t, func() { Plus(i(1), s("x")) })
	if Pow(i(2), i(10)).AsInt() != 1024 {
		t.Fatal("2^10")
	}
}

func TestSetsAndQuantifiers(t *testing.T) {
	a, b := set(i(1), i(2), i(3)), set(i(3), i(4))
	if !Union(a, b).Equal(Range(i(1), i(4))) || !Intersect(a, b).Equal(set(i(3))) || !SetMinus(a, b).Equal(set(i(1), i(2))) {
		t.Fatal("union/intersect/minus")
	}
	if !Subseteq(set(i(1)), a).AsBool() || Subseteq(b, a).AsBool() {
		t.Fatal("subseteq")
	}
	if Cardinality(Subset(a)).AsInt() != 8 || Cardinality(Product(a, b)).AsInt() != 6 {
		t.Fatal("SUBSET / product")
	}
	if !Exists([]Value{a}, func(xs []Value) bool { return xs[0].AsInt() == 3 }).AsBool() {
		t.Fatal("exists")
	}
	if ForAll([]Value{a, b}, func(xs []Value) bool { return xs[0].AsInt() < xs[1].AsInt() }).AsBool() {
		t.Fatal("forall over pairs should fail at <<3, 3>>")
	}
	if Choose(a, func(x Value) bool { return x.AsInt() > 1 }).AsInt() != 2 {
		t.Fatal("CHOOSE takes the least")
	}
	mustPanic(t, func() { Choose(a, func(Value) bool { return false }) })
	sq := SetMap([]Value{a}, func(xs []Value) Value { return Mod(xs[0], i(2)) })
	if !sq.Equal(set(i(0), i(1))) {
		t.Fatalf("set map %v", sq)
	}
	if !In(MakeTuple(), set(MakeFunction(nil, nil))).AsBool() {
		t.Fatal("<<>> is the empty function")
	}
}

func TestFunctionsAndSequences(t *testing.T) {
	q := MakeTuple(i(1), i(2), i(3))
	if Head(q).AsInt() != 1 || !Tail(q).Equal(MakeTuple(i(2), i(3))) || Len(Append(q, i(4))).AsInt() != 4 {
		t.Fatal("Head/Tail/Append")
	}
	if !SubSeq(q, i(2), i(3)).Equal(MakeTuple(i(2), i(3))) || !Concat(q, q).Equal(MakeTuple(i(1), i(2), i(3), i(1), i(2), i(3))) {
		t.Fatal("SubSeq/\\o")
	}
	mustPanic(t, func() { Head(MakeTuple()) })
	mustPanic(t, func() { Apply(q, i(4)) })
	r := MakeRecord(Field{"type", i(1)}, Field{"from", i(2)})
	r2 := Except(r, s("type"), i(3))
	if Dot(r2, "type").AsInt() != 3 || Dot(r, "type").AsInt() != 1 {
		t.Fatal("EXCEPT must not mutate")
	}
	if !Except(r, s("nofield"), i(3)).Equal(r) {
		t.Fatal("EXCEPT outside the domain leaves the function unchanged")
	}
	nested := FnCons([]Value{set(i(0), i(1))}, func([]Value) Value { return MakeTuple() })
	n2 := ExceptPath(nested, []Value{i(1)}, func(old Value) Value { return Append(old, s("m")) })
	if !Apply(n2, i(1)).Equal(MakeTuple(s("m"))) || Len(Apply(n2, i(0))).AsInt() != 0 {
		t.Fatalf("ExceptPath: %v", n2)
	}
	if Cardinality(FnSet(set(i(1), i(2)), set(True, False))).AsInt() != 4 {
		t.Fatal("[S -> T]")
	}
	m := Merge(ColonGreater(i(1), s("a")), ColonGreater(i(1), s("b")))
	if Apply(m, i(1)).AsString() != "a" {
		t.Fatal("@@ prefers the left function")
	}
}

func TestCodecRoundTrip(t *testing.T) {
	vs := []Value{True, i(-1 << 40), s("héllo"), MakeModel("defaultInitValue"), set(i(1), s("x")),
		MakeRecord(Field{"from", i(1)}, Field{"body", MakeTuple(set(), MakeTuple())}),
		FnCons([]Value{Range(i(1), i(3)), set(True)}, func(xs []Value) Value { return xs[0] })}
	for _, v := range vs {
		enc := Encode(nil, v)
		got, rest, err := Decode(enc)
		if err != nil || len(rest) != 0 || !got.Equal(v) {
			t.Fatalf("round trip of %v: %v %v %d", v, got, err, len(rest))
		}
		for cut := 0; cut < len(enc); cut++ {
			if _, _, err := Decode(enc[:cut]); err == nil {
				t.Fatalf("truncated encoding of %v (%d of %d bytes) decoded", v, cut, len(enc))
			}
		}
	}
	if _, _, err := Decode([]byte{9}); err == nil {
		t.Fatal("unknown kind must be rejected")
	}
	if _, _, err := Decode([]byte{byte(KindString), 200, 1}); err == nil {
		t.Fatal("overlong string must be rejected")
	}
}

// Equal is Compare(a, b) == 0 on values of every kind, including values that share slices
// (a sequence and its extension, an unchanged copy) and equal values built separately.
func TestEqualAgreesWithCompare(t *testing.T) {
	log := MakeTuple(MakeInt(1), MakeString("a"))
	longer := Append(log, MakeInt(2))
	vals := []Value{
		True, False, MakeInt(0), MakeInt(1), MakeString("a"), MakeString("b"), MakeModel("m"),
		MakeSet(), MakeSet(MakeInt(1)), MakeSet(MakeInt(1), MakeInt(2)), MakeSet(MakeInt(2), MakeInt(1)),
		MakeTuple(), log, longer, SubSeq(longer, MakeInt(1), MakeInt(2)), MakeTuple(MakeInt(1), MakeString("a")),
		MakeRecord(Field{Name: "x", Value: MakeInt(1)}), MakeRecord(Field{Name: "x", Value: MakeInt(2)}),
		MakeRecord(Field{Name: "x", Value: MakeInt(1)}, Field{Name: "y", Value: log}),
		MakeRecord(Field{Name: "x", Value: MakeInt(1)}, Field{Name: "y", Value: longer}),
		MakeFunction([]Value{MakeInt(1), MakeInt(3)}, []Value{True, False}),
		MakeFunction([]Value{MakeInt(1), MakeInt(3)}, []Value{True, True}),
		MakeFunction([]Value{MakeInt(1), MakeInt(2)}, []Value{MakeInt(1), MakeString("a")}),
		MakeFunction(nil, nil),
	}
	for _, a := range vals {
		for _, b := range vals {
			if got, want := a.Equal(b), Compare(a, b) == 0; got != want {
				t.Errorf("%v = %v: Equal says %v, Compare %v", a, b, got, want)
			}
		}
	}
}
