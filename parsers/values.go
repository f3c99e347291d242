package parsers

import (
	"slices"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

// valueInfo reads the value tokens of a flag: the placeholder as written
// (outer brackets removed), the allowed choices, and whether the value is
// optional or may be given several times.
type valueInfo struct {
	placeholder string
	choices     []string
	optional    bool
	attached    bool // "[=V]": the optional value must be joined with "="
	repeat      bool
}

// quotedRE finds 'x', `x' and "x" items, as in typed placeholders like
// <String, Permissible values: 'fast' 'slow' >.
var quotedRE = lazyre.New("[`'\"]([^`'\"\\s]+)['\"]")

// readValues interprets value tokens such as "INT", "<int>", "[=STR]",
// "{a,b}", "[a|b]", "a|b|c", "TFILE [TFILE ...]", "[CFILE ...]" and
// "<String, `both', `plus'>".
func readValues(vals []string) valueInfo {
	var vi valueInfo
	var parts []string
	for _, v := range vals {
		if v == "..." || v == "[...]" || v == "…" {
			vi.repeat = true
			continue
		}
		if strings.HasSuffix(v, "...") {
			v, vi.repeat = strings.TrimSpace(strings.TrimSuffix(v, "...")), true
		}
		switch {
		case strings.HasPrefix(v, "="):
			parts = append(parts, v[1:])
			if wrapped(v[1:], '{', '}') {
				// "--seqtype={Protein, RNA, DNA}": the values it takes
				vi.choices = expandChoices(readValues([]string{v[1:]}).choices)
				if slices.ContainsFunc(vi.choices, func(c string) bool { return IsTypeWord(c) || wrapped(c, '<', '>') }) {
					vi.choices = nil // "={file,-}": a file or "-", no list of words
				}
			}
		case wrapped(v, '[', ']'):
			inner := strings.TrimSpace(v[1 : len(v)-1])
			switch {
			case strings.HasSuffix(inner, "..."):
				// "[TFILE ...]": more of the same value
				vi.repeat = true
				inner = strings.TrimSpace(strings.TrimSuffix(inner, "..."))
				if len(parts) > 0 && parts[len(parts)-1] == inner {
					continue
				}
				if len(parts) == 0 {
					vi.optional = true
				}
				parts = append(parts, inner)
			case strings.HasPrefix(inner, "="):
				vi.optional, vi.attached = true, true
				parts = append(parts, inner[1:])
				if in := inner[1:]; wrapped(in, '{', '}') {
					// "--follow[={name|descriptor}]"
					vi.choices = readValues([]string{in}).choices
				}
			case strings.Contains(inner, "|") && simpleChoices(inner, "|") != nil:
				// click renders a Choice as [a|b|c]
				vi.choices = simpleChoices(inner, "|")
				parts = append(parts, inner)
			default:
				if len(parts) == 0 {
					vi.optional = true
				}
				parts = append(parts, inner)
			}
		case wrapped(v, '{', '}'):
			inner := v[1 : len(v)-1]
			vi.choices = splitList(inner, ",")
			if c := simpleChoices(inner, "|"); c != nil && !strings.Contains(inner, ",") {
				vi.choices = c // "{name|descriptor}"
			}
			parts = append(parts, inner)
		case wrapped(v, '<', '>'):
			inner := strings.TrimSpace(v[1 : len(v)-1])
			if k := strings.IndexByte(inner, ','); k > 0 {
				// "<String, `both', `minus'>": a type, then constraints
				for _, m := range quotedRE.FindAllStringSubmatch(inner[k:], -1) {
					vi.choices = append(vi.choices, m[1])
				}
				inner = strings.TrimSpace(inner[:k])
			}
			parts = append(parts, inner)
		default:
			if c := simpleChoices(v, "|"); c != nil {
				vi.choices = c
			}
			parts = append(parts, v)
		}
	}
	vi.placeholder = strings.TrimSpace(strings.Join(parts, " "))
	return vi
}

// simpleChoices splits s on sep when every part is a plain word ("0|1|2",
// "tsv|json|yaml"); otherwise it returns nil ("u|b|v|z[0-9]" is a format,
// not a list).
func simpleChoices(s, sep string) []string {
	if !strings.Contains(s, sep) {
		return nil
	}
	parts := strings.Split(s, sep)
	for _, p := range parts {
		if p == "" {
			return nil
		}
		for i := 0; i < len(p); i++ {
			c := p[i]
			if !isLetter(c) && !isDigit(c) && c != '_' && c != '-' && c != '.' && c != '+' {
				return nil
			}
		}
	}
	return parts
}

// splitList splits a choice list on sep, trimming spaces and quotes and
// dropping empty items.
func splitList(s, sep string) []string {
	var out []string
	for _, p := range strings.Split(s, sep) {
		p = unquote(strings.TrimSpace(p))
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// inferType maps a placeholder to a ParamType: no value → bool, INT/NUM →
// int, FLOAT → float, FILE/PATH/DIR or a file name → file, choices →
// choice, anything else → string.
func inferType(placeholder string, choices []string) string {
	if len(choices) > 0 {
		return "choice"
	}
	p := strings.TrimSpace(placeholder)
	if p == "" {
		return "bool"
	}
	if p == "#" {
		return "int" // "--fast[=#]", "-T#": # stands for a number
	}
	words := strings.FieldsFunc(p, func(r rune) bool { return r == ' ' || r == '_' })
	if len(words) == 0 {
		return "string"
	}
	if l := strings.ToLower(words[0]); len(words) == 1 && len(l) > 3 && strings.Trim(l, "abcdefghijklmnopqrstuvwxyz") == "" && (strings.HasSuffix(l, "num") || strings.HasSuffix(l, "number")) {
		return "int" // "FILENUM": the number of a file, not a file
	}
	switch strings.ToLower(words[0]) {
	case "int", "integer", "num", "number", "n", "count", "uint", "long", "short",
		"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64":
		return "int"
	case "float", "double", "real", "float32", "float64", "decimal":
		return "float"
	}
	if floatShapeRE.MatchString(p) {
		return "float" // "n.nn", "N.N", "0.5": the shape of a number
	}
	if fileLike(p) {
		return "file"
	}
	return "string"
}

// floatShapeRE matches placeholders that draw a decimal number ("n.nn",
// "X.X", "0.05"), which fileExtRE would read as a file name.
var floatShapeRE = lazyre.New(`^(?:[nNxX]+|\d+)\.(?:[nNxX]+|\d+)$`)

// fileExtRE matches file-name placeholders such as in.bam or out.fq.gz.
var fileExtRE = lazyre.New(`^[\w-]+(?:\.[A-Za-z][A-Za-z0-9]{0,5})+$`)

// bareAltsRE matches a placeholder that is nothing but words between bars
// ("list|file", "path|stdin"), not a file with modifiers ("filename
// {ref-first | ref-last}").
var bareAltsRE = lazyre.New(`^[a-z][a-z0-9_.-]*(?:\s*\|\s*[a-z][a-z0-9_.-]*)+$`)

// streamWords name the standard streams where a file may stand
// ("<file|stdin>").
var streamWords = map[string]bool{"stdin": true, "stdout": true, "stderr": true}

// fileLike reports whether a placeholder names a file or directory.
func fileLike(p string) bool {
	l := strings.ToLower(p)
	if strings.Contains(l, "type") || strings.Contains(l, "format") {
		return false // "filetype", "FILE_FORMAT" name a kind, not a file
	}
	if alts := strings.Split(l, "|"); len(alts) > 1 && bareAltsRE.MatchString(l) {
		// "<list|file>" (vcf-merge -r): a list written out, or a file
		// holding one; the value need not be a file.
		for _, a := range alts {
			if a = strings.TrimSpace(a); !streamWords[a] && !fileLike(a) {
				return false
			}
		}
		return true
	}
	if strings.Contains(l, "file") || strings.Contains(l, "path") {
		return true
	}
	for _, w := range strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '/' || r == '_' || r == '-' }) {
		if strings.HasSuffix(w, "dir") || strings.HasSuffix(w, "directory") || w == "folder" {
			return true
		}
	}
	return fileExtRE.MatchString(p)
}

// isBoolWord reports whether a placeholder names a boolean value
// ("<Boolean>" in Java and C++ toolkits), which is a value flag with two
// choices.
func isBoolWord(p string) bool {
	switch strings.ToLower(p) {
	case "bool", "boolean", "bool_value":
		return true
	}
	return false
}

// abbrevRE is a choice written with its optional tail in brackets
// ("phy[lip]": phy or phylip).
var abbrevRE = lazyre.New(`^([\w.+-]+)\[([\w.+-]+)\]$`)

// expandChoices spells out the short forms of choices: "phy[lip]" is phy
// and phylip, "a2m=fa[sta]" is a2m, fa and fasta (one format, three
// names).
func expandChoices(cs []string) []string {
	var out []string
	for _, c := range cs {
		for _, part := range strings.Split(c, "=") {
			if m := abbrevRE.FindStringSubmatch(part); m != nil {
				out = append(out, m[1], m[1]+m[2])
			} else if part != "" {
				out = append(out, part)
			}
		}
	}
	return out
}

// slotRE is a typed slot inside a placeholder ("<int>" in "k:<int>,i:<int>").
var slotRE = lazyre.New(`<([^<>\s]+)>`)

// NumberSlots reports a placeholder built of typed number slots and the
// separators between them: bowtie2's "-F k:<int>,i:<int>", "<int>,<int>".
// Such a value is numbers written in a shape, never a file, whatever the
// help says of the files the option is about ("reads are substrings
// extracted from a FASTA file").
func NumberSlots(placeholder string) bool {
	slots := slotRE.FindAllStringSubmatch(placeholder, -1)
	if len(slots) == 0 {
		return false
	}
	for _, s := range slots {
		if t := inferType(s[1], nil); t != "int" && t != "float" {
			return false
		}
	}
	return true
}
