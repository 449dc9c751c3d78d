package distsys

import (
	"math/rand"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// ElectionTimer is a randomised timeout (Raft's election timer, PGo's TimerResource): a read
// returns TRUE once the current deadline has passed, and arms a new deadline drawn uniformly
// from [min, min+spread); before the deadline it waits up to MaxWait and returns FALSE (so an
// `await timer` aborts and the step is retried, and Stop is never delayed long). A committed write
// of any value re-arms the deadline (a reset, e.g. on a heartbeat).
type ElectionTimer struct {
	min, spread time.Duration
	MaxWait     time.Duration
	mu          sync.Mutex
	deadline    time.Time
	rng         *rand.Rand
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
	t.deadline = time.Now().Add(d)
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
}

func (h *timerHandle) Read() (tla.Value, error) {
	t := h.t
	t.mu.Lock()
	left := time.Until(t.deadline)
	t.mu.Unlock()
	if left > 0 {
		if left > t.MaxWait {
			time.Sleep(t.MaxWait)
			return tla.False, nil
		}
		time.Sleep(left)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if time.Now().Before(t.deadline) {
		return tla.False, nil // reset meanwhile
	}
	t.rearm()
	return tla.True, nil
}
func (h *timerHandle) Write(tla.Value) error             { h.reset = true; return nil }
func (h *timerHandle) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (h *timerHandle) PreCommit() error                  { return nil }
func (h *timerHandle) Commit() error {
	if h.reset {
		h.reset = false
		h.t.Reset()
	}
	return nil
}
func (h *timerHandle) Abort()       { h.reset = false }
func (h *timerHandle) Close() error { return nil }

// Flag is a Boolean the glue raises (Set) and an archetype consumes: a read returns whether it is
// raised, without waiting; a step that read TRUE lowers it when it commits.
type Flag struct {
	mu  sync.Mutex
	set bool
}

// Set raises the flag.
func (f *Flag) Set() { f.mu.Lock(); f.set = true; f.mu.Unlock() }

// Clear lowers it.
func (f *Flag) Clear() { f.mu.Lock(); f.set = false; f.mu.Unlock() }

// Resource is the archetype's handle.
func (f *Flag) Resource() Resource { return &flagHandle{f: f} }

type flagHandle struct {
	f       *Flag
	readTru bool
}

func (h *flagHandle) Read() (tla.Value, error) {
	h.f.mu.Lock()
	defer h.f.mu.Unlock()
	if h.f.set {
		h.readTru = true
	}
	return tla.MakeBool(h.f.set), nil
}
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
func (h *flagHandle) Abort()       { h.readTru = false }
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
func (h *tickerHandle) Abort()       { h.written = false }
func (h *tickerHandle) Close() error { return nil }

// LocalChannel is an unbounded FIFO channel between archetypes of one process: Writer() sends
// on commit, Reader(timeout) receives (waiting up to timeout, then aborting the step; values read
// by an aborted step go back to the front).
type LocalChannel struct{ q *queue }

// NewLocalChannel returns an empty channel.
func NewLocalChannel() *LocalChannel { return &LocalChannel{q: newQueue()} }

// Reader is a receiving handle.
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
// whose writes are an error.
func ReadOnly(f func() tla.Value) Resource { return &readOnly{f: f} }

type readOnly struct{ f func() tla.Value }

func (r *readOnly) Read() (tla.Value, error)          { return r.f(), nil }
func (r *readOnly) Write(tla.Value) error             { return ErrNotWritable }
func (r *readOnly) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (r *readOnly) PreCommit() error                  { return nil }
func (r *readOnly) Commit() error                     { return nil }
func (r *readOnly) Abort()                            {}
func (r *readOnly) Close() error                      { return nil }
