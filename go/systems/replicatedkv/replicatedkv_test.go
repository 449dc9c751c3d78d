package replicatedkv_test

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
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
	bin := filepath.Join(t.TempDir(), "replicatedkv")
	out, err := exec.Command("go", "build", "-o", bin, "./cmd/replicatedkv").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// prefixConsistent reports whether every sequence is a prefix of the longest one.
func prefixConsistent(seqs [][]string) bool {
	var longest []string
	for _, s := range seqs {
		if len(s) > len(longest) {
			longest = s
		}
	}
	for _, s := range seqs {
		for i := range s {
			if s[i] != longest[i] {
				return false
			}
		}
	}
	return true
}

func TestPrefixConsistent(t *testing.T) {
	if !prefixConsistent([][]string{{"a", "b"}, {"a"}, {"a", "b", "c"}}) {
		t.Fatal("prefixes rejected")
	}
	if prefixConsistent([][]string{{"a", "b"}, {"b", "a"}}) {
		t.Fatal("different orders accepted")
	}
}

// Three replicas and two clients as separate processes on loopback TCP; both clients put their
// own value under the same key and read it concurrently. Every replica applies the same puts in
// the same order (their logs are prefixes of one another), each applied at least the puts the
// clients saw completed (a put completes when every replica answered), and every get returns
// the initial value or a value some client put.
func TestProcessesReplicasAgree(t *testing.T) {
	const replicas, clients, ops = 3, 2, 8
	bin := buildGlue(t)
	ids := []int{}
	for r := 0; r < replicas; r++ {
		ids = append(ids, r)
	}
	for c := replicas; c < replicas+clients; c++ {
		ids = append(ids, c, c+clients)
	}
	var peers []string
	for i, a := range freePorts(t, len(ids)) {
		peers = append(peers, fmt.Sprintf("%d=%s", ids[i], a))
	}
	common := []string{"-peers", strings.Join(peers, ","), "-replicas", fmt.Sprint(replicas), "-clients", fmt.Sprint(clients)}
	var reps []*exec.Cmd
	var outs []*bytes.Buffer
	for r := 0; r < replicas; r++ {
		c := exec.Command(bin, append([]string{"-role", "replica", "-id", fmt.Sprint(r)}, common...)...)
		out := &bytes.Buffer{}
		c.Stdout, c.Stderr = out, os.Stderr
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			c.Process.Kill()
			c.Wait()
		})
		reps, outs = append(reps, c), append(outs, out)
	}
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	var mu sync.Mutex
	completed := 0
	for c := replicas; c < replicas+clients; c++ {
		cmd := exec.Command(bin, append([]string{"-role", "client", "-id", fmt.Sprint(c), "-ops", fmt.Sprint(ops)}, common...)...)
		cmd.Stderr = os.Stderr
		wg.Add(1)
		go func() {
			defer wg.Done()
			timer := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
			defer timer.Stop()
			out, err := cmd.Output()
			if err != nil {
				errs <- fmt.Errorf("client: %v (output %q)", err, out)
				return
			}
			gets, puts := 0, 0
			for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				switch {
				case l == "PUT":
					puts++
				case strings.HasPrefix(l, "GET "):
					v, err := strconv.Unquote(strings.TrimPrefix(l, "GET "))
					if err != nil || (v != "" && !(strings.HasPrefix(v, "c") && len(v) > 1)) {
						errs <- fmt.Errorf("get returned %q, which nobody put", l)
						return
					}
					gets++
				default:
					errs <- fmt.Errorf("client line %q", l)
					return
				}
			}
			if gets != ops || puts != ops {
				errs <- fmt.Errorf("client finished with %d gets, %d puts; want %d each", gets, puts, ops)
				return
			}
			mu.Lock()
			completed += puts
			mu.Unlock()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var logs [][]string
	for i, r := range reps {
		r.Process.Signal(syscall.SIGTERM)
		r.Wait()
		var log []string
		for _, l := range strings.Split(strings.TrimSpace(outs[i].String()), "\n") {
			if l != "" {
				log = append(log, l)
			}
		}
		if len(log) < completed {
			t.Fatalf("replica %d applied %d puts, but %d completed", i, len(log), completed)
		}
		logs = append(logs, log)
	}
	if !prefixConsistent(logs) {
		t.Fatalf("replicas applied puts in different orders:\n%q", logs)
	}
	t.Logf("%d puts completed; replicas applied %d/%d/%d in the same order", completed, len(logs[0]), len(logs[1]), len(logs[2]))
}

func TestGlueRejectsBadFlags(t *testing.T) {
	bin := buildGlue(t)
	for _, args := range [][]string{
		{"-role", "replica", "-id", "0"},
		{"-role", "replica", "-id", "5", "-peers", "5=127.0.0.1:0"},
		{"-role", "client", "-id", "0", "-peers", "0=127.0.0.1:0"},
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
