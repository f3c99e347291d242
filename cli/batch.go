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

// runBatch builds the command once and runs it per item with a bounded pool.
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
	stTask, back := sentinelTask(task, items[0])
	if len(back) == 0 {
		return usagef("a batch task needs a placeholder such as {item} (or {stem}, {basename}, {dir}, {ext}, {nr})")
	}
	a.noCache = o.noCache
	res, err := a.engine().Generate(ctx, engine.Request{Tool: cmd.Args().Get(0), Task: stTask, Scenario: o.scenario})
	if err != nil {
		return err
	}
	tmpl := templateArgv(res.Command.Argv, back)
	tmplOut := templateArgv([]string{res.Command.Stdout}, back)[0]
	res.Command.Display = engine.QuoteArgv(templateArgv(res.Command.DisplayArgv, back))
	if tmplOut != "" {
		res.Command.Display += " > " + engine.QuoteArgv([]string{tmplOut})
	}
	res.Task = task // history and messages show the user's template
	kept := res.Findings[:0]
	for _, f := range res.Findings {
		f.Message = templateArgv([]string{f.Message}, back)[0]
		if f.Rule == "check.input_missing" {
			continue // the stand-in does not exist; the items are checked when run
		}
		kept = append(kept, f)
	}
	res.Findings = kept
	if err := a.gate(res, &o.genOptions, o); err != nil {
		return err
	}
	jobs := max(1, o.jobs)
	bctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	failed, done := 0, 0
	p := pool.New().WithMaxGoroutines(jobs)
	for i, item := range items {
		p.Go(func() {
			if bctx.Err() != nil {
				return
			}
			argv := make([]string, len(tmpl))
			for j, t := range tmpl {
				argv[j] = interpolate(t, item, i+1)
			}
			// Parallel items write through a lock so lines do not interleave.
			var out io.Writer = &lockedWriter{mu: &mu, w: a.d.IO.Out}
			errw := &lockedWriter{mu: &mu, w: a.d.IO.Err}
			var code int
			var err error
			if tmplOut != "" {
				path := interpolate(tmplOut, item, i+1)
				f, ferr := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
				if ferr != nil {
					code, err = 1, ferr
				} else {
					code, err = runArgv(bctx, argv, nil, f, errw)
					f.Close()
				}
			} else {
				code, err = runArgv(bctx, argv, nil, out, errw)
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
				fmt.Fprintf(a.d.IO.Err, "[%d/%d] %s: failed (%s)\n", i+1, len(items), printable(item), printable(why))
				if o.stopOnError {
					cancel()
				}
			}
			mu.Unlock()
			e := a.entry(res, &code)
			shown := append([]string{res.Command.DisplayArgv[0]}, argv[len(argv)-len(res.Command.Args):]...)
			e.Command = engine.QuoteArgv(shown)
			a.record(e)
		})
	}
	p.Wait()
	fmt.Fprintf(a.d.IO.Err, "batch: %d items, %d ok, %d failed, %d not run\n", len(items), done-failed, failed, len(items)-done)
	if failed > 0 {
		return silentExit(ExitError)
	}
	return nil
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
