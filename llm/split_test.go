package llm

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	fp := &fakeProvider{replies: []string{"Here are the steps:\n```json\n" +
		`{"steps":[{"tool":" bwa ","task":"align r1.fq r2.fq to ref.fa\ninto aln.sam"},{"tool":"samtools","task":"sort aln.sam into aln.sorted.bam"}]}` + "\n```"}}
	steps, st, err := (&Filler{P: fp}).Split(context.Background(), "align r1.fq r2.fq to ref.fa with bwa, then sort")
	if err != nil || st.Calls != 1 {
		t.Fatalf("err = %v, stats %+v", err, st)
	}
	want := []SplitStep{{"bwa", "align r1.fq r2.fq to ref.fa into aln.sam"}, {"samtools", "sort aln.sam into aln.sorted.bam"}}
	if !reflect.DeepEqual(steps, want) {
		t.Fatalf("steps = %+v", steps)
	}
	req := fp.reqs[0]
	if req.SchemaName != "plan_steps" || req.Schema["required"] == nil || !strings.Contains(req.System, "one command-line tool") ||
		!strings.Contains(req.Messages[0].Content, "Task: align r1.fq r2.fq to ref.fa with bwa, then sort") {
		t.Fatalf("request %+v", req)
	}

	many := make([]string, maxSplitSteps+1)
	for i := range many {
		many[i] = `{"tool":"x","task":"t"}`
	}
	for reply, wantErr := range map[string]string{
		"no json here":                             "steps: reply has no JSON object",
		`{"steps": 3}`:                             "steps: json",
		`{"steps": []}`:                            "the reply has no step",
		`{"steps":[{"tool":"a b","task":"x"}]}`:    `step 1 has no usable tool name or task (tool "a b")`,
		`{"steps":[{"tool":"/bin/x","task":"x"}]}`: "step 1 has no usable tool name",
		`{"steps":[{"tool":"x","task":"t"},{"tool":"y","task":" "}]}`: "step 2 has no usable tool name or task",
		`{"steps":[` + strings.Join(many, ",") + `]}`:                 fmt.Sprintf("the reply has %d steps (at most %d)", maxSplitSteps+1, maxSplitSteps),
	} {
		fp := &fakeProvider{replies: []string{reply}}
		if _, _, err := (&Filler{P: fp}).Split(context.Background(), "a task"); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%.40q: err = %v, want %q", reply, err, wantErr)
		}
	}
	fp = &fakeProvider{errs: []error{errors.New("down")}}
	if _, _, err := (&Filler{P: fp}).Split(context.Background(), "a task"); err == nil || err.Error() != "down" {
		t.Errorf("provider error: %v", err)
	}
}
