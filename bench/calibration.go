package bench

import (
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
)

// Literal reports whether got equals ref up to flag order with the file
// names themselves compared: a wrong file is a wrong command. Equal
// commands (up to spaces) are literal too.
func Literal(ref, got string) bool {
	if strings.Join(strings.Fields(ref), " ") == strings.Join(strings.Fields(got), " ") {
		return true
	}
	if !Score(ref, got).Equivalent {
		return false
	}
	a, b := split(ref), split(got)
	if !sameFilePlaces(a, b) {
		return false
	}
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// sameFilePlaces reports whether each file of one command stands where it
// stands in the other: after the same flag, or among the positionals in
// the same order. The same words in other places are another command
// ("-o stats.txt --output-stats out.pairs" writes each to the other;
// "nucmer contigs.fa ref.fa" swaps reference and query).
func sameFilePlaces(a, b []string) bool {
	places := func(ws []string) (flagged []string, positional []string) {
		for i := 1; i < len(ws); i++ {
			w := ws[i]
			if isFlag(w) || !isFileLike(w) {
				continue
			}
			if isFlag(ws[i-1]) {
				flagged = append(flagged, ws[i-1]+" "+w)
			} else {
				positional = append(positional, w)
			}
		}
		slices.Sort(flagged)
		return flagged, positional
	}
	fa, pa := places(a)
	fb, pb := places(b)
	return slices.Equal(fa, fb) && slices.Equal(pa, pb)
}

// Sourceless returns the values of a command that the task never gave and
// that are not derived from a task value: a file or an identifier
// ("input.bam", "genome_idx", "sample1") that is neither in the task nor
// built on the stem of one of the task's files ("aln.sorted.bam" for
// "aln.bam"). Flags, numbers, placeholders ("<index>") and plain words
// (constants such as "z" or "genomeGenerate") are not values of that sort.
func Sourceless(task, cmd string) []string {
	ws := split(cmd)
	if len(ws) < 2 {
		return nil
	}
	lowTask := strings.ToLower(task)
	var stems []string
	for _, t := range strings.FieldsFunc(task, func(r rune) bool {
		return r == ' ' || r == ',' || r == ';' || r == '"' || r == '\'' || r == '(' || r == ')' || r == '\t' || r == '\n' || r > 0x2e80
	}) {
		t = strings.TrimRight(t, ".:")
		if isFileLike(t) {
			stems = append(stems, fileStem(t))
		}
	}
	var out []string
	for i, w := range ws[1:] {
		if isFlag(w) || isRedirect(w) || w == "|" || i == 0 && isBareWord(w) {
			continue
		}
		if k, v, ok := isKeyValue(w); ok && !isFileLike(k) {
			w = v
		}
		for _, v := range strings.Split(w, ",") {
			if valueLike(v) && !strings.Contains(lowTask, strings.ToLower(strings.TrimSuffix(v, "/"))) && !derived(v, stems) && !spelled(v, lowTask) {
				out = append(out, v)
			}
		}
	}
	return out
}

// spelled reports a constant the task writes as words in order, with at
// most one word between ("10x Chromium v3" spells 10xv3).
func spelled(v, lowTask string) bool {
	words := strings.Fields(lowTask)
	var from func(rest string, i, gap int) bool
	from = func(rest string, i, gap int) bool {
		if rest == "" {
			return true
		}
		for j := i; j < len(words) && j <= i+gap; j++ {
			w := strings.Trim(words[j], ",;()")
			if w != "" && strings.HasPrefix(rest, w) && from(rest[len(w):], j+1, 1) {
				return true
			}
		}
		return false
	}
	return !isFileLike(v) && from(strings.ToLower(v), 0, len(words))
}

// valueLike: a file or an identifier with a digit or an underscore; not a
// number, a placeholder or a flag.
func valueLike(v string) bool {
	if v == "" || v == "-" || strings.HasPrefix(v, "<") || isNumber(v) || isFlag(v) {
		return false
	}
	if strings.Contains(v, " ") {
		return false // an expression or a format string, not a value
	}
	if isFileLike(v) {
		return true
	}
	letter, mark := false, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case isLetter(c):
			letter = true
		case c >= '0' && c <= '9' || c == '_':
			mark = true
		}
	}
	return letter && mark && len(v) >= 3 && !strings.ContainsAny(v, ":@ ")
}

// derived reports a value built on the stem of a task file
// ("aln.sorted.bam", "aln_stats.txt" and "aln" for "aln.bam").
func derived(v string, stems []string) bool {
	b := path.Base(v)
	for _, s := range stems {
		if len(s) >= 2 && (strings.HasPrefix(b, s) || strings.HasPrefix(v, s)) {
			return true
		}
	}
	return false
}

// fileStem is a file's base name without compression and extension
// ("reads" for "data/reads.fq.gz").
func fileStem(p string) string {
	b := path.Base(p)
	for _, z := range []string{".gz", ".bgz", ".bz2", ".xz", ".zst"} {
		b = strings.TrimSuffix(b, z)
	}
	if i := strings.LastIndexByte(b, '.'); i > 0 {
		b = b[:i]
	}
	return b
}

// Outcome is one generated command judged against its reference.
type Outcome struct {
	// Right: literal match with one of the accepted commands.
	Right bool
	// Uncertain: the command exits 3 (confidence below the threshold).
	Uncertain  bool
	Confidence float64
}

// Band is one confidence band of a reliability table.
type Band struct {
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	N     int     `json:"n"`
	Right int     `json:"right"`
	Rate  float64 `json:"rate"`
}

// Calibration says how well uncertainty tracks wrongness.
type Calibration struct {
	// WrongUncertain is the share of wrong commands that exit 3 (want high).
	WrongUncertain Share `json:"wrong_uncertain"`
	// RightUncertain is the share of right commands that exit 3 (want low).
	RightUncertain Share `json:"right_uncertain"`
	// Bands is the reliability table: confidence band → share right.
	Bands []Band `json:"bands"`
}

// Calibrate computes the calibration figures of a set of outcomes, with
// the confidence cut into bands of width 0.2.
func Calibrate(outs []Outcome) Calibration {
	var wrong, wrongU, right, rightU int
	bands := make([]Band, 5)
	for i := range bands {
		bands[i].Lo, bands[i].Hi = round(float64(i)*0.2), round(float64(i+1)*0.2)
	}
	for _, o := range outs {
		if o.Right {
			right++
			if o.Uncertain {
				rightU++
			}
		} else {
			wrong++
			if o.Uncertain {
				wrongU++
			}
		}
		b := &bands[min(4, max(0, int(o.Confidence*5)))]
		b.N++
		if o.Right {
			b.Right++
		}
	}
	for i := range bands {
		if bands[i].N > 0 {
			bands[i].Rate = round(float64(bands[i].Right) / float64(bands[i].N))
		}
	}
	return Calibration{WrongUncertain: share(wrongU, wrong), RightUncertain: share(rightU, right), Bands: bands}
}

// Write prints the calibration figures and the reliability table.
func (c Calibration) Write(w io.Writer) {
	fmt.Fprintf(w, "wrong commands uncertain (exit 3): %d/%d = %.3f\n", c.WrongUncertain.K, c.WrongUncertain.N, c.WrongUncertain.Rate)
	fmt.Fprintf(w, "right commands uncertain (exit 3): %d/%d = %.3f\n", c.RightUncertain.K, c.RightUncertain.N, c.RightUncertain.Rate)
	fmt.Fprintf(w, "confidence band   n  right\n")
	for _, b := range c.Bands {
		fmt.Fprintf(w, "%.1f–%.1f     %5d  %.3f\n", b.Lo, b.Hi, b.N, b.Rate)
	}
}
