package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A synthetic 3-node request (times in µs): the report follows it by message hashes through the
// leader, both followers (the first acknowledgement counts) and back to the client.
func TestHopsFollowOneRequest(t *testing.T) {
	dir := t.TempDir()
	us := func(x int64) int64 { return x * 1000 }
	type m = map[string]any
	in := func(h string, at int64) []m { return []m{{"h": h, "at": us(at), "r": us(at) + 1}} }
	st := func(pid int, a, s, l string, tf, t1 int64, ins []m, outs ...string) m {
		return m{"pid": pid, "a": a, "s": s, "l": l, "t0": us(tf), "tf": us(tf), "t1": us(t1), "n": 1, "in": ins, "out": outs}
	}
	files := map[int][]m{
		1: { // client
			{"pid": 1, "mark": "call", "s": "19", "t": us(900)},
			st(1, "AClient", "19", "clientLoop", 990, 1010, in("req", 1000)),
			st(1, "AClient", "19", "sndReq", 1100, 1200, nil, "m1"),
			st(1, "AClient", "19", "rcvResp", 2995, 3100, in("m5", 2990)),
			{"pid": 1, "mark": "return", "s": "19", "t": us(3200)},
		},
		2: { // leader
			st(2, "AServer", "1", "serverLoop", 1260, 1300, in("m1", 1250)),
			st(2, "AServer", "1", "handleMsg", 1310, 1400, nil),
			st(2, "AServerAppendEntries", "7", "appendEntriesLoop", 1500, 1700, nil, "m2"),
			st(2, "AServerAppendEntries", "7", "appendEntriesLoop", 1710, 1800, nil, "m2b"),
			st(2, "AServer", "1", "serverLoop", 2560, 2600, in("m3", 2550)),
			st(2, "AServer", "1", "handleMsg", 2610, 2700, nil),
			st(2, "AServerAdvanceCommitIndex", "4", "applyLoop", 2800, 3000, nil, "m5"),
			st(2, "AServer", "1", "serverLoop", 3050, 3100, in("m3b", 3040)),
			st(2, "AServer", "1", "handleMsg", 3110, 3200, nil),
			{"pid": 2, "fsync": "seq-barrier", "t": us(1900), "d": us(450)},
		},
		3: { // the faster follower
			st(3, "AServer", "2", "serverLoop", 1700, 1750, in("m2", 1650)),
			st(3, "AServer", "2", "handleMsg", 1800, 2500, nil, "m3"),
		},
		4: { // the slower follower
			st(4, "AServer", "3", "serverLoop", 1800, 1850, in("m2b", 1790)),
			st(4, "AServer", "3", "handleMsg", 1860, 3000, nil, "m3b"),
		},
	}
	for pid, lines := range files {
		var b strings.Builder
		for _, l := range lines {
			j, _ := json.Marshal(l)
			b.Write(j)
			b.WriteByte('\n')
		}
		b.WriteString(`{"pid":` + "9" + `,"a":"cut`) // a line cut by a SIGKILL is skipped
		if err := os.WriteFile(filepath.Join(dir, "prof-"+string(rune('0'+pid))+".jsonl"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, w, _ := os.Pipe()
	old := os.Stdout
	os.Stdout = w
	os.Args = []string{"profreport", dir}
	main()
	os.Stdout = old
	w.Close()
	outb, _ := io.ReadAll(r)
	out := string(outb)
	want := map[string]string{
		"requests followed":                           "1 requests followed",
		"client glue: call -> hand-off":               "100",
		"leader: replication step (start -> commit)":  "200",
		"follower: handling step (start -> commit)":   "700", // the faster follower's
		"leader: ack handling step (start -> commit)": "90",
		"leader: reply step (start -> commit)":        "200",
		"client glue: response step commit -> return": "100",
		"total: call -> return":                       "2300",
	}
	for k, v := range want {
		re := regexp.MustCompile(regexp.QuoteMeta(k) + `.*?\s` + regexp.QuoteMeta(v) + `\b`)
		if k == "requests followed" {
			re = regexp.MustCompile(regexp.QuoteMeta(v))
		}
		if !re.MatchString(out) {
			t.Errorf("want %q with %s in:\n%s", k, v, out)
		}
	}
	if !strings.Contains(out, "seq-barrier") || !strings.Contains(out, "AServer.handleMsg") {
		t.Errorf("fsync or per-label lines missing:\n%s", out)
	}
}
