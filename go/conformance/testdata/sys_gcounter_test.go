package sys_gcounter

import (
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// PGo's G-counter: 3 nodes, each increments once and waits until its replica counts 3; the
// replicas are distsys.GCounter gossiping over loopback TCP.
func TestConverges(t *testing.T) {
	const n = 3
	k := &distsys.Constants{Values: map[string]tla.Value{"NUM_NODES": tla.MakeInt(n), "BENCH_NUM_ROUNDS": tla.MakeInt(1)}}
	var gs []*distsys.Gossip
	var cs []*distsys.GCounter
	for i := 1; i <= n; i++ {
		c := distsys.NewGCounter(tla.MakeInt(int64(i)))
		g, err := distsys.StartGossip(c, "127.0.0.1:0", nil, 10*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		gs, cs = append(gs, g), append(cs, c)
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
	var wg sync.WaitGroup
	for i := 1; i <= n; i++ {
		ctx := distsys.NewContext(ANode, tla.MakeInt(int64(i)), distsys.WithConstants(k), distsys.WithResource("cntr", cs[i-1].Resource()),
			distsys.WithResource("c", distsys.NewLocalIndexed(func(tla.Value) tla.Value { return tla.MakeSet() })))
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := ctx.Run(); err != nil {
				t.Error(err)
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("nodes did not converge")
	}
	for _, c := range cs {
		if c.Value() != n {
			t.Fatalf("replica value %d", c.Value())
		}
	}
}
