package engine

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/task"
)

// bestFlag returns the candidate's flag that best fits a value's words.
func (m *mapper) bestFlag(c *candidate, ctx []string, want func(FlagDoc) bool, used map[string]bool) (FlagDoc, float64) {
	best, s, _ := m.bestFlagTied(c, ctx, want, used)
	return best, s
}

// bestFlagTied is bestFlag that also returns another flag that fits the
// words as well as the best, if one does (--lencutoff and --reject, both
// "proportional length threshold", for "shorter than 50% of the
// expected length").
func (m *mapper) bestFlagTied(c *candidate, ctx []string, want func(FlagDoc) bool, used map[string]bool) (FlagDoc, float64, string) {
	best, s, tied, _ := m.bestFlagRanked(c, ctx, want, used)
	return best, s, tied
}

// bestFlagRanked is bestFlagTied that also returns the runner-up's fit
// (the best fit of any other flag).
func (m *mapper) bestFlagRanked(c *candidate, ctx []string, want func(FlagDoc) bool, used map[string]bool) (FlagDoc, float64, string, float64) {
	var best FlagDoc
	tied := ""
	bestScore, second := 0.0, 0.0
	for i := range c.flags {
		fd := c.flags[i]
		if used[fd.Name] || !want(fd) || fd.Category == "General" && fd.ParamType == "bool" {
			continue
		}
		if fd.Name == "" || alreadyUsed(used, fd) {
			continue
		}
		s := m.fitFlag(fd.Name, &fd, ctx)
		switch {
		case s > bestScore:
			best, bestScore, second, tied = fd, s, bestScore, ""
		case s == bestScore && s > 0 && tied == "":
			tied, second = fd.Name, s
		case s > second:
			second = s
		}
	}
	return best, bestScore, tied, second
}

// limitBound is the bound fitFlag reads for a number's limit: "least"
// for a low one ("at least 5"), "most" for a high one.
func limitBound(limit string) string {
	switch limit {
	case "low":
		return "least"
	case "high":
		return "most"
	}
	return ""
}

// literalTie settles a tie between flags for a number by the task's own
// words: among the flags that fit alike, the one whose names and help
// share the most of the number's words, concepts and bound left out, is
// the place ("discarding reads shorter than 50": --length_required,
// "reads shorter than length_required will be discarded", over
// --poly_g_min_len, "the minimum length to detect polyG", which the
// concept of length and the bound fit as well). A Chinese run counts by
// its senses. A tie in those words too stands.
func (m *mapper) literalTie(c *candidate, best FlagDoc, s float64, tied string, ctx []string, want func(FlagDoc) bool, used map[string]bool) (FlagDoc, string) {
	if tied == "" {
		return best, tied
	}
	text := strings.Join(ctx, " ")
	if isCJK(text) {
		// a Chinese run's senses are its words ("短于": shorter)
		text = strings.Join(append([]string{text}, senseWords(text)...), " ")
	}
	words := rooted(contentWords(text))
	top, topN, second := best, -1, -1
	for i := range c.flags {
		fd := c.flags[i]
		if fd.Name == "" || used[fd.Name] || alreadyUsed(used, fd) || !want(fd) || fd.Category == "General" && fd.ParamType == "bool" || m.fitFlag(fd.Name, &fd, ctx) != s {
			continue
		}
		n := overlap(words, rooted(contentWords(strings.Join(slices.Concat([]string{fd.Name, fd.Description}, fd.Aliases), " "))))
		switch {
		case n > topN:
			top, topN, second = fd, n, topN
		case n > second:
			second = n
		}
	}
	if topN > second {
		return top, ""
	}
	return best, tied
}

// subordinateTie settles a tie between two flags for a number when the
// help of one names the other ("--threads-max: max number of threads
// for -T AUTO"): that one qualifies the other, and the named flag is the
// place. Any other tie stands.
func subordinateTie(c *candidate, best FlagDoc, tied string) (FlagDoc, string) {
	if tied == "" {
		return best, tied
	}
	other, ok := LookupFlag(c.flags, tied)
	switch {
	case !ok:
		return best, tied
	case namesFlag(other.Description, best):
		return best, ""
	case namesFlag(best.Description, other):
		return other, ""
	}
	return best, tied
}

// alreadyUsed reports a flag the command sets, under any of its names,
// or one the help says cannot be used with a flag the command sets
// (blastn's -subject beside -db): either way it takes no further value.
func alreadyUsed(used map[string]bool, fd FlagDoc) bool {
	for _, a := range fd.Aliases {
		if used[a] {
			return true
		}
	}
	for _, x := range fd.Excludes {
		if used[x] {
			return true
		}
	}
	return used[fd.Name]
}

// spelling picks how to write a flag: the short alias when the help gives
// one (that is how examples and people write them), else the name. A
// short alias may be longer than a letter (deeptools' "--corData FILE,
// -in FILE"): one dash against two is what makes it short.
func spelling(fd FlagDoc) string {
	best := ""
	for _, a := range fd.Aliases {
		if len(a) >= 2 && a[0] == '-' && a[1] != '-' && (best == "" || len(a) < len(best)) {
			best = a
		}
	}
	if best != "" && (strings.HasPrefix(fd.Name, "--") || len(best) < len(fd.Name)) {
		return best
	}
	return fd.Name
}

// tempFor reports a flag that writes temporary files (samtools sort's -T
// "Write temporary files to PREFIX.nnnn.bam") for a task output whose
// words do not say it is one: no place for it.
func (m *mapper) tempFor(fd FlagDoc, path string) bool {
	v := task.V()
	if !v.Mentions("temporary_word", fd.Description+" "+strings.Join(append([]string{fd.Name, fd.Placeholder}, fd.Aliases...), " ")) {
		return false
	}
	ctx := strings.Join(m.valueWords(path), " ")
	return !v.Mentions("temporary_word", ctx) && !v.Mentions("sense_temporary", ctx)
}

// addOutput writes a task output through the candidate's output flag.
func (m *mapper) addOutput(f *Fill, c *candidate, path string, used map[string]bool) {
	// A flag whose help reads a directory or a suffix (zcat's -S "use
	// suffix SUF") takes no file of a kind.
	// Nor does a flag of listed values (deeptools' --outFileFormat
	// {bigwig,bedgraph}): it names a format, not a place.
	// Nor does a flag that writes temporary files (tempFor).
	isOut := func(fd FlagDoc) bool {
		return fd.Category == "Output" && fd.ParamType != "bool" && fd.ParamType != "choice" && len(fd.Choices) == 0 && !(knownExt(path) && notFileFlag(fd)) && !m.tempFor(fd, path)
	}
	// A file of a kind is a whole name, not a prefix: while an output
	// flag that takes no prefix is left, a prefix flag is none (NanoStat's
	// -p PREFIX beside -n "a filename/path for the output"), unless the
	// task calls the file a prefix.
	if knownExt(path) && !task.V().Mentions("prefix_flag_name", strings.Join(m.valueWords(path), " ")) &&
		slices.ContainsFunc(c.flags, func(fd FlagDoc) bool { return isOut(fd) && !alreadyUsed(used, fd) && !prefixPlace(fd) }) {
		whole := isOut
		isOut = func(fd FlagDoc) bool { return whole(fd) && !prefixPlace(fd) }
	}
	var fd FlagDoc
	var s float64
	if f.Example == nil {
		// Built from the help alone: the output flag whose help or
		// placeholder names the output's words (hisat2's "-S <sam>" for
		// out.sam), or the one named as an output (clustalo's -o, not
		// --distmat-out "Pairwise distance matrix output file").
		fd, s = m.outputFlagFor(c, path, isOut, used)
	}
	if s <= 0 {
		fd, s = m.bestFlag(c, task.V().Words("output_flag_hint"), isOut, used)
	}
	if s <= 0 {
		// No hint word fits its help ("out file", seqkit's global -o),
		// but the flag is named as an output flag is: it is the one.
		fd, s = namedOutputFlag(c, isOut, used)
	}
	if s <= 0 {
		// A flag whose help says it writes a place and names the
		// output's words (barrnap's --outseq "Save rRNA hit seqs to this
		// FASTA file" for "save the rRNA sequences to rrna.fa").
		fd, s = writingFlagFor(c, path, m.valueWords(path), used)
		if knownExt(path) && notFileFlag(fd) {
			s = 0
		}
	}
	if s <= 0 {
		// A file flag whose help names the output's extension (bgzip's
		// -I "name of BGZF index file [file.gz.gzi]" for x.gzi).
		fd, s = extensionFlagFor(c, path, used)
	}
	if s <= 0 {
		// A file flag named for the output's kind (exonerate fastaindex's
		// "--index -i <path>  Index file path" for genome.idx).
		fd, s = kindFlagFor(c, path, used)
	}
	// The example wrote to standard output a file the task does not name
	// (its "> regions.bed" for the task's out.tsv): the tool writes there,
	// so the task's output takes the redirection.
	exampleStdout := f.Stdout != "" && !m.taskOutput(f.Stdout)
	if s <= 0 && (f.Stdout == "" && writesStdout(c) || exampleStdout) {
		if exampleStdout {
			m.evidence = append(m.evidence, "the example writes to standard output ("+f.Stdout+") and no output flag takes "+path+": standard output goes to it")
			f.Outputs = without(f.Outputs, f.Stdout)
		} else {
			m.evidence = append(m.evidence, "no output flag or output positional for "+path+"; standard output goes to it")
		}
		f.Outputs = append(f.Outputs, path)
		f.Stdout = path
		// A tool that writes next to its input unless told (gzip -c):
		// the redirection needs that switch.
		if fd, ok := stdoutSwitch(c); ok && !alreadyUsed(used, fd) {
			name := spelling(fd)
			used[fd.Name], used[name] = true, true
			f.Flags = append(f.Flags, FlagValue{Name: name, Why: "standard output goes to the task's output " + path})
			f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
			m.evidence = append(m.evidence, "added "+name+": without it the tool writes next to its input")
		}
		return
	}
	if s <= 0 {
		m.evidence = append(m.evidence, "no output flag for "+path+"; added as a positional")
		f.Outputs = append(f.Outputs, path)
		f.Positionals = append(f.Positionals, path)
		f.Order = append(f.Order, fmt.Sprintf("p%d", len(f.Positionals)-1))
		f.Confidence += sc.Penalties.OutputPositional
		return
	}
	name := spelling(fd)
	used[fd.Name], used[name] = true, true
	f.Outputs = append(f.Outputs, path)
	f.Flags = append(f.Flags, FlagValue{Name: name, Value: path, HasValue: true, Style: kvStyle(fd), Why: "the task's output " + path})
	f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
}

// writingFlagFor finds the one unused flag that writes a place (writesPlace)
// and whose names and help hold the most of ctx, the words of an output;
// a tie, or no word held, names none.
func writingFlagFor(c *candidate, path string, ctx []string, used map[string]bool) (FlagDoc, float64) {
	return bestUntied(c.flags, func(fd FlagDoc) (float64, bool) {
		// (not one whose value's name is a file of another kind:
		// alignmentSieve's --filteredOutReads "filtered.bam" for a log)
		if alreadyUsed(used, fd) || !writesPlace(fd) || placeOtherKind(fd.Placeholder, path) || otherKind(fd, path) != "" {
			return 0, false
		}
		return wordFit(fd, ctx), true
	})
}

// extensionFlagFor finds the one unused file flag whose default file
// name has the extension of path (bgzip -I "[file.gz.gzi]", samtools
// faidx --fai-idx "default file.fa.fai"): a file the tool writes unless
// told another name; none when no flag or several do.
func extensionFlagFor(c *candidate, path string, used map[string]bool) (FlagDoc, float64) {
	_, base := task.V().Compression(strings.ToLower(filepath.Base(path)))
	ext := strings.TrimPrefix(filepath.Ext(base), ".")
	if len(ext) < 2 {
		return FlagDoc{}, 0
	}
	var found []FlagDoc
	for _, fd := range c.flags {
		text := strings.ToLower(fd.Default)
		if fd.ParamType == "file" && !alreadyUsed(used, fd) && slices.Contains(strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), ext) &&
			!slices.ContainsFunc(found, func(x FlagDoc) bool { return x.Name == fd.Name }) {
			found = append(found, fd)
		}
	}
	if len(found) != 1 {
		return FlagDoc{}, 0
	}
	return found[0], 1
}

// kindFlagFor is the one unused flag taking a file whose long name is the
// kind of path ("--index" for genome.idx) and whose help does not say it
// reads it: a file the task says the command makes goes there. None when
// no flag or several are.
func kindFlagFor(c *candidate, path string, used map[string]bool) (FlagDoc, float64) {
	kind := FileType(path)
	if kind == "" || kind == "file" {
		return FlagDoc{}, 0
	}
	var found []FlagDoc
	for _, fd := range c.flags {
		if fd.ParamType != "file" || alreadyUsed(used, fd) || readsPlaceOrHelp(fd) || slices.ContainsFunc(found, func(x FlagDoc) bool { return x.Name == fd.Name }) {
			continue
		}
		if slices.ContainsFunc(append([]string{fd.Name}, fd.Aliases...), func(n string) bool { return strings.HasPrefix(n, "--") && strings.EqualFold(n[2:], kind) }) {
			found = append(found, fd)
		}
	}
	if len(found) != 1 {
		return FlagDoc{}, 0
	}
	return found[0], 1
}

// readsPlaceOrHelp reports a flag whose value's name or help's first
// words say it reads its file ("<File_In>", "input file").
func readsPlaceOrHelp(fd FlagDoc) bool {
	return readPlaceholder(fd.Placeholder) || inputWordIn(strings.ToLower(leadSentence(fd.Description)))
}

// namedOutputFlag finds the one unused output flag whose name is an output
// flag's name (-o, --output) and whose value is not a number (hisat2-build's
// -o/--offrate <int>); two such flags name no single one.
func namedOutputFlag(c *candidate, want func(FlagDoc) bool, used map[string]bool) (FlagDoc, float64) {
	var found []FlagDoc
	for _, fd := range c.flags {
		// A subcommand's help may repeat its parent's global flags.
		if want(fd) && !alreadyUsed(used, fd) && namesOutput(fd) && fd.ParamType != "int" && fd.ParamType != "float" &&
			!slices.ContainsFunc(found, func(x FlagDoc) bool { return x.Name == fd.Name }) {
			found = append(found, fd)
		}
	}
	if len(found) != 1 {
		return FlagDoc{}, 0
	}
	return found[0], 1
}

// writesStdout reports a command whose real help lists its positionals
// and none of them is written (md5sum [FILE]..., paste [FILE]...), and
// that has no output flag at all: what it writes goes to standard output.
func writesStdout(c *candidate) bool {
	if c.known && usageWritesStdout(c.usage) {
		return true
	}
	if !c.known || len(c.flags) == 0 {
		return false
	}
	for _, fd := range c.flags {
		if notFileFlag(fd) && !writesPlace(fd) {
			continue // a suffix (zcat's -S "use suffix SUF"), no place written
		}
		if fd.ParamType == "int" || fd.ParamType == "float" {
			continue // a number filed under Output (miniasm's "-o INT min overlap") writes no file
		}
		if fd.Category == "Output" && (fd.ParamType != "bool" || namesOutput(fd) || len(c.positionals) == 0 && (fd.Description == "" || task.V().Mentions("file_name_word", strings.ToLower(fd.Description)))) {
			// It writes files through a flag, taken or read without its
			// placeholder (sambamba view's "-o, --output-filename",
			// bedtools getfasta's "-fo … Output file"); a switch that
			// names no file (bedtools merge's "-bed: write output as
			// BED") writes none; one with no help text may.
			return false
		}
	}
	for i, p := range c.positionals {
		if p.Command || outputPositional(p, i) {
			return false
		}
	}
	return true
}

// usageStdoutRE reads a usage line that ends by redirecting standard
// output to a file ("rsem-generate-data-matrix a.results b.results ... >
// output_name.matrix", "bam2bed < foo.bam > out.bed"); "2>" and a
// placeholder's closing bracket ("<in.bam>") are no redirection.
var usageStdoutRE = lazyre.New(`(?:^|\s)>\s*[^\s<>|&]+\s*$`)

// usageWritesStdout reports a usage that shows the program writing its
// output to standard output, redirected to a file.
func usageWritesStdout(usage string) bool {
	return usageStdoutRE.MatchString(strings.TrimSpace(usage))
}

// stdoutSwitch finds the switch named for standard output (--stdout).
func stdoutSwitch(c *candidate) (FlagDoc, bool) {
	for _, fd := range c.flags {
		if fd.ParamType != "bool" {
			continue
		}
		for _, n := range append([]string{fd.Name}, fd.Aliases...) {
			if strings.HasPrefix(n, "--") && task.V().Word("stdout_flag_name", strings.ToLower(n[2:])) {
				return fd, true
			}
		}
	}
	return FlagDoc{}, false
}

// namesOutput reports a flag named as an output (-o, --output-filename).
func namesOutput(fd FlagDoc) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if task.V().Mentions("output_flag_name", strings.ToLower(strings.TrimLeft(n, "-"))) {
			return true
		}
	}
	return false
}

func kvStyle(fd FlagDoc) string {
	if fd.Style == "kv" || fd.Style == "glued" {
		return fd.Style
	}
	return ""
}

// insertBeforePositionals puts an added flag before the first positional
// that follows all flags, so "sort -@ 8 -o out in" keeps its shape.
func insertBeforePositionals(order []string, item string) []string {
	at := len(order)
	for at > 0 && strings.HasPrefix(order[at-1], "p") {
		at--
	}
	if at == 0 && len(order) > 0 && strings.HasPrefix(order[0], "p") {
		at = 0
	}
	out := append([]string(nil), order[:at]...)
	out = append(out, item)
	return append(out, order[at:]...)
}

// addSlotFlags adds flags for the task's numbers, regions, quoted strings
// and user-typed flags that the fill does not carry yet.
func (m *mapper) addSlotFlags(f *Fill, c *candidate, used map[string]bool) {
	for _, uf := range m.slots.UserFlags {
		if used[uf.Key] {
			m.userWins(f, c, uf)
			continue
		}
		fv := FlagValue{Name: uf.Key, Value: uf.Value, HasValue: uf.Value != "", Why: "written in the task"}
		if fd, ok := LookupFlag(c.flags, uf.Key); ok && fd.ParamType == "bool" && uf.Value != "" {
			fv.Value, fv.HasValue = "", false
			f.Positionals = append(f.Positionals, uf.Value)
			f.Order = append(f.Order, fmt.Sprintf("p%d", len(f.Positionals)-1))
		}
		used[uf.Key] = true
		f.Flags = append(f.Flags, fv)
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		for i := range m.slots.Numbers {
			if m.slots.Numbers[i].Value == uf.Value {
				m.slots.Numbers[i].Used = true
			}
		}
	}
	// A number whose words fit two flags alike waits until the others
	// are placed: "1000 random 500 bp intervals" gives 500 to -l by its
	// unit, and then 1000 to -n, the one left of the two it fits.
	m.placeRangeFlag(f, c, used)
	deferred := map[int]bool{}
	for pass := 0; pass < 2; pass++ {
		for i := range m.slots.Numbers {
			if pass == 1 && !deferred[i] {
				continue
			}
			m.placeNumber(f, c, used, i, pass == 0, deferred)
		}
	}
	m.placeRangePartners(f, c, used)
	m.addProseChoices(f, c, used)
	m.placePattern(f, c)
	m.placeValues(f, c, used)
	m.placeNames(f, c, used)
	m.addNamedChoices(f, c, used)
	m.addListedValues(f, c, used)
	m.addCodedChoices(f, c, used)
	m.addMeantChoices(f, c, used)
	m.addNumberedChoices(f, c, used)
	m.addKindFlags(f, c, used)
	m.addCompressedValue(f, c, used)
	m.placeQuoted(f, c, used)
	m.placeSequences(f, c, used)
	for _, q := range m.slots.Quoted {
		if task.V().Is("read_group_line", q) {
			fd, s := m.bestFlag(c, task.V().Words("read_group_hint"), func(fd FlagDoc) bool { return fd.ParamType != "bool" }, used)
			if s >= sc.Fit.HelpFlagFitMin {
				used[fd.Name] = true
				f.Flags = append(f.Flags, FlagValue{Name: spelling(fd), Value: q, HasValue: true, Why: "read-group string from the task"})
				f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
			}
		}
	}
}

// placeNumber gives the task's i-th number the flag of the help its words
// fit (addSlotFlags); with mayDefer, a number two flags fit alike is
// marked in deferred and left for a second pass.
func (m *mapper) placeNumber(f *Fill, c *candidate, used map[string]bool, i int, mayDefer bool, deferred map[int]bool) {
	n := &m.slots.Numbers[i]
	if n.Used || m.partOfToolName(*n) {
		return // (a number that names the program is no value: "454 reads" for cd-hit-454)
	}
	share := strings.HasSuffix(n.Value, "%")
	m.bound, m.boundSaid, m.boundRemoves = n.Bound+limitBound(n.Limit), n.Compared, n.Removes
	m.noun = *n
	want := func(fd FlagDoc) bool {
		// a share is no count: an integer flag takes one only when
		// its help reads a number of percent
		// a flag of listed values takes a number only when it is one of
		// them or a placeholder is (zstd's --auto-threads
		// {physical|logical} takes no 4; iqtree2's -T NUM|AUTO does)
		// a number is never a file (shuf's --random-source FILE)
		// a number that counts one kind of thing (2 reads) is not one a
		// help counts another kind with (print the first NUM bytes)
		return fd.ParamType != "bool" && fd.ParamType != "file" && fd.Category != "Output" && fd.Category != "Input" && !namesFilePlaceholder(fd.Description) &&
			(!share || fd.ParamType != "int" || percentForm(fd) == "percent") && !countsOther(fd, n.Counts) && !codesExclude(fd, n.Value) &&
			(len(fd.Choices) == 0 || slices.Contains(fd.Choices, n.Value) || slices.ContainsFunc(fd.Choices, placeholderWord)) &&
			!oppositeBound(fd, n.Bound+limitBound(n.Limit))
	}
	ctx := n.Context
	fd, s, tied, second := m.bestFlagRanked(c, ctx, want, used)
	if u, heads := unitContext(n); s == 0 && len(u) > len(ctx) {
		// no flag fits the number's own words: its unit says what it is,
		// and a flag must name what the unit is, not only how it is
		// measured (oddcomp's -window "size of window" is no word size)
		ctx = u
		fd, s, tied, second = m.bestFlagRanked(c, ctx, func(fd FlagDoc) bool { return want(fd) && namesAnyOf(fd, heads) }, used)
	}
	if dfd, ok := m.digitSwitch(c, n, used, s); ok {
		n.Used = true
		name := "-" + n.Value
		used[dfd.Name], used[name] = true, true
		f.Flags = append(f.Flags, FlagValue{Name: name, Why: fmt.Sprintf("the task's %q (%s) is the switch %s: %s", n.Value, strings.Join(n.Context, " "), name, dfd.Description)})
		f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("%s for the task's %s (%s): the help spells the value as the switch's name", name, n.Value, strings.Join(n.Context, " ")))
		return
	}
	if share {
		// "at 95% identity": a flag whose help says it reads a share
		// ("Percent identity threshold", "fraction of …") is the place
		// for a percentage before one the words around it fit better.
		sfd, ss, stied, ssecond := m.bestFlagRanked(c, ctx, func(fd FlagDoc) bool { return want(fd) && readsShare(fd) }, used)
		if ss >= sc.Fit.HelpFlagLoneMin && stied == "" && ss > ssecond && takesNumber(sfd, n.Value) {
			fd, s, tied, second = sfd, ss, stied, ssecond
		}
	}
	fd, tied = m.literalTie(c, fd, s, tied, ctx, want, used)
	m.bound, m.boundSaid, m.boundRemoves = "", "", false
	m.noun = NumberSlot{}
	fd, tied = subordinateTie(c, fd, tied)
	lone := s >= sc.Fit.HelpFlagLoneMin && s > second && tied == "" && takesNumber(fd, n.Value)
	if s < sc.Fit.HelpFlagFitMin && !lone {
		if dfd, ok := defaultOfOne(c, n.Value, func(fd FlagDoc) bool { return want(fd) && !alreadyUsed(used, fd) && takesNumber(fd, n.Value) }); ok && len(n.Value) > 1 && task.AllDigits(n.Value) {
			// "lines of at most 80 characters": no flag's words fit, but
			// one flag's help gives 80 as its default (fold's -w "use
			// WIDTH columns instead of 80"): the task states that value.
			// A digit alone (2) or a threshold (1e-5) is the default of
			// too many flags to say which.
			fd, tied = dfd, ""
			m.evidence = append(m.evidence, fmt.Sprintf("the task's %s (%s) is the default %s's help gives, and no other flag's: set as the task states it", n.Value, strings.Join(n.Context, " "), fd.Name))
			goto place
		}
		m.evidence = append(m.evidence, fmt.Sprintf("no flag fits the number %s (%s)", n.Value, strings.Join(n.Context, " ")))
		f.Confidence += sc.Penalties.NumberUnplaced
		return
	}
	if tied != "" && mayDefer {
		deferred[i] = true
		return
	}
place:
	if tied != "" {
		// The words around the number do not tell the two apart:
		// the first in the help is a guess.
		m.tiedValues++
		m.evidence = append(m.evidence, fmt.Sprintf("tied: the task's %s (%s) fits %s and %s alike", n.Value, strings.Join(n.Context, " "), fd.Name, tied))
	}
	n.Used = true
	if m.numberFlags == nil {
		m.numberFlags = map[int]FlagDoc{}
	}
	m.numberFlags[i] = fd
	name := spelling(fd)
	used[fd.Name], used[name] = true, true
	f.Flags = append(f.Flags, FlagValue{Name: name, Value: n.Value, HasValue: true, Style: kvStyle(fd),
		Why: fmt.Sprintf("the task's %q (%s) fits %s: %s", n.Value, strings.Join(n.Context, " "), fd.Name, fd.Description)})
	f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
}

// defaultOfOne is the one flag ok accepts whose default is v: its
// parsed default, or the number after a default_marker phrase of its help
// ("use WIDTH columns instead of 80"); false when none or two are.
func defaultOfOne(c *candidate, v string, ok func(FlagDoc) bool) (FlagDoc, bool) {
	var found []FlagDoc
	for _, fd := range c.flags {
		if ok(fd) && (strings.Trim(fd.Default, "[]'\" ") == v || helpDefault(fd) == v) {
			found = append(found, fd)
		}
	}
	if len(found) != 1 {
		return FlagDoc{}, false
	}
	return found[0], true
}

// helpDefault is the word after a default_marker phrase of a flag's help
// ("instead of 80": 80), or "".
func helpDefault(fd FlagDoc) string {
	desc := strings.ToLower(fd.Description)
	for _, sp := range task.V().Spans("default_marker", desc) {
		if w := strings.Fields(desc[sp[1]:]); len(w) > 0 {
			return strings.Trim(w[0], ".,;:()'\"")
		}
	}
	return ""
}

// digitSwitch finds the switch a number names: a flag that takes no
// value, spelled "-" and the number (pigz's "-0 to -9, -11  Compression
// level", gzip's "-9, --best"), in a help that spells at least two
// switches so, whose help the number's words fit (help_flag_fit_min)
// better than they fit any flag that takes a value (valued): "level 9"
// is pigz -9, not -b 9; "9 threads" is -p 9.
func (m *mapper) digitSwitch(c *candidate, n *task.Number, used map[string]bool, valued float64) (FlagDoc, bool) {
	if !task.AllDigits(n.Value) {
		return FlagDoc{}, false
	}
	name, digits := "-"+n.Value, 0
	var found *FlagDoc
	for i := range c.flags {
		fd := &c.flags[i]
		for _, sp := range append([]string{fd.Name}, fd.Aliases...) {
			if len(sp) > 1 && sp[0] == '-' && task.AllDigits(sp[1:]) {
				digits++
			}
			if sp == name && fd.ParamType == "bool" && !alreadyUsed(used, *fd) {
				found = fd
			}
		}
	}
	if found == nil || digits < 2 {
		return FlagDoc{}, false
	}
	if fit := m.fitFlag(found.Name, found, n.Context); fit < sc.Fit.HelpFlagFitMin || fit <= valued {
		return FlagDoc{}, false
	}
	return *found, true
}

// placeNames is the pass that gives a name the task gives and the
// command holds nowhere ("the index prefix hg38", "name it tRNA-custom",
// "against the index hpv") the flag taking a word whose name and help fit
// the words that say what the name is: one that fits them at
// help_flag_fit_min, or alone at help_flag_lone_min. A name the task calls
// a place is left to placeDirs; two flags the words fit alike leave it.
func (m *mapper) placeNames(f *Fill, c *candidate, used map[string]bool) {
	if len(m.slots.Names) == 0 {
		return
	}
	left := map[string]bool{}
	for _, u := range m.unusedItems(f) {
		left[u] = true
	}
	for _, n := range m.slots.Names {
		ctx := m.slots.NameWords[n]
		if !left[n] || len(ctx) == 0 || slices.Contains(m.slots.Dirs, n) {
			continue
		}
		// The word that makes it a name ("prefix", "index", "named",
		// "output") must be one the flag's help says.
		var marks []string
		for _, w := range ctx {
			if v := task.V(); v.Is("name_marker", w) || v.Is("name_marker_before", w) || v.Is("output_marker", w) {
				marks = append(marks, w)
			}
		}
		if placeNamed(c, m.slots.NameWords[n]) >= 0 {
			// a place of the usage is named for it ("mosdepth
			// [options] <prefix> <BAM-or-CRAM>" for "output prefix
			// s1"): the operands take it, not a flag whose help says
			// "output"
			continue
		}
		fd, s, tied, second := m.bestFlagRanked(c, ctx, func(fd FlagDoc) bool {
			return (fd.ParamType == "string" || fd.ParamType == "file") && len(fd.Choices) == 0 && kindMismatch(fd, n) == "" &&
				len(marks) > 0 && overlap(terms(strings.Join(marks, " ")), terms(strings.Join(append([]string{fd.Name, fd.Description}, fd.Aliases...), " "))) > 0
		}, used)
		if !fitsAlone(s, second, tied) {
			continue
		}
		name := m.giveValue(f, fd, used, n, fmt.Sprintf("the task's name %s (%s) fits %s: %s", n, strings.Join(ctx, " "), fd.Name, fd.Description))
		m.evidence = append(m.evidence, fmt.Sprintf("gave %s the task's name %s: its words (%s) fit %s's help", name, n, strings.Join(ctx, " "), fd.Name))
	}
}

// placeQuoted is the pass that gives a quoted string no argument holds
// ("titled 'RNA batch 2'", "with the organization set to \"Acme Labs\"")
// the flag taking a word whose name and help fit the words before it: at
// help_flag_fit_min, or alone at help_flag_lone_min; two flags that fit
// alike leave it out. A read-group line is left to its own pass.
func (m *mapper) placeQuoted(f *Fill, c *candidate, used map[string]bool) {
	for _, q := range m.slots.Quoted {
		ctx := m.slots.QuotedWords[q]
		if len(ctx) == 0 || task.V().Is("read_group_line", q) || m.valuePlaced(f, q) || !strings.ContainsFunc(q, unicode.IsLetter) || holdsText(f, q) {
			continue
		}
		fd, s, tied, second := m.bestFlagRanked(c, ctx, func(fd FlagDoc) bool {
			return fd.ParamType == "string" && len(fd.Choices) == 0 && kindMismatch(fd, q) == ""
		}, used)
		if !fitsAlone(s, second, tied) {
			continue
		}
		name := m.giveValue(f, fd, used, q, fmt.Sprintf("the task's quoted %q (%s) fits %s: %s", q, strings.Join(ctx, " "), fd.Name, fd.Description))
		m.evidence = append(m.evidence, fmt.Sprintf("gave %s the task's quoted %q: its words (%s) fit %s's help", name, q, strings.Join(ctx, " "), fd.Name))
	}
}

// placeSequences is the pass that gives a sequence no argument holds
// ("the adapter AGATCGGAAGAGC", "the motif GGATCC") the flag taking a
// word whose name and help fit the words before it, as placeQuoted does
// a quoted string: at help_flag_fit_min, or alone at help_flag_lone_min;
// two flags that fit alike leave it out.
func (m *mapper) placeSequences(f *Fill, c *candidate, used map[string]bool) {
	for _, q := range m.slots.Sequences {
		ctx := m.slots.SequenceWords[q]
		if len(ctx) == 0 || m.valuePlaced(f, q) || holdsText(f, q) {
			continue
		}
		fd, ok := m.sequenceFlag(c, q, used)
		if !ok {
			continue
		}
		name := m.giveValue(f, fd, used, q, fmt.Sprintf("the task's sequence %s (%s) fits %s: %s", q, strings.Join(ctx, " "), fd.Name, fd.Description))
		m.evidence = append(m.evidence, fmt.Sprintf("gave %s the task's sequence %s: its words (%s) fit %s's help", name, q, strings.Join(ctx, " "), fd.Name))
	}
}

// sequenceFlag is the one flag taking a word whose name and help fit the
// words before the task's sequence q. A flag that reads a file
// ("--adapter_fasta") takes no sequence; one whose help names the other
// end of the strand and not the one the task names ("ligated to the 5'
// end" for "the 3' adapter") is for another adapter.
func (m *mapper) sequenceFlag(c *candidate, q string, used map[string]bool) (FlagDoc, bool) {
	ctx := m.slots.SequenceWords[q]
	end := sequenceEnd(ctx)
	head := sequenceHead(ctx)
	fd, s, tied, second := m.bestFlagRanked(c, ctx, func(fd FlagDoc) bool {
		return fd.ParamType == "string" && len(fd.Choices) == 0 && kindMismatch(fd, q) == "" && !readsFile(fd) && !otherEnd(fd.Description, end) && namesHead(fd, head)
	}, used)
	return fd, fitsAlone(s, second, tied)
}

// sequenceHead is the word that says what a sequence is, the last of the
// words before it that names no end of the strand ("the 3' adapter
// AGATCGGAAGAGC": adapter), as its terms.
func sequenceHead(ctx []string) map[string]bool {
	for i := len(ctx) - 1; i >= 0; i-- {
		if _, ok := task.V().ValueOf("strand_end", ctx[i]); !ok {
			return terms(ctx[i])
		}
	}
	return nil
}

// headWords is how many of a help's first words say what its flag takes
// ("Sequence of an adapter …"), not what it does on the way ("Trim
// low-quality bases from 5' and/or 3' ends … before adapter removal").
const headWords = 6

// namesHead reports a flag whose name, placeholder or first help words
// hold what the task's sequence is (head): cutadapt's -a "Sequence of an
// adapter" for "the adapter …", not -q, whose help speaks of adapters
// only later.
func namesHead(fd FlagDoc, head map[string]bool) bool {
	if len(head) == 0 {
		return true
	}
	words := strings.Fields(fd.Description)
	text := joinsToSpaces.Replace(strings.Join(append([]string{fd.Name, fd.Placeholder}, fd.Aliases...), " ")) + " " + strings.Join(words[:min(len(words), headWords)], " ")
	return overlap(head, terms(text)) > 0
}

// sequenceEnd is the strand's end among the words before a sequence, as
// lexicon class strand_end names it ("3" for "3'" or "3′"), "" for none.
func sequenceEnd(ctx []string) string {
	for _, w := range ctx {
		if v, ok := task.V().ValueOf("strand_end", w); ok {
			return v
		}
	}
	return ""
}

// otherEnd reports a help that names an end of the strand (lexicon class
// strand_end) other than end, and not end itself ("ligated to the 5'
// end" for the 3' end).
func otherEnd(help, end string) bool {
	if end == "" {
		return false
	}
	help = strings.ToLower(help)
	other := false
	for _, w := range task.V().Words("strand_end") {
		if !strings.Contains(help, w) {
			continue
		}
		if v, _ := task.V().ValueOf("strand_end", w); v == end {
			return false
		}
		other = true
	}
	return other
}

// fitsAlone reports a flag fit good enough to place a task value: at
// help_flag_fit_min, or at help_flag_lone_min when no other flag fits the
// words as well; a tie never places it.
func fitsAlone(s, second float64, tied string) bool {
	return tied == "" && (s >= sc.Fit.HelpFlagFitMin || s >= sc.Fit.HelpFlagLoneMin && s > second)
}

// giveValue sets fd to the task value v before the positionals and
// marks it used; it returns the flag's spelling.
func (m *mapper) giveValue(f *Fill, fd FlagDoc, used map[string]bool, v, why string) string {
	name := spelling(fd)
	used[fd.Name], used[name] = true, true
	f.Flags = append(f.Flags, FlagValue{Name: name, Value: v, HasValue: true, Style: kvStyle(fd), Why: why})
	f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
	return name
}

// holdsText reports a fill argument that holds text within it, set apart
// from the letters and digits around it (a filter expression the task's
// quoted clause is part of; '.' is not held by somatic.vcf).
func holdsText(f *Fill, text string) bool {
	if text == "" {
		return true
	}
	vals := slices.Clone(f.Positionals)
	for _, fv := range f.Flags {
		vals = append(vals, fv.Value)
	}
	for _, x := range vals {
		for at := 0; ; {
			j := strings.Index(x[at:], text)
			if j < 0 {
				break
			}
			j += at
			before, _ := utf8.DecodeLastRuneInString(x[:j])
			after, _ := utf8.DecodeRuneInString(x[j+len(text):])
			if !wordRune(before) && !wordRune(after) {
				return true
			}
			at = j + 1
		}
	}
	return false
}

// wordRune reports a letter or digit (utf8.RuneError, for none, is not).
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// unitContext is the number's words with the word its length unit stands
// for ("120 bp": length; lexicon length_unit), read only when no flag fits
// the number's own words: "第 250 位开始截取 120 bp" gives 120 to
// fastasubseq's --length ("Subsequence length"). A number whose own words
// fit a flag keeps that fit: the unit of "a step of 500 bp" or "10 bp
// bins" says nothing of which length it is.
//
// A unit written onto the number ("6-mer", "21-mers"; lexicon unit_sense)
// says the same way what the number is, in the words a help uses for it
// ("word size", "k-mer length").
//
// It returns the words a flag must name one of, too: a unit_sense's value
// gives them before its ";" ("kmer word mer; size length").
func unitContext(n *task.Number) ([]string, []string) {
	ctx := slices.Clip(n.Context)
	var heads []string
	if len(ctx) > 0 {
		if sense, ok := task.V().ValueOf("unit_sense", ctx[0]); ok {
			h, rest, _ := strings.Cut(sense, ";")
			heads = strings.Fields(h)
			for _, w := range append(strings.Fields(h), strings.Fields(rest)...) {
				if !slices.Contains(ctx, w) {
					ctx = append(ctx, w)
				}
			}
		}
	}
	if _, ok := task.V().ValueOf("length_unit", strings.ToLower(n.Unit)); !ok || slices.Contains(ctx, "length") {
		return ctx, heads
	}
	return append(ctx, "length"), heads
}

// namesAnyOf reports a flag whose name or help holds one of words, or
// any flag when words is empty.
func namesAnyOf(fd FlagDoc, words []string) bool {
	if len(words) == 0 {
		return true
	}
	own := HelpWords(strings.Join(append([]string{strings.TrimLeft(fd.Name, "-"), fd.Description}, fd.Aliases...), " "))
	for _, w := range words {
		if own[stem(w)] {
			return true
		}
	}
	return false
}

// takesNumber reports a flag whose help says it takes a number of v's
// kind: an integer or a number by its placeholder, or a value of no
// stated kind whose default is a number.
func takesNumber(fd FlagDoc, v string) bool {
	// (a flag read as taking a string takes a number when its default is
	// one, or its placeholder names a quantity: lexicon
	// numeric_placeholder, "-s --start <start>")
	// A percentage goes to a flag that reads a share in the form the
	// flag's help reads it (sharesInForm writes it so).
	if num, ok := strings.CutSuffix(v, "%"); ok && percentForm(fd) != "" {
		v = num
	}
	if kindMismatch(fd, v) != "" {
		return false
	}
	switch fd.ParamType {
	case "int", "float":
		return true
	case "string":
		return numberRE.MatchString(strings.Trim(fd.Default, "[]'\" ")) || task.V().Word("numeric_placeholder", strings.ToLower(strings.Trim(fd.Placeholder, "<>[]{}")))
	}
	return false
}

// regionPlace is the index of the usage's first place that reads a
// region, by its name (regionPlaceName: "[region ...]") or by a region
// its help shows ("segment: zero-based sequence range, e.g.
// chr7:123400-123500"); -1 when none does.
func regionPlace(ps []PositionalDoc) int {
	for i, p := range ps {
		if p.ParamType == "file" {
			continue
		}
		if regionPlaceName(p.Name) {
			return i
		}
		for _, w := range strings.Fields(p.Description) {
			if w = strings.Trim(w, ".,;()[]'\""); regionRE.MatchString(w) && strings.Contains(w, ":") {
				return i
			}
		}
	}
	return -1
}

// placeRegionFlag gives the task's region r to the flag that takes one
// when the usage shows no place for it (regionFlag: freebayes -r,
// mosdepth --chrom), and reports whether it did.
func (m *mapper) placeRegionFlag(f *Fill, c *candidate, used map[string]bool, r string) bool {
	fd, ok := regionFlag(c, used)
	if !ok {
		return false
	}
	name := spelling(fd)
	used[fd.Name], used[name] = true, true
	f.Flags = append(f.Flags, FlagValue{Name: name, Value: r, HasValue: true, Style: kvStyle(fd), Why: "the task's region " + r + ": " + fd.Description})
	f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
	m.evidence = append(m.evidence, fmt.Sprintf("gave the region %s to %s: the usage shows no place for a region and the flag takes one", r, name))
	return true
}

// regionFlag is the one unused flag that takes a region (lexicon
// region_word in its name, else in its help) when the candidate's usage,
// read from real help, shows no place for a region (bamtools random
// lists flags alone; freebayes' REFERENCE and BAM FILES); with no help
// read, or two such flags, the region stays a positional.
func regionFlag(c *candidate, used map[string]bool) (FlagDoc, bool) {
	v := task.V()
	if !c.known || slices.ContainsFunc(c.positionals, func(p PositionalDoc) bool {
		// "[region1 [...]]": the digits number the place.
		return v.Mentions("region_word", strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return ' '
			}
			return r
		}, strings.Join(splitIdent(strings.Trim(p.Name, "<>[]. ")), " ")))
	}) {
		return FlagDoc{}, false
	}
	takes := func(fd FlagDoc) bool {
		// A flag that reads regions from a file (sambamba's -L
		// "regions from the BED file") takes no region.
		return fd.Name != "" && !alreadyUsed(used, fd) && fd.ParamType != "bool" && fd.ParamType != "int" && fd.ParamType != "float" && fd.ParamType != "file" && fd.Category != "Output" && !namesFilePlaceholder(fd.Description)
	}
	for _, byName := range []bool{true, false} {
		var found []FlagDoc
		for _, fd := range c.flags {
			if !takes(fd) {
				continue
			}
			text := fd.Description
			if byName {
				var parts []string
				for _, n := range append([]string{fd.Name}, fd.Aliases...) {
					parts = append(parts, splitIdent(strings.TrimLeft(n, "-"))...)
				}
				text = strings.Join(parts, " ")
			}
			if v.Mentions("region_word", text) {
				found = append(found, fd)
			}
		}
		if len(found) == 1 {
			return found[0], true
		}
		if len(found) > 1 {
			return FlagDoc{}, false
		}
	}
	return FlagDoc{}, false
}

// reachesPlace reports that the positionals placed so far (n) reach the
// usage's place at: it is the next, or every place before it is optional
// ("<input.bam> [<input2.bam> [...]] <output.bam>" after one input).
func reachesPlace(ps []PositionalDoc, n, at int) bool {
	if n > at {
		return false
	}
	for _, p := range ps[n:at] {
		if p.Required {
			return false
		}
	}
	return true
}

// fromDoc builds a fill with no example: task files fill the usage's
// positionals (inputs in order), outputs go through an output flag, and
// numbers find their flags by description.
func (m *mapper) fromDoc(c *candidate) *Fill {
	f := &Fill{Executable: c.exe, Subcommand: c.sub, Positionals: []string{}}
	used := map[string]bool{}
	// The help's common and rare words, as for an adapted example: a word
	// many flags' help says fits none of them, one few say picks one out.
	m.common, m.once = commonWords(c.flags), onceWords(c.flags)
	m.evidence = append(m.evidence, "no skill example fits: built from the help alone")
	inputs := m.slots.Inputs()
	outPos := -1
	for i, p := range c.positionals {
		if outputPositional(p, i) {
			outPos = i
		}
	}
	outputs := m.slots.Outputs()
	if k := outputPlaceByKind(c.positionals, inputs, outputs); outPos < 0 && k >= 0 {
		outPos = k
		m.evidence = append(m.evidence, fmt.Sprintf("the usage's %s is the output: a file of the kind the task writes, %s, and reads none", c.positionals[k].Name, outputs[0].Path))
	}
	lead := leadingOutputs(c.positionals, len(inputs), len(outputs))
	if lead > 0 {
		m.evidence = append(m.evidence, fmt.Sprintf("the usage writes before it reads (%s): the output goes first", usageNames(c.positionals)))
	}
	for _, in := range inputs {
		f.Inputs = append(f.Inputs, in.Path)
		f.Positionals = append(f.Positionals, in.Path)
		f.Order = append(f.Order, fmt.Sprintf("p%d", len(f.Positionals)-1))
	}
	outPlaced := false
	for i, out := range outputs {
		if i < lead {
			// The usage's place for it comes before the inputs'
			// (hmmbuild [-options] <hmmfile_out> <msafile>).
			f.Outputs = append(f.Outputs, out.Path)
			f.Positionals = append(f.Positionals[:i:i], append([]string{out.Path}, f.Positionals[i:]...)...)
			f.Order = append(f.Order, fmt.Sprintf("p%d", len(f.Positionals)-1))
			continue
		}
		if outPos >= 0 && !outPlaced && m.wholeFileFlagFirst(c, c.positionals[outPos], out.Path, used) {
			m.addOutput(f, c, out.Path, used)
			outPlaced = true // the place for a prefix is left out
			continue
		}
		if outPos >= 0 && reachesPlace(c.positionals, len(f.Positionals), outPos) && !outPlaced {
			f.Outputs = append(f.Outputs, out.Path)
			f.Positionals = append(f.Positionals, out.Path)
			f.Order = append(f.Order, fmt.Sprintf("p%d", len(f.Positionals)-1))
			outPlaced = true
			continue
		}
		m.addOutput(f, c, out.Path, used)
	}
	if outPos >= 0 && outPos == len(f.Positionals) && len(inputs) > 0 && !outPlaced {
		name := m.nameFor("", "", inputs[0].Path)
		f.Outputs = append(f.Outputs, name)
		f.Positionals = append(f.Positionals, name)
		f.Order = append(f.Order, fmt.Sprintf("p%d", len(f.Positionals)-1))
		m.evidence = append(m.evidence, "named the output "+name+" after the input")
	}
	lastRegion := -1
	for _, r := range m.slots.Regions {
		if m.placeRegionFlag(f, c, used, r) {
			continue
		}
		at := len(f.Positionals)
		if lastRegion >= 0 {
			at = lastRegion + 1 // the task's regions in its order
		} else if k := regionPlace(c.positionals); k >= 0 && k < at {
			// "maf-cut segment [alignments]": the usage reads the region
			// before the files the fill placed.
			at = k
			m.evidence = append(m.evidence, fmt.Sprintf("put the region %s at positional %d: the usage reads a region there (%s)", r, k+1, c.positionals[k].Name))
		}
		f.Positionals = slices.Insert(f.Positionals, at, r)
		where := len(f.Order)
		for i, o := range f.Order {
			if strings.HasPrefix(o, "p") && atoi(o[1:]) >= at {
				f.Order[i] = fmt.Sprintf("p%d", atoi(o[1:])+1)
				where = min(where, i)
			}
		}
		f.Order = slices.Insert(f.Order, where, fmt.Sprintf("p%d", at))
		lastRegion = at
	}
	m.addSlotFlags(f, c, used)
	m.addColumnFlags(f, c, used)
	// The switches the task asks for in words, as for an adapted example
	// ("decompress" asks for zstd -d): an adaptation of no example.
	a := &adaptation{c: c, f: f, used: used}
	m.addNamedSwitches(a)
	m.addAskedSwitches(a)
	m.addNegatedDefaults(a)
	m.addPhraseSwitches(a)
	m.addNeededBySet(a)
	// Last, once every switch the task asks for is in: a mode one of them
	// says (--very-sensitive-local) needs no flag of its own.
	m.addModeChoices(f, c, used)
	if acc := m.taskAccession(); acc != "" && len(inputs) == 0 && len(f.Positionals) == 0 && len(c.positionals) > 0 {
		// An accession (SRR390728) is what a tool that fetches or
		// converts runs reads where it reads a file.
		f.Positionals = append(f.Positionals, acc)
		f.Order = append(f.Order, fmt.Sprintf("p%d", len(f.Positionals)-1))
		m.evidence = append(m.evidence, fmt.Sprintf("the task's accession %s goes where the usage reads its input", acc))
	}
	if len(inputs) == 0 && len(f.Positionals) == 0 && len(c.positionals) > 0 && c.positionals[0].Required {
		f.Confidence += sc.Penalties.NoInputFile
		m.evidence = append(m.evidence, "the task names no input file")
		ph := "<" + strings.ToLower(strings.Trim(c.positionals[0].Name, "<>[]{}. ")) + ">"
		if ph == "<>" {
			ph = "<input>"
		}
		m.missing(f, fmt.Sprintf("missing: %s for positional 1 (the task names no input file)", ph))
		f.Positionals = append([]string{ph}, f.Positionals...)
		for i, o := range f.Order {
			if strings.HasPrefix(o, "p") {
				f.Order[i] = fmt.Sprintf("p%d", atoi(o[1:])+1)
			}
		}
		f.Order = append(f.Order, "p0")
	}
	return f
}

// outputPlaceByKind is the index of the usage's place, after the first,
// named as a file of the kind of the task's one output when no input of
// the task is of that kind ("last-dotplot [options]
// maf-or-tab-alignments dotplot.png" for "… as hc_dot.png"); -1 when
// there is none.
func outputPlaceByKind(ps []PositionalDoc, inputs, outputs []task.File) int {
	if len(outputs) != 1 || outputs[0].Type == "" || outputs[0].Type == "file" {
		return -1
	}
	kind := outputs[0].Type
	for _, in := range inputs {
		if in.Type == kind {
			return -1
		}
	}
	for i := len(ps) - 1; i > 0; i-- {
		if task.FileType(strings.Trim(ps[i].Name, "<>[]{}")) == kind {
			return i
		}
	}
	return -1
}

// wholeFileFlagFirst reports an output file of a known kind that a usage
// place for a prefix, one the usage may leave out, should not take while
// an output flag that takes a whole file name is left: samtools collate's "<in.bam> [<prefix>]" beside
// "-o output file name (use prefix if not set)" writes collated.bam
// through -o, as addOutput passes over a prefix flag for such a file.
func (m *mapper) wholeFileFlagFirst(c *candidate, p PositionalDoc, path string, used map[string]bool) bool {
	if p.Required || !knownExt(path) || !prefixPlace(FlagDoc{Name: p.Name}) || task.V().Mentions("prefix_flag_name", strings.Join(m.valueWords(path), " ")) {
		return false
	}
	return slices.ContainsFunc(c.flags, func(fd FlagDoc) bool {
		return fd.Category == "Output" && fd.ParamType == "file" && !alreadyUsed(used, fd) && !prefixPlace(fd) && !notFileFlag(fd) && !m.tempFor(fd, path)
	})
}

// leadingOutputs counts the outputs a usage writes before it reads: its
// first places are written ones (hmmbuild's <hmmfile_out> <msafile>),
// and the places after them take the task's inputs, as many as there are
// (a repeated place takes any number). It is 0 when the usage starts with
// a place it reads, or when the places do not fit the task's files.
func leadingOutputs(ps []PositionalDoc, inputs, outputs int) int {
	lead := 0
	for lead < len(ps) && lead < outputs && !ps[lead].Command && outputPositional(ps[lead], lead) {
		lead++
	}
	if lead == 0 || inputs == 0 {
		return 0
	}
	room := 0
	for _, p := range ps[lead:] {
		if p.Command || outputPositional(p, 1) {
			break
		}
		if p.Repeatable {
			room = inputs
			break
		}
		room++
	}
	if room < inputs {
		return 0
	}
	return lead
}

// usageNames writes a usage's places as the help names them.
func usageNames(ps []PositionalDoc) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return strings.Join(names, " ")
}

// sameFlag reports whether a fill's flag is the flag named name, as
// written or through an alias of the help (-p and --threads).
func sameFlag(c *candidate, fillName, name string) bool {
	if fillName == name {
		return true
	}
	want, ok := LookupFlag(c.flags, name)
	fd, ok2 := LookupFlag(c.flags, fillName)
	return ok && ok2 && fd.Name == want.Name
}

// userWins gives a flag the task typed its value: a value the user typed
// wins over an example's ("-x ref_idx" stays ref_idx).
func (m *mapper) userWins(f *Fill, c *candidate, uf KV) {
	for i := range f.Flags {
		fv := &f.Flags[i]
		if sameFlag(c, fv.Name, uf.Key) && fv.HasValue && uf.Value != "" && fv.Value != uf.Value && fv.Why != "written in the task" {
			m.evidence = append(m.evidence, fmt.Sprintf("%s %s: the task's value, not the example's %s", fv.Name, uf.Value, fv.Value))
			f.Outputs = without(f.Outputs, fv.Value)
			f.Inputs = without(f.Inputs, fv.Value)
			fv.Value, fv.Why = uf.Value, "written in the task"
		}
	}
}

// proseChoiceRE reads values a description names for words: macs2's
// "shortcuts:'hs' for human (2.7e9), 'mm' for mouse".
var proseChoiceRE = lazyre.New(`'([A-Za-z0-9._-]+)'\s+for\s+([A-Za-z][A-Za-z-]*)`)

// addProseChoices adds a flag whose description maps a word the task uses
// to a value ("human" → -g hs).
func (m *mapper) addProseChoices(f *Fill, c *candidate, used map[string]bool) {
	for _, fd := range c.flags {
		if alreadyUsed(used, fd) || fd.ParamType == "bool" {
			continue
		}
		for _, p := range proseChoiceRE.FindAllStringSubmatch(fd.Description, -1) {
			if m.means(stem(strings.ToLower(p[2]))) {
				m.placedWords[strings.ToLower(p[2])] = true
				name := spelling(fd)
				used[fd.Name], used[name] = true, true
				f.Flags = append(f.Flags, FlagValue{Name: name, Value: p[1], HasValue: true, Why: fmt.Sprintf("the task says %q; %s's help names %q for it", p[2], fd.Name, p[1])})
				f.Order = insertBeforePositionals(f.Order, fmt.Sprintf("f%d", len(f.Flags)-1))
				break
			}
		}
	}
}

// placeholderWord reports a listed value that stands for a value the user
// gives: a word in capitals (NUM, INT, AUTO in "-T NUM|AUTO").
func placeholderWord(v string) bool {
	if len(v) < 2 {
		return false
	}
	for _, r := range v {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// countsOther reports a flag whose help counts things of another kind
// than the task's number does (lexicon class count_noun: "2 reads" and
// "print the first NUM bytes"): a counted noun right after the flag's
// placeholder or after "number of" in its help, and none of the number's
// kind. A noun elsewhere in the help says what the flag acts on, not what
// its number counts ("reads shorter than LEN are discarded").
func countsOther(fd FlagDoc, counts string) bool {
	v := task.V()
	kind, ok := v.ValueOf("count_noun", counts)
	if !ok {
		return false
	}
	ws := rules.Words(strings.ToLower(fd.Description))
	ph := strings.ToLower(strings.Trim(fd.Placeholder, "<>[]"))
	other := false
	for i := 1; i < len(ws); i++ {
		k, ok := v.ValueOf("count_noun", ws[i])
		if !ok {
			continue
		}
		prev := ws[i-1]
		if !(prev != "" && prev == ph || v.Word("count_placeholder", prev) || prev == "of" && i > 1 && v.Word("count_placeholder", ws[i-2]+" of")) {
			continue
		}
		if k == kind {
			return false
		}
		other = true
	}
	return other
}
