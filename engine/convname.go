package engine

import (
	"fmt"
	"strings"

	"github.com/traitome/oxo-call/task"
)

// conversionKinds reads a name that spells a conversion between two kinds
// of file: "A2B" or "A_to_B" cut into parts (bam2bed_gnuParallel,
// gff-to-gtf) or "AtoB" written as one word (bamtobed), A and B both
// kinds the file_kinds rules know and the joiner one of the lexicon's
// conversion_joiner words. It returns the two kinds' families.
func conversionKinds(name string) (from, to string, ok bool) {
	parts := splitName(name)
	kindOf := func(w string) string {
		if k, ok := task.KindOfWord(w); ok {
			return family(k)
		}
		return ""
	}
	pair := func(a, b string) bool {
		from, to = kindOf(a), kindOf(b)
		return from != "" && to != "" && from != to
	}
	v := task.V()
	for i := 1; i+1 < len(parts); i++ {
		if v.Word("conversion_joiner", parts[i]) && pair(parts[i-1], parts[i+1]) {
			return from, to, true
		}
	}
	for _, p := range parts {
		for _, j := range v.Words("conversion_joiner") {
			for at := strings.Index(p, j); at > 0; {
				if pair(p[:at], p[at+len(j):]) {
					return from, to, true
				}
				next := strings.Index(p[at+1:], j)
				if next < 0 {
					break
				}
				at += 1 + next
			}
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
