package engine

import (
	"context"
	"strings"
	"testing"
)

// tarkitScript is a getopt tool with single-letter flags that bundle.
const tarkitScript = `#!/bin/sh
cat <<'EOF'
Usage: tarkit [options] [FILE...]

Options:
  -c              create a new archive
  -z              filter the archive through gzip
  -x              extract files from an archive
  -f FILE         use archive file FILE
  -C DIR          change to directory DIR
  -v, --verbose   verbosely list files processed
  --exclude PATTERN   exclude files matching PATTERN
EOF
`

// msakitScript prints a summary help, as mafft does: its examples name
// options (--auto, --retree) that its short option list lacks.
const msakitScript = `#!/bin/sh
cat <<'EOF'
High speed:
  % msakit --retree 1 in > out
If unsure which option to use:
  % msakit --auto in > out

--op # :         Gap opening penalty, default: 1.53
--quiet :        Do not report progress
--thread # :     Number of threads
EOF
`

// kvkitScript is a BBTools-style key=value tool.
const kvkitScript = `#!/bin/sh
cat <<'EOF'
Written by Someone

Description:  Filters reads by kmer matches against a reference.

Usage:  kvkit.sh in=<input file> out=<output file> ref=<reference>

Input parameters:
in=<file>           Main input.
ref=<file>          Reference file.

Output parameters:
out=<file>          Write reads here.

Processing parameters:
k=27                Kmer length used for finding contaminants.
threads=auto        (t) Set number of threads to use.
EOF
`

// subkitScript is bamkit with one more listed subcommand, view, that has
// no help of its own.
var subkitScript = strings.Replace(strings.ReplaceAll(bamkitScript, "bamkit", "subkit"), "  index       index alignment\n", "  index       index alignment\n  view        view alignments\n", 1)

func verifyEngine(t *testing.T) *Engine {
	t.Helper()
	bin := t.TempDir()
	fakeBin(t, bin, "tarkit", tarkitScript, 0o755)
	fakeBin(t, bin, "kvkit.sh", kvkitScript, 0o755)
	fakeBin(t, bin, "msakit", msakitScript, 0o755)
	fakeBin(t, bin, "subkit", subkitScript, 0o755)
	fakeBin(t, bin, "bamkit", bamkitScript, 0o755)
	fakeBin(t, bin, "bamkit-build", bamkitBuildScript, 0o755)
	return New(Options{Rules: builtinRules, PathDirs: []string{bin}, Runner: ExecRunner{}, Cache: NewCache(t.TempDir(), 8)})
}

type verdict struct{ status, problem string }

func checkVerdicts(t *testing.T, e *Engine, front string, want map[string]verdict, examples ...string) {
	t.Helper()
	sk := inlineSkill(t, front, examples...)
	got := e.VerifySkill(context.Background(), sk)
	if len(got) != len(sk.Examples) {
		t.Fatalf("%d checks for %d examples", len(got), len(sk.Examples))
	}
	for _, ch := range got {
		w, ok := want[ch.Args]
		if !ok {
			t.Errorf("no expectation for %q", ch.Args)
			continue
		}
		problems := strings.Join(ch.Problems, "; ")
		if ch.Status != w.status || !strings.Contains(problems, w.problem) || w.problem == "" && problems != "" {
			t.Errorf("%q: status %q problems %q, want %q %q", ch.Args, ch.Status, problems, w.status, w.problem)
		}
		if ch.Line == 0 || ch.Task == "" {
			t.Errorf("%q: check lacks its task or line: %+v", ch.Args, ch)
		}
	}
}

// TestVerifySkillSummaryHelp: a flag a summary help does not list is
// unchecked, not an error; a listed one is checked.
func TestVerifySkillSummaryHelp(t *testing.T) {
	e := verifyEngine(t)
	want := map[string]verdict{
		"--thread 4 in.fa":          {"ok", ""},
		"--add new.fa --thread 2 a": {"unchecked", "--add is not in the help, whose option list is partial (its text names --retree and --auto"},
	}
	var examples []string
	for args := range want {
		examples = append(examples, "task for "+args, args)
	}
	checkVerdicts(t, e, "name: msakit", want, examples...)
}

func TestVerifySkillFlags(t *testing.T) {
	e := verifyEngine(t)
	want := map[string]verdict{
		"-czf out.tar.gz data":                  {"ok", ""},
		"-c -z -f out.tar.gz data":              {"ok", ""},
		"-xvf in.tar.gz -C outdir":              {"ok", ""},
		"--verbose --exclude '*.log' -cf a.tar": {"ok", ""},
		"-Xmx8g -cf a.tar data":                 {"ok", ""}, // JVM options go to the launcher
		"--verbos -cf a.tar data":               {"error", "unknown flag --verbos (did you mean --verbose?)"},
		"-cqf a.tar data":                       {"error", "unknown flag -cqf"},
		"-f 'unbalanced":                        {"error", "unbalanced quote"},
	}
	var examples []string
	for args := range want {
		examples = append(examples, "task for "+args, args)
	}
	checkVerdicts(t, e, "name: tarkit", want, examples...)
}

func TestVerifySkillSubcommandsAndCompanions(t *testing.T) {
	e := verifyEngine(t)
	want := map[string]verdict{
		"sort -@ 4 -o out.bam in.bam":        {"ok", ""},
		"bamkit sort -n in.bam":              {"ok", ""}, // the tool's own name may lead
		"index -c in.bam":                    {"ok", ""},
		"sort --threads 4 in.bam":            {"error", "unknown flag --threads"},
		"srot -o out.bam in.bam":             {"error", `unknown subcommand "srot" (did you mean "sort"?)`},
		"bamkit-build -p 4 ref.fa ref_idx":   {"ok", ""},
		"bamkit-build --bogus ref.fa ref_id": {"error", "unknown flag --bogus"},
	}
	var examples []string
	for args := range want {
		examples = append(examples, "task for "+args, args)
	}
	checkVerdicts(t, e, "name: bamkit\ncompanions: [bamkit-build]", want, examples...)

	// A listed subcommand without help of its own cannot be checked.
	checkVerdicts(t, e, "name: subkit", map[string]verdict{
		"view -b in.bam": {"unchecked", "no readable help for view"},
		"sort -n in.bam": {"ok", ""},
	}, "view it", "view -b in.bam", "sort it", "sort -n in.bam")
}

func TestVerifySkillKeyValueAndMissing(t *testing.T) {
	e := verifyEngine(t)
	checkVerdicts(t, e, "name: kvkit.sh", map[string]verdict{
		"in=r.fq out=c.fq ref=a.fa k=23": {"ok", ""},
		"in=r.fq out=c.fq bogus=23":      {"error", "unknown flag bogus"},
	}, "trim", "in=r.fq out=c.fq ref=a.fa k=23", "bad key", "in=r.fq out=c.fq bogus=23")
	// A tool that is not installed: every example is skipped, and the
	// tool is looked up once.
	checkVerdicts(t, e, "name: ghosttool\ncompanions: [ghosttool-build]", map[string]verdict{
		"run -x a.txt":             {"skipped", "ghosttool is not installed"},
		"ghosttool-build ref.fa i": {"skipped", "ghosttool-build is not installed"},
	}, "run it", "run -x a.txt", "build it", "ghosttool-build ref.fa i")
}

func TestVerifySkillJVMProperty(t *testing.T) {
	// jvmOption documents "-Dkey=v" as a launcher option to accept.
	e := verifyEngine(t)
	sk := inlineSkill(t, "name: tarkit", "create with a JVM property", "-Dsamjdk.compression=1 -cf a.tar data")
	ch := e.VerifySkill(context.Background(), sk)[0]
	if ch.Status == "error" && strings.Contains(strings.Join(ch.Problems, ";"), "unknown flag -Dsamjdk.compression") {
		t.Fatalf("regression: checkArgs cuts \"=1\" off before matching jvmOption, so -Dkey=value is an unknown flag: %q", ch.Problems)
	}
	if ch.Status != "ok" {
		t.Errorf("status %q problems %q", ch.Status, ch.Problems)
	}
}

// hidkitScript lists sort and plugin, yet answers "index --help" too.
const hidkitScript = `#!/bin/sh
case "$1 $2 $3" in
"index --help ") cat <<'EOF'
Usage: hidkit index [options] <in.bam>

Options:
  -c          Generate CSI-format index
EOF
exit 0;;
"sort --help ") cat <<'EOF'
Usage: hidkit sort [options] <in.bam>

Options:
  -o FILE     Write final output to FILE
EOF
exit 0;;
"plugin --help ") cat <<'EOF'
Usage: hidkit plugin <name>

Commands:
  fill        fill in tags
EOF
exit 0;;
"plugin fill --help") cat <<'EOF'
Usage: hidkit plugin fill [options] <in.vcf>

Options:
  -t LIST     tags to fill
EOF
exit 0;;
esac
cat <<'EOF'
Program: hidkit (tools for BAM files)

Usage:   hidkit <command> [options]

Commands:
  sort        sort alignment file
  plugin      run a plugin
EOF
`

func TestVerifySkillHiddenSubcommandsAndProse(t *testing.T) {
	bin := t.TempDir()
	fakeBin(t, bin, "hidkit", hidkitScript, 0o755)
	fakeBin(t, bin, "prose", "#!/bin/sh\ncat <<'EOF'\nUsage: prose [options] <in>\n\nOld files need --legacy before any other option.\n\nOptions:\n  -o FILE     output file\n  -t INT      threads\nEOF\n", 0o755)
	e := New(Options{Rules: builtinRules, PathDirs: []string{bin}, Runner: ExecRunner{}})
	checkVerdicts(t, e, "name: hidkit", map[string]verdict{
		// index is not listed but has help of its own: it is probed and checked.
		"index -c in.bam":          {"ok", ""},
		"index -z in.bam":          {"error", "unknown flag -z (did you mean -c?)"},
		"sort -o o.bam x":          {"ok", ""},
		"plugin fill -t DP in.vcf": {"ok", ""},
		// A word that is no subcommand of plugin is plugin's positional;
		// plugin's own help lists no flags.
		"plugin nosuch -t DP": {"unchecked", "no flags parsed from the help"},
		// The root lists no flags of its own.
		"-q sort x.bam": {"unchecked", "no flags parsed from the help"},
	}, "index it", "index -c in.bam", "index badly", "index -z in.bam", "sort it", "sort -o o.bam x",
		"fill tags", "plugin fill -t DP in.vcf", "no such plugin", "plugin nosuch -t DP", "quiet", "-q sort x.bam")
	// A flag the help shows in prose but the parser did not read is not an
	// error: the parser missed it.
	checkVerdicts(t, e, "name: prose", map[string]verdict{
		"--legacy old.txt -o out.txt": {"unchecked", "--legacy is in the help text but was not parsed"},
		"--legac old.txt":             {"error", "unknown flag --legac"},
	}, "read old", "--legacy old.txt -o out.txt", "typo", "--legac old.txt")
}

// TestVerifySkillFallsBackToCapturedHelp checks a tool that is not on
// PATH against help served by Options.Captured (here the same script,
// kept outside PATH), including a subcommand probed on demand.
func TestVerifySkillFallsBackToCapturedHelp(t *testing.T) {
	hidden := t.TempDir()
	fakeBin(t, hidden, "bamkit", bamkitScript, 0o755)
	asked := map[string]int{}
	captured := func(exe string) (*ToolRecord, Runner, bool) {
		asked[exe]++
		if exe != "bamkit" {
			return nil, nil, false
		}
		p := hidden + "/bamkit"
		return &ToolRecord{Name: exe, Executable: exe, ResolvedPath: p, GlobalPath: p, Installed: true}, ExecRunner{}, true
	}
	e := New(Options{Rules: builtinRules, PathDirs: []string{t.TempDir()}, Runner: ExecRunner{}, Captured: captured})
	sk := inlineSkill(t, "name: bamkit\ncompanions: [bamkit-build]",
		"sort", "sort -@ 4 -o out.bam in.bam",
		"sort bad", "sort --threads 4 in.bam",
		"index", "index -c in.bam",
		"build", "bamkit-build -p 4 ref.fa idx")
	got := e.VerifySkill(context.Background(), sk)
	want := []struct {
		status   string
		captured bool
		problem  string
	}{{"ok", true, ""}, {"error", true, "unknown flag --threads"}, {"ok", true, ""}, {"skipped", false, "bamkit-build is not installed"}}
	if len(got) != len(want) {
		t.Fatalf("%d checks: %+v", len(got), got)
	}
	for i, w := range want {
		if got[i].Status != w.status || got[i].Captured != w.captured || !strings.Contains(strings.Join(got[i].Problems, "; "), w.problem) {
			t.Errorf("%q: %+v, want %+v", got[i].Args, got[i], w)
		}
	}
	if asked["bamkit"] != 1 || asked["bamkit-build"] != 1 {
		t.Errorf("captures asked %v, want once per executable", asked)
	}
	// A lookup that answers without a runner counts as no capture.
	e = New(Options{Rules: builtinRules, PathDirs: []string{t.TempDir()}, Runner: ExecRunner{},
		Captured: func(string) (*ToolRecord, Runner, bool) { return &ToolRecord{}, nil, true }})
	if got := e.VerifySkill(context.Background(), sk); got[0].Status != "skipped" {
		t.Errorf("nil runner: %+v", got[0])
	}
}

func TestSkillCoverage(t *testing.T) {
	e := verifyEngine(t)
	sk := inlineSkill(t, "name: bamkit\ncompanions: [bamkit-build]", "sort", "sort -n in.bam", "sort again", "bamkit sort -o o.bam in.bam")
	checks, uncovered := e.SkillCoverage(context.Background(), sk)
	if len(checks) != 2 || checks[0].Status != "ok" {
		t.Fatalf("checks %+v", checks)
	}
	if strings.Join(uncovered, ",") != "index,bamkit-build" {
		t.Errorf("uncovered %q", uncovered)
	}
	sk = inlineSkill(t, "name: bamkit\ncompanions: [bamkit-build]", "build", "bamkit-build ref.fa idx", "index", "index in.bam")
	if _, uncovered := e.SkillCoverage(context.Background(), sk); strings.Join(uncovered, ",") != "sort" {
		t.Errorf("uncovered %q", uncovered)
	}
	// A tool that is not installed: nothing is known to be uncovered.
	sk = inlineSkill(t, "name: nosuchtool", "x", "run x")
	if checks, uncovered := e.SkillCoverage(context.Background(), sk); len(uncovered) != 0 || checks[0].Status != "skipped" {
		t.Errorf("missing tool: %+v %q", checks, uncovered)
	}
}

func TestVerifySkillMultiStepExamples(t *testing.T) {
	e := verifyEngine(t)
	want := map[string]verdict{
		"sort -o s.bam in.bam | tarkit -czf x.tar.gz -":      {"ok", ""},
		"sort -o s.bam in.bam && bamkit index -c s.bam":      {"ok", ""},
		"sort -n in.bam > byname.bam":                        {"ok", ""},
		"sort -o s.bam in.bam | tarkit --bogus":              {"error", "step 2 (tarkit): unknown flag --bogus"},
		"sort --threads 4 in.bam | bamkit-build ref.fa idx":  {"error", "step 1 (bamkit): unknown flag --threads"},
		"sort -o s.bam in.bam && nosuchprog -x s.bam":        {"skipped", "step 2 (nosuchprog): nosuchprog is not installed"},
		"sort -o s.bam in.bam && nosuchprog -x | tarkit -qq": {"error", "step 3 (tarkit): unknown flag -qq"},
		"sort in.bam |":  {"error", `no command after "|"`},
		"&& sort in.bam": {"error", `no command before "&&"`},
	}
	var examples []string
	for args := range want {
		examples = append(examples, "task for "+args, args)
	}
	checkVerdicts(t, e, "name: bamkit\ncompanions: [bamkit-build]", want, examples...)
}

func TestOneCommandExamplesLeavesOutPipelines(t *testing.T) {
	sk := inlineSkill(t, "name: bamkit", "sort it", "sort -o s.bam in.bam", "sort and index", "sort -o s.bam in.bam && bamkit index s.bam",
		"view the head", "view in.bam | head -n 5")
	one := oneCommandExamples(sk)
	if len(one.Examples) != 1 || one.Examples[0].Args != "sort -o s.bam in.bam" || len(sk.Examples) != 3 {
		t.Fatalf("examples %+v (the skill itself keeps %d)", one.Examples, len(sk.Examples))
	}
	plain := inlineSkill(t, "name: bamkit", "sort it", "sort -o s.bam in.bam")
	if oneCommandExamples(plain) != plain {
		t.Fatal("a skill of one-command examples is used as is")
	}
}

// TestVerifySkillInnerCommand: a tool whose usage runs a command
// ("COMMAND [INITIAL-ARGS]...") leaves that command's words alone and
// checks them against the command's own help.
func TestVerifySkillInnerCommand(t *testing.T) {
	e := verifyEngine(t)
	bin := e.opts.PathDirs[0]
	fakeBin(t, bin, "runeach", `#!/bin/sh
cat <<'EOF'
Usage: runeach [OPTION]... COMMAND [INITIAL-ARGS]...
Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.

  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line
  -t, --verbose                print commands before executing them
EOF
`, 0o755)
	checkVerdicts(t, e, "name: runeach", map[string]verdict{
		"-n 1 tarkit -czf out.tar.gz": {"ok", ""},
		"-t tarkit -v -C dir":         {"ok", ""},
		"-n 1 tarkit --bogus":         {"error", "command tarkit run by runeach: unknown flag --bogus"},
		"-q tarkit -c":                {"error", "unknown flag -q"},
		"-n 1 notatool -x":            {"ok", ""},
	}, "a", "-n 1 tarkit -czf out.tar.gz", "b", "-t tarkit -v -C dir", "c", "-n 1 tarkit --bogus", "d", "-q tarkit -c", "e", "-n 1 notatool -x")
}
