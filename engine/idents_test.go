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
		// A flag's name written bare is used when the command sets it.
		{"STAR", "build the index for a small genome small.fa into small_star, with genomeSAindexNbases 8", nil},
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

// An example file of no kind the task names too takes that file before
// the slots are filled in order: a compressed file of no kind (prot.gz)
// is the one left for the example's FASTA.
func TestExampleFileOfNoKindNamedByTheTask(t *testing.T) {
	f, got := capturedFill(t, "diamond", "build a taxonomy-aware database mydb from prot.gz using names.dmp, nodes.dmp and prot.accession2taxid.gz")
	for _, want := range []string{"--in prot.gz", "--taxonnames names.dmp", "--taxonnodes nodes.dmp", "--taxonmap prot.accession2taxid.gz", "--db mydb"} {
		if !strings.Contains(got, want) {
			t.Errorf("got %q, want %q in it (evidence %q)", got, want, f.Evidence)
		}
	}
}

// A flag's name written bare before a word gives that word to the flag,
// when the flag names a thing and the help writes the name nowhere as
// prose.
func TestBareFlagNames(t *testing.T) {
	c := &candidate{desc: "a toolkit", flags: []FlagDoc{
		{Name: "--bfile", ParamType: "string", Description: "Specify .bed + .bim + .fam prefix"},
		{Name: "--output", ParamType: "string", Description: "output file name prefix"},
		{Name: "--maf", ParamType: "float", Description: "minor allele frequency"},
		{Name: "--keep-name", ParamType: "bool", Description: "keep the name"},
	}}
	prose := helpProse(c)
	for w, want := range map[string]bool{"bfile": true, "BFILE": true, "output": false, "maf": false, "keep-name": false, "bed": false} {
		if _, ok := bareFlag(c, w, prose); ok != want {
			t.Errorf("bareFlag(%q) = %v, want %v", w, ok, want)
		}
	}
	_, got := capturedFill(t, "plink1.9", "run a logistic association test on the bfile mydata with covariates from c.txt, output prefix res")
	if !strings.Contains(got, "--bfile mydata") {
		t.Errorf("got %q, want --bfile mydata", got)
	}
	// The task's first word is its verb, and a file or a stop word after
	// a flag's name is no value of it.
	for task, want := range map[string]string{"extract chromosome 22 from the pfile cohort into chr22": "cohort", "use bfile the data": "", "use bfile d.bed": ""} {
		m := capturedMapper(t, "plink2", task)
		c, _ := m.choose()
		var got []string
		for _, v := range m.flagWordValues(c) {
			got = append(got, v.Text)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: read %q as flags' values, want %q", task, got, want)
		}
	}
	m := capturedMapper(t, "plink2", "")
	if m.flagWordValues(nil) != nil {
		t.Error("no candidate, no values")
	}
}
