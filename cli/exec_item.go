package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	ucli "github.com/urfave/cli/v3"
)

// jobItem is one item's command as a scheduler job runs it: written by
// run --executor slurm as JSON, read back by exec-item. Nothing in it
// passes through a shell.
type jobItem struct {
	// Nr and Item say which batch item this is (for messages).
	Nr   int    `json:"nr"`
	Item string `json:"item,omitempty"`
	// Argv is the command, run directly.
	Argv []string `json:"argv"`
	// Stdout is the file the command's standard output goes to, or "".
	Stdout string `json:"stdout,omitempty"`
	// Stdin is the file the command reads on standard input, or "".
	Stdin string `json:"stdin,omitempty"`
	// Dir is the working directory the command was checked in.
	Dir string `json:"dir"`
}

// itemFile is the path of item nr's file in a job's spec directory.
func itemFile(dir string, nr int) string {
	return filepath.Join(dir, "item-"+strconv.Itoa(nr)+".json")
}

// execItemCmd is the hidden command a job script runs: it reads one
// item's argv from its JSON file and runs it, with no shell, returning
// the command's exit code. With --array the argument is the spec
// directory and the item is the one SLURM_ARRAY_TASK_ID names.
func (a *app) execItemCmd() *ucli.Command {
	var array bool
	return &ucli.Command{
		Name:      "exec-item",
		Hidden:    true,
		Usage:     "run one item of a scheduler job from its JSON file (used by job scripts)",
		ArgsUsage: "FILE | --array DIR",
		Flags:     []ucli.Flag{&ucli.BoolFlag{Name: "array", Usage: "FILE is the job's spec directory; the item is $SLURM_ARRAY_TASK_ID", Destination: &array}},
		Action: func(ctx context.Context, cmd *ucli.Command) error {
			if err := needArgs(cmd, 1, "an item file"); err != nil {
				return err
			}
			path := cmd.Args().First()
			if array {
				id, err := strconv.Atoi(a.d.Getenv("SLURM_ARRAY_TASK_ID"))
				if err != nil || id < 1 {
					return fmt.Errorf("exec-item --array: SLURM_ARRAY_TASK_ID is %q, not an array task number", a.d.Getenv("SLURM_ARRAY_TASK_ID"))
				}
				path = itemFile(path, id)
			}
			it, err := readJobItem(path)
			if err != nil {
				return err
			}
			if err := os.Chdir(it.Dir); err != nil {
				return fmt.Errorf("exec-item %s: %w", path, err)
			}
			var out io.Writer = a.d.IO.Out
			if it.Stdout != "" {
				f, err := os.OpenFile(it.Stdout, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
				if err != nil {
					return fmt.Errorf("exec-item %s: cannot write %s: %w", path, it.Stdout, err)
				}
				defer f.Close()
				out = f
			}
			var in io.Reader
			if it.Stdin != "" {
				f, err := openStdin(it.Stdin)
				if err != nil {
					return fmt.Errorf("exec-item %s: %w", path, err)
				}
				defer f.Close()
				in = f
			}
			code, err := runArgv(ctx, it.Argv, in, out, a.d.IO.Err)
			if err != nil {
				return withCode(127, "exec-item %s: %v", path, err)
			}
			if code != 0 {
				return silentExit(code)
			}
			return nil
		},
	}
}

// readJobItem reads and checks an item file.
func readJobItem(path string) (jobItem, error) {
	var it jobItem
	b, err := os.ReadFile(path)
	if err != nil {
		return it, fmt.Errorf("exec-item: %w", err)
	}
	if err := json.Unmarshal(b, &it); err != nil {
		return it, fmt.Errorf("exec-item %s: not an item file: %v", path, err)
	}
	if len(it.Argv) == 0 || it.Argv[0] == "" {
		return it, fmt.Errorf("exec-item %s: the item has no command (argv is empty)", path)
	}
	if !filepath.IsAbs(it.Dir) {
		return it, fmt.Errorf("exec-item %s: dir %q is not an absolute path", path, it.Dir)
	}
	return it, nil
}
