package task

import (
	"math/big"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Chinese writes a number with a multiplier ("1万" is 10000, "5亿" is
// 500000000), in words before a measure word ("两个线程", "三轮"), and with
// a measure word where English has a noun ("前 1000 行": the first 1000
// lines, "迭代 5 次": 5 times). The words are data: lexicon classes
// number_multiplier (the multiplier's value), count_word and count_unit
// (a count in words and the measure words it is read before) and
// number_gloss_before, number_gloss_after (what a measure word next to a
// number says in English).

// cjkPatterns are the patterns built from the vocabulary's Chinese number
// words; each is nil when its classes are empty.
type cjkPatterns struct {
	// multiplied is a number and its multiplier ("1.5万", "10 万").
	multiplied *regexp.Regexp
	// counted is a count word and the measure word after it ("两个线程").
	counted *regexp.Regexp
}

func newCJKPatterns(words func(class string) []string) cjkPatterns {
	var p cjkPatterns
	if ms := hanWords(words("number_multiplier")); len(ms) > 0 {
		p.multiplied = regexp.MustCompile(`(\d+(?:\.\d+)?)[ \t]*(` + alternation(ms) + `)`)
	}
	cs, us := hanWords(words("count_word")), hanWords(words("count_unit"))
	if len(cs) > 0 && len(us) > 0 {
		p.counted = regexp.MustCompile(`(` + alternation(cs) + `)(` + alternation(us) + `)`)
	}
	return p
}

// hanWords are the words that begin with a CJK character, longest first
// (an alternation tries them in order: "百万" before "万").
func hanWords(ws []string) []string {
	var out []string
	for _, w := range ws {
		if w != "" && isHanAt(w, 0) {
			out = append(out, w)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return len(b) - len(a) })
	return out
}

func alternation(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = regexp.QuoteMeta(w)
	}
	return strings.Join(q, "|")
}

// cjkNumbers writes the numbers of a Chinese text in digits: a number with
// a multiplier as its value ("1万条" → "10000条", "1.5 亿" → "150000000")
// and a count in words before a measure word as its digits ("两个线程" →
// "2个线程", "三轮" → "3轮"). A count word inside a longer numeral ("二十三次")
// an ordinal ("第二轮"), and the count one (一, "一次完成": at once) are
// left alone. Text with no
// CJK character is returned unchanged.
func cjkNumbers(s string) string {
	if !strings.ContainsFunc(s, isHan) {
		return s
	}
	p := tables().cjk
	v := V()
	if p.multiplied != nil {
		s = p.multiplied.ReplaceAllStringFunc(s, func(m string) string {
			g := p.multiplied.FindStringSubmatch(m)
			mult, _ := v.ValueOf("number_multiplier", g[2])
			if n, ok := multiply(g[1], mult); ok {
				return n
			}
			return m
		})
	}
	if p.counted != nil {
		var b strings.Builder
		last := 0
		for _, ix := range p.counted.FindAllStringSubmatchIndex(s, -1) {
			word, unit := s[ix[2]:ix[3]], s[ix[4]:ix[5]]
			val, _ := v.ValueOf("count_word", word)
			prev, _ := utf8.DecodeLastRuneInString(s[:ix[0]])
			if val == "" || val == "1" || v.Word("count_word", string(prev)) || v.Word("column_ordinal_prefix", string(prev)) {
				continue
			}
			b.WriteString(s[last:ix[0]])
			b.WriteString(val + unit)
			last = ix[1]
		}
		b.WriteString(s[last:])
		s = b.String()
	}
	return s
}

// multiply returns n × mult in digits, when the product is a whole number.
func multiply(n, mult string) (string, bool) {
	x, ok1 := new(big.Rat).SetString(n)
	k, ok2 := new(big.Rat).SetString(mult)
	if !ok1 || !ok2 {
		return "", false
	}
	x.Mul(x, k)
	if !x.IsInt() {
		return "", false
	}
	return x.Num().String(), true
}

// cjkGloss returns what the Chinese measure words next to the number at
// toks[i] say in English: the end of the run before it (class
// number_gloss_before: "的前" → first) and the beginning of the run after
// it (number_gloss_after: "行" → lines), each within the number's clause.
func cjkGloss(toks, lower []string, i int) []string {
	v := V()
	var out []string
	ends := func(t string) bool { return strings.HasSuffix(t, ",") || strings.HasSuffix(t, ";") }
	if i > 0 && isHanAt(lower[i-1], 0) && !ends(toks[i-1]) {
		if w := longestAffix(v.Words("number_gloss_before"), lower[i-1], strings.HasSuffix); w != "" {
			val, _ := v.ValueOf("number_gloss_before", w)
			out = append(out, strings.Fields(val)...)
		}
	}
	if i+1 < len(lower) && lower[i+1] != "" && isHanAt(lower[i+1], 0) && !ends(toks[i]) {
		if w := longestAffix(v.Words("number_gloss_after"), lower[i+1], strings.HasPrefix); w != "" {
			val, _ := v.ValueOf("number_gloss_after", w)
			out = append(out, strings.Fields(val)...)
		}
	}
	return out
}

// longestAffix returns the longest word of ws that has(t, word) holds for.
func longestAffix(ws []string, t string, has func(s, affix string) bool) string {
	best := ""
	for _, w := range ws {
		if len(w) > len(best) && has(t, w) {
			best = w
		}
	}
	return best
}

// isHan reports a CJK character.
func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }
