package engine

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/task"
)

// slotMismatches is the pass that checks each task file against the place
// the command gives it: a file the task reads given to a flag that writes
// (hmmsearch "-A proteins.faa"), a file of a known kind given to a flag
// whose help reads a directory or a suffix ("--tmpdir aln.pairs.gz", zcat
// "-S merged.fq"), a task output written as a positional where the usage
// takes none, a region or a number where the usage reads a file ("sort
// chroms.txt chr2"), a file in a usage place whose name names another
// kind ("<sample.bam>" for excl.tsv) that placeByKind could not move and
// no adapted example puts there. Each makes the command uncertain and is
// named in the evidence.
func (m *mapper) slotMismatches(f *Fill, c *candidate) []string {
	var out []string
	add := func(line string) {
		m.evidence = append(m.evidence, "slot: "+line)
		out = append(out, line)
	}
	for fv, fd := range valuedFlags(f, c) {
		switch {
		case m.readMarked(fv.Value) && writesPlace(fd):
			add(fmt.Sprintf("%s %s is a file the task reads, given to a flag that writes (%s)", fv.Name, fv.Value, fd.Description))
		case knownExt(fv.Value) && notFileFlag(fd):
			add(fmt.Sprintf("%s %s is a file where the help reads a directory or a suffix (%s)", fv.Name, fv.Value, strings.TrimSpace(fd.Placeholder+" "+fd.Description)))
		case otherKind(fd, fv.Value) != "":
			add(fmt.Sprintf("%s %s is not of the kind the help names (%s: %s)", fv.Name, fv.Value, otherKind(fd, fv.Value), fd.Description))
		case knownExt(fv.Value) && readsGzipped(fd) && !compressedName(fv.Value):
			add(fmt.Sprintf("%s %s is not compressed, where the flag's name reads a compressed file of a kind", fv.Name, fv.Value))
		case m.taskNumber(fv.Value) && namesFilePlace(fd):
			add(fmt.Sprintf("%s %s is a number where the help reads a file (%s)", fv.Name, fv.Value, strings.TrimSpace(fd.Placeholder+" "+fd.Description)))
		}
	}
	var pos []string
	for _, p := range f.Positionals {
		if p != "" && (p[0] != '-' || p == "-") {
			pos = append(pos, p)
		}
	}
	if len(c.positionals) == 0 {
		// A usage line that shows the tool's options and no positional
		// at all takes no output as one (a word right after a switch may
		// be its value: bedtools getfasta's "-fo out.fa").
		if _, lines, _ := m.usageRoom(c); len(lines) > 0 && c.known {
			for _, v := range countedPositionals(f, c) {
				if m.taskOutput(v) {
					add(fmt.Sprintf("%s is an output written as a positional, where the usage shows none (%s)", v, strings.Join(lines, "; ")))
				}
			}
		}
		return out
	}
	slots := slotsFor(c.positionals, len(pos))
	many := manySlots(c.positionals, len(pos))
	// (a place named as a file of the output's kind writes it too:
	// outputPlaceByKind, last-dotplot's dotplot.png)
	writes := slices.ContainsFunc(c.positionals, func(p PositionalDoc) bool { return outputPositional(p, 1) }) ||
		outputPlaceByKind(c.positionals, m.slots.Inputs(), m.slots.Outputs()) >= 0
	for i, v := range pos {
		switch {
		case many[i] != nil && knownExt(v) && !slotFits(many[i].Name, v) && slotNamesOther(many[i].Name, v) && !exampleHoldsKind(f, v):
			add(fmt.Sprintf("%s stands where the usage names a file of another kind (<%s>)", v, many[i].Name))
		case m.taskOutput(v) && !writes:
			add(fmt.Sprintf("%s is an output written as a positional, where the usage takes none that is written (%s)", v, c.usage))
		case slots[i] != nil && slots[i].ParamType == "file" && FileType(v) == "" && m.regionOrNumber(v):
			add(fmt.Sprintf("%s is a region or a number where the usage reads a file (%s)", v, slots[i].Name))
		}
	}
	return out
}

// readMarked reports a file the task names as one it reads: not marked
// as an output, and right after a word after which a file is read
// ("against db.faa", "in aln.sam", "from x.bam"; lexicon class
// input_marker, a conjunction aside).
func (m *mapper) readMarked(path string) bool {
	if !slices.ContainsFunc(m.slots.Files, func(fs FileSlot) bool { return fs.Path == path && !fs.Output }) {
		return false
	}
	toks := tokens(m.task)
	for i := 1; i < len(toks); i++ {
		if strings.Trim(toks[i], ",;()'\"") != path {
			continue
		}
		// Back over at most four words ("from the saved mapping x"),
		// to the clause's start, an output word or another file.
		for j := i - 1; j >= 0 && j >= i-4; j-- {
			w := strings.ToLower(toks[j])
			if strings.ContainsAny(w, ",;") || FileType(w) != "" || task.V().Word("output_marker", w) {
				break
			}
			if task.V().Word("input_marker", w) && !task.V().Word("conjunction", w) {
				return !writeInClause(toks, j)
			}
		}
	}
	return false
}

// writeInClause reports an output word or a writing verb in the clause
// before toks[j] ("write the alignment in hits.sto": written, not read).
func writeInClause(toks []string, j int) bool {
	for k := j - 1; k >= 0; k-- {
		w := strings.ToLower(toks[k])
		if task.V().Word("output_marker", strings.Trim(w, ",;")) || task.V().Is("write_verb", strings.Trim(w, ",;")) {
			return true
		}
		if strings.ContainsAny(w, ",;") {
			return false
		}
	}
	return false
}

// taskNumber reports a value that is one of the task's numbers.
func (m *mapper) taskNumber(v string) bool {
	return slices.ContainsFunc(m.slots.Numbers, func(n NumberSlot) bool { return n.Value == v })
}

// namesFilePlace reports a flag not typed a file whose help writes its
// placeholder right after a word of a written place ("to file <f>",
// "file FILE"; lexicon written_place_word): its value names a file,
// never a number.
func namesFilePlace(fd FlagDoc) bool {
	if fd.ParamType == "file" || fd.Placeholder == "" {
		return false // a typed file is kindMismatches' to judge
	}
	// The placeholder as the help writes it: in angle brackets, or in
	// capitals ("to file <f>", "from FILE"); "file size" is prose.
	ph := strings.Trim(fd.Placeholder, "<>")
	marked := []string{"<" + ph + ">"}
	if ph == strings.ToUpper(ph) && strings.ContainsFunc(ph, unicode.IsLetter) {
		marked = append(marked, ph)
	}
	d := " " + fd.Description + " "
	for _, w := range task.V().Words("written_place_word") {
		for _, p := range marked {
			if strings.Contains(strings.ToLower(d), " "+w+" "+strings.ToLower(p)) && strings.Contains(d, p) {
				return true
			}
		}
	}
	return false
}

// regionOrNumber reports a value the task gives as a region or a number.
func (m *mapper) regionOrNumber(v string) bool {
	if slices.Contains(m.slots.Regions, v) {
		return true
	}
	return slices.ContainsFunc(m.slots.Numbers, func(n NumberSlot) bool { return n.Value == v })
}

// knownExt reports a file name with an extension.
func knownExt(v string) bool { return FileType(v) != "" && fileExt(v) != "" }

// fileExt is a file name's extension, lower-cased, compression aside
// ("tRNA.cm": cm; "a.fq.gz": fq).
func fileExt(v string) string {
	_, base := task.V().Compression(strings.ToLower(filepath.Base(v)))
	return strings.TrimPrefix(filepath.Ext(base), ".")
}

// notFileFlag reports a flag whose help reads a directory or a suffix,
// not a file (lexicon class not_file_place_word: "Custom temporary
// folder", "--suffix=SUF"), and does not say a file will do, or whose
// name says it takes a format's name.
func notFileFlag(fd FlagDoc) bool {
	if fd.ParamType == "bool" {
		return false
	}
	if takesFormatName(fd) {
		return true // --outfmt, --output-fmt-option: a format's name
	}
	names := strings.Join(append([]string{fd.Name}, fd.Aliases...), " ")
	names = joinsToSpaces.Replace(names)
	text := strings.ToLower(fd.Placeholder + " " + fd.Description)
	v := task.V()
	// A value typed as a path is a file, unless its placeholder or name
	// says a directory (macs2 "--outdir OUTDIR").
	if fd.ParamType == "file" && !v.Mentions("not_file_place_word", strings.ToLower(fd.Placeholder)) && !v.Mentions("not_file_place_word", names) {
		return false
	}
	if !v.Mentions("not_file_place_word", text) && !v.Mentions("not_file_place_word", names) || v.Mentions("file_name_word", text) {
		return false
	}
	// "FASTA/FASTQ of input reads or a directory": a kind of file will do.
	for _, w := range strings.FieldsFunc(strings.ToLower(fd.Description), func(r rune) bool { return r < 'a' || r > 'z' }) {
		if _, ok := v.KindOf(w); ok {
			return false
		}
	}
	return true
}

// slotsFor gives each of n positionals its place in the usage: in order
// up to the first repeatable place, from the end after it; nil where the
// usage has no place for it.
func slotsFor(ps []PositionalDoc, n int) []*PositionalDoc {
	out := make([]*PositionalDoc, n)
	rep := slices.IndexFunc(ps, func(p PositionalDoc) bool { return p.Repeatable })
	if rep < 0 {
		for i := range min(n, len(ps)) {
			out[i] = &ps[i]
		}
		return out
	}
	for i := range min(n, rep) {
		out[i] = &ps[i]
	}
	after := len(ps) - rep - 1
	for k := 0; k < after && n-1-k >= rep; k++ {
		out[n-1-k] = &ps[len(ps)-1-k]
	}
	for i := rep; i < n-after; i++ {
		out[i] = &ps[rep]
	}
	return out
}

// slotFits reports a usage place whose name names the file's extension or
// kind ("<cmfile>" for tRNA.cm, "<in.bam>" for aln.bam, "<hmmdb>" for
// Dfam.hmm): the name's parts, and each part with a place word (lexicon
// written_place_word: "file"; place_name_suffix: "db") taken off its end.
func slotFits(name, v string) bool { return nameFits(name, v, false) }

// kindSlotFits is slotFits that also takes a part that is an extension of
// the file's kind ("<in1.fq>" for r1.fastq.gz): for the usage's places,
// where each place reads a file; a flag's placeholder ("-y <tr_cds.fa>")
// may name what the flag writes.
func kindSlotFits(name, v string) bool { return nameFits(name, v, true) }

func nameFits(name, v string, byExt bool) bool {
	ext, kind := fileExt(v), FileType(v)
	for _, part := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r < 'a' || r > 'z' }) {
		for _, p := range placeNameCands(part) {
			if p == ext || kind != "file" && (p == kind || byExt && extKind(p) == kind) {
				return true
			}
		}
	}
	return false
}

// extKind is the kind file_kinds gives an extension, "" for none.
func extKind(ext string) string {
	k, _ := task.V().KindOf(ext)
	return k
}

// placeNameCands are the readings of a part of a usage place's name: the
// part, and the part with a place word (lexicon written_place_word:
// "file"; place_name_suffix: "db") taken off its end ("hmmfile": hmm).
func placeNameCands(part string) []string {
	cands := []string{part}
	for _, w := range append(task.V().Words("written_place_word"), task.V().Words("place_name_suffix")...) {
		if p, ok := strings.CutSuffix(part, w); ok && p != "" {
			cands = append(cands, p)
		}
	}
	return cands
}

// placeByKind is the pass that swaps two positionals when a usage place's
// name names the other's kind and not its own ("cmsearch <cmfile>
// <seqdb>" given genome.fa tRNA.cm: tRNA.cm goes first), unless the other
// file's own place names its kind too, or when a file stands at a place
// that does not name its kind and a name of no kind at one that does. Files of one extension keep their
// order (keepKindOrder). The places that changed are recorded.
func (m *mapper) placeByKind(f *Fill, c *candidate) {
	if len(c.positionals) == 0 {
		return
	}
	var idx []int
	for i, p := range f.Positionals {
		if p != "" && (p[0] != '-' || p == "-") {
			idx = append(idx, i)
		}
	}
	slots := slotsFor(c.positionals, len(idx))
	var order []string // the files in the order the fill had them
	for _, i := range idx {
		order = append(order, f.Positionals[i])
	}
	swapped := false
	for i := range idx {
		v := f.Positionals[idx[i]]
		if slots[i] == nil || !knownExt(v) || kindSlotFits(slots[i].Name, v) {
			continue
		}
		for j := range idx {
			w := f.Positionals[idx[j]]
			// A name of no kind at a place that names v's kind gives it
			// up ("rsem-prepare-reference <reference_fasta_file(s)>
			// <reference_name>" given ref/mm10 mm10.fa), unless the
			// place is written and v is read ("convert2fasta
			// <i:sequenceDB> <o:fastaFile>" given query.fasta).
			if j != i && slots[j] != nil && (knownExt(w) && kindSlotFits(slots[i].Name, w) && !kindSlotFits(slots[j].Name, w) || !knownExt(w) && kindSlotFits(slots[j].Name, v) && !(m.taskInput(v) && outputPositional(*slots[j], j))) {
				f.Positionals[idx[i]], f.Positionals[idx[j]] = w, v
				swapped = true
				break
			}
		}
	}
	if !swapped {
		return
	}
	keepKindOrder(f.Positionals, idx, order)
	var moved []string
	for k, i := range idx {
		if f.Positionals[i] != order[k] && slots[k] != nil {
			moved = append(moved, fmt.Sprintf("%s as <%s>", f.Positionals[i], slots[k].Name))
		}
	}
	if len(moved) > 0 {
		m.evidence = append(m.evidence, "placed "+joinAnd(moved)+": the usage's names for the places name the files' kinds")
	}
}

// keepKindOrder puts the files of each extension back in the order they
// had before the swaps, at the places the swaps gave that extension: a
// swap moves a file to a place of its kind, not past another file of its
// kind ("bwa sampe <prefix> <in1.sai> <in2.sai> <in1.fq> <in2.fq>" given
// r1.sai r2.sai r1.fq r2.fq ref.fa keeps r1 before r2).
func keepKindOrder(ps []string, idx []int, order []string) {
	byExt := map[string][]string{}
	for _, v := range order {
		byExt[fileExt(v)] = append(byExt[fileExt(v)], v)
	}
	next := map[string]int{}
	for _, i := range idx {
		e := fileExt(ps[i])
		ps[i] = byExt[e][next[e]]
		next[e]++
	}
}

// placeByRole is the pass that swaps two positionals of a command built
// from the help when a usage place's name says it holds the reference
// (lexicon reference_place_word: "razers3 <GENOME FILE> <READS FILE>")
// and the task's reference file ("map reads.fq to ref.fa") stands at
// another place whose name does not say so. The swap is recorded.
func (m *mapper) placeByRole(f *Fill, c *candidate) {
	var idx []int
	for i, p := range f.Positionals {
		if p != "" && p[0] != '-' {
			idx = append(idx, i)
		}
	}
	slots := slotsFor(c.positionals, len(idx))
	holdsRef := func(s *PositionalDoc) bool {
		return s != nil && slices.ContainsFunc(strings.FieldsFunc(strings.ToLower(s.Name), func(r rune) bool { return r < 'a' || r > 'z' }),
			func(w string) bool { return task.V().Word("reference_place_word", w) })
	}
	isRef := func(p string) bool {
		return slices.ContainsFunc(m.slots.Files, func(fs FileSlot) bool { return fs.Path == p && fs.Role == "reference" })
	}
	for i := range idx {
		v := f.Positionals[idx[i]]
		if !holdsRef(slots[i]) || isRef(v) || slotFits(slots[i].Name, v) {
			continue
		}
		for j := range idx {
			w := f.Positionals[idx[j]]
			// A file at a place that names its kind, where the other
			// place does not, stays there (hmmsearch <hmmfile> <seqdb>:
			// Pfam.hmm, read against, is the hmmfile).
			if j != i && slots[j] != nil && isRef(w) && !holdsRef(slots[j]) && !(slotFits(slots[j].Name, w) && !slotFits(slots[i].Name, w)) {
				f.Positionals[idx[i]], f.Positionals[idx[j]] = w, v
				m.evidence = append(m.evidence, fmt.Sprintf("placed %s as <%s> and %s as <%s>: the usage's place holds the reference, and the task reads %s against", w, slots[i].Name, v, slots[j].Name, w))
				break
			}
		}
	}
}

// otherKind returns the kinds a flag's help names in its prose ("log
// messages to FILE": text; "output FASTA file": fasta) when the value is a
// file of a known kind of none of their families, else "". Words of two
// letters, compression suffixes, words in a list of formats ("fasta/q",
// "bed/gff/vcf": the help allows more than it names) and the lexicon's
// not_a_kind_word ("standard out") name no kind. A placeholder that is a
// file of the value's kind outweighs the prose.
func otherKind(fd FlagDoc, v string) string {
	typ := FileType(v)
	if typ == "" || typ == "file" {
		return ""
	}
	if pt := FileType(fd.Placeholder); pt != "" && pt != "file" && family(pt) == family(typ) {
		// the help's own name for the value is a file of this kind
		// ("--genome genome.fasta": the reference used for the bam
		// alignments)
		return ""
	}
	text := strings.ToLower(fd.Description)
	if family(typ) == "text" && task.V().Mentions("holds_list", text) {
		// a list of individuals "from the VCF file": the kind is where
		// the listed items come from, and a text file holds the list
		return ""
	}
	var named []string
	for _, span := range wordSpanRE.FindAllStringIndex(text, -1) {
		w := text[span[0]:span[1]]
		if len(w) < 3 || task.V().Is("not_a_kind_word", w) || span[0] > 0 && text[span[0]-1] == '/' || span[1] < len(text) && text[span[1]] == '/' {
			continue
		}
		if c, _ := task.V().Compression("x." + w); c != "" {
			continue
		}
		// The value's own index named beside it ("An index file
		// (FILE.fai) will be created" of freebayes -f) is no other kind.
		if slices.Contains(task.V().IndexSiblings(typ), w) {
			continue
		}
		k, ok := task.V().KindOf(w)
		if !ok {
			continue
		}
		if family(k) == family(typ) {
			return ""
		}
		if !slices.Contains(named, k) {
			named = append(named, k)
		}
	}
	return strings.Join(named, ", ")
}

// wordSpanRE is a word of letters and digits.
var wordSpanRE = lazyre.New(`[a-z0-9]+`)

// placeMates is the pass that moves two task inputs named as mates
// (r1.fq.gz and r2.fq.gz: one name, 1 and 2) from the positionals to the
// help's pair of flags for them (seqkit pair's -1/--read1 and
// -2/--read2: names alike but for 1 and 2, both reading files), when the
// command sets neither and the usage shows no positional to take them
// (join's FILE1 FILE2 do). The move is recorded.
func (m *mapper) placeMates(f *Fill, c *candidate) {
	if len(c.positionals) > 0 {
		return
	}
	var in []int
	for i, p := range f.Positionals {
		if knownExt(p) && m.taskInput(p) {
			in = append(in, i)
		}
	}
	for x := 0; x+1 < len(in); x++ {
		a, b := f.Positionals[in[x]], f.Positionals[in[x+1]]
		if !mateNames(a, b) {
			continue
		}
		used := map[string]bool{}
		for _, fv := range f.Flags {
			used[fv.Name] = true
		}
		first, second, ok := mateFlags(c.flags, used, a)
		if !ok {
			return
		}
		drop := map[int]bool{in[x]: true, in[x+1]: true}
		var order []string
		var pos []string
		newIdx := map[int]int{}
		for i, p := range f.Positionals {
			if !drop[i] {
				newIdx[i] = len(pos)
				pos = append(pos, p)
			}
		}
		for _, o := range f.Order {
			if o[0] == 'p' {
				if k, keep := newIdx[atoi(o[1:])]; keep {
					order = append(order, fmt.Sprintf("p%d", k))
				}
				continue
			}
			order = append(order, o)
		}
		f.Positionals, f.Order = pos, order
		for k, fd := range []FlagDoc{first, second} {
			v := []string{a, b}[k]
			f.Flags = append(f.Flags, FlagValue{Name: spelling(fd), Value: v, HasValue: true, Style: kvStyle(fd), Why: "the task's mate " + v + ": " + fd.Description})
			f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		}
		m.evidence = append(m.evidence, fmt.Sprintf("gave the mates %s and %s to %s and %s: the help reads mates through them", a, b, spelling(first), spelling(second)))
		return
	}
}

// taskInput reports a file the task names and does not mark as an output.
func (m *mapper) taskInput(path string) bool {
	return slices.ContainsFunc(m.slots.Files, func(fs FileSlot) bool { return fs.Path == path && !fs.Output })
}

// mateNames reports two file names alike but for a 1 in the first where
// the second has a 2 (r1.fq.gz, r2.fq.gz; s_R1_001.fq, s_R2_001.fq).
func mateNames(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	diff := -1
	for i := range len(a) {
		if a[i] != b[i] {
			if diff >= 0 {
				return false
			}
			diff = i
		}
	}
	return diff >= 0 && a[diff] == '1' && b[diff] == '2'
}

// mateFlags finds the help's first pair of unused flags that read files
// (filed under Input, or reading a file parameter) whose names are alike
// but for 1 and 2 (-1/--read1 and -2/--read2; not join's "-1 FIELD"), or
// but for a 2 the second adds (in= and in2=), neither naming a kind of
// file other than path's (reformat.sh's "qfin=<file>  Read qualities from
// this qual file" for reads).
func mateFlags(flags []FlagDoc, used map[string]bool, path string) (FlagDoc, FlagDoc, bool) {
	reads := func(fd FlagDoc) bool {
		return (fd.Category == "Input" || fd.ParamType == "file") && fd.ParamType != "bool" && fd.ParamType != "int" && fd.ParamType != "float" && !alreadyUsed(used, fd) &&
			otherKind(fd, path) == "" && !placeOtherKind(fd.Placeholder, path)
	}
	for _, x := range flags {
		if !reads(x) {
			continue
		}
		for _, y := range flags {
			if !reads(y) || y.Name == x.Name {
				continue
			}
			for _, n := range append([]string{x.Name}, x.Aliases...) {
				if strings.Contains(n, "1") && slices.Contains(append([]string{y.Name}, y.Aliases...), strings.Replace(n, "1", "2", 1)) {
					return x, y, true
				}
				// the first named plainly, the second with a 2 (bbduk's
				// in= and in2=)
				if len(strings.TrimLeft(n, "-")) > 1 && !strings.ContainsAny(n, "0123456789") && slices.Contains(append([]string{y.Name}, y.Aliases...), n+"2") {
					return x, y, true
				}
			}
		}
	}
	return FlagDoc{}, FlagDoc{}, false
}

// slotNamesFit is the share of the command's positional files (names with
// an extension) whose usage place names their kind or extension
// (slotFits: "<hmmfile>" for Pfam-A.hmm), 0 without a usage place.
func slotNamesFit(f *Fill, c *candidate) float64 {
	var pos []string
	for _, p := range f.Positionals {
		if p != "" && (p[0] != '-' || p == "-") {
			pos = append(pos, p)
		}
	}
	slots := slotsFor(c.positionals, len(pos))
	files, fit := 0, 0
	for i, v := range pos {
		if !knownExt(v) {
			continue
		}
		files++
		if slots[i] != nil && slotFits(slots[i].Name, v) {
			fit++
		}
	}
	if files == 0 {
		return 0
	}
	return float64(fit) / float64(files)
}

// manySlots are the usage places for n positionals, a place whose name
// says it is many ("<filename(s)>"; manyPlaceholder) taking them all.
func manySlots(ps []PositionalDoc, n int) []*PositionalDoc {
	ps = slices.Clone(ps)
	for i := range ps {
		ps[i].Repeatable = ps[i].Repeatable || manyPlaceholder(ps[i].Name)
	}
	return slotsFor(ps, n)
}

// exampleHoldsKind reports an adapted example whose arguments hold a file
// of v's kind: the example shows where such a file stands, which a usage
// line of another mode ("stringtie <in.bam ..>" beside --merge) does not.
func exampleHoldsKind(f *Fill, v string) bool {
	if f.Example == nil {
		return false
	}
	kind := FileType(v)
	return slices.ContainsFunc(strings.Fields(f.Example.Args), func(a string) bool { return FileType(strings.Trim(a, "'\"")) == kind })
}

// slotNamesOther reports a usage place whose name names a kind unlike the
// file's: not of its family, and not both kinds of sequences. A place of
// alternatives ("<target.fa>|<target.idx>") names another kind only when
// each of them does; what a bracket leaves optional ("[.gz|.bz2]") names
// none.
func slotNamesOther(name, v string) bool {
	name = bracketedRE.ReplaceAllString(strings.ToLower(name), "")
	for _, alt := range strings.Split(name, "|") {
		if !altNamesOther(alt, v) {
			return false
		}
	}
	return true
}

var bracketedRE = lazyre.New(`\[[^\]]*\]`)

func altNamesOther(alt, v string) bool {
	// A file of no known kind (c.dat) may be any; a place named for
	// plain text ("<in.txt>") takes any file of lines.
	kind := FileType(v)
	if kind == "file" {
		return false
	}
	for _, part := range strings.FieldsFunc(alt, func(r rune) bool { return r < 'a' || r > 'z' }) {
		for _, p := range placeNameCands(part) {
			k, ok := task.V().KindOf(p)
			if !ok || k == "file" || k == "text" || k == kind || family(k) == family(kind) || task.V().Sequences(k) && task.V().Sequences(kind) {
				continue
			}
			return true
		}
	}
	return false
}

// readsGzipped reports a flag named for a compressed file of a kind: a
// compression suffix of the file_kinds rules and a kind's name glued
// (vcftools' --gzvcf beside --vcf).
func readsGzipped(fd FlagDoc) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		n = strings.ToLower(strings.TrimLeft(n, "-"))
		for _, z := range task.V().CompressionSuffixes() {
			if k, ok := strings.CutPrefix(n, z); ok {
				if _, kind := task.V().KindOf(k); kind {
					return true
				}
			}
		}
	}
	return false
}

// compressedName reports a file name with a compression suffix.
func compressedName(v string) bool {
	c, _ := task.V().Compression(strings.ToLower(filepath.Base(v)))
	return c != ""
}
