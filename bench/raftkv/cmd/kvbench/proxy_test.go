package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// echoServer answers every line with the line.
func echoServer(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { io.Copy(c, c); c.Close() }()
		}
	}()
	return ln.Addr().String()
}

type link struct {
	c  net.Conn
	rd *bufio.Reader
}

// open dials addr and sends an HTTP-like header naming the sender (etcd style) if from != "".
func open(addr, from string) (*link, error) {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return nil, err
	}
	l := &link{c, bufio.NewReader(c)}
	if from != "" {
		if _, err := fmt.Fprintf(c, "GET /raft/stream HTTP/1.1\r\nX-Server-From: %s\r\n\r\n", from); err != nil {
			return nil, err
		}
		// The echo returns the header: skip it.
		for {
			_ = c.SetReadDeadline(time.Now().Add(2 * time.Second))
			line, err := l.rd.ReadString('\n')
			if err != nil {
				return nil, err
			}
			if line == "\r\n" {
				break
			}
		}
	}
	return l, nil
}

// alive sends a line and expects it back.
func (l *link) alive() bool {
	_ = l.c.SetDeadline(time.Now().Add(2 * time.Second))
	if _, err := fmt.Fprintln(l.c, "ping"); err != nil {
		return false
	}
	s, err := l.rd.ReadString('\n')
	return err == nil && strings.TrimSpace(s) == "ping"
}

func testFabric(t *testing.T, sniff bool) {
	const n = 3
	f := newFabric(n)
	defer f.close()
	hex := map[int]string{1: "7023127c88651340", 2: "42ec14277b84ba46", 3: "182e387784850156"}
	if sniff {
		for i, h := range hex {
			f.ids[h] = i
		}
	}
	// addr[from][to]: where from reaches to.
	addr := map[[2]int]string{}
	for to := 1; to <= n; to++ {
		target := echoServer(t)
		if sniff {
			p, err := f.add(target, 0, to)
			if err != nil {
				t.Fatal(err)
			}
			for from := 1; from <= n; from++ {
				addr[[2]int{from, to}] = p.addr
			}
			continue
		}
		for from := 1; from <= n; from++ {
			if from != to {
				p, err := f.add(target, from, to)
				if err != nil {
					t.Fatal(err)
				}
				addr[[2]int{from, to}] = p.addr
			}
		}
	}
	name := func(i int) string {
		if sniff {
			return hex[i]
		}
		return ""
	}
	links := map[[2]int]*link{}
	for from := 1; from <= n; from++ {
		for to := 1; to <= n; to++ {
			if from == to {
				continue
			}
			l, err := open(addr[[2]int{from, to}], name(from))
			if err != nil || !l.alive() {
				t.Fatalf("%d->%d: not connected before the partition (%v)", from, to, err)
			}
			links[[2]int{from, to}] = l
		}
	}
	f.isolate(3)
	for k, l := range links {
		cut := k[0] == 3 || k[1] == 3
		if got := l.alive(); got == cut {
			t.Errorf("%d->%d after isolating 3: alive %v, want %v", k[0], k[1], got, !cut)
		}
	}
	for from := 1; from <= n; from++ {
		for to := 1; to <= n; to++ {
			if from == to {
				continue
			}
			l, err := open(addr[[2]int{from, to}], name(from))
			ok := err == nil && l.alive()
			if cut := from == 3 || to == 3; ok == cut {
				t.Errorf("new %d->%d during the partition: connected %v, want %v", from, to, ok, !cut)
			}
		}
	}
	f.heal()
	// A killed node: its proxies refuse connections (the peers' failure detectors must see it),
	// the other links stay up.
	f.setDown(2, true)
	for from := 1; from <= n; from++ {
		for to := 1; to <= n; to++ {
			if from == to {
				continue
			}
			l, err := open(addr[[2]int{from, to}], name(from))
			ok := err == nil && l.alive()
			if ok == (to == 2) {
				t.Errorf("%d->%d with node 2 down: connected %v, want %v", from, to, ok, to != 2)
			}
		}
	}
	if c, err := net.DialTimeout("tcp", addr[[2]int{1, 2}], time.Second); err == nil {
		c.Close()
		t.Error("the proxy of a down node accepts connections")
	}
	f.setDown(2, false)
	for from := 1; from <= n; from++ {
		for to := 1; to <= n; to++ {
			if from == to {
				continue
			}
			l, err := open(addr[[2]int{from, to}], name(from))
			if err != nil || !l.alive() {
				t.Errorf("%d->%d: not connected after healing (%v)", from, to, err)
			}
		}
	}
}

// Our Raft KV's proxies: one per ordered pair, sender fixed.
func TestFabricIsolatesPairProxies(t *testing.T) { testFabric(t, false) }

// etcd's proxies: one per node, the sender read from X-Server-From.
func TestFabricIsolatesBySenderHeader(t *testing.T) { testFabric(t, true) }
