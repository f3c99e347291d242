package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/skills"
)

// mcpClient connects an in-memory client to the server of a fake
// environment (its own XDG dirs and PATH).
func (f *fakeEnv) mcpClient(allowRun bool) *mcp.ClientSession {
	f.t.Helper()
	var errb bytes.Buffer
	d := &Deps{
		IO:     IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &errb},
		Getenv: func(k string) string { return f.env[k] },
		Runner: engine.ExecRunner{},
		Now:    func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) },
	}
	a := &app{d: d}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := a.mcpServer(allowRun).Connect(ctx, st, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// callTool calls a tool and decodes its structured output into out (when
// not nil). It returns the tool error's text ("" when none) and the
// protocol error.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, out any) (string, error) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return "", err
	}
	if res.IsError {
		if len(res.Content) != 1 {
			t.Fatalf("%s: a tool error has one text: %+v", name, res.Content)
		}
		return res.Content[0].(*mcp.TextContent).Text, nil
	}
	if out != nil {
		b, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: structured content %s: %v", name, b, err)
		}
		// The text content carries the same document for older clients.
		if txt := res.Content[0].(*mcp.TextContent).Text; !json.Valid([]byte(txt)) {
			t.Fatalf("%s: text content is not the JSON document: %s", name, txt)
		}
	}
	return "", nil
}

// rpcError returns the JSON-RPC error in err, failing when there is none.
func rpcError(t *testing.T, err error) *jsonrpc.Error {
	t.Helper()
	var je *jsonrpc.Error
	if !errors.As(err, &je) {
		t.Fatalf("want a JSON-RPC error, got %v", err)
	}
	return je
}

func TestMCPListsToolsWithSchemas(t *testing.T) {
	f := filtEnv(t)
	for _, allow := range []bool{false, true} {
		cs := f.mcpClient(allow)
		lt, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tl := range lt.Tools {
			names = append(names, tl.Name)
			in, _ := json.Marshal(tl.InputSchema)
			out, _ := json.Marshal(tl.OutputSchema)
			if !strings.Contains(string(in), `"type":"object"`) || !strings.Contains(string(out), `"type":"object"`) || tl.Description == "" {
				t.Errorf("%s: input %s output %s", tl.Name, in, out)
			}
			if tl.Name == "dry_run" && (!strings.Contains(string(in), `"required":["tool","task"]`) || !strings.Contains(string(out), `"argv"`) || !strings.Contains(string(out), `"rules_fired"`)) {
				t.Errorf("dry_run schemas: %s %s", in, out)
			}
		}
		sort.Strings(names)
		want := "docs_show dry_run explain skill_show"
		if allow {
			want = "docs_show dry_run explain run skill_show"
		}
		if strings.Join(names, " ") != want {
			t.Errorf("allow-run=%v: tools %v, want %s", allow, names, want)
		}
	}
}

func TestMCPDryRun(t *testing.T) {
	f := filtEnv(t)
	cs := f.mcpClient(false)
	var out mcpDryRunOut
	if msg, err := callTool(t, cs, "dry_run", map[string]any{"tool": "filt", "task": filtTask}, &out); err != nil || msg != "" {
		t.Fatal(msg, err)
	}
	if out.Command != "filt -o out.txt -q 20 in.txt" || strings.Join(out.Argv, " ") != "filt -o out.txt -q 20 in.txt" ||
		out.Uncertain || out.Confidence < engine.ConfidenceThreshold || out.Explanation == "" || out.Scenario != "full" || out.Findings == nil || out.RulesFired == nil {
		t.Fatalf("%+v", out)
	}
	// The same as the CLI's dry-run --json.
	cli, _, _ := f.run("dry-run", "--json", "filt", filtTask)
	var j jsonResult
	decodeJSON(t, cli, &j)
	if j.Command != out.Command || j.Confidence != out.Confidence || strings.Join(j.RulesFired, ",") != strings.Join(out.RulesFired, ",") {
		t.Fatalf("CLI %+v vs MCP %+v", j, out)
	}
	// An uncertain command is a result that says so, not an error.
	if msg, err := callTool(t, cs, "dry_run", map[string]any{"tool": "filt", "task": filtUncertain, "scenario": "doc"}, &out); err != nil || msg != "" {
		t.Fatal(msg, err)
	}
	if out.Command != "filt -t 4 in.txt" || !out.Uncertain || out.Scenario != "doc" {
		t.Fatalf("uncertain: %+v", out)
	}
	// Calls are recorded in the history like dry-run's.
	if h := f.history(); len(h) != 3 || !h[2].DryRun || h[2].Command != "filt -t 4 in.txt" {
		t.Fatalf("history: %+v", h)
	}
}

// The errors a client sees carry the messages the CLI prints.
func TestMCPErrorsHaveTheCLIMessages(t *testing.T) {
	f := filtEnv(t)
	cs := f.mcpClient(true)
	cliMsg := func(args ...string) string {
		_, errOut, _ := f.run(args...)
		return strings.TrimSpace(strings.TrimPrefix(lastLine(errOut), "oxo-call: "))
	}
	// Usage mistakes are invalid-params protocol errors.
	for _, c := range []struct {
		tool string
		args map[string]any
		cli  []string
	}{
		{"dry_run", map[string]any{"tool": "filt", "task": "  "}, []string{"dry-run", "filt", "  "}},
		{"dry_run", map[string]any{"tool": "filt", "task": filtTask, "scenario": "most"}, []string{"dry-run", "--scenario", "most", "filt", filtTask}},
		{"run", map[string]any{"tool": "filt", "task": ""}, []string{"run", "filt", ""}},
		{"explain", map[string]any{"tool": "filt", "task": ""}, []string{"dry-run", "filt", ""}},
	} {
		_, err := callTool(t, cs, c.tool, c.args, nil)
		je := rpcError(t, err)
		if want := cliMsg(c.cli...); je.Code != jsonrpc.CodeInvalidParams || je.Message != want {
			t.Errorf("%s %v: %d %q, want %q", c.tool, c.args, je.Code, je.Message, want)
		}
	}
	for _, tool := range []string{"dry_run", "explain", "run"} {
		_, err := callTool(t, cs, tool, map[string]any{"tool": " ", "task": "x"}, nil)
		if je := rpcError(t, err); !strings.Contains(je.Message, "the tool is empty") {
			t.Errorf("%s: %v", tool, je)
		}
	}
	_, err := callTool(t, cs, "docs_show", map[string]any{"tool": ""}, nil)
	if je := rpcError(t, err); je.Message != "docs show: expected a tool" {
		t.Errorf("docs_show: %v", je)
	}
	// A missing required argument is refused by the input schema.
	if msg, err := callTool(t, cs, "dry_run", map[string]any{"tool": "filt"}, nil); err == nil && !strings.Contains(msg, "task") {
		t.Errorf("missing task: %q %v", msg, err)
	}
	// Other failures are tool errors with the CLI's message.
	for _, c := range []struct {
		tool string
		args map[string]any
		cli  []string
	}{
		{"docs_show", map[string]any{"tool": "nosuchtool"}, []string{"docs", "show", "nosuchtool"}},
		{"docs_show", map[string]any{"tool": "filt", "sub": "nope"}, []string{"docs", "show", "--sub", "nope", "filt"}},
		{"skill_show", map[string]any{"tool": "nosuchtool"}, []string{"skill", "show", "nosuchtool"}},
		{"run", map[string]any{"tool": "filt", "task": filtUncertain}, []string{"run", "filt", filtUncertain}},
		{"run", map[string]any{"tool": "bwa", "task": "index ref.fa"}, []string{"run", "bwa", "index ref.fa"}},
	} {
		msg, err := callTool(t, cs, c.tool, c.args, nil)
		if want := cliMsg(c.cli...); err != nil || msg != want || want == "" {
			t.Errorf("%s %v: %q %v, want %q", c.tool, c.args, msg, err, want)
		}
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestMCPExplainHasFiveStages(t *testing.T) {
	f := filtEnv(t)
	cs := f.mcpClient(false)
	var out mcpExplainOut
	if msg, err := callTool(t, cs, "explain", map[string]any{"tool": "filt", "task": filtTask}, &out); err != nil || msg != "" {
		t.Fatal(msg, err)
	}
	if out.Command != "filt -o out.txt -q 20 in.txt" || len(out.Stages) != 5 || len(out.RulesFired) == 0 {
		t.Fatalf("%+v", out)
	}
	for i, st := range out.Stages {
		if st.Stage != i+1 || st.Name != engine.StageNames[i+1] || st.Pending || len(st.Events) == 0 {
			t.Errorf("stage %d: %+v", i+1, st)
		}
		for _, e := range st.Events {
			if e.Stage != st.Stage {
				t.Errorf("stage %d holds an event of stage %d", st.Stage, e.Stage)
			}
		}
	}
	if out.Stages[3].Events[0].What != "filt -o out.txt -q 20 in.txt" {
		t.Errorf("assemble: %+v", out.Stages[3])
	}
}

func TestMCPDocsAndSkillShow(t *testing.T) {
	f := filtEnv(t)
	f.tool("kit", kitScript)
	cs := f.mcpClient(false)
	var doc engine.ToolDoc
	if msg, err := callTool(t, cs, "docs_show", map[string]any{"tool": "kit"}, &doc); err != nil || msg != "" {
		t.Fatal(msg, err)
	}
	if doc.Record.Executable != "kit" || len(doc.Subcommands) != 9 {
		t.Fatalf("kit doc: %s, %d subcommands", doc.Record.Executable, len(doc.Subcommands))
	}
	var sub engine.SubcommandDoc
	if msg, err := callTool(t, cs, "docs_show", map[string]any{"tool": "kit", "sub": "sort"}, &sub); err != nil || msg != "" {
		t.Fatal(msg, err)
	}
	var names []string
	for _, fl := range sub.Flags {
		names = append(names, fl.Name)
	}
	if sub.Name != "sort" || !strings.Contains(strings.Join(names, " "), "-@") {
		t.Fatalf("kit sort: %+v", sub)
	}
	var sk struct {
		Name     string
		Source   string
		Examples []struct{ Task, Args string }
	}
	if msg, err := callTool(t, cs, "skill_show", map[string]any{"tool": "samtools"}, &sk); err != nil || msg != "" {
		t.Fatal(msg, err)
	}
	if sk.Name != "samtools" || sk.Source != "builtin:samtools.md" || len(sk.Examples) == 0 {
		t.Fatalf("samtools skill: %+v", sk)
	}
}

func TestMCPRun(t *testing.T) {
	f := filtEnv(t)
	cs := f.mcpClient(true)
	var out mcpRunOut
	if msg, err := callTool(t, cs, "run", map[string]any{"tool": "filt", "task": filtTask}, &out); err != nil || msg != "" {
		t.Fatal(msg, err)
	}
	if out.Command != "filt -o out.txt -q 20 in.txt" || out.ExitCode != 0 || !out.Success || out.Output != "filt ran: -o out.txt -q 20 in.txt\n" || f.read("out.txt") != "filtered\n" {
		t.Fatalf("%+v", out)
	}
	// out.txt exists now: the same call would overwrite it, and a client
	// cannot confirm, so it is refused with the CLI's --yes message.
	f.write("out.txt", "precious\n")
	msg, err := callTool(t, cs, "run", map[string]any{"tool": "filt", "task": filtTask}, nil)
	if err != nil || msg != "not running a dangerous command with --yes: an output file already exists and would be overwritten (add --force to run it anyway)" || f.read("out.txt") != "precious\n" {
		t.Fatalf("dangerous: %q %v", msg, err)
	}
	// Arguments that are not in the schema (a force flag) are rejected.
	if msg, err := callTool(t, cs, "run", map[string]any{"tool": "filt", "task": filtTask, "force": true}, nil); err == nil && msg == "" {
		t.Fatal("an unknown argument was accepted")
	}
	if f.read("out.txt") != "precious\n" {
		t.Fatal("force was honoured")
	}
	// Error findings are refused.
	f.userRule("constraints", "filt.yaml", filtErrorRule)
	cs = f.mcpClient(true) // rules are loaded once per server
	msg, _ = callTool(t, cs, "run", map[string]any{"tool": "filt", "task": "filter in.txt keeping quality above 20 into o2.txt"}, nil)
	if msg != "not running: filt -q is deprecated (fix the task, or --force)" || f.exists("o2.txt") {
		t.Fatalf("error finding: %q", msg)
	}
	// A failing tool is a result with its exit code and stderr.
	f.write("fail.txt", "x\n")
	if err := os.Remove(filepath.Join(f.env["XDG_CONFIG_HOME"], "oxo-call", "rules", "constraints", "filt.yaml")); err != nil {
		t.Fatal(err)
	}
	cs = f.mcpClient(true)
	if msg, err := callTool(t, cs, "run", map[string]any{"tool": "filt", "task": "filter fail.txt keeping quality above 20 into o3.txt"}, &out); err != nil || msg != "" {
		t.Fatal(msg, err)
	}
	if out.ExitCode != 7 || out.Success || out.Errors != "filt: cannot read fail.txt\n" {
		t.Fatalf("failing run: %+v", out)
	}
	// Standard output to a file (a redirect in the command).
	f.write(f.userSkillsDir()+"/filt.md", filtStdoutSkill)
	cs = f.mcpClient(true)
	if msg, err := callTool(t, cs, "run", map[string]any{"tool": "filt", "task": "filter in.txt keeping quality above 20 and save the records to res.txt"}, &out); err != nil || msg != "" {
		t.Fatal(msg, err)
	}
	if out.Stdout != "res.txt" || out.Output != "" || f.read("res.txt") != "filt ran: -q 20 in.txt\n" {
		t.Fatalf("redirect: %+v %q", out, f.read("res.txt"))
	}
	msg, _ = callTool(t, cs, "run", map[string]any{"tool": "filt", "task": "filter in.txt keeping quality above 20 and save the records to nodir/res.txt"}, nil)
	if !strings.HasPrefix(msg, "cannot write nodir/res.txt: ") {
		t.Fatalf("unwritable: %q", msg)
	}
	// runs are recorded with their exit codes.
	var codes []string
	for _, h := range f.history() {
		if h.ExitCode != nil {
			codes = append(codes, h.Command)
		}
	}
	if len(codes) != 3 {
		t.Fatalf("recorded runs: %v", codes)
	}
}

func TestMCPSkillResources(t *testing.T) {
	f := filtEnv(t)
	cs := f.mcpClient(false)
	var uris []string
	for r, err := range cs.Resources(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		if r.MIMEType != "text/markdown" || r.Description == "" {
			t.Errorf("%+v", r)
		}
		uris = append(uris, r.URI)
	}
	ents, _ := fs.Glob(skills.Builtin(), "*.md")
	if len(uris) != len(ents) || len(uris) < 50 {
		t.Fatalf("%d resources, %d built-in skills", len(uris), len(ents))
	}
	rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: mcpSkillURI("samtools")})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := fs.ReadFile(skills.Builtin(), "samtools.md")
	if len(rr.Contents) != 1 || rr.Contents[0].Text != string(want) {
		t.Fatalf("samtools resource: %+v", rr.Contents)
	}
	if _, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: mcpSkillURI("nosuchtool")}); err == nil {
		t.Fatal("an unknown resource was read")
	}
}

// The mcp command speaks JSON-RPC on the injected streams.
func TestMCPCommandOnStreams(t *testing.T) {
	f := filtEnv(t)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errb bytes.Buffer
	d := &Deps{IO: IOStreams{In: inR, Out: outW, Err: &errb}, Getenv: func(k string) string { return f.env[k] }, Runner: engine.ExecRunner{}, Now: time.Now}
	done := make(chan int)
	go func() { done <- Main(context.Background(), []string{"oxo-call", "mcp"}, d); outW.Close() }()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(s string) string {
		io.WriteString(inW, s+"\n")
		if !strings.Contains(s, `"id"`) {
			return ""
		}
		select {
		case l := <-lines:
			return l
		case <-time.After(time.Minute):
			t.Fatal("no reply to " + s)
		}
		return ""
	}
	if r := send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`); !strings.Contains(r, `"serverInfo":{"name":"oxo-call"`) {
		t.Fatalf("initialize: %s", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	if r := send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"dry_run","arguments":{"tool":"filt","task":"` + filtTask + `"}}}`); !strings.Contains(r, `\"command\":\"filt -o out.txt -q 20 in.txt\"`) {
		t.Fatalf("dry_run: %s", r)
	}
	inW.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if _, errOut, code := f.run("mcp", "extra"); code != ExitUsage || !strings.Contains(errOut, "mcp: expected no arguments") {
		t.Fatalf("extra argument: %d %s", code, errOut)
	}
	// A stream that is not JSON-RPC ends the server with an error.
	f.stdin = "hello\n"
	if _, errOut, code := f.run("mcp"); code != ExitError || !strings.HasPrefix(errOut, "oxo-call: mcp: ") {
		t.Fatalf("garbage: %d %s", code, errOut)
	}
}

// The help lists the MCP tool names.
func TestHelpNamesTheMCPTools(t *testing.T) {
	f := newFakeEnv(t)
	out, _, _ := f.run("--help")
	if !regexp.MustCompile(`mcp\s+serve oxo-call to MCP clients on stdio \(tools: dry_run, explain, docs_show, skill_show; run with --allow-run\)`).MatchString(out) {
		t.Fatalf("help: %s", out)
	}
}

// A real oxo-call process spoken to over stdio: initialize, tools/list,
// tools/call dry_run (samtools).
func TestMCPSubprocessOverStdio(t *testing.T) {
	if _, err := exec.LookPath("samtools"); err != nil {
		if os.Getenv("OXO_LIVE") == "1" {
			t.Fatal("samtools is not installed")
		}
		t.Skip("samtools is not installed")
	}
	bin, err := exec.LookPath("oxo-call") // the test binary, put on PATH by TestMain
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	cmd := exec.Command(bin, "mcp")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "HOME="+root, "XDG_CONFIG_HOME="+root+"/config", "XDG_CACHE_HOME="+root+"/cache", "XDG_DATA_HOME="+root+"/data")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("initialize: %v (%s)", err, stderr.String())
	}
	if got := cs.InitializeResult().ServerInfo; got.Name != "oxo-call" || got.Version != Version {
		t.Fatalf("server info %+v", got)
	}
	lt, err := cs.ListTools(ctx, nil)
	if err != nil || len(lt.Tools) != len(mcpTools) {
		t.Fatalf("tools/list: %v %+v", err, lt)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "dry_run", Arguments: map[string]any{"tool": "samtools", "task": "sort aln.bam by coordinate with 8 threads into aln.sorted.bam"}})
	if err != nil || res.IsError {
		t.Fatalf("tools/call: %v %+v", err, res)
	}
	var out mcpDryRunOut
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.Command != "samtools sort -@ 8 -o aln.sorted.bam aln.bam" || strings.Join(out.Argv, " ") != out.Command || out.Uncertain {
		t.Fatalf("dry_run: %+v", out)
	}
	if err := cs.Close(); err != nil {
		t.Fatalf("close: %v (%s)", err, stderr.String())
	}
}
