// Command raftkvs-ycsb drives a running Raft KV (cmd/raftkvs servers) with a YCSB core workload
// through the client library, one client id of the config per concurrent client:
//
//	raftkvs-ycsb -c cluster.yaml -workload A -clients 8 -records 1000 -warmup 2s -duration 10s -log ops.json
//
// It loads the records, runs the workload, and prints one JSON summary line (throughput, p50/p99
// latency, a latency histogram, errors); -log writes every operation (invoke/return times, key,
// value) for a linearizability checker (ycsb.Check). The benchmark against etcd is bench/raftkv
// (kvbench), which starts the clusters itself.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/internal/ycsb"
	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

const prog = "raftkvs-ycsb"

type adapter struct {
	c       *raftkvs.Client
	timeout time.Duration
}

func (a adapter) Get(k string) (string, bool, error) { return a.c.Get(k, a.timeout) }
func (a adapter) Put(k, v string) error              { return a.c.Put(k, v, a.timeout) }

func main() {
	cfgPath := flag.String("c", "", "config file (the servers' and clients' addresses)")
	wl := flag.String("workload", "A", "YCSB core workload: A, B, C, D or F")
	clients := flag.Int("clients", 1, "concurrent clients (client ids 1..clients of the config)")
	records := flag.Int("records", 1000, "records loaded before the run")
	warmup := flag.Duration("warmup", 2*time.Second, "operations in this first period are not measured")
	duration := flag.Duration("duration", 10*time.Second, "measured period")
	maxOps := flag.Int("maxops", 0, "stop after this many operations (0: no limit)")
	opTimeout := flag.Duration("optimeout", 10*time.Second, "give up on one operation after this (outcome unknown)")
	logPath := flag.String("log", "", "write every operation as JSON here")
	seed := flag.Int64("seed", 1, "random seed")
	flag.Parse()
	if *cfgPath == "" {
		sysglue.Usage(prog, "-c config.yaml is required")
	}
	w, ok := ycsb.Core[*wl]
	if !ok {
		sysglue.Usage(prog, "-workload %q is not one of A, B, C, D, F", *wl)
	}
	cfg, err := raftkvs.LoadConfig(*cfgPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if *clients < 1 || *clients > cfg.NumClients {
		sysglue.Usage(prog, "-clients %d is not in 1..numClients = %d", *clients, cfg.NumClients)
	}
	var kvs []ycsb.KV
	for i := 1; i <= *clients; i++ {
		c, err := raftkvs.NewClient(cfg, i)
		if err != nil {
			sysglue.Fatal(prog, err)
		}
		defer c.Close()
		kvs = append(kvs, adapter{c, *opTimeout})
	}
	if err := ycsb.Load(kvs[0], *records); err != nil {
		sysglue.Fatal(prog, err)
	}
	res, err := ycsb.Run(context.Background(), kvs, ycsb.Options{Workload: w, Records: *records, Seed: *seed, Warmup: *warmup, Duration: *duration, MaxOps: *maxOps})
	if err != nil {
		sysglue.Fatal(prog, err)
	}
	if *logPath != "" {
		b, _ := json.Marshal(res.Log)
		if err := os.WriteFile(*logPath, b, 0o644); err != nil {
			sysglue.Fatal(prog, err)
		}
	}
	out, _ := json.Marshal(map[string]any{"system": "raftkvs", "workload": w.Name, "clients": *clients, "ops": res.Ops, "errors": res.Errors,
		"seconds": res.Elapsed.Seconds(), "throughput": res.Throughput, "p50_us": res.P50.Microseconds(), "p99_us": res.P99.Microseconds(), "latency_histogram": ycsb.Histogram(res.Log, *warmup)})
	fmt.Println(string(out))
}
