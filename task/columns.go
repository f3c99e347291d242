package task

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Column is a set of columns (fields) the task names in words, written as
// the list the text tools read: "the first three columns" is 1-3,
// "columns 1 and 3" is 1,3, "columns 2 to the end" is 2-, "第二列" is 2.
type Column struct {
	Value string `json:"value"`
	// Complement is set when the task names the columns to leave out
	// ("every column except the 4th", "去掉第1列").
	Complement bool `json:"complement,omitempty"`
	// Context holds the words of the clause around the column word.
	Context []string `json:"context,omitempty"`
	// Words are the task's words the list was read from, lower-cased
	// ("first three columns", "every column except the 4th"): the
	// command that places the list accounts for them.
	Words []string `json:"words,omitempty"`
	Pos   int      `json:"pos"`
	// Used is set by the stage that gives the columns a place.
	Used bool `json:"-"`
}

// Separator is a field separator the task names in words ("comma-separated"
// is ",", "separated by tabs" is a tab, "用逗号分隔" is ",").
type Separator struct {
	Value string `json:"value"`
	// Word is the task's word for it ("comma-separated").
	Word string `json:"word"`
	// Output is set when the task names it for what is written ("write
	// them tab-separated").
	Output  bool     `json:"output,omitempty"`
	Context []string `json:"context,omitempty"`
	Pos     int      `json:"pos"`
	Used    bool     `json:"-"`
}

// colNum reads one number of a column list: digits ("3"), an ordinal
// ("3rd", "third") or a count word ("three"). kind is "num", "ord" or
// "count"; 0 when w is none.
func colNum(w string) (n int, kind string) {
	v := V()
	w = strings.Trim(w, ",;:.()[]")
	if w == "" {
		return 0, ""
	}
	if d := strings.TrimRight(w, "abcdefghijklmnopqrstuvwxyz"); d != w && d != "" && v.Word("ordinal_suffix", w[len(d):]) {
		if k, err := strconv.Atoi(d); err == nil && k > 0 {
			return k, "ord"
		}
	}
	if k, err := strconv.Atoi(w); err == nil && k > 0 && k < 10000 {
		return k, "num"
	}
	if s, ok := v.ValueOf("ordinal_word", w); ok {
		return atoi(s), "ord"
	}
	if s, ok := v.ValueOf("count_word", w); ok {
		return atoi(s), "count"
	}
	return 0, ""
}

// Ordinal reads an ordinal ("3rd", "third") as its number.
func Ordinal(w string) (int, bool) {
	n, kind := colNum(w)
	return n, kind == "ord"
}

// colRange reads "2-5" or "2-" written as one token.
func colRange(w string) (string, bool) {
	w = strings.Trim(w, ",;:.()[]")
	a, b, ok := strings.Cut(w, "-")
	if !ok {
		return "", false
	}
	if x, err := strconv.Atoi(a); err != nil || x <= 0 {
		return "", false
	}
	if y, err := strconv.Atoi(b); b != "" && (err != nil || y <= 0) {
		return "", false
	}
	return w, true
}

// columnWord reports a word that names columns or fields.
func columnWord(w string) bool { return V().Word("column_word", strings.Trim(w, ",;:.()[]")) }

// columns reads the column lists of the task's tokens (as Parse splits
// them) and their lower-cased forms, and returns them with the token
// positions they take (numbers read into a list are no longer numbers of
// their own).
func columns(toks, lower, wordsOnly []string, numAt []int) (out []Column, taken map[int]bool) {
	v := V()
	taken = map[int]bool{}
	clauseEnd := func(j int) bool {
		t := strings.TrimRight(toks[j], ")]")
		return strings.HasSuffix(t, ",") || strings.HasSuffix(t, ";") || strings.HasSuffix(t, ".")
	}
	for i := range toks {
		if !columnWord(lower[i]) || taken[i] {
			continue
		}
		var nums []string
		var used []int
		end := i
		// "the first three columns", "first 3 fields": 1-N.
		if i >= 2 && v.Word("first_n", lower[i-2]) {
			if n, k := colNum(lower[i-1]); k == "num" || k == "count" {
				nums, used = []string{"1-" + strconv.Itoa(n)}, []int{i - 2, i - 1}
			}
		}
		// "the second column", "the 1st and 3rd columns": ordinals before.
		if nums == nil {
			for j := i - 1; j >= 0 && j >= i-8; j-- {
				if n, k := colNum(lower[j]); k == "ord" {
					nums, used = append([]string{strconv.Itoa(n)}, nums...), append(used, j)
					continue
				}
				if len(nums) > 0 && v.Word("column_joiner", lower[j]) {
					continue
				}
				break
			}
		}
		// "columns 1 and 3", "columns 2 to 5", "column 2 onward", "field 2",
		// "columns 1-3"; and "every column except the 4th".
		complement := false
		if nums == nil {
			j := i + 1
			// "every column of x.tsv except the 4th": the except word may
			// stand a few words on, in the same clause.
			for k := i + 1; k < len(toks) && k <= i+4 && !clauseEnd(k-1) && !isNumTok(lower[k]); k++ {
				if v.Word("column_except", lower[k]) {
					j = k
					break
				}
			}
			if j < len(toks) && v.Word("column_except", lower[j]) {
				complement = true
				j++
				for j < len(toks) && Stopword(lower[j]) && lower[j] != "and" {
					j++
				}
			}
			for j < len(toks) {
				if r, ok := colRange(lower[j]); ok {
					nums, used = append(nums, r), append(used, j)
				} else if n, k := colNum(lower[j]); k == "num" || k == "ord" {
					nums, used = append(nums, strconv.Itoa(n)), append(used, j)
				} else {
					break
				}
				if clauseEnd(j) && !(j+1 < len(toks) && isNumTok(lower[j+1])) {
					j++
					break
				}
				j++
				// "2 to 5", "2 to the end", "2 onward".
				if j < len(toks) && v.Word("column_range", lower[j]) && !strings.Contains(nums[len(nums)-1], "-") {
					k := j + 1
					for k < len(toks) && Stopword(lower[k]) {
						k++
					}
					if k < len(toks) {
						if m, kind := colNum(lower[k]); kind == "num" || kind == "ord" {
							nums[len(nums)-1] += "-" + strconv.Itoa(m)
							used = append(used, k)
							j = k + 1
						} else if v.Word("column_open_end", lower[k]) {
							nums[len(nums)-1] += "-"
							j = k + 1
						}
					}
				} else if j < len(toks) && v.Word("column_open_end", lower[j]) && !strings.Contains(nums[len(nums)-1], "-") {
					nums[len(nums)-1] += "-"
					j++
				}
				if j < len(toks) && v.Word("column_joiner", lower[j]) && j+1 < len(toks) && isNumTok(lower[j+1]) {
					j++
					continue
				}
				if !strings.HasSuffix(toks[j-1], ",") || j >= len(toks) || !isNumTok(lower[j]) {
					break
				}
			}
			if nums == nil {
				complement = false
			}
			end = j - 1
		}
		if nums == nil {
			continue
		}
		// "except the 4th column", "drop the first column": the columns to
		// leave out, when a word of the clause before says so.
		start := slices.Min(used)
		from := min(start, i)
		for j := start - 1; j >= 0 && j >= start-4 && !complement; j-- {
			if clauseEnd(j) {
				break
			}
			if complement = v.Word("column_except", lower[j]); complement {
				from = min(from, j)
			}
		}
		end = max(end, slices.Max(used))
		var words []string
		for _, w := range lower[from : end+1] {
			words = append(words, strings.Trim(w, ",;:.()[]"))
		}
		for _, u := range used {
			taken[u] = true
		}
		ctx := append([]string{strings.Trim(lower[i], ",;:.()[]")}, clauseWindow(wordsOnly, toks, i, 3, numAt)...)
		out = append(out, Column{Value: strings.Join(nums, ","), Complement: complement, Context: ctx, Words: words, Pos: i})
	}
	return restated(out), taken
}

// restated drops the columns to leave out when the task also names the
// columns to keep ("drop the first column, keeping columns 2 to the
// end"): the two say one thing, and the kept list is the plainer.
func restated(cols []Column) []Column {
	keep := slices.ContainsFunc(cols, func(c Column) bool { return !c.Complement })
	if !keep {
		return cols
	}
	return slices.DeleteFunc(cols, func(c Column) bool { return c.Complement })
}

func isNumTok(w string) bool {
	if _, ok := colRange(w); ok {
		return true
	}
	_, k := colNum(w)
	return k == "num" || k == "ord"
}

// cjkColumns reads the column lists of Chinese text: "第二列" (2), "第1、4、5列"
// (1,4,5), "前三列" (1-3), "第2到5列" (2-5), "去掉第1列" (1, left out).
func cjkColumns(text string) []Column {
	v := V()
	var out []Column
	for _, cw := range v.Words("column_word") {
		if !isHanAt(cw, 0) {
			continue
		}
		for off := 0; ; {
			k := strings.Index(text[off:], cw)
			if k < 0 {
				break
			}
			at := off + k
			off = at + len(cw)
			if c, ok := cjkColumnBefore(text[:at]); ok {
				c.Context = []string{cw}
				c.Pos = -1
				out = append(out, c)
			}
		}
	}
	return out
}

// cjkColumnBefore reads the numbers written before a Chinese column word,
// back to the ordinal prefix (第) or the first-N prefix (前).
func cjkColumnBefore(s string) (Column, bool) {
	v := V()
	var nums []string
	rng := false
	for {
		s = strings.TrimRightFunc(s, unicode.IsSpace)
		n, rest, ok := cjkNumBefore(s)
		if !ok {
			return Column{}, false
		}
		if rng && len(nums) > 0 {
			nums[0] = n + "-" + nums[0]
			rng = false
		} else {
			nums = append([]string{n}, nums...)
		}
		s = strings.TrimRightFunc(rest, unicode.IsSpace)
		r, size := utf8.DecodeLastRuneInString(s)
		if size == 0 {
			return Column{}, false
		}
		w := string(r)
		switch {
		case v.Word("column_ordinal_prefix", w):
			// "第1、第3列": a prefix may repeat inside the list.
			t := strings.TrimRightFunc(s[:len(s)-size], unicode.IsSpace)
			if j, js := utf8.DecodeLastRuneInString(t); js > 0 && v.Word("column_joiner", string(j)) {
				s = t[:len(t)-js]
				continue
			}
			c := Column{Value: strings.Join(nums, ",")}
			c.Complement = v.Mentions("column_except", s[:len(s)-size])
			return c, true
		case v.Word("first_n", w) && len(nums) == 1 && !strings.Contains(nums[0], "-"):
			return Column{Value: "1-" + nums[0], Complement: v.Mentions("column_except", s[:len(s)-size])}, true
		case v.Word("column_joiner", w):
			s = s[:len(s)-size]
		case v.Word("column_range", w):
			s, rng = s[:len(s)-size], true
		default:
			return Column{}, false
		}
	}
}

// cjkNumBefore reads the number that ends s: digits or a Chinese count
// word.
func cjkNumBefore(s string) (n, rest string, ok bool) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i < len(s) {
		return s[i:], s[:i], true
	}
	best := ""
	for _, w := range V().Words("count_word") {
		if isHanAt(w, 0) && strings.HasSuffix(s, w) && len(w) > len(best) {
			best = w
		}
	}
	if best == "" {
		return "", s, false
	}
	val, _ := V().ValueOf("count_word", best)
	return val, s[:len(s)-len(best)], true
}

// separators reads the field separators the task names: a separator word
// ("comma", "tab") joined to or near a separator cue ("comma-separated",
// "separated by commas", "tab as the delimiter"), or in Chinese a run
// holding both ("用逗号分隔").
func separators(toks, lower, wordsOnly []string, numAt []int) []Separator {
	v := V()
	var out []Separator
	ends := func(j int) bool { return strings.HasSuffix(toks[j], ",") || strings.HasSuffix(toks[j], ";") }
	// A cue within three words, in the same clause.
	cueAt := func(i int) bool {
		for j := i - 1; j >= 0 && j >= i-3 && !ends(j); j-- {
			if v.Word("separator_cue", lower[j]) {
				return true
			}
		}
		for j := i + 1; j < len(lower) && j <= i+3 && !ends(j-1); j++ {
			if v.Word("separator_cue", lower[j]) {
				return true
			}
		}
		return false
	}
	outputAt := func(i int) bool {
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if ends(j) {
				return false
			}
			if v.Word("separator_output_cue", lower[j]) {
				return true
			}
		}
		return false
	}
	for i, w := range lower {
		w = strings.Trim(w, ",;:.()[]")
		if isHanAt(w+" ", 0) {
			for _, sw := range v.Words("separator_word") {
				if isHanAt(sw, 0) && strings.Contains(w, sw) && v.Mentions("separator_cue", w) {
					val, _ := v.ValueOf("separator_word", sw)
					out = append(out, Separator{Value: val, Word: sw, Output: v.Mentions("separator_output_cue", w), Context: []string{w}, Pos: i})
					break
				}
			}
			continue
		}
		parts := strings.Split(w, "-")
		val, ok := v.ValueOf("separator_word", parts[0])
		if !ok {
			continue
		}
		if !(len(parts) == 2 && v.Word("separator_cue", parts[1]) || len(parts) == 1 && cueAt(i)) {
			continue
		}
		ctx := append([]string{w}, clauseWindow(wordsOnly, toks, i, 3, numAt)...)
		out = append(out, Separator{Value: val, Word: w, Output: outputAt(i), Context: ctx, Pos: i})
	}
	return out
}
