// Package llm talks to language-model providers as a last resort for
// building a command line. A model is only ever asked to fill a JSON form
// whose flag names are an enum of the flags found in the tool's real help,
// and every reply is validated against that form before it is used.
//
// The package has no dependency on the rest of the module: callers convert
// their own help/rule structures into the small Form type defined here.
package llm

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// Message is one turn of a conversation.
type Message struct {
	Role    string // "user" or "assistant"
	Content string
}

// Request is a provider-neutral completion request.
type Request struct {
	Model       string // empty = the provider's configured model
	System      string
	Messages    []Message
	Schema      map[string]any // JSON schema for structured output (nil = free text)
	SchemaName  string
	MaxTokens   int     // 0 = the configured default
	Temperature float64 // 0 = the configured default
	Stream      bool
	OnDelta     func(string) // called with each streamed chunk
}

// Response is the text a provider returned plus token accounting.
type Response struct {
	Text             string
	PromptTokens     int
	CompletionTokens int
	Model            string
}

// Provider is one language-model backend.
type Provider interface {
	Name() string
	Complete(ctx context.Context, req Request) (Response, error)
}

// SleepFunc waits for d or until ctx is done. It is injectable so tests
// never really sleep through back-off delays.
type SleepFunc func(ctx context.Context, d time.Duration) error

// Config selects and tunes a provider. Zero values mean defaults.
type Config struct {
	Provider       string
	APIBase        string
	APIToken       string // for github-copilot: the GitHub OAuth token from DeviceLogin
	Model          string
	MaxTokens      int
	Temperature    float64
	Stream         bool
	ConnectTimeout time.Duration // default 10 s; only used when New builds the client
	Timeout        time.Duration // whole request including retries; default 120 s
	MaxRetries     int           // retries on 429/5xx; 0 = default 2, negative = none
	// MaxReplyBytes caps one reply body, streamed or not (default 8 MiB);
	// a longer one fails with "reply larger than N bytes". A stream still
	// running at Timeout fails with "stream longer than T".
	MaxReplyBytes int64

	// Sleep replaces the back-off sleeper (tests).
	Sleep SleepFunc
	// Now replaces the clock used for Retry-After dates and token expiry (tests).
	Now func() time.Time
	// Copilot overrides the GitHub endpoints used by github-copilot.
	Copilot CopilotEndpoints
}

// Default base URLs. Every one of them can be overridden through
// Config.APIBase so tests can point at local servers.
const (
	DefaultOpenAIBase    = "https://api.openai.com/v1"
	DefaultAnthropicBase = "https://api.anthropic.com/v1"
	DefaultOllamaBase    = "http://localhost:11434"
	DefaultCopilotBase   = "https://api.individual.githubcopilot.com"
)

// Default models per provider family.
const (
	DefaultOpenAIModel    = "gpt-4.1"
	DefaultAnthropicModel = "claude-sonnet-4-5"
	DefaultOllamaModel    = "llama3.2"
	DefaultCopilotModel   = "gpt-5-mini"
)

// compat describes an OpenAI-compatible service. An empty base means the
// user must supply api_base; an empty model means the user must name one.
type compat struct {
	base  string
	model string
	// jsonObject marks services that accept response_format json_object
	// but reject json_schema; the reply is still validated by ParseFill.
	jsonObject bool
}

var openAICompatible = map[string]compat{
	"openai":            {base: DefaultOpenAIBase, model: DefaultOpenAIModel},
	"deepseek":          {base: "https://api.deepseek.com/v1", model: "deepseek-chat", jsonObject: true},
	"moonshot":          {base: "https://api.moonshot.cn/v1", model: "moonshot-v1-8k", jsonObject: true},
	"zhipu":             {base: "https://open.bigmodel.cn/api/paas/v4", model: "glm-4-flash", jsonObject: true},
	"minimax":           {base: "https://api.minimax.io/v1", model: "MiniMax-M1"},
	"ollama-openai":     {base: DefaultOllamaBase + "/v1", model: DefaultOllamaModel},
	"vllm":              {},
	"llamacpp":          {model: "default"}, // llama-server serves one model and ignores the name
	"openai-compatible": {},
}

// nameAliases maps alternative spellings to canonical provider names.
var nameAliases = map[string]string{
	"copilot":        "github-copilot",
	"github_copilot": "github-copilot",
	"llama.cpp":      "llamacpp",
	"llama-cpp":      "llamacpp",
	"claude":         "anthropic",
}

// ProviderNames lists the accepted provider names, sorted.
func ProviderNames() []string {
	names := []string{"anthropic", "ollama", "github-copilot"}
	for n := range openAICompatible {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New builds the provider named in cfg. A nil hc gets a client whose dialer
// honours cfg.ConnectTimeout; the total deadline is applied per request
// through the context so streaming replies are not cut by a client timeout.
func New(cfg Config, hc *http.Client) (Provider, error) {
	name := strings.ToLower(strings.TrimSpace(cfg.Provider))
	if a, ok := nameAliases[name]; ok {
		name = a
	}
	if name == "" {
		name = "openai"
	}
	if hc == nil {
		hc = defaultHTTPClient(cfg.ConnectTimeout)
	}
	t := newTransport(name, hc, cfg)
	switch name {
	case "anthropic":
		return newAnthropic(cfg, t)
	case "ollama":
		return newOllama(cfg, t)
	case "github-copilot":
		return newCopilot(cfg, t)
	}
	c, ok := openAICompatible[name]
	if !ok {
		return nil, fmt.Errorf("unknown provider %q (valid: %s)", cfg.Provider, strings.Join(ProviderNames(), ", "))
	}
	return newOpenAI(name, cfg, c, t)
}

// pick returns v unless it is empty, then def.
func pick(v, def string) string {
	if strings.TrimSpace(v) == "" {
		return def
	}
	return strings.TrimSpace(v)
}

// checkBase validates an API base URL and strips a trailing slash. Plain
// http is refused for anything but loopback because the token would travel
// in clear text.
func checkBase(provider, base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("%s: invalid api_base %q", provider, redactURL(base))
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !isLoopback(u.Hostname()) {
			return "", fmt.Errorf("%s: api_base %s must use https (plain http is only allowed for localhost)", provider, u.Redacted())
		}
	default:
		return "", fmt.Errorf("%s: api_base %s must be an https URL", provider, u.Redacted())
	}
	return strings.TrimRight(base, "/"), nil
}

// redactURL hides user info in an unparsable URL as well as it can.
func redactURL(s string) string {
	if i := strings.LastIndex(s, "@"); i >= 0 {
		if j := strings.Index(s, "://"); j >= 0 && j < i {
			return s[:j+3] + "xxxxx" + s[i:]
		}
		return "xxxxx" + s[i:]
	}
	return s
}

// isLoopback reports whether host is localhost or a loopback address.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
