package cli

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/skills"
)

func (a *app) skillCmd() *ucli.Command {
	var all, installedOnly, force, allMissing bool
	var out, capturesDir string
	return &ucli.Command{
		Name: "skill", Aliases: []string{"sk"}, Usage: "curated knowledge per tool: concepts, pitfalls, worked examples",
		Description: `Skills are Markdown files with YAML front matter. Yours in
$XDG_CONFIG_HOME/oxo-call/skills/<tool>.md win over community ones in
$XDG_DATA_HOME/oxo-call/skills/, which win over the built-in set.`,
		Commands: []*ucli.Command{
			{
				Name: "list", Usage: "every skill and where it comes from (--json: with each skill's examples checked against the help)",
				Flags: []ucli.Flag{
					&ucli.BoolFlag{Name: "json", Usage: "machine-readable output, with the verification counts and the subcommands no example covers"},
					&ucli.StringFlag{Name: "captures", Usage: "with --json: check tools that are not installed against `DIR`/<tool>/capture.txtar", Destination: &capturesDir},
				},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					list := a.loadSkills().List()
					if a.json || cmd.Bool("json") {
						return a.skillListJSON(ctx, list, capturesDir)
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
					&ucli.BoolFlag{Name: "installed-only", Usage: "with --all: skip skills whose tool is not installed (nor captured), silently", Destination: &installedOnly},
					&ucli.StringFlag{Name: "captures", Usage: "check tools that are not installed against the help recorded in `DIR`/<tool>/capture.txtar (the project's golden/)", Destination: &capturesDir},
				},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					return a.verifySkills(ctx, cmd, all, installedOnly, capturesDir)
				},
			},
			{
				Name: "install", Usage: "verify skill files (Markdown with front matter) and copy them into the community skills dir", ArgsUsage: "FILE|DIR|URL...",
				Flags: []ucli.Flag{
					&ucli.BoolFlag{Name: "force", Usage: "install even if an example fails verification, and replace an installed skill", Destination: &force},
					&ucli.StringFlag{Name: "captures", Usage: "check tools that are not installed against `DIR`/<tool>/capture.txtar", Destination: &capturesDir},
				},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					return a.installSkills(ctx, cmd, force, capturesDir)
				},
			},
			{
				Name: "remove", Aliases: []string{"rm"}, Usage: "remove an installed (community) skill", ArgsUsage: "TOOL",
				Action: func(ctx context.Context, cmd *ucli.Command) error { return a.removeSkill(cmd) },
			},
			{
				Name: "new", Usage: "draft a skill for a tool from its own help: its examples and its usage lines, verified", ArgsUsage: "TOOL | --all-missing",
				Flags: []ucli.Flag{
					&ucli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write here instead of your skills dir (- for stdout)", Destination: &out},
					&ucli.BoolFlag{Name: "force", Usage: "overwrite an existing file", Destination: &force},
					&ucli.StringFlag{Name: "captures", Usage: "read a tool that is not installed from the help recorded in `DIR`/<tool>/capture.txtar", Destination: &capturesDir},
					&ucli.BoolFlag{Name: "all-missing", Usage: "draft one for every tool oxo-call has read (docs list, and --captures) that is installed or captured and has no skill", Destination: &allMissing},
				},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if allMissing {
						return a.newMissingSkills(ctx, force, capturesDir)
					}
					return a.newSkill(ctx, cmd, out, force, capturesDir)
				},
			},
		},
	}
}

// skillRow is one skill in skill list --json: what it holds and how its
// examples fare against the tool's help.
type skillRow struct {
	Name, Category, Source string
	Examples               int
	// Verified is false for a skill marked verified: false.
	Verified bool
	// ExamplesVerified passed every check; ExamplesUnchecked could not be
	// checked (help not readable or a flag not parsed); ExamplesSkipped
	// name an executable that is neither installed nor captured.
	ExamplesVerified, ExamplesFailed, ExamplesUnchecked, ExamplesSkipped int
	// SubcommandsWithoutExample lists the subcommands and companion
	// executables of the tool that no example uses.
	SubcommandsWithoutExample []string
}

func (a *app) skillListJSON(ctx context.Context, list []*skills.Skill, capturesDir string) error {
	e, err := a.capturesEngine(capturesDir)
	if err != nil {
		return err
	}
	rows := []skillRow{}
	for _, s := range list {
		r := skillRow{Name: s.Name, Category: s.Category, Source: s.Source, Examples: len(s.Examples), Verified: !s.Unverified,
			SubcommandsWithoutExample: []string{}}
		checks, uncovered := e.SkillCoverage(ctx, s)
		for _, c := range checks {
			switch c.Status {
			case "ok":
				r.ExamplesVerified++
			case "error":
				r.ExamplesFailed++
			case "unchecked":
				r.ExamplesUnchecked++
			default:
				r.ExamplesSkipped++
			}
		}
		r.SubcommandsWithoutExample = append(r.SubcommandsWithoutExample, uncovered...)
		rows = append(rows, r)
	}
	return writeJSON(a.d.IO.Out, rows)
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
func (a *app) verifySkills(ctx context.Context, cmd *ucli.Command, all, installedOnly bool, capturesDir string) error {
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
	e, err := a.capturesEngine(capturesDir)
	if err != nil {
		return err
	}
	var captured int
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
			if c.Captured {
				captured++
			}
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
	fmt.Fprintf(a.d.IO.Out, "; examples: %d ok, %d failed, %d unchecked (no readable help), %d skipped (not installed)", ok, bad, unchecked, skipped)
	if captured > 0 {
		fmt.Fprintf(a.d.IO.Out, "; %d checked against captured help", captured)
	}
	fmt.Fprintln(a.d.IO.Out)
	if bad > 0 {
		return silentExit(ExitChecksFailed)
	}
	return nil
}
