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

func message(commit int, entries []Value) Value { return messageV(commit, MakeTuple(entries...)) }

func messageV(commit int, entries Value) Value {
	return MakeRecord(Field{"mtype", MakeString("apq")}, Field{"mcommitIndex", MakeInt(int64(commit))},
		Field{"mentries", entries})
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

// An Encoder encodes exactly as Encode, also for sequences over an array it encoded a prefix of
// before (a log's suffix re-sent with new entries, through SubSeq and Append), and copies the
// remembered prefix instead of encoding it again.
func TestEncoderReusesARepeatedPrefix(t *testing.T) {
	var e Encoder
	log := MakeTuple(entrySeq(1, 300)...)
	for i := 0; i < 20; i++ {
		log = Append(log, entrySeq(1000+i, 1)[0])
	}
	same := func(what string, v Value) {
		t.Helper()
		if got, want := e.Encode([]byte{9}, v), Encode([]byte{9}, v); string(got) != string(want) {
			t.Fatalf("%s: encoded differently", what)
		}
	}
	suffix := SubSeq(log, MakeInt(50), Len(log))
	same("a suffix", messageV(1, suffix))
	if len(e.off) != 271 || &e.arr[0] != &seq(suffix)[0] {
		t.Fatalf("not remembered: %d pairs", len(e.off))
	}
	longer := SubSeq(Append(log, entrySeq(5000, 1)[0]), MakeInt(50), MakeInt(321))
	if &seq(longer)[0] != &seq(suffix)[0] {
		t.Fatal("the test needs the longer suffix over the same array")
	}
	e.raw[0] ^= 0xff // poison the remembered bytes: a reuse shows in the output
	got := e.Encode(nil, messageV(2, longer))
	e.raw[0] ^= 0xff
	if string(got) == string(Encode(nil, messageV(2, longer))) {
		t.Fatal("the remembered prefix was encoded again, not copied")
	}
	same("the longer suffix", messageV(3, longer))
	same("a shorter one", messageV(3, SubSeq(log, MakeInt(50), MakeInt(120))))
	same("another start", messageV(3, SubSeq(log, MakeInt(51), Len(log))))
	same("another log", message(3, entrySeq(7, 400)))
}
