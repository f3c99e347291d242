package golden

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/skills"
)

// TestPromptTokens builds, for every golden case, the prompt a model would
// get (no model is called) for a large and a small model, and holds each
// under the 2,000-token cap; it logs the median and the maximum.
func TestPromptTokens(t *testing.T) {
	s := loadRules(t)
	st, _ := skills.Load(nil, skills.Builtin())
	e := engine.New(engine.Options{Rules: s, Skills: st})
	for _, model := range []string{"gpt-4.1", "qwen2.5:3b"} {
		var counts []int
		files, _ := filepath.Glob("*/cases.yaml")
		for _, p := range files {
			tool := filepath.Dir(p)
			cases, _ := ReadCases(p)
			c, err := Read(filepath.Join(tool, "capture.txtar"))
			if err != nil {
				t.Fatal(err)
			}
			doc, rec := explore(s, c), c.Record()
			sk, _ := st.Get(tool)
			for _, cs := range cases {
				_, _, n := e.Prompt(cs.Task, rec, doc, sk, model)
				if n > 2000 {
					t.Errorf("%s %q: %d prompt tokens for %s, over the 2,000 cap", tool, cs.Task, n, model)
				}
				counts = append(counts, n)
			}
		}
		sort.Ints(counts)
		if len(counts) == 0 {
			t.Skip("no cases")
		}
		t.Logf("%s: %d prompts, median %d tokens, max %d", model, len(counts), counts[len(counts)/2], counts[len(counts)-1])
	}
}
