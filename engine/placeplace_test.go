package engine

import (
	"strings"
	"testing"
)

// HMMER's usage names its places by kind and where they stand
// ("<hmmdb> <seqfile>"), and its table flags differ by the format named.
func TestPlacesAndTablesFromHelp(t *testing.T) {
	rec := &ToolRecord{Name: "nh", Executable: "nh"}
	flags := []FlagDoc{
		{Name: "-o", ParamType: "string", Category: "Output", Description: "direct output to file <f>, not stdout"},
		{Name: "--tblout", ParamType: "string", Description: "save parseable table of per-sequence hits to file <f>"},
		{Name: "--dfamtblout", ParamType: "string", Category: "Format", Description: "save table of hits to file, in Dfam format <f>"},
	}
	for _, c := range []struct {
		pos        []PositionalDoc
		task, want string
	}{
		// "<hmmdb>" holds the .hmm file; the table the task asks for is
		// not the one in a format it does not name.
		{[]PositionalDoc{{Position: 1, Name: "hmmdb", Required: true}, {Position: 2, Name: "seqfile", Required: true}},
			"search contig.fa against the profile database Dfam.hmm and save a per-hit table to hits.tbl",
			"nh --tblout hits.tbl Dfam.hmm contig.fa"},
		// A file at the place that names its kind stays there, though the
		// other place's name says it holds what is read against.
		{[]PositionalDoc{{Position: 1, Name: "hmm file", Required: true}, {Position: 2, Name: "sequence database", Required: true}},
			"search proteins.fa against Pfam.hmm",
			"nh Pfam.hmm proteins.fa"},
	} {
		doc := &ToolDoc{Description: "search sequences against profiles", Flags: flags, Positionals: c.pos}
		f := MapTask(builtinRules, rec, doc, nil, c.task)
		if got := Assemble(rec, f).Display; got != c.want {
			t.Errorf("%q: got %q, want %q\n%v", c.task, got, c.want, f.Evidence)
		}
	}
}

// A one-word name the task says ("list") gives way to the one longer
// switch that begins with it and whose other parts the task says apart.
func TestFullerSwitchName(t *testing.T) {
	rec := &ToolRecord{Name: "unz", Executable: "unz"}
	doc := &ToolDoc{Description: "extract archives", Flags: []FlagDoc{
		{Name: "--list", ParamType: "bool", Description: "List archive metadata (output is in text format)."},
		{Name: "--list-json", ParamType: "bool"},
		{Name: "--list-chromosomes", ParamType: "bool", Description: "List all or specified chromosome in the archive"},
	}, Positionals: []PositionalDoc{{Position: 1, Name: "archive", Required: true}}}
	for task, want := range map[string]string{
		"list every chromosome contained in peaks.starch": "unz --list-chromosomes peaks.starch",
		"list the metadata of peaks.starch as JSON":       "unz --list-json peaks.starch",
		"list the metadata of peaks.starch":               "unz --list peaks.starch",
	} {
		f := MapTask(builtinRules, rec, doc, nil, task)
		if got := Assemble(rec, f).Display; got != want {
			t.Errorf("%q: got %q, want %q\n%v", task, got, want, f.Evidence)
		}
	}
}

// Tables each "in X format", none the task names: none is picked out by
// the formats (before, the one whose format the pattern missed won).
func TestTiedTablesEachInAFormat(t *testing.T) {
	rec := &ToolRecord{Name: "vs", Executable: "vs"}
	doc := &ToolDoc{Description: "cluster and map amplicons", Flags: []FlagDoc{
		{Name: "--output", ParamType: "file", Category: "Output", Description: "output to specified FASTA file"},
		{Name: "--biomout", ParamType: "file", Category: "Output", Description: "filename for OTU table output in biom 1.0 format"},
		{Name: "--otutabout", ParamType: "file", Category: "Output", Description: "filename for OTU table output in classic format"},
	}}
	f := MapTask(builtinRules, rec, doc, nil, "map reads.fa and write the OTU table to otutab.txt")
	if got := Assemble(rec, f).Display; strings.Contains(got, "--biomout") {
		t.Errorf("got %q: a table in a format the task does not name\n%v", got, f.Evidence)
	}
}
