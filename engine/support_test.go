package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestNotFoundSuggestsClosestNames(t *testing.T) {
	bin := t.TempDir()
	for _, n := range []string{"samtools", "samtool2", "samtoolz", "samtools.pl", "samtools-extra", "samtoolsx", "sam", "bwa"} {
		fakeBin(t, bin, n, "#!/bin/sh\n", 0o755)
	}
	rv := &Resolver{Rules: builtinRules, PathDirs: []string{"", bin}}
	rec, err := rv.Resolve(context.Background(), "samtool", nil)
	var nf *NotFoundError
	if !errors.As(err, &nf) || rec.Installed {
		t.Fatalf("err %v", err)
	}
	// Closest first (ties by name), at most five, unrelated names left out.
	want := []string{"samtool2", "samtools", "samtoolz", "samtoolsx", "sam"}
	if !slices.Equal(nf.Suggestions, want) {
		t.Errorf("suggestions %q, want %q", nf.Suggestions, want)
	}
	if err.Error() != `tool "samtool" not found on PATH; did you mean samtool2, samtools, samtoolz, samtoolsx, sam?` {
		t.Errorf("message %q", err.Error())
	}
	// Nothing close: no suggestion clause.
	_, err = rv.Resolve(context.Background(), "zzzzqqq", nil)
	if err == nil || err.Error() != `tool "zzzzqqq" not found on PATH` {
		t.Errorf("err %v", err)
	}
	// Completing a record that is not installed does nothing.
	rv.Runner = ExecRunner{}
	rv.Complete(context.Background(), rec, nil)
	if rec.Version != "" || len(rec.CompanionTools) != 0 {
		t.Errorf("completed a missing tool: %+v", rec)
	}
	// Without a runner no version is read.
	found, _ := (&Resolver{Rules: builtinRules, PathDirs: []string{bin}}).Resolve(context.Background(), "bwa", nil)
	(&Resolver{Rules: builtinRules, PathDirs: []string{bin}}).Complete(context.Background(), found, nil)
	if found.Version != "" {
		t.Errorf("version %q without a runner", found.Version)
	}
}

func TestCacheUnwritableIsNotFatal(t *testing.T) {
	env := newEngineEnv(t)
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, []byte("x"), 0o644)
	o := env.opts
	o.Cache = NewCache(filepath.Join(blocker, "cache"), 4) // a file where the directory should be
	res, err := New(o).Generate(context.Background(), Request{Tool: "bamkit", Task: "sort in.bam into out.bam", Cwd: env.cwd})
	if err != nil || res.Command.Display != "bamkit sort -o out.bam in.bam" {
		t.Fatalf("%v %q", err, res.Command.Display)
	}
	if eventWith(res.Trace, "could not cache the ToolDoc") == nil {
		t.Error("the trace does not say the cache write failed")
	}
}

func TestCacheNamesAreFileSafe(t *testing.T) {
	dir := t.TempDir()
	c := NewCache(dir, 2)
	if err := c.Put("odd/name\\x", "k1", &ToolDoc{Framework: "getopt"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "odd_name_x-k1"+cacheExt)); err != nil {
		t.Fatalf("cache file not flat in the dir: %v", err)
	}
	if d, note := NewCache(dir, 2).Get("odd/name\\x", "k1"); d == nil || note != "disk" {
		t.Errorf("get: %v %q", d, note)
	}
}

func TestWarmTraceNamesTheSameRules(t *testing.T) {
	// explain must name the same rules with a warm cache as with a cold one.
	bin := t.TempDir()
	fakeBin(t, bin, "tarkit", tarkitScript, 0o755)
	fakeBin(t, bin, "tarkit-extra", tarkitScript, 0o755)
	e := New(Options{Rules: builtinRules, PathDirs: []string{bin}, Runner: ExecRunner{}, Cache: NewCache(t.TempDir(), 4)})
	cwd := t.TempDir()
	os.WriteFile(filepath.Join(cwd, "old.tar"), []byte("x"), 0o644)
	req := Request{Tool: "tarkit", Task: "create archive -f old.tar from data", Cwd: cwd}
	cold, err := e.Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	warm, err := e.Generate(context.Background(), req)
	if err != nil || warm.CacheHit != "memory" {
		t.Fatal(err, warm.CacheHit)
	}
	if cold.Doc.FrameworkRule == "" {
		t.Fatalf("no framework rule for a getopt help")
	}
	if c, w := cold.Trace.RuleIDs(), warm.Trace.RuleIDs(); !slices.Equal(c, w) || !slices.Contains(w, cold.Doc.FrameworkRule) || !slices.Contains(w, "companion.dash_suffix") {
		t.Errorf("cold rules %v, warm rules %v", c, w)
	}
}

func TestConstraintFindingsNameTheirRule(t *testing.T) {
	e := New(Options{Rules: builtinRules})
	cwd := t.TempDir()
	os.WriteFile(filepath.Join(cwd, "in.bam"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(cwd, "out.bam"), []byte("x"), 0o644)
	res, err := e.GenerateFrom(context.Background(), Request{Tool: "samtools", Task: "sort in.bam into out.bam", Cwd: cwd}, samRec, samToolDoc(), nil)
	if err != nil {
		t.Fatal(err)
	}
	f := findingRule(res, "constraint.output_exists")
	if f == nil || !f.Dangerous {
		t.Fatalf("findings %+v", res.Findings)
	}
	ev := eventWith(res.Trace, "warning: an output file already exists")
	if ev == nil || ev.Rule != "constraint.output_exists" || ev.Where == "" || ev.Stage != StageValidate {
		t.Errorf("event %+v", ev)
	}
	// A built-in check has no rule file: its id is written in the line.
	os.Remove(filepath.Join(cwd, "in.bam"))
	res, _ = e.GenerateFrom(context.Background(), Request{Tool: "samtools", Task: "sort in.bam into new.bam", Cwd: cwd}, samRec, samToolDoc(), nil)
	if ev := eventWith(res.Trace, "[check.input_missing]"); ev == nil || ev.Rule != "" {
		t.Errorf("built-in check event %+v", ev)
	}
}

func TestFuseSkillKeepsHelpExamples(t *testing.T) {
	doc := samToolDoc()
	doc.Examples = []Example{{Task: "from the help", Args: "sort x.bam", Source: "help"}, {Task: "stale", Args: "x", Source: "skill"}}
	doc.Subcommands[4].Subcommands = []SubcommandDoc{{Name: "deep"}}
	sk := inlineSkill(t, "name: samtools\nkeywords:\n  sort: [sort]\n  merge deep: [deep merge]", "sort a.bam into b.bam", "sort -o b.bam a.bam")
	fused := FuseSkill(doc, sk)
	var tasks []string
	for _, e := range fused.Examples {
		tasks = append(tasks, e.Source+":"+e.Task)
	}
	if !slices.Equal(tasks, []string{"skill:sort a.bam into b.bam", "help:from the help"}) {
		t.Errorf("examples %q", tasks)
	}
	if fused.Skill != "inline.md" || !slices.Equal(fused.Concepts, sk.Concepts) || !slices.Equal(fused.Pitfalls, sk.Pitfalls) {
		t.Errorf("fused %+v", fused)
	}
	if got := fused.Subcommands[4].Subcommands[0].TaskKeywords; !slices.Equal(got, []string{"deep merge"}) {
		t.Errorf("nested keywords %q", got)
	}
	// The original doc is untouched.
	if doc.Skill != "" || len(doc.Examples) != 2 || doc.Subcommands[0].TaskKeywords != nil {
		t.Errorf("FuseSkill changed its input")
	}
}

func TestFileTypeAndWords(t *testing.T) {
	cases := map[string]string{
		"aln.bam": "bam", "reads.fq.gz": "fastq", "ref.fa.bz2": "fasta", "data/": "", "data/raw": "file", "dir/x.weird": "file",
		"x.weird": "file", "e.g.": "", "v1.2": "", "a.b": "", ".bashrc": "", "a.gz": "gz", "trailing.": "", "calls.vcf.gz": "vcf",
	}
	for in, want := range cases {
		if got := FileType(in); got != want {
			t.Errorf("FileType(%q) = %q, want %q", in, got, want)
		}
	}
	if !isCJK("比对") || isCJK("align") {
		t.Error("isCJK")
	}
	if jaccard(map[string]bool{}, map[string]bool{}) != 0 || jaccard(map[string]bool{"a": true}, map[string]bool{"a": true, "b": true}) != 0.5 {
		t.Error("jaccard")
	}
}
