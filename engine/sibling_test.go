package engine

import (
	"strings"
	"testing"
)

// The program typed is the program run: a companion that shares the
// task's words through a skill keyword does not replace it; one the task
// names does. The typed program borrows the companion's example when its
// own help lists every flag of it.
func TestTypedProgramKeptAgainstItsCompanions(t *testing.T) {
	rec := &ToolRecord{Name: "tsearch", Executable: "tsearch", Installed: true,
		CompanionTools: []Companion{{Name: "psearch", Path: "/x/psearch"}, {Name: "mkdb", Path: "/x/mkdb"}}}
	search := []FlagDoc{
		{Name: "-query", ParamType: "file", Category: "Input", Description: "input query file"},
		{Name: "-db", ParamType: "string", Category: "Input", Description: "database name"},
		{Name: "-evalue", ParamType: "float", Description: "expectation value threshold"},
		{Name: "-out", ParamType: "file", Category: "Output", Description: "output file"},
	}
	doc := &ToolDoc{Record: *rec, Description: "translated search of a nucleotide database", Flags: search,
		Companions: []SubcommandDoc{
			{Name: "psearch", Parser: "getopt", Description: "protein search", Flags: search},
			{Name: "mkdb", Parser: "getopt", Description: "make a database", Flags: []FlagDoc{{Name: "-in", ParamType: "file", Category: "Input", Description: "input file"}}},
		}}
	sk := inlineSkill(t, "name: tsearch\ncompanions: [psearch, mkdb]\nkeywords:\n  psearch: [protein search, search proteins]\n  mkdb: [make database]",
		"search proteins q.fa against prot_db with psearch", "psearch -query q.fa -db prot_db -evalue 1e-5 -out hits.tsv",
		"make a database from seqs.fa", "mkdb -in seqs.fa")
	f := MapTask(builtinRules, rec, doc, sk, "protein search of toxin.faa against asm_db with evalue 1e-20, write toxin.out")
	got := Assemble(rec, f).Display
	if got != "tsearch -query toxin.faa -db asm_db -evalue 1e-20 -out toxin.out" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if !hasEvidence(f, "the program typed: no task word names psearch") || !hasEvidence(f, "an example of psearch") {
		t.Errorf("the trace does not say why:\n%s", strings.Join(f.Evidence, "\n"))
	}
	// Named by name, the companion runs.
	f = MapTask(builtinRules, rec, doc, sk, "run psearch on toxin.faa against asm_db, write toxin.out")
	if got := Assemble(rec, f).Display; !strings.HasPrefix(got, "psearch ") {
		t.Errorf("named companion: got %q", got)
	}
	// The example of a companion whose flags the typed program lacks
	// is not borrowed.
	if flagsKnown([]string{"-in", "seqs.fa"}, search) || !flagsKnown([]string{"-query", "q.fa", "-evalue=1"}, search) || flagsKnown([]string{"q.fa"}, search) {
		t.Error("flagsKnown")
	}
}

// A comparison written onto an example's number (-mapQuality ">=20")
// takes the task's number and keeps the comparison; it is no redirection.
func TestComparisonValueTakesTheTasksNumber(t *testing.T) {
	rec := &ToolRecord{Name: "bfilter", Executable: "bfilter", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-in", ParamType: "file", Category: "Input", Description: "the input BAM file"},
		{Name: "-out", ParamType: "file", Category: "Output", Description: "the output BAM file"},
		{Name: "-mapQuality", ParamType: "string", Placeholder: "[0-255]", Description: "keep reads with map quality that matches pattern"},
	}}
	sk := inlineSkill(t, "name: bfilter", "keep reads with mapping quality at least 20 from aln.bam", `bfilter -in aln.bam -out filtered.bam -mapQuality ">=20"`)
	f := MapTask(builtinRules, rec, doc, sk, "keep reads of x.bam with mapping quality at least 30, output x.filt.bam")
	if got := Assemble(rec, f).Display; got != "bfilter -in x.bam -out x.filt.bam -mapQuality '>=30'" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// An example's file takes the role its slot's name in the help gives it
// ("<reference> <query>"): the task's reference goes where the example's
// reference stood, whatever order the task names them in.
func TestExampleSlotNameGivesTheRole(t *testing.T) {
	rec := &ToolRecord{Name: "cmp", Executable: "cmp", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{{Name: "-p", ParamType: "string", Placeholder: "prefix", Description: "output prefix"}},
		Positionals: []PositionalDoc{{Position: 1, Name: "reference", Required: true}, {Position: 2, Name: "query", Required: true}}}
	sk := inlineSkill(t, "name: cmp", "compare two assemblies a.fa and b.fa", "cmp a.fa b.fa")
	f := MapTask(builtinRules, rec, doc, sk, "compare the assembly asm.fa against the reference ref.fa")
	if got := Assemble(rec, f).Display; got != "cmp ref.fa asm.fa" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// Built from the help alone, a command still gets the switches the task
// asks for in words ("decompress" asks for -d, --decompress).
func TestHelpAloneAddsAskedSwitches(t *testing.T) {
	rec := &ToolRecord{Name: "zz", Executable: "zz", Installed: true}
	doc := &ToolDoc{Record: *rec, Description: "compress or decompress files",
		Flags: []FlagDoc{
			{Name: "--decompress", Aliases: []string{"-d"}, ParamType: "bool", Description: "Perform decompression."},
			{Name: "--keep", Aliases: []string{"-k"}, ParamType: "bool", Description: "Preserve the input file."},
			{Name: "-o", ParamType: "file", Placeholder: "FILE", Category: "Output", Description: "Save result to FILE."},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "INPUT", Required: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "decompress calls.tsv.zz into calls.tsv")
	got := Assemble(rec, f).Display
	if !strings.Contains(got+" ", " -d ") || strings.Contains(got, "-k") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// A part of a companion's name that the typed program's own help says as
// well ("search" of hmmsearch, for phmmer "search a protein sequence
// against a protein database") does not choose the companion: the word
// fits the program typed as much. Nor does a part the typed program's
// help does not say ("build" of hmbuild): a companion whose name is not
// akin to the typed program's is chosen only when the task names it as a
// program to run (engine/kin.go).
func TestNamePartTheTypedProgramSaysToo(t *testing.T) {
	rec := &ToolRecord{Name: "phm", Executable: "phm", Installed: true,
		CompanionTools: []Companion{{Name: "hmsearch", Path: "/x/hmsearch"}, {Name: "hmbuild", Path: "/x/hmbuild"}}}
	flags := []FlagDoc{
		{Name: "-o", ParamType: "file", Placeholder: "f", Category: "Output", Description: "direct output to file <f>, not stdout"},
		{Name: "-E", ParamType: "float", Description: "report sequences <= this E-value threshold in output"},
	}
	pos := []PositionalDoc{{Position: 1, Name: "seqfile", Required: true}, {Position: 2, Name: "seqdb", Required: true}}
	doc := &ToolDoc{Record: *rec, Description: "search a protein sequence against a protein database", Flags: flags, Positionals: pos,
		Companions: []SubcommandDoc{
			{Name: "hmsearch", Parser: "getopt", Description: "search profile(s) against a sequence database", Flags: flags, Positionals: pos},
			{Name: "hmbuild", Parser: "getopt", Description: "profile HMM construction from multiple sequence alignments", Flags: flags, Positionals: pos},
		}}
	f := MapTask(builtinRules, rec, doc, nil, "search query.fa against the uniprot.fa database and write the output to hits.txt")
	if got := Assemble(rec, f).Display; !strings.HasPrefix(got, "phm ") || hasEvidence(f, "chose companion") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "build a profile from the alignment globins.sto and write the output to globins.txt")
	if got := Assemble(rec, f).Display; !strings.HasPrefix(got, "phm ") {
		t.Errorf("build: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "build a profile from the alignment globins.sto with hmbuild and write the output to globins.txt")
	if got := Assemble(rec, f).Display; !strings.HasPrefix(got, "hmbuild ") {
		t.Errorf("with hmbuild: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
