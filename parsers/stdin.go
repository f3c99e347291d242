package parsers

import (
	"path"
	"strings"
)

// A tool that reads its input from standard input shows it in its usage:
// a redirection from a file ("bam2bed < foo.bam > out.bed") or a pipe
// into the program ("cat file.vcf | vcf-sort > out.vcf", "[BAM data
// stream] | bamleftalign [options]").

// pipedForm returns the part of a usage line from the program on when a
// pipe feeds the program ("cat file.vcf | vcf-sort > out.vcf" gives
// "vcf-sort > out.vcf"), and whether one does. A "|" between alternatives
// ("prog -a | -b", inside brackets) is no pipe: the word after a pipe is
// a program, not a flag or a placeholder, and the words before it are a
// source, with no option of their own ("gt extractseq [option ...]
// [sequence_file(s)] | fastaindex" offers two forms of one program).
func pipedForm(usage string) (string, bool) {
	toks := tokens(usage)
	last := -1
	for i, t := range toks {
		if t == "|" && i > 0 && i+1 < len(toks) && programWord(toks[i+1]) {
			last = i
		}
		if last < 0 && (strings.HasPrefix(t, "-") || isOptionsMarker(t)) {
			break
		}
	}
	if last < 0 {
		return usage, false
	}
	return strings.Join(toks[last+1:], " "), true
}

// programWord reports a word that can name a program: a path or a name,
// not a flag, a placeholder or a redirection.
func programWord(t string) bool {
	if t == "" || strings.ContainsAny(t[:1], "-[<({>|") || strings.HasPrefix(t, "..") {
		return false
	}
	return !strings.ContainsAny(t, "[]<>{}()=")
}

// programOf is the program a usage form runs, without its directory.
func programOf(form string) string {
	f := strings.Fields(form)
	if len(f) == 0 {
		return ""
	}
	return path.Base(f[0])
}

// redirectsIn reports a usage form that reads a file on standard input:
// "< file", or "<file.fa" written onto its file. A placeholder is no file:
// "<input filename(s)>", "<input.bam | input.sam>" and "[-script
// <filename]" are bracketed words, and "< -mapped | -paired >" a group
// of flags.
func redirectsIn(form string) bool {
	f := tokens(form)
	for i, t := range f {
		if t == "<" && i+1 < len(f) && fileWord(f[i+1]) || len(t) > 1 && t[0] == '<' && fileWord(t[1:]) && strings.Contains(t, ".") {
			return true
		}
	}
	return false
}

// fileWord reports a plain word that can name a file: letters, digits
// and . _ - / only, not starting with "-".
func fileWord(w string) bool {
	if w == "" || w[0] == '-' {
		return false
	}
	for _, c := range w {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._-/", c)) {
			return false
		}
	}
	return true
}

// readsStdin reports usage forms that show the program reading standard
// input: through a pipe into it or a redirection from a file. The program
// is the one the first unpiped form runs, or, when every form is piped,
// the one the first pipe feeds; a form of another program (convert2bed in
// bam2bed's help, "prog file | sort") says nothing of this one.
func readsStdin(usage []string) bool {
	if len(usage) == 0 {
		return false
	}
	first, _ := pipedForm(usage[0])
	for _, u := range usage {
		if _, piped := pipedForm(u); !piped {
			first = u
			break
		}
	}
	prog := programOf(first)
	for _, u := range usage {
		form, piped := pipedForm(u)
		if programOf(form) == prog && prog != "" && (piped || redirectsIn(form)) {
			return true
		}
	}
	return false
}

// shellForms are the command lines, written after a shell prompt "$ ",
// of a bare usage label's block when no usage line was found there
// (BEDOPS: "Usage:", a blank line, "$ bam2bed < foo.bam > out.bed").
func shellForms(lines []string) []string {
	for i, l := range lines {
		c := strings.TrimSpace(l)
		if label, rest := usageLabel(c); label == 0 || rest != len(c) {
			continue
		}
		var out []string
		for _, n := range lines[i+1:] {
			t := strings.TrimSpace(n)
			if t == "" && len(out) == 0 {
				continue
			}
			cmd, ok := strings.CutPrefix(t, "$ ")
			if !ok {
				break
			}
			out = append(out, collapse(cmd))
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// stdinUsage reports a help whose usage (or, with none, its shell forms)
// shows the program reading standard input.
func (d *doc) stdinUsage() bool {
	if len(d.usage) > 0 {
		return readsStdin(d.usage)
	}
	return readsStdin(shellForms(d.lines))
}
