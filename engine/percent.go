package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/traitome/oxo-call/internal/lazyre"
	"github.com/traitome/oxo-call/task"
)

// A task says a share as a percentage ("10% of the reads"); a flag reads
// it in the form its help gives: a fraction of one ("FRACTION", "accepted
// values: 0-1.0", "default 0.9") or a number of percent ("percentage",
// "(0~100)", "Default 40"). The value is derived from the task's by that
// rule and shown as derived; a help that says neither keeps the task's
// spelling.

var (
	// unitRangeRE is a range of fractions in a help ("0-1.0", "[0,1]",
	// "between 0 and 1").
	unitRangeRE = lazyre.New(`(?:^|[^\d.])0(?:\.0+)?\s*(?:-|–|~|,|to|and)\s*1(?:\.0+)?(?:[^\d.%]|$)`)
	// percentRangeRE is a range of percent ("0~100", "0-100").
	percentRangeRE = lazyre.New(`(?:^|[^\d.])0\s*(?:-|–|~|,|to|and)\s*100(?:[^\d.]|$)`)
	// percentWordRE is a word the help writes with a percent sign after
	// it ("minimum identity% to report"): the value is that number of
	// percent.
	percentWordRE = lazyre.New(`[a-z]%`)
)

// percentForm says how a flag reads a share: "fraction", "percent", or ""
// when its help does not say.
func percentForm(fd FlagDoc) string {
	if f := statedShare(fd); f != "" {
		return f
	}
	if x, err := strconv.ParseFloat(defaultValue(fd), 64); err == nil {
		switch {
		case x > 0 && x < 1:
			return "fraction"
		case x > 1 && x <= 100 && fd.ParamType != "bool":
			return "percent"
		}
	}
	return ""
}

// statedShare is the form of a share a flag's help states in words or
// by its range ("fraction", "percent", "[0..100]"), or "".
func statedShare(fd FlagDoc) string {
	text := strings.ToLower(fd.Placeholder + " " + fd.Description)
	v := task.V()
	switch {
	case v.Mentions("fraction_word", text), unitRangeRE.MatchString(text):
		return "fraction"
	case v.Mentions("percent_word", text), percentRangeRE.MatchString(text), percentWordRE.MatchString(text):
		return "percent"
	}
	return ""
}

// readsShare reports a flag whose help states it reads a share.
func readsShare(fd FlagDoc) bool { return statedShare(fd) != "" }

// sharesInForm is the pass that rewrites each flag value that is a task
// percentage in the form the flag's help reads it.
func (m *mapper) sharesInForm(f *Fill, c *candidate) {
	for i := range f.Flags {
		fv := &f.Flags[i]
		num, ok := strings.CutSuffix(fv.Value, "%")
		if !ok || !fv.HasValue || !m.taskValues()[fv.Value] {
			continue
		}
		x, err := strconv.ParseFloat(num, 64)
		if err != nil {
			continue
		}
		fd, ok := LookupFlag(c.flags, fv.Name)
		if !ok {
			continue
		}
		var v string
		switch percentForm(fd) {
		case "fraction":
			v = strconv.FormatFloat(x/100, 'f', -1, 64)
		case "percent":
			v = num
		default:
			continue
		}
		m.evidence = append(m.evidence, fmt.Sprintf("%s %s for the task's %s: the help of %s reads a %s", fv.Name, v, fv.Value, fv.Name, map[bool]string{true: "fraction of one", false: "number of percent"}[v != num]))
		fv.Why = "derived from the task's " + fv.Value
		fv.Value = v
	}
}
