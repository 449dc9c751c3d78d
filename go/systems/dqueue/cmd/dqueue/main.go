// Command dqueue runs one node of the work queue compiled from ../../dqueue.tla:
//
//	dqueue -role producer -id 0 -peers 0=127.0.0.1:7000,1=... -consumers 3 -items 30
//	dqueue -role consumer -id 1 -peers ... -consumers 3
//
// The producer's stream is the items 1..items (then it waits for ever); a consumer prints
// "CONSUMED <id> <item>" on stdout for every item it commits to `done`. Bad flags exit 2 with
// one line on stderr.
package main

import (
	"flag"
	"fmt"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/dqueue"
)

func usage(format string, args ...any) { sysglue.Usage("dqueue", format, args...) }

func main() {
	role := flag.String("role", "", "producer or consumer")
	id := flag.Int64("id", -1, "this node's id (the producer is 0)")
	peersFlag := flag.String("peers", "", "id=host:port,... for every node")
	consumers := flag.Int64("consumers", 1, "NumConsumers")
	items := flag.Int64("items", 10, "producer: how many items to hand out")
	flag.Parse()
	k := &distsys.Constants{Values: map[string]tla.Value{"NumConsumers": tla.MakeInt(*consumers), "Items": tla.MakeInt(*items)}}
	mb := sysglue.ListenPeers("dqueue", *peersFlag, *id)
	defer mb.Close()
	var ctx *distsys.Context
	switch *role {
	case "producer":
		if *id != dqueue.Producer(k).AsInt() {
			usage("the producer must have id %v", dqueue.Producer(k))
		}
		stream := make(chan tla.Value)
		go func() {
			for i := int64(1); i <= *items; i++ {
				stream <- tla.MakeInt(i)
			}
		}()
		ctx = distsys.NewContext(dqueue.AProducer, tla.MakeInt(*id), distsys.WithConstants(k),
			distsys.WithResource("net", mb.Resource()), distsys.WithResource("stream", distsys.InputChannel(stream, 50*time.Millisecond)))
	case "consumer":
		if !tla.In(tla.MakeInt(*id), dqueue.Consumers(k)).AsBool() {
			usage("consumer id %d is not in Consumers = %v", *id, dqueue.Consumers(k))
		}
		done := make(chan tla.Value, 16)
		go func() {
			for v := range done {
				fmt.Printf("CONSUMED %d %v\n", *id, v)
			}
		}()
		ctx = distsys.NewContext(dqueue.AConsumer, tla.MakeInt(*id), distsys.WithConstants(k),
			distsys.WithResource("net", mb.Resource()), distsys.WithResource("done", distsys.OutputChannel(done)))
	default:
		usage("-role must be producer or consumer, not %q", *role)
	}
	if err := sysglue.Run(nil, ctx); err != nil {
		sysglue.Fatal("dqueue", err)
	}
}
