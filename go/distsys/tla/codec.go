package tla

import (
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

func encode(buf []byte, v Value) []byte {
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
			buf = encode(buf, v.keys[i])
			buf = encode(buf, v.valAt(i))
		}
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

func decode(buf []byte, depth int) (Value, []byte, error) {
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
		for j := uint64(0); j < l; j++ {
			var e Value
			var err error
			if e, buf, err = decode(buf, depth+1); err != nil {
				return Value{}, nil, err
			}
			ks = append(ks, e)
			if k == KindFunction {
				if e, buf, err = decode(buf, depth+1); err != nil {
					return Value{}, nil, err
				}
				vs = append(vs, e)
			}
		}
		if k == KindSet {
			return makeSet(ks...), buf, nil
		}
		return makeFunction(ks, vs), buf, nil
	}
	return Value{}, nil, errCorrupt
}
