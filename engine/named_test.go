package engine

import (
	"strings"
	"testing"
)

// TestSwitchesTheTaskNames checks, on the captured help of
// rsem-calculate-expression, makeblastdb, diamond, bowtie2, vcftools and fastqc,
// that
// a switch whose long name the task says outright is added though its help
// fits no other word of the task, and that a name standing inside a longer
// one the task says, inside a name joined to another word (chr22_het),
// after a negation, or one of the lexicon class generic_flag_name, names
// nothing.
func TestSwitchesTheTaskNames(t *testing.T) {
	for _, c := range []struct {
		tool, exTask, exArgs, task string
		want, not                  []string
	}{
		{"rsem-calculate-expression", "quantify single-end reads r.fq against reference ref/mouse, sample m1", "r.fq ref/mouse m1",
			"quantify paired-end reads a_1.fq and a_2.fq with bowtie2 against reference ref/human, sample s1", []string{"--paired-end", "--bowtie2"}, nil},
		{"makeblastdb", "make a nucleotide BLAST database db from g.fa", "-in g.fa -dbtype nucl -out db",
			"nucleotide db from contigs.fa named contigs_db, also creating the sequence hash index", []string{"-hash_index"}, nil},
		{"diamond", "align prots.faa against nr sensitively into hits.tsv", "blastp -q prots.faa -d nr -o hits.tsv --sensitive",
			"align genes.faa against kegg in more-sensitive mode into genes_kegg.tsv", []string{"--more-sensitive"}, []string{"--sensitive"}},
		{"bowtie2", "align r1.fq and r2.fq to idx into a.sam", "-x idx -1 r1.fq -2 r2.fq -S a.sam",
			"align t1.fq and t2.fq to idx in very sensitive local mode into b.sam", []string{"--very-sensitive-local"}, []string{"--sensitive", "--local", "--very-sensitive", "--sensitive-local"}},
		{"bowtie2", "align r1.fq and r2.fq to idx into a.sam", "-x idx -1 r1.fq -2 r2.fq -S a.sam",
			"align t1.fq and t2.fq to idx, not in local mode, into b.sam", nil, []string{"--local"}},
		{"vcftools", "keep the samples in ids.txt of in.vcf.gz, output prefix kept", "--gzvcf in.vcf.gz --keep ids.txt --recode --out kept",
			"keep the samples in keep_ids.txt of chr22.vcf.gz, output prefix chr22_het", nil, []string{"--het"}},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		args := strings.Fields(got)
		for _, w := range c.want {
			if !containsStr(args, w) {
				t.Errorf("%s: %q lacks %s\n%s", c.tool, got, w, strings.Join(f.Evidence, "\n"))
			}
		}
		for _, w := range c.not {
			if containsStr(args, w) {
				t.Errorf("%s: %q has %s\n%s", c.tool, got, w, strings.Join(f.Evidence, "\n"))
			}
		}
	}
	// Each switch named is evidence the confidence reads (named_switches).
	_, f0 := mapOn(t, "rsem-calculate-expression", "quantify single-end reads r.fq against reference ref/mouse, sample m1", "r.fq ref/mouse m1",
		"quantify paired-end reads a_1.fq and a_2.fq with bowtie2 against reference ref/human, sample s1")
	if f0.Features["named_switches"] != 2 {
		t.Errorf("rsem: named_switches %v", f0.Features["named_switches"])
	}
	// fastqc's help lists --threads without its value: "4 threads" does not
	// name it (the lexicon class generic_flag_name holds "threads").
	_, f := mapOn(t, "fastqc", "check the quality of a.fq", "a.fq", "check the quality of r.fq with 4 threads")
	for _, e := range f.Evidence {
		if strings.Contains(e, "the task names it") {
			t.Errorf("fastqc: %q", e)
		}
	}
	_, f = mapOn(t, "diamond", "align prots.faa against nr sensitively into hits.tsv", "blastp -q prots.faa -d nr -o hits.tsv --sensitive",
		"align genes.faa against kegg in more-sensitive mode into genes_kegg.tsv")
	for _, e := range []string{"added --more-sensitive: the task names it (more sensitive)", "dropped --sensitive from the example: the task names more-sensitive, which holds it"} {
		if !hasEvidence(f, e) {
			t.Errorf("evidence lacks %q: %q", e, f.Evidence)
		}
	}
}

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// TestOnOffFlagsAreSwitches checks, on the captured help of augustus and
// velvetg, that a flag taking one of two values, on or off ("--gff3=on/off",
// "-clean yes|no"), is a switch set with its on value when the task asks
// for what it does, written as the example writes its values; not when it
// is on by default or takes other values.
func TestOnOffFlagsAreSwitches(t *testing.T) {
	for _, c := range []struct {
		tool, exTask, exArgs, task, want string
	}{
		{"augustus", "predict genes in genome.fa with the human model", "--species=human genome.fa",
			"predict genes in assembly.fa using the arabidopsis model, output in GFF3 format", "augustus '--species=arabidopsis' '--gff3=on' assembly.fa"},
		{"augustus", "predict genes in genome.fa with the human model", "--species=human genome.fa",
			"predict genes in contigs.fa with the human model, also the untranslated regions (UTR)", "augustus '--species=human' '--UTR=on' contigs.fa"},
	} {
		got, f := mapOn(t, c.tool, c.exTask, c.exArgs, c.task)
		if got != c.want {
			t.Errorf("%s: got %q, want %q\n%s", c.task, got, c.want, strings.Join(f.Evidence, "\n"))
		}
	}
	// velvetg's help: -clean yes|no is off by default, -scaffolding yes|no
	// on (its help says "default: on"), -cov_cutoff takes a number or auto.
	doc := goldenDoc(t, "velvetg")
	for _, c := range []struct {
		flag, on string
		ok       bool
	}{{"-clean", "yes", true}, {"-amos_file", "yes", true}, {"-scaffolding", "", false}, {"-cov_cutoff", "", false}} {
		fd, found := LookupFlag(doc.Flags, c.flag)
		if !found {
			t.Fatalf("velvetg has no %s", c.flag)
		}
		if on, ok := switchOn(fd); on != c.on || ok != c.ok {
			t.Errorf("velvetg %s: switchOn %q %v, want %q %v", c.flag, on, ok, c.on, c.ok)
		}
	}
	if _, ok := switchOn(FlagDoc{Name: "--mode", ParamType: "string", Placeholder: "yes|no|smart"}); ok {
		t.Error("a flag of three values is a switch")
	}
}

// TestOwnAction: the first word of the tool's description is its action;
// a task that says it asks for the tool, not for a switch of that name
// ("align the EST … to the locus" gives est2genome no -align, "Show the
// alignment"), in the named-switch pass and the asked-switch pass alike.
func TestOwnAction(t *testing.T) {
	rec, doc := helpDoc(t, "est2genome", "est2genome")
	f := MapTask(builtinRules, rec, doc, nil, "align the EST in est_clone.fa to genomic_locus.fa to get its exon/intron structure, output est_locus.e2g")
	if got := Assemble(rec, f).Display; strings.Contains(got, "-align") {
		t.Errorf("est2genome: %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// A task that asks for the alignment shown still gets the switch.
	f = MapTask(builtinRules, rec, doc, nil, "align the EST in est_clone.fa to genomic_locus.fa, show the alignment, output est_locus.e2g")
	if got := Assemble(rec, f).Display; !strings.Contains(got, "-align") {
		t.Errorf("est2genome, show the alignment: %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	for _, c := range []struct {
		desc, w string
		want    bool
	}{
		{"Align EST sequences to genomic DNA sequence", "align", true},
		{"Compress or decompress FILEs in the .xz format.", "compres", true},
		{"Compress or decompress FILEs in the .xz format.", "decompress", false},
		{"Align", "align", false},
		{"", "align", false},
	} {
		if got := ownAction(c.desc, c.w); got != c.want {
			t.Errorf("ownAction(%q, %q) = %v, want %v", c.desc, c.w, got, c.want)
		}
	}
}
