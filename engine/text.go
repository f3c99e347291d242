package engine

import (
	"unicode/utf8"

	"github.com/traitome/oxo-call/internal/lazyre"
)

var ansiRE = lazyre.New(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]`)

// StripANSI removes terminal escape sequences and backspace overstrikes
// (man-style bold "a\ba").
func StripANSI(b []byte) []byte {
	b = ansiRE.ReplaceAll(b, nil)
	if !containsByte(b, '\b') {
		return b
	}
	out := make([]byte, 0, len(b))
	for _, c := range b {
		if c == '\b' {
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		}
		out = append(out, c)
	}
	return out
}

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}

// IsBinary reports output that is not text: invalid UTF-8 or control bytes
// in more than 10 % of the first 4 KB.
func IsBinary(b []byte) bool {
	if len(b) > 4096 {
		b = b[:4096]
	}
	if len(b) == 0 {
		return false
	}
	bad := 0
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 || r < 0x20 && r != '\n' && r != '\r' && r != '\t' && r != '\f' {
			bad++
		}
		i += n
	}
	return bad*10 > len(b)
}

// Distance is the Levenshtein edit distance, used for did-you-mean.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Closest returns the candidates within a small edit distance of s, best first.
func Closest(s string, cands []string, n int) []string {
	type sc struct {
		c string
		d int
	}
	var best []sc
	limit := max(2, len(s)/3)
	for _, c := range cands {
		if d := Distance(s, c); d <= limit {
			best = append(best, sc{c, d})
		}
	}
	for i := 1; i < len(best); i++ {
		for j := i; j > 0 && (best[j].d < best[j-1].d || best[j].d == best[j-1].d && best[j].c < best[j-1].c); j-- {
			best[j], best[j-1] = best[j-1], best[j]
		}
	}
	var out []string
	for i := 0; i < len(best) && i < n; i++ {
		out = append(out, best[i].c)
	}
	return out
}
