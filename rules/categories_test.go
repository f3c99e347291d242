package rules

import (
	"os"
	"path/filepath"
	"testing"
)

// A lab rule on flag categories is written once, for every tool.
func TestConstraintOnCategories(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "constraints"), 0o755); err != nil {
		t.Fatal(err)
	}
	rule := `- id: lab.max_threads
  description: no more than 16 threads on the shared nodes
  when: 'any(flags, categories[#] == "performance" && int(values[#]) > 16)'
  then: { severity: warning, message: more than 16 threads }
  tests:
    - given: { flags: ["-@"], values: {"-@": "32"}, categories: {"-@": performance} }
      fires: true
    - given: { flags: ["--threads"], values: {"--threads": "8"}, categories: {"--threads": performance} }
      fires: false
    - given: { flags: ["-k"], values: {"-k": "31"}, categories: {"-k": algorithm} }
      fires: false
`
	if err := os.WriteFile(filepath.Join(dir, "constraints", "lab.yaml"), []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	s, errs := Load(Options{UserDir: dir, NoBuiltin: true})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, env := range []struct {
		e    ConstraintEnv
		want int
	}{
		{ConstraintEnv{Flags: []string{"-t"}, Values: map[string]string{"-t": "64"}, Categories: map[string]string{"-t": "performance"}}, 1},
		{ConstraintEnv{Flags: []string{"-p"}, Values: map[string]string{"-p": "4"}, Categories: map[string]string{"-p": "performance"}}, 0},
	} {
		ms, err := s.Eval("constraints", &env.e)
		if err != nil || len(ms) != env.want {
			t.Fatalf("%+v: %d matches (%v), want %d", env.e, len(ms), err, env.want)
		}
	}
}
