package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestToolNameNumberIsNoValue checks on the captured help of bowtie2 and
// hisat2 that a number that ends the tool's name written apart ("Bowtie 2",
// "HISAT 2") is no task value, while a number of the same task that is one
// ("2 threads") still takes its flag.
func TestToolNameNumberIsNoValue(t *testing.T) {
	for _, tc := range []struct {
		tool, name string
		exTask     string
		exCmd      string
		task       string
		want       []string // args that must be there
	}{
		{"bowtie2", "Bowtie", "align r.fq to index g_idx with 4 threads into a.sam", "bowtie2 -p 4 -x g_idx -U r.fq -S a.sam",
			"align reads.fq with Bowtie 2 to the index idx into out.sam", []string{"-x", "idx", "reads.fq", "out.sam"}},
		{"hisat2", "HISAT", "align r.fq to index g_idx with 4 threads into a.sam", "hisat2 -p 4 -x g_idx -U r.fq -S a.sam",
			"align reads.fq with HISAT 2 to the index idx into out.sam", []string{"-x", "idx", "reads.fq", "out.sam"}},
	} {
		sk := inlineSkill(t, "name: "+tc.tool, tc.exTask, tc.exCmd)
		cmd, f := mapCaptured(t, tc.tool, sk, tc.task)
		args := cmd.Args
		for _, w := range tc.want {
			if !slices.Contains(args, w) {
				t.Errorf("%s: %q lacks %s", tc.tool, args, w)
			}
		}
		if slices.Contains(args, "2") {
			t.Errorf("%s: the 2 of %q %s became a value: %q\n%s", tc.tool, tc.name, "2", args, strings.Join(f.Evidence, "\n"))
		}
		// The same task with a thread count keeps that number.
		cmd, f = mapCaptured(t, tc.tool, sk, strings.Replace(tc.task, " into ", " with 2 threads into ", 1))
		args2 := cmd.Args
		if i := slices.Index(args2, "-p"); i < 0 || i+1 >= len(args2) || args2[i+1] != "2" {
			t.Errorf("%s: 2 threads lost: %q", tc.tool, args2)
		}
	}
}

// TestToolNameWordIsNoName checks that the word before a number that
// ends the tool's name ("PLINK 2") is no name for the command, while the
// task's own name is.
func TestToolNameWordIsNoName(t *testing.T) {
	rec := &ToolRecord{Name: "plink2", Executable: "plink2"}
	m := newMapper(builtinRules, rec, nil, nil, "convert cohort.vcf.gz to PLINK 2 binary format with prefix cohort_out")
	if slices.Contains(m.slots.Names, "PLINK") || !slices.Contains(m.slots.Names, "cohort_out") {
		t.Errorf("names %q", m.slots.Names)
	}
	m = newMapper(builtinRules, rec, nil, nil, "convert cohort.vcf.gz to PLINK 1 binary format")
	if !slices.Contains(m.slots.Names, "PLINK") {
		t.Errorf("PLINK 1 is another program's name: names %q", m.slots.Names)
	}
}

// TestExampleFlagNamedByLackingWordDropped checks on the captured help of
// bowtie2 (bowtie2-build) and fastp that an example's switch whose own
// name holds a word the example's task said and this task lacks
// ("large" of --large-index, "detect" of --detect_adapter_for_pe) is not
// kept on the other words its name shares with the task ("index",
// "adapter"), and is kept when the task says that word too.
func TestExampleFlagNamedByLackingWordDropped(t *testing.T) {
	for _, tc := range []struct {
		tool, exe, flag     string
		exTask, exCmd       string
		without, withAsking string
	}{
		{"bowtie2", "bowtie2-build", "--large-index",
			"build a large index from genome.fa named g_idx", "bowtie2-build --large-index genome.fa g_idx",
			"build an index from ref.fa named ref_idx", "build a large index from ref.fa named ref_idx"},
		{"fastp", "fastp", "--detect_adapter_for_pe",
			"trim r1.fq and r2.fq into o1.fq and o2.fq, detecting the adapters", "fastp -i r1.fq -I r2.fq -o o1.fq -O o2.fq --detect_adapter_for_pe",
			"trim the adapters of a1.fq and a2.fq into b1.fq and b2.fq", "trim a1.fq and a2.fq into b1.fq and b2.fq, detecting the adapters"},
	} {
		sk := inlineSkill(t, "name: "+tc.tool, tc.exTask, tc.exCmd)
		cmd, f := mapCaptured(t, tc.tool, sk, tc.without)
		if f.Executable != tc.exe {
			t.Fatalf("%s: chose %s", tc.tool, f.Executable)
		}
		if args := cmd.Args; slices.Contains(args, tc.flag) {
			t.Errorf("%s: %s kept for %q: %q\n%s", tc.tool, tc.flag, tc.without, args, strings.Join(f.Evidence, "\n"))
		}
		cmd, f = mapCaptured(t, tc.tool, sk, tc.withAsking)
		if args := cmd.Args; !slices.Contains(args, tc.flag) {
			t.Errorf("%s: %s dropped for %q: %q\n%s", tc.tool, tc.flag, tc.withAsking, args, strings.Join(f.Evidence, "\n"))
		}
	}
}
