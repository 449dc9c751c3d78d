package raftkvs_test

import (
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/anishathalye/porcupine"
)

// kvInput / kvOutput are one operation of a client history, checked against a sequential
// key-value map with porcupine.
type kvInput struct {
	Put        bool
	Key, Value string
}

type kvOutput struct {
	Value   string
	Found   bool
	Unknown bool // timed out: the operation may or may not have taken effect
}

type kvState struct {
	Value string
	Found bool
}

var kvModel = porcupine.Model{
	Partition: func(h []porcupine.Operation) [][]porcupine.Operation {
		byKey := map[string][]porcupine.Operation{}
		for _, op := range h {
			k := op.Input.(kvInput).Key
			byKey[k] = append(byKey[k], op)
		}
		keys := make([]string, 0, len(byKey))
		for k := range byKey {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var out [][]porcupine.Operation
		for _, k := range keys {
			out = append(out, byKey[k])
		}
		return out
	},
	Init: func() interface{} { return kvState{} },
	Step: func(st, in, out interface{}) (bool, interface{}) {
		s, i, o := st.(kvState), in.(kvInput), out.(kvOutput)
		if i.Put {
			return true, kvState{Value: i.Value, Found: true}
		}
		if o.Unknown {
			return true, s
		}
		return o.Found == s.Found && o.Value == s.Value, s
	},
	DescribeOperation: func(in, out interface{}) string {
		i, o := in.(kvInput), out.(kvOutput)
		if i.Put {
			return fmt.Sprintf("put(%s, %s)", i.Key, i.Value)
		}
		return fmt.Sprintf("get(%s) -> %q %v", i.Key, o.Value, o.Found)
	},
}

// history records operations with monotonic invocation/response times; an operation with an
// unknown outcome gets response time "infinity" (porcupine's convention: it may take effect at
// any point after its invocation, or never).
type history struct {
	mu    sync.Mutex
	start time.Time
	ops   []porcupine.Operation
}

const never = int64(1) << 62

func newHistory() *history { return &history{start: time.Now()} }

func (h *history) now() int64 { return int64(time.Since(h.start)) }

func (h *history) add(client int, in kvInput, call int64, out kvOutput) {
	ret := h.now()
	if out.Unknown {
		ret = never
	}
	h.mu.Lock()
	h.ops = append(h.ops, porcupine.Operation{ClientId: client, Input: in, Call: call, Output: out, Return: ret})
	h.mu.Unlock()
}

func (h *history) check(t *testing.T) {
	t.Helper()
	h.mu.Lock()
	ops := append([]porcupine.Operation(nil), h.ops...)
	h.mu.Unlock()
	res := porcupine.CheckOperationsTimeout(kvModel, ops, 30*time.Second)
	if res != porcupine.Ok {
		t.Fatalf("history of %d operations is not linearizable (porcupine: %v)", len(ops), res)
	}
	t.Logf("porcupine: history of %d operations is linearizable", len(ops))
}

// The checker itself must reject what is not linearizable: a read of an old value after a
// newer write was acknowledged, and a read of a value never written.
func TestKVModelRejectsStaleRead(t *testing.T) {
	op := func(c int, in kvInput, call, ret int64, out kvOutput) porcupine.Operation {
		return porcupine.Operation{ClientId: c, Input: in, Call: call, Return: ret, Output: out}
	}
	ok := []porcupine.Operation{
		op(0, kvInput{Put: true, Key: "x", Value: "1"}, 0, 10, kvOutput{}),
		op(1, kvInput{Put: true, Key: "x", Value: "2"}, 5, 15, kvOutput{}),
		op(2, kvInput{Key: "x"}, 12, 20, kvOutput{Value: "1", Found: true}), // overlaps put 2: fine
		op(2, kvInput{Key: "y"}, 21, 22, kvOutput{}),
		op(0, kvInput{Put: true, Key: "y", Value: "u"}, 23, never, kvOutput{Unknown: true}),
	}
	if !porcupine.CheckOperations(kvModel, ok) {
		t.Fatal("a linearizable history was rejected")
	}
	stale := append(append([]porcupine.Operation(nil), ok...),
		op(1, kvInput{Key: "x"}, 30, 31, kvOutput{Value: "2", Found: true}),
		op(2, kvInput{Key: "x"}, 32, 33, kvOutput{Value: "1", Found: true}))
	if porcupine.CheckOperations(kvModel, stale) {
		t.Fatal("stale read accepted")
	}
	phantom := append(append([]porcupine.Operation(nil), ok...), op(1, kvInput{Key: "x"}, 30, 31, kvOutput{Value: "3", Found: true}))
	if porcupine.CheckOperations(kvModel, phantom) {
		t.Fatal("read of a value never written accepted")
	}
}
