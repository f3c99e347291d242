package parsers

import (
	"os"
	"strings"
	"testing"
)

// captured returns one help text of a golden capture (the section after
// "-- name --").
func captured(t *testing.T, tool, name string) string {
	t.Helper()
	b, err := os.ReadFile("../golden/" + tool + "/capture.txtar")
	if err != nil {
		t.Skip("no capture")
	}
	s := string(b)
	i := strings.Index(s, "-- "+name+" --\n")
	if i < 0 {
		t.Fatalf("%s: no section %q", tool, name)
	}
	s = s[i+len(name)+7:]
	if j := strings.Index(s, "\n-- "); j >= 0 {
		s = s[:j+1]
	}
	return s
}

// samtools index shows two usage forms; -M is unbracketed in the first
// only, so it is not required.
func TestRequiredOnlyInEveryUsageForm(t *testing.T) {
	help := captured(t, "samtools", "samtools index --help")
	p, err := Get("getopt")
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Usage) != 2 || !strings.HasPrefix(s.Usage[1], "samtools index [-bc]") {
		t.Fatalf("usage forms %q", s.Usage)
	}
	for _, f := range s.Flags {
		if f.Required {
			t.Errorf("%s is required", f.Name)
		}
	}
}

// macs2 bdgpeakcall: "(-o OFILE | --o-prefix OPREFIX)" are alternatives,
// neither is required alone; -i is.
func TestRequiredAlternativesInParens(t *testing.T) {
	help := captured(t, "macs2", "macs2 bdgpeakcall --help")
	p, _ := Get("argparse")
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	var req []string
	for _, f := range s.Flags {
		if f.Required {
			req = append(req, f.Name)
		}
	}
	if strings.Join(req, ",") != "--ifile" {
		t.Fatalf("required: %v", req)
	}
}

// bcftools norm "-m, --multiallelics -|+TYPE": a value, which may start
// with "-" (-m -any), not a switch.
func TestSignedValuePlaceholder(t *testing.T) {
	help := captured(t, "bcftools", "bcftools norm --help")
	p, _ := Get("getopt")
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range s.Flags {
		if f.Name == "--multiallelics" {
			if f.ParamType != "string" || f.Placeholder != "-|+TYPE" || len(f.Choices) != 0 {
				t.Fatalf("%+v", f)
			}
			return
		}
	}
	t.Fatal("--multiallelics not found")
}

// minimap2 "--cs[=STR]": the value is optional, so it must be attached.
func TestOptionalValueOnCapturedHelp(t *testing.T) {
	help := captured(t, "minimap2", "minimap2 --help")
	p, _ := Get("getopt")
	s, err := p.Parse(help)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range s.Flags {
		if f.Name == "--cs" {
			if !f.OptionalValue || !f.AttachedValue || f.Placeholder != "STR" {
				t.Fatalf("%+v", f)
			}
			return
		}
	}
	t.Fatal("--cs not found")
}
