//go:build unix

package safefile

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// specials makes a FIFO, a symlink to /dev/zero and a directory in dir.
func specials(t *testing.T, dir string) map[string]string {
	t.Helper()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	return map[string]string{"fifo": fifo, "zero": zero, "dir": sub}
}

// within fails the test when f does not return within d, so a regression
// that blocks on a FIFO or reads /dev/zero forever cannot hang the suite.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatalf("did not return within %s", d)
	}
}

func TestReadFileSkipsSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	for name, p := range specials(t, dir) {
		within(t, 2*time.Second, func() {
			_, err := ReadFile(p, 1<<20)
			var nr *NotRegularError
			if !errors.As(err, &nr) || !IsSpecial(err) {
				t.Errorf("%s: err = %v, want NotRegularError", name, err)
				return
			}
			if !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("%s: message %q does not name the file", name, err)
			}
		})
	}
}

func TestReadFileCapAndContent(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	os.WriteFile(p, []byte("hello"), 0o644)
	b, err := ReadFile(p, 5)
	if err != nil || string(b) != "hello" {
		t.Fatalf("ReadFile = %q, %v", b, err)
	}
	_, err = ReadFile(p, 4)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 4 || !strings.Contains(err.Error(), "larger than 4 bytes") || !IsSpecial(err) {
		t.Fatalf("over the cap: %v", err)
	}
	// A symlink to a regular file is followed and read.
	ln := filepath.Join(dir, "link")
	os.Symlink(p, ln)
	if b, err := ReadFile(ln, 10); err != nil || string(b) != "hello" {
		t.Fatalf("symlink to regular: %q, %v", b, err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 10); !errors.Is(err, fs.ErrNotExist) || IsSpecial(err) {
		t.Fatalf("missing: %v", err)
	}
}

// TestReadFileReadsIntoOneBuffer: a file is read into a buffer of its own
// size (and a byte to see it grew), not one that doubled its way there,
// and a file larger than its first read still comes whole.
func TestReadFileReadsIntoOneBuffer(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big")
	want := strings.Repeat("0123456789abcdef", 20000) // 320,000 bytes
	os.WriteFile(p, []byte(want), 0o644)
	b, err := ReadFile(p, 1<<20)
	if err != nil || string(b) != want {
		t.Fatalf("ReadFile: %d bytes, %v", len(b), err)
	}
	if cap(b) > len(b)+1 {
		t.Errorf("cap %d for %d bytes", cap(b), len(b))
	}
	// A reader with no size to tell grows as it reads.
	got, err := readAll(strings.NewReader(want), "r", 1<<20)
	if err != nil || string(got) != want {
		t.Fatalf("readAll: %d bytes, %v", len(got), err)
	}
}

func TestReadFSSkipsSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	specials(t, dir)
	os.WriteFile(filepath.Join(dir, "ok.md"), []byte("ok"), 0o644)
	os.WriteFile(filepath.Join(dir, "big.md"), []byte("0123456789"), 0o644)
	fsys := os.DirFS(dir)
	for _, name := range []string{"fifo", "zero", "sub"} {
		within(t, 2*time.Second, func() {
			_, err := ReadFS(fsys, name, "shown/"+name, 1<<20)
			var nr *NotRegularError
			if !errors.As(err, &nr) || !strings.Contains(err.Error(), "shown/"+name) {
				t.Errorf("%s: err = %v", name, err)
			}
		})
	}
	if b, err := ReadFS(fsys, "ok.md", "ok.md", 10); err != nil || string(b) != "ok" {
		t.Fatalf("regular: %q, %v", b, err)
	}
	if _, err := ReadFS(fsys, "big.md", "big.md", 5); !strings.Contains(fmtErr(err), "larger than 5 bytes") {
		t.Fatalf("big: %v", err)
	}
	if _, err := ReadFS(fsys, "nope.md", "nope.md", 5); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing: %v", err)
	}
}

// lyingFS reports a regular file at Stat but serves one whose Stat says
// otherwise, as a file swapped between the two calls would.
type lyingFS struct{ fstest.MapFS }

func (l lyingFS) Open(name string) (fs.File, error) {
	return fstest.MapFS{name: &fstest.MapFile{Mode: fs.ModeNamedPipe}}.Open(name)
}

func (l lyingFS) Stat(name string) (fs.FileInfo, error) { return l.MapFS.Stat(name) }

func TestReadFSChecksTheOpenFile(t *testing.T) {
	fsys := lyingFS{fstest.MapFS{"x": &fstest.MapFile{Data: []byte("x")}}}
	if _, err := ReadFS(fsys, "x", "x", 10); !IsSpecial(err) {
		t.Fatalf("swapped file: %v", err)
	}
	// Growth after Stat is caught by the read cap too.
	grow := lyingGrowFS{fstest.MapFS{"x": &fstest.MapFile{Data: []byte("x")}}}
	if _, err := ReadFS(grow, "x", "x", 4); !strings.Contains(fmtErr(err), "larger than 4") {
		t.Fatalf("grown file: %v", err)
	}
}

type lyingGrowFS struct{ fstest.MapFS }

func (l lyingGrowFS) Open(name string) (fs.File, error) {
	return fstest.MapFS{name: &fstest.MapFile{Data: []byte("0123456789")}}.Open(name)
}

func (l lyingGrowFS) Stat(name string) (fs.FileInfo, error) { return l.MapFS.Stat(name) }

func TestHead(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.py")
	os.WriteFile(p, []byte("#!/usr/bin/env python3\nprint(1)\n"), 0o755)
	if b, err := Head(p, 8); err != nil || string(b) != "#!/usr/b" {
		t.Fatalf("Head = %q, %v", b, err)
	}
	if b, err := Head(p, 1000); err != nil || !strings.HasSuffix(string(b), "print(1)\n") {
		t.Fatalf("short file: %q, %v", b, err)
	}
	sp := specials(t, t.TempDir())
	within(t, 2*time.Second, func() {
		if _, err := Head(sp["fifo"], 8); !IsSpecial(err) {
			t.Errorf("fifo: %v", err)
		}
		if _, err := Head(sp["zero"], 8); !IsSpecial(err) {
			t.Errorf("zero: %v", err)
		}
	})
	if _, err := Head(filepath.Join(dir, "none"), 8); err == nil {
		t.Fatal("missing file read")
	}
}

func TestKinds(t *testing.T) {
	for m, want := range map[fs.FileMode]string{
		fs.ModeNamedPipe: "a FIFO", fs.ModeCharDevice | fs.ModeDevice: "a character device",
		fs.ModeDevice: "a device", fs.ModeSocket: "a socket", fs.ModeDir: "a directory", fs.ModeSymlink: "mode L---------",
	} {
		if got := Kind(m); got != want {
			t.Errorf("Kind(%v) = %q, want %q", m, got, want)
		}
	}
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

type failFS struct{ fstest.MapFS }

func (failFS) Open(name string) (fs.File, error) { return nil, fs.ErrPermission }

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk error") }

type statErrFile struct{ fs.File }

func (statErrFile) Stat() (fs.FileInfo, error) { return nil, errors.New("stat failed") }

func TestErrorsPassThrough(t *testing.T) {
	fsys := failFS{fstest.MapFS{"x": &fstest.MapFile{Data: []byte("x")}}}
	if _, err := ReadFS(fsys, "x", "x", 10); !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("open error: %v", err)
	}
	if _, err := readAll(errReader{}, "x", 10); err == nil || err.Error() != "disk error" {
		t.Fatalf("read error: %v", err)
	}
	if err := regular(statErrFile{}, "x"); err == nil || err.Error() != "stat failed" {
		t.Fatalf("stat error: %v", err)
	}
}

func TestReason(t *testing.T) {
	for err, want := range map[error]string{
		&NotRegularError{Path: "/x", Mode: fs.ModeNamedPipe}: "not a regular file (a FIFO); skipped",
		&TooLargeError{Path: "/x", Limit: 3}:                 "larger than 3 bytes; skipped",
		errors.New("plain"):                                  "plain",
	} {
		if got := Reason(err); got != want {
			t.Errorf("Reason(%v) = %q, want %q", err, got, want)
		}
	}
}

func TestOpenAppend(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "h.jsonl")
	f, err := OpenAppend(p, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("a\n")
	f.Close()
	f, _ = OpenAppend(p, 0o600)
	f.WriteString("b\n")
	f.Close()
	if b, _ := os.ReadFile(p); string(b) != "a\nb\n" {
		t.Fatalf("%q", b)
	}
	sp := specials(t, t.TempDir())
	within(t, 2*time.Second, func() {
		for _, name := range []string{"fifo", "zero"} {
			if _, err := OpenAppend(sp[name], 0o600); !IsSpecial(err) {
				t.Errorf("%s: %v", name, err)
			}
		}
	})
	if _, err := OpenAppend(sp["dir"], 0o600); err == nil {
		t.Error("a directory was opened for appending")
	}
}
