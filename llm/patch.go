package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// FlagPatch fills in what a poorly documented help left out for one flag.
type FlagPatch struct {
	Flag        string // canonical name
	Type        string // one of patchTypes, or "" when the model gave none we know
	Description string
}

// patchTypes are the types a patch may assign.
var patchTypes = []string{"bool", "int", "float", "string", "file", "dir", "choice"}

const (
	patchSystem = "You complete the documentation of CLI flags from a help text. " +
		"Give each listed flag a type and a one-line description. Reply with one JSON object only; only flags from the list."
	maxHelpTokens     = 1200
	maxPatchDescRunes = 200
)

// Patch asks the model to type and describe flags the help documents
// poorly. Patches for flags not in flags are dropped, aliases are mapped to
// canonical names, and only the first patch per flag is kept.
func (x *Filler) Patch(ctx context.Context, helpExcerpt string, flags []FormFlag) ([]FlagPatch, Stats, error) {
	var st Stats
	if len(flags) == 0 {
		return nil, st, nil
	}
	f := Form{Flags: flags}
	names := f.flagNames()
	schema := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"patches": map[string]any{
				"type": "array",
				"items": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"flag":        map[string]any{"type": "string", "enum": anyList(names)},
						"type":        map[string]any{"type": "string", "enum": anyList(patchTypes)},
						"description": map[string]any{"type": "string"},
					},
					"required":             []any{"flag", "type", "description"},
					"additionalProperties": false,
				},
			},
		},
		"required":             []any{"patches"},
		"additionalProperties": false,
	}
	canon := make([]string, len(flags))
	for i, fl := range flags {
		canon[i] = fl.Name
	}
	user := fmt.Sprintf("Help:\n%s\nFlags to document: %s\nReply as {\"patches\":[{\"flag\":\"…\",\"type\":\"%s\",\"description\":\"…\"}]}",
		truncateTokens(helpExcerpt, maxHelpTokens), strings.Join(canon, " "), strings.Join(patchTypes, "|"))
	text, err := x.call(ctx, &st, patchSystem, []Message{{Role: "user", Content: user}}, schema, "flag_patches")
	if err != nil {
		return nil, st, err
	}
	patches, err := parsePatches(text, f)
	return patches, st, err
}

// parsePatches decodes and filters a patch reply.
func parsePatches(text string, f Form) ([]FlagPatch, error) {
	raw, err := extractObject(text)
	if err != nil {
		return nil, fmt.Errorf("patch reply: %w", err)
	}
	var r struct {
		Patches []struct {
			Flag        string `json:"flag"`
			Type        string `json:"type"`
			Description string `json:"description"`
		} `json:"patches"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("patch reply: %w", err)
	}
	idx := f.flagIndex()
	seen := map[string]bool{}
	var out []FlagPatch
	for _, p := range r.Patches {
		fl, ok := idx[strings.TrimSpace(p.Flag)]
		if !ok || seen[fl.Name] {
			continue
		}
		seen[fl.Name] = true
		typ := strings.ToLower(strings.TrimSpace(p.Type))
		if !contains(patchTypes, typ) {
			typ = ""
		}
		out = append(out, FlagPatch{Flag: fl.Name, Type: typ, Description: truncateRunes(oneLine(p.Description), maxPatchDescRunes)})
	}
	return out, nil
}
