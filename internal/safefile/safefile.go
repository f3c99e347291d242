// Package safefile reads files the program does not control (skills,
// rules, the config, added docs, cached ToolDocs, the history, a tool's
// shebang line) without hanging on a FIFO or device and without reading
// more than a size cap. Only regular files are read; a symlink is
// followed and its target's mode decides.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// NotRegularError says a path names a FIFO, device, socket or directory.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string { return e.Path + ": " + e.reason() }

func (e *NotRegularError) reason() string {
	return fmt.Sprintf("not a regular file (%s); skipped", Kind(e.Mode))
}

// TooLargeError says a file holds more than the cap.
type TooLargeError struct {
	Path  string
	Limit int64
}

func (e *TooLargeError) Error() string { return e.Path + ": " + e.reason() }

func (e *TooLargeError) reason() string { return fmt.Sprintf("larger than %d bytes; skipped", e.Limit) }

// Reason is err's message without the file name, for callers whose own
// error type already names the file.
func Reason(err error) string {
	var nr *NotRegularError
	var tl *TooLargeError
	switch {
	case errors.As(err, &nr):
		return nr.reason()
	case errors.As(err, &tl):
		return tl.reason()
	}
	return err.Error()
}

// Kind names a non-regular file mode for messages ("a FIFO", "a character device").
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "mode " + m.String()
}

// Open opens path for reading only when it is a regular file. The open
// itself does not block on a FIFO (it is non-blocking), and the mode is
// checked on the open descriptor, so a file swapped in between cannot
// slip through.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if err := regular(f, path); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadFile reads a regular file of at most limit bytes.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, path, limit)
}

// ReadFS is ReadFile for a file system (os.DirFS follows symlinks in
// Stat, so a link to a device or FIFO is seen as one). The mode is checked
// before opening, so a FIFO is never opened, and again on the open file.
func ReadFS(fsys fs.FS, name, display string, limit int64) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Path: display, Mode: st.Mode()}
	}
	if st.Size() > limit {
		return nil, &TooLargeError{Path: display, Limit: limit}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := regular(f, display); err != nil {
		return nil, err
	}
	return readAll(f, display, limit)
}

// regular checks the mode of an open file.
func regular(f fs.File, display string) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return &NotRegularError{Path: display, Mode: st.Mode()}
	}
	return nil
}

// Head returns up to n bytes from the start of a regular file; the
// shebang sniffer reads a script's first line with it.
func Head(path string, n int) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	k, err := io.ReadFull(f, b)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	return b[:k], err
}

// IsSpecial reports whether err says a file was skipped for its type or
// size (as opposed to missing or unreadable).
func IsSpecial(err error) bool {
	var nr *NotRegularError
	var tl *TooLargeError
	return errors.As(err, &nr) || errors.As(err, &tl)
}

// readAll reads at most limit bytes and fails, naming the file, when there
// is more (a regular file can grow while it is read).
func readAll(r io.Reader, display string, limit int64) ([]byte, error) {
	// A buffer of the file's size (and a byte to see it grew) is read
	// into once; io.ReadAll's doubling touched three times the memory,
	// which on a warm dry-run is page faults, not copying.
	size := int64(512)
	if f, ok := r.(fs.File); ok {
		if st, err := f.Stat(); err == nil && st.Size() > 0 {
			size = min(st.Size(), limit) + 1
		}
	}
	b := make([]byte, 0, size)
	lr := io.LimitReader(r, limit+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grown by append's own policy
		}
		n, err := lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(len(b)) > limit {
		return nil, &TooLargeError{Path: display, Limit: limit}
	}
	return b, nil
}

// OpenAppend opens a regular file for appending (and reading its end),
// creating it with perm. On a FIFO the non-blocking open fails at once
// instead of waiting for a reader; any other non-regular file is refused.
func OpenAppend(path string, perm fs.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK, perm)
	if err != nil {
		return nil, err
	}
	if err := regular(f, path); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
