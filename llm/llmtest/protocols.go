package llmtest

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// Usage reported by every canned reply, so tests can check accounting.
const (
	PromptTokens     = 11
	CompletionTokens = 7
)

// Protocol builds canned replies in one provider's wire format.
type Protocol struct {
	Name string
	Path string // chat path relative to the base URL
	// Reply answers with text in one response.
	Reply func(text string) Responder
	// Stream answers with text split into the given chunks.
	Stream func(chunks ...string) Responder
	// Schema extracts the JSON schema a recorded request carried (nil if none).
	Schema func(body []byte) map[string]any
}

// OpenAI is the Chat Completions protocol (OpenAI, compatibles, Copilot).
var OpenAI = Protocol{
	Name: "openai",
	Path: "/chat/completions",
	Reply: func(text string) Responder {
		return JSON(http.StatusOK, map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "model": "stub-model",
			"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": text}, "finish_reason": "stop"}},
			"usage":   map[string]any{"prompt_tokens": PromptTokens, "completion_tokens": CompletionTokens, "total_tokens": PromptTokens + CompletionTokens},
		})
	},
	Stream: func(chunks ...string) Responder {
		return func(w http.ResponseWriter, _ *http.Request, _ []byte) {
			var ev []string
			ev = append(ev, "data: "+mustJSON(map[string]any{"model": "stub-model", "choices": []any{map[string]any{"index": 0, "delta": map[string]any{"role": "assistant"}}}})+"\n\n")
			for _, c := range chunks {
				ev = append(ev, "data: "+mustJSON(map[string]any{"model": "stub-model", "choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": c}}}})+"\n\n")
			}
			ev = append(ev,
				"data: "+mustJSON(map[string]any{"model": "stub-model", "choices": []any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": "stop"}}})+"\n\n",
				"data: "+mustJSON(map[string]any{"model": "stub-model", "choices": []any{}, "usage": map[string]any{"prompt_tokens": PromptTokens, "completion_tokens": CompletionTokens}})+"\n\n",
				"data: [DONE]\n\n")
			sse(w, ev...)
		}
	},
	Schema: func(body []byte) map[string]any {
		var r struct {
			ResponseFormat struct {
				JSONSchema struct {
					Schema map[string]any `json:"schema"`
				} `json:"json_schema"`
			} `json:"response_format"`
		}
		json.Unmarshal(body, &r)
		return r.ResponseFormat.JSONSchema.Schema
	},
}

// usesTool reports whether an Anthropic request forced a tool.
func usesTool(body []byte) (string, bool) {
	var r struct {
		ToolChoice struct {
			Name string `json:"name"`
		} `json:"tool_choice"`
	}
	json.Unmarshal(body, &r)
	return r.ToolChoice.Name, r.ToolChoice.Name != ""
}

// Anthropic is the native Messages API. When the request forced a tool and
// the text is a JSON object, the reply is a tool_use block, as the real API
// sends; otherwise a text block.
var Anthropic = Protocol{
	Name: "anthropic",
	Path: "/messages",
	Reply: func(text string) Responder {
		return func(w http.ResponseWriter, r *http.Request, body []byte) {
			block := map[string]any{"type": "text", "text": text}
			stop := "end_turn"
			var obj map[string]any
			if name, ok := usesTool(body); ok && json.Unmarshal([]byte(text), &obj) == nil {
				block = map[string]any{"type": "tool_use", "id": "toolu_1", "name": name, "input": json.RawMessage(text)}
				stop = "tool_use"
			}
			JSON(http.StatusOK, map[string]any{
				"id": "msg_1", "type": "message", "role": "assistant", "model": "stub-model",
				"content": []any{block}, "stop_reason": stop,
				"usage": map[string]any{"input_tokens": PromptTokens, "output_tokens": CompletionTokens},
			})(w, r, body)
		}
	},
	Stream: func(chunks ...string) Responder {
		return func(w http.ResponseWriter, _ *http.Request, body []byte) {
			event := func(name string, v any) string { return fmt.Sprintf("event: %s\ndata: %s\n\n", name, mustJSON(v)) }
			name, tool := usesTool(body)
			block := map[string]any{"type": "text", "text": ""}
			if tool {
				block = map[string]any{"type": "tool_use", "id": "toolu_1", "name": name, "input": map[string]any{}}
			}
			ev := []string{
				event("message_start", map[string]any{"type": "message_start", "message": map[string]any{"id": "msg_1", "model": "stub-model", "usage": map[string]any{"input_tokens": PromptTokens, "output_tokens": 1}}}),
				event("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": block}),
				event("ping", map[string]any{"type": "ping"}),
			}
			for _, c := range chunks {
				delta := map[string]any{"type": "text_delta", "text": c}
				if tool {
					delta = map[string]any{"type": "input_json_delta", "partial_json": c}
				}
				ev = append(ev, event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": delta}))
			}
			ev = append(ev,
				event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0}),
				event("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": "end_turn"}, "usage": map[string]any{"output_tokens": CompletionTokens}}),
				event("message_stop", map[string]any{"type": "message_stop"}))
			sse(w, ev...)
		}
	},
	Schema: func(body []byte) map[string]any {
		var r struct {
			Tools []struct {
				InputSchema map[string]any `json:"input_schema"`
			} `json:"tools"`
		}
		json.Unmarshal(body, &r)
		if len(r.Tools) == 0 {
			return nil
		}
		return r.Tools[0].InputSchema
	},
}

// Ollama is the native /api/chat protocol (NDJSON when streaming).
var Ollama = Protocol{
	Name: "ollama",
	Path: "/api/chat",
	Reply: func(text string) Responder {
		return JSON(http.StatusOK, map[string]any{
			"model": "stub-model", "message": map[string]any{"role": "assistant", "content": text},
			"done": true, "done_reason": "stop", "prompt_eval_count": PromptTokens, "eval_count": CompletionTokens,
		})
	},
	Stream: func(chunks ...string) Responder {
		return func(w http.ResponseWriter, _ *http.Request, _ []byte) {
			w.Header().Set("Content-Type", "application/x-ndjson")
			fl, _ := w.(http.Flusher)
			for _, c := range chunks {
				fmt.Fprintln(w, mustJSON(map[string]any{"model": "stub-model", "message": map[string]any{"role": "assistant", "content": c}, "done": false}))
				if fl != nil {
					fl.Flush()
				}
			}
			fmt.Fprintln(w, mustJSON(map[string]any{"model": "stub-model", "message": map[string]any{"role": "assistant", "content": ""}, "done": true, "done_reason": "stop", "prompt_eval_count": PromptTokens, "eval_count": CompletionTokens}))
		}
	},
	Schema: func(body []byte) map[string]any {
		var r struct {
			Format map[string]any `json:"format"`
		}
		json.Unmarshal(body, &r)
		return r.Format
	},
}

// CopilotToken answers the session-token exchange with token, valid until
// expiresAt (Unix seconds); api, if set, is returned as endpoints.api.
func CopilotToken(token string, expiresAt int64, api string) Responder {
	v := map[string]any{"token": token, "expires_at": expiresAt, "refresh_in": 1500}
	if api != "" {
		v["endpoints"] = map[string]any{"api": api}
	}
	return JSON(http.StatusOK, v)
}
