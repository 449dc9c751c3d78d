package distsys

import (
	"errors"
	"fmt"
	"sync"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Resource is what an archetype's `ref` parameter is bound to. Reads and writes happen inside a
// critical section and must be undoable until Commit; Abort undoes everything since the last
// Commit. Read and Write may return ErrAborted ("not now"); any other error is fatal.
type Resource interface {
	Read() (tla.Value, error)
	Write(v tla.Value) error
	// Index returns the sub-resource for `x[i]` of a `ref x[_]` parameter.
	Index(i tla.Value) (Resource, error)
	// PreCommit checks that Commit will succeed (ErrAborted otherwise).
	PreCommit() error
	Commit() error
	Abort()
	Close() error
}

// ErrNotIndexable is returned by Index on a resource that is not indexed.
var ErrNotIndexable = errors.New("distsys: resource is not indexed")

// ErrNotReadable / ErrNotWritable are returned by resources that only support one direction.
var (
	ErrNotReadable = errors.New("distsys: resource cannot be read")
	ErrNotWritable = errors.New("distsys: resource cannot be written")
)

// LocalResource is local state: writes are tentative until Commit.
type LocalResource struct {
	mu        sync.Mutex
	committed tla.Value
	cur       tla.Value
}

// NewLocal returns a local resource holding v.
func NewLocal(v tla.Value) *LocalResource { return &LocalResource{committed: v, cur: v} }

func (l *LocalResource) Read() (tla.Value, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.cur, nil
}
func (l *LocalResource) Write(v tla.Value) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cur = v
	return nil
}
func (l *LocalResource) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (l *LocalResource) PreCommit() error                  { return nil }
func (l *LocalResource) Commit() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.committed = l.cur
	return nil
}
func (l *LocalResource) Abort() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cur = l.committed
}
func (l *LocalResource) Close() error { return nil }

// Unchanged reports whether the current step left the value as committed (Watchable).
func (l *LocalResource) Unchanged() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.cur.Equal(l.committed)
}

// Changed is nil: only the owning archetype changes a local.
func (l *LocalResource) Changed() <-chan struct{} { return nil }

// Value is the committed value.
func (l *LocalResource) Value() tla.Value {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.committed
}

// IndexedResource is a `ref x[_]` resource: Index(i) returns the sub-resource for i, made on
// first use by a factory and then kept.
type IndexedResource struct {
	mu   sync.Mutex
	make func(i tla.Value) (Resource, error)
	subs map[string]Resource
	keys []tla.Value
}

// NewIndexed builds an indexed resource from a factory of sub-resources.
func NewIndexed(make func(i tla.Value) (Resource, error)) *IndexedResource {
	return &IndexedResource{make: make, subs: map[string]Resource{}}
}

// NewLocalIndexed is a function-valued local state: x[i] is a LocalResource initialised by init(i).
func NewLocalIndexed(init func(i tla.Value) tla.Value) *IndexedResource {
	return NewIndexed(func(i tla.Value) (Resource, error) { return NewLocal(init(i)), nil })
}

func (r *IndexedResource) Index(i tla.Value) (Resource, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := string(tla.Encode(nil, i))
	if s, ok := r.subs[k]; ok {
		return s, nil
	}
	s, err := r.make(i)
	if err != nil {
		return nil, err
	}
	r.subs[k] = s
	r.keys = append(r.keys, i)
	return s, nil
}

// Snapshot is the function index -> committed value of every LocalResource made so far.
func (r *IndexedResource) Snapshot() tla.Value {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ks, vs []tla.Value
	for _, k := range r.keys {
		if l, ok := r.subs[string(tla.Encode(nil, k))].(*LocalResource); ok {
			ks = append(ks, k)
			vs = append(vs, l.Value())
		}
	}
	return tla.MakeFunction(ks, vs)
}

func (r *IndexedResource) Read() (tla.Value, error) {
	return tla.Value{}, fmt.Errorf("%w: read it through an index", ErrNotReadable)
}
func (r *IndexedResource) Write(tla.Value) error {
	return fmt.Errorf("%w: write it through an index", ErrNotWritable)
}
func (r *IndexedResource) PreCommit() error { return nil }
func (r *IndexedResource) Commit() error    { return nil }
func (r *IndexedResource) Abort()           {}
func (r *IndexedResource) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var first error
	for _, s := range r.subs {
		if err := s.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// ObservedLocal is a LocalResource that calls onCommit(old, new) after every commit that
// changes its value (glue uses it to log or export state an archetype writes).
type ObservedLocal struct {
	LocalResource
	onCommit func(old, new tla.Value)
}

// NewObservedLocal returns an observed local holding v.
func NewObservedLocal(v tla.Value, onCommit func(old, new tla.Value)) *ObservedLocal {
	return &ObservedLocal{LocalResource: LocalResource{committed: v, cur: v}, onCommit: onCommit}
}

func (o *ObservedLocal) Commit() error {
	o.mu.Lock()
	old, cur := o.committed, o.cur
	o.committed = cur
	o.mu.Unlock()
	if !old.Equal(cur) {
		o.onCommit(old, cur)
	}
	return nil
}
