package ycsb

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func TestCheckAcceptsLinearizableAndRejectsStaleOrLost(t *testing.T) {
	loaded := []Op{{Kind: "update", Key: "k", Value: "init"}}
	base := []Op{
		{Client: 0, Kind: "update", Key: "k", Value: "a", Start: ms(1), End: ms(5)},
		{Client: 1, Kind: "read", Key: "k", Value: "init", Found: true, Start: ms(2), End: ms(3)}, // overlaps the put
		{Client: 1, Kind: "read", Key: "k", Value: "a", Found: true, Start: ms(6), End: ms(7)},
		{Client: 2, Kind: "read", Key: "z", Found: false, Start: ms(6), End: ms(7)},
		{Client: 2, Kind: "update", Key: "k", Value: "u", Err: true, Start: ms(8), End: ms(9)}, // unknown outcome
		{Client: 0, Kind: "read", Key: "k", Err: true, Start: ms(8), End: ms(20)},              // failed read: dropped
	}
	r := Check(loaded, base, []Op{{Client: 9, Kind: "read", Key: "k", Value: "a", Found: true, Start: ms(30), End: ms(31)}}, 10*time.Second)
	if !r.Ok() || r.UnknownPuts != 1 || r.FailedReads != 1 || r.AckedPuts != 1 || r.FinalReads != 1 || r.Loaded != 1 || r.Keys != 2 {
		t.Fatalf("linearizable history: %+v", r)
	}
	// The unknown put may also have taken effect.
	if r := Check(loaded, base, []Op{{Client: 9, Kind: "read", Key: "k", Value: "u", Found: true, Start: ms(30), End: ms(31)}}, 10*time.Second); !r.Ok() {
		t.Fatalf("unknown put taking effect rejected: %+v", r)
	}
	// A lost acknowledged write: the final read returns the value before it.
	lost := Check(loaded, base[:4], []Op{{Client: 9, Kind: "read", Key: "k", Value: "init", Found: true, Start: ms(30), End: ms(31)}}, 10*time.Second)
	if lost.Verdict != "NOT linearizable" {
		t.Fatalf("lost write accepted: %+v", lost)
	}
	var html bytes.Buffer
	if err := lost.Visualize(&html); err != nil || !strings.Contains(html.String(), "put(k, a)") {
		t.Fatalf("visualization: %v", err)
	}
	// A stale read after the put returned.
	stale := append(append([]Op(nil), base...), Op{Client: 3, Kind: "read", Key: "k", Value: "init", Found: true, Start: ms(10), End: ms(11)})
	if Check(loaded, stale, nil, 10*time.Second).Ok() {
		t.Fatal("stale read accepted")
	}
	// A read of a value never written; a read of a loaded key as missing.
	if Check(loaded, append(base[:1:1], Op{Client: 3, Kind: "read", Key: "k", Value: "b", Found: true, Start: ms(10), End: ms(11)}), nil, 0).Ok() {
		t.Fatal("phantom read accepted")
	}
	if Check(loaded, []Op{{Client: 3, Kind: "read", Key: "k", Start: ms(1), End: ms(2)}}, nil, 0).Ok() {
		t.Fatal("loaded record read as missing accepted")
	}
}

// flakyKV fails every 25th put after (maybe) applying it, like a store whose answer was lost.
type flakyKV struct {
	*memKV
	mu sync.Mutex
	n  int
}

func (f *flakyKV) Put(k, v string) error {
	f.mu.Lock()
	f.n++
	n := f.n
	f.mu.Unlock()
	if n%25 == 0 {
		if n%50 == 0 {
			_ = f.memKV.Put(k, v)
		}
		return errors.New("timeout")
	}
	return f.memKV.Put(k, v)
}

// A real run against an in-memory store (with failures of unknown outcome) checks as
// linearizable end to end, with final reads; its timeline covers its successful operations.
func TestRunLogChecksLinearizable(t *testing.T) {
	mem := &memKV{m: map[string]string{}}
	if err := Load(mem, 50); err != nil {
		t.Fatal(err)
	}
	kv := &flakyKV{memKV: mem}
	kvs := []KV{kv, kv, kv, kv}
	for _, w := range []string{"A", "D", "F"} {
		res, err := Run(context.Background(), kvs, Options{Workload: Core[w], Records: 50, Seed: 3, Duration: time.Second, MaxOps: 600})
		if err != nil {
			t.Fatal(err)
		}
		final := FinalReads(mem, res.Start, WrittenKeys(res.Log), 99)
		r := Check(LoadedOps(50), res.Log, final, 30*time.Second)
		if !r.Ok() || r.UnknownPuts == 0 || r.FinalReads == 0 {
			t.Fatalf("workload %s: %+v", w, r)
		}
		// Re-load for the next workload (the history assumes the loaded values).
		if err := Load(mem, 50); err != nil {
			t.Fatal(err)
		}
		tl := Timeline(res.Log, 100*time.Millisecond, time.Since(res.Start))
		sum := 0
		for _, n := range tl {
			sum += n
		}
		ok := 0
		for _, op := range res.Log {
			if !op.Err {
				ok++
			}
		}
		if sum != ok {
			t.Fatalf("timeline counts %d, %d operations succeeded", sum, ok)
		}
		// Corrupt one acknowledged write's final value: the check must fail.
		for i := range final {
			if final[i].Found {
				final[i].Value = "corrupt"
				break
			}
		}
		if r := Check(LoadedOps(50), res.Log, final, 30*time.Second); r.Verdict != "NOT linearizable" {
			t.Fatalf("workload %s: corrupted final read: %+v", w, r)
		}
	}
}

func TestHistogramBinsMeasuredOps(t *testing.T) {
	log := []Op{
		{Start: ms(0), End: ms(0) + 50*time.Microsecond},   // warm-up: not counted
		{Start: ms(10), End: ms(10) + 50*time.Microsecond}, // <= 64 µs
		{Start: ms(10), End: ms(10) + 64*time.Microsecond}, // <= 64 µs
		{Start: ms(10), End: ms(10) + 65*time.Microsecond}, // <= 128 µs
		{Start: ms(10), End: ms(13)},                       // 3000 µs: <= 4096 µs
		{Start: ms(10), End: ms(90), Err: true},            // failed: not counted
	}
	h := Histogram(log, ms(5))
	want := map[int64]int{64: 2, 128: 1, 4096: 1}
	total := 0
	for _, b := range h {
		if b.Count != want[b.UpToUs] {
			t.Errorf("bucket <= %d µs: %d, want %d", b.UpToUs, b.Count, want[b.UpToUs])
		}
		total += b.Count
	}
	if total != 4 || h[len(h)-1].UpToUs != 4096 {
		t.Fatalf("histogram %+v", h)
	}
}
