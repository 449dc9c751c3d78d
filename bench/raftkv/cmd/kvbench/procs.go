package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Every process the bench starts is registered here and SIGKILLed on exit (also on SIGINT/SIGTERM
// of the bench, see main); Pdeathsig kills it if the bench itself dies.
var registry = struct {
	sync.Mutex
	procs map[*proc]bool
}{procs: map[*proc]bool{}}

type proc struct {
	cmd  *exec.Cmd
	done chan struct{}
}

// startProc runs bin with args; its stdout lines go to onLine (if not nil), and both streams to log.
func startProc(bin string, args []string, log io.Writer, onLine func(string)) (*proc, error) {
	cmd := exec.Command(bin, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	cmd.Stderr = log
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	registry.Lock()
	registry.procs[p] = true
	registry.Unlock()
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			if onLine != nil {
				onLine(sc.Text())
			}
			fmt.Fprintln(log, sc.Text())
		}
		_ = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// kill sends SIGKILL and waits (at most 10 s) for the process to be gone.
func (p *proc) kill() {
	if p == nil {
		return
	}
	_ = p.cmd.Process.Kill()
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
	}
	registry.Lock()
	delete(registry.procs, p)
	registry.Unlock()
}

func killAll() {
	registry.Lock()
	ps := make([]*proc, 0, len(registry.procs))
	for p := range registry.procs {
		ps = append(ps, p)
	}
	registry.Unlock()
	for _, p := range ps {
		p.kill()
	}
}

// freeAddrs finds n free loopback ports below the kernel's ephemeral range. Ports in that range
// can be taken, after a node is killed, by an outgoing connection of a peer or proxy redialing it
// (up to a TCP self-connect to the dead port), and the node could not listen again on restart.
func freeAddrs(n int) ([]string, error) {
	lo := 32768
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(b)); len(f) == 2 {
			if v, err := strconv.Atoi(f[0]); err == nil {
				lo = v
			}
		}
	}
	base := 10000
	if lo-base < 2000 {
		base = 1024
	}
	var lns []net.Listener
	defer func() {
		for _, ln := range lns {
			ln.Close()
		}
	}()
	var out []string
	for tries := 0; len(out) < n && tries < 100*n+1000; tries++ {
		port := base + rand.Intn(lo-base)
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			continue
		}
		lns = append(lns, ln)
		out = append(out, ln.Addr().String())
	}
	if len(out) < n {
		return nil, fmt.Errorf("found only %d of %d free loopback ports below %d", len(out), n, lo)
	}
	return out, nil
}

func logFile(path string) *os.File {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return os.Stderr
	}
	return f
}
