package engine

import (
	"strings"
	"testing"
)

// rareDoc is an intersecting tool's help: -loj's help says "left outer
// join", words no other flag's help says; the other flags share theirs.
func rareDoc() (*ToolRecord, *ToolDoc) {
	rec := &ToolRecord{Name: "ix", Executable: "ix"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-a", ParamType: "file", Placeholder: "FILE", Category: "Input", Description: "BED file A: each feature in A is compared to B"},
		{Name: "-b", ParamType: "file", Placeholder: "FILE", Category: "Input", Description: "BED file B"},
		{Name: "-loj", ParamType: "bool", Category: "General", Description: "Perform a left outer join. That is, for each feature in A report each overlap with B. If no overlaps are found, report a NULL feature for B."},
		{Name: "-wa", ParamType: "bool", Category: "General", Description: "Write the original entry in A for each overlap."},
		{Name: "-wb", ParamType: "bool", Category: "General", Description: "Write the original entry in B for each overlap."},
		{Name: "-u", ParamType: "bool", Category: "General", Description: "Write the original A entry once if any overlaps found in B."},
		{Name: "-v", ParamType: "bool", Category: "General", Description: "Only report those entries in A that have no overlaps with B."},
		{Name: "-c", ParamType: "bool", Category: "General", Description: "For each entry in A, report the number of overlaps with B."},
		{Name: "-s", ParamType: "bool", Category: "General", Description: "Require same strandedness."},
		{Name: "-S", ParamType: "bool", Category: "General", Description: "Require different strandedness."},
	}}
	return rec, doc
}

// TestRareWordsAddASwitch checks that a switch whose fit falls short of
// scoring.fit.switch_relevance_min is added when it reaches
// switch_rare_min with words few other flags' help says ("left outer
// join" for -loj), from an example and from the help alone, and that the
// same fit of words many helps say adds nothing.
func TestRareWordsAddASwitch(t *testing.T) {
	rec, doc := rareDoc()
	sk := inlineSkill(t, "name: ix", "intersect a.bed with b.bed", "-a a.bed -b b.bed")
	const task = "intersect p.bed with g.bed as a left outer join"
	f := MapTask(builtinRules, rec, doc, sk, task)
	if got := Assemble(rec, f).Display; got != "ix -a p.bed -b g.bed -loj" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !hasEvidence(f, "words few other flags' help says") {
		t.Errorf("evidence %q", f.Evidence)
	}
	// From the help alone the help's rare words are read as well.
	doc.Flags[2].Description = "Perform a left outer join reporting each feature in A with its overlaps in B or a NULL B feature when none are found"
	f = MapTask(builtinRules, rec, doc, nil, task)
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-loj") {
		t.Errorf("help alone: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// "original entry overlap" are words of three helps: no switch.
	rec, doc = rareDoc()
	f = MapTask(builtinRules, rec, doc, sk, "intersect p.bed with g.bed writing the original entry for each overlap")
	if got := Assemble(rec, f).Display; got != "ix -a p.bed -b g.bed" {
		t.Errorf("common words: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
