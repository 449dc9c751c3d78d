package locksvc_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/systems/locksvc"
)

// Trace recording (VERIFORGE_TRACE_DIR / distsys.WithTraceDir) of the lock service, for
// `veriforge mpcal validate locksvc.tla <dir> --config locksvcValidate.cfg` (the Rust test
// crates/cli/tests/mpcal_validate_cli.rs sets VERIFORGE_TRACE_OUT to keep the traces).

const traceClients, traceRounds = 2, 3

// brokenServer is ALockServer with a fault: an acquire is granted even while another client
// holds the lock (the model grants only when the queue is empty).
func brokenServer() *distsys.Archetype {
	a := *locksvc.ALockServer
	a.Labels = map[string]func(*distsys.Context) error{}
	for l, f := range locksvc.ALockServer.Labels {
		a.Labels[l] = f
	}
	good := locksvc.ALockServer.Labels["handle"]
	a.Labels["handle"] = func(c *distsys.Context) error {
		req := c.Local("req")
		if tla.Dot(req, "kind").Equal(locksvc.Acquire(c.Consts())) && !c.Local("waiting").Equal(tla.MakeTuple()) {
			if err := c.Write("net", []tla.Value{tla.Dot(req, "from")}, locksvc.Granted(c.Consts())); err != nil {
				return err
			}
			c.SetLocal("waiting", tla.Append(c.Local("waiting"), tla.Dot(req, "from")))
			return c.Goto("serve")
		}
		return good(c)
	}
	return &a
}

// recordLockRun runs the server and the clients in one process (in-memory mailboxes), recording
// traces into dir. A client holds the lock for 30 ms, so the other's request arrives meanwhile.
// It returns the most clients seen in the critical section at once. The broken server's run does
// not finish (its assert stops it); every archetype is stopped after limit.
func recordLockRun(t *testing.T, dir string, server *distsys.Archetype, limit time.Duration) int {
	k := &distsys.Constants{Values: map[string]tla.Value{"NumClients": tla.MakeInt(traceClients), "Rounds": tla.MakeInt(traceRounds)}}
	netw := distsys.NewInMemoryNetwork()
	var inside, most atomic.Int32
	srv := distsys.NewContext(server, locksvc.Server(k), distsys.WithConstants(k), distsys.WithTraceDir(dir),
		distsys.WithResource("net", netw.Mailboxes(locksvc.Server(k), 5*time.Millisecond)))
	srvDone := make(chan error, 1)
	go func() { srvDone <- srv.Run() }()
	var wg sync.WaitGroup
	var ctxs []*distsys.Context
	for _, id := range locksvc.Clients(k).Elements() {
		inCS := distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
			return distsys.NewObservedLocal(tla.False, func(_, now tla.Value) {
				if now.AsBool() {
					n := inside.Add(1)
					for {
						m := most.Load()
						if n <= m || most.CompareAndSwap(m, n) {
							break
						}
					}
					time.Sleep(30 * time.Millisecond)
				} else {
					inside.Add(-1)
				}
			}), nil
		})
		c := distsys.NewContext(locksvc.ALockClient, id, distsys.WithConstants(k), distsys.WithTraceDir(dir),
			distsys.WithResource("net", netw.Mailboxes(id, 5*time.Millisecond)), distsys.WithResource("inCS", inCS))
		ctxs = append(ctxs, c)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = c.Run()
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(limit):
		for _, c := range ctxs {
			c.Stop()
		}
		<-done
	}
	srv.Stop()
	<-srvDone
	return int(most.Load())
}

type traceLine struct {
	Archetype string            `json:"archetype"`
	ID        string            `json:"id"`
	Label     string            `json:"label"`
	Next      string            `json:"next"`
	Ops       []json.RawMessage `json:"ops"`
	Clock     map[string]uint64 `json:"clock"`
}

func readTrace(t *testing.T, path string) []traceLine {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []traceLine
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l traceLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, l)
	}
	return out
}

func traceDir(t *testing.T, name string) string {
	if base := os.Getenv("VERIFORGE_TRACE_OUT"); base != "" {
		d := filepath.Join(base, name)
		if err := os.RemoveAll(d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return filepath.Join(t.TempDir(), name)
}

// A correct run: one file per instance, each step's own clock entry counts the steps, labels
// chain (next = the following step's label), and a client's `enter` (it received the grant)
// has merged the server's clock.
func TestRecordLockTraces(t *testing.T) {
	dir := traceDir(t, "ok")
	if most := recordLockRun(t, dir, locksvc.ALockServer, 20*time.Second); most != 1 {
		t.Fatalf("the correct server let %d clients in at once", most)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) != traceClients+1 {
		t.Fatalf("want %d trace files, got %v", traceClients+1, files)
	}
	for _, f := range files {
		lines := readTrace(t, f)
		if len(lines) == 0 {
			t.Fatalf("%s: empty", f)
		}
		for i, l := range lines {
			if l.Clock[l.ID] != uint64(i+1) {
				t.Fatalf("%s:%d: own clock %d", f, i+1, l.Clock[l.ID])
			}
			if i > 0 && lines[i-1].Next != l.Label {
				t.Fatalf("%s:%d: label %s after next %s", f, i+1, l.Label, lines[i-1].Next)
			}
			if l.Archetype == "ALockClient" && l.Label == "enter" {
				if l.Clock["ALockServer/0"] == 0 || len(l.Ops) != 2 {
					t.Fatalf("%s:%d: enter without the server's clock or without read+write: %+v", f, i+1, l)
				}
			}
		}
		if last := lines[len(lines)-1]; last.Archetype == "ALockClient" && last.Next != distsys.Done {
			t.Fatalf("%s: client did not finish: %+v", f, last)
		}
	}
}

// The broken server lets two clients into the critical section (the validator must reject its
// trace at the server's second grant).
func TestRecordBrokenLockTraces(t *testing.T) {
	dir := traceDir(t, "broken")
	if most := recordLockRun(t, dir, brokenServer(), 2*time.Second); most < 2 {
		t.Fatalf("the broken server never let two clients in (most %d)", most)
	}
}
