package task

import "testing"

// Chinese writes the marker, a filler and what the file holds as one
// run ("合并成一个计数矩阵 x"): the file is an output.
func TestOutputAfterNouns(t *testing.T) {
	for task, want := range map[string]map[string]bool{
		"把 a.results b.results 合并成一个计数矩阵 genes.matrix": {"a.results": false, "genes.matrix": true},
		"使用一个新的参考 ref.fa":                              {"ref.fa": false},
		"把 a.vcf 转成每个样本一行的制表符表格并且空值用 NA 表示 out.tsv":    {"out.tsv": false},
	} {
		fr := Parse(task)
		got := map[string]bool{}
		for _, f := range fr.Files {
			got[f.Path] = f.Output
		}
		for path, out := range want {
			if o, ok := got[path]; !ok || o != out {
				t.Errorf("%q: %s output=%v (found %v), want %v", task, path, o, ok, out)
			}
		}
	}
}

func TestMarkerBeforeNoun(t *testing.T) {
	for w, want := range map[string]bool{"合并成一个计数矩阵": true, "保存为新的表格": true, "合并成": false, "一个": false, "合并成一个非常非常长的计数矩阵文件": false} {
		if got := markerBeforeNoun(w); got != want {
			t.Errorf("markerBeforeNoun(%q) = %v, want %v", w, got, want)
		}
	}
}
