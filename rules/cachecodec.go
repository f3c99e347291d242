package rules

import (
	"encoding/binary"
	"reflect"
)

// The cache file's body is a compact binary form of the rules, read in a
// fraction of the time JSON takes. It keeps what JSON keeps (an empty
// list is not a missing one), for then types made of strings, booleans,
// integers and lists of strings; a then type with another field is not
// cached (writeCache gives up), and the package's tests say which.

// cachedRule is one built-in rule as the cache file holds it.
type cachedRule struct {
	ID, Kind, Description, When, File string
	WhenLine, Priority, Line          int
	// FingerprintJSON is the rule's part of Fingerprint.
	FingerprintJSON string
	Then            any
}

type encoder struct{ b []byte }

func (e *encoder) str(s string) {
	e.b = binary.AppendUvarint(e.b, uint64(len(s)))
	e.b = append(e.b, s...)
}

func (e *encoder) int(n int64) { e.b = binary.AppendVarint(e.b, n) }

// value appends v; false when v has a field of a kind the form does not
// hold.
func (e *encoder) value(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		e.str(v.String())
	case reflect.Bool:
		if v.Bool() {
			e.b = append(e.b, 1)
		} else {
			e.b = append(e.b, 0)
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		e.int(v.Int())
	case reflect.Slice:
		if v.Type().Elem().Kind() != reflect.String {
			return false
		}
		if v.IsNil() {
			e.int(-1)
			return true
		}
		e.int(int64(v.Len()))
		for i := range v.Len() {
			e.str(v.Index(i).String())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() || !e.value(v.Field(i)) {
				return false
			}
		}
	default:
		return false
	}
	return true
}

// encodeRules is the body of a cache file; false when a then value has a
// field the form does not hold.
func encodeRules(list []cachedRule) ([]byte, bool) {
	e := &encoder{}
	e.int(int64(len(list)))
	for _, c := range list {
		for _, s := range []string{c.ID, c.Kind, c.Description, c.When, c.File, c.FingerprintJSON} {
			e.str(s)
		}
		for _, n := range []int{c.WhenLine, c.Priority, c.Line} {
			e.int(int64(n))
		}
		if !e.value(reflect.ValueOf(c.Then).Elem()) {
			return nil, false
		}
	}
	return e.b, true
}

// decoder reads what encoder wrote; bad is set by the first read past the
// end or of a malformed number, and every later read returns zero values.
type decoder struct {
	b   []byte
	bad bool
	// text is the whole body as one string, copied once; every string
	// read is a part of it rather than a copy of its own (a warm command
	// reads some ten thousand).
	text string
}

func (d *decoder) int() int64 {
	x, n := binary.Varint(d.b)
	if n <= 0 {
		d.bad, d.b = true, nil
		return 0
	}
	d.b = d.b[n:]
	return x
}

func (d *decoder) str() string {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > uint64(len(d.b)-k) {
		d.bad, d.b = true, nil
		return ""
	}
	at := len(d.text) - len(d.b) + k
	s := d.text[at : at+int(n)]
	d.b = d.b[k+int(n):]
	return s
}

// value reads into v, which has the type encoder.value accepted.
func (d *decoder) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(d.str())
	case reflect.Bool:
		if len(d.b) == 0 {
			d.bad = true
			return
		}
		v.SetBool(d.b[0] == 1)
		d.b = d.b[1:]
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(d.int())
	case reflect.Slice:
		n := d.int()
		if n < 0 || d.bad {
			return // nil
		}
		if n > int64(len(d.b)) { // every string takes a byte at least
			d.bad = true
			return
		}
		s := reflect.MakeSlice(v.Type(), int(n), int(n))
		for i := range int(n) {
			s.Index(i).SetString(d.str())
		}
		v.Set(s)
	case reflect.Struct:
		for i := range v.NumField() {
			d.value(v.Field(i))
		}
	}
}

// decodeRules reads the body of a cache file; false when it is not one.
func decodeRules(b []byte) ([]cachedRule, bool) {
	d := &decoder{b: b, text: string(b)}
	n := d.int()
	if d.bad || n <= 0 || n > int64(len(b)) {
		return nil, false
	}
	list := make([]cachedRule, n)
	for i := range list {
		c := &list[i]
		c.ID, c.Kind, c.Description, c.When, c.File, c.FingerprintJSON = d.str(), d.str(), d.str(), d.str(), d.str(), d.str()
		c.WhenLine, c.Priority, c.Line = int(d.int()), int(d.int()), int(d.int())
		spec, err := Kind(c.Kind)
		if err != nil || d.bad {
			return nil, false
		}
		c.Then = spec.NewThen()
		d.value(reflect.ValueOf(c.Then).Elem())
	}
	return list, !d.bad && len(d.b) == 0
}
