package cli

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gofrs/flock"
	ucli "github.com/urfave/cli/v3"
)

// HistoryEntry is one line of history.jsonl.
type HistoryEntry struct {
	ID           string   `json:"id"`
	Time         string   `json:"time"`
	Tool         string   `json:"tool"`
	Task         string   `json:"task"`
	Command      string   `json:"command"`
	ExitCode     *int     `json:"exit_code,omitempty"`
	DryRun       bool     `json:"dry_run"`
	ToolVersion  string   `json:"tool_version,omitempty"`
	ToolDocHash  string   `json:"tooldoc_hash,omitempty"`
	Skill        string   `json:"skill,omitempty"`
	Model        string   `json:"model,omitempty"`
	RulesFired   []string `json:"rules_fired,omitempty"`
	LLMCalls     int      `json:"llm_calls"`
	PromptTokens int      `json:"prompt_tokens"`
}

// History appends to and reads the JSONL history file. Appends take an
// exclusive file lock, so parallel batch runs and separate processes never
// interleave or lose lines.
type History struct{ Path string }

func (p Paths) historyFile() string { return filepath.Join(p.Data, "history.jsonl") }

func newID() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Append writes one entry as one line under the lock.
func (h History) Append(e HistoryEntry) error {
	if err := os.MkdirAll(filepath.Dir(h.Path), 0o755); err != nil {
		return err
	}
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	lk := flock.New(h.Path + ".lock")
	if err := lk.Lock(); err != nil {
		return fmt.Errorf("history lock %s: %w", h.Path+".lock", err)
	}
	defer lk.Unlock()
	f, err := os.OpenFile(h.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Read returns the entries, oldest first; unreadable lines are skipped and
// counted.
func (h History) Read() ([]HistoryEntry, int, error) {
	f, err := os.Open(h.Path)
	if os.IsNotExist(err) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var out []HistoryEntry
	bad := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		var e HistoryEntry
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.ID == "" {
			bad++
			continue
		}
		out = append(out, e)
	}
	return out, bad, sc.Err()
}

// Clear removes the history file under the lock.
func (h History) Clear() error {
	lk := flock.New(h.Path + ".lock")
	if err := lk.Lock(); err != nil {
		return err
	}
	defer lk.Unlock()
	if err := os.Remove(h.Path); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

func (a *app) history() History { return History{Path: a.d.paths().historyFile()} }

func (a *app) historyCmd() *ucli.Command {
	var n int
	var tool string
	var yes bool
	return &ucli.Command{
		Name: "history", Aliases: []string{"hist"}, Usage: "commands oxo-call built and ran",
		Commands: []*ucli.Command{
			{
				Name: "list", Usage: "the latest entries (newest last)",
				Flags: []ucli.Flag{
					&ucli.IntFlag{Name: "n", Value: 20, Usage: "how many", Destination: &n},
					&ucli.StringFlag{Name: "tool", Usage: "only this tool", Destination: &tool},
					&ucli.BoolFlag{Name: "json", Usage: "machine-readable output"},
				},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					all, bad, err := a.history().Read()
					if err != nil {
						return err
					}
					var list []HistoryEntry
					for _, e := range all {
						if tool == "" || e.Tool == tool {
							list = append(list, e)
						}
					}
					if n > 0 && len(list) > n {
						list = list[len(list)-n:]
					}
					if bad > 0 {
						fmt.Fprintf(a.d.IO.Err, "warning: %d unreadable lines in %s skipped\n", bad, a.history().Path)
					}
					if a.json || cmd.Bool("json") {
						if list == nil {
							list = []HistoryEntry{}
						}
						return writeJSON(a.d.IO.Out, list)
					}
					tw := tabwriter.NewWriter(a.d.IO.Out, 2, 4, 2, ' ', 0)
					fmt.Fprintln(tw, "ID\tTIME\tEXIT\tCOMMAND")
					for _, e := range list {
						exit := "dry"
						if e.ExitCode != nil {
							exit = strconv.Itoa(*e.ExitCode)
						}
						fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", e.ID, e.Time, exit, e.Command)
					}
					return tw.Flush()
				},
			},
			{
				Name: "show", Usage: "one entry", ArgsUsage: "ID",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if err := needArgs(cmd, 1, "an entry id"); err != nil {
						return err
					}
					all, _, err := a.history().Read()
					if err != nil {
						return err
					}
					for _, e := range all {
						if e.ID == cmd.Args().First() {
							return writeJSON(a.d.IO.Out, e)
						}
					}
					return fmt.Errorf("no history entry %q (see: oxo-call history list)", cmd.Args().First())
				},
			},
			{
				Name: "clear", Usage: "delete the history", Flags: []ucli.Flag{&ucli.BoolFlag{Name: "yes", Aliases: []string{"y"}, Usage: "do not ask", Destination: &yes}},
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					if !yes {
						ok, err := a.confirm("delete the whole history in " + a.history().Path + "?")
						if err != nil {
							return err
						}
						if !ok {
							fmt.Fprintln(a.d.IO.Err, "kept the history")
							return nil
						}
					}
					return a.history().Clear()
				},
			},
		},
	}
}

// confirm asks a yes/no question on the terminal; without one it refuses
// and says how to go on.
func (a *app) confirm(q string) (bool, error) {
	if !a.d.IO.Interactive {
		return false, withCode(ExitRefused, "%s — not a terminal to ask on: pass --yes to confirm", q)
	}
	fmt.Fprintf(a.d.IO.Err, "%s [y/N] ", q)
	line, _ := a.readLine()
	ans := strings.ToLower(strings.TrimSpace(line))
	return ans == "y" || ans == "yes", nil
}

// record appends a history entry; a failure is a warning, never fatal.
func (a *app) record(e HistoryEntry) {
	e.ID = newID()
	e.Time = a.d.Now().UTC().Format(time.RFC3339)
	if err := a.history().Append(e); err != nil {
		fmt.Fprintf(a.d.IO.Err, "warning: could not write history: %v\n", err)
	}
}
