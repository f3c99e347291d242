package engine

import (
	"fmt"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/task"
)

// carryMemoryUnits writes an amount of memory the task gives with its unit
// ("a 2 GB memory limit") in the form the flag reads it:
//   - the bare number when the help reads the amount in that unit (spades
//     -m "in Gb", kmc -m "in GB");
//   - with the unit's suffix letter when the help shows sizes written with
//     one ("[768M]", "by default 2GB", "suffix K/M/G"): sambamba -m 2G;
//   - otherwise, or when the help reads another unit, the command is
//     uncertain and says so, with the suffixed form as the likelier value.
//
// A flag whose help names no unit, writes no size and says no word of
// memory (lexicon memory_place_word) is left alone: it took the same
// number for something else ("8 threads and 8 GB").
//
// A number written with its suffix counts as used (scaled).
func (m *mapper) carryMemoryUnits(f *Fill, c *candidate) {
	for i := range f.Flags {
		fv := &f.Flags[i]
		if !fv.HasValue || !numberRE.MatchString(fv.Value) {
			continue
		}
		fd, ok := LookupFlag(c.flags, fv.Name)
		if !ok {
			continue
		}
		for _, n := range m.slots.Numbers {
			letter := n.Memory
			if n.Value != fv.Value || letter == "" {
				continue
			}
			help := fd.Default + " " + fd.Placeholder + " " + fd.Description
			unit := helpMemoryUnit(help)
			if unit == "" && !memorySuffixRE.MatchString(help) && !task.V().Mentions("memory_place_word", strings.ToLower(help)) {
				// The same number for another flag ("8 threads and 8 GB"):
				// no word of the help says it takes memory.
				continue
			}
			switch {
			case unit == letter:
				m.evidence = append(m.evidence, fmt.Sprintf("%s %s: its help reads the amount in %sB, the task's %s %sB", fv.Name, fv.Value, letter, n.Value, letter))
			case unit == "" && memorySuffixRE.MatchString(help):
				m.evidence = append(m.evidence, fmt.Sprintf("%s %s%s: the task's %s %sB, written with the suffix its help shows sizes with", fv.Name, fv.Value, letter, n.Value, letter))
				fv.Value += letter
				m.scaled[n.Value] = true
			case unit != "":
				m.missing(f, fmt.Sprintf("missing: %s in %sB, the unit its help reads (the task gives %s %sB)", fv.Name, unit, n.Value, letter))
			default:
				m.missing(f, fmt.Sprintf("missing: the unit %s reads its amount in (the task gives %s %sB; its help names none)", fv.Name, n.Value, letter))
				fv.Value += letter
				m.scaled[n.Value] = true
			}
			break
		}
	}
}

// helpMemoryUnit is the suffix letter of the unit a help reads an amount
// in ("in Gb", "(in MB)", "in gigabytes": the word after "in" is of the
// lexicon class memory_size, whatever its case), or "".
func helpMemoryUnit(help string) string {
	ws := strings.Fields(strings.ToLower(help))
	for i := 0; i+1 < len(ws); i++ {
		if strings.Trim(ws[i], "(") != "in" {
			continue
		}
		if letter, ok := task.V().ValueOf("memory_size", strings.Trim(ws[i+1], "()[],;.:")); ok {
			return letter
		}
	}
	return ""
}

var (
	// memorySuffixRE finds a size written with a suffix in a help
	// ("768M", "2GB", "4G") or the suffixes it accepts ("K/M/G", "[KMG]").
	memorySuffixRE = lazyre.New(`\d[KMGT](?:i?B)?\b|\b[KMG]/[KMG]\b|\[[KMGT]{2,}\]`)
)
