package golden

import (
	"bytes"
	"fmt"
	"os"

	"gopkg.in/yaml.v3"
)

// Case is one task with the command expected for it.
type Case struct {
	Task   string   `yaml:"task"`
	Expect string   `yaml:"expect"`
	Accept []string `yaml:"accept,omitempty"`
	// Category is a short label of the task kind.
	Category string `yaml:"category,omitempty"`
	Line     int    `yaml:"-"`
}

// ReadCases loads golden/<tool>/cases.yaml strictly.
func ReadCases(path string) ([]Case, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	var cs []Case
	if err := dec.Decode(&cs); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(doc.Content) > 0 {
		for i, n := range doc.Content[0].Content {
			if i < len(cs) {
				cs[i].Line = n.Line
			}
		}
	}
	for _, c := range cs {
		if c.Task == "" || c.Expect == "" {
			return nil, fmt.Errorf("%s:%d: a case needs task and expect", path, c.Line)
		}
	}
	return cs, nil
}
