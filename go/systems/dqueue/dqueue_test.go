package dqueue_test

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

// A producer and 3 consumers as OS processes over loopback TCP: every item 1..Items is consumed
// exactly once (TCP mailboxes deliver each committed message once, aborted steps send nothing).
func TestProcessesConsumeEachItemOnce(t *testing.T) {
	const consumers, items = 3, 30
	bin := filepath.Join(t.TempDir(), "dqueue")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/dqueue").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var lns []net.Listener
	var peers []string
	for i := 0; i <= consumers; i++ {
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
	common := []string{"-peers", strings.Join(peers, ","), "-consumers", fmt.Sprint(consumers), "-items", fmt.Sprint(items)}
	var procs []*exec.Cmd
	defer func() {
		for _, p := range procs {
			p.Process.Kill()
			p.Wait()
		}
	}()
	start := func(args ...string) *exec.Cmd {
		c := exec.Command(bin, append(args, common...)...)
		c.Stderr = os.Stderr
		return c
	}
	prod := start("-role", "producer", "-id", "0")
	if err := prod.Start(); err != nil {
		t.Fatal(err)
	}
	procs = append(procs, prod)
	var mu sync.Mutex
	seen := map[string][]string{}
	total := 0
	got := make(chan struct{}, items*2)
	for i := 1; i <= consumers; i++ {
		c := start("-role", "consumer", "-id", fmt.Sprint(i))
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		procs = append(procs, c)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				f := strings.Fields(sc.Text())
				if len(f) == 3 && f[0] == "CONSUMED" {
					mu.Lock()
					seen[f[2]] = append(seen[f[2]], f[1])
					total++
					mu.Unlock()
					got <- struct{}{}
				}
			}
		}()
	}
	deadline := time.After(60 * time.Second)
	for n := 0; n < items; n++ {
		select {
		case <-got:
		case <-deadline:
			t.Fatalf("only %d of %d items consumed", n, items)
		}
	}
	time.Sleep(300 * time.Millisecond) // a duplicate would show up here
	mu.Lock()
	defer mu.Unlock()
	if total != items {
		t.Fatalf("%d items consumed, want %d: %v", total, items, seen)
	}
	by := map[string]int{}
	for i := 1; i <= items; i++ {
		who := seen[fmt.Sprint(i)]
		if len(who) != 1 {
			t.Fatalf("item %d consumed by %v", i, who)
		}
		by[who[0]]++
	}
	t.Logf("items per consumer: %v", by)
}
