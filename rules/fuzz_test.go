package rules

import (
	"io/fs"
	"testing"
)

// FuzzParseFile feeds arbitrary YAML to the rule loader of every kind:
// it may reject the input, never panic or hang.
func FuzzParseFile(f *testing.F) {
	files, _ := fs.Glob(Builtin(), "*/*.yaml")
	for _, p := range files {
		b, _ := fs.ReadFile(Builtin(), p)
		f.Add(b, uint8(0))
	}
	f.Add([]byte("- id: a.b\n  when: &x 'true'\n  then: *x\n"), uint8(1))
	f.Add([]byte("- id: a.b\n  when: '1..999999999 | len() > 0'\n  then: {}\n"), uint8(2))
	kinds := KindNames()
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		kind := kinds[int(k)%len(kinds)]
		rs, _ := ParseFile(data, kind, "fuzz.yaml", UserLimits)
		s := newSet()
		for _, r := range rs {
			_ = s.add(r)
		}
		s.sortRules()
		env, _ := Kind(kind)
		_, _ = s.Eval(kind, env.NewEnv())
		_ = s.RunTests()
	})
}
