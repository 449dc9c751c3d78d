// Command pgosys runs one node of one of PGo's own lock service, distributed queue, G-counter or
// shopping-cart specs (../../{locksvc,dqueue,gcounter,shopcart}, gogen output) as an OS process
// on TCP. -peers lists every node's address (mailboxes for locksvc and dqueue, CRDT gossip for
// gcounter and shopcart):
//
//	pgosys -sys locksvc -id 0 -peers 0=127.0.0.1:7000,1=...   # the server (ServerID = 0)
//	pgosys -sys locksvc -id 1 -peers ... -cslog cs.log         # a client: takes the lock once
//	pgosys -sys dqueue -id 0 -peers 0=...,1=...,2=... -items 20  # the producer (PRODUCER = 0)
//	pgosys -sys dqueue -id 1 -peers ...                        # a consumer: prints "ITEM v"
//	pgosys -sys gcounter -id 1 -peers 1=...,2=...,3=...        # prints "CONVERGED id value"
//	pgosys -sys shopcart -id 1 -peers 1=...,2=...  < requests  # "add e" / "remove e" lines
//
// The mapping macros of the specs become resources: locksvc's ReliableLink bag and dqueue's
// TCPChannel are TCP mailboxes (FIFO, so a refinement of the bag; unbounded, where the model
// bounds a channel by BUFFER_SIZE); dqueue's `stream` is the items 1..-items in order (the model's
// CyclicReads counter only stands for some input); gcounter's LocalGCntr + UpdateGCntr process is
// distsys.GCounter with state gossip, shopcart's AWORSet + UpdateCRDT process is distsys.AWORSet.
// A locksvc client appends "ENTER id" / "EXIT id" to -cslog when hasLock[self] commits TRUE /
// FALSE and exits 0 when its archetype is done. A shopcart node prints "CART <elements>" for the
// spec's `out` after each request and, after its input ends, whenever gossip changes its replica.
// Bad flags: one line on stderr, exit 2.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/pgo/dqueue"
	"github.com/veriforge/veriforge/go/systems/pgo/gcounter"
	"github.com/veriforge/veriforge/go/systems/pgo/locksvc"
	"github.com/veriforge/veriforge/go/systems/pgo/shopcart"
)

const prog = "pgosys"

func usage(format string, args ...any) { sysglue.Usage(prog, format, args...) }

func main() {
	sys := flag.String("sys", "", "locksvc, dqueue, gcounter or shopcart")
	id := flag.Int64("id", -1, "this node's id")
	peersFlag := flag.String("peers", "", "id=host:port,... for every node")
	cslog := flag.String("cslog", "", "locksvc client: append ENTER/EXIT lines here")
	items := flag.Int64("items", 10, "dqueue producer: stream the items 1..items")
	bufferSize := flag.Int64("buffer", 10, "dqueue: BUFFER_SIZE")
	gossip := flag.Duration("gossip", 20*time.Millisecond, "gcounter, shopcart: gossip interval")
	linger := flag.Duration("linger", 500*time.Millisecond, "gcounter: keep gossiping this long after converging")
	flag.Parse()
	if flag.NArg() != 0 {
		usage("unexpected argument %q", flag.Arg(0))
	}
	peers, err := sysglue.ParsePeers(*peersFlag)
	if err != nil {
		usage("%v", err)
	}
	if _, ok := peers[*id]; !ok {
		usage("-id %d has no address in -peers", *id)
	}
	switch *sys {
	case "locksvc":
		runLocksvc(peers, *id, *cslog)
	case "dqueue":
		runDqueue(peers, *id, *items, *bufferSize)
	case "gcounter":
		runGCounter(peers, *id, *gossip, *linger)
	case "shopcart":
		runShopcart(peers, *id, *gossip)
	default:
		usage("-sys must be locksvc, dqueue, gcounter or shopcart, not %q", *sys)
	}
}

// ids are the node ids of -peers, sorted.
func ids(peers map[int64]string) []int64 {
	var out []int64
	for n := range peers {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// contiguous checks that -peers lists exactly the ids want.
func contiguous(peers map[int64]string, want tla.Value, what string) {
	set := tla.MakeSet()
	for n := range peers {
		set = tla.Union(set, tla.MakeSet(tla.MakeInt(n)))
	}
	if !set.Equal(want) {
		usage("-peers lists nodes %v; %s needs exactly %v", set, what, want)
	}
}

func listen(peers map[int64]string, id int64) *distsys.TCPMailboxes {
	mb, err := distsys.ListenTCPMailboxes(tla.MakeInt(id), peers[id], sysglue.Lookup(peers), distsys.TCPOptions{})
	if err != nil {
		sysglue.Fatal(prog, fmt.Errorf("listen %s: %w", peers[id], err))
	}
	return mb
}

func run(stop <-chan struct{}, ctxs ...*distsys.Context) {
	if err := sysglue.Run(stop, ctxs...); err != nil {
		sysglue.Fatal(prog, err)
	}
}

func runLocksvc(peers map[int64]string, id int64, cslog string) {
	k := &distsys.Constants{Values: map[string]tla.Value{"NumClients": tla.MakeInt(int64(len(peers) - 1))}}
	contiguous(peers, locksvc.NodeSet(k), "locksvc (ServerID 0 and clients 1..n)")
	mb := listen(peers, id)
	defer mb.Close()
	if tla.MakeInt(id).Equal(locksvc.ServerID(k)) {
		run(nil, distsys.NewContext(locksvc.AServer, tla.MakeInt(id), distsys.WithConstants(k), distsys.WithResource("network", mb.Resource())))
		return
	}
	var log *os.File
	if cslog != "" {
		var err error
		if log, err = os.OpenFile(cslog, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err != nil {
			usage("-cslog: %v", err)
		}
		defer log.Close()
	}
	hasLock := distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
		if !i.Equal(tla.MakeInt(id)) {
			return nil, fmt.Errorf("hasLock[%v]: a client only writes its own entry", i)
		}
		return distsys.NewObservedLocal(tla.False, func(_, now tla.Value) {
			if log == nil {
				return
			}
			what := "EXIT"
			if now.AsBool() {
				what = "ENTER"
			}
			if _, err := fmt.Fprintf(log, "%s %d\n", what, id); err != nil {
				fmt.Fprintf(os.Stderr, "%s: -cslog: %v\n", prog, err)
			}
		}), nil
	})
	run(nil, distsys.NewContext(locksvc.AClient, tla.MakeInt(id), distsys.WithConstants(k),
		distsys.WithResource("network", mb.Resource()), distsys.WithResource("hasLock", hasLock)))
}

func runDqueue(peers map[int64]string, id, items, bufferSize int64) {
	k := &distsys.Constants{Values: map[string]tla.Value{"NUM_CONSUMERS": tla.MakeInt(int64(len(peers) - 1)),
		"PRODUCER": tla.MakeInt(0), "BUFFER_SIZE": tla.MakeInt(bufferSize)}}
	contiguous(peers, tla.Range(tla.MakeInt(0), tla.MakeInt(int64(len(peers)-1))), "dqueue (PRODUCER 0 and consumers 1..n)")
	if bufferSize < 1 {
		usage("-buffer must be at least 1")
	}
	mb := listen(peers, id)
	defer mb.Close()
	if id == 0 {
		stream := make(chan tla.Value)
		go func() {
			for i := int64(1); i <= items; i++ {
				stream <- tla.MakeInt(i)
			}
		}()
		run(nil, distsys.NewContext(dqueue.AProducer, tla.MakeInt(id), distsys.WithConstants(k),
			distsys.WithResource("net", mb.Resource()), distsys.WithResource("s", distsys.InputChannel(stream, 5*time.Millisecond))))
		return
	}
	proc := make(chan tla.Value)
	go func() {
		w := bufio.NewWriter(os.Stdout)
		for v := range proc {
			fmt.Fprintf(w, "ITEM %v\n", v)
			w.Flush()
		}
	}()
	run(nil, distsys.NewContext(dqueue.AConsumer, tla.MakeInt(id), distsys.WithConstants(k),
		distsys.WithResource("net", mb.Resource()), distsys.WithResource("proc", distsys.OutputChannel(proc))))
}

// others are the addresses of every node but id.
func others(peers map[int64]string, id int64) []string {
	var out []string
	for _, n := range ids(peers) {
		if n != id {
			out = append(out, peers[n])
		}
	}
	return out
}

func runGCounter(peers map[int64]string, id int64, gossip, linger time.Duration) {
	k := &distsys.Constants{Values: map[string]tla.Value{"NUM_NODES": tla.MakeInt(int64(len(peers))), "BENCH_NUM_ROUNDS": tla.MakeInt(1)}}
	contiguous(peers, gcounter.NODE_SET(k), "gcounter (nodes 1..n)")
	cntr := distsys.NewGCounter(tla.MakeInt(id))
	g, err := distsys.StartGossip(cntr, peers[id], others(peers, id), gossip)
	if err != nil {
		sysglue.Fatal(prog, fmt.Errorf("listen %s: %w", peers[id], err))
	}
	defer g.Close()
	run(nil, distsys.NewContext(gcounter.ANode, tla.MakeInt(id), distsys.WithConstants(k), distsys.WithResource("cntr", cntr.Resource()),
		distsys.WithResource("c", distsys.NewLocalIndexed(func(tla.Value) tla.Value { return tla.MakeSet() }))))
	fmt.Printf("CONVERGED %d %d\n", id, cntr.Value())
	time.Sleep(linger)
}

func runShopcart(peers map[int64]string, id int64, gossip time.Duration) {
	k := &distsys.Constants{Values: map[string]tla.Value{"NumNodes": tla.MakeInt(int64(len(peers))), "BenchNumRounds": tla.MakeInt(1)}}
	contiguous(peers, shopcart.NodeSet(k), "shopcart (nodes 1..n)")
	set := distsys.NewAWORSet(tla.MakeInt(id), shopcart.AddCmd(k), shopcart.RemoveCmd(k))
	g, err := distsys.StartGossip(set, peers[id], others(peers, id), gossip)
	if err != nil {
		sysglue.Fatal(prog, fmt.Errorf("listen %s: %w", peers[id], err))
	}
	defer g.Close()
	in, out := make(chan tla.Value), make(chan tla.Value)
	w := bufio.NewWriter(os.Stdout)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) == 0 {
				continue
			}
			cmd := shopcart.AddCmd(k)
			switch {
			case len(f) == 2 && f[0] == "add":
			case len(f) == 2 && f[0] == "remove":
				cmd = shopcart.RemoveCmd(k)
			default:
				fmt.Fprintf(w, "ERROR bad request %q\n", sc.Text())
				w.Flush()
				continue
			}
			in <- tla.MakeRecord(tla.Field{Name: "cmd", Value: cmd}, tla.Field{Name: "elem", Value: tla.MakeString(f[1])})
			fmt.Fprintf(w, "CART %v\n", <-out)
			w.Flush()
		}
		// Input ended: report the replica whenever gossip changes it, until killed.
		var last tla.Value
		for first := true; ; first = false {
			if e := set.Elements(); first || !e.Equal(last) {
				last = e
				fmt.Fprintf(w, "CART %v\n", e)
				w.Flush()
			}
			time.Sleep(gossip / 2)
		}
	}()
	ctx := distsys.NewContext(shopcart.ANode, tla.MakeInt(id), distsys.WithConstants(k), distsys.WithResource("crdt", set.Resource()),
		distsys.WithResource("in", distsys.InputChannel(in, 5*time.Millisecond)), distsys.WithResource("out", distsys.OutputChannel(out)))
	run(nil, ctx)
}
