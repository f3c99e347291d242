package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/task"
)

// A help that numbers its values gives each number the words up to the
// next number, a comma, a parenthesis or a semicolon.
func TestNumberedPairs(t *testing.T) {
	got := numberedPairs("output type: 0=masked sequence, 1=repeat probabilities, 3=BED, 4=tandem repeats (0)")
	want := []string{"0 masked sequence", "1 repeat probabilities", "3 BED", "4 tandem repeats"}
	var have []string
	for _, p := range got {
		have = append(have, p.value+" "+p.words)
	}
	if !slices.Equal(have, want) {
		t.Errorf("got %q, want %q", have, want)
	}
	if got := numberedPairs("output format 0 = BLAST pairwise 5 = BLAST XML"); len(got) != 2 || got[1].value != "5" || got[1].words != "BLAST XML" {
		t.Errorf("spaced: %+v", got)
	}
	if got := numberedPairs("compression (0=none)"); got != nil {
		t.Errorf("one number is no list: %+v", got)
	}
}

// The task that says every word of one numbered meaning naming the kind
// of the file it writes asks for its number; a meaning that names no
// output kind, one not said in full, or the default, asks for none.
func TestNumberedChoices(t *testing.T) {
	for task, want := range map[string]string{
		"找出 chrUn_frag.fa 中的串联重复，以 BED 格式输出到 chrUn_frag.tr.bed":              "tantan -f 3 chrUn_frag.fa > chrUn_frag.tr.bed",
		"find the tandem repeats in a.fa, write them in BED format to a.bed": "tantan -f 3 a.fa > a.bed",
		"report the repeat probabilities of a.fa into a.txt":                 "tantan a.fa > a.txt",
		"find the repeats in a.fa, write them as BED to a.txt":               "tantan a.fa > a.txt",
		"mask the repeats of a.fa into a.masked.fa":                          "tantan a.fa > a.masked.fa",
	} {
		cmd, f := mapHelpOnly(t, "tantan", task)
		if cmd != want {
			t.Errorf("%q: got %q, want %q\n%s", task, cmd, want, strings.Join(f.Evidence, "\n"))
		}
	}
	cmd, f := mapHelpOnly(t, "tantan", "find the repeats in a.fa and write them in BED format to a.bed")
	if !strings.Contains(cmd, "-f 3") || !hasEvidence(f, `added -f 3: the help numbers it "BED", and the task says bed`) {
		t.Errorf("%s\n%s", cmd, strings.Join(f.Evidence, "\n"))
	}
}

// TestDigitSwitch: a number the help spells as a switch's name (pigz's
// "-0 to -9, -11  Compression level", gzip's "-9, --best") is that switch
// when its words fit the switch's help better than a flag that takes a
// value; "9 threads" stays a value.
func TestDigitSwitch(t *testing.T) {
	checkCommands(t, "pigz", nil,
		taskCommand{"compress big.fastq at compression level 9 with 16 threads", "pigz -9 -p 16 big.fastq"},
		taskCommand{"compress big.fastq with 9 threads", "pigz -p 9 big.fastq"})
	checkCommands(t, "gzip", nil, taskCommand{"compress x.txt at compression level 9", "gzip -9 x.txt"})
	if task.AllDigits("") || task.AllDigits("9a") || !task.AllDigits("11") {
		t.Error("AllDigits")
	}
}
