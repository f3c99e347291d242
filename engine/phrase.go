package engine

import (
	"fmt"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// A task may say a switch's help in the help's own words, in order ("the
// interleaved file (smart pairing)" for bwa mem's "-p  smart pairing"):
// a run of at least scoring.fit.phrase_run_min content words the task and
// one switch's help share, at least scoring.fit.phrase_run_share of the
// help's content words, longer than any other switch's or any set
// flag's run, asks for that switch. A run that long that two switches
// share equally is recorded (the unmet_phrase feature): the command may
// lack what the task asks for.

// phraseWord is one word of a text, stemmed, with whether it counts.
type phraseWord struct {
	stem    string
	content bool
}

// phraseWords are the words of text in order, lower-cased, punctuation
// trimmed, stemmed; stopwords are kept in the sequence but do not count.
func phraseWords(text string) []phraseWord {
	var out []phraseWord
	for _, w := range strings.Fields(strings.ToLower(text)) {
		w = strings.Trim(w, "()[]{},;:.!?'\"`")
		if w == "" {
			continue
		}
		out = append(out, phraseWord{stem(w), !task.Stopword(w) && len(w) > 1})
	}
	return out
}

// sharedRun returns the content words of the longest run of words a and b
// share in order (stopwords inside a run allowed, counted by the content
// words in it).
func sharedRun(a, b []phraseWord) []string {
	var best []string
	for i := range a {
		for j := range b {
			var run []string
			for k := 0; i+k < len(a) && j+k < len(b) && a[i+k].stem == b[j+k].stem; k++ {
				if a[i+k].content {
					run = append(run, a[i+k].stem)
				}
			}
			if len(run) > len(best) {
				best = run
			}
		}
	}
	return best
}

// addPhraseSwitches is the pass that adds the switch whose help the task
// says in the help's own words, a run longer than any other switch's help
// or any set flag's shares with the task, of content words not common to
// many of the help's flags, one of them at least no placed flag explains.
func (m *mapper) addPhraseSwitches(a *adaptation) {
	tw := phraseWords(withoutFiles(m.task))
	uncovered := m.uncoveredTerms(a)
	off := task.V().Mentions("turn_off", withoutFiles(m.task))
	// A set flag's help that shares as long a run with the task accounts
	// for those words, however long its help: uniq -d's "only print
	// duplicate lines, one for each group" leaves no "duplicate lines"
	// for -D's "print all duplicate lines".
	setRun := 0
	for _, fv := range a.f.Flags {
		if fd, ok := LookupFlag(a.c.flags, fv.Name); ok {
			setRun = max(setRun, len(m.rareRun(tw, fd)))
		}
	}
	var best *FlagDoc
	var bestRun []string
	tie := false
	for i := range a.c.flags {
		fd := &a.c.flags[i]
		if _, ok := switchOn(*fd); !ok || fd.Name == "" || fd.Description == "" || alreadyUsed(a.used, *fd) || a.used[spelling(*fd)] || deprecated(*fd, a.c.flags) ||
			m.endsRun(*fd) || !off && task.V().Mentions("turn_off", fd.Description) || onByDefault(*fd) {
			continue // a switch the help marks as the default adds nothing
		}
		if _, ok := seeTarget(a.c.flags, *fd); ok {
			continue // the flag it refers to carries the help
		}
		run := m.runWords(tw, *fd)
		switch {
		case len(run) > len(bestRun):
			best, bestRun, tie = fd, run, false
		case len(run) == len(bestRun):
			tie = true
		}
	}
	if best == nil || len(bestRun) < int(sc.Fit.PhraseRunMin) || len(bestRun) <= setRun {
		return
	}
	listed := m.listedBySubcommand(a)
	fresh := false
	for _, w := range bestRun {
		fresh = fresh || uncovered[trimRoot(w)] || listed[trimRoot(w)]
	}
	if !fresh {
		return
	}
	if tie {
		m.unmetPhrases++
		m.evidence = append(m.evidence, fmt.Sprintf("unmet switch: the task says %q, words of %s's help, but another switch's help says them as well", strings.Join(bestRun, " "), spelling(*best)))
		return
	}
	name := m.addSwitch(a, *best, "the task says its help's words: "+best.Description)
	m.evidence = append(m.evidence, fmt.Sprintf("added %s: the task says %q, words of its help in order (%q)", name, strings.Join(bestRun, " "), best.Description))
}

// runWords is the run of words a flag's help shares with the task's words,
// those common to many of the candidate's flags left out; nil when the run
// is less than scoring.fit.phrase_run_share of the help's content words (a
// long help holds many two-word runs).
func (m *mapper) runWords(tw []phraseWord, fd FlagDoc) []string {
	n := 0
	for _, w := range phraseWords(fd.Description) {
		if w.content {
			n++
		}
	}
	out := m.rareRun(tw, fd)
	if float64(len(out)) < sc.Fit.PhraseRunShare*float64(n) {
		// In a long help, a run of words few other flags' help says, in
		// the help's first sentence, still picks the switch out.
		head, _, _ := strings.Cut(fd.Description, ". ")
		if !m.allOnce(out) || len(sharedRun(tw, phraseWords(head))) < len(out) {
			return nil
		}
	}
	return out
}

// rareRun is the run of words a flag's help shares with the task's
// words, nil when all of them are common to many of the candidate's
// flags: those count only beside a rare one ("line number" is grep -n's,
// though "line" is in a fifth of grep's helps; "output lines" alone is no
// flag's).
func (m *mapper) rareRun(tw []phraseWord, fd FlagDoc) []string {
	out := sharedRun(tw, phraseWords(fd.Description))
	for _, w := range out {
		if !m.common[w] {
			return out
		}
	}
	return nil
}

// listedBySubcommand are the terms only the chosen subcommand's
// description holds, not its name nor any set flag's: a description that
// lists what its switches do ("sort sequences by id/name/sequence/length")
// covers the task's words for the command as a whole, not for the switch
// whose help the task says in order ("by sequence length" for seqkit sort
// -l "by sequence length").
func (m *mapper) listedBySubcommand(a *adaptation) map[string]bool {
	out := map[string]bool{}
	if len(a.c.sub) == 0 {
		return out
	}
	names := m.candTerms(a.c, false)
	for w := range m.candTerms(a.c, true) {
		if !names[w] {
			out[w] = true
		}
	}
	m.eachSetFlag(a, func(_ FlagValue, names, desc map[string]bool) {
		for w := range union(names, desc) {
			delete(out, w)
		}
	})
	return out
}

// allOnce reports a run of at least scoring.fit.phrase_run_min words the
// help of at most two of the candidate's flags says, one of them at least
// a word tools' help seldom says (not of the lexicon class
// common_help_word): "scientific names" for kraken2's --use-names "Print
// scientific names instead of just taxids", not "IDs are" for seqkit
// faidx -r "IDs are regular expression".
func (m *mapper) allOnce(run []string) bool {
	if len(run) < int(sc.Fit.PhraseRunMin) {
		return false
	}
	seldom := false
	for _, w := range run {
		if !m.once[trimRoot(w)] {
			return false
		}
		seldom = seldom || !task.V().Word("common_help_word", w)
	}
	return seldom
}
