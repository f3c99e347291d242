package engine

import (
	"strings"
	"testing"
)

// Built from the help alone, a task number no flag's words fit goes to
// the one flag whose help gives it as the default ("lines of at most 80
// characters": fold's -w "use WIDTH columns instead of 80"); a digit
// alone, or a number two flags default to, goes nowhere.
func TestNumberAtTheFlagWhoseDefaultItIs(t *testing.T) {
	rec := &ToolRecord{Name: "fd", Executable: "fd", Installed: true}
	doc := &ToolDoc{Record: *rec, UsagePatterns: []string{"fd [OPTION]... [FILE]..."},
		Flags: []FlagDoc{
			{Name: "--bytes", Aliases: []string{"-b"}, ParamType: "bool", Description: "count bytes rather than columns"},
			{Name: "--spaces", Aliases: []string{"-s"}, ParamType: "bool", Description: "break at spaces"},
			{Name: "--width", Aliases: []string{"-w"}, ParamType: "string", Placeholder: "WIDTH", Description: "use WIDTH columns instead of 80"},
			{Name: "--tabs", Aliases: []string{"-t"}, ParamType: "int", Placeholder: "N", Default: "2", Description: "tab stops"},
		},
		Positionals: []PositionalDoc{{Position: 1, Name: "FILE", ParamType: "file", Repeatable: true}}}
	f := MapTask(builtinRules, rec, doc, nil, "break notes.txt into lines of at most 80 characters")
	if got := Assemble(rec, f).Display; got != "fd -w 80 notes.txt" || !hasEvidence(f, "is the default --width's help gives") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "break notes.txt into lines, keep 2 of them")
	if got := Assemble(rec, f).Display; strings.Contains(got, "-t") {
		t.Errorf("a digit alone went to the flag it is the default of: %q", got)
	}
	doc.Flags = append(doc.Flags, FlagDoc{Name: "--margin", ParamType: "int", Placeholder: "N", Default: "80", Description: "right margin"})
	f = MapTask(builtinRules, rec, doc, nil, "break notes.txt into lines of at most 80 characters")
	if got := Assemble(rec, f).Display; strings.Contains(got, "80") {
		t.Errorf("a number two flags default to went to one: %q", got)
	}
	if helpDefault(FlagDoc{Description: "use DELIM instead of TAB."}) != "tab" || helpDefault(FlagDoc{Description: "width"}) != "" {
		t.Error("helpDefault")
	}
}
