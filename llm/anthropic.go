package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// anthropicVersion is the Messages API version this client speaks.
const anthropicVersion = "2023-06-01"

// defaultAnthropicMaxTokens is used because the Messages API requires
// max_tokens; a filled form is far smaller.
const defaultAnthropicMaxTokens = 1024

// anthropic speaks the native Messages API. Structured output uses a single
// forced tool whose input_schema is the form schema: the tool_use input is
// then the JSON object we want.
type anthropic struct {
	base, model, token string
	cfg                Config
	t                  *transport
}

func newAnthropic(cfg Config, t *transport) (*anthropic, error) {
	base, err := checkModelBase("anthropic", pick(cfg.APIBase, DefaultAnthropicBase), cfg)
	if err != nil {
		return nil, err
	}
	if cfg.APIToken == "" {
		return nil, errors.New("anthropic: api_token is required")
	}
	return &anthropic{base: base, model: pick(cfg.Model, DefaultAnthropicModel), token: cfg.APIToken, cfg: cfg, t: t}, nil
}

// Name returns "anthropic".
func (p *anthropic) Name() string { return "anthropic" }

type anMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type anTool struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	InputSchema map[string]any `json:"input_schema"`
}

type anToolChoice struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

type anRequest struct {
	Model       string        `json:"model"`
	MaxTokens   int           `json:"max_tokens"`
	System      string        `json:"system,omitempty"`
	Messages    []anMessage   `json:"messages"`
	Temperature float64       `json:"temperature"`
	Stream      bool          `json:"stream,omitempty"`
	Tools       []anTool      `json:"tools,omitempty"`
	ToolChoice  *anToolChoice `json:"tool_choice,omitempty"`
}

type anUsage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

type anBlock struct {
	Type  string          `json:"type"`
	Text  string          `json:"text"`
	Input json.RawMessage `json:"input"`
}

type anReply struct {
	Model      string    `json:"model"`
	Content    []anBlock `json:"content"`
	StopReason string    `json:"stop_reason"`
	Usage      anUsage   `json:"usage"`
}

// Complete sends one Messages API request.
func (p *anthropic) Complete(ctx context.Context, req Request) (Response, error) {
	return p.t.run(ctx, func(ctx context.Context) (Response, error) {
		req = withDefaults(req, p.model, p.cfg)
		body, err := json.Marshal(p.request(req))
		if err != nil {
			return Response{}, fmt.Errorf("encode request: %w", err)
		}
		h := jsonHeaders()
		h.Set("x-api-key", p.token)
		h.Set("anthropic-version", anthropicVersion)
		if req.Stream {
			h.Set("Accept", "text/event-stream")
		}
		var r anReply
		if out, streamed, err := p.t.post(ctx, p.base+"/messages", h, body, req, readAnthropicStream, &r); err != nil || streamed {
			return out, err
		}
		out := Response{Model: r.Model, PromptTokens: r.Usage.InputTokens, CompletionTokens: r.Usage.OutputTokens}
		var text strings.Builder
		for _, b := range r.Content {
			switch b.Type {
			case "tool_use":
				out.Text = string(b.Input)
			case "text":
				text.WriteString(b.Text)
			}
		}
		if out.Text == "" {
			out.Text = text.String()
		}
		return finishText(out, "", r.StopReason)
	})
}

// request maps a Request onto the Messages API. The API has no system role
// in messages, so any system turns are folded into the system prompt.
func (p *anthropic) request(req Request) anRequest {
	r := anRequest{Model: req.Model, MaxTokens: req.MaxTokens, Temperature: req.Temperature, Stream: req.Stream}
	if r.MaxTokens <= 0 {
		r.MaxTokens = defaultAnthropicMaxTokens
	}
	system := []string{}
	if req.System != "" {
		system = append(system, req.System)
	}
	for _, m := range req.Messages {
		if m.Role == "system" {
			system = append(system, m.Content)
			continue
		}
		r.Messages = append(r.Messages, anMessage{Role: m.Role, Content: m.Content})
	}
	r.System = strings.Join(system, "\n\n")
	if req.Schema != nil {
		name := schemaName(req.SchemaName)
		r.Tools = []anTool{{Name: name, Description: "Submit the answer as structured data.", InputSchema: req.Schema}}
		r.ToolChoice = &anToolChoice{Type: "tool", Name: name}
	}
	return r
}

// anEvent covers the fields of every streaming event type we use.
type anEvent struct {
	Type    string `json:"type"`
	Message struct {
		Model string  `json:"model"`
		Usage anUsage `json:"usage"`
	} `json:"message"`
	ContentBlock struct {
		Type string `json:"type"`
	} `json:"content_block"`
	Delta struct {
		Type        string `json:"type"`
		Text        string `json:"text"`
		PartialJSON string `json:"partial_json"`
		StopReason  string `json:"stop_reason"`
	} `json:"delta"`
	Usage *anUsage        `json:"usage"`
	Error json.RawMessage `json:"error"`
}

// readAnthropicStream assembles text_delta and input_json_delta events;
// when a tool was used its JSON is the reply.
func readAnthropicStream(r io.Reader, onDelta func(string)) (Response, error) {
	var out Response
	var text, tool strings.Builder
	var usedTool bool
	var stop string
	err := readSSE(r, func(ev sseEvent) (bool, error) {
		var e anEvent
		if err := json.Unmarshal([]byte(ev.Data), &e); err != nil {
			return false, fmt.Errorf("decode stream event: %w", err)
		}
		switch e.Type {
		case "message_start":
			out.Model = e.Message.Model
			out.PromptTokens = e.Message.Usage.InputTokens
			out.CompletionTokens = e.Message.Usage.OutputTokens
		case "content_block_start":
			usedTool = usedTool || e.ContentBlock.Type == "tool_use"
		case "content_block_delta":
			d := e.Delta.Text
			if e.Delta.Type == "input_json_delta" {
				d = e.Delta.PartialJSON
				tool.WriteString(d)
			} else {
				text.WriteString(d)
			}
			if onDelta != nil && d != "" {
				onDelta(d)
			}
		case "message_delta":
			stop = e.Delta.StopReason
			if e.Usage != nil {
				out.CompletionTokens = e.Usage.OutputTokens
			}
		case "message_stop":
			return true, nil
		case "error":
			return false, errors.New(errorValue(e.Error))
		}
		return false, nil
	})
	if err != nil {
		return Response{}, fmt.Errorf("read stream: %w", err)
	}
	out.Text = text.String()
	if usedTool {
		out.Text = tool.String()
		if out.Text == "" {
			out.Text = "{}"
		}
	}
	return finishText(out, "", stop)
}
