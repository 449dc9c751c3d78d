package distsys

import "github.com/veriforge/veriforge/go/distsys/tla"

// Suspect makes node j suspected at once, on evidence from outside the probes: a connection to
// j just failed (TCPOptions.Unreachable), which is what a failed probe observes too. j is
// monitored from now on (if it was not), and the next successful probe clears the suspicion, as
// for a suspicion the probes raised. Archetypes waiting on a suspicion wake up.
func (d *FailureDetector) Suspect(j tla.Value) error {
	if _, err := d.Suspected(j); err != nil { // starts monitoring j
		return err
	}
	k := string(tla.Encode(nil, j))
	d.mu.Lock()
	defer d.mu.Unlock()
	n := d.nodes[k]
	if n.failures < d.misses {
		n.failures = d.misses
	}
	if !n.suspected {
		n.suspected = true
		if d.changed != nil {
			close(d.changed)
			d.changed = nil
		}
	}
	return nil
}

// IsSuspected reports whether j is suspected now, without starting to monitor it.
func (d *FailureDetector) IsSuspected(j tla.Value) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	n, ok := d.nodes[string(tla.Encode(nil, j))]
	return ok && n.suspected
}
