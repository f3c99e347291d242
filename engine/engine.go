package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// Options configure an Engine.
type Options struct {
	Rules    *rules.Set
	PathDirs []string
	Runner   Runner
	// Packages find the package that installed a tool, whose other
	// programs are its companions (SystemPackages for this machine; nil:
	// companions by name and directory only).
	Packages []PackageSource
	// Cache holds ToolDocs; nil disables caching.
	Cache *Cache
	// NoCache re-explores even when a cached ToolDoc exists (and refreshes it).
	NoCache bool
	// Concepts keeps the concepts of skill examples between commands (not
	// used with NoCache).
	Concepts *ConceptCache
	Explore  ExploreOptions
	// Skills finds the skill for a tool; nil means no skills.
	Skills SkillSource
	// UserDocs returns help text a user added for a tool (docs add); it
	// stands in when the tool is not installed or prints no usable help.
	UserDocs func(tool string) (string, bool)
	// Progress hears how far a long exploration is.
	Progress func(done, total int)
	// Captured finds recorded help for an executable that is not
	// installed: the record it was captured from and a runner that
	// replays the recorded probe outputs. VerifySkill falls back to it.
	Captured func(exe string) (*ToolRecord, Runner, bool)
	// LLM is the model layer (the last resort); nil means no model.
	LLM *LLMOptions
}

// SkillSource finds a tool's skill by name or alias.
type SkillSource interface {
	Get(tool string) (*skills.Skill, bool)
}

// Engine runs the stages. One Engine serves many requests.
type Engine struct {
	opts     Options
	resolver *Resolver
	explorer *Explorer
}

// New returns an Engine.
func New(o Options) *Engine {
	vt := 3 * time.Second
	if o.Explore.ProbeTimeout > 0 {
		vt = min(vt, o.Explore.ProbeTimeout)
	}
	return &Engine{opts: o,
		resolver: &Resolver{Rules: o.Rules, PathDirs: o.PathDirs, Runner: o.Runner, VersionTimeout: vt, Packages: o.Packages},
		explorer: &Explorer{Rules: o.Rules, Runner: o.Runner, Opts: o.Explore, Progress: o.Progress}}
}

// Request is one task for one tool.
type Request struct {
	Tool, Task string
	// Scenario is bare (neither help nor skill), doc (help only) or full
	// (help and skill, the default).
	Scenario string
	// Cwd is where relative paths are checked (default: the process's).
	Cwd string
	// Stdout is a file the user typed after ">" (">>" when Append): the
	// command's standard output goes there, checked like an output flag's
	// file, in place of any the example wrote to.
	Stdout string
	Append bool
}

// Result is everything the stages produced, with the trace.
type Result struct {
	Tool   string      `json:"tool"`
	Task   string      `json:"task"`
	Record *ToolRecord `json:"record,omitempty"`
	Doc    *ToolDoc    `json:"-"`
	// CacheHit says where the ToolDoc came from: "memory", "disk" or "".
	CacheHit string `json:"cache_hit,omitempty"`
	// DocKey identifies the ToolDoc used (its cache key).
	DocKey string `json:"tooldoc_key,omitempty"`
	Trace  *Trace `json:"-"`
	// Pending lists stages this build does not run yet.
	Pending []int `json:"pending_stages,omitempty"`

	Fill *Fill `json:"fill,omitempty"`
	// Frame is the task parsed once (files with roles, numbers, names, …).
	Frame    *task.Frame `json:"task_frame,omitempty"`
	Command  Command     `json:"-"`
	Findings []Finding   `json:"findings"`
	// Skill is the source of the skill used, if any.
	Skill string `json:"skill,omitempty"`
	// SkillUnverified: the skill says verified: false, so its examples
	// were never checked against the tool's real help.
	SkillUnverified bool    `json:"skill_unverified,omitempty"`
	Scenario        string  `json:"scenario"`
	Confidence      float64 `json:"confidence"`
	Explanation     string  `json:"explanation"`
	// Uncertain: confidence is below the threshold.
	Uncertain bool `json:"uncertain"`
	// Unchecked: built without the tool's help (not installed, or bare).
	Unchecked bool `json:"unchecked"`
	// LLMCalls and PromptTokens count the model calls made for this
	// result; Model names the model that was consulted, if any.
	LLMCalls     int `json:"llm_calls"`
	PromptTokens int `json:"prompt_tokens"`
	// PromptTokensEstimated: a provider sent no usage, so PromptTokens is
	// (partly) an estimate.
	PromptTokensEstimated bool   `json:"prompt_tokens_estimated,omitempty"`
	Model                 string `json:"model,omitempty"`
	// Decision is set when a model was asked for a fill.
	Decision *Decision `json:"llm_decision,omitempty"`

	llmFindings []Finding // what the model step found, added at Stage 5
	checked     *checked  // Stage 5 of the rule-built fill, run before the model step
	llmNote     string    // the model's explanation of its accepted fill
}

// Doc runs Stages 1 and 2 for a tool: resolve, then the cached ToolDoc or
// a fresh exploration. A tool that is not installed yields a record with
// Installed=false, a nil doc and a *NotFoundError.
func (e *Engine) Doc(ctx context.Context, tool string, tr *Trace) (*ToolRecord, *ToolDoc, string, error) {
	rec, doc, hit, _, err := e.doc(ctx, tool, tr)
	return rec, doc, hit, err
}

func (e *Engine) doc(ctx context.Context, tool string, tr *Trace) (*ToolRecord, *ToolDoc, string, string, error) {
	rec, err := e.resolver.Resolve(ctx, tool, tr)
	if err != nil {
		if d := e.userDoc(rec, tool, tr); d != nil {
			return rec, d, "", "", nil
		}
		return rec, nil, "", "", err
	}
	start := time.Now()
	key := CacheKey(rec, e.opts.Rules.Fingerprint())
	if e.opts.Cache != nil && !e.opts.NoCache {
		doc, note := e.opts.Cache.Get(rec.Executable, key)
		if doc != nil {
			e.replayCached(doc, tr)
			tr.Add(StageExplore, nil, time.Since(start), "ToolDoc from the "+note+" cache (key "+key+")")
			return &doc.Record, doc, note, key, nil
		}
		if note != "" {
			tr.Add(StageExplore, nil, 0, note)
		}
	}
	// The version probe and the exploration share one hang guard: a tool
	// whose first two probes time out is not probed further.
	g := &hangGuard{}
	e.resolver.complete(ctx, rec, tr, g)
	doc := e.explorer.explore(ctx, rec, tr, g)
	if err := ctx.Err(); err != nil {
		// Interrupted: the ToolDoc lacks whatever the stopped probes would
		// have read, so it is neither cached nor used.
		return rec, nil, "", "", fmt.Errorf("exploring %s was interrupted: %w", rec.Executable, err)
	}
	if doc.RawHelp == "" {
		if d := e.userDoc(rec, tool, tr); d != nil {
			d.Record, d.Companions, d.Probes, d.Messages = doc.Record, doc.Companions, doc.Probes, doc.Messages
			doc = d
		}
	}
	switch {
	case e.opts.Cache == nil:
	case helpTimedOut(doc):
		tr.Add(StageExplore, nil, 0, "the ToolDoc is not cached: its help probes timed out and read no help, so the next run probes again")
	default:
		if err := e.opts.Cache.Put(rec.Executable, key, doc); err != nil {
			tr.Add(StageExplore, nil, 0, "could not cache the ToolDoc: "+err.Error())
		}
	}
	return &doc.Record, doc, "", key, nil
}

// Generate runs all five stages for req without executing anything. A
// tool that is not installed is not an error: the command is built from
// its skill and marked unchecked.
func (e *Engine) Generate(ctx context.Context, req Request) (*Result, error) {
	if strings.TrimSpace(req.Task) == "" {
		return nil, errors.New("the task is empty: say what the command should do, e.g. \"sort aln.bam by coordinate\"")
	}
	if req.Scenario == "" {
		req.Scenario = "full"
	}
	switch req.Scenario {
	case "bare", "doc", "full":
	default:
		return nil, fmt.Errorf("unknown scenario %q (valid: bare, doc, full)", req.Scenario)
	}
	tr := &Trace{}
	res := &Result{Tool: req.Tool, Task: req.Task, Trace: tr, Scenario: req.Scenario}
	rec, doc, err := e.stagesOneTwo(ctx, req, res)
	if err != nil {
		return nil, err
	}
	return e.GenerateFrom(ctx, req, rec, doc, res)
}

// stagesOneTwo resolves the tool and, unless the scenario is bare, reads
// its ToolDoc (Stages 1 and 2), recording cache facts in res. A tool that
// nothing describes is an UnknownToolError: a command would be a pure guess.
func (e *Engine) stagesOneTwo(ctx context.Context, req Request, res *Result) (*ToolRecord, *ToolDoc, error) {
	var rec *ToolRecord
	var doc *ToolDoc
	var err error
	if req.Scenario == "bare" {
		rec, err = e.resolver.Resolve(ctx, req.Tool, res.Trace)
	} else {
		rec, doc, res.CacheHit, res.DocKey, err = e.doc(ctx, req.Tool, res.Trace)
	}
	var nf *NotFoundError
	if err != nil && !errors.As(err, &nf) {
		return nil, nil, err
	}
	if nf != nil && doc == nil && !e.knownWithout(req.Tool, rec) {
		return nil, nil, &UnknownToolError{Tool: req.Tool, Suggestions: nf.Suggestions}
	}
	return rec, doc, nil
}

// UnknownToolError says a tool is not on PATH and nothing else describes
// it (no skill, no doc the user added), so no command is built.
type UnknownToolError struct {
	Tool        string
	Suggestions []string
}

func (e *UnknownToolError) Error() string {
	msg := e.Tool + ": not found on PATH"
	if s := e.Suggestions; len(s) > 0 {
		msg += "; did you mean " + strings.Join(s[:min(3, len(s))], ", ") + "?"
	}
	return msg
}

// knownWithout reports whether a tool that is not installed is still
// described: by a skill (under its name or its executable's) or by help
// the user added.
func (e *Engine) knownWithout(tool string, rec *ToolRecord) bool {
	names := []string{tool}
	if rec != nil && rec.Executable != "" {
		names = append(names, rec.Executable)
	}
	for _, n := range names {
		if e.opts.Skills != nil {
			if _, ok := e.opts.Skills.Get(n); ok {
				return true
			}
		}
		if e.opts.UserDocs != nil {
			if _, ok := e.opts.UserDocs(n); ok {
				return true
			}
		}
	}
	return false
}

// GenerateFrom runs Stages 3–5 on a record and ToolDoc obtained elsewhere
// (the golden tests pass captured ones). res may carry the trace so far;
// nil starts a new one.
func (e *Engine) GenerateFrom(ctx context.Context, req Request, rec *ToolRecord, doc *ToolDoc, res *Result) (*Result, error) {
	if res == nil {
		if req.Scenario == "" {
			req.Scenario = "full"
		}
		res = &Result{Tool: req.Tool, Task: req.Task, Trace: &Trace{}, Scenario: req.Scenario}
	}
	tr := res.Trace
	orig := doc
	doc = e.llmPatch(ctx, rec, doc, res)
	raw := doc
	res.Record, res.Doc = rec, doc
	var sk *skills.Skill
	if req.Scenario == "full" && e.opts.Skills != nil {
		if s, ok := e.opts.Skills.Get(req.Tool); ok {
			sk = s
		} else if s, ok := e.opts.Skills.Get(rec.Executable); ok {
			sk = s
		}
	}
	if sk != nil {
		res.Skill = sk.Source
		sk = oneCommandExamples(sk)
		if doc != nil {
			doc = FuseSkill(doc, sk)
			res.Doc = doc
		}
		what := fmt.Sprintf("skill %s: %d examples, %d concepts, %d pitfalls", sk.Source, len(sk.Examples), len(sk.Concepts), len(sk.Pitfalls))
		if sk.Unverified {
			res.SkillUnverified = true
			what += " (verified: false — its examples were not checked against the tool's help)"
		}
		tr.Add(StageExplore, nil, 0, what)
	}
	start := time.Now()
	fill := mapTask(e.opts.Rules, rec, doc, sk, req.Task, e.concepts())
	if d, n, read := e.helpOfChosen(ctx, rec, raw, fill.Subcommand, res.DocKey != ""); d != nil {
		tr.Add(StageExplore, nil, 0, chosenHelpNote(fill.Subcommand, n, read))
		if e.opts.Cache != nil && raw == orig {
			// The next run finds the help, or that there is none, in
			// the cache (a model's patch is never cached).
			if err := e.opts.Cache.Put(rec.Executable, res.DocKey, d); err != nil {
				tr.Add(StageExplore, nil, 0, "could not cache the ToolDoc: "+err.Error())
			}
		}
		if read {
			doc = d
			if sk != nil {
				doc = FuseSkill(d, sk)
			}
			res.Doc = doc
			fill = mapTask(e.opts.Rules, rec, doc, sk, req.Task, e.concepts())
		}
	}
	res.Fill, res.Frame = fill, fill.Frame
	res.Confidence = fill.Confidence
	res.Uncertain = fill.Uncertain
	tr.Add(StageMap, nil, time.Since(start), fmt.Sprintf("fill: %s, %d flags, %d positionals, confidence %.2f", strings.Join(append([]string{fill.Executable}, fill.Subcommand...), " "), len(fill.Flags), len(fill.Positionals), fill.Confidence), fill.Evidence...)
	e.checkBeforeModel(req, rec, doc, fill, res)
	fill = e.llmFill(ctx, req, rec, doc, sk, fill, res)
	if req.Stdout != "" {
		redirect(fill, req.Stdout, req.Append)
	}
	e.assembleAndCheck(req, res, fill)
	res.Unchecked = doc == nil
	res.Explanation = explanation(fill)
	e.llmFinish(ctx, req, res)
	return res, nil
}

// checkBeforeModel runs Stage 5 on the rule-built command before the
// model step: a command Stage 5 rejects is uncertain whatever its
// confidence, so `--llm auto` asks the model about it and dry-run exits 3.
func (e *Engine) checkBeforeModel(req Request, rec *ToolRecord, doc *ToolDoc, fill *Fill, res *Result) {
	if fill.Uncertain || doc == nil {
		return
	}
	AttachOptional(rec, doc, fill)
	cmd := Assemble(rec, fill)
	fs := Validate(e.opts.Rules, rec, doc, fill, cmd, workDir(req))
	if !e.opts.LLM.active() && req.Stdout == "" {
		// nothing can change the fill before Stage 5: it reuses these
		res.checked = &checked{fill: fill, doc: doc, cmd: cmd, findings: fs}
	}
	for _, f := range fs {
		if f.Severity == "error" {
			fill.Uncertain, res.Uncertain = true, true
			msg := "uncertain: Stage 5 rejects the rule-built command (" + f.Message + ")"
			fill.Evidence = append(fill.Evidence, msg)
			res.Trace.Add(StageMap, nil, 0, msg)
			return
		}
	}
}

// checked is Stage 4 and 5 of a fill, kept so that they run once.
type checked struct {
	fill     *Fill
	doc      *ToolDoc
	cmd      Command
	findings []Finding
}

// redirect sends a fill's standard output to a file the user typed, in
// place of one the example wrote to.
func redirect(f *Fill, file string, app bool) {
	if f.Stdout != "" {
		f.Outputs = without(f.Outputs, f.Stdout)
	}
	f.Stdout, f.Append = file, app
	f.Outputs = append(f.Outputs, file)
	op := ">"
	if app {
		op = ">>"
	}
	f.Evidence = append(f.Evidence, "standard output "+op+" "+file+": typed by the user")
}

// assembleAndCheck runs Stages 4 and 5 on a fill and records them in
// res (command, findings, trace).
func (e *Engine) assembleAndCheck(req Request, res *Result, fill *Fill) {
	tr, rec, doc := res.Trace, res.Record, res.Doc
	start := time.Now()
	// a pipeline edits a step's fill and checks it again: the kept check
	// serves the first call only
	pc := res.checked
	res.checked = nil
	reuse := pc != nil && pc.fill == fill && pc.doc == doc
	if reuse {
		res.Command = pc.cmd
	} else {
		AttachOptional(rec, doc, fill)
		res.Command = Assemble(rec, fill)
	}
	tr.Add(StageAssemble, nil, time.Since(start), res.Command.Display, assemblyLines(fill)...)
	start = time.Now()
	if reuse {
		res.Findings = pc.findings
	} else {
		res.Findings = Validate(e.opts.Rules, rec, doc, fill, res.Command, workDir(req))
	}
	if res.Findings == nil {
		res.Findings = []Finding{}
	}
	for _, f := range res.Findings {
		var r *rules.Rule
		if rr, ok := e.opts.Rules.Get(f.Rule); ok {
			r = rr
		}
		line := f.Severity + ": " + f.Message
		if r == nil {
			line += " [" + f.Rule + "]"
		}
		tr.Add(StageValidate, r, 0, line)
	}
	if len(res.Findings) == 0 {
		tr.Add(StageValidate, nil, time.Since(start), "no findings")
	}
}

// userDoc builds a ToolDoc from help text the user added with docs add.
func (e *Engine) userDoc(rec *ToolRecord, tool string, tr *Trace) *ToolDoc {
	if e.opts.UserDocs == nil || rec == nil {
		return nil
	}
	text, ok := e.opts.UserDocs(tool)
	if !ok {
		text, ok = e.opts.UserDocs(rec.Executable)
	}
	if !ok {
		return nil
	}
	d := e.explorer.FromText(rec, text, tr)
	d.SchemaSource = "user-docs"
	tr.Add(StageExplore, nil, 0, fmt.Sprintf("ToolDoc from user docs: %d flags, %d subcommands", len(d.Flags)+len(d.GlobalFlags), len(d.Subcommands)))
	return d
}

// replayCached reports the decisions a cached ToolDoc holds, so explain
// names the same rules whether or not the cache was warm.
func (e *Engine) replayCached(doc *ToolDoc, tr *Trace) {
	if doc.Record.Version != "" {
		tr.Add(StageResolve, nil, 0, "version "+doc.Record.Version+" (cached)")
	}
	for _, c := range doc.Record.CompanionTools {
		r, _ := e.opts.Rules.Get(c.Rule)
		tr.Add(StageResolve, r, 0, "companion "+c.Name+" (cached)")
	}
	if r, ok := e.opts.Rules.Get(doc.FrameworkRule); ok {
		tr.Add(StageExplore, r, 0, fmt.Sprintf("framework %s, parser %s (cached)", doc.Framework, doc.SchemaSource))
	}
	// Programs other than the tool that a `probes` rule ran and recorded
	// by its id (the manual index's summary; a manual page's probe records
	// the validity rule that judged it).
	for _, p := range doc.Probes {
		if r, ok := e.opts.Rules.Get(p.Rule); ok && r.Kind == "probes" && p.Program != "" {
			tr.Add(StageExplore, r, 0, fmt.Sprintf("%s (cached)", p.Words()))
		}
	}
	// What the exploration could not read (a cut listing, no help) holds
	// for the cached doc too.
	for _, m := range doc.Messages {
		tr.Add(StageExplore, nil, 0, m+" (cached)")
	}
}

// Explain runs the stages for req and returns what each did.
func (e *Engine) Explain(ctx context.Context, req Request) (*Result, error) {
	return e.Generate(ctx, req)
}

// assemblyLines says which slot filled which argument.
func assemblyLines(f *Fill) []string {
	var out []string
	for _, fv := range f.Flags {
		v := fv.Name
		if fv.HasValue {
			v += " " + fv.Value
		}
		out = append(out, v+" ← "+fv.Why)
	}
	for i, p := range f.Positionals {
		out = append(out, fmt.Sprintf("positional %d ← %s", i+1, p))
	}
	if f.Stdin != "" {
		out = append(out, "< "+f.Stdin+" ← the task's input, read on standard input")
	}
	return out
}

// explanation summarises the fill in one line.
func explanation(f *Fill) string {
	var parts []string
	if f.Example != nil {
		parts = append(parts, fmt.Sprintf("adapted from the %s example %q", f.Example.Source, f.Example.Task))
	}
	for _, fv := range f.Flags {
		if fv.Why != "" && fv.Why != "from the example" {
			parts = append(parts, fv.Name+": "+fv.Why)
		}
	}
	if len(parts) == 0 {
		return "built from the tool's help"
	}
	return strings.Join(parts, "; ")
}
