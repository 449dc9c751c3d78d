package distsys

import (
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// BarrierTo waits only for the records written before its mark: a record written after the
// mark is not fsync'd by it, and Barrier still covers everything.
func TestDurableSeqBarrierToWaitsOnlyForMarkedWrites(t *testing.T) {
	d, err := OpenDurableSeq(filepath.Join(t.TempDir(), "log.seq"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.ApplyDeferred([]SeqOp{{Keep: 0, Append: []tla.Value{I(1)}}}); err != nil {
		t.Fatal(err)
	}
	mark := d.Mark()
	if err := d.BarrierTo(mark); err != nil {
		t.Fatal(err)
	}
	if d.Syncs() != 1 {
		t.Fatalf("%d fsyncs for one marked write, want 1", d.Syncs())
	}
	if err := d.ApplyDeferred([]SeqOp{{Keep: 1, Append: []tla.Value{I(2)}}}); err != nil {
		t.Fatal(err)
	}
	if err := d.BarrierTo(mark); err != nil || d.Syncs() != 1 {
		t.Fatalf("BarrierTo an already durable mark: %v, %d fsyncs; want no new fsync", err, d.Syncs())
	}
	if err := d.Barrier(); err != nil || d.Syncs() != 2 {
		t.Fatalf("Barrier after a new write: %v, %d fsyncs; want 2", err, d.Syncs())
	}
}

// countingRes counts its commits in *n (a durable log's writes, as raftkvs' plog).
type countingRes struct {
	n       *atomic.Uint64
	touched bool
}

func (r *countingRes) Read() (tla.Value, error)          { return I(int64(r.n.Load())), nil }
func (r *countingRes) Write(tla.Value) error             { r.touched = true; return nil }
func (r *countingRes) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (r *countingRes) PreCommit() error                  { return nil }
func (r *countingRes) Commit() error {
	if r.touched {
		r.n.Add(1)
	}
	r.touched = false
	return nil
}
func (r *countingRes) Abort()       { r.touched = false }
func (r *countingRes) Close() error { return nil }

// With LateCommit and BarrierMark/BarrierTo, a step's messages wait for the writes made up to
// its lock release (its own included), not for those of a step that committed while it waited
// for its barrier: two archetypes each increment x, write the log and send; the first barrier
// is held until the other step's write is done. Every barrier must be marked with exactly the
// writes of the steps up to its own (x's new value), and the full barrier is never used.
func TestLateCommitBarrierIsMarkedAtLockRelease(t *testing.T) {
	var written atomic.Uint64
	var mu sync.Mutex
	marks := map[uint64]uint64{} // mark -> writes when the barrier ran
	full := 0
	opts := TCPOptions{ReceiveTimeout: time.Second, LateCommit: true,
		BeforeCommit: func() error { mu.Lock(); full++; mu.Unlock(); return nil },
		BarrierMark:  func() uint64 { return written.Load() },
		BarrierTo: func(mark uint64) error {
			if mark == 1 { // hold the first step's barrier until the second step has written
				for deadline := time.Now().Add(2 * time.Second); written.Load() < 2 && time.Now().Before(deadline); {
					time.Sleep(time.Millisecond)
				}
			}
			mu.Lock()
			marks[mark] = written.Load()
			mu.Unlock()
			return nil
		}}
	m1, m2, _ := tcpPair(t, opts)
	defer m1.Close()
	defer m2.Close()
	x, _ := NewShared(I(0), SharedOptions{Timeout: time.Second})
	const n = 6
	arch := &Archetype{Name: "Inc", Params: []Param{{Name: "x", Ref: true}, {Name: "w", Ref: true}, {Name: "net", Ref: true}}, Entry: "inc",
		Labels: map[string]func(*Context) error{
			"inc": func(c *Context) error {
				v, err := c.Read("x")
				if err != nil {
					return err
				}
				if v.AsInt() >= n {
					return c.Goto(Done)
				}
				v = tla.Plus(v, I(1))
				if err := c.Write("x", nil, v); err != nil {
					return err
				}
				if err := c.Write("w", nil, v); err != nil {
					return err
				}
				if err := c.Write("net", []tla.Value{I(2)}, v); err != nil {
					return err
				}
				return c.Goto("inc")
			}}}
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		c := NewContext(arch, I(int64(i)), WithResource("x", x.Handle()), WithResource("w", &countingRes{n: &written}),
			WithResource("net", m1.Resource()))
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
		if v, err := in.Read(); err != nil || v.AsInt() != want {
			t.Fatalf("message %d is %v (%v): out of the steps' order", want, v, err)
		}
	}
	_ = in.Commit()
	mu.Lock()
	defer mu.Unlock()
	if full != 0 {
		t.Fatalf("the full barrier ran %d times for late commits", full)
	}
	for k := uint64(1); k <= n; k++ {
		if _, ok := marks[k]; !ok {
			t.Fatalf("barrier marks %v: want one per step, marked 1..%d (the writes up to that step)", marks, n)
		}
	}
	if marks[1] < 2 {
		t.Fatalf("the first step's barrier ran when %d writes were done; the test needs the second step's write before it", marks[1])
	}
}
