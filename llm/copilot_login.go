package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// CopilotEndpoints configures GitHub sign-in and the session-token exchange.
// Empty fields take the public GitHub defaults.
type CopilotEndpoints struct {
	ClientID       string // OAuth app; default the Copilot editor client
	Scope          string // default "read:user"
	DeviceCodeURL  string // default https://github.com/login/device/code
	AccessTokenURL string // default https://github.com/login/oauth/access_token
	GitHubAPI      string // base of /copilot_internal/v2/token; default https://api.github.com

	HTTPClient *http.Client     // nil = default client
	Sleep      SleepFunc        // polling sleeper; nil = real sleep
	Now        func() time.Time // clock; nil = time.Now
}

// Defaults for CopilotEndpoints.
const (
	DefaultCopilotClientID = "Iv1.b507a08c87ecfe98"
	DefaultGitHubAPI       = "https://api.github.com"
	defaultDeviceCodeURL   = "https://github.com/login/device/code"
	defaultAccessTokenURL  = "https://github.com/login/oauth/access_token"
	deviceGrantType        = "urn:ietf:params:oauth:grant-type:device_code"
	// slowDownStep is what RFC 8628 adds to the interval on slow_down.
	slowDownStep = 5 * time.Second
)

func (ep CopilotEndpoints) withDefaults() CopilotEndpoints {
	ep.ClientID = pick(ep.ClientID, DefaultCopilotClientID)
	ep.Scope = pick(ep.Scope, "read:user")
	ep.DeviceCodeURL = pick(ep.DeviceCodeURL, defaultDeviceCodeURL)
	ep.AccessTokenURL = pick(ep.AccessTokenURL, defaultAccessTokenURL)
	ep.GitHubAPI = pick(ep.GitHubAPI, DefaultGitHubAPI)
	if ep.HTTPClient == nil {
		ep.HTTPClient = defaultHTTPClient(0)
	}
	return ep
}

type deviceCode struct {
	DeviceCode      string `json:"device_code"`
	UserCode        string `json:"user_code"`
	VerificationURI string `json:"verification_uri"`
	ExpiresIn       int    `json:"expires_in"`
	Interval        int    `json:"interval"`
}

type accessToken struct {
	AccessToken string `json:"access_token"`
	Error       string `json:"error"`
	Description string `json:"error_description"`
	Interval    int    `json:"interval"`
}

// DeviceLogin signs in to GitHub with the OAuth device flow: it prints the
// user code and verification URL to w, then polls until the user approves,
// honouring the server's interval and slow_down. The returned GitHub token
// is the Config.APIToken for the github-copilot provider; it is never
// written to w.
func DeviceLogin(ctx context.Context, w io.Writer, ep CopilotEndpoints) (githubToken string, err error) {
	ep = ep.withDefaults()
	for _, u := range []string{ep.DeviceCodeURL, ep.AccessTokenURL} {
		if _, err := checkBase("github-copilot", u); err != nil {
			return "", err
		}
	}
	t := newTransport("github-copilot", ep.HTTPClient, Config{Sleep: ep.Sleep, Now: ep.Now})
	var got string
	t.secrets = func() []string { return []string{got} }
	defer func() {
		if err != nil {
			err = t.redact(fmt.Errorf("github-copilot: sign-in: %w", err))
		}
	}()

	var dc deviceCode
	if err := postForm(ctx, t, ep.DeviceCodeURL, url.Values{"client_id": {ep.ClientID}, "scope": {ep.Scope}}, &dc); err != nil {
		return "", fmt.Errorf("device code: %w", err)
	}
	if dc.DeviceCode == "" || dc.UserCode == "" {
		return "", errors.New("device code: reply has no code")
	}
	fmt.Fprintf(w, "To sign in to GitHub Copilot, open %s and enter the code %s\n", pick(dc.VerificationURI, "https://github.com/login/device"), dc.UserCode)

	interval := time.Duration(dc.Interval) * time.Second
	if interval <= 0 {
		interval = 5 * time.Second
	}
	lifetime := time.Duration(dc.ExpiresIn) * time.Second
	if lifetime <= 0 {
		lifetime = 15 * time.Minute
	}
	deadline := t.now().Add(lifetime)
	form := url.Values{"client_id": {ep.ClientID}, "device_code": {dc.DeviceCode}, "grant_type": {deviceGrantType}}
	for {
		if err := t.sleep(ctx, interval); err != nil {
			return "", err
		}
		var at accessToken
		if err := postForm(ctx, t, ep.AccessTokenURL, form, &at); err != nil {
			return "", fmt.Errorf("access token: %w", err)
		}
		switch at.Error {
		case "":
			if at.AccessToken == "" {
				return "", errors.New("access token: reply has no token")
			}
			got = at.AccessToken
			return got, nil
		case "authorization_pending":
		case "slow_down":
			if at.Interval > 0 {
				interval = time.Duration(at.Interval) * time.Second
			} else {
				interval += slowDownStep
			}
		case "expired_token":
			return "", errors.New("the code expired before it was entered; sign in again")
		case "access_denied":
			return "", errors.New("access was denied")
		default:
			return "", fmt.Errorf("access token: %s", strings.TrimSpace(at.Error+" "+at.Description))
		}
		if !t.now().Before(deadline) {
			return "", errors.New("the code expired before it was entered; sign in again")
		}
	}
}

// postForm posts a url-encoded form and decodes the JSON reply into v.
func postForm(ctx context.Context, t *transport, u string, form url.Values, v any) error {
	h := http.Header{}
	h.Set("Content-Type", "application/x-www-form-urlencoded")
	h.Set("Accept", "application/json")
	resp, err := t.do(ctx, http.MethodPost, u, h, []byte(form.Encode()))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		return fmt.Errorf("decode reply: %w", err)
	}
	return nil
}
