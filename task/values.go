package task

import (
	"slices"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// Value is a value the task names in words rather than as a file or a
// number: a word right after a value marker ("model HKY+G", "species
// coli", "genome hs", "outgroup taxon Galago") or right before one that
// names what comes before it ("the arabidopsis model", "kegg 数据库"), a
// model or formula token (GTR+F+I+G4), or an all-caps literal (PASS).
type Value struct {
	Text string `json:"text"`
	// Markers are the marker words next to the value, lower-cased
	// ("outgroup", "taxon"); none for a formula or a literal.
	Markers []string `json:"markers,omitempty"`
	// Shape is "named" (after or before a marker), "formula" (letters
	// joined by '+') or "literal" (all capitals).
	Shape string `json:"shape"`
	Pos   int    `json:"pos"`
}

// Shapes of a Value.
const (
	ShapeNamed   = "named"
	ShapeFormula = "formula"
	ShapeLiteral = "literal"
	// ShapePattern is a motif or regular expression written with
	// brackets or braces ("TATA[AT]A[AT]", "N-{P}-[ST]-{P}").
	ShapePattern = "pattern"
)

var (
	formulaRE = lazyre.New(`^[A-Za-z][A-Za-z0-9]*(\+[A-Za-z0-9]+)+$`)
	literalRE = lazyre.New(`^[A-Z]{2}[A-Z0-9]+$`)
	// patternRE is a motif or a regular expression: capitals, digits and
	// pattern marks, with a bracketed or braced class of letters.
	patternRE = lazyre.New(`^[A-Z0-9.*+?^$|()x-]*(?:\[[A-Z]+\]|\{[A-Z]+\})[A-Z0-9.*+?^$|()x{}\[\],-]*$`)
)

// ShapeOf tells the shape of a value as written: "formula" (GTR+F+I+G4),
// "literal" (PASS) or "" for anything else.
func ShapeOf(v string) string {
	switch {
	case formulaRE.MatchString(v):
		return ShapeFormula
	case literalRE.MatchString(v) && !isKindWord(strings.ToLower(v)) && !SeqRE.MatchString(v):
		return ShapeLiteral
	}
	return ""
}

// valueMarker reports a word after which a bare word is a value (lexicon
// class value_marker: "model", "species", "assembly", Chinese "物种").
func valueMarker(w string) bool { return V().Is("value_marker", w) }

// values reads the values the task names in words from its tokens (as
// Parse splits them) and their lower-cased forms; words the frame already
// holds as another item are not values.
func values(toks, lower []string, fr *Frame) []Value {
	taken := map[string]bool{}
	for _, n := range fr.Names {
		taken[n] = true
	}
	for _, r := range append(append([]string(nil), fr.Regions...), fr.Sequences...) {
		taken[r] = true
	}
	var out []Value
	add := func(v Value) {
		if !taken[v.Text] {
			taken[v.Text] = true
			out = append(out, v)
		}
	}
	raw := func(i int) string { return strings.Trim(toks[i], ",;:()[].'\"") }
	for i := range toks {
		if i > 0 && V().Word("id_marker_before", strings.Trim(lower[i], ",;:.")) && !strings.HasSuffix(toks[i-1], ",") &&
			identifierShape(raw(i-1)) && valueWord(raw(i-1), strings.Trim(lower[i-1], ",;:.'\"")) && !itemAfter(toks, i, raw) {
			// "the GRCh38.105 database", "the TAIR10 genome": a word of
			// letters and digits names the database or build.
			add(Value{Text: raw(i - 1), Markers: []string{strings.Trim(lower[i], ",;:.")}, Shape: ShapeNamed, Pos: i - 1})
		}
		if !valueMarker(lower[i]) {
			// A Chinese run that begins with a marker of the word before
			// it ("nr_db 数据库做比对") names that word, as the marker
			// alone does ("kegg 数据库").
			if i > 0 && isHanAt(lower[i], 0) && V().Is("value_marker_before", lower[i]) && !strings.HasSuffix(toks[i-1], ",") && valueWord(raw(i-1), strings.Trim(lower[i-1], ",;:.'\"")) {
				sh := ShapeOf(raw(i - 1))
				if sh == "" {
					sh = ShapeNamed
				}
				add(Value{Text: raw(i - 1), Markers: []string{strings.Trim(lower[i], ",;:.")}, Shape: sh, Pos: i - 1})
			}
			continue
		}
		// "outgroup taxon Galago", "locus tag ECK": markers in a row share
		// the value after the last of them.
		j, markers := i, []string{strings.Trim(lower[i], ",;:.")}
		for j+1 < len(toks) && valueMarker(lower[j+1]) && !strings.HasSuffix(toks[j], ",") {
			j++
			markers = append(markers, strings.Trim(lower[j], ",;:."))
		}
		if j+1 < len(toks) && !strings.HasSuffix(toks[j], ",") && valueWord(raw(j+1), strings.Trim(lower[j+1], ",;:.'\"")) {
			if namingVerbBefore(toks, lower, i) {
				// "name the model nifH", "naming the model lectin_c": the
				// verb says the value is the model's name, which the
				// flag's help says too ("-n <s> name the HMM <s>")
				markers = append([]string{"name"}, markers...)
			}
			add(Value{Text: raw(j + 1), Markers: markers, Shape: ShapeNamed, Pos: j + 1})
			continue
		}
		// "the arabidopsis model" names the model by the word before it;
		// "the covariance model RF00005.cm" names it by the file after it,
		// and the word before only says what kind of model it is.
		if i > 0 && V().Is("value_marker_before", lower[i]) && !strings.HasSuffix(toks[i-1], ",") && valueWord(raw(i-1), strings.Trim(lower[i-1], ",;:.'\"")) && !itemAfter(toks, j, raw) && !compoundAfter(toks, lower, j) {
			add(Value{Text: raw(i - 1), Markers: markers, Shape: ShapeNamed, Pos: i - 1})
		}
	}
	for i := 0; i+1 < len(toks); i++ {
		// "lines that mention rs1234", "查找含有 kinase 的行": what the
		// lines must hold, a search pattern
		if V().Is("pattern_marker", strings.Trim(lower[i], ",;:.")) && !strings.ContainsAny(toks[i][len(toks[i])-1:], ",;:") {
			if w := raw(i + 1); patternWord(w, strings.Trim(lower[i+1], ",;:.'\""), isHanAt(lower[i], 0)) {
				add(Value{Text: w, Markers: []string{strings.Trim(lower[i], ",;:.")}, Shape: ShapePattern, Pos: i + 1})
			}
		}
	}
	for i := range toks {
		w := raw(i)
		if sh := ShapeOf(w); sh != "" && !V().Word("not_a_value", strings.ToLower(w)) {
			add(Value{Text: w, Shape: sh, Pos: i})
		}
		if p := strings.Trim(toks[i], ",;:.'\"`"); patternRE.MatchString(p) && FileType(p) == "" {
			// "the motif N-{P}-[ST]-{P}": the words before it say
			// what it is
			add(Value{Text: p, Markers: wordsBefore(lower, i, 2), Shape: ShapePattern, Pos: i})
		}
	}
	slices.SortStableFunc(out, func(a, b Value) int { return a.Pos - b.Pos })
	return out
}

// patternWord reports a word after a pattern marker that is a pattern the
// task gives, not prose ("contain adapters"): shaped as an identifier
// (letters and digits, or two capitals or more), or any word of letters
// after a Chinese marker, which no English prose follows.
func patternWord(raw, low string, afterHan bool) bool {
	if !valueWord(raw, low) || Stopword(low) {
		return false
	}
	caps := len(raw) >= 2 && strings.ToUpper(raw) == raw && strings.ContainsFunc(raw, unicode.IsLetter)
	return identifierShape(raw) || caps || afterHan && isWord(low)
}

// namingVerbBefore reports a naming_verb right before the value marker
// at i, stop words between them left out, in the same clause ("name the
// model", "naming the sample").
func namingVerbBefore(toks, lower []string, i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if strings.ContainsAny(toks[k][len(toks[k])-1:], ",;:") {
			return false
		}
		w := strings.Trim(lower[k], ",;:.'\"")
		if V().Word("naming_verb", w) {
			return true
		}
		if !Stopword(w) {
			return false
		}
	}
	return false
}

// wordsBefore returns up to n content words right before i in its
// clause, in task order.
func wordsBefore(lower []string, i, n int) []string {
	var out []string
	for j := i - 1; j >= 0 && len(out) < n; j-- {
		w := strings.Trim(lower[j], ",;:()'\"")
		if w != lower[j] && strings.ContainsAny(lower[j][len(lower[j])-1:], ",;:") || w == "" {
			break
		}
		if !Stopword(w) {
			out = append(out, w)
		}
	}
	slices.Reverse(out)
	return out
}

// identifierShape reports a word of letters and digits both, a release
// or build's name (GRCh38.105, hg19, TAIR10) rather than a word.
func identifierShape(w string) bool {
	return strings.ContainsFunc(w, unicode.IsLetter) && strings.ContainsFunc(w, unicode.IsDigit)
}

// compoundAfter reports a word right after the marker at j, in its
// clause, that makes the two one noun ("model selection", "model test"):
// the word before them qualifies that noun, it names no model
// ("ModelFinder Plus model selection").
func compoundAfter(toks, lower []string, j int) bool {
	return j+1 < len(toks) && !strings.ContainsAny(toks[j][len(toks[j])-1:], ",;:") && V().Word("not_a_value", strings.Trim(lower[j+1], ",;:.'\""))
}

// itemAfter reports a file or a number right after the marker at j, in
// the same clause: the item the marker names.
func itemAfter(toks []string, j int, raw func(int) string) bool {
	if j+1 >= len(toks) || strings.HasSuffix(toks[j], ",") {
		return false
	}
	w := raw(j + 1)
	return FileType(w) != "" || NumberRE.MatchString(w)
}

// valueWord reports a word that may be a value named after a marker: an
// identifier that is not a file, number, region, flag, Chinese run, word
// of the prose (stop words, markers, verb forms) or a file kind ("genome
// FASTA" names a format, not a genome).
func valueWord(raw, low string) bool {
	switch {
	case raw == "" || strings.HasPrefix(raw, "-") || strings.HasPrefix(raw, quotedTok) || isHanAt(raw, 0):
		return false
	case !IsName(raw) && !formulaRE.MatchString(raw):
		return false
	case FileType(raw) != "" || NumberRE.MatchString(raw) || RegionRE.MatchString(raw):
		return false
	case Stopword(low) || valueMarker(low) || notAName(low) || isOutputMarker(low) || isKindWord(low):
		return false
	case V().Word("not_a_value", low) || V().Is("input_marker", low):
		return false
	}
	return true
}
