package llm

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/llm/llmtest"
)

// decode unmarshals a recorded body.
func decode(t *testing.T, r llmtest.Request) map[string]any {
	t.Helper()
	var m map[string]any
	if err := r.Decode(&m); err != nil {
		t.Fatalf("body %s: %v", r.Body, err)
	}
	return m
}

func schemaReq() Request {
	return Request{System: "sys", Messages: []Message{{Role: "user", Content: "hi"}}, Schema: BuildSchema(samForm()), SchemaName: "fill form"}
}

func TestOpenAIRequestShape(t *testing.T) {
	reg, p, _ := setup(t, kinds[0], nil)
	reg.Register("a", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.OpenAI.Reply("x"))
	reg.Register("b", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.OpenAI.Reply("y"))
	if _, err := p.Complete(context.Background(), schemaReq()); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Complete(context.Background(), Request{Model: "o3-mini", MaxTokens: 50, Messages: []Message{{Role: "user", Content: "q"}}}); err != nil {
		t.Fatal(err)
	}
	reqs := reg.Requests()
	if reqs[0].Header.Get("Authorization") != "Bearer "+secretToken {
		t.Error("no bearer auth")
	}
	m := decode(t, reqs[0])
	msgs := m["messages"].([]any)
	if msgs[0].(map[string]any)["role"] != "system" || msgs[1].(map[string]any)["content"] != "hi" {
		t.Errorf("messages = %v", msgs)
	}
	if m["model"] != "gpt-4.1" || m["temperature"] != 0.0 {
		t.Errorf("model/temperature = %v %v", m["model"], m["temperature"])
	}
	rf := m["response_format"].(map[string]any)
	js := rf["json_schema"].(map[string]any)
	if rf["type"] != "json_schema" || js["strict"] != true || js["name"] != "fill_form" || js["schema"] == nil {
		t.Errorf("response_format = %v", rf)
	}
	m2 := decode(t, reqs[1])
	if m2["max_completion_tokens"] != 50.0 || m2["max_tokens"] != nil || m2["temperature"] != nil || m2["response_format"] != nil {
		t.Errorf("reasoning request = %v", m2)
	}
	reg.Verify(t)
}

func TestOpenAICompatibleJSONObjectAndNoAuth(t *testing.T) {
	reg := llmtest.New(t)
	reg.Register("a", llmtest.REST(http.MethodPost, "/v1/chat/completions"), llmtest.OpenAI.Reply("x"))
	reg.Register("b", llmtest.REST(http.MethodPost, "/v1/chat/completions"), llmtest.OpenAI.Reply("x"))
	p, err := New(Config{Provider: "deepseek", APIBase: reg.URL() + "/v1", APIToken: "k"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Complete(context.Background(), schemaReq()); err != nil {
		t.Fatal(err)
	}
	local, _ := New(Config{Provider: "vllm", APIBase: reg.URL() + "/v1", Model: "m"}, nil)
	if _, err := local.Complete(context.Background(), Request{}); err != nil {
		t.Fatal(err)
	}
	reqs := reg.Requests()
	if rf := decode(t, reqs[0])["response_format"].(map[string]any); rf["type"] != "json_object" {
		t.Errorf("response_format = %v", rf)
	}
	if reqs[1].Header.Get("Authorization") != "" {
		t.Error("auth header sent without a token")
	}
	reg.Verify(t)
}

func TestOpenAIReplyErrors(t *testing.T) {
	ok := func(v any) llmtest.Responder { return llmtest.JSON(200, v) }
	cases := []struct {
		name string
		resp llmtest.Responder
		want string
	}{
		{"error in 200", ok(map[string]any{"error": map[string]any{"message": "quota", "type": "insufficient_quota"}}), "insufficient_quota: quota"},
		{"no choices", ok(map[string]any{"choices": []any{}}), "empty reply"},
		{"refusal", ok(map[string]any{"choices": []any{map[string]any{"message": map[string]any{"refusal": "no can do"}}}}), "model refused: no can do"},
		{"truncated", ok(map[string]any{"choices": []any{map[string]any{"message": map[string]any{"content": ""}, "finish_reason": "length"}}}), "empty reply (finish_reason length)"},
		{"not json", llmtest.Status(200, "<html>"), "decode reply"},
		{"stream error", llmtest.Status(200, "data: {\"error\":{\"message\":\"boom\"}}\n\n"), "read stream: boom"},
		{"stream bad chunk", llmtest.Status(200, "data: {nope\n\n"), "decode stream chunk"},
		{"stream refusal", llmtest.Status(200, "data: {\"choices\":[{\"delta\":{\"refusal\":\"nah\"}}]}\n\ndata: [DONE]\n\n"), "model refused: nah"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reg, p, _ := setup(t, kinds[0], nil)
			reg.Register(c.name, llmtest.REST(http.MethodPost, "/chat/completions"), c.resp)
			_, err := p.Complete(context.Background(), Request{Stream: strings.HasPrefix(c.name, "stream")})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
			reg.Verify(t)
		})
	}
}

func TestOpenAIStreamWithoutDoneOrUsage(t *testing.T) {
	reg, p, _ := setup(t, kinds[0], nil)
	reg.Register("s", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.Status(200,
		": keep-alive\r\n\r\ndata: {\"model\":\"m1\",\"choices\":[{\"delta\":{\"content\":\"he\"}}]}\r\n\r\ndata: {\"choices\":[{\"delta\":{\"content\":\"llo\"},\"finish_reason\":\"stop\"}]}"))
	r, err := p.Complete(context.Background(), Request{Stream: true})
	if err != nil || r.Text != "hello" || r.Model != "m1" || r.PromptTokens != 0 {
		t.Errorf("r = %+v err = %v", r, err)
	}
	req := reg.Requests()[0]
	if req.Header.Get("Accept") != "text/event-stream" || decode(t, req)["stream_options"].(map[string]any)["include_usage"] != true {
		t.Errorf("stream request: %v %s", req.Header, req.Body)
	}
	reg.Verify(t)
}

func TestAnthropicRequestShape(t *testing.T) {
	reg, p, _ := setup(t, kinds[1], nil)
	reg.Register("tool", llmtest.REST(http.MethodPost, "/messages"), llmtest.Anthropic.Reply(`{"a":1}`))
	reg.Register("text", llmtest.REST(http.MethodPost, "/messages"), llmtest.Anthropic.Reply("plain"))
	req := schemaReq()
	req.Messages = append([]Message{{Role: "system", Content: "more rules"}}, req.Messages...)
	r, err := p.Complete(context.Background(), req)
	if err != nil || r.Text != `{"a":1}` || r.PromptTokens != llmtest.PromptTokens {
		t.Fatalf("r = %+v err = %v", r, err)
	}
	r, err = p.Complete(context.Background(), Request{Messages: []Message{{Role: "user", Content: "q"}}, MaxTokens: 77, Temperature: 0.3})
	if err != nil || r.Text != "plain" {
		t.Fatalf("r = %+v err = %v", r, err)
	}
	reqs := reg.Requests()
	h := reqs[0].Header
	if h.Get("x-api-key") != secretToken || h.Get("anthropic-version") != "2023-06-01" || h.Get("Authorization") != "" {
		t.Errorf("headers = %v", h)
	}
	m := decode(t, reqs[0])
	if m["system"] != "sys\n\nmore rules" || m["max_tokens"] != 1024.0 || len(m["messages"].([]any)) != 1 {
		t.Errorf("body = %v", m)
	}
	tools := m["tools"].([]any)
	tc := m["tool_choice"].(map[string]any)
	if len(tools) != 1 || tools[0].(map[string]any)["name"] != "fill_form" || tc["type"] != "tool" || tc["name"] != "fill_form" {
		t.Errorf("tools = %v choice = %v", tools, tc)
	}
	m2 := decode(t, reqs[1])
	if m2["max_tokens"] != 77.0 || m2["temperature"] != 0.3 || m2["tools"] != nil || m2["system"] != nil {
		t.Errorf("body = %v", m2)
	}
	reg.Verify(t)
}

func TestAnthropicReplyErrors(t *testing.T) {
	ev := func(name, data string) string { return "event: " + name + "\ndata: " + data + "\n\n" }
	cases := []struct {
		name   string
		stream bool
		resp   llmtest.Responder
		want   string
		text   string
	}{
		{"not json", false, llmtest.Status(200, "<html>"), "decode reply", ""},
		{"empty", false, llmtest.JSON(200, map[string]any{"content": []any{}, "stop_reason": "max_tokens"}), "empty reply (finish_reason max_tokens)", ""},
		{"stream error", true, llmtest.Status(200, ev("error", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`)), "overloaded_error: Overloaded", ""},
		{"stream bad event", true, llmtest.Status(200, ev("message_start", `{bad`)), "decode stream event", ""},
		{"stream empty tool", true, llmtest.Status(200, ev("content_block_start", `{"type":"content_block_start","content_block":{"type":"tool_use"}}`)+ev("message_stop", `{"type":"message_stop"}`)), "", "{}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reg, p, _ := setup(t, kinds[1], nil)
			reg.Register(c.name, llmtest.REST(http.MethodPost, "/messages"), c.resp)
			r, err := p.Complete(context.Background(), Request{Stream: c.stream})
			if c.want == "" {
				if err != nil || r.Text != c.text {
					t.Errorf("r = %+v err = %v", r, err)
				}
			} else if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
			reg.Verify(t)
		})
	}
}

func TestOllamaRequestShapeAndErrors(t *testing.T) {
	reg, p, _ := setup(t, kinds[2], nil)
	reg.Register("ok", llmtest.REST(http.MethodPost, "/api/chat"), llmtest.Ollama.Reply("hi"))
	reg.Register("err", llmtest.REST(http.MethodPost, "/api/chat"), llmtest.JSON(200, map[string]any{"error": "model not loaded"}))
	reg.Register("bad", llmtest.REST(http.MethodPost, "/api/chat"), llmtest.Status(200, "<html>"))
	reg.Register("stream err", llmtest.REST(http.MethodPost, "/api/chat"), llmtest.Status(200, "{\"message\":{\"content\":\"a\"}}\n{\"error\":\"oom\"}\n"))
	reg.Register("stream bad", llmtest.REST(http.MethodPost, "/api/chat"), llmtest.Status(200, "\n{nope\n"))
	reg.Register("stream short", llmtest.REST(http.MethodPost, "/api/chat"), llmtest.Status(200, ""))
	r, err := p.Complete(context.Background(), Request{System: "s", Messages: []Message{{Role: "user", Content: "u"}}, Schema: map[string]any{"type": "object"}, MaxTokens: 64})
	if err != nil || r.Text != "hi" || r.CompletionTokens != llmtest.CompletionTokens {
		t.Fatalf("r = %+v err = %v", r, err)
	}
	m := decode(t, reg.Requests()[0])
	if m["stream"] != false || m["format"].(map[string]any)["type"] != "object" || m["options"].(map[string]any)["num_predict"] != 64.0 {
		t.Errorf("body = %v", m)
	}
	if len(m["messages"].([]any)) != 2 || reg.Requests()[0].Header.Get("Authorization") != "Bearer "+secretToken {
		t.Errorf("messages/auth = %v", m["messages"])
	}
	for _, c := range []struct {
		stream bool
		want   string
	}{{false, "model not loaded"}, {false, "decode reply"}, {true, "read stream: oom"}, {true, "decode stream line"}, {true, "empty reply"}} {
		if _, err := p.Complete(context.Background(), Request{Stream: c.stream}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want %q", err, c.want)
		}
	}
	reg.Verify(t)
}

func TestUnencodableSchema(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		_, p, _ := setup(t, k, nil)
		if k.prepare != nil {
			t.Skip("copilot fetches its token first; covered by openai")
		}
		_, err := p.Complete(context.Background(), Request{Schema: map[string]any{"bad": make(chan int)}})
		if err == nil || !strings.Contains(err.Error(), "encode request") {
			t.Errorf("err = %v", err)
		}
	})
}

func TestConnectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	p, err := New(Config{Provider: "ollama", APIBase: "http://" + addr, APIToken: secretToken, ConnectTimeout: time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Complete(context.Background(), Request{})
	if err == nil || !strings.HasPrefix(err.Error(), "ollama: ") || strings.Contains(err.Error(), secretToken) {
		t.Errorf("err = %v", err)
	}
}

func TestRetryAfterVariants(t *testing.T) {
	clk := &fakeClock{t: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)}
	cases := []struct {
		header string
		want   []time.Duration
		errSub string
	}{
		{clk.t.Add(3 * time.Second).Format(http.TimeFormat), []time.Duration{3 * time.Second}, ""},
		{clk.t.Add(-time.Hour).Format(http.TimeFormat), []time.Duration{0}, ""},
		{"-4", []time.Duration{0}, ""},
		{"soon", []time.Duration{500 * time.Millisecond}, ""},
		{"3600", nil, "server asks to retry after 1h0m0s: HTTP 429: busy"},
	}
	for _, c := range cases {
		t.Run(c.header, func(t *testing.T) {
			reg, p, sl := setup(t, kinds[0], func(cfg *Config) { cfg.Now = clk.now })
			reg.Register("429", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.Status(429, "busy", "Retry-After", c.header))
			if c.errSub == "" {
				reg.Register("ok", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.OpenAI.Reply("x"))
			}
			_, err := p.Complete(context.Background(), Request{})
			if c.errSub != "" {
				var ae *APIError
				if err == nil || !strings.Contains(err.Error(), c.errSub) || !errors.As(err, &ae) {
					t.Errorf("err = %v", err)
				}
			} else if err != nil {
				t.Errorf("err = %v", err)
			}
			if got := sl.calls(); len(got) != len(c.want) || (len(got) == 1 && got[0] != c.want[0]) {
				t.Errorf("sleeps = %v, want %v", got, c.want)
			}
			reg.Verify(t)
		})
	}
}

func TestNoRetryOnClientErrorAndCancelDuringBackoff(t *testing.T) {
	reg, p, sl := setup(t, kinds[0], nil)
	reg.Register("400", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.Status(400, ""))
	_, err := p.Complete(context.Background(), Request{})
	if err == nil || err.Error() != "openai: HTTP 400" || len(sl.calls()) != 0 {
		t.Errorf("err = %v sleeps = %v", err, sl.calls())
	}
	reg.Verify(t)

	reg2, p2, _ := setup(t, kinds[0], func(c *Config) {
		c.Sleep = func(ctx context.Context, d time.Duration) error { return context.Canceled }
	})
	reg2.Register("500", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.Status(500, "x"))
	if _, err := p2.Complete(context.Background(), Request{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
	reg2.Verify(t)
}

func TestSleepCtx(t *testing.T) {
	if err := sleepCtx(context.Background(), time.Millisecond); err != nil {
		t.Error(err)
	}
	if err := sleepCtx(context.Background(), 0); err != nil {
		t.Error(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	if err := sleepCtx(ctx, time.Hour); !errors.Is(err, context.Canceled) || time.Since(start) > time.Second {
		t.Errorf("err = %v", err)
	}
}

func TestBackoff(t *testing.T) {
	want := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second}
	for i, w := range want {
		if got := backoff(i); got != w {
			t.Errorf("backoff(%d) = %v, want %v", i, got, w)
		}
	}
	if backoff(80) != maxBackoff {
		t.Error("overflow not capped")
	}
}

func TestExcerptAndErrorMessage(t *testing.T) {
	cases := map[string]string{
		`{"error":{"message":"m","type":"t"}}`:    "t: m",
		`{"error":{"message":"t: m","type":"t"}}`: "t: m",
		`{"error":{"message":"m"}}`:               "m",
		`{"error":"plain"}`:                       "plain",
		`{"error":{"code":1}}`:                    `{"code":1}`,
		`{"error":null,"message":"msg"}`:          "msg",
		`{"error_description":"desc"}`:            "desc",
		`{"other":1}`:                             `{"other":1}`,
		"not\n\n json   at all":                   "not json at all",
	}
	for in, want := range cases {
		if got := excerpt([]byte(in), nil); got != want {
			t.Errorf("excerpt(%q) = %q, want %q", in, got, want)
		}
	}
	long := excerpt([]byte(strings.Repeat("é", 500)+"SECRET"), []string{"SECRET", ""})
	if !strings.HasSuffix(long, "…") || len([]rune(long)) != excerptLen+1 {
		t.Errorf("long excerpt = %d runes", len([]rune(long)))
	}
	if got := excerpt([]byte("token SECRET here"), []string{"SECRET"}); got != "token [REDACTED] here" {
		t.Errorf("got %q", got)
	}
	if (&APIError{Status: 502}).Error() != "HTTP 502" {
		t.Error("empty body message")
	}
}

func TestReadSSEFraming(t *testing.T) {
	in := "event: a\ndata: one\ndata: two\n\n:comment\nid: 7\ndata: three\n\n\n" + "event: tail\ndata: last"
	var got []sseEvent
	err := readSSE(strings.NewReader(in), func(e sseEvent) (bool, error) { got = append(got, e); return false, nil })
	want := []sseEvent{{"a", "one\ntwo"}, {"", "three"}, {"tail", "last"}}
	if err != nil || len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("got %+v err = %v", got, err)
	}
	long := "data: " + strings.Repeat("x", maxLine+10) + "\n\n"
	if err := readSSE(strings.NewReader(long), func(sseEvent) (bool, error) { return false, nil }); err == nil {
		t.Error("overlong line accepted")
	}
	if err := readLines(strings.NewReader(strings.Repeat("x", maxLine+10)), func(string) (bool, error) { return false, nil }); err == nil {
		t.Error("overlong NDJSON line accepted")
	}
}

func TestOpenAIBodyIsValidStrictSchema(t *testing.T) {
	o := &openAI{}
	b, err := o.body(Request{Schema: BuildSchema(samForm()), Stream: true})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil || m["stream"] != true {
		t.Errorf("%s %v", b, err)
	}
}
