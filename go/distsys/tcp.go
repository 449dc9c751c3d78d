package distsys

import (
	"bufio"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// TCPOptions tunes TCP mailboxes; zero fields take the defaults.
type TCPOptions struct {
	ReceiveTimeout time.Duration // mailbox read waits this long before aborting the step (50ms)
	DialTimeout    time.Duration // pre-commit gives up dialling after this (ErrAborted) (500ms)
	IOTimeout      time.Duration // one frame write + its acknowledgement (2s)
	CommitTimeout  time.Duration // a commit retries (reconnecting) this long before failing (30s)
	// LoseOnCommitFailure: when a commit frame cannot be delivered within CommitTimeout, the
	// step's messages to that peer are dropped instead of failing the archetype (the peer is
	// treated as crashed, which loses its pending messages anyway). For protocols that tolerate
	// message loss (Raft); the default keeps the commit failure fatal.
	LoseOnCommitFailure bool
	// DropUnreachable(j): a step's messages to node j are dropped, instead of aborting the step,
	// when j cannot be reached at pre-commit (j is treated as crashed: a crashed node never reads
	// its mailbox). For destinations the protocol does not guard with a failure detector, e.g. a
	// Raft leader's answers to clients, which must not stall the leader when a client is gone.
	DropUnreachable func(j tla.Value) bool
	// AsyncCommit: a commit writes its commit frame without waiting for the acknowledgement (read
	// before the next frame's; resent first after a reconnect), saving a round trip per message
	// on the request path. The messages become readable at the receiver shortly after Commit
	// returns (in flight, as on any network), and a peer that dies then loses them silently (as
	// in a crash) instead of failing the commit. Messages of one archetype stay in order; those
	// of two archetypes of one process (separate connections) may overtake each other, which a
	// spec that expects one node's messages in commit order must not allow: raftkvs' client
	// asserts that a server's answers come in order, and one comes from AServer, another from
	// AServerAdvanceCommitIndex, so raftkvs leaves it off (an experiment that also wrote data
	// frames without waiting crashed its client on that assertion). Off by default.
	AsyncCommit bool
	// PipelineSends (implies AsyncCommit): a step's data frames are written at pre-commit
	// without waiting for their acknowledgements either; a reader goroutine per connection takes
	// the acknowledgements as they come. A pre-commit still dials (and aborts the step) when
	// there is no connection, when the connection failed, or when the oldest unacknowledged
	// frame is older than IOTimeout; a peer that dies with frames in flight loses them (as in a
	// crash after the pre-commit), and a peer that is reached again gets them again, first, on
	// the new connection (the receiver drops the data frames it has). Frames of one process to
	// one peer keep their order (one connection), so commit and abort frames still follow the
	// data frames they close. Saves a round trip per message and per peer on the request path.
	// Meant with LoseOnCommitFailure: a dead peer is mostly found at commit, not pre-commit.
	PipelineSends bool
	// PipelineLossy is PipelineSends (and AsyncCommit) for the connections to DropUnreachable
	// destinations only: a message that may be dropped when its destination cannot be reached
	// (a Raft leader's answer to a client) is written, data frame and commit frame, without
	// waiting for any acknowledgement, so the step that answers several clients no longer
	// waits a round trip to the slowest of them. A destination that dies with the frames in
	// flight loses them, which is what dropping it means (it is treated as crashed). The
	// messages to every other destination keep the round trip at pre-commit, so a pre-commit
	// still aborts the step when one of them is unreachable.
	PipelineLossy bool
	// LateCommit: a step's messages through these mailboxes are committed (BeforeCommit
	// barrier, commit frame) after the step has released its Shared locks, and the data frames
	// of messages that cannot abort the step (DropUnreachable destinations) are pre-committed
	// then too. Before releasing its locks the step takes a ticket of the process's commit
	// order, and the commits of the steps' messages run in ticket order, so a step that read
	// another's writes never makes its messages visible before the other's: the order in
	// which messages become visible is the steps' serialisation order, as under strict
	// two-phase locking. Only the locks are released earlier (the outcome of the step is
	// fixed once its other pre-commits succeeded), so a fsync barrier or a round trip to a
	// client no longer holds the state other archetypes wait for. See Context.commitAll.
	LateCommit bool
	// BeforeCommit, when set, runs before a step's commit frame goes out to a peer (after its
	// other resources committed, in touch order): e.g. DurableSeq.Barrier, so that no message
	// leaves the process before the log writes that precede it are durable (group commit: the
	// writes themselves use ApplyDeferred). An error fails the commit.
	BeforeCommit func() error
	// BarrierMark and BarrierTo (both set, with BeforeCommit and LateCommit; e.g.
	// DurableSeq.Mark and DurableSeq.BarrierTo): a late commit's barrier waits only for the
	// writes made before its step released its locks (the mark is taken then, after the step's
	// own writes), not also for those of steps that committed after it while it waited for its
	// ticket: those steps come after it in the serialisation order, so its messages need not
	// wait for them. BeforeCommit is used for every other commit.
	BarrierMark func() uint64
	BarrierTo   func(mark uint64) error
	// Unreachable(j), when set, is told that a connection to node j could not be made (a send's
	// dial failed: what a failure detector's probe observes), e.g. FailureDetector.Suspect, so
	// that a protocol's `await fd[j]` alternative to a send stops waiting for the probes.
	Unreachable func(j tla.Value)
	// Suspected(j), when set, reports that j is suspected to have failed: a send to j then fails
	// at once (the step aborts without dialling; a DropUnreachable destination drops it), and a
	// commit to j that cannot be delivered gives up at once instead of retrying for
	// CommitTimeout (with LoseOnCommitFailure), so a dead peer does not hold the step's other
	// resources (its Shared locks) for the dial and retry times.
	Suspected func(j tla.Value) bool
}

func (o *TCPOptions) defaults() {
	if o.ReceiveTimeout == 0 {
		o.ReceiveTimeout = DefaultReceiveTimeout
	}
	if o.DialTimeout == 0 {
		o.DialTimeout = 500 * time.Millisecond
	}
	if o.IOTimeout == 0 {
		o.IOTimeout = 2 * time.Second
	}
	if o.CommitTimeout == 0 {
		o.CommitTimeout = 30 * time.Second
	}
	if o.PipelineSends {
		o.AsyncCommit = true
	}
}

// MaxFrame bounds one message on the wire.
const MaxFrame = 16 << 20

// TCPMailboxes is one node's end of a TCP mailbox network: it listens for messages to self and
// sends to the other nodes, whose addresses addr resolves.
//
// Wire format: frames [u32 length][u8 kind][u64 session][u64 seq][payload], each acknowledged by
// the receiver with [u64 seq]. A step's sends to one peer are sent as data frames (kind 0, payload
// tla.Encode(value)) at pre-commit; the receiver holds them as pending. Commit sends a commit frame
// (kind 1) that makes the pending values with seq <= the frame's seq readable, in order; abort sends
// an abort frame (kind 2) that drops them. A sender numbers its frames within a session (a random
// id per TCPMailboxes) and resends an unacknowledged frame after reconnecting; the receiver ignores
// a data frame whose seq it has already accepted, so delivery is exactly once while the receiver
// process lives. An unreachable peer at pre-commit aborts the step (it is retried); a peer that
// dies between pre-commit and commit loses the step's messages with its memory, as in a crash.
type TCPMailboxes struct {
	self    tla.Value
	opts    TCPOptions
	addr    func(tla.Value) (string, error)
	ln      net.Listener
	q       *queue
	session uint64

	mu      sync.Mutex
	seen    map[uint64]uint64
	pending map[uint64][]pendingMsg
	conns   map[net.Conn]bool
	senders map[string]*tcpSender // the first Resource()'s senders (session = m.session)
	groups  []map[string]*tcpSender
	links   map[string]*tcpConn // one connection per peer, shared by every Resource()'s sessions
	closed  bool
	used    bool
	wg      sync.WaitGroup
	order   commitOrder // LateCommit tickets
}

// ListenTCPMailboxes starts listening on listen (e.g. "127.0.0.1:0").
func ListenTCPMailboxes(self tla.Value, listen string, addr func(tla.Value) (string, error), opts TCPOptions) (*TCPMailboxes, error) {
	opts.defaults()
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return nil, err
	}
	var sb [8]byte
	if _, err := rand.Read(sb[:]); err != nil {
		ln.Close()
		return nil, err
	}
	m := &TCPMailboxes{self: self, opts: opts, addr: addr, ln: ln, q: newQueue(), session: binary.BigEndian.Uint64(sb[:]),
		seen: map[uint64]uint64{}, pending: map[uint64][]pendingMsg{}, conns: map[net.Conn]bool{}, senders: map[string]*tcpSender{},
		links: map[string]*tcpConn{}}
	m.wg.Add(1)
	go m.accept()
	return m, nil
}

// Addr is the listening address.
func (m *TCPMailboxes) Addr() string { return m.ln.Addr().String() }

// Pending is the number of received, unread messages.
func (m *TCPMailboxes) Pending() int { return m.q.len() }

// PendingChanged is closed at the next change of Pending (for ReadOnlyWatch).
func (m *TCPMailboxes) PendingChanged() <-chan struct{} { return m.q.changed() }

// Close stops listening and closes every connection.
func (m *TCPMailboxes) Close() error {
	m.mu.Lock()
	m.closed = true
	for c := range m.conns {
		c.Close()
	}
	for _, l := range m.links {
		l.close()
	}
	m.mu.Unlock()
	err := m.ln.Close()
	m.wg.Wait()
	return err
}

func (m *TCPMailboxes) accept() {
	defer m.wg.Done()
	for {
		c, err := m.ln.Accept()
		if err != nil {
			return
		}
		m.mu.Lock()
		if m.closed {
			m.mu.Unlock()
			c.Close()
			return
		}
		m.conns[c] = true
		m.mu.Unlock()
		m.wg.Add(1)
		go m.serve(c)
	}
}

func (m *TCPMailboxes) serve(c net.Conn) {
	defer m.wg.Done()
	defer func() {
		m.mu.Lock()
		delete(m.conns, c)
		m.mu.Unlock()
		c.Close()
	}()
	// Frames are read through a buffer, and acknowledgements are written when no complete frame
	// is left in it: a burst of frames (a step's data frames to this node, a data frame and its
	// commit frame written back to back, the frames of several senders' sessions) costs one read
	// and one write system call instead of two reads and one write per frame. An acknowledgement
	// is only delayed while the frames that arrived before it are processed (never across a
	// read that may block), and acknowledgements keep their order.
	r := bufio.NewReaderSize(c, 64<<10)
	var acks []byte
	flush := func() bool {
		if len(acks) == 0 {
			return true
		}
		c.SetWriteDeadline(time.Now().Add(m.opts.IOTimeout))
		_, err := c.Write(acks)
		acks = acks[:0]
		return err == nil
	}
	var hdr [4]byte
	var dec tla.Decoder // a re-sent long prefix (Raft's entries from nextIndex) is decoded once
	for {
		if !bufferedFrame(r) && !flush() {
			return
		}
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			return
		}
		n := binary.BigEndian.Uint32(hdr[:])
		if n < 17 || n > MaxFrame {
			return
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		kind, session, seq := body[0], binary.BigEndian.Uint64(body[1:]), binary.BigEndian.Uint64(body[9:])
		noAck := kind&frameNoAck != 0 // a pipelined data frame: the next acknowledged frame covers it
		kind &^= frameNoAck
		switch kind {
		case frameData, frameDataClocked:
			payload := body[17:]
			var vc VClock
			if kind == frameDataClocked {
				cv, rest, err := tla.Decode(payload)
				if err != nil {
					return
				}
				if vc, err = clockFromValue(cv); err != nil {
					return
				}
				payload = rest
			}
			v, rest, err := dec.Decode(payload)
			if err != nil || len(rest) != 0 {
				return
			}
			m.mu.Lock()
			if seq > m.seen[session] {
				m.seen[session] = seq
				m.pending[session] = append(m.pending[session], pendingMsg{seq, msg{v: v, vc: vc}})
			}
			m.mu.Unlock()
		case frameCommit:
			m.mu.Lock()
			var ready []msg
			ps := m.pending[session]
			for len(ps) > 0 && ps[0].seq <= seq {
				ready = append(ready, ps[0].v)
				ps = ps[1:]
			}
			m.pending[session] = ps
			m.q.push(ready...)
			m.mu.Unlock()
		case frameAbort:
			m.mu.Lock()
			delete(m.pending, session)
			m.mu.Unlock()
		default:
			return
		}
		if noAck {
			continue
		}
		acks = binary.BigEndian.AppendUint64(acks, seq)
	}
}

// bufferedFrame reports whether r's buffer holds a whole frame (so reading it cannot block).
func bufferedFrame(r *bufio.Reader) bool {
	if r.Buffered() < 4 {
		return false
	}
	h, err := r.Peek(4)
	if err != nil {
		return false
	}
	return r.Buffered() >= 4+int(binary.BigEndian.Uint32(h))
}

type pendingMsg struct {
	seq uint64
	v   msg
}

const (
	frameData   = 0
	frameCommit = 1
	frameAbort  = 2
	// frameDataClocked is frameData whose payload starts with the sender's vector clock
	// (tla.Encode of a function from instance names to step counts); sent only while the
	// sender records a trace.
	frameDataClocked = 3
	// frameNoAck, or'ed into a data frame's kind, asks for no acknowledgement (PipelineSends):
	// frames are processed in order, so the acknowledgement of the next commit or abort frame
	// of the connection covers it.
	frameNoAck = 0x80
)

func clockValue(vc VClock) tla.Value {
	ks := make([]tla.Value, 0, len(vc))
	vs := make([]tla.Value, 0, len(vc))
	for k, n := range vc {
		ks = append(ks, tla.MakeString(k))
		vs = append(vs, tla.MakeInt(int64(n)))
	}
	return tla.MakeFunction(ks, vs)
}

func clockFromValue(v tla.Value) (vc VClock, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bad clock")
		}
	}()
	if v.Kind() != tla.KindFunction {
		return nil, fmt.Errorf("bad clock")
	}
	ks, vs := v.Pairs()
	vc = make(VClock, len(ks))
	for i := range ks {
		vc[ks[i].AsString()] = uint64(vs[i].AsInt())
	}
	return vc, nil
}

// Resource is the `ref net[_]` resource: net[self] reads this node's mailbox, net[j] sends to j.
// Each call returns an independent resource for one archetype: its sends use their own session
// (sequence numbers and pending/commit/abort frames of two archetypes must not interleave within
// a session), so several archetypes of one process can share one listener. The archetypes of
// one process share one connection per peer (frames carry their session), so the receiver sees
// their frames in the order they were written: a commit written after another is processed
// after it, also when commit frames are not waited for (AsyncCommit).
func (m *TCPMailboxes) Resource() Resource { return m.resource(true) }

// ResourceWithoutBarrier is Resource whose commits do not run TCPOptions.BeforeCommit: for an
// archetype whose messages may leave before the process's deferred writes are durable (a Raft
// leader's AppendEntries: the leader writes its log in parallel with replicating it, and counts
// itself towards a quorum only after its own barrier; see raftkvs).
func (m *TCPMailboxes) ResourceWithoutBarrier() Resource { return m.resource(false) }

func (m *TCPMailboxes) resource(barrier bool) Resource {
	m.mu.Lock()
	senders, session := m.senders, m.session
	if m.used || !barrier {
		var sb [8]byte
		_, _ = rand.Read(sb[:])
		session = binary.BigEndian.Uint64(sb[:])
		senders = map[string]*tcpSender{}
		m.groups = append(m.groups, senders)
	}
	if barrier {
		m.used = true // the first Resource() takes m.senders; one without a barrier never does
	}
	m.mu.Unlock()
	return NewIndexed(func(i tla.Value) (Resource, error) {
		if i.Equal(m.self) {
			return &receiver{q: m.q, timeout: m.opts.ReceiveTimeout}, nil
		}
		a, err := m.addr(i)
		if err != nil {
			return nil, err
		}
		m.mu.Lock()
		s, ok := senders[a]
		if !ok {
			l, ok := m.links[a]
			if !ok {
				l = &tcpConn{m: m, addr: a, pipe: m.opts.PipelineSends ||
					(m.opts.PipelineLossy && m.opts.DropUnreachable != nil && m.opts.DropUnreachable(i))}
				m.links[a] = l
			}
			s = &tcpSender{m: m, addr: a, session: session, l: l, noBarrier: !barrier}
			senders[a] = s
		}
		m.mu.Unlock()
		return &tcpSend{s: s, peer: i, lossy: m.opts.DropUnreachable != nil && m.opts.DropUnreachable(i)}, nil
	})
}

// tcpSender is one session's sending end to one peer, shared by the sub-resources of one
// Resource() that send to it.
type tcpSender struct {
	m         *TCPMailboxes
	addr      string
	session   uint64
	noBarrier bool
	seq       uint64 // guarded by l.mu
	l         *tcpConn
	// enc encodes data frames (under l.mu); it re-uses the encoding of a re-sent long prefix
	// (a Raft leader's entries from a lagging follower's nextIndex).
	enc tla.Encoder
}

// tcpConn is the connection to one peer, shared by the sessions of a process.
type tcpConn struct {
	m    *TCPMailboxes
	addr string
	pipe bool // data and commit frames are not waited for (PipelineSends, PipelineLossy)
	mu   sync.Mutex
	conn net.Conn
	// rd buffers conn's acknowledgements (the receiver writes a burst's together), read by
	// sendOne; a pipelined connection's reader goroutine has its own.
	rd *bufio.Reader
	// frames written without waiting for their acknowledgements (acks come back in order and
	// are read before the next frame's, or by the reader goroutine with PipelineSends); resent
	// first on a new connection. qmu guards unacked and gen (the connection's generation: a
	// reader of an older connection takes no acknowledgement); the reader takes only qmu.
	qmu     sync.Mutex
	unacked []sentFrame
	gen     uint64
}

type sentFrame struct {
	f   []byte
	seq uint64
	at  time.Time // when it was last written
}

// acked: the receiver acknowledges the frame (all but frameNoAck data frames).
func (u *sentFrame) acked() bool { return u.f[4]&frameNoAck == 0 }

func (s *tcpConn) queue(f []byte, seq uint64) {
	s.qmu.Lock()
	s.unacked = append(s.unacked, sentFrame{f, seq, time.Now()})
	s.qmu.Unlock()
}

// setDeadline bounds the next write (and, without a reader goroutine, the reads of its
// acknowledgements).
func (s *tcpConn) setDeadline(c net.Conn) {
	if s.pipe {
		c.SetWriteDeadline(time.Now().Add(s.m.opts.IOTimeout))
	} else {
		c.SetDeadline(time.Now().Add(s.m.opts.IOTimeout))
	}
}

// readAcks takes the acknowledgements of a pipelined connection, in order; a wrong one, or a
// read error, closes the connection (the writer reconnects and resends what is unacknowledged).
func (s *tcpConn) readAcks(c net.Conn, gen uint64) {
	var ack [8]byte
	rd := bufio.NewReaderSize(c, 4<<10)
	for {
		if _, err := io.ReadFull(rd, ack[:]); err != nil {
			c.Close()
			return
		}
		seq := binary.BigEndian.Uint64(ack[:])
		s.qmu.Lock()
		// the frames before the first acknowledged one were processed before it
		i := 0
		for i < len(s.unacked) && !s.unacked[i].acked() {
			i++
		}
		ok := s.gen == gen && i < len(s.unacked) && s.unacked[i].seq == seq
		if ok {
			for j := 0; j <= i; j++ {
				s.unacked[j] = sentFrame{}
			}
			s.unacked = s.unacked[i+1:]
		}
		s.qmu.Unlock()
		if !ok {
			c.Close()
			return
		}
	}
}

// dropStale closes a pipelined connection whose oldest unacknowledged frame has waited longer
// than IOTimeout (a peer that stopped answering without closing), so that the next write dials.
func (s *tcpConn) dropStale() {
	if s.conn == nil {
		return
	}
	s.qmu.Lock()
	stale := len(s.unacked) > 0 && time.Since(s.unacked[0].at) > s.m.opts.IOTimeout
	s.qmu.Unlock()
	if stale {
		s.conn.Close()
		s.conn = nil
	}
}

func (s *tcpConn) close() {
	s.mu.Lock()
	if s.conn != nil {
		s.conn.Close()
		s.conn = nil
	}
	s.mu.Unlock()
}

var errBadAck = errors.New("distsys: bad acknowledgement")

// dialError is a failed connection attempt (the peer is unreachable, not merely slow).
type dialError struct{ err error }

func (e *dialError) Error() string { return e.err.Error() }

func (s *tcpSender) frame(kind byte, seq uint64, v *tla.Value) []byte {
	return s.clockedFrame(kind, seq, v, nil)
}

func (s *tcpSender) clockedFrame(kind byte, seq uint64, v *tla.Value, vc VClock) []byte {
	f := make([]byte, 21, 64)
	if vc != nil {
		kind = frameDataClocked
	}
	f[4] = kind
	putFrame(f, s.session, seq)
	if vc != nil {
		f = tla.Encode(f, clockValue(vc))
	}
	if v != nil {
		f = s.enc.Encode(f, *v)
	}
	putLen(f)
	return f
}

// connect dials the peer and resends the frames whose acknowledgements were not read (commit
// frames are idempotent at the receiver), in order, before anything else.
func (s *tcpConn) connect() error {
	c, err := net.DialTimeout("tcp", s.addr, s.m.opts.DialTimeout)
	if err != nil {
		return &dialError{fmt.Errorf("dial %s: %v", s.addr, err)}
	}
	s.setDeadline(c)
	s.qmu.Lock()
	s.gen++
	gen := s.gen
	now := time.Now()
	resend := make([][]byte, len(s.unacked))
	for i := range s.unacked {
		resend[i] = s.unacked[i].f
		s.unacked[i].at = now
	}
	s.qmu.Unlock()
	for _, f := range resend {
		if _, err := c.Write(f); err != nil {
			c.Close()
			return err
		}
	}
	s.conn = c
	if s.pipe {
		s.rd = nil
		go s.readAcks(c, gen)
	} else {
		s.rd = bufio.NewReaderSize(c, 4<<10)
	}
	return nil
}

// exchange sends one frame and waits for its acknowledgement, dialling first if needed; with
// redial it retries once on a fresh connection (the old one may be to a dead process).
func (s *tcpConn) exchange(f []byte, seq uint64) error {
	_, err := s.exchangeW(f, seq)
	return err
}

// exchangeW is exchange that also reports whether the frame may have reached the peer (it was
// written, in part or whole, on some connection).
func (s *tcpConn) exchangeW(f []byte, seq uint64) (written bool, err error) {
	for attempt := 0; attempt < 2; attempt++ {
		if s.conn == nil {
			if err = s.connect(); err != nil {
				return written, err
			}
		}
		written = true
		if err = s.sendOne(f, seq); err == nil {
			return true, nil
		}
		s.conn.Close()
		s.conn = nil
	}
	return written, err
}

func (s *tcpConn) sendOne(f []byte, seq uint64) error {
	if s.rd == nil { // a connection made without connect (tests)
		s.rd = bufio.NewReaderSize(s.conn, 4<<10)
	}
	s.conn.SetDeadline(time.Now().Add(s.m.opts.IOTimeout))
	if _, err := s.conn.Write(f); err != nil {
		return err
	}
	var ack [8]byte
	for { // the acknowledgements of the frames posted before f come first
		s.qmu.Lock()
		n := len(s.unacked)
		s.qmu.Unlock()
		if n == 0 {
			break
		}
		if _, err := io.ReadFull(s.rd, ack[:]); err != nil {
			return err
		}
		s.qmu.Lock()
		ok := binary.BigEndian.Uint64(ack[:]) == s.unacked[0].seq
		if ok {
			s.unacked = s.unacked[1:]
		}
		s.qmu.Unlock()
		if !ok {
			return errBadAck
		}
	}
	if _, err := io.ReadFull(s.rd, ack[:]); err != nil {
		return err
	}
	if binary.BigEndian.Uint64(ack[:]) != seq {
		return errBadAck
	}
	return nil
}

// post writes a commit frame without waiting for its acknowledgement: the receiver processes
// the frames of a connection in order, the next exchange reads the ack, and a new connection
// resends it first. So a commit costs one write instead of a round trip on the request path.
func (s *tcpConn) post(f []byte, seq uint64) error {
	s.queue(f, seq)
	if s.conn == nil {
		return s.connect()
	}
	s.setDeadline(s.conn)
	if _, err := s.conn.Write(f); err != nil {
		s.conn.Close()
		s.conn = nil
		return s.connect()
	}
	return nil
}

// abort sends an abort frame, or, when the peer cannot be reached, keeps it to be resent first
// on the next connection (receivers drop a session's pending frames on an abort; an abort of a
// session with none pending does nothing, so a resent one is harmless).
func (s *tcpConn) abort(f []byte, seq uint64) {
	if s.pipe {
		if s.conn == nil {
			s.queue(f, seq) // no new dial in a failure path: it goes first on the next connection
			return
		}
		_ = s.post(f, seq) // queued, whether or not the write succeeds
		return
	}
	if err := s.exchange(f, seq); err != nil {
		s.queue(f, seq)
	}
}

// tcpSend is `net[j]` for a peer j: writes are buffered, sent as pending at pre-commit and made
// visible at commit.
type tcpSend struct {
	s     *tcpSender
	peer  tla.Value
	lossy bool
	mu    sync.Mutex
	buf   []tla.Value
	vc    VClock
	sent  bool
	last  uint64
	// mark: the barrier mark taken when the step released its locks (markLate), if marked
	mark   uint64
	marked bool
}

// markLate takes the barrier mark of a late commit while the step still holds its locks.
func (r *tcpSend) markLate() {
	o := &r.s.m.opts
	if o.BarrierMark == nil || o.BarrierTo == nil || r.s.noBarrier {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.buf) > 0 || r.sent {
		r.mark, r.marked = o.BarrierMark(), true
	}
}

func (r *tcpSend) readClocks() []VClock { return nil }

// preCommitKey: sends to different connections may pre-commit in parallel (parallelPreCommitter).
func (r *tcpSend) preCommitKey() any { return r.s.l }

// lateOrder is the commit order of r's process when r commits after the step's locks are
// released (TCPOptions.LateCommit), else nil; deferPre: r's pre-commit may run then too (it
// cannot abort the step: a message to a DropUnreachable destination is dropped instead).
func (r *tcpSend) lateOrder() (o *commitOrder, deferPre bool) {
	if !r.s.m.opts.LateCommit {
		return nil, false
	}
	return &r.s.m.order, r.lossy
}
func (r *tcpSend) profArrival() int64 { return 0 }

// stepBarrier is the BeforeCommit barrier this step's commit will run (nil when the step sent
// nothing through r or r has no barrier); see Context.earlyBarrier.
func (r *tcpSend) stepBarrier() func() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.buf) == 0 || r.s.noBarrier {
		return nil
	}
	return r.s.m.opts.BeforeCommit
}
func (r *tcpSend) setClock(vc VClock) {
	r.mu.Lock()
	r.vc = vc
	r.mu.Unlock()
}

func (r *tcpSend) Read() (tla.Value, error) { return tla.Value{}, ErrNotReadable }
func (r *tcpSend) Write(v tla.Value) error {
	r.mu.Lock()
	r.buf = append(r.buf, v)
	r.mu.Unlock()
	return nil
}
func (r *tcpSend) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }

func (r *tcpSend) PreCommit() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.buf) == 0 {
		return nil
	}
	s := r.s
	if o := &s.m.opts; o.Suspected != nil && o.Suspected(r.peer) {
		r.buf = nil
		if r.lossy {
			return nil
		}
		return fmt.Errorf("%w: %v is suspected to have failed", ErrAborted, r.peer)
	}
	s.l.mu.Lock()
	defer s.l.mu.Unlock()
	if s.l.pipe {
		return r.preCommitPipelined()
	}
	for i := range r.buf {
		s.seq++
		f := s.clockedFrame(frameData, s.seq, &r.buf[i], r.vc)
		var written bool
		var err error
		if i < len(r.buf)-1 {
			// Several messages to one peer in one step (a fused step, a batch): all but the
			// last are written without waiting; the last one's exchange reads their
			// acknowledgements first, so the pre-commit still returns only when the peer
			// holds every frame, after one round trip instead of one per message. A frame
			// written on a connection that then fails is resent first on the next one.
			written, err = true, s.l.post(f, s.seq)
		} else {
			written, err = s.l.exchangeW(f, s.seq)
		}
		if err != nil {
			// The failed frame may have reached the receiver (only its acknowledgement was
			// lost), so the step's frames are aborted there also when none was acknowledged;
			// an abort that cannot be delivered now goes first on the next connection, so that
			// no later commit frame makes them readable. (Before, a lost abort left them
			// pending, and the session's next commit delivered an aborted step's messages.)
			if r.sent || written {
				s.l.abort(s.frame(frameAbort, s.seq, nil), s.seq)
			}
			r.buf, r.sent = nil, false
			var de *dialError
			if errors.As(err, &de) && s.m.opts.Unreachable != nil {
				s.m.opts.Unreachable(r.peer)
			}
			if r.lossy {
				return nil
			}
			return fmt.Errorf("%w: %v", ErrAborted, err)
		}
		r.sent = true
	}
	r.last = s.seq
	return nil
}

// preCommitPipelined writes the step's data frames without waiting for their acknowledgements
// (PipelineSends); r.mu and the connection's mu are held.
func (r *tcpSend) preCommitPipelined() error {
	s := r.s
	fail := func(err error) error {
		r.buf, r.sent = nil, false
		var de *dialError
		if errors.As(err, &de) && s.m.opts.Unreachable != nil {
			s.m.opts.Unreachable(r.peer)
		}
		if r.lossy {
			return nil
		}
		return fmt.Errorf("%w: %v", ErrAborted, err)
	}
	s.l.dropStale()
	if s.l.conn == nil {
		if err := s.l.connect(); err != nil {
			return fail(err)
		}
	}
	for i := range r.buf {
		s.seq++
		f := s.clockedFrame(frameData, s.seq, &r.buf[i], r.vc)
		f[4] |= frameNoAck
		if err := s.l.post(f, s.seq); err != nil {
			// The step's frames stay queued (resent on the next connection), so the abort
			// that drops them at the receiver is queued after them.
			s.l.abort(s.frame(frameAbort, s.seq, nil), s.seq)
			return fail(err)
		}
		r.sent = true
	}
	r.last = s.seq
	return nil
}

func (r *tcpSend) Commit() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buf, r.vc = nil, nil
	marked, mark := r.marked, r.mark
	r.marked = false
	if !r.sent {
		return nil
	}
	r.sent = false
	s := r.s
	if s.m.opts.BeforeCommit != nil && !s.noBarrier {
		barrier := s.m.opts.BeforeCommit
		if marked {
			barrier = func() error { return s.m.opts.BarrierTo(mark) }
		}
		if err := barrier(); err != nil {
			return fmt.Errorf("distsys: before committing messages to %s: %v", s.addr, err)
		}
	}
	s.l.mu.Lock()
	defer s.l.mu.Unlock()
	deadline := time.Now().Add(s.m.opts.CommitTimeout)
	// giveUp: the peer is known to be down, so retrying until the deadline only holds the step
	// (and its other resources' locks) for nothing.
	giveUp := func(err error) bool {
		o := &s.m.opts
		if !o.LoseOnCommitFailure {
			return false
		}
		var de *dialError
		if errors.As(err, &de) && o.Unreachable != nil {
			o.Unreachable(r.peer)
		}
		return o.Suspected != nil && o.Suspected(r.peer)
	}
	if !s.m.opts.AsyncCommit && !s.l.pipe {
		for {
			err := s.l.exchange(s.frame(frameCommit, r.last, nil), r.last)
			if err == nil {
				return nil
			}
			if time.Now().After(deadline) || giveUp(err) {
				if s.m.opts.LoseOnCommitFailure {
					return nil
				}
				return fmt.Errorf("distsys: cannot commit messages to %s: %v", s.addr, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	err := s.l.post(s.frame(frameCommit, r.last, nil), r.last)
	for err != nil {
		if time.Now().After(deadline) || giveUp(err) {
			// Given up: the commit frame stays queued and goes first on the next connection to
			// the same receiver (the messages arrive late, as on any network); a restarted
			// receiver does not know the session and ignores it (lost, as in a crash).
			if s.m.opts.LoseOnCommitFailure {
				return nil
			}
			return fmt.Errorf("distsys: cannot commit messages to %s: %v", s.addr, err)
		}
		time.Sleep(20 * time.Millisecond)
		err = s.l.connect() // resends the commit frame
	}
	return nil
}

func (r *tcpSend) Abort() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buf, r.vc = nil, nil
	r.marked = false
	if r.sent {
		r.sent = false
		s := r.s
		s.l.mu.Lock()
		s.l.abort(s.frame(frameAbort, s.seq, nil), s.seq)
		s.l.mu.Unlock()
	}
}

func (r *tcpSend) Close() error { return nil }

func putFrame(f []byte, session, seq uint64) {
	binary.BigEndian.PutUint64(f[5:], session)
	binary.BigEndian.PutUint64(f[13:], seq)
}

func putLen(f []byte) { binary.BigEndian.PutUint32(f, uint32(len(f)-4)) }
