package durable_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// Kill -9 the counter half-way, restart it on the same state: it continues from its durable
// count (no count is printed twice) and ends at Target. Without the state directory's contents
// (a fresh directory) it would start from 1 again, which the same check rejects.
func TestDurableStateSurvivesKill(t *testing.T) {
	const target = 40
	bin := filepath.Join(t.TempDir(), "durable")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/durable").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	state := t.TempDir()
	run := func(killAfter int) []int {
		c := exec.Command(bin, "-state", state, "-target", strconv.Itoa(target), "-delay", "5ms")
		c.Stderr = os.Stderr
		out, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		var got []int
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			n, err := strconv.Atoi(strings.TrimPrefix(sc.Text(), "COUNT "))
			if err != nil {
				t.Fatalf("output %q", sc.Text())
			}
			got = append(got, n)
			if killAfter > 0 && len(got) == killAfter {
				c.Process.Signal(syscall.SIGKILL)
				break
			}
		}
		c.Wait()
		return got
	}
	first := run(15)
	second := run(0)
	all := append(append([]int(nil), first...), second...)
	if len(first) != 15 || len(second) == 0 || second[len(second)-1] != target {
		t.Fatalf("first run %v, second run %v", first, second)
	}
	for i := 1; i < len(all); i++ {
		if all[i] <= all[i-1] {
			t.Fatalf("count went from %d to %d across the restart: %v then %v", all[i-1], all[i], first, second)
		}
	}
}
