package distsys

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// A step whose lock wait timed out keeps its place: when the holder releases the lock and at once
// asks for it again (an archetype looping over the same Shared), the aborted step's retry gets it
// first. Before claims, the holder always won this race, so the waiter could starve for ever.
// Deterministic: the test waits until the holder's new request is queued (or granted) before
// the retry.
func TestSharedTimedOutWaiterGoesFirst(t *testing.T) {
	s, _ := NewShared(I(0), SharedOptions{Timeout: 300 * time.Millisecond})
	hog, rd := s.Handle(), s.Handle()
	if err := hog.Write(I(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Read(); !errors.Is(err, ErrAborted) {
		t.Fatalf("read under a held exclusive lock: %v, want ErrAborted", err)
	}
	rd.Abort()
	if err := hog.Commit(); err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() { got <- hog.Write(I(2)) }() // the holder's next step, at once
	queued := func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.writer || s.wwait > 0
	}
	for end := time.Now().Add(10 * time.Second); !queued(); time.Sleep(100 * time.Microsecond) {
		if time.Now().After(end) {
			t.Fatal("the holder's second request never reached the lock")
		}
	}
	v, err := rd.Read()
	if err != nil {
		t.Fatalf("the retry of the step that timed out did not get the lock first: %v", err)
	}
	if v.AsInt() != 1 {
		t.Fatalf("retry read %v, want 1", v)
	}
	select {
	case err := <-got:
		t.Fatalf("the holder took the lock (%v) while the claimant held a read lock", err)
	default:
	}
	rd.Abort() // the claimant's step ends: the holder goes on
	select {
	case err := <-got:
		if err != nil {
			t.Fatalf("the holder's request after the claimant: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the holder never got the lock after the claimant released it")
	}
	if err := hog.Commit(); err != nil {
		t.Fatal(err)
	}
	if s.Value().AsInt() != 2 {
		t.Fatalf("value %v, want 2", s.Value())
	}
	s.mu.Lock()
	n := len(s.claims)
	s.mu.Unlock()
	if n != 0 {
		t.Fatalf("%d claims left after the claimant got the lock", n)
	}
}

// A claim whose owner never comes back lapses: the lock is not held back for ever.
func TestSharedClaimLapses(t *testing.T) {
	s, _ := NewShared(I(0), SharedOptions{Timeout: 5 * time.Millisecond})
	a, gone := s.Handle(), s.Handle()
	if err := a.Write(I(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := gone.Read(); !errors.Is(err, ErrAborted) {
		t.Fatalf("%v, want ErrAborted", err)
	}
	gone.Abort()
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	// gone never retries. a's next requests abort while the claim lives, then succeed.
	end := time.Now().Add(5 * time.Second)
	for {
		err := a.Write(I(2))
		if err == nil {
			break
		}
		if !errors.Is(err, ErrAborted) || time.Now().After(end) {
			t.Fatalf("the lock stayed held back by a lapsed claim: %v", err)
		}
		a.Abort()
	}
	_ = a.Commit()
	if s.Value().AsInt() != 2 {
		t.Fatalf("value %v, want 2", s.Value())
	}
}

// The raftkvs stall (docs/mpcal.md): a leader's apply loop holds commitIndex through every step's
// fsync and takes it again right after each commit, while the heartbeat step needs to read it. With
// archetypes run by Run (blocked retries, lock timeouts of 3 ms, a 15 ms "fsync" per hog step), the
// reader must keep making steps while the hog runs: before claims it starved (its every attempt
// timed out, and the release woke it only after the hog had taken the lock again).
func TestSharedReaderNotStarvedByLoopingHolder(t *testing.T) {
	x, _ := NewShared(I(0), SharedOptions{Timeout: 3 * time.Millisecond})
	slow, _ := NewShared(I(0), SharedOptions{Timeout: time.Second, BeforePublish: func() error {
		time.Sleep(15 * time.Millisecond) // the fsync before the step's answer leaves
		return nil
	}})
	var stop atomic.Bool
	hog := &Archetype{Name: "Apply", Params: []Param{{Name: "x", Ref: true}, {Name: "slow", Ref: true}}, Entry: "apply",
		Labels: map[string]func(*Context) error{"apply": func(c *Context) error {
			v, err := c.Read("x")
			if err != nil {
				return err
			}
			if err := c.Write("x", nil, tla.Plus(v, I(1))); err != nil {
				return err
			}
			if err := c.Write("slow", nil, tla.Plus(v, I(1))); err != nil {
				return err
			}
			if stop.Load() {
				return c.Goto(Done)
			}
			return c.Goto("apply")
		}}}
	const want = 10
	reader := &Archetype{Name: "Heartbeat", Params: []Param{{Name: "x", Ref: true}},
		Locals: []Local{{Name: "n", Init: func(*Context) tla.Value { return I(0) }}}, Entry: "beat",
		Labels: map[string]func(*Context) error{"beat": func(c *Context) error {
			if _, err := c.Read("x"); err != nil {
				return err
			}
			c.SetLocal("n", tla.Plus(c.Local("n"), I(1)))
			if c.Local("n").AsInt() == want {
				return c.Goto(Done)
			}
			return c.Goto("beat")
		}}}
	ch := NewContext(hog, I(1), WithResource("x", x.Handle()), WithResource("slow", slow.Handle()))
	hdone := make(chan error, 1)
	go func() { hdone <- ch.Run() }()
	for x.Value().AsInt() < 2 { // the hog is looping
		time.Sleep(time.Millisecond)
	}
	cr := NewContext(reader, I(2), WithResource("x", x.Handle()))
	rdone := make(chan error, 1)
	t0 := time.Now()
	go func() { rdone <- cr.Run() }()
	select {
	case err := <-rdone:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		stop.Store(true)
		cr.Stop()
		<-rdone
		t.Fatalf("the reader made fewer than %d steps in 5 s while the holder looped (%d holder steps): starved", want, x.Value().AsInt())
	}
	el := time.Since(t0)
	stop.Store(true)
	if err := <-hdone; err != nil {
		t.Fatal(err)
	}
	t.Logf("%d reader steps in %v, holder at %v", want, el, x.Value())
}
