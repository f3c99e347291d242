package engine

import (
	"fmt"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// conversionKinds reads a name that spells a conversion between two kinds
// of file: "A2B" or "A_to_B" cut into parts (bam2bed_gnuParallel, gff-to-gtf)
// or "AtoB" written as one word (bamtobed), A and B both kinds the
// file_kinds rules know. It returns the two kinds' families.
func conversionKinds(name string) (from, to string, ok bool) {
	parts := splitName(name)
	kindOf := func(w string) string {
		if k, ok := task.KindOfWord(w); ok {
			return family(k)
		}
		return ""
	}
	for i := 1; i+1 < len(parts); i++ {
		if parts[i] == "2" || parts[i] == "to" {
			if a, b := kindOf(parts[i-1]), kindOf(parts[i+1]); a != "" && b != "" && a != b {
				return a, b, true
			}
		}
	}
	for _, p := range parts {
		for j := strings.Index(p, "to"); j > 0; {
			if a, b := kindOf(p[:j]), kindOf(p[j+2:]); a != "" && b != "" && a != b {
				return a, b, true
			}
			k := strings.Index(p[j+1:], "to")
			if k < 0 {
				break
			}
			j += 1 + k
		}
	}
	return "", "", false
}

// conversionFit reports a candidate whose name spells a conversion the
// task asks for: the task reads a file of the name's first kind and
// writes a file of its second kind, or says the second kind as a word
// ("to BED format"), and reads no file of the second kind (aln.bam and
// exons.bed, "writing the output as BED", is no conversion). It says
// why, or "".
func (m *mapper) conversionFit(c *candidate) string {
	name := c.exe
	if len(c.sub) > 0 {
		name = c.sub[len(c.sub)-1]
	}
	from, to, ok := conversionKinds(name)
	if !ok {
		return ""
	}
	// A companion that extends the typed program's conversion
	// (bam2bed_gnuParallel of bam2bed) shows nothing more than the
	// program itself.
	if c.exe != m.rec.Executable && len(c.sub) == 0 {
		if f, t, ok := conversionKinds(m.rec.Executable); ok && f == from && t == to {
			return ""
		}
	}
	in, out := false, false
	for _, fs := range m.slots.Files {
		typ := FileType(fs.Path)
		if typ == "" || typ == "file" {
			continue
		}
		switch k := family(typ); {
		case fs.Output && k == to:
			out = true
		case !fs.Output && k == from:
			in = true
		case !fs.Output && k == to:
			return "" // it reads the second kind already: not a conversion
		}
	}
	if !out {
		for _, w := range strings.Fields(strings.ToLower(m.jobText())) {
			if k, ok := task.KindOfWord(strings.Trim(w, ",;:.()[]'\"")); ok && family(k) == to {
				out = true
				break
			}
		}
	}
	if !in || !out {
		return ""
	}
	return fmt.Sprintf("its name converts %s to %s, the task's input and output kinds", from, to)
}
