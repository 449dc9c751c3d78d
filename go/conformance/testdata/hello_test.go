package hello

import (
	"testing"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// HELLO == MK_HELLO("hell", "o") with a higher-order constant supplied by the glue.
func TestHello(t *testing.T) {
	k := &distsys.Constants{Ops: map[string]func(...tla.Value) tla.Value{
		"MK_HELLO": func(a ...tla.Value) tla.Value { return tla.MakeString(a[0].AsString() + a[1].AsString()) },
	}}
	out := make(chan tla.Value, 1)
	c := distsys.NewContext(AHello, tla.MakeInt(1), distsys.WithConstants(k), distsys.WithResource("out", distsys.OutputChannel(out)))
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	if v := <-out; !v.Equal(tla.MakeString("hello")) {
		t.Fatalf("out = %v", v)
	}
}
