package engine

import (
	"fmt"
	"slices"
)

// placeByNamedKind is the pass that moves a file from a flag named for
// another file kind to the flag named for its own, when the help has
// one the command does not use: an example's "--gff3 annotation.gff3"
// aligned to the task's gencode.gtf becomes "--gtf gencode.gtf" (rsem-
// prepare-reference lists both). A file with no such sibling stays, and
// kindMismatch names it; a flag whose help names the file's kind too
// ("-bed <bed/gff/vcf>") keeps it.
func (m *mapper) placeByNamedKind(f *Fill, c *candidate) {
	for i, fv := range f.Flags {
		fd, ok := LookupFlag(c.flags, fv.Name)
		vk := FileType(fv.Value)
		if !ok || vk == "" || namedKind(fd) == "" || namedKind(fd) == vk || helpNamesKind(fd, vk) {
			continue
		}
		for _, sib := range c.flags {
			if sib.ParamType == "bool" || namedKind(sib) != vk || slices.ContainsFunc(f.Flags, func(o FlagValue) bool { return o.Name == sib.Name }) {
				continue
			}
			m.evidence = append(m.evidence, fmt.Sprintf("gave %s to %s, not %s: the flags' names say which kind of file each reads", fv.Value, sib.Name, fv.Name))
			f.Flags[i].Name = sib.Name
			break
		}
	}
}
