package engine

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// PlanRequest is a task that needs more than one command.
type PlanRequest struct {
	Task string
	// Scenario and Cwd are passed to every step (Request).
	Scenario, Cwd string
}

// Plan is a multi-step task cut into numbered steps; each step is built
// through the five stages, and each step's outputs are the next one's
// inputs.
type Plan struct {
	Task string `json:"task"`
	// SplitBy says who cut the task into steps: "rules" or "model".
	SplitBy string      `json:"split_by"`
	Steps   []*PlanStep `json:"steps"`
	// Notes say what a reader must know (the model's split failed, …).
	Notes []string `json:"notes,omitempty"`
	// LLMCalls and PromptTokens count the model calls made to split the
	// task (each step's own calls are in its Result).
	LLMCalls     int `json:"llm_calls"`
	PromptTokens int `json:"prompt_tokens"`
}

// PlanStep is one step of a plan.
type PlanStep struct {
	N int `json:"n"`
	// Clause is the part of the task this step does, as written.
	Clause string `json:"clause"`
	Tool   string `json:"tool"`
	// Task is what the step's command is built from: the clause with the
	// files flowing in and the file it writes.
	Task string `json:"task"`
	// Rule is the plans rule that read the clause (id and file:line).
	Rule   string `json:"rule,omitempty"`
	RuleAt string `json:"rule_at,omitempty"`
	// Inputs are the files the step reads (its reference included);
	// Outputs the files it writes.
	Inputs  []string `json:"inputs"`
	Outputs []string `json:"outputs"`
	// Pipeline is the step's command (or commands: "mpileup | call"),
	// each with everything the five stages found.
	Pipeline *Pipeline `json:"-"`

	start, end int // the clause's bytes in the task
	concepts   []string
	named      string
	then       *rules.PlanThen
	// flows are the data files the next step reads.
	flows []string
	ref   string
}

// Uncertain reports whether any step's command is uncertain or was not
// built.
func (p *Plan) Uncertain() bool {
	for _, s := range p.Steps {
		if s.Pipeline == nil || s.Pipeline.Uncertain() {
			return true
		}
	}
	return false
}

// planState is what flows from one step to the next.
type planState struct {
	files    []string
	ref      string
	prevTool string
}

// GeneratePlan cuts a task into steps (by the model when one is
// configured, else by the plans rules) and builds every step's command
// through the five stages. Nothing runs.
func (e *Engine) GeneratePlan(ctx context.Context, req PlanRequest) (*Plan, error) {
	if strings.TrimSpace(req.Task) == "" {
		return nil, errors.New("the task is empty: say what the steps should do, e.g. \"sort aln.bam, then index it\"")
	}
	p, err := e.SplitPlan(ctx, req.Task)
	if err != nil {
		return nil, err
	}
	written := map[string]int{}
	for i := 0; i < len(p.Steps); i++ {
		s := p.Steps[i]
		pl, err := e.GeneratePipeline(ctx, Request{Tool: s.Tool, Task: s.Task, Scenario: req.Scenario, Cwd: req.Cwd})
		if err != nil {
			return p, fmt.Errorf("step %d (%s): %w", s.N, s.Clause, err)
		}
		for n := len(p.Steps); ; n = len(p.Steps) {
			// A step joined to the next by a pipe may feed the one after.
			if pl, err = e.chainPlan(ctx, req, p, i, pl); err != nil {
				return p, err
			}
			if len(p.Steps) == n {
				break
			}
		}
		for _, st := range pl.Steps {
			st.Result.Findings = slices.DeleteFunc(st.Result.Findings, func(f Finding) bool {
				return f.Rule == "check.input_missing" && writtenBefore(f.Message, written)
			})
		}
		s.Pipeline = pl
		if p.SplitBy == "model" {
			fr := task.Parse(s.Task)
			s.Inputs, s.Outputs = framePaths(&fr)
		}
		for _, o := range s.Outputs {
			written[o] = s.N
		}
	}
	return p, nil
}

// chainPlan joins step i to the next when step i's command writes to
// standard output (it names no file) and the next step reads what flows
// from it (its own words name no file), as GeneratePipeline joins
// commands cut from words (rules/steps/stdin.yaml): the next step's
// command reads a pipe and the two become one step, or, when it cannot
// read a pipe, step i writes a file named from its input and the next
// step reads that file.
func (e *Engine) chainPlan(ctx context.Context, req PlanRequest, p *Plan, i int, pl *Pipeline) (*Pipeline, error) {
	if i+1 >= len(p.Steps) {
		return pl, nil
	}
	s, next := p.Steps[i], p.Steps[i+1]
	last := pl.Steps[len(pl.Steps)-1]
	own := next.Task
	if p.SplitBy == "rules" {
		own = stripTool(next.Clause, next.named)
	}
	if len(s.Outputs) > 0 || last.Typed || firstOutput(last.Result) != "" || !writesToStdout(last.Result) || len(task.Parse(own).Files) > 0 {
		return pl, nil
	}
	own = dropPronouns(own)
	r := Request{Tool: next.Tool, Task: own, Scenario: req.Scenario, Cwd: req.Cwd}
	st, err := e.StepFor(ctx, r, task.OpPipe)
	if err != nil {
		return pl, fmt.Errorf("step %d (%s): %w", next.N, next.Clause, err)
	}
	m, t, ok := e.stdinRule(next.Tool, own, st.Result, false)
	if !ok {
		return pl, nil
	}
	if t.Stdin != "" {
		// One step: this command | the next.
		joined := NewPipeline(s.Tool, s.Task+" | "+own, append(pl.Steps, st)...)
		joined.Trace = pl.Trace
		joined.Trace.Add(StageMap, m.Rule, 0, fmt.Sprintf("step %d writes to standard output and step %d (%q) names no file: one step, joined by a pipe", s.N, next.N, next.Clause))
		e.wirePipes(Request{Tool: next.Tool, Scenario: req.Scenario, Cwd: req.Cwd}, joined)
		joined.earlierOutputs()
		joined.render()
		s.end, s.Clause, s.Task = next.end, strings.TrimSpace(s.Clause+" "+next.Clause), joined.Task
		if p.SplitBy == "rules" {
			s.Clause = p.Task[s.start:s.end]
		}
		s.Outputs, s.flows = next.Outputs, next.flows
		p.Steps = append(p.Steps[:i+1], p.Steps[i+2:]...)
		for k, x := range p.Steps {
			x.N = k + 1
		}
		return joined, nil
	}
	in := firstInput(last.Result)
	if in == "" {
		in = firstInput(pl.Steps[0].Result)
	}
	if in == "" {
		return pl, nil
	}
	f := last.Result.Fill
	step := f.Executable
	if len(f.Subcommand) > 0 {
		step = f.Subcommand[len(f.Subcommand)-1]
	}
	file := derivedFile(t.File, in, step)
	why := fmt.Sprintf("%s is derived from %s: step %d (%q) cannot read a pipe (%s)", file, in, next.N, next.Clause, m.Rule.ID)
	if len(pl.Steps) > 1 {
		// A pipe's last command: its standard output goes to the file.
		f.Stdout, f.Append = file, false
		f.Outputs = append(f.Outputs, file)
		f.Evidence = append(f.Evidence, "standard output > "+why)
		e.assembleAndCheck(Request{Tool: last.Tool, Scenario: req.Scenario, Cwd: req.Cwd}, last.Result, f)
		pl.Trace.Add(StageMap, m.Rule, 0, fmt.Sprintf("step %d writes to standard output and step %d (%q) cannot read a pipe: step %d writes %s (derived from %s)", s.N, next.N, next.Clause, s.N, file, in))
		pl.render()
		return pl, e.refinish(p, i, file)
	}
	task2 := s.Task + " into " + QuoteArgv([]string{file})
	pl2, err := e.GeneratePipeline(ctx, Request{Tool: s.Tool, Task: task2, Scenario: req.Scenario, Cwd: req.Cwd})
	if err != nil || len(pl2.Steps) != 1 || firstOutput(pl2.Steps[0].Result) != file {
		return pl, nil
	}
	pl2.Steps[0].Result.Fill.Evidence = append(pl2.Steps[0].Result.Fill.Evidence, why)
	pl2.Trace.Add(StageMap, m.Rule, 0, fmt.Sprintf("step %d writes to standard output and step %d (%q) cannot read a pipe: step %d writes %s (derived from %s)", s.N, next.N, next.Clause, s.N, file, in))
	s.Task = task2
	return pl2, e.refinish(p, i, file)
}

// refinish makes step i's file the input of step i+1: the rules write
// its task again from it; a model's step gets it added.
func (e *Engine) refinish(p *Plan, i int, file string) error {
	s, next := p.Steps[i], p.Steps[i+1]
	s.Outputs, s.flows = []string{file}, []string{file}
	if p.SplitBy == "rules" {
		return e.finish(next, planState{files: s.flows, ref: s.ref, prevTool: s.Tool})
	}
	next.Task += " " + QuoteArgv([]string{file})
	return nil
}

// derivedFile names a file after a command's input by a steps rule's
// template: {stem} and {ext} are the input's name without and with only
// its extension (and compression), {step} the command's subcommand or
// executable; it goes beside the input.
func derivedFile(tmpl, in, step string) string {
	base := filepath.Base(in)
	stem := stemOf(base)
	file := strings.NewReplacer("{stem}", stem, "{ext}", strings.TrimPrefix(base, stem), "{step}", step).Replace(tmpl)
	if d := filepath.Dir(in); d != "." && !strings.Contains(tmpl, "/") {
		file = filepath.Join(d, file)
	}
	return file
}

// writtenBefore reports a finding that names a file an earlier step
// writes: it does not exist yet because the plan has not run.
func writtenBefore(msg string, written map[string]int) bool {
	for f := range written {
		if strings.Contains(msg, " "+f+" ") {
			return true
		}
	}
	return false
}

// framePaths splits the files of a parsed task into what it reads and
// what it writes.
func framePaths(fr *task.Frame) (in, out []string) {
	in, out = []string{}, []string{}
	if fr == nil {
		return in, out
	}
	for _, f := range fr.Files {
		if f.Output {
			out = append(out, f.Path)
		} else {
			in = append(in, f.Path)
		}
	}
	return in, out
}

// SplitPlan cuts a task into steps without building their commands: by
// the model when one is configured (falling back to the rules, with a
// note, when its answer is unusable), else by the plans rules.
func (e *Engine) SplitPlan(ctx context.Context, text string) (*Plan, error) {
	p := &Plan{Task: text}
	if o := e.opts.LLM; o.active() {
		steps, st, err := o.Filler.Split(ctx, text)
		p.LLMCalls, p.PromptTokens = st.Calls, st.PromptTokens
		if err == nil {
			p.SplitBy = "model"
			for i, s := range steps {
				p.Steps = append(p.Steps, &PlanStep{N: i + 1, Clause: s.Task, Tool: s.Tool, Task: s.Task, Inputs: []string{}, Outputs: []string{}})
			}
			return p, nil
		}
		p.Notes = append(p.Notes, "the model could not split the task ("+err.Error()+"); the rules split it")
	}
	p.SplitBy = "rules"
	steps, err := e.splitByRules(text)
	if err != nil {
		return nil, err
	}
	p.Steps = steps
	return p, nil
}

// splitByRules cuts the task at the step_separator words. A piece that
// names no tool and that no plans rule reads, or that only repeats what
// the step before does ("call SNPs, variants only"), joins that step.
func (e *Engine) splitByRules(text string) ([]*PlanStep, error) {
	var steps []*PlanStep
	var before []planState // the state each step starts from
	after := func() planState {
		if len(steps) == 0 {
			return planState{}
		}
		return e.advance(before[len(before)-1], steps[len(steps)-1])
	}
	for _, pc := range e.pieces(text) {
		st := after()
		s := &PlanStep{N: len(steps) + 1, start: pc[0], end: pc[1], Clause: text[pc[0]:pc[1]]}
		e.decide(s, st)
		if n := len(steps); n > 0 && s.named == "" && (s.then == nil || subset(s.concepts, steps[n-1].concepts)) {
			last := steps[n-1]
			last.end = pc[1]
			last.Clause = text[last.start:last.end]
			e.decide(last, before[n-1])
			continue
		}
		steps = append(steps, s)
		before = append(before, st)
	}
	if len(steps) == 0 {
		return nil, errors.New("the task names no step")
	}
	for i := 0; i+1 < len(steps); i++ {
		if steps[i].Tool != "" {
			continue
		}
		// A step no rule reads may need what the next step writes ("index
		// and sort aln.bam"): it is tried after that step.
		a, b := steps[i], steps[i+1]
		b.N, a.N = i+1, i+2
		b.flows, a.flows = nil, nil
		e.decide(b, before[i])
		e.decide(a, e.advance(before[i], b))
		if a.Tool == "" {
			a.N, b.N = i+1, i+2
			e.decide(a, before[i])
			e.decide(b, e.advance(before[i], a))
			continue
		}
		steps[i], steps[i+1] = b, a
		before[i+1] = e.advance(before[i], b)
	}
	for i, s := range steps {
		s.flows = nil
		if i > 0 {
			before[i] = e.advance(before[i-1], steps[i-1])
		}
		if s.Tool == "" {
			return nil, fmt.Errorf("step %d (%q): no plans rule reads it and it names no tool; name one (\"… with samtools\") or add a plans rule", s.N, s.Clause)
		}
		if err := e.finish(s, before[i]); err != nil {
			return nil, err
		}
	}
	return steps, nil
}

// pieces returns the [start, end) spans of the task between its steps:
// where the steps rules cut a task in words ("then", 然后: stepCuts, the
// splitter GeneratePipeline uses) and at the step_separator words and
// marks of a plan (",", "and", 最后). A one-byte mark (",", ";") splits
// only where a blank or the end follows it (1,000 and a.bam,b.bam stay
// whole); a Chinese mark always.
func (e *Engine) pieces(text string) [][2]int {
	cuts := e.stepCuts("", text)
	for _, sp := range task.V().Spans("step_separator", text) {
		m := text[sp[0]:sp[1]]
		if len(m) == 1 && sp[1] < len(text) && !unicode.IsSpace(rune(text[sp[1]])) {
			continue
		}
		cuts = append(cuts, [2]int{sp[0], sp[1]})
	}
	slices.SortFunc(cuts, func(a, b [2]int) int { return a[0] - b[0] })
	var out [][2]int
	from := 0
	add := func(end int) {
		s, e := from, end
		for s < e && unicode.IsSpace(rune(text[s])) {
			s++
		}
		for e > s && unicode.IsSpace(rune(text[e-1])) {
			e--
		}
		if s < e {
			out = append(out, [2]int{s, e})
		}
	}
	for _, c := range cuts {
		if c[0] < from {
			// Overlapping cuts (", then" and ","): one cut.
			from = max(from, c[1])
			continue
		}
		add(c[0])
		from = c[1]
	}
	add(len(text))
	return out
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// decide reads a step's clause against the state before it: the tool it
// names, its concepts, and the plans rule that fires.
func (e *Engine) decide(s *PlanStep, st planState) {
	s.named = e.namedTool(s.Clause)
	clause := stripTool(s.Clause, s.named)
	s.concepts = e.clauseConcepts(clause)
	fr := task.Parse(clause)
	ins, ref := clauseFiles(fr)
	if ref == "" {
		ref = st.ref
	}
	if len(ins) == 0 {
		ins = st.files
	}
	var kinds []string
	for _, f := range ins {
		kinds = append(kinds, FileType(f))
	}
	env := &rules.PlanEnv{Clause: clause, Concepts: s.concepts, Tool: s.named, InputKinds: kinds,
		Reference: ref != "", Step: s.N, PreviousTool: st.prevTool}
	s.then, s.Rule, s.RuleAt = nil, "", ""
	if m, ok, _ := e.opts.Rules.First("plans", env); ok {
		s.then, s.Rule, s.RuleAt = m.Then.(*rules.PlanThen), m.Rule.ID, m.Rule.Where()
	}
	s.Tool = s.named
	if s.Tool == "" && s.then != nil {
		s.Tool = s.then.Tool
	}
}

// clauseFiles returns the files a clause reads and its reference: the
// file it reads against ("to ref.fa"), else, among several inputs, one of
// a reference kind ("… against the reference ref.fa").
func clauseFiles(fr task.Frame) (ins []string, ref string) {
	for _, f := range fr.Files {
		switch {
		case f.Role == "reference":
			ref = f.Path
		case !f.Output:
			ins = append(ins, f.Path)
		}
	}
	if ref == "" && len(ins) > 1 {
		for i, f := range ins {
			if task.V().Reference(FileType(f)) {
				return append(ins[:i:i], ins[i+1:]...), f
			}
		}
	}
	return ins, ref
}

// finish writes the step's task, inputs and outputs from its rule.
func (e *Engine) finish(s *PlanStep, st planState) error {
	clause := stripTool(s.Clause, s.named)
	fr := task.Parse(clause)
	ins, ref := clauseFiles(fr)
	_, outs := framePaths(&fr)
	if ref == "" {
		ref = st.ref
	}
	named := len(ins) > 0
	if !named {
		ins = st.files
	}
	th := s.then
	if th == nil {
		th = &rules.PlanThen{}
	}
	vars := map[string]string{"inputs": strings.Join(ins, " "), "reference": ref}
	if len(ins) > 0 {
		vars["input"], vars["stem"], vars["sample"] = ins[0], stemOf(ins[0]), sampleOf(ins)
	}
	if len(outs) > 0 {
		vars["output"] = outs[0]
	}
	text := clause
	usesRef := fr.Files != nil && ref != "" && strings.Contains(clause, ref)
	if !named && th.Input != "" && len(ins) > 0 {
		add, err := render(th.Input, vars, s)
		if err != nil {
			return err
		}
		text = dropPronouns(text) + " " + add
		usesRef = usesRef || strings.Contains(th.Input, "{reference}")
	}
	if len(outs) == 0 && th.Output != "" && len(ins) > 0 {
		out, err := render(th.Output, vars, s)
		if err != nil {
			return err
		}
		vars["output"] = out
		outs = []string{out}
		if th.Into != "" {
			add, err := render(th.Into, vars, s)
			if err != nil {
				return err
			}
			text += " " + add
		}
	}
	if th.Task != "" {
		t, err := render(th.Task, vars, s)
		if err != nil {
			return err
		}
		text = t
		usesRef = usesRef || strings.Contains(th.Task, "{reference}")
	}
	for _, w := range th.Writes {
		out, err := render(w, vars, s)
		if err != nil {
			return err
		}
		outs = append(outs, out)
	}
	s.Task = text
	s.flows = ins
	if !th.Keep && len(outs) > 0 {
		s.flows = outs[:1]
	}
	s.ref = ref
	s.Inputs = append([]string{}, ins...)
	if usesRef && !slices.Contains(s.Inputs, ref) {
		s.Inputs = append(s.Inputs, ref)
	}
	s.Outputs = append([]string{}, outs...)
	return nil
}

// dropPronouns takes out the words that stand for the files flowing in
// ("index it"): the files are added in their place.
func dropPronouns(text string) string {
	sp := task.V().Spans("step_pronoun", text)
	for i := len(sp) - 1; i >= 0; i-- {
		text = text[:sp[i][0]] + " " + text[sp[i][1]:]
	}
	return strings.Join(strings.Fields(text), " ")
}

// advance is the state after a step: the files it passes on and the
// reference named so far.
func (e *Engine) advance(st planState, s *PlanStep) planState {
	if s.flows == nil {
		_ = e.finish(s, st) // a step not yet finished: its files as the rule would write them
	}
	next := planState{files: st.files, ref: st.ref, prevTool: s.Tool}
	if len(s.flows) > 0 {
		next.files = s.flows
	}
	if s.ref != "" {
		next.ref = s.ref
	}
	return next
}

var placeholderRE = lazyre.New(`\{[a-z]+\}`)

// render fills a plans template; a placeholder with no value is an error
// naming the step and the rule.
func render(t string, vars map[string]string, s *PlanStep) (string, error) {
	var missing string
	out := placeholderRE.ReplaceAllStringFunc(t, func(m string) string {
		v, ok := vars[m[1:len(m)-1]]
		if !ok || v == "" {
			missing = m
		}
		return v
	})
	if missing != "" {
		return "", fmt.Errorf("step %d (%q) needs %s for rule %s (%s); name it in the task", s.N, s.Clause, missing, s.Rule, s.RuleAt)
	}
	return out, nil
}

// sampleOf is what the files flowing in share: the common beginning of
// their stems, less the separators and the mate mark it ends with
// (reads_1.fq reads_2.fq → reads; s1_R1.fq.gz s1_R2.fq.gz → s1); for one
// file, its stem. An output named after it differs from step to step and
// from sample to sample.
func sampleOf(ins []string) string {
	c := stemOf(ins[0])
	for _, x := range ins[1:] {
		st := stemOf(x)
		n := 0
		for n < len(c) && n < len(st) && c[n] == st[n] {
			n++
		}
		c = c[:n]
	}
	if len(ins) > 1 {
		c = strings.TrimRight(c, "._-")
		if i := strings.LastIndexAny(c, "._-"); i > 0 && strings.EqualFold(c[i+1:], "r") {
			c = c[:i]
		}
	}
	if c == "" {
		return stemOf(ins[0])
	}
	return c
}

// stemOf is a file name without its compression suffix and extension.
func stemOf(p string) string {
	_, rest := task.V().Compression(p)
	ext := filepath.Ext(rest)
	if _, ok := task.V().KindOf(strings.ToLower(strings.TrimPrefix(ext, "."))); ok {
		return strings.TrimSuffix(rest, ext)
	}
	return rest
}

// clauseConcepts are the concepts the intents rules find in a clause's
// words; its file names are left out ("aln.sorted.bam" asks for no sort).
func (e *Engine) clauseConcepts(text string) []string {
	for _, f := range task.Parse(text).Files {
		text = strings.ReplaceAll(text, f.Path, " ")
	}
	ms, _ := e.opts.Rules.Eval("intents", &rules.IntentEnv{Task: text})
	var out []string
	for _, m := range ms {
		for _, c := range m.Then.(*rules.IntentThen).Concepts {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	slices.Sort(out)
	return out
}

// namedTool is the tool a clause names after a tool_marker word ("with
// bwa", "用 samtools"): a name with a skill or an executable on PATH.
func (e *Engine) namedTool(clause string) string {
	ws := rules.Words(strings.ToLower(clause))
	for i := 1; i < len(ws); i++ {
		if !task.V().Is("tool_marker", ws[i-1]) {
			continue
		}
		if e.knownTool(ws[i]) {
			return ws[i]
		}
	}
	return ""
}

func (e *Engine) knownTool(name string) bool {
	if e.opts.Skills != nil {
		if _, ok := e.opts.Skills.Get(name); ok {
			return true
		}
	}
	_, ok := e.resolver.lookPath(name)
	return ok
}

// stripTool takes "with bwa" (the marker and the tool) out of a clause:
// the step's tool is given apart.
func stripTool(clause, tool string) string {
	if tool == "" {
		return clause
	}
	re := regexp.MustCompile(`(?i)(^|[^a-z0-9_.-])` + regexp.QuoteMeta(tool) + `($|[^a-z0-9_.-])`)
	for _, m := range re.FindAllStringSubmatchIndex(clause, -1) {
		start, end := m[3], m[4] // the tool's own bytes
		prefix := strings.ToLower(clause[:start])
		pw := rules.Words(prefix)
		if len(pw) == 0 {
			continue
		}
		last := pw[len(pw)-1]
		mk := ""
		if task.V().Word("tool_marker", last) {
			mk = last
		} else {
			for _, sfx := range task.V().Suffixes("tool_marker") {
				if strings.HasSuffix(last, sfx) {
					mk = sfx
					break
				}
			}
		}
		cut := strings.LastIndex(prefix, mk)
		if mk == "" || strings.TrimSpace(prefix[cut+len(mk):]) != "" {
			continue
		}
		return strings.Join(strings.Fields(clause[:cut]+" "+clause[end:]), " ")
	}
	return clause
}
