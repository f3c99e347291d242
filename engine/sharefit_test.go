package engine

import (
	"testing"
)

// A read mapper's help as razers3 prints it, cut down: a percent identity
// flag with a range, an integer flag whose default is under 100, a flag
// whose help writes to FILE, and usage places that say which file is the
// genome.
func mapperDoc() (*ToolRecord, *ToolDoc) {
	rec := &ToolRecord{Name: "rmap", Executable: "rmap"}
	doc := &ToolDoc{Description: "read mapping", Flags: []FlagDoc{
		{Name: "--output", Aliases: []string{"-o"}, ParamType: "file", Placeholder: "OUTPUT_FILE", Category: "Output", Description: "Mapping result filename (use - to dump to stdout in razers format). Valid filetypes are: .sam, .razers, .bam."},
		{Name: "--percent-identity", Aliases: []string{"-i"}, ParamType: "float", Placeholder: "DOUBLE", Description: "Percent identity threshold. In range [50..100]. Default: 95.", Default: "95"},
		{Name: "--max-hits", Aliases: []string{"-m"}, ParamType: "int", Description: "Output only <NUM> of the best hits. Default: 100.", Default: "100"},
		{Name: "--error-distr", Aliases: []string{"-ed"}, ParamType: "string", Placeholder: "STRING", Description: "Write error distribution to FILE."},
	}, Positionals: []PositionalDoc{{Position: 1, Name: "GENOME FILE", Required: true, ParamType: "file"}, {Position: 2, Name: "READS FILE", Required: true, ParamType: "file"}}}
	return rec, doc
}

// "at 95% identity" goes to the flag whose help reads a percentage, not
// to one the next clause's "write" fits (a FILE), nor to an integer whose
// default merely lies under 100; the genome goes where the usage puts it.
func TestShareGoesToStatedShare(t *testing.T) {
	rec, doc := mapperDoc()
	f := MapTask(builtinRules, rec, doc, nil, "map reads.fastq to ref.fa at 90% identity and write hits.sam")
	if got, want := Assemble(rec, f).Display, "rmap -o hits.sam -i 90 ref.fa reads.fastq"; got != want {
		t.Errorf("got %q, want %q\n%v", got, want, f.Evidence)
	}
}

func TestNamesFilePlaceholder(t *testing.T) {
	for desc, want := range map[string]bool{
		"Write error distribution to FILE.": true,
		"write the log to PATH":             true,
		"minimum file size":                 false,
		"Percent identity threshold":        false,
		"use FASTA input":                   false,
	} {
		if got := namesFilePlaceholder(desc); got != want {
			t.Errorf("namesFilePlaceholder(%q) = %v, want %v", desc, got, want)
		}
	}
	fd := FlagDoc{Name: "--error-distr", ParamType: "string", Description: "Write error distribution to FILE."}
	if kindMismatch(fd, "90") == "" || kindMismatch(fd, "err.txt") != "" {
		t.Errorf("a number, not a file, mismatches a flag whose help writes to FILE")
	}
}
