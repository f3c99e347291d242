package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/llm/llmtest"
)

func init() {
	// Back-off and device-flow polling never really sleep in tests.
	llmSleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
}

// testToken is the API token of the model tests; no output may show it.
const testToken = "sk-oxo-SECRET-token-0123456789abcdef"

// llmHome is a private HOME with XDG dirs that survive between runs.
type llmHome struct {
	env         map[string]string
	bin         string
	interactive bool // stdin and stderr are terminals
}

func newHome(t *testing.T) *llmHome {
	t.Helper()
	root := t.TempDir()
	bin := filepath.Join(root, "bin")
	os.MkdirAll(bin, 0o755)
	return &llmHome{bin: bin, env: map[string]string{
		"HOME":            root,
		"XDG_CONFIG_HOME": filepath.Join(root, "config"),
		"XDG_CACHE_HOME":  filepath.Join(root, "cache"),
		"XDG_DATA_HOME":   filepath.Join(root, "data"),
		"PATH":            bin + ":/usr/bin:/bin",
	}}
}

func (h *llmHome) with(kv ...string) map[string]string {
	env := map[string]string{}
	for k, v := range h.env {
		env[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		env[kv[i]] = kv[i+1]
	}
	return env
}

func (h *llmHome) configFile() string {
	return filepath.Join(h.env["XDG_CONFIG_HOME"], "oxo-call", "config.yaml")
}

// run runs the CLI in-process with stdin and the home's environment.
func (h *llmHome) run(t *testing.T, stdin string, env map[string]string, args ...string) (string, string, int) {
	t.Helper()
	if env == nil {
		env = h.env
	}
	var out, errb bytes.Buffer
	d := &Deps{
		IO:     IOStreams{In: strings.NewReader(stdin), Out: &out, Err: &errb, Interactive: h.interactive},
		Getenv: func(k string) string { return env[k] },
		Runner: engine.ExecRunner{},
		Now:    func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) },
	}
	code := Main(context.Background(), append([]string{"oxo-call"}, args...), d)
	return out.String(), errb.String(), code
}

// hasRow reports whether out has a line whose fields are row's.
func hasRow(out, row string) bool {
	want := strings.Join(strings.Fields(row), " ")
	for _, l := range strings.Split(out, "\n") {
		if strings.Join(strings.Fields(l), " ") == want {
			return true
		}
	}
	return false
}

func TestConfigSetGetShow(t *testing.T) {
	h := newHome(t)
	out, _, code := h.run(t, "", nil, "config", "path")
	if code != 0 || strings.TrimSpace(out) != h.configFile() {
		t.Fatalf("path: %q", out)
	}
	out, _, _ = h.run(t, "", nil, "config", "show")
	if !strings.Contains(out, "llm.max_tokens   2048") || !strings.Contains(out, "not created yet") || !strings.Contains(out, "model: no model is configured") {
		t.Fatalf("show: %s", out)
	}
	for _, kv := range [][2]string{{"llm.provider", "Claude"}, {"llm.api_token", testToken}, {"llm.api_base", "https://example.test/v1/"},
		{"llm.model", "m-1"}, {"llm.max_tokens", "512"}, {"llm.temperature", "0.25"}, {"llm.stream", "On"}, {"llm.stream", "no"}, {"llm.timeout", "30"},
		{"llm.mode", "ALWAYS"}, {"llm.cache", "off"}} {
		out, errOut, code := h.run(t, "", nil, "config", "set", kv[0], kv[1])
		if code != 0 || strings.Contains(out+errOut, testToken) {
			t.Fatalf("set %s: code %d %s %s", kv[0], code, out, errOut)
		}
	}
	st, err := os.Stat(h.configFile())
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("config file mode: %v %v", st, err)
	}
	b, _ := os.ReadFile(h.configFile())
	for _, s := range []string{"provider: anthropic", "max_tokens: 512", "temperature: 0.25", "stream: false", "timeout: 30s", "mode: always", "cache: false", "api_base: https://example.test/v1\n"} {
		if !strings.Contains(string(b), s) {
			t.Errorf("file lacks %q:\n%s", s, b)
		}
	}
	out, _, _ = h.run(t, "", nil, "config", "get", "llm.api_token")
	if strings.TrimSpace(out) != "****cdef" {
		t.Fatalf("get token: %q", out)
	}
	out, _, _ = h.run(t, "", nil, "config", "get", "--json", "llm.timeout")
	var s Setting
	if json.Unmarshal([]byte(out), &s) != nil || s.Value != "30s" || s.Source != "config file" {
		t.Fatalf("get --json: %s", out)
	}
	// The environment wins and says so.
	env := h.with("OXO_CALL_LLM_MODEL", "env-model", "OXO_CALL_LLM_PROVIDER", "OpenAI")
	out, _, _ = h.run(t, "", env, "config", "show")
	for _, row := range []string{"llm.model env-model env OXO_CALL_LLM_MODEL", "llm.provider openai env OXO_CALL_LLM_PROVIDER", "llm.api_token ****cdef config file", "model: configured (env-model)"} {
		if !hasRow(out, row) {
			t.Errorf("show lacks %q:\n%s", row, out)
		}
	}
	_, errOut, _ := h.run(t, "", env, "config", "set", "llm.model", "x")
	if !strings.Contains(errOut, "note: OXO_CALL_LLM_MODEL overrides the file") {
		t.Fatalf("set under env: %s", errOut)
	}
	out, _, _ = h.run(t, "", env, "config", "show", "--json")
	var js struct {
		Path       string    `json:"path"`
		Configured bool      `json:"configured"`
		Settings   []Setting `json:"settings"`
	}
	if json.Unmarshal([]byte(out), &js) != nil || !js.Configured || len(js.Settings) != len(configKeys) || js.Settings[1].Value != "****cdef" {
		t.Fatalf("show --json: %s", out)
	}
	// An empty value removes a key.
	out, _, code = h.run(t, "", nil, "config", "set", "llm.api_token", "")
	if code != 0 || !strings.Contains(out, "removed llm.api_token") {
		t.Fatalf("unset: %d %s", code, out)
	}
	out, _, _ = h.run(t, "", nil, "config", "get", "llm.api_token")
	if strings.TrimSpace(out) != "" {
		t.Fatalf("token after unset: %q", out)
	}
	// Bad keys and values are usage errors naming what is valid.
	_, errOut, code = h.run(t, "", nil, "config", "set", "llm.nope", "1")
	if code != ExitUsage || !strings.Contains(errOut, "valid: llm.provider, llm.api_token") {
		t.Fatalf("bad key: %d %s", code, errOut)
	}
	_, errOut, code = h.run(t, "", nil, "config", "get", "nope")
	if code != ExitUsage || !strings.Contains(errOut, `unknown config key "nope"`) {
		t.Fatalf("bad get: %d %s", code, errOut)
	}
	for _, kv := range [][2]string{{"llm.provider", "skynet"}, {"llm.api_base", "http://example.test"}, {"llm.api_base", "ftp://x"}, {"llm.max_tokens", "0"},
		{"llm.temperature", "3"}, {"llm.stream", "maybe"}, {"llm.timeout", "-1s"}, {"llm.mode", "sometimes"}, {"llm.model", "a\nb"}} {
		if _, errOut, code := h.run(t, "", nil, "config", "set", kv[0], kv[1]); code != ExitUsage || !strings.Contains(errOut, kv[0]+": ") {
			t.Errorf("set %s %q: %d %s", kv[0], kv[1], code, errOut)
		}
	}
	if _, _, code := h.run(t, "", nil, "config", "set", "llm.mode"); code != ExitUsage {
		t.Fatal("set with one argument")
	}
	if _, _, code := h.run(t, "", nil, "config", "get"); code != ExitUsage {
		t.Fatal("get without a key")
	}
}

func TestConfigTokenFromProviderEnv(t *testing.T) {
	h := newHome(t)
	for provider, env := range map[string]string{"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"} {
		out, _, _ := h.run(t, "", h.with("OXO_CALL_LLM_PROVIDER", provider, env, testToken), "config", "show")
		if !strings.Contains(out, "****cdef") || !strings.Contains(out, "env "+env) || strings.Contains(out, testToken) {
			t.Fatalf("%s: %s", provider, out)
		}
	}
	// Another provider does not take OPENAI_API_KEY; OXO_CALL_LLM_API_TOKEN beats it.
	out, _, _ := h.run(t, "", h.with("OXO_CALL_LLM_PROVIDER", "deepseek", "OPENAI_API_KEY", testToken), "config", "show")
	if strings.Contains(out, "****") {
		t.Fatalf("deepseek took OPENAI_API_KEY: %s", out)
	}
	out, _, _ = h.run(t, "", h.with("OXO_CALL_LLM_PROVIDER", "openai", "OPENAI_API_KEY", testToken, "OXO_CALL_LLM_API_TOKEN", "short"), "config", "show")
	if !hasRow(out, "llm.api_token **** env OXO_CALL_LLM_API_TOKEN") {
		t.Fatalf("precedence: %s", out)
	}
	// An invalid provider from the environment is shown as given.
	out, _, _ = h.run(t, "", h.with("OXO_CALL_LLM_PROVIDER", "Skynet"), "config", "get", "llm.provider")
	if strings.TrimSpace(out) != "Skynet" {
		t.Fatalf("raw env provider: %q", out)
	}
}

func TestConfigFileProblems(t *testing.T) {
	h := newHome(t)
	os.MkdirAll(filepath.Dir(h.configFile()), 0o755)
	// A loose mode, an unknown key and a bad value are warned about.
	os.WriteFile(h.configFile(), []byte("llm:\n  provider: openai\n  colour: blue\n  max_tokens: lots\nother:\n  keep: me\n"), 0o644)
	out, errOut, code := h.run(t, "", nil, "config", "show")
	if code != 0 {
		t.Fatal(code)
	}
	for _, s := range []string{"has mode 0644", "chmod 600 " + h.configFile(), "unknown key llm.colour ignored", `llm.max_tokens: "lots" is not a whole number`} {
		if !strings.Contains(errOut, s) {
			t.Errorf("warnings lack %q: %s", s, errOut)
		}
	}
	if !strings.Contains(out, "llm.provider     openai") || !strings.Contains(out, "llm.max_tokens   2048") {
		t.Fatalf("show: %s", out)
	}
	// Set keeps unknown sections and tightens the mode.
	if _, _, code := h.run(t, "", nil, "config", "set", "llm.model", "m"); code != 0 {
		t.Fatal("set")
	}
	b, _ := os.ReadFile(h.configFile())
	st, _ := os.Stat(h.configFile())
	if !strings.Contains(string(b), "keep: me") || st.Mode().Perm() != 0o600 {
		t.Fatalf("file after set (%v):\n%s", st.Mode(), b)
	}
	// llm that is not a mapping.
	os.WriteFile(h.configFile(), []byte("llm: 3\n"), 0o600)
	_, errOut, _ = h.run(t, "", nil, "config", "show")
	if !strings.Contains(errOut, "llm is not a mapping; ignored") {
		t.Fatalf("llm scalar: %s", errOut)
	}
	// Broken YAML: show warns, set and login refuse, dry-run goes on.
	os.WriteFile(h.configFile(), []byte("llm: [\n"), 0o600)
	out, errOut, code = h.run(t, "", nil, "config", "show")
	if code != 0 || !strings.Contains(errOut, "showing defaults") || !strings.Contains(out, "llm.mode         auto") {
		t.Fatalf("broken show: %d %s", code, errOut)
	}
	_, errOut, code = h.run(t, "", nil, "config", "set", "llm.model", "m")
	if code != ExitError || !strings.Contains(errOut, "fix or remove the file first") {
		t.Fatalf("broken set: %d %s", code, errOut)
	}
	_, errOut, code = h.run(t, "", nil, "config", "login")
	if code != ExitError || !strings.Contains(errOut, "not signing in") {
		t.Fatalf("broken login: %d %s", code, errOut)
	}
	// A config path that is a directory cannot be read.
	os.Remove(h.configFile())
	os.MkdirAll(h.configFile(), 0o755)
	_, errOut, _ = h.run(t, "", nil, "config", "show")
	if !strings.Contains(errOut, h.configFile()+": not a regular file (a directory); skipped") || strings.Count(errOut, "warning:") != 1 {
		t.Fatalf("directory: %s", errOut)
	}
	// An empty file is an empty configuration.
	os.Remove(h.configFile())
	os.WriteFile(h.configFile(), nil, 0o600)
	if _, errOut, code := h.run(t, "", nil, "config", "show"); code != 0 || errOut != "" {
		t.Fatalf("empty file: %s", errOut)
	}
	// The config directory cannot be created under a file.
	h2 := newHome(t)
	blocker := filepath.Join(h2.env["HOME"], "blocker")
	os.WriteFile(blocker, nil, 0o644)
	if _, errOut, code := h2.run(t, "", h2.with("XDG_CONFIG_HOME", blocker), "config", "set", "llm.model", "m"); code != ExitError || !strings.Contains(errOut, "not a directory") {
		t.Fatalf("mkdir: %d %s", code, errOut)
	}
	// The config directory is a dangling symlink: reading finds no file,
	// writing fails.
	h3 := newHome(t)
	os.MkdirAll(h3.env["XDG_CONFIG_HOME"], 0o755)
	os.Symlink(filepath.Join(h3.env["HOME"], "gone"), filepath.Join(h3.env["XDG_CONFIG_HOME"], "oxo-call"))
	if _, errOut, code := h3.run(t, "", nil, "config", "set", "llm.model", "m"); code != ExitError || !strings.Contains(errOut, "file exists") {
		t.Fatalf("dangling: %d %s", code, errOut)
	}
}

func TestConfigured(t *testing.T) {
	cases := []struct {
		s    llmSettings
		want bool
	}{
		{llmSettings{}, false},
		{llmSettings{Token: "x"}, false},
		{llmSettings{Provider: "ollama"}, true},
		{llmSettings{Provider: "ollama-openai"}, true},
		{llmSettings{Provider: "openai"}, false},
		{llmSettings{Provider: "openai", Token: "t"}, true},
		{llmSettings{Provider: "vllm", Base: "http://127.0.0.1:8000/v1"}, true},
		{llmSettings{Provider: "vllm", Base: "http://localhost:8000"}, true},
		{llmSettings{Provider: "vllm", Base: "https://remote.example/v1"}, false},
		{llmSettings{Provider: "vllm", Base: "::bad"}, false},
	}
	for _, c := range cases {
		if got := c.s.Configured(); got != c.want {
			t.Errorf("%+v: %v", c.s, got)
		}
	}
	if maskSecret("") != "" || maskSecret("short") != "****" || maskSecret("0123456789abcdef") != "****cdef" {
		t.Fatal("maskSecret")
	}
	if typed("true") != true || typed("12") != 12 || typed("0.5") != 0.5 || typed("x") != "x" {
		t.Fatal("typed")
	}
	if v, err := checkTimeout("2m"); err != nil || v != "2m0s" {
		t.Fatal(v, err)
	}
	if v, err := checkBaseURL("http://[::1]:8080/"); err != nil || v != "http://[::1]:8080" {
		t.Fatal(v, err)
	}
	if !strings.Contains(keyHelp(), "llm.mode         when to ask the model") || !strings.Contains(keyHelp(), "[env OXO_CALL_LLM_API_TOKEN]") {
		t.Fatal(keyHelp())
	}
}

func TestConfigVerify(t *testing.T) {
	h := newHome(t)
	_, errOut, code := h.run(t, "", nil, "config", "verify")
	if code != ExitError || !strings.Contains(errOut, "no model is configured") {
		t.Fatalf("unconfigured: %d %s", code, errOut)
	}
	reg := llmtest.New(t)
	reg.Register("ok", llmtest.BodyContains(llmtest.REST(http.MethodPost, "/chat/completions"), "Reply with OK"), llmtest.OpenAI.Reply("OK"))
	env := h.with("OXO_CALL_LLM_PROVIDER", "openai", "OXO_CALL_LLM_API_BASE", reg.URL(), "OPENAI_API_KEY", testToken)
	out, errOut, code := h.run(t, "", env, "config", "verify")
	if code != 0 || !strings.Contains(out, "ok: provider openai, model stub-model, latency ") || !strings.Contains(out, `reply "OK"`) {
		t.Fatalf("verify: %d %s %s", code, out, errOut)
	}
	var req struct {
		MaxTokens int `json:"max_tokens"`
	}
	reg.Requests()[0].Decode(&req)
	if req.MaxTokens != 16 {
		t.Fatalf("max_tokens %d", req.MaxTokens)
	}
	reg.Verify(t)
	// A provider that cannot be built (vllm needs api_base and a model).
	_, errOut, code = h.run(t, "", h.with("OXO_CALL_LLM_PROVIDER", "vllm", "OXO_CALL_LLM_API_TOKEN", testToken), "config", "verify")
	if code != ExitError || !strings.HasPrefix(errOut, "oxo-call: verify: ") {
		t.Fatalf("vllm: %d %s", code, errOut)
	}
	if firstLine("  a very long first line\nsecond", 6) != "a very…" {
		t.Fatal(firstLine("  a very long first line\nsecond", 6))
	}
}

func TestConfigLogin(t *testing.T) {
	h := newHome(t)
	reg := llmtest.New(t)
	reg.Register("device code", llmtest.REST(http.MethodPost, "/login/device/code"), llmtest.JSON(200, map[string]any{
		"device_code": "dev-1", "user_code": "WXYZ-0001", "verification_uri": "https://github.com/login/device", "expires_in": 900, "interval": 5}))
	reg.Register("pending", llmtest.REST(http.MethodPost, "/login/oauth/access_token"), llmtest.JSON(200, map[string]any{"error": "authorization_pending"}))
	reg.Register("token", llmtest.REST(http.MethodPost, "/login/oauth/access_token"), llmtest.JSON(200, map[string]any{"access_token": "gho_" + testToken}))
	env := h.with("OXO_CALL_COPILOT_DEVICE_URL", reg.URL()+"/login/device/code", "OXO_CALL_COPILOT_TOKEN_URL", reg.URL()+"/login/oauth/access_token")
	out, errOut, code := h.run(t, "", env, "config", "login")
	if code != 0 || !strings.Contains(out, "WXYZ-0001") || !strings.Contains(out, "signed in: llm.provider is github-copilot") {
		t.Fatalf("login: %d %s %s", code, out, errOut)
	}
	if strings.Contains(out+errOut, testToken) {
		t.Fatal("token printed")
	}
	b, _ := os.ReadFile(h.configFile())
	st, _ := os.Stat(h.configFile())
	if !strings.Contains(string(b), "provider: github-copilot") || !strings.Contains(string(b), "gho_"+testToken) || st.Mode().Perm() != 0o600 {
		t.Fatalf("config after login (%v):\n%s", st.Mode(), b)
	}
	reg.Verify(t)
	// Denied.
	reg.Register("device code 2", llmtest.REST(http.MethodPost, "/login/device/code"), llmtest.JSON(200, map[string]any{"device_code": "d", "user_code": "U-2", "interval": 1}))
	reg.Register("denied", llmtest.REST(http.MethodPost, "/login/oauth/access_token"), llmtest.JSON(200, map[string]any{"error": "access_denied"}))
	_, errOut, code = h.run(t, "", env, "config", "login")
	if code != ExitError || !strings.Contains(errOut, "access was denied") {
		t.Fatalf("denied: %d %s", code, errOut)
	}
	reg.Verify(t)
	// Signed in, but the token cannot be stored.
	h2 := newHome(t)
	os.MkdirAll(h2.env["XDG_CONFIG_HOME"], 0o755)
	os.Symlink(filepath.Join(h2.env["HOME"], "gone"), filepath.Join(h2.env["XDG_CONFIG_HOME"], "oxo-call"))
	reg.Register("device code 3", llmtest.REST(http.MethodPost, "/login/device/code"), llmtest.JSON(200, map[string]any{"device_code": "d", "user_code": "U-3"}))
	reg.Register("token 3", llmtest.REST(http.MethodPost, "/login/oauth/access_token"), llmtest.JSON(200, map[string]any{"access_token": "gho_" + testToken}))
	out, errOut, code = h2.run(t, "", h2.with("OXO_CALL_COPILOT_DEVICE_URL", env["OXO_CALL_COPILOT_DEVICE_URL"], "OXO_CALL_COPILOT_TOKEN_URL", env["OXO_CALL_COPILOT_TOKEN_URL"]), "config", "login")
	if code != ExitError || strings.Contains(out+errOut, testToken) || !strings.Contains(errOut, "file exists") {
		t.Fatalf("store: %d %s %s", code, out, errOut)
	}
}
