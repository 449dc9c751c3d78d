package raftkvs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

// With persist: false (the diagnostic mode of the benchmark) the servers' plog writes are dropped;
// a follower that receives entries it already has pops them from plog, which once failed the
// server archetype ("plog: pop 2 of 0 entries") and stalled replication. Three in-process servers
// must serve a run of puts and gets without an archetype failing.
func TestNoPersistenceClusterServesRequests(t *testing.T) {
	dir := t.TempDir()
	addrs := freeAddrs(t, 4)
	cfg, err := raftkvs.LoadConfig(writeFile(t, filepath.Join(dir, "c.yaml"), configText(3, func(i int) string { return addrs[i-1] }, addrs[3:])))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Persist = false
	cfg.AppendEntriesSendInterval = 2 * time.Millisecond
	stop := make(chan struct{})
	runErr := make(chan error, 3)
	for i := 1; i <= 3; i++ {
		s, err := raftkvs.NewServer(cfg, i, "", os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		go func() { runErr <- sysglue.Run(stop, s.Contexts()...) }()
	}
	defer close(stop)
	c, err := raftkvs.NewClient(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	deadline := time.Now().Add(20 * time.Second)
	for i := 0; i < 150; i++ {
		key, val := fmt.Sprint("k", i%7), fmt.Sprint("v", i)
		for {
			err := c.Put(key, val, 2*time.Second)
			if err == nil {
				break
			}
			select {
			case e := <-runErr:
				t.Fatalf("put %d: a server stopped: %v", i, e)
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("put %d: %v", i, err)
			}
		}
		if i%10 == 9 {
			got, ok, err := c.Get(key, 5*time.Second)
			if err != nil || !ok || got != val {
				t.Fatalf("get %s after put %d: %q %v %v", key, i, got, ok, err)
			}
		}
	}
	select {
	case e := <-runErr:
		t.Fatalf("a server stopped: %v", e)
	default:
	}
}
