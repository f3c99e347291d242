package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Headers the Copilot API expects from an editor integration.
const (
	copilotIntegrationID = "vscode-chat"
	copilotEditorVersion = "vscode/1.99.3"
	copilotPluginVersion = "copilot-chat/0.26.7"
	copilotUserAgent     = "GitHubCopilotChat/0.26.7"
	// copilotRefreshMargin renews the session token this long before it
	// expires so a request never starts with a token about to die.
	copilotRefreshMargin = 5 * time.Minute
	// copilotDefaultLifetime is assumed when the token reply has no expiry.
	copilotDefaultLifetime = 25 * time.Minute
)

// copilotSession exchanges the long-lived GitHub token for short-lived
// Copilot session tokens and caches them in memory only.
type copilotSession struct {
	t       *transport
	url     string
	ghToken string

	fetch sync.Mutex // serialises refreshes so concurrent calls fetch once
	mu    sync.Mutex // guards the fields below
	token string
	prev  string // kept only so it is still redacted from late errors
	api   string
	renew time.Time
}

type copilotTokenReply struct {
	Token     string `json:"token"`
	ExpiresAt int64  `json:"expires_at"`
	RefreshIn int64  `json:"refresh_in"`
	Endpoints struct {
		API string `json:"api"`
	} `json:"endpoints"`
}

// secrets lists the credentials to redact.
func (s *copilotSession) secrets() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return []string{s.ghToken, s.token, s.prev}
}

// cached returns the session token while it is fresh.
func (s *copilotSession) cached() (string, string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.token != "" && s.t.now().Before(s.renew) {
		return s.token, s.api, true
	}
	return "", "", false
}

// get returns a fresh session token and the API base the token names.
func (s *copilotSession) get(ctx context.Context) (token, api string, err error) {
	s.fetch.Lock()
	defer s.fetch.Unlock()
	if tok, api, ok := s.cached(); ok {
		return tok, api, nil
	}
	h := copilotHeaders()
	h.Set("Authorization", "token "+s.ghToken)
	resp, err := s.t.do(ctx, http.MethodGet, s.url, h, nil)
	if err != nil {
		var ae *APIError
		if errors.As(err, &ae) && (ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden || ae.Status == http.StatusNotFound) {
			return "", "", fmt.Errorf("github token not accepted for Copilot (sign in again): %w", err)
		}
		return "", "", fmt.Errorf("session token: %w", err)
	}
	defer resp.Body.Close()
	var r copilotTokenReply
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return "", "", fmt.Errorf("session token: decode reply: %w", err)
	}
	if r.Token == "" {
		return "", "", errors.New("session token: reply has no token")
	}
	now := s.t.now()
	expires := now.Add(copilotDefaultLifetime)
	if r.ExpiresAt > 0 {
		expires = time.Unix(r.ExpiresAt, 0)
	}
	renew := expires.Add(-copilotRefreshMargin)
	if r.RefreshIn > 0 {
		if at := now.Add(time.Duration(r.RefreshIn) * time.Second); at.Before(renew) {
			renew = at
		}
	}
	api = ""
	if r.Endpoints.API != "" {
		// The token names the API host for the account (individual,
		// business …); only trust it when it passes the same checks as
		// a configured base.
		if b, err := checkBase("github-copilot", r.Endpoints.API); err == nil {
			api = b
		}
	}
	s.mu.Lock()
	s.prev, s.token, s.api, s.renew = s.token, r.Token, api, renew
	s.mu.Unlock()
	return r.Token, api, nil
}

// invalidate forces the next get to fetch a new token, unless another call
// has already replaced tok.
func (s *copilotSession) invalidate(tok string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.token == tok {
		s.renew = time.Time{}
	}
}

// copilotHeaders are sent on every Copilot request.
func copilotHeaders() http.Header {
	h := jsonHeaders()
	h.Set("Copilot-Integration-Id", copilotIntegrationID)
	h.Set("Editor-Version", copilotEditorVersion)
	h.Set("Editor-Plugin-Version", copilotPluginVersion)
	h.Set("User-Agent", copilotUserAgent)
	return h
}

// copilot is an OpenAI-compatible chat client authenticated with session
// tokens.
type copilot struct {
	oa   *openAI
	s    *copilotSession
	base string // configured chat base; empty = the token's, else the default
	t    *transport
}

func newCopilot(cfg Config, t *transport) (*copilot, error) {
	if cfg.APIToken == "" {
		return nil, errors.New("github-copilot: no GitHub token; sign in first")
	}
	ep := cfg.Copilot.withDefaults()
	api, err := checkBase("github-copilot", ep.GitHubAPI)
	if err != nil {
		return nil, err
	}
	base := ""
	if cfg.APIBase != "" {
		if base, err = checkBase("github-copilot", cfg.APIBase); err != nil {
			return nil, err
		}
	}
	s := &copilotSession{t: t, url: api + "/copilot_internal/v2/token", ghToken: cfg.APIToken}
	t.secrets = s.secrets
	oa := &openAI{name: "github-copilot", model: pick(cfg.Model, DefaultCopilotModel), cfg: cfg, t: t}
	return &copilot{oa: oa, s: s, base: base, t: t}, nil
}

// Name returns "github-copilot".
func (p *copilot) Name() string { return "github-copilot" }

// Complete sends one chat completion; a 401 renews the session token and
// tries once more, since Copilot can revoke a token before its expiry.
func (p *copilot) Complete(ctx context.Context, req Request) (Response, error) {
	return p.t.run(ctx, func(ctx context.Context) (Response, error) {
		resp, tok, err := p.once(ctx, req)
		var ae *APIError
		if tok != "" && errors.As(err, &ae) && ae.Status == http.StatusUnauthorized {
			p.s.invalidate(tok)
			resp, _, err = p.once(ctx, req)
		}
		return resp, err
	})
}

// once performs one chat call with the current session token.
func (p *copilot) once(ctx context.Context, req Request) (Response, string, error) {
	tok, api, err := p.s.get(ctx)
	if err != nil {
		return Response{}, "", err
	}
	base := p.base
	if base == "" {
		base = pick(api, DefaultCopilotBase)
	}
	h := copilotHeaders()
	h.Set("Authorization", "Bearer "+tok)
	resp, err := p.oa.chat(ctx, base, req, h)
	return resp, tok, err
}
