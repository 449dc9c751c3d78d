package distsys

import (
	"fmt"
	"sync"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// AWORSet is an add-wins observed-remove set replica (the CRDT of PGo's shopping cart). As
// `ref crdt[_]`, crdt[self] reads the set of present elements; writing [cmd |-> addCmd, elem |-> e]
// adds e and [cmd |-> removeCmd, elem |-> e] removes the additions of e this replica has seen.
//
// Representation (optimised OR-set): every addition is a dot <<e, node, n>>, n being node's n-th
// addition; the state is the set of live dots and a version vector node -> highest n seen. Merging
// keeps a dot both replicas have, and a dot only one has unless the other has already seen it
// (then the other removed it). A remove concurrent with an add cannot have seen the add's new dot,
// so the add wins.
type AWORSet struct {
	self              tla.Value
	addCmd, removeCmd tla.Value
	mu                sync.Mutex
	dots              tla.Value // set of <<elem, node, n>>
	vv                tla.Value // function node -> n
}

// NewAWORSet returns node self's empty replica; addCmd/removeCmd are the spec's command values.
func NewAWORSet(self, addCmd, removeCmd tla.Value) *AWORSet {
	return &AWORSet{self: self, addCmd: addCmd, removeCmd: removeCmd, dots: tla.MakeSet(), vv: tla.MakeFunction(nil, nil)}
}

func seen(vv, node tla.Value) int64 {
	if tla.In(node, tla.Domain(vv)).AsBool() {
		return tla.Apply(vv, node).AsInt()
	}
	return 0
}

// State is [dots |-> ..., vv |-> ...].
func (s *AWORSet) State() tla.Value {
	s.mu.Lock()
	defer s.mu.Unlock()
	return tla.MakeRecord(tla.Field{Name: "dots", Value: s.dots}, tla.Field{Name: "vv", Value: s.vv})
}

// Merge folds in a peer's state.
func (s *AWORSet) Merge(peer tla.Value) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("aworset: bad peer state %v", peer)
		}
	}()
	pd, pvv := tla.Dot(peer, "dots"), tla.Dot(peer, "vv")
	for _, d := range pd.Elements() {
		tla.Apply(d, tla.MakeInt(3)).AsInt()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	keep := func(d, otherVV tla.Value) bool {
		return tla.Apply(d, tla.MakeInt(3)).AsInt() > seen(otherVV, tla.Apply(d, tla.MakeInt(2)))
	}
	var out []tla.Value
	for _, d := range s.dots.Elements() {
		if tla.In(d, pd).AsBool() || keep(d, pvv) {
			out = append(out, d)
		}
	}
	for _, d := range pd.Elements() {
		if !tla.In(d, s.dots).AsBool() && keep(d, s.vv) {
			out = append(out, d)
		}
	}
	mk, _ := s.vv.Pairs()
	pk, _ := pvv.Pairs()
	keys := append(append([]tla.Value(nil), mk...), pk...)
	vals := make([]tla.Value, len(keys))
	for i, k := range keys {
		vals[i] = tla.MakeInt(max(seen(s.vv, k), seen(pvv, k)))
	}
	s.dots, s.vv = tla.MakeSet(out...), tla.MakeFunction(keys, vals)
	return nil
}

// Elements is the committed set.
func (s *AWORSet) Elements() tla.Value {
	s.mu.Lock()
	defer s.mu.Unlock()
	return query(s.dots)
}

func query(dots tla.Value) tla.Value {
	return tla.SetMap([]tla.Value{dots}, func(xs []tla.Value) tla.Value { return tla.Apply(xs[0], tla.MakeInt(1)) })
}

// apply runs one command on (dots, vv) and returns the new pair.
func (s *AWORSet) apply(dots, vv, cmd tla.Value) (tla.Value, tla.Value, error) {
	if cmd.Kind() != tla.KindFunction || !tla.Subseteq(tla.MakeSet(tla.MakeString("cmd"), tla.MakeString("elem")), tla.Domain(cmd)).AsBool() {
		return dots, vv, fmt.Errorf("aworset: %v is not [cmd |-> ..., elem |-> ...]", cmd)
	}
	c, e := tla.Dot(cmd, "cmd"), tla.Dot(cmd, "elem")
	// both commands first drop the dots of e seen here (an add replaces them by one new dot)
	live := tla.Filter(dots, func(d tla.Value) bool { return !tla.Apply(d, tla.MakeInt(1)).Equal(e) })
	switch {
	case c.Equal(s.addCmd):
		n := seen(vv, s.self) + 1
		vv = tla.Merge(tla.ColonGreater(s.self, tla.MakeInt(n)), vv)
		return tla.Union(live, tla.MakeSet(tla.MakeTuple(e, s.self, tla.MakeInt(n)))), vv, nil
	case c.Equal(s.removeCmd):
		return live, vv, nil
	}
	return dots, vv, fmt.Errorf("aworset: unknown command %v", c)
}

// Resource is `ref crdt[_]`: only crdt[self] may be used.
func (s *AWORSet) Resource() Resource {
	return NewIndexed(func(i tla.Value) (Resource, error) {
		if !i.Equal(s.self) {
			return nil, fmt.Errorf("aworset %v: crdt[%v] is another node's replica", s.self, i)
		}
		return &aworsetHandle{s: s}, nil
	})
}

type aworsetHandle struct {
	s    *AWORSet
	cmds []tla.Value
}

// tentative state: committed state with this step's commands applied
func (h *aworsetHandle) tentative() (tla.Value, tla.Value, error) {
	h.s.mu.Lock()
	dots, vv := h.s.dots, h.s.vv
	h.s.mu.Unlock()
	for _, c := range h.cmds {
		var err error
		if dots, vv, err = h.s.apply(dots, vv, c); err != nil {
			return dots, vv, err
		}
	}
	return dots, vv, nil
}

func (h *aworsetHandle) Read() (tla.Value, error) {
	dots, _, err := h.tentative()
	return query(dots), err
}
func (h *aworsetHandle) Write(v tla.Value) error {
	h.s.mu.Lock()
	_, _, err := h.s.apply(h.s.dots, h.s.vv, v)
	h.s.mu.Unlock()
	if err != nil {
		return err
	}
	h.cmds = append(h.cmds, v)
	return nil
}
func (h *aworsetHandle) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (h *aworsetHandle) PreCommit() error                  { return nil }
func (h *aworsetHandle) Commit() error {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range h.cmds {
		var err error
		if s.dots, s.vv, err = s.apply(s.dots, s.vv, c); err != nil {
			return err
		}
	}
	h.cmds = nil
	return nil
}
func (h *aworsetHandle) Abort()       { h.cmds = nil }
func (h *aworsetHandle) Close() error { return nil }
