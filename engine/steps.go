package engine

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// link says how a command cut from words by a steps rule uses the
// previous command's output.
type link struct {
	refer []string
	carry bool
	rule  *rules.Rule
}

// wordSegment is a command cut from a task in words, with its link.
type wordSegment struct {
	seg  task.Segment
	link *link
}

// splitWords cuts a command in words into the commands the steps rules
// find ("sort x.bam into s.bam and index it" → sort …, index it). The
// segment's redirection goes with the last command.
func (e *Engine) splitWords(req Request, seg task.Segment, tr *Trace) []wordSegment {
	out := []wordSegment{{seg: seg}}
	ms, _ := e.opts.Rules.Eval("steps", &rules.StepsEnv{Tool: req.Tool, Task: seg.Text})
	for _, m := range ms {
		t := m.Then.(*rules.StepsThen)
		if t.Split == "" {
			continue
		}
		re, err := regexp.Compile("(?i)" + t.Split)
		if err != nil {
			continue
		}
		var next []wordSegment
		for _, ws := range out {
			parts := cutAt(re, ws.seg.Text)
			if len(parts) == 1 {
				next = append(next, ws)
				continue
			}
			for k, p := range parts {
				s := wordSegment{seg: task.Segment{Op: task.Op(t.Op), Text: p}, link: &link{refer: t.Refer, carry: t.Carry, rule: m.Rule}}
				if k == 0 {
					s.seg.Op, s.link = ws.seg.Op, ws.link
				}
				next = append(next, s)
			}
			last := &next[len(next)-1].seg
			last.Redirect, last.Append = ws.seg.Redirect, ws.seg.Append
			tr.Add(StageMap, m.Rule, 0, fmt.Sprintf("%q is %d commands: %s", ws.seg.Text, len(parts), strings.Join(parts, " "+t.Op+" ")))
		}
		out = next
	}
	for i := range out {
		out[i].seg.Words = strings.Fields(out[i].seg.Text)
	}
	return out
}

// cutAt cuts text at re's matches; a match's first group starts the next
// part. Empty parts are dropped.
func cutAt(re *regexp.Regexp, text string) []string {
	var parts []string
	prev := 0
	carry := ""
	for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
		if p := strings.TrimSpace(carry + text[prev:m[0]]); p != "" {
			parts = append(parts, p)
		}
		carry = ""
		if len(m) >= 4 && m[2] >= 0 {
			carry = text[m[2]:m[3]] + " "
		}
		prev = m[1]
	}
	if p := strings.TrimSpace(carry + text[prev:]); p != "" {
		parts = append(parts, p)
	}
	return parts
}

// linkTask rewrites a later command's words with the previous command's
// output: its refer words ("it") become the file, and with carry a
// command that names no file gets it as its input.
func linkTask(text string, l *link, prev *Result, tr *Trace) string {
	if l == nil || prev == nil {
		return text
	}
	out := firstOutput(prev)
	if out == "" {
		return text
	}
	file := out
	if strings.ContainsAny(file, " \t'\"") {
		file = QuoteArgv([]string{file})
	}
	for _, r := range l.refer {
		re := regexp.MustCompile(`(?i)(^|[\s，,])` + regexp.QuoteMeta(r) + `($|[\s，,.。])`)
		if re.MatchString(text) {
			text = re.ReplaceAllString(text, "${1}"+file+"${2}")
			tr.Add(StageMap, l.rule, 0, fmt.Sprintf("%q stands for %s, the previous command's output", r, out))
			return text
		}
	}
	if l.carry && len(task.Parse(text).Files) == 0 {
		tr.Add(StageMap, l.rule, 0, fmt.Sprintf("the command names no file: it reads %s, the previous command's output", out))
		return text + " " + file
	}
	return text
}

// firstOutput is the first file a command writes.
func firstOutput(r *Result) string {
	if r.Fill != nil && len(r.Fill.Outputs) > 0 {
		return r.Fill.Outputs[0]
	}
	return r.Command.Stdout
}

// exampleSteps returns the commands of the example a result was adapted
// from, when it has more than one.
func exampleSteps(r *Result) []skills.ExampleStep {
	if r.Fill == nil || r.Fill.Example == nil {
		return nil
	}
	words, err := skills.SplitArgs(r.Fill.Example.Args)
	if err != nil {
		return nil
	}
	steps, err := skills.SplitSteps(words)
	if err != nil || len(steps) < 2 {
		return nil
	}
	return steps
}

// followExample builds the later commands of the multi-step example the
// first step was adapted from, when a steps rule says so: each command
// names its program; its output files become the task's outputs the
// first command has no place for (taken off the first command if it
// used them), the rest of its files stay the example's and make it
// uncertain. Each is read and checked against its program's help.
func (e *Engine) followExample(ctx context.Context, req Request, first *Step, tr *Trace) ([]*Step, error) {
	steps := exampleSteps(first.Result)
	if steps == nil {
		return nil, nil
	}
	ms, _ := e.opts.Rules.Eval("steps", &rules.StepsEnv{Tool: req.Tool, Task: req.Task, ExampleSteps: len(steps)})
	var rule *rules.Rule
	for _, m := range ms {
		if m.Then.(*rules.StepsThen).FollowExample {
			rule = m.Rule
			break
		}
	}
	if rule == nil {
		return nil, nil
	}
	tr.Add(StageMap, rule, 0, fmt.Sprintf("the example %q has %d commands; the later ones are built too", first.Result.Fill.Example.Args, len(steps)))
	fr := first.Result.Frame
	var taskOuts []string
	if fr != nil {
		for _, f := range fr.Outputs() {
			taskOuts = append(taskOuts, f.Path)
		}
	}
	var moved []string
	var out []*Step
	for k := 1; k < len(steps); k++ {
		es := steps[k]
		words := append([]string(nil), es.Words...)
		var kept []string
		isLast := k == len(steps)-1
		for i := 1; i < len(words); i++ {
			w := words[i]
			if FileType(w) == "" || w == "-" {
				continue
			}
			outFlag := i > 1 && strings.HasPrefix(words[i-1], "-") && task.V().Is("output_flag_name", strings.ToLower(strings.TrimLeft(words[i-1], "-")))
			if outFlag && isLast && len(taskOuts) > 0 {
				words[i] = pickOutput(&taskOuts, w)
				moved = append(moved, words[i])
				continue
			}
			kept = append(kept, w)
		}
		stdout := es.Stdout
		if stdout != "" && isLast && len(taskOuts) > 0 {
			stdout = pickOutput(&taskOuts, stdout)
			moved = append(moved, stdout)
		} else if stdout != "" {
			kept = append(kept, stdout)
		}
		r := req
		r.Tool, r.Stdout, r.Append = words[0], stdout, es.Append
		st, err := e.TypedStep(ctx, r, task.Op(es.Op), words)
		if err != nil {
			return nil, fmt.Errorf("the example's command %d (%s): %w", k+1, words[0], err)
		}
		st.Typed, st.Example = false, first.Result.Fill.Example.Args
		res := st.Result
		res.Fill.Evidence = append(res.Fill.Evidence, fmt.Sprintf("command %d of the example %q", k+1, first.Result.Fill.Example.Args))
		if len(kept) > 0 {
			for _, f := range kept {
				res.Fill.Missing = append(res.Fill.Missing, f+" (the example's file; the task names none)")
			}
			res.Fill.Uncertain, res.Uncertain = true, true
		}
		res.Explanation = "command " + fmt.Sprint(k+1) + " of the skill example"
		out = append(out, st)
	}
	if len(moved) > 0 {
		e.dropOutputs(req, first.Result, moved, "the later commands of the example write "+strings.Join(moved, ", "))
	}
	return out, nil
}

// wirePipes fits the commands built from words to the pipes between
// them: one that pipes its output on writes to standard output, not to a
// file it derived (the task named none), and one that reads a pipe reads
// standard input ("-") where it lacked an input file.
func (e *Engine) wirePipes(req Request, p *Pipeline) {
	for i, s := range p.Steps {
		if s.Typed || s.Example != "" || s.Result.Fill == nil {
			continue
		}
		r, f := s.Result, s.Result.Fill
		if p.PipesOut(i) {
			named := map[string]bool{}
			if r.Frame != nil {
				for _, x := range r.Frame.Files {
					named[x.Path] = true
				}
			}
			var derived []string
			for _, o := range f.Outputs {
				if !named[o] && o != f.Stdout {
					derived = append(derived, o)
				}
			}
			if len(derived) > 0 {
				e.dropOutputs(req, r, derived, "left out "+strings.Join(derived, ", ")+": the output goes into the pipe to step "+fmt.Sprint(i+2))
			}
		}
		if s.Op == task.OpPipe {
			changed := false
			for k, v := range f.Positionals {
				if strings.HasPrefix(v, "<") && strings.HasSuffix(v, ">") {
					f.Positionals[k] = "-"
					f.Missing = slices.DeleteFunc(f.Missing, func(m string) bool { return strings.HasPrefix(m, v+" ") })
					changed = true
				}
			}
			if changed {
				f.Evidence = append(f.Evidence, "reads standard input (-): the output of step "+fmt.Sprint(i))
				f.Uncertain = f.Confidence < ConfidenceThreshold || len(f.Missing) > 0 || len(f.Unused) > 0
				r.Uncertain = f.Uncertain
				e.assembleAndCheck(req, r, f)
			}
		}
	}
}

// pickOutput takes the task output of the same kind as the example's
// file (else the first) off the list.
func pickOutput(list *[]string, example string) string {
	i := 0
	for j, o := range *list {
		if family(FileType(o)) == family(FileType(example)) {
			i = j
			break
		}
	}
	o := (*list)[i]
	*list = slices.Delete(*list, i, i+1)
	return o
}

// dropOutputs takes files a later command writes off the first one (a
// flag with that value, a positional, its standard output) and checks it
// again.
func (e *Engine) dropOutputs(req Request, r *Result, files []string, why string) {
	f := r.Fill
	changed := false
	var flags []FlagValue
	for _, fv := range f.Flags {
		if fv.HasValue && slices.Contains(files, fv.Value) {
			changed = true
			continue
		}
		flags = append(flags, fv)
	}
	var pos []string
	for _, p := range f.Positionals {
		if slices.Contains(files, p) {
			changed = true
			continue
		}
		pos = append(pos, p)
	}
	if slices.Contains(files, f.Stdout) {
		f.Stdout, changed = "", true
	}
	var unused []string
	for _, u := range f.Unused {
		if !slices.ContainsFunc(files, func(x string) bool { return strings.Contains(u, x) }) {
			unused = append(unused, u)
		}
	}
	if len(unused) != len(f.Unused) {
		f.Unused = unused
		changed = true
	}
	if !changed {
		return
	}
	if pos == nil {
		pos = []string{}
	}
	// The example's order, without what was taken off.
	var order []string
	fi, pi := map[int]int{}, map[int]int{}
	for i, fv := range f.Flags {
		if !(fv.HasValue && slices.Contains(files, fv.Value)) {
			fi[i] = len(fi)
		}
	}
	for i, p := range f.Positionals {
		if !slices.Contains(files, p) {
			pi[i] = len(pi)
		}
	}
	for _, o := range f.Order {
		var n int
		fmt.Sscanf(o[1:], "%d", &n)
		m := fi
		if o[0] == 'p' {
			m = pi
		}
		if j, ok := m[n]; ok {
			order = append(order, fmt.Sprintf("%c%d", o[0], j))
		}
	}
	f.Flags, f.Positionals, f.Order = flags, pos, order
	for _, x := range files {
		f.Outputs = without(f.Outputs, x)
	}
	f.Evidence = append(f.Evidence, why)
	f.Uncertain = f.Confidence < ConfidenceThreshold || len(f.Missing) > 0 || len(f.Unused) > 0
	r.Uncertain = f.Uncertain
	e.assembleAndCheck(req, r, f)
}
