package distsys

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// A step that read the election timer as expired must not commit when a reset committed after
// its read (a follower's heartbeat handled meanwhile): it aborts, and its retry reads FALSE until
// the new deadline. An expiry read by an aborted step is not consumed; one read by a committed
// step is (the next read is FALSE).
func TestElectionTimerExpiryIsValidatedAtCommit(t *testing.T) {
	tm := NewElectionTimer(20*time.Millisecond, 0)
	elect, beat := tm.Resource(), tm.Resource()
	time.Sleep(30 * time.Millisecond)
	if v, _ := elect.Read(); !v.AsBool() {
		t.Fatal("not expired after its deadline")
	}
	// the heartbeat's step commits a reset while the election step is still running
	_ = beat.Write(tla.True)
	if err := beat.PreCommit(); err != nil {
		t.Fatal(err)
	}
	_ = beat.Commit()
	if err := elect.PreCommit(); !errors.Is(err, ErrAborted) {
		t.Fatalf("the election step committed after a reset that followed its read (PreCommit: %v)", err)
	}
	ch := elect.(Notifier).Changed()
	if ch == nil {
		t.Fatal("a step aborted by a reset must wait for the new deadline")
	}
	elect.Abort()
	if v, _ := elect.Read(); v.AsBool() {
		t.Fatal("the retry must read FALSE until the new deadline")
	}
	elect.Abort()
	<-ch
	// expired again: an aborted attempt does not consume the expiry, a committed one does
	if v, _ := elect.Read(); !v.AsBool() {
		t.Fatal("not expired after the new deadline")
	}
	elect.Abort()
	if v, _ := elect.Read(); !v.AsBool() {
		t.Fatal("an aborted step consumed the expiry")
	}
	if err := elect.PreCommit(); err != nil {
		t.Fatalf("no reset since the read, yet PreCommit: %v", err)
	}
	_ = elect.Commit()
	if v, _ := elect.Read(); v.AsBool() {
		t.Fatal("a committed step that read the expiry must arm a new deadline")
	}
	elect.Abort()
}

// Hold: the timer reads FALSE until the held deadline (and wakes a waiting step then), a step
// that read an expiry before the hold aborts, and a hold shorter than the current deadline
// changes nothing.
func TestElectionTimerHoldDelaysTheDeadline(t *testing.T) {
	tm := NewElectionTimer(10*time.Millisecond, 0)
	h := tm.Resource()
	time.Sleep(20 * time.Millisecond)
	if v, _ := h.Read(); !v.AsBool() {
		t.Fatal("not expired after its deadline")
	}
	start := time.Now()
	tm.Hold(150 * time.Millisecond)
	if err := h.PreCommit(); !errors.Is(err, ErrAborted) {
		t.Fatalf("a step that read the expiry before a hold committed (PreCommit: %v)", err)
	}
	h.Abort()
	if v, _ := h.Read(); v.AsBool() {
		t.Fatal("expired during the hold")
	}
	ch := h.(Notifier).Changed()
	h.Abort()
	<-ch
	if d := time.Since(start); d < 140*time.Millisecond {
		t.Fatalf("woken %v after a 150 ms hold", d)
	}
	if v, _ := h.Read(); !v.AsBool() {
		t.Fatal("not expired after the hold")
	}
	h.Abort()
	tm2 := NewElectionTimer(time.Hour, 0)
	tm2.Hold(time.Millisecond) // earlier than the deadline: no change
	time.Sleep(5 * time.Millisecond)
	if v, _ := tm2.Resource().Read(); v.AsBool() {
		t.Fatal("a short hold brought the deadline forward")
	}
}

// SetDefer: an expired deadline reads FALSE while the defer function says so (and the step is
// woken to check again), TRUE once it stops deferring, and TRUE anyway after the limit.
func TestElectionTimerDeferralIsBounded(t *testing.T) {
	tm := NewElectionTimer(20*time.Millisecond, 0)
	var alive atomic.Bool
	alive.Store(true)
	calls := atomic.Int64{}
	tm.SetDefer(func() bool { calls.Add(1); return alive.Load() }, 300*time.Millisecond)
	h := tm.Resource()
	start := time.Now()
	time.Sleep(40 * time.Millisecond)
	if v, _ := h.Read(); v.AsBool() {
		t.Fatal("expired while the defer function deferred it")
	}
	ch := h.(Notifier).Changed()
	h.Abort()
	if ch == nil {
		t.Fatal("a deferred read must wake the step to check again")
	}
	<-ch
	if v, _ := h.Read(); v.AsBool() {
		t.Fatal("expired while still deferred")
	}
	h.Abort()
	alive.Store(false)
	if v, _ := h.Read(); !v.AsBool() {
		t.Fatal("not expired once the defer function stopped deferring")
	}
	h.Abort()
	if calls.Load() < 2 {
		t.Fatalf("defer function called %d times", calls.Load())
	}
	// the limit: deferred for ever by the function, yet TRUE after 300 ms from the arming
	alive.Store(true)
	for {
		v, _ := h.Read()
		h.Abort()
		if v.AsBool() {
			break
		}
		if time.Since(start) > 2*time.Second {
			t.Fatal("deferred past its limit")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if d := time.Since(start); d < 280*time.Millisecond {
		t.Fatalf("expired after %v, before the 300 ms limit", d)
	}
}
