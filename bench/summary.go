package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"
)

// z95 is the standard normal quantile for a two-sided 95 % interval.
const z95 = 1.959963984540054

// Wilson returns the Wilson score 95 % interval of k successes in n trials.
// It is used instead of the normal approximation because it stays inside
// [0, 1] and behaves at 0 and n, which small per-tool groups often hit.
// With n = 0 nothing is known and the interval is [0, 1].
func Wilson(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z95 * z95
	denom := 1 + z2/nf
	center := p + z2/(2*nf)
	margin := z95 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = (center-margin)/denom, (center+margin)/denom
	return max(0, lo), min(1, hi)
}

// Share is a proportion with its Wilson 95 % interval.
type Share struct {
	K    int     `json:"k"`
	N    int     `json:"n"`
	Rate float64 `json:"rate"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

func share(k, n int) Share {
	lo, hi := Wilson(k, n)
	s := Share{K: k, N: n, Lo: round(lo), Hi: round(hi)}
	if n > 0 {
		s.Rate = round(float64(k) / float64(n))
	}
	return s
}

// Stats aggregates the rows of one group.
type Stats struct {
	// Group is the value grouped on ("samtools", "full", …); "all" for the
	// overall line and "(none)" for rows with an empty value.
	Group  string `json:"group"`
	Tasks  int    `json:"tasks"`
	Errors int    `json:"errors"`

	Accuracy   float64 `json:"accuracy"`
	Recall     float64 `json:"recall"`
	Precision  float64 `json:"precision"`
	Jaccard    float64 `json:"jaccard"`
	Positional float64 `json:"positional_order"`

	Exact           Share `json:"exact"`
	Equivalent      Share `json:"equivalent"`
	SubcommandMatch Share `json:"subcommand_match"`
	ZeroLLMCalls    Share `json:"zero_llm_calls"`
	NoFinding       Share `json:"no_finding"`

	LLMCallsPerTask     float64 `json:"llm_calls_per_task"`
	PromptTokensPerTask float64 `json:"prompt_tokens_per_task"`
	// LatencyMedianMS and LatencyP95MS are per-task latencies; the p95 is
	// the nearest-rank percentile (an observed value, never interpolated).
	LatencyMedianMS float64 `json:"latency_median_ms"`
	LatencyP95MS    float64 `json:"latency_p95_ms"`
	// TasksPerSecond is the throughput of one worker: tasks over the sum of
	// their latencies. It is comparable across groups and runs whatever the
	// number of jobs; the run's wall-clock rate is [Summary.TasksPerSecond].
	TasksPerSecond float64 `json:"tasks_per_second"`
}

// Summary is the aggregate of a run.
type Summary struct {
	Overall Stats `json:"overall"`
	// ElapsedSeconds is the run's wall-clock time as given to [Summarize].
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	// TasksPerSecond is tasks over wall-clock time (0 when unknown).
	TasksPerSecond float64 `json:"tasks_per_second"`
	// Groups are sorted by name; each list is empty, not null, when there
	// are no rows.
	ByTool     []Stats `json:"by_tool"`
	ByCategory []Stats `json:"by_category"`
	ByScenario []Stats `json:"by_scenario"`
	ByStyle    []Stats `json:"by_style"`
	// Calibration says how well "uncertain" tracks "wrong" (literal), over
	// every row; Sourceless is the share of commands holding a value the
	// task never gave.
	Calibration Calibration `json:"calibration"`
	Literal     Share       `json:"literal"`
	Sourceless  Share       `json:"sourceless"`
}

// Summarize aggregates rows overall and per tool, category, run scenario
// and phrasing style; elapsed is the run's wall-clock time (0 if unknown).
// Numbers are rounded to 4 decimals so that the JSON is stable to read.
func Summarize(rows []Row, elapsed time.Duration) Summary {
	s := Summary{Overall: stats("all", rows), ElapsedSeconds: round(elapsed.Seconds())}
	if elapsed > 0 {
		s.TasksPerSecond = round(float64(len(rows)) / elapsed.Seconds())
	}
	s.ByTool = groupBy(rows, func(r Row) string { return r.Tool })
	s.ByCategory = groupBy(rows, func(r Row) string { return r.Category })
	s.ByScenario = groupBy(rows, func(r Row) string { return r.Scenario })
	s.ByStyle = groupBy(rows, func(r Row) string { return r.Style })
	s.Calibration, s.Literal, s.Sourceless = calibration(rows)
	return s
}

// calibration computes the calibration figures, the literal share and the
// sourceless share of rows.
func calibration(rows []Row) (Calibration, Share, Share) {
	outs := make([]Outcome, 0, len(rows))
	lit, src := 0, 0
	for _, r := range rows {
		outs = append(outs, Outcome{Right: r.Literal, Uncertain: r.Uncertain, Confidence: r.Confidence})
		if r.Literal {
			lit++
		}
		if len(r.Sourceless) > 0 {
			src++
		}
	}
	return Calibrate(outs), share(lit, len(rows)), share(src, len(rows))
}

func groupBy(rows []Row, key func(Row) string) []Stats {
	groups := map[string][]Row{}
	for _, r := range rows {
		k := key(r)
		if k == "" {
			k = "(none)"
		}
		groups[k] = append(groups[k], r)
	}
	names := make([]string, 0, len(groups))
	for k := range groups {
		names = append(names, k)
	}
	sort.Strings(names)
	out := make([]Stats, 0, len(names))
	for _, k := range names {
		out = append(out, stats(k, groups[k]))
	}
	return out
}

func stats(name string, rows []Row) Stats {
	st := Stats{Group: name, Tasks: len(rows)}
	n := len(rows)
	if n == 0 {
		st.Exact, st.Equivalent, st.SubcommandMatch = share(0, 0), share(0, 0), share(0, 0)
		st.ZeroLLMCalls, st.NoFinding = share(0, 0), share(0, 0)
		return st
	}
	var acc, rec, prec, jac, pos, calls, tokens float64
	var exact, equiv, sub, zero, clean int
	var lat []time.Duration
	var latSum time.Duration
	for _, r := range rows {
		acc += r.Accuracy
		rec += r.Recall
		prec += r.Precision
		jac += r.Jaccard
		pos += r.PositionalOrder
		calls += float64(r.LLMCalls)
		tokens += float64(r.PromptTokens)
		exact += b2i(r.Exact)
		equiv += b2i(r.Equivalent)
		sub += b2i(r.SubcommandMatch)
		zero += b2i(r.LLMCalls == 0)
		clean += b2i(r.Findings == 0)
		if r.Err != "" {
			st.Errors++
		}
		lat = append(lat, r.Latency)
		latSum += r.Latency
	}
	nf := float64(n)
	st.Accuracy, st.Recall, st.Precision = round(acc/nf), round(rec/nf), round(prec/nf)
	st.Jaccard, st.Positional = round(jac/nf), round(pos/nf)
	st.Exact, st.Equivalent, st.SubcommandMatch = share(exact, n), share(equiv, n), share(sub, n)
	st.ZeroLLMCalls, st.NoFinding = share(zero, n), share(clean, n)
	st.LLMCallsPerTask, st.PromptTokensPerTask = round(calls/nf), round(tokens/nf)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	median := lat[n/2]
	if n%2 == 0 {
		median = (lat[n/2-1] + lat[n/2]) / 2
	}
	st.LatencyMedianMS = round(ms(median))
	st.LatencyP95MS = round(ms(lat[int(math.Ceil(0.95*nf))-1]))
	if latSum > 0 {
		st.TasksPerSecond = round(nf / latSum.Seconds())
	}
	return st
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// WriteJSON writes the summary as indented JSON.
func (s Summary) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteMarkdown writes one table for the overall line and one per
// grouping, in a fixed order, with fixed precision: ratios with 3
// decimals, shares as "rate [lo, hi]", latencies in ms with 1 decimal.
func (s Summary) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Bench summary\n\n%d tasks, %.1f s, %.2f tasks/s\n", s.Overall.Tasks, s.ElapsedSeconds, s.TasksPerSecond)
	for _, sec := range []struct {
		title, col string
		rows       []Stats
	}{
		{"Overall", "", []Stats{s.Overall}},
		{"By tool", "tool", s.ByTool},
		{"By category", "category", s.ByCategory},
		{"By scenario", "scenario", s.ByScenario},
		{"By phrasing style", "style", s.ByStyle},
	} {
		col := sec.col
		if col == "" {
			col = "group"
		}
		fmt.Fprintf(&b, "\n## %s\n\n", sec.title)
		fmt.Fprintf(&b, "| %s | tasks | errors | accuracy | recall | precision | jaccard | positional | exact | equivalent | subcommand | zero LLM | no finding | LLM calls | prompt tokens | p50 ms | p95 ms | tasks/s |\n", col)
		b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|---|---|---|---|---|--:|--:|--:|--:|--:|\n")
		for _, st := range sec.rows {
			fmt.Fprintf(&b, "| %s | %d | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %s | %s | %s | %s | %s | %.2f | %.1f | %.1f | %.1f | %.2f |\n",
				escapeCell(st.Group), st.Tasks, st.Errors, st.Accuracy, st.Recall, st.Precision, st.Jaccard, st.Positional,
				cell(st.Exact), cell(st.Equivalent), cell(st.SubcommandMatch), cell(st.ZeroLLMCalls), cell(st.NoFinding),
				st.LLMCallsPerTask, st.PromptTokensPerTask, st.LatencyMedianMS, st.LatencyP95MS, st.TasksPerSecond)
		}
	}
	fmt.Fprintf(&b, "\n## Calibration\n\nliteral (file names compared): %s; commands with a value the task never gave: %s\n\n~~~\n", cell(s.Literal), cell(s.Sourceless))
	s.Calibration.Write(&b)
	b.WriteString("~~~\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func cell(s Share) string { return fmt.Sprintf("%.3f [%.3f, %.3f]", s.Rate, s.Lo, s.Hi) }

// escapeCell keeps a group name from breaking the table.
func escapeCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
