package raftres_test

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

	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/systems/raftres"
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

func writeConfig(t *testing.T, servers, clients int) string {
	ports := freePorts(t, 3*servers+clients)
	var b strings.Builder
	fmt.Fprintf(&b, `numServers: %d
numClients: %d
debug: false
clientRequestTimeout: 500ms
fd:
  pullInterval: 50ms
  timeout: 50ms
mailboxes:
  receiveChanSize: 10000
  dialTimeout: 200ms
  readTimeout: 20ms
  writeTimeout: 500ms
leaderElection:
  timeout: 300ms
  timeoutOffset: 300ms
appendEntriesSendInterval: 20ms
sharedResourceTimeout: 5ms
inputChanReadTimeout: 5ms
servers:
`, servers, clients)
	for i := 1; i <= servers; i++ {
		fmt.Fprintf(&b, "  %d:\n    raftAddr: %q\n    kvAddr: %q\n    monitorAddr: %q\n", i, ports[0], ports[1], ports[2])
		ports = ports[3:]
	}
	b.WriteString("clients:\n")
	for i := 1; i <= clients; i++ {
		fmt.Fprintf(&b, "  %d:\n    mailboxAddr: %q\n", i, ports[0])
		ports = ports[1:]
	}
	path := filepath.Join(t.TempDir(), "raftres.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestConfigIDs(t *testing.T) {
	cfg, err := raftres.LoadConfig(writeConfig(t, 3, 2))
	if err != nil {
		t.Fatal(err)
	}
	// kv ids: servers 7N+1..8N, clients 9N+1..9N+M; raft ids 1..N.
	if a, err := cfg.KVAddr(tla.MakeInt(cfg.KVServerID(2))); err != nil || a != cfg.Servers[2].KVAddr {
		t.Fatal(a, err)
	}
	if a, err := cfg.KVAddr(tla.MakeInt(cfg.ClientSelf(2))); err != nil || a != cfg.Clients[2].MailboxAddr || cfg.ClientSelf(2) != 29 {
		t.Fatal(a, err)
	}
	if a, err := cfg.RaftAddr(tla.MakeInt(3)); err != nil || a != cfg.Servers[3].RaftAddr {
		t.Fatal(a, err)
	}
	for _, bad := range []int64{0, 4, 21, 25, 30} {
		if _, err := cfg.KVAddr(tla.MakeInt(bad)); err == nil {
			t.Errorf("kv id %d resolved", bad)
		}
	}
}

func buildGlue(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "raftres")
	out, err := exec.Command("go", "build", "-o", bin, "./cmd/raftres").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// status tracks the latest STATUS line of each server.
type status struct {
	mu     sync.Mutex
	leader map[int]string // id -> "term state"
}

func (s *status) watch(id int, r io.Reader) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		var sid, term, commit, logLen, leader int
		var state string
		if n, _ := fmt.Sscanf(sc.Text(), "STATUS id=%d term=%d state=%s commit=%d log=%d leader=%d", &sid, &term, &state, &commit, &logLen, &leader); n == 6 {
			s.mu.Lock()
			s.leader[id] = fmt.Sprintf("%d %s", term, state)
			s.mu.Unlock()
		}
	}
}

// currentLeader is the server reporting state leader with the highest term, or 0.
func (s *status) currentLeader() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	best, bestTerm := 0, -1
	for id, ts := range s.leader {
		var term int
		var state string
		fmt.Sscanf(ts, "%d %s", &term, &state)
		if state == "leader" && term > bestTerm {
			best, bestTerm = id, term
		}
	}
	return best
}

// Three servers (raft + kv each) and a client as separate processes on loopback TCP: puts and
// gets go through the raft log; after the leader is killed the remaining two elect a new one and
// the client gets every acknowledged put back and can put again (with the model's semantics: a
// put never overwrites, see below).
func TestProcessesLeaderKill(t *testing.T) {
	bin := buildGlue(t)
	cfg := writeConfig(t, 3, 1)
	st := &status{leader: map[int]string{}}
	procs := map[int]*exec.Cmd{}
	for i := 1; i <= 3; i++ {
		c := exec.Command(bin, "-srvId", fmt.Sprint(i), "-c", cfg, "-status", "20ms")
		c.Stderr = os.Stderr
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		go st.watch(i, out)
		t.Cleanup(func() {
			c.Process.Kill()
			c.Wait()
		})
		procs[i] = c
	}
	cc := exec.Command(bin, "-clientId", "1", "-c", cfg, "-timeout", "20s")
	cc.Stderr = os.Stderr
	in, _ := cc.StdinPipe()
	outp, _ := cc.StdoutPipe()
	if err := cc.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cc.Process.Kill()
		cc.Wait()
	})
	rd := bufio.NewReader(outp)
	expect := func(cmd, want string) {
		t.Helper()
		fmt.Fprintln(in, cmd)
		line := make(chan string, 1)
		go func() {
			l, _ := rd.ReadString('\n')
			line <- strings.TrimSpace(l)
		}()
		select {
		case got := <-line:
			if got != want {
				t.Fatalf("%s: got %q, want %q", cmd, got, want)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: no answer", cmd)
		}
	}
	expect("get a", "NOTFOUND")
	expect("put a 1", "OK")
	expect("put b 2", "OK")
	expect("get a", "VALUE 1")
	leader := st.currentLeader()
	if leader == 0 {
		t.Fatal("requests were served but no server reports being leader")
	}
	procs[leader].Process.Kill()
	procs[leader].Wait()
	expect("get a", "VALUE 1")
	expect("get b", "VALUE 2")
	expect("put c 3", "OK")
	expect("get c", "VALUE 3")
	// The model's state machine applies a put as sm := sm @@ (key :> value), and @@ keeps the
	// left function's value: a put to a key that exists is acknowledged but changes nothing.
	expect("put a 9", "OK")
	expect("get a", "VALUE 1")
	deadline := time.Now().Add(5 * time.Second)
	for {
		if l := st.currentLeader(); l != 0 && l != leader {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no new leader reported after killing %d", leader)
		}
		time.Sleep(20 * time.Millisecond)
	}
	in.Close()
}

func TestGlueRejectsBadFlags(t *testing.T) {
	bin := buildGlue(t)
	cfg := writeConfig(t, 1, 1)
	for _, args := range [][]string{
		{"-srvId", "1"},
		{"-srvId", "2", "-c", cfg},
		{"-clientId", "2", "-c", cfg},
		{"-srvId", "1", "-clientId", "1", "-c", cfg},
		{"-check", "-c", filepath.Join(t.TempDir(), "missing.yaml")},
	} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 2 || strings.Count(strings.TrimSpace(string(out)), "\n") != 0 {
			t.Errorf("%v: exit %v, output %q; want exit 2 and one line", args, err, out)
		}
	}
}
