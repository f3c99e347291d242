package rules

import (
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// Vocab is the lexicon and file_kinds rules of a Set as plain lookup
// tables: word classes, extension → kind, kinds' families, index siblings
// and compression suffixes. It is built once per Set and never changed,
// so it is safe for concurrent use.
type Vocab struct {
	classes map[string]*wordClass
	// ext maps an extension (or a kind word) to its kind.
	ext   map[string]string
	kinds map[string]*kindInfo
	// compression suffixes with their dot, in the order they are tried.
	compression []string
}

type wordClass struct {
	words map[string]bool
	// values maps a word to what it stands for (LexiconThen.Value), for
	// the words of entries that name one.
	values                      map[string]string
	list                        []string
	suffixes, prefixes, infixes []string
	// mention is the class's pattern, built on first use (mentionOf).
	mention atomic.Pointer[mention]
}

type kindInfo struct {
	family    string
	index     []string
	reference bool
	sequences bool
}

// Vocab returns the set's lookup tables, built on first use.
func (s *Set) Vocab() *Vocab {
	s.vocabOnce.Do(func() { s.vocab = buildVocab(s.byKind["lexicon"], s.byKind["file_kinds"]) })
	return s.vocab
}

var (
	builtinVocabOnce sync.Once
	builtinVocab     *Vocab
)

// BuiltinVocab returns the tables of the embedded lexicon and file_kinds
// packs alone (no expression is compiled, no inline test decoded). A
// broken built-in pack panics at start-up; the package's tests load every
// pack.
func BuiltinVocab() *Vocab {
	builtinVocabOnce.Do(func() {
		s := newSet()
		if errs := s.loadBuiltinData(); len(errs) > 0 {
			panic(errs[0])
		}
		builtinVocab = s.Vocab()
	})
	return builtinVocab
}

// loadBuiltinData reads the embedded lexicon and file_kinds packs.
func (s *Set) loadBuiltinData() []error {
	var errs []error
	for _, kind := range []string{"lexicon", "file_kinds"} {
		files, _ := fs.Glob(builtinFS, kind+"/*.yaml")
		for _, f := range files {
			rs, e := readFile(builtinFS, f, "builtin:"+f, "builtin", BuiltinLimits, true)
			errs = append(errs, e...)
			for _, r := range rs {
				if err := s.add(r); err != nil {
					errs = append(errs, err)
				}
			}
		}
	}
	s.sortRules()
	return errs
}

func buildVocab(lex, fk []*Rule) *Vocab {
	v := &Vocab{classes: map[string]*wordClass{}, ext: map[string]string{}, kinds: map[string]*kindInfo{}}
	for _, r := range lex {
		t := r.Then.(*LexiconThen)
		c := v.classes[t.Class]
		if c == nil {
			c = &wordClass{words: map[string]bool{}}
			v.classes[t.Class] = c
		}
		for _, w := range t.Words {
			if !c.words[w] {
				c.words[w] = true
				c.list = append(c.list, w)
			}
			if t.Value != "" {
				if c.values == nil {
					c.values = map[string]string{}
				}
				c.values[w] = t.Value
			}
		}
		c.suffixes = append(c.suffixes, t.Suffixes...)
		c.prefixes = append(c.prefixes, t.Prefixes...)
		c.infixes = append(c.infixes, t.Infixes...)
	}
	for _, r := range fk {
		t := r.Then.(*FileKindThen)
		for _, z := range t.Compression {
			if !slices.Contains(v.compression, "."+z) {
				v.compression = append(v.compression, "."+z)
			}
		}
		if t.Kind == "" {
			continue
		}
		k := v.kinds[t.Kind]
		if k == nil {
			k = &kindInfo{family: t.Kind}
			v.kinds[t.Kind] = k
		}
		if t.Family != "" && k.family == t.Kind {
			k.family = t.Family
		}
		k.index = append(k.index, t.Index...)
		k.reference = k.reference || t.Reference
		k.sequences = k.sequences || t.Sequences
		for _, e := range t.Extensions {
			if _, dup := v.ext[e]; !dup {
				v.ext[e] = t.Kind // the first rule in evaluation order wins
			}
		}
	}
	return v
}

// Word reports whether w is one of the class's whole words.
func (v *Vocab) Word(class, w string) bool {
	c := v.classes[class]
	return c != nil && c.words[w]
}

// Is reports whether w is in the class: a whole word, or a word with one
// of its suffixes or prefixes.
func (v *Vocab) Is(class, w string) bool {
	c := v.classes[class]
	if c == nil {
		return false
	}
	if c.words[w] {
		return true
	}
	for _, s := range c.suffixes {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	for _, p := range c.prefixes {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// ValueOf returns what a whole word of the class stands for (the Value
// of the entry that lists it: "3" for "third" in class number_word), if
// its entry names one. A later entry that lists the word again wins, so a
// user entry overrides a built-in.
func (v *Vocab) ValueOf(class, w string) (string, bool) {
	c := v.classes[class]
	if c == nil {
		return "", false
	}
	val, ok := c.values[w]
	return val, ok
}

// Words returns the class's whole words in the order the rules list them.
func (v *Vocab) Words(class string) []string {
	if c := v.classes[class]; c != nil {
		return c.list
	}
	return nil
}

// Suffixes returns the class's suffixes in the order the rules list them.
func (v *Vocab) Suffixes(class string) []string {
	if c := v.classes[class]; c != nil {
		return c.suffixes
	}
	return nil
}

// Classes returns the names of the word classes, sorted.
func (v *Vocab) Classes() []string {
	out := make([]string, 0, len(v.classes))
	for k := range v.classes {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Mentions reports whether text holds, ignoring case, one of the class's
// infixes anywhere or one of its whole words between word boundaries.
func (v *Vocab) Mentions(class, text string) bool {
	return v.mentionOf(class).match(text)
}

// MentionedOf returns the classes of the list that text mentions (as
// Mentions finds them), in the list's order. It folds the text's case once
// for all of them.
func (v *Vocab) MentionedOf(text string, classes []string) []string {
	var out []string
	f := foldCase(text)
	for _, c := range classes {
		if v.mentionOf(c).matchFolded(text, f) {
			out = append(out, c)
		}
	}
	return out
}

// mention is a class's pattern with the case-folded literals it is made
// of. A text that holds none of them cannot match, and most texts a class
// is asked about hold none: the literal check spares the pattern's
// backtracking, which cost more than half of Stage 3's time.
// The pattern itself is compiled on the first text that holds a literal:
// most classes a run asks about never meet one, and compiling every
// class's pattern cost a tenth of a warm dry-run.
type mention struct {
	re   func() *regexp.Regexp
	lits []string
}

func (m *mention) match(text string) bool {
	return m.re != nil && m.matchFolded(text, foldCase(text))
}

// matchFolded is match for a text whose fold (foldCase) is f.
func (m *mention) matchFolded(text, f string) bool {
	if m.re == nil {
		return false
	}
	for _, l := range m.lits {
		if strings.Contains(f, l) {
			return m.re().MatchString(text)
		}
	}
	return false
}

// noMention is the pattern of a class with no words: it matches nothing.
var noMention = &mention{}

func (v *Vocab) mentionOf(class string) *mention {
	c := v.classes[class]
	if c == nil {
		return noMention
	}
	if m := c.mention.Load(); m != nil {
		return m
	}
	c.mention.CompareAndSwap(nil, newMention(c))
	return c.mention.Load()
}

// foldCase maps each rune to the least rune of its case-folding orbit, as
// the (?i) of a pattern compares them: "s", "S" and "ſ" all become "S". A
// literal is found case-blind in a text exactly when its fold is in the
// text's fold.
func foldCase(s string) string {
	lower := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			var b strings.Builder
			b.Grow(len(s))
			for _, r := range s {
				b.WriteRune(orbitMin(r))
			}
			return b.String()
		}
		lower = lower || 'a' <= c && c <= 'z'
	}
	if !lower {
		return s
	}
	return strings.ToUpper(s)
}

func orbitMin(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// Spans returns where text holds the class's infixes or whole words (as
// Mentions finds them), as [start, end) byte offsets in order.
func (v *Vocab) Spans(class, text string) [][]int {
	if !v.Mentions(class, text) {
		return nil
	}
	return v.mentionOf(class).re().FindAllStringIndex(text, -1)
}

func newMention(c *wordClass) *mention {
	if len(c.list)+len(c.infixes) == 0 {
		return noMention
	}
	var alts, lits []string
	for _, s := range c.infixes {
		alts = append(alts, regexp.QuoteMeta(s))
		lits = append(lits, foldCase(s))
	}
	for _, w := range c.list {
		alts = append(alts, wholeWord(w))
		lits = append(lits, foldCase(w))
	}
	src := `(?i)(` + strings.Join(alts, "|") + `)`
	return &mention{sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(src) }), lits}
}

// wholeWord is the pattern of a word found whole: a word boundary (\b)
// on each side that ends in a letter, digit or '_'. Chinese has no spaces
// and \b never falls between two CJK characters, so a side that ends in
// one (or in punctuation) needs no boundary: "线程" is found in "用8个线程".
func wholeWord(w string) string {
	q := regexp.QuoteMeta(w)
	first, _ := utf8.DecodeRuneInString(w)
	last, _ := utf8.DecodeLastRuneInString(w)
	if asciiWordRune(first) {
		q = `\b` + q
	}
	if asciiWordRune(last) {
		q += `\b`
	}
	return q
}

// asciiWordRune reports a rune that \b counts as part of a word.
func asciiWordRune(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

// KindOf returns the kind an extension (or a kind word: "bam", "fasta")
// names.
func (v *Vocab) KindOf(ext string) (string, bool) {
	k, ok := v.ext[ext]
	return k, ok
}

// Family returns the family of a kind: kinds that stand in for each other
// share one. An unknown kind is its own family.
func (v *Vocab) Family(kind string) string {
	if k := v.kinds[kind]; k != nil {
		return k.family
	}
	return kind
}

// Reference reports a kind that "to x" names as something read against.
func (v *Vocab) Reference(kind string) bool {
	k := v.kinds[kind]
	return k != nil && k.reference
}

// Sequences reports a kind (a family) whose files hold sequences.
func (v *Vocab) Sequences(kind string) bool {
	k := v.kinds[kind]
	return k != nil && k.sequences
}

// IndexSiblings returns the extensions of the index files that sit next to
// a file of the kind ("bai", "csi" for bam).
func (v *Vocab) IndexSiblings(kind string) []string {
	if k := v.kinds[kind]; k != nil {
		return k.index
	}
	return nil
}

// CompressionSuffixes returns the compression suffixes, without their
// dot, in the order they are tried.
func (v *Vocab) CompressionSuffixes() []string {
	out := make([]string, len(v.compression))
	for i, s := range v.compression {
		out[i] = s[1:]
	}
	return out
}

// Compression returns the compression suffix of a lower-cased name
// ("gz" for "x.fq.gz") and the name without it; a name that is nothing
// but the suffix keeps it ("x.gz" → "", "x.gz" is not stripped to "x").
func (v *Vocab) Compression(name string) (z, rest string) {
	for _, s := range v.compression {
		if strings.HasSuffix(name, s) && len(name) > len(s)+1 {
			return s[1:], strings.TrimSuffix(name, s)
		}
	}
	return "", name
}

// fires decides a data rule for its inline tests and Eval.
func (v *Vocab) fires(r *Rule, env any) bool {
	switch t := r.Then.(type) {
	case *LexiconThen:
		e, ok := env.(*LexiconEnv)
		if !ok {
			return false
		}
		w := e.Word
		if slices.Contains(t.Words, w) {
			return true
		}
		for _, s := range t.Suffixes {
			if strings.HasSuffix(w, s) {
				return true
			}
		}
		for _, p := range t.Prefixes {
			if strings.HasPrefix(w, p) {
				return true
			}
		}
		for _, s := range t.Infixes {
			if strings.Contains(strings.ToLower(w), strings.ToLower(s)) {
				return true
			}
		}
	case *FileKindThen:
		e, ok := env.(*FileKindEnv)
		if !ok {
			return false
		}
		name := strings.ToLower(e.Name)
		if i := strings.LastIndexAny(name, `/\`); i >= 0 {
			name = name[i+1:]
		}
		for _, z := range t.Compression {
			if strings.HasSuffix(name, "."+z) && len(name) > len(z)+2 {
				return true
			}
		}
		_, rest := v.Compression(name)
		ext := rest
		if i := strings.LastIndexByte(rest, '.'); i >= 0 {
			ext = rest[i+1:]
		}
		return slices.Contains(t.Extensions, ext)
	}
	return false
}

func validateLexicon(t *LexiconThen) error {
	switch {
	case !idPattern.MatchString("x." + t.Class):
		return fmt.Errorf("then.class %q must be lower-case words joined by _", t.Class)
	case t.Lang != "en" && t.Lang != "zh":
		return fmt.Errorf("then.lang %q is not one of en, zh", t.Lang)
	case len(t.Words)+len(t.Suffixes)+len(t.Prefixes)+len(t.Infixes) == 0:
		return fmt.Errorf("then lists no words, suffixes, prefixes or infixes")
	}
	for _, l := range [][]string{t.Words, t.Suffixes, t.Prefixes, t.Infixes} {
		for _, w := range l {
			if strings.TrimSpace(w) == "" || w != strings.TrimSpace(w) {
				return fmt.Errorf("then lists an empty word or one with spaces around it: %q", w)
			}
		}
	}
	return nil
}

func validateFileKind(t *FileKindThen) error {
	if len(t.Compression) > 0 {
		if t.Kind != "" || len(t.Extensions) > 0 {
			return fmt.Errorf("a compression entry lists compression alone (no kind, no extensions)")
		}
		return checkExts("compression", t.Compression)
	}
	switch {
	case t.Kind == "":
		return fmt.Errorf("then.kind is empty")
	case len(t.Extensions) == 0:
		return fmt.Errorf("then.extensions is empty")
	}
	if err := checkExts("extensions", t.Extensions); err != nil {
		return err
	}
	return checkExts("index", t.Index)
}

func checkExts(field string, l []string) error {
	for _, e := range l {
		if e == "" || e != strings.ToLower(e) || strings.HasPrefix(e, ".") || strings.ContainsAny(e, " /") {
			return fmt.Errorf("then.%s: %q must be lower case, without a leading dot, spaces or /", field, e)
		}
	}
	return nil
}
