package parsers

import (
	"strings"
	"testing"
)

// parseCaptured parses one help text of a golden capture with the named
// parser.
func parseCaptured(t *testing.T, parser, tool, name string) *Schema {
	t.Helper()
	p, err := Get(parser)
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Parse(captured(t, tool, name))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sortmerna's usage writes "-ref FILE" and "-reads FWD_READS" where its
// table lists --ref and --reads: one flag each, spelled both ways, and
// required (usage unbracketed, and under "[REQUIRED]").
func TestUsageSingleDashSpellingOfLongOption(t *testing.T) {
	s := parseCaptured(t, "getopt", "sortmerna", "sortmerna -h")
	for _, n := range []string{"--ref", "--reads"} {
		f, ok := findFlag(s, n)
		if !ok {
			t.Fatalf("%s not found", n)
		}
		if f.Name != n || !contains(f.Aliases, n[1:]) || !f.Required || f.ParamType != "file" {
			t.Errorf("%+v", f)
		}
	}
	for _, f := range s.Flags {
		if f.Name == "-ref" || f.Name == "-reads" {
			t.Errorf("%s is a flag of its own", f.Name)
		}
	}
	// "[COMMON]" ends the required group
	if f, _ := findFlag(s, "--workdir"); f.Required {
		t.Errorf("--workdir is required")
	}
	// a usage flag with no table entry of either spelling is still added
	u := mergeUsageFlags(nil, usageFlags([]string{"x -ref FILE"}), true)
	if len(u) != 1 || u[0].Name != "-ref" {
		t.Errorf("%+v", u)
	}
}

// Flags listed under a "Required arguments:" heading are required; those
// under "Optional arguments:" are not (kallisto quant, generic parser).
func TestRequiredArgumentsHeading(t *testing.T) {
	s := parseCaptured(t, "generic", "kallisto", "kallisto quant --help")
	var req []string
	for _, f := range s.Flags {
		if f.Required {
			req = append(req, f.Name)
		}
	}
	if strings.Join(req, ",") != "--index,--output-dir" {
		t.Fatalf("required: %v", req)
	}
	// bcftools csq: "Required options:" then "CSQ options:"
	s = parseCaptured(t, "getopt", "bcftools", "bcftools csq --help")
	req = nil
	for _, f := range s.Flags {
		if f.Required {
			req = append(req, f.Name)
		}
	}
	if strings.Join(req, ",") != "--fasta-ref,--gff-annot" {
		t.Fatalf("required: %v", req)
	}
	for _, c := range []struct {
		label string
		want  bool
	}{
		{"Required arguments", true}, {"REQUIRED ARGUMENTS", true}, {"required named arguments", true},
		{"Required", true}, {"Optional arguments", false}, {"Required if paired", false},
	} {
		if got := requiredLabelRE.MatchString(c.label); got != c.want {
			t.Errorf("%q: %v", c.label, got)
		}
	}
}
