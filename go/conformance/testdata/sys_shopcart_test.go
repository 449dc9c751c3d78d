package sys_shopcart

import (
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// PGo's shopping cart: 2 nodes take add/remove requests from their inputs, the carts are
// distsys.AWORSet replicas gossiping over loopback TCP; both converge to {Elem1, Elem3}.
func TestConverges(t *testing.T) {
	k := &distsys.Constants{Values: map[string]tla.Value{"NumNodes": tla.MakeInt(2), "BenchNumRounds": tla.MakeInt(1),
		"ElemSet": tla.MakeSet(tla.MakeString("1"), tla.MakeString("2"), tla.MakeString("3"))}}
	req := func(cmd tla.Value, e tla.Value) tla.Value {
		return tla.MakeRecord(tla.Field{Name: "cmd", Value: cmd}, tla.Field{Name: "elem", Value: e})
	}
	inputs := [][]tla.Value{
		{req(AddCmd(k), Elem1(k)), req(AddCmd(k), Elem2(k)), req(RemoveCmd(k), Elem2(k))},
		{req(AddCmd(k), Elem3(k))},
	}
	var sets []*distsys.AWORSet
	var gs []*distsys.Gossip
	for i := 1; i <= 2; i++ {
		s := distsys.NewAWORSet(tla.MakeInt(int64(i)), AddCmd(k), RemoveCmd(k))
		g, err := distsys.StartGossip(s, "127.0.0.1:0", nil, 10*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		sets, gs = append(sets, s), append(gs, g)
	}
	gs[0].SetPeers([]string{gs[1].Addr()})
	gs[1].SetPeers([]string{gs[0].Addr()})
	for i := 0; i < 2; i++ {
		in := make(chan tla.Value, 8)
		for _, r := range inputs[i] {
			in <- r
		}
		out := make(chan tla.Value, 64)
		c := distsys.NewContext(ANode, tla.MakeInt(int64(i+1)), distsys.WithConstants(k), distsys.WithResource("crdt", sets[i].Resource()),
			distsys.WithResource("in", distsys.InputChannel(in, 5*time.Millisecond)), distsys.WithResource("out", distsys.OutputChannel(out)))
		go c.Run()
		defer c.Stop()
	}
	want := tla.MakeSet(Elem1(k), Elem3(k))
	deadline := time.Now().Add(20 * time.Second)
	for !sets[0].Elements().Equal(want) || !sets[1].Elements().Equal(want) {
		if time.Now().After(deadline) {
			t.Fatalf("carts %v and %v, want %v", sets[0].Elements(), sets[1].Elements(), want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
