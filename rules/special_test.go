//go:build unix

package rules

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO or a symlink to /dev/zero among the user's rules is skipped with
// an error naming the file; the load ends at once and other rules load.
func TestUserRuleSpecialFilesAreSkipped(t *testing.T) {
	dir := writeUser(t, map[string]string{"frameworks/good.yaml": "- id: framework.good\n  when: 'true'\n  then: {parser: generic}\n"})
	fifo := filepath.Join(dir, "frameworks", "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "frameworks", "zero.yaml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	type result struct {
		s    *Set
		errs []error
	}
	done := make(chan result, 1)
	go func() {
		s, errs := Load(Options{UserDir: dir, NoBuiltin: true})
		done <- result{s, errs}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("loading rules with a FIFO and a /dev/zero link did not end within 5s")
	}
	msgs := ""
	for _, e := range r.errs {
		msgs += e.Error() + "\n"
	}
	if len(r.errs) != 2 || !strings.Contains(msgs, fifo+": not a regular file (a FIFO); skipped") ||
		!strings.Contains(msgs, zero+": not a regular file (a character device); skipped") {
		t.Fatalf("errors:\n%s", msgs)
	}
	if _, ok := r.s.Get("framework.good"); !ok {
		t.Fatal("the regular rule file next to them was not loaded")
	}
}
