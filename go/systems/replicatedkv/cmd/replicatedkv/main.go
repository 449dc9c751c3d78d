// Command replicatedkv runs one node of PGo's replicated KV store (../../replicatedkv.go, compiled
// by `veriforge mpcal gogen` from PGo's systems/replicatedkv/replicated_kv.tla): state-machine
// replication in which every replica applies a request once it is stable, i.e. every live client's
// logical clock has passed the request's timestamp, so all replicas apply the same requests in the
// same order.
//
//	replicatedkv -role replica -id 0 -replicas 3 -clients 2 -peers ...
//	replicatedkv -role client -id 3 -replicas 3 -clients 2 -peers ... -key k -value v -ops 5
//
// Replicas are 0..replicas-1 and print "PUT <key> <quoted value>" for every put they apply.
// Client c (replicas..replicas+clients-1) runs the spec's Get (mailbox id c), Put (mailbox id
// c+clients) and ClockUpdate archetypes sharing c's clock; it prints "GET <quoted value>" and
// "PUT" for each answer and, once Get and Put have each completed -ops times, stops them and runs
// Disconnect (which tells every replica to stop waiting for c's clock), then exits 0. -peers lists
// id=host:port for every replica and for c and c+clients of every client. ClockUpdate sends one
// clock tick per -tick (the spec spins as fast as it can).
// Bad flags exit 2 with one line on stderr.
package main

import (
	"flag"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/replicatedkv"
)

const prog = "replicatedkv"

func main() {
	role := flag.String("role", "", "replica or client")
	id := flag.Int64("id", -1, "replica id (0..replicas-1) or client id (replicas..replicas+clients-1)")
	peersFlag := flag.String("peers", "", "id=host:port for every replica and client mailbox")
	replicas := flag.Int64("replicas", 1, "NUM_REPLICAS")
	clients := flag.Int64("clients", 1, "NUM_CLIENTS")
	key := flag.String("key", "k", "client: the key Get reads and Put writes")
	value := flag.String("value", "", "client: the value Put writes (default c<id>)")
	ops := flag.Int("ops", 1, "client: completed gets and puts (each) before disconnecting")
	tick := flag.Duration("tick", 10*time.Millisecond, "client: pause between ClockUpdate ticks")
	warmup := flag.Duration("warmup", 500*time.Millisecond, "client: clock ticks only, before the first get and put")
	flag.Parse()
	if flag.NArg() != 0 {
		sysglue.Usage(prog, "unexpected argument %q", flag.Arg(0))
	}
	if *replicas < 1 || *clients < 1 {
		sysglue.Usage(prog, "-replicas and -clients must be at least 1")
	}
	k := &distsys.Constants{Values: map[string]tla.Value{
		"NUM_REPLICAS": tla.MakeInt(*replicas), "NUM_CLIENTS": tla.MakeInt(*clients),
		"GET_MSG": tla.MakeString("get"), "PUT_MSG": tla.MakeString("put"),
		"DISCONNECT_MSG": tla.MakeString("disconnect"), "NULL_MSG": tla.MakeString("null"),
		"GET_RESPONSE": tla.MakeString("get_response"), "PUT_RESPONSE": tla.MakeString("put_response"),
		"NULL": tla.MakeString(""), "BUFFER_SIZE": tla.MakeInt(0),
	}}
	peers, err := sysglue.ParsePeers(*peersFlag)
	if err != nil {
		sysglue.Usage(prog, "%v", err)
	}
	lookup := sysglue.Lookup(peers)
	listen := func(self int64, opts distsys.TCPOptions) *distsys.TCPMailboxes {
		a, ok := peers[self]
		if !ok {
			sysglue.Usage(prog, "mailbox %d has no address in -peers", self)
		}
		mb, err := distsys.ListenTCPMailboxes(tla.MakeInt(self), a, lookup, opts)
		if err != nil {
			sysglue.Fatal(prog, fmt.Errorf("listen %s: %w", a, err))
		}
		return mb
	}
	self := tla.MakeInt(*id)
	switch *role {
	case "replica":
		if !tla.In(self, replicatedkv.ReplicaSet(k)).AsBool() {
			sysglue.Usage(prog, "replica id %d is not in ReplicaSet = %v", *id, replicatedkv.ReplicaSet(k))
		}
		// A client that disconnected and exited must not stall the replica's answers to it.
		mb := listen(*id, distsys.TCPOptions{DropUnreachable: func(j tla.Value) bool { return j.AsInt() >= *replicas }})
		defer mb.Close()
		net := mb.Resource()
		kv := distsys.NewIndexed(func(key tla.Value) (distsys.Resource, error) {
			return &loggedKey{LocalResource: distsys.NewLocal(k.Get("NULL")), key: key}, nil
		})
		ctx := distsys.NewContext(replicatedkv.AReplica, self, distsys.WithConstants(k),
			distsys.WithResource("replicas", net), distsys.WithResource("clients", net), distsys.WithResource("kv", kv))
		if err := sysglue.Run(nil, ctx); err != nil {
			sysglue.Fatal(prog, err)
		}
	case "client":
		if !tla.In(self, replicatedkv.ClientSet(k)).AsBool() {
			sysglue.Usage(prog, "client id %d is not in ClientSet = %v", *id, replicatedkv.ClientSet(k))
		}
		if *value == "" {
			*value = fmt.Sprintf("c%d", *id)
		}
		// Get and Put read the shared clock in the step that waits for an answer, so the wait
		// holds the clock's lock: keep it short, or the ClockUpdate ticks that the answer depends
		// on (a request is served once every client's clock passed it) are starved.
		short := distsys.TCPOptions{ReceiveTimeout: 2 * time.Millisecond}
		getBox, putBox := listen(*id, short), listen(*id+*clients, short)
		defer getBox.Close()
		defer putBox.Close()
		clock, err := distsys.NewShared(tla.MakeInt(0), distsys.SharedOptions{})
		if err != nil {
			sysglue.Fatal(prog, err)
		}
		clocks := func() distsys.Resource {
			h := clock.Handle()
			return distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
				if !i.Equal(self) {
					return nil, fmt.Errorf("clock[%v]: a client only uses its own clock", i)
				}
				return h, nil
			})
		}
		common := func(net distsys.Resource) []distsys.Option {
			return []distsys.Option{distsys.WithConstants(k), distsys.WithResource("clientId", distsys.NewLocal(self)),
				distsys.WithResource("replicas", net), distsys.WithResource("clock", clocks())}
		}
		// Get and Put stop themselves right after their -ops-th answer (a step observer), so no
		// request of theirs is left half-broadcast or unanswered when Disconnect runs.
		getOut, putOut := make(chan tla.Value, 1), make(chan tla.Value, 1)
		var get, put *distsys.Context
		gets, puts := 0, 0
		done := make(chan struct{}, 2)
		// The glue picks a schedule the model allows in which no message of this client is
		// overtaken by one with a later timestamp: Get (from its loop test to its send), Put (from
		// its loop test to the end of its broadcast) and each ClockUpdate round hold gate, so the
		// clock increment and the sends that carry it are not interleaved with another archetype's.
		// Otherwise a replica can see the clock pass a request that is still on its way and
		// apply another client's request first, which the others do not. Get and Put start
		// after -warmup, once every replica has heard every client's clock (the spec treats a
		// clock of 0 as unknown).
		var gate sync.Mutex
		warm := time.Now().Add(*warmup)
		enter := func() {
			time.Sleep(time.Until(warm))
			gate.Lock()
		}
		getHeld, putHeld := false, false
		onGet := func(label string) {
			switch label {
			case "getLoop":
				enter()
				getHeld = true
				return
			case "getRequest":
				if getHeld {
					gate.Unlock()
					getHeld = false
				}
				return
			case "getReply":
			default:
				return
			}
			select {
			case v := <-getOut:
				gets++
				fmt.Printf("GET %s\n", strconv.Quote(v.AsString()))
				if gets == *ops {
					get.Stop()
					done <- struct{}{}
				}
			default:
			}
		}
		onPut := func(label string) {
			switch label {
			case "putLoop":
				enter()
				putHeld = true
				return
			case "putBroadcast":
				if j, _ := put.LocalValue("j"); putHeld && j.AsInt() >= *replicas {
					gate.Unlock()
					putHeld = false
				}
				return
			case "putComplete":
			default:
				return
			}
			<-putOut
			puts++
			fmt.Println("PUT")
			if puts == *ops {
				put.Stop()
				done <- struct{}{}
			}
		}
		getNet, putNet := getBox.Resource(), putBox.Resource()
		get = distsys.NewContext(replicatedkv.Get, self, append(common(getNet), distsys.WithResource("clients", getNet),
			distsys.WithValue("key", tla.MakeString(*key)), distsys.WithValue("spin", tla.True),
			distsys.WithResource("outside", distsys.OutputChannel(getOut)), distsys.WithStepObserver(onGet))...)
		put = distsys.NewContext(replicatedkv.Put, tla.MakeInt(*id+*clients), append(common(putNet), distsys.WithResource("clients", putNet),
			distsys.WithValue("key", tla.MakeString(*key)), distsys.WithValue("value", tla.MakeString(*value)),
			distsys.WithValue("spin", tla.True), distsys.WithResource("outside", distsys.OutputChannel(putOut)), distsys.WithStepObserver(onPut))...)
		ticker := distsys.NewContext(replicatedkv.ClockUpdate, tla.MakeInt(*id+3**clients), append(common(getBox.Resource()),
			distsys.WithValue("spin", tla.True), distsys.WithStepObserver(func(label string) {
				if label == "nullCheckSpin" {
					gate.Unlock()
					time.Sleep(*tick)
					gate.Lock()
				}
			}))...)
		gate.Lock() // the ticker's first round
		stop := make(chan struct{})
		go func() {
			<-done
			<-done
			ticker.Stop()
		}()
		if err := sysglue.Run(stop, get, put, ticker); err != nil {
			sysglue.Fatal(prog, err)
		}
		disc := distsys.NewContext(replicatedkv.Disconnect, tla.MakeInt(*id+2**clients), common(putBox.Resource())...)
		if err := sysglue.Run(nil, disc); err != nil {
			sysglue.Fatal(prog, err)
		}
	default:
		sysglue.Usage(prog, "-role must be replica or client, not %q", *role)
	}
}

// loggedKey is one key of a replica's store: local state that prints "PUT key value" for every
// committed write (also one that writes the value already there).
type loggedKey struct {
	*distsys.LocalResource
	key    tla.Value
	writes []tla.Value
}

func (l *loggedKey) Write(v tla.Value) error {
	l.writes = append(l.writes, v)
	return l.LocalResource.Write(v)
}

func (l *loggedKey) Commit() error {
	for _, v := range l.writes {
		fmt.Printf("PUT %v %s\n", l.key, strconv.Quote(v.AsString()))
	}
	l.writes = nil
	return l.LocalResource.Commit()
}

func (l *loggedKey) Abort() {
	l.writes = nil
	l.LocalResource.Abort()
}
