// Package task parses a plain-language task once into a typed Frame: the
// files it names with their kind, compression and role, numbers with the
// words around them, names, regions, quoted strings, sequences, key=value
// pairs, the flags the user typed, and pipes or redirections the user
// wrote. Stage 3, Stage 5, explain and the model prompt read this one value.
package task

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Frame is a task parsed once: the typed values it names.
type Frame struct {
	Files   []File   `json:"files,omitempty"`
	Numbers []Number `json:"numbers,omitempty"`
	Regions []string `json:"regions,omitempty"`
	Quoted  []string `json:"quoted,omitempty"`
	// KV are key=value pairs (K=5, in=reads.fq).
	KV []KV `json:"kv,omitempty"`
	// UserFlags are flags written in the task ("-k 31").
	UserFlags []KV `json:"user_flags,omitempty"`
	// Names are bare words the task names as outputs or prefixes ("named
	// genome_idx", "prefix sample1").
	Names []string `json:"names,omitempty"`
	// Sequences are nucleotide sequences (adapters, primers): AGATCGGAAGAGC.
	Sequences []string `json:"sequences,omitempty"`
	// Redirect is the file after a ">" the user typed; Pipe is what follows
	// a "|" the user typed, as written.
	Redirect string `json:"redirect,omitempty"`
	Pipe     string `json:"pipe,omitempty"`
}

// File is a file named in the task.
type File struct {
	Path string `json:"path"`
	// Type is the file's kind from its extension (bam, fasta, fastq, vcf,
	// bed, gtf, …) or "file".
	Type string `json:"type"`
	// Output is true when the words before it mark it as a destination
	// ("into x", "to x", "output x", "-o x").
	Output bool `json:"output,omitempty"`
	// Role is "output", "reference" (a file read against: "to ref.fa") or
	// "" for an input.
	Role string `json:"role,omitempty"`
	// Compression is the compression suffix ("gz", "bz2"), if any.
	Compression string `json:"compression,omitempty"`
	Pos         int    `json:"pos"`
}

// Number is a number and the words around it.
type Number struct {
	Value string `json:"value"`
	// Context holds up to three lower-cased words on each side.
	Context []string `json:"context"`
	// Unit is the unit written with the number ("G", "%", "bp"), if any.
	Unit string `json:"unit,omitempty"`
	Pos  int    `json:"pos"`
	// Used is set by the stage that gives the number a place.
	Used bool `json:"-"`
}

// KV is a key and a value.
type KV struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// fileTypes maps extensions (after stripping a compression suffix) to a
// file kind; the kind lets an example's file map onto the task's file.
var fileTypes = map[string]string{
	"bam": "bam", "sam": "sam", "cram": "cram", "bai": "index", "csi": "index", "crai": "index", "tbi": "index", "fai": "index",
	"fa": "fasta", "fasta": "fasta", "fna": "fasta", "fas": "fasta", "faa": "fasta", "ffn": "fasta", "mfa": "fasta",
	"fq": "fastq", "fastq": "fastq", "vcf": "vcf", "bcf": "vcf", "gvcf": "vcf", "bed": "bed", "narrowpeak": "bed", "broadpeak": "bed",
	"bedgraph": "bedgraph", "bg": "bedgraph", "bw": "bigwig", "bigwig": "bigwig", "gtf": "gtf", "gff": "gtf", "gff3": "gtf", "saf": "gtf",
	"txt": "text", "tsv": "table", "csv": "table", "tab": "table", "json": "json", "html": "html", "pdf": "pdf", "png": "image", "svg": "image",
	"sra": "sra", "mmi": "index", "ht2": "index", "bt2": "index", "idx": "index", "msh": "sketch", "phy": "alignment", "aln": "alignment",
	"afa": "alignment", "sto": "alignment", "nwk": "tree", "tree": "tree", "treefile": "tree", "newick": "tree", "hmm": "hmm",
	"dmnd": "db", "db": "db", "bim": "plink", "bed.plink": "plink", "fam": "plink", "pgen": "plink", "pvar": "plink", "psam": "plink",
	"daa": "alignment", "paf": "paf", "maf": "alignment", "gz": "gz", "zip": "archive", "tar": "archive", "log": "text", "out": "text",
	"xml": "xml", "gb": "genbank", "gbk": "genbank", "embl": "genbank", "pileup": "text", "mpileup": "text", "yaml": "text", "yml": "text",
	"sh": "script", "py": "script", "r": "script", "pl": "script", "h5": "hdf5", "loom": "hdf5", "mtx": "matrix", "npz": "matrix",
	"tbl": "table", "domtbl": "table", "domtblout": "table", "m8": "table", "b6": "table", "sai": "index", "dict": "dict",
	"interval_list": "intervals", "chain": "chain", "bdg": "bedgraph", "wig": "bigwig", "bcf.csi": "index",
}

// isKindWord reports a file kind named as a word ("to BAM", "as FASTA"):
// a format, not a name.
func isKindWord(w string) bool {
	_, ok := fileTypes[w]
	return ok || w == "fastq" || w == "fasta"
}

// formatList reports "a/b/c" whose parts are all format names.
func formatList(p string) bool {
	for _, part := range strings.Split(strings.ToLower(p), "/") {
		if _, ok := fileTypes[part]; !ok {
			return false
		}
	}
	return true
}

// FileType returns the kind of a file name, or "" when it does not look
// like a file.
func FileType(p string) string {
	b := strings.ToLower(filepath.Base(p))
	for _, z := range []string{".gz", ".bgz", ".bz2", ".xz", ".zst"} {
		if strings.HasSuffix(b, z) && len(b) > len(z)+1 {
			b = strings.TrimSuffix(b, z)
			break
		}
	}
	i := strings.LastIndexByte(b, '.')
	if i <= 0 || i == len(b)-1 {
		// A path without an extension is a file or directory ("data/raw"),
		// but not a list of formats in prose ("pgen/pvar/psam").
		if strings.Contains(p, "/") && !strings.HasSuffix(p, "/") && !formatList(p) {
			return "file"
		}
		return ""
	}
	if t, ok := fileTypes[b[i+1:]]; ok {
		return t
	}
	if strings.Contains(p, "/") || genericName(b, i) {
		return "file"
	}
	return ""
}

// genericName accepts a file name whose extension no kind lists
// ("c.dat", "run.log2"): an identifier, a dot, and 2 to 5 lower-case
// letters or digits starting with a letter. Prose ("e.g.", "v1.2") is not.
func genericName(b string, dot int) bool {
	ext := b[dot+1:]
	if len(ext) < 2 || len(ext) > 5 || ext[0] < 'a' || ext[0] > 'z' {
		return false
	}
	for _, r := range b {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}

var (
	RegionRE = regexp.MustCompile(`^(chr[\w.]*|[A-Za-z0-9_.]+):\d[\d,]*(-\d[\d,]*)?$|^chr[0-9XYMxym]+$`)
	NumberRE = regexp.MustCompile(`^\d+(\.\d+)?([kKmMgGtT][bB]?|%|x|bp|kb|mb|gb)?$`)
	kvRE     = regexp.MustCompile(`^([A-Za-z][\w.-]*)=(\S+)$`)
	quotedRE = regexp.MustCompile(`"([^"]*)"|'([^']*)'|“([^”]*)”`)
	// SeqRE matches adapter or primer sequences, IUPAC codes allowed, with
	// cutadapt's anchors (^ $) and linked adapters (...).
	SeqRE    = regexp.MustCompile(`^\^?[ACGTUNRYSWKMBDHV]{6,}\$?(\.\.\.\^?[ACGTUNRYSWKMBDHV]{6,}\$?)?$`)
	cjkNumRE = regexp.MustCompile(`(\d+(?:\.\d+)?(?:\s*[GgMmKk][Bb]?)?)\s*(个线程|线程|个核|核|个cpu|内存)`)
)

// quotedTok marks where a quoted string stood in the task.
const quotedTok = "\x00q"

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// referenceTypes are file kinds that "to X" names as a target to align or
// compare against rather than a destination.
var referenceTypes = map[string]bool{"fasta": true, "index": true, "db": true, "gtf": true, "hmm": true, "sketch": true}

// notAName rules out words that follow a name word but are not names:
// other name words and verb forms ("index idx allowing …").
func notAName(w string) bool {
	switch w {
	case "name", "named", "called", "prefix", "index", "database", "directory", "folder", "file", "the":
		return true
	}
	return len(w) > 4 && (strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed"))
}

// nameAt reports whether the bare word at i is a name the task gives: it
// follows a name word ("database nr", "prefix hg38", "name it prot_db"),
// or an output word ("into se_out", "results in s_quant") and looks like an
// identifier. After "name" and after output words only identifier-like
// words count ("name sample1", not "by read name output").
func nameAt(lower []string, i int, raw string) bool {
	if i == 0 {
		return false
	}
	ident := strings.ContainsAny(raw, "0123456789_-") || raw != lower[i]
	prev := lower[i-1]
	if (prev == "it" || prev == "them" || prev == "as") && i > 1 && nameMarkers[lower[i-2]] {
		prev = lower[i-2]
	}
	switch {
	case nameMarkers[prev] && prev != "name":
		return true
	case prev != "" && isHanAt(prev, 0) && (strings.HasSuffix(prev, "目录") || strings.HasSuffix(prev, "前缀") || strings.HasSuffix(prev, "名为") || strings.HasSuffix(prev, "命名为")):
		return true
	case prev == "name" || isOutputMarker(prev):
		return ident
	case prev == "in" && i > 1 && (lower[i-2] == "results" || lower[i-2] == "everything" || lower[i-2] == "output"):
		return ident
	case prev == "against" || prev == "vs" || prev == "versus" || prev == "on":
		// "search q.fa against genome_db": a database or index named
		// without a file extension.
		return ident && strings.ContainsAny(raw, "_0123456789")
	}
	return false
}

// writeVerbBefore reports a writing verb shortly before position j
// ("write them to long.fa", "save it to x.fa"): then "to" names a
// destination even for a FASTA.
func writeVerbBefore(lower []string, j int) bool {
	for k := j - 1; k >= 0 && k >= j-3; k-- {
		switch lower[k] {
		case "write", "writes", "writing", "save", "saves", "saving", "output", "export", "convert", "converts", "extract", "dump", "print", "redirect":
			return true
		}
	}
	return false
}

// nameMarkers are words after which a bare word is a name the command
// uses: an index or database prefix, an output prefix, a directory.
var nameMarkers = map[string]bool{"named": true, "called": true, "prefix": true, "basename": true, "前缀": true, "database": true, "name": true,
	"index": true, "directory": true, "dir": true, "folder": true, "genomedir": true, "目录": true}

// outputBefore looks back from a file at position i over filler words
// ("as compressed VCF x", "into one multi-sample BAM x") for a word that
// makes it an output.
func outputBefore(lower []string, i int) bool {
	for j := i - 1; j >= 0 && j >= i-5; j-- {
		w := lower[j]
		if isOutputMarker(w) {
			return j == i-1 || w != "to" || fillerWord(lower[i-1])
		}
		if FileType(w) != "" || inputWords[w] || !(fillerWord(w) || isAdjective(w)) {
			return false
		}
	}
	return false
}

// inputWords stop the look-back: the file after them is read, not written.
var inputWords = map[string]bool{"from": true, "of": true, "in": true, "on": true, "against": true, "using": true, "with": true, "for": true, "and": true}

// isAdjective accepts descriptive words between a marker and a file
// ("one", "multi-sample", "gzipped", "bgzip-compressed").
func isAdjective(w string) bool {
	if w == "" || isHanAt(w, 0) {
		return false
	}
	return strings.HasSuffix(w, "ed") || strings.Contains(w, "-") || w == "one" || w == "single" || w == "final" || w == "plain" || w == "tabular"
}

// fillerWord is a word that may sit between an output marker and the file
// ("into the file x", "to bam out.bam", "as a sorted x").
func fillerWord(w string) bool {
	if w == "file" || w == "the" || w == "a" || w == "an" || w == "new" || w == "sorted" || w == "compressed" {
		return true
	}
	_, isType := fileTypes[w]
	return isType
}

// cjkUnitAt reports a token that starts with a Chinese unit cjkNumRE reads.
func cjkUnitAt(t string) bool {
	for _, p := range []string{"个", "线", "核", "内存"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// outputMarkers are words that make the next file a destination.
var outputMarkers = map[string]bool{"into": true, "to": true, "output": true, "outputs": true, "out": true, "as": true, "save": true,
	"saving": true, "write": true, "writes": true, "writing": true, "giving": true, "producing": true, "named": true, "called": true,
	"prefix": true, "o": true, "output:": true}

// cjkOutputSuffixes end a Chinese run that marks the next file as output.
var cjkOutputSuffixes = []string{"输出", "输出到", "输出为", "保存", "保存为", "保存到", "写入", "写到", "写成", "生成", "结果写入", "得到", "到", "为", "成"}

// isOutputMarker reports whether a (lower-cased) token marks the next file
// as an output.
func isOutputMarker(w string) bool {
	if outputMarkers[w] {
		return true
	}
	if w != "" && isHanAt(w, 0) {
		for _, suf := range cjkOutputSuffixes {
			if strings.HasSuffix(w, suf) {
				return true
			}
		}
	}
	return false
}

// Parse reads the typed values out of a task.
func Parse(task string) Frame {
	var s Frame
	// Quoted strings become one token each (quotedTok + index), so a quoted
	// file name with spaces or shell characters stays one file.
	var quoted []string
	task = quotedRE.ReplaceAllStringFunc(task, func(q string) string {
		m := quotedRE.FindStringSubmatch(q)
		for _, g := range m[1:] {
			if g != "" {
				quoted = append(quoted, g)
				return " " + quotedTok + strconv.Itoa(len(quoted)-1) + " "
			}
		}
		return " "
	})
	// Chinese numbers stuck to their unit ("8个线程").
	for _, m := range cjkNumRE.FindAllStringSubmatch(task, -1) {
		ctx := []string{"threads"}
		if strings.Contains(m[2], "内存") {
			ctx = []string{"memory"}
		}
		s.Numbers = append(s.Numbers, Number{Value: strings.ReplaceAll(m[1], " ", ""), Context: ctx, Pos: -1})
	}
	toks := splitPairs(Tokens(task))
	lower := make([]string, len(toks))
	for i, t := range toks {
		lower[i] = strings.ToLower(strings.Trim(t, ",;()[]"))
		if strings.HasPrefix(lower[i], "-") && !NumberRE.MatchString(strings.TrimLeft(lower[i], "-")) {
			lower[i] = strings.TrimLeft(lower[i], "-")
		}
	}
	// Number contexts leave out file names: "30 from in.bam" says nothing
	// about which flag 30 belongs to.
	wordsOnly := make([]string, len(lower))
	for i, w := range lower {
		if FileType(w) == "" {
			wordsOnly[i] = w
		}
	}
	for i := 0; i < len(toks); i++ {
		raw := strings.Trim(toks[i], ",;()[]")
		if raw == "" {
			continue
		}
		if raw == "|" || raw == ">" || raw == ">>" {
			// A pipe or redirection the user typed is kept as written.
			if raw == "|" {
				s.Pipe = strings.Join(toks[i+1:], " ")
				break
			}
			if i+1 < len(toks) {
				s.Redirect = toks[i+1]
				i++
			}
			continue
		}
		if strings.HasPrefix(raw, quotedTok) {
			q := quoted[atoi(strings.TrimPrefix(raw, quotedTok))]
			if FileType(q) != "" {
				fs := File{Path: q, Type: FileType(q), Pos: i}
				fs.Output = i > 0 && (isOutputMarker(lower[i-1]) || i > 1 && isOutputMarker(lower[i-2]) && fillerWord(lower[i-1]))
				s.Files = append(s.Files, fs)
			} else {
				s.Quoted = append(s.Quoted, q)
			}
			continue
		}
		low := lower[i]
		switch {
		case strings.HasPrefix(raw, "-") && len(raw) > 1 && !NumberRE.MatchString(raw[1:]):
			kv := KV{Key: raw}
			if k, v, ok := strings.Cut(raw, "="); ok && strings.HasPrefix(raw, "--") {
				kv = KV{Key: k, Value: v}
			} else if next := strings.Trim(safeAt(toks, i+1), ",;()"); next != "" && !strings.HasPrefix(next, "-") && !strings.HasSuffix(toks[i], ",") &&
				(NumberRE.MatchString(next) || FileType(next) != "" || len(next) <= 12 && !isWord(next)) {
				kv.Value = next
				i++
			}
			s.UserFlags = append(s.UserFlags, kv)
		case RegionRE.MatchString(raw) && strings.Contains(raw, ":") || strings.HasPrefix(low, "chr") && RegionRE.MatchString(raw):
			s.Regions = append(s.Regions, raw)
		case kvRE.MatchString(raw) && FileType(raw) == "" || kvRE.MatchString(raw) && strings.Index(raw, "=") < strings.Index(raw, "."):
			m := kvRE.FindStringSubmatch(raw)
			s.KV = append(s.KV, KV{Key: m[1], Value: m[2]})
			if NumberRE.MatchString(m[2]) {
				s.Numbers = append(s.Numbers, Number{Value: m[2], Context: []string{strings.ToLower(m[1])}, Pos: i})
			}
		case FileType(raw) != "" && !NumberRE.MatchString(raw):
			fs := File{Path: strings.TrimSuffix(raw, "."), Type: FileType(raw), Pos: i}
			fs.Output = outputBefore(lower, i)
			if fs.Output && (lower[i-1] == "to" || strings.HasSuffix(lower[i-1], "到")) && referenceTypes[fs.Type] && !writeVerbBefore(lower, i-1) {
				fs.Output = false // "align reads to ref.fa": a reference, not a destination
				fs.Role = "reference"
			}
			// "into a.fq and b.fq": a file right after an output is one too.
			if n := len(s.Files); !fs.Output && n > 0 && s.Files[n-1].Output && Family(s.Files[n-1].Type) == Family(fs.Type) {
				gap := i - s.Files[n-1].Pos
				fs.Output = gap == 1 || gap == 2 && (lower[i-1] == "and" || lower[i-1] == "和" || lower[i-1] == "&" || lower[i-1] == "与")
			}
			s.Files = append(s.Files, fs)
		case SeqRE.MatchString(raw) && strings.ToUpper(raw) == raw:
			s.Sequences = append(s.Sequences, raw)
		case NumberRE.MatchString(raw):
			if i+1 < len(toks) && cjkUnitAt(toks[i+1]) {
				continue // already read with its Chinese unit
			}
			s.Numbers = append(s.Numbers, Number{Value: raw, Context: window(wordsOnly, i, 3), Pos: i})
		case IsName(raw) && !isHanAt(raw, 0) && !stopwords[low] && !isOutputMarker(low) && !notAName(low) && !(raw != low && isKindWord(low)) && nameAt(lower, i, raw):
			s.Names = append(s.Names, raw)
		}
	}
	for i := range s.Files {
		f := &s.Files[i]
		f.Compression = compression(f.Path)
		if f.Output {
			f.Role = "output"
		}
	}
	for i := range s.Numbers {
		n := &s.Numbers[i]
		n.Unit = strings.TrimLeft(n.Value, "0123456789.")
	}
	return s
}

// Tokens splits on whitespace and around CJK characters so "排序aln.bam"
// yields the file name. It slices the original string, so bytes that are
// not valid UTF-8 pass through unchanged.
func Tokens(s string) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			out = append(out, s[start:end])
		}
		start = -1
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r) || r == '，' || r == '。' || r == '、' || r == '：':
			flush(i)
		case unicode.Is(unicode.Han, r):
			// A run of CJK characters is one token: "输出到" must stay
			// whole to mark the next file as an output.
			if start >= 0 && !isHanAt(s, start) {
				flush(i)
			}
			if start < 0 {
				start = i
			}
		default:
			if start >= 0 && isHanAt(s, start) {
				flush(i)
			}
			if start < 0 {
				start = i
			}
		}
		i += n
	}
	flush(len(s))
	return out
}

// splitPairs splits "in_1.fq.gz/in_2.fq.gz" (two files written as a pair)
// into its files; a real path has directories, not file names, before '/'.
func splitPairs(toks []string) []string {
	var out []string
	for _, t := range toks {
		parts := strings.Split(strings.Trim(t, ",;()"), "/")
		pair := len(parts) > 1
		for _, p := range parts {
			if FileType(p) == "" || strings.HasPrefix(t, "/") || strings.HasPrefix(t, ".") {
				pair = false
			}
		}
		if pair {
			out = append(out, parts...)
		} else {
			out = append(out, t)
		}
	}
	return out
}

// isHanAt reports whether the rune at byte i is a CJK character.
func isHanAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.Is(unicode.Han, r)
}

func safeAt(toks []string, i int) string {
	if i < len(toks) {
		return toks[i]
	}
	return ""
}

// window returns up to n words on each side of position i.
func window(words []string, i, n int) []string {
	var out []string
	for j := max(0, i-n); j < min(len(words), i+n+1); j++ {
		if j != i && words[j] != "" {
			out = append(out, words[j])
		}
	}
	return out
}

func isWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return len(s) > 0
}

// IsName accepts identifiers like genome_idx, sample1, out-prefix.
func IsName(s string) bool {
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '.' || r == '/') {
			return false
		}
	}
	return s != ""
}

// Inputs returns the files not marked as outputs, in task order.
func (s Frame) Inputs() []File {
	var out []File
	for _, f := range s.Files {
		if !f.Output {
			out = append(out, f)
		}
	}
	return out
}

// Outputs returns the files marked as outputs, in task order.
func (s Frame) Outputs() []File {
	var out []File
	for _, f := range s.Files {
		if f.Output {
			out = append(out, f)
		}
	}
	return out
}

// Family groups file kinds that stand in for each other.
func Family(t string) string {
	switch t {
	case "bam", "sam", "cram":
		return "alignment-reads"
	case "gz":
		return "file"
	case "text", "table", "json":
		return "text" // reports and tables stand in for each other
	case "alignment":
		return "fasta" // an aligned FASTA is FASTA; .phy and .aln stand in for it
	}
	return t
}

// stopwords are words that say nothing about which flag or example fits.
var stopwords = map[string]bool{"a": true, "an": true, "the": true, "and": true, "or": true, "of": true, "to": true, "in": true, "into": true,
	"for": true, "with": true, "by": true, "on": true, "from": true, "using": true, "use": true, "at": true, "as": true, "is": true, "be": true,
	"it": true, "this": true, "that": true, "file": true, "files": true, "please": true, "me": true, "my": true, "all": true, "then": true,
	"output": false, "default": true, "number": true, "set": true, "run": true, "give": true, "each": true, "per": true, "only": true,
	// comparison words say how a value bounds, not which flag takes it
	"above": true, "below": true, "least": true, "most": true, "than": true, "over": true, "under": true, "keep": true, "keeping": true}

// Stopword reports a word that says nothing about which flag or example fits.
func Stopword(w string) bool { return stopwords[w] }

// KindOfWord returns the file kind a word names as an extension ("bam",
// "fasta"), if any.
func KindOfWord(w string) (string, bool) {
	k, ok := fileTypes[w]
	return k, ok
}

// seqKinds are the file kinds that hold sequences.
var seqKinds = map[string]bool{"fasta": true, "fastq": true}

// HoldsSequences reports a file kind (family) that holds sequences: reads
// or contigs, FASTA or FASTQ, stand in for each other.
func HoldsSequences(kind string) bool { return seqKinds[Family(kind)] }

// compression returns the compression suffix of a file name, if any.
func compression(p string) string {
	b := strings.ToLower(p)
	for _, z := range []string{".gz", ".bgz", ".bz2", ".xz", ".zst"} {
		if strings.HasSuffix(b, z) && len(b) > len(z)+1 {
			return z[1:]
		}
	}
	return ""
}
