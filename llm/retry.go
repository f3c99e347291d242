package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Defaults for the transport.
const (
	DefaultMaxRetries     = 2
	DefaultConnectTimeout = 10 * time.Second
	DefaultTimeout        = 120 * time.Second

	baseBackoff = 500 * time.Millisecond
	maxBackoff  = 8 * time.Second
	// maxRetryAfter bounds how long we wait on a server's Retry-After; a
	// longer wait is reported instead so an interactive CLI does not hang.
	maxRetryAfter = 60 * time.Second
	// maxErrorBody bounds how much of an error body is read.
	maxErrorBody = 64 << 10
	// excerptLen bounds the body excerpt shown in errors.
	excerptLen = 300
)

// APIError is a non-success HTTP answer from a provider. Body is a short
// excerpt with any known secret already removed.
type APIError struct {
	Provider string
	Status   int
	Body     string
}

// Error omits the provider because the transport prefixes every error with it.
func (e *APIError) Error() string {
	if e.Body == "" {
		return fmt.Sprintf("HTTP %d", e.Status)
	}
	return fmt.Sprintf("HTTP %d: %s", e.Status, e.Body)
}

// sleepCtx is the real sleeper: it returns early when ctx is cancelled so
// Ctrl-C during a back-off stops at once.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// defaultHTTPClient bounds connection set-up only; the overall deadline is a
// context so a long streamed reply is not cut by http.Client.Timeout.
func defaultHTTPClient(connect time.Duration) *http.Client {
	if connect <= 0 {
		connect = DefaultConnectTimeout
	}
	return &http.Client{Transport: &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout:   connect,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          10,
		IdleConnTimeout:       90 * time.Second,
		ExpectContinueTimeout: time.Second,
	}}
}

// transport carries the HTTP behaviour shared by all providers: retries,
// deadlines and secret redaction.
type transport struct {
	provider   string
	hc         *http.Client
	maxRetries int
	timeout    time.Duration
	maxReply   int64
	sleep      SleepFunc
	now        func() time.Time
	// secrets returns every credential that must never appear in an error.
	secrets func() []string
}

func newTransport(provider string, hc *http.Client, cfg Config) *transport {
	t := &transport{provider: provider, hc: hc, maxRetries: cfg.MaxRetries, timeout: cfg.Timeout, sleep: cfg.Sleep, now: cfg.Now}
	switch {
	case t.maxRetries == 0:
		t.maxRetries = DefaultMaxRetries
	case t.maxRetries < 0:
		t.maxRetries = 0
	}
	if t.timeout <= 0 {
		t.timeout = DefaultTimeout
	}
	if t.maxReply = cfg.MaxReplyBytes; t.maxReply <= 0 {
		t.maxReply = DefaultMaxReplyBytes
	}
	if t.sleep == nil {
		t.sleep = sleepCtx
	}
	if t.now == nil {
		t.now = time.Now
	}
	secrets := []string{cfg.APIToken}
	if u, err := url.Parse(cfg.APIBase); err == nil && u.User != nil {
		if p, ok := u.User.Password(); ok {
			secrets = append(secrets, p)
		}
	}
	t.secrets = func() []string { return secrets }
	return t
}

// run applies the total deadline to one logical call and turns context and
// transport failures into clear, token-free errors.
func (t *transport) run(ctx context.Context, f func(context.Context) (Response, error)) (Response, error) {
	if err := ctx.Err(); err != nil {
		return Response{}, fmt.Errorf("%s: %w", t.provider, err)
	}
	cctx, cancel := context.WithTimeout(ctx, t.timeout)
	defer cancel()
	resp, err := f(cctx)
	if err == nil {
		// A reply that echoes a credential (a prompt injection, a proxy
		// quoting the request) must not carry it into explanations, the
		// cache or the terminal.
		resp.Text = redactString(resp.Text, t.secrets())
		return resp, nil
	}
	var cut *ReplyLimitError
	switch {
	case ctx.Err() != nil:
		err = ctx.Err()
	case errors.As(err, &cut):
		err = cut
	case errors.Is(cctx.Err(), context.DeadlineExceeded):
		err = fmt.Errorf("no complete reply within %s: %w", t.timeout, context.DeadlineExceeded)
	}
	return Response{}, t.redact(fmt.Errorf("%s: %w", t.provider, err))
}

// do sends one HTTP request, retrying 429 and 5xx answers with exponential
// back-off or the server's Retry-After. A 2xx response is returned open;
// anything else becomes an *APIError.
func (t *transport) do(ctx context.Context, method, url string, h http.Header, body []byte) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header = h.Clone()
		resp, err := t.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode/100 == 2 {
			resp.Body = t.capReply(ctx, resp.Body)
			return resp, nil
		}
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		resp.Body.Close()
		apiErr := &APIError{Provider: t.provider, Status: resp.StatusCode, Body: excerpt(raw, t.secrets())}
		if !retryable(resp.StatusCode) || attempt >= t.maxRetries {
			return nil, apiErr
		}
		wait, ok := t.retryAfter(resp.Header.Get("Retry-After"))
		if !ok {
			wait = backoff(attempt)
		}
		if wait > maxRetryAfter {
			return nil, fmt.Errorf("server asks to retry after %s: %w", wait.Round(time.Second), apiErr)
		}
		if err := t.sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// post sends one chat request and reads the answer the way the request
// asked for: a stream goes to readStream, whose Response is returned with
// streamed set; a whole JSON reply is decoded into reply for the caller to
// read. The three HTTP providers share it so that they close bodies and
// word decode errors alike.
func (t *transport) post(ctx context.Context, url string, h http.Header, body []byte, req Request,
	readStream func(io.Reader, func(string)) (Response, error), reply any) (out Response, streamed bool, err error) {
	resp, err := t.do(ctx, http.MethodPost, url, h, body)
	if err != nil {
		return Response{}, false, err
	}
	defer resp.Body.Close()
	if req.Stream {
		out, err := readStream(resp.Body, req.OnDelta)
		return out, true, err
	}
	if err := json.NewDecoder(resp.Body).Decode(reply); err != nil {
		return Response{}, false, fmt.Errorf("decode reply: %w", err)
	}
	return Response{}, false, nil
}

// retryable reports whether a status is worth another try.
func retryable(status int) bool {
	return status == http.StatusTooManyRequests || status >= 500
}

// backoff is 0.5 s, 1 s, 2 s … capped at maxBackoff.
func backoff(attempt int) time.Duration {
	d := baseBackoff << attempt
	if d > maxBackoff || d <= 0 {
		return maxBackoff
	}
	return d
}

// retryAfter parses Retry-After as delta-seconds or an HTTP date.
func (t *transport) retryAfter(v string) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			n = 0
		}
		return time.Duration(n) * time.Second, true
	}
	when, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	d := when.Sub(t.now())
	if d < 0 {
		d = 0
	}
	return d, true
}

// excerpt turns an error body into one short line: the provider's error
// message when the body is JSON, else the collapsed raw text. Secrets are
// removed before truncation so a cut can never expose part of one.
func excerpt(raw []byte, secrets []string) string {
	s := errorMessage(raw)
	s = redactString(s, secrets)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > excerptLen {
		s = string(r[:excerptLen]) + "…"
	}
	return s
}

// redactString replaces every non-empty secret in s.
func redactString(s string, secrets []string) string {
	for _, sec := range secrets {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, "[REDACTED]")
		}
	}
	return s
}

// redactedError hides secrets in the message while keeping the chain for
// errors.Is/As (context.Canceled, *APIError …).
type redactedError struct {
	err     error
	secrets []string
}

func (e *redactedError) Error() string { return redactString(e.err.Error(), e.secrets) }
func (e *redactedError) Unwrap() error { return e.err }

func (t *transport) redact(err error) error {
	return &redactedError{err: err, secrets: t.secrets()}
}
