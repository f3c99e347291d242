package engine

import (
	"strings"
	"testing"
)

// TestUnmetWords checks, on captured helps, that a task word the command
// does not account for and that one flag's help holds makes the command
// uncertain and names the flag (iqtree2's --alrt for "SH-aLRT"), and
// that it does not when the example's own task says the word without
// the flag (cmalign's Stockholm output is its default), when the word
// names the tool, or when many tools' helps hold the word.
func TestUnmetWords(t *testing.T) {
	got, f := mapOn(t, "iqtree2", "infer a tree for aln.fasta under GTR+G, output prefix aln_gtr", "-s aln.fasta -m GTR+G --prefix aln_gtr",
		"tree for rbcL_aln.fasta under GTR+G with SH-aLRT support, output prefix rbcL_gtr")
	if !f.Uncertain || !hasEvidence(f, `unmet: the task's word "alrt" is in the name of --alrt`) {
		t.Errorf("iqtree2: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapOn(t, "cmalign", "align seqs.fa to the model m.cm and write the Stockholm alignment to seqs.sto", "-o seqs.sto m.cm seqs.fa",
		"align the riboswitches in tpp.fa to the model RF00059.cm and write the Stockholm alignment to tpp.sto")
	if f.Uncertain || hasEvidence(f, "unmet: ") {
		t.Errorf("cmalign: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	got, f = mapOn(t, "bowtie2", "align reads r.fq to the index idx, write out.sam", "-x idx -U r.fq -S out.sam",
		"align the reads s.fq to the Bowtie index hg38, write s.sam")
	if hasEvidence(f, "unmet: ") {
		t.Errorf("bowtie2: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	if exampleMeets(nil, "alrt", nil) || !exampleMeets(&Example{Task: "write the Stockholm alignment", Args: "-o a.sto m.cm a.fa"}, "stockholm", []FlagDoc{{Name: "--outformat"}}) ||
		exampleMeets(&Example{Task: "write the Stockholm alignment", Args: "--outformat=Stockholm m.cm a.fa"}, "stockholm", []FlagDoc{{Name: "--outformat"}}) {
		t.Error("exampleMeets")
	}
}

// TestExampleValueAbbreviatesItsWord checks that an example's value of
// four letters or more that begins a word of its task explains it
// ("-dbtype nucl" for "nucleotide"), and a shorter one or the word itself
// does not.
func TestExampleValueAbbreviatesItsWord(t *testing.T) {
	for _, c := range []struct {
		values []string
		w      string
		want   bool
	}{
		{[]string{"nucl"}, "nucleotid", true},
		{[]string{"prot", "ref_db"}, "protein", true},
		{[]string{"nu"}, "nucleotid", false},
		{[]string{"nucleotid"}, "nucleotid", false},
		{nil, "nucleotid", false},
	} {
		if got := abbreviates(c.values, c.w); got != c.want {
			t.Errorf("abbreviates(%q, %q) = %v", c.values, c.w, got)
		}
	}
}

// TestUnmetListedValue checks that a task word naming a value of a flag's
// whole list of values ("by sequence length" and fastasort's
// "-k --key <id | len | seq>") makes a command that does not set the flag
// uncertain, and names the value and the flag, though "length" is a word
// many helps say. A value of fewer than three letters names nothing, a
// value of more than four is no abbreviation of a longer word
// ("blastdbcmd" is not "blastdb"), and the flag's default names nothing.
func TestUnmetListedValue(t *testing.T) {
	rec, doc := helpDoc(t, "fastasort", "fastasort")
	f := MapTask(builtinRules, rec, doc, nil, "sort proteome.fa by sequence length, longest first -> proteome_bylen.fa")
	if !f.Uncertain || !hasEvidence(f, `unmet: the task's word "length" names the value len of -k`) {
		t.Errorf("fastasort: %s\n%s", Assemble(rec, f).Display, strings.Join(f.Evidence, "\n"))
	}
	key := FlagDoc{Name: "--key", Choices: []string{"id", "len", "seq"}}
	menu := FlagDoc{Name: "-dbtype", Description: "Database type (Values: nucl (Nucleotide); prot (Protein))"}
	for _, c := range []struct {
		fd   FlagDoc
		w    string
		want string
	}{
		{key, "length", "len"},
		{key, "identif", ""},
		{key, "sort", ""},
		{menu, "protein", "prot"},
		{FlagDoc{Name: "-O", Placeholder: "{sam|bam|cram}"}, "cram", "cram"},
		{FlagDoc{Name: "-p", Placeholder: "NUM|AUTO"}, "auto", ""},
		{FlagDoc{Name: "-input_type", Choices: []string{"asn1_bin", "blastdb", "fasta"}}, "blastdbcmd", ""},
		{FlagDoc{Name: "--action", Choices: []string{"trim", "retain", "mask"}, Default: "trim"}, "trim", ""},
		{FlagDoc{Name: "--action", Choices: []string{"trim", "retain", "mask"}, Default: "trim"}, "mask", "mask"},
	} {
		if got := listedValueOf(c.fd, c.w); got != c.want {
			t.Errorf("listedValueOf(%s, %q) = %q, want %q", c.fd.Name, c.w, got, c.want)
		}
	}
}

// TestCompoundName: a task word that begins or ends a flag name written
// as one run of letters, joined to another flag's name, names that flag
// ("Pfam-format table" for hmmsearch's --pfamtblout beside --tblout); a
// word that only begins a longer word does not ("rest" of restrictleft).
func TestCompoundName(t *testing.T) {
	rec, doc := helpDoc(t, "hmmsearch", "hmmsearch")
	f := MapTask(builtinRules, rec, doc, nil, "write a Pfam-format table of hits and domains to pf.tbl for model x.hmm against y.faa")
	if !f.Uncertain || !hasEvidence(f, `unmet: the task's word "pfam" is in the name of --pfamtblout`) {
		t.Errorf("hmmsearch: %s\n%s", Assemble(rec, f).Display, strings.Join(f.Evidence, "\n"))
	}
	flags := []FlagDoc{{Name: "--tblout"}, {Name: "--pfamtblout"}, {Name: "--maxmatch"}, {Name: "--max-gap"}, {Name: "restrictleft"}}
	parts := nameParts(flags)
	for _, c := range []struct {
		fd   FlagDoc
		w    string
		want bool
	}{
		{flags[1], "pfam", true},
		{flags[2], "match", true},
		{flags[4], "rest", false},
		{flags[0], "tblout", false},
		{FlagDoc{Name: "--pfam-tblout"}, "pfam", false},
	} {
		if got := compoundHolds(c.fd, c.w, parts); got != c.want {
			t.Errorf("compoundHolds(%s, %q) = %v, want %v", c.fd.Name, c.w, got, c.want)
		}
	}
}

// TestUnmetPlatform: a task that names its reads' platform ("nanopore
// reads") to a tool whose help names that platform for a flag the
// command does not set (minimap2's -x presets, "PacBio CLR/Nanopore")
// gets an uncertain command; a platform the help never names asks for
// nothing.
func TestUnmetPlatform(t *testing.T) {
	rec, doc := helpDoc(t, "minimap2", "minimap2")
	f := MapTask(builtinRules, rec, doc, nil, "align the nanopore reads ont.fq.gz to genome.fa, SAM output to ont.sam")
	if !f.Uncertain || !hasEvidence(f, "unmet: the task's reads are nanopore, and the help of -x") {
		t.Errorf("nanopore: %s\n%s", Assemble(rec, f).Display, strings.Join(f.Evidence, "\n"))
	}
	f = MapTask(builtinRules, rec, doc, nil, "align the illumina reads ill.fq.gz to genome.fa, SAM output to ill.sam")
	if hasEvidence(f, "unmet: the task's reads are") {
		t.Errorf("illumina: %s\n%s", Assemble(rec, f).Display, strings.Join(f.Evidence, "\n"))
	}
}
