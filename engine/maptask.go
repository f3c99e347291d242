package engine

import (
	"github.com/traitome/oxo-call/rules"
	"github.com/traitome/oxo-call/skills"
)

// MapTask is Stage 3: it maps a task onto the tool's ToolDoc (doc may be
// nil) and skill (sk may be nil) and returns the fill with its confidence
// and evidence.
func MapTask(rs *rules.Set, rec *ToolRecord, doc *ToolDoc, sk *skills.Skill, task string) *Fill {
	m := newMapper(rs, rec, doc, sk, task)
	c, conf := m.choose()
	var f *Fill
	if len(c.examples) > 0 && c.examples[0].score >= 0.1 {
		f = m.adapt(c, c.examples[0])
		if c.examples[0].score < 0.3 {
			f.Confidence -= 0.15
			m.evidence = append(m.evidence, "the closest example is not close")
		}
	} else {
		f = m.fromDoc(c)
	}
	f.Confidence = clamp01(conf + f.Confidence)
	if doc == nil {
		f.Confidence = clamp01(f.Confidence - 0.1)
	}
	f.Evidence = m.evidence
	return f
}

func clamp01(x float64) float64 {
	x = float64(int(x*100+0.5)) / 100
	return max(0, min(1, x))
}
