// Command gcounter runs one node of the replicated G-counter compiled from ../../gcounter.tla:
//
//	gcounter -id 1 -peers 1=127.0.0.1:7001,2=127.0.0.1:7002,3=127.0.0.1:7003
//
// The node increments its replica once, gossips the replica's state to the other nodes' addresses,
// and exits 0 when it has seen NumNodes increments (printing "CONVERGED <id> <value>"). It keeps
// gossiping for -linger after that, so slower peers converge too. Bad flags exit 2.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/gcounter"
)

func usage(format string, args ...any) { sysglue.Usage("gcounter", format, args...) }

func main() {
	id := flag.Int64("id", -1, "this node's id (1..NumNodes)")
	peersFlag := flag.String("peers", "", "id=host:port,... for every node (gossip addresses)")
	linger := flag.Duration("linger", 500*time.Millisecond, "keep gossiping this long after converging")
	flag.Parse()
	peers, err := sysglue.ParsePeers(*peersFlag)
	if err != nil {
		usage("%v", err)
	}
	k := &distsys.Constants{Values: map[string]tla.Value{"NumNodes": tla.MakeInt(int64(len(peers)))}}
	self, ok := peers[*id]
	if !ok || !tla.In(tla.MakeInt(*id), gcounter.Nodes(k)).AsBool() {
		usage("-id %d must be in Nodes = %v and have an address", *id, gcounter.Nodes(k))
	}
	var others []string
	for n, a := range peers {
		if n != *id {
			others = append(others, a)
		}
	}
	cntr := distsys.NewGCounter(tla.MakeInt(*id))
	g, err := distsys.StartGossip(cntr, self, others, 20*time.Millisecond)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gcounter: listen %s: %v\n", self, err)
		os.Exit(1)
	}
	defer g.Close()
	ctx := distsys.NewContext(gcounter.ANode, tla.MakeInt(*id), distsys.WithConstants(k), distsys.WithResource("cntr", cntr.Resource()))
	if err := ctx.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "gcounter: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("CONVERGED %d %d\n", *id, cntr.Value())
	time.Sleep(*linger)
}
