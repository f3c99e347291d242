package cli

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/rules"
)

func (a *app) rulesCmd() *ucli.Command {
	var kind string
	kindFlag := &ucli.StringFlag{Name: "kind", Usage: "only rules of this kind (" + strings.Join(rules.KindNames(), ", ") + ")", Destination: &kind}
	checkKind := func() error {
		if kind == "" {
			return nil
		}
		if _, err := rules.Kind(kind); err != nil {
			return usagef("%v", err)
		}
		return nil
	}
	return &ucli.Command{
		Name:  "rules",
		Usage: "list, show and test the rules that decide each stage",
		Description: `Rules are YAML files with an expr 'when' and a typed 'then'. Built-in packs
are embedded; put your own in $XDG_CONFIG_HOME/oxo-call/rules/<kind>/*.yaml to
add rules or override a built-in by id.`,
		Commands: []*ucli.Command{
			a.rulesKindsCmd(),
			{
				Name: "list", Usage: "list rules (id, kind, priority, source)",
				Flags: []ucli.Flag{kindFlag, &ucli.BoolFlag{Name: "json", Usage: "machine-readable output"}},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if err := checkKind(); err != nil {
						return err
					}
					s := a.completeRules()
					var list []*rules.Rule
					for _, r := range s.All() {
						if kind == "" || r.Kind == kind {
							list = append(list, r)
						}
					}
					if a.json || cmd.Bool("json") {
						return writeJSON(a.d.IO.Out, list)
					}
					tw := tabwriter.NewWriter(a.d.IO.Out, 2, 4, 2, ' ', 0)
					fmt.Fprintln(tw, "ID\tKIND\tPRIORITY\tSOURCE")
					for _, r := range list {
						fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", r.ID, r.Kind, r.Priority, r.Where())
					}
					return tw.Flush()
				},
			},
			{
				Name: "show", Usage: "show one rule", ArgsUsage: "ID",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if err := needArgs(cmd, 1, "one rule id"); err != nil {
						return err
					}
					r, ok := a.completeRules().Get(cmd.Args().First())
					if !ok {
						return fmt.Errorf("no rule with id %q (see: oxo-call rules list)", cmd.Args().First())
					}
					if a.json {
						return writeJSON(a.d.IO.Out, r)
					}
					w := a.d.IO.Out
					fmt.Fprintf(w, "id:          %s\nkind:        %s\nsource:      %s (%s)\npriority:    %d\n", r.ID, r.Kind, r.Where(), r.Origin, r.Priority)
					if r.Overrides != "" {
						fmt.Fprintf(w, "overrides:   %s\n", r.Overrides)
					}
					if r.Description != "" {
						fmt.Fprintf(w, "description: %s\n", r.Description)
					}
					when, reads := r.When, strings.Join(r.Identifiers, ", ")
					if when == "" {
						when, reads = "(none: a data entry fires for what its then lists)", "-"
					}
					fmt.Fprintf(w, "when:        %s\nreads:       %s\nthen:        %s\ntests:       %d\n", when, reads, compactJSON(r.Then), len(r.Tests))
					return nil
				},
			},
			{
				Name: "test", Usage: "run every rule's inline tests (non-zero exit on failure)",
				Flags: []ucli.Flag{kindFlag},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if err := checkKind(); err != nil {
						return err
					}
					var kinds []string
					if kind != "" {
						kinds = []string{kind}
					}
					res := a.loadRules().RunTests(kinds...)
					failed := 0
					for _, r := range res {
						if !r.Pass {
							failed++
							fmt.Fprintln(a.d.IO.Out, "FAIL "+r.Msg)
						}
					}
					fmt.Fprintf(a.d.IO.Out, "%d passed, %d failed\n", len(res)-failed, failed)
					if failed > 0 {
						return silentExit(ExitChecksFailed)
					}
					return nil
				},
			},
		},
	}
}

// rulesKindsCmd lists every rule kind with the fields its `when` can read
// and the fields its `then` sets: type and one line of doc each.
func (a *app) rulesKindsCmd() *ucli.Command {
	return &ucli.Command{
		Name: "kinds", Usage: "list every rule kind with its environment and then fields",
		Flags: []ucli.Flag{&ucli.BoolFlag{Name: "json", Usage: "machine-readable output"}},
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			docs := rules.KindDocs()
			if a.json || cmd.Bool("json") {
				return writeJSON(a.d.IO.Out, docs)
			}
			tw := tabwriter.NewWriter(a.d.IO.Out, 2, 4, 2, ' ', 0)
			for i, k := range docs {
				if i > 0 {
					fmt.Fprintln(tw)
				}
				fmt.Fprintf(tw, "%s (%s): %s\n", k.Name, k.Mode, k.Doc)
				reads := "when reads"
				if k.Data {
					reads = "tests give (no when: an entry fires for what its then lists)"
				}
				for _, part := range []struct {
					what   string
					fields []rules.FieldDoc
				}{{reads, k.Env}, {"then sets", k.Then}} {
					fmt.Fprintf(tw, "  %s:\n", part.what)
					for _, f := range part.fields {
						fmt.Fprintf(tw, "    %s\t%s\t%s\n", f.Name, f.Type, f.Doc)
					}
				}
			}
			return tw.Flush()
		},
	}
}
