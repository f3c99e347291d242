package engine

import (
	"slices"
	"strings"
	"testing"
)

// The word before a mode noun names the mode; a comma before the noun
// ends the clause, a negated mode is none asked for, a stop word names none, and a Chinese name is the run
// before 模式 (or the word before it when 模式 opens its run).
func TestModeNames(t *testing.T) {
	for tk, want := range map[string][]string{
		"predict genes in contigs.fa in metagenome mode":   {"metagenome"},
		"metagenome-mode gene prediction on contigs.fa":    {"metagenome"},
		"prediction on contigs.fa, -mode":                  nil,
		"align x.fa with the G-INS-i strategy":             {"g-ins-i"},
		"map the reads with the HiFi preset, output a.sam": {"hifi"},
		"assemble r1.fq and r2.fq, mode careful":           nil,
		"let mafft pick the strategy for x.fa":             {"the"},
		"用 SPAdes 的宏基因组模式组装 reads_1.fq":                    {"的宏基因组"},
		"用 spoa 以 semi-global 模式（2）为 cluster9.fq 生成共识序列":   {"semi-global"},
	} {
		m := &mapper{task: tk}
		var got []string
		for _, mn := range m.modeNames() {
			got = append(got, mn.name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q: modeNames = %q, want %q", tk, got, want)
		}
	}
	if w := (&mapper{}).modeWords("the"); len(w) != 0 {
		t.Errorf("a stop word names no mode: %v", w)
	}
}

// Values a help gives as bracketed alternatives or with a numbered colon
// are read when the other readings of choices find none.
func TestModeValues(t *testing.T) {
	pairs := func(fd FlagDoc) []string {
		var out []string
		for _, p := range modeValues(fd) {
			out = append(out, p.value+"="+p.words)
		}
		return out
	}
	if got := pairs(FlagDoc{Name: "-p", Description: "Select procedure (single or meta).  Default is single."}); !slices.Equal(got, []string{"single=single", "meta=meta"}) {
		t.Errorf("or list: %q", got)
	}
	if got := pairs(FlagDoc{Name: "-f", Description: "Select output format (gbk, gff, or sco)."}); !slices.Equal(got, []string{"gbk=gbk", "gff=gff", "sco=sco"}) {
		t.Errorf("comma or list: %q", got)
	}
	if got := pairs(FlagDoc{Name: "-t", Description: "Type of input sequencing data. Its values include 0: RNA-seq data 1: genomic DNA-seq data."}); !slices.Equal(got, []string{"0=RNA-seq data", "1=genomic DNA-seq data"}) {
		t.Errorf("colon numbers: %q", got)
	}
	if got := pairs(FlagDoc{Name: "-x", Description: "Note: 1 thing"}); got != nil {
		t.Errorf("one number is no list: %q", got)
	}
}

// A mode the task names is set when one flag alone offers it: a listed
// value the name begins with, a numbered meaning that says the name, a
// preset's meaning, a switch whose help opens with the name. The mode
// the tool runs in by default asks for no flag.
func TestModeChoices(t *testing.T) {
	for _, c := range []struct{ tool, task, want string }{
		{"prodigal", "predict genes in contigs.fa in metagenome mode, proteins to p.faa", "-p meta"},
		{"prodigal", "metagenome-mode gene prediction on contigs.fa; proteins to p.faa", "-p meta"},
		{"subread-align", "align the RNA-seq reads r.fq.gz to the index idx in RNA-seq mode, BAM output r.bam", "-t 0"},
		{"minimap2", "map PacBio HiFi reads h.fq.gz to asm.fa with the HiFi preset, SAM output to h.sam", "-x map-hifi"},
		{"samtools", "check whether a.bam and b.bam are intact, in verbose mode", "quickcheck -v"},
	} {
		cmd, f := mapHelpOnly(t, c.tool, c.task)
		if !strings.Contains(cmd, c.want) || !hasEvidence(f, "the task asks for the") {
			t.Errorf("%q: got %q, want %s\n%s", c.task, cmd, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	cmd, f := mapHelpOnly(t, "prodigal", "predict genes in contigs.fa in single mode, proteins to p.faa")
	if strings.Contains(cmd, "-p") || hasEvidence(f, "unmet:") {
		t.Errorf("the default mode: %q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}

// A mode nothing the command sets says makes it uncertain, and the
// finding names the mode; a file's name that holds the mode's word says
// no mode. A mode a set flag's help says ("宏基因组模式" and spades.py
// --meta, "for metagenomic data") is met.
func TestUnmetMode(t *testing.T) {
	cmd, f := mapHelpOnly(t, "prodigal", "predict genes in anon_contigs.fa in anonymous mode, write the GFF to anon.gff")
	if !f.Uncertain || !hasEvidence(f, `unmet: the task asks for the "anonymous" mode, which nothing the command sets says`) {
		t.Errorf("%q uncertain %v\n%s", cmd, f.Uncertain, strings.Join(f.Evidence, "\n"))
	}
	cmd, f = mapGolden(t, "spades.py", "用 SPAdes 的宏基因组模式组装 reads_1.fq 和 reads_2.fq，输出目录 meta_asm")
	if !strings.Contains(cmd, "--meta") || hasEvidence(f, "unmet:") {
		t.Errorf("%q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}

// Two words say the same mode when one begins the other and the shorter
// has four letters or more.
func TestBegunBy(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{{"meta", "metagenome", true}, {"metagenomic", "metagenom", true}, {"met", "metagenome", false}, {"hifi", "map-hifi", false}} {
		if got := begunBy(c.a, c.b); got != c.want {
			t.Errorf("begunBy(%q, %q) = %v", c.a, c.b, got)
		}
	}
}
