//go:build unix

package skills

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO or a symlink to /dev/zero among the user's skills is skipped with
// an error naming the file; loading ends at once and other skills load.
func TestSpecialSkillFilesAreSkipped(t *testing.T) {
	dir := t.TempDir()
	good := strings.Replace(goodHeader, "name: tool", "name: goodtool", 1) + goodBody
	if err := os.WriteFile(filepath.Join(dir, "goodtool.md"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.md")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	type result struct {
		st   *Store
		errs []error
	}
	done := make(chan result, 1)
	go func() {
		st, errs := Load([]Dir{{Path: dir, Source: "user"}}, nil)
		done <- result{st, errs}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("loading skills with a FIFO and a /dev/zero link did not end within 5s")
	}
	msgs := ""
	for _, e := range r.errs {
		msgs += e.Error() + "\n"
	}
	if len(r.errs) != 2 || !strings.Contains(msgs, fifo+": not a regular file (a FIFO); skipped") ||
		!strings.Contains(msgs, zero+": not a regular file (a character device); skipped") {
		t.Fatalf("errors:\n%s", msgs)
	}
	if _, ok := r.st.Get("goodtool"); !ok {
		t.Fatal("the regular skill next to them was not loaded")
	}
}
