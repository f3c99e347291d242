package rules

import (
	"strings"
	"testing"
)

func TestBuiltinWeights(t *testing.T) {
	w := BuiltinWeights()
	c := w.Confidence
	if c.Threshold <= 0 || c.Threshold >= 1 || len(c.Features) == 0 {
		t.Fatalf("%+v", c)
	}
	// More unused items never raise the confidence.
	if c.Score(map[string]float64{"unused_items": 2}) > c.Score(map[string]float64{"unused_items": 0}) {
		t.Fatal("unused items raise the confidence")
	}
	if got := (ConfidenceModel{Bias: 0}).Score(nil); got != 0.5 {
		t.Fatal(got)
	}
	if got := (ConfidenceModel{Bias: 1, Features: map[string]float64{"a": -1}}).Score(map[string]float64{"a": 1, "zz": 9}); got != 0.5 {
		t.Fatal(got)
	}
}

func TestParseWeightsErrors(t *testing.T) {
	for in, want := range map[string]string{
		"confidence: {bias: 1, threshold: 0.5, extra: 2}":            "field extra not found",
		"confidence: {bias: 1, threshold: 1.5}":                      "not in (0, 1)",
		"confidence: {bias: .nan, threshold: 0.5}":                   `weight ""`,
		"confidence: {bias: 1, threshold: 0.5, features: {a: .inf}}": `weight "a"`,
	} {
		if _, err := ParseWeights([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	if _, err := ParseWeights(weightsYAML); err != nil {
		t.Fatal(err)
	}
	// The scoring block: every number named, set and finite.
	base := string(weightsYAML)
	for edit, want := range map[string]string{
		"    name_mentioned: 5\n":        "scoring.choose.name_mentioned is missing",
		"    name_mentioned: 5\n|.nan":   "scoring.choose.name_mentioned is not a finite number",
		"    name_mentioned: 5\n|colour": "field colour not found",
		"    margin_scale: 5\n|zero":     "margin_scale 0 is not above 0",
		"    margin_scale: 5\n":          "scoring.choose.margin_scale is missing",
	} {
		old, repl, _ := strings.Cut(edit, "|")
		switch repl {
		case ".nan":
			repl = "    name_mentioned: .nan\n"
		case "colour":
			repl = old + "    colour: 1\n"
		case "zero":
			repl = "    margin_scale: 0\n"
		}
		if _, err := ParseWeights([]byte(strings.Replace(base, old, repl, 1))); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", edit, err, want)
		}
	}
	sc := BuiltinWeights().Scoring
	if sc.Choose.NameMentioned != 5 || sc.Examples.InputCountGap != -0.08 || sc.Fit.NumberFitMin != 1.5 || sc.Penalties.NoInputFile != -0.2 || sc.Choose.MarginScale != 5 {
		t.Errorf("scoring read: %+v", sc)
	}
}
