package raftkvs_test

import (
	"os"
	"testing"
	"time"
)

// A follower that hears nothing from a leader that is alive must not depose it before
// Config.ElectionDeferCap: a leader's AppendEntries loop busy catching a restarted server up sent
// its other follower nothing for longer than the election timeout, and that follower's candidacy
// deposed it (docs/mpcal.md). Here the leader's link to one follower is cut for 2.5 s (the
// follower's link to the leader stays up, so it sees the leader alive); the election timeout is
// 0.5-1 s and the cap 4 s, so without the deferral the follower times out and the term rises.
func TestStarvedFollowerDoesNotDeposeLiveLeader(t *testing.T) {
	c, proxies := newPartitionableCluster(t, 3, 1)
	if os.Getenv("RAFTKVS_TEST_NO_DEFER") != "" { // to see the test fail without the deferral
		for _, p := range c.cfgFor {
			f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("noElectionDefer: true\n")
			f.Close()
		}
	}
	for id := 1; id <= 3; id++ {
		c.start(id)
	}
	lead := c.leader(20 * time.Second)
	time.Sleep(500 * time.Millisecond) // every server has heard from the leader
	term := c.fresh()[lead].term
	victim := lead%3 + 1
	t.Logf("leader %d (term %d); cutting its link to follower %d for 2.5 s", lead, term, victim)
	proxies[[2]int{lead, victim}].setBlocked(true)
	time.Sleep(2500 * time.Millisecond)
	proxies[[2]int{lead, victim}].setBlocked(false)
	time.Sleep(time.Second)
	st := c.fresh()
	t.Logf("after healing: %v", st)
	for id, s := range st {
		if s.term != term {
			t.Fatalf("server %d is in term %d (was %d): the starved follower deposed the live leader", id, s.term, term)
		}
	}
	if s := st[lead]; s.state != "leader" {
		t.Fatalf("leader %d is %s now", lead, s.state)
	}
	if s := st[victim]; s.leader != int64(lead) {
		t.Fatalf("follower %d follows %d, not %d", victim, s.leader, lead)
	}
}
