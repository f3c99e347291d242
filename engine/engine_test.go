package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// bamkitScript is a fake tool with two subcommands, a version and help on
// the usual probes; bamkitBuild is its companion.
const bamkitScript = `#!/bin/sh
case "$1" in
--version) echo "bamkit 1.2.3"; exit 0;;
sort)
  case "$2" in --help|-h) cat <<'EOF'
Usage: bamkit sort [options] <in.bam>

Options:
  -o FILE     Write final output to FILE
  -@ INT      Number of additional threads to use [0]
  -n          Sort by read name
EOF
  exit 0;; esac;;
index)
  case "$2" in --help|-h) cat <<'EOF'
Usage: bamkit index [options] <in.bam>

Options:
  -c          Generate CSI-format index
  -@ INT      Number of additional threads to use [0]
EOF
  exit 0;; esac;;
esac
cat <<'EOF'
Program: bamkit (tools for BAM files)
Version: 1.2.3

Usage:   bamkit <command> [options]

Commands:
  sort        sort alignment file
  index       index alignment
EOF
`

const bamkitBuildScript = `#!/bin/sh
cat <<'EOF'
Usage: bamkit-build [options] <reference_in> <index_base>

Options:
  -p INT      number of threads
EOF
`

// skillMap is a SkillSource over a map.
type skillMap map[string]*skills.Skill

func (m skillMap) Get(tool string) (*skills.Skill, bool) {
	s, ok := m[tool]
	return s, ok
}

func bamkitSkill(t *testing.T) *skills.Skill {
	return inlineSkill(t, `
name: bamkit
companions: [bamkit-build]
keywords:
  sort: [sort]
  bamkit-build: [build index]`,
		"sort aln.bam with 4 threads into aln.sorted.bam", "sort -@ 4 -o aln.sorted.bam aln.bam",
		"build an index of genome.fa", "bamkit-build genome.fa genome_idx")
}

type engineEnv struct {
	bin, cacheDir, cwd string
	opts               Options
}

func newEngineEnv(t *testing.T) *engineEnv {
	t.Helper()
	env := &engineEnv{bin: t.TempDir(), cacheDir: t.TempDir(), cwd: t.TempDir()}
	fakeBin(t, env.bin, "bamkit", bamkitScript, 0o755)
	fakeBin(t, env.bin, "bamkit-build", bamkitBuildScript, 0o755)
	os.WriteFile(filepath.Join(env.cwd, "in.bam"), []byte("x"), 0o644)
	env.opts = Options{Rules: builtinRules, PathDirs: []string{env.bin}, Runner: ExecRunner{},
		Cache: NewCache(env.cacheDir, 8), Skills: skillMap{"bamkit": bamkitSkill(t)}}
	return env
}

func stagesOf(tr *Trace) []int {
	var out []int
	for _, e := range tr.Events() {
		if !slices.Contains(out, e.Stage) {
			out = append(out, e.Stage)
		}
	}
	slices.Sort(out)
	return out
}

func eventWith(tr *Trace, s string) *Event {
	for _, e := range tr.Events() {
		if strings.Contains(e.What, s) {
			return &e
		}
	}
	return nil
}

func TestGenerateColdThenWarm(t *testing.T) {
	env := newEngineEnv(t)
	e := New(env.opts)
	req := Request{Tool: "bamkit", Task: "sort in.bam with 8 threads into out.bam", Cwd: env.cwd}
	cold, err := e.Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if cold.Command.Display != "bamkit sort -@ 8 -o out.bam in.bam" {
		t.Fatalf("command %q (evidence %q)", cold.Command.Display, cold.Fill.Evidence)
	}
	if cold.Command.Argv[0] != filepath.Join(env.bin, "bamkit") {
		t.Errorf("argv runs %q, want the resolved path", cold.Command.Argv[0])
	}
	if cold.CacheHit != "" || cold.DocKey == "" || cold.Scenario != "full" || cold.Skill != "inline.md" || cold.Unchecked || cold.Uncertain {
		t.Errorf("cold result: hit %q key %q scenario %q skill %q unchecked %v uncertain %v", cold.CacheHit, cold.DocKey, cold.Scenario, cold.Skill, cold.Unchecked, cold.Uncertain)
	}
	if len(cold.Findings) != 0 {
		t.Errorf("findings %+v", cold.Findings)
	}
	if got := stagesOf(cold.Trace); !slices.Equal(got, []int{1, 2, 3, 4, 5}) {
		t.Errorf("stages in the trace: %v", got)
	}
	if cold.Record.Version != "1.2.3" || cold.Doc.Record.Version != "1.2.3" {
		t.Errorf("version %q / %q", cold.Record.Version, cold.Doc.Record.Version)
	}
	if c, ok := cold.Record.Companion("bamkit-build"); !ok || c.Rule != "companion.dash_suffix" {
		t.Errorf("companions %+v", cold.Record.CompanionTools)
	}
	if sort := FindSubcommand(cold.Doc.Subcommands, "sort"); sort == nil || sort.Parser == "" || len(sort.Flags) != 3 {
		t.Errorf("sort subcommand %+v", sort)
	}
	if eventWith(cold.Trace, "no findings") == nil || eventWith(cold.Trace, "skill inline.md: 2 examples") == nil {
		t.Errorf("trace lacks the validate or skill step")
	}
	if !strings.Contains(cold.Explanation, `adapted from the skill example "sort aln.bam with 4 threads into aln.sorted.bam"`) {
		t.Errorf("explanation %q", cold.Explanation)
	}
	files, _ := filepath.Glob(filepath.Join(env.cacheDir, "bamkit-*"+cacheExt))
	if len(files) != 1 {
		t.Fatalf("cache files %v", files)
	}

	// Warm, same engine: the memory cache, the same command, and the
	// cached decisions replayed for explain.
	warm, err := e.Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if warm.CacheHit != "memory" || warm.DocKey != cold.DocKey || warm.Command.Display != cold.Command.Display {
		t.Errorf("warm: hit %q key %q command %q", warm.CacheHit, warm.DocKey, warm.Command.Display)
	}
	for _, s := range []string{"ToolDoc from the memory cache", "version 1.2.3 (cached)", "companion bamkit-build (cached)", "(cached)"} {
		if eventWith(warm.Trace, s) == nil {
			t.Errorf("warm trace lacks %q", s)
		}
	}
	if got, want := warm.Trace.RuleIDs(), cold.Trace.RuleIDs(); !slices.Contains(got, "companion.dash_suffix") || len(got) == 0 {
		t.Errorf("warm rules %v, cold %v", got, want)
	}

	// A new engine on the same cache dir reads the disk.
	disk, err := New(Options{Rules: builtinRules, PathDirs: []string{env.bin}, Runner: ExecRunner{}, Cache: NewCache(env.cacheDir, 8)}).Generate(context.Background(), req)
	if err != nil || disk.CacheHit != "disk" {
		t.Fatalf("disk: %v %q", err, disk.CacheHit)
	}
	// NoCache explores again and refreshes the entry.
	o := env.opts
	o.NoCache = true
	fresh, err := New(o).Generate(context.Background(), req)
	if err != nil || fresh.CacheHit != "" || eventWith(fresh.Trace, "root help") == nil {
		t.Fatalf("no-cache: %v %q", err, fresh.CacheHit)
	}
	// A changed binary is a new key.
	os.WriteFile(filepath.Join(env.bin, "bamkit"), []byte(bamkitScript+"\n# changed\n"), 0o755)
	changed, err := e.Generate(context.Background(), req)
	if err != nil || changed.CacheHit != "" || changed.DocKey == cold.DocKey {
		t.Fatalf("changed binary: %v hit %q key %q", err, changed.CacheHit, changed.DocKey)
	}
}

func TestGenerateCorruptCacheIsRebuilt(t *testing.T) {
	env := newEngineEnv(t)
	req := Request{Tool: "bamkit", Task: "sort in.bam into out.bam", Cwd: env.cwd}
	first, err := New(env.opts).Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(env.cacheDir, "bamkit-"+first.DocKey+cacheExt)
	os.WriteFile(p, []byte(docHeader+first.DocKey+"\n\x05"), 0o644)
	o := env.opts
	o.Cache = NewCache(env.cacheDir, 8)
	again, err := New(o).Generate(context.Background(), req)
	if err != nil || again.CacheHit != "" || again.Command.Display != first.Command.Display {
		t.Fatalf("after corruption: %v hit %q command %q", err, again.CacheHit, again.Command.Display)
	}
	if eventWith(again.Trace, "corrupt cache entry") == nil {
		t.Error("the trace does not say the entry was corrupt")
	}
	if b, _ := os.ReadFile(p); !strings.HasPrefix(string(b), docHeader) || len(b) < 100 {
		t.Errorf("entry not rewritten: %.40q", b)
	}
}

func TestGenerateScenarios(t *testing.T) {
	env := newEngineEnv(t)
	e := New(env.opts)
	run := func(scenario, task string) *Result {
		t.Helper()
		res, err := e.Generate(context.Background(), Request{Tool: "bamkit", Task: task, Scenario: scenario, Cwd: env.cwd})
		if err != nil {
			t.Fatalf("%s: %v", scenario, err)
		}
		return res
	}
	// bare: neither help nor skill.
	bare := run("bare", "sort in.bam into out.bam")
	if bare.Doc != nil || !bare.Unchecked || bare.Skill != "" || bare.CacheHit != "" || bare.DocKey != "" {
		t.Errorf("bare: doc %v unchecked %v skill %q", bare.Doc != nil, bare.Unchecked, bare.Skill)
	}
	if findingRule(bare, "check.unchecked") == nil {
		t.Errorf("bare findings %+v", bare.Findings)
	}
	// doc: the help, no skill.
	doc := run("doc", "sort in.bam with 2 threads into out.bam")
	if doc.Doc == nil || doc.Unchecked || doc.Skill != "" || doc.Fill.Example != nil {
		t.Errorf("doc: unchecked %v skill %q example %+v", doc.Unchecked, doc.Skill, doc.Fill.Example)
	}
	if doc.Command.Display != "bamkit sort -o out.bam -@ 2 in.bam" || doc.Explanation == "built from the tool's help" {
		t.Errorf("doc: %q (%q)", doc.Command.Display, doc.Explanation)
	}
	// full (the default): help and skill; the skill's keywords are fused
	// into the ToolDoc.
	full := run("", "sort in.bam with 2 threads into out.bam")
	if full.Scenario != "full" || full.Skill == "" || full.Doc.Skill != "inline.md" || len(full.Doc.Examples) == 0 {
		t.Errorf("full: scenario %q skill %q doc skill %q", full.Scenario, full.Skill, full.Doc.Skill)
	}
	if s := FindSubcommand(full.Doc.Subcommands, "sort"); s == nil || !slices.Equal(s.TaskKeywords, []string{"sort"}) {
		t.Errorf("fused keywords: %+v", s)
	}
	// A companion chosen by the skill runs from its own path.
	build := run("full", "build index for ref.fa")
	if build.Command.Display != "bamkit-build ref.fa ref_idx" || build.Command.Argv[0] != filepath.Join(env.bin, "bamkit-build") {
		t.Errorf("companion: %q argv %q (evidence %q)", build.Command.Display, build.Command.Argv, build.Fill.Evidence)
	}
	// Explain is Generate with the trace.
	ex, err := e.Explain(context.Background(), Request{Tool: "bamkit", Task: "sort in.bam into out.bam", Cwd: env.cwd})
	if err != nil || ex.Command.Display != "bamkit sort -o out.bam in.bam" || len(ex.Trace.Events()) == 0 {
		t.Errorf("explain: %v %q", err, ex.Command.Display)
	}
}

func TestGenerateErrors(t *testing.T) {
	env := newEngineEnv(t)
	e := New(env.opts)
	for _, task := range []string{"", "   \t"} {
		if _, err := e.Generate(context.Background(), Request{Tool: "bamkit", Task: task}); err == nil || !strings.Contains(err.Error(), "the task is empty") {
			t.Errorf("task %q: err %v", task, err)
		}
	}
	_, err := e.Generate(context.Background(), Request{Tool: "bamkit", Task: "sort x.bam", Scenario: "fancy"})
	if err == nil || err.Error() != `unknown scenario "fancy" (valid: bare, doc, full)` {
		t.Errorf("scenario: %v", err)
	}
	// A path that does not exist is an error, not a "not installed".
	_, err = e.Generate(context.Background(), Request{Tool: "./no/such/tool.py", Task: "run it"})
	var nf *NotFoundError
	if err == nil || errors.As(err, &nf) || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing path: %v", err)
	}
	// An invalid name is refused before anything runs.
	if _, err := e.Generate(context.Background(), Request{Tool: "../x", Task: "run it"}); err == nil {
		t.Error("'..' accepted")
	}
}

func TestGenerateNotInstalledFromSkill(t *testing.T) {
	env := newEngineEnv(t)
	o := env.opts
	o.Skills = skillMap{"ghostkit": inlineSkill(t, "name: ghostkit\nkeywords:\n  sort: [sort]",
		"sort aln.bam into aln.sorted.bam", "sort -o aln.sorted.bam aln.bam")}
	e := New(o)
	res, err := e.Generate(context.Background(), Request{Tool: "ghostkit", Task: "sort in.bam into out.bam", Cwd: env.cwd})
	if err != nil {
		t.Fatal(err)
	}
	if res.Record.Installed || !res.Unchecked || res.Doc != nil || res.Command.Display != "ghostkit sort -o out.bam in.bam" {
		t.Fatalf("not installed: installed %v unchecked %v command %q", res.Record.Installed, res.Unchecked, res.Command.Display)
	}
	if f := findingRule(res, "check.unchecked"); f == nil || !strings.Contains(f.Message, "not checked against ghostkit's help") {
		t.Errorf("findings %+v", res.Findings)
	}
	if eventWith(res.Trace, "not installed here") == nil {
		t.Error("the trace does not say the tool is missing")
	}
	// Doc reports the same tool as not found, with no doc.
	rec, doc, hit, err := e.Doc(context.Background(), "ghostkit", nil)
	var nf *NotFoundError
	if !errors.As(err, &nf) || doc != nil || hit != "" || rec == nil || rec.Installed {
		t.Errorf("Doc: rec %+v doc %v err %v", rec, doc != nil, err)
	}
	// Without a skill either, nothing describes the tool: no guessed
	// command, an error that names it.
	res, err = e.Generate(context.Background(), Request{Tool: "nothingkit", Task: "sort in.bam", Cwd: env.cwd})
	var ut *UnknownToolError
	if !errors.As(err, &ut) || res != nil || err.Error() != "nothingkit: not found on PATH" {
		t.Errorf("no skill, not installed: %v %v", res, err)
	}
}

const userHelp = `Usage: quiet [options] <in.txt>

Options:
  -o FILE     write output to FILE
  -t INT      number of threads
`

func TestGenerateUserDocs(t *testing.T) {
	env := newEngineEnv(t)
	// "quiet" is installed but prints nothing on any probe.
	fakeBin(t, env.bin, "quiet", "#!/bin/sh\nexit 1\n", 0o755)
	os.WriteFile(filepath.Join(env.cwd, "in.txt"), []byte("x"), 0o644)
	var asked []string
	o := env.opts
	o.UserDocs = func(tool string) (string, bool) {
		asked = append(asked, tool)
		if tool == "quiet" || tool == "absent" {
			return userHelp, true
		}
		return "", false
	}
	e := New(o)
	res, err := e.Generate(context.Background(), Request{Tool: "quiet", Task: "process in.txt with 4 threads into out.txt", Cwd: env.cwd})
	if err != nil {
		t.Fatal(err)
	}
	if res.Doc == nil || res.Doc.SchemaSource != "user-docs" || res.Unchecked {
		t.Fatalf("doc %+v unchecked %v", res.Doc, res.Unchecked)
	}
	if res.Command.Display != "quiet -o out.txt -t 4 in.txt" || len(res.Findings) != 0 {
		t.Errorf("command %q findings %+v", res.Command.Display, res.Findings)
	}
	// The exploration's record and probes are kept beside the user's help.
	if !res.Doc.Record.Installed || len(res.Doc.Probes) == 0 || len(res.Doc.Messages) == 0 {
		t.Errorf("record %+v probes %d messages %v", res.Doc.Record, len(res.Doc.Probes), res.Doc.Messages)
	}
	if eventWith(res.Trace, "ToolDoc from user docs: 2 flags") == nil {
		t.Error("trace lacks the user-docs step")
	}
	// A tool that is not installed at all is read from its user docs.
	rec, doc, _, err := e.Doc(context.Background(), "absent", nil)
	if err != nil || doc == nil || doc.SchemaSource != "user-docs" || rec.Installed {
		t.Fatalf("absent: rec %+v doc %v err %v", rec, doc != nil, err)
	}
	res, err = e.Generate(context.Background(), Request{Tool: "absent", Task: "process in.txt into out.txt", Cwd: env.cwd})
	if err != nil || res.Unchecked || res.Command.Display != "absent -o out.txt in.txt" {
		t.Errorf("absent: %v unchecked %v command %q", err, res.Unchecked, res.Command.Display)
	}
	// An alias's executable is asked for too.
	asked = nil
	e.Doc(context.Background(), "nothere", nil)
	if !slices.Equal(asked, []string{"nothere", "nothere"}) {
		t.Errorf("asked %q", asked)
	}
}

func TestGenerateFromCapturedDoc(t *testing.T) {
	e := New(Options{Rules: builtinRules, Skills: skillMap{"samtools": samSkill(t)}})
	res, err := e.GenerateFrom(context.Background(), Request{Tool: "samtools", Task: "sort in.bam with 8 threads into out.bam", Cwd: t.TempDir()}, samRec, samToolDoc(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Scenario != "full" || res.Command.Display != "samtools sort -@ 8 -o out.bam in.bam" || res.Trace == nil || res.Skill != "inline.md" {
		t.Fatalf("scenario %q command %q skill %q", res.Scenario, res.Command.Display, res.Skill)
	}
	// The input does not exist in the cwd: Stage 5 says so in the trace.
	if f := findingRule(res, "check.input_missing"); f == nil || eventWith(res.Trace, "warning: input in.bam does not exist") == nil {
		t.Errorf("findings %+v", res.Findings)
	}
	// The skill is found by executable when the tool name differs.
	res, err = e.GenerateFrom(context.Background(), Request{Tool: "st", Task: "sort in.bam into out.bam", Scenario: "full"}, samRec, samToolDoc(), nil)
	if err != nil || res.Skill != "inline.md" {
		t.Errorf("by executable: %v skill %q", err, res.Skill)
	}
	// The doc scenario ignores the skill.
	res, err = e.GenerateFrom(context.Background(), Request{Tool: "samtools", Task: "sort in.bam into out.bam", Scenario: "doc"}, samRec, samToolDoc(), nil)
	if err != nil || res.Skill != "" || res.Explanation != "built from the tool's help" && res.Fill.Example != nil {
		t.Errorf("doc scenario: %v skill %q", err, res.Skill)
	}
	// The skill alone (no doc) still fills; the result is unchecked.
	res, err = e.GenerateFrom(context.Background(), Request{Tool: "samtools", Task: "sort in.bam into out.bam"}, samRec, nil, nil)
	if err != nil || !res.Unchecked || res.Doc != nil || res.Command.Display != "samtools sort -o out.bam in.bam" {
		t.Errorf("skill only: %v unchecked %v command %q", err, res.Unchecked, res.Command.Display)
	}
}

func TestExploreProgressAndCompanions(t *testing.T) {
	env := newEngineEnv(t)
	var calls atomic.Int32
	var lastTotal atomic.Int32
	o := env.opts
	o.Cache = nil
	o.Progress = func(done, total int) {
		calls.Add(1)
		lastTotal.Store(int32(total))
	}
	tr := &Trace{}
	rec, doc, hit, err := New(o).Doc(context.Background(), "bamkit", tr)
	if err != nil || hit != "" {
		t.Fatal(err, hit)
	}
	if calls.Load() != 2 || lastTotal.Load() != 2 {
		t.Errorf("progress called %d times, total %d", calls.Load(), lastTotal.Load())
	}
	if len(doc.Companions) != 1 || doc.Companions[0].Name != "bamkit-build" || doc.Companions[0].Parser == "" || len(doc.Companions[0].Flags) != 1 {
		t.Errorf("companions %+v", doc.Companions)
	}
	if doc.SubcommandHelps["sort"] == "" || doc.SubcommandHelps["bamkit-build"] == "" {
		t.Errorf("helps kept: %v", slices.Collect(func(yield func(string) bool) {
			for k := range doc.SubcommandHelps {
				if !yield(k) {
					return
				}
			}
		}))
	}
	if doc.CLIStyle == "" || doc.DocQuality < 0.5 || rec.Version != "1.2.3" {
		t.Errorf("style %q quality %.2f version %q", doc.CLIStyle, doc.DocQuality, rec.Version)
	}
	if eventWith(tr, "companion bamkit-build: 1 flags") == nil || eventWith(tr, "depth 1: 2 subcommands, 2 with their own help") == nil {
		t.Errorf("trace: %+v", tr.Events())
	}
}

func TestExplanation(t *testing.T) {
	if got := explanation(&Fill{}); got != "built from the tool's help" {
		t.Errorf("empty: %q", got)
	}
	f := &Fill{Example: &Example{Task: "sort x", Source: "skill"}, Flags: []FlagValue{{Name: "-o", Why: "from the example"}, {Name: "-@", Why: `the task's "8"`}}}
	if got := explanation(f); got != `adapted from the skill example "sort x"; -@: the task's "8"` {
		t.Errorf("explanation %q", got)
	}
	lines := assemblyLines(&Fill{Flags: []FlagValue{{Name: "-o", Value: "o.bam", HasValue: true, Why: "out"}, {Name: "-n", Why: "name"}}, Positionals: []string{"in.bam"}})
	if !slices.Equal(lines, []string{"-o o.bam ← out", "-n ← name", "positional 1 ← in.bam"}) {
		t.Errorf("assembly lines %q", lines)
	}
	if lines := assemblyLines(&Fill{Stdin: "in.bam"}); !slices.Equal(lines, []string{"< in.bam ← the task's input, read on standard input"}) {
		t.Errorf("assembly lines with standard input %q", lines)
	}
}
