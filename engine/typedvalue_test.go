package engine

import (
	"strings"
	"testing"
)

// TestTypedValue checks that a typed flag the help says takes a value gets
// the plain word after it ("-aformat pair"), even when only the verbose
// help lists the flag, and that a word naming the option ("the -R
// option"), a prose joint or a switch's neighbour stays prose.
func TestTypedValue(t *testing.T) {
	rec, doc, _ := embossDoc(t, "matcher")
	f := MapTask(builtinRules, rec, doc, nil, "Waterman-Eggert local alignment of gene_mouse.fa vs gene_human.fa with gap open 20 and gap extend 5; output with -aformat pair to mouse_human.pair")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-aformat pair") || !hasEvidence(f, "typed: -aformat pair") {
		t.Errorf("typed -aformat: %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	toks := strings.Fields("merge a.vcf.gz and b.vcf.gz and put 0/0 (the -R option) instead; use -x to out.bam, -k sensitive")
	for _, c := range []struct{ key, want string }{
		{"-R", ""}, {"-x", ""}, {"-k", "sensitive"}, {"-q", ""},
	} {
		if got := wordAfter(toks, c.key); got != c.want {
			t.Errorf("wordAfter(%s) = %q, want %q", c.key, got, c.want)
		}
	}
	if got := wordAfter(strings.Fields("run with -o out.bam"), "-o"); got != "" {
		t.Errorf("a file after -o: %q", got)
	}
	// a switch takes no word
	rec, doc = helpDoc(t, "sizeseq", "sizeseq")
	f = MapTask(builtinRules, rec, doc, nil, "sort mrna.fa with -descending order into out.fa")
	if got := Assemble(rec, f).Display; strings.Contains(got, "-descending order") {
		t.Errorf("switch: %s", got)
	}
}
