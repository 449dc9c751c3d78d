package raftkvs_test

import (
	"fmt"
	"io"
	"math/rand"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

// proxy forwards TCP connections to target. Blocked, it closes its listener (so connecting fails,
// as to an unreachable host, and failure detectors suspect the peer) and cuts the open connections:
// a partition of one direction of one link. Unblocked, it listens again on the same address.
type proxy struct {
	t      *testing.T
	addr   string
	target string
	mu     sync.Mutex
	ln     net.Listener // nil while blocked
	conns  map[net.Conn]bool
}

func newProxy(t *testing.T, target string) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{t: t, addr: ln.Addr().String(), target: target, conns: map[net.Conn]bool{}}
	p.listen(ln)
	t.Cleanup(func() { p.setBlocked(true) })
	return p
}

func (p *proxy) listen(ln net.Listener) {
	p.ln = ln
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(ln, c)
		}
	}()
}

func (p *proxy) serve(ln net.Listener, c net.Conn) {
	u, err := net.DialTimeout("tcp", p.target, time.Second)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	if p.ln != ln {
		p.mu.Unlock()
		c.Close()
		u.Close()
		return
	}
	p.conns[c], p.conns[u] = true, true
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { io.Copy(u, c); done <- struct{}{} }()
	go func() { io.Copy(c, u); done <- struct{}{} }()
	<-done
	c.Close()
	u.Close()
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, u)
	p.mu.Unlock()
}

func (p *proxy) setBlocked(b bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if b && p.ln != nil {
		p.ln.Close()
		p.ln = nil
		for c := range p.conns {
			c.Close()
		}
	}
	if !b && p.ln == nil {
		ln, err := net.Listen("tcp", p.addr)
		if err != nil {
			p.t.Errorf("proxy cannot listen again on %s: %v", p.addr, err)
			return
		}
		p.listen(ln)
	}
}

// newPartitionableCluster gives every ordered pair of servers its own proxy: server i's config
// names server j by the address of proxy (i, j), so a partition is a set of blocked proxies. The
// clients (in the test process) reach the servers directly.
func newPartitionableCluster(t *testing.T, servers, clients int) (*cluster, map[[2]int]*proxy) {
	c, _ := newCluster(t, servers, clients)
	addrs := freeAddrs(t, servers+clients)
	proxies := map[[2]int]*proxy{}
	c.cfgFor = map[int]string{}
	for i := 1; i <= servers; i++ {
		for j := 1; j <= servers; j++ {
			if i != j {
				proxies[[2]int{i, j}] = newProxy(t, addrs[j-1])
			}
		}
	}
	for i := 1; i <= servers; i++ {
		i := i
		c.cfgFor[i] = writeFile(t, filepath.Join(c.dir, fmt.Sprintf("server-%d.yaml", i)), configText(servers, func(j int) string {
			if j == i {
				return addrs[i-1]
			}
			return proxies[[2]int{i, j}].addr
		}, addrs[servers:]))
	}
	c.cfgPath = writeFile(t, filepath.Join(c.dir, "clients.yaml"), configText(servers, func(j int) string { return addrs[j-1] }, addrs[servers:]))
	return c, proxies
}

// Partition the leader from the other servers while requests are in flight (clients can still
// reach it): the majority elects a new leader and serves; requests the old leader accepted cannot
// commit, and the clients retry elsewhere. After healing, the old leader steps down. The history
// must be linearizable (an old leader answering from uncommitted state would show as a stale read
// or a lost write).
func TestPartitionedLeaderIsReplaced(t *testing.T) {
	const servers, nclients, ops = 3, 3, 12
	c, proxies := newPartitionableCluster(t, servers, nclients)
	for id := 1; id <= servers; id++ {
		c.start(id)
	}
	cfg, err := raftkvs.LoadConfig(c.cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	w := newWorkload(t, cfg, nclients)
	rng := rand.New(rand.NewSource(3))
	c.leader(20 * time.Second)
	if n := w.run(t, ops, rng); n < nclients*ops/2 {
		t.Fatalf("phase 1: only %d of %d operations acknowledged", n, nclients*ops)
	}
	old := c.leader(5 * time.Second)
	oldTerm := c.fresh()[old].term
	isolate := func(b bool) {
		for k, p := range proxies {
			if k[0] == old || k[1] == old {
				p.setBlocked(b)
			}
		}
	}
	t.Logf("partition leader %d (term %d) from the other servers", old, oldTerm)
	n := w.runKilling(t, ops, rng, func() { isolate(true) })
	t.Logf("phase 2 (leader partitioned): %d of %d operations acknowledged", n, nclients*ops)
	if n < nclients*ops/2 {
		t.Fatalf("phase 2: only %d of %d operations acknowledged", n, nclients*ops)
	}
	// The majority has a leader of its own in a higher term (the isolated old leader still
	// reports itself leader of its old term).
	var newLead int
	var newTerm int64
	for end := time.Now().Add(20 * time.Second); ; {
		for id, st := range c.fresh() {
			if id != old && st.state == "leader" && st.term > oldTerm {
				newLead, newTerm = id, st.term
			}
		}
		if newLead != 0 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("no new leader in a term above %d among the majority: %v", oldTerm, c.fresh())
		}
		time.Sleep(20 * time.Millisecond)
	}
	isolate(false)
	t.Logf("healed; new leader %d (term %d)", newLead, newTerm)
	end := time.Now().Add(20 * time.Second)
	for {
		s, ok := c.fresh()[old]
		if ok && s.state != "leader" && s.term >= newTerm {
			t.Logf("old leader %d stepped down: %s in term %d", old, s.state, s.term)
			break
		}
		if time.Now().After(end) {
			t.Fatalf("old leader %d did not step down: %+v", old, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := w.run(t, ops, rng); n < nclients*ops/2 {
		t.Fatalf("phase 3 (healed): only %d of %d operations acknowledged", n, nclients*ops)
	}
	w.checkFinal(t)
}
