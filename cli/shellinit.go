package cli

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	ucli "github.com/urfave/cli/v3"
)

// shellKeyEnv names the environment variable that changes the binding
// when the snippet is evaluated.
const shellKeyEnv = "OXO_CALL_KEY"

// shellDefaultKeys are the default bindings (Ctrl-X Ctrl-O) in each
// shell's own notation.
var shellDefaultKeys = map[string]string{"bash": `\C-x\C-o`, "zsh": `^X^O`, "fish": `\cx\co`}

// The snippets call `oxo-call shell-fill -- LINE`, which prints the command
// (exit 0) or one line saying why not (exit ≠ 0). Every name they define
// starts with __oxo_call; they bind one key and touch no other binding.
// They run under set -u and set -e: every variable has a default and no
// command's failure escapes.
const bashSnippet = `# oxo-call shell integration for bash: type TOOL TASK… and press the key
# (default Ctrl-X Ctrl-O; set OXO_CALL_KEY, in readline notation, to change it).
__oxo_call_fill() {
  local __oxo_call_line="${READLINE_LINE-}" __oxo_call_out="" __oxo_call_rc=0
  case "$__oxo_call_line" in *[![:space:]]*) ;; *) return 0 ;; esac
  __oxo_call_out="$(command oxo-call shell-fill -- "$__oxo_call_line" 2>/dev/null)" || __oxo_call_rc=$?
  if [ "$__oxo_call_rc" -eq 0 ] && [ -n "$__oxo_call_out" ]; then
    READLINE_LINE="$__oxo_call_out"
    READLINE_POINT=${#READLINE_LINE}
  else
    [ -n "$__oxo_call_out" ] || __oxo_call_out="oxo-call: no command (exit $__oxo_call_rc)"
    printf '%s\n' "${__oxo_call_out%%$'\n'*}" >&2
  fi
  return 0
}
if [[ $- == *i* ]]; then
  bind -x "\"${OXO_CALL_KEY:-%KEY%}\": __oxo_call_fill"
fi
`

const zshSnippet = `# oxo-call shell integration for zsh: type TOOL TASK… and press the key
# (default Ctrl-X Ctrl-O; set OXO_CALL_KEY, in bindkey notation, to change it).
__oxo_call_fill() {
  emulate -L zsh
  local line="$BUFFER" out="" rc=0
  [[ "$line" == *[^[:space:]]* ]] || return 0
  out="$(command oxo-call shell-fill -- "$line" 2>/dev/null)" || rc=$?
  if (( rc == 0 )) && [[ -n "$out" ]]; then
    BUFFER="$out"
    CURSOR=${#BUFFER}
  else
    [[ -n "$out" ]] || out="oxo-call: no command (exit $rc)"
    zle -M -- "${out%%$'\n'*}"
  fi
  return 0
}
if [[ -o interactive ]]; then
  zle -N __oxo_call_fill
  bindkey -- "${OXO_CALL_KEY:-%KEY%}" __oxo_call_fill
fi
`

const fishSnippet = `# oxo-call shell integration for fish: type TOOL TASK… and press the key
# (default Ctrl-X Ctrl-O; set OXO_CALL_KEY, in bind notation, to change it).
function __oxo_call_fill
    set -l line (commandline)
    string match -qr '\S' -- "$line"; or return 0
    set -l out (command oxo-call shell-fill -- "$line" 2>/dev/null)
    set -l rc $status
    if test $rc -eq 0; and test -n "$out[1]"
        commandline -r -- "$out[1]"
        commandline -C (string length -- "$out[1]")
    else
        test -n "$out[1]"; or set out "oxo-call: no command (exit $rc)"
        echo
        echo $out[1]
        commandline -f repaint
    end
end
if status is-interactive
    set -l __oxo_call_key %KEY%
    set -q OXO_CALL_KEY; and set __oxo_call_key $OXO_CALL_KEY
    bind $__oxo_call_key __oxo_call_fill
end
`

var shellSnippets = map[string]string{"bash": bashSnippet, "zsh": zshSnippet, "fish": fishSnippet}

// checkKey refuses a key sequence that would break out of the snippet's
// quoting.
func checkKey(key string) error {
	for _, r := range key {
		if r <= ' ' || r == 0x7f || strings.ContainsRune("'\"`$;&|(){}#", r) {
			return usagef("shell-init: --key %q: %q is not allowed in a key sequence", key, r)
		}
	}
	return nil
}

// snippet returns the snippet for a shell, bound to key ("" = default).
func snippet(shell, key string) (string, error) {
	s, ok := shellSnippets[shell]
	if !ok {
		return "", usagef("shell-init: unknown shell %q (valid: bash, zsh, fish)", shell)
	}
	if key == "" {
		key = shellDefaultKeys[shell]
	} else if err := checkKey(key); err != nil {
		return "", err
	}
	return strings.ReplaceAll(s, "%KEY%", key), nil
}

func (a *app) shellInitCmd() *ucli.Command {
	var key string
	return &ucli.Command{
		Name:      "shell-init",
		Usage:     "print a shell snippet that binds Ctrl-X Ctrl-O to fill the prompt line with the command for TOOL TASK…",
		ArgsUsage: "bash|zsh|fish",
		Description: `Add the line for your shell to its rc file:

  bash (~/.bashrc):                 eval "$(oxo-call shell-init bash)"
  zsh (~/.zshrc):                   eval "$(oxo-call shell-init zsh)"
  fish (~/.config/fish/config.fish): oxo-call shell-init fish | source

Then type a tool and a task on the prompt line, e.g.

  samtools sort aln.bam by coordinate with 8 threads into aln.sorted.bam

and press Ctrl-X Ctrl-O: the line becomes the command, not run, with the
cursor at its end, ready to edit; Enter runs it and puts it in your history.
When the command is uncertain the line is kept and one line under the prompt
says why.

The key is --key, or $OXO_CALL_KEY when the snippet is evaluated, in the
shell's own notation: bash \C-x\C-o, zsh ^X^O, fish \cx\co.`,
		ShellComplete: func(ctx context.Context, cmd *ucli.Command) {
			if cmd.NArg() == 0 {
				for _, sh := range []string{"bash", "zsh", "fish"} {
					fmt.Fprintln(cmd.Root().Writer, sh)
				}
			}
			ucli.DefaultCompleteWithFlags(ctx, cmd)
		},
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "key", Usage: "the key sequence to bind, in the shell's notation (default Ctrl-X Ctrl-O)", Destination: &key},
		},
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			if err := needArgs(cmd, 1, "a shell: bash, zsh or fish"); err != nil {
				return err
			}
			s, err := snippet(cmd.Args().First(), key)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(a.d.IO.Out, s)
			return err
		},
	}
}

// shellFillCmd is what the snippets call: the prompt line in, the command
// (or one line saying why not) out, on stdout.
func (a *app) shellFillCmd() *ucli.Command {
	return &ucli.Command{
		Name:      "shell-fill",
		Hidden:    true,
		Usage:     "the command for a prompt line \"TOOL TASK…\" (used by shell-init)",
		ArgsUsage: `"TOOL TASK…"`,
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			if err := needArgs(cmd, 1, `one prompt line "TOOL TASK…"`); err != nil {
				return err
			}
			msg, code := a.shellFill(ctx, cmd.Args().First())
			fmt.Fprintln(a.d.IO.Out, msg)
			if code != 0 {
				return silentExit(code)
			}
			return nil
		},
	}
}

// shellFill builds the command for a prompt line. It returns the command
// and 0, or one line saying why there is none and the exit code dry-run
// would give.
func (a *app) shellFill(ctx context.Context, line string) (string, int) {
	line = strings.TrimSpace(line)
	tool, task := line, ""
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		tool, task = line[:i], strings.TrimSpace(line[i:])
	}
	if task == "" {
		return fmt.Sprintf("oxo-call: type a tool and a task, e.g. \"samtools sort aln.bam by coordinate\" (got %q)", strings.TrimSpace(line)), ExitUsage
	}
	res, _, err := a.generateFor(ctx, tool, task, &genOptions{})
	if err != nil {
		return "oxo-call: " + oneLine(err.Error()), ExitCode(err)
	}
	a.record(a.entry(res, nil))
	// an error Stage 5 found is named before the command's uncertainty
	for _, f := range res.Findings {
		if f.Severity == "error" {
			return oneLine(fmt.Sprintf("oxo-call: %s: %s [%s]", res.Command.Display, f.Message, f.Rule)), ExitRefused
		}
	}
	if res.Uncertain {
		why := ""
		if res.Fill != nil && len(res.Fill.Evidence) > 0 {
			why = "; " + res.Fill.Evidence[len(res.Fill.Evidence)-1]
		}
		return oneLine(fmt.Sprintf("oxo-call: uncertain (confidence %.2f): %s%s (see: oxo-call explain %s %q)",
			res.Confidence, res.Command.Display, why, tool, task)), ExitUncertain
	}
	return res.Command.Display, 0
}

// oneLine joins a message's lines.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
