package cli

import (
	"bufio"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/traitome/oxo-call/engine"
)

// askPrompt is run --ask's question; y runs, anything else not listed
// (Enter included) cancels.
const askPrompt = "run it? [y/N]  (d: edit the command, r: revise the task, c: copy) "

// stdin returns the one buffered reader of the user's input, so that
// answers typed ahead reach the question they are meant for.
func (a *app) stdin() *bufio.Reader {
	if a.in == nil {
		a.in = bufio.NewReader(a.d.IO.In)
	}
	return a.in
}

// readLine reads one answer; io.EOF when the input is over.
func (a *app) readLine() (string, error) {
	line, err := a.stdin().ReadString('\n')
	if err != nil && line == "" {
		return "", io.EOF
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// confirmMenu is run --ask's menu on a terminal: run the command, edit it
// ($VISUAL, $EDITOR, or a line typed here), revise the task and build the
// command again, copy it to the terminal's clipboard (OSC 52), or cancel.
// An edited or rebuilt command goes through the whole gate again (its
// findings shown, errors and uncertainty refused, danger asked about)
// before the menu comes back for it. res is updated in place.
func (a *app) confirmMenu(ctx context.Context, res *engine.Result, g *genOptions, o *runOptions) error {
	e := a.d.IO.Err
	for {
		fmt.Fprint(e, askPrompt)
		ans, err := a.readLine()
		if err != nil {
			fmt.Fprintln(e)
			return withCode(ExitRefused, "not run")
		}
		switch strings.ToLower(strings.TrimSpace(ans)) {
		case "y", "yes", "e", "execute", "run":
			return nil
		case "", "n", "no", "q", "quit", "cancel":
			return withCode(ExitRefused, "not run")
		case "c", "copy":
			// OSC 52: the terminal puts the text on its clipboard.
			fmt.Fprintf(e, "\x1b]52;c;%s\a", base64.StdEncoding.EncodeToString([]byte(res.Command.Display)))
			fmt.Fprintln(e, "copied to the terminal's clipboard (OSC 52)")
		case "d", "edit":
			line, ok := a.editCommand(res.Command.Display)
			if !ok {
				continue
			}
			cwd, _ := os.Getwd()
			next, err := a.engine().CheckEdited(res, line, cwd)
			if err != nil {
				fmt.Fprintf(e, "cannot use the edit: %v\n", err)
				continue
			}
			*res = *next
			return a.gate(res, g, o)
		case "r", "revise":
			fmt.Fprintf(e, "task (Enter keeps it): %s\n> ", res.Task)
			task, err := a.readLine()
			if err != nil || strings.TrimSpace(task) == "" {
				fmt.Fprintln(e, "the task is unchanged")
				continue
			}
			next, _, err := a.generateFor(ctx, res.Tool, strings.TrimSpace(task), g)
			if err != nil {
				fmt.Fprintf(e, "cannot build a command for that task: %v\n", err)
				continue
			}
			*res = *next
			return a.gate(res, g, o)
		default:
			fmt.Fprintln(e, "answer y (run), d (edit), r (revise the task), c (copy) or n (cancel)")
		}
	}
}

// editCommand lets the user change the command: in $VISUAL or $EDITOR
// when one is set, else on a line typed here. It returns the new line and
// false when nothing usable came back.
func (a *app) editCommand(cmd string) (string, bool) {
	e := a.d.IO.Err
	editor := a.d.Getenv("VISUAL")
	if editor == "" {
		editor = a.d.Getenv("EDITOR")
	}
	var line string
	if editor == "" {
		fmt.Fprintf(e, "edit the command (Enter keeps it):\n  %s\n> ", cmd)
		l, err := a.readLine()
		if err != nil || strings.TrimSpace(l) == "" {
			fmt.Fprintln(e, "the command is unchanged")
			return "", false
		}
		line = l
	} else {
		l, err := a.runEditor(editor, cmd)
		if err != nil {
			fmt.Fprintf(e, "%v\n", err)
			return "", false
		}
		line = l
	}
	line = strings.TrimSpace(line)
	if line == cmd {
		fmt.Fprintln(e, "the command is unchanged")
		return "", false
	}
	return line, true
}

// runEditor opens the command in the user's editor and returns the first
// line that is neither blank nor a # comment.
func (a *app) runEditor(editor, cmd string) (string, error) {
	f, err := os.CreateTemp("", "oxo-call-edit-*.sh")
	if err != nil {
		return "", fmt.Errorf("cannot edit: %w", err)
	}
	defer os.Remove(f.Name())
	fmt.Fprintf(f, "%s\n# Edit the command above; it is checked again before it runs. Lines starting with # are ignored.\n", cmd)
	f.Close()
	// The editor setting may hold arguments ("code -w"), as in git.
	c := exec.Command("sh", "-c", editor+` "$1"`, "sh", f.Name())
	c.Stdout, c.Stderr = a.d.IO.Out, a.d.IO.Err
	if in, ok := a.d.IO.In.(*os.File); ok {
		c.Stdin = in
	}
	if err := c.Run(); err != nil {
		return "", fmt.Errorf("the editor (%s) failed: %v; the command is unchanged", editor, err)
	}
	b, err := os.ReadFile(f.Name())
	if err != nil {
		return "", fmt.Errorf("cannot read the edit: %w", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			return t, nil
		}
	}
	return "", fmt.Errorf("the edited file holds no command; the command is unchanged")
}
