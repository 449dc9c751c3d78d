package distsys

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// FileStore keeps durable archetype state as one file per key in a directory. A commit writes the
// new value to a temporary file, fsyncs it, renames it over the old one and fsyncs the directory,
// so after a crash each key holds either its old or its new committed value.
//
// This is the standard-library stand-in for the embedded store the issue asks for (chosen later by
// measurement): one fsync'd file per key is simple and crash-safe, but costs two fsyncs per commit.
type FileStore struct {
	dir string
}

var storeKey = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// OpenFileStore creates dir if needed.
func OpenFileStore(dir string) (*FileStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &FileStore{dir: dir}, nil
}

func (s *FileStore) path(key string) (string, error) {
	if !storeKey.MatchString(key) {
		return "", fmt.Errorf("filestore: bad key %q", key)
	}
	return filepath.Join(s.dir, key+".tla"), nil
}

// Load returns the stored value of key, or (def, false) when there is none.
func (s *FileStore) Load(key string, def tla.Value) (tla.Value, bool, error) {
	p, err := s.path(key)
	if err != nil {
		return def, false, err
	}
	b, err := os.ReadFile(p)
	if os.IsNotExist(err) {
		return def, false, nil
	}
	if err != nil {
		return def, false, err
	}
	v, rest, err := tla.Decode(b)
	if err != nil || len(rest) != 0 {
		return def, false, fmt.Errorf("filestore: %s is corrupt", p)
	}
	return v, true, nil
}

// Save stores v under key durably.
func (s *FileStore) Save(key string, v tla.Value) error {
	if curProf() != nil {
		defer profSync("store:"+key, time.Now())
	}
	p, err := s.path(key)
	if err != nil {
		return err
	}
	f, err := os.CreateTemp(s.dir, "."+filepath.Base(p)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if _, err := f.Write(tla.Encode(nil, v)); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, p); err != nil {
		return err
	}
	d, err := os.Open(s.dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// PersistentLocal is local state that survives a process restart: it starts from the stored value
// (or init) and every commit that changes it is saved before Commit returns.
type PersistentLocal struct {
	LocalResource
	store *FileStore
	key   string
}

// NewPersistentLocal opens key in store.
func NewPersistentLocal(store *FileStore, key string, init tla.Value) (*PersistentLocal, error) {
	v, _, err := store.Load(key, init)
	if err != nil {
		return nil, err
	}
	return &PersistentLocal{LocalResource: LocalResource{committed: v, cur: v}, store: store, key: key}, nil
}

func (p *PersistentLocal) Commit() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur.Equal(p.committed) {
		return nil
	}
	if err := p.store.Save(p.key, p.cur); err != nil {
		return err
	}
	p.committed = p.cur
	return nil
}
