package engine

import (
	"strings"
	"testing"
)

// TestColumnsFromTheTask checks, on the captured help of cut, uniq and
// sort, that the columns a task names in words replace an example's
// (cut -f LIST, uniq -f N, sort -k KEYDEF with the example's ordering
// letters), are added where the example has no column flag, and bring the
// complement switch when the task names the columns to leave out.
func TestColumnsFromTheTask(t *testing.T) {
	for _, c := range []struct {
		tool, exTask, exArgs, task, want string
	}{
		{"cut", "take the second column of samples.tsv", "-f 2 samples.tsv", "extract the first three columns of peaks.tsv", "cut -f 1-3 peaks.tsv"},
		{"cut", "take the second column of samples.tsv", "-f 2 samples.tsv", "提取 annotation.tsv 的第1、4、5列", "cut -f 1,4,5 annotation.tsv"},
		{"cut", "show a.tsv", "a.tsv", "print columns 2 to the end of counts.tsv", "cut -f 2- counts.tsv"},
		{"cut", "take the second column of samples.tsv", "-f 2 samples.tsv", "print every column of counts.tsv except the 4th", "cut -f 4 --complement counts.tsv"},
		{"cut", "remove the fifth column from table.tsv", "--complement -f 5 table.tsv", "print columns 1 and 3 of x.tsv", "cut -f 1,3 x.tsv"},
		{"uniq", "count records ignoring the first column", "-c -f 1 r.txt", "count lines of s.txt ignoring the first two fields", "uniq -c -f 2 s.txt"},
		{"sort", "sort results.tsv numerically by column 5", "-k5,5n results.tsv", "sort t.txt numerically by its third column", "sort -k3,3n t.txt"},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	_, f := mapOn(t, "cut", "take the second column of samples.tsv", "-f 2 samples.tsv", "extract the first three columns of peaks.tsv")
	if !hasEvidence(f, "-f 1-3: the task's columns (columns extract the first three of), not the example's 2") {
		t.Errorf("evidence %q", f.Evidence)
	}
}

// TestExampleColumnsAreTheExamples checks, on the captured help of cut and
// sort, that an example's column list its own task named is not kept for
// a task that names none (a placeholder where the tool has no default),
// and that the example's ordering letters the task does not ask for make
// the command uncertain.
func TestExampleColumnsAreTheExamples(t *testing.T) {
	got, f := mapOn(t, "cut", "take the second column of samples.tsv", "-f 2 samples.tsv", "cut the fields of x.tsv")
	if got != "cut -f '<list>' x.tsv" || len(f.Missing) != 1 {
		t.Errorf("got %q, missing %q\n%s", got, f.Missing, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapOn(t, "sort", "sort results.tsv by the p-value column 5 including scientific notation", "-k5,5g results.tsv", "按第二列对 data.txt 排序")
	if got != "sort -k2,2g data.txt" || len(f.Missing) != 1 || !strings.Contains(f.Missing[0], "the example's g answers its own task") {
		t.Errorf("got %q, missing %q\n%s", got, f.Missing, strings.Join(f.Evidence, "\n"))
	}
	// A task that asks for part of the ordering (数值: numeric, in its
	// senses) keeps that part; the rest answers the example's own task.
	got, f = mapOn(t, "sort", "按第 3 列数值从大到小排序 counts.tsv", "-k3,3nr counts.tsv", "按第二列数值对 data.txt 排序")
	if got != "sort -k2,2n data.txt" || len(f.Missing) != 0 {
		t.Errorf("got %q, missing %q\n%s", got, f.Missing, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapOn(t, "sort", "按第 3 列数值从大到小排序 counts.tsv", "-k3,3nr counts.tsv", "按第二列数值从大到小对 data.txt 排序")
	if got != "sort -k2,2nr data.txt" || len(f.Missing) != 0 {
		t.Errorf("got %q, missing %q\n%s", got, f.Missing, strings.Join(f.Evidence, "\n"))
	}
}

// TestSeparatorsFromTheTask checks, on the captured help of cut, paste,
// join and sort, that the separator a task names replaces an example's or
// is added on the flag whose help speaks of a delimiter or separator (an
// output separator on the output delimiter flag), that one the help names
// as its default needs no flag, and that an example's separator the task
// does not name is left out, unless the task's input names it by its
// extension.
func TestSeparatorsFromTheTask(t *testing.T) {
	for _, c := range []struct {
		tool, exTask, exArgs, task, want string
	}{
		{"cut", "take the second column of samples.tsv", "-f 2 samples.tsv", "get the second column of the comma-separated file s.csv", "cut -f 2 -d , s.csv"},
		{"cut", "convert columns 1 and 3 of data.csv to tab-separated output", "-d ',' -f 1,3 --output-delimiter=$'\\t' data.csv",
			"take columns 2 and 4 of a.txt (colon-separated) and write them comma-separated", "cut -d : -f 2,4 '--output-delimiter=,' a.txt"},
		{"cut", "take the second column of samples.csv", "-d ',' -f 2 samples.csv", "take the second column of x.tsv", "cut -f 2 x.tsv"},
		{"cut", "take the second column of samples.csv", "-d ',' -f 2 samples.csv", "take the third column of x.csv", "cut -d , -f 3 x.csv"},
		{"paste", "merge two column files", "names.txt values.txt", "put a.txt and b.txt side by side, separated by commas", "paste -d , a.txt b.txt"},
		{"cut", "take the second column of samples.tsv", "-f 2 samples.tsv", "get the third column of meta.csv", "cut -f 3 -d , meta.csv"},
		{"cut", "take the second column of samples.tsv", "-f 2 samples.tsv", "get the third column of meta.tsv", "cut -f 3 meta.tsv"},
		{"sort", "sort results.tsv numerically by column 5", "-k5,5n results.tsv", "sort t.csv numerically by column 2", "sort -k2,2n t.csv"},
		{"paste", "merge two column files with a comma", "-d ',' names.txt values.txt", "put a.txt and b.txt side by side as tab-separated columns", "paste a.txt b.txt"},
		{"paste", "merge two column files", "names.txt values.txt", "把 a.txt 和 b.txt 按行合并，用冒号分隔", "paste -d : a.txt b.txt"},
		{"join", "join counts.sorted.tsv and annotation.sorted.tsv on the gene ID in column 1", "-t $'\\t' c.sorted.tsv a.sorted.tsv", "join the sorted files f1.txt and f2.txt on their first field", "join f1.txt f2.txt"},
		{"join", "join the sorted files a.txt and b.txt", "a.txt b.txt", "join the semicolon-separated files f1.txt and f2.txt", "join -t ';' f1.txt f2.txt"},
		{"sort", "sort results.tsv numerically by column 5", "-k5,5n results.tsv", "sort the comma-separated t.csv numerically by column 2", "sort -k2,2n -t , t.csv"},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	_, f := mapOn(t, "join", "join counts.sorted.tsv and annotation.sorted.tsv on the gene ID in column 1", "-t $'\\t' c.sorted.tsv a.sorted.tsv", "join the sorted files f1.txt and f2.txt on their first field")
	if !hasEvidence(f, "left out -t \"\\t\": the task names no such separator") || !hasEvidence(f, "the task's column 1 is the tool's default") {
		t.Errorf("evidence %q", f.Evidence)
	}
	if len(f.Unused) > 0 {
		t.Errorf("unused %q", f.Unused)
	}
}
