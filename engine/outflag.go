package engine

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// writesPlace reports a flag of the help that writes a file, a directory
// or a prefix it is given: a valued flag (no number, no list of choices)
// filed under Output, whose help says it writes (lexicon class
// writes_help_word: "dump index to FILE", "save … table to file <f>") or
// that takes a file and is named as an output (--novel-splicesite-outfile),
// and whose value names a place (a file parameter, or help words of the
// lexicon class written_place_word), not a format.
func writesPlace(fd FlagDoc) bool {
	if fd.Name == "" || fd.ParamType == "bool" || fd.ParamType == "int" || fd.ParamType == "float" || len(fd.Choices) > 0 || readPlaceholder(fd.Placeholder) {
		return false
	}
	// The help's first sentence says what the flag takes; a later one may
	// only explain ("GFF attribute to be used as feature ID. … used to
	// identify the counts in the output table" takes no file).
	lead := leadSentence(fd.Description)
	if fd.Category != "Output" && !task.V().Mentions("writes_help_word", lead) && (fd.ParamType != "file" || !namedOutputPart(fd)) {
		// (a file flag named as an output writes, whatever its help
		// says: --novel-splicesite-outfile "report a list of splice
		// sites")
		return false
	}
	return fd.ParamType == "file" || task.V().Mentions("written_place_word", lead+" "+fd.Placeholder)
}

// readPlaceholder reports a value name that says the flag reads its file
// (BLAST's "<File_In>", "input_filename", "INPUT"): whatever its help says
// of output ("File containing BLAST Archive format … (i.e.: output format
// 11)" of blast_formatter -archive), such a flag writes no place. A value
// name of more than scoring.fit.placeholder_words_max words is prose, not
// a name (seqprep's "<maximum quality score in output …>").
func readPlaceholder(ph string) bool {
	parts := splitIdent(strings.Trim(ph, "<>[]{}"))
	if len(parts) == 0 || float64(len(parts)) > sc.Fit.PlaceholderWordsMax {
		return false
	}
	reads := false
	for _, p := range parts {
		if task.V().Is("output_flag_name", p) {
			return false
		}
		reads = reads || task.V().Is("read_placeholder_part", p)
	}
	return reads
}

// namedOutputPart reports a flag a part of whose long name names an
// output (lexicon class output_flag_name: "outfile" of
// --novel-splicesite-outfile, "output" of --output-stats).
func namedOutputPart(fd FlagDoc) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if !strings.HasPrefix(n, "--") {
			continue
		}
		for _, p := range splitIdent(strings.ToLower(n[2:])) {
			if len(p) >= 3 && task.V().Is("output_flag_name", p) {
				return true
			}
		}
	}
	return false
}

// leadSentence is a help text up to the end of its first sentence: a
// period followed by a space and a capital letter.
func leadSentence(desc string) string {
	for i := 0; i+2 < len(desc); i++ {
		if desc[i] == '.' && desc[i+1] == ' ' && desc[i+2] >= 'A' && desc[i+2] <= 'Z' {
			return desc[:i+1]
		}
	}
	return desc
}

// valueWords are the words that say what the task's value v is: its
// extension and kind (genes.domtblout: "domtblout", "table"; ref.mmi:
// "mmi", "index") and the task's words before it in its clause, back to
// the file or clause end before ("per-domain table to genes.domtblout",
// "to the directory pilon_out"), and the senses of its Chinese runs
// ("核酸序列写入 genes.fna": nucleotide).
func (m *mapper) valueWords(v string) []string {
	var ctx []string
	if typ := FileType(v); typ != "" {
		_, base := task.V().Compression(strings.ToLower(filepath.Base(v)))
		if ext := strings.TrimPrefix(filepath.Ext(base), "."); ext != "" {
			ctx = append(ctx, ext)
		}
		if typ != "file" {
			ctx = append(ctx, typ)
		}
	}
	toks := tokens(m.task)
	for i, t := range toks {
		if strings.Trim(t, ",;()'\"") != v {
			continue
		}
		for j := i - 1; j >= 0 && j >= i-6; j-- {
			w := strings.Trim(toks[j], ",;()'\"")
			if FileType(w) != "" || w != toks[j] && strings.ContainsAny(toks[j][len(toks[j])-1:], ",;") || w == "" {
				break
			}
			ctx = append(ctx, strings.ToLower(w))
		}
		break
	}
	// A Chinese run's senses are its words too ("核酸序列写入 x":
	// nucleotide), as an English task writes them.
	var senses []string
	for _, w := range ctx {
		if isCJK(w) {
			senses = append(senses, senseWords(w)...)
		}
	}
	return append(ctx, senses...)
}

// reviseOutputFlags moves a task's output from the flag an example or the
// help gave it to the one flag of the help that writes a place and fits
// the output's words better: the file's extension or kind named in the
// flag's name or help, or the task's words for it (hmmsearch's
// "per-domain table to genes.domtblout" goes through --domtblout, not
// -o; minimap2's "save it as ref.mmi", an index, through -d "dump index
// to FILE"). Flags tied for the best fit name none; the move is recorded.
func (m *mapper) reviseOutputFlags(f *Fill, c *candidate) {
	used := map[string]bool{}
	for _, fv := range f.Flags {
		if fd, ok := LookupFlag(c.flags, fv.Name); ok {
			used[fd.Name] = true
		}
		used[fv.Name] = true
	}
	for i := range f.Flags {
		fv := &f.Flags[i]
		cur, ok := LookupFlag(c.flags, fv.Name)
		if !ok || !fv.HasValue || !m.taskValues()[fv.Value] || !writesPlace(cur) || !m.writtenValue(f, fv.Value) {
			continue
		}
		ctx := m.valueWords(fv.Value)
		if exampleWroteKind(f, c, fv.Name, fv.Value) {
			// The example chose the flag for a file of this kind: only
			// the task's words its task does not say can ask for another
			// ("per-domain table" for --domtblout where the example
			// wrote its table through --tblout).
			exWords := contentWords(f.Example.Task)
			ctx = slices.DeleteFunc(slices.Clone(ctx), func(w string) bool {
				return len(contentWords(w)) == 0 || holdsAll(exWords, contentWords(w))
			})
		}
		// A help that says its reads failed ("reads that cannot pass the
		// filters") writes no output the task's words say nothing failed
		// of ("cleaned reads to R1.clean.fq.gz"), as outputFlagFor weighs.
		ctxFails := saysFailed(ctx)
		fit := func(fd FlagDoc) float64 {
			return wordFit(fd, ctx) + b2f(exampleNameFit(c, fd, fv.Value)) + failsAgree(ctxFails, fd.Description)
		}
		base := fit(cur)
		var best FlagDoc
		bestScore, tie := base, false
		var tied []FlagDoc
		for _, fd := range c.flags {
			// A place for a directory, a suffix or a prefix takes no
			// whole file of a kind from a flag that does (macs2
			// bdgcmp's --outdir and --o-prefix for FE.bdg on --ofile).
			if alreadyUsed(used, fd) || !writesPlace(fd) || m.tempFor(fd, fv.Value) || writesOtherKind(fd, fv.Value) || placeOtherKind(fd.Placeholder, fv.Value) ||
				knownExt(fv.Value) && (notFileFlag(fd) || prefixPlace(fd) && !prefixPlace(cur)) {
				continue
			}
			switch s := fit(fd); {
			case s > bestScore:
				best, bestScore, tie, tied = fd, s, false, []FlagDoc{fd}
			case s == bestScore && s > base && fd.Name != best.Name:
				tie, tied = true, append(tied, fd)
			}
		}
		if tie {
			// Two helps fit the output's words alike: one that writes a
			// format the task does not name ("save table of hits to file,
			// in Dfam format") is not the one asked for.
			// Only when the one left names no format of its own: of
			// three OTU tables each "in X format", none is picked out.
			plain := slices.DeleteFunc(tied, func(fd FlagDoc) bool { return m.unsaidFormat(fd) })
			if len(plain) == 1 && !namesFormat(plain[0]) {
				best, tie = plain[0], false
			}
		}
		if best.Name == "" || tie {
			continue
		}
		name := spelling(best)
		m.evidence = append(m.evidence, fmt.Sprintf("wrote %s through %s, not %s: its help fits the output's words (%s) better: %s", fv.Value, name, fv.Name, strings.Join(ctx, " "), best.Description))
		used[best.Name], used[name] = true, true
		fv.Name, fv.Style = name, kvStyle(best)
		fv.Why = "the task's output " + fv.Value + ": " + best.Description
	}
}

// writtenFormat reads the format a flag's help says it writes in ("in
// Dfam format", "in biom 1.0 format", "in classic format"): one or two
// words between the lexicon's kind_format_in and kind_format_noun words.
var writtenFormat = &vocabPattern{build: func(alt func(string) string) string {
	return `(?i)\b` + alt("kind_format_in") + `\s+([a-z0-9][a-z0-9.-]*(?:\s+[a-z0-9][a-z0-9.-]*)?)\s+` + alt("kind_format_noun") + `\b`
}}

// unsaidFormat reports a flag whose help names the format it writes
// (writtenFormat) with no word the task says (a file's name is not said:
// Dfam.hmm is no ask for the Dfam format).
func (m *mapper) unsaidFormat(fd FlagDoc) bool {
	said := rules.Words(strings.ToLower(withoutFiles(m.task)))
	for _, g := range writtenFormat.re().FindAllStringSubmatch(fd.Description, -1) {
		if !slices.ContainsFunc(rules.Words(strings.ToLower(g[1])), func(w string) bool { return slices.Contains(said, w) }) {
			return true
		}
	}
	return false
}

// namesFormat reports a flag whose help names the format it writes.
func namesFormat(fd FlagDoc) bool { return writtenFormat.re().MatchString(fd.Description) }

// exampleNameFit reports an example of the candidate that gives the flag a
// file of v's kind named with a word of v's name: the skill shows the
// flag writes such a file (gffread's -w transcripts.fa for the task's
// transcripts.fa, -y proteins.fa for proteins.fa).
func exampleNameFit(c *candidate, fd FlagDoc, v string) bool {
	want := nameWords(v)
	for _, se := range c.examples {
		args, _, _ := splitRedirect(se.args)
		for _, t := range classify(args, c) {
			if t.pos || !t.hasValue || !sameDoc(fd, t.flag) || FileType(t.value) == "" || family(FileType(t.value)) != family(FileType(v)) {
				continue
			}
			for w := range nameWords(t.value) {
				if want[w] {
					return true
				}
			}
		}
	}
	return false
}

// nameWords are the rooted words of a file name's stem, three letters or
// more ("proteins.fa": protein).
func nameWords(v string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(rules.Stem(filepath.Base(v))), func(r rune) bool { return r < 'a' || r > 'z' }) {
		if len(w) > 2 {
			out[root(w)] = true
		}
	}
	return out
}

// exampleWroteKind reports an example whose own value for the flag is a
// file of the kind of v: the example chose the flag for such a file, so
// it stands (samtools sort's -o aln.sorted.bam for the task's BAM).
func exampleWroteKind(f *Fill, c *candidate, flag, v string) bool {
	if f.Example == nil {
		return false
	}
	args, err := skills.SplitArgs(f.Example.Args)
	if err != nil {
		return false
	}
	args, _, _ = splitRedirect(args)
	for _, t := range classify(args, c) {
		if !t.pos && t.hasValue && sameFlag(c, t.flag, flag) {
			return FileType(t.value) != "" && family(FileType(t.value)) == family(FileType(v))
		}
	}
	return false
}

// wordFit counts the words of ctx that a flag's names and help hold; a
// word that is the flag's own name (--domtblout for genes.domtblout)
// counts as scoring.fit.exact_flag_name.
func wordFit(fd FlagDoc, ctx []string) float64 {
	desc := fd.Description
	names := map[string]bool{}
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		n = strings.ToLower(strings.TrimLeft(n, "-"))
		desc += " " + n
		names[n] = true
	}
	s := float64(overlap(contentWords(strings.Join(ctx, " ")), contentWords(desc)))
	lower := strings.ToLower(fd.Description)
	for _, w := range ctx {
		if len(w) > 1 && names[w] {
			s += sc.Fit.ExactFlagName
		}
		if symbolTerm(w) && strings.Contains(lower, w) {
			// a term of letters and signs the help writes as the task
			// does ("P(S>x)" of hmmsim's --pfile): its words alone are
			// single letters, which say nothing
			s++
		}
	}
	return s
}

// symbolTerm reports a word of three or more characters that mixes
// letters with signs other than a hyphen ("p(s>x", "n50/l50"): a term
// written the same way only where it means the same thing.
func symbolTerm(w string) bool {
	if len(w) < 3 {
		return false
	}
	letters, signs := false, false
	for _, r := range w {
		switch {
		case unicode.IsLetter(r):
			letters = true
		case unicode.IsDigit(r) || r == '-' || r == '_' || r == '.':
		default:
			signs = true
		}
	}
	return letters && signs
}

// writtenValue reports an output of the fill that the task names as one.
func (m *mapper) writtenValue(f *Fill, v string) bool {
	return FileType(v) != "" && m.taskOutput(v) && slices.Contains(f.Outputs, v)
}

// writesOtherKind reports a flag the first kind of file of whose help
// (plain words such as "tree" or "log" left out) is of another family than
// the file v's: the kind it writes ("-x  write a fasta file with spliced
// CDS for each GFF transcript" is no place for annotation.gff3, though its
// help says "GFF" later).
func writesOtherKind(fd FlagDoc, v string) bool {
	k := FileType(v)
	if k == "" || k == "file" {
		return false
	}
	for _, kw := range kindWords(fd.Description) {
		if task.V().Word("plain_kind_word", kw.word) || kw.kind == "file" {
			continue
		}
		return task.Family(kw.kind) != task.Family(k)
	}
	return false
}
