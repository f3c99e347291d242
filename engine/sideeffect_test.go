package engine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// sideEffectMarker is in the command line of every process the fake tools
// below start as a daemon (setsid: outside the probe's process group).
const sideEffectMarker = "617.25"

// dangersubScript lists two subcommands; `wipe` rejects --help and does
// its real work when run bare, and so does the tool run with no argument.
// Every call is logged.
const dangersubScript = `#!/bin/sh
echo "[$*]" >> "$CANARY/calls.log"
case "$*" in
--help|-h) cat <<'EOF'
Usage: dangersub <command> [options]

Commands:
  stats    print statistics of a file
  wipe     delete every file in the current directory
EOF
  exit 0;;
"stats --help") printf 'Usage: dangersub stats [options] <in.txt>\n\nOptions:\n  -o FILE   output file\n  -t INT    number of threads\n'; exit 0;;
"") touch "$CANARY/bare"; setsid sleep 617.25 >/dev/null 2>&1 & echo started; exit 0;;
wipe) touch "$CANARY/wipe"; setsid sleep 617.25 >/dev/null 2>&1 & echo wiped; exit 0;;
*) echo "dangersub: unknown option $1" >&2; exit 1;;
esac
`

// agentScript is a companion like ssh-agent: anything but --help starts a
// daemon that outlives the call.
const agentScript = `#!/bin/sh
echo "[$*]" >> "$CANARY/agent.log"
if [ "$1" = "--help" ]; then echo "dangersub-agent: illegal option -- -"; echo "usage: dangersub-agent [-c | -s] [-D] [-a bind_address] [command [arg ...]]"; exit 1; fi
touch "$CANARY/agent"
setsid sleep 617.25 >/dev/null 2>&1 &
echo "SSH_AUTH_SOCK=/tmp/x; export SSH_AUTH_SOCK;"
`

// killLeft ends the daemons a failing run left behind, by their ids.
func killLeft(t *testing.T, marker string) {
	t.Helper()
	for _, p := range leftover(marker) {
		if pid, err := strconv.Atoi(strings.Split(p, "/")[2]); err == nil {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// TestDryRunDoesNoRealWork: exploring a tool for a dry-run runs only
// help-style invocations. A subcommand whose --help fails is not run bare,
// the tool is not run with no argument (no `probes` rule says it prints
// usage), and a companion is probed once, with --help.
func TestDryRunDoesNoRealWork(t *testing.T) {
	bin, canary, cwd := t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv("CANARY", canary)
	fakeBin(t, bin, "dangersub", dangersubScript, 0o755)
	fakeBin(t, bin, "dangersub-agent", agentScript, 0o755)
	t.Cleanup(func() { killLeft(t, sideEffectMarker) })
	e := New(Options{Rules: builtinRules, PathDirs: []string{bin}, Runner: ExecRunner{}, Cache: NewCache(t.TempDir(), 4)})
	res, err := e.Generate(context.Background(), Request{Tool: "dangersub", Task: "print statistics of in.txt", Cwd: cwd})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"bare", "wipe", "agent"} {
		if _, err := os.Stat(filepath.Join(canary, f)); err == nil {
			t.Errorf("probing did real work: canary %q written", f)
		}
	}
	if left := leftover(sideEffectMarker); len(left) > 0 {
		t.Errorf("%d daemons left running after the dry-run", len(left))
	}
	calls, _ := os.ReadFile(filepath.Join(canary, "calls.log"))
	for _, c := range strings.Split(strings.TrimSpace(string(calls)), "\n") {
		if c == "[]" || c == "[wipe]" || c == "[stats]" {
			t.Errorf("bare invocation %s; all calls:\n%s", c, calls)
		}
	}
	agent, _ := os.ReadFile(filepath.Join(canary, "agent.log"))
	if got := strings.TrimSpace(string(agent)); got != "[--help]" {
		t.Errorf("companion calls %q, want one: [--help]", got)
	}
	// The exploration still read the help of the subcommand that has one.
	if !slices.ContainsFunc(res.Doc.Subcommands, func(s SubcommandDoc) bool { return s.Name == "stats" && len(s.Flags) == 2 }) {
		t.Errorf("stats not read: %+v", res.Doc.Subcommands)
	}
}

// TestBareProbeOnlyWhereRuleSays: a tool a `probes` rule names (bwa) gets
// its usage from the bare call, and so do its subcommands.
func TestBareProbeOnlyWhereRuleSays(t *testing.T) {
	listing := "Usage:   bwa <command> [options]\n\nCommand: index         index sequences in the FASTA format\n         mem           BWA-MEM algorithm\n"
	r := &mapRunner{out: map[string]string{
		"":    listing,
		"mem": "Usage: bwa mem [options] <idxbase> <in1.fq>\n\nAlgorithm options:\n       -t INT        number of threads [1]\n       -k INT        minimum seed length [19]\n",
	}}
	x := &Explorer{Rules: builtinRules, Runner: r}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "bwa", Executable: "bwa", ResolvedPath: "/x/bwa", Installed: true}, nil)
	// The tool's own last probe (the manual index may be asked after it).
	own := slices.DeleteFunc(slices.Clone(doc.Probes), func(p Probe) bool { return p.Program != "" })
	if last := own[len(own)-1]; doc.RawHelp == "" || len(last.Args) != 0 || !last.Valid {
		t.Fatalf("root help not from the bare call: %+v", doc.Probes)
	}
	if sd := FindSubcommand(doc.Subcommands, "mem"); sd == nil || len(sd.Flags) != 2 {
		t.Fatalf("bwa mem not read from its bare call: %+v", doc.Subcommands)
	}
	// The same tool under a name no rule knows: nothing is run bare, so
	// no help is found.
	r = &mapRunner{out: r.out}
	x.Runner = r
	doc = x.Explore(context.Background(), &ToolRecord{Name: "kit", Executable: "kit", ResolvedPath: "/x/kit", Installed: true}, nil)
	for _, c := range r.ran {
		if c == "/x/kit" {
			t.Errorf("bare probe %q for a tool no rule names", c)
		}
	}
	if doc.RawHelp != "" {
		t.Errorf("help %q without a bare call", doc.RawHelp)
	}
}

// TestVersionOnlyWhereTheHelpListsIt: `version` and `-version` are run only
// when the help lists them; --version runs in Stage 1.
func TestVersionOnlyWhereTheHelpListsIt(t *testing.T) {
	r := &mapRunner{out: map[string]string{
		"--help":  "Usage: vkit <command> [options]\n\nCommands:\n  sort      sort records\n  version   print the version\n",
		"version": "vkit v2.4.1\n",
	}}
	x := &Explorer{Rules: builtinRules, Runner: r}
	doc := x.Explore(context.Background(), &ToolRecord{Name: "vkit", Executable: "vkit", ResolvedPath: "/x/vkit", Installed: true}, nil)
	if doc.Record.Version != "2.4.1" {
		t.Errorf("version %q from the listed version subcommand", doc.Record.Version)
	}
	r = &mapRunner{out: map[string]string{
		"-help":    "USAGE\n  bkit [-h] [-help] [-version] [-query File_In]\n\nOPTIONAL ARGUMENTS\n -help\n   Print USAGE, DESCRIPTION and ARGUMENTS\n -version\n   Print version number;  ignore other arguments\n",
		"-version": "bkit: 2.12.0+\n",
	}}
	x.Runner = r
	doc = x.Explore(context.Background(), &ToolRecord{Name: "bkit", Executable: "bkit", ResolvedPath: "/x/bkit", Installed: true}, nil)
	if doc.Record.Version != "2.12.0+" && doc.Record.Version != "2.12.0" {
		t.Errorf("version %q from the listed -version flag", doc.Record.Version)
	}
	// Listed nowhere: neither is run.
	r = &mapRunner{out: map[string]string{"--help": "Usage: nkit [options] <in>\n\nOptions:\n  -o FILE   output file\n  -t INT    threads\n"}}
	x.Runner = r
	doc = x.Explore(context.Background(), &ToolRecord{Name: "nkit", Executable: "nkit", ResolvedPath: "/x/nkit", Installed: true}, nil)
	if slices.Contains(r.ran, "/x/nkit version") || slices.Contains(r.ran, "/x/nkit -version") || doc.Record.Version != "" {
		t.Errorf("ran %q, version %q", r.ran, doc.Record.Version)
	}
}
