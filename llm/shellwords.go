package llm

import (
	"errors"
	"strings"

	shexpand "mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// word is one shell word; quoted records whether any part of it was quoted,
// so a quoted "|" stays an argument while a bare one is an operator.
type word struct {
	text   string
	quoted bool
}

// shellSplit splits s like a POSIX shell would split a simple command:
// single quotes are literal, double quotes honour \" \\ \$ \`, bash's
// $'...' decodes its escapes ($'\t' is a tab), a backslash outside quotes
// escapes the next byte. No expansion is done.
func shellSplit(s string) ([]word, error) {
	var out []word
	var cur strings.Builder
	inWord, quoted := false, false
	flush := func() {
		if inWord {
			out = append(out, word{cur.String(), quoted})
		}
		cur.Reset()
		inWord, quoted = false, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '$':
			if i+1 >= len(s) || s[i+1] != '\'' {
				cur.WriteByte(c)
				inWord = true
				continue
			}
			j := i + 2
			for ; j < len(s) && s[j] != '\''; j++ {
				if s[j] == '\\' {
					j++
				}
			}
			if j >= len(s) {
				return nil, errors.New("unterminated $' quote")
			}
			v, err := ansiC(s[i : j+1])
			if err != nil {
				return nil, err
			}
			cur.WriteString(v)
			i = j
			inWord, quoted = true, true
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("unterminated single quote")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord, quoted = true, true
		case '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, errors.New("unterminated double quote")
			}
			inWord, quoted = true, true
		case '\\':
			if i+1 < len(s) {
				i++
				quoted = true
			}
			cur.WriteByte(s[i])
			inWord = true
		case ' ', '\t', '\n', '\r':
			flush()
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	flush()
	return out, nil
}

// ansiC returns the value of one $'...' word.
func ansiC(w string) (string, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(w), "")
	if err != nil {
		return "", err
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 {
		return "", errors.New(w + ": not one $'...' word")
	}
	return shexpand.Literal(nil, call.Args[0])
}

// shellOperators are tokens that would make a reply more than one simple
// command; the fill form holds the arguments of exactly one.
var shellOperators = map[string]bool{
	"|": true, "||": true, "&&": true, "&": true, ";": true,
	">": true, ">>": true, "<": true, "2>": true, "2>>": true, "&>": true, "2>&1": true, "|&": true,
}

// looksLikeFlag reports whether an argument is written like an option:
// a dash followed by something other than a digit or a dot (negative
// numbers are values), and not the end-of-options marker "--".
func looksLikeFlag(s string) bool {
	if len(s) < 2 || s[0] != '-' || s == "--" {
		return false
	}
	c := s[1]
	return !(c >= '0' && c <= '9') && c != '.'
}
