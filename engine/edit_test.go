package engine

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSplitCommandLine(t *testing.T) {
	for _, c := range []struct {
		line, argv, stdout string
	}{
		{`samtools sort -o out.bam in.bam`, "samtools|sort|-o|out.bam|in.bam", ""},
		{`tool 'a b.bam' "c d.bam" e\ f.bam "q\"x" 'it''s'`, `tool|a b.bam|c d.bam|e f.bam|q"x|its`, ""},
		{`seqtk seq -a in.fq > "out file.fa"`, "seqtk|seq|-a|in.fq", "out file.fa"},
		{`tool "a\$b" "c\d"`, `tool|a$b|c\d`, ""},
		{`join -t $'\t' a.tsv b.tsv`, "join|-t|\t|a.tsv|b.tsv", ""},
	} {
		argv, stdout, err := SplitCommandLine(c.line)
		if err != nil || strings.Join(argv, "|") != c.argv || stdout != c.stdout {
			t.Errorf("%s: %q %q %v", c.line, argv, stdout, err)
		}
	}
	for line, want := range map[string]string{
		"a | b":       "give one plain command",
		"a; b":        "give exactly one command",
		"a && b":      "give one plain command",
		"":            "give exactly one command",
		"a $X":        "$X: variables, substitutions and globs are not expanded",
		"a *.bam":     "*.bam: variables",
		`a "$(rm x)"`: "variables",
		"a ~/x":       "variables",
		"X=1 a":       "give one plain command",
		"a 2> e":      `only one "> FILE" redirection`,
		"a > x > y":   `only one "> FILE" redirection`,
		"a >> x":      `only one "> FILE" redirection`,
		"a > $f":      "the file after > must be a plain word",
		"a '":         "cannot read the command",
		"! a":         "give one plain command",
		"a &":         "give one plain command",
		"(a)":         "give one plain command",
	} {
		if _, _, err := SplitCommandLine(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", line, err, want)
		}
	}
}

func TestCheckEdited(t *testing.T) {
	env := newEngineEnv(t)
	e := New(env.opts)
	prev, err := e.Generate(context.Background(), Request{Tool: "bamkit", Task: "sort in.bam with 8 threads into out.bam", Cwd: env.cwd})
	if err != nil || prev.Command.Display != "bamkit sort -@ 8 -o out.bam in.bam" {
		t.Fatalf("%v %+v", err, prev.Command)
	}
	check := func(line string) *Result {
		t.Helper()
		r, err := e.CheckEdited(prev, line, env.cwd)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		return r
	}
	// The user's order is kept; outputs are known for the safety checks.
	r := check("bamkit sort -o out2.bam -@ 4 in.bam")
	if r.Command.Display != "bamkit sort -o out2.bam -@ 4 in.bam" || r.Command.Argv[0] != filepath.Join(env.bin, "bamkit") || len(r.Findings) != 0 ||
		r.Uncertain || r.Confidence != 1 || !slices.Contains(r.Fill.Outputs, "out2.bam") || !strings.Contains(r.Explanation, "bamkit sort -@ 8 -o out.bam in.bam") {
		t.Fatalf("%+v %+v", r.Command, r.Findings)
	}
	if prev.Command.Display != "bamkit sort -@ 8 -o out.bam in.bam" {
		t.Fatal("prev was changed")
	}
	// The resolved path is the same program.
	if r := check(filepath.Join(env.bin, "bamkit") + " sort -n in.bam"); r.Command.Display != "bamkit sort -n in.bam" || len(r.Findings) != 0 {
		t.Fatalf("path: %+v %+v", r.Command, r.Findings)
	}
	// Findings of Stage 5 stand: an unknown flag, a missing value.
	if r := check("bamkit sort -x in.bam"); len(r.Findings) != 1 || r.Findings[0].Rule != "check.unknown_flag" || r.Findings[0].Severity != "error" {
		t.Fatalf("unknown flag: %+v", r.Findings)
	}
	if r := check("bamkit sort in.bam -o"); len(r.Findings) != 1 || r.Findings[0].Rule != "check.missing_value" {
		t.Fatalf("missing value: %+v", r.Findings)
	}
	// An output that exists is dangerous.
	if r := check("bamkit sort -o in.bam in.bam"); !slices.ContainsFunc(r.Findings, func(f Finding) bool { return f.Dangerous }) {
		t.Fatalf("overwrite: %+v", r.Findings)
	}
	// Standard output to a file, numbers and "--".
	if r := check("bamkit sort -@ -1 -- -odd.bam > out.sam"); r.Command.Stdout != "out.sam" || !slices.Contains(r.Fill.Outputs, "out.sam") ||
		strings.Join(r.Fill.Positionals, " ") != "-- -odd.bam" || r.Fill.Flags[0].Value != "-1" {
		t.Fatalf("redirect: %+v %+v", r.Command, r.Fill)
	}
	if r := check("bamkit sort --threads=2 in.bam"); r.Fill.Flags[0].Name != "--threads" || r.Fill.Flags[0].Value != "2" || r.Findings[0].Rule != "check.unknown_flag" {
		t.Fatalf("--flag=value: %+v %+v", r.Fill.Flags, r.Findings)
	}
	// A companion runs as itself.
	if r := check("bamkit-build -p 2 genome.fa idx"); r.Command.Executable != "bamkit-build" || len(r.Fill.Subcommand) != 0 {
		t.Fatalf("companion: %+v", r.Command)
	}
	// Another program is refused.
	if _, err := e.CheckEdited(prev, "rm -rf /", env.cwd); err == nil || err.Error() != "the edited command runs rm, not bamkit or bamkit-build" {
		t.Fatalf("other program: %v", err)
	}
	if _, err := e.CheckEdited(prev, "bamkit sort $X", env.cwd); err == nil {
		t.Fatal("a variable was accepted")
	}
	// Inputs carried over from the fill the edit started from.
	if r := check("bamkit sort -o out3.bam in.bam"); len(prev.Fill.Inputs) > 0 && !slices.Contains(r.Fill.Inputs, "in.bam") {
		t.Fatalf("inputs: %+v", r.Fill)
	}
	// A tool that was not resolved cannot be checked.
	if _, err := e.CheckEdited(&Result{}, "bamkit sort", env.cwd); err == nil || !strings.Contains(err.Error(), "cannot be checked") {
		t.Fatalf("no record: %v", err)
	}
	// Without a ToolDoc (bare) the flags are not checked, and say so.
	bare, err := e.Generate(context.Background(), Request{Tool: "bamkit", Task: "sort in.bam with 8 threads into out.bam", Cwd: env.cwd, Scenario: "bare"})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := e.CheckEdited(bare, "bamkit sort -z in.bam", env.cwd); err != nil || r.Command.Display != "bamkit sort -z in.bam" {
		t.Fatalf("bare: %v %+v", err, r)
	}
}
