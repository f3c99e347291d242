package task

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestValues(t *testing.T) {
	cases := []struct{ task, want string }{
		// after a marker; markers in a row share the value
		{"tree of primates.fasta rooted with the outgroup taxon Galago", `[{"text":"Galago","markers":["outgroup","taxon"],"shape":"named","pos":8}]`},
		{"annotate e.fna as genus Escherichia, species coli, strain K12 with locus tag ECK", `[{"text":"Escherichia","markers":["genus"],"shape":"named","pos":4},{"text":"coli","markers":["species"],"shape":"named","pos":6},{"text":"K12","markers":["strain"],"shape":"named","pos":8},{"text":"ECK","markers":["locus","tag"],"shape":"named","pos":12}]`},
		// before a marker that names the word before it
		{"predict genes in assembly.fa using the arabidopsis model, output in GFF3 format", `[{"text":"arabidopsis","markers":["model"],"shape":"named","pos":6}]`},
		// … unless a file after the marker is what it names
		{"search genome.fa with the covariance model RF00005.cm", `null`},
		{"用 diamond 把 genes.faa 比对到 kegg 数据库，8 个线程", `[{"text":"kegg","markers":["数据库"],"shape":"named","pos":5}]`},
		// a Chinese run that begins with the marker ("数据库做", "模型建树")
		{"用 12 个线程把 proteins.faa 和 nr_db 数据库做 blastp 比对", `[{"text":"nr_db","markers":["数据库做"],"shape":"named","pos":5}]`},
		{"对 cox1_aln.fasta 用 GTR+G 模型建树", `[{"text":"GTR+G","markers":["模型建树"],"shape":"formula","pos":3}]`},
		// a formula after a marker is named; alone it is a formula
		{"bootstrap on small.phy, model HKY+G", `[{"text":"HKY+G","markers":["model"],"shape":"named","pos":4}]`},
		{"build a tree from cox1.fasta under GTR+F+I+G4", `[{"text":"GTR+F+I+G4","shape":"formula","pos":6}]`},
		// an all-caps literal; a file kind in capitals is not one
		{"keep only records whose FILTER is PASS in calls.vcf.gz as VCF", `[{"text":"FILTER","shape":"literal","pos":4},{"text":"PASS","shape":"literal","pos":6}]`},
		// words of the prose after a marker are not values
		{"genome size of the reference genome ref.fa with model selection", `null`},
		{"call peaks for the human genome, genome hs", `[{"text":"hs","markers":["genome"],"shape":"named","pos":7}]`},
		// a label the task gives its samples
		{"fingerprint plot of ip.bam and input.bam, labelled IP and Input", `[{"text":"IP","markers":["labelled"],"shape":"named","pos":7}]`},
	}
	for _, c := range cases {
		b, _ := json.Marshal(Parse(c.task).Values)
		if string(b) != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.task, b, c.want)
		}
	}
}

func TestShapeOf(t *testing.T) {
	for v, want := range map[string]string{"GTR+F+I+G4": ShapeFormula, "LG+G4": ShapeFormula, "PASS": ShapeLiteral, "K12": "", "BAM": "", "ACGTACGT": "", "hg38": "", "a+": ""} {
		if got := ShapeOf(v); got != want {
			t.Errorf("ShapeOf(%q) = %q, want %q", v, got, want)
		}
	}
}

// TestPatternValues: a motif or regular expression written with a
// bracketed or braced class of capitals is a value, with the words before
// it; a bracketed word of prose or a file is not.
func TestPatternValues(t *testing.T) {
	for _, c := range []struct {
		task, want string
		markers    []string
	}{
		{"search prot.fa for the N-glycosylation motif N-{P}-[ST]-{P} and write hits.out", "N-{P}-[ST]-{P}", []string{"n-glycosylation", "motif"}},
		{"find all matches of the regular expression TATA[AT]A[AT] in up.fa", "TATA[AT]A[AT]", []string{"regular", "expression"}},
		{"sort by column [1] of x.bed", "", nil},
		{"call SNPs in x.bam with [default] settings", "", nil},
	} {
		var got []Value
		for _, v := range Parse(c.task).Values {
			if v.Shape == ShapePattern {
				got = append(got, v)
			}
		}
		if c.want == "" {
			if len(got) != 0 {
				t.Errorf("%q: no pattern, got %+v", c.task, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Text != c.want || !slices.Equal(got[0].Markers, c.markers) {
			t.Errorf("%q: want %s after %v, got %+v", c.task, c.want, c.markers, got)
		}
	}
}

// A word of choice before a value marker ("pick the best model") names
// no value; a word of letters and digits there does ("the GTR model").
func TestChoiceWordNoValue(t *testing.T) {
	f := Parse("run it on a.phy letting ModelFinder pick the best model")
	for _, v := range f.Values {
		if v.Text == "best" {
			t.Errorf("best read as a value: %+v", f.Values)
		}
	}
}

// TestNamingVerbJoinsMarkers: a naming verb right before a value marker
// (stop words between them left out, same clause) says the value is a
// name, so "name" joins the value's markers; a verb in another clause or a
// verb of another kind does not.
func TestNamingVerbJoinsMarkers(t *testing.T) {
	for _, c := range []struct {
		task    string
		markers []string
	}{
		{"build kin.hmm from kin.sto, name the model nifH", []string{"name", "model"}},
		{"build kin.hmm from kin.sto, naming the model lectin_c", []string{"name", "model"}},
		{"build kin.hmm from kin.sto, use the model nifH", []string{"model"}},
		{"name it, model nifH", []string{"model"}},
	} {
		var got *Value
		for _, v := range Parse(c.task).Values {
			if v.Shape == ShapeNamed {
				got = &v
			}
		}
		if got == nil || !slices.Equal(got.Markers, c.markers) {
			t.Errorf("%q: want markers %v, got %+v", c.task, c.markers, got)
		}
	}
}

// TestSearchPatterns checks the search pattern a task gives after a
// pattern marker: a word shaped as an identifier, any word after a Chinese
// marker, or a quoted string; a plain English word after the marker is
// prose.
func TestSearchPatterns(t *testing.T) {
	for _, c := range []struct{ task, want string }{
		{"show the lines of variants.vcf that mention rs1234, with their line numbers", "rs1234"},
		{"how many lines of hits.tsv do not contain NA", "NA"},
		{"在 genes.txt 中查找含有 kinase 的行", "kinase"},
		{"find the lines containing 'protein kinase' in genes.txt", "protein kinase"},
		{"remove reads containing adapters from reads.fq", ""},
	} {
		fr := Parse(c.task)
		var got []string
		for _, v := range fr.Values {
			if v.Shape == ShapePattern {
				got = append(got, v.Text)
			}
		}
		if strings.Join(got, "|") != c.want || c.want != "" && slices.Contains(fr.Quoted, c.want) {
			t.Errorf("%q: patterns %q, quoted %q", c.task, got, fr.Quoted)
		}
	}
}

// TestLibraryValue checks the library type a task names after "library"
// (salmon's "-l SR"), and that a verb after the marker is no value.
func TestLibraryValue(t *testing.T) {
	fr := Parse("quantify se.fastq as the reverse-stranded single-end library SR")
	if len(fr.Values) != 1 || fr.Values[0].Text != "SR" || fr.Values[0].Markers[0] != "library" {
		t.Errorf("values %+v", fr.Values)
	}
	if fr := Parse("taxonomy and library are in place for the db k2_fungi"); len(fr.Values) != 0 {
		t.Errorf("a verb after the marker: %+v", fr.Values)
	}
}

// TestModelCompound checks that the word before "model" names no model
// when "model" opens a compound noun ("ModelFinder Plus model
// selection"), and does otherwise ("the arabidopsis model").
func TestModelCompound(t *testing.T) {
	if fr := Parse("ML tree from core.aln with ModelFinder Plus model selection, 8 threads"); len(fr.Values) != 0 {
		t.Errorf("a compound: %+v", fr.Values)
	}
	if fr := Parse("predict genes in contigs.fa with the arabidopsis model"); len(fr.Values) != 1 || fr.Values[0].Text != "arabidopsis" {
		t.Errorf("a model named before the marker: %+v", fr.Values)
	}
}
