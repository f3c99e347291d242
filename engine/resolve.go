package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/internal/safefile"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// Resolver is Stage 1: it turns the tool string into a ToolRecord.
type Resolver struct {
	Rules *rules.Set
	// PathDirs are the directories searched for bare names, in order.
	PathDirs []string
	// Runner runs `--version` probes; nil skips version detection.
	Runner         Runner
	VersionTimeout time.Duration
	// Packages find the package that installed the tool; the programs it
	// ships are companion candidates. Nil means none (SystemPackages reads
	// this machine's dpkg database and conda environments).
	Packages []PackageSource
	// MaxPackageCompanions bounds the companions kept beyond those the
	// name rules accept (default 16); MaxOwnDir is the most programs a
	// directory may hold to count as the tool's own (default 64; more is a
	// shared bin directory).
	MaxPackageCompanions, MaxOwnDir int
}

// NotFoundError says a bare tool name is not installed, with close names.
type NotFoundError struct {
	Tool        string
	Suggestions []string
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("tool %q not found on PATH", e.Tool)
	if len(e.Suggestions) > 0 {
		msg += "; did you mean " + strings.Join(e.Suggestions, ", ") + "?"
	}
	return msg
}

// ValidateToolName rejects only what cannot be a tool: empty names, ".."
// segments, and control characters. Paths are welcome.
func ValidateToolName(tool string) error {
	switch {
	case strings.TrimSpace(tool) == "":
		return fmt.Errorf("tool name is empty")
	case strings.IndexFunc(tool, unicode.IsControl) >= 0:
		return fmt.Errorf("tool name %q contains a control character", tool)
	}
	for _, seg := range strings.Split(filepath.ToSlash(tool), "/") {
		if seg == ".." {
			return fmt.Errorf("tool name %q contains a '..' segment", tool)
		}
	}
	return nil
}

// Resolve runs Stage 1. A bare name that is not installed gives a record
// with Installed=false and a *NotFoundError, so callers can still build a
// command from skills.
func (rv *Resolver) Resolve(ctx context.Context, tool string, tr *Trace) (*ToolRecord, error) {
	start := time.Now()
	if err := ValidateToolName(tool); err != nil {
		return nil, err
	}
	if strings.Contains(tool, "/") {
		rec, err := rv.resolvePath(tool, tr)
		if err != nil {
			return nil, err
		}
		tr.Add(StageResolve, nil, time.Since(start), "path-dependent tool at "+rec.ResolvedPath)
		return rec, nil
	}
	rec := &ToolRecord{Name: tool, Executable: tool}
	p, ok := rv.lookPath(tool)
	if !ok {
		m, fired, _ := rv.Rules.First("aliases", &rules.AliasEnv{Tool: tool})
		if fired {
			for _, exe := range m.Then.(*rules.AliasThen).Executables {
				if p, ok = rv.lookPath(exe); ok {
					rec.Executable = exe
					tr.Add(StageResolve, m.Rule, time.Since(start), fmt.Sprintf("%s runs as %s", tool, exe))
					break
				}
			}
			if !ok {
				rec.Executable = m.Then.(*rules.AliasThen).Executables[0]
			}
		}
	}
	if !ok {
		err := &NotFoundError{Tool: tool, Suggestions: rv.suggest(tool)}
		tr.Add(StageResolve, nil, time.Since(start), "not installed here: "+err.Error())
		return rec, err
	}
	rec.Installed = true
	rec.ResolvedPath, rec.GlobalPath = p, p
	statInto(rec)
	tr.Add(StageResolve, nil, time.Since(start), "found "+rec.Executable+" at "+p)
	return rec, nil
}

// Complete adds the costly facts (version, companions) to a resolved
// record; the pipeline skips it when the ToolDoc cache already holds them.
func (rv *Resolver) Complete(ctx context.Context, rec *ToolRecord, tr *Trace) {
	rv.complete(ctx, rec, tr, &hangGuard{})
}

// complete is Complete counting a timed-out version probe in g, the hang
// guard the exploration then shares.
func (rv *Resolver) complete(ctx context.Context, rec *ToolRecord, tr *Trace, g *hangGuard) {
	if !rec.Installed {
		return
	}
	start := time.Now()
	rec.Version = rv.version(ctx, rec, g)
	if rec.Version != "" {
		tr.Add(StageResolve, nil, time.Since(start), "version "+rec.Version)
	}
	if !rec.IsPathDependent {
		rv.companions(rec, tr)
	}
}

func statInto(rec *ToolRecord) {
	if st, err := os.Stat(rec.ResolvedPath); err == nil {
		rec.Size, rec.ModUnix = st.Size(), st.ModTime().UnixNano()
	}
}

// resolvePath handles ./scripts/qc.py, tools/run.sh, /opt/x/bin/tool.
func (rv *Resolver) resolvePath(tool string, tr *Trace) (*ToolRecord, error) {
	abs, err := filepath.Abs(tool)
	if err != nil {
		return nil, fmt.Errorf("tool %q: %w", tool, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("tool %q: no such file (%s)", tool, abs)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("tool %q is a directory, not a program", tool)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("tool %q is %s, not a program", tool, safefile.Kind(st.Mode()))
	}
	rec := &ToolRecord{Name: tool, Executable: filepath.Base(abs), ResolvedPath: abs, IsPathDependent: true, Installed: true}
	statInto(rec)
	env := &rules.InterpreterEnv{Path: abs, Shebang: readShebang(abs), Executable: st.Mode()&0o111 != 0}
	if m, ok, _ := rv.Rules.First("interpreters", env); ok {
		rec.Interpreter = m.Then.(*rules.InterpreterThen).Interpreter
		rec.InterpreterPath, _ = rv.lookPath(rec.Interpreter)
		rec.RunThroughInterpreter = !env.Executable
		how := "runs directly (executable)"
		if rec.RunThroughInterpreter {
			how = "not executable: runs through " + rec.Interpreter
		}
		tr.Add(StageResolve, m.Rule, 0, "interpreter "+rec.Interpreter+"; "+how)
	} else if !env.Executable {
		return nil, fmt.Errorf("tool %q is not executable and has no shebang or known script extension", tool)
	}
	return rec, nil
}

// readShebang returns the first line without "#!" when it is a shebang.
// It reads at most 256 bytes, and only from a regular file.
func readShebang(path string) string {
	head, err := safefile.Head(path, 256)
	if err != nil {
		return ""
	}
	line, _, _ := strings.Cut(string(head), "\n")
	if !strings.HasPrefix(line, "#!") {
		return ""
	}
	return strings.TrimSpace(strings.TrimPrefix(line, "#!"))
}

// lookPath finds an executable regular file in PathDirs.
func (rv *Resolver) lookPath(name string) (string, bool) {
	for _, d := range rv.PathDirs {
		if d == "" {
			continue
		}
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, true
		}
	}
	return "", false
}

// executables lists executable names in the PATH dirs (first dir wins).
func (rv *Resolver) executables(dirs []string, keep func(string) bool) map[string]string {
	out := map[string]string{}
	for _, d := range dirs {
		ents, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range ents {
			n := e.Name()
			if _, seen := out[n]; seen || !keep(n) {
				continue
			}
			p := filepath.Join(d, n)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
				out[n] = p
			}
		}
	}
	return out
}

// suggest returns up to 5 names on PATH close to tool.
func (rv *Resolver) suggest(tool string) []string {
	lt := strings.ToLower(tool)
	cands := rv.executables(rv.PathDirs, func(n string) bool {
		ln := strings.ToLower(n)
		return len(ln) > 1 && (strings.HasPrefix(ln, lt) || strings.HasPrefix(lt, ln) && len(ln) >= 3 || Distance(ln, lt) <= max(1, len(lt)/4))
	})
	names := make([]string, 0, len(cands))
	for n := range cands {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		di, dj := Distance(strings.ToLower(names[i]), lt), Distance(strings.ToLower(names[j]), lt)
		if di != dj {
			return di < dj
		}
		return names[i] < names[j]
	})
	if len(names) > 5 {
		names = names[:5]
	}
	return names
}

// companions applies the companion rules to the programs near the tool:
// names that contain the tool's name (beside it and on PATH), the programs
// its package ships (dpkg, the conda environment), and, when no package
// knows the tool, the other programs of its own directory. Candidates
// found by name are all judged; the others are ranked by how much of the
// tool's name they share (then shorter first) and judged until
// MaxPackageCompanions are kept, so a package of hundreds of programs
// (coreutils, ncbi-blast+) costs a bounded Stage 1 and Stage 2.
func (rv *Resolver) companions(rec *ToolRecord, tr *Trace) {
	start := time.Now()
	toolDir := filepath.Dir(rec.ResolvedPath)
	realDir := filepath.Dir(realPath(rec.ResolvedPath))
	dirs := append([]string{toolDir}, rv.PathDirs...)
	lt := strings.ToLower(rec.Executable)
	type cand struct {
		name, path    string
		byName, inPkg bool
		own, sameFile bool
		rank          int
	}
	cands := map[string]*cand{}
	for n, p := range rv.executables(dirs, func(n string) bool {
		return n != rec.Executable && strings.Contains(strings.ToLower(n), lt)
	}) {
		cands[n] = &cand{name: n, path: p, byName: true}
	}
	pkg, hasPkg := rv.packageOf(rec.ResolvedPath)
	if hasPkg {
		binDirs := map[string]bool{realDir: true}
		for _, d := range dirs {
			binDirs[filepath.Clean(d)] = true
		}
		for _, f := range pkg.Files {
			n := filepath.Base(f)
			if n == rec.Executable || !binDirs[filepath.Dir(f)] {
				continue
			}
			if c, ok := cands[n]; ok {
				c.inPkg = true
				continue
			}
			if isProgram(f) {
				cands[n] = &cand{name: n, path: f, inPkg: true}
			}
		}
		tr.Add(StageResolve, nil, 0, fmt.Sprintf("package %s (%s) ships %s", pkg.Name, pkg.Source, rec.Executable))
	} else if own := rv.executables([]string{realDir}, func(n string) bool { return n != rec.Executable }); len(own) <= rv.maxOwnDir() {
		for n, p := range own {
			if c, ok := cands[n]; ok {
				c.own = true
			} else {
				cands[n] = &cand{name: n, path: p, own: true}
			}
		}
	} else {
		tr.Add(StageResolve, nil, 0, fmt.Sprintf("%s holds %d programs: a shared directory, not the tool's own", realDir, len(own)))
	}
	onPath := false
	for _, d := range rv.PathDirs {
		onPath = onPath || d != "" && filepath.Clean(d) == realDir
	}
	self, _ := os.Stat(rec.ResolvedPath)
	list := make([]*cand, 0, len(cands))
	for _, c := range cands {
		c.rank = commonRun(strings.ToLower(c.name), lt)
		st, err := os.Stat(c.path)
		c.sameFile = err == nil && self != nil && os.SameFile(st, self)
		list = append(list, c)
	}
	// Name candidates first; then the tool's own file under other names (a
	// program that acts by its name: sra-toolkit's prefetch beside
	// fasterq-dump), then by the run of the tool's name they share, shorter
	// names first.
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i], list[j]
		if a.byName != b.byName {
			return a.byName
		}
		if !a.byName && a.sameFile != b.sameFile {
			return a.sameFile
		}
		if !a.byName && a.rank != b.rank {
			return a.rank > b.rank
		}
		if !a.byName && len(a.name) != len(b.name) {
			return len(a.name) < len(b.name)
		}
		return a.name < b.name
	})
	type kept struct {
		c        Companion
		priority int
	}
	var keep []kept
	others, cut := 0, 0
	for _, c := range list {
		if !c.byName && others >= rv.maxPackageCompanions() {
			cut++
			continue
		}
		env := &rules.CompanionEnv{Tool: rec.Executable, Candidate: c.name, SameDir: filepath.Dir(c.path) == toolDir,
			SameFile: c.sameFile, SamePackage: c.inPkg, OwnDir: c.own, ToolDir: realDir, DirOnPath: onPath}
		if c.inPkg {
			env.Package = pkg.Name
		}
		m, ok, _ := rv.Rules.First("companions", env)
		if ok && m.Then.(*rules.CompanionThen).Companion {
			comp := Companion{Name: c.name, Path: c.path, Rule: m.Rule.ID}
			if c.inPkg {
				comp.Package = pkg.Source + ":" + pkg.Name
			}
			keep = append(keep, kept{comp, m.Rule.Priority})
			if !c.byName {
				others++
			}
			why := ""
			if comp.Package != "" {
				why = " (package " + pkg.Name + ")"
			}
			tr.Add(StageResolve, m.Rule, 0, "companion "+c.name+why)
		}
	}
	// The rule that accepted a companion ranks it: name rules (hisat2-build)
	// before the package's other programs.
	sort.SliceStable(keep, func(i, j int) bool { return keep[i].priority > keep[j].priority })
	for _, k := range keep {
		rec.CompanionTools = append(rec.CompanionTools, k.c)
	}
	msg := fmt.Sprintf("%d companions among %d candidates", len(rec.CompanionTools), len(list))
	if cut > 0 {
		msg += fmt.Sprintf("; %d more were not judged (at most %d beyond the name rules)", cut, rv.maxPackageCompanions())
	}
	tr.Add(StageResolve, nil, time.Since(start), msg)
}

// packageOf asks each package source in turn for the package of path.
func (rv *Resolver) packageOf(path string) (Package, bool) {
	for _, s := range rv.Packages {
		if pkg, ok := s.Package(path); ok {
			return pkg, true
		}
	}
	return Package{}, false
}

func (rv *Resolver) maxPackageCompanions() int {
	if rv.MaxPackageCompanions > 0 {
		return rv.MaxPackageCompanions
	}
	return 16
}

func (rv *Resolver) maxOwnDir() int {
	if rv.MaxOwnDir > 0 {
		return rv.MaxOwnDir
	}
	return 64
}

// isProgram reports an executable regular file (a symlink's target).
func isProgram(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

var versionRE = lazyre.New(`\bv?(\d+\.\d+(?:[.\-_][0-9A-Za-z]+)*)`)

// version runs --version and takes the first line holding a version-like
// token. Only this help-style flag runs before the help is read: `-v` means
// verbose to many tools and `version` is a positional to those without
// subcommands; Explore tries `version` and `-version` later, when the help
// lists them.
func (rv *Resolver) version(ctx context.Context, rec *ToolRecord, g *hangGuard) string {
	if rv.Runner == nil || g.hung() || ctx.Err() != nil {
		return ""
	}
	timeout := rv.VersionTimeout
	if timeout <= 0 {
		timeout = 3 * time.Second
	}
	res := rv.Runner.Run(ctx, RunSpec{Argv: append(rec.Argv0(), "--version"), Timeout: timeout, MaxOutput: 16 << 10})
	if res.TimedOut {
		g.timedOut()
	}
	return FindVersion(string(StripANSI(res.Output)))
}

// FindVersion returns the version token of the first line that has one,
// skipping lines that are clearly errors (the lexicon's error_line
// class).
func FindVersion(out string) string {
	v := task.V()
	for line := range strings.Lines(out) {
		if v.Mentions("error_line", line) {
			continue
		}
		if m := versionRE.FindStringSubmatch(line); m != nil {
			return m[1]
		}
	}
	return ""
}
