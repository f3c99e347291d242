package parsers

import (
	"reflect"
	"testing"
)

func TestHelpExamples(t *testing.T) {
	help := "kit sort - sort records\n" +
		"\n" +
		"Usage: kit sort [options] <in.txt>\n" +
		"       kit sort -k 2 in.txt\n" +
		"\n" +
		"Examples:\n" +
		"  1. sort by the second column:\n" +
		"        kit sort -k 2 in.txt > sorted.txt\n" +
		"     output:\n" +
		"        >id comment\n" +
		"        acgt\n" +
		"  2. reverse order\n" +
		"        $ kit sort -r \\\n" +
		"            -o out.txt in.txt\n" +
		"        cat in.txt | kit sort -k 1 | head # sort a stream\n" +
		"        kit sort [options] <in.txt>\n" +
		"        kit sort -k 2 in.txt > sorted.txt\n" +
		"\n" +
		"Flags:\n" +
		"  -k, --key int   sort key\n" +
		"  kit sort is fast on sorted input.\n" +
		"\n" +
		"Tips: for huge files use\n" +
		"    kit sort -S 2G big.txt\n" +
		"    kit v1.2.3\n" +
		"\n" +
		"EXAMPLES\n" +
		"  # numeric sort\n" +
		"  /usr/bin/kit sort -n nums.txt && echo done\n" +
		"  LC_ALL=C kit-sort -n nums.txt\n" +
		"\n" +
		"Example usage: count the records\n" +
		"  kit count in.txt\n" +
		"OPTIONS\n" +
		"  kit count -x in.txt\n"
	got := HelpExamples(help, []string{"kit", "kit-sort", ""})
	want := []HelpExample{
		{Command: "kit sort -k 2 in.txt > sorted.txt", Description: "sort by the second column", Line: 8},
		{Command: "kit sort -r -o out.txt in.txt", Description: "reverse order", Line: 13},
		{Command: "kit sort -k 1", Description: "sort a stream", Line: 15},
		{Command: "kit sort -S 2G big.txt", Description: "for huge files use", Line: 24},
		{Command: "/usr/bin/kit sort -n nums.txt", Description: "numeric sort", Line: 29},
		{Command: "kit-sort -n nums.txt", Description: "numeric sort", Line: 30},
		{Command: "kit count in.txt", Description: "count the records", Line: 33},
		{Command: "kit count -x in.txt", Description: "", Line: 35},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got:\n%+v\nwant:\n%+v", got, want)
	}
	if got := HelpExamples(help, nil); len(got) != 0 {
		t.Errorf("no programs: %+v", got)
	}
	if got := HelpExamples("", []string{"kit"}); len(got) != 0 {
		t.Errorf("empty help: %+v", got)
	}
}

func TestSplitStages(t *testing.T) {
	for in, want := range map[string][]string{
		"a | b":              {"a", "b"},
		"a || b && c ; d":    {"a", "b", "c", "d"},
		`a -p "x|y" | 'b;c'`: {`a -p "x|y"`, `'b;c'`},
		"a & b":              {"a & b"},
	} {
		if got := splitStages(in); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestIsProseAndLooksLikeCommand(t *testing.T) {
	for s, want := range map[string]bool{
		"sort by the second column": true,
		"id comment":                false,
		"1:12 A C G T N":            false,
		"acgt ACGT tttt":            true, // three words of letters read as prose
		"":                          false,
	} {
		if got := isProse(s); got != want {
			t.Errorf("isProse(%q) = %v", s, got)
		}
	}
	for s, want := range map[string]bool{
		"kit sort -k 2":        true,
		"kit in.txt":           true,
		"kit v1.2.3":           false,
		"kit is fast on input": false,
		"kit a/b":              true,
		"kit --help":           true,
		"kit 1.5":              false,
	} {
		if got := looksLikeCommand(s); got != want {
			t.Errorf("looksLikeCommand(%q) = %v", s, got)
		}
	}
}
