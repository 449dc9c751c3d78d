// Command profreport reads the step profiles a run wrote with VERIFORGE_PROFILE=dir (see
// go/distsys/prof.go) and prints (1) per archetype label: steps, attempts, and where the time of
// a step went (blocked, idle, code, per-resource reads/writes, pre-commit and commit), and (2) for
// request/response systems, per-request hop times: each request step's message is followed to the
// step that read it, the replication step after it, the replica's step, the acknowledgement, and
// back to the response read by the client (medians over requests, with p10/p90).
//
//	profreport [-req sndReq] [-resp rcvResp] [-repl appendEntriesLoop] dir
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/veriforge/veriforge/go/distsys"
)

// step is one line of a profile file: a committed step (distsys.ProfStep) or an fsync/mark line.
type step struct {
	distsys.ProfStep
	Fsync string `json:"fsync"`
	Mark  string `json:"mark"`
	T     int64  `json:"t"`
	D     int64  `json:"d"`
}

func main() {
	req := flag.String("req", "sndReq", "label of the client step that sends a request")
	resp := flag.String("resp", "rcvResp", "label of the client step that reads the response")
	repl := flag.String("repl", "appendEntriesLoop", "label of the leader's step that replicates")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: profreport [-req L] [-resp L] [-repl L] dir")
		os.Exit(2)
	}
	files, _ := filepath.Glob(filepath.Join(flag.Arg(0), "prof-*.jsonl"))
	var steps, marks []*step
	fsyncs := map[string][]float64{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var s step
			if json.Unmarshal(sc.Bytes(), &s) != nil {
				continue // a line cut by a SIGKILL
			}
			if s.Mark != "" {
				marks = append(marks, &s)
				continue
			}
			if s.Fsync != "" {
				k := s.Fsync
				if strings.HasPrefix(k, "store:") {
					k = "store"
				}
				fsyncs[k] = append(fsyncs[k], float64(s.D))
				continue
			}
			steps = append(steps, &s)
		}
		fh.Close()
	}
	sort.Slice(steps, func(i, j int) bool { return steps[i].T1 < steps[j].T1 })
	labels(steps)
	fmt.Println("\nfsync (us): kind count p50 p90")
	for k, ds := range fsyncs {
		fmt.Printf("  %-12s %6d %8.0f %8.0f\n", k, len(ds), q(ds, .5)/1e3, q(ds, .9)/1e3)
	}
	sort.Slice(marks, func(i, j int) bool { return marks[i].T < marks[j].T })
	hops(steps, marks, *req, *resp, *repl)
}

func q(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	ys := append([]float64(nil), xs...)
	sort.Float64s(ys)
	return ys[int(p*float64(len(ys)-1)+0.5)]
}

func labels(steps []*step) {
	type agg struct {
		n, att                  int
		blk, idle, exec, pc, cm float64
		rw, pcs, cms            map[string]float64
	}
	m := map[string]*agg{}
	for _, s := range steps {
		k := s.A + "." + s.L
		a := m[k]
		if a == nil {
			a = &agg{rw: map[string]float64{}, pcs: map[string]float64{}, cms: map[string]float64{}}
			m[k] = a
		}
		a.n++
		a.att += s.N
		a.blk += float64(s.Blk)
		a.idle += float64(s.Idle)
		a.exec += float64(s.Exec)
		for r, d := range s.Rw {
			a.rw[r] += float64(d)
		}
		for r, d := range s.Pc {
			a.pc += float64(d)
			a.pcs[r] += float64(d)
		}
		for r, d := range s.Cm {
			a.cm += float64(d)
			a.cms[r] += float64(d)
		}
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println("per label (means per committed step, us): steps attempts/step blocked idle code precommit commit | top reads/writes | top pre-commit+commit")
	top := topN
	for _, k := range keys {
		a := m[k]
		n := float64(a.n)
		both := map[string]float64{}
		for r, d := range a.pcs {
			both["pc:"+r] += d
		}
		for r, d := range a.cms {
			both["cm:"+r] += d
		}
		fmt.Printf("  %-46s %7d %5.2f %8.0f %8.0f %7.0f %7.0f %7.0f | %s | %s\n", k, a.n, float64(a.att)/n, a.blk/n/1e3, a.idle/n/1e3,
			a.exec/n/1e3, a.pc/n/1e3, a.cm/n/1e3, top(a.rw, a.n), top(both, a.n))
	}
}

// reader finds the first step that read message h queued at or after t (another process's or not).
type index map[string][]*step

func (ix index) reader(h string, t int64) (*step, int64) {
	var best *step
	var at int64
	for _, s := range ix[h] {
		for _, m := range s.In {
			if m.H == h && m.At >= t && (best == nil || m.At < at) {
				best, at = s, m.At
			}
		}
	}
	return best, at
}

func hops(steps, marks []*step, reqL, respL, replL string) {
	// glue marks per client instance, in time order
	markIx := map[string][]*step{}
	for _, m := range marks {
		k := fmt.Sprint(m.Pid, m.S)
		markIx[k] = append(markIx[k], m)
	}
	// lastBefore / firstAfter: the instance's glue mark of a kind nearest to t (0 if none)
	lastBefore := func(k, kind string, t int64) int64 {
		var r int64
		for _, m := range markIx[k] {
			if m.T > t {
				break
			}
			if m.Mark == kind {
				r = m.T
			}
		}
		return r
	}
	firstAfter := func(k, kind string, t int64) int64 {
		for _, m := range markIx[k] {
			if m.T >= t && m.Mark == kind {
				return m.T
			}
		}
		return 0
	}
	ix := index{}
	next := map[*step]*step{} // the same instance's next committed step
	prev := map[*step]*step{}
	last := map[string]*step{}
	for _, s := range steps {
		seen := map[string]bool{}
		for _, m := range s.In {
			if !seen[m.H] {
				ix[m.H] = append(ix[m.H], s)
				seen[m.H] = true
			}
		}
		k := fmt.Sprint(s.Pid, s.A, s.S)
		if p := last[k]; p != nil {
			next[p], prev[s] = s, p
		}
		last[k] = s
	}
	names := []string{
		"client glue: call -> hand-off",
		"client: hand-off -> request step commit",
		"request commit -> queued at leader",
		"leader: queued -> receive step commit",
		"leader: -> handling step start",
		"leader: handling step (start -> commit)",
		"leader: handled -> replication step start",
		"leader: replication step (start -> commit)",
		"replication commit -> queued at follower",
		"follower: queued -> receive step commit",
		"follower: -> handling step start",
		"follower: handling step (start -> commit)",
		"follower commit -> ack queued at leader",
		"leader: ack queued -> receive step commit",
		"leader: -> ack handling step start",
		"leader: ack handling step (start -> commit)",
		"leader: ack handled -> reply step start",
		"leader: reply step (start -> commit)",
		"reply commit -> queued at client",
		"client: queued -> response step commit",
		"client glue: response step commit -> return",
		"total: call -> return (hand-off -> commit without glue marks)",
	}
	var rows [][]float64
	var miss [4]int
	roles := map[string][]*step{}
	roleNames := []string{"1 client request", "2 leader receive", "3 leader handling", "4 replication", "5 follower receive", "6 follower handling", "7 leader ack receive", "8 leader ack handling", "9 reply"}
	for _, c1 := range steps {
		if c1.L != reqL || len(c1.Out) == 0 {
			continue
		}
		// the hand-off: the earliest input queued for the steps since the last response
		hand := c1.Tf
		for s := c1; s != nil && (s == c1 || s.L != respL); s = prev[s] {
			for _, m := range s.In {
				if m.At > 0 && m.At < hand {
					hand = m.At
				}
			}
		}
		L1, lat := ix.reader(c1.Out[0], c1.Tf)
		if L1 == nil || L1.Pid == c1.Pid || next[L1] == nil {
			miss[0]++
			continue
		}
		LH := next[L1]
		// the replication steps of the leader after the request was handled, each to one
		// follower; the first acknowledgement handled back counts (a quorum of 3 nodes)
		var fat, aat int64
		var ae, f1, fh, a1, ah *step
		tried := 0
		for _, s := range steps {
			if tried == 4 {
				break
			}
			if s.Pid != L1.Pid || s.L != replL || s.T1 <= LH.T1 || len(s.Out) == 0 {
				continue
			}
			tried++
			f, at1 := ix.reader(s.Out[0], s.Tf)
			if f == nil || next[f] == nil {
				continue
			}
			h := next[f]
			for _, o := range h.Out {
				a, at2 := ix.reader(o, h.Tf)
				if a != nil && a.Pid == L1.Pid && next[a] != nil && (ah == nil || next[a].T1 < ah.T1) {
					ae, f1, fh, a1, ah = s, f, h, a, next[a]
					fat, aat = at1, at2
				}
			}
		}
		single := false
		if ah == nil {
			if tried > 0 {
				miss[1]++
				continue
			}
			// no replication step sent anything after the request: a single node; the
			// replication hops are 0 and the reply follows the request's handling
			single = true
			zero := &step{ProfStep: distsys.ProfStep{Pid: LH.Pid, Tf: LH.T1, T1: LH.T1, A: "-", L: "-"}}
			ae, f1, fh, a1, ah, fat, aat = zero, zero, zero, zero, zero, LH.T1, LH.T1
		}
		// the response: the client's next response step; its message back to the leader's step
		var rs *step
		for s := next[c1]; s != nil; s = next[s] {
			if s.L == respL {
				rs = s
				break
			}
		}
		if rs == nil || len(rs.In) == 0 {
			miss[2]++
			continue
		}
		var ap *step
		for _, s := range steps {
			if s.Pid != L1.Pid || s.Tf > rs.In[0].At {
				continue
			}
			for _, h := range s.Out {
				if h == rs.In[0].H && (ap == nil || s.T1 > ap.T1) {
					ap = s
				}
			}
		}
		if ap == nil || ap.T1 < ah.T1 && !single {
			miss[3]++
			continue
		}
		rat := rs.In[0].At
		k := fmt.Sprint(c1.Pid, c1.S)
		call, ret := lastBefore(k, "call", hand), firstAfter(k, "return", rs.T1)
		if call == 0 || ret == 0 {
			call, ret = hand, rs.T1
		}
		row := []float64{
			float64(hand - call), float64(c1.T1 - hand), float64(lat - c1.T1), float64(L1.T1 - lat), float64(LH.Tf - L1.T1), float64(LH.T1 - LH.Tf),
			float64(ae.Tf - LH.T1), float64(ae.T1 - ae.Tf), float64(fat - ae.T1), float64(f1.T1 - fat),
			float64(fh.Tf - f1.T1), float64(fh.T1 - fh.Tf), float64(aat - fh.T1), float64(a1.T1 - aat),
			float64(ah.Tf - a1.T1), float64(ah.T1 - ah.Tf), float64(ap.Tf - ah.T1), float64(ap.T1 - ap.Tf),
			float64(rat - ap.T1), float64(rs.T1 - rat), float64(ret - rs.T1), float64(ret - call),
		}
		rows = append(rows, row)
		for i, st := range []*step{c1, L1, LH, ae, f1, fh, a1, ah, ap} {
			if st.A != "-" {
				roles[roleNames[i]] = append(roles[roleNames[i]], st)
			}
		}
	}
	fmt.Printf("\nper-request hops (us; %d requests followed; not followed: %v):\n", len(rows), miss)
	if len(rows) == 0 {
		return
	}
	fmt.Printf("  %-52s %8s %8s %8s\n", "hop", "mean", "p50", "p90")
	for i, n := range names {
		col := make([]float64, len(rows))
		mean := 0.0
		for j, r := range rows {
			col[j] = r[i]
			mean += r[i] / float64(len(rows))
		}
		fmt.Printf("  %-52s %8.0f %8.0f %8.0f\n", n, mean/1e3, q(col, .5)/1e3, q(col, .9)/1e3)
	}
	fmt.Println("\nsteps on the request path (means, us): label attempts blocked code | reads/writes | pre-commit, commit")
	for _, r := range roleNames {
		l := roles[r]
		if len(l) == 0 {
			continue
		}
		n := float64(len(l))
		var att, blk, exec float64
		rw, pcm := map[string]float64{}, map[string]float64{}
		for _, st := range l {
			att += float64(st.N)
			blk += float64(st.Blk)
			exec += float64(st.Exec)
			for k, d := range st.Rw {
				rw[k] += float64(d)
			}
			for k, d := range st.Pc {
				pcm["pc:"+k] += float64(d)
			}
			for k, d := range st.Cm {
				pcm["cm:"+k] += float64(d)
			}
		}
		fmt.Printf("  %-22s %-28s %5.2f %7.0f %7.0f | %s | %s\n", r, l[0].A+"."+l[0].L, att/n, blk/n/1e3, exec/n/1e3, topN(rw, len(l)), topN(pcm, len(l)))
	}
}

// topN lists the three largest means (us, at least 5 us) of per-resource totals over n steps.
func topN(x map[string]float64, n int) string {
	type kv struct {
		k string
		v float64
	}
	var l []kv
	for k, v := range x {
		l = append(l, kv{k, v / float64(n)})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v || l[i].v == l[j].v && l[i].k < l[j].k })
	var out []string
	for i, e := range l {
		if i == 3 || e.v < 5e3 {
			break
		}
		out = append(out, fmt.Sprintf("%s %.0f", e.k, e.v/1e3))
	}
	return strings.Join(out, ", ")
}
