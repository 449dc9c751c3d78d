package distsys

import (
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// SharedOptions configures a Shared value.
type SharedOptions struct {
	// Timeout bounds the wait for the lock inside a step; then the step aborts (and is retried),
	// which breaks lock-order deadlocks between archetypes (default 5ms).
	Timeout time.Duration
	// Store and Key make the value durable: it starts from the stored value and every changing
	// commit is saved (FileStore.Save: fsync'd) before the lock is released.
	Store *FileStore
	Key   string
	// OnCommit is called (holding the lock) with every committed new value that differs from the
	// old one; glue uses it to export state (status lines, tests).
	OnCommit func(v tla.Value)
	// BeforePublish, when set, runs before a commit that changes the value makes it visible
	// (holding the lock); an error fails the commit. E.g. DurableSeq.Barrier: a Raft leader's
	// commit index may only advance once its own log writes before it are durable.
	BeforePublish func() error
}

// Shared is state shared by several archetypes of one process (PGo's "local shared" resource):
// e.g. a Raft server's currentTerm, read and written by its handler, election, replication and
// commit archetypes. Each archetype gets its own Handle. A step that touches the handle takes an
// exclusive lock on its first read or write and keeps it until the step commits or aborts, so
// steps of different archetypes touching the same Shared are serialised (strict two-phase
// locking: the committed history is equivalent to running the steps one at a time). Waiting for
// the lock longer than Timeout aborts the step.
type Shared struct {
	sem     chan struct{}
	opts    SharedOptions
	mu      sync.Mutex // guards value and changed; writers also hold sem
	value   tla.Value
	changed chan struct{} // closed (and replaced) by every commit that changes value
	freed   chan struct{} // made on demand, closed by the next release of the lock
}

// NewShared returns a shared value starting at init (or at its stored value, with a Store).
func NewShared(init tla.Value, opts SharedOptions) (*Shared, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = 5 * time.Millisecond
	}
	v := init
	if opts.Store != nil {
		var err error
		if v, _, err = opts.Store.Load(opts.Key, init); err != nil {
			return nil, err
		}
	}
	return &Shared{sem: make(chan struct{}, 1), opts: opts, value: v, changed: make(chan struct{})}, nil
}

// Value is the committed value.
func (s *Shared) Value() tla.Value {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.value
}

// Handle is one archetype's resource for s.
func (s *Shared) Handle() Resource { return &sharedHandle{s: s} }

type sharedHandle struct {
	s     *Shared
	held  bool
	dirty bool
	cur   tla.Value
	wait  <-chan struct{} // what a blocked step waits for: the next change of the value it read, or the lock's release
}

func (h *sharedHandle) acquire() error {
	if h.held {
		return nil
	}
	select {
	case h.s.sem <- struct{}{}:
	default:
		s := h.s
		s.mu.Lock()
		if s.freed == nil {
			s.freed = make(chan struct{})
		}
		h.wait = s.freed // taken before waiting: a release after this closes it
		s.mu.Unlock()
		t := time.NewTimer(s.opts.Timeout)
		defer t.Stop()
		select {
		case s.sem <- struct{}{}:
		case <-t.C:
			return ErrAborted
		}
	}
	h.held, h.dirty = true, false
	h.s.mu.Lock()
	h.cur, h.wait = h.s.value, h.s.changed
	h.s.mu.Unlock()
	return nil
}

func (h *sharedHandle) release() {
	h.held, h.dirty = false, false
	h.cur = tla.Value{}
	<-h.s.sem
	h.s.mu.Lock()
	if h.s.freed != nil {
		close(h.s.freed)
		h.s.freed = nil
	}
	h.s.mu.Unlock()
}

func (h *sharedHandle) Read() (tla.Value, error) {
	if err := h.acquire(); err != nil {
		return tla.Value{}, err
	}
	return h.cur, nil
}

func (h *sharedHandle) Write(v tla.Value) error {
	if err := h.acquire(); err != nil {
		return err
	}
	h.cur, h.dirty = v, true
	return nil
}

func (h *sharedHandle) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (h *sharedHandle) PreCommit() error                  { return nil }

func (h *sharedHandle) Commit() error {
	err := h.commitHolding()
	h.unlock()
	return err
}

// unlock releases the lock after commitHolding (lockHolder).
func (h *sharedHandle) unlock() {
	if h.held {
		h.release()
	}
}

// commitHolding publishes (and saves) the new value but keeps the lock (lockHolder).
func (h *sharedHandle) commitHolding() error {
	if !h.held {
		return nil
	}
	if !h.dirty {
		return nil
	}
	s := h.s
	s.mu.Lock()
	old := s.value
	s.mu.Unlock()
	if old.Equal(h.cur) {
		return nil
	}
	if s.opts.BeforePublish != nil {
		if err := s.opts.BeforePublish(); err != nil {
			return err
		}
	}
	if s.opts.Store != nil {
		if err := s.opts.Store.Save(s.opts.Key, h.cur); err != nil {
			return err
		}
	}
	s.mu.Lock()
	s.value = h.cur
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
	if s.opts.OnCommit != nil {
		s.opts.OnCommit(h.cur)
	}
	return nil
}

func (h *sharedHandle) Abort() {
	if h.held {
		h.release()
	}
}

func (h *sharedHandle) Close() error { return nil }

// Unchanged reports whether the current step leaves the value as it is (Watchable).
func (h *sharedHandle) Unchanged() bool {
	return !h.held || !h.dirty || h.cur.Equal(h.s.Value())
}

// Changed signals the next committed change of the value the step read (taken with the value,
// so a change between the read and the wait is not missed), or, after a lock wait that timed
// out, the lock's next release.
func (h *sharedHandle) Changed() <-chan struct{} {
	if h.wait != nil {
		return h.wait
	}
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return h.s.changed
}
