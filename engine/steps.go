package engine

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/rules"
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
	for _, sp := range e.splitters(req.Tool, seg.Text) {
		t, re := sp.then, sp.re
		var next []wordSegment
		for _, ws := range out {
			parts := cutAt(re, ws.seg.Text)
			if len(parts) == 1 {
				next = append(next, ws)
				continue
			}
			for k, p := range parts {
				s := wordSegment{seg: task.Segment{Op: task.Op(t.Op), Text: p}, link: &link{refer: t.Refer, carry: t.Carry, rule: sp.rule}}
				if k == 0 {
					s.seg.Op, s.link = ws.seg.Op, ws.link
				}
				next = append(next, s)
			}
			last := &next[len(next)-1].seg
			last.Redirect, last.Append = ws.seg.Redirect, ws.seg.Append
			tr.Add(StageMap, sp.rule, 0, fmt.Sprintf("%q is %d commands: %s", ws.seg.Text, len(parts), strings.Join(parts, " "+t.Op+" ")))
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
	from := 0
	for _, sp := range append(cutSpans(re, text), [2]int{len(text), len(text)}) {
		if p := strings.TrimSpace(text[from:sp[0]]); p != "" {
			parts = append(parts, p)
		}
		from = sp[1]
	}
	return parts
}

// cutSpans are the [start, end) spans of text where re cuts it: each
// match, less its first group (the group starts the next part: "and
// (index it)").
func cutSpans(re *regexp.Regexp, text string) [][2]int {
	var out [][2]int
	for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
		end := m[1]
		if len(m) >= 4 && m[2] >= 0 {
			end = m[2]
		}
		out = append(out, [2]int{m[0], end})
	}
	return out
}

// splitter is a steps rule that cuts a task in words, with its pattern
// compiled (case-insensitive).
type splitter struct {
	re   *regexp.Regexp
	rule *rules.Rule
	then *rules.StepsThen
}

// splitters are the steps rules with a split pattern that fire on a task
// in words, in rule order.
func (e *Engine) splitters(tool, text string) []splitter {
	ms, _ := e.opts.Rules.Eval("steps", &rules.StepsEnv{Tool: tool, Task: text})
	var out []splitter
	for _, m := range ms {
		t := m.Then.(*rules.StepsThen)
		if t.Split == "" {
			continue
		}
		if re, err := regexp.Compile("(?i)" + t.Split); err == nil {
			out = append(out, splitter{re: re, rule: m.Rule, then: t})
		}
	}
	return out
}

// stepCuts are the spans where the steps rules cut a task in words into
// commands ("then", 然后, "and index it"), in order. It is the one
// splitter of "then": GeneratePipeline cuts a command in words with the
// same rules (splitWords), and plan cuts a task into steps at these spans
// and at its own step_separator marks.
func (e *Engine) stepCuts(tool, text string) [][2]int {
	var out [][2]int
	for _, sp := range e.splitters(tool, text) {
		out = append(out, cutSpans(sp.re, text)...)
	}
	return out
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

// wirePipes fits the commands built from words to the pipes between
// them: one that pipes its output on writes to standard output, not to a
// file it derived (the task named none), and one that reads a pipe names
// standard input where it lacked an input file (readPipe).
func (e *Engine) wirePipes(req Request, p *Pipeline) {
	for i, s := range p.Steps {
		if s.Typed || s.Result.Fill == nil {
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
			e.readPipe(req, s, i)
		}
	}
}

// dropOutputs takes files off a command (a flag with that value, a
// positional, its standard output) and checks it again; why says why.
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
	f.settle()
	r.Uncertain = f.Uncertain
	e.assembleAndCheck(req, r, f)
}

// readPipe gives a command that reads a pipe standard input where it
// lacks an input file: its input flag's placeholder or a placeholder
// positional becomes the spelling a steps rule gives ("-", "stdin").
func (e *Engine) readPipe(req Request, s *Step, i int) {
	r, f := s.Result, s.Result.Fill
	m, t, ok := e.stdinRule(req.Tool, s.Task, r, true)
	if !ok {
		return
	}
	var slots []*string
	if k := inputFlag(r); k >= 0 {
		slots = append(slots, &f.Flags[k].Value)
	}
	for k := range f.Positionals {
		if isPlaceholder(f.Positionals[k]) {
			slots = append(slots, &f.Positionals[k])
		}
	}
	if len(slots) == 0 {
		return
	}
	for _, v := range slots {
		ph := *v
		*v = t.Stdin
		f.Inputs = without(f.Inputs, ph)
		f.Missing = slices.DeleteFunc(f.Missing, func(m string) bool { return strings.HasPrefix(strings.TrimPrefix(m, "missing: "), ph+" ") })
	}
	f.Evidence = append(f.Evidence, fmt.Sprintf("reads standard input (%s): the output of step %d", t.Stdin, i))
	r.Trace.Add(StageMap, m.Rule, 0, fmt.Sprintf("reads the pipe from step %d as %s", i, t.Stdin))
	f.settle()
	r.Uncertain = f.Uncertain
	e.assembleAndCheck(req, r, f)
}
