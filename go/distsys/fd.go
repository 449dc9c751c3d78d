package distsys

import (
	"net"
	"sync"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// FailureDetector is PGo's `ref fd[_]` resource: fd[j] reads TRUE once node j is suspected to
// have failed. It probes each monitored node's address with a TCP connect every interval and
// suspects a node after `misses` consecutive failed probes; a successful probe clears the
// suspicion (an eventually-perfect detector on a network that eventually stops losing probes).
// Writes are an error; reads never abort.
type FailureDetector struct {
	addr     func(tla.Value) (string, error)
	interval time.Duration
	misses   int
	mu       sync.Mutex
	changed  chan struct{} // made on demand, closed by the next change of a suspicion
	nodes    map[string]*fdNode
	stop     chan struct{}
	wg       sync.WaitGroup
}

type fdNode struct {
	addr      string
	failures  int
	suspected bool
}

// NewFailureDetector monitors nodes lazily: a node is probed from its first read on.
func NewFailureDetector(addr func(tla.Value) (string, error), interval time.Duration, misses int) *FailureDetector {
	d := &FailureDetector{addr: addr, interval: interval, misses: misses, nodes: map[string]*fdNode{}, stop: make(chan struct{})}
	d.wg.Add(1)
	go d.loop()
	return d
}

// Close stops probing.
func (d *FailureDetector) Close() error {
	close(d.stop)
	d.wg.Wait()
	return nil
}

func (d *FailureDetector) loop() {
	defer d.wg.Done()
	t := time.NewTicker(d.interval)
	defer t.Stop()
	for {
		select {
		case <-d.stop:
			return
		case <-t.C:
		}
		d.mu.Lock()
		var ns []*fdNode
		for _, n := range d.nodes {
			ns = append(ns, n)
		}
		d.mu.Unlock()
		for _, n := range ns {
			c, err := net.DialTimeout("tcp", n.addr, d.interval)
			d.mu.Lock()
			was := n.suspected
			if err == nil {
				n.failures, n.suspected = 0, false
			} else {
				n.failures++
				if n.failures >= d.misses {
					n.suspected = true
				}
			}
			if n.suspected != was && d.changed != nil {
				close(d.changed)
				d.changed = nil
			}
			d.mu.Unlock()
			if c != nil {
				c.Close()
			}
		}
	}
}

// Suspected reports whether node j is suspected now (starting to monitor it if needed).
func (d *FailureDetector) Suspected(j tla.Value) (bool, error) {
	k := string(tla.Encode(nil, j))
	d.mu.Lock()
	defer d.mu.Unlock()
	n, ok := d.nodes[k]
	if !ok {
		a, err := d.addr(j)
		if err != nil {
			return false, err
		}
		n = &fdNode{addr: a}
		d.nodes[k] = n
	}
	return n.suspected, nil
}

// Resource is `ref fd[_]`.
func (d *FailureDetector) Resource() Resource {
	return NewIndexed(func(j tla.Value) (Resource, error) { return &fdHandle{d: d, j: j}, nil })
}

type fdHandle struct {
	d    *FailureDetector
	j    tla.Value
	wait <-chan struct{}
}

// Changes returns a channel closed at the next change of any suspicion (take it before reading
// Suspected: a change after that closes it).
func (d *FailureDetector) Changes() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.changed == nil {
		d.changed = make(chan struct{})
	}
	return d.changed
}

// Probe checks node j now with one TCP connect (timeout: the probe interval), independently of
// the periodic probes and without changing any suspicion: true means j was alive during the
// call. A false answer is not a verdict (a live node on a loaded machine can miss one probe);
// callers use it to retry later, not to suspect.
func (d *FailureDetector) Probe(j tla.Value) (bool, error) {
	a, err := d.addr(j)
	if err != nil {
		return false, err
	}
	c, err := net.DialTimeout("tcp", a, d.interval)
	if err != nil {
		return false, nil
	}
	c.Close()
	return true, nil
}

func (h *fdHandle) Read() (tla.Value, error) {
	h.wait = h.d.Changes() // before reading: a change after it closes wait
	s, err := h.d.Suspected(h.j)
	return tla.MakeBool(s), err
}

// Changed is closed at the next change of any suspicion after the read (Notifier).
func (h *fdHandle) Changed() <-chan struct{}          { return h.wait }
func (h *fdHandle) Write(tla.Value) error             { return ErrNotWritable }
func (h *fdHandle) Index(tla.Value) (Resource, error) { return nil, ErrNotIndexable }
func (h *fdHandle) PreCommit() error                  { return nil }
func (h *fdHandle) Commit() error                     { return nil }
func (h *fdHandle) Abort()                            {}
func (h *fdHandle) Close() error                      { return nil }
