package parsers

import "testing"

// parseText parses a help excerpt with the named parser.
func parseText(t *testing.T, parser, help string) *Schema {
	t.Helper()
	p, err := Get(parser)
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A "#" in a short flag's name stands for a number written onto it
// (zstd, lz4): "-T#" is -T8, "-#" is -19. Such a flag takes a number,
// glued, and is no switch.
func TestNumberInFlagName(t *testing.T) {
	help := `Usage: zstd [OPTIONS...] [INPUT... | -] [-o OUTPUT]

Options:
  -o OUTPUT                     Write output to a single file, OUTPUT.
  -#                            Desired compression level, where ` + "`#`" + ` is a number between 1 and 19;
                                lower numbers provide faster compression.
  -d, --decompress              Perform decompression.
  --fast[=#]                    Use to very fast compression levels. [Default: 1]
  -T#                           Spawn # compression threads. [Default: 1; pass 0 for core count.]
  -B#                           Set job size to #. [Default: 0 (automatic)]
`
	s := parseText(t, "getopt", help)
	for _, n := range []string{"-T", "-B", "-#"} {
		f, ok := findFlag(s, n)
		if !ok {
			t.Fatalf("%s missing; have %v", n, flagNames(s))
		}
		if f.ParamType != "int" || f.Style != "glued" || f.Placeholder != "#" {
			t.Errorf("%s: %+v", n, f)
		}
	}
	if _, ok := findFlag(s, "-T#"); ok {
		t.Errorf("-T# kept its # in the name")
	}
	if f, _ := findFlag(s, "--fast"); f.ParamType != "int" || !f.AttachedValue {
		t.Errorf("--fast[=#]: %+v", f)
	}
	if f, _ := findFlag(s, "-d"); f.ParamType != "bool" || f.Style != "" {
		t.Errorf("-d: %+v", f)
	}
}
