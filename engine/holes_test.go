package engine

import (
	"strings"
	"testing"
)

// TestFillHoleWithTheLeftoverFile checks that the one flag whose example
// value has no source takes the one task file no place holds, and that
// of two leftover files, or a file of another kind than the example's
// value, none is placed: the command stays uncertain.
func TestFillHoleWithTheLeftoverFile(t *testing.T) {
	rec := &ToolRecord{Name: "searcher", Executable: "searcher"}
	doc := &ToolDoc{Flags: []FlagDoc{
		{Name: "--db", ParamType: "string", Placeholder: "file", Description: "database file", Category: "Input"},
		{Name: "-q", ParamType: "file", Category: "Input", Description: "query input file"},
		{Name: "-o", ParamType: "file", Category: "Output", Description: "output file"},
		{Name: "-k", ParamType: "int", Description: "number of targets"},
	}}
	sk := inlineSkill(t, "name: searcher", "search query.faa against the database and write hits.tsv", "--db prot_db -q query.faa -o hits.tsv")
	f := MapTask(builtinRules, rec, doc, sk, "search reads.fasta against the database nr_subset.dmnd and write out.tsv")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--db nr_subset.dmnd") || f.Uncertain || !hasEvidence(f, "gave nr_subset.dmnd to --db") {
		t.Errorf("one hole, one file: got %q (uncertain %v)\n%s", got, f.Uncertain, strings.Join(f.Evidence, "\n"))
	}
	// A FASTA where the example named a database by name is another
	// thing (a subject, a database yet to be made): no fill.
	f = MapTask(builtinRules, rec, doc, sk, "search reads.fasta against the database prot.faa and write out.tsv")
	if got := Assemble(rec, f).Display; strings.Contains(got, "--db prot.faa") || !f.Uncertain {
		t.Errorf("a FASTA for a database name: got %q (uncertain %v)\n%s", got, f.Uncertain, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, sk, "search reads.fasta against the database nr_subset.dmnd and extra.dmnd and write out.tsv")
	if got := Assemble(rec, f).Display; strings.Contains(got, ".dmnd") || !f.Uncertain {
		t.Errorf("one hole, two files: got %q (uncertain %v)\n%s", got, f.Uncertain, strings.Join(f.Evidence, "\n"))
	}
}

// A leftover file the hole's flag does not take (a FASTA where the
// example searched -db prot_db) goes to the one flag of the help that
// reads it in that flag's stead: blastp's -subject, which the help says
// excludes -db.
func TestFillHoleThroughTheExcludingReader(t *testing.T) {
	rec := &ToolRecord{Name: "blastp", Executable: "blastp", Installed: true}
	sk := inlineSkill(t, "name: blastp", "search proteins.fa against prot_db with blastp and write hits.txt", "-query proteins.fa -db prot_db -out hits.txt")
	f := MapTask(builtinRules, rec, goldenDoc(t, "blastp"), sk, "compare the proteins in query.faa directly against subject.faa and write the hits to hits.tsv")
	got := Assemble(rec, f).Display
	if !strings.Contains(got, "-subject subject.faa") || strings.Contains(got, "-db") || len(f.Missing) > 0 {
		t.Errorf("got %s, missing %q\n%s", got, f.Missing, strings.Join(f.Evidence, "\n"))
	}
}
