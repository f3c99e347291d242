package rules

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestBuiltinVocabTables(t *testing.T) {
	v := BuiltinVocab()
	for ext, want := range map[string]string{"bam": "bam", "fq": "fastq", "narrowpeak": "bed", "bcf.csi": "index", "gz": "gz", "r": "script"} {
		if got, ok := v.KindOf(ext); !ok || got != want {
			t.Errorf("KindOf(%q) = %q, %v; want %q", ext, got, ok, want)
		}
	}
	if _, ok := v.KindOf("docx"); ok {
		t.Error("docx has no kind")
	}
	for kind, fam := range map[string]string{"bam": "alignment-reads", "cram": "alignment-reads", "table": "text", "alignment": "fasta", "gz": "file", "vcf": "vcf", "unknown": "unknown"} {
		if got := v.Family(kind); got != fam {
			t.Errorf("Family(%q) = %q, want %q", kind, got, fam)
		}
	}
	if !v.Reference("fasta") || !v.Reference("index") || v.Reference("fastq") || v.Reference("nope") {
		t.Error("Reference: fasta and index are read against, fastq is not")
	}
	if !v.Sequences("fasta") || !v.Sequences("fastq") || v.Sequences("bam") || v.Sequences("nope") {
		t.Error("Sequences: fasta and fastq hold sequences, bam does not")
	}
	if got := v.IndexSiblings("bam"); !slices.Equal(got, []string{"bai", "csi"}) {
		t.Errorf("IndexSiblings(bam) = %v", got)
	}
	if v.IndexSiblings("nope") != nil {
		t.Error("an unknown kind has no index siblings")
	}
	for name, want := range map[string][2]string{"r.fq.gz": {"gz", "r.fq"}, "c.vcf.bgz": {"bgz", "c.vcf"}, "a.gz": {"", "a.gz"}, "x.bam": {"", "x.bam"}} {
		z, rest := v.Compression(name)
		if z != want[0] || rest != want[1] {
			t.Errorf("Compression(%q) = %q, %q; want %q", name, z, rest, want)
		}
	}
	if got := v.CompressionSuffixes(); !slices.Contains(got, "gz") || !slices.Contains(got, "bz2") || slices.ContainsFunc(got, func(z string) bool { return strings.HasPrefix(z, ".") }) {
		t.Errorf("CompressionSuffixes() = %v", got)
	}
	if !v.Is("output_marker", "into") || !v.Is("output_marker", "输出到") || v.Is("output_marker", "from") || v.Is("no_such_class", "into") {
		t.Error("Is: output markers, English words and Chinese endings")
	}
	if !v.Word("stop_word", "the") || v.Word("stop_word", "output") || v.Word("no_such_class", "the") {
		t.Error("Word: stop words")
	}
	if !v.Is("output_flag_name", "outdir") || v.Word("output_flag_name", "outdir") {
		t.Error("prefixes count for Is, not for Word")
	}
	if got := v.Suffixes("stem_ending"); !slices.Equal(got, []string{"ing", "es", "ed", "s", "e"}) {
		t.Errorf("stem endings keep their order: %v", got)
	}
	if v.Suffixes("nope") != nil || v.Words("nope") != nil {
		t.Error("an unknown class is empty")
	}
	if got := v.Words("thread_unit"); len(got) == 0 || got[0] != "个线程" {
		t.Errorf("Words keeps the rules' order: %v", got)
	}
	if !v.Mentions("name_flag_part", "--genomeDir") || !v.Mentions("name_flag_part", "the DB to search") || v.Mentions("name_flag_part", "dbsnp threads") {
		t.Error("Mentions: infixes anywhere, words on word boundaries, ignoring case")
	}
	if v.Mentions("nope", "anything") {
		t.Error("an unknown class mentions nothing")
	}
	if cs := v.Classes(); !slices.Contains(cs, "output_marker") || !slices.IsSorted(cs) {
		t.Errorf("Classes = %v", cs)
	}
}

// Every built-in entry is tested both ways, and no extension belongs to
// two built-in kinds.
func TestBuiltinDataEntriesAreTested(t *testing.T) {
	s, errs := Load(Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	owner := map[string]string{}
	for _, kind := range []string{"lexicon", "file_kinds"} {
		rs := s.Rules(kind)
		if len(rs) < 5 {
			t.Fatalf("%s: only %d rules", kind, len(rs))
		}
		for _, r := range rs {
			yes, no := 0, 0
			for _, tc := range r.Tests {
				if tc.Fires != nil && *tc.Fires {
					yes++
				} else if tc.Fires != nil {
					no++
				}
			}
			if yes == 0 || no == 0 {
				t.Errorf("%s: rule %s needs a sample that matches and one that does not (%d, %d)", r.Where(), r.ID, yes, no)
			}
			if ft, ok := r.Then.(*FileKindThen); ok {
				for _, e := range ft.Extensions {
					if o, dup := owner[e]; dup {
						t.Errorf("%s: extension %q is also listed by %s", r.Where(), e, o)
					}
					owner[e] = r.ID
				}
			}
		}
	}
	if len(owner) != 100 {
		t.Errorf("%d extensions, want the 99 Stage 3 knew and 2bit", len(owner))
	}
	// The set's tables are the built-in tables.
	sv, bv := s.Vocab(), BuiltinVocab()
	if !slices.Equal(sv.Classes(), bv.Classes()) || len(sv.ext) != len(bv.ext) {
		t.Error("Set.Vocab and BuiltinVocab differ")
	}
	if m, err := s.Eval("lexicon", &LexiconEnv{Word: "into"}); err != nil || len(m) == 0 {
		t.Errorf("Eval on a data kind: %v %v", m, err)
	}
	// An environment of another kind matches no data entry.
	for _, kind := range []string{"lexicon", "file_kinds"} {
		if m, err := s.Eval(kind, &AliasEnv{Tool: "into"}); err != nil || len(m) != 0 {
			t.Errorf("%s with a foreign environment: %v %v", kind, m, err)
		}
	}
}

func TestUserExtendsLexiconAndFileKinds(t *testing.T) {
	dir := writeUser(t, map[string]string{
		"lexicon/de.yaml": `- id: lexicon.output_marker.de
  description: German output words
  then: { class: output_marker, lang: en, words: [nach] }
  tests:
    - { given: { word: nach }, fires: true }
    - { given: { word: von }, fires: false }
- id: lexicon.stop_word.en
  description: replaces the built-in stop words
  then: { class: stop_word, lang: en, words: [bitte] }
  tests:
    - { given: { word: bitte }, fires: true }
`,
		"file_kinds/lab.yaml": `- id: file_kinds.lab_reads
  description: the lab's read files
  then: { kind: fastq, extensions: [rds], family: fastq }
  tests:
    - { given: { name: s1.rds.gz }, fires: true }
    - { given: { name: s1.rd }, fires: false }
- id: file_kinds.lab_compression
  description: the lab's compressor
  then: { compression: [lz4] }
  tests:
    - { given: { name: s1.fq.lz4 }, fires: true }
`,
	})
	s, errs := Load(Options{UserDir: dir})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, r := range s.RunTests("lexicon", "file_kinds") {
		if !r.Pass {
			t.Error(r.Msg)
		}
	}
	v := s.Vocab()
	if !v.Is("output_marker", "nach") || !v.Is("output_marker", "into") {
		t.Error("a user entry adds to a class")
	}
	if !v.Word("stop_word", "bitte") || v.Word("stop_word", "the") {
		t.Error("a user entry with a built-in's id replaces it")
	}
	if k, ok := v.KindOf("rds"); !ok || k != "fastq" || !v.Sequences(v.Family(k)) {
		t.Errorf("user extension: %q %v", k, ok)
	}
	if z, rest := v.Compression("s1.fq.lz4"); z != "lz4" || rest != "s1.fq" {
		t.Errorf("user compression: %q %q", z, rest)
	}
	if r, _ := s.Get("lexicon.stop_word.en"); r.Overrides == "" {
		t.Error("the override names the built-in it replaced")
	}
}

func TestDataKindErrorsNameFileLineAndID(t *testing.T) {
	cases := []struct{ file, body, want string }{
		{"lexicon/a.yaml", "- id: lexicon.x\n  when: 'true'\n  then: {class: c, lang: en, words: [a]}\n",
			"lexicon/a.yaml:2: rule lexicon.x: lexicon rules have no when"},
		{"lexicon/a.yaml", "- id: lexicon.x\n  then: {class: c, lang: fr, words: [a]}\n",
			`lexicon/a.yaml:2: rule lexicon.x: then.lang "fr" is not one of en, zh`},
		{"lexicon/a.yaml", "- id: lexicon.x\n  then: {class: Out Words, lang: en, words: [a]}\n",
			`rule lexicon.x: then.class "Out Words" must be lower-case`},
		{"lexicon/a.yaml", "- id: lexicon.x\n  then: {class: c, lang: en}\n",
			"rule lexicon.x: then lists no words"},
		{"lexicon/a.yaml", "- id: lexicon.x\n  then: {class: c, lang: en, words: [' a']}\n",
			"rule lexicon.x: then lists an empty word"},
		{"lexicon/a.yaml", "- id: lexicon.x\n  then: {class: c, lang: en, word: [a]}\n",
			`lexicon/a.yaml:2: rule lexicon.x: then: unknown key "word"`},
		{"lexicon/a.yaml", "- id: lexicon.x\n  then: {class: c, lang: en, words: [a]}\n  tests:\n    - { given: { wrd: a }, fires: true }\n",
			`lexicon/a.yaml:4: rule lexicon.x: test: unknown key "wrd"`},
		{"file_kinds/a.yaml", "- id: file_kinds.x\n  then: {kind: x, extensions: [.X]}\n",
			`file_kinds/a.yaml:2: rule file_kinds.x: then.extensions: ".X" must be lower case`},
		{"file_kinds/a.yaml", "- id: file_kinds.x\n  then: {extensions: [x]}\n",
			"rule file_kinds.x: then.kind is empty"},
		{"file_kinds/a.yaml", "- id: file_kinds.x\n  then: {kind: x}\n",
			"rule file_kinds.x: then.extensions is empty"},
		{"file_kinds/a.yaml", "- id: file_kinds.x\n  then: {kind: x, extensions: [x], index: [X]}\n",
			`then.index: "X" must be lower case`},
		{"file_kinds/a.yaml", "- id: file_kinds.x\n  then: {kind: x, compression: [gz]}\n",
			"rule file_kinds.x: a compression entry lists compression alone"},
		{"file_kinds/a.yaml", "- id: file_kinds.x\n  then: {compression: [g z]}\n",
			`then.compression: "g z" must be lower case`},
	}
	for _, c := range cases {
		dir := writeUser(t, map[string]string{c.file: c.body})
		_, errs := Load(Options{UserDir: dir, NoBuiltin: true})
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), c.want) {
			t.Errorf("%s:\n%s\nerrors = %v\nwant %q", c.file, c.body, errs, c.want)
		}
	}
}

// A failing inline test of a data entry names the file, the line and the rule.
func TestDataKindSelfTestFails(t *testing.T) {
	dir := writeUser(t, map[string]string{"lexicon/a.yaml": "- id: lexicon.x\n  then: {class: c, lang: en, words: [a], prefixes: [pre], infixes: [mid]}\n  tests:\n    - { given: { word: b }, fires: true }\n    - { given: { word: prefix }, fires: true }\n    - { given: { word: aMIDb }, fires: true }\n"})
	s, errs := Load(Options{UserDir: dir, NoBuiltin: true})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	res := s.RunTests("lexicon")
	if len(res) != 3 || res[0].Pass || !strings.Contains(res[0].Msg, "a.yaml:4: rule lexicon.x: fires = false, want true") || !res[1].Pass || !res[2].Pass {
		t.Fatalf("%+v", res)
	}
	// A set with no data rules has empty tables, not the built-in ones.
	if v := s.Vocab(); v.Is("output_marker", "into") || v.Family("bam") != "bam" {
		t.Error("tables come from the set's own rules")
	}
}

func BenchmarkBuiltinVocab(b *testing.B) {
	for b.Loop() {
		s := newSet()
		if errs := s.loadBuiltinData(); len(errs) > 0 {
			b.Fatal(errs)
		}
		if v := s.Vocab(); !v.Is("output_marker", "into") {
			b.Fatal("no tables")
		}
	}
}

// TestVocabValueOf checks that a word of an entry with a value stands for
// it (an ordinal, a separator character), that a word of an entry without
// one and a class that does not exist give none.
func TestVocabValueOf(t *testing.T) {
	v := BuiltinVocab()
	for _, c := range []struct{ class, word, want string }{
		{"ordinal_word", "third", "3"},
		{"count_word", "三", "3"},
		{"separator_word", "comma", ","},
		{"separator_word", "tab", "\t"},
		{"separator_word", "制表符", "\t"},
	} {
		if got, ok := v.ValueOf(c.class, c.word); !ok || got != c.want {
			t.Errorf("ValueOf(%s, %s) = %q %v, want %q", c.class, c.word, got, ok, c.want)
		}
	}
	if _, ok := v.ValueOf("column_word", "column"); ok {
		t.Error("column_word entries name no value")
	}
	if _, ok := v.ValueOf("no_such_class", "x"); ok {
		t.Error("a class that does not exist has no values")
	}
}

// TestWholeWordCJK checks that a whole word is found on word boundaries
// where it ends in a Latin letter or digit, and anywhere inside Chinese,
// where \b never falls between two characters.
func TestWholeWordCJK(t *testing.T) {
	for _, c := range []struct {
		word, text string
		want       bool
	}{
		{"线程", "用8个线程比对", true},
		{"线程", "线程", true},
		{"cut", "cutadapt reads", false},
		{"cut", "then cut -f 1", true},
		{"个cpu", "用8个cpu跑", true},
		{"个cpu", "用8个cpus跑", false},
	} {
		re := regexp.MustCompile(`(?i)` + wholeWord(c.word))
		if got := re.MatchString(c.text); got != c.want {
			t.Errorf("wholeWord(%q) in %q = %v, want %v", c.word, c.text, got, c.want)
		}
	}
}
