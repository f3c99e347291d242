package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRulesKinds(t *testing.T) {
	out, _, code := runCLI(t, nil, "rules", "kinds")
	if code != 0 || !strings.Contains(out, "constraints (all): findings on an assembled command") ||
		!strings.Contains(out, "categories    map[string]string  Categories maps each flag used to its category, lower-cased") ||
		!strings.Contains(out, "  then sets:\n    severity") ||
		!strings.Contains(out, "lexicon (all): word classes") || !strings.Contains(out, "file_kinds (all): file extension") ||
		!strings.Contains(out, "  tests give (no when: an entry fires for what its then lists):\n    word") ||
		!strings.Contains(out, "    compression  []string  Compression lists compression suffixes") {
		t.Fatalf("code %d:\n%s", code, out)
	}
	out, _, code = runCLI(t, nil, "rules", "kinds", "--json")
	var docs []struct {
		Name string `json:"name"`
		Env  []struct{ Name, Type, Doc string }
	}
	if err := json.Unmarshal([]byte(out), &docs); code != 0 || err != nil || len(docs) < 10 {
		t.Fatalf("json: %v %d %s", err, code, out)
	}
}
