package tla

import "testing"

// A Raft follower handles every AppendEntries as log := SubSeq(log, 1, i) \o entries, mostly with
// entries it already holds. The result must share the log's array (no O(log) copy per message,
// and Equal with the old log stays O(1)); entries that differ must not change the old log.
func TestReappendSharesEqualElements(t *testing.T) {
	entry := func(i int64) Value {
		return MakeRecord(Field{Name: "term", Value: MakeInt(1)}, Field{Name: "v", Value: MakeInt(i)})
	}
	log := MakeTuple()
	for i := int64(1); i <= 100; i++ {
		log = Append(log, entry(i))
	}
	prefix := SubSeq(log, MakeInt(1), MakeInt(97))
	again := Concat(prefix, MakeTuple(entry(98), entry(99))) // decoded afresh: equal, not identical
	_, lv := log.Pairs()
	_, av := again.Pairs()
	if len(av) != 99 || !again.Equal(SubSeq(log, MakeInt(1), MakeInt(99))) {
		t.Fatalf("wrong result %v", again)
	}
	if &av[0] != &lv[0] {
		t.Fatal("re-appending equal entries copied the whole log")
	}
	full := Concat(prefix, MakeTuple(entry(98), entry(99), entry(100)))
	if _, fv := full.Pairs(); &fv[0] != &lv[0] || !full.Equal(log) {
		t.Fatal("re-appending the whole tail must give the log itself")
	}
	// a different entry: a new array, the old log unchanged
	other := Concat(prefix, MakeTuple(entry(98), entry(-1)))
	if _, ov := other.Pairs(); &ov[0] == &lv[0] {
		t.Fatal("a different entry was written over the shared array")
	}
	if !Apply(log, MakeInt(99)).Equal(entry(99)) || !Apply(other, MakeInt(99)).Equal(entry(-1)) {
		t.Fatalf("log[99] = %v, other[99] = %v", Apply(log, MakeInt(99)), Apply(other, MakeInt(99)))
	}
	// equal entries followed by new ones (a pipelined AppendEntries): shared, the new ones in place
	longer := Concat(prefix, MakeTuple(entry(98), entry(99), entry(100), entry(101), entry(102)))
	if _, gv := longer.Pairs(); &gv[0] != &lv[0] || Len(longer).AsInt() != 102 || !Apply(longer, MakeInt(102)).Equal(entry(102)) {
		t.Fatal("re-appending held entries plus new ones copied the log, or lost entries")
	}
	if Len(log).AsInt() != 100 || !SubSeq(longer, MakeInt(1), MakeInt(100)).Equal(log) {
		t.Fatal("the old log changed")
	}
	// the shared result can still grow: an append past the log's end takes the slot (or copies)
	grown := Append(full, entry(-101))
	if Len(grown).AsInt() != 101 || !Apply(grown, MakeInt(101)).Equal(entry(-101)) || Len(log).AsInt() != 100 ||
		!Apply(longer, MakeInt(101)).Equal(entry(101)) {
		t.Fatal("append after a shared re-append")
	}
}

// Sequences longer than 32K elements used to get key arrays of their own, so every append to a
// long Raft log allocated and filled O(n) keys; the keys are one shared array at every length.
func TestSeqKeysShareOneArrayPastOldBound(t *testing.T) {
	const n = 100_000
	first := seqKeys(n)
	if len(first) != n || first[0].AsInt() != 1 || first[n-1].AsInt() != n {
		t.Fatalf("seqKeys(%d) is not 1..%d", n, n)
	}
	if allocs := testing.AllocsPerRun(10, func() { _ = seqKeys(n - 1) }); allocs != 0 {
		t.Fatalf("seqKeys below the largest length allocated %.0f times per call", allocs)
	}
	s := MakeTuple()
	one := []Value{MakeInt(7)}
	for i := 0; i < n; i++ {
		s = appendSeq(s, one)
	}
	// appending to the longest sequence is amortised O(1): most appends allocate nothing
	if allocs := testing.AllocsPerRun(100, func() { s = appendSeq(s, one) }); allocs > 0.1 {
		t.Fatalf("append to a %d-element sequence allocated %.2f times per call", n, allocs)
	}
}
