package distsys

import (
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// DefaultReceiveTimeout is kept for configurations: a mailbox read no longer waits inside the
// step (an empty mailbox aborts it at once and Run blocks until a message arrives).
const DefaultReceiveTimeout = 50 * time.Millisecond

// msg is a queued value with the vector clock of its send (nil unless traces are recorded).
type msg struct {
	v  tla.Value
	vc VClock
	at int64 // when it was queued (Unix ns), only while profiling (prof.go)
}

func plain(vs []tla.Value) []msg {
	out := make([]msg, len(vs))
	for i, v := range vs {
		out[i] = msg{v: v}
	}
	return out
}

// queue is a FIFO of values with blocking pop. Its notification channels are made on demand
// and closed (then forgotten) by the next change: signal by any change (push, pushFront, pop),
// arrived only by a push (a new value from a sender; not the values an aborted read returns).
type queue struct {
	mu      sync.Mutex
	items   []msg
	signal  chan struct{}
	arrived chan struct{}
}

func newQueue() *queue { return &queue{} }

func (q *queue) changedLocked() {
	if q.signal != nil {
		close(q.signal)
		q.signal = nil
	}
}

func (q *queue) signalLocked() chan struct{} {
	if q.signal == nil {
		q.signal = make(chan struct{})
	}
	return q.signal
}

// changed is closed at the next change of the queue (its length, for netLen-style readers).
func (q *queue) changed() <-chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.signalLocked()
}

func (q *queue) push(vs ...msg) {
	if len(vs) == 0 {
		return // no change: wakes nobody
	}
	if curProf() != nil {
		now := profNow()
		for i := range vs {
			vs[i].at = now
		}
	}
	q.mu.Lock()
	q.items = append(q.items, vs...)
	q.changedLocked()
	if q.arrived != nil {
		close(q.arrived)
		q.arrived = nil
	}
	q.mu.Unlock()
}

func (q *queue) pushFront(vs []msg) {
	if len(vs) == 0 {
		return
	}
	q.mu.Lock()
	q.items = append(append([]msg(nil), vs...), q.items...)
	q.changedLocked()
	q.mu.Unlock()
}

// tryPop takes the first item without waiting; when there is none it returns a channel closed by
// the next push.
func (q *queue) tryPop() (msg, bool, <-chan struct{}) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) > 0 {
		v := q.items[0]
		q.items = q.items[1:]
		q.changedLocked()
		return v, true, nil
	}
	if q.arrived == nil {
		q.arrived = make(chan struct{})
	}
	return msg{}, false, q.arrived
}

// emptyWait returns nil when the queue holds an item, else a channel closed by the next push.
func (q *queue) emptyWait() <-chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) > 0 {
		return nil
	}
	if q.arrived == nil {
		q.arrived = make(chan struct{})
	}
	return q.arrived
}

func (q *queue) len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

// pop waits up to timeout for an item.
func (q *queue) pop(timeout time.Duration) (msg, bool) {
	deadline := time.Now().Add(timeout)
	for {
		q.mu.Lock()
		if len(q.items) > 0 {
			v := q.items[0]
			q.items = q.items[1:]
			q.changedLocked()
			q.mu.Unlock()
			return v, true
		}
		sig := q.signalLocked()
		q.mu.Unlock()
		left := time.Until(deadline)
		if left <= 0 {
			return msg{}, false
		}
		t := time.NewTimer(left)
		select {
		case <-sig:
		case <-t.C:
		}
		t.Stop()
	}
}

// receiver is the reading end of a mailbox: messages read in a step go back to the front of the
// queue, in order, if the step aborts. Writes to it (a process messaging itself) are delivered on
// commit. A read of an empty mailbox aborts the step at once, without waiting inside it (where
// the step may hold other resources' locks, or an `either` branch would keep the others waiting);
// Run then blocks until a message arrives (Notifier). timeout is only kept for InputChannel.
type receiver struct {
	q       *queue
	timeout time.Duration
	mu      sync.Mutex
	taken   []msg
	sent    []tla.Value
	vc      VClock
	wait    <-chan struct{} // after an empty read: closed by the next message
}

// profArrival is when the message the last read took was queued (prof.go).
func (r *receiver) profArrival() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.taken) == 0 {
		return 0
	}
	return r.taken[len(r.taken)-1].at
}

func (r *receiver) Read() (tla.Value, error) {
	m, ok, wait := r.q.tryPop()
	r.mu.Lock()
	defer r.mu.Unlock()
	if !ok {
		r.wait = wait
		return tla.Value{}, ErrAborted
	}
	r.taken = append(r.taken, m)
	return m.v, nil
}

// Changed is closed by the next message after an empty read (nil when the step read none empty:
// its messages come back at the front, so only its other resources can change its outcome).
func (r *receiver) Changed() <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.wait
}
func (r *receiver) Write(v tla.Value) error {
	r.mu.Lock()
	r.sent = append(r.sent, v)
	r.mu.Unlock()
	return nil
}
func (r *receiver) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (r *receiver) PreCommit() error                  { return nil }
func (r *receiver) Commit() error {
	r.mu.Lock()
	r.taken, r.wait = nil, nil
	sent := r.sent
	vc := r.vc
	r.sent, r.vc = nil, nil
	r.mu.Unlock()
	ms := plain(sent)
	for i := range ms {
		ms[i].vc = vc
	}
	r.q.push(ms...)
	return nil
}
func (r *receiver) Abort() {
	r.mu.Lock()
	taken := r.taken
	r.taken, r.sent, r.vc, r.wait = nil, nil, nil, nil
	r.mu.Unlock()
	r.q.pushFront(taken)
}
func (r *receiver) Close() error { return nil }
func (r *receiver) readClocks() []VClock {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []VClock
	for _, m := range r.taken {
		if m.vc != nil {
			out = append(out, m.vc)
		}
	}
	return out
}
func (r *receiver) setClock(vc VClock) {
	r.mu.Lock()
	r.vc = vc
	r.mu.Unlock()
}

// sender is the writing end of a mailbox: values written in a step are delivered on commit.
type sender struct {
	mu        sync.Mutex
	buf       []tla.Value
	vc        VClock
	precommit func() error
	deliver   func([]msg) error
}

func (s *sender) profArrival() int64 { return 0 }

func (s *sender) Read() (tla.Value, error) { return tla.Value{}, ErrNotReadable }
func (s *sender) Write(v tla.Value) error {
	s.mu.Lock()
	s.buf = append(s.buf, v)
	s.mu.Unlock()
	return nil
}
func (s *sender) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (s *sender) PreCommit() error {
	s.mu.Lock()
	n := len(s.buf)
	s.mu.Unlock()
	if n == 0 || s.precommit == nil {
		return nil
	}
	return s.precommit()
}
func (s *sender) Commit() error {
	s.mu.Lock()
	buf := s.buf
	vc := s.vc
	s.buf, s.vc = nil, nil
	s.mu.Unlock()
	if len(buf) == 0 {
		return nil
	}
	ms := plain(buf)
	for i := range ms {
		ms[i].vc = vc
	}
	return s.deliver(ms)
}
func (s *sender) Abort() {
	s.mu.Lock()
	s.buf, s.vc = nil, nil
	s.mu.Unlock()
}
func (s *sender) Close() error         { return nil }
func (s *sender) readClocks() []VClock { return nil }
func (s *sender) setClock(vc VClock) {
	s.mu.Lock()
	s.vc = vc
	s.mu.Unlock()
}

// InMemoryNetwork is a set of mailboxes, one per node, inside one OS process.
type InMemoryNetwork struct {
	mu    sync.Mutex
	boxes map[string]*queue
}

// NewInMemoryNetwork returns an empty network.
func NewInMemoryNetwork() *InMemoryNetwork { return &InMemoryNetwork{boxes: map[string]*queue{}} }

func (n *InMemoryNetwork) box(id tla.Value) *queue {
	n.mu.Lock()
	defer n.mu.Unlock()
	k := string(tla.Encode(nil, id))
	q, ok := n.boxes[k]
	if !ok {
		q = newQueue()
		n.boxes[k] = q
	}
	return q
}

// Pending is the number of undelivered messages in id's mailbox.
func (n *InMemoryNetwork) Pending(id tla.Value) int { return n.box(id).len() }

// PendingChanged is closed at the next change of Pending(id) (for ReadOnlyWatch).
func (n *InMemoryNetwork) PendingChanged(id tla.Value) <-chan struct{} { return n.box(id).changed() }

// Mailboxes is the `ref net[_]` resource of node self: net[self] reads self's mailbox (an empty
// one aborts the step, which Run retries when a message arrives; timeout is unused), net[j] sends
// to j on commit.
func (n *InMemoryNetwork) Mailboxes(self tla.Value, timeout time.Duration) Resource {
	return NewIndexed(func(i tla.Value) (Resource, error) {
		if i.Equal(self) {
			return &receiver{q: n.box(self), timeout: timeout}, nil
		}
		q := n.box(i)
		return &sender{deliver: func(ms []msg) error { q.push(ms...); return nil }}, nil
	})
}

// InputChannel is a resource reading values the glue sends on ch (waiting up to timeout, then
// aborting the step); values read by an aborted step are read again by the retry.
func InputChannel(ch <-chan tla.Value, timeout time.Duration) Resource {
	q := newQueue()
	return &inputChannel{receiver: receiver{q: q, timeout: timeout}, ch: ch}
}

type inputChannel struct {
	receiver
	ch <-chan tla.Value
}

// Read waits (inside the step) up to timeout for the glue's value: a Go channel cannot signal
// readiness without being received from. Without a value the step aborts with
// ErrAbortedAfterWait and is retried at once.
func (c *inputChannel) Read() (tla.Value, error) {
	if c.q.len() == 0 {
		t := time.NewTimer(c.timeout)
		select {
		case v, ok := <-c.ch:
			if ok {
				c.q.push(msg{v: v})
			}
		case <-t.C:
		}
		t.Stop()
	}
	v, err := c.receiver.Read()
	if err != nil {
		return v, ErrAbortedAfterWait
	}
	return v, nil
}

// Changed: an input channel waits inside Read (see Read), so Run does not wait for it.
func (c *inputChannel) Changed() <-chan struct{} { return nil }
func (c *inputChannel) Write(tla.Value) error    { return ErrNotWritable }

// OutputChannel is a resource whose committed writes are sent on ch, in order.
func OutputChannel(ch chan<- tla.Value) Resource {
	return &sender{deliver: func(ms []msg) error {
		for _, m := range ms {
			ch <- m.v
		}
		return nil
	}}
}
