package skills

import (
	"reflect"
	"strings"
	"testing"
)

func TestSplitSteps(t *testing.T) {
	words, _ := SplitArgs(`mpileup -f ref.fa in.bam | bcftools call -mv -o calls.vcf && bcftools index calls.vcf > log.txt`)
	got, err := SplitSteps(words)
	want := []ExampleStep{
		{Words: []string{"mpileup", "-f", "ref.fa", "in.bam"}},
		{Op: "|", Words: []string{"bcftools", "call", "-mv", "-o", "calls.vcf"}},
		{Op: "&&", Words: []string{"bcftools", "index", "calls.vcf"}, Stdout: "log.txt"},
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("%v\n%+v", err, got)
	}
	if got, _ := SplitSteps([]string{"view", "x", ">>", "y"}); len(got) != 1 || got[0].Stdout != "y" || !got[0].Append {
		t.Errorf("%+v", got)
	}
	for in, msg := range map[string]string{
		"| head":       `no command before "|"`,
		"view x |":     `no command after "|"`,
		"view x >":     `no file after ">"`,
		"view x ; ls":  `";" joins no commands`,
		"view x || ls": `"||" joins no commands`,
		"":             "no words",
	} {
		if _, err := SplitSteps(strings.Fields(in)); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: %v, want %q", in, err, msg)
		}
	}
	// A skill with a broken multi-step example is reported.
	s := &Skill{Source: "x.md", Name: "bcftools", Examples: []Example{{Task: "t", Args: "mpileup x.bam |", Line: 3}}}
	if probs := CheckExamples(s); len(probs) != 1 || !strings.Contains(probs[0], `x.md:3: example "t": Args: no command after "|"`) {
		t.Errorf("%q", probs)
	}
}

// The aligners' and callers' built-in skills hold the multi-step examples
// people type (align | sort, mpileup | call, sort && index); each later
// command names its own program.
func TestBuiltinSkillsHoldMultiStepExamples(t *testing.T) {
	st, errs := Load(nil, Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, tool := range []string{"bcftools", "bwa", "samtools", "minimap2", "bowtie2", "hisat2", "STAR"} {
		sk, ok := st.Get(tool)
		if !ok {
			t.Errorf("%s: no built-in skill", tool)
			continue
		}
		n := 0
		for _, ex := range sk.Examples {
			words, err := SplitArgs(ex.Args)
			if err != nil {
				t.Errorf("%s %q: %v", tool, ex.Args, err)
				continue
			}
			steps, err := SplitSteps(words)
			if err != nil || len(steps) < 2 {
				continue
			}
			n++
			for _, s := range steps[1:] {
				if strings.HasPrefix(s.Words[0], "-") {
					t.Errorf("%s %q: step %q names no program", tool, ex.Args, strings.Join(s.Words, " "))
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no multi-step example", tool)
		}
	}
}
