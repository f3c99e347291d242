package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/parsers"
)

// TestExcludedFlagsResolved: the names a help gives with or without
// their dashes resolve to the level's flags; unknown names and the flag
// itself drop out; a flag the command sets makes the flags it excludes
// used too.
func TestExcludedFlagsResolved(t *testing.T) {
	fs := flagDocs([]parsers.Flag{
		{Name: "-db", ParamType: "string", Excludes: []string{"subject", "subject_loc", "nosuch"}},
		{Name: "-subject", ParamType: "file", Excludes: []string{"db", "subject"}},
		{Name: "--ofile", Aliases: []string{"-o"}, ParamType: "file", Excludes: []string{"--o-prefix"}},
		{Name: "--o-prefix", ParamType: "string", Excludes: []string{"-o", "--ofile"}},
	})
	want := [][]string{{"-subject"}, {"-db"}, {"--o-prefix"}, {"--ofile"}}
	for i, fd := range fs {
		if !slices.Equal(fd.Excludes, want[i]) {
			t.Errorf("%s excludes %v, want %v", fd.Name, fd.Excludes, want[i])
		}
	}
	if !alreadyUsed(map[string]bool{"-db": true}, fs[1]) || alreadyUsed(map[string]bool{"-db": true}, fs[2]) {
		t.Error("-subject beside -db, or --ofile")
	}
}

// TestExcludedInputFlag: built from blastn's captured help, a query file
// does not go to -subject ("Incompatible with: db") once -db holds the
// task's database.
func TestExcludedInputFlag(t *testing.T) {
	rec := &ToolRecord{Name: "blastn", Executable: "blastn", Installed: true}
	doc := goldenDoc(t, "blastn")
	e := New(Options{Rules: builtinRules})
	res, err := e.GenerateFrom(t.Context(), Request{Tool: "blastn", Task: "search the short primer sequences in primers.fa against BLAST db hg38_blastdb using the blastn-short task, tabular output to primers_hits.tsv", Cwd: t.TempDir(), Scenario: "doc"}, rec, doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(res.Command.Args, "-subject") {
		t.Errorf("-subject beside -db: %v", res.Command.Args)
	}
}

// TestSectionOwners: a flag listed under a heading named for a subcommand
// ("Makedb options") is that subcommand's alone; a heading that only
// begins with a name ("Cluster input options") or names none gives no
// owner; AllFlags leaves another subcommand's flags out.
func TestSectionOwners(t *testing.T) {
	parsed := []parsers.Flag{
		{Name: "--threads", Section: "General options"},
		{Name: "--in", Section: "Makedb options"},
		{Name: "--clusters", Section: "Cluster input options"},
		{Name: "--daa", Section: "View options"},
	}
	flags := flagDocs(parsed)
	sectionOwners(flags, parsed, []parsers.Entry{{Name: "makedb"}, {Name: "blastp"}, {Name: "cluster"}, {Name: "view"}})
	var only []string
	for _, f := range flags {
		only = append(only, f.Only)
	}
	if !slices.Equal(only, []string{"", "makedb", "", "view"}) {
		t.Errorf("owners %q", only)
	}
	d := &ToolDoc{GlobalFlags: flags, Subcommands: []SubcommandDoc{{Name: "makedb"}, {Name: "blastp"}}}
	names := func(fs []FlagDoc) (out []string) {
		for _, f := range fs {
			out = append(out, f.Name)
		}
		return out
	}
	if got := names(d.AllFlags(&d.Subcommands[1])); !slices.Equal(got, []string{"--threads", "--clusters"}) {
		t.Errorf("blastp's flags %q", got)
	}
	if got := names(d.AllFlags(&d.Subcommands[0])); !slices.Equal(got, []string{"--threads", "--in", "--clusters"}) {
		t.Errorf("makedb's flags %q", got)
	}
}

// TestWithoutFilesEndedBySentence: a file that ends a question or a
// sentence leaves the task's words with its mark ("… in promoters.bed?"),
// so its extension asks for no switch (bedtools intersect -bed "write
// output as BED" for a task about peaks.bed and promoters.bed).
func TestWithoutFilesEndedBySentence(t *testing.T) {
	if got := withoutFiles("which peaks overlap promoters.bed? report each once. Save to out.bed."); got != "which peaks overlap report each once. Save to" {
		t.Errorf("withoutFiles: %q", got)
	}
	rec := &ToolRecord{Name: "bedtools", Executable: "bedtools"}
	f := MapTask(builtinRules, rec, goldenDoc(t, "bedtools"), nil, "Which of the peaks in peaks.bed overlap the promoters in promoters.bed? report each peak once")
	if got := Assemble(rec, f).Display; strings.Contains(got, "-bed") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
