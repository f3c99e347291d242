package engine

import (
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// capturedFill maps a task on a tool's captured help (golden) and its
// built-in skill, and returns the fill and the command line.
func capturedFill(t *testing.T, tool, task string) (*Fill, string) {
	t.Helper()
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	doc := goldenDoc(t, tool)
	sk, _ := st.Get(tool)
	f := MapTask(builtinRules, &doc.Record, doc, sk, task)
	return f, Assemble(&doc.Record, f).Display
}

// The task's spelling of a value arrives unchanged: a directory the task
// names without a slash is not written as the example's "results/".
func TestTaskSpellingArrivesIntact(t *testing.T) {
	for _, c := range []struct{ tool, task, want, evidence string }{
		{"multiqc", "aggregate all the QC logs found under results into one report, written to the directory qc_report", "multiqc -o qc_report results", "wrote results as the task spells it, not results/"},
		{"pigz", "recursively compress every file under raw_data with 8 threads", "pigz -r -p 8 raw_data", "wrote raw_data as the task spells it, not raw_data/"},
		// A task that writes the slash keeps it.
		{"multiqc", "aggregate all the QC logs found under results/ into one report, written to the directory qc_report", "multiqc -o qc_report results/", ""},
	} {
		f, got := capturedFill(t, c.tool, c.task)
		if got != c.want || c.evidence != "" && !hasEvidence(f, c.evidence) {
			t.Errorf("%s %q: got %q, want %q\nevidence %q", c.tool, c.task, got, c.want, f.Evidence)
		}
		if c.evidence == "" && hasEvidence(f, "as the task spells it") {
			t.Errorf("%q: respelled a value the task wrote so: %q", c.task, f.Evidence)
		}
	}
}

func TestAsSpelled(t *testing.T) {
	m := newMapper(builtinRules, alnRec, nil, nil, "scan results and out/ into qc")
	for v, want := range map[string]string{"results/": "results", "out/": "out/", "results": "results", "other/": "other/", "": "", "/": "/"} {
		if got, _ := m.asSpelled(v); got != want {
			t.Errorf("asSpelled(%q) = %q, want %q", v, got, want)
		}
	}
}
