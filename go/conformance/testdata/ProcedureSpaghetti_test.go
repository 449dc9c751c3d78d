package procedurespaghetti

import (
	"testing"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Arch1 calls Proc1(ref e, f), which calls Proc2(ref a) (a + 1) and then adds b: e = 0 + 1 + f.
func TestNestedCalls(t *testing.T) {
	for _, f := range []int64{30, 40} {
		e := distsys.NewLocal(tla.MakeInt(0))
		c := distsys.NewContext(Arch1, tla.MakeInt(1), distsys.WithResource("e", e), distsys.WithValue("f", tla.MakeInt(f)))
		if err := c.Run(); err != nil {
			t.Fatal(err)
		}
		if got := e.Value().AsInt(); got != f+1 {
			t.Fatalf("f = %d: e = %d, want %d", f, got, f+1)
		}
		if steps, _ := c.Stats(); steps != 4 {
			t.Fatalf("steps %d, want 4 (Arch1lbl, Proc1lbl1, Proc2lbl1, Proc1lbl2)", steps)
		}
	}
}
