package engine

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRetryStarved(t *testing.T) {
	var mu sync.Mutex
	var probed []int
	probeWith := func(again func(i int) bool) func(int) bool {
		probed = nil
		return func(i int) bool {
			mu.Lock()
			probed = append(probed, i)
			mu.Unlock()
			return again(i)
		}
	}
	never := func() bool { return false }

	// The first retry answers: every starved probe is retried.
	n, out := retryStarved([]bool{true, false, true, true}, probeWith(func(int) bool { return false }), 2, never)
	slices.Sort(probed)
	if n != 3 || out != (retryOutcome{tried: 3, answered: 3}) || !slices.Equal(probed, []int{0, 2, 3}) {
		t.Errorf("answered: n %d outcome %+v probed %v", n, out, probed)
	}
	// The first retry, run alone, times out again: the tool hangs on
	// subcommand help and the others are not retried.
	n, out = retryStarved([]bool{false, true, true}, probeWith(func(int) bool { return true }), 2, never)
	if n != 2 || out != (retryOutcome{tried: 1}) || !slices.Equal(probed, []int{1}) {
		t.Errorf("hung: n %d outcome %+v probed %v", n, out, probed)
	}
	// One of the rest times out again: counted as tried, not answered.
	n, out = retryStarved([]bool{true, true, true}, probeWith(func(i int) bool { return i == 2 }), 1, never)
	if n != 3 || out != (retryOutcome{tried: 3, answered: 2}) {
		t.Errorf("partly: n %d outcome %+v", n, out)
	}
	// The budget is spent: nothing is retried.
	n, out = retryStarved([]bool{true}, probeWith(func(int) bool { return false }), 2, func() bool { return true })
	if n != 1 || out != (retryOutcome{}) || len(probed) != 0 {
		t.Errorf("stopped: n %d outcome %+v probed %v", n, out, probed)
	}
	// Nothing starved: nothing to do.
	if n, out := retryStarved([]bool{false}, probeWith(func(int) bool { return false }), 2, never); n != 0 || out != (retryOutcome{}) || len(probed) != 0 {
		t.Errorf("none: n %d outcome %+v", n, out)
	}
}

// starveRunner serves canned help, but each subcommand's first help probe
// times out, as one does when many start at once on few CPUs; hang names
// the subcommands whose help probe always times out.
type starveRunner struct {
	mapRunner
	hang map[string]bool
	seen map[string]bool
}

func (r *starveRunner) Run(ctx context.Context, spec RunSpec) RunResult {
	args := spec.Argv[1:]
	if len(args) == 2 && args[1] == "--help" {
		r.mu.Lock()
		first := !r.seen[args[0]]
		r.seen[args[0]] = true
		r.mu.Unlock()
		if first || r.hang[args[0]] {
			return RunResult{TimedOut: true, ExitCode: -1}
		}
	}
	return r.mapRunner.Run(ctx, spec)
}

func TestExploreRetriesStarvedProbes(t *testing.T) {
	nest := &ToolRecord{Name: "nest", Executable: "nest", ResolvedPath: "/x/nest", Installed: true}
	helps := map[string]string{"--help": nestRoot, "plugin --help": nestPlugin, "stats --help": nestStats, "--version": "nest 0.9.1"}

	r := &starveRunner{mapRunner: mapRunner{out: helps}, seen: map[string]bool{}}
	tr := &Trace{}
	doc := (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), nest, tr)
	stats := FindSubcommand(doc.Subcommands, "stats")
	if stats == nil || stats.Parser == "" || len(stats.Flags) == 0 || doc.SubcommandHelps["stats"] == "" {
		t.Fatalf("stats after a retry: %+v", stats)
	}
	if eventWith(tr, "depth 1: 2 subcommand help probes timed out with 2 in flight; retried 2 with fewer at once, 2 in time") == nil {
		t.Errorf("trace: %+v", tr.Events())
	}

	// A subcommand that times out alone too: the tool hangs on it, and the
	// other starved one is not retried.
	r = &starveRunner{mapRunner: mapRunner{out: helps}, seen: map[string]bool{}, hang: map[string]bool{"plugin": true, "stats": true}}
	tr = &Trace{}
	doc = (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), nest, tr)
	if s := FindSubcommand(doc.Subcommands, "stats"); s == nil || s.Parser != "" {
		t.Errorf("a hung subcommand has no help: %+v", s)
	}
	if eventWith(tr, "retried 1 with fewer at once, 0 in time") == nil {
		t.Errorf("hung trace: %+v", tr.Events())
	}
}

func TestGenerateReadsChosenSubcommandHelp(t *testing.T) {
	nest := &ToolRecord{Name: "nest", Executable: "nest", ResolvedPath: "/x/nest", Installed: true}
	// Exploration read no help for stats (it timed out); the tool answers now.
	noStats := &mapRunner{out: map[string]string{"--help": nestRoot, "plugin --help": nestPlugin}}
	doc := (&Explorer{Rules: builtinRules, Runner: noStats}).Explore(context.Background(), nest, nil)
	if s := FindSubcommand(doc.Subcommands, "stats"); s == nil || s.Parser != "" {
		t.Fatalf("stats should start unread: %+v", s)
	}
	live := &mapRunner{out: map[string]string{"--help": nestRoot, "stats --help": nestStats}}
	cache := NewCache(t.TempDir(), 4)
	e := New(Options{Rules: builtinRules, Runner: live, Cache: cache})
	req := Request{Tool: "nest", Task: "summary statistics of calls.vcf with verbose output", Scenario: "doc"}

	res, err := e.GenerateFrom(context.Background(), req, nest, doc, &Result{Tool: "nest", Task: req.Task, Trace: &Trace{}, Scenario: "doc", DocKey: "k1"})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Command.Display; got != "nest stats -v calls.vcf" {
		t.Errorf("command %q (evidence %q)", got, res.Fill.Evidence)
	}
	if eventWith(res.Trace, "read the help of the chosen subcommand stats now (exploration left it unread): 2 flags") == nil {
		t.Errorf("trace: %+v", res.Trace.Events())
	}
	if !slices.ContainsFunc(live.ran, func(s string) bool { return strings.HasSuffix(s, "stats --help") }) {
		t.Errorf("ran %v", live.ran)
	}
	// The cache holds the help now; the doc passed in is unchanged.
	if c, _ := cache.Get("nest", "k1"); c == nil || FindSubcommand(c.Subcommands, "stats").Parser == "" {
		t.Errorf("cached doc lacks the help: %+v", c)
	}
	if FindSubcommand(doc.Subcommands, "stats").Parser != "" {
		t.Error("the caller's doc was changed")
	}

	// A doc that was not read from the installed tool (no cache key) is
	// not probed.
	live.ran = nil
	if _, err := e.GenerateFrom(context.Background(), req, nest, doc, nil); err != nil || len(live.ran) != 0 {
		t.Errorf("probed a doc not read from the tool: %v %v", err, live.ran)
	}

	// A subcommand that prints no help is probed once; the cache
	// remembers, and the command is built without it.
	mute := &mapRunner{out: map[string]string{"--help": nestRoot}}
	e = New(Options{Rules: builtinRules, Runner: mute, Cache: cache})
	res, err = e.GenerateFrom(context.Background(), req, nest, doc, &Result{Tool: "nest", Task: req.Task, Trace: &Trace{}, Scenario: "doc", DocKey: "k2"})
	if err != nil || eventWith(res.Trace, "the chosen subcommand stats prints no help of its own") == nil {
		t.Fatalf("%v trace: %+v", err, res.Trace.Events())
	}
	if c, _ := cache.Get("nest", "k2"); c == nil || !FindSubcommand(c.Subcommands, "stats").NoHelp {
		t.Errorf("cached doc does not record it: %+v", c)
	}
}

func TestWithSubcommand(t *testing.T) {
	list := []SubcommandDoc{{Name: "a", Description: "A"}, {Name: "p", Subcommands: []SubcommandDoc{{Name: "x", Description: "listed"}}}}
	out := withSubcommand(list, []string{"p", "x"}, SubcommandDoc{Name: "x", Parser: "getopt"})
	if got := out[1].Subcommands[0]; got.Parser != "getopt" || got.Description != "listed" {
		t.Errorf("nested: %+v", got)
	}
	if list[1].Subcommands[0].Parser != "" {
		t.Error("the list was changed")
	}
	out = withSubcommand(list, []string{"a"}, SubcommandDoc{Name: "a", Description: "own", Parser: "p"})
	if out[0].Description != "own" {
		t.Errorf("own description: %+v", out[0])
	}
	if out = withSubcommand(list, []string{"zz"}, SubcommandDoc{Name: "zz"}); len(out) != 2 {
		t.Errorf("absent: %+v", out)
	}
}

func TestHelpOfChosenSkips(t *testing.T) {
	e := New(Options{Rules: builtinRules, Runner: &mapRunner{}})
	rec := &ToolRecord{Executable: "nest", Installed: true}
	doc := &ToolDoc{RawHelp: "x", Subcommands: []SubcommandDoc{{Name: "p", Parser: "getopt", Subcommands: []SubcommandDoc{{Name: "x"}}}, {Name: "q", Parser: "getopt"}, {Name: "n", NoHelp: true}}}
	for _, c := range []struct {
		name string
		rec  *ToolRecord
		path []string
		live bool
	}{
		{"not live", rec, []string{"p", "x"}, false},
		{"no subcommand", rec, nil, true},
		{"not installed", &ToolRecord{Executable: "nest"}, []string{"p", "x"}, true},
		{"unlisted", rec, []string{"p", "y"}, true},
		{"has help", rec, []string{"q"}, true},
		{"known to have none", rec, []string{"n"}, true},
	} {
		if d, n, read := e.helpOfChosen(context.Background(), c.rec, doc, c.path, c.live); d != nil || n != 0 || read {
			t.Errorf("%s: probed", c.name)
		}
	}
}

func TestHelpOfChosenRemembersNone(t *testing.T) {
	rec := &ToolRecord{Executable: "nest", Installed: true}
	doc := &ToolDoc{RawHelp: "x", Subcommands: []SubcommandDoc{{Name: "p", Parser: "getopt", Subcommands: []SubcommandDoc{{Name: "x", Description: "listed"}}}}}
	// The tool prints nothing for p x: the doc returned records it, unread.
	r := &mapRunner{}
	e := New(Options{Rules: builtinRules, Runner: r})
	d, n, read := e.helpOfChosen(context.Background(), rec, doc, []string{"p", "x"}, true)
	if d == nil || read || n != 0 {
		t.Fatalf("no help: doc %v read %v", d != nil, read)
	}
	if x := FindSubcommand(FindSubcommand(d.Subcommands, "p").Subcommands, "x"); !x.NoHelp || x.Description != "listed" || x.Parser != "" {
		t.Errorf("recorded %+v", x)
	}
	if FindSubcommand(FindSubcommand(doc.Subcommands, "p").Subcommands, "x").NoHelp {
		t.Error("the caller's doc was changed")
	}
	// From the recorded doc nothing is probed again.
	r.ran = nil
	if d2, _, _ := e.helpOfChosen(context.Background(), rec, d, []string{"p", "x"}, true); d2 != nil || len(r.ran) != 0 {
		t.Errorf("probed again: %v", r.ran)
	}
	// A probe that ran out of time records nothing: the next run tries.
	e = New(Options{Rules: builtinRules, Runner: timingOut{}})
	if d, _, _ := e.helpOfChosen(context.Background(), rec, doc, []string{"p", "x"}, true); d != nil {
		t.Errorf("a timed-out probe was recorded: %+v", FindSubcommand(FindSubcommand(d.Subcommands, "p").Subcommands, "x"))
	}
}

// slowRunner answers every help probe; the root's takes long (a JVM
// start, reported, not slept) and each subcommand's sleeps sub. It
// records the most subcommand probes in flight at once.
type slowRunner struct {
	root     string
	sub      time.Duration
	mu       sync.Mutex
	inFlight int
	most     int
}

func (r *slowRunner) Run(ctx context.Context, spec RunSpec) RunResult {
	if len(spec.Argv) == 2 {
		return RunResult{Output: []byte(r.root), Elapsed: 400 * time.Millisecond}
	}
	r.mu.Lock()
	r.inFlight++
	r.most = max(r.most, r.inFlight)
	r.mu.Unlock()
	time.Sleep(r.sub)
	r.mu.Lock()
	r.inFlight--
	r.mu.Unlock()
	name := spec.Argv[1]
	return RunResult{Output: []byte("Usage: slow " + name + " [options] <in>\n\nOptions:\n  -x INT   an option of " + name + "\n"), Elapsed: r.sub}
}

// A tool whose every start is slow has its subcommands probed one per CPU
// at a time, and only in the first quarter of the budget; the rest are
// listed, unread, for helpOfChosen.
func TestExploreHeavyToolLeavesSubcommandsForLater(t *testing.T) {
	var b strings.Builder
	b.WriteString("Usage: slow <command> [options]\n\nCommands:\n")
	for i := range 100 {
		fmt.Fprintf(&b, "  cmd%03d    does thing %d\n", i, i)
	}
	r := &slowRunner{root: b.String(), sub: 300 * time.Millisecond}
	tr := &Trace{}
	x := &Explorer{Rules: builtinRules, Runner: r, Opts: ExploreOptions{Budget: 2 * time.Second, HeavyStart: 250 * time.Millisecond}}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "slow", Executable: "slow", ResolvedPath: "/x/slow", Installed: true}, tr)
	if len(doc.Subcommands) != 100 {
		t.Fatalf("%d subcommands listed", len(doc.Subcommands))
	}
	read := 0
	for _, s := range doc.Subcommands {
		if s.Parser != "" {
			read++
		}
	}
	if r.most > max(1, runtime.NumCPU()) {
		t.Errorf("%d subcommand probes in flight, want at most one per CPU (%d)", r.most, runtime.NumCPU())
	}
	if read == 0 || read == 100 || eventWith(tr, fmt.Sprintf("%d subcommands left unread: each start of the tool is slow", 100-read)) == nil {
		t.Errorf("%d read; trace %+v", read, tr.Events())
	}
}

// timingOut is a Runner whose every program runs out of time.
type timingOut struct{}

func (timingOut) Run(context.Context, RunSpec) RunResult {
	return RunResult{TimedOut: true, ExitCode: -1}
}
