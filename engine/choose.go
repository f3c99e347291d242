package engine

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// nameParts returns the task words that are a part of the candidate's own
// name: a part between separators ("build" of hisat2-build), a camel-case
// part ("Metrics" of CollectHsMetrics), or the start or end of one
// ("search" of hmmsearch, "flag" of flagstat). A word that is the whole
// name is a mention, counted apart; for a companion, a part of the tool's
// own name ("blast" of blastn) says nothing for blast_report over the
// tool itself.
func (m *mapper) nameParts(c *candidate) []string {
	name := c.exe
	if len(c.sub) > 0 {
		name = c.sub[len(c.sub)-1]
	}
	lname := strings.ToLower(name)
	exe := strings.ToLower(m.rec.Executable)
	if c.exe != m.rec.Executable && len(c.sub) == 0 {
		lname = strings.TrimPrefix(lname, exe)
	}
	parts := splitName(name)
	if c.exe != m.rec.Executable && len(c.sub) == 0 {
		parts = splitName(strings.TrimPrefix(strings.ToLower(name), exe))
	}
	var out []string
	for _, p := range parts {
		for _, w := range m.jobWords() {
			if len(w) < minNamePart || w == lname || isCJK(w) || c.exe != m.rec.Executable && strings.Contains(exe, w) {
				continue
			}
			if p == w || len(p) > len(w) && (strings.HasPrefix(p, w) || strings.HasSuffix(p, w)) {
				out = append(out, w)
				break // one word per part
			}
		}
	}
	return out
}

// minNamePart is the shortest task word read as a part of a name: shorter
// ones ("bam", "db") sit inside too many names.
const minNamePart = 4

// splitName cuts a name into lower-cased parts at separators, at
// lower-to-upper case changes and between letters and digits.
func splitName(name string) []string { return splitParts(name, true) }

// splitParts cuts a name into lower-cased parts at every character that is
// neither letter nor digit and where a lower-case letter meets a capital
// ("countReadPairs"); atDigits also cuts between letters and digits
// ("hisat2build" → hisat, 2, build).
func splitParts(name string, atDigits bool) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	var prev rune
	for _, r := range name {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case len(cur) > 0 && (unicode.IsUpper(r) && !unicode.IsUpper(prev) || atDigits && unicode.IsDigit(r) != unicode.IsDigit(prev)):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return out
}

// jobWords are the job's words (jobText), each as written and stemmed.
func (m *mapper) jobWords() []string {
	if m.jWords == nil {
		seen := map[string]bool{}
		m.jWords = []string{}
		for _, w := range rules.Words(m.jobText()) {
			if task.Stopword(w) {
				continue
			}
			for _, x := range []string{w, stem(w)} {
				if !seen[x] {
					seen[x] = true
					m.jWords = append(m.jWords, x)
				}
			}
		}
	}
	return m.jWords
}

// bigrams are the pairs of adjacent content words of an English text,
// stemmed ("linear time", "fix mate", "genotype likelihood"); a stop word
// between two words parts them.
func bigrams(text string) map[string]bool {
	out := map[string]bool{}
	prev := ""
	for _, w := range rules.Words(strings.ToLower(text)) {
		if task.Stopword(w) || isCJK(w) || len(w) < 2 {
			prev = ""
			continue
		}
		w = stem(w)
		if prev != "" {
			out[prev+" "+w] = true
		}
		prev = w
	}
	return out
}

// descriptionPhrases are the two-word phrases of a candidate's help
// description the task's job says ("in linear time" for "linear-time
// clustering"): a phrase of the help is more than a word shared by
// chance.
func (m *mapper) descriptionPhrases(desc string) []string {
	if m.jBigrams == nil {
		m.jBigrams = bigrams(m.jobText())
	}
	var out []string
	for p := range bigrams(desc) {
		if m.jBigrams[p] {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// keywordSpan is where a candidate's skill keyword stands in the job text.
type keywordSpan struct {
	key        string
	start, end int
}

// keywordSpans finds where each candidate's skill keywords stand in the
// job text (phraseAt), for shadowed.
func (m *mapper) keywordSpans(cands []*candidate) []keywordSpan {
	var out []keywordSpan
	if m.skill == nil {
		return nil
	}
	for _, c := range cands {
		for _, kw := range m.skill.Keywords[c.key] {
			k := strings.ToLower(kw)
			if s, e := m.phraseAt(k); s >= 0 {
				out = append(out, keywordSpan{c.key, s, e})
			}
		}
	}
	return out
}

// shadowed reports whether another candidate's keyword stands in the task
// as a longer phrase holding this one: "genotype likelihoods" (mpileup)
// holds "genotype" (call), and the longer phrase says what is asked.
func shadowed(spans []keywordSpan, key string, start, end int) string {
	for _, s := range spans {
		if s.key != key && s.start <= start && s.end >= end && s.end-s.start > end-start {
			return s.key
		}
	}
	return ""
}

// scoreNaming adds what names a candidate beyond its full name: parts of
// its name and phrases of its description the task says.
func (m *mapper) scoreNaming(c *candidate) {
	for _, p := range m.nameParts(c) {
		c.score += sc.Choose.NamePart
		c.named = true
		c.why = append(c.why, fmt.Sprintf("%q in the task is part of its name", p))
	}
	if c.desc == "" {
		return
	}
	if ps := m.descriptionPhrases(c.desc); len(ps) > 0 {
		c.score += sc.Choose.DescriptionPhrase * float64(len(ps))
		c.named = true
		c.why = append(c.why, fmt.Sprintf("its description says %q", strings.Join(ps, `", "`)))
	}
}
