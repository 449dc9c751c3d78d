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
	"io"
	"net"
	"strings"
	"sync"
	"time"
)

type fabric struct {
	mu      sync.Mutex
	nodes   int
	cut     map[[2]int]bool
	ids     map[string]int // etcd member id (hex) -> node
	proxies []*proxy
}

func newFabric(nodes int) *fabric {
	return &fabric{nodes: nodes, cut: map[[2]int]bool{}, ids: map[string]int{}}
}

type proxy struct {
	f      *fabric
	addr   string
	target string
	to     int
	from   int // 0: read from X-Server-From
	ln     net.Listener
	conns  map[net.Conn]int // open connections (both ends) and their sender (0 unknown)
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
	p := &proxy{f: f, addr: ln.Addr().String(), target: target, to: to, from: from, conns: map[net.Conn]int{}}
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

// sender reads the first request's header (up to 16 KiB, 2 s) to find X-Server-From; the bytes
// read are returned to be forwarded first.
func (p *proxy) sender(c net.Conn) (int, []byte) {
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
			p.f.mu.Lock()
			n := p.f.ids[strings.TrimSpace(v)]
			p.f.mu.Unlock()
			return n, buf
		}
	}
	return 0, buf
}

func (p *proxy) serve(c net.Conn) {
	from, first := p.from, []byte(nil)
	if from == 0 {
		from, first = p.sender(c)
	}
	f := p.f
	f.mu.Lock()
	blocked := f.cut[[2]int{from, p.to}]
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
	if f.cut[[2]int{from, p.to}] {
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
			if f.cut[[2]int{from, p.to}] {
				c.Close()
			}
		}
		allBlocked := true
		for s := 1; s <= f.nodes; s++ {
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
