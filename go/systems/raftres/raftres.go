// Package raftres is the hand-written glue of PGo's modular Raft + KV (raftres): the pure Raft
// protocol (package raft, compiled by `veriforge mpcal gogen` from systems/raftres/raft/raft.tla)
// composed with a KV store over an abstract consensus layer (package kv, from
// systems/raftres/kv/kv.tla). In one server process the two meet at two local channels: kv's
// AServerProp writes client requests into raft's propCh, and raft's commit archetypes write
// every committed entry into acctCh, which kv's AServerAcct applies to its state machine
// (answering the client when the request came in through this server).
package raftres

import (
	"fmt"
	"io"
	"net"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/raftres/kv"
	"github.com/veriforge/veriforge/go/systems/raftres/raft"
)

// Config is PGo's raftres YAML configuration (systems/raftres/configs/*.yaml). Every field of
// PGo's format is accepted; receiveChanSize is not used (mailboxes are unbounded) and fd.timeout
// bounds one probe.
type Config struct {
	sysglue.RaftConfig `yaml:",inline"`
	Servers            map[int]struct {
		RaftAddr    string `yaml:"raftAddr"`
		KVAddr      string `yaml:"kvAddr"`
		MonitorAddr string `yaml:"monitorAddr"`
	} `yaml:"servers"`
	Clients map[int]struct {
		MailboxAddr string `yaml:"mailboxAddr"`
	} `yaml:"clients"`
}

// LoadConfig reads and validates a config file; errors are *sysglue.ConfigError
// ("file:line:col: problem").
func LoadConfig(path string) (*Config, error) {
	var c Config
	if err := sysglue.LoadYAML(path, &c); err != nil {
		return nil, err
	}
	if err := c.RaftConfig.Check(path); err != nil {
		return nil, err
	}
	servers := sysglue.IDMap{Section: "servers", Noun: "server", CountKey: "numServers", N: c.NumServers, Entries: len(c.Servers),
		Complete: func(i int) bool {
			s, ok := c.Servers[i]
			return ok && s.RaftAddr != "" && s.KVAddr != "" && s.MonitorAddr != ""
		}, Need: "needs raftAddr, kvAddr and monitorAddr"}
	clients := sysglue.IDMap{Section: "clients", Noun: "client", CountKey: "numClients", N: c.NumClients, Entries: len(c.Clients),
		Complete: func(i int) bool { s, ok := c.Clients[i]; return ok && s.MailboxAddr != "" }, Need: "has no mailboxAddr"}
	for _, m := range []sysglue.IDMap{servers, clients} {
		if err := m.Check(path); err != nil {
			return nil, err
		}
	}
	return &c, nil
}

// RaftConstants are the raft spec's constants (crashes are real processes dying, not explored;
// LogConcat and LogPop are model values in PGo's TLC configs: any two distinct values work).
func (c *Config) RaftConstants() *distsys.Constants {
	return &distsys.Constants{Values: map[string]tla.Value{
		"NumServers": tla.MakeInt(int64(c.NumServers)), "ExploreFail": tla.False, "Debug": tla.MakeBool(c.Debug),
		"MaxNodeFail": tla.MakeInt(0), "LogConcat": tla.MakeString("log_concat"), "LogPop": tla.MakeString("log_pop"),
		"LeaderTimeoutReset": tla.True,
	}}
}

// KVConstants are the kv spec's constants.
func (c *Config) KVConstants() *distsys.Constants {
	return &distsys.Constants{Values: map[string]tla.Value{
		"NumServers": tla.MakeInt(int64(c.NumServers)), "NumClients": tla.MakeInt(int64(c.NumClients)), "Debug": tla.MakeBool(c.Debug),
	}}
}

// KVServerID is the kv spec's id of server i (its ServerSet is 7N+1..8N); ClientSelf is client
// c's (ClientSet is 9N+1..9N+M).
func (c *Config) KVServerID(i int) int64  { return int64(7*c.NumServers + i) }
func (c *Config) ClientSelf(id int) int64 { return int64(9*c.NumServers + id) }

// server returns the config index of a kv server id, or 0.
func (c *Config) server(v tla.Value) int {
	if v.Kind() != tla.KindInt {
		return 0
	}
	i := int(v.AsInt()) - 7*c.NumServers
	if _, ok := c.Servers[i]; ok && i >= 1 && i <= c.NumServers {
		return i
	}
	return 0
}

// RaftAddr resolves raft node ids 1..N; KVAddr resolves kv server and client ids; MonitorAddr
// resolves kv server ids for the clients' failure detector.
func (c *Config) RaftAddr(v tla.Value) (string, error) {
	if v.Kind() == tla.KindInt {
		if s, ok := c.Servers[int(v.AsInt())]; ok {
			return s.RaftAddr, nil
		}
	}
	return "", fmt.Errorf("no raft server %v", v)
}

func (c *Config) KVAddr(v tla.Value) (string, error) {
	if i := c.server(v); i != 0 {
		return c.Servers[i].KVAddr, nil
	}
	if v.Kind() == tla.KindInt {
		if cl, ok := c.Clients[int(v.AsInt())-9*c.NumServers]; ok {
			return cl.MailboxAddr, nil
		}
	}
	return "", fmt.Errorf("no kv node %v", v)
}

func (c *Config) kvMonitorAddr(v tla.Value) (string, error) {
	if i := c.server(v); i != 0 {
		return c.Servers[i].MonitorAddr, nil
	}
	return "", fmt.Errorf("fd[%v]: not a kv server", v)
}

func (c *Config) raftMonitorAddr(v tla.Value) (string, error) {
	if v.Kind() == tla.KindInt {
		if s, ok := c.Servers[int(v.AsInt())]; ok {
			return s.MonitorAddr, nil
		}
	}
	return "", fmt.Errorf("fd[%v]: not a raft server", v)
}

func (c *Config) tcpOptions(dropClients bool) distsys.TCPOptions {
	io := c.Mailboxes.WriteTimeout
	if io < 200*time.Millisecond {
		io = 200 * time.Millisecond // a frame write plus its acknowledgement, on a loaded machine
	}
	o := distsys.TCPOptions{ReceiveTimeout: c.Mailboxes.ReadTimeout, DialTimeout: c.Mailboxes.DialTimeout,
		IOTimeout: io, CommitTimeout: time.Second, LoseOnCommitFailure: true}
	if dropClients {
		// kv answers clients without a failure-detector guard: a client that left must not
		// stall the server's apply loop.
		o.DropUnreachable = func(j tla.Value) bool { return j.Kind() == tla.KindInt && j.AsInt() > int64(9*c.NumServers) }
	}
	return o
}

// Server is one running raftres server: raft's seven archetypes and kv's two.
type Server struct {
	ID      int
	raftNet *distsys.TCPMailboxes
	kvNet   *distsys.TCPMailboxes
	fd      *distsys.FailureDetector
	monitor net.Listener
	shared  map[string]*distsys.Shared
	ctxs    []*distsys.Context
}

var sharedVars = []string{"state", "currentTerm", "log", "commitIndex", "nextIndex", "matchIndex",
	"votedFor", "votesResponded", "votesGranted", "leader"}

// NewServer starts listening for server id (1..NumServers): raft mailboxes on raftAddr, kv
// mailboxes on kvAddr, failure-detector probes on monitorAddr. Debug prints go to out.
func NewServer(cfg *Config, id int, out io.Writer) (*Server, error) {
	if id < 1 || id > cfg.NumServers {
		return nil, fmt.Errorf("server id %d is not in 1..%d", id, cfg.NumServers)
	}
	rk, kk := cfg.RaftConstants(), cfg.KVConstants()
	self := tla.MakeInt(int64(id))
	s := &Server{ID: id, shared: map[string]*distsys.Shared{}}
	ok := false
	defer func() {
		if !ok {
			s.Close()
		}
	}()
	servers := raft.ServerSet(rk)
	fill := func(v tla.Value) tla.Value {
		es := servers.Elements()
		vs := make([]tla.Value, len(es))
		for i := range vs {
			vs[i] = v
		}
		return tla.MakeFunction(es, vs)
	}
	inits := map[string]tla.Value{
		"state": raft.Follower(rk), "currentTerm": tla.MakeInt(1), "log": tla.MakeTuple(), "commitIndex": tla.MakeInt(0),
		"nextIndex": fill(tla.MakeInt(1)), "matchIndex": fill(tla.MakeInt(0)), "votedFor": raft.Nil(rk),
		"votesResponded": tla.MakeSet(), "votesGranted": tla.MakeSet(), "leader": raft.Nil(rk),
	}
	for _, name := range sharedVars {
		sh, err := distsys.NewShared(inits[name], distsys.SharedOptions{Timeout: cfg.SharedResourceTimeout})
		if err != nil {
			return nil, err
		}
		s.shared[name] = sh
	}
	var err error
	if s.monitor, err = net.Listen("tcp", cfg.Servers[id].MonitorAddr); err != nil {
		return nil, fmt.Errorf("monitor: %w", err)
	}
	go func(ln net.Listener) {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}(s.monitor)
	if s.raftNet, err = distsys.ListenTCPMailboxes(self, cfg.Servers[id].RaftAddr, cfg.RaftAddr, cfg.tcpOptions(false)); err != nil {
		return nil, err
	}
	kvSelf := tla.MakeInt(cfg.KVServerID(id))
	if s.kvNet, err = distsys.ListenTCPMailboxes(kvSelf, cfg.Servers[id].KVAddr, cfg.KVAddr, cfg.tcpOptions(true)); err != nil {
		return nil, err
	}
	s.fd = distsys.NewFailureDetector(cfg.raftMonitorAddr, cfg.FD.PullInterval, 2)
	timer := distsys.NewElectionTimer(cfg.LeaderElection.TimeoutOffset, cfg.LeaderElection.Timeout)
	ticker := distsys.NewTicker(cfg.AppendEntriesSendInterval)
	becomeLeader, fAdvCommit := distsys.NewLocalChannel(), distsys.NewLocalChannel()
	propCh, acctCh := distsys.NewLocalChannel(), distsys.NewLocalChannel()
	if cfg.NumServers == 1 {
		w := becomeLeader.Writer()
		_ = w.Write(tla.True)
		_ = w.Commit()
	}
	only := func(name string, idx tla.Value, r distsys.Resource) distsys.Resource {
		return distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
			if !i.Equal(idx) {
				return nil, fmt.Errorf("%s[%v]: server %d only holds entry %v", name, i, id, idx)
			}
			return r, nil
		})
	}
	unused := func(name string) distsys.Resource {
		return distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
			return nil, fmt.Errorf("%s is not available to this archetype", name)
		})
	}
	raftNetLen := only("netLen", self, distsys.ReadOnly(func() tla.Value { return tla.MakeInt(int64(s.raftNet.Pending())) }))
	archs := []*distsys.Archetype{raft.AServerNetListener, raft.AServerPropChListener, raft.AServerRequestVote,
		raft.AServerAppendEntries, raft.AServerAdvanceCommitIndex, raft.AServerBecomeLeader, raft.AServerFollowerAdvanceCommitIndex}
	for n, a := range archs {
		chans := map[string]distsys.Resource{
			"propCh": unused("propCh"), "acctCh": unused("acctCh"), "appendEntriesCh": unused("appendEntriesCh"),
			"becomeLeaderCh": unused("becomeLeaderCh"), "fAdvCommitIdxCh": unused("fAdvCommitIdxCh"),
		}
		switch a {
		case raft.AServerNetListener:
			chans["appendEntriesCh"] = only("appendEntriesCh", self, ticker.Resource())
			chans["becomeLeaderCh"] = only("becomeLeaderCh", self, becomeLeader.Writer())
			chans["fAdvCommitIdxCh"] = only("fAdvCommitIdxCh", self, fAdvCommit.Writer())
		case raft.AServerPropChListener:
			chans["propCh"] = only("propCh", self, propCh.Reader(cfg.InputChanReadTimeout))
			chans["appendEntriesCh"] = only("appendEntriesCh", self, ticker.Resource())
		case raft.AServerAppendEntries:
			chans["appendEntriesCh"] = only("appendEntriesCh", self, ticker.Resource())
		case raft.AServerAdvanceCommitIndex:
			chans["acctCh"] = only("acctCh", self, acctCh.Writer())
		case raft.AServerFollowerAdvanceCommitIndex:
			chans["acctCh"] = only("acctCh", self, acctCh.Writer())
			chans["fAdvCommitIdxCh"] = only("fAdvCommitIdxCh", self, fAdvCommit.Reader(cfg.InputChanReadTimeout))
		case raft.AServerBecomeLeader:
			chans["appendEntriesCh"] = only("appendEntriesCh", self, ticker.Resource())
			chans["becomeLeaderCh"] = only("becomeLeaderCh", self, becomeLeader.Reader(cfg.InputChanReadTimeout))
		}
		opts := []distsys.Option{
			distsys.WithConstants(rk), distsys.WithOutput(out), distsys.WithValue("srvId", self),
			distsys.WithResource("net", s.raftNet.Resource()), distsys.WithResource("netLen", raftNetLen),
			distsys.WithResource("netEnabled", unused("netEnabled (only read with ExploreFail)")),
			distsys.WithResource("fd", s.fd.Resource()), distsys.WithResource("leaderTimeout", timer.Resource()),
			// No persistence in raftres's configs: the PersistentLog writes are dropped (as
			// PGo binds a dummy resource there).
			distsys.WithResource("plog", only("plog", self, distsys.NewLocal(tla.MakeTuple()))),
		}
		for name, r := range chans {
			opts = append(opts, distsys.WithResource(name, r))
		}
		for _, name := range sharedVars {
			opts = append(opts, distsys.WithResource(name, only(name, self, s.shared[name].Handle())))
		}
		s.ctxs = append(s.ctxs, distsys.NewContext(a, tla.MakeInt(int64(id+n*cfg.NumServers)), opts...))
	}
	// kv: AServerProp (self = srvId = 7N+id) proposes into raft's propCh; AServerAcct (self =
	// 8N+id, srvId = 7N+id) applies what raft commits.
	s.ctxs = append(s.ctxs,
		distsys.NewContext(kv.AServerProp, kvSelf, distsys.WithConstants(kk), distsys.WithOutput(out), distsys.WithValue("srvId", kvSelf),
			distsys.WithResource("net", s.kvNet.Resource()), distsys.WithResource("propCh", propCh.Writer())),
		distsys.NewContext(kv.AServerAcct, tla.MakeInt(int64(8*cfg.NumServers+id)), distsys.WithConstants(kk), distsys.WithOutput(out),
			distsys.WithValue("srvId", kvSelf), distsys.WithResource("net", s.kvNet.Resource()),
			distsys.WithResource("acctCh", only("acctCh", kvSelf, acctCh.Reader(cfg.InputChanReadTimeout)))))
	ok = true
	return s, nil
}

// Contexts are the server's archetype instances (run them with sysglue.Run).
func (s *Server) Contexts() []*distsys.Context { return s.ctxs }

// Status is a snapshot of committed raft state.
type Status struct {
	Term, CommitIndex, LogLen int64
	State                     string
	Leader                    int64
}

// Status reads the committed shared state.
func (s *Server) Status() Status {
	return Status{
		Term:        s.shared["currentTerm"].Value().AsInt(),
		CommitIndex: s.shared["commitIndex"].Value().AsInt(),
		LogLen:      tla.Len(s.shared["log"].Value()).AsInt(),
		State:       s.shared["state"].Value().AsString(),
		Leader:      s.shared["leader"].Value().AsInt(),
	}
}

// Close stops the archetypes and releases listeners and the failure detector.
func (s *Server) Close() {
	for _, c := range s.ctxs {
		c.Stop()
	}
	for _, m := range []*distsys.TCPMailboxes{s.raftNet, s.kvNet} {
		if m != nil {
			m.Close()
		}
	}
	if s.monitor != nil {
		s.monitor.Close()
	}
	if s.fd != nil {
		s.fd.Close()
	}
}
