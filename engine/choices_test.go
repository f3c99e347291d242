package engine

import (
	"slices"
	"strings"
	"testing"
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
		{"minimap2", "", "-x", `map-pb=PacBio CLR vs reference mapping|map-ont=PacBio Nanopore vs reference mapping|map-hifi=PacBio HiFi reads vs reference mapping`},
		// "u/b: un/compressed BCF" groups
		{"bcftools", "view", "-O", `u=uncompressed BCF|b=compressed BCF|v=uncompressed VCF|z=compressed VCF`},
		// "'b' compressed BCF; 'u' …"
		{"bcftools", "call", "-O", `b=compressed BCF|u=uncompressed BCF|z=compressed VCF|v=uncompressed VCF [v]`},
		// "{a2m=fa[sta],clu[stal],…}" placeholders with long forms
		{"clustalo", "", "--outfmt", `a2m=a2m fa fasta|clu=clu clustal|msf=msf`},
		// "'hs' for human"
		{"macs2", "callpeak", "-g", `hs=for human (2.7e9)|mm=for mouse (1.87e9)`},
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
}

// The example's constant gives way to the listed value the task's words
// (beyond the example's) name.
func TestRechooseOnCapturedHelp(t *testing.T) {
	mm := &ToolRecord{Name: "minimap2", Executable: "minimap2"}
	bcf := &ToolRecord{Name: "bcftools", Executable: "bcftools"}
	mmEx := []string{"map nanopore reads reads.fq to ref.fa into aln.sam", "-a -x map-ont -o aln.sam ref.fa reads.fq"}
	runAdaptCases(t, []adaptCase{
		{name: "HiFi", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: mmEx,
			task: "map PacBio HiFi reads hifi.fq to ref.fa into hifi.sam", want: "minimap2 -a -x map-hifi -o hifi.sam ref.fa hifi.fq",
			evidence: []string{"set -x map-hifi for the example's map-ont: the task's words fit its help (PacBio HiFi reads vs reference mapping)"}},
		{name: "CLR", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: mmEx,
			task: "map PacBio CLR reads pb.fq to ref.fa into pb.sam", want: "minimap2 -a -x map-pb -o pb.sam ref.fa pb.fq"},
		// the example's own words asked for its value: kept
		{name: "nanopore kept", rec: mm, doc: goldenDoc(t, "minimap2"), front: "name: minimap2", examples: mmEx,
			task: "map Oxford Nanopore reads r.fq to ref.fa with 4 threads into r.sam", want: "minimap2 -a -x map-ont -o r.sam -t 4 ref.fa r.fq"},
		{name: "compressed VCF", rec: bcf, doc: goldenDoc(t, "bcftools"), front: "name: bcftools",
			examples: []string{"view calls.vcf.gz as compressed BCF calls.bcf", "view -O b -o calls.bcf calls.vcf.gz"},
			task:     "view c.bcf as a bgzip-compressed VCF c.vcf.gz", want: "bcftools view -O z -o c.vcf.gz c.bcf"},
		// the example's value fits as well as another: it stays
		{name: "as well", rec: bcf, doc: goldenDoc(t, "bcftools"), front: "name: bcftools",
			examples: []string{"view calls.vcf.gz as BCF calls.bcf", "view -O b -o calls.bcf calls.vcf.gz"},
			task:     "view c.vcf.gz as compressed BCF c.bcf", want: "bcftools view -O b -o c.bcf c.vcf.gz"},
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
			task:     "count reads of chip.bam on the SAF file peaks.saf into pc.txt", want: "featureCounts -a peaks.saf -o pc.txt -F SAF chip.bam",
			evidence: []string{`added -F SAF: the task names "saf", a value its help lists`}},
		// --infmt lists clu too: the flag that writes takes it
		{name: "long form of a brace list", rec: cl, doc: goldenDoc(t, "clustalo"), front: "name: clustalo",
			examples: []string{"align seqs.fa into aln.fa", "-i seqs.fa -o aln.fa"},
			task:     "align s.fa into a.aln in Clustal format", want: "clustalo -i s.fa -o a.aln --outfmt clu"},
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
