package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/traitome/oxo-call/skills"
)

// capturedMapper is a mapper on a tool's captured help (golden) and its
// built-in skill.
func capturedMapper(t *testing.T, tool, task string) *mapper {
	t.Helper()
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	doc := goldenDoc(t, tool)
	sk, _ := st.Get(tool)
	return newMapper(builtinRules, &doc.Record, doc, sk, task)
}

// chosen is the key of the candidate choose picks, and its runner-up.
func chosen(t *testing.T, tool, task string) (best, second string, m *mapper) {
	t.Helper()
	m = capturedMapper(t, tool, task)
	c, _ := m.choose()
	for _, e := range m.evidence {
		if r, ok := strings.CutPrefix(e, "runner-up: "); ok {
			second, _, _ = strings.Cut(r, " (")
		}
	}
	return c.key, second, m
}

func TestJobTextLeavesOutStateWords(t *testing.T) {
	for task, want := range map[string]string{
		"show how many reads map to each chromosome in the indexed file aln.sorted.bam": "show how many reads map to each chromosome in the file",
		"add mate tags in the name-sorted namesorted.bam, writing fixmate.bam":          "add mate tags in the writing",
		"index the sorted, deduplicated aln.bam":                                        "index the",
		"为 bgzip 压缩的 BED 文件 peaks.bed.gz 建立 tabix 索引":                                   "为 bgzip bed 文件 建立 tabix 索引",
		// After "a" the participle is what the task asks for.
		"sort aln.bam into a coordinate-sorted BAM": "sort into a coordinate-sorted bam",
		"use the existing index built":              "use the existing index",
	} {
		m := newMapper(builtinRules, samRec, nil, nil, task)
		if got := strings.TrimSpace(m.jobText()); got != want {
			t.Errorf("%q: jobText %q, want %q", task, got, want)
		}
	}
}

// A participle that only says what state a file is in points to no
// subcommand: samtools and bcftools on their captured help.
func TestChooseIgnoresStateOfFiles(t *testing.T) {
	// (the state word would choose the subcommand in the comment)
	wantChosen(t, []chooseCase{
		{"samtools", "show how many reads map to each chromosome in the indexed file aln.sorted.bam", "idxstats"},                      // not index
		{"samtools", "add mate score tags and fix mate information in the name-sorted namesorted.bam, writing fixmate.bam", "fixmate"}, // not sort
		{"bcftools", "show the records of the indexed file calls.vcf.gz in region chr20:1000000-2000000", "view"},                      // not index
		// Chinese: 压缩的 describes the file; the task asks for tabix's index.
		{"tabix", "为 bgzip 压缩的 BED 文件 peaks.bed.gz 建立 tabix 索引", "tabix"}, // not bgzip
	})
	// Said as the job, the same words still choose their subcommand.
	wantChosen(t, []chooseCase{
		{"samtools", "index aln.sorted.bam", "index"},
		{"samtools", "sort aln.bam by read name into namesorted.bam", "sort"},
		{"tabix", "用 bgzip 压缩 peaks.bed", "bgzip"},
	})
}

// chooseCase is a task and the candidate choose must pick for it.
type chooseCase struct{ tool, task, want string }

// wantChosen checks the candidate choose picks for each case on the
// tool's captured help and built-in skill.
func wantChosen(t *testing.T, cases []chooseCase) {
	t.Helper()
	for _, c := range cases {
		if got, _, m := chosen(t, c.tool, c.task); got != c.want {
			t.Errorf("%s %q: chose %q, want %q\n%s", c.tool, c.task, got, c.want, strings.Join(m.evidence, "\n"))
		}
	}
}

func TestSplitName(t *testing.T) {
	for name, want := range map[string]string{
		"CollectHsMetrics": "collect hs metrics",
		"hisat2-build":     "hisat 2 build",
		"split2":           "split 2",
		"flagstat":         "flagstat",
		"merge_metaphlan":  "merge metaphlan",
		"":                 "",
	} {
		if got := strings.Join(splitName(name), " "); got != want {
			t.Errorf("splitName(%q) = %q, want %q", name, got, want)
		}
	}
}

// A task word that begins or ends a name ("search" of hmmsearch, "flag"
// of flagstat) names the candidate, on captured help of hmmsearch and
// sambamba.
func TestChooseByPartOfTheName(t *testing.T) {
	got, second, m := chosen(t, "hmmsearch", "annotate domains: search Pfam-A.hmm against genes.faa with 8 CPUs, per-domain table to genes.domtblout")
	if got != "hmmsearch" || second != "hmmscan" {
		t.Errorf("chose %q over %q, want hmmsearch over hmmscan\n%s", got, second, strings.Join(m.evidence, "\n"))
	}
	if !slices.ContainsFunc(m.evidence, func(e string) bool { return strings.Contains(e, `"search" in the task is part of its name`) }) {
		t.Errorf("no name-part evidence:\n%s", strings.Join(m.evidence, "\n"))
	}
	// The runner-up is recorded with both scores and what spoke for it.
	if !slices.ContainsFunc(m.evidence, func(e string) bool {
		return strings.HasPrefix(e, "runner-up: hmmscan (score ") && strings.Contains(e, " vs ") && strings.Contains(e, `skill keyword "annotate domains"`)
	}) {
		t.Errorf("no runner-up line:\n%s", strings.Join(m.evidence, "\n"))
	}
	if got, _, m := chosen(t, "sambamba", "print flag statistics for aln.bam"); got != "flagstat" {
		t.Errorf("sambamba: chose %q, want flagstat\n%s", got, strings.Join(m.evidence, "\n"))
	}
	// Short words and the whole name are not parts; a companion's part
	// shared with the tool's own name says nothing for it.
	m = capturedMapper(t, "hmmsearch", "scan the hmm database")
	for _, c := range m.candidates() {
		parts := m.nameParts(c)
		if c.key == "hmmscan" && len(parts) != 1 || c.key != "hmmscan" && len(parts) != 0 {
			t.Errorf("%s: name parts %v", c.key, parts)
		}
	}
}

// A two-word phrase of a subcommand's help description in the task
// chooses it: diamond's linclust ("in linear time"), bcftools' mpileup
// ("producing genotype likelihoods").
func TestChooseByDescriptionPhrase(t *testing.T) {
	for _, c := range []struct{ tool, task, want, phrase string }{
		{"diamond", "linear-time clustering of big.faa with 80% member coverage, output big_clusters.tsv", "linclust", "linear time"},
		{"bcftools", "compute genotype likelihoods for aln.bam against the reference ref.fa and write them as compressed BCF to pileup.bcf", "mpileup", "genotype likelihood"},
		{"samtools", "fix the mate information of namesorted.bam into fixed.bam", "fixmate", "mate information"},
	} {
		got, _, m := chosen(t, c.tool, c.task)
		if got != c.want {
			t.Errorf("%s %q: chose %q, want %q\n%s", c.tool, c.task, got, c.want, strings.Join(m.evidence, "\n"))
		}
		// the evidence quotes the phrase as matched: stemmed ("linear tim")
		phrase := strings.Join(slices.Collect(func(yield func(string) bool) {
			for _, w := range strings.Fields(c.phrase) {
				yield(stem(w))
			}
		}), " ")
		if !slices.ContainsFunc(m.evidence, func(e string) bool { return strings.Contains(e, phrase) }) {
			t.Errorf("%s: no evidence of the phrase %q:\n%s", c.tool, c.phrase, strings.Join(m.evidence, "\n"))
		}
	}
	if got := bigrams("Cluster protein sequences in linear time"); !got["linear "+stem("time")] || got[stem("sequence")+" linear"] || !got["protein "+stem("sequences")] {
		t.Errorf("bigrams: %v", got)
	}
	if got := bigrams("排序 a"); len(got) != 0 {
		t.Errorf("bigrams of Chinese: %v", got)
	}
}

// A skill keyword inside another candidate's longer keyword, both in the
// task, counts for the longer one only.
func TestShadowedKeyword(t *testing.T) {
	spans := []keywordSpan{{"mpileup", 9, 30}, {"call", 9, 17}, {"view", 40, 44}}
	if got := shadowed(spans, "call", 9, 17); got != "mpileup" {
		t.Errorf("call's keyword shadowed by %q, want mpileup", got)
	}
	if got := shadowed(spans, "mpileup", 9, 30); got != "" {
		t.Errorf("the longer keyword is shadowed by %q", got)
	}
	if got := shadowed(spans, "view", 40, 44); got != "" {
		t.Errorf("a keyword elsewhere is shadowed by %q", got)
	}
	m := capturedMapper(t, "bcftools", "compute genotype likelihoods for aln.bam against ref.fa into pileup.bcf")
	cands := m.candidates()
	m.score(cands)
	for _, c := range cands {
		if c.key == "call" && !slices.ContainsFunc(c.why, func(e string) bool { return strings.Contains(e, `inside "mpileup"'s longer one`) }) {
			t.Errorf("call's keyword not shadowed: %s", strings.Join(c.why, "; "))
		}
	}
	// No skill: no spans.
	if got := newMapper(builtinRules, samRec, nil, nil, "sort").keywordSpans(nil); got != nil {
		t.Errorf("spans without a skill: %v", got)
	}
}

// A task word built on a subcommand's name names it ("histogram" for
// jellyfish histo, "re-pair" for seqkit pair, "normalize" for bcftools
// norm), on the tools' captured help; an inflection, a derivation or
// another subcommand's name does not.
func TestChooseByWordBuiltOnName(t *testing.T) {
	for _, c := range []struct{ tool, task, want, word string }{
		{"jellyfish", "draw a histogram of the k-mer counts in mer.jf into mer.histo", "histo", "histogram"},
		{"seqkit", "re-pair r1.fq and r2.fq into the folder out", "pair", "re-pair"},
		{"bcftools", "normalize indels of in.vcf.gz against ref.fa into out.vcf.gz", "norm", "normalize"},
		// Two words written as one name.
		{"macs2", "pile up the fragments of chip.bam into chip.bdg", "pileup", "pile up"},
	} {
		got, _, m := chosen(t, c.tool, c.task)
		if got != c.want || !slices.ContainsFunc(m.evidence, func(e string) bool {
			return strings.Contains(e, fmt.Sprintf("%q in the task is built on its name", c.word))
		}) {
			t.Errorf("%s %q: chose %q, want %q named by %q\n%s", c.tool, c.task, got, c.want, c.word, strings.Join(m.evidence, "\n"))
		}
	}
	for _, c := range []struct{ tool, task, sub string }{
		{"samtools", "view the reads of the sorting result x.bam", "sort"},   // inflection
		{"seqkit", "rename the headers of a.fa into b.fa", "head"},           // derivation
		{"mmseqs", "clustering of seqDB into clu with tmp dir tmp", "clust"}, // derivation
		{"samtools", "flagstat aln.bam", "flags"},                            // another subcommand
		{"seqkit", "split the multi-pair reads of r.fq", "pair"},             // a word, not a prefix
		{"seqkit", "x-pair r1.fq", "pairs"},                                  // not the name
	} {
		m := capturedMapper(t, c.tool, c.task)
		names := map[string]bool{}
		var cand *candidate
		for _, x := range m.candidates() {
			names[strings.ToLower(x.key)] = true
			if x.key == c.sub {
				cand = x
			}
		}
		if cand == nil {
			cand = &candidate{exe: c.tool, sub: []string{c.sub}, key: c.sub}
		}
		if ws := m.nameWords(cand, names); len(ws) > 0 {
			t.Errorf("%s %q: %v name %s", c.tool, c.task, ws, c.sub)
		}
	}
	// Two words that end a name are a part of it: "pile up" of mpileup.
	if got, _, m := chosen(t, "bcftools", "pile up reads.bam against ref.fa"); got != "mpileup" || !slices.ContainsFunc(m.evidence, func(e string) bool {
		return strings.Contains(e, `"pileup" in the task is part of its name`)
	}) {
		t.Errorf("bcftools: chose %q\n%s", got, strings.Join(m.evidence, "\n"))
	}
	if ws := capturedMapper(t, "seqkit", "pair r1.fq").nameWords(&candidate{exe: "seqkit", key: "seqkit"}, nil); ws != nil {
		t.Errorf("the tool itself: %v", ws)
	}
}

// When the runner-up comes within close_call of the choice and no task
// word names either, the command is uncertain and names what is missing,
// on the captured help of sambamba, bedtools and seqkit; a word naming
// the choice settles it.
func TestUnnamedCloseCallIsUncertain(t *testing.T) {
	st, errs := skills.Load(nil, skills.Builtin())
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	run := func(tool, task string) *Fill {
		doc := goldenDoc(t, tool)
		sk, _ := st.Get(tool)
		return MapTask(builtinRules, &doc.Record, doc, sk, task)
	}
	for _, c := range []struct{ tool, task, between string }{
		{"sambamba", "get the reads of chr2 from aln.bam into chr2.bam", "sambamba view and sambamba slice"},
		{"bedtools", "regions of a.bed near b.bed within 1000 bp", "bedtools slop and bedtools complement"},
		{"seqkit", "take the records of a.fa whose ids are in ids.txt, save to b.fa", "seqkit grep and seqkit rmdup"},
	} {
		f := run(c.tool, c.task)
		if !f.Uncertain || !slices.Contains(f.Missing, fmt.Sprintf("missing: a word of the task that chooses between %s (they score within %g of each other and no word names either)", c.between, sc.Choose.CloseCall)) {
			t.Errorf("%s %q: uncertain %v, missing %q\n%s", c.tool, c.task, f.Uncertain, f.Missing, strings.Join(f.Evidence, "\n"))
		}
	}
	// Named alike, by one part of both names at one score ("read"), from
	// the help alone: a guess as well.
	doc := goldenDoc(t, "PicardCommandLine")
	f := MapTask(builtinRules, &doc.Record, doc, nil, "用 Picard 给 lib3_aligned.bam 加 read group,输出 lib3_rg.bam")
	if !f.Uncertain || !slices.ContainsFunc(f.Missing, func(s string) bool {
		return strings.Contains(s, "chooses between PicardCommandLine CalculateReadGroupChecksum and PicardCommandLine AddOrReplaceReadGroups")
	}) {
		t.Errorf("picard: uncertain %v, missing %q\n%s", f.Uncertain, f.Missing, strings.Join(f.Evidence, "\n"))
	}
	// A word only one of them's flags say (the platform ILLUMINA of
	// AddOrReplaceReadGroups' RGPL) settles it.
	f = MapTask(builtinRules, &doc.Record, doc, nil, "用 Picard 给 lib3_aligned.bam 加 read group:ID=lib3,SM=patient7,PL=ILLUMINA,LB=lib3,PU=unit1,输出 lib3_rg.bam")
	if got := Assemble(&doc.Record, f).Display; !strings.HasPrefix(got, "PicardCommandLine AddOrReplaceReadGroups ") || !hasEvidence(f, `its flags' help says "illumina"`) {
		t.Errorf("picard read group: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// The word the task opens on opens one of the names: no guess.
	f = MapTask(builtinRules, &doc.Record, doc, nil, "sort in.bam by read name (queryname) and save as namesorted.bam")
	if got := Assemble(&doc.Record, f).Display; !strings.HasPrefix(got, "PicardCommandLine SortSam ") || !hasEvidence(f, `"sort" opens both the task and its name`) {
		t.Errorf("picard sort: got %q\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	// Named, the same job is no guess.
	f = run("sambamba", "slice the reads of chr2 from aln.bam into chr2.bam")
	if slices.ContainsFunc(f.Missing, func(s string) bool { return strings.Contains(s, "chooses between") }) {
		t.Errorf("named: missing %q", f.Missing)
	}
}

// A task word that spells out a flag's name of parts or with a digit
// ("super5", "paired-end", "very sensitive local") favours the examples
// that use that flag, on muscle's and bowtie2's captured help; the
// longest flag spelled over the same words wins, and a plain word
// ("output") or a file kind names no flag.
func TestExampleByNamedFlag(t *testing.T) {
	for _, c := range []struct{ tool, task, flag string }{
		{"muscle", "用 super5 比对 many.fa，输出 many.afa", "-super5"},
		{"muscle", "align the thousands of sequences in many.fa with super5 into many.afa", "-super5"},
		{"bowtie2", "align r1.fq and r2.fq to the index hg_idx in very sensitive local mode, output out.sam", "--very-sensitive-local"},
	} {
		m := capturedMapper(t, c.tool, c.task)
		cand, _ := m.choose()
		ex := m.chooseExample(cand)
		if ex == nil || !slices.Contains(ex.args, c.flag) {
			t.Errorf("%s %q: example %v, want one with %s\n%s", c.tool, c.task, ex, c.flag, strings.Join(m.evidence, "\n"))
		}
	}
	m := capturedMapper(t, "bowtie2", "align r.fq to the index hg_idx, very sensitive local mode, output out.sam")
	if got := m.namedFlags([]string{"--very-sensitive", "--very-sensitive-local", "-x", "--output", "--very-sensitive-local"}); !slices.Equal(got, []string{"--very-sensitive-local"}) {
		t.Errorf("namedFlags = %v", got)
	}
	m = capturedMapper(t, "muscle", "用 GFF3 注释 align the sequences, output to out.afa")
	if got := m.namedFlags([]string{"-output", "-gff3", "-super5"}); len(got) > 0 {
		t.Errorf("plain words name %v", got)
	}
}

// A flag of the command named by the task only in part, where the help
// has a flag of fewer parts, the named ones among them, leaves the choice
// between the two to a word the task lacks: vsearch --uchime3_denovo
// beside --uchime_denovo, bedtools getfasta -nameOnly beside -name, on
// their captured help. A flag named whole (its parts apart or run
// together in one word), or one whose shorter sibling has a part it
// lacks, is no tie.
func TestFlagNamedInPartIsUncertain(t *testing.T) {
	for _, c := range []struct {
		tool, task string
		flags      []FlagValue
		tie        string
	}{
		{"vsearch", "find chimeras de novo in zotus.fa", []FlagValue{{Name: "--uchime3_denovo", Value: "zotus.fa", HasValue: true}}, "--uchime3_denovo and --uchime_denovo"},
		{"bedtools", "extract the sequences of the regions in a.bed from g.fa, named by the name column", []FlagValue{{Name: "-fi"}, {Name: "-nameOnly"}}, "-nameOnly and -name"},
		{"bedtools", "extract the sequences of the regions in a.bed from g.fa, name only", []FlagValue{{Name: "-nameOnly"}}, ""},
		{"vsearch", "find chimeras with uchime3 de novo in zotus.fa", []FlagValue{{Name: "--uchime3_denovo"}}, ""},
		// parts written together in one word of the task ("UCHIME3")
		{"vsearch", "de novo chimera detection (UCHIME3) on zotus.fa", []FlagValue{{Name: "--uchime3_denovo"}}, ""},
	} {
		m := capturedMapper(t, c.tool, c.task)
		cand, _ := m.choose()
		if c.tool == "bedtools" {
			for _, x := range m.candidates() {
				if x.key == "getfasta" {
					cand = x
				}
			}
		}
		f := &Fill{Flags: c.flags}
		m.flagTie(f, cand)
		want := []string(nil)
		if c.tie != "" {
			want = []string{"missing: a word of the task that chooses between " + c.tie}
		}
		if len(f.Missing) != len(want) || len(want) > 0 && !strings.HasPrefix(f.Missing[0], want[0]) {
			t.Errorf("%s %q: missing %q, want %q", c.tool, c.task, f.Missing, want)
		}
	}
}

// Without a skill, a subcommand's one-line description chooses it: the
// task's words it says that few other descriptions say ("extract …
// sequences"), the kinds of the task's inputs it names when few others
// do, and a description that names only kinds none of the task's files
// is counts against it. The tool itself, whose description speaks for
// every subcommand, and a description word of the name are not counted.
func TestChooseByDescriptionWords(t *testing.T) {
	rec := &ToolRecord{Name: "tk", Executable: "tk", Installed: true}
	doc := &ToolDoc{Record: *rec, Description: "tk: extract, sort and merge sequences and alignments", Subcommands: []SubcommandDoc{
		{Name: "sortgff", Description: "Sorts a gff3 file", Parser: "getopt"},
		{Name: "sortaln", Description: "Sorts a SAM, BAM or CRAM file", Parser: "getopt"},
		{Name: "getseq", Description: "Use intervals to extract sequences from a FASTA file", Parser: "getopt"},
		{Name: "complement", Description: "Extract intervals not represented by a file", Parser: "getopt"},
		{Name: "stats", Description: "Statistical summary of intervals", Parser: "getopt"},
		{Name: "merge", Description: "Merge overlapping intervals", Parser: "getopt"},
		{Name: "window", Description: "Make windows across a genome", Parser: "getopt"},
	}}
	for task, want := range map[string]string{
		"sort aln.bam by coordinate into aln.sorted.bam":                       "sortaln",
		"extract the sequences of the intervals in regions.bed from genome.fa": "getseq",
		"sort genes.gff3 by position into sorted.gff3":                         "sortgff",
	} {
		m := newMapper(builtinRules, rec, doc, nil, task)
		c, _ := m.choose()
		if got := strings.Join(c.sub, " "); got != want {
			t.Errorf("%q: chose %q, want %q\n%s", task, got, want, strings.Join(m.evidence, "\n"))
		}
	}
	// the tool itself is not chosen by the words its description shares
	m := newMapper(builtinRules, rec, doc, nil, "extract sequences and alignments")
	root := &candidate{exe: "tk", desc: doc.Description}
	if ws, ks, other := m.descriptionTerms(root, map[string]bool{"extract": true, "sequenc": true}); ws != nil || ks != nil || other != "" {
		t.Errorf("the tool itself: %v %v %q", ws, ks, other)
	}
	if got := quoteJoin([]string{"a", "b"}); got != `"a", "b"` {
		t.Errorf("quoteJoin: %s", got)
	}
}

// A subcommand's name after a bound ("a minimum depth of 5") is a setting
// of the job, not the job: the task asks for a consensus.
func TestChooseSettingNounIsNoJob(t *testing.T) {
	wantChosen(t, []chooseCase{
		{"samtools", "make a consensus of virus.bam, requiring a minimum depth of 5, and write it to virus.fa", "consensus"},
		// Said as the job, the name still chooses.
		{"samtools", "compute the depth at every position of aln.bam", "depth"},
	})
}

// TestModifiesOther: a subcommand's name the task writes only before a
// word naming another subcommand ("a k-mer count histogram") qualifies
// it, and does not name its own subcommand; one written elsewhere does.
func TestModifiesOther(t *testing.T) {
	names := map[string]bool{"count": true, "histo": true, "dump": true}
	rec := &ToolRecord{Name: "jellyfish", Executable: "jellyfish"}
	for _, c := range []struct {
		task, name string
		want       bool
	}{
		{"make a k-mer count histogram from reads.jf", "count", true},
		{"make a k-mer count histo from reads.jf", "count", true},
		{"count the k-mers of reads.fa, then a histogram", "count", false},
		{"a count histogram, then count again", "count", false},
		{"make a k-mer count histogram from reads.jf", "histo", false},
		{"write the dump", "dump", false},
	} {
		m := newMapper(builtinRules, rec, nil, nil, c.task)
		if got := m.modifiesOther(c.name, names); got != c.want {
			t.Errorf("%q %s: %v, want %v", c.task, c.name, got, c.want)
		}
	}
	checkCommands(t, "jellyfish", nil, taskCommand{"make a k-mer count histogram from reads.jf with 8 threads, save it to reads.histo", "jellyfish histo -o reads.histo -t 8 reads.jf"})
}

// TestExtensionNamePart: a subcommand name that words of the task
// part-name and that begins or ends with the extension of a file the
// task reads is named by that file too (macs2 bdgpeakcall for "call
// peaks from x.bdg"); a name no task word part-names gains nothing.
func TestExtensionNamePart(t *testing.T) {
	checkCommands(t, "macs2", nil, taskCommand{"call peaks from the score track x.bdg with cutoff 2 and write y.bed", "macs2 bdgpeakcall -i x.bdg -o y.bed -c 2"})
	m := newMapper(builtinRules, &ToolRecord{Name: "macs2", Executable: "macs2"}, nil, nil, "compare the tracks in x.bdg")
	if ps := m.nameParts(&candidate{exe: "macs2", sub: []string{"bdgpeakcall"}, key: "bdgpeakcall"}); len(ps) != 0 {
		t.Errorf("parts %v", ps)
	}
}

// TestExplainedWordNotTheName: a word the example's explanation ties to a
// flag keeps the flag only when it is no part of the subcommand's name:
// "peak" of bdgpeakcall's "-g maximum gap merged inside a peak" is in
// every task of the subcommand.
func TestExplainedWordNotTheName(t *testing.T) {
	store, _ := skills.Load(nil, skills.Builtin())
	sk, _ := store.Get("macs2")
	rec := &ToolRecord{Name: "macs2", Executable: "macs2"}
	f := MapTask(builtinRules, rec, goldenDoc(t, "macs2"), sk, "call peaks from the score track x_FE.bdg with cutoff 2 and write y_peaks.bed")
	if got := Assemble(rec, f).Display; got != "macs2 bdgpeakcall -i x_FE.bdg -c 2 -o y_peaks.bed" {
		t.Errorf("got %s\n%s", got, strings.Join(f.Evidence, "\n"))
	}
	m := newMapper(builtinRules, rec, nil, nil, "x")
	m.cand = &candidate{exe: "macs2", sub: []string{"bdgpeakcall"}, key: "bdgpeakcall"}
	if !m.inCandidateName("peak") || m.inCandidateName("gap") {
		t.Error("inCandidateName")
	}
}

// TestAttributiveToolName: the tool's name written only right before a
// name marker ("a HISAT2 index") says whose index, not which program
// runs: the companion the task part-names is chosen.
func TestAttributiveToolName(t *testing.T) {
	checkCommands(t, "hisat2", nil, taskCommand{"build a HISAT2 index with base name g_idx from g.fa", "hisat2-build g.fa g_idx"})
	rec := &ToolRecord{Name: "hisat2", Executable: "hisat2"}
	for tk, want := range map[string]bool{
		"build a HISAT2 index from g.fa":            true,
		"run hisat2 with the hisat2 index idx":      false,
		"align r.fq with hisat2, index idx":         false,
		"align r.fq to the hisat2 database, hisat2": false,
	} {
		if got := newMapper(builtinRules, rec, nil, nil, tk).attributive("hisat2"); got != want {
			t.Errorf("%q: %v, want %v", tk, got, want)
		}
	}
}
