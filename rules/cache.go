package rules

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/traitome/oxo-call/internal/safefile"
)

// A lazy load of the built-in packs (Options.Lazy) keeps the rules it
// decoded in a file under Options.CacheDir; the next command reads them
// from there instead of parsing the packs' YAML again, which is most of
// what loading costs once compiling is deferred. The file starts with a
// key: a hash of the packs' bytes, the Go version and the executable's
// path, size and modification time. Another build or other packs never
// read a file written by this one; a file that is missing, foreign,
// truncated or unreadable is ignored and written anew. The file holds no
// inline tests: Complete and RunTests read them from the packs.

// cacheFile is the name of the file in Options.CacheDir; a larger file,
// or one that is not a regular file (a FIFO, a link to a device), is
// not read, and is replaced.
const (
	cacheFile     = "builtin.bin"
	cacheMaxBytes = 4 << 20
)

// ProgramKey identifies the running program by its path, size and
// modification time, for caches a rebuilt binary must not read; false
// when the executable cannot be found (no cache then).
var ProgramKey = sync.OnceValues(func() (string, bool) {
	exe, err := os.Executable()
	if err != nil {
		return "", false
	}
	st, err := os.Stat(exe)
	if err != nil {
		return "", false
	}
	return fmt.Sprintf("%s\n%d\n%d", exe, st.Size(), st.ModTime().UnixNano()), true
})

// builtinKey is the cache key of this executable's built-in packs; false
// when the executable cannot be found (no cache then).
var builtinKey = sync.OnceValues(func() (string, bool) {
	prog, ok := ProgramKey()
	if !ok {
		return "", false
	}
	return packsKey(builtinFS, runtime.Version()+"\n"+prog), true
})

// packsKey hashes build (what identifies the program) and every
// <kind>/*.yaml file of fsys, name and bytes.
func packsKey(fsys fs.FS, build string) string {
	h := sha256.New()
	fmt.Fprintf(h, "oxo-call rules cache 1\n%s\n", build)
	files, _ := fs.Glob(fsys, "*/*.yaml")
	// The files stream through one buffer: reading each whole cost a warm
	// command as much memory as its rules.
	buf := make([]byte, 32<<10)
	for _, f := range files {
		// A file that cannot be opened counts as empty; the load that
		// follows reports it.
		n := int64(0)
		if r, err := fsys.Open(f); err == nil {
			n, _ = io.CopyBuffer(h, r, buf)
			r.Close()
		}
		fmt.Fprintf(h, "\n%s %d\n", f, n)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// loadBuiltinCached adds the built-in rules, lazily, from the cache file
// in dir when its key is this program's, else from the packs, and then
// writes the file for the next command.
func (s *Set) loadBuiltinCached(dir string) []error {
	key, ok := builtinKey()
	if !ok {
		return s.loadFS(builtinFS, "builtin:", "builtin", BuiltinLimits, true)
	}
	return s.loadCached(builtinFS, "builtin:", filepath.Join(dir, cacheFile), key)
}

// loadCached is loadBuiltinCached for the packs in fsys, shown with
// prefix, cached in file under key.
func (s *Set) loadCached(fsys fs.FS, prefix, file, key string) []error {
	if rs := readCache(fsys, prefix, file, key); rs != nil {
		var errs []error
		for _, r := range rs {
			if err := s.add(r); err != nil {
				errs = append(errs, err)
			}
		}
		return errs
	}
	errs := s.loadFS(fsys, prefix, "builtin", BuiltinLimits, true)
	if len(errs) == 0 {
		writeCache(file, key, s)
	}
	return errs
}

// readCache returns the rules of the cache file, in the order they were
// added, or nil when the file is not one for key.
func readCache(fsys fs.FS, prefix, file, key string) []*Rule {
	b, err := safefile.ReadFile(file, cacheMaxBytes)
	if err != nil {
		return nil
	}
	head, body, ok := bytes.Cut(b, []byte("\n"))
	if !ok || string(head) != key {
		return nil
	}
	list, ok := decodeRules(body)
	if !ok {
		return nil
	}
	sources := map[string]*testSource{}
	out := make([]*Rule, 0, len(list))
	for _, c := range list {
		spec, _ := Kind(c.Kind)
		src := sources[c.File]
		if src == nil {
			src = &testSource{fsys: fsys, name: c.File[len(prefix):], display: c.File}
			sources[c.File] = src
		}
		out = append(out, &Rule{ID: c.ID, Kind: c.Kind, Description: c.Description, When: c.When, Priority: c.Priority,
			Then: c.Then, fpJSON: c.FingerprintJSON, File: c.File, Line: c.Line, Origin: "builtin",
			lazy: &deferred{spec: spec, lim: BuiltinLimits, whenLine: c.WhenLine, source: src}})
	}
	return out
}

// writeCache writes the rules of s, kind by kind in the order they were
// added, to file under key. The file is written whole under another name
// and renamed, so that a concurrent command reads the old file or the new
// one, never a part. A cache that cannot be written is no error.
func writeCache(file, key string, s *Set) {
	var list []cachedRule
	for _, k := range KindNames() {
		for _, r := range s.byKind[k] {
			list = append(list, cachedRule{ID: r.ID, Kind: r.Kind, Description: r.Description, When: r.When,
				WhenLine: r.lazy.whenLine, Priority: r.Priority, File: r.File, Line: r.Line,
				FingerprintJSON: r.fingerprintJSON(), Then: r.Then})
		}
	}
	body, ok := encodeRules(list)
	if !ok {
		return
	}
	dir := filepath.Dir(file)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	f, err := os.CreateTemp(dir, cacheFile+".*")
	if err != nil {
		return
	}
	_, werr := f.Write(append(append([]byte(key), '\n'), body...))
	if cerr := f.Close(); werr != nil || cerr != nil || os.Rename(f.Name(), file) != nil {
		os.Remove(f.Name())
	}
}

// testSource reads the inline tests of one pack file, once, for the rules
// that came from the cache.
type testSource struct {
	fsys          fs.FS
	name, display string

	once   sync.Once
	byLine map[int][]testConfig
	err    error
}

// tests returns the tests of the rule that starts at line.
func (t *testSource) tests(line int) ([]testConfig, error) {
	t.once.Do(func() {
		t.byLine = map[int][]testConfig{}
		b, err := fs.ReadFile(t.fsys, t.name)
		if err != nil {
			t.err = &Error{File: t.display, Msg: err.Error()}
			return
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(b, &doc); err != nil || len(doc.Content) == 0 {
			t.err = &Error{File: t.display, Line: 1, Msg: "the file changed since it was cached"}
			return
		}
		for _, n := range doc.Content[0].Content {
			var rc ruleConfig
			if err := n.Decode(&rc); err == nil {
				t.byLine[n.Line] = rc.Tests
			}
		}
	})
	return t.byLine[line], t.err
}
