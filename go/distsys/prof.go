package distsys

// Step profiling (opt-in, for finding where a request's time goes): with the environment variable
// VERIFORGE_PROFILE set to a directory, every process appends one JSON line per committed step of
// every archetype instance to <dir>/prof-<pid>.jsonl, and one line per fsync. A step line is
//
//	{"pid":1,"a":"AServer","s":"1","l":"handleMsg","t0":..,"t1":..,"tf":..,"n":3,"blk":..,"idle":..,
//	 "exec":..,"pc":{"net":..},"cm":{"plog":..},"rw":{"net":..},"in":[{"h":"..","at":..,"r":..}],"out":[".."]}
//
// Times are Unix nanoseconds (one clock for every process of the machine); durations are
// nanoseconds. t0: the step's first attempt started (after the previous step's commit and any idle
// wait, which is "idle"); tf: the final (committed) attempt started; t1: its commit ended. n:
// attempts (n-1 aborted), blk: time Run slept blocked between attempts, exec: time in the label's
// code over all attempts (resource reads inside included), rw: time inside reads and writes per
// resource name over all attempts (a Shared lock wait, a ticker's wait, an input channel's wait),
// pc/cm: time in PreCommit/Commit per resource name (a mailbox's round trip, an fsync), in: the
// messages the committed attempt read from mailboxes and input channels (h: FNV-64a of the
// encoded value, at: when it was queued at this process, r: when the step read it), out: the
// hashes of the messages it wrote. An fsync line is {"pid":..,"fsync":"plog","t":start,"d":..}.
// `profreport` (go/internal/profreport) joins the files into per-request hop times.
// When the variable is unset the runtime tests one nil pointer per step and per resource access.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// ProfileDirEnv names the environment variable that enables step profiling into a directory.
const ProfileDirEnv = "VERIFORGE_PROFILE"

type profiler struct {
	mu  sync.Mutex
	w   *bufio.Writer
	f   *os.File
	pid int
}

// profP is the process's profiler; nil when profiling is off.
var profP atomic.Pointer[profiler]

func init() {
	if p := openProfiler(os.Getenv(ProfileDirEnv)); p != nil {
		profP.Store(p)
	}
}

func curProf() *profiler { return profP.Load() }

func openProfiler(dir string) *profiler {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "distsys: %s: %v (profiling off)\n", ProfileDirEnv, err)
		return nil
	}
	pid := os.Getpid()
	f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("prof-%d.jsonl", pid)), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		fmt.Fprintf(os.Stderr, "distsys: %s: %v (profiling off)\n", ProfileDirEnv, err)
		return nil
	}
	p := &profiler{w: bufio.NewWriterSize(f, 1<<16), f: f, pid: pid}
	go func() { // flushed often: the bench SIGKILLs its servers
		for {
			time.Sleep(50 * time.Millisecond)
			p.flush()
		}
	}()
	return p
}

func (p *profiler) flush() {
	p.mu.Lock()
	p.w.Flush()
	p.mu.Unlock()
}

// FlushProfile writes buffered profile lines (for glue that exits normally).
func FlushProfile() {
	if p := curProf(); p != nil {
		p.flush()
	}
}

func (p *profiler) emit(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	p.mu.Lock()
	p.w.Write(b)
	p.w.WriteByte('\n')
	p.mu.Unlock()
}

type profFsync struct {
	Pid   int    `json:"pid"`
	Fsync string `json:"fsync"`
	T     int64  `json:"t"`
	D     int64  `json:"d"`
}

// profSync records an fsync that started at t (no-op when profiling is off).
func profSync(kind string, t time.Time) {
	if p := curProf(); p != nil {
		p.emit(profFsync{p.pid, kind, t.UnixNano(), int64(time.Since(t))})
	}
}

func profNow() int64 {
	if curProf() == nil {
		return 0
	}
	return time.Now().UnixNano()
}

// ProfIn is one message a step read: its hash, when it was queued here, when the step read it.
type ProfIn struct {
	H  string `json:"h"`
	At int64  `json:"at"`
	R  int64  `json:"r"`
}

// ProfStep is the record of the step being run, one JSON line per committed step in the profile
// files (see the package comment above); go/internal/profreport reads the same type.
type ProfStep struct {
	Pid   int              `json:"pid"`
	A     string           `json:"a"`
	S     string           `json:"s"`
	L     string           `json:"l"`
	T0    int64            `json:"t0"`
	Tf    int64            `json:"tf"`
	T1    int64            `json:"t1"`
	N     int              `json:"n"`
	Blk   int64            `json:"blk"`
	Idle  int64            `json:"idle"`
	Exec  int64            `json:"exec"`
	Pc    map[string]int64 `json:"pc,omitempty"`
	Cm    map[string]int64 `json:"cm,omitempty"`
	Rw    map[string]int64 `json:"rw,omitempty"`
	In    []ProfIn         `json:"in,omitempty"`
	Out   []string         `json:"out,omitempty"`
	names map[Resource]string
}

// messageResource marks resources whose values are messages (mailboxes, channels): the profiler
// hashes the values read from and written to them, to follow a request across processes.
type messageResource interface{ profArrival() int64 }

func profHash(v tla.Value) string {
	h := fnv.New64a()
	h.Write(tla.Encode(nil, v))
	return fmt.Sprintf("%016x", h.Sum64())
}

func (c *Context) profStart() {
	if c.pst == nil {
		pr := curProf()
		if pr == nil {
			return
		}
		c.pst = &ProfStep{Pid: pr.pid, names: map[Resource]string{}}
	}
	p := c.pst
	p.A, p.S, p.L = c.arch.Name, c.self.String(), c.pc
	p.T0 = time.Now().UnixNano()
	p.N, p.Blk, p.Exec = 0, 0, 0
	p.Pc, p.Cm, p.Rw = nil, nil, nil
}

func (c *Context) profAttempt() {
	c.pst.N++
	c.pst.Tf = time.Now().UnixNano()
	c.pst.In, c.pst.Out = c.pst.In[:0], c.pst.Out[:0]
}

func addDur(m *map[string]int64, k string, d int64) {
	if *m == nil {
		*m = map[string]int64{}
	}
	(*m)[k] += d
}

func (c *Context) profAccess(name string, r Resource, t0 int64, v *tla.Value, write bool) {
	p := c.pst
	now := time.Now().UnixNano()
	addDur(&p.Rw, name, now-t0)
	p.names[r] = name
	if v == nil {
		return
	}
	if m, ok := r.(messageResource); ok {
		if write {
			p.Out = append(p.Out, profHash(*v))
		} else {
			p.In = append(p.In, ProfIn{H: profHash(*v), At: m.profArrival(), R: now})
		}
	}
}

func (c *Context) profName(r Resource) string {
	if n, ok := c.pst.names[r]; ok {
		return n
	}
	return "local"
}

func (c *Context) profCommitted(idleBefore int64) {
	p := c.pst
	p.T1 = time.Now().UnixNano()
	p.Idle = idleBefore
	if pr := curProf(); pr != nil {
		pr.emit(p)
	}
}

type profMark struct {
	Pid  int    `json:"pid"`
	Mark string `json:"mark"`
	S    string `json:"s"`
	T    int64  `json:"t"`
}

// ProfileMark records a glue event (e.g. a client call handed in or returned) of the archetype
// instance self, for profreport; a no-op when profiling is off.
func ProfileMark(mark string, self tla.Value) {
	if p := curProf(); p != nil {
		p.emit(profMark{p.pid, mark, self.String(), time.Now().UnixNano()})
	}
}
