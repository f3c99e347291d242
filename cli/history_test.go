package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHistoryFromManyProcesses runs 8 real processes appending 50 long
// entries each at once; every line must arrive whole.
func TestHistoryFromManyProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "history.jsonl")
	var procs []*exec.Cmd
	for w := 0; w < 8; w++ {
		c := exec.Command(os.Args[0], "-test.run=^$")
		c.Env = append(os.Environ(), "OXO_HISTORY_HELPER="+path, fmt.Sprintf("OXO_HISTORY_WORKER=w%d", w))
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		procs = append(procs, c)
	}
	for _, c := range procs {
		if err := c.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	entries, bad, err := History{Path: path}.Read()
	if err != nil || bad != 0 || len(entries) != 400 {
		t.Fatalf("entries=%d bad=%d err=%v, want 400 whole lines", len(entries), bad, err)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		seen[e.ID] = true
	}
	if len(seen) != 400 {
		t.Fatalf("%d distinct ids, want 400", len(seen))
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("history mode %v, want 0600", st.Mode().Perm())
	}
}

func TestHistoryCommands(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home}
	bin := t.TempDir()
	os.WriteFile(filepath.Join(bin, "mytool"), []byte("#!/bin/sh\necho 'Usage: mytool [options] <in.txt>'\necho '  -o FILE   output file'\necho '  -t INT    number of threads'\n"), 0o755)
	env["PATH"] = bin + ":" + os.Getenv("PATH")
	runCLIHome(t, home, env, "dry-run", "mytool", "process in.txt with 4 threads into out.txt")
	out, _, code := runCLIHome(t, home, env, "history", "list", "--json")
	if code != 0 || !strings.Contains(out, `"tool": "mytool"`) || !strings.Contains(out, `"dry_run": true`) {
		t.Fatalf("code=%d out=%s", code, out)
	}
	out, _, _ = runCLIHome(t, home, env, "history", "list")
	if !strings.Contains(out, "mytool") {
		t.Fatal(out)
	}
	id := strings.Fields(strings.Split(out, "\n")[1])[0]
	out, _, code = runCLIHome(t, home, env, "history", "show", id)
	if code != 0 || !strings.Contains(out, id) {
		t.Fatalf("show: %d %s", code, out)
	}
	_, errOut, code := runCLIHome(t, home, env, "history", "show", "nope")
	if code != ExitError || !strings.Contains(errOut, `no history entry "nope"`) {
		t.Fatal(errOut)
	}
	_, errOut, code = runCLIHome(t, home, env, "history", "clear")
	if code != ExitRefused || !strings.Contains(errOut, "pass --yes") {
		t.Fatalf("clear without a terminal: %d %s", code, errOut)
	}
	runCLIHome(t, home, env, "history", "clear", "--yes")
	out, _, _ = runCLIHome(t, home, env, "history", "list", "--json")
	if strings.TrimSpace(out) != "[]" {
		t.Fatalf("after clear: %s", out)
	}
}
