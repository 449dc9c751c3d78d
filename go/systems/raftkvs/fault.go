package raftkvs

import (
	"os"

	"github.com/veriforge/veriforge/go/distsys"
	"github.com/veriforge/veriforge/go/distsys/tla"
)

// FaultEnv selects a deliberately broken server for trace-validation tests (never set it in a
// deployment): "commit-without-quorum" makes a leader commit a client request's entry in the step
// that appends it to its log (commitIndex := Len(log)), before any follower has it.
const FaultEnv = "RAFTKVS_FAULT"

func withFaults(archs []*distsys.Archetype) []*distsys.Archetype {
	if os.Getenv(FaultEnv) != "commit-without-quorum" {
		return archs
	}
	out := append([]*distsys.Archetype(nil), archs...)
	for i, a := range out {
		if a == AServer {
			out[i] = commitWithoutQuorum()
		}
	}
	return out
}

func commitWithoutQuorum() *distsys.Archetype {
	a := *AServer
	a.Labels = map[string]func(*distsys.Context) error{}
	for l, f := range AServer.Labels {
		a.Labels[l] = f
	}
	good := AServer.Labels["handleMsg"]
	a.Labels["handleMsg"] = func(c *distsys.Context) error {
		if err := good(c); err != nil {
			return err
		}
		m, self := c.Local("m"), c.Self()
		if !tla.Dot(m, "mtype").Equal(ClientPutRequest(c.Consts())) {
			return nil
		}
		state, err := c.Read("state", self)
		if err != nil || !state.Equal(Leader(c.Consts())) {
			return err
		}
		log, err := c.Read("log", self)
		if err != nil {
			return err
		}
		return c.Write("commitIndex", []tla.Value{self}, tla.Len(log))
	}
	return &a
}
