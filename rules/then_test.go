package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"sort"
	"strings"
	"testing"
)

func TestThenValidationPerKind(t *testing.T) {
	cases := []struct{ kind, then, want string }{
		{"frameworks", "{parser: ''}", "then.parser is empty"},
		{"frameworks", "{parser: getopt, style: sideways}", `then.style "sideways" is not one of`},
		{"interpreters", "{interpreter: ''}", "then.interpreter is empty"},
		{"aliases", "{executables: []}", "then.executables is empty"},
		{"subcommands", "{method: guess}", `then.method "guess" is not one of section, braces, heading_item, listing, inline`},
		{"constraints", "{severity: error, message: ''}", "then.message is empty"},
		{"constraints", "{severity: error, message: m, extra: 1}", `then: unknown key "extra"`},
		{"subcommands", "{method: section, headings: {a: 1}}", "then: cannot unmarshal"},
	}
	for _, c := range cases {
		body := "- id: " + c.kind + ".x\n  when: 'true'\n  then: " + c.then + "\n"
		_, errs := ParseFile([]byte(body), c.kind, "t.yaml", UserLimits)
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), c.want) {
			t.Errorf("%s %s: errors = %v, want %q", c.kind, c.then, errs, c.want)
		}
	}
}

func TestStrictKeysInsideMapsAndLists(t *testing.T) {
	body := "- id: constraint.x\n  when: 'values[\"-o\"] == \"a\"'\n  then: {severity: info, message: m}\n  tests:\n    - given: {values: {-o: a}, flags: [-o]}\n      fires: true\n"
	rs, errs := ParseFile([]byte(body), "constraints", "t.yaml", UserLimits)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	s := newSet()
	for _, r := range rs {
		if err := s.add(r); err != nil {
			t.Fatal(err)
		}
	}
	if len(s.Rules("constraints")) != 1 {
		t.Fatal("Rules(constraints)")
	}
	for _, res := range s.RunTests() {
		if !res.Pass {
			t.Fatal(res.Msg)
		}
	}
}

func TestBuiltinFSHoldsEveryKind(t *testing.T) {
	for _, k := range KindNames() {
		files, err := fs.Glob(Builtin(), k+"/*.yaml")
		if err != nil || len(files) == 0 {
			t.Errorf("kind %s has no built-in pack", k)
		}
	}
}

func TestRuntimeErrorIsReportedAndOthersStillFire(t *testing.T) {
	body := "- id: intent.boom\n  when: 'int(task) > 0'\n  then: {concepts: [x]}\n  priority: 9\n- id: intent.ok\n  when: 'true'\n  then: {concepts: [y]}\n"
	rs, errs := ParseFile([]byte(body), "intents", "t.yaml", UserLimits)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	s := newSet()
	for _, r := range rs {
		_ = s.add(r)
	}
	s.sortRules()
	m, ok, err := s.First("intents", &IntentEnv{Task: "abc"})
	if !ok || m.Rule.ID != "intent.ok" || err == nil || !strings.Contains(err.Error(), "t.yaml:1: rule intent.boom: evaluation failed") {
		t.Fatalf("m=%v ok=%v err=%v", m.Rule, ok, err)
	}
	res := s.RunTests()
	if len(res) != 0 {
		t.Fatal("no tests expected")
	}
	fired, err := s.Fires(rs[0], &IntentEnv{Task: "x"})
	if fired || err == nil {
		t.Fatal("Fires should report the runtime error")
	}
}

func TestFingerprintChangesWithRules(t *testing.T) {
	a, _ := Load(Options{})
	b, _ := Load(Options{})
	if a.Fingerprint() != b.Fingerprint() || len(a.Fingerprint()) != 16 {
		t.Fatal("fingerprint not stable")
	}
	dir := writeUser(t, map[string]string{"intents/x.yaml": "- id: intent.sort\n  when: 'false'\n  then: {concepts: [sort]}\n"})
	c, _ := Load(Options{UserDir: dir})
	if c.Fingerprint() == a.Fingerprint() {
		t.Fatal("an overriding user rule did not change the fingerprint")
	}
}

// TestFingerprintHashesEveryRuleInIDOrder: the fingerprint is the hash of
// every rule's JSON in id order, whole, however the JSON reaches the hash
// (the built-in rules' JSON is many times the buffer it streams through).
func TestFingerprintHashesEveryRuleInIDOrder(t *testing.T) {
	s, _ := Load(Options{})
	var ids []string
	for id := range s.byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var all []byte
	for _, id := range ids {
		all = append(all, s.byID[id].fingerprintJSON()...)
	}
	if len(all) < 64<<10 {
		t.Fatalf("the built-in rules' JSON is %d bytes; the test wants more than the buffer", len(all))
	}
	sum := sha256.Sum256(all)
	if want := hex.EncodeToString(sum[:])[:16]; s.Fingerprint() != want {
		t.Errorf("Fingerprint = %s, want %s", s.Fingerprint(), want)
	}
}
