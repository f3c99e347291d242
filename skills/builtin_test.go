package skills

import (
	"io/fs"
	"path"
	"strings"
	"testing"
	"unicode"
)

// TestBuiltinSkills checks every embedded skill file: it parses strictly,
// its name matches its file, it is deep enough, its examples and keywords
// are consistent, and no name or alias selects two skills.
func TestBuiltinSkills(t *testing.T) {
	fsys := Builtin()
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	var all []*Skill
	for _, e := range entries {
		name := e.Name()
		t.Run(strings.TrimSuffix(name, ".md"), func(t *testing.T) {
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				t.Fatal(err)
			}
			sk, warns, err := Parse("builtin:"+name, data, true)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range warns {
				t.Errorf("warning: %s", w)
			}
			if want := strings.TrimSuffix(name, path.Ext(name)); sk.Name != want {
				t.Errorf("name %q does not match file %s", sk.Name, name)
			}
			var probs []string
			probs = append(probs, CheckDepth(sk, 4, 4, 8)...)
			probs = append(probs, CheckExamples(sk)...)
			probs = append(probs, CheckKeywords(sk)...)
			for _, p := range probs {
				t.Error(p)
			}
			all = append(all, sk)
		})
	}
	for _, p := range CheckUnique(all) {
		t.Error(p)
	}
	st, errs := Load(nil, fsys)
	for _, e := range errs {
		t.Errorf("Load: %v", e)
	}
	for _, sk := range all {
		if got, ok := st.Get(sk.Name); !ok || got.Source != sk.Source {
			t.Errorf("Load lost %s", sk.Source)
		}
	}
}

func TestChecks(t *testing.T) {
	sk := &Skill{
		Name: "tool", Source: "t.md", Aliases: []string{"Tool2"}, Companions: []string{"tool-build"},
		Concepts: []string{"c"},
		Keywords: map[string][]string{"run": {"r"}, "tool": {"t"}, "tool2": {"x"}, "tool-build": {"b"}, "stale": {"s"}},
		Examples: []Example{
			{Task: "a", Args: "run x", Line: 3},
			{Task: "b", Args: "tool run x", Line: 6},
			{Task: "c", Args: "run 'x", Line: 9},
			{Task: "d", Args: "  ", Line: 12},
			{Task: "e", Args: "sudo run", Line: 15},
		},
	}
	check := func(what string, got, want []string) {
		t.Helper()
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s:\n got  %q\n want %q", what, got, want)
		}
	}
	check("depth", CheckDepth(sk, 1, 2, 3), []string{"t.md: 0 pitfalls, need at least 2"})
	check("examples", CheckExamples(sk), []string{
		`t.md:6: example "b": Args start with the tool name "tool"; leave it out`,
		`t.md:9: example "c": Args: unbalanced quote: single quote at offset 4 is not closed`,
		`t.md:12: example "d": Args has no words`,
		`t.md:15: example "e": Args use sudo`,
	})
	check("keywords", CheckKeywords(sk), []string{
		`t.md: keywords key "stale" is not the tool name, an alias, a companion or the first word of any example's Args`,
	})
	other := &Skill{Name: "other", Source: "o.md", Aliases: []string{"TOOL2", "tool"}}
	check("unique", CheckUnique([]*Skill{sk, other}), []string{
		`o.md: alias "TOOL2" is already used by t.md`,
		`o.md: alias "tool" is already used by t.md`,
	})
}

// TestBuiltinFieldsCovered: at least 150 built-in skills, and every field
// of daily work named in the skill coverage goal has skills of its own
// (by front-matter category).
func TestBuiltinFieldsCovered(t *testing.T) {
	st, errs := Load(nil, Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	list := st.List()
	if len(list) < 150 {
		t.Errorf("%d built-in skills, want >= 150", len(list))
	}
	byCat := map[string]int{}
	for _, sk := range list {
		byCat[sk.Category]++
	}
	fields := []struct {
		field string
		cats  []string
		min   int
	}{
		{"QC and trimming", []string{"quality-control", "read-trimming", "read-preprocessing", "preprocessing", "read-processing"}, 8},
		{"alignment, SAM/BAM/CRAM", []string{"alignment", "alignment-utilities", "alignment-processing"}, 10},
		{"variant calling, SV/CNV and annotation", []string{"variant-calling", "structural-variants", "variant-annotation", "variant-analysis"}, 12},
		{"RNA-seq quantification and single-cell", []string{"rna-seq", "single-cell"}, 8},
		{"ChIP/ATAC and epigenomics", []string{"epigenomics", "peak-calling", "chip-seq", "methylation"}, 6},
		{"metagenomics", []string{"metagenomics"}, 5},
		{"assembly and its assessment", []string{"assembly", "genome-evaluation"}, 8},
		{"long reads", []string{"long-reads"}, 4},
		{"phylogenetics and MSA", []string{"phylogenetics", "multiple-alignment"}, 4},
		{"population genetics", []string{"population-genetics"}, 4},
		{"Unix tools", []string{"system-tools", "file-utilities"}, 20},
	}
	for _, f := range fields {
		n := 0
		for _, c := range f.cats {
			n += byCat[c]
		}
		if n < f.min {
			t.Errorf("%s: %d skills (categories %v), want >= %d", f.field, n, f.cats, f.min)
		}
	}
}

// TestBuiltinSkillsSpeakChinese: every built-in skill answers Chinese
// tasks, with Chinese keywords and at least one example task in Chinese.
func TestBuiltinSkillsSpeakChinese(t *testing.T) {
	st, errs := Load(nil, Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	han := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
	}
	for _, sk := range st.List() {
		kw, ex := false, false
		for _, words := range sk.Keywords {
			for _, w := range words {
				kw = kw || han(w)
			}
		}
		for _, e := range sk.Examples {
			ex = ex || han(e.Task)
		}
		if !kw || !ex {
			t.Errorf("%s: Chinese keywords %v, a Chinese example task %v", sk.Source, kw, ex)
		}
	}
}
