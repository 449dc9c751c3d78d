package raftres

import (
	"errors"
	"fmt"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/systems/raftres/kv"
)

// ErrTimeout means a request got no answer before its deadline: it may or may not take effect.
var ErrTimeout = errors.New("raftres: request timed out (outcome unknown)")

// Client runs kv's AClient archetype for client id (1..NumClients). The archetype sends each
// request to a server it picks, which proposes it to raft; when no answer comes within
// ClientRequestTimeout (the `timeout` resource, raised here) or the failure detector suspects
// the server, it picks a server again. One request at a time.
type Client struct {
	cfg     *Config
	k       *distsys.Constants
	mb      *distsys.TCPMailboxes
	fd      *distsys.FailureDetector
	ctx     *distsys.Context
	reqCh   chan tla.Value
	respCh  chan tla.Value
	timeout distsys.Flag
	done    chan struct{}
	runErr  error
	sent    int64
}

// NewClient starts client id: it listens on the client's mailboxAddr.
func NewClient(cfg *Config, id int) (*Client, error) {
	if id < 1 || id > cfg.NumClients {
		return nil, fmt.Errorf("client id %d is not in 1..%d", id, cfg.NumClients)
	}
	k := cfg.KVConstants()
	self := tla.MakeInt(cfg.ClientSelf(id))
	mb, err := distsys.ListenTCPMailboxes(self, cfg.Clients[id].MailboxAddr, cfg.KVAddr, cfg.tcpOptions(false))
	if err != nil {
		return nil, err
	}
	c := &Client{cfg: cfg, k: k, mb: mb, reqCh: make(chan tla.Value), respCh: make(chan tla.Value, 64), done: make(chan struct{})}
	c.fd = distsys.NewFailureDetector(cfg.kvMonitorAddr, cfg.FD.PullInterval, 2)
	netLen := distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
		if !i.Equal(self) {
			return nil, fmt.Errorf("netLen[%v]: a client only reads its own", i)
		}
		return distsys.ReadOnly(func() tla.Value { return tla.MakeInt(int64(mb.Pending())) }), nil
	})
	c.ctx = distsys.NewContext(kv.AClient, self, distsys.WithConstants(k),
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

// Put stores value under key once raft committed it.
func (c *Client) Put(key, value string, deadline time.Duration) error {
	_, _, err := c.do(tla.MakeRecord(tla.Field{Name: "type", Value: kv.Put(c.k)}, tla.Field{Name: "key", Value: tla.MakeString(key)},
		tla.Field{Name: "value", Value: tla.MakeString(value)}), deadline)
	return err
}

// Get reads key through the raft log; ok is false when the key was never put.
func (c *Client) Get(key string, deadline time.Duration) (value string, ok bool, err error) {
	return c.do(tla.MakeRecord(tla.Field{Name: "type", Value: kv.Get(c.k)}, tla.Field{Name: "key", Value: tla.MakeString(key)}), deadline)
}

func (c *Client) do(req tla.Value, deadline time.Duration) (string, bool, error) {
	end := time.NewTimer(deadline)
	defer end.Stop()
	c.timeout.Clear()
	select {
	case c.reqCh <- req:
		c.sent++
	case <-end.C:
		return "", false, ErrTimeout
	case <-c.done:
		return "", false, fmt.Errorf("raftres client stopped: %v", c.runErr)
	}
	tick := time.NewTicker(c.cfg.ClientRequestTimeout)
	defer tick.Stop()
	for {
		select {
		case resp := <-c.respCh:
			r := tla.Dot(resp, "mresponse")
			if tla.Dot(r, "idx").AsInt() != c.sent {
				continue // the late answer to an abandoned request
			}
			c.timeout.Clear()
			if !tla.Dot(r, "ok").AsBool() {
				return "", false, nil
			}
			v := tla.Dot(r, "value")
			if v.Kind() != tla.KindString {
				return "", false, fmt.Errorf("raftres: answer value %v is not a string", v)
			}
			return v.AsString(), true, nil
		case <-tick.C:
			c.timeout.Set() // the archetype gives up on this server and picks another
		case <-end.C:
			return "", false, ErrTimeout
		case <-c.done:
			return "", false, fmt.Errorf("raftres client stopped: %v", c.runErr)
		}
	}
}
