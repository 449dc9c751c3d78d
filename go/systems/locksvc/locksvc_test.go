package locksvc_test

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
	"github.com/veriforge/veriforge/go/systems/locksvc"
)

// checkExclusion checks that a log of "ENTER id" / "EXIT id" lines alternates ENTER x, EXIT x
// and returns how many times each client entered.
func checkExclusion(lines []string) (map[string]int, error) {
	entered := map[string]int{}
	holder := ""
	for i, l := range lines {
		what, id, ok := strings.Cut(l, " ")
		if !ok {
			return nil, fmt.Errorf("line %d: %q", i+1, l)
		}
		switch what {
		case "ENTER":
			if holder != "" {
				return nil, fmt.Errorf("line %d: client %s enters while %s holds the lock", i+1, id, holder)
			}
			holder = id
			entered[id]++
		case "EXIT":
			if holder != id {
				return nil, fmt.Errorf("line %d: client %s exits but the holder is %q", i+1, id, holder)
			}
			holder = ""
		default:
			return nil, fmt.Errorf("line %d: %q", i+1, l)
		}
	}
	if holder != "" {
		return nil, fmt.Errorf("client %s never exits", holder)
	}
	return entered, nil
}

func TestCheckExclusionDetectsOverlap(t *testing.T) {
	if _, err := checkExclusion([]string{"ENTER 1", "ENTER 2", "EXIT 1", "EXIT 2"}); err == nil {
		t.Fatal("overlap not detected")
	}
	if _, err := checkExclusion([]string{"ENTER 1", "EXIT 2"}); err == nil {
		t.Fatal("wrong exit not detected")
	}
	got, err := checkExclusion([]string{"ENTER 1", "EXIT 1", "ENTER 2", "EXIT 2", "ENTER 1", "EXIT 1"})
	if err != nil || got["1"] != 2 || got["2"] != 1 {
		t.Fatal(got, err)
	}
}

// In one process with in-memory mailboxes: every client gets the lock Rounds times, never two
// at once, and the server's queue ends empty.
func TestInMemory(t *testing.T) {
	const clients, rounds = 4, 5
	k := &distsys.Constants{Values: map[string]tla.Value{"NumClients": tla.MakeInt(clients), "Rounds": tla.MakeInt(rounds)}}
	netw := distsys.NewInMemoryNetwork()
	var mu sync.Mutex
	var log []string
	srv := distsys.NewContext(locksvc.ALockServer, locksvc.Server(k), distsys.WithConstants(k),
		distsys.WithResource("net", netw.Mailboxes(locksvc.Server(k), 5*time.Millisecond)))
	srvDone := make(chan error, 1)
	go func() { srvDone <- srv.Run() }()
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	for _, id := range locksvc.Clients(k).Elements() {
		id := id
		inCS := distsys.NewIndexed(func(i tla.Value) (distsys.Resource, error) {
			return distsys.NewObservedLocal(tla.False, func(_, now tla.Value) {
				mu.Lock()
				defer mu.Unlock()
				if now.AsBool() {
					log = append(log, fmt.Sprintf("ENTER %v", i))
				} else {
					log = append(log, fmt.Sprintf("EXIT %v", i))
				}
			}), nil
		})
		c := distsys.NewContext(locksvc.ALockClient, id, distsys.WithConstants(k),
			distsys.WithResource("net", netw.Mailboxes(id, 5*time.Millisecond)), distsys.WithResource("inCS", inCS))
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- c.Run()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		if w, _ := srv.LocalValue("waiting"); w.Equal(tla.MakeTuple()) && netw.Pending(locksvc.Server(k)) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("server did not drain its queue")
		}
		time.Sleep(5 * time.Millisecond)
	}
	srv.Stop()
	if err := <-srvDone; err != distsys.ErrStopped {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	entered, err := checkExclusion(log)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= clients; i++ {
		if entered[fmt.Sprint(i)] != rounds {
			t.Fatalf("client %d entered %d times, want %d", i, entered[fmt.Sprint(i)], rounds)
		}
	}
}

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
	bin := filepath.Join(t.TempDir(), "locksvc")
	out, err := exec.Command("go", "build", "-o", bin, "./cmd/locksvc").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// The server and every client as separate OS processes on loopback TCP.
func TestProcessesMutualExclusion(t *testing.T) {
	const clients, rounds = 4, 5
	bin := buildGlue(t)
	addrs := freePorts(t, clients+1)
	var peers []string
	for i, a := range addrs {
		peers = append(peers, fmt.Sprintf("%d=%s", i, a))
	}
	common := []string{"-peers", strings.Join(peers, ","), "-clients", fmt.Sprint(clients), "-rounds", fmt.Sprint(rounds)}
	cslog := filepath.Join(t.TempDir(), "cs.log")
	server := exec.Command(bin, append([]string{"-role", "server", "-id", "0"}, common...)...)
	server.Stderr = os.Stderr
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		server.Process.Kill()
		server.Wait()
	}()
	var procs []*exec.Cmd
	for i := 1; i <= clients; i++ {
		c := exec.Command(bin, append([]string{"-role", "client", "-id", fmt.Sprint(i), "-cslog", cslog}, common...)...)
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		procs = append(procs, c)
	}
	done := make(chan error, len(procs))
	for _, p := range procs {
		p := p
		go func() { done <- p.Wait() }()
	}
	timeout := time.After(90 * time.Second)
	for range procs {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("client: %v", err)
			}
		case <-timeout:
			for _, p := range procs {
				p.Process.Kill()
			}
			t.Fatal("clients did not finish")
		}
	}
	f, err := os.Open(cslog)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	entered, err := checkExclusion(lines)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= clients; i++ {
		if entered[fmt.Sprint(i)] != rounds {
			t.Fatalf("client %d entered %d times, want %d", i, entered[fmt.Sprint(i)], rounds)
		}
	}
	t.Logf("%d critical sections by %d client processes, mutually exclusive", len(lines)/2, clients)
}

func TestGlueRejectsBadConfig(t *testing.T) {
	bin := buildGlue(t)
	for _, args := range [][]string{
		{"-role", "server", "-id", "0"},
		{"-role", "client", "-id", "7", "-peers", "7=127.0.0.1:1", "-clients", "2"},
		{"-role", "server", "-id", "1", "-peers", "1=127.0.0.1:0"},
		{"-role", "wizard", "-id", "0", "-peers", "0=127.0.0.1:0"},
		{"-role", "client", "-id", "1", "-peers", "1:127.0.0.1:0"},
	} {
		cmd := exec.Command(bin, args...)
		out, err := cmd.CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 2 || strings.Count(strings.TrimSpace(string(out)), "\n") != 0 {
			t.Errorf("%v: exit %v, output %q; want exit 2 and one line", args, err, out)
		}
	}
}
