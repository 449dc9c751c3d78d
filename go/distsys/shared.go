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
	// BeforePublishValue is BeforePublish told the new value (run after it): e.g. a Raft
	// commit index c waits only until the log's first c entries are durable
	// (DurableSeq.WaitDurable), not for every log write before it.
	BeforePublishValue func(v tla.Value) error
}

// Shared is state shared by several archetypes of one process (PGo's "local shared" resource):
// e.g. a Raft server's currentTerm, read and written by its handler, election, replication and
// commit archetypes. Each archetype gets its own Handle. A step that reads the handle takes a
// shared lock, one that writes it an exclusive lock (a read lock is upgraded), and keeps it until
// the step commits or aborts, so steps of different archetypes that write the same Shared, or
// read what another writes, are serialised, while steps that only read it run side by side
// (strict two-phase locking with shared and exclusive locks: the committed history is equivalent
// to running the steps one at a time). A waiting writer keeps new readers out (no writer
// starves). Waiting for a lock longer than Timeout aborts the step; a handle whose upgrade timed
// out (two steps reading and then writing the same value wait for each other) takes exclusive
// locks from then on, also for reads.
//
// Lock waits are fair across aborts: a step whose wait timed out leaves a claim (a place in a
// FIFO queue) that survives its abort. While claims are queued, the lock goes to the oldest
// claimant (it also passes waiting writers), and steps without a claim wait. Without this, an
// archetype that takes the lock in a loop and holds it long (a Raft leader's apply loop, whose
// steps hold commitIndex through an fsync before their answers leave) re-takes it right after
// each release, before the woken waiter runs again, and the waiter (the leader's heartbeats)
// starves: its step aborts on every Timeout, for ever (a livelock; followers then elect a new
// leader). A claim whose owner does not come back lapses a few Timeouts after the lock becomes
// free (claimLapse), so a step that took another path on its retry holds the others up once, briefly.
type Shared struct {
	opts    SharedOptions
	mu      sync.Mutex // guards everything below
	readers int        // steps holding a shared lock
	writer  bool       // a step holds the exclusive lock
	wwait   int        // steps waiting for the exclusive lock (new readers wait behind them)
	value   tla.Value
	changed chan struct{} // closed (and replaced) by every commit that changes value
	freed   chan struct{} // made on demand, closed by the next change of the lock's state
	claims  []sharedClaim // handles whose lock wait timed out, oldest first
}

// claimLapse is how many Timeouts a claim outlives the lock's release: its owner's retry may
// first wait for other locks of its step (each up to one Timeout).
const claimLapse = 4

// sharedClaim is a queued handle; lapse is zero while the lock is held (its owner cannot take
// it yet), else the time after which the claim is dropped if its owner has not taken the lock.
type sharedClaim struct {
	h     *sharedHandle
	lapse time.Time
}

// free reports whether nobody holds the lock (s.mu held).
func (s *Shared) free() bool { return s.readers == 0 && !s.writer }

// headClaim drops lapsed claims and returns the oldest live one's handle (nil if none) and when
// it lapses (zero while the lock is held); when the lock is free, the oldest claim's lapse clock
// starts (s.mu held).
func (s *Shared) headClaim(now time.Time) (*sharedHandle, time.Time) {
	for len(s.claims) > 0 {
		c := &s.claims[0]
		if c.lapse.IsZero() {
			if s.free() {
				c.lapse = now.Add(claimLapse * s.opts.Timeout)
			}
			return c.h, c.lapse
		}
		if now.Before(c.lapse) {
			return c.h, c.lapse
		}
		s.claims = s.claims[1:]
	}
	return nil, time.Time{}
}

// claim queues h (once) after its lock wait timed out (s.mu held).
func (s *Shared) claim(h *sharedHandle) {
	for _, c := range s.claims {
		if c.h == h {
			return
		}
	}
	s.claims = append(s.claims, sharedClaim{h: h})
}

// unclaim drops h's claim, if any (s.mu held).
func (s *Shared) unclaim(h *sharedHandle) {
	for i, c := range s.claims {
		if c.h == h {
			s.claims = append(s.claims[:i:i], s.claims[i+1:]...)
			if len(s.claims) == 0 {
				s.claims = nil
			}
			return
		}
	}
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
	return &Shared{opts: opts, value: v, changed: make(chan struct{})}, nil
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
	excl  bool // the held lock is exclusive
	xonly bool // take exclusive locks also for reads (an upgrade timed out once)
	dirty bool
	cur   tla.Value
	wait  <-chan struct{} // what a blocked step waits for: the next change of the value it read, or the lock's release
}

// signalLocked wakes the lock's waiters (s.mu held).
func (s *Shared) signalLocked() {
	if s.freed != nil {
		close(s.freed)
		s.freed = nil
	}
}

// acquire takes the lock for a read (shared, unless xonly) or a write (exclusive, upgrading a
// held shared lock), waiting at most Timeout (or, when only another step's claim holds it back,
// until that claim is used or lapses).
func (h *sharedHandle) acquire(write bool) error {
	if h.held && (h.excl || !write) {
		return nil
	}
	s := h.s
	excl := write || h.xonly
	upgrade := h.held
	var t *time.Timer
	var deadline time.Time
	counted, fired := false, false
	for {
		s.mu.Lock()
		ok := false
		// With claims queued only the oldest claimant may take the lock (it passes waiting
		// writers); an upgrade already holds it, so claims do not stop it.
		now := time.Now()
		head, lapse := s.headClaim(now)
		mine, others := head == h, head != nil && head != h
		if deadline.IsZero() {
			deadline = now.Add(s.opts.Timeout)
		}
		if others && lapse.After(deadline) {
			// Held back only by another step's claim: wait for it to be used or to lapse (a
			// bounded wait too), not only Timeout, or a claim that is never used would make
			// every other step abort until it lapses.
			deadline = lapse
		}
		switch {
		case upgrade:
			ok = s.readers == 1 && !s.writer
			if ok {
				s.readers, s.writer = 0, true
			}
		case others:
		case excl:
			ok = s.readers == 0 && !s.writer
			if ok {
				s.writer = true
			}
		default:
			ok = !s.writer && (s.wwait == 0 || mine)
			if ok {
				s.readers++
			}
		}
		if ok {
			if mine {
				s.unclaim(h)
				s.signalLocked() // steps held back by this claim may wait for the lock itself now
			}
			if counted {
				s.wwait--
			}
			if !upgrade {
				h.held, h.dirty = true, false
				h.cur, h.wait = s.value, s.changed
			}
			h.excl = excl || upgrade
			s.mu.Unlock()
			if t != nil {
				t.Stop()
			}
			return nil
		}
		if fired {
			if d := time.Until(deadline); d > 0 { // extended meanwhile (a claim that may lapse)
				fired = false
				t.Reset(d)
			} else {
				// Timed out: the step aborts; its retry keeps its place (a claim).
				if !upgrade {
					s.claim(h) // the retry gets the lock before steps that did not wait
				}
				if counted {
					if s.wwait--; s.wwait == 0 {
						s.signalLocked() // readers held back by this writer may go on
					}
				}
				if upgrade {
					// The step aborts: drop its shared lock now (the other reader's upgrade may
					// go on), so that the rollback's release does not wake this archetype's own
					// wait below.
					s.readers--
					s.signalLocked()
					h.held, h.excl, h.dirty, h.cur = false, false, false, tla.Value{}
				}
				if s.freed == nil {
					s.freed = make(chan struct{})
				}
				h.wait = s.freed // the next change after this wait (not the one this timeout made)
				s.mu.Unlock()
				if upgrade {
					h.xonly = true
				}
				return ErrAborted
			}
		}
		if excl && !counted {
			s.wwait++
			counted = true
		}
		if s.freed == nil {
			s.freed = make(chan struct{})
		}
		ch := s.freed // taken before waiting: a change after this closes it
		h.wait = ch
		s.mu.Unlock()
		if t == nil {
			t = time.NewTimer(time.Until(deadline))
		}
		select {
		case <-ch:
		case <-t.C:
			fired = true // one more try (a claim may have lapsed), then abort
		}
	}
}

func (h *sharedHandle) release() {
	s := h.s
	s.mu.Lock()
	if h.excl {
		s.writer = false
	} else {
		s.readers--
	}
	_, _ = s.headClaim(time.Now()) // a free lock starts the oldest claim's lapse clock
	s.signalLocked()
	s.mu.Unlock()
	h.held, h.excl, h.dirty = false, false, false
	h.cur = tla.Value{}
}

func (h *sharedHandle) Read() (tla.Value, error) {
	if err := h.acquire(false); err != nil {
		return tla.Value{}, err
	}
	return h.cur, nil
}

func (h *sharedHandle) Write(v tla.Value) error {
	if err := h.acquire(true); err != nil {
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
	if s.opts.BeforePublishValue != nil {
		if err := s.opts.BeforePublishValue(h.cur); err != nil {
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
