package engine

import (
	"slices"
	"strings"
	"testing"
)

// A file the help lets be given by place goes to its qualifier by name,
// whatever order the task names it in.
func TestNameByPositionNamesTheFiles(t *testing.T) {
	checkCommands(t, "water", nil,
		taskCommand{"Locally align primerA.fa against amplicon_ref.fa with gap open 12 and gap extend 2, write primerA_local.water",
			"water -asequence primerA.fa -bsequence amplicon_ref.fa -outfile primerA_local.water -gapopen 12 -gapextend 2"},
		taskCommand{"write to pair.water the local alignment of a.fa and b.fa",
			"water -asequence a.fa -bsequence b.fa -outfile pair.water"},
	)
}

// byPositionDoc is a help with three bracketed qualifiers (EMBOSS
// "[-sequence] seqall"), one of them a value, and a second value when two
// is set.
func byPositionDoc(two bool) (*ToolRecord, *ToolDoc) {
	doc := &ToolDoc{Flags: []FlagDoc{
		{Name: "-sequence", ParamType: "file", Placeholder: "seqall", Description: "Sequence filename (input USA)", Required: true, Category: "Input", ByPosition: true},
		{Name: "-exclude", ParamType: "string", Placeholder: "string", Description: "A list of sequence names to exclude", Required: true, ByPosition: true},
		{Name: "-outseq", ParamType: "file", Placeholder: "seqoutall", Description: "Sequence set filename (output USA)", Required: true, Category: "Output", ByPosition: true},
	}}
	if two {
		doc.Flags = append(doc.Flags, FlagDoc{Name: "-include", ParamType: "string", Placeholder: "string", Description: "A list of sequence names to keep", ByPosition: true})
	}
	rec := &ToolRecord{Name: "dropseq", Executable: "dropseq"}
	doc.Record = *rec
	return rec, doc
}

func TestNameByPositionValue(t *testing.T) {
	rec, doc := byPositionDoc(false)
	f := MapTask(builtinRules, rec, doc, nil, "drop chrM from genome.fa and write nuclear.fa")
	if got := Assemble(rec, f).Display; got != "dropseq -sequence genome.fa -outseq nuclear.fa -exclude chrM" {
		t.Errorf("got %s", got)
	}
	if !slices.ContainsFunc(f.Evidence, func(e string) bool {
		return strings.HasPrefix(e, "named the qualifiers") && strings.Contains(e, "chrM to -exclude")
	}) {
		t.Errorf("no evidence of the naming: %q", f.Evidence)
	}
	// With two value qualifiers free nothing says which takes chrM: it
	// keeps its place.
	rec, doc = byPositionDoc(true)
	f = MapTask(builtinRules, rec, doc, nil, "drop chrM from genome.fa and write nuclear.fa")
	if !slices.Contains(f.Positionals, "chrM") {
		t.Errorf("chrM was named though two qualifiers may take it: %s", Assemble(rec, f).Display)
	}
}

func TestByPositionFitsByRole(t *testing.T) {
	rec, doc := byPositionDoc(false)
	m := newMapper(builtinRules, rec, doc, nil, "read in.fa and x.gtf, write out.fa")
	in, out, val := doc.Flags[0], doc.Flags[2], doc.Flags[1]
	for _, c := range []struct {
		fd   FlagDoc
		p    string
		want bool
	}{
		{in, "in.fa", true}, {out, "in.fa", false},
		{out, "out.fa", true}, {in, "out.fa", false},
		{val, "chrM", true}, {in, "chrM", false},
		{in, "x.gtf", true}, {val, "y.bed", false}, // y.bed: a file the task never names
	} {
		if got := m.byPositionFits(c.fd, c.p, 1); got != c.want {
			t.Errorf("%s takes %s: got %v, want %v", c.fd.Name, c.p, got, c.want)
		}
	}
	if m.byPositionFits(val, "chrM", 2) {
		t.Error("a value fits one of two value qualifiers")
	}
}

func TestRenameOrder(t *testing.T) {
	got := renameOrder([]string{"f0", "p0", "p1", "f1", "p2"}, map[int]int{1: 2})
	if want := []string{"f0", "p0", "f2", "f1", "p1"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// A file stays for a free qualifier the help lets be given by place
// rather than going to a flag whose help names no kind of its (needle's
// -datafile "scoring matrix file"), and "gap opening" spells -gapopen
// apart, an ending on its second word.
func TestFileWaitsForByPositionQualifier(t *testing.T) {
	cmd, f := mapCaptured(t, "needle", nil, "Globally align the two protein sequences in kinase_a.faa and kinase_b.faa with a gap opening penalty of 10 and gap extension of 0.5, writing the alignment to kinase_ab.needle")
	if !strings.HasPrefix(cmd.Display, "needle -asequence kinase_a.faa -bsequence kinase_b.faa ") || strings.Contains(cmd.Display, "-datafile") {
		t.Errorf("got %s", cmd.Display)
	}
	if !strings.Contains(cmd.Display, " -gapopen 10") || slices.ContainsFunc(f.Evidence, func(e string) bool { return strings.HasPrefix(e, "tied: the task's 10") }) {
		t.Errorf("10 is not -gapopen's by name: %s\n%s", cmd.Display, strings.Join(f.Evidence, "\n"))
	}
}

// A usage whose operands are the qualifiers given by place (exonerate's
// "fastaindex <path> <path>"): once the command names one, the others are
// named too (the program gives the first operand to the first qualifier,
// named or not); with none named the operands stand as they are.
func TestNameByPositionMirroredOperands(t *testing.T) {
	rec := &ToolRecord{Name: "fastaindex", Executable: "fastaindex"}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"fastaindex <path> <path>"}, Flags: []FlagDoc{
		{Name: "--fasta", Aliases: []string{"-f"}, ParamType: "file", Placeholder: "path", Description: "Fasta input file", Required: true, Category: "Input", ByPosition: true},
		{Name: "--index", Aliases: []string{"-i"}, ParamType: "file", Placeholder: "path", Description: "Index file path", Required: true, Category: "Input", ByPosition: true},
	}, Positionals: []PositionalDoc{
		{Position: 1, Name: "path", ParamType: "file", Description: "Fasta input file", Required: true},
		{Position: 2, Name: "path", ParamType: "file", Description: "Index file path", Required: true},
	}}
	f := &Fill{Executable: "fastaindex", Flags: []FlagValue{{Name: "-f", Value: "genome.fa", HasValue: true}}, Positionals: []string{"genome.idx"}, Order: []string{"f0", "p0"}}
	m := &mapper{}
	c := &candidate{exe: "fastaindex", flags: doc.Flags, positionals: doc.Positionals, known: true}
	m.nameByPosition(f, c)
	if got := Assemble(rec, f).Display; got != "fastaindex -f genome.fa -i genome.idx" {
		t.Errorf("named one: %s", got)
	}
	f = &Fill{Executable: "fastaindex", Positionals: []string{"genome.fa", "genome.idx"}, Order: []string{"p0", "p1"}}
	m.nameByPosition(f, c)
	if got := Assemble(rec, f).Display; got != "fastaindex genome.fa genome.idx" {
		t.Errorf("none named: %s", got)
	}
}
