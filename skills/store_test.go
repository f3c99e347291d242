package skills

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// testBuiltin is a small built-in set: samtools from the real files and a
// blast skill with aliases.
func testBuiltin(t *testing.T) fs.FS {
	t.Helper()
	sam, err := fs.ReadFile(Builtin(), "seqtk.md")
	if err != nil {
		t.Fatal(err)
	}
	blast, err := os.ReadFile("testdata/blast_builtin.md")
	if err != nil {
		t.Fatal(err)
	}
	samtools := strings.Replace(goodHeader, "name: tool", "name: samtools", 1) + goodBody
	return fstest.MapFS{
		"seqtk.md":    {Data: sam},
		"blast.md":    {Data: blast},
		"samtools.md": {Data: []byte(samtools)},
		"notes.txt":   {Data: []byte("ignored")},
		"sub":         {Mode: fs.ModeDir},
	}
}

func TestLoadPrecedence(t *testing.T) {
	dirs := []Dir{
		{Path: "testdata/user", Source: "user"},
		{Path: "testdata/missing", Source: "nowhere"},
		{Path: "testdata/data", Source: "data"},
	}
	st, errs := Load(dirs, testBuiltin(t))
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), filepath.Join("testdata", "data", "broken.md")+":3: YAML syntax error") {
		t.Fatalf("errors %v", errs)
	}
	var names []string
	for _, sk := range st.List() {
		names = append(names, sk.Name+"@"+st.Label(sk))
	}
	if got := strings.Join(names, " "); got != "blast@data newtool@user SAMtools@user seqtk@builtin" {
		t.Errorf("List = %s", got)
	}
	sk, ok := st.Get("samtools")
	if !ok || sk.Description != "My own samtools notes" || sk.Source != filepath.Join("testdata", "user", "samtools.md") {
		t.Errorf("user dir does not override: %+v", sk)
	}
	if sk2, _ := st.Get("/opt/x/bin/SAMTOOLS"); sk2 != sk {
		t.Errorf("path lookup failed")
	}
	if sk2, _ := st.Get(`C:\tools\st`); sk2 != sk {
		t.Errorf("alias of a user skill not found")
	}
	// blastn is an alias of the built-in blast, which the community file
	// shadows: the alias still selects the winning blast skill.
	b, ok := st.Get("BlastN")
	if !ok || b.Description != "Community BLAST skill without aliases" {
		t.Errorf("blastn → %+v", b)
	}
	if _, ok := st.Get("nothing"); ok {
		t.Errorf("found a skill for an unknown tool")
	}
	sh := st.Shadowed()
	if len(sh) != 3 {
		t.Fatalf("shadowed %+v", sh)
	}
	want := Shadowed{Name: "samtools", Winner: filepath.Join("testdata", "user", "samtools.md"), Loser: filepath.Join("testdata", "data", "community-samtools.md")}
	if sh[0] != want {
		t.Errorf("shadowed[0] = %+v, want %+v", sh[0], want)
	}
	if len(st.Warnings()) != 2 || !strings.Contains(st.Warnings()[0].String(), "newer.md:8: unknown front-matter key") {
		t.Errorf("warnings %v", st.Warnings())
	}
	if st.Label(&Skill{}) != "" {
		t.Errorf("label for a foreign skill")
	}
}

func TestLoadBrokenBuiltinKeepsOthers(t *testing.T) {
	fsys := fstest.MapFS{
		"good.md":  {Data: []byte(strings.Replace(goodHeader, "tool", "good", 1) + goodBody)},
		"loose.md": {Data: []byte("---\nname: loose\ndescription: d\ntypo_key: 1\n---\n" + goodBody)},
		"dup.md":   {Data: []byte(strings.Replace(goodHeader, "tool", "good", 1) + goodBody)},
		"big.md":   {Data: make([]byte, MaxFileSize+1)},
	}
	st, errs := Load(nil, fsys)
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	want := []string{
		"builtin:big.md: file is 1048577 bytes, over the 1048576-byte limit",
		`builtin:good.md: skill "good" is already defined by builtin:dup.md`,
		`builtin:loose.md:4: unknown front-matter key "typo_key"`,
	}
	if len(msgs) != len(want) {
		t.Fatalf("errors %q", msgs)
	}
	for i := range want {
		if !strings.HasPrefix(msgs[i], want[i]) {
			t.Errorf("error %d: %q, want %q", i, msgs[i], want[i])
		}
	}
	if _, ok := st.Get("good"); !ok {
		t.Errorf("good skill missing")
	}
}

func TestLoadDirErrors(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A dir that is a file, an unreadable entry (dangling link) and no
	// built-ins at all.
	if err := os.Symlink(filepath.Join(tmp, "gone.md"), filepath.Join(tmp, "dangling.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(tmp, "dir.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	st, errs := Load([]Dir{{Path: file}, {Path: tmp}}, nil)
	if len(errs) != 2 {
		t.Fatalf("errors %v", errs)
	}
	if !strings.HasPrefix(errs[0].Error(), file+": ") {
		t.Errorf("error %q does not name %s", errs[0], file)
	}
	if !strings.HasPrefix(errs[1].Error(), filepath.Join(tmp, "dangling.md")+": ") {
		t.Errorf("error %q does not name the dangling link", errs[1])
	}
	if len(st.List()) != 0 {
		t.Errorf("skills %v", st.List())
	}
}

func TestLoadReadError(t *testing.T) {
	_, errs := Load(nil, errFS{})
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "builtin:x.md: ") {
		t.Errorf("errors %v", errs)
	}
	_, errs = Load(nil, fstest.MapFS{})
	if len(errs) != 0 {
		t.Errorf("errors %v", errs)
	}
}

// errFS lists one file that cannot be read.
type errFS struct{}

func (errFS) Open(name string) (fs.File, error) {
	if name == "." {
		return fstest.MapFS{"x.md": {}}.Open(".")
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
}

func TestBuiltinFS(t *testing.T) {
	entries, err := fs.ReadDir(Builtin(), ".")
	if err != nil || len(entries) == 0 {
		t.Fatalf("builtin: %v, %d entries", err, len(entries))
	}
	if _, err := fs.Stat(Builtin(), "seqtk.md"); err != nil {
		t.Error(err)
	}
}

func TestLoaderOnce(t *testing.T) {
	l := NewLoader([]Dir{{Path: "testdata/user", Source: "user"}}, testBuiltin(t))
	var wg sync.WaitGroup
	stores := make([]*Store, 8)
	for i := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], _ = l.Load()
		}()
	}
	wg.Wait()
	for _, s := range stores {
		if s != stores[0] || s == nil {
			t.Fatal("loader returned different stores")
		}
	}
	if _, ok := stores[0].Get("st"); !ok {
		t.Error("alias st missing")
	}
}

// TestCommunityFile loads a file with only the original community keys.
func TestCommunityFile(t *testing.T) {
	data, err := os.ReadFile("testdata/data/community-samtools.md")
	if err != nil {
		t.Fatal(err)
	}
	sk, warns, err := Parse("community-samtools.md", data, false)
	if err != nil || len(warns) != 0 {
		t.Fatalf("err %v, warnings %v", err, warns)
	}
	if sk.Name != "samtools" || sk.Author != "someone" || len(sk.Examples) != 2 || sk.Aliases != nil || sk.Keywords != nil {
		t.Errorf("%+v", sk)
	}
	st, errs := Load([]Dir{{Path: "testdata/data", Source: "data"}}, nil)
	if got, ok := st.Get("SAMTOOLS"); !ok || got.Author != "someone" || st.Label(got) != "data" || len(errs) != 1 {
		t.Errorf("got %+v, errors %v", got, errs)
	}
}
