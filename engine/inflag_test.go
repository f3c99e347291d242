package engine

import (
	"slices"
	"strings"
	"testing"
)

// Built from the help alone, a command whose usage shows no positional
// reads the task's input through the flag the help reads it with: the
// flag named as an input, or the one whose help or placeholder names the
// file's kind or the task's words for it; a flag for a list of files, a
// label named -i, or a flag whose help names another kind takes none.
func TestInputFlagsFromHelp(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	in := FlagDoc{Name: "--in", Aliases: []string{"-i"}, ParamType: "file", Category: "Input", Description: "sequence input file"}
	bed := FlagDoc{Name: "-bed", ParamType: "string", Category: "Input", Placeholder: "bed/gff/vcf", Description: "intervals to mask"}
	ref := FlagDoc{Name: "-fi", ParamType: "file", Category: "Input", Description: "reference FASTA file"}
	sheet := FlagDoc{Name: "-s", ParamType: "file", Category: "General", Description: "sample file"}
	list := FlagDoc{Name: "--infile-list", ParamType: "string", Category: "Input", Description: "file of input files list"}
	label := FlagDoc{Name: "--stdin-label", Aliases: []string{"-i"}, ParamType: "string", Category: "Input", Description: "label for stdin"}
	fastaRef := FlagDoc{Name: "--fasta-ref", Aliases: []string{"-f"}, ParamType: "file", Description: "reference sequence"}
	preset := FlagDoc{Name: "-x", ParamType: "string", Category: "Input", Placeholder: "STR", Description: "preset: map-ont, Nanopore vs reference mapping"}
	out := FlagDoc{Name: "--out", Aliases: []string{"-o"}, ParamType: "file", Category: "Output", Description: "output file"}
	outfmt := FlagDoc{Name: "--outfmt", ParamType: "choice", Category: "Format", Placeholder: "{a2m=fa[sta],clu[stal]}", Choices: []string{"fa", "fasta", "clu"}, Description: "MSA output file format (default: fasta)"}
	profile1 := FlagDoc{Name: "--profile1", ParamType: "file", Placeholder: "<file>", Description: "Pre-aligned multiple sequence file"}
	profile2 := FlagDoc{Name: "--profile2", ParamType: "file", Placeholder: "<file>", Description: "Pre-aligned multiple sequence file"}
	// filed under Format, named as an input, its help naming the kind
	fmtIn := FlagDoc{Name: "--input", Aliases: []string{"-i"}, ParamType: "string", Category: "Format", Placeholder: "IN", Description: "A coordinate-sorted .bam/.cram (BAM/CRAM format) file"}
	// filed under Input, its help naming kinds, no word "file"
	query := FlagDoc{Name: "--query", Aliases: []string{"-q"}, ParamType: "string", Category: "Input", Placeholder: "value", Description: "query genome (fasta/fastq)"}
	// the first of a pair, and the second's help that says it is written
	in1 := FlagDoc{Name: "--in1", Aliases: []string{"-i"}, ParamType: "string", Category: "General", Description: "read1 input file name"}
	in2 := FlagDoc{Name: "--in2", Aliases: []string{"-I"}, ParamType: "string", Category: "General", Description: "read2 input file name"}
	unp := FlagDoc{Name: "--unpaired2", ParamType: "string", Category: "General", Description: "for PE input, if read2 passed QC but read1 not, it will be written to unpaired2 file"}
	// the file's kind outweighs a task word around it; the usage's flag
	// outweighs one it does not write
	aln := FlagDoc{Name: "-s", ParamType: "file", Placeholder: "FILE", Description: "PHYLIP/FASTA/NEXUS alignment file(s)"}
	treeDist := FlagDoc{Name: "--tree-dist", ParamType: "file", Placeholder: "FILE", Description: "Compute distances between trees and this set"}
	seqA := FlagDoc{Name: "-a", ParamType: "file", Placeholder: "FILE", Description: "sequence file"}
	seqB := FlagDoc{Name: "-b", ParamType: "file", Placeholder: "FILE", Description: "sequence file"}
	// named as an input, but its help names no file
	label2 := FlagDoc{Name: "--input", ParamType: "string", Category: "General", Description: "label of the run"}
	cases := []struct {
		task  string
		flags []FlagDoc
		pos   []PositionalDoc
		want  []string // flags holding files, "flag=file"
		left  []string // files left as positionals
	}{
		{"align seqs.fa into aln.fa", []FlagDoc{in, out}, nil, []string{"-o=aln.fa", "-i=seqs.fa"}, nil},
		{"align seqs.fa into aln.fa", []FlagDoc{outfmt, in, out}, nil, []string{"-o=aln.fa", "-i=seqs.fa"}, nil},
		{"align seqs.fa into aln.fa", []FlagDoc{in, profile1, profile2, out}, nil, []string{"-o=aln.fa", "-i=seqs.fa"}, nil},
		{"mask repeats.bed in genome.fa, write masked.fa", []FlagDoc{bed, ref, out}, nil, []string{"-bed=repeats.bed", "-fi=genome.fa", "-o=masked.fa"}, nil},
		{"filter sv.bcf with the sample sheet samples.tsv", []FlagDoc{sheet, in}, nil, []string{"-s=samples.tsv", "-i=sv.bcf"}, nil},
		{"count the reads of reads.fq.gz", []FlagDoc{list, label}, nil, nil, []string{"reads.fq.gz"}},
		{"mask genome.fa", []FlagDoc{bed}, nil, nil, []string{"genome.fa"}},
		{"align seqs.fa into aln.fa", []FlagDoc{in, out}, []PositionalDoc{{Position: 1, Name: "FILE"}}, []string{"-o=aln.fa"}, []string{"seqs.fa"}},
		// a usage with places: only the file read against, or one past them
		{"normalize calls.vcf.gz against ref.fa", []FlagDoc{fastaRef, in}, []PositionalDoc{{Position: 1, Name: "in.vcf.gz"}}, []string{"-f=ref.fa"}, []string{"calls.vcf.gz"}},
		// (the reference goes to the place named target: placeByRole)
		{"map reads.fq to ref.fa", []FlagDoc{preset, fastaRef}, []PositionalDoc{{Position: 1, Name: "target.fa"}, {Position: 2, Name: "query.fa", Repeatable: true}}, nil, []string{"ref.fa", "reads.fq"}},
		{"map reads.fq to ref.fa", []FlagDoc{preset}, []PositionalDoc{{Position: 1, Name: "reads"}}, nil, []string{"reads.fq", "ref.fa"}},
		{"call structural variants from sample.bam", []FlagDoc{fmtIn}, nil, []string{"-i=sample.bam"}, nil},
		{"compare genome.fna with the rest", []FlagDoc{query}, nil, []string{"-q=genome.fna"}, nil},
		{"trim the single-end reads in.fq.gz", []FlagDoc{in1, in2, unp}, nil, []string{"-i=in.fq.gz"}, nil},
		{"summarise sample.bam", []FlagDoc{label2}, nil, nil, []string{"sample.bam"}},
		{"infer a tree from aln.fasta", []FlagDoc{treeDist, aln}, nil, []string{"-s=aln.fasta"}, nil},
		{"count the sequence file seqs.fa", []FlagDoc{seqA, seqB}, nil, nil, []string{"seqs.fa"}},
	}
	for _, tc := range cases {
		doc := &ToolDoc{Record: *rec, Flags: tc.flags, Positionals: tc.pos}
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		var got []string
		for _, fv := range f.Flags {
			if fv.HasValue && knownExt(fv.Value) {
				got = append(got, fv.Name+"="+fv.Value)
			}
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(tc.want))
		var left []string
		for _, p := range f.Positionals {
			if knownExt(p) {
				left = append(left, p)
			}
		}
		if !slices.Equal(got, want) || !slices.Equal(left, tc.left) {
			t.Errorf("%q: flags %v positionals %v, want %v and %v\n%s", tc.task, got, left, want, tc.left, strings.Join(f.Evidence, "\n"))
		}
	}
}

// A file left a positional where the usage shows none, beside inputs the
// help reads through flags, makes the command uncertain.
func TestInputLeftWithoutPlace(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	in := FlagDoc{Name: "-i", ParamType: "string", Category: "Input", Description: "Input file(s) *.ctg.lay"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{in}}
	f := MapTask(builtinRules, rec, doc, nil, "由布局文件 dbg.ctg.lay.gz 生成一致性序列 dbg.ctg.fa")
	if !f.Uncertain || !slices.ContainsFunc(f.Mismatched, func(s string) bool { return strings.Contains(s, "stays a positional") }) {
		t.Errorf("uncertain %v, mismatched %q\n%s", f.Uncertain, f.Mismatched, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "由布局文件 dbg.ctg.lay.gz 生成一致性序列")
	if len(f.Mismatched) > 0 {
		t.Errorf("one input, placed: mismatched %q", f.Mismatched)
	}
}

func TestDropPositional(t *testing.T) {
	f := &Fill{Positionals: []string{"a", "b", "c"}, Flags: []FlagValue{{Name: "-x"}}, Order: []string{"f0", "p0", "p1", "p2"}}
	dropPositional(f, 1)
	if !slices.Equal(f.Positionals, []string{"a", "c"}) || !slices.Equal(f.Order, []string{"f0", "p0", "p1"}) {
		t.Fatalf("%v %v", f.Positionals, f.Order)
	}
	if !placeOtherKind("bed/gff/vcf", "genome.fa") || placeOtherKind("bed/gff/vcf", "a.bed") || placeOtherKind("FILE", "genome.fa") || placeOtherKind("bed", "notes") {
		t.Error("placeOtherKind")
	}
}

// Built from the help alone, a switch whose help's head the task says word
// for word is added though the rest of its help qualifies it at length;
// a task that says less of it does not get it.
func TestHelpHeadPhrase(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-n", ParamType: "bool", Description: "Sort by read name (not compatible with the tk index command, which needs coordinates)"},
		{Name: "-t", ParamType: "string", Placeholder: "TAG", Description: "Sort by value of TAG"},
		{Name: "-o", ParamType: "file", Category: "Output", Placeholder: "FILE", Description: "Write final output to FILE"},
	}}
	for task, want := range map[string]bool{
		"sort reads.bam by read name into out.bam": true,
		"sort reads.bam into out.bam":              false,
	} {
		f := MapTask(builtinRules, rec, doc, nil, task)
		got := slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == "-n" })
		if got != want {
			t.Errorf("%q: -n %v, want %v\n%s", task, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
}

// Built from the help alone, a task's output goes to the output flag whose
// placeholder or help names its kind (-S <sam>, not --un "write unpaired
// reads … to <path>"), else to the one named as an output (-o, not
// --distmat-out), never to a number flag named -o.
func TestOutputFlagFromHelp(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	un := FlagDoc{Name: "--un", ParamType: "file", Category: "Output", Placeholder: "path", Description: "write unpaired reads that didn't align to <path>"}
	sam := FlagDoc{Name: "-S", ParamType: "string", Category: "Output", Placeholder: "sam"}
	dist := FlagDoc{Name: "--distmat-out", ParamType: "file", Category: "Output", Placeholder: "<file>", Description: "Pairwise distance matrix output file"}
	out := FlagDoc{Name: "--out", Aliases: []string{"-o"}, ParamType: "file", Category: "Output", Placeholder: "{file,-}", Description: "Multiple sequence alignment output file"}
	gaps := FlagDoc{Name: "-o", ParamType: "int", Category: "Output", Placeholder: "INT", Description: "maximum number of gap opens"}
	write := FlagDoc{Name: "-f", ParamType: "file", Placeholder: "FILE", Description: "file to write output to instead of stdout"}
	cases := []struct {
		task  string
		flags []FlagDoc
		want  string
	}{
		{"map reads.fq into reads.sam", []FlagDoc{un, sam}, "-S"},
		{"align seqs.fa into aln.fa", []FlagDoc{dist, out}, "-o"},
		{"align reads.fq, write reads.sai", []FlagDoc{gaps, write}, "-f"},
	}
	for _, tc := range cases {
		doc := &ToolDoc{Record: *rec, Flags: tc.flags}
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		var got string
		for _, fv := range f.Flags {
			if slices.Contains(f.Outputs, fv.Value) {
				got = fv.Name
			}
		}
		if got != tc.want {
			t.Errorf("%q: output through %q, want %q\n%s", tc.task, got, tc.want, strings.Join(f.Evidence, "\n"))
		}
	}
}

// Two inputs that fit two flags alike (bedtools' -a and -b, both
// "<bed/gff/vcf>") take them in turn, the task's order for the help's;
// a third input, or a flag one of them fits better, settles nothing so.
func TestInputsInTurn(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	a := FlagDoc{Name: "-a", ParamType: "string", Category: "Input", Placeholder: "bed/gff/vcf"}
	b := FlagDoc{Name: "-b", ParamType: "string", Placeholder: "bed/gff/vcf"}
	for task, want := range map[string]string{
		"intersect peaks.bed with genes.bed":        "-a peaks.bed -b genes.bed",
		"intersect x.bed with y.bed and z.bed":      "x.bed y.bed z.bed",
		"compare genes.bed with the peaks in a.bed": "-a genes.bed -b a.bed",
	} {
		doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{a, b}}
		f := MapTask(builtinRules, rec, doc, nil, task)
		got := strings.TrimPrefix(Assemble(rec, f).Display, "tk ")
		if got != want {
			t.Errorf("%q: %q, want %q\n%s", task, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
}

// A task number goes to no flag of listed words (zstd's --auto-threads
// {physical|logical} for "4 threads"); a list with a placeholder in
// capitals (-T NUM|AUTO) takes it.
func TestNumberNotToListedWords(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	auto := FlagDoc{Name: "--auto-threads", ParamType: "choice", Category: "Performance", Choices: []string{"physical", "logical"}, Description: "Use physical/logical cores when using threads"}
	numAuto := FlagDoc{Name: "-T", ParamType: "choice", Category: "Performance", Choices: []string{"NUM", "AUTO"}, Description: "number of cores/threads or AUTO"}
	for _, tc := range []struct {
		flags []FlagDoc
		want  string
	}{{[]FlagDoc{auto}, "tk big.tsv"}, {[]FlagDoc{auto, numAuto}, "tk -T 4 big.tsv"}} {
		doc := &ToolDoc{Record: *rec, Flags: tc.flags}
		f := MapTask(builtinRules, rec, doc, nil, "compress big.tsv using 4 threads")
		if got := Assemble(rec, f).Display; got != tc.want {
			t.Errorf("%q, want %q\n%s", got, tc.want, strings.Join(f.Evidence, "\n"))
		}
	}
	if placeholderWord("N") || placeholderWord("physical") || !placeholderWord("NUM") {
		t.Error("placeholderWord")
	}
}

// Built from the help alone, a file goes to a flag the usage writes as
// needed whose help names the file's kind, though the usage has places
// for files ("featureCounts [options] -a <annotation_file> -o
// <output_file> input_file1 [input_file2] ..."); a flag whose
// placeholder names the input ("-query input_file") takes the input when
// the usage shows no place for it.
func TestInputToTheFlagTheUsageNeeds(t *testing.T) {
	rec := &ToolRecord{Name: "fc", Executable: "fc", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"fc [options] -a <annotation_file> -o <output_file> input_file1 [input_file2] ..."},
		Flags: []FlagDoc{
			{Name: "-a", ParamType: "string", Placeholder: "string", Category: "Format", Required: true, Description: "Name of an annotation file. GTF/GFF format by default."},
			{Name: "-o", ParamType: "string", Placeholder: "string", Category: "Output", Required: true, Description: "Name of output file including read counts."},
			{Name: "-G", ParamType: "string", Placeholder: "string", Category: "Format", Description: "Provide the name of a FASTA-format file that contains the reference sequences."},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "input_file1", Required: true}, {Position: 2, Name: "input_file2", Repeatable: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "count reads per gene in sample1.bam using the annotation genes.gtf and ref.fa, write counts.txt")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-a genes.gtf") || !hasEvidence(f, "the usage writes -a as needed") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// -G is not written in the usage: ref.fa stays where the usage has a place.
	if got := Assemble(rec, f).Display; strings.Contains(got, "-G") {
		t.Errorf("a flag the usage does not need took a file: %q", got)
	}
	if !descNamesKind(doc.Flags[0], "x.gff3") || descNamesKind(doc.Flags[0], "x.bam") || descNamesKind(doc.Flags[0], "notes") {
		t.Error("descNamesKind")
	}

	rec = &ToolRecord{Name: "bn", Executable: "bn", Installed: true}
	doc = &ToolDoc{Record: *rec, UsagePatterns: []string{"bn [-db database_name] [-query input_file] [-out output_file]"},
		Flags: []FlagDoc{
			{Name: "-db", ParamType: "string", Placeholder: "database_name", Category: "General"},
			{Name: "-query", ParamType: "file", Placeholder: "input_file", Category: "Input"},
			{Name: "-subject", ParamType: "file", Placeholder: "subject_input_file", Category: "General"},
			{Name: "-out", ParamType: "file", Placeholder: "output_file", Category: "Output"},
		}}
	f = MapTask(builtinRules, rec, doc, nil, "search query.fa and write the report to results.txt")
	if got := Assemble(rec, f).Display; got != "bn -query query.fa -out results.txt" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	for place, want := range map[string]bool{"input_file": true, "<in.bam>": true, "subject_input_file": false, "": false, "output_file": false} {
		if placeNamesInput(place) != want {
			t.Errorf("placeNamesInput(%q) != %v", place, want)
		}
	}
}

// Built from the help alone, with no place in the usage for the task's
// files: the one flag the usage needs that reads a file takes the first
// input no flag's help fits ("macs2 callpeak -t TFILE [TFILE ...] [-c
// [CFILE ...]]"), and a usage's group of alternative input flags takes
// the files in the task's order through the branch of as many flags
// ("{-1 <m1> -2 <m2> | -U <r>}": one file -U, two files -1 and -2).
func TestHelpAloneInputsThroughTheUsagesFlags(t *testing.T) {
	rec := &ToolRecord{Name: "mc", Executable: "mc", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"mc [-h] -t TFILE [TFILE ...] [-c [CFILE ...]] [-n NAME]"},
		Flags: []FlagDoc{
			{Name: "--treatment", Aliases: []string{"-t"}, ParamType: "file", Placeholder: "TFILE", Required: true, Description: "ChIP-seq treatment file. REQUIRED."},
			{Name: "--control", Aliases: []string{"-c"}, ParamType: "file", Placeholder: "CFILE", Description: "Control file."},
			{Name: "--name", Aliases: []string{"-n"}, ParamType: "string", Placeholder: "NAME", Description: "Experiment name"},
		}}
	f := MapTask(builtinRules, rec, doc, nil, "call peaks on chip.bam")
	if got := Assemble(rec, f).Display; got != "mc -t chip.bam" || !hasEvidence(f, "the usage shows no place for it and needs -t") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}

	// a branch of values that are no files takes no file
	doc.UsagePatterns = []string{"mc [-h] -t TFILE [TFILE ...] [-n NAME] [-q QVALUE | -p PVALUE]"}
	doc.Flags = append(doc.Flags[:1:1],
		FlagDoc{Name: "--qvalue", Aliases: []string{"-q"}, ParamType: "string", Placeholder: "QVALUE", Default: "0.05", Description: "Minimum FDR (q-value) cutoff"},
		FlagDoc{Name: "--pvalue", Aliases: []string{"-p"}, ParamType: "string", Placeholder: "PVALUE", Description: "Pvalue cutoff"})
	f = MapTask(builtinRules, rec, doc, nil, "call peaks on chip.bam with input.bam")
	if got := Assemble(rec, f).Display; got != "mc -t chip.bam input.bam" || !f.Uncertain {
		t.Errorf("got %q (uncertain %v)\n%s", got, f.Uncertain, strings.Join(f.Evidence, "\n"))
	}

	rec = &ToolRecord{Name: "hs", Executable: "hs", Installed: true}
	doc = &ToolDoc{Record: *rec, UsagePatterns: []string{"hs [options]* -x <ht2-idx> {-1 <m1> -2 <m2> | -U <r> | -b <bam> | --interleaved <i>} [-S <sam>]"},
		Flags: []FlagDoc{
			{Name: "-x", ParamType: "string", Placeholder: "ht2-idx", Category: "Input", Required: true},
			{Name: "-1", ParamType: "string", Placeholder: "m1", Category: "Input"},
			{Name: "-2", ParamType: "string", Placeholder: "m2", Category: "Input"},
			{Name: "-U", ParamType: "string", Placeholder: "r", Category: "Input"},
			{Name: "-b", ParamType: "string", Placeholder: "bam", Category: "Input"},
			{Name: "--interleaved", ParamType: "string", Placeholder: "i", Category: "Input"},
			{Name: "-S", ParamType: "string", Placeholder: "sam", Category: "Output"},
		}}
	for task, want := range map[string]string{
		"align reads.fq, write out.sam":                    "hs -U reads.fq -S out.sam",
		"align the pairs r1.fq and r2.fq, write out.sam":   "hs -1 r1.fq -2 r2.fq -S out.sam",
		"align the interleaved file inter.fq, write x.sam": "hs --interleaved inter.fq -S x.sam",
	} {
		f := MapTask(builtinRules, rec, doc, nil, task)
		if got := Assemble(rec, f).Display; got != want {
			t.Errorf("%q: got %q, want %q\n%s", task, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
}

// Of two flags that read a file alike, the one the usage line writes
// takes the task's input; a spelling inside a longer word is not it.
func TestInputFlagTheUsageWrites(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	seqA := FlagDoc{Name: "-a", ParamType: "file", Placeholder: "FILE", Description: "sequence file"}
	seqB := FlagDoc{Name: "-b", ParamType: "file", Placeholder: "FILE", Description: "sequence file"}
	for usage, want := range map[string]string{"tk [-b FILE] [-o OUT]": "tk -b seqs.fa", "tk -a-b FILE": "tk seqs.fa"} {
		doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{seqA, seqB}, UsagePatterns: []string{usage}}
		f := MapTask(builtinRules, rec, doc, nil, "count the sequence file seqs.fa")
		if got := Assemble(rec, f).Display; got != want {
			t.Errorf("%s: %s, want %s\n%s", usage, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
	if usageWrites("tk [--in=FILE]", FlagDoc{Name: "--in"}) != true || usageWrites("tk --input FILE", FlagDoc{Name: "--in"}) {
		t.Error("usageWrites")
	}
}

// A text value whose help's first sentence calls it an input file reads
// one, whatever category it is filed under (subread-align's -r, filed
// under Format); a help that says "input" and "file" only in a later
// sentence, or names a list of files, does not make it one.
func TestInputFileHead(t *testing.T) {
	reads := FlagDoc{Name: "-r", ParamType: "string", Placeholder: "string", Category: "Format", Description: "Name of an input read file. If paired-end, this should be the first read file. Acceptable formats include gzipped FASTQ, FASTQ and FASTA."}
	if !readsFile(reads) {
		t.Error("-r \"Name of an input read file\" should read a file")
	}
	for _, desc := range []string{
		"Type of input sequencing data. Its values include 0: RNA-seq data 1: genomic DNA-seq data.",
		"Phred offset. Applies to the input file given by -r.",
		"Input file list: a file of file names, one per line",
	} {
		if fd := (FlagDoc{Name: "-x", ParamType: "string", Category: "Format", Description: desc}); readsFile(fd) {
			t.Errorf("%q should read no file", desc)
		}
	}
	rec := &ToolRecord{Name: "sralign", Executable: "sralign"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{reads, {Name: "-o", ParamType: "string", Category: "Output", Description: "Name of an output file."}}}
	f := MapTask(builtinRules, rec, doc, nil, "align liver.fq.gz, output liver.bam")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-r liver.fq.gz") {
		t.Errorf("got %q", got)
	}
}

// A file left as a positional beside inputs the help reads through flags
// makes the command uncertain, and the evidence says why, unless a flag
// the help lets be given by position is still free for it (EMBOSS
// "[-bsequence] seqall").
func TestInputLeftBesideFlags(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	task := "paste the sequence of insert.fa after position 500 of the reference vector.fa, write construct.fa"
	for _, byPos := range []bool{false, true} {
		flags := []FlagDoc{
			{Name: "-asequence", ParamType: "file", Category: "Input", Required: true, ByPosition: byPos, Description: "(Gapped) sequence filename and optional format, or reference (input USA)"},
			{Name: "-bsequence", ParamType: "file", Category: "Input", Required: true, ByPosition: byPos, Description: "(Gapped) sequence filename and optional format (input USA)"},
			{Name: "-pos", ParamType: "int", Description: "The position in the main input sequence to insert after"},
			{Name: "-outseq", ParamType: "file", Category: "Output", Description: "Sequence filename and optional format (output USA)"},
		}
		doc := &ToolDoc{Record: *rec, Flags: flags}
		f := MapTask(builtinRules, rec, doc, nil, task)
		left := slices.ContainsFunc(f.Mismatched, func(s string) bool { return strings.Contains(s, "stays a positional") })
		said := slices.ContainsFunc(f.Evidence, func(s string) bool {
			return strings.HasPrefix(s, "place: ") && strings.Contains(s, "stays a positional")
		})
		// (a file the help lets be given by position is named: nameByPosition)
		if len(f.Positionals) == 0 != byPos {
			t.Fatalf("by position %v: flags %+v, positionals %v", byPos, f.Flags, f.Positionals)
		}
		if left == byPos || said == byPos || f.Uncertain == byPos && byPos {
			t.Errorf("by position %v: left flagged %v, in evidence %v, uncertain %v; flags %+v positionals %v\n%s", byPos, left, said, f.Uncertain, f.Flags, f.Positionals, strings.Join(f.Evidence, "\n"))
		}
	}
}

// A usage that writes its flags one by one, the ones that read files
// among them, and no operand leaves no place for a file the fill keeps
// as a positional: the command is uncertain and says so. A usage that
// writes no such flag ("tk stats [flags]") often leaves its files out,
// and a file there is no misplacement.
func TestInputLeftBesideExplicitUsage(t *testing.T) {
	cmd, f := mapHelpOnly(t, "blastp", "直接比较两个蛋白文件 protA.faa 和 protB.faa,结果保存到 a_vs_b.txt")
	if len(f.Positionals) > 0 {
		if !slices.ContainsFunc(f.Mismatched, func(s string) bool {
			return strings.Contains(s, "stays a positional, though the usage shows none and")
		}) || !f.Uncertain {
			t.Errorf("%s: mismatched %q, uncertain %v", cmd, f.Mismatched, f.Uncertain)
		}
	}
	// a file a later pass places (megahit's --12, the branch of its usage
	// for one interleaved file) is no file left
	cmd, f = mapHelpOnly(t, "megahit", "megahit assembly of the interleaved paired-end file gut.fq.gz, output dir mh_gut")
	if !strings.Contains(cmd, "--12 gut.fq.gz") || slices.ContainsFunc(f.Mismatched, func(s string) bool { return strings.Contains(s, "stays a positional") }) {
		t.Errorf("%s: mismatched %q", cmd, f.Mismatched)
	}
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	flags := []FlagDoc{
		{Name: "--threads", Aliases: []string{"-j"}, ParamType: "int", Description: "number of CPUs"},
		{Name: "--ref", ParamType: "file", Category: "Input", Description: "reference FASTA file"},
	}
	for _, usage := range []string{"tk stats [flags]", "tk [--ref FILE] [--threads N]"} {
		doc := &ToolDoc{Record: *rec, Flags: flags, UsagePatterns: []string{usage}}
		f := MapTask(builtinRules, rec, doc, nil, "summarise reads.fq.gz with 4 threads")
		left := slices.ContainsFunc(f.Mismatched, func(s string) bool { return strings.Contains(s, "stays a positional") })
		if want := strings.Contains(usage, "--ref"); left != want || !slices.Contains(f.Positionals, "reads.fq.gz") {
			t.Errorf("%s: positionals %q, flagged %v, want %v", usage, f.Positionals, left, want)
		}
	}
}

// A usage that shows no operand, with a help that names the flag taking
// the input (diamond's "--query (-q)  input query file"), leaves no place
// for a file kept as a positional, though the usage writes no flag.
func TestInputLeftBesideInputNamedInHelp(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	flags := []FlagDoc{
		{Name: "--threads", Aliases: []string{"-j"}, ParamType: "int", Description: "number of CPUs"},
		{Name: "--query", Aliases: []string{"-q"}, ParamType: "file", Category: "Input", Description: "input query file"},
		{Name: "--taxa", ParamType: "file", Category: "Input", Description: "taxonomy names file"},
	}
	doc := &ToolDoc{Record: *rec, Flags: flags, UsagePatterns: []string{"tk stats [flags]"}}
	f := MapTask(builtinRules, rec, doc, nil, "summarise nodes.dmp and names.dmp with 4 threads")
	if len(f.Positionals) > 0 && !slices.ContainsFunc(f.Mismatched, func(s string) bool { return strings.Contains(s, "stays a positional") }) {
		t.Errorf("positionals %q left unflagged; mismatched %q", f.Positionals, f.Mismatched)
	}
}

// A search built from the help alone reads its input through the flag
// named for the query and the file read against through the one named
// for the subject (blastn's -query and -subject), though neither flag's
// help holds the files' words.
func TestQueryAndSubjectFlags(t *testing.T) {
	cmd, f := mapHelpOnly(t, "blastn", "align seq1.fa directly against seq2.fa without any database, tabular output written to pair.tsv")
	if !strings.Contains(cmd, "-query seq1.fa") || !strings.Contains(cmd, "-subject seq2.fa") {
		t.Errorf("got %q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}

// A subcommand with no help of its own whose flags are the tool's global
// ones (diamond prints one help for all its commands) is known by that
// help: its input goes to the flag that reads it.
func TestSubcommandKnownByGlobalHelp(t *testing.T) {
	cmd, f := mapHelpOnly(t, "diamond", "build a diamond database named uniref90 from uniref90.fasta.gz")
	if !strings.Contains(cmd, "--in uniref90.fasta.gz") || !strings.HasPrefix(cmd, "diamond makedb ") {
		t.Errorf("got %q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}

// TestInputToFlagNamedForItsKind checks on the captured help of tar and
// mash, built from the help alone, that an input goes through a flag
// whose value's name is the file's kind and whose help says it takes a
// file (tar's "-f, --file=ARCHIVE  use archive file …"), not through a
// usage place that names no kind, and that a value name that only
// matches the kind's word ("-z <text>  Alphabet …" for genomes.txt)
// takes nothing.
func TestInputToFlagNamedForItsKind(t *testing.T) {
	for _, c := range []struct{ tool, task, want, not string }{
		{"tar", "list the files in backup.tar.gz", "-f backup.tar.gz", ""},
		{"mash", "sketch the genomes listed in genomes.txt into all.msh", "", "-z"},
	} {
		cmd, f := mapCaptured(t, c.tool, nil, c.task)
		got := cmd.Display
		if c.want != "" && !strings.Contains(got, c.want) || c.not != "" && strings.Contains(got, c.not) {
			t.Errorf("%s: got %s\n%s", c.task, got, strings.Join(f.Evidence, "\n"))
		}
	}
}
