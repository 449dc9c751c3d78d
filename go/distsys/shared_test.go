package distsys

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Two archetypes each add 1 to two shared counters per step, touching them in opposite orders
// (a lock-order deadlock without the timeout): every step must be atomic, so both counters end at
// the number of committed steps and are equal after every commit.
func TestSharedSerialisesStepsOfArchetypes(t *testing.T) {
	a, _ := NewShared(I(0), SharedOptions{Timeout: 2 * time.Millisecond})
	var seen []int64
	var mu sync.Mutex
	b, _ := NewShared(I(0), SharedOptions{Timeout: 2 * time.Millisecond, OnCommit: func(v tla.Value) {
		mu.Lock()
		seen = append(seen, v.AsInt())
		mu.Unlock()
	}})
	const rounds = 40
	mk := func(first, second string) *Archetype {
		return &Archetype{Name: "Inc", Params: []Param{{Name: "x", Ref: true}, {Name: "y", Ref: true}},
			Locals: []Local{{Name: "n", Init: func(*Context) tla.Value { return I(0) }}},
			Entry:  "inc",
			Labels: map[string]func(*Context) error{"inc": func(c *Context) error {
				for _, r := range []string{first, second} {
					v, err := c.Read(r)
					if err != nil {
						return err
					}
					time.Sleep(100 * time.Microsecond) // widen the window for interleaving
					if err := c.Write(r, nil, tla.Plus(v, I(1))); err != nil {
						return err
					}
				}
				c.SetLocal("n", tla.Plus(c.Local("n"), I(1)))
				if c.Local("n").AsInt() == rounds {
					return c.Goto(Done)
				}
				return c.Goto("inc")
			}}}
	}
	c1 := NewContext(mk("x", "y"), I(1), WithResource("x", a.Handle()), WithResource("y", b.Handle()))
	c2 := NewContext(mk("y", "x"), I(2), WithResource("x", a.Handle()), WithResource("y", b.Handle()))
	errs := make(chan error, 2)
	go func() { errs <- c1.Run() }()
	go func() { errs <- c2.Run() }()
	for i := 0; i < 2; i++ {
		select {
		case err := <-errs:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("archetypes did not finish (deadlock?)")
		}
	}
	if a.Value().AsInt() != 2*rounds || b.Value().AsInt() != 2*rounds {
		t.Fatalf("x = %v, y = %v; want %d each (lost update)", a.Value(), b.Value(), 2*rounds)
	}
	if len(seen) != 2*rounds {
		t.Fatalf("OnCommit saw %d commits, want %d", len(seen), 2*rounds)
	}
	for i, v := range seen {
		if v != int64(i+1) {
			t.Fatalf("committed values %v are not 1, 2, ...", seen)
		}
	}
}

func TestSharedLockTimeoutAbortsAndAbortReleases(t *testing.T) {
	s, _ := NewShared(I(5), SharedOptions{Timeout: 5 * time.Millisecond})
	h1, h2 := s.Handle(), s.Handle()
	if err := h1.Write(I(6)); err != nil {
		t.Fatal(err)
	}
	if _, err := h2.Read(); !errors.Is(err, ErrAborted) {
		t.Fatalf("a held lock must make the other handle abort, got %v", err)
	}
	if s.Value().AsInt() != 5 {
		t.Fatal("uncommitted write visible")
	}
	h1.Abort()
	if v, err := h2.Read(); err != nil || v.AsInt() != 5 {
		t.Fatalf("after abort: %v %v", v, err)
	}
	_ = h2.Write(I(7))
	_ = h2.Commit()
	if v, _ := h1.Read(); v.AsInt() != 7 {
		t.Fatalf("h1 reads %v after h2's commit", v)
	}
	h1.Abort()
}

func TestSharedPersistentSurvivesReopen(t *testing.T) {
	dir := t.TempDir()
	st, _ := OpenFileStore(dir)
	s, err := NewShared(I(1), SharedOptions{Store: st, Key: "term"})
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handle()
	_ = h.Write(I(9))
	h.Abort()
	_ = h.Write(I(4))
	if err := h.Commit(); err != nil {
		t.Fatal(err)
	}
	s2, err := NewShared(I(1), SharedOptions{Store: st, Key: "term"})
	if err != nil || s2.Value().AsInt() != 4 {
		t.Fatalf("reopened: %v %v", s2.Value(), err)
	}
}

func TestDurableSeqReplaysAndCutsTornTail(t *testing.T) {
	p := filepath.Join(t.TempDir(), "log.seq")
	d, err := OpenDurableSeq(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Apply([]SeqOp{{Keep: 0, Append: []tla.Value{I(1), I(2), I(3)}}, {Keep: 1, Append: []tla.Value{I(7)}}}); err != nil {
		t.Fatal(err)
	}
	if err := d.Apply([]SeqOp{{Keep: 2, Append: []tla.Value{tla.MakeString("x")}}}); err != nil {
		t.Fatal(err)
	}
	if err := d.Apply([]SeqOp{{Keep: 9}}); err == nil {
		t.Fatal("keeping more elements than there are must fail")
	}
	want := tla.MakeTuple(I(1), I(7), tla.MakeString("x"))
	if !d.Value().Equal(want) {
		t.Fatalf("got %v, want %v", d.Value(), want)
	}
	d.Close()
	full, _ := os.ReadFile(p)
	d2, err := OpenDurableSeq(p)
	if err != nil || !d2.Value().Equal(want) {
		t.Fatalf("replay: %v %v", d2.Value(), err)
	}
	d2.Close()
	// A torn last record (crash mid-write) is cut off: the state is the one before it, and the
	// file accepts new records after the cut.
	if err := os.WriteFile(p, full[:len(full)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	d3, err := OpenDurableSeq(p)
	if err != nil || !d3.Value().Equal(tla.MakeTuple(I(1), I(7))) {
		t.Fatalf("after torn tail: %v %v", d3.Value(), err)
	}
	if err := d3.Apply([]SeqOp{{Keep: 2, Append: []tla.Value{I(8)}}}); err != nil {
		t.Fatal(err)
	}
	d3.Close()
	d4, _ := OpenDurableSeq(p)
	if !d4.Value().Equal(tla.MakeTuple(I(1), I(7), I(8))) {
		t.Fatalf("after append past the cut: %v", d4.Value())
	}
	d4.Close()
	// A flipped payload byte fails the checksum: that record and everything after it is dropped.
	b, _ := os.ReadFile(p)
	b[10] ^= 0xff
	_ = os.WriteFile(p, b, 0o644)
	d5, _ := OpenDurableSeq(p)
	if !d5.Value().Equal(tla.MakeTuple()) {
		t.Fatalf("corrupt first record must leave the empty sequence: %v", d5.Value())
	}
	d5.Close()
}

func TestElectionTimerFiresAfterDeadlineAndResets(t *testing.T) {
	// start before the timer is made: its deadline counts from its creation
	start := time.Now()
	tm := NewElectionTimer(80*time.Millisecond, 0)
	tm.MaxWait = 10 * time.Millisecond
	h := tm.Resource()
	if v, _ := h.Read(); v.AsBool() {
		t.Fatal("fired before the deadline")
	}
	for {
		v, _ := h.Read()
		if v.AsBool() {
			break
		}
		if time.Since(start) > 5*time.Second {
			t.Fatal("never fired")
		}
	}
	if el := time.Since(start); el < 80*time.Millisecond {
		t.Fatalf("fired after %v, before the 80ms deadline", el)
	}
	// A committed write re-arms; an aborted one does not.
	w := tm.Resource()
	time.Sleep(100 * time.Millisecond)
	_ = w.Write(tla.True)
	w.Abort()
	if v, _ := h.Read(); !v.AsBool() {
		t.Fatal("an aborted reset must not re-arm")
	}
	time.Sleep(100 * time.Millisecond)
	_ = w.Write(tla.True)
	_ = w.Commit()
	if v, _ := h.Read(); v.AsBool() {
		t.Fatal("a committed reset must re-arm")
	}
}

func TestFlagTickerLocalChannel(t *testing.T) {
	var f Flag
	h := f.Resource()
	if v, _ := h.Read(); v.AsBool() {
		t.Fatal("flag starts lowered")
	}
	f.Set()
	if v, _ := h.Read(); !v.AsBool() {
		t.Fatal("flag not raised")
	}
	h.Abort()
	if v, _ := h.Read(); !v.AsBool() {
		t.Fatal("an aborted read must not consume the flag")
	}
	_ = h.Commit()
	if v, _ := h.Read(); v.AsBool() {
		t.Fatal("a committed read of TRUE must lower the flag")
	}

	tk := NewTicker(time.Hour)
	r, w := tk.Resource(), tk.Resource()
	_ = w.Write(tla.True)
	_ = w.Commit()
	done := make(chan tla.Value, 1)
	go func() { v, _ := r.Read(); done <- v }()
	select {
	case v := <-done:
		if !v.AsBool() {
			t.Fatal("ticker reads TRUE")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a committed kick must wake the reader")
	}
	tk2 := NewTicker(20 * time.Millisecond)
	start := time.Now()
	if v, _ := tk2.Resource().Read(); !v.AsBool() || time.Since(start) < 20*time.Millisecond {
		t.Fatal("an idle ticker fires after its interval")
	}

	ch := NewLocalChannel()
	wr, rd := ch.Writer(), ch.Reader(5*time.Millisecond)
	_ = wr.Write(I(1))
	wr.Abort()
	if _, err := rd.Read(); !errors.Is(err, ErrAborted) {
		t.Fatal("an aborted send must not arrive")
	}
	rd.Abort()
	_ = wr.Write(I(2))
	_ = wr.Write(I(3))
	_ = wr.Commit()
	if v, _ := rd.Read(); v.AsInt() != 2 {
		t.Fatal("FIFO")
	}
	rd.Abort()
	if v, _ := rd.Read(); v.AsInt() != 2 || ch.Len() != 1 {
		t.Fatal("a read of an aborted step goes back to the front")
	}
	_ = rd.Commit()
}

// Two archetypes of one process share a TCP listener and send to the same peer: one aborts after
// its data frames reached the peer, the other commits. Only the committed messages may arrive,
// which needs a session per archetype resource (an abort frame drops its session's pending data).
func TestTCPMailboxesResourcesHaveIndependentSessions(t *testing.T) {
	m1, m2, _ := tcpPair(t, TCPOptions{ReceiveTimeout: 200 * time.Millisecond})
	defer m1.Close()
	defer m2.Close()
	a, _ := m1.Resource().Index(I(2))
	b, _ := m1.Resource().Index(I(2))
	_ = a.Write(I(10))
	_ = b.Write(I(20))
	if err := a.PreCommit(); err != nil {
		t.Fatal(err)
	}
	if err := b.PreCommit(); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	a.Abort()
	in, _ := m2.Resource().Index(I(2))
	v, err := in.Read()
	if err != nil || v.AsInt() != 20 {
		t.Fatalf("got %v %v, want the committed 20", v, err)
	}
	if _, err := in.Read(); !errors.Is(err, ErrAborted) {
		t.Fatal("the aborted message arrived")
	}
}

// With LoseOnCommitFailure, a peer that dies between pre-commit and commit loses the step's
// messages (as a crash would) instead of failing the archetype.
func TestTCPLoseOnCommitFailure(t *testing.T) {
	for _, lose := range []bool{false, true} {
		m1, m2, _ := tcpPair(t, TCPOptions{CommitTimeout: 100 * time.Millisecond, DialTimeout: 50 * time.Millisecond, IOTimeout: 100 * time.Millisecond, LoseOnCommitFailure: lose})
		to2, _ := m1.Resource().Index(I(2))
		_ = to2.Write(I(1))
		if err := to2.PreCommit(); err != nil {
			t.Fatal(err)
		}
		m2.Close()
		err := to2.Commit()
		if lose && err != nil {
			t.Fatalf("lose: commit error %v", err)
		}
		if !lose && err == nil {
			t.Fatal("without LoseOnCommitFailure a failed commit must be an error")
		}
		m1.Close()
	}
}

// A loop whose steps read shared state and change nothing must not spin (it waits for a change
// after two idle steps), and must react to a change made by another archetype.
func TestIdleLoopWaitsForChange(t *testing.T) {
	s, _ := NewShared(I(0), SharedOptions{})
	arch := &Archetype{Name: "Poll", Params: []Param{{Name: "x", Ref: true}}, Entry: "poll",
		Labels: map[string]func(*Context) error{"poll": func(c *Context) error {
			v, err := c.Read("x")
			if err != nil {
				return err
			}
			if v.AsInt() == 0 {
				return c.Goto("poll")
			}
			return c.Goto(Done)
		}}}
	c := NewContext(arch, I(1), WithResource("x", s.Handle()))
	done := make(chan error, 1)
	go func() { done <- c.Run() }()
	time.Sleep(200 * time.Millisecond)
	steps, _ := c.Stats()
	if steps > 100 {
		t.Fatalf("%d idle steps in 200ms: the loop spins", steps)
	}
	if steps < 2 {
		t.Fatalf("only %d steps: the idle wait must be bounded", steps)
	}
	h := s.Handle()
	_ = h.Write(I(1))
	start := time.Now()
	_ = h.Commit()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
		if el := time.Since(start); el > 2*time.Second {
			t.Fatalf("reacted after %v", el)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the change was never observed")
	}
}

// DropUnreachable: messages to an unreachable node it selects are dropped at pre-commit (the step
// commits); to other nodes the step still aborts.
func TestTCPDropUnreachable(t *testing.T) {
	m1, m2, _ := tcpPair(t, TCPOptions{DialTimeout: 50 * time.Millisecond, IOTimeout: 100 * time.Millisecond,
		DropUnreachable: func(j tla.Value) bool { return j.AsInt() == 2 }})
	defer m1.Close()
	m2.Close()
	to2, _ := m1.Resource().Index(I(2))
	if err := commit(t, to2, I(1)); err != nil {
		t.Fatalf("a send to an unreachable node marked droppable must commit: %v", err)
	}
	m3, m4, _ := tcpPair(t, TCPOptions{DialTimeout: 50 * time.Millisecond, IOTimeout: 100 * time.Millisecond,
		DropUnreachable: func(j tla.Value) bool { return false }})
	defer m3.Close()
	m4.Close()
	to4, _ := m3.Resource().Index(I(2))
	if err := commit(t, to4, I(1)); !errors.Is(err, ErrAborted) {
		t.Fatalf("a send to an unreachable node must abort the step: %v", err)
	}
}
