// Package bench measures how well generated command lines match reference
// command lines, how fast they were produced and what they cost, the same way
// on every run: normalize both commands, score them, run a task set through a
// generator with a bounded pool, and summarize the rows.
//
// The package knows nothing of the engine: a [Generator] is whatever turns a
// task into a command line, so the same scorer can judge any producer.
package bench

import (
	"path"
	"strconv"
	"strings"

	shexpand "mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Placeholder roles. A file-like token is replaced by "<ROLE_n>" so that two
// commands that differ only in file names compare equal.
const (
	RoleInput  = "INPUT"
	RoleOutput = "OUTPUT"
	RoleRef    = "REF"
)

// Normalized is one command line reduced to what scoring compares.
type Normalized struct {
	// Executable is the first word without its directory ("/usr/bin/samtools"
	// → "samtools"); bedtools' old one-word names become "bedtools".
	Executable string `json:"executable"`
	// Subcommand is the second word when it is a bare word ("sort" in
	// "samtools sort"), or a mode flag with its value ("--runMode
	// genomeGenerate" for STAR), or "" when the tool has none.
	Subcommand string `json:"subcommand,omitempty"`
	// Tokens is the whole command, file names replaced by placeholders and
	// "--flag=value" split into two tokens, in the original order.
	Tokens []string `json:"tokens"`
	// FlagGroups lists each flag with its value, if it takes one ("-@ 8",
	// "-o <OUTPUT_1>", "--threads 8", "I=<INPUT_1>"), in order of appearance.
	// Mode flags that became the subcommand are not repeated here.
	FlagGroups []string `json:"flag_groups"`
	// Positionals lists the remaining arguments in order.
	Positionals []string `json:"positionals"`
}

// Roles configures which flags name outputs and references, and which flags
// select a mode. Keys of Output and Reference are either flags ("-o",
// "--ref") or key=value keys with the "=" ("out=", "R=").
type Roles struct {
	// Output flags: their value becomes <OUTPUT_n> even when it does not look
	// like a file (an output prefix or directory often has no extension).
	Output map[string]bool
	// Reference flags: their value becomes <REF_n> (an index basename such
	// as "-x hg38" has no extension either).
	Reference map[string]bool
	// Mode flags act as a subcommand ("--runMode" of STAR).
	Mode map[string]bool
	// Except lists, per executable, flags that are not role flags for that
	// tool although they are in Output or Reference: minimap2's -x takes a
	// preset ("sr", "map-ont"), and a placeholder would hide a wrong preset.
	Except map[string]map[string]bool
	// DefaultMode is the subcommand of a tool whose mode flag is absent,
	// so that stating the default mode explicitly is not a difference.
	DefaultMode map[string]string
}

// DefaultRoles returns the role sets used by [Normalize] and [Score].
//
// Deliberately absent: -O (an output *format* in samtools), -R (a read group
// in bwa), -i (an input in many tools, an index in others) and -p (threads
// in some tools, a prefix in others): guessing wrong there would merge
// different commands or split equal ones.
func DefaultRoles() Roles {
	return Roles{
		Output: set("-o", "--output", "--out", "--outdir", "--output-dir",
			"-S", "--outFileNamePrefix", "--prefix",
			"out=", "out1=", "out2=", "outm=", "outu=", "output=", "O=", "OUTPUT="),
		Reference: set("-x", "--ref", "--reference", "-T", "--genomeDir",
			"--genomeFastaFiles", "-d", "--db", "-db", "--index",
			"ref=", "reference=", "R=", "REFERENCE_SEQUENCE="),
		Mode:        set("--runMode"),
		Except:      map[string]map[string]bool{"minimap2": set("-x")},
		DefaultMode: map[string]string{"STAR": "--runMode alignReads"},
	}
}

func set(items ...string) map[string]bool {
	m := make(map[string]bool, len(items))
	for _, s := range items {
		m[s] = true
	}
	return m
}

// bedtoolsOld maps the one-word executables of bedtools v1 to the
// subcommand of the "bedtools" driver: both spellings run the same code.
var bedtoolsOld = map[string]string{
	"annotateBed": "annotate", "bamToBed": "bamtobed", "bamToFastq": "bamtofastq",
	"bed12ToBed6": "bed12tobed6", "bedpeToBam": "bedpetobam", "bedToBam": "bedtobam",
	"bedToIgv": "igv", "closestBed": "closest", "clusterBed": "cluster",
	"complementBed": "complement", "coverageBed": "coverage", "expandCols": "expand",
	"fastaFromBed": "getfasta", "flankBed": "flank", "genomeCoverageBed": "genomecov",
	"getOverlap": "overlap", "groupBy": "groupby", "intersectBed": "intersect",
	"linksBed": "links", "mapBed": "map", "maskFastaFromBed": "maskfasta",
	"mergeBed": "merge", "multiBamCov": "multicov", "multiIntersectBed": "multiinter",
	"nucBed": "nuc", "pairToBed": "pairtobed", "pairToPair": "pairtopair",
	"randomBed": "random", "shuffleBed": "shuffle", "slopBed": "slop",
	"sortBed": "sort", "subtractBed": "subtract", "tagBam": "tag",
	"unionBedGraphs": "unionbedg", "windowBed": "window", "windowMaker": "makewindows",
}

// Normalize reduces cmd with [DefaultRoles]; see [Roles.Normalize].
func Normalize(cmd string) Normalized { return DefaultRoles().Normalize(cmd) }

// Normalize reduces one command line to its comparable parts.
//
// Splitting follows POSIX shell rules (quotes and escapes are resolved;
// "$VAR" and "$(...)" are kept as written, never expanded). Only the first
// simple command counts: redirections and whatever follows "|", "&&", "||"
// or ";" are dropped, because the reference data describe one tool call. A
// line the shell parser rejects (an unterminated quote) is split on blanks
// instead, so a broken generation still gets a partial score.
//
// Whether a flag takes the next word as its value is a heuristic, since
// the scorer knows no tool's options:
//
//   - never when the next word is a flag (a negative number such as "-0.5"
//     is a value, but "-1" is a flag) or there is none;
//   - always for role and mode flags ("-o", "-x", "--runMode");
//   - never for a flag seen elsewhere directly before another flag: it
//     takes no value, so the word after it here is an argument;
//   - when the next word is file-like and starts the trailing run of
//     non-flag words ("samtools index -b in.bam", "bwa mem -M ref.fa r.fq"),
//     only if the same flag clearly took a value elsewhere ("-I a.vcf -I
//     b.vcf"): the last files of a command are usually its inputs;
//   - otherwise yes ("-@ 8", "-a a.bed -b b.bed -wa").
//
// "Elsewhere" is the rest of the command here, and both commands in
// [Roles.Score]. A flag takes at most one word: the second file of STAR's
// "--readFilesIn r1.fq r2.fq" is a positional, the same in both commands.
func (r Roles) Normalize(cmd string) Normalized {
	w := r.prepare(split(cmd))
	h := hints{boolean: map[string]bool{}, value: map[string]bool{}}
	w.gather(h)
	return r.classify(w, h)
}

// split returns the words of the first simple command of line.
func split(line string) []string {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return fallbackSplit(line)
	}
	if len(f.Stmts) == 0 {
		return nil
	}
	call := firstCall(f.Stmts[0])
	if call == nil {
		return nil
	}
	words := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		words = append(words, wordText(line, w))
	}
	return words
}

// firstCall descends into pipes, lists, subshells, blocks and "time" to the
// first simple command; other compound commands (if, for, …) have none that
// is meaningfully "the" command.
func firstCall(s *syntax.Stmt) *syntax.CallExpr {
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return c
	case *syntax.BinaryCmd:
		return firstCall(c.X)
	case *syntax.Subshell:
		if len(c.Stmts) > 0 {
			return firstCall(c.Stmts[0])
		}
	case *syntax.Block:
		if len(c.Stmts) > 0 {
			return firstCall(c.Stmts[0])
		}
	case *syntax.TimeClause:
		if c.Stmt != nil {
			return firstCall(c.Stmt)
		}
	}
	return nil
}

// wordText resolves quoting the way the shell would and keeps expansions
// verbatim: expanding them would make the score depend on the environment.
func wordText(src string, w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		partText(&b, src, p, false)
	}
	return b.String()
}

func partText(b *strings.Builder, src string, p syntax.WordPart, quoted bool) {
	switch p := p.(type) {
	case *syntax.Lit:
		b.WriteString(unescape(p.Value, quoted))
	case *syntax.SglQuoted:
		if p.Dollar {
			// $'\t': bash's escapes, decoded, so that it equals a quoted tab
			if v, err := shexpand.Literal(nil, &syntax.Word{Parts: []syntax.WordPart{p}}); err == nil {
				b.WriteString(v)
				return
			}
		}
		b.WriteString(p.Value)
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			partText(b, src, q, true)
		}
	default:
		start, end := int(p.Pos().Offset()), int(p.End().Offset())
		if start >= 0 && start <= end && end <= len(src) {
			b.WriteString(src[start:end])
		}
	}
}

// unescape removes the backslashes the shell would remove: before any
// character outside quotes, before $ ` " \ and newline inside double quotes.
func unescape(s string, quoted bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			n := s[i+1]
			if n == '\n' {
				i++
				continue
			}
			if !quoted || strings.IndexByte("$`\"\\", n) >= 0 {
				b.WriteByte(n)
				i++
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// fallbackSplit splits on blanks, stops at a control operator and drops
// redirections; quote characters at the ends of words are trimmed.
func fallbackSplit(line string) []string {
	var words []string
	skip := false
	for _, f := range strings.Fields(line) {
		if skip {
			skip = false
			continue
		}
		if i := strings.IndexAny(f, "|;&"); i >= 0 {
			if w := strings.Trim(f[:i], `'"`); w != "" && !isRedirect(w) {
				words = append(words, w)
			}
			break
		}
		if isRedirect(f) {
			// A bare operator ("> out.sam") takes the next word along.
			skip = strings.TrimLeft(f, "0123456789<>") == ""
			continue
		}
		if w := strings.Trim(f, `'"`); w != "" {
			words = append(words, w)
		}
	}
	return words
}

func isRedirect(w string) bool {
	return strings.TrimLeft(w, "0123456789") != "" &&
		strings.IndexAny(strings.TrimLeft(w, "0123456789"), "<>") == 0
}

// words is a split command with the executable and a bare-word subcommand
// taken off.
type words struct {
	exe, sub string
	// bareSub: sub came from a word (it is a token), not from a mode flag.
	bareSub bool
	args    []string
	// tail is the index in args where the trailing run of non-flag words
	// starts (len(args) when the last word is a flag).
	tail int
}

func (r Roles) prepare(ws []string) words {
	var w words
	if len(ws) == 0 {
		return w
	}
	w.exe = path.Base(ws[0])
	if ws[0] == "" {
		w.exe = ""
	}
	w.args = ws[1:]
	if sub, ok := bedtoolsOld[w.exe]; ok {
		w.exe, w.sub, w.bareSub = "bedtools", sub, true
	} else if len(w.args) > 0 && isBareWord(w.args[0]) {
		w.sub, w.bareSub = w.args[0], true
		w.args = w.args[1:]
	}
	w.tail = len(w.args)
	for w.tail > 0 && !isFlag(w.args[w.tail-1]) {
		w.tail--
	}
	return w
}

// isBareWord: a subcommand looks like "sort", never like "-x", "in.bam",
// "k=v" or a placeholder.
func isBareWord(s string) bool {
	return s != "" && s[0] != '-' && s[0] != '<' && !strings.Contains(s, "=") && !isFileLike(s)
}

// isFlag: starts with a dash, but "-" (stdin/stdout) and negative numbers
// ("-0.5", "-10") are values. A dash and one digit is a flag: "-1 r1.fq
// -2 r2.fq" (paired reads in bowtie2, hisat2, salmon, SPAdes …) is far more
// common than a single-digit negative value.
func isFlag(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	return len(s) == 2 || !isNumber(s)
}

func isNumber(s string) bool {
	t := strings.TrimPrefix(s, "-")
	if t == "" || (t[0] != '.' && (t[0] < '0' || t[0] > '9')) {
		return false
	}
	_, err := strconv.ParseFloat(t, 64)
	return err == nil
}

// isFileLike: a path (has a "/"), a name with an extension (".bam",
// ".fq.gz", ".html"), or a comma list of those (bowtie2's "-1 a.fq,b.fq").
// The extension test is generic rather than a fixed list, so that tools
// with rare formats (.bt2, .ht2, .nwk, .mzML) are covered: an extension
// starts with a letter and is at most 10 letters, digits or "_". Words with
// ":" or "@" are not file-like (read groups, Trimmomatic steps).
func isFileLike(s string) bool {
	if s == "" || s == "-" {
		return false
	}
	if strings.Contains(s, "/") {
		return true
	}
	if strings.ContainsAny(s, ":@=") {
		return false
	}
	for _, p := range strings.Split(s, ",") {
		if !hasExtension(p) {
			return false
		}
	}
	return true
}

func hasExtension(s string) bool {
	dot := strings.LastIndexByte(s, '.')
	if dot <= 0 || dot == len(s)-1 || len(s)-dot-1 > 10 {
		return false
	}
	ext := s[dot+1:]
	if !isLetter(ext[0]) {
		return false
	}
	for i := 0; i < len(ext); i++ {
		c := ext[i]
		if !isLetter(c) && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isKeyValue: "in=a.fq", "I=x.bam", "ktrim=r" (BBTools, Picard, GATK3).
func isKeyValue(s string) (key, value string, ok bool) {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 || !isLetter(s[0]) && s[0] != '_' {
		return "", "", false
	}
	for i := 1; i < eq; i++ {
		c := s[i]
		if !isLetter(c) && (c < '0' || c > '9') && c != '_' && c != '.' && c != '-' {
			return "", "", false
		}
	}
	return s[:eq], s[eq+1:], true
}

// hints records, per flag name, how the flag was used where its use was
// unambiguous, so that an ambiguous use elsewhere (in the same command or in
// the other command of a scored pair) is read the same way.
type hints struct {
	// boolean: seen directly before another flag or at the very end.
	boolean map[string]bool
	// value: seen with "=value", or before a word that was not ambiguous.
	value map[string]bool
}

// gather adds the unambiguous uses of w's flags to h. A use is ambiguous
// when the next word is file-like and starts the trailing run of non-flag
// words: "samtools index -b in.bam" (boolean -b, input file) looks the same
// as "bedtools intersect -a a.bed -b b.bed" (-b takes the file).
func (w words) gather(h hints) {
	for i := 0; i < len(w.args); i++ {
		a := w.args[i]
		if a == "--" {
			return
		}
		if !isFlag(a) {
			continue
		}
		if strings.HasPrefix(a, "--") && strings.Contains(a, "=") {
			h.value[a[:strings.IndexByte(a, '=')]] = true
			continue
		}
		switch {
		case i+1 >= len(w.args) || isFlag(w.args[i+1]):
			h.boolean[a] = true
		case !(i+1 == w.tail && isFileLike(w.args[i+1])):
			h.value[a] = true
		}
	}
}

// takesValue decides whether flag args[i] takes args[i+1]; see
// [Roles.Normalize] for the rule and gather for the evidence.
func (r Roles) takesValue(w words, i int, h hints) bool {
	if i+1 >= len(w.args) || isFlag(w.args[i+1]) {
		return false
	}
	a := w.args[i]
	if r.Mode[a] || r.role(w.exe, a) != "" {
		return true
	}
	if h.boolean[a] {
		// Seen before another flag: the flag takes no value, so the word
		// after it here is an argument of its own.
		return false
	}
	if i+1 == w.tail && isFileLike(w.args[i+1]) {
		return h.value[a]
	}
	return true
}

// role returns the placeholder role of a flag or "key=" for tool exe, or "".
func (r Roles) role(exe, flag string) string {
	if r.Except[exe][flag] {
		return ""
	}
	switch {
	case r.Output[flag]:
		return RoleOutput
	case r.Reference[flag]:
		return RoleRef
	}
	return ""
}

// placeholders numbers file-like words per role in order of appearance;
// the same path (after path.Clean) always gets the same placeholder, with
// the role of its first appearance.
type placeholders struct {
	seen  map[string]string
	count map[string]int
}

// value returns v or its placeholder. role is the flag's role ("" for none);
// a role flag's value is replaced even when not file-like, except "-"
// (stdin/stdout) and numbers, which mean the same in every command.
func (p *placeholders) value(v, role string) string {
	if v == "-" || isNumber(v) || v == "" {
		return v
	}
	if role == "" {
		if !isFileLike(v) {
			return v
		}
		role = RoleInput
	}
	key := path.Clean(v)
	if ph, ok := p.seen[key]; ok {
		return ph
	}
	p.count[role]++
	ph := "<" + role + "_" + strconv.Itoa(p.count[role]) + ">"
	p.seen[key] = ph
	return ph
}

func (r Roles) classify(w words, h hints) Normalized {
	n := Normalized{Executable: w.exe, Tokens: []string{}, FlagGroups: []string{}, Positionals: []string{}}
	if w.exe == "" {
		return n
	}
	n.Tokens = append(n.Tokens, w.exe)
	if w.bareSub {
		n.Subcommand = w.sub
		n.Tokens = append(n.Tokens, w.sub)
	}
	ph := &placeholders{seen: map[string]string{}, count: map[string]int{}}
	positional := func(a string) {
		v := ph.value(a, "")
		n.Positionals = append(n.Positionals, v)
		n.Tokens = append(n.Tokens, v)
	}
	for i := 0; i < len(w.args); i++ {
		a := w.args[i]
		switch {
		case a == "--":
			// End of options: the rest is positional whatever it looks like.
			n.Tokens = append(n.Tokens, a)
			for _, rest := range w.args[i+1:] {
				positional(rest)
			}
			i = len(w.args)
		case isFlag(a):
			name, val, has := a, "", false
			if strings.HasPrefix(a, "--") && strings.Contains(a, "=") {
				eq := strings.IndexByte(a, '=')
				name, val, has = a[:eq], a[eq+1:], true
			} else if r.takesValue(w, i, h) {
				val, has = w.args[i+1], true
				i++
			}
			n.Tokens = append(n.Tokens, name)
			if !has {
				n.FlagGroups = append(n.FlagGroups, name)
				continue
			}
			if r.Mode[name] {
				n.Tokens = append(n.Tokens, val)
				if n.Subcommand == "" {
					n.Subcommand = name + " " + val
					continue
				}
				n.FlagGroups = append(n.FlagGroups, name+" "+val)
				continue
			}
			v := ph.value(val, r.role(w.exe, name))
			n.Tokens = append(n.Tokens, v)
			n.FlagGroups = append(n.FlagGroups, name+" "+v)
		default:
			if key, val, ok := isKeyValue(a); ok {
				// A key's role only picks the placeholder kind: "ref=phix"
				// in BBTools names a built-in set, not a file.
				role := ""
				if isFileLike(val) {
					role = r.role(w.exe, key+"=")
				}
				g := key + "=" + ph.value(val, role)
				n.Tokens = append(n.Tokens, g)
				n.FlagGroups = append(n.FlagGroups, g)
				continue
			}
			positional(a)
		}
	}
	if n.Subcommand == "" {
		n.Subcommand = r.DefaultMode[w.exe]
	}
	return n
}
