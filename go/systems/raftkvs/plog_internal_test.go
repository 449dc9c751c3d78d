package raftkvs

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// A step that pops entries and appends the same ones again (a follower handling an AppendEntries
// it has already applied) writes nothing; a step that changes the log's tail writes only from
// the first changed entry, and the result survives a reopen.
func TestPlogRewritesOnlyWhatChanged(t *testing.T) {
	k := (&Config{}).Constants()
	path := filepath.Join(t.TempDir(), "plog.seq")
	seq, err := distsys.OpenDurableSeq(path)
	if err != nil {
		t.Fatal(err)
	}
	p := newPlogResource(k, seq, false, seq.Value())
	entry := func(term int64, v string) tla.Value {
		return tla.MakeRecord(tla.Field{Name: "term", Value: tla.MakeInt(term)}, tla.Field{Name: "v", Value: tla.MakeString(v)})
	}
	concat := func(es ...tla.Value) tla.Value {
		return tla.MakeRecord(tla.Field{Name: "cmd", Value: k.Get("LogConcat")}, tla.Field{Name: "entries", Value: tla.MakeTuple(es...)})
	}
	pop := func(n int64) tla.Value {
		return tla.MakeRecord(tla.Field{Name: "cmd", Value: k.Get("LogPop")}, tla.Field{Name: "cnt", Value: tla.MakeInt(n)})
	}
	step := func(ws ...tla.Value) {
		t.Helper()
		for _, w := range ws {
			if err := p.Write(w); err != nil {
				t.Fatal(err)
			}
		}
		if err := p.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	size := func() int64 {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	a, b, c, d := entry(1, "a"), entry(1, "b"), entry(1, "c"), entry(2, "d")
	step(pop(0), concat(a, b, c))
	full := size()
	step(pop(2), concat(entry(1, "b"), entry(1, "c"))) // equal entries, decoded afresh
	if size() != full {
		t.Fatalf("re-appending the same entries wrote %d bytes", size()-full)
	}
	step(pop(1), concat(d))
	if !seq.Value().Equal(tla.MakeTuple(a, b, d)) {
		t.Fatalf("log %v", seq.Value())
	}
	seq.Close()
	again, err := distsys.OpenDurableSeq(path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if !again.Value().Equal(tla.MakeTuple(a, b, d)) {
		t.Fatalf("after reopen %v", again.Value())
	}
}
