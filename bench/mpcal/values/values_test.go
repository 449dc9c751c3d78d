package values

import (
	"fmt"
	"testing"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Sizes: the largest values the systems' tests build (bench/results/mpcal-values-workload.txt:
// raftkvs logs up to ~200 entries, functions/records up to 8 pairs, sets up to 8 elements), then
// 10x and 100x that.
var (
	logSizes = []int{200, 2000, 20000}
	fnSizes  = []int{8, 80, 800}
	setSizes = []int{8, 80, 800}
)

// Typed sinks (storing into an interface would allocate and blur small operations).
var (
	sv tla.Value
	sh Seq
	sf Fn
	ss Set
	si int
	sb bool
	sy []byte
)

func entry(t int) tla.Value {
	return tla.MakeRecord(tla.Field{Name: "term", Value: tla.MakeInt(int64(t / 50))},
		tla.Field{Name: "cmd", Value: tla.MakeRecord(tla.Field{Name: "type", Value: tla.MakeString("put")},
			tla.Field{Name: "key", Value: tla.MakeString(fmt.Sprintf("k%d", t%16))},
			tla.Field{Name: "value", Value: tla.MakeString(fmt.Sprintf("v%d", t))})},
		tla.Field{Name: "client", Value: tla.MakeInt(int64(t % 3))})
}

func entries(n int) []tla.Value {
	es := make([]tla.Value, n)
	for i := range es {
		es[i] = entry(i)
	}
	return es
}

func kv(n int) (keys, vals []tla.Value) {
	for i := 0; i < n; i++ {
		keys = append(keys, tla.MakeString(fmt.Sprintf("key%04d", i)))
		vals = append(vals, tla.MakeString(fmt.Sprintf("value%d", i)))
	}
	return
}

func ints(n int) []tla.Value {
	es := make([]tla.Value, n)
	for i := range es {
		es[i] = tla.MakeInt(int64(2 * i))
	}
	return es
}

func both(b *testing.B, name string, slices, hamt func()) {
	b.Run(name+"/slices", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			slices()
		}
	})
	b.Run(name+"/hamt", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			hamt()
		}
	})
}

// chain extends a log the way a Raft server does (log := Append(log, e), or a follower's
// log := SubSeq(log, 1, Len(log)) \o entries), starting over from the n-entry base every
// restart operations (the restart's cost is included, amortised).
type chain[T any] struct {
	base, cur  T
	k, restart int
}

func (c *chain[T]) next() T {
	if c.k++; c.k == c.restart {
		c.k, c.cur = 0, c.base
	}
	return c.cur
}

// BenchmarkLog: a Raft log (sequence of records) under raftkvs' operations. "*-chain" extends the
// latest log (the systems' pattern); "append-fork" appends to one old log again and again (every
// append after the first must copy). "request" is the mix counted per Append in the raftkvs runs:
// 1 Append, 18 Len, 10 Apply (+ .term), 5 SubSeq of the last entries (leader to followers), 2
// follower appends (SubSeq(log, 1, Len) \o entries).
func BenchmarkLog(b *testing.B) {
	const restart = 1024
	for _, n := range logSizes {
		es := entries(n)
		s := tla.MakeTuple(es...)
		h := NewSeq(es...)
		e := entry(n)
		one := tla.MakeTuple(e)
		hone := NewSeq(e)
		N := tla.MakeInt(int64(n))
		s2 := tla.MakeTuple(entries(n)...) // equal, not shared
		h2 := NewSeq(entries(n)...)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			sc := &chain[tla.Value]{base: s, cur: s, restart: restart}
			hc := &chain[Seq]{base: h, cur: h, restart: restart}
			both(b, "append-chain", func() { sc.cur = tla.Append(sc.next(), e) }, func() { hc.cur = hc.next().Append(e) })
			both(b, "append-fork", func() { sv = tla.Append(s, e) }, func() { sh = h.Append(e) })
			both(b, "len", func() { sv = tla.Len(s) }, func() { si = h.Len() })
			both(b, "apply", func() { sv = tla.Dot(tla.Apply(s, N), "term") },
				func() { sv = tla.Dot(h.Apply(n), "term") })
			both(b, "subseq-last4", func() { sv = tla.SubSeq(s, tla.MakeInt(int64(n-3)), N) },
				func() { sh = h.SubSeq(n-3, n) })
			sc = &chain[tla.Value]{base: s, cur: s, restart: restart}
			hc = &chain[Seq]{base: h, cur: h, restart: restart}
			both(b, "follower-append-chain", func() {
				x := sc.next()
				sc.cur = tla.Concat(tla.SubSeq(x, tla.MakeInt(1), tla.Len(x)), one)
			}, func() {
				x := hc.next()
				hc.cur = x.SubSeq(1, x.Len()).Concat(hone)
			})
			both(b, "equal-unshared", func() { sb = s.Equal(s2) }, func() { sb = h.Equal(h2) })
			both(b, "encode", func() { sy = tla.Encode(nil, s) }, func() { sy = h.Encode(nil) })
			sc = &chain[tla.Value]{base: s, cur: s, restart: restart}
			hc = &chain[Seq]{base: h, cur: h, restart: restart}
			var sf [2]*chain[tla.Value]
			var hf [2]*chain[Seq]
			for j := range sf {
				sf[j] = &chain[tla.Value]{base: s, cur: s, restart: restart}
				hf[j] = &chain[Seq]{base: h, cur: h, restart: restart}
			}
			both(b, "request", func() {
				x := tla.Append(sc.next(), e)
				L := tla.Len(x)
				for j := 0; j < 18; j++ {
					sv = tla.Len(x)
				}
				for j := 0; j < 10; j++ {
					sv = tla.Dot(tla.Apply(x, L), "term")
				}
				for j := 0; j < 5; j++ {
					sv = tla.SubSeq(x, tla.Minus(L, tla.MakeInt(3)), L)
				}
				for _, f := range sf { // two followers extend their own logs
					x := f.next()
					f.cur = tla.Concat(tla.SubSeq(x, tla.MakeInt(1), tla.Len(x)), one)
				}
				sc.cur = x
			}, func() {
				x := hc.next().Append(e)
				L := x.Len()
				for j := 0; j < 18; j++ {
					si = x.Len()
				}
				for j := 0; j < 10; j++ {
					sv = tla.Dot(x.Apply(L), "term")
				}
				for j := 0; j < 5; j++ {
					sh = x.SubSeq(L-3, L)
				}
				for _, f := range hf {
					x := f.next()
					f.cur = x.SubSeq(1, x.Len()).Concat(hone)
				}
				hc.cur = x
			})
		})
	}
}

// BenchmarkFn: a key/value function (a KV state machine, nextIndex/matchIndex-like maps).
func BenchmarkFn(b *testing.B) {
	for _, n := range fnSizes {
		ks, vs := kv(n)
		f := tla.MakeFunction(ks, vs)
		h := NewFn(ks, vs)
		k := ks[n/2]
		v := tla.MakeString("new")
		ks2, vs2 := kv(n)
		f2 := tla.MakeFunction(ks2, vs2)
		h2 := NewFn(ks2, vs2)
		enc := tla.Encode(nil, f)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			both(b, "except", func() { sv = tla.Except(f, k, v) }, func() { sf = h.Except(k, v) })
			both(b, "apply", func() { sv = tla.Apply(f, k) }, func() { sv = h.Apply(k) })
			// raftkvs applies a put as (key :> value) @@ sm, a new or an existing key
			knew := tla.MakeString("key~new")
			both(b, "put-existing", func() { sv = tla.Merge(tla.ColonGreater(k, v), f) }, func() { sf = h.Put(k, v) })
			both(b, "put-new", func() { sv = tla.Merge(tla.ColonGreater(knew, v), f) }, func() { sf = h.Put(knew, v) })
			both(b, "equal-unshared", func() { sb = f.Equal(f2) }, func() { sb = h.Equal(h2) })
			both(b, "encode", func() { sy = tla.Encode(nil, f) }, func() { sy = h.Encode(nil) })
			both(b, "decode", func() { sv, _, _ = tla.Decode(enc) }, func() { sf, _, _ = DecodeFn(enc) })
		})
	}
}

// BenchmarkRecord: a message record (raftkvs' largest have 8 fields): build it, read 4 fields,
// encode and decode it (a mailbox round trip).
func BenchmarkRecord(b *testing.B) {
	names := []string{"mtype", "mterm", "mlastLogIndex", "mlastLogTerm", "mentries", "mcommitIndex", "msource", "mdest"}
	vals := []tla.Value{tla.MakeString("apq"), tla.MakeInt(3), tla.MakeInt(120), tla.MakeInt(2),
		tla.MakeTuple(entry(1)), tla.MakeInt(118), tla.MakeInt(1), tla.MakeInt(2)}
	keys := make([]tla.Value, len(names))
	fs := make([]tla.Field, len(names))
	for i := range names {
		keys[i] = tla.MakeString(names[i])
		fs[i] = tla.Field{Name: names[i], Value: vals[i]}
	}
	r := tla.MakeRecord(fs...)
	h := NewFn(keys, vals)
	enc := tla.Encode(nil, r)
	read := []tla.Value{keys[0], keys[1], keys[3], keys[6]}
	both(b, "make", func() { sv = tla.MakeRecord(fs...) }, func() { sf = NewFn(keys, vals) })
	both(b, "dot4", func() {
		for _, k := range names[:4] {
			sv = tla.Dot(r, k)
		}
	}, func() {
		for _, k := range read {
			sv = h.Apply(k)
		}
	})
	both(b, "roundtrip", func() { sv, _, _ = tla.Decode(tla.Encode(nil, r)) },
		func() { sf, _, _ = DecodeFn(h.Encode(nil)) })
	both(b, "decode", func() { sv, _, _ = tla.Decode(enc) }, func() { sf, _, _ = DecodeFn(enc) })
}

// BenchmarkSet: sets of integers (server/client id sets, vote sets).
func BenchmarkSet(b *testing.B) {
	for _, n := range setSizes {
		es := ints(n)
		s := tla.MakeSet(es...)
		h := NewSet(es...)
		x := tla.MakeInt(int64(n + 1)) // odd: not a member
		sx := tla.MakeSet(x)
		hx := NewSet(x)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			both(b, "union1", func() { sv = tla.Union(s, sx) }, func() { ss = h.Union(hx) })
			both(b, "minus1", func() { sv = tla.SetMinus(s, tla.MakeSet(es[n/2])) },
				func() { ss = h.Minus(NewSet(es[n/2])) })
			both(b, "in", func() { sv = tla.In(es[n/2], s) }, func() { sb = h.In(es[n/2]) })
			both(b, "cardinality", func() { sv = tla.Cardinality(s) }, func() { si = h.Len() })
		})
	}
}
