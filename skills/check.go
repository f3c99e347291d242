package skills

import (
	"fmt"
	"strings"
)

// CheckDepth reports a skill that has fewer concepts, pitfalls or
// examples than asked for.
func CheckDepth(s *Skill, minConcepts, minPitfalls, minExamples int) []string {
	var probs []string
	for _, c := range []struct {
		what     string
		have, at int
	}{
		{"concepts", len(s.Concepts), minConcepts},
		{"pitfalls", len(s.Pitfalls), minPitfalls},
		{"examples", len(s.Examples), minExamples},
	} {
		if c.have < c.at {
			probs = append(probs, fmt.Sprintf("%s: %d %s, need at least %d", s.Source, c.have, c.what, c.at))
		}
	}
	return probs
}

// CheckExamples reports examples whose Args do not split as shell words,
// start with the tool's own name (Args must leave it out), or use sudo.
func CheckExamples(s *Skill) []string {
	var probs []string
	for _, ex := range s.Examples {
		where := fmt.Sprintf("%s:%d: example %q", s.Source, ex.Line, ex.Task)
		words, err := SplitArgs(ex.Args)
		if err != nil {
			probs = append(probs, fmt.Sprintf("%s: Args: %v", where, err))
			continue
		}
		if len(words) == 0 {
			probs = append(probs, where+": Args has no words")
			continue
		}
		if _, err := SplitSteps(words); err != nil {
			probs = append(probs, fmt.Sprintf("%s: Args: %v", where, err))
		}
		first := words[0]
		if strings.EqualFold(first, s.Name) {
			probs = append(probs, fmt.Sprintf("%s: Args start with the tool name %q; leave it out", where, first))
		}
		for _, w := range words {
			if w == "sudo" {
				probs = append(probs, where+": Args use sudo")
			}
		}
	}
	return probs
}

// CheckKeywords reports keywords keys that are neither the tool name, an
// alias or companion, nor the first word of some example's Args.
func CheckKeywords(s *Skill) []string {
	ok := map[string]bool{strings.ToLower(s.Name): true}
	for _, n := range append(append([]string(nil), s.Aliases...), s.Companions...) {
		ok[strings.ToLower(n)] = true
	}
	for _, ex := range s.Examples {
		if words, err := SplitArgs(ex.Args); err == nil && len(words) > 0 {
			ok[strings.ToLower(words[0])] = true
		}
	}
	var probs []string
	for _, k := range sortedKeys(s.Keywords) {
		if !ok[strings.ToLower(k)] {
			probs = append(probs, fmt.Sprintf("%s: keywords key %q is not the tool name, an alias, a companion or the first word of any example's Args", s.Source, k))
		}
	}
	return probs
}

// CheckUnique reports names and aliases that select more than one skill.
func CheckUnique(list []*Skill) []string {
	owner := map[string]string{}
	var probs []string
	claim := func(word, src, what string) {
		key := strings.ToLower(strings.TrimSpace(word))
		if prev, dup := owner[key]; dup && prev != src {
			probs = append(probs, fmt.Sprintf("%s: %s %q is already used by %s", src, what, word, prev))
			return
		}
		owner[key] = src
	}
	for _, s := range list {
		claim(s.Name, s.Source, "name")
	}
	for _, s := range list {
		for _, a := range s.Aliases {
			claim(a, s.Source, "alias")
		}
	}
	return probs
}
