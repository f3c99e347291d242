package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/skills"
)

// mcpTools are the MCP tools the server offers; run only with --allow-run.
var mcpTools = []string{"dry_run", "explain", "docs_show", "skill_show"}

// mcpRunTool is the tool that executes commands.
const mcpRunTool = "run"

// mcpSkillURI is the URI of a built-in skill resource.
func mcpSkillURI(name string) string { return "oxo-call://skills/" + name }

// mcpOutputCap bounds the stdout and stderr the run tool returns.
const mcpOutputCap = 64 << 10

func (a *app) mcpCmd() *ucli.Command {
	var allowRun bool
	return &ucli.Command{
		Name:  "mcp",
		Usage: "serve oxo-call to MCP clients on stdio (tools: " + strings.Join(mcpTools, ", ") + "; " + mcpRunTool + " with --allow-run)",
		Description: `Speaks the Model Context Protocol on stdin/stdout, so an MCP client (an
editor, a coding or analysis assistant) can ask for checked commands. Tools:

  dry_run     TOOL + TASK (+ scenario): command, argv, explanation, confidence,
              uncertain, findings and rules fired
  explain     TOOL + TASK: what each of the five stages decided
  docs_show   TOOL (+ sub): the ToolDoc read from the tool's help
  skill_show  TOOL: the skill used for a tool
  run         only with --allow-run: builds, checks and runs the command;
              refuses error findings, uncertain and dangerous commands (there
              is no --force for a client)

Resources: the built-in skills, as oxo-call://skills/NAME (Markdown).

Register it with a client as the command "oxo-call mcp" (see README).`,
		Flags: []ucli.Flag{
			&ucli.BoolFlag{Name: "allow-run", Usage: "also offer the run tool (it executes commands that pass the safety gate)", Destination: &allowRun},
		},
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			if cmd.Args().Len() != 0 {
				return usagef("mcp: expected no arguments")
			}
			t := &mcp.IOTransport{Reader: io.NopCloser(a.d.IO.In), Writer: nopWriteCloser{a.d.IO.Out}}
			err := a.mcpServer(allowRun).Run(ctx, t)
			if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
				return nil
			}
			return fmt.Errorf("mcp: %w", err)
		},
	}
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// mcpServer builds the server. Calls are served one at a time: the app's
// engine and settings are shared.
func (a *app) mcpServer(allowRun bool) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "oxo-call", Version: Version}, &mcp.ServerOptions{
		Instructions: "oxo-call turns a plain-language task into one command line for a command-line tool, " +
			"checked against the tool's real help. Call dry_run with the tool and the task; " +
			"do not run a command whose result says uncertain without checking it (explain shows why).",
	})
	h := &mcpHandlers{a: a}
	mcp.AddTool(s, &mcp.Tool{Name: "dry_run", Description: "Build and check the command line for a task, without running it. " +
		"Returns the command, its argv, an explanation, the confidence, whether it is uncertain, the findings of the checks and the rules that fired."}, h.dryRun)
	mcp.AddTool(s, &mcp.Tool{Name: "explain", Description: "Show what each of the five stages (resolve, explore, map intent, assemble, validate) decided for a task, with the rules that fired."}, h.explain)
	mcp.AddTool(s, &mcp.Tool{Name: "docs_show", Description: "The ToolDoc oxo-call read from a tool's help: subcommands, flags, positionals; or one subcommand of it.",
		OutputSchema: docsShowSchema}, h.docsShow)
	mcp.AddTool(s, &mcp.Tool{Name: "skill_show", Description: "The curated skill for a tool: concepts, pitfalls and worked examples."}, h.skillShow)
	if allowRun {
		mcp.AddTool(s, &mcp.Tool{Name: mcpRunTool, Description: "Build, check and run the command for a task (argv, no shell). " +
			"Refused when a check finds an error, when the command is uncertain, or when it is dangerous (overwrites, deletes, writes outside the working directory). " +
			"Returns the command, its exit code and the end of its stdout and stderr."}, h.run)
	}
	h.addSkillResources(s)
	return s
}

// docsShowSchema is docs_show's output schema: a ToolDoc or one
// subcommand (both are objects; the ToolDoc's fields are listed).
var docsShowSchema = map[string]any{
	"type":        "object",
	"description": "a ToolDoc (record, cli_style, subcommands, flags, positionals, …) or, with sub, one subcommand (name, flags, positionals, …)",
	"properties": map[string]any{
		"record":      map[string]any{"type": "object"},
		"cli_style":   map[string]any{"type": "string"},
		"subcommands": map[string]any{"type": []string{"array", "null"}},
		"flags":       map[string]any{"type": []string{"array", "null"}},
		"positionals": map[string]any{"type": []string{"array", "null"}},
		"doc_quality": map[string]any{"type": "number"},
		"name":        map[string]any{"type": "string"},
	},
}

type mcpHandlers struct {
	a  *app
	mu sync.Mutex
}

// mcpGenIn is the input of dry_run and run.
type mcpGenIn struct {
	Tool     string `json:"tool" jsonschema:"the tool to build a command for (samtools, bwa, a script path)"`
	Task     string `json:"task" jsonschema:"what the command should do, in plain words"`
	Scenario string `json:"scenario,omitempty" jsonschema:"bare (neither help nor skills), doc (help only) or full (help and skills; the default)"`
}

// mcpDryRunOut is dry_run's output: the CLI's --json document plus argv.
type mcpDryRunOut struct {
	Tool         string           `json:"tool"`
	Task         string           `json:"task"`
	Command      string           `json:"command" jsonschema:"the command, quoted for a POSIX shell"`
	Argv         []string         `json:"argv" jsonschema:"what runs, as an argument vector (no shell)"`
	Stdout       string           `json:"stdout,omitempty" jsonschema:"the file standard output goes to, when the command redirects it"`
	Stdin        string           `json:"stdin,omitempty" jsonschema:"the file read on standard input, when the command redirects it"`
	Explanation  string           `json:"explanation"`
	Confidence   float64          `json:"confidence"`
	Uncertain    bool             `json:"uncertain" jsonschema:"confidence is below the threshold: check the command before running it"`
	Unchecked    bool             `json:"unchecked" jsonschema:"built without the tool's help (not installed, or scenario bare)"`
	Findings     []engine.Finding `json:"findings"`
	RulesFired   []string         `json:"rules_fired"`
	Skill        string           `json:"skill"`
	Scenario     string           `json:"scenario"`
	Model        string           `json:"model"`
	LLMCalls     int              `json:"llm_calls"`
	PromptTokens int              `json:"prompt_tokens"`
	InferenceMS  float64          `json:"inference_ms"`
}

func dryRunOut(res *engine.Result, elapsed time.Duration) mcpDryRunOut {
	j := toJSON(res, elapsed, true)
	argv := res.Command.DisplayArgv
	if argv == nil {
		argv = []string{}
	}
	return mcpDryRunOut{Tool: j.Tool, Task: j.Task, Command: j.Command, Argv: argv, Stdout: res.Command.Stdout, Stdin: res.Command.Stdin, Explanation: j.Explanation,
		Confidence: j.Confidence, Uncertain: j.Uncertain, Unchecked: j.Unchecked, Findings: j.Findings, RulesFired: j.RulesFired,
		Skill: j.Skill, Scenario: j.Scenario, Model: j.Model, LLMCalls: j.LLMCalls, PromptTokens: j.PromptTokens, InferenceMS: j.InferenceMS}
}

// mcpError turns a CLI error into what the client sees: a usage mistake
// is an invalid-params protocol error, anything else a tool error; both
// carry the message the CLI prints.
func mcpError(err error) error {
	var u *usageError
	if errors.As(err, &u) {
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: u.Error()}
	}
	return err
}

// generate runs the stages for a client's request.
func (h *mcpHandlers) generate(ctx context.Context, in mcpGenIn) (*engine.Result, time.Duration, error) {
	if strings.TrimSpace(in.Tool) == "" {
		return nil, 0, mcpError(usagef("the tool is empty: name the program, e.g. \"samtools\""))
	}
	res, elapsed, err := h.a.generateFor(ctx, in.Tool, in.Task, &genOptions{scenario: in.Scenario})
	return res, elapsed, mcpError(err)
}

func (h *mcpHandlers) dryRun(ctx context.Context, _ *mcp.CallToolRequest, in mcpGenIn) (*mcp.CallToolResult, mcpDryRunOut, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	res, elapsed, err := h.generate(ctx, in)
	if err != nil {
		return nil, mcpDryRunOut{}, err
	}
	h.a.record(h.a.entry(res, nil))
	return nil, dryRunOut(res, elapsed), nil
}

// mcpExplainIn is explain's input.
type mcpExplainIn struct {
	Tool string `json:"tool" jsonschema:"the tool"`
	Task string `json:"task" jsonschema:"what the command should do, in plain words"`
}

// mcpStage is one stage of explain's output.
type mcpStage struct {
	Stage   int            `json:"stage"`
	Name    string         `json:"name"`
	Pending bool           `json:"pending,omitempty" jsonschema:"this build does not run the stage yet"`
	Events  []engine.Event `json:"events"`
}

// mcpExplainOut is explain's output.
type mcpExplainOut struct {
	Tool       string     `json:"tool"`
	Task       string     `json:"task"`
	Command    string     `json:"command"`
	Confidence float64    `json:"confidence"`
	Uncertain  bool       `json:"uncertain"`
	Stages     []mcpStage `json:"stages" jsonschema:"the five stages in order: resolve, explore, map intent, assemble, validate"`
	RulesFired []string   `json:"rules_fired"`
}

func explainOutOf(res *engine.Result) mcpExplainOut {
	pending := map[int]bool{}
	for _, s := range res.Pending {
		pending[s] = true
	}
	out := mcpExplainOut{Tool: res.Tool, Task: res.Task, Command: res.Command.Display, Confidence: res.Confidence, Uncertain: res.Uncertain,
		RulesFired: res.Trace.RuleIDs()}
	if out.RulesFired == nil {
		out.RulesFired = []string{}
	}
	events := res.Trace.Events()
	for stage := engine.StageResolve; stage <= engine.StageValidate; stage++ {
		st := mcpStage{Stage: stage, Name: engine.StageNames[stage], Pending: pending[stage], Events: []engine.Event{}}
		for _, e := range events {
			if e.Stage == stage {
				st.Events = append(st.Events, e)
			}
		}
		out.Stages = append(out.Stages, st)
	}
	return out
}

func (h *mcpHandlers) explain(ctx context.Context, _ *mcp.CallToolRequest, in mcpExplainIn) (*mcp.CallToolResult, mcpExplainOut, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if strings.TrimSpace(in.Tool) == "" {
		return nil, mcpExplainOut{}, mcpError(usagef("the tool is empty: name the program, e.g. \"samtools\""))
	}
	if err := checkTask(in.Task, ""); err != nil {
		return nil, mcpExplainOut{}, mcpError(err)
	}
	res, err := h.a.engine().Explain(ctx, engine.Request{Tool: in.Tool, Task: in.Task})
	if err != nil {
		return nil, mcpExplainOut{}, err
	}
	return nil, explainOutOf(res), nil
}

// mcpDocsIn is docs_show's input.
type mcpDocsIn struct {
	Tool string `json:"tool" jsonschema:"the tool"`
	Sub  string `json:"sub,omitempty" jsonschema:"only this subcommand (\"sort\", \"plugin fill\")"`
}

func (h *mcpHandlers) docsShow(ctx context.Context, _ *mcp.CallToolRequest, in mcpDocsIn) (*mcp.CallToolResult, any, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if strings.TrimSpace(in.Tool) == "" {
		return nil, nil, mcpError(usagef("docs show: expected a tool"))
	}
	doc, sub, err := h.a.showDoc(ctx, in.Tool, in.Sub)
	if err != nil {
		return nil, nil, err
	}
	if sub != nil {
		return nil, sub, nil
	}
	return nil, doc, nil
}

// showDoc is docs show's lookup: the ToolDoc, or one subcommand of it.
func (a *app) showDoc(ctx context.Context, tool, sub string) (*engine.ToolDoc, *engine.SubcommandDoc, error) {
	_, doc, _, err := a.engine().Doc(ctx, tool, nil)
	if err != nil {
		return nil, nil, err
	}
	if sub == "" {
		return doc, nil, nil
	}
	s := findPath(doc.Subcommands, strings.Fields(sub))
	if s == nil {
		return nil, nil, fmt.Errorf("%s has no subcommand %q", doc.Record.Executable, sub)
	}
	return doc, s, nil
}

// mcpSkillIn is skill_show's input.
type mcpSkillIn struct {
	Tool string `json:"tool" jsonschema:"the tool (or one of its aliases)"`
}

func (h *mcpHandlers) skillShow(ctx context.Context, _ *mcp.CallToolRequest, in mcpSkillIn) (*mcp.CallToolResult, *skills.Skill, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	sk, ok := h.a.loadSkills().Get(in.Tool)
	if !ok {
		return nil, nil, fmt.Errorf("no skill for %q (see: oxo-call skill list; draft one: oxo-call skill new %s)", in.Tool, in.Tool)
	}
	return nil, sk, nil
}

// mcpRunOut is run's output.
type mcpRunOut struct {
	mcpDryRunOut
	ExitCode int    `json:"exit_code"`
	Success  bool   `json:"success"`
	Output   string `json:"output" jsonschema:"the end of the command's standard output (empty when it went to a file)"`
	Errors   string `json:"errors" jsonschema:"the end of the command's standard error"`
}

func (h *mcpHandlers) run(ctx context.Context, _ *mcp.CallToolRequest, in mcpGenIn) (*mcp.CallToolResult, *mcpRunOut, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	res, elapsed, err := h.generate(ctx, in)
	if err != nil {
		return nil, nil, err
	}
	// The CLI's gate as with --yes and without --force: a client cannot
	// answer a question, so anything that would ask is refused.
	o := &runOptions{yes: true}
	o.json = true
	if err := h.a.gate(res, &o.genOptions, o); err != nil {
		h.a.record(h.a.entry(res, nil))
		return nil, nil, err
	}
	out := &tailBuffer{max: mcpOutputCap}
	errb := &tailBuffer{max: mcpOutputCap}
	var stdout io.Writer = out
	if res.Command.Stdout != "" {
		f, err := os.OpenFile(res.Command.Stdout, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, nil, fmt.Errorf("cannot write %s: %w", res.Command.Stdout, err)
		}
		defer f.Close()
		stdout = f
	}
	var stdin io.Reader
	if res.Command.Stdin != "" {
		f, err := openStdin(res.Command.Stdin)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		stdin = f
	}
	code, err := runArgv(ctx, res.Command.Argv, stdin, stdout, errb)
	if err != nil {
		return nil, nil, err
	}
	h.a.record(h.a.entry(res, &code))
	return nil, &mcpRunOut{mcpDryRunOut: dryRunOut(res, elapsed), ExitCode: code, Success: code == 0, Output: out.String(), Errors: errb.String()}, nil
}

// addSkillResources offers every built-in skill as a Markdown resource.
func (h *mcpHandlers) addSkillResources(s *mcp.Server) {
	fsys := skills.Builtin()
	names, _ := fs.Glob(fsys, "*.md")
	sort.Strings(names)
	for _, file := range names {
		name := strings.TrimSuffix(file, ".md")
		b, _ := fs.ReadFile(fsys, file)
		desc := "the built-in skill for " + name
		if sk, _, err := skills.Parse("builtin:"+file, b, true); err == nil && sk.Description != "" {
			desc = sk.Description
		}
		uri := mcpSkillURI(name)
		s.AddResource(&mcp.Resource{URI: uri, Name: name, Title: name + " skill", Description: desc, MIMEType: "text/markdown", Size: int64(len(b))},
			func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: string(b)}}}, nil
			})
	}
}
