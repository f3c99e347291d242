package engine

import (
	"slices"
	"strings"
	"testing"
)

// A flag name that counts the task's word (--nthreads, --num-threads,
// -nb-cores) is named by it; a name that bounds it (--max-threads) or a
// short word is not.
func TestCountName(t *testing.T) {
	cases := []struct {
		w, bare string
		want    bool
	}{
		{"threads", "nthreads", true},
		{"threads", "num_threads", true},
		{"threads", "num-threads", true},
		{"cores", "nb-cores", true},
		{"threads", "max-threads", false},
		{"threads", "threads", false}, // the name itself is no count of it
		{"gap", "ngap", false},
	}
	for _, tc := range cases {
		if got := countName(tc.w, tc.bare); got != tc.want {
			t.Errorf("countName(%q, %q) = %v, want %v", tc.w, tc.bare, got, tc.want)
		}
	}
	// The count is what the number "8 threads" fits: --nthreads, not
	// -m whose help also says threads (sambamba sort).
	m := newMapper(builtinRules, samRec, nil, nil, "sort aln.bam with 8 threads")
	mem := FlagDoc{Name: "--memory-limit", Aliases: []string{"-m"}, ParamType: "string", Description: "approximate total memory limit for all threads (by default 2GB)"}
	thr := FlagDoc{Name: "--nthreads", Aliases: []string{"-t"}, ParamType: "int", Placeholder: "NTHREADS", Description: "use specified number of threads"}
	if a, b := m.fitFlag(thr.Name, &thr, []string{"threads"}), m.fitFlag(mem.Name, &mem, []string{"threads"}); a <= b {
		t.Errorf("--nthreads fits \"threads\" %v, not more than -m's %v", a, b)
	}
}

// A flag that writes temporary files takes no task output whose words do
// not say it is temporary (samtools sort -T for "结果写入 aln.sorted.bam"),
// and takes one they do.
func TestTempFlagNoOutput(t *testing.T) {
	tmp := FlagDoc{Name: "-T", ParamType: "string", Placeholder: "PREFIX", Description: "Write temporary files to PREFIX.nnnn.bam", Category: "Output"}
	out := FlagDoc{Name: "-o", ParamType: "file", Placeholder: "FILE", Description: "Write final output to FILE rather than standard output", Category: "Output"}
	m := newMapper(builtinRules, samRec, nil, nil, "将 aln.bam 按坐标排序，结果写入 aln.sorted.bam")
	if !m.tempFor(tmp, "aln.sorted.bam") || m.tempFor(out, "aln.sorted.bam") {
		t.Errorf("tempFor: -T should be no place for aln.sorted.bam, -o should: %v %v", m.tempFor(tmp, "aln.sorted.bam"), m.tempFor(out, "aln.sorted.bam"))
	}
	m = newMapper(builtinRules, samRec, nil, nil, "sort aln.bam, temporary files prefix tmp_sort.bam")
	if m.tempFor(tmp, "tmp_sort.bam") {
		t.Error("a task that calls the file temporary may write it through -T")
	}
	m = newMapper(builtinRules, samRec, nil, nil, "sort aln.bam, write aln.sorted.bam")
	f := &Fill{}
	m.addOutput(f, &candidate{flags: []FlagDoc{tmp, out}, known: true}, "aln.sorted.bam", map[string]bool{})
	if len(f.Flags) != 1 || f.Flags[0].Name != "-o" {
		t.Fatalf("aln.sorted.bam should go through -o, not -T: %+v", f.Flags)
	}
}

// An example's output slots take the task's outputs by extension first
// (kinase.out goes to -o hmmsearch.out, not to --tblout hits.tbl, though
// both are text), and a task file no marker calls an output that the
// example writes by kind and reads nowhere is that output ("…, table
// abc.tbl").
func TestOutputsAlignByExtension(t *testing.T) {
	rec := &ToolRecord{Name: "hmmsearch", Executable: "hmmsearch"}
	doc := &ToolDoc{Record: *rec, Description: "search profile(s) against a sequence database", Flags: []FlagDoc{
		{Name: "-o", ParamType: "string", Placeholder: "f", Category: "Output", Description: "direct output to file <f>, not stdout"},
		{Name: "--tblout", ParamType: "string", Placeholder: "f", Category: "Output", Description: "save parseable table of per-sequence hits to file <f>"},
		{Name: "-E", ParamType: "float", Category: "Quality", Description: "report sequences <= this E-value threshold in output"},
	}, Positionals: []PositionalDoc{{Position: 1, Name: "hmmfile", Required: true}, {Position: 2, Name: "seqdb", Required: true}}}
	ex := []string{"search the profile family.hmm against proteins.fa and save a hit table", "--tblout hits.tbl -o hmmsearch.out family.hmm proteins.fa"}
	runAdaptCases(t, []adaptCase{
		{name: "by extension", rec: rec, doc: doc, front: "name: hmmsearch", examples: ex,
			task: "search kinase.hmm against proteins.faa and write the full output to kinase.out", want: "hmmsearch -o kinase.out kinase.hmm proteins.faa"},
		{name: "unmarked table", rec: rec, doc: doc, front: "name: hmmsearch", examples: ex,
			task: "search abc.hmm against db.faa and save a hit table abc.tbl", want: "hmmsearch --tblout abc.tbl abc.hmm db.faa",
			evidence: []string{"took abc.tbl as the output of --tblout"}},
	})
}

// A task file the usage has no place for goes to the flag the task calls
// it by ("the BLAST archive run1.asn" for -archive) when no flag that
// reads a file fits its words; two flags so named, or none, leave it.
func TestNamedReader(t *testing.T) {
	rec := &ToolRecord{Name: "blast_formatter", Executable: "blast_formatter"}
	doc := &ToolDoc{Record: *rec, Description: "Stand-alone BLAST formatter client", Flags: []FlagDoc{
		{Name: "-archive", ParamType: "file", Placeholder: "ArchiveFile", Category: "Format", Description: "File containing BLAST Archive format in ASN.1 (i.e.: output format 11)"},
		{Name: "-out", ParamType: "file", Placeholder: "File_Out", Category: "Output", Description: "Output file name"},
		{Name: "-outfmt", ParamType: "string", Category: "Format", Description: "alignment view options: 6 = Tabular, 7 = Tabular with comment lines"},
	}}
	f := MapTask(builtinRules, rec, doc, nil, "Reformat the BLAST archive run1.asn as tabular into run1.tsv")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-archive run1.asn") {
		t.Fatalf("got %q, want run1.asn through -archive", got)
	}
	if !hasEvidence(f, "gave the input run1.asn to -archive") {
		t.Errorf("evidence %q", f.Evidence)
	}
	m := newMapper(builtinRules, rec, nil, nil, "reformat the archive run1.asn")
	c := &candidate{flags: append(doc.Flags, FlagDoc{Name: "--archive", ParamType: "string"}), known: true}
	if fd, ok := m.namedReader(c, "run1.asn", map[string]bool{}); ok {
		t.Errorf("two flags named archive, yet %s chosen", fd.Name)
	}
	if fd, ok := m.namedReader(&candidate{flags: doc.Flags, known: true}, "run1.asn", map[string]bool{"-archive": true}); ok {
		t.Errorf("a used flag chosen: %s", fd.Name)
	}
	// A value the help types as a string and does not call a file holds
	// none (EMBOSS freak's "-letters string  Residue letters (Any
	// string)" for "letters AT along genome.fa"); one it calls a file
	// does (fastp's "-j string  the json format report file name").
	m = newMapper(builtinRules, rec, nil, nil, "frequency of residues (letters AT) along genome.fa")
	letters := FlagDoc{Name: "-letters", ParamType: "string", Placeholder: "string", Category: "General", Description: "[gc] Residue letters (Any string)"}
	if fd, ok := m.namedReader(&candidate{flags: []FlagDoc{letters}, known: true}, "genome.fa", map[string]bool{}); ok {
		t.Errorf("genome.fa given to %s, a string of letters", fd.Name)
	}
	letters.Description = "the letters file name"
	if _, ok := m.namedReader(&candidate{flags: []FlagDoc{letters}, known: true}, "genome.fa", map[string]bool{}); !ok {
		t.Error("a string flag whose help calls it a file name should take genome.fa")
	}
}

// An output goes to the usage's output place when every place before it
// is optional ("<input.bam> [<input2.bam> [...]] <output.bam>" after one
// input), and no second output is named after the input.
func TestOutputReachesPlace(t *testing.T) {
	ps := []PositionalDoc{{Position: 1, Name: "input.bam", Required: true}, {Position: 2, Name: "input2.bam", Repeatable: true}, {Position: 3, Name: "output.bam", Required: true}}
	for _, tc := range []struct {
		n, at int
		want  bool
	}{{1, 2, true}, {2, 2, true}, {0, 2, false}, {3, 2, false}} {
		if got := reachesPlace(ps, tc.n, tc.at); got != tc.want {
			t.Errorf("reachesPlace(%d, %d) = %v", tc.n, tc.at, got)
		}
	}
	rec := &ToolRecord{Name: "bamtool", Executable: "bamtool"}
	doc := &ToolDoc{Record: *rec, Subcommands: []SubcommandDoc{{Name: "markdup", Description: "mark duplicate reads", Parser: "getopt", Positionals: ps,
		Flags: []FlagDoc{{Name: "--nthreads", Aliases: []string{"-t"}, ParamType: "int", Description: "number of threads to use"}}}}}
	f := MapTask(builtinRules, rec, doc, nil, "mark duplicates in aln.sorted.bam and write aln.markdup.bam")
	if got := Assemble(rec, f).Display; got != "bamtool markdup aln.sorted.bam aln.markdup.bam" {
		t.Errorf("got %q", got)
	}
}

// A task's region goes to the one flag that takes a region when the
// usage, read from real help, shows no place for one (bamtools random,
// freebayes); a usage place for regions ("[region1 [...]]"), two such
// flags, a flag that reads regions from a file, or no help read keep it
// a positional.
func TestRegionFlag(t *testing.T) {
	region := FlagDoc{Name: "-region", ParamType: "string", Placeholder: "REGION", Description: "only pull random alignments from within this genomic region"}
	bed := FlagDoc{Name: "--regions", Aliases: []string{"-L"}, ParamType: "file", Description: "output only reads overlapping one of regions from the BED file"}
	in := PositionalDoc{Position: 1, Name: "<input.bam>", Required: true}
	cases := []struct {
		name string
		c    *candidate
		want string
	}{
		{"flags alone", &candidate{known: true, flags: []FlagDoc{region, bed}}, "-region"},
		{"a place for regions", &candidate{known: true, flags: []FlagDoc{region}, positionals: []PositionalDoc{in, {Position: 2, Name: "region1", Repeatable: true}}}, ""},
		{"no place named", &candidate{known: true, flags: []FlagDoc{region}, positionals: []PositionalDoc{in}}, "-region"},
		{"no help read", &candidate{flags: []FlagDoc{region}}, ""},
		{"a file of regions only", &candidate{known: true, flags: []FlagDoc{bed}}, ""},
		{"two", &candidate{known: true, flags: []FlagDoc{region, {Name: "--chrom", ParamType: "string"}}}, ""},
		{"by help", &candidate{known: true, flags: []FlagDoc{{Name: "-r", ParamType: "string", Description: "Show specified region. Format: chr:start-end."}}}, "-r"},
	}
	for _, tc := range cases {
		fd, ok := regionFlag(tc.c, map[string]bool{})
		if fd.Name != tc.want || ok != (tc.want != "") {
			t.Errorf("%s: got %q %v, want %q", tc.name, fd.Name, ok, tc.want)
		}
	}
	rec := &ToolRecord{Name: "bamtool", Executable: "bamtool"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{{Name: "-in", ParamType: "file", Category: "Input", Description: "the input BAM file"}, region}}
	f := MapTask(builtinRules, rec, doc, nil, "take alignments from big.bam only from chr2")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-region chr2") || strings.Count(got, "chr2") != 1 {
		t.Errorf("got %q", got)
	}
}

// The trace names the task's words nothing in the command accounts for,
// as the task writes them, so explain shows why a command may do less
// than asked.
func TestUncoveredWordsInTrace(t *testing.T) {
	rec := &ToolRecord{Name: "hstat", Executable: "hstat"}
	doc := &ToolDoc{Record: *rec, Description: "display summary statistics for a profile file", Positionals: []PositionalDoc{{Position: 1, Name: "hmmfile", Required: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "show summary statistics with effective sequences for every profile in x.hmm")
	if !hasEvidence(f, "words of the task nothing in the command accounts for: ") || !hasEvidence(f, "sequences") || hasEvidence(f, "sequenc,") {
		t.Errorf("evidence %q", f.Evidence)
	}
	// a number written as an ordinal and placed is no word left over
	nth := &ToolRecord{Name: "nth", Executable: "nth"}
	ndoc := &ToolDoc{Record: *nth, Description: "write one sequence from a set",
		Flags: []FlagDoc{{Name: "-number", ParamType: "int", Description: "Number of the sequence to output"}}, Positionals: []PositionalDoc{{Position: 1, Name: "sequence", Required: true}}}
	f = MapTask(builtinRules, nth, ndoc, nil, "give me the 3rd sequence of x.fa")
	if got := Assemble(nth, f).Display; !strings.Contains(got, "-number 3") || hasEvidence(f, "3rd") {
		t.Errorf("ordinal: %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// a description that names the program by what it does accounts for
	// the task's verb: an indexer indexes, a trimmer trims
	for desc, task := range map[string]string{
		"Generic indexer for TAB-delimited genome position files": "index the bgzipped table calls.tsv.gz",
		"Fast adapter trimmer": "trim r.fq",
	} {
		ix := &ToolRecord{Name: "ix", Executable: "ix"}
		f = MapTask(builtinRules, ix, &ToolDoc{Record: *ix, Description: desc, Positionals: []PositionalDoc{{Position: 1, Name: "in", Required: true}}}, nil, task)
		left := slices.ContainsFunc(f.Evidence, func(e string) bool {
			rest, ok := strings.CutPrefix(e, "words of the task nothing in the command accounts for: ")
			return ok && slices.ContainsFunc(strings.Split(rest, ", "), func(w string) bool { return w == "index" || w == "trim" })
		})
		if left {
			t.Errorf("%s: %s", desc, strings.Join(f.Evidence, "\n"))
		}
	}
	m := newMapper(builtinRules, rec, nil, nil, "keep the sequences")
	if got := m.asWritten([]string{"sequenc", "zzz"}); got[0] != "sequences" || got[1] != "zzz" {
		t.Errorf("asWritten %q", got)
	}
}

// A help that names the value's own index beside it ("An index file
// (FILE.fai) will be created", freebayes -f) names no other kind; one
// that names another kind does.
func TestOtherKindIndexSibling(t *testing.T) {
	ref := FlagDoc{Name: "--fasta-reference", Aliases: []string{"-f"}, ParamType: "file", Placeholder: "FILE", Description: "Use FILE as the reference sequence for analysis. An index file (FILE.fai) will be created if none exists."}
	if k := otherKind(ref, "genome.fasta"); k != "" {
		t.Errorf("otherKind(-f, genome.fasta) = %q", k)
	}
	bed := FlagDoc{Name: "--targets", ParamType: "file", Description: "Limit analysis to targets listed in the BED-format FILE."}
	if k := otherKind(bed, "genome.fasta"); k == "" {
		t.Error("a BED flag given a FASTA file names no other kind")
	}
}

// A flag name written as one word is named by the task's words written
// apart ("sort by name" for bamtools' -byname); words apart that another
// word splits, or a name of parts, are not glued.
func TestGluedName(t *testing.T) {
	rec := &ToolRecord{Name: "bamtools", Executable: "bamtools"}
	byname := FlagDoc{Name: "-byname", ParamType: "bool", Description: "sort by alignment name"}
	for _, c := range []struct {
		task string
		want bool
	}{
		{"sort reads.bam by name into s.bam", true},
		{"sort reads.bam by read name into s.bam", false},
		{"sort reads.bam into s.bam", false},
	} {
		m := newMapper(builtinRules, rec, nil, nil, c.task)
		if got, _ := m.namedIn(byname, m.askTerms()); got != c.want {
			t.Errorf("%q: namedIn(-byname) = %v, want %v", c.task, got, c.want)
		}
	}
	m := newMapper(builtinRules, rec, nil, nil, "keep the dup reads")
	if m.gluedIn("keep-dup", m.askTerms()) {
		t.Error("a name of parts is matched part by part, not glued")
	}
}

// A file of a kind is a whole name: it goes to the output flag that takes
// a name, not to a prefix flag (NanoStat), unless the task calls it a
// prefix or no other output flag is left.
func TestOutputNotPrefix(t *testing.T) {
	pre := FlagDoc{Name: "--prefix", Aliases: []string{"-p"}, ParamType: "string", Placeholder: "PREFIX", Category: "Output", Description: "Specify an optional prefix to be used for the output file."}
	name := FlagDoc{Name: "--name", Aliases: []string{"-n"}, ParamType: "string", Placeholder: "NAME", Category: "Output", Description: "Specify a filename/path for the output, stdout is the default."}
	for _, c := range []struct {
		task, path string
		flags      []FlagDoc
		want       string
	}{
		{"write the stats as TSV to the file stats.tsv", "stats.tsv", []FlagDoc{pre, name}, "-n"},
		{"write the stats with the prefix run1.tsv", "run1.tsv", []FlagDoc{pre, name}, "-p"},
		{"write the stats as TSV to the file stats.tsv", "stats.tsv", []FlagDoc{pre}, "-p"},
	} {
		m := newMapper(builtinRules, &ToolRecord{Name: "t", Executable: "t"}, nil, nil, c.task)
		f := &Fill{}
		m.addOutput(f, &candidate{flags: c.flags, known: true}, c.path, map[string]bool{})
		if len(f.Flags) != 1 || f.Flags[0].Name != c.want {
			t.Errorf("%q: %+v, want %s %s", c.task, f.Flags, c.want, c.path)
		}
	}
	// A flag typed as a path whose placeholder says a directory takes no
	// file of a kind (macs2 --outdir OUTDIR); one typed as a path takes it.
	outdir := FlagDoc{Name: "--outdir", ParamType: "file", Placeholder: "OUTDIR", Description: "If specified all output files will be written to that directory."}
	if !notFileFlag(outdir) {
		t.Error("--outdir OUTDIR should read a directory")
	}
	if outdir.Placeholder, outdir.Name = "FILE", "--out"; notFileFlag(outdir) {
		t.Error("--out FILE typed as a path should take a file")
	}
}

// The words a glued flag name stands for ("word size" for -wordsize) are
// accounted for once the flag is set, and only then.
func TestGluedCover(t *testing.T) {
	rec := &ToolRecord{Name: "diffseq", Executable: "diffseq"}
	ws := FlagDoc{Name: "-wordsize", ParamType: "int", Description: "[20] Word size (Integer 2 or more)"}
	m := newMapper(builtinRules, rec, nil, nil, "report the differences using a word size of 20")
	c := &candidate{exe: "diffseq", flags: []FlagDoc{ws}, known: true}
	if got := m.gluedParts("-wordsize"); strings.Join(got, " ") != "word size" {
		t.Fatalf("gluedParts(-wordsize) = %q", got)
	}
	ws.Description = "[20] the length of the seeds"
	c.flags = []FlagDoc{ws}
	set := m.uncoveredWords(&Fill{Flags: []FlagValue{{Name: "-wordsize", Value: "20", HasValue: true}}}, c, nil, false)
	unset := m.uncoveredWords(&Fill{}, c, nil, false)
	if slices.Contains(set, "word") || !slices.Contains(unset, "word") {
		t.Errorf("with -wordsize set: %q; without: %q", set, unset)
	}
}

// A number after a version word says which tool or format ("a bowtie
// (version 1) index"): unplaced, it is no unused item, unless a flag
// that takes a value is named for the version (makeblastdb's
// -blastdb_version for "version 4").
func TestVersionNumber(t *testing.T) {
	rec := &ToolRecord{Name: "bowtie-build", Executable: "bowtie-build"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{{Name: "--threads", ParamType: "int", Description: "number of threads"}, {Name: "--version", ParamType: "bool", Description: "print version information and quit"}}}
	f := MapTask(builtinRules, rec, doc, nil, "build a bowtie (version 1) index of ref.fa")
	if slices.Contains(f.Unused, "1") {
		t.Errorf("the version number is listed unused: %q", f.Unused)
	}
	doc.Flags = append(doc.Flags, FlagDoc{Name: "-blastdb_version", ParamType: "int", Description: "Version of BLAST database to be created"})
	m := newMapper(builtinRules, rec, doc, nil, "make a version 4 database")
	m.chosen = &candidate{flags: doc.Flags}
	if m.versionOnly(m.slots.Numbers[0]) {
		t.Error("a version flag that takes a value should take version 4")
	}
	m.chosen = &candidate{flags: doc.Flags[:2]}
	if !m.versionOnly(m.slots.Numbers[0]) {
		t.Error("with no version flag, version 4 says which format")
	}
}

// A number a placed value begins with, letters going on ("10x" of
// "10xv3"), is held by it; one the value merely contains is not.
func TestHeadsValue(t *testing.T) {
	placed := map[string]bool{"10xv3": true, "180": true}
	if !headsValue(placed, "10x") || headsValue(placed, "18") || headsValue(placed, "xv3") {
		t.Error("headsValue: 10x heads 10xv3; 18 does not head 180; xv3 is no head")
	}
}

// A subcommand named between full-width parentheses ("比对情况
// （flagstat）") is named, as between ASCII ones.
func TestMentionsWideParens(t *testing.T) {
	for _, task := range []string{"统计 aln.bam 的比对情况（flagstat）", "统计 aln.bam 的比对情况 (flagstat)", "flagstat of aln.bam"} {
		m := newMapper(builtinRules, samRec, nil, nil, task)
		if !m.mentions("flagstat") {
			t.Errorf("%q: flagstat not named", task)
		}
	}
	if m := newMapper(builtinRules, samRec, nil, nil, "统计 aln.bam 的比对情况"); m.mentions("flagstat") {
		t.Error("a task without the name names it")
	}
}

// A switch whose fit to the task rests only on the candidate's own words
// (its names, its description) is no unmet ask: "quantify" asks for
// kallisto quant, not for its --single "Quantify single-end reads".
func TestOwnWordsOnly(t *testing.T) {
	m := newMapper(builtinRules, &ToolRecord{Name: "kallisto", Executable: "kallisto"}, nil, nil, "quantify r1.fq.gz")
	c := &candidate{exe: "kallisto", key: "quant", sub: []string{"quant"}, desc: "Runs the quantification algorithm"}
	if !m.ownWordsOnly(c, []string{"quant"}) {
		t.Error("quant is the subcommand's own word")
	}
	if m.ownWordsOnly(c, []string{"quant", "singl"}) {
		t.Error("singl is a word of the switch, not of the candidate")
	}
}

// An unmet switch needs a word of its names or of its help's first
// sentence: fastp's --stdin "input from STDIN. If the STDIN is
// interleaved paired-end FASTQ, …" is not asked for by "paired-end".
func TestHeadFits(t *testing.T) {
	m := newMapper(builtinRules, &ToolRecord{Name: "fastp", Executable: "fastp"}, nil, nil, "preprocess paired-end reads")
	stdin := FlagDoc{Name: "--stdin", ParamType: "bool", Description: "input from STDIN. If the STDIN is interleaved paired-end FASTQ, please also add --interleaved_in."}
	if m.headFits(switchFitted{fd: stdin, hits: []string{"pair", "end"}}) {
		t.Error("paired-end is said only after the first sentence")
	}
	if !m.headFits(switchFitted{fd: stdin, hits: []string{"stdin"}}) {
		t.Error("stdin is the switch's own name")
	}
}

// A column list placed accounts for the words it was read from ("the
// first three columns" in -f 1-3); one left unplaced does not.
func TestColumnWordsCover(t *testing.T) {
	rec := &ToolRecord{Name: "fcut", Executable: "fcut"}
	fields := FlagDoc{Name: "-f", ParamType: "string", Description: "select only these fields"}
	m := newMapper(builtinRules, rec, nil, nil, "extract the first three columns of peaks.tsv")
	c := &candidate{exe: "fcut", flags: []FlagDoc{fields}, known: true}
	unset := m.uncoveredWords(&Fill{}, c, nil, false)
	m.slots.Columns[0].Used = true
	set := m.uncoveredWords(&Fill{Flags: []FlagValue{{Name: "-f", Value: "1-3", HasValue: true}}}, c, nil, false)
	if !slices.Contains(unset, "column") || !slices.Contains(unset, "first") || slices.Contains(set, "column") || slices.Contains(set, "first") || !slices.Contains(set, "extract") {
		t.Errorf("with -f 1-3 placed: %q; unplaced: %q", set, unset)
	}
	m = newMapper(builtinRules, rec, nil, nil, "print the comma-separated x.csv")
	m.slots.Separators[0].Used = true
	if got := m.uncoveredWords(&Fill{Flags: []FlagValue{{Name: "-d", Value: ",", HasValue: true}}}, c, nil, false); slices.Contains(got, "comma") {
		t.Errorf("with -d , placed: %q", got)
	}
}

// The program's own name accounts for itself when the command runs one
// of its subcommands ("with bwa aln"), and a placed argument that is no
// file accounts for its words (a quoted command line); a placeholder
// accounts for nothing.
func TestProgramAndArgumentsCover(t *testing.T) {
	rec := &ToolRecord{Name: "bwa", Executable: "bwa"}
	m := newMapper(builtinRules, rec, nil, nil, "map short reads r.fq against ref.fa with bwa aln")
	c := &candidate{exe: "bwa", sub: []string{"aln"}, key: "aln", known: true}
	if got := m.uncoveredWords(&Fill{Positionals: []string{"ref.fa", "r.fq"}}, c, nil, false); slices.Contains(got, "bwa") || !slices.Contains(got, "short") {
		t.Errorf("bwa aln: uncovered %q", got)
	}
	rec = &ToolRecord{Name: "hyperfine", Executable: "hyperfine"}
	m = newMapper(builtinRules, rec, nil, nil, "benchmark the command 'samtools sort -o out.bam in.bam' and also gzip")
	c = &candidate{exe: "hyperfine", key: "hyperfine", known: true}
	got := m.uncoveredWords(&Fill{Positionals: []string{"samtools sort -o out.bam in.bam"}}, c, nil, false)
	if slices.Contains(got, stem("samtools")) || slices.Contains(got, "sort") || !slices.Contains(got, "gzip") {
		t.Errorf("hyperfine: uncovered %q", got)
	}
	if got := m.uncoveredWords(&Fill{Positionals: []string{"<samtools>"}}, c, nil, false); !slices.Contains(got, stem("samtools")) {
		t.Errorf("a placeholder: uncovered %q", got)
	}
}

// A file the task names as the program itself ("with reformat.sh", a
// companion spelled in full) is the program, no item the command must
// place; another script is an item.
func TestProgramFileIsNoItem(t *testing.T) {
	rec := &ToolRecord{Name: "reformat.sh", Executable: "reformat.sh", CompanionTools: []Companion{{Name: "bbduk.sh"}}}
	for task, want := range map[string]string{
		"convert x.fq into x.fa with reformat.sh":     "x.fq x.fa",
		"convert x.fq into x.fa with bbduk.sh":        "x.fq x.fa",
		"convert x.fq into x.fa, checked by clean.sh": "x.fq x.fa clean.sh",
	} {
		m := newMapper(builtinRules, rec, nil, nil, task)
		var got []string
		for _, f := range m.slots.Files {
			got = append(got, f.Path)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: files %q, want %s", task, got, want)
		}
	}
}
