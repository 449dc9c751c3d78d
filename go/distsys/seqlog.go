package distsys

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// DurableSeq is a TLA+ sequence kept durably as an append-only file of operations ("keep the
// first n elements, then append these"), so that appending one entry costs one record and one
// fsync, not a rewrite of the whole sequence (a Raft log). Each record is
// [u32 length][u32 CRC-32C of the payload][payload = tla.Encode(<<n, <<entries...>>>>)].
// Opening replays the file; a torn or corrupt record at the end (a crash during a write) is cut
// off, and so are the records after it.
//
// Group commit: ApplyDeferred writes without fsync and Barrier makes every record written so far
// durable with one fsync for all the records written meanwhile (by any goroutine); a Barrier
// caller that finds an fsync under way waits for it and, if its records came later, runs the next.
type DurableSeq struct {
	mu    sync.Mutex
	f     *os.File
	items []tla.Value

	cond            *sync.Cond
	written, synced uint64 // Apply/ApplyDeferred calls written; covered by a completed fsync
	syncing         bool
	syncErr         error
	syncs           int
	// durLen: the first durLen elements are durable and equal to items' (an fsync covered
	// the writes that made them, and no later write changed them); lowKeep: the smallest Keep
	// written while an fsync is under way (those elements may have changed after its start).
	durLen, lowKeep int
	// SyncIfIdle's load estimate: when the last record was written, the gap between the last
	// two writes, and how long the last fsync took.
	lastWrite         time.Time
	writeGap, syncDur time.Duration
}

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// OpenDurableSeq opens (creating) the file at path and replays it.
func OpenDurableSeq(path string) (*DurableSeq, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	d := &DurableSeq{f: f}
	d.cond = sync.NewCond(&d.mu)
	off := 0
	for off+8 <= len(b) {
		n := int(binary.BigEndian.Uint32(b[off:]))
		sum := binary.BigEndian.Uint32(b[off+4:])
		if n > MaxFrame || off+8+n > len(b) || crc32.Checksum(b[off+8:off+8+n], crcTable) != sum {
			break
		}
		keep, ents, err := decodeSeqOp(b[off+8 : off+8+n])
		if err != nil || keep > len(d.items) {
			break
		}
		d.items = append(d.items[:keep], ents...)
		off += 8 + n
	}
	if off != len(b) {
		if err := f.Truncate(int64(off)); err != nil {
			f.Close()
			return nil, err
		}
	}
	if _, err := f.Seek(int64(off), io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	// What was replayed may still be only in the page cache (the previous process wrote it
	// and was killed before its fsync): make it durable before counting it so.
	if err := f.Sync(); err != nil {
		f.Close()
		return nil, err
	}
	d.durLen = len(d.items)
	return d, nil
}

func decodeSeqOp(p []byte) (int, []tla.Value, error) {
	v, rest, err := tla.Decode(p)
	if err != nil || len(rest) != 0 || !v.IsSeq() {
		return 0, nil, errors.New("bad record")
	}
	_, parts := v.Pairs()
	if len(parts) != 2 || parts[0].Kind() != tla.KindInt || !parts[1].IsSeq() || parts[0].AsInt() < 0 {
		return 0, nil, errors.New("bad record")
	}
	_, ents := parts[1].Pairs()
	return int(parts[0].AsInt()), append([]tla.Value(nil), ents...), nil
}

// Value is the sequence.
func (d *DurableSeq) Value() tla.Value {
	d.mu.Lock()
	defer d.mu.Unlock()
	return tla.MakeTuple(d.items...)
}

// SeqOp keeps the first Keep elements, then appends Append.
type SeqOp struct {
	Keep   int
	Append []tla.Value
}

// Apply writes the operations as records, fsyncs, and then applies them.
func (d *DurableSeq) Apply(ops []SeqOp) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.write(ops); err != nil {
		return err
	}
	t := time.Now()
	if err := d.f.Sync(); err != nil {
		return err
	}
	profSync("seq", t)
	d.syncs++
	d.synced = d.written
	d.durLen = len(d.items)
	return nil
}

// DurableLen is the length of the prefix of the sequence known to be durable.
func (d *DurableSeq) DurableLen() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.durLen
}

// WaitDurable returns once the first n elements (or all, if the sequence is shorter) are
// durable, running or joining fsyncs only while they are not (or the first fsync error): unlike
// Barrier it does not wait for writes after them (e.g. a Raft log's new entries, when only
// those up to a commit index must be durable).
func (d *DurableSeq) WaitDurable(n int) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for {
		target := n
		if len(d.items) < target {
			target = len(d.items)
		}
		if d.durLen >= target || d.syncErr != nil {
			return d.syncErr
		}
		if err := d.barrierTo(d.written); err != nil {
			return err
		}
	}
}

// ApplyDeferred writes the operations as records and applies them, without fsync: they are
// durable after the next Barrier (or Apply) returns.
func (d *DurableSeq) ApplyDeferred(ops []SeqOp) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.write(ops)
}

// Barrier returns once every record written before the call is durable (or the first fsync
// error, which sticks).
func (d *DurableSeq) Barrier() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.barrierTo(d.written)
}

// SyncIfIdle starts, in the background, an fsync of every record written so far when no fsync
// is under way, some record is not yet durable, and writes are sparse (the last two came further
// apart than the last fsync took), and reports whether it did. A later Barrier joins it (group
// commit). Under load it starts nothing: a write made while an early fsync runs would need a
// second fsync after it before the message that carries both may leave (two fsyncs in a row
// where the Barrier alone runs one), so there the Barrier batches the writes as before.
func (d *DurableSeq) SyncIfIdle() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.syncing || d.synced >= d.written || d.syncErr != nil || d.f == nil {
		return false
	}
	if d.syncDur > 0 && d.writeGap < d.syncDur {
		return false
	}
	d.syncing = true // before the goroutine runs: a second call, or a Barrier, joins this fsync
	go func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.f == nil { // closed meanwhile
			d.syncing = false
			d.cond.Broadcast()
			return
		}
		d.syncLocked()
	}()
	return true
}

// Mark names the records written so far (for BarrierTo).
func (d *DurableSeq) Mark() uint64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.written
}

// BarrierTo returns once every record written before Mark returned mark is durable (or the
// first fsync error, which sticks); records written after it need not be.
func (d *DurableSeq) BarrierTo(mark uint64) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.barrierTo(mark)
}

// barrierTo is Barrier up to target records; d.mu is held.
func (d *DurableSeq) barrierTo(target uint64) error {
	for d.synced < target && d.syncErr == nil {
		if d.syncing {
			d.cond.Wait()
			continue
		}
		if d.f == nil {
			return errors.New("durable sequence is closed")
		}
		d.syncing = true
		d.syncLocked()
	}
	return d.syncErr
}

// syncLocked runs one fsync of every record written so far; d.mu is held and d.syncing was set
// by the caller (and is cleared here).
func (d *DurableSeq) syncLocked() {
	f, upto, size := d.f, d.written, len(d.items)
	d.lowKeep = size
	d.mu.Unlock()
	t := time.Now()
	err := f.Sync()
	profSync("seq-barrier", t)
	d.mu.Lock()
	d.syncDur = time.Since(t)
	d.syncing = false
	d.syncs++
	if err != nil {
		d.syncErr = err
	} else {
		if upto > d.synced {
			d.synced = upto
		}
		if d.lowKeep > d.durLen { // the writes during the fsync kept lowKeep elements
			d.durLen = d.lowKeep
		}
	}
	d.cond.Broadcast()
}

// Syncs is the number of fsyncs so far.
func (d *DurableSeq) Syncs() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.syncs
}

func (d *DurableSeq) write(ops []SeqOp) error {
	if d.f == nil {
		return errors.New("durable sequence is closed")
	}
	var buf []byte
	n := len(d.items)
	for _, op := range ops {
		if op.Keep < 0 || op.Keep > n {
			return fmt.Errorf("durable sequence: keep %d of %d elements", op.Keep, n)
		}
		n = op.Keep + len(op.Append)
		p := tla.Encode(nil, tla.MakeTuple(tla.MakeInt(int64(op.Keep)), tla.MakeTuple(op.Append...)))
		var hdr [8]byte
		binary.BigEndian.PutUint32(hdr[:], uint32(len(p)))
		binary.BigEndian.PutUint32(hdr[4:], crc32.Checksum(p, crcTable))
		buf = append(append(buf, hdr[:]...), p...)
	}
	if _, err := d.f.Write(buf); err != nil {
		return err
	}
	now := time.Now()
	d.writeGap, d.lastWrite = now.Sub(d.lastWrite), now
	d.written++
	for _, op := range ops {
		d.items = append(d.items[:op.Keep], op.Append...)
		if op.Keep < d.durLen {
			d.durLen = op.Keep
		}
		if d.syncing && op.Keep < d.lowKeep {
			d.lowKeep = op.Keep
		}
	}
	return nil
}

// Close closes the file.
func (d *DurableSeq) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.f == nil {
		return nil
	}
	err := d.f.Close()
	d.f = nil
	return err
}
