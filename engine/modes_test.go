package engine

import (
	"slices"
	"strings"
	"testing"
)

// Usage lines alike but for a literal word ("maf-convert sam mafFile(s)")
// choose a mode: the word the task names (or its output's extension)
// goes first; with none, the place gets a placeholder of the words and
// the command is uncertain. A choice whose words are the level's
// subcommands, or a single word, is no mode.
func TestModeFromUsageWord(t *testing.T) {
	rec := &ToolRecord{Name: "mc", Executable: "mc", Installed: true}
	modes := []string{"axt", "bed", "blast", "blasttab", "sam", "nexus-basic"}
	pos := []PositionalDoc{
		{Position: 1, Name: strings.Join(modes, "|"), ParamType: "choice", Required: true, Choices: modes},
		{Position: 2, Name: "mafFile", ParamType: "file", Required: true},
	}
	dict := FlagDoc{Name: "--dictionary", Aliases: []string{"-d"}, ParamType: "bool", Description: "include dictionary of sequence lengths in sam format"}
	usage := []string{"mc axt mafFile", "mc bed mafFile", "mc blast mafFile", "mc blasttab mafFile", "mc sam mafFile", "mc nexus-basic mafFile"}
	cases := []struct {
		task, want string
		missing    bool
	}{
		{"convert the alignments hits.maf to SAM format", "mc sam hits.maf", false},
		{"convert hits.maf to BED", "mc bed hits.maf", false},
		// the word as the help lists it, not as the task spells it
		{"convert hits.maf to BLAST", "mc blast hits.maf", false},
		{"convert hits.maf to the Nexus basic format", "mc nexus-basic hits.maf", false},
		{"convert hits.maf, saving hits.sam", "mc sam hits.maf > hits.sam", false},
		// two named: the output's extension settles it
		{"convert hits.maf to blast or sam, saving hits.sam", "mc sam hits.maf > hits.sam", false},
		{"convert hits.maf to another format", "mc '<axt|bed|blast|blasttab|sam|nexus-basic>' hits.maf", true},
		{"convert hits.maf to blast or sam", "mc '<axt|bed|blast|blasttab|sam|nexus-basic>' hits.maf", true},
	}
	for _, tc := range cases {
		doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{dict}, Positionals: pos, UsagePatterns: usage}
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		got := Assemble(rec, f).Display
		if got != tc.want {
			t.Errorf("%q: got %s, want %s\n%s", tc.task, got, tc.want, strings.Join(f.Evidence, "\n"))
		}
		if (len(f.Missing) > 0) != tc.missing || tc.missing && !slices.ContainsFunc(f.Missing, func(s string) bool { return strings.Contains(s, "chooses a mode") }) {
			t.Errorf("%q: missing %q, want missing %v", tc.task, f.Missing, tc.missing)
		}
		if tc.missing == false && slices.ContainsFunc(f.Mismatched, func(s string) bool { return strings.Contains(s, "beyond") }) {
			t.Errorf("%q: the mode counts against the usage: %q", tc.task, f.Mismatched)
		}
	}
	// a mode already written (an example's) gives way to the one the
	// task names, and stays when the task names none
	for _, tc := range []struct{ task, want string }{
		{"convert hits.maf to BED", "bed hits.maf"},
		{"convert hits.maf", "sam hits.maf"},
	} {
		doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{dict}, Positionals: pos, UsagePatterns: usage}
		m := newMapper(builtinRules, rec, doc, nil, tc.task)
		f := &Fill{Positionals: []string{"sam", "hits.maf"}, Order: []string{"p0", "p1"}}
		m.placeMode(f, &candidate{exe: "mc", positionals: pos})
		if got := strings.Join(f.Positionals, " "); got != tc.want || len(f.Missing) > 0 {
			t.Errorf("written mode, %q: got %s, want %s (missing %q)", tc.task, got, tc.want, f.Missing)
		}
	}
	// not modes: the level's subcommands, a single word, a placeholder
	for _, p := range [][]PositionalDoc{
		{{Position: 1, Name: "{view,sort}", ParamType: "choice", Required: true, Choices: []string{"view", "sort"}}, pos[1]},
		{{Position: 1, Name: "{script-only}", ParamType: "choice", Required: true, Choices: []string{"script-only"}}, pos[1]},
		{{Position: 1, Name: "{snpeff | genome_version}", ParamType: "choice", Required: true, Choices: []string{"snpeff | genome_version", "x"}}, pos[1]},
	} {
		doc := &ToolDoc{Record: *rec, Positionals: p, Subcommands: []SubcommandDoc{{Name: "view"}, {Name: "sort"}}}
		m := newMapper(builtinRules, rec, doc, nil, "convert hits.maf")
		if _, at := m.modePlace(&candidate{exe: "mc", positionals: p}); at >= 0 {
			t.Errorf("%+v read as a mode", p[0])
		}
	}
}

func TestInsertPositional(t *testing.T) {
	f := &Fill{Flags: []FlagValue{{Name: "-d"}}, Positionals: []string{"a", "b"}, Order: []string{"p0", "f0", "p1"}}
	insertPositional(f, 1, "m")
	if !slices.Equal(f.Positionals, []string{"a", "m", "b"}) || !slices.Equal(f.Order, []string{"p0", "f0", "p1", "p2"}) {
		t.Errorf("got %q %q", f.Positionals, f.Order)
	}
	f = &Fill{Positionals: []string{"a"}, Order: []string{"p0"}}
	insertPositional(f, 3, "m")
	if !slices.Equal(f.Positionals, []string{"a", "m"}) || !slices.Equal(f.Order, []string{"p0", "p1"}) {
		t.Errorf("got %q %q", f.Positionals, f.Order)
	}
}
