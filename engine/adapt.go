package engine

import (
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
	"github.com/traitome/oxo-call/task"
)

// exToken is one token of an example's arguments after classification.
type exToken struct {
	flag     string // the flag name, for flag tokens
	value    string
	hasValue bool
	style    string // kv or attached
	pos      bool   // a positional
	doc      *FlagDoc
	// writes marks a flag the help files under another category but says
	// it writes, whose example file is of a kind the task writes.
	writes bool
	// cmp is a comparison written before a number value (-mapQuality
	// ">=20"): the number is the value the task's number replaces, the
	// comparison stays.
	cmp string
}

// cmpValueRE is a comparison and a number as one flag value.
var cmpValueRE = lazyre.New(`^(>=|<=|>|<|=|!=)(\d+(?:\.\d+)?)$`)

// classify splits example arguments into flags (with values) and
// positionals, using the candidate's flags when they are known.
func classify(args []string, c *candidate) []exToken {
	return classifyWith(args, c, nil)
}

// classifyWith is classify where valued holds the unknown flags the
// skill's other examples show taking a value (followed by a value that is
// not the line's last argument): such a flag before the line's last file
// takes that file ("-R ref.fa" at the end of a line), where another
// unknown flag there is a switch ("-n aln.bam").
func classifyWith(args []string, c *candidate, valued map[string]bool) []exToken {
	var out []exToken
	for i := 0; i < len(args); i++ {
		a := args[i]
		if k, v, ok := strings.Cut(a, "="); ok && !strings.HasPrefix(a, "-") && k != "" && !strings.ContainsAny(k, "/.:") {
			t := exToken{flag: k, value: v, hasValue: true, style: "kv"}
			if f, ok := LookupFlag(c.flags, k); ok {
				t.doc = &f
			}
			out = append(out, t)
			continue
		}
		_, knownFlag := LookupFlag(c.flags, a)
		if len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "0123456789") == "" {
			// "-19" where the help lists "-#": the number is the flag
			if f, ok := LookupFlag(c.flags, "-#"); ok && f.Style == "glued" {
				out = append(out, exToken{flag: "-#", value: a[1:], hasValue: true, style: "glued", doc: &f})
				continue
			}
		}
		// Without help, "-1 r1.fq" is the mate flag, not a negative number.
		mate := len(a) == 2 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' && i+1 < len(args) && FileType(args[i+1]) != ""
		if !knownFlag && !mate && (!strings.HasPrefix(a, "-") || a == "-" || numberRE.MatchString(a[1:])) {
			out = append(out, exToken{value: a, pos: true})
			continue
		}
		if !knownFlag && !mate && len(a) > 2 && a[1] != '-' {
			// "-k2,2n", "-@8": a short flag with its value written onto it.
			// A number flag takes only a number so ("-nt" is not -n "t":
			// it is a flag the help was not read for).
			if f, ok := LookupFlag(c.flags, a[:2]); ok && f.ParamType != "bool" && (f.ParamType != "int" && f.ParamType != "float" || floatRE.MatchString(a[2:]) || intRE.MatchString(a[2:])) {
				out = append(out, exToken{flag: a[:2], value: a[2:], hasValue: true, style: "glued", doc: &f})
				continue
			}
		}
		t := exToken{flag: a}
		if k, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(a, "--") {
			t.flag, t.value, t.hasValue, t.style = k, v, true, "eq"
		}
		f, known := LookupFlag(c.flags, t.flag)
		if known {
			t.doc = &f
		}
		if !t.hasValue && i+1 < len(args) {
			next := args[i+1]
			// A value the help writes joined ("--cs[=STR]") is never the
			// next argument: "--cs -t 8" is --cs, then -t 8.
			takes := known && f.ParamType != "bool" && !f.AttachedValue
			// A flag read without a description (from a usage line) may
			// really take a value: trust the example's shape then.
			weak := known && weakSwitch(f)
			if !known || weak {
				// Without help: a value unless it looks like a flag or the
				// last file of the line.
				takes = !strings.HasPrefix(next, "-") || next == "-" || numberRE.MatchString(strings.TrimPrefix(next, "-"))
				if _, isFlag := LookupFlag(c.flags, next); isFlag && next != "-" {
					takes = false // "--careful -1 r1.fq": -1 is the help's flag, not a number
				}
				if takes && FileType(next) != "" && i+2 == len(args) {
					takes = !known && (valued[a] || allValued(out))
				}
				if takes && weak && FileType(next) != "" && !namesAValue(f) && !namesAFile(f) {
					// "--header h1.txt h2.txt": a switch whose help only
					// mentions files ("the first line in each file") takes
					// no file; the file is an argument of its own
					takes = false
				}
			}
			if v, seen := valued[a]; weak && seen && !v {
				takes = false // another example shows it right before a flag: a switch
			}
			if takes && strings.HasPrefix(next, "--") && len(next) > 2 {
				takes = false // "--make-pgen --out x": a long flag is never a value
			}
			if takes {
				t.value, t.hasValue = next, true
				i++
			}
		}
		if m := cmpValueRE.FindStringSubmatch(t.value); m != nil && t.hasValue {
			t.cmp, t.value = m[1], m[2]
		}
		out = append(out, t)
	}
	return out
}

// allValued reports tokens that hold flags the help does not describe,
// every one with a value: such a line ("-I in.bam -F r1.fq -F2 r2.fq",
// a subcommand whose help gives no flags) gives its last flag the last
// file too.
func allValued(toks []exToken) bool {
	n := 0
	for _, t := range toks {
		if t.pos {
			continue
		}
		if !t.hasValue || t.doc != nil {
			return false
		}
		n++
	}
	return n > 0
}

// weakSwitch reports a flag read as a switch only because its help shows
// no placeholder, where nothing or a noun of its help says it takes a value
// ("-o, --output-filename  specify output filename"): an example's or
// the user's value after it is believed.
func weakSwitch(f FlagDoc) bool {
	return f.ParamType == "bool" && f.Placeholder == "" && (f.Description == "" || task.V().Mentions("value_noun", strings.ToLower(f.Description)))
}

// namesAValue reports a flag read as a switch (its help shows no
// placeholder) whose own name says it takes a value: a part of its name is
// a value noun (--output-filename, --genomeDir). Its help's prose alone
// does not ("-3  suppress lines that appear in both files").
func namesAValue(f FlagDoc) bool {
	if f.ParamType != "bool" || f.Placeholder != "" {
		return false
	}
	for _, n := range append([]string{f.Name}, f.Aliases...) {
		for _, part := range splitIdent(strings.TrimLeft(n, "-")) {
			if len(part) > 2 && task.V().Is("value_noun", strings.ToLower(part)) {
				return true
			}
		}
	}
	return false
}

// valuedFlags are the flags the skill's examples show taking a value:
// followed by an argument that is neither a flag nor the line's last
// argument ("-M m.txt --REMOVE_DUPLICATES true"). A flag some example
// shows as a switch (followed by another flag) is left out.
func (m *mapper) valuedFlags() map[string]bool {
	if m.valued != nil || m.skill == nil {
		return m.valued
	}
	m.valued = map[string]bool{}
	switches := map[string]bool{}
	for _, ex := range m.skill.Examples {
		args, err := skills.SplitArgs(ex.Args)
		if err != nil {
			continue
		}
		args, _, _ = splitRedirect(args)
		for i := 0; i+1 < len(args); i++ {
			a, next := args[i], args[i+1]
			if !strings.HasPrefix(a, "-") || len(a) < 2 || numberRE.MatchString(a[1:]) || strings.Contains(a, "=") {
				continue
			}
			switch {
			case strings.HasPrefix(next, "-") && next != "-" && !numberRE.MatchString(next[1:]):
				switches[a] = true
			case i+2 < len(args):
				m.valued[a] = true
			}
		}
	}
	for f := range switches {
		m.valued[f] = false // shown as a switch: a key with false
	}
	return m.valued
}

// isOutputFlag reports a flag whose value is written.
func isOutputFlag(t exToken) bool {
	if t.writes {
		return true
	}
	if t.doc != nil {
		return t.doc.Category == "Output"
	}
	n := strings.ToLower(strings.TrimLeft(t.flag, "-"))
	return task.V().Is("output_flag_name", n) || task.V().Word("prefix_flag_name", n)
}

// adaptation is what the passes of adapt share: the example's tokens, the
// task's files and which of them have found a place, and the fill being
// built.
type adaptation struct {
	c      *candidate
	f      *Fill
	toks   []exToken
	stdout string
	// taskIn and taskOut are the task's files; usedIn and usedOut mark
	// those that have a place in the command.
	taskIn, taskOut []FileSlot
	usedIn, usedOut []bool
	// firstIn is the task's first input placed; exFirstIn the example's
	// first input file (output names are rebuilt from one to the other).
	firstIn, exFirstIn string
	// vals are the task's files aligned to example tokens; noPlace marks an
	// example input flag the task has no file for.
	vals    []string
	noPlace []bool
	// used are the flags the fill sets.
	used map[string]bool
	// anyKind lets the output flag being filled take a task output of
	// another kind.
	anyKind bool
	// exTask is the example's own task; exFrame its frame, read when
	// first needed.
	exTask  string
	exFrame *Slots
}

// adapt turns the chosen example into a fill for this task, in passes
// with one job each, every one recording evidence: align the example's
// file slots to the task's files (by role, kind and order), fill every
// argument from the task (files, numbers, names, sequences; flags the
// task does not ask for are dropped), then add what the task gives and
// the example had no place for. Sources are checked afterwards
// (checkSources).
func (m *mapper) adapt(c *candidate, se scoredExample) *Fill {
	m.common, m.once = commonWords(c.flags), onceWords(c.flags)
	a := m.newAdaptation(c, se)
	m.alignInputs(a)
	m.alignOutputs(a)
	m.evidence = append(m.evidence, alignLine(a))
	m.fillArgs(a, se)
	m.rechoose(a.f, c)
	m.reswitch(a.f, c, a.used)
	m.addLeftovers(a)
	return a.f
}

func (m *mapper) newAdaptation(c *candidate, se scoredExample) *adaptation {
	args, stdout, stdin := splitRedirect(se.args)
	if stdin != "" {
		// Commands run without a shell: the example's standard input is
		// read as the file argument it stands for (wc -l < x) when the
		// usage takes files; else the command reads its standard input
		// (tr SET1 SET2), and a task file is left for the pipe before it.
		if readsFiles(c) {
			args = append(args, stdin)
		} else {
			m.evidence = append(m.evidence, "the example reads "+stdin+" on standard input; the command reads its standard input")
		}
	}
	toks := classifyWith(args, c, m.valuedFlags())
	outs := m.slots.Outputs()
	for i, t := range toks {
		// "-A hits.sto" ("save multiple alignment of all hits to file
		// <f>", filed under General) for a task that writes an alignment
		// and reads none: the flag writes the task's file, it does not
		// read one.
		typ := FileType(t.value)
		toks[i].writes = !t.pos && t.hasValue && t.doc != nil && typ != "" && typ != "file" && writesPlace(*t.doc) &&
			slices.ContainsFunc(outs, func(fs FileSlot) bool { return fs.Type == typ }) &&
			!slices.ContainsFunc(m.slots.Inputs(), func(fs FileSlot) bool { return fs.Type == typ })
	}
	a := &adaptation{c: c, f: &Fill{Executable: c.exe, Subcommand: c.sub, Positionals: []string{}},
		toks: toks, stdout: stdout, taskIn: m.slots.Inputs(), taskOut: m.slots.Outputs(),
		vals: make([]string, len(toks)), noPlace: make([]bool, len(toks)), used: map[string]bool{}, exTask: se.ex.Task}
	a.usedIn, a.usedOut = make([]bool, len(a.taskIn)), make([]bool, len(a.taskOut))
	for _, t := range toks {
		if t.pos && FileType(t.value) != "" && a.exFirstIn == "" {
			a.exFirstIn = t.value
		}
	}
	return a
}

// pick takes a task file for the example's file v of kind typ: the same
// family first, else a file of another kind that may stand in — never
// across two known, different kinds (a FASTQ is not an HTML report),
// except sequences: reads or contigs given as FASTA where the example
// reads FASTQ. Among the files that fit, the one named most like v wins
// (namedLike).
func pick(list []FileSlot, used []bool, typ, v string) (string, bool) {
	if p, ok := pickSame(list, used, typ, v); ok {
		return p, true
	}
	return takeNamedLike(list, used, v, func(fs FileSlot) bool {
		// A path with no dot at all ("ts/tv" in prose, "ref/hg38") is no
		// file of a kind the example names (ref.fa): it stands in only
		// for a file of no kind.
		bare := fs.Type == "file" && !strings.Contains(filepath.Base(fs.Path), ".")
		return typ == "" || typ == "file" || fs.Type == "file" && !bare || fs.Type == "gz" || task.HoldsSequences(typ) && task.HoldsSequences(fs.Type)
	})
}

// takeNamedLike takes, of the unused files that fit, the one named most
// like the example's file v (namedLike), the first on a tie. When the
// task names v itself, names say nothing of which file is which (the
// example's "-a peaks.bed -b genes.bed" for a task that reads genes.bed
// first): the first that fits.
func takeNamedLike(list []FileSlot, used []bool, v string, fits func(FileSlot) bool) (string, bool) {
	byName := !slices.ContainsFunc(list, func(fs FileSlot) bool { return fs.Path == v })
	best, bestScore := -1, -1
	for i, fs := range list {
		if used[i] || !fits(fs) {
			continue
		}
		s := 0
		if byName {
			s = namedLike(v, fs.Path)
		}
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	if best < 0 {
		return "", false
	}
	used[best] = true
	return list[best].Path, true
}

// namedLike scores how alike two file names are: one for each rooted
// word of three letters or more their stems share (existing_aln.fa and
// ref_aln.fa), and one for one extension where neither names a known
// kind (sample.dedup.stats and dedup.stats, not dedup.pairs.gz).
func namedLike(a, b string) int {
	s := 0
	if ea := fileExt(a); ea != "" && ea == fileExt(b) && FileType(a) == "file" && FileType(b) == "file" {
		s++
	}
	wb := nameWords(b)
	for w := range nameWords(a) {
		if wb[w] {
			s++
		}
	}
	return s
}

// mapFile gives an example file the task's file of its role: an output
// the task names or one derived from the task's input; an input the task
// names, or "" when the task's inputs are all placed, else the example's
// own file (checkSources replaces it).
func (m *mapper) mapFile(a *adaptation, v string, output bool) string {
	typ := FileType(v)
	if output {
		p, ok := pick(a.taskOut, a.usedOut, typ, v)
		if !ok && a.anyKind && unusedCount(a.usedOut) == 1 && !a.exampleHasKindOf(a.taskOut, a.usedOut) {
			// The task writes another kind than the example's output
			// flag ("-out hits.tsv" for query.xml, the format set by
			// another flag): its one output left goes through that flag.
			p, ok = pick(a.taskOut, a.usedOut, "", v)
		}
		if !ok {
			p = m.deriveOutput(v, a.exFirstIn, a.firstIn)
		}
		a.f.Outputs = append(a.f.Outputs, p)
		return p
	}
	if p, ok := pick(a.taskIn, a.usedIn, typ, v); ok {
		a.placeInput(p)
		return p
	}
	if anyUsed(a.usedIn) {
		// The example lists more inputs than the task has (merge of
		// three files for a task with two): leave the rest out.
		return ""
	}
	m.evidence = append(m.evidence, fmt.Sprintf("kept the example's file %s: the task names no file for it", v))
	if len(a.taskIn)+len(a.taskOut) > 0 {
		a.f.Confidence += sc.Penalties.ExampleFileKept
	} else {
		a.f.Confidence += sc.Penalties.ExampleFileKeptNoFiles // every file of the command is a guess
	}
	return v
}

func (a *adaptation) placeInput(p string) {
	if a.firstIn == "" {
		a.firstIn = p
	}
	a.f.Inputs = append(a.f.Inputs, p)
}

// isInput reports an example token that reads a file.
func (m *mapper) isInput(a *adaptation, i int) bool {
	t := a.toks[i]
	return t.pos && FileType(t.value) != "" && !m.positionalIsOutput(a.c, a.toks, i) ||
		!t.pos && t.hasValue && FileType(t.value) != "" && !isOutputFlag(t) && !dirFlag(t)
}

// dirOperand reports an example operand written as a directory: "." or a
// relative name ending in "/" ("results/").
func dirOperand(v string) bool {
	return FileType(v) == "dir" || len(v) > 1 && strings.HasSuffix(v, "/") && !strings.HasPrefix(v, "/") && FileType(strings.TrimSuffix(v, "/")) == ""
}

// dirFlag reports an example flag given a directory (no extension) whose
// help reads a directory or a suffix (pairtools sort's "--tmpdir /scratch",
// "Custom temporary folder"): no task file is read through it.
func dirFlag(t exToken) bool {
	return t.doc != nil && notFileFlag(*t.doc) && fileExt(t.value) == ""
}

// alignInputs is the pass that gives the example's input slots the task's
// input files: first the slots whose kind the task has, so a later slot of
// that kind is not taken by an earlier slot of another kind; then the rest
// (reads given as FASTA where the example has FASTQ). Inputs go first so
// outputs can be derived from the task's first input.
func (m *mapper) alignInputs(a *adaptation) {
	outSlots := 0
	for i, t := range a.toks {
		if !t.pos && t.hasValue && isOutputFlag(t) || t.pos && m.positionalIsOutput(a.c, a.toks, i) {
			outSlots++
		}
	}
	exact := make([]bool, len(a.toks))
	// An example file of no kind the task names too, spelled the same
	// ("nodes.dmp"), is that file: where the kind says nothing the name
	// does. (A file of a kind goes by its kind and order: the task may
	// give the example's files other roles.)
	named := make([]bool, len(a.toks))
	for i, t := range a.toks {
		if k := slices.IndexFunc(a.taskIn, func(fs FileSlot) bool { return fs.Path == t.value }); k >= 0 && !a.usedIn[k] && FileType(t.value) == "file" && m.isInput(a, i) {
			a.usedIn[k], a.vals[i], named[i] = true, t.value, true
		}
	}
	for i, t := range a.toks {
		// The example's directory operand ("multiqc results/") reads
		// the directory the task names (".", the current one).
		if k := slices.IndexFunc(a.taskIn, func(fs FileSlot) bool { return fs.Type == "dir" }); k >= 0 && !a.usedIn[k] && t.pos && dirOperand(t.value) {
			a.usedIn[k], a.vals[i], named[i] = true, a.taskIn[k].Path, true
		}
	}
	for i, t := range a.toks {
		if named[i] {
			exact[i] = true
			a.placeInput(a.vals[i])
			continue
		}
		if m.isInput(a, i) && !exact[i] {
			if p, ok := pickSameRole(a.taskIn, a.usedIn, FileType(t.value), a.exRoleAt(i), t.value); ok {
				a.vals[i], exact[i] = p, true
				a.placeInput(p)
			}
		}
	}
	for i, t := range a.toks {
		if m.isInput(a, i) && !exact[i] {
			if !t.pos && t.doc == nil && len(a.taskOut) > outSlots && !hasSame(a.taskIn, a.usedIn, FileType(t.value)) {
				// A flag no help describes, whose kind the task reads no
				// more but writes, where the task writes more files than
				// the example has outputs ("-M metrics.txt"): an output.
				if p, ok := pickSame(a.taskOut, a.usedOut, FileType(t.value), t.value); ok {
					a.vals[i] = p
					a.f.Outputs = append(a.f.Outputs, p)
					continue
				}
			}
			a.vals[i] = m.mapFile(a, t.value, false)
			a.noPlace[i] = !t.pos && a.vals[i] == ""
		}
	}
}

// alignOutputs is the pass that gives output slots of a kind the task
// writes that output, before any other output takes it ("--tblout
// hits.tbl" wins hits.tbl over "-o x.out").
func (m *mapper) alignOutputs(a *adaptation) {
	// First the slots whose extension a task output has: of the
	// example's "--tblout hits.tbl -o hmmsearch.out", kinase.out is -o's
	// though both are text.
	for _, exact := range []bool{true, false} {
		for i, t := range a.toks {
			out := !t.pos && t.hasValue && isOutputFlag(t) && FileType(t.value) != "" ||
				t.pos && FileType(t.value) != "" && m.positionalIsOutput(a.c, a.toks, i)
			if !out || a.vals[i] != "" {
				continue
			}
			p, ok := "", false
			if exact {
				ext := fileExt(t.value)
				p, ok = takeNamedLike(a.taskOut, a.usedOut, t.value, func(fs FileSlot) bool { return ext != "" && fileExt(fs.Path) == ext })
			} else {
				p, ok = pickSame(a.taskOut, a.usedOut, FileType(t.value), t.value)
			}
			if ok {
				a.vals[i] = p
				a.f.Outputs = append(a.f.Outputs, p)
			}
		}
	}
	// A task file no marker calls an output ("…, per-domain table
	// pfam.domtbl") that the example writes by kind and reads nowhere
	// is that output: the example shows the tool writes such a file.
	for i, t := range a.toks {
		out := !t.pos && t.hasValue && isOutputFlag(t) && FileType(t.value) != ""
		if !out || a.vals[i] != "" || m.exampleReads(a, FileType(t.value)) {
			continue
		}
		if p, ok := pickSame(a.taskIn, a.usedIn, FileType(t.value), t.value); ok {
			a.vals[i] = p
			a.f.Outputs = append(a.f.Outputs, p)
			m.evidence = append(m.evidence, fmt.Sprintf("took %s as the output of %s: the example writes a file of its kind there and reads none", p, t.flag))
		}
	}
}

// exampleReads reports an example input of the family of kind typ.
func (m *mapper) exampleReads(a *adaptation, typ string) bool {
	for i, t := range a.toks {
		if m.isInput(a, i) && family(FileType(t.value)) == family(typ) {
			return true
		}
	}
	return false
}

// alignLine says how the example's file slots were aligned to the task.
func alignLine(a *adaptation) string {
	var parts []string
	for i, t := range a.toks {
		if a.vals[i] != "" && a.vals[i] != t.value {
			parts = append(parts, t.value+" → "+a.vals[i])
		}
	}
	if len(parts) == 0 {
		return "aligned: no example file took a task file"
	}
	return "aligned the example's files to the task's: " + strings.Join(parts, ", ")
}

// fillArgs is the pass that fills every argument of the example from the
// task, in the example's order, and drops what the task does not ask for.
func (m *mapper) fillArgs(a *adaptation, se scoredExample) {
	a.f.Example = &Example{Task: se.ex.Task, Args: se.ex.Args, Source: "skill"}
	m.exWords = contentWords(withoutFiles(se.ex.Task))
	m.exTerms = terms(withoutFiles(se.ex.Task))
	m.exOwned = map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(se.ex.Task)) {
		w = strings.Trim(w, ",;:()'\"")
		for _, x := range a.toks {
			if !x.pos && x.flag != "" && joinedName(w, strings.TrimLeft(x.flag, "-")) {
				maps.Copy(m.exOwned, terms(w))
			}
		}
	}
	m.exExplain = se.ex.Explanation
	m.cand = a.c
	seqs := append([]string(nil), m.slots.Sequences...)
	assigned := m.assignNumbers(a.toks, m.slots.Numbers, a.exTask)
	var dropped []string
	for i, t := range a.toks {
		if t.pos {
			v, ok := m.fillPositional(a, i)
			if !ok {
				continue
			}
			a.f.Order = append(a.f.Order, fmt.Sprintf("p%d", len(a.f.Positionals)))
			a.f.Positionals = append(a.f.Positionals, v)
			continue
		}
		if base := modifiedDropped(t.flag, dropped); base != "" && a.vals[i] == "" {
			// --recode-INFO-all says how --recode writes: without it, it
			// has nothing to modify.
			m.evidence = append(m.evidence, fmt.Sprintf("dropped %s from the example: it modifies %s, which the task does not ask for", strings.TrimSpace(t.flag+" "+t.value), base))
			continue
		}
		fv, ok := m.fillFlag(a, i, assigned, &seqs)
		if !ok {
			dropped = append(dropped, t.flag)
			continue
		}
		if t.cmp != "" && numberRE.MatchString(fv.Value) {
			fv.Value = t.cmp + fv.Value
		}
		a.used[fv.Name] = true
		if parts, _, ok := bundleParts(a.c.flags, fv.Name); ok {
			for _, part := range parts {
				a.used[part] = true // "-rcl": none of -r, -c, -l is added again
			}
		}
		fv.fromExample = true
		a.f.Order = append(a.f.Order, fmt.Sprintf("f%d", len(a.f.Flags)))
		a.f.Flags = append(a.f.Flags, fv)
	}
}

// modifiedDropped returns the dropped flag whose long name flag extends
// with a dash (--recode for --recode-INFO-all), or "".
func modifiedDropped(flag string, dropped []string) string {
	for _, d := range dropped {
		if strings.HasPrefix(d, "--") && len(d) > 4 && strings.HasPrefix(flag, d+"-") {
			return d
		}
	}
	return ""
}

// fillPositional fills one positional of the example; false drops it.
func (m *mapper) fillPositional(a *adaptation, i int) (string, bool) {
	v := a.toks[i].value
	switch {
	case a.vals[i] != "" && (FileType(a.vals[i]) == "" || m.exampleOutputStem(a, v) == ""):
		v = a.vals[i]
	case m.exampleOutputStem(a, v) != "":
		// The example writes its task's output combined.msh as the
		// prefix "combined" (mash paste adds the extension): the task's
		// output goes there the same way.
		out := a.vals[i]
		if out == "" {
			out = m.mapFile(a, m.exampleOutputStem(a, v), true)
		}
		v = rules.Stem(out)
		if m.byStem == nil {
			m.byStem = map[string]bool{}
		}
		m.byStem[out] = true
		m.evidence = append(m.evidence, fmt.Sprintf("wrote the task's output %s as %s: the example names its output %s by its stem %s", out, v, m.exampleOutputStem(a, a.toks[i].value), a.toks[i].value))
	case FileType(v) != "" && !m.positionalIsOutput(a.c, a.toks, i) && anyUsed(a.usedIn):
		return "", false // an extra example input the task has no counterpart for
	case FileType(v) != "" || m.positionalIsOutput(a.c, a.toks, i) && !flagContinuation(a, i):
		v = m.mapFile(a, v, true)
	case regionRE.MatchString(v) && strings.Contains(v, ":"):
		if len(m.slots.Regions) == 0 {
			return "", false
		}
		v = m.slots.Regions[0]
	case accessionRE.MatchString(v) && m.taskAccession() != "":
		// The example's accession (SRR1234567) is the task's.
		v = m.taskAccession()
	case isName(v) && !numberRE.MatchString(v) && i > 0 && !m.saidByExampleOnly(a, v) && !flagContinuation(a, i):
		v = m.nameFor(v, a.exFirstIn, a.firstIn)
		a.f.Outputs = append(a.f.Outputs, v)
	}
	return v, true
}

// flagContinuation reports an example word that goes on the value of the
// flag before it where the help shows no operand at all (STAR's
// "--outSAMtype BAM SortedByCoordinate"): a further word of that value,
// no name the task gives.
func flagContinuation(a *adaptation, i int) bool {
	if !a.c.known || len(a.c.positionals) > 0 {
		return false
	}
	for j := i - 1; j >= 0; j-- {
		if !a.toks[j].pos {
			return a.toks[j].hasValue
		}
	}
	return false
}

// saidByExampleOnly reports an example's argument its own task says and
// this task does not ("包含 error 的行": grep's pattern error): that
// user's data, not a name to derive from the task's input; the source
// check judges it.
func (m *mapper) saidByExampleOnly(a *adaptation, v string) bool {
	if a.exFirstIn != "" && strings.HasPrefix(v, rules.Stem(a.exFirstIn)) {
		return false // sample1 for sample.fq: a name made from the input's
	}
	return !m.wordsSaid(v) && holdsText(&Fill{Positionals: []string{strings.ToLower(a.exTask)}}, strings.ToLower(v))
}

// exampleOutputStem returns the output file the example's own task names
// whose stem is the example's argument v ("into combined.msh" for the
// argument "combined"), or "".
func (m *mapper) exampleOutputStem(a *adaptation, v string) string {
	if v == "" || FileType(v) != "" {
		return ""
	}
	if a.exFrame == nil {
		fr := ExtractSlots(a.exTask)
		a.exFrame = &fr
	}
	for _, fs := range a.exFrame.Files {
		if fs.Output && fs.Path != v && rules.Stem(fs.Path) == v {
			return fs.Path
		}
	}
	return ""
}

// fillFlag fills one flag of the example; false drops it (with the
// reason in the evidence).
func (m *mapper) fillFlag(a *adaptation, i int, assigned map[int]*NumberSlot, seqs *[]string) (FlagValue, bool) {
	t := a.toks[i]
	if a.noPlace[i] {
		m.evidence = append(m.evidence, fmt.Sprintf("left out %s %s: the task has no file for it", t.flag, t.value))
		m.noFileFlags = append(m.noFileFlags, t.flag)
		return FlagValue{}, false
	}
	fv := FlagValue{Name: t.flag, Value: t.value, HasValue: t.hasValue, Style: t.style, Why: "from the example"}
	if a.vals[i] == "" && t.hasValue && !isOutputFlag(t) && FileType(t.value) == "" {
		if v, tg, ok := m.valueForFlag(a.c, t.flag); ok {
			// A value the task names beats the example's constant.
			m.valueTaken[v.Text] = true
			if tg.text(v) != t.value {
				m.evidence = append(m.evidence, fmt.Sprintf("%s %s: the task's value (%s), not the example's %s", t.flag, tg.text(v), valueWords(v), t.value))
			}
			fv.Value, fv.Why = tg.text(v), "the task's value "+v.Text+": "+tg.why
			return fv, true
		}
	}
	if a.vals[i] == "" {
		if out, keep, handled := m.fillColumnFlag(a, t, fv); handled {
			return out, keep
		}
	}
	fromSlot, exampleNumber := false, false
	switch {
	case a.vals[i] != "":
		fv.Value, fromSlot = a.vals[i], true
	case t.hasValue && seqRE.MatchString(strings.Trim(t.value, "'\"")) && len(*seqs) > 0:
		fv.Value, *seqs, fromSlot = (*seqs)[0], (*seqs)[1:], true
		fv.Why = "the task's sequence"
		if end := sequenceEnd(m.slots.SequenceWords[fv.Value]); end != "" && t.doc != nil && otherEnd(t.doc.Description, end) {
			// The example's adapter is at the other end of the strand
			// ("the 5' adapter" where -a is "ligated to the 3' end"):
			// the flag of the task's end, or the command is in doubt.
			// The flag that takes its place must take what the example's
			// does (the same placeholder: cutadapt's -g ADAPTER for -a
			// ADAPTER), never another kind of value whose help names the
			// task's end ("-q [5'CUTOFF,]3'CUTOFF").
			if fd, ok := m.sequenceFlag(a.c, fv.Value, a.used); ok && fd.Placeholder == t.doc.Placeholder {
				m.evidence = append(m.evidence, fmt.Sprintf("set %s for the example's %s: the task's sequence %s is at the %s' end, which %s's help names", spelling(fd), t.flag, fv.Value, end, fd.Name))
				fv.Name = spelling(fd)
			} else {
				m.wrongEnds = append(m.wrongEnds, fmt.Sprintf("%s %s: the task's sequence is at the %s' end; the help of %s names the other", t.flag, fv.Value, end, t.flag))
			}
		}
	case t.hasValue && isOutputFlag(t) && len(a.taskOut) > 0 && allUsed(a.usedOut) && FileType(t.value) != "":
		// The task named its outputs and all have a place: this
		// example output (a stats file, a report) was not asked for.
		m.evidence = append(m.evidence, fmt.Sprintf("left out %s %s: the task names no such output", t.flag, t.value))
		return fv, false
	case t.hasValue && isOutputFlag(t) && (FileType(t.value) != "" || len(a.taskOut) > 0):
		a.anyKind = t.doc != nil && t.doc.Category == "Output"
		fv.Value, fromSlot = m.mapFile(a, t.value, true), true
		a.anyKind = false
	case t.hasValue && isOutputFlag(t) && m.namesUsed >= len(m.slots.Names) && !numberRE.MatchString(t.value) &&
		(a.exFirstIn == "" || !strings.HasPrefix(t.value, rules.Stem(a.exFirstIn))):
		// A prefix or run name (iqtree2 --prefix, STAR
		// --outFileNamePrefix) the task does not give: the tool's
		// default names are what the user asked for.
		m.evidence = append(m.evidence, fmt.Sprintf("left out %s %s: the task gives no name for it", t.flag, t.value))
		return fv, false
	case t.hasValue && isOutputFlag(t):
		fv.Value, fromSlot = m.nameFor(t.value, a.exFirstIn, a.firstIn), true
		a.f.Outputs = append(a.f.Outputs, fv.Value)
	case t.hasValue && FileType(t.value) == "" && !numberRE.MatchString(t.value) && isName(t.value) &&
		(t.doc == nil || t.doc.Category == "Input" || t.doc.ParamType == "bool" && t.doc.Placeholder == "") &&
		m.namesUsed < len(m.slots.Names) && namesAThing(t):
		fv.Value, _ = m.nextName()
		fromSlot = true
		fv.Why = "the name the task gives"
	case t.hasValue && m.listedValue(t) != "":
		v := m.listedValue(t)
		if v != t.value {
			m.evidence = append(m.evidence, fmt.Sprintf("set %s %s for the example's %s: the task names %s, which %s's help lists", t.flag, v, t.value, v, t.flag))
		}
		fv.Value, fromSlot = v, true
		fv.Why = fmt.Sprintf("the task names %q, a value the help lists", v)
	case t.hasValue && exampleRegion(t.value):
		// The example's region is the example's data: the task's own
		// region goes there, and without one the flag goes.
		if len(m.slots.Regions) == 0 {
			m.evidence = append(m.evidence, fmt.Sprintf("left out %s %s: the task gives no region for it", t.flag, t.value))
			return fv, false
		}
		fv.Value, fromSlot = m.slots.Regions[0], true
		fv.Why = "the task's region"
	case t.hasValue && numberRE.MatchString(t.value):
		if n := assigned[i]; n != nil {
			fv.Value, n.Used, fromSlot = n.Value, true, true
			fv.Why = fmt.Sprintf("the task's %q (%s)", n.Value, strings.Join(n.Context, " "))
			if fd, ok := m.betterNumberFlag(a, t, n); ok {
				name := spelling(fd)
				m.evidence = append(m.evidence, fmt.Sprintf("set %s %s for the example's %s: the words around the task's %s (%s) name %s", name, n.Value, t.flag, n.Value, strings.Join(n.Context, " "), fd.Name))
				fv.Name, fv.Style = name, kvStyle(fd)
				fv.Why = fmt.Sprintf("the task's %q (%s) fits %s: %s", n.Value, strings.Join(n.Context, " "), fd.Name, fd.Description)
			}
		} else if optionalByConcept(t) {
			m.evidence = append(m.evidence, fmt.Sprintf("dropped %s %s from the example: the task does not ask for it", t.flag, t.value))
			m.unasked = append(m.unasked, t)
			return fv, false
		} else if (wordIn(a.exTask, t.value) || joinedIn(a.exTask, t.value) || inRange(a.exTask, t.value)) && !m.taskValues()[t.value] {
			exampleNumber = true
		}
	}
	if !fromSlot {
		if v, why, isDefault, ok := m.formValue(a, t); ok {
			if isDefault {
				m.evidence = append(m.evidence, fmt.Sprintf("dropped %s %s from the example: %s, the default", t.flag, t.value, why))
				return fv, false
			}
			m.evidence = append(m.evidence, fmt.Sprintf("set %s %s for the example's %s: %s", t.flag, v, t.value, why))
			fv.Value, fv.Why, fromSlot = v, "the task's file asks for "+v+": "+why, true
		}
	}
	if name, why, ok := m.compressionSwitch(a.c, t); ok {
		m.evidence = append(m.evidence, fmt.Sprintf("set %s for the example's %s: %s", name, t.flag, why))
		fv.Name = name
	}
	if !fromSlot && !m.asked(a, t) {
		if !m.dropQuiet {
			m.evidence = append(m.evidence, fmt.Sprintf("dropped %s from the example: nothing in the task asks for it", strings.TrimSpace(t.flag+" "+t.value)))
			m.unasked = append(m.unasked, t)
		}
		m.dropQuiet = false
		return fv, false
	}
	if exampleNumber {
		// The example's task gave this number ("column 5" for -k 5,
		// "21-mers" for -m 21) and this task not: it is the example's
		// value, not one this task asks for.
		if m.hasDefault(a.c, t.flag) {
			m.evidence = append(m.evidence, fmt.Sprintf("left out %s %s: the example's task gave that number, this task none for it; the tool's default applies", t.flag, t.value))
			return fv, false
		}
		ph := placeholder(t.value, a.c, t.flag)
		m.missing(a.f, fmt.Sprintf("missing: %s for %s (the example's %s is its own task's number)", ph, t.flag, t.value))
		fv.Value, fv.Why = ph, "no source in the task"
	}
	return fv, true
}

// addLeftovers is the pass that places what the task gives and the
// example had no place for: input files (after the example's inputs of
// their kind), the redirection, regions, outputs (through an output
// flag) and numbers, quoted strings and typed flags (through the flags
// of the help).
func (m *mapper) addLeftovers(a *adaptation) {
	f := a.f
	for i, fs := range a.taskIn {
		if !a.usedIn[i] {
			if last := lastFilePositional(f, fs.Type); last >= 0 {
				f.Positionals = append(f.Positionals, fs.Path)
				f.Order = append(f.Order, fmt.Sprintf("p%d", len(f.Positionals)-1))
				m.evidence = append(m.evidence, "added "+fs.Path+" after the example's inputs")
			} else {
				m.evidence = append(m.evidence, "the task's file "+fs.Path+" has no place in the example")
				f.Confidence += sc.Penalties.TaskFileUnplaced
			}
		}
	}
	if a.stdout != "" {
		f.Stdout = m.mapFile(a, a.stdout, true)
	}
	if len(m.slots.Regions) > 0 && !hasRegion(f.Positionals) && !slices.ContainsFunc(f.Flags, func(fv FlagValue) bool { return slices.Contains(m.slots.Regions, fv.Value) }) {
		// Regions go last, after the input (samtools view, tabix, bcftools
		// view), unless the usage shows no place for one and a flag
		// takes it (regionFlag).
		for _, r := range m.slots.Regions {
			if m.placeRegionFlag(f, a.c, a.used, r) {
				continue
			}
			f.Positionals = append(f.Positionals, r)
			f.Order = append(f.Order, fmt.Sprintf("p%d", len(f.Positionals)-1))
			m.evidence = append(m.evidence, "added the task's region after the example's arguments")
		}
	}
	for i, fs := range a.taskOut {
		if !a.usedOut[i] {
			m.addOutput(f, a.c, fs.Path, a.used)
		}
	}
	m.addSlotFlags(f, a.c, a.used)
	m.addListedValues(f, a.c, a.used)
	m.addKindFlags(f, a.c, a.used)
	m.addColumnFlags(f, a.c, a.used)
	m.addNamedSwitches(a)
	m.addAskedSwitches(a)
	m.addNegatedDefaults(a)
	m.addPhraseSwitches(a)
	m.addNeededBySet(a)
	m.addModeChoices(f, a.c, a.used)
}

// splitRedirect takes "> file" off an example's arguments and drops a
// pipeline after "|" (one command is built; what follows a pipe is the
// user's to add).
func splitRedirect(args []string) (rest []string, stdout, stdin string) {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "|" || a == "&&" || a == ";":
			return rest, stdout, stdin
		case (a == ">" || a == "1>" || a == ">>") && i+1 < len(args):
			stdout = args[i+1]
			i++
		case strings.HasPrefix(a, ">") && len(a) > 1 && a != ">>" && a[1] != '=':
			// ">out.txt"; a quoted comparison (-mapQuality ">=20") is a
			// value, never a file named "=20"
			stdout = a[1:]
		case a == "<" && i+1 < len(args):
			stdin = args[i+1]
			i++
		default:
			rest = append(rest, a)
		}
	}
	return rest, stdout, stdin
}

// readsFiles reports a usage that takes file arguments, or no usage read.
func readsFiles(c *candidate) bool {
	if !c.known || len(c.positionals) == 0 {
		return true
	}
	for _, p := range c.positionals {
		if p.ParamType == "file" {
			return true
		}
	}
	return false
}

// exampleRegion reports a value written as a genomic region ("chr20:1-5",
// "chr7"): data of the example's own, never a constant.
func exampleRegion(v string) bool {
	v = strings.Trim(v, "'\"")
	contig, _, _ := strings.Cut(v, ":")
	return regionRE.MatchString(v) && (strings.HasPrefix(strings.ToLower(v), "chr") || strings.Contains(v, ":") && strings.ContainsFunc(contig, unicode.IsLetter))
}

func hasRegion(ps []string) bool {
	for _, p := range ps {
		if regionRE.MatchString(p) && strings.Contains(p, ":") {
			return true
		}
	}
	return false
}

// hasSame reports an unused file of the family of typ.
func hasSame(list []FileSlot, used []bool, typ string) bool {
	for i, fs := range list {
		if !used[i] && family(fs.Type) == family(typ) {
			return true
		}
	}
	return false
}

// pickSame takes the first unused file of the same family.
// exRole is the role the example's own task gives its file v ("to the
// reference ref.fa": reference), or "".
// exRoleAt is the role of the example's file at token i: the one its
// task's words give it, else the one its slot's name in the help gives
// (dnadiff "<reference> <query>", bwa mem "<idxbase> <in1.fq>", a flag
// --reference): a reference is aligned to the task's reference.
func (a *adaptation) exRoleAt(i int) string {
	t := a.toks[i]
	if r := a.exRole(t.value); r != "" {
		return r
	}
	name := ""
	if t.pos {
		k := 0
		for _, u := range a.toks[:i] {
			if u.pos {
				k++
			}
		}
		if k < len(a.c.positionals) {
			name = a.c.positionals[k].Name
		}
	} else if t.doc != nil {
		name = t.doc.Name
	}
	for _, w := range splitIdent(strings.ToLower(strings.Trim(name, "-<>[]"))) {
		if task.V().Mentions("reference_word", w) {
			return "reference"
		}
	}
	return ""
}

func (a *adaptation) exRole(v string) string {
	if a.exFrame == nil {
		fr := ExtractSlots(a.exTask)
		a.exFrame = &fr
	}
	for _, fs := range a.exFrame.Files {
		if fs.Path == v {
			return fs.Role
		}
	}
	return ""
}

// pickSameRole is pickSame that first tries the task files whose role is
// the example file's: a reference for a reference, a read file for a read
// file ("map reads.fa to ref.fa" against "map ont.fa to genome.fa").
func pickSameRole(list []FileSlot, used []bool, typ, role, v string) (string, bool) {
	if p, ok := takeNamedLike(list, used, v, func(fs FileSlot) bool {
		return family(fs.Type) == family(typ) && (fs.Role == "reference") == (role == "reference")
	}); ok {
		return p, true
	}
	return pickSame(list, used, typ, v)
}

func pickSame(list []FileSlot, used []bool, typ, v string) (string, bool) {
	return takeNamedLike(list, used, v, func(fs FileSlot) bool { return family(fs.Type) == family(typ) })
}

// exampleHasKindOf reports an example argument of the kind of an unused
// task file: that argument, not another, is the file's place.
func (a *adaptation) exampleHasKindOf(list []FileSlot, used []bool) bool {
	for i, fs := range list {
		if used[i] {
			continue
		}
		for _, t := range a.toks {
			if typ := FileType(t.value); typ != "" && family(typ) == family(fs.Type) {
				return true
			}
		}
	}
	return false
}

func unusedCount(u []bool) int {
	n := 0
	for _, x := range u {
		if !x {
			n++
		}
	}
	return n
}

func allUsed(u []bool) bool {
	for _, x := range u {
		if !x {
			return false
		}
	}
	return true
}

func anyUsed(u []bool) bool {
	for _, x := range u {
		if x {
			return true
		}
	}
	return false
}

// asked reports whether the task asks for an example flag: the words of
// the task fit the flag's name and description.
func (m *mapper) asked(a *adaptation, t exToken) bool {
	if t.hasValue && m.valueAsked(t.value) {
		if t.doc != nil && !t.doc.Required && strings.EqualFold(t.value, defaultValue(*t.doc)) {
			// "count at the exon level" names what -t exon does by
			// default: the tool's default applies.
			m.evidence = append(m.evidence, fmt.Sprintf("dropped %s %s from the example: the task names %s, the default its help gives", t.flag, t.value, t.value))
			m.dropQuiet = true
			return false
		}
		return true // "generate a genome index" asks for --runMode genomeGenerate
	}
	if v, ok := m.namedChoice(t); ok {
		if !t.doc.Required && strings.EqualFold(v, defaultValue(*t.doc)) {
			m.evidence = append(m.evidence, fmt.Sprintf("dropped %s %s from the example: the task names %s, the default its help gives", t.flag, t.value, v))
			m.dropQuiet = true
			return false
		}
		return true // the task names a value of its list: rechoose sets it
	}
	if ws := m.choiceWordsLacking(t); len(ws) > 0 {
		m.evidence = append(m.evidence, fmt.Sprintf("dropped %s %s from the example: its task asks for %s in words this task lacks (%s)", t.flag, t.value, t.value, strings.Join(ws, ", ")))
		m.dropQuiet = true
		return false
	}
	if t.doc == nil || t.doc.Description == "" {
		// No help to judge it by: keep it when the task names it, or when
		// it is an output flag.
		if isOutputFlag(t) {
			return true
		}
		for w := range contentWords(joinsToSpaces.Replace(strings.TrimLeft(t.flag, "-"))) {
			if len(w) > 2 && m.taskWords[w] {
				return true
			}
		}
		if m.explainedAsk(a, t) {
			return true
		}
		return t.doc != nil && t.doc.Required
	}
	if ws, ok := m.negatedAsk(a, t); ok && !t.hasValue {
		m.evidence = append(m.evidence, fmt.Sprintf("dropped %s from the example: the task says its words after a negation (%s)", t.flag, strings.Join(ws, ", ")))
		m.dropQuiet = true
		return false
	}
	if off := offTerms(*t.doc); !t.hasValue && len(off) > 0 {
		// The task says not to do what the switch leaves out ("不要输出比对"
		// for --noali "don't output alignments"): it asks for it.
		neg, _ := m.zhNegated(m.task)
		if both := intersect(neg, off); m.namesOff(*t.doc, neg) || len(both) > 1 {
			m.evidence = append(m.evidence, fmt.Sprintf("kept %s: the task leaves out what it leaves out (%s)", t.flag, t.doc.Description))
			return true
		}
	}
	if !t.hasValue && overwrites(*t.doc) && !task.V().Mentions("sense_force", m.task) {
		// Nothing the user owns is overwritten unasked: the example's
		// author forced it ("-f, --force  overwrite output directory").
		m.evidence = append(m.evidence, fmt.Sprintf("dropped %s from the example: it overwrites what exists, and the task does not ask to", t.flag))
		m.dropQuiet = true
		return false
	}
	if t.doc.Category == "Input" || t.doc.Category == "Output" {
		if !t.hasValue {
			// A switch that writes something more ("--write-index") is
			// asked for by its own words: the example's task said them
			// ("and write the index"); a task without them does not ask.
			if s, against := m.exampleFit(t); s < sc.Fit.FlagRelevanceMin && len(against) > 0 {
				m.evidence = append(m.evidence, fmt.Sprintf("dropped %s from the example: its task asks for it in words this task lacks (%s)", t.flag, strings.Join(against, ", ")))
				m.dropQuiet = true
				return false
			}
		}
		return true
	}
	if k, ok := m.writesKindNotOut(a, t); ok {
		m.evidence = append(m.evidence, fmt.Sprintf("dropped %s from the example: it makes the output %s, and the task writes %s", t.flag, k, joinAnd(slotPaths(a.taskOut))))
		m.dropQuiet = true
		return false
	}
	if t.doc.Category == "Format" && !t.hasValue && m.outputKindIn(t.doc.Description) {
		return true // "-a  output in the SAM format" when the task writes a .sam
	}
	if t.doc.Category == "Format" && t.hasValue && writesKind(a.taskOut, t.value) {
		return true // "-f bam" when the task writes region.bam
	}
	if m.formAsked(a, t) {
		m.evidence = append(m.evidence, fmt.Sprintf("kept %s %s: its help names the form of the task's output, as it did the example's", t.flag, t.value))
		return true
	}
	if meaning, ok := m.valueUnsaid(t); ok {
		// The task's words fit the flag's help, but not the value's
		// meaning: they ask for the flag, not for the example's value
		// ("-outfmt 6" for "search only the plus strand": 6 is
		// "Tabular").
		m.evidence = append(m.evidence, fmt.Sprintf("dropped %s %s from the example: its help says %s is %q, which the task does not say", t.flag, t.value, t.value, meaning))
		m.dropQuiet = true
		return false
	}
	s, against := m.exampleFit(t)
	if s >= sc.Fit.FlagRelevanceMin {
		if r, ok := m.rivalSwitch(a, t, s+float64(len(against))); ok && !t.hasValue && len(against) > 0 {
			if m.rivalled == nil {
				m.rivalled = map[string]string{}
			}
			m.rivalled[t.flag] = fmt.Sprintf("missing: a word of the task that chooses between %s and %s (the example's task said %s, this one does not; its words fit both helps)", t.flag, r, strings.Join(against, ", "))
		}
		return true
	}
	if len(against) > 0 {
		m.evidence = append(m.evidence, fmt.Sprintf("dropped %s from the example: its task asks for it in words this task lacks (%s)", strings.TrimSpace(t.flag+" "+t.value), strings.Join(against, ", ")))
		m.dropQuiet = true
		return false
	}
	if lack, ok := m.repeatsExample(a); ok && !t.hasValue {
		m.evidence = append(m.evidence, fmt.Sprintf("kept %s: the task repeats the example's task (%.0f%% of its words lacking)", strings.TrimSpace(t.flag+" "+t.value), 100*lack))
		return true
	}
	// A flag with the example's own value is not kept on shared words
	// alone unless the task gives that value too: the value answers the
	// example's words, not this task's ("discard reads with any N" keeps
	// --max-n 0; "discard reads shorter than 25" does not ask for it).
	if ws := m.exampleAsks(t); len(ws) > 0 && (!t.hasValue || m.taskValues()[t.value]) {
		m.evidence = append(m.evidence, fmt.Sprintf("kept %s: the example's task asks for it in words this task repeats (%s)", t.flag, strings.Join(ws, ", ")))
		return true
	}
	if m.explainedAsk(a, t) {
		return true
	}
	if ws, ok := m.residualRepeated(a, t); ok && !t.hasValue {
		m.evidence = append(m.evidence, fmt.Sprintf("kept %s: the words of the example's task no help explains are in this task (%s)", strings.TrimSpace(t.flag+" "+t.value), strings.Join(ws, ", ")))
		return true
	}
	return false
}

// rivalSwitch is another switch of the help, not in the command, whose
// help the task's words fit at least as well (fit) as the example's
// switch t: tabix's -h "Print also the header lines" beside -H "Print
// only the header lines", kept from "print only the header" for a task
// that wants the header included.
func (m *mapper) rivalSwitch(a *adaptation, t exToken, fit float64) (string, bool) {
	tw := m.askTerms()
	_, hits := m.switchFit(t.flag, t.doc, tw)
	if parts, named := m.flagNameParts(t.flag); len(named) > 0 && len(named) == len(parts) {
		return "", false // the task names it whole ("single-end" for --single)
	}
	for _, fd := range a.c.flags {
		if _, ok := switchOn(fd); !ok || fd.Name == "" || fd.Name == t.doc.Name || alreadyUsed(a.used, fd) {
			continue
		}
		// A switch that turns off what the task's words name
		// (--no-header beside -H) is their opposite, not a rival.
		if off, _ := nameOff(fd); len(off) > 0 || task.V().Mentions("turn_off", fd.Description) {
			continue
		}
		// The rival fits the same words of the task, and as well.
		if s, rh := m.switchFit(fd.Name, &fd, tw); s >= fit && !slices.ContainsFunc(hits, func(h string) bool { return !slices.Contains(rh, h) }) {
			return spelling(fd), true
		}
	}
	return "", false
}

// overwrites reports a switch whose name says it overwrites what exists
// (lexicon overwrites_flag_name: --force), or the first clause of whose
// help says so in the words a task asks for it with (sense_force: "-f
// overwrite output directory"); "Force strandedness" (bedtools -s) or a
// long help that speaks of overwriting something later is about
// something else.
func overwrites(fd FlagDoc) bool {
	first, _, _ := strings.Cut(strings.ToLower(fd.Description), ".")
	first, _, _ = strings.Cut(first, "(")
	first, _, _ = strings.Cut(first, ";")
	v := task.V()
	return v.Mentions("overwrites_flag_name", strings.Join(splitIdent(strings.TrimLeft(fd.Name, "-")), " ")) || v.Mentions("sense_force", first)
}

// valueUnsaid returns the meaning the help gives an example flag's value
// ("6 = Tabular") when no word of it is the task's; false when the help
// gives the value no meaning or the task says one of its words.
func (m *mapper) valueUnsaid(t exToken) (string, bool) {
	if !t.hasValue || t.doc == nil {
		return "", false
	}
	for _, p := range choicePairs(*t.doc) {
		if p.value != t.value || p.words == "" || strings.EqualFold(p.words, p.value) {
			continue
		}
		tw := m.askTerms()
		for w := range terms(p.words) {
			if tw[w] {
				return "", false
			}
		}
		return p.words, true
	}
	return "", false
}

// inRange reports whether text holds the number v as an end of a range
// ("fragment length 10-700" gave -I 10 and -X 700).
func inRange(text, v string) bool {
	for _, t := range tokens(text) {
		lo, hi, ok := strings.Cut(strings.Trim(t, ",;()"), "-")
		if ok && numberRE.MatchString(lo) && numberRE.MatchString(hi) && (lo == v || hi == v) {
			return true
		}
	}
	return false
}

// wordIn reports whether text holds w as a word of its own, read by the
// task's tokenizer (punctuation around a word trimmed, as spelledOut does).
// joinedIn reports a number the text writes joined to a word by a hyphen
// ("21-mers", "8-threads"): the text gives it, as a word of its own.
func joinedIn(text, n string) bool {
	return slices.ContainsFunc(tokens(text), func(t string) bool {
		num, rest, ok := strings.Cut(strings.Trim(t, ",;()"), "-")
		return ok && num == n && isLetters(rest)
	})
}

func wordIn(text, w string) bool {
	return slices.ContainsFunc(tokens(text), func(t string) bool { return strings.Trim(t, ",;()") == w })
}

// writesKind reports whether v names a file kind ("bam", "vcf") that one of
// the task's outputs is.
func writesKind(outs []FileSlot, v string) bool {
	k := FileType("x." + strings.ToLower(v))
	if k == "" || k == "file" || k == "gz" {
		return false
	}
	for _, o := range outs {
		if o.Type == k {
			return true
		}
	}
	return false
}

// abbreviates reports a value of the example that is the first four
// letters or more of w: "-dbtype nucl" says "nucleotide".
func abbreviates(values []string, w string) bool {
	return slices.ContainsFunc(values, func(v string) bool { return len(v) >= 4 && len(v) < len(w) && strings.HasPrefix(w, v) })
}

// residualRepeated returns the example task's terms that stand for the
// switch t, when t's own help holds no word of the example's task that
// this task lacks: terms that neither the
// candidate's own words nor the names, help and values of the example's
// arguments explain, that are no plain word or negation (lexicon classes
// plain_word, negation), and that no other example of the skill without t
// holds ("longest to shortest" for
// seqkit sort's -r, "properly paired" for samtools view's -f 2). When
// this task repeats at least scoring.fit.residual_repeat_min of them, it
// asks for t in the example's words though t's help does not name them.
func (m *mapper) residualRepeated(a *adaptation, t exToken) ([]string, bool) {
	if len(m.exTerms) == 0 || t.pos {
		return nil, false
	}
	tw := m.askTerms()
	cand := m.candTerms(m.cand, true)
	explained := map[string]bool{}
	var values []string
	for _, x := range a.toks {
		for w := range terms(x.value) {
			explained[w] = true
			values = append(values, w)
		}
		if x.pos {
			continue
		}
		for w := range nameTerms(x.flag, x.doc) {
			explained[w] = true
		}
		if x.doc != nil {
			for w := range terms(x.doc.Description) {
				explained[w] = true
			}
		}
	}
	// A switch whose own help holds words of its example's task that this
	// task lacks was asked for by those words ("paired-end" for -p).
	own := nameTerms(t.flag, t.doc)
	if t.doc != nil {
		for w := range terms(t.doc.Description) {
			own[w] = true
		}
	}
	for w := range m.exTerms {
		if own[w] && !cand[w] && !tw[w] {
			return nil, false
		}
	}
	n := 0
	var rep []string
	for w := range m.exTerms {
		// A plain word says what any command does ("show", "while"), a
		// negation what it leaves out; a Chinese run is many words.
		if cand[w] || numberRE.MatchString(w) || isCJK(w) || classTerm("plain_word", w) || classTerm("negation", w) ||
			explainedBy(explained, w) || abbreviates(values, w) || !m.onlyWith(w, t) || m.numberWord(w) {
			// (a word right by one of the task's numbers says what the
			// number measures, "1000 bp": the number's flag answers it)
			continue
		}
		n++
		for x := range terms(w) {
			if tw[x] {
				rep = append(rep, w)
				break
			}
		}
	}
	sort.Strings(rep)
	return rep, len(rep) > 0 && float64(len(rep)) >= sc.Fit.ResidualRepeatMin*float64(n)
}

// classTerm reports whether the term w (a word stemmed and rooted) is a
// word of the lexicon class.
func classTerm(class, w string) bool {
	for _, x := range task.V().Words(class) {
		if root(x) == w {
			return true
		}
	}
	return false
}

// onlyWith reports whether every example of the skill whose task holds
// the term w is an example of the candidate with the flag t: the term
// stands for t, not for what the tool's examples do in general.
func (m *mapper) onlyWith(w string, t exToken) bool {
	own := map[string][]string{}
	all := make([]string, 0, len(m.cand.examples))
	for _, se := range m.cand.examples {
		own[se.ex.Task] = se.args
		all = append(all, se.ex.Task)
	}
	if m.skill != nil {
		all = all[:0]
		for _, ex := range m.skill.Examples {
			all = append(all, ex.Task)
		}
	}
	for _, task := range all {
		if !terms(withoutFiles(task))[w] {
			continue
		}
		args, ok := own[task]
		if !ok {
			return false
		}
		has := false
		for _, x := range classify(args, m.cand) {
			has = has || !x.pos && sameFlag(m.cand, x.flag, t.flag)
		}
		if !has {
			return false
		}
	}
	return true
}

// choiceWordsLacking returns the words of the example's task that say
// what the example's value of t means, when t's help lists that value
// with its meaning ("map-ont: Nanopore vs reference mapping") and this
// task holds none of those words: the value answers the example's words,
// not this task's. Nil for a required flag.
func (m *mapper) choiceWordsLacking(t exToken) []string {
	if !t.hasValue || t.doc == nil || t.doc.Required || m.exWords == nil {
		return nil
	}
	for _, p := range choicePairs(*t.doc) {
		if p.value != t.value {
			continue
		}
		var ws []string
		for w := range contentWords(joinsToSpaces.Replace(p.words)) {
			if m.common[w] || m.means(w) {
				return nil
			}
			if m.exMeans(w) {
				ws = append(ws, w)
			}
		}
		sort.Strings(ws)
		return ws
	}
	return nil
}

// exampleAsks returns the words of an example flag's help that the
// example's own task holds, when this task holds them all: the example's
// task asked for the flag in words this task repeats ("ignore
// duplicates" in both keeps --ignoreDup), though the help alone does not
// fit the task well enough. Nil when the example's task holds none of
// them or this task lacks one.
func (m *mapper) exampleAsks(t exToken) []string {
	if m.exWords == nil || t.doc == nil {
		return nil
	}
	fw := m.flagWords(t.flag, t.doc)
	// The tool's and subcommand's names and the subcommand's description
	// say what every example of it does ("call peaks"), not what one flag
	// adds.
	for w := range contentWords(m.cand.exe + " " + m.cand.key + " " + m.cand.desc) {
		delete(fw, w)
	}
	var ws []string
	for w := range m.exWords {
		if fw[w] {
			if !m.taskWords[w] {
				return nil
			}
			ws = append(ws, w)
		}
	}
	sort.Strings(ws)
	return ws
}

// flagWords are the words of a flag's names and of its description
// (those many of the candidate's flags share left out).
func (m *mapper) flagWords(name string, fd *FlagDoc) map[string]bool {
	out := map[string]bool{}
	for _, n := range append([]string{name, fd.Name}, fd.Aliases...) {
		for w := range contentWords(joinsToSpaces.Replace(strings.TrimLeft(n, "-"))) {
			if len(w) > 2 {
				out[w] = true
			}
		}
	}
	for w := range contentWords(fd.Description) {
		if !m.common[w] {
			out[w] = true
		}
	}
	return out
}

// valueListRE finds the runs of short values a help lists ("gff, bed,
// sam, vcf"; "bac mito euk arc").
var valueListRE = lazyre.New(`[A-Za-z][A-Za-z0-9_+-]{0,9}(?:(?:,\s*|\s+|\s*\|\s*|\s*/\s*|\s+or\s+)[A-Za-z][A-Za-z0-9_+-]{0,9}\b)+`)

var valueRE = lazyre.New(`[A-Za-z][A-Za-z0-9_+-]*`)

// listedValue returns the value the task names for an example flag whose
// help lists its values in a run with the example's own value ("-p vcf"
// for "gff, bed, sam, vcf"; its choices when it has them): a listed value that is a task word, else
// the one value a task word begins with ("arc" for "archaeal"); "" when
// the help lists no such run or the task names none, or more than one.
func (m *mapper) listedValue(t exToken) string {
	if t.doc == nil || t.value == "" || FileType(t.value) != "" || numberRE.MatchString(t.value) || optionalByConcept(t) {
		return "" // a tuning flag (threads, memory) is not named by a value word
	}
	list := t.doc.Choices
	if len(list) > 0 && !slices.Contains(list, t.value) {
		return ""
	}
	for _, run := range valueListRE.FindAllString(t.doc.Description, -1) {
		if len(list) > 0 {
			break // the help's own list of choices
		}
		vs := valueRE.FindAllString(run, -1)
		vs = slices.DeleteFunc(vs, func(v string) bool { return v == "or" })
		// A list holds values written alike; a run that mixes them is
		// prose ("compressed BCF, z").
		alike := !slices.ContainsFunc(vs, func(v string) bool { return caseStyle(v) != caseStyle(t.value) })
		if alike && slices.Contains(vs, t.value) {
			list = vs
			break
		}
	}
	if len(list) < 2 {
		return ""
	}
	var exact, prefix []string
	for _, w := range m.taskWordList() {
		w = strings.Trim(w, ",;:.()'\"")
		if strings.ContainsAny(w, "0123456789") {
			continue // a name ("sample1"), not a value word
		}
		for _, v := range list {
			lv := strings.ToLower(v)
			switch {
			case len(lv) < 3 || task.Stopword(lv) || caseStyle(v) != caseStyle(t.value):
				// Too short to find in a word, a word of the prose, or
				// not written as the example's value is ("VCF" beside "z").
			case w == lv:
				exact = addOnce(exact, v)
			case strings.HasPrefix(w, lv):
				prefix = addOnce(prefix, v)
			}
		}
	}
	switch {
	case len(exact) == 1:
		return exact[0]
	case len(exact) == 0 && len(prefix) == 1:
		return prefix[0]
	}
	return ""
}

// caseStyle tells lower-case, upper-case and mixed values apart.
func caseStyle(v string) int {
	switch {
	case strings.ToLower(v) == v:
		return 0
	case strings.ToUpper(v) == v:
		return 1
	}
	return 2
}

// outputKindIn reports whether a description names the kind of a file the
// task writes ("SAM" for aln.sam, "BAM" for out.bam).
func (m *mapper) outputKindIn(desc string) bool {
	words := contentWords(desc)
	for _, o := range m.slots.Outputs() {
		_, base := task.V().Compression(strings.ToLower(o.Path))
		ext := strings.TrimPrefix(filepath.Ext(base), ".")
		if ext != "" && words[ext] {
			return true
		}
	}
	return false
}

// valueAsked reports whether the words of an example value
// ("genomeGenerate", "SortedByCoordinate", "blastn-short") are in the task,
// or in its senses ("转录组" says "transcriptome").
func (m *mapper) valueAsked(v string) bool {
	if numberRE.MatchString(v) || FileType(v) != "" {
		return false
	}
	for _, w := range splitIdent(v) {
		if len(w) > 3 && (m.taskWords[stem(w)] || m.askTerms()[root(w)]) {
			return true
		}
	}
	return false
}

// onceWords returns the terms of the flags' descriptions that one or two
// flags' descriptions alone hold (spades.py's --meta and --metaplasmid
// say "metagenomic").
func onceWords(flags []FlagDoc) map[string]bool {
	df := map[string]int{}
	for _, f := range distinctHelp(flags) {
		seen := map[string]bool{}
		for w := range contentWords(f.Description) {
			seen[trimRoot(w)] = true
		}
		for w := range seen {
			df[w]++
		}
	}
	out := map[string]bool{}
	for w, n := range df {
		if n <= 2 {
			out[w] = true
		}
	}
	return out
}

// distinctHelp is flags with each help text once: a help several flags
// share ("--freq" and "--freq2" under one paragraph) is one text when
// counting how many helps say a word.
func distinctHelp(flags []FlagDoc) []FlagDoc {
	seen := make(map[string]bool, len(flags))
	out := make([]FlagDoc, 0, len(flags))
	for _, f := range flags {
		if f.Description != "" && seen[f.Description] {
			continue
		}
		seen[f.Description] = true
		out = append(out, f)
	}
	return out
}

// splitIdent splits camelCase, dashes and underscores into lower-case words.
func splitIdent(v string) []string { return splitParts(v, false) }

// commonWords returns description words found in as many distinct helps
// as a fifth of the flags (and at least three).
func commonWords(flags []FlagDoc) map[string]bool {
	df := map[string]int{}
	for _, f := range distinctHelp(flags) {
		for w := range contentWords(f.Description) {
			df[w]++
		}
	}
	out := map[string]bool{}
	for w, n := range df {
		if n >= 3 && n*5 >= len(flags) {
			out[w] = true
		}
	}
	return out
}

// taskWordList is the task's words (files left out) as a list.
func (m *mapper) taskWordList() []string {
	if m.wordList == nil {
		m.wordList = strings.Fields(strings.ToLower(withoutFiles(m.task)))
	}
	return m.wordList
}

// namesAThing reports whether an example flag's value names an index,
// database, prefix or directory, the kind of name a task gives (its name or
// help holds a word of the lexicon class name_flag_part: --genomeDir
// star_index) rather than, say, a command (--readFilesCommand zcat).
func namesAThing(t exToken) bool {
	if task.V().Mentions("name_flag_part", strings.TrimLeft(t.flag, "-")) {
		return true
	}
	if t.doc != nil && t.doc.Description == "" {
		// Help that lists the flag in its usage only: its placeholder
		// says what it takes (bowtie2's "-x <bt2-idx>").
		return task.V().Mentions("name_flag_part", strings.ToLower(t.doc.Placeholder))
	}
	return t.doc != nil && task.V().Mentions("name_flag_part", t.doc.Description) && !task.V().Mentions("command_value", t.doc.Description)
}

// nextName takes the next name the task gave (an index or database
// prefix, an output prefix) that no argument has used yet.
func (m *mapper) nextName() (string, bool) {
	if m.namesUsed >= len(m.slots.Names) {
		return "", false
	}
	m.namesUsed++
	return m.slots.Names[m.namesUsed-1], true
}

// optionalByConcept reports example flags that only tune (threads, memory,
// thresholds) and are dropped when the task does not mention them.
func optionalByConcept(t exToken) bool {
	if t.doc != nil {
		return t.doc.Category == "Performance" || t.doc.Category == "Quality"
	}
	return task.V().Word("tuning_flag_name", strings.ToLower(strings.TrimLeft(t.flag, "-")))
}

// positionalIsOutput tells whether a positional of the example is an
// output: a file after the first input file whose type matches a task output,
// or an output-named positional of the usage.
func (m *mapper) positionalIsOutput(c *candidate, toks []exToken, i int) bool {
	idx := 0
	for j := 0; j < i; j++ {
		if toks[j].pos {
			idx++
		}
	}
	if idx < len(c.positionals) {
		return outputPositional(c.positionals[idx], idx)
	}
	// No usage: a name without extension after a file (index prefixes),
	// but not a region or a number (samtools view in.bam chr1:1-9, seqtk
	// sample in.fq 10000).
	v := toks[i].value
	if FileType(v) == "" && !numberRE.MatchString(v) && !(regionRE.MatchString(v) && strings.Contains(v, ":")) {
		for j := 0; j < i; j++ {
			if toks[j].pos && FileType(toks[j].value) != "" {
				return true
			}
		}
	}
	return false
}

// deriveOutput names an output the task did not name: the example's output
// name rebuilt around the task's input stem ("aln.bam" → "aln.sorted.bam"
// when the example wrote "input.sorted.bam" for "input.bam").
func (m *mapper) deriveOutput(exOut, exIn, taskIn string) string {
	if n, ok := m.nextName(); ok {
		return n
	}
	if exIn == "" || taskIn == "" {
		return exOut
	}
	if n, ok := restem(exOut, exIn, taskIn); ok {
		return n
	}
	if family(FileType(exOut)) == family(FileType(exIn)) && !strings.Contains(filepath.Base(exOut), "/") {
		// "sorted.bam" for "input.bam" → "aln.sorted.bam" for "aln.bam".
		return rules.Stem(taskIn) + "." + filepath.Base(exOut)
	}
	return exOut
}

// restem rebuilds the example's output around the task input's stem when
// the output is named after the example's input ("input.sorted.bam" for
// "input.bam" gives "aln.sorted.bam" for "aln.bam").
func restem(exOut, exIn, taskIn string) (string, bool) {
	b := filepath.Base(exOut)
	if es := rules.Stem(exIn); exIn != "" && es != "" && strings.HasPrefix(b, es) {
		return rules.Stem(taskIn) + strings.TrimPrefix(b, es), true
	}
	return "", false
}

// nameFor maps a bare name of the example (an index prefix, a sample name)
// to the task's name or to a name derived from the task's input.
func (m *mapper) nameFor(v, exIn, taskIn string) string {
	if n, ok := m.nextName(); ok {
		return n
	}
	if v == "" && taskIn != "" {
		return rules.Stem(taskIn) // no example: name it after the input
	}
	if exIn != "" && taskIn != "" {
		es := rules.Stem(exIn)
		if rest := strings.TrimPrefix(v, es); rest != v && (rest == "" || strings.ContainsRune("._-", rune(rest[0]))) {
			return rules.Stem(taskIn) + rest // sample.sorted for sample.fq: liver.sorted
		}
		// The example numbered its own name (sample1 for sample.fq): the
		// task's input names the thing as the task spells it (liver for
		// liver.fq, not liver1).
		return rules.Stem(taskIn)
	}
	return v
}

func lastFilePositional(f *Fill, typ string) int {
	for i := len(f.Positionals) - 1; i >= 0; i-- {
		if family(FileType(f.Positionals[i])) == family(typ) {
			return i
		}
	}
	return -1
}

// assignNumbers gives the task's numbers to the example's numeric flags,
// best fits first, so "overhang 100, 8 threads" puts 8 on the thread flag
// even when the overhang flag comes later in the example.
func (m *mapper) assignNumbers(toks []exToken, numbers []NumberSlot, exTask string) map[int]*NumberSlot {
	exNums := ExtractSlots(exTask).Numbers
	type pair struct {
		tok, num int
		score    float64
	}
	var pairs []pair
	// The bounds of the task's range go to the example's range ("-i
	// 1-96" takes 1 to 10, checkSources), not to its single numbers.
	rangeTok := slices.ContainsFunc(toks, func(t exToken) bool { return !t.pos && t.hasValue && numRangeRE.MatchString(t.value) })
	for i, t := range toks {
		if t.pos || !t.hasValue || !numberRE.MatchString(t.value) {
			continue
		}
		for j := range numbers {
			if numbers[j].Used || rangeTok && numbers[j].Bound != "" {
				continue
			}
			if task.Scientific(numbers[j].Value) && intRE.MatchString(t.value) {
				continue // 1e-5 is no value for a flag the example sets to 6
			}
			if t.doc != nil && codesExclude(*t.doc, numbers[j].Value) {
				continue // a mode flag takes one of its codes
			}
			m.bound, m.boundSaid, m.boundRemoves = numbers[j].Bound+limitBound(numbers[j].Limit), numbers[j].Compared, numbers[j].Removes
			m.noun = numbers[j]
			s := m.fitFlag(t.flag, t.doc, numbers[j].Context)
			m.bound, m.boundSaid, m.boundRemoves = "", "", false
			m.noun = NumberSlot{}
			if strings.HasSuffix(numbers[j].Value, "%") && t.doc != nil {
				// a share goes to a flag whose help reads one; an
				// e-value's or a count's flag reads none
				if percentForm(*t.doc) != "" {
					s += sc.Fit.SameShape
				} else if t.doc.ParamType == "int" || task.Scientific(t.value) {
					s -= sc.Fit.SameShape
				}
			}
			if task.Scientific(t.value) == task.Scientific(numbers[j].Value) {
				s += sc.Fit.ExampleNumberWord * float64(sharedContext(exNums, t.value, numbers[j].Context))
			}
			if sameAmount(numbers[j].Value, t.value) && s > 0 {
				// The task gives the very value the example sets the flag
				// to, and some word of it fits: the same setting.
				s += sc.Fit.SameShape
			}
			if s > 0 && task.Scientific(t.value) {
				// the example's e-value takes the task's e-value; a plain
				// number needs a closer fit to take it
				if task.Scientific(numbers[j].Value) {
					s += sc.Fit.SameShape
				} else {
					s -= sc.Fit.SameShape
				}
			}
			if s > sc.Fit.NumberFitMin {
				pairs = append(pairs, pair{i, j, s})
			}
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].score > pairs[b].score })
	out := map[int]*NumberSlot{}
	taken := map[int]bool{}
	for _, p := range pairs {
		if out[p.tok] != nil || taken[p.num] {
			continue
		}
		out[p.tok] = &numbers[p.num]
		taken[p.num] = true
	}
	return out
}

// betterNumberFlag returns a flag of the help the example does not set
// whose own name the words around the task's number say and whose help
// fits them better than the example's flag ("the first 100 bytes" names
// head's --bytes, where the example's -n printed lines): the example's
// flag took the number for its place, the task's words ask for another.
func (m *mapper) betterNumberFlag(a *adaptation, t exToken, n *NumberSlot) (FlagDoc, bool) {
	// The word right before the number spelling another flag's name
	// whole ("q-value 0.01" for --qvalue, "k-mer 31" for --kmer, "ploidy
	// 1" for --ploidy; a name any tool has, "threads", is no such sign)
	// names where it goes, however the example's flag fits the other
	// words.
	if n.After != "" && (strings.ContainsAny(n.After, "-_") || len(n.After) > 3 && !task.V().Word("generic_flag_name", n.After)) && (t.doc == nil || !spelledBy(*t.doc, n.After)) {
		for _, fd := range a.c.flags {
			if fd.ParamType != "bool" && fd.ParamType != "file" && fd.Name != "" && !sameFlag(a.c, fd.Name, t.flag) && !alreadyUsed(a.used, fd) && !exampleSets(a, fd.Name) && spelledBy(fd, n.After) {
				return fd, true
			}
		}
	}
	m.noun = *n
	defer func() { m.noun = NumberSlot{} }()
	own := m.fitFlag(t.flag, t.doc, n.Context)
	var best FlagDoc
	bestScore := own
	// The word right after the number naming another flag ("97%
	// identity" names -perc_identity) moves it there from a flag it does
	// not name (the example's -evalue), whatever the fit.
	named := nounElsewhere(a.c.flags, t, *n)
	if named {
		bestScore = 0
	}
	for _, fd := range a.c.flags {
		if fd.ParamType == "bool" || fd.ParamType == "file" || fd.Name == "" || fd.Category == "Output" || fd.Category == "Input" || sameFlag(a.c, fd.Name, t.flag) || alreadyUsed(a.used, fd) {
			continue
		}
		if !namedByContext(fd, n.Context) || exampleSets(a, fd.Name) {
			continue // the example's own token for that flag takes it
		}
		if named && !nounNames(fd, *n, n.Bound != "" || n.Limit != "") {
			continue
		}
		if s := m.fitFlag(fd.Name, &fd, n.Context); s > bestScore {
			best, bestScore = fd, s
		}
	}
	return best, best.Name != "" && (named || bestScore >= own+sc.Fit.ExactFlagName)
}

// spelledBy reports a flag one of whose names (four letters or more)
// the task word spells with its hyphens or underscores left out
// ("q-value" for --qvalue).
func spelledBy(fd FlagDoc, w string) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if joinedName(w, strings.TrimLeft(n, "-")) {
			return true
		}
	}
	return false
}

// exampleSets reports a flag the adapted example sets itself.
func exampleSets(a *adaptation, name string) bool {
	return slices.ContainsFunc(a.toks, func(t exToken) bool { return !t.pos && t.flag != "" && sameFlag(a.c, t.flag, name) })
}

// namedByContext reports a flag whose long name (or a part of it of four
// letters or more) is a word around the value ("bytes" for --bytes,
// "window" for --window-size).
func namedByContext(fd FlagDoc, ctx []string) bool {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if !strings.HasPrefix(n, "--") && len(n) <= 3 {
			continue
		}
		for _, part := range splitIdent(strings.TrimLeft(n, "-")) {
			if len(part) < 4 {
				continue
			}
			for _, w := range ctx {
				if stem(strings.ToLower(w)) == stem(part) {
					return true
				}
			}
		}
		// the whole name written with a hyphen: "q-value" for --qvalue
		for _, w := range ctx {
			if strings.Contains(w, "-") && joinedName(w, strings.TrimLeft(n, "-")) {
				return true
			}
		}
	}
	return false
}

// nounElsewhere reports a task number whose noun names a flag of the
// help other than the example's token t, which neither the noun nor the
// other words around the number name.
func nounElsewhere(flags []FlagDoc, t exToken, n NumberSlot) bool {
	bound := n.Bound != "" || n.Limit != ""
	if n.Noun == "" || t.doc != nil && (nounNames(*t.doc, n, bound) || namedByContext(*t.doc, n.Context)) {
		return false // "a minimum overlap of 5 bases" names -O --overlap
	}
	return slices.ContainsFunc(flags, func(fd FlagDoc) bool {
		return fd.ParamType != "bool" && fd.Name != t.flag && !slices.Contains(fd.Aliases, t.flag) && nounNames(fd, n, bound)
	})
}

// nounNames reports a flag that takes a number and whose long name (or a
// name of four letters or more) has the noun as a part ("identity" for
// -perc_identity, "parts" for --by-part). Its other parts of four letters
// or more the task says around the number, or its help says the noun too
// (--bootstrap-samples "Number of bootstrap samples" for "100
// bootstraps"): "bases" names no --quality-base. A part that begins a word
// of the lexicon class percent_word is said by a share ("perc" of
// -perc_identity for "97%"); a bound (--threads-max) is said only when
// the task says one for the number.
func nounNames(fd FlagDoc, n NumberSlot, bound bool) bool {
	if !takesNumber(fd, strings.TrimSuffix(n.Value, "%")) {
		return false
	}
	v := task.V()
	said := map[string]bool{}
	for _, w := range n.Context {
		said[stem(strings.ToLower(w))] = true
	}
	helpSays := slices.ContainsFunc(strings.Fields(strings.ToLower(fd.Description)), func(w string) bool { return stem(strings.Trim(w, ",.;:()")) == stem(n.Noun) })
	share := strings.HasSuffix(n.Value, "%")
	for _, name := range append([]string{fd.Name}, fd.Aliases...) {
		if !strings.HasPrefix(name, "--") && len(name) <= 3 {
			continue
		}
		parts := splitIdent(strings.ToLower(strings.TrimLeft(name, "-")))
		if !slices.ContainsFunc(parts, func(p string) bool { return len(p) >= 4 && stem(p) == stem(n.Noun) }) {
			continue
		}
		if slices.ContainsFunc(parts, func(p string) bool {
			switch {
			case stem(p) == stem(n.Noun) || said[stem(p)] || task.Stopword(p):
				return false
			case v.Word("range_low_word", p) || v.Word("range_high_word", p):
				return !bound
			case share && slices.ContainsFunc(v.Words("percent_word"), func(w string) bool { return len(p) >= 3 && strings.HasPrefix(w, p) }):
				return false
			}
			return len(p) >= 4 && !helpSays
		}) {
			continue
		}
		return true
	}
	return false
}

// sharedContext counts the content words around the example task's
// number v that stand around a task number too (ctx): the words the
// example's task said the flag's value with.
func sharedContext(exNums []NumberSlot, v string, ctx []string) int {
	for _, n := range exNums {
		if sameAmount(n.Value, v) {
			return overlap(contentWords(strings.Join(n.Context, " ")), contentWords(strings.Join(ctx, " ")))
		}
	}
	return 0
}

// boundWords are the words a help says a bound with: for a range's low
// or high number (bound "low", "high") a minimum or a start, a maximum or
// an end (lexicon classes range_low_word and range_start_word,
// range_high_word and range_end_word); for a least or a most the task
// says ("at least 5", bound "least", "most") the minimum or the maximum
// alone. The lists are joined into a new slice: Words returns the
// vocabulary's own, which an append could write past when a user's rules
// leave it room.
func boundWords(bound string) []string {
	v := task.V()
	switch bound {
	case "low":
		return slices.Concat(v.Words("range_low_word"), v.Words("range_start_word"))
	case "high":
		return slices.Concat(v.Words("range_high_word"), v.Words("range_end_word"))
	case "least":
		return v.Words("range_low_word")
	case "most":
		return v.Words("range_high_word")
	}
	return nil
}

// sensesOf returns the sense classes text mentions, read once per text:
// fitFlag asks for the same words of a value once per flag of the help.
func (m *mapper) sensesOf(text string) []string {
	if s, ok := m.senseCache[text]; ok {
		return s
	}
	if m.senseCache == nil {
		m.senseCache = map[string][]string{}
	}
	s := mentionedSenses(text)
	m.senseCache[text] = s
	return s
}

// fitFlag scores how well words around a value describe a flag.
func (m *mapper) fitFlag(name string, fd *FlagDoc, ctx []string) float64 {
	text := strings.Join(ctx, " ")
	// The senses of the context's words are English words of it, as a
	// task in English writes them ("迭代" iteration, "数据库" database,
	// "characters per line" width): they meet the help's words and
	// concepts the way the words themselves do.
	senses := m.sensesOf(text)
	words := text
	for _, c := range senses {
		words += " " + strings.ReplaceAll(strings.TrimPrefix(c, "sense_"), "_", " ")
	}
	ctxConcepts := m.concepts(words)
	ctxWords := contentWords(words)
	desc := strings.TrimLeft(name, "-")
	if fd != nil {
		desc += " " + fd.Description + " " + fd.Name
		for _, a := range fd.Aliases {
			desc += " " + strings.TrimLeft(a, "-")
		}
	}
	descWords := contentWords(desc)
	s := 3*float64(overlap(ctxConcepts, m.concepts(desc))) + float64(overlap(rooted(ctxWords), rooted(descWords)))
	if m.bound != "" && s > 0 {
		// A range's bound fits the flag whose help says it ("minimum
		// fragment length" for the first of "between 100 and 600"), among
		// flags its words fit already.
		said := boundWords(m.bound)
		if m.boundSaid != "" && task.V().Mentions("removal_verb", strings.ToLower(desc)) == m.boundRemoves {
			// the help says the bound with the task's comparison, and
			// keeps or removes what it names as the task does
			said = slices.Concat(said, strings.Fields(m.boundSaid))
			if isCJK(m.boundSaid) {
				said = append(said, senseWords(m.boundSaid)...)
			}
		}
		s += float64(overlap(contentWords(strings.Join(said, " ")), descWords))
	}
	// A sense's words are the text's words too: "标准差" is what a help
	// calls a "standard deviation", "哈希表大小" a "hash size".
	s += float64(len(classHits(senses, descWords, ctxWords)))
	// The word right after the number is what it is of ("97% identity"):
	// a flag whose long name has it as a part (-perc_identity) fits as
	// one named for it.
	if m.noun.Noun != "" && fd != nil && nounNames(*fd, m.noun, m.bound != "") {
		s += sc.Fit.ExactFlagName
	}
	// "K=5" puts "k" in the context: a flag named exactly so fits. Case
	// matters for one-letter flags (-k and -K differ).
	// Every spelling of the flag counts: "q-value 0.01" names macs2's
	// -q by its long name --qvalue.
	spellings := []string{strings.TrimLeft(name, "-")}
	if fd != nil {
		for _, a := range append([]string{fd.Name}, fd.Aliases...) {
			if b := strings.TrimLeft(a, "-"); !slices.Contains(spellings, b) {
				spellings = append(spellings, b)
			}
		}
	}
	for i, w := range ctx {
		for _, bare := range spellings {
			if bare != "" && (w == bare || len(bare) > 1 && w == strings.ToLower(bare) || joinedName(w, bare) || pluralOf(w, bare) || countName(w, bare)) && !task.Stopword(w) {
				s += sc.Fit.ExactFlagName
				break
			} else if i+1 < len(ctx) && !task.Stopword(w) && !task.Stopword(ctx[i+1]) && (joinedName(w+ctx[i+1], bare) || joinedName(w+stem(ctx[i+1]), bare)) {
				// two words that spell the name apart: "gap open" for
				// -gapopen, "word size" for -word_size, "e value" for
				// -evalue; the second may carry an ending ("gap opening")
				s += sc.Fit.ExactFlagName
				break
			}
		}
	}
	return s
}

// pluralOf reports a task word that is the plural of a flag's name of
// three letters or more ("8 CPUs" for --cpu, "4 threads" for -thread):
// the name with one of the lexicon's plural_ending suffixes.
func pluralOf(w, bare string) bool {
	b := strings.ToLower(bare)
	if len(b) < 3 {
		return false
	}
	for _, suf := range task.V().Suffixes("plural_ending") {
		if w == b+suf {
			return true
		}
	}
	return false
}

// countName reports a flag name that counts the task word: a
// count_name_prefix before it ("nthreads", "num_threads" for "8
// threads", "nb-cores" for "4 cores").
func countName(w, bare string) bool {
	if len(w) < 4 {
		return false
	}
	for _, p := range task.V().Words("count_name_prefix") {
		if joinedName(p+w, bare) {
			return true
		}
	}
	return false
}

// rooted is words with their root endings taken off, so "titled" meets
// "title" and "named" meets "name".
func rooted(words map[string]bool) map[string]bool {
	out := make(map[string]bool, len(words))
	for w := range words {
		out[trimRoot(w)] = true
	}
	return out
}

// joinedName reports a task word that spells a long flag name with its
// parts joined differently: "e-value" for -evalue, "min_len" for
// --min-len.
func joinedName(w, bare string) bool {
	if len(bare) < 4 {
		return false
	}
	return strings.EqualFold(joinsDropped.Replace(w), joinsDropped.Replace(bare))
}

// outputPositional reports a usage positional that names something written:
// "out.bam", "<output>", one the description says the tool writes to
// (writtenPositionals), or an index base/prefix after the first position
// (hisat2-build <reference_in> <ht2_index_base>; bwa mem's first <idxbase> is read).
func outputPositional(p PositionalDoc, idx int) bool {
	if p.Written || task.V().Mentions("output_positional", p.Name) {
		return true
	}
	return idx > 0 && task.V().Mentions("index_base_positional", p.Name)
}

// sameAmount reports two spellings of one amount: equal, or a share
// written as a percentage and as a fraction of one ("80%" and "0.8", the
// way an example's task and its flag write it).
func sameAmount(a, b string) bool {
	if a == b {
		return true
	}
	if !strings.HasSuffix(a, "%") {
		a, b = b, a
	}
	p, ok := strings.CutSuffix(a, "%")
	if !ok || strings.HasSuffix(b, "%") {
		return false
	}
	x, err1 := strconv.ParseFloat(p, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && y > 0 && y < 1 && math.Abs(x/100-y) < 1e-9
}

// writesKindNotOut returns the kind an example's switch makes the output
// (kindSwitch, about the output: "-T  main output will be GTF instead of
// GFF3") when every file the task writes is of another known
// kind (annotation.gff3, though GTF and GFF are one family): the example
// wrote its kind, the task asks for another.
func (m *mapper) writesKindNotOut(a *adaptation, t exToken) (string, bool) {
	if t.hasValue || t.doc == nil || len(a.taskOut) == 0 || flagDir(*t.doc) != "out" {
		return "", false
	}
	own, ok := kindSwitch(*t.doc, a.c)
	if !ok {
		return "", false
	}
	for _, o := range a.taskOut {
		k := o.Type
		if k == "" || k == "file" {
			return "", false
		}
		if _, same := own[k]; same {
			return "", false
		}
	}
	return own[sortedKeys(own)[0]], true
}

// slotPaths are the paths of files.
func slotPaths(fs []FileSlot) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Path
	}
	return out
}
