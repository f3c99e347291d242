package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// A command cut from words may need what the command before writes to
// standard output ("sort peaks.bed then merge overlapping intervals":
// bedtools sort has no output flag). The steps rules with stdin or file
// (rules/steps/stdin.yaml) say how it reads that: through a pipe, naming
// standard input as its help spells it, or from a named file the command
// before writes, derived from that command's input.

// resultCandidate is the help scope of a built command: its flags and
// positionals, and whether real help listed them.
func resultCandidate(r *Result) *candidate {
	if r == nil || r.Doc == nil || r.Fill == nil || r.Record == nil {
		return nil
	}
	f := r.Fill
	c := &candidate{exe: f.Executable, sub: f.Subcommand, known: true}
	c.flags, c.positionals = scope(r.Record, r.Doc, f.Executable, f.Subcommand)
	if f.Executable != "" && f.Executable != r.Record.Executable {
		c.known = false
		for _, comp := range r.Doc.Companions {
			if comp.Name == f.Executable {
				c.known = comp.Parser != ""
			}
		}
	} else if sd := subcommandAt(r.Doc, f.Subcommand); sd != nil {
		c.known = sd.Parser != ""
	}
	return c
}

// subcommandAt is the help of a subcommand path, or nil.
func subcommandAt(doc *ToolDoc, sub []string) *SubcommandDoc {
	var sd *SubcommandDoc
	list := doc.Subcommands
	for _, name := range sub {
		s := FindSubcommand(list, name)
		if s == nil {
			return nil
		}
		sd, list = s, s.Subcommands
	}
	return sd
}

// writesToStdout reports a built command whose result goes to standard
// output: it names no file to write, and its help shows no output flag
// and no written positional (the rule of the "> file" redirection,
// writesStdout) or an output flag, left out, whose help says standard
// output is its default (samtools view -o "[standard output]"), nor a
// switch it needs to write there (gzip's -c) that it lacks.
func writesToStdout(r *Result) bool {
	c := resultCandidate(r)
	if c == nil || r.Command.Stdout != "" || len(r.Fill.Outputs) > 0 || !writesStdout(c) && !stdoutByDefault(c, r.Fill) {
		return false
	}
	if fd, ok := stdoutSwitch(c); ok {
		return slices.ContainsFunc(r.Fill.Flags, func(fv FlagValue) bool { return sameFlag(c, fv.Name, fd.Name) })
	}
	return true
}

// stdoutByDefault reports a command with an output flag, left out, whose
// help says it writes to standard output without it (lexicon
// stdout_default), and no written positional.
func stdoutByDefault(c *candidate, f *Fill) bool {
	if !c.known {
		return false
	}
	for i, p := range c.positionals {
		if p.Command || outputPositional(p, i) {
			return false
		}
	}
	for _, fd := range c.flags {
		if fd.Category != "Output" || fd.ParamType == "bool" || !task.V().Mentions("stdout_default", strings.ToLower(fd.Description+" "+fd.Default)) {
			continue
		}
		if !slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return sameFlag(c, fv.Name, fd.Name) }) {
			return true
		}
	}
	return false
}

// inputFlag is the flag of a command that holds a placeholder for an
// input file ("-i <bed/gff/vcf>"), its index among the fill's flags, or
// -1.
func inputFlag(r *Result) int {
	c := resultCandidate(r)
	if c == nil {
		return -1
	}
	for i, fv := range r.Fill.Flags {
		if !fv.HasValue || !isPlaceholder(fv.Value) {
			continue
		}
		if fd, ok := LookupFlag(c.flags, fv.Name); ok && fd.Category == "Input" {
			return i
		}
	}
	return -1
}

func isPlaceholder(v string) bool {
	return len(v) > 2 && strings.HasPrefix(v, "<") && strings.HasSuffix(v, ">")
}

// stdinRule is the steps rule of highest priority that says how the
// command r reads the standard output of the command before (a stdin
// spelling or a file); pipe keeps only the rules that read a pipe (the
// user typed one).
func (e *Engine) stdinRule(tool, text string, r *Result, pipe bool) (rules.Match, *rules.StepsThen, bool) {
	env := &rules.StepsEnv{Tool: tool, Task: text, PrevStdout: true, Concepts: e.clauseConcepts(text)}
	if r != nil && r.Fill != nil {
		env.Executable, env.Subcommand = r.Fill.Executable, strings.Join(r.Fill.Subcommand, " ")
		if i := inputFlag(r); i >= 0 {
			env.InputFlag = r.Fill.Flags[i].Name
		}
		if r.Doc != nil {
			env.Help = r.Doc.ScopeHelp(r.Record, r.Fill.Executable, r.Fill.Subcommand)
		}
	}
	ms, _ := e.opts.Rules.Eval("steps", env)
	for _, m := range ms {
		t := m.Then.(*rules.StepsThen)
		if t.Stdin != "" || t.File != "" && !pipe {
			return m, t, true
		}
	}
	return rules.Match{}, nil, false
}

// readStdout joins st, a command cut from words and built from sr, to
// prev (built for req) when prev
// writes to standard output and st names no file of its own: with a
// pipe (wirePipes gives st the stdin spelling), or, when st cannot read
// a pipe, through a file prev writes, named from prev's input and shown
// as derived; st is then built again on that file.
func (e *Engine) readStdout(ctx context.Context, req, sr Request, prev, st *Step, seg task.Segment, l *link, tr *Trace) (*Step, error) {
	if prev.Typed || firstOutput(prev.Result) != "" || !writesToStdout(prev.Result) || len(task.Parse(seg.Text).Files) > 0 {
		return st, nil
	}
	m, t, ok := e.stdinRule(sr.Tool, seg.Text, st.Result, false)
	if !ok {
		return st, nil
	}
	name := prev.Result.Command.Display
	if t.Stdin != "" {
		st.Op = task.OpPipe
		tr.Add(StageMap, m.Rule, 0, fmt.Sprintf("`%s` writes to standard output and %q names no file: it reads a pipe", name, seg.Text))
		return st, nil
	}
	pf := prev.Result.Fill
	in := firstInput(prev.Result)
	if in == "" {
		return st, nil
	}
	step := pf.Executable
	if len(pf.Subcommand) > 0 {
		step = pf.Subcommand[len(pf.Subcommand)-1]
	}
	file := derivedFile(t.File, in, step)
	// The command before is built again with the file as its output, so
	// it goes where its help says (an output flag, else "> file").
	pr := req
	pr.Tool, pr.Task = prev.Tool, prev.Task+" into "+QuoteArgv([]string{file})
	ps, err := e.StepFor(ctx, pr, prev.Op)
	if err != nil || firstOutput(ps.Result) != file {
		return st, nil
	}
	ps.Result.Fill.Evidence = append(ps.Result.Fill.Evidence, fmt.Sprintf("%s is derived from %s: %q cannot read a pipe (%s)", file, in, seg.Text, m.Rule.ID))
	*prev = *ps
	tr.Add(StageMap, m.Rule, 0, fmt.Sprintf("`%s` writes to standard output and %q cannot read a pipe: it writes %s (derived from %s) for it", name, seg.Text, file, in))
	sr.Task = linkTask(seg.Text, l, prev.Result, tr)
	return e.StepFor(ctx, sr, st.Op)
}

// firstInput is the first file a command reads: the first of its inputs
// that is not a placeholder.
func firstInput(r *Result) string {
	for _, x := range r.Fill.Inputs {
		if !isPlaceholder(x) && !strings.HasPrefix(x, "-") {
			return x
		}
	}
	return ""
}
