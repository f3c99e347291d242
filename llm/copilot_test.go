package llm

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/llm/llmtest"
)

const tokenPath = "/copilot_internal/v2/token"

// deviceEndpoints points the device flow at reg with a recording sleeper
// that also advances clk.
func deviceEndpoints(reg *llmtest.Registry, sl *sleeper, clk *fakeClock) CopilotEndpoints {
	return CopilotEndpoints{
		DeviceCodeURL:  reg.URL() + "/login/device/code",
		AccessTokenURL: reg.URL() + "/login/oauth/access_token",
		Sleep: func(ctx context.Context, d time.Duration) error {
			clk.advance(d)
			return sl.sleep(ctx, d)
		},
		Now: clk.now,
	}
}

func deviceCodeStub(reg *llmtest.Registry, expires, interval int) {
	reg.Register("device code", llmtest.REST(http.MethodPost, "/login/device/code"), llmtest.JSON(200, map[string]any{
		"device_code": "dev-123", "user_code": "ABCD-1234", "verification_uri": "https://github.com/login/device",
		"expires_in": expires, "interval": interval,
	}))
}

func tokenStub(reg *llmtest.Registry, v map[string]any) {
	reg.Register("access token", llmtest.REST(http.MethodPost, "/login/oauth/access_token"), llmtest.JSON(200, v))
}

func TestDeviceLoginPendingSlowDownThenSuccess(t *testing.T) {
	reg := llmtest.New(t)
	sl, clk := &sleeper{}, &fakeClock{t: time.Unix(1_700_000_000, 0)}
	deviceCodeStub(reg, 900, 1)
	tokenStub(reg, map[string]any{"error": "authorization_pending"})
	tokenStub(reg, map[string]any{"error": "slow_down"})
	tokenStub(reg, map[string]any{"error": "slow_down", "interval": 10})
	tokenStub(reg, map[string]any{"access_token": "gho_SECRET", "token_type": "bearer", "scope": "read:user"})
	var out bytes.Buffer
	tok, err := DeviceLogin(context.Background(), &out, deviceEndpoints(reg, sl, clk))
	if err != nil {
		t.Fatalf("DeviceLogin: %v", err)
	}
	if tok != "gho_SECRET" {
		t.Errorf("token = %q", tok)
	}
	if s := out.String(); !strings.Contains(s, "ABCD-1234") || !strings.Contains(s, "https://github.com/login/device") || strings.Contains(s, "gho_") {
		t.Errorf("output = %q", s)
	}
	want := []time.Duration{time.Second, time.Second, 6 * time.Second, 10 * time.Second}
	if got := sl.calls(); !reflect.DeepEqual(got, want) {
		t.Errorf("sleeps = %v, want %v", got, want)
	}
	reqs := reg.Requests()
	dc, _ := url.ParseQuery(string(reqs[0].Body))
	if dc.Get("client_id") != DefaultCopilotClientID || dc.Get("scope") != "read:user" {
		t.Errorf("device code form = %v", dc)
	}
	at, _ := url.ParseQuery(string(reqs[1].Body))
	if at.Get("device_code") != "dev-123" || at.Get("grant_type") != deviceGrantType {
		t.Errorf("access token form = %v", at)
	}
	if reqs[1].Header.Get("Accept") != "application/json" {
		t.Errorf("accept = %q", reqs[1].Header.Get("Accept"))
	}
	reg.Verify(t)
}

func TestDeviceLoginFailures(t *testing.T) {
	cases := []struct {
		name  string
		stubs func(reg *llmtest.Registry)
		want  string
	}{
		{"expired", func(reg *llmtest.Registry) {
			deviceCodeStub(reg, 900, 1)
			tokenStub(reg, map[string]any{"error": "expired_token"})
		}, "code expired"},
		{"denied", func(reg *llmtest.Registry) {
			deviceCodeStub(reg, 900, 1)
			tokenStub(reg, map[string]any{"error": "access_denied"})
		}, "denied"},
		{"other", func(reg *llmtest.Registry) {
			deviceCodeStub(reg, 900, 1)
			tokenStub(reg, map[string]any{"error": "unsupported_grant_type", "error_description": "nope"})
		}, "unsupported_grant_type nope"},
		{"empty token", func(reg *llmtest.Registry) {
			deviceCodeStub(reg, 900, 1)
			tokenStub(reg, map[string]any{})
		}, "no token"},
		{"deadline", func(reg *llmtest.Registry) {
			deviceCodeStub(reg, 2, 0) // default 5 s interval outlives 2 s expiry
			tokenStub(reg, map[string]any{"error": "authorization_pending"})
		}, "code expired"},
		{"no code", func(reg *llmtest.Registry) {
			reg.Register("device code", llmtest.REST(http.MethodPost, "/login/device/code"), llmtest.JSON(200, map[string]any{}))
		}, "reply has no code"},
		{"device code http error", func(reg *llmtest.Registry) {
			reg.Register("device code", llmtest.REST(http.MethodPost, "/login/device/code"), llmtest.Status(400, `{"error":"bad_verification_code"}`))
		}, "device code: HTTP 400: bad_verification_code"},
		{"access token bad json", func(reg *llmtest.Registry) {
			deviceCodeStub(reg, 0, 1)
			reg.Register("access token", llmtest.REST(http.MethodPost, "/login/oauth/access_token"), llmtest.Status(200, "<html>"))
		}, "access token: decode reply"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reg := llmtest.New(t)
			c.stubs(reg)
			_, err := DeviceLogin(context.Background(), &bytes.Buffer{}, deviceEndpoints(reg, &sleeper{}, &fakeClock{t: time.Unix(0, 0)}))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "github-copilot: sign-in: ") {
				t.Errorf("err = %v, want %q", err, c.want)
			}
			reg.Verify(t)
		})
	}
}

func TestDeviceLoginCancelAndHTTPS(t *testing.T) {
	reg := llmtest.New(t)
	deviceCodeStub(reg, 900, 1)
	ctx, cancel := context.WithCancel(context.Background())
	ep := deviceEndpoints(reg, &sleeper{}, &fakeClock{})
	ep.Sleep = func(ctx context.Context, d time.Duration) error { cancel(); return sleepCtx(ctx, d) }
	if _, err := DeviceLogin(ctx, &bytes.Buffer{}, ep); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want canceled", err)
	}
	reg.Verify(t)

	_, err := DeviceLogin(context.Background(), &bytes.Buffer{}, CopilotEndpoints{DeviceCodeURL: "http://github.example.com/login/device/code"})
	if err == nil || !strings.Contains(err.Error(), "must use https") {
		t.Errorf("err = %v", err)
	}
}

// copilotSetup builds a copilot provider against reg with a fake clock.
func copilotSetup(t *testing.T, reg *llmtest.Registry, clk *fakeClock, apiBase string) Provider {
	t.Helper()
	p, err := New(Config{
		Provider: "copilot", APIBase: apiBase, APIToken: "gho_GITHUB_SECRET",
		Copilot: CopilotEndpoints{GitHubAPI: reg.URL()}, Now: clk.now, Sleep: (&sleeper{}).sleep,
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func ask(t *testing.T, p Provider) Response {
	t.Helper()
	r, err := p.Complete(context.Background(), Request{Messages: []Message{{Role: "user", Content: "hi"}}})
	if err != nil {
		t.Fatalf("Complete: %v", err)
	}
	return r
}

func TestCopilotSessionTokenCachedAndRefreshedWhenExpired(t *testing.T) {
	reg := llmtest.New(t)
	clk := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	exp := clk.now().Add(30 * time.Minute).Unix()
	tokenFor := func(gh string) llmtest.Matcher {
		return llmtest.HeaderIs(llmtest.REST(http.MethodGet, tokenPath), "Authorization", "token "+gh)
	}
	reg.Register("token 1", tokenFor("gho_GITHUB_SECRET"), llmtest.CopilotToken("sess-1", exp, ""))
	reg.Register("token 2", tokenFor("gho_GITHUB_SECRET"), llmtest.CopilotToken("sess-2", exp+3600, ""))
	chat := func(tok string) llmtest.Matcher {
		return llmtest.HeaderIs(llmtest.REST(http.MethodPost, "/chat/completions"), "Authorization", "Bearer "+tok)
	}
	reg.Register("chat 1", chat("sess-1"), llmtest.OpenAI.Reply("one"))
	reg.Register("chat 2", chat("sess-1"), llmtest.OpenAI.Reply("two"))
	reg.Register("chat 3", chat("sess-2"), llmtest.OpenAI.Reply("three"))
	p := copilotSetup(t, reg, clk, reg.URL())

	if got := ask(t, p).Text; got != "one" {
		t.Errorf("first = %q", got)
	}
	clk.advance(20 * time.Minute) // still more than 5 min left: cached
	if got := ask(t, p).Text; got != "two" {
		t.Errorf("second = %q", got)
	}
	clk.advance(6 * time.Minute) // 4 min left: inside the margin, refresh
	if got := ask(t, p).Text; got != "three" {
		t.Errorf("third = %q", got)
	}
	if n := reg.Calls(tokenPath); n != 2 {
		t.Errorf("token fetched %d times, want 2", n)
	}
	for _, r := range chatRequests(reg, llmtest.OpenAI) {
		for k, v := range map[string]string{"Copilot-Integration-Id": "vscode-chat", "Editor-Version": copilotEditorVersion, "Editor-Plugin-Version": copilotPluginVersion} {
			if r.Header.Get(k) != v {
				t.Errorf("header %s = %q", k, r.Header.Get(k))
			}
		}
		// gpt-5 models refuse a temperature.
		if !strings.Contains(string(r.Body), `"model":"gpt-5-mini"`) || strings.Contains(string(r.Body), `"temperature"`) {
			t.Errorf("body = %s", r.Body)
		}
	}
	reg.Verify(t)
}

func TestCopilotRefreshesOn401(t *testing.T) {
	reg := llmtest.New(t)
	clk := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	exp := clk.now().Add(30 * time.Minute).Unix()
	reg.Register("token 1", llmtest.REST(http.MethodGet, tokenPath), llmtest.CopilotToken("sess-1", exp, reg.URL()))
	reg.Register("token 2", llmtest.REST(http.MethodGet, tokenPath), llmtest.CopilotToken("sess-2", exp, reg.URL()))
	reg.Register("revoked", llmtest.HeaderIs(llmtest.REST(http.MethodPost, "/chat/completions"), "Authorization", "Bearer sess-1"),
		llmtest.Status(401, `{"error":{"message":"token sess-1 expired"}}`))
	reg.Register("ok", llmtest.HeaderIs(llmtest.REST(http.MethodPost, "/chat/completions"), "Authorization", "Bearer sess-2"), llmtest.OpenAI.Reply("fine"))
	// No APIBase: the endpoints.api from the token reply is used.
	p := copilotSetup(t, reg, clk, "")
	if got := ask(t, p).Text; got != "fine" {
		t.Errorf("text = %q", got)
	}
	reg.Verify(t)

	// A second 401 is reported, with both session tokens redacted.
	reg2 := llmtest.New(t)
	reg2.RegisterPersistent("token", llmtest.REST(http.MethodGet, tokenPath), llmtest.CopilotToken("sess-x", exp, ""))
	reg2.RegisterPersistent("revoked", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.Status(401, `{"error":{"message":"token sess-x and gho_GITHUB_SECRET refused"}}`))
	p2 := copilotSetup(t, reg2, clk, reg2.URL())
	_, err := p2.Complete(context.Background(), Request{})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != 401 || strings.Contains(err.Error(), "sess-x") || strings.Contains(err.Error(), "gho_GITHUB") {
		t.Errorf("err = %v", err)
	}
	if n := reg2.Calls("/chat/completions"); n != 2 {
		t.Errorf("chat calls = %d, want 2", n)
	}
	reg2.Verify(t)
}

func TestCopilotTokenExchangeErrors(t *testing.T) {
	clk := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	cases := []struct {
		name string
		resp llmtest.Responder
		want string
	}{
		{"rejected", llmtest.Status(401, `{"message":"Bad credentials"}`), "not accepted for Copilot (sign in again): HTTP 401: Bad credentials"},
		{"server", llmtest.Status(400, `oops`), "session token: HTTP 400: oops"},
		{"bad json", llmtest.Status(200, `nope`), "session token: decode reply"},
		{"no token", llmtest.JSON(200, map[string]any{"expires_at": 1}), "reply has no token"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reg := llmtest.New(t)
			reg.Register("token", llmtest.REST(http.MethodGet, tokenPath), c.resp)
			p := copilotSetup(t, reg, clk, reg.URL())
			_, err := p.Complete(context.Background(), Request{})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "github-copilot: ") {
				t.Errorf("err = %v, want %q", err, c.want)
			}
			reg.Verify(t)
		})
	}
}

func TestCopilotTokenWithoutExpiryAndUntrustedAPI(t *testing.T) {
	reg := llmtest.New(t)
	clk := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	// No expires_at: a default lifetime applies; an http non-local API
	// host is ignored, so the configured base is used.
	reg.Register("token", llmtest.REST(http.MethodGet, tokenPath), llmtest.JSON(200, map[string]any{"token": "sess-1", "endpoints": map[string]any{"api": "http://copilot.example.com"}}))
	reg.Register("token again", llmtest.REST(http.MethodGet, tokenPath), llmtest.JSON(200, map[string]any{"token": "sess-2"}))
	reg.RegisterPersistent("chat", llmtest.REST(http.MethodPost, "/chat/completions"), llmtest.OpenAI.Reply("ok"))
	p := copilotSetup(t, reg, clk, reg.URL())
	ask(t, p)
	clk.advance(19 * time.Minute)
	ask(t, p)
	if n := reg.Calls(tokenPath); n != 1 {
		t.Errorf("token fetched %d times, want 1", n)
	}
	clk.advance(2 * time.Minute) // 25 min lifetime - 5 min margin passed
	ask(t, p)
	if n := reg.Calls(tokenPath); n != 2 {
		t.Errorf("token fetched %d times, want 2", n)
	}
	reg.Verify(t)
}

func TestCopilotConfigErrors(t *testing.T) {
	if _, err := New(Config{Provider: "github-copilot"}, nil); err == nil || !strings.Contains(err.Error(), "sign in first") {
		t.Errorf("err = %v", err)
	}
	if _, err := New(Config{Provider: "github-copilot", APIToken: "x", Copilot: CopilotEndpoints{GitHubAPI: "http://api.example.com"}}, nil); err == nil {
		t.Error("http GitHub API accepted")
	}
	if _, err := New(Config{Provider: "github-copilot", APIToken: "x", APIBase: "ftp://x"}, nil); err == nil {
		t.Error("ftp base accepted")
	}
	p, err := New(Config{Provider: "github_copilot", APIToken: "x"}, nil)
	if err != nil || p.Name() != "github-copilot" {
		t.Errorf("p = %v err = %v", p, err)
	}
}
