package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/traitome/oxo-call/engine"
)

// needTools skips the test when a tool is missing, or fails it under
// OXO_LIVE=1.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("OXO_LIVE") == "1" {
				t.Fatalf("OXO_LIVE=1 but %s is not installed", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
}

// liveRun runs a program in dir and fails the test when it fails.
func liveRun(t *testing.T, dir string, argv ...string) {
	t.Helper()
	c := exec.Command(argv[0], argv[1:]...)
	c.Dir = dir
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
}

// liveCLI runs oxo-call in-process in dir with its own config, cache and
// data directories and the real PATH.
func liveCLI(t *testing.T, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	t.Chdir(dir)
	home := t.TempDir()
	vars := map[string]string{"HOME": home, "PATH": os.Getenv("PATH"),
		"XDG_CONFIG_HOME": filepath.Join(home, "config"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"XDG_DATA_HOME": filepath.Join(home, "data")}
	var out, errb bytes.Buffer
	d := &Deps{
		IO:     IOStreams{In: strings.NewReader(""), Out: &out, Err: &errb},
		Getenv: func(k string) string { return vars[k] },
		Runner: engine.ExecRunner{},
		Now:    time.Now,
	}
	code = Main(context.Background(), append([]string{"oxo-call"}, args...), d)
	return out.String(), errb.String(), code
}

const (
	liveSeed   = 20261201
	liveRefLen = 20000
	livePairs  = 2000
	liveSNPs   = 10
)

// The same experiment as one plan: oxo-call plan --format sh writes the
// script, bash runs it from the reads, and it calls the same SNPs.
func TestLivePlanScriptCallsTheKnownSNPs(t *testing.T) {
	needTools(t, "bwa", "samtools", "bcftools", "bash")
	start := time.Now()
	dir := t.TempDir()
	sim := simulate(t, dir, liveSeed, liveRefLen, livePairs, 100, liveSNPs)
	script, errOut, code := liveCLI(t, dir, "plan", "--format", "sh",
		"index ref.fa with bwa, align reads_1.fq reads_2.fq to ref.fa with bwa, sort, index, call variants with bcftools")
	if code != 0 {
		t.Fatalf("plan: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(script, "set -euo pipefail\n") || !strings.Contains(script, "\n# 5. ") || strings.Contains(script, "\n# 6. ") {
		t.Fatalf("script:\n%s", script)
	}
	writeFile(t, filepath.Join(dir, "plan.sh"), script)
	liveRun(t, dir, "bash", "plan.sh")
	n := sim.found(vcfSNPs(t, filepath.Join(dir, "reads.sorted.vcf")))
	t.Logf("plan --format sh: %d of %d known SNPs called (%.1f s)\n%s", n, liveSNPs, time.Since(start).Seconds(), script)
	if n != liveSNPs {
		t.Fatalf("the plan's script found %d of the %d known SNPs\n%s", n, liveSNPs, script)
	}
}
