package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/rules"
)

// slurmOptions are run's executor flags.
type slurmOptions struct {
	executor                              string
	partition, time, mem, account, logDir string
	opts                                  []string
	wait                                  bool
	waitTimeout                           time.Duration
	throttle                              int // --jobs when given: the array's %N
}

func (s *slurmOptions) flags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "executor", Usage: "where the command runs: local, or slurm (one sbatch job; a batch is one job array) [config executor.default, env OXO_CALL_EXECUTOR]", Destination: &s.executor},
		&ucli.StringFlag{Name: "slurm-partition", Usage: "sbatch --partition [config executor.slurm.partition]", Destination: &s.partition},
		&ucli.StringFlag{Name: "slurm-time", Usage: "sbatch --time, e.g. 2:00:00 [config executor.slurm.time]", Destination: &s.time},
		&ucli.StringFlag{Name: "slurm-mem", Usage: "sbatch --mem, e.g. 8G [config executor.slurm.mem]", Destination: &s.mem},
		&ucli.StringFlag{Name: "slurm-account", Usage: "sbatch --account [config executor.slurm.account]", Destination: &s.account},
		&ucli.StringSliceFlag{Name: "slurm-opt", Usage: "another sbatch option, one per flag (--slurm-opt=--qos=long) [config executor.slurm.opt]", Destination: &s.opts},
		&ucli.StringFlag{Name: "slurm-log-dir", Usage: "directory of the jobs' oxo-call-%A_%a.out/.err logs (default ./oxo-call-logs) [config executor.slurm.log_dir]", Destination: &s.logDir},
		&ucli.BoolFlag{Name: "wait", Usage: "with --executor slurm: wait for the job, then report each item's state and exit code", Destination: &s.wait},
		&ucli.DurationFlag{Name: "wait-timeout", Usage: "with --wait: give up waiting after this long (the job keeps running; 0: no limit)", Destination: &s.waitTimeout},
	}
}

// slurmPoll is the first and the longest pause between two looks at a
// waiting job; tests shorten them.
var slurmPoll = struct{ first, max time.Duration }{time.Second, 30 * time.Second}

// selfExe is the oxo-call binary a job script runs (tests point it at a
// built binary).
var selfExe = os.Executable

// slurmResolve applies config and environment under the flags, checks
// the executor and sets o.toSlurm.
func (a *app) slurmResolve(cmd *ucli.Command, o *runOptions) error {
	s := &o.slurm
	cfg := a.config()
	if !cmd.IsSet("executor") {
		s.executor = cfg.Get("executor.default").Value
	}
	ex, err := checkExecutor(s.executor)
	if err != nil {
		return usagef("--executor: %v", err)
	}
	for _, d := range []struct {
		v         *string
		flag, key string
	}{{&s.partition, "slurm-partition", "partition"}, {&s.time, "slurm-time", "time"}, {&s.mem, "slurm-mem", "mem"},
		{&s.account, "slurm-account", "account"}, {&s.logDir, "slurm-log-dir", "log_dir"}} {
		if !cmd.IsSet(d.flag) {
			*d.v = cfg.Get("executor.slurm." + d.key).Value
		}
	}
	if !cmd.IsSet("slurm-opt") {
		s.opts = strings.Fields(cfg.Get("executor.slurm.opt").Value)
	}
	if cmd.IsSet("jobs") {
		s.throttle = o.jobs
	}
	o.toSlurm = ex == "slurm"
	switch {
	case !o.toSlurm && (s.wait || s.waitTimeout != 0):
		return usagef("--wait and --wait-timeout are for --executor slurm")
	case o.toSlurm && (o.verify || o.autoRetry):
		return usagef("--verify and --auto-retry run the command here; they do not work with --executor slurm")
	}
	return nil
}

// slurmJob is what a submission needs.
type slurmJob struct {
	res   *engine.Result
	items []batchItem
	array bool // a batch: one array task per item
	jobs  int  // array throttle (%N), 0 for none
	cwd   string
}

// cpusPerTask is the largest CPU count a resources rule reads from the
// command's flags ("-@ 8" → 8), 0 when none says.
func (a *app) cpusPerTask(res *engine.Result) int {
	if res.Doc == nil || res.Fill == nil {
		return 0
	}
	var sub *engine.SubcommandDoc
	list := res.Doc.Subcommands
	for _, name := range res.Fill.Subcommand {
		if sub = engine.FindSubcommand(list, name); sub == nil {
			break
		}
		list = sub.Subcommands
	}
	flags := res.Doc.AllFlags(sub)
	best := 0
	for _, fv := range res.Fill.Flags {
		fd, ok := engine.LookupFlag(flags, fv.Name)
		if !ok || !fv.HasValue {
			continue
		}
		env := &rules.ResourceEnv{Name: fd.Name, Aliases: fd.Aliases, Placeholder: fd.Placeholder, Type: fd.ParamType,
			Description: fd.Description, Category: fd.Category, Given: fv.Value}
		m, ok, _ := a.loadRules().First("resources", env)
		if ok && m.Then.(*rules.ResourceThen).Resource == "cpus" && env.Number > best {
			best = env.Number
		}
	}
	return best
}

// lookPath finds a program on the PATH oxo-call was given.
func (a *app) lookPath(name string) (string, error) {
	for _, dir := range a.d.pathDirs() {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s is not on PATH: is this a SLURM login node? (use --executor local to run here)", name)
}

// slurmRun runs a SLURM client program and returns its stdout; a failure
// carries its stderr.
func (a *app) slurmRun(ctx context.Context, name string, args ...string) (string, error) {
	p, err := a.lookPath(name)
	if err != nil {
		return "", err
	}
	var out, errb bytes.Buffer
	c := exec.CommandContext(ctx, p, args...)
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return out.String(), fmt.Errorf("%s: %s", name, msg)
	}
	return out.String(), nil
}

// shQuote quotes a string for sh.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// slurmPattern escapes % in a path that goes into an sbatch file pattern.
func slurmPattern(p string) string { return strings.ReplaceAll(p, "%", "%%") }

// submitSlurm writes the job's files and submits it; with --wait it
// waits and reports. Every item was checked and passed the gate before.
func (a *app) submitSlurm(ctx context.Context, s *slurmOptions, j slurmJob) error {
	self, err := selfExe()
	if err != nil {
		return fmt.Errorf("cannot find the oxo-call binary for the job script: %w", err)
	}
	logDir := s.logDir
	if logDir == "" {
		logDir = "oxo-call-logs"
	}
	if !filepath.IsAbs(logDir) {
		logDir = filepath.Join(j.cwd, logDir)
	}
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		return fmt.Errorf("--slurm-log-dir: %w", err)
	}
	spec, err := os.MkdirTemp(logDir, "oxo-call-job-")
	if err != nil {
		return fmt.Errorf("--slurm-log-dir: %w", err)
	}
	for _, it := range j.items {
		b, _ := json.MarshalIndent(jobItem{Nr: it.Nr, Item: it.Item, Argv: it.Command.Argv, Stdout: it.Command.Stdout, Stdin: it.Command.Stdin, Dir: j.cwd}, "", "  ")
		if err := os.WriteFile(itemFile(spec, it.Nr), append(b, '\n'), 0o600); err != nil {
			return err
		}
	}
	run := shQuote(self) + " exec-item " + shQuote(itemFile(spec, 1))
	if j.array {
		run = shQuote(self) + " exec-item --array " + shQuote(spec)
	}
	script := filepath.Join(spec, "job.sh")
	body := "#!/bin/sh\n# Written by oxo-call: runs one checked command read from a JSON item file, with no shell.\nexec " + run + "\n"
	if err := os.WriteFile(script, []byte(body), 0o700); err != nil {
		return err
	}
	args := []string{"--parsable", "--job-name=oxo-call-" + j.res.Tool, "--chdir=" + j.cwd}
	outPat, errPat := "oxo-call-%j.out", "oxo-call-%j.err"
	if j.array {
		outPat, errPat = "oxo-call-%A_%a.out", "oxo-call-%A_%a.err"
		arr := "--array=1-" + strconv.Itoa(len(j.items))
		if j.jobs > 0 && j.jobs < len(j.items) {
			arr += "%" + strconv.Itoa(j.jobs)
		}
		args = append(args, arr)
	}
	args = append(args, "--output="+filepath.Join(slurmPattern(logDir), outPat), "--error="+filepath.Join(slurmPattern(logDir), errPat))
	for _, r := range []struct{ flag, v string }{{"partition", s.partition}, {"time", s.time}, {"mem", s.mem}, {"account", s.account}} {
		if r.v != "" {
			args = append(args, "--"+r.flag+"="+r.v)
		}
	}
	if n := a.cpusPerTask(j.res); n > 0 {
		args = append(args, "--cpus-per-task="+strconv.Itoa(n))
	}
	args = append(args, s.opts...)
	args = append(args, script)
	if a.verbose {
		fmt.Fprintln(a.d.IO.Err, "$ "+engine.QuoteArgv(append([]string{"sbatch"}, args...)))
	}
	out, err := a.slurmRun(ctx, "sbatch", args...)
	if err != nil {
		os.RemoveAll(spec)
		return fmt.Errorf("the job was not submitted: %v", err)
	}
	id, _, _ := strings.Cut(strings.TrimSpace(out), ";")
	if _, err := strconv.Atoi(id); err != nil {
		return fmt.Errorf("sbatch printed %q, not a job id (was the job submitted? check squeue)", strings.TrimSpace(out))
	}
	kind := "job"
	if j.array {
		kind = fmt.Sprintf("job array (%d tasks)", len(j.items))
	}
	fmt.Fprintf(a.d.IO.Err, "submitted SLURM %s %s; logs in %s\n", kind, id, logDir)
	fmt.Fprintln(a.d.IO.Out, id)
	for _, it := range j.items {
		e := a.entry(j.res, nil)
		e.DryRun = false
		e.Command = engine.QuoteArgv(it.Command.DisplayArgv)
		if it.Command.Stdin != "" {
			e.Command += " < " + engine.QuoteArgv([]string{it.Command.Stdin})
		}
		if it.Command.Stdout != "" {
			e.Command += " > " + engine.QuoteArgv([]string{it.Command.Stdout})
		}
		e.Executor, e.JobID, e.Item = "slurm", id, it.Item
		base := "oxo-call-" + id
		if j.array {
			e.ArrayTask = it.Nr
			base += "_" + strconv.Itoa(it.Nr)
		}
		e.Log, e.ErrLog = filepath.Join(logDir, base+".out"), filepath.Join(logDir, base+".err")
		a.record(e)
	}
	if !s.wait {
		fmt.Fprintf(a.d.IO.Err, "follow it with: oxo-call jobs status %s\n", id)
		return nil
	}
	return a.waitJob(ctx, id, s.waitTimeout)
}

// submitSingleSlurm submits one checked command as one job.
func (a *app) submitSingleSlurm(ctx context.Context, o *runOptions, res *engine.Result) error {
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	return a.submitSlurm(ctx, &o.slurm, slurmJob{res: res, items: []batchItem{{Nr: 1, Command: res.Command}}, cwd: cwd})
}

// submitBatchSlurm submits a checked batch as one job array, or nothing
// when the gate refused any item: a job array runs every item or none.
// With --force the gate refuses none, as for a local batch.
func (a *app) submitBatchSlurm(ctx context.Context, o *runOptions, res *engine.Result, plan []batchItem, refused map[int]bool, cwd string) error {
	if len(refused) > 0 {
		fmt.Fprintf(a.d.IO.Err, "batch: %d items, %d refused; nothing submitted to SLURM\n", len(plan), len(refused))
		return silentExit(ExitRefused)
	}
	return a.submitSlurm(ctx, &o.slurm, slurmJob{res: res, items: plan, array: true, jobs: o.slurm.throttle, cwd: cwd})
}

// taskState is one array task's (or a single job's) state.
type taskState struct {
	State  string
	Exit   int
	Reason string
}

// finished reports a state that will not change.
func (t taskState) finished() bool {
	switch t.State {
	case "PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED", "RESIZING", "SIGNALING", "STAGE_OUT", "":
		return false
	}
	return true
}

// ok reports success.
func (t taskState) ok() bool { return t.State == "COMPLETED" && t.Exit == 0 }

// taskIDs reads the task part of a job id: "12" → [0] (not an array),
// "12_3" → [3], "12_[4-6%2]" → [4 5 6].
func taskIDs(id string) []int {
	_, task, ok := strings.Cut(id, "_")
	if !ok {
		return []int{0}
	}
	task = strings.Trim(task, "[]")
	task, _, _ = strings.Cut(task, "%")
	var out []int
	for _, part := range strings.Split(task, ",") {
		lo, hi, rng := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			continue
		}
		b := a
		if rng {
			if b, err = strconv.Atoi(hi); err != nil || b < a || b-a > 1<<16 {
				continue
			}
		}
		for n := a; n <= b; n++ {
			out = append(out, n)
		}
	}
	return out
}

// exitOf reads "code:signal" as a shell would report it.
func exitOf(s string) int {
	code, sig, _ := strings.Cut(strings.TrimSpace(s), ":")
	c, _ := strconv.Atoi(code)
	if n, _ := strconv.Atoi(sig); n > 0 && c == 0 {
		return 128 + n
	}
	return c
}

// queued returns the tasks squeue still lists.
func (a *app) queued(ctx context.Context, id string) (map[int]taskState, error) {
	out, err := a.slurmRun(ctx, "squeue", "-h", "-r", "-j", id, "-o", "%i|%T|%r")
	if err != nil {
		if strings.Contains(err.Error(), "Invalid job id") {
			return map[int]taskState{}, nil // gone from the queue
		}
		return nil, err
	}
	st := map[int]taskState{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Split(l, "|")
		if len(f) < 2 {
			continue
		}
		ts := taskState{State: f[1]}
		if len(f) > 2 {
			ts.Reason = f[2]
		}
		for _, n := range taskIDs(f[0]) {
			st[n] = ts
		}
	}
	return st, nil
}

// finalStates reads the end states from sacct, or from scontrol when
// accounting is off.
func (a *app) finalStates(ctx context.Context, id string) (map[int]taskState, error) {
	st := map[int]taskState{}
	out, err := a.slurmRun(ctx, "sacct", "-n", "-P", "-X", "-j", id, "-o", "JobID,State,ExitCode")
	if err == nil {
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			f := strings.Split(l, "|")
			if len(f) < 3 {
				continue
			}
			state, _, _ := strings.Cut(f[1], " ") // "CANCELLED by 0"
			for _, n := range taskIDs(f[0]) {
				st[n] = taskState{State: state, Exit: exitOf(f[2])}
			}
		}
		if len(st) > 0 {
			return st, nil
		}
	}
	out, err = a.slurmRun(ctx, "scontrol", "-o", "show", "job", id)
	if err != nil {
		return nil, err
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		kv := map[string]string{}
		for _, f := range strings.Fields(l) {
			if k, v, ok := strings.Cut(f, "="); ok {
				kv[k] = v
			}
		}
		if kv["JobState"] == "" {
			continue
		}
		ts := taskState{State: kv["JobState"], Exit: exitOf(kv["ExitCode"]), Reason: kv["Reason"]}
		if t, ok := kv["ArrayTaskId"]; ok {
			for _, n := range taskIDs("x_" + t) {
				st[n] = ts
			}
		} else {
			st[0] = ts
		}
	}
	return st, nil
}

// jobStates is the current state of each task: the queue first, then the
// end states of the tasks that left it.
func (a *app) jobStates(ctx context.Context, id string) (map[int]taskState, error) {
	q, err := a.queued(ctx, id)
	if err != nil {
		return nil, err
	}
	fin, err := a.finalStates(ctx, id)
	if err != nil && len(q) == 0 {
		return nil, err
	}
	for n, ts := range fin {
		if _, ok := q[n]; !ok {
			q[n] = ts
		}
	}
	return q, nil
}

// waitJob polls the queue with back-off until no task of the job is in
// it (or the time limit passes), then reports each item from history.
func (a *app) waitJob(ctx context.Context, id string, limit time.Duration) error {
	var deadline time.Time
	if limit > 0 {
		deadline = time.Now().Add(limit)
	}
	delay := slurmPoll.first
	for {
		q, err := a.queued(ctx, id)
		if err != nil {
			return err
		}
		if len(q) == 0 {
			break
		}
		counts := map[string]int{}
		for _, ts := range q {
			counts[ts.State]++
		}
		if a.d.IO.Interactive {
			fmt.Fprintf(a.d.IO.Err, "\r\033[Kslurm job %s: %d pending, %d running", id, counts["PENDING"], len(q)-counts["PENDING"])
		}
		if !deadline.IsZero() && !time.Now().Before(deadline) {
			if a.d.IO.Interactive {
				fmt.Fprint(a.d.IO.Err, "\r\033[K")
			}
			if st, err := a.jobStates(ctx, id); err == nil {
				q = st
			}
			a.reportJob(ctx, id, q)
			return withCode(ExitError, "slurm job %s: %d tasks still queued after %s (%s); the job keeps going: oxo-call jobs status %s, or oxo-call jobs cancel %s",
				id, len(q), limit, queueSummary(q), id, id)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("stopped waiting for slurm job %s (it keeps going: oxo-call jobs cancel %s): %w", id, id, ctx.Err())
		case <-time.After(delay):
		}
		delay = min(delay*3/2, slurmPoll.max)
	}
	if a.d.IO.Interactive {
		fmt.Fprint(a.d.IO.Err, "\r\033[K")
	}
	st, err := a.finalStates(ctx, id)
	if err != nil {
		return err
	}
	if failed := a.reportJob(ctx, id, st); failed > 0 {
		return silentExit(ExitError)
	}
	return nil
}

// queueSummary says which states and reasons hold a job's tasks
// ("PENDING (Resources)").
func queueSummary(q map[int]taskState) string {
	seen := map[string]bool{}
	var out []string
	for _, ts := range q {
		s := ts.State
		if ts.Reason != "" && ts.Reason != "None" {
			s += " (" + ts.Reason + ")"
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// jobItems returns history's entries for a job, by array task.
func (a *app) jobItems(id string) ([]HistoryEntry, error) {
	all, _, err := a.history().Read()
	if err != nil {
		return nil, err
	}
	// The latest submission with this id: a task number seen again
	// starts a newer one (ids repeat when a cluster's state is reset).
	var out []HistoryEntry
	seen := map[int]bool{}
	for _, e := range all {
		if e.Executor != "slurm" || e.JobID != id {
			continue
		}
		if seen[e.ArrayTask] {
			out, seen = nil, map[int]bool{}
		}
		seen[e.ArrayTask] = true
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no job %s in history (see: oxo-call jobs list)", id)
	}
	return out, nil
}

// reportJob prints each item's state, exit code and log, and returns how
// many did not complete with exit 0.
func (a *app) reportJob(ctx context.Context, id string, st map[int]taskState) int {
	items, err := a.jobItems(id)
	if err != nil {
		fmt.Fprintf(a.d.IO.Err, "warning: %v\n", err)
		return len(st)
	}
	failed, done := 0, 0
	for i, e := range items {
		ts, ok := st[e.ArrayTask]
		if !ok {
			ts = taskState{State: "UNKNOWN"}
		}
		name := e.Item
		if name == "" {
			name = e.Command
		}
		line := fmt.Sprintf("[%d/%d] %s: %s", i+1, len(items), name, ts.State)
		if ts.finished() {
			done++
			line += fmt.Sprintf(", exit %d", ts.Exit)
			if !ts.ok() {
				failed++
			}
		} else if ts.Reason != "" && ts.Reason != "None" {
			line += " (" + ts.Reason + ")"
		}
		fmt.Fprintf(a.d.IO.Err, "%s (log: %s)\n", line, e.Log)
	}
	fmt.Fprintf(a.d.IO.Err, "slurm job %s: %d items, %d ok, %d failed, %d not finished\n", id, len(items), done-failed, failed, len(items)-done)
	return failed + len(items) - done
}
