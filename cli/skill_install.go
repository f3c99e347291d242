package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/skills"
)

// skillSource is one skill file to install: where it came from and its
// bytes.
type skillSource struct {
	from string
	data []byte
}

// installSkills copies skill files (a file, every NAME.md of a directory,
// or a URL) into the community skills dir after parsing and verifying
// each. A skill with an example that fails verification is refused with
// the flag named, unless --force; an installed skill is never replaced
// without --force.
func (a *app) installSkills(ctx context.Context, cmd *ucli.Command, force bool, capturesDir string) error {
	if err := needArgs(cmd, 1, "a skill file, a directory of them or a URL"); err != nil {
		return err
	}
	e, err := a.capturesEngine(capturesDir)
	if err != nil {
		return err
	}
	var srcs []skillSource
	for _, arg := range cmd.Args().Slice() {
		s, err := readSkillSources(ctx, arg)
		if err != nil {
			return err
		}
		srcs = append(srcs, s...)
	}
	dir := a.d.paths().DataSkillsDir()
	refused := 0
	for _, src := range srcs {
		if err := a.installOne(ctx, e, src, dir, force); err != nil {
			refused++
			fmt.Fprintf(a.d.IO.Err, "refused %s: %v\n", src.from, err)
		}
	}
	fmt.Fprintf(a.d.IO.Out, "%d skills installed into %s, %d refused\n", len(srcs)-refused, dir, refused)
	if refused > 0 {
		return silentExit(ExitChecksFailed)
	}
	return nil
}

// readSkillSources reads one FILE, DIR (its *.md files) or http(s) URL.
func readSkillSources(ctx context.Context, arg string) ([]skillSource, error) {
	if strings.HasPrefix(arg, "http://") || strings.HasPrefix(arg, "https://") {
		data, err := fetch(ctx, arg)
		if err != nil {
			return nil, err
		}
		return []skillSource{{from: arg, data: data}}, nil
	}
	info, err := os.Stat(arg)
	if err != nil {
		return nil, err
	}
	paths := []string{arg}
	if info.IsDir() {
		paths, _ = filepath.Glob(filepath.Join(arg, "*.md"))
		sort.Strings(paths)
		if len(paths) == 0 {
			return nil, fmt.Errorf("%s holds no *.md skill files", arg)
		}
	}
	var out []skillSource
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		if len(data) > skills.MaxFileSize {
			return nil, fmt.Errorf("%s: %d bytes, over the %d-byte limit", p, len(data), skills.MaxFileSize)
		}
		out = append(out, skillSource{from: p, data: data})
	}
	return out, nil
}

// installOne parses, verifies and writes one skill.
func (a *app) installOne(ctx context.Context, e *engine.Engine, src skillSource, dir string, force bool) error {
	sk, warns, err := skills.Parse(src.from, src.data, false)
	if err != nil {
		return err
	}
	for _, w := range warns {
		fmt.Fprintf(a.d.IO.Err, "warning: %s\n", w)
	}
	name := strings.ToLower(sk.Name)
	if strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return fmt.Errorf("name %q cannot be a file name", sk.Name)
	}
	counts := map[string]int{}
	var bad []string
	for _, c := range e.VerifySkill(ctx, sk) {
		counts[c.Status]++
		if c.Status == "error" {
			bad = append(bad, fmt.Sprintf("line %d, example %q: %s", c.Line, c.Task, strings.Join(c.Problems, "; ")))
		}
	}
	if len(bad) > 0 && !force {
		return fmt.Errorf("%d examples fail verification (install anyway with --force):\n  %s", len(bad), strings.Join(bad, "\n  "))
	}
	dst := filepath.Join(dir, name+".md")
	if _, err := os.Stat(dst); err == nil && !force {
		return fmt.Errorf("%s exists; not overwriting it (use --force)", dst)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := engine.WriteFileAtomic(dst, src.data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(a.d.IO.Out, "installed %s → %s (%d examples: %d ok, %d failed, %d unchecked, %d not checked: tool not installed)\n",
		sk.Name, dst, len(sk.Examples), counts["ok"], counts["error"], counts["unchecked"], counts["skipped"])
	return nil
}

// removeSkill deletes an installed community skill. Built-in skills stay;
// the user's own files are theirs to delete.
func (a *app) removeSkill(cmd *ucli.Command) error {
	if err := needArgs(cmd, 1, "a tool name"); err != nil {
		return err
	}
	name := strings.ToLower(filepath.Base(cmd.Args().First()))
	p := a.d.paths()
	dst := filepath.Join(p.DataSkillsDir(), name+".md")
	err := os.Remove(dst)
	if err == nil {
		fmt.Fprintf(a.d.IO.Out, "removed %s\n", dst)
		return nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if _, err := os.Stat(filepath.Join(p.UserSkillsDir(), name+".md")); err == nil {
		return fmt.Errorf("no installed skill %s; %s is your own file: delete it yourself if you mean to", dst, filepath.Join(p.UserSkillsDir(), name+".md"))
	}
	return fmt.Errorf("no installed skill %s (built-in skills cannot be removed; see: oxo-call skill list)", dst)
}
