package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"github.com/traitome/oxo-call/internal/bincodec"
)

// FuzzExtractSlots: any task is read without panicking, and every file
// slot is a substring of the task or of one of its quoted strings.
func FuzzExtractSlots(f *testing.F) {
	for _, s := range []string{"sort aln.bam by coordinate with 8 threads into aln.sorted.bam", "对 aln.bam 排序，使用8个线程",
		"extract chr1:100-2,000 from in.bam, K=5, read group '@RG\\tID:s1'", "-k 31 -x sr ref.fa \"a b.fq\"", "", "\"unterminated", "{item} {stem}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, task string) {
		s := ExtractSlots(task)
		for _, fs := range s.Files {
			if !strings.Contains(task, fs.Path) && !strings.Contains(task, strings.TrimSuffix(fs.Path, ".")) {
				t.Fatalf("file %q is not in the task %q", fs.Path, task)
			}
		}
	})
}

// FuzzQuoteArgv: the display of any argv parses back to the same words.
func FuzzQuoteArgv(f *testing.F) {
	f.Add("samtools", "sort", "a b.bam", "$(id)")
	f.Add("x", "-x.bam", "'\"", "\n\t")
	f.Add("é", "*", "~", "#")
	f.Fuzz(func(t *testing.T, a, b, c, d string) {
		argv := []string{a, b, c, d}
		for _, s := range argv {
			if strings.ContainsRune(s, 0) || !isValidUTF8(s) {
				return // argv cannot carry NUL; invalid UTF-8 is not a name a shell round-trips
			}
		}
		line := QuoteArgv(argv)
		lang := syntax.LangPOSIX
		if strings.Contains(line, "$'") {
			lang = syntax.LangBash
		}
		file, err := syntax.NewParser(syntax.Variant(lang)).Parse(strings.NewReader(line), "")
		if err != nil {
			t.Fatalf("%q → %s does not parse: %v", argv, line, err)
		}
		if len(file.Stmts) != 1 {
			t.Fatalf("%q → %s is %d statements", argv, line, len(file.Stmts))
		}
		got := shellWords(t, line)
		if strings.Join(got, "\x00") != strings.Join(argv, "\x00") {
			t.Fatalf("%q → %s → %q", argv, line, got)
		}
	})
}

func isValidUTF8(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// FuzzCacheGet: whatever bytes sit in a cache file, Get returns a doc only
// when it is a complete entry for the key, and never panics.
func FuzzCacheGet(f *testing.F) {
	body, _ := bincodec.Marshal(&ToolDoc{Framework: "getopt", Subcommands: []SubcommandDoc{{Name: "sort"}}})
	good := append([]byte(docHeader+"k\n"), body...)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("{}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "x-k"+cacheExt), data, 0o644)
		d, _ := NewCache(dir, 1).Get("x", "k")
		if d != nil {
			rest, ok := bytes.CutPrefix(data, []byte(docHeader+"k\n"))
			if !ok || bincodec.Unmarshal(rest, &ToolDoc{}) != nil {
				t.Fatalf("accepted a bad entry: %q", data)
			}
		}
	})
}
