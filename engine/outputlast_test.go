package engine

import (
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// TestKeepOutputLast: a flag added for the task goes before the output
// flag an example writes after its other flags; it stays after it when
// another of the tool's examples writes a flag after that output flag,
// and a flag that itself writes a task file stays after it.
func TestKeepOutputLast(t *testing.T) {
	last := skills.Example{Task: "align reads.fq to ref.fa with 4 threads into aln.sam", Args: "mem -t 4 -o aln.sam ref.fa reads.fq"}
	task := "align amp.fq to ref.fa with 6 threads, minimum seed length 25, into amp.sam"
	checkCommands(t, "bwa", &skills.Skill{Name: "bwa", Examples: []skills.Example{last}},
		taskCommand{task, "bwa mem -t 6 -k 25 -o amp.sam ref.fa amp.fq"})
	followed := skills.Example{Task: "index the reference genome.fa", Args: "mem -o x.sam -M ref.fa r.fq"}
	checkCommands(t, "bwa", &skills.Skill{Name: "bwa", Examples: []skills.Example{last, followed}},
		taskCommand{task, "bwa mem -t 6 -o amp.sam -k 25 ref.fa amp.fq"})
	// the output flag is not the example's last: nothing moves
	checkCommands(t, "bowtie2", &skills.Skill{Name: "bowtie2", Examples: []skills.Example{{Task: "map a.fq and b.fq to index host, write host.sam, 4 threads", Args: "-x host -1 a.fq -2 b.fq -S host.sam -p 4"}}},
		taskCommand{"map s1.fq and s2.fq to index hg with 8 threads and fragment length between 100 and 600, write s1.sam", "bowtie2 -x hg -1 s1.fq -2 s2.fq -S s1.sam -p 8 -I 100 -X 600"})
	// an added flag that writes a task file stays after the output flag
	checkCommands(t, "bowtie2", &skills.Skill{Name: "bowtie2", Examples: []skills.Example{{Task: "map reads.fq to index host with 4 threads, write host.sam", Args: "-p 4 -x host -U reads.fq -S host.sam"}}},
		taskCommand{"map s1.fq to index hg with 8 threads, write s1.sam, and the reads that did not align to s1_un.fq, no unaligned reads in the SAM", "bowtie2 -p 8 -x hg -U s1.fq --no-unal -S s1.sam --un s1_un.fq"})
}

// TestInputsFirst: a command built from the help alone reads its input
// before what it writes or sets.
func TestInputsFirst(t *testing.T) {
	checkCommands(t, "geecee", nil,
		taskCommand{"report the GC fraction of each sequence in reads_x.fa, write the table to reads_x.gc", "geecee -sequence reads_x.fa -outfile reads_x.gc"})
	checkCommands(t, "kalign", nil,
		taskCommand{"align the proteins in fam7.faa and write the alignment to fam7.afa", "kalign -i fam7.faa -o fam7.afa"})
}

// TestOutputFollowed: another example writes a flag after the output
// flag by another of its spellings, or as key=value.
func TestOutputFollowed(t *testing.T) {
	c := &candidate{flags: []FlagDoc{
		{Name: "--output", Aliases: []string{"-o"}, ParamType: "file"},
		{Name: "-k", ParamType: "int"},
		{Name: "out", ParamType: "file", Style: "kv"},
		{Name: "k", ParamType: "int", Style: "kv"},
	}}
	for _, tc := range []struct {
		args []string
		out  string
		want bool
	}{
		{[]string{"-o", "x.sam", "-k", "3", "r.fq"}, "--output", true},
		{[]string{"--output", "x.sam", "r.fq"}, "-o", false},
		{[]string{"-k", "3", "-o", "x.sam", "r.fq"}, "-o", false},
		{[]string{"in=a.fq", "out=b.fq", "k=12"}, "out", true},
		{[]string{"in=a.fq", "k=12", "out=b.fq"}, "out", false},
		{[]string{"-o", "x.sam", "-5", "r.fq"}, "-o", false},
		{[]string{"in=a.fq", "out=b.fq", "name=z"}, "out", false},
	} {
		c.examples = []scoredExample{{args: tc.args}}
		if got := outputFollowed(c, tc.out); got != tc.want {
			t.Errorf("%v %s: %v", tc.args, tc.out, got)
		}
	}
}
