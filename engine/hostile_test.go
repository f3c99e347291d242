package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hostileTools are fake executables that misbehave the ways real tools do.
// Each name maps to a shell script body.
var hostileTools = map[string]string{
	"hangs":      "#!/bin/sh\nsleep 600\n",
	"forks":      "#!/bin/sh\n(sleep 613.5; echo late) &\n(sleep 613.5) &\necho 'usage: forks [options]'\n",
	"floods":     "#!/bin/sh\nyes 'usage: floods -x -y -z and a lot of text to fill the pipe quickly'\n",
	"binary":     "#!/bin/sh\nhead -c 4096 /dev/urandom\n",
	"segfaults":  "#!/bin/sh\nkill -SEGV $$\n",
	"readsstdin": "#!/bin/sh\ncat\nsleep 600\n",
	"ttyprompt":  "#!/bin/sh\nprintf 'password: ' > /dev/tty && read x < /dev/tty\necho \"no tty: $?\"\nsleep 600\n",
	"writes":     "#!/bin/sh\necho data > written-by-probe.txt\necho 'usage: writes [-o FILE]'\necho '  -o FILE   output file'\n",
}

// leftover reports processes whose command line holds marker.
func leftover(marker string) []string {
	var out []string
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err == nil && strings.Contains(strings.ReplaceAll(string(b), "\x00", " "), marker) {
			out = append(out, p)
		}
	}
	return out
}

func TestHostileToolsEndWithinBudget(t *testing.T) {
	bin := t.TempDir()
	for name, body := range hostileTools {
		fakeBin(t, bin, name, body, 0o755)
	}
	// Probes must never write where the user works.
	work := t.TempDir()
	t.Chdir(work)
	budget := 3 * time.Second
	x := &Explorer{Rules: builtinRules, Runner: ExecRunner{}, Opts: ExploreOptions{ProbeTimeout: 300 * time.Millisecond, Budget: budget, MaxOutput: 64 << 10}}
	rows := []string{"| tool | time to end | processes left | files left | doc_quality | message |", "|---|---|---|---|---|---|"}
	for _, name := range []string{"hangs", "forks", "floods", "binary", "segfaults", "readsstdin", "ttyprompt", "writes"} {
		rec := &ToolRecord{Name: name, Executable: name, ResolvedPath: filepath.Join(bin, name), Installed: true}
		start := time.Now()
		doc := x.Explore(context.Background(), rec, nil)
		took := time.Since(start)
		left := leftover("613.5")
		files, _ := os.ReadDir(work)
		// The bound catches probing past the budget (a hung tool once
		// cost probes × timeout, 69 s); the slack covers reading 64 KB
		// of flooded help under -race on a loaded machine.
		if took > budget+4*time.Second {
			t.Errorf("%s: exploration took %v, budget %v", name, took, budget)
		}
		if len(left) > 0 {
			t.Errorf("%s: %d processes left behind", name, len(left))
		}
		if len(files) > 0 {
			t.Errorf("%s: wrote %d files into the working directory", name, len(files))
		}
		if len(doc.RawHelp) > 64<<10 {
			t.Errorf("%s: kept %d bytes of help, more than the cap", name, len(doc.RawHelp))
		}
		msg := strings.Join(doc.Messages, "; ")
		if name != "forks" && name != "writes" && name != "floods" {
			if doc.DocQuality > 0.2 || msg == "" {
				t.Errorf("%s: doc_quality %.2f, messages %q: want low quality and a message", name, doc.DocQuality, msg)
			}
		}
		rows = append(rows, fmt.Sprintf("| %s | %.2fs | %d | %d | %.2f | %s |", name, took.Seconds(), len(left), len(files), doc.DocQuality, msg))
	}
	t.Log("\n" + strings.Join(rows, "\n"))
}

// TestSlowSubcommandsStopAtBudget: a tool whose subcommand help takes long,
// with many subcommands, ends at the budget with a partial ToolDoc.
func TestSlowSubcommandsStopAtBudget(t *testing.T) {
	bin := t.TempDir()
	var subs strings.Builder
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&subs, "  sub%02d   does thing %d\n", i, i)
	}
	fakeBin(t, bin, "slowsubs", `#!/bin/sh
if [ "$#" -ge 1 ] && [ "$1" != "--help" ]; then sleep 0.8; echo "usage: slowsubs $1 [-t INT]"; echo "  -t INT   threads"; exit 0; fi
echo "Usage: slowsubs <command> [options]"
echo
echo "Commands:"
cat <<'EOF2'
`+subs.String()+`EOF2
`, 0o755)
	budget := 2 * time.Second
	x := &Explorer{Rules: builtinRules, Runner: ExecRunner{}, Opts: ExploreOptions{ProbeTimeout: 2 * time.Second, Budget: budget}}
	start := time.Now()
	doc := x.Explore(context.Background(), &ToolRecord{Name: "slowsubs", Executable: "slowsubs", ResolvedPath: filepath.Join(bin, "slowsubs"), Installed: true}, nil)
	took := time.Since(start)
	if took > budget+1500*time.Millisecond {
		t.Fatalf("took %v with a budget of %v", took, budget)
	}
	if len(doc.Subcommands) != 50 || !strings.Contains(strings.Join(doc.Messages, ";"), "budget") {
		t.Fatalf("subcommands %d, messages %v: want all 50 listed and a budget message", len(doc.Subcommands), doc.Messages)
	}
}
