// Command loadbalancer runs one node of PGo's load balancer (../../loadbalancer.go, compiled by
// `veriforge mpcal gogen` from PGo's systems/loadbalancer/load_balancer.tla): clients send
// GET_PAGE requests to the load balancer (node 0), which hands them to the servers round robin;
// a server answers the client directly with the page read from its file system.
//
//	loadbalancer -role balancer -peers 0=host:port,1=...,... -servers 2 -clients 2
//	loadbalancer -role server -id 1 -root DIR -peers ... -servers 2 -clients 2
//	loadbalancer -role client -id 3 -peers ... -servers 2 -clients 2 < paths
//
// Servers are 1..servers, clients servers+1..servers+clients. A server's file_system[path] is the
// file DIR/path (a path must stay inside DIR). A client sends one request per stdin line (the
// path) and prints each answer as "PAGE <quoted contents>", one line each, exiting after the last
// answer. Bad flags exit 2 with one line on stderr.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/loadbalancer"
)

const prog = "loadbalancer"

// The load balancer's id and the request tag; PGo's model configs use the same values.
const balancerID, getPage = 0, 0

func main() {
	role := flag.String("role", "", "balancer, server or client")
	id := flag.Int64("id", -1, "server id (1..servers) or client id (servers+1..servers+clients)")
	peersFlag := flag.String("peers", "", "id=host:port for every node (the balancer is 0)")
	servers := flag.Int64("servers", 1, "NUM_SERVERS")
	clients := flag.Int64("clients", 1, "NUM_CLIENTS")
	root := flag.String("root", "", "server: directory the pages are read from")
	flag.Parse()
	if flag.NArg() != 0 {
		sysglue.Usage(prog, "unexpected argument %q", flag.Arg(0))
	}
	if *servers < 1 || *clients < 1 {
		sysglue.Usage(prog, "-servers and -clients must be at least 1")
	}
	k := &distsys.Constants{Values: map[string]tla.Value{
		"NUM_SERVERS": tla.MakeInt(*servers), "NUM_CLIENTS": tla.MakeInt(*clients),
		"LoadBalancerId": tla.MakeInt(balancerID), "GET_PAGE": tla.MakeInt(getPage),
		// BUFFER_SIZE bounds the model's channels; TCP mailboxes are unbounded. WEB_PAGE is the
		// model's stand-in for a file's contents; servers here read real files.
		"BUFFER_SIZE": tla.MakeInt(0), "WEB_PAGE": tla.MakeString(""),
	}}
	switch *role {
	case "balancer":
		*id = balancerID
	case "server":
		if *id < 1 || *id > *servers {
			sysglue.Usage(prog, "server id %d is not in 1..%d", *id, *servers)
		}
		if *root == "" {
			sysglue.Usage(prog, "a server needs -root")
		}
	case "client":
		if *id <= *servers || *id > *servers+*clients {
			sysglue.Usage(prog, "client id %d is not in %d..%d", *id, *servers+1, *servers+*clients)
		}
	default:
		sysglue.Usage(prog, "-role must be balancer, server or client, not %q", *role)
	}
	mb := sysglue.ListenPeers(prog, *peersFlag, *id)
	defer mb.Close()
	self := tla.MakeInt(*id)
	opts := []distsys.Option{distsys.WithConstants(k), distsys.WithResource("mailboxes", mb.Resource())}
	var ctx *distsys.Context
	var stop chan struct{}
	switch *role {
	case "balancer":
		ctx = distsys.NewContext(loadbalancer.ALoadBalancer, self, opts...)
	case "server":
		fs := distsys.NewIndexed(func(path tla.Value) (distsys.Resource, error) {
			if path.Kind() != tla.KindString || !filepath.IsLocal(path.AsString()) {
				return nil, fmt.Errorf("file_system[%v]: not a path inside -root", path)
			}
			b, err := os.ReadFile(filepath.Join(*root, path.AsString()))
			if err != nil {
				return nil, err
			}
			return distsys.NewLocal(tla.MakeString(string(b))), nil
		})
		ctx = distsys.NewContext(loadbalancer.AServer, self, append(opts, distsys.WithResource("file_system", fs))...)
	case "client":
		var paths []tla.Value
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			paths = append(paths, tla.MakeString(sc.Text()))
		}
		if err := sc.Err(); err != nil {
			sysglue.Fatal(prog, err)
		}
		in := make(chan tla.Value, len(paths))
		for _, p := range paths {
			in <- p
		}
		out := make(chan tla.Value, 1)
		stop = make(chan struct{})
		go func() {
			for range paths {
				page := <-out
				if page.Kind() != tla.KindString {
					sysglue.Fatal(prog, errors.New("answer is not a page: "+page.String()))
				}
				fmt.Printf("PAGE %s\n", strconv.Quote(page.AsString()))
			}
			close(stop)
		}()
		ctx = distsys.NewContext(loadbalancer.AClient, self, append(opts,
			distsys.WithResource("instream", distsys.InputChannel(in, 50*time.Millisecond)),
			distsys.WithResource("outstream", distsys.OutputChannel(out)))...)
	}
	if err := sysglue.Run(stop, ctx); err != nil {
		sysglue.Fatal(prog, err)
	}
}
