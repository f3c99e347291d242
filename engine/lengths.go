package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/task"
)

// scaleLengths writes a length the task gives with a unit ("10 kb
// windows") in base pairs where the flag reads a plain integer and its help
// shows no unit of its own (vcftools --window-pi <integer>): 10000, not 10.
// A flag whose help shows a unit suffix (minimap2 -G 200k) keeps the task's
// words as they are. The number counts as used (engine/used.go).
func (m *mapper) scaleLengths(f *Fill, c *candidate) {
	for i := range f.Flags {
		fv := &f.Flags[i]
		if !fv.HasValue {
			continue
		}
		fd, ok := LookupFlag(c.flags, fv.Name)
		if !ok || fd.ParamType != "int" || unitSuffixRE.MatchString(fd.Default+" "+fd.Placeholder+" "+fd.Description) {
			continue
		}
		for _, n := range m.slots.Numbers {
			if n.Value != fv.Value || n.Unit == "" {
				continue
			}
			mult, ok := task.V().ValueOf("length_unit", strings.ToLower(n.Unit))
			// a unit written on the number ("50bp") or apart ("50 bp")
			x, err := strconv.ParseFloat(strings.TrimSuffix(n.Value, n.Unit), 64)
			k, err2 := strconv.ParseFloat(mult, 64)
			if !ok || err != nil || err2 != nil {
				continue
			}
			v := strconv.FormatFloat(x*k, 'f', -1, 64)
			m.evidence = append(m.evidence, fmt.Sprintf("%s %s: the task's %s %s in base pairs, as the help reads an integer", fv.Name, v, n.Value, n.Unit))
			m.scaled[n.Value] = true
			fv.Value = v
			break
		}
	}
}

// unitSuffixRE finds a number written with a size suffix in a flag's
// help ("200k", "768M", "[KMG]"): the flag reads units itself.
var unitSuffixRE = lazyre.New(`\d[kKmMgG]\b|\[[kKmMgG]+\]`)
