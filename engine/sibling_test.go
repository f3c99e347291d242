package engine

import (
	"strings"
	"testing"
)

// TestSiblingUnnamedIsUncertain checks on hisat2's captured help (with its
// companions hisat2-build and hisat2-inspect) that running a companion in
// place of the program the user named, when no word of the task names it
// and only an example points to it, makes the command uncertain and says
// why; a task word that is part of the companion's name ("build") names it.
func TestSiblingUnnamedIsUncertain(t *testing.T) {
	doc := goldenDoc(t, "hisat2")
	rec := &ToolRecord{Name: "hisat2", Executable: "hisat2"}
	doc.Record = *rec
	sk := inlineSkill(t, "name: hisat2",
		"make a reference from genome.fa named g_idx", "hisat2-build genome.fa g_idx",
		"align r.fq to the index g_idx into a.sam", "hisat2 -x g_idx -U r.fq -S a.sam")
	f := MapTask(builtinRules, rec, doc, sk, "make a reference from chr.fa named c_idx")
	if f.Executable == "hisat2-build" {
		if !f.Uncertain || !strings.Contains(strings.Join(f.Missing, "\n"), "a word of the task that names hisat2-build (the tool named is hisat2") {
			t.Errorf("unnamed companion: uncertain %v, missing %q\n%s", f.Uncertain, f.Missing, strings.Join(f.Evidence, "\n"))
		}
	} else {
		t.Fatalf("the example did not lead to the companion (%s); the test needs another task\n%s", f.Executable, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, sk, "build a reference from chr.fa named c_idx")
	if f.Executable != "hisat2-build" || strings.Contains(strings.Join(f.Missing, "\n"), "names hisat2-build") {
		t.Errorf("named companion: %s, missing %q", f.Executable, f.Missing)
	}
}
