package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeGen answers each task with the reference of the case whose task it
// is, after a delay that makes later tasks finish first.
type fakeGen struct {
	answers  map[string]Output
	errs     map[string]error
	panics   map[string]bool
	delay    func(task string) time.Duration
	mu       sync.Mutex
	calls    []string
	inflight atomic.Int32
	peak     atomic.Int32
}

func (g *fakeGen) Generate(ctx context.Context, toolset, task, scenario string) (Output, error) {
	n := g.inflight.Add(1)
	defer g.inflight.Add(-1)
	for {
		p := g.peak.Load()
		if n <= p || g.peak.CompareAndSwap(p, n) {
			break
		}
	}
	g.mu.Lock()
	g.calls = append(g.calls, toolset+"/"+task+"/"+scenario)
	g.mu.Unlock()
	if g.delay != nil {
		time.Sleep(g.delay(task))
	}
	if g.panics[task] {
		panic("boom")
	}
	return g.answers[task], g.errs[task]
}

func testCases(n int) []Case {
	cases := make([]Case, n)
	for i := range cases {
		tool := []string{"samtools", "bwa", "fastp"}[i%3]
		cases[i] = Case{Toolset: tool, Tool: tool, ScenarioID: fmt.Sprint("s", i),
			ReferenceArgs: "view -@ 4 in.bam", Task: fmt.Sprint("task ", i), Category: "c"}
	}
	return cases
}

func TestRunOrderAndScores(t *testing.T) {
	cases := testCases(12)
	g := &fakeGen{answers: map[string]Output{}, delay: func(task string) time.Duration {
		var i int
		fmt.Sscanf(task, "task %d", &i)
		return time.Duration(12-i) * time.Millisecond
	}}
	for i, c := range cases {
		g.answers[c.Task] = Output{Command: c.Reference(), LLMCalls: i % 2, PromptTokens: 100 * i, Findings: i % 3, Latency: time.Duration(i+1) * time.Second}
	}
	g.answers["task 5"] = Output{Command: "  samtools sort in.bam\n"}
	rows := Run(context.Background(), cases, g, Options{Jobs: 4, Scenarios: []string{"bare", "full"}})
	if len(rows) != 24 {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range rows {
		c := cases[i/2]
		if r.ScenarioID != c.ScenarioID || r.Scenario != []string{"bare", "full"}[i%2] {
			t.Fatalf("row %d is %s/%s", i, r.ScenarioID, r.Scenario)
		}
		if c.Task == "task 5" {
			if r.Command != "samtools sort in.bam" || r.SubcommandMatch || r.Latency <= 0 {
				t.Errorf("row %d: %+v", i, r)
			}
			continue
		}
		if !r.Exact || r.Accuracy != 1 || r.Err != "" {
			t.Errorf("row %d not exact: %+v", i, r)
		}
		if want := g.answers[c.Task]; r.LLMCalls != want.LLMCalls || r.PromptTokens != want.PromptTokens ||
			r.Findings != want.Findings || r.Latency != want.Latency {
			t.Errorf("row %d counters %+v, want %+v", i, r, want)
		}
	}
	if p := g.peak.Load(); p > 4 || p < 2 {
		t.Errorf("peak concurrency %d, want 2..4", p)
	}
	if !strings.HasPrefix(g.calls[0], "samtools/task ") {
		t.Errorf("call %q", g.calls[0])
	}
}

func TestRunFilters(t *testing.T) {
	cases := testCases(9)
	for _, tc := range []struct {
		name string
		opts Options
		want []string
	}{
		{"all", Options{}, []string{"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"}},
		{"limit", Options{Limit: 2}, []string{"s0", "s1"}},
		{"tools", Options{Tools: []string{"bwa", "fastp"}}, []string{"s1", "s2", "s4", "s5", "s7", "s8"}},
		{"tools and limit", Options{Tools: []string{"fastp"}, Limit: 2}, []string{"s2", "s5"}},
		{"no match", Options{Tools: []string{"star"}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &fakeGen{}
			rows := Run(context.Background(), cases, g, tc.opts)
			var got []string
			for _, r := range rows {
				got = append(got, r.ScenarioID)
				if r.Scenario != "full" {
					t.Errorf("default scenario %q", r.Scenario)
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("rows %v, want %v", got, tc.want)
			}
			if len(g.calls) != len(tc.want) {
				t.Errorf("%d calls for %d rows", len(g.calls), len(tc.want))
			}
		})
	}
	// The toolset matches too.
	c := []Case{{Toolset: "bbmap", Tool: "bbduk.sh", Task: "t"}}
	if got := Select(c, Options{Tools: []string{"bbmap"}}); len(got) != 1 {
		t.Errorf("toolset filter: %v", got)
	}
}

func TestRunErrors(t *testing.T) {
	cases := testCases(3)
	g := &fakeGen{
		answers: map[string]Output{"task 0": {Command: "samtools view in.bam", LLMCalls: 3}},
		errs:    map[string]error{"task 0": errors.New("model: timeout")},
		panics:  map[string]bool{"task 1": true},
	}
	rows := Run(context.Background(), cases, g, Options{Jobs: 1})
	if r := rows[0]; r.Err != "model: timeout" || r.Command != "" || r.Scores != (Scores{}) || r.LLMCalls != 3 {
		t.Errorf("error row %+v", r)
	}
	if r := rows[1]; r.Err != "generator panicked: boom" || r.Scores != (Scores{}) {
		t.Errorf("panic row %+v", r)
	}
	if r := rows[2]; r.Err != "" {
		t.Errorf("row after a panic %+v", r)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g = &fakeGen{}
	rows = Run(ctx, cases, g, Options{Jobs: 2})
	for _, r := range rows {
		if r.Err != context.Canceled.Error() {
			t.Errorf("cancelled row %+v", r)
		}
	}
	if len(g.calls) != 0 {
		t.Errorf("generator called %d times after cancel", len(g.calls))
	}
}

func TestProgressFrames(t *testing.T) {
	var b bytes.Buffer
	base := time.Unix(0, 0)
	now := base
	p := newProgress(&b, 4, func() time.Time { return now })
	now = base.Add(2 * time.Second)
	p.tick()
	now = base.Add(4 * time.Second)
	p.tick()
	p.tick()
	p.tick()
	p.finish()
	want := "\r[                              ] 0/4 0.0 tasks/s" +
		"\r[======>                       ] 1/4 0.5 tasks/s" +
		"\r[==============>               ] 2/4 0.5 tasks/s" +
		"\r[=====================>        ] 3/4 0.8 tasks/s" +
		"\r[==============================] 4/4 1.0 tasks/s\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}

	b.Reset()
	newProgress(&b, 0, time.Now).finish()
	if want := "\r[==============================] 0/0 0.0 tasks/s\n"; b.String() != want {
		t.Errorf("empty run: %q", b.String())
	}

	// nil writer: nothing to draw, nothing to crash.
	p = newProgress(nil, 3, time.Now)
	p.tick()
	p.finish()
}

func TestRunProgress(t *testing.T) {
	var b syncBuffer
	Run(context.Background(), testCases(5), &fakeGen{}, Options{Progress: &b, Jobs: 3})
	s := b.String()
	frame := regexp.MustCompile(`^\r\[[=> ]{30}\] [0-5]/5 [0-9]+\.[0-9] tasks/s$`)
	frames := strings.Split(strings.TrimSuffix(s, "\n"), "\r")[1:]
	if len(frames) != 6 || !strings.HasSuffix(s, "\n") {
		t.Fatalf("frames %q", s)
	}
	for _, f := range frames {
		if !frame.MatchString("\r" + f) {
			t.Errorf("bad frame %q", f)
		}
	}
	if !strings.Contains(frames[5], "] 5/5 ") {
		t.Errorf("last frame %q", frames[5])
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestRunToolsetFallback(t *testing.T) {
	g := &fakeGen{}
	Run(context.Background(), []Case{{Tool: "fastqc", Task: "qc"}, {Toolset: "bbmap", Tool: "bbduk.sh", Task: "trim"}}, g, Options{Jobs: 1})
	if strings.Join(g.calls, ",") != "fastqc/qc/full,bbmap/trim/full" {
		t.Errorf("calls %q", g.calls)
	}
}
