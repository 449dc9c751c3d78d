package distsys

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// WaitDurable(n) fsyncs only while the first n elements are not durable: writes after them
// (appends) do not make it wait, a write that changes one of them (a truncation) does.
func TestDurableSeqWaitDurableOnlyForThePrefix(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.seq")
	d, err := OpenDurableSeq(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ints := func(xs ...int64) []tla.Value {
		var vs []tla.Value
		for _, x := range xs {
			vs = append(vs, tla.MakeInt(x))
		}
		return vs
	}
	write := func(keep int, xs ...int64) {
		t.Helper()
		if err := d.ApplyDeferred([]SeqOp{{Keep: keep, Append: ints(xs...)}}); err != nil {
			t.Fatal(err)
		}
	}
	wait := func(n, wantSyncs, wantDur int) {
		t.Helper()
		before := d.Syncs()
		if err := d.WaitDurable(n); err != nil {
			t.Fatal(err)
		}
		if got := d.Syncs() - before; got != wantSyncs {
			t.Fatalf("WaitDurable(%d) ran %d fsyncs, want %d", n, got, wantSyncs)
		}
		if got := d.DurableLen(); got != wantDur {
			t.Fatalf("after WaitDurable(%d): durable prefix %d, want %d", n, got, wantDur)
		}
	}
	write(0, 1, 2, 3)
	wait(2, 1, 3)
	write(3, 4, 5) // appended after the durable prefix
	wait(3, 0, 3)  // entries 1..3 are durable: no fsync for 4, 5
	wait(4, 1, 5)
	write(2, 9) // truncates to 2 and appends: element 3 changed
	if got := d.DurableLen(); got != 2 {
		t.Fatalf("after a truncation to 2: durable prefix %d", got)
	}
	wait(2, 0, 2)
	wait(3, 1, 3)
	wait(10, 0, 3) // longer than the sequence: all of it, already durable
	write(3, 10)
	wait(10, 1, 4)
	// after a reopen (the records may not have been fsync'd by the writer), all is durable
	write(4, 11)
	d.Close()
	d2, err := OpenDurableSeq(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if got, want := d2.DurableLen(), 5; got != want || !d2.Value().Equal(tla.MakeTuple(ints(1, 2, 9, 10, 11)...)) {
		t.Fatalf("reopened: durable prefix %d (want %d), value %v", got, want, d2.Value())
	}
}

// BeforePublishValue sees the value about to become visible, and its error fails the commit
// (the value stays unpublished).
func TestSharedBeforePublishValue(t *testing.T) {
	var seen []int64
	fail := false
	sh, err := NewShared(tla.MakeInt(0), SharedOptions{BeforePublishValue: func(v tla.Value) error {
		seen = append(seen, v.AsInt())
		if fail {
			return ErrNotReadable
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	h := sh.Handle()
	for _, v := range []int64{3, 3, 5} {
		if err := h.Write(tla.MakeInt(v)); err != nil {
			t.Fatal(err)
		}
		if err := h.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) != 2 || seen[0] != 3 || seen[1] != 5 {
		t.Fatalf("BeforePublishValue saw %v, want [3 5] (unchanged values are not published)", seen)
	}
	fail = true
	_ = h.Write(tla.MakeInt(7))
	if err := h.Commit(); err == nil {
		t.Fatal("a failing BeforePublishValue did not fail the commit")
	}
	if got := sh.Value().AsInt(); got != 5 {
		t.Fatalf("value %d published although BeforePublishValue failed", got)
	}
}

// SyncIfIdle starts one background fsync that makes every record written so far durable, and
// starts none while one is under way or when nothing is left to sync; a Barrier after it joins it.
func TestDurableSeqSyncIfIdle(t *testing.T) {
	d, err := OpenDurableSeq(filepath.Join(t.TempDir(), "s.seq"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if d.SyncIfIdle() {
		t.Fatal("an fsync was started with nothing written")
	}
	if err := d.ApplyDeferred([]SeqOp{{Keep: 0, Append: []tla.Value{tla.MakeInt(1), tla.MakeInt(2)}}}); err != nil {
		t.Fatal(err)
	}
	if !d.SyncIfIdle() {
		t.Fatal("no fsync started for a written record")
	}
	if d.SyncIfIdle() {
		t.Fatal("a second fsync was started while the first is under way (or already done)")
	}
	end := time.Now().Add(5 * time.Second)
	for d.DurableLen() < 2 && time.Now().Before(end) {
		time.Sleep(time.Millisecond)
	}
	if d.DurableLen() != 2 {
		t.Fatalf("durable %d of 2 elements after SyncIfIdle", d.DurableLen())
	}
	if err := d.Barrier(); err != nil {
		t.Fatal(err)
	}
	if d.Syncs() != 1 {
		t.Fatalf("%d fsyncs, want 1 (the barrier had nothing left to sync)", d.Syncs())
	}
	if d.SyncIfIdle() {
		t.Fatal("an fsync was started with everything durable")
	}
}

// Under load (writes closer together than the last fsync took) SyncIfIdle starts nothing, so a
// message never waits for an early fsync and then another one for the writes made during it.
func TestDurableSeqSyncIfIdleNotUnderLoad(t *testing.T) {
	d, err := OpenDurableSeq(filepath.Join(t.TempDir(), "s.seq"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	write := func() {
		t.Helper()
		if err := d.ApplyDeferred([]SeqOp{{Keep: 0, Append: []tla.Value{tla.MakeInt(1)}}}); err != nil {
			t.Fatal(err)
		}
	}
	write()
	if err := d.Barrier(); err != nil {
		t.Fatal(err)
	}
	d.mu.Lock()
	d.syncDur = time.Hour // the last fsync took longer than any gap between writes below
	d.mu.Unlock()
	write()
	write()
	if d.SyncIfIdle() {
		t.Fatal("an early fsync was started while writes come faster than fsyncs")
	}
	d.mu.Lock()
	d.syncDur = time.Nanosecond
	d.mu.Unlock()
	time.Sleep(time.Millisecond)
	write()
	if !d.SyncIfIdle() {
		t.Fatal("no early fsync although writes are sparse")
	}
	if err := d.Barrier(); err != nil {
		t.Fatal(err)
	}
}
