package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCacheRoundTripAndCorruption(t *testing.T) {
	dir := t.TempDir()
	c := NewCache(dir, 4)
	rec := &ToolRecord{Executable: "samtools", ResolvedPath: "/usr/bin/samtools", Size: 10, ModUnix: 20}
	key := CacheKey(rec, "fp")
	if key == CacheKey(&ToolRecord{Executable: "samtools", ResolvedPath: "/usr/bin/samtools", Size: 11, ModUnix: 20}, "fp") {
		t.Fatal("a changed binary must change the key")
	}
	if key == CacheKey(rec, "fp2") {
		t.Fatal("changed rules must change the key")
	}
	if d, note := c.Get("samtools", key); d != nil || note != "" {
		t.Fatal("empty cache hit")
	}
	doc := &ToolDoc{Record: *rec, Framework: "getopt"}
	if err := c.Put("samtools", key, doc); err != nil {
		t.Fatal(err)
	}
	if d, note := c.Get("samtools", key); d == nil || note != "memory" {
		t.Fatalf("memory get: %v %q", d, note)
	}
	fresh := NewCache(dir, 4)
	if d, note := fresh.Get("samtools", key); d == nil || note != "disk" || d.Framework != "getopt" {
		t.Fatalf("disk get: %v %q", d, note)
	}
	path := filepath.Join(dir, "samtools-"+key+".json")
	for name, body := range map[string]string{"truncated": `{"format":1,"key":"` + key + `","doc":{"record":`, "garbage": "\x00\x01", "wrong key": `{"format":1,"key":"other","doc":{}}`, "old format": `{"format":0,"key":"` + key + `","doc":{}}`} {
		os.WriteFile(path, []byte(body), 0o644)
		d, note := NewCache(dir, 4).Get("samtools", key)
		if d != nil || !strings.Contains(note, "corrupt cache entry") {
			t.Errorf("%s: got %v %q, want a rebuilt (missed) entry", name, d, note)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("%s: corrupt file not removed", name)
		}
	}
	c.Put("samtools", key, doc)
	c.Put("samtools", "k2", doc)
	if n := c.Remove("samtools"); n != 2 {
		t.Fatalf("Remove = %d, want 2", n)
	}
	tmps, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if len(tmps) > 0 {
		t.Fatalf("temporary files left: %v", tmps)
	}
}

func TestWriteFileAtomicErrors(t *testing.T) {
	if err := WriteFileAtomic(filepath.Join(t.TempDir(), "no", "such", "dir", "f"), []byte("x"), 0o600); err == nil {
		t.Fatal("write into a missing directory succeeded")
	}
	p := filepath.Join(t.TempDir(), "f")
	if err := WriteFileAtomic(p, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", st.Mode().Perm())
	}
	c := NewCache(filepath.Join(p, "sub"), 1) // a file where the directory should be
	if err := c.Put("x", "k", &ToolDoc{}); err == nil {
		t.Fatal("Put under a file succeeded")
	}
}
