package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"

	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/engine"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// Version is set at build time with -ldflags "-X .../cli.Version=…".
var Version = "0.1.0-dev"

// app holds what commands share for one invocation.
type app struct {
	d       *Deps
	verbose bool
	json    bool
	noCache bool
	// noProgress silences exploration progress (bench draws its own bar).
	noProgress bool
	progressMu sync.Mutex
	rules      *rules.Set
	skills     *skills.Store
	// skillsMu guards the lazy load of skills (bench generates in parallel).
	skillsMu sync.Mutex

	// The model layer (cli/llm.go, cli/config.go).
	cfg           *Config
	llm           *engine.LLMOptions // nil: no model asked
	eng           *engine.Engine     // the engine dry-run and run used
	llmMode       string
	llmConfigured bool
	stderrTee     io.Writer     // also receives a run's stderr (--verify, --auto-retry)
	in            *bufio.Reader // the user's answers (cli/confirm.go)
}

// loadRules loads built-in and user rules once; user rule errors are
// printed as warnings (a broken user file never stops the program).
// Built-in rules are compiled as they are first evaluated (rules.Options
// Lazy): a dry-run evaluates a few kinds of the many; they are read from
// the cache a previous command wrote when it was written by this build.
func (a *app) loadRules() *rules.Set {
	if a.rules == nil {
		p := a.d.paths()
		s, errs := rules.Load(rules.Options{UserDir: p.UserRulesDir(), Lazy: true, CacheDir: p.RulesCacheDir()})
		for _, err := range errs {
			fmt.Fprintf(a.d.IO.Err, "warning: %v\n", err)
		}
		a.rules = s
		// Stage 3's word classes and file kinds come from the same rules,
		// the user's included.
		task.UseVocab(s.Vocab())
	}
	return a.rules
}

// completeRules is loadRules with every rule compiled and its tests
// decoded, for the commands that show what a rule reads and how many
// tests it has; problems are warnings, as at load.
func (a *app) completeRules() *rules.Set {
	s := a.loadRules()
	for _, err := range s.Complete() {
		fmt.Fprintf(a.d.IO.Err, "warning: %v\n", err)
	}
	return s
}

// warnRuleFailures reports, once each, the rules whose evaluation failed
// during the command (the stages treat such a rule as not firing).
func (a *app) warnRuleFailures(context.Context, *ucli.Command) error {
	if a.rules != nil {
		for _, err := range a.rules.Failures() {
			fmt.Fprintf(a.d.IO.Err, "warning: %v\n", err)
		}
	}
	return nil
}

func (a *app) engine() *engine.Engine { return a.engineWith(nil) }

// engineWith is engine with its options changed by set first.
func (a *app) engineWith(set func(*engine.Options)) *engine.Engine {
	rs := a.loadRules()
	// Stage 3 evaluates every intents rule, and Stage 5 the constraints;
	// they compile on the other core while Stages 1 and 2 read the tool.
	rs.Precompile("intents", "constraints")
	o := engine.Options{Rules: rs, PathDirs: a.d.pathDirs(), Runner: a.d.Runner, Packages: a.d.Packages,
		Cache: a.newCache(), NoCache: a.noCache, Concepts: engine.NewConceptCache(a.d.paths().ConceptCacheDir()), Skills: quickSkills{a}, UserDocs: a.userDocs, Progress: a.progress}
	if set != nil {
		set(&o)
	}
	return engine.New(o)
}

// progress shows how far a long exploration is, on a terminal only. It
// is called from several explorations at once in bench, which draws its
// own bar instead (noProgress).
func (a *app) progress(done, total int) {
	if !a.d.IO.Interactive || total < 8 || a.noProgress {
		return
	}
	a.progressMu.Lock()
	defer a.progressMu.Unlock()
	fmt.Fprintf(a.d.IO.Err, "\rreading subcommand help %d/%d", done, total)
	if done == total {
		fmt.Fprint(a.d.IO.Err, "\r\033[K")
	}
}

// New builds the root command.
func New(d *Deps) *ucli.Command {
	a := &app{d: d}
	root := &ucli.Command{
		Name:    "oxo-call",
		Usage:   "turn a plain-language task into one correct, checked command line",
		Version: Version,
		Description: `oxo-call reads a tool's real help text, applies rules and curated skills, and
prints (or runs) the command that does what you asked — and explains why.

  oxo-call dry-run samtools "sort aln.bam by coordinate with 8 threads into aln.sorted.bam"
  oxo-call explain hisat2 "build index for genome.fa"
  oxo-call rules list --kind companions`,
		Writer:                d.IO.Out,
		ErrWriter:             d.IO.Err,
		EnableShellCompletion: true,
		ConfigureShellCompletionCommand: func(c *ucli.Command) {
			c.Hidden = false
			c.Usage = "print a shell completion script (bash, zsh, fish)"
		},
		ExitErrHandler: func(context.Context, *ucli.Command, error) {},
		After:          a.warnRuleFailures,
		Flags: []ucli.Flag{
			&ucli.BoolFlag{Name: "verbose", Usage: "print what each stage does to stderr", Destination: &a.verbose},
			&ucli.BoolFlag{Name: "json", Usage: "machine-readable output", Destination: &a.json},
		},
		Commands: []*ucli.Command{
			a.runCmd(),
			a.dryRunCmd(),
			a.planCmd(),
			a.explainCmd(),
			a.rulesCmd(),
			a.historyCmd(),
			a.skillCmd(),
			a.docsCmd(),
			a.benchCmd(),
			a.configCmd(),
			a.chatCmd(),
			a.jobsCmd(),
			a.execItemCmd(),
			a.versionCmd(),
			a.mcpCmd(),
			a.shellInitCmd(),
			a.shellFillCmd(),
		},
	}
	quietUsage(root)
	return root
}

// quietUsage makes every command report a flag mistake as a usage error
// (exit 2) with one line on stderr, instead of printing its whole help on
// stdout.
func quietUsage(c *ucli.Command) {
	c.OnUsageError = func(_ context.Context, cmd *ucli.Command, err error, _ bool) error {
		return usagef("%v (see: %s --help)", err, cmd.FullName())
	}
	for _, sub := range c.Commands {
		quietUsage(sub)
	}
}

// Main runs the program and returns the exit code; errors are printed here
// and nowhere else. A crash (a panic) is reported with its stack and exits
// 1, an oxo-call failure: the Go runtime's own exit code for it, 2, would
// read as a usage mistake.
func Main(ctx context.Context, args []string, d *Deps) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(d.IO.Err, "oxo-call: internal error: %v\n%s", r, debug.Stack())
			code = ExitError
		}
	}()
	err := New(d).Run(ctx, args)
	if code, ok := interruptedCode(ctx); ok {
		// Whatever the command was doing was cut short: say so, not the
		// error the cancellation caused.
		fmt.Fprintln(d.IO.Err, "oxo-call: interrupted")
		return code
	}
	if err != nil && err.Error() != "" {
		fmt.Fprintln(d.IO.Err, "oxo-call: "+strings.TrimSpace(err.Error()))
	}
	if err != nil && isParseError(err) {
		return ExitUsage
	}
	return ExitCode(err)
}

// isParseError recognises the command-line parser's own errors (unknown
// flag, bad flag value, unknown command), which are usage mistakes.
func isParseError(err error) bool {
	m := err.Error()
	for _, p := range []string{"flag provided but not defined", "invalid value ", "No help topic for", "flag needs an argument", "Required flag"} {
		if strings.Contains(m, p) {
			return true
		}
	}
	return false
}

func (a *app) versionCmd() *ucli.Command {
	return &ucli.Command{
		Name:  "version",
		Usage: "print the oxo-call version",
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			if a.json {
				return writeJSON(a.d.IO.Out, map[string]string{"version": Version})
			}
			fmt.Fprintln(a.d.IO.Out, "oxo-call "+Version)
			return nil
		},
	}
}

// needArgs checks the positional argument count.
func needArgs(cmd *ucli.Command, n int, usage string) error {
	if cmd.Args().Len() != n {
		return usagef("%s: expected %s", cmd.FullName(), usage)
	}
	return nil
}
