package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestSequenceToTheFlagItsWordsFit checks that a sequence of the task no
// argument holds goes to the flag whose help fits the words before it
// ("the adapter AGATCGGAAGAGC" for --adapter), never to one that reads a
// file (--adapter-fasta), and that the strand's end the task names picks
// the flag whose help names that end ("the 5' adapter" for --front).
func TestSequenceToTheFlagItsWordsFit(t *testing.T) {
	rec := &ToolRecord{Name: "ct", Executable: "ct", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"ct [options] <input>"},
		Flags: []FlagDoc{
			{Name: "--adapter", Aliases: []string{"-a"}, ParamType: "string", Placeholder: "ADAPTER", Category: "General", Description: "Sequence of an adapter ligated to the 3' end (paired data: of the first read). The adapter and subsequent bases are trimmed."},
			{Name: "--front", Aliases: []string{"-g"}, ParamType: "string", Placeholder: "ADAPTER", Category: "General", Description: "Sequence of an adapter ligated to the 5' end (paired data: of the first read). The adapter and any preceding bases are trimmed."},
			{Name: "--anywhere", Aliases: []string{"-b"}, ParamType: "string", Placeholder: "ADAPTER", Category: "General", Description: "Sequence of an adapter that may be ligated to the 5' or 3' end (paired data: of the first read)."},
			{Name: "-A", ParamType: "string", Placeholder: "ADAPTER", Category: "General", Description: "3' adapter to be removed from R2"},
			{Name: "-G", ParamType: "string", Placeholder: "ADAPTER", Category: "General", Description: "5' adapter to be removed from R2"},
			{Name: "--output", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "FILE", Category: "Output", Description: "Write trimmed reads to FILE"},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "input", ParamType: "file", Required: true}}}
	for task, want := range map[string]string{
		"trim the adapter AGATCGGAAGAGC from reads.fq into trimmed.fq":    "-a AGATCGGAAGAGC",
		"trim the 3' adapter AGATCGGAAGAGC from reads.fq into trimmed.fq": "-a AGATCGGAAGAGC",
		// the 5' end's flags tie (-g, -G): neither, and never -a
		"remove the 5' adapter GTTCAGAGTTCTACAG from reads.fq into trimmed.fq": "ct -o trimmed.fq reads.fq",
	} {
		f := MapTask(builtinRules, rec, doc, nil, task)
		if got := Assemble(rec, f).Display; !strings.Contains(got, want) {
			t.Errorf("%s: got %q, want %s\n%s", task, got, want, strings.Join(f.Evidence, "\n"))
		}
	}
	doc.Flags = []FlagDoc{
		{Name: "--adapter-fasta", ParamType: "string", Category: "Input", Description: "specify a FASTA file to trim the adapter sequences in this FASTA file"},
		{Name: "--output", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "FILE", Category: "Output", Description: "Write trimmed reads to FILE"},
	}
	f := MapTask(builtinRules, rec, doc, nil, "trim the adapter AGATCGGAAGAGC from reads.fq into trimmed.fq")
	if got := Assemble(rec, f).Display; strings.Contains(got, "--adapter-fasta") || len(f.Unused) == 0 {
		t.Errorf("a flag that reads a file took the sequence: %q", got)
	}
	if !otherEnd("ligated to the 5’ end", "3") || otherEnd("the 5' or 3' end", "3") || otherEnd("the 5' end", "") || otherEnd("no end named", "3") {
		t.Error("otherEnd")
	}
}

// TestExampleAdapterAtTheTasksEnd checks that an example's adapter flag
// whose help names the other end of the strand than the task's sequence
// ("-a … ligated to the 3' end" for "the 5' adapter") gives way to the
// one flag of the task's end, and that the command is uncertain when no
// flag of that end fits alone.
func TestExampleAdapterAtTheTasksEnd(t *testing.T) {
	rec := &ToolRecord{Name: "ct", Executable: "ct", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"ct [options] <input>"},
		Flags: []FlagDoc{
			{Name: "-a", ParamType: "string", Placeholder: "ADAPTER", Category: "General", Description: "Sequence of an adapter ligated to the 3' end of the read"},
			{Name: "-g", ParamType: "string", Placeholder: "ADAPTER", Category: "General", Description: "Sequence of an adapter ligated to the 5' end of the read"},
			{Name: "-o", ParamType: "file", Placeholder: "FILE", Category: "Output", Description: "Write trimmed reads to FILE"},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "input", ParamType: "file", Required: true}}}
	sk := inlineSkill(t, "name: ct", "trim the 3' adapter ACGTACGTACGT from reads.fq into trimmed.fq", "-a ACGTACGTACGT -o trimmed.fq reads.fq")
	const tk = "remove the 5' adapter GGGGTTTTCCCCAAAA from x.fq into y.fq"
	f := MapTask(builtinRules, rec, doc, sk, tk)
	if got := Assemble(rec, f).Display; got != "ct -g GGGGTTTTCCCCAAAA -o y.fq x.fq" {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	doc.Flags = append(doc.Flags, FlagDoc{Name: "-G", ParamType: "string", Placeholder: "ADAPTER", Category: "General", Description: "Sequence of an adapter ligated to the 5' end of the second read"})
	f = MapTask(builtinRules, rec, doc, sk, tk)
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-a GGGGTTTTCCCCAAAA") || !slices.ContainsFunc(f.Mismatched, func(s string) bool { return strings.Contains(s, "5' end") }) {
		t.Errorf("two flags of the 5' end: got %q, mismatched %q", got, f.Mismatched)
	}
}
