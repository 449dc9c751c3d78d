package distsys

import (
	"errors"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Receive-first steps (recvFirstWait): a loop whose label starts by reading its own mailbox must
// not run, abort and wake up per message; after the first abort it waits before the step.

// recvLoop receives total messages, one per step, summing them into got.
func recvLoop(total int, got *[]int64) *Archetype {
	return &Archetype{Name: "RecvLoop", Params: []Param{{Name: "net", Ref: true, Indexed: 1}},
		Locals: []Local{{Name: "n", Init: func(*Context) tla.Value { return I(0) }}}, Entry: "l",
		Labels: map[string]func(*Context) error{"l": func(c *Context) error {
			v, err := c.Read("net", c.Self())
			if err != nil {
				return err
			}
			*got = append(*got, v.AsInt())
			k := c.Local("n").AsInt() + 1
			c.SetLocal("n", I(k))
			if k == int64(total) {
				return c.Goto(Done)
			}
			return c.Goto("l")
		}}}
}

// sendWhenWaiting sends 1..total to node 1, each only once the receiver waits for it (a pre-wait
// or a blocked wait), so every message finds the receiver in front of an empty mailbox.
func sendWhenWaiting(t *testing.T, n *InMemoryNetwork, c *Context, total int) {
	t.Helper()
	to1, _ := n.Mailboxes(I(2), 0).Index(I(1))
	for i := 0; i < total; i++ {
		deadline := time.Now().Add(5 * time.Second)
		for c.PreWaits()+c.Blocks() < i+1 {
			if time.Now().After(deadline) {
				t.Fatalf("message %d: the receiver does not wait (prewaits %d, blocks %d)", i, c.PreWaits(), c.Blocks())
			}
			time.Sleep(100 * time.Microsecond)
		}
		_ = to1.Write(I(int64(i + 1)))
		_ = to1.Commit()
	}
}

func TestReceiveFirstStepWaitsInsteadOfAborting(t *testing.T) {
	const total = 20
	n := NewInMemoryNetwork()
	var got []int64
	c := NewContext(recvLoop(total, &got), I(1), WithResource("net", n.Mailboxes(I(1), 0)), WithBlockedWait(longWait))
	done := runAsync(c)
	sendWhenWaiting(t, n, c, total)
	finishes(t, done)
	steps, aborts := c.Stats()
	if len(got) != total || got[0] != 1 || got[total-1] != total {
		t.Fatalf("received %v", got)
	}
	// One abort (and one blocked wait) to learn that the label starts with the receive; every
	// later message is waited for before its step: 0 aborts and 0 wake-ups of aborted steps per
	// message (without the mechanism: total aborts and total blocked waits).
	if steps != total || aborts != 1 || c.Blocks() != 1 || c.PreWaits() != total-1 {
		t.Fatalf("steps %d, aborts %d, blocks %d, prewaits %d; want %d, 1, 1, %d", steps, aborts, c.Blocks(), c.PreWaits(), total, total-1)
	}
}

// A label that chooses before it receives is not learned: its other branch may run with the
// mailbox empty, so waiting for the mailbox before the step could block it.
func TestReceiveAfterChoiceIsNotWaitedFor(t *testing.T) {
	const total = 10
	a, b := NewInMemoryNetwork(), NewInMemoryNetwork()
	count := 0
	arch := &Archetype{Name: "Either", Params: []Param{{Name: "a", Ref: true, Indexed: 1}, {Name: "b", Ref: true, Indexed: 1}},
		Entry: "l", Labels: map[string]func(*Context) error{"l": func(c *Context) error {
			name := "a"
			if c.Fair(0, 2) == 1 {
				name = "b"
			}
			if _, err := c.Read(name, c.Self()); err != nil {
				return err
			}
			if count++; count == total {
				return c.Goto(Done)
			}
			return c.Goto("l")
		}}}
	c := NewContext(arch, I(1), WithResource("a", a.Mailboxes(I(1), 0)), WithResource("b", b.Mailboxes(I(1), 0)), WithBlockedWait(longWait))
	done := runAsync(c)
	sendWhenWaiting(t, b, c, total) // only b ever has messages
	finishes(t, done)
	if c.PreWaits() != 0 {
		t.Fatalf("prewaits %d: a receive after a choice was waited for", c.PreWaits())
	}
}

// A label that reads a local before its receive is not learned either (the local could decide
// whether it receives at all).
func TestReceiveAfterLocalReadIsNotWaitedFor(t *testing.T) {
	const total = 5
	n := NewInMemoryNetwork()
	count := 0
	arch := &Archetype{Name: "LocalFirst", Params: []Param{{Name: "net", Ref: true, Indexed: 1}},
		Locals: []Local{{Name: "x", Init: func(*Context) tla.Value { return I(1) }}}, Entry: "l",
		Labels: map[string]func(*Context) error{"l": func(c *Context) error {
			if c.Local("x").AsInt() == 1 {
				if _, err := c.Read("net", c.Self()); err != nil {
					return err
				}
			}
			if count++; count == total {
				return c.Goto(Done)
			}
			return c.Goto("l")
		}}}
	c := NewContext(arch, I(1), WithResource("net", n.Mailboxes(I(1), 0)), WithBlockedWait(longWait))
	done := runAsync(c)
	sendWhenWaiting(t, n, c, total)
	finishes(t, done)
	if _, aborts := c.Stats(); c.PreWaits() != 0 || aborts != total {
		t.Fatalf("prewaits %d, aborts %d; want 0, %d", c.PreWaits(), aborts, total)
	}
}

func TestStopDuringReceiveFirstWait(t *testing.T) {
	n := NewInMemoryNetwork()
	var got []int64
	c := NewContext(recvLoop(3, &got), I(1), WithResource("net", n.Mailboxes(I(1), 0)), WithBlockedWait(longWait))
	done := runAsync(c)
	sendWhenWaiting(t, n, c, 1)
	deadline := time.Now().Add(5 * time.Second)
	for c.PreWaits() < 1 {
		if time.Now().After(deadline) {
			t.Fatal("no pre-wait after the first message")
		}
		time.Sleep(100 * time.Microsecond)
	}
	c.Stop()
	select {
	case err := <-done:
		if !errors.Is(err, ErrStopped) {
			t.Fatalf("Run = %v, want ErrStopped", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Stop did not end the pre-wait")
	}
	if len(got) != 1 {
		t.Fatalf("received %v, want [1]", got)
	}
}
