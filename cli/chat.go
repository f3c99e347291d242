package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/llm"
	"github.com/traitome/oxo-call/skills"
)

// Bounds on what chat quotes from a ToolDoc and a skill.
const (
	chatMaxSubs     = 60
	chatMaxFlags    = 60
	chatMaxExamples = 8
	chatMaxTurns    = 10 // earlier turns of a conversation are dropped
)

const chatSystem = "You are oxo-call's assistant for command-line tools. Answer briefly and concretely. " +
	"When you give a command, give one line in a code block, and use only flags the tool's help lists below; " +
	"say so when you are not sure a flag exists."

func (a *app) chatCmd() *ucli.Command {
	var scenario string
	var interactive bool
	f := llmFlags{}
	return &ucli.Command{
		Name:      "chat",
		Aliases:   []string{"c"},
		Usage:     "ask a model about a tool, with its help and skill as context",
		ArgsUsage: `[TOOL] ["QUESTION"]`,
		Description: `Asks the configured model a question about a tool. The context is the
tool's ToolDoc (its description, subcommands and the flags of the subcommand
the question is about) and, with --scenario full, its skill's concepts,
pitfalls and examples.

  oxo-call chat samtools "how do I keep only properly paired reads?"
  oxo-call chat -i bcftools          # a conversation; /tool NAME switches, /quit ends`,
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "scenario", Value: "full", Usage: "context: bare (none), doc (the tool's help), full (help and skill)", Destination: &scenario},
			&ucli.BoolFlag{Name: "interactive", Aliases: []string{"i"}, Usage: "a conversation: read questions from stdin until EOF or /quit", Destination: &interactive},
			&ucli.StringFlag{Name: "model", Usage: "the model to ask (overrides llm.model)", Destination: &f.model},
			&ucli.BoolFlag{Name: "no-stream", Usage: "print the reply when it is complete", Destination: &f.noStream},
		},
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			args := cmd.Args().Slice()
			var tool, question string
			switch len(args) {
			case 0:
			case 1:
				if interactive || !strings.ContainsAny(args[0], " \t") {
					tool = args[0]
				} else {
					question = args[0]
				}
			case 2:
				tool, question = args[0], args[1]
			default:
				return usagef(`chat: expected [TOOL] ["QUESTION"] (quote the question)`)
			}
			if !interactive && question == "" {
				return usagef(`chat: ask a question (oxo-call chat %s "…"), or use -i for a conversation`, orWord(tool, "TOOL"))
			}
			switch scenario {
			case "bare", "doc", "full":
			default:
				return usagef("unknown scenario %q (valid: bare, doc, full)", scenario)
			}
			s := a.config().LLM()
			if !s.Configured() {
				return fmt.Errorf("chat needs a model; %s", notConfigured)
			}
			model := s.Model
			if f.model != "" {
				model = f.model
			}
			s.Stream = s.Stream && !f.noStream
			p, err := a.provider(s, model)
			if err != nil {
				return fmt.Errorf("%s", a.redact(err.Error()))
			}
			c := &chat{a: a, p: p, scenario: scenario, stream: s.Stream, secret: s.Token}
			if err := c.setTool(ctx, tool); err != nil {
				return err
			}
			if question != "" {
				if err := c.ask(ctx, question); err != nil {
					return err
				}
			}
			if interactive {
				return c.loop(ctx)
			}
			return nil
		},
	}
}

func orWord(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// chat is one conversation.
type chat struct {
	a        *app
	p        llm.Provider
	scenario string
	stream   bool
	secret   string

	tool string
	rec  *engine.ToolRecord
	doc  *engine.ToolDoc
	sk   *skills.Skill
	msgs []llm.Message
}

// setTool switches the conversation to a tool ("" = none) and starts over.
func (c *chat) setTool(ctx context.Context, tool string) error {
	c.tool, c.rec, c.doc, c.sk, c.msgs = tool, nil, nil, nil, nil
	if tool == "" || c.scenario == "bare" {
		return nil
	}
	rec, doc, _, err := c.a.engine().Doc(ctx, tool, &engine.Trace{})
	var nf *engine.NotFoundError
	if err != nil && !errors.As(err, &nf) {
		return err
	}
	c.rec, c.doc = rec, doc
	if c.scenario == "full" {
		if sk, ok := c.a.loadSkills().Get(tool); ok {
			c.sk = sk
		} else if sk, ok := c.a.loadSkills().Get(rec.Executable); ok {
			c.sk = sk
		}
	}
	return nil
}

// system is the system prompt for a question: the instructions and the
// tool's context, focused on the subcommand the question is about.
func (c *chat) system(question string) string {
	var b strings.Builder
	b.WriteString(chatSystem)
	if c.tool == "" {
		return b.String()
	}
	fmt.Fprintf(&b, "\n\nThe user asks about the tool %s.", c.tool)
	if c.scenario == "bare" {
		return b.String()
	}
	if c.doc == nil {
		b.WriteString(" It is not installed here, so its help is not available.")
	} else {
		c.writeDoc(&b, question)
	}
	if c.sk != nil {
		writeSkill(&b, c.sk)
	}
	return b.String()
}

// writeDoc summarises the ToolDoc: description, subcommands and the flags
// of the subcommand (or companion) the question maps to.
func (c *chat) writeDoc(b *strings.Builder, question string) {
	d := c.doc
	if d.Record.Version != "" {
		fmt.Fprintf(b, "\nVersion: %s", d.Record.Version)
	}
	if d.Description != "" {
		fmt.Fprintf(b, "\nDescription: %s", d.Description)
	}
	if len(d.Subcommands) > 0 {
		var names []string
		for i, s := range d.Subcommands {
			if i == chatMaxSubs {
				names = append(names, fmt.Sprintf("… %d more", len(d.Subcommands)-chatMaxSubs))
				break
			}
			names = append(names, s.Name)
		}
		fmt.Fprintf(b, "\nSubcommands: %s", strings.Join(names, ", "))
	}
	for _, co := range d.Companions {
		fmt.Fprintf(b, "\nCompanion executable: %s", co.Name)
	}
	fill := engine.MapTask(c.a.loadRules(), c.rec, d, c.sk, question)
	where, flags := d.Record.Executable, d.AllFlags(nil)
	if fill.Executable != "" && fill.Executable != d.Record.Executable {
		for _, co := range d.Companions {
			if co.Name == fill.Executable {
				where, flags = co.Name, co.Flags
			}
		}
	} else if len(fill.Subcommand) > 0 {
		list := d.Subcommands
		var sub *engine.SubcommandDoc
		for _, n := range fill.Subcommand {
			if s := engine.FindSubcommand(list, n); s != nil {
				sub, list = s, s.Subcommands
			}
		}
		if sub != nil {
			where, flags = d.Record.Executable+" "+strings.Join(fill.Subcommand, " "), d.AllFlags(sub)
		}
	}
	if len(flags) == 0 {
		return
	}
	fmt.Fprintf(b, "\nFlags of %s (from its help):", where)
	for i, fl := range flags {
		if i == chatMaxFlags {
			fmt.Fprintf(b, "\n  … %d more", len(flags)-chatMaxFlags)
			break
		}
		names := strings.Join(append([]string{fl.Name}, fl.Aliases...), ", ")
		if fl.Placeholder != "" {
			names += " " + fl.Placeholder
		}
		fmt.Fprintf(b, "\n  %s", names)
		if fl.Description != "" {
			fmt.Fprintf(b, "  %s", fl.Description)
		}
		if len(fl.Choices) > 0 {
			fmt.Fprintf(b, " (one of %s)", strings.Join(fl.Choices, ", "))
		}
	}
}

// writeSkill adds the skill's concepts, pitfalls and examples.
func writeSkill(b *strings.Builder, sk *skills.Skill) {
	if len(sk.Concepts) > 0 {
		b.WriteString("\nConcepts:")
		for _, s := range sk.Concepts {
			b.WriteString("\n- " + s)
		}
	}
	if len(sk.Pitfalls) > 0 {
		b.WriteString("\nPitfalls:")
		for _, s := range sk.Pitfalls {
			b.WriteString("\n- " + s)
		}
	}
	if len(sk.Examples) > 0 {
		b.WriteString("\nExamples (task → arguments):")
		for i, e := range sk.Examples {
			if i == chatMaxExamples {
				break
			}
			fmt.Fprintf(b, "\n- %s → %s", e.Task, e.Args)
		}
	}
}

// ask sends one question and prints the reply (streamed unless
// --no-stream).
func (c *chat) ask(ctx context.Context, question string) error {
	c.msgs = append(c.msgs, llm.Message{Role: "user", Content: question})
	if len(c.msgs) > 2*chatMaxTurns {
		c.msgs = c.msgs[len(c.msgs)-2*chatMaxTurns+1:]
	}
	out := &redactWriter{w: c.a.d.IO.Out, secret: c.secret}
	req := llm.Request{System: c.system(question), Messages: c.msgs, Stream: c.stream}
	streamed := false
	if c.stream {
		req.OnDelta = func(s string) {
			streamed = true
			out.Write([]byte(s))
		}
	}
	resp, err := c.p.Complete(ctx, req)
	if err != nil {
		c.msgs = c.msgs[:len(c.msgs)-1]
		if streamed {
			out.Flush()
			fmt.Fprintln(c.a.d.IO.Out)
		}
		return fmt.Errorf("%s", c.a.redact(err.Error()))
	}
	if !streamed {
		out.Write([]byte(resp.Text))
	}
	out.Flush()
	fmt.Fprintln(c.a.d.IO.Out)
	c.msgs = append(c.msgs, llm.Message{Role: "assistant", Content: resp.Text})
	return nil
}

// loop reads questions from stdin until EOF or /quit; /tool NAME switches
// the tool.
func (c *chat) loop(ctx context.Context) error {
	e := c.a.d.IO.Err
	fmt.Fprintf(e, "chat about %s: ask a question; /tool NAME switches the tool, /quit ends\n", orWord(c.tool, "any tool"))
	sc := bufio.NewScanner(c.a.d.IO.In)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for {
		if c.a.d.IO.Interactive {
			fmt.Fprint(e, "> ")
		}
		if !sc.Scan() {
			return sc.Err()
		}
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
		case line == "/quit" || line == "/exit":
			return nil
		case line == "/tool" || strings.HasPrefix(line, "/tool "):
			name := strings.TrimSpace(strings.TrimPrefix(line, "/tool"))
			if name == "" {
				fmt.Fprintf(e, "asking about %s\n", orWord(c.tool, "no tool in particular"))
				continue
			}
			if err := c.setTool(ctx, name); err != nil {
				fmt.Fprintf(e, "error: %v\n", err)
				continue
			}
			fmt.Fprintf(e, "now asking about %s\n", name)
		case strings.HasPrefix(line, "/"):
			fmt.Fprintln(e, "commands: /tool NAME, /quit")
		default:
			if err := c.ask(ctx, line); err != nil {
				fmt.Fprintf(e, "error: %v\n", err)
			}
		}
	}
}
