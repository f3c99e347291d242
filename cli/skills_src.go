package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/traitome/oxo-call/skills"
)

// UserSkillsDir and DataSkillsDir hold skill files that win over built-ins.
func (p Paths) UserSkillsDir() string { return filepath.Join(p.Config, "skills") }

// DataSkillsDir holds community skills.
func (p Paths) DataSkillsDir() string { return filepath.Join(p.Data, "skills") }

// loadSkills loads user, data and built-in skills once; broken user files
// are warned about and skipped.
func (a *app) loadSkills() *skills.Store {
	// bench generates in parallel, and quickSkills may fall back to the
	// store from any of those goroutines.
	a.skillsMu.Lock()
	defer a.skillsMu.Unlock()
	if a.skills == nil {
		p := a.d.paths()
		st, errs := skills.Load([]skills.Dir{{Path: p.UserSkillsDir(), Source: "user"}, {Path: p.DataSkillsDir(), Source: "data"}}, skills.Builtin())
		for _, err := range errs {
			fmt.Fprintf(a.d.IO.Err, "warning: %v\n", err)
		}
		a.skills = st
	}
	return a.skills
}

// quickSkills finds a tool's skill for the stages without loading every
// skill: a file named after the tool in the user dir, the data dir, then
// the built-ins is parsed alone (precedence kept); only a name that is not
// a file name (an alias such as blastn for blast) loads the whole store.
// A warm dry-run saves the 2–3 ms of parsing 63 skills.
type quickSkills struct{ a *app }

// Get implements engine.SkillSource.
func (q quickSkills) Get(tool string) (*skills.Skill, bool) {
	name := strings.ToLower(filepath.Base(tool)) + ".md"
	p := q.a.d.paths()
	for _, d := range []skills.Dir{{Path: p.UserSkillsDir(), Source: "user"}, {Path: p.DataSkillsDir(), Source: "data"}} {
		if _, err := os.Stat(filepath.Join(d.Path, name)); err == nil {
			return q.a.loadSkills().Get(tool) // let the store apply its rules to user files
		}
		if ents, err := os.ReadDir(d.Path); err == nil && len(ents) > 0 {
			return q.a.loadSkills().Get(tool) // an alias may sit in any user file
		}
	}
	if b, err := fs.ReadFile(skills.Builtin(), name); err == nil {
		if sk, _, err := skills.Parse("builtin:"+name, b, true); err == nil {
			return sk, true
		}
	}
	return q.a.loadSkills().Get(tool)
}
