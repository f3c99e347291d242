package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestPositiveText checks what the task asks for once its negated
// Chinese clauses are left out; English negations stay.
func TestPositiveText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"用 x.hmm 搜索 y.fa，不要输出比对，结果写到 z.tbl", "用 x.hmm 搜索 y.fa，,，结果写到 z.tbl"},
		{"print r.tsv without its header line", "print r.tsv without its header line"},
		{"sort x.bam by name", "sort x.bam by name"},
	} {
		if got := positiveText(c.in); got != c.want {
			t.Errorf("positiveText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestNegatedWordsChooseNoExample checks on hmmsearch's captured help
// that the words a task negates ("不要输出比对", do not output the
// alignment) make no example like it (one that saves the alignment), and
// that the example's switch that leaves out what the task negates
// (--noali) stays.
func TestNegatedWordsChooseNoExample(t *testing.T) {
	doc := goldenDoc(t, "hmmsearch")
	rec := &ToolRecord{Name: "hmmsearch", Executable: "hmmsearch"}
	doc.Record = *rec
	sk := inlineSkill(t, "name: hmmsearch",
		"save the multiple alignment of all family.hmm hits in proteome.fa", "hmmsearch -A hits.sto family.hmm proteome.fa",
		"search family.hmm against proteome.fa writing per-domain hits", "hmmsearch --domtblout hits.domtbl --noali family.hmm proteome.fa")
	f := MapTask(builtinRules, rec, doc, sk, "用 PF00069.hmm 搜索 proteome.fa，按结构域的结果表写到 pk_dom.tbl，不要输出比对")
	got := Assemble(rec, f).Args
	if !slices.Contains(got, "--domtblout") || !slices.Contains(got, "--noali") || slices.Contains(got, "-A") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !hasEvidence(f, "kept --noali: the task leaves out what it leaves out") {
		t.Errorf("evidence %q", f.Evidence)
	}
}
