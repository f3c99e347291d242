package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/traitome/oxo-call/llm"
	"github.com/traitome/oxo-call/parsers"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
)

// The model is the last resort: rules and skills settle most tasks, and a
// model is only ever asked to fill a form whose flag names are the real
// flags of the ToolDoc. Whatever it answers goes through Stage 5 like a
// deterministic fill; an answer with an error finding is thrown away.

// LLM modes: auto asks the model only when the deterministic fill is
// uncertain, always asks it for every task, never keeps it out.
const (
	LLMAuto   = "auto"
	LLMAlways = "always"
	LLMNever  = "never"
)

// LLMModes lists the valid modes.
var LLMModes = []string{LLMAuto, LLMAlways, LLMNever}

// CheckLLMMode validates a mode name ("" is auto).
func CheckLLMMode(m string) error {
	switch m {
	case "", LLMAuto, LLMAlways, LLMNever:
		return nil
	}
	return fmt.Errorf("unknown model mode %q (valid: %s)", m, strings.Join(LLMModes, ", "))
}

// LLMOptions turn the model layer on.
type LLMOptions struct {
	Filler *llm.Filler
	// Mode is auto, always or never ("" = auto).
	Mode string
	// Model names the model in results, the trace and the cache key.
	Model string
	// Cache keeps the model's answers; nil asks every time.
	Cache *LLMCache
}

// PatchHelpRunes is how much of the root help the Stage 2 patch quotes.
const PatchHelpRunes = 2000

// modelConfidence is the confidence of a model's fill that passed Stage 5.
const modelConfidence = 0.7

// active reports whether a model may be asked at all.
func (o *LLMOptions) active() bool {
	return o != nil && o.Filler != nil && o.Filler.P != nil && o.Mode != LLMNever
}

func (o *LLMOptions) mode() string {
	if o.Mode == "" {
		return LLMAuto
	}
	return o.Mode
}

// name is how the model is shown: the configured name, else the filler's,
// else the provider's.
func (o *LLMOptions) name() string {
	switch {
	case o.Model != "":
		return o.Model
	case o.Filler.Model != "":
		return o.Filler.Model
	}
	return o.Filler.P.Name()
}

// WithLLM returns an engine that shares e's rules, resolver, explorer and
// caches and uses o for the model layer (nil turns it off).
func (e *Engine) WithLLM(o *LLMOptions) *Engine {
	c := *e
	c.opts.LLM = o
	return &c
}

// account adds one model operation to the result and records it in the
// trace.
func (e *Engine) account(res *Result, stage int, what string, st llm.Stats, elapsed time.Duration) {
	o := e.opts.LLM
	res.LLMCalls += st.Calls
	res.PromptTokens += st.PromptTokens
	res.PromptTokensEstimated = res.PromptTokensEstimated || st.Estimated
	res.Model = o.name()
	detail := []string{fmt.Sprintf("%d calls, %d completion tokens", st.Calls, st.CompletionTokens)}
	if st.Estimated {
		detail = append(detail, "the provider reported no prompt usage: the prompt tokens are an estimate")
	}
	if st.Repaired {
		detail = append(detail, "the first reply did not fit the form; the repair call fixed it")
	}
	res.Trace.Add(stage, nil, elapsed, fmt.Sprintf("model %s %s: %d prompt tokens", o.name(), what, st.PromptTokens), detail...)
}

// cached records a cache hit: no call, no tokens.
func (e *Engine) cached(res *Result, stage int, what string, ent *LLMEntry, elapsed time.Duration) {
	res.Model = e.opts.LLM.name()
	res.Trace.Add(stage, nil, elapsed, fmt.Sprintf("model %s %s: 0 prompt tokens (cached answer; it cost %d when asked)", e.opts.LLM.name(), what, ent.PromptTokens))
}

// llmPatch is the Stage 2 patch: when the help was poorly understood
// (DocQuality < 0.5) the model types and describes the root flags from the
// start of the help. The patched ToolDoc replaces the cached one, so the
// call is made once per ToolDoc.
func (e *Engine) llmPatch(ctx context.Context, rec *ToolRecord, doc *ToolDoc, res *Result) *ToolDoc {
	o := e.opts.LLM
	if !o.active() || doc == nil || doc.DocQuality >= 0.5 || patched(doc) {
		return doc
	}
	var flags []llm.FormFlag
	for _, fd := range doc.AllFlags(nil) {
		flags = append(flags, formFlag(fd))
	}
	if len(flags) == 0 {
		return doc
	}
	start := time.Now()
	patches, st, err := o.Filler.Patch(ctx, firstRunes(doc.RawHelp, PatchHelpRunes), flags)
	e.account(res, StageExplore, "patch", st, time.Since(start))
	if err != nil {
		res.Trace.Add(StageExplore, nil, 0, "the model could not patch the ToolDoc: "+err.Error())
		return doc
	}
	d := cloneDoc(doc)
	n := applyPatches(d.Flags, patches) + applyPatches(d.GlobalFlags, patches)
	d.Messages = append(d.Messages, fmt.Sprintf("patched by model %s: %d flags typed or described", o.name(), n))
	res.Trace.Add(StageExplore, nil, 0, fmt.Sprintf("ToolDoc patched by the model: %d of %d flags typed or described", n, len(flags)))
	if e.opts.Cache != nil && res.DocKey != "" {
		if err := e.opts.Cache.Put(rec.Executable, res.DocKey, d); err != nil {
			res.Trace.Add(StageExplore, nil, 0, "could not cache the patched ToolDoc: "+err.Error())
		}
	}
	return d
}

// patched reports whether a model already patched doc.
func patched(doc *ToolDoc) bool {
	for _, m := range doc.Messages {
		if strings.HasPrefix(m, "patched by model") {
			return true
		}
	}
	return false
}

// applyPatches sets the type (and a missing description) of the flags
// the patches name; it returns how many flags changed. Only existing flags
// are touched: a patch cannot add one.
func applyPatches(flags []FlagDoc, ps []llm.FlagPatch) int {
	n := 0
	for i := range flags {
		fd := &flags[i]
		for _, p := range ps {
			if p.Flag != fd.Name {
				continue
			}
			changed := false
			if p.Type != "" && p.Type != fd.ParamType && (p.Type != "choice" || len(fd.Choices) > 0) {
				fd.ParamType, changed = p.Type, true
			}
			if p.Description != "" && fd.Description == "" {
				fd.Description, changed = p.Description, true
			}
			if changed {
				n++
			}
		}
	}
	return n
}

// cloneDoc deep-copies a ToolDoc (it round-trips through JSON in the
// cache, so JSON is a faithful copy).
func cloneDoc(d *ToolDoc) *ToolDoc {
	b, _ := json.Marshal(d)
	var c ToolDoc
	_ = json.Unmarshal(b, &c)
	return &c
}

// firstRunes keeps the first n runes of s.
func firstRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// llmFill is the model step of Stage 3. In auto mode it runs only when the
// deterministic fill is uncertain. The model's fill replaces the
// deterministic one only when Stage 5 finds no error in it; otherwise the
// deterministic fill stays and the rejection is reported.
func (e *Engine) llmFill(ctx context.Context, req Request, rec *ToolRecord, doc *ToolDoc, sk *skills.Skill, det *Fill, res *Result) *Fill {
	o := e.opts.LLM
	if !o.active() || o.mode() == LLMAuto && !det.Uncertain {
		return det
	}
	if doc == nil {
		msg := "the model was not asked: without the tool's help there is no list of real flags to hold it to"
		det.Evidence = append(det.Evidence, msg)
		res.Trace.Add(StageMap, nil, 0, msg)
		return det
	}
	key := LLMKey{Kind: "fill", Tool: req.Tool, Task: req.Task, DocKey: res.DocKey, Skill: res.Skill, Model: o.name(), Mode: o.mode()}
	start := time.Now()
	ent, hit := o.Cache.Get(key)
	if hit {
		e.cached(res, StageMap, "fill", ent, time.Since(start))
	} else {
		lf, st, err := o.Filler.Fill(ctx, e.form(req.Task, rec, doc, sk, det))
		e.account(res, StageMap, "fill", st, time.Since(start))
		ent = &LLMEntry{PromptTokens: st.PromptTokens}
		switch {
		case err == nil:
			ent.Fill = &lf
		case errors.Is(err, llm.ErrInvalidFill):
			ent.Rejected = err.Error()
		default:
			msg := "the model could not be asked: " + err.Error()
			det.Evidence = append(det.Evidence, msg)
			res.llmFindings = append(res.llmFindings, Finding{Severity: "warning", Rule: "llm.error", Message: msg})
			res.Trace.Add(StageMap, nil, 0, msg)
			return det
		}
		if err := o.Cache.Put(key, ent); err != nil {
			res.Trace.Add(StageMap, nil, 0, "could not cache the model's answer: "+err.Error())
		}
	}
	if ent.Fill == nil {
		return e.reject(rec, det, res, "", ent.Rejected)
	}
	mf := e.fromModel(*ent.Fill, rec, doc, det, req.Task)
	AttachOptional(rec, doc, mf)
	cmd := Assemble(rec, mf)
	for _, f := range Validate(e.opts.Rules, rec, doc, mf, cmd, workDir(req)) {
		if f.Severity == "error" {
			return e.reject(rec, det, res, cmd.Display, fmt.Sprintf("%s gives %s [%s]", cmd.Display, f.Message, f.Rule))
		}
	}
	mf.Confidence = max(det.Confidence, modelConfidence)
	unsourced := false
	if doubts := e.distrust(req.Task, rec, doc, mf); len(doubts) > 0 {
		res.llmFindings = append(res.llmFindings, doubts...)
		for _, d := range doubts {
			mf.Evidence = append(mf.Evidence, d.Message)
			if d.Rule == "llm.unsourced_file" {
				mf.Confidence = min(mf.Confidence, unsourcedConfidence)
				unsourced = true
			}
		}
	}
	// A file without a source makes the command uncertain whatever the
	// threshold is: confidence alone would not say so when the fitted
	// threshold sits below the cap.
	mf.Uncertain = mf.Confidence < ConfidenceThreshold || unsourced
	res.Fill, res.Confidence, res.Uncertain = mf, mf.Confidence, mf.Uncertain
	res.llmNote = ent.Fill.Explanation
	res.Trace.Add(StageMap, nil, 0, fmt.Sprintf("model fill passed Stage 5: %s, confidence %.2f", cmd.Display, mf.Confidence), mf.Evidence...)
	res.Decision = &Decision{Deterministic: Assemble(rec, det).Display, Model: cmd.Display, Winner: "model",
		Why: "the model was asked (" + askedWhy(o.mode(), det.Confidence) + ") and its fill passed Stage 5, so it replaces the deterministic fill whole"}
	res.Trace.Add(StageMap, nil, 0, "deterministic fill "+res.Decision.Deterministic+"; model fill "+cmd.Display+"; the model's won: "+res.Decision.Why)
	return mf
}

// unsourcedConfidence caps a model fill holding a file the task never
// named: the command is uncertain.
const unsourcedConfidence = 0.4

// distrust checks what the model added: a file-like value that the task
// neither names nor derives from one of its names (llm.unsourced_file),
// and a destructive flag (the Destructive category of the flag rules)
// that no task word asks for (llm.destructive_flag).
func (e *Engine) distrust(task string, rec *ToolRecord, doc *ToolDoc, f *Fill) []Finding {
	var out []Finding
	lower := strings.ToLower(task)
	stems := taskStems(task)
	vals := append([]string(nil), f.Positionals...)
	flags, _ := scope(rec, doc, f.Executable, f.Subcommand)
	for _, fv := range f.Flags {
		if fv.HasValue {
			vals = append(vals, fv.Value)
		}
		fd, ok := LookupFlag(flags, fv.Name)
		if ok && fd.Category == "Destructive" && !supported(lower, append([]string{fd.Name}, fd.Aliases...)) {
			out = append(out, Finding{Severity: "warning", Rule: "llm.destructive_flag", Flag: fv.Name, Dangerous: true,
				Message: fmt.Sprintf("the model added %s (%s), which can delete, overwrite or run something, and no word of the task asks for it", fv.Name, orNone(fd.Description))})
		}
	}
	if f.Stdout != "" {
		vals = append(vals, f.Stdout)
	}
	if f.Stdin != "" {
		vals = append(vals, f.Stdin)
	}
	for _, v := range vals {
		if FileType(v) == "" || strings.Contains(task, v) || derived(v, stems) {
			continue
		}
		out = append(out, Finding{Severity: "warning", Rule: "llm.unsourced_file",
			Message: fmt.Sprintf("the model's command uses the file %s, which the task neither names nor derives from its own names; the command is uncertain", v)})
	}
	return out
}

// taskStems are the leading names of the task's words ("aln" of
// "aln.bam", "sample1" of "sample1"), from which derived files are named.
func taskStems(task string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(task, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == ';' || r == '"' || r == '\'' || r == '(' || r == ')' || r == '`' || r > 0x2e7f
	}) {
		w = strings.TrimRight(w, ".:")
		base := w[strings.LastIndexByte(w, '/')+1:]
		if i := strings.IndexByte(base, '.'); i > 0 {
			base = base[:i]
		}
		if len(base) >= 2 {
			out = append(out, w[:strings.LastIndexByte(w, '/')+1]+base)
		}
	}
	return out
}

// derived reports whether file v is named from a task stem: the stem
// itself followed by ".", "_" or "-" ("aln" → aln.sorted.bam, aln_R1.fq).
func derived(v string, stems []string) bool {
	for _, s := range stems {
		if strings.HasPrefix(v, s) && len(v) > len(s) && strings.ContainsRune("._-", rune(v[len(s)])) {
			return true
		}
	}
	return false
}

// supported reports whether a task word asks for a flag: one of the words
// of its names (without dashes, split at - and _) is in the task.
func supported(lowerTask string, names []string) bool {
	for _, n := range names {
		for _, w := range strings.FieldsFunc(strings.ToLower(n), func(r rune) bool { return r == '-' || r == '_' }) {
			if len(w) >= 3 && strings.Contains(lowerTask, w) {
				return true
			}
		}
	}
	return false
}

// reject keeps the deterministic fill and says why the model's was not
// used, in the evidence and as a warning finding.
func (e *Engine) reject(rec *ToolRecord, det *Fill, res *Result, model, why string) *Fill {
	msg := "the model's fill was rejected (" + why + "); kept the deterministic fill"
	res.Decision = &Decision{Deterministic: Assemble(rec, det).Display, Model: model, Winner: "deterministic", Why: msg}
	res.Trace.Add(StageMap, nil, 0, "deterministic fill "+res.Decision.Deterministic+"; model fill "+modelOrNone(model)+"; the deterministic fill won: "+why)
	det.Evidence = append(det.Evidence, msg)
	res.llmFindings = append(res.llmFindings, Finding{Severity: "warning", Rule: "llm.rejected", Message: msg})
	res.Trace.Add(StageMap, nil, 0, msg)
	return det
}

// Decision says, when a model was asked, what the deterministic fill and
// the model's fill were and which one the user got, and why.
type Decision struct {
	Deterministic string `json:"deterministic"`
	Model         string `json:"model,omitempty"`
	Winner        string `json:"winner"`
	Why           string `json:"why"`
}

// askedWhy says why the model was asked.
func askedWhy(mode string, conf float64) string {
	if mode == LLMAlways {
		return "mode always"
	}
	return fmt.Sprintf("the deterministic fill was uncertain, confidence %.2f", conf)
}

// workDir is where Stage 5 checks relative paths.
func workDir(req Request) string {
	if req.Cwd != "" {
		return req.Cwd
	}
	wd, _ := os.Getwd()
	return wd
}

// scope returns the flags and positionals of an executable (the tool or a
// companion) and subcommand path; an unknown path stops at the deepest
// subcommand found.
func scope(rec *ToolRecord, doc *ToolDoc, exe string, sub []string) ([]FlagDoc, []PositionalDoc) {
	if exe != "" && exe != rec.Executable {
		for _, c := range doc.Companions {
			if c.Name == exe {
				return c.Flags, c.Positionals
			}
		}
		return nil, nil
	}
	var sd *SubcommandDoc
	list := doc.Subcommands
	for _, name := range sub {
		s := FindSubcommand(list, name)
		if s == nil {
			break
		}
		sd, list = s, s.Subcommands
	}
	if sd == nil {
		return doc.AllFlags(nil), doc.Positionals
	}
	return doc.AllFlags(sd), sd.Positionals
}

func formFlags(fs []FlagDoc) []llm.FormFlag {
	out := make([]llm.FormFlag, 0, len(fs))
	for _, fd := range fs {
		out = append(out, formFlag(fd))
	}
	return out
}

func formPositionals(ps []PositionalDoc) []llm.FormPositional {
	var out []llm.FormPositional
	for _, p := range ps {
		out = append(out, llm.FormPositional{Name: p.Name, Type: p.ParamType, Description: p.Description, Required: p.Required, Command: p.Command})
	}
	return out
}

// formFlag converts a flag for the model's form.
func formFlag(fd FlagDoc) llm.FormFlag {
	ch := fd.Choices
	if openChoices(ch) {
		ch = nil
	}
	return llm.FormFlag{Name: fd.Name, Aliases: fd.Aliases, Type: fd.ParamType, Default: fd.Default, Description: fd.Description, Choices: ch, AttachedValue: fd.AttachedValue, Glued: fd.Style == "glued", Required: fd.Required}
}

// openChoices reports a choice list that holds a type word ("NUM|AUTO",
// "FILE|DIR"): the value is not limited to the listed words.
func openChoices(ch []string) bool {
	for _, c := range ch {
		if parsers.IsTypeWord(c) {
			return true
		}
	}
	return false
}

// choiceOK reports whether a value fits a flag's choices: one of them, an
// open list, or a value the description names as a word ("Values: rl
// (trim both ends), r (right end only)").
func choiceOK(fd FlagDoc, v string) bool {
	return len(fd.Choices) == 0 || hasFold(fd.Choices, v) || openChoices(fd.Choices) || HelpLists(fd.Description, v)
}

// form builds what the model may use: the executables, the real
// subcommands, the chosen subcommand with its flags and positionals, the
// closest examples and the flags the deterministic fill already chose.
func (e *Engine) form(task string, rec *ToolRecord, doc *ToolDoc, sk *skills.Skill, det *Fill) llm.Form {
	f := llm.Form{Tool: rec.Executable, Task: task, Subcommand: strings.Join(det.Subcommand, " "), Stdin: det.Stdin}
	if det.Executable != rec.Executable {
		f.Executable = det.Executable
	}
	seen := map[string]bool{rec.Executable: true}
	addExe := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			f.Executables = append(f.Executables, n)
		}
	}
	for _, c := range doc.Companions {
		addExe(c.Name)
	}
	for _, c := range rec.CompanionTools {
		addExe(c.Name)
	}
	// Every subcommand and companion is a scope the model may pick, with
	// its own flags; the deterministic pick is only the suggestion.
	var walk func(list []SubcommandDoc, prefix string)
	walk = func(list []SubcommandDoc, prefix string) {
		for _, s := range list {
			p := strings.TrimSpace(prefix + " " + s.Name)
			f.Subcommands = append(f.Subcommands, p)
			fl, ps := scope(rec, doc, "", strings.Fields(p))
			f.Scopes = append(f.Scopes, llm.FormScope{Subcommand: p, Description: s.Description, Flags: formFlags(fl), Positionals: formPositionals(ps), Unchecked: s.Parser == ""})
			walk(s.Subcommands, p)
		}
	}
	walk(doc.Subcommands, "")
	if len(doc.Subcommands) > 0 {
		f.Scopes = append(f.Scopes, llm.FormScope{Flags: formFlags(doc.AllFlags(nil)), Positionals: formPositionals(doc.Positionals)})
	}
	for _, c := range doc.Companions {
		f.Scopes = append(f.Scopes, llm.FormScope{Executable: c.Name, Flags: formFlags(c.Flags), Positionals: formPositionals(c.Positionals), Unchecked: c.Parser == ""})
	}
	if det.Executable != "" && det.Executable != rec.Executable {
		f.Scopes = append(f.Scopes, llm.FormScope{Flags: formFlags(doc.AllFlags(nil)), Positionals: formPositionals(doc.Positionals)})
	}
	flags, pos := scope(rec, doc, det.Executable, det.Subcommand)
	f.Flags, f.Positionals = formFlags(flags), formPositionals(pos)
	for _, sc := range f.Scopes {
		if sc.Subcommand == f.Subcommand && (sc.Executable == "" && f.Executable == "" || sc.Executable == f.Executable) {
			f.Unchecked = sc.Unchecked
		}
	}
	f.Unparsed = func(exe, sub, flag string) bool {
		if exe == rec.Executable {
			exe = ""
		}
		return HelpLists(doc.ScopeHelp(rec, exe, strings.Fields(sub)), flag)
	}
	f.Examples = closestExamples(e.opts.Rules, rec, doc, sk, task, det.Example, 3)
	for _, fv := range det.Flags {
		f.Chosen = append(f.Chosen, llm.FlagValue{Name: fv.Name, Value: fv.Value})
	}
	return f
}

// closestExamples returns up to n examples of the (fused) ToolDoc, the
// one the deterministic fill adapted first, then by similarity to the task.
func closestExamples(rs *rules.Set, rec *ToolRecord, doc *ToolDoc, sk *skills.Skill, task string, first *Example, n int) []llm.FormExample {
	var out []llm.FormExample
	seen := map[string]bool{}
	add := func(t, a string) {
		if len(out) < n && !seen[t+"\x00"+a] {
			seen[t+"\x00"+a] = true
			out = append(out, llm.FormExample{Task: t, Args: a})
		}
	}
	if first != nil {
		add(first.Task, first.Args)
	}
	m := newMapper(rs, rec, doc, sk, task)
	type scored struct {
		ex    Example
		score float64
	}
	var list []scored
	for _, ex := range doc.Examples {
		args, _ := skills.SplitArgs(ex.Args)
		list = append(list, scored{ex, m.exampleScore(skills.Example{Task: ex.Task, Args: ex.Args}, args)})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].score > list[j].score })
	for _, s := range list {
		add(s.ex.Task, s.ex.Args)
	}
	return out
}

// fromModel converts the model's fill. It replaces the deterministic fill
// whole: the model's program, flags (in its order and its spelling, a
// value written with "=" kept attached), positionals and standard output.
// Only the task's own output files are carried over, for the safety checks
// of Stage 5.
func (e *Engine) fromModel(lf llm.Fill, rec *ToolRecord, doc *ToolDoc, det *Fill, task string) *Fill {
	f := &Fill{Executable: lf.Executable, Subcommand: strings.Fields(lf.Subcommand), Positionals: append([]string{}, lf.Positionals...), Stdout: lf.Stdout, Stdin: lf.Stdin}
	flags, _ := scope(rec, doc, f.Executable, f.Subcommand)
	outs := map[string]bool{}
	for _, o := range det.Outputs {
		outs[o] = true
	}
	for _, s := range ExtractSlots(task).Outputs() {
		outs[s.Path] = true
	}
	for _, fv := range lf.Flags {
		name := fv.Name
		if fv.Written != "" {
			name = fv.Written
		}
		v := FlagValue{Name: name, Value: fv.Value, HasValue: fv.Value != "", Why: "model"}
		if fd, ok := LookupFlag(flags, fv.Name); ok {
			v.HasValue = fd.ParamType != "bool" && (fd.ParamType != "" && !fd.AttachedValue || fv.Value != "")
			v.Style = kvStyle(fd)
			if fd.Category == "Output" && v.HasValue {
				outs[fv.Value] = true
			}
		}
		if fv.Attached && v.HasValue && v.Style == "" {
			v.Style = "eq"
		}
		if v.HasValue && outs[v.Value] {
			f.Outputs = append(f.Outputs, v.Value)
		}
		f.Flags = append(f.Flags, v)
	}
	for _, p := range f.Positionals {
		if outs[p] {
			f.Outputs = append(f.Outputs, p)
		}
	}
	if f.Stdout != "" {
		f.Outputs = append(f.Outputs, f.Stdout)
	}
	if f.Stdin != "" {
		f.Inputs = append(f.Inputs, f.Stdin)
	}
	f.Evidence = []string{"the model filled the form: " + orNone(lf.Explanation)}
	return f
}

func modelOrNone(cmd string) string {
	if cmd == "" {
		return "(none: the reply did not fit the form)"
	}
	return cmd
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(no explanation)"
	}
	return s
}

// llmFinish is the model's part of Stage 5: it reports what the model
// step found (a rejected or failed fill) and, when the command is still
// uncertain, asks the model to review it; an issue becomes a warning.
func (e *Engine) llmFinish(ctx context.Context, req Request, res *Result) {
	for _, f := range res.llmFindings {
		res.Findings = append(res.Findings, f)
		res.Trace.Add(StageValidate, nil, 0, f.Severity+": "+f.Message+" ["+f.Rule+"]")
	}
	if res.llmNote != "" {
		res.Explanation = "the model: " + res.llmNote
	}
	o := e.opts.LLM
	if !o.active() || !res.Uncertain {
		return
	}
	var msgs []string
	for _, f := range res.Findings {
		msgs = append(msgs, f.Severity+": "+f.Message)
	}
	key := LLMKey{Kind: "review", Tool: req.Tool, Task: req.Task, DocKey: res.DocKey, Skill: res.Skill, Model: o.name(), Mode: o.mode(),
		Extra: res.Command.Display + "\n" + strings.Join(msgs, "\n")}
	start := time.Now()
	ent, hit := o.Cache.Get(key)
	if hit {
		e.cached(res, StageValidate, "review", ent, time.Since(start))
	} else {
		ok, issue, st, err := o.Filler.Review(ctx, req.Task, res.Command.Display, msgs)
		e.account(res, StageValidate, "review", st, time.Since(start))
		if err != nil {
			res.Trace.Add(StageValidate, nil, 0, "the model's review failed: "+err.Error())
			return
		}
		ent = &LLMEntry{OK: ok, Issue: issue, PromptTokens: st.PromptTokens}
		if err := o.Cache.Put(key, ent); err != nil {
			res.Trace.Add(StageValidate, nil, 0, "could not cache the model's review: "+err.Error())
		}
	}
	if ent.OK {
		res.Trace.Add(StageValidate, nil, 0, "the model's review found no issue")
		return
	}
	f := Finding{Severity: "warning", Rule: "llm.review", Message: "the model's review: " + ent.Issue}
	res.Findings = append(res.Findings, f)
	res.Trace.Add(StageValidate, nil, 0, f.Severity+": "+f.Message+" ["+f.Rule+"]")
}

// Correct asks the model for a corrected command after prev's command
// failed to run: the form quotes the failed command, its exit code and the
// end of its stderr. The correction goes through Stage 4 and Stage 5; the
// caller must not run it when Findings hold an error. The result carries
// prev's model accounting plus this call's, also when err is not nil.
func (e *Engine) Correct(ctx context.Context, req Request, prev *Result, exitCode int, stderrTail string) (*Result, error) {
	o := e.opts.LLM
	if !o.active() {
		return nil, errors.New("no model is configured")
	}
	if prev.Doc == nil || prev.Fill == nil {
		return nil, errors.New("the command was not built from the tool's help, so a correction could not be checked")
	}
	r := *prev
	r.Findings = nil
	task := fmt.Sprintf("%s. The previous command failed with exit code %d: %s. The end of its stderr: %s. Give a corrected command for the same task.",
		strings.TrimRight(req.Task, ". "), exitCode, prev.Command.Display, tailRunes(strings.TrimSpace(stderrTail), 600))
	start := time.Now()
	lf, st, err := o.Filler.Fill(ctx, e.form(task, prev.Record, prev.Doc, nil, prev.Fill))
	e.account(&r, StageMap, "correction", st, time.Since(start))
	if err != nil {
		return &r, fmt.Errorf("the model's correction: %w", err)
	}
	mf := e.fromModel(lf, prev.Record, prev.Doc, prev.Fill, req.Task)
	mf.Confidence = max(prev.Confidence, modelConfidence)
	r.Fill, r.Confidence, r.Uncertain = mf, mf.Confidence, false
	r.Command = Assemble(prev.Record, mf)
	r.Findings = Validate(e.opts.Rules, prev.Record, prev.Doc, mf, r.Command, workDir(req))
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	r.Explanation = "corrected by the model: " + orNone(lf.Explanation)
	r.Trace.Add(StageValidate, nil, 0, fmt.Sprintf("correction %s: %d findings", r.Command.Display, len(r.Findings)))
	return &r, nil
}

// tailRunes keeps the last n runes of s.
func tailRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return "…" + string(r[len(r)-n:])
}

// Prompt returns the prompt a model of the given tier would get for a
// task (Stage 3's form with the deterministic fill as the starting point),
// and its estimated token count. It calls no model; bench and the golden
// tests use it to report prompt sizes.
func (e *Engine) Prompt(task string, rec *ToolRecord, doc *ToolDoc, sk *skills.Skill, model string) (system, user string, tokens int) {
	det := MapTask(e.opts.Rules, rec, doc, sk, task)
	if sk != nil {
		doc = FuseSkill(doc, sk)
	}
	f := e.form(task, rec, doc, sk, det)
	f.ModelTier = llm.Tier(model)
	system, user = llm.BuildPrompt(f)
	return system, user, llm.EstimateTokens(system) + llm.EstimateTokens(user)
}

// ScopedPrompt is Prompt as the model sees it once it picked a program
// (exe "" = the tool, and a subcommand path): the suggested program's
// prompt when that is the pick, else the follow-up prompt that lists the
// picked program's own flags.
func (e *Engine) ScopedPrompt(task string, rec *ToolRecord, doc *ToolDoc, sk *skills.Skill, model, exe string, sub []string) (system, user string) {
	det := MapTask(e.opts.Rules, rec, doc, sk, task)
	if sk != nil {
		doc = FuseSkill(doc, sk)
	}
	f := e.form(task, rec, doc, sk, det)
	f.ModelTier = llm.Tier(model)
	if exe == rec.Executable {
		exe = ""
	}
	if g, ok := f.Rescope(exe, strings.Join(sub, " ")); ok {
		f = g
	}
	return llm.BuildPrompt(f)
}
