// Package sysglue is the glue shared by the cmd/ programs of go/systems: flag and config errors
// as one line with exit 2, node address tables, YAML configs with positions, and running a
// process's archetypes until a signal or the first failure.
package sysglue

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"gopkg.in/yaml.v3"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// Usage prints "prog: message" as one line on stderr and exits 2 (bad flags or config).
func Usage(prog, format string, args ...any) {
	msg := strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", " ")
	fmt.Fprintf(os.Stderr, "%s: %s\n", prog, msg)
	os.Exit(2)
}

// Fatal prints "prog: message" as one line on stderr and exits 1 (a run-time failure).
func Fatal(prog string, err error) {
	fmt.Fprintf(os.Stderr, "%s: %s\n", prog, strings.ReplaceAll(err.Error(), "\n", " "))
	os.Exit(1)
}

// ParsePeers parses "id=host:port,id=host:port,...".
func ParsePeers(s string) (map[int64]string, error) {
	if s == "" {
		return nil, errors.New("-peers is required")
	}
	peers := map[int64]string{}
	for _, p := range strings.Split(s, ",") {
		id, addr, ok := strings.Cut(p, "=")
		if !ok || addr == "" {
			return nil, fmt.Errorf("-peers: %q is not id=host:port", p)
		}
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("-peers: %q: bad node id", p)
		}
		if _, dup := peers[n]; dup {
			return nil, fmt.Errorf("-peers: node %d listed twice", n)
		}
		peers[n] = addr
	}
	return peers, nil
}

// Lookup resolves integer node ids through an address table (for TCP mailboxes and failure
// detectors).
// ListenPeers parses -peers, finds this node's address (-id) and listens on it with TCP
// mailboxes that reach every peer: the start every peer-to-peer system's command shares.
// Bad flags are a usage error (exit 2); a failed listen is fatal (exit 1).
func ListenPeers(prog, peersFlag string, id int64) *distsys.TCPMailboxes {
	peers, err := ParsePeers(peersFlag)
	if err != nil {
		Usage(prog, "%v", err)
	}
	self, ok := peers[id]
	if !ok {
		Usage(prog, "-id %d has no address in -peers", id)
	}
	mb, err := distsys.ListenTCPMailboxes(tla.MakeInt(id), self, Lookup(peers), distsys.TCPOptions{})
	if err != nil {
		Fatal(prog, fmt.Errorf("listen %s: %w", self, err))
	}
	return mb
}

func Lookup(peers map[int64]string) func(tla.Value) (string, error) {
	return func(v tla.Value) (string, error) {
		if v.Kind() != tla.KindInt {
			return "", fmt.Errorf("node id %v is not an integer", v)
		}
		a, ok := peers[v.AsInt()]
		if !ok {
			return "", fmt.Errorf("no address for node %v", v)
		}
		return a, nil
	}
}

// ConfigError is a config problem at a position: "file:line:col: problem".
type ConfigError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *ConfigError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

var yamlPos = regexp.MustCompile(`line (\d+)(?:, column (\d+))?: (.*)`)

// LoadYAML decodes the YAML file at path into out, rejecting unknown fields. Errors are
// *ConfigError with the position yaml reports (line 1, column 1 when it reports none).
func LoadYAML(path string, out any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return &ConfigError{File: path, Line: 1, Col: 1, Msg: err.Error()}
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(out); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if te, ok := err.(*yaml.TypeError); ok && len(te.Errors) > 0 {
			msg = te.Errors[0]
		}
		if m := yamlPos.FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			col := 1
			if m[2] != "" {
				col, _ = strconv.Atoi(m[2])
			}
			return &ConfigError{File: path, Line: line, Col: col, Msg: m[3]}
		}
		return &ConfigError{File: path, Line: 1, Col: 1, Msg: msg}
	}
	return nil
}

// Node returns the position of the YAML key path (e.g. "servers", "2") in the file, for
// validation errors found after decoding; (1, 1) when it is not found.
func Node(path string, keys ...string) (int, int) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 1, 1
	}
	var root yaml.Node
	if yaml.Unmarshal(b, &root) != nil || len(root.Content) == 0 {
		return 1, 1
	}
	n := root.Content[0]
	line, col := n.Line, n.Column
	for _, k := range keys {
		found := false
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == k {
					line, col = n.Content[i].Line, n.Content[i].Column
					n = n.Content[i+1]
					found = true
					break
				}
			}
		}
		if !found {
			break
		}
	}
	return line, col
}

// Run runs the archetype contexts of one process until they all finish, one fails, or the
// process gets SIGINT/SIGTERM (or stop is closed): then every context is stopped. It returns the
// first error other than distsys.ErrStopped.
func Run(stop <-chan struct{}, ctxs ...*distsys.Context) error {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(sig)
	errs := make(chan error, len(ctxs))
	var wg sync.WaitGroup
	for _, c := range ctxs {
		c := c
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- c.Run()
		}()
	}
	stopAll := func() {
		for _, c := range ctxs {
			c.Stop()
		}
	}
	var first error
	for n := 0; n < len(ctxs); {
		select {
		case err := <-errs:
			n++
			if err != nil && !errors.Is(err, distsys.ErrStopped) {
				if first == nil {
					first = err
				}
				stopAll()
			}
		case <-sig:
			stopAll()
		case <-stop:
			stopAll()
			stop = nil
		}
	}
	wg.Wait()
	return first
}

// Boxes are one process's TCP mailboxes when a spec keys its network by more than a node id
// (PGo's proxy and primary-backup KV use net[<<node, msgType>>]): one listener per local mailbox
// id, and one `ref net[_]` resource that reads a local id's mailbox and sends to every other id
// at the address addr gives it.
type Boxes struct {
	ids   []tla.Value
	boxes []*distsys.TCPMailboxes
}

// ListenBoxes listens on addr(id) for each local mailbox id.
func ListenBoxes(ids []tla.Value, addr func(tla.Value) (string, error), opts distsys.TCPOptions) (*Boxes, error) {
	b := &Boxes{ids: ids}
	for _, id := range ids {
		a, err := addr(id)
		if err != nil {
			b.Close()
			return nil, err
		}
		m, err := distsys.ListenTCPMailboxes(id, a, addr, opts)
		if err != nil {
			b.Close()
			return nil, fmt.Errorf("listen %s for mailbox %v: %w", a, id, err)
		}
		b.boxes = append(b.boxes, m)
	}
	return b, nil
}

// Resource is the `ref net[_]` resource of one archetype instance (call it once per context).
func (b *Boxes) Resource() distsys.Resource {
	rs := make([]distsys.Resource, len(b.boxes))
	for i, m := range b.boxes {
		rs[i] = m.Resource()
	}
	return distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
		for k, id := range b.ids {
			if i.Equal(id) {
				return rs[k].Index(i)
			}
		}
		if len(rs) == 0 {
			return nil, fmt.Errorf("no local mailbox to send to %v from", i)
		}
		return rs[0].Index(i)
	})
}

// Pending is the number of received, unread messages in local mailbox id (-1 if not local).
func (b *Boxes) Pending(id tla.Value) int {
	for k, x := range b.ids {
		if x.Equal(id) {
			return b.boxes[k].Pending()
		}
	}
	return -1
}

// Close closes every local mailbox.
func (b *Boxes) Close() {
	for _, m := range b.boxes {
		m.Close()
	}
}

// ParseBoxes parses "-boxes" tables of mailbox addresses: "key=host:port,..." where key is a node
// id ("3") or a dotted tuple of ints ("3.1" is the mailbox <<3, 1>>). It returns the keys as TLA+
// values and a lookup for TCP mailboxes and failure detectors.
func ParseBoxes(s string) ([]tla.Value, func(tla.Value) (string, error), error) {
	if s == "" {
		return nil, nil, errors.New("-boxes is required")
	}
	table := map[string]string{}
	var keys []tla.Value
	for _, p := range strings.Split(s, ",") {
		k, addr, ok := strings.Cut(p, "=")
		if !ok || addr == "" {
			return nil, nil, fmt.Errorf("-boxes: %q is not key=host:port", p)
		}
		var elems []tla.Value
		for _, part := range strings.Split(k, ".") {
			n, err := strconv.ParseInt(part, 10, 64)
			if err != nil {
				return nil, nil, fmt.Errorf("-boxes: %q: a key is an int or ints joined by '.'", p)
			}
			elems = append(elems, tla.MakeInt(n))
		}
		v := elems[0]
		if len(elems) > 1 {
			v = tla.MakeTuple(elems...)
		}
		ek := string(tla.Encode(nil, v))
		if _, dup := table[ek]; dup {
			return nil, nil, fmt.Errorf("-boxes: mailbox %s listed twice", k)
		}
		table[ek] = addr
		keys = append(keys, v)
	}
	return keys, func(v tla.Value) (string, error) {
		a, ok := table[string(tla.Encode(nil, v))]
		if !ok {
			return "", fmt.Errorf("no address for mailbox %v", v)
		}
		return a, nil
	}, nil
}
