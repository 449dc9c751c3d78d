package distsys

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// CRDT is a state-based replicated data type: replicas converge by exchanging their states and
// merging them (Merge must be commutative, associative and idempotent).
type CRDT interface {
	// State is the replica's committed state, for sending to peers.
	State() tla.Value
	// Merge folds a peer's state into the committed state.
	Merge(peer tla.Value) error
}

// GCounter is a grow-only counter replica (PGo's G-counter resource). As `ref cntr[_]`, cntr[self]
// reads the sum of every node's count and a write of n > 0 adds n to this node's count (on commit).
type GCounter struct {
	self tla.Value
	mu   sync.Mutex
	// counts by node; kept as a TLA+ function node -> count
	counts tla.Value
}

// NewGCounter returns node self's replica, all counts 0.
func NewGCounter(self tla.Value) *GCounter {
	return &GCounter{self: self, counts: tla.MakeFunction(nil, nil)}
}

func (g *GCounter) State() tla.Value {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.counts
}

// Merge takes the pointwise maximum.
func (g *GCounter) Merge(peer tla.Value) error {
	if peer.Kind() != tla.KindFunction {
		return fmt.Errorf("gcounter: bad peer state %v", peer)
	}
	ks, vs := peer.Pairs()
	for _, v := range vs {
		if v.Kind() != tla.KindInt || v.AsInt() < 0 {
			return fmt.Errorf("gcounter: bad peer state %v", peer)
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	mk, _ := g.counts.Pairs()
	keys := append(append([]tla.Value(nil), mk...), ks...)
	vals := make([]tla.Value, 0, len(keys))
	for _, k := range keys {
		vals = append(vals, tla.MakeInt(max(count(g.counts, k), count(peer, k))))
	}
	g.counts = tla.MakeFunction(keys, vals)
	return nil
}

func count(f, k tla.Value) int64 {
	if tla.In(k, tla.Domain(f)).AsBool() {
		return tla.Apply(f, k).AsInt()
	}
	return 0
}

// Value is the counter's committed value.
func (g *GCounter) Value() int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	var s int64
	_, vs := g.counts.Pairs()
	for _, v := range vs {
		s += v.AsInt()
	}
	return s
}

// Resource is `ref cntr[_]`: only cntr[self] may be used.
func (g *GCounter) Resource() Resource {
	return NewIndexed(func(i tla.Value) (Resource, error) {
		if !i.Equal(g.self) {
			return nil, fmt.Errorf("gcounter %v: cntr[%v] is another node's replica", g.self, i)
		}
		return &gcounterHandle{g: g}, nil
	})
}

type gcounterHandle struct {
	g   *GCounter
	add int64
}

func (h *gcounterHandle) Read() (tla.Value, error) { return tla.MakeInt(h.g.Value() + h.add), nil }
func (h *gcounterHandle) Write(v tla.Value) error {
	if v.Kind() != tla.KindInt || v.AsInt() <= 0 {
		return fmt.Errorf("gcounter: increment %v is not a positive integer", v)
	}
	h.add += v.AsInt()
	return nil
}
func (h *gcounterHandle) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (h *gcounterHandle) PreCommit() error                  { return nil }
func (h *gcounterHandle) Commit() error {
	if h.add == 0 {
		return nil
	}
	g := h.g
	g.mu.Lock()
	g.counts = tla.Merge(tla.ColonGreater(g.self, tla.MakeInt(count(g.counts, g.self)+h.add)), g.counts)
	g.mu.Unlock()
	h.add = 0
	return nil
}
func (h *gcounterHandle) Abort()       { h.add = 0 }
func (h *gcounterHandle) Close() error { return nil }

// Gossip exchanges a CRDT's state with peers over TCP: it listens on listen and, every interval,
// sends the committed state to every peer address ([u32 length][tla.Encode(state)] on a fresh
// connection). Received states are merged. Unreachable peers are skipped until the next round.
type Gossip struct {
	ln    net.Listener
	crdt  CRDT
	mu    sync.Mutex
	peers []string
	stop  chan struct{}
	wg    sync.WaitGroup
}

// StartGossip starts listening and gossiping.
func StartGossip(c CRDT, listen string, peers []string, interval time.Duration) (*Gossip, error) {
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return nil, err
	}
	g := &Gossip{ln: ln, crdt: c, peers: peers, stop: make(chan struct{})}
	g.wg.Add(2)
	go g.accept()
	go g.send(interval)
	return g, nil
}

// SetPeers replaces the peer addresses.
func (g *Gossip) SetPeers(peers []string) {
	g.mu.Lock()
	g.peers = append([]string(nil), peers...)
	g.mu.Unlock()
}

// Addr is the gossip listener's address.
func (g *Gossip) Addr() string { return g.ln.Addr().String() }

// Close stops gossiping.
func (g *Gossip) Close() error {
	close(g.stop)
	err := g.ln.Close()
	g.wg.Wait()
	return err
}

func (g *Gossip) accept() {
	defer g.wg.Done()
	for {
		c, err := g.ln.Accept()
		if err != nil {
			return
		}
		c.SetDeadline(time.Now().Add(2 * time.Second))
		var hdr [4]byte
		if _, err := io.ReadFull(c, hdr[:]); err == nil {
			if n := binary.BigEndian.Uint32(hdr[:]); n <= MaxFrame {
				body := make([]byte, n)
				if _, err := io.ReadFull(c, body); err == nil {
					if v, rest, err := tla.Decode(body); err == nil && len(rest) == 0 {
						_ = g.crdt.Merge(v)
					}
				}
			}
		}
		c.Close()
	}
}

func (g *Gossip) send(interval time.Duration) {
	defer g.wg.Done()
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-g.stop:
			return
		case <-t.C:
		}
		body := tla.Encode(nil, g.crdt.State())
		frame := binary.BigEndian.AppendUint32(nil, uint32(len(body)))
		frame = append(frame, body...)
		g.mu.Lock()
		peers := g.peers
		g.mu.Unlock()
		for _, p := range peers {
			c, err := net.DialTimeout("tcp", p, interval)
			if err != nil {
				continue
			}
			c.SetDeadline(time.Now().Add(interval))
			_, _ = c.Write(frame)
			c.Close()
		}
	}
}
