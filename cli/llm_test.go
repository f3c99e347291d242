package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/llm/llmtest"
)

// myToolScript prints a getopt help; a run fails unless --fast is given,
// and a successful run writes out.txt when it is an argument.
const myToolScript = `#!/bin/sh
case "$1" in
  --version) echo "mytool 1.0"; exit 0;;
  -h|--help|help|"") cat <<'H'
mytool 1.0 - filter records

Usage: mytool [options] <in.txt>

Options:
  -o, --output FILE    write output to FILE
  -t, --threads INT    number of threads
  -q, --min-quality INT    minimum quality
  --fast               fast mode
  -h, --help           show help
H
  exit 0;;
esac
for a in "$@"; do
  if [ "$a" = "--fast" ]; then
    for b in "$@"; do [ "$b" = out.txt ] && echo result > out.txt; done
    echo "done: $*"
    exit 0
  fi
done
echo "error: too slow, use --fast" >&2
exit 1
`

const (
	uncertainTask = "process in.txt quickly using 4 cores"                // mytool -t 4 in.txt, confidence 0.40
	confidentTask = "filter in.txt keeping quality above 20 into out.txt" // mytool -o out.txt -q 20 in.txt
)

var (
	chatReq   = llmtest.REST(http.MethodPost, "/chat/completions")
	fillReq   = llmtest.BodyContains(chatReq, `"fill_form"`)
	reviewReq = llmtest.BodyContains(chatReq, "You check whether")
	verifyReq = llmtest.BodyContains(chatReq, `"verdict"`)
)

// modelEnv is a home with mytool installed, a work directory holding
// in.txt as the current directory, and openai pointed at a stub server.
func modelEnv(t *testing.T) (*llmHome, *llmtest.Registry, map[string]string) {
	t.Helper()
	h := newHome(t)
	os.WriteFile(filepath.Join(h.bin, "mytool"), []byte(myToolScript), 0o755)
	work := t.TempDir()
	os.WriteFile(filepath.Join(work, "in.txt"), []byte("x\n"), 0o644)
	t.Chdir(work)
	reg := llmtest.New(t)
	return h, reg, h.with("OXO_CALL_LLM_PROVIDER", "openai", "OXO_CALL_LLM_API_BASE", reg.URL(), "OPENAI_API_KEY", testToken)
}

// fillJSON is a reply to the fill form.
func fillJSON(flags [][2]string, pos ...string) string {
	type fv struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	}
	v := struct {
		Flags       []fv     `json:"flags"`
		Positionals []string `json:"positionals"`
		Explanation string   `json:"explanation"`
	}{Flags: []fv{}, Positionals: append([]string{}, pos...), Explanation: "fast mode"}
	for _, f := range flags {
		v.Flags = append(v.Flags, fv{f[0], f[1]})
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func decodeResult(t *testing.T, out string) jsonResult {
	t.Helper()
	var j jsonResult
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	return j
}

func TestDryRunModelFixesUncertainCommand(t *testing.T) {
	h, reg, env := modelEnv(t)
	fill := fillJSON([][2]string{{"--threads", "4"}, {"--fast", ""}}, "in.txt")
	reg.Register("fill (streamed)", llmtest.BodyContains(fillReq, `"stream":true`), llmtest.OpenAI.Stream(fill[:20], fill[20:]))
	out, errOut, code := h.run(t, "", env, "dry-run", "--json", "mytool", uncertainTask)
	j := decodeResult(t, out)
	if code != 0 || j.Command != "mytool --threads 4 --fast in.txt" || j.Uncertain || j.Confidence != 0.7 {
		t.Fatalf("code %d command %q: %s", code, j.Command, errOut)
	}
	if j.LLMCalls < 1 || j.PromptTokens <= 0 || j.Model != "gpt-4.1" || j.Explanation != "the model: fast mode" {
		t.Fatalf("llm_calls %d prompt_tokens %d model %q", j.LLMCalls, j.PromptTokens, j.Model)
	}
	reg.Verify(t)
	// The answer is cached: the same request costs no call.
	out, _, _ = h.run(t, "", env, "dry-run", "--json", "mytool", uncertainTask)
	if j := decodeResult(t, out); j.LLMCalls != 0 || j.Command != "mytool --threads 4 --fast in.txt" || j.Model != "gpt-4.1" {
		t.Fatalf("cached: %+v", j)
	}
	// --no-cache and --no-stream ask again, without streaming; text output.
	reg.Register("fill", fillReq, llmtest.OpenAI.Reply(fill))
	out, errOut, code = h.run(t, "", env, "dry-run", "--no-cache", "--no-stream", "mytool", uncertainTask)
	if code != 0 || strings.TrimSpace(out) != "mytool --threads 4 --fast in.txt" || strings.Contains(errOut, "uncertain") {
		t.Fatalf("text: %d %q %s", code, out, errOut)
	}
	if body := string(reg.Requests()[1].Body); strings.Contains(body, `"stream":true`) {
		t.Fatalf("--no-stream streamed: %s", body)
	}
	reg.Verify(t)
	// History records the calls.
	b, _ := os.ReadFile(filepath.Join(h.env["XDG_DATA_HOME"], "oxo-call", "history.jsonl"))
	if !strings.Contains(string(b), `"model":"gpt-4.1","rules_fired":["framework.getopt"],"llm_calls":1,"prompt_tokens":11`) {
		t.Fatalf("history: %s", b)
	}
}

func TestDryRunFencesInventedFlags(t *testing.T) {
	h, reg, env := modelEnv(t)
	// The model keeps inventing --turbo, also after the repair call.
	reg.RegisterPersistent("invented flag", fillReq, llmtest.OpenAI.Reply(fillJSON([][2]string{{"--turbo", ""}}, "in.txt")))
	reg.RegisterPersistent("review", reviewReq, llmtest.OpenAI.Reply("ISSUE: the task asks for speed"))
	out, errOut, code := h.run(t, "", env, "dry-run", "--no-stream", "mytool", uncertainTask)
	if code != ExitUncertain || strings.TrimSpace(out) != "mytool -t 4 in.txt" || strings.Contains(out, "turbo") {
		t.Fatalf("code %d out %q", code, out)
	}
	for _, s := range []string{"the model's fill was rejected", "--turbo", "[llm.rejected]", "the model's review: the task asks for speed [llm.review]",
		"A model is configured (gpt-4.1) but the command is still uncertain"} {
		if !strings.Contains(errOut, s) {
			t.Errorf("stderr lacks %q:\n%s", s, errOut)
		}
	}
	if strings.Contains(errOut, "A model can settle") {
		t.Fatal("told to configure a configured model")
	}
	out, _, _ = h.run(t, "", env, "dry-run", "--no-stream", "--no-cache", "--json", "mytool", uncertainTask)
	j := decodeResult(t, out)
	if j.Command != "mytool -t 4 in.txt" || j.LLMCalls != 3 || strings.Join(j.RulesFired, ",") != "framework.getopt" {
		t.Fatalf("json: %+v", j)
	}
	rejected := false
	for _, f := range j.Findings {
		rejected = rejected || f.Rule == "llm.rejected" && strings.Contains(f.Message, `unknown flag "--turbo"`)
	}
	if !rejected {
		t.Fatalf("findings %+v", j.Findings)
	}
}

func TestDryRunModelFlags(t *testing.T) {
	h, reg, env := modelEnv(t)
	// never: no call, and the hint says why.
	_, errOut, code := h.run(t, "", env, "dry-run", "--llm", "never", "mytool", uncertainTask)
	if code != ExitUncertain || !strings.Contains(errOut, "--llm never keeps it out") || len(reg.Requests()) != 0 {
		t.Fatalf("never: %d %s", code, errOut)
	}
	_, errOut, code = h.run(t, "", env, "dry-run", "--llm", "bogus", "mytool", uncertainTask)
	if code != ExitUsage || !strings.Contains(errOut, `--llm: unknown model mode "bogus"`) {
		t.Fatalf("bogus: %d %s", code, errOut)
	}
	// llm.mode from the config file is the default.
	h.run(t, "", nil, "config", "set", "llm.mode", "never")
	if _, _, code := h.run(t, "", env, "dry-run", "mytool", uncertainTask); code != ExitUncertain || len(reg.Requests()) != 0 {
		t.Fatal("config mode never asked the model")
	}
	// always and --model: asked even for a confident task, with that model.
	reg.Register("fill", llmtest.BodyContains(fillReq, `"model":"custom-1"`), llmtest.OpenAI.Reply(fillJSON([][2]string{{"-o", "out.txt"}, {"-q", "20"}, {"--fast", ""}}, "in.txt")))
	out, _, code := h.run(t, "", env, "dry-run", "--json", "--no-stream", "--llm", "always", "--model", "custom-1", "mytool", confidentTask)
	if j := decodeResult(t, out); code != 0 || j.Command != "mytool --output out.txt --min-quality 20 --fast in.txt" || j.Model != "custom-1" || j.Confidence < 0.7 {
		t.Fatalf("always: %d %+v", code, j)
	}
	reg.Verify(t)
	// A provider that cannot be built is a warning; the rules still answer.
	_, errOut, code = h.run(t, "", h.with("OXO_CALL_LLM_PROVIDER", "vllm", "OXO_CALL_LLM_API_TOKEN", testToken), "dry-run", "--llm", "auto", "mytool", uncertainTask)
	if code != ExitUncertain || !strings.Contains(errOut, "warning: the model is not used: ") || !strings.Contains(errOut, "A model can settle what rules could not") {
		t.Fatalf("vllm: %d %s", code, errOut)
	}
	// No model: the original hint; a broken config file is a warning.
	os.WriteFile(h.configFile(), []byte("llm: [\n"), 0o600)
	_, errOut, code = h.run(t, "", nil, "dry-run", "mytool", uncertainTask)
	if code != ExitUncertain || !strings.Contains(errOut, "the configuration is ignored") || !strings.Contains(errOut, "A model can settle what rules could not: oxo-call config set llm.provider") {
		t.Fatalf("no model: %d %s", code, errOut)
	}
}

func TestRunVerify(t *testing.T) {
	h, reg, env := modelEnv(t)
	reg.Register("verdict", llmtest.BodyContains(llmtest.BodyContains(verifyReq, "Exit code: 1"), "too slow, use --fast"),
		llmtest.OpenAI.Reply(`{"success":false,"summary":"mytool refused to run slowly","issues":["no --fast"],"suggestions":["add --fast"]}`))
	_, errOut, code := h.run(t, "", env, "run", "--verify", "--no-stream", "mytool", confidentTask)
	if code != 1 || !strings.Contains(errOut, "verify (gpt-4.1): FAILED: mytool refused to run slowly") || !strings.Contains(errOut, "  issue: no --fast") || !strings.Contains(errOut, "  try: add --fast") {
		t.Fatalf("verify: %d %s", code, errOut)
	}
	if !strings.Contains(errOut, "error: too slow") {
		t.Fatal("stderr was not streamed to the user")
	}
	reg.Verify(t)
	// The model cannot judge: a message, the tool's exit code.
	reg.Register("verdict fails", verifyReq, llmtest.Status(http.StatusBadRequest, `{"error":{"message":"nope"}}`))
	out, errOut, code := h.run(t, "", env, "run", "--verify", "--no-stream", "--json", "mytool", confidentTask)
	if j := decodeResult(t, out); code != 1 || j.Verify != nil || !strings.Contains(errOut, "verify: the model could not judge the run") {
		t.Fatalf("verify error: %d %s", code, errOut)
	}
	// A plain run asks nothing.
	if _, errOut, code := h.run(t, "", env, "run", "mytool", confidentTask); code != 1 || strings.Contains(errOut, "verify") || len(reg.Requests()) != 2 {
		t.Fatalf("plain run: %d %s", code, errOut)
	}
	// Without a model, --verify and --auto-retry refuse before running.
	_, errOut, code = h.run(t, "", nil, "run", "--verify", "mytool", confidentTask)
	if code != ExitError || !strings.Contains(errOut, "need a model; no model is configured") {
		t.Fatalf("no model: %d %s", code, errOut)
	}
	_, errOut, code = h.run(t, "", env, "run", "--auto-retry", "--llm", "never", "mytool", confidentTask)
	if code != ExitUsage || !strings.Contains(errOut, "--llm is never") {
		t.Fatalf("never: %d %s", code, errOut)
	}
	_, errOut, code = h.run(t, "", env, "run", "--verify", "--input-items", "a,b", "mytool", "index {item}")
	if code != ExitUsage || !strings.Contains(errOut, "not on batches") {
		t.Fatalf("batch: %d %s", code, errOut)
	}
}

func TestRunAutoRetry(t *testing.T) {
	h, reg, env := modelEnv(t)
	reg.Register("correction", llmtest.BodyContains(llmtest.BodyContains(fillReq, "failed with exit code 1"), "too slow, use --fast"),
		llmtest.OpenAI.Reply(fillJSON([][2]string{{"-o", "out.txt"}, {"-q", "20"}, {"--fast", ""}}, "in.txt")))
	reg.Register("verdict", llmtest.BodyContains(llmtest.BodyContains(verifyReq, "Exit code: 0"), "out.txt (7 bytes)"),
		llmtest.OpenAI.Reply(`{"success":true,"summary":"out.txt was written","issues":[],"suggestions":[]}`))
	out, errOut, code := h.run(t, "", env, "run", "--auto-retry", "--verify", "--no-stream", "--json", "mytool", confidentTask)
	j := decodeResult(t, out)
	if code != 0 || *j.ExitCode != 0 || !*j.Success || j.Command != "mytool --output out.txt --min-quality 20 --fast in.txt" {
		t.Fatalf("retry: %d %+v\n%s", code, j, errOut)
	}
	if j.LLMCalls != 2 || j.PromptTokens != 22 || j.Verify == nil || !j.Verify.Success || len(j.Verify.Issues) != 0 {
		t.Fatalf("accounting/verdict: %+v", j)
	}
	if !strings.Contains(errOut, "the run failed (exit 1); asking the model for a corrected command (1 of 2)") || !strings.Contains(errOut, "verify (gpt-4.1): success: out.txt was written") {
		t.Fatalf("stderr: %s", errOut)
	}
	reg.Verify(t)
	b, _ := os.ReadFile(filepath.Join(h.env["XDG_DATA_HOME"], "oxo-call", "history.jsonl"))
	if n := strings.Count(string(b), "\n"); n != 2 || !strings.Contains(string(b), `"exit_code":1`) || !strings.Contains(string(b), `"exit_code":0`) {
		t.Fatalf("history: %s", b)
	}
}

func TestRunAutoRetryGivesUp(t *testing.T) {
	h, reg, env := modelEnv(t)
	os.Remove("out.txt")
	// 1. The correction fails the gate (it would overwrite in.txt): not run; the
	// second one cannot be had.
	reg.Register("unsafe correction", llmtest.BodyContains(fillReq, "failed with exit code 1"),
		llmtest.OpenAI.Reply(fillJSON([][2]string{{"--output", "in.txt"}, {"--fast", ""}}, "in.txt")))
	reg.Register("no correction", llmtest.BodyContains(fillReq, "failed with exit code 1"), llmtest.Status(http.StatusBadRequest, `{"error":{"message":"quota"}}`))
	_, errOut, code := h.run(t, "", env, "run", "--auto-retry", "--no-stream", "mytool", confidentTask)
	if code != 1 || !strings.Contains(errOut, "not running the correction: this command is dangerous") ||
		!strings.Contains(errOut, "(2 of 2)") || !strings.Contains(errOut, "no correction: ") {
		t.Fatalf("gave up: %d %s", code, errOut)
	}
	reg.Verify(t)
	// 2. The model proposes the same command.
	reg.Register("same", llmtest.BodyContains(fillReq, "failed with exit code 1"), llmtest.OpenAI.Reply(fillJSON(nil, "in.txt")))
	reg.Register("first", fillReq, llmtest.OpenAI.Reply(fillJSON(nil, "in.txt")))
	_, errOut, code = h.run(t, "", env, "run", "--auto-retry", "--no-stream", "--force", "mytool", "do something with in.txt and 7 giraffes")
	if code != 1 || !strings.Contains(errOut, "the model proposed the same command; not running it again") {
		t.Fatalf("same: %d %s", code, errOut)
	}
	reg.Verify(t)
	// 3. A tool that was not built from its help cannot be corrected (the
	// uncertain command is reviewed, though).
	reg.Register("review", reviewReq, llmtest.OpenAI.Reply("CORRECT"))
	_, errOut, code = h.run(t, "", env, "run", "--auto-retry", "--no-stream", "--force", "--scenario", "bare", "mytool", confidentTask)
	if code != 1 || !strings.Contains(errOut, "no correction: the command was not built from the tool's help") {
		t.Fatalf("bare: %d %s", code, errOut)
	}
	reg.Verify(t)
}

func TestAutoRetryRunFailure(t *testing.T) {
	h, reg, env := modelEnv(t)
	// The correction picks a companion that cannot be started.
	os.WriteFile(filepath.Join(h.bin, "mytool-build"), []byte("#!/nonexistent/interpreter\n"), 0o755)
	reg.Register("correction", llmtest.BodyContains(fillReq, "failed with exit code 1"),
		llmtest.OpenAI.Reply(`{"executable":"mytool-build","flags":[],"positionals":["in.txt"],"explanation":"x"}`))
	_, errOut, code := h.run(t, "", env, "run", "--auto-retry", "--no-stream", "mytool", confidentTask)
	if code != 1 || !strings.Contains(errOut, "the correction could not run: ") {
		t.Fatalf("%d %s", code, errOut)
	}
}

func TestTailBufferAndRedactWriter(t *testing.T) {
	tb := &tailBuffer{max: 4}
	tb.Write([]byte("abcdef"))
	if tb.String() != "cdef" {
		t.Fatal(tb.String())
	}
	tb.Write([]byte("ghijk")) // over 2×max: trimmed
	if tb.String() != "hijk" || len(tb.b) != 4 {
		t.Fatal(tb.String(), len(tb.b))
	}
	tb.Reset()
	if tb.String() != "" {
		t.Fatal("reset")
	}
	var b bytes.Buffer
	w := &redactWriter{w: &b, secret: "SECRET-123"}
	for _, c := range []string{"a SEC", "RET-1", "23 b SECRET-12", "3!"} {
		w.Write([]byte(c))
	}
	w.Flush()
	w.Flush()
	if b.String() != "a **** b ****!" {
		t.Fatal(b.String())
	}
	b.Reset()
	w = &redactWriter{w: &b, secret: "short"}
	w.Write([]byte("short text"))
	w.Flush()
	if b.String() != "short text" {
		t.Fatal(b.String())
	}
	if nonNil(nil) == nil || len(nonNil([]string{"x"})) != 1 {
		t.Fatal("nonNil")
	}
	a := &app{}
	if a.modelLabel(llmSettings{Provider: "deepseek"}, "") != "deepseek's default model" || a.modelLabel(llmSettings{Provider: "openai", Model: "m"}, "r") != "r" {
		t.Fatal("modelLabel")
	}
	_ = errors.New
	_ = engine.LLMAuto
}

// TestTokenNeverShown runs every command that touches the model against a
// server that echoes the token back, and searches all output for it.
func TestTokenNeverShown(t *testing.T) {
	h, reg, _ := modelEnv(t)
	echo := llmtest.Func(func(w http.ResponseWriter, r *http.Request, body []byte) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"error":{"message":"invalid key %s (header %q)"}}`, testToken, r.Header.Get("Authorization"))
	})
	reg.RegisterPersistent("echo", chatReq, echo)
	env := h.with("OXO_CALL_LLM_API_BASE", reg.URL())
	h.run(t, "", env, "config", "set", "llm.provider", "openai")
	h.run(t, "", env, "config", "set", "llm.api_token", testToken)
	var all strings.Builder
	for _, args := range [][]string{
		{"config", "show"}, {"config", "show", "--json"}, {"config", "get", "llm.api_token"}, {"--json", "config", "get", "llm.api_token"},
		{"config", "verify"},
		{"dry-run", "--json", "--no-stream", "mytool", uncertainTask}, {"dry-run", "--no-stream", "--verbose", "mytool", uncertainTask},
		{"explain", "mytool", uncertainTask}, {"explain", "--json", "mytool", uncertainTask},
		{"run", "--verify", "--auto-retry", "--no-stream", "--json", "mytool", confidentTask},
		{"chat", "--no-stream", "mytool", "q?"}, {"chat", "mytool", "q?"},
		{"history", "list"}, {"--json", "history", "list"},
	} {
		out, errOut, code := h.run(t, "", env, args...)
		fmt.Fprintf(&all, "$ %v (exit %d)\n%s%s", args, code, out, errOut)
	}
	// Files written along the way.
	for _, dir := range []string{h.env["XDG_DATA_HOME"], h.env["XDG_CACHE_HOME"]} {
		filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() {
				b, _ := os.ReadFile(p)
				fmt.Fprintf(&all, "file %s\n%s\n", p, b)
			}
			return nil
		})
	}
	s := all.String()
	if os.Getenv("DUMP") != "" {
		t.Log(s)
	}
	if strings.Contains(s, testToken) || strings.Contains(s, testToken[:20]) {
		t.Fatalf("the token leaked:\n%s", s)
	}
	// The commands did reach the server and report its (redacted) answer.
	for _, want := range []string{"verify failed after", "HTTP 401", "the model could not be asked", "****cdef", "no correction"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}
