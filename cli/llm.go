package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/llm"
)

// llmSleep replaces real sleeps (back-off between retries, device-flow
// polling) when set; tests set it so they never wait.
var llmSleep llm.SleepFunc

// maxAutoRetries is how many corrected commands --auto-retry runs.
const maxAutoRetries = 2

// stderrTailBytes is how much of a run's stderr --verify and --auto-retry
// show the model.
const stderrTailBytes = 2048

// defaultModels are the models providers use when none is named.
var defaultModels = map[string]string{
	"openai": llm.DefaultOpenAIModel, "anthropic": llm.DefaultAnthropicModel,
	"ollama": llm.DefaultOllamaModel, "github-copilot": llm.DefaultCopilotModel,
}

// modelLabel names the model in messages: the one a reply named, the one
// configured, the provider's default, or "the provider's default".
func (a *app) modelLabel(s llmSettings, replied string) string {
	for _, m := range []string{replied, s.Model, defaultModels[s.Provider]} {
		if m != "" {
			return m
		}
	}
	return s.Provider + "'s default model"
}

// provider builds the configured provider with model (may be "").
func (a *app) provider(s llmSettings, model string) (llm.Provider, error) {
	return llm.New(llm.Config{Provider: s.Provider, APIBase: s.Base, APIToken: s.Token, Model: model,
		MaxTokens: s.MaxTokens, Temperature: s.Temperature, Stream: s.Stream, Timeout: s.Timeout,
		Sleep: llmSleep, Copilot: a.copilotEndpoints(), AllowHTTP: s.AllowHTTP,
		Warn: func(w string) { fmt.Fprintln(a.d.IO.Err, "warning: "+w) }}, nil)
}

// llmFlags are the model flags of dry-run, run and chat.
type llmFlags struct {
	mode, model string
	noStream    bool
}

// modelEngine returns the engine for dry-run and run: the usual one with
// the model layer when a model is configured and the mode allows it.
func (a *app) modelEngine(o *genOptions) (*engine.Engine, error) {
	lo, err := a.llmOptions(llmFlags{o.llmMode, o.model, o.noStream}, o.noCache)
	if err != nil {
		return nil, err
	}
	a.llm = lo
	a.eng = a.engine().WithLLM(lo)
	return a.eng, nil
}

// llmOptions turns the configuration and flags into the engine's model
// options; nil when no model is configured or the mode is never.
func (a *app) llmOptions(f llmFlags, noCache bool) (*engine.LLMOptions, error) {
	c := a.config()
	if c.Err != nil {
		fmt.Fprintf(a.d.IO.Err, "warning: %s; the configuration is ignored\n", a.redact(c.Err.Error()))
	}
	s := c.LLM()
	mode := strings.ToLower(f.mode)
	if mode == "" {
		mode = s.Mode
	}
	if err := engine.CheckLLMMode(mode); err != nil {
		return nil, usagef("--llm: %v", err)
	}
	a.llmMode, a.llmConfigured = mode, s.Configured()
	if !s.Configured() || mode == engine.LLMNever {
		return nil, nil
	}
	model := s.Model
	if f.model != "" {
		model = f.model
	}
	s.Stream = s.Stream && !f.noStream
	p, err := a.provider(s, model)
	if err != nil {
		fmt.Fprintf(a.d.IO.Err, "warning: the model is not used: %s\n", a.redact(err.Error()))
		a.llmConfigured = false
		return nil, nil
	}
	name := a.modelLabel(s, model)
	if model == "" {
		model = defaultModels[s.Provider]
	}
	lo := &engine.LLMOptions{Filler: &llm.Filler{P: p, Model: model, MaxTokens: s.MaxTokens, Temperature: s.Temperature, Stream: s.Stream},
		Mode: mode, Model: name}
	if s.Cache && !noCache {
		lo.Cache = engine.NewLLMCache(filepath.Join(a.d.paths().Cache, "llm"))
	}
	return lo, nil
}

// uncertainHint is the last line of an uncertain result: how to configure
// a model, or that the configured one did not settle it.
func (a *app) uncertainHint(res *engine.Result) string {
	switch {
	case !a.llmConfigured:
		return "A model can settle what rules could not: oxo-call config set llm.provider <openai|anthropic|ollama|github-copilot>"
	case a.llmMode == engine.LLMNever:
		return "A model is configured but --llm never keeps it out: try --llm auto."
	}
	return fmt.Sprintf("A model is configured (%s) but the command is still uncertain: check it, or say more in the task.", a.llm.Model)
}

// needModel refuses --verify and --auto-retry without a usable model.
func (a *app) needModel(o *runOptions) error {
	if !o.verify && !o.autoRetry {
		return nil
	}
	if a.llm == nil {
		if a.llmConfigured && a.llmMode == engine.LLMNever {
			return usagef("--verify and --auto-retry need the model, but --llm is never")
		}
		return fmt.Errorf("--verify and --auto-retry need a model; %s", notConfigured)
	}
	return nil
}

// tailBuffer keeps the last bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 2*t.max {
		t.b = append([]byte(nil), t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.b) > t.max {
		return string(t.b[len(t.b)-t.max:])
	}
	return string(t.b)
}

func (t *tailBuffer) Reset() {
	t.mu.Lock()
	t.b = nil
	t.mu.Unlock()
}

// teeStderr starts keeping the end of the tool's stderr when --verify or
// --auto-retry need it.
func (a *app) teeStderr(o *runOptions) *tailBuffer {
	if !o.verify && !o.autoRetry {
		return nil
	}
	t := &tailBuffer{max: stderrTailBytes}
	a.stderrTee = t
	return t
}

// verifyJSON is the --json form of the model's verdict on a run.
type verifyJSON struct {
	Success     bool     `json:"success"`
	Summary     string   `json:"summary"`
	Issues      []string `json:"issues"`
	Suggestions []string `json:"suggestions"`
}

// afterRun applies --auto-retry, then --verify, to a finished run. It
// returns the result and exit code of the last command run.
func (a *app) afterRun(ctx context.Context, o *runOptions, res *engine.Result, code int, tail *tailBuffer) (*engine.Result, int, *verifyJSON) {
	if o.autoRetry {
		res, code = a.autoRetry(ctx, o, res, code, tail)
	}
	if !o.verify {
		return res, code, nil
	}
	return res, code, a.verifyRun(ctx, res, code, tail)
}

// autoRetry asks the model for up to maxAutoRetries corrected commands
// while the run fails. Every correction is checked (Stage 5 and the run
// gate) before it runs.
func (a *app) autoRetry(ctx context.Context, o *runOptions, res *engine.Result, code int, tail *tailBuffer) (*engine.Result, int) {
	e := a.d.IO.Err
	for attempt := 1; attempt <= maxAutoRetries && code != 0; attempt++ {
		fmt.Fprintf(e, "the run failed (exit %d); asking the model for a corrected command (%d of %d)\n", code, attempt, maxAutoRetries)
		next, err := a.eng.Correct(ctx, engine.Request{Tool: res.Tool, Task: res.Task, Scenario: res.Scenario}, res, code, tail.String())
		if next != nil {
			res.LLMCalls, res.PromptTokens, res.Model = next.LLMCalls, next.PromptTokens, next.Model
		}
		if err != nil {
			fmt.Fprintf(e, "no correction: %s\n", a.redact(err.Error()))
			return res, code
		}
		if next.Command.Display == res.Command.Display {
			fmt.Fprintln(e, "the model proposed the same command; not running it again")
			return res, code
		}
		if err := a.gate(next, &o.genOptions, o); err != nil {
			fmt.Fprintf(e, "not running the correction: %s\n", a.redact(err.Error()))
			continue
		}
		tail.Reset()
		c, err := a.execute(ctx, next.Command, o.json)
		if err != nil {
			fmt.Fprintf(e, "the correction could not run: %v\n", err)
			return res, code
		}
		res, code = next, c
		a.record(a.entry(res, &code))
	}
	return res, code
}

// verifyRun asks the model whether the run succeeded and prints its
// verdict on stderr.
func (a *app) verifyRun(ctx context.Context, res *engine.Result, code int, tail *tailBuffer) *verifyJSON {
	var outs []string
	seen := map[string]bool{}
	var paths []string
	if res.Fill != nil {
		paths = append(paths, res.Fill.Outputs...)
	}
	for _, p := range append(paths, res.Command.Stdout) {
		if p == "" || seen[p] {
			continue
		}
		seen[p] = true
		if st, err := os.Stat(p); err == nil {
			outs = append(outs, fmt.Sprintf("%s (%d bytes)", p, st.Size()))
		}
	}
	v, st, err := a.llm.Filler.Verify(ctx, res.Command.Display, code, tail.String(), outs)
	res.LLMCalls += st.Calls
	res.PromptTokens += st.PromptTokens
	res.Model = a.llm.Model
	e := a.d.IO.Err
	if err != nil {
		fmt.Fprintf(e, "verify: the model could not judge the run: %s\n", a.redact(err.Error()))
		return nil
	}
	verdict := "FAILED"
	if v.Success {
		verdict = "success"
	}
	fmt.Fprintf(e, "verify (%s): %s: %s\n", a.llm.Model, verdict, a.redact(v.Summary))
	for _, s := range v.Issues {
		fmt.Fprintln(e, "  issue: "+a.redact(s))
	}
	for _, s := range v.Suggestions {
		fmt.Fprintln(e, "  try: "+a.redact(s))
	}
	return &verifyJSON{Success: v.Success, Summary: v.Summary, Issues: nonNil(v.Issues), Suggestions: nonNil(v.Suggestions)}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// redactWriter streams text with a secret replaced, holding back just
// enough bytes that a secret split across writes is still caught.
type redactWriter struct {
	w      io.Writer
	secret string
	buf    []byte
}

func (r *redactWriter) Write(p []byte) (int, error) {
	if len(r.secret) < 8 {
		_, err := r.w.Write(p)
		return len(p), err
	}
	r.buf = append(r.buf, p...)
	s := strings.ReplaceAll(string(r.buf), r.secret, "****")
	keep := min(len(s), len(r.secret)-1)
	r.buf = []byte(s[len(s)-keep:])
	_, err := io.WriteString(r.w, s[:len(s)-keep])
	return len(p), err
}

// Flush writes what is held back.
func (r *redactWriter) Flush() {
	if len(r.buf) == 0 {
		return
	}
	io.WriteString(r.w, strings.ReplaceAll(string(r.buf), r.secret, "****"))
	r.buf = nil
}
