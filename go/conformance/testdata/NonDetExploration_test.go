package nondetexploration

import (
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

func run(t *testing.T, a *distsys.Archetype) *distsys.Context {
	t.Helper()
	c := distsys.NewContext(a, tla.MakeInt(1))
	done := make(chan error, 1)
	go func() { done <- c.Run() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
	case <-time.After(20 * time.Second):
		c.Stop()
		t.Fatalf("%s: no combination of the with choices was found", a.Name)
	}
	return c
}

// Every combination of two `with` choices is reachable (l1..l4), two choices in one label
// (ACoincidence), and a repeated choice takes every element (AComplex's assert).
func TestCoverage(t *testing.T)    { run(t, ACoverage) }
func TestCoincidence(t *testing.T) { run(t, ACoincidence) }
func TestComplex(t *testing.T) {
	c := run(t, AComplex)
	if mark, _ := c.LocalValue("mark"); !mark.Equal(TheSet(c.Consts())) {
		t.Fatalf("mark = %v", mark)
	}
}
