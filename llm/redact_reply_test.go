package llm

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/llm/llmtest"
)

// TestReplyEchoingTheTokenIsRedacted: a reply that quotes the API token
// (or the password in api_base) never carries it to the caller, for every
// provider, plain and streamed.
func TestReplyEchoingTheTokenIsRedacted(t *testing.T) {
	forEachKind(t, func(t *testing.T, k kind) {
		for _, stream := range []bool{false, true} {
			reg, p, _ := setup(t, k, func(c *Config) { c.Stream = stream })
			text := "your key is " + secretToken + ", keep it"
			reply := k.proto.Reply(text)
			if stream {
				reply = k.proto.Stream(text[:14], text[14:])
			}
			reg.Register("echo", llmtest.REST(http.MethodPost, k.proto.Path), reply)
			resp, err := p.Complete(context.Background(), Request{Messages: []Message{{Role: "user", Content: "hi"}}, Stream: stream})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(resp.Text, secretToken) || resp.Text != "your key is [REDACTED], keep it" {
				t.Fatalf("stream=%v: %q", stream, resp.Text)
			}
		}
	})
	t.Run("api_base password", func(t *testing.T) {
		reg, p, _ := setup(t, kinds[0], func(c *Config) { c.APIBase = strings.Replace(c.APIBase, "http://", "http://u:base-PASS-42@", 1) })
		reg.Register("echo", llmtest.REST(http.MethodPost, kinds[0].proto.Path), kinds[0].proto.Reply("auth was u:base-PASS-42"))
		resp, err := p.Complete(context.Background(), Request{Messages: []Message{{Role: "user", Content: "hi"}}})
		if err != nil || resp.Text != "auth was u:[REDACTED]" {
			t.Fatalf("%q %v", resp.Text, err)
		}
	})
}
