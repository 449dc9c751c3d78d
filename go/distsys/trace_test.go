package distsys

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// pinger sends its self to node 2 and waits for the echo; echoer echoes one message back.
var pinger = &Archetype{
	Name:   "Pinger",
	Params: []Param{{Name: "net", Ref: true, Indexed: 1}},
	Entry:  "ping",
	Labels: map[string]func(*Context) error{
		"ping": func(c *Context) error {
			if err := c.Write("net", []tla.Value{I(2)}, tla.MakeTuple(c.Self(), tla.MakeSet(I(3), I(1)), tla.MakeModel("m"))); err != nil {
				return err
			}
			return c.Goto("pong")
		},
		"pong": func(c *Context) error {
			if _, err := c.Read("net", c.Self()); err != nil {
				return err
			}
			return c.Goto(Done)
		},
	},
}

var echoer = &Archetype{
	Name:   "Echoer",
	Params: []Param{{Name: "net", Ref: true, Indexed: 1}},
	Entry:  "echo",
	Labels: map[string]func(*Context) error{
		"echo": func(c *Context) error {
			m, err := c.Read("net", c.Self())
			if err != nil {
				return err
			}
			if err := c.Write("net", []tla.Value{tla.Apply(m, I(1))}, tla.MakeRecord(tla.Field{Name: "echo", Value: tla.True})); err != nil {
				return err
			}
			return c.Goto(Done)
		},
	},
}

type tline struct {
	ID    string            `json:"id"`
	Label string            `json:"label"`
	Next  string            `json:"next"`
	Ops   []json.RawMessage `json:"ops"`
	Clock map[string]uint64 `json:"clock"`
}

func readLines(t *testing.T, p string) []tline {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var out []tline
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var x tline
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("%s: %v: %s", p, err, l)
		}
		out = append(out, x)
	}
	return out
}

func runPingPong(t *testing.T, dir string, n1, n2 Resource) {
	t.Helper()
	a := NewContext(pinger, I(1), WithResource("net", n1), WithTraceDir(dir))
	b := NewContext(echoer, I(2), WithResource("net", n2), WithTraceDir(dir))
	errs := make(chan error, 2)
	go func() { errs <- a.Run() }()
	go func() { errs <- b.Run() }()
	for i := 0; i < 2; i++ {
		select {
		case err := <-errs:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("ping-pong did not finish")
		}
	}
}

// checkPingPong: the echo step has merged the ping's clock, the pong step the echo's; values are
// in the trace's JSON form.
func checkPingPong(t *testing.T, dir string) {
	t.Helper()
	p := readLines(t, filepath.Join(dir, "Pinger_1.jsonl"))
	e := readLines(t, filepath.Join(dir, "Echoer_2.jsonl"))
	if len(p) != 2 || len(e) != 1 {
		t.Fatalf("steps: pinger %d, echoer %d", len(p), len(e))
	}
	if p[0].Label != "ping" || p[0].Next != "pong" || p[1].Next != Done || e[0].Label != "echo" {
		t.Fatalf("labels: %+v %+v", p, e)
	}
	if e[0].Clock["Pinger/1"] != 1 || e[0].Clock["Echoer/2"] != 1 {
		t.Fatalf("echo clock %v: the ping's clock was not merged", e[0].Clock)
	}
	if p[1].Clock["Echoer/2"] != 1 || p[1].Clock["Pinger/1"] != 2 {
		t.Fatalf("pong clock %v", p[1].Clock)
	}
	if got := string(p[0].Ops[0]); got != `{"op":"write","res":"net","idx":[2],"val":{"fn":[[1,1],[2,{"set":[1,3]}],[3,{"model":"m"}]]}}` {
		t.Fatalf("ping op %s", got)
	}
	if got := string(e[0].Ops[0]); got != `{"op":"read","res":"net","idx":[2],"val":{"fn":[[1,1],[2,{"set":[1,3]}],[3,{"model":"m"}]]}}` {
		t.Fatalf("echo op %s", got)
	}
	if got := string(p[1].Ops[0]); got != `{"op":"read","res":"net","idx":[1],"val":{"fn":[["echo",true]]}}` {
		t.Fatalf("pong op %s", got)
	}
}

func TestTraceClocksThroughInMemoryMailboxes(t *testing.T) {
	dir := t.TempDir()
	n := NewInMemoryNetwork()
	runPingPong(t, dir, n.Mailboxes(I(1), 20*time.Millisecond), n.Mailboxes(I(2), 20*time.Millisecond))
	checkPingPong(t, dir)
}

func TestTraceClocksThroughTCPMailboxes(t *testing.T) {
	dir := t.TempDir()
	m1, m2, _ := tcpPair(t, TCPOptions{ReceiveTimeout: 20 * time.Millisecond})
	defer m1.Close()
	defer m2.Close()
	runPingPong(t, dir, m1.Resource(), m2.Resource())
	checkPingPong(t, dir)
}

// Without a directory nothing is written, and untraced TCP peers interoperate with traced ones
// (a plain data frame has no clock; the traced receiver records no merge).
func TestTraceOffWritesNothing(t *testing.T) {
	t.Setenv(TraceDirEnv, "")
	dir := t.TempDir()
	n := NewInMemoryNetwork()
	a := NewContext(pinger, I(1), WithResource("net", n.Mailboxes(I(1), 20*time.Millisecond)))
	b := NewContext(echoer, I(2), WithResource("net", n.Mailboxes(I(2), 20*time.Millisecond)), WithTraceDir(dir))
	errs := make(chan error, 2)
	go func() { errs <- a.Run() }()
	go func() { errs <- b.Run() }()
	for i := 0; i < 2; i++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if a.trace != nil {
		t.Fatal("tracer made without a directory")
	}
	e := readLines(t, filepath.Join(dir, "Echoer_2.jsonl"))
	if len(e) != 1 || e[0].Clock["Pinger/1"] != 0 || e[0].Clock["Echoer/2"] != 1 {
		t.Fatalf("echo %+v", e)
	}
	if fs, _ := filepath.Glob(filepath.Join(dir, "Pinger*")); len(fs) != 0 {
		t.Fatalf("untraced instance wrote %v", fs)
	}
}
