package distsys

import (
	"errors"
	"net"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

func TestFailureDetectorSuspectsAndClears(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	d := NewFailureDetector(func(tla.Value) (string, error) { return addr, nil }, 10*time.Millisecond, 3)
	defer d.Close()
	fd, _ := d.Resource().Index(I(2))
	wait := func(want bool) {
		t.Helper()
		deadline := time.Now().Add(3 * time.Second)
		for {
			v, err := fd.Read()
			if err != nil {
				t.Fatal(err)
			}
			if v.AsBool() == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("fd[2] stayed %v", v)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	time.Sleep(50 * time.Millisecond)
	wait(false)
	ln.Close()
	wait(true)
	// the node comes back on the same address
	ln2, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("cannot listen again on %s: %v", addr, err)
	}
	defer ln2.Close()
	go func() {
		for {
			c, err := ln2.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	wait(false)
	if err := fd.Write(tla.True); err == nil {
		t.Fatal("fd is read-only")
	}
}

func TestFailureDetectorProbeAndChanges(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	d := NewFailureDetector(func(j tla.Value) (string, error) {
		if j.AsInt() == 9 {
			return "", errors.New("no node 9")
		}
		return addr, nil
	}, 20*time.Millisecond, 1)
	defer d.Close()
	if ok, err := d.Probe(I(1)); !ok || err != nil {
		t.Fatalf("probe of a live node: %v %v", ok, err)
	}
	if _, err := d.Probe(I(9)); err == nil {
		t.Fatal("probe of an unknown node resolved")
	}
	if s, _ := d.Suspected(I(1)); s {
		t.Fatal("suspected before any failed probe")
	}
	ch := d.Changes()
	select {
	case <-ch:
		t.Fatal("Changes closed without a change")
	default:
	}
	ln.Close()
	if ok, _ := d.Probe(I(1)); ok {
		t.Fatal("probe of a closed monitor succeeded")
	}
	select {
	case <-ch:
	case <-time.After(3 * time.Second):
		t.Fatal("Changes not closed after node 1 became suspected")
	}
	if s, _ := d.Suspected(I(1)); !s {
		t.Fatal("Changes closed but node 1 not suspected")
	}
}
