package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Verdict is the model's judgement of a finished run.
type Verdict struct {
	Success     bool
	Summary     string
	Issues      []string
	Suggestions []string
}

const (
	verifySystem = "You judge whether a command run succeeded from its exit code, the end of its stderr and its output files. " +
		"Reply with one JSON object only."
	maxStderrTokens = 800
	maxOutputs      = 30
)

// verifySchema is the verdict's JSON schema (strict-mode valid).
var verifySchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"success":     map[string]any{"type": "boolean"},
		"summary":     map[string]any{"type": "string"},
		"issues":      map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
		"suggestions": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
	},
	"required":             []any{"success", "summary", "issues", "suggestions"},
	"additionalProperties": false,
}

// Verify asks the model whether a run succeeded. stderrTail is cut to its
// last part (errors are usually at the end); outputs describe the files
// produced, e.g. "out.bam (1.2 MB)".
func (x *Filler) Verify(ctx context.Context, command string, exitCode int, stderrTail string, outputs []string) (Verdict, Stats, error) {
	var st Stats
	var b strings.Builder
	fmt.Fprintf(&b, "Command: %s\nExit code: %d\n", truncateTokens(command, maxTaskTokens), exitCode)
	if s := strings.TrimSpace(stderrTail); s != "" {
		fmt.Fprintf(&b, "Stderr (end):\n%s\n", tailTokens(s, maxStderrTokens))
	} else {
		b.WriteString("Stderr: (empty)\n")
	}
	if len(outputs) > 0 {
		b.WriteString("Outputs:\n")
		for i, o := range outputs {
			if i == maxOutputs {
				fmt.Fprintf(&b, "- … %d more\n", len(outputs)-maxOutputs)
				break
			}
			fmt.Fprintf(&b, "- %s\n", truncateRunes(oneLine(o), 200))
		}
	} else {
		b.WriteString("Outputs: none found\n")
	}
	b.WriteString(`Reply as {"success":true|false,"summary":"…","issues":["…"],"suggestions":["…"]}`)
	text, err := x.call(ctx, &st, verifySystem, []Message{{Role: "user", Content: b.String()}}, verifySchema, "verdict")
	if err != nil {
		return Verdict{}, st, err
	}
	v, err := parseVerdict(text)
	return v, st, err
}

// parseVerdict decodes a verdict; "success" must be present.
func parseVerdict(text string) (Verdict, error) {
	raw, err := extractObject(text)
	if err != nil {
		return Verdict{}, fmt.Errorf("verdict: %w", err)
	}
	var r struct {
		Success     *bool    `json:"success"`
		Summary     string   `json:"summary"`
		Issues      []string `json:"issues"`
		Suggestions []string `json:"suggestions"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return Verdict{}, fmt.Errorf("verdict: %w", err)
	}
	if r.Success == nil {
		return Verdict{}, errors.New("verdict: reply has no success field")
	}
	return Verdict{Success: *r.Success, Summary: strings.TrimSpace(r.Summary), Issues: r.Issues, Suggestions: r.Suggestions}, nil
}

// tailTokens keeps the end of s within max estimated tokens.
func tailTokens(s string, max int) string {
	if EstimateTokens(s) <= max {
		return s
	}
	r := []rune(s)
	lo, hi := 0, len(r) // find the smallest start that fits
	for lo < hi {
		mid := (lo + hi) / 2
		if EstimateTokens("…"+string(r[mid:])) <= max {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return "…" + string(r[lo:])
}
