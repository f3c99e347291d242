package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestWeakSwitchShownAsASwitch checks, on the captured help of paste and
// jellyfish, that a flag the help shows without a placeholder but whose
// help speaks of a file (paste -s "paste one file at a time", jellyfish -C)
// is read as a switch in an example where another example of the skill
// shows it right before a flag: the file after it is the input, not its
// value.
func TestWeakSwitchShownAsASwitch(t *testing.T) {
	for _, c := range []struct {
		tool, sub string
		examples  []string
		task      string
		flag, pos string
	}{
		{"paste", "", []string{"join the lines of ids.txt with commas", "-s -d ',' ids.txt",
			"put the lines of each file on its own row serially", "-s a.txt b.txt"},
			"put the lines of names.txt serially on its own row", "-s", "names.txt"},
		{"jellyfish", "count", []string{"count canonical 21-mers of r.fq into r.jf", "count -m 21 -C r.fq -o r.jf",
			"count canonical k-mers with generators", "count -m 21 -C -g gen.txt -o g.jf"},
			"count canonical 21-mers of reads.fq into reads.jf", "-C", "reads.fq"},
	} {
		doc := goldenDoc(t, c.tool)
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		doc.Record = *rec
		f := MapTask(builtinRules, rec, doc, inlineSkill(t, "name: "+c.tool, c.examples...), c.task)
		i := slices.IndexFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == c.flag })
		if i < 0 || f.Flags[i].HasValue || !slices.Contains(f.Positionals, c.pos) {
			t.Errorf("%s: flags %+v positionals %v\n%s", c.tool, f.Flags, f.Positionals, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestWeakSwitchGivenAValueIsAWarning checks, on the captured help of
// bedtools genomecov and kallisto quant, that a value given to a flag the
// help shows without a placeholder but describes as a file (-ibam "The
// input file is in BAM format") is a warning, not an error, while a plain
// switch given a value (genomecov -bg) stays an error; a flag whose help
// names its file ("-g  GTF file for transcriptome information") takes one.
func TestWeakSwitchGivenAValueIsAWarning(t *testing.T) {
	for _, c := range []struct {
		tool, sub, flag, value, severity string
	}{
		{"bedtools", "genomecov", "-ibam", "aln.bam", "warning"},
		{"kallisto", "quant", "-g", "genes.gtf", ""},
		{"bedtools", "genomecov", "-bg", "aln.bam", "error"},
	} {
		doc := goldenDoc(t, c.tool)
		rec := &ToolRecord{Name: c.tool, Executable: c.tool, Installed: true}
		f := &Fill{Executable: c.tool, Subcommand: []string{c.sub}, Flags: []FlagValue{{Name: c.flag, Value: c.value, HasValue: true}}}
		fs := Validate(builtinRules, rec, doc, f, Assemble(rec, f), t.TempDir())
		got := ""
		for _, x := range fs {
			if x.Rule == "check.unexpected_value" {
				got = x.Severity
			}
		}
		if got != c.severity {
			t.Errorf("%s %s %s %s: check.unexpected_value %q, want %q (%v)", c.tool, c.sub, c.flag, c.value, got, c.severity, fs)
		}
	}
}
