package distsys

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

func I(n int64) tla.Value { return tla.MakeInt(n) }

func TestLocalCommitAndAbort(t *testing.T) {
	l := NewLocal(I(1))
	_ = l.Write(I(2))
	if v, _ := l.Read(); v.AsInt() != 2 || l.Value().AsInt() != 1 {
		t.Fatal("write must be tentative")
	}
	l.Abort()
	if v, _ := l.Read(); v.AsInt() != 1 {
		t.Fatal("abort must restore")
	}
	_ = l.Write(I(3))
	_ = l.Commit()
	if l.Value().AsInt() != 3 {
		t.Fatal("commit must publish")
	}
	if _, err := l.Index(I(0)); !errors.Is(err, ErrNotIndexable) {
		t.Fatal("a local is not indexed")
	}
}

// counter: inc increments x twice per step, but aborts on odd attempts after writing: the
// aborted writes must never be visible, and each committed step adds exactly 2.
func TestCriticalSectionAbortRollsBack(t *testing.T) {
	attempts := 0
	arch := &Archetype{Name: "Counter", Params: []Param{{Name: "x", Ref: true}},
		Locals: []Local{{Name: "n", Init: func(*Context) tla.Value { return I(0) }}},
		Entry:  "inc",
		Labels: map[string]func(*Context) error{
			"inc": func(c *Context) error {
				attempts++
				v, err := c.Read("x")
				if err != nil {
					return err
				}
				if err := c.Write("x", nil, tla.Plus(v, I(1))); err != nil {
					return err
				}
				v, _ = c.Read("x")
				_ = c.Write("x", nil, tla.Plus(v, I(1)))
				c.SetLocal("n", tla.Plus(c.Local("n"), I(1)))
				if attempts%2 == 1 {
					return ErrAborted
				}
				if c.Local("n").AsInt() >= 3 {
					return c.Goto(Done)
				}
				return c.Goto("inc")
			}}}
	x := NewLocal(I(0))
	c := NewContext(arch, I(1), WithResource("x", x))
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	steps, aborts := c.Stats()
	if x.Value().AsInt() != 6 || steps != 3 || aborts != 3 {
		t.Fatalf("x = %v, steps %d, aborts %d; want 6, 3, 3", x.Value(), steps, aborts)
	}
	if n, _ := c.LocalValue("n"); n.AsInt() != 3 {
		t.Fatalf("local n = %v", n)
	}
}

func TestFairEitherEventuallyTakesEveryBranch(t *testing.T) {
	// Branch 0 always aborts (its await is false); a fair choice must still reach branch 1.
	taken := map[int]int{}
	arch := &Archetype{Name: "E", Entry: "l", Labels: map[string]func(*Context) error{
		"l": func(c *Context) error {
			b := c.Fair(0, 3)
			taken[b]++
			if b == 0 {
				if err := c.Await(tla.False); err != nil {
					return err
				}
			}
			if taken[1]+taken[2] >= 6 {
				return c.Goto(Done)
			}
			return c.Goto("l")
		}}}
	if err := NewContext(arch, I(0)).Run(); err != nil {
		t.Fatal(err)
	}
	if taken[1] == 0 || taken[2] == 0 || taken[0] == 0 {
		t.Fatalf("branches taken %v", taken)
	}
}

// Two choice points in one label: the retries must find the one combination that works, and a
// choice repeated over committed steps must take every option.
func TestWithExploresCombinationsAndRotates(t *testing.T) {
	s := tla.MakeSet(I(1), I(2), I(3))
	var picked []int64
	attempts := 0
	arch := &Archetype{Name: "W", Entry: "find", Labels: map[string]func(*Context) error{
		"find": func(c *Context) error {
			attempts++
			a, err := c.ChooseFair(0, s)
			if err != nil {
				return err
			}
			b, _ := c.ChooseFair(1, s)
			if err := c.Await(tla.MakeBool(a.AsInt() == 3 && b.AsInt() == 2)); err != nil {
				return err
			}
			return c.Goto("again")
		},
		"again": func(c *Context) error {
			x, _ := c.ChooseFair(2, s)
			picked = append(picked, x.AsInt())
			if len(picked) == 6 {
				return c.Goto(Done)
			}
			return c.Goto("again")
		}}}
	if err := NewContext(arch, I(0)).Run(); err != nil {
		t.Fatal(err)
	}
	if attempts > 9 {
		t.Fatalf("found <<3, 2>> after %d attempts; 9 combinations exist", attempts)
	}
	if fmt.Sprint(picked) != "[1 2 3 1 2 3]" {
		t.Fatalf("repeated choice took %v", picked)
	}
	c := NewContext(arch, I(0))
	if _, err := c.ChooseFair(8, tla.MakeSet()); !errors.Is(err, ErrAborted) {
		t.Fatal("with over {} must abort")
	}
}

func TestFatalErrors(t *testing.T) {
	arch := &Archetype{Name: "F", Entry: "a", Params: []Param{{Name: "r", Ref: true}}, Labels: map[string]func(*Context) error{
		"a": func(c *Context) error { return c.Goto("b") },
		"b": func(c *Context) error { tla.Apply(tla.MakeTuple(), I(1)); return c.Goto(Done) },
	}}
	if err := NewContext(arch, I(0)).Run(); err == nil || !strings.Contains(err.Error(), "parameter r is not bound") {
		t.Fatalf("unbound resource: %v", err)
	}
	err := NewContext(arch, I(0), WithResource("r", NewLocal(I(0)))).Run()
	if err == nil || !strings.Contains(err.Error(), "label b") || !strings.Contains(err.Error(), "domain") {
		t.Fatalf("TLA+ error must be fatal and name the label: %v", err)
	}
	arch2 := &Archetype{Name: "A", Entry: "a", Labels: map[string]func(*Context) error{
		"a": func(c *Context) error { return c.Assert(tla.False, "boom") }}}
	var ae *AssertionError
	if err := NewContext(arch2, I(0)).Run(); !errors.As(err, &ae) || ae.Msg != "boom" {
		t.Fatalf("assert: %v", err)
	}
	arch3 := &Archetype{Name: "G", Entry: "a", Labels: map[string]func(*Context) error{"a": func(c *Context) error { return c.Goto("nowhere") }}}
	if err := NewContext(arch3, I(0)).Run(); err == nil || !strings.Contains(err.Error(), "no label nowhere") {
		t.Fatalf("missing label: %v", err)
	}
}

func TestStop(t *testing.T) {
	arch := &Archetype{Name: "S", Entry: "a", Labels: map[string]func(*Context) error{"a": func(c *Context) error { return c.Await(tla.False) }}}
	c := NewContext(arch, I(0))
	done := make(chan error)
	go func() { done <- c.Run() }()
	time.Sleep(20 * time.Millisecond)
	c.Stop()
	if err := <-done; !errors.Is(err, ErrStopped) {
		t.Fatal(err)
	}
}

func TestIndexedLocal(t *testing.T) {
	r := NewLocalIndexed(func(i tla.Value) tla.Value { return tla.False })
	a, _ := r.Index(I(1))
	b, _ := r.Index(I(1))
	if a != b {
		t.Fatal("same index must give the same sub-resource")
	}
	_ = a.Write(tla.True)
	_ = a.Commit()
	if _, err := r.Read(); !errors.Is(err, ErrNotReadable) {
		t.Fatal("indexed resource read without index")
	}
	if !r.Snapshot().Equal(tla.MakeFunction([]tla.Value{I(1)}, []tla.Value{tla.True})) {
		t.Fatalf("snapshot %v", r.Snapshot())
	}
}

func TestInMemoryMailboxes(t *testing.T) {
	n := NewInMemoryNetwork()
	a := n.Mailboxes(I(1), 10*time.Millisecond)
	b := n.Mailboxes(I(2), 10*time.Millisecond)
	to2, _ := a.Index(I(2))
	_ = to2.Write(I(10))
	to2.Abort()
	_ = to2.Write(I(11))
	_ = to2.Write(I(12))
	if n.Pending(I(2)) != 0 {
		t.Fatal("sends are delivered at commit")
	}
	_ = to2.PreCommit()
	_ = to2.Commit()
	in2, _ := b.Index(I(2))
	v, err := in2.Read()
	if err != nil || v.AsInt() != 11 {
		t.Fatalf("first message %v %v", v, err)
	}
	in2.Abort() // the read goes back
	v, _ = in2.Read()
	w, _ := in2.Read()
	if v.AsInt() != 11 || w.AsInt() != 12 {
		t.Fatalf("order after abort: %v %v", v, w)
	}
	_ = in2.Commit()
	if _, err := in2.Read(); !errors.Is(err, ErrAborted) {
		t.Fatal("empty mailbox must abort")
	}
	if _, err := to2.Read(); !errors.Is(err, ErrNotReadable) {
		t.Fatal("reading another node's mailbox is an error")
	}
}

func TestChannels(t *testing.T) {
	in := make(chan tla.Value, 2)
	out := make(chan tla.Value, 2)
	ir, or := InputChannel(in, 10*time.Millisecond), OutputChannel(out)
	in <- I(1)
	v, err := ir.Read()
	if err != nil || v.AsInt() != 1 {
		t.Fatal(v, err)
	}
	ir.Abort()
	if v, _ := ir.Read(); v.AsInt() != 1 {
		t.Fatal("input read by an aborted step must be read again")
	}
	_ = ir.Commit()
	if _, err := ir.Read(); !errors.Is(err, ErrAborted) {
		t.Fatal("no input: abort")
	}
	_ = or.Write(I(5))
	or.Abort()
	_ = or.Write(I(6))
	_ = or.Commit()
	if got := <-out; got.AsInt() != 6 || len(out) != 0 {
		t.Fatal("output channel must only see committed writes")
	}
}

func tcpPair(t *testing.T, opts TCPOptions) (*TCPMailboxes, *TCPMailboxes, *sync.Map) {
	t.Helper()
	addrs := &sync.Map{}
	lookup := func(v tla.Value) (string, error) {
		a, ok := addrs.Load(v.AsInt())
		if !ok {
			return "", fmt.Errorf("no address for %v", v)
		}
		return a.(string), nil
	}
	m1, err := ListenTCPMailboxes(I(1), "127.0.0.1:0", lookup, opts)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := ListenTCPMailboxes(I(2), "127.0.0.1:0", lookup, opts)
	if err != nil {
		t.Fatal(err)
	}
	addrs.Store(int64(1), m1.Addr())
	addrs.Store(int64(2), m2.Addr())
	return m1, m2, addrs
}

func commit(t *testing.T, r Resource, vs ...tla.Value) error {
	t.Helper()
	for _, v := range vs {
		if err := r.Write(v); err != nil {
			return err
		}
	}
	if err := r.PreCommit(); err != nil {
		r.Abort()
		return err
	}
	return r.Commit()
}

func TestTCPMailboxesDeliverInOrder(t *testing.T) {
	m1, m2, _ := tcpPair(t, TCPOptions{ReceiveTimeout: time.Second})
	defer m1.Close()
	defer m2.Close()
	to2, _ := m1.Resource().Index(I(2))
	msg := tla.MakeRecord(tla.Field{Name: "from", Value: I(1)}, tla.Field{Name: "type", Value: tla.MakeString("lock")})
	if err := commit(t, to2, msg, I(2), I(3)); err != nil {
		t.Fatal(err)
	}
	in2, _ := m2.Resource().Index(I(2))
	for _, want := range []tla.Value{msg, I(2), I(3)} {
		got, err := in2.Read()
		if err != nil || !got.Equal(want) {
			t.Fatalf("got %v %v, want %v", got, err, want)
		}
	}
	_ = in2.Commit()
	to2.Abort()
	_ = to2.Write(I(99))
	to2.Abort()
	time.Sleep(20 * time.Millisecond)
	if m2.Pending() != 0 {
		t.Fatal("aborted sends must not be delivered")
	}
}

func TestTCPMailboxesUnreachablePeerAbortsThenReconnects(t *testing.T) {
	m1, m2, addrs := tcpPair(t, TCPOptions{ReceiveTimeout: time.Second, DialTimeout: 100 * time.Millisecond})
	defer m1.Close()
	to2, _ := m1.Resource().Index(I(2))
	if err := commit(t, to2, I(1)); err != nil {
		t.Fatal(err)
	}
	// Restart node 2 on a new port: the next pre-commit must abort while it is down, then the
	// sender must reconnect once it is back.
	old := m2.Addr()
	m2.Close()
	start := time.Now()
	if err := commit(t, to2, I(2)); !errors.Is(err, ErrAborted) {
		t.Fatalf("send to a dead peer must abort the step: %v", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Fatal("abort took too long")
	}
	ln, err := net.Listen("tcp", old)
	if err != nil {
		t.Fatalf("cannot listen again on %s: %v", old, err)
	}
	ln.Close()
	m2b, err := ListenTCPMailboxes(I(2), old, func(v tla.Value) (string, error) { a, _ := addrs.Load(v.AsInt()); return a.(string), nil }, TCPOptions{ReceiveTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer m2b.Close()
	if err := commit(t, to2, I(3)); err != nil {
		t.Fatal(err)
	}
	in2, _ := m2b.Resource().Index(I(2))
	got, err := in2.Read()
	if err != nil || got.AsInt() != 3 {
		t.Fatalf("after reconnect got %v %v", got, err)
	}
}

func TestTCPReceiverDropsDuplicatesAndHoldsPending(t *testing.T) {
	m1, m2, _ := tcpPair(t, TCPOptions{ReceiveTimeout: 50 * time.Millisecond})
	defer m1.Close()
	defer m2.Close()
	c, err := net.Dial("tcp", m2.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s := &tcpSender{m: m1, addr: m2.Addr(), l: &tcpConn{m: m1, addr: m2.Addr(), conn: c}}
	for _, seq := range []uint64{1, 1, 2, 1} {
		v := I(int64(seq))
		if err := s.l.sendOne(s.frame(frameData, seq, &v), seq); err != nil {
			t.Fatal(err)
		}
	}
	if m2.Pending() != 0 {
		t.Fatal("data frames must stay pending until the commit frame")
	}
	if err := s.l.sendOne(s.frame(frameCommit, 2, nil), 2); err != nil {
		t.Fatal(err)
	}
	if m2.Pending() != 2 {
		t.Fatalf("pending %d, want 2 (duplicates dropped)", m2.Pending())
	}
	v := I(3)
	_ = s.l.sendOne(s.frame(frameData, 3, &v), 3)
	_ = s.l.sendOne(s.frame(frameAbort, 3, nil), 3)
	_ = s.l.sendOne(s.frame(frameCommit, 3, nil), 3)
	if m2.Pending() != 2 {
		t.Fatal("an aborted data frame must never become readable")
	}
	// A frame with a corrupt value closes the connection without queueing anything.
	bad := make([]byte, 22)
	putFrame(bad, 7, 1)
	bad[21] = 42
	putLen(bad)
	_, _ = c.Write(bad)
	if _, err := c.Read(make([]byte, 8)); err == nil {
		t.Fatal("corrupt frame must close the connection")
	}
	if m2.Pending() != 2 {
		t.Fatal("corrupt frame queued")
	}
}
