package engine

import (
	"fmt"
	"strings"
)

// The program the user typed is the program they want. Its companions
// (the other programs of its package: blastp beside tblastn, cmscan
// beside cmpress) are chosen only when a word of the task names one by
// its name or a part of it ("build the index" for hisat2-build): a skill
// keyword or a concept they share ("protein search") is no reason to run
// another program than the one typed.

// rootCandidate returns the candidate of the typed program itself when it
// is a program of its own (its help read, flags and no subcommands), or
// nil.
func (m *mapper) rootCandidate(cands []*candidate) *candidate {
	if m.doc == nil || len(m.doc.Subcommands) > 0 {
		return nil
	}
	for _, c := range cands {
		if c.exe == m.rec.Executable && len(c.sub) == 0 && c.known && len(c.flags) > 0 {
			return c
		}
	}
	return nil
}

// borrowExamples gives the typed program, when the skill shows none of
// its own, its companions' examples whose every flag its own help lists:
// a blastp example serves tblastn (-query, -db, -evalue, -out), a
// makeblastdb one does not.
func (m *mapper) borrowExamples(cands []*candidate) {
	root := m.rootCandidate(cands)
	if root == nil || len(root.examples) > 0 {
		return
	}
	for _, c := range cands {
		if c == root || c.exe == m.rec.Executable || len(c.sub) > 0 {
			continue
		}
		for _, se := range c.examples {
			if flagsKnown(se.args, root.flags) {
				b := se
				b.from = c.exe
				root.examples = append(root.examples, b)
			}
		}
	}
}

// flagsKnown reports whether every flag of an example's arguments is a
// flag of the help given, and the example has one at least.
func flagsKnown(args []string, flags []FlagDoc) bool {
	n := 0
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || len(a) < 2 || numberRE.MatchString(a[1:]) {
			continue
		}
		name, _, _ := strings.Cut(a, "=")
		if _, ok := LookupFlag(flags, name); !ok {
			return false
		}
		n++
	}
	return n > 0
}

// keepTyped puts the typed program first when a companion won on shared
// words alone (no task word names it by name), and says so; it reports
// whether it did.
func (m *mapper) keepTyped(cands []*candidate) bool {
	root := m.rootCandidate(cands)
	best := cands[0]
	// The typed program must fit the task somewhat itself: one whose
	// examples all work on other file kinds ("list the sequences in the
	// index" of hisat2) is no program for it.
	if root == nil || best == root || best.exe == m.rec.Executable || len(best.sub) > 0 || root.score <= 0 {
		return false
	}
	shared := best.byName && sharedParts(best, root)
	if best.byName && !shared {
		return false
	}
	for i, c := range cands {
		if c == root {
			copy(cands[1:i+1], cands[:i])
			cands[0] = root
			break
		}
	}
	if shared {
		root.why = append(root.why, fmt.Sprintf("the program typed: %s's help says %q too, so the word that is part of %s's name does not choose it (%s)", root.exe, strings.Join(best.parts, `", "`), best.exe, strings.Join(best.why, "; ")))
		return true
	}
	root.why = append(root.why, fmt.Sprintf("the program typed: no task word names %s (%s)", best.exe, strings.Join(best.why, "; ")))
	return true
}

// sharedParts reports a companion named only by parts of its name that
// the typed program's own help description says as well ("search" of
// hmmsearch, for phmmer, whose help begins "search a protein sequence
// against a protein database"): the word fits the program typed as much
// as the companion, so it is no reason to run another program.
func sharedParts(best, root *candidate) bool {
	if len(best.parts) == 0 || root.desc == "" {
		return false
	}
	said := contentWords(root.desc)
	for _, p := range best.parts {
		if !said[stem(p)] && !said[p] {
			return false
		}
	}
	return true
}

// borrowedFrom says whose example an adapted example is, for the trace.
func borrowedFrom(se scoredExample) string {
	if se.from == "" {
		return ""
	}
	return fmt.Sprintf(" (an example of %s, whose flags this program's help lists)", se.from)
}
