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
		!strings.Contains(out, "  then sets:\n    severity") {
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
