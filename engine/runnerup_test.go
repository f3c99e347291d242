package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// TestRunnerUpWordsLeftUncovered checks that task words nothing in the
// command accounts for, which the runner-up's description holds, make a
// finding (mmseqs easy-cluster chosen for "the linear-time workflow",
// easy-linclust's "linear time"), and that a runner-up far behind, or a
// word of the runner-up's own name ("the pileup file" beside mpileup),
// makes none.
func TestRunnerUpWordsLeftUncovered(t *testing.T) {
	rec := &ToolRecord{Name: "mm", Executable: "mm"}
	doc := &ToolDoc{Record: *rec}
	m := newMapper(builtinRules, rec, doc, nil, "cluster x.faa with the linear-time workflow, pileup prefix out")
	c := &candidate{exe: "mm", sub: []string{"cluster"}, key: "cluster", desc: "Slower, sensitive clustering", score: 10}
	r := &candidate{exe: "mm", sub: []string{"linclust"}, key: "linclust", desc: "Fast linear time clustering of pileups", score: 8}
	f := &Fill{Positionals: []string{"x.faa"}}
	got := m.runnerUpWords(m.uncoveredWords(f, c, nil, false), c, r)
	if !strings.Contains(got, "linear") || !strings.Contains(got, "mm linclust") || strings.Contains(got, "workflow") {
		t.Errorf("close runner-up: %q", got)
	}
	if !strings.Contains(got, "words linear, pileup are") {
		t.Errorf("a word of the runner-up's description, not its name: %q", got)
	}
	r = &candidate{exe: "mm", sub: []string{"mpileup"}, key: "mpileup", desc: r.desc, score: 8}
	if got := m.runnerUpWords(m.uncoveredWords(f, c, nil, false), c, r); !strings.Contains(got, "the task's words linear are mm mpileup's") {
		t.Errorf("a word inside the runner-up's name: %q", got)
	}
	r.score = 4
	if got := m.runnerUpWords(m.uncoveredWords(f, c, nil, false), c, r); got != "" {
		t.Errorf("far runner-up: %q", got)
	}
	if got := m.runnerUpWords(m.uncoveredWords(f, c, nil, false), c, nil); got != "" {
		t.Errorf("no runner-up: %q", got)
	}
}

// TestRunnerUpWordsMakeTheCommandUncertain checks the finding on the
// captured help of mmseqs: the command is uncertain and says why.
func TestRunnerUpWordsMakeTheCommandUncertain(t *testing.T) {
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	sk, _ := st.Get("mmseqs")
	_, f := mapCaptured(t, "mmseqs", sk, "cluster gut.faa with the linear-time easy workflow at 90% sequence identity, result prefix gut90, temporary directory tmp_lin")
	if !slices.ContainsFunc(f.Mismatched, func(s string) bool { return strings.Contains(s, "easy-linclust's, the runner-up") }) {
		t.Errorf("mismatched %q\n%s", f.Mismatched, strings.Join(f.Evidence, "\n"))
	}
}
