package cli

import (
	"context"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/internal/safefile"
	"github.com/traitome/oxo-call/llm"
)

// notConfigured says how to configure a model.
const notConfigured = "no model is configured: run oxo-call config set llm.provider <openai|anthropic|ollama|github-copilot> " +
	"(with llm.api_token, or OPENAI_API_KEY / ANTHROPIC_API_KEY), or sign in to GitHub Copilot with oxo-call config login"

func (a *app) configCmd() *ucli.Command {
	return &ucli.Command{
		Name:  "config",
		Usage: "show and change settings (the model provider, token, mode …)",
		Description: `Settings live in config.yaml in oxo-call's config directory (mode 0600: it
may hold an API token). OXO_CALL_LLM_PROVIDER, OXO_CALL_LLM_API_TOKEN,
OXO_CALL_LLM_API_BASE and OXO_CALL_LLM_MODEL override the file; with provider
openai or anthropic, OPENAI_API_KEY or ANTHROPIC_API_KEY is the token when no
other is set.

  oxo-call config set llm.provider openai
  oxo-call config show
  oxo-call config verify
  oxo-call config login            # GitHub Copilot`,
		Commands: []*ucli.Command{
			{
				Name:        "set",
				Usage:       "set a key (an empty VALUE removes it)",
				ArgsUsage:   "KEY VALUE",
				Description: "Keys:\n" + keyHelp(),
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if err := needArgs(cmd, 2, "KEY VALUE"); err != nil {
						return err
					}
					name, value := cmd.Args().Get(0), cmd.Args().Get(1)
					c := a.config()
					if err := c.Set([2]string{name, value}); err != nil {
						return err
					}
					s := c.Get(name)
					if k, err := lookupKey(name); err == nil {
						s.Value = k.shown(s.Value)
					}
					if strings.TrimSpace(value) == "" {
						fmt.Fprintf(a.d.IO.Out, "removed %s from %s\n", name, c.Path)
					} else {
						fmt.Fprintf(a.d.IO.Out, "%s = %s (in %s)\n", name, s.Value, c.Path)
					}
					if strings.HasPrefix(s.Source, "env ") {
						fmt.Fprintf(a.d.IO.Err, "note: %s overrides the file (%s)\n", strings.TrimPrefix(s.Source, "env "), name)
					}
					return nil
				},
			},
			{
				Name:      "get",
				Usage:     "print a key's effective value (the token masked)",
				ArgsUsage: "KEY",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if err := needArgs(cmd, 1, "KEY"); err != nil {
						return err
					}
					k, err := lookupKey(cmd.Args().Get(0))
					if err != nil {
						return err
					}
					s := a.config().Get(k.Name)
					s.Value = k.shown(s.Value)
					if a.json || cmd.Bool("json") {
						return writeJSON(a.d.IO.Out, s)
					}
					fmt.Fprintln(a.d.IO.Out, s.Value)
					return nil
				},
				Flags: []ucli.Flag{&ucli.BoolFlag{Name: "json", Usage: "machine-readable output"}},
			},
			{
				Name:  "show",
				Usage: "print every key, its effective value and where it comes from",
				Flags: []ucli.Flag{&ucli.BoolFlag{Name: "json", Usage: "machine-readable output"}},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					c := a.config()
					if c.Err != nil && !safefile.IsSpecial(c.Err) { // a special file was warned about on load
						fmt.Fprintf(a.d.IO.Err, "warning: %v (showing defaults and the environment)\n", a.redact(c.Err.Error()))
					}
					s := c.LLM()
					if a.json || cmd.Bool("json") {
						return writeJSON(a.d.IO.Out, map[string]any{"path": c.Path, "configured": s.Configured(), "settings": c.Show()})
					}
					tw := tabwriter.NewWriter(a.d.IO.Out, 0, 4, 2, ' ', 0)
					for _, st := range c.Show() {
						v := st.Value
						if v == "" {
							v = "-"
						}
						fmt.Fprintf(tw, "%s\t%s\t%s\n", st.Key, v, st.Source)
					}
					tw.Flush()
					state := "not created yet"
					if _, err := os.Stat(c.Path); err == nil {
						state = "exists"
					}
					fmt.Fprintf(a.d.IO.Out, "\nconfig file: %s (%s)\n", c.Path, state)
					if s.Configured() {
						fmt.Fprintf(a.d.IO.Out, "model: configured (%s)\n", a.modelLabel(s, ""))
					} else {
						fmt.Fprintln(a.d.IO.Out, "model: "+notConfigured)
					}
					return nil
				},
			},
			{
				Name:  "path",
				Usage: "print the configuration file's path",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					fmt.Fprintln(a.d.IO.Out, a.d.paths().ConfigFile())
					return nil
				},
			},
			{
				Name:  "verify",
				Usage: "make one tiny call to the configured model and report it",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					return a.verifyConfig(ctx)
				},
			},
			{
				Name:  "login",
				Usage: "sign in to GitHub Copilot (device flow) and use it as the provider",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					return a.login(ctx)
				},
			},
		},
	}
}

// keyHelp lists the keys for set's help.
func keyHelp() string {
	var b strings.Builder
	for _, k := range configKeys {
		fmt.Fprintf(&b, "  %-16s %s", k.Name, k.Usage)
		if k.Default != "" {
			fmt.Fprintf(&b, " (default %s)", k.Default)
		}
		if k.Env != "" {
			fmt.Fprintf(&b, " [env %s]", k.Env)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// verifyConfig sends "Reply with OK" and reports provider, model and
// latency.
func (a *app) verifyConfig(ctx context.Context) error {
	s := a.config().LLM()
	if !s.Configured() {
		return fmt.Errorf("%s", notConfigured)
	}
	s.Stream = false // one tiny call: the whole reply at once
	p, err := a.provider(s, s.Model)
	if err != nil {
		return fmt.Errorf("verify: %s", a.redact(err.Error()))
	}
	start := time.Now()
	resp, err := p.Complete(ctx, llm.Request{Messages: []llm.Message{{Role: "user", Content: "Reply with OK"}}, MaxTokens: 16})
	took := time.Since(start)
	if err != nil {
		return fmt.Errorf("verify failed after %d ms: %s", took.Milliseconds(), a.redact(err.Error()))
	}
	fmt.Fprintf(a.d.IO.Out, "ok: provider %s, model %s, latency %d ms, reply %q\n", p.Name(), a.modelLabel(s, resp.Model),
		took.Milliseconds(), a.redact(firstLine(resp.Text, 40)))
	return nil
}

// firstLine keeps the first line of s, cut to n runes.
func firstLine(s string, n int) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// login signs in to GitHub Copilot and stores the GitHub token.
func (a *app) login(ctx context.Context) error {
	c := a.config()
	if c.Err != nil {
		return fmt.Errorf("not signing in: %v (fix or remove the file first)", c.Err)
	}
	ep := a.copilotEndpoints()
	tok, err := llm.DeviceLogin(ctx, a.d.IO.Out, ep)
	if err != nil {
		return fmt.Errorf("%s", a.redact(err.Error()))
	}
	if err := c.Set([2]string{"llm.provider", "github-copilot"}, [2]string{"llm.api_token", tok}); err != nil {
		return err
	}
	fmt.Fprintf(a.d.IO.Out, "signed in: llm.provider is github-copilot, the GitHub token (%s) is in %s (mode 0600)\n", maskSecret(tok), c.Path)
	return nil
}

// copilotEndpoints are GitHub's, or the ones the environment names (tests).
func (a *app) copilotEndpoints() llm.CopilotEndpoints {
	return llm.CopilotEndpoints{
		DeviceCodeURL:  a.d.Getenv("OXO_CALL_COPILOT_DEVICE_URL"),
		AccessTokenURL: a.d.Getenv("OXO_CALL_COPILOT_TOKEN_URL"),
		GitHubAPI:      a.d.Getenv("OXO_CALL_COPILOT_API_URL"),
		Sleep:          llmSleep,
	}
}
