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

// A follower that restarts on its persisted state must not depose the leader. While it was down
// the leader's failure detector suspected it, so the leader sends it nothing until a probe
// succeeds; a restarted server whose election timer ran out first became a candidate in a higher
// term and deposed the working leader (1-1.5 s without service after every restart in the fault
// runs). The restarted server now holds its timer for Config.RestartGrace. Here the probes are 3 s
// apart and the election timeout 0.5-1 s, so without the hold the restarted follower times out
// long before the leader reaches it, and the term rises; with it, the leader keeps its term and the
// follower catches up.
func TestRestartedFollowerDoesNotDeposeLeader(t *testing.T) {
	dir := t.TempDir()
	addrs := freeAddrs(t, 4)
	cfg, err := raftkvs.LoadConfig(writeFile(t, filepath.Join(dir, "c.yaml"), configText(3, func(i int) string { return addrs[i-1] }, addrs[3:])))
	if err != nil {
		t.Fatal(err)
	}
	cfg.FD.PullInterval = 3 * time.Second
	cfg.AppendEntriesSendInterval = 5 * time.Millisecond
	if g := cfg.RestartGrace(); g != 6*time.Second+cfg.FD.Timeout && os.Getenv("RAFTKVS_TEST_NO_GRACE") == "" {
		t.Fatalf("RestartGrace %v", g)
	}
	cfg.NoRestartGrace = os.Getenv("RAFTKVS_TEST_NO_GRACE") != "" // to see the test fail without the hold
	stop := make(chan struct{})
	defer close(stop)
	servers := map[int]*raftkvs.Server{}
	runErr := map[int]chan error{}
	startServer := func(i int) {
		s, err := raftkvs.NewServer(cfg, i, filepath.Join(dir, fmt.Sprint("data-", i)), os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		servers[i] = s
		errc := make(chan error, 1)
		runErr[i] = errc
		go func() { errc <- sysglue.Run(stop, s.Contexts()...) }()
	}
	for i := 1; i <= 3; i++ {
		startServer(i)
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
	put := func(i int) error { return c.Put(fmt.Sprint("k", i%5), fmt.Sprint("v", i), 2*time.Second) }
	end := time.Now().Add(20 * time.Second)
	for i := 0; i < 20; i++ {
		for put(i) != nil {
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
	term := servers[leader].Status().Term
	victim := leader%3 + 1
	servers[victim].Close()
	delete(servers, victim)
	for i := 100; i < 130; i++ { // the leader suspects the victim (its sends fail) and goes on
		if err := put(i); err != nil {
			t.Fatalf("put %d with the follower down: %v", i, err)
		}
	}
	t.Logf("leader %d (term %d); follower %d stopped, restarting it", leader, term, victim)
	startServer(victim)
	restarted := time.Now()
	for i := 200; time.Since(restarted) < 4*time.Second; i++ {
		if err := put(i); err != nil {
			t.Logf("put %d after the restart: %v", i, err)
		}
	}
	lst, vst := servers[leader].Status(), servers[victim].Status()
	t.Logf("4 s after the restart: leader %+v, restarted %+v", lst, vst)
	if lst.State != "leader" || lst.Term != term {
		t.Fatalf("the restarted follower deposed the leader: leader now %+v (term was %d)", lst, term)
	}
	if vst.Term != term || vst.Leader != int64(leader) || vst.CommitIndex < lst.CommitIndex-50 {
		t.Fatalf("the restarted follower did not follow and catch up: %+v (leader %+v)", vst, lst)
	}
	for id := range servers {
		select {
		case e := <-runErr[id]:
			t.Fatalf("server %d stopped: %v", id, e)
		default:
		}
	}
}
