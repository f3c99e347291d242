package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// newMarker gives each program env its own sleep length, which is in the
// command line of every process its probes start: test runs in other
// checkouts on the same machine start slowkit too, and one run must
// neither count nor kill another's probes.
func newMarker() string {
	return fmt.Sprintf("621.%d%03d", os.Getpid(), markers.Add(1))
}

var markers atomic.Int64

// slowkitScript lists 24 subcommands at once; each subcommand's help
// starts a child and waits on it, so an exploration is under way for long.
const slowkitScript = `#!/bin/sh
case "$1" in
--help|-h|--version) printf 'Usage: slowkit <command> [options]\n\nCommands:\n'
  for i in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24; do echo "  sub$i    does thing $i"; done
  exit 0;;
esac
echo $$ >> "$CANARY/probes"
sleep "$SLOWKIT_SLEEP" &
wait
`

// procsWith lists the processes whose command line holds marker.
func procsWith(marker string) []int {
	var out []int
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err == nil && strings.Contains(strings.ReplaceAll(string(b), "\x00", " "), marker) {
			if pid, err := strconv.Atoi(strings.Split(p, "/")[2]); err == nil {
				out = append(out, pid)
			}
		}
	}
	return out
}

type programEnv struct{ bin, canary, tmp, cache, home, marker string }

func newProgramEnv(t *testing.T) programEnv {
	t.Helper()
	e := programEnv{bin: t.TempDir(), canary: t.TempDir(), tmp: t.TempDir(), cache: t.TempDir(), home: t.TempDir(), marker: newMarker()}
	if err := os.WriteFile(filepath.Join(e.bin, "slowkit"), []byte(slowkitScript), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, pid := range procsWith(e.marker) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return e
}

// start runs the program (this test binary as oxo-call) in the env.
func (e programEnv) start(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "OXO_CLI_RUN=1", "CANARY="+e.canary, "SLOWKIT_SLEEP="+e.marker, "TMPDIR="+e.tmp, "HOME="+e.home,
		"XDG_CACHE_HOME="+e.cache, "XDG_CONFIG_HOME="+filepath.Join(e.home, ".config"), "XDG_DATA_HOME="+filepath.Join(e.home, ".data"),
		"PATH="+e.bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	return c
}

// waitProbes waits until n subcommand probes run.
func (e programEnv) waitProbes(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(filepath.Join(e.canary, "probes"))
		if strings.Count(string(b), "\n") >= n {
			return
		}
	}
	t.Fatal("the subcommand probes did not start")
}

// procsLeft lists the env's probe processes that still run after a
// second's grace: SIGKILL is delivered asynchronously, and a killed
// process keeps its command line until it has exited.
func (e programEnv) procsLeft() []int {
	left := procsWith(e.marker)
	for deadline := time.Now().Add(time.Second); len(left) > 0 && time.Now().Before(deadline); left = procsWith(e.marker) {
		time.Sleep(20 * time.Millisecond)
	}
	return left
}

func (e programEnv) probeDirs() []string {
	d, _ := filepath.Glob(filepath.Join(e.tmp, "oxo-probe-*"))
	return d
}

func (e programEnv) cachedDocs() []string {
	var out []string
	_ = filepath.WalkDir(e.cache, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(d.Name(), "slowkit") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// TestCtrlCDuringExploration: SIGINT during a cold exploration exits 130,
// kills every probe, removes their directories and caches nothing.
func TestCtrlCDuringExploration(t *testing.T) {
	e := newProgramEnv(t)
	c := e.start(t, "dry-run", "slowkit", "sort in.bam")
	e.waitProbes(t, 4)
	start := time.Now()
	if err := c.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := c.Wait()
	took := time.Since(start)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != ExitInterrupted {
		t.Errorf("exit %v, want %d", err, ExitInterrupted)
	}
	if took > 3*time.Second {
		t.Errorf("took %v to end after Ctrl-C", took)
	}
	if left := e.procsLeft(); len(left) > 0 {
		t.Errorf("%d probe processes left", len(left))
	}
	if d := e.probeDirs(); len(d) > 0 {
		t.Errorf("probe directories left: %v", d)
	}
	if f := e.cachedDocs(); len(f) > 0 {
		t.Errorf("a partial ToolDoc was cached: %v", f)
	}
}

// TestKill9LeavesNoProbe: kill -9 of oxo-call kills its probes (Pdeathsig);
// what they started and their directories go at the next start.
func TestKill9LeavesNoProbe(t *testing.T) {
	e := newProgramEnv(t)
	c := e.start(t, "dry-run", "slowkit", "sort in.bam")
	e.waitProbes(t, 4)
	if err := c.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = c.Wait()
	b, _ := os.ReadFile(filepath.Join(e.canary, "probes"))
	probes := strings.Fields(string(b))
	// The probes themselves die with their parent.
	time.Sleep(200 * time.Millisecond)
	for _, p := range probes {
		pid, _ := strconv.Atoi(p)
		if st, err := os.ReadFile("/proc/" + p + "/stat"); err == nil && !strings.Contains(string(st), ") Z ") && syscall.Kill(pid, 0) == nil {
			t.Errorf("probe %s still runs after kill -9 of oxo-call", p)
		}
	}
	if len(e.probeDirs()) == 0 {
		t.Fatal("no probe directory left to clean: the test does not test the next start")
	}
	// A command that probes nothing leaves them: it reads no temporary
	// directory.
	if err := e.start(t, "version").Wait(); err != nil {
		t.Fatal(err)
	}
	if len(e.probeDirs()) == 0 {
		t.Fatal("a command that probes nothing read the temporary directory")
	}
	// The next command that probes ends the probes' children and removes
	// the directories before its first probe.
	quick := filepath.Join(e.bin, "quickkit")
	if err := os.WriteFile(quick, []byte("#!/bin/sh\necho 'Usage: quickkit [-o FILE] IN'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	next := e.start(t, "dry-run", "quickkit", "read in.txt")
	_ = next.Wait()
	if left := e.procsLeft(); len(left) > 0 {
		t.Errorf("%d processes left after the next start", len(left))
	}
	if d := e.probeDirs(); len(d) > 0 {
		t.Errorf("stale probe directories after the next start: %v", d)
	}
	if f := e.cachedDocs(); len(f) > 0 {
		t.Errorf("a partial ToolDoc was cached: %v", f)
	}
}

func TestInterruptedCode(t *testing.T) {
	if _, ok := interruptedCode(context.Background()); ok {
		t.Error("a live context counted as interrupted")
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(signalCause{syscall.SIGTERM})
	if code, ok := interruptedCode(ctx); !ok || code != 143 {
		t.Errorf("SIGTERM: %d %v, want 143", code, ok)
	}
	if s := (signalCause{syscall.SIGTERM}).Error(); s != "interrupted by terminated" {
		t.Errorf("%q", s)
	}
	ctx, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if code, ok := interruptedCode(ctx); !ok || code != ExitInterrupted {
		t.Errorf("cancelled: %d %v, want 130", code, ok)
	}
	// Main with a cancelled context says so and exits 130.
	var out, errb strings.Builder
	d := &Deps{IO: IOStreams{Out: &out, Err: &errb}, Getenv: func(string) string { return "" }, Now: time.Now}
	if code := Main(ctx, []string{"oxo-call", "version"}, d); code != ExitInterrupted || !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("Main: %d %q", code, errb.String())
	}
}

// TestRunWithoutSignal: the entry point runs the command and, with no
// signal, returns its code.
func TestRunWithoutSignal(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	var out, errb strings.Builder
	d := &Deps{IO: IOStreams{Out: &out, Err: &errb}, Getenv: func(string) string { return "" }, Now: time.Now}
	if code := Run([]string{"oxo-call", "version"}, d); code != 0 || out.Len() == 0 {
		t.Errorf("Run: %d %q %q", code, out.String(), errb.String())
	}
}
