package engine

import (
	"strings"
	"testing"
)

// docFlag finds a flag of a tool's captured help, in a subcommand when sub
// is not "".
func docFlag(t *testing.T, tool, sub, name string) FlagDoc {
	t.Helper()
	doc := goldenDoc(t, tool)
	flags := append(append([]FlagDoc(nil), doc.Flags...), doc.GlobalFlags...)
	for _, s := range doc.Subcommands {
		if s.Name == sub {
			flags = s.Flags
		}
	}
	fd, ok := LookupFlag(flags, name)
	if !ok {
		t.Fatalf("%s %s has no %s", tool, sub, name)
	}
	return fd
}

// TestPercentForm checks on captured help how flags read a share: a
// fraction of one (seqkit sample -p "proportion", samtools view
// --subsample "FLOAT fraction", sambamba view -s "FRACTION", vsearch --id
// "0-1.0", cd-hit -c "default 0.9"), a number of percent (fastp -u
// "percents … (0~100)", filtlong --keep_percent "percentage"), or neither
// (samtools sort -m, a memory size).
func TestPercentForm(t *testing.T) {
	for _, tc := range []struct{ tool, sub, flag, want string }{
		{"seqkit", "sample", "-p", "fraction"},
		{"samtools", "view", "--subsample", "fraction"},
		{"sambamba", "view", "-s", "fraction"},
		{"vsearch", "", "--id", "fraction"},
		{"cd-hit", "", "-c", "fraction"},
		{"fastp", "", "-u", "percent"},
		{"filtlong", "", "--keep_percent", "percent"},
		{"diamond", "", "--id", "percent"},
		{"diamond", "", "--query-cover", "percent"},
		{"samtools", "sort", "-m", ""},
		{"bwa", "mem", "-t", ""},
	} {
		if got := percentForm(docFlag(t, tc.tool, tc.sub, tc.flag)); got != tc.want {
			t.Errorf("%s %s %s: %q, want %q", tc.tool, tc.sub, tc.flag, got, tc.want)
		}
	}
}

// TestShareInTheHelpsForm checks on the captured help of seqkit and fastp
// that a task's percentage reaches the command in the form the flag
// reads, shown as derived from the task's value.
func TestShareInTheHelpsForm(t *testing.T) {
	for _, tc := range []struct{ tool, exTask, exCmd, task, flag, want string }{
		{"seqkit", "sample 20% of the reads of a.fq into b.fq", "seqkit sample -p 0.2 -o b.fq a.fq",
			"sample 10% of the reads of reads.fq into sub.fq", "-p", "0.1"},
		{"fastp", "trim in.fq into out.fq allowing 50% unqualified bases", "fastp -i in.fq -o out.fq -u 50",
			"trim r.fq into t.fq allowing 30% unqualified bases", "-u", "30"},
	} {
		sk := inlineSkill(t, "name: "+tc.tool, tc.exTask, tc.exCmd)
		cmd, f := mapCaptured(t, tc.tool, sk, tc.task)
		found := false
		for _, fv := range f.Flags {
			if fv.Name == tc.flag {
				found = true
				if fv.Value != tc.want || fv.Why == "" || len(f.Missing) > 0 {
					t.Errorf("%s: %s %q (why %q), want %q; missing %q", tc.tool, tc.flag, fv.Value, fv.Why, tc.want, f.Missing)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s in %q\n%s", tc.tool, tc.flag, cmd.Args, strings.Join(f.Evidence, "\n"))
		}
	}
}
