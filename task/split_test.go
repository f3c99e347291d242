package task

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplitCommands(t *testing.T) {
	type seg struct {
		op, text, redirect string
		app                bool
		words              string // words joined by "·"
	}
	cases := []struct {
		in   string
		want []seg
	}{
		{"sort aln.bam by coordinate", []seg{{"", "sort aln.bam by coordinate", "", false, "sort·aln.bam·by·coordinate"}}},
		{"view aln.bam | head -n 5", []seg{{"", "view aln.bam", "", false, "view·aln.bam"}, {"|", "head -n 5", "", false, "head·-n·5"}}},
		{"view aln.bam > out.txt", []seg{{"", "view aln.bam", "out.txt", false, "view·aln.bam"}}},
		{"view aln.bam >out.txt", []seg{{"", "view aln.bam", "out.txt", false, "view·aln.bam"}}},
		{"view aln.bam 1> out.txt", []seg{{"", "view aln.bam", "out.txt", false, "view·aln.bam"}}},
		{"flagstat aln.bam >> log", []seg{{"", "flagstat aln.bam", "log", true, "flagstat·aln.bam"}}},
		{"view aln.bam | gzip > x.gz", []seg{{"", "view aln.bam", "", false, "view·aln.bam"}, {"|", "gzip", "x.gz", false, "gzip"}}},
		{"sort aln.bam into s.bam && index s.bam", []seg{{"", "sort aln.bam into s.bam", "", false, "sort·aln.bam·into·s.bam"}, {"&&", "index s.bam", "", false, "index·s.bam"}}},
		// Quotes: a | or > inside them is text.
		{`filter x.vcf with 'QUAL<20 || DP>10' | head`, []seg{{"", `filter x.vcf with 'QUAL<20 || DP>10'`, "", false, "filter·x.vcf·with·QUAL<20 || DP>10"}, {"|", "head", "", false, "head"}}},
		{`split the names at the first '|'`, []seg{{"", `split the names at the first '|'`, "", false, "split·the·names·at·the·first·|"}}},
		// "<" before a number or as a placeholder is prose, not a redirection.
		{"keep reads with quality < 30 from x.bam", []seg{{"", "keep reads with quality < 30 from x.bam", "", false, "keep·reads·with·quality·<·30·from·x.bam"}}},
		{"align r.fq to -x <index> with at most 2 mismatches (n <= 2)", []seg{{"", "align r.fq to -x <index> with at most 2 mismatches (n <= 2)", "", false, "align·r.fq·to·-x·<index>·with·at·most·2·mismatches·(n·<=·2)"}}},
		{`grep "a|b" x.txt`, []seg{{"", `grep "a|b" x.txt`, "", false, "grep·a|b·x.txt"}}},
		{`view “my file.bam” | head`, []seg{{"", `view “my file.bam”`, "", false, "view·my file.bam"}, {"|", "head", "", false, "head"}}},
		// Prose that is not shell.
		{"keep reads with mapping quality >= 30 from aln.bam", []seg{{"", "keep reads with mapping quality >= 30 from aln.bam", "", false, "keep·reads·with·mapping·quality·>=·30·from·aln.bam"}}},
		{"keep reads with quality > 30", []seg{{"", "keep reads with quality > 30", "", false, "keep·reads·with·quality·>·30"}}},
		{"QUAL<20 || DP<10 in x.vcf", []seg{{"", "QUAL<20 || DP<10 in x.vcf", "", false, "QUAL<20·||·DP<10·in·x.vcf"}}},
		{"the sample's reads | head", []seg{{"", "the sample's reads", "", false, "the·sample's·reads"}, {"|", "head", "", false, "head"}}},
		{"map A -> B", []seg{{"", "map A -> B", "", false, "map·A·->·B"}}},
		// ">" inside a word is "greater than" unless a file's name follows
		{"save the P(S>x) data to p.xy", []seg{{"", "save the P(S>x) data to p.xy", "", false, "save·the·P(S>x)·data·to·p.xy"}}},
		{"count A>G changes in x.vcf", []seg{{"", "count A>G changes in x.vcf", "", false, "count·A>G·changes·in·x.vcf"}}},
		{"view x.bam>out.sam", []seg{{"", "view x.bam", "out.sam", false, "view·x.bam"}}},
		{"view x.bam>out/", []seg{{"", "view x.bam", "out/", false, "view·x.bam"}}},
		{"it's 'unclosed | head", []seg{{"", "it's 'unclosed", "", false, "it's·'unclosed"}, {"|", "head", "", false, "head"}}},
		{`a\|b`, []seg{{"", `a\|b`, "", false, "a|b"}}},
		{`view x.bam > 'my out.sam'`, []seg{{"", "view x.bam", "my out.sam", false, "view·x.bam"}}},
		{`view x.bam > my\ out.sam`, []seg{{"", "view x.bam", "my out.sam", false, "view·x.bam"}}},
		{`view x.bam > "a \"q\".sam"`, []seg{{"", "view x.bam", `a "q".sam`, false, "view·x.bam"}}},
		{`say "a \"b\" c"`, []seg{{"", `say "a \"b\" c"`, "", false, `say·a "b" c`}}},
		{`say "open`, []seg{{"", `say "open`, "", false, `say·"open`}}},
		{"排序 aln.bam 然后 | head", []seg{{"", "排序 aln.bam 然后", "", false, "排序·aln.bam·然后"}, {"|", "head", "", false, "head"}}},
	}
	for _, c := range cases {
		got, err := SplitCommands(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		var gs []seg
		for _, g := range got {
			gs = append(gs, seg{string(g.Op), g.Text, g.Redirect, g.Append, strings.Join(g.Words, "·")})
		}
		if !reflect.DeepEqual(gs, c.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", c.in, gs, c.want)
		}
	}
}

func TestSplitCommandsErrors(t *testing.T) {
	cases := map[string]string{
		"":                           "the task is empty",
		"   ":                        "the task is empty",
		"| head":                     "no command between the start and |",
		"view x.bam |":               "no command between | and the end",
		"view x.bam | | head":        "no command between | and |",
		"&& index x.bam":             "no command between the start and &&",
		"view x.bam > a.sam > b.sam": "two redirections of one command (a.sam and b.sam)",
		"view x.bam 2> err.txt":      `only standard output can be redirected ("2> err.txt")`,
		"view x.bam | > out.sam":     "the redirection to out.sam has no command before it",
		"view -c < aln.bam":          `input redirection ("< aln.bam") is not supported: name aln.bam in the task`,
		"wc -l <reads.fq | head":     `input redirection ("< reads.fq")`,
	}
	for in, want := range cases {
		_, err := SplitCommands(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", in, err, want)
		}
	}
}
