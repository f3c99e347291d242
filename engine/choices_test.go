package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// subFlags are the flags of a captured tool's subcommand ("" the tool's).
func subFlags(t *testing.T, tool, sub string) []FlagDoc {
	t.Helper()
	d := goldenDoc(t, tool)
	if sub == "" {
		return d.AllFlags(nil)
	}
	i := slices.IndexFunc(d.Subcommands, func(s SubcommandDoc) bool { return s.Name == sub })
	if i < 0 {
		t.Fatalf("%s has no %s", tool, sub)
	}
	return d.AllFlags(&d.Subcommands[i])
}

func TestChoicePairsOfCapturedHelp(t *testing.T) {
	cases := []struct{ tool, sub, flag, want string }{
		// "- a/b - x/y …" lists, slash groups shared out
		{"minimap2", "", "-x", `map-pb=PacBio CLR vs reference mapping|map-ont=PacBio Nanopore vs reference mapping|map-hifi=PacBio HiFi reads vs reference mapping|ava-pb=PacBio read overlap|ava-ont=Nanopore read overlap|asm5=asm-to-ref mapping, for ~0.1 sequence divergence|asm10=asm-to-ref mapping, for 1 sequence divergence|asm20=asm-to-ref mapping, for 5% sequence divergence`},
		// "u/b: un/compressed BCF" groups
		{"bcftools", "view", "-O", `u=uncompressed BCF|b=compressed BCF|v=uncompressed VCF|z=compressed VCF`},
		// "'b' compressed BCF; 'u' …"
		{"bcftools", "call", "-O", `b=compressed BCF|u=uncompressed BCF|z=compressed VCF|v=uncompressed VCF [v]`},
		// "{a2m=fa[sta],clu[stal],…}" placeholders with long forms
		{"clustalo", "", "--outfmt", `a2m=a2m fa fasta|clu=clu clustal|msf=msf`},
		// "'hs' for human"
		{"macs2", "callpeak", "-g", `hs=for human (2.7e9)|mm=for mouse (1.87e9)`},
		// "[DEL, INS, …]" that holds the default "(=ALL)"
		{"delly", "call", "-t", `DEL=DEL|INS=INS|DUP=DUP|INV=INV|BND=BND|ALL=ALL`},
		// "<snps|indels|both|…>"
		{"bcftools", "merge", "-m", `snps=snps|indels=indels|both=both`},
	}
	for _, c := range cases {
		fd, ok := LookupFlag(subFlags(t, c.tool, c.sub), c.flag)
		if !ok {
			t.Fatalf("%s %s", c.tool, c.flag)
		}
		var got []string
		for _, p := range choicePairs(fd) {
			got = append(got, p.value+"="+p.words)
		}
		want := strings.Split(c.want, "|")
		if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
			t.Errorf("%s %s: got %q, want %q first", c.tool, c.flag, got, want)
		}
	}
	if p := choicePairs(FlagDoc{Description: "number of threads"}); len(p) != 0 {
		t.Errorf("no list: %v", p)
	}
	// A bracket that is the default alone lists no choices.
	for _, sub := range []string{"consensus", "mpileup"} {
		fd, ok := LookupFlag(subFlags(t, "samtools", sub), "--ff")
		if !ok {
			t.Fatalf("samtools %s --ff", sub)
		}
		if slices.ContainsFunc(choicePairs(fd), func(p choicePair) bool { return p.value == "UNMAP" || p.value == "DUP" }) {
			t.Errorf("samtools %s --ff: %v", sub, choicePairs(fd))
		}
	}
	if d := defaultValue(FlagDoc{Description: "(=ALL) SV type"}); d != "ALL" {
		t.Errorf("default %q", d)
	}
	if d := defaultValue(FlagDoc{Description: "type: a|b [b]"}); d != "b" {
		t.Errorf("default %q", d)
	}
	// a number the help calls the default in prose (cd-hit -c, fastp -u)
	for desc, want := range map[string]string{
		"sequence identity threshold, default 0.9":          "0.9",
		"how many percents are allowed (0~100). Default 40": "40",
		"minimum member cover (default=80)":                 "80",
		"no default here":                                   "",
	} {
		if d := defaultValue(FlagDoc{Description: desc}); d != want {
			t.Errorf("default of %q: %q, want %q", desc, d, want)
		}
	}
}

// Words the meanings of many of a flag's values share tell none of them
// apart: "reads" in minimap2's presets, none of bcftools' output types.
func TestSharedPairWords(t *testing.T) {
	for _, c := range []struct {
		tool, sub, flag string
		shared          []string
		not             []string
	}{
		{"minimap2", "", "-x", []string{"read", "pacbio"}, []string{"splic", "nanopore"}},
		{"bcftools", "view", "-O", nil, []string{"compress", "uncompressed", "vcf", "bcf"}},
	} {
		fd, ok := LookupFlag(subFlags(t, c.tool, c.sub), c.flag)
		if !ok {
			t.Fatalf("%s %s", c.tool, c.flag)
		}
		got := sharedPairWords(choicePairs(fd))
		for _, w := range c.shared {
			if !got[w] {
				t.Errorf("%s %s: %q not shared in %v", c.tool, c.flag, w, got)
			}
		}
		for _, w := range c.not {
			if got[w] {
				t.Errorf("%s %s: %q shared", c.tool, c.flag, w)
			}
		}
	}
}

// The example's constant gives way to the listed value the task's words
// (beyond the example's) name.
func TestRechooseOnCapturedHelp(t *testing.T) {
	mm := &ToolRecord{Name: "minimap2", Executable: "minimap2"}
	bcf := &ToolRecord{Name: "bcftools", Executable: "bcftools"}
	mmEx := []string{"map nanopore reads reads.fq to ref.fa into aln.sam", "-a -x map-ont -o aln.sam ref.fa reads.fq"}
	asmEx := []string{"align contigs asm.fa to ref.fa with the asm5 preset into asm.paf", "-x asm5 -o asm.paf ref.fa asm.fa"}
	runAdaptCases(t, []adaptCase{
		{name: "HiFi", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: mmEx,
			task: "map PacBio HiFi reads hifi.fq to ref.fa into hifi.sam", want: "minimap2 -a -x map-hifi -o hifi.sam ref.fa hifi.fq",
			evidence: []string{"set -x map-hifi for the example's map-ont: the task's words fit its help (PacBio HiFi reads vs reference mapping)"}},
		{name: "CLR", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: mmEx,
			task: "map PacBio CLR reads pb.fq to ref.fa into pb.sam", want: "minimap2 -a -x map-pb -o pb.sam ref.fa pb.fq"},
		// the example's own words asked for its value: kept
		{name: "nanopore kept", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: mmEx,
			task: "map Oxford Nanopore reads r.fq to ref.fa with 4 threads into r.sam", want: "minimap2 -a -x map-ont -t 4 -o r.sam ref.fa r.fq"},
		// the task writes a listed value itself: that value
		{name: "named value", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: asmEx,
			task: "align contigs c.fa to ref.fa with the asm20 preset into o.paf", want: "minimap2 -x asm20 -o o.paf ref.fa c.fa",
			evidence: []string{"set -x asm20 for the example's asm5: the task names asm20, a value -x's help lists"}},
		// two named values choose neither: the example's stays
		{name: "two named values", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: asmEx,
			task: "align contigs c.fa to ref.fa with asm10 or asm20 into o.paf", want: "minimap2 -x asm5 -o o.paf ref.fa c.fa"},
		// a number one value's meaning holds names that value, and is used
		{name: "number in a meaning", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: asmEx,
			task: "align contigs c.fa to ref.fa (about 1% divergence) into o.paf", want: "minimap2 -x asm10 -o o.paf ref.fa c.fa",
			evidence: []string{"set -x asm10 for the example's asm5: the task's 1% is in its help (asm-to-ref mapping, for 1 sequence divergence)"}},
		{name: "number of the example's value", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: asmEx,
			task: "align contigs c.fa to ref.fa (about 0.1% divergence) into o.paf", want: "minimap2 -x asm5 -o o.paf ref.fa c.fa"},
		// a named value keeps the flag its task words would drop
		{name: "named value keeps the flag", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: mmEx,
			task: "map reads r.fq to ref.fa with the map-hifi preset into r.sam", want: "minimap2 -a -x map-hifi -o r.sam ref.fa r.fq"},
		{name: "compressed VCF", rec: bcf, doc: goldenDoc(t, "bcftools"), front: "name: bcftools",
			examples: []string{"view calls.vcf.gz as compressed BCF calls.bcf", "view -O b -o calls.bcf calls.vcf.gz"},
			task:     "view c.bcf as a bgzip-compressed VCF c.vcf.gz", want: "bcftools view -O z -o c.vcf.gz c.bcf"},
		// the example's value fits as well as another: it stays
		{name: "as well", rec: bcf, doc: goldenDoc(t, "bcftools"), front: "name: bcftools",
			examples: []string{"view calls.vcf.gz as BCF calls.bcf", "view -O b -o calls.bcf calls.vcf.gz"},
			task:     "view c.vcf.gz as compressed BCF c.bcf", want: "bcftools view -O b -o c.bcf c.vcf.gz"},
	})
}

// A listed value's meaning is met through the lexicon's senses: a task
// says it in Chinese or in other words ("小鼠" for macs2's "'mm' for
// mouse", "纳米孔" for minimap2's "Nanopore"), and a shared word (minimap2's
// "reads") or a root the example's task holds too ("splice") parts no
// values.
func TestChoiceMeaningsThroughSenses(t *testing.T) {
	mac := &ToolRecord{Name: "macs2", Executable: "macs2"}
	mm := &ToolRecord{Name: "minimap2", Executable: "minimap2"}
	macEx := []string{"call peaks on chip.bam against input.bam, name exp", "callpeak -t chip.bam -c input.bam -n exp"}
	runAdaptCases(t, []adaptCase{
		{name: "mouse in Chinese", rec: mac, doc: goldenDoc(t, "macs2"), front: "name: macs2", examples: macEx,
			task: "用 t.bam 和对照 c.bam 在小鼠基因组上找峰，实验名 s1", want: "macs2 callpeak -t t.bam -c c.bam -g mm -n s1"},
		{name: "no species", rec: mac, doc: goldenDoc(t, "macs2"), front: "name: macs2", examples: macEx,
			task: "用 t.bam 和对照 c.bam 找峰，实验名 s1", want: "macs2 callpeak -t t.bam -c c.bam -n s1"},
		// the example's value is kept: the task says its meaning in Chinese
		{name: "nanopore in Chinese", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2",
			examples: []string{"map nanopore reads ont.fq to ref.fa into aln.sam", "-a -x map-ont -o aln.sam ref.fa ont.fq"},
			task:     "把纳米孔 reads r.fq 比对到 ref.fa，输出 r.sam", want: "minimap2 -a -x map-ont -o r.sam ref.fa r.fq"},
		{name: "no nanopore", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2",
			examples: []string{"map nanopore reads ont.fq to ref.fa into aln.sam", "-a -x map-ont -o aln.sam ref.fa ont.fq"},
			task:     "把 reads r.fq 比对到 ref.fa，输出 r.sam", want: "minimap2 -a -o r.sam ref.fa r.fq"},
		{name: "shared and example words part no values", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2",
			examples: []string{"align PacBio Iso-Seq transcripts iso.fq to genome.fa with high-quality splice mode", "-a -x splice:hq -o aln.sam genome.fa iso.fq"},
			task:     "align the Iso-Seq reads i.fq to ref.fa with the high-quality splice preset into i.sam", want: "minimap2 -a -x splice:hq -o i.sam ref.fa i.fq"},
	})
}

// A flag whose help lists upper-case codes is added when a task word, or
// a sense of the task, begins with one of them: not the default, not a
// kind's name ("sample" is no SAM), not a word the help spells out as
// another ("categories" is no CATerpillar).
func TestCodedChoicesOnCapturedHelp(t *testing.T) {
	dl := &ToolRecord{Name: "delly", Executable: "delly"}
	iq := &ToolRecord{Name: "iqtree2", Executable: "iqtree2"}
	mac := &ToolRecord{Name: "macs2", Executable: "macs2"}
	dlEx := []string{"call structural variants in tumor.bam against ref.fa", "call -g ref.fa -o t.bcf tumor.bam"}
	iqEx := []string{"infer a tree from aln.fasta", "-s aln.fasta"}
	runAdaptCases(t, []adaptCase{
		{name: "deletions", rec: dl, doc: goldenDoc(t, "delly"), front: "name: delly", examples: dlEx,
			task: "call deletions only in p.bam with reference r.fa, write d.bcf", want: "delly call -g r.fa -t DEL -o d.bcf p.bam",
			evidence: []string{`added -t DEL: the task's "deletions" begins with DEL, a value its help lists`}},
		{name: "inversions in Chinese", rec: dl, doc: goldenDoc(t, "delly"), front: "name: delly", examples: dlEx,
			task: "用参考 r.fa 检测 p.bam 中的倒位，输出 d.bcf", want: "delly call -g r.fa -t INV -o d.bcf p.bam"},
		{name: "the default", rec: dl, doc: goldenDoc(t, "delly"), front: "name: delly", examples: dlEx,
			task: "call all structural variants in p.bam with reference r.fa, write d.bcf", want: "delly call -g r.fa -o d.bcf p.bam"},
		{name: "two codes", rec: dl, doc: goldenDoc(t, "delly"), front: "name: delly", examples: dlEx,
			task: "call deletions and insertions in p.bam with reference r.fa, write d.bcf", want: "delly call -g r.fa -o d.bcf p.bam"},
		{name: "spelled out", rec: iq, doc: goldenDoc(t, "iqtree2"), front: "name: iqtree2", examples: iqEx,
			task: "infer a tree from a.fasta starting from a random caterpillar tree", want: "iqtree2 -s a.fasta --rand CAT"},
		{name: "not the spelling", rec: iq, doc: goldenDoc(t, "iqtree2"), front: "name: iqtree2", examples: iqEx,
			task: "infer a tree from a.fasta using categories", want: "iqtree2 -s a.fasta"},
		{name: "a kind's name", rec: mac, doc: goldenDoc(t, "macs2"), front: "name: macs2",
			examples: []string{"call peaks on chip.bam, name exp", "callpeak -t chip.bam -n exp"},
			task:     "call peaks on the sample t.bam, name s1", want: "macs2 callpeak -t t.bam -n s1"},
	})
}

// A format flag the example lacks is added when the task names one of its
// listed values; a value the help lists is a constant with a source.
func TestNamedChoicesOnCapturedHelp(t *testing.T) {
	fc := &ToolRecord{Name: "featureCounts", Executable: "featureCounts"}
	cl := &ToolRecord{Name: "clustalo", Executable: "clustalo"}
	mp := &ToolRecord{Name: "metaphlan", Executable: "metaphlan"}
	runAdaptCases(t, []adaptCase{
		{name: "quoted value", rec: fc, doc: goldenDoc(t, "featureCounts"), front: "name: featureCounts",
			examples: []string{"count reads of aln.bam on genes.gtf into counts.txt", "-a genes.gtf -o counts.txt aln.bam"},
			task:     "count reads of chip.bam on the SAF file peaks.saf into pc.txt", want: "featureCounts -a peaks.saf -F SAF -o pc.txt chip.bam",
			evidence: []string{`added -F SAF: the task names "saf", a value its help lists`}},
		// --infmt lists clu too: the flag that writes takes it
		{name: "long form of a brace list", rec: cl, doc: goldenDoc(t, "clustalo"), front: "name: clustalo",
			examples: []string{"align seqs.fa into aln.fa", "-i seqs.fa -o aln.fa"},
			task:     "align s.fa into a.aln in Clustal format", want: "clustalo -i s.fa --outfmt clu -o a.aln"},
		// the default is not added; the tool's own name is no value
		{name: "default", rec: cl, doc: goldenDoc(t, "clustalo"), front: "name: clustalo",
			examples: []string{"align seqs.fa into aln.fa", "-i seqs.fa -o aln.fa"},
			task:     "align s.fa into a.fa as clustalo fasta", want: "clustalo -i s.fa -o a.fa"},
		// the example's choice has a source (the help lists it) and gives
		// way to the one the task names
		{name: "choices", rec: mp, doc: goldenDoc(t, "metaphlan"), front: "name: metaphlan",
			examples: []string{"profile s.fa into p.txt", "--input_type bowtie2out -o p.txt s.fa"},
			task:     "profile r.fa as fasta into q.txt", want: "metaphlan --input_type fasta -o q.txt r.fa"},
		{name: "a listed value has a source", rec: mp, doc: goldenDoc(t, "metaphlan"), front: "name: metaphlan",
			examples: []string{"profile s.fa into p.txt", "--input_type bowtie2out -o p.txt s.fa"},
			task:     "profile r.fa into q.txt", want: "metaphlan --input_type bowtie2out -o q.txt r.fa"},
	})
	if !listed(FlagDoc{Choices: []string{"a", "b"}}, "b") || listed(FlagDoc{Choices: []string{"a", "b"}}, "c") {
		t.Error("listed")
	}
}

// A value a task names by itself is distinctive: a digit or a joining
// mark, or a word of four letters or more that is no stop word, no word
// that is no value and not the tool's name.
func TestDistinctiveValues(t *testing.T) {
	m := newMapper(builtinRules, &ToolRecord{Name: "vsk", Executable: "vsk"}, nil, nil, "search q.fa")
	m.common = map[string]bool{"read": true}
	c := &candidate{exe: "vsk", key: "vsk"}
	for v, want := range map[string]bool{
		"asm20": true, "map-ont": true, "splice:hq": true, "plus": true, "minus": true,
		"sr": false, "the": false, "fasta": false, "reads": false, "vsk": false, "12": false, "with": false,
	} {
		if got := m.distinctive(v, c); got != want {
			t.Errorf("distinctive(%q) = %v", v, got)
		}
	}
	if !refines("splice:hq", "splice") || refines("asm20", "asm") || refines("map-ont", "map-hifi") {
		t.Error("refines")
	}
}

// The task naming the default of an example's listed value drops the
// flag: the tool's default applies.
func TestNamedDefaultDropsTheFlag(t *testing.T) {
	doc := vskDoc()
	rec := &doc.Record
	ex := []string{"search q.fa against db.fa on both strands into hits.txt", "--strand both --db db.fa -o hits.txt q.fa"}
	runAdaptCases(t, []adaptCase{
		{name: "default", rec: rec, doc: doc, front: "name: vsk", examples: ex,
			task: "search r.fa against d.fa with strand plus into h.txt", want: "vsk --db d.fa -o h.txt r.fa",
			evidence: []string{"dropped --strand both from the example: the task names plus, the default its help gives"}},
	})
}

// A flag whose help lists values covers the value the command sets and
// its meaning, and the help outside the list, not the other values: "with
// the asm20 preset" is not accounted for by -x asm5.
func TestFlagCoverOfListedValues(t *testing.T) {
	fd, ok := LookupFlag(subFlags(t, "minimap2", ""), "-x")
	if !ok {
		t.Fatal("minimap2 -x")
	}
	got := flagCover(fd, FlagValue{Name: "-x", Value: "asm5", HasValue: true})
	for _, w := range []string{"preset", "asm5", "asm", "ref", "divergence"} {
		if !got[stem(w)] {
			t.Errorf("-x asm5 does not cover %q", w)
		}
	}
	for _, w := range []string{"asm20", "asm10", "hifi", "nanopore", "splice"} {
		if got[w] {
			t.Errorf("-x asm5 covers %q", w)
		}
	}
	// A switch, or a help that lists no values, covers its whole help.
	if got := flagCover(fd, FlagValue{Name: "-x"}); !got["asm20"] || !got["hifi"] {
		t.Errorf("no value: %v", got)
	}
	plain := FlagDoc{Name: "--threads", Aliases: []string{"-t"}, Description: "number of worker processes"}
	if got := flagCover(plain, FlagValue{Name: "-t", Value: "4", HasValue: true}); !got["thread"] || !got["worker"] {
		t.Errorf("plain: %v", got)
	}
	// The task's word a listed value the command does not set leaves is
	// uncovered: the command is less sure than one that sets it.
	mm := &ToolRecord{Name: "minimap2", Executable: "minimap2"}
	sk := inlineSkill(t, "name: minimap2", "align contigs asm.fa to ref.fa with the asm5 preset into asm.paf", "-x asm5 -o asm.paf ref.fa asm.fa")
	task := "align contigs c.fa to ref.fa with asm10 or asm20 into o.paf"
	f := MapTask(builtinRules, mm, goldenDoc(t, "minimap2"), sk, task)
	if f.Features["uncovered_words"] == 0 {
		t.Errorf("%q: nothing uncovered (%v)", task, f.Features)
	}
}

// A listed value the task writes and the command does not set is an item
// without a place: the command is uncertain. Prose ("short reads" beside
// --cs short), a kind's name ("in BAM format") and a value the command
// sets are not.
func TestUnplacedListedValues(t *testing.T) {
	mm := &ToolRecord{Name: "minimap2", Executable: "minimap2"}
	asm := inlineSkill(t, "name: minimap2", "align contigs asm.fa to ref.fa with the asm5 preset into asm.paf", "-x asm5 -o asm.paf ref.fa asm.fa")
	plain := inlineSkill(t, "name: minimap2", "map reads reads.fq to ref.fa into aln.sam", "-a -o aln.sam ref.fa reads.fq")
	mac := &ToolRecord{Name: "macs2", Executable: "macs2"}
	macSk := inlineSkill(t, "name: macs2", "call peaks on chip.bam, name exp", "callpeak -t chip.bam -n exp")
	bc := &ToolRecord{Name: "bamCoverage", Executable: "bamCoverage"}
	vsk := &ToolRecord{Name: "vsk", Executable: "vsk"}
	vskSk := inlineSkill(t, "name: vsk", "search q.fa against db.fa into hits.txt", "--db db.fa -o hits.txt q.fa")
	bcSk := inlineSkill(t, "name: bamCoverage", "compute the coverage of in.bam into cov.bw", "-b in.bam -o cov.bw")
	for _, c := range []struct {
		rec    *ToolRecord
		doc    string
		sk     *skills.Skill
		task   string
		unused []string
	}{
		{mm, "minimap2", asm, "align contigs c.fa to ref.fa with asm10 or asm20 into o.paf", []string{"asm10", "asm20"}},
		{mm, "minimap2", asm, "align contigs c.fa to ref.fa with the asm20 preset into o.paf", nil},
		// a number the value's meaning holds is used by it
		{mm, "minimap2", asm, "align contigs c.fa to ref.fa (about 0.1% divergence) into o.paf", nil},
		{mm, "minimap2", plain, "map short reads r.fq to ref.fa into r.sam", nil},
		{mm, "minimap2", plain, "map reads r.fq to ref.fa with the map-hifi preset into r.sam", nil},
		{mac, "macs2", macSk, "call peaks on t.bam in BAM format, name s1", nil},
		// capitals as the help writes them; the default is no setting
		{vsk, "", vskSk, "search r.fa against d.fa with the slow-2 preset into h.txt", []string{"slow-2"}},
		{vsk, "", vskSk, "search r.fa against d.fa with the fast-1 preset into h.txt", nil},
		{bc, "bamCoverage", bcSk, "compute the coverage of a.bam into a.bw, normalized by RPKM", nil},
		{bc, "bamCoverage", bcSk, "compute the coverage of a.bam into a.bw, normalized by RPKM or RPGC", []string{"RPGC"}},
		{bc, "bamCoverage", bcSk, "compute the coverage of a.bam into a.bw, normalized by rpkm", nil},
	} {
		doc := vskDoc()
		if c.doc != "" {
			doc = goldenDoc(t, c.doc)
		}
		f := MapTask(builtinRules, c.rec, doc, c.sk, c.task)
		var got []string
		for _, u := range f.Unused {
			if FileType(u) == "" {
				got = append(got, u)
			}
		}
		if !slices.Equal(got, c.unused) {
			t.Errorf("%q: unused %q, want %q\nevidence %q", c.task, f.Unused, c.unused, f.Evidence)
		}
		if len(c.unused) > 0 && !f.Uncertain {
			t.Errorf("%q: not uncertain", c.task)
		}
	}
}

// vskDoc is the help of a small search tool whose --strand and --preset
// list their values, with defaults.
func vskDoc() *ToolDoc {
	return &ToolDoc{Record: ToolRecord{Name: "vsk", Executable: "vsk"}, Description: "search sequences against a database", Flags: []FlagDoc{
		{Name: "--strand", ParamType: "string", Category: "Algorithm", Default: "plus", Description: "strand to search: 'plus' forward strand only; 'both' forward and reverse strands"},
		{Name: "--preset", ParamType: "string", Category: "Algorithm", Default: "fast-1", Description: "search preset: 'fast-1' quick search; 'slow-2' thorough search; 'deep-3' deepest search"},
		{Name: "--rescore", ParamType: "string", Category: "Algorithm", Description: "rescoring: 'slow-2' exact; 'none' no rescoring"},
		{Name: "--db", ParamType: "file", Category: "Input", Description: "database FASTA file"},
		{Name: "-o", ParamType: "file", Category: "Output", Description: "output file"},
	}, Positionals: []PositionalDoc{{Position: 1, Name: "query.fa", Required: true}}}
}

// A flag the fill lacks is added when the task writes a value its help
// lists, from the help alone or beside an example that lacks it; not when
// two flags list the value or the task names two values of the flag.
func TestAddListedValues(t *testing.T) {
	mm := &ToolRecord{Name: "minimap2", Executable: "minimap2"}
	plain := []string{"map reads reads.fq to ref.fa into aln.sam", "-a -o aln.sam ref.fa reads.fq"}
	vsk := &ToolRecord{Name: "vsk", Executable: "vsk"}
	vskEx := []string{"search q.fa against db.fa into hits.txt", "--db db.fa -o hits.txt q.fa"}
	runAdaptCases(t, []adaptCase{
		{name: "beside an example", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: plain,
			task: "map reads r.fq to ref.fa with the map-hifi preset into r.sam", want: "minimap2 -a -x map-hifi -o r.sam ref.fa r.fq",
			evidence: []string{"added -x map-hifi: the task names map-hifi, a value its help lists"}},
		{name: "two flags list it", rec: vsk, doc: vskDoc(), front: "name: vsk", examples: vskEx,
			task: "search r.fa against d.fa with slow-2 into h.txt", want: "vsk --db d.fa -o h.txt r.fa"},
		{name: "two values of the flag", rec: vsk, doc: vskDoc(), front: "name: vsk", examples: vskEx,
			task: "search r.fa against d.fa with deep-3 or slow-2 into h.txt", want: "vsk --db d.fa -o h.txt r.fa"},
	})
	// from the help alone; a plain word only beside the flag's name
	for task, want := range map[string]string{
		"search r.fa with the deep-3 preset into h.txt": "--preset deep-3",
		"search r.fa on strand both into h.txt":         "--strand both",
		"search r.fa on both strands into h.txt":        "",
	} {
		f := MapTask(builtinRules, vsk, vskDoc(), nil, task)
		if got := Assemble(vsk, f).Display; want != "" && !strings.Contains(got, want) || want == "" && strings.Contains(got, "--strand") {
			t.Errorf("help alone: %q got %q, want %q\nevidence %q", task, got, want, f.Evidence)
		}
	}
	// a long run of quoted values is the list, not a few colons of prose
	fd, ok := LookupFlag(subFlags(t, "plotHeatmap", ""), "--colorMap")
	if !ok || !listed(fd, "viridis") || listed(fd, "here") {
		t.Errorf("plotHeatmap --colorMap: %v", choicePairs(fd))
	}
}

// Values are found as words of their own in any task text: Chinese and
// its punctuation part them, and the marks that join a value stay.
func TestValueTokens(t *testing.T) {
	got := valueTokens("注释 virus.fa（kingdom 设为 Viruses），用 asm20 预设; -x splice:hq.")
	want := []string{"virus.fa", "kingdom", "Viruses", "asm20", "x", "splice:hq"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A flag whose help lists no values takes, among the values the skill's
// examples give it, the one the task writes (--kingdom Viruses where the
// adapted example set Archaea).
func TestRechooseAmongExampleValues(t *testing.T) {
	rec := &ToolRecord{Name: "prokka", Executable: "prokka"}
	ex := []string{
		"annotate the archaeal genome arch.fa into arch_out, overwriting it", "--kingdom Archaea --outdir arch_out --force arch.fa",
		"annotate the phage genome phage.fasta", "--kingdom Viruses --outdir phage_out phage.fasta",
	}
	runAdaptCases(t, []adaptCase{
		{name: "an example's value", rec: rec, doc: goldenDoc(t, "prokka"), front: "name: prokka", examples: ex,
			task: "annotate the genome g.fa into g_out, overwriting it, kingdom 设为 Viruses", want: "prokka --kingdom Viruses --outdir g_out --force g.fa",
			evidence: []string{"set --kingdom Viruses for the example's Archaea: the task names Viruses, a value the skill's examples give --kingdom"}},
		// an output name the task gives is its own, whatever the examples
		{name: "a name", rec: rec, doc: goldenDoc(t, "prokka"), front: "name: prokka", examples: ex,
			task: "annotate the genome g.fa into phage_out, overwriting it, kingdom 设为 Viruses", want: "prokka --kingdom Viruses --outdir phage_out --force g.fa"},
	})
}

// TestEqualsChoices checks the values a help lists as "value = meaning"
// ("0 = Pairwise, …, 6 = Tabular"), kept to the values its placeholder
// lists when it lists them, and that an example's value whose meaning the
// task does not say is dropped though the task's words fit the flag's
// long help ("strand" for BLAST's -outfmt).
func TestEqualsChoices(t *testing.T) {
	fd := FlagDoc{Name: "-outfmt", Description: "alignment view options: 0 = Pairwise, 5 = BLAST XML, 6 = Tabular, 7 = Tabular with comment lines. Default = `0'"}
	var got []string
	for _, p := range choicePairs(fd) {
		got = append(got, p.value+"="+p.words)
	}
	if strings.Join(got, "|") != "0=Pairwise|5=BLAST XML|6=Tabular|7=Tabular with comment lines" {
		t.Errorf("pairs %q", got)
	}
	fd = FlagDoc{Name: "--norm", Choices: []string{"RPKM", "CPM", "None"}, Description: "by default none. RPKM = Reads Per Kilobase per Million; CPM = Counts Per Million; None = no scaling. This is slow. X = not a value"}
	got = nil
	for _, p := range choicePairs(fd) {
		got = append(got, p.value+"="+p.words)
	}
	if strings.Join(got, "|") != "RPKM=Reads Per Kilobase per Million|CPM=Counts Per Million|None=no scaling" {
		t.Errorf("pairs kept to the placeholder's %q", got)
	}
	sk := &skills.Skill{Name: "blastn", Examples: []skills.Example{{Task: "search short primers primers.fa against ref_db", Args: "-query primers.fa -db ref_db -outfmt 6 -out primer_hits.tsv"}}}
	checkCommands(t, "blastn", sk,
		taskCommand{"search only the plus strand of probe.fa against transcripts_db and write probe_plus.txt", "blastn -query probe.fa -db transcripts_db -strand plus -out probe_plus.txt"},
		taskCommand{"search probe.fa against transcripts_db, tabular output to probe.tsv", "blastn -query probe.fa -db transcripts_db -outfmt 6 -out probe.tsv"})
}

// TestHelpSaidChoice: a value of a choice flag of no Format category the
// task names is added when the task says enough more words of its help
// ("genes", "dUTP", "library" of bamCoverage's --filterRNAstrand), not
// on the value's word alone.
func TestHelpSaidChoice(t *testing.T) {
	checkCommands(t, "bamCoverage", nil,
		taskCommand{"coverage of reads from forward-strand genes only, stranded dUTP library x.bam, output x.fwd.bw", "bamCoverage -b x.bam -o x.fwd.bw --filterRNAstrand forward"},
		taskCommand{"coverage of the forward reads of x.bam, output x.bw", "bamCoverage -b x.bam -o x.bw"})
}

// A flag's help that names another flag ("required when using --single")
// does not account for the words of that flag's name: the other flag does.
func TestFlagCoverLeavesOtherFlagsNames(t *testing.T) {
	sd := FlagDoc{Name: "--sd", Aliases: []string{"-s"}, Description: "Estimated standard deviation of fragment length (default: -l, -s values are estimated from paired end data, but are required when using --single)"}
	got := flagCover(sd, FlagValue{Name: "-s", Value: "20", HasValue: true})
	if got["singl"] || got["single"] {
		t.Errorf("--sd covers the words of --single: %v", got)
	}
	for _, w := range []string{"deviation", "fragment", "paired", "required"} {
		if !got[stem(w)] {
			t.Errorf("--sd does not cover %q", w)
		}
	}
	if got := withoutFlagNames("(see -x and --no-foo), a -1 offset"); got != "(see and a -1 offset" {
		t.Errorf("withoutFlagNames: %q", got)
	}
}
