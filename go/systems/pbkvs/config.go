package pbkvs

// Hand-written glue (not generated): the configuration of a primary-backup KV deployment, read
// from PGo's systems/pbkvs/configs/*.yaml format, and the resources the spec's mapping macros
// stand for.

import (
	"errors"
	"fmt"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
)

// Config is PGo's pbkvs YAML configuration. Every field of PGo's format is accepted;
// receiveChanSize and clientRequestTimeout are not used (mailboxes are unbounded; a client retries
// when the failure detector suspects the replica it waits for, as the spec says), fd.timeout bounds
// one probe.
type Config struct {
	NumReplicas          int                     `yaml:"numReplicas"`
	NumClients           int                     `yaml:"numClients"`
	Debug                bool                    `yaml:"debug"`
	ClientRequestTimeout time.Duration           `yaml:"clientRequestTimeout"`
	FD                   sysglue.FDConfig        `yaml:"fd"`
	Mailboxes            sysglue.MailboxesConfig `yaml:"mailboxes"`
	InputChanReadTimeout time.Duration           `yaml:"inputChanReadTimeout"`
	Replicas             map[int]struct {
		ReqMailboxAddr  string `yaml:"reqMailboxAddr"`
		RespMailboxAddr string `yaml:"respMailboxAddr"`
		MonitorAddr     string `yaml:"monitorAddr"`
	} `yaml:"replicas"`
	Clients map[int]struct {
		ReqMailboxAddr  string `yaml:"reqMailboxAddr"`
		RespMailboxAddr string `yaml:"respMailboxAddr"`
	} `yaml:"clients"`
}

// LoadConfig reads and validates a config file; errors are *sysglue.ConfigError
// ("file:line:col: problem").
func LoadConfig(path string) (*Config, error) {
	var c Config
	if err := sysglue.LoadYAML(path, &c); err != nil {
		return nil, err
	}
	if c.NumReplicas < 1 {
		return nil, sysglue.At(path, "numReplicas must be at least 1", "numReplicas")
	}
	if c.NumClients < 0 {
		return nil, sysglue.At(path, "numClients must not be negative", "numClients")
	}
	if err := sysglue.PositiveDurations(path,
		sysglue.Duration{V: c.FD.PullInterval, Keys: []string{"fd", "pullInterval"}},
		sysglue.Duration{V: c.Mailboxes.DialTimeout, Keys: []string{"mailboxes", "dialTimeout"}},
		sysglue.Duration{V: c.Mailboxes.ReadTimeout, Keys: []string{"mailboxes", "readTimeout"}},
		sysglue.Duration{V: c.Mailboxes.WriteTimeout, Keys: []string{"mailboxes", "writeTimeout"}},
		sysglue.Duration{V: c.InputChanReadTimeout, Keys: []string{"inputChanReadTimeout"}},
	); err != nil {
		return nil, err
	}
	replicas := sysglue.IDMap{Section: "replicas", Noun: "replica", CountKey: "numReplicas", N: c.NumReplicas, Entries: len(c.Replicas),
		Complete: func(i int) bool {
			r, ok := c.Replicas[i]
			return ok && r.ReqMailboxAddr != "" && r.RespMailboxAddr != "" && r.MonitorAddr != ""
		}, Need: "needs reqMailboxAddr, respMailboxAddr and monitorAddr"}
	clients := sysglue.IDMap{Section: "clients", Noun: "client", CountKey: "numClients", N: c.NumClients, Entries: len(c.Clients),
		Complete: func(i int) bool { cl, ok := c.Clients[i]; return ok && cl.RespMailboxAddr != "" }, Need: "has no respMailboxAddr"}
	for _, m := range []sysglue.IDMap{replicas, clients} {
		if err := m.Check(path); err != nil {
			return nil, err
		}
	}
	return &c, nil
}

// Constants are the spec's constants for this deployment (crashes are real, not explored).
func (c *Config) Constants() *distsys.Constants {
	return &distsys.Constants{Values: map[string]tla.Value{
		"NUM_REPLICAS": tla.MakeInt(int64(c.NumReplicas)),
		"NUM_CLIENTS":  tla.MakeInt(int64(c.NumClients)),
		"EXPLORE_FAIL": tla.False,
		"DEBUG":        tla.MakeBool(c.Debug),
	}}
}

// ClientSelf is the archetype `self` of client id (1..NumClients): NUM_REPLICAS + id, as in the
// spec's CLIENT_SET.
func (c *Config) ClientSelf(id int) int64 { return int64(c.NumReplicas + id) }

// MailboxAddr resolves the spec's mailbox ids <<node, REQ_INDEX or RESP_INDEX>>.
func (c *Config) MailboxAddr(v tla.Value) (string, error) {
	k := c.Constants()
	if !v.IsSeq() || tla.Len(v).AsInt() != 2 {
		return "", fmt.Errorf("mailbox id %v is not <<node, index>>", v)
	}
	node, idx := tla.Apply(v, tla.MakeInt(1)).AsInt(), tla.Apply(v, tla.MakeInt(2))
	req := idx.Equal(REQ_INDEX(k))
	if !req && !idx.Equal(RESP_INDEX(k)) {
		return "", fmt.Errorf("mailbox id %v: unknown index", v)
	}
	if r, ok := c.Replicas[int(node)]; ok && node <= int64(c.NumReplicas) {
		if req {
			return r.ReqMailboxAddr, nil
		}
		return r.RespMailboxAddr, nil
	}
	if cl, ok := c.Clients[int(node)-c.NumReplicas]; ok && node > int64(c.NumReplicas) {
		if req {
			return cl.ReqMailboxAddr, nil
		}
		return cl.RespMailboxAddr, nil
	}
	return "", fmt.Errorf("no node %d", node)
}

// MonitorAddr is where replica j answers failure-detector probes.
func (c *Config) MonitorAddr(j tla.Value) (string, error) {
	if j.Kind() == tla.KindInt {
		if r, ok := c.Replicas[int(j.AsInt())]; ok {
			return r.MonitorAddr, nil
		}
	}
	return "", fmt.Errorf("fd[%v]: not a replica", j)
}

// TCPOptions are the mailbox options from the config. A backup answering a primary that crashed,
// or a primary answering a client that left, drops the message (the spec guards these sends
// with the failure detector; a crashed node never reads them).
func (c *Config) TCPOptions() distsys.TCPOptions {
	io := c.Mailboxes.WriteTimeout
	if io < 200*time.Millisecond {
		io = 200 * time.Millisecond // a frame write plus its acknowledgement, on a loaded machine
	}
	return distsys.TCPOptions{ReceiveTimeout: c.Mailboxes.ReadTimeout, DialTimeout: c.Mailboxes.DialTimeout,
		IOTimeout: io, CommitTimeout: time.Second, LoseOnCommitFailure: true}
}

// Primary is the `primary` resource of node self (the spec's LeaderElection mapping macro): it
// reads as the lowest replica id the failure detector does not suspect, or NULL (0) when it
// suspects all. The spec writes it only in its modelled crash (EXPLORE_FAIL), which a real
// process does by dying; a write is an error.
//
// In the model `primary` is one global variable: every node reads the same value at the same
// time, and the value only grows (the lowest live replica). Each node's own failure detector
// notices a crash at a different time, so a plain "lowest unsuspected id" lets a client that
// already suspects replica 2 send a request to replica 3 while replica 3 still reads primary =
// 2; replica 3 then takes the request as a backup and fails the spec's `assert req.srcTyp =
// PRIMARY_SRC` (seen in TestProcessesPrimaryFailover). So a step that read primary = i for a
// replica i other than the reader itself commits only if i answers a fresh probe at pre-commit,
// after everything the step read (the request included); otherwise the step aborts and is
// retried when the detector's view changes. With a detector that suspects only crashed nodes
// (the spec's perfect failure detector), every committed step's value is then the lowest live
// replica during the whole step: every lower id had crashed before the read, and i was alive at
// pre-commit (or is the reader). That is the model's global value, so the value a client sent a
// request on is the value the receiving replica reads. The value is read once per step (a step
// reads the same primary twice, as the model's atomic step does).
func Primary(k *distsys.Constants, fd *distsys.FailureDetector, self int64) distsys.Resource {
	return &primary{k: k, fd: fd, self: self}
}

type primary struct {
	k    *distsys.Constants
	fd   *distsys.FailureDetector
	self int64

	read    bool      // read in the current step
	val     tla.Value // the value read
	confirm int64     // the replica to probe at pre-commit (0: none)
	wait    <-chan struct{}
}

func (p *primary) Read() (tla.Value, error) {
	if p.read {
		return p.val, nil
	}
	p.wait = p.fd.Changes()
	v, confirm := NULL(p.k), int64(0)
	for i := int64(1); i <= p.k.Get("NUM_REPLICAS").AsInt(); i++ {
		if i == p.self {
			v = tla.MakeInt(i)
			break
		}
		s, err := p.fd.Suspected(tla.MakeInt(i))
		if err != nil {
			return tla.Value{}, err
		}
		if !s {
			v, confirm = tla.MakeInt(i), i
			break
		}
	}
	p.read, p.val, p.confirm = true, v, confirm
	return v, nil
}

func (p *primary) Write(tla.Value) error {
	return errors.New("primary: written only by a modelled crash (EXPLORE_FAIL is FALSE here)")
}
func (p *primary) Index(tla.Value) (distsys.Resource, error) { return nil, distsys.ErrNotIndexable }

// PreCommit confirms that the replica read as primary (other than the reader) is still alive.
func (p *primary) PreCommit() error {
	if !p.read || p.confirm == 0 {
		return nil
	}
	alive, err := p.fd.Probe(tla.MakeInt(p.confirm))
	if err != nil {
		return err
	}
	if !alive {
		return distsys.ErrAborted
	}
	return nil
}
func (p *primary) Commit() error { p.read = false; return nil }
func (p *primary) Abort()        { p.read = false }
func (p *primary) Close() error  { return nil }

// Changed is closed at the next change of the failure detector's suspicions (Notifier).
func (p *primary) Changed() <-chan struct{} { return p.wait }

// NetLen is the `netLen[_]` resource (the NetworkBufferLength mapping macro): netLen[id] reads as
// the number of unread messages in local mailbox id.
func NetLen(boxes Pender) distsys.Resource {
	return distsys.NewIndexed(func(id tla.Value) (distsys.Resource, error) {
		if boxes.Pending(id) < 0 {
			return nil, fmt.Errorf("netLen[%v]: not a local mailbox", id)
		}
		return &netLen{boxes: boxes, id: id}, nil
	})
}

// Pender counts the unread messages of a local mailbox (-1: not local): *sysglue.Boxes and
// *distsys.InMemoryNetwork.
type Pender interface{ Pending(id tla.Value) int }

type netLen struct {
	boxes Pender
	id    tla.Value
}

func (n *netLen) Read() (tla.Value, error) { return tla.MakeInt(int64(n.boxes.Pending(n.id))), nil }
func (n *netLen) Write(tla.Value) error    { return distsys.ErrNotWritable }
func (n *netLen) Index(tla.Value) (distsys.Resource, error) {
	return nil, distsys.ErrNotIndexable
}
func (n *netLen) PreCommit() error { return nil }
func (n *netLen) Commit() error    { return nil }
func (n *netLen) Abort()           {}
func (n *netLen) Close() error     { return nil }
