package values

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// The HAMT-backed equivalents must compute what ours computes, or the benchmark compares
// different work: random operation sequences on both, checked by encoding after every step.
func TestSeqMatchesSlices(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	s, h := tla.MakeTuple(), NewSeq()
	for step := 0; step < 3000; step++ {
		n := h.Len()
		switch op := r.Intn(5); {
		case op <= 1 || n < 2:
			e := entry(r.Intn(1000))
			s, h = tla.Append(s, e), h.Append(e)
		case op == 2:
			m, k := 1+r.Intn(n), 1+r.Intn(n)
			if m > k {
				m, k = k, m
			}
			s, h = tla.SubSeq(s, tla.MakeInt(int64(m)), tla.MakeInt(int64(k))), h.SubSeq(m, k)
		case op == 3:
			e := entry(r.Intn(1000))
			s, h = tla.Concat(s, tla.MakeTuple(e, e)), h.Concat(NewSeq(e, e))
		default:
			i := 1 + r.Intn(n)
			if !tla.Apply(s, tla.MakeInt(int64(i))).Equal(h.Apply(i)) {
				t.Fatalf("step %d: Apply(%d) differs", step, i)
			}
		}
		if got, want := h.Encode(nil), tla.Encode(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("step %d: encodings differ (len %d vs %d)", step, h.Len(), tla.Len(s).AsInt())
		}
		if int64(h.Len()) != tla.Len(s).AsInt() {
			t.Fatalf("step %d: Len differs", step)
		}
	}
	d, rest, err := DecodeSeq(tla.Encode(nil, s))
	if err != nil || len(rest) != 0 || !d.Equal(h) {
		t.Fatalf("decode: %v", err)
	}
}

func TestFnAndSetMatchSlices(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	ks, vs := kv(50)
	f, h := tla.MakeFunction(ks, vs), NewFn(ks, vs)
	s, hs := tla.MakeSet(), NewSet()
	for step := 0; step < 3000; step++ {
		k := tla.MakeString("key00" + string(rune('0'+r.Intn(10))) + string(rune('0'+r.Intn(10))))
		v := tla.MakeInt(int64(r.Intn(5)))
		f, h = tla.Except(f, k, v), h.Except(k, v) // keys >= key0050 are outside the domain
		if step%7 == 0 {
			f, h = tla.Merge(tla.ColonGreater(k, v), f), h.Put(k, v)
		}
		x := tla.MakeInt(int64(r.Intn(40)))
		if r.Intn(2) == 0 {
			s, hs = tla.Union(s, tla.MakeSet(x)), hs.Union(NewSet(x))
		} else {
			s, hs = tla.SetMinus(s, tla.MakeSet(x)), hs.Minus(NewSet(x))
		}
		if !bytes.Equal(h.Encode(nil), tla.Encode(nil, f)) {
			t.Fatalf("step %d: function encodings differ", step)
		}
		if tla.In(x, s).AsBool() != hs.In(x) || int(tla.Cardinality(s).AsInt()) != hs.Len() {
			t.Fatalf("step %d: sets differ", step)
		}
	}
	d, _, err := DecodeFn(tla.Encode(nil, f))
	if err != nil || !d.Equal(h) || d.Equal(h.Except(ks[0], tla.MakeString("other"))) {
		t.Fatalf("decode/equal: %v", err)
	}
}
