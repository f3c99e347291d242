package engine

import (
	"strings"
	"testing"
)

// TestSwitchNeededByASetFlag checks, on the captured help of macs2
// callpeak, that a flag set from the task whose help says it needs a
// switch ("--broad-cutoff … is not available unless --broad is set")
// brings that switch when the task's words fit it, and that without the
// flag the switch does not come.
func TestSwitchNeededByASetFlag(t *testing.T) {
	doc := goldenDoc(t, "macs2")
	rec := &ToolRecord{Name: "macs2", Executable: "macs2"}
	doc.Record = *rec
	f := MapTask(builtinRules, rec, doc, nil, "broad peak calling: treatment ip.bam, control input.bam, mouse genome, broad cutoff 0.1, name K36")
	got := Assemble(rec, f).Display
	if !strings.Contains(got, " --broad-cutoff 0.1") || !strings.Contains(got, " --broad ") || !hasEvidence(f, "added --broad: --broad-cutoff must be used with it") {
		t.Errorf("got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "call peaks: treatment ip.bam, control input.bam, mouse genome, q-value cutoff 0.01, name K36")
	if got := Assemble(rec, f).Display; strings.Contains(got, " --broad ") {
		t.Errorf("no broad cutoff: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
}
