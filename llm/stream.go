package llm

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxLine bounds one SSE/NDJSON line; replies are small, a runaway line is
// an error rather than unbounded memory.
const maxLine = 4 << 20

// sseEvent is one server-sent event.
type sseEvent struct {
	Event string
	Data  string
}

// readSSE calls fn for every event in r until fn asks to stop or the stream
// ends. It follows the SSE framing rules (data lines joined by "\n", a blank
// line dispatches, ":" starts a comment) that OpenAI, Copilot and Anthropic
// all use.
func readSSE(r io.Reader, fn func(sseEvent) (stop bool, err error)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	var ev sseEvent
	var data []string
	dispatch := func() (bool, error) {
		if len(data) == 0 {
			ev = sseEvent{}
			return false, nil
		}
		ev.Data = strings.Join(data, "\n")
		stop, err := fn(ev)
		ev, data = sseEvent{}, nil
		return stop, err
	}
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line == "" {
			if stop, err := dispatch(); stop || err != nil {
				return readErr(sc, err)
			}
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			ev.Event = value
		case "data":
			data = append(data, value)
		}
	}
	if err := sc.Err(); err != nil {
		return readErr(sc, err)
	}
	_, err := dispatch()
	return err
}

// readErr prefers the reader's own failure (a cut reply, whose last line
// is only a fragment) to the error the fragment caused, and words an
// over-long line.
func readErr(sc *bufio.Scanner, err error) error {
	if serr := sc.Err(); serr != nil {
		err = serr
	}
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("a reply line is longer than %d bytes", maxLine)
	}
	return err
}

// readLines calls fn for every non-blank line of an NDJSON stream.
func readLines(r io.Reader, fn func(line string) (stop bool, err error)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if stop, err := fn(line); stop || err != nil {
			return readErr(sc, err)
		}
	}
	return readErr(sc, nil)
}
