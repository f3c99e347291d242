package llm

import (
	"context"
	"fmt"
	"strings"
)

const reviewSystem = "You check whether one shell command does the task. " +
	"Reply with exactly CORRECT, or ISSUE: followed by one short sentence."

// Review asks the model whether command does task, given the findings of
// the deterministic checks. It reports ok, or the issue the model names.
func (x *Filler) Review(ctx context.Context, task, command string, findings []string) (ok bool, issue string, st Stats, err error) {
	var b strings.Builder
	fmt.Fprintf(&b, "Task: %s\nCommand: %s\n", truncateTokens(oneLine(task), maxTaskTokens), truncateTokens(command, maxTaskTokens))
	if len(findings) > 0 {
		b.WriteString("Automatic checks found:\n")
		for _, f := range findings {
			fmt.Fprintf(&b, "- %s\n", truncateRunes(oneLine(f), 200))
		}
	}
	text, err := x.call(ctx, &st, reviewSystem, []Message{{Role: "user", Content: b.String()}}, nil, "")
	if err != nil {
		return false, "", st, err
	}
	ok, issue, err = parseReview(text)
	return ok, issue, st, err
}

// parseReview reads "CORRECT" or "ISSUE: …", ignoring markdown and case.
func parseReview(text string) (bool, string, error) {
	t := strings.TrimLeft(strings.TrimSpace(text), "*`#> ")
	if len(t) >= 7 && strings.EqualFold(t[:7], "CORRECT") {
		return true, "", nil
	}
	const label = "ISSUE"
	for i := 0; i+len(label) <= len(t); i++ {
		if strings.EqualFold(t[i:i+len(label)], label) {
			issue := strings.TrimLeft(t[i+len(label):], ":*` ")
			issue = oneLine(strings.Trim(issue, "*`"))
			if issue == "" {
				issue = "unspecified issue"
			}
			return false, issue, nil
		}
	}
	return false, "", fmt.Errorf("unexpected review reply %q", truncateRunes(oneLine(text), 80))
}
