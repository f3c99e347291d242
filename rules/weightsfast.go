package rules

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Reading weights.yaml with the YAML decoder took about 2 ms, at every
// start of the program (Stage 3's scoring numbers are read when the
// engine package starts). parseWeightsFast reads the form the file is
// written in (nested `key:` mappings of plain numbers, comments, spaces
// for indent) directly. Anything else it leaves to ParseWeights' decoder
// (ok false): another YAML form, an unknown or missing key, a duplicate,
// a number it does not read exactly as the decoder does. So every block
// reads the same either way; only the time differs.

// weightsNumber is the numbers the fast reader takes: no sign but a
// minus, no leading zeros, no exponent (the decoder reads these forms).
var weightsNumber = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$`)

var weightsKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// wnode is a mapping (kids) or a plain scalar (value) of the fast reader.
type wnode struct {
	value   string
	kids    map[string]*wnode
	indent  int // of the mapping's keys; -1 until its first key
	mapping bool
}

func parseWeightsFast(b []byte) (*Weights, bool) {
	if !yamlPrintable(b) {
		return nil, false
	}
	root := &wnode{kids: map[string]*wnode{}, indent: -1, mapping: true}
	type open struct {
		indent int
		n      *wnode
	}
	stack := []open{{-1, root}}
	for _, line := range strings.Split(string(b), "\n") {
		content := strings.TrimLeft(line, " ")
		if content == "" || content[0] == '#' {
			continue
		}
		if i := strings.Index(content, " #"); i >= 0 {
			content = content[:i]
		}
		content = strings.TrimRight(content, " ")
		indent := len(line) - len(strings.TrimLeft(line, " "))
		key, value, ok := strings.Cut(content, ":")
		if !ok || !weightsKey.MatchString(key) || (value != "" && value[0] != ' ') {
			return nil, false
		}
		value = strings.TrimLeft(value, " ")
		for stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		parent := stack[len(stack)-1].n
		if parent.indent == -1 {
			parent.indent = indent
		}
		if parent.indent != indent || parent.kids[key] != nil {
			return nil, false
		}
		n := &wnode{value: value}
		parent.kids[key] = n
		if value == "" {
			n.mapping, n.kids, n.indent = true, map[string]*wnode{}, -1
			stack = append(stack, open{indent, n})
		} else if !weightsNumber.MatchString(value) {
			return nil, false
		}
	}
	var w Weights
	if !fillWeights(reflect.ValueOf(&w).Elem(), root) || w.Confidence.Threshold <= 0 || w.Confidence.Threshold >= 1 || w.Scoring.Choose.MarginScale <= 0 {
		return nil, false
	}
	return &w, true
}

// yamlPrintable: b is valid UTF-8 of the characters YAML allows in a
// document, with newlines but no tab or carriage return (the decoder
// rejects the others, or reads them otherwise).
func yamlPrintable(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for _, r := range string(b) {
		switch {
		case r == '\n', r >= 0x20 && r <= 0x7e, r == 0x85, r >= 0xa0 && r <= 0xd7ff,
			r >= 0xe000 && r <= 0xfffd && r != 0xfeff, r >= 0x10000 && r <= 0x10ffff:
		default:
			return false
		}
	}
	return true
}

// fillWeights sets v from n: a struct from a mapping with exactly its
// fields' yaml keys, a float from a number, a map of floats from a
// mapping of numbers.
func fillWeights(v reflect.Value, n *wnode) bool {
	switch v.Kind() {
	case reflect.Struct:
		if !n.mapping || len(n.kids) != v.NumField() {
			return false
		}
		for i := range v.NumField() {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("yaml"), ",")
			kid := n.kids[name]
			if name == "" || kid == nil || !fillWeights(v.Field(i), kid) {
				return false
			}
		}
		return true
	case reflect.Float64:
		f, err := strconv.ParseFloat(n.value, 64)
		if n.mapping || err != nil || (f == 0 && n.value[0] == '-') {
			return false
		}
		v.SetFloat(f)
		return true
	case reflect.Map:
		if !n.mapping || len(n.kids) == 0 || v.Type().Key().Kind() != reflect.String || v.Type().Elem().Kind() != reflect.Float64 {
			return false
		}
		m := reflect.MakeMapWithSize(v.Type(), len(n.kids))
		for k, kid := range n.kids {
			e := reflect.New(v.Type().Elem()).Elem()
			if !fillWeights(e, kid) {
				return false
			}
			m.SetMapIndex(reflect.ValueOf(k), e)
		}
		v.Set(m)
		return true
	}
	return false
}
