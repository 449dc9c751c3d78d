package tla

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// Encode appends the binary encoding of v (used on the wire by the TCP mailboxes).
func Encode(buf []byte, v Value) []byte {
	n := len(buf)
	buf = encode(buf, v)
	stat(opEncode, len(buf)-n)
	return buf
}

// Encoder is Encode with a memory of the last long sequence it encoded: a sequence over the same
// array from the same element (a Raft leader's entries from a follower's nextIndex, re-sent in
// every AppendEntries until the follower answers, with the entries appended since) copies the
// encoding of the elements it shares with that one and encodes only the rest. The elements of an
// array below a sequence's length are never written (values are immutable), and the memory keeps
// the array alive, so its address identifies them. Not for concurrent use.
type Encoder struct {
	arr []Value // the remembered sequence's elements
	raw []byte  // their encoded (key, value) pairs
	off []int   // off[i] = end of pair i in raw
}

// encodeCacheMin is the length from which an Encoder remembers a sequence.
const encodeCacheMin = 64

// Encode is tla.Encode through e's memory.
func (e *Encoder) Encode(buf []byte, v Value) []byte {
	n := len(buf)
	buf = encodeE(buf, v, e)
	stat(opEncode, len(buf)-n)
	return buf
}

func encode(buf []byte, v Value) []byte { return encodeE(buf, v, nil) }

func encodeE(buf []byte, v Value, e *Encoder) []byte {
	if e != nil && v.k == KindFunction && v.seq && len(v.vals) >= encodeCacheMin {
		return e.encodeSeq(buf, v.vals)
	}
	buf = append(buf, byte(v.k))
	switch v.k {
	case KindBool, KindInt:
		buf = binary.AppendVarint(buf, v.i)
	case KindString, KindModel:
		buf = binary.AppendUvarint(buf, uint64(len(v.s)))
		buf = append(buf, v.s...)
	case KindSet:
		buf = binary.AppendUvarint(buf, uint64(len(v.keys)))
		for _, e := range v.keys {
			buf = encode(buf, e)
		}
	case KindFunction:
		buf = binary.AppendUvarint(buf, uint64(len(v.keys)))
		for i := range v.keys {
			buf = encodeE(buf, v.keys[i], e)
			buf = encodeE(buf, v.valAt(i), e)
		}
	}
	return buf
}

// encodeSeq encodes the sequence with elements vs (as encode does: its keys are 1..n).
func (e *Encoder) encodeSeq(buf []byte, vs []Value) []byte {
	buf = append(buf, byte(KindFunction))
	buf = binary.AppendUvarint(buf, uint64(len(vs)))
	p0 := len(buf)
	k := 0
	if len(e.arr) > 0 && &e.arr[0] == &vs[0] {
		k = min(len(e.off), len(vs))
		buf = append(buf, e.raw[:e.off[k-1]]...)
	}
	off := append(make([]int, 0, len(vs)), e.off[:k]...)
	for i := k; i < len(vs); i++ {
		buf = encode(buf, MakeInt(int64(i+1)))
		buf = encode(buf, vs[i])
		off = append(off, len(buf)-p0)
	}
	if k < len(vs) || len(e.arr) == 0 || &e.arr[0] != &vs[0] {
		e.arr, e.raw, e.off = vs, append([]byte(nil), buf[p0:]...), off
	}
	return buf
}

var errCorrupt = errors.New("tla: corrupt value encoding")

// Decode reads one value from buf and returns the rest. Sets and functions are re-canonicalised,
// so a corrupt or hostile encoding cannot produce an unordered value.
func Decode(buf []byte) (Value, []byte, error) {
	v, rest, err := decode(buf, 0)
	stat(opDecode, len(buf)-len(rest))
	return v, rest, err
}

// Decoder is Decode with a memory of the last long function it decoded (a TCP connection has
// one): a function whose encoding starts with the same pairs as that one's reuses their decoded
// values (after comparing the bytes) and decodes only the rest. Byte-equal encodings decode to
// equal values, so the result is Decode's. A Raft leader re-sends every entry from a follower's
// nextIndex in every AppendEntries until the follower answers; a follower catching up after a
// restart received the same thousands of entries again and again, and decoding each copy before
// acknowledging it held the leader's replication loop (which waits for that acknowledgement)
// for tens of ms per round on a loaded machine (docs/mpcal.md).
type Decoder struct{ last *fnCache }

// fnCache is the last long function a Decoder decoded: its pairs' encoding (part of a frame
// that is never written again), the end of each pair in it, and the pairs.
type fnCache struct {
	raw    []byte
	off    []int
	ks, vs []Value
}

// decodeCacheMin is the number of pairs from which a Decoder remembers a function.
const decodeCacheMin = 64

// Decode is tla.Decode through d's memory.
func (d *Decoder) Decode(buf []byte) (Value, []byte, error) {
	v, rest, err := decodeD(buf, 0, d)
	stat(opDecode, len(buf)-len(rest))
	return v, rest, err
}

func decode(buf []byte, depth int) (Value, []byte, error) { return decodeD(buf, depth, nil) }

func decodeD(buf []byte, depth int, d *Decoder) (Value, []byte, error) {
	if len(buf) == 0 || depth > 1000 {
		return Value{}, nil, errCorrupt
	}
	k := Kind(buf[0])
	buf = buf[1:]
	switch k {
	case KindBool, KindInt:
		i, n := binary.Varint(buf)
		if n <= 0 || (k == KindBool && i != 0 && i != 1) {
			return Value{}, nil, errCorrupt
		}
		return Value{k: k, i: i}, buf[n:], nil
	case KindString, KindModel:
		l, n := binary.Uvarint(buf)
		if n <= 0 || l > uint64(len(buf)-n) {
			return Value{}, nil, errCorrupt
		}
		return Value{k: k, s: string(buf[n : n+int(l)])}, buf[n+int(l):], nil
	case KindSet, KindFunction:
		l, n := binary.Uvarint(buf)
		if n <= 0 || l > uint64(len(buf)) {
			return Value{}, nil, errCorrupt
		}
		buf = buf[n:]
		var ks, vs []Value
		j0 := uint64(0)
		remember := d != nil && k == KindFunction && l >= decodeCacheMin
		start := buf
		var off []int
		if remember {
			if c := d.last; c != nil {
				if m := min(int(l), len(c.ks)); m > 0 {
					if span := c.off[m-1]; span <= len(buf) && bytes.Equal(buf[:span], c.raw[:span]) {
						ks = append([]Value(nil), c.ks[:m]...)
						vs = append([]Value(nil), c.vs[:m]...)
						off = append([]int(nil), c.off[:m]...)
						buf, j0 = buf[span:], uint64(m)
					}
				}
			}
		}
		for j := j0; j < l; j++ {
			var e Value
			var err error
			if e, buf, err = decodeD(buf, depth+1, d); err != nil {
				return Value{}, nil, err
			}
			ks = append(ks, e)
			if k == KindFunction {
				if e, buf, err = decodeD(buf, depth+1, d); err != nil {
					return Value{}, nil, err
				}
				vs = append(vs, e)
			}
			if remember {
				off = append(off, len(start)-len(buf))
			}
		}
		if remember {
			d.last = &fnCache{raw: start[:len(start)-len(buf)], off: off, ks: ks, vs: vs}
		}
		if k == KindSet {
			return makeSet(ks...), buf, nil
		}
		return makeFunction(ks, vs), buf, nil
	}
	return Value{}, nil, errCorrupt
}
