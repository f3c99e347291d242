package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/traitome/oxo-call/rules"
)

// rootProbes are tried in order on the tool itself; the first valid output
// wins. Each argument is its own argv element. Only help-style invocations:
// a program run with no arguments may do its real work, so the bare call
// is added only where a `probes` rule says it prints usage (probePlan).
var rootProbes = [][]string{{"--help"}, {"-h"}, {"--usage"}, {"--help-all"}, {"-help"}, {"--h"}, {"-?"}}

// bareRootAt and bareSubAt are the indexes in rootProbes and subProbes
// where the bare call goes when a rule allows it: after the common help flags, before
// the rare ones.
const bareRootAt, bareSubAt = 4, 3

// subProbes are tried in order on a subcommand path (sub = "sort" or
// "plugin fill"); "%s" stands for the path's words.
var subProbes = [][]string{{"%s", "--help"}, {"%s", "-h"}, {"help", "%s"}, {"--help", "%s"}, {"%s", "--help-all"}}

// companionProbes: a companion is probed with --help.
var companionProbes = [][]string{{"--help"}}

// companionProbesAfter adds the help flag the tool itself answered to
// (hmmsearch rejects --help and answers -h, and so do hmmpress and
// hmmbuild): the programs of one package share their conventions. A bare
// call is never added, nor the manual page (a program of its own).
func companionProbesAfter(root []Probe) [][]string {
	for _, pr := range root {
		if pr.Valid && pr.Program == "" && len(pr.Args) > 0 && !slices.Equal(pr.Args, companionProbes[0]) {
			return append(slices.Clone(companionProbes), pr.Args)
		}
	}
	return companionProbes
}

// probePlan returns the root and subcommand strategies for a program: the
// help-style ones, plus the bare call where a `probes` rule allows it.
func probePlan(rs *rules.Set, tool string) (root, sub [][]string) {
	root, sub = rootProbes, subProbes
	ms, _ := rs.EvalIf("probes", &rules.ProbeEnv{Tool: tool}, func(r *rules.Rule) bool {
		t, ok := r.Then.(*rules.ProbeThen)
		return ok && len(t.Man) == 0 && !t.MoreProbes && len(t.Purpose) == 0 && t.DetailFlag == ""
	})
	if len(ms) == 0 {
		return root, sub
	}
	t := ms[0].Then.(*rules.ProbeThen)
	if t.Bare {
		root = append(append(append([][]string(nil), rootProbes[:bareRootAt]...), []string{}), rootProbes[bareRootAt:]...)
	}
	if t.BareSubcommands {
		sub = append(append(append([][]string(nil), subProbes[:bareSubAt]...), []string{"%s"}), subProbes[bareSubAt:]...)
	}
	return root, sub
}

// probeArgs expands a subcommand strategy for a path.
func probeArgs(strategy []string, path []string) []string {
	var out []string
	for _, a := range strategy {
		if a == "%s" {
			out = append(out, path...)
		} else {
			out = append(out, a)
		}
	}
	return out
}

// prober runs help probes for one tool within a total budget.
type prober struct {
	rules    *rules.Set
	runner   Runner
	timeout  time.Duration
	deadline time.Time
	maxOut   int
	// root and sub are the strategies for this tool (probePlan).
	root, sub [][]string
	// rootArgv is the tool's own argv0; guard stops probing it once it hung.
	rootArgv []string
	guard    *hangGuard
	// count and serial add up every probe run and its time, to compare
	// the parallel wall time with what running them one by one would cost.
	count  atomic.Int64
	serial atomic.Int64
}

// hungAfter is how many of the root's probes (the version probe
// included) may time out before the tool is taken as hung.
const hungAfter = 2

// hangGuard is shared by the version probe of Stage 1 and the exploration
// of one tool: after hungAfter of the root's probes timed out, no more
// probes run (a hung tool cost ten probes × the timeout, 69 s).
type hangGuard struct{ timeouts atomic.Int32 }

// timedOut counts one root probe that timed out.
func (g *hangGuard) timedOut() {
	if g != nil {
		g.timeouts.Add(1)
	}
}

// hung reports that the tool is taken as hung.
func (g *hangGuard) hung() bool { return g != nil && g.timeouts.Load() >= hungAfter }

// stopped reports that no more probes may run: the budget is spent or the
// tool hung.
func (p *prober) stopped(ctx context.Context) bool {
	return ctx.Err() != nil || time.Until(p.deadline) <= 0 || p.guard.hung()
}

// helpResult is the outcome of probing one command level.
type helpResult struct {
	text   string
	probes []Probe
	// exhausted reports the tool's probe budget ran out.
	exhausted bool
	// note says what went wrong when no help was found (crash, timeout…).
	note string
	// timedOut reports a probe that ran out of time (retryStarved).
	timedOut bool
	// truncated reports that the accepted help was cut at the output cap.
	truncated bool
	// rejected holds the start of each output no validity rule took as
	// help, joined.
	rejected string
	// followHelp reports help printed with a complaint about the probe's
	// own flag: the help flags it lists may print more (a validity rule's
	// follow_help_flags).
	followHelp bool
}

// find runs strategies in order and returns the first valid help. A
// subcommand's help must differ from its parent's and from the root's
// (tools that do not know a word print their main usage again).
func (p *prober) find(ctx context.Context, argv0 []string, strategies [][]string, root bool, parent string, ancestors ...string) helpResult {
	var hr helpResult
	var notes []string
	var fallback string
	isRoot := root && slices.Equal(argv0, p.rootArgv)
	giveUp := false
	for _, args := range strategies {
		left := time.Until(p.deadline)
		if left <= 0 {
			hr.exhausted = true
			break
		}
		if ctx.Err() != nil {
			break
		}
		if p.guard.hung() {
			hr.exhausted = true
			notes = append(notes, fmt.Sprintf("the tool hung: %d probes timed out, no more were run", hungAfter))
			break
		}
		timeout := p.timeout
		if len(hr.probes) == 0 && parent == "" && (!isRoot || p.guard == nil || p.guard.timeouts.Load() == 0) {
			// The first probe of a program pays for interpreter or JVM start
			// (multiqc, Picard); later probes hit warm caches.
			timeout *= 3
		}
		res := p.runner.Run(ctx, RunSpec{Argv: append(append([]string(nil), argv0...), args...), Timeout: min(timeout, left), MaxOutput: p.maxOut})
		p.count.Add(1)
		p.serial.Add(int64(res.Elapsed))
		text := string(StripANSI(res.Output))
		env := &rules.ValidityEnv{Help: text, Args: args, IsSub: parent != "", SameAsParent: parent != "" && sameAsAny(text, parent, ancestors),
			Crashed: res.Crashed, TimedOut: res.TimedOut, Binary: IsBinary(res.Output)}
		pr := Probe{Args: args, Elapsed: float64(res.Elapsed.Microseconds()) / 1000, TimedOut: res.TimedOut}
		m, ok, _ := p.rules.First("validity", env)
		if ok {
			t := m.Then.(*rules.ValidityThen)
			pr.Valid, pr.Rule, pr.Reason = t.Valid, m.Rule.ID, t.Reason
			hr.followHelp = t.FollowHelpFlags
			if t.Fallback && fallback == "" {
				fallback = text
			}
		} else {
			pr.Reason = "no validity rule accepted it"
		}
		switch {
		case res.Err != nil:
			pr.Valid, pr.Reason = false, "could not start: "+res.Err.Error()
		case res.TimedOut:
			notes = append(notes, "timed out")
			hr.timedOut = true
			if isRoot {
				p.guard.timedOut()
			} else {
				// A subcommand that hangs on one help flag hangs on the
				// others: its remaining strategies are skipped.
				giveUp = true
			}
		case res.Crashed:
			notes = append(notes, "crashed")
		case res.Truncated:
			notes = append(notes, "output cut at the cap")
		}
		hr.probes = append(hr.probes, pr)
		if !pr.Valid && len(hr.rejected) < rejectedCap {
			hr.rejected += text[:min(len(text), rejectedCap)] + "\n"
		}
		if pr.Valid {
			hr.text, hr.truncated = text, res.Truncated
			return hr
		}
		if giveUp || res.Err != nil && ctx.Err() != nil {
			break
		}
	}
	hr.note = strings.Join(uniq(notes), ", ")
	hr.followHelp = false
	if fallback != "" {
		hr.text = fallback
		hr.probes[len(hr.probes)-1].Reason += "; kept the short usage of an earlier probe"
	}
	return hr
}

// rejectedCap bounds how much of the rejected probes' output is kept.
const rejectedCap = 2048

func uniq(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// sameAsAny reports whether text is the parent's or an ancestor's help:
// equal, or the same lines but for a complaint (`kallisto help index`
// prints "Error: invalid command help" where `kallisto --help` printed
// "Error: invalid command --help", then the same listing).
func sameAsAny(text, parent string, ancestors []string) bool {
	t := strings.TrimSpace(text)
	for _, a := range append([]string{parent}, ancestors...) {
		if t == strings.TrimSpace(a) || nearlySameLines(t, a) {
			return true
		}
	}
	return false
}

// nearlySameLines reports two texts whose non-blank lines differ in at
// most one line in five of those they share, on each side.
func nearlySameLines(a, b string) bool {
	count := func(s string) map[string]int {
		m := map[string]int{}
		for l := range strings.Lines(s) {
			if l = strings.TrimSpace(l); l != "" {
				m[l]++
			}
		}
		return m
	}
	ma, mb := count(a), count(b)
	common, onlyA, onlyB := 0, 0, 0
	for l, n := range ma {
		k := min(n, mb[l])
		common += k
		onlyA += n - k
	}
	for l, n := range mb {
		onlyB += n - min(n, ma[l])
	}
	return common >= 5 && onlyA <= common/5 && onlyB <= common/5
}

// helpProbe reports a flag the help probes spell (--help, -h, --usage):
// it prints help, whatever values it lists.
func helpProbe(fd FlagDoc) bool {
	for _, p := range rootProbes {
		for _, n := range append([]string{fd.Name}, fd.Aliases...) {
			if n == p[0] {
				return true
			}
		}
	}
	return false
}
