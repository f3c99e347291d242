package engine

import (
	"strings"
	"testing"
)

// TestDeprecatedSpellingNotAdded checks that a switch whose help marks it
// deprecated and says what another flag's help says (bedtools getfasta's
// -name+ beside -name, on the captured help) is not added for the task's
// words, and that a deprecated switch with no such sibling is
// (fastq-dump's --gzip "Compress output using gzip: deprecated, not
// recommended").
func TestDeprecatedSpellingNotAdded(t *testing.T) {
	bt := goldenDoc(t, "bedtools")
	var gf []FlagDoc
	for _, s := range bt.Subcommands {
		if s.Name == "getfasta" {
			gf = s.Flags
		}
	}
	old, _ := LookupFlag(gf, "-name+")
	cur, _ := LookupFlag(gf, "-name")
	if !deprecated(old, gf) || deprecated(cur, gf) {
		t.Errorf("deprecated: -name+ %v, -name %v", deprecated(old, gf), deprecated(cur, gf))
	}
	cmd, f := mapCaptured(t, "bedtools", nil, "get strand-aware sequences for genes.bed from genome.fa, naming each FASTA record by the BED name field, output genes.fa")
	if got := cmd.Display; strings.Contains(got, "-name+") {
		t.Errorf("getfasta: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	fq := goldenDoc(t, "fastq-dump")
	gz, _ := LookupFlag(fq.Flags, "--gzip")
	if deprecated(gz, fq.Flags) {
		t.Errorf("--gzip has no current spelling: %q", gz.Description)
	}
}
