package task

import (
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// Ident is an identifier the task gives that no other item of the frame
// holds: a word no prose writes (salmon_index, queryDB), a tag pair
// (SM:sample1), an identifier after a word of the lexicon class
// ident_marker ("read group ID grp1") or a word of the class given_word
// (localhost).
// The command must use it; where it goes is for its neighbour words to
// say.
type Ident struct {
	Text string `json:"text"`
	// Context holds up to two lower-cased words on each side, inside the
	// identifier's clause.
	Context []string `json:"context,omitempty"`
	Pos     int      `json:"pos"`
}

// tagPairRE is a key:value pair as tools write tags ("SM:sample1",
// "ID:grp1"): a short key of capitals, then a value; a region (chr1:100)
// has digits after the colon, a URL slashes, prose ("chr:pos") a
// lower-case key.
var tagPairRE = lazyre.New(`^[A-Z][A-Z0-9]{1,7}:[A-Za-z][\w.-]*$`)

// Values no prose writes and no other item reads: an accession with its
// version (NC_045512.2, GCF_000001405.40), a list of numbers joined by
// commas (k-mer sizes 21,41,61,81; "1,000,000" is one number) or by colons
// (quantize bins 0:1:10:50).
var (
	accessionRE = lazyre.New(`^[A-Z]{1,6}_?\d{4,}\.\d+$`)
	numListRE   = lazyre.New(`^\d+(\.\d+)?(,\d+(\.\d+)?)+$`)
	thousandsRE = lazyre.New(`^\d{1,3}(,\d{3})+$`)
	colonListRE = lazyre.New(`^\d+(:\d+){2,}$`)
)

// identShape reports a word only an identifier is written as: letters or
// digits joined by an underscore inside it (salmon_index, busco_tr) or
// with one at an end (_v2, tumor_), an
// identifier's ending (refdb, seqDB), a
// run of four or more lower-case letters followed by a capital (queryDB,
// targetDB; not "mRNA" or "MinHash"), a tag pair (SM:sample1), an
// accession with its version or a list of numbers.
func identShape(raw string) bool {
	if tagPairRE.MatchString(raw) && !RegionRE.MatchString(raw) {
		return true
	}
	if accessionRE.MatchString(raw) || colonListRE.MatchString(raw) || numListRE.MatchString(raw) && !thousandsRE.MatchString(raw) {
		return true
	}
	if !IsName(raw) || strings.ContainsAny(raw, "/.") {
		return false
	}
	if strings.Contains(strings.Trim(raw, "_-"), "_") || suffixIdent(raw) {
		return true
	}
	// a piece to add on to a name ("append _v2", "prefix tumor_"): an
	// underscore at one end of letters or digits
	if t := strings.Trim(raw, "_"); t != raw && t != "" && len(raw)-len(t) == 1 && !strings.ContainsAny(t, "_-") {
		return true
	}
	return camelIdent(raw)
}

// suffixIdent reports a word of four or more letters or digits that ends
// as only an identifier does (lexicon class ident_suffix: refdb, seqDB,
// mm_idx).
func suffixIdent(raw string) bool {
	return len(raw) >= 4 && V().Is("ident_suffix", strings.ToLower(raw))
}

// camelIdent reports four or more lower-case letters followed by two
// capitals (queryDB) or by a capitalised word (sampleName); "polyG" and
// "mRNA" are words of the prose.
func camelIdent(raw string) bool {
	rs := []rune(raw)
	k := 0
	for k < len(rs) && unicode.IsLower(rs[k]) {
		k++
	}
	if k < 4 || k+1 >= len(rs) || !unicode.IsUpper(rs[k]) {
		return false
	}
	return unicode.IsUpper(rs[k+1]) || k+2 < len(rs) && unicode.IsLower(rs[k+1]) && unicode.IsLower(rs[k+2])
}

// idents reads the identifiers the task gives that the frame holds as no
// other item; one the task turns away ("grouped by gene_name instead of
// gene_id") is not wanted, so it is no item.
func idents(toks, lower []string, fr *Frame) []Ident {
	taken := map[string]bool{}
	for _, f := range fr.Files {
		taken[f.Path] = true
	}
	for _, group := range [][]string{fr.Names, fr.Regions, fr.Sequences, fr.Quoted} {
		for _, v := range group {
			taken[v] = true
		}
	}
	for _, v := range fr.Values {
		taken[v.Text] = true
	}
	for _, kv := range append(append([]KV(nil), fr.KV...), fr.UserFlags...) {
		taken[kv.Key] = true
		taken[kv.Value] = true
		taken[kv.Key+"="+kv.Value] = true
	}
	var out []Ident
	for i, t := range toks {
		raw := strings.Trim(t, ",;()[]'\"")
		raw = strings.TrimRight(raw, ".:")
		if raw == "" || taken[raw] || strings.HasPrefix(raw, "-") || strings.HasPrefix(raw, quotedTok) || FileType(raw) != "" {
			continue
		}
		afterMarker := i > 0 && V().Word("ident_marker", lower[i-1]) && IsName(raw) && (raw != lower[i] || strings.ContainsAny(raw, "0123456789_-"))
		if !identShape(raw) && !V().Word("given_word", lower[i]) && !afterMarker {
			continue
		}
		if turnedAway(lower, i) {
			continue
		}
		taken[raw] = true
		out = append(out, Ident{Text: raw, Context: identContext(toks, lower, i), Pos: i})
	}
	return out
}

// turnedAway reports an item the words before it turn away: a word of the
// class not_wanted ("instead", "rather"), right before it or before one
// word of the class not_wanted_link ("instead of x", "rather than x").
func turnedAway(lower []string, i int) bool {
	v := V()
	if i > 0 && v.Word("not_wanted", lower[i-1]) {
		return true
	}
	return i > 1 && v.Word("not_wanted_link", lower[i-1]) && v.Word("not_wanted", lower[i-2])
}

// identContext is up to two words on each side of position i, inside its
// clause, without stop words.
func identContext(toks, lower []string, i int) []string {
	var out []string
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if strings.HasSuffix(toks[j], ",") || strings.HasSuffix(toks[j], ";") {
			break
		}
		if !Stopword(lower[j]) && lower[j] != "" {
			out = append([]string{lower[j]}, out...)
		}
	}
	if strings.HasSuffix(toks[i], ",") || strings.HasSuffix(toks[i], ";") {
		return out
	}
	for j := i + 1; j < len(toks) && j <= i+2; j++ {
		if !Stopword(lower[j]) && lower[j] != "" {
			out = append(out, lower[j])
		}
		if strings.HasSuffix(toks[j], ",") || strings.HasSuffix(toks[j], ";") {
			break
		}
	}
	return out
}
