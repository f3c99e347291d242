package engine

import (
	"fmt"
	"github.com/traitome/oxo-call/parsers"
	"github.com/traitome/oxo-call/task"
	"slices"
	"strings"
	"unicode"
)

// placeInputFlags is the pass that moves the task's input files from the
// positionals of a command built from the help alone to the flags the help
// reads them through. When its usage shows no positional to take them
// (bamtools stats "-in <BAM filename>  the input BAM file", clustalo
// "-i, --in  Multiple sequence input file"), every input may move; when it
// shows some, only a file the task reads against (a reference) or one past
// the places the usage shows, and only to a flag whose help holds its
// words, not to one merely named as an input (bcftools norm <in.vcf.gz>
// with "-f, --fasta-ref FILE  reference sequence" for "against ref.fa").
// Each file goes to the one unused flag that reads a file and fits the
// file's words best (readingFlagFor); a file no flag fits, or two fit
// alike, stays where it is. Each move is recorded.
func (m *mapper) placeInputFlags(f *Fill, c *candidate) {
	if !c.known {
		return
	}
	room := len(c.positionals)
	for _, p := range c.positionals {
		if p.Repeatable {
			room = len(f.Positionals) + 1
		}
	}
	used := map[string]bool{}
	for _, fv := range f.Flags {
		if fd, ok := LookupFlag(c.flags, fv.Name); ok {
			used[fd.Name] = true
		}
		used[fv.Name] = true
	}
	moved := 0
	defer func() {
		// A file left in a place the usage does not show, beside inputs
		// the help reads through flags, has no place the help names,
		// unless a flag the help lets be given by position is still
		// free for it (EMBOSS "[-bsequence] seqall": pasteseq's second
		// sequence may follow the qualifiers without its name).
		byPos := unusedByPosition(f, c)
		// A usage that writes its flags one by one, the ones that read
		// files among them, and no operand ("blastp … [-subject
		// subject_input_file] [-query input_file] …") has no place for a
		// file left as a positional either; one that writes no such flag
		// ("seqkit stats [flags]") often leaves its files out.
		// So has one whose help, not its usage, names the flag that
		// reads the input (diamond's "--query (-q)  input query file",
		// fastANI's --ql), not only flags for other files ("--ref
		// reference FASTA file").
		explicit := moved == 0 && room == 0 && m.admitsNoOperand(c) && (m.usageWritesReader(c) || slices.ContainsFunc(c.flags, func(fd FlagDoc) bool { return readsFile(fd) && (namesInput(fd) || placeNamesInput(fd.Placeholder)) }))
		for _, p := range f.Positionals {
			if (moved > 0 || explicit && m.taskInput(p)) && room == 0 && knownExt(p) {
				if byPos > 0 {
					byPos--
					continue
				}
				why := "the help reads the inputs through flags"
				if moved == 0 {
					why = "it writes the flags that read files"
				}
				m.inputsLeft = append(m.inputsLeft, fmt.Sprintf("%s stays a positional, though the usage shows none and %s", p, why))
			}
		}
	}()
	for i, at := 0, 0; i < len(f.Positionals); i, at = i+1, at+1 {
		p := f.Positionals[i]
		if !knownExt(p) || !m.taskInput(p) {
			continue
		}
		free := room == 0
		required, placeNamed := false, false
		// A place of the usage for a region ("tabix [FILE] [REGION
		// [...]]") is no place for a file: a file the task reads there
		// ("the regions listed in targets.bed") goes to the flag whose
		// help holds its words (-R "restrict to regions listed in the
		// file"), as a file past the usage's places does.
		regionPlace := false
		if slots := slotsFor(c.positionals, len(f.Positionals)); i < len(slots) && slots[i] != nil && !free {
			regionPlace = regionPlaceName(slots[i].Name)
		}
		if !free && !regionPlace && (m.fileRole(p) != "reference" && at < room || slices.ContainsFunc(c.positionals, func(pd PositionalDoc) bool { return slotFits(pd.Name, p) })) {
			// A place of the usage is for it (minimap2 <target.fa>),
			// unless the usage writes a flag it needs whose help names
			// the file's kind ("featureCounts [options] -a
			// <annotation_file> … input_file1": -a "Name of an annotation
			// file. GTF/GFF format" takes genes.gtf) and no place's name
			// names it.
			// So does a flag whose value's name is the file's kind and
			// whose help says it takes a file (tar's "-f,
			// --file=ARCHIVE  use archive file …" for backup.tar.gz,
			// where "[FILE]..." are the archive's members; not mash's
			// "-z <text> Alphabet …" for genomes.txt).
			fd, ok, _ := m.readingFlags(c, p, used, false)
			kindNamed := ok && placeIsKind(fd.Placeholder, p) && task.V().Mentions("file_name_word", strings.ToLower(fd.Description))
			if !ok || !(fd.Required && descNamesKind(fd, p) || kindNamed) || slices.ContainsFunc(c.positionals, func(pd PositionalDoc) bool { return slotFits(pd.Name, p) }) {
				continue
			}
			required = fd.Required && descNamesKind(fd, p)
			placeNamed = !required
		}
		fd, ok, tied := m.readingFlags(c, p, used, free)
		if !ok && free && len(tied) > 1 {
			fd, ok = m.inTurn(f, c, i, tied, used)
		}
		if !ok && free && len(tied) == 0 {
			// No flag's help holds the file's words, but the usage
			// needs one flag that reads a file ("macs2 callpeak -t
			// TFILE [TFILE ...] [-c [CFILE ...]]"): the first input
			// left goes there.
			fd, ok = neededReader(c, p, used)
			required = ok
		}
		if !ok && free {
			// No flag that reads a file fits, but the task calls the
			// file by a flag's name ("the BLAST archive run1.asn" for
			// -archive, whose help speaks of a format): that flag.
			fd, ok = m.namedReader(c, p, used)
		}
		if !ok {
			continue
		}
		if free && !fd.ByPosition && !descNamesKind(fd, p) && !slotFits(fd.Placeholder, p) && unusedByPosition(f, c) > 0 {
			// A qualifier the help lets be given by place is free for
			// it: the file stays for nameByPosition rather than going to
			// a flag whose help names no kind of its (needle's -datafile
			// "scoring matrix file" for a protein FASTA, beside a free
			// "[-asequence] seqall").
			continue
		}
		name := spelling(fd)
		used[fd.Name], used[name] = true, true
		dropPositional(f, i)
		moved++
		i--
		f.Flags = append(f.Flags, FlagValue{Name: name, Value: p, HasValue: true, Style: kvStyle(fd), Why: "the task's input " + p + ": " + fd.Description})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		where := "the usage shows no place for it"
		switch {
		case required && free:
			where = "the usage shows no place for it and needs " + name
		case required:
			where = "the usage writes " + name + " as needed, its help names the file's kind"
		case placeNamed:
			where = "the name of " + name + "'s value is the file's kind"
		case regionPlace:
			where = "the usage's place there is for a region"
		case !free:
			where = "the usage's places are for the other inputs"
		}
		m.evidence = append(m.evidence, fmt.Sprintf("gave the input %s to %s: %s and the help reads it there (%s)", p, name, where, fd.Description))
	}
}

// regionPlaceName reports a usage place named for a region (lexicon
// class region_place_word: "REGION", "region1", "reg").
func regionPlaceName(name string) bool {
	if strings.Contains(name, "|") {
		return false // a choice of words ("region|window|base"), not a region
	}
	for _, part := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r < 'a' || r > 'z' }) {
		if task.V().Word("region_place_word", part) {
			return true
		}
	}
	return false
}

// namedReader is the one unused flag taking a value, no output, whose
// name the task's words for path say ("the BLAST archive run1.asn" for
// -archive).
func (m *mapper) namedReader(c *candidate, path string, used map[string]bool) (FlagDoc, bool) {
	words := map[string]bool{}
	for _, w := range m.valueWords(path) {
		if len(w) > 2 && !task.Stopword(w) {
			words[strings.ToLower(w)] = true
		}
	}
	var found []FlagDoc
	for _, fd := range c.flags {
		if fd.Name == "" || alreadyUsed(used, fd) || fd.Category == "Output" || fd.ParamType == "bool" || fd.ParamType == "int" || fd.ParamType == "float" || len(fd.Choices) > 0 {
			continue
		}
		// A value the help types as no path and does not call a file
		// ("-letters string", "Residue letters (Any string)") holds no
		// file, whatever the task calls it.
		if fd.ParamType != "file" && parsers.IsTypeWord(strings.Trim(fd.Placeholder, "<>[]")) && !task.V().Mentions("file_name_word", strings.ToLower(fd.Description)) {
			continue
		}
		if slices.ContainsFunc(append([]string{fd.Name}, fd.Aliases...), func(n string) bool { return words[strings.ToLower(strings.TrimLeft(n, "-"))] }) {
			found = append(found, fd)
		}
	}
	if len(found) != 1 {
		return FlagDoc{}, false
	}
	return found[0], true
}

// readingFlagFor finds the one unused flag that reads a file (filed under
// Input or taking a file, writing none, its help naming no other kind)
// whose names, help and placeholder hold the most of the words for path
// (valueWords: its extension and kind, the task's words before it; the
// lexicon's reference_word for a file the task reads against). With
// byName, a flag named as an input (lexicon class input_flag_name) counts
// one more for a file the task reads as its input. A flag whose help or
// placeholder names the file's kind counts scoring.fit.input_kind_named
// more, and one the usage line writes scoring.fit.input_in_usage more.
// Ties name none.
func (m *mapper) readingFlagFor(c *candidate, path string, used map[string]bool, byName bool) (FlagDoc, bool) {
	fd, ok, _ := m.readingFlags(c, path, used, byName)
	return fd, ok
}

// readingFlags is readingFlagFor with the flags tied for the best fit
// (in the help's order) when several are.
func (m *mapper) readingFlags(c *candidate, path string, used map[string]bool, byName bool) (FlagDoc, bool, []FlagDoc) {
	ctx := m.valueWords(path)
	if toks := tokens(m.task); len(toks) > 0 {
		// the task's first word says what the command does, not what
		// this file is ("align genes.fa …" names no "pre-aligned" file);
		// the file's own extension and kind come first and stay
		k := 0
		if typ := FileType(path); typ != "" {
			k = b2i(fileExt(path) != "") + b2i(typ != "file")
		}
		k = min(k, len(ctx))
		ctx = append(ctx[:k:k], slices.DeleteFunc(slices.Clone(ctx[k:]), func(w string) bool { return w == strings.ToLower(toks[0]) })...)
	}
	role := m.fileRole(path)
	if role == "reference" {
		ctx = append(ctx, task.V().Words("reference_word")...)
	}
	var best FlagDoc
	var tied []FlagDoc
	bestScore, tie := 0.0, false
	for _, fd := range c.flags {
		// a flag whose placeholder names the file's kind reads it,
		// however the help files it (bedtools' "-b <bed/gff/vcf>")
		// and so does one the usage writes as needed whose help names
		// it (featureCounts' -a "Name of an annotation file. GTF/GFF
		// format", filed under Format)
		valued := fd.Category != "Output" && fd.ParamType != "bool" && fd.ParamType != "choice" && fd.ParamType != "int" && fd.ParamType != "float" && len(fd.Choices) == 0
		if alreadyUsed(used, fd) || !readsFile(fd) && !(valued && (slotFits(fd.Placeholder, path) || fd.Required && !writesPlace(fd) && descNamesKind(fd, path))) || otherKind(fd, path) != "" || placeOtherKind(fd.Placeholder, path) {
			continue
		}
		if compressedOnly(fd, path) {
			continue
		}
		withPlace := fd
		withPlace.Description += " " + fd.Placeholder
		s := wordFit(withPlace, ctx)
		if byName && role == "" && (namesInput(fd) || placeNamesInput(fd.Placeholder)) {
			s++
		}
		if byName && role == "reference" && namesReference(fd) {
			s++ // blastn's -subject for the file read against
		}
		if descNamesKind(fd, path) || slotFits(fd.Placeholder, path) {
			s += sc.Fit.InputKindNamed
		}
		if s > 0 && usageWrites(c.usage, fd) {
			s += sc.Fit.InputInUsage
		}
		switch {
		case s > bestScore:
			best, bestScore, tie = fd, s, false
			tied = []FlagDoc{fd}
		case s == bestScore && s > 0 && fd.Name != best.Name:
			tie = true
			if !slices.ContainsFunc(tied, func(x FlagDoc) bool { return x.Name == fd.Name }) {
				tied = append(tied, fd)
			}
		}
	}
	if !tie {
		tied = nil
	}
	return best, bestScore > 0 && !tie, tied
}

// readsFile reports a flag that reads a file: filed under Input or taking
// a file, not a switch, number or choice, writing no place, not a
// directory or suffix (notFileFlag), nor a list of file names (lexicon
// class file_list_word); a text value only when it is named as an input
// (porechop's "-i INPUT") or its help speaks of a file (lexicon class
// file_name_word) or names a kind of file, and, filed under another
// category than Input, only when it is named as an input and its help
// speaks of a file or names a kind.
func readsFile(fd FlagDoc) bool {
	if fd.Name == "" || fd.ParamType == "bool" || fd.ParamType == "int" || fd.ParamType == "float" || len(fd.Choices) > 0 {
		return false
	}
	if fd.Category == "Output" || writesPlace(fd) || notFileFlag(fd) || parsers.NumberSlots(fd.Placeholder) {
		return false
	}
	desc := strings.ToLower(fd.Description)
	// a text value filed under Input reads a file when its help says so
	// (wtpoa-cns "-i <string>  Input file(s)"; not minimap2's "-x STR
	// preset")
	// A text value filed elsewhere reads a file too when it is named as
	// an input or its help names a kind of file (sniffles' "--input IN
	// … .bam/.cram (BAM/CRAM format) file", filed under Format; fastANI's
	// "-q query genome (fasta/fastq)").
	// A placeholder of one letter ("--interleaved <i>") names nothing.
	placeNamed := len(strings.Trim(fd.Placeholder, "<>[]{}. ")) > 1 && placeNamesInput(fd.Placeholder)
	named := namesInput(fd) && (!oneLetterNames(fd) || speaksOfInput(desc)) || placeNamed
	return (fd.ParamType == "file" || fd.Category == "Input" && (named || task.V().Mentions("file_name_word", desc)) ||
		named && (task.V().Mentions("file_name_word", desc) || namesAKind(desc)) || fd.Category == "Input" && namesAKind(desc) || inputFileHead(desc)) && !task.V().Mentions("file_list_word", desc)
}

// oneLetterNames reports a flag spelled with one letter only ("-i"): the
// letter may stand for input, or for anything else ("-i <func>  interval
// between seed substrings" of bowtie2).
func oneLetterNames(fd FlagDoc) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if len(strings.TrimLeft(n, "-")) > 1 {
			return false
		}
	}
	return true
}

// speaksOfInput reports help that says its value is an input or a file,
// or names a kind of file: what a one-letter name alone does not say.
func speaksOfInput(desc string) bool {
	v := task.V()
	if v.Mentions("file_name_word", desc) || namesAKind(desc) {
		return true
	}
	return inputWordIn(desc)
}

// inputWordIn reports a text (lower case) holding a word that names an
// input (lexicon class input_flag_name: "input", "query").
func inputWordIn(text string) bool {
	return slices.ContainsFunc(strings.Fields(text), func(w string) bool {
		w = strings.Trim(w, ",;:.()[]'\"")
		return len(w) > 1 && task.V().Word("input_flag_name", w)
	})
}

// inputFileHead reports a help whose first sentence calls the value an
// input file ("Name of an input read file. If paired-end, …", subread's
// -r filed under Format): a word that names a flag as an input (lexicon
// class input_flag_name) and a word for a file (file_name_word).
func inputFileHead(desc string) bool {
	head, _, _ := strings.Cut(desc, ". ")
	v := task.V()
	return v.Mentions("file_name_word", head) && slices.ContainsFunc(strings.Fields(head), func(w string) bool { return len(w) > 2 && v.Word("input_flag_name", strings.Trim(w, ",;:()")) })
}

// usageWrites reports a usage line that writes one of the flag's
// spellings as a word of its own ("iqtree [-s ALIGNMENT] …").
func usageWrites(usage string, fd FlagDoc) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		for i := 0; n != "" && i < len(usage); {
			j := strings.Index(usage[i:], n)
			if j < 0 {
				break
			}
			j += i
			end := j + len(n)
			before := j == 0 || strings.ContainsRune(" [(|{", rune(usage[j-1]))
			after := end == len(usage) || strings.ContainsRune(" ]=)|}<", rune(usage[end]))
			if before && after {
				return true
			}
			i = j + 1
		}
	}
	return false
}

// namesAKind reports help that names a kind of file as a word of three
// letters or more ("BAM/CRAM format", "(fasta/fastq)").
func namesAKind(desc string) bool {
	for _, wk := range kindWords(desc) {
		if c, _ := task.V().Compression("x." + wk.word); c == "" {
			return true
		}
	}
	return false
}

// kindWord is a word of a help text that names a kind of file.
type kindWord struct{ word, kind string }

// kindWords returns the words of desc, three letters or more and not of
// the lexicon class not_a_kind_word, that name a kind of file, with the
// kind each names, in the text's order.
func kindWords(desc string) []kindWord {
	var out []kindWord
	for _, w := range wordSpanRE.FindAllString(strings.ToLower(desc), -1) {
		if len(w) < 3 || task.V().Is("not_a_kind_word", w) {
			continue
		}
		if k, ok := task.V().KindOf(w); ok {
			out = append(out, kindWord{w, k})
		}
	}
	return out
}

// namesInput reports a flag named as an input (-i, --in, --input, or the
// first of a pair: --in1). A flag with a long name is judged by it:
// seqkit's "-i, --stdin-label" is a label, not an input.
func namesInput(fd FlagDoc) bool {
	names := append([]string{fd.Name}, fd.Aliases...)
	var long []string
	for _, n := range names {
		if len(strings.TrimLeft(n, "-")) > 2 {
			long = append(long, n)
		}
	}
	if len(long) > 0 {
		names = long
	}
	for _, n := range names {
		// the first of a pair is an input too (fastp's "-i, --in1")
		n = strings.ToLower(strings.TrimLeft(n, "-"))
		if task.V().Word("input_flag_name", n) || len(n) > 2 && strings.HasSuffix(n, "1") && task.V().Word("input_flag_name", strings.TrimSuffix(n, "1")) {
			return true
		}
	}
	return false
}

// wholeCompounds counts the hyphenated words of ctx that a help text
// says whole ("per-domain" in "table of per-domain hits").
func wholeCompounds(help string, ctx []string) int {
	low := strings.ToLower(help)
	n := 0
	for _, w := range ctx {
		if strings.Contains(w, "-") && len(w) > 3 && wordIn(low, w) {
			n++
		}
	}
	return n
}

// placeIsKind reports a placeholder that is, whole, the extension or the
// kind of path ("sam" for out.sam, "<bam>" for x.bam).
func placeIsKind(place, path string) bool {
	p := strings.ToLower(strings.Trim(place, "<>[]{}. "))
	typ := FileType(path)
	return p != "" && typ != "" && typ != "file" && (p == fileExt(path) || p == typ)
}

// neededReader returns the one unused flag the usage writes as needed
// (outside brackets) that reads a file and whose help or placeholder
// names no other kind than path's; none when the usage needs none or
// several.
func neededReader(c *candidate, path string, used map[string]bool) (FlagDoc, bool) {
	var found []FlagDoc
	for _, fd := range c.flags {
		if !fd.Required || alreadyUsed(used, fd) || !readsFile(fd) || otherKind(fd, path) != "" || placeOtherKind(fd.Placeholder, path) ||
			slices.ContainsFunc(found, func(x FlagDoc) bool { return x.Name == fd.Name }) {
			continue
		}
		found = append(found, fd)
	}
	if len(found) != 1 {
		return FlagDoc{}, false
	}
	return found[0], true
}

// descNamesKind reports a flag whose help names the kind of path, or its
// extension, as a word ("GTF/GFF format" for genes.gtf).
func descNamesKind(fd FlagDoc, path string) bool {
	typ, ext := FileType(path), fileExt(path)
	if typ == "" || typ == "file" {
		return false
	}
	for _, w := range wordSpanRE.FindAllString(strings.ToLower(fd.Description), -1) {
		if len(w) < 3 || task.V().Is("not_a_kind_word", w) {
			continue
		}
		if w == ext {
			return true
		}
		if k, ok := task.V().KindOf(w); ok && family(k) == family(typ) {
			return true
		}
	}
	return false
}

// placeNamesInput reports a placeholder that names the input a flag reads
// (blastn's "-query input_file", "-in <in.bam>"): lexicon class
// input_flag_name for the whole placeholder or its first part.
func placeNamesInput(place string) bool {
	p := strings.ToLower(strings.Trim(place, "<>[]{}. "))
	if p == "" {
		return false
	}
	if task.V().Word("input_flag_name", p) {
		return true
	}
	parts := splitIdent(p)
	return len(parts) > 1 && task.V().Word("input_flag_name", parts[0])
}

// namesReference reports a flag whose long name says it holds the side
// read against (lexicon class reference_place_word: -subject, --target,
// --reference), as a usage place's name does.
func namesReference(fd FlagDoc) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if n = strings.ToLower(strings.TrimLeft(n, "-")); len(n) > 2 && task.V().Word("reference_place_word", n) {
			return true
		}
	}
	return false
}

// fileRole is the role the task gives a file ("reference", "output", ""
// for an input).
func (m *mapper) fileRole(path string) string {
	for _, fs := range m.slots.Files {
		if fs.Path == path {
			return fs.Role
		}
	}
	return ""
}

// dropPositional takes the positional at i out of the fill and its order.
func dropPositional(f *Fill, i int) {
	f.Positionals = append(f.Positionals[:i:i], f.Positionals[i+1:]...)
	var order []string
	for _, o := range f.Order {
		if o[0] == 'p' {
			switch k := atoi(o[1:]); {
			case k == i:
				continue
			case k > i:
				o = fmt.Sprintf("p%d", k-1)
			}
		}
		order = append(order, o)
	}
	f.Order = order
}

// placeOtherKind reports a placeholder that names file kinds (bedtools'
// "bed/gff/vcf") none of the family of path's kind.
func placeOtherKind(place, path string) bool {
	typ := FileType(path)
	if typ == "" || typ == "file" {
		return false
	}
	named := false
	for _, w := range strings.FieldsFunc(strings.ToLower(place), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if k, ok := task.V().KindOf(w); ok && len(w) > 2 {
			if family(k) == family(typ) {
				return false
			}
			named = true
		}
	}
	return named
}

// outputFlagFor finds the one unused output flag (want, or one whose help
// says it writes a place: bwa sampe's "-f FILE  sam file to output results
// to") whose names, help and placeholder hold the most of the words for
// path (valueWords), a flag named as an output (leadsWithOutput) counting one more, its
// value no number (bwa aln's "-o INT"), its help or placeholder naming no
// other kind; ties name none.
func (m *mapper) outputFlagFor(c *candidate, path string, want func(FlagDoc) bool, used map[string]bool) (FlagDoc, float64) {
	ctx := m.valueWords(path)
	var others [][]string // the words of the task's other outputs
	for _, o := range m.slots.Outputs() {
		if o.Path != path {
			others = append(others, m.valueWords(o.Path))
		}
	}
	ctxFails := saysFailed(ctx)
	return bestUntied(c.flags, func(fd FlagDoc) (float64, bool) {
		// A flag that writes a place is one even when not filed under
		// Output, but a prefix's place want turned down for a whole
		// file's name (macs2 bdgcmp --o-prefix beside --ofile for
		// FE.bdg) stays turned down.
		if alreadyUsed(used, fd) || !want(fd) && (!writesPlace(fd) || prefixPlace(fd)) || fd.ParamType == "int" || fd.ParamType == "float" || otherKind(fd, path) != "" || placeOtherKind(fd.Placeholder, path) || knownExt(path) && notFileFlag(fd) {
			return 0, false
		}
		if compressedOnly(fd, path) {
			return 0, false
		}
		withPlace := fd
		withPlace.Description += " " + fd.Placeholder
		s := wordFit(withPlace, ctx)
		for _, o := range others {
			if wordFit(withPlace, o) > s {
				// another output's words fit it better ("the
				// sequences to inv.fa" for -outseq): it is that
				// output's flag, whichever output comes first
				return 0, false
			}
		}
		if leadsWithOutput(fd) {
			s++
		}
		// "the reads that did not align" go to the flag whose help
		// says they did not ("--un: reads that didn't align"), not to
		// the one for those that did (--al).
		s += failsAgree(ctxFails, fd.Description)
		s += sc.Fit.CompoundWord * float64(wholeCompounds(fd.Description, ctx))
		if placeIsKind(fd.Placeholder, path) {
			// the help's name for the value is the file's kind
			// (bowtie2's "-S <sam>" for out.sam)
			s += sc.Fit.ExactFlagName
		}
		if usageWrites(c.usage, fd) {
			// the usage line shows it ("[-S <filename>]" of
			// bowtie2, hisat2, centrifuge): the tool's main
			// output, beside the --un and --al of the option list
			s += sc.Fit.OutputInUsage
		}
		return s + outputNameFit(fd, ctx, path), true
	})
}

// outputNameFit weighs the parts of a flag's long name against an
// output: a part that is the output's extension counts for it
// (scoring.fit.output_name_ext: --output-stats for dedup.stats), a part
// neither the extension nor a word the task says of the output counts
// against it (output_name_unsaid: --output-bytile-stats beside
// --output-stats, whose helps start alike), and a part the task says of
// the output counts for it (output_name_said: "the merged reads to x.fq"
// for --merged_out beside --out1). Words that only say output
// (lexicon output_flag_name) and short parts (output_name_part_min)
// count for nothing.
func outputNameFit(fd FlagDoc, ctx []string, path string) float64 {
	said := map[string]bool{}
	for _, w := range ctx {
		for t := range contentWords(w) {
			said[t] = true
		}
	}
	ext := fileExt(path)
	var s float64
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if !strings.HasPrefix(n, "--") {
			continue
		}
		for _, p := range splitIdent(n[2:]) {
			switch {
			case float64(len(p)) < sc.Fit.OutputNamePartMin || task.V().Is("output_flag_name", p):
			case p == ext:
				s += sc.Fit.OutputNameExt
			case !said[stem(p)]:
				s -= sc.Fit.OutputNameUnsaid
			default: // a word the task says of it ("the merged reads to")
				s += sc.Fit.OutputNameSaid
			}
		}
		break
	}
	return s
}

// saysFailed reports words that say a thing did not happen (lexicon
// class failed_word: "not", "didn't", "unmapped").
func saysFailed(words []string) bool {
	return slices.ContainsFunc(words, func(w string) bool {
		return task.V().Word("failed_word", strings.Trim(w, ",;:.()[]'\""))
	})
}

// failsAgree weighs an output flag's help against an output's words on
// whether something failed: one more when both say so ("--un: reads that
// didn't align" for "the reads that did not align"), one less when one
// does and the other not. A help that only says so in a later clause
// ("direct output to file <f>, not stdout") says nothing failed.
func failsAgree(ctxFails bool, help string) float64 {
	head, _, _ := strings.Cut(strings.ToLower(help), ",")
	head, _, _ = strings.Cut(head, ";")
	head, _, _ = strings.Cut(head, "(")
	switch helpFails := saysFailed(strings.Fields(head)); {
	case ctxFails && helpFails:
		return 1
	case ctxFails != helpFails:
		return -1
	}
	return 0
}

// bestUntied returns the flag score rates highest (score's false leaves a
// flag out), or none when another flag rates as high or no flag rates
// above zero.
func bestUntied(flags []FlagDoc, score func(FlagDoc) (float64, bool)) (FlagDoc, float64) {
	var best FlagDoc
	bestScore, tie := 0.0, false
	for _, fd := range flags {
		s, ok := score(fd)
		if !ok {
			continue
		}
		switch {
		case s > bestScore:
			best, bestScore, tie = fd, s, false
		case s == bestScore && s > 0 && fd.Name != best.Name:
			tie = true
		}
	}
	if tie {
		return FlagDoc{}, 0
	}
	return best, bestScore
}

// leadsWithOutput reports a flag whose name begins with an output flag's
// name (-o, --out, --output-file; lexicon output_flag_name), not one that
// ends with it (--distmat-out, --guidetree-out: outputs of a side result).
func leadsWithOutput(fd FlagDoc) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if parts := splitIdent(strings.TrimLeft(n, "-")); len(parts) > 0 && task.V().Is("output_flag_name", parts[0]) {
			return true
		}
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// inTurn settles a tie of the task input at positional i between flags
// that read alike (bedtools' -a and -b, both "<bed/gff/vcf>"): when the
// task inputs still positional, i the first of them, are as many as those
// flags and each ties between the same flags, they take them in turn, the
// task's order for the help's; it returns the flag of the input at i.
func (m *mapper) inTurn(f *Fill, c *candidate, i int, tied []FlagDoc, used map[string]bool) (FlagDoc, bool) {
	if slices.ContainsFunc(f.Positionals[:i], func(p string) bool { return knownExt(p) && m.taskInput(p) }) {
		return FlagDoc{}, false
	}
	n := 0
	for _, p := range f.Positionals {
		if !knownExt(p) || !m.taskInput(p) {
			continue
		}
		_, ok, t := m.readingFlags(c, p, used, true)
		same := len(t) == len(tied)
		for k := 0; same && k < len(t); k++ {
			same = t[k].Name == tied[k].Name
		}
		if ok || !same {
			return FlagDoc{}, false
		}
		n++
	}
	if n != len(tied) {
		return FlagDoc{}, false
	}
	return tied[0], true
}

// prefixPlace reports a flag whose names or placeholder say it takes a
// prefix (lexicon class prefix_flag_name): "-p, --prefix PREFIX".
func prefixPlace(fd FlagDoc) bool {
	text := strings.Join(append([]string{fd.Name, fd.Placeholder}, fd.Aliases...), " ")
	return task.V().Mentions("prefix_flag_name", strings.ToLower(joinsToSpaces.Replace(text)))
}

// unusedByPosition counts the flags that take a file, may be given by
// position (FlagDoc.ByPosition) and that the fill has not set.
func unusedByPosition(f *Fill, c *candidate) int {
	n := 0
	for _, fd := range c.flags {
		if !fd.ByPosition || fd.ParamType != "file" || fd.Category == "Output" {
			continue
		}
		if slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return fv.Name == fd.Name || slices.Contains(fd.Aliases, fv.Name) }) {
			continue
		}
		n++
	}
	return n
}

// usageWritesReader reports a usage line of the candidate that writes, by
// name, a flag that reads a file.
func (m *mapper) usageWritesReader(c *candidate) bool {
	lines := []string{c.usage}
	if m.doc != nil && len(c.sub) == 0 && c.exe == m.rec.Executable {
		lines = append(lines, m.doc.UsagePatterns...)
	}
	for _, fd := range c.flags {
		if !readsFile(fd) {
			continue
		}
		if slices.ContainsFunc(lines, func(l string) bool { return usageWrites(l, fd) }) {
			return true
		}
	}
	return false
}

// compressedOnly reports a flag that is the compressed form of another
// (its name holds the suffix its help names: --un-gz, --gzvcf) and a
// file not compressed so: it reads or writes only files compressed so.
func compressedOnly(fd FlagDoc, path string) bool {
	z := compressionNamed(fd.Description)
	if z == "" || !nameHolds(fd, z) {
		return false
	}
	pz, _ := task.V().Compression(strings.ToLower(path))
	return pz != z
}
