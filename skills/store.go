package skills

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/traitome/oxo-call/internal/safefile"
)

//go:embed builtin/*.md
var builtinFiles embed.FS

// Builtin returns the embedded built-in skill files, one NAME.md per tool
// at the root of the returned file system.
func Builtin() fs.FS {
	sub, err := fs.Sub(builtinFiles, "builtin")
	if err != nil { // cannot happen: "builtin" is a valid path
		panic(err)
	}
	return sub
}

// BuiltinLabel is the Dir.Source label of the embedded skills.
const BuiltinLabel = "builtin"

// Dir is a directory of skill files (NAME.md) and the label that says
// where it comes from ("user", "data").
type Dir struct {
	Path   string
	Source string
}

// Store holds the skills that won after precedence was applied.
type Store struct {
	byName   map[string]*Skill // lower-cased name → skill
	byAlias  map[string]string // lower-cased alias → lower-cased name
	label    map[*Skill]string
	list     []*Skill
	shadowed []Shadowed
	warnings []Warning
}

// Shadowed records a skill file that lost to another one of the same name.
type Shadowed struct {
	Name   string
	Winner string // Source of the skill in use
	Loser  string // Source of the file that was ignored
}

// Load reads every NAME.md file of dirs, then the built-in file system.
// Earlier dirs win over later ones and every dir wins over the built-ins,
// by lower-cased name. A missing dir is skipped; a broken file is reported
// in the returned errors and skipped, so the rest keep working. Built-in
// files are parsed strictly. builtin may be nil.
func Load(dirs []Dir, builtin fs.FS) (*Store, []error) {
	s := &Store{
		byName:  map[string]*Skill{},
		byAlias: map[string]string{},
		label:   map[*Skill]string{},
	}
	var errs []error
	var layers [][]*Skill
	for _, d := range dirs {
		sks, es := s.loadDir(d)
		layers, errs = append(layers, sks), append(errs, es...)
	}
	if builtin != nil {
		sks, es := s.loadFS(builtin, "builtin:", BuiltinLabel, true)
		layers, errs = append(layers, sks), append(errs, es...)
	}
	for _, layer := range layers {
		for _, sk := range layer {
			key := strings.ToLower(sk.Name)
			if win, ok := s.byName[key]; ok {
				s.shadowed = append(s.shadowed, Shadowed{Name: sk.Name, Winner: win.Source, Loser: sk.Source})
				continue
			}
			s.byName[key] = sk
			s.list = append(s.list, sk)
		}
	}
	// Aliases of every layer point at the winning skill of that name, so a
	// community file without aliases still answers to the built-in's.
	for _, layer := range layers {
		for _, sk := range layer {
			for _, a := range sk.Aliases {
				a = strings.ToLower(strings.TrimSpace(a))
				if _, isName := s.byName[a]; isName || a == "" {
					continue
				}
				if _, taken := s.byAlias[a]; !taken {
					s.byAlias[a] = strings.ToLower(sk.Name)
				}
			}
		}
	}
	sort.Slice(s.list, func(i, j int) bool {
		return strings.ToLower(s.list[i].Name) < strings.ToLower(s.list[j].Name)
	})
	return s, errs
}

func (s *Store) loadDir(d Dir) ([]*Skill, []error) {
	if _, err := os.Stat(d.Path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	label := d.Source
	if label == "" {
		label = d.Path
	}
	return s.loadFS(os.DirFS(d.Path), d.Path+string(filepath.Separator), label, false)
}

// loadFS parses the *.md files at the root of fsys; prefix turns a file
// name into the Source shown in messages.
func (s *Store) loadFS(fsys fs.FS, prefix, label string, strict bool) ([]*Skill, []error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, []error{fmt.Errorf("%s: %w", strings.TrimSuffix(prefix, string(filepath.Separator)), err)}
	}
	var (
		out   []*Skill
		errs  []error
		names = map[string]string{}
	)
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || !strings.EqualFold(path.Ext(name), ".md") {
			continue
		}
		src := prefix + name
		sk, err := s.loadFile(fsys, name, src, strict)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if sk == nil {
			continue
		}
		key := strings.ToLower(sk.Name)
		if first, dup := names[key]; dup {
			errs = append(errs, &Error{Path: src, Msg: fmt.Sprintf("skill %q is already defined by %s", sk.Name, first)})
			continue
		}
		names[key] = src
		s.label[sk] = label
		out = append(out, sk)
	}
	return out, errs
}

func (s *Store) loadFile(fsys fs.FS, name, src string, strict bool) (*Skill, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, &Error{Path: src, Msg: err.Error()}
	}
	if info.IsDir() {
		return nil, nil
	}
	if info.Size() > MaxFileSize {
		return nil, &Error{Path: src, Msg: fmt.Sprintf("file is %d bytes, over the %d-byte limit", info.Size(), MaxFileSize)}
	}
	data, err := safefile.ReadFS(fsys, name, src, MaxFileSize)
	if err != nil {
		return nil, &Error{Path: src, Msg: safefile.Reason(err)}
	}
	sk, warns, err := Parse(src, data, strict)
	s.warnings = append(s.warnings, warns...)
	return sk, err
}

// Get finds the skill for a tool by name or alias, case-insensitively. A
// path such as /opt/x/bin/samtools is looked up by its base name.
func (s *Store) Get(tool string) (*Skill, bool) {
	if i := strings.LastIndexAny(tool, `/\`); i >= 0 {
		tool = tool[i+1:]
	}
	key := strings.ToLower(strings.TrimSpace(tool))
	if sk, ok := s.byName[key]; ok {
		return sk, true
	}
	if name, ok := s.byAlias[key]; ok {
		return s.byName[name], true
	}
	return nil, false
}

// List returns the skills in use, sorted by name.
func (s *Store) List() []*Skill { return append([]*Skill(nil), s.list...) }

// Label returns the Dir.Source label of the layer a skill came from
// ("user", "data", "builtin"), or "" for a skill not in the store.
func (s *Store) Label(sk *Skill) string { return s.label[sk] }

// Shadowed lists the files that lost to a skill of the same name.
func (s *Store) Shadowed() []Shadowed { return append([]Shadowed(nil), s.shadowed...) }

// Warnings returns the non-fatal problems found while loading.
func (s *Store) Warnings() []Warning { return append([]Warning(nil), s.warnings...) }

// Loader loads a Store once, on first use, and is safe for concurrent use.
type Loader struct {
	dirs    []Dir
	builtin fs.FS
	once    sync.Once
	store   *Store
	errs    []error
}

// NewLoader returns a Loader for the given dirs and built-in file system.
func NewLoader(dirs []Dir, builtin fs.FS) *Loader {
	return &Loader{dirs: append([]Dir(nil), dirs...), builtin: builtin}
}

// Load returns the store, loading it on the first call.
func (l *Loader) Load() (*Store, []error) {
	l.once.Do(func() { l.store, l.errs = Load(l.dirs, l.builtin) })
	return l.store, l.errs
}
