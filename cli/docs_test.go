package cli

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/engine"
)

// ghostHelp is help text for a tool that is not installed.
const ghostHelp = "Usage: ghost [options] <in.txt>\n\nOptions:\n  -o FILE   write output to FILE\n  -t INT    number of threads\n"

// ghostHTML is ghostHelp as a web page, with markup to strip.
const ghostHTML = `<html><head><title>ghost</title><style>pre { color: red }</style><script>var usage = "<b>no</b>";</script></head>
<body><h1>ghost manual</h1><pre>
Usage: ghost [options] &lt;in.txt&gt;

Options:
  -o FILE   write output to FILE
  -t INT    number of threads
</pre></body></html>
`

func TestDocsShow(t *testing.T) {
	f := filtEnv(t)
	f.tool("filt-index", filtScript)
	out, errOut, code := f.run("docs", "show", "filt")
	if code != 0 || errOut != "" {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	for _, want := range []string{
		"filt 1.4.2  (" + f.bin + "/filt)\n",
		"filt 1.4.2 - filter text records\n",
		"framework getopt · parser getopt · style flags_first · doc_quality 1.00\n",
		"usage: filt [options] <in.txt>\n",
		"\ncompanions:\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	for _, row := range []string{"filt-index 4 flags", "-o, --output file Output write output to FILE", "-t, --threads int Performance number of threads", "-q, --min-quality int Quality minimum quality"} {
		if !hasRow(out, row) {
			t.Errorf("no row %q:\n%s", row, out)
		}
	}
	// The alias doc and --json: the whole ToolDoc.
	out, _, code = f.run("doc", "show", "--json", "filt")
	var d engine.ToolDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil || code != 0 {
		t.Fatalf("--json: %d %v\n%s", code, err, out)
	}
	if d.Record.Executable != "filt" || d.Record.Version != "1.4.2" || len(d.Flags) != 4 || len(d.Companions) != 1 || d.Companions[0].Name != "filt-index" {
		t.Fatalf("ToolDoc: %+v", d)
	}
	if _, errOut, code := f.run("docs", "show"); code != ExitUsage || !strings.Contains(errOut, "expected a tool") {
		t.Fatalf("no tool: %d %s", code, errOut)
	}
	if out, errOut, code := f.run("docs", "show", "nosuch"); code != ExitError || out != "" || !strings.Contains(errOut, `oxo-call: tool "nosuch" not found on PATH`) {
		t.Fatalf("missing tool: %d %s", code, errOut)
	}
}

func TestDocsShowSubcommands(t *testing.T) {
	f := newFakeEnv(t)
	f.tool("kit", kitScript)
	out, _, code := f.run("docs", "show", "kit")
	if code != 0 || !strings.Contains(out, "style subcommand") || !strings.Contains(out, "\nsubcommands:\n") {
		t.Fatalf("%d %s", code, out)
	}
	for _, row := range []string{"index 2 flags build an index of a records file", "sort 4 flags sort records by key", "dedup 2 flags drop duplicate records"} {
		if !hasRow(out, row) {
			t.Errorf("no row %q:\n%s", row, out)
		}
	}
	out, _, code = f.run("docs", "show", "--sub", "sort", "kit")
	if code != 0 || !strings.HasPrefix(out, "sort — sort records by key\nusage: kit sort [options] <in.txt>\n") {
		t.Fatalf("--sub sort: %d %s", code, out)
	}
	for _, row := range []string{"-k int Algorithm sort key column", "-@ int Performance number of threads", "-r bool General reverse the order", "positional 1: in.txt (file)"} {
		if !hasRow(out, row) {
			t.Errorf("--sub sort: no row %q:\n%s", row, out)
		}
	}
	if strings.Contains(out, "dedup") {
		t.Fatalf("--sub shows only that subcommand:\n%s", out)
	}
	// --sub with --json (either one) is the subcommand's document.
	for _, args := range [][]string{{"docs", "show", "--json", "--sub", "sort", "kit"}, {"--json", "docs", "show", "--sub", "sort", "kit"}} {
		out, _, _ = f.run(args...)
		var s engine.SubcommandDoc
		if err := json.Unmarshal([]byte(out), &s); err != nil || s.Name != "sort" || len(s.Flags) != 4 || s.UsagePattern != "kit sort [options] <in.txt>" {
			t.Fatalf("%q: %v %+v", args, err, s)
		}
	}
	out, errOut, code := f.run("docs", "show", "--sub", "sorted", "kit")
	if code != ExitError || out != "" || !strings.Contains(errOut, `oxo-call: kit has no subcommand "sorted"`) {
		t.Fatalf("unknown sub: %d %s", code, errOut)
	}
	// A path of subcommands: the second word is looked up under the first.
	if _, errOut, code := f.run("docs", "show", "--sub", "sort extra", "kit"); code != ExitError || !strings.Contains(errOut, `no subcommand "sort extra"`) {
		t.Fatalf("sub path: %d %s", code, errOut)
	}
}

// probeLogged installs a tool that logs each help probe and returns a
// function counting them.
func probeLogged(f *fakeEnv, name string) func() int {
	f.tool("filt", filtScript)
	log := filepath.Join(f.root, name+".probes")
	f.tool(name, "#!/bin/sh\ncase \"$1\" in -h|--help|help|\"\") echo probe >> '"+log+"';; esac\nexec '"+f.bin+"/filt' \"$@\"\n")
	return func() int {
		b, _ := os.ReadFile(log)
		return strings.Count(string(b), "probe")
	}
}

func TestDocsUpdateRereadsTheHelp(t *testing.T) {
	f := newFakeEnv(t)
	probes := probeLogged(f, "lg")
	if _, _, code := f.run("docs", "show", "lg"); code != 0 {
		t.Fatal("show")
	}
	n := probes()
	if n == 0 {
		t.Fatal("the help was never read")
	}
	// show uses the cached ToolDoc.
	f.run("docs", "show", "lg")
	if probes() != n {
		t.Fatalf("show re-read the help: %d probes, then %d", n, probes())
	}
	out, _, code := f.run("docs", "update", "lg")
	if code != 0 || !strings.HasPrefix(out, "lg 1.4.2: 0 subcommands, 4 flags, doc_quality 1.00 (") {
		t.Fatalf("update: %d %q", code, out)
	}
	if probes() <= n {
		t.Fatalf("update did not re-read the help: %d probes", probes())
	}
	if _, errOut, code := f.run("docs", "update"); code != ExitUsage || !strings.Contains(errOut, "expected a tool or --all") {
		t.Fatalf("no tool: %d %s", code, errOut)
	}
	// A tool that is not there is reported on stderr.
	out, errOut, _ := f.run("docs", "update", "nosuch")
	if out != "" || !strings.Contains(errOut, `nosuch: tool "nosuch" not found on PATH`) {
		t.Fatalf("missing tool: %q %s", out, errOut)
	}
}

func TestDocsUpdateAll(t *testing.T) {
	f := newFakeEnv(t)
	probes := probeLogged(f, "lg")
	f.tool("kit", kitScript)
	f.tool("nohelp", "#!/bin/sh\nexit 0\n")
	// Nothing cached yet: nothing to update.
	if out, _, code := f.run("docs", "update", "--all"); code != 0 || out != "" {
		t.Fatalf("empty cache: %d %q", code, out)
	}
	for _, tool := range []string{"lg", "kit", "nohelp"} {
		f.run("docs", "show", tool)
	}
	n := probes()
	out, errOut, code := f.run("docs", "update", "--all")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "kit 2.1.0: 9 subcommands, 0 flags") || !strings.HasPrefix(lines[1], "lg 1.4.2: 0 subcommands, 4 flags") ||
		!strings.HasPrefix(lines[2], "nohelp : 0 subcommands, 0 flags, doc_quality 0.00") {
		t.Fatalf("one line per cached tool, sorted:\n%s", out)
	}
	// What oxo-call noted about a tool goes to stderr.
	if !strings.Contains(errOut, "  no usable help: tried ") {
		t.Fatalf("messages: %s", errOut)
	}
	if probes() <= n {
		t.Fatal("update --all did not re-read lg's help")
	}
}

func TestDocsAddFile(t *testing.T) {
	f := filtEnv(t)
	txt := f.write("ghost-help.txt", ghostHelp)
	out, errOut, code := f.run("docs", "add", "ghost", "--file", txt)
	dst := filepath.Join(f.userDocsDir(), "ghost.txt")
	if code != 0 || out != "added "+dst+" ("+strconv.Itoa(len(ghostHelp))+" bytes); oxo-call uses it when ghost prints no usable help or is not installed\n" {
		t.Fatalf("add: %d %q %s", code, out, errOut)
	}
	if f.read(dst) != ghostHelp {
		t.Fatalf("stored text: %q", f.read(dst))
	}
	// The added doc is the help of a tool that is not installed.
	out, _, code = f.run("docs", "show", "ghost")
	if code != 0 || !strings.Contains(out, "parser user-docs") || !hasRow(out, "-t int Performance number of threads") {
		t.Fatalf("show: %d %s", code, out)
	}
	// A differently cased name finds it too.
	if out, _, code := f.run("docs", "show", "GHOST"); code != 0 || !strings.Contains(out, "parser user-docs") {
		t.Fatalf("GHOST: %d %s", code, out)
	}
	out, _, _ = f.run("dry-run", "ghost", "process in.txt with 4 threads into out.txt")
	if out != "ghost -o out.txt -t 4 in.txt\n" {
		t.Fatalf("dry-run with the added doc: %q", out)
	}
	// A file that is not there.
	if _, errOut, code := f.run("docs", "add", "ghost", "--file", "nope.txt"); code != ExitError || !strings.Contains(errOut, "nope.txt") {
		t.Fatalf("missing file: %d %s", code, errOut)
	}
}

func TestDocsAddHTMLStripsMarkup(t *testing.T) {
	f := filtEnv(t)
	page := f.write("ghost.html", ghostHTML)
	if _, errOut, code := f.run("docs", "add", "ghost", "--file", page); code != 0 {
		t.Fatalf("add: %d %s", code, errOut)
	}
	got := f.read(filepath.Join(f.userDocsDir(), "ghost.txt"))
	if strings.Contains(got, "<") && !strings.Contains(got, "<in.txt>") || strings.Contains(got, "color") || strings.Contains(got, "var usage") || strings.Contains(got, "&lt;") {
		t.Fatalf("markup left:\n%s", got)
	}
	if !strings.Contains(got, "Usage: ghost [options] <in.txt>\n") || !strings.Contains(got, "ghost manual") || !strings.Contains(got, "  -t INT    number of threads\n") {
		t.Fatalf("text lost:\n%s", got)
	}
	out, _, _ := f.run("dry-run", "ghost", "process in.txt with 4 threads into out.txt")
	if out != "ghost -o out.txt -t 4 in.txt\n" {
		t.Fatalf("dry-run with the added page: %q", out)
	}
	// A plain-text document keeps its angle brackets.
	if s := docText("x.txt", []byte("a <b> c")); s != "a <b> c" {
		t.Fatalf("text: %q", s)
	}
	// A page is recognised by its content, whatever its name.
	if s := docText("x", []byte("<!doctype html><html><p>a &amp; b</p></html>")); s != "a & b" {
		t.Fatalf("html by content: %q", s)
	}
}

func TestDocsAddURL(t *testing.T) {
	f := filtEnv(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ghost":
			w.Write([]byte(ghostHTML))
		case "/plain.txt":
			w.Write([]byte(ghostHelp))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	out, errOut, code := f.run("docs", "add", "ghost", "--url", srv.URL+"/ghost")
	if code != 0 || !strings.HasPrefix(out, "added "+filepath.Join(f.userDocsDir(), "ghost.txt")+" (") {
		t.Fatalf("add --url: %d %q %s", code, out, errOut)
	}
	got := f.read(filepath.Join(f.userDocsDir(), "ghost.txt"))
	if strings.Contains(got, "<html") || !strings.Contains(got, "Usage: ghost [options] <in.txt>") {
		t.Fatalf("fetched page not turned into text:\n%s", got)
	}
	if _, _, code := f.run("docs", "add", "ghost2", "--url", srv.URL+"/plain.txt"); code != 0 || f.read(filepath.Join(f.userDocsDir(), "ghost2.txt")) != ghostHelp {
		t.Fatalf("plain text: %d", code)
	}
	_, errOut, code = f.run("docs", "add", "ghost3", "--url", srv.URL+"/missing")
	if code != ExitError || !strings.Contains(errOut, "fetch "+srv.URL+"/missing: 404 Not Found") {
		t.Fatalf("404: %d %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(f.userDocsDir(), "ghost3.txt")); err == nil {
		t.Fatal("a failed fetch left a doc")
	}
	_, errOut, code = f.run("docs", "add", "ghost", "--url", "ftp://example.invalid/x")
	if code != ExitUsage || !strings.Contains(errOut, `--url "ftp://example.invalid/x": only http(s) URLs`) {
		t.Fatalf("ftp: %d %s", code, errOut)
	}
	// A server that is not there.
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	if _, errOut, code := f.run("docs", "add", "ghost", "--url", dead.URL+"/x"); code != ExitError || !strings.Contains(errOut, "fetch "+dead.URL+"/x: ") {
		t.Fatalf("unreachable: %d %s", code, errOut)
	}
}

func TestDocsAddNeedsExactlyOneSource(t *testing.T) {
	f := filtEnv(t)
	txt := f.write("g.txt", ghostHelp)
	for _, args := range [][]string{
		{"docs", "add", "ghost"},
		{"docs", "add", "ghost", "--file", txt, "--url", "http://127.0.0.1:1/x"},
	} {
		if out, errOut, code := f.run(args...); code != ExitUsage || out != "" || !strings.Contains(errOut, "docs add: give exactly one of --file or --url") {
			t.Errorf("%q: %d %q %s", args, code, out, errOut)
		}
	}
	if _, errOut, code := f.run("docs", "add", "--file", txt); code != ExitUsage || !strings.Contains(errOut, "expected a tool") {
		t.Fatalf("no tool: %d %s", code, errOut)
	}
	if _, err := os.Stat(f.userDocsDir()); err == nil {
		t.Fatal("a refused add wrote a doc")
	}
}

func TestDocsListRemovePath(t *testing.T) {
	f := filtEnv(t)
	f.tool("kit", kitScript)
	out, _, code := f.run("docs", "list")
	if code != 0 || strings.TrimSpace(out) != "TOOL  SOURCE" {
		t.Fatalf("empty list: %d %q", code, out)
	}
	f.run("docs", "show", "filt")
	f.run("docs", "show", "kit")
	f.run("docs", "add", "ghost", "--file", f.write("g.txt", ghostHelp))
	out, _, _ = f.run("docs", "list")
	added := filepath.Join(f.userDocsDir(), "ghost.txt")
	if !hasRow(out, "filt cache") || !hasRow(out, "kit cache") || !hasRow(out, "ghost added ("+added+")") {
		t.Fatalf("list:\n%s", out)
	}
	// Adding a doc for a cached tool drops its cached ToolDoc.
	f.run("docs", "add", "kit", "--file", f.write("k.txt", ghostHelp))
	if out, _, _ = f.run("docs", "list"); hasRow(out, "kit cache") || !hasRow(out, "kit added ("+filepath.Join(f.userDocsDir(), "kit.txt")+")") {
		t.Fatalf("after add kit:\n%s", out)
	}
	// remove forgets the cache and the added doc.
	if out, _, code := f.run("docs", "remove", "ghost"); code != 0 || out != "removed 1 files for ghost\n" {
		t.Fatalf("remove ghost: %d %q", code, out)
	}
	if out, _, _ := f.run("docs", "remove", "filt"); !regexp.MustCompile(`^removed [1-9]\d* files for filt\n$`).MatchString(out) {
		t.Fatalf("remove filt: %q", out)
	}
	if out, _, _ := f.run("docs", "remove", "filt"); out != "removed 0 files for filt\n" {
		t.Fatalf("remove again: %q", out)
	}
	if out, _, _ = f.run("docs", "list"); hasRow(out, "filt cache") || strings.Contains(out, "ghost") {
		t.Fatalf("after remove:\n%s", out)
	}
	if _, _, code := f.run("docs", "remove"); code != ExitUsage {
		t.Fatalf("remove without a tool: %d", code)
	}
	out, _, code = f.run("docs", "path")
	if code != 0 || out != "cache: "+f.docCacheDir()+"\nadded: "+f.userDocsDir()+"\n" {
		t.Fatalf("path: %q", out)
	}
}
