package distsys

import (
	"errors"
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
