package bug2_124

import (
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// net[self, 1] indexes the resource by the tuple <<self, 1>>; the echo goes to <<from, typ>>.
func TestEcho(t *testing.T) {
	netw := distsys.NewInMemoryNetwork()
	server := tla.MakeInt(1)
	in := tla.MakeTuple(server, tla.MakeInt(1))
	reply := tla.MakeTuple(tla.MakeInt(2), tla.MakeInt(3))
	// the server reads its own mailbox <<1, 1>> and writes others
	c := distsys.NewContext(AEchoServer, server, distsys.WithResource("net", distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
		return netw.Mailboxes(i, 10*time.Millisecond).Index(i)
	})))
	done := make(chan error, 1)
	go func() { done <- c.Run() }()
	client := netw.Mailboxes(reply, time.Second)
	send, _ := netw.Mailboxes(reply, 0).Index(in)
	msg := tla.MakeRecord(tla.Field{Name: "from", Value: tla.MakeInt(2)}, tla.Field{Name: "typ", Value: tla.MakeInt(3)}, tla.Field{Name: "body", Value: tla.MakeString("hi")})
	_ = send.Write(msg)
	_ = send.Commit()
	recv, _ := client.Index(reply)
	// A read of an empty mailbox aborts at once (it does not wait): retry until the echo is there.
	var got tla.Value
	var err error
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		if got, err = recv.Read(); err == nil || time.Now().After(deadline) {
			break
		}
		recv.Abort()
	}
	if err != nil {
		t.Fatal(err)
	}
	want := tla.MakeRecord(tla.Field{Name: "from", Value: server}, tla.Field{Name: "to", Value: tla.MakeInt(2)},
		tla.Field{Name: "body", Value: tla.MakeString("hi")}, tla.Field{Name: "typ", Value: tla.MakeInt(3)})
	if !got.Equal(want) {
		t.Fatalf("echo %v, want %v", got, want)
	}
	c.Stop()
	if err := <-done; err != distsys.ErrStopped {
		t.Fatal(err)
	}
}
