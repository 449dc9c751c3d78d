package distsys

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/veriforge/veriforge/go/distsys/tla"
)

func TestPersistentLocalSurvivesReopen(t *testing.T) {
	dir := t.TempDir()
	s, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPersistentLocal(s, "log", tla.MakeTuple())
	if err != nil {
		t.Fatal(err)
	}
	_ = p.Write(tla.MakeTuple(I(1)))
	p.Abort() // never saved
	s2, _ := OpenFileStore(dir)
	if q, _ := NewPersistentLocal(s2, "log", I(7)); !q.Value().Equal(I(7)) {
		t.Fatalf("aborted write persisted: %v", q.Value())
	}
	_ = p.Write(tla.MakeTuple(I(1), I(2)))
	if err := p.Commit(); err != nil {
		t.Fatal(err)
	}
	q, err := NewPersistentLocal(s2, "log", I(7))
	if err != nil || !q.Value().Equal(tla.MakeTuple(I(1), I(2))) {
		t.Fatalf("after reopen: %v %v", q.Value(), err)
	}
	// a corrupt file is an error, not a silent default
	if err := os.WriteFile(filepath.Join(dir, "bad.tla"), []byte{9, 9}, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewPersistentLocal(s2, "bad", I(0)); err == nil {
		t.Fatal("corrupt state accepted")
	}
	if _, err := NewPersistentLocal(s2, "../escape", I(0)); err == nil {
		t.Fatal("key escaping the directory accepted")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Fatalf("temporary files left behind: %v", ents)
	}
}
