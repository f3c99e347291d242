package cli

import (
	"context"
	"fmt"
	"text/tabwriter"

	ucli "github.com/urfave/cli/v3"
)

// jobsCmd shows and cancels the scheduler jobs run --executor slurm
// submitted; it knows the jobs history knows.
func (a *app) jobsCmd() *ucli.Command {
	return &ucli.Command{
		Name:  "jobs",
		Usage: "SLURM jobs submitted by run --executor slurm: list, status, cancel",
		Commands: []*ucli.Command{
			{
				Name: "list", Usage: "the jobs in history, newest last",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					all, _, err := a.history().Read()
					if err != nil {
						return err
					}
					tw := tabwriter.NewWriter(a.d.IO.Out, 2, 4, 2, ' ', 0)
					fmt.Fprintln(tw, "JOB\tTIME\tITEMS\tTOOL\tTASK")
					seen := map[string]int{}
					var order []HistoryEntry
					for _, e := range all {
						if e.Executor != "slurm" || e.JobID == "" {
							continue
						}
						if seen[e.JobID] == 0 {
							order = append(order, e)
						}
						seen[e.JobID]++
					}
					for _, e := range order {
						fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", e.JobID, e.Time, seen[e.JobID], e.Tool, e.Task)
					}
					return tw.Flush()
				},
			},
			{
				Name: "status", Usage: "each item's state, exit code and log", ArgsUsage: "JOB_ID",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					id, err := a.knownJobArg(cmd)
					if err != nil {
						return err
					}
					st, err := a.jobStates(ctx, id)
					if err != nil {
						return err
					}
					if bad := a.reportJob(ctx, id, st); bad > 0 {
						return silentExit(ExitError)
					}
					return nil
				},
			},
			{
				Name: "cancel", Usage: "cancel a job (every item of an array)", ArgsUsage: "JOB_ID",
				Action: func(ctx context.Context, cmd *ucli.Command) error {
					id, err := a.knownJobArg(cmd)
					if err != nil {
						return err
					}
					if _, err := a.slurmRun(ctx, "scancel", id); err != nil {
						return err
					}
					fmt.Fprintf(a.d.IO.Err, "cancelled slurm job %s\n", id)
					return nil
				},
			},
		},
	}
}

// knownJobArg reads the one JOB_ID argument of jobs status|cancel and
// checks that history knows the job.
func (a *app) knownJobArg(cmd *ucli.Command) (string, error) {
	if err := needArgs(cmd, 1, "a job id"); err != nil {
		return "", err
	}
	id := cmd.Args().First()
	if _, err := a.jobItems(id); err != nil {
		return "", err
	}
	return id, nil
}
