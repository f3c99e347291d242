package llm

import "strings"

// maxSuggestLen bounds the names compared, keeping suggestion cost small
// even for absurd model output.
const maxSuggestLen = 64

// closest returns the candidate nearest to name by edit distance, ignoring
// case and leading dashes so "--thread" suggests "--threads" and "thread"
// suggests "-t"/"--threads" alike. It returns "" when there is no candidate.
func closest(name string, candidates []string) string {
	best, bestD := "", -1
	n := normName(name)
	for _, c := range candidates {
		d := levenshtein(n, normName(c))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

func normName(s string) []rune {
	r := []rune(strings.ToLower(strings.TrimLeft(s, "-")))
	if len(r) > maxSuggestLen {
		r = r[:maxSuggestLen]
	}
	return r
}

// levenshtein is the classic two-row edit distance.
func levenshtein(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
