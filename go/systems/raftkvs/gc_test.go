package raftkvs

import (
	"runtime/debug"
	"testing"
)

// A server process sets the collector's target from its config (default DefaultGCPercent),
// leaves Go's setting alone when GOGC is set or gcPercent is negative.
func TestServerTunesGC(t *testing.T) {
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	t.Setenv("GOGC", "")
	inForce := func() int {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p
	}
	c := &Config{}
	if got := c.TuneGC(); got != DefaultGCPercent || inForce() != DefaultGCPercent {
		t.Fatalf("default: TuneGC %d, in force %d, want %d", got, inForce(), DefaultGCPercent)
	}
	c.GCPercent = 250
	if got := c.TuneGC(); got != 250 || inForce() != 250 {
		t.Fatalf("gcPercent 250: TuneGC %d, in force %d", got, inForce())
	}
	debug.SetGCPercent(100)
	c.GCPercent = -1
	if got := c.TuneGC(); got != 100 || inForce() != 100 {
		t.Fatalf("gcPercent -1: TuneGC %d, in force %d, want Go's 100 unchanged", got, inForce())
	}
	t.Setenv("GOGC", "50")
	c.GCPercent = 250
	if got := c.TuneGC(); got != 100 || inForce() != 100 {
		t.Fatalf("GOGC set: TuneGC %d, in force %d, want unchanged 100", got, inForce())
	}
}
