package rules

import (
	"path/filepath"
	"strings"
	"unicode"

	"github.com/expr-lang/expr"
)

// functions is the one table of helper functions rules may call, each with
// its typed signature so a wrong call fails at load, not at run time.
// Prefer expr's operators (contains, startsWith, in, matches) in rules;
// these cover what operators cannot say.
func functions() []expr.Option {
	return []expr.Option{
		expr.Function("extOf", func(p ...any) (any, error) {
			return strings.ToLower(filepath.Ext(p[0].(string))), nil
		}, new(func(string) string)),
		expr.Function("baseOf", func(p ...any) (any, error) {
			return filepath.Base(p[0].(string)), nil
		}, new(func(string) string)),
		expr.Function("stemOf", func(p ...any) (any, error) {
			return Stem(p[0].(string)), nil
		}, new(func(string) string)),
		expr.Function("hasAny", func(p ...any) (any, error) {
			return hasAny(p[0].([]string), p[1].([]any)), nil
		}, new(func([]string, []any) bool)),
		expr.Function("hasPrefixAny", func(p ...any) (any, error) {
			s := p[0].(string)
			for _, pre := range p[1].([]any) {
				if x, ok := pre.(string); ok && strings.HasPrefix(s, x) {
					return true, nil
				}
			}
			return false, nil
		}, new(func(string, []any) bool)),
		expr.Function("containsAny", func(p ...any) (any, error) {
			s := p[0].(string)
			for _, sub := range p[1].([]any) {
				if x, ok := sub.(string); ok && strings.Contains(s, x) {
					return true, nil
				}
			}
			return false, nil
		}, new(func(string, []any) bool)),
		expr.Function("countLines", func(p ...any) (any, error) {
			return countLinesWithPrefix(p[0].(string), p[1].(string)), nil
		}, new(func(string, string) int)),
	}
}

// disabledBuiltins are expr built-ins rules may not use: unbounded
// allocation (repeat; string, toJSON and the base64 pair turn a list of
// any size into one string before it could be measured) or results that
// change between runs (clock).
var disabledBuiltins = []string{"repeat", "string", "toJSON", "fromJSON", "toBase64", "fromBase64", "now", "date", "duration", "timezone"}

// hasAny reports whether any of items is in list.
func hasAny(list []string, items []any) bool {
	for _, it := range items {
		s, ok := it.(string) // no other item equals a string
		if !ok {
			continue
		}
		for _, l := range list {
			if l == s {
				return true
			}
		}
	}
	return false
}

// countLinesWithPrefix counts lines whose trimmed text starts with prefix.
func countLinesWithPrefix(s, prefix string) int {
	n := 0
	for line := range strings.Lines(s) {
		if strings.HasPrefix(strings.TrimSpace(line), prefix) {
			n++
		}
	}
	return n
}

// Stem returns a file's base name without its extensions, counting a
// compression suffix as part of the extension: "reads_R1.fastq.gz" → "reads_R1".
func Stem(p string) string {
	b := filepath.Base(p)
	for _, z := range []string{".gz", ".bz2", ".xz", ".zst"} {
		b = strings.TrimSuffix(b, z)
	}
	if i := strings.LastIndexByte(b, '.'); i > 0 {
		b = b[:i]
	}
	return b
}

// Words splits lower-cased text into words: runs of letters and digits,
// with each run of CJK characters kept as one word.
func Words(s string) []string {
	var out []string
	var cur []rune
	cjk := false
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range s {
		isCJK := unicode.Is(unicode.Han, r)
		switch {
		case isCJK:
			if !cjk {
				flush()
			}
			cur = append(cur, r)
			cjk = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if cjk {
				flush()
			}
			cur = append(cur, r)
			cjk = false
		default:
			flush()
			cjk = false
		}
	}
	flush()
	return out
}
