package engine

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/task"
)

// kindMismatches is the pass that checks each flag value's kind against
// the type the help gives the flag: a number or a region where the help
// reads a file, a file, a word or a percentage where it reads an integer,
// a file, a word or a percentage where it reads a number. A value of the
// wrong kind ("-R 7" for a regions file) makes the command unsure; each
// one is named in the evidence.
func (m *mapper) kindMismatches(f *Fill, c *candidate) []string {
	var out []string
	for fv, fd := range valuedFlags(f, c) {
		if why := kindMismatch(fd, fv.Value); why != "" {
			line := fmt.Sprintf("%s %s %s", fv.Name, fv.Value, why)
			m.evidence = append(m.evidence, "value kind: "+line)
			out = append(out, line)
		}
	}
	return out
}

// kindFormat reads "in VCF/BCF format", or "BAM file", "a FASTA file
// of" at the start: a help that names a file kind as what the flag reads.
// Its words are the lexicon's kind_format_* classes.
var kindFormat = &vocabPattern{build: func(alt func(string) string) string {
	return `(?i)(?:\b` + alt("kind_format_in") + `\s+|^(?:` + alt("kind_format_opening") + `\s+)?)([a-z0-9]{2,8}(?:/[a-z0-9]{2,8})*)\s+` + alt("kind_format_noun") + `\b`
}}

// namesFileKind reports a flag's help that names a file kind the flag
// reads ("Reference panel of haplotypes in VCF/BCF format").
func namesFileKind(desc string) bool {
	for _, m := range kindFormat.re().FindAllStringSubmatch(desc, -1) {
		for _, k := range strings.Split(m[1], "/") {
			if isKindName(strings.ToLower(k)) {
				return true
			}
		}
	}
	return false
}

// namesFilePlaceholder reports a help that names its value as a file in
// capitals, the way a placeholder is written ("Write error distribution
// to FILE."): the flag takes a path, whatever type its own placeholder
// (STRING) gives.
func namesFilePlaceholder(desc string) bool {
	for _, w := range strings.FieldsFunc(desc, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len(w) >= 3 && strings.ToUpper(w) == w && task.V().Word("file_name_word", strings.ToLower(w)) {
			return true
		}
	}
	return false
}

// takesFormatName reports a flag whose name says it takes a format's name
// (--outfmt, --output-fmt-option; lexicon class format_flag_name) and
// not a file's (--format-file).
func takesFormatName(fd FlagDoc) bool {
	v := task.V()
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		if v.Mentions("format_flag_name", n) && !v.Mentions("file_name_word", joinsToSpaces.Replace(n)) {
			return true
		}
	}
	return false
}

// namesFormatOnly reports a flag whose placeholder says it takes a
// format's name (samtools -O "FORMAT[,OPT[=VAL]]"; lexicon class
// format_flag_name) and whose help writes no digit: its formats have
// names, not numbers, so "-O 42" is no format. A help that numbers its
// formats (BLAST's "-outfmt <Integer>" with "6 = Tabular") takes them.
func namesFormatOnly(fd FlagDoc) bool {
	return fd.Placeholder != "" && task.V().Mentions("format_flag_name", fd.Placeholder) &&
		!strings.ContainsAny(fd.Description+fd.Placeholder, "0123456789")
}

// sizeRE is a size with a unit and a fraction ("4.6m"), which flags read
// as integers take.
var sizeRE = lazyre.New(`^\d+\.\d+[kKmMgGtT][bB]?$`)

// namedKind is the file kind a flag's name spells, when it is one and
// not a general one (lexicon class generic_kind): "gtf" for --gtf, "gff"
// for --gff3, "" for --out or --input. A name of one letter abbreviates
// (-R reads regions, not an R script).
func namedKind(fd FlagDoc) string {
	for _, n := range append([]string{fd.Name}, fd.Aliases...) {
		bare := strings.ToLower(strings.TrimLeft(n, "-"))
		if k := FileType("x." + bare); len(bare) > 1 && k != "" && !task.V().Word("generic_kind", k) {
			return k
		}
	}
	return ""
}

// helpNamesKind reports a flag that reads the file kind k besides the
// kind its name says: its placeholder names k ("-bed <bed/gff/vcf>"), or
// its help lists k with its own kind ("BED/GFF/VCF file of ranges"). A
// help that names k otherwise ("in GFF3 format instead of GTF format")
// does not.
func helpNamesKind(fd FlagDoc, k string) bool {
	kindOf := func(w string) string { return FileType("x." + strings.ToLower(w)) }
	isK := func(w string) bool { return kindOf(w) == k }
	for _, w := range strings.FieldsFunc(fd.Placeholder, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if isK(w) {
			return true
		}
	}
	own := namedKind(fd)
	for _, w := range strings.Fields(fd.Description) {
		if parts := strings.Split(strings.Trim(w, ".,;:()[]'\""), "/"); len(parts) > 1 && slices.ContainsFunc(parts, isK) &&
			slices.ContainsFunc(parts, func(p string) bool { return kindOf(p) == own }) {
			return true
		}
	}
	return false
}

// kindMismatch says why a value does not fit a flag's type, or "".
func kindMismatch(fd FlagDoc, v string) string {
	file := FileType(v) != ""
	// A flag named for a file kind reads that kind: a GTF file is no
	// value for rsem's --gff3, whose sibling --gtf takes it.
	if k, vk := namedKind(fd), FileType(v); k != "" && vk != "" && vk != k && !task.V().Word("generic_kind", vk) && !helpNamesKind(fd, vk) {
		return fmt.Sprintf("is a %s file where the flag's name says %s", vk, k)
	}
	switch fd.ParamType {
	case "int":
		if !intRE.MatchString(v) && !sizeRE.MatchString(v) {
			return "is not an integer, as the help reads the flag"
		}
	case "float":
		if file || strings.HasSuffix(v, "%") || !floatRE.MatchString(v) {
			return "is not a plain number, as the help reads the flag"
		}
		// A count is no share: "sample 500 reads" is not seqkit sample's
		// "-p, --proportion float".
		if x, err := strconv.ParseFloat(v, 64); err == nil && x > 1 && percentForm(fd) == "fraction" {
			return "is more than 1 where the help reads a fraction"
		}
	case "file":
		if !file && (numberRE.MatchString(v) || regionRE.MatchString(v)) {
			return "is a number or a region where the help reads a file"
		}
	case "string", "":
		if file && takesFormatName(fd) {
			return "is a file where the help reads the name of a format"
		}
		if numberRE.MatchString(v) && namesFormatOnly(fd) {
			return "is a number where the help reads the name of a format"
		}
		if numberRE.MatchString(v) && namesFileKind(fd.Description) {
			return "is a number where the help reads a file of a kind it names"
		}
		if numberRE.MatchString(v) && namesFilePlaceholder(fd.Description) {
			return "is a number where the help reads a file (its help names FILE)"
		}
	}
	if cs := wholeValues(fd); len(cs) > 0 && !fitsChoice(cs, v) {
		return "is not one of the values the help lists (" + strings.Join(cs, ", ") + ")"
	}
	return ""
}

// choiceRE is one choice of a placeholder such as "u|b|v|z[0-9]" or
// "sam|bam|json": a short word, maybe with a digit range after it.
var choiceRE = lazyre.New(`^[A-Za-z0-9_.+-]+(\[[0-9]-[0-9]\])?$`)

// choicesOf are the values the help allows for a flag: its choices, or
// a placeholder that lists them with "|" in lower case. Unlike
// choicePairs (choices.go), which also reads values a description names
// in prose to pick one by meaning, these lists are taken as whole: a
// value outside them is a mismatch.
func choicesOf(fd FlagDoc) []string {
	parts := fd.Choices
	if len(parts) == 0 {
		if !strings.Contains(fd.Placeholder, "|") {
			return nil
		}
		ph := fd.Placeholder
		if n := len(ph); n > 2 && strings.Index("<{[(", ph[:1]) == strings.Index(">}])", ph[n-1:]) && strings.Contains("<{[(", ph[:1]) {
			ph = ph[1 : n-1] // "{a|b}", but not the range of "z[0-9]"
		}
		parts = strings.Split(ph, "|")
	}
	// "<list|file>": every part names a kind of value (lexicon
	// value_kind_placeholder), none a value.
	if !slices.ContainsFunc(parts, func(p string) bool {
		return !task.V().Word("value_kind_placeholder", strings.ToLower(strings.TrimSpace(p)))
	}) {
		return nil
	}
	for _, p := range parts {
		// "NUM|AUTO", "FILENAME|REGION": a part in capitals names a kind
		// of value, so the list is not of literal values.
		if !choiceRE.MatchString(p) || len(p) > 1 && strings.ToUpper(p) == p && strings.ToLower(p) != p {
			return nil
		}
	}
	return parts
}

// wholeValues are the values of a flag's whole list: its choices or
// lower-case "|" placeholder (choicesOf), else an EMBOSS "(Values: …)"
// list (valuesListed). Both the value-kind check and the unmet-word pass
// read them.
func wholeValues(fd FlagDoc) []string {
	if cs := choicesOf(fd); len(cs) > 0 {
		return cs
	}
	return valuesListed(fd)
}

// fitsChoice reports v among the choices, case aside; "z[0-9]" allows z
// and z followed by one digit, comma lists (--fix snps,indels) fit when
// every part does.
func fitsChoice(cs []string, v string) bool {
	for _, part := range strings.Split(v, ",") {
		ok := false
		for _, c := range cs {
			base, rng, _ := strings.Cut(c, "[")
			if strings.EqualFold(part, base) || rng != "" && len(part) == len(base)+1 && strings.EqualFold(part[:len(base)], base) && part[len(base)] >= '0' && part[len(base)] <= '9' {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// valuedFlags yields the fill's flags that hold a value (not a
// placeholder) with their help: what the value checks read.
func valuedFlags(f *Fill, c *candidate) iter.Seq2[FlagValue, FlagDoc] {
	return func(yield func(FlagValue, FlagDoc) bool) {
		for _, fv := range f.Flags {
			if !fv.HasValue || fv.Value == "" || strings.HasPrefix(fv.Value, "<") {
				continue
			}
			if fd, ok := LookupFlag(c.flags, fv.Name); ok && !yield(fv, fd) {
				return
			}
		}
	}
}
