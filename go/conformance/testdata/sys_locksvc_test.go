package sys_locksvc

import (
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// PGo's lock service: a server and 3 clients on in-memory mailboxes; each client gets the lock
// once, and no two clients hold it at the same time.
func TestMutualExclusion(t *testing.T) {
	k := &distsys.Constants{Values: map[string]tla.Value{"NumClients": tla.MakeInt(3)}}
	netw := distsys.NewInMemoryNetwork()
	var mu sync.Mutex
	holders, entries := 0, 0
	hasLock := distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
		return distsys.NewObservedLocal(tla.False, func(_, now tla.Value) {
			mu.Lock()
			defer mu.Unlock()
			if now.AsBool() {
				holders++
				entries++
				if holders > 1 {
					t.Errorf("client %v entered while another holds the lock", i)
				}
			} else {
				holders--
			}
		}), nil
	})
	server := distsys.NewContext(AServer, ServerID(k), distsys.WithConstants(k), distsys.WithResource("network", netw.Mailboxes(ServerID(k), 5*time.Millisecond)))
	go server.Run()
	defer server.Stop()
	var wg sync.WaitGroup
	for _, id := range ClientSet(k).Elements() {
		c := distsys.NewContext(AClient, id, distsys.WithConstants(k),
			distsys.WithResource("network", netw.Mailboxes(id, 5*time.Millisecond)), distsys.WithResource("hasLock", hasLock))
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.Run(); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if entries != 3 {
		t.Fatalf("%d critical sections, want 3", entries)
	}
}
