package tla

import (
	"fmt"
	"testing"
)

func entrySeq(from, n int) []Value {
	es := make([]Value, n)
	for i := range es {
		es[i] = MakeRecord(Field{"term", MakeInt(2)}, Field{"cmd", MakeString(fmt.Sprintf("put k%d v%d", from+i, from+i))})
	}
	return es
}

func message(commit int, entries []Value) Value {
	return MakeRecord(Field{"mtype", MakeString("apq")}, Field{"mcommitIndex", MakeInt(int64(commit))},
		Field{"mentries", MakeTuple(entries...)})
}

// A Decoder decodes a message that repeats the previous one's long entry list (plus new
// entries, other fields changed) to the value Decode gives, reusing the entries it decoded before
// (the same element values, not new copies); a list that starts differently, or a shorter one,
// is decoded correctly too.
func TestDecoderReusesARepeatedLongPrefix(t *testing.T) {
	var d Decoder
	es := entrySeq(1, 500)
	check := func(what string, v Value) Value {
		t.Helper()
		buf := Encode(nil, v)
		got, rest, err := d.Decode(buf)
		if err != nil || len(rest) != 0 {
			t.Fatalf("%s: %v", what, err)
		}
		plain, _, _ := Decode(buf)
		if !got.Equal(v) || !got.Equal(plain) || Compare(got, plain) != 0 || got.String() != plain.String() {
			t.Fatalf("%s: decoded differently", what)
		}
		return got
	}
	first := check("first", message(10, es))
	again := check("re-sent with new entries and another commit index", message(11, append(append([]Value(nil), es...), entrySeq(501, 7)...)))
	e1, e2 := Dot(first, "mentries"), Dot(again, "mentries")
	_, v1 := e1.Pairs()
	_, v2 := e2.Pairs()
	for i := range v1 {
		if &v1[i].vals[0] != &v2[i].vals[0] {
			t.Fatalf("entry %d was decoded again, not reused", i+1)
		}
	}
	_, v2b := Dot(check("the same again", message(11, append(append([]Value(nil), es...), entrySeq(501, 7)...))), "mentries").Pairs()
	if &v2b[506].vals[0] != &v2[506].vals[0] {
		t.Fatal("the longer list was not remembered")
	}
	check("a shorter prefix", message(12, es[:100]))
	check("another start", message(12, entrySeq(2, 600)))
	check("a different entry inside", message(12, append(entrySeq(2, 300), entrySeq(9000, 300)...)))
	// a corrupt frame after a remembered one is still rejected
	buf := Encode(nil, message(13, entrySeq(2, 600)))
	if _, _, err := d.Decode(buf[:len(buf)-3]); err == nil {
		t.Fatal("a truncated encoding decoded")
	}
}
