package engine

import (
	"slices"
	"strings"
	"testing"
)

// An identifier the task gives must be used: when no argument holds it
// the command is uncertain and a finding names it; one the command holds
// raises nothing, and one the task turns away ("instead of gene_id") is
// no item.
func TestIdentifiersMustBeUsed(t *testing.T) {
	for _, c := range []struct {
		tool, task string
		unused     []string
	}{
		{"bowtie2", "align reads.fq to index idx with read group ID grp1 and SM:sample1 in the @RG header, -S grp1.sam", []string{"grp1", "SM:sample1"}},
		{"mmseqs", "turn the alignment database resultDB (from queryDB vs targetDB) into a BLAST-tab file result.m8", []string{"targetDB"}},
		{"featureCounts", "count reads on gene features grouped by gene_name instead of gene_id: feature type gene, attribute gene_name, annotation genes.gtf, input sample.bam, output by_name.txt", nil},
	} {
		f, got := capturedFill(t, c.tool, c.task)
		var idents []string
		for _, u := range f.Unused {
			if !strings.Contains(u, ".") {
				idents = append(idents, u)
			}
		}
		if !slices.Equal(idents, c.unused) {
			t.Errorf("%s %q: unused %q, want %q (%s)", c.tool, c.task, f.Unused, c.unused, got)
		}
		if len(c.unused) > 0 && (!f.Uncertain || !hasEvidence(f, c.unused[0])) {
			t.Errorf("%q: uncertain %v, evidence %q", c.task, f.Uncertain, f.Evidence)
		}
	}
	// The frame line shows an identifier with its words.
	f, _ := capturedFill(t, "minica", "为 localhost 签发一个服务器证书")
	if !hasEvidence(f, "localhost (identifier:") || !slices.Contains(f.Unused, "localhost") {
		t.Errorf("unused %q, evidence %q", f.Unused, f.Evidence)
	}
}

// A companion's base program named before "index" says which index; it is
// no name for the index.
func TestCompanionBaseNamesTheTool(t *testing.T) {
	if !namesTheTool(&ToolRecord{Executable: "hisat2-build"}, "HISAT2") || namesTheTool(&ToolRecord{Executable: "hisat2-build"}, "build") {
		t.Error("hisat2-build: HISAT2 names the tool, build does not")
	}
}
