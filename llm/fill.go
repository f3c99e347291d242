package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Filler asks a provider to fill forms and to review, patch and verify.
type Filler struct {
	P           Provider
	Model       string // "" = the provider's model; also picks the prompt tier
	MaxTokens   int
	Temperature float64
	Stream      bool
	OnDelta     func(string) // receives streamed chunks when Stream is set
}

// Stats accounts for the calls one operation made.
type Stats struct {
	Calls            int
	PromptTokens     int
	CompletionTokens int
	Repaired         bool // the first reply was invalid and the repair call fixed it
	// Estimated: the provider reported no prompt usage for some call, so
	// PromptTokens holds an estimate for it.
	Estimated bool
}

// Token budgets for text quoted back to the model.
const (
	maxQuotedReplyTokens = 500
	maxAllowedTokens     = 800
)

// call sends one request and adds its usage to st.
func (x *Filler) call(ctx context.Context, st *Stats, system string, msgs []Message, schema map[string]any, name string) (string, error) {
	if x.P == nil {
		return "", errors.New("llm: no provider configured")
	}
	resp, err := x.P.Complete(ctx, Request{
		Model: x.Model, System: system, Messages: msgs,
		Schema: schema, SchemaName: name,
		MaxTokens: x.MaxTokens, Temperature: x.Temperature,
		Stream: x.Stream, OnDelta: x.OnDelta,
	})
	if err != nil {
		return "", err
	}
	st.Calls++
	pt := resp.PromptTokens
	if pt == 0 {
		// The provider sent no usage (some streaming servers do not):
		// estimate what was sent, and say so.
		pt = EstimateTokens(system)
		for _, m := range msgs {
			pt += EstimateTokens(m.Content)
		}
		st.Estimated = true
	}
	st.PromptTokens += pt
	st.CompletionTokens += resp.CompletionTokens
	return resp.Text, nil
}

// Fill asks the model to fill the form. The reply must parse with
// ParseFill; if it does not (bad JSON, a flag outside the form …) one
// repair call quotes the error and the allowed names. A reply that is
// still invalid is an error wrapping ErrInvalidFill, never a partial
// fill, so a hallucinated flag can never reach the caller.
func (x *Filler) Fill(ctx context.Context, f Form) (Fill, Stats, error) {
	var st Stats
	if f.ModelTier == "" {
		f.ModelTier = Tier(x.Model)
	}
	system, user := BuildPrompt(f)
	schema := BuildSchema(f)
	msgs := []Message{{Role: "user", Content: user}}
	text, err := x.call(ctx, &st, system, msgs, schema, "fill_form")
	if err != nil {
		return Fill{}, st, err
	}
	fill, picked, perr := parseFill(text, f)
	if picked.Tool != "" && (picked.exe() != f.exe() || picked.Subcommand != f.Subcommand) && st.Calls < 2 {
		// The model picked another program than the suggested one: ask
		// again with that program's own flags ranked for the task, so it
		// fills the form from the right list.
		g := picked
		g.Chosen = nil
		system2, user2 := BuildPrompt(g)
		text2, err := x.call(ctx, &st, system2, []Message{{Role: "user", Content: user2}}, BuildSchema(g), "fill_form")
		if err != nil {
			return Fill{}, st, fmt.Errorf("call for %s: %w", strings.TrimSpace(g.exe()+" "+g.Subcommand), err)
		}
		f, system, schema = g, system2, BuildSchema(g)
		msgs = []Message{{Role: "user", Content: user2}}
		text = text2
		fill, picked, perr = parseFill(text, g)
	}
	if perr == nil {
		return fill, st, nil
	}
	msgs = append(msgs,
		Message{Role: "assistant", Content: truncateTokens(text, maxQuotedReplyTokens)},
		Message{Role: "user", Content: repairPrompt(perr, picked)})
	text, err = x.call(ctx, &st, system, msgs, schema, "fill_form")
	if err != nil {
		return Fill{}, st, fmt.Errorf("repair call: %w", err)
	}
	fill, err = ParseFill(text, f)
	if err != nil {
		return Fill{}, st, fmt.Errorf("reply still invalid after one repair: %w", err)
	}
	st.Repaired = true
	return fill, st, nil
}

// repairPrompt quotes the validation error and the names the model may use.
func repairPrompt(perr error, f Form) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Your reply was invalid: %v.\n", perr)
	if names := f.flagNames(); len(names) > 0 {
		of := ""
		if f.Subcommand != "" {
			of = " of " + f.Subcommand
		}
		fmt.Fprintf(&b, "Allowed flag names%s: %s\n", of, truncateTokens(strings.Join(names, " "), maxAllowedTokens))
	} else {
		b.WriteString("This tool has no flags.\n")
	}
	if len(f.Subcommands) > 0 {
		fmt.Fprintf(&b, "Allowed subcommands: %s\n", truncateTokens(strings.Join(f.Subcommands, " "), maxAllowedTokens/2))
	}
	b.WriteString("Reply again with one corrected JSON object only.")
	return b.String()
}
