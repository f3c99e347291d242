package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/traitome/oxo-call/task"
)

// A Pipeline is the commands one task needs, each built and checked
// through the five stages, joined the way a POSIX shell joins them:
//
//	samtools view aln.bam | head -n 5
//	bcftools mpileup -f ref.fa aln.bam | bcftools call -mv -o calls.vcf
//	samtools sort -o s.bam aln.bam && samtools index s.bam
//
// API (stable; plan and the CLI build on it):
//
//   - Engine.GeneratePipeline(ctx, Request) builds a Pipeline from a task.
//     A task without pipes, sequences or a second step gives one step whose
//     Result is what Engine.Generate returns.
//   - Engine.StepFor(ctx, req, op) builds one step from a task
//     (Request.Task, Tool, Stdout/Append for a redirection) and
//     Engine.TypedStep(ctx, req, op, argv) one from a command the user
//     typed; NewPipeline(tool, task, steps...) joins steps built elsewhere
//     (plan: one step per planned command) and sets Display.
//   - Pipeline.Display is the printed form, quoted; ReadPipeline(Display)
//     gives back every step's argv, operator and redirection.
//   - Step.Result holds the step's five stages: Command (argv, Display,
//     Stdout, Append), Fill, Findings, Trace (Trace.RuleIDs are the rules
//     fired), Uncertain, Unchecked.
//   - RunPipeline (engine/piperun.go) runs it without a shell.
type Pipeline struct {
	// Tool and Task are what the user asked for.
	Tool string `json:"tool"`
	Task string `json:"task"`
	// Steps are the commands in order; Steps[0].Op is task.OpFirst.
	Steps []*Step `json:"steps"`
	// Display is the POSIX form of the whole pipeline, quoted: the step
	// commands joined by " | " and " && ".
	Display string `json:"command"`
	// Trace holds the pipeline's own decisions (how the task was split,
	// which steps rule fired); each step has its own trace.
	Trace *Trace `json:"-"`
}

// Step is one command of a pipeline.
type Step struct {
	// Op joins the step to the previous one: task.OpFirst for the first,
	// task.OpPipe (its standard input is the previous step's standard
	// output) or task.OpAnd (it runs after the previous one succeeded).
	Op task.Op `json:"op,omitempty"`
	// Tool is the tool the step runs, as named ("samtools", "head").
	Tool string `json:"tool"`
	// Task is the part of the task the step was built from.
	Task string `json:"task"`
	// Typed: the user typed this step's command (its argv was read
	// against the tool's help, not mapped from words).
	Typed bool `json:"typed,omitempty"`
	// Example is the Args of the multi-step skill example the step was
	// mapped from (ExamplePipeline), or "".
	Example string `json:"example,omitempty"`
	// Result is the step's five stages: command, fill, findings, trace.
	Result *Result `json:"-"`
}

// Command is the step's assembled command.
func (s *Step) Command() Command { return s.Result.Command }

// PipesOut reports whether the step's standard output feeds the next step.
func (p *Pipeline) PipesOut(i int) bool {
	return i+1 < len(p.Steps) && p.Steps[i+1].Op == task.OpPipe
}

// NewPipeline joins steps into a pipeline and renders its Display.
func NewPipeline(tool, taskText string, steps ...*Step) *Pipeline {
	p := &Pipeline{Tool: tool, Task: taskText, Steps: steps, Trace: &Trace{}}
	p.render()
	return p
}

func (p *Pipeline) render() {
	var b strings.Builder
	for i, s := range p.Steps {
		if i > 0 {
			op := s.Op
			if op == task.OpFirst {
				op = task.OpAnd
			}
			b.WriteString(" " + string(op) + " ")
		}
		b.WriteString(s.Result.Command.Display)
	}
	p.Display = b.String()
}

// Single reports a pipeline of one step (what Generate alone gives).
func (p *Pipeline) Single() bool { return len(p.Steps) == 1 }

// Findings returns every step's findings; in a pipeline of more than one
// step each message names its step ("step 2 (head): …").
func (p *Pipeline) Findings() []Finding {
	out := []Finding{}
	for i, s := range p.Steps {
		for _, f := range s.Result.Findings {
			if !p.Single() {
				f.Message = p.StepName(i) + ": " + f.Message
			}
			out = append(out, f)
		}
	}
	return out
}

// StepName names step i for messages: "step 2 (head)".
func (p *Pipeline) StepName(i int) string {
	return fmt.Sprintf("step %d (%s)", i+1, p.Steps[i].Result.Command.Executable)
}

// Uncertain reports whether any step is uncertain.
func (p *Pipeline) Uncertain() bool {
	for _, s := range p.Steps {
		if s.Result.Uncertain {
			return true
		}
	}
	return false
}

// RuleIDs returns the rules that fired for the pipeline and its steps,
// each once, in order.
func (p *Pipeline) RuleIDs() []string {
	seen := map[string]bool{}
	var out []string
	add := func(ids []string) {
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	add(p.Trace.RuleIDs())
	for _, s := range p.Steps {
		add(s.Result.Trace.RuleIDs())
	}
	return out
}

// GeneratePipeline runs the five stages for every command a task needs.
// The task is split at the pipes, "&&" and redirections the user typed
// (task.SplitCommands). The first command is built for req.Tool from its
// words. A later command that starts with a program and reads as a
// command ("head -n 5", "gzip", "sort -k1,1") is read as typed and checked
// against that program's help; one in words is built for its program when
// it names one, else for req.Tool. A redirection goes with its command,
// checked like an output flag's file.
func (e *Engine) GeneratePipeline(ctx context.Context, req Request) (*Pipeline, error) {
	if strings.TrimSpace(req.Task) == "" {
		return nil, errors.New("the task is empty: say what the command should do, e.g. \"sort aln.bam by coordinate\"")
	}
	segs, err := task.SplitCommands(req.Task)
	if err != nil {
		return nil, fmt.Errorf("reading the pipes and redirections of the task: %w", err)
	}
	p := &Pipeline{Tool: req.Tool, Task: req.Task, Trace: &Trace{}}
	if len(segs) > 1 || segs[0].Redirect != "" {
		var parts []string
		for _, s := range segs {
			parts = append(parts, strings.TrimSpace(string(s.Op)+" "+s.Text))
		}
		p.Trace.Add(StageMap, nil, 0, fmt.Sprintf("the task has %d commands: %s", len(segs), strings.Join(parts, " ")))
	}
	// The steps rules cut the first command in words into the commands
	// it asks for ("sort … and index it").
	all := e.splitWords(req, segs[0], p.Trace)
	for _, s := range segs[1:] {
		all = append(all, wordSegment{seg: s})
	}
	for i, ws := range all {
		seg := ws.seg
		r := req
		r.Stdout, r.Append = seg.Redirect, seg.Append
		var st *Step
		words := false // built from words for req.Tool
		switch {
		case i == 0:
			if len(all) > 1 || seg.Redirect != "" {
				r.Task = seg.Text // else the task as given
			}
			st, err = e.StepFor(ctx, r, seg.Op)
			words = true
		case ws.link != nil:
			prev := p.Steps[len(p.Steps)-1]
			if n := e.namedTool(seg.Text); n != "" && n != req.Tool {
				// "… then count them with uniq": the command names its tool.
				r.Tool, seg.Text = n, stripTool(seg.Text, n)
				p.Trace.Add(StageMap, nil, 0, fmt.Sprintf("%q names its tool: %s", ws.seg.Text, n))
			}
			r.Task = linkTask(seg.Text, ws.link, prev.Result, p.Trace)
			st, err = e.StepFor(ctx, r, seg.Op)
			if err == nil {
				// The command before may write to standard output: a
				// pipe, or a named file (rules/steps/stdin.yaml).
				st, err = e.readStdout(ctx, req, r, prev, st, seg, ws.link, p.Trace)
			}
			words = true
		default:
			st, err = e.laterStep(ctx, r, seg, p.Steps[0].Result)
		}
		if err == nil && words && seg.Redirect == "" {
			// A command in words: a steps rule may find that it is a
			// multi-step skill example's pipeline.
			var ep *Pipeline
			if ep, err = e.ExamplePipeline(ctx, r, st.Result, nil); ep != nil {
				ep.Steps[0].Op = seg.Op
				p.Trace.absorb(ep.Trace)
				p.Steps = append(p.Steps, ep.Steps...)
				continue
			}
		}
		if err != nil {
			if len(all) > 1 {
				return nil, fmt.Errorf("step %d (%s): %w", i+1, seg.Text, err)
			}
			return nil, err
		}
		p.Steps = append(p.Steps, st)
	}
	e.wirePipes(req, p)
	if err := p.checkWiring(); err != nil {
		return nil, err
	}
	p.earlierOutputs()
	p.render()
	return p, nil
}

// earlierOutputs drops the "input does not exist" warning of a file an
// earlier step writes: it exists when the step runs.
func (p *Pipeline) earlierOutputs() {
	var written []string
	for _, s := range p.Steps {
		r := s.Result
		kept := r.Findings[:0]
		for _, f := range r.Findings {
			if f.Rule == "check.input_missing" && slices.ContainsFunc(written, func(w string) bool { return strings.HasPrefix(f.Message, "input "+w+" ") }) {
				r.Trace.Add(StageValidate, nil, 0, "an earlier step writes it: "+f.Message)
				continue
			}
			kept = append(kept, f)
		}
		r.Findings = kept
		if r.Fill != nil {
			written = append(written, r.Fill.Outputs...)
		}
		if r.Command.Stdout != "" {
			written = append(written, r.Command.Stdout)
		}
	}
}

// checkWiring refuses what a shell would run but loses data: a step that
// writes its standard output to a file and pipes it on, or one that reads
// a file on standard input and the pipe from the step before.
func (p *Pipeline) checkWiring() error {
	for i, s := range p.Steps {
		if p.PipesOut(i) && s.Result.Command.Stdout != "" {
			return fmt.Errorf("%s sends its output both to %s and into the pipe to step %d; the pipe would get nothing", p.StepName(i), s.Result.Command.Stdout, i+2)
		}
		if i > 0 && p.PipesOut(i-1) && s.Result.Command.Stdin != "" {
			return fmt.Errorf("%s reads %s on standard input and the pipe from step %d; one of them would be lost", p.StepName(i), s.Result.Command.Stdin, i)
		}
	}
	return nil
}

// StepFor builds one step from req.Task for req.Tool through the five
// stages (Generate), joined by op.
func (e *Engine) StepFor(ctx context.Context, req Request, op task.Op) (*Step, error) {
	res, err := e.Generate(ctx, req)
	if err != nil {
		return nil, err
	}
	return &Step{Op: op, Tool: req.Tool, Task: req.Task, Result: res}, nil
}

// laterStep builds a command after a pipe or "&&"; first is the first
// step's result (its tool's subcommands are words of its own).
func (e *Engine) laterStep(ctx context.Context, req Request, seg task.Segment, first *Result) (*Step, error) {
	w := seg.Words
	tr := &Trace{}
	rec, rerr := e.resolver.Resolve(ctx, w[0], tr)
	isProgram := rerr == nil || rec != nil && e.knownWithout(w[0], rec)
	if !isProgram && len(w) > 1 && strings.HasPrefix(w[1], "-") && (first.Doc == nil || FindSubcommand(first.Doc.Subcommands, w[0]) == nil) {
		// "| nosuchprog -x": a command for a program that is not here.
		var nf *NotFoundError
		if errors.As(rerr, &nf) {
			return nil, &UnknownToolError{Tool: w[0], Suggestions: nf.Suggestions}
		}
		return nil, rerr
	}
	if isProgram && w[0] != req.Tool {
		r := req
		r.Tool = w[0]
		st, err := e.TypedStep(ctx, r, seg.Op, w)
		if err != nil {
			return nil, err
		}
		if !st.prose() {
			return st, nil
		}
		if first.Doc != nil && FindSubcommand(first.Doc.Subcommands, w[0]) != nil {
			// "| sort by name into n.bam": words for the tool's own sort.
			req.Task = seg.Text
			return e.StepFor(ctx, req, seg.Op)
		}
		if len(w) > 1 {
			r.Task = strings.Join(w[1:], " ")
			return e.StepFor(ctx, r, seg.Op)
		}
		return st, nil
	}
	if isProgram && len(w) > 1 {
		// "&& samtools index x.bam": the tool named again.
		st, err := e.TypedStep(ctx, req, seg.Op, w)
		if err == nil && !st.prose() {
			return st, nil
		}
		req.Task = strings.Join(w[1:], " ")
		return e.StepFor(ctx, req, seg.Op)
	}
	req.Task = seg.Text
	return e.StepFor(ctx, req, seg.Op)
}

// prose reports a typed step whose arguments read as words rather than
// a command: two or more plain words (not a file, number, region or a
// flag's value) among its positionals.
func (s *Step) prose() bool {
	n := 0
	for _, p := range s.Result.Fill.Positionals {
		if FileType(p) == "" && !intRE.MatchString(p) && !floatRE.MatchString(p) && !regionRE.MatchString(p) && p != "-" {
			n++
		}
	}
	return n >= 2
}

// TypedStep builds a step from a command the user typed (argv, program
// first): Stages 1 and 2 for req.Tool (argv[0]), the arguments read
// against its help in Stage 3, then Stages 4 and 5 as for any command.
func (e *Engine) TypedStep(ctx context.Context, req Request, op task.Op, argv []string) (*Step, error) {
	if len(argv) == 0 {
		return nil, errors.New("an empty command")
	}
	if req.Scenario == "" {
		req.Scenario = "full"
	}
	tr := &Trace{}
	res := &Result{Tool: req.Tool, Task: QuoteArgv(argv), Trace: tr, Scenario: req.Scenario}
	rec, doc, err := e.stagesOneTwo(ctx, req, res)
	if err != nil {
		return nil, err
	}
	return e.typedFrom(req, op, argv, rec, doc, res, "typed"), nil
}

// typedFrom is TypedStep after Stages 1 and 2: argv read against doc,
// assembled and checked into res. why says where argv came from: "typed"
// (by the user) or "from the example".
func (e *Engine) typedFrom(req Request, op task.Op, argv []string, rec *ToolRecord, doc *ToolDoc, res *Result, why string) *Step {
	tr := res.Trace
	res.Record, res.Doc = rec, doc
	f := &Fill{Executable: rec.Executable, Positionals: []string{}, Confidence: 1}
	if c, ok := rec.Companion(argv[0]); ok && argv[0] != rec.Executable {
		f.Executable = c.Name
	}
	outs := map[string]bool{}
	readTyped(rec, doc, f, argv[1:], outs, why)
	for _, v := range append(append([]string{}, f.Positionals...), flagValues(f.Flags)...) {
		if outs[v] {
			f.Outputs = append(f.Outputs, v)
		} else if FileType(v) != "" {
			f.Inputs = append(f.Inputs, v)
		}
	}
	src := "typed by the user"
	if why != "typed" {
		src = "the example's command, its files the task's"
	}
	f.Evidence = []string{src + ": " + QuoteArgv(argv) + "; read against " + rec.Executable + "'s help"}
	if req.Stdout != "" {
		redirect(f, req.Stdout, req.Append)
	}
	res.Fill, res.Confidence = f, 1
	fr := task.Parse(req.Task)
	res.Frame = &fr
	tr.Add(StageMap, nil, 0, fmt.Sprintf("typed command: %d flags, %d positionals", len(f.Flags), len(f.Positionals)), f.Evidence...)
	e.assembleAndCheck(req, res, f)
	res.Unchecked = doc == nil
	res.Explanation = src
	return &Step{Op: op, Tool: req.Tool, Task: res.Task, Typed: why == "typed", Result: res}
}

// ParsedCommand is one command of a pipeline read back from its printed
// form.
type ParsedCommand struct {
	Op     task.Op
	Argv   []string
	Stdout string
	Append bool
	// Stdin is the file after "<", read on standard input.
	Stdin string
}

// ReadPipeline reads a pipeline's printed form the way a POSIX shell
// would, without expanding anything: each command's words, the operator
// before it ("|" or "&&") and its standard-input and standard-output
// redirections. It refuses
// anything else a shell would do (lists with ; or ||, substitutions,
// variables, globs, other redirections), since pipelines run without one.
func ReadPipeline(line string) ([]ParsedCommand, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return nil, fmt.Errorf("cannot read the command: %v", err)
	}
	if len(f.Stmts) != 1 {
		return nil, errors.New("give one pipeline (no ; or newlines between commands)")
	}
	var out []ParsedCommand
	var walk func(st *syntax.Stmt, op task.Op) error
	walk = func(st *syntax.Stmt, op task.Op) error {
		if st.Negated || st.Background || st.Coprocess {
			return errors.New("no !, & or coprocesses: the pipeline runs without a shell")
		}
		switch c := st.Cmd.(type) {
		case *syntax.BinaryCmd:
			var next task.Op
			switch c.Op {
			case syntax.Pipe:
				next = task.OpPipe
			case syntax.AndStmt:
				next = task.OpAnd
			default:
				return fmt.Errorf("%s is not supported: only | and && join commands", c.Op)
			}
			if len(st.Redirs) > 0 {
				return errors.New("a redirection of a whole pipeline is not supported; put it after its command")
			}
			if err := walk(c.X, op); err != nil {
				return err
			}
			return walk(c.Y, next)
		case *syntax.CallExpr:
			if len(c.Assigns) > 0 || len(c.Args) == 0 {
				return errors.New("no variable assignments: the pipeline runs without a shell")
			}
			pc := ParsedCommand{Op: op}
			for _, w := range c.Args {
				s, ok := literalWord(w)
				if !ok {
					return fmt.Errorf("%s: variables, substitutions and globs are not expanded (the pipeline runs without a shell); quote the word", line[w.Pos().Offset():w.End().Offset()])
				}
				pc.Argv = append(pc.Argv, s)
			}
			for _, r := range st.Redirs {
				if r.Op == syntax.RdrIn && (r.N == nil || r.N.Value == "0") && pc.Stdin == "" {
					s, ok := literalWord(r.Word)
					if !ok {
						return errors.New("the file after < must be a plain word")
					}
					pc.Stdin = s
					continue
				}
				if r.Op != syntax.RdrOut && r.Op != syntax.AppOut || r.N != nil && r.N.Value != "1" || pc.Stdout != "" {
					return errors.New("only one \"> FILE\" or \">> FILE\" per command is supported")
				}
				s, ok := literalWord(r.Word)
				if !ok {
					return errors.New("the file after > must be a plain word")
				}
				pc.Stdout, pc.Append = s, r.Op == syntax.AppOut
			}
			out = append(out, pc)
			return nil
		}
		return errors.New("give plain commands joined by | or &&: no groups, subshells or control flow (the pipeline runs without a shell)")
	}
	if err := walk(f.Stmts[0], task.OpFirst); err != nil {
		return nil, err
	}
	return out, nil
}
