// Package llmtest is a stub registry for testing code that talks to
// language-model providers: register the requests you expect with a canned
// reply in the provider's real wire protocol, point the client at URL(),
// and call Verify to fail the test on stubs that were never used.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Request is a recorded request.
type Request struct {
	Method string
	Path   string
	Header http.Header
	Body   []byte
}

// Decode unmarshals the recorded JSON body into v.
func (r Request) Decode(v any) error { return json.Unmarshal(r.Body, v) }

// Matcher decides whether a stub answers a request.
type Matcher func(r *http.Request, body []byte) bool

// Responder writes a canned reply.
type Responder func(w http.ResponseWriter, r *http.Request, body []byte)

type stub struct {
	match      Matcher
	respond    Responder
	desc       string
	used       int
	persistent bool
}

// Registry is an httptest server answering from registered stubs, first
// matching unused stub first.
type Registry struct {
	t      testing.TB
	server *httptest.Server

	mu       sync.Mutex
	stubs    []*stub
	requests []Request
}

// New starts a registry server that closes when the test ends.
func New(t testing.TB) *Registry {
	r := &Registry{t: t}
	r.server = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.server.Close)
	return r
}

// URL is the server's base URL (http://127.0.0.1:port).
func (r *Registry) URL() string { return r.server.URL }

// Register adds a stub answering one matching request.
func (r *Registry) Register(desc string, m Matcher, resp Responder) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stubs = append(r.stubs, &stub{match: m, respond: resp, desc: desc})
}

// RegisterPersistent adds a stub answering every matching request; Verify
// still requires it to be used at least once.
func (r *Registry) RegisterPersistent(desc string, m Matcher, resp Responder) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stubs = append(r.stubs, &stub{match: m, respond: resp, desc: desc, persistent: true})
}

// Requests returns the recorded requests in arrival order.
func (r *Registry) Requests() []Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Request(nil), r.requests...)
}

// Calls counts the recorded requests to path.
func (r *Registry) Calls(path string) int {
	n := 0
	for _, q := range r.Requests() {
		if q.Path == path {
			n++
		}
	}
	return n
}

// Verify fails t for every stub that was never used.
func (r *Registry) Verify(t testing.TB) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.stubs {
		if s.used == 0 {
			t.Errorf("llmtest: stub %q was never used", s.desc)
		}
	}
}

func (r *Registry) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	r.requests = append(r.requests, Request{Method: req.Method, Path: req.URL.Path, Header: req.Header.Clone(), Body: body})
	var hit *stub
	for _, s := range r.stubs {
		if (s.used == 0 || s.persistent) && s.match(req, body) {
			hit = s
			s.used++
			break
		}
	}
	r.mu.Unlock()
	if hit == nil {
		r.t.Errorf("llmtest: no stub for %s %s", req.Method, req.URL.Path)
		http.Error(w, "no stub", http.StatusNotFound)
		return
	}
	hit.respond(w, req, body)
}

// REST matches method and path.
func REST(method, path string) Matcher {
	return func(r *http.Request, _ []byte) bool { return r.Method == method && r.URL.Path == path }
}

// BodyContains narrows m to requests whose body contains s.
func BodyContains(m Matcher, s string) Matcher {
	return func(r *http.Request, body []byte) bool { return m(r, body) && strings.Contains(string(body), s) }
}

// HeaderIs narrows m to requests with header k equal to v.
func HeaderIs(m Matcher, k, v string) Matcher {
	return func(r *http.Request, body []byte) bool { return m(r, body) && r.Header.Get(k) == v }
}

// Status replies with a status, a body and optional header pairs.
func Status(code int, body string, headerPairs ...string) Responder {
	return func(w http.ResponseWriter, _ *http.Request, _ []byte) {
		for i := 0; i+1 < len(headerPairs); i += 2 {
			w.Header().Set(headerPairs[i], headerPairs[i+1])
		}
		w.WriteHeader(code)
		io.WriteString(w, body)
	}
}

// JSON replies with v encoded as JSON.
func JSON(code int, v any) Responder {
	return func(w http.ResponseWriter, _ *http.Request, _ []byte) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		json.NewEncoder(w).Encode(v)
	}
}

// Hang never replies: it waits until the client gives up, for timeout and
// cancellation tests. arrived, if not nil, is closed when the request is in.
func Hang(arrived chan struct{}) Responder {
	return func(w http.ResponseWriter, r *http.Request, _ []byte) {
		if arrived != nil {
			close(arrived)
		}
		<-r.Context().Done()
	}
}

// Func adapts a plain function.
func Func(f func(w http.ResponseWriter, r *http.Request, body []byte)) Responder { return f }

// sse writes server-sent events, flushing after each.
func sse(w http.ResponseWriter, events ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	fl, _ := w.(http.Flusher)
	for _, e := range events {
		fmt.Fprint(w, e)
		if fl != nil {
			fl.Flush()
		}
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
