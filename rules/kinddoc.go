package rules

import (
	_ "embed"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
)

// The environment and `then` structs are documented in their Go source;
// that source is embedded so `rules kinds` shows the same words a
// contributor would read, without reading Go.
var (
	//go:embed env.go
	envSource string
	//go:embed then.go
	thenSource string
)

// FieldDoc is one field of an environment or a `then` value.
type FieldDoc struct {
	// Name is the field as a rule writes it (the expr or YAML name).
	Name string `json:"name"`
	Type string `json:"type"`
	// Doc is the first sentence of the field's comment.
	Doc string `json:"doc"`
}

// KindDoc describes one rule kind for people who write rules.
type KindDoc struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
	Mode string `json:"mode"`
	// Data kinds have no `when`: their entries are tables, the Env fields
	// are what their inline tests give.
	Data bool       `json:"data,omitempty"`
	Env  []FieldDoc `json:"env"`
	Then []FieldDoc `json:"then"`
}

// KindDocs lists every kind, sorted by name, with its environment fields
// and its `then` fields.
func KindDocs() []KindDoc {
	docs := fieldComments(envSource)
	for k, v := range fieldComments(thenSource) {
		docs[k] = v
	}
	var out []KindDoc
	for _, name := range KindNames() {
		k, _ := Kind(name)
		out = append(out, KindDoc{Name: name, Doc: k.Doc, Mode: k.Mode, Data: k.Data,
			Env:  fieldDocs(reflect.TypeOf(k.NewEnv()).Elem(), "expr", docs),
			Then: fieldDocs(reflect.TypeOf(k.NewThen()).Elem(), "yaml", docs)})
	}
	return out
}

// fieldDocs lists the exported fields of t (embedded structs flattened)
// under their tag name.
func fieldDocs(t reflect.Type, tag string, docs map[string]string) []FieldDoc {
	var out []FieldDoc
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, fieldDocs(f.Type, tag, docs)...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get(tag), ",")
		if !f.IsExported() || name == "" || name == "-" {
			continue
		}
		out = append(out, FieldDoc{Name: name, Type: f.Type.String(), Doc: docs[t.Name()+"."+f.Name]})
	}
	return out
}

// fieldComments maps "Struct.Field" to the first sentence of the field's
// comment in src. A field without a comment of its own shares the comment
// above it ("Flags are …; Values maps …" documents both).
func fieldComments(src string) map[string]string {
	out := map[string]string{}
	f, err := parser.ParseFile(token.NewFileSet(), "src.go", src, parser.ParseComments)
	if err != nil {
		return out
	}
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			return false
		}
		prev := ""
		for _, fl := range st.Fields.List {
			doc := fl.Doc.Text()
			if doc == "" {
				doc = fl.Comment.Text()
			}
			if doc == "" {
				doc = prev
			}
			prev = doc
			line := strings.Join(strings.Fields(doc), " ")
			if i := strings.Index(line, ". "); i >= 0 {
				line = line[:i+1] // the first sentence
			}
			for _, nm := range fl.Names {
				out[ts.Name.Name+"."+nm.Name] = line
			}
		}
		return false
	})
	return out
}
