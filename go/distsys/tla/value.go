// Package tla holds immutable TLA+ values with the semantics and ordering of Veriforge's evaluator
// (crates/tla/src/eval.rs): Booleans < integers < strings < model values < sets < functions, where
// functions are ordered as the evaluator orders its Seq < Record < Fn variants. Unlike the evaluator's
// three representations, a function here has one representation (sorted key/value pairs), so a
// sequence, a tuple, a record and a function with the same graph are equal, as in TLA+.
//
// Operations that TLA+ leaves undefined (adding a string, applying a function outside its domain)
// panic with an *Error; the archetype runtime turns such a panic into a fatal error of the archetype.
package tla

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
)

// Kind is the kind of a value, in the order values of different kinds compare.
type Kind uint8

const (
	KindBool Kind = iota
	KindInt
	KindString
	KindModel
	KindSet
	KindFunction
)

// Value is an immutable TLA+ value. The zero Value is FALSE.
type Value struct {
	k    Kind
	seq  bool    // a function whose domain is 1..n (then keys is seqKeys(n), shared by all sequences)
	i    int64   // Bool (0/1), Int
	s    string  // String, model value name
	keys []Value // Set elements (sorted, distinct) or function domain (sorted)
	vals []Value // function range, parallel to keys
	// x is nil or, for a sequence whose vals start at the start of their array, holds the claim
	// on the array's spare capacity (appendSeq; nil: Append copies), and for a function that is
	// not a sequence, updated at a few keys of a large domain (k :> v @@ f, [f EXCEPT ![k] = v]),
	// the overlay whose base and overrides are its range (vals is nil; fnVals materialises it).
	// One pointer for both keeps a Value at 88 bytes.
	x *valExt
}

// valExt is a sequence's claim or a function's overlay (see Value.x).
type valExt struct {
	claim tailClaim
	ov    fnOverlay
}

// overlay is v's overlay, or nil.
func (v Value) overlay() *fnOverlay {
	if v.x == nil || v.seq {
		return nil
	}
	return &v.x.ov
}

// tail is a sequence's claim, or nil.
func (v Value) tail() *tailClaim {
	if v.x == nil || !v.seq {
		return nil
	}
	return &v.x.claim
}

// fnOverlay is the range of a function made from another by changing the values at a few keys of
// its (unchanged) domain: base is the old range (shared, never written), idx the changed positions
// (sorted) and val their new values. Without it every such update copied the whole range: a
// restarted Raft follower replaying its log into its key/value map (the spec's ApplyLog: one
// k :> v @@ sm per entry) spent O(entries x keys), 1 s for 6,000 entries over 1,000 keys, during
// which it answered no AppendEntries. An update of an overlaid function adds to a copy of the
// overrides while they are few (at most overlayLimit(n)) and otherwise materialises a plain range,
// so an update costs O(sqrt(n)) amortised instead of O(n). Only for non-sequence functions (the
// first key is not the integer 1), so the sequence code (seq, appendSeq, fnClass 0) never sees one.
type fnOverlay struct {
	base []Value
	idx  []int
	val  []Value
	mat  atomic.Pointer[[]Value] // the materialised range, once something needed it
}

// overlayMin is the domain size from which functions are updated through an overlay.
const overlayMin = 32

// overlayLimit bounds the overrides of an overlay over a range of n values (about sqrt(n)).
func overlayLimit(n int) int {
	l := 4
	for l*l < n {
		l++
	}
	return l
}

// fnVals is a function's range (materialising an overlay once; do not modify).
func (v Value) fnVals() []Value {
	o := v.overlay()
	if o == nil {
		return v.vals
	}
	if p := o.mat.Load(); p != nil {
		return *p
	}
	vs := append([]Value(nil), o.base...)
	for j, i := range o.idx {
		vs[i] = o.val[j]
	}
	o.mat.Store(&vs)
	return vs
}

// valAt is a function's value at position i of its domain (without materialising an overlay).
func (v Value) valAt(i int) Value {
	o := v.overlay()
	if o == nil {
		return v.vals[i]
	}
	if j := sort.SearchInts(o.idx, i); j < len(o.idx) && o.idx[j] == i {
		return o.val[j]
	}
	return o.base[i]
}

// updateAt is f with the values at domain positions pos (sorted, distinct) replaced by vals: an
// overlay over f's range when f's domain is large and not a sequence's, else a copy.
func updateAt(f Value, pos []int, vals []Value) Value {
	ks := f.keys
	n := len(ks)
	if n < overlayMin || f.seq || (ks[0].k == KindInt && ks[0].i == 1) {
		nv := append([]Value(nil), f.fnVals()...)
		for j, i := range pos {
			nv[i] = vals[j]
		}
		return Value{k: KindFunction, seq: f.seq, keys: ks, vals: nv}
	}
	base, oidx, oval := f.vals, []int(nil), []Value(nil)
	if o := f.overlay(); o != nil {
		if p := o.mat.Load(); p != nil {
			base = *p
		} else {
			base, oidx, oval = o.base, o.idx, o.val
		}
	}
	// Merge the old overrides with the new ones (new values win).
	idx := make([]int, 0, len(oidx)+len(pos))
	val := make([]Value, 0, len(oidx)+len(pos))
	a, b := 0, 0
	for a < len(oidx) || b < len(pos) {
		switch {
		case b == len(pos) || (a < len(oidx) && oidx[a] < pos[b]):
			idx, val = append(idx, oidx[a]), append(val, oval[a])
			a++
		default:
			if a < len(oidx) && oidx[a] == pos[b] {
				a++
			}
			idx, val = append(idx, pos[b]), append(val, vals[b])
			b++
		}
	}
	if len(idx) > overlayLimit(n) {
		nv := append([]Value(nil), base...)
		for j, i := range idx {
			nv[i] = val[j]
		}
		return Value{k: KindFunction, keys: ks, vals: nv}
	}
	return Value{k: KindFunction, keys: ks, x: &valExt{ov: fnOverlay{base: base, idx: idx, val: val}}}
}

// tailClaim is shared by the sequences built over one array: n is the length of the longest. Only
// an Append (or Concat) to a sequence of exactly that length may write the next slots in place,
// after winning the compare-and-swap n -> n+k; every other sequence over the array is shorter and
// never reads those slots, so no value ever observes a change. A losing Append copies (once: the
// copy has its own claim). So a log extended by log := Append(log, e) costs amortised O(1), not a
// copy of the whole log, while every value stays immutable. A losing Append whose elements equal
// the ones already written after it (w: stored once they are) shares them instead of copying.
type tailClaim struct {
	n atomic.Int64 // elements claimed: the longest sequence over the array
	w atomic.Int64 // elements written (stored after the copy: elements below it may be read)
}

var seqKeyArr atomic.Pointer[[]Value]

// seqKeys returns the keys 1..n, one array shared by every sequence (read-only: the keys of a
// sequence are never written). The array grows by doubling and is never bounded: a sequence of n
// elements already holds n values, so keys for it cost at most twice that once, while giving a
// long sequence keys of its own made every append to a Raft log past 32K entries allocate and
// fill O(n) keys (throughput fell 6x as the log grew; TestSeqKeysShareOneArrayPastOldBound).
func seqKeys(n int) []Value {
	if n == 0 {
		return nil
	}
	if p := seqKeyArr.Load(); p != nil && len(*p) >= n {
		return (*p)[:n:n]
	}
	m := 64
	for m < n {
		m *= 2
	}
	ks := make([]Value, m)
	for i := range ks {
		ks[i] = MakeInt(int64(i + 1))
	}
	seqKeyArr.Store(&ks) // a racing store of a shorter array is harmless: it is also 1..len
	return ks[:n:n]
}

// mkSeq builds the sequence with range vals (owned by the new value from now on) and x's claim.
func mkSeq(vals []Value, x *valExt) Value {
	return Value{k: KindFunction, seq: true, keys: seqKeys(len(vals)), vals: vals, x: x}
}

// appendSeq is s \o es: in place when s owns its array's tail (tailClaim), else by copying with
// room to grow.
func appendSeq(s Value, es []Value) Value {
	vs := seq(s)
	n, k := len(vs), len(es)
	if k == 0 {
		return s
	}
	if c := s.tail(); c != nil && n+k <= cap(vs) {
		if c.n.CompareAndSwap(int64(n), int64(n+k)) {
			vs = vs[:n+k]
			copy(vs[n:], es)
			c.w.Store(int64(n + k))
			return mkSeq(vs, s.x)
		}
		// A longer sequence over the array already holds elements after s's (a Raft follower
		// re-appending entries it has, maybe followed by new ones: log := SubSeq(log, 1, i) \o
		// entries): when they equal es's first ones, share them and write the rest in place if
		// the array's end is still free, instead of copying the whole array (O(k), and Equal
		// with the old sequence stays O(1)).
		if w := int(c.w.Load()); w > n {
			arr := vs[:cap(vs)]
			m := min(w, n+k) - n
			if equalElems(arr[n:n+m], es[:m]) {
				if m == k {
					return mkSeq(arr[:n+k], s.x)
				}
				if c.n.CompareAndSwap(int64(w), int64(n+k)) {
					copy(arr[w:n+k], es[m:])
					c.w.Store(int64(n + k))
					return mkSeq(arr[:n+k], s.x)
				}
			}
		}
	}
	nv := make([]Value, n+k, max(2*(n+k), 4))
	copy(nv, vs)
	copy(nv[n:], es)
	x := &valExt{}
	x.claim.n.Store(int64(n + k))
	x.claim.w.Store(int64(n + k))
	return mkSeq(nv, x)
}

// Error is the panic value of an operation TLA+ leaves undefined.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func fail(format string, args ...any) {
	panic(&Error{Msg: fmt.Sprintf(format, args...)})
}

var (
	True  = Value{k: KindBool, i: 1}
	False = Value{k: KindBool}
)

// MakeBool, MakeInt, MakeString and MakeModel build scalar values.
func MakeBool(b bool) Value {
	if b {
		return True
	}
	return False
}
func MakeInt(i int64) Value       { return Value{k: KindInt, i: i} }
func MakeString(s string) Value   { return Value{k: KindString, s: s} }
func MakeModel(name string) Value { return Value{k: KindModel, s: name} }

// DefaultInit is the value of an archetype local declared without an initial value (PGo's
// defaultInitValue).
var DefaultInit = MakeModel("defaultInitValue")

// MakeSet builds a set from any elements (duplicates removed).
func MakeSet(elems ...Value) Value {
	stat(opMakeSet, len(elems))
	return makeSet(elems...)
}

func makeSet(elems ...Value) Value {
	es := append([]Value(nil), elems...)
	if strictlySorted(es) { // e.g. decoding our own canonical encoding
		return Value{k: KindSet, keys: es}
	}
	sort.Slice(es, func(a, b int) bool { return Compare(es[a], es[b]) < 0 })
	out := es[:0]
	for i, e := range es {
		if i == 0 || Compare(out[len(out)-1], e) != 0 {
			out = append(out, e)
		}
	}
	return Value{k: KindSet, keys: out}
}

// MakeTuple builds <<e1, ..., en>> (the function 1..n -> ei).
func MakeTuple(elems ...Value) Value {
	stat(opMakeTuple, len(elems))
	return makeTuple(elems...)
}

func makeTuple(elems ...Value) Value {
	if len(elems) == 0 {
		return mkSeq(nil, nil)
	}
	return mkSeq(append([]Value(nil), elems...), nil)
}

func strictlySorted(es []Value) bool {
	for i := 1; i < len(es); i++ {
		if Compare(es[i-1], es[i]) >= 0 {
			return false
		}
	}
	return true
}

// fnValue builds a function from sorted, distinct keys, sharing the sequence keys when the domain
// is 1..n.
func fnValue(ks, vs []Value) Value {
	for i, k := range ks {
		if k.k != KindInt || k.i != int64(i+1) {
			return Value{k: KindFunction, keys: ks, vals: vs}
		}
	}
	return mkSeq(vs, nil)
}

// Field is one record field.
type Field struct {
	Name  string
	Value Value
}

// MakeRecord builds [f1 |-> v1, ...]; a repeated field keeps its last value.
func MakeRecord(fields ...Field) Value {
	stat(opMakeRecord, len(fields))
	ks := make([]Value, len(fields))
	vs := make([]Value, len(fields))
	for i, f := range fields {
		ks[i], vs[i] = MakeString(f.Name), f.Value
	}
	return makeFunction(ks, vs)
}

// MakeFunction builds the function mapping keys[i] to vals[i] (a repeated key keeps its last value).
func MakeFunction(keys, vals []Value) Value {
	stat(opMakeFunction, len(keys))
	return makeFunction(keys, vals)
}

func makeFunction(keys, vals []Value) Value {
	if strictlySorted(keys) {
		return fnValue(append([]Value(nil), keys...), append([]Value(nil), vals[:len(keys)]...))
	}
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return Compare(keys[idx[a]], keys[idx[b]]) < 0 })
	ks := make([]Value, 0, len(keys))
	vs := make([]Value, 0, len(keys))
	for _, i := range idx {
		if len(ks) > 0 && Compare(ks[len(ks)-1], keys[i]) == 0 {
			vs[len(vs)-1] = vals[i]
			continue
		}
		ks = append(ks, keys[i])
		vs = append(vs, vals[i])
	}
	return fnValue(ks, vs)
}

// Kind reports the value's kind.
func (v Value) Kind() Kind { return v.k }

// AsBool, AsInt and AsString extract scalars, panicking on a kind mismatch.
func (v Value) AsBool() bool {
	if v.k != KindBool {
		fail("expected a Boolean, got %v", v)
	}
	return v.i != 0
}
func (v Value) AsInt() int64 {
	if v.k != KindInt {
		fail("expected an integer, got %v", v)
	}
	return v.i
}
func (v Value) AsString() string {
	if v.k != KindString {
		fail("expected a string, got %v", v)
	}
	return v.s
}

// Elements returns a set's elements in order (do not modify).
func (v Value) Elements() []Value {
	if v.k == KindFunction && len(v.keys) == 0 {
		return nil // <<>> is also the empty set in the evaluator
	}
	if v.k != KindSet {
		fail("expected a set, got %v", v)
	}
	return v.keys[:len(v.keys):len(v.keys)]
}

// Domain returns a function's domain in order and its values (do not modify).
func (v Value) Pairs() (keys, vals []Value) {
	if v.k != KindFunction {
		fail("expected a function, got %v", v)
	}
	// Capacities cut: an append by the caller copies instead of writing a sequence's spare slots.
	vs := v.fnVals()
	return v.keys[:len(v.keys):len(v.keys)], vs[:len(vs):len(vs)]
}

// IsSeq reports whether v is a function with domain 1..n (including <<>>).
func (v Value) IsSeq() bool {
	if v.k != KindFunction {
		return false
	}
	if v.seq {
		return true
	}
	for i, k := range v.keys {
		if k.k != KindInt || k.i != int64(i+1) {
			return false
		}
	}
	return true
}

func (v Value) isRecord() bool {
	if v.k != KindFunction || len(v.keys) == 0 {
		return false
	}
	for _, k := range v.keys {
		if k.k != KindString {
			return false
		}
	}
	return true
}

// fnClass orders functions as the evaluator orders its variants: Seq < Record < Fn.
func (v Value) fnClass() int {
	switch {
	case v.IsSeq():
		return 0
	case v.isRecord():
		return 1
	}
	return 2
}

// Compare orders values totally (-1, 0, 1); 0 means equal.
func Compare(a, b Value) int {
	if a.k != b.k {
		if a.k < b.k {
			return -1
		}
		return 1
	}
	switch a.k {
	case KindBool, KindInt:
		switch {
		case a.i < b.i:
			return -1
		case a.i > b.i:
			return 1
		}
		return 0
	case KindString, KindModel:
		return strings.Compare(a.s, b.s)
	case KindSet:
		return compareSlices(a.keys, b.keys)
	}
	ca, cb := a.fnClass(), b.fnClass()
	if ca != cb {
		if ca < cb {
			return -1
		}
		return 1
	}
	if ca == 0 {
		return compareSlices(a.fnVals(), b.fnVals())
	}
	n := min(len(a.keys), len(b.keys))
	for i := 0; i < n; i++ {
		if c := Compare(a.keys[i], b.keys[i]); c != 0 {
			return c
		}
		if c := Compare(a.valAt(i), b.valAt(i)); c != 0 {
			return c
		}
	}
	return cmpInt(len(a.keys), len(b.keys))
}

func compareSlices(a, b []Value) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if c := Compare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return cmpInt(len(a), len(b))
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Equal is TLA+ equality (Compare(v, o) == 0, without ordering: values of different sizes differ
// at once, and slices shared by both values, e.g. an unchanged log, are not walked).
func (v Value) Equal(o Value) bool {
	stat(opEqual, max(v.size(), o.size()))
	return equal(v, o)
}

func equal(a, b Value) bool {
	if a.k != b.k {
		return false
	}
	switch a.k {
	case KindBool, KindInt:
		return a.i == b.i
	case KindString, KindModel:
		return a.s == b.s
	case KindSet:
		return equalSlices(a.keys, b.keys)
	}
	if len(a.keys) != len(b.keys) || (a.overlay() == nil && b.overlay() == nil && len(a.vals) != len(b.vals)) || a.fnClass() != b.fnClass() {
		return false
	}
	if !equalSlices(a.keys, b.keys) {
		return false
	}
	if a.overlay() != nil && a.overlay() == b.overlay() {
		return true
	}
	if oa, ob := a.overlay(), b.overlay(); oa != nil && ob != nil && len(oa.base) > 0 && len(ob.base) > 0 && &oa.base[0] == &ob.base[0] {
		// Two overlays over one range (e.g. two updates of one map): compare where they differ.
		for _, i := range oa.idx {
			if !equal(a.valAt(i), b.valAt(i)) {
				return false
			}
		}
		for _, i := range ob.idx {
			if !equal(a.valAt(i), b.valAt(i)) {
				return false
			}
		}
		return true
	}
	return equalSlices(a.fnVals(), b.fnVals())
}

// equalElems compares element by element (a and b are no slices of one array).
func equalElems(a, b []Value) bool {
	for i := range a {
		if !equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

func equalSlices(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] { // values are immutable: the same elements
		return true
	}
	for i := range a {
		if !equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// String prints the value in TLA+ syntax.
func (v Value) String() string {
	var b strings.Builder
	v.write(&b)
	return b.String()
}

func (v Value) write(b *strings.Builder) {
	switch v.k {
	case KindBool:
		if v.i != 0 {
			b.WriteString("TRUE")
		} else {
			b.WriteString("FALSE")
		}
	case KindInt:
		b.WriteString(strconv.FormatInt(v.i, 10))
	case KindString:
		b.WriteString(strconv.Quote(v.s))
	case KindModel:
		b.WriteString(v.s)
	case KindSet:
		b.WriteString("{")
		for i, e := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			e.write(b)
		}
		b.WriteString("}")
	case KindFunction:
		switch v.fnClass() {
		case 0:
			b.WriteString("<<")
			for i, e := range v.fnVals() {
				if i > 0 {
					b.WriteString(", ")
				}
				e.write(b)
			}
			b.WriteString(">>")
		case 1:
			b.WriteString("[")
			for i, k := range v.keys {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(k.s)
				b.WriteString(" |-> ")
				v.valAt(i).write(b)
			}
			b.WriteString("]")
		default:
			b.WriteString("(")
			for i, k := range v.keys {
				if i > 0 {
					b.WriteString(" @@ ")
				}
				k.write(b)
				b.WriteString(" :> ")
				v.valAt(i).write(b)
			}
			if len(v.keys) == 0 {
				b.WriteString("<<>>")
			}
			b.WriteString(")")
		}
	}
}
