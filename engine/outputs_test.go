package engine

import (
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// capturedFill maps a task on a tool's captured help (golden) and its
// built-in skill, and returns the fill and the command line.
func capturedFill(t *testing.T, tool, task string) (*Fill, string) {
	t.Helper()
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	doc := goldenDoc(t, tool)
	sk, _ := st.Get(tool)
	f := MapTask(builtinRules, &doc.Record, doc, sk, task)
	return f, Assemble(&doc.Record, f).Display
}

// The task's spelling of a value arrives unchanged: a directory the task
// names without a slash is not written as the example's "results/".
func TestTaskSpellingArrivesIntact(t *testing.T) {
	for _, c := range []struct{ tool, task, want, evidence string }{
		{"multiqc", "aggregate all the QC logs found under results into one report, written to the directory qc_report", "multiqc -o qc_report results", "wrote results as the task spells it, not results/"},
		{"pigz", "recursively compress every file under raw_data with 8 threads", "pigz -r -p 8 raw_data", "wrote raw_data as the task spells it, not raw_data/"},
		// A task that writes the slash keeps it.
		{"multiqc", "aggregate all the QC logs found under results/ into one report, written to the directory qc_report", "multiqc -o qc_report results/", ""},
	} {
		f, got := capturedFill(t, c.tool, c.task)
		if got != c.want || c.evidence != "" && !hasEvidence(f, c.evidence) {
			t.Errorf("%s %q: got %q, want %q\nevidence %q", c.tool, c.task, got, c.want, f.Evidence)
		}
		if c.evidence == "" && hasEvidence(f, "as the task spells it") {
			t.Errorf("%q: respelled a value the task wrote so: %q", c.task, f.Evidence)
		}
	}
}

func TestAsSpelled(t *testing.T) {
	m := newMapper(builtinRules, alnRec, nil, nil, "scan results and out/ into qc")
	for v, want := range map[string]string{"results/": "results", "out/": "out/", "results": "results", "other/": "other/", "": "", "/": "/"} {
		if got, _ := m.asSpelled(v); got != want {
			t.Errorf("asSpelled(%q) = %q, want %q", v, got, want)
		}
	}
}

// An output named after a task file that the task did not ask for goes to
// the tool's default place when the task asks for no output; an output the
// task names after a writing verb ("write the unique sequences to x.fa")
// is the task's file.
func TestDerivedOutputs(t *testing.T) {
	for _, c := range []struct{ tool, task, want, evidence string }{
		{"sort", "sort names.txt and remove duplicate lines", "sort -u names.txt", "left out -o names.unique.txt: the task asks for no output"},
		{"uniq", "collapse adjacent repeated lines of sorted.txt, ignoring case", "uniq -i sorted.txt", "left out sorted.dedup.txt: the task asks for no output"},
		{"mash", "create a MinHash sketch of genome.fna (default output name)", "mash sketch genome.fna", "left out -o genome: the task asks for no output"},
		// The task asks for an output: it is kept.
		{"sort", "sort names.txt and remove duplicate lines into names.uniq.txt", "sort -u names.txt -o names.uniq.txt", ""},
		{"vsearch", "dereplicate filtered.fa keeping the abundance annotations, write the unique sequences to uniques.fa", "vsearch --derep_fulllength filtered.fa --output uniques.fa --sizeout", "uniques.fa (output fasta)"},
		{"seqkit", "remove duplicated sequences by sequence from contigs.fa and write the unique sequences to uniq.fa", "seqkit rmdup -o uniq.fa contigs.fa", "uniq.fa (output fasta)"},
		// A binary output of its input's kind is kept: standard output
		// would get BAM. One of another kind is a conversion its name
		// alone does not make: the tool's default applies.
		{"samtools", "sort aln.bam by coordinate with 8 threads", "samtools sort -@ 8 -o aln.sorted.bam aln.bam", ""},
		{"samtools", "convert aln.sam to BAM", "samtools view -b aln.sam", "left out -o aln.output.bam: the task asks for no output"},
		// An output positional the usage requires is kept.
		{"bowtie2-build", "build a bowtie2 index of ref.fa", "bowtie2-build ref.fa ref", ""},
	} {
		f, got := capturedFill(t, c.tool, c.task)
		if got != c.want || c.evidence != "" && !hasEvidence(f, c.evidence) {
			t.Errorf("%s %q: got %q, want %q\nevidence %q", c.tool, c.task, got, c.want, f.Evidence)
		}
	}
}

// A task's output goes through the flag whose help names its kind or the
// task's words for it, when the example wrote another kind through its
// flag; an example that wrote the same kind keeps its flag.
func TestOutputFlagByKind(t *testing.T) {
	for _, c := range []struct{ tool, task, want, evidence string }{
		// The example writes its index through -d ("dump index to FILE"),
		// which takes the task's index as it is aligned.
		{"minimap2", "build a minimap2 index for ref.fa with the map-ont preset and save it as ref.mmi", "minimap2 -x map-ont -d ref.mmi ref.fa", ""},
		// Built from the help alone, the table goes straight to the flag
		// whose help names it (outputFlagFor), not through -o first.
		{"cmsearch", "search genome.fa for homologs of the RNA family model tRNA.cm, saving the table of hits to trna.tbl", "cmsearch --tblout trna.tbl tRNA.cm genome.fa", ""},
		{"samtools", "sort aln.bam by coordinate into aln.sorted.bam", "samtools sort -o aln.sorted.bam aln.bam", ""},
	} {
		f, got := capturedFill(t, c.tool, c.task)
		if got != c.want || c.evidence != "" && !hasEvidence(f, c.evidence) || c.evidence == "" && hasEvidence(f, "wrote aln.sorted.bam through") {
			t.Errorf("%s %q: got %q, want %q\nevidence %q", c.tool, c.task, got, c.want, f.Evidence)
		}
	}
}

func TestWritesPlaceAndWordFit(t *testing.T) {
	for fd, want := range map[*FlagDoc]bool{
		{Name: "-d", ParamType: "file", Category: "General", Description: "dump index to FILE"}:                           true,
		{Name: "--domtblout", ParamType: "string", Description: "save parseable table of per-domain hits to file <f>"}:    true,
		{Name: "-O", ParamType: "string", Category: "Output", Description: "output format: SAM, BAM"}:                     false,
		{Name: "-t", ParamType: "int", Category: "Output", Description: "write to file"}:                                  false,
		{Name: "-x", ParamType: "string", Category: "Input", Description: "read the index from FILE"}:                     false,
		{Name: "", ParamType: "file", Category: "Output", Description: "output file"}:                                     false,
		{Name: "--fmt", ParamType: "string", Category: "Output", Choices: []string{"a", "b"}, Description: "output file"}: false,
		// The first sentence says what the flag takes; a later one only
		// explains.
		{Name: "-i", ParamType: "string", Description: "GFF attribute to be used as feature ID. The feature ID is used to identity the counts in the output table."}:           false,
		{Name: "--export-markdown", ParamType: "string", Description: "Export the timing summary as a Markdown table to the given FILE. The output time unit can be changed."}: true,
		// A file flag a part of whose long name names an output writes,
		// whatever its help says; a string flag so named does not.
		{Name: "--novel-splicesite-outfile", ParamType: "file", Category: "General", Description: "report a list of splice sites"}: true,
		{Name: "--outgroup-name", ParamType: "string", Category: "General", Description: "name of the outgroup taxon"}:             false,
		{Name: "--splicesite-infile", ParamType: "file", Category: "General", Description: "provide a list of known splice sites"}: false,
		// A value name that says the flag reads its file writes no
		// place, whatever its help says of output; one that says out
		// does, and a prose value name is no name.
		{Name: "-archive", ParamType: "file", Placeholder: "File_In", Category: "Output", Description: "File containing BLAST Archive format in ASN.1 (i.e.: output format 11)"}: false,
		{Name: "-out", ParamType: "file", Placeholder: "File_Out", Category: "Output", Description: "Output file name"}:                                                          true,
		{Name: "--tsv", ParamType: "file", Placeholder: "FILE_IN_OUT", Category: "Output", Description: "write the table to FILE"}:                                               true,
		{Name: "-y", ParamType: "file", Placeholder: "table written in output dir", Category: "Output", Description: "write the table to FILE"}:                                  true,
	} {
		if got := writesPlace(*fd); got != want {
			t.Errorf("writesPlace(%s) = %v, want %v", fd.Name, got, want)
		}
	}
	dom := FlagDoc{Name: "--domtblout", Description: "save parseable table of per-domain hits to file <f>"}
	if s := wordFit(dom, []string{"domtblout", "table"}); s != 2+sc.Fit.ExactFlagName { // "domtblout" and "table", and the name itself
		t.Errorf("wordFit %v", s)
	}
}

// TestOutputNameFit: a long name's part that is the output's extension
// counts for the flag, one the task says of the output counts half for
// it, one the task does not say half against it; output words and short
// parts count for nothing.
func TestOutputNameFit(t *testing.T) {
	ctx := []string{"duplicate", "statistics"}
	for _, c := range []struct {
		fd   FlagDoc
		want float64
	}{
		{FlagDoc{Name: "--output-stats"}, 1},
		{FlagDoc{Name: "--output-bytile-stats"}, 0.5},
		{FlagDoc{Name: "--output-dups"}, -0.5},
		{FlagDoc{Name: "--output-duplicate"}, 0.5},
		{FlagDoc{Name: "-o", Aliases: []string{"--out"}}, 0},
		{FlagDoc{Name: "-S"}, 0},
	} {
		if got := outputNameFit(c.fd, ctx, "dedup.stats"); got != c.want {
			t.Errorf("outputNameFit(%s) = %v, want %v", c.fd.Name, got, c.want)
		}
	}
	// "write the merged reads to m.fq.gz": --merged_out, not --out1
	// ("read1 output file name"), though the help of each holds a word.
	merged := []string{"write", "the", "merged", "reads", "to", "fq", "fastq"}
	if a, b := outputNameFit(FlagDoc{Name: "--merged_out"}, merged, "m.fq.gz"), outputNameFit(FlagDoc{Name: "--out1", Aliases: []string{"-o"}}, merged, "m.fq.gz"); a <= b {
		t.Errorf("--merged_out %v, --out1 %v", a, b)
	}
}

// TestUsageShownOutputFlag checks on centrifuge's captured help, built
// from the help alone, that an output the task's words do not tie to any
// one flag goes through the flag the usage line shows ("[-S
// <filename>]"), not through --un or --al of the option list.
func TestUsageShownOutputFlag(t *testing.T) {
	cmd, f := mapCaptured(t, "centrifuge", nil, "classify the contigs contigs.fa with the index abv, results to out.txt")
	if got := cmd.Display; !strings.Contains(got, "-S out.txt") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// A whole file of a kind stays on the flag that takes a file name: no
// better-fitting help moves it to a directory's or a prefix's place
// (macs2 bdgcmp "written to FE.bdg": -o, not --outdir "all output files
// will be written to that directory", nor --o-prefix "The PREFIX of
// output bedGraph file").
func TestWholeFileKeepsFileFlag(t *testing.T) {
	rec := &ToolRecord{Name: "macs2", Executable: "macs2"}
	f := MapTask(builtinRules, rec, goldenDoc(t, "macs2"), nil, "fold-enrichment track from the MACS2 pileups S2_treat_pileup.bdg (treatment) and S2_control_lambda.bdg (control lambda), written to S2_FE.bdg")
	got := Assemble(rec, f).Display
	if !strings.Contains(got, "-o S2_FE.bdg") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}

// TestWordFitSymbolTerm: a term of letters and signs the task writes as
// the help does ("P(S>x)") fits that help: hmmsim's --pfile over --efile,
// whose helps share the rest of the output's words.
func TestWordFitSymbolTerm(t *testing.T) {
	ctx := []string{"xy", "to", "data", "plot", "p(s>x", "the", "save"}
	pfile := FlagDoc{Name: "--pfile", Description: "output P(S>x) plots to <f> in xy format"}
	efile := FlagDoc{Name: "--efile", Description: "output E vs. E plots to <f> in xy format"}
	if wordFit(pfile, ctx) <= wordFit(efile, ctx) {
		t.Errorf("pfile %v, efile %v", wordFit(pfile, ctx), wordFit(efile, ctx))
	}
	for w, want := range map[string]bool{"p(s>x": true, "n50/l50": true, "a>g": true, "x.fq": false, "log2": false, "fold-change": false, "%s": false} {
		if symbolTerm(w) != want {
			t.Errorf("symbolTerm(%q) = %v", w, !want)
		}
	}
}
