package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/sourcegraph/conc/pool"
	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/rules"
)

// items reads --input-list / --input-items; nil means no batch.
func (o *runOptions) items() ([]string, error) {
	var out []string
	if o.inputList != "" {
		f, err := os.Open(o.inputList)
		if err != nil {
			return nil, fmt.Errorf("--input-list: %w", err)
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			l := strings.TrimSpace(sc.Text())
			if l != "" && !strings.HasPrefix(l, "#") {
				out = append(out, l)
			}
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("--input-list %s: %w", o.inputList, err)
		}
		if len(out) == 0 {
			return nil, usagef("--input-list %s has no items", o.inputList)
		}
	}
	if o.inputItems != "" {
		for _, it := range strings.Split(o.inputItems, ",") {
			if it = strings.TrimSpace(it); it != "" {
				out = append(out, it)
			}
		}
	}
	return out, nil
}

// placeholders are the batch variables, in the order they are replaced.
var placeholders = []string{"{item}", "{stem}", "{basename}", "{dir}", "{ext}", "{nr}", "{}", "{line}"}

// sentinelTask replaces the placeholders with stand-in values that keep
// the first item's file type, so the task reads like a real one to the
// stages; the sentinels are turned back into placeholders afterwards.
func sentinelTask(task, first string) (string, map[string]string) {
	// Every stand-in is unique, so no one is found inside another when they
	// are turned back into placeholders ({ext} must not stand for "txt").
	stand := map[string]string{
		"{item}": "oxoitem" + fileExt(first), "{}": "oxoitem" + fileExt(first), "{line}": "oxoitem" + fileExt(first),
		"{stem}": "oxostem", "{basename}": "oxobase" + fileExt(first), "{dir}": "oxodir", "{ext}": "oxoext", "{nr}": "90909",
	}
	back := map[string]string{}
	for _, p := range placeholders {
		if strings.Contains(task, p) {
			task = strings.ReplaceAll(task, p, stand[p])
			back[stand[p]] = p
		}
	}
	return task, back
}

// fileExt returns the extension including a compression suffix (".fq.gz").
func fileExt(p string) string {
	b := filepath.Base(p)
	s := rules.Stem(b)
	return strings.TrimPrefix(b, s)
}

// interpolate fills a template argument for one item.
func interpolate(arg, item string, nr int) string {
	r := strings.NewReplacer("{item}", item, "{}", item, "{line}", item, "{stem}", rules.Stem(item), "{basename}", filepath.Base(item),
		"{dir}", filepath.Dir(item), "{ext}", strings.TrimPrefix(fileExt(item), "."), "{nr}", strconv.Itoa(nr))
	return r.Replace(arg)
}

// templateArgv turns the sentinels in argv back into placeholders.
func templateArgv(argv []string, back map[string]string) []string {
	// Longest stand-in first, in a fixed order, so the result never
	// depends on map order.
	keys := make([]string, 0, len(back))
	for k := range back {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(keys[i]) != len(keys[j]) {
			return len(keys[i]) > len(keys[j])
		}
		return keys[i] < keys[j]
	})
	out := make([]string, len(argv))
	for i, a := range argv {
		for _, k := range keys {
			a = strings.ReplaceAll(a, k, back[k])
		}
		out[i] = a
	}
	return out
}

// batchItem is one batch item expanded and checked: the command that
// would run for it (argv, and the file its standard output goes to), what
// Stage 5 and the batch checks found, and the messages of the error and
// dangerous findings that keep it from running unasked.
type batchItem struct {
	Nr       int
	Item     string
	Command  engine.Command
	Findings []engine.Finding
	Errors   []string
	Danger   []string
}

// expandCheckedBatch turns a batch template into one checked command per
// item. res was built once from the task with stand-ins (back maps each
// stand-in to its placeholder); every item's fill is assembled and goes
// through Stage 5 in cwd exactly like a single run (output equal to input,
// output exists, writing outside cwd …), and through the checks only a
// batch needs: two items writing one file, or one item writing a file
// another reads. A placeholder value that starts with "-" reaches the tool
// as "./-x", never as an option. Whatever executes the items (here, or a
// scheduler) runs only what this returns, under the same gate.
func expandCheckedBatch(eng *engine.Engine, res *engine.Result, back map[string]string, items []string, cwd string) []batchItem {
	out := make([]batchItem, len(items))
	writer := map[string]int{} // resolved output → first item writing it
	reader := map[string]int{} // resolved input → first item reading it
	for i, item := range items {
		f := itemFill(res.Fill, back, item, i+1)
		cmd, fs := eng.Check(res, f, cwd)
		out[i] = batchItem{Nr: i + 1, Item: item, Command: cmd, Findings: fs}
		for _, in := range f.Inputs {
			if _, ok := reader[engine.ResolvePath(cwd, in)]; !ok {
				reader[engine.ResolvePath(cwd, in)] = i
			}
		}
	}
	for i := range out {
		f := itemFill(res.Fill, back, items[i], i+1)
		for _, o := range f.Outputs {
			r := engine.ResolvePath(cwd, o)
			if j, ok := writer[r]; ok && j != i {
				out[i].Findings = append(out[i].Findings, engine.Finding{Severity: "error", Rule: "check.batch_same_output", Dangerous: true,
					Message: fmt.Sprintf("%s is also written by item %d (%s)", o, j+1, items[j])})
			} else if !ok {
				writer[r] = i
			}
			if j, ok := reader[r]; ok && j != i {
				out[i].Findings = append(out[i].Findings, engine.Finding{Severity: "error", Rule: "check.batch_output_is_input", Dangerous: true,
					Message: fmt.Sprintf("%s is an input of item %d (%s)", o, j+1, items[j])})
			}
		}
		for _, fd := range out[i].Findings {
			msg := fd.Message + " [" + fd.Rule + "]"
			if fd.Severity == "error" {
				out[i].Errors = append(out[i].Errors, msg)
			}
			if fd.Dangerous {
				out[i].Danger = append(out[i].Danger, msg)
			}
		}
	}
	return out
}

// itemFill is the template's fill with one item's values in place of the
// stand-ins.
func itemFill(tmpl *engine.Fill, back map[string]string, item string, nr int) *engine.Fill {
	f := *tmpl
	val := func(s string) string {
		t := templateArgv([]string{s}, back)[0]
		v := interpolate(t, item, nr)
		if t != s && len(v) > 1 && v[0] == '-' {
			v = "./" + v // an item is a file, never an option
		}
		return v
	}
	list := func(in []string) []string {
		if in == nil {
			return nil
		}
		out := make([]string, len(in))
		for i, s := range in {
			out[i] = val(s)
		}
		return out
	}
	f.Flags = make([]engine.FlagValue, len(tmpl.Flags))
	for i, fv := range tmpl.Flags {
		fv.Value = val(fv.Value)
		f.Flags[i] = fv
	}
	f.Positionals, f.Inputs, f.Outputs = list(tmpl.Positionals), list(tmpl.Inputs), list(tmpl.Outputs)
	if f.Stdout != "" {
		f.Stdout = val(f.Stdout)
	}
	if f.Stdin != "" {
		f.Stdin = val(f.Stdin)
	}
	return &f
}

// runBatch builds the command once, expands and checks it per item, and
// runs the items that pass with a bounded pool.
func (a *app) runBatch(ctx context.Context, cmd *ucli.Command, o *runOptions, items []string) error {
	if err := needArgs(cmd, 2, `TOOL "TASK"`); err != nil {
		return err
	}
	task, err := expandVars(cmd.Args().Get(1), o.vars)
	if err != nil {
		return err
	}
	if err := checkTask(task, o.scenario); err != nil {
		return err
	}
	if err := checkOneCommand(task); err != nil {
		return err
	}
	stTask, back := sentinelTask(task, items[0])
	if len(back) == 0 {
		return usagef("a batch task needs a placeholder such as {item} (or {stem}, {basename}, {dir}, {ext}, {nr})")
	}
	a.noCache = o.noCache
	eng := a.engine()
	res, err := eng.Generate(ctx, engine.Request{Tool: cmd.Args().Get(0), Task: stTask, Scenario: o.scenario})
	if err != nil {
		return err
	}
	tmplOut := templateArgv([]string{res.Command.Stdout}, back)[0]
	res.Command.Display = engine.QuoteArgv(templateArgv(res.Command.DisplayArgv, back))
	if tmplIn := templateArgv([]string{res.Command.Stdin}, back)[0]; tmplIn != "" {
		res.Command.Display += " < " + engine.QuoteArgv([]string{tmplIn})
	}
	if tmplOut != "" {
		res.Command.Display += " > " + engine.QuoteArgv([]string{tmplOut})
	}
	res.Task = task // history and messages show the user's template
	kept := res.Findings[:0]
	confirmed := map[string]bool{} // dangerous rules the user accepted for the template
	for _, f := range res.Findings {
		f.Message = templateArgv([]string{f.Message}, back)[0]
		if f.Rule == "check.input_missing" {
			continue // the stand-in does not exist; each item is checked below
		}
		if f.Dangerous && !o.yes {
			confirmed[f.Rule] = true
		}
		kept = append(kept, f)
	}
	res.Findings = kept
	if err := a.gate(res, &o.genOptions, o); err != nil {
		return err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	plan := expandCheckedBatch(eng, res, back, items, cwd)
	refused := a.batchGate(plan, o, confirmed)
	if o.toSlurm {
		return a.submitBatchSlurm(ctx, o, res, plan, refused, cwd)
	}
	n := len(items)
	if len(refused) > 0 && o.stopOnError {
		fmt.Fprintf(a.d.IO.Err, "batch: %d items, %d refused; nothing run (--stop-on-error)\n", n, len(refused))
		return silentExit(ExitRefused)
	}
	jobs := max(1, o.jobs)
	bctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	failed, done := 0, 0
	p := pool.New().WithMaxGoroutines(jobs)
	for i := range plan {
		it := &plan[i]
		if refused[i] {
			continue
		}
		p.Go(func() {
			if bctx.Err() != nil {
				return
			}
			// Parallel items write through a lock so lines do not interleave.
			var out io.Writer = &lockedWriter{mu: &mu, w: a.d.IO.Out}
			errw := &lockedWriter{mu: &mu, w: a.d.IO.Err}
			var code int
			var err error
			var in io.Reader
			if it.Command.Stdin != "" {
				f, ferr := openStdin(it.Command.Stdin)
				if ferr != nil {
					code, err = 1, ferr
				} else {
					defer f.Close()
					in = f
				}
			}
			switch {
			case err != nil:
			case it.Command.Stdout != "":
				f, ferr := os.OpenFile(it.Command.Stdout, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
				if ferr != nil {
					code, err = 1, ferr
				} else {
					code, err = runArgv(bctx, it.Command.Argv, in, f, errw)
					f.Close()
				}
			default:
				code, err = runArgv(bctx, it.Command.Argv, in, out, errw)
			}
			if err != nil && code == 0 {
				code = 127 // could not start, as a shell reports it
			}
			mu.Lock()
			done++
			if err != nil || code != 0 {
				failed++
				why := fmt.Sprintf("exit %d", code)
				if err != nil {
					why = err.Error()
				}
				fmt.Fprintf(a.d.IO.Err, "[%d/%d] %s: failed (%s)\n", it.Nr, n, printable(it.Item), printable(why))
				if o.stopOnError {
					cancel()
				}
			}
			mu.Unlock()
			e := a.entry(res, &code)
			e.Command = engine.QuoteArgv(it.Command.DisplayArgv)
			if it.Command.Stdin != "" {
				e.Command += " < " + engine.QuoteArgv([]string{it.Command.Stdin})
			}
			a.record(e)
		})
	}
	p.Wait()
	summary := fmt.Sprintf("batch: %d items, %d ok, %d failed", n, done-failed, failed)
	if len(refused) > 0 {
		summary += fmt.Sprintf(", %d refused", len(refused))
	}
	fmt.Fprintf(a.d.IO.Err, "%s, %d not run\n", summary, n-done-len(refused))
	switch {
	case len(refused) > 0:
		return silentExit(ExitRefused)
	case failed > 0:
		return silentExit(ExitError)
	}
	return nil
}

// batchGate applies the single-run gate to each checked item: an error
// finding refuses it, and so does a dangerous one under --yes (unless
// --force); the other dangerous items are confirmed together with one
// question. confirmed holds the dangerous rules already accepted for the
// template. It reports each refused item, naming it and its findings, and
// returns the refused items by index.
func (a *app) batchGate(plan []batchItem, o *runOptions, confirmed map[string]bool) map[int]bool {
	refused := map[int]bool{}
	n := len(plan)
	refuse := func(i int, why string) {
		refused[i] = true
		it := plan[i]
		fmt.Fprintf(a.d.IO.Err, "[%d/%d] %s: refused: %s: %s\n", it.Nr, n, printable(it.Item), printable(why), printable(it.Command.Display))
	}
	ask := map[int]string{}
	var order []int
	for i, it := range plan {
		for _, f := range it.Findings {
			// Errors and danger are in the refusal below, unless --force
			// runs the item anyway: then they are shown here.
			if f.Severity != "info" && (o.force || f.Severity == "warning" && !f.Dangerous) {
				fmt.Fprintf(a.d.IO.Err, "[%d/%d] %s: %s: %s [%s]\n", it.Nr, n, printable(it.Item), f.Severity, printable(f.Message), f.Rule)
			}
		}
		if o.force {
			continue
		}
		var danger []string
		for _, f := range it.Findings {
			if f.Dangerous && !confirmed[f.Rule] {
				danger = append(danger, f.Message+" ["+f.Rule+"]")
			}
		}
		switch {
		case len(it.Errors) > 0:
			refuse(i, strings.Join(it.Errors, "; "))
		case len(danger) > 0 && o.yes:
			refuse(i, "dangerous with --yes (add --force to run it anyway): "+strings.Join(danger, "; "))
		case len(danger) > 0:
			ask[i] = strings.Join(danger, "; ")
			order = append(order, i)
		}
	}
	if len(order) == 0 {
		return refused
	}
	if !a.d.IO.Interactive {
		for _, i := range order {
			refuse(i, "dangerous, and no terminal to ask on (--yes --force runs it anyway): "+ask[i])
		}
		return refused
	}
	var lines []string
	for _, i := range order {
		lines = append(lines, fmt.Sprintf("  %s: %s", plan[i].Item, ask[i]))
	}
	ok, err := a.confirm(fmt.Sprintf("%d items are dangerous:\n%s\nRun them?", len(order), strings.Join(lines, "\n")))
	if ok && err == nil {
		return refused
	}
	for _, i := range order {
		refuse(i, "dangerous, not confirmed: "+ask[i])
	}
	return refused
}

// lockedWriter serialises writes from parallel items.
type lockedWriter struct {
	mu *sync.Mutex
	w  interface{ Write([]byte) (int, error) }
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
