package raftkvs

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// earlyFsync: true turns EarlyFsync on (off by default), and a leader's plog resource
// makes a committed log write durable by itself, without any barrier call (the leader's fsync runs
// while its AppendEntries step wakes and pre-commits); a follower's, or one without it, leaves the
// write volatile until someone calls the barrier.
func TestEarlyFsyncStartsAtCommit(t *testing.T) {
	if (&Config{}).StartsEarlyFsync() || !(&Config{EarlyFsync: true}).StartsEarlyFsync() {
		t.Fatal("earlyFsync is not an opt-in switch")
	}
	k := (&Config{}).Constants()
	entries := func(n int) tla.Value {
		var es []tla.Value
		for i := 0; i < n; i++ {
			es = append(es, tla.MakeRecord(tla.Field{Name: "term", Value: tla.MakeInt(1)}, tla.Field{Name: "i", Value: tla.MakeInt(int64(i))}))
		}
		return tla.MakeRecord(tla.Field{Name: "cmd", Value: k.Get("LogConcat")}, tla.Field{Name: "entries", Value: tla.MakeTuple(es...)})
	}
	durableAfterCommit := func(syncIdle func(int) bool, wait time.Duration) int {
		seq, err := distsys.OpenDurableSeq(filepath.Join(t.TempDir(), "plog.seq"))
		if err != nil {
			t.Fatal(err)
		}
		defer seq.Close()
		p := newPlogResource(k, seq, false, seq.Value())
		p.syncIdle = syncIdle
		if err := p.Write(entries(3)); err != nil {
			t.Fatal(err)
		}
		if err := p.PreCommit(); err != nil {
			t.Fatal(err)
		}
		if err := p.Commit(); err != nil {
			t.Fatal(err)
		}
		if seq.Value().Equal(tla.MakeTuple()) {
			t.Fatal("the commit wrote nothing")
		}
		end := time.Now().Add(wait)
		for seq.DurableLen() < 3 && time.Now().Before(end) {
			time.Sleep(time.Millisecond)
		}
		return seq.DurableLen()
	}
	leads := func(int) bool { return true }
	follows := func(int) bool { return false }
	if n := durableAfterCommit(leads, 5*time.Second); n != 3 {
		t.Fatalf("a leader with EarlyFsync: %d of 3 entries durable 5 s after the commit, no fsync was started", n)
	}
	if n := durableAfterCommit(follows, 100*time.Millisecond); n != 0 {
		t.Fatalf("a follower: %d entries durable without a barrier", n)
	}
	if n := durableAfterCommit(nil, 100*time.Millisecond); n != 0 {
		t.Fatalf("without EarlyFsync: %d entries durable without a barrier (the contrast of the test is gone)", n)
	}
}

// The condition: only a leader, and only while every entry before the write is committed (no
// other request in flight, so no later write will ride on the same AppendEntries).
func TestEarlyFsyncOnlyWithNothingInFlight(t *testing.T) {
	k := (&Config{}).Constants()
	state, err := distsys.NewShared(Follower(k), distsys.SharedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	commit, err := distsys.NewShared(tla.MakeInt(4), distsys.SharedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	when := earlyFsyncWhen(k, state, commit)
	if when(4) {
		t.Fatal("a follower starts early fsyncs")
	}
	set := func(sh *distsys.Shared, v tla.Value) {
		h := sh.Handle()
		if err := h.Write(v); err != nil {
			t.Fatal(err)
		}
		if err := h.PreCommit(); err != nil {
			t.Fatal(err)
		}
		if err := h.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	set(state, Leader(k))
	if !when(4) {
		t.Fatal("a leader with every earlier entry committed (4 of 4) starts no early fsync")
	}
	if when(6) {
		t.Fatal("a leader with entries 5-6 uncommitted (requests in flight) starts an early fsync")
	}
}
