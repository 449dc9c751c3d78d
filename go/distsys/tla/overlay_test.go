package tla

import (
	"bytes"
	"fmt"
	"math/rand"
	"runtime"
	"testing"
	"unsafe"
)

// plainFn builds the function the old way (fresh sorted arrays, no overlay): the representation
// the overlay must agree with in every observation.
func plainFn(m map[string]Value) Value {
	ks := make([]Value, 0, len(m))
	vs := make([]Value, 0, len(m))
	for k, v := range m {
		ks, vs = append(ks, MakeString(k)), append(vs, v)
	}
	return MakeFunction(ks, vs)
}

func checkFn(t *testing.T, step int, v Value, m map[string]Value) {
	t.Helper()
	r := plainFn(m)
	if r.overlay() != nil {
		t.Fatal("plainFn made an overlay")
	}
	if !v.Equal(r) || !r.Equal(v) || Compare(v, r) != 0 || Compare(r, v) != 0 {
		t.Fatalf("step %d: %v differs from %v", step, v, r)
	}
	if v.String() != r.String() || !bytes.Equal(Encode(nil, v), Encode(nil, r)) {
		t.Fatalf("step %d: printed or encoded differently", step)
	}
	for k, x := range m {
		if got := Apply(v, MakeString(k)); !got.Equal(x) {
			t.Fatalf("step %d: f[%q] = %v, want %v", step, k, got, x)
		}
	}
	if d := Domain(v); !d.Equal(Domain(r)) {
		t.Fatalf("step %d: domain %v", step, d)
	}
	ks, vs := v.Pairs()
	for i := range ks {
		if !vs[i].Equal(m[ks[i].AsString()]) {
			t.Fatalf("step %d: Pairs value at %v", step, ks[i])
		}
	}
}

// Updates of a large map by k :> v @@ f, [f EXCEPT ![k] = v] and f @@ (k :> v), at present and
// new keys, from several versions at once (old versions must not change), agree with a map model
// in every observation (equality both ways, order, printing, encoding, application, domain).
func TestFunctionOverlayAgreesWithPlainFunctions(t *testing.T) {
	rnd := rand.New(rand.NewSource(7))
	const keys = 300
	m := map[string]Value{}
	for i := 0; i < keys; i++ {
		m[fmt.Sprintf("k%04d", i)] = MakeInt(int64(i))
	}
	type version struct {
		v Value
		m map[string]Value
	}
	vers := []version{{plainFn(m), m}}
	overlays := 0
	for step := 0; step < 2000; step++ {
		old := vers[rnd.Intn(len(vers))]
		k := fmt.Sprintf("k%04d", rnd.Intn(keys+20)) // a few keys are new
		x := MakeInt(int64(rnd.Intn(5)))
		var nv Value
		switch step % 3 {
		case 0:
			nv = Merge(ColonGreater(MakeString(k), x), old.v)
		case 1:
			nv = Except(old.v, MakeString(k), x)
		default:
			nv = Merge(old.v, ColonGreater(MakeString(k), x))
		}
		nm := make(map[string]Value, len(old.m)+1)
		for a, b := range old.m {
			nm[a] = b
		}
		_, present := old.m[k]
		switch {
		case step%3 == 0, step%3 == 1 && present, step%3 == 2 && !present:
			nm[k] = x
		}
		if nv.overlay() != nil {
			overlays++
		}
		if step%50 == 0 {
			checkFn(t, step, nv, nm)
			checkFn(t, step, old.v, old.m) // the older version is unchanged
		}
		if len(vers) < 8 {
			vers = append(vers, version{nv, nm})
		} else {
			vers[rnd.Intn(len(vers))] = version{nv, nm}
		}
	}
	for i, ver := range vers {
		checkFn(t, 10000+i, ver.v, ver.m)
	}
	if overlays < 500 {
		t.Fatalf("only %d of 2000 updates used an overlay", overlays)
	}
	// Two overlays over one range compare by their overrides, also when they differ only there.
	base := plainFn(m)
	a := Except(base, MakeString("k0001"), MakeInt(100))
	b := Except(base, MakeString("k0001"), MakeInt(100))
	c := Except(base, MakeString("k0002"), MakeInt(100))
	if !a.Equal(b) || a.Equal(c) || c.Equal(a) || Compare(a, c) == 0 || a.Equal(base) {
		t.Fatal("overlays over one range compare wrongly")
	}
}

// A sequence (or any function whose domain starts at 1) never gets an overlay: the sequence code
// reads its range directly.
func TestSequenceUpdatesMakeNoOverlay(t *testing.T) {
	es := make([]Value, 100)
	for i := range es {
		es[i] = MakeInt(int64(i))
	}
	s := MakeTuple(es...)
	u := Except(s, MakeInt(5), MakeInt(-1))
	w := Merge(ColonGreater(MakeInt(7), MakeInt(-2)), u)
	if u.overlay() != nil || w.overlay() != nil || !w.IsSeq() || Len(Append(w, True)).AsInt() != 101 {
		t.Fatal("sequence got an overlay")
	}
	if !Apply(w, MakeInt(5)).Equal(MakeInt(-1)) || !Apply(w, MakeInt(7)).Equal(MakeInt(-2)) || !Apply(s, MakeInt(5)).Equal(MakeInt(4)) {
		t.Fatal("sequence update lost")
	}
}

// The cost this is for: updating one key of a map with n keys n times (a restarted Raft follower
// replaying its log into its key/value map) copied the whole range each time, n^2 values; with the
// overlay it allocates O(n sqrt n). And x \cup {e} with e \in x shares x.
func TestFunctionUpdateIsNotACopyOfTheRange(t *testing.T) {
	const n = 2000
	m := map[string]Value{}
	for i := 0; i < n; i++ {
		m[fmt.Sprintf("k%05d", i)] = MakeInt(int64(i))
	}
	f := plainFn(m)
	dom := Domain(f)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := 0; i < n; i++ {
		k := MakeString(fmt.Sprintf("k%05d", (i*7919)%n))
		f = Merge(ColonGreater(k, MakeInt(-int64(i))), f)
		dom = Union(dom, MakeSet(k))
	}
	runtime.ReadMemStats(&after)
	copyAll := uint64(n) * n * uint64(unsafe.Sizeof(Value{})) // bytes a copy of the range per update takes
	if got := after.TotalAlloc - before.TotalAlloc; got > copyAll/10 {
		t.Fatalf("%d updates allocated %d bytes (a range copy per update: %d)", n, got, copyAll)
	}
	if len(dom.keys) != n || len(f.keys) != n || !dom.Equal(Domain(f)) {
		t.Fatal("domain changed")
	}
	for i := 0; i < n; i++ {
		k := (i * 7919) % n
		if got := Apply(f, MakeString(fmt.Sprintf("k%05d", k))); !got.Equal(MakeInt(-int64(i))) {
			t.Fatalf("f[k%05d] = %v", k, got)
		}
	}
	s := MakeSet(MakeInt(1), MakeInt(2), MakeInt(3))
	for i := 4; i < 100; i++ {
		s = Union(s, MakeSet(MakeInt(int64(i))))
	}
	u := Union(s, MakeSet(MakeInt(50)))
	if &u.keys[0] != &s.keys[0] || !u.Equal(s) {
		t.Fatal("x \\cup {e} with e \\in x copied x")
	}
}
