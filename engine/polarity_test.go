package engine

import (
	"strings"
	"testing"
)

// TestPlainWordsOfALeaveOutSwitchAreNoUnmetAsk checks that a task saying
// plainly what a switch leaves out ("the index idx" for --no-repeat-index
// "do not use repeat index") records no unmet switch: it asks for the
// opposite. Said after a negation, the same words ask for it.
func TestPlainWordsOfALeaveOutSwitchAreNoUnmetAsk(t *testing.T) {
	rec := &ToolRecord{Name: "al", Executable: "al"}
	doc := &ToolDoc{Record: *rec, Flags: []FlagDoc{
		{Name: "-x", ParamType: "string", Category: "Input", Description: ""},
		{Name: "-U", ParamType: "file", Placeholder: "FILE", Category: "Input", Description: "unpaired reads"},
		{Name: "--no-repeat-index", ParamType: "bool", Category: "General", Description: "do not use repeat index"},
		{Name: "--dta", ParamType: "bool", Category: "General", Description: "reports alignments tailored for transcript assemblers"},
		{Name: "-t", ParamType: "int", Category: "Performance", Description: "number of threads"},
	}}
	sk := inlineSkill(t, "name: al", "align reads.fq to genome_idx", "-x genome_idx -U reads.fq")
	f := MapTask(builtinRules, rec, doc, sk, "align x.fq to the index idx")
	if f.Features["unmet_switch"] != 0 {
		t.Errorf("plain: features %v\n%s", f.Features, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, sk, "align x.fq to idx without the repeat index")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "--no-repeat-index") {
		t.Errorf("negated: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
