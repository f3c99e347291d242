package engine

import (
	"slices"
	"testing"
)

func TestAssembleStylesAndOrder(t *testing.T) {
	rec := &ToolRecord{Name: "kit", Executable: "kit", ResolvedPath: "/opt/kit/bin/kit", Installed: true}
	f := &Fill{Executable: "kit", Subcommand: []string{"plugin", "fill"},
		Flags: []FlagValue{
			{Name: "--level", Value: "3", HasValue: true, Style: "eq"},
			{Name: "in", Value: "a.fq", HasValue: true, Style: "kv"},
			{Name: "-v"},
			{Name: "--eqbool", Style: "eq"}, // eq without a value is a bare switch
			{Name: "-o", Value: "o.txt", HasValue: true},
		},
		Positionals: []string{"-dash.bam", "-", "x.vcf"},
		Order:       []string{"p2", "f4", "f0", "p0", "f1", "f2", "f3", "p1"},
	}
	cmd := Assemble(rec, f)
	want := []string{"/opt/kit/bin/kit", "plugin", "fill", "x.vcf", "-o", "o.txt", "--level=3", "./-dash.bam", "in=a.fq", "-v", "--eqbool", "-"}
	if !slices.Equal(cmd.Argv, want) {
		t.Errorf("argv %q\nwant %q", cmd.Argv, want)
	}
	if cmd.Display != "kit plugin fill x.vcf -o o.txt '--level=3' ./-dash.bam 'in=a.fq' -v --eqbool -" {
		t.Errorf("display %q", cmd.Display)
	}
	if !slices.Equal(cmd.Args, want[1:]) || cmd.Executable != "kit" || cmd.DisplayArgv[0] != "kit" {
		t.Errorf("args %q executable %q", cmd.Args, cmd.Executable)
	}
	// An order that does not cover every argument is ignored: flags first.
	f.Order = []string{"p0"}
	cmd = Assemble(rec, f)
	if cmd.Args[2] != "--level=3" || cmd.Args[len(cmd.Args)-1] != "x.vcf" {
		t.Errorf("flags-first args %q", cmd.Args)
	}
}

func TestAssembleExecutables(t *testing.T) {
	script := &ToolRecord{Name: "./scripts/qc.py", Executable: "qc.py", ResolvedPath: "/home/u/scripts/qc.py", Interpreter: "python3",
		RunThroughInterpreter: true, IsPathDependent: true, Installed: true}
	pathTool := &ToolRecord{Name: "bin/run.sh", Executable: "run.sh", ResolvedPath: "/home/u/bin/run.sh", IsPathDependent: true, Installed: true}
	missing := &ToolRecord{Name: "ghost", Executable: "ghost"}
	withComp := &ToolRecord{Name: "hisat2", Executable: "hisat2", ResolvedPath: "/opt/hisat2", Installed: true,
		CompanionTools: []Companion{{Name: "hisat2-build", Path: "/opt/hisat2-build"}, {Name: "hisat2-inspect"}}}
	cases := []struct {
		rec             *ToolRecord
		exe             string
		argv0, display0 []string
		shownExecutable string
	}{
		{script, "", []string{"python3", "/home/u/scripts/qc.py"}, []string{"python3", "./scripts/qc.py"}, "qc.py"},
		{script, "qc.py", []string{"python3", "/home/u/scripts/qc.py"}, []string{"python3", "./scripts/qc.py"}, "qc.py"},
		{pathTool, "", []string{"/home/u/bin/run.sh"}, []string{"bin/run.sh"}, "run.sh"},
		{missing, "ghost", []string{"ghost"}, []string{"ghost"}, "ghost"},
		{withComp, "hisat2-build", []string{"/opt/hisat2-build"}, []string{"hisat2-build"}, "hisat2-build"},
		// A companion known by name only runs by name.
		{withComp, "hisat2-inspect", []string{"hisat2-inspect"}, []string{"hisat2-inspect"}, "hisat2-inspect"},
		// A skill's companion that is not on disk runs by name too.
		{withComp, "hisat2-other", []string{"hisat2-other"}, []string{"hisat2-other"}, "hisat2-other"},
	}
	for _, c := range cases {
		cmd := Assemble(c.rec, &Fill{Executable: c.exe, Positionals: []string{"a.txt"}})
		if !slices.Equal(cmd.Argv, append(c.argv0, "a.txt")) || !slices.Equal(cmd.DisplayArgv, append(c.display0, "a.txt")) || cmd.Executable != c.shownExecutable {
			t.Errorf("%s/%s: argv %q display %q executable %q", c.rec.Name, c.exe, cmd.Argv, cmd.DisplayArgv, cmd.Executable)
		}
	}
}

func TestAssembleStdout(t *testing.T) {
	rec := &ToolRecord{Name: "seqtk", Executable: "seqtk"}
	cmd := Assemble(rec, &Fill{Executable: "seqtk", Subcommand: []string{"seq"}, Flags: []FlagValue{{Name: "-a"}}, Positionals: []string{"in.fq"}, Stdout: "my out;1.fa"})
	if cmd.Stdout != "my out;1.fa" || cmd.Display != "seqtk seq -a in.fq > 'my out;1.fa'" {
		t.Errorf("stdout %q display %q", cmd.Stdout, cmd.Display)
	}
	if slices.Contains(cmd.Argv, ">") || slices.Contains(cmd.Argv, "my out;1.fa") {
		t.Errorf("argv carries the redirection: %q", cmd.Argv)
	}
	// The displayed words before the redirection are exactly the argv shown.
	if got := shellWords(t, cmd.Display[:len(cmd.Display)-len(" > 'my out;1.fa'")]); !slices.Equal(got, cmd.DisplayArgv) {
		t.Errorf("display words %q", got)
	}
	if cmd := Assemble(rec, &Fill{Executable: "seqtk"}); cmd.Stdout != "" || cmd.Display != "seqtk" {
		t.Errorf("no stdout: %+v", cmd)
	}
}

func TestQuoteArgv(t *testing.T) {
	cases := map[string]string{
		"plain":   "plain",
		"a b":     "'a b'",
		"it's":    `"it's"`,
		"":        "''",
		"nul\x00": "'nul'",
		"\t":      `$'\t'`,
	}
	for in, want := range cases {
		if got := QuoteArgv([]string{in}); got != want {
			t.Errorf("QuoteArgv(%q) = %s, want %s", in, got, want)
		}
	}
	if got := QuoteArgv([]string{"a", "b c"}); got != "a 'b c'" {
		t.Errorf("two words: %s", got)
	}
	if protectDash("-") != "-" || protectDash("-x") != "-x" || protectDash("-r.fq") != "./-r.fq" || protectDash("a.fq") != "a.fq" {
		t.Error("protectDash")
	}
}

// An optional value (--cs[=STR]) is emitted attached: "--cs long" would
// make "long" another argument.
func TestOptionalValueIsAttached(t *testing.T) {
	rec := &ToolRecord{Name: "mm", Executable: "mm", Installed: true}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{{Name: "--cs", ParamType: "string", AttachedValue: true}, {Name: "-t", ParamType: "int"}}}
	f := &Fill{Executable: "mm", Flags: []FlagValue{{Name: "--cs", Value: "long", HasValue: true}, {Name: "-t", Value: "4", HasValue: true}}, Positionals: []string{"ref.fa"}}
	AttachOptional(rec, doc, f)
	if got := Assemble(rec, f).Display; got != "mm '--cs=long' -t 4 ref.fa" {
		t.Fatal(got)
	}
}

func TestAssembleGluedValue(t *testing.T) {
	rec := &ToolRecord{Name: "bbduk.sh", Executable: "bbduk.sh", Installed: true}
	cmd := Assemble(rec, &Fill{Executable: "bbduk.sh", Flags: []FlagValue{{Name: "-Xmx", Value: "4g", HasValue: true, Style: "glued"}, {Name: "in", Value: "r.fq", HasValue: true, Style: "kv"}}})
	if !slices.Equal(cmd.Args, []string{"-Xmx4g", "in=r.fq"}) {
		t.Errorf("args %q", cmd.Args)
	}
}

// Two flags that both say REQUIRED and name each other are one
// requirement (macs2 randsample -p / -n); a flag that names another
// without being named back stays required.
func TestRequiredAlternatives(t *testing.T) {
	p := FlagDoc{Name: "--percentage", Aliases: []string{"-p"}, Required: true, Description: "Percentage. This option can't be used at the same time with -n/--num. REQUIRED"}
	n := FlagDoc{Name: "--number", Aliases: []string{"-n"}, Required: true, Description: "Number. This option can't be used at the same time with -p/--percent. REQUIRED"}
	i := FlagDoc{Name: "--ifile", Aliases: []string{"-i"}, Required: true, Description: "Alignment file, as with -p. REQUIRED."}
	flags := []FlagDoc{p, n, i}
	if !alternativeGiven(n, flags, map[string]bool{"--percentage": true}) {
		t.Error("-p given satisfies -n")
	}
	if alternativeGiven(n, flags, map[string]bool{}) {
		t.Error("neither given")
	}
	if alternativeGiven(i, flags, map[string]bool{"--percentage": true}) {
		t.Error("-i names -p, but -p does not name -i")
	}
	if !namesFlag("with -n/--num.", n) || namesFlag("with --n.", n) || !namesFlag("(-n)", n) {
		t.Error("namesFlag")
	}
}

// A help's "-#" is the number written as the flag (zstd -19) and "-T#"
// a number written onto -T: an example's -19 is that flag, and the fill
// writes it back the same way.
func TestNumberWrittenAsFlag(t *testing.T) {
	c := &candidate{flags: []FlagDoc{
		{Name: "-#", ParamType: "int", Placeholder: "#", Style: "glued", Description: "compression level"},
		{Name: "-T", ParamType: "int", Placeholder: "#", Style: "glued", Description: "threads"},
	}}
	toks := classify([]string{"-19", "-T8", "big.tsv"}, c)
	if len(toks) != 3 || toks[0].flag != "-#" || toks[0].value != "19" || toks[1].flag != "-T" || toks[1].value != "8" || !toks[2].pos {
		t.Fatalf("classify: %+v", toks)
	}
	rec := &ToolRecord{Name: "zstd", Executable: "zstd", Installed: true}
	cmd := Assemble(rec, &Fill{Executable: "zstd", Flags: []FlagValue{{Name: "-#", Value: "19", HasValue: true, Style: "glued"}, {Name: "-T", Value: "8", HasValue: true, Style: "glued"}}, Positionals: []string{"big.tsv"}})
	if !slices.Equal(cmd.Args, []string{"-19", "-T8", "big.tsv"}) {
		t.Errorf("args %q", cmd.Args)
	}
	// without a "-#" in the help, -5 stays a negative number
	if toks := classify([]string{"-5"}, &candidate{}); len(toks) != 1 || !toks[0].pos {
		t.Errorf("%+v", toks)
	}
}
