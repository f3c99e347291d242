package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// A task word the command does not account for may name a flag the
// command lacks: "SH-aLRT" names iqtree2's --alrt, "parsing the sequence
// IDs" makeblastdb's -parse_seqids, and "by sequence length" the value
// len of fastasort's --key <id | len | seq> (listedValueOf), "Pfam" the
// compound name --pfamtblout (compoundHolds). A platform's name
// ("nanopore reads"; lexicon platform_word) may be in the help of the
// flag that tunes the tool to it (minimap2's -x presets, "PacBio
// CLR/Nanopore"): for those words the help counts too. When such a
// word is a word of the name, or a listed value, of at most
// scoring.fit.unmet_word_flags_max flags the command does not set, the
// command lacks what the task asks for: it is uncertain, and the finding
// names the word and the flags. Words of flag descriptions are not
// enough: on held-out tasks they made right commands uncertain as often
// as wrong ones ("maximum likelihood" is FastTree's default, not -noml's).

// unmetWords returns a finding for each task word of that kind.
func (m *mapper) unmetWords(f *Fill, c *candidate) []string {
	if len(c.flags) == 0 {
		return nil
	}
	covered := m.coverTest(f, c, nil, false)
	set := func(fd FlagDoc) bool {
		return slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return sameDoc(fd, fv.Name) })
	}
	kinds := map[string]bool{}
	for _, fs := range m.slots.Files {
		kinds[fs.Type] = true
	}
	// The words around a number the command places say what it is
	// ("80% coverage" for -c 0.8).
	placedContext := map[string]bool{}
	for _, n := range m.slots.Numbers {
		if holdsText(f, n.Value) {
			for _, w := range n.Context {
				placedContext[stem(strings.ToLower(w))] = true
			}
		}
	}
	parts := nameParts(c.flags)
	platforms := task.V().Words("platform_word")
	var out []string
	words := keys(m.taskTerms(m.keywordText()))
	slices.Sort(words)
	for _, w := range words {
		// a platform's name (lexicon platform_word: "nanopore", "hifi")
		// may be in the help of the flag that tunes the tool to it
		platform := ""
		if i := slices.IndexFunc(platforms, func(p string) bool { return stem(p) == w }); i >= 0 {
			platform = platforms[i]
		}
		if len(w) < 4 && platform == "" || isCJK(w) || numberRE.MatchString(w) || covered(w) || placedContext[w] {
			continue
		}
		// a word common to many helps names no flag, but may name a
		// listed value ("length" for "len")
		common := m.common[w] || task.V().Word("common_help_word", w)
		if k, ok := task.KindOfWord(w); ok && kinds[k] {
			continue // "BAM output" said by the task's out.bam
		}
		if m.namesTool(w, c) {
			continue // "bowtie" names the tool, not a flag
		}
		var hits, valued, helped []string
		var hitDocs []FlagDoc
		for _, fd := range c.flags {
			if fd.Name == "" || set(fd) {
				continue
			}
			if !common && (flagNameWords(fd)[w] || compoundHolds(fd, w, parts)) {
				hits, hitDocs = append(hits, spelling(fd)), append(hitDocs, fd)
			} else if v := listedValueOf(fd, w); v != "" {
				valued, hitDocs = append(valued, fmt.Sprintf("%s of %s", v, spelling(fd))), append(hitDocs, fd)
			} else if platform != "" && HelpWords(strings.ReplaceAll(fd.Description, "/", " "))[w] {
				helped, hitDocs = append(helped, spelling(fd)), append(hitDocs, fd)
			}
		}
		if len(hitDocs) == 0 || len(hitDocs) > int(sc.Fit.UnmetWordFlagsMax) || exampleMeets(f.Example, w, hitDocs) {
			continue
		}
		if len(hits) > 0 {
			out = append(out, fmt.Sprintf("the task's word %q is in the name of %s, which the command does not set", w, joinAnd(hits)))
			continue
		}
		if len(valued) > 0 {
			out = append(out, fmt.Sprintf("the task's word %q names the value %s, which the command does not set", w, joinAnd(valued)))
			continue
		}
		out = append(out, fmt.Sprintf("the task's reads are %s, and the help of %s, which the command does not set, names them", platform, joinAnd(helped)))
	}
	return out
}

// listedValueOf returns the value of a whole list of fd's values (its
// choices, "-k --key <id | len | seq>", or an EMBOSS "(Values: …)" list)
// that the task word w names: the value's stem, or an abbreviation of
// three or four letters w begins with ("length" names fastasort's "len";
// "blastdbcmd" does not name "blastdb"). A listed value is what the flag
// is for, so a task that says it asks for the flag as surely as one that
// says its name; the flag's default names nothing, it holds unset.
func listedValueOf(fd FlagDoc, w string) string {
	for _, v := range wholeValues(fd) {
		lv := strings.ToLower(v)
		if len(lv) < 3 || !isLetters(lv) || strings.EqualFold(v, fd.Default) {
			continue // the default is in effect unset (cutadapt's "trim")
		}
		if stem(lv) == w || len(lv) <= maxValueAbbrev && strings.HasPrefix(w, lv) {
			return v
		}
	}
	return ""
}

// maxValueAbbrev is the longest listed value read as an abbreviation of
// a longer task word: longer ones are words or names of their own.
const maxValueAbbrev = 4

// flagNameWords are the words of a flag's names (--max-expected-errors:
// max, expected, errors), stemmed.
func flagNameWords(fd FlagDoc) map[string]bool {
	out := map[string]bool{}
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		for _, part := range splitIdent(strings.TrimLeft(n, "-")) {
			if len(part) >= 4 {
				out[stem(strings.ToLower(part))] = true
			}
		}
	}
	return out
}

// compoundHolds reports a flag name written as one run of letters that
// is the task word w (a stem) joined to the name of another flag of the
// help: hmmsearch's --pfamtblout is "Pfam" and --tblout. The rest must be
// a whole part of another flag's name (parts), so a word that merely
// begins a longer one ("rest" of bbduk's restrictleft) holds none.
func compoundHolds(fd FlagDoc, w string, parts map[string]bool) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		for _, part := range splitIdent(strings.TrimLeft(n, "-")) {
			p := strings.ToLower(part)
			if len(p) <= len(w) || !isLetters(p) {
				continue
			}
			if strings.HasPrefix(p, w) && parts[p[len(w):]] || strings.HasSuffix(p, w) && parts[p[:len(p)-len(w)]] {
				return true
			}
		}
	}
	return false
}

// nameParts are the parts of the help's flag names, lower-cased
// (--tblout: tblout; --max-gap: max, gap).
func nameParts(flags []FlagDoc) map[string]bool {
	out := map[string]bool{}
	for _, fd := range flags {
		for _, n := range append([]string{fd.Name}, fd.Aliases...) {
			for _, part := range splitIdent(strings.TrimLeft(n, "-")) {
				out[strings.ToLower(part)] = true
			}
		}
	}
	return out
}

// HelpWords are the content words of a help text as Stage 3 compares
// them: lower-cased, stop words left out, stemmed. The list of words
// common to many tools' helps (lexicon class common_help_word) is
// generated from the captured helps with them.
func HelpWords(text string) map[string]bool {
	return contentWords(joinsToSpaces.Replace(text))
}

// exampleMeets reports an example whose own task says w and whose command
// sets none of the flags whose names hold w: the example's author met
// the word without them.
func exampleMeets(ex *Example, w string, flags []FlagDoc) bool {
	if ex == nil || !HelpWords(ex.Task)[w] {
		return false
	}
	for _, a := range strings.Fields(ex.Args) {
		name, _, _ := strings.Cut(a, "=")
		for _, fd := range flags {
			if sameDoc(fd, name) {
				return false
			}
		}
	}
	return true
}

// namesTool reports a word that is a part of the tool's or the
// candidate's name ("bowtie" of bowtie2, "mmseqs").
func (m *mapper) namesTool(w string, c *candidate) bool {
	for _, n := range append([]string{m.rec.Name, m.rec.Executable, c.exe}, c.sub...) {
		if strings.Contains(strings.ToLower(n), w) {
			return true
		}
	}
	return false
}

// runnerUpWords returns a finding when task words nothing in the command
// accounts for (uncovered, as uncoveredWords gives them) are words of the
// runner-up's description, not the chosen candidate's ("linear-time" for
// mmseqs easy-cluster, whose runner-up easy-linclust is the "Fast linear
// time cluster"): the choice passed over words that point elsewhere.
func (m *mapper) runnerUpWords(uncovered []string, c, second *candidate) string {
	if second == nil || second.score < sc.Choose.RunnerUpShare*c.score {
		return ""
	}
	own := m.candTerms(c, true)
	theirs := m.candTerms(second, true)
	// (a word of the runner-up's name the task says is the other program
	// the task speaks of, "the sketch refs.msh", "bgzip-compressed", or
	// what made its input, "the pileup file" for mpileup)
	theirNames := m.candTerms(second, false)
	var ws []string
	for _, w := range uncovered {
		if theirs[w] && !theirNames[w] && !strings.Contains(strings.ToLower(second.key), w) && !own[w] && len(w) >= 4 && !m.common[w] && !task.V().Word("common_help_word", w) {
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return ""
	}
	return fmt.Sprintf("the task's words %s are %s's, the runner-up, and nothing in %s accounts for them", strings.Join(m.asWritten(ws), ", "), second.command(), c.command())
}
