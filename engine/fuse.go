package engine

import (
	"strings"

	"github.com/traitome/oxo-call/skills"
)

// FuseSkill returns a copy of doc with the skill's examples (first),
// concepts, pitfalls and per-subcommand task keywords fused in.
func FuseSkill(doc *ToolDoc, sk *skills.Skill) *ToolDoc {
	d := *doc
	d.Skill = sk.Source
	d.Concepts = sk.Concepts
	d.Pitfalls = sk.Pitfalls
	var ex []Example
	for _, e := range sk.Examples {
		ex = append(ex, Example{Task: e.Task, Args: e.Args, Explanation: e.Explanation, Source: "skill"})
	}
	for _, e := range doc.Examples {
		if e.Source != "skill" {
			ex = append(ex, e)
		}
	}
	d.Examples = ex
	d.Subcommands = withKeywords(doc.Subcommands, sk.Keywords, "")
	d.Companions = withKeywords(doc.Companions, sk.Keywords, "")
	return &d
}

// oneCommandExamples returns the skill without its examples of several
// commands ("mpileup … | bcftools call …", "sort … && samtools index …"):
// one command is mapped from examples of one command.
func oneCommandExamples(sk *skills.Skill) *skills.Skill {
	var keep []skills.Example
	for _, ex := range sk.Examples {
		if steps, err := argsSteps(ex.Args); err != nil || len(steps) == 1 {
			keep = append(keep, ex)
		}
	}
	if len(keep) == len(sk.Examples) {
		return sk
	}
	c := *sk
	c.Examples = keep
	return &c
}

func withKeywords(list []SubcommandDoc, kw map[string][]string, prefix string) []SubcommandDoc {
	if len(list) == 0 {
		return list
	}
	out := make([]SubcommandDoc, len(list))
	for i, s := range list {
		s.TaskKeywords = kw[strings.TrimSpace(prefix+" "+s.Name)]
		s.Subcommands = withKeywords(s.Subcommands, kw, prefix+" "+s.Name)
		out[i] = s
	}
	return out
}
