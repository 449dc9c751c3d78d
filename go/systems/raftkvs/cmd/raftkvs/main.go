// Command raftkvs runs one node of PGo's Raft KV (../../raftkvs.go, compiled by
// `veriforge mpcal gogen` from PGo's systems/raftkvs/raftkvs.tla) with a PGo-format config:
//
//	raftkvs -srvId 1 -c configs/local-3.yaml [-data dir] [-status 100ms]
//	raftkvs -clientId 1 -c configs/local-3.yaml < commands
//	raftkvs -check -c configs/local-3.yaml
//
// A server runs its five archetypes until SIGINT/SIGTERM; with `persist: true` its currentTerm,
// votedFor and log live in -data (default raftkvs-data-<id>) and survive a kill -9. With -status it
// prints "STATUS id=<id> term=<t> state=<s> commit=<n> log=<n> leader=<l>" lines to stdout.
// With persist it first prints "RESTORED id=<id> term=<t> log=<n>" (the state read from -data).
// A client reads "put KEY VALUE" / "get KEY" lines and prints "OK", "VALUE v", "NOTFOUND" or
// "ERROR ..." per line. Bad flags or config: one line on stderr, exit 2.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

const prog = "raftkvs"

func main() {
	srvID := flag.Int("srvId", 0, "run server id (1..numServers)")
	clientID := flag.Int("clientId", 0, "run client id (1..numClients), commands on stdin")
	cfgPath := flag.String("c", "", "config file (PGo's raftkvs YAML format)")
	data := flag.String("data", "", "server: data directory when persist is true (default raftkvs-data-<id>)")
	status := flag.Duration("status", 0, "server: print a STATUS line this often (0: never)")
	opTimeout := flag.Duration("timeout", 10*time.Second, "client: give up on one request after this")
	check := flag.Bool("check", false, "only read and validate the config, print a summary")
	flag.Parse()
	if flag.NArg() != 0 {
		sysglue.Usage(prog, "unexpected argument %q", flag.Arg(0))
	}
	if *cfgPath == "" {
		sysglue.Usage(prog, "-c config.yaml is required")
	}
	if !*check && (*srvID == 0) == (*clientID == 0) {
		sysglue.Usage(prog, "give exactly one of -srvId and -clientId")
	}
	cfg, err := raftkvs.LoadConfig(*cfgPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, strings.ReplaceAll(err.Error(), "\n", " "))
		os.Exit(2)
	}
	if *check {
		fmt.Printf("%s: %d servers, %d clients, persist %v\n", *cfgPath, cfg.NumServers, cfg.NumClients, cfg.Persist)
		return
	}
	if *clientID != 0 {
		if *clientID < 1 || *clientID > cfg.NumClients {
			sysglue.Usage(prog, "-clientId %d is not in 1..numClients = %d", *clientID, cfg.NumClients)
		}
		runClient(cfg, *clientID, *opTimeout)
		return
	}
	if *srvID < 1 || *srvID > cfg.NumServers {
		sysglue.Usage(prog, "-srvId %d is not in 1..numServers = %d", *srvID, cfg.NumServers)
	}
	dir := *data
	if dir == "" {
		dir = fmt.Sprintf("raftkvs-data-%d", *srvID)
	}
	cfg.TuneGC() // a server process only: a client shares its process with the caller's code
	srv, err := raftkvs.NewServer(cfg, *srvID, dir, os.Stdout)
	if err != nil {
		sysglue.Fatal(prog, err)
	}
	if cfg.Persist {
		s := srv.Status()
		fmt.Printf("RESTORED id=%d term=%d log=%d\n", *srvID, s.Term, s.LogLen)
	}
	stop := make(chan struct{})
	if *status > 0 {
		go func() {
			t := time.NewTicker(*status)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
				}
				s := srv.Status()
				fmt.Printf("STATUS id=%d term=%d state=%s commit=%d log=%d leader=%d\n", *srvID, s.Term, s.State, s.CommitIndex, s.LogLen, s.Leader)
			}
		}()
	}
	err = sysglue.Run(nil, srv.Contexts()...)
	close(stop)
	srv.Close()
	if err != nil {
		sysglue.Fatal(prog, err)
	}
}

func runClient(cfg *raftkvs.Config, id int, timeout time.Duration) {
	c, err := raftkvs.NewClient(cfg, id)
	if err != nil {
		sysglue.Fatal(prog, err)
	}
	defer c.Close()
	if err := sysglue.ServeKVCommands(c, os.Stdin, os.Stdout, timeout); err != nil {
		sysglue.Fatal(prog, err)
	}
}
