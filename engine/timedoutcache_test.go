package engine

import (
	"context"
	"strings"
	"testing"
)

// allTimeoutRunner times every probe out, as a loaded machine does to a
// tool that starts slowly.
type allTimeoutRunner struct{}

func (allTimeoutRunner) Run(ctx context.Context, spec RunSpec) RunResult {
	return RunResult{TimedOut: true, ExitCode: -1}
}

// A ToolDoc whose help probes all timed out holds no help, and is not
// cached: the next run probes again and reads the help the tool prints
// then. A ToolDoc with help is cached as before.
func TestTimedOutHelpIsNotCached(t *testing.T) {
	env := newEngineEnv(t)
	slow := env.opts
	slow.Runner = allTimeoutRunner{}
	tr := &Trace{}
	_, doc, hit, err := New(slow).Doc(context.Background(), "bamkit", tr)
	if err != nil {
		t.Fatal(err)
	}
	if doc.RawHelp != "" || hit != "" || !helpTimedOut(doc) || eventWith(tr, "the ToolDoc is not cached: its help probes timed out") == nil {
		t.Fatalf("help %q, hit %q, events %+v", doc.RawHelp, hit, tr.Events())
	}
	tr = &Trace{}
	_, doc, hit, err = New(env.opts).Doc(context.Background(), "bamkit", tr)
	if err != nil || hit != "" || !strings.Contains(doc.RawHelp, "sort") {
		t.Fatalf("second run: hit %q, err %v, help %q", hit, err, doc.RawHelp)
	}
	_, _, hit, _ = New(env.opts).Doc(context.Background(), "bamkit", &Trace{})
	if hit == "" {
		t.Error("a ToolDoc with help was not cached")
	}
}
