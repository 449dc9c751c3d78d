package distsys

// Trace recording (opt-in): every committed step of an archetype instance is appended to one JSONL
// file per instance, for `veriforge mpcal validate` (PGo's TraceLink idea). A line is
//
//	{"archetype":"ALockClient","id":"ALockClient/1","self":1,"label":"enter","next":"leave",
//	 "ops":[{"op":"read","res":"net","idx":[1],"val":"granted"},...],"clock":{"ALockClient/1":3,...}}
//
// `label` is the label that ran, `next` the label the instance continues at (after a call or
// return), `ops` the resource reads and writes of the step in program order, `locals` the
// instance's archetype locals after the step (procedure locals are not logged), `clock` the
// instance's vector clock after the step: its own entry counts its steps, and
// receiving a message through a mailbox merges the sender's clock at the send. `commit` is the
// step's commit window in Unix nanoseconds (before pre-commit, after commit): the step's effects
// became visible inside it. Values are JSON:
// Booleans, integers and strings as themselves, {"model":name}, {"set":[...]}, {"fn":[[k,v],...]}.
// Recording is enabled by WithTraceDir or the environment variable VERIFORGE_TRACE_DIR; when it
// is off the runtime only tests one nil pointer per step and per resource access.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// TraceDirEnv names the environment variable that enables trace recording into a directory.
const TraceDirEnv = "VERIFORGE_TRACE_DIR"

// VClock is a vector clock: steps per archetype instance ("Archetype/self").
type VClock map[string]uint64

func (v VClock) clone() VClock {
	out := make(VClock, len(v))
	for k, n := range v {
		out[k] = n
	}
	return out
}

func (v VClock) merge(o VClock) {
	for k, n := range o {
		if n > v[k] {
			v[k] = n
		}
	}
}

// clockCarrier is implemented by resources that carry vector clocks with messages (mailboxes):
// readClocks are the clocks of the messages read in the current step, setClock is the clock
// attached to the messages written in it (called before PreCommit).
type clockCarrier interface {
	readClocks() []VClock
	setClock(VClock)
}

// WithTraceDir records this instance's committed steps into dir (created if needed), as
// VERIFORGE_TRACE_DIR does for every instance. An empty dir disables recording.
func WithTraceDir(dir string) Option { return func(c *Context) { c.traceDir = dir } }

type traceOp struct {
	Op  string      `json:"op"`
	Res string      `json:"res"`
	Idx []jsonValue `json:"idx"`
	Val jsonValue   `json:"val"`
}

type traceEvent struct {
	Archetype string     `json:"archetype"`
	ID        string     `json:"id"`
	Self      jsonValue  `json:"self"`
	Label     string     `json:"label"`
	Next      string     `json:"next"`
	Ops       []traceOp  `json:"ops"`
	Locals    jsonLocals `json:"locals"`
	Clock     VClock     `json:"clock"`
	Commit    [2]int64   `json:"commit"`
}

// jsonLocals are the instance's archetype locals after the step, sorted by name.
type jsonLocals struct {
	names []string
	vals  []tla.Value
}

func (l jsonLocals) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, n := range l.names {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(n)
		b = append(b, k...)
		b = append(b, ':')
		b = appendJSONValue(b, l.vals[i])
	}
	return append(b, '}'), nil
}

// tracer is the recorder of one instance.
type tracer struct {
	mu    sync.Mutex
	f     *os.File
	w     *bufio.Writer
	me    string
	clock VClock
	ops   []traceOp
	fused []fusedStep         // the current transaction's steps before its last (WithFusion)
	names map[Resource]string // root resource -> parameter name of the instance
	err   error
}

// traceKey names an instance in clocks and file names.
func traceKey(arch string, self tla.Value) string { return arch + "/" + self.String() }

func (c *Context) startTrace() error {
	dir := c.traceDir
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("trace: %v", err)
	}
	me := traceKey(c.rootName, c.self)
	safe := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ' ' || r == '"' || r == 0 {
			return '_'
		}
		return r
	}, me)
	f, err := os.Create(filepath.Join(dir, safe+".jsonl"))
	if err != nil {
		return fmt.Errorf("trace: %v", err)
	}
	t := &tracer{f: f, w: bufio.NewWriter(f), me: me, clock: VClock{}, names: map[Resource]string{}}
	for name, r := range c.res {
		t.names[r] = name
	}
	c.trace = t
	return nil
}

func (c *Context) closeTrace() {
	if c.trace == nil {
		return
	}
	t := c.trace
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.f != nil {
		_ = t.w.Flush()
		_ = t.f.Close()
		t.f = nil
	}
}

// traceOp logs one successful resource access of the current attempt. root is the resource the
// name is bound to before indexing (a procedure's ref parameter logs the instance's name).
func (c *Context) traceAccess(op string, name string, root Resource, idx []tla.Value, v tla.Value) {
	t := c.trace
	if n, ok := t.names[root]; ok {
		name = n
	}
	ix := make([]jsonValue, len(idx))
	for i, x := range idx {
		ix[i] = jsonValue{x}
	}
	t.ops = append(t.ops, traceOp{Op: op, Res: name, Idx: ix, Val: jsonValue{v}})
}

// traceClock computes the clock of the step about to pre-commit (own entry + 1, merged with the
// clocks of the messages it read) and hands it to the mailboxes it wrote; it returns the clock to
// keep if the step commits.
func (c *Context) traceClock() VClock {
	t := c.trace
	next := t.clock.clone()
	for _, r := range c.touched {
		if cc, ok := r.(clockCarrier); ok {
			for _, rc := range cc.readClocks() {
				next.merge(rc)
			}
		}
	}
	next[t.me] += uint64(1 + len(t.fused))
	for _, r := range c.touched {
		if cc, ok := r.(clockCarrier); ok {
			cc.setClock(next)
		}
	}
	return next
}

// traceLocals are the instance's archetype locals: their current (tentative) values, which
// after a commit are the committed ones.
func (c *Context) traceLocals() jsonLocals {
	locals := c.locals
	if len(c.stack) > 0 {
		locals = c.stack[0].locals
	}
	var jl jsonLocals
	for n := range locals {
		jl.names = append(jl.names, n)
	}
	sort.Strings(jl.names)
	for _, n := range jl.names {
		v, _ := locals[n].Read()
		jl.vals = append(jl.vals, v)
	}
	return jl
}

// fusedStep is a step of a fused transaction (WithFusion) that ran before the transaction's last:
// its event is written when the transaction commits.
type fusedStep struct {
	label, next string
	ops         []traceOp
	locals      jsonLocals
}

// traceFused records the step that just ran (c.pc, jumping to c.next) as a fused step.
func (c *Context) traceFused() {
	t := c.trace
	t.fused = append(t.fused, fusedStep{label: c.pc, next: c.next, ops: append([]traceOp(nil), t.ops...), locals: c.traceLocals()})
	t.ops = t.ops[:0]
}

// traceCommit writes the events of a committed transaction: its fused steps (each one step of
// the instance: its own clock entry counts them; they carry the clock the transaction's
// messages carry, whose reads all happened before the transaction committed) and its last step.
func (c *Context) traceCommit(label, next string, clock VClock, t0 int64) error {
	t1 := time.Now().UnixNano()
	t := c.trace
	t.clock = clock
	fused := t.fused
	t.fused = t.fused[:0]
	evs := make([]traceEvent, 0, len(fused)+1)
	for i, f := range fused {
		ck := clock.clone()
		ck[t.me] = clock[t.me] - uint64(len(fused)-i)
		evs = append(evs, traceEvent{Archetype: c.rootName, ID: t.me, Self: jsonValue{c.self}, Label: f.label, Next: f.next, Ops: f.ops, Locals: f.locals, Clock: ck, Commit: [2]int64{t0, t1}})
	}
	evs = append(evs, traceEvent{Archetype: c.rootName, ID: t.me, Self: jsonValue{c.self}, Label: label, Next: next, Ops: t.ops, Locals: c.traceLocals(), Clock: clock, Commit: [2]int64{t0, t1}})
	var b []byte
	for _, ev := range evs {
		if ev.Ops == nil {
			ev.Ops = []traceOp{}
		}
		line, err := json.Marshal(ev)
		if err != nil {
			t.ops = t.ops[:0]
			return fmt.Errorf("trace: %v", err)
		}
		b = append(append(b, line...), '\n')
	}
	t.ops = t.ops[:0]
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.f == nil {
		return nil
	}
	if _, err := t.w.Write(b); err != nil {
		return fmt.Errorf("trace: %v", err)
	}
	// one line per step reaches the file at once: a killed process leaves complete lines
	if err := t.w.Flush(); err != nil {
		return fmt.Errorf("trace: %v", err)
	}
	return nil
}

// jsonValue is a TLA+ value in the trace's JSON form.
type jsonValue struct{ v tla.Value }

func (j jsonValue) MarshalJSON() ([]byte, error) {
	var b []byte
	return appendJSONValue(b, j.v), nil
}

func appendJSONValue(b []byte, v tla.Value) []byte {
	switch v.Kind() {
	case tla.KindBool:
		return strconv.AppendBool(b, v.AsBool())
	case tla.KindInt:
		return strconv.AppendInt(b, v.AsInt(), 10)
	case tla.KindString:
		s, _ := json.Marshal(v.AsString())
		return append(b, s...)
	case tla.KindModel:
		s, _ := json.Marshal(v.String())
		b = append(b, `{"model":`...)
		b = append(b, s...)
		return append(b, '}')
	case tla.KindSet:
		b = append(b, `{"set":[`...)
		for i, e := range v.Elements() {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONValue(b, e)
		}
		return append(b, "]}"...)
	default:
		ks, vs := v.Pairs()
		b = append(b, `{"fn":[`...)
		for i := range ks {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = appendJSONValue(b, ks[i])
			b = append(b, ',')
			b = appendJSONValue(b, vs[i])
			b = append(b, ']')
		}
		return append(b, "]}"...)
	}
}
