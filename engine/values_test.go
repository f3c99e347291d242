package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// The task's named values go to their flags, on captured help.
func TestNamedValuesOnCapturedHelp(t *testing.T) {
	iq := &ToolRecord{Name: "iqtree2", Executable: "iqtree2"}
	aug := &ToolRecord{Name: "augustus", Executable: "augustus"}
	prokka := &ToolRecord{Name: "prokka", Executable: "prokka"}
	pt := &ToolRecord{Name: "pairtools", Executable: "pairtools"}
	macs := &ToolRecord{Name: "macs2", Executable: "macs2"}
	iqEx := []string{
		"infer an ML tree from aln.fasta with automatic model selection", "-s aln.fasta -m MFP -B 1000",
		"infer a protein tree from prot_aln.fasta with the LG+G4 model", "-s prot_aln.fasta -m LG+G4",
		"infer a tree rooted on the outgroup taxon Outgroup1", "-s aln.fasta -m MFP -o Outgroup1",
	}
	runAdaptCases(t, []adaptCase{
		// the example's task names its value next to "model": the task's
		// value after "model" replaces the example's constant
		{name: "model after its marker beats the example's MFP", rec: iq, doc: goldenDoc(t, "iqtree2"), front: "name: iqtree2", examples: iqEx,
			task: "bootstrap 100 replicates on small.phy, model HKY+G", want: "iqtree2 -s small.phy -m HKY+G -B 100",
			evidence: []string{"-m HKY+G: the task's value (model HKY+G), not the example's MFP"}, notInArgv: []string{"MFP"}},
		{name: "marker word of the example's task", rec: iq, doc: goldenDoc(t, "iqtree2"), front: "name: iqtree2", examples: iqEx,
			task: "tree of primates.fasta rooted with the outgroup taxon Galago", want: "iqtree2 -s primates.fasta -o Galago"},
		// a formula with no marker goes where the examples put formulas
		{name: "formula by shape", rec: iq, doc: goldenDoc(t, "iqtree2"), front: "name: iqtree2", examples: iqEx[2:4],
			task: "protein tree from p.fasta under WAG+G4", want: "iqtree2 -s p.fasta -m WAG+G4"},
		{name: "value before its marker", rec: aug, doc: goldenDoc(t, "augustus"), front: "name: augustus",
			examples: []string{"predict genes in genome.fa with the human model", "--species=human genome.fa"},
			task:     "predict genes in assembly.fa using the arabidopsis model", want: "augustus '--species=arabidopsis' assembly.fa", notInArgv: []string{"--species=human"}},
		// no example gives the flag: the help's names and descriptions fit
		// the marker words
		{name: "markers fit the help", rec: prokka, doc: goldenDoc(t, "prokka"), front: "name: prokka",
			examples: []string{"annotate contigs.fa into out_dir", "--outdir out_dir contigs.fa"},
			task:     "annotate ecoli.fna as genus Escherichia, species coli, strain K12 with locus tag ECK, into ecoli_annot",
			want:     "prokka --genus Escherichia --species coli --strain K12 --locustag ECK --outdir ecoli_annot ecoli.fna"},
		{name: "assembly", rec: pt, doc: goldenDoc(t, "pairtools"), front: "name: pairtools",
			examples: []string{"parse aln.bam into pairs with chromosome sizes chrom.sizes, output out.pairs.gz", "parse -c chrom.sizes -o out.pairs.gz aln.bam"},
			task:     "parse a.bam with chromosome sizes hg38.chrom.sizes, assembly hg38, output a.pairs.gz",
			want:     "pairtools parse -c hg38.chrom.sizes --assembly hg38 -o a.pairs.gz a.bam"},
		{name: "genome", rec: macs, doc: goldenDoc(t, "macs2"), front: "name: macs2",
			examples: []string{"call peaks for chip.bam with control ctrl.bam, name run1", "callpeak -t chip.bam -c ctrl.bam -n run1"},
			task:     "call peaks for t.bam with control c.bam genome mm, name s1",
			want:     "macs2 callpeak -t t.bam -c c.bam -g mm -n s1"},
	})
}

// A value no flag takes leaves the command uncertain, named in the
// evidence; a literal the help quotes goes to that flag.
func TestValuesUnplacedAndLiterals(t *testing.T) {
	sk := inlineSkill(t, "name: pairtools", "parse aln.bam into out.pairs.gz", "parse -o out.pairs.gz aln.bam")
	f := MapTask(builtinRules, &ToolRecord{Name: "pairtools", Executable: "pairtools"}, goldenDoc(t, "pairtools"), sk, "parse a.bam into a.pairs.gz with the species mouse")
	if !slices.Contains(f.Unused, "mouse") || !f.Uncertain || !hasEvidence(f, "no flag fits the task's value mouse (species mouse)") {
		t.Errorf("unused %q uncertain %v evidence %q", f.Unused, f.Uncertain, f.Evidence)
	}
	fc := goldenDoc(t, "featureCounts")
	c := &candidate{exe: "featureCounts", key: "featureCounts", flags: fc.AllFlags(nil)}
	if fd, sp, ok := listingFlag(c, "SAF"); !ok || fd.Name != "-F" || sp != "SAF" {
		t.Errorf("SAF: %v %v", fd.Name, ok)
	}
	cnv := goldenDoc(t, "cnvkit")
	seg := &candidate{exe: "cnvkit", key: "segment", flags: cnv.AllFlags(&cnv.Subcommands[slices.IndexFunc(cnv.Subcommands, func(s SubcommandDoc) bool { return s.Name == "segment" })])}
	if fd, sp, ok := listingFlag(seg, "CBS"); !ok || sp != "cbs" || fd.Name != "--method" {
		t.Errorf("CBS: %v %q %v", fd.Name, sp, ok)
	}
	if _, _, ok := listingFlag(c, "GENE"); ok {
		t.Error("a literal no help quotes has no flag")
	}
	// a literal of the family the help writes (BLOSUM62) goes to that
	// flag; another family, or a number of the family alone, to none
	bp := goldenDoc(t, "blastp")
	bc := &candidate{exe: "blastp", key: "blastp", flags: bp.AllFlags(nil)}
	if fds, kin := familyFlags(bc, "BLOSUM45"); len(fds) != 1 || fds[0].Name != "-matrix" || kin != "BLOSUM62" {
		t.Errorf("BLOSUM45: %v %q", fds, kin)
	}
	for _, lit := range []string{"PAM30", "BLOSUM", "BL62"} {
		if fds, _ := familyFlags(bc, lit); len(fds) > 0 {
			t.Errorf("%s went to %s", lit, fds[0].Name)
		}
	}
	bm := newMapper(builtinRules, &ToolRecord{Name: "blastp", Executable: "blastp"}, bp, nil, "search q.faa with the BLOSUM45 matrix")
	fb := &Fill{Executable: "blastp", Flags: []FlagValue{{Name: "-query", Value: "q.faa", HasValue: true}}}
	bm.placeValues(fb, bc, map[string]bool{})
	if len(fb.Flags) != 2 || fb.Flags[1].Name != "-matrix" || fb.Flags[1].Value != "BLOSUM45" || !hasEvidence(&Fill{Evidence: bm.evidence}, "gave -matrix the task's value BLOSUM45 (a literal): -matrix's help writes BLOSUM62, of the same family") {
		t.Errorf("BLOSUM45 placed: %+v %q", fb.Flags, bm.evidence)
	}
	bcf := goldenDoc(t, "bcftools")
	view := &candidate{exe: "bcftools", key: "view", flags: bcf.AllFlags(&bcf.Subcommands[slices.IndexFunc(bcf.Subcommands, func(s SubcommandDoc) bool { return s.Name == "view" })])}
	m := newMapper(builtinRules, &ToolRecord{Name: "bcftools", Executable: "bcftools"}, bcf, nil, "keep only PASS records of x.vcf")
	fl := &Fill{Executable: "bcftools", Subcommand: []string{"view"}, Positionals: []string{"x.vcf"}}
	m.placeValues(fl, view, map[string]bool{})
	if len(fl.Flags) != 1 || fl.Flags[0].Value != "PASS" || !strings.HasPrefix(fl.Flags[0].Name, "-f") {
		t.Errorf("PASS: %+v", fl.Flags)
	}
	// the tool's own name is no value to place
	m = newMapper(builtinRules, &ToolRecord{Name: "makeblastdb", Executable: "makeblastdb"}, nil, nil, "x")
	if !m.valuePlaced(&Fill{}, "makeblastdb") || m.valuePlaced(&Fill{Flags: []FlagValue{{Name: "-m", Value: "a,b"}}}, "c") || !m.valuePlaced(&Fill{Positionals: []string{"k=b"}}, "b") {
		t.Error("valuePlaced")
	}
	if valueWords(task.Value{Text: "PASS", Shape: task.ShapeLiteral}) != "a literal" {
		t.Error("valueWords")
	}
}

// TestQuotes: a literal counts as listed only when quoted, closed by a
// quote or a comma.
func TestQuotes(t *testing.T) {
	for text, want := range map[string]bool{
		`one of 'SAF' or 'GTF'`: true,
		`keep "PASS,." sites`:   true,
		`the PASS filter`:       false,
		`'PASSED' only`:         false,
		`ends with 'PASS`:       false,
	} {
		if got := quotes(text, "PASS") || quotes(text, "SAF"); got != want {
			t.Errorf("quotes(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestTaskNameArrivesAsSpelled: a name the task gives ("sample name
// kidney", "experiment name tumorA") reaches the command as written, and a
// name derived from the task's input drops the example's own numbering
// (rsem's "sample1" for sample.fq gives k2 for k2.fq, not k21), while a
// tag after a separator stays (sample.sorted → k2.sorted).
func TestTaskNameArrivesAsSpelled(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	for _, c := range []struct{ tool, task, display string }{
		{"rsem-calculate-expression", "quantify the single-end reads kidney.fq against the reference ref/rat with 4 threads, sample name kidney", "rsem-calculate-expression -p 4 kidney.fq ref/rat kidney"},
		{"rsem-calculate-expression", "quantify the single-end reads k2.fq against the reference ref/rat with 4 threads", "rsem-calculate-expression -p 4 k2.fq ref/rat k2"},
		{"macs2", "call peaks on chip.bam with control input.bam, genome size hs, experiment name tumorA", "macs2 callpeak -t chip.bam -c input.bam -n tumorA"},
	} {
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		sk, _ := store.Get(c.tool)
		f := MapTask(builtinRules, rec, goldenDoc(t, c.tool), sk, c.task)
		if got := Assemble(rec, f).Display; got != c.display {
			t.Errorf("%s %q:\n got %s\nwant %s\n%s", c.tool, c.task, got, c.display, strings.Join(f.Evidence, "\n"))
		}
	}
	m := &mapper{}
	for _, c := range []struct{ v, want string }{{"sample1", "k2"}, {"sample.sorted", "k2.sorted"}, {"sample_quant", "k2_quant"}, {"other", "k2"}} {
		if got := m.nameFor(c.v, "sample.fq", "k2.fq"); got != c.want {
			t.Errorf("nameFor(%s) = %s, want %s", c.v, got, c.want)
		}
	}
}

// A value is no file: it goes to the flag whose help names it and says
// what it is used for (tantan's -x "letter to use for masking", filed
// under Input by its name), not to one that takes a file whose help holds
// the same word (-m "file for letter-pair score matrix").
func TestValueToNoFileFlag(t *testing.T) {
	cmd, f := mapHelpOnly(t, "tantan", "mask simple repeats in g.fa using the letter N for masking instead of lowercase, write g.masked.fa")
	if cmd != "tantan -x N g.fa > g.masked.fa" {
		t.Errorf("got %q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}

// The tool's own name written as a literal ("用 MACS2 根据…") is no value
// of its flags, whatever flag's help writes its family.
func TestToolNameIsNoValue(t *testing.T) {
	c := &candidate{exe: "macs2", key: "pileup", flags: []FlagDoc{{Name: "-f", ParamType: "string", Description: "Format of tag file, like BAM or MACS1"}}}
	m := newMapper(builtinRules, &ToolRecord{Name: "macs2", Executable: "macs2"}, nil, nil, "用 MACS2 计算 x.bam 的 pileup")
	byWord, byShape := m.valueMaps(c)
	if tg, ok := m.valueFlag(c, task.Value{Text: "MACS2", Shape: task.ShapeLiteral}, byWord, byShape); ok {
		t.Errorf("MACS2 went to %s", tg.name)
	}
	if tg, ok := m.valueFlag(c, task.Value{Text: "MACS3", Shape: task.ShapeLiteral}, byWord, byShape); !ok || tg.name != "-f" {
		t.Errorf("MACS3: %+v %v", tg, ok)
	}
}
