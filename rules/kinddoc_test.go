package rules

import "testing"

func TestKindDocs(t *testing.T) {
	docs := KindDocs()
	if len(docs) != len(KindNames()) {
		t.Fatalf("%d kinds documented, %d registered", len(docs), len(KindNames()))
	}
	var constraints *KindDoc
	for i := range docs {
		d := &docs[i]
		if d.Doc == "" || d.Mode == "" || len(d.Env) == 0 || len(d.Then) == 0 {
			t.Errorf("kind %s: %+v", d.Name, d)
		}
		for _, f := range append(append([]FieldDoc(nil), d.Env...), d.Then...) {
			if f.Name == "" || f.Type == "" || f.Doc == "" {
				t.Errorf("kind %s: undocumented field %+v", d.Name, f)
			}
		}
		if d.Name == "constraints" {
			constraints = d
		}
	}
	if constraints == nil {
		t.Fatal("no constraints kind")
	}
	found := false
	for _, f := range constraints.Env {
		if f.Name == "categories" && f.Type == "map[string]string" && f.Doc != "" {
			found = true
		}
	}
	if !found {
		t.Fatalf("constraints env lacks categories: %+v", constraints.Env)
	}
	if len(fieldComments("not go")) != 0 {
		t.Fatal("bad source gives comments")
	}
}
