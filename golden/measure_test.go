package golden

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/bench"
)

// measures are the figures Stage 3 is judged by on the golden cases: the
// exact share (file names normalised away), the literal share (file names
// compared), calibration (how many wrong commands exit 3, how many right
// ones do) and the commands holding a value the task never gave.
type measures struct {
	n, exact, literal int
	// sourceless counts commands with at least one value without a source.
	sourceless int
	cal        bench.Calibration
}

func measure(res []caseResult) measures {
	m := measures{n: len(res)}
	var outs []bench.Outcome
	for _, r := range res {
		if r.exact {
			m.exact++
		}
		if r.literal {
			m.literal++
		}
		if len(r.sourceless) > 0 {
			m.sourceless++
		}
		outs = append(outs, bench.Outcome{Right: r.literal, Uncertain: r.exit == 3, Confidence: r.confidence})
	}
	m.cal = bench.Calibrate(outs)
	return m
}

func (m measures) String() string {
	var b strings.Builder
	n := float64(max(1, m.n))
	fmt.Fprintf(&b, "exact %d/%d = %.3f; literal (file names compared) %d/%d = %.3f\n", m.exact, m.n, float64(m.exact)/n, m.literal, m.n, float64(m.literal)/n)
	fmt.Fprintf(&b, "commands with a value the task never gave: %d/%d = %.3f\n", m.sourceless, m.n, float64(m.sourceless)/n)
	m.cal.Write(&b)
	return b.String()
}

// ledgerPath holds one row per golden case: id, right/wrong (literal),
// the dry-run exit status and the command. `go test ./golden -update`
// rewrites it; otherwise the test fails when a case flips, so every flip
// shows in the diff of the commit that caused it.
const ledgerPath = "results.tsv"

func ledger(res []caseResult) string {
	var b strings.Builder
	b.WriteString("id\tverdict\texit\tcommand\n")
	for _, r := range res {
		v := "wrong"
		if r.literal {
			v = "right"
		}
		fmt.Fprintf(&b, "%s\t%s\t%d\t%s\n", r.id, v, r.exit, strings.ReplaceAll(r.got, "\t", " "))
	}
	return b.String()
}

// checkLedger compares the results with the ledger, or rewrites it with
// -update, and returns the rows that changed.
func checkLedger(t *testing.T, res []caseResult) {
	t.Helper()
	now := ledger(res)
	if *update {
		if err := os.WriteFile(ledgerPath, []byte(now), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(ledgerPath)
	if err != nil {
		t.Fatalf("%s: %v (write it with go test ./golden -update)", ledgerPath, err)
	}
	if d := ledgerDiff(string(old), now); d != "" {
		t.Errorf("%s is out of date; review the flips and run go test ./golden -update:\n%s", ledgerPath, d)
	}
}

// ledgerDiff lists the rows that differ, keyed by id.
func ledgerDiff(old, now string) string {
	rows := func(s string) (map[string]string, []string) {
		m := map[string]string{}
		var ids []string
		for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
			id, _, _ := strings.Cut(l, "\t")
			if _, dup := m[id]; !dup {
				ids = append(ids, id)
			}
			m[id] = l
		}
		return m, ids
	}
	om, oids := rows(old)
	nm, nids := rows(now)
	var b strings.Builder
	for _, id := range oids {
		if nm[id] != om[id] {
			fmt.Fprintf(&b, "- %s\n", om[id])
			if l, ok := nm[id]; ok {
				fmt.Fprintf(&b, "+ %s\n", l)
			}
		}
	}
	for _, id := range nids {
		if _, ok := om[id]; !ok {
			fmt.Fprintf(&b, "+ %s\n", nm[id])
		}
	}
	return b.String()
}

func TestLedgerDiff(t *testing.T) {
	old := "id\tverdict\texit\tcommand\na#1\tright\t0\ta x\na#2\twrong\t0\ta y\n"
	now := "id\tverdict\texit\tcommand\na#1\tright\t0\ta x\na#2\twrong\t3\ta y\na#3\tright\t0\ta z\n"
	want := "- a#2\twrong\t0\ta y\n+ a#2\twrong\t3\ta y\n+ a#3\tright\t0\ta z\n"
	if got := ledgerDiff(old, now); got != want {
		t.Fatalf("got %q", got)
	}
	if ledgerDiff(now, now) != "" {
		t.Fatal("equal ledgers differ")
	}
}

// TestShowSourceless lists the commands holding a value the task never
// gave (OXO_SHOW_SOURCELESS=1), or with OXO_SHOW_SOURCELESS=calibration
// the right commands marked uncertain and the wrong ones marked sure.
func TestShowSourceless(t *testing.T) {
	if os.Getenv("OXO_SHOW_SOURCELESS") == "" {
		t.Skip("set OXO_SHOW_SOURCELESS=1")
	}
	for _, r := range runCases(t, loadRules(t)) {
		if os.Getenv("OXO_SHOW_SOURCELESS") == "calibration" {
			if r.literal == (r.exit == 3) {
				t.Logf("%s right=%v exit %d %q\n    want %s\n    got  %s\n    why  %q", r.id, r.literal, r.exit, r.task, r.want, r.got, r.why)
			}
			continue
		}
		if len(r.sourceless) > 0 {
			t.Logf("%s %q\n    got %s\n    sourceless %v (exit %d)", r.id, r.task, r.got, r.sourceless, r.exit)
		}
	}
}
