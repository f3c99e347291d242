package parsers

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

var (
	// versionRE matches banner lines such as "tool 0.8.0", "tool
	// version 4.2" or "/// Tool | v1.14".
	versionRE = lazyre.New(`(?i)\bversion\b\s*:?\s*v?\d|^\S+\s+v?\d+(?:\.\d+)+\S*$|\bv\d+\.\d+`)
	// fieldRE matches "Key: value" metadata lines (Program:, Contact:).
	fieldRE = lazyre.New(`^[A-Z][A-Za-z]{0,20}\s*:\s`)
	// complaintRE matches the error a tool prints before its help when it
	// does not know the help flag it was given.
	complaintRE = lazyre.New(`(?i)\b(?:unrecognized|unknown|invalid|illegal) option\b`)
)

// descLabels are heading labels whose text is the tool's description.
var descLabels = map[string]bool{"description": true, "summary": true, "about": true}

// summary returns the tool's one-paragraph description: the text of a
// Description/Summary/About heading when there is one, else the first
// paragraph of prose before the first heading (usage blocks skipped) that
// is not a banner, copyright or "Key: value" line and not a table.
func (d *doc) summary() string {
	hs := headingTable(d.lines)
	for i, h := range hs {
		if h.label == "" || !descLabels[strings.ToLower(h.label)] {
			continue
		}
		para := []string{h.inline}
		for j := i + 1; j < len(d.lines); j++ {
			m := d.lines[j]
			if isBlank(m) {
				if strings.TrimSpace(strings.Join(para, "")) != "" {
					break
				}
				continue
			}
			if hh := hs[j]; hh.label != "" && hh.indent <= h.indent {
				break
			}
			para = append(para, m)
		}
		if s := collapse(strings.Join(para, " ")); s != "" {
			return s
		}
	}
	var para []string
	for i, l := range d.lines {
		if i < len(d.inUsage) && d.inUsage[i] {
			continue
		}
		if isBlank(l) {
			if len(para) > 0 {
				return collapse(strings.Join(para, " "))
			}
			continue
		}
		if hs[i].label != "" && hs[i].strong {
			if hs[i].inline == "" && nextIsField(d.lines, i) {
				continue // "JavOpt:" heading a block of "Key: value" fields
			}
			break
		}
		t := strings.TrimSpace(l)
		if strings.IndexByte("-[<{(*", t[0]) >= 0 {
			break
		}
		if versionRE.MatchString(t) || fieldRE.MatchString(t) || complaintRE.MatchString(t) || strings.HasPrefix(t, "Copyright") {
			continue
		}
		if gs, _ := gapIndex(t); gs >= 0 && len(para) == 0 {
			continue
		}
		para = append(para, t)
	}
	return collapse(strings.Join(para, " "))
}

// nextIsField reports whether the next non-blank line after i is a
// "Key: value" field.
func nextIsField(ls []string, i int) bool {
	for _, l := range ls[i+1:] {
		if !isBlank(l) {
			return fieldRE.MatchString(strings.TrimSpace(l))
		}
	}
	return false
}
