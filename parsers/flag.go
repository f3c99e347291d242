package parsers

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// finishFlags builds the flags of one entry: one flag, or one per name
// when the names are alternatives ("--fr/--rf/--ff").
func finishFlags(sp flagSpec, desc []string, parens bool) []Flag {
	if !sp.alternatives() {
		return []Flag{finishFlag(sp, desc, parens)}
	}
	k := 0
	for _, g := range sp.groups {
		k = max(k, len(g))
	}
	var out []Flag
	if k == 1 {
		// "--shout / --no-shout": one flag per name
		for _, g := range sp.groups {
			one := sp
			one.names = g
			out = append(out, finishFlag(one, desc, parens))
		}
		return out
	}
	// "-c/C, --min-ac/--max-ac": the j-th names of the groups go together;
	// a lone name goes with the first.
	for j := 0; j < k; j++ {
		one := sp
		one.names = nil
		for _, g := range sp.groups {
			if len(g) == k {
				one.names = append(one.names, g[j])
			} else if j == 0 {
				one.names = append(one.names, g...)
			}
		}
		out = append(out, finishFlag(one, desc, parens))
	}
	return out
}

// finishFlag builds a Flag from a spec and its description.
func finishFlag(sp flagSpec, desc []string, parens bool) Flag {
	name, aliases := canonical(sp.names)
	vals := sp.values
	if sp.glued != "" {
		vals = append([]string{sp.glued}, vals...)
	}
	vi := readValues(vals)
	f := Flag{
		Name:          name,
		Aliases:       aliases,
		Placeholder:   vi.placeholder,
		Choices:       vi.choices,
		OptionalValue: vi.optional,
		AttachedValue: vi.attached,
		Repeatable:    vi.repeat || sp.repeat,
	}
	f.Description = strings.TrimPrefix(descMeta(&f, desc, parens), ": ")
	if sp.number && f.Placeholder == "" && len(f.Choices) == 0 {
		// "-T#": the value is the number written onto the name
		f.Placeholder, f.Style = "#", "glued"
	}
	if f.Placeholder == "" && len(f.Choices) == 0 && len(desc) > 0 {
		acdType(&f, desc[0])
	} else if acdTypeRE.MatchString(f.Placeholder + "  x") {
		// "-minoe  float  [0.6] …": the type word read as a value name
		acdDefault(&f)
	}
	if f.Placeholder == "" && len(f.Choices) == 0 {
		valueFromDescription(&f)
	}
	slashChoices(&f)
	if f.Placeholder == "" && len(f.Choices) == 0 && gluedInText(name, f.Description) {
		// "-Xmx  … -Xmx20g will specify 20 gigs": the help writes the
		// value onto the flag itself.
		f.Placeholder, f.Style = "VALUE", "glued"
	}
	if f.Placeholder == "" && len(f.Choices) == 0 && len(f.Aliases) == 0 {
		if n, v, ok := gluedPlaceholder(name, f.Description); ok {
			// "-Tv  Set output format to 'v'", "-ofile  Write output
			// to 'file'" (graphviz): a letter and a value name joined,
			// the name quoted in the description
			f.Name, f.Placeholder, f.Style = n, v, "glued"
		}
	}
	setType(&f)
	return f
}

// gluedPlaceholder splits a single-dash name into its letter and a value
// name written onto it, when the description quotes that value name
// ("-Tv", "Set output format to 'v'"): "-T", "v".
func gluedPlaceholder(name, desc string) (string, string, bool) {
	if len(name) < 3 || name[0] != '-' || name[1] == '-' || !unicode.IsLetter(rune(name[1])) {
		return "", "", false
	}
	v := name[2:]
	for _, r := range v {
		if !unicode.IsLower(r) {
			return "", "", false
		}
	}
	if !strings.Contains(desc, "'"+v+"'") {
		return "", "", false
	}
	return name[:2], v, true
}

// gluedInText reports whether text shows the flag written with a value
// joined to it, a digit right after the name ("-Xmx20g", "-Xss4m").
func gluedInText(name, text string) bool {
	if !strings.HasPrefix(name, "-") || strings.HasPrefix(name, "--") {
		return false
	}
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || text[j-1] == ' ' || text[j-1] == '(') && end < len(text) && text[end] >= '0' && text[end] <= '9' {
			return true
		}
		i = j + 1
	}
}

// setType fills ParamType from the placeholder and choices; boolean and
// list-typed values get their implied choices and repeatability.
func setType(f *Flag) {
	if isBoolWord(f.Placeholder) && len(f.Choices) == 0 {
		f.Choices = []string{"true", "false"}
	}
	switch strings.ToLower(f.Placeholder) {
	case "strings", "stringslice", "stringarray", "intslice":
		f.Repeatable = true
	}
	if strings.HasPrefix(f.Placeholder, "-|") {
		// "-|+TYPE", "-|LIST": a sign or "-" before a value, not a list
		// of choices; the value may start with "-" (bcftools norm -m -any)
		f.Choices = nil
		f.ParamType = "string"
		return
	}
	f.ParamType = inferType(f.Placeholder, f.Choices)
	if f.ParamType == "int" && genericNumber(f.Placeholder) && (decimalRE.MatchString(strings.Trim(f.Default, "[]'\" ")) || fractionRangeRE.MatchString(f.Description) || decimalDefaultRE.MatchString(f.Description)) {
		// "-v <num> Maximum p-value to report. (0-1) [1.0]", "-F N …
		// this fraction of observations … default: 0.05": a number the
		// help bounds by one or gives a decimal default is no count.
		f.ParamType = "float"
	}
}

var (
	// decimalDefaultRE is a decimal default a help gives in prose
	// ("default: 0.05", "Default = 0.5").
	decimalDefaultRE = lazyre.New(`(?i)\bdefault\s*[:=]?\s*-?\d*\.\d+\b`)
	// decimalRE is a number written with a fraction (1.0, 0.8).
	decimalRE = lazyre.New(`^-?\d*\.\d+$`)
	// fractionRangeRE is a range a help gives whose upper bound is one:
	// "(0-1)", "(-1-1)", "[0, 1]".
	fractionRangeRE = lazyre.New(`[(\[]\s*-?[01](?:\.0)?\s*(?:-|,|\.\.)\s*1(?:\.0)?\s*[)\]]`)
)

// genericNumber reports a placeholder that says "a number" without
// saying which kind (NUM, number, N), unlike INT or FLOAT.
func genericNumber(p string) bool {
	l := strings.ToLower(strings.Trim(p, "<>[]"))
	return l == "num" || l == "number" || l == "#" || l == "n"
}

// typeColumnRE matches a description that starts with a value type in
// capitals, one space before the text ("-i --input   FILE Input sam
// file"): a type column.
var typeColumnRE = lazyre.New(`^(FILE|INT|INTEGER|STR|STRING|NUM|FLOAT|PATH|DIR) +[A-Za-z(\[]`)

// descPlaceholderRE finds a "<placeholder>" among the first words of a
// description ("-o  write the output records into <outfile> instead of
// stdout").
var descPlaceholderRE = lazyre.New(`^(?:<([A-Za-z][\w.-]*)>(?:$|[^,])|(?:[A-Za-z]+ ){0,6}(?:into|to|use|with) <([A-Za-z][\w.-]*)>)`)

// descNounRE matches a description that starts by naming a value: a
// count ("number of parallel threads") or a location ("full path to a
// multi-fasta file"). A switch's description starts with what it does.
var descNounRE = lazyre.New(`^(?:(?i:(number) of|how many) |(?i:(?:full )?path) (?:to|of) |(?i:where) to [a-z]+ )`)

// boundRE matches a description that starts by naming a bound ("minimum
// total nucleotide length", "max unmasked % of sequences"): a number.
var boundRE = lazyre.New(`^(?i:min|max|minimum|maximum|minimal|maximal) [a-z%]`)

// thisAmountRE matches "this" before a word for an amount ("within this
// percentage range", "at least this length", "smaller than this
// threshold"): the description speaks of the value the flag is given.
var thisAmountRE = lazyre.New(`(?i)\bthis (?:percentage|percent|many|number|value|fraction|amount|threshold|size|length|distance)\b`)

// numberGivenRE matches a description that shows the flag given a number:
// the numbers it may take ("1 or 0, default 0", "must be between 2 and
// 10", "(0-100)", but not "N(0,1)", "from 1 to 20") or what a number set does ("if set to
// 0, then use local sequence identity").
var numberGivenRE = lazyre.New(`(?i)(?:^|\()\d+(?:\.\d+)? or \d+(?:\.\d+)?\b|\bbetween -?\d+(?:\.\d+)? and -?\d+(?:\.\d+)?\b|\bfrom -?\d+(?:\.\d+)? to -?\d+(?:\.\d+)?\b|(?:^|\s)[(\[]-?\d+(?:\.\d+)?\s*(?:-|\.\.|,)\s*-?\d+(?:\.\d+)?[)\]]|\bif (?:it is |this is |)set to -?\d`)

// typeTagRE matches the NCBI toolkit's type tag ending an argument's text
// ("[String]  Optional", "[File In]", "[Integer]").
var typeTagRE = lazyre.New(`\[(String|File In|File Out|Integer|Real|Float|Double)\](?:\s+Optional)?(?:\s|$)`)

// typeTags gives each type tag's placeholder.
var typeTags = map[string]string{"String": "STRING", "File In": "FILE", "File Out": "FILE", "Integer": "INT", "Real": "FLOAT", "Float": "FLOAT", "Double": "FLOAT"}

// descThingRE matches a description that names the value the flag is
// given: it opens with a file name ("output filename", "input file
// name"), or a verb of choosing and the thing chosen ("Specifies the
// number of files", "Selects a directory", "Sets an artificial lower
// limit", "Provides the full path to"), or puts the output in "the
// specified directory".
var descThingRE = lazyre.New(`^(?i:(?:input|output)\s+)?(?i:(file ?name|path ?name))\b|^(?i:specif(?:y|ies)|sets?|selects?|provides?|gives?|defines?|chooses?)\s+(?i:the|an?)\s+(?:(?i:non-default|artificial|full|custom|alternative|alternate)\s+)?(?i:(number of|length of|size of|(?:lower |upper )?limit|threshold|directory|folder|file|path)\b)|\b(?i:in|into|to) the specified (?i:output )?(?i:(directory|folder|file))\b`)

// usedNounRE matches a description that opens with a thing of text and
// says it is used ("letter to use for masking", "string used as the
// separator").
var usedNounRE = lazyre.New(`^(?i:(letter|character|char|symbol|string|word|label|separator|delimiter))\s+(?i:to use|to be used|used)\b`)

// fileNounRE matches a description that is the name of a file or a
// directory, and nothing before it but words saying which ("database
// file", "input query file", "output directory"), or one that opens with
// the file and says what it holds ("file for unaligned queries",
// "directory for temporary files").
var fileNounRE = lazyre.New(`^(?i:(?:input|output|database|db|query|reference|index|target|config|configuration|log|temporary|temp|tmp|sequence|alignment|annotation|result|results|report|summary)\s+){1,3}(?i:(file ?name|files?|directory|dir|folder))(?:$|\s*[(.;]|\s+(?i:in|for|of|with|to)\s)|^(?i:(file|directory|folder))\s+(?i:for|of|or|with|containing|listing)\s`)

// fileNounCapsRE matches a description that names a file with words in
// capitals among those saying which ("DIAMOND alignment archive (DAA)
// file", "GTF file for transcriptome information").
var fileNounCapsRE = lazyre.New(`^(?:(?i:input|output|database|db|query|reference|index|target|sequence|alignment|annotation|archive)\s+|[A-Z][A-Z0-9]+\s+|\([A-Z][A-Z0-9]+\)\s+){1,4}(?i:(files?))(?:$|\s*[(.;]|\s+(?i:in|for|of|with|to)\s)`)

// thingPlaceholder is the placeholder of a value descThingRE names.
func thingPlaceholder(thing string) string {
	switch t := strings.ToLower(thing); {
	case strings.HasPrefix(t, "director"), strings.HasPrefix(t, "folder"):
		return "DIR"
	case strings.HasPrefix(t, "path"):
		return "PATH"
	case strings.HasPrefix(t, "file"):
		return "FILE"
	}
	return "INT"
}

// metavarDescRE matches a description that is one hyphenated lower-case
// noun and nothing more ("-O|--outdir   output-dir"): the help wrote the
// value's name in the description column.
var metavarDescRE = lazyre.New(`^[a-z]+(?:[-_][a-z]+)+$`)

// sizeRE matches a size with its unit ("1MB", "100M", "4g").
var sizeRE = lazyre.New(`^\d+(?:\.\d+)?[KkMmGgTt][Bb]?$`)

// notValueDefaults are defaults that a switch states (on/off words).
var notValueDefaults = map[string]bool{
	"true": true, "false": true, "on": true, "off": true, "yes": true, "no": true,
	"none": true, "enabled": true, "disabled": true, "null": true, "unset": true,
}

// valueFromDescription gives a flag written without a value form the value
// its description shows: a type column ("FILE Input sam file"), a
// "<placeholder>" it speaks of, a count or path it names, or a default that is a value rather than
// on/off ("output format: TAB, MAF (default: MAF)").
// NumberedValueRE is one numbered value of a list a help gives ("0=masked
// sequence", "(1=gzip"): a number (group 1) right before "=" and the
// first letter of what it means. The engine reads the meanings with it.
var NumberedValueRE = lazyre.New(`(?:^|[\s,;:(])(\d+)\s?=\s?[A-Za-z]`)

// proseBeforeCode are words after which a numbered list codes something
// else than the flag's value ("phenotypes … coded as 0 = control, 1 =
// case": plink's --1 is a switch).
var proseBeforeCode = map[string]bool{"as": true, "be": true, "is": true, "are": true, "to": true, "by": true}

// numbersValues reports a help that numbers the values its flag takes: two
// numbered values or more, the first right after a colon, a parenthesis
// or the noun it numbers ("output format 0 = BLAST pairwise").
func numbersValues(desc string) bool {
	locs := NumberedValueRE.FindAllStringIndex(desc, 3)
	if len(locs) < 2 {
		return false
	}
	lead := strings.TrimSpace(desc[:locs[0][0]+1])
	if lead == "" || strings.HasSuffix(lead, ":") || strings.HasSuffix(lead, "(") {
		return true
	}
	ws := strings.Fields(lead)
	return !proseBeforeCode[strings.ToLower(ws[len(ws)-1])]
}

func valueFromDescription(f *Flag) {
	if f.Style != "" {
		return
	}
	if m := typeColumnRE.FindStringSubmatch(f.Description); m != nil {
		f.Placeholder = m[1]
		f.Description = strings.TrimSpace(f.Description[len(m[1]):])
		return
	}
	if m := descPlaceholderRE.FindStringSubmatch(f.Description); m != nil {
		f.Placeholder = m[1] + m[2]
		return
	}
	if m := descNounRE.FindStringSubmatch(f.Description); m != nil {
		// "-P  number of parallel threads (1)", "-e  how many thread",
		// "--min_length  minimum total length", "-g  full path to a
		// multi-fasta file": the description names the value itself
		f.Placeholder = "INT"
		if m[1] == "" && !strings.HasPrefix(strings.ToLower(m[0]), "how") {
			// "path to …", "where to put temp. files"
			f.Placeholder = "PATH"
		}
		return
	}
	if m := typeTagRE.FindStringSubmatch(f.Description); m != nil {
		// NCBI toolkit: "-i  Single Input File [File In]  Optional",
		// "-e  Expectation value [Real]": the value's type in brackets
		// after the text ([T/F] is a switch)
		f.Placeholder = typeTags[m[1]]
		return
	}
	if m := descThingRE.FindStringSubmatch(f.Description); m != nil {
		// "-o  output filename", "-t --threads  Specifies the number of
		// files ...", "-d --dir  Selects a directory to be used ...",
		// "-o  Create all output files in the specified output
		// directory": the description names the value the flag is given
		f.Placeholder = thingPlaceholder(m[1] + m[2] + m[3])
		return
	}
	if m := usedNounRE.FindStringSubmatch(f.Description); m != nil {
		// tantan "-x  letter to use for masking, instead of lowercase":
		// the description names the value and what it is used for
		f.Placeholder = strings.ToUpper(m[1])
		return
	}
	if m := fileNounRE.FindStringSubmatch(f.Description); m != nil {
		// diamond "--db (-d)  database file", "--query (-q)  input
		// query file", "--tmpdir  directory for temporary files": the
		// description is the name of the thing the flag is given
		f.Placeholder = thingPlaceholder(m[1] + m[2])
		return
	}
	if m := fileNounCapsRE.FindStringSubmatch(f.Description); m != nil && !metavarTailRE.MatchString(f.Description) {
		// (a value type appended to the text, rich-click's "TSV file to
		// rename … (PATH)", is the placeholder the click parser reads)
		f.Placeholder = thingPlaceholder(m[1])
		return
	}
	if metavarDescRE.MatchString(f.Description) {
		// "-o|--outfile   output-file": the value's name, in place of
		// a description
		f.Placeholder = f.Description
		return
	}
	if numbersValues(f.Description) {
		// "-f  output type: 0=masked sequence, 1=repeat probabilities,
		// …, 3=BED", "--compress  compression (0=none, 1=gzip)": the
		// help numbers the values the flag takes
		f.Placeholder = "NUM"
		return
	}
	if first, _, _ := strings.Cut(f.Description, ". "); thisAmountRE.MatchString(first) {
		// diamond "--top  report alignments within this percentage
		// range of top alignment score", lastal "-w  … offset by <= this
		// distance (1000)": the first sentence speaks of the value the
		// flag is given as "this" amount
		f.Placeholder = "NUM"
		return
	}
	d := f.Default
	if d == "" || notValueDefaults[strings.ToLower(d)] || strings.HasPrefix(d, "-") || namesSwitch(f, d) {
		if boundRE.MatchString(f.Description) || numberGivenRE.MatchString(f.Description) {
			f.Placeholder = "NUM"
		}
		return
	}
	switch {
	case numRE.MatchString(d):
		if v, err := strconv.ParseFloat(d, 64); err == nil && v != 0 && v != 1 {
			// "(default=0.001)"; 0 and 1 may be a switch's off and on
			f.Placeholder = "VALUE"
		} else if boundRE.MatchString(f.Description) || numberGivenRE.MatchString(f.Description) {
			// "minimal coverage, default 0", "1 or 0, default 0",
			// "default 1; if set to 0, ...": a number all the same
			f.Placeholder = "NUM"
		}
	case sizeRE.MatchString(d):
		// "dflt=1MB": a size
		f.Placeholder = "SIZE"
	case listsValue(f.Description, d):
		// "output format: TAB, MAF, BlastTab (default: MAF)"
		f.Placeholder = "VALUE"
	}
}

// listsValue reports whether desc lists v among comma-separated words
// ("TAB, MAF, BlastTab").
func listsValue(desc, v string) bool {
	for _, part := range strings.Split(desc, ",") {
		ws := strings.Fields(part)
		if len(ws) == 0 || len(ws) == 2 && strings.HasPrefix(strings.ToLower(ws[0]), "default") {
			// "clustal format, default: fasta": the default's own
			// clause lists nothing
			continue
		}
		if ws[len(ws)-1] == v && strings.Count(desc, ",") >= 1 || ws[0] == v && len(ws) == 1 {
			return true
		}
	}
	return false
}

// numRE matches a plain number.
var numRE = lazyre.New(`^-?[0-9]+(\.[0-9]+)?$`)

// namesSwitch reports a default that names a switch ("no-shout" for
// --shout/--no-shout): the flag is on or off, not given a value.
func namesSwitch(f *Flag, d string) bool {
	l := strings.ToLower(d)
	if strings.HasPrefix(l, "no-") || strings.HasPrefix(l, "no_") {
		return true
	}
	for _, n := range append([]string{f.Name}, f.Aliases...) {
		if strings.EqualFold(strings.TrimLeft(n, "-"), d) {
			return true
		}
	}
	return false
}

// onOffWords are the values of a setting that is on or off.
var onOffWords = map[string]bool{"yes": true, "no": true, "true": true, "false": true, "on": true, "off": true}

// slashChoices reads a placeholder of lower-case words joined by "/" that
// holds an on or off word ("<yes/no/reverse>", "on/off") as the values the
// flag takes; bedtools' "-b <bed/gff/vcf/bam>" names kinds of file.
func slashChoices(f *Flag) {
	if len(f.Choices) > 0 || !strings.Contains(f.Placeholder, "/") {
		return
	}
	ws := strings.Fields(f.Placeholder) // "<yes/no/reverse> yes/no/reverse": two spellings' values
	c := simpleChoices(strings.Trim(ws[len(ws)-1], "<>"), "/")
	if c == nil || slices.ContainsFunc(c, func(w string) bool { return IsTypeWord(w) || strings.ToLower(w) != w }) {
		return
	}
	if d := strings.ToLower(f.Description); strings.Contains(d, "file") || strings.Contains(d, "format") {
		return
	}
	if !slices.ContainsFunc(c, func(w string) bool { return onOffWords[w] }) {
		// "bed/gff/vcf" names kinds of file; a set of values says yes
		// or no among them ("yes/no/reverse", "on/off", "true/false")
		return
	}
	f.Choices = c
}

// acdTypeRE matches the type column of an EMBOSS (ACD) qualifier row,
// a lower-case type word and a gap before the text ("-word  integer
// [3] Word size", "[-outseq]  seqoutall  [<sequence>.<format>] …").
var acdTypeRE = lazyre.New(`^(seqall|seqoutall|seqout|sequence|seqset|seqsetall|seqoutset|outfile|infile|datafile|directory|outdir|features|featout|report|align|matrix|matrixf|codon|outcodon|integer|float|string|menu|selection|list|range|array|regexp|pattern|boolean|toggle)(?:\s{2,}|\t)\S`)

// acdDefaultRE matches the default an ACD description opens with, in
// brackets: "[10]", "[Y]", "[*.einverted]", "[<sequence>.<format>]".
var acdDefaultRE = lazyre.New(`^\[([^\[\]]+)\](?:\s|$)`)

// acdDefault takes the default an ACD description opens with: "[100]
// Enter maximum length", "[*.palindrome] Output file name" — the value
// the program takes (or offers at its prompt) when the qualifier is left
// out.
func acdDefault(f *Flag) {
	if d := acdDefaultRE.FindStringSubmatch(f.Description); d != nil && f.Default == "" {
		f.Default = d[1]
	}
}

// acdType reads an ACD type column: the value's kind, taken out of the
// description. A boolean or toggle takes no value; a sequence, file or
// report takes a file; a number its type; the others a value.
func acdType(f *Flag, first string) {
	m := acdTypeRE.FindStringSubmatch(strings.TrimSpace(first))
	if m == nil {
		return
	}
	f.Description = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(f.Description), m[1]))
	acdDefault(f)
	switch m[1] {
	case "boolean", "toggle":
	case "integer":
		f.Placeholder = "INT"
	case "float":
		f.Placeholder = "FLOAT"
	case "range":
		f.Placeholder = "RANGE" // a set of ranges ("24-45, 56-78")
	case "string", "menu", "selection", "list", "array", "regexp", "pattern":
		f.Placeholder = "VALUE"
	default:
		f.Placeholder = "FILE"
	}
}
