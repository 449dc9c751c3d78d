package distsys

import (
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// ackEater forwards connections to target; while eating, the receiver's acknowledgements are
// swallowed (the frames arrive, the sender never learns it: a link that fails one way).
type ackEater struct {
	ln     net.Listener
	target string
	eating atomic.Bool
	mu     sync.Mutex
	conns  []net.Conn
}

func newAckEater(t *testing.T, target string) *ackEater {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &ackEater{ln: ln, target: target}
	t.Cleanup(func() {
		ln.Close()
		p.mu.Lock()
		for _, c := range p.conns {
			c.Close()
		}
		p.mu.Unlock()
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			u, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, u)
			p.mu.Unlock()
			eat := p.eating.Load() // per connection: a new connection after healing passes acks
			go func() { io.Copy(u, c); u.Close() }()
			go func() {
				if eat {
					io.Copy(io.Discard, u)
				} else {
					io.Copy(c, u)
				}
				c.Close()
			}()
		}
	}()
	return p
}

// A step's data frame reached the receiver but its acknowledgement was lost, so the step
// aborted. The receiver must never deliver that frame: the abort frame that could not be sent
// then goes first on the next connection. (Before, no abort was sent when no frame of the step had
// been acknowledged, and the session's next commit delivered the aborted step's message.)
func TestTCPAbortedFrameIsNeverDeliveredAfterLostAck(t *testing.T) {
	m2, err := ListenTCPMailboxes(I(2), "127.0.0.1:0", func(tla.Value) (string, error) { return "", errors.New("no") }, TCPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	p := newAckEater(t, m2.Addr())
	m1, err := ListenTCPMailboxes(I(1), "127.0.0.1:0", func(tla.Value) (string, error) { return p.ln.Addr().String(), nil },
		TCPOptions{IOTimeout: 100 * time.Millisecond, DialTimeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer m1.Close()
	to2, _ := m1.Resource().Index(I(2))
	p.eating.Store(true)
	if err := commit(t, to2, tla.MakeString("aborted")); !errors.Is(err, ErrAborted) {
		t.Fatalf("a send whose acknowledgement is lost must abort the step: %v", err)
	}
	p.eating.Store(false)
	if err := commit(t, to2, tla.MakeString("committed")); err != nil {
		t.Fatal(err)
	}
	in2, _ := m2.Resource().Index(I(2))
	deadline := time.Now().Add(5 * time.Second)
	for m2.Pending() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	got, err := in2.Read()
	if err != nil || got.AsString() != "committed" {
		t.Fatalf("receiver read %v (%v), want only the committed message", got, err)
	}
	_ = in2.Commit()
	time.Sleep(50 * time.Millisecond)
	if n := m2.Pending(); n != 0 {
		v, _ := in2.Read()
		t.Fatalf("%d more messages readable (first %v): the aborted one was delivered", n, v)
	}
}

// A send to a peer that refuses connections tells Unreachable which peer it was; a send to a
// peer that Suspected reports aborts at once without dialling (or is dropped when the
// destination is DropUnreachable), and a FailureDetector's Suspect makes fd[j] read TRUE and
// wakes its readers at once.
func TestTCPUnreachableAndSuspectedHooks(t *testing.T) {
	dead, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	deadAddr := dead.Addr().String()
	dead.Close() // refuses connections from now on
	live, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	var accepted atomic.Int64
	go func() {
		for {
			c, err := live.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	addr := func(j tla.Value) (string, error) {
		if j.AsInt() == 2 {
			return deadAddr, nil
		}
		return live.Addr().String(), nil
	}
	d := NewFailureDetector(addr, time.Hour, 2) // the probes never run in this test
	defer d.Close()
	var reported []tla.Value
	var mu sync.Mutex
	opts := TCPOptions{DialTimeout: 200 * time.Millisecond,
		Unreachable: func(j tla.Value) {
			mu.Lock()
			reported = append(reported, j)
			mu.Unlock()
			_ = d.Suspect(j)
		},
		Suspected:       d.IsSuspected,
		DropUnreachable: func(j tla.Value) bool { return j.AsInt() == 4 },
	}
	m1, err := ListenTCPMailboxes(I(1), "127.0.0.1:0", addr, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer m1.Close()
	fd2, _ := d.Resource().Index(I(2))
	if v, _ := fd2.Read(); v.AsBool() {
		t.Fatal("suspected before any evidence")
	}
	woken := fd2.(Notifier).Changed()
	to2, _ := m1.Resource().Index(I(2))
	if err := commit(t, to2, I(1)); !errors.Is(err, ErrAborted) {
		t.Fatalf("send to a refusing peer: %v, want ErrAborted", err)
	}
	mu.Lock()
	if len(reported) != 1 || reported[0].AsInt() != 2 {
		t.Fatalf("Unreachable got %v, want [2]", reported)
	}
	mu.Unlock()
	select {
	case <-woken:
	default:
		t.Fatal("a reader of fd[2] was not woken by the suspicion")
	}
	if v, _ := fd2.Read(); !v.AsBool() {
		t.Fatal("fd[2] is not suspected after a failed connection")
	}
	// Suspected peers are not dialled: mark the live node 3 suspected, the send aborts and the
	// listener sees no connection.
	if err := d.Suspect(I(3)); err != nil {
		t.Fatal(err)
	}
	to3, _ := m1.Resource().Index(I(3))
	if err := commit(t, to3, I(1)); !errors.Is(err, ErrAborted) {
		t.Fatalf("send to a suspected peer: %v, want ErrAborted", err)
	}
	if err := d.Suspect(I(4)); err != nil {
		t.Fatal(err)
	}
	to4, _ := m1.Resource().Index(I(4))
	if err := commit(t, to4, I(1)); err != nil {
		t.Fatalf("send to a suspected DropUnreachable peer must be dropped: %v", err)
	}
	time.Sleep(20 * time.Millisecond)
	if n := accepted.Load(); n != 0 {
		t.Fatalf("%d connections to suspected peers", n)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(reported) != 1 {
		t.Fatalf("Unreachable called for peers that were never dialled: %v", reported)
	}
}

// BeforeCommit runs before the commit frames of Resource() sends, not of
// ResourceWithoutBarrier() sends; both deliver.
func TestTCPResourceWithoutBarrier(t *testing.T) {
	var barriers atomic.Int64
	m1, m2, _ := tcpPair(t, TCPOptions{BeforeCommit: func() error { barriers.Add(1); return nil }})
	defer m1.Close()
	defer m2.Close()
	plain, _ := m1.Resource().Index(I(2))
	fast, _ := m1.ResourceWithoutBarrier().Index(I(2))
	if err := commit(t, fast, I(1)); err != nil {
		t.Fatal(err)
	}
	if n := barriers.Load(); n != 0 {
		t.Fatalf("%d barriers for a send without one", n)
	}
	if err := commit(t, plain, I(2)); err != nil {
		t.Fatal(err)
	}
	if n := barriers.Load(); n != 1 {
		t.Fatalf("%d barriers for one send with a barrier", n)
	}
	in2, _ := m2.Resource().Index(I(2))
	for _, want := range []int64{1, 2} {
		deadline := time.Now().Add(5 * time.Second)
		var got tla.Value
		var err error
		for {
			if got, err = in2.Read(); err == nil || time.Now().After(deadline) {
				break
			}
			in2.Abort()
			time.Sleep(5 * time.Millisecond)
		}
		if err != nil || got.AsInt() != want {
			t.Fatalf("read %v %v, want %d", got, err, want)
		}
		_ = in2.Commit()
	}
}

// BeforePublish runs before a changing commit publishes the value (and its error fails the
// commit, leaving the old value); a commit that leaves the value as it was does not run it.
func TestSharedBeforePublish(t *testing.T) {
	var calls int
	var fail error
	sh, err := NewShared(I(0), SharedOptions{BeforePublish: func() error {
		calls++
		return fail
	}})
	if err != nil {
		t.Fatal(err)
	}
	set := func(v int64) error {
		h := sh.Handle()
		if err := h.Write(I(v)); err != nil {
			return err
		}
		return h.Commit()
	}
	if err := set(0); err != nil || calls != 0 {
		t.Fatalf("unchanged commit: %v, %d calls", err, calls)
	}
	if err := set(1); err != nil || calls != 1 || sh.Value().AsInt() != 1 {
		t.Fatalf("changing commit: %v, %d calls, value %v", err, calls, sh.Value())
	}
	fail = errors.New("fsync failed")
	if err := set(2); err == nil || sh.Value().AsInt() != 1 {
		t.Fatalf("failed barrier: %v, value %v (want the old value 1)", err, sh.Value())
	}
}

func readN(t *testing.T, m *TCPMailboxes, self tla.Value, n int) []int64 {
	t.Helper()
	in, _ := m.Resource().Index(self)
	var got []int64
	deadline := time.Now().Add(5 * time.Second)
	for len(got) < n {
		v, err := in.Read()
		if err != nil {
			in.Abort()
			if time.Now().After(deadline) {
				t.Fatalf("only %d of %d messages arrived: %v", len(got), n, got)
			}
			time.Sleep(2 * time.Millisecond)
			continue
		}
		_ = in.Commit()
		got = append(got, v.AsInt())
	}
	return got
}

// PipelineSends: steps do not wait for acknowledgements; when they stop coming (a link that
// fails one way), the next pre-commit after IOTimeout reconnects and resends every frame not
// acknowledged, and the receiver still reads each committed message once, in order; an aborted
// step's frames are never read.
func TestTCPPipelinedSendsSurviveLostAcks(t *testing.T) {
	m2, err := ListenTCPMailboxes(I(2), "127.0.0.1:0", func(tla.Value) (string, error) { return "", errors.New("no") }, TCPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	p := newAckEater(t, m2.Addr())
	m1, err := ListenTCPMailboxes(I(1), "127.0.0.1:0", func(tla.Value) (string, error) { return p.ln.Addr().String(), nil },
		TCPOptions{IOTimeout: 100 * time.Millisecond, DialTimeout: 100 * time.Millisecond, PipelineSends: true})
	if err != nil {
		t.Fatal(err)
	}
	defer m1.Close()
	to2, _ := m1.Resource().Index(I(2))
	p.eating.Store(true)
	next := int64(1)
	var want []int64
	step := func(commitIt bool) {
		t.Helper()
		a, b := next, next+1
		next += 2
		_ = to2.Write(I(a))
		_ = to2.Write(I(b))
		if err := to2.PreCommit(); err != nil {
			t.Fatalf("pre-commit of %d, %d: %v", a, b, err)
		}
		if !commitIt {
			to2.Abort()
			return
		}
		if err := to2.Commit(); err != nil {
			t.Fatal(err)
		}
		want = append(want, a, b)
	}
	start := time.Now()
	for i := 0; i < 5; i++ {
		step(i != 2)
	}
	if d := time.Since(start); d > 80*time.Millisecond {
		t.Fatalf("5 pipelined steps took %v without acknowledgements (they must not wait)", d)
	}
	time.Sleep(150 * time.Millisecond) // longer than IOTimeout: the connection is stale
	p.eating.Store(false)
	for i := 0; i < 5; i++ {
		step(i != 3)
	}
	got := readN(t, m2, I(2), len(want))
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("read %v, want %v", got, want)
	}
	time.Sleep(50 * time.Millisecond)
	if n := m2.Pending(); n != 0 {
		t.Fatalf("%d more messages readable: an aborted step's or a duplicate", n)
	}
	l := to2.(*tcpSend).s.l
	l.qmu.Lock()
	n := len(l.unacked)
	l.qmu.Unlock()
	if n != 0 {
		t.Fatalf("%d frames still unacknowledged on a healthy connection", n)
	}
}

// PipelineSends (with LoseOnCommitFailure, as pipelining is meant): a pre-commit to a peer
// that refuses connections aborts (and reports the peer),
// and after the peer is back the messages of later steps arrive.
func TestTCPPipelinedUnreachablePeer(t *testing.T) {
	var reported atomic.Int64
	opts := TCPOptions{DialTimeout: 100 * time.Millisecond, PipelineSends: true, LoseOnCommitFailure: true, CommitTimeout: 200 * time.Millisecond,
		Unreachable: func(j tla.Value) { reported.Add(1) }}
	m1, m2, addrs := tcpPair(t, opts)
	defer m1.Close()
	to2, _ := m1.Resource().Index(I(2))
	if err := commit(t, to2, I(1)); err != nil {
		t.Fatal(err)
	}
	if got := readN(t, m2, I(2), 1); got[0] != 1 {
		t.Fatalf("read %v", got)
	}
	old := m2.Addr()
	m2.Close()
	var err error
	for i := 0; i < 5 && !errors.Is(err, ErrAborted); i++ { // a write may still succeed on the dead connection (then the commit loses it)
		err = commit(t, to2, I(2))
		time.Sleep(20 * time.Millisecond)
	}
	if !errors.Is(err, ErrAborted) || reported.Load() == 0 {
		t.Fatalf("send to a dead peer: %v (reported %d times), want ErrAborted and a report", err, reported.Load())
	}
	m2b, err := ListenTCPMailboxes(I(2), old, func(v tla.Value) (string, error) { a, _ := addrs.Load(v.AsInt()); return a.(string), nil }, opts)
	if err != nil {
		t.Fatalf("cannot listen again on %s: %v", old, err)
	}
	defer m2b.Close()
	if err := commit(t, to2, I(3)); err != nil {
		t.Fatal(err)
	}
	got := readN(t, m2b, I(2), 1)
	if got[0] != 3 && got[0] != 2 {
		t.Fatalf("after reconnect read %v", got)
	}
}

// PipelineLossy: messages to a DropUnreachable destination (a Raft leader's answers to its
// clients) are written without waiting for any acknowledgement, also when none ever comes,
// and arrive once, in order, without an aborted step's; after the link heals the connection is
// replaced and its frames are acknowledged again. Messages to any other destination of the
// same mailboxes still wait for their acknowledgement at pre-commit (and abort the step when
// it does not come).
func TestTCPPipelineLossyOnlyForLossyDestinations(t *testing.T) {
	noAddr := func(tla.Value) (string, error) { return "", errors.New("no") }
	m2, err := ListenTCPMailboxes(I(2), "127.0.0.1:0", noAddr, TCPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	m3, err := ListenTCPMailboxes(I(3), "127.0.0.1:0", noAddr, TCPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer m3.Close()
	p2, p3 := newAckEater(t, m2.Addr()), newAckEater(t, m3.Addr())
	lookup := func(v tla.Value) (string, error) {
		if v.AsInt() == 2 {
			return p2.ln.Addr().String(), nil
		}
		return p3.ln.Addr().String(), nil
	}
	m1, err := ListenTCPMailboxes(I(1), "127.0.0.1:0", lookup, TCPOptions{IOTimeout: 150 * time.Millisecond,
		DialTimeout: 100 * time.Millisecond, AsyncCommit: true, LoseOnCommitFailure: true, PipelineLossy: true,
		DropUnreachable: func(j tla.Value) bool { return j.AsInt() == 3 }})
	if err != nil {
		t.Fatal(err)
	}
	defer m1.Close()
	net1 := m1.Resource()
	to2, _ := net1.Index(I(2))
	to3, _ := net1.Index(I(3))
	p2.eating.Store(true)
	p3.eating.Store(true)
	next := int64(1)
	var want []int64
	step := func(commitIt bool) {
		t.Helper()
		a, b := next, next+1
		next += 2
		_ = to3.Write(I(a))
		_ = to3.Write(I(b))
		if err := to3.PreCommit(); err != nil {
			t.Fatalf("pre-commit of %d, %d: %v", a, b, err)
		}
		if !commitIt {
			to3.Abort()
			return
		}
		if err := to3.Commit(); err != nil {
			t.Fatal(err)
		}
		want = append(want, a, b)
	}
	start := time.Now()
	for i := 0; i < 5; i++ {
		step(i != 2)
	}
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Fatalf("5 steps to a lossy destination took %v without acknowledgements (they must not wait)", d)
	}
	if got := readN(t, m3, I(3), len(want)); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("lossy destination read %v, want %v", got, want)
	}
	// The other destination: its pre-commit waits for the acknowledgement that never comes.
	start = time.Now()
	_ = to2.Write(I(100))
	err = to2.PreCommit()
	if !errors.Is(err, ErrAborted) || time.Since(start) < 150*time.Millisecond {
		to2.Abort()
		t.Fatalf("pre-commit to a non-lossy destination without acknowledgements: %v after %v; want ErrAborted after IOTimeout", err, time.Since(start))
	}
	// Heal: the stale connection to 3 is replaced, every frame is acknowledged again.
	time.Sleep(200 * time.Millisecond)
	p3.eating.Store(false)
	before := len(want)
	for i := 0; i < 5; i++ {
		step(i != 1)
	}
	if got := readN(t, m3, I(3), len(want)-before); fmt.Sprint(got) != fmt.Sprint(want[before:]) {
		t.Fatalf("after healing read %v, want %v", got, want[before:])
	}
	time.Sleep(50 * time.Millisecond)
	if n := m3.Pending(); n != 0 {
		t.Fatalf("%d more messages readable at the lossy destination: an aborted step's or a duplicate", n)
	}
	l := to3.(*tcpSend).s.l
	l.qmu.Lock()
	n := len(l.unacked)
	l.qmu.Unlock()
	if n != 0 {
		t.Fatalf("%d frames still unacknowledged on the healed connection", n)
	}
	if !l.pipe || to2.(*tcpSend).s.l.pipe {
		t.Fatalf("pipelined connections: to 3 %v, to 2 %v; want only the lossy one", l.pipe, to2.(*tcpSend).s.l.pipe)
	}
}
