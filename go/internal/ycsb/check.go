package ycsb

import (
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/anishathalye/porcupine"
)

// Linearizability of a run's operation log, checked with porcupine against a sequential map of
// keys to values. The checked history is: the loaded records (completed puts before the run), the
// run's log, and optionally final reads taken after every client stopped. A final read of each
// written key makes "no acknowledged write is lost" part of the check: a lost write leaves a final
// value that no linearization can explain.

type kvIn struct {
	Put        bool
	Key, Value string
}

type kvOut struct {
	Value   string
	Found   bool
	Unknown bool // a write whose outcome is unknown (it may take effect any time after its call, or never)
}

type kvState struct {
	Value string
	Found bool
}

// never is the return time of operations with unknown outcome (porcupine's convention).
const never = int64(1) << 62

// KVModel is the sequential specification: a put sets the key, a get returns the key's value
// (or not found). Histories are partitioned per key.
var KVModel = porcupine.Model{
	Partition: func(h []porcupine.Operation) [][]porcupine.Operation {
		byKey := map[string][]porcupine.Operation{}
		for _, op := range h {
			k := op.Input.(kvIn).Key
			byKey[k] = append(byKey[k], op)
		}
		keys := make([]string, 0, len(byKey))
		for k := range byKey {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out := make([][]porcupine.Operation, 0, len(keys))
		for _, k := range keys {
			out = append(out, byKey[k])
		}
		return out
	},
	Init: func() interface{} { return kvState{} },
	Step: func(st, in, out interface{}) (bool, interface{}) {
		s, i, o := st.(kvState), in.(kvIn), out.(kvOut)
		if i.Put {
			return true, kvState{Value: i.Value, Found: true}
		}
		return o.Found == s.Found && o.Value == s.Value, s
	},
	Equal: func(a, b interface{}) bool { return a.(kvState) == b.(kvState) },
	DescribeOperation: func(in, out interface{}) string {
		i, o := in.(kvIn), out.(kvOut)
		if i.Put {
			if o.Unknown {
				return fmt.Sprintf("put(%s, %s) outcome unknown", i.Key, i.Value)
			}
			return fmt.Sprintf("put(%s, %s)", i.Key, i.Value)
		}
		if !o.Found {
			return fmt.Sprintf("get(%s) -> not found", i.Key)
		}
		return fmt.Sprintf("get(%s) -> %s", i.Key, o.Value)
	},
}

// CheckResult is the checker's verdict on one history.
type CheckResult struct {
	Verdict      string  `json:"verdict"` // "linearizable", "NOT linearizable" or "unknown (checker timed out)"
	Operations   int     `json:"operations"`
	Loaded       int     `json:"loaded_records"`
	FinalReads   int     `json:"final_reads"`
	UnknownPuts  int     `json:"unknown_outcome_puts"`
	FailedReads  int     `json:"failed_reads_dropped"`
	AckedPuts    int     `json:"acknowledged_puts"`
	Keys         int     `json:"keys"`
	CheckSeconds float64 `json:"check_seconds"`
	Checker      string  `json:"checker"`
	info         porcupine.LinearizationInfo
}

// Ok reports a proven linearizable history.
func (r CheckResult) Ok() bool { return r.Verdict == "linearizable" }

// History builds the porcupine history: loaded records as puts completed before the run (in
// load order), the log (failed reads dropped: they have no effect; failed writes never return),
// then final reads (their times must be after every logged operation's).
func History(loaded []Op, log []Op, final []Op) ([]porcupine.Operation, CheckResult) {
	var h []porcupine.Operation
	var r CheckResult
	keys := map[string]bool{}
	base := -int64(2*len(loaded)) - 2
	for i, op := range loaded {
		h = append(h, porcupine.Operation{ClientId: -1, Input: kvIn{Put: true, Key: op.Key, Value: op.Value},
			Call: base + int64(2*i), Return: base + int64(2*i) + 1, Output: kvOut{}})
		keys[op.Key] = true
		r.Loaded++
	}
	add := func(op Op) {
		keys[op.Key] = true
		put := op.Kind != "read"
		if !put && op.Err {
			r.FailedReads++
			return
		}
		o := porcupine.Operation{ClientId: op.Client, Input: kvIn{Put: put, Key: op.Key, Value: op.Value},
			Call: int64(op.Start), Return: int64(op.End), Output: kvOut{Value: op.Value, Found: op.Found}}
		if put {
			o.Output = kvOut{Unknown: op.Err}
			if op.Err {
				o.Return = never
				r.UnknownPuts++
			} else {
				r.AckedPuts++
			}
		}
		if o.Return < o.Call {
			o.Return = o.Call
		}
		h = append(h, o)
	}
	for _, op := range log {
		add(op)
	}
	for _, op := range final {
		if op.Err {
			r.FailedReads++
			continue
		}
		add(op)
		r.FinalReads++
	}
	r.Operations, r.Keys = len(h), len(keys)
	return h, r
}

// Check runs porcupine on History(loaded, log, final) for at most timeout (0: no limit).
func Check(loaded, log, final []Op, timeout time.Duration) CheckResult {
	h, r := History(loaded, log, final)
	t0 := time.Now()
	res, info := porcupine.CheckOperationsVerbose(KVModel, h, timeout)
	r.CheckSeconds = time.Since(t0).Seconds()
	r.info = info
	r.Checker = "porcupine v1.3.1 (github.com/anishathalye/porcupine), per-key partitioned register model"
	switch res {
	case porcupine.Ok:
		r.Verdict = "linearizable"
	case porcupine.Illegal:
		r.Verdict = "NOT linearizable"
	default:
		r.Verdict = "unknown (checker timed out)"
	}
	return r
}

// Visualize writes porcupine's HTML view of the checked history (useful when it is not
// linearizable: it shows the longest partial linearizations).
func (r CheckResult) Visualize(w io.Writer) error {
	return porcupine.Visualize(KVModel, r.info, w)
}

// LoadedOps are the puts Load makes, as log entries (for History).
func LoadedOps(records int) []Op {
	ops := make([]Op, records)
	for i := range ops {
		ops[i] = Op{Client: -1, Kind: "update", Key: Key(i), Value: fmt.Sprintf("init%d", i)}
	}
	return ops
}

// WrittenKeys are the keys the log wrote (or tried to), sorted.
func WrittenKeys(log []Op) []string {
	seen := map[string]bool{}
	for _, op := range log {
		if op.Kind != "read" {
			seen[op.Key] = true
		}
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Timeline counts successful operations completed in each bucket of width since the run
// started (the throughput-over-time series; bucket i covers [i*width, (i+1)*width)).
func Timeline(log []Op, width time.Duration, total time.Duration) []int {
	n := int(total / width)
	if total%width != 0 {
		n++
	}
	out := make([]int, n)
	for _, op := range log {
		if op.Err {
			continue
		}
		if i := int(op.End / width); i >= 0 && i < n {
			out[i]++
		}
	}
	return out
}

// FinalReads reads every key once through kv after a run, timed against the run's start (so they
// follow every logged operation in the history).
func FinalReads(kv KV, start time.Time, keys []string, client int) []Op {
	out := make([]Op, 0, len(keys))
	for _, k := range keys {
		out = append(out, read(kv, start, client, k))
	}
	return out
}

// Bucket is one bar of a latency histogram: operations whose latency is at most UpToUs
// microseconds and above the previous bucket's bound.
type Bucket struct {
	UpToUs int64 `json:"le_us"`
	Count  int   `json:"count"`
}

// Histogram bins the latencies of the measured, successful operations (started after warmup) in
// power-of-two buckets from 64 µs; empty buckets past the last non-empty one are dropped.
func Histogram(log []Op, warmup time.Duration) []Bucket {
	var out []Bucket
	for b := int64(64); b <= 1<<36; b *= 2 {
		out = append(out, Bucket{UpToUs: b})
	}
	last := -1
	for _, op := range log {
		if op.Err || op.Start < warmup {
			continue
		}
		us := (op.End - op.Start).Microseconds()
		i := 0
		for i < len(out)-1 && us > out[i].UpToUs {
			i++
		}
		out[i].Count++
		if i > last {
			last = i
		}
	}
	return out[:last+1]
}
