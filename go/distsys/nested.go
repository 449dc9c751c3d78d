package distsys

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Nested archetypes (PGo's resources.NewNested): a resource implemented by one or more archetypes,
// so that a resource can itself be written, and model checked, in MPCal. The implementing
// archetypes read requests from a channel and answer each on another; every operation of the
// resource interface is one request, answered in order:
//
//	Read       [tpe |-> READ_REQ]                  -> [tpe |-> READ_ACK, value |-> v] or [tpe |-> ABORTED]
//	Write(v)   [tpe |-> WRITE_REQ, value |-> v]    -> [tpe |-> WRITE_ACK]               or [tpe |-> ABORTED]
//	PreCommit  [tpe |-> PRECOMMIT_REQ]             -> [tpe |-> PRECOMMIT_ACK]           or [tpe |-> ABORTED]
//	Commit     [tpe |-> COMMIT_REQ]                -> [tpe |-> COMMIT_ACK]
//	Abort      [tpe |-> ABORT_REQ]                 -> [tpe |-> ABORT_ACK]
//
// ABORTED aborts the using archetype's step (which then sends ABORT_REQ, like every abort of a
// step that touched the resource). Read, Write and PreCommit give up after the timeout and abort
// the step too; the late answer is discarded before the next request (the implementation answers
// requests in order). Commit and Abort wait as long as it takes. If an implementing archetype
// stops (a failed assert, say), every later operation fails with its error. The protocol's tags
// are the constants NestedProtocol adds (READ_REQ, ..., ABORTED); their values are strings.
type Nested struct {
	ctxs    []*Context
	req     chan tla.Value
	ack     chan tla.Value
	timeout time.Duration

	stale int // answers still owed for requests that timed out

	errs    chan error
	stopped chan struct{}
	mu      sync.Mutex
	err     error // the first failure of an implementing archetype
}

// NestedTags are the protocol's constants and their values.
var NestedTags = []string{"READ_REQ", "WRITE_REQ", "ABORT_REQ", "PRECOMMIT_REQ", "COMMIT_REQ",
	"READ_ACK", "WRITE_ACK", "ABORT_ACK", "PRECOMMIT_ACK", "COMMIT_ACK", "ABORTED"}

func nestedTag(name string) tla.Value { return tla.MakeString(name) }

// NestedProtocol returns k with the protocol's constants added (k may be nil), for the
// implementing archetypes' contexts.
func NestedProtocol(k *Constants) *Constants {
	out := &Constants{Values: map[string]tla.Value{}, Ops: map[string]func(args ...tla.Value) tla.Value{}}
	if k != nil {
		for n, v := range k.Values {
			out.Values[n] = v
		}
		for n, f := range k.Ops {
			out.Ops[n] = f
		}
	}
	for _, n := range NestedTags {
		out.Values[n] = nestedTag(n)
	}
	return out
}

// ErrNestedStopped is returned once an implementing archetype has stopped.
var ErrNestedStopped = errors.New("distsys: nested archetype stopped")

// NewNested starts the archetypes build returns; they must read requests from requests (bind it
// with InputChannel) and send answers on acks (OutputChannel). timeout bounds the wait for an
// answer to Read, Write and PreCommit (0: 100 ms).
func NewNested(timeout time.Duration, build func(requests <-chan tla.Value, acks chan<- tla.Value) []*Context) *Nested {
	if timeout <= 0 {
		timeout = 100 * time.Millisecond
	}
	n := &Nested{req: make(chan tla.Value), ack: make(chan tla.Value, 1), timeout: timeout, stopped: make(chan struct{})}
	n.ctxs = build(n.req, n.ack)
	n.errs = make(chan error, len(n.ctxs))
	for _, c := range n.ctxs {
		c := c
		go func() {
			err := c.Run()
			if err != nil && !errors.Is(err, ErrStopped) {
				err = fmt.Errorf("nested archetype %s (self = %v): %w", c.arch.Name, c.self, err)
			}
			n.mu.Lock()
			if n.err == nil {
				n.err = err
				if n.err == nil {
					n.err = ErrNestedStopped
				}
				close(n.stopped)
			}
			n.mu.Unlock()
			n.errs <- err
		}()
	}
	return n
}

func (n *Nested) failure() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.err
}

// call sends a request and returns its answer. With bounded, it gives up after the timeout
// (ErrAborted). Stale answers of earlier timed-out requests are discarded first.
func (n *Nested) call(bounded bool, tpe string, fields ...tla.Field) (tla.Value, error) {
	for n.stale > 0 {
		select {
		case <-n.ack:
			n.stale--
		case <-n.stopped:
			return tla.Value{}, n.failure()
		}
	}
	var timeout <-chan time.Time
	if bounded {
		t := time.NewTimer(n.timeout)
		defer t.Stop()
		timeout = t.C
	}
	req := tla.MakeRecord(append(fields, tla.Field{Name: "tpe", Value: nestedTag(tpe)})...)
	select {
	case n.req <- req:
	case <-n.stopped:
		return tla.Value{}, n.failure()
	case <-timeout:
		return tla.Value{}, ErrAborted
	}
	select {
	case a := <-n.ack:
		return a, nil
	case <-n.stopped:
		return tla.Value{}, n.failure()
	case <-timeout:
		n.stale++
		return tla.Value{}, ErrAborted
	}
}

// expect checks an answer's tag: want, or ABORTED where allowed (-> ErrAborted).
func expect(a tla.Value, want string, abortable bool) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("distsys: nested archetype answered %v, not a [tpe |-> ...] record", a)
		}
	}()
	tpe := tla.Dot(a, "tpe")
	if abortable && tpe.Equal(nestedTag("ABORTED")) {
		return ErrAborted
	}
	if !tpe.Equal(nestedTag(want)) {
		return fmt.Errorf("distsys: nested archetype answered %v, want tpe %s", a, want)
	}
	return nil
}

func (n *Nested) Read() (tla.Value, error) {
	a, err := n.call(true, "READ_REQ")
	if err != nil {
		return tla.Value{}, err
	}
	if err := expect(a, "READ_ACK", true); err != nil {
		return tla.Value{}, err
	}
	var v tla.Value
	err = func() (err error) {
		defer func() {
			if recover() != nil {
				err = fmt.Errorf("distsys: nested archetype's READ_ACK %v has no value", a)
			}
		}()
		v = tla.Dot(a, "value")
		return nil
	}()
	return v, err
}

func (n *Nested) Write(v tla.Value) error {
	a, err := n.call(true, "WRITE_REQ", tla.Field{Name: "value", Value: v})
	if err != nil {
		return err
	}
	return expect(a, "WRITE_ACK", true)
}

func (n *Nested) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }

func (n *Nested) PreCommit() error {
	a, err := n.call(true, "PRECOMMIT_REQ")
	if err != nil {
		return err
	}
	return expect(a, "PRECOMMIT_ACK", true)
}

func (n *Nested) Commit() error {
	a, err := n.call(false, "COMMIT_REQ")
	if err != nil {
		return err
	}
	return expect(a, "COMMIT_ACK", false)
}

// Abort cannot report a failure; the next operation does (the implementation has stopped, or
// answered out of protocol, which stops it here too).
func (n *Nested) Abort() {
	a, err := n.call(false, "ABORT_REQ")
	if err == nil {
		err = expect(a, "ABORT_ACK", false)
	}
	if err != nil {
		n.mu.Lock()
		if n.err == nil {
			n.err = err
			close(n.stopped)
		}
		n.mu.Unlock()
	}
}

// Close stops the implementing archetypes and returns the first error one of them stopped with.
func (n *Nested) Close() error {
	for _, c := range n.ctxs {
		c.Stop()
	}
	var first error
	for range n.ctxs {
		if err := <-n.errs; err != nil && !errors.Is(err, ErrStopped) && first == nil {
			first = err
		}
	}
	return first
}
