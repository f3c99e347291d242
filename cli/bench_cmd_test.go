package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/bench"
)

// benchCSV has two filt tasks and one kit task with reference commands.
const benchCSV = `toolset,tool,scenario_id,reference_args,task_description,category
,filt,1,-o out.txt -q 20 in.txt,filter in.txt keeping quality above 20 into out.txt,filtering
,filt,2,-t 8 in.txt,process in.txt with 8 threads,performance
,kit,1,sort -o sorted.txt in.txt,sort in.txt into sorted.txt,sorting
`

// benchPhrasings gives filt's first task two other descriptions.
const benchPhrasings = `toolset,tool,scenario_id,desc_id,user_level,description
,filt,1,d1,novice,filter in.txt keeping quality above 20 into out.txt
,filt,1,d2,expert,write out.txt from in.txt keeping quality above 20
`

func benchEnv(t *testing.T) (*fakeEnv, string) {
	t.Helper()
	f := filtEnv(t)
	f.tool("kit", kitScript)
	return f, f.write("tasks.csv", benchCSV)
}

// readRows reads rows.csv as maps by column.
func readRows(t *testing.T, path string) []map[string]string {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	recs, err := csv.NewReader(fh).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("rows.csv: %v", err)
	}
	var out []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

func TestBenchScoresTasksWithoutRunningThem(t *testing.T) {
	f, tasks := benchEnv(t)
	out := filepath.Join(f.root, "bench-out")
	stdout, errOut, code := f.run("bench", "--csv", tasks, "--out", out, "--jobs", "2")
	if code != 0 {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if f.exists("out.txt") || f.exists("sorted.txt") {
		t.Fatal("bench ran a tool")
	}
	if len(f.history()) != 0 {
		t.Fatal("bench wrote history")
	}
	// stdout is the Markdown summary, stderr the one-line report.
	if !strings.HasPrefix(stdout, "# Bench summary\n\n3 tasks, ") || !strings.Contains(stdout, "\n## By tool\n") || !strings.Contains(stdout, "| kit | 1 | 0 |") {
		t.Fatalf("summary:\n%s", stdout)
	}
	if !strings.HasPrefix(errOut, "3 rows in ") || !strings.Contains(errOut, ", peak memory ") || !strings.HasSuffix(errOut, "; wrote "+out+"\n") || strings.Contains(errOut, "peak memory unknown") {
		t.Fatalf("stderr: %q", errOut)
	}
	// rows.csv: one row per task, in input order, scored against the reference.
	rows := readRows(t, filepath.Join(out, "rows.csv"))
	if len(rows) != 3 {
		t.Fatalf("rows: %v", rows)
	}
	first := rows[0]
	if first["tool"] != "filt" || first["command"] != "filt -o out.txt -q 20 in.txt" || first["exact"] != "true" || first["scenario"] != "full" {
		t.Fatalf("row 1: %v", first)
	}
	// The input files are not in bench's directory, and that is no finding.
	if first["findings"] != "0" {
		t.Fatalf("row 1 findings: %v", first)
	}
	if rows[2]["tool"] != "kit" || rows[2]["command"] != "kit sort -o sorted.txt in.txt" || rows[2]["subcommand_match"] != "true" {
		t.Fatalf("row 3: %v", rows[2])
	}
	// summary.json and summary.md say the same as stdout.
	var sum bench.Summary
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil || json.Unmarshal(b, &sum) != nil {
		t.Fatalf("summary.json: %v %s", err, b)
	}
	if sum.Overall.Tasks != 3 || len(sum.ByTool) != 2 || sum.ByTool[0].Group != "filt" || sum.ByTool[0].Tasks != 2 || sum.Overall.Exact.Rate == 0 {
		t.Fatalf("summary: %+v", sum)
	}
	if md, _ := os.ReadFile(filepath.Join(out, "summary.md")); !strings.HasPrefix(string(md), "# Bench summary\n\n3 tasks, ") {
		t.Fatalf("summary.md: %s", md)
	}
}

func TestBenchScenariosToolsLimitPhrasings(t *testing.T) {
	f, tasks := benchEnv(t)
	out := filepath.Join(f.root, "o")
	// Two scenarios: every case runs under each, side by side.
	stdout, _, code := f.run("--json", "bench", "--csv", tasks, "--out", out, "--scenario", "bare", "--scenario", "doc", "--tools", "kit,filt", "--limit", "2")
	var sum bench.Summary
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil || code != 0 {
		t.Fatalf("--json: %d %v\n%s", code, err, stdout)
	}
	if sum.Overall.Tasks != 4 || len(sum.ByScenario) != 2 || sum.ByScenario[0].Group != "bare" || sum.ByScenario[1].Group != "doc" {
		t.Fatalf("scenarios: %+v", sum)
	}
	rows := readRows(t, filepath.Join(out, "rows.csv"))
	if len(rows) != 4 || rows[0]["scenario"] != "bare" || rows[1]["scenario"] != "doc" || rows[0]["scenario_id"] != rows[1]["scenario_id"] {
		t.Fatalf("rows: %v", rows)
	}
	// --tools keeps one tool.
	if _, _, code := f.run("bench", "--csv", tasks, "--out", out, "--tools", "kit"); code != 0 {
		t.Fatal(code)
	}
	if rows := readRows(t, filepath.Join(out, "rows.csv")); len(rows) != 1 || rows[0]["tool"] != "kit" {
		t.Fatalf("--tools kit: %v", rows)
	}
	// Phrasings replace a task's description, one row each, grouped by style.
	ph := f.write("phrasings.csv", benchPhrasings)
	stdout, _, code = f.run("--json", "bench", "--csv", tasks, "--phrasings", ph, "--out", out, "--tools", "filt")
	sum = bench.Summary{}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil || code != 0 {
		t.Fatalf("phrasings: %d %v", code, err)
	}
	styles := map[string]int{}
	for _, s := range sum.ByStyle {
		styles[s.Group] = s.Tasks
	}
	if sum.Overall.Tasks != 3 || styles["novice"] != 1 || styles["expert"] != 1 {
		t.Fatalf("styles: %+v", sum.ByStyle)
	}
}

func TestBenchProgressOnATerminal(t *testing.T) {
	f, tasks := benchEnv(t)
	f.interactive = true
	_, errOut, code := f.run("bench", "--csv", tasks, "--out", filepath.Join(f.root, "o"))
	if code != 0 || !strings.Contains(errOut, "\r[") || !strings.Contains(errOut, "3/3") {
		t.Fatalf("%d %q", code, errOut)
	}
}

func TestBenchFailedGenerationIsAnErrorRow(t *testing.T) {
	f, _ := benchEnv(t)
	tasks := f.write("t.csv", "toolset,tool,scenario_id,reference_args,task_description,category\n,bad/../tool,1,x,do x,c\n,filt,2,-t 8 in.txt,process in.txt with 8 threads,c\n")
	out := filepath.Join(f.root, "o")
	stdout, errOut, code := f.run("--json", "bench", "--csv", tasks, "--out", out)
	var sum bench.Summary
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil || code != 0 {
		t.Fatalf("%d %v %s", code, err, errOut)
	}
	if sum.Overall.Tasks != 2 || sum.Overall.Errors != 1 || sum.Overall.Accuracy != 0.5 {
		t.Fatalf("overall: %+v", sum.Overall)
	}
	rows := readRows(t, filepath.Join(out, "rows.csv"))
	if len(rows) != 2 || !strings.Contains(rows[0]["error"], "'..'") || rows[0]["command"] != "" || rows[1]["error"] != "" || rows[1]["exact"] != "true" {
		t.Fatalf("rows: %v", rows)
	}
}

func TestBenchErrors(t *testing.T) {
	f, tasks := benchEnv(t)
	if _, errOut, code := f.run("bench", "--csv", tasks, "--scenario", "nope"); code != ExitUsage || !strings.Contains(errOut, `--scenario "nope": want bare, doc or full`) {
		t.Fatalf("scenario: %d %s", code, errOut)
	}
	if _, errOut, code := f.run("bench", "--csv", "missing.csv"); code != ExitError || !strings.Contains(errOut, "missing.csv") {
		t.Fatalf("missing csv: %d %s", code, errOut)
	}
	bad := f.write("bad.csv", "tool,task\nfilt,x\n")
	if _, errOut, code := f.run("bench", "--csv", bad); code != ExitError || !strings.Contains(errOut, "bad.csv") {
		t.Fatalf("bad header: %d %s", code, errOut)
	}
	if _, errOut, code := f.run("bench"); code == 0 || !strings.Contains(errOut, "csv") {
		t.Fatalf("no --csv: %d %s", code, errOut)
	}
	// The output directory cannot be made, or a file in it cannot be written.
	blocker := f.write("blocker", "a file")
	if _, errOut, code := f.run("bench", "--csv", tasks, "--out", blocker); code != ExitError || !strings.Contains(errOut, "blocker") {
		t.Fatalf("out is a file: %d %s", code, errOut)
	}
	out := filepath.Join(f.root, "o")
	for _, name := range []string{"rows.csv", "summary.json", "summary.md"} {
		os.RemoveAll(out)
		os.MkdirAll(filepath.Join(out, name), 0o755)
		os.WriteFile(filepath.Join(out, name, "x"), nil, 0o644)
		if _, errOut, code := f.run("bench", "--csv", tasks, "--out", out); code != ExitError || !strings.Contains(errOut, name) {
			t.Errorf("%s unwritable: %d %s", name, code, errOut)
		}
	}
}
