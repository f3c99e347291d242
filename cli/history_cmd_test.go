package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func (f *fakeEnv) historyPath() string {
	return filepath.Join(f.env["XDG_DATA_HOME"], "oxo-call", "history.jsonl")
}

func TestHistoryListShowsExitCodesAndFilters(t *testing.T) {
	f := filtEnv(t)
	f.tool("kit", kitScript)
	f.write("fail.txt", "x\n")
	f.run("dry-run", "filt", filtTask)
	f.run("run", "filt", "filter in.txt keeping quality above 5 into a.txt")
	f.run("run", "filt", "filter fail.txt keeping quality above 5 into b.txt")
	f.run("dry-run", "kit", "sort in.txt into sorted.txt")

	out, errOut, code := f.run("history", "list")
	if code != 0 || errOut != "" {
		t.Fatalf("%d %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 || strings.Join(strings.Fields(lines[0]), " ") != "ID TIME EXIT COMMAND" {
		t.Fatalf("list:\n%s", out)
	}
	// Oldest first; EXIT is "dry" for a dry run, else the tool's code.
	for i, want := range []string{
		"2026-11-30T12:00:00Z dry filt -o out.txt -q 20 in.txt",
		"2026-11-30T12:00:00Z 0 filt -o a.txt -q 5 in.txt",
		"2026-11-30T12:00:00Z 7 filt -o b.txt -q 5 fail.txt",
		"2026-11-30T12:00:00Z dry kit sort -o sorted.txt in.txt",
	} {
		if got := strings.Join(strings.Fields(lines[i+1])[1:], " "); got != want {
			t.Errorf("row %d: %q, want %q", i+1, got, want)
		}
	}
	// -n keeps the newest; --tool keeps one tool.
	out, _, _ = f.run("history", "list", "-n", "2")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 3 || !strings.Contains(lines[1], "fail.txt") || !strings.Contains(lines[2], "kit sort") {
		t.Fatalf("-n 2:\n%s", out)
	}
	out, _, _ = f.run("hist", "list", "--tool", "kit")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2 || !strings.Contains(lines[1], "kit sort") {
		t.Fatalf("--tool kit:\n%s", out)
	}
	out, _, _ = f.run("--json", "history", "list", "--tool", "filt", "-n", "1")
	var list []HistoryEntry
	decodeJSON(t, out, &list)
	if len(list) != 1 || list[0].ExitCode == nil || *list[0].ExitCode != 7 || list[0].Tool != "filt" {
		t.Fatalf("--json: %+v", list)
	}
	// show prints one entry as JSON.
	out, _, code = f.run("history", "show", list[0].ID)
	var e HistoryEntry
	decodeJSON(t, out, &e)
	if code != 0 || e.ID != list[0].ID || e.Command != "filt -o b.txt -q 5 fail.txt" {
		t.Fatalf("show: %d %+v", code, e)
	}
	if _, errOut, code := f.run("history", "show"); code != ExitUsage || !strings.Contains(errOut, "expected an entry id") {
		t.Fatalf("show without id: %d %s", code, errOut)
	}
}

func TestHistorySkipsUnreadableLines(t *testing.T) {
	f := filtEnv(t)
	f.run("dry-run", "filt", filtTask)
	fh, err := os.OpenFile(f.historyPath(), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fh.WriteString("not json\n{\"tool\":\"no id\"}\n")
	fh.Close()
	f.run("dry-run", "filt", filtTask)
	out, errOut, code := f.run("history", "list")
	if code != 0 || !strings.Contains(errOut, "warning: 2 unreadable lines in "+f.historyPath()+" skipped") {
		t.Fatalf("%d %s", code, errOut)
	}
	if n := strings.Count(out, "filt -o out.txt"); n != 2 {
		t.Fatalf("the good entries are still listed (%d):\n%s", n, out)
	}
	// An empty history is an empty list.
	g := filtEnv(t)
	if out, _, code := g.run("history", "list", "--json"); code != 0 || strings.TrimSpace(out) != "[]" {
		t.Fatalf("empty: %d %q", code, out)
	}
}

func TestHistoryUnreadableFile(t *testing.T) {
	f := filtEnv(t)
	if err := os.MkdirAll(f.historyPath(), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"history", "list"}, {"history", "show", "x"}} {
		if out, errOut, code := f.run(args...); code != ExitError || out != "" || !strings.Contains(errOut, "oxo-call: ") {
			t.Errorf("%q: %d %q %s", args, code, out, errOut)
		}
	}
	// A history that cannot be appended to is a warning; the command works.
	if out, errOut, code := f.run("dry-run", "filt", filtTask); code != 0 || out != "filt -o out.txt -q 20 in.txt\n" || !strings.Contains(errOut, "warning: could not write history: ") {
		t.Fatalf("dry-run: %d %q %s", code, out, errOut)
	}
	// clear cannot remove a directory with content.
	os.WriteFile(filepath.Join(f.historyPath(), "x"), nil, 0o644)
	if _, errOut, code := f.run("history", "clear", "--yes"); code != ExitError || !strings.Contains(errOut, "history.jsonl") {
		t.Fatalf("clear: %d %s", code, errOut)
	}
}

func TestHistoryClearAsksOnATerminal(t *testing.T) {
	f := filtEnv(t)
	f.run("dry-run", "filt", filtTask)
	f.interactive = true
	f.stdin = "n\n"
	_, errOut, code := f.run("history", "clear")
	if code != 0 || !strings.Contains(errOut, "delete the whole history in "+f.historyPath()+"? [y/N] ") || !strings.Contains(errOut, "kept the history") {
		t.Fatalf("answer n: %d %s", code, errOut)
	}
	if len(f.history()) != 1 {
		t.Fatal("history deleted after answering n")
	}
	f.stdin = "y\n"
	if _, errOut, code := f.run("history", "clear"); code != 0 || strings.Contains(errOut, "kept") {
		t.Fatalf("answer y: %d %s", code, errOut)
	}
	if _, err := os.Stat(f.historyPath()); !os.IsNotExist(err) {
		t.Fatal("history still there")
	}
	// Clearing an empty history is fine.
	if _, errOut, code := f.run("history", "clear", "-y"); code != 0 {
		t.Fatalf("empty: %d %s", code, errOut)
	}
}
