package raftkvs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

// A follower's crash must not stall the leader for the failure detector's detection time. The
// leader's AppendEntries loop sends to every follower in turn (the spec's Send macro: the message,
// or, once fd[j] suspects j, nothing), so a send to a dead follower used to block the loop, and
// with it the live follower's replication, until the detector's probes had failed twice. Here the
// probes are 4 s apart, so that wait would be at least 4 s; a failed connection to the follower
// is the same evidence a probe gathers, and it makes the detector suspect the follower at once.
// Three in-process servers; one follower is stopped (its port then refuses connections, as a
// killed process's does) and the next puts must be answered well within the detection time.
func TestFollowerKillDoesNotStallLeader(t *testing.T) {
	dir := t.TempDir()
	addrs := freeAddrs(t, 4)
	cfg, err := raftkvs.LoadConfig(writeFile(t, filepath.Join(dir, "c.yaml"), configText(3, func(i int) string { return addrs[i-1] }, addrs[3:])))
	if err != nil {
		t.Fatal(err)
	}
	cfg.FD.PullInterval = 4 * time.Second
	cfg.AppendEntriesSendInterval = 5 * time.Millisecond
	stop := make(chan struct{})
	defer close(stop)
	servers := map[int]*raftkvs.Server{}
	runErr := map[int]chan error{}
	for i := 1; i <= 3; i++ {
		s, err := raftkvs.NewServer(cfg, i, filepath.Join(dir, fmt.Sprint("data-", i)), os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		servers[i] = s
		errc := make(chan error, 1)
		runErr[i] = errc
		go func() { errc <- sysglue.Run(stop, s.Contexts()...) }()
	}
	defer func() {
		for _, s := range servers {
			s.Close()
		}
	}()
	c, err := raftkvs.NewClient(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	put := func(i int, deadline time.Duration) error {
		return c.Put(fmt.Sprint("k", i%5), fmt.Sprint("v", i), deadline)
	}
	end := time.Now().Add(20 * time.Second)
	for i := 0; i < 20; i++ { // a leader, and every server has probed its peers
		for put(i, 2*time.Second) != nil {
			if time.Now().After(end) {
				t.Fatal("no leader served puts")
			}
		}
	}
	leader := 0
	for id, s := range servers {
		if st := s.Status(); st.State == "leader" {
			leader = id
		}
	}
	if leader == 0 {
		t.Fatal("no server reports itself leader")
	}
	victim := leader%3 + 1
	t.Logf("leader %d; stopping follower %d", leader, victim)
	servers[victim].Close()
	delete(servers, victim)
	start := time.Now()
	for i := 100; i < 120; i++ {
		if err := put(i, 2*time.Second); err != nil {
			t.Fatalf("put %d, %v after the follower stopped: %v (the leader waited for the failure detector)", i-100, time.Since(start), err)
		}
	}
	took := time.Since(start)
	t.Logf("20 puts in %v after the follower stopped", took)
	if took > 3*time.Second {
		t.Fatalf("20 puts took %v after the follower stopped (detection time is at least 4 s)", took)
	}
	if st := servers[leader].Status(); st.State != "leader" {
		t.Fatalf("leader %d lost its leadership: %+v", leader, st)
	}
	for id := range servers {
		select {
		case e := <-runErr[id]:
			t.Fatalf("server %d stopped: %v", id, e)
		default:
		}
	}
}
