package raftkvs_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

// fakeServer answers client requests the way the test decides: it reads its mailbox outside any
// archetype and sends one answer per request (answer returns ok=false to stay silent).
func fakeServer(t *testing.T, mb *distsys.TCPMailboxes, self tla.Value, answer func(req tla.Value) (tla.Value, bool)) {
	res := mb.Resource()
	stop := make(chan struct{})
	done := make(chan struct{})
	t.Cleanup(func() { close(stop); <-done })
	go func() {
		defer close(done)
		for {
			rcv, err := res.Index(self)
			if err != nil {
				t.Error(err)
				return
			}
			m, err := rcv.Read()
			if err != nil {
				wait := rcv.(distsys.Notifier).Changed()
				rcv.Abort()
				select {
				case <-stop:
					return
				case <-wait:
				case <-time.After(50 * time.Millisecond):
				}
				continue
			}
			if err := rcv.Commit(); err != nil {
				t.Error(err)
				return
			}
			resp, ok := answer(m)
			if !ok {
				continue
			}
			snd, err := res.Index(tla.Dot(m, "msource"))
			if err == nil {
				err = snd.Write(resp)
			}
			if err == nil {
				err = snd.PreCommit()
			}
			if err == nil {
				err = snd.Commit()
			}
			if err != nil {
				t.Errorf("fake server %v: answer: %v", self, err)
				return
			}
		}
	}()
}

// An old leader cut off from its peers keeps accepting client requests it can never commit (the
// partition runs of bench/raftkv/faults.sh): a client whose request sits there gets no answer, and
// a follower that has not yet heard of the new leader sends it back there (leader hint). The
// spec's client leaves such a server only on its timeout, which the glue raises every
// clientRequestTimeout. It used to raise it only while a call waited for the answer to its own
// request: once a call gave up (its deadline passed while the archetype still waited on the old
// leader), every later call waited to hand its request to the busy archetype, no timeout was
// raised any more, and the client never served again, also after the partition healed (the old
// leader drops the uncommitted requests without answering). Two fake servers make this
// deterministic: server 1 is the cut-off old leader (accepts, never answers); server 2 answers
// "not leader, try 1" until the test lets it know it leads, then serves every request.
func TestClientLeavesSilentOldLeader(t *testing.T) {
	dir := t.TempDir()
	addrs := freeAddrs(t, 3)
	cfgPath := writeFile(t, filepath.Join(dir, "cluster.yaml"), configText(2, func(i int) string { return addrs[i-1] }, addrs[2:]))
	cfg, err := raftkvs.LoadConfig(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	k := cfg.Constants()
	lookup := sysglue.Lookup(cfg.Addrs())
	var silent, served atomic.Int64
	var leads atomic.Bool
	for id := 1; id <= 2; id++ {
		self := tla.MakeInt(int64(id))
		mb, err := distsys.ListenTCPMailboxes(self, addrs[id-1], lookup, distsys.TCPOptions{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { mb.Close() })
		fakeServer(t, mb, self, func(m tla.Value) (tla.Value, bool) {
			cmd := tla.Dot(m, "mcmd")
			if id == 1 {
				silent.Add(1)
				return tla.Value{}, false
			}
			ok := leads.Load()
			hint := tla.MakeInt(1)
			fields := []tla.Field{{Name: "idx", Value: tla.Dot(cmd, "idx")}, {Name: "key", Value: tla.Dot(cmd, "key")}}
			if ok {
				served.Add(1)
				hint = self
				fields = append(fields, tla.Field{Name: "value", Value: raftkvs.Nil(k)}, tla.Field{Name: "ok", Value: tla.False})
			}
			return tla.MakeRecord(tla.Field{Name: "mtype", Value: raftkvs.ClientPutResponse(k)}, tla.Field{Name: "msuccess", Value: tla.MakeBool(ok)},
				tla.Field{Name: "mresponse", Value: tla.MakeRecord(fields...)}, tla.Field{Name: "mleaderHint", Value: hint},
				tla.Field{Name: "msource", Value: self}, tla.Field{Name: "mdest", Value: tla.Dot(m, "msource")}), true
		})
	}
	cl, err := raftkvs.NewClient(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	const deadline = 1200 * time.Millisecond // clientRequestTimeout is 500ms
	// While server 2 sends everyone to server 1, no request can be answered.
	if err := cl.Put("k", "v0", deadline); !errors.Is(err, raftkvs.ErrTimeout) {
		t.Fatalf("put answered while no server could serve it: %v", err)
	}
	if silent.Load() == 0 {
		t.Fatal("the client never sent to the silent server 1")
	}
	leads.Store(true) // server 2 now leads (the partition healed; server 1 dropped the request)
	var errs []error
	for i := 1; i <= 5; i++ {
		err := cl.Put("k", fmt.Sprint("v", i), deadline)
		if err == nil {
			t.Logf("put %d answered after %d timed-out calls (%d requests to the silent server)", i, len(errs), silent.Load())
			return
		}
		errs = append(errs, err)
	}
	t.Fatalf("the client never left the silent server: %d calls failed (%v), %d requests reached it, server 2 served %d",
		len(errs), errs[len(errs)-1], silent.Load(), served.Load())
}
