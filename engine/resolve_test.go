package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/rules"
)

var builtinRules = func() *rules.Set {
	s, errs := rules.Load(rules.Options{})
	if len(errs) > 0 {
		panic(errs[0])
	}
	return s
}()

// fakeBin writes an executable shell script into dir.
func fakeBin(t *testing.T, dir, name, body string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func companionNames(r *ToolRecord) []string {
	var out []string
	for _, c := range r.CompanionTools {
		out = append(out, c.Name)
	}
	return out
}

func TestResolveCompanionsOnFakePath(t *testing.T) {
	bin, other := t.TempDir(), t.TempDir()
	for _, n := range []string{"hisat2", "hisat2-build", "hisat2-build-s", "hisat2-build-l", "hisat2-inspect", "hisat2-align-s", "hisat2_extract_exons.py", "bwa", "mmseqs", "mmseqs-avx2", "kraken2", "kraken2-build"} {
		fakeBin(t, bin, n, "#!/bin/sh\necho "+n+" 2.2.1\n", 0o755)
	}
	fakeBin(t, other, "kraken2-inspect", "#!/bin/sh\n", 0o755)
	fakeBin(t, other, "bwa-mem2", "#!/bin/sh\n", 0o755)
	fakeBin(t, bin, "hisat2-notes", "not executable", 0o644)
	rv := &Resolver{Rules: builtinRules, PathDirs: []string{bin, other}, Runner: ExecRunner{}}
	cases := map[string][]string{
		"hisat2":  {"hisat2-build", "hisat2-inspect", "hisat2_extract_exons.py"},
		"kraken2": {"kraken2-build", "kraken2-inspect"},
		"bwa":     nil,
		"mmseqs":  nil,
	}
	for tool, want := range cases {
		tr := &Trace{}
		rec, err := rv.Resolve(context.Background(), tool, tr)
		if err != nil {
			t.Fatal(err)
		}
		rv.Complete(context.Background(), rec, tr)
		if got := companionNames(rec); !slices.Equal(got, want) {
			t.Errorf("%s companions = %v, want %v", tool, got, want)
		}
		if rec.Version != "2.2.1" || !rec.Installed || rec.ResolvedPath != filepath.Join(bin, tool) {
			t.Errorf("%s record = %+v", tool, rec)
		}
	}
	rec, _ := rv.Resolve(context.Background(), "hisat2", nil)
	rv.Complete(context.Background(), rec, nil)
	if c, ok := rec.Companion("hisat2-build"); !ok || c.Rule != "companion.dash_suffix" {
		t.Errorf("hisat2-build rule = %+v", c)
	}
}

func TestResolveAliasAndNotFound(t *testing.T) {
	bin := t.TempDir()
	fakeBin(t, bin, "featureCounts", "#!/bin/sh\n", 0o755)
	fakeBin(t, bin, "samtools", "#!/bin/sh\n", 0o755)
	rv := &Resolver{Rules: builtinRules, PathDirs: []string{bin}}
	tr := &Trace{}
	rec, err := rv.Resolve(context.Background(), "featurecounts", tr)
	if err != nil || rec.Executable != "featureCounts" || !slices.Contains(tr.RuleIDs(), "alias.featurecounts") {
		t.Fatalf("rec=%+v err=%v rules=%v", rec, err, tr.RuleIDs())
	}
	rec, err = rv.Resolve(context.Background(), "samtool", nil)
	var nf *NotFoundError
	if !errors.As(err, &nf) || rec.Installed || !strings.Contains(err.Error(), `did you mean samtools?`) {
		t.Fatalf("err = %v", err)
	}
	rec, err = rv.Resolve(context.Background(), "STAR", nil)
	if err == nil || rec.Executable != "STAR" {
		t.Fatalf("STAR not installed: rec=%+v err=%v", rec, err)
	}
	rec, _ = rv.Resolve(context.Background(), "star", nil)
	if rec.Executable != "STAR" {
		t.Fatalf("alias should name STAR even when missing, got %q", rec.Executable)
	}
}

func TestResolvePathDependentScripts(t *testing.T) {
	dir := t.TempDir()
	scripts := filepath.Join(dir, "my scripts")
	os.MkdirAll(scripts, 0o755)
	fakeBin(t, scripts, "qc.py", "print('x')\n", 0o644)
	fakeBin(t, scripts, "plot", "#!/usr/bin/Rscript\n", 0o644)
	fakeBin(t, scripts, "run", "#!/bin/sh\necho hi\n", 0o755)
	fakeBin(t, scripts, "blob", "no shebang", 0o644)
	fakeBin(t, scripts, "tool", "\x7fELF", 0o755)
	rv := &Resolver{Rules: builtinRules, PathDirs: []string{"/usr/bin", "/bin"}}
	cases := []struct {
		path, interp string
		through      bool
		errText      string
	}{
		{scripts + "/qc.py", "python3", true, ""},
		{scripts + "/plot", "Rscript", true, ""},
		{scripts + "/run", "bash", false, ""},
		{scripts + "/tool", "", false, ""},
		{scripts + "/blob", "", false, "is not executable and has no shebang"},
		{scripts + "/missing.py", "", false, "no such file"},
		{scripts, "", false, "is a directory"},
	}
	for _, c := range cases {
		rec, err := rv.Resolve(context.Background(), c.path, &Trace{})
		if c.errText != "" {
			if err == nil || !strings.Contains(err.Error(), c.errText) {
				t.Errorf("%s: err = %v, want %q", c.path, err, c.errText)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if rec.Interpreter != c.interp || rec.RunThroughInterpreter != c.through || !rec.IsPathDependent {
			t.Errorf("%s: %+v", c.path, rec)
		}
		if c.through && (rec.Argv0()[0] != c.interp || rec.Argv0()[1] != rec.ResolvedPath || rec.DisplayArgv0()[1] != c.path) {
			t.Errorf("%s argv0 = %v display %v", c.path, rec.Argv0(), rec.DisplayArgv0())
		}
	}
}

func TestValidateToolName(t *testing.T) {
	for _, bad := range []string{"", "  ", "../x", "a/../b", "sam\x00tools", "x\ny"} {
		if ValidateToolName(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for _, ok := range []string{"samtools", "./scripts/qc.py", "/opt/x/bin/tool", "tools/run.sh", "bbduk.sh", "my tool"} {
		if err := ValidateToolName(ok); err != nil {
			t.Errorf("%q rejected: %v", ok, err)
		}
	}
}

func TestFindVersion(t *testing.T) {
	cases := map[string]string{
		"samtools 1.16.1\nUsing htslib 1.16\n":       "1.16.1",
		"[main] unrecognized command '--version'\n":  "",
		"Program: bwa\nVersion: 0.7.17-r1188\n":      "0.7.17-r1188",
		"kallisto, version 0.48.0\n":                 "0.48.0",
		"error: unknown option 1.2\nHISAT2 v2.2.1\n": "2.2.1",
		"no version here\n":                          "",
	}
	for in, want := range cases {
		if got := FindVersion(in); got != want {
			t.Errorf("FindVersion(%q) = %q, want %q", in, got, want)
		}
	}
}
