package tla

import (
	"bytes"
	"math/rand"
	"sync"
	"testing"
)

// refSeq builds the sequence the old way (its own 1..n keys through MakeFunction, no shared
// keys, no spare capacity), the representation the fast paths must agree with.
func refSeq(es []Value) Value {
	ks := make([]Value, len(es))
	for i := range es {
		ks[i] = MakeInt(int64(i + 1))
	}
	return Value{k: KindFunction, keys: ks, vals: append([]Value(nil), es...)}
}

type seqVersion struct {
	v   Value
	ref []Value
	enc []byte
}

func checkSeq(t *testing.T, step int, what string, v Value, ref []Value) {
	t.Helper()
	r := refSeq(ref)
	if !v.Equal(r) || !r.Equal(v) || Compare(v, r) != 0 || Compare(r, v) != 0 {
		t.Fatalf("step %d (%s): %v differs from %v", step, what, v, r)
	}
	if !bytes.Equal(Encode(nil, v), Encode(nil, r)) || v.String() != r.String() {
		t.Fatalf("step %d (%s): encoding or printing differs", step, what)
	}
	if got := Len(v).AsInt(); got != int64(len(ref)) || !v.IsSeq() {
		t.Fatalf("step %d (%s): Len %d, want %d", step, what, got, len(ref))
	}
	if len(ref) > 0 && (Compare(v, refSeq(ref[:len(ref)-1])) <= 0 || Compare(refSeq(ref[:len(ref)-1]), v) >= 0) {
		t.Fatalf("step %d (%s): a proper prefix does not order before the sequence", step, what)
	}
}

// Random operation sequences on many versions at once (appending to old versions, to prefixes, to
// tails, concatenating versions), each result checked against the copy-everything representation;
// at the end every version ever built must still encode as when it was built (in-place appends
// must never be observable).
func TestSequencesMatchCopyingRepresentation(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	vs := []seqVersion{{v: MakeTuple(), enc: Encode(nil, MakeTuple())}}
	elem := func() Value {
		switch r.Intn(3) {
		case 0:
			return MakeInt(int64(r.Intn(5)))
		case 1:
			return MakeString(string(rune('a' + r.Intn(3))))
		}
		return MakeRecord(Field{"term", MakeInt(int64(r.Intn(3)))})
	}
	for step := 0; step < 4000; step++ {
		base := vs[len(vs)-1]
		if r.Intn(4) == 0 {
			base = vs[r.Intn(len(vs))] // an older version: its array's tail is usually claimed
		}
		n := len(base.ref)
		var v Value
		var ref []Value
		what := ""
		switch op := r.Intn(8); {
		case op <= 2 || n == 0:
			e := elem()
			what, v, ref = "Append", Append(base.v, e), append(append([]Value(nil), base.ref...), e)
		case op == 3:
			k := r.Intn(n + 1)
			what = "SubSeq prefix"
			v, ref = SubSeq(base.v, MakeInt(1), MakeInt(int64(k))), append([]Value(nil), base.ref[:k]...)
		case op == 4:
			a := 1 + r.Intn(n)
			b := a - 1 + r.Intn(n-a+2)
			what = "SubSeq"
			v, ref = SubSeq(base.v, MakeInt(int64(a)), MakeInt(int64(b))), append([]Value(nil), base.ref[a-1:b]...)
		case op == 5:
			what, v, ref = "Tail", Tail(base.v), append([]Value(nil), base.ref[1:]...)
		case op == 6:
			o := vs[r.Intn(len(vs))]
			what, v, ref = "Concat", Concat(base.v, o.v), append(append([]Value(nil), base.ref...), o.ref...)
		default:
			i, e := r.Intn(n), elem()
			what, v = "Except", Except(base.v, MakeInt(int64(i+1)), e)
			ref = append([]Value(nil), base.ref...)
			ref[i] = e
		}
		checkSeq(t, step, what, v, ref)
		if n > 0 && !Head(base.v).Equal(base.ref[0]) {
			t.Fatalf("step %d: Head differs", step)
		}
		if len(ref) < 300 {
			vs = append(vs, seqVersion{v, ref, Encode(nil, v)})
		} else {
			vs = append(vs, seqVersion{MakeTuple(ref[:5]...), ref[:5], Encode(nil, MakeTuple(ref[:5]...))})
		}
	}
	for i, s := range vs {
		if !bytes.Equal(Encode(nil, s.v), s.enc) {
			t.Fatalf("version %d changed after it was built", i)
		}
	}
}

// Goroutines appending different elements to the same sequence: each result holds its own element
// (one wins the in-place slot, the others copy). Run under -race.
func TestConcurrentAppendsToOneSequence(t *testing.T) {
	base := Append(Append(MakeTuple(), MakeInt(0)), MakeInt(1))
	out := make([]Value, 16)
	var wg sync.WaitGroup
	for g := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := base
			for j := 0; j < 50; j++ {
				v = Append(v, MakeInt(int64(100*g+j)))
			}
			out[g] = v
		}()
	}
	wg.Wait()
	for g, v := range out {
		_, vals := v.Pairs()
		if len(vals) != 52 || vals[0].AsInt() != 0 || vals[1].AsInt() != 1 {
			t.Fatalf("goroutine %d: %v", g, v)
		}
		for j := 0; j < 50; j++ {
			if vals[2+j].AsInt() != int64(100*g+j) {
				t.Fatalf("goroutine %d: element %d is %v (another goroutine's append is visible)", g, j, vals[2+j])
			}
		}
	}
	if Len(base).AsInt() != 2 {
		t.Fatalf("base changed: %v", base)
	}
}

// A caller appending to the slices Pairs returns must not write a sequence's spare slots.
func TestPairsCannotWriteSpareCapacity(t *testing.T) {
	s := Append(MakeTuple(MakeInt(1)), MakeInt(2)) // has spare capacity
	longer := Append(s, MakeInt(3))                // in place
	_, vs := s.Pairs()
	_ = append(vs, MakeInt(99))
	if got := Apply(longer, MakeInt(3)); got.AsInt() != 3 {
		t.Fatalf("got %v", got)
	}
}

func TestSetMergesMatchSorting(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	rnd := func() Value {
		var es []Value
		for i := r.Intn(12); i > 0; i-- {
			switch r.Intn(3) {
			case 0:
				es = append(es, MakeInt(int64(r.Intn(10))))
			case 1:
				es = append(es, MakeString(string(rune('a'+r.Intn(4)))))
			default:
				es = append(es, MakeTuple(MakeInt(int64(r.Intn(2)))))
			}
		}
		return MakeSet(es...)
	}
	for step := 0; step < 3000; step++ {
		a, b := rnd(), rnd()
		union := MakeSet(append(append([]Value(nil), a.Elements()...), b.Elements()...)...)
		var minus []Value
		for _, e := range a.Elements() {
			if !In(e, b).AsBool() {
				minus = append(minus, e)
			}
		}
		if got := Union(a, b); !got.Equal(union) || Compare(got, union) != 0 || !bytes.Equal(Encode(nil, got), Encode(nil, union)) {
			t.Fatalf("%v \\cup %v = %v, want %v", a, b, got, union)
		}
		if got, want := SetMinus(a, b), MakeSet(minus...); !got.Equal(want) || !bytes.Equal(Encode(nil, got), Encode(nil, want)) {
			t.Fatalf("%v \\ %v = %v, want %v", a, b, got, want)
		}
	}
}

func TestMergeMatchesSorting(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	rnd := func() Value {
		var ks, vs []Value
		for i := r.Intn(8); i > 0; i-- {
			if r.Intn(2) == 0 {
				ks = append(ks, MakeInt(int64(1+r.Intn(6))))
			} else {
				ks = append(ks, MakeString(string(rune('a'+r.Intn(4)))))
			}
			vs = append(vs, MakeInt(int64(r.Intn(100))))
		}
		return MakeFunction(ks, vs)
	}
	for step := 0; step < 3000; step++ {
		f, g := rnd(), rnd()
		fk, fv := f.Pairs()
		gk, gv := g.Pairs()
		// the old definition: g's pairs then f's, the later (f's) winning
		want := MakeFunction(append(append([]Value(nil), gk...), fk...), append(append([]Value(nil), gv...), fv...))
		got := Merge(f, g)
		if !got.Equal(want) || Compare(got, want) != 0 || !bytes.Equal(Encode(nil, got), Encode(nil, want)) || got.IsSeq() != want.IsSeq() {
			t.Fatalf("%v @@ %v = %v, want %v", f, g, got, want)
		}
	}
}
