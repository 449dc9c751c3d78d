package loadbalancer_test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
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
	bin := filepath.Join(t.TempDir(), "loadbalancer")
	out, err := exec.Command("go", "build", "-o", bin, "./cmd/loadbalancer").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// The balancer, three servers and two concurrent clients as separate processes on loopback TCP.
// Every request gets the page for its own path; the balancer's round robin spreads the 12
// requests evenly, 4 per server (each server's pages name the server).
func TestProcessesSpreadAndAnswer(t *testing.T) {
	const servers, clients, perClient = 3, 2, 6
	bin := buildGlue(t)
	var peers []string
	for i, a := range freePorts(t, 1+servers+clients) {
		peers = append(peers, fmt.Sprintf("%d=%s", i, a))
	}
	common := []string{"-peers", strings.Join(peers, ","), "-servers", fmt.Sprint(servers), "-clients", fmt.Sprint(clients)}
	start := func(args ...string) {
		c := exec.Command(bin, append(args, common...)...)
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			c.Process.Kill()
			c.Wait()
		})
	}
	start("-role", "balancer")
	for s := 1; s <= servers; s++ {
		root := t.TempDir()
		for _, p := range []string{"a.html", "b.html"} {
			if err := os.WriteFile(filepath.Join(root, p), []byte(fmt.Sprintf("%s from server %d", p, s)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		start("-role", "server", "-id", fmt.Sprint(s), "-root", root)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	perServer := map[string]int{}
	errs := make(chan error, clients)
	for c := servers + 1; c <= servers+clients; c++ {
		var paths []string
		for i := 0; i < perClient; i++ {
			paths = append(paths, []string{"a.html", "b.html"}[(i+c)%2])
		}
		cmd := exec.Command(bin, append([]string{"-role", "client", "-id", fmt.Sprint(c)}, common...)...)
		cmd.Stdin = strings.NewReader(strings.Join(paths, "\n") + "\n")
		cmd.Stderr = os.Stderr
		wg.Add(1)
		go func() {
			defer wg.Done()
			timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
			defer timer.Stop()
			out, err := cmd.Output()
			if err != nil {
				errs <- fmt.Errorf("client: %v (output %q)", err, out)
				return
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if len(lines) != len(paths) {
				errs <- fmt.Errorf("client got %d answers for %d requests: %q", len(lines), len(paths), out)
				return
			}
			for i, l := range lines {
				page, err := strconv.Unquote(strings.TrimPrefix(l, "PAGE "))
				if err != nil {
					errs <- fmt.Errorf("bad answer line %q", l)
					return
				}
				path, server, ok := strings.Cut(page, " from ")
				if !ok || path != paths[i] {
					errs <- fmt.Errorf("request %d for %s answered with %q", i, paths[i], page)
					return
				}
				mu.Lock()
				perServer[server]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for s := 1; s <= servers; s++ {
		if n := perServer[fmt.Sprintf("server %d", s)]; n != clients*perClient/servers {
			t.Fatalf("requests per server %v; want %d each", perServer, clients*perClient/servers)
		}
	}
}

func TestGlueRejectsBadFlags(t *testing.T) {
	bin := buildGlue(t)
	for _, args := range [][]string{
		{"-role", "balancer"},
		{"-role", "server", "-id", "1", "-peers", "1=127.0.0.1:0"},
		{"-role", "server", "-id", "5", "-root", ".", "-peers", "5=127.0.0.1:0"},
		{"-role", "client", "-id", "1", "-peers", "1=127.0.0.1:0"},
		{"-role", "wizard", "-peers", "0=127.0.0.1:0"},
	} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 2 || strings.Count(strings.TrimSpace(string(out)), "\n") != 0 {
			t.Errorf("%v: exit %v, output %q; want exit 2 and one line", args, err, out)
		}
	}
}
