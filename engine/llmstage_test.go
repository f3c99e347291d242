package engine

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/llm"
	"github.com/traitome/oxo-call/llm/llmtest"
	"github.com/traitome/oxo-call/skills"
)

const myHelp = `mytool 1.0 - filter records

Usage: mytool [options] <in.txt>

Options:
  -o, --output FILE    write output to FILE
  -t, --threads INT    number of threads
  -q, --min-quality INT    minimum quality
  --fast               fast mode
  -m, --mode STR       mode: one of a, b
  -h, --help           show help
`

// uncertainTask maps to "mytool -t 4 in.txt" with confidence 0.40.
const uncertainTask = "process in.txt quickly using 4 cores"

var (
	chatPath  = llmtest.OpenAI.Path
	fillReq   = llmtest.BodyContains(llmtest.REST(http.MethodPost, chatPath), `"fill_form"`)
	patchReq  = llmtest.BodyContains(llmtest.REST(http.MethodPost, chatPath), `"flag_patches"`)
	reviewReq = llmtest.BodyContains(llmtest.REST(http.MethodPost, chatPath), `You check whether`)
)

// modelFill is a reply to the fill form.
func modelFill(exe string, flags [][2]string, pos ...string) string {
	type fv struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	}
	v := struct {
		Executable  string   `json:"executable,omitempty"`
		Flags       []fv     `json:"flags"`
		Positionals []string `json:"positionals"`
		Explanation string   `json:"explanation"`
	}{Executable: exe, Positionals: pos, Explanation: "fast mode with 4 threads"}
	for _, f := range flags {
		v.Flags = append(v.Flags, fv{f[0], f[1]})
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// llmEnv is an engine with a model behind a stub server.
type llmEnv struct {
	reg *llmtest.Registry
	e   *Engine
	o   *LLMOptions
	rec *ToolRecord
	doc *ToolDoc
	cwd string
}

func newLLMEnv(t *testing.T, mode string) *llmEnv {
	t.Helper()
	reg := llmtest.New(t)
	p, err := llm.New(llm.Config{Provider: "openai", APIBase: reg.URL(), APIToken: "sk-engine-test-token", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	o := &LLMOptions{Filler: &llm.Filler{P: p, Model: "stub-model"}, Mode: mode}
	e := New(Options{Rules: builtinRules, LLM: o})
	rec := &ToolRecord{Name: "mytool", Executable: "mytool", Installed: true}
	doc := e.explorer.FromText(rec, myHelp, &Trace{})
	cwd := t.TempDir()
	os.WriteFile(filepath.Join(cwd, "in.txt"), []byte("x\n"), 0o644)
	return &llmEnv{reg: reg, e: e, o: o, rec: rec, doc: doc, cwd: cwd}
}

func (v *llmEnv) gen(t *testing.T, task string, res *Result) *Result {
	t.Helper()
	r, err := v.e.GenerateFrom(context.Background(), Request{Tool: "mytool", Task: task, Scenario: "full", Cwd: v.cwd}, v.rec, v.doc, res)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func traceHas(res *Result, s string) bool {
	for _, e := range res.Trace.Events() {
		if strings.Contains(e.What, s) || strings.Contains(strings.Join(e.Detail, "\n"), s) {
			return true
		}
	}
	return false
}

func findingRule(res *Result, rule string) *Finding {
	for i := range res.Findings {
		if res.Findings[i].Rule == rule {
			return &res.Findings[i]
		}
	}
	return nil
}

func TestModelFillFixesUncertainFill(t *testing.T) {
	v := newLLMEnv(t, "")
	v.reg.Register("fill", fillReq, llmtest.OpenAI.Reply(modelFill("", [][2]string{{"-t", "4"}, {"--fast", ""}}, "in.txt")))
	res := v.gen(t, uncertainTask, nil)
	v.reg.Verify(t)
	// The model wrote -t: the command keeps its spelling.
	if res.Command.Display != "mytool -t 4 --fast in.txt" {
		t.Fatalf("command = %q", res.Command.Display)
	}
	if d := res.Decision; d == nil || d.Winner != "model" || d.Model != res.Command.Display || d.Deterministic == "" || !strings.Contains(d.Why, "passed Stage 5") {
		t.Fatalf("decision %+v", res.Decision)
	}
	if !traceHas(res, "deterministic fill "+res.Decision.Deterministic+"; model fill mytool -t 4 --fast in.txt; the model's won") {
		t.Fatal("explain does not show both fills")
	}
	if res.LLMCalls != 1 || res.PromptTokens != llmtest.PromptTokens || res.Model != "stub-model" {
		t.Fatalf("accounting: %d calls, %d tokens, model %q", res.LLMCalls, res.PromptTokens, res.Model)
	}
	if res.Confidence != 0.7 || res.Uncertain || res.Fill.Flags[0].Why != "model" || !res.Fill.Flags[0].HasValue || res.Fill.Flags[1].HasValue {
		t.Fatalf("fill: %+v conf %.2f", res.Fill, res.Confidence)
	}
	if res.Explanation != "the model: fast mode with 4 threads" {
		t.Fatalf("explanation %q", res.Explanation)
	}
	if !traceHas(res, "model stub-model fill: 11 prompt tokens") || !traceHas(res, "model fill passed Stage 5") {
		t.Fatal("trace lacks the model call")
	}
	// The form held the real flags (enum), the chosen subcommand's
	// positionals and the deterministic flags.
	body := string(v.reg.Requests()[0].Body)
	for _, s := range []string{`"--fast"`, `"--min-quality"`, `"-t"`, "in.txt"} {
		if !strings.Contains(body, s) {
			t.Errorf("request lacks %s: %s", s, body)
		}
	}
}

func TestModelHallucinationIsFenced(t *testing.T) {
	v := newLLMEnv(t, "auto")
	bad := llmtest.OpenAI.Reply(modelFill("", [][2]string{{"--turbo", ""}}, "in.txt"))
	v.reg.Register("fill", fillReq, bad)
	v.reg.Register("repair", fillReq, bad)
	v.reg.Register("review", reviewReq, llmtest.OpenAI.Reply("ISSUE: --fast is missing"))
	res := v.gen(t, uncertainTask, nil)
	v.reg.Verify(t)
	if res.Command.Display != "mytool -t 4 in.txt" || strings.Contains(res.Command.Display, "turbo") {
		t.Fatalf("command = %q", res.Command.Display)
	}
	f := findingRule(res, "llm.rejected")
	if f == nil || !strings.Contains(f.Message, "--turbo") || !strings.Contains(f.Message, "kept the deterministic fill") {
		t.Fatalf("findings %+v", res.Findings)
	}
	if !strings.Contains(strings.Join(res.Fill.Evidence, "\n"), "the model's fill was rejected") {
		t.Fatalf("evidence %v", res.Fill.Evidence)
	}
	if r := findingRule(res, "llm.review"); r == nil || r.Message != "the model's review: --fast is missing" || r.Severity != "warning" {
		t.Fatalf("review finding %+v", res.Findings)
	}
	if res.LLMCalls != 3 || !res.Uncertain {
		t.Fatalf("calls %d uncertain %v", res.LLMCalls, res.Uncertain)
	}
}

func TestModelFillRejectedByStage5(t *testing.T) {
	v := newLLMEnv(t, "always")
	v.rec.CompanionTools = []Companion{{Name: "mytool-build", Path: "/x/mytool-build"}}
	v.doc.Companions = []SubcommandDoc{{Name: "mytool-build", Parser: "getopt", Flags: []FlagDoc{{Name: "--index", ParamType: "file"}}}}
	// --fast is a flag of mytool but not of mytool-build: the reply is
	// checked against the scope it picked, the repair shows that scope's
	// flags, and a second bad reply leaves the deterministic fill.
	bad := llmtest.OpenAI.Reply(modelFill("mytool-build", [][2]string{{"--fast", ""}}, "in.txt"))
	v.reg.Register("fill", fillReq, bad)
	// The model picked mytool-build: it is asked again with that
	// program's flags, then repaired once.
	v.reg.Register("rescoped", llmtest.BodyContains(fillReq, `--index`), bad)
	v.reg.Register("repair", llmtest.BodyContains(fillReq, "Allowed flag names: --index"), bad)
	res := v.gen(t, "filter in.txt keeping quality above 20 into out.txt", nil)
	v.reg.Verify(t)
	if res.Command.Display != "mytool -o out.txt -q 20 in.txt" {
		t.Fatalf("command = %q", res.Command.Display)
	}
	f := findingRule(res, "llm.rejected")
	if f == nil || !strings.Contains(f.Message, `unknown flag "--fast"`) {
		t.Fatalf("findings %+v", res.Findings)
	}
	if d := res.Decision; d == nil || d.Winner != "deterministic" || d.Deterministic != res.Command.Display {
		t.Fatalf("decision %+v", res.Decision)
	}
	if !traceHas(res, "deterministic fill mytool -o out.txt -q 20 in.txt; model fill (none: the reply did not fit the form); the deterministic fill won") {
		t.Fatal("explain does not show both fills")
	}
	if res.LLMCalls != 3 || res.Confidence != res.Fill.Confidence {
		t.Fatalf("calls %d conf %.2f", res.LLMCalls, res.Confidence)
	}
}

func TestModelUnreachableKeepsDeterministicFill(t *testing.T) {
	v := newLLMEnv(t, "always")
	v.reg.Register("fill", fillReq, llmtest.Status(http.StatusInternalServerError, `{"error":{"message":"down"}}`))
	res := v.gen(t, "filter in.txt keeping quality above 20 into out.txt", nil)
	if res.Command.Display != "mytool -o out.txt -q 20 in.txt" || res.LLMCalls != 0 {
		t.Fatalf("command = %q calls %d", res.Command.Display, res.LLMCalls)
	}
	if f := findingRule(res, "llm.error"); f == nil || !strings.Contains(f.Message, "could not be asked") {
		t.Fatalf("findings %+v", res.Findings)
	}
	if strings.Contains(compact(res), "sk-engine-test-token") {
		t.Fatal("token leaked")
	}
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestModelRepairIsTraced(t *testing.T) {
	v := newLLMEnv(t, "auto")
	v.reg.Register("fill", fillReq, llmtest.OpenAI.Reply(modelFill("", [][2]string{{"--turbo", ""}}, "in.txt")))
	v.reg.Register("repair", llmtest.BodyContains(fillReq, "Allowed flag names"), llmtest.OpenAI.Reply(modelFill("", [][2]string{{"--fast", ""}}, "in.txt")))
	res := v.gen(t, uncertainTask, nil)
	v.reg.Verify(t)
	if res.Command.Display != "mytool --fast in.txt" || res.LLMCalls != 2 || res.PromptTokens != 2*llmtest.PromptTokens || !traceHas(res, "the repair call fixed it") {
		t.Fatalf("%q %d", res.Command.Display, res.LLMCalls)
	}
}

func TestModelModes(t *testing.T) {
	// never and a confident auto fill make no call (the registry has no stub).
	for _, mode := range []string{"never", "auto"} {
		v := newLLMEnv(t, mode)
		task := "filter in.txt keeping quality above 20 into out.txt"
		if mode == "never" {
			task = uncertainTask
		}
		res := v.gen(t, task, nil)
		if res.LLMCalls != 0 || res.Model != "" || len(v.reg.Requests()) != 0 {
			t.Fatalf("%s: %d calls", mode, res.LLMCalls)
		}
	}
	// No model at all.
	e := New(Options{Rules: builtinRules})
	rec := &ToolRecord{Name: "mytool", Executable: "mytool", Installed: true}
	res, _ := e.GenerateFrom(context.Background(), Request{Tool: "mytool", Task: uncertainTask}, rec, e.explorer.FromText(rec, myHelp, &Trace{}), nil)
	if res.LLMCalls != 0 || !res.Uncertain {
		t.Fatal("no model")
	}
	if CheckLLMMode("") != nil || CheckLLMMode("always") != nil || CheckLLMMode("sometimes") == nil {
		t.Fatal("CheckLLMMode")
	}
	if e.WithLLM(nil).opts.LLM != nil || e.WithLLM(&LLMOptions{}).opts.LLM == nil || e.opts.LLM != nil {
		t.Fatal("WithLLM")
	}
}

func TestModelNotAskedWithoutToolDoc(t *testing.T) {
	v := newLLMEnv(t, "always")
	v.reg.Register("review", reviewReq, llmtest.OpenAI.Reply("CORRECT"))
	rec := &ToolRecord{Name: "mytool", Executable: "mytool"}
	res, err := v.e.GenerateFrom(context.Background(), Request{Tool: "mytool", Task: uncertainTask, Scenario: "bare"}, rec, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	v.reg.Verify(t)
	if !strings.Contains(strings.Join(res.Fill.Evidence, "\n"), "the model was not asked: without the tool's help") {
		t.Fatalf("evidence %v", res.Fill.Evidence)
	}
	if res.LLMCalls != 1 || !traceHas(res, "the model's review found no issue") || findingRule(res, "llm.review") != nil {
		t.Fatalf("review: calls %d findings %+v", res.LLMCalls, res.Findings)
	}
}

func TestModelAnswersAreCached(t *testing.T) {
	v := newLLMEnv(t, "auto")
	v.o.Cache = NewLLMCache(filepath.Join(t.TempDir(), "llm"))
	v.reg.Register("fill", fillReq, llmtest.OpenAI.Reply(modelFill("", [][2]string{{"--threads", "4"}, {"--fast", "true"}}, "in.txt")))
	first := v.gen(t, uncertainTask, &Result{Tool: "mytool", Task: uncertainTask, Trace: &Trace{}, Scenario: "full", DocKey: "k1"})
	second := v.gen(t, uncertainTask, &Result{Tool: "mytool", Task: uncertainTask, Trace: &Trace{}, Scenario: "full", DocKey: "k1"})
	v.reg.Verify(t)
	if first.LLMCalls != 1 || second.LLMCalls != 0 || second.PromptTokens != 0 || second.Command.Display != first.Command.Display || second.Model != "stub-model" {
		t.Fatalf("first %d %q, second %d %q", first.LLMCalls, first.Command.Display, second.LLMCalls, second.Command.Display)
	}
	if !traceHas(second, "0 prompt tokens (cached answer; it cost 11 when asked)") {
		t.Fatal("cache hit not traced")
	}
	// A rejected answer is cached too: the hallucination costs once.
	bad := llmtest.OpenAI.Reply(modelFill("", [][2]string{{"--turbo", ""}}))
	v.reg.Register("bad", fillReq, bad)
	v.reg.Register("bad repair", fillReq, bad)
	v.reg.Register("review", reviewReq, llmtest.OpenAI.Reply("ISSUE: slow"))
	task := "process in.txt quickly using 8 cores"
	r1 := v.gen(t, task, &Result{Tool: "mytool", Task: task, Trace: &Trace{}, Scenario: "full", DocKey: "k1"})
	r2 := v.gen(t, task, &Result{Tool: "mytool", Task: task, Trace: &Trace{}, Scenario: "full", DocKey: "k1"})
	v.reg.Verify(t)
	if r1.LLMCalls != 3 || r2.LLMCalls != 0 || findingRule(r2, "llm.rejected") == nil || findingRule(r2, "llm.review") == nil {
		t.Fatalf("r1 %d r2 %d %+v", r1.LLMCalls, r2.LLMCalls, r2.Findings)
	}
	if !traceHas(r2, "review: 0 prompt tokens (cached") {
		t.Fatal("cached review not traced")
	}
}

func TestModelCacheWriteFailureIsTraced(t *testing.T) {
	v := newLLMEnv(t, "auto")
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o644)
	v.o.Cache = NewLLMCache(filepath.Join(blocker, "llm")) // a file is in the way
	v.reg.Register("fill", fillReq, llmtest.OpenAI.Reply(`{"flags":[{"name":"--fast","value":"x"}],"positionals":[],"explanation":""}`))
	v.reg.Register("repair", fillReq, llmtest.OpenAI.Reply(`{"flags":[{"name":"--fast","value":"x"}],"positionals":[],"explanation":""}`))
	v.reg.Register("review", reviewReq, llmtest.OpenAI.Reply("CORRECT"))
	res := v.gen(t, uncertainTask, nil)
	v.reg.Verify(t)
	if !traceHas(res, "could not cache the model's answer") || !traceHas(res, "could not cache the model's review") {
		t.Fatal("cache failures not traced")
	}
}

func TestModelReviewFailure(t *testing.T) {
	v := newLLMEnv(t, "never")
	v.o.Mode = ""
	// A fill reply that is valid but useless (positional only) still
	// passes; the review then fails with a server error.
	v.reg.Register("fill", fillReq, llmtest.OpenAI.Reply(modelFill("", nil)))
	res := v.gen(t, "do something odd", nil)
	v.reg.Verify(t)
	if res.Command.Display != "mytool" || res.Confidence != 0.7 {
		t.Fatalf("%q %.2f", res.Command.Display, res.Confidence)
	}
	if res.Explanation != "the model: fast mode with 4 threads" {
		t.Fatal(res.Explanation)
	}
	v2 := newLLMEnv(t, "")
	v2.reg.Register("fill", fillReq, llmtest.OpenAI.Reply("not json at all"))
	v2.reg.Register("repair", fillReq, llmtest.OpenAI.Reply("still not json"))
	v2.reg.Register("review", reviewReq, llmtest.Status(http.StatusBadRequest, `{"error":{"message":"bad"}}`))
	res = v2.gen(t, uncertainTask, nil)
	v2.reg.Verify(t)
	if !traceHas(res, "the model's review failed") || findingRule(res, "llm.rejected") == nil {
		t.Fatal("review failure not traced")
	}
}

func TestModelPatchesPoorHelp(t *testing.T) {
	v := newLLMEnv(t, "auto")
	v.doc.DocQuality = 0.3
	v.e.opts.Cache = NewCache(t.TempDir(), 4)
	v.reg.Register("patch", patchReq, llmtest.OpenAI.Reply(`{"patches":[{"flag":"--fast","type":"int","description":"x"},{"flag":"--output","type":"file","description":"where to write"},{"flag":"--mode","type":"choice","description":"the mode"},{"flag":"-h","type":"bool","description":"help"}]}`))
	v.doc.Flags[0].Description = "" // --output: the patch fills a missing description
	res := v.gen(t, "filter in.txt keeping quality above 20 into out.txt", &Result{Tool: "mytool", Trace: &Trace{}, Scenario: "full", DocKey: "dk"})
	v.reg.Verify(t)
	fast, _ := LookupFlag(res.Doc.Flags, "--fast")
	mode, _ := LookupFlag(res.Doc.Flags, "--mode")
	out, _ := LookupFlag(res.Doc.Flags, "--output")
	if fast.ParamType != "int" || fast.Description != "fast mode" || mode.ParamType != "string" || out.Description != "where to write" {
		t.Fatalf("patched flags: %+v %+v", fast, mode)
	}
	if orig, _ := LookupFlag(v.doc.Flags, "--fast"); orig.ParamType != "bool" {
		t.Fatal("the original ToolDoc was changed in place")
	}
	if !patched(res.Doc) || !strings.Contains(strings.Join(res.Doc.Messages, "\n"), "patched by model stub-model: 2 flags") {
		t.Fatalf("messages %v", res.Doc.Messages)
	}
	cached, note := v.e.opts.Cache.Get("mytool", "dk")
	if cached == nil || note != "memory" || !patched(cached) {
		t.Fatal("the patched ToolDoc was not cached")
	}
	if res.LLMCalls != 1 || !traceHas(res, "model stub-model patch: 11 prompt tokens") {
		t.Fatalf("calls %d", res.LLMCalls)
	}
	// A patched doc is not patched again.
	v.doc = cached
	if again := v.gen(t, "filter in.txt keeping quality above 20 into out.txt", nil); again.LLMCalls != 0 {
		t.Fatal("patched twice")
	}
}

func TestModelPatchEdgeCases(t *testing.T) {
	v := newLLMEnv(t, "auto")
	v.doc.DocQuality = 0.2
	v.reg.Register("patch", patchReq, llmtest.Status(http.StatusBadRequest, `{"error":{"message":"no"}}`))
	res := v.gen(t, "filter in.txt keeping quality above 20 into out.txt", nil)
	v.reg.Verify(t)
	if !traceHas(res, "the model could not patch the ToolDoc") || patched(res.Doc) {
		t.Fatal("patch failure")
	}
	// No flags: nothing to patch, no patch call (the fill is asked).
	v.doc = &ToolDoc{Record: *v.rec, DocQuality: 0.1}
	v.reg.Register("fill", fillReq, llmtest.OpenAI.Reply(modelFill("", nil, "in.txt")))
	if res := v.gen(t, "filter in.txt keeping quality above 20", nil); res.LLMCalls != 1 || traceHas(res, "patch") {
		t.Fatalf("patched without flags: calls %d %v", res.LLMCalls, res.Fill.Evidence)
	}
	v.reg.Verify(t)
	// A cache that cannot be written is traced.
	v = newLLMEnv(t, "auto")
	v.doc.DocQuality = 0.2
	blocker := filepath.Join(t.TempDir(), "f")
	os.WriteFile(blocker, nil, 0o644)
	v.e.opts.Cache = NewCache(filepath.Join(blocker, "x"), 2)
	v.reg.Register("patch", patchReq, llmtest.OpenAI.Reply(`{"patches":[]}`))
	res = v.gen(t, "filter in.txt keeping quality above 20 into out.txt", &Result{Trace: &Trace{}, DocKey: "dk"})
	if !traceHas(res, "could not cache the patched ToolDoc") {
		t.Fatal("cache failure not traced")
	}
}

func TestApplyPatches(t *testing.T) {
	flags := []FlagDoc{{Name: "-a", ParamType: "bool"}, {Name: "-b", ParamType: "string", Choices: []string{"x", "y"}, Description: "kept"}}
	n := applyPatches(flags, []llm.FlagPatch{{Flag: "-a", Type: "bool", Description: ""}, {Flag: "-b", Type: "choice", Description: "new"}, {Flag: "-z", Type: "int"}})
	if n != 1 || flags[0].ParamType != "bool" || flags[1].ParamType != "choice" || flags[1].Description != "kept" {
		t.Fatalf("%d %+v", n, flags)
	}
	if firstRunes("héllo", 2) != "hé" || firstRunes("hi", 5) != "hi" || tailRunes("héllo", 2) != "…lo" || tailRunes("hi", 5) != "hi" {
		t.Fatal("rune helpers")
	}
	if orNone(" ") != "(no explanation)" || orNone("x") != "x" {
		t.Fatal("orNone")
	}
}

func TestModelName(t *testing.T) {
	p, _ := llm.New(llm.Config{Provider: "ollama"}, nil)
	o := &LLMOptions{Filler: &llm.Filler{P: p}}
	if o.name() != "ollama" || o.mode() != "auto" {
		t.Fatal(o.name())
	}
	o.Filler.Model = "m1"
	if o.name() != "m1" {
		t.Fatal(o.name())
	}
	o.Model = "m2"
	if o.name() != "m2" {
		t.Fatal(o.name())
	}
	var nilOpts *LLMOptions
	if nilOpts.active() || (&LLMOptions{Filler: &llm.Filler{}}).active() {
		t.Fatal("active")
	}
}

func TestFormFromToolDoc(t *testing.T) {
	e := New(Options{Rules: builtinRules})
	rec := &ToolRecord{Name: "kit", Executable: "kit", Installed: true, CompanionTools: []Companion{{Name: "kit-build"}, {Name: "kit-extra"}}}
	doc := &ToolDoc{Record: *rec,
		GlobalFlags: []FlagDoc{{Name: "--verbose", ParamType: "bool"}},
		Subcommands: []SubcommandDoc{
			{Name: "sort", Parser: "x", Flags: []FlagDoc{{Name: "--threads", Aliases: []string{"-@"}, ParamType: "int", Default: "1", Description: "threads"}, {Name: "--order", ParamType: "choice", Choices: []string{"name", "coord"}}},
				Positionals: []PositionalDoc{{Name: "in.bam", ParamType: "file", Required: true}}},
			{Name: "plugin", Subcommands: []SubcommandDoc{{Name: "fill"}}},
		},
		Companions: []SubcommandDoc{{Name: "kit-build", Flags: []FlagDoc{{Name: "-k", ParamType: "int"}}}},
		Examples: []Example{
			{Task: "index a fasta", Args: "faidx ref.fa", Source: "skill"},
			{Task: "sort a bam by name", Args: "sort -n in.bam", Source: "skill"},
			{Task: "sort bam by coordinate with threads", Args: "sort -@ 4 in.bam", Source: "skill"},
			{Task: "view reads", Args: "view x.bam", Source: "help"},
		},
	}
	det := &Fill{Executable: "kit", Subcommand: []string{"sort"}, Flags: []FlagValue{{Name: "-@", Value: "8", HasValue: true}},
		Example: &Example{Task: "view reads", Args: "view x.bam"}}
	f := e.form("sort aln.bam by coordinate with 8 threads", rec, doc, nil, det)
	if f.Tool != "kit" || strings.Join(f.Executables, ",") != "kit-build,kit-extra" || strings.Join(f.Subcommands, ",") != "sort,plugin,plugin fill" || f.Subcommand != "sort" {
		t.Fatalf("form %+v", f)
	}
	if len(f.Flags) != 3 || f.Flags[0].Name != "--threads" || f.Flags[0].Aliases[0] != "-@" || f.Flags[0].Default != "1" || f.Flags[1].Choices[1] != "coord" || f.Flags[2].Name != "--verbose" {
		t.Fatalf("flags %+v", f.Flags)
	}
	if len(f.Positionals) != 1 || !f.Positionals[0].Required || f.Positionals[0].Type != "file" {
		t.Fatalf("positionals %+v", f.Positionals)
	}
	if len(f.Examples) != 3 || f.Examples[0].Args != "view x.bam" || f.Examples[1].Args != "sort -@ 4 in.bam" {
		t.Fatalf("examples %+v", f.Examples)
	}
	if len(f.Chosen) != 1 || f.Chosen[0] != (llm.FlagValue{Name: "-@", Value: "8"}) {
		t.Fatalf("chosen %+v", f.Chosen)
	}
	// Scopes: a companion, an unknown companion, a nested path that stops early.
	if fl, _ := scope(rec, doc, "kit-build", nil); len(fl) != 1 || fl[0].Name != "-k" {
		t.Fatal("companion scope")
	}
	if fl, pos := scope(rec, doc, "kit-extra", nil); fl != nil || pos != nil {
		t.Fatal("unknown companion scope")
	}
	if fl, _ := scope(rec, doc, "kit", []string{"plugin", "nope"}); len(fl) != 1 || fl[0].Name != "--verbose" {
		t.Fatalf("nested scope %+v", fl)
	}
}

func TestFromModel(t *testing.T) {
	e := New(Options{Rules: builtinRules})
	rec := &ToolRecord{Name: "bb", Executable: "bb", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "in", ParamType: "file", Style: "kv"},
		{Name: "out", ParamType: "file", Style: "kv", Category: "Output"},
		{Name: "--flag", ParamType: ""},
		{Name: "--sw", ParamType: "bool"},
	}}
	det := &Fill{Executable: "bb", Stdout: "res.txt", Outputs: []string{"res.txt", "old.txt"}, Evidence: []string{"det"}}
	lf := llm.Fill{Executable: "bb", Flags: []llm.FlagValue{{Name: "in", Value: "a.fq"}, {Name: "out", Value: "b.fq"}, {Name: "--flag"}, {Name: "--sw"}, {Name: "--unknown", Value: "v"}},
		Positionals: []string{"old.txt", "sum.tsv"}}
	f := e.fromModel(lf, rec, doc, det, "trim a.fq into b.fq and write sum.tsv")
	want := []FlagValue{{Name: "in", Value: "a.fq", HasValue: true, Style: "kv", Why: "model"}, {Name: "out", Value: "b.fq", HasValue: true, Style: "kv", Why: "model"},
		{Name: "--flag", Why: "model"}, {Name: "--sw", Why: "model"}, {Name: "--unknown", Value: "v", HasValue: true, Why: "model"}}
	if compact(f.Flags) != compact(want) {
		t.Fatalf("flags %s", compact(f.Flags))
	}
	// The model's fill replaces the deterministic one whole: the
	// deterministic stdout file is not merged in.
	if strings.Join(f.Outputs, ",") != "b.fq,old.txt,sum.tsv" || f.Stdout != "" {
		t.Fatalf("outputs %v stdout %q", f.Outputs, f.Stdout)
	}
	if len(f.Evidence) != 1 || f.Evidence[0] != "the model filled the form: (no explanation)" {
		t.Fatal(f.Evidence)
	}
	if got := Assemble(rec, f).Display; got != "bb 'in=a.fq' 'out=b.fq' --flag --sw --unknown v old.txt sum.tsv" {
		t.Fatal(got)
	}
	// The model's own "> file", its spelling and an attached value stay.
	lf = llm.Fill{Executable: "bb", Flags: []llm.FlagValue{{Name: "--flag", Value: "long", Written: "-f", Attached: true}, {Name: "--sw", Written: "-s"}}, Positionals: []string{"a.fq"}, Stdout: "res.txt"}
	f = e.fromModel(lf, rec, doc, det, "x")
	if got := Assemble(rec, f).Display; got != "bb '-f=long' -s a.fq > res.txt" || strings.Join(f.Outputs, ",") != "res.txt" {
		t.Fatalf("%s outputs %v", got, f.Outputs)
	}
}

func TestCorrect(t *testing.T) {
	v := newLLMEnv(t, "auto")
	prev := v.gen(t, "filter in.txt keeping quality above 20 into out.txt", nil)
	v.reg.Register("correction", llmtest.BodyContains(fillReq, "failed with exit code 2"), llmtest.OpenAI.Reply(modelFill("", [][2]string{{"--output", "out.txt"}, {"--min-quality", "20"}, {"--fast", ""}}, "in.txt")))
	req := Request{Tool: "mytool", Task: prev.Task, Cwd: v.cwd}
	r, err := v.e.Correct(context.Background(), req, prev, 2, strings.Repeat("x", 700)+"error: bad quality")
	if err != nil {
		t.Fatal(err)
	}
	if r.Command.Display != "mytool --output out.txt --min-quality 20 --fast in.txt" || r.LLMCalls != 1 || r.Uncertain || r.Confidence != max(prev.Confidence, modelConfidence) || len(r.Findings) != 0 {
		t.Fatalf("%q calls %d findings %+v", r.Command.Display, r.LLMCalls, r.Findings)
	}
	if !strings.HasPrefix(r.Explanation, "corrected by the model:") || prev.LLMCalls != 0 || prev.Command.Display == r.Command.Display {
		t.Fatal("prev changed or explanation")
	}
	body := string(v.reg.Requests()[0].Body)
	if !strings.Contains(body, "error: bad quality") || strings.Contains(body, strings.Repeat("x", 650)) {
		t.Fatal("stderr tail not quoted or not cut")
	}
	// A correction that fails is an error that still counts its calls.
	v.reg.Register("bad", fillReq, llmtest.OpenAI.Reply("nope"))
	v.reg.Register("bad repair", fillReq, llmtest.OpenAI.Reply("nope"))
	r, err = v.e.Correct(context.Background(), req, prev, 1, "")
	if err == nil || !errors.Is(err, llm.ErrInvalidFill) || r.LLMCalls != 2 {
		t.Fatalf("err %v", err)
	}
	// Findings are reported, not hidden.
	v.reg.Register("missing input", fillReq, llmtest.OpenAI.Reply(modelFill("", [][2]string{{"--fast", ""}}, "missing.txt")))
	r, err = v.e.Correct(context.Background(), Request{Tool: "mytool", Task: prev.Task}, prev, 1, "")
	if err != nil || len(r.Findings) == 0 || r.Findings[0].Rule != "check.input_missing" {
		t.Fatalf("err %v findings %+v", err, r.Findings)
	}
	if _, err := New(Options{Rules: builtinRules}).Correct(context.Background(), req, prev, 1, ""); err == nil {
		t.Fatal("no model")
	}
	if _, err := v.e.Correct(context.Background(), req, &Result{}, 1, ""); err == nil {
		t.Fatal("no doc")
	}
	v.reg.Verify(t)
}

func TestLLMCache(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "llm")
	c := NewLLMCache(dir)
	k := LLMKey{Kind: "fill", Tool: "t", Task: "x", DocKey: "d", Skill: "s", Model: "m", Mode: "auto"}
	if _, ok := c.Get(k); ok {
		t.Fatal("hit on empty cache")
	}
	if err := c.Put(k, &LLMEntry{Fill: &llm.Fill{Executable: "t"}, PromptTokens: 5}); err != nil {
		t.Fatal(err)
	}
	e, ok := c.Get(k)
	if !ok || e.Fill.Executable != "t" || e.PromptTokens != 5 {
		t.Fatal("miss after put")
	}
	st, _ := os.Stat(filepath.Join(dir, k.Hash()+".json"))
	if st == nil || st.Mode().Perm() != 0o600 || len(k.Hash()) != 64 {
		t.Fatal("file name or mode")
	}
	// Every field is part of the key.
	k2 := k
	k2.Mode = "always"
	if _, ok := c.Get(k2); ok || k2.Hash() == k.Hash() {
		t.Fatal("mode not in key")
	}
	// Corrupt entries and entries of another key are removed.
	p := filepath.Join(dir, k.Hash()+".json")
	os.WriteFile(p, []byte("{"), 0o600)
	if _, ok := c.Get(k); ok {
		t.Fatal("corrupt hit")
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatal("corrupt entry kept")
	}
	c.Put(k2, &LLMEntry{OK: true})
	b, _ := os.ReadFile(filepath.Join(dir, k2.Hash()+".json"))
	os.WriteFile(p, b, 0o600)
	if _, ok := c.Get(k); ok {
		t.Fatal("foreign entry hit")
	}
	// A nil cache is a cache that never hits.
	var nc *LLMCache
	if _, ok := nc.Get(k); ok || nc.Put(k, &LLMEntry{}) != nil {
		t.Fatal("nil cache")
	}
	// A directory that cannot be made is an error.
	blocker := filepath.Join(t.TempDir(), "f")
	os.WriteFile(blocker, nil, 0o644)
	if NewLLMCache(filepath.Join(blocker, "x")).Put(k, &LLMEntry{}) == nil {
		t.Fatal("put under a file")
	}
	_ = skills.Example{}
}

// What the model adds is distrusted: a file the task neither names nor
// derives makes the command uncertain; a destructive flag no task word
// asks for is a dangerous finding; the prompt marks help text as data.
func TestModelAdditionsAreDistrusted(t *testing.T) {
	v := newLLMEnv(t, "always")
	v.doc.Flags = append(v.doc.Flags, FlagDoc{Name: "--force", ParamType: "bool", Category: "Destructive", Description: "overwrite existing output files"})
	v.reg.Register("fill", fillReq, llmtest.OpenAI.Reply(modelFill("", [][2]string{{"-o", "invented.txt"}, {"--force", ""}}, "in.txt")))
	v.reg.Register("review", reviewReq, llmtest.OpenAI.Reply("CORRECT"))
	res := v.gen(t, "filter in.txt into out3.txt", nil)
	v.reg.Verify(t)
	if res.Command.Display != "mytool -o invented.txt --force in.txt" {
		t.Fatalf("command = %q", res.Command.Display)
	}
	f := findingRule(res, "llm.unsourced_file")
	if f == nil || !strings.Contains(f.Message, "invented.txt") || !res.Uncertain || res.Confidence > 0.4 {
		t.Fatalf("unsourced: %+v uncertain %v conf %.2f", res.Findings, res.Uncertain, res.Confidence)
	}
	if d := findingRule(res, "llm.destructive_flag"); d == nil || !d.Dangerous || d.Flag != "--force" {
		t.Fatalf("destructive: %+v", res.Findings)
	}
	body := string(v.reg.Requests()[0].Body)
	if !strings.Contains(body, `\u003chelp\u003e`) && !strings.Contains(body, "<help>") {
		t.Fatalf("help not marked as data: %s", body)
	}

	// Files the task names or derives, and a destructive flag the task
	// asks for, raise nothing.
	v = newLLMEnv(t, "always")
	v.doc.Flags = append(v.doc.Flags, FlagDoc{Name: "--force", ParamType: "bool", Category: "Destructive"})
	v.reg.Register("fill", fillReq, llmtest.OpenAI.Reply(modelFill("", [][2]string{{"-o", "in.filtered.txt"}, {"--force", ""}}, "in.txt")))
	res = v.gen(t, "filter in.txt, force overwriting", nil)
	if findingRule(res, "llm.unsourced_file") != nil || findingRule(res, "llm.destructive_flag") != nil || res.Uncertain {
		t.Fatalf("findings %+v uncertain %v", res.Findings, res.Uncertain)
	}
}

func TestStage5RejectionMakesFillUncertain(t *testing.T) {
	v := newLLMEnv(t, "auto")
	res := &Result{Trace: &Trace{}}
	req := Request{Tool: "mytool", Cwd: v.cwd}
	// A confident fill Stage 5 accepts stays as it is.
	ok := &Fill{Executable: "mytool", Flags: []FlagValue{{Name: "-m", Value: "a", HasValue: true}}, Positionals: []string{"in.txt"}, Confidence: 0.9}
	v.e.checkBeforeModel(req, v.rec, v.doc, ok, res)
	if ok.Uncertain || res.Uncertain {
		t.Fatal("an accepted fill became uncertain")
	}
	// One that gives a switch a value is uncertain, and
	// says why, although its confidence is high.
	bad := &Fill{Executable: "mytool", Flags: []FlagValue{{Name: "--fast", Value: "in.txt", HasValue: true}}, Confidence: 0.9}
	v.e.checkBeforeModel(req, v.rec, v.doc, bad, res)
	if !bad.Uncertain || !res.Uncertain || !strings.Contains(strings.Join(bad.Evidence, "\n"), "Stage 5 rejects the rule-built command (--fast takes no value") {
		t.Fatalf("rejected fill: uncertain %v, evidence %q", bad.Uncertain, bad.Evidence)
	}
	if !traceHas(res, "Stage 5 rejects the rule-built command") {
		t.Fatal("explain does not say why")
	}
	// Without a ToolDoc there is nothing to check against.
	none := &Fill{Executable: "mytool", Flags: []FlagValue{{Name: "-m", Value: "in.txt", HasValue: true}}, Confidence: 0.9}
	v.e.checkBeforeModel(req, v.rec, nil, none, &Result{Trace: &Trace{}})
	if none.Uncertain {
		t.Fatal("checked without a ToolDoc")
	}
}
