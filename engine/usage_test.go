package engine

import (
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// candidateFor returns the mapper for a task on a tool's captured help and
// the candidate with key (the tool, a subcommand path or a companion).
func candidateFor(t *testing.T, tool, key, taskText string) (*mapper, *candidate) {
	t.Helper()
	rec := &ToolRecord{Name: tool, Executable: tool}
	m := newMapper(builtinRules, rec, goldenDoc(t, tool), nil, taskText)
	for _, c := range m.candidates() {
		if c.key == key {
			return m, c
		}
	}
	t.Fatalf("%s: no candidate %q", tool, key)
	return nil, nil
}

// TestUsageRoom reads how many positionals a usage takes on captured help:
// racon's three, the most of barrnap's forms ("chr.fa", "< chr.fa");
// none to go by when a place repeats (sambamba slice's regions), names
// several things (kallisto's FASTQ-files, kraken2's <filename(s)>, rsem's
// upstream_read_file(s)) or the usage shows no positional at all (seqkit
// stats [flags]).
func TestUsageRoom(t *testing.T) {
	for _, c := range []struct {
		tool, key string
		room      int
		ok        bool
	}{
		{"racon", "racon", 3, true},
		{"mosdepth", "mosdepth", 2, true},
		{"comm", "comm", 2, true},
		{"barrnap", "barrnap", 1, true},
		{"fasterq-dump", "fasterq-dump", 1, true},
		{"rsem-calculate-expression", "rsem-calculate-expression", 0, false},
		{"sambamba", "slice", 0, false},
		{"kallisto", "quant", 0, false},
		{"kraken2", "kraken2", 0, false},
		{"seqkit", "stats", 0, false},
		{"md5sum", "md5sum", 0, false},
	} {
		m, cand := candidateFor(t, c.tool, c.key, "x")
		room, lines, ok := m.usageRoom(cand)
		if room != c.room || ok != c.ok || ok && len(lines) == 0 {
			t.Errorf("%s %s: room %d %v (%q), want %d %v", c.tool, c.key, room, ok, lines, c.room, c.ok)
		}
	}
}

// TestShapeMismatches: a positional past the usage, a task value written
// more often than the task gives it, and files of two kinds in one list
// of the usage's places make the command uncertain
// with a line that names the extra item; switches bundled as one word, a
// word after a switch in an example's order and one value in two
// different places of the usage are not counted.
func TestShapeMismatches(t *testing.T) {
	for _, c := range []struct {
		tool, key, task string
		f               Fill
		want            string
	}{
		{"racon", "racon", "polish c.fa with r.fq and a.sam into out.fa",
			Fill{Positionals: []string{"r.fq", "a.sam", "c.fa", "out.fa"}}, "out.fa is beyond the 3 positionals the usage takes (racon [options ...] <sequences> <overlaps> <target sequences>)"},
		{"mosdepth", "mosdepth", "depth of s.bam on chr2, prefix s_chr2",
			Fill{Positionals: []string{"s_chr2", "s.bam", "chr2"}}, "chr2 is beyond the 2 positionals"},
		{"comm", "comm", "lines common to a.txt and b.txt",
			Fill{Positionals: []string{"-12", "a.txt", "b.txt"}}, ""},
		{"bedtools", "getfasta", "sequences of r.bed from g.fa into r.fa",
			Fill{Example: &Example{}, Flags: []FlagValue{{Name: "-fi", Value: "g.fa", HasValue: true}, {Name: "-fo"}}, Positionals: []string{"r.fa"}, Order: []string{"f0", "f1", "p0"}}, ""},
		// a word after a switch is counted when the command was built
		// from the help: it wrote the switch before the positionals
		{"hmmsearch", "hmmsearch", "search p.hmm against s.faa with GA cutoffs, table d.tbl",
			Fill{Example: &Example{}, Flags: []FlagValue{{Name: "--cut_ga"}}, Positionals: []string{"p.hmm", "s.faa", "d.tbl"}, Order: []string{"f0", "p0", "p1", "p2"}}, ""},
		{"hmmsearch", "hmmsearch", "search p.hmm against s.faa with GA cutoffs, table d.tbl",
			Fill{Flags: []FlagValue{{Name: "--cut_ga"}}, Positionals: []string{"p.hmm", "s.faa", "d.tbl"}, Order: []string{"f0", "p0", "p1", "p2"}}, "d.tbl is beyond the 2 positionals"},
		{"tabix", "tabix", "index d.tsv.gz, sequence name in column 1, start column 2",
			Fill{Flags: []FlagValue{{Name: "-s", Value: "1", HasValue: true}, {Name: "-b", Value: "2", HasValue: true}, {Name: "-S", Value: "1", HasValue: true}}, Positionals: []string{"d.tsv.gz"}}, "1 is written 2 times; the task gives it once"},
		{"sambamba", "slice", "copy chr1 of a.bam into c.bam",
			Fill{Flags: []FlagValue{{Name: "-o", Value: "c.bam", HasValue: true}}, Positionals: []string{"a.bam", "chr1", "chr1"}}, "chr1 is written 2 times"},
		{"shuf", "shuf", "print the numbers 1 to 10 in random order",
			Fill{Flags: []FlagValue{{Name: "-i", Value: "1-10", HasValue: true}, {Name: "-n", Value: "10", HasValue: true}}}, "10 is written 2 times; the task gives it once"},
		{"shuf", "shuf", "print the numbers 1 to 10 in random order",
			Fill{Flags: []FlagValue{{Name: "-i", Value: "1-10", HasValue: true}}}, ""},
		{"mmseqs", "createtsv", "write the clusters clusterDB of seqDB to c.tsv",
			Fill{Positionals: []string{"seqDB", "seqDB", "clusterDB", "c.tsv"}}, ""},
		// one list of the usage's places ("input_file1 [input_file2]
		// ...") takes one kind of file
		{"featureCounts", "featureCounts", "count a.bam and b.bam with g.gtf using the genome g.fa",
			Fill{Positionals: []string{"a.bam", "b.bam", "g.fa"}}, "g.fa is not of the kind of a.bam, though the two share the list <input_file2>"},
		{"featureCounts", "featureCounts", "count a.bam and b.sam with g.gtf",
			Fill{Positionals: []string{"a.bam", "b.sam"}}, ""},
	} {
		m, cand := candidateFor(t, c.tool, c.key, c.task)
		got := strings.Join(m.shapeMismatches(&c.f, cand), "; ")
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s %s: %q, want %q", c.tool, c.key, got, c.want)
		}
	}
	if isAre(2) != "are" || plural(1) != "" || times(2) != "2 times" {
		t.Error("wording helpers")
	}
}

// TestShapeMismatchMakesUncertain: on the captured help of tabix, a
// number written twice for one the task gives makes the rule-built
// command uncertain, and the fill says why. On mosdepth's, whose usage
// has no place for a region, the region goes to --chrom instead of past
// the usage.
func TestShapeMismatchMakesUncertain(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get("mosdepth")
	mos := &ToolRecord{Name: "mosdepth", Executable: "mosdepth"}
	f := MapTask(builtinRules, mos, goldenDoc(t, "mosdepth"), sk, "depth of tumor.bam on chr5 only, mapping quality at least 30; output prefix t_chr5")
	if got := Assemble(mos, f).Display; !strings.Contains(got, "-c chr5") || strings.HasSuffix(got, " chr5") || strings.Contains(strings.Join(f.Mismatched, "; "), "beyond") {
		t.Errorf("mosdepth: %q, mismatched %q", got, f.Mismatched)
	}
	for _, c := range []struct{ tool, task, want string }{
		{"tabix", "index the bgzipped table t.tsv.gz with sequence names in column 1, starts in column 2 and ends in column 3, skipping lines starting with #", "1 is written 2 times"},
	} {
		rec := &ToolRecord{Name: c.tool, Executable: c.tool}
		sk, _ := store.Get(c.tool)
		f := MapTask(builtinRules, rec, goldenDoc(t, c.tool), sk, c.task)
		if !f.Uncertain || !strings.Contains(strings.Join(f.Mismatched, "; "), c.want) {
			t.Errorf("%s: uncertain %v, mismatched %q, want %q\n%s", c.tool, f.Uncertain, f.Mismatched, c.want, Assemble(rec, f).Display)
		}
	}
}

// TestOutputToTheFlagWhoseDefaultIsOfItsKind: a task output no output flag
// takes goes to the file flag whose default name has its extension
// (bgzip -I "[file.gz.gzi]"), not to standard output; samtools faidx's
// --fai-idx and --gzi-idx are told apart by their defaults, and an
// extension no default has finds none.
func TestOutputToTheFlagWhoseDefaultIsOfItsKind(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	rec := &ToolRecord{Name: "bgzip", Executable: "bgzip"}
	sk, _ := store.Get("bgzip")
	f := MapTask(builtinRules, rec, goldenDoc(t, "bgzip"), sk, "compress calls.vcf and save its BGZF index as calls.gzi")
	if got := Assemble(rec, f).Display; got != "bgzip -I calls.gzi -i calls.vcf" {
		t.Errorf("bgzip: %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	_, c := candidateFor(t, "samtools", "faidx", "x")
	for path, want := range map[string]string{"my.fai": "--fai-idx", "ref.gzi": "--gzi-idx", "ref.txt": "", "x": ""} {
		fd, _ := extensionFlagFor(c, path, map[string]bool{})
		if fd.Name != want {
			t.Errorf("faidx %s: %q, want %q", path, fd.Name, want)
		}
	}
	if fd, _ := extensionFlagFor(c, "my.fai", map[string]bool{"--fai-idx": true}); fd.Name != "" {
		t.Errorf("a used flag taken again: %s", fd.Name)
	}
}
