package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestSlotMismatches checks each place a task file can stand in wrongly,
// beside the same command with the file where it belongs.
func TestSlotMismatches(t *testing.T) {
	rec := &ToolRecord{Name: "t", Executable: "t"}
	writes := FlagDoc{Name: "-A", ParamType: "string", Placeholder: "f", Category: "General", Description: "save multiple alignment of all hits to file <f>"}
	tmp := FlagDoc{Name: "--tmpdir", ParamType: "string", Placeholder: "TEXT", Category: "General", Description: "Custom temporary folder for sorting intermediates."}
	suffix := FlagDoc{Name: "--suffix", Aliases: []string{"-S"}, ParamType: "string", Placeholder: "SUF", Description: "use suffix SUF on compressed files"}
	either := FlagDoc{Name: "-i", ParamType: "string", Placeholder: "INPUT", Description: "FASTA/FASTQ of input reads or a directory which will be searched"}
	named := FlagDoc{Name: "-w", ParamType: "string", Description: "write the output to a file name or a directory"}
	logf := FlagDoc{Name: "-o", ParamType: "file", Placeholder: "FILE", Description: "log messages to FILE"}
	seqOut := FlagDoc{Name: "-o", ParamType: "file", Description: "out file (\"-\" for stdout, suffix .gz for gzipped out)"}
	either2 := FlagDoc{Name: "-1", ParamType: "string", Description: "comma-separated list of fasta/q paired-end #1 files"}
	fasta := FlagDoc{Name: "--output", ParamType: "file", Description: "output FASTA file (not for fastx_uniques)"}
	genome := FlagDoc{Name: "--genome", ParamType: "file", Placeholder: "genome.fasta", Description: "The input genome, which must be the reference used for the bam alignments."}
	two := []PositionalDoc{{Position: 1, Name: "cmfile", ParamType: "file"}, {Position: 2, Name: "seqdb", ParamType: "string"}}
	files := []PositionalDoc{{Position: 1, Name: "FILE", ParamType: "file", Repeatable: true}}
	inOut := []PositionalDoc{{Position: 1, Name: "in.bam", ParamType: "file"}, {Position: 2, Name: "out.bam", ParamType: "file"}}
	gzvcf := FlagDoc{Name: "--gzvcf", ParamType: "file", Placeholder: "input_filename", Description: "This option can be used in place of the --vcf option to read compressed (gzipped) VCF files directly."}
	fstPop := FlagDoc{Name: "--weir-fst-pop", ParamType: "file", Description: "The provided file must contain a list of individuals (one individual per line) from the VCF file that correspond to one population."}
	bams := []PositionalDoc{{Position: 1, Name: "sample.bam", ParamType: "file", Repeatable: true}}
	alts := []PositionalDoc{{Position: 1, Name: "target.fa|target.idx", ParamType: "file"}, {Position: 2, Name: "query.fa", ParamType: "file", Repeatable: true}}
	for _, c := range []struct {
		task  string
		flags []FlagValue
		pos   []string
		docs  []FlagDoc
		ps    []PositionalDoc
		usage string
		want  string
	}{
		{"search m.hmm against db.faa, alignment to hits.sto", []FlagValue{{Name: "-A", Value: "db.faa", HasValue: true}}, []string{"m.hmm", "hits.sto"}, []FlagDoc{writes}, nil, "t [options] <hmmfile> <seqdb>", "db.faa is a file the task reads, given to a flag that writes"},
		{"search m.hmm against db.faa, alignment to hits.sto", []FlagValue{{Name: "-A", Value: "hits.sto", HasValue: true}}, []string{"m.hmm", "db.faa"}, []FlagDoc{writes}, nil, "", ""},
		{"re-run from the saved mapping old.sto, write new.txt", []FlagValue{{Name: "-A", Value: "old.sto", HasValue: true}}, nil, []FlagDoc{writes}, nil, "", "-A old.sto is a file the task reads"},
		{"search m.hmm, write the alignment in hits.sto", []FlagValue{{Name: "-A", Value: "hits.sto", HasValue: true}}, nil, []FlagDoc{writes}, nil, "", ""},
		{"write the alignment hits.sto", []FlagValue{{Name: "-A", Value: "hits.sto", HasValue: true}}, nil, []FlagDoc{writes}, nil, "", ""},
		{"sort aln.pairs.gz into s.pairs.gz", []FlagValue{{Name: "--tmpdir", Value: "aln.pairs.gz", HasValue: true}}, nil, []FlagDoc{tmp}, nil, "", "aln.pairs.gz is a file where the help reads a directory or a suffix"},
		{"sort aln.pairs.gz, temporary files in /scratch/tmp", []FlagValue{{Name: "--tmpdir", Value: "/scratch/tmp", HasValue: true}}, []string{"aln.pairs.gz"}, []FlagDoc{tmp}, nil, "", ""},
		{"decompress a.fq.gz into m.fq", []FlagValue{{Name: "-S", Value: "m.fq", HasValue: true}}, nil, []FlagDoc{suffix}, nil, "", "-S m.fq is a file where the help reads a directory or a suffix"},
		{"trim r.fastq", []FlagValue{{Name: "-i", Value: "r.fastq", HasValue: true}}, nil, []FlagDoc{either}, nil, "", ""},
		{"write x.txt", []FlagValue{{Name: "-w", Value: "x.txt", HasValue: true}}, nil, []FlagDoc{named}, nil, "", ""},
		{"download it as tumor.bam", []FlagValue{{Name: "-o", Value: "tumor.bam", HasValue: true}}, nil, []FlagDoc{logf}, nil, "", "-o tumor.bam is not of the kind the help names (text"},
		{"download it, log to run.log", []FlagValue{{Name: "-o", Value: "run.log", HasValue: true}}, nil, []FlagDoc{logf}, nil, "", ""},
		{"write x.fa.gz", []FlagValue{{Name: "-o", Value: "x.fa.gz", HasValue: true}}, nil, []FlagDoc{seqOut}, nil, "", ""},
		{"assemble a_1.fq.gz", []FlagValue{{Name: "-1", Value: "a_1.fq.gz", HasValue: true}}, nil, []FlagDoc{either2}, nil, "", ""},
		{"write the OTU table to otutab.txt", []FlagValue{{Name: "--output", Value: "otutab.txt", HasValue: true}}, nil, []FlagDoc{fasta}, nil, "", "is not of the kind the help names (fasta"},
		{"polish draft.fasta with frags.bam", []FlagValue{{Name: "--genome", Value: "draft.fasta", HasValue: true}}, nil, []FlagDoc{genome}, nil, "", ""},
		{"polish with calls.vcf", []FlagValue{{Name: "--genome", Value: "calls.vcf", HasValue: true}}, nil, []FlagDoc{genome}, nil, "", "is not of the kind the help names (bam"},
		{"search genome.fa with t.cm", nil, []string{"t.cm", "genome.fa"}, nil, two, "t [options] <cmfile> <seqdb>", ""},
		{"sort chroms.txt so chr2 comes before chr10", nil, []string{"chroms.txt", "chr2"}, nil, files, "t [OPTION]... [FILE]...", "chr2 is a region or a number where the usage reads a file"},
		{"sort chroms.txt into s.txt", nil, []string{"chroms.txt", "s.txt"}, nil, files, "t [OPTION]... [FILE]...", "s.txt is an output written as a positional"},
		{"copy a.bam into b.bam", nil, []string{"a.bam", "b.bam"}, nil, inOut, "t <in.bam> <out.bam>", ""},
		{"Fst of snps.vcf", []FlagValue{{Name: "--gzvcf", Value: "snps.vcf", HasValue: true}}, nil, []FlagDoc{gzvcf}, nil, "", "--gzvcf snps.vcf is not compressed"},
		{"Fst of snps.vcf.gz", []FlagValue{{Name: "--gzvcf", Value: "snps.vcf.gz", HasValue: true}}, nil, []FlagDoc{gzvcf}, nil, "", ""},
		{"Fst of snps.vcf", []FlagValue{{Name: "--bz2vcf", Value: "snps.vcf", HasValue: true}}, nil, []FlagDoc{{Name: "--bz2vcf", ParamType: "file", Description: "read bzip2 VCF"}}, nil, "", "--bz2vcf snps.vcf is not compressed"},
		{"Fst of snps.vcf", []FlagValue{{Name: "--gzip-level", Value: "snps.vcf", HasValue: true}}, nil, []FlagDoc{{Name: "--gzip-level", ParamType: "file", Description: "level"}}, nil, "", ""},
		{"Fst between the pops north.txt", []FlagValue{{Name: "--weir-fst-pop", Value: "north.txt", HasValue: true}}, nil, []FlagDoc{fstPop}, nil, "", ""},
		{"call SVs in t.bam excluding excl.tsv", nil, []string{"t.bam", "excl.tsv"}, nil, bams, "t call <sample.bam>...", "excl.tsv stands where the usage names a file of another kind (<sample.bam>)"},
		{"call SVs in t.bam and n.bam", nil, []string{"t.bam", "n.bam"}, nil, bams, "t call <sample.bam>...", ""},
		{"map r.fq to ref.mmi", nil, []string{"ref.mmi", "r.fq"}, nil, alts, "t <target.fa>|<target.idx> [query.fa]", ""},
		{"map r.fq to ref.fa", nil, []string{"r.fq", "ref.fa"}, nil, alts, "t <target.fa>|<target.idx> [query.fa]", ""},
		{"filter c.dat", nil, []string{"c.dat"}, nil, []PositionalDoc{{Position: 1, Name: "in.txt", ParamType: "file"}}, "t <in.txt>", ""},
		{"filter c.bed", nil, []string{"c.bed"}, nil, []PositionalDoc{{Position: 1, Name: "in.txt", ParamType: "file"}}, "t <in.txt>", ""},
		{"cluster p.faa", nil, []string{"p.faa"}, nil, []PositionalDoc{{Position: 1, Name: "<i:fastaFile1[.gz|.bz2]>", ParamType: "file"}}, "t <i:fastaFile1[.gz|.bz2]>", ""},
		{"count a.bam b.bam and g.gtf", nil, []string{"a.bam", "b.bam", "g.gtf"}, nil, []PositionalDoc{{Position: 1, Name: "BAM-files", ParamType: "file"}}, "t BAM-files", "g.gtf stands where the usage names"},
		{"predict genes in g.fa, write nucleotides into genes.txt", []FlagValue{{Name: "-i", Value: "g.fa", HasValue: true}}, []string{"genes.txt"}, []FlagDoc{either}, nil, "t [-i input_file] [-o output_file]", "genes.txt is an output written as a positional, where the usage shows none"},
	} {
		m := newMapper(builtinRules, rec, nil, nil, c.task)
		cand := &candidate{exe: "t", flags: c.docs, positionals: c.ps, usage: c.usage, known: true}
		f := &Fill{Flags: c.flags, Positionals: c.pos}
		got := strings.Join(m.slotMismatches(f, cand), "; ")
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%q %v %v: %q, want %q", c.task, c.flags, c.pos, got, c.want)
		}
	}
}

// TestPlaceByKind: a usage place whose name names one file's kind takes
// that file, from another file or from a name of no kind; names that
// name neither file, or both places named for their files, leave the
// order alone.
func TestPlaceByKind(t *testing.T) {
	rec := &ToolRecord{Name: "t", Executable: "t"}
	two := []PositionalDoc{{Position: 1, Name: "cmfile", ParamType: "file"}, {Position: 2, Name: "seqdb", ParamType: "string"}}
	inOut := []PositionalDoc{{Position: 1, Name: "in.bam", ParamType: "file"}, {Position: 2, Name: "out.sam", ParamType: "file"}}
	named := []PositionalDoc{{Position: 1, Name: "reference_fasta_file(s)"}, {Position: 2, Name: "reference_name"}}
	toFasta := []PositionalDoc{{Position: 1, Name: "i:sequenceDB"}, {Position: 2, Name: "o:fastaFile"}}
	mem := []PositionalDoc{{Position: 1, Name: "idxbase"}, {Position: 2, Name: "in1.fq"}, {Position: 3, Name: "in2.fq"}}
	sampe := []PositionalDoc{{Position: 1, Name: "prefix"}, {Position: 2, Name: "in1.sai"}, {Position: 3, Name: "in2.sai"}, {Position: 4, Name: "in1.fq"}, {Position: 5, Name: "in2.fq"}}
	for _, c := range []struct {
		ps       []PositionalDoc
		pos      []string
		want     string
		evidence bool
	}{
		{two, []string{"-x", "genome.fa", "t.cm"}, "-x t.cm genome.fa", true},
		{two, []string{"t.cm", "genome.fa"}, "t.cm genome.fa", false},
		{two, []string{"a.fa", "b.fa"}, "a.fa b.fa", false},
		{inOut, []string{"b.sam", "a.bam"}, "a.bam b.sam", true},
		{nil, []string{"b.sam", "a.bam"}, "b.sam a.bam", false},
		// files of one kind keep the task's order: r1 before r2
		{sampe, []string{"r1.sai", "r2.sai", "r1.fq", "r2.fq", "ref.fa"}, "ref.fa r1.sai r2.sai r1.fq r2.fq", true},
		// a place named by one extension of a kind fits a file of
		// another extension of it ("<in1.fq>" for r1.fastq.gz)
		{mem, []string{"r1.fastq.gz", "r2.fastq.gz", "ref.fa"}, "ref.fa r1.fastq.gz r2.fastq.gz", true},
		// a name of no kind gives up the place that names the file's
		// kind, unless that place is written and the file is read
		{named, []string{"ref/mm10", "mm10.fa"}, "mm10.fa ref/mm10", true},
		{toFasta, []string{"query.fasta", "queryDB"}, "query.fasta queryDB", false},
	} {
		m := newMapper(builtinRules, rec, nil, nil, "prepare ref/mm10 from mm10.fa, or convert query.fasta into queryDB")
		f := &Fill{Positionals: append([]string(nil), c.pos...)}
		m.placeByKind(f, &candidate{exe: "t", positionals: c.ps})
		if got := strings.Join(f.Positionals, " "); got != c.want || c.evidence != slices.ContainsFunc(m.evidence, func(e string) bool { return strings.HasPrefix(e, "placed ") }) {
			t.Errorf("%v: %s, want %s (%q)", c.pos, got, c.want, m.evidence)
		}
	}
}

// TestKindSlotFits: a usage place named by another extension of the
// file's kind fits it; a flag's placeholder so named does not, since it
// may name what the flag writes (gffread's "-y <tr_cds.fa>" is no place
// for the genome g.fasta).
func TestKindSlotFits(t *testing.T) {
	if !kindSlotFits("in1.fq", "r1.fastq.gz") || slotFits("in1.fq", "r1.fastq.gz") {
		t.Error("<in1.fq> and r1.fastq.gz")
	}
	if slotFits("tr_cds.fa", "g.fasta") || !slotFits("genomic_seqs_fasta", "g.fasta") {
		t.Error("placeholders and g.fasta")
	}
	if kindSlotFits("idxbase", "g.fasta") || kindSlotFits("input_gff", "genes.gtf") {
		t.Error("a place of no kind, or of another kind of the family")
	}
}

func TestSlotsFor(t *testing.T) {
	ps := []PositionalDoc{{Name: "a"}, {Name: "b", Repeatable: true}, {Name: "c"}}
	names := func(n int) string {
		var out []string
		for _, p := range slotsFor(ps, n) {
			if p == nil {
				out = append(out, "-")
			} else {
				out = append(out, p.Name)
			}
		}
		return strings.Join(out, " ")
	}
	if got := names(4); got != "a b b c" {
		t.Errorf("4 positionals: %s", got)
	}
	if got := names(2); got != "a c" {
		t.Errorf("2 positionals: %s", got)
	}
	if got := strings.Join([]string{names(0)}, ""); got != "" {
		t.Errorf("none: %q", got)
	}
	plain := slotsFor([]PositionalDoc{{Name: "x"}}, 2)
	if plain[0] == nil || plain[1] != nil {
		t.Errorf("past the usage: %v", plain)
	}
}

// TestPickNamedLike: among task files of the example file's kind, the one
// named like it takes its place; a task that names the example's own file
// keeps the task's order.
func TestPickNamedLike(t *testing.T) {
	list := []FileSlot{{Path: "new.fa", Type: "fasta"}, {Path: "ref_aln.fa", Type: "fasta"}}
	if p, _ := pickSame(list, make([]bool, 2), "fasta", "existing_aln.fa"); p != "ref_aln.fa" {
		t.Errorf("existing_aln.fa took %s", p)
	}
	outs := []FileSlot{{Path: "dedup.pairs.gz", Type: "file"}, {Path: "dedup.stats", Type: "file"}}
	if p, _ := pick(outs, make([]bool, 2), "file", "sample.dedup.stats"); p != "dedup.stats" {
		t.Errorf("sample.dedup.stats took %s", p)
	}
	beds := []FileSlot{{Path: "genes.bed", Type: "bed"}, {Path: "peaks.bed", Type: "bed"}}
	if p, _ := pickSameRole(beds, make([]bool, 2), "bed", "", "peaks.bed"); p != "genes.bed" {
		t.Errorf("peaks.bed named in the task took %s", p)
	}
	if _, ok := pickSame(beds, []bool{true, true}, "bed", "x.bed"); ok {
		t.Error("a used file was taken")
	}
}

// TestPickBarePath: a path with no dot at all ("ts/tv" in prose) takes
// no example file of a kind (ref.fa), but stands in for one of none
// ("ref/human" for "ref/hg38"); a compressed name with no kind
// ("nr.gz") still stands in for a kind.
func TestPickBarePath(t *testing.T) {
	if p, ok := pick([]FileSlot{{Path: "ts/tv", Type: "file"}}, make([]bool, 1), "fasta", "ref.fa"); ok {
		t.Errorf("ref.fa took %s", p)
	}
	if p, _ := pick([]FileSlot{{Path: "ref/hg38", Type: "file"}}, make([]bool, 1), "file", "ref/human"); p != "ref/hg38" {
		t.Errorf("ref/human took %q", p)
	}
	if p, _ := pick([]FileSlot{{Path: "nr.gz", Type: "file"}}, make([]bool, 1), "fasta", "proteins.fa"); p != "nr.gz" {
		t.Errorf("proteins.fa took %q", p)
	}
}

// TestWritingFlagTakesTheTaskOutput: a flag the help files under General
// but says it writes ("save multiple alignment … to file <f>") takes the
// task's output of its example file's kind, not the task's input of the
// same family; with an input of that very kind in the task it stays as
// the example has it.
func TestWritingFlagTakesTheTaskOutput(t *testing.T) {
	rec := &ToolRecord{Name: "hs", Executable: "hs"}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"hs [options] <hmmfile> <seqdb>"},
		Positionals: []PositionalDoc{{Position: 1, Name: "hmmfile", ParamType: "file"}, {Position: 2, Name: "seqdb", ParamType: "string"}},
		Flags:       []FlagDoc{{Name: "-A", ParamType: "string", Placeholder: "f", Category: "General", Description: "save multiple alignment of all hits to file <f>"}}}
	sk := inlineSkill(t, "name: hs", "save the multiple alignment of all family.hmm hits in proteome.fa", "-A hits.sto family.hmm proteome.fa")
	f := MapTask(builtinRules, rec, doc, sk, "search rpoB.hmm against prot.faa and save a multiple alignment of all hits to rpoB_hits.sto")
	if cmd := Assemble(rec, f).Display; cmd != "hs -A rpoB_hits.sto rpoB.hmm prot.faa" || len(f.Mismatched) > 0 {
		t.Errorf("%s: %q\n%q", cmd, f.Mismatched, f.Evidence)
	}
}

// TestSuffixFlagTakesNoOutput: a flag filed under Output whose help reads
// a suffix (zcat's -S "use suffix SUF") takes no output file, and does not
// stop the tool's output from going to standard output.
func TestSuffixFlagTakesNoOutput(t *testing.T) {
	f, got := capturedFill(t, "zcat", "concatenate the decompressed lane1.fq.gz and lane2.fq.gz into merged.fq")
	if got != "zcat lane1.fq.gz lane2.fq.gz > merged.fq" || f.Stdout != "merged.fq" {
		t.Errorf("got %q\n%q", got, f.Evidence)
	}
}

// TestDirFlagReadsNoTaskFile: an example's directory given to a flag whose
// help reads a folder is no slot for the task's input file.
func TestDirFlagReadsNoTaskFile(t *testing.T) {
	tmp := FlagDoc{Name: "--tmpdir", ParamType: "string", Placeholder: "TEXT", Description: "Custom temporary folder for sorting intermediates."}
	in := FlagDoc{Name: "-i", ParamType: "file", Description: "input file"}
	for _, c := range []struct {
		t    exToken
		want bool
	}{
		{exToken{flag: "--tmpdir", value: "/scratch", hasValue: true, doc: &tmp}, true},
		{exToken{flag: "--tmpdir", value: "x.pairs.gz", hasValue: true, doc: &tmp}, false},
		{exToken{flag: "-i", value: "/data/in", hasValue: true, doc: &in}, false},
		{exToken{flag: "-t", value: "/scratch", hasValue: true}, false},
	} {
		if got := dirFlag(c.t); got != c.want {
			t.Errorf("dirFlag(%s %s) = %v", c.t.flag, c.t.value, got)
		}
	}
	f, got := capturedFill(t, "pairtools", "sort aln.pairs.gz with 8 processes into sorted.pairs.gz")
	if strings.Contains(got, "--tmpdir aln.pairs.gz") || !slices.Contains(f.Positionals, "aln.pairs.gz") {
		t.Errorf("got %q", got)
	}
}

// TestPlaceMates: two task inputs named as mates go from the positionals
// to the help's pair of read flags when the usage shows no positional;
// flags of one mate only, flags that read no file, or a usage with places
// for files leave them.
func TestPlaceMates(t *testing.T) {
	rec := &ToolRecord{Name: "t", Executable: "t"}
	r1 := FlagDoc{Name: "--read1", Aliases: []string{"-1"}, ParamType: "string", Category: "Input", Description: "(gzipped) read1 file"}
	r2 := FlagDoc{Name: "--read2", Aliases: []string{"-2"}, ParamType: "string", Category: "Input", Description: "(gzipped) read2 file"}
	out := FlagDoc{Name: "--out-dir", Aliases: []string{"-O"}, ParamType: "string", Category: "Output", Description: "output directory"}
	field := FlagDoc{Name: "-1", ParamType: "int", Category: "Input", Description: "join on this FIELD of file 1"}
	field2 := FlagDoc{Name: "-2", ParamType: "int", Category: "Input", Description: "join on this FIELD of file 2"}
	files := []PositionalDoc{{Position: 1, Name: "FILE1", ParamType: "file"}, {Position: 2, Name: "FILE2", ParamType: "file"}}
	// the first named plainly, the second with a 2; a pair for another
	// kind of file comes first in the help and takes none
	qf := FlagDoc{Name: "qfin", ParamType: "file", Category: "Input", Style: "kv", Description: "Read qualities from this qual file, for the reads coming from a fasta file"}
	qf2 := FlagDoc{Name: "qfin2", ParamType: "file", Category: "Input", Style: "kv", Description: "Read qualities from this qual file, for the reads coming from a fasta file"}
	in := FlagDoc{Name: "in", ParamType: "file", Category: "Input", Style: "kv", Description: "Main input"}
	in2 := FlagDoc{Name: "in2", ParamType: "file", Category: "Input", Style: "kv", Description: "Input for 2nd read of pairs in a different file"}
	for _, c := range []struct {
		task  string
		flags []FlagDoc
		ps    []PositionalDoc
		want  string
	}{
		{"re-pair r1.fq.gz and r2.fq.gz into paired", []FlagDoc{out, r1, r2}, nil, "t -O paired -1 r1.fq.gz -2 r2.fq.gz"},
		{"re-pair r1.fq.gz and r2.fq.gz into paired", []FlagDoc{out, r1}, nil, "t -O paired r1.fq.gz r2.fq.gz"},
		{"join f1.txt and f2.txt", []FlagDoc{out, field, field2}, nil, "t -O paired f1.txt f2.txt"},
		{"re-pair r1.fq.gz and r2.fq.gz into paired", []FlagDoc{out, r1, r2}, files, "t -O paired r1.fq.gz r2.fq.gz"},
		{"re-pair a.fq.gz and b.fq.gz into paired", []FlagDoc{out, r1, r2}, nil, "t -O paired a.fq.gz b.fq.gz"},
		{"re-pair r1.fq.gz and r2.fq.gz into paired", []FlagDoc{out, qf, qf2, in, in2}, nil, "t -O paired 'in=r1.fq.gz' 'in2=r2.fq.gz'"},
	} {
		m := newMapper(builtinRules, rec, nil, nil, c.task)
		pos := []string{"r1.fq.gz", "r2.fq.gz"}
		if !strings.Contains(c.task, "r1.") {
			pos = []string{strings.Fields(c.task)[1], strings.Fields(c.task)[3]}
		}
		f := &Fill{Executable: "t", Flags: []FlagValue{{Name: "-O", Value: "paired", HasValue: true}}, Positionals: pos, Order: []string{"f0", "p0", "p1"}}
		m.placeMates(f, &candidate{exe: "t", flags: c.flags, positionals: c.ps})
		if got := Assemble(rec, f).Display; got != c.want {
			t.Errorf("%q %v: %s, want %s", c.task, c.flags, got, c.want)
		}
	}
	for a, b := range map[string]string{"s_R1_001.fq": "s_R2_001.fq", "r1.fq": "r2.fq"} {
		if !mateNames(a, b) || mateNames(b, a) {
			t.Errorf("mateNames(%s, %s)", a, b)
		}
	}
	if mateNames("a.fq", "b.fq") || mateNames("r1.fq", "r2.fq.gz") || mateNames("r11.fq", "r22.fq") {
		t.Error("not mates")
	}
}

func TestSlotNamesFit(t *testing.T) {
	c := &candidate{positionals: []PositionalDoc{{Name: "hmmfile"}, {Name: "seqdb"}}}
	if got := slotNamesFit(&Fill{Positionals: []string{"-x", "a.hmm", "b.faa"}}, c); got != 0.5 {
		t.Errorf("one of two fits: %v", got)
	}
	if got := slotNamesFit(&Fill{Positionals: []string{"chr1"}}, c); got != 0 {
		t.Errorf("no file: %v", got)
	}
	if got := slotNamesFit(&Fill{Positionals: []string{"a.hmm"}}, &candidate{}); got != 0 {
		t.Errorf("no usage: %v", got)
	}
}

// TestUndescribedFlagsTakeTheLastFile: where the help describes none of an
// example line's flags and each takes a value, the last flag takes the
// line's last file too; a switch among them leaves it a positional.
func TestUndescribedFlagsTakeTheLastFile(t *testing.T) {
	c := &candidate{exe: "t", flags: []FlagDoc{{Name: "-h", ParamType: "bool"}}}
	toks := classify([]string{"-I", "in.bam", "-F", "r1.fq", "-F2", "r2.fq"}, c)
	if len(toks) != 3 || toks[2].flag != "-F2" || toks[2].value != "r2.fq" {
		t.Errorf("all valued: %+v", toks)
	}
	toks = classify([]string{"-b", "-o", "x.bam", "-n", "in.bam"}, c)
	if last := toks[len(toks)-1]; !last.pos || last.value != "in.bam" {
		t.Errorf("a switch among them: %+v", toks)
	}
}

// TestSlotOtherKindExample: an adapted example that holds a file of the
// kind shows where it stands, whatever the usage line of another mode
// names there.
func TestSlotOtherKindExample(t *testing.T) {
	rec := &ToolRecord{Name: "t", Executable: "t"}
	cand := &candidate{exe: "t", positionals: []PositionalDoc{{Position: 1, Name: "in.bam ..", ParamType: "file", Repeatable: true}}, usage: "t <in.bam ..>", known: true}
	m := newMapper(builtinRules, rec, nil, nil, "merge the list gl.txt")
	f := &Fill{Positionals: []string{"gl.txt"}}
	if got := m.slotMismatches(f, cand); len(got) != 1 || !strings.Contains(got[0], "gl.txt stands where") {
		t.Errorf("without an example: %q, want gl.txt named", got)
	}
	f.Example = &Example{Task: "merge the transcripts listed in list.txt", Args: "--merge -o m.gtf 'list.txt'"}
	if got := m.slotMismatches(f, cand); len(got) != 0 {
		t.Errorf("with an example holding a list: %q, want none", got)
	}
}
