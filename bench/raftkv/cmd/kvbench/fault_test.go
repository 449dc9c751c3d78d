package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func setFlag(k, v string) error { return flagSet(k, v) }

// End to end on our Raft KV (etcd is not built in tests): a 3-node cluster behind the proxies,
// workload A, the leader SIGKILLed and restarted / cut off and healed. The run must record the
// fault, see another leader take over, keep the timeline consistent with the operation count,
// and porcupine must prove the history (with final reads) linearizable.
func TestFaultRunsOnOurRaftKV(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "raftkvs")
	build := exec.Command("go", "build", "-o", bin, "./systems/raftkvs/cmd/raftkvs")
	build.Dir = "../../../../go"
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build raftkvs: %v\n%s", err, b)
	}
	outFile := filepath.Join(dir, "faults.jsonl")
	f, err := os.Create(outFile)
	if err != nil {
		t.Fatal(err)
	}
	out.f = f
	defer func() { out.f = os.Stdout; f.Close() }()
	for k, v := range map[string]string{"raftkvs": bin, "clients": "3", "records": "40", "warmup": "300ms",
		"duration": "6s", "optimeout": "1s", "profile": "pgo", "checktimeout": "60s", "checkdir": dir} {
		if err := setFlag(k, v); err != nil {
			t.Fatal(err)
		}
	}
	faults := []string{"leader", "partition"}
	for _, fl := range faults {
		if err := setFlag("fault", fl); err != nil {
			t.Fatal(err)
		}
		faultRun(context.Background(), "raftkvs", 3, dir)
	}
	f.Sync()
	rf, err := os.Open(outFile)
	if err != nil {
		t.Fatal(err)
	}
	defer rf.Close()
	sc := bufio.NewScanner(rf)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	n := 0
	for sc.Scan() {
		var l faultLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		if l.Fault != faults[n] {
			t.Fatalf("run %d is %q, want %q", n, l.Fault, faults[n])
		}
		n++
		if !l.Check.Ok() || l.Check.FinalReads == 0 || l.Check.AckedPuts == 0 {
			t.Errorf("%s: check %+v", l.Fault, l.Check)
		}
		var victim, other int
		var recovered bool
		for _, e := range l.Events {
			switch e.What {
			case "kill -9 leader", "isolate leader":
				victim = e.Node
			case "leader":
				other = e.Node
			case "restart", "heal":
				recovered = e.Node == victim
			}
		}
		if victim == 0 || other == 0 || other == victim || !recovered {
			t.Errorf("%s: events %+v: want the fault, another leader, the recovery of the victim", l.Fault, l.Events)
		}
		sum := 0
		for _, v := range l.Timeline {
			sum += v
		}
		if sum < l.Ops || l.Ops == 0 {
			t.Errorf("%s: timeline counts %d operations, %d measured", l.Fault, sum, l.Ops)
		}
		if _, err := os.Stat(filepath.Join(dir, "raftkvs-3-"+l.Fault+"-check.json")); err != nil {
			t.Errorf("%s: checker output not saved: %v", l.Fault, err)
		}
	}
	if n != len(faults) {
		t.Fatalf("%d result lines, want %d", n, len(faults))
	}
}
