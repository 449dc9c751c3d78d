package distsys

import (
	"math/rand"
	"testing"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

var addC, remC = tla.MakeString("add"), tla.MakeString("remove")

func cmd(c tla.Value, e string) tla.Value {
	return tla.MakeRecord(tla.Field{Name: "cmd", Value: c}, tla.Field{Name: "elem", Value: tla.MakeString(e)})
}

func do(t *testing.T, s *AWORSet, cmds ...tla.Value) {
	t.Helper()
	r, err := s.Resource().Index(s.self)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		if err := r.Write(c); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Commit(); err != nil {
		t.Fatal(err)
	}
}

func set(es ...string) tla.Value {
	var vs []tla.Value
	for _, e := range es {
		vs = append(vs, tla.MakeString(e))
	}
	return tla.MakeSet(vs...)
}

func TestAWORSetAddWinsAndRemoves(t *testing.T) {
	a, b := NewAWORSet(I(1), addC, remC), NewAWORSet(I(2), addC, remC)
	do(t, a, cmd(addC, "milk"), cmd(addC, "eggs"))
	_ = b.Merge(a.State())
	// concurrently: b removes milk, a adds milk again -> add wins; b removes eggs -> gone
	do(t, b, cmd(remC, "milk"), cmd(remC, "eggs"))
	do(t, a, cmd(addC, "milk"))
	_ = a.Merge(b.State())
	_ = b.Merge(a.State())
	if !a.Elements().Equal(set("milk")) || !b.Elements().Equal(set("milk")) {
		t.Fatalf("a %v b %v, want {milk}", a.Elements(), b.Elements())
	}
	// a step's writes are visible to its own reads, and nothing of an aborted step remains
	r, _ := a.Resource().Index(I(1))
	_ = r.Write(cmd(addC, "tea"))
	if v, _ := r.Read(); !v.Equal(set("milk", "tea")) {
		t.Fatalf("tentative read %v", v)
	}
	r.Abort()
	if !a.Elements().Equal(set("milk")) {
		t.Fatal("aborted add visible")
	}
	if err := r.Write(tla.MakeInt(3)); err == nil {
		t.Fatal("bad command accepted")
	}
	if err := a.Merge(tla.MakeInt(1)); err == nil {
		t.Fatal("bad peer state accepted")
	}
}

// Random operations on 3 replicas with random pairwise merges: after everyone has merged with
// everyone, all replicas hold the same set.
func TestAWORSetConverges(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	rs := []*AWORSet{NewAWORSet(I(1), addC, remC), NewAWORSet(I(2), addC, remC), NewAWORSet(I(3), addC, remC)}
	elems := []string{"a", "b", "c", "d"}
	for step := 0; step < 300; step++ {
		r := rs[rng.Intn(3)]
		switch rng.Intn(3) {
		case 0:
			do(t, r, cmd(addC, elems[rng.Intn(4)]))
		case 1:
			do(t, r, cmd(remC, elems[rng.Intn(4)]))
		default:
			_ = r.Merge(rs[rng.Intn(3)].State())
		}
	}
	for round := 0; round < 2; round++ {
		for _, x := range rs {
			for _, y := range rs {
				_ = x.Merge(y.State())
			}
		}
	}
	for _, r := range rs[1:] {
		if !r.State().Equal(rs[0].State()) {
			t.Fatalf("replicas differ: %v vs %v", r.Elements(), rs[0].Elements())
		}
	}
}
