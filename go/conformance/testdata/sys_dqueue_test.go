package sys_dqueue

import (
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// PGo's distributed queue: a producer streaming 1..20 to 2 consumers on request; every item is
// processed exactly once.
func TestEachItemOnce(t *testing.T) {
	k := &distsys.Constants{Values: map[string]tla.Value{"NUM_CONSUMERS": tla.MakeInt(2), "PRODUCER": tla.MakeInt(0), "BUFFER_SIZE": tla.MakeInt(10)}}
	netw := distsys.NewInMemoryNetwork()
	stream := make(chan tla.Value, 20)
	for i := int64(1); i <= 20; i++ {
		stream <- tla.MakeInt(i)
	}
	prod := distsys.NewContext(AProducer, tla.MakeInt(0), distsys.WithConstants(k),
		distsys.WithResource("net", netw.Mailboxes(tla.MakeInt(0), 5*time.Millisecond)), distsys.WithResource("s", distsys.InputChannel(stream, 5*time.Millisecond)))
	go prod.Run()
	defer prod.Stop()
	proc := make(chan tla.Value, 64)
	var cs []*distsys.Context
	var wg sync.WaitGroup
	for id := int64(1); id <= 2; id++ {
		c := distsys.NewContext(AConsumer, tla.MakeInt(id), distsys.WithConstants(k),
			distsys.WithResource("net", netw.Mailboxes(tla.MakeInt(id), 5*time.Millisecond)), distsys.WithResource("proc", distsys.OutputChannel(proc)))
		cs = append(cs, c)
		wg.Add(1)
		go func() { defer wg.Done(); c.Run() }()
	}
	seen := map[int64]int{}
	timeout := time.After(20 * time.Second)
	for len(seen) < 20 {
		select {
		case v := <-proc:
			seen[v.AsInt()]++
		case <-timeout:
			t.Fatalf("processed %v", seen)
		}
	}
	for _, c := range cs {
		c.Stop()
	}
	wg.Wait()
	for i := int64(1); i <= 20; i++ {
		if seen[i] != 1 {
			t.Fatalf("item %d processed %d times", i, seen[i])
		}
	}
	if len(proc) != 0 {
		t.Fatalf("%d extra items", len(proc))
	}
}
