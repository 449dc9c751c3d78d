// Command proxy runs one node of PGo's proxy (../../proxy.go, compiled by `veriforge mpcal gogen`
// from PGo's systems/proxy/proxy.tla): clients send requests to the proxy, which forwards each to
// the first server (in id order) that its failure detector does not suspect and relays the
// answer (the server's id) back.
//
//	proxy -role server -id 1 -servers 3 -clients 2 -boxes ...
//	proxy -role proxy -servers 3 -clients 2 -boxes ...
//	proxy -role client -id 4 -servers 3 -clients 2 -requests 5 -boxes ...
//
// The spec keys the network by <<node, message type>>; -boxes gives every mailbox's address as
// node.type=host:port (proxy ProxyID.1 and ProxyID.4, server s.3, client c.2; ProxyID =
// servers+clients+1). A server's failure detector address is its mailbox s.3. A client sends
// -requests requests (bodies 0, 1, ...) and prints "RESP <body>" for each answer, then exits 0.
// Bad flags exit 2 with one line on stderr.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/proxy"
)

const prog = "proxy"

func main() {
	role := flag.String("role", "", "proxy, server or client")
	id := flag.Int64("id", 0, "server id (1..servers) or client id (servers+1..servers+clients)")
	servers := flag.Int64("servers", 1, "NUM_SERVERS")
	clients := flag.Int64("clients", 1, "NUM_CLIENTS")
	boxesFlag := flag.String("boxes", "", "node.type=host:port for every mailbox")
	requests := flag.Int("requests", 1, "client: requests to send before exiting")
	fdInterval := flag.Duration("fd-interval", 50*time.Millisecond, "failure detector probe interval")
	fdMisses := flag.Int("fd-misses", 3, "failed probes before a server is suspected")
	flag.Parse()
	if flag.NArg() != 0 {
		sysglue.Usage(prog, "unexpected argument %q", flag.Arg(0))
	}
	if *servers < 1 || *clients < 1 {
		sysglue.Usage(prog, "-servers and -clients must be at least 1")
	}
	k := &distsys.Constants{Values: map[string]tla.Value{
		"NUM_SERVERS": tla.MakeInt(*servers), "NUM_CLIENTS": tla.MakeInt(*clients),
		"EXPLORE_FAIL": tla.False, "CLIENT_RUN": tla.True,
	}}
	_, addr, err := sysglue.ParseBoxes(*boxesFlag)
	if err != nil {
		sysglue.Usage(prog, "%v", err)
	}
	box := func(node int64, typ tla.Value) tla.Value { return tla.MakeTuple(tla.MakeInt(node), typ) }
	var self tla.Value
	var local []tla.Value
	switch *role {
	case "proxy":
		self = proxy.ProxyID(k)
		local = []tla.Value{box(self.AsInt(), proxy.REQ_MSG_TYP(k)), box(self.AsInt(), proxy.PROXY_RESP_MSG_TYP(k))}
	case "server":
		self = tla.MakeInt(*id)
		if !tla.In(self, proxy.SERVER_SET(k)).AsBool() {
			sysglue.Usage(prog, "server id %d is not in SERVER_SET = %v", *id, proxy.SERVER_SET(k))
		}
		local = []tla.Value{box(*id, proxy.PROXY_REQ_MSG_TYP(k))}
	case "client":
		self = tla.MakeInt(*id)
		if !tla.In(self, proxy.CLIENT_SET(k)).AsBool() {
			sysglue.Usage(prog, "client id %d is not in CLIENT_SET = %v", *id, proxy.CLIENT_SET(k))
		}
		local = []tla.Value{box(*id, proxy.RESP_MSG_TYP(k))}
	default:
		sysglue.Usage(prog, "-role must be proxy, server or client, not %q", *role)
	}
	for _, b := range local {
		if _, err := addr(b); err != nil {
			sysglue.Usage(prog, "-boxes: %v", err)
		}
	}
	boxes, err := sysglue.ListenBoxes(local, addr, distsys.TCPOptions{})
	if err != nil {
		sysglue.Fatal(prog, err)
	}
	defer boxes.Close()
	fd := distsys.NewFailureDetector(func(j tla.Value) (string, error) { return addr(box(j.AsInt(), proxy.PROXY_REQ_MSG_TYP(k))) }, *fdInterval, *fdMisses)
	defer fd.Close()
	opts := []distsys.Option{distsys.WithConstants(k), distsys.WithResource("net", boxes.Resource())}
	var ctx *distsys.Context
	var stop chan struct{}
	switch *role {
	case "proxy":
		ctx = distsys.NewContext(proxy.AProxy, self, append(opts, distsys.WithResource("fd", fd.Resource()))...)
	case "server":
		// netEnabled is only written when EXPLORE_FAIL (model-checked crashes); a real crash is a
		// killed process.
		netEnabled := distsys.NewLocalIndexed(func(tla.Value) tla.Value { return tla.True })
		ctx = distsys.NewContext(proxy.AServer, self, append(opts, distsys.WithResource("fd", fd.Resource()), distsys.WithResource("netEnabled", netEnabled))...)
	case "client":
		in := make(chan tla.Value, *requests)
		for i := 0; i < *requests; i++ {
			in <- tla.MakeInt(int64(i))
		}
		out := make(chan tla.Value, 1)
		stop = make(chan struct{})
		go func() {
			for i := 0; i < *requests; i++ {
				resp := <-out
				fmt.Printf("RESP %v\n", tla.Dot(resp, "body"))
			}
			close(stop)
		}()
		ctx = distsys.NewContext(proxy.AClient, self, append(opts,
			distsys.WithResource("input", distsys.InputChannel(in, 50*time.Millisecond)),
			distsys.WithResource("output", distsys.OutputChannel(out)))...)
	}
	if err := sysglue.Run(stop, ctx); err != nil {
		sysglue.Fatal(prog, err)
	}
	os.Stdout.Sync()
}
