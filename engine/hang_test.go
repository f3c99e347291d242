package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const hangMarker = "619.5"

// hangScript logs each call, then hangs.
const hangScript = `#!/bin/sh
echo "[$*]" >> "$CANARY/calls.log"
exec sleep 619.5
`

// TestHungToolStopsAfterTwoTimeouts: after the root's first two probes
// time out (the version probe counts), no more probes run; the dry-run
// ends in about two timeouts and leaves no process.
func TestHungToolStopsAfterTwoTimeouts(t *testing.T) {
	bin, canary := t.TempDir(), t.TempDir()
	t.Setenv("CANARY", canary)
	fakeBin(t, bin, "hangtool", hangScript, 0o755)
	t.Cleanup(func() { killLeft(t, hangMarker) })
	timeout := 300 * time.Millisecond
	e := New(Options{Rules: builtinRules, PathDirs: []string{bin}, Runner: ExecRunner{}, Explore: ExploreOptions{ProbeTimeout: timeout}})
	start := time.Now()
	res, err := e.Generate(context.Background(), Request{Tool: "hangtool", Task: "count the reads in in.bam", Cwd: t.TempDir()})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	calls, _ := os.ReadFile(filepath.Join(canary, "calls.log"))
	if got := strings.Fields(string(calls)); len(got) != 2 || got[0] != "[--version]" || got[1] != "[--help]" {
		t.Errorf("calls %q, want [--version] and [--help] only", got)
	}
	// Two timeouts plus process start and the kill.
	if took > 2*timeout+time.Second {
		t.Errorf("took %v, want about two timeouts (%v)", took, 2*timeout)
	}
	if msg := strings.Join(res.Doc.Messages, "; "); !strings.Contains(msg, "hung") {
		t.Errorf("messages %q do not say the tool hung", msg)
	}
	if left := leftover(hangMarker); len(left) > 0 {
		t.Errorf("%d processes left", len(left))
	}
	// Explore alone (no version probe): the first probe's longer timeout,
	// one more, then nothing.
	os.Remove(filepath.Join(canary, "calls.log"))
	x := &Explorer{Rules: builtinRules, Runner: ExecRunner{}, Opts: ExploreOptions{ProbeTimeout: timeout}}
	start = time.Now()
	x.Explore(context.Background(), &ToolRecord{Name: "hangtool", Executable: "hangtool", ResolvedPath: filepath.Join(bin, "hangtool"), Installed: true}, nil)
	took = time.Since(start)
	calls, _ = os.ReadFile(filepath.Join(canary, "calls.log"))
	if got := strings.Fields(string(calls)); len(got) != 2 {
		t.Errorf("calls %q, want two", got)
	}
	if took > 4*timeout+time.Second {
		t.Errorf("Explore took %v, want about 3+1 timeouts (%v)", took, 4*timeout)
	}
}

// timeoutRunner serves help for --help and times out on everything else.
type timeoutRunner struct{ mapRunner }

func (r *timeoutRunner) Run(ctx context.Context, spec RunSpec) RunResult {
	res := r.mapRunner.Run(ctx, spec)
	if len(res.Output) == 0 {
		res.TimedOut = true
	}
	return res
}

// TestHungSubcommandGetsOneProbe: a subcommand whose help probe times out
// is not tried with its other strategies; the first such is retried once,
// alone (retryStarved), and timing out again stops the retries.
func TestHungSubcommandGetsOneProbe(t *testing.T) {
	r := &timeoutRunner{mapRunner{out: map[string]string{"--help": "Usage: hk <command> [options]\n\nCommands:\n  sort     sort records\n  view     view records\n"}}}
	x := &Explorer{Rules: builtinRules, Runner: r}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "hk", Executable: "hk", ResolvedPath: "/x/hk", Installed: true}, nil)
	if len(doc.Subcommands) != 2 {
		t.Fatalf("subcommands %+v", doc.Subcommands)
	}
	sorts, views := 0, 0
	for _, c := range r.ran {
		sorts += strings.Count(c, "sort")
		views += strings.Count(c, "view")
	}
	if sorts+views != 3 || min(sorts, views) != 1 {
		t.Errorf("%d sort and %d view probes, want one each and one retry of the first: %q", sorts, views, r.ran)
	}
}
