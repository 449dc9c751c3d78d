package sysglue

import (
	"errors"
	"strings"
	"testing"
	"time"
)

type mapKV struct{ m map[string]string }

func (k *mapKV) Put(key, value string, _ time.Duration) error {
	if key == "fail" {
		return errors.New("no leader")
	}
	k.m[key] = value
	return nil
}

func (k *mapKV) Get(key string, _ time.Duration) (string, bool, error) {
	v, ok := k.m[key]
	return v, ok, nil
}

func TestServeKVCommandsAnswersEachLine(t *testing.T) {
	in := "put a 1\n\nget a\nget b\nput fail x\nput a\ndelete a\n"
	var out strings.Builder
	if err := ServeKVCommands(&mapKV{m: map[string]string{}}, strings.NewReader(in), &out, time.Second); err != nil {
		t.Fatal(err)
	}
	want := "OK\nVALUE 1\nNOTFOUND\nERROR no leader\n" +
		"ERROR bad command \"put a\" (put KEY VALUE | get KEY)\n" +
		"ERROR bad command \"delete a\" (put KEY VALUE | get KEY)\n"
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
}
