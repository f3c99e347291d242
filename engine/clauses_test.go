package engine

import (
	"strings"
	"testing"
)

// clauseDoc is a counter's help with threads and an output, and nothing
// about duplicates.
func clauseDoc() (*ToolRecord, *ToolDoc) {
	rec := &ToolRecord{Name: "cnt", Executable: "cnt"}
	doc := &ToolDoc{Record: *rec, Description: "count reads per feature", Flags: []FlagDoc{
		{Name: "-t", ParamType: "int", Category: "Performance", Description: "number of threads"},
		{Name: "-o", ParamType: "file", Category: "Output", Description: "destination FILE"},
	}, Positionals: []PositionalDoc{{Name: "in.bam"}}}
	return rec, doc
}

// TestUncoveredClauses: a clause whose words nothing in the command
// accounts for ("ignoring duplicates" with no flag for it) is counted and
// named in the evidence; clauses that only say where the output goes
// ("write counts.txt", "输出到 counts.txt") are not.
func TestUncoveredClauses(t *testing.T) {
	rec, doc := clauseDoc()
	for _, c := range []struct {
		task string
		want float64
	}{
		{"count reads of a.bam with 4 threads, ignoring duplicates, write the result to counts.txt", 1},
		{"count reads of a.bam with 4 threads, write the result to counts.txt", 0},
		{"count reads of a.bam with 4 threads and ignoring duplicates and write counts.txt", 1},
		{"用 4 个线程统计 a.bam 的 reads，输出到 counts.txt", 0},
		// A clause that names a file the command places is about that
		// file, though its other words are not the command's.
		{"count reads of a.bam with 4 threads, save the tallies to counts.txt", 0},
		// The comma after a file still ends its clause: the next one
		// is not merged into the clause before it.
		{"count reads of a.bam into counts.txt, ignoring duplicates", 1},
		// A word that opens a clause of its own cuts one without
		// punctuation.
		{"count reads of a.bam into counts.txt ignoring duplicates", 1},
	} {
		f := MapTask(builtinRules, rec, doc, nil, c.task)
		if got := f.Features["uncovered_clauses"]; got != c.want {
			t.Errorf("%q: uncovered_clauses %v, want %v\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
		if c.want > 0 && !hasEvidence(f, `uncovered clause: "ignoring duplicates"`) {
			t.Errorf("%q: clause not named\n%s", c.task, strings.Join(f.Evidence, "\n"))
		}
	}
	// The usage's argument names account for their words.
	if n := stripMarkers("输出目录"); n != "" {
		t.Errorf("stripMarkers(输出目录) = %q", n)
	}
	if n := stripMarkers("去重统计写入"); n != "去重统计" {
		t.Errorf("stripMarkers(去重统计写入) = %q", n)
	}
	if got := taskClauses("a, b and c; d skipping e"); strings.Join(got, "|") != "a|b|c|d|skipping e" {
		t.Errorf("taskClauses = %q", got)
	}
	if _, ok := dropIndex("x"); ok {
		t.Error("dropIndex read a word as a placeholder")
	}
	if i, ok := dropIndex(dropMark + "12,"); !ok || i != 12 {
		t.Errorf("dropIndex = %d, %v", i, ok)
	}
}

// A list of numbers the command places ("-f 1,3") places each of them:
// "extract columns 1 and 3", cut at its "and", leaves no clause
// unaccounted for.
func TestUncoveredClauseNumberList(t *testing.T) {
	rec := &ToolRecord{Name: "cut", Executable: "cut"}
	doc := &ToolDoc{Record: *rec, Description: "remove sections from each line of files", Flags: []FlagDoc{
		{Name: "-f", ParamType: "string", Placeholder: "LIST", Description: "select only these fields"},
	}, Positionals: []PositionalDoc{{Name: "FILE", Repeatable: true}}}
	m := newMapper(builtinRules, rec, doc, nil, "extract columns 1 and 3 of table.tsv")
	c := &candidate{exe: "cut", flags: doc.Flags, positionals: doc.Positionals, known: true}
	with := m.uncoveredClauses(&Fill{Flags: []FlagValue{{Name: "-f", Value: "1,3", HasValue: true}}, Positionals: []string{"table.tsv"}}, c)
	without := m.uncoveredClauses(&Fill{Positionals: []string{"table.tsv"}}, c)
	if with != 0 || without == 0 {
		t.Errorf("uncovered clauses with -f 1,3: %d (want 0); without: %d (want > 0)", with, without)
	}
}

// Pronouns and modal verbs ask for nothing (lexicon stop_word): "seed 7
// so I can reproduce it" gives 7 to the flag whose help names a seed,
// not in a tie with one whose help says a value "can" be a fraction.
func TestModalWordsFitNoFlag(t *testing.T) {
	rec := &ToolRecord{Name: "sub", Executable: "sub"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "in", Style: "kv", ParamType: "file", Category: "Input", Description: "Primary input file"},
		{Name: "out", Style: "kv", ParamType: "file", Category: "Output", Description: "Primary output file"},
		{Name: "sampleseed", Style: "kv", ParamType: "int", Description: "Set to a positive number to use that prng seed for sampling"},
		{Name: "trimq", Style: "kv", ParamType: "int", Description: "Regions below this quality are trimmed. Can be a floating-point number"},
	}}
	f := MapTask(builtinRules, rec, doc, nil, "subsample reads.fq to sub.fq, seed 7 so I can reproduce it")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "sampleseed=7") || strings.Contains(got, "trimq") {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
