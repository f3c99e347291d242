package llm

// BuildSchema returns the JSON schema of the fill form. It is valid for
// OpenAI strict mode: every object lists all its properties as required and
// forbids additional ones, and enums are never empty.
//
// Flags are an ARRAY of {name, value} objects rather than an object keyed
// by flag name because (1) order matters on many command lines (e.g. -I
// paths, filters applied in sequence), (2) some flags legitimately repeat
// (-I a -I b, -e expr1 -e expr2) which a map cannot express, and (3) strict
// mode can only constrain names through an enum on a value, not on object
// keys. The name enum holds exactly the real flags (canonical names and
// aliases), so a schema-constrained model cannot invent a flag.
func BuildSchema(f Form) map[string]any {
	props := map[string]any{}
	required := []string{}
	add := func(name string, schema map[string]any) {
		props[name] = schema
		required = append(required, name)
	}
	if exes := f.executables(); len(exes) > 1 {
		add("executable", map[string]any{"type": "string", "enum": anyList(exes), "description": "program to run"})
	}
	if len(f.Subcommands) > 0 {
		subs := append(append([]string{}, f.Subcommands...), "")
		add("subcommand", map[string]any{"type": "string", "enum": anyList(dedupe(subs)), "description": `subcommand, or "" for none`})
	}
	if f.anyFlags() {
		name := map[string]any{"type": "string"}
		if names := f.allFlagNames(); len(names) > 0 {
			name["enum"] = anyList(names)
		}
		add("flags", map[string]any{
			"type": "array",
			"items": map[string]any{
				"type": "object",
				"properties": map[string]any{
					"name":  name,
					"value": map[string]any{"type": "string", "description": `"" for switches`},
				},
				"required":             []any{"name", "value"},
				"additionalProperties": false,
			},
		})
	}
	add("positionals", map[string]any{"type": "array", "items": map[string]any{"type": "string"}})
	add("explanation", map[string]any{"type": "string"})
	return map[string]any{
		"type":                 "object",
		"properties":           props,
		"required":             anyList(required),
		"additionalProperties": false,
	}
}

// anyList converts to []any so the schema round-trips through JSON with the
// same types a decoded schema would have.
func anyList(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// dedupe keeps the first occurrence of each string.
func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
