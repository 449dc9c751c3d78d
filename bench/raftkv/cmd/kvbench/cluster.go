package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"github.com/veriforge/veriforge/go/internal/ycsb"
	"github.com/veriforge/veriforge/go/systems/raftkvs"
)

// cluster is a running N-node store on loopback.
type cluster interface {
	name() string
	start() error                                    // all nodes, until a leader serves
	leader(timeout time.Duration) (int, error)       // the node that leads now
	kill(n int)                                      // SIGKILL node n
	restart(n int) error                             // start node n again on its data directory
	isolate(n int)                                   // cut node n from its peers (needs proxies)
	heal()                                           // remove every cut
	clients(first, n int) ([]ycsb.KV, func(), error) // n clients (ids first..first+n-1)
	stop()
}

// ---------------------------------------------------------------- our Raft KV

type raftCluster struct {
	bin, dir, profile string
	nodes, maxClients int
	proxied           bool
	opTimeout         time.Duration
	fab               *fabric
	clientCfg         string
	cfg               *raftkvs.Config
	mu                sync.Mutex
	procs             map[int]*proc
	status            map[int]rkStatus
}

type rkStatus struct {
	term  int64
	state string
	at    time.Time
}

// raftProfile is the config's timing: "pgo" is PGo's configs/local-3.yaml (the paper's setup);
// "slow" is our test config, robust on a loaded machine.
func raftProfile(profile string) (string, error) {
	switch profile {
	case "pgo":
		return `clientRequestTimeout: 1500ms
fd: {pullInterval: 200ms, timeout: 100ms}
mailboxes: {receiveChanSize: 10000, dialTimeout: 50ms, readTimeout: 50ms, writeTimeout: 50ms}
leaderElection: {timeout: 150ms, timeoutOffset: 150ms}
appendEntriesSendInterval: 2ms
sharedResourceTimeout: 3ms
inputChanReadTimeout: 5ms
`, nil
	case "slow":
		return `clientRequestTimeout: 500ms
fd: {pullInterval: 100ms, timeout: 100ms}
mailboxes: {receiveChanSize: 10000, dialTimeout: 200ms, readTimeout: 20ms, writeTimeout: 500ms}
leaderElection: {timeout: 500ms, timeoutOffset: 500ms}
appendEntriesSendInterval: 20ms
sharedResourceTimeout: 5ms
inputChanReadTimeout: 5ms
`, nil
	}
	return "", fmt.Errorf("raftkvs profile %q is not pgo or slow", profile)
}

func (c *raftCluster) name() string { return "raftkvs" }

func (c *raftCluster) start() error {
	timing, err := raftProfile(c.profile)
	if err != nil {
		return err
	}
	addrs, err := freeAddrs(c.nodes + c.maxClients)
	if err != nil {
		return err
	}
	c.procs, c.status = map[int]*proc{}, map[int]rkStatus{}
	c.fab = newFabric(c.nodes)
	write := func(path string, peer func(i int) string) error {
		var b strings.Builder
		fmt.Fprintf(&b, "numServers: %d\nnumClients: %d\ndebug: false\npersist: %v\nparallelLeaderFsync: %v\n%s", c.nodes, c.maxClients, *persist, *parFsync, timing)
		for _, l := range strings.Split(*rkExtra, ";") {
			if l = strings.TrimSpace(l); l != "" {
				b.WriteString(l + "\n")
			}
		}
		b.WriteString("servers:\n")
		for i := 1; i <= c.nodes; i++ {
			fmt.Fprintf(&b, "  %d:\n    mailboxAddr: %q\n    monitorAddr: \"127.0.0.1:1\"\n", i, peer(i))
		}
		b.WriteString("clients:\n")
		for i := 1; i <= c.maxClients; i++ {
			fmt.Fprintf(&b, "  %d:\n    mailboxAddr: %q\n", i, addrs[c.nodes+i-1])
		}
		return os.WriteFile(path, []byte(b.String()), 0o644)
	}
	c.clientCfg = filepath.Join(c.dir, "clients.yaml")
	if err := write(c.clientCfg, func(i int) string { return addrs[i-1] }); err != nil {
		return err
	}
	for s := 1; s <= c.nodes; s++ {
		peer := map[int]string{s: addrs[s-1]}
		for j := 1; j <= c.nodes; j++ {
			if j == s {
				continue
			}
			if c.proxied {
				p, err := c.fab.add(addrs[j-1], s, j)
				if err != nil {
					return err
				}
				peer[j] = p.addr
			} else {
				peer[j] = addrs[j-1]
			}
		}
		if err := write(filepath.Join(c.dir, fmt.Sprintf("server-%d.yaml", s)), func(i int) string { return peer[i] }); err != nil {
			return err
		}
	}
	if c.cfg, err = raftkvs.LoadConfig(c.clientCfg); err != nil {
		return err
	}
	for s := 1; s <= c.nodes; s++ {
		if err := c.restart(s); err != nil {
			return err
		}
	}
	if _, err := c.leader(30 * time.Second); err != nil {
		return err
	}
	return waitServing(c, 1, 30*time.Second)
}

func (c *raftCluster) restart(s int) error {
	c.fab.setDown(s, false)
	log := logFile(filepath.Join(c.dir, fmt.Sprintf("server-%d.log", s)))
	p, err := startProc(c.bin, []string{"-srvId", fmt.Sprint(s), "-c", filepath.Join(c.dir, fmt.Sprintf("server-%d.yaml", s)),
		"-data", filepath.Join(c.dir, fmt.Sprintf("data-%d", s)), "-status", "50ms"}, log, func(line string) {
		var st rkStatus
		var id, commit, logLen, leader int64
		if n, _ := fmt.Sscanf(line, "STATUS id=%d term=%d state=%s commit=%d log=%d leader=%d", &id, &st.term, &st.state, &commit, &logLen, &leader); n == 6 && int(id) == s {
			st.at = time.Now()
			c.mu.Lock()
			c.status[s] = st
			c.mu.Unlock()
		}
	})
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.procs[s] = p
	delete(c.status, s)
	c.mu.Unlock()
	// Up when it reports its status (it has restored its data and listens).
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		select {
		case <-p.done:
			return fmt.Errorf("raftkvs server %d exited at start (see %s)", s, filepath.Join(c.dir, fmt.Sprintf("server-%d.log", s)))
		default:
		}
		c.mu.Lock()
		_, up := c.status[s]
		c.mu.Unlock()
		if up {
			return nil
		}
	}
	return fmt.Errorf("raftkvs server %d: no status within 20 s", s)
}

// maxTerm is the highest Raft term any server reported (its status lines, every 50 ms): a rise
// during a run means elections (each candidacy takes a new term).
func (c *raftCluster) maxTerm() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	var m int64
	for _, s := range c.status {
		m = max(m, s.term)
	}
	return m
}

func (c *raftCluster) leader(timeout time.Duration) (int, error) {
	end := time.Now().Add(timeout)
	for time.Now().Before(end) {
		best, bestTerm := 0, int64(-1)
		c.mu.Lock()
		for id, s := range c.status {
			if c.procs[id] != nil && time.Since(s.at) < time.Second && s.state == "leader" && s.term > bestTerm {
				best, bestTerm = id, s.term
			}
		}
		c.mu.Unlock()
		if best != 0 {
			return best, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return 0, fmt.Errorf("raftkvs: no leader within %v", timeout)
}

func (c *raftCluster) kill(s int) {
	c.mu.Lock()
	p := c.procs[s]
	delete(c.procs, s)
	delete(c.status, s)
	c.mu.Unlock()
	p.kill()
	c.fab.setDown(s, true)
}

func (c *raftCluster) isolate(s int) { c.fab.isolate(s) }
func (c *raftCluster) heal()         { c.fab.heal() }

type raftKV struct {
	c       *raftkvs.Client
	timeout time.Duration
}

func (a raftKV) Get(k string) (string, bool, error) { return a.c.Get(k, a.timeout) }
func (a raftKV) Put(k, v string) error              { return a.c.Put(k, v, a.timeout) }

func (c *raftCluster) clients(first, n int) ([]ycsb.KV, func(), error) {
	var kvs []ycsb.KV
	var cs []*raftkvs.Client
	closeAll := func() {
		for _, cl := range cs {
			_ = cl.Close()
		}
	}
	if first+n-1 > c.maxClients {
		return nil, nil, fmt.Errorf("raftkvs: clients %d..%d, config has %d", first, first+n-1, c.maxClients)
	}
	for i := first; i < first+n; i++ {
		cl, err := raftkvs.NewClient(c.cfg, i)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		cs = append(cs, cl)
		kvs = append(kvs, raftKV{cl, c.opTimeout})
	}
	return kvs, closeAll, nil
}

func (c *raftCluster) stop() {
	c.mu.Lock()
	ids := make([]int, 0, len(c.procs))
	for id := range c.procs {
		ids = append(ids, id)
	}
	c.mu.Unlock()
	for _, id := range ids {
		c.kill(id)
	}
	if c.fab != nil {
		c.fab.close()
	}
}

// ---------------------------------------------------------------- etcd

type etcdCluster struct {
	bin, dir   string
	nodes      int
	proxied    bool
	opTimeout  time.Duration
	fab        *fabric
	clientURLs []string
	args       map[int][]string
	procs      map[int]*proc
	mu         sync.Mutex
	names      map[uint64]int // member id -> node
}

func (c *etcdCluster) name() string { return "etcd" }

func (c *etcdCluster) start() error {
	addrs, err := freeAddrs(2 * c.nodes)
	if err != nil {
		return err
	}
	c.fab = newFabric(c.nodes)
	c.procs, c.args, c.names = map[int]*proc{}, map[int][]string{}, map[uint64]int{}
	c.clientURLs = nil
	adv := make([]string, c.nodes+1)
	var initial []string
	for i := 1; i <= c.nodes; i++ {
		peer := addrs[c.nodes+i-1]
		adv[i] = peer
		if c.proxied {
			p, err := c.fab.add(peer, 0, i)
			if err != nil {
				return err
			}
			adv[i] = p.addr
		}
		initial = append(initial, fmt.Sprintf("n%d=http://%s", i, adv[i]))
		c.clientURLs = append(c.clientURLs, "http://"+addrs[i-1])
	}
	for i := 1; i <= c.nodes; i++ {
		c.args[i] = []string{"--name", fmt.Sprintf("n%d", i), "--data-dir", filepath.Join(c.dir, fmt.Sprintf("n%d.etcd", i)),
			"--listen-client-urls", c.clientURLs[i-1], "--advertise-client-urls", c.clientURLs[i-1],
			"--listen-peer-urls", "http://" + addrs[c.nodes+i-1], "--initial-advertise-peer-urls", "http://" + adv[i],
			"--initial-cluster", strings.Join(initial, ","), "--initial-cluster-token", "veriforge-bench",
			"--initial-cluster-state", "new", "--log-level", *etcdLog, "--logger", "zap"}
		if err := c.restart(i); err != nil {
			return err
		}
	}
	cli, err := clientv3.New(clientv3.Config{Endpoints: c.clientURLs, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		return err
	}
	defer cli.Close()
	end := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		ml, err := cli.MemberList(ctx)
		cancel()
		if err == nil && len(ml.Members) == c.nodes {
			c.mu.Lock()
			c.fab.mu.Lock()
			for _, m := range ml.Members {
				var n int
				if _, err := fmt.Sscanf(m.Name, "n%d", &n); err == nil {
					c.names[m.ID] = n
					c.fab.ids[fmt.Sprintf("%x", m.ID)] = n
				}
			}
			c.fab.mu.Unlock()
			c.mu.Unlock()
			if len(c.names) == c.nodes {
				break
			}
		}
		if time.Now().After(end) {
			return fmt.Errorf("etcd: members not all named within 30 s (%v)", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, err := c.leader(30 * time.Second); err != nil {
		return err
	}
	return waitServing(c, 1, 30*time.Second)
}

func (c *etcdCluster) restart(i int) error {
	c.fab.setDown(i, false)
	p, err := startProc(c.bin, c.args[i], logFile(filepath.Join(c.dir, fmt.Sprintf("n%d.log", i))), nil)
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.procs[i] = p
	c.mu.Unlock()
	// Up when its client port accepts connections.
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		select {
		case <-p.done:
			return fmt.Errorf("etcd member %d exited at start (see %s)", i, filepath.Join(c.dir, fmt.Sprintf("n%d.log", i)))
		default:
		}
		if conn, err := net.DialTimeout("tcp", strings.TrimPrefix(c.clientURLs[i-1], "http://"), 200*time.Millisecond); err == nil {
			conn.Close()
			return nil
		}
	}
	return fmt.Errorf("etcd member %d: client port not open within 20 s", i)
}

// leader asks every live member for its status: the leader is the member that reports itself
// leader in the highest term (an isolated old leader may still report itself leader).
func (c *etcdCluster) leader(timeout time.Duration) (int, error) {
	end := time.Now().Add(timeout)
	for time.Now().Before(end) {
		c.mu.Lock()
		var live []int
		for i := range c.procs {
			live = append(live, i)
		}
		c.mu.Unlock()
		best, bestTerm := 0, uint64(0)
		for _, i := range live {
			cli, err := clientv3.New(clientv3.Config{Endpoints: []string{c.clientURLs[i-1]}, DialTimeout: time.Second, Logger: zap.NewNop()})
			if err != nil {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			st, err := cli.Status(ctx, c.clientURLs[i-1])
			cancel()
			cli.Close()
			if err == nil && st.Leader != 0 && st.Leader == st.Header.MemberId && st.RaftTerm > bestTerm {
				c.mu.Lock()
				if n := c.names[st.Leader]; n != 0 {
					best, bestTerm = n, st.RaftTerm
				}
				c.mu.Unlock()
			}
		}
		if best != 0 {
			return best, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return 0, fmt.Errorf("etcd: no leader within %v", timeout)
}

func (c *etcdCluster) kill(i int) {
	c.mu.Lock()
	p := c.procs[i]
	delete(c.procs, i)
	c.mu.Unlock()
	p.kill()
	c.fab.setDown(i, true)
}

func (c *etcdCluster) isolate(i int) { c.fab.isolate(i) }
func (c *etcdCluster) heal()         { c.fab.heal() }

type etcdKV struct {
	cli     *clientv3.Client
	timeout time.Duration
}

func (a etcdKV) Get(k string) (string, bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
	defer cancel()
	r, err := a.cli.Get(ctx, k) // linearizable (etcd's default)
	if err != nil {
		return "", false, err
	}
	if len(r.Kvs) == 0 {
		return "", false, nil
	}
	return string(r.Kvs[0].Value), true, nil
}

func (a etcdKV) Put(k, v string) error {
	ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
	defer cancel()
	_, err := a.cli.Put(ctx, k, v)
	return err
}

// clients: one etcd client (one gRPC connection, all endpoints) per goroutine, as each of our
// clients has its own connections.
func (c *etcdCluster) clients(first, n int) ([]ycsb.KV, func(), error) {
	var kvs []ycsb.KV
	var cs []*clientv3.Client
	closeAll := func() {
		for _, cl := range cs {
			cl.Close()
		}
	}
	for i := 0; i < n; i++ {
		eps := append(append([]string(nil), c.clientURLs[i%len(c.clientURLs):]...), c.clientURLs[:i%len(c.clientURLs)]...)
		cl, err := clientv3.New(clientv3.Config{Endpoints: eps, DialTimeout: 5 * time.Second, Logger: zap.NewNop()})
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		cs = append(cs, cl)
		kvs = append(kvs, etcdKV{cl, c.opTimeout})
	}
	return kvs, closeAll, nil
}

func (c *etcdCluster) stop() {
	c.mu.Lock()
	ids := make([]int, 0, len(c.procs))
	for id := range c.procs {
		ids = append(ids, id)
	}
	c.mu.Unlock()
	for _, id := range ids {
		c.kill(id)
	}
	if c.fab != nil {
		c.fab.close()
	}
}

// waitServing waits until one put and one get succeed through a fresh client (client id id: it
// must not be in use).
func waitServing(c cluster, id int, timeout time.Duration) error {
	kvs, closeAll, err := c.clients(id, 1)
	if err != nil {
		return err
	}
	defer closeAll()
	end := time.Now().Add(timeout)
	var last error
	for time.Now().Before(end) {
		if last = kvs[0].Put("__ready", "1"); last == nil {
			if _, _, last = kvs[0].Get("__ready"); last == nil {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.Join(fmt.Errorf("%s: not serving within %v", c.name(), timeout), last)
}
