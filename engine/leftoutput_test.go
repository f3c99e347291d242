package engine

import (
	"strings"
	"testing"
)

// TestLeftInputAsOutput: built from the help alone, a task file the task
// never marks as an output ("生成一致性序列 dbg.ctg.fa", "so I get …
// in y.fa"), left with no place while the help reads the inputs through
// flags, is written through the output flag that fits it. A second mate,
// or a file a free flag may still read (macs2's control), stays.
func TestLeftInputAsOutput(t *testing.T) {
	cmd, f := mapCaptured(t, "wtpoa-cns", nil, "由布局文件 dbg.ctg.lay.gz 生成一致性序列 dbg.ctg.fa")
	if cmd.Display != "wtpoa-cns -i dbg.ctg.lay.gz -o dbg.ctg.fa" || !hasEvidence(f, "wrote dbg.ctg.fa through -o: the task names no output") {
		t.Errorf("got %s\n%s", cmd.Display, strings.Join(f.Evidence, "\n"))
	}
	if strings.Contains(strings.Join(f.Mismatched, " "), "dbg.ctg.fa") {
		t.Errorf("findings %q", f.Mismatched)
	}
	cmd, _ = mapCaptured(t, "macs2", nil, "call peaks on chip.bam with input.bam as control for human, experiment name sample1")
	if strings.Contains(cmd.Display, "--tempdir") || strings.Contains(cmd.Display, "-o input.bam") {
		t.Errorf("macs2: got %s", cmd.Display)
	}
	cmd, _ = mapCaptured(t, "STAR", nil, "run basic two-pass mapping of reads_1.fq.gz reads_2.fq.gz (gzip, so use zcat) on star_index, 8 threads, prefix twopass_")
	if strings.Contains(cmd.Display, "Prefix reads_2") {
		t.Errorf("STAR: got %s", cmd.Display)
	}
}

// TestLeftInputStays: the guards of leftInputAsOutput on a help of its
// own: a file a free flag reads, or the second mate of a pair, is no
// output.
func TestLeftInputStays(t *testing.T) {
	rec := &ToolRecord{Name: "pk", Executable: "pk", Installed: true}
	flags := []FlagDoc{
		{Name: "-i", ParamType: "file", Category: "Input", Description: "input file"},
		{Name: "-c", ParamType: "file", Category: "Input", Description: "control file"},
		{Name: "-o", ParamType: "file", Category: "Output", Description: "output file"},
	}
	doc := &ToolDoc{Record: *rec, Description: "call peaks", Flags: flags}
	stays := func(tk string) {
		t.Helper()
		f := MapTask(builtinRules, rec, doc, nil, tk)
		if got := Assemble(rec, f).Display; strings.Contains(got, "-o ") {
			t.Errorf("%q: got %s", tk, got)
		}
	}
	stays("call peaks on chip.bam against the background of input.bam")
	doc.Flags = []FlagDoc{flags[0], flags[2]}
	stays("call peaks on x_1.bam x_2.bam")
	f := MapTask(builtinRules, rec, doc, nil, "call peaks on chip.bam so I get the peaks in peaks.bed")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-o peaks.bed") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
