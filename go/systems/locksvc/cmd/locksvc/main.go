// Command locksvc runs one node of the lock service compiled from ../../locksvc.tla:
//
//	locksvc -role server -id 0 -peers 0=127.0.0.1:7000,1=127.0.0.1:7001,... -clients 3
//	locksvc -role client -id 1 -peers ... -clients 3 -rounds 5 -cslog cs.log
//
// A client appends "ENTER id" / "EXIT id" to -cslog (one write each, O_APPEND) when its
// inCS[self] commits TRUE / FALSE, so a test can check mutual exclusion across processes.
// Bad flags exit 2 with one line on stderr.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/locksvc"
)

func usage(format string, args ...any) { sysglue.Usage("locksvc", format, args...) }

func main() {
	role := flag.String("role", "", "server or client")
	id := flag.Int64("id", -1, "this node's id (the server is 0)")
	peersFlag := flag.String("peers", "", "id=host:port,... for every node")
	clients := flag.Int64("clients", 1, "NumClients")
	rounds := flag.Int64("rounds", 1, "Rounds")
	cslog := flag.String("cslog", "", "client: append ENTER/EXIT lines here")
	flag.Parse()
	k := &distsys.Constants{Values: map[string]tla.Value{"NumClients": tla.MakeInt(*clients), "Rounds": tla.MakeInt(*rounds)}}
	mb := sysglue.ListenPeers("locksvc", *peersFlag, *id)
	defer mb.Close()
	var ctx *distsys.Context
	switch *role {
	case "server":
		if *id != locksvc.Server(k).AsInt() {
			usage("the server must have id %v", locksvc.Server(k))
		}
		ctx = distsys.NewContext(locksvc.ALockServer, tla.MakeInt(*id), distsys.WithConstants(k), distsys.WithResource("net", mb.Resource()))
	case "client":
		if !tla.In(tla.MakeInt(*id), locksvc.Clients(k)).AsBool() {
			usage("client id %d is not in Clients = %v", *id, locksvc.Clients(k))
		}
		var log *os.File
		if *cslog != "" {
			var err error
			if log, err = os.OpenFile(*cslog, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err != nil {
				usage("-cslog: %v", err)
			}
			defer log.Close()
		}
		inCS := distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
			if !i.Equal(tla.MakeInt(*id)) {
				return nil, fmt.Errorf("inCS[%v]: a client only writes its own entry", i)
			}
			return distsys.NewObservedLocal(tla.False, func(_, now tla.Value) {
				if log == nil {
					return
				}
				what := "EXIT"
				if now.AsBool() {
					what = "ENTER"
				}
				if _, err := log.WriteString(fmt.Sprintf("%s %d\n", what, *id)); err != nil {
					fmt.Fprintf(os.Stderr, "locksvc: -cslog: %v\n", err)
				}
			}), nil
		})
		ctx = distsys.NewContext(locksvc.ALockClient, tla.MakeInt(*id), distsys.WithConstants(k),
			distsys.WithResource("net", mb.Resource()), distsys.WithResource("inCS", inCS))
	default:
		usage("-role must be server or client, not %q", *role)
	}
	if err := sysglue.Run(nil, ctx); err != nil {
		sysglue.Fatal("locksvc", err)
	}
}
