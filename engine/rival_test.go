package engine

import (
	"slices"
	"strings"
	"testing"
)

// An example's switch kept on words another switch of the help fits as
// well, the example's own distinguishing word ("only") not in the task,
// leaves the command uncertain and names both (tabix's -H, --only-header
// "print only the header lines" and -h, --print-header "print also the
// header lines"); a task that says the word ("just" is "only"), or a
// rival that turns the thing off (samtools view's --no-header), leaves it
// sure.
func TestRivalSwitchOfExample(t *testing.T) {
	rival := func(f *Fill) bool {
		return slices.ContainsFunc(f.Missing, func(s string) bool { return strings.Contains(s, "chooses between -H and -h") })
	}
	has := func(f *Fill, name string) bool {
		return slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == name })
	}
	rec := &ToolRecord{Name: "tabix", Executable: "tabix", Installed: true}
	sk := inlineSkill(t, "name: tabix", "print only the header of calls.vcf.gz", "-H calls.vcf.gz")
	f := MapTask(builtinRules, rec, goldenDoc(t, "tabix"), sk, "print the records of variants.vcf.gz in chr1:10000-20000, with the VCF header included")
	if !rival(f) || !f.Uncertain {
		t.Errorf("header included: flags %+v missing %q uncertain %v\n%s", f.Flags, f.Missing, f.Uncertain, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, goldenDoc(t, "tabix"), sk, "print just the header of variants.vcf.gz")
	if rival(f) || !has(f, "-H") {
		t.Errorf("just the header: flags %+v missing %q", f.Flags, f.Missing)
	}
	// samtools view's --no-header leaves the header out: no rival of -H
	rec = &ToolRecord{Name: "samtools", Executable: "samtools", Installed: true}
	sk = inlineSkill(t, "name: samtools", "print only the header of in.bam", "view -H in.bam")
	f = MapTask(builtinRules, rec, goldenDoc(t, "samtools"), sk, "print just the header of aln.bam")
	if len(f.Missing) > 0 || !has(f, "-H") {
		t.Errorf("samtools: flags %+v missing %q", f.Flags, f.Missing)
	}
}

// A switch is added for a task that says nearly all of its help only by
// words that are not the tool's own names: samtools depth's -J "Include
// reads with deletions in depth computation" is not asked for by "read
// depth … including positions with zero coverage", whose "including"
// the example's -a already answers.
func TestPhraseCoverLeavesToolNames(t *testing.T) {
	doc := goldenDoc(t, "samtools")
	rec := &ToolRecord{Name: "samtools", Executable: "samtools", Installed: true}
	sk := inlineSkill(t, "name: samtools", "compute per-base depth at all positions of sorted.bam", "depth -a sorted.bam")
	f := MapTask(builtinRules, rec, doc, sk, "print read depth for every position in chr1:1000-2000 of sample.bam, including positions with zero coverage")
	if slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == "-J" }) || !slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == "-a" }) {
		t.Errorf("flags %+v\n%s", f.Flags, strings.Join(f.Evidence, "\n"))
	}
}
