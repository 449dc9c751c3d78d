package unsupportedops

import (
	"fmt"
	"strings"
	"testing"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// In PGo's mode `a := SetToBag({})` compiles, and evaluating it panics (it is not a TLA+ error
// the runtime could report as a failed step).
func TestUnsupportedOperatorPanicsWhenEvaluated(t *testing.T) {
	c := distsys.NewContext(MyArchetype, tla.MakeInt(1), distsys.WithResource("a", distsys.NewLocal(tla.MakeInt(0))))
	var got any
	func() {
		defer func() { got = recover() }()
		err := c.Run()
		t.Errorf("Run returned %v instead of panicking", err)
	}()
	if got == nil || !strings.Contains(fmt.Sprint(got), "unsupported operator SetToBag") {
		t.Fatalf("panic %v; want unsupported operator SetToBag", got)
	}
}
