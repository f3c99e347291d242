package engine

import (
	"strings"
	"testing"

	shexpand "mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// shellWords parses a displayed command the way a POSIX shell would and
// returns its words.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	lang := syntax.LangPOSIX
	if strings.Contains(line, "$'") {
		lang = syntax.LangBash // QuoteArgv's form for carriage returns
	}
	f, err := syntax.NewParser(syntax.Variant(lang)).Parse(strings.NewReader(line), "")
	if err != nil {
		t.Fatalf("display %q does not parse: %v", line, err)
	}
	if len(f.Stmts) != 1 {
		t.Fatalf("display %q is %d statements", line, len(f.Stmts))
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		t.Fatalf("display %q is not a simple command", line)
	}
	words, err := shexpand.Fields(&shexpand.Config{}, call.Args...)
	if err != nil {
		t.Fatalf("display %q: %v", line, err)
	}
	return words
}

func TestDisplayRoundTripsHostileNames(t *testing.T) {
	names := []string{"a;rm -rf ~.bam", "x|y.bam", "a&&b.bam", "$(whoami).bam", "`id`.bam", `q"uote'.bam`,
		"sp ace.bam", "new\nline.bam", "*.bam", "-x.bam", "résumé_样本.bam", "a\\b.bam", "~user.bam", "#hash.bam"}
	rec := &ToolRecord{Name: "samtools", Executable: "samtools", ResolvedPath: "/usr/bin/samtools", Installed: true}
	for _, n := range names {
		f := &Fill{Executable: "samtools", Subcommand: []string{"sort"}, Flags: []FlagValue{{Name: "-o", Value: "out " + n, HasValue: true}}, Positionals: []string{n}}
		cmd := Assemble(rec, f)
		want := cmd.DisplayArgv
		if got := shellWords(t, cmd.Display); strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("%q: display %s parses to %q, want %q", n, cmd.Display, got, want)
		}
		// argv carries the names literally; only a leading dash is protected.
		last := cmd.Argv[len(cmd.Argv)-1]
		if strings.HasPrefix(n, "-") {
			if last != "./"+n {
				t.Errorf("%q: last argv %q, want ./%s", n, last, n)
			}
		} else if last != n {
			t.Errorf("%q: argv changed the name to %q", n, last)
		}
	}
}

func TestHostileTasksReachArgvLiterally(t *testing.T) {
	rec := &ToolRecord{Name: "samtools", Executable: "samtools", ResolvedPath: "/usr/bin/samtools", Installed: true}
	doc := &ToolDoc{Subcommands: []SubcommandDoc{{Name: "sort", Parser: "getopt", Flags: []FlagDoc{
		{Name: "-o", ParamType: "file", Category: "Output", Description: "Write final output to FILE"},
		{Name: "-@", ParamType: "int", Category: "Performance", Description: "Number of additional threads to use"}}}}}
	for _, task := range []string{
		"sort 'in;rm -rf x.bam' into 'o$(id).bam'",
		"sort \"a b.bam\" with 2 threads into \"c|d.bam\"",
		"sort in.bam && rm -rf / into out.bam",
	} {
		f := MapTask(builtinRules, rec, doc, nil, task)
		cmd := Assemble(rec, f)
		got := shellWords(t, cmd.Display)
		if strings.Join(got, "\x00") != strings.Join(cmd.DisplayArgv, "\x00") {
			t.Errorf("%q: display %s does not round-trip", task, cmd.Display)
		}
		for _, a := range cmd.Argv {
			if a == "rm" || a == "&&" {
				t.Errorf("%q: shell syntax became its own argument: %q", task, cmd.Argv)
			}
		}
	}
}

func TestQuotedFileNamesStayWhole(t *testing.T) {
	s := ExtractSlots(`sort "my reads;1.bam" into 'out $(x).bam', read group "@RG\tID:a"`)
	if len(s.Files) != 2 || s.Files[0].Path != "my reads;1.bam" || s.Files[1].Path != "out $(x).bam" || !s.Files[1].Output {
		t.Fatalf("files = %+v", s.Files)
	}
	if len(s.Quoted) != 1 || s.Quoted[0] != `@RG\tID:a` {
		t.Fatalf("quoted = %q", s.Quoted)
	}
}
