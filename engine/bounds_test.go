package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestBoundWordsChooseTheFlag checks on the captured help of bowtie2 and
// megahit that a number said with a bound word takes the flag whose help
// says that bound ("max fragment length 800" → -X "maximum fragment
// length", not -I "minimum fragment length"; "minimum contig length" →
// --min-contig-len), through the upper_bound and lower_bound concepts.
func TestBoundWordsChooseTheFlag(t *testing.T) {
	for _, tc := range []struct {
		tool, task, flag, value string
	}{
		{"bowtie2", "align a_1.fq and a_2.fq to the index idx with max fragment length 800 into o.sam", "-X", "800"},
		{"megahit", "assemble reads.fq into asm keeping contigs of at least 1500 bp minimum contig length", "--min-contig-len", "1500"},
	} {
		doc := goldenDoc(t, tc.tool)
		rec := &ToolRecord{Name: tc.tool, Executable: tc.tool}
		doc.Record = *rec
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		args := Assemble(rec, f).Args
		if k := slices.Index(args, tc.flag); k < 0 || k+1 >= len(args) || args[k+1] != tc.value {
			t.Errorf("%s %q: %q, want %s %s\n%s", tc.tool, tc.task, args, tc.flag, tc.value, strings.Join(f.Evidence, "\n"))
		}
	}
}
