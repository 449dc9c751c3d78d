package raftkvs

// Hand-written glue (not generated): the configuration of a Raft KV deployment, read from PGo's
// systems/raftkvs/configs/*.yaml format.

import (
	"fmt"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/sysglue"
)

// Config is PGo's raftkvs YAML configuration. Every field of PGo's format is accepted; what our
// runtime does with each is documented in docs/mpcal.md (monitorAddr is not used: our failure
// detector probes the mailbox address; receiveChanSize is not used: mailboxes are unbounded).
type Config struct {
	NumServers           int           `yaml:"numServers"`
	NumClients           int           `yaml:"numClients"`
	Debug                bool          `yaml:"debug"`
	Persist              bool          `yaml:"persist"`
	ClientRequestTimeout time.Duration `yaml:"clientRequestTimeout"`
	FD                   struct {
		PullInterval time.Duration `yaml:"pullInterval"`
		Timeout      time.Duration `yaml:"timeout"`
	} `yaml:"fd"`
	Mailboxes struct {
		ReceiveChanSize int           `yaml:"receiveChanSize"`
		DialTimeout     time.Duration `yaml:"dialTimeout"`
		ReadTimeout     time.Duration `yaml:"readTimeout"`
		WriteTimeout    time.Duration `yaml:"writeTimeout"`
	} `yaml:"mailboxes"`
	LeaderElection struct {
		Timeout       time.Duration `yaml:"timeout"`
		TimeoutOffset time.Duration `yaml:"timeoutOffset"`
	} `yaml:"leaderElection"`
	AppendEntriesSendInterval time.Duration `yaml:"appendEntriesSendInterval"`
	SharedResourceTimeout     time.Duration `yaml:"sharedResourceTimeout"`
	InputChanReadTimeout      time.Duration `yaml:"inputChanReadTimeout"`
	Servers                   map[int]struct {
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
	at := func(msg string, keys ...string) error {
		l, col := sysglue.Node(path, keys...)
		return &sysglue.ConfigError{File: path, Line: l, Col: col, Msg: msg}
	}
	if c.NumServers < 1 {
		return nil, at("numServers must be at least 1", "numServers")
	}
	if c.NumClients < 0 {
		return nil, at("numClients must not be negative", "numClients")
	}
	for _, d := range []struct {
		v    time.Duration
		keys []string
	}{
		{c.ClientRequestTimeout, []string{"clientRequestTimeout"}},
		{c.FD.PullInterval, []string{"fd", "pullInterval"}},
		{c.Mailboxes.DialTimeout, []string{"mailboxes", "dialTimeout"}},
		{c.Mailboxes.ReadTimeout, []string{"mailboxes", "readTimeout"}},
		{c.Mailboxes.WriteTimeout, []string{"mailboxes", "writeTimeout"}},
		{c.LeaderElection.Timeout, []string{"leaderElection", "timeout"}},
		{c.AppendEntriesSendInterval, []string{"appendEntriesSendInterval"}},
		{c.SharedResourceTimeout, []string{"sharedResourceTimeout"}},
		{c.InputChanReadTimeout, []string{"inputChanReadTimeout"}},
	} {
		if d.v <= 0 {
			return nil, at(fmt.Sprintf("%s must be a positive duration", d.keys[len(d.keys)-1]), d.keys...)
		}
	}
	for i := 1; i <= c.NumServers; i++ {
		if s, ok := c.Servers[i]; !ok || s.MailboxAddr == "" {
			return nil, at(fmt.Sprintf("servers: server %d (of numServers = %d) has no mailboxAddr", i, c.NumServers), "servers")
		}
	}
	if len(c.Servers) != c.NumServers {
		return nil, at(fmt.Sprintf("servers: %d entries, numServers is %d (ids must be 1..numServers)", len(c.Servers), c.NumServers), "servers")
	}
	for i := 1; i <= c.NumClients; i++ {
		if s, ok := c.Clients[i]; !ok || s.MailboxAddr == "" {
			return nil, at(fmt.Sprintf("clients: client %d (of numClients = %d) has no mailboxAddr", i, c.NumClients), "clients")
		}
	}
	if len(c.Clients) != c.NumClients {
		return nil, at(fmt.Sprintf("clients: %d entries, numClients is %d (ids must be 1..numClients)", len(c.Clients), c.NumClients), "clients")
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
		AsyncCommit: true,
	}
	if server {
		o.DropUnreachable = func(j tla.Value) bool { return j.Kind() == tla.KindInt && j.AsInt() > int64(c.NumServers) }
	}
	return o
}
