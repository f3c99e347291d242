package engine

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// mapCaptured maps a task onto a tool's captured help (golden) with the
// skill sk, nil for the help alone, and returns the command and the fill.
func mapCaptured(t *testing.T, tool string, sk *skills.Skill, task string) (Command, *Fill) {
	t.Helper()
	doc := goldenDoc(t, tool)
	rec := &ToolRecord{Name: tool, Executable: tool}
	doc.Record = *rec
	f := MapTask(builtinRules, rec, doc, sk, task)
	return Assemble(rec, f), f
}

// taskCommand is a task and the command it must give.
type taskCommand struct{ task, want string }

// checkCommands maps each task onto a tool's captured help with the skill
// sk (nil for the help alone) and checks the command.
func checkCommands(t *testing.T, tool string, sk *skills.Skill, cases ...taskCommand) {
	t.Helper()
	for _, c := range cases {
		if cmd, _ := mapCaptured(t, tool, sk, c.task); cmd.Display != c.want {
			t.Errorf("%s %q:\n got  %s\n want %s", tool, c.task, cmd.Display, c.want)
		}
	}
}

// goldenDoc reads a ToolDoc built from a tool's captured help.
func goldenDoc(t *testing.T, tool string) *ToolDoc {
	t.Helper()
	b, err := os.ReadFile("../golden/" + tool + "/tooldoc.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var d ToolDoc
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

// checkTyped reads a typed command against a golden ToolDoc and runs Stage 5.
func checkTyped(t *testing.T, doc *ToolDoc, argv []string) (*Fill, Command, []Finding) {
	t.Helper()
	rec := &ToolRecord{Name: argv[0], Executable: argv[0], Installed: true}
	f := &Fill{Executable: argv[0], Positionals: []string{}}
	readTyped(rec, doc, f, argv[1:], map[string]bool{}, "typed")
	cmd := Assemble(rec, f)
	return f, cmd, Validate(builtinRules, rec, doc, f, cmd, t.TempDir())
}

func errorsOf(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		if f.Severity == "error" {
			out = append(out, f.Rule+": "+f.Message)
		}
	}
	return out
}

func TestBundledShortFlagsOnCapturedHelp(t *testing.T) {
	bcf, sam := goldenDoc(t, "bcftools"), goldenDoc(t, "samtools")
	cases := []struct {
		doc     *ToolDoc
		argv    string
		display string // the bundle kept as written
		value   string // the value the bundle took, if any
		errs    string // the error findings, joined
	}{
		{bcf, "bcftools call -mv -o calls.vcf raw.bcf", "bcftools call -mv -o calls.vcf raw.bcf", "", ""},
		{bcf, "bcftools call -vm raw.bcf", "bcftools call -vm raw.bcf", "", ""},
		{sam, "samtools view -bq 30 -o q.bam aln.bam", "samtools view -bq 30 -o q.bam aln.bam", "30", ""},
		{sam, "samtools view -bhq 20 aln.bam", "samtools view -bhq 20 aln.bam", "20", ""},
		// The last letter's value is checked like the flag's own.
		{sam, "samtools view -bq x aln.bam", "samtools view -bq x aln.bam", "x", ""},
		// A letter that is not a switch of the tool: not a bundle.
		{bcf, "bcftools call -mz raw.bcf", "bcftools call -mz raw.bcf", "", "check.unknown_flag: -mz is not a flag of bcftools call"},
		// A letter that takes a value may only come last.
		{sam, "samtools view -qb aln.bam", "samtools view -qb aln.bam", "", "check.unknown_flag: -qb is not a flag of samtools view"},
		// A bundle without the value its last letter needs.
		{sam, "samtools view -bq", "samtools view -bq", "", "check.missing_value: -bq needs a value"},
	}
	for _, c := range cases {
		f, cmd, fs := checkTyped(t, c.doc, strings.Fields(c.argv))
		if cmd.Display != c.display {
			t.Errorf("%q: display %q", c.argv, cmd.Display)
		}
		bundle := f.Flags[0]
		if bundle.Value != c.value {
			t.Errorf("%q: the bundle %s took %q", c.argv, bundle.Name, bundle.Value)
		}
		got := strings.Join(errorsOf(fs), "; ")
		if c.errs == "" && got != "" || c.errs != "" && !strings.Contains(got, c.errs) {
			t.Errorf("%q: errors %q, want %q", c.argv, got, c.errs)
		}
	}
	// The bad integer after -bq is a type warning on the bundle.
	_, _, fs := checkTyped(t, sam, strings.Fields("samtools view -bq x aln.bam"))
	if !slices.ContainsFunc(fs, func(f Finding) bool { return f.Rule == "check.bad_type" && f.Flag == "-bq" }) {
		t.Errorf("findings %+v", fs)
	}
	// Categories reach the constraint rules: -bo x.bam writes x.bam.
	samView := FindSubcommand(sam.Subcommands, "view")
	if fd, ok := LookupFlag(samView.Flags, "-bo"); !ok || fd.Category != "Output" || fd.ParamType != "file" || !strings.HasPrefix(fd.Description, "-b -o written together") {
		t.Errorf("-bo: %+v %v", fd, ok)
	}
	// Not bundles: long flags, digits, single letters, and any flag of a
	// tool with long single-dash flags.
	for _, name := range []string{"--mv", "-m1", "-m", "-"} {
		if _, ok := bundleDoc(samView.Flags, name); ok {
			t.Errorf("%q read as a bundle", name)
		}
	}
	long := []FlagDoc{{Name: "-n", ParamType: "bool"}, {Name: "-o", ParamType: "bool"}, {Name: "-nofw", ParamType: "bool"}}
	if _, ok := bundleDoc(long, "-no"); ok {
		t.Errorf("a tool with -nofw reads -no as a bundle")
	}
}
