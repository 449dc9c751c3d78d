package nested

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// register is distsys.Nested running ARegister (nested.go, from nested.tla) as the resource.
func register(limit int64, self tla.Value) *distsys.Nested {
	k := distsys.NestedProtocol(&distsys.Constants{Values: map[string]tla.Value{"LIMIT": tla.MakeInt(limit)}})
	return distsys.NewNested(time.Second, func(reqs <-chan tla.Value, acks chan<- tla.Value) []*distsys.Context {
		own := func(r distsys.Resource) distsys.Resource {
			return distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
				if !i.Equal(self) {
					return nil, errors.New("only in[self] / out[self]")
				}
				return r, nil
			})
		}
		return []*distsys.Context{distsys.NewContext(ARegister, self, distsys.WithConstants(k),
			distsys.WithResource("in", own(distsys.InputChannel(reqs, time.Millisecond))),
			distsys.WithResource("out", own(distsys.OutputChannel(acks))))}
	})
}

// AUser increments reg through the nested register until the register refuses values above
// LIMIT at pre-commit; its branch that writes 1000000 and then blocks aborts every time. It must
// report exactly LIMIT: every committed increment counted once, the refused ones and the huge
// write rolled back inside ARegister.
func TestUserOnNestedRegister(t *testing.T) {
	const limit = 25
	reg := register(limit, tla.MakeInt(100))
	k := &distsys.Constants{Values: map[string]tla.Value{"LIMIT": tla.MakeInt(limit)}}
	out := make(chan tla.Value, 1)
	user := distsys.NewContext(AUser, tla.MakeInt(1), distsys.WithConstants(k),
		distsys.WithResource("reg", reg), distsys.WithResource("out", distsys.OutputChannel(out)))
	done := make(chan error, 1)
	go func() { done <- user.Run() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		user.Stop()
		t.Fatal("AUser did not finish")
	}
	if v := <-out; !v.Equal(tla.MakeInt(limit)) {
		t.Fatalf("AUser reported %v, want %d", v, limit)
	}
	steps, aborts := user.Stats()
	if steps < limit || aborts == 0 {
		t.Fatalf("steps %d, aborts %d: want at least %d steps and some aborts", steps, aborts, limit)
	}
	// The register's committed state is LIMIT too: a fresh critical section reads it.
	v, err := reg.Read()
	if err != nil || !v.Equal(tla.MakeInt(limit)) {
		t.Fatalf("register reads %v, %v", v, err)
	}
	reg.Abort()
	if err := reg.Close(); err != nil {
		t.Fatal(err)
	}
}

// A failure inside the implementing archetype (ARegister's `assert FALSE` on an unknown request)
// stops the resource: the operation that caused it and every later one return that error.
func TestNestedFailureStopsResource(t *testing.T) {
	k := distsys.NestedProtocol(&distsys.Constants{Values: map[string]tla.Value{"LIMIT": tla.MakeInt(1)}})
	self := tla.MakeInt(7)
	n := distsys.NewNested(time.Second, func(r <-chan tla.Value, acks chan<- tla.Value) []*distsys.Context {
		// A register whose request channel carries a tag it does not know: "READ_REQ" is bound
		// to something else, so a Read is an unknown request to it.
		bad := &distsys.Constants{Values: map[string]tla.Value{}}
		for name, v := range k.Values {
			bad.Values[name] = v
		}
		bad.Values["READ_REQ"] = tla.MakeString("something else")
		own := func(res distsys.Resource) distsys.Resource {
			return distsys.NewIndexed(func(tla.Value) (distsys.Resource, error) { return res, nil })
		}
		return []*distsys.Context{distsys.NewContext(ARegister, self, distsys.WithConstants(bad),
			distsys.WithResource("in", own(distsys.InputChannel(r, time.Millisecond))),
			distsys.WithResource("out", own(distsys.OutputChannel(acks))))}
	})
	_, err := n.Read()
	if err == nil || !strings.Contains(err.Error(), "assert") {
		t.Fatalf("Read: %v, want the nested assertion failure", err)
	}
	if err := n.Write(tla.MakeInt(1)); err == nil || !strings.Contains(err.Error(), "assert") {
		t.Fatalf("Write after the failure: %v", err)
	}
	if err := n.Close(); err == nil || !strings.Contains(err.Error(), "ARegister") {
		t.Fatalf("Close: %v, want the nested archetype's error", err)
	}
}

// A request the implementation does not answer in time aborts the step (ErrAborted); its late
// answer is discarded, so the next request gets its own answer.
func TestNestedTimeoutDiscardsLateAnswer(t *testing.T) {
	slow := make(chan struct{})
	n := distsys.NewNested(20*time.Millisecond, func(reqs <-chan tla.Value, acks chan<- tla.Value) []*distsys.Context {
		go func() {
			for r := range reqs {
				tpe := tla.Dot(r, "tpe").AsString()
				if tpe == "READ_REQ" {
					<-slow // the first read is answered late
					acks <- tla.MakeRecord(tla.Field{Name: "tpe", Value: tla.MakeString("READ_ACK")}, tla.Field{Name: "value", Value: tla.MakeInt(1)})
					continue
				}
				acks <- tla.MakeRecord(tla.Field{Name: "tpe", Value: tla.MakeString(strings.Replace(tpe, "_REQ", "_ACK", 1))})
			}
		}()
		return nil
	})
	if _, err := n.Read(); !errors.Is(err, distsys.ErrAborted) {
		t.Fatalf("slow Read: %v, want ErrAborted", err)
	}
	close(slow)
	if err := n.Write(tla.MakeInt(2)); err != nil {
		t.Fatalf("Write after the late READ_ACK: %v", err)
	}
	if v, err := n.Read(); err != nil || !v.Equal(tla.MakeInt(1)) {
		t.Fatalf("second Read: %v %v", v, err)
	}
}
