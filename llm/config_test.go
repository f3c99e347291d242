package llm

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/llm/llmtest"
)

func TestNewDefaultsAndAliases(t *testing.T) {
	cases := []struct {
		cfg         Config
		name, base  string
		model       string
		jsonObjMode bool
	}{
		{Config{APIToken: "k"}, "openai", DefaultOpenAIBase, "gpt-4.1", false},
		{Config{Provider: " OpenAI ", APIToken: "k", Model: "gpt-4o"}, "openai", DefaultOpenAIBase, "gpt-4o", false},
		{Config{Provider: "deepseek", APIToken: "k"}, "deepseek", "https://api.deepseek.com/v1", "deepseek-chat", true},
		{Config{Provider: "moonshot", APIToken: "k"}, "moonshot", "https://api.moonshot.cn/v1", "moonshot-v1-8k", true},
		{Config{Provider: "zhipu", APIToken: "k"}, "zhipu", "https://open.bigmodel.cn/api/paas/v4", "glm-4-flash", true},
		{Config{Provider: "minimax", APIToken: "k"}, "minimax", "https://api.minimax.io/v1", "MiniMax-M1", false},
		{Config{Provider: "ollama-openai"}, "ollama-openai", "http://localhost:11434/v1", "llama3.2", false},
		{Config{Provider: "llama.cpp", APIBase: "http://127.0.0.1:8080/v1/"}, "llamacpp", "http://127.0.0.1:8080/v1", "default", false},
		{Config{Provider: "vllm", APIBase: "http://[::1]:8000/v1", Model: "Qwen/Qwen2.5-7B-Instruct"}, "vllm", "http://[::1]:8000/v1", "Qwen/Qwen2.5-7B-Instruct", false},
		{Config{Provider: "openai-compatible", APIBase: "https://llm.example.org/v1", Model: "m"}, "openai-compatible", "https://llm.example.org/v1", "m", false},
	}
	for _, c := range cases {
		p, err := New(c.cfg, nil)
		if err != nil {
			t.Errorf("%+v: %v", c.cfg, err)
			continue
		}
		o := p.(*openAI)
		if o.Name() != c.name || o.base != c.base || o.model != c.model || o.jsonObject != c.jsonObjMode {
			t.Errorf("%+v: got %s %s %s %v", c.cfg, o.Name(), o.base, o.model, o.jsonObject)
		}
	}
	a, err := New(Config{Provider: "claude", APIToken: "k"}, nil)
	if err != nil || a.Name() != "anthropic" || a.(*anthropic).model != DefaultAnthropicModel || a.(*anthropic).base != DefaultAnthropicBase {
		t.Errorf("anthropic: %v %+v", err, a)
	}
	o, err := New(Config{Provider: "ollama"}, nil)
	if err != nil || o.Name() != "ollama" || o.(*ollama).model != DefaultOllamaModel || o.(*ollama).base != DefaultOllamaBase {
		t.Errorf("ollama: %v %+v", err, o)
	}
}

func TestNewErrors(t *testing.T) {
	cases := []struct {
		cfg  Config
		want string
	}{
		{Config{Provider: "gemini"}, `unknown provider "gemini" (valid: anthropic, deepseek, github-copilot, llamacpp, minimax, moonshot, ollama, ollama-openai, openai, openai-compatible, vllm, zhipu)`},
		{Config{Provider: "vllm"}, "vllm: api_base is required"},
		{Config{Provider: "vllm", APIBase: "http://localhost:8000/v1"}, "vllm: model is required"},
		{Config{Provider: "openai"}, "openai: api_token is required"},
		{Config{Provider: "anthropic"}, "anthropic: api_token is required"},
		{Config{Provider: "openai", APIToken: "k", APIBase: "http://api.example.com/v1"}, "openai: api_base http://api.example.com/v1 must use https (plain http is only allowed for localhost and private or link-local addresses, or with llm.allow_http: true)"},
		{Config{Provider: "anthropic", APIToken: "k", APIBase: "http://8.8.4.4/v1"}, "must use https"},
		{Config{Provider: "ollama", APIBase: "http://gpu-box:11434"}, "must use https"},
		{Config{Provider: "openai", APIToken: "k", APIBase: "ws://localhost/v1"}, "must be an https URL"},
		{Config{Provider: "openai", APIToken: "k", APIBase: "not a url"}, "invalid api_base"},
		{Config{Provider: "openai", APIToken: "k", APIBase: "https://user:hunter2@x.example.com:bad/v1"}, "invalid api_base"},
		{Config{Provider: "openai", APIToken: "k", APIBase: "http://user:hunter2@x.example.com/v1"}, "must use https"},
	}
	for _, c := range cases {
		_, err := New(c.cfg, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err = %v, want %q", c.cfg, err, c.want)
			continue
		}
		if strings.Contains(err.Error(), "hunter2") {
			t.Errorf("password leaked: %v", err)
		}
	}
}

func TestRedactURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://u:p@host/x": "https://xxxxx@host/x",
		"u:p@host":           "xxxxx@host",
		"host/x":             "host/x",
	} {
		if got := redactURL(in); got != want {
			t.Errorf("redactURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDefaultClientUsesConnectTimeout(t *testing.T) {
	p, err := New(Config{Provider: "ollama", ConnectTimeout: 3 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := p.(*ollama).t.hc.Transport.(*http.Transport)
	if tr.TLSHandshakeTimeout != 3*time.Second || tr.DialContext == nil {
		t.Errorf("transport = %+v", tr)
	}
	if defaultHTTPClient(0).Transport.(*http.Transport).TLSHandshakeTimeout != DefaultConnectTimeout {
		t.Error("default connect timeout not applied")
	}
	tp := p.(*ollama).t
	if tp.timeout != DefaultTimeout || tp.maxRetries != DefaultMaxRetries {
		t.Errorf("defaults: %v %d", tp.timeout, tp.maxRetries)
	}
	hc := &http.Client{}
	p2, _ := New(Config{Provider: "ollama", MaxRetries: -1}, hc)
	if p2.(*ollama).t.hc != hc || p2.(*ollama).t.maxRetries != 0 {
		t.Error("given client or negative retries not honoured")
	}
}

func TestIsReasoningModelAndSchemaName(t *testing.T) {
	for m, want := range map[string]bool{"o1": true, "o3-mini": true, "openai/o4-mini": true, "gpt-5-mini": true, "gpt-5": true, "gpt-4.1": false, "o1x": false, "gpt-50": false} {
		if isReasoningModel(m) != want {
			t.Errorf("isReasoningModel(%q) != %v", m, want)
		}
	}
	if schemaName("") != "fill_form" || schemaName("a b.c") != "a_b_c" || len(schemaName(strings.Repeat("x", 99))) != 64 {
		t.Error("schemaName")
	}
}

func TestWithDefaults(t *testing.T) {
	r := withDefaults(Request{}, "m", Config{MaxTokens: 9, Temperature: 0.5, Stream: true})
	if r.Model != "m" || r.MaxTokens != 9 || r.Temperature != 0.5 || !r.Stream {
		t.Errorf("%+v", r)
	}
	r = withDefaults(Request{Model: "x", MaxTokens: 3, Temperature: 0.1}, "m", Config{MaxTokens: 9, Temperature: 0.5})
	if r.Model != "x" || r.MaxTokens != 3 || r.Temperature != 0.1 || r.Stream {
		t.Errorf("%+v", r)
	}
}

// Plain http reaches a lab model on a private or link-local address, with
// a warning, or any host with AllowHTTP; public addresses need https.
func TestPrivateNetworkHTTP(t *testing.T) {
	for _, host := range []string{"10.1.2.3", "172.16.0.9", "192.168.1.20", "169.254.3.4", "[fd00::1]", "[fe80::1]"} {
		var warned []string
		p, err := New(Config{Provider: "ollama", APIBase: "http://" + host + ":11434", Warn: func(s string) { warned = append(warned, s) }}, nil)
		if err != nil || p == nil {
			t.Fatalf("%s: %v", host, err)
		}
		if len(warned) != 1 || !strings.Contains(warned[0], "plain http to a private address") {
			t.Fatalf("%s: warnings %q", host, warned)
		}
	}
	for _, host := range []string{"172.32.0.1", "8.8.8.8", "gpu-box", "[2001:db8::1]"} {
		if _, err := New(Config{Provider: "ollama", APIBase: "http://" + host + ":11434"}, nil); err == nil || !strings.Contains(err.Error(), "must use https") {
			t.Fatalf("%s: err %v", host, err)
		}
	}
	var warned []string
	if _, err := New(Config{Provider: "ollama", APIBase: "http://gpu-box:11434", AllowHTTP: true, Warn: func(s string) { warned = append(warned, s) }}, nil); err != nil || len(warned) != 0 {
		t.Fatalf("allow_http: %v %q", err, warned)
	}
	// A wire call to a loopback server still works through the same path.
	reg := llmtest.New(t)
	reg.Register("chat", llmtest.REST(http.MethodPost, "/api/chat"), llmtest.Ollama.Reply("CORRECT"))
	p, err := New(Config{Provider: "ollama", APIBase: reg.URL(), Model: "m"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, _, err := (&Filler{P: p}).Review(context.Background(), "t", "c", nil); err != nil || !ok {
		t.Fatal(ok, err)
	}
}
