package bench

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"
)

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{8, 10, 0.4902, 0.9433}, {0, 10, 0, 0.2775}, {10, 10, 0.7225, 1}, {5, 10, 0.2366, 0.7634},
		{1, 2, 0.0945, 0.9055}, {0, 1, 0, 0.7935}, {81, 263, 0.2553, 0.3662}, {0, 0, 0, 1},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 5e-5 || math.Abs(hi-tc.hi) > 5e-5 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
		if lo < 0 || hi > 1 || lo > hi {
			t.Errorf("Wilson(%d, %d) = [%v, %v] out of [0, 1]", tc.k, tc.n, lo, hi)
		}
	}
}

func goldenRows() []Row {
	return []Row{
		{Case: Case{Tool: "samtools", Category: "sorting", Style: "novice"}, Scenario: "full",
			Scores:  Scores{Exact: true, Equivalent: true, SubcommandMatch: true, Recall: 1, Precision: 1, Jaccard: 1, PositionalOrder: 1, Accuracy: 1},
			Latency: 100 * time.Millisecond},
		{Case: Case{Tool: "samtools", Category: "indexing"}, Scenario: "bare",
			Scores:   Scores{SubcommandMatch: true, Recall: 0.5, Precision: 1, Jaccard: 0.5, PositionalOrder: 1, Accuracy: 0.7},
			LLMCalls: 2, PromptTokens: 1000, Findings: 1, Latency: 300 * time.Millisecond},
		{Case: Case{Tool: "bwa|mem", Category: "alignment", Style: "expert"}, Scenario: "full",
			Err: "timeout", LLMCalls: 1, PromptTokens: 500, Latency: 200 * time.Millisecond},
	}
}

const goldenMarkdown = `# Bench summary

3 tasks, 2.0 s, 1.50 tasks/s

## Overall

| group | tasks | errors | accuracy | recall | precision | jaccard | positional | exact | equivalent | subcommand | zero LLM | no finding | LLM calls | prompt tokens | p50 ms | p95 ms | tasks/s |
|---|--:|--:|--:|--:|--:|--:|--:|---|---|---|---|---|--:|--:|--:|--:|--:|
| all | 3 | 1 | 0.567 | 0.500 | 0.667 | 0.500 | 0.667 | 0.333 [0.061, 0.792] | 0.333 [0.061, 0.792] | 0.667 [0.208, 0.939] | 0.333 [0.061, 0.792] | 0.667 [0.208, 0.939] | 1.00 | 500.0 | 200.0 | 300.0 | 5.00 |

## By tool

| tool | tasks | errors | accuracy | recall | precision | jaccard | positional | exact | equivalent | subcommand | zero LLM | no finding | LLM calls | prompt tokens | p50 ms | p95 ms | tasks/s |
|---|--:|--:|--:|--:|--:|--:|--:|---|---|---|---|---|--:|--:|--:|--:|--:|
| bwa\|mem | 1 | 1 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 1.000 [0.206, 1.000] | 1.00 | 500.0 | 200.0 | 200.0 | 5.00 |
| samtools | 2 | 0 | 0.850 | 0.750 | 1.000 | 0.750 | 1.000 | 0.500 [0.095, 0.905] | 0.500 [0.095, 0.905] | 1.000 [0.342, 1.000] | 0.500 [0.095, 0.905] | 0.500 [0.095, 0.905] | 1.00 | 500.0 | 200.0 | 300.0 | 5.00 |

## By category

| category | tasks | errors | accuracy | recall | precision | jaccard | positional | exact | equivalent | subcommand | zero LLM | no finding | LLM calls | prompt tokens | p50 ms | p95 ms | tasks/s |
|---|--:|--:|--:|--:|--:|--:|--:|---|---|---|---|---|--:|--:|--:|--:|--:|
| alignment | 1 | 1 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 1.000 [0.206, 1.000] | 1.00 | 500.0 | 200.0 | 200.0 | 5.00 |
| indexing | 1 | 0 | 0.700 | 0.500 | 1.000 | 0.500 | 1.000 | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 1.000 [0.206, 1.000] | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 2.00 | 1000.0 | 300.0 | 300.0 | 3.33 |
| sorting | 1 | 0 | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 [0.206, 1.000] | 1.000 [0.206, 1.000] | 1.000 [0.206, 1.000] | 1.000 [0.206, 1.000] | 1.000 [0.206, 1.000] | 0.00 | 0.0 | 100.0 | 100.0 | 10.00 |

## By scenario

| scenario | tasks | errors | accuracy | recall | precision | jaccard | positional | exact | equivalent | subcommand | zero LLM | no finding | LLM calls | prompt tokens | p50 ms | p95 ms | tasks/s |
|---|--:|--:|--:|--:|--:|--:|--:|---|---|---|---|---|--:|--:|--:|--:|--:|
| bare | 1 | 0 | 0.700 | 0.500 | 1.000 | 0.500 | 1.000 | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 1.000 [0.206, 1.000] | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 2.00 | 1000.0 | 300.0 | 300.0 | 3.33 |
| full | 2 | 1 | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 [0.095, 0.905] | 0.500 [0.095, 0.905] | 0.500 [0.095, 0.905] | 0.500 [0.095, 0.905] | 1.000 [0.342, 1.000] | 0.50 | 250.0 | 150.0 | 200.0 | 6.67 |

## By phrasing style

| style | tasks | errors | accuracy | recall | precision | jaccard | positional | exact | equivalent | subcommand | zero LLM | no finding | LLM calls | prompt tokens | p50 ms | p95 ms | tasks/s |
|---|--:|--:|--:|--:|--:|--:|--:|---|---|---|---|---|--:|--:|--:|--:|--:|
| (none) | 1 | 0 | 0.700 | 0.500 | 1.000 | 0.500 | 1.000 | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 1.000 [0.206, 1.000] | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 2.00 | 1000.0 | 300.0 | 300.0 | 3.33 |
| expert | 1 | 1 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 0.000 [0.000, 0.793] | 1.000 [0.206, 1.000] | 1.00 | 500.0 | 200.0 | 200.0 | 5.00 |
| novice | 1 | 0 | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 [0.206, 1.000] | 1.000 [0.206, 1.000] | 1.000 [0.206, 1.000] | 1.000 [0.206, 1.000] | 1.000 [0.206, 1.000] | 0.00 | 0.0 | 100.0 | 100.0 | 10.00 |

## Calibration

literal (file names compared): 0.000 [0.000, 0.561]; commands with a value the task never gave: 0.000 [0.000, 0.561]

~~~
wrong commands uncertain (exit 3): 0/3 = 0.000
right commands uncertain (exit 3): 0/0 = 0.000
confidence band   n  right
0.0–0.2         3  0.000
0.2–0.4         0  0.000
0.4–0.6         0  0.000
0.6–0.8         0  0.000
0.8–1.0         0  0.000
~~~
`

// The numbers above, checked by hand: accuracy (1+0.7+0)/3; exact 1 of 3
// with Wilson [0.0615, 0.7923]; latencies 100, 200, 300 ms give p50 200
// and nearest-rank p95 300; one worker does 3 tasks in 0.6 s (5/s) and the
// run 3 in 2 s (1.5/s).
func TestSummaryMarkdownGolden(t *testing.T) {
	var md strings.Builder
	if err := Summarize(goldenRows(), 2*time.Second).WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if md.String() != goldenMarkdown {
		t.Errorf("got\n%s\nwant\n%s", md.String(), goldenMarkdown)
	}
}

// goldenJSON is the summary of the first golden row alone; every group
// holds that row.
const goldenJSON = `{
"overall": {"group": "all", "tasks": 1, "errors": 0, "accuracy": 1, "recall": 1, "precision": 1, "jaccard": 1, "positional_order": 1,
  "exact": {"k": 1, "n": 1, "rate": 1, "lo": 0.2065, "hi": 1},
  "equivalent": {"k": 1, "n": 1, "rate": 1, "lo": 0.2065, "hi": 1},
  "subcommand_match": {"k": 1, "n": 1, "rate": 1, "lo": 0.2065, "hi": 1},
  "zero_llm_calls": {"k": 1, "n": 1, "rate": 1, "lo": 0.2065, "hi": 1},
  "no_finding": {"k": 1, "n": 1, "rate": 1, "lo": 0.2065, "hi": 1},
  "llm_calls_per_task": 0, "prompt_tokens_per_task": 0, "latency_median_ms": 100, "latency_p95_ms": 100, "tasks_per_second": 10},
"elapsed_seconds": 0, "tasks_per_second": 0,
"by_tool": [GROUP("samtools")],
"by_category": [GROUP("sorting")],
"by_scenario": [GROUP("full")],
"by_style": [GROUP("novice")],
"calibration": {"wrong_uncertain": {"k": 0, "n": 1, "rate": 0, "lo": 0, "hi": 0.7935}, "right_uncertain": {"k": 0, "n": 0, "rate": 0, "lo": 0, "hi": 1}, "bands": [{"lo": 0, "hi": 0.2, "n": 1, "right": 0, "rate": 0}, {"lo": 0.2, "hi": 0.4, "n": 0, "right": 0, "rate": 0}, {"lo": 0.4, "hi": 0.6, "n": 0, "right": 0, "rate": 0}, {"lo": 0.6, "hi": 0.8, "n": 0, "right": 0, "rate": 0}, {"lo": 0.8, "hi": 1, "n": 0, "right": 0, "rate": 0}]},
"literal": {"k": 0, "n": 1, "rate": 0, "lo": 0, "hi": 0.7935},
"sourceless": {"k": 0, "n": 1, "rate": 0, "lo": 0, "hi": 0.7935}
}`

func TestSummaryJSONGolden(t *testing.T) {
	var js strings.Builder
	if err := Summarize(goldenRows()[:1], 0).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	overall := goldenJSON[strings.Index(goldenJSON, `{"group"`):strings.Index(goldenJSON, `,
"elapsed`)]
	want := goldenJSON
	for _, g := range []string{"samtools", "sorting", "full", "novice"} {
		want = strings.Replace(want, `GROUP("`+g+`")`, strings.Replace(overall, `"all"`, `"`+g+`"`, 1), 1)
	}
	var a, b bytes.Buffer
	if err := json.Compact(&a, []byte(js.String())); err != nil {
		t.Fatal(err)
	}
	if err := json.Compact(&b, []byte(want)); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("got\n%s\nwant\n%s", a.String(), b.String())
	}
	if !strings.HasPrefix(js.String(), "{\n  \"overall\": {\n    \"group\": \"all\",\n") {
		t.Errorf("not indented: %.60q", js.String())
	}
}

func TestSummaryEmpty(t *testing.T) {
	s := Summarize(nil, time.Second)
	if s.Overall.Tasks != 0 || s.Overall.Exact != (Share{Lo: 0, Hi: 1}) || s.TasksPerSecond != 0 {
		t.Errorf("overall %+v", s.Overall)
	}
	var js strings.Builder
	if err := s.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"by_tool": []`) {
		t.Errorf("empty groups are not []: %s", js.String())
	}
	var md strings.Builder
	if err := s.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| all | 0 | 0 | 0.000 |") {
		t.Errorf("markdown %s", md.String())
	}
}

func TestLatencyPercentiles(t *testing.T) {
	var rows []Row
	for i := 1; i <= 20; i++ {
		rows = append(rows, Row{Latency: time.Duration(i) * time.Millisecond})
	}
	st := stats("x", rows)
	// Even count: the median is the mean of the middle two; p95 is the
	// 19th of 20 (nearest rank).
	if st.LatencyMedianMS != 10.5 || st.LatencyP95MS != 19 {
		t.Errorf("median %v, p95 %v", st.LatencyMedianMS, st.LatencyP95MS)
	}
	if st.TasksPerSecond != round(20/0.21) {
		t.Errorf("tasks/s %v", st.TasksPerSecond)
	}
	st = stats("x", []Row{{}})
	if st.TasksPerSecond != 0 {
		t.Errorf("zero latency gives %v tasks/s", st.TasksPerSecond)
	}
}

func TestSummaryWriteErrors(t *testing.T) {
	s := Summarize(goldenRows(), time.Second)
	if err := s.WriteMarkdown(failWriter{}); err == nil {
		t.Error("markdown: no error")
	}
	if err := s.WriteJSON(failWriter{}); err == nil {
		t.Error("json: no error")
	}
}
