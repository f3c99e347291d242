package skills

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func addSeeds(f *testing.F) {
	f.Helper()
	_ = fs.WalkDir(Builtin(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, err := fs.ReadFile(Builtin(), p); err == nil {
				f.Add(data)
			}
		}
		return nil
	})
	files, _ := filepath.Glob("testdata/*/*.md")
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(goodHeader + goodBody))
	f.Add([]byte("---\na: &a [x, *a]\n---\n"))
	f.Add([]byte("---\nname: x\n---\n## Examples\n### t\n**Args:** ``a`b``\n**Explanation:** e\n```\n"))
}

// FuzzParse checks that Parse never panics and that what it accepts is
// consistent.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, strict := range []bool{false, true} {
			sk, warns, err := Parse("f.md", data, strict)
			if err != nil {
				var pe *Error
				if sk != nil || !asError(err, &pe) || pe.Path != "f.md" {
					t.Fatalf("bad error result %v (%T), skill %v", err, err, sk)
				}
				continue
			}
			if strict && len(warns) > 0 {
				t.Fatalf("strict parse returned warnings %v", warns)
			}
			if strings.TrimSpace(sk.Name) == "" || len(sk.Examples) > MaxExamples {
				t.Fatalf("accepted skill %+v", sk)
			}
			lines := strings.Count(string(data), "\n") + 1
			for _, ex := range sk.Examples {
				if ex.Args == "" || ex.Explanation == "" || ex.Task == "" || ex.Line < 1 || ex.Line > lines {
					t.Fatalf("bad example %+v", ex)
				}
			}
		}
	})
}

func asError(err error, target **Error) bool {
	e, ok := err.(*Error)
	*target = e
	return ok
}

// FuzzDraft checks that every draft parses.
func FuzzDraft(f *testing.F) {
	f.Add("samtools", "Tools for alignments", "sort", "sort alignments", "samtools sort [options] <in.bam>")
	f.Add("", "", "", "", "")
	f.Add("a`b", "x\ny: z", "---", "## Examples", "### `")
	f.Fuzz(func(t *testing.T, name, desc, sub, subDesc, usage string) {
		out := Draft(name, desc, []DraftSub{{Name: sub, Description: subDesc}}, []DraftExample{{Task: subDesc, Args: usage, Explanation: desc}, {Task: subDesc, Args: name + " " + usage}})
		if _, _, err := Parse("draft.md", out, false); err != nil {
			t.Fatalf("draft does not parse: %v\n%s", err, out)
		}
	})
}

// FuzzSplitArgs checks that SplitArgs never panics and that words joined
// with single quotes split back to the same words.
func FuzzSplitArgs(f *testing.F) {
	for _, s := range []string{`sort -o "a b" 'c'`, `a\ b`, `"x\"y"`, `'`, `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := SplitArgs(s)
		if err != nil {
			return
		}
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, "'"+strings.ReplaceAll(w, "'", `'\''`)+"'")
		}
		again, err := SplitArgs(strings.Join(quoted, " "))
		if err != nil || strings.Join(again, "\x00") != strings.Join(words, "\x00") || len(again) != len(words) {
			t.Fatalf("round trip %q → %q → %q (%v)", s, words, again, err)
		}
	})
}

func BenchmarkLoadBuiltin(b *testing.B) {
	fsys := Builtin()
	for b.Loop() {
		st, errs := Load(nil, fsys)
		if len(st.List()) == 0 {
			b.Fatal("no skills", errs)
		}
	}
}

func BenchmarkParseSeqtk(b *testing.B) {
	data, err := fs.ReadFile(Builtin(), "seqtk.md")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, _, err := Parse("seqtk.md", data, true); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzFastFrontMatter checks that the fast front-matter decoder agrees
// with yaml.v3 on every input it accepts.
func FuzzFastFrontMatter(f *testing.F) {
	_ = fs.WalkDir(Builtin(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, err := fs.ReadFile(Builtin(), p); err == nil {
				parts := strings.SplitN(string(data), "---\n", 3)
				if len(parts) == 3 {
					f.Add(parts[1])
				}
			}
		}
		return nil
	})
	f.Add("name: x\ntags: [a, 'b, c', \"d\"]\nkeywords:\n  k: [v]\n\n  j: []\n# c\ndescription: yes\n")
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return // Parse rejects these before decoding
		}
		lines := strings.Split(text, "\n")
		fast := &Skill{}
		if _, ok := fastFrontMatter(lines, fast); !ok {
			return
		}
		for _, l := range lines {
			if _, bad := badYAMLChar(l); bad {
				return // Parse rejects these before decoding
			}
		}
		p := &parser{path: "f.md", sk: &Skill{}}
		if err := p.slowFrontMatter(text, 1, 1); err != nil && !strings.Contains(err.Error(), "front matter has no name") {
			t.Fatalf("fast path accepted what yaml.v3 rejects: %v\n%q", err, text)
		}
		slow := p.sk
		if slow.Name != fast.Name || !reflect.DeepEqual(slow, fast) {
			t.Fatalf("fast %#v\nslow %#v\n%q", fast, slow, text)
		}
	})
}
