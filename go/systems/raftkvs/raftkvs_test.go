package raftkvs_test

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/internal/sysglue"
	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

func freeAddrs(t *testing.T, n int) []string {
	t.Helper()
	var lns []net.Listener
	var out []string
	for i := 0; i < n; i++ {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		out = append(out, ln.Addr().String())
	}
	for _, ln := range lns {
		ln.Close()
	}
	return out
}

// configText is a PGo-format config; serverAddr(i) is the address under which this config's
// reader reaches server i (its own listening address for server i itself).
func configText(servers int, serverAddr func(i int) string, clientAddrs []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `numServers: %d
numClients: %d
debug: false
persist: true
clientRequestTimeout: 500ms
fd:
  pullInterval: 100ms
  timeout: 100ms
mailboxes:
  receiveChanSize: 10000
  dialTimeout: 200ms
  readTimeout: 20ms
  writeTimeout: 500ms
leaderElection:
  timeout: 500ms
  timeoutOffset: 500ms
appendEntriesSendInterval: 20ms
sharedResourceTimeout: 5ms
inputChanReadTimeout: 5ms
servers:
`, servers, len(clientAddrs))
	for i := 1; i <= servers; i++ {
		fmt.Fprintf(&b, "  %d:\n    mailboxAddr: %q\n    monitorAddr: \"127.0.0.1:1\"\n", i, serverAddr(i))
	}
	b.WriteString("clients:\n")
	for i, a := range clientAddrs {
		fmt.Fprintf(&b, "  %d:\n    mailboxAddr: %q\n", i+1, a)
	}
	return b.String()
}

func writeFile(t *testing.T, p, text string) string {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// writeConfig writes a PGo-format config for servers and clients on free loopback ports.
func writeConfig(t *testing.T, dir string, servers, clients int) string {
	t.Helper()
	addrs := freeAddrs(t, servers+clients)
	return writeFile(t, filepath.Join(dir, "cluster.yaml"), configText(servers, func(i int) string { return addrs[i-1] }, addrs[servers:]))
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

func buildServer(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "raftkvs-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "raftkvs")
		if out, err := exec.Command("go", "build", "-o", binPath, "./cmd/raftkvs").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

type serverStatus struct {
	term, commit, log, leader int64
	state                     string
	at                        time.Time
}

// cluster runs server processes of one config and tracks their STATUS lines.
type cluster struct {
	t        *testing.T
	bin      string
	cfgPath  string
	cfgFor   map[int]string // a server's own config, when it differs (partition tests)
	dir      string
	mu       sync.Mutex
	procs    map[int]*exec.Cmd
	done     map[int]chan struct{}
	status   map[int]serverStatus
	restored map[int]serverStatus // the RESTORED line of each server's latest start
}

func newCluster(t *testing.T, servers, clients int) (*cluster, *raftkvs.Config) {
	dir := t.TempDir()
	c := &cluster{t: t, bin: buildServer(t), dir: dir, procs: map[int]*exec.Cmd{}, done: map[int]chan struct{}{}, status: map[int]serverStatus{}, restored: map[int]serverStatus{}}
	c.cfgPath = writeConfig(t, dir, servers, clients)
	cfg, err := raftkvs.LoadConfig(c.cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.mu.Lock()
		ids := make([]int, 0, len(c.procs))
		for id := range c.procs {
			ids = append(ids, id)
		}
		c.mu.Unlock()
		for _, id := range ids {
			c.kill(id)
		}
	})
	return c, cfg
}

func (c *cluster) start(id int) {
	c.t.Helper()
	cfg := c.cfgPath
	if p, ok := c.cfgFor[id]; ok {
		cfg = p
	}
	cmd := exec.Command(c.bin, "-srvId", fmt.Sprint(id), "-c", cfg, "-data", filepath.Join(c.dir, fmt.Sprintf("data-%d", id)), "-status", "50ms")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		c.t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	done := make(chan struct{})
	c.mu.Lock()
	c.procs[id], c.done[id] = cmd, done
	delete(c.status, id)
	delete(c.restored, id)
	c.mu.Unlock()
	go func() {
		defer close(done)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			var s serverStatus
			var sid int
			if n, _ := fmt.Sscanf(sc.Text(), "RESTORED id=%d term=%d log=%d", &sid, &s.term, &s.log); n == 3 && sid == id {
				c.mu.Lock()
				if c.procs[id] == cmd {
					c.restored[id] = s
				}
				c.mu.Unlock()
			}
			if n, _ := fmt.Sscanf(sc.Text(), "STATUS id=%d term=%d state=%s commit=%d log=%d leader=%d", &sid, &s.term, &s.state, &s.commit, &s.log, &s.leader); n == 6 && sid == id {
				s.at = time.Now()
				c.mu.Lock()
				if c.procs[id] == cmd {
					c.status[id] = s
				}
				c.mu.Unlock()
			}
		}
	}()
}

// kill sends SIGKILL (no chance to flush or close anything) and waits for the process.
func (c *cluster) kill(id int) {
	c.mu.Lock()
	cmd, done := c.procs[id], c.done[id]
	delete(c.procs, id)
	delete(c.status, id)
	c.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Kill()
	<-done
	_ = cmd.Wait()
}

// fresh returns the live servers' statuses reported in the last second.
func (c *cluster) fresh() map[int]serverStatus {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[int]serverStatus{}
	for id, s := range c.status {
		if time.Since(s.at) < time.Second {
			out[id] = s
		}
	}
	return out
}

// leader waits for a live server that reports itself leader in the highest term.
func (c *cluster) leader(timeout time.Duration) int {
	c.t.Helper()
	end := time.Now().Add(timeout)
	for time.Now().Before(end) {
		best, bestTerm := 0, int64(-1)
		for id, s := range c.fresh() {
			if s.state == "leader" && s.term > bestTerm {
				best, bestTerm = id, s.term
			}
		}
		if best != 0 {
			return best
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.t.Fatalf("no leader within %v (statuses %v)", timeout, c.fresh())
	return 0
}

// restartAndCatchUp restarts a killed server on its data directory: its RESTORED line must show
// at least minLog log entries read back from disk, and its commit index must then reach the
// highest commit index the live servers reported before the restart.
func (c *cluster) restartAndCatchUp(id int, minLog int64) {
	t := c.t
	t.Helper()
	target := int64(0)
	for _, s := range c.fresh() {
		if s.commit > target {
			target = s.commit
		}
	}
	c.start(id)
	end := time.Now().Add(20 * time.Second)
	for {
		c.mu.Lock()
		r, ok := c.restored[id]
		c.mu.Unlock()
		if ok {
			if r.log < minLog {
				t.Fatalf("restarted server %d restored a log of %d entries, want at least %d", id, r.log, minLog)
			}
			t.Logf("server %d restored term %d and %d log entries from disk", id, r.term, r.log)
			break
		}
		if time.Now().After(end) {
			t.Fatalf("restarted server %d printed no RESTORED line", id)
		}
		time.Sleep(10 * time.Millisecond)
	}
	for {
		s, ok := c.fresh()[id]
		if ok && s.commit >= target && s.log >= target {
			t.Logf("restarted server %d caught up: commit %d, log %d (target %d), term %d", id, s.commit, s.log, target, s.term)
			return
		}
		if time.Now().After(end) {
			t.Fatalf("restarted server %d did not catch up to commit index %d: %+v", id, target, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// workload runs ops operations on each client concurrently: puts of unique values to the
// client's own keys, gets of any key. It returns how many operations were acknowledged.
type workload struct {
	h       *history
	clients []*raftkvs.Client
	keys    []string
	seq     []int
	mu      sync.Mutex
	lastAck map[string]string   // key -> value of its last acknowledged put
	pending map[string][]string // key -> values of later puts with unknown outcome
	started int                 // operations started in the current phase
}

func (w *workload) ownKeys(ci int) []string {
	var ks []string
	for i, k := range w.keys {
		if i%len(w.clients) == ci {
			ks = append(ks, k)
		}
	}
	return ks
}

func (w *workload) run(t *testing.T, ops int, rng *rand.Rand) int {
	var wg sync.WaitGroup
	acked := make([]int, len(w.clients))
	seeds := make([]int64, len(w.clients))
	for i := range seeds {
		seeds[i] = rng.Int63()
	}
	for ci := range w.clients {
		ci := ci
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewSource(seeds[ci]))
			own := w.ownKeys(ci)
			for n := 0; n < ops; n++ {
				var in kvInput
				if n%2 == 0 {
					w.seq[ci]++
					in = kvInput{Put: true, Key: own[r.Intn(len(own))], Value: fmt.Sprintf("c%d-v%d", ci+1, w.seq[ci])}
				} else {
					in = kvInput{Key: w.keys[r.Intn(len(w.keys))]}
				}
				if w.do(ci, in) {
					acked[ci]++
				}
			}
		}()
	}
	wg.Wait()
	total := 0
	for _, a := range acked {
		total += a
	}
	return total
}

// runKilling runs the workload and calls kill while it is in flight (after the first few
// operations), so some requests are outstanding at the killed server.
func (w *workload) runKilling(t *testing.T, ops int, rng *rand.Rand, kill func()) int {
	w.mu.Lock()
	w.started = 0
	w.mu.Unlock()
	killed := make(chan struct{})
	go func() {
		defer close(killed)
		end := time.Now().Add(10 * time.Second)
		for time.Now().Before(end) {
			w.mu.Lock()
			n := w.started
			w.mu.Unlock()
			if n >= len(w.clients)*2 {
				break
			}
			time.Sleep(time.Millisecond)
		}
		kill()
	}()
	n := w.run(t, ops, rng)
	<-killed
	return n
}

func (w *workload) do(ci int, in kvInput) bool {
	cl := w.clients[ci]
	w.mu.Lock()
	w.started++
	w.mu.Unlock()
	call := w.h.now()
	var out kvOutput
	var err error
	if in.Put {
		err = cl.Put(in.Key, in.Value, 8*time.Second)
	} else {
		out.Value, out.Found, err = cl.Get(in.Key, 8*time.Second)
	}
	if err != nil {
		if !errors.Is(err, raftkvs.ErrTimeout) {
			panic(err)
		}
		out = kvOutput{Unknown: true}
	}
	w.h.add(ci, in, call, out)
	if in.Put {
		w.mu.Lock()
		if out.Unknown {
			w.pending[in.Key] = append(w.pending[in.Key], in.Value)
		} else {
			w.lastAck[in.Key], w.pending[in.Key] = in.Value, nil
		}
		w.mu.Unlock()
	}
	return !out.Unknown
}

// A 3-node Raft KV as OS processes on loopback: serve puts and gets; SIGKILL the leader while
// requests are in flight and keep serving; restart the killed server from its data directory, wait
// until it has caught up, then SIGKILL a follower (again mid-workload) so that the restarted one
// is needed for every quorum, and keep serving; restart that follower from its data directory, wait
// until it has caught up, and serve with all three.
// Every acknowledged put must be read back at the end, and the whole client history (3 clients,
// concurrent) must be linearizable (porcupine).
func TestClusterSurvivesLeaderKillAndFollowerRestart(t *testing.T) {
	const servers, nclients, ops = 3, 3, 16
	c, cfg := newCluster(t, servers, nclients)
	for id := 1; id <= servers; id++ {
		c.start(id)
	}
	w := newWorkload(t, cfg, nclients)
	rng := rand.New(rand.NewSource(1))
	first := c.leader(20 * time.Second)
	n := w.run(t, ops, rng)
	t.Logf("phase 1: %d of %d operations acknowledged", n, nclients*ops)
	if n < nclients*ops/2 {
		t.Fatalf("phase 1 (all up): only %d of %d operations acknowledged", n, nclients*ops)
	}
	n1 := n
	// Kill the leader.
	victim := c.leader(5 * time.Second)
	t.Logf("phase 1 done (first leader %d); SIGKILL leader %d", first, victim)
	n = w.runKilling(t, ops, rng, func() { c.kill(victim) })
	t.Logf("phase 2: %d of %d operations acknowledged", n, nclients*ops)
	if n < nclients*ops/2 {
		t.Fatalf("phase 2 (leader %d killed): only %d of %d operations acknowledged", victim, n, nclients*ops)
	}
	second := c.leader(5 * time.Second)
	if second == victim {
		t.Fatalf("killed server %d still leads", victim)
	}
	// Restart the killed server from its persisted state: it must catch up to the cluster's commit
	// index (its log comes back from disk and the leader's AppendEntries fill the rest). It led
	// phase 1, so its log held every phase-1 operation (a leader appends and persists an entry
	// before replicating it).
	c.restartAndCatchUp(victim, int64(n1))
	// Kill a follower other than the restarted server: from now on every quorum includes the
	// restarted server.
	lead := c.leader(5 * time.Second)
	other := 0
	for id := 1; id <= servers; id++ {
		if id != victim && id != lead {
			other = id
		}
	}
	before, ok := c.fresh()[other]
	if !ok {
		t.Fatalf("no status from server %d", other)
	}
	t.Logf("SIGKILL follower %d (log %d); leader %d and the restarted %d remain", other, before.log, lead, victim)
	n = w.runKilling(t, ops, rng, func() { c.kill(other) })
	t.Logf("phase 3: %d of %d operations acknowledged", n, nclients*ops)
	if n < nclients*ops/2 {
		t.Fatalf("phase 3 (server %d killed, %d restarted): only %d of %d operations acknowledged", other, victim, n, nclients*ops)
	}
	// Restart that follower from its persisted state (at least the log it reported before phase 3:
	// an entry is in the status once its step committed, and the kill came operations later) and
	// let it catch up; then all three serve again.
	c.restartAndCatchUp(other, before.log)
	n = w.run(t, ops, rng)
	t.Logf("phase 4: %d of %d operations acknowledged", n, nclients*ops)
	if n < nclients*ops/2 {
		t.Fatalf("phase 4 (all up again): only %d of %d operations acknowledged", n, nclients*ops)
	}
	w.checkFinal(t)
}

// checkFinal reads every key: each must hold its last acknowledged put (or a later put whose
// outcome is unknown); then the whole history must be linearizable.
func (w *workload) checkFinal(t *testing.T) {
	t.Helper()
	for _, k := range w.keys {
		call := w.h.now()
		v, found, err := w.clients[0].Get(k, 10*time.Second)
		if err != nil {
			t.Fatalf("final get %s: %v", k, err)
		}
		w.h.add(0, kvInput{Key: k}, call, kvOutput{Value: v, Found: found})
		w.mu.Lock()
		want, acked := w.lastAck[k]
		allowed := append([]string{want}, w.pending[k]...)
		w.mu.Unlock()
		if !acked {
			continue
		}
		okv := false
		for _, a := range allowed {
			okv = okv || (found && v == a)
		}
		if !okv {
			t.Fatalf("key %s: read %q (found %v), but the last acknowledged put wrote %q (later unknown: %v)", k, v, found, want, allowed[1:])
		}
	}
	w.h.check(t)
}

func newWorkload(t *testing.T, cfg *raftkvs.Config, nclients int) *workload {
	w := &workload{h: newHistory(), keys: []string{"a", "b", "c", "d", "e", "f"}, seq: make([]int, nclients),
		lastAck: map[string]string{}, pending: map[string][]string{}}
	for i := 1; i <= nclients; i++ {
		cl, err := raftkvs.NewClient(cfg, i)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cl.Close() })
		w.clients = append(w.clients, cl)
	}
	return w
}

// Five servers tolerate two failures: SIGKILL the leader and a follower while requests are in
// flight; the other three elect a leader and keep serving, and the history stays linearizable.
func TestFiveNodesSurviveTwoKills(t *testing.T) {
	const servers, nclients, ops = 5, 2, 12
	c, cfg := newCluster(t, servers, nclients)
	for id := 1; id <= servers; id++ {
		c.start(id)
	}
	w := newWorkload(t, cfg, nclients)
	rng := rand.New(rand.NewSource(2))
	c.leader(20 * time.Second)
	n := w.run(t, ops, rng)
	t.Logf("phase 1: %d of %d operations acknowledged", n, nclients*ops)
	if n < nclients*ops/2 {
		t.Fatalf("phase 1 (all up): only %d of %d operations acknowledged", n, nclients*ops)
	}
	lead := c.leader(5 * time.Second)
	follower := lead%servers + 1
	t.Logf("SIGKILL leader %d and follower %d", lead, follower)
	n = w.runKilling(t, ops, rng, func() { c.kill(lead); c.kill(follower) })
	t.Logf("phase 2: %d of %d operations acknowledged", n, nclients*ops)
	if n < nclients*ops/2 {
		t.Fatalf("phase 2 (2 of 5 killed): only %d of %d operations acknowledged", n, nclients*ops)
	}
	if now := c.leader(5 * time.Second); now == lead || now == follower {
		t.Fatalf("a killed server (%d) still leads", now)
	}
	w.checkFinal(t)
}

func TestLoadConfigErrorsHavePositions(t *testing.T) {
	dir := t.TempDir()
	good := writeConfig(t, dir, 3, 1)
	if _, err := raftkvs.LoadConfig(good); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(good)
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"unknown field", "debug: false", "debug: false\nbogus: 1", ":4:1: field bogus not found"},
		{"bad duration", "clientRequestTimeout: 500ms", "clientRequestTimeout: soon", ":5:1: cannot unmarshal"},
		{"missing server", "numServers: 3", "numServers: 4", "server 4 (of numServers = 4) has no mailboxAddr"},
		{"zero interval", "appendEntriesSendInterval: 20ms", "appendEntriesSendInterval: 0s", "appendEntriesSendInterval must be a positive duration"},
		{"syntax", "fd:\n", "fd: [\n", "cluster-bad.yaml:"},
	} {
		p := filepath.Join(dir, "cluster-bad.yaml")
		if err := os.WriteFile(p, []byte(strings.Replace(string(src), tc.from, tc.to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := raftkvs.LoadConfig(p)
		var ce *sysglue.ConfigError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), p+":") {
			t.Errorf("%s: got %v, want a ConfigError containing %q", tc.name, err, tc.want)
		}
	}
}

func TestCommandRejectsBadInvocations(t *testing.T) {
	bin := buildServer(t)
	dir := t.TempDir()
	cfg := writeConfig(t, dir, 3, 1)
	bad := filepath.Join(dir, "bad.yaml")
	_ = os.WriteFile(bad, []byte("numServers: [\n"), 0o644)
	for _, args := range [][]string{
		{"-srvId", "1"},
		{"-srvId", "4", "-c", cfg},
		{"-clientId", "2", "-c", cfg},
		{"-srvId", "1", "-clientId", "1", "-c", cfg},
		{"-srvId", "1", "-c", bad},
		{"-srvId", "1", "-c", filepath.Join(dir, "missing.yaml")},
	} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 || strings.Count(strings.TrimSpace(string(out)), "\n") != 0 || len(out) == 0 {
			t.Errorf("%v: exit %v, output %q; want exit 2 and one line", args, err, out)
		}
	}
}

// A client that disappears with a request in the log must not stall the cluster: the leader
// commits the entry later and cannot deliver the answer (the client is gone); it must drop it and
// go on committing other clients' requests.
func TestLeaderSurvivesVanishedClient(t *testing.T) {
	const servers = 3
	c, cfg := newCluster(t, servers, 2)
	for id := 1; id <= servers; id++ {
		c.start(id)
	}
	lead := c.leader(20 * time.Second)
	gone, err := raftkvs.NewClient(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := gone.Put("k", "v0", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	// Without a quorum the next put cannot commit; its client then vanishes.
	var down []int
	for id := 1; id <= servers; id++ {
		if id != lead {
			c.kill(id)
			down = append(down, id)
		}
	}
	if err := gone.Put("k", "v1", time.Second); err == nil {
		t.Fatal("a put without a quorum was acknowledged")
	}
	gone.Close()
	for _, id := range down {
		c.start(id)
	}
	other, err := raftkvs.NewClient(cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := other.Put("k", "v2", 20*time.Second); err != nil {
		t.Fatalf("the cluster stalled after client 1 vanished: %v", err)
	}
	v, ok, err := other.Get("k", 20*time.Second)
	if err != nil || !ok || v != "v2" {
		t.Fatalf("get k = %q %v %v, want v2", v, ok, err)
	}
}
