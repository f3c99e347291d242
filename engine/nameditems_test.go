package engine

import (
	"slices"
	"strings"
	"testing"
)

// Task items the command accounts for without a value of their own are
// no unused items: a number that is a part of the program's name ("454
// reads" for cd-hit-454) names the program, and a separator a switch of
// the command is named for ("制表符分隔" with bedtools getfasta's -tab) is
// how it writes.
func TestItemsNamedByTheCommand(t *testing.T) {
	rec := &ToolRecord{Name: "cd-hit-454", Executable: "cd-hit-454", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-i", ParamType: "file", Category: "Input", Description: "input filename in fasta format, required"},
		{Name: "-o", ParamType: "file", Category: "Output", Description: "output filename, required"},
		{Name: "-c", ParamType: "float", Description: "sequence identity threshold, default 0.98"},
	}}
	f := MapTask(builtinRules, rec, doc, nil, "cluster the 454 reads in reads454.fa, output reads454_nr")
	if slices.Contains(f.Unused, "454") || slices.ContainsFunc(f.Evidence, func(s string) bool { return strings.Contains(s, "number 454") }) {
		t.Errorf("454 read as a value: unused %q\n%s", f.Unused, strings.Join(f.Evidence, "\n"))
	}
	cmd, f := mapHelpOnly(t, "bedtools", "用 bedtools getfasta 从 genome.fa 中提取 peaks.bed 区域的序列，输出为制表符分隔格式，保存到 peaks.tab")
	if !strings.Contains(cmd, " -tab") || len(f.Unused) > 0 {
		t.Errorf("%s: unused %q", cmd, f.Unused)
	}
}
