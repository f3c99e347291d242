package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/traitome/oxo-call/rules"
)

// Stage 5 gives constraint rules each flag's category, so one lab rule
// covers every tool's thread flag whatever its spelling.
func TestValidateGivesCategories(t *testing.T) {
	dir := t.TempDir()
	_ = os.MkdirAll(filepath.Join(dir, "constraints"), 0o755)
	rule := "- id: lab.max_threads\n  description: at most 16 threads\n  when: 'any(flags, categories[#] == \"performance\" && int(values[#]) > 16)'\n  then: { severity: warning, message: more than 16 threads }\n"
	if err := os.WriteFile(filepath.Join(dir, "constraints", "lab.yaml"), []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, errs := rules.Load(rules.Options{UserDir: dir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for threads, want := range map[string]bool{"32": true, "8": false} {
		f := &Fill{Executable: "samtools", Subcommand: []string{"sort"}, Flags: []FlagValue{{Name: "-@", Value: threads, HasValue: true}}, Positionals: []string{"in.bam"}}
		fs := Validate(rs, samRec, samToolDoc(), f, Assemble(samRec, f), t.TempDir())
		got := slices.ContainsFunc(fs, func(x Finding) bool { return x.Rule == "lab.max_threads" })
		if got != want {
			t.Errorf("-@ %s: lab rule fired %v, want %v (%+v)", threads, got, want, fs)
		}
	}
}
