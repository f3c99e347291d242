package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// openAI speaks the Chat Completions API, used by OpenAI itself, the
// OpenAI-compatible services and, with extra headers, GitHub Copilot.
type openAI struct {
	name       string
	base       string
	model      string
	token      string
	jsonObject bool
	cfg        Config
	t          *transport
}

// localOnly lists the compatible services that normally run without a key.
var localOnly = map[string]bool{"vllm": true, "llamacpp": true, "ollama-openai": true, "openai-compatible": true}

func newOpenAI(name string, cfg Config, c compat, t *transport) (*openAI, error) {
	base := pick(cfg.APIBase, c.base)
	if base == "" {
		return nil, fmt.Errorf("%s: api_base is required", name)
	}
	base, err := checkModelBase(name, base, cfg)
	if err != nil {
		return nil, err
	}
	model := pick(cfg.Model, c.model)
	if model == "" {
		return nil, fmt.Errorf("%s: model is required", name)
	}
	if cfg.APIToken == "" && !localOnly[name] {
		return nil, fmt.Errorf("%s: api_token is required", name)
	}
	return &openAI{name: name, base: base, model: model, token: cfg.APIToken, jsonObject: c.jsonObject, cfg: cfg, t: t}, nil
}

// Name returns the configured provider name (e.g. "deepseek").
func (p *openAI) Name() string { return p.name }

// Complete sends one chat completion.
func (p *openAI) Complete(ctx context.Context, req Request) (Response, error) {
	return p.t.run(ctx, func(ctx context.Context) (Response, error) {
		h := jsonHeaders()
		if p.token != "" {
			h.Set("Authorization", "Bearer "+p.token)
		}
		return p.chat(ctx, p.base, req, h)
	})
}

// jsonHeaders are the headers every JSON POST carries.
func jsonHeaders() http.Header {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json")
	return h
}

type oaMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type oaStreamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

type oaRequest struct {
	Model               string           `json:"model"`
	Messages            []oaMessage      `json:"messages"`
	MaxTokens           int              `json:"max_tokens,omitempty"`
	MaxCompletionTokens int              `json:"max_completion_tokens,omitempty"`
	Temperature         *float64         `json:"temperature,omitempty"`
	Stream              bool             `json:"stream,omitempty"`
	StreamOptions       *oaStreamOptions `json:"stream_options,omitempty"`
	ResponseFormat      map[string]any   `json:"response_format,omitempty"`
}

type oaUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

type oaReply struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content string `json:"content"`
			Refusal string `json:"refusal"`
		} `json:"message"`
		Delta struct {
			Content string `json:"content"`
			Refusal string `json:"refusal"`
		} `json:"delta"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *oaUsage        `json:"usage"`
	Error json.RawMessage `json:"error"`
}

// body builds the JSON request.
func (p *openAI) body(req Request) ([]byte, error) {
	r := oaRequest{Model: req.Model, Stream: req.Stream}
	if req.System != "" {
		r.Messages = append(r.Messages, oaMessage{Role: "system", Content: req.System})
	}
	for _, m := range req.Messages {
		r.Messages = append(r.Messages, oaMessage{Role: m.Role, Content: m.Content})
	}
	if isReasoningModel(req.Model) {
		r.MaxCompletionTokens = req.MaxTokens
	} else {
		r.MaxTokens = req.MaxTokens
		temp := req.Temperature
		r.Temperature = &temp
	}
	if req.Stream {
		r.StreamOptions = &oaStreamOptions{IncludeUsage: true}
	}
	if req.Schema != nil {
		if p.jsonObject {
			r.ResponseFormat = map[string]any{"type": "json_object"}
		} else {
			r.ResponseFormat = map[string]any{
				"type": "json_schema",
				"json_schema": map[string]any{
					"name":   schemaName(req.SchemaName),
					"schema": req.Schema,
					"strict": true,
				},
			}
		}
	}
	return json.Marshal(r)
}

// chat posts to {base}/chat/completions with the given headers.
func (p *openAI) chat(ctx context.Context, base string, req Request, h http.Header) (Response, error) {
	req = withDefaults(req, p.model, p.cfg)
	body, err := p.body(req)
	if err != nil {
		return Response{}, fmt.Errorf("encode request: %w", err)
	}
	if req.Stream {
		h.Set("Accept", "text/event-stream")
	}
	var r oaReply
	if out, streamed, err := p.t.post(ctx, base+"/chat/completions", h, body, req, readOpenAIStream, &r); err != nil || streamed {
		return out, err
	}
	if present(r.Error) {
		return Response{}, errors.New(errorValue(r.Error))
	}
	out := Response{Model: r.Model}
	if r.Usage != nil {
		out.PromptTokens, out.CompletionTokens = r.Usage.PromptTokens, r.Usage.CompletionTokens
	}
	var refusal, finish string
	if len(r.Choices) > 0 {
		out.Text = r.Choices[0].Message.Content
		refusal, finish = r.Choices[0].Message.Refusal, r.Choices[0].FinishReason
	}
	return finishText(out, refusal, finish)
}

// finishText turns an empty reply into an error that says why.
func finishText(out Response, refusal, finish string) (Response, error) {
	if strings.TrimSpace(out.Text) != "" {
		return out, nil
	}
	if refusal != "" {
		return Response{}, fmt.Errorf("model refused: %s", refusal)
	}
	if finish != "" {
		return Response{}, fmt.Errorf("empty reply (finish_reason %s)", finish)
	}
	return Response{}, errors.New("empty reply")
}

// readOpenAIStream reads `data: {...}` chunks until `[DONE]`; usage arrives
// in the last chunk when the server honours stream_options.include_usage.
func readOpenAIStream(r io.Reader, onDelta func(string)) (Response, error) {
	var out Response
	var sb strings.Builder
	var refusal, finish string
	err := readSSE(r, func(ev sseEvent) (bool, error) {
		if strings.TrimSpace(ev.Data) == "[DONE]" {
			return true, nil
		}
		var c oaReply
		if err := json.Unmarshal([]byte(ev.Data), &c); err != nil {
			return false, fmt.Errorf("decode stream chunk: %w", err)
		}
		if present(c.Error) {
			return false, errors.New(errorValue(c.Error))
		}
		if c.Model != "" {
			out.Model = c.Model
		}
		for _, ch := range c.Choices {
			if d := ch.Delta.Content; d != "" {
				sb.WriteString(d)
				if onDelta != nil {
					onDelta(d)
				}
			}
			refusal += ch.Delta.Refusal
			if ch.FinishReason != "" {
				finish = ch.FinishReason
			}
		}
		if c.Usage != nil {
			out.PromptTokens, out.CompletionTokens = c.Usage.PromptTokens, c.Usage.CompletionTokens
		}
		return false, nil
	})
	if err != nil {
		return Response{}, fmt.Errorf("read stream: %w", err)
	}
	out.Text = sb.String()
	return finishText(out, refusal, finish)
}
