package parsers

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// unitPlaceholderRE is a placeholder with its unit letters in brackets
// ("N[bcwkMG]").
var unitPlaceholderRE = lazyre.New(`^[A-Z]+\[[A-Za-z]+\]$`)

// packedRow reads a row that lists several options one after another with
// only their placeholders between them and no descriptions, as find's help
// does ("-links N -lname PATTERN -mmin N -mtime N -name PATTERN"): each
// name starts a flag, the placeholder words after it are its value. A row
// with a column gap, fewer than three names, or any word that is neither a
// name nor a placeholder is not such a row.
func packedRow(content string) ([]Flag, bool) {
	if len(content) < 2 || content[0] != '-' {
		return nil, false
	}
	if gs, _ := gapIndex(content); gs >= 0 {
		return nil, false
	}
	var out []Flag
	for _, t := range strings.Fields(content) {
		switch {
		case t[0] == '-' && len(t) > 1 && isNameStart(t[1]) && isFlagName(t):
			out = append(out, Flag{Name: t})
		case len(out) > 0 && (placeholderLike(t) || unitPlaceholderRE.MatchString(t)) && !strings.HasPrefix(t, "-"):
			f := &out[len(out)-1]
			f.Placeholder = strings.TrimSpace(f.Placeholder + " " + t)
		default:
			return nil, false
		}
	}
	if len(out) < 3 {
		return nil, false
	}
	for i := range out {
		out[i].Placeholder = strings.Trim(out[i].Placeholder, "<>")
		if out[i].Placeholder == "" {
			out[i].ParamType = "bool"
		} else {
			setType(&out[i])
		}
	}
	return out, true
}
