// Command durable runs the counter of ../../durable.tla with its `count` kept in -state, printing
// "COUNT n" after each committed step (each print waits -delay, so a test can kill it half-way).
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/internal/durable"
)

func main() {
	state := flag.String("state", "", "directory of the durable state")
	target := flag.Int64("target", 10, "Target")
	delay := flag.Duration("delay", 0, "pause after each printed count")
	flag.Parse()
	if *state == "" {
		fmt.Fprintln(os.Stderr, "durable: -state is required")
		os.Exit(2)
	}
	store, err := distsys.OpenFileStore(*state)
	if err != nil {
		fmt.Fprintf(os.Stderr, "durable: %v\n", err)
		os.Exit(1)
	}
	count, err := distsys.NewPersistentLocal(store, "count", tla.MakeInt(0))
	if err != nil {
		fmt.Fprintf(os.Stderr, "durable: %v\n", err)
		os.Exit(1)
	}
	out := make(chan tla.Value)
	done := make(chan struct{})
	go func() {
		for v := range out {
			fmt.Printf("COUNT %v\n", v)
			time.Sleep(*delay)
		}
		close(done)
	}()
	k := &distsys.Constants{Values: map[string]tla.Value{"Target": tla.MakeInt(*target)}}
	ctx := distsys.NewContext(durable.ACounter, tla.MakeInt(1), distsys.WithConstants(k),
		distsys.WithResource("count", count), distsys.WithResource("out", distsys.OutputChannel(out)))
	if err := ctx.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "durable: %v\n", err)
		os.Exit(1)
	}
	close(out)
	<-done
}
