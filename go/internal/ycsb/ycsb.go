// Package ycsb is a YCSB-style load generator for key-value stores (issue 14): the core workloads
// A (50/50 read/update), B (95/5), C (read only), D (read latest, 5% inserts) and F (read-modify-
// write), Zipfian, uniform and latest key choice, concurrent clients, warm-up, a bounded duration
// and operation count, per-operation latencies and a log of every operation (invoke and return
// times, key, value) for linearizability checking. A store is plugged in through KV.
//
// check.go checks a run's log for linearizability (porcupine) and makes the throughput-over-time
// series. bench/raftkv drives our Raft KV and etcd with it.
package ycsb

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand"
	"sort"
	"sync"
	"time"
)

// KV is one client connection to the store under test (used by one goroutine at a time).
type KV interface {
	Get(key string) (value string, found bool, err error)
	Put(key, value string) error
}

// Workload is an operation mix and a key distribution.
type Workload struct {
	Name                          string
	Read, Update, Insert, ReadMod float64 // proportions, summing to 1
	Dist                          string  // "zipfian", "uniform" or "latest"
}

// Core are YCSB's core workloads (E, scans, is not supported by a get/put store).
var Core = map[string]Workload{
	"A": {Name: "A", Read: 0.5, Update: 0.5, Dist: "zipfian"},
	"B": {Name: "B", Read: 0.95, Update: 0.05, Dist: "zipfian"},
	"C": {Name: "C", Read: 1, Dist: "zipfian"},
	"D": {Name: "D", Read: 0.95, Insert: 0.05, Dist: "latest"},
	"F": {Name: "F", Read: 0.5, ReadMod: 0.5, Dist: "zipfian"},
}

// Options bound a run: it stops after Duration (plus Warmup) or MaxOps operations, whichever is
// first; operations that start during the warm-up are logged but not measured.
type Options struct {
	Workload Workload
	Records  int   // keys "user0".."user<Records-1>" are loaded before the run
	Seed     int64 // per-client generators derive from it
	Warmup   time.Duration
	Duration time.Duration
	MaxOps   int // 0: no limit
}

// Op is one logged operation. Kind is "read", "update", "insert" or "rmw" (a read then an
// update, logged as two operations). Err marks an operation whose outcome is unknown.
type Op struct {
	Client     int
	Kind       string
	Key, Value string
	Found      bool
	Err        bool
	Start, End time.Duration // since the run started
}

// Result summarises a run.
type Result struct {
	Workload   string
	Clients    int
	Ops        int // measured (after warm-up), successful
	Errors     int
	Elapsed    time.Duration // measured window
	Throughput float64       // Ops per second in the measured window
	P50, P99   time.Duration
	Log        []Op
	Start      time.Time // Op times are since Start
}

// Zipfian draws integers in [0, n) with YCSB's Zipfian constant 0.99 (Gray et al.'s method, as
// YCSB's ZipfianGenerator), scrambled by a hash so that popular items are spread over the key
// space (YCSB's ScrambledZipfian) unless Scramble is false.
type Zipfian struct {
	n                        int
	theta, alpha, zetan, eta float64
	Scramble                 bool
}

// NewZipfian prepares a generator over n items.
func NewZipfian(n int) *Zipfian {
	const theta = 0.99
	z := &Zipfian{n: n, theta: theta, alpha: 1 / (1 - theta), Scramble: true}
	for i := 1; i <= n; i++ {
		z.zetan += 1 / math.Pow(float64(i), theta)
	}
	zeta2 := 1 + 1/math.Pow(2, theta)
	z.eta = (1 - math.Pow(2/float64(n), 1-theta)) / (1 - zeta2/z.zetan)
	return z
}

func (z *Zipfian) rank(r *rand.Rand) int {
	u := r.Float64()
	uz := u * z.zetan
	if uz < 1 {
		return 0
	}
	if uz < 1+math.Pow(0.5, z.theta) {
		return 1
	}
	k := int(float64(z.n) * math.Pow(z.eta*u-z.eta+1, z.alpha))
	if k >= z.n {
		k = z.n - 1
	}
	return k
}

// Next draws an item.
func (z *Zipfian) Next(r *rand.Rand) int {
	k := z.rank(r)
	if !z.Scramble {
		return k
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d", k)
	return int(h.Sum64() % uint64(z.n))
}

// Key is the name of record i.
func Key(i int) string { return fmt.Sprintf("user%d", i) }

// Load puts the initial records through kv.
func Load(kv KV, records int) error {
	for i := 0; i < records; i++ {
		if err := kv.Put(Key(i), fmt.Sprintf("init%d", i)); err != nil {
			return fmt.Errorf("load %s: %w", Key(i), err)
		}
	}
	return nil
}

// Run drives one goroutine per KV until the options' bounds or ctx end it.
func Run(ctx context.Context, kvs []KV, o Options) (Result, error) {
	w := o.Workload
	if s := w.Read + w.Update + w.Insert + w.ReadMod; math.Abs(s-1) > 1e-9 {
		return Result{}, fmt.Errorf("workload %s: proportions sum to %v, not 1", w.Name, s)
	}
	if o.Records <= 0 || len(kvs) == 0 || o.Duration <= 0 {
		return Result{}, errors.New("ycsb: need records > 0, at least one client and a duration")
	}
	start := time.Now()
	deadline := start.Add(o.Warmup + o.Duration)
	var mu sync.Mutex
	var log []Op
	inserted := o.Records // next key to insert (workload D)
	// Reads choose among keys whose inserts were acknowledged, up to the first gap (YCSB's
	// acknowledged counter): the "latest" keys are just below ackedTop.
	ackedTop, acked := o.Records, map[int]bool{}
	started := 0
	zipf := NewZipfian(o.Records)
	latest := NewZipfian(o.Records)
	latest.Scramble = false
	var wg sync.WaitGroup
	for ci, kv := range kvs {
		ci, kv := ci, kv
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewSource(o.Seed + int64(ci)*7919))
			seq := 0
			for ctx.Err() == nil && time.Now().Before(deadline) {
				mu.Lock()
				if o.MaxOps > 0 && started >= o.MaxOps {
					mu.Unlock()
					return
				}
				started++
				top := ackedTop
				mu.Unlock()
				var key int
				switch w.Dist {
				case "uniform":
					key = r.Intn(top)
				case "latest":
					key = top - 1 - latest.Next(r)%top
				default:
					key = zipf.Next(r)
				}
				seq++
				val := fmt.Sprintf("c%d-%d", ci, seq)
				p := r.Float64()
				var ops []Op
				switch {
				case p < w.Read:
					ops = []Op{read(kv, start, ci, Key(key))}
				case p < w.Read+w.Update:
					ops = []Op{write(kv, start, ci, "update", Key(key), val)}
				case p < w.Read+w.Update+w.Insert:
					mu.Lock()
					k := inserted
					inserted++
					mu.Unlock()
					op := write(kv, start, ci, "insert", Key(k), val)
					ops = []Op{op}
					if !op.Err {
						mu.Lock()
						for acked[k] = true; acked[ackedTop]; ackedTop++ {
							delete(acked, ackedTop)
						}
						mu.Unlock()
					}
				default:
					rd := read(kv, start, ci, Key(key))
					ops = []Op{rd}
					if !rd.Err {
						wr := write(kv, start, ci, "rmw", Key(key), val)
						ops = append(ops, wr)
					}
				}
				mu.Lock()
				log = append(log, ops...)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res := summarise(w.Name, len(kvs), log, o.Warmup, time.Since(start))
	res.Start = start
	return res, nil
}

func read(kv KV, t0 time.Time, ci int, key string) Op {
	op := Op{Client: ci, Kind: "read", Key: key, Start: time.Since(t0)}
	v, found, err := kv.Get(key)
	op.End, op.Value, op.Found, op.Err = time.Since(t0), v, found, err != nil
	return op
}

func write(kv KV, t0 time.Time, ci int, kind, key, val string) Op {
	op := Op{Client: ci, Kind: kind, Key: key, Value: val, Start: time.Since(t0)}
	err := kv.Put(key, val)
	op.End, op.Err = time.Since(t0), err != nil
	return op
}

func summarise(name string, clients int, log []Op, warmup, total time.Duration) Result {
	res := Result{Workload: name, Clients: clients, Log: log}
	var lats []time.Duration
	for _, op := range log {
		if op.Err {
			res.Errors++
			continue
		}
		if op.Start < warmup {
			continue
		}
		res.Ops++
		lats = append(lats, op.End-op.Start)
	}
	res.Elapsed = total - warmup
	if res.Elapsed > 0 {
		res.Throughput = float64(res.Ops) / res.Elapsed.Seconds()
	}
	sort.Slice(lats, func(i, j int) bool { return lats[i] < lats[j] })
	if len(lats) > 0 {
		res.P50 = lats[len(lats)/2]
		res.P99 = lats[(len(lats)*99)/100]
	}
	return res
}
