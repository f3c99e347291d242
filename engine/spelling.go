package engine

import (
	"fmt"
	"slices"
	"strings"
)

// exampleSpelling writes the flags the command adds to an example in
// the example's style: an example in two-dash names ("--input …
// --output …") gains "--thread 8", not "-T 8"; one in one-dash names
// gains one-dash names. Only flags with both spellings count and
// change; the example's own flags, flags the task types and flags
// written with "=" or glued to their value keep their spelling.
func (m *mapper) exampleSpelling(f *Fill, c *candidate) {
	forms := func(fv FlagValue) (short, long string, ok bool) {
		fd, found := LookupFlag(c.flags, fv.Name)
		if !found || fv.Style != "" || fv.Name != fd.Name && !slices.Contains(fd.Aliases, fv.Name) {
			return "", "", false // found by another spelling (case, a prefix)
		}
		for _, n := range append([]string{fd.Name}, fd.Aliases...) {
			switch {
			case strings.HasPrefix(n, "--"):
				if long == "" {
					long = n
				}
			case strings.HasPrefix(n, "-") && (short == "" || len(n) < len(short)):
				short = n
			}
		}
		return short, long, short != "" && long != ""
	}
	nShort, nLong := 0, 0
	for _, fv := range f.Flags {
		if _, _, ok := forms(fv); ok && fv.Why == "from the example" {
			if strings.HasPrefix(fv.Name, "--") {
				nLong++
			} else {
				nShort++
			}
		}
	}
	if nShort == nLong || nShort > 0 && nLong > 0 {
		return // no example, or one of mixed style: no style to follow
	}
	var changed []string
	for i, fv := range f.Flags {
		short, long, ok := forms(fv)
		if !ok || fv.Why == "from the example" || fv.Why == "written in the task" {
			continue
		}
		want := long
		if nShort > nLong {
			want = short
		}
		if fv.Name != want {
			changed = append(changed, fv.Name+" as "+want)
			f.Flags[i].Name = want
		}
	}
	if len(changed) > 0 {
		m.evidence = append(m.evidence, fmt.Sprintf("wrote %s: the example spells its flags so", strings.Join(changed, ", ")))
	}
}
