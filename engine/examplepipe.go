package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// DocLookup gives the record and ToolDoc of a program a later command of
// a pipeline runs (Stages 1 and 2); trace hears what it did.
type DocLookup func(ctx context.Context, exe string, tr *Trace) (*ToolRecord, *ToolDoc, error)

// multiExample is a multi-step skill example weighed for a task.
type multiExample struct {
	ex    skills.Example
	steps []skills.ExampleStep
	score float64
	rule  *rules.Rule
	// cut are the example's commands after the built one that the task
	// does not ask for (&& bcftools index …): left out.
	cut []skills.ExampleStep
}

// askedSteps returns the example's commands up to the one that runs the built
// command, and after it those the task asks for (its name or its
// concepts are the task's: "and index it" keeps && … index); the rest
// is cut, from the first the task does not ask for.
func (m *mapper) askedSteps(steps []skills.ExampleStep, sk *skills.Skill, exe string, f *Fill) []skills.ExampleStep {
	at := -1
	for k, st := range steps {
		if _, ok := runs(st.Words, sk, exe, f, k == 0); ok {
			at = k
			break
		}
	}
	if at < 0 {
		return steps
	}
	for k := at + 1; k < len(steps); k++ {
		w := steps[k].Words
		name := ""
		for _, x := range w[1:] {
			if looksLikeSub(x) && !strings.HasPrefix(x, "-") {
				name = x
			}
			break
		}
		if name == "" {
			name = w[0]
		}
		if !m.mentions(strings.ToLower(name)) && m.taskOverlap(name) == 0 {
			return steps[:k]
		}
	}
	return steps
}

// ExamplePipeline maps a task onto a multi-step skill example when a
// steps rule with follow_example says the command built for it (first)
// is the wrong shape: the task's files are not what that command reads,
// while a multi-step example that runs it reads them first. The
// example's files become the task's (its outputs the task's outputs, a
// name derived from the task's input, or a placeholder), each command is
// read against its program's help and checked (Stages 4 and 5), and the
// mapping is weighed like a single command's. It returns nil when no
// rule fires. docs gives the later programs' ToolDocs (nil: Engine.Doc).
func (e *Engine) ExamplePipeline(ctx context.Context, req Request, first *Result, docs DocLookup) (*Pipeline, error) {
	if first == nil || first.Fill == nil || first.Frame == nil || first.Scenario == "bare" || first.Scenario == "doc" || e.opts.Skills == nil || first.Record == nil {
		return nil, nil
	}
	sk, ok := e.opts.Skills.Get(req.Tool)
	if !ok {
		if sk, ok = e.opts.Skills.Get(first.Record.Executable); !ok {
			return nil, nil
		}
	}
	f := first.Fill
	inputs := taskInputFamilies(first.Frame)
	stepIn, stepOut := stepFiles(sk, first.Record.Executable, f)
	var outKinds []string
	for _, x := range first.Frame.Files {
		if x.Output {
			outKinds = addOnce(outKinds, x.Type)
		}
	}
	m := newMapper(e.opts.Rules, first.Record, first.Doc, sk, req.Task)
	var best *multiExample
	for _, ex := range sk.Examples {
		words, err := skills.SplitArgs(ex.Args)
		if err != nil {
			continue
		}
		steps, err := skills.SplitSteps(words)
		if err != nil || len(steps) < 2 {
			continue
		}
		env := &rules.StepsEnv{Tool: req.Tool, Task: req.Task, Inputs: inputs, StepInputs: stepIn,
			Outputs: outKinds, StepOutputs: stepOut, ExampleOutputs: exampleOutputKinds(steps),
			ExampleSteps: len(steps), ExampleInputs: commandInputFamilies(steps[0].Words),
			ExampleRunsStep: runsStep(steps, sk, first.Record.Executable, f), StepMargin: f.Features["margin"]}
		ms, _ := e.opts.Rules.Eval("steps", env)
		for _, mt := range ms {
			if !mt.Then.(*rules.StepsThen).FollowExample {
				continue
			}
			score := m.exampleScore(ex, steps[0].Words)
			if best == nil || score > best.score {
				best = &multiExample{ex: ex, steps: m.askedSteps(steps, sk, first.Record.Executable, f), score: score, rule: mt.Rule}
				if len(best.steps) < len(steps) {
					best.cut = steps[len(best.steps):]
				}
			}
			break
		}
	}
	if best == nil {
		return nil, nil
	}
	return e.followExample(ctx, req, first, sk, m, best, docs)
}

// followExample builds the pipeline of a multi-step example for the task.
func (e *Engine) followExample(ctx context.Context, req Request, first *Result, sk *skills.Skill, m *mapper, me *multiExample, docs DocLookup) (*Pipeline, error) {
	if docs == nil {
		docs = func(ctx context.Context, exe string, tr *Trace) (*ToolRecord, *ToolDoc, error) {
			return e.stagesOneTwo(ctx, Request{Tool: exe, Scenario: "full"}, &Result{Trace: tr})
		}
	}
	p := &Pipeline{Tool: req.Tool, Task: req.Task, Trace: &Trace{}}
	p.Trace.Add(StageMap, me.rule, 0, fmt.Sprintf("the task's files do not fit `%s`; it is the skill example %q: %s (similarity %.2f)",
		QuoteArgv(append([]string{f0(first)}, first.Fill.Subcommand...)), me.ex.Task, me.ex.Args, me.score))
	for _, st := range me.cut {
		p.Trace.Add(StageMap, me.rule, 0, fmt.Sprintf("left out the example's command %s: the task does not ask for it", QuoteArgv(st.Words)))
	}
	fm := mapExampleFiles(m, me.steps, first.Frame)
	var dropped []string
	kept := 0
	missing := make([][]string, len(me.steps))
	argvs := make([][]string, len(me.steps))
	stdouts := make([]string, len(me.steps))
	for k, st := range me.steps {
		words := st.Words
		if k == 0 && !(len(words) > 0 && (words[0] == sk.Name || slices.Contains(sk.Companions, words[0]))) {
			words = append([]string{first.Record.Executable}, words...)
		}
		argv := []string{words[0]}
		for i := 1; i < len(words); i++ {
			w := words[i]
			switch {
			case fm.files[w] != "":
				argv = append(argv, fm.files[w])
			case isExampleFile(w):
				ph := "<" + FileType(w) + ">"
				missing[k] = append(missing[k], fmt.Sprintf("%s for %s (the example's %s is not the task's)", ph, words[0], w))
				argv = append(argv, ph)
			case i > 1 && len(words[i-1]) > 1 && words[i-1][0] == '-' && numberRE.MatchString(w) && !m.taskValues()[w]:
				// A number of the example's flag (-t 8, -@ 4) the task
				// does not give: the flag goes.
				dropped = append(dropped, words[i-1]+" "+w)
				argv = argv[:len(argv)-1]
			case i > 1 && len(words[i-1]) > 1 && words[i-1][0] == '-' && !strings.HasPrefix(w, "-") && w != "-" && !m.taskValues()[w]:
				// A constant of the example's flag (-O u, -x map-ont): kept
				// as people write it, and weighed as such.
				kept++
				argv = append(argv, w)
			default:
				argv = append(argv, w)
			}
		}
		argvs[k] = argv
		if st.Stdout != "" {
			stdouts[k] = fm.files[st.Stdout]
			if stdouts[k] == "" {
				stdouts[k] = "<" + FileType(st.Stdout) + ">"
				missing[k] = append(missing[k], fmt.Sprintf("%s for the standard output of %s (the example's %s is not the task's)", stdouts[k], words[0], st.Stdout))
			}
		}
	}
	nMissing := 0
	for _, x := range missing {
		nMissing += len(x)
	}
	var steps []*Step
	for k, st := range me.steps {
		r := req
		r.Tool, r.Stdout, r.Append = argvs[k][0], stdouts[k], st.Append
		s, err := e.exampleStep(ctx, r, task.Op(st.Op), argvs[k], docs)
		if err != nil {
			return nil, fmt.Errorf("command %d of the skill example %q (%s): %w", k+1, me.ex.Task, argvs[k][0], err)
		}
		if k == 0 {
			s.Op = task.OpFirst
		}
		steps = append(steps, s)
	}
	// The pipeline is weighed as one command would be: the task's items
	// it places, the values it lacks, the words it accounts for.
	all := &Fill{Positionals: []string{}}
	c := &candidate{}
	var names, descs []string
	for _, s := range steps {
		f, r := s.Result.Fill, s.Result
		all.Flags = append(all.Flags, f.Flags...)
		all.Positionals = append(all.Positionals, f.Positionals...)
		if f.Stdout != "" {
			all.Positionals = append(all.Positionals, f.Stdout)
		}
		names = append(names, f.Subcommand...)
		if r.Doc != nil {
			if len(f.Subcommand) > 0 {
				if sd := FindSubcommand(r.Doc.Subcommands, f.Subcommand[0]); sd != nil {
					descs = append(descs, sd.Description)
				}
			} else {
				descs = append(descs, r.Doc.Description)
			}
			fl, _ := scope(r.Record, r.Doc, f.Executable, f.Subcommand)
			c.flags = append(c.flags, fl...)
		}
	}
	c.key, c.desc = strings.Join(names, " "), strings.Join(descs, " ")
	unused := m.unusedItems(all)
	unused = append(unused, m.unplacedValues(all, c, append(slices.Clone(unused), names...))...)
	feat := map[string]float64{"example_similarity": me.score, "missing_values": float64(nMissing),
		"unused_items": float64(len(unused)), "edits": float64(len(dropped)), "derived_outputs": float64(len(fm.derived)),
		"task_words": float64(len(contentWords(m.keywordText()))) / 10}
	sc := &scoredExample{ex: me.ex}
	feat["task_beyond_example"], feat["example_beyond_task"] = m.exampleGaps(sc)
	feat["uncovered_words"] = m.uncovered(all, c, sc)
	shapeFeatures(feat, all, steps[0].Result.Doc)
	feat["example_values"] = float64(kept)
	for _, fv := range all.Flags {
		if !fv.HasValue {
			feat["example_flags"]++ // switches as the example wrote them
		}
	}
	conf := clamp01(rules.BuiltinWeights().Confidence.Score(feat))
	uncertain := conf < ConfidenceThreshold || nMissing > 0 || len(unused) > 0
	ev := append([]string{fmt.Sprintf("mapped the task onto the skill example %q: %s", me.ex.Task, me.ex.Args)}, fm.lines...)
	for _, d := range dropped {
		ev = append(ev, "dropped "+d+" from the example: nothing in the task asks for it")
	}
	for _, x := range slices.Concat(missing...) {
		ev = append(ev, "missing: "+x)
	}
	if len(unused) > 0 {
		ev = append(ev, fmt.Sprintf("%s %s no place in the pipeline", joinAnd(unused), hasHave(len(unused))))
	}
	ev = append(ev, "confidence "+featureLine(feat, conf))
	for k, s := range steps {
		res, fl := s.Result, s.Result.Fill
		res.Skill = sk.Source
		fl.Example = &Example{Task: me.ex.Task, Args: me.ex.Args, Source: "skill"}
		fl.Evidence = append(append([]string{fmt.Sprintf("command %d of %d", k+1, len(me.steps))}, fl.Evidence...), ev...)
		fl.Missing = append(fl.Missing, missing[k]...)
		if k == 0 {
			fl.Unused = unused
		}
		fl.Features, fl.Frame = feat, first.Frame
		fl.Confidence, res.Confidence = conf, conf
		fl.Uncertain, res.Uncertain = uncertain, uncertain
		res.Frame = first.Frame
		res.Trace.Add(StageMap, me.rule, 0, fmt.Sprintf("command %d of %d of the skill example, confidence %.2f", k+1, len(me.steps), conf), ev...)
		res.Explanation = fmt.Sprintf("command %d of the skill example %q", k+1, me.ex.Task)
		s.Task, s.Example = req.Task, me.ex.Args
		p.Steps = append(p.Steps, s)
	}
	p.earlierOutputs()
	if err := p.checkWiring(); err != nil {
		return nil, err
	}
	p.render()
	return p, nil
}

// exampleStep reads one command of an example, its files already the
// task's, against its program's help and checks it: a typed step whose
// ToolDoc comes from docs.
func (e *Engine) exampleStep(ctx context.Context, req Request, op task.Op, argv []string, docs DocLookup) (*Step, error) {
	tr := &Trace{}
	rec, doc, err := docs(ctx, argv[0], tr)
	if err != nil {
		return nil, err
	}
	if req.Scenario == "" {
		req.Scenario = "full"
	}
	res := &Result{Tool: req.Tool, Task: req.Task, Trace: tr, Scenario: req.Scenario}
	st := e.typedFrom(req, op, argv, rec, doc, res, "from the example")
	return st, nil
}

func f0(r *Result) string { return r.Fill.Executable }

// fileMap is how an example's files became the task's.
type fileMap struct {
	files   map[string]string // the example's file → the task's
	derived []string
	lines   []string // evidence
}

// outputFlag reports a flag that names an output (-o, --output).
func outputFlag(w string) bool { return strings.HasPrefix(w, "-") && isOutputName(w) }

// isExampleFile reports a word of an example that names a file.
func isExampleFile(w string) bool { return w != "-" && FileType(w) != "" && !strings.HasPrefix(w, "-") }

// mapExampleFiles gives each file of the example the task's file of its
// role and kind: the files it writes (after an output flag, or its
// standard output) the task's outputs, the last command's first; the files
// it reads the task's inputs, same kind first, then same family. An
// output the task does not name is derived from the task's first input;
// an input it does not give stays unmapped (a placeholder).
func mapExampleFiles(m *mapper, steps []skills.ExampleStep, fr *task.Frame) fileMap {
	fm := fileMap{files: map[string]string{}}
	var outs, ins []string
	seen := map[string]bool{}
	for _, st := range steps {
		for i, w := range st.Words {
			if !isExampleFile(w) || seen[w] {
				continue
			}
			seen[w] = true
			if i > 0 && outputFlag(st.Words[i-1]) {
				outs = append(outs, w)
			} else {
				ins = append(ins, w)
			}
		}
		if st.Stdout != "" && !seen[st.Stdout] {
			seen[st.Stdout] = true
			outs = append(outs, st.Stdout)
		}
	}
	var taskIn, taskOut []string
	for _, f := range fr.Files {
		if f.Output {
			taskOut = append(taskOut, f.Path)
		} else {
			taskIn = append(taskIn, f.Path)
		}
	}
	usedIn, usedOut := map[string]bool{}, map[string]bool{}
	take := func(list []string, used map[string]bool, same func(string) bool) string {
		for _, x := range list {
			if !used[x] && same(x) {
				used[x] = true
				return x
			}
		}
		return ""
	}
	for _, pass := range []func(a, b string) bool{
		func(a, b string) bool { return FileType(a) == FileType(b) },
		func(a, b string) bool { return family(FileType(a)) == family(FileType(b)) },
	} {
		for _, w := range ins {
			if fm.files[w] == "" {
				fm.files[w] = take(taskIn, usedIn, func(x string) bool { return pass(x, w) })
			}
		}
	}
	// Outputs: the last written first, so the task's output is the
	// pipeline's end product.
	for _, pass := range []func(a, b string) bool{
		func(a, b string) bool { return FileType(a) == FileType(b) },
		func(a, b string) bool { return family(FileType(a)) == family(FileType(b)) },
	} {
		for i := len(outs) - 1; i >= 0; i-- {
			w := outs[i]
			if fm.files[w] == "" {
				fm.files[w] = take(taskOut, usedOut, func(x string) bool { return pass(x, w) })
			}
		}
	}
	exIn, taskFirst := "", ""
	if len(ins) > 0 {
		exIn = ins[len(ins)-1]
		for _, w := range ins {
			if !task.V().Reference(FileType(w)) {
				exIn = w
				break
			}
		}
		taskFirst = fm.files[exIn]
	}
	for _, w := range outs {
		if fm.files[w] != "" {
			continue
		}
		if taskFirst == "" {
			continue // a placeholder
		}
		d := deriveFrom(w, exIn, taskFirst)
		if d == taskFirst || slices.Contains(taskIn, d) {
			continue
		}
		fm.files[w] = d
		fm.derived = append(fm.derived, d)
		fm.lines = append(fm.lines, fmt.Sprintf("derived %s from %s for the example's %s: the task names no output of its kind", d, taskFirst, w))
	}
	var pairs []string
	for _, w := range append(append([]string(nil), ins...), outs...) {
		if t := fm.files[w]; t != "" && t != w && !slices.Contains(fm.derived, t) {
			pairs = append(pairs, w+" → "+t)
		}
	}
	if len(pairs) > 0 {
		fm.lines = append([]string{"aligned the example's files to the task's: " + strings.Join(pairs, ", ")}, fm.lines...)
	}
	return fm
}

// deriveFrom names an output after the task's input: the example's
// output rebuilt around the task input's stem ("x.sorted.bam" for "x.bam"
// → "aln.sorted.bam"), else the stem and the output's own name.
func deriveFrom(exOut, exIn, taskIn string) string {
	if n, ok := restem(exOut, exIn, taskIn); ok {
		return n
	}
	return rules.Stem(taskIn) + "." + filepath.Base(exOut)
}

// taskInputFamilies are the file families a task reads, each once.
func taskInputFamilies(fr *task.Frame) []string {
	var out []string
	for _, f := range fr.Files {
		if !f.Output {
			out = addOnce(out, family(f.Type))
		}
	}
	return out
}

// commandInputFamilies are the families of the files a command's words
// read (not those after an output flag).
func commandInputFamilies(words []string) []string {
	var out []string
	for i, w := range words {
		if isExampleFile(w) && (i == 0 || !outputFlag(words[i-1])) {
			out = addOnce(out, family(FileType(w)))
		}
	}
	return out
}

// stepFiles are the file families the one-command examples of the built
// command (its executable and subcommand) read, and the kinds they write.
func stepFiles(sk *skills.Skill, exe string, f *Fill) (in, out []string) {
	for _, ex := range sk.Examples {
		words, err := skills.SplitArgs(ex.Args)
		if err != nil {
			continue
		}
		steps, err := skills.SplitSteps(words)
		if err != nil || len(steps) != 1 {
			continue
		}
		if rest, ok := runs(steps[0].Words, sk, exe, f, true); ok {
			for _, k := range commandInputFamilies(rest) {
				in = addOnce(in, k)
			}
			for _, k := range commandOutputKinds(steps[0]) {
				out = addOnce(out, k)
			}
		}
	}
	return in, out
}

// commandOutputKinds are the kinds of the files a command writes: after
// an output flag, or its standard output.
func commandOutputKinds(st skills.ExampleStep) []string {
	var out []string
	for i, w := range st.Words {
		if i > 0 && isExampleFile(w) && outputFlag(st.Words[i-1]) {
			out = addOnce(out, FileType(w))
		}
	}
	if st.Stdout != "" {
		out = addOnce(out, FileType(st.Stdout))
	}
	return out
}

// exampleOutputKinds are the kinds the commands of an example write.
func exampleOutputKinds(steps []skills.ExampleStep) []string {
	var out []string
	for _, st := range steps {
		for _, k := range commandOutputKinds(st) {
			out = addOnce(out, k)
		}
	}
	return out
}

// runsStep reports whether a command of the example runs the built
// command.
func runsStep(steps []skills.ExampleStep, sk *skills.Skill, exe string, f *Fill) bool {
	for k, st := range steps {
		if _, ok := runs(st.Words, sk, exe, f, k == 0); ok {
			return true
		}
	}
	return false
}

// runs reports whether a command's words run f's executable and
// subcommand, and returns the words after them. The first command of an
// example leaves the tool's name out (unless it runs a companion).
func runs(words []string, sk *skills.Skill, exe string, f *Fill, firstCmd bool) ([]string, bool) {
	prog := exe
	if len(words) > 0 && (!firstCmd || words[0] == sk.Name || slices.Contains(sk.Companions, words[0])) {
		prog, words = words[0], words[1:]
	}
	if prog != f.Executable && !(prog == sk.Name && f.Executable == exe) {
		return nil, false
	}
	if len(words) < len(f.Subcommand) || !slices.Equal(words[:len(f.Subcommand)], f.Subcommand) {
		return nil, false
	}
	return words[len(f.Subcommand):], true
}

func addOnce(list []string, s string) []string {
	if s == "" || slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
