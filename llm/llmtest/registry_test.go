package llmtest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Helper() {}

func post(t *testing.T, url, body string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestRegistryMatchingVerifyAndRecording(t *testing.T) {
	rec := &recorder{TB: t}
	reg := New(rec)
	reg.Register("first", BodyContains(REST("POST", "/x"), "one"), Status(201, "a", "X-K", "v"))
	reg.RegisterPersistent("always", HeaderIs(REST("POST", "/x"), "Content-Type", "application/json"), Func(func(w http.ResponseWriter, r *http.Request, body []byte) {
		w.Write(append([]byte("echo:"), body...))
	}))
	reg.Register("never", REST("GET", "/unused"), Status(200, ""))

	if resp, body := post(t, reg.URL()+"/x", "one"); resp.StatusCode != 201 || body != "a" || resp.Header.Get("X-K") != "v" {
		t.Errorf("first = %d %q", resp.StatusCode, body)
	}
	for i := 0; i < 2; i++ {
		if _, body := post(t, reg.URL()+"/x", "one"); body != "echo:one" {
			t.Errorf("persistent = %q", body)
		}
	}
	if resp, _ := post(t, reg.URL()+"/nope", ""); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unmatched = %d", resp.StatusCode)
	}
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], "no stub for POST /nope") {
		t.Errorf("errs = %v", rec.errs)
	}
	reg.Verify(rec)
	if len(rec.errs) != 2 || !strings.Contains(rec.errs[1], `stub "never" was never used`) {
		t.Errorf("errs = %v", rec.errs)
	}
	reqs := reg.Requests()
	var v string
	if len(reqs) != 4 || reg.Calls("/x") != 3 || reqs[0].Decode(&v) == nil {
		t.Errorf("requests = %+v", reqs)
	}
}

func TestJSONAndHang(t *testing.T) {
	reg := New(t)
	arrived := make(chan struct{})
	reg.Register("json", REST("POST", "/j"), JSON(202, map[string]int{"a": 1}))
	reg.Register("hang", REST("POST", "/h"), Hang(arrived))
	reg.Register("hang2", REST("POST", "/h2"), Hang(nil))
	resp, body := post(t, reg.URL()+"/j", "")
	if resp.StatusCode != 202 || strings.TrimSpace(body) != `{"a":1}` {
		t.Errorf("json = %d %q", resp.StatusCode, body)
	}
	for _, path := range []string{"/h", "/h2"} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		req, _ := http.NewRequestWithContext(ctx, "POST", reg.URL()+path, nil)
		if _, err := http.DefaultClient.Do(req); err == nil {
			t.Error("hang answered")
		}
		cancel()
	}
	<-arrived
	reg.Verify(t)
}

func TestProtocols(t *testing.T) {
	for _, p := range []Protocol{OpenAI, Anthropic, Ollama} {
		t.Run(p.Name, func(t *testing.T) {
			reg := New(t)
			reg.Register("reply", REST("POST", p.Path), p.Reply(`{"k":1}`))
			reg.Register("stream", REST("POST", p.Path), p.Stream("a", "b"))
			_, body := post(t, reg.URL()+p.Path, `{"tool_choice":{"type":"tool","name":"f"}}`)
			if !strings.Contains(body, `"k":1`) && !strings.Contains(body, `\"k\":1`) {
				t.Errorf("reply = %s", body)
			}
			_, body = post(t, reg.URL()+p.Path, `{"tool_choice":{"type":"tool","name":"f"}}`)
			if !strings.Contains(body, `"a"`) || !strings.Contains(body, `"b"`) {
				t.Errorf("stream = %s", body)
			}
			if p.Schema([]byte(`{}`)) != nil {
				t.Error("schema from empty body")
			}
			reg.Verify(t)
		})
	}
	// Anthropic replies with text when no tool was forced, and streams
	// text deltas.
	reg := New(t)
	reg.Register("text", REST("POST", "/messages"), Anthropic.Reply(`{"k":1}`))
	reg.Register("stream", REST("POST", "/messages"), Anthropic.Stream("hi"))
	_, body := post(t, reg.URL()+"/messages", `{}`)
	if !strings.Contains(body, `"type":"text"`) {
		t.Errorf("reply = %s", body)
	}
	_, body = post(t, reg.URL()+"/messages", `{}`)
	if !strings.Contains(body, `"text_delta"`) {
		t.Errorf("stream = %s", body)
	}
	sc := bufio.NewScanner(strings.NewReader(body))
	events := 0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "event: ") {
			events++
		}
	}
	if events != 7 {
		t.Errorf("%d events", events)
	}
	reg.Verify(t)

	schema := map[string]any{"type": "object"}
	bodies := map[string]map[string]any{
		"openai":    {"response_format": map[string]any{"json_schema": map[string]any{"schema": schema}}},
		"anthropic": {"tools": []any{map[string]any{"input_schema": schema}}},
		"ollama":    {"format": schema},
	}
	for _, p := range []Protocol{OpenAI, Anthropic, Ollama} {
		b, _ := json.Marshal(bodies[p.Name])
		if got := p.Schema(b); got["type"] != "object" {
			t.Errorf("%s schema = %v", p.Name, got)
		}
	}
}

func TestCopilotToken(t *testing.T) {
	reg := New(t)
	reg.Register("tok", REST("GET", "/t"), CopilotToken("s", 5, "https://api.example"))
	reg.Register("tok2", REST("GET", "/t"), CopilotToken("s", 5, ""))
	for _, want := range []string{`"api":"https://api.example"`, `"token":"s"`} {
		resp, err := http.Get(reg.URL() + "/t")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), want) {
			t.Errorf("token reply = %s", b)
		}
	}
	reg.Verify(t)
}

func TestMustJSONPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	mustJSON(make(chan int))
}
