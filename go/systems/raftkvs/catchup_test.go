package raftkvs

import (
	"fmt"
	"testing"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// catchUpLog is a log of n entries like a YCSB workload A run makes: puts and gets of keys keys.
func catchUpLog(n, keys int) tla.Value {
	es := make([]tla.Value, n)
	for i := range es {
		typ := "put"
		if i%2 == 1 {
			typ = "get"
		}
		cmd := tla.MakeRecord(tla.Field{Name: "type", Value: tla.MakeString(typ)},
			tla.Field{Name: "key", Value: tla.MakeString(fmt.Sprintf("user%08d", (i/2*7919)%keys))},
			tla.Field{Name: "value", Value: tla.MakeString(fmt.Sprintf("v%d", i))})
		es[i] = tla.MakeRecord(tla.Field{Name: "term", Value: tla.MakeInt(2)}, tla.Field{Name: "cmd", Value: cmd},
			tla.Field{Name: "client", Value: tla.MakeInt(19)})
	}
	return tla.MakeTuple(es...)
}

// BenchmarkApplyLogCatchUp: a restarted follower (commitIndex 0, empty sm) applies a whole log
// in the step that receives its first AppendEntries (the spec's ApplyLog).
func BenchmarkApplyLogCatchUp(b *testing.B) {
	k := (&Config{}).Constants()
	log := catchUpLog(12000, 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := ApplyLog(k, log, tla.MakeInt(1), tla.Len(log), tla.MakeFunction(nil, nil), KeySet(k))
		if n := len(tla.Apply(r, tla.MakeInt(2)).Elements()); n != 1000 {
			b.Fatalf("%d keys", n)
		}
	}
}

// BenchmarkEncodeCatchUpEntries: the wire encoding and decoding of one AppendEntries that
// carries 7,500 entries (a follower back after 5 s down).
func BenchmarkEncodeCatchUpEntries(b *testing.B) {
	es := catchUpLog(7500, 1000)
	var buf []byte
	for i := 0; i < b.N; i++ {
		buf = tla.Encode(buf[:0], es)
		if _, _, err := tla.Decode(buf); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(buf)), "bytes")
}

func BenchmarkEncodeOnlyCatchUpEntries(b *testing.B) {
	es := catchUpLog(7500, 1000)
	var buf []byte
	for i := 0; i < b.N; i++ {
		buf = tla.Encode(buf[:0], es)
	}
}
