package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ollama speaks Ollama's native /api/chat, whose `format` field takes a
// JSON schema and constrains decoding to it.
type ollama struct {
	base, model, token string
	cfg                Config
	t                  *transport
}

func newOllama(cfg Config, t *transport) (*ollama, error) {
	base, err := checkModelBase("ollama", pick(cfg.APIBase, DefaultOllamaBase), cfg)
	if err != nil {
		return nil, err
	}
	return &ollama{base: base, model: pick(cfg.Model, DefaultOllamaModel), token: cfg.APIToken, cfg: cfg, t: t}, nil
}

// Name returns "ollama".
func (p *ollama) Name() string { return "ollama" }

type olOptions struct {
	Temperature float64 `json:"temperature"`
	NumPredict  int     `json:"num_predict,omitempty"`
}

type olRequest struct {
	Model    string         `json:"model"`
	Messages []oaMessage    `json:"messages"`
	Stream   bool           `json:"stream"` // always sent: Ollama streams when it is absent
	Format   map[string]any `json:"format,omitempty"`
	Options  olOptions      `json:"options"`
}

type olReply struct {
	Model   string `json:"model"`
	Message struct {
		Content string `json:"content"`
	} `json:"message"`
	Done            bool            `json:"done"`
	DoneReason      string          `json:"done_reason"`
	PromptEvalCount int             `json:"prompt_eval_count"`
	EvalCount       int             `json:"eval_count"`
	Error           json.RawMessage `json:"error"`
}

// Complete sends one /api/chat request.
func (p *ollama) Complete(ctx context.Context, req Request) (Response, error) {
	return p.t.run(ctx, func(ctx context.Context) (Response, error) {
		req = withDefaults(req, p.model, p.cfg)
		r := olRequest{Model: req.Model, Stream: req.Stream, Format: req.Schema,
			Options: olOptions{Temperature: req.Temperature, NumPredict: req.MaxTokens}}
		if req.System != "" {
			r.Messages = append(r.Messages, oaMessage{Role: "system", Content: req.System})
		}
		for _, m := range req.Messages {
			r.Messages = append(r.Messages, oaMessage{Role: m.Role, Content: m.Content})
		}
		body, err := json.Marshal(r)
		if err != nil {
			return Response{}, fmt.Errorf("encode request: %w", err)
		}
		h := jsonHeaders()
		if p.token != "" { // an authenticating reverse proxy in front of Ollama
			h.Set("Authorization", "Bearer "+p.token)
		}
		var o olReply
		if out, streamed, err := p.t.post(ctx, p.base+"/api/chat", h, body, req, readOllamaStream, &o); err != nil || streamed {
			return out, err
		}
		if present(o.Error) {
			return Response{}, errors.New(errorValue(o.Error))
		}
		out := Response{Text: o.Message.Content, Model: o.Model, PromptTokens: o.PromptEvalCount, CompletionTokens: o.EvalCount}
		return finishText(out, "", o.DoneReason)
	})
}

// readOllamaStream reads NDJSON lines until the one with done: true, which
// carries the token counts.
func readOllamaStream(r io.Reader, onDelta func(string)) (Response, error) {
	var out Response
	var sb strings.Builder
	var reason string
	err := readLines(r, func(line string) (bool, error) {
		var o olReply
		if err := json.Unmarshal([]byte(line), &o); err != nil {
			return false, fmt.Errorf("decode stream line: %w", err)
		}
		if present(o.Error) {
			return false, errors.New(errorValue(o.Error))
		}
		if d := o.Message.Content; d != "" {
			sb.WriteString(d)
			if onDelta != nil {
				onDelta(d)
			}
		}
		if o.Model != "" {
			out.Model = o.Model
		}
		if o.Done {
			out.PromptTokens, out.CompletionTokens, reason = o.PromptEvalCount, o.EvalCount, o.DoneReason
			return true, nil
		}
		return false, nil
	})
	if err != nil {
		return Response{}, fmt.Errorf("read stream: %w", err)
	}
	out.Text = sb.String()
	return finishText(out, "", reason)
}
