package golden

import (
	"context"
	"path/filepath"
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
//     and -G, and stays unplaced, uncertain).
func TestHelpOnlyOnRealHelp(t *testing.T) {
	for _, c := range []struct{ tool, task, want string }{
		{"kallisto", "kallisto quant for single-end library sc_S2.fastq.gz: fragment length 200, sd 20, index mm_tx.idx, output directory sc_S2_kallisto",
			"kallisto quant -l 200 -s 20 --single -i mm_tx.idx -o sc_S2_kallisto sc_S2.fastq.gz"},
		{"tabix", "retrieve the records of calls.vcf.gz that fall in the regions listed in targets.bed", "tabix -R targets.bed calls.vcf.gz"},
		{"cutadapt", "trim the 3' adapter AGATCGGAAGAGC from reads.fq.gz and write trimmed.fq.gz", "cutadapt -o trimmed.fq.gz -a AGATCGGAAGAGC reads.fq.gz"},
		{"cutadapt", "remove the 5' adapter GTTCAGAGTTCTACAGTCCGACGATC from small.fq and write small.trimmed.fq", "cutadapt -o small.trimmed.fq small.fq"},
	} {
		res := fromHelpAlone(t, c.tool, c.task)
		if res.Command.Display != c.want {
			t.Errorf("%s %q:\n got %s\nwant %s", c.tool, c.task, res.Command.Display, c.want)
		}
	}
}
