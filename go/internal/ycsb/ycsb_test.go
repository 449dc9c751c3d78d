package ycsb

import (
	"context"
	"math/rand"
	"sync"
	"testing"
	"time"
)

type memKV struct {
	mu sync.Mutex
	m  map[string]string
}

func (k *memKV) Get(key string) (string, bool, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.m[key]
	return v, ok, nil
}

func (k *memKV) Put(key, v string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.m[key] = v
	return nil
}

func TestZipfianIsSkewedAndInRange(t *testing.T) {
	const n = 1000
	z := NewZipfian(n)
	z.Scramble = false
	r := rand.New(rand.NewSource(1))
	count := make([]int, n)
	for i := 0; i < 100000; i++ {
		k := z.Next(r)
		if k < 0 || k >= n {
			t.Fatalf("draw %d out of [0, %d)", k, n)
		}
		count[k]++
	}
	top := 0
	for i := 0; i < n/10; i++ {
		top += count[i]
	}
	// theta 0.99 over 1000 items: item 0 has about 1/zeta(1000) = 13% of the mass and the first
	// 10% of the items about 70%.
	if count[0] < 10000 || count[0] > 16000 || top < 60000 || top > 80000 || count[0] <= count[1] || count[1] <= count[10] {
		t.Fatalf("not Zipfian: item0 %d, item1 %d, item10 %d, top 10%% %d", count[0], count[1], count[10], top)
	}
	z.Scramble = true
	seen := map[int]bool{}
	for i := 0; i < 1000; i++ {
		seen[z.Next(r)] = true
	}
	if seen[0] && len(seen) < 50 {
		t.Fatal("scrambling must spread the popular items")
	}
}

func TestRunMixesAndBounds(t *testing.T) {
	kv := &memKV{m: map[string]string{}}
	if err := Load(kv, 100); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"A", "B", "C", "D", "F"} {
		w := Core[name]
		res, err := Run(context.Background(), []KV{kv, kv, kv}, Options{Workload: w, Records: 100, Seed: 3, Duration: 5 * time.Second, MaxOps: 3000})
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, op := range res.Log {
			kinds[op.Kind]++
			if op.End < op.Start || op.Err {
				t.Fatalf("%s: bad op %+v", name, op)
			}
			if op.Kind == "read" && !op.Found {
				t.Fatalf("%s: loaded key %s not found", name, op.Key)
			}
		}
		reads := float64(kinds["read"])
		switch name {
		case "A":
			if f := reads / 3000; f < 0.45 || f > 0.55 || kinds["update"] == 0 {
				t.Fatalf("A: %v", kinds)
			}
		case "B":
			if f := reads / 3000; f < 0.92 || f > 0.98 {
				t.Fatalf("B: %v", kinds)
			}
		case "C":
			if kinds["read"] != 3000 {
				t.Fatalf("C: %v", kinds)
			}
		case "D":
			if kinds["insert"] == 0 || kinds["update"] != 0 {
				t.Fatalf("D: %v", kinds)
			}
		case "F":
			if kinds["rmw"] == 0 || kinds["rmw"] > kinds["read"] {
				t.Fatalf("F: %v", kinds)
			}
		}
		if res.Ops != len(res.Log) || res.P50 > res.P99 || res.Throughput <= 0 {
			t.Fatalf("%s: summary %+v", name, res.Ops)
		}
	}
	// A duration bound stops an unbounded run.
	start := time.Now()
	res, err := Run(context.Background(), []KV{kv}, Options{Workload: Core["C"], Records: 10, Duration: 50 * time.Millisecond, Warmup: 20 * time.Millisecond})
	if err != nil || time.Since(start) > 5*time.Second || res.Ops == 0 || res.Ops >= len(res.Log) {
		t.Fatalf("duration bound: %v, %d measured of %d (warm-up ops must not be measured)", err, res.Ops, len(res.Log))
	}
	if _, err := Run(context.Background(), []KV{kv}, Options{Workload: Workload{Read: 0.5}, Records: 1, Duration: time.Second}); err == nil {
		t.Fatal("proportions not summing to 1 accepted")
	}
}
