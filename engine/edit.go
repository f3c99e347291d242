package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/traitome/oxo-call/skills"
)

// SplitCommandLine splits a command line the way a POSIX shell would,
// without expanding anything: words with their quotes removed, and the
// file of one trailing "> FILE". Anything a shell would do beyond running
// one program (pipes, lists, substitutions, variables, globs, other
// redirections) is refused: the command runs as argv, with no shell.
func SplitCommandLine(line string) (argv []string, stdout string, err error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return nil, "", fmt.Errorf("cannot read the command: %v", err)
	}
	if len(f.Stmts) != 1 {
		return nil, "", errors.New("give exactly one command (no ;, && or newlines)")
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, "", errors.New("give one plain command: no pipes, groups, assignments or background jobs (it runs without a shell)")
	}
	for _, w := range call.Args {
		s, ok := literalWord(w)
		if !ok {
			return nil, "", fmt.Errorf("%s: variables, substitutions and globs are not expanded (the command runs without a shell); quote the word", line[w.Pos().Offset():w.End().Offset()])
		}
		argv = append(argv, s)
	}
	for _, r := range st.Redirs {
		if r.Op != syntax.RdrOut || r.N != nil || stdout != "" {
			return nil, "", errors.New("only one \"> FILE\" redirection is supported")
		}
		s, ok := literalWord(r.Word)
		if !ok {
			return nil, "", errors.New("the file after > must be a plain word")
		}
		stdout = s
	}
	return argv, stdout, nil
}

// literalWord returns a word's value when it has no expansion.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	var lit func(parts []syntax.WordPart) bool
	lit = func(parts []syntax.WordPart) bool {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.Lit:
				if strings.ContainsAny(p.Value, "*?[") {
					return false
				}
				v := p.Value
				// An unquoted backslash escapes the next character.
				v = unescapeLit(v)
				b.WriteString(v)
			case *syntax.SglQuoted:
				if p.Dollar {
					// $'\t': bash's escapes, decoded
					v, err := skills.DecodeANSIC("$'" + p.Value + "'")
					if err != nil {
						return false
					}
					b.WriteString(v)
					continue
				}
				b.WriteString(p.Value)
			case *syntax.DblQuoted:
				for _, q := range p.Parts {
					l, ok := q.(*syntax.Lit)
					if !ok {
						return false
					}
					b.WriteString(unescapeDbl(l.Value))
				}
			default:
				return false
			}
		}
		return true
	}
	if !lit(w.Parts) {
		return "", false
	}
	s := b.String()
	if strings.HasPrefix(s, "~") {
		return "", false
	}
	return s, true
}

func unescapeLit(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
			if v[i] == '\n' {
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

func unescapeDbl(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && strings.IndexByte("$`\"\\\n", v[i+1]) >= 0 {
			i++
			if v[i] == '\n' {
				continue
			}
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// CheckEdited checks a command line the user edited from prev's command.
// The line must run the same tool (or one of its companions); its
// subcommand, flags and positionals are read against the ToolDoc in the
// user's order, and Stage 5 runs on them. The result replaces prev: the
// user wrote the command, so it is not uncertain, but its findings
// (unknown flags, missing values, overwritten files) stand.
func (e *Engine) CheckEdited(prev *Result, line, cwd string) (*Result, error) {
	argv, stdout, err := SplitCommandLine(line)
	if err != nil {
		return nil, err
	}
	rec := prev.Record
	if rec == nil {
		return nil, errors.New("the command was not built for an installed tool, so an edit cannot be checked")
	}
	f := &Fill{Executable: rec.Executable, Stdout: stdout}
	shown := rec.DisplayArgv0()
	var rest []string
	switch {
	case len(argv) >= len(shown) && slices.Equal(argv[:len(shown)], shown):
		rest = argv[len(shown):]
	case len(argv) >= len(rec.Argv0()) && slices.Equal(argv[:len(rec.Argv0())], rec.Argv0()):
		rest = argv[len(rec.Argv0()):]
	default:
		if _, ok := rec.Companion(argv[0]); !ok {
			names := []string{strings.Join(shown, " ")}
			for _, c := range rec.CompanionTools {
				names = append(names, c.Name)
			}
			return nil, fmt.Errorf("the edited command runs %s, not %s", argv[0], strings.Join(names, " or "))
		}
		f.Executable, rest = argv[0], argv[1:]
	}
	outs := map[string]bool{}
	ins := map[string]bool{}
	if prev.Fill != nil {
		for _, o := range prev.Fill.Outputs {
			outs[o] = true
		}
		for _, i := range prev.Fill.Inputs {
			ins[i] = true
		}
	}
	readTyped(rec, prev.Doc, f, rest, outs, "edited")
	for _, v := range append(f.Positionals, flagValues(f.Flags)...) {
		if outs[v] {
			f.Outputs = append(f.Outputs, v)
		}
		if ins[v] {
			f.Inputs = append(f.Inputs, v)
		}
	}
	if stdout != "" {
		f.Outputs = append(f.Outputs, stdout)
	}
	f.Confidence = 1
	f.Evidence = []string{"edited by the user"}
	r := *prev
	r.Fill, r.Confidence, r.Uncertain = f, 1, false
	r.Command, r.Findings = e.Check(&r, f, cwd)
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	r.Explanation = "edited by the user from: " + prev.Command.Display
	if r.Trace != nil {
		r.Trace.Add(StageValidate, nil, 0, fmt.Sprintf("edited %s: %d findings", r.Command.Display, len(r.Findings)))
	}
	return &r, nil
}

// readTyped reads the arguments a user typed after the program (rest)
// into f against the ToolDoc, in the user's order: the subcommand path,
// then flags (a flag the help says takes a value takes the next word;
// bundled short switches are read as one flag) and positionals. The
// values of Output-category flags are added to outs.
func readTyped(rec *ToolRecord, doc *ToolDoc, f *Fill, rest []string, outs map[string]bool, why string) {
	if doc != nil && f.Executable == rec.Executable {
		list := doc.Subcommands
		for len(rest) > 0 {
			s := FindSubcommand(list, rest[0])
			if s == nil {
				break
			}
			f.Subcommand = append(f.Subcommand, rest[0])
			rest, list = rest[1:], s.Subcommands
		}
	}
	var flags []FlagDoc
	if doc != nil {
		flags, _ = scope(rec, doc, f.Executable, f.Subcommand)
		if f.Executable == rec.Executable {
			flags = append(flags, doc.GlobalFlags...)
		}
	}
	var order []string
	onlyPositionals := false
	for i := 0; i < len(rest); i++ {
		tok := rest[i]
		if onlyPositionals || tok == "--" || len(tok) < 2 || tok[0] != '-' || intRE.MatchString(tok) || floatRE.MatchString(tok) {
			onlyPositionals = onlyPositionals || tok == "--"
			order = append(order, fmt.Sprintf("p%d", len(f.Positionals)))
			f.Positionals = append(f.Positionals, tok)
			continue
		}
		v := FlagValue{Name: tok, Why: why}
		if name, val, ok := strings.Cut(tok, "="); ok && strings.HasPrefix(tok, "--") {
			v.Name, v.Value, v.HasValue, v.Style = name, val, true, "eq"
		}
		fd, known := LookupFlag(flags, v.Name)
		if known && !v.HasValue && fd.ParamType != "bool" && fd.ParamType != "" && i+1 < len(rest) {
			i++
			v.Value, v.HasValue = rest[i], true
		}
		if known && fd.Category == "Output" && v.HasValue {
			outs[v.Value] = true
		}
		order = append(order, fmt.Sprintf("f%d", len(f.Flags)))
		f.Flags = append(f.Flags, v)
	}
	f.Order = order
}

func flagValues(fs []FlagValue) []string {
	var out []string
	for _, f := range fs {
		if f.HasValue {
			out = append(out, f.Value)
		}
	}
	return out
}
