package cli

import "path/filepath"

// Paths are oxo-call's XDG locations. They are computed from the
// environment each time (not cached globally) so tests can point them at
// temporary directories.
type Paths struct {
	Config, Cache, Data string
}

// paths resolves the XDG base directories for oxo-call.
func (d *Deps) paths() Paths {
	home := d.Getenv("HOME")
	base := func(env, fallback string) string {
		if v := d.Getenv(env); v != "" && filepath.IsAbs(v) {
			return filepath.Join(v, "oxo-call")
		}
		return filepath.Join(home, fallback, "oxo-call")
	}
	return Paths{
		Config: base("XDG_CONFIG_HOME", ".config"),
		Cache:  base("XDG_CACHE_HOME", ".cache"),
		Data:   base("XDG_DATA_HOME", filepath.Join(".local", "share")),
	}
}

// UserRulesDir is where user rule files live.
func (p Paths) UserRulesDir() string { return filepath.Join(p.Config, "rules") }

// DocCacheDir is where ToolDocs are cached.
func (p Paths) DocCacheDir() string { return filepath.Join(p.Cache, "tooldoc") }

// RulesCacheDir is where the decoded built-in rules are cached.
func (p Paths) RulesCacheDir() string { return filepath.Join(p.Cache, "rules") }

// ConceptCacheDir is where the concepts of skill examples are cached.
func (p Paths) ConceptCacheDir() string { return filepath.Join(p.Cache, "concepts") }
