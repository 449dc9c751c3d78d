package distsys

import (
	"errors"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// These tests check that a blocked archetype is woken by the change of a resource it touched,
// not by polling: its safety-net wait is 10 s (WithBlockedWait / WithIdleWait), so completing
// within a few seconds needs the wake-up, and the counts of blocks and aborted attempts show that
// the archetype slept once and retried once, instead of spinning or polling.

const longWait = 10 * time.Second

// runAsync starts c.Run and returns its result channel.
func runAsync(c *Context) <-chan error {
	done := make(chan error, 1)
	go func() { done <- c.Run() }()
	return done
}

// waitBlocks waits until c has blocked n times.
func waitBlocks(t *testing.T, c *Context, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for c.Blocks() < n {
		if time.Now().After(deadline) {
			t.Fatalf("the archetype did not block (blocks = %d)", c.Blocks())
		}
		time.Sleep(time.Millisecond)
	}
}

// finishes asserts that the archetype reaches Done well before its 10 s safety-net wait.
func finishes(t *testing.T, done <-chan error) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(longWait / 2):
		t.Fatal("the blocked archetype was not woken by the change")
	}
}

func oneLabel(name string, params []Param, body func(c *Context) error) *Archetype {
	return &Archetype{Name: name, Params: params, Entry: "l", Labels: map[string]func(*Context) error{"l": body}}
}

func TestBlockedReceiveWakesOnMessage(t *testing.T) {
	n := NewInMemoryNetwork()
	var got tla.Value
	arch := oneLabel("Recv", []Param{{Name: "net", Ref: true, Indexed: 1}}, func(c *Context) error {
		v, err := c.Read("net", c.Self())
		if err != nil {
			return err
		}
		got = v
		return c.Goto(Done)
	})
	c := NewContext(arch, I(1), WithResource("net", n.Mailboxes(I(1), 0)), WithBlockedWait(longWait))
	done := runAsync(c)
	waitBlocks(t, c, 1)
	to1, _ := n.Mailboxes(I(2), 0).Index(I(1))
	_ = to1.Write(I(42))
	_ = to1.Commit()
	finishes(t, done)
	steps, aborts := c.Stats()
	if !got.Equal(I(42)) || steps != 1 || aborts != 1 || c.Blocks() != 1 {
		t.Fatalf("got %v, steps %d, aborts %d, blocks %d; want 42, 1, 1, 1", got, steps, aborts, c.Blocks())
	}
}

func TestBlockedAwaitWakesOnSharedCommit(t *testing.T) {
	s, _ := NewShared(I(0), SharedOptions{})
	arch := oneLabel("Await", []Param{{Name: "x", Ref: true}}, func(c *Context) error {
		v, err := c.Read("x")
		if err != nil {
			return err
		}
		if err := c.Await(tla.MakeBool(v.AsInt() == 1)); err != nil {
			return err
		}
		return c.Goto(Done)
	})
	c := NewContext(arch, I(1), WithResource("x", s.Handle()), WithBlockedWait(longWait))
	done := runAsync(c)
	waitBlocks(t, c, 1)
	// A commit that leaves the value unchanged is no change: the archetype stays asleep.
	h := s.Handle()
	_ = h.Write(I(0))
	_ = h.Commit()
	time.Sleep(20 * time.Millisecond)
	if _, aborts := c.Stats(); aborts != 1 {
		t.Fatalf("woken by a commit that changed nothing (aborts = %d)", aborts)
	}
	_ = h.Write(I(1))
	_ = h.Commit()
	finishes(t, done)
	if _, aborts := c.Stats(); aborts != 1 || c.Blocks() != 1 {
		t.Fatalf("aborts %d, blocks %d; want 1, 1", aborts, c.Blocks())
	}
}

func TestBlockedLockWakesOnRelease(t *testing.T) {
	s, _ := NewShared(I(0), SharedOptions{Timeout: time.Millisecond})
	holder := s.Handle()
	if _, err := holder.Read(); err != nil { // takes the lock, as another archetype's step
		t.Fatal(err)
	}
	arch := oneLabel("Incr", []Param{{Name: "x", Ref: true}}, func(c *Context) error {
		v, err := c.Read("x")
		if err != nil {
			return err
		}
		if err := c.Write("x", nil, tla.Plus(v, I(1))); err != nil {
			return err
		}
		return c.Goto(Done)
	})
	c := NewContext(arch, I(1), WithResource("x", s.Handle()), WithBlockedWait(longWait))
	done := runAsync(c)
	waitBlocks(t, c, 1)
	_ = holder.Commit() // releases the lock without a change
	finishes(t, done)
	if !s.Value().Equal(I(1)) || c.Blocks() != 1 {
		t.Fatalf("value %v, blocks %d; want 1, 1", s.Value(), c.Blocks())
	}
}

// `either { receive } or { await flag }`: both branches are tried before the archetype sleeps,
// and a change of either resource (here the flag) wakes it.
func TestBlockedEitherTriesEveryBranchThenWakesOnAny(t *testing.T) {
	n := NewInMemoryNetwork()
	var f Flag
	branch := -1
	arch := oneLabel("Either", []Param{{Name: "net", Ref: true, Indexed: 1}, {Name: "flag", Ref: true}}, func(c *Context) error {
		switch c.Fair(0, 2) {
		case 0:
			if _, err := c.Read("net", c.Self()); err != nil {
				return err
			}
			branch = 0
		default:
			v, err := c.Read("flag")
			if err != nil {
				return err
			}
			if err := c.Await(v); err != nil {
				return err
			}
			branch = 1
		}
		return c.Goto(Done)
	})
	c := NewContext(arch, I(1), WithResource("net", n.Mailboxes(I(1), 0)), WithResource("flag", f.Resource()),
		WithBlockedWait(longWait))
	done := runAsync(c)
	waitBlocks(t, c, 1)
	if _, aborts := c.Stats(); aborts != 2 {
		t.Fatalf("%d aborted attempts before sleeping; want 2 (one per branch)", aborts)
	}
	f.Set()
	finishes(t, done)
	if _, aborts := c.Stats(); branch != 1 || aborts != 3 || c.Blocks() != 1 {
		t.Fatalf("branch %d, aborts %d, blocks %d; want 1, 3, 1", branch, aborts, c.Blocks())
	}
}

func TestBlockedTimerWakesAtDeadline(t *testing.T) {
	tm := NewElectionTimer(50*time.Millisecond, 0)
	arch := oneLabel("Timeout", []Param{{Name: "timer", Ref: true}}, func(c *Context) error {
		v, err := c.Read("timer")
		if err != nil {
			return err
		}
		if err := c.Await(v); err != nil {
			return err
		}
		return c.Goto(Done)
	})
	c := NewContext(arch, I(1), WithResource("timer", tm.Resource()), WithBlockedWait(longWait))
	start := time.Now()
	finishes(t, runAsync(c))
	if el := time.Since(start); el < 50*time.Millisecond {
		t.Fatalf("the timer fired after %v, before its deadline", el)
	}
	if _, aborts := c.Stats(); aborts != 1 || c.Blocks() != 1 {
		t.Fatalf("aborts %d, blocks %d; want 1, 1 (no polling of the timer)", aborts, c.Blocks())
	}
}

// netLen-style reads (ReadOnlyWatch) wake on a change of the mailbox length, also a decrease.
func TestBlockedReadOnlyWatchWakesOnMailboxChange(t *testing.T) {
	n := NewInMemoryNetwork()
	to1, _ := n.Mailboxes(I(2), 0).Index(I(1))
	_ = to1.Write(I(7))
	_ = to1.Commit()
	netLen := ReadOnlyWatch(func() tla.Value { return I(int64(n.Pending(I(1)))) }, func() <-chan struct{} { return n.PendingChanged(I(1)) })
	arch := oneLabel("Drained", []Param{{Name: "len", Ref: true}}, func(c *Context) error {
		v, err := c.Read("len")
		if err != nil {
			return err
		}
		if err := c.Await(tla.MakeBool(v.AsInt() == 0)); err != nil {
			return err
		}
		return c.Goto(Done)
	})
	c := NewContext(arch, I(1), WithResource("len", netLen), WithBlockedWait(longWait))
	done := runAsync(c)
	waitBlocks(t, c, 1)
	in1, _ := n.Mailboxes(I(1), 0).Index(I(1))
	if _, err := in1.Read(); err != nil {
		t.Fatal(err)
	}
	_ = in1.Commit()
	finishes(t, done)
	if c.Blocks() != 1 {
		t.Fatalf("blocks %d; want 1", c.Blocks())
	}
}

// An idle loop of two labels, the first reading x and the second only y, waits after the cycle
// for a change of x or y: a change of x, which the last step did not read, must wake it.
func TestIdleCycleWakesOnValueReadEarlierInTheCycle(t *testing.T) {
	x, _ := NewShared(I(0), SharedOptions{})
	y, _ := NewShared(I(0), SharedOptions{})
	arch := &Archetype{Name: "Cycle", Params: []Param{{Name: "x", Ref: true}, {Name: "y", Ref: true}}, Entry: "a",
		Labels: map[string]func(*Context) error{
			"a": func(c *Context) error {
				v, err := c.Read("x")
				if err != nil {
					return err
				}
				if v.AsInt() == 1 {
					return c.Goto(Done)
				}
				return c.Goto("b")
			},
			"b": func(c *Context) error {
				if _, err := c.Read("y"); err != nil {
					return err
				}
				return c.Goto("a")
			},
		}}
	c := NewContext(arch, I(1), WithResource("x", x.Handle()), WithResource("y", y.Handle()), WithIdleWait(longWait))
	done := runAsync(c)
	deadline := time.Now().Add(5 * time.Second)
	for {
		if steps, _ := c.Stats(); steps >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the loop did not run")
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	if steps, _ := c.Stats(); steps != 2 {
		t.Fatalf("%d idle steps: the idle cycle a, b must wait after its first round", steps)
	}
	h := x.Handle()
	_ = h.Write(I(1))
	_ = h.Commit()
	finishes(t, done)
	if steps, _ := c.Stats(); steps != 3 {
		t.Fatalf("%d steps; want 3 (a, b, then a seeing x = 1)", steps)
	}
}

// AsyncCommit: commits are written without waiting for their acknowledgement. Messages arrive in
// order, the next frame's exchange reads the pending acknowledgement, and a commit frame whose
// write hit a broken connection is resent on the new one (the message is not lost).
func TestTCPAsyncCommitDeliversInOrderAndResends(t *testing.T) {
	m1, m2, _ := tcpPair(t, TCPOptions{AsyncCommit: true})
	defer m1.Close()
	defer m2.Close()
	to2, _ := m1.Resource().Index(I(2))
	in2, _ := m2.Resource().Index(I(2))
	recv := func() tla.Value {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			v, err := in2.Read()
			if err == nil {
				_ = in2.Commit()
				return v
			}
			in2.Abort()
			if time.Now().After(deadline) {
				t.Fatal("a committed message never arrived")
			}
			time.Sleep(time.Millisecond)
		}
	}
	for i := int64(1); i <= 3; i++ {
		if err := commit(t, to2, I(i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := int64(1); i <= 3; i++ {
		if v := recv(); !v.Equal(I(i)) {
			t.Fatalf("message %d is %v", i, v)
		}
	}
	s := to2.(*tcpSend).s
	if s.l.unacked == nil || len(s.l.unacked) != 1 {
		t.Fatalf("%d unacknowledged commit frames; want the last one", len(s.l.unacked))
	}
	// The connection breaks between pre-commit and commit: the commit frame goes out again on a
	// new connection.
	_ = to2.Write(I(4))
	if err := to2.PreCommit(); err != nil {
		t.Fatal(err)
	}
	if len(s.l.unacked) != 0 {
		t.Fatal("the data frame's exchange must read the earlier commit's acknowledgement")
	}
	s.l.conn.Close()
	if err := to2.Commit(); err != nil {
		t.Fatal(err)
	}
	if v := recv(); !v.Equal(I(4)) {
		t.Fatalf("after the reconnect got %v", v)
	}
}

// Group commit: deferred writes are applied at once and made durable by one fsync at the next
// Barrier, which covers every record written before it; a Barrier with nothing new does no fsync.
func TestDurableSeqGroupCommit(t *testing.T) {
	path := t.TempDir() + "/seq"
	d, err := OpenDurableSeq(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := int64(1); i <= 5; i++ {
		if err := d.ApplyDeferred([]SeqOp{{Keep: int(i - 1), Append: []tla.Value{I(i)}}}); err != nil {
			t.Fatal(err)
		}
	}
	if d.Syncs() != 0 || !d.Value().Equal(tla.MakeTuple(I(1), I(2), I(3), I(4), I(5))) {
		t.Fatalf("after deferred writes: %d fsyncs, value %v", d.Syncs(), d.Value())
	}
	if err := d.Barrier(); err != nil {
		t.Fatal(err)
	}
	if err := d.Barrier(); err != nil {
		t.Fatal(err)
	}
	if d.Syncs() != 1 {
		t.Fatalf("%d fsyncs for five deferred writes and two barriers; want 1", d.Syncs())
	}
	// Eight concurrent writers, then eight concurrent barriers: one fsync covers them all.
	done := make(chan error, 8)
	for w := 0; w < 8; w++ {
		go func() {
			done <- d.ApplyDeferred([]SeqOp{{Keep: 0, Append: []tla.Value{I(9)}}})
		}()
	}
	for w := 0; w < 8; w++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	for w := 0; w < 8; w++ {
		go func() { done <- d.Barrier() }()
	}
	for w := 0; w < 8; w++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if s := d.Syncs(); s != 2 {
		t.Fatalf("%d fsyncs in all; want 2 (eight barriers after the writes share one)", s)
	}
	d.Close()
	again, err := OpenDurableSeq(path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if !again.Value().Equal(tla.MakeTuple(I(9))) {
		t.Fatalf("after reopen %v", again.Value())
	}
}

// BeforeCommit runs before the commit frame: a failing hook fails the commit and the message
// never becomes readable.
func TestTCPBeforeCommitGatesCommitFrames(t *testing.T) {
	calls := 0
	fail := false
	m1, m2, _ := tcpPair(t, TCPOptions{BeforeCommit: func() error {
		calls++
		if fail {
			return errors.New("not durable")
		}
		return nil
	}})
	defer m1.Close()
	defer m2.Close()
	to2, _ := m1.Resource().Index(I(2))
	if err := commit(t, to2, I(1)); err != nil || calls != 1 || m2.Pending() != 1 {
		t.Fatalf("commit: %v, %d hook calls, %d pending; want nil, 1, 1", err, calls, m2.Pending())
	}
	fail = true
	if err := commit(t, to2, I(2)); err == nil {
		t.Fatal("a failing BeforeCommit must fail the commit")
	}
	time.Sleep(20 * time.Millisecond)
	if m2.Pending() != 1 {
		t.Fatalf("%d readable messages; the gated one must not arrive", m2.Pending())
	}
}

// gateResource's Commit waits until the test opens the gate (a message waiting for an fsync).
type gateResource struct {
	entered, open chan struct{}
	written       bool
}

func (g *gateResource) Read() (tla.Value, error)          { return tla.Value{}, ErrNotReadable }
func (g *gateResource) Write(tla.Value) error             { g.written = true; return nil }
func (g *gateResource) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (g *gateResource) PreCommit() error                  { return nil }
func (g *gateResource) Commit() error {
	if g.written {
		close(g.entered)
		<-g.open
	}
	return nil
}
func (g *gateResource) Abort()       { g.written = false }
func (g *gateResource) Close() error { return nil }

// Strict two-phase locking: a step's Shared locks are released only after all its resources
// committed, so another archetype cannot read the step's new value while the step's message
// (committed after the value, in touch order) is still on its way.
func TestSharedLocksOutliveTheStepsOtherCommits(t *testing.T) {
	x, _ := NewShared(I(0), SharedOptions{Timeout: time.Millisecond})
	g := &gateResource{entered: make(chan struct{}), open: make(chan struct{})}
	arch := oneLabel("WriteThenSend", []Param{{Name: "x", Ref: true}, {Name: "out", Ref: true}}, func(c *Context) error {
		if err := c.Write("x", nil, I(1)); err != nil {
			return err
		}
		if err := c.Write("out", nil, I(1)); err != nil {
			return err
		}
		return c.Goto(Done)
	})
	c := NewContext(arch, I(1), WithResource("x", x.Handle()), WithResource("out", g))
	done := runAsync(c)
	<-g.entered // x is committed (in touch order), the message's commit is under way
	other := x.Handle()
	if _, err := other.Read(); !errors.Is(err, ErrAborted) {
		t.Fatal("another archetype took the lock before the step's message was sent")
	}
	other.Abort()
	close(g.open)
	finishes(t, done)
	v, err := other.Read()
	if err != nil || !v.Equal(I(1)) {
		t.Fatalf("after the step: %v %v", v, err)
	}
	other.Abort()
}

// The archetypes of one process share one connection per peer, so with AsyncCommit the receiver
// still sees their messages in commit order (a server's answers from two archetypes).
func TestTCPAsyncCommitKeepsOrderAcrossArchetypes(t *testing.T) {
	m1, m2, _ := tcpPair(t, TCPOptions{AsyncCommit: true})
	defer m1.Close()
	defer m2.Close()
	a, _ := m1.Resource().Index(I(2))
	b, _ := m1.Resource().Index(I(2))
	in2, _ := m2.Resource().Index(I(2))
	const n = 200
	for i := int64(0); i < n; i++ {
		r := a
		if i%2 == 1 {
			r = b
		}
		if err := commit(t, r, I(i)); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for i := int64(0); i < n; {
		v, err := in2.Read()
		if err != nil {
			in2.Abort()
			if time.Now().After(deadline) {
				t.Fatalf("only %d of %d messages arrived", i, n)
			}
			time.Sleep(time.Millisecond)
			continue
		}
		_ = in2.Commit()
		if !v.Equal(I(i)) {
			t.Fatalf("message %d is %v: overtaken", i, v)
		}
		i++
	}
}
