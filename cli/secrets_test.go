package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/llm/llmtest"
)

// TestConfigShowMasksTheAPIBasePassword: credentials inside llm.api_base
// are masked by config show, get and set, in text and JSON.
func TestConfigShowMasksTheAPIBasePassword(t *testing.T) {
	h := newHome(t)
	const base = "http://u:sk-base-PASSWORD-77@localhost:8080/v1"
	out, errOut, code := h.run(t, "", nil, "config", "set", "llm.api_base", base)
	if code != 0 || strings.Contains(out+errOut, "PASSWORD") || !strings.Contains(out, "llm.api_base = http://u:****@localhost:8080/v1") {
		t.Fatalf("set: %d %q %s", code, out, errOut)
	}
	for _, args := range [][]string{{"config", "show"}, {"config", "show", "--json"}, {"config", "get", "llm.api_base"}, {"config", "get", "--json", "llm.api_base"}} {
		out, errOut, code := h.run(t, "", nil, args...)
		if code != 0 || strings.Contains(out+errOut, "PASSWORD") || !strings.Contains(out, "http://u:****@localhost:8080/v1") {
			t.Errorf("%q: %d %q %s", args, code, out, errOut)
		}
	}
	// The file keeps the real value.
	if b, _ := os.ReadFile(h.configFile()); !strings.Contains(string(b), base) {
		t.Fatalf("config file: %s", b)
	}
	// From the environment, a user name alone (often a token) is masked too.
	out, _, _ = h.run(t, "", h.with("OXO_CALL_LLM_API_BASE", "https://sk-user-TOKEN-9@proxy.example/v1"), "config", "show")
	if strings.Contains(out, "TOKEN") || !strings.Contains(out, "https://****@proxy.example/v1") {
		t.Fatalf("env: %s", out)
	}
}

func TestMaskURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"https://api.example/v1", "https://api.example/v1"},
		{"http://u:p@localhost:1/x", "http://u:****@localhost:1/x"},
		{"http://tok@localhost", "http://****@localhost"},
		{"http://u:p%zz@h", "http://****@h"}, // unparsable: everything before @ hidden
		{"u:secret@h", "****@h"},
		{"no-at-sign%zz", "no-at-sign%zz"},
	} {
		if got := maskURL(c.in); got != c.want {
			t.Errorf("maskURL(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestModelReplyEchoingTheTokenIsMasked: a model reply that quotes the API
// token shows it neither in the explanation nor in the LLM cache.
func TestModelReplyEchoingTheTokenIsMasked(t *testing.T) {
	h, reg, env := modelEnv(t)
	v := map[string]any{"flags": []map[string]string{{"name": "--threads", "value": "4"}, {"name": "--fast", "value": ""}},
		"positionals": []string{"in.txt"}, "explanation": "fast mode; your key " + testToken + " works"}
	b, _ := json.Marshal(v)
	reg.Register("fill", fillReq, llmtest.OpenAI.Reply(string(b)))
	out, errOut, code := h.run(t, "", env, "dry-run", "--json", "--no-stream", "mytool", uncertainTask)
	j := decodeResult(t, out)
	if code != 0 || j.Command != "mytool --threads 4 --fast in.txt" {
		t.Fatalf("code %d %+v: %s", code, j, errOut)
	}
	if strings.Contains(out+errOut, testToken) || j.Explanation != "the model: fast mode; your key [REDACTED] works" {
		t.Fatalf("explanation: %q", j.Explanation)
	}
	n := 0
	filepath.Walk(filepath.Join(h.env["XDG_CACHE_HOME"], "oxo-call", "llm"), func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			n++
			if b, _ := os.ReadFile(p); strings.Contains(string(b), testToken) || strings.Contains(string(b), "sk-oxo") {
				t.Errorf("the cache file %s holds the token", p)
			}
		}
		return nil
	})
	if n == 0 {
		t.Fatal("nothing was cached")
	}
	// The cached answer replays masked, with no call.
	out, _, _ = h.run(t, "", env, "dry-run", "--json", "mytool", uncertainTask)
	if j := decodeResult(t, out); j.LLMCalls != 0 || strings.Contains(out, testToken) {
		t.Fatalf("cached: %+v", j)
	}
	// The history never holds it either.
	hist, _ := os.ReadFile(filepath.Join(h.env["XDG_DATA_HOME"], "oxo-call", "history.jsonl"))
	if strings.Contains(string(hist), testToken) {
		t.Fatal("history holds the token")
	}
}

func TestRedactHidesTheAPIBaseCredentials(t *testing.T) {
	if got := urlSecrets("http://u:pw-1234@h/x"); strings.Join(got, ",") != "u:pw-1234,pw-1234" {
		t.Fatalf("password: %q", got)
	}
	if got := urlSecrets("http://tok-5678@h"); strings.Join(got, ",") != "tok-5678" {
		t.Fatalf("user: %q", got)
	}
	if urlSecrets("http://h") != nil || urlSecrets("%zz") != nil {
		t.Fatal("no credentials")
	}
	h := newHome(t)
	var out, errb strings.Builder
	env := h.with("OXO_CALL_LLM_API_BASE", "http://u:pw-1234@localhost/v1")
	a := &app{d: &Deps{IO: IOStreams{Out: &out, Err: &errb}, Getenv: func(k string) string { return env[k] }}}
	if got := a.redact("POST http://u:pw-1234@localhost/v1: refused"); got != "POST http://****@localhost/v1: refused" {
		t.Fatalf("redact: %q", got)
	}
}
