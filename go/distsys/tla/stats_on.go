//go:build tlastats

package tla

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"
)

// With -tags tlastats every operation below counts its calls in power-of-two buckets of the size
// of its main operand (elements of a set, pairs of a function, bytes of an encoding). When
// VF_TLASTATS_DIR is set, the process rewrites <dir>/<exe>-<pid>.json every 100 ms (processes
// killed by the tests keep what they had counted). Used to measure what the systems do with
// values (docs/mpcal.md, "TLA+ values: sorted slices vs HAMTs").

const statBuckets = 24 // sizes 0, 1, 2-3, 4-7, ..., >= 2^22

var (
	statCount [numStatOps][statBuckets]atomic.Uint64
	statMax   [numStatOps]atomic.Int64
)

func stat(op statOp, n int) {
	b := bits.Len(uint(n))
	if b >= statBuckets {
		b = statBuckets - 1
	}
	statCount[op][b].Add(1)
	for {
		m := statMax[op].Load()
		if int64(n) <= m || statMax[op].CompareAndSwap(m, int64(n)) {
			break
		}
	}
}

type statRecord struct {
	Op      string            `json:"op"`
	Calls   uint64            `json:"calls"`
	Max     int64             `json:"max"`
	Buckets map[string]uint64 `json:"buckets"` // "lo-hi" -> calls
}

// StatsSnapshot returns the counters so far (only with -tags tlastats).
func StatsSnapshot() []statRecord {
	var out []statRecord
	for op := statOp(0); op < numStatOps; op++ {
		r := statRecord{Op: op.String(), Max: statMax[op].Load(), Buckets: map[string]uint64{}}
		for b := 0; b < statBuckets; b++ {
			c := statCount[op][b].Load()
			if c == 0 {
				continue
			}
			r.Calls += c
			lo, hi := 0, 0
			if b > 0 {
				lo, hi = 1<<(b-1), 1<<b-1
			}
			r.Buckets[fmt.Sprintf("%d-%d", lo, hi)] = c
		}
		if r.Calls > 0 {
			out = append(out, r)
		}
	}
	return out
}

func init() {
	dir := os.Getenv("VF_TLASTATS_DIR")
	if dir == "" {
		return
	}
	name := filepath.Join(dir, fmt.Sprintf("%s-%d.json", filepath.Base(os.Args[0]), os.Getpid()))
	go func() {
		for {
			time.Sleep(100 * time.Millisecond)
			b, _ := json.Marshal(StatsSnapshot())
			tmp := name + ".tmp"
			if os.WriteFile(tmp, b, 0o644) == nil {
				os.Rename(tmp, name)
			}
		}
	}()
}
