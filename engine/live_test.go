package engine

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// requireTool skips when a real tool is absent, unless OXO_LIVE=1 (set by
// .ci/run, which installs them) demands it.
func requireTool(t *testing.T, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			if os.Getenv("OXO_LIVE") == "1" {
				t.Fatalf("%s is not installed but OXO_LIVE=1", n)
			}
			t.Skipf("%s not installed", n)
		}
	}
}

func TestLiveCompanions(t *testing.T) {
	requireTool(t, "hisat2", "bowtie2", "kraken2", "bwa")
	rv := &Resolver{Rules: builtinRules, PathDirs: strings.Split(os.Getenv("PATH"), ":"), Runner: ExecRunner{}}
	want := map[string][]string{
		"hisat2":  {"hisat2-build", "hisat2-inspect"},
		"bowtie2": {"bowtie2-build", "bowtie2-inspect"},
		"kraken2": {"kraken2-build", "kraken2-inspect"},
	}
	for tool, must := range want {
		rec, err := rv.Resolve(context.Background(), tool, nil)
		if err != nil {
			t.Fatal(err)
		}
		rv.Complete(context.Background(), rec, nil)
		got := companionNames(rec)
		for _, m := range must {
			if !slices.Contains(got, m) {
				t.Errorf("%s companions %v lack %s", tool, got, m)
			}
		}
		for _, g := range got {
			if strings.HasSuffix(g, "-s") || strings.HasSuffix(g, "-l") {
				t.Errorf("%s: internal binary %s listed as companion", tool, g)
			}
		}
		if rec.Version == "" {
			t.Errorf("%s: no version detected", tool)
		}
	}
	rec, _ := rv.Resolve(context.Background(), "bwa", nil)
	rv.Complete(context.Background(), rec, nil)
	if len(rec.CompanionTools) != 0 {
		t.Errorf("bwa companions = %v, want none", companionNames(rec))
	}
}

// TestLiveSSHStartsNoAgent: exploring ssh (a dry-run of "log in to …")
// probes ssh-agent, its companion, once with --help: no agent is started.
func TestLiveSSHStartsNoAgent(t *testing.T) {
	if _, err := exec.LookPath("ssh-agent"); err != nil {
		t.Skip("ssh-agent not installed")
	}
	before := len(leftover("ssh-agent"))
	x := &Explorer{Rules: builtinRules, Runner: ExecRunner{}}
	rv := &Resolver{Rules: builtinRules, PathDirs: strings.Split(os.Getenv("PATH"), ":"), Runner: ExecRunner{}}
	rec, err := rv.Resolve(context.Background(), "ssh", nil)
	if err != nil {
		t.Fatal(err)
	}
	rv.Complete(context.Background(), rec, nil)
	x.Explore(context.Background(), rec, nil)
	if after := len(leftover("ssh-agent")); after > before {
		t.Errorf("%d ssh-agent processes started by probing ssh", after-before)
	}
}
