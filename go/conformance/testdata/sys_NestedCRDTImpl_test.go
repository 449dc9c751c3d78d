package sys_nestedcrdtimpl

import (
	"errors"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// PGo's nested-archetype system (PGo's own test of it is disabled: "FIXME: tests are not
// passing"): each of 3 test rigs (ATestRig) uses `ref crdt` bound to distsys.Nested running
// ACRDTResource, a G-counter written in MPCal that serves the nested-resource protocol and gossips
// its state to the other resource instances over in-memory mailboxes. Rig i increments 10*i times;
// every rig's reported counts never decrease and reach 60 (all increments, merged).

// The G-counter's operators (PGo's glue defines the same in Go): states are functions node -> count.
func combine(args ...tla.Value) tla.Value {
	m := map[string]tla.Value{}
	var keys []tla.Value
	for _, s := range args {
		ks, vs := s.Pairs()
		for i, k := range ks {
			e := string(tla.Encode(nil, k))
			if old, ok := m[e]; !ok {
				keys = append(keys, k)
				m[e] = vs[i]
			} else if vs[i].AsInt() > old.AsInt() {
				m[e] = vs[i]
			}
		}
	}
	var vals []tla.Value
	for _, k := range keys {
		vals = append(vals, m[string(tla.Encode(nil, k))])
	}
	return tla.MakeFunction(keys, vals)
}

func update(args ...tla.Value) tla.Value {
	self, state, v := args[0], args[1], args[2]
	ks, vs := state.Pairs()
	for i, k := range ks {
		if k.Equal(self) {
			vs = append([]tla.Value(nil), vs...)
			vs[i] = tla.Plus(vs[i], v)
			return tla.MakeFunction(ks, vs)
		}
	}
	return tla.MakeFunction(append(append([]tla.Value(nil), ks...), self), append(append([]tla.Value(nil), vs...), v))
}

func view(args ...tla.Value) tla.Value {
	_, vs := args[0].Pairs()
	var sum int64
	for _, v := range vs {
		sum += v.AsInt()
	}
	return tla.MakeInt(sum)
}

func TestRigsConvergeThroughNestedCRDT(t *testing.T) {
	const n = 3
	netw := distsys.NewInMemoryNetwork()
	k := distsys.NestedProtocol(&distsys.Constants{
		Values: map[string]tla.Value{"ZERO_VALUE": tla.MakeFunction(nil, nil), "BUFFER_SIZE": tla.MakeInt(100)},
		Ops:    map[string]func(args ...tla.Value) tla.Value{"COMBINE_FN": combine, "UPDATE_FN": update, "VIEW_FN": view},
	})
	crdt := func(idx int64) *distsys.Nested {
		self := tla.MakeInt(idx)
		var peers []tla.Value
		for j := int64(1); j <= n; j++ {
			if j != idx {
				peers = append(peers, tla.MakeInt(j))
			}
		}
		return distsys.NewNested(time.Second, func(reqs <-chan tla.Value, acks chan<- tla.Value) []*distsys.Context {
			own := func(r distsys.Resource) distsys.Resource {
				return distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
					if !i.Equal(self) {
						return nil, errors.New("only in[self] / out[self]")
					}
					return r, nil
				})
			}
			return []*distsys.Context{distsys.NewContext(ACRDTResource, self, distsys.WithConstants(k),
				distsys.WithResource("in", own(distsys.InputChannel(reqs, time.Millisecond))),
				distsys.WithResource("out", own(distsys.OutputChannel(acks))),
				distsys.WithResource("network", netw.Mailboxes(self, 0)),
				distsys.WithResource("peers", distsys.NewLocal(tla.MakeSet(peers...))),
				distsys.WithResource("timer", distsys.NewLocal(tla.True)))}
		})
	}
	var rigs []*distsys.Context
	var outs []chan tla.Value
	errs := make(chan error, n)
	for i := int64(1); i <= n; i++ {
		c := crdt(i)
		defer c.Close()
		out := make(chan tla.Value, 1024)
		rig := distsys.NewContext(ATestRig, tla.MakeInt(100+i), distsys.WithConstants(k),
			distsys.WithResource("crdt", c), distsys.WithResource("countingCh", distsys.OutputChannel(out)),
			distsys.WithValue("iterCount", tla.MakeInt(10*i)))
		rigs, outs = append(rigs, rig), append(outs, out)
		go func() { errs <- rig.Run() }()
	}
	defer func() {
		for _, r := range rigs {
			r.Stop()
		}
	}()
	deadline := time.After(60 * time.Second)
	for i, out := range outs {
		last := int64(0)
		for last < 60 {
			select {
			case v := <-out:
				if v.AsInt() < last {
					t.Fatalf("rig %d: count went down from %d to %v", i+1, last, v)
				}
				last = v.AsInt()
			case err := <-errs:
				t.Fatalf("a rig stopped: %v", err)
			case <-deadline:
				t.Fatalf("rig %d stuck at %d of 60", i+1, last)
			}
		}
		if last != 60 {
			t.Fatalf("rig %d counted %d, want 60", i+1, last)
		}
	}
}
