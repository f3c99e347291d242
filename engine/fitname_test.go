package engine

import "testing"

// "8 CPUs" names --cpu by its plural: the number goes there, not to a
// flag whose help shares another word of the clause ("save").
func TestFitFlagPluralName(t *testing.T) {
	m := newMapper(builtinRules, samRec, nil, nil, "search g.fa with m.cm using 8 CPUs and save hits")
	cpu := FlagDoc{Name: "--cpu", ParamType: "int", Description: "number of parallel CPU workers to use for multithreads"}
	save := FlagDoc{Name: "-A", ParamType: "float", Description: "save multiple alignment of all significant hits to file <s>"}
	ctx := []string{"m.cm", "using", "cpus", "and", "save"}
	if a, b := m.fitFlag(cpu.Name, &cpu, ctx), m.fitFlag(save.Name, &save, ctx); a <= b {
		t.Errorf("fit --cpu %v, -A %v: the plural of --cpu's name should fit it best", a, b)
	}
	for _, c := range []struct {
		w, name string
		want    bool
	}{{"cpus", "cpu", true}, {"threads", "thread", true}, {"cpu", "cpu", false}, {"ks", "k", false}} {
		if got := pluralOf(c.w, c.name); got != c.want {
			t.Errorf("pluralOf(%q, %q) = %v, want %v", c.w, c.name, got, c.want)
		}
	}
}
