package parsers

import (
	"reflect"
	"slices"
	"testing"
)

func TestFindDefault(t *testing.T) {
	cases := []struct {
		desc           string
		boolean, paren bool
		want           string
	}{
		{"number of threads [1]", false, false, "1"},
		{"memory [768M].", false, false, "768M"},
		{"output [stdout]", false, false, "stdout"},
		{"use these [options]", false, false, ""},
		{"the usual [default]", true, false, ""},
		{"empty []", false, false, ""},
		{"markup [/]", false, false, ""},
		{"mode (--fr)", true, true, ""},
		{"text (default: 4)", false, false, "4"},
		{"text (default 4) more", false, false, "4"},
		{`regex (default "^(\\S+)\\s?")`, false, false, `^(\S+)\s?`},
		{`broken (default "\q")`, false, false, `\q`},
		{"skip (default: hidden files are skipped)", true, false, ""},
		{"style (default: smart case)", false, false, "smart case"},
		{"rate. Default: 0.1 (10%)", false, false, "0.1"},
		{"cutoff. DEFAULT: 0.05. -q and -p exclude", false, false, "0.05"},
		{"Default: allow both mismatches", false, false, ""},
		{"gap. Default = `10'", false, false, "10"},
		{"records. Default value: 500000.", false, false, "500000"},
		{"value (=100)", false, false, "100"},
		{"penalty (5,3)", false, true, "5,3"},
		{"penalty (5,3)", false, false, ""},
		{"mode (default)", true, true, ""},
	}
	for _, c := range cases {
		if got := findDefault(c.desc, c.boolean, c.paren); got != c.want {
			t.Errorf("findDefault(%q) = %q, want %q", c.desc, got, c.want)
		}
	}
}

func TestDescMeta(t *testing.T) {
	cases := []struct {
		lines []string
		start Flag
		want  Flag
		desc  string
	}{
		{[]string{"When to use colors [default: auto] [possible values: auto, always,", "never]"}, Flag{Placeholder: "WHEN"},
			Flag{Placeholder: "WHEN", Default: "auto", Choices: []string{"auto", "always", "never"}}, "When to use colors"},
		{[]string{"level (int [=4])"}, Flag{}, Flag{Placeholder: "int", Default: "4"}, "level"},
		// "[=]" says there is no default; "(default mode)" is prose
		{[]string{"same file (default mode), both", "(string [=])"}, Flag{}, Flag{Placeholder: "string"}, "same file (default mode), both"},
		{[]string{"Input.  Required. "}, Flag{}, Flag{Required: true}, "Input. Required."},
		{[]string{"REQUIRED"}, Flag{}, Flag{Required: true}, "REQUIRED"},
		{[]string{"Require -B to be set."}, Flag{}, Flag{}, "Require -B to be set."},
		{[]string{"Name.  [required]"}, Flag{}, Flag{Required: true}, "Name."},
		{[]string{"Tags. May be specified 0 or more times."}, Flag{}, Flag{Repeatable: true}, "Tags. May be specified 0 or more times."},
		{[]string{"Unit. Possible values: millisecond, second."}, Flag{}, Flag{Choices: []string{"millisecond", "second"}}, "Unit. Possible values: millisecond, second."},
		{[]string{"Level. Possible values: {ERROR, INFO}"}, Flag{}, Flag{Choices: []string{"ERROR", "INFO"}}, "Level. Possible values: {ERROR, INFO}"},
		{[]string{"Colour.", "Possible values:", "- auto: maybe", "- never: no"}, Flag{}, Flag{Choices: []string{"auto", "never"}}, "Colour. Possible values: - auto: maybe - never: no"},
		{[]string{"Scale it.", "- (FLOAT)"}, Flag{}, Flag{Placeholder: "FLOAT"}, "Scale it. - (FLOAT)"},
		// bedtools: the type as a bare bullet, before an example or alone
		{[]string{"Minimum overlap.", "- FLOAT (e.g. 0.50)"}, Flag{}, Flag{Placeholder: "FLOAT"}, "Minimum overlap. - FLOAT (e.g. 0.50)"},
		{[]string{"Use genome file.", "- STRING."}, Flag{}, Flag{Placeholder: "STRING"}, "Use genome file. - STRING."},
		// two or more quoted words after "one of" are the choices; one
		// quoted word, or words unquoted, are prose
		{[]string{`Build (TYPE = one of "greengenes", "silva", "rdp")`}, Flag{}, Flag{Choices: []string{"greengenes", "silva", "rdp"}}, `Build (TYPE = one of "greengenes", "silva", "rdp")`},
		{[]string{`<string> must be one of 'fast', 'sensitive' and 'slow'.`}, Flag{}, Flag{Choices: []string{"fast", "sensitive", "slow"}}, `<string> must be one of 'fast', 'sensitive' and 'slow'.`},
		{[]string{`Characters, one of '+-.?'`}, Flag{}, Flag{}, `Characters, one of '+-.?'`},
		{[]string{`Use one of the programs listed`}, Flag{}, Flag{}, `Use one of the programs listed`},
		// prose that names a type is no bullet
		{[]string{"Reads - FILE names are listed"}, Flag{}, Flag{}, "Reads - FILE names are listed"},
	}
	for _, c := range cases {
		f := c.start
		desc := descMeta(&f, c.lines, false)
		if !reflect.DeepEqual(f, c.want) || desc != c.desc {
			t.Errorf("descMeta(%q):\n got  %+v %q\n want %+v %q", c.lines, f, desc, c.want, c.desc)
		}
	}
}

// TestExcludedNames: the flags a description says its flag cannot go
// with, in the forms helps write it; a bare word is a name only after a
// colon, and the list ends at the first word of prose.
func TestExcludedNames(t *testing.T) {
	for _, c := range []struct {
		desc string
		want []string
	}{
		{"Subject sequence(s) to search * Incompatible with:  db, gilist, seqidlist", []string{"db", "gilist", "seqidlist"}},
		{"Output file prefix. Mutually exclusive with -o/--ofile.", []string{"-o", "--ofile"}},
		{"The original calling method (conflicts with -m)", []string{"-m"}},
		{"Show hash count histograms. Incompatible with -d, -H and -t.", []string{"-d", "-H", "-t"}},
		{"in the -excl file. **Cannot be used with -incl file.**", []string{"-incl"}},
		{"MACS pileup bedGraph. Incompatible with callpeak --SPMR output. REQUIRED", nil},
		{"incompatible with the genotypes of the parents.", nil},
		{"works with -x and -y", nil},
	} {
		f := Flag{Name: "-z"}
		descMeta(&f, []string{c.desc}, false)
		if !slices.Equal(f.Excludes, c.want) {
			t.Errorf("%q: %q, want %q", c.desc, f.Excludes, c.want)
		}
	}
}
