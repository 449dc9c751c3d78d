package distsys

import (
	"encoding/binary"
	"io"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

// countingConn counts the Write calls on a connection.
type countingConn struct {
	net.Conn
	writes atomic.Int32
}

func (c *countingConn) Write(b []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(b)
}

// A burst of frames that arrives together (here five data frames and their commit frame in one
// write) is acknowledged with one write, acknowledgements in order; a frame that arrives alone
// is acknowledged at once (no acknowledgement waits for a frame that has not arrived).
func TestTCPAcksOfABurstCoalesce(t *testing.T) {
	m, err := ListenTCPMailboxes(tla.MakeInt(1), "127.0.0.1:0", func(tla.Value) (string, error) { return "", io.EOF }, TCPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	srv, cli := net.Pipe()
	cc := &countingConn{Conn: srv}
	m.wg.Add(1)
	go m.serve(cc)
	defer cli.Close()
	snd := &tcpSender{session: 42}
	var burst []byte
	for i := uint64(1); i <= 5; i++ {
		v := tla.MakeInt(int64(i))
		burst = append(burst, snd.frame(frameData, i, &v)...)
	}
	burst = append(burst, snd.frame(frameCommit, 5, nil)...)
	cli.SetDeadline(time.Now().Add(5 * time.Second))
	go func() { _, _ = cli.Write(burst) }()
	acks := make([]byte, 8*6)
	if _, err := io.ReadFull(cli, acks); err != nil {
		t.Fatalf("reading the burst's acknowledgements: %v", err)
	}
	for i, want := range []uint64{1, 2, 3, 4, 5, 5} {
		if got := binary.BigEndian.Uint64(acks[8*i:]); got != want {
			t.Fatalf("acknowledgement %d is %d, want %d", i, got, want)
		}
	}
	if w := cc.writes.Load(); w != 1 {
		t.Fatalf("the burst's 6 acknowledgements took %d writes, want 1", w)
	}
	if n := m.Pending(); n != 5 {
		t.Fatalf("%d messages readable after the commit frame, want 5", n)
	}
	// one frame alone: acknowledged without waiting for more
	v := tla.MakeInt(6)
	go func() { _, _ = cli.Write(snd.frame(frameData, 6, &v)) }()
	if _, err := io.ReadFull(cli, acks[:8]); err != nil || binary.BigEndian.Uint64(acks) != 6 {
		t.Fatalf("a lone frame's acknowledgement: %v %d", err, binary.BigEndian.Uint64(acks))
	}
	if n := m.Pending(); n != 5 {
		t.Fatalf("an uncommitted data frame became readable (%d messages)", n)
	}
}
