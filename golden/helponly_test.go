package golden

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
)

// fromHelpAlone builds the command for a task from a tool's real captured help
// alone (the doc scenario: no skill), as for a tool no skill covers.
func fromHelpAlone(t *testing.T, tool, task string) *engine.Result {
	t.Helper()
	c, err := Read(filepath.Join(tool, "capture.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	s := loadRules(t)
	e := engine.New(engine.Options{Rules: s})
	res, err := e.GenerateFrom(context.Background(), engine.Request{Tool: tool, Task: task, Cwd: t.TempDir(), Scenario: "doc"}, c.Record(), explore(s, c), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestHelpOnlyOnRealHelp checks commands built from real help alone, for
// faults no golden case of the skill scenario shows:
//   - a compound one switch's help writes asks for it (kallisto's
//     "single-end" for --single, though --sd's help says "single");
//   - a file never takes a usage place for a region (tabix -R);
//   - a sequence goes to the flag its words fit, never to the flag of the
//     other end of the strand (cutadapt's 3' -a; a 5' adapter ties -g
//     and -G, and stays unplaced, uncertain);
//   - a switch named by the word a set flag's help opens on is that
//     flag's ask ("discard reads with more than 1 expected error" is
//     --max-expected-errors 1, not --discard), but a word a set flag's
//     help says later still names one ("with bowtie2" for rsem's
//     --bowtie2, though -p's help mentions Bowtie2), and so does one a
//     file's flag opens on (fastp's -m beside --merged_out).
func TestHelpOnlyOnRealHelp(t *testing.T) {
	for _, c := range []struct{ tool, task, want string }{
		{"kallisto", "kallisto quant for single-end library sc_S2.fastq.gz: fragment length 200, sd 20, index mm_tx.idx, output directory sc_S2_kallisto",
			"kallisto quant -i mm_tx.idx -l 200 -s 20 --single -o sc_S2_kallisto sc_S2.fastq.gz"},
		{"tabix", "retrieve the records of calls.vcf.gz that fall in the regions listed in targets.bed", "tabix -R targets.bed calls.vcf.gz"},
		{"cutadapt", "trim the 3' adapter AGATCGGAAGAGC from reads.fq.gz and write trimmed.fq.gz", "cutadapt -o trimmed.fq.gz -a AGATCGGAAGAGC reads.fq.gz"},
		{"cutadapt", "trim the 3' adapter CTGTAGGCACCATCAAT from smallrna.fq.gz and discard reads with more than 1 expected error, write smallrna.ee.fq.gz",
			"cutadapt -o smallrna.ee.fq.gz --max-expected-errors 1 -a CTGTAGGCACCATCAAT smallrna.fq.gz"},
		{"cutadapt", "remove the 5' adapter GTTCAGAGTTCTACAGTCCGACGATC from small.fq and write small.trimmed.fq", "cutadapt -o small.trimmed.fq small.fq"},
	} {
		res := fromHelpAlone(t, c.tool, c.task)
		if res.Command.Display != c.want {
			t.Errorf("%s %q:\n got %s\nwant %s", c.tool, c.task, res.Command.Display, c.want)
		}
	}
	res := fromHelpAlone(t, "rsem-calculate-expression", "quantify paired-end reads s1_1.fq and s1_2.fq with bowtie2 against reference ref/human, 8 threads, sample s1")
	if !strings.Contains(res.Command.Display, " --bowtie2 ") {
		t.Errorf("rsem: got %s, want --bowtie2", res.Command.Display)
	}
	// Two subcommands at the very same score, neither named by name
	// (diamond's cluster and linclust for "linear-time clustering"): the
	// help's order would pick one, so the command is uncertain and says
	// what is missing.
	res = fromHelpAlone(t, "diamond", "linear-time clustering of big.faa with 80% member coverage, output big_clusters.tsv")
	if !res.Uncertain || res.Fill == nil || !slices.ContainsFunc(res.Fill.Missing, func(s string) bool { return strings.Contains(s, "chooses between") }) {
		t.Errorf("diamond: %s uncertain %v", res.Command.Display, res.Uncertain)
	}
	// "5-prime" names an end, no number for -g; a sequence never goes to
	// a flag whose help names its end but not what it is (-q
	// "[5'CUTOFF,]3'CUTOFF … Trim low-quality bases from 5' and/or 3'
	// ends … before adapter removal"): with -g and -G tied, it stays
	// unplaced and the command uncertain.
	res = fromHelpAlone(t, "cutadapt", "trim the 5-prime adapter GTTCAGAGTTCTACAGTCCGACGATC from lib.fq and write lib.trim.fq")
	if got := res.Command.Display; strings.Contains(got, "-q ") || strings.Contains(got, "-g 5") || !res.Uncertain {
		t.Errorf("cutadapt 5-prime: %s uncertain %v", got, res.Uncertain)
	}
	// A file's flag whose help opens on "merging" (--merged_out) does not
	// do the merge: -m does.
	res = fromHelpAlone(t, "fastp", "merge the overlapping pairs of r1.fq.gz and r2.fq.gz and write the merged reads to merged.fq.gz")
	if !strings.Contains(res.Command.Display+" ", " -m ") {
		t.Errorf("fastp: got %s, want -m", res.Command.Display)
	}
}
