package main

// A fault-injecting TCP proxy for peer traffic. Every proxy forwards to one node ("to"); its
// sender is either fixed (our Raft KV: one proxy per ordered pair of servers, each server's config
// names its peers by proxy addresses) or read from the first HTTP request of each connection
// (etcd: peers are addressed by one advertised URL, so one proxy per node fronts its peer port,
// and rafthttp names the sender in the X-Server-From header of every stream and pipeline request).
// A cut pair's connections are closed; a proxy with no allowed sender left stops listening, so
// connecting fails as to an unreachable host. Everything listens on 127.0.0.1.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

var debug = os.Getenv("KVBENCH_DEBUG") != ""

type fabric struct {
	mu      sync.Mutex
	nodes   int
	cut     map[[2]int]bool
	down    map[int]bool   // killed nodes: their proxies refuse connections, as the node's port would
	ids     map[string]int // etcd member id (hex) -> node
	proxies []*proxy
}

func newFabric(nodes int) *fabric {
	return &fabric{nodes: nodes, cut: map[[2]int]bool{}, down: map[int]bool{}, ids: map[string]int{}}
}

type proxy struct {
	f      *fabric
	addr   string
	target string
	to     int
	from   int // 0: read from X-Server-From
	ln     net.Listener
	conns  map[net.Conn]string // open connections (both ends) and their sender (node number or etcd member id)
}

// add starts a proxy on a free loopback port (below the ephemeral range: it is re-bound after a
// partition heals).
func (f *fabric) add(target string, from, to int) (*proxy, error) {
	addrs, err := freeAddrs(1)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addrs[0])
	if err != nil {
		return nil, err
	}
	p := &proxy{f: f, addr: ln.Addr().String(), target: target, to: to, from: from, conns: map[net.Conn]string{}}
	f.mu.Lock()
	f.proxies = append(f.proxies, p)
	p.ln = ln
	f.mu.Unlock()
	go p.accept(ln)
	return p, nil
}

func (p *proxy) accept(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go p.serve(c)
	}
}

// sender reads the first request's header (up to 16 KiB, 2 s) to find X-Server-From (an etcd
// member id, resolved to a node when a cut is applied: the streams between members open before
// the bench has learned the ids); the bytes read are returned to be forwarded first.
func (p *proxy) sender(c net.Conn) (string, []byte) {
	_ = c.SetReadDeadline(time.Now().Add(2 * time.Second))
	defer c.SetReadDeadline(time.Time{})
	var buf []byte
	tmp := make([]byte, 4096)
	for len(buf) < 16<<10 && !bytes.Contains(buf, []byte("\r\n\r\n")) {
		n, err := c.Read(tmp)
		buf = append(buf, tmp[:n]...)
		if err != nil {
			break
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(buf))
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			break
		}
		if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "X-Server-From") {
			return strings.TrimSpace(v), buf
		}
	}
	return "", buf
}

// blockedLocked: may a connection from sender from reach node to? A connection whose first
// request named no sender (a version or health probe) may be reused by HTTP keep-alive for raft
// messages, so while any pair into to is cut, such connections are refused too (this also blocks
// the health probes between healthy members during a partition).
func (f *fabric) blockedLocked(from string, to int) bool {
	if f.down[to] {
		return true
	}
	if n := f.node(from); n != 0 {
		return f.cut[[2]int{n, to}]
	}
	for k := range f.cut {
		if k[1] == to {
			return true
		}
	}
	return false
}

// node resolves a connection's sender (caller holds f.mu); 0 when unknown.
func (f *fabric) node(from string) int {
	if n, err := strconv.Atoi(from); err == nil {
		return n
	}
	return f.ids[from]
}

func (p *proxy) serve(c net.Conn) {
	from, first := strconv.Itoa(p.from), []byte(nil)
	if p.from == 0 {
		from, first = p.sender(c)
	}
	f := p.f
	f.mu.Lock()
	blocked := f.blockedLocked(from, p.to)
	f.mu.Unlock()
	if blocked {
		c.Close()
		return
	}
	u, err := net.DialTimeout("tcp", p.target, time.Second)
	if err != nil {
		c.Close()
		return
	}
	f.mu.Lock()
	if f.blockedLocked(from, p.to) {
		f.mu.Unlock()
		c.Close()
		u.Close()
		return
	}
	p.conns[c], p.conns[u] = from, from
	f.mu.Unlock()
	if len(first) > 0 {
		if _, err := u.Write(first); err != nil {
			c.Close()
			u.Close()
		}
	}
	done := make(chan struct{}, 2)
	go func() { io.Copy(u, c); done <- struct{}{} }()
	go func() { io.Copy(c, u); done <- struct{}{} }()
	<-done
	c.Close()
	u.Close()
	f.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, u)
	f.mu.Unlock()
}

// isolate cuts node n from every other node, both directions.
func (f *fabric) isolate(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for j := 1; j <= f.nodes; j++ {
		if j != n {
			f.cut[[2]int{n, j}], f.cut[[2]int{j, n}] = true, true
		}
	}
	f.applyLocked()
}

// setDown marks node n killed (or restarted). A proxy that accepted connections for a dead node
// would hide the crash from the peers' failure detectors, which probe the address they were
// given; the spec's Send then waits on fd for ever (see partition_test.go in go/systems/raftkvs).
func (f *fabric) setDown(n int, down bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down[n] = down
	f.applyLocked()
}

// heal removes every cut.
func (f *fabric) heal() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cut = map[[2]int]bool{}
	f.applyLocked()
}

// applyLocked closes the connections of cut pairs, stops the listeners of proxies no allowed
// sender may use, and restarts listeners (same address) that may be used again.
func (f *fabric) applyLocked() {
	for _, p := range f.proxies {
		for c, from := range p.conns {
			if debug {
				fmt.Fprintf(os.Stderr, "proxy ->%d conn %v from %q (node %d): cut %v\n", p.to, c.LocalAddr(), from, f.node(from), f.blockedLocked(from, p.to))
			}
			if f.blockedLocked(from, p.to) {
				c.Close()
			}
		}
		allBlocked := true
		for s := 1; s <= f.nodes && !f.down[p.to]; s++ {
			if s != p.to && (p.from == 0 || p.from == s) && !f.cut[[2]int{s, p.to}] {
				allBlocked = false
			}
		}
		switch {
		case allBlocked && p.ln != nil:
			p.ln.Close()
			p.ln = nil
		case !allBlocked && p.ln == nil:
			for i := 0; i < 50; i++ { // the port was just released; rebinding may race with TIME_WAIT
				ln, err := net.Listen("tcp", p.addr)
				if err == nil {
					p.ln = ln
					go p.accept(ln)
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	}
}

func (f *fabric) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.proxies {
		if p.ln != nil {
			p.ln.Close()
			p.ln = nil
		}
		for c := range p.conns {
			c.Close()
		}
	}
}
