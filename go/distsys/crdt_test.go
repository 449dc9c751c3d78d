package distsys

import (
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

func TestGCounterLocalAndMerge(t *testing.T) {
	a, b := NewGCounter(I(1)), NewGCounter(I(2))
	ra, _ := a.Resource().Index(I(1))
	_ = ra.Write(I(2))
	if v, _ := ra.Read(); v.AsInt() != 2 || a.Value() != 0 {
		t.Fatal("increment must be tentative but visible to its own step")
	}
	ra.Abort()
	_ = ra.Write(I(3))
	_ = ra.Commit()
	rb, _ := b.Resource().Index(I(2))
	_ = rb.Write(I(4))
	_ = rb.Commit()
	_ = rb.Write(I(1))
	_ = rb.Commit()
	// merging is commutative and idempotent
	_ = a.Merge(b.State())
	_ = a.Merge(b.State())
	_ = b.Merge(a.State())
	if a.Value() != 8 || b.Value() != 8 || !a.State().Equal(b.State()) {
		t.Fatalf("a %v b %v", a.State(), b.State())
	}
	if _, err := a.Resource().Index(I(2)); err == nil {
		t.Fatal("another node's replica is not ours to write")
	}
	if err := ra.Write(I(0)); err == nil {
		t.Fatal("a G-counter only grows")
	}
	if err := a.Merge(tla.MakeTuple(I(-1))); err == nil {
		t.Fatal("bad peer state accepted")
	}
}

func TestGossipConverges(t *testing.T) {
	const n = 3
	var cs []*GCounter
	var gs []*Gossip
	for i := 0; i < n; i++ {
		cs = append(cs, NewGCounter(I(int64(i))))
		g, err := StartGossip(cs[i], "127.0.0.1:0", nil, 10*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		gs = append(gs, g)
	}
	for i, g := range gs {
		var peers []string
		for j, h := range gs {
			if i != j {
				peers = append(peers, h.Addr())
			}
		}
		g.SetPeers(peers)
	}
	for i, c := range cs {
		r, _ := c.Resource().Index(I(int64(i)))
		_ = r.Write(I(int64(i + 1)))
		_ = r.Commit()
	}
	deadline := time.Now().Add(5 * time.Second)
	for _, c := range cs {
		for c.Value() != 6 {
			if time.Now().After(deadline) {
				t.Fatalf("replica at %d, want 6", c.Value())
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}
