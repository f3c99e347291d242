package engine

import (
	"strings"
	"testing"
)

// A flag whose help lists numeric codes with their meaning takes one of
// them; a share is the same amount as a fraction of one.
func TestNumericCodesAndAmounts(t *testing.T) {
	mode := FlagDoc{Name: "--cov-mode", ParamType: "int", Description: "0: coverage of query and target 1: coverage of target 2: coverage of query 3: target seq. length has to be at least x% of query length [0]"}
	for v, want := range map[string]bool{"80%": true, "80": true, "1": false, "3": false, "4": true} {
		if got := codesExclude(mode, v); got != want {
			t.Errorf("codesExclude(--cov-mode, %s) = %v, want %v", v, got, want)
		}
	}
	for _, desc := range []string{"number of threads", "run at 10: 30 and 12: 00", "see 2: below"} {
		if codesExclude(FlagDoc{Description: desc}, "80") {
			t.Errorf("no run of codes in %q", desc)
		}
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{{"80%", "0.8", true}, {"0.8", "80%", true}, {"80%", "80%", true}, {"80%", "80", false}, {"8", "0.8", false}, {"50%", "0.8", false}} {
		if got := sameAmount(c.a, c.b); got != c.want {
			t.Errorf("sameAmount(%s, %s) = %v", c.a, c.b, got)
		}
	}
}

// On mmseqs's captured help: the task's 80% coverage goes where the
// example's -c 0.8 stands, never to the mode flag --cov-mode; a
// subcommand the task types ("with easy-linclust") is chosen though the
// words of another ("cluster") and its skill keywords fit more; a number
// that fits a flag the example sets itself is not written twice.
func TestCodesAmountsAndTypedSubcommand(t *testing.T) {
	for _, c := range []struct{ task, want string }{
		{"cluster gut_catalog.faa at 50% identity and 80% coverage, prefix gut_c50, temporary directory tmp_mm", "-c 0.8"},
		{"Cluster the proteins in gut_catalog.faa with easy-linclust at 90% identity and 80% coverage, result prefix clu90, temporary directory tmp", "mmseqs easy-linclust gut_catalog.faa clu90 tmp --min-seq-id 0.9 -c 0.8"},
	} {
		f, got := capturedFill(t, "mmseqs", c.task)
		if !strings.Contains(got, c.want) || strings.Contains(got, "--cov-mode 80") {
			t.Errorf("%q: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	_, got := capturedFill(t, "mmseqs", "cluster gut_catalog.faa at 50% identity with coverage mode 1, prefix gut_c50, temporary directory tmp_mm")
	if strings.Count(got, "--cov-mode") != 1 {
		t.Errorf("--cov-mode written twice or not at all: %q", got)
	}
}

// A range of numbers an example gives (shuf -i 1-96) is the example's
// data: the task's own range takes its place ("1 to 10" as well as
// "between 1 and 96"), and its bounds fill no single number of the
// example (no -n 10 for "1 to 10"). Naming a subcommand the tool's examples run
// (computeMatrix's scale-regions) keeps those examples; naming the
// program typed ("the HISAT2 index") chooses no mode of it.
func TestRangesAndNamedSubcommands(t *testing.T) {
	for _, c := range []struct{ tool, task, want string }{
		{"shuf", "draw 10 random numbers between 1 and 96", "shuf -i 1-96 -n 10"},
		{"shuf", "draw 5 random numbers between 20 and 40", "shuf -i 20-40 -n 5"},
		{"shuf", "print the numbers 1 to 10 in random order", "shuf -i 1-10"},
		{"cut", "keep only the first 8 characters of each line of ids.txt", "cut -c 1-8 ids.txt"},
		{"computeMatrix", "用 computeMatrix 的 scale-regions 模式,把 genes.bed 的基因体缩放到 3000 bp,信号文件 pol2.bw,输出 body.mat.gz", "-R genes.bed"},
		{"hisat2", "list the names of the sequences in the HISAT2 index genome_idx", "hisat2-inspect -n genome_idx"},
	} {
		f, got := capturedFill(t, c.tool, c.task)
		if !strings.Contains(got, c.want) || c.want == "shuf -i 1-10" && got != c.want {
			t.Errorf("%s %q: got %q, want %q\n%s", c.tool, c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	if !valueLike("1-96") || valueLike("96") {
		t.Error("valueLike of a range")
	}
}
