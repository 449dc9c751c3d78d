package distsys

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Two steps may hold a Shared's read lock together; a write waits for both (and aborts after
// Timeout); an upgrade that times out makes the handle take exclusive locks from then on.
func TestSharedReadersShareWritersExclude(t *testing.T) {
	s, _ := NewShared(I(1), SharedOptions{Timeout: 2 * time.Millisecond})
	r1, r2, w := s.Handle(), s.Handle(), s.Handle()
	if _, err := r1.Read(); err != nil {
		t.Fatal(err)
	}
	if v, err := r2.Read(); err != nil || v.AsInt() != 1 {
		t.Fatalf("a second reader must not wait for the first: %v %v", v, err)
	}
	if err := w.Write(I(2)); !errors.Is(err, ErrAborted) {
		t.Fatalf("a write while two steps read must abort after the timeout, got %v", err)
	}
	w.Abort()
	// r1 upgrades while r2 still reads: it times out, drops its read lock and aborts
	if err := r1.Write(I(3)); !errors.Is(err, ErrAborted) {
		t.Fatalf("an upgrade next to another reader must abort, got %v", err)
	}
	r1.Abort()
	_ = r2.Commit()
	// r1 now takes exclusive locks for reads: another reader waits (and aborts)
	if _, err := r1.Read(); err != nil {
		t.Fatal(err)
	}
	if _, err := r2.Read(); !errors.Is(err, ErrAborted) {
		t.Fatalf("a read next to an exclusive holder must abort, got %v", err)
	}
	r2.Abort()
	_ = r1.Write(I(4))
	_ = r1.Commit()
	if s.Value().AsInt() != 4 {
		t.Fatalf("value %v, want 4", s.Value())
	}
	// a waiting writer keeps new readers out: r2 reads, w waits, r1's read must wait too
	s2, _ := NewShared(I(0), SharedOptions{Timeout: 200 * time.Millisecond})
	a, b, c := s2.Handle(), s2.Handle(), s2.Handle()
	if _, err := a.Read(); err != nil {
		t.Fatal(err)
	}
	wrote := make(chan error, 1)
	go func() { wrote <- b.Write(I(9)) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s2.mu.Lock()
		waiting := s2.wwait
		s2.mu.Unlock()
		if waiting == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the writer never waited")
		}
		time.Sleep(time.Millisecond)
	}
	read := make(chan error, 1)
	go func() { _, err := c.Read(); read <- err }()
	select {
	case err := <-read:
		t.Fatalf("a new reader went past a waiting writer (%v)", err)
	case <-time.After(20 * time.Millisecond):
	}
	_ = a.Commit()
	if err := <-wrote; err != nil {
		t.Fatalf("the writer did not get the lock after the reader left: %v", err)
	}
	_ = b.Commit()
	if err := <-read; err != nil {
		t.Fatalf("the reader did not get the lock after the writer: %v", err)
	}
	if v, _ := c.Read(); v.AsInt() != 9 {
		t.Fatalf("reader saw %v, want 9", v)
	}
	c.Abort()
}

// A label that sends through a mailbox with a commit barrier runs the barrier before its next
// step takes its locks (earlyBarrier, with WithEarlyBarrier), and its commit still runs it.
func TestEarlyBarrierRunsBeforeLocks(t *testing.T) {
	s, _ := NewShared(I(0), SharedOptions{Timeout: 50 * time.Millisecond})
	var mu sync.Mutex
	var unlocked, locked int
	opts := TCPOptions{ReceiveTimeout: 200 * time.Millisecond, BeforeCommit: func() error {
		s.mu.Lock()
		held := s.readers > 0 || s.writer
		s.mu.Unlock()
		mu.Lock()
		if held {
			locked++
		} else {
			unlocked++
		}
		mu.Unlock()
		return nil
	}}
	m1, m2, _ := tcpPair(t, opts)
	defer m1.Close()
	defer m2.Close()
	const n = 5
	arch := &Archetype{Name: "Send", Params: []Param{{Name: "net", Ref: true, Indexed: 1}, {Name: "x", Ref: true}},
		Locals: []Local{{Name: "i", Init: func(*Context) tla.Value { return I(0) }}}, Entry: "send",
		Labels: map[string]func(*Context) error{"send": func(c *Context) error {
			v, err := c.Read("x")
			if err != nil {
				return err
			}
			if err := c.Write("net", []tla.Value{I(2)}, v); err != nil {
				return err
			}
			c.SetLocal("i", tla.Plus(c.Local("i"), I(1)))
			if c.Local("i").AsInt() == n {
				return c.Goto(Done)
			}
			return c.Goto("send")
		}}}
	c := NewContext(arch, I(1), WithResource("net", m1.Resource()), WithResource("x", s.Handle()), WithEarlyBarrier())
	finishes(t, runAsync(c))
	mu.Lock()
	defer mu.Unlock()
	if locked != n || unlocked != n-1 {
		t.Fatalf("barrier calls: %d holding the lock (want %d: every commit), %d before the locks (want %d: every step after the first)", locked, n, unlocked, n-1)
	}
}

// With profiling on, every committed step is one line; a message's hash links the step that sent
// it to the step that read it, with its arrival time.
func TestProfilerLinksSendAndReceive(t *testing.T) {
	dir := t.TempDir()
	old := profP.Load()
	profP.Store(openProfiler(dir))
	defer profP.Store(old)
	m1, m2, _ := tcpPair(t, TCPOptions{ReceiveTimeout: 200 * time.Millisecond})
	defer m1.Close()
	defer m2.Close()
	send := oneLabel("S", []Param{{Name: "net", Ref: true, Indexed: 1}}, func(c *Context) error {
		if err := c.Write("net", []tla.Value{I(2)}, tla.MakeString("hello")); err != nil {
			return err
		}
		return c.Goto(Done)
	})
	recv := oneLabel("R", []Param{{Name: "net", Ref: true, Indexed: 1}}, func(c *Context) error {
		if _, err := c.Read("net", I(2)); err != nil {
			return err
		}
		return c.Goto(Done)
	})
	rc := NewContext(recv, I(2), WithResource("net", m2.Resource()))
	rdone := runAsync(rc)
	time.Sleep(20 * time.Millisecond) // the receiver blocks on its empty mailbox first
	finishes(t, runAsync(NewContext(send, I(1), WithResource("net", m1.Resource()))))
	finishes(t, rdone)
	FlushProfile()
	f, err := os.Open(filepath.Join(dir, "prof-"+itoa(os.Getpid())+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	steps := map[string]ProfStep{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var s ProfStep
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatalf("bad line %q: %v", sc.Text(), err)
		}
		if s.L == "l" {
			steps[s.A] = s
		}
	}
	snd, rcv := steps["S"], steps["R"]
	if len(snd.Out) != 1 || len(rcv.In) != 1 || snd.Out[0] != rcv.In[0].H {
		t.Fatalf("the send %+v and the receive %+v are not linked", snd, rcv)
	}
	if rcv.N < 2 || rcv.Blk <= 0 {
		t.Fatalf("the receiver's first attempt found no message and blocked: attempts %d, blocked %d ns", rcv.N, rcv.Blk)
	}
	at := rcv.In[0].At
	if at < snd.Tf || at > snd.T1 || rcv.In[0].R < at || rcv.T1 < rcv.In[0].R {
		t.Fatalf("times out of order: sent in [%d, %d], queued %d, read %d, committed %d", snd.Tf, snd.T1, at, rcv.In[0].R, rcv.T1)
	}
	if snd.Pc["net"] <= 0 || snd.Cm["net"] <= 0 {
		t.Fatalf("the send's pre-commit and commit times are missing: %v %v", snd.Pc, snd.Cm)
	}
}

func itoa(n int) string { return tla.MakeInt(int64(n)).String() }
