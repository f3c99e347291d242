package engine

import (
	"slices"
	"strings"
	"testing"
)

// valueAfter returns the argument after flag in args, or "".
func valueAfter(args []string, flag string) string {
	if i := slices.Index(args, flag); i >= 0 && i+1 < len(args) {
		return args[i+1]
	}
	return ""
}

// TestLoneFitPlacesNumber checks that a task number whose words fit one
// flag's help, and no other flag's as well, goes to that flag even when
// the fit is a single word ("seed 42" for "-S INT: seed for random
// generator"); that two flags its words fit alike leave it alone; and
// that a flag whose help does not say it takes a number does not take it.
func TestLoneFitPlacesNumber(t *testing.T) {
	in := PositionalDoc{Position: 1, Name: "in.fa", ParamType: "file", Required: true}
	seed := FlagDoc{Name: "-S", ParamType: "int", Placeholder: "INT", Description: "seed for random generator [-1]"}
	pairs := FlagDoc{Name: "-N", ParamType: "int", Placeholder: "INT", Description: "number of read pairs [1000000]"}
	rate := FlagDoc{Name: "-e", ParamType: "float", Placeholder: "FLOAT", Description: "base error rate [0.020]"}
	shuffle := FlagDoc{Name: "-s", ParamType: "int", Placeholder: "INT", Description: "seed for the shuffling"}
	label := FlagDoc{Name: "-l", ParamType: "string", Placeholder: "STR", Description: "seed label written in the header"}
	cases := []struct {
		name  string
		flags []FlagDoc
		task  string
		flag  string // the flag that must take 42, "" for none
	}{
		{"one flag fits", []FlagDoc{pairs, rate, seed}, "simulate from ref.fa with seed 42", "-S"},
		{"two flags fit alike", []FlagDoc{pairs, rate, seed, shuffle}, "simulate from ref.fa with seed 42", ""},
		{"no number in the help", []FlagDoc{pairs, rate, label}, "simulate from ref.fa with seed 42", ""},
	}
	for _, tc := range cases {
		doc := &ToolDoc{Record: ToolRecord{Name: "sim", Executable: "sim"}, Flags: tc.flags, Positionals: []PositionalDoc{in}}
		rec := &doc.Record
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		args := Assemble(rec, f).Args
		placed := ""
		for _, fd := range tc.flags {
			if valueAfter(args, fd.Name) == "42" {
				placed = fd.Name
			}
		}
		if placed != tc.flag {
			t.Errorf("%s: 42 went to %q, want %q: %q\n%s", tc.name, placed, tc.flag, args, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestRangeBoundsGoToMinAndMax checks that the two numbers of a range
// ("fragment length between 100 and 600") go to the flags whose help
// says a minimum and a maximum of what the range's words name, and that
// two numbers that are no range ("trim 10 bases from the front and 5
// from the tail") are not read as bounds.
func TestRangeBoundsGoToMinAndMax(t *testing.T) {
	in := PositionalDoc{Position: 1, Name: "reads.fq", ParamType: "file", Required: true}
	flags := []FlagDoc{
		{Name: "--threads", Aliases: []string{"-p"}, ParamType: "int", Placeholder: "int", Description: "number of alignment threads to launch (1)"},
		{Name: "--minins", Aliases: []string{"-I"}, ParamType: "int", Placeholder: "int", Description: "minimum fragment length (0)"},
		{Name: "--maxins", Aliases: []string{"-X"}, ParamType: "int", Placeholder: "int", Description: "maximum fragment length (500)"},
	}
	doc := &ToolDoc{Record: ToolRecord{Name: "aln", Executable: "aln"}, Flags: flags, Positionals: []PositionalDoc{in}}
	rec := &doc.Record
	f := MapTask(builtinRules, rec, doc, nil, "align r.fq with fragment length between 100 and 600, using 10 threads")
	args := Assemble(rec, f).Args
	if valueAfter(args, "-I") != "100" || valueAfter(args, "-X") != "600" || valueAfter(args, "-p") != "10" {
		t.Errorf("want -I 100 -X 600 -p 10: %q\n%s", args, strings.Join(f.Evidence, "\n"))
	}
}

// TestChineseWordsPlaceNumber checks that a Chinese word for what a
// flag's help names ("置信度" for a confidence, "倍性" for ploidy) gives
// the number after it that flag, and that without such a word the number
// stays unplaced.
func TestChineseWordsPlaceNumber(t *testing.T) {
	in := PositionalDoc{Position: 1, Name: "in.fa", ParamType: "file", Required: true}
	flags := []FlagDoc{
		{Name: "--confidence", ParamType: "float", Placeholder: "FLOAT", Description: "Confidence score threshold (default: 0.0)"},
		{Name: "--ploidy", Aliases: []string{"-p"}, ParamType: "int", Placeholder: "N", Description: "Sets the default ploidy for the analysis to N. default: 2"},
	}
	for _, tc := range []struct{ task, flag, value string }{
		{"对 contigs.fa 做分类，置信度 0.1", "--confidence", "0.1"},
		{"对 sample.fa 做变异检测，倍性设为 1", "-p", "1"},
		{"对 sample.fa 做变异检测，设为 1", "", "1"},
	} {
		doc := &ToolDoc{Record: ToolRecord{Name: "tool", Executable: "tool"}, Flags: flags, Positionals: []PositionalDoc{in}}
		rec := &doc.Record
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		args := Assemble(rec, f).Args
		placed := ""
		for _, n := range []string{"--confidence", "-p"} {
			if valueAfter(args, n) == tc.value {
				placed = n
			}
		}
		if placed != tc.flag {
			t.Errorf("%q: %s went to %q, want %q: %q\n%s", tc.task, tc.value, placed, tc.flag, args, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestLeftOverNameFindsItsFlag checks that a name the task gives and no
// argument holds ("the index prefix hg38", "name it LINE1") goes to the
// flag taking a word whose help says the word that makes it a name, and
// that it stays out when two flags' help says it alike or none does.
func TestLeftOverNameFindsItsFlag(t *testing.T) {
	in := PositionalDoc{Position: 1, Name: "in.fa", ParamType: "file", Required: true}
	prefix := FlagDoc{Name: "-p", ParamType: "string", Placeholder: "STR", Description: "prefix of the index [same as fasta name]"}
	logPrefix := FlagDoc{Name: "-q", ParamType: "string", Placeholder: "STR", Description: "prefix of the log files"}
	block := FlagDoc{Name: "-b", ParamType: "int", Placeholder: "INT", Description: "block size for the bwtsw algorithm [10000000]"}
	title := FlagDoc{Name: "-t", ParamType: "string", Placeholder: "STR", Description: "title shown in the report"}
	for _, tc := range []struct {
		name  string
		flags []FlagDoc
		task  string
		flag  string // the flag that must take hg38, "" for none
	}{
		{"one flag says it", []FlagDoc{block, prefix, title}, "build an index of ref.fa with the prefix hg38", "-p"},
		{"two flags say it alike", []FlagDoc{block, prefix, logPrefix}, "build an index of ref.fa with the prefix hg38", ""},
		{"no flag says it", []FlagDoc{block, title}, "build an index of ref.fa with the prefix hg38", ""},
	} {
		doc := &ToolDoc{Record: ToolRecord{Name: "idx", Executable: "idx"}, Flags: tc.flags, Positionals: []PositionalDoc{in}}
		rec := &doc.Record
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		args := Assemble(rec, f).Args
		placed := ""
		for _, fd := range tc.flags {
			if valueAfter(args, fd.Name) == "hg38" {
				placed = fd.Name
			}
		}
		if placed != tc.flag {
			t.Errorf("%s: hg38 went to %q, want %q: %q\n%s", tc.name, placed, tc.flag, args, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestQuotedStringFindsItsFlag checks that a quoted string the task gives
// ("titled 'Batch 3 QC'") goes to the flag whose help fits the words
// before it, and stays out when two flags fit them alike or the string is
// only punctuation.
func TestQuotedStringFindsItsFlag(t *testing.T) {
	in := PositionalDoc{Position: 1, Name: "in.fa", ParamType: "file", Required: true}
	title := FlagDoc{Name: "-title", ParamType: "string", Placeholder: "string", Description: "Title for the report"}
	subtitle := FlagDoc{Name: "-subtitle", ParamType: "string", Placeholder: "string", Description: "Second title for the report"}
	threads := FlagDoc{Name: "-t", ParamType: "int", Placeholder: "INT", Description: "threads"}
	sep := FlagDoc{Name: "-d", ParamType: "string", Placeholder: "CHAR", Description: "title separator character"}
	for _, tc := range []struct {
		name  string
		flags []FlagDoc
		task  string
		quote string
		flag  string // the flag that must take the quoted string, "" for none
	}{
		{"one flag fits", []FlagDoc{threads, title}, "report on in.fa titled 'Batch 3 QC'", "Batch 3 QC", "-title"},
		{"two flags fit alike", []FlagDoc{threads, title, subtitle}, "report on in.fa titled 'Batch 3 QC'", "Batch 3 QC", ""},
		{"punctuation", []FlagDoc{threads, sep}, "report on in.fa with the title separator '|'", "|", ""},
	} {
		doc := &ToolDoc{Record: ToolRecord{Name: "rep", Executable: "rep"}, Flags: tc.flags, Positionals: []PositionalDoc{in}}
		rec := &doc.Record
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		args := Assemble(rec, f).Args
		placed := ""
		for _, fd := range tc.flags {
			if valueAfter(args, fd.Name) == tc.quote {
				placed = fd.Name
			}
		}
		if placed != tc.flag {
			t.Errorf("%s: %q went to %q, want %q: %q\n%s", tc.name, tc.quote, placed, tc.flag, args, strings.Join(f.Evidence, "\n"))
		}
	}
}

// TestNameSpelledApart checks that two task words that spell a flag's
// name apart ("gap open 12" for -gapopen) give the number that flag, not
// its sibling whose help shares the other words.
func TestNameSpelledApart(t *testing.T) {
	in := PositionalDoc{Position: 1, Name: "in.fa", ParamType: "file", Required: true}
	flags := []FlagDoc{
		{Name: "-gapextend", ParamType: "float", Placeholder: "float", Description: "Gap extension penalty"},
		{Name: "-gapopen", ParamType: "float", Placeholder: "float", Description: "Gap creation penalty"},
	}
	for _, tc := range []struct{ task, flag string }{
		{"align in.fa with gap open 12", "-gapopen"},
		{"align in.fa with gap 12", ""},
	} {
		doc := &ToolDoc{Record: ToolRecord{Name: "aln", Executable: "aln"}, Flags: flags, Positionals: []PositionalDoc{in}}
		rec := &doc.Record
		f := MapTask(builtinRules, rec, doc, nil, tc.task)
		args := Assemble(rec, f).Args
		placed := ""
		for _, fd := range flags {
			if valueAfter(args, fd.Name) == "12" {
				placed = fd.Name
			}
		}
		if placed != tc.flag {
			t.Errorf("%q: 12 went to %q, want %q: %q\n%s", tc.task, placed, tc.flag, args, strings.Join(f.Evidence, "\n"))
		}
	}
}

// Two flags a number fits alike do not tie when the help of one names the
// other ("Max number of threads for -T AUTO"): the named flag takes the
// number, and no tie is recorded; a tie of two unrelated flags stands.
func TestSubordinateTie(t *testing.T) {
	rec := &ToolRecord{Name: "treebuild", Executable: "treebuild"}
	main := FlagDoc{Name: "-T", ParamType: "int", Placeholder: "NUM", Description: "No. cores/threads or AUTO-detect (default: 1)"}
	maxT := FlagDoc{Name: "--threads-max", ParamType: "int", Placeholder: "NUM", Description: "Max number of threads for -T AUTO (default: all cores)"}
	for _, flags := range [][]FlagDoc{{main, maxT}, {maxT, main}} {
		doc := &ToolDoc{Record: *rec, Flags: flags}
		f := MapTask(builtinRules, rec, doc, nil, "infer the tree of aln.phy with 2 cpu threads")
		if got := Assemble(rec, f).Display; !strings.Contains(got, "-T 2") || hasEvidence(f, "tied:") {
			t.Errorf("flags %s first: got %q, evidence %q", flags[0].Name, got, f.Evidence)
		}
	}
	c := &candidate{flags: []FlagDoc{main, {Name: "--cpus", ParamType: "int", Description: "number of cpu threads"}}}
	if fd, tied := subordinateTie(c, c.flags[0], "--cpus"); fd.Name != "-T" || tied != "--cpus" {
		t.Errorf("unrelated flags: %s, tie %q", fd.Name, tied)
	}
	if fd, tied := subordinateTie(c, c.flags[0], "--gone"); fd.Name != "-T" || tied != "--gone" {
		t.Errorf("unknown flag: %s, tie %q", fd.Name, tied)
	}
}

// "at least 5 runs" fits the flag named for a minimum over one its other
// words fit as well; "exactly 5 runs" still fits the other.
func TestLimitFitsMinimum(t *testing.T) {
	rec := &ToolRecord{Name: "bench", Executable: "bench"}
	runs := FlagDoc{Name: "--runs", Aliases: []string{"-r"}, ParamType: "int", Placeholder: "NUM", Description: "Perform exactly NUM runs for each command"}
	minRuns := FlagDoc{Name: "--min-runs", Aliases: []string{"-m"}, ParamType: "int", Placeholder: "NUM", Description: "Perform at least NUM runs for each command (default: 10)"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{runs, minRuns}}
	f := MapTask(builtinRules, rec, doc, nil, "time 'sleep 1' with at least 5 runs")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-m 5") || hasEvidence(f, "tied:") {
		t.Errorf("at least: got %q, evidence %q", got, f.Evidence)
	}
	f = MapTask(builtinRules, rec, doc, nil, "time 'sleep 1' with exactly 5 runs")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-r 5") {
		t.Errorf("exactly: got %q", got)
	}
}

// A range's bounds fit the flags whose help says a start and an end:
// "bases 101 to 250" is -from 101 -to 250, whichever the help lists
// first, with no tie.
func TestRangeFitsStartEnd(t *testing.T) {
	rec := &ToolRecord{Name: "cutter", Executable: "cutter"}
	from := FlagDoc{Name: "-from", ParamType: "int", Description: "Start of the section of the sequence to remove"}
	to := FlagDoc{Name: "-to", ParamType: "int", Description: "End of the section of the sequence to remove"}
	for _, flags := range [][]FlagDoc{{from, to}, {to, from}} {
		doc := &ToolDoc{Record: *rec, Flags: flags}
		f := MapTask(builtinRules, rec, doc, nil, "remove bases 101 to 250 of contig.fa")
		if got := Assemble(rec, f).Display; !strings.Contains(got, "-from 101") || !strings.Contains(got, "-to 250") || hasEvidence(f, "tied:") {
			t.Errorf("%s first: got %q, evidence %q", flags[0].Name, got, f.Evidence)
		}
	}
}

// Words a set flag's glued name stands for ("word size" for -wordsize)
// are accounted for: no switch is asked for, or found unmet, on them.
func TestGluedWordsCovered(t *testing.T) {
	rec := &ToolRecord{Name: "dseq", Executable: "dseq"}
	ws := FlagDoc{Name: "-wordsize", ParamType: "int", Description: "[20] the length of the seeds"}
	m := newMapper(builtinRules, rec, nil, nil, "report the differences using a word size of 20")
	c := &candidate{exe: "dseq", flags: []FlagDoc{ws}, known: true}
	a := &adaptation{c: c, f: &Fill{Flags: []FlagValue{{Name: "-wordsize", Value: "20", HasValue: true}}}}
	words := map[string]bool{"word": true, "siz": true, "differenc": true}
	m.dropCovered(a, words)
	if words["word"] || words["siz"] || !words["differenc"] {
		t.Errorf("left %v", words)
	}
}
