package llm

import (
	"strconv"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// Model tiers decide how much of the form a model is shown: small models
// lose track of long prompts, large ones benefit from more context.
const (
	TierSmall  = "small"  // ≤ 3 B parameters
	TierMedium = "medium" // ≤ 8 B parameters
	TierLarge  = "large"  // bigger, or hosted models whose size is not in the name
)

// sizeRe finds a parameter count in a model name: "3b", "1.5b", "70B",
// "8x7b" (mixture of experts), "e4b" (effective size), "360m".
var sizeRe = lazyre.New(`(?:^|[^a-z0-9.])(?:(\d+)x)?e?(\d+(?:\.\d+)?)([bm])(?:$|[^a-z0-9])`)

// ollamaDefaults are the sizes Ollama's untagged names resolve to, so
// "llama3.2" is known to be a 3 B model.
var ollamaDefaults = map[string]float64{
	"llama3.2": 3, "llama3.1": 8, "llama3": 8, "qwen2.5": 7, "qwen3": 8,
	"mistral": 7, "gemma2": 9, "gemma3": 4, "phi3": 3.8, "phi4-mini": 3.8,
}

// Tier classifies a model by the parameter count in its name: ≤ 3 B is
// "small", ≤ 8 B "medium", anything else (including names without a size,
// such as "gpt-4.1") "large".
func Tier(model string) string {
	m := strings.ToLower(strings.TrimSpace(model))
	size, ok := modelSize(m)
	switch {
	case !ok:
		return TierLarge
	case size <= 3:
		return TierSmall
	case size <= 8:
		return TierMedium
	}
	return TierLarge
}

// modelSize returns the size in billions of parameters.
func modelSize(m string) (float64, bool) {
	if sm := sizeRe.FindStringSubmatch(m); sm != nil {
		n, _ := strconv.ParseFloat(sm[2], 64)
		if sm[1] != "" {
			k, _ := strconv.ParseFloat(sm[1], 64)
			n *= k
		}
		if sm[3] == "m" {
			n /= 1000
		}
		return n, true
	}
	name := m
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSuffix(name, ":latest")
	s, ok := ollamaDefaults[name]
	return s, ok
}
