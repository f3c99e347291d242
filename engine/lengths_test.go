package engine

import (
	"strings"
	"testing"
)

// A length the task gives in kb goes in base pairs to a flag that reads a
// plain integer; a flag whose help shows a unit suffix keeps the task's
// number; memory in MB is no length.
func TestLengthsInBasePairs(t *testing.T) {
	rec := &ToolRecord{Name: "win", Executable: "win", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--window", ParamType: "int", Placeholder: "integer", Description: "window size for diversity"},
		{Name: "--out", ParamType: "string", Placeholder: "prefix", Category: "Output", Description: "output prefix"},
	}}
	sk := inlineSkill(t, "name: win", "diversity in windows of 5000 bp from a.vcf, prefix p", "win --window 5000 --out p a.vcf")
	f := MapTask(builtinRules, rec, doc, sk, "diversity in 10 kb windows from pop.vcf, prefix pop_pi")
	if got := Assemble(rec, f).Display; got != "win --window 10000 --out pop_pi pop.vcf" || len(f.Unused) > 0 {
		t.Errorf("got %q unused %v\n%s", got, f.Unused, strings.Join(f.Evidence, "\n"))
	}
	doc.Flags[0].Default = "200k"
	f = MapTask(builtinRules, rec, doc, sk, "diversity in 10 kb windows from pop.vcf, prefix pop_pi")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--window 10 ") {
		t.Errorf("a flag that reads units: got %q", got)
	}
}

// A word the command sets as a flag's own name ("the WAG model" for
// -wag) is used by that flag, not an item left without a place.
func TestItemNamedByAPlacedFlag(t *testing.T) {
	rec := &ToolRecord{Name: "tree", Executable: "tree", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-wag", ParamType: "bool", Description: "Whelan-And-Goldman 2001 model instead of (default) Jones-Taylor-Thorton 1992 model"},
		{Name: "-out", ParamType: "file", Placeholder: "FILE", Category: "Output", Description: "write the tree to FILE"},
	}}
	sk := inlineSkill(t, "name: tree", "infer a tree from a.faa with the WAG model into a.nwk", "tree -wag -out a.nwk a.faa")
	f := MapTask(builtinRules, rec, doc, sk, "infer a tree from p.faa with the WAG model into p.nwk")
	if got := Assemble(rec, f).Display; got != "tree -wag -out p.nwk p.faa" || len(f.Unused) > 0 {
		t.Errorf("got %q unused %v\n%s", got, f.Unused, strings.Join(f.Evidence, "\n"))
	}
}

// A value the task spells with other punctuation than the flag's name
// ("the qualities are Phred+64" for --phred64, which the task names) is
// used by that flag.
func TestItemSpelledAsAPlacedFlag(t *testing.T) {
	rec := &ToolRecord{Name: "aln", Executable: "aln", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--phred64", ParamType: "bool", Description: "qualities are Phred+64"},
		{Name: "--phred33", ParamType: "bool", Description: "qualities are Phred+33 (default)"},
		{Name: "-o", ParamType: "file", Placeholder: "FILE", Category: "Output", Description: "write the alignments to FILE"},
	}}
	f := MapTask(builtinRules, rec, doc, nil, "align r.fq writing r.sam, the qualities are Phred+64")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--phred64") || len(f.Unused) > 0 {
		t.Errorf("got %q unused %v\n%s", got, f.Unused, strings.Join(f.Evidence, "\n"))
	}
}

// A length written with its unit on the number ("50bp", "10kb") goes in
// base pairs to a flag that reads a plain integer, as one written apart
// does; a number never goes to a flag that reads a file.
func TestLengthUnitOnTheNumber(t *testing.T) {
	rec := &ToolRecord{Name: "flt", Executable: "flt", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--length", Aliases: []string{"-l"}, ParamType: "int", Placeholder: "INT", Description: "reads shorter than length are discarded"},
		{Name: "--shorter-list", ParamType: "file", Placeholder: "FILE", Description: "list the reads shorter than the length in FILE"},
	}}
	for task, want := range map[string]string{
		"drop reads shorter than 50bp from a.fq":  " -l 50 ",
		"drop reads shorter than 50 bp from a.fq": " -l 50 ",
		"drop reads shorter than 2kb from a.fq":   " -l 2000 ",
	} {
		f := MapTask(builtinRules, rec, doc, nil, task)
		if got := Assemble(rec, f).Display; !strings.Contains(got+" ", want) || strings.Contains(got, "--shorter-list 50") || strings.Contains(got, "--shorter-list 2") {
			t.Errorf("%q: got %q, want %q\n%s", task, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
}

// A number's words that fit a flag reading a number and one reading a
// file alike go to the first: a number is no file.
func TestNumberIsNoFile(t *testing.T) {
	rec := &ToolRecord{Name: "pick", Executable: "pick", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--random-source", ParamType: "file", Placeholder: "FILE", Description: "get random bytes from FILE"},
		{Name: "--head-count", Aliases: []string{"-n"}, ParamType: "int", Placeholder: "COUNT", Description: "output at most COUNT lines"},
	}}
	f := MapTask(builtinRules, rec, doc, nil, "pick 10 random lines from ids.txt")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-n 10") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// A number that counts one kind of thing goes to no flag whose help
// counts another: "2 reads" is no --bytes NUM, "8 lines" is --lines.
func TestNumberCountsKind(t *testing.T) {
	rec := &ToolRecord{Name: "hd", Executable: "hd", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--bytes", ParamType: "int", Placeholder: "NUM", Description: "print the first NUM bytes of each file"},
		{Name: "--lines", ParamType: "int", Placeholder: "NUM", Description: "print the first NUM lines instead of the first 10"},
	}, Positionals: []PositionalDoc{{Name: "FILE"}}}
	f := MapTask(builtinRules, rec, doc, nil, "print the first 2 reads (8 lines) of reads.fq")
	if got := Assemble(rec, f).Display; got != "hd --lines 8 reads.fq" || len(f.Unused) != 1 || f.Unused[0] != "2" {
		t.Errorf("got %q unused %v\n%s", got, f.Unused, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "print the first 100 bytes of notes.txt")
	if got := Assemble(rec, f).Display; got != "hd --bytes 100 notes.txt" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if countsOther(FlagDoc{Description: "number of threads"}, "cores") || !countsOther(FlagDoc{Description: "number of threads"}, "reads") || countsOther(FlagDoc{Description: "minimum length"}, "reads") ||
		countsOther(FlagDoc{Description: "reads shorter than length_required will be discarded"}, "nt") || !countsOther(FlagDoc{Placeholder: "<K>", Description: "keep the first K lines"}, "reads") {
		t.Error("countsOther")
	}
}
