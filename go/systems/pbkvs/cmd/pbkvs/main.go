// Command pbkvs runs one node of PGo's primary-backup KV store (../../pbkvs.go, compiled by
// `veriforge mpcal gogen` from PGo's systems/pbkvs/pbkvs.tla) with a PGo-format config:
//
//	pbkvs -replicaId 1 -c configs/local-3-3.yaml
//	pbkvs -clientId 1 -c configs/local-3-3.yaml < commands
//	pbkvs -check -c configs/local-3-3.yaml
//
// The primary is the lowest replica id the failure detector does not suspect (a step that read
// another replica as primary commits only if that replica answers a fresh probe, so every node
// agrees as in the model: pbkvs.Primary); it applies a put,
// replicates it to every backup it does not suspect and then answers. A replica listens on its
// two mailbox addresses and answers failure-detector probes on monitorAddr. A client reads
// "put KEY VALUE" / "get KEY" lines and prints "OK" or "VALUE <quoted value>" per line (a get of a
// key never put reads ""); when every replica is suspected it prints "ERROR no live replica" and
// exits 1. Bad flags or config: one line on stderr, exit 2.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/pbkvs"
)

const prog = "pbkvs"

func main() {
	replicaID := flag.Int("replicaId", 0, "run replica id (1..numReplicas)")
	clientID := flag.Int("clientId", 0, "run client id (1..numClients), commands on stdin")
	cfgPath := flag.String("c", "", "config file (PGo's pbkvs YAML format)")
	misses := flag.Int("fd-misses", 3, "failed probes (one per fd.pullInterval) before a replica is suspected")
	check := flag.Bool("check", false, "only read and validate the config, print a summary")
	flag.Parse()
	if flag.NArg() != 0 {
		sysglue.Usage(prog, "unexpected argument %q", flag.Arg(0))
	}
	if *cfgPath == "" {
		sysglue.Usage(prog, "-c config.yaml is required")
	}
	if !*check && (*replicaID == 0) == (*clientID == 0) {
		sysglue.Usage(prog, "give exactly one of -replicaId and -clientId")
	}
	cfg, err := pbkvs.LoadConfig(*cfgPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, strings.ReplaceAll(err.Error(), "\n", " "))
		os.Exit(2)
	}
	if *check {
		fmt.Printf("%s: %d replicas, %d clients\n", *cfgPath, cfg.NumReplicas, cfg.NumClients)
		return
	}
	k := cfg.Constants()
	box := func(node int64, idx tla.Value) tla.Value { return tla.MakeTuple(tla.MakeInt(node), idx) }
	fd := distsys.NewFailureDetector(cfg.MonitorAddr, cfg.FD.PullInterval, *misses)
	defer fd.Close()
	debugOut := distsys.WithOutput(os.Stderr) // the spec's debug prints
	if *replicaID != 0 {
		if *replicaID < 1 || *replicaID > cfg.NumReplicas {
			sysglue.Usage(prog, "-replicaId %d is not in 1..numReplicas = %d", *replicaID, cfg.NumReplicas)
		}
		self := int64(*replicaID)
		mon, err := net.Listen("tcp", cfg.Replicas[*replicaID].MonitorAddr)
		if err != nil {
			sysglue.Fatal(prog, fmt.Errorf("monitor: %w", err))
		}
		defer mon.Close()
		go func() {
			for {
				c, err := mon.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
		boxes, err := sysglue.ListenBoxes([]tla.Value{box(self, pbkvs.REQ_INDEX(k)), box(self, pbkvs.RESP_INDEX(k))}, cfg.MailboxAddr, cfg.TCPOptions())
		if err != nil {
			sysglue.Fatal(prog, err)
		}
		defer boxes.Close()
		net := boxes.Resource()
		fs := distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
			if !i.Equal(tla.MakeInt(self)) {
				return nil, fmt.Errorf("fs[%v]: a replica only uses its own store", i)
			}
			return distsys.NewLocalIndexed(func(tla.Value) tla.Value { return tla.MakeString("") }), nil
		})
		ctx := distsys.NewContext(pbkvs.AReplica, tla.MakeInt(self), distsys.WithConstants(k), debugOut,
			distsys.WithResource("net", net), distsys.WithResource("fs", fs), distsys.WithResource("fd", fd.Resource()),
			distsys.WithResource("netEnabled", distsys.NewLocalIndexed(func(tla.Value) tla.Value { return tla.True })),
			distsys.WithResource("primary", pbkvs.Primary(k, fd, self)), distsys.WithResource("netLen", pbkvs.NetLen(boxes)))
		if err := sysglue.Run(nil, ctx); err != nil {
			sysglue.Fatal(prog, err)
		}
		return
	}
	if *clientID < 1 || *clientID > cfg.NumClients {
		sysglue.Usage(prog, "-clientId %d is not in 1..numClients = %d", *clientID, cfg.NumClients)
	}
	self := cfg.ClientSelf(*clientID)
	boxes, err := sysglue.ListenBoxes([]tla.Value{box(self, pbkvs.RESP_INDEX(k))}, cfg.MailboxAddr, cfg.TCPOptions())
	if err != nil {
		sysglue.Fatal(prog, err)
	}
	defer boxes.Close()
	in, out := make(chan tla.Value), make(chan tla.Value, 1)
	stop := make(chan struct{})
	ctx := distsys.NewContext(pbkvs.AClient, tla.MakeInt(self), distsys.WithConstants(k), debugOut,
		distsys.WithResource("net", boxes.Resource()), distsys.WithResource("fd", fd.Resource()),
		distsys.WithResource("primary", pbkvs.Primary(k, fd, self)), distsys.WithResource("netLen", pbkvs.NetLen(boxes)),
		distsys.WithResource("input", distsys.InputChannel(in, cfg.InputChanReadTimeout)),
		distsys.WithResource("output", distsys.OutputChannel(out)))
	go func() {
		defer close(stop)
		sc := bufio.NewScanner(os.Stdin)
		w := bufio.NewWriter(os.Stdout)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			var req tla.Value
			isGet := len(f) == 2 && f[0] == "get"
			switch {
			case isGet:
				req = tla.MakeRecord(tla.Field{Name: "typ", Value: pbkvs.GET_REQ(k)},
					tla.Field{Name: "body", Value: tla.MakeRecord(tla.Field{Name: "key", Value: tla.MakeString(f[1])})})
			case len(f) == 3 && f[0] == "put":
				req = tla.MakeRecord(tla.Field{Name: "typ", Value: pbkvs.PUT_REQ(k)},
					tla.Field{Name: "body", Value: tla.MakeRecord(tla.Field{Name: "key", Value: tla.MakeString(f[1])}, tla.Field{Name: "value", Value: tla.MakeString(f[2])})})
			case len(f) == 0:
				continue
			default:
				fmt.Fprintf(w, "ERROR bad command %q\n", sc.Text())
				w.Flush()
				continue
			}
			in <- req
			v := <-out
			if isGet {
				fmt.Fprintf(w, "VALUE %s\n", strconv.Quote(v.AsString()))
			} else {
				fmt.Fprintln(w, "OK")
			}
			w.Flush()
		}
	}()
	if err := sysglue.Run(stop, ctx); err != nil {
		sysglue.Fatal(prog, err)
	}
	select {
	case <-stop:
	default:
		// The archetype finished (no live replica) with commands left.
		fmt.Println("ERROR no live replica")
		sysglue.Fatal(prog, errors.New("every replica is suspected"))
	}
}
