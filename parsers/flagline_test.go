package parsers

import (
	"reflect"
	"strings"
	"testing"
)

func TestIsFlagName(t *testing.T) {
	yes := []string{"-@", "-5", "-1", "-?", "-+", "--no-PG", "-Xmx", "-outfmt", "--fn_as_s_name", "--illumina1.3+", "-dd"}
	no := []string{"-", "--", "---x", "- x", "x", "--glob.", "-a,b", "-4:-2", "--x=y", ""}
	for _, s := range yes {
		if !isFlagName(s) {
			t.Errorf("%q should be a flag name", s)
		}
	}
	for _, s := range no {
		if isFlagName(s) {
			t.Errorf("%q should not be a flag name", s)
		}
	}
}

func TestSplitAliases(t *testing.T) {
	cases := map[string][]string{
		"-s/--skip":     {"-s", "--skip"},
		"--fr/--rf":     {"--fr", "--rf"},
		"-h|--help":     {"-h", "--help"},
		"--INPUT,-I":    {"--INPUT", "-I"},
		"-c/C":          {"-c", "-C"},
		"-x":            {"-x"},
		"STR/FILE":      nil,
		"-a/b/c":        {"-a", "-b", "-c"},
		"--long/x":      nil, // a bare letter only follows a short name
		"-s/not-a-flag": nil,
	}
	for in, want := range cases {
		if got := splitAliases(in); !reflect.DeepEqual(got, want) {
			t.Errorf("splitAliases(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseOptionLine(t *testing.T) {
	cases := []struct {
		in     string
		names  []string
		values []string
		glued  string
		desc   string
		ok     bool
	}{
		{"-@, --threads INT   threads", []string{"-@", "--threads"}, []string{"INT"}, "", "threads", true},
		{"-j CORES, --cores CORES", []string{"-j", "--cores"}, []string{"CORES"}, "", "", true},
		{"--cs[=STR]   cs tag", []string{"--cs"}, nil, "[=STR]", "cs tag", true},
		{"-P, --parameter-scan <VAR> <MIN> <MAX>", []string{"-P", "--parameter-scan"}, []string{"<VAR>", "<MIN>", "<MAX>"}, "", "", true},
		{"--trim-to [3:|5:]<int> trim reads", []string{"--trim-to"}, []string{"[3:|5:]<int>"}, "", "trim reads", true},
		{"--preset -D 5 -R 1", []string{"--preset"}, nil, "", "-D 5 -R 1", true},
		{"--shout / --no-shout  Shout.", []string{"--shout", "--no-shout"}, nil, "", "Shout.", true},
		// clustalo: one space after a set joined by "="; the capitals
		// after it are the description's first word
		{"--outfmt={msf,phy[lip]} MSA output file format", []string{"--outfmt"}, nil, "={msf,phy[lip]}", "MSA output file format", true},
		// a lower-case type word after the names, before the gap
		{"--host host   the host", []string{"--host"}, []string{"host"}, "", "the host", true},
		// prose that starts with a flag
		{"--times option). Use notation", nil, nil, "", "", false},
		{"--un-gz <path>, to gzip compress output", nil, nil, "", "", false},
		{"- map-pb/map-ont - PacBio", nil, nil, "", "", false},
		{"x", nil, nil, "", "", false},
		{"/ --x", nil, nil, "", "", false},
	}
	for _, c := range cases {
		ol, ok := parseOptionLine(c.in)
		if ok != c.ok {
			t.Errorf("parseOptionLine(%q) ok = %v", c.in, ok)
			continue
		}
		if !ok {
			continue
		}
		if !reflect.DeepEqual(ol.spec.names, c.names) || !reflect.DeepEqual(ol.spec.values, c.values) || ol.spec.glued != c.glued || ol.desc != c.desc {
			t.Errorf("parseOptionLine(%q) = %q %q %q %q", c.in, ol.spec.names, ol.spec.values, ol.spec.glued, ol.desc)
		}
	}
}

func TestLooksLikeOption(t *testing.T) {
	for in, want := range map[string]bool{
		"-t INT  threads":                                   true,
		"--no-PG":                                           true,
		"-P, --parameter-scan <VAR> <MIN> <MAX>":            true,
		"-p/--threads <int> number of threads (1)":          true,
		"--times option). Use notation 'file:FILE' to read": false,
		"-- Indexing":                                       false,
		"text":                                              false,
		"--glob. more words ok":                             false,
	} {
		if got := looksLikeOption(in); got != want {
			t.Errorf("looksLikeOption(%q) = %v", in, got)
		}
	}
}

func TestPlaceholderLike(t *testing.T) {
	yes := []string{"INT", "<int>", "[FILE]", "{a,b}", "INT[,INT]", "3'CUTOFF", "0|1|2", "k:<int>,i:<int>", "string", "...", "FORMAT[,OPT[=VAL]]..."}
	no := []string{"-D", "option).", "the", "Word", "a.b"}
	for _, s := range yes {
		if !placeholderLike(s) {
			t.Errorf("%q should look like a placeholder", s)
		}
	}
	for _, s := range no {
		if placeholderLike(s) {
			t.Errorf("%q should not look like a placeholder", s)
		}
	}
}

func TestCanonical(t *testing.T) {
	cases := []struct {
		in      []string
		name    string
		aliases []string
	}{
		{[]string{"-@", "--threads"}, "--threads", []string{"-@"}},
		{[]string{"-e", "--error-rate", "--errors"}, "--error-rate", []string{"-e", "--errors"}},
		{[]string{"-outfmt"}, "-outfmt", nil},
		{[]string{"-x", "-x"}, "-x", nil},
	}
	for _, c := range cases {
		n, a := canonical(c.in)
		if n != c.name || !reflect.DeepEqual(a, c.aliases) {
			t.Errorf("canonical(%q) = %q %q", c.in, n, a)
		}
	}
}

func TestAlternativesWithLoneName(t *testing.T) {
	// the short name goes with the first of the paired long names
	s, err := getoptParser{}.Parse("Options:\n  -k, --keep/--drop   keep or drop\n")
	if err != nil {
		t.Fatal(err)
	}
	checkFlags(t, s, []flagWant{
		{Flag: Flag{Name: "--keep", Aliases: []string{"-k"}, ParamType: "bool"}, Desc: "keep or drop"},
		{Flag: Flag{Name: "--drop", ParamType: "bool"}, Desc: "keep or drop"},
	})
}

func TestParenAlias(t *testing.T) {
	p, _ := Get("generic")
	s, err := p.Parse("General options:\n--threads (-p)           number of CPU threads\n--db (-d)                database file\n--sensitive              enable mode for sensitive searches\n")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range s.Flags {
		got[f.Name] = strings.Join(f.Aliases, ",")
	}
	if got["--threads"] != "-p" || got["--db"] != "-d" {
		t.Fatalf("flags = %v", got)
	}
}

func TestBoostOptions(t *testing.T) {
	p, _ := Get("generic")
	s, err := p.Parse("Options:\n  -l [ --libType ] arg          Format string describing the library type\n  -i [ --index ] arg            salmon index\n  --seqBias                     Perform sequence-specific bias correction.\n")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range s.Flags {
		got[f.Name] = strings.Join(f.Aliases, ",") + ":" + f.ParamType + ":" + f.Description
	}
	if got["--libType"] != "-l:string:Format string describing the library type" || got["--index"] != "-i:string:salmon index" {
		t.Fatalf("flags = %v", got)
	}
}

func TestNegatableOption(t *testing.T) {
	p, _ := Get("generic")
	s, _ := p.Parse("Options:\n    --[no]simplify  Simplify alignments by removing shadowed clusters\n    -p|prefix       Set the output file prefix\n")
	found := false
	for _, f := range s.Flags {
		if f.Name == "--simplify" {
			found = len(f.Aliases) == 1 && f.Aliases[0] == "--nosimplify"
		}
	}
	if !found {
		t.Fatalf("flags = %+v", s.Flags)
	}
}

// A flag with no value form whose help writes a value onto it (BBTools'
// -Xmx20g) takes a glued value; mentions after a space, or of a long
// flag, do not count.
func TestGluedValueFromTheHelp(t *testing.T) {
	cases := map[string]bool{
		"-Xmx|This will set Java's memory usage. -Xmx20g will specify 20 gigs": true,
		"-Xmx|(-Xmx4g)":            true,
		"-Xmx|set -Xmx 20g":        false,
		"-X|see -XY2":              false,
		"--mem|--mem4 is an alias": false,
		"-t|threads, e.g. -t 8":    false,
	}
	for in, want := range cases {
		name, text, _ := strings.Cut(in, "|")
		if got := gluedInText(name, text); got != want {
			t.Errorf("gluedInText(%q, %q) = %v", name, text, got)
		}
	}
	f := finishFlag(flagSpec{names: []string{"-Xmx"}}, []string{"Java's memory. -Xmx20g will specify 20 gigs."}, false)
	if f.Style != "glued" || f.ParamType != "string" {
		t.Errorf("flag = %+v", f)
	}
}

// TestGluedPlaceholderQuoted: graphviz writes a value name onto a letter
// and quotes it in the description ("-Tv  Set output format to 'v'"):
// the flag is -T with a glued value. A name whose rest is not quoted, or
// holds capitals or "=", stays whole.
func TestGluedPlaceholderQuoted(t *testing.T) {
	for _, c := range []struct {
		name, desc, flag, ph string
	}{
		{"-Tv", "Set output format to 'v'", "-T", "v"},
		{"-ofile", "Write output to 'file'", "-o", "file"},
		{"-outfmt", "alignment view options", "-outfmt", ""},
		{"-Gname=val", "Set graph attribute 'name' to 'val'", "-Gname=val", ""},
		{"-Lg", "Don't use grid", "-Lg", ""},
	} {
		f := finishFlag(flagSpec{names: []string{c.name}}, []string{c.desc}, false)
		if f.Name != c.flag || f.Placeholder != c.ph || (c.ph != "") != (f.Style == "glued") {
			t.Errorf("%s %q: got %s %q style %q, want %s %q", c.name, c.desc, f.Name, f.Placeholder, f.Style, c.flag, c.ph)
		}
	}
}

// TestRowsOnceLost checks four option rows the reader used to drop: a
// colon with one space after it (hmmscan "--nobias : turn off …"), a
// file named in capitals (deeptools "--filterMetrics FILE.log"), a
// switch whose help opens a sentence one space after it (kraken2
// "--report-minimizer-data With --report, …"), and a Boost default
// that opens the help ("-m [ --minContig ] arg (=2500)   Minimum …").
func TestRowsOnceLost(t *testing.T) {
	for _, c := range []struct {
		row, name, placeholder string
	}{
		{"--nobias : turn off composition bias filter", "--nobias", ""},
		{"--filterMetrics FILE.log", "--filterMetrics", "FILE.log"},
		{"--report-minimizer-data With --report, report minimizer data", "--report-minimizer-data", ""},
		{"--conversion-table Print conversion table", "--conversion-table", ""},
	} {
		ol, ok := parseOptionLine(c.row)
		if !ok || len(ol.spec.names) == 0 || ol.spec.names[0] != c.name || strings.Join(ol.spec.values, " ") != c.placeholder {
			t.Errorf("%q: %v %+v", c.row, ok, ol.spec)
		}
	}
	// prose that starts with a flag stays prose: a lower-case word after
	// it, or a capitalised word with too little after it to be a sentence
	for _, row := range []string{"--times option). Use it twice", "--fast Mode"} {
		if ol, ok := parseOptionLine(row); ok {
			t.Errorf("%q read as an option: %+v", row, ol)
		}
	}
	f := Flag{Name: "--minContig"}
	if d := descMeta(&f, []string{"(=2500) Minimum size of a contig for binning."}, false); f.Default != "2500" || d != "Minimum size of a contig for binning." {
		t.Errorf("boost default: %q, %q", f.Default, d)
	}
	if !capsFileRE.MatchString("OUT.bam") || capsFileRE.MatchString("file.bam") || capsFileRE.MatchString("FILE") {
		t.Error("capsFileRE")
	}
}

// TestValueWordOpeningWithADigit checks a row whose value names a kind
// of file that opens with a digit (deeptools' "--genome 2bit FILE, -g
// 2bit FILE"): the flag is read, with its value.
func TestValueWordOpeningWithADigit(t *testing.T) {
	ol, ok := parseOptionLine("--genome 2bit FILE, -g 2bit FILE   Genome in two bit format.")
	if !ok || len(ol.spec.names) != 2 || ol.spec.names[1] != "-g" || strings.Join(ol.spec.values, " ") != "2bit FILE" {
		t.Errorf("%v %+v", ok, ol.spec)
	}
	if !isProseWord("2bit") || isProseWord("2") || isProseWord("2B") {
		t.Error("isProseWord")
	}
}
