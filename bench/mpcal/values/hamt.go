// Package values benchmarks go/distsys/tla's values (sorted slices, copied on update) against
// HAMT-backed equivalents built on github.com/benbjohnson/immutable, the library PGo's runtime uses
// (immutable.List for tuples, immutable.Map for functions, records and sets). The HAMT side keeps
// our semantics where the benchmark needs them: its encoding is ours byte for byte (a function's
// pairs are sorted by tla.Compare first, as our canonical encoding requires), and equality is
// extensional. Elements are tla.Values in both representations, so only the container differs.
//
// Run it with bench/mpcal/values.sh (docs/mpcal.md, "TLA+ values: sorted slices vs HAMTs").
package values

import (
	"encoding/binary"
	"errors"
	"hash/maphash"
	"sort"

	"github.com/benbjohnson/immutable"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

var seed = maphash.MakeSeed()

// hasher hashes scalars directly and anything else by its (canonical) encoding.
type hasher struct{}

func (hasher) Hash(v tla.Value) uint32 {
	switch v.Kind() {
	case tla.KindInt:
		x := uint64(v.AsInt()) // splitmix64 finaliser
		x ^= x >> 30
		x *= 0xbf58476d1ce4e5b9
		x ^= x >> 27
		x *= 0x94d049bb133111eb
		x ^= x >> 31
		return uint32(x)
	case tla.KindString:
		return uint32(maphash.String(seed, v.AsString()))
	}
	return uint32(maphash.Bytes(seed, tla.Encode(nil, v)))
}
func (hasher) Equal(a, b tla.Value) bool { return a.Equal(b) }

// Seq is a HAMT-backed sequence (PGo's tuple).
type Seq struct{ l *immutable.List[tla.Value] }

func NewSeq(es ...tla.Value) Seq { return Seq{immutable.NewList(es...)} }

func (s Seq) Len() int                      { return s.l.Len() }
func (s Seq) Apply(i int) tla.Value         { return s.l.Get(i - 1) }
func (s Seq) Append(e tla.Value) Seq        { return Seq{s.l.Append(e)} }
func (s Seq) SubSeq(m, n int) Seq           { return Seq{s.l.Slice(m-1, n)} }
func (s Seq) Except(i int, e tla.Value) Seq { return Seq{s.l.Set(i-1, e)} }

// Concat appends b's elements one by one (persistent appends).
func (s Seq) Concat(b Seq) Seq {
	l := s.l
	for it := b.l.Iterator(); !it.Done(); {
		_, e := it.Next()
		l = l.Append(e)
	}
	return Seq{l}
}

func (s Seq) Equal(o Seq) bool {
	if s.l == o.l {
		return true
	}
	if s.l.Len() != o.l.Len() {
		return false
	}
	a, b := s.l.Iterator(), o.l.Iterator()
	for !a.Done() {
		_, x := a.Next()
		_, y := b.Next()
		if !x.Equal(y) {
			return false
		}
	}
	return true
}

// Encode writes our wire format of the sequence (a function 1..n -> e).
func (s Seq) Encode(buf []byte) []byte {
	buf = append(buf, byte(tla.KindFunction))
	buf = binary.AppendUvarint(buf, uint64(s.l.Len()))
	for it := s.l.Iterator(); !it.Done(); {
		i, e := it.Next()
		buf = tla.Encode(buf, tla.MakeInt(int64(i+1)))
		buf = tla.Encode(buf, e)
	}
	return buf
}

var errCorrupt = errors.New("corrupt")

func header(buf []byte, k tla.Kind) (int, []byte, error) {
	if len(buf) == 0 || tla.Kind(buf[0]) != k {
		return 0, nil, errCorrupt
	}
	n, w := binary.Uvarint(buf[1:])
	if w <= 0 || n > uint64(len(buf)) {
		return 0, nil, errCorrupt
	}
	return int(n), buf[1+w:], nil
}

// DecodeSeq reads a sequence written by Encode (or by tla.Encode of a sequence).
func DecodeSeq(buf []byte) (Seq, []byte, error) {
	n, buf, err := header(buf, tla.KindFunction)
	if err != nil {
		return Seq{}, nil, err
	}
	b := immutable.NewListBuilder[tla.Value]()
	for i := 0; i < n; i++ {
		var k, v tla.Value
		if k, buf, err = tla.Decode(buf); err != nil {
			return Seq{}, nil, err
		}
		if v, buf, err = tla.Decode(buf); err != nil {
			return Seq{}, nil, err
		}
		if k.Kind() != tla.KindInt || k.AsInt() != int64(i+1) {
			return Seq{}, nil, errCorrupt
		}
		b.Append(v)
	}
	return Seq{b.List()}, buf, nil
}

// Fn is a HAMT-backed function or record (PGo's valueFunction).
type Fn struct {
	m *immutable.Map[tla.Value, tla.Value]
}

func NewFn(keys, vals []tla.Value) Fn {
	b := immutable.NewMapBuilder[tla.Value, tla.Value](hasher{})
	for i := range keys {
		b.Set(keys[i], vals[i])
	}
	return Fn{b.Map()}
}

func (f Fn) Len() int { return f.m.Len() }

func (f Fn) Apply(k tla.Value) tla.Value {
	v, ok := f.m.Get(k)
	if !ok {
		panic("not in domain")
	}
	return v
}

// Except is [f EXCEPT ![k] = v] (f unchanged when k is outside the domain, as ours).
func (f Fn) Except(k, v tla.Value) Fn {
	if _, ok := f.m.Get(k); !ok {
		return f
	}
	return Fn{f.m.Set(k, v)}
}

// Put is (k :> v) @@ f (raftkvs' state machine update): a persistent insert.
func (f Fn) Put(k, v tla.Value) Fn { return Fn{f.m.Set(k, v)} }

func (f Fn) Equal(o Fn) bool {
	if f.m == o.m {
		return true
	}
	if f.m.Len() != o.m.Len() {
		return false
	}
	for it := f.m.Iterator(); !it.Done(); {
		k, v, _ := it.Next()
		w, ok := o.m.Get(k)
		if !ok || !v.Equal(w) {
			return false
		}
	}
	return true
}

type pair struct{ k, v tla.Value }

// Encode writes our canonical encoding: pairs in tla.Compare order of their keys.
func (f Fn) Encode(buf []byte) []byte {
	ps := make([]pair, 0, f.m.Len())
	for it := f.m.Iterator(); !it.Done(); {
		k, v, _ := it.Next()
		ps = append(ps, pair{k, v})
	}
	sort.Slice(ps, func(a, b int) bool { return tla.Compare(ps[a].k, ps[b].k) < 0 })
	buf = append(buf, byte(tla.KindFunction))
	buf = binary.AppendUvarint(buf, uint64(len(ps)))
	for _, p := range ps {
		buf = tla.Encode(buf, p.k)
		buf = tla.Encode(buf, p.v)
	}
	return buf
}

// DecodeFn reads a function written by Encode (or tla.Encode).
func DecodeFn(buf []byte) (Fn, []byte, error) {
	n, buf, err := header(buf, tla.KindFunction)
	if err != nil {
		return Fn{}, nil, err
	}
	b := immutable.NewMapBuilder[tla.Value, tla.Value](hasher{})
	for i := 0; i < n; i++ {
		var k, v tla.Value
		if k, buf, err = tla.Decode(buf); err != nil {
			return Fn{}, nil, err
		}
		if v, buf, err = tla.Decode(buf); err != nil {
			return Fn{}, nil, err
		}
		b.Set(k, v)
	}
	return Fn{b.Map()}, buf, nil
}

// Set is a HAMT-backed set (PGo's valueSet).
type Set struct {
	m *immutable.Map[tla.Value, struct{}]
}

func NewSet(es ...tla.Value) Set {
	b := immutable.NewMapBuilder[tla.Value, struct{}](hasher{})
	for _, e := range es {
		b.Set(e, struct{}{})
	}
	return Set{b.Map()}
}

func (s Set) Len() int { return s.m.Len() }

func (s Set) In(e tla.Value) bool {
	_, ok := s.m.Get(e)
	return ok
}

// Union inserts the smaller set's elements into the larger.
func (s Set) Union(o Set) Set {
	a, b := s.m, o.m
	if a.Len() < b.Len() {
		a, b = b, a
	}
	for it := b.Iterator(); !it.Done(); {
		k, _, _ := it.Next()
		a = a.Set(k, struct{}{})
	}
	return Set{a}
}

// Minus removes o's elements.
func (s Set) Minus(o Set) Set {
	a := s.m
	for it := o.m.Iterator(); !it.Done(); {
		k, _, _ := it.Next()
		a = a.Delete(k)
	}
	return Set{a}
}
