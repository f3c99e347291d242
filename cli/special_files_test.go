//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// special puts a FIFO or a symlink to /dev/zero at path.
func special(t *testing.T, path, kind string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	var err error
	if kind == "fifo" {
		err = syscall.Mkfifo(path, 0o644)
	} else {
		err = os.Symlink("/dev/zero", path)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// kindWord is how the warning names each kind of special file.
var kindWord = map[string]string{"fifo": "not a regular file (a FIFO)", "zero": "not a regular file (a character device)"}

// A FIFO or a /dev/zero link as a skill, rule, config file or added doc
// is skipped with a warning naming it; the command still works.
func TestSpecialFilesInUserDirsAreSkipped(t *testing.T) {
	for _, kind := range []string{"fifo", "zero"} {
		for _, site := range []struct {
			name string
			path func(f *fakeEnv) string
			args []string
			out  string
		}{
			{"config", func(f *fakeEnv) string { return filepath.Join(f.env["XDG_CONFIG_HOME"], "oxo-call", "config.yaml") },
				[]string{"dry-run", "filt", filtTask}, "filt -o out.txt -q 20 in.txt\n"},
			{"skill", func(f *fakeEnv) string { return filepath.Join(f.userSkillsDir(), "filt.md") },
				[]string{"dry-run", "filt", filtTask}, "filt -o out.txt -q 20 in.txt\n"},
			{"rule", func(f *fakeEnv) string {
				return filepath.Join(f.env["XDG_CONFIG_HOME"], "oxo-call", "rules", "frameworks", "x.yaml")
			}, []string{"dry-run", "filt", filtTask}, "filt -o out.txt -q 20 in.txt\n"},
			{"doc", func(f *fakeEnv) string { return filepath.Join(f.userDocsDir(), "ghosttool.txt") },
				[]string{"dry-run", "ghosttool", "filter in.txt"}, ""},
		} {
			t.Run(site.name+"/"+kind, func(t *testing.T) {
				f := filtEnv(t)
				p := site.path(f)
				special(t, p, kind)
				start := time.Now()
				out, errOut, code := f.boundedRun(site.args...)
				if !strings.Contains(errOut, p) || !strings.Contains(errOut, kindWord[kind]) {
					t.Fatalf("no warning naming %s (exit %d):\n%s", p, code, errOut)
				}
				if site.out != "" && (code != 0 || out != site.out) {
					t.Fatalf("exit %d, stdout %q, want %q\n%s", code, out, site.out, errOut)
				}
				t.Logf("%s as %s: %d ms", site.name, kind, time.Since(start).Milliseconds())
			})
		}
	}
}

// A cached ToolDoc that became a FIFO or a /dev/zero link is skipped
// (noted in the trace) and replaced by a fresh exploration.
func TestSpecialToolDocCacheEntryIsReplaced(t *testing.T) {
	for _, kind := range []string{"fifo", "zero"} {
		t.Run(kind, func(t *testing.T) {
			f := filtEnv(t)
			if out, _, code := f.run("dry-run", "filt", filtTask); code != 0 || out != "filt -o out.txt -q 20 in.txt\n" {
				t.Fatalf("cold run: %d %q", code, out)
			}
			entries, _ := filepath.Glob(filepath.Join(f.docCacheDir(), "filt-*.bin"))
			if len(entries) != 1 {
				t.Fatalf("cache entries %v", entries)
			}
			special(t, entries[0], kind)
			out, errOut, code := f.boundedRun("explain", "filt", filtTask)
			if code != 0 || !strings.Contains(out, "cache entry "+entries[0]+": "+kindWord[kind]) {
				t.Fatalf("explain: %d\n%s\n%s", code, out, errOut)
			}
			if st, err := os.Lstat(entries[0]); err != nil || !st.Mode().IsRegular() {
				t.Fatalf("the entry was not replaced by a regular file: %v %v", st, err)
			}
		})
	}
}

// `docs add --file` refuses a FIFO or /dev/zero and names it.
func TestDocsAddRefusesSpecialFiles(t *testing.T) {
	for _, kind := range []string{"fifo", "zero"} {
		f := filtEnv(t)
		p := filepath.Join(f.work, "help-"+kind+".txt")
		special(t, p, kind)
		_, errOut, code := f.boundedRun("docs", "add", "filt", "--file", p)
		if code == 0 || !strings.Contains(errOut, p+": "+kindWord[kind]) {
			t.Fatalf("%s: exit %d\n%s", kind, code, errOut)
		}
		if _, err := os.Stat(filepath.Join(f.userDocsDir(), "filt.txt")); err == nil {
			t.Fatalf("%s: a doc was stored", kind)
		}
	}
	// A regular file over the cap is refused too.
	f := filtEnv(t)
	big := f.write("big.txt", strings.Repeat("x", maxDocBytes+1))
	if _, errOut, code := f.run("docs", "add", "filt", "--file", big); code == 0 || !strings.Contains(errOut, "larger than 4194304 bytes") {
		t.Fatalf("big: %d %s", code, errOut)
	}
}

// TOOL itself may not be a device or a FIFO: `dry-run /dev/zero x` read
// zeros until memory ran out, a FIFO blocked for ever.
func TestSpecialFileAsToolIsRefused(t *testing.T) {
	f := filtEnv(t)
	fifo := filepath.Join(f.work, "fifo-tool")
	special(t, fifo, "fifo")
	for tool, word := range map[string]string{"/dev/zero": "a character device", fifo: "a FIFO"} {
		start := time.Now()
		out, errOut, code := f.boundedRun("dry-run", tool, "do x")
		if code == 0 || out != "" || !strings.Contains(errOut, `tool "`+tool+`" is `+word+", not a program") {
			t.Fatalf("%s: exit %d %q\n%s", tool, code, out, errOut)
		}
		t.Logf("%s as TOOL: %d ms", tool, time.Since(start).Milliseconds())
	}
}

// A history file that is a FIFO or a /dev/zero link: list and show fail
// with a clear error, a run warns and still prints its command.
func TestSpecialHistoryFile(t *testing.T) {
	for _, kind := range []string{"fifo", "zero"} {
		f := filtEnv(t)
		special(t, f.historyPath(), kind)
		for _, args := range [][]string{{"history", "list"}, {"history", "show", "x"}} {
			if _, errOut, code := f.boundedRun(args...); code != ExitError || !strings.Contains(errOut, f.historyPath()+": "+kindWord[kind]) {
				t.Fatalf("%s %q: %d %s", kind, args, code, errOut)
			}
		}
		out, errOut, code := f.boundedRun("dry-run", "filt", filtTask)
		if code != 0 || out != "filt -o out.txt -q 20 in.txt\n" || !strings.Contains(errOut, "warning: could not write history: "+f.historyPath()) {
			t.Fatalf("%s dry-run: %d %q %s", kind, code, out, errOut)
		}
	}
}
