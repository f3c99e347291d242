package engine

import (
	"strings"
	"testing"
)

// A tool whose help lists subcommands, run on the task's files with none
// of them, lacks the word that chooses one: the command is uncertain and
// says so. Run without files (samtools --version) it needs none.
func TestNoSubcommandIsMissing(t *testing.T) {
	cmd, f := mapHelpOnly(t, "kallisto", "run kallisto with transcripts.idx on transcripts.fa.gz")
	if !strings.HasPrefix(cmd, "kallisto transcripts") || !f.Uncertain || !hasEvidence(f, "unmet: no word of the task names a subcommand of kallisto (its help lists 9: index, quant") {
		t.Errorf("%q uncertain %v\n%s", cmd, f.Uncertain, strings.Join(f.Evidence, "\n"))
	}
	// "a kallisto index": the tool's name qualifies the subcommand's
	cmd, _ = mapHelpOnly(t, "kallisto", "build a kallisto index transcripts.idx from the transcriptome transcripts.fa.gz")
	if !strings.HasPrefix(cmd, "kallisto index ") {
		t.Errorf("%q", cmd)
	}
	cmd, f = mapHelpOnly(t, "samtools", "print the version of samtools")
	if hasEvidence(f, "names a subcommand") {
		t.Errorf("%q\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}
