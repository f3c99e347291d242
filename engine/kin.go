package engine

import (
	"path/filepath"
	"slices"
	"strings"
)

// A companion found only because the tool's package also installs it
// (EMBOSS ships seqretsplit beside splitter, subread subread-align beside
// featureCounts, bedtools sortBed beside groupBy) is another program
// than the one the user named, whatever words of its description the
// task says: on the golden and development tasks, every such choice made
// by description alone was wrong. It is a candidate only when the task
// names it; a companion akin to the tool by name (hisat2-build,
// metaspades.py, hmmpress beside hmmsearch) or one the skill lists stays
// one as before.

// strangerCompanion reports a companion of the tool that the skill does
// not list and whose name is not akin to the tool's.
func (m *mapper) strangerCompanion(c *candidate) bool {
	if c.exe == m.rec.Executable || len(c.sub) > 0 || m.skill != nil && slices.Contains(m.skill.Companions, c.exe) {
		return false
	}
	return !namesAkin(m.rec.Executable, c.exe)
}

// namesAkin reports two program names (extensions and case aside) one of
// which holds the other, or that open on the same
// scoring.choose.akin_prefix_min letters or more (hmmsearch, hmmpress;
// seqret, seqretsplit).
func namesAkin(a, b string) bool {
	bare := func(n string) string {
		n = strings.ToLower(filepath.Base(n))
		return strings.TrimSuffix(n, filepath.Ext(n))
	}
	a, b = bare(a), bare(b)
	if a == "" || b == "" {
		return false
	}
	if strings.Contains(a, b) || strings.Contains(b, a) {
		return true
	}
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return float64(n) >= sc.Choose.AkinPrefixMin
}
