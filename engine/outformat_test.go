package engine

import (
	"strings"
	"testing"
)

// TestSetOutputFormat checks that a task asking for its output's kind in
// words gets the format qualifier of the parameter that writes the
// output, set to the kind's name in lower case: -rformat of sigcleave's
// -outfile, and of sizeseq's -outseq the qualifier whose help is about
// sequences (-osformat), not the features one (-offormat). A task that
// names no kind gets no qualifier, and no secondary flag is filled
// unasked.
func TestSetOutputFormat(t *testing.T) {
	rec, doc, _ := embossDoc(t, "sigcleave")
	f := MapTask(builtinRules, rec, doc, nil, "scan human_prots.fa for signal cleavage sites scoring at least 7, give me the report as GFF3 in human_sig.gff")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-rformat gff3") || !strings.Contains(got, "-outfile human_sig.gff") || f.Uncertain {
		t.Errorf("GFF3: %s (uncertain %v)\n%s", got, f.Uncertain, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "Predict signal peptide cleavage sites in bacterial_secretome.fa. These are prokaryotic proteins; only report sites with weight 5 or more. Report to secretome.sigcleave")
	got := Assemble(rec, f).Display
	if strings.Contains(got, "-rformat") || !strings.Contains(got, "-minweight 5") {
		t.Errorf("no kind asked: %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	for _, fv := range f.Flags {
		if fd, ok := LookupFlag(doc.Flags, fv.Name); ok && fd.Secondary {
			t.Errorf("secondary %s filled unasked: %s", fv.Name, got)
		}
	}
	rec, doc, _ = embossDoc(t, "sizeseq")
	f = MapTask(builtinRules, rec, doc, nil, "order the transcripts in mrna.fa from longest to shortest and write them out in GenBank format as mrna_sorted.gb")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-osformat genbank") || strings.Contains(got, "-offormat") {
		t.Errorf("GenBank: %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestSharedWords checks the count that picks a parameter's format
// qualifier: words of its help the parameter has, "format" aside.
func TestSharedWords(t *testing.T) {
	outseq := FlagDoc{Name: "-outseq", Description: "Sequence set(s) filename and optional format (output USA)"}
	if a, b := sharedWords(FlagDoc{Name: "-osformat", Description: "Output seq format"}, outseq), sharedWords(FlagDoc{Name: "-offormat", Description: "Features format"}, outseq); a <= b || b != 0 {
		t.Errorf("osformat %d, offormat %d", a, b)
	}
}
