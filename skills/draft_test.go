package skills

import (
	"fmt"
	"strings"
	"testing"
)

func TestDraftParses(t *testing.T) {
	subs := []DraftSub{
		{Name: "sort", Description: "Sort alignments by coordinate"},
		{Name: "view", Description: ""},
		{Name: "sort", Description: "duplicate"},
		{Name: "  ", Description: "blank"},
		{Name: "weird`name", Description: "has `ticks` and\nnewlines\u2028here"},
	}
	examples := []DraftExample{
		{Args: "Usage: /usr/bin/Samtools sort [options] <in.bam>"},
		{Task: "view `x` as BAM", Args: "samtools view -b `x` in.bam", Explanation: "-b: BAM\noutput"},
		{Task: "again", Args: "samtools view -b `x` in.bam"},
		{Task: "nothing", Args: "samtools"},
		{Task: "view `x` as BAM", Args: "$ samtools index in.bam"},
	}
	out := Draft("/usr/bin/Samtools", "Tools for\nalignments: SAM/BAM", subs, examples)
	sk, warns, err := Parse("draft.md", out, false)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(warns) != 0 {
		t.Errorf("warnings %v", warns)
	}
	if sk.Name != "samtools" || strings.Join(sk.Aliases, ",") != "Samtools" || sk.Description != "Tools for alignments: SAM/BAM" {
		t.Errorf("header %+v", sk)
	}
	var args []string
	for _, ex := range sk.Examples {
		args = append(args, ex.Args)
	}
	if got := strings.Join(args, " | "); got != "sort [options] <in.bam> | view -b 'x' in.bam | index in.bam" {
		t.Errorf("args %q\n%s", got, out)
	}
	// Tasks and explanations come through cleaned; a missing one is a
	// TODO, a repeated task names its args.
	want := []Example{
		{Task: "TODO: describe the task done by sort [options] <in.bam>", Explanation: "TODO: say why each flag is there"},
		{Task: "view 'x' as BAM", Explanation: "-b: BAM output"},
		{Task: "view 'x' as BAM (index in.bam)", Explanation: "TODO: say why each flag is there"},
	}
	for i, w := range want {
		if sk.Examples[i].Task != w.Task || sk.Examples[i].Explanation != w.Explanation {
			t.Errorf("example %d: %+v, want %+v", i, sk.Examples[i], w)
		}
	}
	if got := strings.Join(sortedKeys(sk.Keywords), ","); got != "sort,view,weird`name" {
		t.Errorf("keywords %q", got)
	}
	if len(sk.Concepts) != 5 || len(sk.Pitfalls) != 1 {
		t.Errorf("concepts %q pitfalls %q", sk.Concepts, sk.Pitfalls)
	}
}

func TestDraftMinimal(t *testing.T) {
	out := Draft("", "", nil, nil)
	sk, _, err := Parse("draft.md", out, false)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if sk.Name != "tool" || len(sk.Examples) != 1 || sk.Examples[0].Args != "TODO" || len(sk.Aliases) != 0 {
		t.Errorf("%+v", sk)
	}
	if _, ok := sk.Keywords["tool"]; !ok {
		t.Errorf("keywords %v", sk.Keywords)
	}
}

func TestDraftBounds(t *testing.T) {
	long := strings.Repeat("é", 2*MaxLineLen)
	var usage []DraftExample
	for i := 0; i < MaxExamples+20; i++ {
		usage = append(usage, DraftExample{Task: long, Args: fmt.Sprintf("tool run %d", i), Explanation: long})
	}
	out := Draft(long, long, []DraftSub{{Name: long, Description: long}}, append(usage, DraftExample{Args: long}))
	sk, _, err := Parse("draft.md", out, false)
	if err != nil {
		t.Fatalf("%v", err)
	}
	if len(sk.Examples) != MaxExamples {
		t.Errorf("%d examples", len(sk.Examples))
	}
}
