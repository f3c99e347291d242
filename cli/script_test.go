package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite testscript expectations (cmp targets) from actual output")

func TestMain(m *testing.M) {
	// A child process of TestHistoryFromManyProcesses.
	if p := os.Getenv("OXO_HISTORY_HELPER"); p != "" {
		h := History{Path: p}
		for i := 0; i < 50; i++ {
			if err := h.Append(HistoryEntry{ID: fmt.Sprintf("%s-%d", os.Getenv("OXO_HISTORY_WORKER"), i), Tool: "x", Task: strings.Repeat("t", 3000)}); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		os.Exit(0)
	}
	// The program itself, signals and all: a child process of the
	// interrupt tests.
	if os.Getenv("OXO_CLI_RUN") == "1" {
		os.Exit(Run(os.Args, SystemDeps()))
	}
	testscript.Main(m, map[string]func(){
		"oxo-call": func() { os.Exit(Main(context.Background(), os.Args, SystemDeps())) },
	})
}

// TestScripts runs the end-to-end CLI scripts in testdata/script/*.txtar.
// Each script gets its own HOME and XDG dirs inside its work directory.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("HOME", env.WorkDir+"/home")
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/home/.config")
			env.Setenv("XDG_CACHE_HOME", env.WorkDir+"/home/.cache")
			env.Setenv("XDG_DATA_HOME", env.WorkDir+"/home/.local/share")
			env.Setenv("PATH", os.Getenv("PATH"))
			env.Setenv("OXO_LIVE", os.Getenv("OXO_LIVE"))
			return nil
		},
		Condition: func(cond string) (bool, error) {
			// [tool:NAME] is true when NAME is installed (or OXO_LIVE=1 says it must be).
			if name, ok := strings.CutPrefix(cond, "tool:"); ok {
				for _, dir := range strings.Split(os.Getenv("PATH"), ":") {
					if st, err := os.Stat(dir + "/" + name); err == nil && st.Mode()&0o111 != 0 {
						return true, nil
					}
				}
				return os.Getenv("OXO_LIVE") == "1", nil
			}
			return false, nil
		},
	})
}
