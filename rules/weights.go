package rules

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"sort"
	"sync"

	"gopkg.in/yaml.v3"
)

//go:embed weights.yaml
var weightsYAML []byte

// ConfidenceModel is Stage 3's logistic confidence model (weights.yaml).
type ConfidenceModel struct {
	Bias      float64            `yaml:"bias"`
	Threshold float64            `yaml:"threshold"`
	Features  map[string]float64 `yaml:"features"`
}

// Weights are the fitted numbers Stage 3 uses.
type Weights struct {
	Confidence ConfidenceModel `yaml:"confidence"`
}

// ParseWeights decodes a weights block strictly: unknown keys, a
// threshold outside (0, 1) or a non-finite number are errors.
func ParseWeights(b []byte) (*Weights, error) {
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	var w Weights
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("weights.yaml: %w", err)
	}
	if w.Confidence.Threshold <= 0 || w.Confidence.Threshold >= 1 {
		return nil, fmt.Errorf("weights.yaml: confidence.threshold %v is not in (0, 1)", w.Confidence.Threshold)
	}
	names := make([]string, 0, len(w.Confidence.Features))
	for k := range w.Confidence.Features {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range append([]string{""}, names...) {
		v := w.Confidence.Bias
		if k != "" {
			v = w.Confidence.Features[k]
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("weights.yaml: confidence weight %q is not a finite number", k)
		}
	}
	return &w, nil
}

var (
	weightsOnce sync.Once
	weights     *Weights
)

// BuiltinWeights returns the embedded weights; a broken block panics at
// start-up (the package's tests load it).
func BuiltinWeights() *Weights {
	weightsOnce.Do(func() {
		w, err := ParseWeights(weightsYAML)
		if err != nil {
			panic(err)
		}
		weights = w
	})
	return weights
}

// Score returns the model's confidence for a feature vector; features the
// model does not weigh are ignored and missing ones count as 0.
func (c ConfidenceModel) Score(x map[string]float64) float64 {
	z := c.Bias
	for k, v := range x {
		z += c.Features[k] * v
	}
	return 1 / (1 + math.Exp(-z))
}
