package raftkvs

// Hand-written glue (not generated): one Raft KV server = the five server archetypes of the
// spec (AServer, AServerRequestVote, AServerAppendEntries, AServerAdvanceCommitIndex,
// AServerBecomeLeader) in one process, sharing the server's state through distsys.Shared.

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
)

// Server is one running Raft KV server.
type Server struct {
	ID     int
	cfg    *Config
	mb     *distsys.TCPMailboxes
	fd     *distsys.FailureDetector
	plog   *distsys.DurableSeq
	shared map[string]*distsys.Shared
	ctxs   []*distsys.Context
	// restartHold is how long the election timer was held at start (a restart; else 0).
	restartHold time.Duration
}

// sharedVars are the spec's per-server variables shared by the server archetypes; persistent
// ones (Raft's currentTerm and votedFor; the log is kept by plog) go to the data directory.
var sharedVars = []string{"state", "currentTerm", "log", "commitIndex", "nextIndex", "matchIndex",
	"votedFor", "votesResponded", "votesGranted", "leader", "sm", "smDomain"}

// NewServer prepares server id (1..NumServers). With cfg.Persist, currentTerm, votedFor and the
// log are durable in dataDir (and restored from it). Debug prints go to out.
func NewServer(cfg *Config, id int, dataDir string, out io.Writer) (*Server, error) {
	if id < 1 || id > cfg.NumServers {
		return nil, fmt.Errorf("server id %d is not in 1..%d", id, cfg.NumServers)
	}
	k := cfg.Constants()
	self := tla.MakeInt(int64(id))
	s := &Server{ID: id, cfg: cfg, shared: map[string]*distsys.Shared{}}
	ok := false
	defer func() {
		if !ok {
			s.Close()
		}
	}()
	var store *distsys.FileStore
	logInit := tla.MakeTuple()
	if cfg.Persist {
		if dataDir == "" {
			return nil, errors.New("persist: true needs a data directory")
		}
		var err error
		if store, err = distsys.OpenFileStore(dataDir); err != nil {
			return nil, err
		}
		if s.plog, err = distsys.OpenDurableSeq(filepath.Join(dataDir, "plog.seq")); err != nil {
			return nil, err
		}
		logInit = s.plog.Value() // the spec keeps plog = log (its plogOK invariant)
	}
	servers := ServerSet(k)
	fill := func(v tla.Value) tla.Value {
		es := servers.Elements()
		vs := make([]tla.Value, len(es))
		for i := range vs {
			vs[i] = v
		}
		return tla.MakeFunction(es, vs)
	}
	inits := map[string]tla.Value{
		"state": Follower(k), "currentTerm": tla.MakeInt(1), "log": logInit, "commitIndex": tla.MakeInt(0),
		"nextIndex": fill(tla.MakeInt(1)), "matchIndex": fill(tla.MakeInt(0)), "votedFor": Nil(k),
		"votesResponded": tla.MakeSet(), "votesGranted": tla.MakeSet(), "leader": Nil(k),
		"sm": tla.MakeFunction(nil, nil), "smDomain": KeySet(k),
	}
	for _, name := range sharedVars {
		opts := distsys.SharedOptions{Timeout: cfg.SharedResourceTimeout}
		if store != nil && (name == "currentTerm" || name == "votedFor") {
			opts.Store, opts.Key = store, name
		}
		if s.plog != nil && cfg.ParallelLeaderFsync && name == "commitIndex" {
			// The leader's AppendEntries leave before its log is durable (below), so a commit
			// index c (the leader's, counting itself towards the quorum; a follower's, learnt
			// from the leader) becomes visible only once this server's first c log entries are
			// durable. Only those: waiting for every log write (a full barrier, as before) made
			// the commit index, and every step that reads it (the AppendEntries loop's
			// heartbeats), wait for the fsync of entries appended after it, under its lock.
			plog := s.plog
			opts.BeforePublishValue = func(v tla.Value) error {
				if v.Kind() != tla.KindInt {
					return plog.Barrier()
				}
				return plog.WaitDurable(int(v.AsInt()))
			}
		}
		sh, err := distsys.NewShared(inits[name], opts)
		if err != nil {
			return nil, err
		}
		s.shared[name] = sh
	}
	addrs := cfg.Addrs()
	s.fd = distsys.NewFailureDetector(sysglue.Lookup(addrs), cfg.FD.PullInterval, 2)
	tcpOpts := cfg.tcpOptions(true)
	cfg.watchedBy(&tcpOpts, s.fd)
	if s.plog != nil {
		// Group commit: log writes are fsync'd by the barrier before any message leaves, one
		// fsync for all the writes since the last (see plogResource.Commit).
		tcpOpts.BeforeCommit = s.plog.Barrier
		if cfg.MarkedBarrier {
			// A message committed after its step's locks were released waits only for the
			// log writes serialised before that step (docs/mpcal.md).
			tcpOpts.BarrierMark, tcpOpts.BarrierTo = s.plog.Mark, s.plog.BarrierTo
		}
	}
	mb, err := distsys.ListenTCPMailboxes(self, addrs[int64(id)], sysglue.Lookup(addrs), tcpOpts)
	if err != nil {
		return nil, err
	}
	s.mb = mb
	timer := distsys.NewElectionTimer(cfg.LeaderElection.TimeoutOffset, cfg.LeaderElection.Timeout)
	if store != nil && (tla.Len(logInit).AsInt() > 0 || s.shared["currentTerm"].Value().AsInt() > 1) {
		// A restart (the state was persisted before): give the leader time to reach this
		// server before its first election timeout (Config.RestartGrace, docs/mpcal.md).
		s.restartHold = cfg.RestartGrace()
		timer.Hold(s.restartHold)
	}
	if limit := cfg.ElectionDeferCap(); limit > 0 {
		// A follower whose leader is alive (answers a TCP connect now) does not time out for
		// up to limit after its last heartbeat: the leader's loop may be busy catching another
		// server up (docs/mpcal.md). A dead or cut-off leader refuses the connect, and the
		// timeout expires on time.
		timer.SetDefer(func() bool { return s.leaderAlive(k) }, limit)
	}
	ticker := distsys.NewTicker(cfg.AppendEntriesSendInterval)
	becomeLeader := distsys.NewLocalChannel()
	if cfg.NumServers == 1 {
		w := becomeLeader.Writer()
		_ = w.Write(tla.True)
		_ = w.Commit()
	}
	only := func(name string, r distsys.Resource) distsys.Resource {
		return distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
			if !i.Equal(self) {
				return nil, fmt.Errorf("%s[%v]: server %d only holds its own entry", name, i, id)
			}
			return r, nil
		})
	}
	unused := func(name string) distsys.Resource {
		return distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
			return nil, fmt.Errorf("%s is not available to this archetype (our glue binds it where PGo's does)", name)
		})
	}
	archs := withFaults([]*distsys.Archetype{AServer, AServerRequestVote, AServerAppendEntries, AServerAdvanceCommitIndex, AServerBecomeLeader})
	for n, a := range archs {
		net := mb.Resource()
		if s.plog != nil && cfg.ParallelLeaderFsync && a.Name == AServerAppendEntries.Name {
			// Parallel log write (Raft thesis 10.2.1, as etcd does): the leader's AppendEntries
			// do not wait for its own fsync, which runs meanwhile (plogResource.Commit starts
			// it); the leader counts itself only once it is done (commitIndex's BeforePublish).
			// Every other message still waits (a follower's acknowledgement, a vote, an answer).
			net = mb.ResourceWithoutBarrier()
		}
		opts := []distsys.Option{
			distsys.WithConstants(k), distsys.WithOutput(out),
			distsys.WithValue("srvId", self),
			distsys.WithResource("net", net),
			distsys.WithResource("netLen", only("netLen", distsys.ReadOnlyWatch(func() tla.Value { return tla.MakeInt(int64(mb.Pending())) }, mb.PendingChanged))),
			distsys.WithResource("netEnabled", unused("netEnabled (only read with ExploreFail)")),
			distsys.WithResource("fd", s.fd.Resource()),
			distsys.WithResource("leaderTimeout", timer.Resource()),
			distsys.WithResource("plog", unused("plog")),
			distsys.WithResource("appendEntriesCh", unused("appendEntriesCh")),
			distsys.WithResource("becomeLeaderCh", unused("becomeLeaderCh")),
		}
		for _, name := range sharedVars {
			opts = append(opts, distsys.WithResource(name, only(name, s.shared[name].Handle())))
		}
		switch a.Name {
		case AServer.Name:
			// Step fusion: while messages are queued, the next serverLoop (receive) and
			// handleMsg steps run in the same transaction: a batch of client requests is
			// appended under one acquisition of the log, and a follower acknowledges a batch
			// of AppendEntries after one fsync barrier (group commit). See docs/mpcal.md.
			if b := cfg.handleBatch(); b > 1 {
				opts = append(opts, distsys.WithFusion(b, "serverLoop", "handleMsg"),
					distsys.WithFusionGuard("serverLoop", func() bool { return mb.Pending() > 0 }))
			}
			plog := newPlogResource(k, s.plog, cfg.ParallelLeaderFsync, logInit)
			if cfg.StartsEarlyFsync() {
				plog.syncIdle = earlyFsyncWhen(k, s.shared["state"], s.shared["commitIndex"])
			}
			opts = append(opts, distsys.WithResource("plog", only("plog", plog)),
				distsys.WithResource("appendEntriesCh", only("appendEntriesCh", ticker.Resource())),
				distsys.WithResource("becomeLeaderCh", only("becomeLeaderCh", becomeLeader.Writer())))
		case AServerAppendEntries.Name:
			opts = append(opts, distsys.WithResource("appendEntriesCh", only("appendEntriesCh", ticker.Resource())))
			if cfg.ReplFusion {
				// Step fusion of the iterations of appendEntriesLoop that send nothing (idx =
				// srvId, or idx past NumServers: the loop's exit) into the step before them; a
				// step that sends is never fused after another (it could wait for a dead peer
				// while holding the first step's effects). Consecutive steps of one instance are
				// one of the spec's interleavings (distsys.WithFusion).
				n := int64(cfg.NumServers)
				opts = append(opts, distsys.WithFusion(3, "appendEntriesLoop"),
					distsys.WithFusionWhen("appendEntriesLoop", func(c *distsys.Context) bool {
						i := c.Local("idx").AsInt()
						return i == int64(id) || i > n
					}))
			}
		case AServerAdvanceCommitIndex.Name:
			// Step fusion: applyLoop applies one committed entry per step and answers its
			// client; a run of such steps with nothing between them is one of the spec's
			// interleavings, so a batch runs as one transaction (one acquisition of log and
			// commitIndex, the answers pre-committed in parallel). See docs/mpcal.md.
			if b := cfg.applyBatch(); b > 1 {
				opts = append(opts, distsys.WithFusion(b, "applyLoop"))
			}
		case AServerBecomeLeader.Name:
			opts = append(opts, distsys.WithResource("appendEntriesCh", only("appendEntriesCh", ticker.Resource())),
				distsys.WithResource("becomeLeaderCh", only("becomeLeaderCh", becomeLeader.Reader(cfg.InputChanReadTimeout))))
		}
		s.ctxs = append(s.ctxs, distsys.NewContext(a, tla.MakeInt(int64(id+n*cfg.NumServers)), opts...))
	}
	ok = true
	return s, nil
}

// leaderAlive reports whether this server is a follower of a leader that answers a TCP connect
// now (its mailbox address, as the failure detector probes it).
func (s *Server) leaderAlive(k *distsys.Constants) bool {
	if !s.shared["state"].Value().Equal(Follower(k)) {
		return false
	}
	l := s.shared["leader"].Value()
	if l.Kind() != tla.KindInt || l.AsInt() < 1 || l.AsInt() > int64(s.cfg.NumServers) || l.AsInt() == int64(s.ID) {
		return false
	}
	ok, err := s.fd.Probe(l)
	return err == nil && ok
}

// Contexts are the server's archetype instances (run them with sysglue.Run).
func (s *Server) Contexts() []*distsys.Context { return s.ctxs }

// Status is a snapshot of committed server state.
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

// Close stops the archetypes and releases the listener, failure detector and files.
func (s *Server) Close() {
	for _, c := range s.ctxs {
		c.Stop()
	}
	if s.mb != nil {
		s.mb.Close()
	}
	if s.fd != nil {
		s.fd.Close()
	}
	if s.plog != nil {
		s.plog.Close()
	}
}

// plogResource implements the spec's PersistentLog mapping macro on a DurableSeq: a write of
// [cmd |-> LogConcat, entries |-> es] appends es, [cmd |-> LogPop, cnt |-> n] drops the last n
// entries; the step's operations are written when it commits (fsync'd by the mailboxes' barrier before
// the next message leaves: group commit). Without persistence
// (seq == nil) writes are checked and dropped (PGo binds a dummy resource there).
type plogResource struct {
	k     *distsys.Constants
	seq   *distsys.DurableSeq
	early bool // start the fsync at commit (ParallelLeaderFsync)
	// syncIdle (Config.EarlyFsync; nil: off): when it holds for the first index a committed
	// step changed (earlyFsyncWhen), the write starts an fsync at once if none is under way and
	// writes are sparse (DurableSeq.SyncIfIdle).
	syncIdle func(keep int) bool
	// mirror is the committed sequence (seq's elements) as a TLA+ sequence, and cur the step's
	// tentative one: both share their elements (SubSeq, \o), so a step costs O(entries it
	// changes), not O(log). (It copied the whole log up to three times per step before: a
	// follower handles an AppendEntries every few ms, so the cost grew with the log until the
	// cluster crawled; docs/mpcal.md.)
	mirror  tla.Value
	cur     tla.Value
	touched bool
	keep    int // the step's first changed index (the shortest prefix of mirror it kept)
}

func newPlogResource(k *distsys.Constants, seq *distsys.DurableSeq, early bool, committed tla.Value) *plogResource {
	return &plogResource{k: k, seq: seq, early: early, mirror: committed}
}

func (p *plogResource) value() tla.Value {
	if p.touched {
		return p.cur
	}
	return p.mirror
}

// change records the step's new tentative sequence, which keeps the first keep elements.
func (p *plogResource) change(keep int, cur tla.Value) {
	if !p.touched || keep < p.keep {
		p.keep = keep
	}
	p.cur, p.touched = cur, true
}

func (p *plogResource) Read() (tla.Value, error) { return p.value(), nil }

func (p *plogResource) Write(v tla.Value) error {
	cur := p.value()
	n := int(tla.Len(cur).AsInt())
	switch cmd := tla.Dot(v, "cmd"); {
	case cmd.Equal(p.k.Get("LogConcat")):
		es := tla.Dot(v, "entries")
		if p.seq != nil && tla.Len(es).AsInt() > 0 {
			p.change(n, tla.Concat(cur, es))
		}
	case cmd.Equal(p.k.Get("LogPop")):
		c := tla.Dot(v, "cnt").AsInt()
		if p.seq == nil { // no persistence: the writes are dropped, the log's length is not known here
			if c < 0 {
				return fmt.Errorf("plog: pop %d entries", c)
			}
			break
		}
		if c < 0 || c > int64(n) {
			return fmt.Errorf("plog: pop %d of %d entries", c, n)
		}
		if c > 0 {
			keep := n - int(c)
			p.change(keep, tla.SubSeq(cur, tla.MakeInt(1), tla.MakeInt(int64(keep))))
		}
	default:
		return fmt.Errorf("plog: unknown command %v", cmd)
	}
	return nil
}

func (p *plogResource) Index(tla.Value) (distsys.Resource, error) {
	return nil, distsys.ErrNotIndexable
}
func (p *plogResource) PreCommit() error { return nil }
func (p *plogResource) Commit() error {
	if !p.touched || p.seq == nil {
		p.Abort()
		return nil
	}
	next, keep := p.cur, p.keep
	p.Abort()
	// One operation from the first entry the step changed: entries it popped and appended again
	// (a follower receiving entries it already has, as every AppendEntries sent before the
	// previous answer arrived carries) are not rewritten, and a step that leaves the log as it
	// was writes and fsyncs nothing.
	_, old := p.mirror.Pairs()
	_, cur := next.Pairs()
	for keep < len(old) && keep < len(cur) && old[keep].Equal(cur[keep]) {
		keep++
	}
	if keep == len(old) && keep == len(cur) {
		p.mirror = next
		return nil
	}
	// Written without fsync: the mailboxes' BeforeCommit barrier makes it durable before any
	// message of AServer, AServerRequestVote or AServerAdvanceCommitIndex leaves this server (a
	// follower's AppendEntries answer, a vote, a client answer), with one fsync for every write
	// since the last, and commitIndex's BeforePublish before a commit index is visible. This
	// needs the spec's steps to write plog before they send (the runtime commits resources in
	// the order the step touched them), as every AServer step does. A leader's AppendEntries
	// (AServerAppendEntries) do not wait: after a crash a follower may hold entries the
	// restarted leader lost, which Raft allows (thesis 10.2.1) because the leader counted
	// itself for none of them (docs/mpcal.md).
	if err := p.seq.ApplyDeferred([]distsys.SeqOp{{Keep: keep, Append: append([]tla.Value(nil), cur[keep:]...)}}); err != nil {
		return err
	}
	p.mirror = next
	if p.early {
		// Start the fsync now, in parallel with the leader's AppendEntries (which do not wait
		// for it); whoever needs the writes durable waits in Barrier for this fsync, or the
		// next one (group commit). An error sticks and fails the next waiting Barrier.
		go func() { _ = p.seq.Barrier() }()
	} else if p.syncIdle != nil && p.syncIdle(keep) {
		// Config.EarlyFsync: a leader's fsync starts now, while its AppendEntries step wakes
		// up and makes its data-frame round trip, instead of at that step's barrier after
		// the round trip; the step still waits for it. Only when the disk is idle: under
		// load the barrier batches the writes made meanwhile into one fsync, as before.
		p.seq.SyncIfIdle()
	}
	return nil
}

// earlyFsyncWhen is Config.EarlyFsync's condition for a step whose log write kept the first keep
// entries: this server leads and every entry before the write is committed, i.e. no other
// request is in flight, so the AppendEntries that carries the write will carry nothing written
// after it (a later write during the early fsync would need a second fsync in a row before that
// AppendEntries may leave). With requests in flight the barrier batches the writes, as before.
func earlyFsyncWhen(k *distsys.Constants, state, commitIndex *distsys.Shared) func(keep int) bool {
	leader := Leader(k)
	return func(keep int) bool {
		if !state.Value().Equal(leader) {
			return false
		}
		c := commitIndex.Value()
		return c.Kind() == tla.KindInt && c.AsInt() >= int64(keep)
	}
}

func (p *plogResource) Abort()       { p.touched, p.cur, p.keep = false, tla.Value{}, 0 }
func (p *plogResource) Close() error { return nil }
