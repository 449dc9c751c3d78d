// Package distsys runs archetypes compiled by `veriforge mpcal gogen` with PGo's critical-section
// semantics: every label is one atomic step. During a step all reads and writes go through
// resources, which buffer them; when the label's code finishes, every resource it touched is
// pre-committed and then committed. If any read, write, await or pre-commit says "not now"
// (ErrAborted), every touched resource is rolled back and the label runs again from the start.
// A TLA+ error (a *tla.Error panic, a failed assert, a missing label) stops the archetype.
package distsys

import (
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// ErrAborted means the current critical section cannot complete now (an await is false, a
// mailbox is empty, a peer is unreachable): roll back and retry the label.
var ErrAborted = errors.New("distsys: critical section aborted")

// ErrAbortedAfterWait is ErrAborted from a resource that already waited for its timeout (an
// empty mailbox or input channel): the wait was the back-off, so the step is retried at once.
var ErrAbortedAfterWait = fmt.Errorf("%w after waiting", ErrAborted)

// Watchable is implemented by resources that can tell whether the current step left them
// unchanged, and signal their next committed change by another archetype (Changed returns nil
// when no other archetype can change them). The runtime uses it to stop a loop of steps that
// change nothing (a leader's commit-index loop with nothing to commit) from spinning: once the
// committed steps since the last change (at least two) are all idle (they touched only Watchable
// resources, left them all unchanged and touched at least one that others can change) and the
// next label is one of theirs (the idle loop closed a cycle), it waits until any value read by
// any step of the cycle changes (at most IdleWait, a safety net). Waiting on the union matters:
// the leader's commit loop reads the log in one label and only commitIndex in the next. Such
// steps are stuttering steps, so the wait only delays them.
type Watchable interface {
	Unchanged() bool
	Notifier
}

// Notifier is implemented by resources that can wake an archetype blocked on them. Changed
// returns a channel that is closed at the resource's next change after what the current step
// observed of it (the value it read, the empty mailbox it found, the lock it could not take), or
// nil when nothing but the step's own archetype can change what it observed. A step that aborts
// (an await is false, a mailbox is empty, a lock is busy) when every combination of its choices
// has been tried is not retried until one of the resources it touched has changed (see Run); a
// step that read a resource without Changed is retried after a short back-off instead.
type Notifier interface {
	Changed() <-chan struct{}
}

// IdleWait bounds the wait after idle steps (see Watchable).
const IdleWait = 100 * time.Millisecond

// DefaultBlockedWait bounds the wait of a blocked step for a change of the Notifier resources it
// touched (see Run). It is only a safety net: the wait normally ends with the change. Override
// it with WithBlockedWait.
const DefaultBlockedWait = 100 * time.Millisecond

// ErrStopped is returned by Run after Stop.
var ErrStopped = errors.New("distsys: archetype stopped")

// Done is the label an archetype jumps to when it finishes.
const Done = "Done"

// Constants are the spec's CONSTANTs: values, and operators for constants declared with
// parameters (`CONSTANT F(_, _)`).
type Constants struct {
	Values map[string]tla.Value
	Ops    map[string]func(args ...tla.Value) tla.Value
}

// Get returns a constant, panicking with a *tla.Error when the glue did not define it.
func (k *Constants) Get(name string) tla.Value {
	v, ok := k.Values[name]
	if !ok {
		panic(&tla.Error{Msg: fmt.Sprintf("constant %s is not defined", name)})
	}
	return v
}

// Apply applies a constant operator.
func (k *Constants) Apply(name string, args ...tla.Value) tla.Value {
	f, ok := k.Ops[name]
	if !ok {
		panic(&tla.Error{Msg: fmt.Sprintf("constant operator %s is not defined", name)})
	}
	return f(args...)
}

// Param describes an archetype parameter: `ref x[_]` is Ref with Indexed = 1.
type Param struct {
	Name    string
	Ref     bool
	Indexed int
}

// Local is an archetype-local variable with its initialiser.
type Local struct {
	Name string
	Init func(c *Context) tla.Value
}

// Archetype is the compiled form of an MPCal archetype.
type Archetype struct {
	Name   string
	Params []Param
	Locals []Local
	Entry  string
	Labels map[string]func(c *Context) error
}

// Option configures a Context.
type Option func(*Context)

// WithConstants supplies the spec's constants.
func WithConstants(k *Constants) Option { return func(c *Context) { c.consts = k } }

// WithResource binds a `ref` parameter.
func WithResource(name string, r Resource) Option { return func(c *Context) { c.res[name] = r } }

// WithValue binds a value (non-ref) parameter.
func WithValue(name string, v tla.Value) Option { return func(c *Context) { c.values[name] = v } }

// WithOutput redirects `print` (default os.Stdout).
func WithOutput(w io.Writer) Option { return func(c *Context) { c.out = w } }

// WithIdleWait sets the bound of the wait after an idle cycle (IdleWait).
func WithIdleWait(d time.Duration) Option { return func(c *Context) { c.idleWait = d } }

// WithBlockedWait sets the bound of a blocked step's wait for a change (DefaultBlockedWait).
func WithBlockedWait(d time.Duration) Option { return func(c *Context) { c.blockedWait = d } }

// WithEarlyBarrier makes a label whose recent steps sent through a mailbox with a commit barrier
// (TCPOptions.BeforeCommit) run that barrier before its next step takes any lock (see
// earlyBarrier). Off by default: on the Raft KV smokes it moved the leader's fsync wait out of the
// AppendEntries step's locks without lowering latency, and cost throughput at 8 clients
// (docs/mpcal.md, "Where a request's time goes").
func WithEarlyBarrier() Option { return func(c *Context) { c.early = true } }

// WithFusion lets one transaction run up to max consecutive steps of the instance (step fusion):
// when a step's code ends with a jump (no call or return) to one of labels, that label's code
// runs next in the same transaction, on the state the step left (its buffered writes, its
// locks), and all of them commit together, their messages pre-committed in parallel per peer
// (see commitAll). A committed fused transaction is k steps of this instance with no step of
// another between them, which is one of the spec's interleavings, so no behaviour is added;
// only when the steps' effects become visible changes (together, at the transaction's commit).
// When a fused step aborts (an await, an empty mailbox, a lock timeout, a failed pre-commit),
// the whole transaction is rolled back and the first step runs again alone, unfused, so
// fusion never blocks a step that could run by itself. A recorded trace has one event per
// step, fused or not (trace.go). E.g. a Raft server's apply loop, which applies one committed entry
// per step and answers its client: fused, a batch of entries is applied under one
// acquisition of the log and commit index and its answers go out in parallel.
func WithFusion(max int, labels ...string) Option {
	return func(c *Context) {
		if max < 2 || len(labels) == 0 {
			return
		}
		c.fuseMax = max
		c.fuse = map[string]bool{}
		for _, l := range labels {
			c.fuse[l] = true
		}
	}
}

// WithFusionGuard makes fusion (WithFusion) continue into label only when guard() holds at that
// moment, e.g. while a mailbox holds a message for the receiving step: a fused step that aborts
// costs the whole transaction's work, so the guard says when the step is likely to run.
// Correctness does not depend on it (an abort still rolls back and runs the first step alone).
func WithFusionGuard(label string, guard func() bool) Option {
	return func(c *Context) {
		if c.guards == nil {
			c.guards = map[string]func() bool{}
		}
		c.guards[label] = guard
	}
}

// WithFusionWhen is WithFusionGuard with access to the transaction's state: guard(c) runs after
// the step that would continue into label, so c.Local reads the values that step left (e.g. a
// loop index, to fuse only the iterations that send nothing).
func WithFusionWhen(label string, guard func(c *Context) bool) Option {
	return func(c *Context) {
		if c.guardsCtx == nil {
			c.guardsCtx = map[string]func(*Context) bool{}
		}
		c.guardsCtx[label] = guard
	}
}

// WithStepObserver is called after every committed step with the label that ran.
func WithStepObserver(f func(label string)) Option { return func(c *Context) { c.observe = f } }

// Context is one running archetype instance.
type Context struct {
	arch      *Archetype
	self      tla.Value
	consts    *Constants
	values    map[string]tla.Value
	res       map[string]Resource
	locals    map[string]*LocalResource
	touched   []Resource
	seen      map[Resource]bool
	pc        string
	next      string
	fair      map[int]int // per-site rotation of the first option tried
	trail     []int       // option index per choice point of the current label's attempts
	sizes     []int
	cpos      int
	usedSites []int
	out       io.Writer
	observe   func(string)

	// step fusion (WithFusion): the labels a step may continue into within its transaction, the
	// bound, the labels the current transaction already ran (before c.pc), and whether the
	// current step must run alone (its fused transaction aborted)
	fuse      map[string]bool
	fuseMax   int
	chain     []string
	chainCpos int
	noFuse    bool
	txPicks   map[int]int // option picked per choice site in the current transaction
	lastOK    map[int]int // option picked per choice site by the last committed transaction
	guards    map[string]func() bool
	guardsCtx map[string]func(*Context) bool

	// procedure frames: the callers' state (the current frame is arch/locals/res/values/ret)
	stack   []frame
	ret     string
	pending *pendingJump

	// idle steps since the last step that changed something (see Watchable)
	idleLabels map[string]bool
	idleChans  []<-chan struct{}
	idleSteps  int

	// blocking (see Run): the resources read by the current attempt, and what the aborted
	// attempts since the last committed step (or the last wait) wait for
	reads       []Resource
	blockedWait time.Duration
	idleWait    time.Duration
	blockChans  []<-chan struct{}
	blockSeen   map[<-chan struct{}]bool
	blockPoll   bool // an aborted attempt read a resource that cannot notify, or failed to pre-commit
	blockWaited bool // an aborted attempt's resource waited already (ErrAbortedAfterWait)
	blocks      int

	// receive-first labels (see recvFirstWait): per top-level label, the mailbox queue its code
	// reads before touching anything else; firstCpos is the number of choice points the current
	// attempt had resolved when it touched its first resource
	recvFirst map[string]*queue
	firstCpos int
	preWaits  int

	// early barriers (WithEarlyBarrier): per label, the BeforeCommit barrier one of its last
	// committed steps ran (see earlyBarrier)
	early    bool
	barriers map[string]*labelBarrier

	// step profiling (prof.go): nil when off
	pst      *ProfStep
	profMu   sync.Mutex
	fresh    bool // the next attempt is a new step's first
	profIdle int64

	// trace recording (trace.go): nil when off
	traceDir string
	trace    *tracer
	rootName string

	stopOnce   sync.Once
	stop       chan struct{}
	mu         sync.Mutex
	steps      int
	aborts     int
	fusedSteps int
}

type frame struct {
	code   *Archetype
	locals map[string]*LocalResource
	res    map[string]Resource
	values map[string]tla.Value
	ret    string
}

type pendingJump struct {
	call *frame // nil for a return
	tail bool
}

// Arg is an argument of an MPCal procedure call: a resource for `ref x`, else a value.
type Arg struct {
	Ref   Resource
	Value tla.Value
}

// Ref is the resource behind `ref name` (a local or a ref parameter), to pass to a procedure.
func (c *Context) Ref(name string) Resource {
	if l, ok := c.locals[name]; ok {
		return l
	}
	if r, ok := c.res[name]; ok {
		return r
	}
	panic(&tla.Error{Msg: fmt.Sprintf("%s: `ref %s` is neither a local nor a resource", c.arch.Name, name)})
}

func (c *Context) newFrame(p *Archetype, args []Arg) *frame {
	if p == nil || len(args) != len(p.Params) {
		panic(&tla.Error{Msg: fmt.Sprintf("%s: bad procedure call", c.arch.Name)})
	}
	f := &frame{code: p, locals: map[string]*LocalResource{}, res: map[string]Resource{}, values: map[string]tla.Value{}}
	for i, prm := range p.Params {
		if prm.Ref {
			if args[i].Ref == nil {
				panic(&tla.Error{Msg: fmt.Sprintf("procedure %s: parameter %s needs a resource", p.Name, prm.Name)})
			}
			f.res[prm.Name] = args[i].Ref
		} else {
			f.values[prm.Name] = args[i].Value
		}
	}
	return f
}

// Call ends the step with a call of procedure p, which returns to label ret. The call happens
// when the step commits.
func (c *Context) Call(p *Archetype, ret string, args ...Arg) error {
	f := c.newFrame(p, args)
	f.ret = ret
	c.pending = &pendingJump{call: f}
	c.next = p.Entry
	return nil
}

// TailCall ends the step with `call p(...); return`: p replaces the current procedure and
// returns where it would have.
func (c *Context) TailCall(p *Archetype, args ...Arg) error {
	if len(c.stack) == 0 {
		return fmt.Errorf("archetype %s: `return` outside a procedure", c.arch.Name)
	}
	c.pending = &pendingJump{call: c.newFrame(p, args), tail: true}
	c.next = p.Entry
	return nil
}

// Return ends the step with a return from the current procedure.
func (c *Context) Return() error {
	if len(c.stack) == 0 {
		return fmt.Errorf("archetype %s: `return` outside a procedure", c.arch.Name)
	}
	c.pending = &pendingJump{}
	c.next = c.ret
	return nil
}

// applyJump performs a committed call or return.
func (c *Context) applyJump() error {
	j := c.pending
	c.pending = nil
	if j.call == nil {
		top := c.stack[len(c.stack)-1]
		c.stack = c.stack[:len(c.stack)-1]
		c.pc = c.ret
		c.arch, c.locals, c.res, c.values, c.ret = top.code, top.locals, top.res, top.values, top.ret
		return nil
	}
	f := j.call
	if j.tail {
		f.ret = c.ret
	} else {
		c.stack = append(c.stack, frame{code: c.arch, locals: c.locals, res: c.res, values: c.values, ret: c.ret})
	}
	c.arch, c.locals, c.res, c.values, c.ret = f.code, f.locals, f.res, f.values, f.ret
	c.pc = f.code.Entry
	return c.initLocals()
}

func (c *Context) initLocals() error {
	init := func(c *Context) error {
		for _, l := range c.arch.Locals {
			c.locals[l.Name] = NewLocal(tla.DefaultInit)
			if l.Init != nil {
				c.SetLocal(l.Name, l.Init(c))
			}
		}
		return nil
	}
	if err := c.runLabel(init); err != nil {
		c.abortAll()
		return err
	}
	return c.commitAll()
}

// NewContext prepares an instance of arch with the given `self`.
func NewContext(arch *Archetype, self tla.Value, opts ...Option) *Context {
	c := &Context{arch: arch, self: self, consts: &Constants{}, values: map[string]tla.Value{}, res: map[string]Resource{},
		locals: map[string]*LocalResource{}, seen: map[Resource]bool{}, fair: map[int]int{}, out: os.Stdout, stop: make(chan struct{}),
		rootName: arch.Name, traceDir: os.Getenv(TraceDirEnv),
		blockedWait: DefaultBlockedWait, idleWait: IdleWait, blockSeen: map[<-chan struct{}]bool{}}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Self is the instance's `self`.
func (c *Context) Self() tla.Value { return c.self }

// Consts are the constants (generated definitions take them as their first argument).
func (c *Context) Consts() *Constants { return c.consts }

// Stop asks Run to return ErrStopped before its next step.
func (c *Context) Stop() { c.stopOnce.Do(func() { close(c.stop) }) }

// Stats reports committed steps and aborted attempts so far.
func (c *Context) Stats() (steps, aborts int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.steps, c.aborts
}

// FusedSteps reports how many committed steps ran in the transaction of a step before them
// (WithFusion).
func (c *Context) FusedSteps() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.fusedSteps
}

// Name is the archetype's name.
func (c *Context) Name() string { return c.rootName }

// PreWaits reports how many times a step that starts with a receive waited, before it started,
// for a message in its empty mailbox (see recvFirstWait) instead of running and aborting.
func (c *Context) PreWaits() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.preWaits
}

// Blocks reports how many times the archetype has waited with every combination of choices of a
// step aborted (see Run).
func (c *Context) Blocks() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.blocks
}

// LocalValue is the committed value of an archetype local (for glue and tests; not safe to call
// while Run is executing a procedure).
func (c *Context) LocalValue(name string) (tla.Value, bool) {
	locals := c.locals
	if len(c.stack) > 0 {
		locals = c.stack[0].locals
	}
	l, ok := locals[name]
	if !ok {
		return tla.Value{}, false
	}
	return l.Value(), true
}

func (c *Context) touch(r Resource) {
	if !c.seen[r] {
		if len(c.touched) == 0 {
			c.firstCpos = c.cpos
		}
		c.seen[r] = true
		c.touched = append(c.touched, r)
	}
}

// Value returns a value parameter.
func (c *Context) Value(name string) tla.Value {
	v, ok := c.values[name]
	if !ok {
		panic(&tla.Error{Msg: fmt.Sprintf("archetype %s: value parameter %s is not bound", c.arch.Name, name)})
	}
	return v
}

// Local reads an archetype local (never aborts).
func (c *Context) Local(name string) tla.Value {
	l := c.locals[name]
	c.touch(l)
	v, _ := l.Read()
	return v
}

// SetLocal writes an archetype local.
func (c *Context) SetLocal(name string, v tla.Value) {
	l := c.locals[name]
	c.touch(l)
	_ = l.Write(v)
}

func (c *Context) resource(name string, idx []tla.Value) (Resource, Resource, error) {
	root, ok := c.res[name]
	if !ok {
		return nil, nil, fmt.Errorf("archetype %s: resource %s is not bound", c.arch.Name, name)
	}
	r := root
	for _, i := range idx {
		var err error
		if r, err = r.Index(i); err != nil {
			return nil, nil, err
		}
	}
	c.touch(r)
	return root, r, nil
}

// Read reads the resource bound to `ref name`, indexed by idx for `ref name[_]...`.
func (c *Context) Read(name string, idx ...tla.Value) (tla.Value, error) {
	root, r, err := c.resource(name, idx)
	if err != nil {
		return tla.Value{}, err
	}
	c.reads = append(c.reads, r)
	if c.pst != nil {
		t0 := profNow()
		v, err := r.Read()
		if err == nil {
			c.profAccess(name, r, t0, &v, false)
		} else {
			c.profAccess(name, r, t0, nil, false)
		}
		if err == nil && c.trace != nil {
			c.traceAccess("read", name, root, idx, v)
		}
		return v, err
	}
	v, err := r.Read()
	if err == nil && c.trace != nil {
		c.traceAccess("read", name, root, idx, v)
	}
	return v, err
}

// Write writes the resource bound to `ref name`, indexed by idx.
func (c *Context) Write(name string, idx []tla.Value, v tla.Value) error {
	root, r, err := c.resource(name, idx)
	if err != nil {
		return err
	}
	if c.pst != nil {
		t0 := profNow()
		err = r.Write(v)
		if err == nil {
			c.profAccess(name, r, t0, &v, true)
		}
	} else {
		err = r.Write(v)
	}
	if err == nil && c.trace != nil {
		c.traceAccess("write", name, root, idx, v)
	}
	return err
}

// Goto ends the step, continuing at label.
func (c *Context) Goto(label string) error {
	c.next = label
	return nil
}

// Await aborts the step unless cond holds.
func (c *Context) Await(cond tla.Value) error {
	if !cond.AsBool() {
		return ErrAborted
	}
	return nil
}

// Fair picks one of the n branches of the `either` at site. See choose.
func (c *Context) Fair(site, n int) int { return c.choose(site, n) }

// ChooseFair picks an element of s for `with (x \in s)` at site (see choose); an empty set
// aborts the step (PlusCal's `with` over {} blocks).
func (c *Context) ChooseFair(site int, s tla.Value) (tla.Value, error) {
	es := s.Elements()
	if len(es) == 0 {
		return tla.Value{}, ErrAborted
	}
	return es[c.choose(site, len(es))], nil
}

// choose resolves a non-deterministic choice point. Within one label, the retries after aborts
// enumerate every combination of the choices the attempt makes (an odometer over the choice
// points, last one fastest), so a combination that lets the step complete is found after at most
// the product of the choice sizes attempts. Across committed steps each site's starting option
// rotates, so a choice made again and again takes every option in turn (PGo's fairness).
func (c *Context) choose(site, n int) int {
	k := c.cpos
	if k < len(c.trail) {
		c.sizes[k] = n
		if c.trail[k] >= n {
			c.trail[k] = 0
		}
	} else {
		c.trail = append(c.trail, 0)
		c.sizes = append(c.sizes, n)
	}
	c.cpos++
	c.usedSites = append(c.usedSites, site)
	base := c.fair[site]
	if len(c.chain) > 0 {
		// A fused step (WithFusion) starts where the transaction's earlier steps at this site
		// succeeded (e.g. a send, not the alternative that waits for a failure detector): its
		// abort would roll the whole transaction back.
		if o, ok := c.txPicks[site]; ok {
			base = o
		} else if o, ok := c.lastOK[site]; ok {
			base = o // the option this site's last committed step took
		}
	}
	o := (base + c.trail[k]) % n
	if c.fuse != nil {
		if c.txPicks == nil {
			c.txPicks = map[int]int{}
		}
		c.txPicks[site] = o
	}
	return o
}

// nextCombination advances the odometer after an aborted attempt; it reports whether every
// combination has been tried (the odometer wrapped around).
func (c *Context) nextCombination() bool {
	c.trail, c.sizes = c.trail[:c.cpos], c.sizes[:c.cpos]
	for len(c.trail) > 0 {
		i := len(c.trail) - 1
		c.trail[i]++
		if c.trail[i] < c.sizes[i] {
			break
		}
		c.trail, c.sizes = c.trail[:i], c.sizes[:i]
	}
	c.cpos, c.usedSites = 0, c.usedSites[:0]
	return len(c.trail) == 0
}

// committedChoices rotates the sites a committed step used and starts the next label afresh.
func (c *Context) committedChoices() {
	for _, s := range c.usedSites {
		c.fair[s]++
	}
	if c.fuse != nil {
		if c.lastOK == nil {
			c.lastOK = map[int]int{}
		}
		for s, o := range c.txPicks {
			c.lastOK[s] = o
		}
	}
	c.trail, c.sizes, c.cpos, c.usedSites = c.trail[:0], c.sizes[:0], 0, c.usedSites[:0]
}

// Print implements `print`.
func (c *Context) Print(v tla.Value) { fmt.Fprintln(c.out, v.String()) }

// AssertionError is returned by Run when an assert fails.
type AssertionError struct {
	Archetype, Label, Msg string
	Self                  tla.Value
}

func (e *AssertionError) Error() string {
	return fmt.Sprintf("archetype %s (self = %v), label %s: assertion failed: %s", e.Archetype, e.Self, e.Label, e.Msg)
}

// Assert returns an *AssertionError unless cond holds.
func (c *Context) Assert(cond tla.Value, msg string) error {
	if cond.AsBool() {
		return nil
	}
	return &AssertionError{Archetype: c.arch.Name, Label: c.pc, Msg: msg, Self: c.self}
}

func (c *Context) abortAll() {
	for i := len(c.touched) - 1; i >= 0; i-- {
		c.touched[i].Abort()
	}
	c.touched, c.seen = c.touched[:0], map[Resource]bool{}
	c.reads = c.reads[:0]
}

// commitAll pre-commits every touched resource, then commits them; a failed pre-commit aborts.
// Resources with a late commit order (TCPOptions.LateCommit) commit after the step's locks are
// released, in ticket order (see lateCommitter).
func (c *Context) commitAll() error {
	var late []Resource
	var order *commitOrder
	var deferred map[Resource]bool
	var mixed []*commitOrder // the orders of a step whose messages go through several (or some without one)
	for _, r := range c.touched {
		if l, ok := r.(lateCommitter); ok {
			o, deferPre := l.lateOrder()
			if o == nil || (order != nil && o != order) {
				mixed = c.lateOrders()
				late, order, deferred = nil, nil, nil
				break
			}
			order = o
			late = append(late, r)
			if deferPre {
				if deferred == nil {
					deferred = map[Resource]bool{}
				}
				deferred[r] = true
			}
		}
	}
	if err := c.preCommitAll(deferred); err != nil {
		c.abortAll()
		return err
	}
	if len(mixed) > 0 {
		// Messages through several ordered mailboxes: commit under the locks (as without
		// LateCommit), after every earlier ticket of each order, holding a ticket of each.
		tickets := takeTickets(mixed)
		for i, o := range mixed {
			o.wait(tickets[i])
		}
		defer func() {
			for i, o := range mixed {
				o.done(tickets[i])
			}
		}()
	}
	var first error
	for _, r := range c.touched {
		if order != nil {
			if _, ok := r.(lateCommitter); ok {
				continue
			}
		}
		if err := c.commitOne(r); err != nil && first == nil {
			first = err
		}
	}
	if order == nil {
		return c.commitRelease(first)
	}
	ticket := order.take1()
	for _, r := range late {
		if m, ok := r.(lateMarker); ok {
			m.markLate() // under the locks: the writes serialised before this step
		}
	}
	first = c.commitRelease(first)
	defer order.done(ticket)
	if len(deferred) > 0 {
		if err := c.preCommitGroups(late, func(r Resource) bool { return deferred[r] }); err != nil {
			// cannot happen (deferred pre-commits drop their messages instead of failing);
			// roll back what is left rather than commit it
			for _, r := range late {
				r.Abort()
			}
			if first == nil {
				first = err
			}
			return first
		}
	}
	order.wait(ticket)
	for _, r := range late {
		if err := c.commitOne(r); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// commitOne commits r (keeping a lockHolder's lock until commitRelease), timed for the profile.
func (c *Context) commitOne(r Resource) error {
	var t0 int64
	if c.pst != nil {
		t0 = profNow()
	}
	var err error
	if l, ok := r.(lockHolder); ok {
		err = l.commitHolding()
	} else {
		err = r.Commit()
	}
	if c.pst != nil {
		c.profMu.Lock()
		addDur(&c.pst.Cm, c.profName(r), profNow()-t0)
		c.profMu.Unlock()
	}
	return err
}

// lateCommitter is a resource that may commit after the step's locks are released (a message
// resource with TCPOptions.LateCommit): its process's commit order, and whether its pre-commit
// may be deferred too (it cannot abort the step).
type lateCommitter interface {
	lateOrder() (o *commitOrder, deferPre bool)
}

// lateMarker is a late committer whose commit barrier is narrowed to the writes made before
// the step released its locks (TCPOptions.BarrierMark).
type lateMarker interface{ markLate() }

// commitOrder hands out tickets in the order steps release their locks and lets the late
// commits run in that order.
type commitOrder struct {
	mu   sync.Mutex
	cond *sync.Cond
	next uint64 // the next ticket to hand out
	cur  uint64 // the ticket whose commits may run
	fin  map[uint64]bool
}

// ticketMu makes taking tickets of several orders atomic (takeTickets), so that every two steps
// hold their tickets of all orders in the same relative order (no waiting in a cycle).
var ticketMu sync.Mutex

func (o *commitOrder) take1() uint64 {
	ticketMu.Lock()
	defer ticketMu.Unlock()
	return o.take()
}

func (o *commitOrder) take() uint64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	t := o.next
	o.next++
	return t
}

func takeTickets(os []*commitOrder) []uint64 {
	ticketMu.Lock()
	defer ticketMu.Unlock()
	ts := make([]uint64, len(os))
	for i, o := range os {
		ts[i] = o.take()
	}
	return ts
}

// lateOrders are the distinct commit orders of the step's late committers.
func (c *Context) lateOrders() []*commitOrder {
	var os []*commitOrder
	for _, r := range c.touched {
		if l, ok := r.(lateCommitter); ok {
			if o, _ := l.lateOrder(); o != nil {
				dup := false
				for _, p := range os {
					dup = dup || p == o
				}
				if !dup {
					os = append(os, o)
				}
			}
		}
	}
	return os
}

func (o *commitOrder) wait(t uint64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cond == nil {
		o.cond = sync.NewCond(&o.mu)
	}
	for o.cur != t {
		o.cond.Wait()
	}
}

func (o *commitOrder) done(t uint64) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cond == nil {
		o.cond = sync.NewCond(&o.mu)
	}
	if o.fin == nil {
		o.fin = map[uint64]bool{}
	}
	o.fin[t] = true
	for o.fin[o.cur] {
		delete(o.fin, o.cur)
		o.cur++
	}
	o.cond.Broadcast()
}

// parallelPreCommitter is a resource whose PreCommit may run at the same time as those of
// resources with another key (a message resource: its key is the connection to its peer).
type parallelPreCommitter interface{ preCommitKey() any }

// preCommitAll pre-commits every touched resource. When the step sends to two or more peers
// (e.g. a fused Raft apply loop answering several clients, see WithFusion), the messages' data
// frames go out in parallel, one goroutine per peer (each peer's frames in touch order), after
// the other resources' pre-commits in touch order; nothing of the step is visible before its
// commit, so the order of pre-commits does not matter, only that all succeed. Otherwise the
// resources are pre-committed one by one in touch order.
func (c *Context) preCommitAll(skip map[Resource]bool) error {
	return c.preCommitGroups(c.touched, func(r Resource) bool { return !skip[r] })
}

// preCommitGroups pre-commits the resources of rs that pick selects (see preCommitAll).
func (c *Context) preCommitGroups(rs []Resource, pick func(Resource) bool) error {
	var groups [][]Resource
	var keys map[any]int
	for _, r := range rs {
		if !pick(r) {
			continue
		}
		if p, ok := r.(parallelPreCommitter); ok {
			if keys == nil {
				keys = map[any]int{}
			}
			k := p.preCommitKey()
			i, ok := keys[k]
			if !ok {
				i = len(groups)
				keys[k] = i
				groups = append(groups, nil)
			}
			groups[i] = append(groups[i], r)
		}
	}
	if len(groups) < 2 {
		for _, r := range rs {
			if !pick(r) {
				continue
			}
			if err := c.preCommitOne(r, nil); err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range rs {
		if _, ok := r.(parallelPreCommitter); !ok && pick(r) {
			if err := c.preCommitOne(r, nil); err != nil {
				return err
			}
		}
	}
	errs := make([]error, len(groups))
	durs := make([][]int64, len(groups))
	var wg sync.WaitGroup
	for i := range groups {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			durs[i] = make([]int64, len(groups[i]))
			for j, r := range groups[i] {
				if errs[i] = c.preCommitOne(r, &durs[i][j]); errs[i] != nil {
					return
				}
			}
		}(i)
	}
	wg.Wait()
	if c.pst != nil {
		c.profMu.Lock()
		for i, g := range groups {
			for j, r := range g {
				addDur(&c.pst.Pc, c.profName(r), durs[i][j])
			}
		}
		c.profMu.Unlock()
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// preCommitOne pre-commits r, timing it for the step profile (into *dur when given, else
// directly into the profile).
func (c *Context) preCommitOne(r Resource, dur *int64) error {
	if c.pst == nil {
		return r.PreCommit()
	}
	t0 := profNow()
	err := r.PreCommit()
	if dur != nil {
		*dur = profNow() - t0
	} else {
		c.profMu.Lock()
		addDur(&c.pst.Pc, c.profName(r), profNow()-t0)
		c.profMu.Unlock()
	}
	return err
}

func (c *Context) commitRelease(first error) error {
	for _, r := range c.touched {
		if l, ok := r.(lockHolder); ok {
			l.unlock()
		}
	}
	c.touched, c.seen = c.touched[:0], map[Resource]bool{}
	c.reads = c.reads[:0]
	return first
}

// lockHolder is a resource that holds a lock during a step (a Shared handle): commitAll commits
// every touched resource in touch order (a durable value is saved before a later message goes
// out) and releases the locks only after all of them committed, so that no other archetype
// acts on the step's effects before its messages are visible (strict two-phase locking; with a
// BeforeCommit barrier a message can wait for an fsync, and a lock released earlier would let a
// later step's message to the same node overtake it).
type lockHolder interface {
	commitHolding() error
	unlock()
}

// noteBlocked records, before an aborted attempt is rolled back, what could let it complete: a
// change of a touched Notifier resource. A read resource that cannot notify makes the wait a
// short back-off (polling) instead.
func (c *Context) noteBlocked(err error) {
	if errors.Is(err, ErrAbortedAfterWait) {
		c.blockWaited = true
	}
	for _, r := range c.touched {
		if n, ok := r.(Notifier); ok {
			if ch := n.Changed(); ch != nil && !c.blockSeen[ch] {
				c.blockSeen[ch] = true
				c.blockChans = append(c.blockChans, ch)
			}
		}
	}
	for _, r := range c.reads {
		if _, ok := r.(Notifier); !ok {
			c.blockPoll = true
		}
	}
}

func (c *Context) clearBlocked() {
	c.blockChans = c.blockChans[:0]
	for ch := range c.blockSeen {
		delete(c.blockSeen, ch)
	}
	c.blockPoll, c.blockWaited = false, false
}

// waitBlocked waits until one of the recorded changes happens, Stop is called or d passes; it
// reports false after Stop.
func (c *Context) waitBlocked(d time.Duration) bool {
	c.mu.Lock()
	c.blocks++
	c.mu.Unlock()
	if c.pst != nil {
		t0 := profNow()
		defer func() { c.pst.Blk += profNow() - t0 }()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	if len(c.blockChans) == 1 {
		select {
		case <-c.stop:
			return false
		case <-t.C:
		case <-c.blockChans[0]:
		}
		return true
	}
	cases := make([]reflect.SelectCase, 0, len(c.blockChans)+2)
	cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c.stop)},
		reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(t.C)})
	for _, ch := range c.blockChans {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ch)})
	}
	i, _, _ := reflect.Select(cases)
	return i != 0
}

// noteIdle records a committed step (c.pc) for idle-loop detection: an idle step adds its label
// and the channels of what it read; a step that is not idle ends the idle run.
func (c *Context) noteIdle(idle bool, waits []<-chan struct{}, label string) {
	if !idle {
		c.resetIdle()
		return
	}
	if c.idleLabels == nil {
		c.idleLabels = map[string]bool{}
	}
	c.idleLabels[label] = true
	c.idleChans = append(c.idleChans, waits...)
	c.idleSteps++
}

// fuseNext reports whether the step that just ran (its code ended with a jump to c.next) may
// continue into c.next within its transaction (WithFusion).
func (c *Context) fuseNext() bool {
	if c.fuse == nil || c.noFuse || c.pending != nil || !c.fuse[c.next] ||
		len(c.chain)+1 >= c.fuseMax {
		return false
	}
	if _, ok := c.arch.Labels[c.next]; !ok {
		return false
	}
	if g := c.guards[c.next]; g != nil && !g() {
		return false
	}
	if g := c.guardsCtx[c.next]; g != nil && !g(c) {
		return false
	}
	select {
	case <-c.stop:
		return false
	default:
		return true
	}
}

// unfuse sets up the retry of an aborted fused transaction: its first step, alone, with the
// choices it made in the transaction (the fused steps' choices are forgotten).
func (c *Context) unfuse() {
	if c.trace != nil {
		c.trace.fused = c.trace.fused[:0]
	}
	c.pc = c.chain[0]
	c.chain = c.chain[:0]
	c.noFuse = true
	c.trail, c.sizes = c.trail[:c.chainCpos], c.sizes[:c.chainCpos]
	c.cpos, c.usedSites = 0, c.usedSites[:0]
}

// idleCycle reports whether the idle steps since the last change have closed a cycle (the next
// label, c.pc, ran among them) of at least two steps: running the cycle again changes nothing
// until one of the values its steps read changes, so Run waits for any of them.
func (c *Context) idleCycle() bool { return c.idleSteps >= 2 && c.idleLabels[c.pc] }

func (c *Context) resetIdle() {
	for l := range c.idleLabels {
		delete(c.idleLabels, l)
	}
	c.idleChans, c.idleSteps = c.idleChans[:0], 0
}

// idleStep reports whether the step about to commit changes nothing (see Watchable), with the
// channels that signal a change of what it read.
func (c *Context) idleStep() (bool, []<-chan struct{}) {
	var waits []<-chan struct{}
	for _, r := range c.touched {
		w, ok := r.(Watchable)
		if !ok || !w.Unchanged() {
			return false, nil
		}
		if ch := w.Changed(); ch != nil {
			waits = append(waits, ch)
		}
	}
	return len(waits) > 0, waits
}

func (c *Context) waitChange(waits []<-chan struct{}) {
	cases := make([]reflect.SelectCase, 0, len(waits)+2)
	t := time.NewTimer(c.idleWait)
	defer t.Stop()
	cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c.stop)},
		reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(t.C)})
	for _, ch := range waits {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ch)})
	}
	reflect.Select(cases)
}

func (c *Context) runLabel(f func(*Context) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if te, ok := r.(*tla.Error); ok {
				err = fmt.Errorf("archetype %s (self = %v), label %s: %w", c.arch.Name, c.self, c.pc, te)
				return
			}
			panic(r)
		}
	}()
	return f(c)
}

// Run executes the archetype until it reaches Done (nil), Stop is called (ErrStopped) or a fatal
// error occurs.
func (c *Context) Run() error {
	for _, p := range c.arch.Params {
		if p.Ref {
			if _, ok := c.res[p.Name]; !ok {
				return fmt.Errorf("archetype %s: resource parameter %s is not bound", c.arch.Name, p.Name)
			}
		} else if _, ok := c.values[p.Name]; !ok {
			return fmt.Errorf("archetype %s: value parameter %s is not bound", c.arch.Name, p.Name)
		}
	}
	c.pc = c.arch.Entry
	if err := c.startTrace(); err != nil {
		return err
	}
	defer c.closeTrace()
	if err := c.initLocals(); err != nil {
		return err
	}
	backoff := time.Duration(0)
	c.fresh = true
	for {
		select {
		case <-c.stop:
			c.abortAll()
			return ErrStopped
		default:
		}
		if c.pc == Done {
			return nil
		}
		f, ok := c.arch.Labels[c.pc]
		if !ok {
			return fmt.Errorf("archetype %s: no label %s", c.arch.Name, c.pc)
		}
		c.next = ""
		c.pending = nil
		for k := range c.txPicks {
			delete(c.txPicks, k)
		}
		if c.trace != nil {
			c.trace.ops = c.trace.ops[:0]
		}
		var pt0 int64
		if c.fresh {
			c.fresh = false
			if curProf() != nil {
				c.profStart()
			}
			if q := c.recvFirst[c.pc]; q != nil && len(c.stack) == 0 {
				if !c.recvFirstWait(q) {
					c.abortAll()
					return ErrStopped
				}
			}
			if b := c.barriers[c.pc]; b != nil {
				c.earlyBarrier(b.f)
			}
		}
		if c.pst != nil {
			c.profAttempt()
			pt0 = profNow()
		}
		err := c.runLabel(f)
		for err == nil && c.fuseNext() {
			if len(c.chain) == 0 {
				c.chainCpos = c.cpos
			}
			c.chain = append(c.chain, c.pc)
			if c.trace != nil {
				c.traceFused()
			}
			c.pc, c.next = c.next, ""
			err = c.runLabel(c.arch.Labels[c.pc])
		}
		if c.pst != nil {
			c.pst.Exec += profNow() - pt0
		}
		if len(c.chain) > 0 && errors.Is(err, ErrAborted) {
			// A fused step aborted: roll the whole transaction back and run its first step
			// alone, with the choices it made (the odometer is not advanced).
			c.abortAll()
			c.unfuse()
			continue
		}
		if err == nil {
			if c.next == "" {
				c.abortAll()
				return fmt.Errorf("archetype %s: label %s ended without a jump", c.arch.Name, c.pc)
			}
			idle, waits := c.idleStep()
			if c.early {
				c.noteBarrier()
			}
			var clock VClock
			var t0 int64
			if c.trace != nil {
				clock = c.traceClock()
				t0 = time.Now().UnixNano()
			}
			fq := c.firstQueue()
			err = c.commitAll()
			if err != nil && len(c.chain) > 0 && errors.Is(err, ErrAborted) {
				c.unfuse() // a fused transaction failed to pre-commit: its first step alone
				continue
			}
			if err != nil {
				c.blockPoll = true // a failed pre-commit (an unreachable peer) cannot notify
			}
			if err == nil {
				label := c.pc
				c.clearBlocked()
				if q := c.recvFirst[label]; q != nil && len(c.chain) == 0 && fq != q {
					delete(c.recvFirst, label) // never expected: the label's start is deterministic
				}
				for _, l := range c.chain {
					c.noteIdle(idle, nil, l)
				}
				c.noteIdle(idle, waits, c.pc)
				c.mu.Lock()
				c.steps += 1 + len(c.chain)
				c.fusedSteps += len(c.chain)
				c.mu.Unlock()
				if c.observe != nil {
					for _, l := range c.chain {
						c.observe(l)
					}
					c.observe(c.pc)
				}
				c.chain, c.noFuse = c.chain[:0], false
				c.committedChoices()
				if c.pending != nil {
					if err := c.applyJump(); err != nil {
						return err
					}
				} else {
					c.pc = c.next
				}
				if c.trace != nil {
					if err := c.traceCommit(label, c.pc, clock, t0); err != nil {
						return err
					}
				}
				if c.pst != nil {
					c.profCommitted(c.profIdle)
					c.profIdle = 0
				}
				c.fresh = true
				if c.idleCycle() {
					it0 := profNow()
					c.waitChange(c.idleChans)
					c.resetIdle()
					if c.pst != nil {
						c.profIdle = profNow() - it0
					}
				}
				backoff = 0
				continue
			}
		} else {
			if errors.Is(err, ErrAborted) {
				c.noteBlocked(err)
				c.learnRecvFirst()
			}
			c.abortAll()
		}
		if !errors.Is(err, ErrAborted) {
			return err
		}
		wrapped := c.nextCombination()
		c.mu.Lock()
		c.aborts++
		c.mu.Unlock()
		if !wrapped {
			continue // try the next combination of choices at once
		}
		// Every combination aborted: the step is blocked. Sleep until something it touched
		// changes (a message arrives, a Shared value is committed or unlocked, a timer expires).
		switch {
		case c.blockWaited:
			// A resource waited already (an input channel, for its value): retry at once, so
			// a value that arrives next is taken without an extra delay.
			backoff = 0
		case c.blockPoll:
			// Something read cannot notify (or a peer was unreachable at pre-commit): a short
			// back-off that grows to 20 ms, cut short by any change that can be notified.
			if backoff < 20*time.Millisecond {
				backoff += time.Millisecond
			}
			if !c.waitBlocked(backoff) {
				return ErrStopped
			}
		default:
			if !c.waitBlocked(c.blockedWait) {
				return ErrStopped
			}
		}
		c.clearBlocked()
	}
}

// barrierStep is implemented by message resources whose commit first waits for a barrier
// (TCPOptions.BeforeCommit: the process's deferred writes become durable).
type barrierStep interface{ stepBarrier() func() error }

// noteBarrier records, before the step commits, whether it sends through a resource with a
// commit barrier (see earlyBarrier).
func (c *Context) noteBarrier() {
	var b func() error
	for _, r := range c.touched {
		if s, ok := r.(barrierStep); ok {
			if f := s.stepBarrier(); f != nil {
				b = f
				break
			}
		}
	}
	lb := c.barriers[c.pc]
	switch {
	case b != nil && lb == nil:
		if c.barriers == nil {
			c.barriers = map[string]*labelBarrier{}
		}
		c.barriers[c.pc] = &labelBarrier{f: b}
	case b != nil:
		lb.f, lb.quiet = b, 0
	case lb != nil:
		if lb.quiet++; lb.quiet >= barrierQuietSteps {
			delete(c.barriers, c.pc)
		}
	}
}

// labelBarrier is a label's early barrier and how many of its committed steps since the last
// that ran it did not (a loop over peers skips itself; a Raft server's message handler sends as a
// follower, not as a leader).
type labelBarrier struct {
	f     func() error
	quiet int
}

// barrierQuietSteps: a label stops taking the early barrier after this many committed steps
// without a barriered send.
const barrierQuietSteps = 3

// earlyBarrier runs, before a step's first attempt, the commit barrier one of the label's last
// committed steps ran: the durable writes committed before the step (by any archetype of the
// process) are then synced before the step takes its locks, not while its commit holds them
// (strict two-phase locking keeps a step's Shared locks until its messages are committed, and
// a message's commit waits for the barrier). The commit still runs the barrier, which then
// waits only for writes made since. Only a delay is added, so no behaviour changes; an error is
// ignored here (the commit's barrier reports it).
func (c *Context) earlyBarrier(b func() error) {
	if c.pst != nil {
		t0 := profNow()
		defer func() { addDur(&c.pst.Rw, "(early barrier)", profNow()-t0) }()
	}
	_ = b()
}

// Receive-first steps. A label whose code, with no choice made yet, first reads the archetype's
// own mailbox (PGo's `m := net[self]` at the top of a server loop) aborts at once when the
// mailbox is empty, and Run then waits for a message and runs it again: one aborted attempt and
// one wake-up per message received. Run learns such labels from that first abort and, from then
// on, waits for a message before starting the step (recvFirstWait), so the step runs once, when
// it can take the message. Why this adds or removes no behaviour: until its first resource
// access the label's code depends only on constants, self and value parameters (every local and
// resource it reads is touched, so nothing was touched before the receive, and no choice was
// made), so every attempt of the label starts with the same receive; an attempt that finds the
// mailbox empty aborts with no effect, and waiting instead of making it is not observable. Only
// top-level labels are learned (a procedure's value parameters differ per call).

// firstQueue is the mailbox queue of the current attempt's first touched resource when that is
// a mailbox receiver and no choice had been made before it (nil otherwise).
func (c *Context) firstQueue() *queue {
	if len(c.touched) == 0 || c.firstCpos != 0 {
		return nil
	}
	if r, ok := c.touched[0].(*receiver); ok {
		return r.q
	}
	return nil
}

// learnRecvFirst, before an aborted attempt is rolled back, records its label as receive-first
// when the attempt touched only its mailbox, before any choice, and found it empty.
func (c *Context) learnRecvFirst() {
	if len(c.chain) > 0 || len(c.stack) > 0 || len(c.touched) != 1 {
		return
	}
	q := c.firstQueue()
	if q == nil || c.touched[0].(*receiver).Changed() == nil {
		return
	}
	if c.recvFirst == nil {
		c.recvFirst = map[string]*queue{}
	}
	c.recvFirst[c.pc] = q
}

// recvFirstWait waits, before a receive-first step starts, until its mailbox holds a message (or
// Stop, reported as false, or the blocked-step safety net, after which the step simply runs).
func (c *Context) recvFirstWait(q *queue) bool {
	ch := q.emptyWait()
	if ch == nil {
		return true
	}
	c.mu.Lock()
	c.preWaits++
	c.mu.Unlock()
	if c.pst != nil {
		t0 := profNow()
		defer func() { c.pst.Blk += profNow() - t0 }()
	}
	t := time.NewTimer(c.blockedWait)
	defer t.Stop()
	select {
	case <-c.stop:
		return false
	case <-ch:
	case <-t.C:
	}
	return true
}
