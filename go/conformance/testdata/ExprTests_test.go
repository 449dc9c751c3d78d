package exprtests

import (
	"testing"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// with (x = 42, y = x): y's initialiser sees x; the archetype runs to Done.
func TestNothing(t *testing.T) {
	c := distsys.NewContext(ANothing, tla.MakeInt(0))
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	if steps, aborts := c.Stats(); steps != 1 || aborts != 0 {
		t.Fatalf("steps %d aborts %d", steps, aborts)
	}
}
