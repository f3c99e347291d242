package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// SplitStep is one step of a multi-step task as the model cut it: the
// tool that runs it and its own task, naming the files it reads and writes.
type SplitStep struct {
	Tool string `json:"tool"`
	Task string `json:"task"`
}

// maxSplitSteps bounds the steps a model may return.
const maxSplitSteps = 20

const splitSystem = "You cut a bioinformatics task into the steps that each run one command-line tool, in the order they run. " +
	"Each step names its tool (one program name, no path) and its own task in plain words, with every file it reads and " +
	"the file it writes; a step's output is a later step's input. Do not write the commands. Reply with one JSON object only."

// splitSchema is the reply's JSON schema (strict-mode valid).
var splitSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"steps": map[string]any{"type": "array", "items": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"tool": map[string]any{"type": "string"},
				"task": map[string]any{"type": "string"},
			},
			"required":             []any{"tool", "task"},
			"additionalProperties": false,
		}},
	},
	"required":             []any{"steps"},
	"additionalProperties": false,
}

// Split asks the model to cut a task into steps. The reply must hold at
// least one step, each with a tool name (one word, no path) and a task.
func (x *Filler) Split(ctx context.Context, task string) ([]SplitStep, Stats, error) {
	var st Stats
	user := fmt.Sprintf("Task: %s\nReply as {\"steps\":[{\"tool\":\"…\",\"task\":\"…\"}]}", truncateTokens(oneLine(task), maxTaskTokens))
	text, err := x.call(ctx, &st, splitSystem, []Message{{Role: "user", Content: user}}, splitSchema, "plan_steps")
	if err != nil {
		return nil, st, err
	}
	steps, err := parseSplit(text)
	return steps, st, err
}

// parseSplit decodes and checks the model's steps.
func parseSplit(text string) ([]SplitStep, error) {
	raw, err := extractObject(text)
	if err != nil {
		return nil, fmt.Errorf("steps: %w", err)
	}
	var r struct {
		Steps []SplitStep `json:"steps"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("steps: %w", err)
	}
	if len(r.Steps) == 0 {
		return nil, errors.New("steps: the reply has no step")
	}
	if len(r.Steps) > maxSplitSteps {
		return nil, fmt.Errorf("steps: the reply has %d steps (at most %d)", len(r.Steps), maxSplitSteps)
	}
	for i := range r.Steps {
		s := &r.Steps[i]
		s.Tool, s.Task = strings.TrimSpace(s.Tool), strings.TrimSpace(oneLine(s.Task))
		if s.Tool == "" || strings.ContainsAny(s.Tool, " /\\\t") || s.Task == "" {
			return nil, fmt.Errorf("steps: step %d has no usable tool name or task (tool %q)", i+1, s.Tool)
		}
	}
	return r.Steps, nil
}
