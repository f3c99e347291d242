package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestQuickSkillsKeepsPrecedence(t *testing.T) {
	home := t.TempDir()
	d := &Deps{Getenv: func(k string) string { return map[string]string{"HOME": home}[k] }}
	a := &app{d: d}
	q := quickSkills{a}
	// A built-in found by its file name, without loading the store.
	sk, ok := q.Get("samtools")
	if !ok || sk.Source != "builtin:samtools.md" || a.skills != nil {
		t.Fatalf("samtools: %v %v (store loaded: %v)", sk, ok, a.skills != nil)
	}
	// An alias needs the store.
	sk, ok = q.Get("blastn")
	if !ok || sk.Name != "blast" || a.skills == nil {
		t.Fatalf("blastn alias: %v %v", sk, ok)
	}
	// A user skill wins over the built-in of the same name.
	a.skills = nil
	dir := filepath.Join(home, ".config", "oxo-call", "skills")
	os.MkdirAll(dir, 0o755)
	body := "---\nname: samtools\ncategory: alignment\ndescription: mine\ntags: []\n---\n## Concepts\n- c\n## Pitfalls\n- p\n## Examples\n### sort x\n**Args:** `sort x.bam`\n**Explanation:** e\n"
	os.WriteFile(filepath.Join(dir, "samtools.md"), []byte(body), 0o644)
	sk, ok = q.Get("samtools")
	if !ok || !strings.HasSuffix(sk.Source, "samtools.md") || strings.HasPrefix(sk.Source, "builtin:") {
		t.Fatalf("user samtools: %v %v", sk, ok)
	}
	// A user dir with other files still goes through the store (aliases).
	os.Remove(filepath.Join(dir, "samtools.md"))
	os.WriteFile(filepath.Join(dir, "other.md"), []byte(strings.Replace(body, "name: samtools", "name: other", 1)), 0o644)
	a.skills = nil
	if sk, ok := q.Get("samtools"); !ok || sk.Source != "builtin:samtools.md" {
		t.Fatalf("through the store: %v %v", sk, ok)
	}
	if _, ok := q.Get("no-such-tool"); ok {
		t.Fatal("unknown tool found")
	}
}
