package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/skills"
)

// ExampleCheck is the verdict on one skill example.
type ExampleCheck struct {
	Task string `json:"task"`
	Line int    `json:"line"`
	Args string `json:"args"`
	// Status is ok, error, unchecked (no readable help for that level) or
	// skipped (the executable is not installed).
	Status   string   `json:"status"`
	Problems []string `json:"problems,omitempty"`
	// Captured: checked against recorded help (Options.Captured), the
	// executable not being installed.
	Captured bool `json:"captured,omitempty"`
}

// VerifySkill checks every example of a skill against the real ToolDocs:
// its executable or companion, its subcommand path, and each flag.
func (e *Engine) VerifySkill(ctx context.Context, sk *skills.Skill) []ExampleCheck {
	checks, _ := e.SkillCoverage(ctx, sk)
	return checks
}

// SkillCoverage verifies a skill's examples (VerifySkill) and also lists
// the subcommands and companion executables of its tool that no example
// uses, in the help's order; the list is empty when the tool's help
// cannot be read.
func (e *Engine) SkillCoverage(ctx context.Context, sk *skills.Skill) (checks []ExampleCheck, uncovered []string) {
	docs := map[string]*ToolDoc{}
	// explorers holds the replaying explorer of each executable checked
	// against captured help; installed ones use e.explorer.
	explorers := map[string]*Explorer{}
	getDoc := func(exe string) *ToolDoc {
		if d, ok := docs[exe]; ok {
			return d
		}
		_, d, _, err := e.Doc(ctx, exe, nil)
		if err != nil {
			d = nil
			if x, rec := e.capturedExplorer(exe); x != nil {
				d = x.Explore(ctx, rec, nil)
				explorers[exe] = x
			}
		}
		docs[exe] = d
		return d
	}
	others := map[string]bool{}
	for _, n := range append(append([]string(nil), sk.Companions...), sk.Aliases...) {
		others[n] = true
	}
	var out []ExampleCheck
	used := map[string]bool{}
	for _, ex := range sk.Examples {
		ch := ExampleCheck{Task: ex.Task, Line: ex.Line, Args: ex.Args, Status: "ok"}
		steps, err := argsSteps(ex.Args)
		if err != nil {
			ch.Status, ch.Problems = "error", []string{err.Error()}
			out = append(out, ch)
			continue
		}
		for i, args := range steps {
			exe := sk.Name
			switch {
			case i > 0:
				// A later step names its own executable: the tool, a
				// companion, or another program ("| samtools sort").
				exe, args = args[0], args[1:]
			case len(args) > 0 && (others[args[0]] || args[0] == sk.Name):
				exe, args = args[0], args[1:]
			}
			own := exe == sk.Name || others[exe]
			if own {
				used[exe] = true
			}
			if exe == sk.Name && len(args) > 0 {
				used["\x00"+args[0]] = true
			}
			sc := ExampleCheck{Status: "ok"}
			doc := getDoc(exe)
			if doc == nil {
				sc.Status, sc.Problems = "skipped", []string{exe + " is not installed"}
			} else {
				x := e.explorer
				if cx, ok := explorers[exe]; ok {
					x, sc.Captured = cx, true
				}
				if len(args) > 0 && looksLikeSub(args[0]) && FindSubcommand(doc.Subcommands, args[0]) == nil {
					doc = probeSub(ctx, x, doc, args[0])
					docs[exe] = doc
				}
				if inner := checkArgs(doc, args, &sc, helpText(doc, exe, sk.Name, args)); len(inner) > 0 {
					// the command the tool runs, against its own help
					// when it has one
					if idoc := getDoc(inner[0]); idoc != nil {
						ic := ExampleCheck{Status: "ok"}
						checkArgs(idoc, inner[1:], &ic, helpText(idoc, inner[0], inner[0], inner[1:]))
						for k, p := range ic.Problems {
							ic.Problems[k] = "command " + inner[0] + " run by " + exe + ": " + p
						}
						mergeStep(&sc, ic, 0, exe, false)
					}
				}
			}
			mergeStep(&ch, sc, i, exe, len(steps) > 1)
		}
		out = append(out, ch)
	}
	if doc := getDoc(sk.Name); doc != nil {
		for _, s := range doc.Subcommands {
			if !used["\x00"+s.Name] {
				uncovered = append(uncovered, s.Name)
			}
		}
		for _, c := range doc.Companions {
			if !used[c.Name] {
				uncovered = append(uncovered, c.Name)
			}
		}
	}
	return out, uncovered
}

// argsSteps splits an example's Args into its commands' words, through
// the skill parser's own step splitter (redirections are dropped: only the
// argv of each step is checked against a help).
func argsSteps(a string) ([][]string, error) {
	words, err := skills.SplitArgs(a)
	if err != nil {
		return nil, err
	}
	steps, err := skills.SplitSteps(words)
	if err != nil {
		return nil, err
	}
	out := make([][]string, len(steps))
	for i, st := range steps {
		out[i] = st.Words
	}
	return out, nil
}

// mergeStep adds one step's verdict to an example's: the worst status
// wins (error, then unchecked, then skipped), and in an example of several
// steps each problem names its step.
func mergeStep(ch *ExampleCheck, sc ExampleCheck, i int, exe string, multi bool) {
	rank := map[string]int{"ok": 0, "skipped": 1, "unchecked": 2, "error": 3}
	if rank[sc.Status] > rank[ch.Status] {
		ch.Status = sc.Status
	}
	ch.Captured = ch.Captured || sc.Captured
	for _, p := range sc.Problems {
		if multi {
			p = fmt.Sprintf("step %d (%s): %s", i+1, exe, p)
		}
		ch.Problems = append(ch.Problems, p)
	}
}

// capturedExplorer returns an explorer that replays the recorded help of
// exe, with the record it was captured from, or nil when there is none.
func (e *Engine) capturedExplorer(exe string) (*Explorer, *ToolRecord) {
	if e.opts.Captured == nil {
		return nil, nil
	}
	rec, run, ok := e.opts.Captured(exe)
	if !ok || rec == nil || run == nil {
		return nil, nil
	}
	return &Explorer{Rules: e.opts.Rules, Runner: run, Opts: e.opts.Explore}, rec
}

// CapturedDoc is the ToolDoc explored from the recorded help of exe
// (Options.Captured), or nil when there is none.
func (e *Engine) CapturedDoc(ctx context.Context, exe string) *ToolDoc {
	x, rec := e.capturedExplorer(exe)
	if x == nil {
		return nil
	}
	return x.Explore(ctx, rec, nil)
}

// looksLikeSub reports a first argument that may be a subcommand the
// listing did not show: a bare word, not a file, flag, number or key=value.
func looksLikeSub(a string) bool {
	return a != "" && !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") && FileType(a) == "" && !numberRE.MatchString(a) && isName(a) && !strings.Contains(a, "/")
}

// probeSub asks the tool for one more subcommand's help; a word with help
// of its own (differing from the root's) is added to a copy of the doc.
func probeSub(ctx context.Context, x *Explorer, doc *ToolDoc, word string) *ToolDoc {
	sd, text, ok := x.ExploreSub(ctx, &doc.Record, doc.RawHelp, []string{word})
	if !ok || len(sd.Flags) == 0 {
		return doc
	}
	d := *doc
	d.Subcommands = append(append([]SubcommandDoc(nil), doc.Subcommands...), sd)
	d.SubcommandHelps = map[string]string{word: text}
	for k, v := range doc.SubcommandHelps {
		d.SubcommandHelps[k] = v
	}
	return &d
}

// helpText returns the raw help an example is checked against: the
// deepest subcommand help its first words name, else the tool's own.
func helpText(doc *ToolDoc, exe, name string, args []string) string {
	for n := min(3, len(args)); n > 0; n-- {
		if h, ok := doc.SubcommandHelps[strings.Join(args[:n], " ")]; ok {
			return h
		}
	}
	return doc.RawHelp
}

// inHelp reports whether a flag is written in the help text as a word of
// its own — or as a pattern whose tail is a placeholder ("-haplotype{NAME}"
// covers -haplotypeFather): the help has it even if the parser did not
// read it.
func inHelp(help, flag string) bool {
	for _, open := range []string{"{", "<", "["} {
		for i := 3; i < len(flag); i++ {
			if strings.Contains(help, flag[:i]+open) && i >= len(flag)/2 {
				return true
			}
		}
	}
	for i := 0; ; {
		j := strings.Index(help[i:], flag)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || strings.ContainsRune(" \t\n[(,|/'\"", rune(help[j-1]))
		end := j + len(flag)
		after := end == len(help) || !isFlagChar(help[end])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isFlagChar(c byte) bool {
	return c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// checkArgs walks the subcommand path, then checks every flag token. A
// flag the parser did not read but the help text shows is reported as
// unchecked, not as an error: the skill is right, the parser missed it.
//
// When the level's usage has a command the tool runs (xargs COMMAND
// [INITIAL-ARGS]...), the words from that command on are not the tool's:
// they are returned, to be checked against the command's own help.
func checkArgs(doc *ToolDoc, args []string, ch *ExampleCheck, help string) (inner []string) {
	flags := doc.AllFlags(nil)
	positionals := doc.Positionals
	level := doc.Subcommands
	var path []string
	for len(level) > 0 && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub := FindSubcommand(level, args[0])
		if sub == nil {
			if len(path) == 0 && len(doc.Flags) == 0 {
				var names []string
				for _, s := range level {
					names = append(names, s.Name)
				}
				msg := fmt.Sprintf("unknown subcommand %q", args[0])
				if c := Closest(args[0], names, 1); len(c) > 0 {
					msg += fmt.Sprintf(" (did you mean %q?)", c[0])
				}
				ch.Status, ch.Problems = "error", append(ch.Problems, msg)
				return
			}
			break
		}
		path = append(path, sub.Name)
		args = args[1:]
		if sub.Parser == "" {
			ch.Status = "unchecked"
			ch.Problems = append(ch.Problems, "no readable help for "+strings.Join(path, " "))
			return
		}
		flags = doc.AllFlags(sub)
		positionals = sub.Positionals
		level = sub.Subcommands
	}
	commandAt := -1
	for i, p := range positionals {
		if p.Command {
			commandAt = i
			break
		}
	}
	seen := 0 // positionals so far
	if len(flags) == 0 {
		ch.Status = "unchecked"
		ch.Problems = append(ch.Problems, "no flags parsed from the help")
		return nil
	}
	var names []string
	var unlisted []string // long options the help's text names that flags lack
	for _, f := range flags {
		names = append(names, f.Name)
		names = append(names, f.Aliases...)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := a
		if k, _, ok := strings.Cut(a, "="); ok && !strings.HasPrefix(a, "-") {
			if _, known := LookupFlag(flags, k); known {
				continue
			}
			if hasKV(flags) {
				name = k
			} else {
				continue
			}
		} else if !strings.HasPrefix(a, "-") || a == "-" || numberRE.MatchString(a[1:]) {
			if seen == commandAt {
				return args[i:]
			}
			seen++
			continue
		} else if k, _, ok := strings.Cut(a, "="); ok {
			name = k
		}
		f, ok := LookupFlag(flags, name)
		if !ok && (jvmOption.MatchString(name) || jvmOption.MatchString(a)) {
			continue // JVM options go to the java launcher of a wrapper
		}
		if !ok {
			if takes, bundled := bundle(flags, name); bundled {
				if takes && i+1 < len(args) {
					i++
				}
				continue
			}
			if inHelp(help, name) {
				if ch.Status == "ok" {
					ch.Status = "unchecked"
				}
				ch.Problems = append(ch.Problems, name+" is in the help text but was not parsed")
				if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && !strings.Contains(a, "=") {
					i++ // most such flags take a value
				}
				continue
			}
			if unlisted == nil {
				unlisted = unlistedFlags(help, flags) // once per example, and only when a flag is unknown
			}
			if left := unlisted; len(left) >= 2 {
				// The help's text names options its option list lacks
				// (mafft's --help shows --auto and --retree in examples
				// and lists 8 others): the list is a summary, and a flag
				// it lacks is not known to be wrong.
				if ch.Status == "ok" {
					ch.Status = "unchecked"
				}
				ch.Problems = append(ch.Problems, fmt.Sprintf("%s is not in the help, whose option list is partial (its text names %s, which the list lacks)", name, strings.Join(left[:2], " and ")))
				continue
			}
			msg := fmt.Sprintf("unknown flag %s", name)
			if c := Closest(name, names, 1); len(c) > 0 {
				msg += fmt.Sprintf(" (did you mean %s?)", c[0])
			}
			ch.Status, ch.Problems = "error", append(ch.Problems, msg)
			continue
		}
		if f.ParamType != "bool" && !strings.Contains(a, "=") && i+1 < len(args) {
			i++ // its value, which may itself start with "-"
		}
	}
	return nil
}

// longOptionRE matches a long option named in a help's text.
var longOptionRE = lazyre.New(`(?:^|[\s(\[])(--[A-Za-z][A-Za-z0-9][\w-]*)`)

// unlistedFlags returns the long options the help's text names that its
// parsed flags lack, in the text's order.
func unlistedFlags(help string, flags []FlagDoc) []string {
	out := []string{} // not nil: none found is an answer too
	seen := map[string]bool{}
	for _, m := range longOptionRE.FindAllStringSubmatch(help, -1) {
		n := strings.TrimRight(m[1], "-")
		if _, ok := LookupFlag(flags, n); ok || seen[n] {
			continue
		}
		seen[n] = true
		out = append(out, n)
	}
	return out
}

// jvmOption matches options for the Java launcher (-Xmx8g, -Dkey=v).
var jvmOption = lazyre.New(`^-(X[a-z]{2,}\S*|D[\w.]+=\S*)$`)

// bundle reads "-czf" as -c -z -f and "-Tpdf" as -T with the value "pdf":
// single-letter flags bundled the getopt way. It reports whether the token
// is such a bundle and whether its last flag takes the next argument.
func bundle(flags []FlagDoc, tok string) (takesNext, ok bool) {
	if len(tok) < 3 || tok[0] != '-' || tok[1] == '-' {
		return false, false
	}
	for i := 1; i < len(tok); i++ {
		f, known := LookupFlag(flags, "-"+tok[i:i+1])
		if !known {
			return false, false
		}
		if f.ParamType != "bool" {
			return i == len(tok)-1, true // the rest of the token is its value
		}
	}
	return false, true
}

func hasKV(flags []FlagDoc) bool {
	for _, f := range flags {
		if f.Style == "kv" {
			return true
		}
	}
	return false
}
