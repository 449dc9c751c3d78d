package distsys

import (
	"fmt"
	"math/rand"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// ElectionTimer is a randomised timeout (Raft's election timer, PGo's TimerResource): a read
// returns TRUE once the current deadline has passed; when that step commits, a new deadline is
// armed, drawn uniformly from [min, min+spread). Before the deadline a read returns FALSE at once
// (so an `await timer` aborts), and the handle's Changed is closed at the deadline, when Run
// retries the step. A committed write of any value re-arms the deadline (a reset, e.g. on a
// heartbeat).
//
// A TRUE read is validated like a lock-free read: if another step's reset commits between the
// read and this step's commit, the step aborts (PreCommit) and waits for the new deadline. The
// timer is no Shared, so without this a Raft follower whose deadline passed while it was handling
// a heartbeat (a step of tens of ms on a loaded machine) started an election just after that
// heartbeat reset its timer: the two steps are not serialisable (the election step read the
// timer before the reset and wrote the state the heartbeat step had read), and under load such
// elections deposed a working leader again and again (docs/mpcal.md). An aborted TRUE read no
// longer consumes the timeout either (it used to arm a new deadline at the read).
type ElectionTimer struct {
	min, spread time.Duration
	// MaxWait is unused (reads no longer sleep); kept so that existing glue compiles.
	MaxWait  time.Duration
	mu       sync.Mutex
	deadline time.Time
	armedAt  time.Time // when the current deadline was armed (a reset or a consumed expiry)
	gen      uint64    // counts re-arms
	rng      *rand.Rand
	// deferFn (SetDefer): while it returns true, an expired deadline reads FALSE, for at most
	// deferCap after armedAt; checked again every recheck.
	deferFn  func() bool
	deferCap time.Duration
	recheck  time.Duration
}

// SetDefer makes an expired deadline read FALSE while f returns true, up to limit after the
// deadline was armed (f is called without the timer's lock, when a read finds the deadline
// passed, and again every quarter of the minimum timeout while it defers). The spec's
// LeaderTimeout macro may read FALSE at any time, so a deferred expiry is one of its behaviours;
// the limit keeps the timeout's liveness. raftkvs defers while the follower's leader answers a
// TCP connect: a leader whose replication loop is busy catching a restarted server up (one
// AppendEntries with thousands of entries, acknowledged only after the busy server decoded it)
// sent nothing to its other follower for longer than 150-300 ms on a loaded machine, and that
// follower's candidacy deposed it (docs/mpcal.md).
func (t *ElectionTimer) SetDefer(f func() bool, limit time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.deferFn, t.deferCap, t.recheck = f, limit, max(t.min/4, time.Millisecond)
}

// NewElectionTimer starts the first deadline now.
func NewElectionTimer(min, spread time.Duration) *ElectionTimer {
	t := &ElectionTimer{min: min, spread: spread, MaxWait: 50 * time.Millisecond, rng: rand.New(rand.NewSource(time.Now().UnixNano()))}
	t.rearm()
	return t
}

func (t *ElectionTimer) rearm() {
	d := t.min
	if t.spread > 0 {
		d += time.Duration(t.rng.Int63n(int64(t.spread)))
	}
	t.armedAt = time.Now()
	t.deadline = t.armedAt.Add(d)
	t.gen++
}

// Hold moves the current deadline to at least d from now (a new generation, like a reset), so the
// timer reads FALSE until then. The spec's LeaderTimeout macro may read FALSE at any time (`either
// { yield TRUE } or { yield FALSE }`), so a later first deadline is one of its behaviours. raftkvs
// holds the timer of a server that restarts on persisted state for the time its peers' failure
// detectors need to see it alive again: otherwise it timed out before the leader (which stopped
// sending to it while it was suspected) reached it, and its candidacy in a higher term deposed a
// working leader (an election of 1-1.5 s without service after every restart; docs/mpcal.md).
func (t *ElectionTimer) Hold(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if at := time.Now().Add(d); at.After(t.deadline) {
		t.deadline = at
		t.gen++
	}
}

// Reset re-arms the deadline now.
func (t *ElectionTimer) Reset() {
	t.mu.Lock()
	t.rearm()
	t.mu.Unlock()
}

// Resource is a handle for one archetype (writes are buffered per handle until commit).
func (t *ElectionTimer) Resource() Resource { return &timerHandle{t: t} }

type timerHandle struct {
	t     *ElectionTimer
	reset bool
	fired bool      // the step read TRUE (the deadline of generation gen had passed)
	gen   uint64    // the timer's generation at the TRUE read
	wait  time.Time // the deadline a FALSE read (or a failed validation) saw
}

func (h *timerHandle) Read() (tla.Value, error) {
	t := h.t
	t.mu.Lock()
	if now := time.Now(); !now.Before(t.deadline) && !h.fired && t.deferFn != nil && now.Before(t.armedAt.Add(t.deferCap)) {
		f, gen := t.deferFn, t.gen
		t.mu.Unlock()
		d := f()
		t.mu.Lock()
		if d && t.gen == gen {
			h.wait = time.Now().Add(t.recheck)
			t.mu.Unlock()
			return tla.False, nil
		}
	}
	defer t.mu.Unlock()
	if time.Now().Before(t.deadline) {
		h.wait = t.deadline
		return tla.False, nil
	}
	h.wait = time.Time{}
	if !h.fired {
		h.fired, h.gen = true, t.gen
	}
	return tla.True, nil
}

// Changed is closed at the deadline a FALSE read saw (a reset meanwhile only makes the retry read
// FALSE again and wait for the new deadline); nil after a TRUE read.
func (h *timerHandle) Changed() <-chan struct{} {
	if h.wait.IsZero() {
		return nil
	}
	ch := make(chan struct{})
	time.AfterFunc(time.Until(h.wait), func() { close(ch) })
	return ch
}
func (h *timerHandle) Write(tla.Value) error             { h.reset = true; return nil }
func (h *timerHandle) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }

// PreCommit aborts a step that read TRUE when a reset has committed since (see ElectionTimer).
func (h *timerHandle) PreCommit() error {
	if !h.fired {
		return nil
	}
	t := h.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.gen != h.gen {
		h.wait = t.deadline // Changed: retry at the new deadline
		return fmt.Errorf("%w: the timer was reset after it was read as expired", ErrAborted)
	}
	return nil
}

func (h *timerHandle) Commit() error {
	t := h.t
	if h.fired || h.reset {
		t.mu.Lock()
		if h.reset || t.gen == h.gen {
			t.rearm() // the expiry this step consumed, or its reset
		}
		t.mu.Unlock()
	}
	h.fired, h.reset = false, false
	return nil
}
func (h *timerHandle) Abort()       { h.reset, h.fired, h.wait = false, false, time.Time{} }
func (h *timerHandle) Close() error { return nil }

// Flag is a Boolean the glue raises (Set) and an archetype consumes: a read returns whether it is
// raised, without waiting; a step that read TRUE lowers it when it commits. A Set wakes an
// archetype blocked on a FALSE read (Notifier).
type Flag struct {
	mu      sync.Mutex
	set     bool
	changed chan struct{} // made on demand, closed by the next change
}

func (f *Flag) change(v bool) {
	f.mu.Lock()
	if f.set != v {
		f.set = v
		if f.changed != nil {
			close(f.changed)
			f.changed = nil
		}
	}
	f.mu.Unlock()
}

// Set raises the flag.
func (f *Flag) Set() { f.change(true) }

// Clear lowers it.
func (f *Flag) Clear() { f.change(false) }

// Resource is the archetype's handle.
func (f *Flag) Resource() Resource { return &flagHandle{f: f} }

type flagHandle struct {
	f       *Flag
	readTru bool
	wait    <-chan struct{}
}

func (h *flagHandle) Read() (tla.Value, error) {
	h.f.mu.Lock()
	defer h.f.mu.Unlock()
	if h.f.set {
		h.readTru = true
	}
	if h.f.changed == nil {
		h.f.changed = make(chan struct{})
	}
	h.wait = h.f.changed
	return tla.MakeBool(h.f.set), nil
}

// Changed is closed by the flag's next change after the read.
func (h *flagHandle) Changed() <-chan struct{}          { return h.wait }
func (h *flagHandle) Write(tla.Value) error             { return ErrNotWritable }
func (h *flagHandle) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (h *flagHandle) PreCommit() error                  { return nil }
func (h *flagHandle) Commit() error {
	if h.readTru {
		h.readTru = false
		h.f.Clear()
	}
	return nil
}
func (h *flagHandle) Abort()       { h.readTru, h.wait = false, nil }
func (h *flagHandle) Close() error { return nil }

// Ticker is a wake-up channel between archetypes of one process (PGo's appendEntriesCh custom
// channel): a read waits until a committed write kicked it or interval passed, then returns TRUE.
type Ticker struct {
	interval time.Duration
	kick     chan struct{}
}

// NewTicker returns a ticker with the given period.
func NewTicker(interval time.Duration) *Ticker {
	return &Ticker{interval: interval, kick: make(chan struct{}, 1)}
}

// Resource is one archetype's handle.
func (t *Ticker) Resource() Resource { return &tickerHandle{t: t} }

type tickerHandle struct {
	t       *Ticker
	written bool
}

func (h *tickerHandle) Read() (tla.Value, error) {
	tm := time.NewTimer(h.t.interval)
	defer tm.Stop()
	select {
	case <-h.t.kick:
	case <-tm.C:
	}
	return tla.True, nil
}
func (h *tickerHandle) Write(tla.Value) error             { h.written = true; return nil }
func (h *tickerHandle) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (h *tickerHandle) PreCommit() error                  { return nil }
func (h *tickerHandle) Commit() error {
	if h.written {
		h.written = false
		select {
		case h.t.kick <- struct{}{}:
		default:
		}
	}
	return nil
}
func (h *tickerHandle) Abort() { h.written = false }

// Changed is nil: a read always returns TRUE (after waiting for its kick or interval), so the
// ticker never keeps a step blocked; Run waits for the step's other resources.
func (h *tickerHandle) Changed() <-chan struct{} { return nil }
func (h *tickerHandle) Close() error             { return nil }

// LocalChannel is an unbounded FIFO channel between archetypes of one process: Writer() sends
// on commit, Reader(timeout) receives (waiting up to timeout, then aborting the step; values read
// by an aborted step go back to the front).
type LocalChannel struct{ q *queue }

// NewLocalChannel returns an empty channel.
func NewLocalChannel() *LocalChannel { return &LocalChannel{q: newQueue()} }

// Reader is a receiving handle (an empty channel aborts the step, which Run retries when a value
// arrives; timeout is unused).
func (c *LocalChannel) Reader(timeout time.Duration) Resource {
	return &receiver{q: c.q, timeout: timeout}
}

// Writer is a sending handle.
func (c *LocalChannel) Writer() Resource {
	return &sender{deliver: func(ms []msg) error { c.q.push(ms...); return nil }}
}

// Len is the number of values sent and not yet received.
func (c *LocalChannel) Len() int { return c.q.len() }

// ReadOnly is a resource whose reads return f() (e.g. a mailbox length for PGo's netLen) and
// whose writes are an error. It cannot notify: a step blocked on it polls (see Run).
func ReadOnly(f func() tla.Value) Resource { return &readOnly{f: f} }

// ReadOnlyWatch is ReadOnly whose value changes are signalled by changed (a channel closed at
// the next change of f(), e.g. TCPMailboxes.PendingChanged), so a step blocked on it sleeps until
// then. Use one per archetype.
func ReadOnlyWatch(f func() tla.Value, changed func() <-chan struct{}) Resource {
	return &watchedReadOnly{readOnly: readOnly{f: f}, changed: changed}
}

type readOnly struct{ f func() tla.Value }

type watchedReadOnly struct {
	readOnly
	changed func() <-chan struct{}
	mu      sync.Mutex
	wait    <-chan struct{}
}

func (r *watchedReadOnly) Read() (tla.Value, error) {
	ch := r.changed() // before f(): a change after it closes ch
	r.mu.Lock()
	r.wait = ch
	r.mu.Unlock()
	return r.f(), nil
}

// Changed is closed at the next change after the last read.
func (r *watchedReadOnly) Changed() <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.wait
}

func (r *readOnly) Read() (tla.Value, error)          { return r.f(), nil }
func (r *readOnly) Write(tla.Value) error             { return ErrNotWritable }
func (r *readOnly) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (r *readOnly) PreCommit() error                  { return nil }
func (r *readOnly) Commit() error                     { return nil }
func (r *readOnly) Abort()                            {}
func (r *readOnly) Close() error                      { return nil }
