package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/golden"
	"github.com/traitome/oxo-call/skills"
)

// filtSkill has one example that matches filt's help (line 14) and one
// with a flag filt does not have (line 17).
const filtSkill = `---
name: filt
category: test
description: filters text records
companions: [filt-index]
---
## Concepts
- filt keeps the records above a quality.

## Pitfalls
- filt writes to standard output unless -o is given.

## Examples
### filter reads.txt keeping quality above 30 into kept.txt
**Args:** ` + "`-q 30 -o kept.txt reads.txt`" + `
**Explanation:** -q sets the quality
### filter reads.txt fast
**Args:** ` + "`--turbo -t 8 reads.txt`" + `
**Explanation:** there is no --turbo
`

// goodFiltSkill is filtSkill without the bad example.
var goodFiltSkill = filtSkill[:strings.Index(filtSkill, "### filter reads.txt fast")]

func skillEnv(t *testing.T, skill string) *fakeEnv {
	t.Helper()
	f := filtEnv(t)
	f.write(filepath.Join(f.userSkillsDir(), "filt.md"), skill)
	return f
}

func TestSkillList(t *testing.T) {
	f := skillEnv(t, filtSkill)
	// A community skill, and a user skill that replaces a built-in one.
	community := f.write(filepath.Join(f.env["XDG_DATA_HOME"], "oxo-call", "skills", "comm.md"),
		"---\nname: comm\ncategory: community\ndescription: a community skill\n---\n## Examples\n### do x\n**Args:** `x`\n**Explanation:** x\n")
	userBwa := f.write(filepath.Join(f.userSkillsDir(), "bwa.md"), "---\nname: bwa\ncategory: mine\ndescription: my bwa\n---\n## Concepts\n- mine\n")
	out, errOut, code := f.run("skill", "list")
	if code != 0 || errOut != "" {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	if !strings.HasPrefix(out, "NAME") || !hasRow(strings.SplitN(out, "\n", 2)[0], "NAME CATEGORY EXAMPLES VERIFIED SOURCE") {
		t.Fatalf("header: %s", out)
	}
	for _, row := range []string{
		"filt test 2 yes " + filepath.Join(f.userSkillsDir(), "filt.md"),
		"comm community 1 yes " + community,
		"bwa mine 0 yes " + userBwa,
	} {
		if !hasRow(out, row) {
			t.Errorf("no row %q", row)
		}
	}
	if strings.Contains(out, "builtin:bwa.md") {
		t.Errorf("the user's bwa skill should replace the built-in one:\n%s", out)
	}
	// JSON, through the flag or the global --json.
	for _, args := range [][]string{{"skill", "list", "--json"}, {"--json", "sk", "list"}} {
		out, _, code := f.run(args...)
		var rows []struct {
			Name, Category, Source string
			Examples               int
		}
		if err := json.Unmarshal([]byte(out), &rows); err != nil || code != 0 {
			t.Fatalf("%q: %v", args, err)
		}
		byName := map[string]int{}
		for i, r := range rows {
			byName[r.Name] = i
		}
		filt, ok := byName["filt"]
		if !ok || rows[filt].Examples != 2 || rows[filt].Category != "test" || rows[byName["bwa"]].Source != userBwa {
			t.Fatalf("%q: rows %+v", args, rows)
		}
		sam, ok := byName["samtools"]
		if !ok || rows[sam].Source != "builtin:samtools.md" || rows[sam].Examples == 0 {
			t.Fatalf("%q: built-in samtools: %+v", args, rows[sam])
		}
	}
}

func TestSkillBrokenUserFileIsAWarning(t *testing.T) {
	f := skillEnv(t, filtSkill)
	broken := f.write(filepath.Join(f.userSkillsDir(), "broken.md"), "---\nname: [\n---\n")
	out, errOut, code := f.run("skill", "list")
	if code != 0 || !strings.Contains(errOut, "warning: "+broken+":") || !hasRow(out, "filt test 2 yes "+filepath.Join(f.userSkillsDir(), "filt.md")) {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
}

func TestSkillShow(t *testing.T) {
	f := skillEnv(t, filtSkill)
	out, errOut, code := f.run("skill", "show", "filt")
	if code != 0 || errOut != "" {
		t.Fatalf("code=%d err=%s", code, errOut)
	}
	want := "filt (test) — filters text records\nsource: " + filepath.Join(f.userSkillsDir(), "filt.md") + "\ncompanions: filt-index\n" +
		"\nConcepts:\n  - filt keeps the records above a quality.\n" +
		"\nPitfalls:\n  - filt writes to standard output unless -o is given.\n" +
		"\nExamples:\n  filter reads.txt keeping quality above 30 into kept.txt\n    filt -q 30 -o kept.txt reads.txt\n" +
		"  filter reads.txt fast\n    filt --turbo -t 8 reads.txt\n"
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
	// The global --json gives the whole skill.
	out, _, code = f.run("--json", "skill", "show", "filt")
	var sk struct {
		Name     string
		Examples []struct{ Task, Args string }
	}
	if err := json.Unmarshal([]byte(out), &sk); err != nil || code != 0 {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if len(sk.Examples) != 2 || sk.Examples[1].Args != "--turbo -t 8 reads.txt" {
		t.Fatalf("--json: %+v", sk)
	}
	// A built-in skill (no companions line).
	out, _, code = f.run("skill", "show", "bwa")
	if code != 0 || !strings.HasPrefix(out, "bwa (alignment) — ") || !strings.Contains(out, "source: builtin:bwa.md\n") || strings.Contains(out, "companions:") {
		t.Fatalf("bwa: %d %s", code, out)
	}
	out, errOut, code = f.run("skill", "show", "nosuch")
	if code != ExitError || out != "" || !strings.Contains(errOut, `no skill for "nosuch" (see: oxo-call skill list; draft one: oxo-call skill new nosuch)`) {
		t.Fatalf("unknown: %d %s", code, errOut)
	}
	if _, errOut, code := f.run("skill", "show"); code != ExitUsage || !strings.Contains(errOut, "expected a tool name") {
		t.Fatalf("no name: %d %s", code, errOut)
	}
}

func TestSkillPath(t *testing.T) {
	f := filtEnv(t)
	out, _, code := f.run("skill", "path")
	want := "user:      " + f.userSkillsDir() + "\ncommunity: " + filepath.Join(f.env["XDG_DATA_HOME"], "oxo-call", "skills") + "\n"
	if code != 0 || out != want {
		t.Fatalf("got %q, want %q", out, want)
	}
}

func TestSkillVerifyFindsABadExample(t *testing.T) {
	f := skillEnv(t, filtSkill)
	src := filepath.Join(f.userSkillsDir(), "filt.md")
	out, errOut, code := f.run("skill", "verify", "filt")
	if code != ExitChecksFailed {
		t.Fatalf("code=%d, want %d: %s %s", code, ExitChecksFailed, out, errOut)
	}
	want := "FAIL " + src + ":17: example \"filter reads.txt fast\": unknown flag --turbo\n" +
		"skills: 1 checked; examples: 1 ok, 1 failed, 0 unchecked (no readable help), 0 skipped (not installed)\n"
	if out != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
	// Without the bad example the skill passes.
	g := skillEnv(t, goodFiltSkill)
	out, _, code = g.run("skill", "verify", "filt")
	if code != 0 || out != "skills: 1 checked; examples: 1 ok, 0 failed, 0 unchecked (no readable help), 0 skipped (not installed)\n" {
		t.Fatalf("good skill: %d %s", code, out)
	}
}

func TestSkillVerifyAll(t *testing.T) {
	f := skillEnv(t, filtSkill)
	// Only filt is installed: --installed-only checks it alone.
	out, _, code := f.run("skill", "verify", "--all", "--installed-only")
	// Built-in skills marked verified: false are reported as skipped-unverifiable
	// whatever is installed, so the summary may name some of them.
	if code != ExitChecksFailed || !strings.Contains(out, `example "filter reads.txt fast": unknown flag --turbo`) ||
		!summaryRE(`1 checked`, `examples: 1 ok, 1 failed, 0 unchecked \(no readable help\), 0 skipped \(not installed\)`).MatchString(out) {
		t.Fatalf("--installed-only: %d %s", code, out)
	}
	// Without it every skill counts; built-in skills' examples are skipped.
	out, _, code = f.run("skill", "verify", "--all")
	if code != ExitChecksFailed || !strings.Contains(out, "examples: 1 ok, 1 failed, 0 unchecked (no readable help), ") || strings.Contains(out, " 0 skipped") || strings.Contains(out, "skills: 1 checked") {
		t.Fatalf("--all: %d %s", code, out)
	}
	// A skill whose tool is not installed: skipped, not failed.
	if out, _, code := f.run("skill", "verify", "bwa"); code != 0 || !strings.HasPrefix(out, "skills: 1 checked; examples: 0 ok, 0 failed, 0 unchecked (no readable help), ") {
		t.Fatalf("bwa: %d %s", code, out)
	}
	if _, errOut, code := f.run("skill", "verify"); code != ExitUsage || !strings.Contains(errOut, "expected a tool name") {
		t.Fatalf("no name: %d %s", code, errOut)
	}
	if _, errOut, code := f.run("skill", "verify", "nosuch"); code != ExitError || !strings.Contains(errOut, `no skill for "nosuch"`) {
		t.Fatalf("unknown: %d %s", code, errOut)
	}
}

func TestSkillVerifyUncheckedWithoutHelp(t *testing.T) {
	f := filtEnv(t)
	f.tool("mute", "#!/bin/sh\nexit 0\n")
	src := f.write(filepath.Join(f.userSkillsDir(), "mute.md"), "---\nname: mute\ncategory: test\ndescription: prints nothing\n---\n## Examples\n### do in.txt\n**Args:** `-x in.txt`\n**Explanation:** x\n")
	out, _, code := f.run("skill", "verify", "mute")
	if code != 0 || out != "skills: 1 checked; examples: 0 ok, 0 failed, 1 unchecked (no readable help), 0 skipped (not installed)\n" {
		t.Fatalf("%d %s", code, out)
	}
	// --verbose says why.
	out, _, _ = f.run("--verbose", "skill", "verify", "mute")
	if !strings.HasPrefix(out, "unchecked "+src+":7: ") {
		t.Fatalf("--verbose: %s", out)
	}
}

func TestSkillNew(t *testing.T) {
	f := newFakeEnv(t)
	f.tool("kit", kitScript)
	dst := filepath.Join(f.userSkillsDir(), "kit.md")
	out, errOut, code := f.run("skill", "new", "kit")
	if code != 0 || out != "" {
		t.Fatalf("code=%d out=%q err=%s", code, out, errOut)
	}
	if errOut != "drafted "+dst+" from kit's help (0 examples from its examples, 9 from its usage lines): fill in the concepts, pitfalls and examples, then: oxo-call skill verify kit\n" {
		t.Fatalf("stderr: %q", errOut)
	}
	draft := f.read(dst)
	for _, want := range []string{"name: kit\n", "description: kit 2.1.0 - a toolkit for text records\n", "  sort: [sort, sort records by key]\n", "- `dedup`: drop duplicate records\n", "## Examples\n"} {
		if !strings.Contains(draft, want) {
			t.Errorf("draft lacks %q:\n%s", want, draft)
		}
	}
	// The draft is a skill oxo-call loads, from the user's directory.
	if out, errOut, _ := f.run("skill", "list"); !hasRow(out, "kit TODO 9 yes "+dst) || errOut != "" {
		t.Fatalf("list: %s %s", out, errOut)
	}
	// Never overwritten without --force.
	os.WriteFile(dst, []byte("my edits"), 0o644)
	_, errOut, code = f.run("skill", "new", "kit")
	if code != ExitError || !strings.Contains(errOut, dst+" exists; not overwriting it (use --force, or -o another file)") || f.read(dst) != "my edits" {
		t.Fatalf("refuse: %d %s", code, errOut)
	}
	if _, errOut, code := f.run("skill", "new", "--force", "kit"); code != 0 || f.read(dst) != draft {
		t.Fatalf("--force: %d %s", code, errOut)
	}
	// -o - prints the draft; -o FILE writes there.
	out, errOut, code = f.run("skill", "new", "-o", "-", "kit")
	if code != 0 || out != draft || errOut != "" {
		t.Fatalf("-o -: %d %q", code, errOut)
	}
	other := filepath.Join(f.root, "drafts", "kit-draft.md")
	if _, _, code := f.run("skill", "new", "--output", other, "kit"); code != 0 || f.read(other) != draft {
		t.Fatalf("-o FILE: %d", code)
	}
	if _, errOut, code := f.run("skill", "new", "nosuch"); code != ExitError || !strings.Contains(errOut, `tool "nosuch" not found on PATH`) {
		t.Fatalf("missing tool: %d %s", code, errOut)
	}
	if _, _, code := f.run("skill", "new"); code != ExitUsage {
		t.Fatalf("no tool: %d", code)
	}
}

func TestSkillNewListsCompanions(t *testing.T) {
	f := filtEnv(t)
	f.tool("filt-index", filtScript)
	out, _, code := f.run("skill", "new", "-o", "-", "filt")
	if code != 0 || !strings.Contains(out, "name: filt\n") || !strings.Contains(out, "- `filt-index`") {
		t.Fatalf("%d %s", code, out)
	}
}

// unverifiedSkill is a skill for a tool that cannot be installed, so its
// file says verified: false.
const unverifiedSkill = "---\nname: faraway\ncategory: test\ndescription: a tool not installable here\nverified: false\n---\n" +
	"## Examples\n### do in.txt\n**Args:** `-q 3 in.txt`\n**Explanation:** x\n### do more\n**Args:** `--y in.txt`\n**Explanation:** y\n"

func TestSkillUnverifiedListAndVerify(t *testing.T) {
	f := skillEnv(t, goodFiltSkill)
	src := f.write(filepath.Join(f.userSkillsDir(), "faraway.md"), unverifiedSkill)
	out, _, code := f.run("skill", "list")
	if code != 0 || !hasRow(out, "faraway test 2 no "+src) || !hasRow(out, "filt test 1 yes "+filepath.Join(f.userSkillsDir(), "filt.md")) {
		t.Fatalf("list: %d\n%s", code, out)
	}
	out, _, _ = f.run("skill", "list", "--json")
	var rows []struct {
		Name     string
		Verified bool
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, r := range rows {
		if r.Name == "faraway" || r.Name == "filt" {
			seen++
			if r.Verified != (r.Name == "filt") {
				t.Errorf("--json: %+v", r)
			}
		}
	}
	if seen != 2 {
		t.Fatalf("--json rows: %+v", rows)
	}
	// verify: skipped as unverifiable, not failed, with or without --all.
	want := "SKIP " + src + ": verified: false (its tool cannot be installed here; 2 examples not checked)\n" +
		"skills: 0 checked, 1 skipped-unverifiable (verified: false); examples: 0 ok, 0 failed, 0 unchecked (no readable help), 0 skipped (not installed)\n"
	if out, _, code := f.run("skill", "verify", "faraway"); code != 0 || out != want {
		t.Fatalf("verify faraway: %d\n%s", code, out)
	}
	out, _, code = f.run("skill", "verify", "--all", "--installed-only")
	if code != 0 || !strings.Contains(out, "SKIP "+src+": verified: false") ||
		!summaryRE(`1 checked, [1-9][0-9]* skipped-unverifiable \(verified: false\)`, `examples: 1 ok, 0 failed, 0 unchecked \(no readable help\), 0 skipped \(not installed\)`).MatchString(out) {
		t.Fatalf("verify --all --installed-only: %d\n%s", code, out)
	}
	// Once the tool is installed the examples are checked after all, and
	// a bad one fails even though the skill says verified: false.
	f.tool("faraway", strings.ReplaceAll(filtScript, "filt", "faraway"))
	out, _, code = f.run("skill", "verify", "faraway")
	if code != ExitChecksFailed || !strings.Contains(out, "unknown flag --y") || strings.Contains(out, "SKIP") {
		t.Fatalf("installed: %d\n%s", code, out)
	}
}

// writeCapture records filt's help, as make golden-capture would, into
// dir/filt/capture.txtar.
func writeCapture(t *testing.T, dir string) {
	t.Helper()
	help := filtScript[strings.Index(filtScript, "filt 1.4.2 - filter"):strings.Index(filtScript, "H\n  exit 0")]
	c := &golden.Capture{Meta: golden.Meta{Tool: "filt", Executable: "filt", Version: "1.4.2", Captured: "2026-12-01"},
		Outputs: map[string]string{"filt --help": help, "filt -h": help, "filt": help, "filt --version": "filt 1.4.2\n"}}
	if err := c.Write(filepath.Join(dir, "filt", "capture.txtar")); err != nil {
		t.Fatal(err)
	}
}

func TestSkillVerifyAgainstCaptures(t *testing.T) {
	f := newFakeEnv(t) // filt is not installed
	f.write(filepath.Join(f.userSkillsDir(), "filt.md"), filtSkill)
	dir := t.TempDir()
	writeCapture(t, dir)
	out, _, code := f.run("skill", "verify", "filt")
	if code != 0 || !strings.Contains(out, "2 skipped (not installed)") {
		t.Fatalf("without captures: %d %s", code, out)
	}
	out, _, code = f.run("skill", "verify", "--captures", dir, "filt")
	if code != ExitChecksFailed || !strings.Contains(out, "unknown flag --turbo") ||
		!strings.HasSuffix(out, "examples: 1 ok, 1 failed, 0 unchecked (no readable help), 0 skipped (not installed); 2 checked against captured help\n") {
		t.Fatalf("with captures: %d %s", code, out)
	}
	// --installed-only counts a captured tool as one it can check.
	out, _, _ = f.run("skill", "verify", "--all", "--installed-only", "--captures", dir)
	if !regexp.MustCompile(`(?m)^skills: 1 checked[;,]`).MatchString(out) {
		t.Fatalf("--all --installed-only: %s", out)
	}
	// Bad directories are named.
	empty := t.TempDir()
	bad := t.TempDir()
	f.write(filepath.Join(bad, "x", "capture.txtar"), "tool: x\n")
	for d, want := range map[string]string{
		filepath.Join(dir, "nope"): "--captures: stat " + filepath.Join(dir, "nope"),
		empty:                      "--captures: " + empty + " holds no */capture.txtar",
		bad:                        filepath.Join(bad, "x", "capture.txtar") + ": meta has no executable",
	} {
		if _, errOut, code := f.run("skill", "verify", "--captures", d, "filt"); code != ExitError || !strings.Contains(errOut, want) {
			t.Errorf("%s: %d %s", d, code, errOut)
		}
	}
}

// TestSkillNewDraftsRealExamples drafts seqkit's skill offline from its
// captured help: the help's own examples come first, with task lines
// from their descriptions, and the draft passes verification.
func TestSkillNewDraftsRealExamples(t *testing.T) {
	captures, err := filepath.Abs("../golden")
	if err != nil {
		t.Fatal(err)
	}
	f := newFakeEnv(t) // seqkit is not installed here
	out, errOut, code := f.run("skill", "new", "--captures", captures, "-o", "-", "seqkit")
	if code != 0 {
		t.Fatalf("%d %s", code, errOut)
	}
	sk, _, err := skills.Parse("seqkit.md", []byte(out), false)
	if err != nil {
		t.Fatal(err)
	}
	real := 0
	for _, ex := range sk.Examples {
		if strings.HasPrefix(ex.Task, "TODO") || strings.HasPrefix(ex.Explanation, "TODO") {
			t.Errorf("example with a TODO: %+v", ex)
		}
		if strings.Contains(ex.Explanation, "shown in the help's examples") {
			real++
		}
	}
	if real < 3 {
		t.Fatalf("%d examples from seqkit's help, want >= 3:\n%s", real, out)
	}
	for _, want := range []string{
		"### adding space to all bases\n**Args:** `replace -p \"(.)\" -r '$1 ' -s`\n",
		"### if you have large number of IDs (seqs.fasta, IDs.txt)\n**Args:** `faidx seqs.fasta -l IDs.txt`\n**Explanation:** From seqkit's help, shown in the help's examples. -l: file containing a list of regions.\n",
		"### leading 100 records (head -n 100)\n**Args:** `range -r 1:100`\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("draft lacks %q", want)
		}
	}
	// The draft verifies against the same captured help.
	f.write(filepath.Join(f.userSkillsDir(), "seqkit.md"), out)
	vout, _, code := f.run("skill", "verify", "--captures", captures, "seqkit")
	if code != 0 || !strings.Contains(vout, " 0 failed") {
		t.Fatalf("verify: %d %s", code, vout)
	}
	t.Logf("%d examples, %d from the help's examples; %s", len(sk.Examples), real, strings.TrimSpace(vout))
}

// exaScript has two subcommands; its examples use an old subcommand name.
const exaScript = `#!/bin/sh
case "$1" in
sort) cat <<'H'
Usage: exa sort [options] <in.txt>

Options:
  -k INT   sort key
  -o FILE  output file
H
exit 0;;
esac
cat <<'H'
exa - record tools

Usage: exa <command> [options]

Commands:
  sort    sort records
  view    view records

Examples:
  # sort by the second column
  exa sort -k 2 -o sorted.txt in.txt
  # the old name
  exa srot in.txt
H
`

// TestSkillNewDropsFailingExamples drafts from a help whose example uses a
// subcommand the tool does not have: that example is dropped, and said so.
func TestSkillNewDropsFailingExamples(t *testing.T) {
	f := newFakeEnv(t)
	f.tool("exa", exaScript)
	out, errOut, code := f.run("skill", "new", "-o", "-", "exa")
	if code != 0 || !strings.Contains(out, "### sort by the second column (sorted.txt, in.txt)\n**Args:** `sort -k 2 -o sorted.txt in.txt`\n**Explanation:** From exa's help, shown in the help's examples. -k: sort key; -o: output file.\n") ||
		strings.Contains(out, "srot") {
		t.Fatalf("%d\n%s\n%s", code, out, errOut)
	}
	if _, errOut, _ := f.run("skill", "new", "exa"); !strings.Contains(errOut, `(1 examples from its examples, 1 from its usage lines; 1 dropped by verification: srot in.txt (unknown subcommand "srot" (did you mean "sort"?)))`) {
		t.Fatalf("stderr: %s", errOut)
	}
	if _, errOut, code := f.run("skill", "new", "--captures", t.TempDir(), "exa"); code != ExitError || !strings.Contains(errOut, "holds no */capture.txtar") {
		t.Fatalf("bad captures: %d %s", code, errOut)
	}
}

func TestSkillNewAllMissing(t *testing.T) {
	captures, err := filepath.Abs("../golden")
	if err != nil {
		t.Fatal(err)
	}
	f := newFakeEnv(t)
	f.tool("exa", exaScript)
	f.tool("gone", exaScript)
	// oxo-call has read exa, filt-less gone (removed since) and bwa (which has a skill).
	for _, tool := range []string{"exa", "gone"} {
		if _, errOut, code := f.run("docs", "update", tool); code != 0 {
			t.Fatalf("docs update %s: %s", tool, errOut)
		}
	}
	os.Remove(filepath.Join(f.bin, "gone"))
	out, errOut, code := f.run("skill", "new", "--all-missing")
	want := "drafted " + filepath.Join(f.userSkillsDir(), "exa.md") + " (1 examples from its examples, 1 from its usage lines; 1 dropped by verification: srot in.txt (unknown subcommand \"srot\" (did you mean \"sort\"?)))\n" +
		"1 skills drafted, 0 tools failed (of 2 tools read before; the others have a skill or are not installed)\n"
	if code != 0 || out != want {
		t.Fatalf("%d\n%s\n%s", code, out, errOut)
	}
	// Now exa has a skill: nothing more to draft, and nothing overwritten.
	f.write(filepath.Join(f.userSkillsDir(), "exa.md"), "my edits")
	out, errOut, _ = f.run("skill", "new", "--all-missing")
	if !strings.Contains(errOut, "exa.md exists; not overwriting it (use --force)") || f.read(filepath.Join(f.userSkillsDir(), "exa.md")) != "my edits" || !strings.HasPrefix(out, "0 skills drafted") {
		t.Fatalf("second run: %s %s", out, errOut)
	}
	// With captures, every captured tool without a skill is drafted.
	out, _, code = f.run("skill", "new", "--all-missing", "--force", "--captures", captures)
	if code != 0 || !strings.Contains(out, "drafted "+filepath.Join(f.userSkillsDir(), "exa.md")) || strings.Contains(out, "seqkit.md") {
		t.Fatalf("captures: %d\n%s", code, out)
	}
	if _, errOut, code := f.run("skill", "new", "--all-missing", "--captures", t.TempDir()); code != ExitError || !strings.Contains(errOut, "holds no") {
		t.Fatalf("bad captures: %d %s", code, errOut)
	}
}

func TestSkillListJSONCoverage(t *testing.T) {
	captures, err := filepath.Abs("../golden")
	if err != nil {
		t.Fatal(err)
	}
	f := skillEnv(t, filtSkill)
	f.tool("exa", exaScript)
	f.write(filepath.Join(f.userSkillsDir(), "exa.md"), "---\nname: exa\ndescription: d\n---\n## Examples\n### sort\n**Args:** `sort -k 2 in.txt`\n**Explanation:** x\n")
	rowsOf := func(args ...string) map[string]skillRow {
		t.Helper()
		out, errOut, code := f.run(args...)
		var rows []skillRow
		if err := json.Unmarshal([]byte(out), &rows); err != nil || code != 0 {
			t.Fatalf("%q: %d %v %s", args, code, err, errOut)
		}
		m := map[string]skillRow{}
		for _, r := range rows {
			m[r.Name] = r
		}
		return m
	}
	m := rowsOf("skill", "list", "--json")
	if r := m["filt"]; r.Examples != 2 || r.ExamplesVerified != 1 || r.ExamplesFailed != 1 || !r.Verified {
		t.Errorf("filt: %+v", r)
	}
	if r := m["exa"]; r.ExamplesVerified != 1 || strings.Join(r.SubcommandsWithoutExample, ",") != "view" {
		t.Errorf("exa: %+v", r)
	}
	if r := m["seqkit"]; r.ExamplesSkipped != r.Examples || r.Examples == 0 || r.SubcommandsWithoutExample == nil {
		t.Errorf("seqkit not installed: %+v", r)
	}
	m = rowsOf("skill", "list", "--json", "--captures", captures)
	if r := m["seqkit"]; r.ExamplesSkipped != 0 || r.ExamplesVerified == 0 || r.ExamplesFailed != 0 {
		t.Errorf("seqkit from its capture: %+v", r)
	}
	if _, errOut, code := f.run("skill", "list", "--json", "--captures", t.TempDir()); code != ExitError || !strings.Contains(errOut, "holds no") {
		t.Errorf("bad captures: %d %s", code, errOut)
	}
}

// summaryRE matches the last line of skill verify: the skills part (which
// may add a count of built-in verified: false skills) and the examples part.
func summaryRE(skillsPart, examplesPart string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^skills: ` + skillsPart + `(, [0-9]+ skipped-unverifiable \(verified: false\))?; ` + examplesPart + `\n\z`)
}
