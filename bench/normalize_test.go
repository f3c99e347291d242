package bench

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name, cmd   string
		exe, sub    string
		tokens      string // joined with "|"
		groups      string // joined with "|"
		positionals string // joined with "|"
	}{
		{name: "flags and files",
			cmd: "samtools sort -@ 8 -o out.bam in.bam", exe: "samtools", sub: "sort",
			tokens: "samtools|sort|-@|8|-o|<OUTPUT_1>|<INPUT_1>", groups: "-@ 8|-o <OUTPUT_1>", positionals: "<INPUT_1>"},
		{name: "redirection and pipe dropped",
			cmd: "bwa mem -t 4 ref.fa r1.fq r2.fq 2> log.txt | samtools view -b - > out.bam", exe: "bwa", sub: "mem",
			tokens: "bwa|mem|-t|4|<INPUT_1>|<INPUT_2>|<INPUT_3>", groups: "-t 4", positionals: "<INPUT_1>|<INPUT_2>|<INPUT_3>"},
		{name: "and-list, semicolon",
			cmd: "samtools index in.bam && samtools idxstats in.bam; echo done", exe: "samtools", sub: "index",
			tokens: "samtools|index|<INPUT_1>", groups: "", positionals: "<INPUT_1>"},
		{name: "subshell and time",
			cmd: "time (samtools flagstat in.bam || true)", exe: "samtools", sub: "flagstat",
			tokens: "samtools|flagstat|<INPUT_1>", positionals: "<INPUT_1>"},
		{name: "block",
			cmd: "{ fastqc r.fq; } > log", exe: "fastqc",
			tokens: "fastqc|<INPUT_1>", positionals: "<INPUT_1>"},
		{name: "bash $'...' decoded, equal to a quoted tab",
			cmd: "join -t $'\\t' -o '0' a.tsv b.tsv", exe: "join",
			tokens: "join|-t|\t|-o|0|<INPUT_1>|<INPUT_2>", groups: "-t \t|-o 0", positionals: "<INPUT_1>|<INPUT_2>"},
		{name: "executable path",
			cmd: "/usr/local/bin/samtools faidx ref.fa", exe: "samtools", sub: "faidx",
			tokens: "samtools|faidx|<INPUT_1>", positionals: "<INPUT_1>"},
		{name: "same path same placeholder, roles counted apart",
			cmd: "fastp -i a.fq -I b.fq -o c.fq -O d.fq --json ./c.fq -w 4", exe: "fastp",
			tokens: "fastp|-i|<INPUT_1>|-I|<INPUT_2>|-o|<OUTPUT_1>|-O|<INPUT_3>|--json|<OUTPUT_1>|-w|4",
			groups: "-i <INPUT_1>|-I <INPUT_2>|-o <OUTPUT_1>|-O <INPUT_3>|--json <OUTPUT_1>|-w 4"},
		{name: "long flag with =",
			cmd: "fastp --out1 o.fq --thread=8 --in1=r.fq", exe: "fastp",
			tokens: "fastp|--out1|<INPUT_1>|--thread|8|--in1|<INPUT_2>", groups: "--out1 <INPUT_1>|--thread 8|--in1 <INPUT_2>"},
		{name: "reference flags, index basename",
			cmd: "hisat2 -p 4 -x grch38/genome -1 r1.fq.gz -2 r2.fq.gz -S out.sam", exe: "hisat2",
			tokens: "hisat2|-p|4|-x|<REF_1>|-1|<INPUT_1>|-2|<INPUT_2>|-S|<OUTPUT_1>",
			groups: "-p 4|-x <REF_1>|-1 <INPUT_1>|-2 <INPUT_2>|-S <OUTPUT_1>"},
		{name: "bowtie2 index without extension",
			cmd: "bowtie2 -x hg38 -U r.fq -S o.sam", exe: "bowtie2",
			tokens: "bowtie2|-x|<REF_1>|-U|<INPUT_1>|-S|<OUTPUT_1>", groups: "-x <REF_1>|-U <INPUT_1>|-S <OUTPUT_1>"},
		{name: "minimap2 preset is not a reference",
			cmd: "minimap2 -x sr -a ref.mmi r.fq", exe: "minimap2",
			tokens: "minimap2|-x|sr|-a|<INPUT_1>|<INPUT_2>", groups: "-x sr|-a", positionals: "<INPUT_1>|<INPUT_2>"},
		{name: "output prefix without extension",
			cmd: "prokka --prefix sample1 --outdir annot contigs.fa", exe: "prokka",
			tokens: "prokka|--prefix|<OUTPUT_1>|--outdir|<OUTPUT_2>|<INPUT_1>", groups: "--prefix <OUTPUT_1>|--outdir <OUTPUT_2>", positionals: "<INPUT_1>"},
		{name: "stdout dash and numbers stay",
			cmd: "samtools view -o - -d 5 in.bam", exe: "samtools", sub: "view",
			tokens: "samtools|view|-o|-|-d|5|<INPUT_1>", groups: "-o -|-d 5", positionals: "<INPUT_1>"},
		{name: "boolean flag before the trailing file",
			cmd: "samtools index -b in.bam", exe: "samtools", sub: "index",
			tokens: "samtools|index|-b|<INPUT_1>", groups: "-b", positionals: "<INPUT_1>"},
		{name: "boolean flag before a trailing run",
			cmd: "bwa mem -M ref.fa r.fq", exe: "bwa", sub: "mem",
			tokens: "bwa|mem|-M|<INPUT_1>|<INPUT_2>", groups: "-M", positionals: "<INPUT_1>|<INPUT_2>"},
		{name: "non-file word is a value even in the trailing run",
			cmd: "bwa index -a bwtsw ref.fa", exe: "bwa", sub: "index",
			tokens: "bwa|index|-a|bwtsw|<INPUT_1>", groups: "-a bwtsw", positionals: "<INPUT_1>"},
		{name: "file in the middle is a value",
			cmd: "bedtools intersect -a a.bed -b b.bed -wa", exe: "bedtools", sub: "intersect",
			groups: "-a <INPUT_1>|-b <INPUT_2>|-wa", tokens: "bedtools|intersect|-a|<INPUT_1>|-b|<INPUT_2>|-wa"},
		{name: "trailing file after a flag without evidence is positional",
			cmd: "bedtools intersect -a a.bed -b b.bed", exe: "bedtools", sub: "intersect",
			groups: "-a <INPUT_1>|-b", positionals: "<INPUT_2>", tokens: "bedtools|intersect|-a|<INPUT_1>|-b|<INPUT_2>"},
		{name: "repeated flag: evidence from its first use",
			cmd: "gatk MergeVcfs -I a.vcf -I b.vcf", exe: "gatk", sub: "MergeVcfs",
			groups: "-I <INPUT_1>|-I <INPUT_2>", tokens: "gatk|MergeVcfs|-I|<INPUT_1>|-I|<INPUT_2>"},
		{name: "negative numbers are values, -1 is a flag",
			cmd: "tool --score -0.6 --min -10 -1 r1.fq", exe: "tool",
			groups: "--score -0.6|--min -10|-1", positionals: "<INPUT_1>", tokens: "tool|--score|-0.6|--min|-10|-1|<INPUT_1>"},
		{name: "end of options",
			cmd: "rm -f -- -x.txt", exe: "rm",
			groups: "-f", positionals: "<INPUT_1>", tokens: "rm|-f|--|<INPUT_1>"},
		{name: "flag at the end",
			cmd: "bedtools genomecov -ibam in.bam -bg", exe: "bedtools", sub: "genomecov",
			groups: "-ibam <INPUT_1>|-bg", tokens: "bedtools|genomecov|-ibam|<INPUT_1>|-bg"},
		{name: "key=value tool",
			cmd: "bbduk.sh in=a.fq out=b.fq ref=adapters.fa ktrim=r k=23 ref=phix", exe: "bbduk.sh",
			groups: "in=<INPUT_1>|out=<OUTPUT_1>|ref=<REF_1>|ktrim=r|k=23|ref=phix",
			tokens: "bbduk.sh|in=<INPUT_1>|out=<OUTPUT_1>|ref=<REF_1>|ktrim=r|k=23|ref=phix"},
		{name: "picard",
			cmd: "picard SortSam I=in.bam O=out.bam SORT_ORDER=coordinate", exe: "picard", sub: "SortSam",
			groups: "I=<INPUT_1>|O=<OUTPUT_1>|SORT_ORDER=coordinate", tokens: "picard|SortSam|I=<INPUT_1>|O=<OUTPUT_1>|SORT_ORDER=coordinate"},
		{name: "STAR mode",
			cmd: "STAR --runMode genomeGenerate --genomeDir idx --genomeFastaFiles g.fa --runThreadN 4", exe: "STAR", sub: "--runMode genomeGenerate",
			groups: "--genomeDir <REF_1>|--genomeFastaFiles <REF_2>|--runThreadN 4",
			tokens: "STAR|--runMode|genomeGenerate|--genomeDir|<REF_1>|--genomeFastaFiles|<REF_2>|--runThreadN|4"},
		{name: "STAR mode with =",
			cmd: "STAR --runMode=alignReads --genomeDir idx", exe: "STAR", sub: "--runMode alignReads",
			groups: "--genomeDir <REF_1>", tokens: "STAR|--runMode|alignReads|--genomeDir|<REF_1>"},
		{name: "STAR default mode",
			cmd: "STAR --genomeDir idx --readFilesIn r.fq", exe: "STAR", sub: "--runMode alignReads",
			groups: "--genomeDir <REF_1>|--readFilesIn", positionals: "<INPUT_1>", tokens: "STAR|--genomeDir|<REF_1>|--readFilesIn|<INPUT_1>"},
		{name: "bedtools old name",
			cmd: "intersectBed -a a.bed -b b.bed -u", exe: "bedtools", sub: "intersect",
			groups: "-a <INPUT_1>|-b <INPUT_2>|-u", tokens: "bedtools|intersect|-a|<INPUT_1>|-b|<INPUT_2>|-u"},
		{name: "bedtools old name getfasta",
			cmd: "fastaFromBed -fi ref.fa -bed r.bed", exe: "bedtools", sub: "getfasta",
			groups: "-fi <INPUT_1>|-bed", positionals: "<INPUT_2>", tokens: "bedtools|getfasta|-fi|<INPUT_1>|-bed|<INPUT_2>"},
		{name: "no subcommand when the second word is a file",
			cmd: "fastqc -t 2 r1.fq r2.fq", exe: "fastqc",
			groups: "-t 2", positionals: "<INPUT_1>|<INPUT_2>", tokens: "fastqc|-t|2|<INPUT_1>|<INPUT_2>"},
		{name: "comma list is one file",
			cmd: "bowtie2 -x idx -1 a_1.fq,b_1.fq -2 a_2.fq,b_2.fq -S o.sam", exe: "bowtie2",
			groups: "-x <REF_1>|-1 <INPUT_1>|-2 <INPUT_2>|-S <OUTPUT_1>", tokens: "bowtie2|-x|<REF_1>|-1|<INPUT_1>|-2|<INPUT_2>|-S|<OUTPUT_1>"},
		{name: "quoting",
			cmd: `samtools view -h "my file.bam" 'chr1:1-100' a\ b "a\"b" "\$x" "$HOME"`, exe: "samtools", sub: "view",
			groups: "-h", positionals: `<INPUT_1>|chr1:1-100|a b|a"b|$x|$HOME`,
			tokens: `samtools|view|-h|<INPUT_1>|chr1:1-100|a b|a"b|$x|$HOME`},
		{name: "escapes kept inside double quotes, line continuation",
			cmd: "bwa mem -R \"@RG\\tID:x\" \\\n ref.fa r.fq", exe: "bwa", sub: "mem",
			groups: `-R @RG\tID:x`, positionals: "<INPUT_1>|<INPUT_2>", tokens: `bwa|mem|-R|@RG\tID:x|<INPUT_1>|<INPUT_2>`},
		{name: "expansions kept verbatim",
			cmd: "samtools sort -@ $(nproc) -o ${OUT} $IN/x.bam", exe: "samtools", sub: "sort",
			groups: "-@ $(nproc)|-o <OUTPUT_1>", positionals: "<INPUT_1>", tokens: "samtools|sort|-@|$(nproc)|-o|<OUTPUT_1>|<INPUT_1>"},
		{name: "unparseable line falls back to blanks",
			cmd: "samtools view 'in.bam -o out.bam", exe: "samtools", sub: "view",
			groups: "-o <OUTPUT_1>", positionals: "<INPUT_1>", tokens: "samtools|view|<INPUT_1>|-o|<OUTPUT_1>"},
		{name: "fallback stops at operators, drops redirections",
			cmd: "bwa mem 'ref.fa r.fq 2>err.txt > out.sam|samtools", exe: "bwa", sub: "mem",
			positionals: "<INPUT_1>|<INPUT_2>", tokens: "bwa|mem|<INPUT_1>|<INPUT_2>"},
		{name: "fallback with attached operator",
			cmd: "'cmd x.txt;rm y", exe: "cmd",
			positionals: "<INPUT_1>", tokens: "cmd|<INPUT_1>"},
		{name: "assignment only", cmd: "X=1"},
		{name: "compound command", cmd: "if true; then ls; fi"},
		{name: "empty", cmd: "   "},
		{name: "subshell", cmd: "(ls -l x.txt)", exe: "ls", tokens: "ls|-l|<INPUT_1>", groups: "-l", positionals: "<INPUT_1>"},
		{name: "empty word", cmd: `"" x`, tokens: ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := Normalize(tc.cmd)
			if n.Executable != tc.exe || n.Subcommand != tc.sub {
				t.Errorf("exe, sub = %q, %q; want %q, %q", n.Executable, n.Subcommand, tc.exe, tc.sub)
			}
			if got := strings.Join(n.Tokens, "|"); got != tc.tokens {
				t.Errorf("tokens\n got %s\nwant %s", got, tc.tokens)
			}
			if got := strings.Join(n.FlagGroups, "|"); got != tc.groups {
				t.Errorf("groups\n got %s\nwant %s", got, tc.groups)
			}
			if got := strings.Join(n.Positionals, "|"); got != tc.positionals {
				t.Errorf("positionals\n got %s\nwant %s", got, tc.positionals)
			}
		})
	}
}

func TestCustomRoles(t *testing.T) {
	r := DefaultRoles()
	r.Output["-O"] = true
	n := r.Normalize("gatk HaplotypeCaller -R ref.fa -I in.bam -O out.vcf")
	want := []string{"-R <INPUT_1>", "-I <INPUT_2>", "-O <OUTPUT_1>"}
	if !reflect.DeepEqual(n.FlagGroups, want) {
		t.Errorf("groups %q, want %q", n.FlagGroups, want)
	}
	// A mode flag after a bare-word subcommand is an ordinary flag group.
	r.Mode["--mode"] = true
	n = r.Normalize("tool run --mode fast x.txt")
	if n.Subcommand != "run" || !reflect.DeepEqual(n.FlagGroups, []string{"--mode fast"}) {
		t.Errorf("got %+v", n)
	}
}

func TestFileLike(t *testing.T) {
	for s, want := range map[string]bool{
		"in.bam": true, "r.fq.gz": true, "a/b": true, "ref.bt2": true, "x.nwk": true, "*.fastq.gz": true,
		"a.fq,b.fq": true, "my file.bam": true,
		"": false, "-": false, "0.5": false, "1e-5": false, "sort": false, ".bashrc": false, "x.": false,
		"ILLUMINACLIP:TruSeq3-PE.fa:2:30:10": false, "@RG.x": false, "k=v.txt": false, "v1.2": false,
		"a.fq,b": false, "x.abcdefghijk": false, "x.a-b": false,
	} {
		if got := isFileLike(s); got != want {
			t.Errorf("isFileLike(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestFlagAndNumber(t *testing.T) {
	for s, want := range map[string]bool{
		"-o": true, "--out": true, "-1": true, "-@": true, "-": false, "x": false, "-0.5": false, "-10": false,
		"-.5": false, "-inf": true, "-1e5": false,
	} {
		if got := isFlag(s); got != want {
			t.Errorf("isFlag(%q) = %v, want %v", s, got, want)
		}
	}
	if isNumber("") || isNumber("-") || !isNumber("3") || isNumber("3x") {
		t.Error("isNumber")
	}
}

func TestKeyValue(t *testing.T) {
	for s, want := range map[string]bool{
		"in=a": true, "SORT_ORDER=x": true, "a.b-c=1": true, "_x=": true,
		"=x": false, "1a=b": false, "a b=c": false, "x": false, "a/b=c": false,
	} {
		if _, _, ok := isKeyValue(s); ok != want {
			t.Errorf("isKeyValue(%q) = %v, want %v", s, ok, want)
		}
	}
}

func TestUnescape(t *testing.T) {
	for _, tc := range []struct {
		in     string
		quoted bool
		want   string
	}{
		{`a\ b`, false, "a b"}, {`a\\b`, false, `a\b`}, {`a\`, false, `a\`}, {"a\\\nb", false, "ab"},
		{`a\tb`, true, `a\tb`}, {`a\$b`, true, `a$b`}, {`plain`, false, "plain"},
	} {
		if got := unescape(tc.in, tc.quoted); got != tc.want {
			t.Errorf("unescape(%q, %v) = %q, want %q", tc.in, tc.quoted, got, tc.want)
		}
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		"samtools sort -@ 8 -o out.bam in.bam",
		`bwa mem -R '@RG\tID:x' ref.fa r.fq > out.sam`,
		`echo "unterminated`, `echo 'unterminated`, `a "b'c" 'd"e' \"f`,
		`x $'ansi\tquote' $"locale" "$(echo "nested")" ` + "`bt`",
		"STAR --runMode=genomeGenerate --genomeDir=idx",
		"bbduk.sh in=a.fq out=b.fq ktrim=r",
		"intersectBed -a a.bed -b b.bed | sort > x",
		"cmd -- -a -b c.txt", "( ( (", "}{", "$((1+2)) <(ls) >(cat)", "a=b c=d",
		"cmd\x00x", "cmd \\", "-", "--x=", "x <INPUT_1> <REF_9>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// A hang would otherwise only show as a stalled fuzzer; a panic
		// makes the fuzzer save the input.
		tm := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("no result after 10 s for %q", s)) })
		defer tm.Stop()
		n := Normalize(s)
		if n.Executable == "" {
			if len(n.Tokens) != 0 || len(n.FlagGroups) != 0 || len(n.Positionals) != 0 {
				t.Fatalf("no executable but %+v", n)
			}
			return
		}
		if n.Tokens[0] != n.Executable {
			t.Fatalf("first token %q, executable %q", n.Tokens[0], n.Executable)
		}
		sc := Score(s, s)
		if !sc.Exact || !sc.Equivalent || sc.Accuracy != 1 {
			t.Fatalf("Score(s, s) = %+v", sc)
		}
		sc = Score(s, "other -x 1 y.txt")
		for _, v := range []float64{sc.Recall, sc.Precision, sc.Jaccard, sc.PositionalOrder, sc.Accuracy} {
			if v < 0 || v > 1 {
				t.Fatalf("score out of range: %+v", sc)
			}
		}
	})
}
