package parsers

import (
	"reflect"
	"strings"
	"testing"
)

func TestHeadings(t *testing.T) {
	cases := []struct {
		file string
		want []string
	}{
		// "Program:"/"Version:" fields are not headings
		{"samtools", []string{"Usage", "Commands"}},
		// "Command: index ..." carries its first item; "Note:" a paragraph
		{"bwa", []string{"Usage", "Command", "Note"}},
		// headings in capitals; "alignment view options:" continues an
		// option's description and is not one
		{"blastn", []string{"USAGE", "DESCRIPTION", "OPTIONAL ARGUMENTS"}},
		{"minimap2", []string{"Usage", "Options", "Indexing", "Mapping", "Alignment", "Input/Output", "Preset"}},
		{"macs2", []string{"usage", "positional arguments", "options"}},
		{"zoxide_init", []string{"USAGE", "FLAGS", "OPTIONS", "ARGS"}},
		{"seqkit_seq", []string{"Usage", "Flags", "Global Flags"}},
		// "Presets:      Same as:" is one heading with a column header
		{"bowtie2", []string{"Usage", "Options (defaults in parentheses)", "Input", "Presets", "For --end-to-end",
			"For --local", "Alignment", "Scoring", "Reporting", "Effort", "Paired-end", "BAM", "Output", "Performance", "Other"}},
	}
	for _, c := range cases {
		if got := Headings(load(t, c.file)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got  %q\n want %q", c.file, got, c.want)
		}
	}
}

func TestHeadingsDeduplicated(t *testing.T) {
	help := "Options:\n  -a  x\n\nOptions:\n  -b  y\nEXAMPLES\n  tool -a\n"
	if got := Headings(help); !reflect.DeepEqual(got, []string{"Options", "EXAMPLES"}) {
		t.Errorf("headings = %q", got)
	}
}

func TestSectionKeepsGroupsAcrossBlankLines(t *testing.T) {
	lines := Section(load(t, "samtools"), "commands")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "-- Indexing" {
		t.Fatalf("section starts with %q", lines)
	}
	last := strings.Fields(lines[len(lines)-1])
	if last[0] != "version" {
		t.Errorf("section ends with %q", lines[len(lines)-1])
	}
	blank := 0
	for _, l := range lines {
		if l == "" {
			blank++
		}
	}
	if blank != 5 {
		t.Errorf("%d blank lines inside, want 5 (between the 6 groups)", blank)
	}
}

func TestSectionEndsAtSameLevel(t *testing.T) {
	help := load(t, "minimap2")
	mapping := Section(help, "Mapping:")
	if len(mapping) != 10 || !strings.Contains(mapping[0], "-f FLOAT") || !strings.Contains(mapping[9], "-N INT") {
		t.Errorf("Mapping = %q", mapping)
	}
	// a section holds its sub-sections
	if opts := Section(help, "OPTIONS"); len(opts) != 48 {
		t.Errorf("Options has %d lines, want 48", len(opts))
	}
	if Section(help, "Nothing") != nil {
		t.Error("missing heading should give nil")
	}
}

func TestSectionInlineItem(t *testing.T) {
	lines := Section(load(t, "bwa"), "command")
	// the heading's own line keeps its columns, label blanked
	if lines[0] != "         index         index sequences in the FASTA format" {
		t.Errorf("first line = %q", lines[0])
	}
	if !strings.Contains(lines[len(lines)-1], "bwt2sa") {
		t.Errorf("section runs past the list: %q", lines[len(lines)-1])
	}
	usage := Section(load(t, "samtools"), "Usage")
	if len(usage) != 1 || strings.TrimSpace(usage[0]) != "samtools <command> [options]" {
		t.Errorf("usage section = %q", usage)
	}
}

func TestSectionRichPanels(t *testing.T) {
	lines := Section(load(t, "multiqc"), "Choosing modules to run")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "--module     -m") {
		t.Errorf("panel = %q", lines)
	}
}
