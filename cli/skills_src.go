package cli

import (
	"fmt"
	"path/filepath"

	"github.com/traitome/oxo-call/skills"
)

// UserSkillsDir and DataSkillsDir hold skill files that win over built-ins.
func (p Paths) UserSkillsDir() string { return filepath.Join(p.Config, "skills") }

// DataSkillsDir holds community skills.
func (p Paths) DataSkillsDir() string { return filepath.Join(p.Data, "skills") }

// loadSkills loads user, data and built-in skills once; broken user files
// are warned about and skipped.
func (a *app) loadSkills() *skills.Store {
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
