package llm

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// withDefaults fills the unset fields of req from the provider's config.
// A zero Temperature in the request means "use the configured one"; the
// configured one is itself 0 by default, which suits form filling.
func withDefaults(req Request, model string, cfg Config) Request {
	if req.Model == "" {
		req.Model = model
	}
	if req.MaxTokens <= 0 {
		req.MaxTokens = cfg.MaxTokens
	}
	if req.Temperature == 0 {
		req.Temperature = cfg.Temperature
	}
	req.Stream = req.Stream || cfg.Stream
	return req
}

// badNameChars are the characters OpenAI and Anthropic refuse in schema and
// tool names.
var badNameChars = lazyre.New(`[^a-zA-Z0-9_-]`)

// schemaName makes a name acceptable as a json_schema or tool name.
func schemaName(s string) string {
	s = badNameChars.ReplaceAllString(strings.TrimSpace(s), "_")
	if len(s) > 64 {
		s = s[:64]
	}
	if s == "" {
		return "fill_form"
	}
	return s
}

// isReasoningModel reports OpenAI reasoning models, which take
// max_completion_tokens and refuse a non-default temperature.
func isReasoningModel(model string) bool {
	m := strings.ToLower(model)
	if i := strings.LastIndex(m, "/"); i >= 0 {
		m = m[i+1:]
	}
	for _, p := range []string{"o1", "o3", "o4", "gpt-5"} {
		if m == p || strings.HasPrefix(m, p+"-") {
			return true
		}
	}
	return false
}
