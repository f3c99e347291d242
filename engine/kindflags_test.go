package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestKindFlagsFromHelp checks on captured helps, with and without an
// example, that a kind the task asks for reaches the command through the
// flag whose help names it, and that a kind the tool reads or writes by
// default, or one a help names only in passing, adds nothing.
func TestKindFlagsFromHelp(t *testing.T) {
	hisatEx := []string{"align reads r.fq to the index idx and write a.sam", "-x idx -U r.fq -S a.sam"}
	for _, tc := range []struct {
		tool, task string
		ex         []string
		want, not  []string
	}{
		// The task names the kind; the help's -q (FASTQ) is the default.
		{"hisat2", "align the FASTA-format reads in reads.fa to the index genome_idx and write reads.sam", hisatEx, []string{"-f"}, []string{"-q"}},
		{"hisat2", "align the FASTA-format reads in reads.fa to the index genome_idx and write reads.sam", nil, []string{"-f"}, []string{"-q"}},
		// The input's extension alone asks, since another kind is the default.
		{"hisat2", "align reads.fa to the index genome_idx and write reads.sam", hisatEx, []string{"-f"}, nil},
		{"hisat2", "把 FASTA 格式的 reads.fa 比对到索引 idx,输出 out.sam", hisatEx, []string{"-f"}, nil},
		// The default kind needs no switch; --reorder names SAM in passing.
		{"hisat2", "map single-end reads reads.fq.gz to the index genome_idx, SAM output to reads.sam", hisatEx, nil, []string{"-f", "-q", "--reorder"}},
		// A listed value: "Specify output format (json, tsv)".
		{"samtools", "give me the flag statistics of a.bam as JSON, save to a.json", nil, []string{"-O json"}, nil},
		{"samtools", "report the flag statistics of tumor.bam in TSV format, save to tumor.tsv", nil, []string{"-O tsv"}, nil},
		{"samtools", "count the flags of normal.bam and save the report to normal.txt", nil, nil, []string{"-O"}},
		// The example's switch for the default kind gives way.
		{"hisat2", "align the FASTA reads in reads.fa to the index genome_idx and write reads.sam", []string{"align the reads r.fq to the index idx and write a.sam", "-q -x idx -U r.fq -S a.sam"}, []string{"-f"}, []string{"-q"}},
		// The words of the input's kind do not ask for the output switch
		// the help marks as the default ("-m: output a multi fasta
		// alignment file (default)").
		{"snp-sites", "write a VCF of the SNPs in the multi-FASTA alignment core.aln to core.vcf", nil, []string{"-v"}, []string{"-m"}},
		// The output's extension asks when the help names another default:
		// "-a: output in the SAM format (PAF by default)".
		{"minimap2", "map reads.fq to ref.fa, output aln.sam", nil, []string{"-a"}, nil},
		{"minimap2", "map reads.fq to ref.fa, output aln.paf", nil, nil, []string{"-a"}},
		{"bamCoverage", "compute the coverage of chip.bam as a bedGraph file chip.bedgraph", nil, []string{"-of bedgraph"}, nil},
		{"bamCoverage", "compute the coverage of chip.bam into chip.bw", nil, nil, []string{"--outFileFormat"}},
		// A kind of the input's family named after the input asks for the
		// output's kind: the task converts ("to GTF"); the flag the word
		// names (--gtf of the usage line) is added, as -T would write it.
		{"gffread", "convert the GFF3 annotation genes.gff3 to GTF, write genes.gtf", nil, []string{"--gtf"}, []string{"-T"}},
		{"gffread", "extract the transcripts of genes.gff3 from genome.fa into tx.fa", nil, nil, []string{"--gtf", "-T"}},
		// "--help <fmt>" lists kinds but prints help: it writes none.
		{"gff2bed", "Convert the GFF3 annotation cattle_genes.gff3 to sorted BED and save it as cattle_genes.bed", nil, nil, []string{"--help"}},
	} {
		doc := goldenDoc(t, tc.tool)
		rec := &ToolRecord{Name: tc.tool, Executable: tc.tool}
		doc.Record = *rec
		var f *Fill
		if tc.ex != nil {
			f = MapTask(builtinRules, rec, doc, inlineSkill(t, "name: "+tc.tool, tc.ex...), tc.task)
		} else {
			f = MapTask(builtinRules, rec, doc, nil, tc.task)
		}
		line := " " + strings.Join(Assemble(rec, f).Args, " ") + " "
		for _, w := range tc.want {
			if !strings.Contains(line, " "+w+" ") {
				t.Errorf("%s %q (example %v): %s lacks %s\n%s", tc.tool, tc.task, tc.ex != nil, line, w, strings.Join(f.Evidence, "\n"))
			}
		}
		for _, w := range tc.not {
			if strings.Contains(line, " "+w+" ") {
				t.Errorf("%s %q (example %v): %s has %s\n%s", tc.tool, tc.task, tc.ex != nil, line, w, strings.Join(f.Evidence, "\n"))
			}
		}
	}
}

// TestKindTwoFlagsAlikeIsUnmet checks that a kind two flags' helps name
// alike adds neither, and is recorded as unmet (the command may lack
// it), while a kind one flag names is added and records nothing.
func TestKindTwoFlagsAlikeIsUnmet(t *testing.T) {
	doc := &ToolDoc{Record: ToolRecord{Name: "rep", Executable: "rep"}, Flags: []FlagDoc{
		{Name: "--in", ParamType: "file", Description: "input file"},
		{Name: "--summary-format", ParamType: "string", Description: "write the summary in this output format (json, tsv)"},
		{Name: "--detail-format", ParamType: "string", Description: "write the details in this output format (json, html)"},
	}}
	rec := &doc.Record
	f := MapTask(builtinRules, rec, doc, nil, "report on data.bam as JSON")
	args := Assemble(rec, f).Args
	if slices.Contains(args, "json") || f.Features["unmet_kind"] != 1 {
		t.Errorf("two flags name JSON: %q, unmet_kind %v\n%s", args, f.Features["unmet_kind"], strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "report on data.bam as HTML")
	args = Assemble(rec, f).Args
	if !slices.Contains(args, "html") || f.Features["unmet_kind"] != 0 {
		t.Errorf("one flag names HTML: %q, unmet_kind %v\n%s", args, f.Features["unmet_kind"], strings.Join(f.Evidence, "\n"))
	}
}

// TestKindPairsReadsRuns checks the runs of values a format flag's help
// lists in prose, and that a run naming fewer than two kinds is none.
func TestKindPairsReadsRuns(t *testing.T) {
	for _, tc := range []struct {
		desc string
		want []string
	}{
		{"Specify output format (json, tsv)", []string{"json", "tsv"}},
		{"Results are saved to a file that is in one of the following formats: CORE, SAM and BAM.", []string{"CORE", "SAM", "BAM"}},
		{"output format: TAB, MAF, BlastTab, BlastTab+ (default: MAF)", []string{"TAB", "MAF", "BlastTab", "BlastTab+"}},
		{"number of threads (min, max)", nil},
	} {
		var got []string
		for _, p := range kindPairs(FlagDoc{Name: "-x", ParamType: "string", Description: tc.desc}) {
			got = append(got, p.value)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.desc, got, tc.want)
		}
	}
	if d := kindDefault(FlagDoc{Description: "Select output format (gbk, gff, or sco). Default is gbk."}); d != "gbk" {
		t.Errorf("default %q, want gbk", d)
	}
}

// TestCompressedValue: an output the task writes compressed (y.vcf.gz)
// asks for the one value whose meaning names its kind compressed
// (bcftools -O z "compressed VCF"); an uncompressed one (y.vcf) asks for
// none: the default writes it.
func TestCompressedValue(t *testing.T) {
	checkCommands(t, "bcftools", nil,
		taskCommand{"call variants from x.bcf with the multiallelic caller into y.vcf.gz", "bcftools call -o y.vcf.gz -O z -m -v x.bcf"},
		taskCommand{"call variants from x.bcf with the multiallelic caller into y.vcf", "bcftools call -o y.vcf -m -v x.bcf"})
}

// TestCompressedValueWholeWord: "uncompressed" holds no compressed_word
// as a whole word, so a value meaning "uncompressed VCF" is never the
// one a .vcf.gz output asks for.
func TestCompressedValueWholeWord(t *testing.T) {
	fd := FlagDoc{Name: "-O", ParamType: "choice", Placeholder: "u|z", Default: "z", Category: "Format",
		Description: "Output type: 'u' uncompressed VCF; 'z' compressed VCF [z]", Choices: []string{"u", "z"}}
	m := newMapper(builtinRules, &ToolRecord{Name: "t", Executable: "t"}, nil, nil, "write x.bcf into y.vcf.gz")
	f := &Fill{}
	m.addCompressedValue(f, &candidate{exe: "t", key: "t", flags: []FlagDoc{fd}}, map[string]bool{})
	if len(f.Flags) != 0 {
		t.Errorf("flags %+v", f.Flags)
	}
	fd.Default = "u"
	fd.Description = "Output type: 'u' uncompressed VCF [u]; 'z' compressed VCF"
	m.addCompressedValue(f, &candidate{exe: "t", key: "t", flags: []FlagDoc{fd}}, map[string]bool{})
	if len(f.Flags) != 1 || f.Flags[0].Value != "z" {
		t.Errorf("flags %+v", f.Flags)
	}
}
