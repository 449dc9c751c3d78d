package distsys

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// counterArch: label "inc" adds 1 to the Shared x until it is 10, then ends.
func counterArch() *Archetype {
	return &Archetype{Name: "Count", Params: []Param{{Name: "x", Ref: true}}, Entry: "inc",
		Labels: map[string]func(*Context) error{
			"inc": func(c *Context) error {
				v, err := c.Read("x")
				if err != nil {
					return err
				}
				if v.AsInt() >= 10 {
					return c.Goto(Done)
				}
				if err := c.Write("x", nil, tla.Plus(v, I(1))); err != nil {
					return err
				}
				return c.Goto("inc")
			}}}
}

func runCounter(t *testing.T, opts ...Option) (commits []int64, steps, observed int) {
	t.Helper()
	var mu sync.Mutex
	x, err := NewShared(I(0), SharedOptions{OnCommit: func(v tla.Value) {
		mu.Lock()
		commits = append(commits, v.AsInt())
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	opts = append(opts, WithResource("x", x.Handle()), WithStepObserver(func(l string) {
		if l != "inc" {
			t.Errorf("observed label %q", l)
		}
		observed++
	}))
	c := NewContext(counterArch(), I(1), opts...)
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	steps, _ = c.Stats()
	return commits, steps, observed
}

// Fused steps commit together (other archetypes see only every fourth value), and every
// fused step still counts as a step of its label.
func TestFusionCommitsConsecutiveStepsTogether(t *testing.T) {
	commits, steps, observed := runCounter(t)
	if fmt.Sprint(commits) != "[1 2 3 4 5 6 7 8 9 10]" || steps != 11 || observed != 11 {
		t.Fatalf("unfused: commits %v, steps %d, observed %d", commits, steps, observed)
	}
	commits, steps, observed = runCounter(t, WithFusion(4, "inc"))
	// transactions: inc x4 (x=4), inc x4 (x=8), inc x3 (9, 10, then the step that ends)
	if fmt.Sprint(commits) != "[4 8 10]" || steps != 11 || observed != 11 {
		t.Fatalf("fused: commits %v, steps %d, observed %d; want [4 8 10], 11, 11", commits, steps, observed)
	}
	commits, _, _ = runCounter(t, WithFusion(4, "other"))
	if len(commits) != 10 {
		t.Fatalf("fusion into a label not named must not happen: commits %v", commits)
	}
}

// A fused step that aborts rolls back the whole transaction and the first step runs alone:
// "bump" always can run, "check" waits for the flag; fusing bump into check must not keep
// bump from committing while check is blocked.
func TestFusionAbortRunsFirstStepAlone(t *testing.T) {
	arch := &Archetype{Name: "Gate", Params: []Param{{Name: "x", Ref: true}, {Name: "flag", Ref: true}}, Entry: "bump",
		Labels: map[string]func(*Context) error{
			"bump": func(c *Context) error {
				v, err := c.Read("x")
				if err != nil {
					return err
				}
				if v.AsInt() >= 3 {
					return c.Goto(Done)
				}
				if err := c.Write("x", nil, tla.Plus(v, I(1))); err != nil {
					return err
				}
				return c.Goto("check")
			},
			"check": func(c *Context) error {
				f, err := c.Read("flag")
				if err != nil {
					return err
				}
				if err := c.Await(f); err != nil {
					return err
				}
				if err := c.Write("flag", nil, tla.False); err != nil {
					return err
				}
				return c.Goto("bump")
			}}}
	var mu sync.Mutex
	var commits []int64
	x, _ := NewShared(I(0), SharedOptions{OnCommit: func(v tla.Value) {
		mu.Lock()
		commits = append(commits, v.AsInt())
		mu.Unlock()
	}})
	flag, _ := NewShared(tla.False, SharedOptions{})
	c := NewContext(arch, I(1), WithFusion(8, "check", "bump"), WithResource("x", x.Handle()),
		WithResource("flag", flag.Handle()), WithBlockedWait(20*time.Millisecond))
	done := make(chan error, 1)
	go func() { done <- c.Run() }()
	setter := flag.Handle()
	raise := func() {
		for {
			if v, err := setter.Read(); err == nil && !v.AsBool() {
				if setter.Write(tla.True) == nil && setter.Commit() == nil {
					return
				}
			}
			setter.Abort()
			time.Sleep(time.Millisecond)
		}
	}
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	got := fmt.Sprint(commits)
	mu.Unlock()
	if got != "[1]" {
		t.Fatalf("with check blocked, bump must commit alone once: commits %s", got)
	}
	for i := 0; i < 3; i++ {
		raise()
		deadline := time.Now().Add(2 * time.Second)
		for flag.Value().AsBool() && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(3 * time.Second):
		c.Stop()
		t.Fatalf("archetype did not finish; commits %v", commits)
	}
	mu.Lock()
	defer mu.Unlock()
	// bump commits alone each time (its fused check aborts), check after each raise
	if fmt.Sprint(commits) != "[1 2 3]" || x.Value().AsInt() != 3 {
		t.Fatalf("commits %v", commits)
	}
}

// A step that sends to two peers pre-commits both in parallel: both messages arrive when both
// peers are up, and neither is delivered when one peer is unreachable (the step aborts).
func TestParallelPreCommitIsAllOrNothing(t *testing.T) {
	m1, m2, addrs := tcpPair(t, TCPOptions{ReceiveTimeout: time.Second, DialTimeout: 200 * time.Millisecond})
	defer m1.Close()
	defer m2.Close()
	m3, err := ListenTCPMailboxes(I(3), "127.0.0.1:0", func(tla.Value) (string, error) { return "", fmt.Errorf("none") }, TCPOptions{ReceiveTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	addrs.Store(int64(3), m3.Addr())
	sends := 0
	arch := &Archetype{Name: "Bcast", Params: []Param{{Name: "net", Ref: true}}, Entry: "send",
		Labels: map[string]func(*Context) error{
			"send": func(c *Context) error {
				sends++
				for _, j := range []int64{2, 3} {
					if err := c.Write("net", []tla.Value{I(j)}, tla.MakeString(fmt.Sprintf("m%d", sends))); err != nil {
						return err
					}
				}
				return c.Goto(Done)
			}}}
	c := NewContext(arch, I(1), WithResource("net", m1.Resource()))
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	for _, m := range []*TCPMailboxes{m2, m3} {
		in, _ := m.Resource().Index(m.self)
		if v, err := in.Read(); err != nil || v.AsString() != "m1" {
			t.Fatalf("node %v: got %v %v", m.self, v, err)
		}
		_ = in.Commit()
	}
	// node 3 goes away: the step must abort as a whole (node 2 gets nothing readable)
	m3.Close()
	c = NewContext(arch, I(1), WithResource("net", m1.Resource()), WithBlockedWait(20*time.Millisecond))
	done := make(chan error, 1)
	go func() { done <- c.Run() }()
	time.Sleep(600 * time.Millisecond)
	c.Stop()
	<-done
	if sends < 3 {
		t.Fatalf("the step should have been retried: %d attempts", sends)
	}
	time.Sleep(50 * time.Millisecond)
	if m2.Pending() != 0 {
		t.Fatalf("a message of an aborted step reached node 2 (%d pending)", m2.Pending())
	}
}

// LateCommit: a step's messages commit after its Shared locks are released (the commit barrier
// runs without them), yet the messages of steps that read each other's writes become visible
// in the steps' order.
func TestLateCommitReleasesLocksAndKeepsOrder(t *testing.T) {
	for _, lateCommit := range []bool{false, true} {
		// one archetype: is its own lock still held while its barrier runs?
		free, barriers := lateCommitRun(t, lateCommit, 1)
		if lateCommit && free != barriers {
			t.Fatalf("LateCommit: the lock was free at %d of %d barriers, want all", free, barriers)
		}
		if !lateCommit && free != 0 {
			t.Fatalf("without LateCommit the step holds its lock through the barrier (free at %d of %d)", free, barriers)
		}
		// three archetypes: the messages come in the order of the steps
		lateCommitRun(t, lateCommit, 3)
	}
}

// lateCommitRun: k archetypes increment a Shared x to 40 and each sends the new value to node
// 2, whose mailbox must hold 1..40 in order; it returns at how many of the barriers x's lock
// was free.
func lateCommitRun(t *testing.T, lateCommit bool, k int) (free, barriers int) {
	t.Helper()
	var x *Shared
	var mu sync.Mutex
	opts := TCPOptions{ReceiveTimeout: time.Second, LateCommit: lateCommit, BeforeCommit: func() error {
		x.mu.Lock()
		isFree := !x.writer && x.readers == 0
		x.mu.Unlock()
		mu.Lock()
		barriers++
		if isFree {
			free++
		}
		n := barriers
		mu.Unlock()
		time.Sleep(time.Duration(n%3) * 300 * time.Microsecond) // uneven barriers: later steps could overtake
		return nil
	}}
	m1, m2, _ := tcpPair(t, opts)
	defer m1.Close()
	defer m2.Close()
	x, _ = NewShared(I(0), SharedOptions{Timeout: time.Second})
	const n = 40
	arch := &Archetype{Name: "Inc", Params: []Param{{Name: "x", Ref: true}, {Name: "net", Ref: true}}, Entry: "inc",
		Labels: map[string]func(*Context) error{
			"inc": func(c *Context) error {
				v, err := c.Read("x")
				if err != nil {
					return err
				}
				if v.AsInt() >= n {
					return c.Goto(Done)
				}
				if err := c.Write("x", nil, tla.Plus(v, I(1))); err != nil {
					return err
				}
				if err := c.Write("net", []tla.Value{I(2)}, tla.Plus(v, I(1))); err != nil {
					return err
				}
				return c.Goto("inc")
			}}}
	var wg sync.WaitGroup
	for i := 0; i < k; i++ {
		c := NewContext(arch, I(int64(i)), WithResource("x", x.Handle()), WithResource("net", m1.Resource()))
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.Run(); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	in, _ := m2.Resource().Index(I(2))
	for want := int64(1); want <= n; want++ {
		v, err := in.Read()
		if err != nil || v.AsInt() != want {
			t.Fatalf("LateCommit=%v, %d archetypes: message %d is %v (%v): out of the steps' order", lateCommit, k, want, v, err)
		}
	}
	_ = in.Commit()
	mu.Lock()
	defer mu.Unlock()
	return free, barriers
}

// A trace of a fused run has one event per step, with consecutive clock entries of the instance,
// and each fused step's locals as they were after it.
func TestFusionTraceHasOneEventPerStep(t *testing.T) {
	dir := t.TempDir()
	arch := counterArch()
	arch.Locals = []Local{{Name: "n", Init: func(*Context) tla.Value { return I(0) }}}
	inc := arch.Labels["inc"]
	arch.Labels = map[string]func(*Context) error{"inc": func(c *Context) error {
		c.SetLocal("n", tla.Plus(c.Local("n"), I(1)))
		return inc(c)
	}}
	x, _ := NewShared(I(0), SharedOptions{})
	c := NewContext(arch, I(1), WithFusion(4, "inc"), WithTraceDir(dir), WithResource("x", x.Handle()))
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "Count_1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 11 {
		t.Fatalf("%d events, want 11 (one per step)", len(lines))
	}
	windows := map[[2]int64]int{}
	for i, l := range lines {
		var ev struct {
			Label  string
			Locals map[string]int64
			Clock  map[string]uint64
			Commit [2]int64
		}
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatal(err)
		}
		if ev.Label != "inc" || ev.Clock["Count/1"] != uint64(i+1) || ev.Locals["n"] != int64(i+1) {
			t.Fatalf("event %d: %s", i, l)
		}
		windows[ev.Commit]++
	}
	if len(windows) != 3 {
		t.Fatalf("%d commit windows, want 3 transactions: %v", len(windows), windows)
	}
}

// Steps that send through two LateCommit mailboxes (two commit orders) commit under their locks
// holding a ticket of each order; concurrent ones neither deadlock nor lose messages.
func TestLateCommitTwoOrders(t *testing.T) {
	opts := TCPOptions{ReceiveTimeout: time.Second, LateCommit: true}
	m1, m2, addrs := tcpPair(t, opts)
	defer m1.Close()
	defer m2.Close()
	lookup := func(v tla.Value) (string, error) { a, _ := addrs.Load(v.AsInt()); return a.(string), nil }
	m3, err := ListenTCPMailboxes(I(3), "127.0.0.1:0", lookup, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer m3.Close()
	const n = 20
	arch := &Archetype{Name: "Two", Params: []Param{{Name: "a", Ref: true}, {Name: "b", Ref: true}},
		Locals: []Local{{Name: "i", Init: func(*Context) tla.Value { return I(0) }}}, Entry: "send",
		Labels: map[string]func(*Context) error{
			"send": func(c *Context) error {
				i := c.Local("i").AsInt()
				if i >= n {
					return c.Goto(Done)
				}
				for _, name := range []string{"a", "b"} {
					if err := c.Write(name, []tla.Value{I(2)}, I(i)); err != nil {
						return err
					}
				}
				c.SetLocal("i", I(i+1))
				return c.Goto("send")
			}}}
	done := make(chan error, 2)
	for k := 0; k < 2; k++ {
		a, b := m1.Resource(), m3.Resource()
		if k == 1 {
			a, b = b, a // the other archetype touches the orders the other way round
		}
		c := NewContext(arch, I(int64(k)), WithResource("a", a), WithResource("b", b))
		go func() { done <- c.Run() }()
	}
	for k := 0; k < 2; k++ {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("steps with two commit orders did not finish")
		}
	}
	time.Sleep(50 * time.Millisecond)
	if m2.Pending() != 4*n {
		t.Fatalf("%d messages delivered, want %d", m2.Pending(), 4*n)
	}
}

// WithFusionWhen's guard sees the state the step left: fusing into "inc" only while x is odd
// makes every transaction two steps (x -> x+1 -> x+2), where the bound alone would make three.
func TestFusionWhenGuardSeesTheTransactionState(t *testing.T) {
	commits, steps, observed := runCounter(t, WithFusion(3, "inc"), WithFusionWhen("inc", func(c *Context) bool {
		v, err := c.Read("x")
		return err == nil && v.AsInt()%2 == 1
	}))
	if fmt.Sprint(commits) != "[2 4 6 8 10]" || steps != 11 || observed != 11 {
		t.Fatalf("commits %v, steps %d, observed %d; want [2 4 6 8 10], 11, 11", commits, steps, observed)
	}
	commits, _, _ = runCounter(t, WithFusion(3, "inc"))
	if fmt.Sprint(commits) != "[3 6 9 10]" {
		t.Fatalf("without the guard: commits %v, want [3 6 9 10]", commits)
	}
}
