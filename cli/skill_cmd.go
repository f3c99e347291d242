package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/skills"
)

func (a *app) skillCmd() *ucli.Command {
	var all, installedOnly, force bool
	var out string
	return &ucli.Command{
		Name: "skill", Aliases: []string{"sk"}, Usage: "curated knowledge per tool: concepts, pitfalls, worked examples",
		Description: `Skills are Markdown files with YAML front matter. Yours in
$XDG_CONFIG_HOME/oxo-call/skills/<tool>.md win over community ones in
$XDG_DATA_HOME/oxo-call/skills/, which win over the built-in set.`,
		Commands: []*ucli.Command{
			{
				Name: "list", Usage: "every skill and where it comes from", Flags: []ucli.Flag{&ucli.BoolFlag{Name: "json", Usage: "machine-readable output"}},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					list := a.loadSkills().List()
					if a.json || cmd.Bool("json") {
						type row struct {
							Name, Category, Source string
							Examples               int
							Verified               bool
						}
						var rows []row
						for _, s := range list {
							rows = append(rows, row{s.Name, s.Category, s.Source, len(s.Examples), !s.Unverified})
						}
						return writeJSON(a.d.IO.Out, rows)
					}
					tw := tabwriter.NewWriter(a.d.IO.Out, 2, 4, 2, ' ', 0)
					fmt.Fprintln(tw, "NAME\tCATEGORY\tEXAMPLES\tVERIFIED\tSOURCE")
					for _, s := range list {
						fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", s.Name, s.Category, len(s.Examples), verifiedMark(s), s.Source)
					}
					return tw.Flush()
				},
			},
			{
				Name: "show", Usage: "one skill", ArgsUsage: "TOOL",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					sk, err := a.skillArg(cmd)
					if err != nil {
						return err
					}
					if a.json {
						return writeJSON(a.d.IO.Out, sk)
					}
					w := a.d.IO.Out
					fmt.Fprintf(w, "%s (%s) — %s\nsource: %s\n", sk.Name, sk.Category, sk.Description, sk.Source)
					if len(sk.Companions) > 0 {
						fmt.Fprintf(w, "companions: %s\n", strings.Join(sk.Companions, ", "))
					}
					fmt.Fprintln(w, "\nConcepts:")
					for _, c := range sk.Concepts {
						fmt.Fprintln(w, "  - "+c)
					}
					fmt.Fprintln(w, "\nPitfalls:")
					for _, c := range sk.Pitfalls {
						fmt.Fprintln(w, "  - "+c)
					}
					fmt.Fprintln(w, "\nExamples:")
					for _, e := range sk.Examples {
						fmt.Fprintf(w, "  %s\n    %s %s\n", e.Task, sk.Name, e.Args)
					}
					return nil
				},
			},
			{
				Name: "path", Usage: "where your and community skills go",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					p := a.d.paths()
					fmt.Fprintf(a.d.IO.Out, "user:      %s\ncommunity: %s\n", p.UserSkillsDir(), p.DataSkillsDir())
					return nil
				},
			},
			{
				Name: "verify", Usage: "check every example's executable, subcommand and flags against the tool's real help", ArgsUsage: "TOOL | --all",
				Flags: []ucli.Flag{
					&ucli.BoolFlag{Name: "all", Usage: "every skill", Destination: &all},
					&ucli.BoolFlag{Name: "installed-only", Usage: "with --all: skip skills whose tool is not installed, silently", Destination: &installedOnly},
				},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					return a.verifySkills(ctx, cmd, all, installedOnly)
				},
			},
			{
				Name: "new", Usage: "draft a skill for a tool from its own help", ArgsUsage: "TOOL",
				Flags: []ucli.Flag{
					&ucli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write here instead of your skills dir (- for stdout)", Destination: &out},
					&ucli.BoolFlag{Name: "force", Usage: "overwrite an existing file", Destination: &force},
				},
				Action: func(ctx context.Context, cmd *ucli.Command) error { return a.newSkill(ctx, cmd, out, force) },
			},
		},
	}
}

// verifiedMark is the VERIFIED column of skill list: "no" for a skill
// marked verified: false, whose examples were never checked against the
// tool's real help.
func verifiedMark(s *skills.Skill) string {
	if s.Unverified {
		return "no"
	}
	return "yes"
}

func (a *app) skillArg(cmd *ucli.Command) (*skills.Skill, error) {
	if err := needArgs(cmd, 1, "a tool name"); err != nil {
		return nil, err
	}
	sk, ok := a.loadSkills().Get(cmd.Args().First())
	if !ok {
		return nil, fmt.Errorf("no skill for %q (see: oxo-call skill list; draft one: oxo-call skill new %s)", cmd.Args().First(), cmd.Args().First())
	}
	return sk, nil
}

// verifySkills runs engine.VerifySkill and prints one line per problem.
func (a *app) verifySkills(ctx context.Context, cmd *ucli.Command, all, installedOnly bool) error {
	var list []*skills.Skill
	if all {
		list = a.loadSkills().List()
	} else {
		sk, err := a.skillArg(cmd)
		if err != nil {
			return err
		}
		list = []*skills.Skill{sk}
	}
	e := a.engine()
	var bad, ok, unchecked, skipped, tools, unverifiable int
	for _, sk := range list {
		checks := e.VerifySkill(ctx, sk)
		allSkipped := true
		for _, c := range checks {
			if c.Status != "skipped" {
				allSkipped = false
			}
		}
		if allSkipped && sk.Unverified {
			// verified: false and no help to check against: the skill
			// says so itself, so this is neither a failure nor a gap.
			unverifiable++
			fmt.Fprintf(a.d.IO.Out, "SKIP %s: verified: false (its tool cannot be installed here; %d examples not checked)\n", sk.Source, len(checks))
			continue
		}
		if allSkipped && installedOnly {
			continue
		}
		tools++
		for _, c := range checks {
			switch c.Status {
			case "ok":
				ok++
			case "error":
				bad++
				fmt.Fprintf(a.d.IO.Out, "FAIL %s:%d: example %q: %s\n", sk.Source, c.Line, c.Task, strings.Join(c.Problems, "; "))
			case "unchecked":
				unchecked++
				if a.verbose {
					fmt.Fprintf(a.d.IO.Out, "unchecked %s:%d: %s\n", sk.Source, c.Line, strings.Join(c.Problems, "; "))
				}
			case "skipped":
				skipped++
			}
		}
	}
	fmt.Fprintf(a.d.IO.Out, "skills: %d checked", tools)
	if unverifiable > 0 {
		fmt.Fprintf(a.d.IO.Out, ", %d skipped-unverifiable (verified: false)", unverifiable)
	}
	fmt.Fprintf(a.d.IO.Out, "; examples: %d ok, %d failed, %d unchecked (no readable help), %d skipped (not installed)\n", ok, bad, unchecked, skipped)
	if bad > 0 {
		return silentExit(ExitChecksFailed)
	}
	return nil
}

// newSkill drafts a skill from the tool's help; it never overwrites a
// file without --force.
func (a *app) newSkill(ctx context.Context, cmd *ucli.Command, out string, force bool) error {
	if err := needArgs(cmd, 1, "a tool name"); err != nil {
		return err
	}
	tool := cmd.Args().First()
	_, doc, _, err := a.engine().Doc(ctx, tool, nil)
	if err != nil {
		return err
	}
	var subs []skills.DraftSub
	for _, s := range doc.Subcommands {
		subs = append(subs, skills.DraftSub{Name: s.Name, Description: s.Description})
	}
	for _, c := range doc.Companions {
		subs = append(subs, skills.DraftSub{Name: c.Name, Description: c.Description})
	}
	body := skills.Draft(filepath.Base(tool), doc.Description, subs, doc.UsagePatterns)
	if out == "-" {
		_, err := a.d.IO.Out.Write(body)
		return err
	}
	if out == "" {
		out = filepath.Join(a.d.paths().UserSkillsDir(), strings.ToLower(filepath.Base(tool))+".md")
	}
	if _, err := os.Stat(out); err == nil && !force {
		return fmt.Errorf("%s exists; not overwriting it (use --force, or -o another file)", out)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := engine.WriteFileAtomic(out, body, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(a.d.IO.Err, "drafted %s from %s's help: fill in the concepts, pitfalls and examples, then: oxo-call skill verify %s\n", out, tool, tool)
	return nil
}
