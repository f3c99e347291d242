package llm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrInvalidFill marks a reply that does not fit the form. Fill repairs it
// once; callers fall back to their deterministic command when it persists.
var ErrInvalidFill = errors.New("invalid fill")

// UnknownFlagError names a flag that is not in the form and the closest
// real one.
type UnknownFlagError struct {
	Flag       string
	Suggestion string
}

func (e *UnknownFlagError) Error() string {
	if e.Suggestion == "" {
		return fmt.Sprintf("unknown flag %q (the tool has no flags)", e.Flag)
	}
	return fmt.Sprintf("unknown flag %q (closest real flag: %q)", e.Flag, e.Suggestion)
}

// invalid wraps a reason in ErrInvalidFill.
func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidFill, fmt.Sprintf(format, args...))
}

// maxObjectTries bounds how many "{" positions are tried when looking for
// the JSON object inside prose.
const maxObjectTries = 32

// ParseFill validates a model reply against the form. It accepts one JSON
// object (optionally inside a ```json fence or surrounded by prose) with
// exactly the schema's keys, or the legacy two-line "ARGS: …" /
// "EXPLANATION: …" reply. Every flag must be a real flag of the form
// (aliases are mapped to canonical names); anything else is an error
// wrapping ErrInvalidFill.
func ParseFill(text string, f Form) (Fill, error) {
	fill, _, err := parseFill(text, f)
	return fill, err
}

// parseFill is ParseFill that also returns the form of the program the
// reply picked (the form itself when it picked none or an unknown one),
// also when the reply is invalid, so a repair can show that program's
// flags.
func parseFill(text string, f Form) (Fill, Form, error) {
	v := newValidator(f)
	fill, err := parseInto(v, text, f)
	return fill, v.picked(), err
}

func parseInto(v *validator, text string, f Form) (Fill, error) {
	if args, expl, ok := legacyReply(text); ok {
		return parseLegacy(v, args, expl, f)
	}
	raw, err := extractObject(text)
	if err != nil {
		return Fill{}, invalid("%v", err)
	}
	var r struct {
		Executable *string `json:"executable"`
		Subcommand *string `json:"subcommand"`
		Flags      []struct {
			Name  string `json:"name"`
			Value scalar `json:"value"`
		} `json:"flags"`
		Positionals []scalar `json:"positionals"`
		Explanation scalar   `json:"explanation"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Fill{}, invalid("reply does not match the form: %v", err)
	}
	if err := v.executable(deref(r.Executable)); err != nil {
		return Fill{}, err
	}
	if r.Subcommand != nil && deref(r.Subcommand) == "" && len(f.Subcommands) > 0 {
		// The schema says "" is no subcommand.
		v.fill.Subcommand = ""
	}
	if err := v.subcommand(deref(r.Subcommand)); err != nil {
		return Fill{}, err
	}
	for _, fl := range r.Flags {
		name, value := strings.TrimSpace(fl.Name), string(fl.Value)
		attached := false
		if _, known := v.lookup(name); !known && value == "" {
			// "--threads=4" in the name field: split it, the flag is
			// still checked against the form below.
			if n, val, ok := strings.Cut(name, "="); ok {
				name, value = n, val
				attached = true
			} else if _, n, ok := v.glued(name); ok {
				name, value = n, name[len(n):]
			}
		}
		if err := v.flagAs(name, value, attached); err != nil {
			return Fill{}, err
		}
	}
	pos := r.Positionals
	if n := len(pos); n >= 2 && strings.TrimSpace(string(pos[n-2])) == ">" && !shellOperators[strings.TrimSpace(string(pos[n-1]))] {
		v.fill.Stdout = strings.TrimSpace(string(pos[n-1]))
		pos = pos[:n-2]
	}
	if n := len(pos); n >= 2 && strings.TrimSpace(string(pos[n-2])) == "<" && !shellOperators[strings.TrimSpace(string(pos[n-1]))] {
		v.fill.Stdin = strings.TrimSpace(string(pos[n-1]))
		pos = pos[:n-2]
	}
	for _, p := range pos {
		if err := v.positional(string(p), false); err != nil {
			return Fill{}, err
		}
	}
	v.fill.Explanation = strings.TrimSpace(string(r.Explanation))
	return v.fill, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return strings.TrimSpace(*s)
}

// scalar accepts a JSON string, number, boolean or null as text, because
// models without constrained decoding often write "value": 4.
type scalar string

func (s *scalar) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case string:
		*s = scalar(x)
	case float64:
		*s = scalar(strconv.FormatFloat(x, 'f', -1, 64))
	case bool:
		*s = scalar(strconv.FormatBool(x))
	case nil:
		*s = ""
	default:
		return fmt.Errorf("expected a string, got %s", b)
	}
	return nil
}

// extractObject finds the first complete JSON object in text. Prose and
// code fences around it are ignored; if no candidate decodes, the first
// syntax error is reported so a repair prompt can quote it.
func extractObject(text string) (json.RawMessage, error) {
	var firstErr error
	i := 0
	for tries := 0; tries < maxObjectTries; tries++ {
		j := strings.IndexByte(text[i:], '{')
		if j < 0 {
			break
		}
		start := i + j
		var raw json.RawMessage
		err := json.NewDecoder(strings.NewReader(text[start:])).Decode(&raw)
		if err == nil {
			return raw, nil
		}
		if firstErr == nil {
			firstErr = err
		}
		i = start + 1
	}
	if firstErr != nil {
		return nil, fmt.Errorf("reply is not valid JSON: %v", firstErr)
	}
	return nil, errors.New("reply has no JSON object")
}
