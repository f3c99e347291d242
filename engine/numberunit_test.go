package engine

import (
	"strings"
	"testing"
)

// TestNumberByPlaceholder checks fastasubseq, whose help reads "-s
// --start <start>" and "-l --length <length>" as taking strings: a
// placeholder that names a quantity takes a number, so "第 250 位开始截取
// 120 bp" (from position 250, cut 120 bp) gives 250 to --start and 120
// to --length. "Grab 500 bp starting at position 1000", whose "starting"
// stands nearer 500, gives 500 to --start and leaves 1000 unplaced: the
// command is uncertain, not wrong with confidence.
func TestNumberByPlaceholder(t *testing.T) {
	rec, doc := helpDoc(t, "fastasubseq", "fastasubseq")
	f := MapTask(builtinRules, rec, doc, nil, "从 bac_insert.fa 的第 250 位开始截取 120 bp，输出到 insert_part.fa")
	if got, want := Assemble(rec, f).Display, "fastasubseq -f bac_insert.fa -s 250 -l 120 > insert_part.fa"; got != want {
		t.Errorf("got %s\nwant %s\n%s", got, want, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "Grab 500 bp starting at position 1000 of chr21_region.fa and save it as chr21_sub.fa")
	if !f.Uncertain {
		t.Errorf("500 and 1000: %s is certain", Assemble(rec, f).Display)
	}
	for _, c := range []struct {
		fd   FlagDoc
		want bool
	}{
		{FlagDoc{Name: "--start", ParamType: "string", Placeholder: "<start>"}, true},
		{FlagDoc{Name: "--name", ParamType: "string", Placeholder: "<name>"}, false},
		{FlagDoc{Name: "--mode", ParamType: "string", Placeholder: "STR", Default: "3"}, true},
		{FlagDoc{Name: "--out", ParamType: "file", Placeholder: "<length>"}, false},
	} {
		if got := takesNumber(c.fd, "12"); got != c.want {
			t.Errorf("takesNumber(%s %s) = %v", c.fd.Name, c.fd.Placeholder, got)
		}
	}
}
