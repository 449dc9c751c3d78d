package sysglue

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"
)

// KVClient is a key-value client of a replicated store (the raftkvs and raftres clients).
type KVClient interface {
	Put(key, value string, timeout time.Duration) error
	Get(key string, timeout time.Duration) (value string, ok bool, err error)
}

// ServeKVCommands reads "put KEY VALUE" / "get KEY" lines from in and writes one answer line
// per command to out: "OK", "VALUE v", "NOTFOUND" or "ERROR ..." (blank lines are ignored).
func ServeKVCommands(c KVClient, in io.Reader, out io.Writer, timeout time.Duration) error {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 0:
		case f[0] == "put" && len(f) == 3:
			if err := c.Put(f[1], f[2], timeout); err != nil {
				fmt.Fprintln(out, "ERROR", err)
			} else {
				fmt.Fprintln(out, "OK")
			}
		case f[0] == "get" && len(f) == 2:
			v, ok, err := c.Get(f[1], timeout)
			switch {
			case err != nil:
				fmt.Fprintln(out, "ERROR", err)
			case ok:
				fmt.Fprintln(out, "VALUE", v)
			default:
				fmt.Fprintln(out, "NOTFOUND")
			}
		default:
			fmt.Fprintf(out, "ERROR bad command %q (put KEY VALUE | get KEY)\n", sc.Text())
		}
	}
	return sc.Err()
}
