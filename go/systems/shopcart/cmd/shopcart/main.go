// Command shopcart runs one node of the replicated shopping cart compiled from ../../shopcart.tla:
//
//	shopcart -id 1 -peers 1=127.0.0.1:7001,2=... -ops add:milk,remove:eggs
//
// The node applies its -ops in order (one critical section each), prints "CART <id> <set>" after
// each, gossips its replica to the other nodes, and prints "STATE <id> <set>" every -report until
// killed. Bad flags exit 2.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/shopcart"
)

func usage(format string, args ...any) { sysglue.Usage("shopcart", format, args...) }

func main() {
	id := flag.Int64("id", -1, "this node's id (1..NumNodes)")
	peersFlag := flag.String("peers", "", "id=host:port,... for every node (gossip addresses)")
	opsFlag := flag.String("ops", "", "add:elem or remove:elem, comma-separated")
	report := flag.Duration("report", 50*time.Millisecond, "STATE line interval")
	flag.Parse()
	peers, err := sysglue.ParsePeers(*peersFlag)
	if err != nil {
		usage("%v", err)
	}
	k := &distsys.Constants{Values: map[string]tla.Value{"NumNodes": tla.MakeInt(int64(len(peers)))}}
	self, ok := peers[*id]
	if !ok || !tla.In(tla.MakeInt(*id), shopcart.Nodes(k)).AsBool() {
		usage("-id %d must be in Nodes = %v and have an address", *id, shopcart.Nodes(k))
	}
	var reqs []tla.Value
	if *opsFlag != "" {
		for _, op := range strings.Split(*opsFlag, ",") {
			c, e, ok := strings.Cut(op, ":")
			var cmd tla.Value
			switch {
			case ok && c == "add":
				cmd = shopcart.AddCmd(k)
			case ok && c == "remove":
				cmd = shopcart.RemoveCmd(k)
			default:
				usage("-ops: %q is not add:elem or remove:elem", op)
			}
			reqs = append(reqs, tla.MakeRecord(tla.Field{Name: "cmd", Value: cmd}, tla.Field{Name: "elem", Value: tla.MakeString(e)}))
		}
	}
	var others []string
	for n, a := range peers {
		if n != *id {
			others = append(others, a)
		}
	}
	cart := distsys.NewAWORSet(tla.MakeInt(*id), shopcart.AddCmd(k), shopcart.RemoveCmd(k))
	g, err := distsys.StartGossip(cart, self, others, 20*time.Millisecond)
	if err != nil {
		fmt.Fprintf(os.Stderr, "shopcart: listen %s: %v\n", self, err)
		os.Exit(1)
	}
	defer g.Close()
	in := make(chan tla.Value)
	out := make(chan tla.Value, 16)
	go func() {
		for _, r := range reqs {
			in <- r
		}
	}()
	go func() {
		for v := range out {
			fmt.Printf("CART %d %v\n", *id, v)
		}
	}()
	go func() {
		for range time.Tick(*report) {
			fmt.Printf("STATE %d %v\n", *id, cart.Elements())
		}
	}()
	ctx := distsys.NewContext(shopcart.ANode, tla.MakeInt(*id), distsys.WithConstants(k), distsys.WithResource("cart", cart.Resource()),
		distsys.WithResource("in", distsys.InputChannel(in, 50*time.Millisecond)), distsys.WithResource("out", distsys.OutputChannel(out)))
	if err := ctx.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "shopcart: %v\n", err)
		os.Exit(1)
	}
}
