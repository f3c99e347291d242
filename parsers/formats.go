package parsers

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// formatListRE matches a line outside the option rows that lists the
// formats a format option takes (HMMER: "Sequence input formats include:
// FASTA, EMBL, GenBank, UniProt"; "Alignment output formats include:
// Stockholm, Pfam, A2M, PSIBLAST"). Group 1 holds the words before
// "formats", group 2 the list.
var formatListRE = lazyre.New(`(?i)^ {0,2}((?:[a-z]+ ){0,3})formats?(?: (?:include|includes|are|supported))?\s*:\s*(.+)$`)

// formatItemRE is one listed format name.
var formatItemRE = lazyre.New(`^[A-Za-z0-9][\w.+-]*$`)

// listedFormats gives a format option the choices a line below the
// option rows lists for it. The line's words say which option: "input"
// goes to the one format option named for input (--informat), "output" to
// the one named for output (--outformat); a line that says neither goes
// to the only format option there is. An option with choices of its own
// keeps them.
func listedFormats(lines []string, flags []Flag) {
	for _, l := range lines {
		if !strings.Contains(strings.ToLower(l), "format") {
			continue
		}
		m := formatListRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		list := formatList(m[2])
		if len(list) < 2 {
			continue
		}
		words := " " + strings.ToLower(m[1])
		dir := ""
		switch {
		case strings.Contains(words, " input "):
			dir = "in"
		case strings.Contains(words, " output "):
			dir = "out"
		}
		at, n := -1, 0
		for i, f := range flags {
			name := strings.ToLower(strings.TrimLeft(f.Name, "-"))
			if f.ParamType == "bool" || !strings.Contains(name, "format") && !strings.Contains(name, "fmt") {
				continue
			}
			if dir != "" && !strings.HasPrefix(name, dir) {
				continue
			}
			at, n = i, n+1
		}
		if n != 1 || len(flags[at].Choices) > 0 {
			continue
		}
		flags[at].Choices = list
		setType(&flags[at])
	}
}

// formatList splits "FASTA, EMBL, GenBank and UniProt." into names; it
// returns nil when a part is not one name.
func formatList(s string) []string {
	s = strings.TrimRight(strings.TrimSpace(s), ".")
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		for _, conj := range []string{"and ", "or "} {
			p = strings.TrimPrefix(p, conj)
		}
		if a, b, ok := strings.Cut(p, " and "); ok {
			if !formatItemRE.MatchString(a) || !formatItemRE.MatchString(b) {
				return nil
			}
			out = append(out, a, b)
			continue
		}
		if !formatItemRE.MatchString(p) {
			return nil
		}
		out = append(out, p)
	}
	return out
}
