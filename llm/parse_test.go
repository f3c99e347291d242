package llm

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func hisatForm() Form {
	return Form{
		Tool: "hisat2", Executables: []string{"hisat2-build", "hisat2"},
		Flags: []FormFlag{
			{Name: "-x", Type: "string", Description: "index basename"},
			{Name: "-p", Aliases: []string{"--threads"}, Type: "int"},
			{Name: "-q", Type: "bool"},
			{Name: "--un", Description: "write unpaired reads that fail to align"}, // unknown type
		},
	}
}

func TestParseFillJSON(t *testing.T) {
	f := samForm()
	cases := []struct {
		name, text string
		want       Fill
	}{
		{"plain", goodFill, wantGoodFill()},
		{"fenced with prose", "Sure! Here it is:\n```json\n" + goodFill + "\n```\nHope it helps {really}.", wantGoodFill()},
		{"braces in prose first", "Use {this} form: " + goodFill, wantGoodFill()},
		{"subcommand empty is none", `{"subcommand":"","flags":[],"positionals":[],"explanation":""}`,
			Fill{Executable: "samtools"}},
		{"scalars and switches", `{"flags":[{"name":"-@","value":8},{"name":"-n","value":true},{"name":"-l","value":1.5},{"name":"-n","value":"false"},{"name":"-O","value":"bam"},{"name":"--threads=2","value":null}],"positionals":[5,"-","-3",""],"explanation":7}`,
			Fill{Executable: "samtools", Subcommand: "sort", Flags: []FlagValue{{Name: "-@", Value: "8", Written: "-@"}, {Name: "-n", Value: "", Written: "-n"}, {Name: "-l", Value: "1.5", Written: "-l"}, {Name: "-O", Value: "BAM", Written: "-O"}, {Name: "-@", Value: "2", Written: "--threads", Attached: true}}, Positionals: []string{"5", "-", "-3"}, Explanation: "7"}},
		{"missing optional keys", `{"positionals":["in.bam"]}`, Fill{Executable: "samtools", Subcommand: "sort", Positionals: []string{"in.bam"}}},
		{"redirections", `{"positionals":["<","in.bam",">","out.bam"]}`, Fill{Executable: "samtools", Subcommand: "sort", Stdin: "in.bam", Stdout: "out.bam"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseFill(c.text, f)
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
	got, err := ParseFill(`{"executable":"hisat2-build","flags":[{"name":"--threads","value":"4"}],"positionals":["ref.fa","idx"],"explanation":"build"}`, hisatForm())
	if err != nil || got.Executable != "hisat2-build" || got.Flags[0] != (FlagValue{Name: "-p", Value: "4", Written: "--threads"}) {
		t.Errorf("got %+v err = %v", got, err)
	}
}

func TestParseFillRejects(t *testing.T) {
	f := samForm()
	cases := []struct {
		name, text, want string
		form             *Form
	}{
		{"no json", "I think you want samtools sort", "reply has no JSON object", nil},
		{"malformed", `{"flags":[{"name":"-n"`, "reply is not valid JSON", nil},
		{"unknown key", `{"flags":[],"positionals":[],"explanation":"","extra":1}`, `unknown field "extra"`, nil},
		{"unknown key in flag", `{"flags":[{"name":"-n","value":"","why":"x"}]}`, `unknown field "why"`, nil},
		{"object value", `{"flags":[{"name":"-o","value":{"a":1}}]}`, "expected a string", nil},
		{"bad scalar", `{"positionals":[[1]]}`, "expected a string", nil},
		{"unknown flag", `{"flags":[{"name":"--thread","value":"4"}]}`, `unknown flag "--thread" (closest real flag: "--threads")`, nil},
		{"subcommand outside enum", `{"subcommand":"srot"}`, `subcommand "srot" is not one of the tool's subcommands (closest: "sort")`, nil},
		{"switch with value", `{"flags":[{"name":"-n","value":"7"}]}`, `switch -n takes no value (got "7")`, nil},
		{"typed flag without value", `{"flags":[{"name":"-o","value":""}]}`, "flag -o needs a value", nil},
		{"choice outside list", `{"flags":[{"name":"-O","value":"VCF"}]}`, `value "VCF" for -O is not one of: SAM, BAM, CRAM`, nil},
		{"flag in positionals", `{"positionals":["-o out.bam"]}`, "-o is a flag: put it in flags, not positionals", nil},
		{"unknown flag in positionals", `{"positionals":["--fast=1"]}`, `unknown flag "--fast"`, nil},
		{"shell operator", `{"positionals":["in.bam","|"]}`, "shell operator", nil},
		{"executable outside enum", `{"executable":"bowtie2"}`, `executable "bowtie2" is not one of: hisat2, hisat2-build`, ptr(hisatForm())},
		{"subcommand when none", `{"subcommand":"run"}`, "has no subcommands", ptr(hisatForm())},
		{"tool without flags", `{"flags":[{"name":"-a","value":""}]}`, "(the tool has no flags)", &Form{Tool: "true"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			form := f
			if c.form != nil {
				form = *c.form
			}
			got, err := ParseFill(c.text, form)
			if !errors.Is(err, ErrInvalidFill) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want %q", err, c.want)
			}
			if !reflect.DeepEqual(got, Fill{}) {
				t.Errorf("partial fill returned: %+v", got)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestParseFillLegacy(t *testing.T) {
	f := samForm()
	cases := []struct {
		name, text string
		form       *Form
		want       Fill
	}{
		{"two lines", "ARGS: sort -n -@ 4 -o out.bam in.bam\nEXPLANATION: sorts by name",
			nil, Fill{Executable: "samtools", Subcommand: "sort", Flags: []FlagValue{{Name: "-n", Value: "", Written: "-n"}, {Name: "-@", Value: "4", Written: "-@"}, {Name: "-o", Value: "out.bam", Written: "-o"}}, Positionals: []string{"in.bam"}, Explanation: "sorts by name"}},
		{"markdown and tool name", "**ARGS:** `samtools sort --threads=4 -o 'my out.bam' -O=sam in.bam`\n**EXPLANATION:** fine**",
			nil, Fill{Executable: "samtools", Subcommand: "sort", Flags: []FlagValue{{Name: "-@", Value: "4", Written: "--threads", Attached: true}, {Name: "-o", Value: "my out.bam", Written: "-o"}, {Name: "-O", Value: "SAM", Written: "-O", Attached: true}}, Positionals: []string{"in.bam"}, Explanation: "fine"}},
		{"attached short value and end of options", "args: -@4 -- in.bam '>'",
			nil, Fill{Executable: "samtools", Subcommand: "sort", Flags: []FlagValue{{Name: "-@", Value: "4", Written: "-@"}}, Positionals: []string{"in.bam", ">"}}},
		{"triple backticks", "ARGS: ```view -l 9 x.bam```", nil,
			Fill{Executable: "samtools", Subcommand: "view", Flags: []FlagValue{{Name: "-l", Value: "9", Written: "-l"}}, Positionals: []string{"x.bam"}}},
		{"companion and unknown-type flags", "- ARGS: hisat2-build --un out.fq -p 2 --un -q ref.fa\nEXPLANATION: x",
			ptr(hisatForm()), Fill{Executable: "hisat2-build", Flags: []FlagValue{{Name: "--un", Value: "out.fq", Written: "--un"}, {Name: "-p", Value: "2", Written: "-p"}, {Name: "--un", Value: "", Written: "--un"}, {Name: "-q", Value: "", Written: "-q"}}, Positionals: []string{"ref.fa"}, Explanation: "x"}},
		{"picard style", "ARGS: I=in.bam O=out.bam X=1", &Form{Tool: "picard", Flags: []FormFlag{{Name: "I", Type: "file"}, {Name: "O", Type: "file"}}},
			Fill{Executable: "picard", Flags: []FlagValue{{Name: "I", Value: "in.bam", Written: "I", Attached: true}, {Name: "O", Value: "out.bam", Written: "O", Attached: true}}, Positionals: []string{"X=1"}}},
		{"redirection is standard output", "ARGS: samtools view -l 1 in.bam > out.sam", nil,
			Fill{Executable: "samtools", Subcommand: "view", Flags: []FlagValue{{Name: "-l", Value: "1", Written: "-l"}}, Positionals: []string{"in.bam"}, Stdout: "out.sam"}},
		{"redirections are standard input and output", "ARGS: samtools view -l 1 < in.bam > out.sam", nil,
			Fill{Executable: "samtools", Subcommand: "view", Flags: []FlagValue{{Name: "-l", Value: "1", Written: "-l"}}, Stdin: "in.bam", Stdout: "out.sam"}},
		{"bundled switches", "ARGS: -bh x.bam", &Form{Tool: "samtools", Flags: []FormFlag{{Name: "-b", Type: "bool"}, {Name: "-h", Type: "bool"}, {Name: "-o", Type: "file"}}},
			Fill{Executable: "samtools", Flags: []FlagValue{{Name: "-b", Written: "-b"}, {Name: "-h", Written: "-h"}}, Positionals: []string{"x.bam"}}},
		{"bundled switches and a value last", "ARGS: tar -czf results.tar.gz results", ptr(tarForm()),
			Fill{Executable: "tar", Flags: []FlagValue{{Name: "--create", Written: "-c"}, {Name: "--gzip", Written: "-z"}, {Name: "--file", Value: "results.tar.gz", Written: "-f"}}, Positionals: []string{"results"}}},
		{"a quoted blank stays, an empty word does not", "ARGS: view x.bam ' ' ''", nil,
			Fill{Executable: "samtools", Subcommand: "view", Positionals: []string{"x.bam", " "}}},
		{"empty args", "ARGS:\nEXPLANATION: nothing to add", nil, Fill{Executable: "samtools", Subcommand: "sort", Explanation: "nothing to add"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			form := f
			if c.form != nil {
				form = *c.form
			}
			got, err := ParseFill(c.text, form)
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestParseFillLegacyRejects(t *testing.T) {
	cases := map[string]string{
		"ARGS: sort --turbo in.bam":        `unknown flag "--turbo" (closest real flag: `,
		"ARGS: sort -nX in.bam":            `unknown flag "-nX"`,
		"ARGS: sort -o 'out.bam":           "unterminated single quote",
		`ARGS: sort -o "out.bam`:           "unterminated double quote",
		"ARGS: sort in.bam > out.bam | x":  "shell operator",
		"ARGS: sort -o > out.bam":          "flag -o needs a value",
		"ARGS: sort -o":                    "flag -o needs a value",
		"ARGS: sort -n=7":                  "switch -n takes no value",
		"ARGS: sort in.bam '--fake'":       `unknown flag "--fake"`,
		"ARGS: sort -l=1 -- -o":            "-o is a flag",
		"ARGS: sort -O VCF":                "not one of: SAM, BAM, CRAM",
		"ARGS: sort -l 1 -@=x -l=2 -- -@=": "-@ is a flag",
	}
	for text, want := range cases {
		got, err := ParseFill(text, samForm())
		if !errors.Is(err, ErrInvalidFill) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want %q", text, err, want)
		}
		if !reflect.DeepEqual(got, Fill{}) {
			t.Errorf("%q: partial fill %+v", text, got)
		}
	}
	if _, err := ParseFill("ARGS: I=in.bam O=", Form{Tool: "picard", Flags: []FormFlag{{Name: "I", Type: "file"}, {Name: "O", Type: "file"}}}); err == nil || !strings.Contains(err.Error(), "needs a value") {
		t.Errorf("err = %v", err)
	}
}

// tarForm is GNU tar's getopt flags: switches and one flag with a value.
func tarForm() Form {
	return Form{Tool: "tar", Flags: []FormFlag{
		{Name: "--create", Aliases: []string{"-c"}, Type: "bool"},
		{Name: "--gzip", Aliases: []string{"-z"}, Type: "bool"},
		{Name: "--file", Aliases: []string{"-f"}, Type: "string"},
		{Name: "--directory", Aliases: []string{"-C"}, Type: "file"},
	}}
}

func TestParseFillBundleValueRejects(t *testing.T) {
	cases := map[string]string{
		"ARGS: -czf":              "flag -f needs a value",
		"ARGS: -czf | x":          "shell operator",
		"ARGS: -cfz out.tar.gz x": `unknown flag "-cfz"`,
		"ARGS: -cz -f":            "flag -f needs a value",
	}
	for text, want := range cases {
		if _, err := ParseFill(text, tarForm()); !errors.Is(err, ErrInvalidFill) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want %q", text, err, want)
		}
	}
	// A program with single-dash names of several letters (wget -np)
	// reads "-cO" as one flag, not as -c and -O with a value.
	wget := Form{Tool: "wget", Flags: []FormFlag{
		{Name: "--continue", Aliases: []string{"-c"}, Type: "bool"},
		{Name: "--output-document", Aliases: []string{"-O"}, Type: "file"},
		{Name: "--no-parent", Aliases: []string{"-np"}, Type: "bool"},
		{Name: "--quiet", Aliases: []string{"-q"}, Type: "bool"},
	}}
	if _, err := ParseFill("ARGS: -cO a.bam https://x/a.bam", wget); err == nil || !strings.Contains(err.Error(), `unknown flag "-cO"`) {
		t.Errorf("wget: err = %v", err)
	}
	// Switches alone bundle there as before.
	if got, err := ParseFill("ARGS: -cq https://x/a.bam", wget); err != nil || len(got.Flags) != 2 || got.Flags[1].Name != "--quiet" {
		t.Errorf("wget -cq: %+v %v", got, err)
	}
}

func TestShellSplit(t *testing.T) {
	cases := map[string][]word{
		`a 'b c' "d \"e\" \$f \n" g\ h i\`: {{"a", false}, {"b c", true}, {`d "e" $f \n`, true}, {"g h", true}, {`i\`, false}},
		"  \t\n ":                          nil,
		`x''y ""`:                          {{"xy", true}, {"", true}},
		`-t $'\t' a$'\'b' $x 1$`:           {{"-t", false}, {"\t", true}, {"a'b", true}, {"$x", false}, {"1$", false}},
	}
	for in, want := range cases {
		got, err := shellSplit(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("shellSplit(%q) = %#v, %v; want %#v", in, got, err, want)
		}
	}
}

func TestShellSplitErrors(t *testing.T) {
	for _, in := range []string{`a $'b`, `a $'b\'`} {
		if _, err := shellSplit(in); err == nil {
			t.Errorf("shellSplit(%q): no error", in)
		}
	}
	for _, in := range []string{`$'a' b`, `$'a`} {
		if _, err := ansiC(in); err == nil {
			t.Errorf("ansiC(%q): no error", in)
		}
	}
}

func TestLooksLikeFlag(t *testing.T) {
	for s, want := range map[string]bool{"-n": true, "--threads": true, "-@": true, "-": false, "--": false, "-5": false, "-.5": false, "x": false, "": false} {
		if looksLikeFlag(s) != want {
			t.Errorf("looksLikeFlag(%q) != %v", s, want)
		}
	}
}

func TestClosest(t *testing.T) {
	names := []string{"-n", "-@", "--threads", "--output-fmt"}
	for in, want := range map[string]string{"--thread": "--threads", "threads": "--threads", "--output-format": "--output-fmt", "-N": "-n"} {
		if got := closest(in, names); got != want {
			t.Errorf("closest(%q) = %q, want %q", in, got, want)
		}
	}
	if closest("x", nil) != "" {
		t.Error("suggestion without candidates")
	}
	if d := levenshtein(normName(strings.Repeat("a", 1000)), normName("b")); d != maxSuggestLen {
		t.Errorf("long names not capped: %d", d)
	}
	if (&UnknownFlagError{Flag: "-z"}).Error() != `unknown flag "-z" (the tool has no flags)` {
		t.Error("message without suggestion")
	}
}

func TestFlagIndexAndNames(t *testing.T) {
	f := Form{Tool: "t", Executables: []string{"t", "", "u"}, Flags: []FormFlag{{Name: "-a", Aliases: []string{"--all", ""}}, {Name: "--all"}, {Name: "-b", Aliases: []string{"-a"}}}}
	if got := f.flagNames(); !reflect.DeepEqual(got, []string{"-a", "--all", "-b"}) {
		t.Errorf("names = %v", got)
	}
	if idx := f.flagIndex(); idx["--all"].Name != "-a" || idx["-a"].Name != "-a" {
		t.Errorf("first spelling must win: %v", idx)
	}
	if got := f.executables(); !reflect.DeepEqual(got, []string{"t", "u"}) {
		t.Errorf("executables = %v", got)
	}
}

func TestParseFillUnparsedFlag(t *testing.T) {
	f := samForm()
	var asked []string
	f.Unparsed = func(exe, sub, flag string) bool {
		asked = append(asked, exe+" "+sub+" "+flag)
		return flag == "--un-gz"
	}
	got, err := ParseFill("ARGS: sort --un-gz un.fq.gz in.bam", f)
	if err != nil || len(got.Flags) != 1 || got.Flags[0] != (FlagValue{Name: "--un-gz", Value: "un.fq.gz", Written: "--un-gz"}) {
		t.Fatalf("got %+v err %v", got, err)
	}
	if len(asked) == 0 || asked[0] != "samtools sort --un-gz" {
		t.Fatalf("asked %v", asked)
	}
	// A flag the help does not list either is still an invention.
	if _, err := ParseFill("ARGS: sort --turbo in.bam", f); !errors.Is(err, ErrInvalidFill) {
		t.Fatalf("err %v", err)
	}
}

// "--cs[=STR]": the value is optional and attached; "--cs -o x" leaves -o
// its own flag, and "--cs=long" keeps its "=".
func TestParseFillAttachedOptionalValue(t *testing.T) {
	f := Form{Tool: "minimap2", Flags: []FormFlag{{Name: "--cs", Type: "string", AttachedValue: true}, {Name: "-o", Type: "file"}}}
	got, err := ParseFill("ARGS: minimap2 --cs -o a.paf ref.fa q.fa", f)
	if err != nil || len(got.Flags) != 2 || got.Flags[0].Value != "" || got.Flags[1].Value != "a.paf" {
		t.Fatalf("%+v %v", got, err)
	}
	got, err = ParseFill("ARGS: minimap2 --cs=long ref.fa q.fa", f)
	if err != nil || got.Flags[0] != (FlagValue{Name: "--cs", Value: "long", Written: "--cs", Attached: true}) {
		t.Fatalf("%+v %v", got, err)
	}
}

// A flag whose help writes its value onto it (-Xmx20g) takes "-Xmx4g" as
// itself with the value 4g, in both reply shapes; a longer flag of the
// same start is not cut.
func TestParseFillGluedValue(t *testing.T) {
	f := Form{Tool: "bbduk.sh", Flags: []FormFlag{{Name: "-Xmx", Type: "string", Glued: true}, {Name: "-Xms", Type: "string"}, {Name: "in", Type: "file"}}}
	want := Fill{Executable: "bbduk.sh", Flags: []FlagValue{{Name: "-Xmx", Value: "4g", Written: "-Xmx"}, {Name: "in", Value: "reads.fq", Written: "in", Attached: true}}}
	got, err := ParseFill("ARGS: bbduk.sh -Xmx4g in=reads.fq", f)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("legacy: %+v %v", got, err)
	}
	got, err = ParseFill(`{"flags": [{"name": "-Xmx4g"}, {"name": "in", "value": "reads.fq"}], "positionals": []}`, f)
	want.Flags[1].Attached = false
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("json: %+v %v", got, err)
	}
	// A flag that is not glued is not split off a longer token.
	if _, err := ParseFill("ARGS: -Xms4g in=reads.fq", f); err == nil || !strings.Contains(err.Error(), `"-Xms4g"`) {
		t.Errorf("err = %v", err)
	}
}

// A positional that is a command the tool runs (xargs COMMAND
// [INITIAL-ARGS]...): its words, flags included, are that command's and
// are kept as written; flags before it are still the tool's.
func TestParseFillInnerCommand(t *testing.T) {
	f := Form{Tool: "xargs", Flags: []FormFlag{{Name: "-n", Type: "int"}, {Name: "-t", Type: "bool"}},
		Positionals: []FormPositional{{Name: "COMMAND", Required: true, Command: true}, {Name: "INITIAL-ARGS"}}}
	got, err := ParseFill("ARGS: -t -n 1 wc -l --files0-from=x N=1", f)
	if err != nil {
		t.Fatal(err)
	}
	want := Fill{Executable: "xargs", Flags: []FlagValue{{Name: "-t", Written: "-t"}, {Name: "-n", Value: "1", Written: "-n"}}, Positionals: []string{"wc", "-l", "--files0-from=x", "N=1"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	got, err = ParseFill(`{"flags":[{"name":"-t","value":true}],"positionals":["wc","-l"]}`, f)
	if err != nil || !reflect.DeepEqual(got.Positionals, []string{"wc", "-l"}) {
		t.Errorf("got %+v err = %v", got, err)
	}
	for text, msg := range map[string]string{
		"ARGS: -l wc":     `unknown flag "-l"`, // before the command: the tool's
		"ARGS: wc -l | x": "shell operator",
	} {
		if _, err := ParseFill(text, f); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: err = %v", text, err)
		}
	}
}
