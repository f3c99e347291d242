package golden

import (
	"flag"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/bench"
	"github.com/traitome/oxo-call/rules"
)

var fit = flag.Bool("fit", false, "fit Stage 3's confidence model on the golden cases and print the weights block (make fit)")

// sample is one golden case as the confidence model sees it.
type sample struct {
	x     []float64
	right bool
	hard  bool // uncertain whatever the model says (missing values, unused items, values of the wrong kind, a command Stage 5 rejects)
	tool  string
	long  bool // a task of longLen content words or more
}

// featureNames are the evidence Stage 3 records (Fill.Features), in the
// order of the fitted vector.
func featureNames() []string {
	var names []string
	for k := range rules.BuiltinWeights().Confidence.Features {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// logistic fits weights (the last one is the bias) by gradient descent on
// the mean log-loss with a small L2 penalty; deterministic. It learns
// from the cases the confidence decides: a hard case is uncertain
// whatever the weights say, so it would only teach the model what the
// hard checks already know. A feature that never varies in those cases
// (no golden case lacks help: no_doc; unused items make a case hard)
// cannot be fitted and keeps its prior weight from weights.yaml.
func logistic(all []sample, n int, prior []float64) []float64 {
	var ss []sample
	for _, s := range all {
		if !s.hard {
			ss = append(ss, s)
		}
	}
	w := make([]float64, n+1)
	if len(ss) == 0 {
		copy(w, prior)
		return w
	}
	fixed := make([]bool, n)
	for i := 0; i < n; i++ {
		fixed[i] = true
		for _, s := range ss {
			if s.x[i] != ss[0].x[i] {
				fixed[i] = false
				break
			}
		}
		if fixed[i] {
			w[i] = prior[i]
		}
	}
	const rate, l2, steps = 0.3, 0.01, 4000
	for step := 0; step < steps; step++ {
		g := make([]float64, n+1)
		for _, s := range ss {
			p := predict(w, s.x)
			y := 0.0
			if s.right {
				y = 1
			}
			for i := 0; i < n; i++ {
				g[i] += (p - y) * s.x[i]
			}
			g[n] += p - y
		}
		for i := range w {
			if i < n && fixed[i] {
				continue
			}
			reg := 0.0
			if i < n {
				reg = l2 * w[i]
			}
			w[i] -= rate * (g[i]/float64(len(ss)) + reg)
		}
	}
	return w
}

func predict(w, x []float64) float64 {
	z := w[len(w)-1]
	for i, v := range x {
		z += w[i] * v
	}
	return 1 / (1 + math.Exp(-z))
}

// threshold picks the cut that makes the most wrong commands uncertain
// while at most maxRight of the right ones are.
func threshold(w []float64, ss []sample, maxRight float64) float64 {
	best, bestWrong := 0.05, -1.0
	for t := 0.05; t < 0.96; t += 0.01 {
		_, ru, wu := rates(w, ss, t)
		if ru <= maxRight && wu > bestWrong {
			best, bestWrong = t, wu
		}
	}
	return math.Round(best*100) / 100
}

// rates returns the log-loss, the share of right commands uncertain and
// the share of wrong commands uncertain at threshold t.
func rates(w []float64, ss []sample, t float64) (loss, rightU, wrongU float64) {
	var nr, nw, ur, uw float64
	for _, s := range ss {
		p := predict(w, s.x)
		u := s.hard || p < t
		if s.right {
			nr++
			loss -= math.Log(max(p, 1e-9))
			if u {
				ur++
			}
		} else {
			nw++
			loss -= math.Log(max(1-p, 1e-9))
			if u {
				uw++
			}
		}
	}
	return loss / max(1, nr+nw), ur / max(1, nr), uw / max(1, nw)
}

// folds is how many parts the tools are split into for the held-out
// figures: each fold leaves out whole tools, since oxo-call is judged on
// tools it never saw.
const folds = 5

// maxRightUncertain is the share of right commands the threshold may
// make uncertain on the cases it is fitted on. On the evidence of
// 2026-12-02 (kept_for_example, slot_names_fit added) 0.13 and 0.14 pick
// the same threshold on all cases (0.63: 0.915 of the wrong commands and
// 0.127 of the right ones uncertain), but held out by tool 0.14 gives
// 0.906 and 0.144, within the targets, where 0.13 gives 0.893 and
// 0.127: with 0.13 the folds cut too low for the tools they never saw.
// The fit is measured, not trusted, on tools it never saw.
const maxRightUncertain = 0.14

// longLen is the number of content words from which a task counts as
// long in the fit's report: about the longest third of the golden tasks.
// Tasks written by people the project never saw run longer than the
// golden ones (more options asked for in plain words), so the held-out
// figures of the long tasks are the ones that carry to them.
const longLen = 9

// crossByTool fits the model folds times, each time on the tools of the
// other folds, and returns every case's held-out outcome, in the order of
// ss.
func crossByTool(ss []sample, tools []string, n int, prior []float64) []bench.Outcome {
	fold := map[string]int{}
	for i, t := range tools {
		fold[t] = i % folds
	}
	outs := make([]bench.Outcome, len(ss))
	for k := 0; k < folds; k++ {
		var train []sample
		var held []int
		for i, s := range ss {
			if fold[s.tool] == k {
				held = append(held, i)
			} else {
				train = append(train, s)
			}
		}
		if len(held) == 0 || len(train) == 0 {
			continue
		}
		w := logistic(train, n, prior)
		th := threshold(w, train, maxRightUncertain)
		for _, i := range held {
			p := predict(w, ss[i].x)
			outs[i] = bench.Outcome{Right: ss[i].right, Uncertain: ss[i].hard || p < th, Confidence: p}
		}
	}
	return outs
}

// split returns the outcomes of the long tasks and of the others.
func split(outs []bench.Outcome, ss []sample) (long, short []bench.Outcome) {
	for i, o := range outs {
		if ss[i].long {
			long = append(long, o)
		} else {
			short = append(short, o)
		}
	}
	return long, short
}

// TestFit fits the confidence model (make fit). It reports the fit held
// out by tool (k-fold, each fold leaving out whole tools) and in-sample,
// then fits the shipped model on every case.
func TestFit(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit (make fit)")
	}
	names := featureNames()
	var prior []float64
	for _, k := range names {
		prior = append(prior, rules.BuiltinWeights().Confidence.Features[k])
	}
	var all []sample
	var tools []string
	seen := map[string]bool{}
	res := runCases(t, loadRules(t))
	for _, r := range res {
		if !seen[r.tool] {
			seen[r.tool] = true
			tools = append(tools, r.tool)
		}
		s := sample{right: r.literal, tool: r.tool, hard: r.hard, long: r.features["task_words"]*10 >= longLen}
		for _, k := range names {
			s.x = append(s.x, r.features[k])
		}
		all = append(all, s)
	}
	sort.Strings(tools)
	if p := os.Getenv("OXO_FIT_DUMP"); p != "" {
		dump(t, p, res)
	}
	var b strings.Builder
	outs := crossByTool(all, tools, len(names), prior)
	fmt.Fprintf(&b, "held out by tool (%d folds over %d tools, %d cases):\n", folds, len(tools), len(all))
	bench.Calibrate(outs).Write(&b)
	long, short := split(outs, all)
	for _, part := range []struct {
		name string
		outs []bench.Outcome
	}{{fmt.Sprintf("tasks of %d content words or more", longLen), long}, {"shorter tasks", short}} {
		c := bench.Calibrate(part.outs)
		fmt.Fprintf(&b, "held out by tool, %s (%d cases): wrong uncertain %d/%d = %.3f, right uncertain %d/%d = %.3f\n",
			part.name, len(part.outs), c.WrongUncertain.K, c.WrongUncertain.N, c.WrongUncertain.Rate, c.RightUncertain.K, c.RightUncertain.N, c.RightUncertain.Rate)
	}
	// The shipped model is fitted on every case with the same settings.
	w := logistic(all, len(names), prior)
	th := threshold(w, all, maxRightUncertain)
	loss, ru, wu := rates(w, all, th)
	fmt.Fprintf(&b, "\nin-sample (%d cases): log-loss %.3f, right uncertain %.3f, wrong uncertain %.3f\n", len(all), loss, ru, wu)
	fmt.Fprintf(&b, "\nconfidence:\n  bias: %.3f\n  threshold: %.2f\n  features:\n", w[len(w)-1], th)
	for i, k := range names {
		fmt.Fprintf(&b, "    %s: %.3f\n", k, w[i])
	}
	t.Log("\n" + b.String())
	if os.Getenv("OXO_FIT_WRITE") != "" {
		writeWeights(t, w, th, names)
	}
}

// writeWeights puts the fitted numbers into rules/weights.yaml, keeping
// its comments.
func writeWeights(t *testing.T, w []float64, th float64, names []string) {
	const path = "../rules/weights.yaml"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	idx := map[string]int{}
	for i, k := range names {
		idx[k] = i
	}
	inConf := false
	for i, l := range lines {
		key, _, ok := strings.Cut(strings.TrimSpace(l), ":")
		if !ok || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if !strings.HasPrefix(l, " ") {
			// Only the confidence block is rewritten: scoring keys may
			// share a name with a feature (penalties).
			inConf = key == "confidence"
		}
		if !inConf {
			continue
		}
		indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
		switch {
		case key == "bias":
			lines[i] = fmt.Sprintf("%sbias: %.3f", indent, w[len(w)-1])
		case key == "threshold":
			lines[i] = fmt.Sprintf("%sthreshold: %.2f", indent, th)
		default:
			if j, ok := idx[key]; ok {
				lines[i] = fmt.Sprintf("%s%s: %.3f", indent, key, w[j])
			}
		}
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// dump writes every case's evidence, one line each, for trying features
// outside the fit: id, tool, right, hard, exit, then feature=value pairs.
func dump(t *testing.T, path string, res []caseResult) {
	var b strings.Builder
	for _, r := range res {
		fmt.Fprintf(&b, "%s\t%s\t%v\t%v\t%d", r.id, r.tool, r.literal, r.hard, r.exit)
		var ks []string
		for k := range r.features {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			fmt.Fprintf(&b, "\t%s=%g", k, r.features[k])
		}
		// With OXO_SHOW_MISSES=all the trace holds the task's words the
		// command leaves unaccounted for.
		for _, w := range r.why {
			if rest, ok := strings.CutPrefix(w, "words of the task nothing in the command accounts for: "); ok {
				fmt.Fprintf(&b, "\tuncovered:%s", strings.ReplaceAll(rest, " ", ""))
			}
		}
		b.WriteString("\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
