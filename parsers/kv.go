package parsers

import (
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
)

var (
	kvKeyRE   = lazyre.New(`^[A-Za-z_][A-Za-z0-9_.]*$`)
	kvAliasRE = lazyre.New(`^\(([A-Za-z][A-Za-z0-9_]*)\)\s`)
	intRE     = lazyre.New(`^-?\d+$`)
	floatRE   = lazyre.New(`^-?\d*\.\d+(?:[eE]-?\d+)?$`)
	// "Values: f (don't trim), r (trim to the right), l (…)": the
	// values a key takes, each with its meaning in parentheses
	kvValuesRE = lazyre.New(`(?i)\bvalues:\s*((?:[\w.+-]+\s*\([^()]*\)[,;]?\s*){2,})`)
	kvValueRE  = lazyre.New(`([\w.+-]+)\s*\([^()]*\)`)
	// "Set between 0 and 1", "(0-1)", "0.0 to 1.0": a share, whatever
	// the written default (entropy=-1 for off)
	zeroOneRE = lazyre.New(`\bbetween 0(?:\.0)? and 1(?:\.0)?\b|(?:^|[\s(\[])0(?:\.0)?\s*(?:-|to)\s*1(?:\.0)?(?:$|[\s)\].,;])`)
	// "Randomly output only this fraction of reads; 1 means sampling is
	// disabled" (samplerate=1): a share, though the default is whole;
	// unless a range of whole numbers says otherwise ("this fraction of
	// kmer space (0-15 out of 16)")
	fractionRE   = lazyre.New(`(?i)\bfraction\b`)
	wholeRangeRE = lazyre.New(`\b\d+\s*-\s*(?:[2-9]|\d{2,})\b`)
)

// kvRefine corrects the type a key's written default suggests with what
// its description says: the values it lists (ktrim=f takes f, r or l, not
// only t or f), a range from 0 to 1 (entropy=-1 takes 0.5), or a fraction
// with a default of 0 or 1 (samplerate=1 takes 0.1).
func kvRefine(f *Flag) {
	if m := kvValuesRE.FindStringSubmatch(f.Description); m != nil {
		var vals []string
		for _, v := range kvValueRE.FindAllStringSubmatch(m[1], -1) {
			vals = append(vals, v[1])
		}
		f.ParamType, f.Choices = "choice", vals
		return
	}
	if f.ParamType == "int" && (zeroOneRE.MatchString(f.Description) || (f.Default == "0" || f.Default == "1") && fractionRE.MatchString(f.Description) && !wholeRangeRE.MatchString(f.Description)) {
		f.ParamType = "float"
	}
}

// parseKV reads a key=value entry: "in=<file>", "k=27", "touppercase=f".
// The token must stand alone or be followed by a column gap. It returns
// the flag, the offset of the description (or -1), and whether it matched.
func parseKV(content string) (Flag, int, bool) {
	toks := tokens(content)
	if len(toks) == 0 {
		return Flag{}, -1, false
	}
	tok := toks[0]
	k := strings.IndexByte(tok, '=')
	if k <= 0 || !kvKeyRE.MatchString(tok[:k]) {
		return Flag{}, -1, false
	}
	descAt := -1
	if len(tok) < len(content) {
		gs, ge := gapIndex(content)
		switch {
		case gs == len(tok):
			descAt = ge
		case strings.HasPrefix(content[len(tok):], " ("):
			// a long key pushes "(alias) text" one space away
			descAt = len(tok) + 1
		default:
			return Flag{}, -1, false
		}
	}
	f := Flag{Name: tok[:k], Style: "kv"}
	val := tok[k+1:]
	if wrapped(val, '<', '>') {
		f.Placeholder = val[1 : len(val)-1]
	} else {
		f.Default = val
	}
	return f, descAt, true
}

// kvType infers the type of a key=value option from its written default:
// t/f or true/false → choice, integers → int, decimals → float.
func kvType(def string) (string, []string) {
	switch def {
	case "t", "f":
		return "choice", []string{"t", "f"}
	case "true", "false":
		return "choice", []string{"true", "false"}
	}
	switch {
	case intRE.MatchString(def):
		return "int", nil
	case floatRE.MatchString(def):
		return "float", nil
	}
	return "string", nil
}
