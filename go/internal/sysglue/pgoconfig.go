package sysglue

// What PGo's system configurations (systems/*/configs/*.yaml) share: the failure detector and
// TCP mailbox sections, the Raft systems' timing, and the checks every LoadConfig makes (positive
// durations, id maps that hold exactly 1..n), each error at the YAML key it is about.

import (
	"fmt"
	"time"
)

// FDConfig is the `fd` section: how often the failure detector probes, and one probe's bound.
type FDConfig struct {
	PullInterval time.Duration `yaml:"pullInterval"`
	Timeout      time.Duration `yaml:"timeout"`
}

// MailboxesConfig is the `mailboxes` section (receiveChanSize is accepted and unused: our
// mailboxes are unbounded).
type MailboxesConfig struct {
	ReceiveChanSize int           `yaml:"receiveChanSize"`
	DialTimeout     time.Duration `yaml:"dialTimeout"`
	ReadTimeout     time.Duration `yaml:"readTimeout"`
	WriteTimeout    time.Duration `yaml:"writeTimeout"`
}

// RaftConfig is what PGo's raftkvs and raftres configurations share, everything but their
// address maps; embed it with `yaml:",inline"`.
type RaftConfig struct {
	NumServers           int             `yaml:"numServers"`
	NumClients           int             `yaml:"numClients"`
	Debug                bool            `yaml:"debug"`
	ClientRequestTimeout time.Duration   `yaml:"clientRequestTimeout"`
	FD                   FDConfig        `yaml:"fd"`
	Mailboxes            MailboxesConfig `yaml:"mailboxes"`
	LeaderElection       struct {
		Timeout       time.Duration `yaml:"timeout"`
		TimeoutOffset time.Duration `yaml:"timeoutOffset"`
	} `yaml:"leaderElection"`
	AppendEntriesSendInterval time.Duration `yaml:"appendEntriesSendInterval"`
	SharedResourceTimeout     time.Duration `yaml:"sharedResourceTimeout"`
	InputChanReadTimeout      time.Duration `yaml:"inputChanReadTimeout"`
}

// Check validates the shared fields of a RaftConfig read from path.
func (c *RaftConfig) Check(path string) error {
	if c.NumServers < 1 {
		return At(path, "numServers must be at least 1", "numServers")
	}
	if c.NumClients < 0 {
		return At(path, "numClients must not be negative", "numClients")
	}
	return PositiveDurations(path,
		Duration{c.ClientRequestTimeout, []string{"clientRequestTimeout"}},
		Duration{c.FD.PullInterval, []string{"fd", "pullInterval"}},
		Duration{c.Mailboxes.DialTimeout, []string{"mailboxes", "dialTimeout"}},
		Duration{c.Mailboxes.ReadTimeout, []string{"mailboxes", "readTimeout"}},
		Duration{c.Mailboxes.WriteTimeout, []string{"mailboxes", "writeTimeout"}},
		Duration{c.LeaderElection.Timeout, []string{"leaderElection", "timeout"}},
		Duration{c.AppendEntriesSendInterval, []string{"appendEntriesSendInterval"}},
		Duration{c.SharedResourceTimeout, []string{"sharedResourceTimeout"}},
		Duration{c.InputChanReadTimeout, []string{"inputChanReadTimeout"}},
	)
}

// At is a *ConfigError about the YAML key path keys of the file path.
func At(path, msg string, keys ...string) error {
	l, col := Node(path, keys...)
	return &ConfigError{File: path, Line: l, Col: col, Msg: msg}
}

// Duration is a configured duration and its key path.
type Duration struct {
	V    time.Duration
	Keys []string
}

// PositiveDurations is an error at the first duration that is not positive.
func PositiveDurations(path string, ds ...Duration) error {
	for _, d := range ds {
		if d.V <= 0 {
			return At(path, fmt.Sprintf("%s must be a positive duration", d.Keys[len(d.Keys)-1]), d.Keys...)
		}
	}
	return nil
}

// IDMap describes a section mapping ids 1..N to entries, e.g. `servers` with N = numServers.
type IDMap struct {
	Section  string // "servers"
	Noun     string // "server"
	CountKey string // "numServers"
	N        int    // its value
	Entries  int    // how many entries the section has
	// Complete says whether id i has an entry with every address it needs; Need names them
	// for the error ("has no mailboxAddr", "needs raftAddr, kvAddr and monitorAddr").
	Complete func(i int) bool
	Need     string
}

// Check is an error unless the section holds exactly the complete entries 1..N.
func (m IDMap) Check(path string) error {
	for i := 1; i <= m.N; i++ {
		if !m.Complete(i) {
			return At(path, fmt.Sprintf("%s: %s %d (of %s = %d) %s", m.Section, m.Noun, i, m.CountKey, m.N, m.Need), m.Section)
		}
	}
	if m.Entries != m.N {
		return At(path, fmt.Sprintf("%s: %d entries, %s is %d (ids must be 1..%s)", m.Section, m.Entries, m.CountKey, m.N, m.CountKey), m.Section)
	}
	return nil
}
