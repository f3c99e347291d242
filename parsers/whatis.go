package parsers

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// whatisLineRE is one line of the manual index: "bgzip (1)   - Block
// compression/decompression utility".
var whatisLineRE = lazyre.New(`^(\S+)\s+\(([^)]+)\)\s+-\s+(.+?)\s*$`)

// Whatis returns the manual index's summary of the program name from the
// output of `whatis -l name`: the first line for that name in a section
// of user commands (1, 1e, 1p …; 8 for system ones), not the library or
// file-format pages of the same name ("sort (3perl)", "stat (2)"). It is
// empty when the index has no such line ("nothing appropriate") or the
// line is a page template's placeholder.
func Whatis(text, name string) string {
	for _, l := range strings.Split(text, "\n") {
		m := whatisLineRE.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil || m[1] != name {
			continue
		}
		sec, line := m[2], m[3]
		if strings.HasPrefix(line, "<") && strings.HasSuffix(line, ">") {
			return "" // a template's placeholder ("<short_description>"), not a summary
		}
		if strings.HasPrefix(sec, "1") || strings.HasPrefix(sec, "8") {
			return line
		}
	}
	return ""
}
