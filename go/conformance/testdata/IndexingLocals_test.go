package indexinglocals

import (
	"testing"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Several writes to a local in one label see each other; indexed and field updates of locals.
func TestIndexingLocals(t *testing.T) {
	c := distsys.NewContext(ANode, tla.MakeInt(1))
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	log, _ := c.LocalValue("log")
	want := tla.MakeTuple(tla.MakeInt(3), tla.MakeInt(21), tla.MakeInt(999), tla.MakeRecord(tla.Field{Name: "foo", Value: tla.MakeInt(43)}))
	if !log.Equal(want) {
		t.Fatalf("log = %v, want %v", log, want)
	}
	if p, _ := c.LocalValue("p"); !p.Equal(tla.MakeInt(3)) {
		t.Fatalf("p = %v", p)
	}
}
