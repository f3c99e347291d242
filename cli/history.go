package cli

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gofrs/flock"
	ucli "github.com/urfave/cli/v3"

	"github.com/traitome/oxo-call/internal/safefile"
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
	// A command submitted to a scheduler: the executor ("slurm"), its job
	// id, the array task (0 for a single job), the batch item, and the
	// task's stdout and stderr logs. ExitCode is empty: the job reports it
	// (oxo-call jobs status).
	Executor  string `json:"executor,omitempty"`
	JobID     string `json:"job_id,omitempty"`
	ArrayTask int    `json:"array_task,omitempty"`
	Item      string `json:"item,omitempty"`
	Log       string `json:"log,omitempty"`
	ErrLog    string `json:"err_log,omitempty"`
	// Steps are a pipeline's commands, each with its exit when it ran;
	// Command is then the whole pipeline.
	Steps []HistoryStep `json:"steps,omitempty"`
}

// HistoryStep is one command of a pipeline in history.
type HistoryStep struct {
	Command  string `json:"command"`
	ExitCode *int   `json:"exit_code,omitempty"`
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
	f, err := safefile.OpenAppend(h.Path, 0o600)
	if err != nil {
		return err
	}
	// A last line without its newline (a write cut short by a full disk)
	// is ended first, so the new entry is not glued onto it and lost.
	if torn, err := tornTail(f); err != nil {
		f.Close()
		return err
	} else if torn {
		line = append([]byte{'\n'}, line...)
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// tornTail reports whether a non-empty file does not end in a newline.
func tornTail(f *os.File) (bool, error) {
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return false, err
	}
	var last [1]byte
	if _, err := f.ReadAt(last[:], st.Size()-1); err != nil {
		return false, err
	}
	return last[0] != '\n', nil
}

// maxHistoryLine bounds one history line; a longer one is skipped.
const maxHistoryLine = 4 << 20

// Read returns the entries, oldest first; unreadable lines, and lines
// over maxHistoryLine bytes, are skipped and counted.
func (h History) Read() ([]HistoryEntry, int, error) {
	f, err := safefile.Open(h.Path)
	if os.IsNotExist(err) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var out []HistoryEntry
	bad := 0
	err = eachLine(f, maxHistoryLine, func(line []byte) {
		var e HistoryEntry
		if line == nil || json.Unmarshal(line, &e) != nil || e.ID == "" {
			bad++
			return
		}
		out = append(out, e)
	})
	return out, bad, err
}

// eachLine calls fn for every non-empty line of r; a line longer than
// limit is not kept in memory: fn gets nil for it.
func eachLine(r io.Reader, limit int, fn func(line []byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	long := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !long {
			buf = append(buf, chunk...)
			long = len(buf) > limit+1
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if long {
			fn(nil)
		} else if l := bytes.TrimRight(buf, "\r\n"); len(bytes.TrimSpace(l)) > 0 {
			fn(l)
		}
		buf, long = buf[:0], false
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
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
					a.warnBadHistory(bad)
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
						if e.JobID != "" {
							exit = "job " + e.JobID
						}
						if e.ExitCode != nil {
							exit = strconv.Itoa(*e.ExitCode)
						}
						fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", printable(e.ID), printable(e.Time), exit, printable(e.Command))
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
					all, bad, err := a.history().Read()
					if err != nil {
						return err
					}
					a.warnBadHistory(bad)
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

// warnBadHistory says how many history lines could not be read.
func (a *app) warnBadHistory(bad int) {
	if bad > 0 {
		fmt.Fprintf(a.d.IO.Err, "warning: %d unreadable lines in %s skipped (broken, or over %d bytes)\n", bad, a.history().Path, maxHistoryLine)
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
