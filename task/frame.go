// Package task parses a plain-language task once into a typed Frame: the
// files it names with their kind, compression and role, numbers with the
// words around them, names, regions, quoted strings, sequences, key=value
// pairs, the flags the user typed, and pipes or redirections the user
// wrote. Stage 3, Stage 5, explain and the model prompt read this one value.
package task

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// Frame is a task parsed once: the typed values it names.
type Frame struct {
	Files   []File   `json:"files,omitempty"`
	Numbers []Number `json:"numbers,omitempty"`
	Regions []string `json:"regions,omitempty"`
	Quoted  []string `json:"quoted,omitempty"`
	// KV are key=value pairs (K=5, in=reads.fq).
	KV []KV `json:"kv,omitempty"`
	// UserFlags are flags written in the task ("-k 31").
	UserFlags []KV `json:"user_flags,omitempty"`
	// Names are bare words the task names as outputs or prefixes ("named
	// genome_idx", "prefix sample1").
	Names []string `json:"names,omitempty"`
	// NameWords are the words of each name's clause before it, up to
	// three that are no stop words, and a name word right after it ("the
	// index prefix hg38": index, prefix; "用 salmon_index 索引": 索引).
	NameWords map[string][]string `json:"-"`
	// QuotedWords are the words before each quoted string, as NameWords
	// ("titled 'RNA batch 2'": titled).
	QuotedWords map[string][]string `json:"-"`
	// SequenceWords are the words before each sequence, as NameWords
	// ("the 3' adapter AGATCGGAAGAGC": adapter).
	SequenceWords map[string][]string `json:"-"`
	// Dirs are the Names the task calls a directory or folder ("output
	// directory parts", "into the genome directory", "输出到 x 目录").
	Dirs []string `json:"dirs,omitempty"`
	// Sequences are nucleotide sequences (adapters, primers): AGATCGGAAGAGC.
	Sequences []string `json:"sequences,omitempty"`
	// Idents are identifiers the task gives that no other item holds and
	// no prose writes ("用 salmon_index 索引", "SM:sample1", "queryDB",
	// "localhost"): the command must use them, wherever they go.
	Idents []Ident `json:"idents,omitempty"`
	// Values are values the task names in words (Values reads them).
	Values []Value `json:"values,omitempty"`
	// Columns are the columns or fields the task names ("the first three
	// columns" → 1-3); Separators the field separators ("comma-separated"
	// → ","). Numbers read into a column list are not Numbers too.
	Columns    []Column    `json:"columns,omitempty"`
	Separators []Separator `json:"separators,omitempty"`
	// Redirect is the file after a ">" (or ">>", then Append is set) the
	// user typed after the first command; Pipe is what follows the first
	// command's "|" or "&&", as written. Commands holds every command the
	// user typed (SplitCommands) when there is more than one or a
	// redirection; the other fields describe the first command only.
	Redirect string    `json:"redirect,omitempty"`
	Append   bool      `json:"append,omitempty"`
	Pipe     string    `json:"pipe,omitempty"`
	Commands []Segment `json:"commands,omitempty"`
}

// File is a file named in the task.
type File struct {
	Path string `json:"path"`
	// Type is the file's kind from its extension (bam, fasta, fastq, vcf,
	// bed, gtf, …) or "file".
	Type string `json:"type"`
	// Output is true when the words before it mark it as a destination
	// ("into x", "to x", "output x", "-o x").
	Output bool `json:"output,omitempty"`
	// Role is "output", "reference" (a file read against: "to ref.fa") or
	// "" for an input.
	Role string `json:"role,omitempty"`
	// Compression is the compression suffix ("gz", "bz2"), if any.
	Compression string `json:"compression,omitempty"`
	Pos         int    `json:"pos"`
}

// Number is a number and the words around it.
type Number struct {
	Value string `json:"value"`
	// Context holds up to three lower-cased words on each side.
	Context []string `json:"context"`
	// Unit is the unit written with the number ("G", "%", "bp"), if any.
	Unit string `json:"unit,omitempty"`
	// Memory is the suffix letter of a unit of memory written apart after
	// it ("2 GB": G; lexicon class memory_size), if any.
	Memory string `json:"memory,omitempty"`
	// After is the lower-cased word the number follows, so a caller can
	// tell a number that ends a name ("Bowtie 2") from a value.
	After string `json:"-"`
	Pos   int    `json:"pos"`
	// Bound is "low" or "high" for the first and second number of a
	// range ("between 100 and 600"), else "".
	Bound string `json:"bound,omitempty"`
	// Limit is "low" or "high" for a number a phrase before it says is a
	// least or a most ("at least 5 runs", "at most 3 rounds"; lexicon
	// classes bound_low_phrase and bound_high_phrase), else "".
	Limit string `json:"limit,omitempty"`
	// Compared is the comparison a Limit was read from ("shorter than",
	// "小于"), "" when a bound phrase gave it ("at least"): a help may
	// say the bound with the same comparison ("reads shorter than
	// length_required will be discarded") rather than "minimum".
	Compared string `json:"-"`
	// Removes: the clause of a Compared limit removes what the
	// comparison names ("discard reads shorter than 50"). A help says
	// the bound with the same comparison only when it removes too (-l
	// "reads shorter than length_required will be discarded"); "only
	// print sequences longer than the minimum length" keeps what it names.
	Removes bool `json:"-"`
	// Counts is the noun right after the number when it says what the
	// number counts (lexicon class count_noun: "2 reads", "8 lines"), so
	// a flag whose help counts something else ("print the first NUM
	// bytes") does not take it.
	Counts string `json:"-"`
	// Noun is the lower-cased word right after the number, past a unit
	// written apart, when it is a word of letters and no stop word ("97%
	// identity", "4 parts", "500 bp windows"): what the number is of, which a
	// flag's name may say (-perc_identity, --by-part).
	Noun string `json:"-"`
	// Used is set by the stage that gives the number a place.
	Used bool `json:"-"`
}

// KV is a key and a value.
type KV struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// isKindWord reports a file kind named as a word ("to BAM", "as FASTA"):
// a format, not a name.
func isKindWord(w string) bool {
	_, ok := V().KindOf(w)
	return ok
}

// formatList reports "a/b/c" whose parts are all format names.
func formatList(p string) bool {
	for _, part := range strings.Split(strings.ToLower(p), "/") {
		if _, ok := V().KindOf(part); !ok {
			return false
		}
	}
	return true
}

// FileType returns the kind of a file name, or "" when it does not look
// like a file.
func FileType(p string) string {
	v := V()
	if p == "." || p == "./" {
		return "dir" // the current directory
	}
	z, b := v.Compression(strings.ToLower(filepath.Base(p)))
	i := strings.LastIndexByte(b, '.')
	// A compressed file whose name has no extension a kind lists ("nr.gz",
	// "prot.accession2taxid.gz") is still a file.
	compressedName := z != "" && plainName(b)
	if i <= 0 || i == len(b)-1 {
		if compressedName {
			return "file"
		}
		// A path without an extension is a file or directory ("data/raw"),
		// but not a list of formats in prose ("pgen/pvar/psam").
		if strings.Contains(p, "/") && !strings.HasSuffix(p, "/") && !formatList(p) && !shortPair(p) && !prosePair(p) && !digitsPath(p) {
			return "file"
		}
		return ""
	}
	if t, ok := v.KindOf(b[i+1:]); ok {
		return t
	}
	if strings.Contains(p, "/") || genericName(b, i) || compressedName {
		return "file"
	}
	return ""
}

// valueBeforeAside returns the value a flag written in an aside names: "put
// 0/0 (the -R option)", "use 8 threads (-p)". The flag opens the aside, or
// follows one word of it; the value stands just before the aside, or
// before the one word that says what it counts.
func valueBeforeAside(toks []string, i int) (string, bool) {
	k := i
	if !strings.HasPrefix(toks[k], "(") {
		k--
	}
	if k < 1 || k < i-1 || !strings.HasPrefix(toks[k], "(") || k < i && !isWord(strings.TrimPrefix(toks[k], "(")) {
		return "", false
	}
	value := func(t string) bool {
		return t != "" && !strings.ContainsAny(t[len(t)-1:], ",;") && (NumberRE.MatchString(t) || !isWord(t) && !TypedFlag(t) && !strings.HasPrefix(t, quotedTok))
	}
	prev := toks[k-1]
	if value(prev) {
		return prev, true
	}
	if k >= 2 && isWord(prev) && NumberRE.MatchString(toks[k-2]) {
		return toks[k-2], true
	}
	return "", false
}

// digitsPath reports parts of digits and dots joined by slashes: a
// genotype ("0/0", "./."), a ratio or a date, no path.
func digitsPath(p string) bool {
	return strings.Trim(p, "0123456789./") == "" && strings.ContainsAny(p, "0123456789.")
}

// prosePair reports words joined by slashes that prose pairs (lexicon
// class pair_prose_word: "up/downstream", "upper/lower",
// "observed/expected"), every one of them: no path.
func prosePair(p string) bool {
	for _, part := range strings.Split(strings.ToLower(p), "/") {
		if !V().Word("pair_prose_word", part) {
			return false
		}
	}
	return true
}

// qualifyingPair reports two lower-case words joined by a slash that
// qualify the noun after them ("its exon/intron structure", "read/write access"): a
// path names a place and is followed by a preposition, a comma, the end
// of the task, or a word that calls it a directory ("the out/run
// directory"), never by the noun it describes. Capitals make a value
// ("the INFO/DP and FORMAT/AD annotations": tags to remove).
func qualifyingPair(toks, lower []string, i int) bool {
	a, b, ok := strings.Cut(strings.Trim(toks[i], ",;()[]"), "/")
	if !ok || strings.ToLower(a) != a || strings.ToLower(b) != b || !isWord(a) || !isWord(b) || len(a) < 2 || len(b) < 2 || i+1 >= len(lower) || strings.ContainsAny(toks[i][len(toks[i])-1:], ",;") {
		return false
	}
	return contentWordAt(lower, i+1) && !V().Is("name_marker_before", lower[i+1])
}

// shortPair reports two short capitalised words joined by a slash, as
// prose writes alleles and fields ("REF/ALT", "A/T"), or a word and a
// single capital letter ("stop/X" characters): no path. Lower-case short
// parts may well be one ("ref/tx").
func shortPair(p string) bool {
	a, b, ok := strings.Cut(p, "/")
	short := func(w string) bool {
		if w == "" || len(w) > 3 {
			return false
		}
		for _, r := range w {
			if !unicode.IsUpper(r) {
				return false
			}
		}
		return true
	}
	letter := func(w string) bool { return len(w) == 1 && unicode.IsUpper(rune(w[0])) }
	return ok && (short(a) && short(b) || letter(a) && isWord(b) || letter(b) && isWord(a))
}

// plainName reports a lower-cased name of letters, digits, '_', '-' and
// '.' that starts with a letter or digit and ends with neither '.' nor '-'.
func plainName(b string) bool {
	if b == "" || !(b[0] >= 'a' && b[0] <= 'z' || b[0] >= '0' && b[0] <= '9') || strings.HasSuffix(b, ".") || strings.HasSuffix(b, "-") {
		return false
	}
	for _, r := range b {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

// maxGenericExt is the longest extension of no known kind a file name
// may have: EMBOSS programs name their reports after themselves
// (a_b.wordmatch, spike.antigenic).
const maxGenericExt = 12

// maxPunctExt is the longest extension of no known kind that may hold
// "_" or "-": longer ones with them are jq paths or prose, not files.
const maxPunctExt = 8

// genericName accepts a file name whose extension no kind lists
// ("c.dat", "run.log2", "contigs.kreport", "spike.antigenic"): an
// identifier, a dot, and 2 to maxGenericExt lower-case letters or digits
// starting with a letter. Prose ("e.g.", "v1.2") is not.
func genericName(b string, dot int) bool {
	ext := b[dot+1:]
	if len(ext) < 2 || len(ext) > maxGenericExt || ext[0] < 'a' || ext[0] > 'z' {
		return false
	}
	for _, r := range b {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	// A long extension is letters and digits alone: a jq path
	// (".summary.total_reads") is no file.
	return len(ext) <= maxPunctExt || !strings.ContainsAny(ext, "_-")
}

var (
	RegionRE = lazyre.New(`^(chr[\w.]*|[A-Za-z0-9_.]+):\d[\d,]*(-\d[\d,]*)?$|^chr[0-9XYMxym]+$`)
	NumberRE = lazyre.New(`^(\d+(\.\d+)?([eE][-+]?\d+)?|\d+(\.\d+)?([kKmMgGtT][bB]?|%|x|bp|kb|mb|gb))$`)
	// ordinalRE is a number written as an ordinal: "3rd", "10th".
	ordinalRE = lazyre.New(`^(\d+)(?:st|nd|rd|th)$`)
	// joinedNumberRE is a number joined to a word by a hyphen: "25-mers".
	joinedNumberRE = lazyre.New(`^(\d+(?:\.\d+)?)-([A-Za-z]+)$`)
	// sciRE is a number in scientific notation (an e-value, 1e-10): no unit.
	sciRE    = lazyre.New(`^\d+(\.\d+)?[eE][-+]?\d+$`)
	kvRE     = lazyre.New(`^([A-Za-z][\w.-]*)=(\S+)$`)
	quotedRE = lazyre.New(`"([^"]*)"|'([^']*)'|“([^”]*)”`)
	// SeqRE matches adapter or primer sequences, IUPAC codes allowed, with
	// cutadapt's anchors (^ $) and linked adapters (...).
	SeqRE = lazyre.New(`^\^?[ACGTUNRYSWKMBDHV]{6,}\$?(\.\.\.\^?[ACGTUNRYSWKMBDHV]{6,}\$?)?$`)
)

// quotedTok marks where a quoted string stood in the task.
const quotedTok = "\x00q"

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// notAName rules out words that follow a name word but are not names:
// other name words and verb forms ("index idx allowing …").
func notAName(w string) bool {
	return V().Word("not_a_name", w) || len(w) > 4 && V().Is("verb_ending", w)
}

// nameAt reports whether the bare word at i is a name the task gives: it
// follows a name word ("database nr", "prefix hg38", "name it prot_db"),
// or an output word ("into se_out", "results in s_quant") and looks like an
// identifier. After "name" and after output words only identifier-like
// words count ("name sample1", not "by read name output"), unless a noun
// of the lexicon class name_noun says whose name it is ("sample name
// liver"); after such a noun alone, a word that ends its clause is its
// name ("sample ctrl, 4 threads"); so is a plain word after "name" when the
// two make a clause of their own (nameOpens: "…, name pooled").
func nameAt(lower []string, i int, raw string, clauseEnd, nameOpens bool) bool {
	if i == 0 {
		return false
	}
	ident := strings.ContainsAny(raw, "0123456789_-") || raw != lower[i]
	prev := lower[i-1]
	v := V()
	if v.Word("name_pronoun", prev) && i > 1 && v.Word("name_marker", lower[i-2]) {
		prev = lower[i-2]
	}
	if ident && strings.ContainsAny(raw, "_0123456789") && v.Word("determiner", prev) && i > 1 && v.Word("against_word", lower[i-2]) {
		prev = lower[i-2] // "against the nr_subset protein db"
	}
	switch {
	case v.Is("name_marker", prev) && prev != "name":
		return true
	case prev == "name" && i > 1 && v.Word("name_noun", lower[i-2]):
		return ident || clauseEnd // "…, sample name liver"
	case v.Word("name_noun", prev) && clauseEnd:
		return true // "…, sample ctrl, 4 threads"
	case isOutputMarker(prev) && i > 1 && v.Word("example_lead", lower[i-2]):
		return false // "tools such as StringTie": an example, no output
	case prev == "name" && clauseEnd && nameOpens:
		// "…, mouse genome, name pooled": "name" opens its clause and the
		// word after it ends it; "sorted by read name" has a word before.
		return plainNameEnds(lower, i, clauseEnd) && !notAName(lower[i])
	case prev == "name" || isOutputMarker(prev):
		return ident
	case prev == "in" && i > 1 && v.Word("results_word", lower[i-2]):
		return ident
	case v.Word("against_word", prev):
		// "search q.fa against genome_db": a database or index named
		// without a file extension; "blastp q.faa against nr with …": a
		// plain word that ends its phrase, after "against".
		if ident && strings.ContainsAny(raw, "_0123456789") {
			return true
		}
		return v.Word("database_preposition", prev) && plainNameEnds(lower, i, clauseEnd)
	}
	return false
}

// plainNameEnds reports a plain word at i that may be a name by itself:
// no reference word, value marker or file kind, and its phrase ends after
// it (a comma, a stop word, a conjunction, or the task's end).
func plainNameEnds(lower []string, i int, clauseEnd bool) bool {
	w, v := lower[i], V()
	if v.Mentions("reference_word", w) || valueMarker(w) || isKindWord(w) {
		return false
	}
	if clauseEnd || i+1 >= len(lower) {
		return true
	}
	next := lower[i+1]
	return Stopword(next) || v.Word("conjunction", next)
}

// givenName reports whether the bare word at i is a name the task gives:
// one nameAt reads after a name word, one nameBefore reads before a word
// that names it ("the genome directory"), or a verb form that ends its
// clause right after a name word ("output prefix polished,", "to the
// directory paired", "…, name pooled"), which no prose ends a clause with.
func givenName(toks, lower []string, i int, raw string) bool {
	low := lower[i]
	clauseEnd := i == len(toks)-1 || strings.ContainsAny(toks[i][len(toks[i])-1:], ",;")
	// "name" opens its clause: the task's start or a comma before it.
	nameOpens := i == 1 || i > 1 && strings.ContainsAny(toks[i-2][len(toks[i-2])-1:], ",;")
	if notAName(low) {
		marker := i > 0 && V().Is("name_marker", lower[i-1]) && (lower[i-1] != "name" || nameOpens)
		return clauseEnd && marker && !V().Word("not_a_name", low)
	}
	marked := i > 0 && V().Is("name_marker", lower[i-1])
	if capitalOnly(raw) && !clauseEnd && i+1 < len(lower) && contentWordAt(lower, i+1) && !marked {
		// "生成 MinHash 草图", "Ballgown tables": a capitalised word that
		// qualifies the noun after it names a kind of thing, not a thing;
		// after a name marker ("名为 Pkinase 的模型") it is a name.
		return false
	}
	// A name word in another clause ("without any database, tabular
	// output") names nothing here.
	after := i > 0 && !strings.ContainsAny(toks[i-1][len(toks[i-1])-1:], ",;")
	return after && nameAt(lower, i, raw, clauseEnd, nameOpens) || nameBefore(toks, lower, i, raw)
}

// nameInList reports a word joined to the name at last by a comma or a
// conjunction ("named contam1 and contam2", "samples s1, s2 and s3"),
// written in the same shape (letters then digits): the list goes on.
func nameInList(toks, lower []string, i, last int, raw string) bool {
	switch {
	case last < 0 || i <= last:
		return false
	case i-last == 1:
		if !strings.HasSuffix(toks[last], ",") {
			return false
		}
	case i-last == 2:
		if strings.ContainsAny(toks[last][len(toks[last])-1:], ",;") && lower[i-1] != "and" || !V().Word("conjunction", lower[i-1]) {
			return false
		}
	default:
		return false
	}
	return shapeOf(raw) == shapeOf(strings.Trim(toks[last], ",;")) && strings.ContainsAny(raw, "0123456789_")
}

// shapeOf writes a word's letters as a and digits as 9, runs collapsed
// ("contam1" → a9, "s_12" → a_9).
func shapeOf(w string) string {
	var b strings.Builder
	last := rune(0)
	for _, r := range w {
		c := r
		switch {
		case unicode.IsLetter(r):
			c = 'a'
		case unicode.IsDigit(r):
			c = '9'
		}
		if c != last {
			b.WriteRune(c)
		}
		last = c
	}
	return b.String()
}

// nameWords returns the words that say what the name at i is: up to
// three words of its clause before it that are no stop words, and the
// name word after it, if one follows.
func nameWords(toks, lower []string, i int) []string { return valueWords(toks, lower, i, false) }

// quotedWords are nameWords for a quoted string, read across the files of
// its clause: "set the description line of clone7.fa to 'putative
// kinase'" describes the string by the words before the file.
func quotedWords(toks, lower []string, i int) []string { return valueWords(toks, lower, i, true) }

// valueWords are the words nameWords reads; acrossFiles skips the files
// of the clause rather than stopping at the first.
func valueWords(toks, lower []string, i int, acrossFiles bool) []string {
	var out []string
	j := i - 1
	for ; j >= 0 && len(out) < 3; j-- {
		if strings.ContainsAny(toks[j][len(toks[j])-1:], ",;:") {
			break
		}
		w := strings.Trim(lower[j], ",;:()[]'\"")
		if acrossFiles && FileType(w) != "" {
			continue
		}
		if w == "" || FileType(w) != "" || NumberRE.MatchString(w) {
			break
		}
		if !Stopword(w) {
			out = append(out, w)
		}
	}
	slices.Reverse(out)
	// A clause a naming verb opens names the value whatever stands
	// between ("rename the sequence in x.fa to HIV1_cons"): "name" joins
	// its words, so a flag whose help says "name" fits it. A value with
	// words of its own needs none, and "call" is mostly another verb here
	// ("call variants in x.bam with sample name S1").
	if v := namingVerbOf(toks, lower, j); v != "" && len(out) == 0 {
		out = append([]string{v, "name"}, out...)
	}
	if i+1 < len(lower) && !strings.ContainsAny(toks[i][len(toks[i])-1:], ",;") && V().Is("name_marker_before", lower[i+1]) {
		out = append(out, lower[i+1])
	}
	return out
}

// namingVerbOf is the naming verb (lexicon class naming_verb) that opens
// the clause at or before toks[j], within eight words, or "".
func namingVerbOf(toks, lower []string, j int) string {
	if j >= 0 && strings.ContainsAny(toks[j][len(toks[j])-1:], ",;:.") {
		return "" // the clause before
	}
	for k := j; k >= 0 && k > j-8; k-- {
		w := strings.Trim(lower[k], ",;:()[]'\"")
		if V().Word("naming_verb", w) {
			return w
		}
		if k > 0 && strings.ContainsAny(toks[k-1][len(toks[k-1])-1:], ",;:.") {
			return ""
		}
	}
	return ""
}

// primeEnd is the end of a strand the clause names before toks[i]
// ("the 3' adapter AGATCGGAAGAGC", "the 5′ primer"; lexicon class
// strand_end), as the task writes it, or none: the end tells a 3'
// adapter's flag from a 5' one.
func primeEnd(toks []string, i int) []string {
	for j := i - 1; j >= 0 && j >= i-4; j-- {
		if t := strings.ToLower(strings.Trim(toks[j], ",;:()[]\"")); V().Word("strand_end", t) {
			return []string{t}
		}
		if strings.ContainsAny(toks[j][len(toks[j])-1:], ",;:") {
			break
		}
	}
	return nil
}

// placeAround reports a name the words next to it call a place: a
// place_word right before it ("output directory parts", "输出目录 x") or
// right after it ("the genome directory", "x 目录").
func placeAround(toks, lower []string, i int) bool {
	v := V()
	if i > 0 && v.Is("place_word", lower[i-1]) {
		return true
	}
	return i+1 < len(lower) && !strings.ContainsAny(toks[i][len(toks[i])-1:], ",;") && v.Is("place_word", lower[i+1])
}

// capitalOnly reports a word whose only mark of an identifier is a capital
// letter: no digit, '_', '-' or '.'.
func capitalOnly(raw string) bool {
	return raw != strings.ToLower(raw) && !strings.ContainsAny(raw, "0123456789_-.")
}

// contentWordAt reports a word at j that says what a word before it
// qualifies: a Chinese run, or a word of letters that is no stop word,
// marker or conjunction.
func contentWordAt(lower []string, j int) bool {
	w := lower[j]
	if w == "" || FileType(w) != "" || NumberRE.MatchString(w) {
		return false
	}
	if isHanAt(w, 0) {
		return true
	}
	return isWord(w) && !Stopword(w) && !isOutputMarker(w) && !V().Word("conjunction", w) && !V().Is("input_marker", w)
}

// nameBefore reports a bare word right before a word of the class
// name_marker_before that names it ("用 salmon_index 索引", "the fastqc_out
// directory"): an identifier with '_', or, before a place (class
// place_word) after an output marker, one with digits or '_' or a plain
// word after a determiner ("into the downloads folder"). The
// marker must end the phrase: when a word follows it that is no stop word
// ("the work directory smr_work"), that word is the name.
func nameBefore(toks, lower []string, i int, raw string) bool {
	v := V()
	if i+1 >= len(lower) || strings.ContainsAny(toks[i][len(toks[i])-1:], ",;") {
		return false
	}
	// "the swissprot database: e-value …": a colon ends the phrase too
	next := strings.TrimSuffix(lower[i+1], ":")
	if !v.Is("name_marker_before", next) {
		return false
	}
	if !isHanAt(next, 0) && i+2 < len(lower) && !strings.ContainsAny(toks[i+1][len(toks[i+1])-1:], ",;:") {
		if after := lower[i+2]; !Stopword(after) && !isHanAt(after, 0) && !v.Word("conjunction", after) {
			return false
		}
	}
	if !v.Is("place_word", next) {
		// "a bowtie2 index", "the HISAT2 index": a tool's name says
		// which index, so only an identifier no prose writes names one,
		// or a word read against ("against the swissprot database"):
		// what a task searches against is a database it names.
		against := i > 1 && v.Word("determiner", lower[i-1]) && v.Word("database_preposition", lower[i-2]) &&
			!v.Mentions("reference_word", lower[i]) && !valueMarker(lower[i]) && !isKindWord(lower[i]) && !commonHelpWord(lower[i])
		return strings.Contains(raw, "_") || against
	}
	// A place is a name only as a destination ("into the downloads
	// folder", "输出到 out_dir 目录"); a directory the task reads ("a
	// report for the fastqc_out directory") is an input, no output name.
	det := i > 1 && v.Word("determiner", lower[i-1])
	if !(i > 0 && markerAt(lower, i-1) || det && markerAt(lower, i-2)) {
		return false
	}
	// Chinese has no determiner: a word between a Chinese marker and a
	// Chinese place ("结果放到 qc 目录") is the place's name.
	han := i > 0 && isHanAt(lower[i-1], 0) && isHanAt(next, 0)
	return det || han || strings.ContainsAny(raw, "0123456789_")
}

// commonHelpWord reports a word, or its stem, that many tools' helps use
// (lexicon class common_help_word: "protein", "local", "custom"): it
// qualifies a noun ("against the protein database") rather than naming a
// thing of the user's.
func commonHelpWord(w string) bool {
	v := V()
	if v.Word("common_help_word", w) {
		return true
	}
	for _, suf := range v.Suffixes("stem_ending") {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) && v.Word("common_help_word", strings.TrimSuffix(w, suf)) {
			return true
		}
	}
	return false
}

// writeVerbBefore reports a writing verb shortly before position j, with
// no file between ("write them to long.fa", "write the unique sequences
// to x.fa"), within five words not in parentheses: then "to" names a
// destination even for a FASTA. Numbers and stop words are not counted.
func writeVerbBefore(toks, lower []string, j int) bool {
	seen := 0
	for k := j - 1; k >= 0 && seen < 5; k-- {
		if V().Word("write_verb", lower[k]) {
			return true
		}
		if FileType(lower[k]) != "" {
			return false
		}
		// An aside in parentheses ("the spliced transcript (exon)
		// sequences to x.fa") does not take the verb further away, nor do
		// a number and stop words ("write ORFs of at least 50 aa to x.fa").
		aside := strings.HasPrefix(toks[k], "(") && strings.HasSuffix(toks[k], ")")
		if !aside && !NumberRE.MatchString(lower[k]) && !Stopword(lower[k]) {
			seen++
		}
	}
	return false
}

// writtenFromFile reports "to" at j right after a file in a clause that a
// writing verb opens ("Write the proteins of x.gtf using genome g.fa to
// p.faa"): the file after it is where the writing goes, not a second
// reference.
func writtenFromFile(toks, lower []string, j int) bool {
	if j < 1 || FileType(lower[j-1]) == "" {
		return false
	}
	k := j - 1
	for k > 0 && !strings.ContainsAny(toks[k-1][len(toks[k-1])-1:], ",;") {
		k--
	}
	return V().Word("write_verb", lower[k])
}

// outputBefore looks back from a file at position i over filler words
// ("as compressed VCF x", "into one multi-sample BAM x") for a word that
// makes it an output.
func outputBefore(lower []string, i int) bool {
	for j := i - 1; j >= 0 && j >= i-5; j-- {
		w := lower[j]
		if markerAt(lower, j) {
			return j == i-1 || !V().Word("toward", w) || fillerWord(lower[i-1])
		}
		// The file's own kind named before it ("a single sketch x.msh")
		// is a filler word too.
		if FileType(w) != "" || V().Word("input_marker", w) || !(fillerWord(w) || isAdjective(w) || w == FileType(lower[i])) {
			return false
		}
	}
	return false
}

// madeNow reports a file right after a verb that makes one (lexicon
// makes_file_verb: "Make interleaved.fq", "create ref.dict"): the file is
// what the command writes.
func madeNow(lower []string, i int) bool {
	return i > 0 && V().Word("makes_file_verb", lower[i-1])
}

// madeKind reports a file of the kind the task says it makes: a verb
// that makes (lexicon class makes_verb) with the kind's name a few words
// after it, or the kind's name opening the task as its verb ("index
// cdna.fa …, index file cdna_k25.idx", "build a kallisto index … from
// yeast_tx.fa, index file yeast_k23.idx"). A file read from ("from
// x.idx") is none.
func madeKind(toks, lower []string, i int, kind string) bool {
	if kind == "" || kind == "file" || i == 0 || V().Word("made_from_word", lower[i-1]) || V().Word("input_marker", lower[i-1]) {
		return false
	}
	if lower[0] == kind && FileType(lower[0]) == "" {
		return true
	}
	for k := 0; k < i; k++ {
		if !V().Word("makes_verb", lower[k]) {
			continue
		}
		for j := k + 1; j < i && j <= k+4; j++ {
			if FileType(lower[j]) != "" || strings.ContainsAny(toks[j-1][len(toks[j-1])-1:], ",;") {
				break
			}
			w := strings.Trim(lower[j], ",;")
			if k, ok := V().ValueOf("kind_name", w); w == kind || ok && k == kind {
				return true
			}
		}
	}
	return false
}

// storedIn reports a file after "in" (lexicon class stored_in_word) that
// ends its clause, a verb that stores (class stores_in_verb) a few words
// before with no file between: "save them as BAM in x.bam" names where the result goes;
// "write the reads in x.bam to y.fq" does not (x.bam ends no clause). A
// conjunction before a word that is no file ends the clause too ("put the
// display in x.sixpack and write …"); before a file it joins two files
// ("in a.bam and b.bam").
func storedIn(toks, lower []string, i int) bool {
	if i < 2 || !V().Word("stored_in_word", lower[i-1]) || i+1 < len(toks) && !strings.ContainsAny(toks[i][len(toks[i])-1:], ",;.") && !clauseJoinedAt(lower, i+1) {
		return false
	}
	return wordBefore(toks, lower, i-1, 6, "stores_in_verb")
}

// clauseJoinedAt reports a conjunction at j that opens another clause:
// the word after it is no file.
func clauseJoinedAt(lower []string, j int) bool {
	return V().Word("conjunction", lower[j]) && j+1 < len(lower) && FileType(lower[j+1]) == ""
}

// wordBefore reports a word of the lexicon class at most n words before
// token i, with no file and no clause end between.
func wordBefore(toks, lower []string, i, n int, class string) bool {
	for k := i - 1; k >= 0 && k >= i-n; k-- {
		if V().Word(class, lower[k]) {
			return true
		}
		if FileType(lower[k]) != "" || strings.ContainsAny(toks[k][len(toks[k])-1:], ",;") {
			return false
		}
	}
	return false
}

// madeFrom reports a file a verb that makes (lexicon class makes_verb)
// opens a few words before, with no file between, that "from" and another
// file follow within a few words: "build a profile HMM kinase.hmm from
// the Stockholm alignment kinase.sto" names kinase.hmm as what is made.
func madeFrom(toks, lower []string, i int) bool {
	from := i + 1
	if from+1 < len(lower) && lower[from] == "out" && lower[from+1] == "of" {
		from++ // "make the index tx.idx out of tx.fa"
	}
	if from >= len(toks) || !V().Word("made_from_word", lower[from]) || strings.ContainsAny(toks[i][len(toks[i])-1:], ",;") || V().Reference(FileType(lower[i])) && !wordBefore(toks, lower, i, 4, "makes_verb") {
		// (an index, a FASTA: what an aligner reads, made or not, unless
		// the verb that makes it stands right before: "build the index
		// tx.idx from tx.fa")
		return false
	}
	source := false
	for k := from + 1; k < len(lower) && k <= from+5; k++ {
		if FileType(lower[k]) != "" {
			source = true
			break
		}
		if strings.ContainsAny(toks[k][len(toks[k])-1:], ",;") {
			break
		}
	}
	return source && wordBefore(toks, lower, i, 6, "makes_verb")
}

// isAdjective accepts descriptive words between a marker and a file
// ("one", "multi-sample", "gzipped", "bgzip-compressed").
func isAdjective(w string) bool {
	if w == "" || isHanAt(w, 0) {
		return false
	}
	return strings.Contains(w, "-") || V().Is("adjective", w)
}

// fillerWord is a word that may sit between an output marker and the file
// ("into the file x", "to bam out.bam", "as a sorted x", "输出 SAM 文件 x").
func fillerWord(w string) bool {
	if V().Is("filler", w) {
		return true
	}
	// A short Chinese run ending in the attributive particle describes
	// the file after it ("输出 bgzip 压缩的 x.vcf.gz": compressed).
	if r := []rune(w); len(r) > 1 && len(r) <= MaxAttributiveRunes && isHanAt(w, 0) && V().Is("attributive_particle", w) {
		return true
	}
	_, isType := V().KindOf(w)
	return isType
}

// MaxAttributiveRunes bounds the Chinese run read as a modifier: a longer
// run ending in 的 holds more than a state word.
const MaxAttributiveRunes = 5

// cjkUnitAt reports a token that starts with a Chinese unit the number
// pattern reads ("个线程", "内存").
func cjkUnitAt(t string) bool {
	return V().Is("unit_start", t)
}

// isOutputMarker reports whether a (lower-cased) token marks the next file
// as an output.
func isOutputMarker(w string) bool {
	return V().Is("output_marker", w)
}

// markerAt reports whether token j marks the next file as an output. A
// word that opens the task as a preposition ("为 x.vcf.gz 建立索引": for
// x) names the subject, not a destination, though it is also an output
// ending ("排序为 x.bam").
func markerAt(lower []string, j int) bool {
	if j == 0 && V().Word("opening_preposition", lower[j]) {
		return false
	}
	// "results in rbh.m8", "everything in out.txt": where the results go.
	if lower[j] == "in" && j > 0 && V().Word("results_word", lower[j-1]) {
		return true
	}
	// "intervals that fall into dups.bed": where the intervals lie.
	if j > 0 && V().Word("located_verb", lower[j-1]) {
		return false
	}
	return isOutputMarker(lower[j]) || markerBeforeNoun(lower[j])
}

// markerBeforeNoun reports a Chinese run that holds an output marker
// followed by a filler and a short noun ("合并成一个计数矩阵 x": merge
// into one count matrix x; "保存为新的表格 x"): Chinese writes the
// marker, the filler and what the file holds as one run.
func markerBeforeNoun(w string) bool {
	r := []rune(w)
	if len(r) < 3 || !isHanAt(w, 0) {
		return false
	}
	for i := 1; i < len(r)-1; i++ {
		head, rest := string(r[:i]), r[i:]
		if len(rest) > MaxMarkedNounRunes || !isOutputMarker(head) {
			continue
		}
		for _, f := range V().Words("filler") {
			if isHanAt(f, 0) && strings.HasPrefix(string(rest), f) && len(rest) > len([]rune(f)) {
				return true
			}
		}
	}
	return false
}

// MaxMarkedNounRunes bounds the filler and noun after a Chinese marker in
// one run ("一个计数矩阵").
const MaxMarkedNounRunes = 8

// Parse reads the typed values out of a task.
func Parse(task string) Frame {
	var s Frame
	if segs, err := SplitCommands(task); err == nil && (len(segs) > 1 || segs[0].Redirect != "") {
		s.Commands = segs
		s.Redirect, s.Append = segs[0].Redirect, segs[0].Append
		task = segs[0].Text
		var rest []string
		for _, g := range segs[1:] {
			if len(rest) > 0 {
				rest = append(rest, string(g.Op))
			}
			rest = append(rest, g.Text)
			if g.Redirect != "" {
				rest = append(rest, redirOp(g.Append), g.Redirect)
			}
		}
		s.Pipe = strings.Join(rest, " ")
	}
	// Quoted strings become one token each (quotedTok + index), so a quoted
	// file name with spaces or shell characters stays one file.
	var quoted []string
	task = quotedRE.ReplaceAllStringFunc(task, func(q string) string {
		m := quotedRE.FindStringSubmatch(q)
		for _, g := range m[1:] {
			if g != "" {
				quoted = append(quoted, g)
				return " " + quotedTok + strconv.Itoa(len(quoted)-1) + " "
			}
		}
		return " "
	})
	// Chinese numbers with a multiplier or in words ("1万", "两个线程") in
	// digits.
	task = cjkNumbers(task)
	// Chinese numbers stuck to their unit ("8个线程").
	cjkTaken := map[string]int{} // numbers read with their Chinese unit
	for _, m := range tables().cjkNum.FindAllStringSubmatch(task, -1) {
		cjkTaken[strings.ReplaceAll(m[1], " ", "")]++
		ctx := []string{"threads"}
		if V().Word("memory_unit", m[2]) {
			ctx = []string{"memory"}
		}
		s.Numbers = append(s.Numbers, Number{Value: strings.ReplaceAll(m[1], " ", ""), Context: ctx, Pos: -1})
	}
	toks := splitRanges(splitClauseCommas(splitPairs(clauseTokens(task)), task))
	lower := make([]string, len(toks))
	for i, t := range toks {
		lower[i] = strings.ToLower(strings.Trim(t, ",;()[]"))
		if TypedFlag(lower[i]) {
			lower[i] = strings.TrimLeft(lower[i], "-")
		}
	}
	// Number contexts leave out file names: "30 from in.bam" says nothing
	// about which flag 30 belongs to.
	wordsOnly := make([]string, len(lower))
	for i, w := range lower {
		if FileType(w) == "" {
			wordsOnly[i] = w
		}
	}
	joinValueLetters(wordsOnly)
	// "每条 query 最多保留 5 个目标序列": the word after a Chinese "per"
	// is what the number is counted per, not what it sets.
	for i := 0; i+1 < len(lower); i++ {
		if V().Word("per_word", lower[i]) && !isHanAt(lower[i+1], 0) && !strings.ContainsAny(toks[i][len(toks[i])-1:], ",;") {
			wordsOnly[i+1] = ""
		}
	}
	// Where the task's numbers stand: a word between two numbers speaks of
	// the nearer one.
	var numAt []int
	for i, t := range toks {
		if signedNumber(strings.Trim(t, ",;()[]")) {
			numAt = append(numAt, i)
		}
	}
	lastName := -1 // where the last name stands (nameInList)
	for i := 0; i < len(toks); i++ {
		raw := endedFile(strings.Trim(toks[i], ",;()[]"))
		if raw == "" {
			continue
		}
		if strings.HasPrefix(raw, quotedTok) {
			q := quoted[atoi(strings.TrimPrefix(raw, quotedTok))]
			if FileType(q) != "" {
				fs := File{Path: q, Type: FileType(q), Pos: i}
				fs.Output = i > 0 && (markerAt(lower, i-1) || i > 1 && markerAt(lower, i-2) && fillerWord(lower[i-1]))
				s.Files = append(s.Files, fs)
			} else {
				s.Quoted = append(s.Quoted, q)
				if s.QuotedWords == nil {
					s.QuotedWords = map[string][]string{}
				}
				s.QuotedWords[q] = quotedWords(toks, lower, i)
			}
			continue
		}
		low := lower[i]
		if i+1 < len(lower) && CurrentPlace(low, lower[i+1]) && !strings.ContainsAny(toks[i][len(toks[i])-1:], ",;") {
			if fs, ok := currentDir(lower, i); ok {
				s.Files = append(s.Files, fs)
			}
			i++
			continue
		}
		if placeNamed(toks, lower, i) {
			s.Files = append(s.Files, File{Path: raw, Type: "dir", Pos: i})
			i++
			continue
		}
		switch {
		case TypedFlag(raw):
			kv := KV{Key: raw}
			if k, v, ok := strings.Cut(raw, "="); ok && strings.HasPrefix(raw, "--") {
				kv = KV{Key: k, Value: v}
			} else if next := strings.Trim(safeAt(toks, i+1), ",;()"); next != "" && (!strings.HasPrefix(next, "-") || signedNumber(next)) && !strings.HasSuffix(toks[i], ",") &&
				(NumberRE.MatchString(next) || FileType(next) != "" || len(next) <= 12 && !isWord(next)) {
				kv.Value = next
				i++
			} else if v, ok := valueBeforeAside(toks, i); ok {
				kv.Value = v
			}
			s.UserFlags = append(s.UserFlags, kv)
		case RegionRE.MatchString(raw) && strings.Contains(raw, ":") || strings.HasPrefix(low, "chr") && RegionRE.MatchString(raw):
			s.Regions = append(s.Regions, raw)
		case kvRE.MatchString(raw) && FileType(raw) == "" || kvRE.MatchString(raw) && strings.Index(raw, "=") < strings.Index(raw, "."):
			m := kvRE.FindStringSubmatch(raw)
			s.KV = append(s.KV, KV{Key: m[1], Value: m[2]})
			if NumberRE.MatchString(m[2]) {
				s.Numbers = append(s.Numbers, Number{Value: m[2], Context: []string{strings.ToLower(m[1])}, Pos: i})
			}
		case FileType(raw) != "" && !NumberRE.MatchString(raw) && !qualifyingPair(toks, lower, i):
			fs := File{Path: raw, Type: FileType(raw), Pos: i}
			if raw != "." {
				fs.Path = strings.TrimSuffix(raw, ".")
			}
			fs.Output = outputBefore(lower, i) || storedIn(toks, lower, i) || madeFrom(toks, lower, i) || madeNow(lower, i) || madeKind(toks, lower, i, fs.Type)
			// "…; report est.tcode": a file of no known kind right after
			// a report word is what the command writes.
			fs.Output = fs.Output || fs.Type == "file" && i > 0 && V().Word("report_marker", lower[i-1])
			if fs.Output && V().Is("toward", lower[i-1]) && V().Reference(fs.Type) && !writeVerbBefore(toks, lower, i-1) && !V().Is("write_verb", lower[i-1]) && !writtenFromFile(toks, lower, i-1) {
				fs.Output = false // "align reads to ref.fa": a reference, not a destination
				fs.Role = "reference"
			}
			if !fs.Output && V().Reference(fs.Type) && referenceBefore(lower, i) {
				fs.Role = "reference" // "to the reference ref.fa", "against the genome hg38.fa"
			}
			if !fs.Output && fs.Role == "" && V().Reference(fs.Type) && towardNamed(toks, lower, i) {
				fs.Role = "reference" // "reads.fq to the genome ref.fa"
			}
			// "into a.fq and b.fq": a file right after an output is one too.
			if n := len(s.Files); !fs.Output && n > 0 && s.Files[n-1].Output && Family(s.Files[n-1].Type) == Family(fs.Type) {
				gap := i - s.Files[n-1].Pos
				fs.Output = gap == 1 || gap == 2 && V().Word("conjunction", lower[i-1])
			}
			if !fs.Output && s.hasInput(fs.Path) {
				continue // named again ("compress x.sam …, keeping x.sam"): one file
			}
			s.Files = append(s.Files, fs)
		case SeqRE.MatchString(raw) && strings.ToUpper(raw) == raw:
			s.Sequences = append(s.Sequences, raw)
			if s.SequenceWords == nil {
				s.SequenceWords = map[string][]string{}
			}
			s.SequenceWords[raw] = append(nameWords(toks, lower, i), primeEnd(toks, i)...)
		case signedNumber(raw):
			if i+1 < len(toks) && cjkUnitAt(toks[i+1]) && cjkTaken[raw] > 0 {
				cjkTaken[raw]--
				continue // already read with its Chinese unit
			}
			if i+1 < len(lower) && V().Is("end_word", lower[i+1]) {
				continue // "去除 3 端接头": the 3' end, no value
			}
			n := Number{Value: raw, Context: clauseWindow(wordsOnly, toks, i, 3, numAt), Pos: i}
			// Chinese measure words next to it, in English ("前 1000 行":
			// first, lines).
			n.Context = append(n.Context, cjkGloss(toks, lower, i)...)
			if next := strings.Trim(safeAt(toks, i+1), ",;()"); next != strings.ToUpper(next) && V().Word("length_unit", strings.ToLower(next)) {
				n.Unit = next // "10 kb": a length the help may read in base pairs
			} else if memoryUnitWord(next) {
				n.Memory, _ = V().ValueOf("memory_size", strings.ToLower(next)) // "2 GB"
			}
			if i > 0 {
				n.After = strings.Trim(lower[i-1], ",;()[]")
			}
			if next := safeAt(lower, i+1); !strings.ContainsAny(toks[i][len(toks[i])-1:], ",;") && V().Word("count_noun", next) {
				n.Counts = next
			}
			n.Noun = nounAfter(toks, lower, i, n.Unit != "" || n.Memory != "")
			s.Numbers = append(s.Numbers, n)
		case ordinalRE.MatchString(low):
			// "the 3rd sequence", "every 10th read": the number the
			// ordinal counts to
			n := Number{Value: ordinalRE.FindStringSubmatch(low)[1], Context: clauseWindow(wordsOnly, toks, i, 3, numAt), Pos: i}
			if i > 0 {
				n.After = strings.Trim(lower[i-1], ",;()[]")
			}
			s.Numbers = append(s.Numbers, n)
		case joinedNumberRE.MatchString(raw) && !V().Is("end_word", low) && !V().Word("strand_end", low) && !numberingJoin(low):
			// ("5-prime" names a strand's end, no number: lexicon strand_end)
			// "25-mers", "150-bp": the number, and the word joined to it
			// says what it counts, not the words of the clause around it.
			m := joinedNumberRE.FindStringSubmatch(low)
			n := Number{Value: m[1], Context: []string{m[2]}, Pos: i}
			// The noun the two qualify comes next ("a 9-residue
			// window"): it names what the number sets.
			if next := strings.Trim(safeAt(lower, i+1), ",;()"); isWord(next) && !Stopword(next) && !isOutputMarker(next) && !strings.ContainsAny(toks[i][len(toks[i])-1:], ",;:") {
				n.Context = append(n.Context, next)
			}
			if i > 0 {
				n.After = strings.Trim(lower[i-1], ",;()[]")
			}
			s.Numbers = append(s.Numbers, n)
		case IsName(raw) && !isHanAt(raw, 0) && !Stopword(low) && !isOutputMarker(low) && !(raw != low && isKindWord(low)) && (givenName(toks, lower, i, raw) || nameInList(toks, lower, i, lastName, raw)):
			lastName = i
			s.Names = append(s.Names, raw)
			if s.NameWords == nil {
				s.NameWords = map[string][]string{}
			}
			s.NameWords[raw] = nameWords(toks, lower, i)
			if placeAround(toks, lower, i) {
				s.Dirs = append(s.Dirs, raw)
			}
		}
	}
	for i := range s.Files {
		f := &s.Files[i]
		f.Compression = compression(f.Path)
		if f.Output {
			f.Role = "output"
		}
	}
	rangeBounds(s.Numbers, lower)
	numberLimits(s.Numbers, toks, lower)
	dimensionPairs(s.Numbers, toks, lower)
	s.Regions, s.Numbers = spanRegions(s.Regions, s.Numbers, lower)
	for i := range s.Numbers {
		n := &s.Numbers[i]
		if !sciRE.MatchString(n.Value) && n.Unit == "" {
			n.Unit = strings.TrimLeft(n.Value, "0123456789.")
		}
	}
	s.Values = values(toks, lower, &s)
	// "lines containing 'kinase'": a quoted string after a pattern marker
	// is the search pattern, not a title or label
	for i := 1; i < len(toks); i++ {
		raw := strings.Trim(toks[i], ",;()[]")
		if !strings.HasPrefix(raw, quotedTok) || !V().Is("pattern_marker", strings.Trim(lower[i-1], ",;:.")) || strings.ContainsAny(toks[i-1][len(toks[i-1])-1:], ",;:") {
			continue
		}
		q := quoted[atoi(strings.TrimPrefix(raw, quotedTok))]
		if k := slices.Index(s.Quoted, q); k >= 0 {
			s.Quoted = slices.Delete(s.Quoted, k, k+1)
			s.Values = append(s.Values, Value{Text: q, Markers: []string{strings.Trim(lower[i-1], ",;:.")}, Shape: ShapePattern, Pos: i})
		}
	}
	slices.SortStableFunc(s.Values, func(a, b Value) int { return a.Pos - b.Pos })
	s.Idents = idents(toks, lower, &s)
	cols, taken := columns(toks, lower, wordsOnly, numAt)
	cols = append(cols, cjkColumns(task)...)
	s.Numbers = slices.DeleteFunc(s.Numbers, func(n Number) bool { return n.Pos >= 0 && taken[n.Pos] })
	for _, c := range cols {
		if c.Pos >= 0 {
			continue
		}
		// A Chinese list's numbers were read as numbers of their own.
		for _, part := range strings.FieldsFunc(c.Value, func(r rune) bool { return r == ',' || r == '-' }) {
			if k := slices.IndexFunc(s.Numbers, func(n Number) bool { return n.Value == part && n.Pos >= 0 }); k >= 0 {
				s.Numbers = slices.Delete(s.Numbers, k, k+1)
			}
		}
	}
	s.Columns = cols
	s.Separators = separators(toks, lower, wordsOnly, numAt)
	return s
}

// rangeBounds reads a range the task writes as two numbers ("between 100
// and 600", "from 0.3 to 0.7", "在 20 到 50 之间"): the first is its lower
// bound and the second its upper, and the upper speaks of what the lower
// does ("fragment length between 100 and 600": both are fragment
// lengths). Each is marked with its bound, which Stage 3 reads through
// the words a help says it with (lexicon range_low_word, range_high_word),
// so the two go to a minimum and a maximum flag (-I and -X) rather than
// both or neither.
func rangeBounds(nums []Number, lower []string) {
	v := V()
	word := func(i int) string {
		if i < 0 || i >= len(lower) {
			return ""
		}
		return strings.Trim(lower[i], ",;()[]")
	}
	for k := 0; k+1 < len(nums); k++ {
		a, b := &nums[k], &nums[k+1]
		if a.Pos < 0 || b.Pos <= a.Pos {
			continue
		}
		// the words between the two: an optional unit, then the join
		j := a.Pos + 1
		if j < b.Pos && v.Word("length_unit", word(j)) {
			j++
		}
		if j != b.Pos-1 || !v.Word("range_join", word(j)) {
			continue
		}
		// "between 100 and 600", "from 0.3 to 0.7", or a join that says
		// a range by itself ("100 到 600", "0.3-0.7")
		// A join that says a range by itself ("bases 101 to 250") needs
		// the two numbers in ascending order.
		opened := v.Word("range_open", word(a.Pos-1)) || v.Word("range_open", word(b.Pos+1)) || v.Word("range_open", word(b.Pos+2))
		if !opened && !(v.Word("range_join_bare", word(j)) && ascending(a.Value, b.Value)) {
			continue
		}
		skip := func(w string) bool {
			return v.Word("range_open", w) || v.Word("range_join", w) || v.Word("conjunction", w)
		}
		var shared []string
		for _, w := range a.Context {
			if !skip(w) && !slices.Contains(b.Context, w) {
				shared = append(shared, w)
			}
		}
		a.Bound, b.Bound = "low", "high"
		b.Context = append(b.Context, shared...)
		k++
	}
}

// dimensionPairs reads two numbers joined by a word of lexicon class
// dimension_joiner ("800 x 600 pixels") as the two sides of a size: the
// first gains the class dimension_axis's first word (width), the second
// its second (height), and each the other's words after it and limit
// ("at most 800 x 800 pixels": both at most, both pixels).
func dimensionPairs(nums []Number, toks, lower []string) {
	axes := V().Words("dimension_axis")
	if len(axes) < 2 {
		return
	}
	for i := 0; i+1 < len(nums); i++ {
		a, b := &nums[i], &nums[i+1]
		if a.Pos < 0 || b.Pos != a.Pos+2 || !V().Word("dimension_joiner", lower[a.Pos+1]) || strings.ContainsAny(toks[a.Pos], ",;") || strings.ContainsAny(toks[a.Pos+1], ",;") {
			continue
		}
		a.Context = append(a.Context, axes[0])
		b.Context = append(b.Context, axes[1])
		if next := strings.Trim(safeAt(lower, b.Pos+1), ",;()."); isWord(next) && !slices.Contains(a.Context, next) {
			a.Context = append(a.Context, next)
		}
		if b.Limit == "" {
			b.Limit = a.Limit
		}
		i++
	}
}

// numberLimits marks each number outside a range that a phrase before it
// makes a least or a most (limitBefore, comparedLimit); toks are the
// task's tokens as written, which keep the marks that end a clause.
func numberLimits(nums []Number, toks, lower []string) {
	for k := range nums {
		if n := &nums[k]; n.Bound == "" && n.Pos > 0 {
			n.Limit = limitBefore(strings.Join(lower[max(0, n.Pos-3):n.Pos], " "))
			if n.Limit == "" {
				n.Limit, n.Compared, n.Removes = comparedLimit(toks, lower, n.Pos)
			}
		}
	}
}

// spanRegions joins a bare chromosome name and the range right after it
// into one region ("chr2 from 1000 to 5000" is chr2:1000-5000); the two
// numbers are the region's, no longer numbers of their own.
func spanRegions(regions []string, nums []Number, lower []string) ([]string, []Number) {
	for r, name := range regions {
		if strings.Contains(name, ":") {
			continue
		}
		at := slices.IndexFunc(lower, func(w string) bool { return strings.Trim(w, ",;()") == strings.ToLower(name) })
		if at < 0 {
			continue
		}
		for k := 0; k+1 < len(nums); k++ {
			lo, hi := nums[k], nums[k+1]
			if lo.Bound != "low" || hi.Bound != "high" || lo.Pos <= at || lo.Pos > at+2 || !AllDigits(lo.Value) || !AllDigits(hi.Value) {
				continue
			}
			regions[r] = name + ":" + lo.Value + "-" + hi.Value
			nums = slices.Delete(nums, k, k+2)
			break
		}
	}
	return regions, nums
}

// ascending reports two plain numbers, the first below the second.
func ascending(a, b string) bool {
	x, errA := strconv.ParseFloat(a, 64)
	y, errB := strconv.ParseFloat(b, 64)
	return errA == nil && errB == nil && x < y
}

// limitBefore reads the phrase that ends the words before a number as a
// least ("low": "at least", "不少于") or a most ("high": "at most", "up
// to"); "" when none ends them.
func limitBefore(before string) string {
	before = strings.TrimRight(before, ",;:( ")
	for _, l := range []string{"low", "high"} {
		for _, p := range V().Words("bound_" + l + "_phrase") {
			if before == p || strings.HasSuffix(before, " "+p) || isHanAt(p, 0) && strings.HasSuffix(before, p) {
				return l
			}
		}
	}
	return ""
}

// comparedLimit reads a comparison right before a number ("shorter than
// 50", "below 30", "小于 50") as the bound of what the command keeps: a
// clause that removes what the comparison names ("discard reads shorter
// than 50", "去掉长度小于 50 的序列") keeps the rest, so "below" makes the
// number a least and "above" a most; a clause that removes nothing keeps
// what it names ("e-value below 1e-5": a most; "MAPQ above 30": a least).
// It returns the comparison and whether its clause removes too; "", ""
// when no comparison ends the words before the number.
func comparedLimit(toks, lower []string, pos int) (string, string, bool) {
	before := strings.TrimRight(strings.Join(lower[max(0, pos-3):pos], " "), ",;:( ")
	v := V()
	ends := func(class string) string {
		for _, p := range v.Words(class) {
			if before == p || strings.HasSuffix(before, " "+p) || isHanAt(p, 0) && strings.HasSuffix(before, p) {
				return p
			}
		}
		return ""
	}
	below, above := ends("compare_below_phrase"), ends("compare_above_phrase")
	if (below == "") == (above == "") {
		return "", "", false
	}
	removes := clauseRemoves(toks, pos)
	if (below != "") == removes {
		return "low", below + above, removes
	}
	return "high", below + above, removes
}

// clauseRemoves reports a removal_verb in the clause of the token at pos:
// the tokens from the last clause mark (, ; . or their Chinese forms)
// before it to the first one after it, a mark inside a token cutting it.
func clauseRemoves(toks []string, pos int) bool {
	const marks = ",;.，；。"
	v := V()
	says := func(part string) bool {
		for _, w := range strings.Fields(part) {
			if v.Word("removal_verb", strings.Trim(w, "()[]'\"")) {
				return true
			}
		}
		return v.Mentions("removal_verb", part)
	}
	for j := pos - 1; j >= 0; j-- {
		part := strings.ToLower(toks[j])
		if k := strings.LastIndexAny(part, marks); k >= 0 {
			if says(part[k:]) {
				return true
			}
			break
		}
		if says(part) {
			return true
		}
	}
	for j := pos + 1; j < len(toks); j++ {
		part := strings.ToLower(toks[j])
		k := strings.IndexAny(part, marks)
		if k >= 0 {
			part = part[:k]
		}
		if says(part) {
			return true
		}
		if k >= 0 {
			break
		}
	}
	return false
}

// Scientific reports a number written in scientific notation (1e-5).
func Scientific(v string) bool { return sciRE.MatchString(v) }

// hasInput reports a file already read as an input.
func (s *Frame) hasInput(path string) bool {
	for _, f := range s.Files {
		if f.Path == path && !f.Output {
			return true
		}
	}
	return false
}

// redirOp is the operator of a redirection.
func redirOp(app bool) string {
	if app {
		return ">>"
	}
	return ">"
}

// Tokens splits on whitespace and around CJK characters so "排序aln.bam"
// yields the file name. It slices the original string, so bytes that are
// not valid UTF-8 pass through unchanged.
func Tokens(s string) []string { return tokenize(s, false) }

// clauseTokens is Tokens for reading a task's clauses: a full-width comma,
// semicolon or full stop ("基因组大小 5m，输出目录 x") ends the word before
// it as ", " does in English ("…5m,"), so a number's words stay inside its
// clause. No token is added or taken away: positions stay those of Tokens.
func clauseTokens(s string) []string { return tokenize(s, true) }

func tokenize(s string, clauses bool) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, s[start:end])
		}
		start = -1
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r) || isWidePunct(r):
			flush(i)
			if clauses && wideClauseEnd(r) && len(out) > 0 && !strings.HasSuffix(out[len(out)-1], ",") {
				out[len(out)-1] += ","
			}
			// "一致性不低于 95%、query 覆盖度不低于 80%": an enumeration
			// comma right after a number ends its clause; the words after
			// it qualify the next number, as a Chinese qualifier comes
			// before its number.
			if clauses && r == '、' && len(out) > 0 && NumberRE.MatchString(out[len(out)-1]) {
				out[len(out)-1] += ","
			}
		case unicode.Is(unicode.Han, r):
			// A run of CJK characters is one token: "输出到" must stay
			// whole to mark the next file as an output.
			if start >= 0 && !isHanAt(s, start) {
				flush(i)
			}
			if start < 0 {
				start = i
			}
		default:
			if start >= 0 && isHanAt(s, start) {
				flush(i)
			}
			if start < 0 {
				start = i
			}
		}
		i += n
	}
	flush(len(s))
	if strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
		out = splitJoinedClauses(out)
	}
	return splitComparisons(out)
}

// splitComparisons parts a comparison sign from the number it is glued to
// ("≥40%", ">=30", "<5"): the sign says which bound the number is, as
// "at least 40%" does, and the number is a value of its own.
func splitComparisons(toks []string) []string {
	var out []string
	for _, t := range toks {
		sign := t[:len(t)-len(strings.TrimLeft(t, "≥≤<>="))]
		rest := t[len(sign):]
		if sign != "" && NumberRE.MatchString(strings.TrimRight(rest, ",;)")) {
			out = append(out, sign, rest)
			continue
		}
		out = append(out, t)
	}
	return out
}

// splitJoinedClauses splits a word of a Chinese task at an ASCII comma
// with no space after it ("基因组 mm,q 值 0.05", "k-mer 长度 31,minimizer
// 长度 25", "read1 写到 r1.fq,read2 写到 r2.fq"): a Chinese writer ends a
// clause so, and each part is a word of its own, the first keeping the
// comma ("mm," "q") as in "mm, q". A key=value or key:value list
// ("ID=lib3,SM=p7") and a thousands group ("1,000") stay whole.
func splitJoinedClauses(toks []string) []string {
	var out []string
	for _, t := range toks {
		body := strings.TrimRight(t, ",")
		if !strings.Contains(body, ",") || strings.ContainsAny(body, "=:'\"") || thousandsRE.MatchString(body) {
			out = append(out, t)
			continue
		}
		parts := strings.Split(t, ",")
		for i, p := range parts {
			if i < len(parts)-1 {
				out = append(out, p+",")
			} else if p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// joinValueLetters reads a letter before a Chinese run that begins with
// 值 ("value") as one word, the way English writes it: "e 值 1e-5" is
// the e-value, "q 值阈值 0.01" the q-value cutoff, "p值" the p-value. The
// run keeps what follows 值; no word is added or taken away.
func joinValueLetters(words []string) {
	for i := 0; i+1 < len(words); i++ {
		w := words[i]
		if len(w) == 1 && w[0] >= 'a' && w[0] <= 'z' && strings.HasPrefix(words[i+1], "值") {
			words[i] = w + "-value"
			words[i+1] = strings.TrimPrefix(words[i+1], "值")
		}
	}
}

// wideClauseEnd reports the full-width punctuation that ends a clause:
// the comma, semicolon and full stop (not the enumeration comma "、",
// which lists items of one clause).
func wideClauseEnd(r rune) bool {
	switch r {
	case '，', '；', '。':
		return true
	}
	return false
}

// isWidePunct reports the punctuation of CJK text — "，", "。", "（",
// "）", "：", "；", "【" — which ends a word as a space does: in
// "contigs.fasta（fasta 格式）" the file name stops at the bracket. The
// full-width letters and digits of the same Unicode block are not
// punctuation.
func isWidePunct(r rune) bool {
	switch {
	case r >= 0x3000 && r <= 0x303F: // CJK symbols and punctuation
		return true
	case r >= 0xFF01 && r <= 0xFF65:
		return unicode.IsPunct(r) || unicode.IsSymbol(r)
	}
	return false
}

// splitPairs splits "in_1.fq.gz/in_2.fq.gz" (two files written as a pair)
// into its files; a real path has directories, not file names, before '/'.
func splitPairs(toks []string) []string {
	var out []string
	for _, t := range toks {
		parts := strings.Split(strings.Trim(t, ",;()"), "/")
		pair := len(parts) > 1
		for _, p := range parts {
			if FileType(p) == "" || strings.HasPrefix(t, "/") || strings.HasPrefix(t, ".") {
				pair = false
			}
		}
		if pair {
			out = append(out, parts...)
		} else {
			out = append(out, t)
		}
	}
	return out
}

// rangeTokRE is two numbers joined by a hyphen ("100-250", "0.3-0.7").
var rangeTokRE = lazyre.New(`^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)([,;)]*)$`)

// splitRanges writes a range glued by a hyphen, its numbers ascending
// ("mask positions 100-250"), as its two numbers and the join, so the
// range is read as one written apart ("100 - 250": rangeBounds) and its
// numbers are items of the task like any other: a command that places
// neither is missing them. Descending or equal pairs ("10-10", a date)
// stay one token.
func splitRanges(toks []string) []string {
	var out []string
	for _, t := range toks {
		m := rangeTokRE.FindStringSubmatch(t)
		if m == nil || !ascending(m[1], m[2]) {
			out = append(out, t)
			continue
		}
		out = append(out, m[1], "-", m[2]+m[3])
	}
	return out
}

// clauseCommaRE is two numbers joined by a comma with no space.
var clauseCommaRE = lazyre.New(`^(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?),(\d+(?:\.\d+)?)$`)

// splitClauseCommas splits "30,4" into "30," and "4" in a Chinese task,
// where an ASCII comma often ends a clause with no space after it
// ("标准差 30,4 线程": 30 is the deviation, 4 the threads). A thousands
// group ("1,000") stays one number; a column list ("第 1,4 列") is read
// from the split tokens as from "1, 4".
func splitClauseCommas(toks []string, task string) []string {
	if !strings.ContainsFunc(task, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
		return toks
	}
	var out []string
	for _, t := range toks {
		m := clauseCommaRE.FindStringSubmatch(t)
		if m == nil || len(m[2]) == 3 && !strings.Contains(m[2], ".") {
			out = append(out, t)
			continue
		}
		out = append(out, m[1]+",", m[2])
	}
	return out
}

// isHanAt reports whether the rune at byte i is a CJK character.
func isHanAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.Is(unicode.Han, r)
}

// nounAfter is the word of letters right after the number at i (past its
// unit when unit), lower-cased, or "" when a comma, a semicolon or a stop
// word comes first.
func nounAfter(toks, lower []string, i int, unit bool) string {
	j := i + 1
	if unit {
		if strings.ContainsAny(safeAt(toks, j), ",;") {
			return ""
		}
		j++
	}
	if strings.ContainsAny(toks[j-1][len(toks[j-1])-1:], ",;:") || j >= len(toks) {
		return ""
	}
	w := strings.TrimRight(lower[j], ",;:.)")
	if len(w) < 3 || Stopword(w) || strings.IndexFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
		return ""
	}
	return w
}

func safeAt(toks []string, i int) string {
	if i < len(toks) {
		return toks[i]
	}
	return ""
}

// clauseWindow is window kept inside the clause of position i: a comma
// or semicolon ends it ("minimum contig length 1000, 8 threads": 8's
// words are "threads", not "contig length"); a word nearer another number
// is that number's ("length 200 and standard deviation 20": "standard
// deviation" is 20's).
func clauseWindow(words, toks []string, i, n int, numAt []int) []string {
	// Between two numbers a conjunction parts their words ("length 200
	// and standard deviation 20"): a word as near the other number, past
	// the conjunction, is the other's.
	joined := func(j int) bool {
		for k := min(i, j) + 1; k < max(i, j); k++ {
			if V().Word("conjunction", words[k]) {
				return true
			}
		}
		return false
	}
	nearer := func(j int) bool {
		for _, p := range numAt {
			if p != i && (abs(j-p) < abs(j-i) || abs(j-p) == abs(j-i) && joined(j)) {
				return true
			}
		}
		return false
	}
	ends := func(j int) bool {
		t := strings.TrimRight(toks[j], ")]")
		return strings.HasSuffix(t, ",") || strings.HasSuffix(t, ";") || t == "，" || t == "；"
	}
	// n words each side; each stop word before the number lets one more
	// word in, up to a file: "maximum intron length of 50000" keeps
	// "maximum", "sort in.txt into sorted.txt using 8" stops at the file.
	lo, hi := max(0, i-n), min(len(words), i+n+1)
	extra := 0
	for _, w := range words[lo:i] {
		if Stopword(w) {
			extra++
		}
	}
	for extra > 0 && lo > 0 && words[lo-1] != "" {
		lo--
		if !Stopword(words[lo]) {
			extra--
		}
	}
	// A comma written before a word ("目标序列,E 值") ends the clause
	// before that word.
	opens := func(j int) bool {
		return strings.HasPrefix(toks[j], ",") || strings.HasPrefix(toks[j], ";")
	}
	for j := i - 1; j >= lo; j-- {
		if ends(j) {
			lo = j + 1
			break
		}
		if opens(j) {
			lo = j
			break
		}
	}
	for j := i; j < hi; j++ {
		// "at level 19 using all CPU cores": a phrase a tool marker
		// opens after the number says how, not what the number is.
		if j > i && (opens(j) || V().Word("tool_marker", words[j])) {
			hi = j
			break
		}
		if ends(j) {
			hi = j + 1
			if j == i {
				hi = i
			}
			break
		}
	}
	var out []string
	for j := lo; j < hi; j++ {
		if j != i && words[j] != "" && !nearer(j) {
			out = append(out, words[j])
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// window returns up to n words on each side of position i.
func window(words []string, i, n int) []string {
	var out []string
	for j := max(0, i-n); j < min(len(words), i+n+1); j++ {
		if j != i && words[j] != "" {
			out = append(out, words[j])
		}
	}
	return out
}

func isWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return len(s) > 0
}

// IsName accepts identifiers like genome_idx, sample1, out-prefix.
func IsName(s string) bool {
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '.' || r == '/') {
			return false
		}
	}
	return s != ""
}

// Inputs returns the files not marked as outputs, in task order.
func (s Frame) Inputs() []File {
	var out []File
	for _, f := range s.Files {
		if !f.Output {
			out = append(out, f)
		}
	}
	return out
}

// Outputs returns the files marked as outputs, in task order.
func (s Frame) Outputs() []File {
	var out []File
	for _, f := range s.Files {
		if f.Output {
			out = append(out, f)
		}
	}
	return out
}

// Family groups file kinds that stand in for each other.
func Family(t string) string { return V().Family(t) }

// Stopword reports a word that says nothing about which flag or example fits.
func Stopword(w string) bool { return V().Word("stop_word", w) }

// KindOfWord returns the file kind a word names as an extension ("bam",
// "fasta"), if any.
func KindOfWord(w string) (string, bool) {
	return V().KindOf(w)
}

// HoldsSequences reports a file kind (family) that holds sequences: reads
// or contigs, FASTA or FASTQ, stand in for each other.
func HoldsSequences(kind string) bool { return V().Sequences(Family(kind)) }

// compression returns the compression suffix of a file name, if any.
func compression(p string) string {
	z, _ := V().Compression(strings.ToLower(p))
	return z
}

// referenceBefore reports a reference word among the three words before
// the file at i, with no file between ("against the genome hg38.fa").
func referenceBefore(lower []string, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		w := strings.Trim(lower[j], ",;()[]")
		if FileType(w) != "" {
			return false
		}
		if V().Mentions("reference_word", w) {
			return true
		}
	}
	return false
}

// towardNamed reports a file a toward word (lexicon class toward) opens a
// short phrase before, no file and no clause end between ("cdna.fq to the
// genome ref.fa"), and no write verb turns into a destination ("write
// the contigs to the assembly out.fa"): what the task reads against.
func towardNamed(toks, lower []string, i int) bool {
	for j := i - 2; j >= 0 && j >= i-3; j-- {
		if FileType(lower[j+1]) != "" || strings.ContainsAny(toks[j][len(toks[j])-1:], ",;") {
			return false
		}
		if V().Word("toward", lower[j]) {
			return !writeVerbBefore(toks, lower, j) && !writtenFromFile(toks, lower, j)
		}
	}
	return false
}

// memoryUnitWord reports a unit of memory written after a number (lexicon
// class memory_size): in capitals ("GB", "M") or spelled out
// ("gigabytes"); "Gb" and "Mb" are bases.
func memoryUnitWord(w string) bool {
	return w != "" && V().Word("memory_size", strings.ToLower(w)) && (w == strings.ToUpper(w) || len(w) > 3)
}

// CurrentPlace reports two words that name the directory a command runs
// in ("current directory", "working dir"): the words of the value ".".
func CurrentPlace(a, b string) bool {
	return V().Word("current_place", strings.ToLower(a)) && V().Is("place_word", strings.ToLower(strings.Trim(b, ".,;()")))
}

// currentDir is the directory "." a task names in words at i ("run
// multiqc on the current directory", "into the working directory"): an
// output after an output marker, else an input. A place the task is in
// ("the .fastq files in the current directory", "create the CA in the
// current directory") gives none: a command runs there anyway.
func currentDir(lower []string, i int) (File, bool) {
	j := i - 1
	if j >= 0 && V().Word("determiner", lower[j]) {
		j--
	}
	if j >= 0 && V().Word("location_preposition", lower[j]) {
		return File{}, false
	}
	fs := File{Path: ".", Type: "dir", Pos: i + 1}
	fs.Output = j >= 0 && markerAt(lower, j)
	return fs, true
}

// placeNamed reports a plain word a determiner opens and a place word
// (lexicon class place_word) closes, the phrase ending there, read and
// not located in ("scan the analysis folder", "pack the results directory
// into x.tar.gz"): the name of a directory the task reads. A destination
// ("into the downloads folder") is a name nameBefore reads; words that
// say which place rather than name one ("the output directory", "the
// temporary directory", "the same folder") are none, and neither is a
// place a word after it names ("the genome directory star_idx").
func placeNamed(toks, lower []string, i int) bool {
	v := V()
	w := lower[i]
	if i < 1 || i+1 >= len(lower) || !v.Word("determiner", lower[i-1]) || !isWord(w) || Stopword(w) || FileType(w) != "" ||
		strings.ContainsAny(toks[i][len(toks[i])-1:], ",;:") || !v.Is("place_word", strings.Trim(lower[i+1], ".,;:()")) {
		return false
	}
	if isOutputMarker(w) || v.Is("input_marker", w) || v.Word("not_a_name", w) || v.Word("temporary_word", w) {
		return false
	}
	if i > 1 && (markerAt(lower, i-2) || v.Word("location_preposition", lower[i-2])) {
		return false
	}
	if i+2 < len(lower) && !strings.ContainsAny(toks[i+1][len(toks[i+1])-1:], ",;:.") {
		if after := lower[i+2]; !Stopword(after) && !v.Word("conjunction", after) {
			return false
		}
	}
	return true
}

// signedNumber reports whether a token is a number, a negative one
// included: "shift -100" gives the value -100 (a typed flag starts with a
// dash and a letter).
func signedNumber(raw string) bool {
	return NumberRE.MatchString(strings.TrimPrefix(raw, "-"))
}

// numberingJoin reports a number joined to a word that makes it the name
// of a numbering ("1-based", "0-based"; lexicon class numbering_word): a
// convention the task states, not a value.
func numberingJoin(low string) bool {
	m := joinedNumberRE.FindStringSubmatch(strings.Trim(low, ",;()[]"))
	return m != nil && V().Word("numbering_word", m[2])
}

// AllDigits reports a whole number written in digits alone.
func AllDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// TypedFlag reports a word written as a flag: one or two dashes, then a
// letter or a flag's sign ("-k", "--threads=4", "-@"); not a negative
// number ("-5"), nor an arrow ("->", which points to an output).
func TypedFlag(raw string) bool {
	name := strings.TrimPrefix(strings.TrimPrefix(raw, "-"), "-")
	if len(name) == len(raw) || name == "" || NumberRE.MatchString(raw[1:]) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '@'
}

// endedFile is a word without the mark that ends its sentence or clause
// when what stands before the mark is a file: "a BAM called sorted.bam.
// Please…", "a_R1.fq.gz and a_R2.fq.gz: trim …", "… covered by the
// intervals in x.bed?". Any other word is returned as it is.
func endedFile(w string) string {
	if w != "" && strings.ContainsRune(".:?!", rune(w[len(w)-1])) && FileType(w[:len(w)-1]) != "" {
		return w[:len(w)-1]
	}
	return w
}

// FileWord is a task's word as a file name: without the brackets,
// quotes and commas around it and the mark that ends its sentence
// (endedFile); "" when it is no file.
func FileWord(w string) string {
	w = endedFile(strings.Trim(w, ",;()[]'\""))
	if FileType(w) == "" {
		return ""
	}
	return w
}
