package task

import (
	"reflect"
	"strings"
	"testing"
)

// TestColumns checks the column lists read from English and Chinese
// tasks, that numbers read into a list leave Numbers, and that a list to
// leave out is marked so (and dropped when the task also names the list
// to keep).
func TestColumns(t *testing.T) {
	type col struct {
		v    string
		comp bool
	}
	for _, c := range []struct {
		task string
		want []col
		nums int
	}{
		{"extract the first three columns of peaks.tsv", []col{{"1-3", false}}, 0},
		{"get the second column of samples.csv", []col{{"2", false}}, 0},
		{"keep rows whose 5th column is above 100", []col{{"5", false}}, 1},
		{"print every column of counts.tsv except the 4th", []col{{"4", true}}, 0},
		{"drop the first column of counts.tsv, keeping columns 2 to the end", []col{{"2-", false}}, 0},
		{"drop the first column of counts.tsv", []col{{"1", true}}, 0},
		{"extract columns 1 and 3 of table.tsv", []col{{"1,3", false}}, 0},
		{"sort by columns 1, 2 and 5 of x.txt", []col{{"1,2,5", false}}, 0},
		{"print columns 2 to 5 of x.txt", []col{{"2-5", false}}, 0},
		{"print fields 2-4 of x.txt", []col{{"2-4", false}}, 0},
		{"print column 3 onward of x.txt", []col{{"3-", false}}, 0},
		{"the 1st and 3rd columns of x.txt", []col{{"1,3", false}}, 0},
		{"the first 2 fields of x.txt", []col{{"1-2", false}}, 0},
		{"提取 annotation.gtf 的第1、4、5列", []col{{"1,4,5", false}}, 0},
		{"按第二列数值对 data.txt 排序", []col{{"2", false}}, 0},
		{"输出前三列", []col{{"1-3", false}}, 0},
		{"输出第2到5列", []col{{"2-5", false}}, 0},
		{"提取 x.tsv 的第 1,4 列", []col{{"1,4", false}}, 0},
		{"去掉第1列", []col{{"1", true}}, 0},
		{"计算 genomes.txt 中列出的所有基因组", nil, 0},
		{"用两列格式输出", nil, 0},
		{"show the first 20 lines of big.txt", nil, 1},
		{"count the three columns", nil, 0},
	} {
		fr := Parse(c.task)
		var got []col
		for _, x := range fr.Columns {
			got = append(got, col{x.Value, x.Complement})
		}
		if !reflect.DeepEqual(got, c.want) || len(fr.Numbers) != c.nums {
			t.Errorf("%s: columns %v numbers %v, want %v and %d numbers", c.task, got, fr.Numbers, c.want, c.nums)
		}
	}
	// A list's words are the ones it was read from, and no others.
	for task, want := range map[string]string{
		"extract the first three columns of peaks.tsv":                      "first three columns",
		"print every column of counts.tsv except the 4th":                   "column of counts.tsv except the 4th",
		"drop the first column of counts.tsv":                               "drop the first column",
		"drop the first column of counts.tsv, keeping columns 2 to the end": "columns 2 to the end",
		"sort by columns 1, 2 and 5 of x.txt":                               "columns 1 2 and 5",
	} {
		if cols := Parse(task).Columns; len(cols) != 1 || strings.Join(cols[0].Words, " ") != want {
			t.Errorf("%s: column words %v, want %q", task, cols, want)
		}
	}
	if n, ok := Ordinal("3rd"); !ok || n != 3 {
		t.Errorf("Ordinal(3rd) = %d %v", n, ok)
	}
	if _, ok := Ordinal("three"); ok {
		t.Error("three is a count, not an ordinal")
	}
	if _, ok := Ordinal("2x"); ok {
		t.Error("2x is not an ordinal")
	}
}

// TestSeparators checks the separators read from a task: a word joined to
// or near a cue, one written for what is output, Chinese runs, and words
// with no cue.
func TestSeparators(t *testing.T) {
	type sep struct {
		v   string
		out bool
	}
	for _, c := range []struct {
		task string
		want []sep
	}{
		{"get the second column of the comma-separated file samples.csv", []sep{{",", false}}},
		{"put the lines of ids.txt and counts.txt side by side, separated by commas", []sep{{",", false}}},
		{"take columns 1 and 3 of samples.csv (comma-separated) and write them tab-separated", []sep{{",", false}, {"\t", true}}},
		{"use a colon as the delimiter", []sep{{":", false}}},
		{"把 ids.txt 中的所有行合并成一行，用逗号分隔", []sep{{",", false}}},
		{"输出为制表符分隔的文件", []sep{{"\t", true}}},
		{"turn every comma into a tab", nil},
		{"pipe the reads into samtools", nil},
		{"合并成一行逗号", nil},
	} {
		var got []sep
		for _, s := range Parse(c.task).Separators {
			got = append(got, sep{s.Value, s.Output})
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %+v, want %+v", c.task, got, c.want)
		}
	}
}
