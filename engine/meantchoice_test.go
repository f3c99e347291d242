package engine

import (
	"strings"
	"testing"
)

// EMBOSS lists a menu's values with their meaning ("(Values: 0 (…); 1
// (…))"): a number is none of those codes, and a task that says one
// meaning nearly word for word asks for its value.
func TestEmbossValuesList(t *testing.T) {
	find := FlagDoc{Name: "-find", ParamType: "string", Description: "[0] This is a small menu of possible output options. (Values: 0 (Translation of regions between STOP codons); 1 (Translation of regions between START and STOP codons); 2 (Nucleic sequences between STOP codons); 3 (Nucleic sequences between START and STOP codons); 4 (Nucleotides flanking START codons))"}
	for v, want := range map[string]bool{"300": true, "3": false, "0": false, "7": true} {
		if got := codesExclude(find, v); got != want {
			t.Errorf("codesExclude(-find, %s) = %v, want %v", v, got, want)
		}
	}
	pairs := choicePairs(find)
	if len(pairs) != 5 || pairs[3].value != "3" || pairs[3].words != "Nucleic sequences between START and STOP codons" || pairs[3].prose {
		t.Errorf("pairs %+v", pairs)
	}
	if p := choicePairs(FlagDoc{Description: "it returns 'success' if the job was successful, 'failed' if the job failed and 'running' if it still runs"}); len(p) != 3 || !p[1].prose {
		t.Errorf("quoted prose pairs %+v", p)
	}
}

// On getorf's captured help: the ORF length goes to -minsize, never to
// the -find menu, and the kind of ORF and sequence the task describes
// chooses -find's value; a task that describes none adds no -find.
func TestMeantChoices(t *testing.T) {
	for _, task := range []string{
		"find ORFs of at least 300 nt between START and STOP codons in contig_A12.fa, write the nucleic acid sequences to A12_orfs.fa",
		"用 getorf 找出 contig_A12.fa 中起始密码子到终止密码子之间、长度至少 300 nt 的 ORF,输出核酸序列到 A12_orfs.fa",
	} {
		f, got := capturedFill(t, "getorf", task)
		if !strings.Contains(got, "-find 3") || !strings.Contains(got, "-minsize 300") {
			t.Errorf("%q: got %q\n%s", task, got, strings.Join(f.Evidence, "\n"))
		}
	}
	if _, got := capturedFill(t, "getorf", "find ORFs of at least 300 nt in contig_A12.fa and write them to A12_orfs.fa"); strings.Contains(got, "-find") || !strings.Contains(got, "-minsize 300") {
		t.Errorf("no kind of ORF asked: %q", got)
	}
	// A meaning of two content words said whole ("6 (All six frames)")
	// is asked for; one of them alone ("reading frames") is not.
	if f, got := capturedFill(t, "transeq", "translate cds_set.fna in all six reading frames, output six_frame.pep"); !strings.Contains(got, "-frame 6") {
		t.Errorf("six frames: %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if _, got := capturedFill(t, "transeq", "translate cds_set.fna in its reading frames, output six_frame.pep"); strings.Contains(got, "-frame") {
		t.Errorf("frames alone: %q", got)
	}
	// A value the help lists with no meaning is named, not meant: STAR's
	// --outStd BAM_Unsorted is not added for "an unsorted BAM".
	if _, got := capturedFill(t, "STAR", "align lib.fq to the genome directory star_idx, output an unsorted BAM with the file name prefix lib_"); strings.Contains(got, "--outStd") {
		t.Errorf("a value's name taken for its meaning: %q", got)
	}
	// Values a sentence quotes are no list: snakemake's --cluster-status
	// "return 'failed' if the job failed" is not added for "if one fails".
	if _, got := capturedFill(t, "snakemake", "run pipeline/rnaseq.smk on 16 cores and carry on with the other jobs if one of them fails"); strings.Contains(got, "--cluster-status") {
		t.Errorf("prose values added: %q", got)
	}
}
