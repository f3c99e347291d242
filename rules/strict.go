package rules

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"gopkg.in/yaml.v3"
)

var nodeType = reflect.TypeOf(yaml.Node{})

// checkKeys walks a YAML node against the Go type it will decode into and
// reports the first mapping key that has no field, with its line. yaml.v3's
// KnownFields only works on a whole Decoder; rules are decoded node by node
// so that each error can carry the rule's own line and id.
func checkKeys(n *yaml.Node, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.AliasNode {
		return fmt.Errorf("line %d: YAML aliases are not allowed in rules", n.Line)
	}
	if t == nodeType {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return nil // yaml.v3 reports the type mismatch itself
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			f, ok := fieldFor(t, k.Value)
			if !ok {
				return fmt.Errorf("line %d: unknown key %q (valid: %s)", k.Line, k.Value, strings.Join(fieldNames(t), ", "))
			}
			if err := checkKeys(v, f.Type); err != nil {
				return err
			}
		}
	case reflect.Slice:
		if n.Kind == yaml.SequenceNode {
			for _, c := range n.Content {
				if err := checkKeys(c, t.Elem()); err != nil {
					return err
				}
			}
		}
	case reflect.Map:
		if n.Kind == yaml.MappingNode {
			for i := 1; i < len(n.Content); i += 2 {
				if err := checkKeys(n.Content[i], t.Elem()); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// fieldFor finds the struct field a YAML key decodes into.
func fieldFor(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if yamlName(f) == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func yamlName(f reflect.StructField) string {
	tag := strings.Split(f.Tag.Get("yaml"), ",")[0]
	if tag == "" {
		return strings.ToLower(f.Name)
	}
	return tag
}

func fieldNames(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if n := yamlName(f); f.IsExported() && n != "-" {
			out = append(out, n)
		}
	}
	return out
}

// decodeStrict checks keys, then decodes.
func decodeStrict(n *yaml.Node, out any) error {
	if err := checkKeys(n, reflect.TypeOf(out)); err != nil {
		return err
	}
	if err := n.Decode(out); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) && len(te.Errors) > 0 {
			return errors.New(strings.TrimSpace(te.Errors[0]))
		}
		return fmt.Errorf("line %d: %s", n.Line, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return nil
}
