package llm

import (
	"context"
	"errors"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/llm/llmtest"
)

// endless chunks: one valid streamed event per protocol, and the opening
// of a whole JSON reply whose text never ends.
var endless = map[string]struct{ head, chunk string }{
	"openai":         {`{"choices":[{"message":{"content":"`, "data: {\"choices\":[{\"delta\":{\"content\":\"xxxxxxxx\"}}]}\n\n"},
	"github-copilot": {`{"choices":[{"message":{"content":"`, "data: {\"choices\":[{\"delta\":{\"content\":\"xxxxxxxx\"}}]}\n\n"},
	"anthropic": {`{"content":[{"type":"text","text":"`,
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"xxxxxxxx\"}}\n\n"},
	"ollama": {`{"message":{"content":"`, "{\"message\":{\"content\":\"xxxxxxxx\"},\"done\":false}\n"},
}

// forever writes head, then fill until the client goes away.
func forever(head, fill string, pause time.Duration) llmtest.Responder {
	return llmtest.Func(func(w http.ResponseWriter, r *http.Request, _ []byte) {
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, head)
		block := strings.Repeat(fill, max(1, 4096/len(fill)))
		if pause > 0 {
			block = fill
		}
		fl, _ := w.(http.Flusher)
		for r.Context().Err() == nil {
			if _, err := io.WriteString(w, block); err != nil {
				return
			}
			if fl != nil {
				fl.Flush()
			}
			if pause > 0 {
				time.Sleep(pause)
			}
		}
	})
}

// complete calls the provider with a deadline of its own, so a regression
// fails the test instead of hanging it.
func complete(t *testing.T, p Provider, stream bool) (error, time.Duration) {
	t.Helper()
	type res struct{ err error }
	done := make(chan res, 1)
	start := time.Now()
	go func() {
		_, err := p.Complete(context.Background(), Request{Messages: []Message{{Role: "user", Content: "hi"}}, Stream: stream})
		done <- res{err}
	}()
	select {
	case r := <-done:
		return r.err, time.Since(start)
	case <-time.After(10 * time.Second):
		t.Fatal("the call did not end within 10s")
	}
	return nil, 0
}

// An endless reply, streamed or whole, ends at the byte cap with an error
// that says so, and is not retried.
func TestEndlessReplyStopsAtTheByteCap(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		for _, stream := range []bool{false, true} {
			reg, p, _ := setup(t, k, func(c *Config) { c.MaxReplyBytes = 256 << 10 })
			e := endless[k.name]
			body := e.head
			if stream {
				body = ""
			}
			reg.Register("endless", llmtest.REST(http.MethodPost, k.proto.Path), forever(body, map[bool]string{false: "x", true: e.chunk}[stream], 0))
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			err, took := complete(t, p, stream)
			var cut *ReplyLimitError
			if !errors.As(err, &cut) || !strings.Contains(err.Error(), "reply larger than 262144 bytes") {
				t.Fatalf("stream=%v: err = %v", stream, err)
			}
			if n := reg.Calls(k.proto.Path); n != 1 {
				t.Errorf("stream=%v: %d calls, want 1 (a cut reply is not retried)", stream, n)
			}
			t.Logf("stream=%v: ended in %d ms", stream, took.Milliseconds())
		}
	})
}

// A stream that trickles for ever ends at the call's time limit, and the
// error says the stream was too long.
func TestEndlessSlowStreamStopsAtTheTimeLimit(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		reg, p, _ := setup(t, k, func(c *Config) { c.Timeout = 300 * time.Millisecond })
		reg.Register("slow", llmtest.REST(http.MethodPost, k.proto.Path), forever("", endless[k.name].chunk, 5*time.Millisecond))
		err, took := complete(t, p, true)
		if err == nil || !strings.Contains(err.Error(), "stream longer than 300ms") {
			t.Fatalf("err = %v", err)
		}
		if took > 3*time.Second {
			t.Errorf("took %s", took)
		}
	})
}

// A reply within the cap is read whole, to its last byte.
func TestReplyAtTheCapIsKept(t *testing.T) {
	k := kinds[0]
	reply := `{"choices":[{"message":{"content":"hello"},"finish_reason":"stop"}]}`
	reg, p, _ := setup(t, k, func(c *Config) { c.MaxReplyBytes = int64(len(reply)) })
	reg.Register("exact", llmtest.REST(http.MethodPost, k.proto.Path), llmtest.Status(200, reply, "Content-Type", "application/json"))
	resp, err := p.Complete(context.Background(), Request{Messages: []Message{{Role: "user", Content: "hi"}}})
	if err != nil || resp.Text != "hello" {
		t.Fatalf("%q %v", resp.Text, err)
	}
}

func TestReplyLimitErrorText(t *testing.T) {
	if got := (&ReplyLimitError{Bytes: 10}).Error(); got != "reply larger than 10 bytes" {
		t.Error(got)
	}
	if got := (&ReplyLimitError{After: time.Second}).Error(); got != "stream longer than 1s" {
		t.Error(got)
	}
}

// A body of exactly the cap is read to EOF; one byte more is cut.
func TestReplyBodyAtTheCap(t *testing.T) {
	tr := &transport{maxReply: 5, timeout: time.Second}
	b, err := io.ReadAll(tr.capReply(context.Background(), io.NopCloser(strings.NewReader("12345"))))
	if err != nil || string(b) != "12345" {
		t.Fatalf("%q %v", b, err)
	}
	_, err = io.ReadAll(tr.capReply(context.Background(), io.NopCloser(strings.NewReader("123456"))))
	if err == nil || err.Error() != "reply larger than 5 bytes" {
		t.Fatalf("%v", err)
	}
}
