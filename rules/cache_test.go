package rules

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
)

// sameRules fails unless a and b hold the same rules in the same order
// with the same then values.
func sameRules(t *testing.T, a, b *Set) {
	t.Helper()
	x, y := a.All(), b.All()
	if len(x) != len(y) {
		t.Fatalf("%d rules, want %d", len(y), len(x))
	}
	for i := range x {
		f, l := x[i], y[i]
		if f.ID != l.ID || f.Kind != l.Kind || f.When != l.When || f.File != l.File || f.Line != l.Line || f.Origin != l.Origin ||
			f.Priority != l.Priority || f.Description != l.Description || !reflect.DeepEqual(f.Then, l.Then) {
			t.Fatalf("rule %d: %+v (then %+v), want %+v (then %+v)", i, l, l.Then, f, f.Then)
		}
	}
	if a.Fingerprint() != b.Fingerprint() {
		t.Fatal("fingerprints differ")
	}
}

// TestCachedLoadMatchesFullLoad: the first lazy load with a cache dir
// writes the cache, the second reads it; both hold what a full load
// holds, and once Complete the same identifiers and tests, which pass.
func TestCachedLoadMatchesFullLoad(t *testing.T) {
	full, _ := Load(Options{})
	dir := t.TempDir()
	first, errs := Load(Options{Lazy: true, CacheDir: dir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if _, err := os.Stat(filepath.Join(dir, cacheFile)); err != nil {
		t.Fatalf("no cache written: %v", err)
	}
	second, errs := Load(Options{Lazy: true, CacheDir: dir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, r := range second.All() {
		if r.lazy == nil || r.lazy.source == nil {
			t.Fatalf("rule %s was not read from the cache", r.ID)
		}
	}
	sameRules(t, full, first)
	sameRules(t, full, second)
	if errs := second.Complete(); len(errs) > 0 {
		t.Fatal(errs)
	}
	for i, f := range full.All() {
		l := second.All()[i]
		if !reflect.DeepEqual(f.Identifiers, l.Identifiers) || !reflect.DeepEqual(f.Tests, l.Tests) || f.metered != l.metered {
			t.Fatalf("%s after Complete: identifiers %v / %v, tests %d / %d", f.ID, l.Identifiers, f.Identifiers, len(l.Tests), len(f.Tests))
		}
	}
	res := second.RunTests()
	if len(res) != len(full.RunTests()) {
		t.Fatalf("%d tests from the cached set", len(res))
	}
	for _, r := range res {
		if !r.Pass {
			t.Error(r.Msg)
		}
	}
}

// TestCachedBuiltinsWithUserRules: user rules override and extend cached
// built-ins as they do parsed ones, and a broken user rule is still
// reported with its file, line and id.
func TestCachedBuiltinsWithUserRules(t *testing.T) {
	user := writeUser(t, map[string]string{
		"aliases/mine.yaml": "- id: alias.star\n  when: 'lower == \"star\"'\n  then: {executables: [STAR-mine]}\n  tests:\n    - given: {tool: star}\n      fires: true\n",
		"frameworks/x.yaml": "- id: framework.mine\n  when: 'framwork == 1'\n  then: {parser: generic}\n",
	})
	cache := t.TempDir()
	for range 2 { // writes the cache, then reads it
		s, errs := Load(Options{UserDir: user, Lazy: true, CacheDir: cache})
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), "frameworks/x.yaml:2: rule framework.mine: when does not compile") {
			t.Fatalf("errors %v", errs)
		}
		r, _ := s.Get("alias.star")
		if r.Origin != "user" || !strings.HasPrefix(r.Overrides, "builtin:aliases/") {
			t.Fatalf("alias.star: origin %s overrides %q", r.Origin, r.Overrides)
		}
		m, ok, _ := s.First("aliases", &AliasEnv{Tool: "STAR"})
		if !ok || m.Rule != r {
			t.Fatalf("First = %v", m.Rule)
		}
	}
}

// TestCacheIsIgnoredUnlessItsKeyAndContentFit: a cache file of another
// key, or one that does not decode, is read as no cache and written anew;
// packs with an error are never cached; a cache that cannot be written
// costs nothing but the cache.
func TestCacheIsIgnoredUnlessItsKeyAndContentFit(t *testing.T) {
	packs := fstest.MapFS{"aliases/a.yaml": {Data: []byte("- id: alias.x\n  when: 'tool == \"x\"'\n  then: {executables: [x1]}\n  tests:\n    - given: {tool: x}\n      fires: true\n")}}
	key := packsKey(packs, "build 1")
	file := filepath.Join(t.TempDir(), "sub", cacheFile)
	load := func() *Set {
		t.Helper()
		s := newSet()
		if errs := s.loadCached(packs, "builtin:", file, key); len(errs) > 0 {
			t.Fatal(errs)
		}
		if r, ok := s.Get("alias.x"); !ok || r.Then.(*AliasThen).Executables[0] != "x1" {
			t.Fatalf("alias.x = %+v", r)
		}
		return s
	}
	cachedNow := func() bool {
		t.Helper()
		b, err := os.ReadFile(file)
		return err == nil && strings.HasPrefix(string(b), key+"\n")
	}
	load()
	if !cachedNow() {
		t.Fatal("no cache written")
	}
	if r, _ := load().Get("alias.x"); r.lazy.source == nil {
		t.Fatal("the cache was not read")
	}
	good, _ := os.ReadFile(file)
	body := func(list ...cachedRule) string {
		b, ok := encodeRules(list)
		if !ok {
			t.Fatal("not encoded")
		}
		return key + "\n" + string(b)
	}
	for name, body := range map[string]string{
		"other key":     "0123\n" + string(good[len(key)+1:]),
		"no key line":   key,
		"truncated":     string(good[:len(good)-5]),
		"trailing":      string(good) + "x",
		"empty list":    key + "\n\x00",
		"huge count":    key + "\n\xff\xff\xff\xff\x0f",
		"unknown kind":  body(cachedRule{ID: "alias.x", Kind: "alias", File: "builtin:aliases/a.yaml", Then: &AliasThen{}}),
		"list too long": body(cachedRule{ID: "alias.x", Kind: "aliases", File: "builtin:aliases/a.yaml", Then: &AliasThen{}})[:len(key)+1+30] + "\x7e",
	} {
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if r, _ := load().Get("alias.x"); r.lazy.source != nil {
			t.Fatalf("%s: the cache was read", name)
		}
		if !cachedNow() {
			t.Fatalf("%s: the cache was not written anew", name)
		}
	}
	// A FIFO or a link to a device is not read, and is replaced.
	os.Remove(file)
	if err := syscall.Mkfifo(file, 0o644); err != nil {
		t.Fatal(err)
	}
	load()
	if !cachedNow() {
		t.Fatal("a FIFO was not replaced")
	}
	os.Remove(file)
	if err := os.Symlink("/dev/zero", file); err != nil {
		t.Fatal(err)
	}
	load()
	if !cachedNow() {
		t.Fatal("a link to /dev/zero was not replaced")
	}
	// Another build or other packs make another key.
	if packsKey(packs, "build 2") == key {
		t.Fatal("the key ignores the build")
	}
	other := fstest.MapFS{"aliases/a.yaml": {Data: append([]byte("# x\n"), packs["aliases/a.yaml"].Data...)}}
	if packsKey(other, "build 1") == key {
		t.Fatal("the key ignores the packs' bytes")
	}
	// Broken packs are reported and not cached.
	os.Remove(file)
	broken := fstest.MapFS{"aliases/a.yaml": {Data: []byte("- id: alias.x\n  when: 'tool == \"x\"'\n  then: {executables: [x1], bad: 1}\n")}}
	if errs := newSet().loadCached(broken, "builtin:", file, key); len(errs) != 1 || !strings.Contains(errs[0].Error(), `builtin:aliases/a.yaml:3: rule alias.x: then: unknown key "bad"`) {
		t.Fatalf("errors %v", errs)
	}
	if _, err := os.Stat(file); err == nil {
		t.Fatal("broken packs were cached")
	}
	// A cache dir that is a file: no cache, no error.
	blocked := filepath.Join(t.TempDir(), "f")
	os.WriteFile(blocked, nil, 0o644)
	file = filepath.Join(blocked, cacheFile)
	load()
	load()
}

// TestCachedRuleTestsFromChangedPacks: the tests of a cached rule are
// read from its pack; a pack that cannot be read names its file.
func TestCachedRuleTestsFromChangedPacks(t *testing.T) {
	packs := fstest.MapFS{"aliases/a.yaml": {Data: []byte("- id: alias.x\n  when: 'tool == \"x\"'\n  then: {executables: [x1]}\n  tests:\n    - given: {tool: x}\n      fires: true\n")}}
	file := filepath.Join(t.TempDir(), cacheFile)
	newSet().loadCached(packs, "builtin:", file, "k")
	for name, fsys := range map[string]fstest.MapFS{
		"missing": {},
		"broken":  {"aliases/a.yaml": {Data: []byte("- [")}},
	} {
		s := newSet()
		if errs := s.loadCached(fsys, "builtin:", file, "k"); len(errs) > 0 {
			t.Fatal(errs)
		}
		res := s.RunTests()
		if len(res) != 1 || res[0].Pass || !strings.HasPrefix(res[0].Msg, "builtin:aliases/a.yaml") {
			t.Fatalf("%s: %+v", name, res)
		}
	}
	s := newSet()
	s.loadCached(packs, "builtin:", file, "k")
	if res := s.RunTests(); len(res) != 1 || !res[0].Pass {
		t.Fatalf("%+v", res)
	}
}

// TestThenTypesRoundTripThroughTheCache: every then type is one the cache
// form holds, and a value with every field set (lists empty, missing and
// full) comes back the same; a type with another field is refused.
func TestThenTypesRoundTripThroughTheCache(t *testing.T) {
	for _, k := range KindNames() {
		spec, _ := Kind(k)
		for _, list := range [][]string{nil, {}, {"a", "b"}} {
			then := spec.NewThen()
			v := reflect.ValueOf(then).Elem()
			for i := range v.NumField() {
				switch f := v.Field(i); f.Kind() {
				case reflect.String:
					f.SetString("s" + k)
				case reflect.Bool:
					f.SetBool(true)
				case reflect.Int, reflect.Int64, reflect.Int32:
					f.SetInt(-7)
				case reflect.Slice:
					if list != nil {
						s := reflect.MakeSlice(f.Type(), len(list), len(list))
						for j, x := range list {
							s.Index(j).SetString(x)
						}
						f.Set(s)
					}
				}
			}
			in := cachedRule{ID: "x.y", Kind: k, Description: "d", When: "w", File: "f", WhenLine: 3, Priority: -2, Line: 9, FingerprintJSON: "[]", Then: then}
			b, ok := encodeRules([]cachedRule{in})
			if !ok {
				t.Fatalf("%s: then type not held by the cache form", k)
			}
			out, ok := decodeRules(b)
			if !ok || len(out) != 1 || !reflect.DeepEqual(out[0], in) {
				t.Fatalf("%s: %+v came back as %+v", k, in, out)
			}
		}
	}
	type withMap struct{ M map[string]string }
	type unexported struct{ s string }
	for _, v := range []any{&withMap{}, &unexported{}, &struct{ L []int }{}} {
		if (&encoder{}).value(reflect.ValueOf(v).Elem()) {
			t.Errorf("%T encoded", v)
		}
	}
}
