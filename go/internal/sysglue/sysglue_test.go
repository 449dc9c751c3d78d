package sysglue

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

func TestParsePeersAndLookup(t *testing.T) {
	p, err := ParsePeers("1=127.0.0.1:7001,2=127.0.0.1:7002")
	if err != nil || len(p) != 2 || p[2] != "127.0.0.1:7002" {
		t.Fatalf("%v %v", p, err)
	}
	for _, bad := range []string{"", "1:127.0.0.1:1", "x=127.0.0.1:1", "1=", "1=a:1,1=b:2"} {
		if _, err := ParsePeers(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	l := Lookup(p)
	if a, err := l(tla.MakeInt(1)); err != nil || a != "127.0.0.1:7001" {
		t.Fatal(a, err)
	}
	if _, err := l(tla.MakeInt(3)); err == nil {
		t.Fatal("unknown node resolved")
	}
	if _, err := l(tla.MakeString("1")); err == nil {
		t.Fatal("string node id resolved")
	}
}

func TestLoadYAMLPositions(t *testing.T) {
	type cfg struct {
		A int           `yaml:"a"`
		B time.Duration `yaml:"b"`
		C struct {
			D string `yaml:"d"`
		} `yaml:"c"`
	}
	dir := t.TempDir()
	write := func(s string) string {
		p := filepath.Join(dir, "c.yaml")
		_ = os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	var c cfg
	p := write("a: 3\nb: 250ms\nc:\n  d: x\n")
	if err := LoadYAML(p, &c); err != nil || c.A != 3 || c.B != 250*time.Millisecond || c.C.D != "x" {
		t.Fatalf("%+v %v", c, err)
	}
	if l, col := Node(p, "c", "d"); l != 4 || col != 3 {
		t.Fatalf("Node(c, d) = %d:%d, want 4:3", l, col)
	}
	for src, want := range map[string]string{
		"a: 3\nzz: 1\n":    ":2:1: field zz not found",
		"a: 3\nb: later\n": ":2:1: cannot unmarshal",
		"a: [\n":           "c.yaml:",
		"a: x\n":           ":1:1: cannot unmarshal",
	} {
		var c cfg
		err := LoadYAML(write(src), &c)
		var ce *ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got %v, want one line containing %q", src, err, want)
		}
	}
	var c2 cfg
	if err := LoadYAML(filepath.Join(dir, "missing.yaml"), &c2); err == nil || !strings.HasSuffix(strings.SplitN(err.Error(), ": ", 2)[0], "missing.yaml:1:1") {
		t.Fatalf("missing file: %v", err)
	}
}

func loop(name string, fail bool) *distsys.Archetype {
	return &distsys.Archetype{Name: name, Entry: "l", Labels: map[string]func(*distsys.Context) error{"l": func(c *distsys.Context) error {
		if fail {
			return c.Assert(tla.False, "boom")
		}
		return c.Goto("l")
	}}}
}

// Run returns the first failure and stops the other archetypes; a closed stop channel stops all
// of them without an error.
func TestRunStopsEveryContext(t *testing.T) {
	done := make(chan error, 1)
	go func() {
		done <- Run(nil, distsys.NewContext(loop("spin", false), tla.MakeInt(1)), distsys.NewContext(loop("fail", true), tla.MakeInt(2)))
	}()
	select {
	case err := <-done:
		var ae *distsys.AssertionError
		if !errors.As(err, &ae) {
			t.Fatalf("want the assertion failure, got %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop the spinning archetype after the other failed")
	}
	stop := make(chan struct{})
	go func() {
		done <- Run(stop, distsys.NewContext(loop("a", false), tla.MakeInt(1)), distsys.NewContext(loop("b", false), tla.MakeInt(2)))
	}()
	close(stop)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("stopped run returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("stop did not stop the archetypes")
	}
}

func TestParseBoxes(t *testing.T) {
	keys, addr, err := ParseBoxes("3.1=127.0.0.1:7001,3.4=127.0.0.1:7004,2=h:1")
	if err != nil || len(keys) != 3 {
		t.Fatal(keys, err)
	}
	if a, err := addr(tla.MakeTuple(tla.MakeInt(3), tla.MakeInt(4))); err != nil || a != "127.0.0.1:7004" {
		t.Fatal(a, err)
	}
	if a, err := addr(tla.MakeInt(2)); err != nil || a != "h:1" {
		t.Fatal(a, err)
	}
	if _, err := addr(tla.MakeTuple(tla.MakeInt(3), tla.MakeInt(2))); err == nil {
		t.Fatal("unknown mailbox resolved")
	}
	for _, bad := range []string{"", "3.1", "x=h:1", "3.1=h:1,3.1=h:2", "3..1=h:1"} {
		if _, _, err := ParseBoxes(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Two processes' worth of Boxes on loopback: a write to a remote tuple-keyed mailbox arrives in
// the right local mailbox of the other side, and Pending counts it until it is read.
func TestBoxesRouteTupleMailboxes(t *testing.T) {
	a1, a2, b1 := tla.MakeTuple(tla.MakeInt(1), tla.MakeInt(1)), tla.MakeTuple(tla.MakeInt(1), tla.MakeInt(2)), tla.MakeTuple(tla.MakeInt(2), tla.MakeInt(1))
	addrs := map[string]string{}
	for _, k := range []tla.Value{a1, a2, b1} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addrs[k.String()] = ln.Addr().String()
		ln.Close()
	}
	lookup := func(v tla.Value) (string, error) { return addrs[v.String()], nil }
	na, err := ListenBoxes([]tla.Value{a1, a2}, lookup, distsys.TCPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer na.Close()
	nb, err := ListenBoxes([]tla.Value{b1}, lookup, distsys.TCPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer nb.Close()
	send := func(r distsys.Resource, to tla.Value, v tla.Value) {
		s, err := r.Index(to)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Write(v); err != nil {
			t.Fatal(err)
		}
		if err := s.PreCommit(); err != nil {
			t.Fatal(err)
		}
		if err := s.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	rb := nb.Resource()
	send(rb, a2, tla.MakeString("to a2"))
	send(rb, a1, tla.MakeString("to a1"))
	deadline := time.Now().Add(5 * time.Second)
	for na.Pending(a1) != 1 || na.Pending(a2) != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("pending %d %d", na.Pending(a1), na.Pending(a2))
		}
		time.Sleep(5 * time.Millisecond)
	}
	ra := na.Resource()
	recv, err := ra.Index(a2)
	if err != nil {
		t.Fatal(err)
	}
	v, err := recv.Read()
	if err != nil || !v.Equal(tla.MakeString("to a2")) {
		t.Fatal(v, err)
	}
	if err := recv.Commit(); err != nil {
		t.Fatal(err)
	}
	if na.Pending(a2) != 0 || na.Pending(a1) != 1 || na.Pending(b1) != -1 {
		t.Fatalf("pending after read: %d %d %d", na.Pending(a2), na.Pending(a1), na.Pending(b1))
	}
}
