// Package store compares durable stores for raftkvs's persistent state on its log workload: the
// standard-library stores of go/distsys (DurableSeq for the log, FileStore for currentTerm) and
// two embedded stores from the Go module proxy, bbolt and Badger. It is a separate module so that
// go/ does not depend on the stores it does not use. Run: bench/mpcal/store.sh.
package store

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"testing"

	badger "github.com/dgraph-io/badger/v4"
	bolt "go.etcd.io/bbolt"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// logStore is raftkvs's durable state: the log (truncate to keep entries, then append, durable
// when the call returns: a follower answers AppendEntries only after that) and currentTerm.
type logStore interface {
	Apply(keep int, ents []tla.Value) error
	SetTerm(t int64) error
	// Load reads everything back (after a reopen).
	Load() ([]tla.Value, int64, error)
	Close() error
}

// ---- ours: distsys.DurableSeq (append-only records, one fsync per Apply) + FileStore ----

type ours struct {
	dir   string
	seq   *distsys.DurableSeq
	store *distsys.FileStore
}

func openOurs(dir string) (logStore, error) {
	seq, err := distsys.OpenDurableSeq(filepath.Join(dir, "plog.seq"))
	if err != nil {
		return nil, err
	}
	st, err := distsys.OpenFileStore(dir)
	if err != nil {
		return nil, err
	}
	return &ours{dir: dir, seq: seq, store: st}, nil
}

func (o *ours) Apply(keep int, ents []tla.Value) error {
	return o.seq.Apply([]distsys.SeqOp{{Keep: keep, Append: ents}})
}
func (o *ours) SetTerm(t int64) error { return o.store.Save("currentTerm", tla.MakeInt(t)) }
func (o *ours) Load() ([]tla.Value, int64, error) {
	_, ents := o.seq.Value().Pairs()
	t, _, err := o.store.Load("currentTerm", tla.MakeInt(0))
	return ents, t.AsInt(), err
}
func (o *ours) Close() error { return o.seq.Close() }

// ---- bbolt: a B+tree file, one read-write transaction (fsync'd commit) per call ----

type boltStore struct {
	db  *bolt.DB
	len int
}

var logBucket, metaBucket = []byte("log"), []byte("meta")

func key(i int) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], uint64(i))
	return k[:]
}

func openBolt(dir string) (logStore, error) {
	db, err := bolt.Open(filepath.Join(dir, "raft.bolt"), 0o644, nil)
	if err != nil {
		return nil, err
	}
	s := &boltStore{db: db}
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(logBucket)
		if err != nil {
			return err
		}
		s.len = b.Stats().KeyN
		_, err = tx.CreateBucketIfNotExists(metaBucket)
		return err
	})
	return s, err
}

func (s *boltStore) Apply(keep int, ents []tla.Value) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(logBucket)
		for i := keep + 1; i <= s.len; i++ {
			if err := b.Delete(key(i)); err != nil {
				return err
			}
		}
		for j, e := range ents {
			if err := b.Put(key(keep+1+j), tla.Encode(nil, e)); err != nil {
				return err
			}
		}
		s.len = keep + len(ents)
		return nil
	})
}

func (s *boltStore) SetTerm(t int64) error {
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(metaBucket).Put([]byte("currentTerm"), key(int(t))) })
}

func (s *boltStore) Load() ([]tla.Value, int64, error) {
	var ents []tla.Value
	var term int64
	err := s.db.View(func(tx *bolt.Tx) error {
		err := tx.Bucket(logBucket).ForEach(func(_, v []byte) error {
			e, _, err := tla.Decode(v)
			ents = append(ents, e)
			return err
		})
		if t := tx.Bucket(metaBucket).Get([]byte("currentTerm")); t != nil {
			term = int64(binary.BigEndian.Uint64(t))
		}
		return err
	})
	return ents, term, err
}
func (s *boltStore) Close() error { return s.db.Close() }

// ---- Badger: an LSM tree with a value log, SyncWrites (fsync per transaction) ----

type badgerStore struct {
	db  *badger.DB
	len int
}

func openBadger(dir string) (logStore, error) {
	db, err := badger.Open(badger.DefaultOptions(filepath.Join(dir, "badger")).WithSyncWrites(true).WithLogger(nil))
	if err != nil {
		return nil, err
	}
	s := &badgerStore{db: db}
	ents, _, err := s.Load()
	s.len = len(ents)
	return s, err
}

func (s *badgerStore) Apply(keep int, ents []tla.Value) error {
	return s.db.Update(func(txn *badger.Txn) error {
		for i := keep + 1; i <= s.len; i++ {
			if err := txn.Delete(append([]byte("l"), key(i)...)); err != nil {
				return err
			}
		}
		for j, e := range ents {
			if err := txn.Set(append([]byte("l"), key(keep+1+j)...), tla.Encode(nil, e)); err != nil {
				return err
			}
		}
		s.len = keep + len(ents)
		return nil
	})
}

func (s *badgerStore) SetTerm(t int64) error {
	return s.db.Update(func(txn *badger.Txn) error { return txn.Set([]byte("mcurrentTerm"), key(int(t))) })
}

func (s *badgerStore) Load() ([]tla.Value, int64, error) {
	var ents []tla.Value
	var term int64
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.DefaultIteratorOptions)
		defer it.Close()
		for it.Seek([]byte("l")); it.ValidForPrefix([]byte("l")); it.Next() {
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			e, _, err := tla.Decode(v)
			if err != nil {
				return err
			}
			ents = append(ents, e)
		}
		if item, err := txn.Get([]byte("mcurrentTerm")); err == nil {
			v, err := item.ValueCopy(nil)
			if err != nil {
				return err
			}
			term = int64(binary.BigEndian.Uint64(v))
		} else if err != badger.ErrKeyNotFound {
			return err
		}
		return nil
	})
	return ents, term, err
}
func (s *badgerStore) Close() error { return s.db.Close() }

// ---- the workload ----

var stores = []struct {
	name string
	open func(dir string) (logStore, error)
}{{"ours", openOurs}, {"bbolt", openBolt}, {"badger", openBadger}}

// entry is a raftkvs log entry: [term, cmd |-> [type, key, value]].
func entry(i int) tla.Value {
	return tla.MakeRecord(tla.Field{Name: "term", Value: tla.MakeInt(int64(i/100 + 1))},
		tla.Field{Name: "cmd", Value: tla.MakeRecord(tla.Field{Name: "type", Value: tla.MakeString("Put")},
			tla.Field{Name: "key", Value: tla.MakeString(fmt.Sprintf("key%d", i%100))},
			tla.Field{Name: "value", Value: tla.MakeString(fmt.Sprintf("value-%08d", i))})})
}

// step i of the workload on a log of n entries: one appended entry per step (a follower's
// AppendEntries with one new entry); every 50th step overwrites the last 3 entries with 4 (a
// conflicting suffix from a new leader); every 100th step also writes currentTerm.
func step(s logStore, i int, model *[]tla.Value, term *int64) error {
	keep, ents := len(*model), []tla.Value{entry(i)}
	if i%50 == 49 && keep >= 3 {
		keep -= 3
		ents = []tla.Value{entry(i), entry(i + 1), entry(i + 2), entry(i + 3)}
	}
	if err := s.Apply(keep, ents); err != nil {
		return err
	}
	*model = append((*model)[:keep], ents...)
	if i%100 == 99 {
		*term = int64(i/100 + 2)
		return s.SetTerm(*term)
	}
	return nil
}

// Every store survives a close and reopen with exactly the log and term the workload wrote.
func TestStoresRecover(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			dir := t.TempDir()
			s, err := st.open(dir)
			if err != nil {
				t.Fatal(err)
			}
			var model []tla.Value
			var term int64
			for i := 0; i < 300; i++ {
				if err := step(s, i, &model, &term); err != nil {
					t.Fatal(err)
				}
			}
			s.Close()
			if s, err = st.open(dir); err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			ents, tm, err := s.Load()
			if err != nil {
				t.Fatal(err)
			}
			if tm != term || !tla.MakeTuple(ents...).Equal(tla.MakeTuple(model...)) {
				t.Fatalf("reopened: term %d (want %d), %d entries (want %d)", tm, term, len(ents), len(model))
			}
		})
	}
}

func BenchmarkLogWorkload(b *testing.B) {
	for _, st := range stores {
		b.Run(st.name, func(b *testing.B) {
			s, err := st.open(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			var model []tla.Value
			var term int64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := step(s, i, &model, &term); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
