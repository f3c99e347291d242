package engine

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestExecRunnerHygiene(t *testing.T) {
	dir := t.TempDir()
	script := fakeBin(t, dir, "probe.sh", `#!/bin/sh
echo "TERM=$TERM NO_COLOR=$NO_COLOR PAGER=$PAGER"
echo "to stderr" >&2
read line && echo "read: $line" || echo "stdin closed"
touch written-here
pwd
exit 3
`, 0o755)
	res := ExecRunner{}.Run(context.Background(), RunSpec{Argv: []string{script}, Timeout: 5 * time.Second})
	out := string(res.Output)
	for _, want := range []string{"TERM=dumb NO_COLOR=1 PAGER=cat", "to stderr", "stdin closed"} {
		if !strings.Contains(out, want) {
			t.Errorf("output %q lacks %q", out, want)
		}
	}
	if res.ExitCode != 3 || res.Crashed || res.TimedOut {
		t.Errorf("result = %+v", res)
	}
	cwd := strings.TrimSpace(out[strings.LastIndex(strings.TrimSpace(out), "\n")+1:])
	if _, err := os.Stat(cwd); !os.IsNotExist(err) || filepath.Dir(cwd) != os.TempDir() {
		t.Errorf("probe cwd %q should be a temp dir, removed afterwards", cwd)
	}
	if _, err := os.Stat(filepath.Join(dir, "written-here")); err == nil {
		t.Error("probe wrote into the caller's directory")
	}
}

func TestExecRunnerBounds(t *testing.T) {
	dir := t.TempDir()
	hang := fakeBin(t, dir, "hang.sh", "#!/bin/sh\necho start\nsleep 30\n", 0o755)
	flood := fakeBin(t, dir, "flood.sh", "#!/bin/sh\nyes 'help text line'\n", 0o755)
	segv := fakeBin(t, dir, "segv.sh", "#!/bin/sh\necho dying\nkill -SEGV $$\n", 0o755)
	orphan := fakeBin(t, dir, "orphan.sh", "#!/bin/sh\n(sleep 30; echo late) &\necho parent done\n", 0o755)

	start := time.Now()
	res := ExecRunner{}.Run(context.Background(), RunSpec{Argv: []string{hang}, Timeout: 300 * time.Millisecond})
	if !res.TimedOut || time.Since(start) > 3*time.Second || !bytes.Contains(res.Output, []byte("start")) {
		t.Errorf("hang: %+v after %v", res, time.Since(start))
	}
	res = ExecRunner{}.Run(context.Background(), RunSpec{Argv: []string{flood}, Timeout: 5 * time.Second, MaxOutput: 64 << 10})
	if !res.Truncated || len(res.Output) != 64<<10 {
		t.Errorf("flood: truncated=%v len=%d", res.Truncated, len(res.Output))
	}
	res = ExecRunner{}.Run(context.Background(), RunSpec{Argv: []string{segv}, Timeout: 5 * time.Second})
	if !res.Crashed || !bytes.Contains(res.Output, []byte("dying")) {
		t.Errorf("segv: %+v", res)
	}
	start = time.Now()
	res = ExecRunner{}.Run(context.Background(), RunSpec{Argv: []string{orphan}, Timeout: 5 * time.Second})
	if time.Since(start) > 2*time.Second || bytes.Contains(res.Output, []byte("late")) {
		t.Errorf("orphan kept the probe waiting %v: %q", time.Since(start), res.Output)
	}
	res = ExecRunner{}.Run(context.Background(), RunSpec{Argv: []string{filepath.Join(dir, "nope")}})
	if res.Err == nil {
		t.Error("missing program: no error")
	}
	if res := (ExecRunner{}).Run(context.Background(), RunSpec{}); res.Err == nil {
		t.Error("empty argv: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	res = ExecRunner{}.Run(ctx, RunSpec{Argv: []string{hang}, Timeout: 10 * time.Second})
	if res.Err == nil {
		t.Error("cancel: no error")
	}
}

func TestTextHelpers(t *testing.T) {
	if got := string(StripANSI([]byte("\x1b[1mbold\x1b[0m o\bover \x1b]0;title\x07x"))); got != "bold over x" {
		t.Errorf("StripANSI = %q", got)
	}
	if !IsBinary([]byte{0x1f, 0x8b, 0, 0, 1, 2, 3, 0xff, 0xfe}) || IsBinary([]byte("Usage: tool\n\t-o FILE\n")) || IsBinary(nil) {
		t.Error("IsBinary")
	}
	if Distance("samtools", "samtool") != 1 || Distance("", "abc") != 3 || Distance("排序", "排") != 1 {
		t.Error("Distance")
	}
	if got := Closest("--thread", []string{"--threads", "--output", "-t", "--thread-count"}, 2); strings.Join(got, ",") != "--threads" {
		t.Errorf("Closest = %v", got)
	}
}

func TestTraceRuleIDs(t *testing.T) {
	var nilTrace *Trace
	nilTrace.Add(1, nil, 0, "ignored")
	if nilTrace.Events() != nil {
		t.Fatal("nil trace")
	}
	r, _ := builtinRules.Get("companion.dash_suffix")
	tr := &Trace{}
	tr.Add(StageResolve, r, time.Millisecond, "companion a")
	tr.Add(StageResolve, r, 0, "companion b")
	tr.Add(StageExplore, nil, 0, "x")
	if ids := tr.RuleIDs(); len(ids) != 1 || ids[0] != "companion.dash_suffix" {
		t.Fatalf("ids = %v", ids)
	}
	if e := tr.Events()[0]; e.Name != "resolve" || e.ElapsedMS != 1 || !strings.HasPrefix(e.Where, "builtin:companions/") {
		t.Fatalf("event = %+v", e)
	}
}
