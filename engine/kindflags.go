package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/task"
)

// A task that names a file kind ("the FASTA-format reads", "as JSON",
// "tabular output", "以 BED 格式") asks for the flag of the help that
// names that kind: a switch ("-f: query input files are (multi-)FASTA")
// or a listed value ("-O: Specify output format (json, tsv)"). So does a
// task file whose kind a flag names when the help names another kind as
// the default ("-q: … FASTQ (default)" for reads.fa; "-a: output in the
// SAM format (PAF by default)" for aln.sam). A kind the help names for
// the tool's default needs no flag, and a help that names a kind in
// passing ("force SAM output order") chooses none (kindSwitch). When two
// flags name the kind alike, none is added and the command is recorded
// as lacking one (the unmet_kind feature): it may be confidently wrong.
// The kinds' words are data: file_kinds extensions, and the lexicon
// classes kind_name, plain_kind_word, kind_in_word and kind_out_word.

// namedKinds returns the kinds a text names in words, each with the
// first word that names it: a kind's extension or name as kindWords reads
// them ("FASTA", "json"), or a word of the lexicon class kind_name, whose
// value is a kind's extension ("tabular" → tsv). Words of the lexicon
// class plain_kind_word (extensions that are plain words in prose: "tree",
// "log") name none.
func namedKinds(text string) map[string]string {
	out := map[string]string{}
	for _, kw := range kindWords(text) {
		if task.V().Word("plain_kind_word", kw.word) || kw.kind == "file" {
			continue
		}
		if _, seen := out[kw.kind]; !seen {
			out[kw.kind] = kw.word
		}
	}
	for _, sp := range task.V().Spans("kind_name", text) {
		w := strings.ToLower(text[sp[0]:sp[1]])
		ext, ok := task.V().ValueOf("kind_name", w)
		if !ok {
			continue
		}
		if k, ok := task.V().KindOf(ext); ok {
			if _, seen := out[k]; !seen {
				out[k] = w
			}
		}
	}
	return out
}

// kindAsk is a kind the task asks for: named in its words (prose), or
// the kind of an input file; dir says whether it is the input's ("in")
// or the output's ("out").
type kindAsk struct {
	kind, word, dir string
	prose           bool
}

// clauseRE parts a task into clauses at punctuation.
var clauseRE = lazyre.New(`[,;，；。]\s*`)

// proseKinds are the kinds the task names in its words, files left out
// and the words after a negation too ("no HTML" asks for no HTML). A kind
// is the input's when its clause holds an input of its family ("the
// FASTA-format reads in reads.fa"); else the output's when an output is of
// its family or its clause says it writes (lexicon kind_out_word: "save
// … in BAM format"); else the input's when an input is of its family.
func (m *mapper) proseKinds(c *candidate) []kindAsk {
	inFam, outFam, outPath := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, fs := range m.slots.Inputs() {
		inFam[family(fs.Type)] = true
	}
	for _, fs := range m.slots.Outputs() {
		outFam[family(fs.Type)] = true
		outPath[fs.Path] = true
	}
	toolNames := append([]string{c.exe, c.key}, c.sub...)
	var out []kindAsk
	for _, clause := range clauseRE.Split(m.task, -1) {
		tw := strings.Fields(clause)
		// The family and role of each file of the clause, by place.
		files := make([]string, len(tw))
		var keep []string
		negated, own := negatedFields(tw)
		for i, w := range tw {
			if p := strings.Trim(w, ",;:()[]'\""); FileType(p) != "" {
				files[i] = "in"
				if outPath[p] {
					files[i] = "out"
				}
				files[i] += " " + family(FileType(p)) + " " + FileType(p)
				continue
			}
			if !negated[i] && !own[i] {
				keep = append(keep, w)
			}
		}
		writes := task.V().Mentions("kind_out_word", strings.Join(keep, " "))
		for i, w := range tw {
			if files[i] != "" || !slices.Contains(keep, w) {
				continue
			}
			ks := namedKinds(w)
			for _, k := range sortedKeys(ks) {
				word := ks[k]
				if slices.ContainsFunc(toolNames, func(n string) bool { return strings.EqualFold(n, word) }) ||
					slices.ContainsFunc(out, func(a kindAsk) bool { return a.kind == k }) {
					continue // the tool's name ("sam" of a subcommand) is no kind asked
				}
				fam := family(k)
				dir := nearestRole(files, i, fam, k)
				if dir == "" {
					dir = "out"
					if !outFam[fam] && !writes && inFam[fam] {
						dir = "in"
					}
				}
				out = append(out, kindAsk{kind: k, word: word, dir: dir, prose: true})
			}
		}
	}
	return out
}

// nearestRole is the role ("in", "out") of the file of family fam the
// clause names next after word i, else the one before it; "" for none.
// An input of the family but of another kind than k names no input of
// k: the task converts it ("convert genes.gff3 to GTF", "aln.sam to
// BAM"), so k is the output's.
func nearestRole(files []string, i int, fam, k string) string {
	role := func(j int) (string, bool) {
		r, rest, ok := strings.Cut(files[j], " ")
		f, kind, _ := strings.Cut(rest, " ")
		if !ok || f != fam {
			return "", false
		}
		if r == "in" && kind != k {
			return "out", true
		}
		return r, true
	}
	for j := i + 1; j < len(files); j++ {
		if r, ok := role(j); ok {
			return r
		}
	}
	for j := i - 1; j >= 0; j-- {
		if r, ok := role(j); ok {
			return r
		}
	}
	return ""
}

// kindFlag is a flag of the help that names a kind: a switch, or a
// valued flag with the listed value that names it.
type kindFlag struct {
	fd    FlagDoc
	value string
	// exact: the flag's name or value is the task's word for the kind
	// ("--bed", "json"), not only a word of its help.
	exact bool
	// isDefault: the help marks it as the default.
	isDefault bool
	// dir is "in" or "out" when the help says the flag is about the
	// input or the output.
	dir string
	// otherDefault: the help names another kind as the default ("(PAF
	// by default)", a format flag's "Default is gbk").
	otherDefault bool
	// words is the meaning the help gives a listed value ("Tabular with
	// comment lines" for BLAST's 7).
	words string
}

// onByDefault reports a switch whose help marks it as the default
// (lexicon switch_on_by_default: "(default)", "[Default]") or whose
// default is on (lexicon switch_on_value: EMBOSS "-[no]report toggle
// [Y]"): setting it changes nothing.
func onByDefault(fd FlagDoc) bool {
	return task.V().Mentions("switch_on_by_default", fd.Description) ||
		fd.ParamType == "bool" && task.V().Word("switch_on_value", strings.ToLower(fd.Default))
}

// flagDir reads whether a flag's name or help says it is about the input
// or the output (lexicon classes kind_in_word, kind_out_word).
func flagDir(fd FlagDoc) string {
	in, out := false, false
	var words []string
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		words = append(words, splitIdent(strings.TrimLeft(n, "-"))...)
	}
	for _, w := range words {
		in = in || task.V().Is("kind_in_word", w)
		out = out || task.V().Is("kind_out_word", w)
	}
	for _, w := range wordSpanRE.FindAllString(strings.ToLower(fd.Description), -1) {
		in = in || task.V().Word("kind_in_word", w)
		out = out || task.V().Word("kind_out_word", w)
	}
	switch {
	case in && !out:
		return "in"
	case out && !in:
		return "out"
	}
	return ""
}

// otherKindRE finds the part of a help that names a kind the switch does
// not give: "(PAF by default)", "instead of GFF3".
var otherKindRE = lazyre.New(`(?i)\([^()]*\bdefault\b[^()]*\)|\binstead of [\w.+-]+`)

// switchKinds are the kinds a switch gives: those of its names when
// they name one ("-fasta", "--bed": its help may list the other kinds'
// switches), else those of its help but for the kinds it names as the
// default or as what it replaces (other).
func switchKinds(fd FlagDoc) (own, other map[string]string) {
	names := ""
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		names += " " + strings.ReplaceAll(strings.TrimLeft(n, "-"), ".", " ")
	}
	if ks := namedKinds(names); len(ks) > 0 {
		return ks, nil
	}
	other = map[string]string{}
	for _, o := range otherKindRE.FindAllString(fd.Description, -1) {
		for k, w := range namedKinds(o) {
			other[k] = w
		}
	}
	own = namedKinds(otherKindRE.ReplaceAllString(fd.Description, " "))
	return own, other
}

// kindSwitch reports a switch that chooses a kind, with the kinds it
// gives: its help names another kind as the default or as what it
// replaces ("output in the SAM format (PAF by default)"); or another
// switch gives another kind and its names, or its help with the kinds'
// words left out, are alike (scoring.fit.sibling_share_min: "-q: query
// input files are FASTQ (default)" and "-f: … (multi-)FASTA", "-fasta"
// and "-fastq"). A help that names a kind in passing ("force SAM output
// order") chooses none.
func kindSwitch(fd FlagDoc, c *candidate) (map[string]string, bool) {
	own, other := switchKinds(fd)
	if len(own) == 0 {
		return nil, false
	}
	if len(other) > 0 || declaresInputKind(fd) {
		return own, true
	}
	words := func(g FlagDoc) map[string]bool {
		out := map[string]bool{}
		for w := range contentWords(otherKindRE.ReplaceAllString(g.Description, " ")) {
			if len(namedKinds(w)) == 0 {
				out[w] = true
			}
		}
		return out
	}
	byName := len(namedKinds(strings.ReplaceAll(strings.TrimLeft(fd.Name, "-"), ".", " "))) > 0
	mine := words(fd)
	for _, g := range c.flags {
		if g.Name == fd.Name || g.ParamType != "bool" {
			continue
		}
		gk, _ := switchKinds(g)
		if len(gk) == 0 || sameKeys(gk, own) {
			continue
		}
		gByName := len(namedKinds(strings.ReplaceAll(strings.TrimLeft(g.Name, "-"), ".", " "))) > 0
		if byName && gByName || !byName && !gByName && shareOf(mine, words(g)) >= sc.Fit.SiblingShareMin {
			return own, true
		}
	}
	return nil, false
}

// declaresInputKind reports a switch whose help declares the kind of the
// input and nothing else: it is about the input (flagDir), names one
// kind, and a word of the lexicon class kind_declaring_word stands before
// it with only words of kind_declaring_filler between ("Indicate the
// input file provided via -i is in BAM format", "Input file is a BAM
// file", "specify that input is in SAM format"; not "if the STDIN is
// interleaved paired-end FASTQ"). The tool reads another kind without it,
// as a help that names the default kind says outright.
func declaresInputKind(fd FlagDoc) bool {
	if fd.ParamType != "bool" || flagDir(fd) != "in" {
		return false
	}
	if own, other := switchKinds(fd); len(own) != 1 || len(other) > 0 {
		return false
	}
	ws := wordSpanRE.FindAllString(strings.ToLower(fd.Description), -1)
	for i, w := range ws {
		if len(namedKinds(w)) == 0 {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			if task.V().Word("kind_declaring_word", ws[j]) {
				return true
			}
			if !task.V().Word("kind_declaring_filler", ws[j]) {
				break
			}
		}
	}
	return false
}

// sameKeys reports two maps with the same keys.
func sameKeys(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			return false
		}
	}
	return true
}

// kindFlags are the candidate's flags that name kind k.
func kindFlags(c *candidate, k, word string) []kindFlag {
	var out []kindFlag
	for _, fd := range c.flags {
		if fd.Name == "" || helpProbe(fd) {
			continue // "--help <fmt>: detailed help for an input format" writes no kind
		}
		dir := flagDir(fd)
		if fd.ParamType == "bool" {
			ks, ok := kindSwitch(fd, c)
			if _, own := ks[k]; !ok || !own {
				continue
			}
			exact := false
			for _, n := range append([]string{fd.Name}, fd.Aliases...) {
				exact = exact || strings.EqualFold(strings.TrimLeft(n, "-"), word)
			}
			_, other := switchKinds(fd)
			out = append(out, kindFlag{fd: fd, exact: exact, isDefault: onByDefault(fd), dir: dir, otherDefault: len(other) > 0 || declaresInputKind(fd)})
			continue
		}
		if fd.ParamType == "file" || fd.ParamType == "int" || fd.ParamType == "float" {
			continue
		}
		def := kindDefault(fd)
		pairs := kindPairs(fd)
		if kindsNamed(pairs) < 2 {
			continue // a format flag lists two kinds or more
		}
		for _, p := range pairs {
			ks := pairKinds(p)
			if _, ok := ks[k]; !ok || len(ks) > 2 {
				continue
			}
			out = append(out, kindFlag{fd: fd, value: p.value, exact: namesWord(p, word), isDefault: isDefaultPair(p, def), dir: dir, otherDefault: defaultNamesKind(pairs, def), words: p.words})
		}
	}
	return out
}

// listRunRE reads a run of values a help lists in parentheses or after a
// colon: "(json, tsv)", "(SAM, BAM, CRAM)", "output format: TAB, MAF".
var listRunRE = lazyre.New(`(?:\(|:\s*)([A-Za-z][\w+-]*(?:(?:,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+)[A-Za-z][\w+-]*)+)`)

// listSepRE parts the values of a run: commas, "or", "and".
var listSepRE = lazyre.New(`\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+`)

// kindPairs are the values a flag's help lists with their meaning
// (choicePairs), or, when it lists none, a run of values that names two
// kinds or more ("Specify output format (json, tsv)").
func kindPairs(fd FlagDoc) []choicePair {
	if ps := choicePairs(fd); len(ps) >= 2 {
		return ps
	}
	for _, m := range listRunRE.FindAllStringSubmatch(fd.Description, -1) {
		var ps []choicePair
		kinds := 0
		for _, v := range listSepRE.Split(m[1], -1) {
			if isKindName(strings.ToLower(v)) {
				kinds++
			}
			ps = append(ps, choicePair{v, v, true, false})
		}
		if kinds >= 2 {
			return ps
		}
	}
	return nil
}

// pairKinds are the kinds a listed value names: by the value itself, or
// by its meaning in a few words ("6 = Tabular", "3=BED"; at most
// scoring.fit.kind_meaning_words), not a sentence of the help.
func pairKinds(p choicePair) map[string]string {
	if ks := namedKinds(p.value); len(ks) > 0 {
		return ks
	}
	if float64(len(strings.Fields(p.words))) <= sc.Fit.KindMeaningWords {
		return namedKinds(p.words)
	}
	return nil
}

// kindsNamed counts the kinds a flag's listed values name.
func kindsNamed(pairs []choicePair) int {
	all := map[string]bool{}
	for _, p := range pairs {
		for k := range pairKinds(p) {
			all[k] = true
		}
	}
	return len(all)
}

// kindDefaultRE reads a default a help writes in prose: "Default is gbk",
// "(default: MAF)", "default=bigwig".
var kindDefaultRE = lazyre.New(`(?i)\bdefault(?:\s+is|:|=)\s*'?([A-Za-z][\w.+-]*)`)

// kindDefault is a format flag's default: the help's own, else one its
// prose names.
func kindDefault(fd FlagDoc) string {
	if d := defaultValue(fd); d != "" {
		return d
	}
	if m := kindDefaultRE.FindStringSubmatch(fd.Description); m != nil {
		return strings.TrimRight(m[1], ".")
	}
	return ""
}

// defaultNamesKind reports a format flag's default that is one of its
// listed values and names a kind.
func defaultNamesKind(pairs []choicePair, def string) bool {
	for _, p := range pairs {
		if isDefaultPair(p, def) && len(pairKinds(p)) > 0 {
			return true
		}
	}
	return false
}

// kindNamedByFill are the kinds the flags of the fill already name (a
// switch's help, a value and its meaning): those asks are met.
func (m *mapper) kindNamedByFill(f *Fill, c *candidate) map[string]bool {
	out := map[string]bool{}
	if len(c.sub) > 0 {
		// A subcommand's name and description say the kinds it reads and
		// writes ("fq2fa: convert FASTQ to FASTA").
		text := c.desc
		for _, n := range c.sub {
			text += " " + strings.Join(splitParts(n, true), " ")
		}
		for k := range namedKinds(text) {
			out[k] = true
		}
	}
	for _, fv := range f.Flags {
		text := strings.TrimLeft(fv.Name, "-")
		if fd, ok := LookupFlag(c.flags, fv.Name); ok {
			if fd.ParamType == "bool" {
				// A switch that chooses a kind meets it; one whose help
				// names a kind in passing ("-M: multi-mapping reads, as the
				// SAM/BAM NH tag says") does not. A switch about the input
				// meets the kinds it reads ("--alignments: Input file
				// contains alignments in SAM/BAM/CRAM format").
				if ks, ok := kindSwitch(fd, c); ok {
					for k := range ks {
						out[k] = true
					}
				} else if flagDir(fd) == "in" {
					own, _ := switchKinds(fd)
					for k := range own {
						out[k] = true
					}
				}
			} else if typ := FileType(fv.Value); fv.HasValue && typ != "" && typ != "file" {
				// A file of the kind written through a flag whose
				// name or help names that kind ("--fastaout
				// filtered.fasta": FASTA output file) meets the ask
				// ("in FASTA format").
				if _, ok := namedKinds(strings.Join(splitParts(strings.TrimLeft(fv.Name, "-"), true), " ") + " " + fd.Description)[typ]; ok {
					out[typ] = true
				}
			} else if fv.HasValue && typ == "" {
				text += " " + fv.Value
				for _, p := range kindPairs(fd) {
					if strings.EqualFold(p.value, fv.Value) {
						text += " " + p.words
					}
				}
			}
		}
		for k := range namedKinds(text) {
			out[k] = true
		}
	}
	return out
}

// addKindFlags is the pass that adds the flag of the help that names a
// kind the task asks for (see above).
func (m *mapper) addKindFlags(f *Fill, c *candidate, used map[string]bool) {
	met := m.kindNamedByFill(f, c)
	asks := m.proseKinds(c)
	for _, fs := range m.slots.Inputs() {
		if fs.Type != "" && fs.Type != "file" && !slices.ContainsFunc(asks, func(a kindAsk) bool { return a.kind == fs.Type }) {
			asks = append(asks, kindAsk{kind: fs.Type, word: fs.Type, dir: "in"})
		}
	}
	for _, fs := range m.slots.Outputs() {
		if fs.Type != "" && fs.Type != "file" && !slices.ContainsFunc(asks, func(a kindAsk) bool { return a.kind == fs.Type }) {
			asks = append(asks, kindAsk{kind: fs.Type, word: fs.Type, dir: "out"})
		}
	}
	for _, a := range asks {
		if met[a.kind] {
			continue
		}
		dir := a.dir
		var fit []kindFlag
		for _, kf := range kindFlags(c, a.kind, a.word) {
			// A flag about the input says so ("query input files are
			// FASTA", --input_type); one that says neither is about the
			// output (--bed, --gtf).
			if kf.dir != dir && (kf.dir != "" || dir == "in") || alreadyUsed(used, kf.fd) && !kf.isDefault {
				continue
			}
			fit = append(fit, kf)
		}
		if len(fit) == 0 {
			continue
		}
		if slices.ContainsFunc(fit, func(kf kindFlag) bool { return kf.isDefault }) {
			continue // the tool's default is that kind
		}
		if !a.prose && !slices.ContainsFunc(fit, func(kf kindFlag) bool { return kf.otherDefault }) && !m.otherKindDefault(c, a.kind, dir) {
			// Only a file's extension asks, and the help says no other
			// kind is the default: the tool may read or write it as the
			// file's name says.
			continue
		}
		if len(fit) > 1 {
			// The flag named by the task's word ("--bed", "json") wins,
			// though only a usage line lists it: "--gtf" of "[--bed |
			// --gtf | --tlf]" beside "-T: main output will be GTF" writes
			// the same GTF.
			if ex := slices.DeleteFunc(slices.Clone(fit), func(kf kindFlag) bool { return !kf.exact }); len(ex) >= 1 {
				fit = ex
			}
		}
		fit = plainestValue(fit)
		if len(fit) != 1 {
			var names []string
			for _, kf := range fit {
				names = append(names, strings.TrimSpace(kf.fd.Name+" "+kf.value))
			}
			m.unmetKinds++
			m.evidence = append(m.evidence, fmt.Sprintf("unmet kind: the task asks for %s and %s name it alike; none added", a.word, joinAnd(names)))
			continue
		}
		kf := fit[0]
		if kf.value != "" {
			// The task writes one of the flag's values itself ("BlastTab
			// output" to hits.tab): that value, not the kind's.
			pairs := kindPairs(kf.fd)
			if named := m.namedPairs(pairs, c); len(named) == 1 && !strings.EqualFold(pairs[named[0]].value, kf.value) {
				if isDefaultPair(pairs[named[0]], kindDefault(kf.fd)) {
					continue
				}
				kf.value = pairs[named[0]].value
			}
		}
		name := spelling(kf.fd)
		used[kf.fd.Name], used[name] = true, true
		met[a.kind] = true
		why := fmt.Sprintf("the task asks for %s: %s's help names it", a.word, kf.fd.Name)
		if !a.prose {
			role := "input"
			if dir == "out" {
				role = "output"
			}
			why = fmt.Sprintf("the task's %s is %s, and %s's help names it (another kind is the default)", role, a.kind, kf.fd.Name)
		}
		fv := FlagValue{Name: name, Why: why}
		if kf.value != "" {
			fv.Value, fv.HasValue, fv.Style = kf.value, true, kvStyle(kf.fd)
			m.placedWords[strings.ToLower(kf.value)] = true
		}
		if i := m.defaultKindSwitch(f, c, kf, a.kind); i >= 0 {
			// The example's switch for the default kind gives way
			// ("-m: output a multi fasta alignment file (default)" for
			// "-v: output a VCF file").
			m.evidence = append(m.evidence, fmt.Sprintf("set %s for the example's %s: %s (%s names the default kind)", name, f.Flags[i].Name, why, f.Flags[i].Name))
			f.Flags[i] = fv
			continue
		}
		f.Flags = append(f.Flags, fv)
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, "added "+strings.TrimSpace(name+" "+kf.value)+": "+why)
	}
}

// addCompressedValue is the pass that adds, for an output the task writes
// compressed (calls.vcf.gz), the value of a listed-value flag whose
// meaning names the output's kind written compressed (bcftools' "-O
// b|u|z|v: … 'z' compressed VCF; 'v' uncompressed VCF [v]"): the default
// writes it uncompressed, the file's name asks otherwise. Exactly one
// value of one unused flag must fit; the value's meaning must say
// compressed (lexicon class compressed_word, a whole word: not
// "uncompressed").
func (m *mapper) addCompressedValue(f *Fill, c *candidate, used map[string]bool) {
	for _, fs := range m.slots.Outputs() {
		if fs.Compression == "" || fs.Type == "" || fs.Type == "file" {
			continue
		}
		var hits []flagValueHit
		for _, fd := range c.flags {
			if fd.Name == "" || fd.ParamType == "bool" || alreadyUsed(used, fd) || used[spelling(fd)] {
				continue
			}
			for _, p := range kindPairs(fd) {
				words := strings.ToLower(p.words)
				if _, ok := pairKinds(p)[family(fs.Type)]; !ok || !slices.Contains(strings.Fields(words), fs.Type) && !slices.Contains(strings.Fields(words), fileExt(fs.Path)) {
					continue
				}
				// (whole words: "uncompressed VCF" says no compressed_word)
				if task.V().Mentions("compressed_word", words) && !strings.EqualFold(p.value, kindDefault(fd)) {
					hits = append(hits, flagValueHit{fd, p.value})
				}
			}
		}
		if len(hits) != 1 {
			continue
		}
		h := hits[0]
		why := fmt.Sprintf("the task writes %s compressed, and %s's help names %s for it", fs.Path, h.fd.Name, h.value)
		name := m.giveValue(f, h.fd, used, h.value, why)
		m.evidence = append(m.evidence, "added "+name+" "+h.value+": "+why)
	}
}

// defaultKindSwitch returns the index of the fill's switch, kept from
// the example, that the help marks as the default and that names another
// kind than k about the direction kf is about, for a switch kf; -1 when
// there is none.
func (m *mapper) defaultKindSwitch(f *Fill, c *candidate, kf kindFlag, k string) int {
	if kf.value != "" {
		return -1
	}
	for i, fv := range f.Flags {
		if fv.HasValue || fv.Why != "from the example" {
			continue
		}
		fd, ok := LookupFlag(c.flags, fv.Name)
		if !ok || fd.ParamType != "bool" || !onByDefault(fd) || flagDir(fd) != kf.dir {
			continue
		}
		if ks, ok := kindSwitch(fd, c); ok {
			if _, own := ks[k]; !own {
				return i
			}
		}
	}
	return -1
}

// namesWord reports a listed value that is the task's word for a kind,
// or its extension ("phylip" for phy), by its value or a name of it
// ("phy[lip]").
func namesWord(p choicePair, word string) bool {
	alts := []string{word}
	if ext, ok := task.V().ValueOf("kind_name", word); ok {
		alts = append(alts, ext)
	}
	names := append([]string{p.value}, strings.Fields(braceWords(p))...)
	for _, a := range alts {
		for _, n := range names {
			if strings.EqualFold(a, n) {
				return true
			}
		}
	}
	return false
}

// otherKindDefault reports a switch of the help that chooses a kind
// (kindSwitch) other than k, about the direction dir or about neither,
// and that the help marks as the default ("-q: query input files are
// FASTQ (default)").
func (m *mapper) otherKindDefault(c *candidate, k, dir string) bool {
	for _, fd := range c.flags {
		if fd.ParamType != "bool" || !onByDefault(fd) {
			continue
		}
		if d := flagDir(fd); d != "" && d != dir {
			continue
		}
		if ks, ok := kindSwitch(fd, c); ok {
			if _, own := ks[k]; !own {
				return true
			}
		}
	}
	return false
}

// plainestValue narrows values of one flag that name a kind alike to the
// one whose meaning says the least beside it: "6 = Tabular" over "7 =
// Tabular with comment lines", which adds to the kind what the task does
// not ask for. Flags of their own, or meanings of one length, stay a tie.
func plainestValue(fit []kindFlag) []kindFlag {
	if len(fit) < 2 {
		return fit
	}
	best, tied := -1, false
	for i, kf := range fit {
		if kf.value == "" || kf.fd.Name != fit[0].fd.Name {
			return fit
		}
		switch n := len(strings.Fields(kf.words)); {
		case best < 0 || n < len(strings.Fields(fit[best].words)):
			best, tied = i, false
		case n == len(strings.Fields(fit[best].words)):
			tied = true
		}
	}
	if tied {
		return fit
	}
	return fit[best : best+1]
}

// sortedKeys returns a map's keys in order.
func sortedKeys(mp map[string]string) []string {
	out := make([]string, 0, len(mp))
	for k := range mp {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
