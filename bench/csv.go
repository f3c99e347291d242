package bench

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Case is one task of the bench: a description to turn into a command and
// the reference command to compare with.
type Case struct {
	Toolset string `json:"toolset"`
	Tool    string `json:"tool"`
	// ScenarioID identifies the task within its tool (a row of the bench
	// CSV); it is not the run scenario (bare, doc, full) of [Options].
	ScenarioID string `json:"scenario_id"`
	// ReferenceArgs are the reference arguments without the executable.
	ReferenceArgs string `json:"reference_args"`
	// Task is the plain-language description given to the generator.
	Task     string `json:"task"`
	Category string `json:"category"`
	// DescID and Style come from the phrasings CSV (desc_id, user_level);
	// both are empty for the bench's own task_description.
	DescID string `json:"desc_id,omitempty"`
	Style  string `json:"style,omitempty"`
	// Source is "file:line" of the row, for messages.
	Source string `json:"-"`
}

// Reference is the reference command line: the tool, then its arguments.
func (c Case) Reference() string {
	return strings.TrimSpace(c.Tool + " " + c.ReferenceArgs)
}

// Phrasing is one alternative description of a bench task, joined to it
// on (Toolset, Tool, ScenarioID).
type Phrasing struct {
	Toolset, Tool, ScenarioID string
	// DescID names the description; Style is its user_level ("novice",
	// "expert", …), the grouping of the per-style summary.
	DescID, Style string
	Description   string
	// Source is "file:line" of the row.
	Source string
}

// Column names of the input files.
var (
	caseColumns     = []string{"toolset", "tool", "scenario_id", "reference_args", "task_description", "category"}
	phrasingColumns = []string{"toolset", "tool", "scenario_id", "desc_id", "user_level", "description"}
)

// table reads a CSV with a header; rows come back as maps by column name.
// Columns may come in any order and extra columns are ignored, but every
// wanted column must be in the header and every row must have as many
// fields as the header: a short row usually means an unquoted comma.
func table(r io.Reader, name string, want []string, row func(line int, get func(string) string) error) error {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return fmt.Errorf("%s:1: empty file, want header %s", name, strings.Join(want, ","))
	}
	if err != nil {
		return csvError(name, err)
	}
	index := map[string]int{}
	for i, h := range header {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		index[strings.ToLower(h)] = i
	}
	var missing []string
	for _, w := range want {
		if _, ok := index[w]; !ok {
			missing = append(missing, w)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s:1: header lacks column(s) %s", name, strings.Join(missing, ", "))
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return csvError(name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(header) {
			return fmt.Errorf("%s:%d: %d fields, want %d (%s)", name, line, len(rec), len(header), strings.Join(header, ","))
		}
		get := func(col string) string { return strings.TrimSpace(rec[index[col]]) }
		if err := row(line, get); err != nil {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
}

func csvError(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s:%d: %v", name, pe.Line, pe.Err)
	}
	return fmt.Errorf("%s: %w", name, err)
}

func required(get func(string) string, cols ...string) error {
	for _, c := range cols {
		if get(c) == "" {
			return fmt.Errorf("empty %s", c)
		}
	}
	return nil
}

// ParseCases reads a bench CSV with the columns toolset, tool, scenario_id,
// reference_args, task_description, category; name is used in messages.
// A (toolset, tool, scenario_id) must be unique: phrasings join on it.
func ParseCases(r io.Reader, name string) ([]Case, error) {
	var cases []Case
	seen := map[[3]string]string{}
	err := table(r, name, caseColumns, func(line int, get func(string) string) error {
		if err := required(get, "tool", "scenario_id", "task_description"); err != nil {
			return err
		}
		c := Case{Toolset: get("toolset"), Tool: get("tool"), ScenarioID: get("scenario_id"),
			ReferenceArgs: get("reference_args"), Task: get("task_description"),
			Category: get("category"), Source: name + ":" + strconv.Itoa(line)}
		key := [3]string{c.Toolset, c.Tool, c.ScenarioID}
		if prev, ok := seen[key]; ok {
			return fmt.Errorf("duplicate scenario %s/%s/%s (first at %s)", c.Toolset, c.Tool, c.ScenarioID, prev)
		}
		seen[key] = c.Source
		cases = append(cases, c)
		return nil
	})
	return cases, err
}

// ParsePhrasings reads a phrasings CSV with the columns toolset, tool,
// scenario_id, desc_id, user_level, description.
func ParsePhrasings(r io.Reader, name string) ([]Phrasing, error) {
	var ps []Phrasing
	err := table(r, name, phrasingColumns, func(line int, get func(string) string) error {
		if err := required(get, "tool", "scenario_id", "description"); err != nil {
			return err
		}
		ps = append(ps, Phrasing{Toolset: get("toolset"), Tool: get("tool"), ScenarioID: get("scenario_id"),
			DescID: get("desc_id"), Style: get("user_level"), Description: get("description"),
			Source: name + ":" + strconv.Itoa(line)})
		return nil
	})
	return ps, err
}

// ApplyPhrasings turns each case with phrasings into one case per phrasing
// (its description as the task, its user_level as the style), in the
// phrasings' order; a case without phrasings stays as it is. Phrasings of
// scenarios not in cases are ignored, so that a subset of the bench can be
// run with the full phrasings file.
func ApplyPhrasings(cases []Case, ps []Phrasing) []Case {
	by := map[[3]string][]Phrasing{}
	for _, p := range ps {
		k := [3]string{p.Toolset, p.Tool, p.ScenarioID}
		by[k] = append(by[k], p)
	}
	out := make([]Case, 0, len(cases))
	for _, c := range cases {
		list := by[[3]string{c.Toolset, c.Tool, c.ScenarioID}]
		if len(list) == 0 {
			out = append(out, c)
			continue
		}
		for _, p := range list {
			d := c
			d.Task, d.DescID, d.Style, d.Source = p.Description, p.DescID, p.Style, p.Source
			out = append(out, d)
		}
	}
	return out
}

// Load reads the bench CSV and, when phrasingsPath is not empty, applies
// the phrasings CSV to it.
func Load(benchPath, phrasingsPath string) ([]Case, error) {
	cases, err := readFile(benchPath, ParseCases)
	if err != nil || phrasingsPath == "" {
		return cases, err
	}
	ps, err := readFile(phrasingsPath, ParsePhrasings)
	if err != nil {
		return nil, err
	}
	return ApplyPhrasings(cases, ps), nil
}

func readFile[T any](path string, parse func(io.Reader, string) ([]T, error)) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parse(f, path)
}

// rowColumns is the header of the results CSV.
var rowColumns = []string{"toolset", "tool", "scenario_id", "desc_id", "user_level", "category",
	"scenario", "task", "reference", "command", "exact", "equivalent", "subcommand_match",
	"recall", "precision", "jaccard", "positional_order", "accuracy",
	"literal", "uncertain", "confidence",
	"llm_calls", "prompt_tokens", "findings", "latency_ms", "error"}

// WriteRows writes one CSV line per row, with a header; ratios have four
// decimals and the latency is in milliseconds with one.
func WriteRows(w io.Writer, rows []Row) error {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	recs := make([][]string, 0, len(rows)+1)
	recs = append(recs, rowColumns)
	for _, r := range rows {
		recs = append(recs, []string{r.Toolset, r.Tool, r.ScenarioID, r.DescID, r.Style, r.Category,
			r.Scenario, r.Task, r.Reference(), r.Command,
			strconv.FormatBool(r.Exact), strconv.FormatBool(r.Equivalent), strconv.FormatBool(r.SubcommandMatch),
			f(r.Recall), f(r.Precision), f(r.Jaccard), f(r.PositionalOrder), f(r.Accuracy),
			strconv.FormatBool(r.Literal), strconv.FormatBool(r.Uncertain), f(r.Confidence),
			strconv.Itoa(r.LLMCalls), strconv.Itoa(r.PromptTokens), strconv.Itoa(r.Findings),
			strconv.FormatFloat(ms(r.Latency), 'f', 1, 64), r.Err})
	}
	return csv.NewWriter(w).WriteAll(recs)
}
