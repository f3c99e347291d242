package engine

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/parsers"
	"github.com/traitome/oxo-call/rules"
)

// ExploreOptions bound Stage 2.
type ExploreOptions struct {
	// ProbeTimeout bounds one probe (default 5 s); Budget all probes of one
	// tool (default 60 s).
	ProbeTimeout, Budget time.Duration
	// MaxDepth bounds subcommand recursion (default 3); MaxSubcommands the
	// subcommands probed per level (default 200).
	MaxDepth, MaxSubcommands int
	// Jobs bounds parallel probes (default: 8 per CPU, at least 8). A probe
	// is a short process that mostly waits on exec and exit, so more probes
	// than CPUs in flight pay off: on 2 cores, samtools' 55 probes take
	// 0.58× the wall time of one at a time with 16 in flight, 0.64× with 8,
	// and no better with 32 (BenchmarkExploreLive).
	Jobs int
	// MaxOutput caps one probe's output (default 256 KB).
	MaxOutput int
	// MaxProbed bounds the subcommands probed at all depths together
	// (default 400; mmseqs has 119): a tool whose every subcommand lists
	// 32 more ran 33,698 probes and wrote a 95 MB ToolDoc.
	MaxProbed int
	// MaxHelpBytes bounds the help text kept for one tool (default 8 MB);
	// past it no more subcommands are probed.
	MaxHelpBytes int
	// MaxCompanions bounds the companions probed (default 32).
	MaxCompanions int
	// HeavyStart marks a tool whose every start is costly (an interpreter
	// or a JVM: PicardCommandLine's help takes 0.3 s, pairtools' 1.2 s)
	// when its probes so far took this long on average (default 250 ms).
	// Its subcommands are probed at most one per CPU at a time, since
	// more in flight only make each one time out, and only for the first
	// quarter of the budget: the rest are read when Stage 3 chooses one
	// (Engine.helpOfChosen), so a first run stays well inside the budget.
	HeavyStart time.Duration
}

func (o ExploreOptions) withDefaults() ExploreOptions {
	if o.ProbeTimeout <= 0 {
		o.ProbeTimeout = 5 * time.Second
	}
	if o.Budget <= 0 {
		o.Budget = 60 * time.Second
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = 3
	}
	if o.MaxSubcommands <= 0 {
		o.MaxSubcommands = 200
	}
	if o.Jobs <= 0 {
		o.Jobs = max(8, 8*runtime.NumCPU())
	}
	if o.MaxOutput <= 0 {
		o.MaxOutput = 256 << 10
	}
	if o.MaxProbed <= 0 {
		o.MaxProbed = 400
	}
	if o.HeavyStart <= 0 {
		o.HeavyStart = 250 * time.Millisecond
	}
	if o.MaxHelpBytes <= 0 {
		o.MaxHelpBytes = 8 << 20
	}
	if o.MaxCompanions <= 0 {
		o.MaxCompanions = 32
	}
	return o
}

// Explorer is Stage 2: it probes a tool's help and reads it into a ToolDoc.
type Explorer struct {
	Rules  *rules.Set
	Runner Runner
	Opts   ExploreOptions
	// Progress, when set, hears how far a long exploration is.
	Progress func(done, total int)
}

// level is one parsed help text.
type level struct {
	schema    *parsers.Schema
	framework string
	style     string
	rule      *rules.Rule
	entries   []parsers.Entry
	// secondary names the flags only a detailed help that adds to the
	// root help lists (a probes rule's detail_secondary).
	secondary map[string]bool
}

// Explore probes rec's help (and its companions' and subcommands') and
// returns the ToolDoc. It never fails: what went wrong is in Messages and a
// low DocQuality.
func (x *Explorer) Explore(ctx context.Context, rec *ToolRecord, tr *Trace) *ToolDoc {
	return x.explore(ctx, rec, tr, &hangGuard{})
}

// explore is Explore with the hang guard the version probe already used.
func (x *Explorer) explore(ctx context.Context, rec *ToolRecord, tr *Trace, g *hangGuard) *ToolDoc {
	o := x.Opts.withDefaults()
	start := time.Now()
	p := &prober{rules: x.Rules, runner: x.Runner, timeout: o.ProbeTimeout, deadline: start.Add(o.Budget), maxOut: o.MaxOutput,
		rootArgv: rec.Argv0(), guard: g}
	p.root, p.sub = probePlan(x.Rules, rec.Executable)
	doc := &ToolDoc{Record: *rec, SubcommandHelps: map[string]string{}, Constraints: []string{}}
	root := p.find(ctx, rec.Argv0(), p.root, true, "")
	doc.Probes = root.probes
	tr.Add(StageExplore, nil, time.Since(start), fmt.Sprintf("root help: %d probes, %s", len(root.probes), validProbe(root)), probeLines(root.probes)...)
	if root.text == "" {
		if bare, ok := x.bareAfterRefusal(ctx, p, rec, root, tr); ok {
			doc.Probes = append(doc.Probes, bare.probes...)
			root = bare
		}
	}
	var lv level
	if root.text != "" {
		root.text += x.moreHelp(ctx, p, rec.Argv0(), nil, root, root.probes)
		lv = x.readLevel(root.text, false, rec.Executable, tr, "root")
	}
	if root.text != "" {
		if more, mlv, ok := x.richerHelp(ctx, p, rec, root, lv, tr); ok {
			doc.Probes = append(doc.Probes, more.probes...)
			root, lv = more, mlv
		}
	}
	if root.text != "" {
		if more, mlv, ok := x.detailedHelp(ctx, p, rec, root, lv, tr); ok {
			doc.Probes = append(doc.Probes, more.probes...)
			root, lv = more, mlv
		}
	}
	if man := x.manPage(ctx, p, rec, root.text, lv, tr); man.text != "" {
		doc.Probes = append(doc.Probes, man.probes...)
		root.text = strings.TrimSpace(root.text + "\n\n" + man.text)
		root.truncated = root.truncated || man.truncated
		lv = x.readLevel(root.text, false, rec.Executable, tr, "root and manual page")
	}
	if root.text == "" {
		doc.SchemaSource = "none"
		msg := fmt.Sprintf("no usable help: tried %d probes", len(root.probes))
		if root.note != "" {
			msg += " (" + root.note + ")"
		}

		doc.Messages = append(doc.Messages, msg)
	} else {
		doc.RawHelp = root.text
		if root.truncated {
			doc.Messages = append(doc.Messages, fmt.Sprintf("the help output was cut at %d KB; flags after that are missing", o.MaxOutput>>10))
		}
		doc.Framework, doc.SchemaSource, doc.CLIStyle = lv.framework, lv.schema.Parser, lv.style
		if lv.rule != nil {
			doc.FrameworkRule = lv.rule.ID
		}
		doc.Description = lv.schema.Description
		if doc.Description == "" {
			doc.Description = x.purpose(ctx, p, rec, doc, lv, tr)
		}
		doc.UsagePatterns, doc.ReadsStdin = lv.schema.Usage, lv.schema.Stdin
		doc.Positionals = positionalDocs(lv.schema.Positionals, lv.entries)
		if len(lv.entries) > 0 {
			doc.GlobalFlags = markSecondary(x.categorise(flagDocs(lv.schema.Flags)), lv.secondary)
			sectionOwners(doc.GlobalFlags, lv.schema.Flags, lv.entries)
		} else {
			doc.Flags = markSecondary(x.categorise(flagDocs(lv.schema.Flags)), lv.secondary)
		}
		if doc.Record.Version == "" {
			doc.Record.Version = FindVersion(versionLines(root.text))
		}
		if doc.Record.Version == "" {
			doc.Record.Version = x.listedVersion(ctx, p, rec, root.text, lv.entries)
		}
	}
	if len(lv.entries) > 0 {
		x.bareSubcommandsTold(p, rec, root.text, lv, tr)
	}
	x.exploreChildren(ctx, p, o, rec, doc, lv.entries, tr)
	if doc.CLIStyle == "" {
		doc.CLIStyle = "flags_first"
		if len(doc.Subcommands) > 0 {
			doc.CLIStyle = "subcommand"
		}
	}
	if time.Now().After(p.deadline) {
		doc.Messages = append(doc.Messages, fmt.Sprintf("the probe budget of %s ran out; the ToolDoc is partial", o.Budget))
	}
	doc.DocQuality = docQuality(doc, lv)
	ensureSlices(doc)
	doc.Exploration = ProbeStats{Probes: int(p.count.Load()), WallMS: ms(time.Since(start)), SerialMS: ms(time.Duration(p.serial.Load()))}
	tr.Add(StageExplore, nil, time.Since(start), fmt.Sprintf("ToolDoc: %d subcommands, %d companions, %d flags, doc_quality %.2f; %d probes, wall %.0f ms vs %.0f ms one by one",
		len(doc.Subcommands), len(doc.Companions), len(doc.Flags)+len(doc.GlobalFlags), doc.DocQuality, doc.Exploration.Probes, doc.Exploration.WallMS, doc.Exploration.SerialMS))
	return doc
}

// manPage reads the tool's manual page when a `probes` rule with `man`
// fires on what the root help gave (vcftools --help lists no options and
// points to `man vcftools`). The page is probed like help, with the same
// timeout and validity rules; a tool without one yields no text.
func (x *Explorer) manPage(ctx context.Context, p *prober, rec *ToolRecord, help string, lv level, tr *Trace) helpResult {
	env := &rules.ProbeEnv{Tool: rec.Executable, ByPath: rec.IsPathDependent, HelpRead: true, Help: help}
	if help != "" {
		env.HelpFlags, env.HelpSubcommands = len(lv.schema.Flags), len(lv.entries)
	}
	ms, _ := x.Rules.EvalIf("probes", env, func(r *rules.Rule) bool {
		t, ok := r.Then.(*rules.ProbeThen)
		return ok && len(t.Man) > 0
	})
	if len(ms) == 0 {
		return helpResult{}
	}
	man := ms[0].Then.(*rules.ProbeThen).Man
	start := time.Now()
	hr := p.find(ctx, man[:1], [][]string{append(slices.Clone(man[1:]), rec.Executable)}, false, "")
	for i := range hr.probes {
		hr.probes[i].Program = man[0]
	}
	tr.Add(StageExplore, ms[0].Rule, time.Since(start), fmt.Sprintf("manual page: %s", validProbe(hr)), probeLines(hr.probes)...)
	if hr.text == "" {
		hr.probes = nil
	}
	return hr
}

// purpose reads the manual index's one-line summary of the program when
// a `probes` rule with purpose fires on what the root help gave (no
// description: bgzip's help lists options only). The index is asked like
// a probe, with the probe timeout; no line for the tool gives "".
func (x *Explorer) purpose(ctx context.Context, p *prober, rec *ToolRecord, doc *ToolDoc, lv level, tr *Trace) string {
	env := &rules.ProbeEnv{Tool: rec.Executable, ByPath: rec.IsPathDependent, HelpRead: true,
		HelpFlags: len(lv.schema.Flags), HelpSubcommands: len(lv.entries), HasDescription: lv.schema.Description != ""}
	fired, _ := x.Rules.EvalIf("probes", env, func(r *rules.Rule) bool {
		t, ok := r.Then.(*rules.ProbeThen)
		return ok && len(t.Purpose) > 0
	})
	if len(fired) == 0 || time.Now().After(p.deadline) {
		return ""
	}
	cmd := fired[0].Then.(*rules.ProbeThen).Purpose
	start := time.Now()
	res := p.runner.Run(ctx, RunSpec{Argv: append(slices.Clone(cmd), rec.Executable), Timeout: p.timeout, MaxOutput: p.maxOut})
	p.count.Add(1)
	p.serial.Add(int64(res.Elapsed))
	line := parsers.Whatis(string(StripANSI(res.Output)), rec.Executable)
	pr := Probe{Program: cmd[0], Args: append(slices.Clone(cmd[1:]), rec.Executable), Valid: line != "", Rule: fired[0].Rule.ID, Elapsed: ms(time.Since(start))}
	doc.Probes = append(doc.Probes, pr)
	what := "no line for the tool"
	if line != "" {
		what = fmt.Sprintf("%q", line)
	}
	tr.Add(StageExplore, fired[0].Rule, time.Since(start), "manual index summary: "+what, probeLines([]Probe{pr})...)
	return line
}

// bareAfterRefusal runs the program bare when no help probe printed
// usable help and a `probes` rule with bare fires on what they printed
// instead (bioawk: "no program given": a program that refuses to run
// without its input prints its usage when run with no arguments). ok is
// false when no rule fires, the bare call was planned already, or it
// printed no usable help either.
func (x *Explorer) bareAfterRefusal(ctx context.Context, p *prober, rec *ToolRecord, root helpResult, tr *Trace) (helpResult, bool) {
	if root.rejected == "" || slices.ContainsFunc(p.root, func(s []string) bool { return len(s) == 0 }) {
		return helpResult{}, false
	}
	env := &rules.ProbeEnv{Tool: rec.Executable, ByPath: rec.IsPathDependent, HelpRead: true, Rejected: root.rejected}
	ms, _ := x.Rules.EvalIf("probes", env, func(r *rules.Rule) bool {
		t, ok := r.Then.(*rules.ProbeThen)
		return ok && t.Bare
	})
	if len(ms) == 0 || p.stopped(ctx) {
		return helpResult{}, false
	}
	start := time.Now()
	hr := p.find(ctx, rec.Argv0(), [][]string{{}}, true, "")
	tr.Add(StageExplore, ms[0].Rule, time.Since(start), "the help probes were refused for want of input: run bare, "+validProbe(hr), probeLines(hr.probes)...)
	return hr, hr.text != ""
}

// bareSubcommandsTold adds the bare subcommand call to the plan when a
// `probes` rule with bare_subcommands fires on the root help: the help
// itself says a subcommand run without arguments prints its usage
// (kmc_tools: "For detailed help of concrete operation type operation
// name without parameters").
func (x *Explorer) bareSubcommandsTold(p *prober, rec *ToolRecord, help string, lv level, tr *Trace) {
	if slices.ContainsFunc(p.sub, func(s []string) bool { return len(s) == 1 && s[0] == "%s" }) {
		return
	}
	env := &rules.ProbeEnv{Tool: rec.Executable, ByPath: rec.IsPathDependent, HelpRead: true, Help: help,
		HelpFlags: len(lv.schema.Flags), HelpSubcommands: len(lv.entries)}
	ms, _ := x.Rules.EvalIf("probes", env, func(r *rules.Rule) bool {
		t, ok := r.Then.(*rules.ProbeThen)
		return ok && t.BareSubcommands
	})
	if len(ms) == 0 {
		return
	}
	p.sub = append(append(append([][]string(nil), p.sub[:bareSubAt]...), []string{"%s"}), p.sub[bareSubAt:]...)
	tr.Add(StageExplore, ms[0].Rule, 0, "the help says a subcommand run bare prints its usage: each is also run with no arguments")
}

// richerHelp runs the root probes not yet tried when a `probes` rule with
// more_probes fires on the root help (a wrapper's stub: `bowtie --help`
// prints the Python wrapper's own three options, `bowtie --usage` the
// aligner's). The help that lists the most flags, and more than the stub,
// is returned with its level; ok is false when none does.
func (x *Explorer) richerHelp(ctx context.Context, p *prober, rec *ToolRecord, root helpResult, lv level, tr *Trace) (helpResult, level, bool) {
	env := &rules.ProbeEnv{Tool: rec.Executable, ByPath: rec.IsPathDependent, HelpRead: true, Help: root.text,
		HelpFlags: len(lv.schema.Flags), HelpSubcommands: len(lv.entries)}
	ms, _ := x.Rules.EvalIf("probes", env, func(r *rules.Rule) bool {
		t, ok := r.Then.(*rules.ProbeThen)
		return ok && t.MoreProbes
	})
	if len(ms) == 0 {
		return helpResult{}, level{}, false
	}
	tried := map[string]bool{}
	for _, pr := range root.probes {
		tried[strings.Join(pr.Args, " ")] = true
	}
	var best helpResult
	var probes []Probe
	most := len(lv.schema.Flags)
	for _, args := range p.root {
		if len(args) == 0 || tried[strings.Join(args, " ")] {
			continue // never the bare call, which a rule of its own allows
		}
		hr := p.find(ctx, rec.Argv0(), [][]string{args}, true, "")
		probes = append(probes, hr.probes...)
		if hr.text == "" || sameAsAny(hr.text, root.text, nil) {
			continue
		}
		if l := x.readLevel(hr.text, false, rec.Executable, nil, ""); len(l.schema.Flags) > most {
			best, most = hr, len(l.schema.Flags)
		}
	}
	tr.Add(StageExplore, ms[0].Rule, 0, fmt.Sprintf("the root help is a stub (%d flags): tried %d more probes", len(lv.schema.Flags), len(probes)), probeLines(probes)...)
	if best.text == "" {
		return helpResult{}, level{}, false
	}
	best.probes = probes
	return best, x.readLevel(best.text, false, rec.Executable, tr, "richer root"), true
}

// detailFlagRE is the shape of a flag a help may point to: dashes and a
// name, nothing a shell would read otherwise.
var detailFlagRE = lazyre.New(`^--?[A-Za-z][A-Za-z0-9_-]{0,30}$`)

// detailedHelp probes the flag the root help says prints a more detailed
// help, when a `probes` rule with detail_flag fires on it (BLAST+'s
// -help), and returns its help when that describes more flags than the
// root help does.
func (x *Explorer) detailedHelp(ctx context.Context, p *prober, rec *ToolRecord, root helpResult, lv level, tr *Trace) (helpResult, level, bool) {
	env := &rules.ProbeEnv{Tool: rec.Executable, ByPath: rec.IsPathDependent, HelpRead: true, Help: root.text,
		HelpFlags: len(lv.schema.Flags), HelpSubcommands: len(lv.entries)}
	ms, _ := x.Rules.EvalIf("probes", env, func(r *rules.Rule) bool {
		t, ok := r.Then.(*rules.ProbeThen)
		return ok && t.DetailFlag != ""
	})
	if len(ms) == 0 || p.stopped(ctx) {
		return helpResult{}, level{}, false
	}
	re, err := regexp.Compile(ms[0].Then.(*rules.ProbeThen).DetailFlag)
	if err != nil {
		tr.Add(StageExplore, ms[0].Rule, 0, "detail_flag is no regular expression: "+err.Error())
		return helpResult{}, level{}, false
	}
	m := re.FindStringSubmatch(root.text)
	if len(m) < 2 {
		return helpResult{}, level{}, false
	}
	args := detailArgs(m[1])
	if args == nil {
		return helpResult{}, level{}, false
	}
	for _, pr := range root.probes {
		if strings.Join(pr.Args, " ") == strings.Join(args, " ") {
			return helpResult{}, level{}, false // it printed the root help
		}
	}
	start := time.Now()
	hr := p.find(ctx, rec.Argv0(), [][]string{args}, true, "")
	if hr.text == "" || sameAsAny(hr.text, root.text, nil) {
		tr.Add(StageExplore, ms[0].Rule, time.Since(start), fmt.Sprintf("the help points to %s for detail: %s", strings.Join(args, " "), validProbe(hr)), probeLines(hr.probes)...)
		return helpResult{}, level{}, false
	}
	l := x.readLevel(hr.text, false, rec.Executable, nil, "")
	if described(l.schema.Flags) <= described(lv.schema.Flags) {
		tr.Add(StageExplore, ms[0].Rule, time.Since(start), fmt.Sprintf("the help points to %s for detail: it describes no more flags (%d)", strings.Join(args, " "), described(l.schema.Flags)), probeLines(hr.probes)...)
		return helpResult{}, level{}, false
	}
	tr.Add(StageExplore, ms[0].Rule, time.Since(start), fmt.Sprintf("the help points to %s for detail: read instead (%d flags described, %d before)", strings.Join(args, " "), described(l.schema.Flags), described(lv.schema.Flags)), probeLines(hr.probes)...)
	more := x.readLevel(hr.text, false, rec.Executable, tr, "detailed root")
	if ms[0].Then.(*rules.ProbeThen).DetailSecondary {
		more.secondary = newFlags(more.schema.Flags, lv.schema.Flags)
	}
	return hr, more, true
}

// newFlags names the flags of fs that old lists under none of their names.
func newFlags(fs, old []parsers.Flag) map[string]bool {
	had := map[string]bool{}
	for _, f := range old {
		had[f.Name] = true
		for _, a := range f.Aliases {
			had[a] = true
		}
	}
	out := map[string]bool{}
	for _, f := range fs {
		if !had[f.Name] && !slices.ContainsFunc(f.Aliases, func(a string) bool { return had[a] }) {
			out[f.Name] = true
		}
	}
	return out
}

// markSecondary sets Secondary on the flags named in secondary.
func markSecondary(fs []FlagDoc, secondary map[string]bool) []FlagDoc {
	for i := range fs {
		fs[i].Secondary = secondary[fs[i].Name]
	}
	return fs
}

// detailArgs splits what a help names as its detailed-help call into the
// probe's arguments: one to three flag-shaped words ("-help", or EMBOSS's
// "-help -verbose"); nil when any word is not a flag, so nothing a shell
// would read otherwise is ever run.
func detailArgs(s string) []string {
	args := strings.Fields(s)
	if len(args) == 0 || len(args) > 3 {
		return nil
	}
	for _, a := range args {
		if !detailFlagRE.MatchString(a) {
			return nil
		}
	}
	return args
}

// described counts the flags a help gives a description.
func described(fs []parsers.Flag) int {
	n := 0
	for _, f := range fs {
		if f.Description != "" {
			n++
		}
	}
	return n
}

// versionFlagRE finds a single-dash -version option in a help text (BLAST).
var versionFlagRE = lazyre.New(`(?m)^\s*-version\b`)

// listedVersion reads the version through the ways the help itself lists:
// a `version` subcommand (seqkit, mmseqs) or a `-version` option (blastn).
// Neither is run unless listed: to other tools `version` is a file name.
func (x *Explorer) listedVersion(ctx context.Context, p *prober, rec *ToolRecord, help string, entries []parsers.Entry) string {
	var tries []string
	for _, e := range entries {
		if e.Name == "version" {
			tries = append(tries, "version")
			break
		}
	}
	if versionFlagRE.MatchString(help) {
		tries = append(tries, "-version")
	}
	for _, a := range tries {
		if p.stopped(ctx) {
			break
		}
		res := p.runner.Run(ctx, RunSpec{Argv: append(rec.Argv0(), a), Timeout: p.timeout, MaxOutput: 16 << 10})
		p.count.Add(1)
		if v := FindVersion(string(StripANSI(res.Output))); v != "" {
			return v
		}
	}
	return ""
}

// ExploreSub probes one subcommand path the listing did not show (a tool
// whose command list could not be read, such as PicardCommandLine's) and
// reads its help. ok is false when no usable help came back.
func (x *Explorer) ExploreSub(ctx context.Context, rec *ToolRecord, rootHelp string, path []string) (SubcommandDoc, string, bool) {
	o := x.Opts.withDefaults()
	p := &prober{rules: x.Rules, runner: x.Runner, timeout: o.ProbeTimeout, deadline: time.Now().Add(o.ProbeTimeout * 4), maxOut: o.MaxOutput}
	_, sub := probePlan(x.Rules, rec.Executable)
	hr := p.find(ctx, rec.Argv0(), expand(sub, path), false, rootHelp, rootHelp)
	sd := SubcommandDoc{Name: path[len(path)-1]}
	if hr.text == "" {
		// A probe cut by time or budget may find help another time; one
		// that ran and printed none will not.
		sd.NoHelp = !hr.timedOut && !hr.exhausted
		return sd, "", false
	}
	x.fill(&sd, x.readLevel(hr.text, true, rec.Executable, nil, ""))
	return sd, hr.text, true
}

// FromText reads a help text that did not come from probing (user docs)
// into a ToolDoc; its subcommands are listed but not probed.
func (x *Explorer) FromText(rec *ToolRecord, text string, tr *Trace) *ToolDoc {
	doc := &ToolDoc{Record: *rec, SubcommandHelps: map[string]string{}, Constraints: []string{}, RawHelp: text}
	lv := x.readLevel(text, false, rec.Executable, tr, "user docs")
	doc.Framework, doc.SchemaSource, doc.CLIStyle = lv.framework, lv.schema.Parser, lv.style
	doc.Description, doc.UsagePatterns, doc.ReadsStdin = lv.schema.Description, lv.schema.Usage, lv.schema.Stdin
	doc.Positionals = positionalDocs(lv.schema.Positionals, lv.entries)
	doc.Flags = x.categorise(flagDocs(lv.schema.Flags))
	for _, e := range lv.entries {
		doc.Subcommands = append(doc.Subcommands, SubcommandDoc{Name: e.Name, Description: e.Description, Flags: []FlagDoc{}, Positionals: []PositionalDoc{}})
	}
	if doc.CLIStyle == "" {
		doc.CLIStyle = "flags_first"
	}
	doc.DocQuality = docQuality(doc, lv)
	ensureSlices(doc)
	return doc
}

// exploreChildren probes subcommands level by level (each level in
// parallel, bounded by Jobs) and the companions with the first level.
func (x *Explorer) exploreChildren(ctx context.Context, p *prober, o ExploreOptions, rec *ToolRecord, doc *ToolDoc, entries []parsers.Entry, tr *Trace) {
	type job struct {
		path   []string
		parent string
		into   *[]SubcommandDoc
		entry  parsers.Entry
	}
	var jobs []job
	cut := &cutReport{perListing: o.MaxSubcommands, total: o.MaxProbed}
	for _, e := range cut.take(entries, nil) {
		jobs = append(jobs, job{path: []string{e.Name}, parent: doc.RawHelp, into: &doc.Subcommands, entry: e})
	}
	helps := &helpStore{doc: doc, max: o.MaxHelpBytes, used: len(doc.RawHelp)}
	companions := rec.CompanionTools
	if len(companions) > o.MaxCompanions {
		doc.Messages = append(doc.Messages, fmt.Sprintf("%d companions found; only the first %d were probed", len(companions), o.MaxCompanions))
		companions = companions[:o.MaxCompanions]
	}
	cprobes := companionProbesAfter(doc.Probes)
	comps := make([]SubcommandDoc, len(companions))
	jobsAtOnce, eagerEnd := o.Jobs, p.deadline
	if n := p.count.Load(); n > 0 && time.Duration(p.serial.Load()/n) >= o.HeavyStart {
		jobsAtOnce = max(1, runtime.NumCPU())
		if e := time.Now().Add(o.Budget / 4); e.Before(p.deadline) {
			eagerEnd = e
		}
	}
	var lazy atomic.Int64
	wg := pool.New().WithMaxGoroutines(jobsAtOnce)
	for i, c := range companions {
		wg.Go(func() {
			hr := p.find(ctx, []string{c.Path}, cprobes, false, "")
			sd := SubcommandDoc{Name: c.Name}
			if hr.text != "" {
				lv := x.readLevel(hr.text, false, c.Name, nil, "")
				x.fill(&sd, lv)
				tr.Add(StageExplore, lv.rule, 0, fmt.Sprintf("companion %s: %d flags (%s)", c.Name, len(sd.Flags), lv.schema.Parser))
			} else {
				tr.Add(StageExplore, nil, 0, "companion "+c.Name+": no usable help")
			}
			comps[i] = sd
			helps.put(c.Name, hr.text)
		})
	}
	for depth := 1; len(jobs) > 0 && depth <= o.MaxDepth; depth++ {
		results := make([]SubcommandDoc, len(jobs))
		nested := make([][]parsers.Entry, len(jobs))
		texts := make([]string, len(jobs))
		var progressMu sync.Mutex
		done := 0
		// probe reads one subcommand's help into results[i]; it reports a
		// probe that timed out with no help read.
		probe := func(i int) (starved bool) {
			j := jobs[i]
			sd := SubcommandDoc{Name: j.entry.Name, Description: j.entry.Description}
			if time.Now().After(eagerEnd) && eagerEnd.Before(p.deadline) {
				// A costly tool's eager share of the budget is spent:
				// this help is read if Stage 3 chooses the subcommand.
				lazy.Add(1)
				results[i] = sd
				return false
			}
			if helps.full() {
				// The help text read so far reached MaxHelpBytes.
				cut.skipped.Add(1)
				results[i] = sd
				return false
			}
			hr := p.find(ctx, rec.Argv0(), expand(p.sub, j.path), false, j.parent, doc.RawHelp)
			if hr.text != "" && !helps.put(strings.Join(j.path, " "), hr.text+x.moreHelp(ctx, p, rec.Argv0(), j.path, hr, hr.probes)) {
				cut.skipped.Add(1)
				hr.text = ""
			}
			if hr.text != "" {
				hr.text = helps.get(strings.Join(j.path, " "))
				lv := x.readLevel(hr.text, true, rec.Executable, nil, "")
				x.fill(&sd, lv)
				nested[i] = lv.entries
				texts[i] = hr.text
			}
			results[i] = sd
			return hr.timedOut && hr.text == ""
		}
		starved := make([]bool, len(jobs))
		for i := range jobs {
			wg.Go(func() {
				defer func() {
					if x.Progress != nil {
						progressMu.Lock()
						done++
						x.Progress(done, len(jobs))
						progressMu.Unlock()
					}
				}()
				starved[i] = probe(i)
			})
		}
		wg.Wait()
		if n, again := retryStarved(starved, probe, runtime.NumCPU(), func() bool { return p.stopped(ctx) || time.Now().After(eagerEnd) }); n > 0 {
			tr.Add(StageExplore, nil, 0, fmt.Sprintf("depth %d: %d subcommand help probes timed out with %d in flight; retried %d with fewer at once, %d in time", depth, n, min(o.Jobs, len(jobs)), again.tried, again.answered))
		}
		wg = pool.New().WithMaxGoroutines(jobsAtOnce)
		// Attach results in listing order, then queue the next level.
		var next []job
		for i, j := range jobs {
			*j.into = append(*j.into, results[i])
		}
		for i, j := range jobs {
			if len(nested[i]) == 0 || depth == o.MaxDepth {
				continue
			}
			if subsetOf(nested[i], entries) {
				continue // the tool printed its main listing again
			}
			parent := FindSubcommand(*j.into, jobs[i].entry.Name)
			for _, e := range cut.take(nested[i], j.path) {
				if e.Name == j.entry.Name {
					continue
				}
				next = append(next, job{path: append(append([]string(nil), j.path...), e.Name), parent: texts[i], into: &parent.Subcommands, entry: e})
			}
		}
		found := 0
		for _, r := range results {
			if r.Parser != "" {
				found++
			}
		}
		tr.Add(StageExplore, nil, 0, fmt.Sprintf("depth %d: %d subcommands, %d with their own help", depth, len(results), found))
		jobs = next
	}
	wg.Wait()
	for _, c := range comps {
		if c.Name != "" {
			doc.Companions = append(doc.Companions, c)
		}
	}
	if n := lazy.Load(); n > 0 {
		msg := fmt.Sprintf("%d subcommands left unread: each start of the tool is slow, so a subcommand's help is read when it is chosen", n)
		doc.Messages = append(doc.Messages, msg)
		tr.Add(StageExplore, nil, 0, msg)
	}
	for _, m := range cut.messages(o.MaxHelpBytes) {
		doc.Messages = append(doc.Messages, m)
		tr.Add(StageExplore, nil, 0, m)
	}
}

// retryOutcome counts the starved probes retried and those that answered.
type retryOutcome struct{ tried, answered int }

// retryStarved probes again the subcommands whose help probe timed out
// while many ran at once. A help that costs CPU (a Python or JVM start:
// pairtools' subcommand help takes 1.5 s alone) run sixteen at a time on
// two cores takes ten seconds each, and every one of them times out; the
// tool does not hang. The first is retried alone: if it times out again,
// the tool hangs on subcommand help and no more are retried; if it
// answers, the rest are retried at most cpus at a time. It returns how
// many had timed out, and what the retry did.
func retryStarved(starved []bool, probe func(int) bool, cpus int, stopped func() bool) (int, retryOutcome) {
	var idx []int
	for i, s := range starved {
		if s {
			idx = append(idx, i)
		}
	}
	var out retryOutcome
	if len(idx) == 0 || stopped() {
		return len(idx), out
	}
	out.tried = 1
	if probe(idx[0]) {
		return len(idx), out
	}
	out.answered = 1
	var mu sync.Mutex
	wg := pool.New().WithMaxGoroutines(max(1, cpus))
	for _, i := range idx[1:] {
		wg.Go(func() {
			if stopped() {
				return
			}
			again := probe(i)
			mu.Lock()
			out.tried++
			if !again {
				out.answered++
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	return len(idx), out
}

// cutReport applies the subcommand caps (per listing, in all) and says
// what they left out, so `docs show` and `explain` can tell.
type cutReport struct {
	perListing, total int
	probed            int
	// listings names the listings cut at perListing, with their sizes.
	listings []string
	// overTotal counts subcommands listed but past the total cap.
	overTotal int
	// skipped counts subcommands not probed (or not kept) because the help
	// text read reached MaxHelpBytes.
	skipped atomic.Int64
}

// take returns the entries of one listing that may be probed and records
// the rest. It is called from one goroutine at a time.
func (c *cutReport) take(es []parsers.Entry, path []string) []parsers.Entry {
	n := len(es)
	if n > c.perListing {
		where := "the tool"
		if len(path) > 0 {
			where = strings.Join(path, " ")
		}
		c.listings = append(c.listings, fmt.Sprintf("%s lists %d", where, n))
		es = es[:c.perListing]
	}
	if room := c.total - c.probed; len(es) > room {
		c.overTotal += len(es) - max(room, 0)
		es = es[:max(room, 0)]
	}
	c.probed += len(es)
	return es
}

// messages says what the caps left out.
func (c *cutReport) messages(maxHelp int) []string {
	var out []string
	if len(c.listings) > 0 {
		more := ""
		if len(c.listings) > 3 {
			more = fmt.Sprintf(" and %d more listings", len(c.listings)-3)
			c.listings = c.listings[:3]
		}
		out = append(out, fmt.Sprintf("subcommands cut: %s%s; only the first %d of a listing are probed", strings.Join(c.listings, ", "), more, c.perListing))
	}
	if c.overTotal > 0 {
		out = append(out, fmt.Sprintf("subcommands cut: %d more listed were not probed; at most %d are probed per tool", c.overTotal, c.total))
	}
	if n := c.skipped.Load(); n > 0 {
		out = append(out, fmt.Sprintf("subcommands cut: %d were not read; the help kept per tool is capped at %d MB", n, maxHelp>>20))
	}
	return out
}

// moreHelpRE finds pointers to further help in a help text
// ("use --help-reads", "see --help-all").
var moreHelpRE = lazyre.New(`(?:^|[\s'"(])(--help-[a-z][a-z0-9-]*)`)

// morePointer is the pattern that finds a flag whose description promises
// more options ("-expert -- see more options", "--help-all  show all
// options"), built from the lexicon's more_help_* classes.
var morePointer = &vocabPattern{build: func(alt func(string) string) string {
	return `(?mi)^\s*(-{1,2}[a-z][\w-]*)\b[^\n]{0,30}?\b` + alt("more_help_verb") + `\s+` + alt("more_help_extent") + `\s+` + alt("more_help_noun")
}}

// helpFlagLineRE finds an option row of a help text whose names start the
// line and whose description speaks of help ("-h , -help : Show this
// help and exit"); group 1 holds the names.
var helpFlagLineRE = lazyre.New(`(?mi)^[ \t]*((?:-{1,2}[a-z?][\w-]*)(?:[ \t]*[,|/][ \t]*-{1,2}[a-z?][\w-]*)*)[ \t][^\n]*\bhelp\b`)

// listedHelpFlags returns the help flags of the probe plan (-h, -help, …)
// that text lists as options of its own.
func listedHelpFlags(text string, plan [][]string) []string {
	known := map[string]bool{}
	for _, args := range plan {
		if len(args) == 1 {
			known[args[0]] = true
		}
	}
	var out []string
	for _, m := range helpFlagLineRE.FindAllStringSubmatch(text, -1) {
		for _, n := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == '|' || r == '/' || r == ' ' || r == '\t' }) {
			if known[n] {
				out = append(out, n)
			}
		}
	}
	return out
}

// moreHelp follows up to three "--help-xxx" pointers a subcommand's help
// gives (salmon quant lists its options only under --help-reads and
// --help-alignment) and returns their texts, to be read with it. Help
// printed with a complaint about the probe's own flag also follows the
// help flags it lists (snpEff --help shows the default command, -h the
// command list).
func (x *Explorer) moreHelp(ctx context.Context, p *prober, argv0, path []string, hr helpResult, tried []Probe) string {
	text := hr.text
	used := map[string]bool{}
	for _, pr := range tried {
		for _, a := range pr.Args {
			used[a] = true
		}
	}
	var b strings.Builder
	n := 0
	var ptrs, got []string
	for _, m := range moreHelpRE.FindAllStringSubmatch(text, -1) {
		ptrs = append(ptrs, m[1])
	}
	for _, m := range morePointer.re().FindAllStringSubmatch(text, -1) {
		ptrs = append(ptrs, m[1])
	}
	if hr.followHelp {
		ptrs = append(ptrs, listedHelpFlags(text, p.root)...)
	}
	for _, flag := range ptrs {
		if used[flag] || n == 3 {
			continue
		}
		used[flag] = true
		n++
		more := p.find(ctx, argv0, [][]string{append(append([]string(nil), path...), flag)}, len(path) == 0, "")
		if more.text != "" && !sameAsAny(more.text, text, got) {
			got = append(got, more.text)
			b.WriteString("\n\n")
			b.WriteString(more.text)
		}
	}
	return b.String()
}

func expand(strategies [][]string, path []string) [][]string {
	out := make([][]string, len(strategies))
	for i, s := range strategies {
		out[i] = probeArgs(s, path)
	}
	return out
}

// helpStore records help texts under their paths from probe goroutines,
// up to max bytes in all.
type helpStore struct {
	mu        sync.Mutex
	doc       *ToolDoc
	max, used int
}

// put keeps text under key; it reports false, keeping nothing, when the
// text would pass the cap.
func (h *helpStore) put(key, text string) bool {
	if text == "" {
		return true
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.max > 0 && h.used+len(text) > h.max {
		h.used = h.max // full: later probes are skipped
		return false
	}
	h.used += len(text)
	h.doc.SubcommandHelps[key] = text
	return true
}

func (h *helpStore) get(key string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.doc.SubcommandHelps[key]
}

// full reports that the cap is reached.
func (h *helpStore) full() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.max > 0 && h.used >= h.max
}

// fill copies a parsed level into a SubcommandDoc.
func (x *Explorer) fill(sd *SubcommandDoc, lv level) {
	sd.Parser = lv.schema.Parser
	sd.Flags = x.categorise(flagDocs(lv.schema.Flags))
	sd.Positionals = positionalDocs(lv.schema.Positionals, lv.entries)
	sd.ReadsStdin = lv.schema.Stdin
	if len(lv.schema.Usage) > 0 {
		sd.UsagePattern = lv.schema.Usage[0]
	}
	if sd.Description == "" {
		sd.Description = lv.schema.Description
	}
}

// readLevel detects the framework, parses, and lists subcommands of one
// help text. tr may be nil (subcommand levels report in bulk).
func (x *Explorer) readLevel(help string, isSub bool, tool string, tr *Trace, what string) level {
	env := &rules.HelpEnv{Help: help, Headings: parsers.Headings(help), IsSub: isSub}
	lv := level{framework: "generic"}
	parserName := "generic"
	if m, ok, _ := x.Rules.First("frameworks", env); ok {
		t := m.Then.(*rules.FrameworkThen)
		lv.framework, parserName, lv.style, lv.rule = t.Framework, t.Parser, t.Style, m.Rule
	}
	p, err := parsers.Get(parserName)
	if err != nil {
		p, _ = parsers.Get("generic")
	}
	sc, err := p.Parse(help)
	if err != nil || sc == nil {
		sc = &parsers.Schema{Parser: p.Name()}
	}
	if sc.Parser == "" {
		sc.Parser = p.Name()
	}
	lv.schema = sc
	if tr != nil {
		tr.Add(StageExplore, lv.rule, 0, fmt.Sprintf("%s help: framework %s, parser %s, %d flags, %d positionals", what, lv.framework, sc.Parser, len(sc.Flags), len(sc.Positionals)))
	}
	lv.entries = x.subcommands(help, env, tool, tr)
	return lv
}

// subcommands applies the subcommand rules, then the name filter.
func (x *Explorer) subcommands(help string, env *rules.HelpEnv, tool string, tr *Trace) []parsers.Entry {
	ms, _ := x.Rules.Eval("subcommands", env)
	seen := map[string]bool{}
	var out []parsers.Entry
	for _, m := range ms {
		t := m.Then.(*rules.SubcommandThen)
		entries, err := parsers.ExtractSubcommands(help, parsers.ListMethod{Kind: t.Method, Headings: t.Headings})
		if err != nil {
			continue
		}
		kept := 0
		for _, e := range entries {
			if seen[e.Name] {
				continue
			}
			if f, ok, _ := x.Rules.First("subcommand_names", &rules.SubcommandNameEnv{Name: e.Name, Description: e.Description, Tool: tool}); ok && !f.Then.(*rules.SubcommandNameThen).Keep {
				continue
			}
			seen[e.Name] = true
			out = append(out, e)
			kept++
		}
		if tr != nil && kept > 0 {
			tr.Add(StageExplore, m.Rule, 0, fmt.Sprintf("%d subcommands by method %s", kept, t.Method))
		}
	}
	return out
}

// categorise sets each flag's category from the flag_categories rules.
func (x *Explorer) categorise(fs []FlagDoc) []FlagDoc {
	for i := range fs {
		f := &fs[i]
		f.Category = "General"
		env := &rules.FlagEnv{Name: f.Name, Aliases: f.Aliases, Placeholder: f.Placeholder, Type: f.ParamType, Description: f.Description}
		if m, ok, _ := x.Rules.First("flag_categories", env); ok {
			f.Category = m.Then.(*rules.CategoryThen).Category
		}
	}
	return fs
}

// versionLines keeps lines that mention a version, so a number elsewhere in
// the help is not taken for one.
func versionLines(help string) string {
	var b strings.Builder
	for line := range strings.Lines(help) {
		if strings.Contains(strings.ToLower(line), "version") {
			b.WriteString(line)
		}
	}
	return b.String()
}

func validProbe(hr helpResult) string {
	if hr.text == "" {
		return "none valid"
	}
	last := hr.probes[len(hr.probes)-1]
	return fmt.Sprintf("using %q", last.Words())
}

func probeLines(ps []Probe) []string {
	var out []string
	for _, p := range ps {
		mark := "✗"
		if p.Valid {
			mark = "✓"
		}
		line := fmt.Sprintf("%s %q", mark, p.Words())
		if p.Reason != "" {
			line += " — " + p.Reason
		}
		if p.Rule != "" {
			line += " [" + p.Rule + "]"
		}
		out = append(out, line)
	}
	return out
}

// docQuality scores how much of the help was understood, in [0,1].
func docQuality(doc *ToolDoc, root level) float64 {
	if doc.RawHelp == "" {
		if len(doc.Companions) > 0 {
			return 0.2
		}
		return 0
	}
	q := 0.2
	sc := root.schema
	switch {
	case sc.OptionLines > 0:
		q += 0.4 * min(1, float64(sc.ParsedLines)/float64(sc.OptionLines))
	case len(doc.Subcommands) > 0:
		q += 0.3
	}
	if len(sc.Usage) > 0 {
		q += 0.1
	}
	if sc.Description != "" {
		q += 0.1
	}
	if n := len(doc.Subcommands); n > 0 {
		found := 0
		for _, s := range doc.Subcommands {
			if s.Parser != "" {
				found++
			}
		}
		q += 0.2 * float64(found) / float64(n)
	} else if len(doc.Flags) > 0 {
		q += 0.2
	}
	return min(1, float64(int(q*100+0.5))/100)
}

// ensureSlices makes empty lists encode as [] rather than null.
func ensureSlices(d *ToolDoc) {
	if d.Subcommands == nil {
		d.Subcommands = []SubcommandDoc{}
	}
	if d.GlobalFlags == nil {
		d.GlobalFlags = []FlagDoc{}
	}
	if d.Flags == nil {
		d.Flags = []FlagDoc{}
	}
	if d.Positionals == nil {
		d.Positionals = []PositionalDoc{}
	}
	if d.UsagePatterns == nil {
		d.UsagePatterns = []string{}
	}
}

// ms converts a duration to milliseconds with 0.1 ms precision.
func ms(d time.Duration) float64 { return float64(d.Microseconds()/100) / 10 }

// subsetOf reports whether every name in a is also in b.
func subsetOf(a, b []parsers.Entry) bool {
	names := map[string]bool{}
	for _, e := range b {
		names[e.Name] = true
	}
	for _, e := range a {
		if !names[e.Name] {
			return false
		}
	}
	return true
}
