package gcounter_test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Four nodes as OS processes: each increments once and must see all four increments (the
// replicas converge through gossip).
func TestProcessesConverge(t *testing.T) {
	const nodes = 4
	bin := filepath.Join(t.TempDir(), "gcounter")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/gcounter").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var lns []net.Listener
	var peers []string
	for i := 1; i <= nodes; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		peers = append(peers, fmt.Sprintf("%d=%s", i, ln.Addr()))
	}
	for _, ln := range lns {
		ln.Close()
	}
	type result struct {
		out string
		err error
	}
	res := make(chan result, nodes)
	for i := 1; i <= nodes; i++ {
		c := exec.Command(bin, "-id", fmt.Sprint(i), "-peers", strings.Join(peers, ","), "-linger", "1s")
		c.Stderr = os.Stderr
		go func() {
			out, err := c.Output()
			res <- result{string(out), err}
		}()
	}
	timeout := time.After(60 * time.Second)
	for i := 0; i < nodes; i++ {
		select {
		case r := <-res:
			if r.err != nil {
				t.Fatalf("node: %v", r.err)
			}
			var id, v int
			if _, err := fmt.Sscanf(r.out, "CONVERGED %d %d", &id, &v); err != nil || v != nodes {
				t.Fatalf("node output %q", r.out)
			}
		case <-timeout:
			t.Fatal("nodes did not converge")
		}
	}
}
