package pbfail4_bug125

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Primary-backup with 2 replicas and 1 client on in-memory mailboxes indexed by <<node, type>>:
// the client's put is replicated to the backup before it is acknowledged, and the get reads it.
func TestPutThenGet(t *testing.T) {
	k := &distsys.Constants{Values: map[string]tla.Value{
		"NUM_REPLICAS": tla.MakeInt(2), "NUM_CLIENTS": tla.MakeInt(1), "BUFFER_SIZE": tla.MakeInt(10), "EXPLORE_FAIL": tla.False,
	}}
	netw := distsys.NewInMemoryNetwork()
	mailboxes := func(self tla.Value) distsys.Resource {
		return distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
			if tla.Apply(i, tla.MakeInt(1)).Equal(self) {
				return netw.Mailboxes(i, 5*time.Millisecond).Index(i)
			}
			return netw.Mailboxes(tla.MakeInt(-1), 0).Index(i)
		})
	}
	fd := distsys.NewLocalIndexed(func(tla.Value) tla.Value { return tla.True })
	var fss []*distsys.IndexedResource
	var replicas []*distsys.Context
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	for r := int64(1); r <= 2; r++ {
		fs := distsys.NewLocalIndexed(func(tla.Value) tla.Value { return tla.MakeTuple() })
		fss = append(fss, fs)
		c := distsys.NewContext(AReplica, tla.MakeInt(r), distsys.WithConstants(k),
			distsys.WithResource("net", mailboxes(tla.MakeInt(r))), distsys.WithResource("fs", fs), distsys.WithResource("fd", fd))
		replicas = append(replicas, c)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.Run(); err != distsys.ErrStopped {
				errs <- err
			}
		}()
	}
	var printed bytes.Buffer
	client := distsys.NewContext(AClient, tla.MakeInt(3), distsys.WithConstants(k),
		distsys.WithResource("net", mailboxes(tla.MakeInt(3))), distsys.WithResource("fd", fd), distsys.WithOutput(&printed))
	done := make(chan error, 1)
	go func() { done <- client.Run() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case err := <-errs:
		t.Fatal(err)
	case <-time.After(20 * time.Second):
		t.Fatal("client did not finish")
	}
	for _, c := range replicas {
		c.Stop()
	}
	wg.Wait()
	out := printed.String()
	if !strings.Contains(out, `<<"PUT RESP: ", [`) || !strings.Contains(out, `<<"GET RESP: ", [body |-> "VALUE1"`) {
		t.Fatalf("client printed %q", out)
	}
	for r, fs := range fss {
		key := tla.MakeTuple(tla.MakeInt(int64(r+1)), tla.MakeString("KEY1"))
		if v := tla.Apply(fs.Snapshot(), key); !v.Equal(tla.MakeString("VALUE1")) {
			t.Fatalf("replica %d stores %v", r+1, v)
		}
	}
}
