package task

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/rules"
)

func TestParse(t *testing.T) {
	cases := []struct{ task, want string }{
		{"sort aln.bam by coordinate with 8 threads into aln.sorted.bam",
			`{"files":[{"path":"aln.bam","type":"bam","pos":1},{"path":"aln.sorted.bam","type":"bam","output":true,"role":"output","pos":8}],"numbers":[{"value":"8","context":["by","coordinate","with","threads","into"],"pos":5}]}`},
		{"align reads_R1.fastq.gz reads_R2.fastq.gz to ref.fa, -k 31, use 2G memory",
			`{"files":[{"path":"reads_R1.fastq.gz","type":"fastq","compression":"gz","pos":1},{"path":"reads_R2.fastq.gz","type":"fastq","compression":"gz","pos":2},{"path":"ref.fa","type":"fasta","role":"reference","pos":4}],"numbers":[{"value":"2G","context":["use","memory"],"unit":"G","pos":8}],"user_flags":[{"key":"-k","value":"31"}]}`},
		// A number's words stay in its clause and with the nearer number.
		{"assemble r.fq, minimum contig length 1000, 8 threads",
			`{"files":[{"path":"r.fq","type":"fastq","pos":1}],"numbers":[{"value":"1000","context":["minimum","contig","length"],"pos":5},{"value":"8","context":["threads"],"pos":6}]}`},
		{"fragment length 200 and standard deviation 20",
			`{"numbers":[{"value":"200","context":["fragment","length","and"],"pos":2},{"value":"20","context":["standard","deviation"],"pos":6}]}`},
		{"extract chr1:100-2,000 from in.bam, K=5, read group '@RG\\tID:s1'",
			`{"files":[{"path":"in.bam","type":"bam","pos":3}],"numbers":[{"value":"5","context":["k"],"pos":4}],"regions":["chr1:100-2,000"],"quoted":["@RG\\tID:s1"],"kv":[{"key":"K","value":"5"}]}`},
		{"对aln.bam排序，使用8个线程，输出到 out.bam",
			`{"files":[{"path":"aln.bam","type":"bam","pos":1},{"path":"out.bam","type":"bam","output":true,"role":"output","pos":7}],"numbers":[{"value":"8","context":["threads"],"pos":-1}]}`},
		// scientific notation is a number (an e-value), with no unit
		{"hits.tsv at e-value 1e-10 or 2.5E+3",
			`{"files":[{"path":"hits.tsv","type":"table","pos":0}],"numbers":[{"value":"1e-10","context":["at","e-value","or"],"pos":3},{"value":"2.5E+3","context":["or"],"pos":5}]}`},
		// a unit whose Latin letters stand apart from the Chinese ("个 CPU")
		// is read; a number before a unit the lexicon does not know stays a
		// number of its own
		{"使用 4 个 CPU 处理 6 个样本",
			`{"numbers":[{"value":"4","context":["threads"],"pos":-1},{"value":"6","context":["cpu","处理","个样本"],"pos":5}],"values":[{"text":"CPU","shape":"literal","pos":3}]}`},
		// full-width brackets and colons end a file name as a space does
		{"宏基因组物种组成分析：输入 contigs.fasta（fasta 格式），结果写到 contigs_profile.txt",
			`{"files":[{"path":"contigs.fasta","type":"fasta","pos":2},{"path":"contigs_profile.txt","type":"text","output":true,"role":"output","pos":6}]}`},
		// "输出到" (output to) names a destination even for an annotation
		// kind, which "比对到" (align to) would make a reference
		{"预测 genome.fa 中的 rRNA 基因，输出到 rrna.gff",
			`{"files":[{"path":"genome.fa","type":"fasta","pos":1},{"path":"rrna.gff","type":"gff","output":true,"role":"output","pos":6}]}`},
		{"build index for genome.fa named genome_idx",
			`{"files":[{"path":"genome.fa","type":"fasta","pos":3}],"names":["genome_idx"]}`},
		{"", `{}`},
		// A comparison sign glued to a number parts from it: the number
		// is read, with the sign as its bound.
		{"keep hits of a.tsv with ≥40% identity",
			`{"files":[{"path":"a.tsv","type":"table","pos":3}],"numbers":[{"value":"40%","context":["hits","of","with","≥","identity"],"unit":"%","pos":6,"limit":"low"}]}`},
		// "build x from y": x is what is made, an index too when the
		// verb that makes it stands right before (kallisto index's -i
		// "… index to be constructed" writes it).
		{"build the assembly graph asm.gfa from the reads r.fq",
			`{"files":[{"path":"asm.gfa","type":"file","output":true,"role":"output","pos":4},{"path":"r.fq","type":"fastq","pos":8}]}`},
		{"build the index tx.idx from tx.fa",
			`{"files":[{"path":"tx.idx","type":"index","output":true,"role":"output","pos":3},{"path":"tx.fa","type":"fasta","pos":5}]}`},
		// "create x for y", "make x of y": what is made comes first.
		{"create the sequence dictionary ref.dict for the reference ref.fa",
			`{"files":[{"path":"ref.dict","type":"dict","output":true,"role":"output","pos":4},{"path":"ref.fa","type":"fasta","role":"reference","pos":8}]}`},
		{"make the summary table stats.tsv of the run in run.log",
			`{"files":[{"path":"stats.tsv","type":"table","output":true,"role":"output","pos":4},{"path":"run.log","type":"text","pos":9}]}`},
		// "Make x": a file right after a verb that makes one is written.
		{"the reads are in a_R1.fastq and a_R2.fastq. Make interleaved.fq",
			`{"files":[{"path":"a_R1.fastq","type":"fastq","pos":4},{"path":"a_R2.fastq","type":"fastq","pos":6},{"path":"interleaved.fq","type":"fastq","output":true,"role":"output","pos":8}]}`},
		{"use genome.fa to build the index",
			`{"files":[{"path":"genome.fa","type":"fasta","pos":1}]}`},
		// "save … in x" ending its clause names where the result goes;
		// "write the reads in x to y" reads x.
		{"keep the mapped alignments of a.bam and save them as BAM in b.bam",
			`{"files":[{"path":"a.bam","type":"bam","pos":5},{"path":"b.bam","type":"bam","output":true,"role":"output","pos":12}]}`},
		{"write the reads in x.bam to y.fq",
			`{"files":[{"path":"x.bam","type":"bam","pos":4},{"path":"y.fq","type":"fastq","output":true,"role":"output","pos":6}]}`},
		// "results in x" names where the results go; a file named again is
		// one file.
		{"find hits between a.faa and b.faa, results in hits.m8",
			`{"files":[{"path":"a.faa","type":"fasta","pos":3},{"path":"b.faa","type":"fasta","pos":5},{"path":"hits.m8","type":"table","output":true,"role":"output","pos":8}]}`},
		{"compress x.sam into x.sam.gz, keeping x.sam",
			`{"files":[{"path":"x.sam","type":"sam","pos":1},{"path":"x.sam.gz","type":"sam","output":true,"role":"output","compression":"gz","pos":3}]}`},
		// A redirection and a pipe the user typed are kept as written.
		{"view in.bam > out.sam", `{"files":[{"path":"in.bam","type":"bam","pos":1}],"redirect":"out.sam","commands":[{"text":"view in.bam","words":["view","in.bam"],"redirect":"out.sam"}]}`},
		{"view in.bam >> out.sam && index out.sam > log", `{"files":[{"path":"in.bam","type":"bam","pos":1}],"redirect":"out.sam","append":true,"pipe":"index out.sam \u003e log","commands":[{"text":"view in.bam","words":["view","in.bam"],"redirect":"out.sam","append":true},{"op":"\u0026\u0026","text":"index out.sam","words":["index","out.sam"],"redirect":"log"}]}`},
		{"keep reads of in.bam with quality > 30", `{"files":[{"path":"in.bam","type":"bam","pos":3}],"numbers":[{"value":"30","context":["with","quality","\u003e"],"pos":7,"limit":"low"}]}`},
		{"view in.bam | samtools sort -", `{"files":[{"path":"in.bam","type":"bam","pos":1}],"pipe":"samtools sort -","commands":[{"text":"view in.bam","words":["view","in.bam"]},{"op":"|","text":"samtools sort -","words":["samtools","sort","-"]}]}`},
		{"view in.bam | sort -k3 | gzip > x.gz", `{"files":[{"path":"in.bam","type":"bam","pos":1}],"pipe":"sort -k3 | gzip \u003e x.gz","commands":[{"text":"view in.bam","words":["view","in.bam"]},{"op":"|","text":"sort -k3","words":["sort","-k3"]},{"op":"|","text":"gzip","words":["gzip"],"redirect":"x.gz"}]}`},
	}
	for _, c := range cases {
		b, _ := json.Marshal(Parse(c.task))
		if string(b) != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.task, b, c.want)
		}
	}
}

func TestWordsAndKinds(t *testing.T) {
	if IsName("a b") || IsName("") || !IsName("genome_idx-2.v1/x") {
		t.Error("isName")
	}
	for w, want := range map[string]bool{"the": true, "bam": true, "sorted": true, "reads": false} {
		if fillerWord(w) != want {
			t.Errorf("fillerWord(%q) = %v", w, !want)
		}
	}
	// Paired files written "a/b" split; real paths do not.
	if got := splitPairs([]string{"r_1.fq/r_2.fq", "/abs/r_1.fq", "dir/x.fq"}); !slices.Equal(got, []string{"r_1.fq", "r_2.fq", "/abs/r_1.fq", "dir/x.fq"}) {
		t.Errorf("splitPairs %q", got)
	}
	if !Stopword("the") || Stopword("sort") {
		t.Error("Stopword")
	}
	if k, ok := KindOfWord("fastq"); !ok || k != "fastq" {
		t.Error("KindOfWord")
	}
	if !HoldsSequences("fasta") || !HoldsSequences("fastq") || HoldsSequences("bam") {
		t.Error("HoldsSequences")
	}
	for in, want := range map[string]string{"bam": "alignment-reads", "gz": "file", "json": "text", "alignment": "fasta", "vcf": "vcf"} {
		if got := Family(in); got != want {
			t.Errorf("Family(%q) = %q", in, got)
		}
	}
	if compression("a.fq.bz2") != "bz2" || compression(".gz") != "" || compression("a.bam") != "" {
		t.Error("compression")
	}
}

// TestParseRoles covers how words give files their role and bare words
// their place as names.
func TestParseRoles(t *testing.T) {
	type want struct {
		inputs, outputs, names []string
	}
	paths := func(fs []File) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Path)
		}
		return out
	}
	for task, w := range map[string]want{
		"search q.fa against genome_db, save it to hits.tsv":  {[]string{"q.fa"}, []string{"hits.tsv"}, []string{"genome_db"}},
		"filter long reads and write them to long.fa":         {nil, []string{"long.fa"}, nil},
		"filter in.fa, write the unique sequences to uniq.fa": {[]string{"in.fa"}, []string{"uniq.fa"}, nil},
		// an aside in parentheses does not take the verb further away
		"write the spliced transcript (exon) sequences to t.fa":     {nil, []string{"t.fa"}, nil},
		"write the spliced transcript exon fasta sequences to t.fa": {[]string{"t.fa"}, nil, nil},
		"write the reads of in.fa aligned to ref.fa":                {[]string{"in.fa", "ref.fa"}, nil, nil},
		"align reads.fq to ref.fa":                                  {[]string{"reads.fq", "ref.fa"}, nil, nil},
		"split into a.fq and b.fq":                                  {nil, []string{"a.fq", "b.fq"}, nil},
		// words prose pairs by a slash are no path; other words are
		"count TTTT in x.bed ignoring upper/lower case, up/downstream": {[]string{"x.bed"}, nil, nil},
		"list the files of data/raw":                                   {[]string{"data/raw"}, nil, nil},
		// lower-case words by a slash before the noun they qualify are
		// prose; a path before the word that calls it a directory, or
		// tags in capitals, are not
		"align e.fa to g.fa to get its exon/intron structure":    {[]string{"e.fa", "g.fa"}, nil, nil},
		"list the files of data/raw directory":                   {[]string{"data/raw"}, nil, nil},
		"strip the INFO/DP and FORMAT/AD annotations from c.vcf": {[]string{"INFO/DP", "FORMAT/AD", "c.vcf"}, nil, nil},
		// "fall into" says where a thing lies: a file read
		"cut a.bed where it falls into dups.bed, write b.bed": {[]string{"a.bed", "dups.bed"}, []string{"b.bed"}, nil},
		"merge a.bed into b.bed":                              {[]string{"a.bed"}, []string{"b.bed"}, nil},
		"quantify r_1.fq/r_2.fq with results in s_quant":      {[]string{"r_1.fq", "r_2.fq"}, nil, []string{"s_quant"}},
		"build the index idx from g.fa, name it prot_db":      {[]string{"g.fa"}, nil, []string{"idx", "prot_db"}},
		"convert x.sam to BAM as compressed one-sample y.bam": {[]string{"x.sam"}, []string{"y.bam"}, nil},
		"save as \"my out.vcf\" the calls of \"in put.bam\"":  {[]string{"in put.bam"}, []string{"my out.vcf"}, nil},
		"index 输出到目录 idx_dir 和前缀 hg38":                        {nil, nil, []string{"idx_dir", "hg38"}},
		"list pgen/pvar/psam files of data/raw --out=res -t":  {[]string{"data/raw"}, nil, nil},
		"sort x.bam by read name output":                      {[]string{"x.bam"}, nil, nil},
		"use the fasta with reads from x.fq, then the sorted": {[]string{"x.fq"}, nil, nil},
		"index indexing ref.fa":                               {[]string{"ref.fa"}, nil, nil},
		"into the":                                            {nil, nil, nil},
		"map to idx_1 on hg19_v2 vs chr_db":                   {nil, nil, []string{"idx_1", "hg19_v2", "chr_db"}},
		"convert reads.fq into one single-file aln.bam":       {[]string{"reads.fq"}, []string{"aln.bam"}, nil},
		// An opening preposition names the subject; the same word ending
		// a verb names a destination.
		"为 variants.vcf.gz 建立 tabix 索引": {[]string{"variants.vcf.gz"}, nil, nil},
		"为 \"v s.vcf.gz\" 建立索引":         {[]string{"v s.vcf.gz"}, nil, nil},
		"把 aln.bam 排序为 aln.sorted.bam":  {[]string{"aln.bam"}, []string{"aln.sorted.bam"}, nil},
		// A noun of name_noun says whose name a bare word is: after "name",
		// or alone when the word ends its clause.
		"quantify x.fq, sample name liver":                {[]string{"x.fq"}, nil, []string{"liver"}},
		"quantify x.fq, sample ctrl, 4 threads":           {[]string{"x.fq"}, nil, []string{"ctrl"}},
		"prepend the sample name so samples do not clash": {nil, nil, nil},
		"sample reads from x.fq":                          {[]string{"x.fq"}, nil, nil},
		// The file's own kind before it is a filler word.
		"combine a.msh and b.msh into a single sketch c.msh": {[]string{"a.msh", "b.msh"}, []string{"c.msh"}, nil},
		// Chinese words between an output marker and its file: the file
		// word, a compressor and a short run ending in 的 describe it; a
		// longer run is no filler.
		"比对 r.fq,输出 SAM 文件 out.sam":                    {[]string{"r.fq"}, []string{"out.sam"}, nil},
		"合并 a.vcf.gz 和 b.vcf.gz,输出 bgzip 压缩的 m.vcf.gz": {[]string{"a.vcf.gz", "b.vcf.gz"}, []string{"m.vcf.gz"}, nil},
		"输出 x.bam 中所有未比对上的 y.bam":                      {[]string{"y.bam"}, []string{"x.bam"}, nil},
		"定量 r.fq,结果放在 q_out":                           {[]string{"r.fq"}, nil, []string{"q_out"}},
		// A capitalised word before a noun names a kind of thing, unless a
		// name marker comes before it.
		"从 p.hmm 里取出名为 Pkinase 的模型,保存为 k.hmm": {[]string{"p.hmm"}, []string{"k.hmm"}, []string{"Pkinase"}},
		"从 a.fa 生成 MinHash 草图":                {[]string{"a.fa"}, nil, nil},
		// A conjunction after a name word opens a clause; it names nothing.
		"build a CSI index (instead of BAI) for big.bam":  {[]string{"big.bam"}, nil, nil},
		"create it in the directory if it does not exist": {nil, nil, nil},
		// a number and stop words do not take the writing verb further away
		"write ORFs of at least 50 aa to orfs.fa":                         {nil, []string{"orfs.fa"}, []string{"ORFs"}},
		"write the reads of sample seven that mapped very well to ref.fa": {[]string{"ref.fa"}, nil, nil},
		// "and" before a word that is no file ends the storing clause
		"put the display in d.txt and write the ORFs to o.fa": {nil, []string{"d.txt", "o.fa"}, nil},
		"put the reads in a.bam and b.bam into c.bam":         {[]string{"a.bam", "b.bam"}, []string{"c.bam"}, nil},
	} {
		f := Parse(task)
		if !slices.Equal(paths(f.Inputs()), w.inputs) || !slices.Equal(paths(f.Outputs()), w.outputs) || !slices.Equal(f.Names, w.names) {
			t.Errorf("%q: inputs %q outputs %q names %q, want %q %q %q", task, paths(f.Inputs()), paths(f.Outputs()), f.Names, w.inputs, w.outputs, w.names)
		}
	}
	if f := Parse("trim -x --fast=yes reads.fq -q"); len(f.UserFlags) != 3 || f.UserFlags[1].Value != "yes" {
		t.Errorf("user flags %+v", f.UserFlags)
	}
	if !isKindWord("bam") || isKindWord("sample") || !isWord("abc") || isWord("a1") || safeAt([]string{"a"}, 3) != "" {
		t.Error("helpers")
	}
	if !formatList("pgen/pvar/psam") || formatList("data/raw") || !shortPair("REF/ALT") || !shortPair("A/T") || shortPair("data/raw") || shortPair("ref/tx") || !shortPair("stop/X") || shortPair("r/X1") || FileType("stop/X") != "" || FileType("REF/ALT") != "" || FileType("runs/r1") != "file" {
		t.Error("formatList")
	}
}

// TestDigitsJoinedBySlashesAreNoPath checks that a genotype, a ratio or a
// date ("0/0", "./.", "3/4") is no file, and a path of digits under a
// named directory still is.
func TestDigitsJoinedBySlashesAreNoPath(t *testing.T) {
	for in, want := range map[string]string{"0/0": "", "./.": "", "1/2": "", "2024/01/05": "", "runs/01": "file", "0/0.bam": "bam"} {
		if got := FileType(in); got != want {
			t.Errorf("FileType(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTypedFlagInAnAsideTakesTheValueBeforeIt checks that a flag the task
// names in an aside ("put 0/0 (the -R option)", "8 threads (-p)") takes
// the value written just before the aside, and that a word there gives
// it none.
func TestTypedFlagInAnAsideTakesTheValueBeforeIt(t *testing.T) {
	for task, want := range map[string]string{
		"merge a.vcf.gz and b.vcf.gz, put 0/0 (the -R option) where a call is missing": "-R=0/0",
		"align r.fq with 8 threads (-p)":                                               "-p=8",
		"sort x.bam (-@ 4)":                                                            "-@=4",
		"sort x.bam by name (-n)":                                                      "-n=",
		"keep the unpaired reads (-u) of r.fq":                                         "-u=",
		"use 8 threads, (-p)":                                                          "-p=",
		"put 0/0 (read about the -R option)":                                           "-R=",
	} {
		fr := Parse(task)
		var got []string
		for _, kv := range fr.UserFlags {
			got = append(got, kv.Key+"="+kv.Value)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: typed flags %q, want %q", task, got, want)
		}
	}
}

func TestGenericFileNames(t *testing.T) {
	for in, want := range map[string]string{"c.dat": "file", "run.log2": "file", "e.g.": "", "v1.2": "", "a.b": "", "contigs.report": "file", "hits.kreport": "file", "a.muchtoolongforone": "", "spike.antigenic": "file", "a_b.wordmatch": "file", ".summary.total_reads": ""} {
		if got := FileType(in); got != want {
			t.Errorf("FileType(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUseVocab(t *testing.T) {
	t.Cleanup(func() { UseVocab(nil) })
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "file_kinds"), 0o755)
	os.WriteFile(filepath.Join(dir, "file_kinds", "k.yaml"), []byte("- id: file_kinds.bam\n  then: {kind: bam, extensions: [bam, ubam], family: alignment-reads}\n"), 0o644)
	s, errs := rules.Load(rules.Options{UserDir: dir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	UseVocab(s.Vocab())
	if FileType("x.ubam") != "bam" || Family("bam") != "alignment-reads" {
		t.Error("the vocabulary in use reads the user's extension")
	}
	// A vocabulary without Chinese units reads a number stuck to one as a
	// bare number, and knows no file kind.
	empty, _ := rules.Load(rules.Options{NoBuiltin: true})
	UseVocab(empty.Vocab())
	if fr := Parse("用8个线程"); len(fr.Numbers) != 1 || fr.Numbers[0].Context[0] == "threads" || FileType("x.bam") != "file" {
		t.Errorf("empty vocabulary: %+v", fr)
	}
	UseVocab(nil)
	if fr := Parse("用8个线程"); len(fr.Numbers) != 1 || fr.Numbers[0].Context[0] != "threads" || FileType("x.ubam") == "bam" {
		t.Errorf("back to the built-in vocabulary: %+v", fr)
	}
}

// TestNumberAfter checks that a number keeps the word it follows, so a
// caller can tell "Bowtie 2" (a name's end) from "with 2 threads".
func TestNumberAfter(t *testing.T) {
	fr := Parse("build a Bowtie 2 index of ref.fa with 4 threads")
	var got []string
	for _, n := range fr.Numbers {
		got = append(got, n.After+"|"+n.Value)
	}
	if strings.Join(got, " ") != "bowtie|2 with|4" {
		t.Errorf("numbers after: %q", got)
	}
	if fr := Parse("2 threads"); len(fr.Numbers) != 1 || fr.Numbers[0].After != "" {
		t.Errorf("a first number follows no word: %+v", fr.Numbers)
	}
}

// TestNumberCounts checks the noun that says what a number counts: the
// word right after it, of the class count_noun, inside its clause.
func TestNumberCounts(t *testing.T) {
	fr := Parse("print the first 2 reads (8 lines) of reads.fq with 4 threads, 10 samples")
	var got []string
	for _, n := range fr.Numbers {
		got = append(got, n.Value+"|"+n.Counts)
	}
	if strings.Join(got, " ") != "2|reads 8|lines 4|threads 10|" {
		t.Errorf("counts: %q", got)
	}
	if fr := Parse("keep 3, reads above 20"); fr.Numbers[0].Counts != "" {
		t.Errorf("a comma ends what a number counts: %+v", fr.Numbers)
	}
}

// TestNumberNoun checks the word right after a number, past a unit written
// apart: a word of letters and no stop word, inside the number's clause.
func TestNumberNoun(t *testing.T) {
	fr := Parse("keep hits with at least 97% identity, in 500 bp windows with 4 threads; 10 of them, 3 x2, 7 kb")
	var got []string
	for _, n := range fr.Numbers {
		got = append(got, n.Value+"|"+n.Noun)
	}
	if strings.Join(got, " ") != "97%|identity 500|windows 4|threads 10| 3| 7|" {
		t.Errorf("nouns: %q", got)
	}
	if fr := Parse("use 8, threads"); fr.Numbers[0].Noun != "" {
		t.Errorf("a comma ends a number's noun: %+v", fr.Numbers)
	}
	if fr := Parse("windows of 500 bp, 4 threads"); fr.Numbers[0].Noun != "" {
		t.Errorf("a comma after the unit ends a number's noun: %+v", fr.Numbers)
	}
}

// TestReferenceWordRole checks that a file after a reference word ("to the
// reference ref.fa", "against the genome hg38.fa", 参考基因组) reads as the
// reference, and one after other words does not.
func TestReferenceWordRole(t *testing.T) {
	for _, tc := range []struct{ task, file, role string }{
		{"align my assembly contigs.fa to the reference ref.fa", "ref.fa", "reference"},
		{"align my assembly contigs.fa to the reference ref.fa", "contigs.fa", ""},
		{"map reads.fq against hg38.fa", "hg38.fa", "reference"},
		{"map reads.fq against the genome hg38.fa", "hg38.fa", "reference"},
		{"用参考基因组 hg38.fa 比对 reads.fq", "hg38.fa", "reference"},
		{"compress the reference reads.fq.gz", "reads.fq.gz", ""},
		{"index the genome hg38.fa", "hg38.fa", ""},
		// "to" a few words before, no write verb: read against
		{"spliced alignment of the cDNA reads cdna.fq to the genome ref.fa", "ref.fa", "reference"},
		{"write the contigs in a.bam to the assembly out.fa", "out.fa", ""},
	} {
		role := "missing"
		for _, f := range Parse(tc.task).Files {
			if f.Path == tc.file {
				role = f.Role
			}
		}
		if role != tc.role {
			t.Errorf("%q: %s role %q, want %q", tc.task, tc.file, role, tc.role)
		}
	}
}

// A number's words are counted without the stop words between them:
// "maximum intron length of 50000" keeps "maximum", which tells the
// maximum's flag from the minimum's.
func TestNumberContextSkipsStopWords(t *testing.T) {
	fr := Parse("align r.fq with a maximum intron length of 50000 to idx")
	if len(fr.Numbers) != 1 || !slices.Contains(fr.Numbers[0].Context, "maximum") {
		t.Errorf("numbers %+v", fr.Numbers)
	}
	// a file before the window ends it
	fr = Parse("sort in.txt into sorted.txt using 8 threads")
	if len(fr.Numbers) != 1 || slices.Contains(fr.Numbers[0].Context, "sort") {
		t.Errorf("numbers %+v", fr.Numbers)
	}
	// a clause's end still bounds it
	fr = Parse("use maximum speed, 8 threads")
	if len(fr.Numbers) != 1 || slices.Contains(fr.Numbers[0].Context, "maximum") {
		t.Errorf("numbers %+v", fr.Numbers)
	}
	// so does a phrase a tool marker opens after the number
	fr = Parse("compress x.fq at level 19 using all CPU cores")
	if len(fr.Numbers) != 1 || !slices.Contains(fr.Numbers[0].Context, "level") || slices.Contains(fr.Numbers[0].Context, "cpu") {
		t.Errorf("numbers %+v", fr.Numbers)
	}
}

// A length unit written after a number is its unit ("10 kb"); MB in
// capitals is memory, no length.
func TestLengthUnit(t *testing.T) {
	fr := Parse("10 kb windows with 16000 MB of memory")
	if len(fr.Numbers) != 2 || fr.Numbers[0].Unit != "kb" || fr.Numbers[1].Unit != "" || fr.Numbers[1].Memory != "M" {
		t.Errorf("numbers %+v", fr.Numbers)
	}
	// Memory in capitals or spelled out; "Gb" is gigabases.
	for task, want := range map[string]string{"a 2 GB limit": "G", "500 megabytes of RAM": "M", "a 3 Gb genome": "", "1 TB disk": "T", "4 threads": ""} {
		if fr := Parse(task); len(fr.Numbers) != 1 || fr.Numbers[0].Memory != want {
			t.Errorf("%q: numbers %+v, want memory %q", task, fr.Numbers, want)
		}
	}
}

// TestClauseComma checks that a comma with no space after it ends a
// clause between two numbers of a Chinese task, while a thousands group
// stays one number and an English "30,4" is left alone.
func TestClauseComma(t *testing.T) {
	values := func(task string) []string {
		var out []string
		for _, n := range Parse(task).Numbers {
			out = append(out, n.Value)
		}
		return out
	}
	got := values("片段平均长度 250,标准差 30,4 线程")
	slices.Sort(got)
	if !slices.Equal(got, []string{"250", "30", "4"}) {
		t.Errorf("numbers %v, want 250, 30 and 4", got)
	}
	fr := Parse("标准差 30,4 线程")
	for _, n := range fr.Numbers {
		if n.Value == "4" && !slices.Contains(n.Context, "threads") {
			t.Errorf("4 has context %v, want threads", n.Context)
		}
	}
	if got := values("保留 1,000 条记录"); slices.Contains(got, "000") || slices.Contains(got, "1") {
		t.Errorf("thousands group read as %v", got)
	}
	if got := values("keep 30,4 reads"); len(got) > 1 {
		t.Errorf("an English task split 30,4 into %v", got)
	}
}

// A file that ends a clause before a colon is a file ("of a_R1.fq.gz and
// a_R2.fq.gz: trim …"); a region keeps its colon's meaning.
func TestFileBeforeColon(t *testing.T) {
	f := Parse("paired trimming of a_R1.fq.gz and a_R2.fq.gz: trim right ends")
	if len(f.Files) != 2 || f.Files[1].Path != "a_R2.fq.gz" || f.Files[1].Output {
		t.Errorf("files %+v", f.Files)
	}
	if f := Parse("view aln.bam in chr1:100-200"); len(f.Regions) != 1 {
		t.Errorf("regions %+v", f.Regions)
	}
}

// A full-width comma, semicolon or full stop ends a clause as ", " does:
// a number's words stay inside its own clause ("基因组大小 5m，输出目录 x"
// gives 5m the words of the genome size, not of the output directory),
// and no token is added, so positions are those of Tokens.
func TestWideCommaEndsClause(t *testing.T) {
	fr := Parse("组装原始读段 r.fq.gz，基因组大小 5m，输出目录 asm")
	if len(fr.Numbers) != 1 || slices.Contains(fr.Numbers[0].Context, "输出目录") || slices.Contains(fr.Numbers[0].Context, "组装原始读段") {
		t.Errorf("numbers %+v", fr.Numbers)
	}
	fr = Parse("线程数 8；最小长度 50。")
	for _, n := range fr.Numbers {
		if n.Value == "50" && slices.Contains(n.Context, "线程数") {
			t.Errorf("50 has context %v", n.Context)
		}
	}
	// the enumeration comma lists items of one clause
	fr = Parse("最小长度、质量 20")
	if len(fr.Numbers) != 1 || !slices.Contains(fr.Numbers[0].Context, "最小长度") {
		t.Errorf("numbers %+v", fr.Numbers)
	}
	s := "对 a.bam，b.bam 排序；输出 c.bam。"
	if a, b := Tokens(s), clauseTokens(s); len(a) != len(b) || b[1] != "a.bam," || a[1] != "a.bam" {
		t.Errorf("Tokens %q, clauseTokens %q", a, b)
	}
	if got := Parse("对 a.bam，b.bam 排序").Files; len(got) != 2 || got[0].Path != "a.bam" {
		t.Errorf("files %+v", got)
	}
	if got := clauseTokens("，开头"); len(got) != 1 || got[0] != "开头" {
		t.Errorf("a leading comma: %q", got)
	}
}

// A letter before 值 is that letter's value, written as English writes it
// ("e 值 1e-5": e-value; "q值阈值 0.01": q-value); a comma written before
// a word ends the clause before it ("目标序列,E 值 1e-20"); and a
// scientific number before a comma with no space is a number of its own
// clause ("1e-20,8 线程").
func TestChineseValueLettersAndCommas(t *testing.T) {
	ctx := func(task, v string) []string {
		for _, n := range Parse(task).Numbers {
			if n.Value == v {
				return n.Context
			}
		}
		return nil
	}
	if c := ctx("比对到数据库 nr_db，e 值 1e-5，16 个线程", "1e-5"); !slices.Contains(c, "e-value") {
		t.Errorf("1e-5 has context %v", c)
	}
	if c := ctx("对 h.bam 检测宽峰，q值阈值 0.01", "0.01"); !slices.Contains(c, "q-value") || !slices.Contains(c, "阈值") {
		t.Errorf("0.01 has context %v", c)
	}
	if c := ctx("每条查询最多 10 个目标序列,E 值 1e-20,8 线程", "10"); slices.Contains(c, "e-value") {
		t.Errorf("10 has context %v", c)
	}
	if c := ctx("每条查询最多 10 个目标序列,E 值 1e-20,8 线程", "1e-20"); !slices.Contains(c, "e-value") || slices.Contains(c, "个目标序列") {
		t.Errorf("1e-20 has context %v", c)
	}
	// a word after the comma ends the clause after the number too
	if c := ctx("最多 10 个,e 值", "10"); slices.Contains(c, "e-value") {
		t.Errorf("10 has context %v", c)
	}
	// only a single letter before 值 joins it
	w := []string{"ab", "值", "x", "数值"}
	joinValueLetters(w)
	if w[0] != "ab" || w[2] != "x" {
		t.Errorf("joined %v", w)
	}
}

// TestRangeBounds checks that the two numbers of a range written in
// words are its lower and upper bound, the upper with the words of the
// lower ("fragment length"), and that two numbers joined by other words
// are none.
func TestRangeBounds(t *testing.T) {
	for _, tc := range []struct {
		task      string
		low, high string // values of the bounds, "" for no range
	}{
		{"align r.fq with fragment length between 100 and 600, using 10 threads", "100", "600"},
		{"keep reads with GC content from 0.3 to 0.7 in reads.fq", "0.3", "0.7"},
		{"trim 10 bases from the front and 5 bases from the tail of in.fq", "", ""},
		{"use 8 threads and 4 GB of memory", "", ""},
		{"remove bases 101 to 250 from contig.fa", "101", "250"},
		{"keep reads of 20 到 50 bp", "20", "50"},
		{"lower the k-mer size 31 to 21", "", ""},
		// glued by a hyphen, ascending: a range of two numbers, each an
		// item of the task; descending, no range and no numbers
		{"mask positions 100-250 of bac.fa with Ns", "100", "250"},
		{"keep GC content 0.3-0.7, write k.fa", "0.3", "0.7"},
		{"the 2024-12 run of x.fa", "", ""},
	} {
		fr := Parse(tc.task)
		low, high := "", ""
		for _, n := range fr.Numbers {
			switch n.Bound {
			case "low":
				low = n.Value
			case "high":
				high = n.Value
				if tc.high != "" && !slices.Contains(n.Context, "fragment") && strings.Contains(tc.task, "fragment") {
					t.Errorf("%q: the upper bound lacks the range's words: %q", tc.task, n.Context)
				}
			}
		}
		if low != tc.low || high != tc.high {
			t.Errorf("%q: bounds %q..%q, want %q..%q", tc.task, low, high, tc.low, tc.high)
		}
	}
}

// A bare chromosome name and the range right after it are one region;
// a range that does not follow the name stays two numbers.
func TestSpanRegions(t *testing.T) {
	for task, want := range map[string]string{
		"extract the reads of aln.bam on chr2 from 1000 to 5000 into out.bam": "chr2:1000-5000|",
		"reads of aln.bam on chr7 between 100 and 200":                        "chr7:100-200|",
		"reads of aln.bam on chr7 with quality between 20 and 30":             "chr7|20,30",
		"depth of chr1 in aln.bam, keeping lengths from 100 to 200":           "chr1|100,200",
		"reads on chr3:5-10 of aln.bam":                                       "chr3:5-10|",
	} {
		fr := Parse(task)
		var nums []string
		for _, n := range fr.Numbers {
			nums = append(nums, n.Value)
		}
		if got := strings.Join(fr.Regions, ",") + "|" + strings.Join(nums, ","); got != want {
			t.Errorf("%q: regions|numbers %q, want %q", task, got, want)
		}
	}
}

// A number a phrase before it calls a least or a most has that limit;
// a number of a range, or with no such phrase, has none.
func TestNumberLimits(t *testing.T) {
	for task, want := range map[string]string{
		"benchmark it with at least 5 runs":         "5:low",
		"iterate at most 3 rounds against db.faa":   "3:high",
		"allow up to 2 mismatches":                  "2:high",
		"keep reads with no fewer than 50 bases":    "50:low",
		"只保留 E 值不超过 1e-5 的结果":                       "1e-5:high",
		"至少 3 个样本":                                  "3:low",
		"use 8 threads":                             "8:",
		"keep lengths between 100 and 600 at least": "100:,600:",
		// a comparison: what the clause removes lies beyond the bound
		"discard reads shorter than 50 bp":           "50:low",
		"reads longer than 1000 bp are dropped":      "1000:high",
		"report hits with an e-value below 1e-5":     "1e-5:high",
		"keep alignments with MAPQ above 30":         "30:low",
		"将 reads.fq.gz 中长度小于 50 的序列去掉,结果保存到 out.fq":  "50:low",
		"remove adapters, keep reads longer than 20": "20:low",
		// a negated comparison is a bound phrase of its own
		"a loop no longer than 10 nt":   "10:high",
		"keep reads no shorter than 50": "50:low",
	} {
		var got []string
		for _, n := range Parse(task).Numbers {
			got = append(got, n.Value+":"+n.Limit)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("%q: limits %q, want %q", task, got, want)
		}
	}
}

// A Chinese writer ends a clause with an ASCII comma and no space after
// it, after a word as after a number: each part is a word of its own
// ("k-mer 长度 31,minimizer 长度 25": 31 is a number, the k-mer length's;
// "r1.fq,read2" holds the file r1.fq), while a key=value list, a region
// and a thousands group stay whole, and an English task is left alone.
func TestJoinedClauseComma(t *testing.T) {
	fr := Parse("k-mer 长度 31,minimizer 长度 25")
	ctx := map[string][]string{}
	for _, n := range fr.Numbers {
		ctx[n.Value] = n.Context
	}
	if len(ctx) != 2 || slices.Contains(ctx["31"], "minimizer") || !slices.Contains(ctx["31"], "k-mer") {
		t.Errorf("numbers %+v", fr.Numbers)
	}
	if got := Tokens("基因组 mm,q 值 0.05"); !slices.Equal(got, []string{"基因组", "mm,", "q", "值", "0.05"}) {
		t.Errorf("Tokens = %q", got)
	}
	if got := Tokens("read1 写到 r1.fq,read2 写到 r2.fq"); !slices.Contains(got, "r1.fq,") {
		t.Errorf("Tokens = %q", got)
	}
	for _, s := range []string{"ID=lib3,SM=p7", "chr1:1,000-2,000", "1,000,000"} {
		if got := Tokens("读组 " + s); !slices.Contains(got, s) {
			t.Errorf("Tokens(%s) = %q", s, got)
		}
	}
	if got := Tokens("keep mm,q reads"); !slices.Contains(got, "mm,q") {
		t.Errorf("an English task split: %q", got)
	}
}

// The word after a Chinese "per" ("每条 query") is what a number is
// counted per, no word of the number; a number before 端 names a strand's
// end ("3 端接头"), no value.
func TestChinesePerAndEnd(t *testing.T) {
	f := Parse("每条 query 最多保留 5 个目标序列")
	if len(f.Numbers) != 1 || slices.Contains(f.Numbers[0].Context, "query") || !slices.Contains(f.Numbers[0].Context, "最多保留") {
		t.Errorf("per: %+v", f.Numbers)
	}
	if f := Parse("每条, query 最多保留 5 个"); len(f.Numbers) != 1 || !slices.Contains(f.Numbers[0].Context, "query") {
		t.Errorf("per ending its clause: %+v", f.Numbers)
	}
	if f := Parse("去除 3 端接头 AGATCGGAAGAGC,最短 20"); len(f.Numbers) != 1 || f.Numbers[0].Value != "20" {
		t.Errorf("end: %+v", f.Numbers)
	}
}

// TestOrdinalNumber: "the 3rd sequence" gives the number 3, with the
// words of its clause; "3'" and "2nd-pass" stay what they were.
func TestOrdinalNumber(t *testing.T) {
	fr := Parse("write the 3rd sequence of isoforms.fa to isoform3.fa")
	if len(fr.Numbers) != 1 || fr.Numbers[0].Value != "3" || fr.Numbers[0].After != "the" || !slices.Contains(fr.Numbers[0].Context, "sequence") {
		t.Fatalf("the 3rd sequence: %+v", fr.Numbers)
	}
	if fr := Parse("keep every 10th read of in.fq"); len(fr.Numbers) != 1 || fr.Numbers[0].Value != "10" {
		t.Errorf("every 10th read: %+v", fr.Numbers)
	}
	if fr := Parse("run the 2nd-pass mapping"); len(fr.Numbers) != 0 {
		t.Errorf("2nd-pass is a mode's name, not a value here: %+v", fr.Numbers)
	}
}

// TestNamesInList: names joined by a comma or "and" to a name just given,
// in its shape, are names too; a word of another shape is not.
func TestNamesInList(t *testing.T) {
	for task, want := range map[string][]string{
		"write every sequence of all.fa except the ones named contam1 and contam2 to clean.fa": {"contam1", "contam2"},
		"keep the samples named s1, s2 and s3 from x.vcf":                                      {"s1", "s2", "s3"},
		"use the index named hg38 and 4 threads":                                               {"hg38"},
		"exclude the sample named ctrl1 and everything else":                                   {"ctrl1"},
	} {
		if got := Parse(task).Names; !slices.Equal(got, want) {
			t.Errorf("%q: names %q, want %q", task, got, want)
		}
	}
}

// A file of no known kind right after a report word is an output ("…;
// report est.tcode"); a file of a known kind there is still read.
func TestReportMarksOutput(t *testing.T) {
	f := Parse("Fickett TESTCODE analysis of est.fa with a 300 bp window; report est.tcode")
	if len(f.Files) != 2 || f.Files[0].Output || !f.Files[1].Output {
		t.Errorf("files %+v", f.Files)
	}
	f = Parse("report aln.bam mapping statistics")
	if len(f.Files) != 1 || f.Files[0].Output {
		t.Errorf("files %+v", f.Files)
	}
}

// A number joined to a unit ("a 9-residue window") is set by the noun
// after the two, not by the words of the clause around it; a clause's
// end stops the look.
func TestJoinedNumberNoun(t *testing.T) {
	f := Parse("charge profile of channel.fa using a 9-residue window, written to channel.charge")
	if len(f.Numbers) != 1 || strings.Join(f.Numbers[0].Context, " ") != "residue window" {
		t.Errorf("numbers %+v", f.Numbers)
	}
	f = Parse("count 25-mers, then write counts.jf")
	if len(f.Numbers) != 1 || strings.Join(f.Numbers[0].Context, " ") != "mers" {
		t.Errorf("numbers %+v", f.Numbers)
	}
}

// A number joined to a numbering word ("1-based") states a convention:
// no number item; one joined to what it counts ("25-mers") stays one.
func TestNumberingJoin(t *testing.T) {
	f := Parse("report per-base depth (1-based) of reads.bed and 25-mers")
	var got []string
	for _, n := range f.Numbers {
		got = append(got, n.Value)
	}
	if strings.Join(got, ",") != "25" {
		t.Errorf("numbers = %q, want only 25", got)
	}
}

// TestOutputsAfterBoth: "to both x and y" writes both files, as "to x and
// y" does; "both" before files that are read leaves them inputs.
func TestOutputsAfterBoth(t *testing.T) {
	checkOutputs(t, map[string]string{
		"write standard input to both a.txt and b.txt at once": "a.txt:true,b.txt:true",
		"merge both a.bam and b.bam into c.bam":                "a.bam:false,b.bam:false,c.bam:true",
	})
}

// An enumeration comma right after a number ends its clause: the words
// after it qualify the next number ("一致性不低于 95%、query 覆盖度不低于
// 80%"), so 95% keeps only its identity words and takes no noun.
func TestEnumerationCommaEndsNumber(t *testing.T) {
	f := Parse("只保留一致性不低于 95%、query 覆盖度不低于 80% 的比对")
	if len(f.Numbers) != 2 {
		t.Fatalf("numbers %+v", f.Numbers)
	}
	if n := f.Numbers[0]; n.Noun != "" || slices.Contains(n.Context, "query") || !slices.Contains(n.Context, "只保留一致性不低于") {
		t.Errorf("95%%: %+v", n)
	}
	if n := f.Numbers[1]; !slices.Contains(n.Context, "覆盖度不低于") {
		t.Errorf("80%%: %+v", n)
	}
}

// TestNegativeNumber checks that a negative number is a value of the task,
// with the words before it, and the value of a flag the user typed: it is
// no flag of its own, and it is not lost.
func TestNegativeNumber(t *testing.T) {
	fr := Parse("call peaks without the model, shift -100 and extension size 200")
	var got []string
	for _, n := range fr.Numbers {
		got = append(got, n.After+"|"+n.Value)
	}
	if strings.Join(got, " ") != "shift|-100 size|200" || len(fr.UserFlags) != 0 {
		t.Errorf("numbers %q, typed flags %+v", got, fr.UserFlags)
	}
	if fr := Parse("print table.txt with -n -5"); len(fr.UserFlags) != 1 || fr.UserFlags[0].Value != "-5" {
		t.Errorf("a typed flag takes a negative value: %+v", fr.UserFlags)
	}
}

// TestCurrentDirectory checks the directory a task names in words ("the
// current directory") or as ".": an input, an output after an output
// marker, and no value where it only says where the command runs.
func TestCurrentDirectory(t *testing.T) {
	for _, c := range []struct {
		task string
		want string // path:role of the files, "" for none
	}{
		{"run multiqc on the current directory", ".:"},
		{"rerun multiqc on . and overwrite the existing report", ".:"},
		{"write the report into the working dir", ".:output"},
		{"gzip all the .fastq files in the current directory", ""},
		{"issue a certificate, creating the CA in the current directory", ""},
		{"the current status of aln.bam", "aln.bam:"},
	} {
		var got []string
		for _, f := range Parse(c.task).Files {
			got = append(got, f.Path+":"+f.Role)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: files %q, want %q", c.task, got, c.want)
		}
	}
	if FileType(".") != "dir" || FileType("./") != "dir" || !CurrentPlace("Current", "directory,") || CurrentPlace("output", "directory") {
		t.Error("FileType or CurrentPlace")
	}
}

// TestPlaceNamed checks that a plain word between a determiner and a place
// word that ends its phrase is a directory the task reads, and that words
// saying which place, a destination, a place located in, or a place a
// later word names are not.
func TestPlaceNamed(t *testing.T) {
	for _, tc := range []struct {
		task string
		dir  string // "" for none
	}{
		{"scan the analysis folder and name the report", "analysis"},
		{"run over the results directory", "results"},
		{"pack the results folder into results.tar.gz", "results"},
		{"write everything to the output directory", ""},
		{"keep temporary files in the temporary directory", ""},
		{"index the fastq files in the data folder", ""},
		{"align lib.fq to the genome directory star_idx", ""},
		{"use the same folder", ""},
	} {
		got := ""
		for _, f := range Parse(tc.task).Files {
			if f.Type == "dir" {
				got = f.Path
			}
		}
		if got != tc.dir {
			t.Errorf("%q: directory %q, want %q", tc.task, got, tc.dir)
		}
	}
}

// TestArrowMarksOutput: an arrow between two files points to the output
// ("probes_fwd.fa -> probes_rc.fa"); it is no typed flag, and "-@" and
// "--threads" still are.
func TestArrowMarksOutput(t *testing.T) {
	for _, task := range []string{"reverse-complement probes_fwd.fa -> probes_rc.fa", "sort a.bam → b.bam", "sort a.bam => b.bam"} {
		fr := Parse(task)
		if len(fr.UserFlags) != 0 || len(fr.Files) != 2 || fr.Files[0].Output || !fr.Files[1].Output {
			t.Errorf("%q: files %+v, typed flags %+v", task, fr.Files, fr.UserFlags)
		}
	}
	for w, want := range map[string]bool{"-@": true, "--threads": true, "-k": true, "->": false, "-5": false, "--": false, "-": false, "threads": false} {
		if TypedFlag(w) != want {
			t.Errorf("TypedFlag(%q) = %v", w, !want)
		}
	}
}

// TestQuestionEndsFile: a question mark or an exclamation mark after a
// file ends the sentence, not the name ("… covered by the intervals in
// x.bed?"); FileWord reads a word so, and no other word as a file.
func TestQuestionEndsFile(t *testing.T) {
	fr := Parse("Which parts of the genome are not covered by the intervals in map.sorted.bed? The sizes are in mm10.genome.")
	var got []string
	for _, f := range fr.Files {
		got = append(got, f.Path)
	}
	if !slices.Equal(got, []string{"map.sorted.bed", "mm10.genome"}) {
		t.Errorf("files %q", got)
	}
	for w, want := range map[string]string{"x.bed?": "x.bed", "(a.bam),": "a.bam", "b.vcf!": "b.vcf", "done?": "", "sorted": ""} {
		if got := FileWord(w); got != want {
			t.Errorf("FileWord(%q) = %q, want %q", w, got, want)
		}
	}
}

// A clause a naming verb opens names the value at its end, however far:
// the verb and "name" join the name's words, so a flag whose help says
// "name" fits it. A naming verb of the clause before does not.
func TestNamingVerbOfTheClause(t *testing.T) {
	for _, c := range []struct {
		task, name string
		want       []string
	}{
		{"rename the sequence in consensus.fa to HIV1_cons, save as out.fa", "HIV1_cons", []string{"rename", "name"}},
		{"please rename every record of x.fa to sample_01", "sample_01", []string{"rename", "name"}},
		{"rename x.fa, then use prefix run_5", "run_5", []string{"prefix"}},
		{"sort x.fa with the index prefix hg38", "hg38", []string{"index", "prefix"}},
		// a value with words of its own keeps them alone
		{"call variants in x.bam with sample name S1", "S1", []string{"sample", "name"}},
	} {
		f := Parse(c.task)
		if got := f.NameWords[c.name]; !slices.Equal(got, c.want) {
			t.Errorf("%q: NameWords[%s] = %q, want %q (names %q)", c.task, c.name, got, c.want, f.Names)
		}
	}
}

// A quoted string's words are read across the files of its clause: "set
// the description line of clone7.fa to '…'" says what the string is before
// the file; a name's words stop at the file.
func TestQuotedWordsAcrossFiles(t *testing.T) {
	f := Parse(`Set the description line of clone7.fa to "putative kinase, partial cds" and write it to out.fa`)
	if got := f.QuotedWords["putative kinase, partial cds"]; !slices.Equal(got, []string{"description", "line"}) {
		t.Errorf("QuotedWords = %q", got)
	}
	f = Parse("set the prefix of clone7.fa to run_7")
	if got := f.NameWords["run_7"]; len(got) != 0 || !slices.Contains(f.Names, "run_7") {
		t.Errorf("names %q, NameWords = %q, want none", f.Names, got)
	}
}

// TestDimensionPairs checks that two numbers joined by "x" or "by" are the
// width and the height of a size, sharing the unit after them and the
// limit before them, and that numbers joined otherwise are not.
func TestDimensionPairs(t *testing.T) {
	fr := Parse("draw aln.maf as dot.png, at most 800 x 600 pixels")
	if len(fr.Numbers) != 2 || !slices.Contains(fr.Numbers[0].Context, "width") || !slices.Contains(fr.Numbers[1].Context, "height") ||
		!slices.Contains(fr.Numbers[0].Context, "pixels") || fr.Numbers[1].Limit != "high" {
		t.Errorf("numbers %+v", fr.Numbers)
	}
	fr = Parse("a 10 by 12 plot of m.npz")
	if len(fr.Numbers) != 2 || !slices.Contains(fr.Numbers[0].Context, "width") || !slices.Contains(fr.Numbers[1].Context, "height") {
		t.Errorf("numbers %+v", fr.Numbers)
	}
	for _, s := range []string{"trim 10 and 12 bases of r.fq", "use 8 threads, x 4 times"} {
		for _, n := range Parse(s).Numbers {
			if slices.Contains(n.Context, "width") || slices.Contains(n.Context, "height") {
				t.Errorf("%q: %+v", s, n)
			}
		}
	}
}

// A file of the kind the task says it makes is what the command writes:
// after "make … out of", after a verb that makes the kind a few words
// before ("build a kallisto index … index file x.idx"), after the kind
// opening the task as its verb ("index cdna.fa …, index file x.idx"), in
// Chinese too ("构建 kallisto 索引 x.idx"). An index read from, or one an
// aligner reads, stays an input.
func TestMadeKindIsOutput(t *testing.T) {
	if len(V().Words("makes_verb")) == 0 {
		t.Skip("no vocabulary")
	}
	checkOutputs(t, map[string]string{
		"make a kallisto index transcripts.idx out of transcripts.fa":                                              "transcripts.idx:true,transcripts.fa:false",
		"index cdna.fa with k-mer length 25, index file cdna_k25.idx":                                              "cdna.fa:false,cdna_k25.idx:true",
		"Build a kallisto index with k-mer length 23 from the transcriptome yeast_tx.fa, index file yeast_k23.idx": "yeast_tx.fa:false,yeast_k23.idx:true",
		"用转录组 transcripts.fa.gz 构建 kallisto 索引 transcripts.idx":                                                    "transcripts.fa.gz:false,transcripts.idx:true",
		"prebuild a minimap2 index ref.mmi for ref.fa":                                                             "ref.mmi:true,ref.fa:false",
		"quantify reads.fq against the index tx.idx":                                                               "reads.fq:false,tx.idx:false",
		"build the count table counts.tsv from the index tx.idx":                                                   "counts.tsv:true,tx.idx:false",
	})
}

// checkOutputs checks, for each task, which of its files Parse reads as
// outputs: "path:true" or "path:false" for each file, in order.
func checkOutputs(t *testing.T, cases map[string]string) {
	t.Helper()
	for task, want := range cases {
		var got []string
		for _, f := range Parse(task).Files {
			got = append(got, f.Path+":"+strconv.FormatBool(f.Output))
		}
		if strings.Join(got, ",") != want {
			t.Errorf("%q: %v, want %s", task, got, want)
		}
	}
}
