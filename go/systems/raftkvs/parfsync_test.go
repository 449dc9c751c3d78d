package raftkvs_test

import (
	"fmt"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

// parallelLeaderFsync: true (the leader's AppendEntries do not wait for its own fsync, its commit
// index waits for it) serves puts and gets, and what it acknowledged survives a restart of the
// whole cluster from the data directories.
func TestParallelLeaderFsyncServesAndPersists(t *testing.T) {
	servesAndPersists(t, "parallelLeaderFsync: true\n", func(c *raftkvs.Config) bool { return c.ParallelLeaderFsync })
}

// markedBarrier: true (a late-committed message waits only for the log writes serialised before
// its step) serves and persists the same way.
func TestMarkedBarrierServesAndPersists(t *testing.T) {
	servesAndPersists(t, "markedBarrier: true\n", func(c *raftkvs.Config) bool { return c.MarkedBarrier })
}

func servesAndPersists(t *testing.T, extra string, read func(*raftkvs.Config) bool, afterPuts ...func([]*raftkvs.Server)) {
	dir := t.TempDir()
	addrs := freeAddrs(t, 5)
	cfg, err := raftkvs.LoadConfig(writeFile(t, filepath.Join(dir, "c.yaml"),
		configText(3, func(i int) string { return addrs[i-1] }, addrs[3:])+extra))
	if err != nil {
		t.Fatal(err)
	}
	if !read(cfg) {
		t.Fatalf("%q not read", extra)
	}
	cfg.AppendEntriesSendInterval = 5 * time.Millisecond
	var servers []*raftkvs.Server
	start := func() func() {
		stop := make(chan struct{})
		servers = nil
		for i := 1; i <= 3; i++ {
			s, err := raftkvs.NewServer(cfg, i, filepath.Join(dir, fmt.Sprint("data-", i)), io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			servers = append(servers, s)
			go func() { _ = sysglue.Run(stop, s.Contexts()...) }()
		}
		return func() {
			close(stop)
			for _, s := range servers {
				s.Close()
			}
		}
	}
	retry := func(what string, f func() error) {
		t.Helper()
		end := time.Now().Add(20 * time.Second)
		for {
			err := f()
			if err == nil {
				return
			}
			if time.Now().After(end) {
				t.Fatalf("%s: %v", what, err)
			}
		}
	}
	stop := start()
	c, err := raftkvs.NewClient(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40; i++ {
		retry(fmt.Sprint("put ", i), func() error { return c.Put(fmt.Sprint("k", i%8), fmt.Sprint("v", i), 2*time.Second) })
	}
	c.Close()
	for _, f := range afterPuts {
		f(servers)
	}
	stop()
	stop = start()
	defer stop()
	// Another client id: the restarted leader re-applies the log and answers client 1's old
	// requests again, which a new client 1 (request numbers from 1 again) would take for its own.
	c, err = raftkvs.NewClient(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for k := 0; k < 8; k++ {
		want := fmt.Sprint("v", 32+k)
		retry(fmt.Sprint("get k", k), func() error {
			got, ok, err := c.Get(fmt.Sprint("k", k), 2*time.Second)
			if err != nil {
				return err
			}
			if !ok || got != want {
				t.Fatalf("after the restart k%d = %q (%v), want %q", k, got, ok, want)
			}
			return nil
		})
	}
}

// earlyFsync: true (a leader's fsync starts when its log write commits, while writes are sparse)
// serves and persists the same way.
func TestEarlyFsyncServesAndPersists(t *testing.T) {
	servesAndPersists(t, "earlyFsync: true\n", func(c *raftkvs.Config) bool { return c.EarlyFsync })
}

// replFusion: true (appendEntriesLoop's iterations that send nothing run in the transaction of
// the step before them) serves and persists the same way, and its loop did fuse steps.
func TestReplFusionServesAndPersists(t *testing.T) {
	servesAndPersists(t, "replFusion: true\n", func(c *raftkvs.Config) bool { return c.ReplFusion }, func(ss []*raftkvs.Server) {
		fused := 0
		for _, s := range ss {
			for _, c := range s.Contexts() {
				if c.Name() == raftkvs.AServerAppendEntries.Name {
					fused += c.FusedSteps() // 0 without replFusion (nothing else fuses it)
				}
			}
		}
		if fused == 0 {
			t.Fatal("no replication step was fused")
		}
	})
}
