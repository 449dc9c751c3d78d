package shopcart_test

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
)

// Three cart replicas as OS processes, each applying its own requests: all replicas converge to
// the same cart, the one the requests determine ({milk, eggs, bread, tea}: jam is added and then
// removed by the node that added it; removing an element nobody added changes nothing).
func TestProcessesConverge(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "shopcart")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/shopcart").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ops := []string{"add:milk,add:eggs", "add:bread,remove:nothing,add:tea", "add:jam,remove:jam"}
	var lns []net.Listener
	var peers []string
	for i := 1; i <= len(ops); i++ {
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
	var mu sync.Mutex
	state := map[string]string{}
	for i, o := range ops {
		c := exec.Command(bin, "-id", fmt.Sprint(i+1), "-peers", strings.Join(peers, ","), "-ops", o)
		c.Stderr = os.Stderr
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() {
			c.Process.Kill()
			c.Wait()
		}()
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if id, set, ok := strings.Cut(strings.TrimPrefix(sc.Text(), "STATE "), " "); ok && strings.HasPrefix(sc.Text(), "STATE ") {
					mu.Lock()
					state[id] = set
					mu.Unlock()
				}
			}
		}()
	}
	want := `{"bread", "eggs", "milk", "tea"}`
	deadline := time.Now().Add(60 * time.Second)
	for {
		mu.Lock()
		ok := len(state) == 3 && state["1"] == want && state["2"] == want && state["3"] == want
		snapshot := fmt.Sprint(state)
		mu.Unlock()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("replicas did not converge to %s: %s", want, snapshot)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
