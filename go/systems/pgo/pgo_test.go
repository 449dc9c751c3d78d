package pgo_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// glue builds cmd/pgosys once per test binary.
func glue(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pgosys")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "pgosys")
		if out, err := exec.Command("go", "build", "-o", binPath, "./cmd/pgosys").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// peers returns "-peers" for node ids first..last on fresh loopback ports.
func peers(t *testing.T, first, last int) string {
	var lns []net.Listener
	var ps []string
	for i := first; i <= last; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		ps = append(ps, fmt.Sprintf("%d=%s", i, ln.Addr()))
	}
	for _, ln := range lns {
		ln.Close()
	}
	return strings.Join(ps, ",")
}

// start runs one node; it is killed at the end of the test.
func start(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	c := exec.Command(glue(t), args...)
	c.Stderr = os.Stderr
	t.Cleanup(func() {
		if c.Process != nil && c.ProcessState == nil {
			c.Process.Kill()
			c.Wait()
		}
	})
	return c
}

// waitExit waits for c to exit 0.
func waitExit(t *testing.T, c *exec.Cmd, what string, d time.Duration) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(d):
		t.Fatalf("%s did not finish", what)
	}
}

// PGo's lock service: the server and 3 clients as OS processes; each client takes the lock once,
// and the clients' ENTER/EXIT log (appended at the commits of hasLock) never has two holders.
func TestLocksvcProcesses(t *testing.T) {
	ps := peers(t, 0, 3)
	log := filepath.Join(t.TempDir(), "cs.log")
	srv := start(t, "-sys", "locksvc", "-id", "0", "-peers", ps)
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	var clients []*exec.Cmd
	for i := 1; i <= 3; i++ {
		c := start(t, "-sys", "locksvc", "-id", fmt.Sprint(i), "-peers", ps, "-cslog", log)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		clients = append(clients, c)
	}
	for i, c := range clients {
		waitExit(t, c, fmt.Sprintf("client %d", i+1), 60*time.Second)
	}
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	holder, entered := "", map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		what, id, _ := strings.Cut(l, " ")
		switch {
		case what == "ENTER" && holder == "" && !entered[id]:
			holder, entered[id] = id, true
		case what == "EXIT" && holder == id:
			holder = ""
		default:
			t.Fatalf("log line %q with holder %q:\n%s", l, holder, b)
		}
	}
	if len(entered) != 3 || holder != "" {
		t.Fatalf("entered %v, holder %q:\n%s", entered, holder, b)
	}
}

// PGo's distributed queue: the producer streams 1..20 to 2 consumer processes on request; every
// item is processed exactly once.
func TestDqueueProcesses(t *testing.T) {
	const items = 20
	ps := peers(t, 0, 2)
	prod := start(t, "-sys", "dqueue", "-id", "0", "-peers", ps, "-items", fmt.Sprint(items))
	if err := prod.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 2*items)
	for i := 1; i <= 2; i++ {
		c := start(t, "-sys", "dqueue", "-id", fmt.Sprint(i), "-peers", ps)
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
		}()
	}
	seen := map[int]int{}
	timeout := time.After(60 * time.Second)
	for n := 0; n < items; n++ {
		select {
		case l := <-lines:
			var v int
			if _, err := fmt.Sscanf(l, "ITEM %d", &v); err != nil || v < 1 || v > items {
				t.Fatalf("consumer printed %q", l)
			}
			seen[v]++
			if seen[v] > 1 {
				t.Fatalf("item %d processed twice", v)
			}
		case <-timeout:
			t.Fatalf("processed %v of 1..%d", seen, items)
		}
	}
	select {
	case l := <-lines:
		t.Fatalf("extra output %q after every item was processed", l)
	case <-time.After(200 * time.Millisecond):
	}
}

// PGo's G-counter: 3 node processes each increment once and wait until their replica counts 3
// (the replicas converge through gossip).
func TestGCounterProcesses(t *testing.T) {
	ps := peers(t, 1, 3)
	outs := make([]io.ReadCloser, 3)
	var cs []*exec.Cmd
	for i := 1; i <= 3; i++ {
		c := start(t, "-sys", "gcounter", "-id", fmt.Sprint(i), "-peers", ps, "-linger", "1s")
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		outs[i-1] = out
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	for i, c := range cs {
		b, _ := io.ReadAll(outs[i])
		waitExit(t, c, fmt.Sprintf("node %d", i+1), 60*time.Second)
		var id, v int
		if _, err := fmt.Sscanf(string(b), "CONVERGED %d %d", &id, &v); err != nil || id != i+1 || v != 3 {
			t.Fatalf("node %d printed %q", i+1, b)
		}
	}
}

// PGo's shopping cart: 2 node processes take add/remove requests on stdin; node 1 adds 1 and 2
// and removes 2, node 2 adds 3; both replicas converge to {"1", "3"}.
func TestShopcartProcesses(t *testing.T) {
	ps := peers(t, 1, 2)
	reqs := []string{"add 1\nadd 2\nremove 2\n", "add 3\n"}
	lasts := make([]chan string, 2)
	for i := 1; i <= 2; i++ {
		c := start(t, "-sys", "shopcart", "-id", fmt.Sprint(i), "-peers", ps)
		c.Stdin = strings.NewReader(reqs[i-1])
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		ch := make(chan string, 64)
		lasts[i-1] = ch
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				ch <- sc.Text()
			}
		}()
	}
	want := `CART {"1", "3"}`
	got := []string{"", ""}
	deadline := time.After(60 * time.Second)
	for got[0] != want || got[1] != want {
		select {
		case l := <-lasts[0]:
			got[0] = l
		case l := <-lasts[1]:
			got[1] = l
		case <-deadline:
			t.Fatalf("carts %q and %q, want %q", got[0], got[1], want)
		}
		for _, g := range got {
			if strings.HasPrefix(g, "ERROR") {
				t.Fatal(g)
			}
		}
	}
}

func TestGlueRejectsBadFlags(t *testing.T) {
	ps := peers(t, 0, 2)
	for _, args := range [][]string{
		{"-sys", "locksvc", "-id", "5", "-peers", ps},
		{"-sys", "nosuch", "-id", "0", "-peers", ps},
		{"-sys", "gcounter", "-id", "1", "-peers", ps}, // gcounter nodes are 1..n, 0 is listed
		{"-sys", "dqueue", "-id", "0"},
		{"-sys", "dqueue", "-id", "0", "-peers", ps, "-buffer", "0"},
	} {
		out, err := exec.Command(glue(t), args...).CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 2 || strings.Count(strings.TrimSpace(string(out)), "\n") != 0 {
			t.Errorf("%v: exit %v, output %q; want exit 2 and one line", args, err, out)
		}
	}
}
