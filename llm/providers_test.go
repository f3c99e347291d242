package llm

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/traitome/oxo-call/llm/llmtest"
)

// forEachKind runs f once per provider.
func forEachKind(t *testing.T, f func(t *testing.T, k kind)) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) { f(t, k) })
	}
}

func TestFillPlainSendsRealFlagEnum(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, nil)
		reg.Register("fill", llmtest.REST(http.MethodPost, k.proto.Path), k.proto.Reply(goodFill))
		x := &Filler{P: p, Model: "m-large"}
		got, st, err := x.Fill(context.Background(), samForm())
		if err != nil {
			t.Fatalf("Fill: %v", err)
		}
		if !reflect.DeepEqual(got, wantGoodFill()) {
			t.Errorf("fill = %+v\nwant %+v", got, wantGoodFill())
		}
		want := Stats{Calls: 1, PromptTokens: llmtest.PromptTokens, CompletionTokens: llmtest.CompletionTokens}
		if st != want {
			t.Errorf("stats = %+v, want %+v", st, want)
		}
		reqs := chatRequests(reg, k.proto)
		if len(reqs) != 1 {
			t.Fatalf("%d chat requests, want 1", len(reqs))
		}
		schema := k.proto.Schema(reqs[0].Body)
		if schema == nil {
			t.Fatal("request carried no schema")
		}
		enum := schema["properties"].(map[string]any)["flags"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)["name"].(map[string]any)["enum"].([]any)
		var names []string
		for _, e := range enum {
			names = append(names, e.(string))
		}
		sort.Strings(names)
		wantNames := append([]string(nil), allSamFlags...)
		sort.Strings(wantNames)
		if !reflect.DeepEqual(names, wantNames) {
			t.Errorf("flag enum = %v, want exactly %v", names, wantNames)
		}
		if !strings.Contains(string(reqs[0].Body), "m-large") {
			t.Errorf("model not sent: %s", reqs[0].Body)
		}
		reg.Verify(t)
	})
}

func TestFillStreamed(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, nil)
		chunks := []string{goodFill[:20], goodFill[20:77], goodFill[77:]}
		reg.Register("stream", llmtest.BodyContains(llmtest.REST(http.MethodPost, k.proto.Path), `"stream":true`), k.proto.Stream(chunks...))
		var mu sync.Mutex
		var got []string
		x := &Filler{P: p, Stream: true, OnDelta: func(s string) { mu.Lock(); got = append(got, s); mu.Unlock() }}
		fill, st, err := x.Fill(context.Background(), samForm())
		if err != nil {
			t.Fatalf("Fill: %v", err)
		}
		if !reflect.DeepEqual(fill, wantGoodFill()) {
			t.Errorf("fill = %+v", fill)
		}
		if !reflect.DeepEqual(got, chunks) {
			t.Errorf("deltas = %q, want %q", got, chunks)
		}
		if st.PromptTokens != llmtest.PromptTokens || st.CompletionTokens != llmtest.CompletionTokens || st.Calls != 1 {
			t.Errorf("stats = %+v", st)
		}
		reg.Verify(t)
	})
}

func TestFillRepairsMalformedJSON(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, nil)
		reg.Register("bad", llmtest.REST(http.MethodPost, k.proto.Path), k.proto.Reply(`{"subcommand":"sort","flags":[{"name":"-n"`))
		reg.Register("repair", llmtest.BodyContains(llmtest.REST(http.MethodPost, k.proto.Path), "Your reply was invalid"), k.proto.Reply(goodFill))
		got, st, err := (&Filler{P: p}).Fill(context.Background(), samForm())
		if err != nil {
			t.Fatalf("Fill: %v", err)
		}
		if !reflect.DeepEqual(got, wantGoodFill()) {
			t.Errorf("fill = %+v", got)
		}
		want := Stats{Calls: 2, PromptTokens: 2 * llmtest.PromptTokens, CompletionTokens: 2 * llmtest.CompletionTokens, Repaired: true}
		if st != want {
			t.Errorf("stats = %+v, want %+v", st, want)
		}
		reqs := chatRequests(reg, k.proto)
		if body := string(reqs[1].Body); !strings.Contains(body, "not valid JSON") || !strings.Contains(body, "--threads") {
			t.Errorf("repair request lacks error or allowed names: %s", body)
		}
		reg.Verify(t)
	})
}

func TestFillRepairsFlagOutsideEnum(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, nil)
		bad := `{"subcommand":"sort","flags":[{"name":"--thread","value":"4"}],"positionals":["in.bam"],"explanation":"x"}`
		reg.Register("bad", llmtest.REST(http.MethodPost, k.proto.Path), k.proto.Reply(bad))
		reg.Register("repair", llmtest.BodyContains(llmtest.REST(http.MethodPost, k.proto.Path), `closest real flag: \"--threads\"`), k.proto.Reply(goodFill))
		got, st, err := (&Filler{P: p}).Fill(context.Background(), samForm())
		if err != nil {
			t.Fatalf("Fill: %v", err)
		}
		if !reflect.DeepEqual(got, wantGoodFill()) || st.Calls != 2 || !st.Repaired {
			t.Errorf("fill = %+v stats = %+v", got, st)
		}
		reg.Verify(t)
	})
}

func TestFillNeverReturnsHallucinatedFlag(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, nil)
		bad := `{"subcommand":"sort","flags":[{"name":"--turbo","value":""}],"positionals":["in.bam"],"explanation":"x"}`
		sneaky := `{"subcommand":"sort","flags":[],"positionals":["--turbo","in.bam"],"explanation":"x"}`
		reg.Register("bad", llmtest.REST(http.MethodPost, k.proto.Path), k.proto.Reply(bad))
		reg.Register("still bad", llmtest.REST(http.MethodPost, k.proto.Path), k.proto.Reply(sneaky))
		got, st, err := (&Filler{P: p}).Fill(context.Background(), samForm())
		if !errors.Is(err, ErrInvalidFill) {
			t.Fatalf("err = %v, want ErrInvalidFill", err)
		}
		var uf *UnknownFlagError
		if !errors.As(err, &uf) || uf.Flag != "--turbo" {
			t.Errorf("err = %v, want an UnknownFlagError for --turbo", err)
		}
		if !reflect.DeepEqual(got, Fill{}) || st.Calls != 2 || st.Repaired {
			t.Errorf("fill = %+v stats = %+v", got, st)
		}
		reg.Verify(t)
	})
}

func TestRetryAfter429(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, sl := setup(t, k, nil)
		reg.Register("429", llmtest.REST(http.MethodPost, k.proto.Path), llmtest.Status(429, `{"error":{"message":"slow down"}}`, "Retry-After", "1"))
		reg.Register("ok", llmtest.REST(http.MethodPost, k.proto.Path), k.proto.Reply(goodFill))
		if _, _, err := (&Filler{P: p}).Fill(context.Background(), samForm()); err != nil {
			t.Fatalf("Fill: %v", err)
		}
		if got := sl.calls(); !reflect.DeepEqual(got, []time.Duration{time.Second}) {
			t.Errorf("sleeps = %v, want [1s]", got)
		}
		reg.Verify(t)
	})
}

func Test500ThenSuccess(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, sl := setup(t, k, nil)
		reg.Register("500", llmtest.REST(http.MethodPost, k.proto.Path), llmtest.Status(500, "upstream exploded"))
		reg.Register("ok", llmtest.REST(http.MethodPost, k.proto.Path), k.proto.Reply(goodFill))
		if _, _, err := (&Filler{P: p}).Fill(context.Background(), samForm()); err != nil {
			t.Fatalf("Fill: %v", err)
		}
		if got := sl.calls(); !reflect.DeepEqual(got, []time.Duration{500 * time.Millisecond}) {
			t.Errorf("sleeps = %v, want [500ms]", got)
		}
		reg.Verify(t)
	})
}

func TestRetriesExhausted(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, sl := setup(t, k, nil)
		for i := 0; i < 3; i++ {
			reg.Register("503", llmtest.REST(http.MethodPost, k.proto.Path), llmtest.Status(503, `{"error":"overloaded"}`))
		}
		_, _, err := (&Filler{P: p}).Fill(context.Background(), samForm())
		var ae *APIError
		if !errors.As(err, &ae) || ae.Status != 503 {
			t.Fatalf("err = %v, want APIError 503", err)
		}
		if msg := err.Error(); !strings.HasPrefix(msg, k.name+": HTTP 503: overloaded") {
			t.Errorf("message = %q", msg)
		}
		if got := sl.calls(); !reflect.DeepEqual(got, []time.Duration{500 * time.Millisecond, time.Second}) {
			t.Errorf("sleeps = %v", got)
		}
		reg.Verify(t)
	})
}

func TestSlowServerTimesOut(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, func(c *Config) { c.Timeout = 50 * time.Millisecond })
		reg.Register("hang", llmtest.REST(http.MethodPost, k.proto.Path), llmtest.Hang(nil))
		start := time.Now()
		_, _, err := (&Filler{P: p}).Fill(context.Background(), samForm())
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want deadline exceeded", err)
		}
		if !strings.Contains(err.Error(), "no complete reply within 50ms") || !strings.HasPrefix(err.Error(), k.name+":") {
			t.Errorf("message = %q", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %v", d)
		}
		reg.Verify(t)
	})
}

func TestContextCancelStopsAtOnce(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, nil)
		arrived := make(chan struct{})
		reg.Register("hang", llmtest.REST(http.MethodPost, k.proto.Path), llmtest.Hang(arrived))
		ctx, cancel := context.WithCancel(context.Background())
		go func() { <-arrived; cancel() }()
		start := time.Now()
		_, _, err := (&Filler{P: p}).Fill(ctx, samForm())
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want canceled", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %v", d)
		}
		// An already-cancelled context makes no request at all.
		n := len(reg.Requests())
		if _, err := p.Complete(ctx, Request{Messages: []Message{{Role: "user", Content: "hi"}}}); !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v", err)
		}
		if len(reg.Requests()) != n {
			t.Error("a request was sent with a cancelled context")
		}
		reg.Verify(t)
	})
}

func TestTokenNeverInErrors(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, nil)
		echo := llmtest.Func(func(w http.ResponseWriter, r *http.Request, body []byte) {
			seen := r.Header.Get("Authorization") + " " + r.Header.Get("x-api-key")
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte(`{"error":{"message":"bad key ` + seen + `"}}`))
		})
		reg.Register("echo", llmtest.REST(http.MethodPost, k.proto.Path), echo)
		_, err := p.Complete(context.Background(), Request{Messages: []Message{{Role: "user", Content: "hi"}}})
		if err == nil {
			t.Fatal("no error")
		}
		msg := err.Error()
		if strings.Contains(msg, secretToken) || strings.Contains(msg, "session-SECRET") {
			t.Errorf("error leaks a token: %q", msg)
		}
		if !strings.Contains(msg, "HTTP 400") || !strings.Contains(msg, "[REDACTED]") || !strings.HasPrefix(msg, k.name+":") {
			t.Errorf("message = %q", msg)
		}
		reg.Verify(t)
	})
}

// A streaming OpenAI-compatible server that sends no usage chunk: the
// prompt tokens are estimated from what was sent, and marked as estimated.
func TestFillStreamedWithoutUsageEstimates(t *testing.T) {
	reg := llmtest.New(t)
	var ev strings.Builder
	for _, c := range []string{goodFill[:30], goodFill[30:]} {
		ev.WriteString(`data: {"choices":[{"index":0,"delta":{"content":` + strconvQuote(c) + `}}]}` + "\n\n")
	}
	ev.WriteString("data: [DONE]\n\n")
	reg.Register("stream", llmtest.REST(http.MethodPost, "/chat/completions"), func(w http.ResponseWriter, _ *http.Request, _ []byte) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte(ev.String()))
	})
	p, err := New(Config{Provider: "vllm", APIBase: reg.URL(), Model: "m", MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := samForm()
	_, st, err := (&Filler{P: p, Stream: true}).Fill(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	system, user := BuildPrompt(func() Form { f.ModelTier = Tier("m"); return f }())
	if want := EstimateTokens(system) + EstimateTokens(user); !st.Estimated || st.PromptTokens != want {
		t.Fatalf("stats %+v, want an estimate of %d", st, want)
	}
	reg.Verify(t)
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// The model decides: a reply that picks another subcommand than the
// suggested one is checked against that subcommand's flags, after one more
// call that shows exactly those flags.
func TestFillPickingAnotherScopeAsksWithItsFlags(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, nil)
		view := `{"subcommand":"view","flags":[{"name":"-q","value":"30"}],"positionals":["in.bam"],"explanation":"filter"}`
		reg.Register("first", llmtest.REST(http.MethodPost, k.proto.Path), k.proto.Reply(view))
		reg.Register("view scope", llmtest.BodyContains(llmtest.REST(http.MethodPost, k.proto.Path), "Suggested subcommand: view"), k.proto.Reply(view))
		f := samForm()
		f.Scopes = []FormScope{{Subcommand: "view", Description: "filter alignments", Flags: []FormFlag{{Name: "-q", Aliases: []string{"--min-MQ"}, Type: "int", Description: "minimum mapping quality"}}}}
		got, st, err := (&Filler{P: p}).Fill(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		if got.Subcommand != "view" || len(got.Flags) != 1 || got.Flags[0].Name != "-q" || st.Calls != 2 {
			t.Fatalf("fill %+v stats %+v", got, st)
		}
		reqs := reg.Requests()
		body := string(reqs[len(reqs)-1].Body)
		if !strings.Contains(body, "minimum mapping quality") || strings.Contains(body, "Sort by read name") {
			t.Fatalf("second prompt does not hold view's flags only: %s", body)
		}
		reg.Verify(t)
	})
}
