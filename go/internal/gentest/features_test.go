package gentest

import (
	"bytes"
	"go/format"
	"os"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

func consts() *distsys.Constants {
	return &distsys.Constants{
		Values: map[string]tla.Value{"N": tla.MakeInt(4)},
		Ops:    map[string]func(...tla.Value) tla.Value{"MkPair": func(a ...tla.Value) tla.Value { return tla.MakeTuple(a...) }},
	}
}

func drain(ch chan tla.Value) []string {
	var out []string
	for {
		select {
		case v := <-ch:
			out = append(out, v.String())
		default:
			return out
		}
	}
}

func TestExpressions(t *testing.T) {
	out := make(chan tla.Value, 64)
	c := distsys.NewContext(AExprs, tla.MakeInt(1), distsys.WithConstants(consts()), distsys.WithResource("out", distsys.OutputChannel(out)))
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"{2, 4}", "9", "5",
		`[a |-> 1, b |-> <<1, 7>>]`,
		`[x |-> 2, y |-> 1]`, // f["x"] := 2 || f["y"] := f["x"] + 1 reads the old f["x"]
		`{<<1, "p">>, <<2, "p">>}`,
		`"mid"`, "TRUE", "<<-4, -3, 1, 1024>>", // (-7) \div 2 floors; -7 \div 2 is -(7 \div 2)
		`[a |-> 11, b |-> <<0, 7>>]`,
		"<<1, 2>>", "1", "<<2, 3, 9>>", `{"x", "y"}`, `"two"`,
		`<<"a", "b">>`, "42", "{{1}, {2}}",
		"(<<1, 3>> :> 4 @@ <<2, 3>> :> 5)",
	}
	got := drain(out)
	if len(got) != len(want) {
		t.Fatalf("got %d values %v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("value %d: got %s, want %s", i+1, got[i], want[i])
		}
	}
}

func TestChoiceFairnessAndChannels(t *testing.T) {
	in := make(chan tla.Value, 1)
	out := make(chan tla.Value, 64)
	var printed bytes.Buffer
	c := distsys.NewContext(AChoice, tla.MakeInt(2), distsys.WithConstants(consts()),
		distsys.WithResource("in", distsys.InputChannel(in, 10*time.Millisecond)), distsys.WithResource("out", distsys.OutputChannel(out)),
		distsys.WithOutput(&printed))
	done := make(chan error)
	go func() { done <- c.Run() }()
	time.Sleep(30 * time.Millisecond) // recv must wait (abort and retry) until there is input
	in <- tla.MakeInt(21)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	want := []string{`<<"even", 0>>`, `<<"odd", 1>>`, `<<"even", 2>>`, `<<"odd", 3>>`, `<<"even", 4>>`, `<<"odd", 5>>`, "42"}
	got := drain(out)
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("output %d: got %s, want %s", i+1, got[i], want[i])
		}
	}
	if printed.String() != "<<\"done\", 6>>\n" {
		t.Errorf("print wrote %q", printed.String())
	}
	steps, aborts := c.Stats()
	// loop 7 times, step 6, pick 3, recv, check = 18 steps; the first `either`
	// attempt (odd branch at n = 0) and the empty input must have aborted.
	if steps != 18 || aborts < 2 {
		t.Errorf("steps %d aborts %d", steps, aborts)
	}
	if seen, _ := c.LocalValue("seen"); !seen.Equal(tla.MakeSet(tla.MakeInt(1), tla.MakeInt(2), tla.MakeInt(3))) {
		t.Errorf("seen = %v", seen)
	}
}

func TestIndexedResourceAndValueParam(t *testing.T) {
	cells := distsys.NewLocalIndexed(func(tla.Value) tla.Value { return tla.MakeInt(0) })
	c := distsys.NewContext(AIndexed, tla.MakeInt(1), distsys.WithConstants(consts()),
		distsys.WithResource("cells", cells), distsys.WithValue("k", tla.MakeInt(5)))
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	if got := cells.Snapshot(); !got.Equal(tla.MakeTuple(tla.MakeInt(5), tla.MakeInt(6))) {
		t.Fatalf("cells = %v (a read sees the step's own earlier write)", got)
	}
	if err := distsys.NewContext(AIndexed, tla.MakeInt(1), distsys.WithResource("cells", cells)).Run(); err == nil {
		t.Fatal("missing value parameter must be an error")
	}
}

// MPCal procedures: ref arguments (a local), value arguments, procedure locals, a loop inside a
// procedure, recursion with a tail call; and a procedure that reads an unreadable resource fails.
func TestProcedures(t *testing.T) {
	out := make(chan tla.Value, 8)
	c := distsys.NewContext(AProc, tla.MakeInt(3), distsys.WithConstants(consts()), distsys.WithResource("out", distsys.OutputChannel(out)))
	err := c.Run()
	got := drain(out)
	if len(got) != 2 || got[0] != "3" || got[1] != "12" {
		t.Fatalf("outputs %v, want [3 12]", got)
	}
	if total, _ := c.LocalValue("total"); total.AsInt() != 12 {
		t.Fatalf("total = %v", total)
	}
	// `call Add(ref out, 1)` makes Add read the output channel: a fatal error, not a hang.
	if err == nil {
		t.Fatal("reading an output channel must fail")
	}
}

func TestMissingConstantIsAnError(t *testing.T) {
	out := make(chan tla.Value, 64)
	err := distsys.NewContext(AExprs, tla.MakeInt(1), distsys.WithResource("out", distsys.OutputChannel(out))).Run()
	if err == nil {
		t.Fatal("N is undefined: the first step must fail")
	}
}

// The committed generated files are exactly what gofmt would print.
func TestGeneratedFilesAreGofmtClean(t *testing.T) {
	for _, f := range []string{"features.go", "../../systems/locksvc/locksvc.go", "../../systems/dqueue/dqueue.go", "../../systems/gcounter/gcounter.go", "../../systems/shopcart/shopcart.go", "../durable/durable.go"} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fmtd, err := format.Source(src)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(src, fmtd) {
			t.Errorf("%s is not gofmt-clean", f)
		}
	}
}
