package engine

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/traitome/oxo-call/parsers"
)

// mapRunner serves canned help by the arguments after argv[0]; unknown
// arguments, and programs other than only (when set), print nothing. It
// records every run.
type mapRunner struct {
	only string
	out  map[string]string
	errs map[string]error
	mu   sync.Mutex
	ran  []string
}

func (r *mapRunner) Run(ctx context.Context, spec RunSpec) RunResult {
	key := strings.Join(spec.Argv[1:], " ")
	r.mu.Lock()
	r.ran = append(r.ran, strings.Join(spec.Argv, " "))
	r.mu.Unlock()
	if r.only != "" && filepath.Base(spec.Argv[0]) != r.only {
		return RunResult{ExitCode: 1}
	}
	if err := r.errs[key]; err != nil {
		return RunResult{Err: err, ExitCode: -1}
	}
	return RunResult{Output: []byte(r.out[key]), ExitCode: 1}
}

const nestRoot = `Usage: nest <command> [options]

Commands:
  plugin      run a plugin
  stats       summary statistics
`

const nestPlugin = `Usage: nest plugin <name> [options]

Commands:
  fill        fill in tags
  purge       remove tags
`

const nestPluginFill = `Usage: nest plugin fill [options] <in.vcf>

Options:
  -t, --tags LIST     tags to fill
  -o FILE             output file
`

const nestStats = `Usage: nest stats [options] <in.vcf>

Options:
  -s LIST     samples to include
  -v          verbose output
`

func TestExploreNestedSubcommands(t *testing.T) {
	r := &mapRunner{out: map[string]string{
		"--help":              nestRoot,
		"plugin --help":       nestPlugin,
		"plugin fill --help":  nestPluginFill,
		"plugin purge --help": nestRoot, // prints the root again: no help of its own
		"stats --help":        nestStats,
		"--version":           "nest 0.9.1",
	}}
	x := &Explorer{Rules: builtinRules, Runner: r}
	tr := &Trace{}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "nest", Executable: "nest", ResolvedPath: "/x/nest", Installed: true}, tr)
	plugin := FindSubcommand(doc.Subcommands, "plugin")
	if plugin == nil || len(plugin.Subcommands) != 2 {
		t.Fatalf("plugin %+v", plugin)
	}
	fill := FindSubcommand(plugin.Subcommands, "fill")
	if fill == nil || fill.Parser == "" || len(fill.Flags) != 2 {
		t.Fatalf("plugin fill %+v", fill)
	}
	if tags, ok := LookupFlag(fill.Flags, "-t"); !ok || tags.Name != "--tags" {
		t.Errorf("fill flags %+v", fill.Flags)
	}
	if purge := FindSubcommand(plugin.Subcommands, "purge"); purge == nil || purge.Parser != "" {
		t.Errorf("purge printed its grandparent's help and must have no parser: %+v", purge)
	}
	if doc.SubcommandHelps["plugin fill"] == "" || doc.SubcommandHelps["stats"] == "" {
		t.Errorf("helps: %d", len(doc.SubcommandHelps))
	}
	if doc.CLIStyle != "subcommand" && doc.CLIStyle == "" {
		t.Errorf("style %q", doc.CLIStyle)
	}
	if eventWith(tr, "depth 2: 2 subcommands, 1 with their own help") == nil {
		t.Errorf("trace lacks depth 2: %v", whats(tr))
	}
	// MaxDepth 1 stops at the first level; MaxSubcommands limits each level.
	x.Opts = ExploreOptions{MaxDepth: 1, MaxSubcommands: 1}
	doc = x.Explore(context.Background(), &ToolRecord{Name: "nest", Executable: "nest", ResolvedPath: "/x/nest", Installed: true}, nil)
	if len(doc.Subcommands) != 1 || doc.Subcommands[0].Name != "plugin" || len(doc.Subcommands[0].Subcommands) != 0 {
		t.Errorf("limited: %+v", doc.Subcommands)
	}
}

func whats(tr *Trace) []string {
	var out []string
	for _, e := range tr.Events() {
		out = append(out, e.What)
	}
	return out
}

func TestExploreSubcommandRelistingIsNotRecursedInto(t *testing.T) {
	// "loop sub --help" prints a different text listing the same commands
	// as the root: those are not the subcommand's own.
	r := &mapRunner{out: map[string]string{
		"--help":     "Usage: loop <command>\n\nCommands:\n  sub     do a thing\n  other   do another\n",
		"sub --help": "loop sub: do a thing\nUsage: loop sub <command>\n\nCommands:\n  sub     do a thing\n  other   do another\n",
	}}
	x := &Explorer{Rules: builtinRules, Runner: r}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "loop", Executable: "loop", ResolvedPath: "/x/loop", Installed: true}, nil)
	sub := FindSubcommand(doc.Subcommands, "sub")
	if sub == nil || len(sub.Subcommands) != 0 {
		t.Fatalf("sub %+v", sub)
	}
	for _, run := range r.ran {
		if strings.Contains(run, "sub sub") || strings.Contains(run, "sub other") {
			t.Errorf("recursed into a relisting: %q", run)
		}
	}
	if !subsetOf(nil, nil) || subsetOf([]parsers.Entry{{Name: "x"}}, nil) {
		t.Error("subsetOf")
	}
}

func TestExploreCompanionsAndFailures(t *testing.T) {
	r := &mapRunner{only: "comp",
		out: map[string]string{"--help": "Usage: comp [options] <in>\n\nOptions:\n  -o FILE   output file\n  -t INT    threads\n"},
	}
	rec := &ToolRecord{Name: "comp", Executable: "comp", ResolvedPath: "/x/comp", Installed: true,
		CompanionTools: []Companion{{Name: "comp-quiet", Path: "/x/comp-quiet"}}}
	tr := &Trace{}
	doc := (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), rec, tr)
	// A companion with no help is kept, without a parser.
	if len(doc.Companions) != 1 || doc.Companions[0].Parser != "" || eventWith(tr, "companion comp-quiet: no usable help") == nil {
		t.Errorf("companions %+v", doc.Companions)
	}
	if len(doc.Flags) != 2 || doc.DocQuality <= 0.5 {
		t.Errorf("flags %d quality %.2f", len(doc.Flags), doc.DocQuality)
	}
	// A tool that cannot be started: every probe says why, and the doc
	// has no help but keeps its companions.
	boom := errors.New("exec format error")
	r = &mapRunner{errs: map[string]error{}}
	for _, p := range rootProbes {
		r.errs[strings.Join(p, " ")] = boom
	}
	doc = (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), rec, nil)
	if doc.RawHelp != "" || doc.SchemaSource != "none" || len(doc.Probes) != len(rootProbes) {
		t.Fatalf("unstartable: source %q probes %d", doc.SchemaSource, len(doc.Probes))
	}
	if !strings.HasPrefix(doc.Probes[0].Reason, "could not start: exec format error") || doc.Probes[0].Valid {
		t.Errorf("probe %+v", doc.Probes[0])
	}
	if doc.DocQuality != 0.2 || len(doc.Companions) != 1 {
		t.Errorf("quality %.2f with a companion", doc.DocQuality)
	}
	// A cancelled context runs no probe at all.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran := len(r.ran)
	doc = (&Explorer{Rules: builtinRules, Runner: r}).Explore(ctx, &ToolRecord{Name: "comp", Executable: "comp", ResolvedPath: "/x/comp"}, nil)
	if len(doc.Probes) != 0 || len(r.ran) != ran {
		t.Errorf("cancelled: %d probes", len(doc.Probes))
	}
}

func TestExploreKeepsRejectedShortUsageAsFallback(t *testing.T) {
	// --help is rejected with a short usage; nothing better comes later.
	short := "Failed to parse command line: No such option \"--help\".\nUsage: hm [options] <hmmfile> <seqdb>\n\nwhere most common options are:\n  -h : show brief help on version and usage\n"
	r := &mapRunner{out: map[string]string{"--help": short}}
	doc := (&Explorer{Rules: builtinRules, Runner: r}).Explore(context.Background(), &ToolRecord{Name: "hm", Executable: "hm", ResolvedPath: "/x/hm", Installed: true}, nil)
	if doc.RawHelp != short {
		t.Fatalf("help %q", doc.RawHelp)
	}
	last := doc.Probes[len(doc.Probes)-1]
	if !strings.HasSuffix(last.Reason, "; kept the short usage of an earlier probe") {
		t.Errorf("last probe %+v", last)
	}
	if doc.Probes[0].Rule != "validity.rejected_probe" || doc.Probes[0].Valid {
		t.Errorf("first probe %+v", doc.Probes[0])
	}
}

func TestFromTextListsSubcommands(t *testing.T) {
	x := &Explorer{Rules: builtinRules}
	tr := &Trace{}
	doc := x.FromText(&ToolRecord{Name: "nest", Executable: "nest"}, nestRoot, tr)
	var names []string
	for _, s := range doc.Subcommands {
		names = append(names, s.Name)
		if s.Parser != "" || s.Flags == nil || s.Positionals == nil {
			t.Errorf("listed subcommand %+v: not probed, empty lists", s)
		}
	}
	if !slices.Equal(names, []string{"plugin", "stats"}) || doc.RawHelp != nestRoot || doc.CLIStyle == "" {
		t.Errorf("subcommands %q style %q", names, doc.CLIStyle)
	}
	if eventWith(tr, "user docs help") == nil {
		t.Errorf("trace %v", whats(tr))
	}
	// A flag list: flags categorised, no subcommands, decent quality.
	doc = x.FromText(&ToolRecord{Name: "q", Executable: "q"}, userHelp, nil)
	if len(doc.Flags) != 2 || doc.Flags[0].Category != "Output" || doc.Flags[1].Category != "Performance" || len(doc.Subcommands) != 0 {
		t.Errorf("flags %+v", doc.Flags)
	}
	if doc.DocQuality < 0.7 {
		t.Errorf("quality %.2f", doc.DocQuality)
	}
	// Empty text: an empty but well-formed doc.
	doc = x.FromText(&ToolRecord{Name: "e", Executable: "e"}, "", nil)
	if doc.Flags == nil || doc.Subcommands == nil || doc.Positionals == nil || doc.UsagePatterns == nil || doc.GlobalFlags == nil {
		t.Errorf("nil lists in %+v", doc)
	}
}

func TestProberBudgetAndAncestors(t *testing.T) {
	r := &mapRunner{out: map[string]string{"x --help": "root text that is long enough to count as help for the validity rules: usage"}}
	p := &prober{rules: builtinRules, runner: r, timeout: time.Second, deadline: time.Now().Add(time.Minute), maxOut: 1 << 10}
	hr := p.find(context.Background(), []string{"/t"}, [][]string{{"x", "--help"}}, false, "parent text", "ROOT", "  root text that is long enough to count as help for the validity rules: usage\n")
	if hr.text != "" || hr.probes[0].Rule != "validity.same_as_parent" {
		t.Errorf("the same text as an ancestor was accepted: %+v", hr.probes)
	}
	p.deadline = time.Now().Add(-time.Second)
	hr = p.find(context.Background(), []string{"/t"}, [][]string{{"x", "--help"}}, false, "")
	if !hr.exhausted || len(hr.probes) != 0 {
		t.Errorf("spent budget: %+v", hr)
	}
}

// A help that says a subcommand run without parameters prints its own
// help (kmc_tools' "type operation name without parameters") has each
// subcommand run bare; a help that does not say so never has.
func TestExploreRunsSubcommandsBareWhenTheHelpSaysSo(t *testing.T) {
	const root = `Usage:
 ops [global parameters] <operation> [operation parameters]
Available operations:
  shrink               - shrinks a database
  merge                - merges two databases
 global parameters:
  -t<value>            - total number of threads
For detailed help of concrete operation type operation name without parameters:
ops merge
`
	const merge = `merge operation merges two databases
Usage: ops merge <in1> <in2> <out> [options]
  -ci<value>  exclude k-mers occurring less than <value> times
  -o <kmc|kff>  output format
`
	r := &mapRunner{out: map[string]string{"--help": root, "merge --help": root, "merge": merge, "shrink": "shrink: give a database"}}
	x := &Explorer{Rules: builtinRules, Runner: r}
	tr := &Trace{}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "ops", Executable: "ops", ResolvedPath: "/x/ops", Installed: true}, tr)
	m := FindSubcommand(doc.Subcommands, "merge")
	if m == nil || len(m.Flags) != 2 {
		t.Fatalf("merge: %+v (ran %v)", m, r.ran)
	}
	if eventWith(tr, "run with no arguments") == nil {
		t.Errorf("trace lacks the bare plan: %v", whats(tr))
	}
	r2 := &mapRunner{out: map[string]string{"--help": strings.Replace(root, "without parameters", "with --help", 1)}}
	x.Runner = r2
	x.Explore(context.Background(), &ToolRecord{Name: "ops", Executable: "ops", ResolvedPath: "/x/ops", Installed: true}, nil)
	if slices.Contains(r2.ran, "/x/ops merge") {
		t.Errorf("merge was run bare though the help does not say so: %v", r2.ran)
	}
}

// A program that refuses every help probe for want of input ("no program
// given") is run bare, and its usage read; one that refuses them for
// another reason is not.
func TestExploreRunsBareAfterRefusalForWantOfInput(t *testing.T) {
	refuse := "awkish: unknown option -h ignored\n\nawkish: no program given\n"
	out := map[string]string{"": "usage: awkish [-F fs] [-v var=value] [-c fmt] [-f progfile | 'prog'] [file ...]\n"}
	for _, a := range rootProbes {
		out[strings.Join(a, " ")] = refuse
	}
	r := &mapRunner{out: out}
	x := &Explorer{Rules: builtinRules, Runner: r}
	tr := &Trace{}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "awkish", Executable: "awkish", ResolvedPath: "/x/awkish", Installed: true}, tr)
	if _, ok := LookupFlag(doc.Flags, "-c"); !ok {
		t.Fatalf("the bare usage was not read: flags %+v (ran %v)", doc.Flags, r.ran)
	}
	if eventWith(tr, "run bare") == nil {
		t.Errorf("trace lacks the bare call: %v", whats(tr))
	}
	for k := range out {
		if k != "" {
			out[k] = "awkish: unrecognized option\n"
		}
	}
	r2 := &mapRunner{out: out}
	x.Runner = r2
	x.Explore(context.Background(), &ToolRecord{Name: "awkish", Executable: "awkish", ResolvedPath: "/x/awkish", Installed: true}, nil)
	if slices.Contains(r2.ran, "/x/awkish") {
		t.Errorf("run bare though no probe said it wants input: %v", r2.ran)
	}
}
