package llm

import "unicode"

// EstimateTokens approximates how many tokens s costs, without a
// tokenizer: ASCII text averages about 4 characters per token in BPE
// vocabularies, a CJK character (Han, kana, Hangul, CJK punctuation and
// full-width forms) is usually one token on its own, and other non-ASCII
// letters (accented Latin, Cyrillic, …) average about 2 characters per
// token. Each class is rounded up, so any non-empty string costs at least
// one token. It is a budget guard, not an exact count.
func EstimateTokens(s string) int {
	var ascii, cjk, other int
	for _, r := range s {
		switch {
		case r < 0x80:
			ascii++
		case isCJK(r):
			cjk++
		default:
			other++
		}
	}
	return (ascii+3)/4 + cjk + (other+1)/2
}

// isCJK reports characters that tokenizers treat as one token each.
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
}

// truncateTokens cuts s to at most max estimated tokens, ending with "…"
// when it had to cut.
func truncateTokens(s string, max int) string {
	if EstimateTokens(s) <= max {
		return s
	}
	r := []rune(s)
	// Binary search for the longest prefix that fits with the ellipsis.
	lo, hi := 0, len(r)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if EstimateTokens(string(r[:mid])+"…") <= max {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}

// truncateRunes shortens s to n runes, marking the cut with "…".
func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
