package bench

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Weights of [Scores.Accuracy]; recall weighs most because a missing flag
// usually changes the result while an extra one often does not.
const (
	WeightRecall     = 0.35
	WeightPrecision  = 0.25
	WeightJaccard    = 0.25
	WeightPositional = 0.15
	// WrongSubcommandFactor scales the accuracy of a command that runs
	// another subcommand (or another executable): right flags on the wrong
	// program are worth little.
	WrongSubcommandFactor = 0.3
)

// Scores compares a generated command with its reference.
type Scores struct {
	// Exact: the normalized token lists are equal.
	Exact bool `json:"exact"`
	// Equivalent: same executable and subcommand, same multiset of flag
	// groups, same positionals in order — exact up to flag order.
	Equivalent bool `json:"equivalent"`
	// SubcommandMatch: same executable and same subcommand.
	SubcommandMatch bool `json:"subcommand_match"`
	// Recall: share of the reference's flag groups that were generated.
	Recall float64 `json:"recall"`
	// Precision: share of the generated flag groups that are in the reference.
	Precision float64 `json:"precision"`
	// Jaccard: |intersection| / |union| of the flag groups.
	Jaccard float64 `json:"jaccard"`
	// PositionalOrder: 1 when the positionals are equal in order, else the
	// longest common subsequence over the longer list.
	PositionalOrder float64 `json:"positional_order"`
	// Accuracy: 0.35·recall + 0.25·precision + 0.25·jaccard +
	// 0.15·positional, times 0.3 when the subcommand is wrong.
	Accuracy float64 `json:"accuracy"`
}

// Score compares got with ref using [DefaultRoles]; see [Roles.Score].
func Score(ref, got string) Scores { return DefaultRoles().Score(ref, got) }

// Score compares a generated command line (got) with a reference (ref).
//
// Both commands are normalized with shared flag evidence: a flag that
// clearly takes a value (or clearly does not) in one command is read the
// same way in the other, so moving a flag to the end does not change what
// its neighbour means. Flag groups are compared as multisets (a repeated
// "-v -v" counts twice; without repeats this is plain set arithmetic), and
// with placeholders renumbered canonically, so that "-a a.bed -b b.bed"
// and "-b b.bed -a a.bed" have the same groups. Ratios over nothing are 1
// (no flags expected and none given is perfect recall and precision).
//
// An empty got (or one without a command) scores 0 everywhere.
func (r Roles) Score(ref, got string) Scores {
	rw, gw := r.prepare(split(ref)), r.prepare(split(got))
	if gw.exe == "" {
		return Scores{}
	}
	h := hints{boolean: map[string]bool{}, value: map[string]bool{}}
	rw.gather(h)
	gw.gather(h)
	rn, gn := r.classify(rw, h), r.classify(gw, h)
	return compare(rn, gn)
}

// compare scores two normalized commands.
func compare(ref, got Normalized) Scores {
	if got.Executable == "" {
		return Scores{}
	}
	var s Scores
	s.SubcommandMatch = ref.Executable == got.Executable && ref.Subcommand == got.Subcommand
	s.Exact = equal(ref.Tokens, got.Tokens)
	rg, rp := canonical(ref)
	gg, gp := canonical(got)
	common := multisetCommon(rg, gg)
	s.Recall = ratio(common, len(rg))
	s.Precision = ratio(common, len(gg))
	s.Jaccard = ratio(common, len(rg)+len(gg)-common)
	if equal(rp, gp) {
		s.PositionalOrder = 1
	} else {
		s.PositionalOrder = float64(lcs(rp, gp)) / float64(max(len(rp), len(gp)))
	}
	s.Equivalent = s.SubcommandMatch && common == len(rg) && common == len(gg) && s.PositionalOrder == 1
	s.Accuracy = WeightRecall*s.Recall + WeightPrecision*s.Precision +
		WeightJaccard*s.Jaccard + WeightPositional*s.PositionalOrder
	if !s.SubcommandMatch {
		s.Accuracy *= WrongSubcommandFactor
	}
	return s
}

func ratio(k, n int) float64 {
	if n == 0 {
		return 1
	}
	return float64(k) / float64(n)
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func multisetCommon(a, b []string) int {
	count := map[string]int{}
	for _, s := range a {
		count[s]++
	}
	k := 0
	for _, s := range b {
		if count[s] > 0 {
			count[s]--
			k++
		}
	}
	return k
}

// lcs is the length of the longest common subsequence of a and b.
func lcs(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

var placeholderRE = regexp.MustCompile(`<(` + RoleInput + `|` + RoleOutput + `|` + RoleRef + `)_[0-9]+>`)

// canonical renumbers placeholders so that their numbers do not depend on
// flag order: flag groups are visited sorted by their text with the numbers
// masked (ties keep their order), then the positionals in order, and each
// placeholder is numbered per role on first sight.
func canonical(n Normalized) (groups, positionals []string) {
	masked := make([]string, len(n.FlagGroups))
	for i, g := range n.FlagGroups {
		masked[i] = placeholderRE.ReplaceAllStringFunc(g, func(m string) string {
			return m[:strings.LastIndexByte(m, '_')] + ">"
		})
	}
	order := make([]int, len(n.FlagGroups))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return masked[order[a]] < masked[order[b]] })

	renamed := map[string]string{}
	count := map[string]int{}
	rename := func(s string) string {
		return placeholderRE.ReplaceAllStringFunc(s, func(m string) string {
			if r, ok := renamed[m]; ok {
				return r
			}
			role := m[1:strings.LastIndexByte(m, '_')]
			count[role]++
			r := "<" + role + "_" + strconv.Itoa(count[role]) + ">"
			renamed[m] = r
			return r
		})
	}
	groups = make([]string, 0, len(order))
	for _, i := range order {
		groups = append(groups, rename(n.FlagGroups[i]))
	}
	positionals = make([]string, 0, len(n.Positionals))
	for _, p := range n.Positionals {
		positionals = append(positionals, rename(p))
	}
	return groups, positionals
}
