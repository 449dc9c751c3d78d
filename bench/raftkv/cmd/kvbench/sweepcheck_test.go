package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/veriforge/veriforge/go/internal/ycsb"
)

// Sweep mode with -check on our Raft KV: two workloads at two client counts on one 3-node
// cluster; the cluster's whole history (both workloads' runs on one time line, final reads of
// every written key) must be checked and proven linearizable, with every run's operations in it;
// every run line says by how much the Raft term rose during it (elections).
func TestSweepCheckOnOurRaftKV(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "raftkvs")
	build := exec.Command("go", "build", "-o", bin, "./systems/raftkvs/cmd/raftkvs")
	build.Dir = "../../../../go"
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build raftkvs: %v\n%s", err, b)
	}
	outFile := filepath.Join(dir, "sweep.jsonl")
	f, err := os.Create(outFile)
	if err != nil {
		t.Fatal(err)
	}
	out.f = f
	defer func() { out.f = os.Stdout; f.Close() }()
	for k, v := range map[string]string{"raftkvs": bin, "clients": "1,2", "records": "30", "warmup": "200ms",
		"duration": "1s", "optimeout": "1s", "profile": "pgo", "checktimeout": "60s", "check": "true",
		"workloads": "A,F", "nodes": "3", "reps": "1"} {
		if err := setFlag(k, v); err != nil {
			t.Fatal(err)
		}
	}
	defer setFlag("check", "false")
	sweep(context.Background(), []string{"raftkvs"}, dir)
	f.Sync()
	rf, err := os.Open(outFile)
	if err != nil {
		t.Fatal(err)
	}
	defer rf.Close()
	sc := bufio.NewScanner(rf)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	runs, logged := 0, 0
	var chk *ycsb.CheckResult
	for sc.Scan() {
		var l struct {
			Mode   string            `json:"mode"`
			Ops    int               `json:"ops"`
			Errors int               `json:"errors"`
			Check  *ycsb.CheckResult `json:"check"`
			Term   *int64            `json:"raftkvs_term_rise"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		switch l.Mode {
		case "sweep":
			if l.Term == nil || *l.Term < 0 {
				t.Fatalf("run line without a Raft term rise: %s", sc.Bytes())
			}
			runs++
			logged += l.Ops + l.Errors
		case "sweep-check":
			if chk != nil {
				t.Fatal("two check lines for one cluster")
			}
			chk = l.Check
		default:
			t.Fatalf("unexpected line %s", sc.Bytes())
		}
	}
	if runs != 4 {
		t.Fatalf("%d runs, want 4 (2 workloads x 2 client counts)", runs)
	}
	if chk == nil {
		t.Fatal("no sweep-check line")
	}
	if !chk.Ok() || chk.FinalReads == 0 || chk.AckedPuts == 0 || chk.Loaded != 30 {
		t.Fatalf("check %+v", *chk)
	}
	// The history holds the loaded records, every run's operations (warm-up included, failed
	// reads dropped) and the final reads: at least the measured ones.
	if chk.Operations < 30+logged-chk.FailedReads+chk.FinalReads {
		t.Fatalf("history has %d operations, fewer than loaded + measured + final (%d + %d + %d)", chk.Operations, 30, logged, chk.FinalReads)
	}
}
