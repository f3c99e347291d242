package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/engine"
)

// TestDryRunErrorFindingExits3: a printed command Stage 5 found an error
// in is not a success.
func TestDryRunErrorFindingExits3(t *testing.T) {
	f := filtEnv(t)
	f.userRule("constraints", "filt.yaml", filtErrorRule)
	out, errOut, code := f.run("dry-run", "filt", filtTask)
	if code != ExitUncertain || out != "filt -o out.txt -q 20 in.txt\n" || !strings.Contains(errOut, "error: filt -q is deprecated [user.filt_no_q]") {
		t.Fatalf("code=%d out=%q err=%s", code, out, errOut)
	}
	// --json prints the document and exits the same way.
	out, _, code = f.run("dry-run", "--json", "filt", filtTask)
	var j jsonResult
	decodeJSON(t, out, &j)
	if code != ExitUncertain || len(j.Findings) == 0 || j.Findings[0].Severity != "error" {
		t.Fatalf("json: %d %+v", code, j)
	}
	// A warning alone keeps exit 0.
	g := filtEnv(t)
	g.write("out.txt", "old\n")
	if _, errOut, code := g.run("dry-run", "filt", filtTask); code != 0 || !strings.Contains(errOut, "warning: an output file already exists") {
		t.Fatalf("warning: %d %s", code, errOut)
	}
}

// sigScript is filt that kills itself with the signal an argument names.
var sigScript = strings.Replace(filtScript, "for a in \"$@\"; do case \"$a\" in *fail*)",
	"for a in \"$@\"; do case \"$a\" in *sigkill*) kill -KILL $$;; *sigterm*) kill -TERM $$;; esac; done\nfor a in \"$@\"; do case \"$a\" in *fail*)", 1)

// TestRunToolKilledBySignal: a tool killed by signal n makes run exit
// 128+n, as a shell reports it, in a single run and in a batch.
func TestRunToolKilledBySignal(t *testing.T) {
	if sigScript == filtScript {
		t.Fatal("the fake tool was not changed")
	}
	f := newFakeEnv(t)
	f.tool("filt", sigScript)
	f.write("sigkill.txt", "x\n")
	f.write("sigterm.txt", "x\n")
	if _, errOut, code := f.run("run", "filt", "filter sigkill.txt keeping quality above 20 into out.txt"); code != 128+9 {
		t.Fatalf("SIGKILL: code=%d err=%s", code, errOut)
	}
	if _, errOut, code := f.run("run", "filt", "filter sigterm.txt keeping quality above 20 into out2.txt"); code != 128+15 {
		t.Fatalf("SIGTERM: code=%d err=%s", code, errOut)
	}
	if h := f.history(); len(h) != 2 || *h[0].ExitCode != 137 || *h[1].ExitCode != 143 {
		t.Fatalf("history: %+v", h)
	}
	_, errOut, code := f.run("run", "--input-items", "sigkill.txt", "filt", "filter {item} keeping quality above 20 into {stem}.b")
	if code != ExitError || !strings.Contains(errOut, "[1/1] sigkill.txt: failed (exit 137)") {
		t.Fatalf("batch: code=%d err=%s", code, errOut)
	}
}

// panicRunner stands for a bug: it panics when the engine runs a probe.
type panicRunner struct{}

func (panicRunner) Run(context.Context, engine.RunSpec) engine.RunResult { panic("probe exploded") }

// TestCrashExits1: a panic inside oxo-call is reported with its stack and
// exits 1 (a failure of oxo-call), not 2 (the usage code, which is also
// what the Go runtime exits with on a panic).
func TestCrashExits1(t *testing.T) {
	f := filtEnv(t)
	var out, errb bytes.Buffer
	d := &Deps{IO: IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb}, Getenv: func(k string) string { return f.env[k] },
		Runner: panicRunner{}, Now: func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }}
	code := Main(context.Background(), []string{"oxo-call", "dry-run", "filt", filtTask}, d)
	if code != ExitError || !strings.HasPrefix(errb.String(), "oxo-call: internal error: probe exploded\n") || !strings.Contains(errb.String(), "goroutine ") {
		t.Fatalf("code=%d err=%s", code, errb.String())
	}
}
