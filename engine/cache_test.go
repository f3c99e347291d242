package engine

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
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
	path := filepath.Join(dir, "samtools-"+key+".bin")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"truncated":       string(good[:len(good)-3]),
		"a byte more":     string(good) + "\x00",
		"garbage":         "\x00\x01",
		"empty":           "",
		"JSON":            `{"format":3,"key":"` + key + `","doc":{}}`,
		"wrong key":       strings.Replace(string(good), key, strings.Repeat("0", len(key)), 1),
		"other format":    strings.Replace(string(good), fmt.Sprintf("tooldoc %d ", docFormat), fmt.Sprintf("tooldoc %d ", docFormat+1), 1),
		"other doc shape": strings.Replace(string(good), docHeader, fmt.Sprintf("oxo-call tooldoc %d 0000000000000000\n", docFormat), 1),
	} {
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

// A doc read from the cache is the doc a JSON cache gave back, for the
// ToolDoc of every tool in golden/ (the help of dozens of real tools).
func TestCacheReadsAsJSONDid(t *testing.T) {
	files, _ := filepath.Glob("../golden/*/tooldoc.golden.json")
	if len(files) < 10 {
		t.Fatalf("%d golden ToolDocs", len(files))
	}
	dir := t.TempDir()
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc ToolDoc
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		// Empty lists and maps, and a help line that is not UTF-8, as
		// a fresh exploration may hold them.
		doc.Messages = []string{}
		doc.Constraints = []string{}
		doc.SubcommandHelps = map[string]string{"bad": "\xffhelp\xfe"}
		doc.RawHelp += "\xc3"
		want := jsonRoundTrip(t, &doc)
		if err := NewCache(dir, 1).Put("tool", "k", &doc); err != nil {
			t.Fatal(err)
		}
		got, note := NewCache(dir, 1).Get("tool", "k")
		if note != "disk" || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %q, the doc differs from JSON's", f, note)
		}
	}
}

func jsonRoundTrip(t *testing.T, d *ToolDoc) *ToolDoc {
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var out ToolDoc
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// A JSON entry an older build wrote is not read; Put replaces it, and
// Remove counts it.
func TestCacheLegacyJSONEntries(t *testing.T) {
	dir := t.TempDir()
	key := strings.Repeat("a", 20)
	legacy := filepath.Join(dir, "samtools-"+strings.Repeat("b", 20)+".json")
	os.WriteFile(legacy, []byte(`{"format":3,"key":"`+key+`","doc":{}}`), 0o644)
	c := NewCache(dir, 1)
	if d, _ := c.Get("samtools", key); d != nil {
		t.Fatal("read a JSON entry")
	}
	if err := c.Put("samtools", key, &ToolDoc{Framework: "getopt"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(legacy); !os.IsNotExist(err) {
		t.Fatal("the JSON entry is still there")
	}
	os.WriteFile(legacy, nil, 0o644)
	if n := c.Remove("samtools"); n != 2 {
		t.Fatalf("Remove = %d, want 2 (this entry and the JSON one)", n)
	}
}

func TestCachePutNotFinite(t *testing.T) {
	if err := NewCache(t.TempDir(), 1).Put("x", "k", &ToolDoc{DocQuality: math.NaN()}); err == nil {
		t.Fatal("a NaN doc written, as JSON would not")
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

// benchDoc is the largest golden ToolDoc.
func benchDoc(b *testing.B) *ToolDoc {
	files, _ := filepath.Glob("../golden/*/tooldoc.golden.json")
	var best []byte
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil && len(data) > len(best) {
			best = data
		}
	}
	var doc ToolDoc
	if err := json.Unmarshal(best, &doc); err != nil {
		b.Fatal(err)
	}
	return &doc
}

// BenchmarkCacheGet reads a cached ToolDoc from disk, as a warm dry-run
// does; BenchmarkCacheGetJSON decodes the same doc from JSON, the form
// the cache had before.
func BenchmarkCacheGet(b *testing.B) {
	doc, dir := benchDoc(b), b.TempDir()
	if err := NewCache(dir, 1).Put("tool", "k", doc); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if d, note := NewCache(dir, 1).Get("tool", "k"); d == nil {
			b.Fatal(note)
		}
	}
}

func BenchmarkCacheGetJSON(b *testing.B) {
	data, err := json.Marshal(benchDoc(b))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		var d ToolDoc
		if err := json.Unmarshal(data, &d); err != nil {
			b.Fatal(err)
		}
	}
}
