package raftkvs_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

// TestRecordRaftTrace records a short run of a 3-node cluster and one client (VERIFORGE_TRACE_DIR
// set for the server processes and the client): an election, a put and a get. The servers stop
// on SIGTERM, which flushes and closes their trace files. With VERIFORGE_TRACE_OUT set the traces
// are kept there (dir "raft") for `veriforge mpcal validate` (scripts/conformance.d/trace.sh).
func TestRecordRaftTrace(t *testing.T) { recordRaft(t, "raft", "") }

// TestRecordBrokenRaftTrace is the same run with a leader that commits without a quorum
// (RAFTKVS_FAULT=commit-without-quorum, see fault.go); the validator must reject its trace.
func TestRecordBrokenRaftTrace(t *testing.T) {
	recordRaft(t, "raft-broken", "commit-without-quorum")
}

func recordRaft(t *testing.T, name, fault string) {
	t.Setenv(raftkvs.FaultEnv, fault)
	dir := filepath.Join(t.TempDir(), name)
	if base := os.Getenv("VERIFORGE_TRACE_OUT"); base != "" {
		dir = filepath.Join(base, name)
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(distsys.TraceDirEnv, dir)
	c, cfg := newCluster(t, 3, 1)
	for id := 1; id <= 3; id++ {
		c.start(id)
	}
	c.leader(10 * time.Second)
	cl, err := raftkvs.NewClient(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	if fault == "" {
		if err := cl.Put("k1", "v1", 8*time.Second); err != nil {
			t.Fatal(err)
		}
		v, ok, err := cl.Get("k1", 8*time.Second)
		if err != nil || !ok || v != "v1" {
			t.Fatalf("get k1 = %q %v %v", v, ok, err)
		}
	} else {
		// the broken leader's early commit skips its state machine: the put may time out
		_ = cl.Put("k1", "v1", time.Second)
	}
	cl.Close()
	for id := 1; id <= 3; id++ {
		c.mu.Lock()
		cmd, done := c.procs[id], c.done[id]
		delete(c.procs, id)
		c.mu.Unlock()
		_ = cmd.Process.Signal(syscall.SIGTERM)
		<-done
		_ = cmd.Wait()
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) < 3*5 {
		t.Fatalf("want a trace file per server archetype instance, got %d", len(files))
	}
}
