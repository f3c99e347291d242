package rules

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// The fast reader takes the built-in block, and reads it as the YAML
// decoder does.
func TestWeightsFastBuiltin(t *testing.T) {
	fast, ok := parseWeightsFast(weightsYAML)
	if !ok {
		t.Fatal("the built-in weights.yaml is not in the fast reader's form")
	}
	slow, err := parseWeightsYAML(weightsYAML)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("fast %+v\nyaml %+v", fast, slow)
	}
}

// Blocks outside the fast reader's form are left to the decoder (ok
// false), whatever the decoder then makes of them; the ones it takes read
// as the decoder reads them.
func TestWeightsFastLeavesOtherForms(t *testing.T) {
	// The edits below are written against a bias of 1.256 and a threshold
	// of 0.36; the file holds
	// whatever the last fit wrote.
	bias := weightsBiasRE.FindString(string(weightsYAML))
	base := strings.Replace(string(weightsYAML), bias, "bias: 1.256", 1)
	base = strings.Replace(base, weightsThresholdRE.FindString(base), "threshold: 0.36", 1)
	edit := func(old, repl string) string {
		if !strings.Contains(base, old) {
			t.Fatalf("weights.yaml has no %q", old)
		}
		return strings.Replace(base, old, repl, 1)
	}
	for name, in := range map[string]string{
		"flow mapping":       "confidence: {bias: 1, threshold: 0.5}",
		"tab":                edit("  bias:", "\tbias:"),
		"carriage return":    strings.ReplaceAll(base, "\n", "\r\n"),
		"exponent":           edit("bias: 1.256", "bias: 1e0"),
		"leading zero":       edit("bias: 1.256", "bias: 01.256"),
		"plus sign":          edit("bias: 1.256", "bias: +1.256"),
		"negative zero":      edit("bias: 1.256", "bias: -0"),
		"quoted key":         edit("bias: 1.256", `"bias": 1.256`),
		"no space":           edit("bias: 1.256", "bias:1.256"),
		"not a mapping line": edit("bias: 1.256", "- 1.256"),
		"duplicate key":      edit("bias: 1.256", "bias: 1.256\n  bias: 1.3"),
		"unknown key":        edit("bias: 1.256", "bias: 1.256\n  colour: 1"),
		"missing key":        edit("  bias: 1.256\n", ""),
		"uneven indent":      edit("  threshold:", "   threshold:"),
		"scalar with kids":   edit("  bias: 1.256", "  bias: 1.256\n    x: 1"),
		"empty mapping":      edit("  bias: 1.256", "  bias:"),
		"number for mapping": edit("features:", "features: 1\n  x:"),
		"threshold 1":        edit("threshold: 0.36", "threshold: 1"),
		"word value":         edit("bias: 1.256", "bias: high"),
		"huge number":        edit("bias: 1.256", "bias: 1"+strings.Repeat("0", 400)),
		"document marker":    "---\n" + base,
		"invalid UTF-8":      edit("# Stage 3", "# \xff"),
		"control character":  edit("# Stage 3", "# \x01"),
		"byte order mark":    edit("# Stage 3", "# \ufeff"),
	} {
		if w, ok := parseWeightsFast([]byte(in)); ok {
			t.Errorf("%s: the fast reader took it: %+v", name, w)
		}
	}
	// Comments anywhere, blank lines and trailing spaces are the form.
	in := edit("bias: 1.256", "bias: 1.256   # the prior\n\n   # more\n ")
	fast, ok := parseWeightsFast([]byte(in))
	slow, err := parseWeightsYAML([]byte(in))
	if !ok || err != nil || !reflect.DeepEqual(fast, slow) {
		t.Fatalf("ok %v, err %v\nfast %+v\nyaml %+v", ok, err, fast, slow)
	}
	// ParseWeights gives the decoder's answer for the others.
	if _, err := ParseWeights([]byte(edit("bias: 1.256", "bias: 1.256\n  colour: 1"))); err == nil || !strings.Contains(err.Error(), "field colour not found") {
		t.Fatal(err)
	}
}

// A block the fast reader takes reads as the decoder reads it.
func FuzzWeightsFast(f *testing.F) {
	f.Add(string(weightsYAML))
	f.Add("confidence:\n  bias: 1\n  threshold: 0.5\n  features:\n    a: -2\n")
	f.Fuzz(func(t *testing.T, in string) {
		fast, ok := parseWeightsFast([]byte(in))
		if !ok {
			return
		}
		slow, err := parseWeightsYAML([]byte(in))
		if err != nil || !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: err %v\nfast %+v\nyaml %+v", in, err, fast, slow)
		}
	})
}

func BenchmarkParseWeights(b *testing.B) {
	for b.Loop() {
		if _, err := ParseWeights(weightsYAML); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseWeightsYAML(b *testing.B) {
	for b.Loop() {
		if _, err := parseWeightsYAML(weightsYAML); err != nil {
			b.Fatal(err)
		}
	}
}

var (
	weightsBiasRE      = regexp.MustCompile(`bias: -?[0-9.]+`)
	weightsThresholdRE = regexp.MustCompile(`threshold: [0-9.]+`)
)
