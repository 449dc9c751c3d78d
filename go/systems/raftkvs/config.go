package raftkvs

// Hand-written glue (not generated): the configuration of a Raft KV deployment, read from PGo's
// systems/raftkvs/configs/*.yaml format.

import (
	"os"
	"runtime/debug"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
)

// Config is PGo's raftkvs YAML configuration. Every field of PGo's format is accepted; what our
// runtime does with each is documented in docs/mpcal.md (monitorAddr is not used: our failure
// detector probes the mailbox address; receiveChanSize is not used: mailboxes are unbounded).
type Config struct {
	sysglue.RaftConfig `yaml:",inline"`
	Persist            bool `yaml:"persist"`
	// ParallelLeaderFsync (our extension, not in PGo's format; default false): a leader's
	// AppendEntries do not wait for its own log fsync (see server.go and docs/mpcal.md).
	ParallelLeaderFsync bool `yaml:"parallelLeaderFsync"`
	// ApplyBatch (our extension; default 0 = DefaultApplyBatch): the most steps of a server's
	// AServerAdvanceCommitIndex that run in one transaction (distsys.WithFusion into applyLoop:
	// a batch of committed entries applied and answered together); 1 runs one step at a time.
	ApplyBatch int `yaml:"applyBatch"`
	// HandleBatch (our extension; default 0 = DefaultHandleBatch): the most steps of a server's
	// AServer (receive a message, handle it) that run in one transaction while its mailbox
	// holds messages (distsys.WithFusion, guarded by the mailbox's length); 1 turns it off.
	HandleBatch int `yaml:"handleBatch"`
	// NoLateCommit (our extension; default false): commit a step's messages before releasing
	// its Shared locks (distsys.TCPOptions.LateCommit off), for comparison.
	NoLateCommit bool `yaml:"noLateCommit"`
	// NoPipelineAnswers (our extension; default false): wait for a client's acknowledgement of
	// each answer's data frame (distsys.TCPOptions.PipelineLossy off), for comparison.
	NoPipelineAnswers bool `yaml:"noPipelineAnswers"`
	// MarkedBarrier (our extension; default false: no gain measured, docs/mpcal.md): a
	// late-committed message waits only for the log writes serialised before its step, not for
	// every write before its commit (distsys.TCPOptions.BarrierMark).
	MarkedBarrier bool `yaml:"markedBarrier"`
	// GCPercent (our extension; default 0 = DefaultGCPercent; negative: Go's default): the Go
	// garbage collector's target of a server process (runtime/debug.SetGCPercent; the GOGC
	// environment variable, when set, wins). See TuneGC.
	GCPercent int `yaml:"gcPercent"`
	// NoRestartGrace (our extension; default false): a server restarting on persisted state
	// arms its first election timeout at once, as on a fresh start, instead of holding it for
	// RestartGrace (docs/mpcal.md), for comparison.
	NoRestartGrace bool `yaml:"noRestartGrace"`
	// NoElectionDefer (our extension; default false): a follower's election timeout expires
	// on time even while its leader answers a TCP connect, instead of being deferred for up to
	// ElectionDeferCap (docs/mpcal.md), for comparison.
	NoElectionDefer bool `yaml:"noElectionDefer"`
	// EarlyFsync (our extension; default false: no end-to-end gain measured, docs/mpcal.md): a
	// leader starts its log's fsync when a write commits, if writes are sparse and no other
	// request is in flight, instead of at the barrier of the AppendEntries that needs it
	// (Config.StartsEarlyFsync, earlyFsyncWhen).
	EarlyFsync bool `yaml:"earlyFsync"`
	// ReplFusion (our extension; default false: no end-to-end gain measured, docs/mpcal.md): the
	// leader's replication loop runs an iteration that sends nothing (its own index, the loop's
	// exit) in the same transaction as the step before it (step fusion), so a round is one
	// transaction per follower instead of one per index plus the exit.
	ReplFusion bool `yaml:"replFusion"`
	Servers    map[int]struct {
		MailboxAddr string `yaml:"mailboxAddr"`
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
		Complete: func(i int) bool { s, ok := c.Servers[i]; return ok && s.MailboxAddr != "" }, Need: "has no mailboxAddr"}
	clients := sysglue.IDMap{Section: "clients", Noun: "client", CountKey: "numClients", N: c.NumClients, Entries: len(c.Clients),
		Complete: func(i int) bool { s, ok := c.Clients[i]; return ok && s.MailboxAddr != "" }, Need: "has no mailboxAddr"}
	for _, m := range []sysglue.IDMap{servers, clients} {
		if err := m.Check(path); err != nil {
			return nil, err
		}
	}
	return &c, nil
}

// Constants are the spec's constants for this deployment. LogConcat and LogPop are model values
// in PGo's TLC configs; any two distinct values work.
func (c *Config) Constants() *distsys.Constants {
	return &distsys.Constants{Values: map[string]tla.Value{
		"NumServers":         tla.MakeInt(int64(c.NumServers)),
		"NumClients":         tla.MakeInt(int64(c.NumClients)),
		"ExploreFail":        tla.False,
		"Debug":              tla.MakeBool(c.Debug),
		"MaxNodeFail":        tla.MakeInt(0),
		"LogConcat":          tla.MakeString("log_concat"),
		"LogPop":             tla.MakeString("log_pop"),
		"LeaderTimeoutReset": tla.True,
	}}
}

// ClientSelf is the archetype `self` of client id (1..NumClients): 6*NumServers + id, as in the
// spec's ClientSet.
func (c *Config) ClientSelf(id int) int64 { return int64(6*c.NumServers + id) }

// Addrs maps every node that receives messages (servers 1..N and clients 6N+1..6N+M) to its
// mailbox address.
func (c *Config) Addrs() map[int64]string {
	m := map[int64]string{}
	for id, s := range c.Servers {
		m[int64(id)] = s.MailboxAddr
	}
	for id, cl := range c.Clients {
		m[c.ClientSelf(id)] = cl.MailboxAddr
	}
	return m
}

// tcpOptions are the mailbox options; a server drops answers to a client it cannot reach (the
// spec sends them without the failure-detector guard of its Send macro, so an unreachable client
// would stall the leader's commit loop for ever).
func (c *Config) tcpOptions(server bool) distsys.TCPOptions {
	io := c.Mailboxes.WriteTimeout
	if io < 200*time.Millisecond {
		io = 200 * time.Millisecond // a frame write plus its acknowledgement, on a loaded machine
	}
	o := distsys.TCPOptions{
		ReceiveTimeout:      c.Mailboxes.ReadTimeout,
		DialTimeout:         c.Mailboxes.DialTimeout,
		IOTimeout:           io,
		CommitTimeout:       time.Second,
		LoseOnCommitFailure: true,
		// Commit frames are not waited for: Raft tolerates delayed and lost messages, and the
		// archetypes of a server share one connection per peer, so their answers keep their order.
		// PipelineSends (data frames not waited for either) is off: in interleaved smokes on a
		// loaded machine it did not lower p50 and raised p99 (docs/mpcal.md).
		AsyncCommit: true,
	}
	if server {
		o.DropUnreachable = func(j tla.Value) bool { return j.Kind() == tla.KindInt && j.AsInt() > int64(c.NumServers) }
		// Messages commit after the step's Shared locks are released, in the steps' order
		// (answers to clients are even sent then): the fsync barrier before a message and the
		// round trip to a client no longer hold the log and commitIndex (docs/mpcal.md).
		o.LateCommit = !c.NoLateCommit
		// Answers to clients (the DropUnreachable destinations) are written without waiting
		// for the client's acknowledgements: a client that is gone loses them, as it would if
		// they were dropped (docs/mpcal.md).
		o.PipelineLossy = !c.NoPipelineAnswers
	}
	return o
}

// watchedBy makes the mailboxes and the failure detector share what they learn about servers
// (the spec guards every send to a server with `await fd[j]`): a failed connection to a server
// makes the detector suspect it at once, instead of after its probes fail twice, and a send to a
// suspected server fails without dialling. So a dead follower does not stall a leader's
// AppendEntries loop (which serves the other followers too) for the detection time, and a
// client leaves a dead server as soon as a send fails. Clients are not monitored (the spec has
// no fd guard on answers to them; DropUnreachable handles those).
func (c *Config) watchedBy(o *distsys.TCPOptions, fd *distsys.FailureDetector) {
	server := func(j tla.Value) bool {
		return j.Kind() == tla.KindInt && j.AsInt() >= 1 && j.AsInt() <= int64(c.NumServers)
	}
	o.Unreachable = func(j tla.Value) {
		if server(j) {
			_ = fd.Suspect(j)
		}
	}
	o.Suspected = func(j tla.Value) bool { return server(j) && fd.IsSuspected(j) }
}

// RestartGrace is how long a server that restarts on persisted state holds its election timer
// before the first timeout can start (distsys.ElectionTimer.Hold): long enough for the peers'
// failure detectors to see it alive again (two probe intervals and a probe's timeout), so that
// the leader's AppendEntries reach it before it times out and deposes the leader with a higher
// term. 0 with NoRestartGrace.
func (c *Config) RestartGrace() time.Duration {
	if c.NoRestartGrace {
		return 0
	}
	return 2*c.FD.PullInterval + c.FD.Timeout
}

// ElectionDeferCap bounds how long after its last reset a follower's election timeout may be
// deferred while its leader answers TCP connects (distsys.ElectionTimer.SetDefer): four times the
// longest timeout. 0 with NoElectionDefer.
func (c *Config) ElectionDeferCap() time.Duration {
	if c.NoElectionDefer {
		return 0
	}
	return 4 * (c.LeaderElection.TimeoutOffset + c.LeaderElection.Timeout)
}

// StartsEarlyFsync reports whether a leader starts its log's fsync as soon as a step's log write
// commits (in the background, when no fsync is under way, writes are sparse and every entry
// before the write is committed), instead of when the first message that must follow it (an
// AppendEntries) reaches the barrier: the fsync then runs while the AppendEntries step wakes up
// and pre-commits (its data-frame round trip), instead of after. Every message still waits for
// the barrier, so what a crash can lose and what any step observes are unchanged; only when the
// disk is asked to flush changes (docs/mpcal.md).
func (c *Config) StartsEarlyFsync() bool { return c.EarlyFsync }

// DefaultApplyBatch is ApplyBatch when the config leaves it 0.
const DefaultApplyBatch = 32

func (c *Config) applyBatch() int {
	if c.ApplyBatch == 0 {
		return DefaultApplyBatch
	}
	return c.ApplyBatch
}

// DefaultGCPercent is GCPercent when the config leaves it 0: the heap may grow to 5x what is
// live before a collection (Go's default is 2x). A server's heap is mostly its Raft log and
// state machine, long-lived, while every message and step allocates short-lived values; with
// Go's default the collector's mark workers took 15% of the servers' CPU at 64 clients (perf),
// competing with heartbeats on a loaded machine (docs/mpcal.md, "Garbage collection").
const DefaultGCPercent = 400

// TuneGC sets the process's garbage collection target for a server (GCPercent) unless the GOGC
// environment variable is set or GCPercent is negative, and returns the target in force.
// It changes only when memory is reclaimed, never what the archetypes compute.
func (c *Config) TuneGC() int {
	if os.Getenv("GOGC") != "" || c.GCPercent < 0 {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p
	}
	p := c.GCPercent
	if p == 0 {
		p = DefaultGCPercent
	}
	debug.SetGCPercent(p)
	return p
}

// DefaultHandleBatch is HandleBatch when the config leaves it 0.
const DefaultHandleBatch = 16

func (c *Config) handleBatch() int {
	if c.HandleBatch == 0 {
		return DefaultHandleBatch
	}
	return c.HandleBatch
}
