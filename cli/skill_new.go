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
	"github.com/traitome/oxo-call/parsers"
	"github.com/traitome/oxo-call/skills"
)

// newSkill drafts a skill from the tool's help; it never overwrites a
// file without --force.
func (a *app) newSkill(ctx context.Context, cmd *ucli.Command, out string, force bool, capturesDir string) error {
	if err := needArgs(cmd, 1, "a tool name"); err != nil {
		return err
	}
	tool := cmd.Args().First()
	e, err := a.capturesEngine(capturesDir)
	if err != nil {
		return err
	}
	body, st, err := a.draftSkill(ctx, e, tool)
	if err != nil {
		return err
	}
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
	fmt.Fprintf(a.d.IO.Err, "drafted %s from %s's help (%s): fill in the concepts, pitfalls and examples, then: oxo-call skill verify %s\n", out, tool, st, tool)
	return nil
}

// newMissingSkills drafts a skill into the user's skills dir for every
// tool oxo-call has read (its ToolDoc cache, and the captured tools with
// --captures) that has no skill yet; a file already there is kept unless
// --force.
func (a *app) newMissingSkills(ctx context.Context, force bool, capturesDir string) error {
	e, err := a.capturesEngine(capturesDir)
	if err != nil {
		return err
	}
	cands := a.cachedTools()
	if capturesDir != "" {
		c, _ := loadCaptures(capturesDir) // read once already by capturesEngine
		for n, cp := range c.byExe {
			if n == cp.Meta.Executable {
				cands = append(cands, n)
			}
		}
	}
	sort.Strings(cands)
	st := a.loadSkills()
	dir := a.d.paths().UserSkillsDir()
	drafted, failed := 0, 0
	seen := map[string]bool{}
	for _, tool := range cands {
		if seen[tool] {
			continue
		}
		seen[tool] = true
		if _, ok := st.Get(tool); ok {
			continue
		}
		out := filepath.Join(dir, strings.ToLower(tool)+".md")
		if _, err := os.Stat(out); err == nil && !force {
			fmt.Fprintf(a.d.IO.Err, "%s: %s exists; not overwriting it (use --force)\n", tool, out)
			continue
		}
		body, ds, err := a.draftSkill(ctx, e, tool)
		var nf *engine.NotFoundError
		if errors.As(err, &nf) {
			continue // read once, no longer installed
		}
		if err == nil {
			if err = os.MkdirAll(dir, 0o755); err == nil {
				err = engine.WriteFileAtomic(out, body, 0o644)
			}
		}
		if err != nil {
			failed++
			fmt.Fprintf(a.d.IO.Err, "%s: %v\n", tool, err)
			continue
		}
		drafted++
		fmt.Fprintf(a.d.IO.Out, "drafted %s (%s)\n", out, ds)
	}
	fmt.Fprintf(a.d.IO.Out, "%d skills drafted, %d tools failed (of %d tools read before; the others have a skill or are not installed)\n", drafted, failed, len(seen))
	if failed > 0 {
		return silentExit(ExitError)
	}
	return nil
}

// capturesEngine is the engine, falling back to the help recorded in
// capturesDir (when given) for tools that are not installed.
func (a *app) capturesEngine(capturesDir string) (*engine.Engine, error) {
	if capturesDir == "" {
		return a.engine(), nil
	}
	c, err := loadCaptures(capturesDir)
	if err != nil {
		return nil, err
	}
	return a.engineWith(func(o *engine.Options) { o.Captured = c.lookup }), nil
}

// draftStats counts where a draft's examples came from.
type draftStats struct {
	fromExamples, fromUsage, dropped int
	droppedWhy                       []string
}

func (s draftStats) String() string {
	msg := fmt.Sprintf("%d examples from its examples, %d from its usage lines", s.fromExamples, s.fromUsage)
	if s.dropped > 0 {
		msg += fmt.Sprintf("; %d dropped by verification: %s", s.dropped, strings.Join(s.droppedWhy, "; "))
	}
	return msg
}

// draftSkill reads the tool's help (installed or captured) and drafts a
// skill whose examples are the help's own examples and its usage lines
// with their placeholders filled; every example is verified against the
// help and the failing ones are dropped before the draft is returned.
func (a *app) draftSkill(ctx context.Context, e *engine.Engine, tool string) ([]byte, draftStats, error) {
	var st draftStats
	doc, err := a.docOrCaptured(ctx, e, tool)
	if err != nil {
		return nil, st, err
	}
	var subs []skills.DraftSub
	for _, s := range doc.Subcommands {
		subs = append(subs, skills.DraftSub{Name: s.Name, Description: s.Description})
	}
	for _, c := range doc.Companions {
		subs = append(subs, skills.DraftSub{Name: c.Name, Description: c.Description})
	}
	exs, fromEx := helpDraftExamples(doc, tool)
	st.fromExamples = fromEx
	st.fromUsage = len(exs) - fromEx
	name := filepath.Base(tool)
	body := skills.Draft(name, doc.Description, subs, exs)
	sk, _, err := skills.Parse("draft.md", body, false)
	if err != nil { // cannot happen: Draft's output always parses (FuzzDraft)
		return nil, st, err
	}
	bad := map[string]bool{}
	for _, c := range e.VerifySkill(ctx, sk) {
		if c.Status == "error" {
			bad[c.Args] = true
			st.dropped++
			st.droppedWhy = append(st.droppedWhy, fmt.Sprintf("%s (%s)", c.Args, strings.Join(c.Problems, ", ")))
		}
	}
	if len(bad) == 0 {
		return body, st, nil
	}
	var kept []skills.DraftExample
	for i, ex := range exs {
		if !bad[sk.Examples[min(i, len(sk.Examples)-1)].Args] {
			kept = append(kept, ex)
		} else if i < fromEx {
			st.fromExamples--
		} else {
			st.fromUsage--
		}
	}
	return skills.Draft(name, doc.Description, subs, kept), st, nil
}

// docOrCaptured is the tool's ToolDoc, installed or (with an engine that
// has captures) recorded.
func (a *app) docOrCaptured(ctx context.Context, e *engine.Engine, tool string) (*engine.ToolDoc, error) {
	_, doc, _, err := e.Doc(ctx, tool, nil)
	if err == nil {
		return doc, nil
	}
	if d := e.CapturedDoc(ctx, filepath.Base(tool)); d != nil {
		return d, nil
	}
	return nil, err
}

// helpDraftExamples collects the examples of a ToolDoc's help texts
// (root first, then subcommands in order) and then its usage lines with
// their placeholders filled; it returns them and how many came from
// examples. The tool's name is kept in Args so that Draft can tell a
// companion's example from the tool's.
func helpDraftExamples(doc *engine.ToolDoc, tool string) ([]skills.DraftExample, int) {
	exe := filepath.Base(tool)
	programs := []string{exe, doc.Record.Executable, doc.Record.Name}
	for _, c := range doc.Companions {
		programs = append(programs, c.Name)
	}
	texts := []struct{ path, text string }{{"", doc.RawHelp}}
	keys := make([]string, 0, len(doc.SubcommandHelps))
	for k := range doc.SubcommandHelps {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		texts = append(texts, struct{ path, text string }{k, doc.SubcommandHelps[k]})
	}
	var out []skills.DraftExample
	seen := map[string]bool{}
	for _, t := range texts {
		for _, he := range parsers.HelpExamples(t.text, programs) {
			args := stripProgram(he.Command, programs)
			if args == "" || seen[args] {
				continue
			}
			seen[args] = true
			sub := subOf(doc, args)
			out = append(out, skills.DraftExample{Task: exampleTask(he.Description, subDescription(sub), args),
				Args: he.Command, Explanation: flagExplanation(doc, sub, args, "shown in the help's examples")})
		}
	}
	fromEx := len(out)
	usages := append([]string(nil), doc.UsagePatterns...)
	for _, s := range doc.Subcommands {
		if s.UsagePattern != "" {
			usages = append(usages, s.UsagePattern)
		}
	}
	flagType := func(name string) string {
		if f, ok := engine.LookupFlag(doc.AllFlags(nil), name); ok {
			return f.ParamType
		}
		for i := range doc.Subcommands {
			if f, ok := engine.LookupFlag(doc.Subcommands[i].Flags, name); ok {
				return f.ParamType
			}
		}
		return ""
	}
	for _, u := range usages {
		filled, ok := skills.FillUsage(u, flagType)
		if !ok {
			continue
		}
		args := stripProgram(filled, programs)
		if args == "" || seen[args] {
			continue
		}
		seen[args] = true
		sub := subOf(doc, args)
		out = append(out, skills.DraftExample{Task: exampleTask("", subDescription(sub), args), Args: filled,
			Explanation: flagExplanation(doc, sub, args, "the usage line with its placeholders filled")})
	}
	return out, fromEx
}

// stripProgram drops a leading program name (any path) from a command.
func stripProgram(cmd string, programs []string) string {
	words := strings.Fields(cmd)
	if len(words) == 0 {
		return ""
	}
	first := filepath.Base(words[0])
	for _, p := range programs {
		if p != "" && first == p {
			return strings.Join(words[1:], " ")
		}
	}
	return strings.Join(words, " ")
}

// subOf is the subcommand an example's args start with, if any.
func subOf(doc *engine.ToolDoc, args string) *engine.SubcommandDoc {
	words := strings.Fields(args)
	if len(words) == 0 {
		return nil
	}
	return engine.FindSubcommand(doc.Subcommands, words[0])
}

func subDescription(sub *engine.SubcommandDoc) string {
	if sub == nil {
		return ""
	}
	return sub.Description
}

// introPhrases end a help's introducing line without saying the task.
var introPhrases = []string{"you can use", "you can run", "use this option", "use the command", "can be used", "use", "run", "try", "e.g", "example", "for example"}

// exampleTask writes an example's task line from the help's description
// of it (or, failing that, its subcommand's), naming the files the
// example uses that the description does not.
func exampleTask(desc, subDesc, args string) string {
	d := strings.TrimSpace(desc)
	for changed := true; changed; {
		changed = false
		low := strings.ToLower(d)
		for _, p := range introPhrases {
			if strings.HasSuffix(low, " "+p) || low == p || strings.HasSuffix(low, ","+p) {
				d = strings.TrimRight(strings.TrimSpace(d[:len(d)-len(p)]), ",;: ")
				changed = true
				break
			}
		}
	}
	if d == "" {
		d = strings.TrimRight(subDesc, ". ")
	}
	if d == "" {
		return ""
	}
	if len(d) > 1 && d[1] >= 'a' && d[1] <= 'z' {
		d = strings.ToLower(d[:1]) + d[1:]
	}
	var files []string
	for _, w := range strings.Fields(args) {
		w = strings.Trim(w, `"'`)
		dot := strings.LastIndexByte(w, '.')
		if strings.HasPrefix(w, "-") || dot <= 0 || dot == len(w)-1 || strings.ContainsAny(w, "()<>$*") || strings.Contains(d, w) {
			continue
		}
		files = append(files, w)
	}
	if len(files) > 0 {
		d += " (" + strings.Join(files, ", ") + ")"
	}
	return d
}

// flagExplanation names each flag of an example with its description
// from the help, after where the example came from.
func flagExplanation(doc *engine.ToolDoc, sub *engine.SubcommandDoc, args, origin string) string {
	flags := doc.AllFlags(sub)
	var parts []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(args) {
		name, _, _ := strings.Cut(w, "=")
		if !strings.HasPrefix(name, "-") || seen[name] {
			continue
		}
		if f, ok := engine.LookupFlag(flags, name); ok && f.Description != "" {
			seen[name] = true
			parts = append(parts, name+": "+strings.TrimRight(f.Description, ". "))
		}
	}
	msg := "From " + filepath.Base(doc.Record.Executable) + "'s help, " + origin + "."
	if len(parts) > 0 {
		msg += " " + strings.Join(parts, "; ") + "."
	}
	return msg
}
