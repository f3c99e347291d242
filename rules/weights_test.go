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
	if _, err := ParseWeights([]byte("confidence: {bias: 1, threshold: 0.5, features: {a: 2}}")); err != nil {
		t.Fatal(err)
	}
}
