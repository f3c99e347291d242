package engine

import (
	"strings"
	"testing"
)

// TestNumberBySense checks that the senses of a number's words fit it to
// a flag in English as in Chinese: "60 characters per line" is fold's
// --width ("use WIDTH columns"), "每行递增 10" nl's --line-increment.
func TestNumberBySense(t *testing.T) {
	for _, c := range []struct{ tool, task, want string }{
		{"fold", "oneline.seq has the whole sequence on one line; wrap it to 60 characters per line -> wrapped.seq", "-w 60"},
		{"nl", "给 primers.txt 每一行加上行号，从 100 开始，每行递增 10，直接打印到屏幕", "-i 10"},
	} {
		rec, doc := helpDoc(t, c.tool, c.tool)
		f := MapTask(builtinRules, rec, doc, nil, c.task)
		if got := Assemble(rec, f).Display; !strings.Contains(got, c.want) {
			t.Errorf("%s: %s\n%s", c.task, got, strings.Join(f.Evidence, "\n"))
		}
	}
}
