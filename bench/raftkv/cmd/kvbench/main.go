// Command kvbench drives our generated Raft KV (go/systems/raftkvs) and etcd with the same
// YCSB-style load (go/internal/ycsb) on clusters it starts on loopback (issue 14).
//
//	kvbench -mode sweep -raftkvs BIN -etcd BIN -nodes 3,5 -workloads A,B,C,D,F -clients 1,2,4,8,16,32 \
//	        -reps 3 -warmup 2s -duration 10s -out runs.jsonl
//	kvbench -mode fault -fault leader|follower|partition -systems raftkvs,etcd -nodes 3 -clients 8 \
//	        -duration 15s -out faults.jsonl -checkdir DIR
//
// Sweep: for each repetition and node count, each system (their order alternates between
// repetitions) gets a fresh cluster, the records are loaded, and every workload runs at each
// client count in increasing order until throughput has fallen below 90% of the best so far
// twice (the peak has passed). One JSON line per run. With -check, each cluster's whole history
// (loaded records, every run of every workload on one time line, a final read of every written
// key) is checked with porcupine too: one "sweep-check" line per cluster.
//
// Fault: a fresh cluster (peers talk through fault-injecting proxies), workload A; at 1/3 of the
// run the leader (or a follower) is SIGKILLed, or the leader is cut from its peers; at 2/3 the node
// restarts on its data directory, or the partition heals. Then every written key is read back and
// the whole history (loaded records, the run, final reads) is checked with porcupine. One JSON line
// per run with the throughput per 100 ms, the fault's times and the checker's verdict.
//
// Everything listens on 127.0.0.1; every loop is bounded, the whole run by -maxtime; started
// processes are SIGKILLed on exit.
package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/veriforge/veriforge/go/internal/ycsb"
)

var (
	mode      = flag.String("mode", "sweep", "sweep or fault")
	fault     = flag.String("fault", "leader", "fault mode: leader, follower or partition")
	systems   = flag.String("systems", "raftkvs,etcd", "systems to run, comma-separated")
	nodesF    = flag.String("nodes", "3", "node counts, comma-separated")
	workloads = flag.String("workloads", "A", "YCSB workloads, comma-separated (A, B, C, D, F)")
	clientsF  = flag.String("clients", "1,2,4,8", "client counts to sweep, increasing")
	reps      = flag.Int("reps", 1, "repetitions")
	records   = flag.Int("records", 1000, "records loaded before the runs")
	warmup    = flag.Duration("warmup", 2*time.Second, "unmeasured start of each run")
	duration  = flag.Duration("duration", 10*time.Second, "measured part of each run")
	opTimeout = flag.Duration("optimeout", 2*time.Second, "one operation's deadline (then its outcome is unknown)")
	rkBin     = flag.String("raftkvs", "", "raftkvs server binary")
	etcdBin   = flag.String("etcd", "", "etcd binary")
	profile   = flag.String("profile", "pgo", "raftkvs timing: pgo (PGo's local-3.yaml) or slow (our test config)")
	outPath   = flag.String("out", "", "append one JSON line per run here (default stdout)")
	checkDir  = flag.String("checkdir", "", "fault mode: write each run's checker output and op log here")
	checkTime = flag.Duration("checktimeout", 5*time.Minute, "fault mode and -check: porcupine's time limit per history")
	maxTime   = flag.Duration("maxtime", 2*time.Hour, "stop everything after this")
	workDir   = flag.String("workdir", "", "data directories and server logs (default: a new temp dir, removed at exit)")
	seed      = flag.Int64("seed", 1, "random seed")
	opLogs    = flag.Bool("oplogs", false, "fault mode: save every run's op log (gzipped JSON) in -checkdir, not only of failed checks")
	persist   = flag.Bool("persist", true, "raftkvs: persist: true (fsync'd log, as etcd); false only to diagnose")
	parFsync  = flag.Bool("parallelfsync", false, "raftkvs: parallelLeaderFsync: true (the leader's log fsync runs in parallel with replication)")
	rkExtra   = flag.String("raftkvsconf", "", "raftkvs: extra config lines for every server and client, ';'-separated (e.g. \"markedBarrier: true; earlyFsync: true\"), to compare runtime options")
	checkSw   = flag.Bool("check", false, "sweep mode: check each cluster's whole history (every run, then a final read of every written key) with porcupine")
	etcdLog   = flag.String("etcdlog", "error", "etcd --log-level (its logs are in -workdir)")
)

func fatal(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "kvbench: "+format+"\n", a...)
	killAll()
	os.Exit(1)
}

func ints(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "kvbench: %q is not a list of positive integers\n", s)
			os.Exit(2)
		}
		out = append(out, n)
	}
	return out
}

func list(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

var out = struct {
	sync.Mutex
	f *os.File
}{f: os.Stdout}

func emit(v any) {
	b, _ := json.Marshal(v)
	out.Lock()
	defer out.Unlock()
	fmt.Fprintln(out.f, string(b))
}

func main() {
	flag.Parse()
	if flag.NArg() != 0 {
		fmt.Fprintf(os.Stderr, "kvbench: unexpected argument %q\n", flag.Arg(0))
		os.Exit(2)
	}
	for _, w := range list(*workloads) {
		if _, ok := ycsb.Core[w]; !ok {
			fmt.Fprintf(os.Stderr, "kvbench: workload %q is not one of A, B, C, D, F\n", w)
			os.Exit(2)
		}
	}
	sysList := list(*systems)
	for _, s := range sysList {
		if (s == "raftkvs" && *rkBin == "") || (s == "etcd" && *etcdBin == "") || (s != "raftkvs" && s != "etcd") {
			fmt.Fprintf(os.Stderr, "kvbench: system %q needs its binary (-raftkvs / -etcd) and must be raftkvs or etcd\n", s)
			os.Exit(2)
		}
	}
	if *outPath != "" {
		f, err := os.OpenFile(*outPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fatal("%v", err)
		}
		out.f = f
		defer f.Close()
	}
	dir := *workDir
	if dir == "" {
		d, err := os.MkdirTemp("", "kvbench-")
		if err != nil {
			fatal("%v", err)
		}
		dir = d
		defer os.RemoveAll(d)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		s := <-sig
		fmt.Fprintf(os.Stderr, "kvbench: %v: stopping every started process\n", s)
		killAll()
		if *workDir == "" {
			os.RemoveAll(dir)
		}
		os.Exit(1)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), *maxTime)
	defer cancel()
	go func() {
		<-ctx.Done()
		if ctx.Err() == context.DeadlineExceeded {
			fmt.Fprintf(os.Stderr, "kvbench: -maxtime %v reached\n", *maxTime)
			killAll()
			os.Exit(1)
		}
	}()
	defer killAll()
	switch *mode {
	case "sweep":
		sweep(ctx, sysList, dir)
	case "fault":
		for _, n := range ints(*nodesF) {
			for _, s := range sysList {
				faultRun(ctx, s, n, dir)
			}
		}
	default:
		fmt.Fprintf(os.Stderr, "kvbench: -mode %q is not sweep or fault\n", *mode)
		os.Exit(2)
	}
}

// flagSet sets a flag (tests).
func flagSet(k, v string) error { return flag.Set(k, v) }

var clusterSeq int

func newCluster(system string, nodes, maxClients int, proxied bool, dir string) cluster {
	clusterSeq++
	d := filepath.Join(dir, fmt.Sprintf("%s-%d-%d", system, nodes, clusterSeq))
	if err := os.MkdirAll(d, 0o755); err != nil {
		fatal("%v", err)
	}
	if system == "etcd" {
		return &etcdCluster{bin: *etcdBin, dir: d, nodes: nodes, proxied: proxied, opTimeout: *opTimeout}
	}
	return &raftCluster{bin: *rkBin, dir: d, profile: *profile, nodes: nodes, maxClients: maxClients, proxied: proxied, opTimeout: *opTimeout}
}

// load puts the records through the clients in parallel (each an interleaved share).
func load(kvs []ycsb.KV, n int) error {
	var wg sync.WaitGroup
	errs := make([]error, len(kvs))
	for ci, kv := range kvs {
		wg.Add(1)
		go func(ci int, kv ycsb.KV) {
			defer wg.Done()
			for i := ci; i < n; i += len(kvs) {
				var err error
				for try := 0; try < 5; try++ { // a load put may time out; it is idempotent
					if err = kv.Put(ycsb.Key(i), fmt.Sprintf("init%d", i)); err == nil {
						break
					}
				}
				if err != nil {
					errs[ci] = fmt.Errorf("load %s: %w", ycsb.Key(i), err)
					return
				}
			}
		}(ci, kv)
	}
	wg.Wait()
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

type runLine struct {
	Mode       string        `json:"mode"`
	System     string        `json:"system"`
	Nodes      int           `json:"nodes"`
	Workload   string        `json:"workload"`
	Clients    int           `json:"clients"`
	Rep        int           `json:"rep"`
	Ops        int           `json:"ops"`
	Errors     int           `json:"errors"`
	Seconds    float64       `json:"seconds"`
	Throughput float64       `json:"throughput"`
	P50us      int64         `json:"p50_us"`
	P99us      int64         `json:"p99_us"`
	Hist       []ycsb.Bucket `json:"latency_histogram"`
	Profile    string        `json:"raftkvs_profile,omitempty"`
	ParFsync   bool          `json:"raftkvs_parallel_fsync,omitempty"`
	TermRise   *int64        `json:"raftkvs_term_rise,omitempty"` // rise of the highest Raft term during the run (0: no election)
	When       string        `json:"when"`
}

func sweep(ctx context.Context, sysList []string, dir string) {
	cls := ints(*clientsF)
	maxC := 0
	for _, c := range cls {
		if c > maxC {
			maxC = c
		}
	}
	for rep := 1; rep <= *reps; rep++ {
		for _, nodes := range ints(*nodesF) {
			order := append([]string(nil), sysList...)
			if rep%2 == 0 {
				sort.Sort(sort.Reverse(sort.StringSlice(order)))
			}
			for _, system := range order {
				c, kvs, closeAll, err := sweepCluster(system, nodes, maxC, dir)
				if err != nil {
					// One failed cluster start (after a retry) does not end a long run: it is
					// reported, in the output too, and the next system or repetition goes on.
					fmt.Fprintf(os.Stderr, "kvbench: %s %d nodes, rep %d: %v\n", system, nodes, rep, err)
					emit(map[string]any{"mode": "sweep-error", "system": system, "nodes": nodes, "rep": rep, "error": err.Error()})
					continue
				}
				base := time.Now() // the cluster's time line: every run's operations are placed on it
				var hist []ycsb.Op
				for _, w := range list(*workloads) {
					best, drops := 0.0, 0
					for _, n := range cls {
						if ctx.Err() != nil {
							return
						}
						rc, _ := c.(*raftCluster)
						var term0 int64
						if rc != nil {
							term0 = rc.maxTerm()
						}
						res, err := ycsb.Run(ctx, kvs[:n], ycsb.Options{Workload: ycsb.Core[w], Records: *records,
							Seed: *seed + int64(rep*1000+n), Warmup: *warmup, Duration: *duration})
						if err != nil {
							fatal("%v", err)
						}
						if *checkSw {
							off := res.Start.Sub(base)
							for _, op := range res.Log {
								op.Start, op.End = op.Start+off, op.End+off
								hist = append(hist, op)
							}
						}
						l := runLine{Mode: "sweep", System: system, Nodes: nodes, Workload: w, Clients: n, Rep: rep, Ops: res.Ops,
							Errors: res.Errors, Seconds: res.Elapsed.Seconds(), Throughput: res.Throughput,
							P50us: res.P50.Microseconds(), P99us: res.P99.Microseconds(), Hist: ycsb.Histogram(res.Log, *warmup),
							When: time.Now().UTC().Format(time.RFC3339)}
						if rc != nil {
							l.Profile, l.ParFsync = *profile, *parFsync
							time.Sleep(100 * time.Millisecond) // the servers' last status lines
							d := rc.maxTerm() - term0
							l.TermRise = &d
						}
						emit(l)
						elect := ""
						if l.TermRise != nil {
							elect = fmt.Sprintf(", Raft term +%d", *l.TermRise)
						}
						fmt.Fprintf(os.Stderr, "%s n=%d %s clients=%d rep=%d: %.0f op/s p50 %v p99 %v errors %d%s\n",
							system, nodes, w, n, rep, res.Throughput, res.P50, res.P99, res.Errors, elect)
						if res.Throughput > best {
							best, drops = res.Throughput, 0
						} else if res.Throughput < 0.9*best {
							if drops++; drops >= 2 {
								break
							}
						}
					}
				}
				if *checkSw && ctx.Err() == nil {
					sweepCheck(system, nodes, rep, kvs[0], base, hist)
				}
				closeAll()
				c.stop()
			}
		}
	}
}

// sweepCheck reads back every key the cluster's runs wrote (through an idle client, after every
// run) and checks the cluster's whole history with porcupine.
func sweepCheck(system string, nodes, rep int, kv ycsb.KV, base time.Time, hist []ycsb.Op) {
	var final []ycsb.Op
	for _, k := range ycsb.WrittenKeys(hist) {
		for try := 0; try < 10; try++ {
			ops := ycsb.FinalReads(kv, base, []string{k}, -2)
			final = append(final, ops...)
			if !ops[0].Err {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	chk := ycsb.Check(ycsb.LoadedOps(*records), hist, final, *checkTime)
	emit(map[string]any{"mode": "sweep-check", "system": system, "nodes": nodes, "rep": rep, "workloads": *workloads,
		"check": chk, "when": time.Now().UTC().Format(time.RFC3339)})
	fmt.Fprintf(os.Stderr, "%s n=%d rep=%d (workloads %s): porcupine: %s (%d operations, %d final reads, %d unknown-outcome puts, %.1f s)\n",
		system, nodes, rep, *workloads, chk.Verdict, chk.Operations, chk.FinalReads, chk.UnknownPuts, chk.CheckSeconds)
}

// sweepCluster starts a cluster, its clients and loads the records; one retry on a fresh cluster.
func sweepCluster(system string, nodes, maxC int, dir string) (cluster, []ycsb.KV, func(), error) {
	var last error
	for try := 0; try < 2; try++ {
		c := newCluster(system, nodes, maxC, false, dir)
		if err := c.start(); err != nil {
			c.stop()
			last = err
			continue
		}
		kvs, closeAll, err := c.clients(1, maxC)
		if err != nil {
			c.stop()
			last = err
			continue
		}
		if err := load(kvs, *records); err != nil {
			closeAll()
			c.stop()
			last = err
			continue
		}
		return c, kvs, closeAll, nil
	}
	return nil, nil, nil, last
}

// faultCluster starts a proxied cluster, its clients and loads the records; one retry on a fresh
// cluster (fresh ports: a port picked free can be taken before the server binds it).
func faultCluster(system string, nodes, n int, dir string) (cluster, []ycsb.KV, func(), error) {
	var last error
	for try := 0; try < 2; try++ {
		c := newCluster(system, nodes, n+1, true, dir)
		if err := c.start(); err != nil {
			c.stop()
			last = err
			continue
		}
		kvs, closeAll, err := c.clients(1, n)
		if err != nil {
			c.stop()
			last = err
			continue
		}
		if err := load(kvs, *records); err != nil {
			closeAll()
			c.stop()
			last = err
			continue
		}
		return c, kvs, closeAll, nil
	}
	return nil, nil, nil, last
}

type event struct {
	At   float64 `json:"at_s"`
	What string  `json:"what"`
	Node int     `json:"node"`
}

type faultLine struct {
	Mode     string           `json:"mode"`
	System   string           `json:"system"`
	Nodes    int              `json:"nodes"`
	Fault    string           `json:"fault"`
	Workload string           `json:"workload"`
	Clients  int              `json:"clients"`
	Ops      int              `json:"ops"`
	Errors   int              `json:"errors"`
	BucketMs int              `json:"bucket_ms"`
	Timeline []int            `json:"timeline"` // successful operations completed per bucket
	Events   []event          `json:"events"`
	Hist     []ycsb.Bucket    `json:"latency_histogram"`
	Check    ycsb.CheckResult `json:"check"`
	Profile  string           `json:"raftkvs_profile,omitempty"`
	ParFsync bool             `json:"raftkvs_parallel_fsync,omitempty"`
	When     string           `json:"when"`
}

func faultRun(ctx context.Context, system string, nodes int, dir string) {
	n := ints(*clientsF)[0]
	c, kvs, closeAll, err := faultCluster(system, nodes, n, dir)
	if err != nil {
		fatal("%s %d nodes: %v", system, nodes, err)
	}
	defer c.stop()
	defer closeAll()
	total := *warmup + *duration
	t1, t2 := *warmup+*duration/3, *warmup+2**duration/3
	type absEvent struct {
		at   time.Time
		what string
		node int
	}
	var evMu sync.Mutex
	var evs []absEvent
	note := func(what string, node int) {
		evMu.Lock()
		evs = append(evs, absEvent{time.Now(), what, node})
		evMu.Unlock()
		fmt.Fprintf(os.Stderr, "%s n=%d: %s node %d\n", system, nodes, what, node)
	}
	begin := time.Now()
	faultDone := make(chan struct{})
	go func() {
		defer close(faultDone)
		time.Sleep(time.Until(begin.Add(t1)))
		victim, err := c.leader(5 * time.Second)
		if err != nil {
			note("no leader found: "+err.Error(), 0)
			return
		}
		if *fault == "follower" {
			victim = victim%nodes + 1
		}
		switch *fault {
		case "leader", "follower":
			c.kill(victim)
			note("kill -9 "+*fault, victim)
		case "partition":
			c.isolate(victim)
			note("isolate leader", victim)
		}
		// The first leader other than the victim (an isolated leader may still call itself one).
		for time.Now().Before(begin.Add(t2)) {
			if l, err := c.leader(time.Until(begin.Add(t2))); err == nil && (l != victim || *fault == "follower") {
				note("leader", l)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		time.Sleep(time.Until(begin.Add(t2)))
		switch *fault {
		case "leader", "follower":
			if err := c.restart(victim); err != nil {
				note("restart failed: "+err.Error(), victim)
				return
			}
			note("restart", victim)
		case "partition":
			c.heal()
			note("heal", victim)
		}
	}()
	res, err := ycsb.Run(ctx, kvs, ycsb.Options{Workload: ycsb.Core["A"], Records: *records, Seed: *seed, Warmup: *warmup, Duration: *duration})
	if err != nil {
		fatal("%v", err)
	}
	<-faultDone
	// Final reads of every written key through a fresh client once the cluster serves again; a
	// failed read is retried (failed reads have no effect and are left out of the history).
	if err := waitServing(c, n+1, 30*time.Second); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", system, err)
	}
	fkv, fclose, err := c.clients(n+1, 1)
	if err != nil {
		fatal("%s final client: %v", system, err)
	}
	var final []ycsb.Op
	for _, k := range ycsb.WrittenKeys(res.Log) {
		for try := 0; try < 10; try++ {
			ops := ycsb.FinalReads(fkv[0], res.Start, []string{k}, n+1)
			final = append(final, ops...)
			if !ops[0].Err {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	fclose()
	chk := ycsb.Check(ycsb.LoadedOps(*records), res.Log, final, *checkTime)
	line := faultLine{Mode: "fault", System: system, Nodes: nodes, Fault: *fault, Workload: "A", Clients: n, Ops: res.Ops, Errors: res.Errors,
		BucketMs: 100, Timeline: ycsb.Timeline(res.Log, 100*time.Millisecond, total), Hist: ycsb.Histogram(res.Log, *warmup), Check: chk, When: time.Now().UTC().Format(time.RFC3339)}
	if system == "raftkvs" {
		line.Profile, line.ParFsync = *profile, *parFsync
	}
	for _, e := range evs {
		line.Events = append(line.Events, event{At: e.at.Sub(res.Start).Seconds(), What: e.what, Node: e.node})
	}
	emit(line)
	fmt.Fprintf(os.Stderr, "%s n=%d %s: %d ops, %d errors; porcupine: %s (%d operations, %d final reads, %d unknown-outcome puts, %.1f s)\n",
		system, nodes, *fault, res.Ops, res.Errors, chk.Verdict, chk.Operations, chk.FinalReads, chk.UnknownPuts, chk.CheckSeconds)
	if *checkDir != "" {
		base := filepath.Join(*checkDir, fmt.Sprintf("%s-%d-%s", system, nodes, *fault))
		b, _ := json.MarshalIndent(map[string]any{"system": system, "nodes": nodes, "fault": *fault, "check": chk, "events": line.Events}, "", "  ")
		_ = os.WriteFile(base+"-check.json", append(b, '\n'), 0o644)
		if !chk.Ok() {
			if f, err := os.Create(base + "-check.html"); err == nil {
				_ = chk.Visualize(f)
				f.Close()
			}
		}
		if !chk.Ok() || *opLogs {
			if f, err := os.Create(base + "-oplog.json.gz"); err == nil {
				z := gzip.NewWriter(f)
				_ = json.NewEncoder(z).Encode(map[string]any{"loaded_records": *records, "log": res.Log, "final_reads": final})
				z.Close()
				f.Close()
			}
		}
	}
}
