package llm

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/traitome/oxo-call/llm/llmtest"
)

// secretToken is the API token every provider test uses; it must never
// show up in an error.
const secretToken = "sk-test-SECRET-0123456789abcdef"

// sleeper records requested sleeps instead of sleeping.
type sleeper struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeper) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeper) calls() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}

// fakeClock is a settable clock.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// samForm is a realistic form: samtools sort with a companion-free tool.
func samForm() Form {
	return Form{
		Tool:        "samtools",
		Task:        "sort in.bam by read name with 4 threads into out.bam",
		Subcommands: []string{"view", "sort", "index"},
		Subcommand:  "sort",
		Flags: []FormFlag{
			{Name: "-n", Type: "bool", Description: "Sort by read name"},
			{Name: "-@", Aliases: []string{"--threads"}, Type: "int", Default: "1", Description: "Number of additional threads to use"},
			{Name: "-o", Type: "file", Description: "Write final output to FILE rather than standard output"},
			{Name: "-l", Type: "int", Description: "Set compression level"},
			{Name: "-O", Aliases: []string{"--output-fmt"}, Type: "choice", Choices: []string{"SAM", "BAM", "CRAM"}, Description: "Specify output format"},
		},
		Positionals: []FormPositional{{Name: "in.bam", Type: "file", Required: true, Description: "input alignments"}},
		Examples:    []FormExample{{Task: "sort by coordinate", Args: "sort -o out.bam in.bam"}},
	}
}

// allSamFlags is exactly the set of real spellings in samForm.
var allSamFlags = []string{"-n", "-@", "-o", "-l", "-O", "--threads", "--output-fmt"}

const goodFill = `{"subcommand":"sort","flags":[{"name":"-n","value":""},{"name":"--threads","value":"4"},{"name":"-o","value":"out.bam"}],"positionals":["in.bam"],"explanation":"sort by name"}`

func wantGoodFill() Fill {
	return Fill{
		Executable: "samtools", Subcommand: "sort",
		Flags:       []FlagValue{{Name: "-n", Value: "", Written: "-n"}, {Name: "-@", Value: "4", Written: "--threads"}, {Name: "-o", Value: "out.bam", Written: "-o"}},
		Positionals: []string{"in.bam"},
		Explanation: "sort by name",
	}
}

// kind describes one provider under test.
type kind struct {
	name  string
	proto llmtest.Protocol
	cfg   func(reg *llmtest.Registry) Config
	// prepare registers stubs the provider needs besides the chat call.
	prepare func(reg *llmtest.Registry)
}

var kinds = []kind{
	{name: "openai", proto: llmtest.OpenAI, cfg: func(reg *llmtest.Registry) Config {
		return Config{Provider: "openai", APIBase: reg.URL(), APIToken: secretToken}
	}},
	{name: "anthropic", proto: llmtest.Anthropic, cfg: func(reg *llmtest.Registry) Config {
		return Config{Provider: "anthropic", APIBase: reg.URL(), APIToken: secretToken}
	}},
	{name: "ollama", proto: llmtest.Ollama, cfg: func(reg *llmtest.Registry) Config {
		return Config{Provider: "ollama", APIBase: reg.URL(), APIToken: secretToken}
	}},
	{name: "github-copilot", proto: llmtest.OpenAI, cfg: func(reg *llmtest.Registry) Config {
		return Config{Provider: "github-copilot", APIBase: reg.URL(), APIToken: secretToken, Copilot: CopilotEndpoints{GitHubAPI: reg.URL()}}
	}, prepare: func(reg *llmtest.Registry) {
		reg.RegisterPersistent("copilot token", llmtest.REST(http.MethodGet, "/copilot_internal/v2/token"),
			llmtest.CopilotToken("tid=session-SECRET-1", time.Now().Add(time.Hour).Unix(), ""))
	}},
}

// setup starts a registry for k and builds its provider with a recording
// sleeper; mod may adjust the config.
func setup(t *testing.T, k kind, mod func(*Config)) (*llmtest.Registry, Provider, *sleeper) {
	t.Helper()
	reg := llmtest.New(t)
	if k.prepare != nil {
		k.prepare(reg)
	}
	sl := &sleeper{}
	cfg := k.cfg(reg)
	cfg.Sleep = sl.sleep
	if mod != nil {
		mod(&cfg)
	}
	p, err := New(cfg, nil)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return reg, p, sl
}

// chatRequests returns the recorded chat requests of a protocol.
func chatRequests(reg *llmtest.Registry, proto llmtest.Protocol) []llmtest.Request {
	var out []llmtest.Request
	for _, r := range reg.Requests() {
		if r.Path == proto.Path {
			out = append(out, r)
		}
	}
	return out
}
