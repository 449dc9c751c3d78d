package raftkvs

// Hand-written glue (not generated): a client library running the spec's AClient archetype in
// the caller's process. The archetype sends each request to the server it believes leads,
// follows leader hints of rejected requests, and on a timeout (raised here after
// ClientRequestTimeout) picks another server.

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
)

// ErrTimeout means a request got no answer before its deadline: it may or may not take effect.
var ErrTimeout = errors.New("raftkvs: request timed out (outcome unknown)")

// Client is one AClient instance (client id 1..NumClients of the config). Its methods are
// safe for concurrent use but are served one at a time, as the archetype serves one request at
// a time.
type Client struct {
	ID  int
	cfg *Config
	k   *distsys.Constants
	mb  *distsys.TCPMailboxes
	fd  *distsys.FailureDetector
	ctx *distsys.Context

	reqCh   chan tla.Value
	respCh  chan tla.Value
	timeout distsys.Flag
	done    chan struct{}
	runErr  error

	mu     sync.Mutex // one request at a time
	sent   int64      // requests handed to the archetype (= its reqIdx)
	leader int64
}

// NewClient starts client id (1..NumClients): it listens on the client's mailboxAddr.
func NewClient(cfg *Config, id int) (*Client, error) {
	if id < 1 || id > cfg.NumClients {
		return nil, fmt.Errorf("client id %d is not in 1..%d", id, cfg.NumClients)
	}
	k := cfg.Constants()
	self := tla.MakeInt(cfg.ClientSelf(id))
	addrs := cfg.Addrs()
	fd := distsys.NewFailureDetector(sysglue.Lookup(addrs), cfg.FD.PullInterval, 2)
	opts := cfg.tcpOptions(false)
	cfg.watchedBy(&opts, fd)
	mb, err := distsys.ListenTCPMailboxes(self, addrs[self.AsInt()], sysglue.Lookup(addrs), opts)
	if err != nil {
		fd.Close()
		return nil, err
	}
	c := &Client{ID: id, cfg: cfg, k: k, mb: mb, fd: fd, reqCh: make(chan tla.Value), respCh: make(chan tla.Value, 64), done: make(chan struct{})}
	netLen := distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
		if !i.Equal(self) {
			return nil, fmt.Errorf("netLen[%v]: a client only reads its own", i)
		}
		return distsys.ReadOnlyWatch(func() tla.Value { return tla.MakeInt(int64(mb.Pending())) }, mb.PendingChanged), nil
	})
	c.ctx = distsys.NewContext(AClient, self, distsys.WithConstants(k),
		distsys.WithResource("net", mb.Resource()), distsys.WithResource("netLen", netLen),
		distsys.WithResource("fd", c.fd.Resource()),
		distsys.WithResource("reqCh", distsys.InputChannel(c.reqCh, cfg.InputChanReadTimeout)),
		distsys.WithResource("respCh", distsys.OutputChannel(c.respCh)),
		distsys.WithResource("timeout", c.timeout.Resource()))
	go func() {
		c.runErr = c.ctx.Run()
		close(c.done)
	}()
	return c, nil
}

// Close stops the archetype and releases the listener.
func (c *Client) Close() error {
	c.ctx.Stop()
	<-c.done
	c.fd.Close()
	c.mb.Close()
	if c.runErr != nil && !errors.Is(c.runErr, distsys.ErrStopped) {
		return c.runErr
	}
	return nil
}

// Leader is the server that answered the last request (0 before any).
func (c *Client) Leader() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.leader
}

// Put stores value under key once a quorum has committed it.
func (c *Client) Put(key, value string, deadline time.Duration) error {
	_, _, err := c.do(tla.MakeRecord(tla.Field{Name: "type", Value: Put(c.k)}, tla.Field{Name: "key", Value: tla.MakeString(key)},
		tla.Field{Name: "value", Value: tla.MakeString(value)}), deadline)
	return err
}

// Get reads key through the log (linearizable); ok is false when the key was never put.
func (c *Client) Get(key string, deadline time.Duration) (value string, ok bool, err error) {
	return c.do(tla.MakeRecord(tla.Field{Name: "type", Value: Get(c.k)}, tla.Field{Name: "key", Value: tla.MakeString(key)}), deadline)
}

func (c *Client) do(req tla.Value, deadline time.Duration) (string, bool, error) {
	distsys.ProfileMark("call", c.ctx.Self())
	defer distsys.ProfileMark("return", c.ctx.Self())
	c.mu.Lock()
	defer c.mu.Unlock()
	end := time.NewTimer(deadline)
	defer end.Stop()
	tick := time.NewTicker(c.cfg.ClientRequestTimeout)
	defer tick.Stop()
	c.timeout.Clear()
handOver:
	for {
		select {
		case c.reqCh <- req:
			c.sent++
			break handOver
		case <-tick.C:
			// The archetype is still busy with an abandoned request whose server may never
			// answer (an old leader cut off from its peers accepts requests it cannot commit,
			// and drops them when it steps down). The spec's timeout is what moves it on: without
			// it here the client waited for that answer for ever (bench/raftkv's partition runs;
			// TestClientLeavesSilentOldLeader).
			c.timeout.Set()
		case <-end.C:
			return "", false, ErrTimeout // the archetype is still busy with an abandoned request
		case <-c.done:
			return "", false, fmt.Errorf("raftkvs client stopped: %v", c.runErr)
		}
	}
	// This request's timeout starts now; a flag raised for the abandoned one does not count.
	c.timeout.Clear()
	tick.Reset(c.cfg.ClientRequestTimeout)
	idx := c.sent
	for {
		select {
		case resp := <-c.respCh:
			r := tla.Dot(resp, "mresponse")
			if tla.Dot(r, "idx").AsInt() != idx {
				continue // the late answer to an abandoned request
			}
			c.leader = tla.Dot(resp, "mleaderHint").AsInt()
			if !tla.Dot(r, "ok").AsBool() {
				return "", false, nil
			}
			v := tla.Dot(r, "value")
			if v.Kind() != tla.KindString {
				return "", false, fmt.Errorf("raftkvs: value %v is not a string", v)
			}
			return v.AsString(), true, nil
		case <-tick.C:
			c.timeout.Set() // the archetype gives up on this server and tries another
		case <-end.C:
			return "", false, ErrTimeout
		case <-c.done:
			return "", false, fmt.Errorf("raftkvs client stopped: %v", c.runErr)
		}
	}
}
