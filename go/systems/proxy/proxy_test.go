package proxy_test

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

func freePorts(t *testing.T, n int) []string {
	var addrs []string
	var lns []net.Listener
	for i := 0; i < n; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		addrs = append(addrs, ln.Addr().String())
	}
	for _, ln := range lns {
		ln.Close()
	}
	return addrs
}

func buildGlue(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "proxy")
	out, err := exec.Command("go", "build", "-o", bin, "./cmd/proxy").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runClient runs one client process to completion and returns its RESP lines.
func runClient(t *testing.T, bin string, args []string) []string {
	t.Helper()
	c := exec.Command(bin, args...)
	c.Stderr = os.Stderr
	done := make(chan struct{})
	var out []byte
	var err error
	go func() {
		out, err = c.Output()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		c.Process.Kill()
		<-done
		t.Fatalf("client %v did not finish; output so far %q", args, out)
	}
	if err != nil {
		t.Fatalf("client: %v", err)
	}
	return strings.Fields(strings.ReplaceAll(strings.TrimSpace(string(out)), "RESP ", ""))
}

// Three servers, the proxy and two clients as separate processes on loopback TCP. Every request
// of the first client is answered by server 1 (the first live server); after server 1 is killed
// the proxy's failure detector suspects it and every request of the second client is answered by
// server 2.
func TestProcessesForwardAndFailOver(t *testing.T) {
	const servers, clients, requests = 3, 2, 4
	bin := buildGlue(t)
	proxyID := servers + clients + 1
	keys := []string{fmt.Sprintf("%d.1", proxyID), fmt.Sprintf("%d.4", proxyID)}
	for s := 1; s <= servers; s++ {
		keys = append(keys, fmt.Sprintf("%d.3", s))
	}
	for c := servers + 1; c <= servers+clients; c++ {
		keys = append(keys, fmt.Sprintf("%d.2", c))
	}
	var boxes []string
	for i, a := range freePorts(t, len(keys)) {
		boxes = append(boxes, keys[i]+"="+a)
	}
	common := []string{"-servers", fmt.Sprint(servers), "-clients", fmt.Sprint(clients), "-boxes", strings.Join(boxes, ","), "-fd-interval", "20ms"}
	start := func(args ...string) *exec.Cmd {
		c := exec.Command(bin, append(args, common...)...)
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			c.Process.Kill()
			c.Wait()
		})
		return c
	}
	var srv []*exec.Cmd
	for s := 1; s <= servers; s++ {
		srv = append(srv, start("-role", "server", "-id", fmt.Sprint(s)))
	}
	start("-role", "proxy")
	got := runClient(t, bin, append([]string{"-role", "client", "-id", fmt.Sprint(servers + 1), "-requests", fmt.Sprint(requests)}, common...))
	if len(got) != requests {
		t.Fatalf("client 1 got %d answers, want %d: %v", len(got), requests, got)
	}
	for _, b := range got {
		if b != "1" {
			t.Fatalf("answers before the kill %v; want all from server 1", got)
		}
	}
	srv[0].Process.Kill()
	srv[0].Wait()
	got = runClient(t, bin, append([]string{"-role", "client", "-id", fmt.Sprint(servers + 2), "-requests", fmt.Sprint(requests)}, common...))
	if len(got) != requests {
		t.Fatalf("client 2 got %d answers, want %d: %v", len(got), requests, got)
	}
	for _, b := range got {
		if b != "2" {
			t.Fatalf("answers after killing server 1: %v; want all from server 2", got)
		}
	}
}

func TestGlueRejectsBadFlags(t *testing.T) {
	bin := buildGlue(t)
	for _, args := range [][]string{
		{"-role", "server", "-id", "1"},
		{"-role", "server", "-id", "9", "-boxes", "9.3=127.0.0.1:1"},
		{"-role", "client", "-id", "1", "-boxes", "1.2=127.0.0.1:1"},
		{"-role", "wizard", "-boxes", "1.2=127.0.0.1:1"},
		{"-role", "proxy", "-boxes", "3.1=127.0.0.1:1"},
	} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 2 || strings.Count(strings.TrimSpace(string(out)), "\n") != 0 {
			t.Errorf("%v: exit %v, output %q; want exit 2 and one line", args, err, out)
		}
	}
}
