package cli

import (
	"os"
	"strings"
	"testing"
)

// A line over 4 MiB (a hand-edited or corrupted file) is skipped with a
// warning; list and show still work for the other entries.
func TestHistorySkipsOverlongLine(t *testing.T) {
	f := filtEnv(t)
	f.run("dry-run", "filt", filtTask)
	fh, err := os.OpenFile(f.historyPath(), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fh.WriteString(`{"id":"huge","task":"` + strings.Repeat("x", maxHistoryLine+10) + "\"}\n")
	fh.Close()
	f.run("dry-run", "filt", filtTask)
	out, errOut, code := f.run("history", "list")
	if code != 0 || !strings.Contains(errOut, "warning: 1 unreadable lines in "+f.historyPath()+" skipped") {
		t.Fatalf("list: %d %s", code, errOut)
	}
	if n := strings.Count(out, "filt -o out.txt"); n != 2 || strings.Contains(out, "huge") {
		t.Fatalf("list:\n%s", out)
	}
	entries, _, _ := History{Path: f.historyPath()}.Read()
	if len(entries) != 2 {
		t.Fatalf("entries: %d", len(entries))
	}
	out, errOut, code = f.run("history", "show", entries[1].ID)
	if code != 0 || !strings.Contains(out, entries[1].ID) || !strings.Contains(errOut, "1 unreadable lines") {
		t.Fatalf("show: %d %s %s", code, out, errOut)
	}
}

// A torn last line (a write cut short, no newline) is ended before the
// next append, so the new entry is not glued onto it and lost.
func TestHistoryRepairsTornLastLine(t *testing.T) {
	f := filtEnv(t)
	f.run("dry-run", "filt", filtTask)
	fh, err := os.OpenFile(f.historyPath(), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fh.WriteString(`{"id":"torn","time":"2026-`)
	fh.Close()
	f.run("dry-run", "filt", "filter in.txt keeping quality above 9 into nine.txt")
	out, errOut, code := f.run("history", "list")
	if code != 0 || !strings.Contains(errOut, "warning: 1 unreadable lines") {
		t.Fatalf("list: %d %s", code, errOut)
	}
	if !strings.Contains(out, "filt -o nine.txt -q 9 in.txt") || strings.Count(out, "\n") != 3 {
		t.Fatalf("the entry after the torn line was lost:\n%s", out)
	}
	b, _ := os.ReadFile(f.historyPath())
	if !strings.Contains(string(b), "\"time\":\"2026-\n{") {
		t.Fatalf("torn line not ended before the new entry:\n%s", b)
	}
}

// ESC and other control bytes in history entries are escaped in text
// output; --json keeps them exact (encoding/json escapes them).
func TestHistoryListEscapesControlBytes(t *testing.T) {
	f := filtEnv(t)
	e := HistoryEntry{ID: "ab\x1b[2Jcd", Time: "2026-11-30T12:00:00Z", Tool: "filt", Command: "filt \x1b]0;owned\x07 \u009b31m \u202egnp.exe in.txt"}
	if err := (History{Path: f.historyPath()}).Append(e); err != nil {
		t.Fatal(err)
	}
	out, _, code := f.run("history", "list")
	if code != 0 || strings.ContainsAny(out, "\x1b\x07\u009b\u202e") {
		t.Fatalf("raw control bytes in:\n%q", out)
	}
	for _, want := range []string{`ab\x1b[2Jcd`, `filt \x1b]0;owned\x07 \u009b31m \u202egnp.exe in.txt`} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	out, _, _ = f.run("--json", "history", "list")
	var list []HistoryEntry
	decodeJSON(t, out, &list)
	if len(list) != 1 || list[0].Command != e.Command || strings.Contains(out, "\x1b") {
		t.Fatalf("json: %q", out)
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain text, 中文 ok":  "plain text, 中文 ok",
		"a\x1bb\tc\nd\x7f":   `a\x1bb\x09c\x0ad\x7f`,
		"\u0085\u009b\u2066": `\u0085\u009b\u2066`,
		"bad\xffutf8":        `bad\xffutf8`,
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// A batch item with ESC in its name is escaped in the failure line.
func TestBatchItemControlBytesEscaped(t *testing.T) {
	f := batchEnv(t)
	item := "fail\x1b[2J.txt"
	f.write(item, "x\n")
	_, errOut, code := f.run("run", "--input-items", item, "filt", "filter {item} keeping quality above 20 into {stem}.out")
	if code != ExitError || !strings.Contains(errOut, `[1/1] fail\x1b[2J.txt: failed (exit 7)`) || strings.Contains(errOut, "[1/1] fail\x1b") {
		t.Fatalf("%d %q", code, errOut)
	}
}

// A refusal that names another batch item escapes its control bytes too.
func TestRefusedBatchItemControlBytesEscaped(t *testing.T) {
	f := batchEnv(t)
	item := "a\x1b]0;x\x07.txt"
	f.write(item, "x\n")
	f.write("b.txt", "x\n")
	_, errOut, code := f.run("run", "--yes", "--input-items", item+",b.txt", "filt", "filter {item} keeping quality above 20 into same.out")
	if code == 0 || !strings.Contains(errOut, `[2/2] b.txt: refused: same.out is also written by item 1 (a\x1b]0;x\x07.txt)`) || strings.ContainsAny(errOut, "\x1b\x07") {
		t.Fatalf("%d %q", code, errOut)
	}
}
