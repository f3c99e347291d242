package engine

import (
	"strings"
	"testing"
)

// TestSlotMismatches checks each place a task file can stand in wrongly,
// beside the same command with the file where it belongs.
func TestSlotMismatches(t *testing.T) {
	rec := &ToolRecord{Name: "t", Executable: "t"}
	writes := FlagDoc{Name: "-A", ParamType: "string", Placeholder: "f", Category: "General", Description: "save multiple alignment of all hits to file <f>"}
	tmp := FlagDoc{Name: "--tmpdir", ParamType: "string", Placeholder: "TEXT", Category: "General", Description: "Custom temporary folder for sorting intermediates."}
	suffix := FlagDoc{Name: "--suffix", Aliases: []string{"-S"}, ParamType: "string", Placeholder: "SUF", Description: "use suffix SUF on compressed files"}
	either := FlagDoc{Name: "-i", ParamType: "string", Placeholder: "INPUT", Description: "FASTA/FASTQ of input reads or a directory which will be searched"}
	named := FlagDoc{Name: "-w", ParamType: "string", Description: "write the output to a file name or a directory"}
	two := []PositionalDoc{{Position: 1, Name: "cmfile", ParamType: "file"}, {Position: 2, Name: "seqdb", ParamType: "string"}}
	files := []PositionalDoc{{Position: 1, Name: "FILE", ParamType: "file", Repeatable: true}}
	inOut := []PositionalDoc{{Position: 1, Name: "in.bam", ParamType: "file"}, {Position: 2, Name: "out.bam", ParamType: "file"}}
	for _, c := range []struct {
		task  string
		flags []FlagValue
		pos   []string
		docs  []FlagDoc
		ps    []PositionalDoc
		usage string
		want  string
	}{
		{"search m.hmm against db.faa, alignment to hits.sto", []FlagValue{{Name: "-A", Value: "db.faa", HasValue: true}}, []string{"m.hmm", "hits.sto"}, []FlagDoc{writes}, nil, "t [options] <hmmfile> <seqdb>", "db.faa is a file the task reads, given to a flag that writes"},
		{"search m.hmm against db.faa, alignment to hits.sto", []FlagValue{{Name: "-A", Value: "hits.sto", HasValue: true}}, []string{"m.hmm", "db.faa"}, []FlagDoc{writes}, nil, "", ""},
		{"write the alignment hits.sto", []FlagValue{{Name: "-A", Value: "hits.sto", HasValue: true}}, nil, []FlagDoc{writes}, nil, "", ""},
		{"sort aln.pairs.gz into s.pairs.gz", []FlagValue{{Name: "--tmpdir", Value: "aln.pairs.gz", HasValue: true}}, nil, []FlagDoc{tmp}, nil, "", "aln.pairs.gz is a file where the help reads a directory or a suffix"},
		{"sort aln.pairs.gz, temporary files in /scratch/tmp", []FlagValue{{Name: "--tmpdir", Value: "/scratch/tmp", HasValue: true}}, []string{"aln.pairs.gz"}, []FlagDoc{tmp}, nil, "", ""},
		{"decompress a.fq.gz into m.fq", []FlagValue{{Name: "-S", Value: "m.fq", HasValue: true}}, nil, []FlagDoc{suffix}, nil, "", "-S m.fq is a file where the help reads a directory or a suffix"},
		{"trim r.fastq", []FlagValue{{Name: "-i", Value: "r.fastq", HasValue: true}}, nil, []FlagDoc{either}, nil, "", ""},
		{"write x.txt", []FlagValue{{Name: "-w", Value: "x.txt", HasValue: true}}, nil, []FlagDoc{named}, nil, "", ""},
		{"search genome.fa with t.cm", nil, []string{"genome.fa", "t.cm"}, nil, two, "t [options] <cmfile> <seqdb>", "genome.fa stands in <cmfile>, whose name names the kind of t.cm"},
		{"search genome.fa with t.cm", nil, []string{"t.cm", "genome.fa"}, nil, two, "t [options] <cmfile> <seqdb>", ""},
		{"sort chroms.txt so chr2 comes before chr10", nil, []string{"chroms.txt", "chr2"}, nil, files, "t [OPTION]... [FILE]...", "chr2 is a region or a number where the usage reads a file"},
		{"sort chroms.txt into s.txt", nil, []string{"chroms.txt", "s.txt"}, nil, files, "t [OPTION]... [FILE]...", "s.txt is an output written as a positional"},
		{"copy a.bam into b.bam", nil, []string{"a.bam", "b.bam"}, nil, inOut, "t <in.bam> <out.bam>", ""},
		{"predict genes in g.fa, write nucleotides into genes.txt", []FlagValue{{Name: "-i", Value: "g.fa", HasValue: true}}, []string{"genes.txt"}, []FlagDoc{either}, nil, "t [-i input_file] [-o output_file]", "genes.txt is an output written as a positional, where the usage shows none"},
	} {
		m := newMapper(builtinRules, rec, nil, nil, c.task)
		cand := &candidate{exe: "t", flags: c.docs, positionals: c.ps, usage: c.usage, known: true}
		f := &Fill{Flags: c.flags, Positionals: c.pos}
		got := strings.Join(m.slotMismatches(f, cand), "; ")
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%q %v %v: %q, want %q", c.task, c.flags, c.pos, got, c.want)
		}
	}
}

func TestSlotsFor(t *testing.T) {
	ps := []PositionalDoc{{Name: "a"}, {Name: "b", Repeatable: true}, {Name: "c"}}
	names := func(n int) string {
		var out []string
		for _, p := range slotsFor(ps, n) {
			if p == nil {
				out = append(out, "-")
			} else {
				out = append(out, p.Name)
			}
		}
		return strings.Join(out, " ")
	}
	if got := names(4); got != "a b b c" {
		t.Errorf("4 positionals: %s", got)
	}
	if got := names(2); got != "a c" {
		t.Errorf("2 positionals: %s", got)
	}
	if got := strings.Join([]string{names(0)}, ""); got != "" {
		t.Errorf("none: %q", got)
	}
	plain := slotsFor([]PositionalDoc{{Name: "x"}}, 2)
	if plain[0] == nil || plain[1] != nil {
		t.Errorf("past the usage: %v", plain)
	}
}
