package skills

import (
	"strconv"
	"strings"
)

// FillUsage turns a usage line into a runnable example: optional groups
// ([options], [-t INT]) and repeats (...) are dropped, the first choice of
// an alternation ({-U <r> | -1 <m1>}) is kept, and each placeholder
// (<in.bam>, FILE, <fasta-file>) becomes a value: a name that already is
// a file name stays as written; a flag's placeholder follows the flag's
// type (flagType returns int, float, file … or "" when unknown); other
// names map to typical file names and numbers. It reports false when
// the line names a generic command slot (<command>, COMMAND) or nothing
// is left after the program and its subcommands.
func FillUsage(usage string, flagType func(flag string) string) (string, bool) {
	u := strings.TrimSpace(usage)
	for _, p := range []string{"usage:", "Usage:", "USAGE:", "$ "} {
		u = strings.TrimSpace(strings.TrimPrefix(u, p))
	}
	toks := usageTokens(u)
	if len(toks) < 2 {
		return "", false
	}
	var out []string
	used := map[string]int{}
	prevFlag := ""
	filled := false
	for i, t := range toks {
		if k := strings.IndexByte(t, '|'); k > 0 {
			t = t[:k] // <file.fa|file.fa.gz>, <a>|<b>: the first choice
			if strings.HasPrefix(t, "<") && !strings.HasSuffix(t, ">") {
				t += ">"
			}
		}
		ph := isPlaceholder(t) || prevFlag != "" && len(t) == 1 && t[0] >= 'A' && t[0] <= 'Z'
		switch {
		case i == 0 || !ph && !strings.HasPrefix(t, "-") && !strings.ContainsAny(t, "./") && !filled && prevFlag == "":
			out = append(out, t) // the program and its subcommand words
		case ph:
			name := strings.ToLower(strings.Trim(t, "<>"))
			if k := strings.IndexByte(name, '/'); k > 0 {
				name = name[:k] // <bed/gff/vcf>
			}
			if genericSlot(name) {
				return "", false
			}
			typ := ""
			if prevFlag != "" && flagType != nil {
				typ = flagType(prevFlag)
			}
			out = append(out, uniqueValue(placeholderValue(name, typ), used))
			filled = true
		default:
			out = append(out, t)
			filled = true
		}
		prevFlag = ""
		if strings.HasPrefix(t, "-") && !strings.Contains(t, "=") {
			prevFlag = t
		}
	}
	if !filled {
		return "", false
	}
	return strings.Join(out, " "), true
}

// usageTokens splits a usage line into words, dropping [optional] groups
// and "..." and keeping the first choice of {a | b} and (a | b) groups.
func usageTokens(u string) []string {
	var out []string
	for _, w := range strings.Fields(stripGroups(u)) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "..."), "…")
		if w == "" || w == "|" || w == "*" {
			continue
		}
		out = append(out, w)
	}
	return out
}

// stripGroups removes bracketed optional parts and reduces {..|..} and
// (..|..) to their first alternative; unbalanced brackets are kept.
func stripGroups(u string) string {
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		c := u[i]
		switch c {
		case '[':
			if j := matching(u, i, '[', ']'); j > 0 {
				i = j
				continue
			}
		case '{', '(':
			closer := byte('}')
			if c == '(' {
				closer = ')'
			}
			if j := matching(u, i, c, closer); j > 0 {
				inner := u[i+1 : j]
				if k := strings.IndexByte(inner, '|'); k >= 0 {
					inner = inner[:k]
				} else if k := strings.IndexByte(inner, ','); k >= 0 && c == '{' {
					inner = inner[:k]
				}
				b.WriteString(" " + stripGroups(inner) + " ")
				i = j
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// matching returns the index of the bracket closing the one at i, or -1.
func matching(s string, i int, open, close byte) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case open:
			depth++
		case close:
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// isPlaceholder reports <name> or an all-capitals word such as FILE.
func isPlaceholder(t string) bool {
	if len(t) > 2 && t[0] == '<' && t[len(t)-1] == '>' {
		return true
	}
	letters := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= 'A' && c <= 'Z':
			letters++
		case c == '_' || c == '-' || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return letters >= 2 && t[0] != '-'
}

// genericSlot reports a placeholder that stands for any subcommand.
func genericSlot(name string) bool {
	switch name {
	case "command", "cmd", "subcommand", "sub-command", "tool", "program", "mode":
		return true
	}
	return false
}

// placeholderValues maps words of a placeholder name to an example value,
// most specific first.
var placeholderValues = []struct{ words, value string }{
	{"fastq fq reads read", "reads.fq"},
	{"bam", "in.bam"},
	{"cram", "in.cram"},
	{"sam", "in.sam"},
	{"vcf bcf", "in.vcf.gz"},
	{"bed", "regions.bed"},
	{"gtf gff annotation", "genes.gtf"},
	{"fasta fa ref reference genome seq seqs sequences", "ref.fa"},
	{"prefix basename base", "out"},
	{"dir directory folder", "outdir"},
	{"out output outfile", "out.txt"},
	{"index idx db database", "idx"},
	{"region", "chr1:1-1000"},
	{"int num number threads n size len length count k", "4"},
	{"float frac fraction rate prob", "0.5"},
	{"file input in infile files", "input.txt"},
}

// placeholderValue picks the example value of a placeholder name; typ is
// the type of the flag it belongs to, if known.
func placeholderValue(name, typ string) string {
	switch typ {
	case "int":
		return "4"
	case "float":
		return "0.5"
	}
	if dot := strings.LastIndexByte(name, '.'); dot > 0 && dot < len(name)-1 {
		return name // already a file name: in.bam, ref.fa
	}
	words := strings.FieldsFunc(name, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') })
	for _, pv := range placeholderValues {
		for _, w := range strings.Fields(pv.words) {
			for _, nw := range words {
				if nw == w || strings.TrimRight(nw, "0123456789") == w {
					return pv.value
				}
			}
		}
	}
	if len(words) == 0 {
		return "x"
	}
	return strings.Join(words, "_")
}

// uniqueValue numbers a value used before: reads.fq, reads2.fq …
func uniqueValue(v string, used map[string]int) string {
	used[v]++
	n := used[v]
	if n == 1 || v == "4" || v == "0.5" {
		return v
	}
	stem, ext, _ := strings.Cut(v, ".")
	if ext != "" {
		ext = "." + ext
	}
	return stem + strconv.Itoa(n) + ext
}
