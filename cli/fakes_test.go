package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/engine"
)

// The fake tools below print help like real command-line tools and, when
// run for real, do something harmless: print what they were given, write
// the file named by -o, and exit 7 when an argument contains "fail".

// filtScript is a flags-only tool with a getopt-style help.
const filtScript = `#!/bin/sh
case "$1" in
  --version) echo "filt 1.4.2"; exit 0;;
  -h|--help|help|"") cat <<'H'
filt 1.4.2 - filter text records

Usage: filt [options] <in.txt>

Options:
  -o, --output FILE        write output to FILE
  -t, --threads INT        number of threads
  -q, --min-quality INT    minimum quality
  -h, --help               show help
H
  exit 0;;
esac
for a in "$@"; do case "$a" in *fail*) echo "filt: cannot read $a" >&2; exit 7;; esac; done
echo "filt ran: $*"
out=""
while [ $# -gt 0 ]; do case "$1" in -o|--output) out="$2"; shift;; esac; shift; done
if [ -n "$out" ]; then echo "filtered" > "$out"; fi
exit 0
`

// kitScript is a tool with nine subcommands, each with its own help.
const kitScript = `#!/bin/sh
sub="$1"
case "$sub" in
  --version) echo "kit 2.1.0"; exit 0;;
  -h|--help|help|"")
    if [ "$sub" = help ] && [ -n "$2" ]; then sub="$2"; set -- "$2" --help; else
    cat <<'H'
kit 2.1.0 - a toolkit for text records

Usage: kit <command> [options]

Commands:
  index     build an index of a records file
  sort      sort records by key
  view      print records in a region
  merge     merge sorted record files
  stats     count records
  split     split a file into parts
  head      print the first records
  tail      print the last records
  dedup     drop duplicate records

Run 'kit <command> --help' for a command's options.
H
    exit 0; fi;;
esac
shift
case "$1" in
  -h|--help)
    case "$sub" in
      sort) cat <<'H'
Usage: kit sort [options] <in.txt>

Sort records by key.

Options:
  -o FILE      write the sorted records to FILE
  -k INT       sort key column
  -@ INT       number of threads
  -r           reverse the order
H
      exit 0;;
      index|view|merge|stats|split|head|tail|dedup) cat <<H
Usage: kit $sub [options] <in.txt>

Options:
  -o FILE      output file
  -t INT       number of threads
H
      exit 0;;
      *) echo "kit: unknown command '$sub'" >&2; exit 1;;
    esac;;
esac
for a in "$@"; do case "$a" in *fail*) echo "kit: cannot read $a" >&2; exit 7;; esac; done
out=""
while [ $# -gt 0 ]; do case "$1" in -o) out="$2"; shift;; esac; shift; done
echo "kit $sub ok"
if [ -n "$out" ]; then echo "sorted" > "$out"; fi
exit 0
`

// Tasks for filt and what they build (see TestDryRun*).
const (
	filtTask      = "filter in.txt keeping quality above 20 into out.txt" // filt -o out.txt -q 20 in.txt
	filtUncertain = "process in.txt quickly using 4 cores"                // filt -t 4 in.txt, uncertain
)

// fakeEnv is a private HOME with XDG dirs, a bin directory that is the
// whole PATH the program sees, and a work directory (holding in.txt) that
// is the current directory.
type fakeEnv struct {
	t           *testing.T
	root        string
	bin, work   string
	env         map[string]string
	stdin       string
	interactive bool
}

func newFakeEnv(t *testing.T) *fakeEnv {
	t.Helper()
	root := t.TempDir()
	f := &fakeEnv{t: t, root: root, bin: filepath.Join(root, "bin"), work: filepath.Join(root, "work")}
	f.env = map[string]string{
		"HOME":            root,
		"XDG_CONFIG_HOME": filepath.Join(root, "config"),
		"XDG_CACHE_HOME":  filepath.Join(root, "cache"),
		"XDG_DATA_HOME":   filepath.Join(root, "data"),
		"PATH":            f.bin,
	}
	for _, d := range []string{f.bin, f.work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	f.write("in.txt", "rec1\nrec2\n")
	t.Chdir(f.work)
	return f
}

// tool installs a fake executable.
func (f *fakeEnv) tool(name, script string) {
	f.t.Helper()
	if err := os.WriteFile(filepath.Join(f.bin, name), []byte(script), 0o755); err != nil {
		f.t.Fatal(err)
	}
}

// write writes a file relative to the work directory (or an absolute path).
func (f *fakeEnv) write(name, content string) string {
	f.t.Helper()
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(f.work, name)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		f.t.Fatal(err)
	}
	return p
}

// read returns a file's content, "" when it does not exist.
func (f *fakeEnv) read(name string) string {
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(f.work, name)
	}
	b, _ := os.ReadFile(p)
	return string(b)
}

func (f *fakeEnv) exists(name string) bool {
	_, err := os.Stat(filepath.Join(f.work, name))
	return err == nil
}

func (f *fakeEnv) userSkillsDir() string {
	return filepath.Join(f.env["XDG_CONFIG_HOME"], "oxo-call", "skills")
}

func (f *fakeEnv) userDocsDir() string {
	return filepath.Join(f.env["XDG_DATA_HOME"], "oxo-call", "docs")
}

func (f *fakeEnv) docCacheDir() string {
	return filepath.Join(f.env["XDG_CACHE_HOME"], "oxo-call", "tooldoc")
}

// run runs the CLI in-process.
func (f *fakeEnv) run(args ...string) (stdout, stderr string, code int) {
	f.t.Helper()
	var out, errb bytes.Buffer
	d := &Deps{
		IO:     IOStreams{In: strings.NewReader(f.stdin), Out: &out, Err: &errb, Interactive: f.interactive},
		Getenv: func(k string) string { return f.env[k] },
		Runner: engine.ExecRunner{},
		Now:    func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) },
	}
	code = Main(context.Background(), append([]string{"oxo-call"}, args...), d)
	return out.String(), errb.String(), code
}

// history returns the history entries, oldest first.
func (f *fakeEnv) history() []HistoryEntry {
	f.t.Helper()
	b, err := os.ReadFile(filepath.Join(f.env["XDG_DATA_HOME"], "oxo-call", "history.jsonl"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		f.t.Fatal(err)
	}
	var out []HistoryEntry
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		var e HistoryEntry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			f.t.Fatalf("history line %q: %v", sc.Text(), err)
		}
		out = append(out, e)
	}
	return out
}

// decodeJSON decodes a --json document into v, failing on anything else
// on stdout.
func decodeJSON(t *testing.T, out string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("stdout is not one JSON document: %v\n%s", err, out)
	}
	if dec.More() {
		t.Fatalf("stdout has more than one JSON document:\n%s", out)
	}
}

// userRule writes a user rule file of a kind (intents, constraints, …).
func (f *fakeEnv) userRule(kind, name, yaml string) {
	f.t.Helper()
	f.write(filepath.Join(f.env["XDG_CONFIG_HOME"], "oxo-call", "rules", kind, name), yaml)
}
