package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The fake SLURM clients below stand in for a cluster in the errors a
// real one cannot easily produce. Each appends its arguments, one per
// line and a blank line after, to <root>/<name>.args.

// fakeSbatch prints a job id (or fails when <root>/sbatch.fail exists).
const fakeSbatch = `#!/bin/sh
for a in "$@"; do echo "$a"; done >> "$ROOT/sbatch.args"
echo >> "$ROOT/sbatch.args"
if [ -f "$ROOT/sbatch.fail" ]; then echo "sbatch: error: Batch job submission failed: Invalid partition name specified" >&2; exit 1; fi
if [ -f "$ROOT/sbatch.garbage" ]; then echo "Submitted batch job soon"; exit 0; fi
echo "42;oxo"
`

// fakeSqueue prints <root>/squeue.N (N counts the calls from 1) or, when
// there is none, <root>/squeue.out; nothing when neither exists.
const fakeSqueue = `#!/bin/sh
n=$(cat "$ROOT/squeue.count" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$ROOT/squeue.count"
if [ -f "$ROOT/squeue.fail" ]; then echo "squeue: error: Unable to contact slurm controller (connect failure)" >&2; exit 1; fi
if [ -f "$ROOT/squeue.$n" ]; then cat "$ROOT/squeue.$n"; elif [ -f "$ROOT/squeue.out" ]; then cat "$ROOT/squeue.out"; fi
`

// fakeSacct has accounting when <root>/sacct.out exists.
const fakeSacct = `#!/bin/sh
if [ -f "$ROOT/sacct.out" ]; then cat "$ROOT/sacct.out"; exit 0; fi
echo "Slurm accounting storage is disabled" >&2; exit 1
`

const fakeScontrol = `#!/bin/sh
for a in "$@"; do echo "$a"; done >> "$ROOT/scontrol.args"
if [ -f "$ROOT/scontrol.out" ]; then cat "$ROOT/scontrol.out"; exit 0; fi
echo "slurm_load_jobs error: Invalid job id specified" >&2; exit 1
`

const fakeScancel = `#!/bin/sh
for a in "$@"; do echo "$a"; done >> "$ROOT/scancel.args"
`

// slurmEnv is filt with a.txt and b.txt, the fake SLURM clients on PATH
// and a job script that runs /opt/oxo call/oxo-call.
func slurmEnv(t *testing.T) *fakeEnv {
	t.Helper()
	f := batchEnv(t)
	for name, script := range map[string]string{"sbatch": fakeSbatch, "squeue": fakeSqueue, "sacct": fakeSacct, "scontrol": fakeScontrol, "scancel": fakeScancel} {
		f.tool(name, strings.ReplaceAll(script, "$ROOT", f.root))
	}
	old, oldPoll := selfExe, slurmPoll
	selfExe = func() (string, error) { return "/opt/oxo call/oxo-call", nil }
	slurmPoll.first, slurmPoll.max = 5*time.Millisecond, 20*time.Millisecond
	t.Cleanup(func() { selfExe, slurmPoll = old, oldPoll })
	return f
}

// calls returns each call's arguments of a fake client.
func (f *fakeEnv) calls(name string) [][]string {
	var out [][]string
	for _, c := range strings.Split(strings.TrimSpace(f.read(filepath.Join(f.root, name+".args"))), "\n\n") {
		if c != "" {
			out = append(out, strings.Split(c, "\n"))
		}
	}
	return out
}

const slurmTask = "filter {item} keeping quality above 20 into {stem}.out using 4 threads"

func TestSlurmBatchIsOneJobArray(t *testing.T) {
	f := slurmEnv(t)
	f.write(filepath.Join(f.env["XDG_CONFIG_HOME"], "oxo-call", "config.yaml"),
		"executor:\n  slurm:\n    partition: short\n    mem: 2G\n    opt: [--qos=low, --nice=5]\n")
	out, errOut, code := f.run("run", "--executor", "slurm", "--input-items", "a.txt,b.txt", "--jobs", "1", "--slurm-mem", "4G",
		"--slurm-opt=--gres=gpu:1,shard:2", "--slurm-log-dir", "logs", "filt", slurmTask)
	if code != 0 {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if out != "42\n" || !strings.Contains(errOut, "submitted SLURM job array (2 tasks) 42; logs in "+filepath.Join(f.work, "logs")) ||
		!strings.Contains(errOut, "follow it with: oxo-call jobs status 42") {
		t.Fatalf("out=%q err=%s", out, errOut)
	}
	calls := f.calls("sbatch")
	if len(calls) != 1 {
		t.Fatalf("sbatch calls: %q", calls)
	}
	args := calls[0]
	logs := filepath.Join(f.work, "logs")
	// The flag wins over the config (mem); the config fills the rest; an
	// option keeps its commas; the thread flag sets the CPUs per task.
	for _, want := range []string{"--parsable", "--job-name=oxo-call-filt", "--chdir=" + f.work, "--array=1-2%1",
		"--output=" + logs + "/oxo-call-%A_%a.out", "--error=" + logs + "/oxo-call-%A_%a.err",
		"--partition=short", "--mem=4G", "--cpus-per-task=4", "--gres=gpu:1,shard:2"} {
		if !slices.Contains(args, want) {
			t.Errorf("sbatch lacks %s: %q", want, args)
		}
	}
	if slices.Contains(args, "--qos=low") || slices.Contains(args, "--mem=2G") {
		t.Errorf("--slurm-opt replaces the configured options, --slurm-mem the configured mem: %q", args)
	}
	script := args[len(args)-1]
	spec := filepath.Dir(script)
	body := f.read(script)
	if body != "#!/bin/sh\n# Written by oxo-call: runs one checked command read from a JSON item file, with no shell.\nexec '/opt/oxo call/oxo-call' exec-item --array '"+spec+"'\n" {
		t.Fatalf("job script:\n%s", body)
	}
	var it jobItem
	if err := json.Unmarshal([]byte(f.read(itemFile(spec, 2))), &it); err != nil {
		t.Fatal(err)
	}
	if it.Nr != 2 || it.Item != "b.txt" || it.Dir != f.work || strings.Join(it.Argv[1:], " ") != "-o b.out -q 20 -t 4 b.txt" || filepath.Base(it.Argv[0]) != "filt" {
		t.Fatalf("item 2: %+v", it)
	}
	// History has each item with its job, task and logs, and no exit code yet.
	h := f.history()
	if len(h) != 2 {
		t.Fatalf("history: %+v", h)
	}
	for i, e := range h {
		n := []string{"1", "2"}[i]
		if e.Executor != "slurm" || e.JobID != "42" || e.ArrayTask != i+1 || e.Item != []string{"a.txt", "b.txt"}[i] || e.ExitCode != nil || e.DryRun ||
			e.Log != logs+"/oxo-call-42_"+n+".out" || e.ErrLog != logs+"/oxo-call-42_"+n+".err" {
			t.Fatalf("entry %d: %+v", i, e)
		}
	}
	out, _, _ = f.run("history", "list")
	if !strings.Contains(out, "job 42") {
		t.Fatalf("history list: %s", out)
	}

	// The job's task 2 runs exec-item: b.txt's own argv, no shell.
	f.env["SLURM_ARRAY_TASK_ID"] = "2"
	out, errOut, code = f.run("exec-item", "--array", spec)
	if code != 0 || out != "filt ran: -o b.out -q 20 -t 4 b.txt\n" || f.read("b.out") != "filtered\n" || f.exists("a.out") {
		t.Fatalf("exec-item: %d %q %s", code, out, errOut)
	}

	t.Run("jobs list, status and cancel", func(t *testing.T) {
		out, _, code := f.run("jobs", "list")
		if code != 0 || !strings.Contains(out, "42") || !strings.Contains(out, slurmTask) {
			t.Fatalf("list: %s", out)
		}
		// One task still runs; the other left the queue completed.
		f.write(filepath.Join(f.root, "squeue.out"), "42_2|RUNNING|None\n")
		f.write(filepath.Join(f.root, "scontrol.out"), "JobId=43 ArrayJobId=42 ArrayTaskId=1 JobState=COMPLETED Reason=None ExitCode=0:0\nJobId=42 ArrayJobId=42 ArrayTaskId=2 JobState=RUNNING Reason=None ExitCode=0:0\n")
		_, errOut, code := f.run("jobs", "status", "42")
		if code != ExitError || !strings.Contains(errOut, "[1/2] a.txt: COMPLETED, exit 0 (log: "+logs+"/oxo-call-42_1.out)") ||
			!strings.Contains(errOut, "[2/2] b.txt: RUNNING (log: ") || !strings.Contains(errOut, "slurm job 42: 2 items, 1 ok, 0 failed, 1 not finished") {
			t.Fatalf("status: %d %s", code, errOut)
		}
		os.Remove(filepath.Join(f.root, "squeue.out"))
		f.write(filepath.Join(f.root, "sacct.out"), "42_1|COMPLETED|0:0\n42_2|COMPLETED|0:0\n")
		if _, errOut, code := f.run("jobs", "status", "42"); code != 0 || !strings.Contains(errOut, "2 ok, 0 failed, 0 not finished") {
			t.Fatalf("status: %d %s", code, errOut)
		}
		if _, errOut, code := f.run("jobs", "cancel", "42"); code != 0 || !strings.Contains(errOut, "cancelled slurm job 42") || !slices.Equal(f.calls("scancel")[0], []string{"42"}) {
			t.Fatalf("cancel: %d %s %q", code, errOut, f.calls("scancel"))
		}
		for _, args := range [][]string{{"jobs", "cancel", "99"}, {"jobs", "status", "99"}} {
			if _, errOut, code := f.run(args...); code != ExitError || !strings.Contains(errOut, "no job 99 in history") {
				t.Fatalf("%v: %d %s", args, code, errOut)
			}
		}
		if _, _, code := f.run("jobs", "status"); code != ExitUsage {
			t.Fatalf("status without id: %d", code)
		}
		if _, _, code := f.run("jobs", "cancel"); code != ExitUsage {
			t.Fatalf("cancel without id: %d", code)
		}
		f.write(filepath.Join(f.root, "squeue.fail"), "")
		if _, errOut, code := f.run("jobs", "status", "42"); code != ExitError || !strings.Contains(errOut, "Unable to contact slurm controller") {
			t.Fatalf("status, controller down: %d %s", code, errOut)
		}
		os.Remove(filepath.Join(f.bin, "scancel"))
		if _, errOut, code := f.run("jobs", "cancel", "42"); code != ExitError || !strings.Contains(errOut, "scancel is not on PATH") {
			t.Fatalf("cancel without scancel: %d %s", code, errOut)
		}
	})
}

func TestSlurmSingleJobFromEnvironment(t *testing.T) {
	f := slurmEnv(t)
	f.env["OXO_CALL_EXECUTOR"] = "slurm"
	out, errOut, code := f.run("run", "--slurm-partition", "long", "--slurm-time", "1:00:00", "--slurm-account", "lab", "filt", filtTask)
	if code != 0 || out != "42\n" || !strings.Contains(errOut, "submitted SLURM job 42; logs in "+filepath.Join(f.work, "oxo-call-logs")) {
		t.Fatalf("code=%d out=%q err=%s", code, out, errOut)
	}
	args := f.calls("sbatch")[0]
	logs := filepath.Join(f.work, "oxo-call-logs")
	for _, want := range []string{"--output=" + logs + "/oxo-call-%j.out", "--error=" + logs + "/oxo-call-%j.err", "--partition=long", "--time=1:00:00", "--account=lab"} {
		if !slices.Contains(args, want) {
			t.Errorf("sbatch lacks %s: %q", want, args)
		}
	}
	for _, a := range args {
		if strings.HasPrefix(a, "--array") || strings.HasPrefix(a, "--cpus-per-task") {
			t.Errorf("a single job without threads has no %s", a)
		}
	}
	script := args[len(args)-1]
	if !strings.HasSuffix(f.read(script), "exec '/opt/oxo call/oxo-call' exec-item '"+itemFile(filepath.Dir(script), 1)+"'\n") {
		t.Fatalf("job script: %s", f.read(script))
	}
	h := f.history()
	if len(h) != 1 || h[0].JobID != "42" || h[0].ArrayTask != 0 || h[0].Log != logs+"/oxo-call-42.out" || h[0].Command != "filt -o out.txt -q 20 in.txt" {
		t.Fatalf("history: %+v", h)
	}
	// The item runs for real through exec-item.
	out, errOut, code = f.run("exec-item", itemFile(filepath.Dir(script), 1))
	if code != 0 || out != "filt ran: -o out.txt -q 20 in.txt\n" || f.read("out.txt") != "filtered\n" {
		t.Fatalf("exec-item: %d %q %s", code, out, errOut)
	}

	// --wait on a single job: sacct (accounting) reports it.
	f.write(filepath.Join(f.root, "sacct.out"), "42|FAILED|3:0\n")
	if err := os.Remove(filepath.Join(f.work, "out.txt")); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = f.run("run", "--wait", "filt", filtTask)
	if code != ExitError || !strings.Contains(errOut, "[1/1] filt -o out.txt -q 20 in.txt: FAILED, exit 3") {
		t.Fatalf("wait: %d %s", code, errOut)
	}
}

func TestSlurmRefusedItemSubmitsNothing(t *testing.T) {
	f := slurmEnv(t)
	// a.txt and a.txt again: both write a.out; the batch check refuses one.
	_, errOut, code := f.run("run", "--yes", "--executor", "slurm", "--input-items", "a.txt,b.txt,a.txt", "filt", slurmTask)
	if code != ExitRefused || !strings.Contains(errOut, "batch: 3 items, 1 refused; nothing submitted to SLURM") ||
		!strings.Contains(errOut, "[3/3] a.txt: refused:") {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if len(f.calls("sbatch")) != 0 || len(f.history()) != 0 || f.exists("oxo-call-logs") {
		t.Fatalf("something was submitted: %q", f.calls("sbatch"))
	}
}

func TestSlurmSubmissionErrors(t *testing.T) {
	f := slurmEnv(t)
	f.write(filepath.Join(f.root, "sbatch.fail"), "")
	_, errOut, code := f.run("run", "--executor", "slurm", "--input-items", "a.txt,b.txt", "filt", slurmTask)
	if code != ExitError || !strings.Contains(errOut, "the job was not submitted: sbatch: sbatch: error: Batch job submission failed: Invalid partition name specified") {
		t.Fatalf("refused: %d %s", code, errOut)
	}
	if len(f.history()) != 0 {
		t.Fatal("a refused job is in history")
	}
	if ents, _ := os.ReadDir(filepath.Join(f.work, "oxo-call-logs")); len(ents) != 0 {
		t.Fatalf("the refused job's files were left: %v", ents)
	}
	os.Remove(filepath.Join(f.root, "sbatch.fail"))
	f.write(filepath.Join(f.root, "sbatch.garbage"), "")
	if _, errOut, code := f.run("run", "--executor", "slurm", "filt", filtTask); code != ExitError || !strings.Contains(errOut, `sbatch printed "Submitted batch job soon", not a job id`) {
		t.Fatalf("garbage: %d %s", code, errOut)
	}
	os.Remove(filepath.Join(f.bin, "sbatch"))
	if _, errOut, code := f.run("run", "--executor", "slurm", "filt", filtTask); code != ExitError || !strings.Contains(errOut, "sbatch is not on PATH") {
		t.Fatalf("no sbatch: %d %s", code, errOut)
	}
	f.write(filepath.Join(f.work, "blocked"), "a file where the log directory should be")
	if _, errOut, code := f.run("run", "--executor", "slurm", "--slurm-log-dir", "blocked/logs", "filt", filtTask); code != ExitError || !strings.Contains(errOut, "--slurm-log-dir") {
		t.Fatalf("log dir: %d %s", code, errOut)
	}
	selfExe = func() (string, error) { return "", os.ErrNotExist }
	if _, errOut, code := f.run("run", "--executor", "slurm", "filt", filtTask); code != ExitError || !strings.Contains(errOut, "cannot find the oxo-call binary") {
		t.Fatalf("no binary: %d %s", code, errOut)
	}
}

func TestSlurmWaitNodeFailure(t *testing.T) {
	f := slurmEnv(t)
	f.interactive = true
	// Two looks at the queue find the tasks running, then it is empty;
	// accounting is off, so scontrol gives the end states.
	f.write(filepath.Join(f.root, "squeue.1"), "42_1|RUNNING|None\n42_2|PENDING|Resources\n")
	f.write(filepath.Join(f.root, "squeue.2"), "42_2|RUNNING|None\n")
	f.write(filepath.Join(f.root, "squeue.3"), "")
	f.write(filepath.Join(f.root, "squeue.out"), "")
	f.write(filepath.Join(f.root, "scontrol.out"),
		"JobId=42 ArrayJobId=42 ArrayTaskId=1 JobState=COMPLETED Reason=None ExitCode=0:0\nJobId=43 ArrayJobId=42 ArrayTaskId=2 JobState=NODE_FAIL Reason=NodeDown ExitCode=0:9\n")
	_, errOut, code := f.run("run", "--yes", "--executor", "slurm", "--wait", "--input-items", "a.txt,b.txt", "filt", slurmTask)
	if code != ExitError {
		t.Fatalf("a failed node makes the run fail: %d %s", code, errOut)
	}
	for _, want := range []string{"slurm job 42: 1 pending, 1 running", "[1/2] a.txt: COMPLETED, exit 0", "[2/2] b.txt: NODE_FAIL, exit 137", "slurm job 42: 2 items, 1 ok, 1 failed, 0 not finished"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("lacks %q: %s", want, errOut)
		}
	}
	if got := f.read(filepath.Join(f.root, "squeue.count")); got != "3\n" {
		t.Errorf("squeue calls: %q", got)
	}
}

func TestSlurmWaitTimesOutOnPending(t *testing.T) {
	f := slurmEnv(t)
	f.write(filepath.Join(f.root, "squeue.out"), "42_[1-2]|PENDING|Resources\n")
	start := time.Now()
	_, errOut, code := f.run("run", "--yes", "--executor", "slurm", "--wait", "--wait-timeout", "150ms", "--input-items", "a.txt,b.txt", "filt", slurmTask)
	if code != ExitError || !strings.Contains(errOut, "slurm job 42: 2 tasks still queued after 150ms (PENDING (Resources)); the job keeps going: oxo-call jobs status 42, or oxo-call jobs cancel 42") ||
		!strings.Contains(errOut, "[2/2] b.txt: PENDING (Resources)") || !strings.Contains(errOut, "0 ok, 0 failed, 2 not finished") {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Fatalf("waited %s", el)
	}
	if len(f.calls("scancel")) != 0 {
		t.Fatal("a timed-out wait cancelled the job")
	}
}

func TestSlurmUsageErrors(t *testing.T) {
	f := slurmEnv(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--executor", "pbs"}, `--executor: "pbs" is not one of local, slurm`},
		{[]string{"--wait"}, "--wait and --wait-timeout are for --executor slurm"},
		{[]string{"--executor", "slurm", "--verify"}, "do not work with --executor slurm"},
	} {
		_, errOut, code := f.run(append(append([]string{"run"}, c.args...), "filt", filtTask)...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: %d %s", c.args, code, errOut)
		}
	}
	// The config key is checked and written under executor.
	if _, errOut, code := f.run("config", "set", "executor.default", "pbs"); code != ExitUsage || !strings.Contains(errOut, "not one of local, slurm") {
		t.Fatalf("set pbs: %d %s", code, errOut)
	}
	if _, errOut, code := f.run("config", "set", "executor.default", "SLURM"); code != 0 {
		t.Fatalf("set: %s", errOut)
	}
	if got := f.read(filepath.Join(f.env["XDG_CONFIG_HOME"], "oxo-call", "config.yaml")); got != "executor:\n  default: slurm\n" {
		t.Fatalf("config file: %q", got)
	}
	if out, _, _ := f.run("run", "filt", filtTask); out != "42\n" {
		t.Fatalf("executor.default slurm: %q", out)
	}
	if out, _, _ := f.run("run", "--executor", "local", "filt", filtTask); out != "filt ran: -o out.txt -q 20 in.txt\n" {
		t.Fatalf("--executor local beats the config: %q", out)
	}
}

func TestExecItemErrors(t *testing.T) {
	f := filtEnv(t)
	n := 0
	good := func(it jobItem) string {
		b, _ := json.Marshal(it)
		n++
		return f.write(filepath.Join(f.root, "item-"+strconv.Itoa(n)+".json"), string(b))
	}
	for _, c := range []struct {
		file string
		code int
		want string
	}{
		{filepath.Join(f.root, "none.json"), ExitError, "no such file"},
		{f.write(filepath.Join(f.root, "bad.json"), "argv: [x]"), ExitError, "not an item file"},
		{good(jobItem{Dir: f.work}), ExitError, "the item has no command"},
		{good(jobItem{Argv: []string{"filt"}, Dir: "work"}), ExitError, `dir "work" is not an absolute path`},
		{good(jobItem{Argv: []string{"filt"}, Dir: filepath.Join(f.root, "gone")}), ExitError, "no such file"},
		{good(jobItem{Argv: []string{filepath.Join(f.bin, "filt"), "fail.txt"}, Dir: f.work}), 7, "filt: cannot read fail.txt"},
		{good(jobItem{Argv: []string{filepath.Join(f.bin, "nope")}, Dir: f.work}), 127, "could not run"},
		{good(jobItem{Argv: []string{"filt"}, Stdout: "no/such/dir/out.txt", Dir: f.work}), ExitError, "cannot write no/such/dir/out.txt"},
	} {
		_, errOut, code := f.run("exec-item", c.file)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: %d %s", f.read(c.file), code, errOut)
		}
	}
	// Standard output goes to the item's file.
	_, _, code := f.run("exec-item", good(jobItem{Argv: []string{filepath.Join(f.bin, "filt"), "in.txt"}, Stdout: "report.txt", Dir: f.work}))
	if code != 0 || f.read("report.txt") != "filt ran: in.txt\n" {
		t.Fatalf("stdout file: %d %q", code, f.read("report.txt"))
	}
	if _, errOut, code := f.run("exec-item", "--array", f.root); code != ExitError || !strings.Contains(errOut, `SLURM_ARRAY_TASK_ID is "", not an array task number`) {
		t.Fatalf("--array without a task: %d %s", code, errOut)
	}
	if _, _, code := f.run("exec-item"); code != ExitUsage {
		t.Fatalf("no file: %d", code)
	}
}

func TestSlurmParsing(t *testing.T) {
	for in, want := range map[string][]int{"12": {0}, "12_3": {3}, "12_[4-6%2]": {4, 5, 6}, "12_[1,3-4]": {1, 3, 4}, "12_[x]": nil, "12_[5-2]": nil, "12_[1-y]": nil} {
		if got := taskIDs(in); !slices.Equal(got, want) {
			t.Errorf("taskIDs(%q) = %v, want %v", in, got, want)
		}
	}
	for in, want := range map[string]int{"0:0": 0, "3:0": 3, "0:9": 137, "2:15": 2, "": 0} {
		if got := exitOf(in); got != want {
			t.Errorf("exitOf(%q) = %d, want %d", in, got, want)
		}
	}
	if (taskState{State: "PENDING"}).finished() || !(taskState{State: "TIMEOUT"}).finished() || (taskState{State: "COMPLETED", Exit: 1}).ok() {
		t.Fatal("task states")
	}
	if shQuote("it's") != `'it'\''s'` || slurmPattern("/a%b") != "/a%%b" {
		t.Fatal("quoting")
	}
}

func TestSlurmCPUsFromASubcommandsThreadFlag(t *testing.T) {
	f := slurmEnv(t)
	f.tool("kit", kitScript)
	out, errOut, code := f.run("run", "--executor", "slurm", "kit", "sort in.txt into sorted.txt using 8 threads")
	if code != 0 || out != "42\n" {
		t.Fatalf("code=%d out=%q err=%s", code, out, errOut)
	}
	args := f.calls("sbatch")[0]
	if !strings.Contains(errOut, "$ kit sort -o sorted.txt -@ 8 in.txt") || !slices.Contains(args, "--cpus-per-task=8") {
		t.Fatalf("sort's -@ 8 sets the CPUs: %s %q", errOut, args)
	}
}
