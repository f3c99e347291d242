package engine

import (
	"strings"
	"testing"
)

// TestDescendingSense checks that "longest first" and "从长到短" ask for
// sizeseq's -descending ("By default the shortest sequence is given
// first"), and that a task asking for no order gets none.
func TestDescendingSense(t *testing.T) {
	rec, doc := helpDoc(t, "sizeseq", "sizeseq")
	for _, c := range []struct {
		task string
		want bool
	}{
		{"Sort the contigs in contigs.fa by length, longest first, and write contigs_bylen.fa", true},
		{"把 contigs.fa 按长度从长到短排序，输出 sorted.fa", true},
		{"sort the contigs in contigs.fa by length into contigs_bylen.fa", false},
	} {
		f := MapTask(builtinRules, rec, doc, nil, c.task)
		if got := Assemble(rec, f).Display; strings.Contains(got, "-descending") != c.want {
			t.Errorf("%s: %s", c.task, got)
		}
	}
}
