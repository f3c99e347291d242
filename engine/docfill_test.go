package engine

import (
	"slices"
	"strings"
	"testing"
)

// A task output finds the flag named for outputs even when no hint word
// fits its help ("out file"), and a subcommand help that repeats the
// parent's global flags does not make that flag two; a flag named -o
// whose value is a number (hisat2-build -o/--offrate <int>) is not it.
func TestNamedOutputFlag(t *testing.T) {
	outFile := FlagDoc{Name: "--out-file", Aliases: []string{"-o"}, ParamType: "string", Description: `out file ("-" for stdout)`, Category: "Output"}
	offrate := FlagDoc{Name: "--offrate", Aliases: []string{"-o"}, ParamType: "int", Description: "SA is sampled every 2^offRate BWT chars", Category: "Output"}
	table := FlagDoc{Name: "--trans-table", Aliases: []string{"-T"}, ParamType: "int", Category: "Input"}
	isOut := func(fd FlagDoc) bool { return fd.Category == "Output" && fd.ParamType != "bool" }
	cases := []struct {
		name  string
		flags []FlagDoc
		used  map[string]bool
		want  string
	}{
		{"global flag listed twice", []FlagDoc{table, outFile, outFile}, nil, "--out-file"},
		{"numeric -o", []FlagDoc{table, offrate}, nil, ""},
		{"already used", []FlagDoc{outFile}, map[string]bool{"-o": true}, ""},
		{"two output flags", []FlagDoc{outFile, {Name: "--output", ParamType: "file", Category: "Output"}}, nil, ""},
	}
	for _, tc := range cases {
		used := tc.used
		if used == nil {
			used = map[string]bool{}
		}
		fd, s := namedOutputFlag(&candidate{flags: tc.flags, known: true}, isOut, used)
		if fd.Name != tc.want || (s > 0) != (tc.want != "") {
			t.Errorf("%s: got %q (%v), want %q", tc.name, fd.Name, s, tc.want)
		}
	}
	m := newMapper(builtinRules, samRec, nil, nil, "translate cds.fa, write prot.fa")
	f := &Fill{}
	m.addOutput(f, &candidate{flags: []FlagDoc{table, outFile, outFile}, known: true}, "prot.fa", map[string]bool{})
	if len(f.Flags) != 1 || f.Flags[0].Name != "-o" || f.Flags[0].Value != "prot.fa" || len(f.Positionals) != 0 {
		t.Fatalf("prot.fa should go through -o: %+v", f)
	}
}

// A flag the help shows without a placeholder takes a value when its own
// name says so (sambamba's "-o, --output-filename"); prose alone ("-3
// suppress lines that appear in both files") does not make it one, and
// Stage 5 keeps rejecting a value there.
func TestNamesAValue(t *testing.T) {
	cases := []struct {
		fd   FlagDoc
		want bool
	}{
		{FlagDoc{Name: "--output-filename", Aliases: []string{"-o"}, ParamType: "bool", Description: "specify output filename"}, true},
		{FlagDoc{Name: "--genomeDir", ParamType: "bool"}, true},
		{FlagDoc{Name: "-3", ParamType: "bool", Description: "suppress column 3 (lines that appear in both files)"}, false},
		{FlagDoc{Name: "--header", ParamType: "bool", Description: "treat the first line in each file as field headers"}, false},
		{FlagDoc{Name: "--output-filename", ParamType: "bool", Placeholder: "FILE"}, false},
		{FlagDoc{Name: "--output-filename", ParamType: "string"}, false},
	}
	for _, tc := range cases {
		if got := namesAValue(tc.fd); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.fd.Name, got, tc.want)
		}
	}
	doc := &ToolDoc{Flags: []FlagDoc{cases[0].fd, cases[2].fd}}
	f := &Fill{Flags: []FlagValue{{Name: "-o", Value: "region.bam", HasValue: true}}}
	for _, fd := range Validate(builtinRules, kitRec, doc, f, Assemble(kitRec, f), t.TempDir()) {
		if fd.Rule == "check.unexpected_value" {
			t.Errorf("-o region.bam rejected: %s", fd.Message)
		}
	}
	f = &Fill{Flags: []FlagValue{{Name: "-3", Value: "a.txt", HasValue: true}}}
	if !slices.ContainsFunc(Validate(builtinRules, kitRec, doc, f, Assemble(kitRec, f), t.TempDir()), func(fd Finding) bool { return fd.Rule == "check.unexpected_value" }) {
		t.Error("-3 a.txt accepted")
	}
}

// A format flag's example value that names a kind the task writes is asked
// for by that output ("-f bam" for region.bam), and only then.
func TestWritesKind(t *testing.T) {
	outs := []FileSlot{{Path: "region.bam", Type: FileType("region.bam")}}
	for v, want := range map[string]bool{"bam": true, "BAM": true, "sam": false, "json": false, "42": false} {
		if got := writesKind(outs, v); got != want {
			t.Errorf("%s: %v, want %v", v, got, want)
		}
	}
}

// A flag listed in the usage only (no description) names a thing when its
// placeholder says so: bowtie2's "-x <bt2-idx>" takes the task's index
// name, "-p <int>" does not.
func TestNamesAThingByPlaceholder(t *testing.T) {
	idx := FlagDoc{Name: "-x", ParamType: "string", Placeholder: "bt2-idx", Category: "Input"}
	threads := FlagDoc{Name: "-p", ParamType: "string", Placeholder: "int"}
	if !namesAThing(exToken{flag: "-x", value: "genome_idx", hasValue: true, doc: &idx}) {
		t.Error("-x <bt2-idx> names no thing")
	}
	if namesAThing(exToken{flag: "-p", value: "8", hasValue: true, doc: &threads}) {
		t.Error("-p <int> names a thing")
	}
	m := newMapper(builtinRules, &ToolRecord{Executable: "bowtie2", CompanionTools: []Companion{{Name: "bowtie2-build"}}}, nil, nil, "比对到 bowtie2 索引 mm10 using the bowtie2-build prefix hg38")
	for _, n := range m.slots.Names {
		if n == "bowtie2" || n == "bowtie2-build" {
			t.Errorf("the tool's own name %s is a task name: %v", n, m.slots.Names)
		}
	}
}

// A number the example's own task gave ("the first 16 characters" for -w
// 16) is not this task's: without a default it becomes a placeholder the
// user must fill (exit 3), with one the flag is left out.
func TestExampleNumberIsNotTheTasks(t *testing.T) {
	rec := &ToolRecord{Name: "linekit", Executable: "linekit"}
	doc := &ToolDoc{Flags: []FlagDoc{
		{Name: "-w", ParamType: "int", Placeholder: "N", Description: "compare no more than N characters in lines"},
		{Name: "-s", ParamType: "int", Placeholder: "N", Description: "avoid comparing the first N fields"},
	}}
	sk := inlineSkill(t, "name: linekit", "collapse lines of reads.txt comparing only the first 16 characters, skipping 2 fields", "-w 16 -s 2 reads.txt")
	f := MapTask(builtinRules, rec, doc, sk, "collapse lines of data.txt comparing only the first characters, skipping 3 fields")
	cmd := Assemble(rec, f).Display
	if strings.Contains(cmd, "16") || !hasEvidence(f, "missing: <n> for -w (the example's 16 is its own task's number)") || !f.Uncertain {
		t.Fatalf("got %q (uncertain %v)\n%q", cmd, f.Uncertain, f.Evidence)
	}
	// A task that gives no number at all has none for it either: "the
	// first characters" does not say 16.
	f = MapTask(builtinRules, rec, doc, sk, "collapse lines of data.txt comparing only the first characters")
	if cmd := Assemble(rec, f).Display; strings.Contains(cmd, "16") || !f.Uncertain {
		t.Fatalf("got %q (uncertain %v)\n%q", cmd, f.Uncertain, f.Evidence)
	}
	// A number the example's task joins to its word ("21-mers") is the
	// example's as well.
	km := inlineSkill(t, "name: linekit", "collapse lines of reads.txt comparing 21-mers", "-w 21 reads.txt")
	f = MapTask(builtinRules, rec, doc, km, "collapse lines of data.txt comparing k-mers")
	if cmd := Assemble(rec, f).Display; strings.Contains(cmd, "21") || !f.Uncertain {
		t.Fatalf("got %q (uncertain %v)\n%q", cmd, f.Uncertain, f.Evidence)
	}
	// A constant the example's task does not write stays.
	cs := inlineSkill(t, "name: linekit", "collapse lines of reads.txt comparing only the first characters", "-w 16 reads.txt")
	f = MapTask(builtinRules, rec, doc, cs, "collapse lines of data.txt comparing only the first characters")
	if cmd := Assemble(rec, f).Display; !strings.Contains(cmd, "-w 16") {
		t.Fatalf("got %q\n%q", cmd, f.Evidence)
	}
}

// Built from the help alone, an output goes to the usage's place for it
// when the usage writes before it reads (hmmbuild [-options]
// <hmmfile_out> <msafile>), not to -o, whose help is for the summary;
// the inputs take the places after it.
func TestHelpAloneOutputPlaceBeforeInputs(t *testing.T) {
	rec := &ToolRecord{Name: "hbuild", Executable: "hbuild", Installed: true}
	doc := &ToolDoc{Record: *rec, Description: "profile HMM construction from multiple sequence alignments",
		Flags: []FlagDoc{
			{Name: "-o", ParamType: "file", Placeholder: "f", Category: "Output", Description: "direct summary output to file <f>, not stdout"},
			{Name: "--dna", ParamType: "bool", Description: "use DNA alphabet"},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "hmmfile_out", Required: true}, {Position: 2, Name: "msafile", Required: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "build a DNA profile from the alignment repeats.sto and save it as line1.hmm")
	if got := Assemble(rec, f).Display; got != "hbuild --dna line1.hmm repeats.sto" || !hasEvidence(f, "the usage writes before it reads") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	out := PositionalDoc{Name: "out.bam"}
	in := PositionalDoc{Name: "in.bam"}
	many := PositionalDoc{Name: "in.bam", Repeatable: true}
	for _, c := range []struct {
		ps                    []PositionalDoc
		inputs, outputs, want int
	}{
		{[]PositionalDoc{out, in}, 1, 1, 1},
		{[]PositionalDoc{out, in, in}, 2, 1, 1},
		{[]PositionalDoc{out, many}, 3, 1, 1},
		{[]PositionalDoc{out, in}, 2, 1, 0}, // no place for the second input
		{[]PositionalDoc{out, in}, 0, 1, 0}, // no input: nothing to order
		{[]PositionalDoc{out, in}, 1, 0, 0}, // no output
		{[]PositionalDoc{in, out}, 1, 1, 0}, // reads first
		{[]PositionalDoc{out, {Name: "COMMAND", Command: true}}, 1, 1, 0},
	} {
		if got := leadingOutputs(c.ps, c.inputs, c.outputs); got != c.want {
			t.Errorf("leadingOutputs(%v, %d, %d) = %d, want %d", usageNames(c.ps), c.inputs, c.outputs, got, c.want)
		}
	}
}

// Built from the help alone, the output goes through the flag the help
// names for it: the one whose placeholder is the file's kind (bowtie2's
// "-S <sam>" over "--un <path> write unpaired reads that didn't align"),
// the one whose help says the task's hyphenated word whole ("per-domain
// table": --domtblout, not --pfamtblout "table of hits and domains"); a
// number filed under Output (miniasm's "-o INT min overlap") writes no
// file, so the command writes to standard output.
func TestHelpAloneOutputFlagByItsHelp(t *testing.T) {
	rec := &ToolRecord{Name: "bt", Executable: "bt", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"bt [options]* -x <bt2-idx> {-1 <m1> -2 <m2> | -U <r>} [-S <sam>]"},
		Flags: []FlagDoc{
			{Name: "-U", ParamType: "string", Placeholder: "r", Category: "Input"},
			{Name: "--un", ParamType: "file", Placeholder: "path", Category: "Output", Description: "write unpaired reads that didn't align to <path>"},
			{Name: "-S", ParamType: "string", Placeholder: "sam", Category: "Output"},
		}}
	f := MapTask(builtinRules, rec, doc, nil, "align reads.fq and write out.sam")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-S out.sam") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}

	rec = &ToolRecord{Name: "ph", Executable: "ph", Installed: true}
	doc = &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-o", ParamType: "file", Placeholder: "f", Category: "Output", Description: "direct output to file <f>, not stdout"},
		{Name: "--tblout", ParamType: "file", Placeholder: "f", Category: "Output", Description: "save parseable table of per-sequence hits to file <f>"},
		{Name: "--domtblout", ParamType: "file", Placeholder: "f", Category: "Output", Description: "save parseable table of per-domain hits to file <f>"},
		{Name: "--pfamtblout", ParamType: "file", Placeholder: "f", Category: "Output", Description: "save table of hits and domains to file, in Pfam format <f>"},
	}, Positionals: []PositionalDoc{{Position: 1, Name: "seqfile", Required: true}, {Position: 2, Name: "seqdb", Required: true}}}
	f = MapTask(builtinRules, rec, doc, nil, "search seq.faa against db.fasta, save the per-domain table as dom.txt")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--domtblout dom.txt") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if wholeCompounds("a per-domainx table", []string{"per-domain"}) != 0 || wholeCompounds("of per-domain hits", []string{"per-domain", "table"}) != 1 {
		t.Error("wholeCompounds")
	}

	rec = &ToolRecord{Name: "ma", Executable: "ma", Installed: true}
	doc = &ToolDoc{Record: *rec, UsagePatterns: []string{"ma [options] <in.paf>"},
		Flags:       []FlagDoc{{Name: "-o", ParamType: "int", Placeholder: "INT", Category: "Output", Description: "min overlap [same as -s]"}},
		Positionals: []PositionalDoc{{Position: 1, Name: "in.paf", Required: true}}}
	f = MapTask(builtinRules, rec, doc, nil, "lay out unitigs from the overlaps in pb.paf, write to layout.gfa")
	if got := Assemble(rec, f).Display; got != "ma pb.paf > layout.gfa" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// A flag of listed values filed under Output (deeptools' --outFileFormat
// {bigwig,bedgraph}) names a format, not a place: the output goes to the
// flag that writes a file.
func TestHelpAloneOutputNotOnAFormatChoice(t *testing.T) {
	rec := &ToolRecord{Name: "bc", Executable: "bc", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "--bam", Aliases: []string{"-b"}, ParamType: "file", Placeholder: "BAM file", Category: "Input", Required: true, Description: "BAM file to process"},
		{Name: "--outFileFormat", Aliases: []string{"-of"}, ParamType: "choice", Choices: []string{"bigwig", "bedgraph"}, Category: "Output", Description: `Output file type. Either "bigwig" or "bedgraph".`},
		{Name: "--outFileName", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "FILENAME", Category: "Output", Description: "Output file name."},
	}}
	f := MapTask(builtinRules, rec, doc, nil, "make a bigWig track from x.bam, save as x.bw")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-o x.bw") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestPrefixPlaceLeavesWholeFileToFlag checks on samtools collate's
// captured help ("<in.bam> [<prefix>]", "-o output file name (use prefix
// if not set)"), built from the help alone, that an output with an
// extension goes through -o, the optional prefix place left out, and
// that a task that calls its output a prefix still gets the place.
func TestPrefixPlaceLeavesWholeFileToFlag(t *testing.T) {
	cmd, f := mapCaptured(t, "samtools", nil, "collate the reads of coord.bam by read name and write the result to collated.bam")
	if got := cmd.Display; got != "samtools collate -o collated.bam coord.bam" {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	cmd, f = mapCaptured(t, "samtools", nil, "collate the reads of coord.bam by read name, output prefix tmp_col")
	if got := cmd.Display; !strings.HasSuffix(got, "coord.bam tmp_col") {
		t.Errorf("prefix: got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
