package sysglue

import (
	"errors"
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
